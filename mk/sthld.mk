# mk/sthld.mk - the STHLD sweep (included by the Makefile).
#   make sthld-sweep [TRACES="a.traceg ..."] [CONFIG=...] [STHLD_SET="interval=1000"] [JOBS=2]
# every trace at a fixed STHLD of 0..sthld_max and with the adaptive FSM: a job list
# (STHLD_OUT/jobs.txt) run under GNU parallel, merged (sthld.csv, adaptive.csv,
# series.csv) and plotted (sthld_<trace>.svg, sthld_time.svg) with gnuplot.
STHLD_OUT ?= $(BUILD)/sthld
STHLD_SET ?=
#> sthld-sweep        every trace at fixed STHLD values and adaptive, plotted
#> sthld-jobs         its job list only
.PHONY: sthld-sweep sthld-jobs

sthld-jobs: $(BUILD)/malekeh-sim
	@rm -rf $(STHLD_OUT)/runs && mkdir -p $(STHLD_OUT)/runs
	@bash eval/sthld_jobs.sh $(STHLD_OUT) $(CONFIG) "$(STHLD_SET)" $(TRACES) > $(STHLD_OUT)/jobs.txt
	@echo "sthld: $$(wc -l < $(STHLD_OUT)/jobs.txt) jobs in $(STHLD_OUT)/jobs.txt"

sthld-sweep: sthld-jobs
	@parallel --will-cite --halt now,fail=1 -j $(JOBS) < $(STHLD_OUT)/jobs.txt
	@bash eval/sthld_merge.sh $(STHLD_OUT)
	@bash eval/sthld_plot.sh $(STHLD_OUT)

TEST_CMDS += "bash tests/sthld_sweep.sh"
