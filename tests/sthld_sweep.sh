#!/usr/bin/env bash
# sthld_sweep.sh - the STHLD sweep end to end on two tiny traces of the fuzz corpus: the job
# list (3 fixed values + adaptive per trace), run under `parallel -j2`, merged and plotted.
# Checks: one row per (trace, fixed STHLD) in value order; the fixed runs really ran fixed
# (their JSON says sthld_mode = fixed and the value); a trace shorter than one interval
# reports 0 intervals and "settled" at its reset value; with interval = 20 cycles the
# series has one row per completed interval, at cycles 20, 40, ...; bad input exits 2.
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
command -v parallel >/dev/null || { echo "SKIP: sthld_sweep (GNU parallel not installed)"; exit 0; }
make -s build/malekeh-sim >/dev/null || { echo "FAIL: sthld_sweep: build"; exit 1; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
traces="fuzz/corpus/trace/bfs_v3.traceg fuzz/corpus/trace/btree_v5.traceg"
run() { # OUT SETS
    mkdir -p "$1/runs"
    STHLD_VALUES="0 4 63" bash eval/sthld_jobs.sh "$1" configs/default.cfg "$2" $traces >"$1/jobs.txt" &&
        parallel --will-cite --halt now,fail=1 -j2 <"$1/jobs.txt" && bash eval/sthld_merge.sh "$1" >/dev/null
}
if run "$tmp/a" ""; then echo "PASS: sthld_sweep: 8 jobs under parallel -j2, merged"; else echo "FAIL: sthld_sweep: run"; exit 1; fi
got=$(cut -d, -f1,2 "$tmp/a/sthld.csv" | tr '\n' ' ')
want="trace,sthld bfs_v3,0 bfs_v3,4 bfs_v3,63 btree_v5,0 btree_v5,4 btree_v5,63 "
[ "$got" = "$want" ] && echo "PASS: sthld_sweep: one row per trace and fixed STHLD, in order" ||
    echo "FAIL: sthld_sweep: rows '$got', expected '$want'"
j=$tmp/a/runs/bfs_v3__fixed_63.json
grep -q '"sthld_mode": "fixed"' "$j" && grep -q '"sthld_init": "63"' "$j" &&
    echo "PASS: sthld_sweep: a fixed run has sthld_mode = fixed, sthld_init = 63" || echo "FAIL: sthld_sweep: $j is not a fixed-63 run"
# 96 and 60 instructions finish well inside one 10000-cycle interval
[ "$(sed -n 2p "$tmp/a/adaptive.csv" | cut -d, -f2,3,5)" = "0,0,0" ] &&
    echo "PASS: sthld_sweep: no completed interval: 0 intervals, settled at the reset value 0" ||
    echo "FAIL: sthld_sweep: adaptive row $(sed -n 2p "$tmp/a/adaptive.csv")"
if run "$tmp/b" "interval=20"; then
    n=$(grep -c '^bfs_v3,' "$tmp/b/series.csv"); k=$(grep '^bfs_v3,' "$tmp/b/adaptive.csv" | cut -d, -f3)
    c=$(grep '^bfs_v3,' "$tmp/b/series.csv" | head -2 | cut -d, -f2,3 | tr '\n' ' ')
    [ "$n" -gt 1 ] && [ "$n" = "$k" ] && [ "$c" = "1,20 2,40 " ] &&
        echo "PASS: sthld_sweep: interval=20: $n intervals, one series row each at cycles 20, 40, ..." ||
        echo "FAIL: sthld_sweep: interval=20: $n series rows, $k intervals, first '$c'"
else echo "FAIL: sthld_sweep: run with interval=20"; fi
if command -v gnuplot >/dev/null; then
    bash eval/sthld_plot.sh "$tmp/b" >/dev/null 2>&1 && [ -s "$tmp/b/sthld_time.svg" ] && [ -s "$tmp/b/sthld_bfs_v3.svg" ] &&
        echo "PASS: sthld_sweep: SVGs written" || echo "FAIL: sthld_sweep: sthld_plot.sh"
fi
bash eval/sthld_jobs.sh "$tmp/c" configs/default.cfg "interval" $traces >/dev/null 2>"$tmp/err"; rc=$?
[ "$rc" = 2 ] && [ "$(wc -l <"$tmp/err")" = 1 ] && echo "PASS: sthld_sweep: bad SETS: exit 2, $(cat "$tmp/err")" ||
    echo "FAIL: sthld_sweep: bad SETS gave exit $rc"
