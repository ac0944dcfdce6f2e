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
#> eval-busy          every variant on the three traces that keep the preset GPU's sub-cores shared (the README's headline)
.PHONY: eval eval-jobs eval-busy
# the README's headline machine (docs/eval.md "Busy GPUs"): the three traces of four or more
# warps per sub-core on their preset GPUs, two of them with their grids scaled (T@K)
BUSY_TRACES ?= workloads/matrixmul32_sm61_kernel-1.traceg.xz \
               ../shared/workloads/bfs_rodinia_sm80_kernel-9.traceg@16 \
               ../shared/workloads/btree_find_key_sm90_kernel-1.traceg@64

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

#   make eval-busy: make eval on BUSY_TRACES into build/eval-busy (about a minute on 2 cores)
eval-busy:
	@$(MAKE) -s eval EVAL_OUT=$(BUILD)/eval-busy TRACES="$(BUSY_TRACES)"
TEST_CMDS += "bash tests/eval_sweep.sh"
