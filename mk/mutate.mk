# mk/mutate.mk - mutation testing (included by the Makefile). docs/verification.md.
#   make mutate [MUTATE_JOBS=1|2] [MUTANTS="H1 H3"]   every mutant of mutate/catalogue.txt
#                   (or the listed ones): apply, rebuild, run the C tests (model mutants)
#                   or the co-simulation of the generated RTL (template mutants), or the
#                   C tests and then `make check` (runner check: gpu/ driver/ compare/
#                   sim/ eval/ kit/); prints the score per folder and over all;
#                   fails when a non-equivalent mutant survives or a mutant
#                   marked equivalent is killed
# MUTATE_TEST_CMDS: the guard `make test` runs (tests/mutate_guard.sh): every catalogue
# line applies, and the seven holes of issue 12 are killed.
MUTATE_JOBS ?= 1
MUTANTS ?=

#> mutate             mutation testing of the RTL templates and the model
.PHONY: mutate
mutate: $(BUILD)/ccugen
	@bash mutate/run.sh --jobs $(MUTATE_JOBS) $(MUTANTS)

MUTATE_TEST_CMDS = "bash tests/mutate_guard.sh"
TEST_CMDS += $(MUTATE_TEST_CMDS)
