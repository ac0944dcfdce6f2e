#!/usr/bin/env bash
# tests/area_test.sh - area regression test (docs/area.md "Test").
#   bash tests/area_test.sh                 generic library: the default configuration's total GE
#                                           must stay within +2 % of synth/area_baseline.json
#   bash tests/area_test.sh --liberty       the LIBERTY= path on sky130 (../shared/pdk), or SKIP:
#   bash tests/area_test.sh --write-baseline  re-measure and rewrite synth/area_baseline.json
# Flow of the test (and of the baseline): synth/area.sh --no-baseline --fast, data_bits fitted
# from 8 and 16. The result is kept in build/area/test/ (make area-summary reuses it).
set -u
cd "$(dirname "$0")/.." || exit 2
BASE=synth/area_baseline.json
OUT=build/area/test
LIMIT_PCT=${AREA_LIMIT_PCT:-2}
num() { sed -n "s/.*\"$2\": *\([0-9.]*\).*/\1/p" "$1" | head -n1; }
need() { [ -x build/ccugen ] && [ -x build/area-report ] || { echo "FAIL: area: build/ccugen or build/area-report missing"; exit 1; }; }
need
case "${1:-}" in
--liberty)
    pdk=${AREA_PDK:-../shared/pdk/sky130_fd_sc_hd__tt_025C_1v80.lib.gz}
    if [ ! -r "$pdk" ]; then echo "SKIP: area sky130: $pdk not present (LIBERTY= path not tested)"; exit 0; fi
    out=build/area/test-sky130
    mkdir -p build/area
    # a small configuration, full width (no fit): proves the Liberty path, um^2 and ABC delay
    if ! bash synth/area.sh --config configs/default.cfg --set data_bits=8 --exact --no-baseline \
            --liberty "$pdk" --out "$out" >"$out.log" 2>&1; then
        echo "FAIL: area sky130: synth/area.sh failed:"; tail -n 5 "$out.log"; exit 1
    fi
    a=$(sed -n '/"subcore"/s/.*"area": *\([0-9.]*\).*/\1/p' "$out/area.json")
    d=$(num "$out/area.json" delay_ps_max)
    if grep -q '"unit": "um2"' "$out/area.json" && [ -n "$a" ] && [ -n "$d" ]; then
        echo "PASS: area sky130: data_bits=8 sub-core $a um^2, longest ABC delay $d ps"
    else
        echo "FAIL: area sky130: area.json lacks um2 area or delay (area='$a' delay='$d')"; exit 1
    fi
    exit 0 ;;
esac
mkdir -p "$(dirname "$OUT")"
t0=$(date +%s)
if ! bash synth/area.sh --config configs/default.cfg --no-baseline --fast --out "$OUT" >"$OUT.log" 2>&1; then
    echo "FAIL: area: synth/area.sh failed (cannot measure):"; tail -n 5 "$OUT.log"; exit 1
fi
dt=$(( $(date +%s) - t0 ))
cur=$(sed -n '/"subcore"/s/.*"area": *\([0-9.]*\).*/\1/p' "$OUT/area.json")
[ -n "$cur" ] || { echo "FAIL: area: no sub-core area in $OUT/area.json (cannot measure)"; exit 1; }
if [ "${1:-}" = "--write-baseline" ]; then
    printf '{\n  "schema": "malekeh-area-baseline/1",\n  "config": "configs/default.cfg",\n  "flow": "synth/area.sh --no-baseline --fast (data_bits fitted from 8 and 16)",\n  "library": "synth/generic_cells.lib",\n  "unit": "GE",\n  "subcore_area": %s,\n  "limit_pct": %s\n}\n' "$cur" "$LIMIT_PCT" >"$BASE"
    echo "area baseline written: $BASE ($cur GE, ${dt} s)"; exit 0
fi
base=$(num "$BASE" subcore_area)
[ -n "$base" ] || { echo "FAIL: area: cannot read subcore_area from $BASE"; exit 1; }
if awk -v c="$cur" -v b="$base" -v l="$LIMIT_PCT" 'BEGIN { exit !(c <= b * (1 + l / 100)) }'; then
    echo "PASS: area: default config $cur GE vs baseline $base GE ($(awk -v c="$cur" -v b="$base" 'BEGIN{printf "%+.2f", 100*(c-b)/b}') %, limit +$LIMIT_PCT %, ${dt} s)"
else
    echo "FAIL: area: default config $cur GE grew more than $LIMIT_PCT % over baseline $base GE ($(awk -v c="$cur" -v b="$base" 'BEGIN{printf "%+.2f", 100*(c-b)/b}') %)"; exit 1
fi
