#!/usr/bin/env bash
# hint_check.sh - a hint file that does not match the trace is reported: how many operands
# had a hint (summary and JSON), a warning naming the counts or the other kernel, and with
# --strict-hints one line, exit 2 and no JSON.
set -u
cd "$(dirname "$0")/.."
make -s --no-print-directory build >/dev/null || { echo "FAIL: hint_check: make build failed"; exit 1; }
SIM=build/malekeh-sim
T=workloads/matrixmul32_sm61_kernel-1.traceg.xz
tmp=$(mktemp -d /tmp/hint_check.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
build/malekeh-hints --trace "$T" --mode exact --out "$tmp/all.txt" 2>/dev/null
n=$(xz -dc "$T" | awk '/^[0-9a-f]+ [0-9a-f]+ / {print}' | wc -l)
# the file of this very trace: every operand has a hint, no warning
"$SIM" --trace "$T" --hints "$tmp/all.txt" --json "$tmp/a.json" >"$tmp/out" 2>"$tmp/err"
m=$(grep -o '"hint_file_matched": [0-9]*' "$tmp/a.json" | tr -dc 0-9)
t=$(grep -o '"hint_file_operands": [0-9]*' "$tmp/a.json" | tr -dc 0-9)
[ -n "$t" ] && [ "$t" -gt "$n" ] && [ "$m" = "$t" ] && [ ! -s "$tmp/err" ] &&
    grep -q "$t of $t operands" <(tr -d , <"$tmp/out") &&
    echo "PASS: hint_check a matching file: $m of $t operands, no warning" ||
    echo "FAIL: hint_check a matching file: $m of $t, stderr: $(cat "$tmp/err")"
# a header only: nothing matched, said on stderr and in the summary
head -2 "$tmp/all.txt" > "$tmp/head.txt"
"$SIM" --trace "$T" --hints "$tmp/head.txt" >"$tmp/out" 2>"$tmp/err"
grep -q "warning: .*head.txt: $t of $t operands of .* have no hint" "$tmp/err" &&
    grep -q " 0 of $t operands" <(tr -d , <"$tmp/out") &&
    echo "PASS: hint_check a header-only file: warned ($(cat "$tmp/err" | cut -c1-80)...)" ||
    echo "FAIL: hint_check a header-only file: $(cat "$tmp/err")"
"$SIM" --trace "$T" --hints "$tmp/head.txt" --strict-hints --json "$tmp/s.json" >/dev/null 2>"$tmp/err"
rc=$?
[ "$rc" = 2 ] && [ "$(wc -l <"$tmp/err")" = 1 ] && [ ! -e "$tmp/s.json" ] && grep -q -- "--strict-hints" "$tmp/err" &&
    echo "PASS: hint_check --strict-hints: one line, exit 2, no JSON" ||
    echo "FAIL: hint_check --strict-hints (exit $rc): $(cat "$tmp/err")"
# another kernel's file: named
sed 's/^# kernel [^ ]*/# kernel _Z5otherv/' "$tmp/all.txt" > "$tmp/other.txt"
"$SIM" --trace "$T" --hints "$tmp/other.txt" >"$tmp/out" 2>"$tmp/err"
grep -q "written for kernel _Z5otherv, not _Z8mult_gpu" "$tmp/err" && grep -q "WARNING  the hint file is for kernel _Z5otherv" "$tmp/out" &&
    echo "PASS: hint_check another kernel's file is named" ||
    echo "FAIL: hint_check another kernel's file: $(cat "$tmp/err")"
"$SIM" --trace "$T" --hints "$tmp/other.txt" --strict-hints >/dev/null 2>"$tmp/err"
[ $? = 2 ] && echo "PASS: hint_check another kernel's file with --strict-hints: exit 2" ||
    echo "FAIL: hint_check another kernel's file with --strict-hints"
