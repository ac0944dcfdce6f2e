# mk/cosim.mk - model/RTL co-simulation targets (included by the Makefile).
#   make cosim CONFIG=path CYCLES=n SEED=s [MODE=legal|adversarial] [WAVES=1]
#   make cosim-regress
#   make cosim-bench
# COSIM_TEST_CMDS: the commands `make test` runs (each prints PASS:/FAIL: lines).
CYCLES ?= 100000
SEED   ?= 1
MODE   ?= legal
WAVES  ?=

.PHONY: cosim cosim-regress cosim-bench icarus

icarus: $(BUILD)/ccugen
	@bash scripts/icarus.sh --cycles $(CYCLES)

cosim: $(BUILD)/ccugen
	@bash scripts/cosim.sh --config $(CONFIG) --cycles $(CYCLES) --seed $(SEED) --mode $(MODE) \
	  $(if $(WAVES),--waves)

cosim-regress: $(BUILD)/ccugen
	@bash tests/cosim_regress.sh

cosim-bench: $(BUILD)/ccugen
	@bash scripts/cosim_bench.sh

COSIM_TEST_CMDS = "bash tests/cosim_regress.sh" "bash tests/cosim_broken.sh" "bash tests/icarus_test.sh"
