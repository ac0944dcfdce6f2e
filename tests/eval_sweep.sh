#!/usr/bin/env bash
# eval_sweep.sh - the evaluation as a job list under GNU parallel, end to end, on two small
# traces: the shipped workloads/matrixmul32 (4,416 instructions) and the 96-instruction BFS
# excerpt of the fuzz corpus. Every variant of eval/variants.txt on both traces: at least 24
# simulation points plus the 2 reference jobs, run with `parallel -j2`, merged by
# eval/merge.sh; the table must have every (trace, variant) row and sane values: the
# baseline's hit ratio 0, its IPC ratio, bank-read and energy reductions 1 / 0 / 0, bank
# reads per instruction > 0, hit ratios and reductions inside [0, 1], unbounded >= OPT >= LRU, the six
# energy shares summing to 1, the warps per sub-core of both traces worked out by hand
# (and the note that the CCU keys cannot matter where no sub-core held more warps than
# CCUs), and the same rows in CSV, Markdown and JSON. The jobs are
# priced by ENERGY_TABLE=configs/energy/45nm.ledger (the built-in table written out, so no
# figure moves), every row names it, and a bad ledger stops jobs.sh before any job.
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
command -v parallel >/dev/null || { echo "SKIP: eval_sweep (GNU parallel not installed)"; exit 0; }
make -s build/malekeh-sim build/malekeh-refs >/dev/null || { echo "FAIL: eval_sweep: build"; exit 1; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/runs"
traces="workloads/matrixmul32_sm61_kernel-1.traceg.xz fuzz/corpus/trace/bfs_v3.traceg"
t0=$(date +%s)
ENERGY_TABLE=configs/energy/45nm.ledger bash eval/jobs.sh "$tmp" configs/default.cfg $traces >"$tmp/jobs.txt" ||
    { echo "FAIL: eval_sweep: jobs.sh"; exit 1; }
sed 's/^clock_gating = .*/clock_gating = maybe/' configs/energy/45nm.ledger >"$tmp/bad.ledger"
if ENERGY_TABLE="$tmp/bad.ledger" bash eval/jobs.sh "$tmp" configs/default.cfg $traces >"$tmp/badjobs.txt" 2>"$tmp/badjobs.err"; then
    echo "FAIL: eval_sweep: jobs.sh took a bad ledger"
elif [ "$(wc -l <"$tmp/badjobs.err")" = 1 ] && grep -q "bad.ledger:[0-9]*: key 'clock_gating'" "$tmp/badjobs.err"; then
    echo "PASS: eval_sweep: jobs.sh refuses a bad ledger: $(cat "$tmp/badjobs.err")"
else echo "FAIL: eval_sweep: jobs.sh on a bad ledger: '$(cat "$tmp/badjobs.err")'"; fi
# TRACE@K: the trace with grid_scale = K under the name <trace>_xK (refs unscaled: a
# replica's warps are its original's); a K that is not 1..1024 stops jobs.sh
bash eval/jobs.sh "$tmp" configs/default.cfg fuzz/corpus/trace/bfs_v3.traceg@3 >"$tmp/scaled.txt" 2>&1
ns=$(grep -c -- '--set grid_scale=3 .*--trace fuzz/corpus/trace/bfs_v3.traceg .*/bfs_v3_x3__[a-z_0-9]*\.json$' "$tmp/scaled.txt")
nr=$(grep -c 'malekeh-refs .*--trace fuzz/corpus/trace/bfs_v3.traceg --json .*/bfs_v3_x3__refs\.json$' "$tmp/scaled.txt")
bash eval/jobs.sh "$tmp" configs/default.cfg fuzz/corpus/trace/bfs_v3.traceg@0 >/dev/null 2>"$tmp/scaled.err"; rc=$?
nvar=$(grep -v '^#' eval/variants.txt | cut -d'|' -f1 | tr -d ' ' | grep -c .)
[ "$ns" -eq "$nvar" ] && [ "$nr" -eq 1 ] && [ "$rc" = 2 ] && [ "$(wc -l <"$tmp/scaled.err")" = 1 ] && grep -q "expected TRACE@K" "$tmp/scaled.err" &&
    echo "PASS: eval_sweep: TRACE@3 runs every variant with grid_scale = 3 as bfs_v3_x3; @0 refused: $(cat "$tmp/scaled.err")" ||
    echo "FAIL: eval_sweep: TRACE@K: $ns scaled jobs (expected $nvar), $nr refs, @0 exit $rc: $(cat "$tmp/scaled.err")"
nv=$(grep -v '^#' eval/variants.txt | cut -d'|' -f1 | tr -d ' ' | grep -c .)
njobs=$(wc -l <"$tmp/jobs.txt")
[ "$njobs" -eq $((2 * nv + 2)) ] && [ $((2 * nv)) -ge 24 ] &&
    echo "PASS: eval_sweep: $njobs jobs ($((2 * nv)) simulation points >= 24, 2 reference jobs)" ||
    echo "FAIL: eval_sweep: $njobs jobs for $nv variants x 2 traces (expected $((2 * nv + 2)), >= 24 points)"
if parallel --will-cite --halt now,fail=1 -j2 <"$tmp/jobs.txt" >"$tmp/par.log" 2>&1; then
    echo "PASS: eval_sweep: the job list ran under parallel -j2 ($(( $(date +%s) - t0 )) s)"
else
    echo "FAIL: eval_sweep: parallel"; tail -5 "$tmp/par.log"; exit 1
fi
bash eval/merge.sh "$tmp" >"$tmp/merge.log" 2>&1 || { echo "FAIL: eval_sweep: merge"; cat "$tmp/merge.log"; exit 1; }
csv=$tmp/table.csv
rows=$(($(wc -l <"$csv") - 1))
[ "$rows" -eq $((2 * nv)) ] && echo "PASS: eval_sweep: table.csv has $rows rows" ||
    echo "FAIL: eval_sweep: table.csv has $rows rows, expected $((2 * nv))"
for t in matrixmul32_sm61_kernel-1 bfs_v3; do
    for v in $(grep -v '^#' eval/variants.txt | cut -d'|' -f1 | tr -d ' ' | grep .); do
        grep -q "^$t,$v," "$csv" || echo "FAIL: eval_sweep: row $t/$v missing"
    done
done
# column numbers by header name
col() { head -1 "$csv" | tr , '\n' | grep -nx "$1" | cut -d: -f1; }
named=$(cut -d, -f"$(col energy_table)" "$csv" | grep -cx "$ROOT/configs/energy/45nm.ledger")
[ "$named" -eq "$rows" ] && grep -q "priced by the energy ledger $ROOT/configs/energy/45nm.ledger" "$tmp/table.md" &&
    echo "PASS: eval_sweep: every row priced by the ledger ENERGY_TABLE named" ||
    echo "FAIL: eval_sweep: $named of $rows rows name ENERGY_TABLE's ledger"
awk -F, -v hr="$(col hit_ratio)" -v ir="$(col ipc_vs_baseline)" -v br="$(col bank_reads_per_inst)" \
    -v rd="$(col bank_read_reduction)" -v en="$(col energy_pj_per_inst)" -v er="$(col energy_reduction)" \
    -v lru="$(col ref_lru_hit_ratio)" -v opt="$(col ref_opt_hit_ratio)" -v s0="$(col share_bank_read)" \
    -v unb="$(col ref_unbounded_hit_ratio)" -v c0="$(col share_storage_clock)" '
    NR == 1 { next }
    { id = $1 "/" $2; sum = 0; for (i = s0; i < s0 + 6; i++) sum += $i
      for (i = c0; i < c0 + 4; i++) sum += $i
      if ($2 == "baseline" && ($hr != 0 || $ir != 1 || $rd != 0 || $er != 0)) bad = bad " " id ": baseline not 0/1/0/0;"
      if (!($br > 0 || $hr == 1) || !($en > 0)) bad = bad " " id ": bank reads (unless every operand hit) or energy per instruction not > 0;"
      if ($hr < 0 || $hr > 1 || $rd < -1 || $rd > 1 || $er < -1 || $er > 1) bad = bad " " id ": ratio out of range;"
      if ($opt + 1e-9 < $lru) bad = bad " " id ": OPT below LRU;"
      if ($unb + 1e-9 < $opt || $unb > 1) bad = bad " " id ": the unbounded cache below OPT or above 1;"
      if (sum < 0.999 || sum > 1.001) bad = bad " " id ": energy shares sum to " sum ";"
      if ($2 !~ /^baseline/ && $2 != "rba" && $2 !~ /^sthld_|^gto/ && $hr == 0) bad = bad " " id ": caching variant with no hit;"
      if (($2 ~ /^baseline/ || $2 == "rba") && $hr != 0) bad = bad " " id ": a baseline with hits;" }
    END { if (bad == "") print "PASS: eval_sweep: every row sane (baseline 0/1/0/0, reads and energy > 0, ratios in range, unbounded >= OPT >= LRU, shares sum to 1)"
          else print "FAIL: eval_sweep:" bad }' "$csv"
md=$(sed '/^\*\*mean over/q' "$tmp/table.md" | grep -c '^| [a-z_0-9]* | [0-9]'); js=$(grep -c '"trace":' "$tmp/table.json")
[ "$md" -eq "$rows" ] && [ "$js" -eq "$rows" ] && echo "PASS: eval_sweep: Markdown and JSON have the same $rows rows" ||
    echo "FAIL: eval_sweep: Markdown $md rows, JSON $js rows, CSV $rows"
# the means: over matrixmul32 (its CCUs shared: 8 warps a sub-core, ccus = 2), then apart
# over bfs_v3 (one warp a sub-core: the CCU keys cannot matter)
nm=$(sed -n '/^\*\*mean over the 1 trace where the CCUs are shared/,/^\*\*mean over the 1 trace listed apart.*: bfs_v3\*\*/p' "$tmp/table.md" | grep -c '^| [a-z_0-9]* | [0-9]')
na=$(sed -n '/^\*\*mean over the 1 trace listed apart.*: bfs_v3\*\*/,$p' "$tmp/table.md" | grep -c '^| [a-z_0-9]* | [0-9]')
base=$(grep -E '^\| baseline \| 1\.000 \| 1\.000 \| 0\.0 % \| \+0\.0 % \| \+0\.0 % \| 0\.0 % / [-+][0-9.]+ % \|$' "$tmp/table.md" | wc -l)
[ "$nm" -eq "$nv" ] && [ "$na" -eq "$nv" ] && [ "$base" -eq 2 ] && echo "PASS: eval_sweep: the mean over the trace sharing CCUs and apart over the one that cannot have $nv rows each, the baseline's 1.000 / 0 / 0 / 0 and no hit in the papers' counting" ||
    echo "FAIL: eval_sweep: mean blocks: $nm and $na rows (expected $nv each), baseline row found $base times (expected 2)"
echo "eval_sweep: $(( $(date +%s) - t0 )) s"
# warps per sub-core, by hand: matrixmul32 is one block of 32 warps on one SM's 4 sub-cores
# (8 a sub-core, all placed at once); bfs_v3 two blocks of 2 warps, one per SM (one warp
# a sub-core, never more than ccus = 2: the CCU keys cannot matter, said in table.md)
wm=$(awk -F, -v m="$(col warps_per_subcore)" -v x="$(col warps_per_subcore_max)" \
     '$2 == "malekeh" { printf "%s:%s:%s ", $1, $m, $x }' "$csv")
case "$wm" in
    *"bfs_v3:1.00:1 matrixmul32_sm61_kernel-1:"[1-8].*":8 "*) ok=1 ;; *) ok=0 ;; esac
