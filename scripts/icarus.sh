#!/usr/bin/env bash
# icarus.sh - a second simulator for the co-simulation claim: Icarus Verilog runs the
# committed default-configuration RTL (rtl/, rtl/files.f) from vectors the C model writes.
#
#   scripts/icarus.sh [--cycles N]        (default N = 20000)
#
# Steps: build build/vecgen (tb/vecgen.c + build/libmk.a, independent of the Makefile's
# rules for it); vecgen --config configs/default.cfg --cycles N --out build/icarus writes
# in.hex, out.hex and the Verilog-2005 test bench tb_vectors.v; iverilog -g2005 compiles
# rtl/files.f (with MLK_RTL=rtl: its paths are ${MLK_RTL}/<file>) with
# it into build/icarus/sim; vvp runs it. Prints the time of each step.
# Exit: 0 only if vvp printed `icarus: PASS cycles=N`; 1 mismatch (or no PASS line);
# 2 usage, build or configuration error.
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
OUT=build/icarus
CONFIG=configs/default.cfg
cycles=20000

while [ $# -gt 0 ]; do
    case "$1" in
        --cycles)
            [ $# -ge 2 ] || { echo "icarus.sh: --cycles: missing value (usage: --cycles N, N >= 1)" >&2; exit 2; }
            cycles=$2; shift 2 ;;
        --cycles=*) cycles=${1#--cycles=}; shift ;;
        *) echo "icarus.sh: unknown argument '$1' (allowed: --cycles N)" >&2; exit 2 ;;
    esac
done
case "$cycles" in
    ''|*[!0-9]*|0) echo "icarus.sh: --cycles: '$cycles' is not a positive integer (allowed: N >= 1)" >&2; exit 2 ;;
esac
for tool in iverilog vvp gcc; do
    command -v "$tool" >/dev/null || { echo "icarus.sh: $tool not found (install Icarus Verilog 11 / gcc)" >&2; exit 2; }
done

now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }
t0=$(now)

# --- vecgen ------------------------------------------------------------------------------
t=$(now)
make -s build/libmk.a >&2 || { echo "icarus.sh: make build/libmk.a failed" >&2; exit 2; }
gcc -std=c11 -O2 -fno-lto -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -D_POSIX_C_SOURCE=200809L \
    -Icmodel -Idriver -Itb -Itrace -Ihints -Isim -Icompare -Igpu -o build/vecgen tb/vecgen.c build/libmk.a -llzma -lz -lm ||
    { echo "icarus.sh: building build/vecgen failed" >&2; exit 2; }
echo "icarus.sh: build vecgen $(since "$t") s"

t=$(now)
mkdir -p "$OUT"
rm -f "$OUT/in.hex" "$OUT/out.hex" "$OUT/tb_vectors.v" "$OUT/sim"
msg=$(build/vecgen --config "$CONFIG" --cycles "$cycles" --out "$OUT") ||
    { echo "icarus.sh: vecgen failed" >&2; exit 2; }
echo "$msg"
top=$(echo "$msg" | sed -n 's/.* top \([A-Za-z0-9_]*\),.*/\1/p')
if [ -z "$top" ] || [ ! -f "rtl/$top.v" ]; then
    echo "icarus.sh: rtl/ does not hold the RTL of $CONFIG (expected rtl/$top.v; run make gen)" >&2
    exit 2
fi
echo "icarus.sh: vecgen $cycles cycles $(since "$t") s"

# --- compile -----------------------------------------------------------------------------
t=$(now)
# files.f names its files ${MLK_RTL}/<file>: Icarus substitutes the variable
MLK_RTL=rtl iverilog -g2005 -DMLK_ASSERT -o "$OUT/sim" -c rtl/files.f "$OUT/tb_vectors.v" ||
    { echo "icarus.sh: iverilog failed" >&2; exit 2; }
echo "icarus.sh: iverilog $(since "$t") s"

# --- run ---------------------------------------------------------------------------------
t=$(now)
vvp -n "$OUT/sim" > "$OUT/vvp.log" 2>&1
vrc=$?
cat "$OUT/vvp.log"
echo "icarus.sh: vvp $cycles cycles $(since "$t") s (total $(since "$t0") s)"
if [ $vrc -eq 0 ] && grep -qx "icarus: PASS cycles=$cycles" "$OUT/vvp.log"; then
    exit 0
fi
exit 1
