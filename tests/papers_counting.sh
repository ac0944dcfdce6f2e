#!/usr/bin/env bash
# papers_counting.sh - the papers' counting beside ours, worked out by hand on
# tests/data/dup_operands.traceg: one warp, FADD R1 = R2 + R2, FADD R3 = R4 + R5, EXIT (3
# instructions).
# Nothing is cached yet when they run, so every distinct register misses: 3 distinct source
# registers, 4 source operands, 3 bank reads, 0 hits. Ours: hit ratio 0 (0 of 3 distinct).
# The prototype's (every operand; the second R2 finds its fill pending: a hit): 1 of 4 =
# 25 %; bank reads against a baseline reading every operand: 1 - 3/4 = 25 % fewer, for
# Malekeh and for our baseline OCUs alike (which read R2 once), whose hit ratio stays 0.
# Checked in eval/merge.sh's CSV, eval/paper_table.sh and scripts/trace_table.sh.
set -u
cd "$(dirname "$0")/.."
make -s build/malekeh-sim build/malekeh-refs >/dev/null || { echo "FAIL: papers_counting: build"; exit 1; }
command -v parallel >/dev/null || { echo "SKIP: papers_counting (GNU parallel not installed)"; exit 0; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/runs"
tr=tests/data/dup_operands.traceg
fails=0
ok() { echo "PASS: papers_counting $1"; }
bad() { echo "FAIL: papers_counting $1"; fails=$((fails + 1)); }
bash eval/jobs.sh "$tmp" configs/default.cfg "$tr" >"$tmp/jobs.txt" &&
    parallel --will-cite --halt now,fail=1 -j2 <"$tmp/jobs.txt" >"$tmp/par.log" 2>&1 &&
    bash eval/merge.sh "$tmp" >/dev/null 2>"$tmp/merge.err" || { bad "eval: $(cat "$tmp/merge.err" "$tmp/par.log" | tail -3)"; exit 1; }
row() { awk -F, -v v="$1" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
        $2 == v { print $c["hit_ratio"], $c["hit_ratio_operands"], $c["bank_read_reduction_operands"] }' "$tmp/table.csv"; }
[ "$(row malekeh)" = "0.0000 0.2500 0.2500" ] && ok "malekeh: hit ratio 0 (distinct), 25 % (every operand), bank reads -25 % vs every operand" ||
    bad "malekeh: hit_ratio, hit_ratio_operands, bank_read_reduction_operands = '$(row malekeh)', expected '0.0000 0.2500 0.2500'"
[ "$(row baseline)" = "0.0000 0.0000 0.2500" ] && ok "baseline: no hits in either counting, reads R2 once (-25 % vs every operand)" ||
    bad "baseline: '$(row baseline)', expected '0.0000 0.0000 0.2500'"
bash eval/paper_table.sh "$tmp" >"$tmp/papers.md" 2>&1
grep -q '^| dup_operands | 0\.0 % | [-+]0\.0 % | 25\.0 % | -25\.0 % |' "$tmp/papers.md" &&
    ok "papers table: 0.0 % / 25.0 % / -25.0 % in the two countings' columns" ||
    bad "papers table row: $(grep '^| dup_operands' "$tmp/papers.md")"
line=$(bash scripts/trace_table.sh "$tr" 2>&1 | grep '^| dup_operands')
echo "$line" | grep -q '^| dup_operands | 3 | 0\.0 % | 25\.0 % |' && ok "trace table: 0.0 % and 25.0 % (every operand)" ||
    bad "trace table row: $line"
[ "$fails" = 0 ]
