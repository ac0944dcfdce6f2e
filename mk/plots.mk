# mk/plots.mk - the figures in a real browser (included by the Makefile).
#   make plots-check [PLOTS="docs/figures"]   headless chromium screenshots of every SVG,
#                                             checked not blank (scripts/plot_check.sh)
PLOTS ?= docs/figures
.PHONY: plots-check

plots-check:
	@bash scripts/plot_check.sh $(PLOTS)

TEST_CMDS += "bash scripts/plot_check.sh"
