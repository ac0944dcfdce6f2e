# mk/netlist.mk - the synthesized netlist against the model (included by the Makefile).
#   make netlist-check [NETLIST_CYCLES=100000]   Yosys gate netlist of the default
#       configuration at data_bits=8, lockstep co-simulation on outputs only (legal and
#       adversarial, seeds 1 and 2), and the same with one gate flipped (must fail)
# NETLIST_TEST_CMDS: the quick version `make test` runs (20000 cycles, seed 1).
NETLIST_CYCLES ?= 100000

#> netlist-check      the synthesized netlist against the model in lockstep
.PHONY: netlist-check
netlist-check: $(BUILD)/ccugen
	@bash tests/run_tests.sh "bash tests/netlist_check.sh --cycles $(NETLIST_CYCLES) --seeds '1 2'" \
	  "bash tests/netlist_check.sh --broken --cycles 20000 --seeds 1"

NETLIST_TEST_CMDS = "bash tests/netlist_check.sh --cycles 20000 --seeds 1"
TEST_CMDS += $(NETLIST_TEST_CMDS)
