# mk/kit.mk - the co-simulation kit (included by the Makefile).
#   make kit OUT=DIR [CONFIG=FILE] [KIT_SET="k=v ..."]
KIT_SET ?=

#> kit                a co-simulation kit in OUT (CONFIG, KIT_SET): RTL, model, lockstep testbench, Makefile, FuseSoC core
.PHONY: kit
kit: $(BUILD)/ccugen
	@bash kit/kit.sh --out "$(OUT)" --config $(CONFIG) $(foreach s,$(KIT_SET),--set $(s))
