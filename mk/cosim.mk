# mk/cosim.mk - model/RTL co-simulation targets (included by the Makefile).
#   make cosim CONFIG=path CYCLES=n SEED=s [MODE=legal|adversarial] [WAVES=1]
#   make cosim TRACE=file [HINTS=file] [BLOCKS=n] [CONFIG=path]   a trace, to completion
#   make cosim-regress
#   make cosim-bench
#   make soak [SOAK_MINUTES=10] [SOAK_RUNS=n] [SOAK_SEED=s] [SOAK_CYCLES=20000]
# COSIM_TEST_CMDS: the commands `make test` runs (each prints PASS:/FAIL: lines).
CYCLES ?= 100000
SEED   ?= 1
MODE   ?= legal
WAVES  ?=
TRACE  ?=
HINTS  ?=
BLOCKS ?=

#> cosim              lockstep co-simulation of CONFIG (CYCLES, SEED, MODE, TRACE, WAVES)
#> cosim-regress      the co-simulation regression of make test and the configurations it leaves out
#> cosim-bench        co-simulation speed: model, Verilated RTL, lockstep
#> icarus             vector replay of the RTL in Icarus Verilog
#> soak               the configuration fuzzer: random configurations and seeds in lockstep (SOAK_MINUTES, SOAK_RUNS, SOAK_SEED)
.PHONY: cosim cosim-regress cosim-bench icarus soak

SOAK_MINUTES ?=
SOAK_RUNS    ?=
SOAK_SEED    ?=
SOAK_CYCLES  ?= 20000
soak: $(BUILD)/ccugen
	@bash scripts/soak.sh --cycles $(SOAK_CYCLES) $(if $(SOAK_MINUTES),--minutes $(SOAK_MINUTES)) \
	  $(if $(SOAK_RUNS),--runs $(SOAK_RUNS)) $(if $(SOAK_SEED),--seed $(SOAK_SEED))

icarus: $(BUILD)/ccugen
	@bash scripts/icarus.sh --cycles $(CYCLES)

cosim: $(BUILD)/ccugen
	@bash scripts/cosim.sh --config $(CONFIG) --seed $(SEED) $(if $(TRACE),--trace $(TRACE) \
	  $(if $(HINTS),--hints $(HINTS)) $(if $(BLOCKS),--blocks $(BLOCKS)),--cycles $(CYCLES) \
	  --mode $(MODE)) $(if $(WAVES),--waves)

cosim-regress: $(BUILD)/ccugen
	@bash tests/cosim_regress.sh --full

cosim-bench: $(BUILD)/ccugen
	@bash scripts/cosim_bench.sh

COSIM_TEST_CMDS = "bash tests/cosim_regress.sh" "bash tests/cosim_broken.sh" "bash tests/assert_check.sh" \
                  "bash tests/icarus_test.sh" \
                  "bash tests/cosim_trace.sh" "bash tests/soak_slice.sh" "bash tests/kit.sh"
