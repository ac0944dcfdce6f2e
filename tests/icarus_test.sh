#!/usr/bin/env bash
# icarus_test.sh - the second simulator: Icarus Verilog replays model-written vectors into
# the committed default-configuration RTL (scripts/icarus.sh) and must match; then a
# negative check: one bit flipped in one expected output line must make the bench FAIL.
#
#   tests/icarus_test.sh [--cycles N]
#
# N defaults to ICARUS_TEST_CYCLES = 10000: vvp needs about 1.9 ms of CPU per cycle of the
# default configuration (1024-bit data), so the whole test takes about 25 s on an idle
# 2-core machine and stays under 60 s under load. The negative run replays only the first
# NEG_CYCLES cycles (+cycles=K) of the same simulation with the corrupted file.
# Exit: 0 both checks pass, 1 otherwise.
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
OUT=build/icarus
cycles=${ICARUS_TEST_CYCLES:-10000}
NEG_CYCLES=2000
while [ $# -gt 0 ]; do
    case "$1" in
        --cycles) [ $# -ge 2 ] || { echo "icarus_test.sh: --cycles: missing value (usage: --cycles N, N >= 1)" >&2; exit 2; }
                  cycles=$2; shift 2 ;;
        *) echo "icarus_test.sh: unknown argument '$1' (allowed: --cycles N)" >&2; exit 2 ;;
    esac
done
fails=0
start=$(date +%s)

# --- positive: the RTL matches the model -------------------------------------------------
if log=$(bash scripts/icarus.sh --cycles "$cycles" 2>&1); then
    echo "PASS: icarus vectors (default config, $cycles cycles)"
else
    echo "$log" | tail -n 20
    echo "FAIL: icarus vectors (default config, $cycles cycles)"
    fails=$((fails + 1))
fi
echo "$log" | grep 'icarus.sh: vvp'

# --- negative: a corrupted expected vector is detected ------------------------------------
# Flip bit 24 of the line of cycle k: disp_src_data_o[slot 0] bit 0 (out.hex is MSB first,
# 4 bits per digit, so bit 24 is the low bit of the 7th digit from the end).
neg=$NEG_CYCLES
[ "$neg" -gt "$cycles" ] && neg=$cycles
k=$((neg / 2))
if [ -f "$OUT/sim" ] && [ -f "$OUT/out.hex" ]; then
    awk -v line=$((k + 1)) '
        NR == line {
            n = length($0); d = substr($0, n - 6, 1)
            v = index("0123456789abcdef", tolower(d)) - 1
            v = (v % 2 == 1) ? v - 1 : v + 1
            $0 = substr($0, 1, n - 7) substr("0123456789abcdef", v + 1, 1) substr($0, n - 5)
        }
        { print }' "$OUT/out.hex" > "$OUT/out_bad.hex"
    if cmp -s "$OUT/out.hex" "$OUT/out_bad.hex"; then
        echo "FAIL: icarus detects a corrupted vector (could not corrupt $OUT/out.hex)"
        fails=$((fails + 1))
    else
        nlog=$(vvp -n "$OUT/sim" +out="$OUT/out_bad.hex" +cycles="$neg" 2>&1)
        if echo "$nlog" | grep -qx "icarus: FAIL mismatches=1 first_cycle=$k" &&
           echo "$nlog" | grep -q "cycle $k: disp_src_data_o\[slot 0\]"; then
            echo "PASS: icarus detects a corrupted vector (cycle $k, disp_src_data_o[slot 0] bit 0)"
        else
            echo "$nlog" | cut -c1-200 | tail -n 5
            echo "FAIL: icarus detects a corrupted vector (expected FAIL mismatches=1 first_cycle=$k)"
            fails=$((fails + 1))
        fi
    fi
    rm -f "$OUT/out_bad.hex"
else
    echo "FAIL: icarus detects a corrupted vector ($OUT/sim or $OUT/out.hex missing)"
    fails=$((fails + 1))
fi

echo "icarus_test.sh: $(( $(date +%s) - start )) s"
[ $fails -eq 0 ]
