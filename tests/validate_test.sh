#!/usr/bin/env bash
# validate_test.sh - make validate's promise: every kernel of ../shared/hw-cycles within
# 10 % of the cycles measured on the H100 PCIe, and the table it writes. Skips without
# ../shared/hw-cycles.
set -u
cd "$(dirname "$0")/.."
hw=../shared/hw-cycles
if [ ! -f "$hw/ground_truth.csv" ]; then
    echo "SKIP: validate_test: no $hw (the measured kernels are not shipped with the project)"
    exit 0
fi
out=$(mktemp -d /tmp/validate_test.XXXXXX)
trap 'rm -rf "$out"' EXIT
if bash scripts/validate.sh "$hw" "$out/v" > "$out/log" 2>&1; then
    echo "PASS: validate_test: every kernel within 10 % ($(tail -1 "$out/log"))"
else
    echo "FAIL: validate_test: scripts/validate.sh exited $?"; sed 's/^/    /' "$out/log"
fi
rows=$(($(wc -l < "$hw/ground_truth.csv") - 1))
got=$(tail -n +2 "$out/v/validate.csv" 2>/dev/null | wc -l)
head -1 "$out/v/validate.csv" 2>/dev/null | grep -q ',error_pct$' && [ "$got" -eq "$rows" ] &&
    echo "PASS: validate_test: validate.csv has one row per kernel ($got) and an error_pct column" ||
    echo "FAIL: validate_test: validate.csv has $got rows for $rows kernels, or no error_pct column"
grep -q '^dependent FFMA chain: ' "$out/log" &&
    echo "PASS: validate_test: prints the dependent-FFMA slope" ||
    echo "FAIL: validate_test: no dependent-FFMA slope line"
launch=$(($(wc -l < "$hw/launch_overhead.csv") - 1))
[ "$(tail -n +2 "$out/v/launch.csv" 2>/dev/null | wc -l)" -eq "$launch" ] &&
    echo "PASS: validate_test: launch.csv compares all $launch empty-kernel rows" ||
    echo "FAIL: validate_test: launch.csv does not have $launch rows"
# bad input: a directory without the table
if bash scripts/validate.sh "$out/none" "$out/w" > "$out/bad" 2>&1; then
    echo "FAIL: validate_test: a missing ground_truth.csv was accepted"
elif grep -q "ground_truth.csv not found" "$out/bad" && [ ! -e "$out/w" ]; then
    echo "PASS: validate_test: a missing table is one line, non-zero exit, nothing written"
else
    echo "FAIL: validate_test: a missing table: $(cat "$out/bad")"
fi
