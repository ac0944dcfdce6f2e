# mk/dse.mk - the design-space sweep (included by the Makefile).
#   make dse [TRACES="a.traceg ..."] [CONFIG=...] [DSE_POINTS=eval/dse_points.txt] [JOBS=2]
# the area and Fmax of every point (synth/area.sh --fast, cached per configuration hash under
# build/dse-cache) and every point on every trace, as one job list (DSE_OUT/jobs.txt) under
# GNU parallel; merged into DSE_OUT/dse.csv and plotted (pareto_energy.svg, pareto_ipc.svg).
DSE_OUT ?= $(BUILD)/dse
#> dse                the design-space sweep: area, Fmax and benefit of every point
#> dse-jobs           its job list only
.PHONY: dse dse-jobs

dse-jobs: $(BUILD)/malekeh-sim $(BUILD)/ccugen $(BUILD)/area-report
	@rm -rf $(DSE_OUT)/runs && mkdir -p $(DSE_OUT)/runs
	@bash eval/dse_jobs.sh $(DSE_OUT) $(CONFIG) $(TRACES) > $(DSE_OUT)/jobs.txt
	@echo "dse: $$(wc -l < $(DSE_OUT)/jobs.txt) jobs in $(DSE_OUT)/jobs.txt (synthesis jobs take minutes each unless cached)"

dse: dse-jobs
	@parallel --will-cite --halt now,fail=1 $$([ -t 2 ] && echo --bar) -j $(JOBS) < $(DSE_OUT)/jobs.txt
	@bash eval/dse_merge.sh $(DSE_OUT)
	@bash eval/dse_plot.sh $(DSE_OUT)

TEST_CMDS += "bash tests/dse_merge.sh"
