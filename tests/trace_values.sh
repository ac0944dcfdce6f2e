#!/usr/bin/env bash
# trace_values.sh - a tracer-6 trace whose instructions carry register values (`Val`,
# tests/data/atax_v6_values.traceg: the atax_v6 fixture's header, 2 warps, 12 instructions
# of which 9 carry values) on the bit-accurate path (--values), on one sub-core and on the
# GPU: the destinations are written with the trace's values, so every source the sub-core
# dispatches equals the trace's value of that source in every active lane. Worked out by
# hand (docs/trace.md section 1, "Register values"):
#   write-backs 10 (R1 R3 R10 R10 R4 R5 R6 R7 of warp 0, R3 R4 of warp 1), 8 of them with
#   trace values (R1 has NoVal; R7 is the second register of LDC.64 R6, which the trace
#   gives no values for); source operands with trace values 8 (IMAD R10 R3, IADD3 R10 R3,
#   MOV R4, STG.E R6 R5; warp 1: MOV R3), operands checked 9 (+ R7 of STG.E's address
#   pair), 0 differ: R4 (written under mask 0000000f) and warp 1's R3 (mask 0000ffff, 32
#   values given) keep 0 in their inactive lanes, as their readers' values say.
# Then: without --values the values are not carried and nothing is said of them, with the
# same statistics; a source value changed in the trace is counted as 1 differing operand;
# R3 of warp 0 written without values (invented data) makes its 2 readers differ; a bad
# Val section (wrong count, a token that is not hex, a line cut short, the file ending
# inside a Val line) is one error line `file:line: ... (expected ...)`, exit 2.
set -u
cd "$(dirname "$0")/.."
sim=build/malekeh-sim
[ -x "$sim" ] || { echo "FAIL: trace_values: no $sim (make build/malekeh-sim)"; exit 1; }
f=tests/data/atax_v6_values.traceg
tmp=$(mktemp -d /tmp/trace_values.XXXXXX)
trap 'rm -rf "$tmp"' EXIT

# json_num FILE KEY: the number of "KEY": N in FILE (empty when absent)
json_num() { sed -n "s/^ *\"$2\": \([0-9]*\),\{0,1\}$/\1/p" "$1" | head -n 1; }

# expect_run NAME TRACE MACHINE VALS WB CHECKS DIFFS: a --values run with VALS value
# instructions, WB write-backs of trace values, CHECKS sources compared, DIFFS differing
expect_run() {
    local name=$1 t=$2 m=$3 vals=$4 wb=$5 checks=$6 diffs=$7
    local line="trace register values      $vals instructions carried them: $wb write-backs wrote them, $checks source operands compared with them, $diffs differ"
    "$sim" --set machine="$m" --trace "$t" --values --json "$tmp/r.json" >"$tmp/out" 2>"$tmp/err"
    local rc=$?
    if [ "$rc" = 0 ] && grep -qxF "  $line" "$tmp/out" && [ ! -s "$tmp/err" ] &&
       [ "$(json_num "$tmp/r.json" value_instructions)" = "$vals" ] &&
       [ "$(json_num "$tmp/r.json" wb_trace_values)" = "$wb" ] &&
       [ "$(json_num "$tmp/r.json" src_trace_checks)" = "$checks" ] &&
       [ "$(json_num "$tmp/r.json" src_trace_diffs)" = "$diffs" ] &&
       [ "$(json_num "$tmp/r.json" written_back)" = 10 ] &&
       [ "$(json_num "$tmp/r.json" operand_checks)" = 9 ] &&
       [ "$(json_num "$tmp/r.json" errors)" = 0 ]; then
        echo "PASS: trace_values $name on $m: $vals instructions with values, $wb of 10 write-backs from the trace, $checks sources compared, $diffs differ"
    else
        echo "FAIL: trace_values $name on $m (exit $rc): $(grep 'trace register\|operand values' "$tmp/out" | tr -s ' ') $(head -n 2 "$tmp/err")"
    fi
}

