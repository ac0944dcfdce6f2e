#!/usr/bin/env bash
# dse_merge.sh - the design-space sweep's job list, merge and plot without synthesis: two
# points (C=1 E=7, C=2 E=8 = the default) and their baseline on two tiny traces of the fuzz
# corpus, with area.json files written here by hand, so that the arithmetic is checked
# against values worked out by hand:
#   baseline sub-core 100 GE, RF banks 900 GE: whole baseline RF 1000 GE;
#   C=1 E=7: 105 GE -> overhead (105 - 100) / 1000 = 0.500 %; C=2 E=8: 130 GE -> 3.000 %.
# Hit ratios and reductions are the means of the per-trace values of dse_traces.csv.
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
make -s build/malekeh-sim build/ccugen >/dev/null || { echo "FAIL: dse_merge: build"; exit 1; }
tmp=${DSE_TEST_KEEP:-$(mktemp -d)}; [ -n "${DSE_TEST_KEEP:-}" ] || trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/out/runs" "$tmp/cache"
printf 'c1_e7 | ccus=1 entries=7\nc2_e8 | ccus=2 entries=8\n' >"$tmp/points.txt"
traces="fuzz/corpus/trace/bfs_v3.traceg fuzz/corpus/trace/btree_v5.traceg"
DSE_POINTS=$tmp/points.txt DSE_CACHE=$tmp/cache bash eval/dse_jobs.sh "$tmp/out" configs/default.cfg $traces >"$tmp/jobs.txt" ||
    { echo "FAIL: dse_merge: dse_jobs.sh"; exit 1; }
na=$(grep -c dse_area.sh "$tmp/jobs.txt"); ns=$(grep -c malekeh-sim "$tmp/jobs.txt")
[ "$na" = 3 ] && [ "$ns" = 6 ] && echo "PASS: dse_merge: job list: 3 area jobs (2 points + 1 baseline), 6 simulations" ||
    echo "FAIL: dse_merge: job list has $na area jobs and $ns simulations (expected 3 and 6)"
# the simulations for real; the area jobs replaced by hand-written area.json files
grep malekeh-sim "$tmp/jobs.txt" | sh || { echo "FAIL: dse_merge: simulations"; exit 1; }
fake() { # name area fmax
    mkdir -p "$tmp/cache/$1"
    printf '{\n  "subcore": {"area": %s, "logic_area": 1.0},\n  "rf_model": {"bits_per_subcore": 1, "area": 900.0},\n  "timing": {"tool": "OpenSTA", "fmax_mhz": %s, "wns_ps": 0}\n}\n' "$2" "$3" >"$tmp/cache/$1/area.json"
    echo "$tmp/cache/$1/area.json" >"$tmp/out/runs/area__$1.txt"
}
fake c1_e7 105 150.0; fake c2_e8 130 140.0; fake base_b2_w1024 100 180.0
bash eval/dse_merge.sh "$tmp/out" >"$tmp/merge.log" 2>&1 || { echo "FAIL: dse_merge: merge"; cat "$tmp/merge.log"; exit 1; }
csv=$tmp/out/dse.csv
row() { grep "^$1," "$csv"; }
col() { head -1 "$csv" | tr , '\n' | grep -nx "$1" | cut -d: -f1; }
oc=$(col area_overhead_pct) dc=$(col is_default) fc=$(col fmax_mhz)
[ "$(row c1_e7 | cut -d, -f$oc)" = 0.500 ] && [ "$(row c2_e8 | cut -d, -f$oc)" = 3.000 ] &&
    echo "PASS: dse_merge: area overhead 0.500 % and 3.000 % of the baseline RF (by hand)" ||
    echo "FAIL: dse_merge: overheads $(row c1_e7 | cut -d, -f$oc) and $(row c2_e8 | cut -d, -f$oc), expected 0.500 and 3.000"
[ "$(row c1_e7 | cut -d, -f$dc)" = 0 ] && [ "$(row c2_e8 | cut -d, -f$dc)" = 1 ] && [ "$(row c2_e8 | cut -d, -f$fc)" = 140.0 ] &&
    echo "PASS: dse_merge: the default point (C=2, E=8) is marked, Fmax carried through" ||
    echo "FAIL: dse_merge: is_default/Fmax wrong: $(row c2_e8)"
# the means: recompute from dse_traces.csv
want=$(awk -F, '$1 == "c2_e8" { n++; h += $3; r += $4; e += $5 } END { printf "%.4f,%.4f,%.4f", h / n, r / n, e / n }' "$tmp/out/dse_traces.csv")
got=$(row c2_e8 | cut -d, -f$(col hit_ratio),$(col bank_read_reduction),$(col energy_reduction))
[ "$want" = "$got" ] && [ "$(grep -c ',c2_e8\|^c2_e8,' "$tmp/out/dse_traces.csv")" = 2 ] &&
    echo "PASS: dse_merge: per-point means are the means over the 2 traces ($got)" ||
    echo "FAIL: dse_merge: means $got, expected $want"
if command -v gnuplot >/dev/null; then
    bash eval/dse_plot.sh "$tmp/out" >/dev/null 2>&1 && [ -s "$tmp/out/pareto_energy.svg" ] && [ -s "$tmp/out/pareto_ipc.svg" ] &&
        echo "PASS: dse_merge: Pareto SVGs written" || echo "FAIL: dse_merge: dse_plot.sh"
else
    echo "SKIP: dse_merge: plots (gnuplot not installed)"
fi
