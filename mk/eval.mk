# mk/eval.mk - what a configuration is worth on real traces (included by the Makefile).
#   make eval [TRACES="a.traceg b.traceg.xz"] [CONFIG=...] [EVAL_OUT=build/eval] [JOBS=2]
#             [EVAL_SET="sm_fill=on"]   (--set for every run: another machine)
#             [ENERGY_TABLE=configs/energy/45nm.ledger]   (every run priced by that ledger)
#   a trace written T@K runs with grid_scale = K, named <trace>_xK (eval/jobs.sh)
# writes the job list (EVAL_OUT/jobs.txt), runs it under GNU parallel, merges the table
# (table.{md,csv,json}) and the comparison with the papers (papers.md).
EVAL_OUT ?= $(BUILD)/eval
JOBS     ?= 2
TRACES   ?= $(wildcard ../shared/workloads/*.traceg*)
#> eval               every variant on every trace: tables and the papers' figures beside ours
#> eval-jobs          its job list only
.PHONY: eval eval-jobs

eval-jobs: $(BUILD)/malekeh-sim $(BUILD)/malekeh-refs
	@mkdir -p $(EVAL_OUT)/runs
	@EVAL_SET="$(EVAL_SET)" ENERGY_TABLE="$(ENERGY_TABLE)" bash eval/jobs.sh $(EVAL_OUT) $(CONFIG) $(TRACES) > $(EVAL_OUT)/jobs.txt
	@echo "eval: $$(wc -l < $(EVAL_OUT)/jobs.txt) jobs in $(EVAL_OUT)/jobs.txt"

eval: eval-jobs
	@parallel --will-cite --halt now,fail=1 $$([ -t 2 ] && echo --bar) -j $(JOBS) < $(EVAL_OUT)/jobs.txt
	@bash eval/merge.sh $(EVAL_OUT)
	@bash eval/paper_table.sh $(EVAL_OUT) >/dev/null && echo "eval: $(EVAL_OUT)/papers.md (the papers' figures beside ours)"
	@bash eval/designs.sh $(EVAL_OUT)
	@bash eval/hints.sh $(EVAL_OUT)
TEST_CMDS += "bash tests/eval_sweep.sh"