for m in subcore gpu; do
    expect_run "the values trace" "$f" "$m" 9 8 8 0
    cp "$tmp/r.json" "$tmp/values_$m.json"
    # statistics only: the values are checked for form, not carried, not mentioned
    "$sim" --set machine="$m" --trace "$f" --json "$tmp/nodata.json" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    if [ "$rc" = 0 ] && ! grep -q "trace register values" "$tmp/out" &&
       ! grep -q '"wb_trace_values"\|"value_instructions"' "$tmp/nodata.json" &&
       diff <(sed -n '/"metrics"/,/"driver"/p' "$tmp/values_$m.json") \
            <(sed -n '/"metrics"/,/"driver"/p' "$tmp/nodata.json") >/dev/null; then
        echo "PASS: trace_values without --values on $m: no values carried or reported, the same statistics"
    else
        echo "FAIL: trace_values without --values on $m (exit $rc): $(head -n 2 "$tmp/err")"
    fi
done

# lane 0 of MOV R5, R4's source value: 200 -> 201 (the trace contradicts itself)
sed '/^0050 ffffffff 1 R5 MOV/s/\(Val 32 200 202 204 206 .*\) 32 200 /\1 32 201 /' "$f" >"$tmp/diff.traceg"
expect_run "a source value changed" "$tmp/diff.traceg" subcore 9 8 8 1
# warp 0's S2R R3 without values: R3 holds invented data, its readers IMAD and IADD3 differ
sed '0,/^0010 ffffffff 1 R3 S2R 0 0 0 0 Val .*/s//0010 ffffffff 1 R3 S2R 0 0 0 0 NoVal/' "$f" >"$tmp/noval.traceg"
expect_run "R3 written without values" "$tmp/noval.traceg" subcore 8 7 8 2

# expect_bad NAME FILE WORDS: exit 2, one stderr line naming FILE and the line of the MOV
# of warp 0 (line LINE), containing WORDS
line=$(grep -n '^0050 ffffffff 1 R5 MOV' "$f" | cut -d: -f1)
expect_bad() {
    local name=$1 t=$2 words=$3 at=${4:-$line}
    "$sim" --set machine=subcore --trace "$t" --values --json "$tmp/bad.json" >"$tmp/out" 2>"$tmp/err"
    local rc=$? n msg
    n=$(wc -l <"$tmp/err")
    msg=$(head -n 1 "$tmp/err")
    if [ "$rc" = 2 ] && [ "$n" = 1 ] && [[ "$msg" == "malekeh-sim: $t:$at: "*"$words"*"(expected "* ]] &&
       [ ! -e "$tmp/bad.json" ]; then
        echo "PASS: trace_values bad Val section: $name: $msg"
    else
        echo "FAIL: trace_values bad Val section: $name (exit $rc, $n lines): $msg"
    fi
}
mov() { # mov NEW_REST: the trace with the Val section of warp 0's MOV replaced by NEW_REST
    sed "/^0050 ffffffff 1 R5 MOV/s/ Val .*/ Val $1/" "$f"
}
z28="0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0"
mov "32 200 202 204 206 $z28 31 200 202 204 206 $z28" >"$tmp/count.traceg"
expect_bad "wrong count" "$tmp/count.traceg" "bad value count for source 1 (R4) '31'"
mov "32 200 202 204 206 $z28 32 200 202 2x4 206 $z28" >"$tmp/hex.traceg"
expect_bad "a token that is not hex" "$tmp/hex.traceg" "bad value 3 of 32 for source 1 (R4) '2x4'"
mov "32 200 202 204 206 $z28" >"$tmp/short.traceg"
expect_bad "a line cut short" "$tmp/short.traceg" "bad value count for source 1 (R4) end of line"
# the file ends inside the MOV line
head -c "$(($(grep -b '^0050 ffffffff 1 R5 MOV' "$f" | cut -d: -f1) + 60))" "$f" >"$tmp/cut.traceg"
expect_bad "the file ends inside a Val line" "$tmp/cut.traceg" "truncated trace: the file ends inside this instruction line"