if [ "$ok" = 1 ] && grep -A2 '^\*\*bfs_v3\*\*' "$tmp/table.md" | grep -q 'the CCU keys cannot matter' &&
   ! grep -A2 '^\*\*matrixmul32_sm61_kernel-1\*\*' "$tmp/table.md" | grep -q 'cannot matter'; then
    echo "PASS: eval_sweep: warps per sub-core (mean:max) $wm; the CCU-keys note on bfs_v3 only"
else
    echo "FAIL: eval_sweep: warps per sub-core (trace:mean:max) '$wm' (expected matrixmul32 max 8, bfs_v3 1.00:1) or the CCU-keys note"
fi
# each design against the baseline of its own collector count: private CCUs (C = W = 8)
# against baseline_c8, the default (C = 2) against baseline
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
    { ipc[$1, $2] = $c["ipc"]; same[$1, $2] = $c["ipc_vs_same_c"]; t[$1] = 1 }
    END { for (x in t) {
              d1 = same[x, "private"] - ipc[x, "private"] / ipc[x, "baseline_c8"]
              d2 = same[x, "malekeh"] - ipc[x, "malekeh"] / ipc[x, "baseline"]
              if (d1 > 0.001 || d1 < -0.001 || d2 > 0.001 || d2 < -0.001) bad = bad " " x }
          if (bad == "") print "PASS: eval_sweep: IPC against the baseline of the same collector count (private: baseline_c8)"
          else print "FAIL: eval_sweep: ipc_vs_same_c wrong on" bad }' "$csv"
