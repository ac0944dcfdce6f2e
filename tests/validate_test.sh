#!/usr/bin/env bash
# validate_test.sh - make validate's promise: every Nsight Systems row of ../shared/hw-cycles
# (kernels and empty kernels) within 10 % of the H100 PCIe's, the Nsight Compute rows
# reported apart, and the table it writes; make validate-apps on the same folder gives the
# same nsys errors. Skips without
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
    echo "PASS: validate_test: every nsys row within 10 % ($(tail -1 "$out/log"))"
else
    echo "FAIL: validate_test: scripts/validate.sh exited $?"; sed 's/^/    /' "$out/log"
fi
nsys=$(($(wc -l < "$hw/ground_truth_nsys.csv") - 1))
ncu=$(awk -F, 'NR == FNR {if (FNR > 1) n[$1] = $4; next}
               FNR > 1 && !($1 in n && $4 - n[$1] < 1 && n[$1] - $4 < 1) {k++} END {print k + 0}' \
      "$hw/ground_truth_nsys.csv" "$hw/ground_truth.csv")
got_nsys=$(awk -F, 'NR > 1 && $2 == "nsys"' "$out/v/validate.csv" 2>/dev/null | wc -l)
got_ncu=$(awk -F, 'NR > 1 && $2 == "ncu"' "$out/v/validate.csv" 2>/dev/null | wc -l)
head -1 "$out/v/validate.csv" 2>/dev/null | grep -q '^kernel,profiler,.*,error_pct$' &&
    [ "$got_nsys" -eq "$nsys" ] && [ "$got_ncu" -eq "$ncu" ] && [ "$ncu" -gt 0 ] &&
    echo "PASS: validate_test: validate.csv has a profiler column, $got_nsys nsys rows and $got_ncu ncu rows" ||
    echo "FAIL: validate_test: validate.csv has $got_nsys nsys rows for $nsys and $got_ncu ncu rows for $ncu, or no profiler column"
# every nsys row within 10 % (the judged kind); the ncu rows name what that profiler adds
awk -F, 'NR > 1 && $2 == "nsys" && ($8 < -10 || $8 > 10) {bad++} NR > 1 && $2 == "ncu" && $7 == "" {bad++}
         END {exit bad > 0}' "$out/v/validate.csv" &&
    echo "PASS: validate_test: every nsys row within 10 %, every ncu row with its cycles over nsys" ||
    echo "FAIL: validate_test: an nsys row outside 10 % or an ncu row without its excess"
grep -q '^dependent FFMA chain (nsys): ' "$out/log" &&
    echo "PASS: validate_test: prints the dependent-FFMA slope" ||
    echo "FAIL: validate_test: no dependent-FFMA slope line"
launch=$(($(wc -l < "$hw/launch_overhead.csv") - 1))
[ "$(tail -n +2 "$out/v/launch.csv" 2>/dev/null | wc -l)" -eq "$launch" ] &&
    echo "PASS: validate_test: launch.csv compares all $launch empty-kernel rows" ||
    echo "FAIL: validate_test: launch.csv does not have $launch rows"
# bad input: a directory without the nsys table
mkdir -p "$out/partial" && cp "$hw/ground_truth.csv" "$hw/launch_overhead.csv" "$out/partial/"
if bash scripts/validate.sh "$out/partial" "$out/w" > "$out/bad" 2>&1; then
    echo "FAIL: validate_test: a missing ground_truth_nsys.csv was accepted"
elif [ "$(wc -l < "$out/bad")" = 1 ] && grep -q "ground_truth_nsys.csv not found" "$out/bad" && [ ! -e "$out/w" ]; then
    echo "PASS: validate_test: a missing nsys table is one line, non-zero exit, nothing written"
else
    echo "FAIL: validate_test: a missing nsys table: $(cat "$out/bad")"
fi
# bad input: a directory without the table
if bash scripts/validate.sh "$out/none" "$out/w" > "$out/bad" 2>&1; then
    echo "FAIL: validate_test: a missing ground_truth.csv was accepted"
elif grep -q "ground_truth.csv not found" "$out/bad" && [ ! -e "$out/w" ]; then
    echo "PASS: validate_test: a missing table is one line, non-zero exit, nothing written"
else
    echo "FAIL: validate_test: a missing table: $(cat "$out/bad")"
fi
# make validate-apps on the calibration folder: the same nsys rows, the same errors (the
# two scripts agree on presets, configuration and cycles)
if bash scripts/validate_apps.sh "$hw" "$out/a" > "$out/alog" 2>&1; then
    awk -F, 'NR == FNR {if ($2 == "nsys") e[$1] = $8; next}
             FNR > 1 {k = $1; sub(/\.traceg.*/, "", k); if (!(k in e) || e[k] != $6) bad++; n++}
             END {exit bad > 0 || n != '"$nsys"'}' "$out/v/validate.csv" "$out/a/validate_apps.csv" &&
        echo "PASS: validate_test: validate-apps on $hw gives make validate's $nsys nsys errors" ||
        { echo "FAIL: validate_test: validate-apps and validate disagree on $hw"; sed 's/^/    /' "$out/a/validate_apps.csv"; }
else
    echo "FAIL: validate_test: validate-apps on $hw exited non-zero"; sed 's/^/    /' "$out/alog"
fi
