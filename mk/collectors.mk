# mk/collectors.mk - the collector-scaling table (included by the Makefile).
#   make collectors [TRACES="a.traceg ..."] [CONFIG=...] [JOBS=2]
# the baseline OCUs and Malekeh with 1, 2, 4, 8 collectors on every trace, on one sub-core,
# the preset GPU and the fewest SMs each kernel fills: build/collectors/collectors.md.
COLLECTORS_OUT ?= $(BUILD)/collectors
#> collectors         baseline and Malekeh with 1, 2, 4, 8 collectors on three machines
.PHONY: collectors

collectors: $(BUILD)/malekeh-sim
	@JOBS=$(JOBS) bash eval/collectors.sh $(COLLECTORS_OUT) $(CONFIG) $(TRACES)