# every design against its storage (eval/designs.sh): a row per variant; the baseline adds
# nothing; the default Malekeh adds C x (E x (data + reg id + valid + lock + near + LRU
# rank) + S x (OCT valid + ready + index)) - 2 x S x (data + valid + reg id) bits:
# 2 x (8 x 1038 + 6 x 5) - 12 x 1033 = 4,272; the plot has one point per design
bash eval/designs.sh "$tmp" >/dev/null 2>"$tmp/designs.err" || echo "FAIL: eval_sweep: designs.sh: $(head -2 "$tmp/designs.err")"
nd=$(grep -c '^| [a-z_0-9]* | -\?[0-9]* bits' "$tmp/designs.md" 2>/dev/null)
if [ "$nd" -eq "$nv" ] && grep -q '^| baseline | 0 bits (0\.0 KiB) | 0\.000 mm2 | 0\.0 % | +0\.0 % | +0\.0 % | 1\.000 |$' "$tmp/designs.md" &&
   grep -q '^| malekeh | 4272 bits (0\.5 KiB) | 0\.086 mm2 |' "$tmp/designs.md" &&
   { ! command -v gnuplot >/dev/null || [ -s "$tmp/designs.svg" ]; }; then
    echo "PASS: eval_sweep: designs table ($nd rows; baseline 0 bits, Malekeh 4,272 bits) and its plot"
else
    echo "FAIL: eval_sweep: designs table: $nd rows (expected $nv), or the baseline / Malekeh rows, or the plot: $(head -4 "$tmp/designs.md" | tr '\n' ' ')"
fi
# the hint modes side by side (eval/hints.sh): a row per trace and the mean; exact hints
# differ from themselves on no operand, so the profiled and static columns are shares
bash eval/hints.sh "$tmp" >/dev/null 2>"$tmp/hints.err" || echo "FAIL: eval_sweep: hints.sh: $(head -2 "$tmp/hints.err")"
nh=$(grep -c '^| [a-z_0-9-]* | [0-9.]* % |' "$tmp/hints.md" 2>/dev/null)
[ "$nh" -eq 2 ] && grep -q '^| \*\*mean over 2 traces\*\* |' "$tmp/hints.md" &&
    echo "PASS: eval_sweep: exact, profiled and static hints on both traces and their mean" ||
    echo "FAIL: eval_sweep: hints table: $nh trace rows (expected 2): $(head -4 "$tmp/hints.md" | tr '\n' ' ')"
