# mk/formal.mk - formal checks of the contract's invariants on the RTL (included by the
# Makefile). Flow and results: docs/verification.md.
#   make formal        BMC from reset and k-induction (every assertion, invariant 6 too)
#                      on three small configurations,
#                      BMC on the default configuration at data_bits=4, and the broken RTL
#                      (a locked entry may be the victim) giving a counterexample VCD with
#                      either engine. Induction: Yosys sat. BMC: Yosys sat on the tiny
#                      configuration, ABC's bmc3 (--engine abc) elsewhere: sat did not
#                      finish the C=2 E=3 BMC 12 in 25 minutes, bmc3 takes 44 s.
#   make formal-quick  what `make test` runs (tests/formal_quick.sh)
# The property wrapper is generated per configuration by formal/fwrap (build/fwrap).
FORMAL_BMC_DEPTH    ?= 6
FORMAL_SMALL_DEPTH  ?= 12
FORMAL_INDUCT_K     ?= 8

$(BUILD)/fwrap: formal/fwrap.c $(BUILD)/libmk.a $(HDRS)
	@$(call step,LD ,$@)
	$(Q)$(CC) $(CFLAGS) $(NOLTO) $(INC) -o $@ formal/fwrap.c $(BUILD)/libmk.a $(LDLIBS)

FORMAL_COMMON := --set data_bits=1 --set tag_bits=1 --set interval=4 --set sthld_step=1
# C=1 E=3 S=2 B=1 W=1 R=4 (B = 1, C = W)
FORMAL_TINY := --set ccus=1 --set entries=3 --set slots=2 --set banks=1 --set warps=1 --set regs=4 --set wb_ports=1 --set sthld_max=3 $(FORMAL_COMMON)
# C=2 E=3 S=2 B=2 W=2 R=4 (C = W, two banks)
FORMAL_CW := --set ccus=2 --set entries=3 --set slots=2 --set banks=2 --set warps=2 --set regs=4 --set wb_ports=1 --set sthld_max=3 $(FORMAL_COMMON)
# C=2 E=4 S=2 B=2 W=3 R=8, two write-back ports (C < W: CCUs move between warps)
FORMAL_MID := --set ccus=2 --set entries=4 --set slots=2 --set banks=2 --set warps=3 --set regs=8 --set wb_ports=2 --set sthld_max=7 $(FORMAL_COMMON)

#> formal             the formal proofs (k-induction, BMC)
#> formal-quick       the short proofs of make test
.PHONY: formal formal-quick
formal-quick: $(BUILD)/ccugen $(BUILD)/fwrap
	@bash tests/run_tests.sh "bash tests/formal_quick.sh"

formal: $(BUILD)/ccugen $(BUILD)/fwrap
	@bash tests/run_tests.sh \
	  "bash formal/run.sh --name tiny_bmc $(FORMAL_TINY) --bmc $(FORMAL_SMALL_DEPTH)" \
	  "bash formal/run.sh --name tiny_ind $(FORMAL_TINY) --induct $(FORMAL_INDUCT_K)" \
	  "bash formal/run.sh --name cw_bmc $(FORMAL_CW) --engine abc --bmc $(FORMAL_SMALL_DEPTH)" \
	  "bash formal/run.sh --name cw_ind $(FORMAL_CW) --induct $(FORMAL_INDUCT_K)" \
	  "bash formal/run.sh --name mid_bmc $(FORMAL_MID) --engine abc --bmc $(FORMAL_SMALL_DEPTH)" \
	  "bash formal/run.sh --name mid_ind $(FORMAL_MID) --induct $(FORMAL_INDUCT_K)" \
	  "bash formal/run.sh --name default_bmc --set data_bits=4 --engine abc --bmc $(FORMAL_BMC_DEPTH)" \
	  "bash formal/run.sh --name broken $(FORMAL_TINY) --broken --bmc 12" \
	  "bash formal/run.sh --name broken_abc $(FORMAL_TINY) --broken --engine abc --bmc 12"

FORMAL_TEST_CMDS = "bash tests/formal_quick.sh"
TEST_CMDS += $(FORMAL_TEST_CMDS)
test-build: $(BUILD)/fwrap
