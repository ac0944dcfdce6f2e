# mk/plots.mk - the figures in a real browser (included by the Makefile).
#   make plots-check [PLOTS="docs/figures"]   headless chromium screenshots of every SVG,
#                                             checked not blank (scripts/plot_check.sh)
#   make figures    copies the figures the documents link into docs/figures/, from the outputs of
#                   `make sthld-sweep`, `make sthld-sweep STHLD_OUT=build/sthld-i1000
#                   STHLD_SET=interval=1000`, `make dse`, `make validate`, `make eval` and
#                   `bash eval/anatomy.sh --plot build/anatomy/anatomy.svg` (run those first)
PLOTS ?= docs/figures
#> plots-check        render every figure in headless chromium, check none is blank
#> figures            copy the figures the documents link into docs/figures
.PHONY: plots-check figures

plots-check:
	@bash scripts/plot_check.sh $(PLOTS)

figures:
	@for f in $(DSE_OUT)/dse.csv $(DSE_OUT)/pareto_energy.svg $(DSE_OUT)/pareto_ipc.svg $(STHLD_OUT)/sthld_time.svg \
	          $(BUILD)/sthld-i1000/sthld_time.svg $(BUILD)/validate/launch.svg $(BUILD)/eval/designs.svg \
	          $(BUILD)/anatomy/anatomy.svg; do [ -s $$f ] || { echo "figures: $$f missing (see mk/plots.mk)"; exit 2; }; done
	@mkdir -p docs/figures
	cp $(DSE_OUT)/dse.csv $(DSE_OUT)/pareto_energy.svg $(DSE_OUT)/pareto_ipc.svg $(STHLD_OUT)/sthld_*.svg docs/figures/
	cp $(BUILD)/validate/launch.svg docs/figures/launch.svg
	cp $(BUILD)/eval/designs.svg docs/figures/designs.svg
	cp $(BUILD)/anatomy/anatomy.svg docs/figures/anatomy.svg
	@for f in $(BUILD)/sthld-i1000/sthld_*.svg; do b=$$(basename $$f .svg); cp $$f docs/figures/$${b}_interval1000.svg; done
	@echo "figures: docs/figures/ updated; make plots-check renders them"

TEST_CMDS += "bash scripts/plot_check.sh"
