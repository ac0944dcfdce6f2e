# mk/report.mk - one current report (included by the Makefile).
#   make report            run every command whose results the README quotes (about an hour
#                          on 2 cores from a clean build; synthesis of the design-space points
#                          is cached per configuration), write docs/results.md and the
#                          figures, refresh the README's quoted blocks from it
#   make report-assemble   only the last two steps, from the outputs already in build/
#   make report REPORT_KEEP="area area-sky130 dse"
#                          every step but those synthesis ones (minutes, not hours): their
#                          sections are kept from docs/results.md with their own commit
#> report             every result from the current code: docs/results.md, the figures, the README's quotes
#> report-assemble    rebuild docs/results.md and the README's quotes from outputs already in build/
#> report-only        one datasheet's section anew (REPORT_ONLY=area-sky130 or area), the others kept
.PHONY: report report-assemble report-only
REPORT_ONLY ?= area-sky130

report: $(BUILD)/malekeh-sim $(BUILD)/ccugen $(BUILD)/malekeh-refs $(BUILD)/area-report
	@bash scripts/report.sh

report-assemble: $(BUILD)/ccugen
	@bash scripts/report.sh --assemble

report-only: $(BUILD)/malekeh-sim $(BUILD)/ccugen $(BUILD)/area-report $(BUILD)/mlk-power
	@bash scripts/report.sh --only $(REPORT_ONLY)

TEST_CMDS += "bash tests/report_sync.sh"
