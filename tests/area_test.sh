#!/usr/bin/env bash
# tests/area_test.sh - the area and Fmax guard (docs/area.md "CI guard").
#   bash tests/area_test.sh                   generic library: the default configuration's sub-core
#                                             area and Fmax against synth/area_baseline.json
#                                             (SKIP when ../shared/pdk is there and the sky130
#                                             guard runs instead, unless AREA_TEST_GENERIC=1)
#   bash tests/area_test.sh --liberty         the same on sky130 HD (../shared/pdk), or SKIP
#   bash tests/area_test.sh --write-baseline  re-measure both and rewrite synth/area_baseline.json
#                                             (make area-baseline; commit it with the change)
#   bash tests/area_test.sh --write-baseline --reuse   the same from the results already in
#                                             build/area/test{,-sky130}/ (no synthesis)
# FAIL when the area grows by more than AREA_LIMIT_PCT (2) % or Fmax falls by more than
# FMAX_LIMIT_PCT (5) %, naming which; FAIL when nothing can be measured; with --liberty, FAIL
# when the flat netlist holds a cell of ../shared/pdk's area.dontuse list, the datasheet
# does not name that list, or the netlist's dlclkp_1 clock gates are not one per data entry
# and three per CCU (ccus x (entries + 3)) as sta.txt counts them.
# Guard flow (the baseline's): synth/area.sh --no-baseline --sta-width 32: area fitted to
# the configured width from 8 and 16 bits, timing (OpenSTA) on the flat sub-core at 32 data
# bits (the control paths are those of the full width; make area times the full width).
# Results stay in build/area/test{,-sky130}/ (area.md is a complete datasheet of that flow).
set -u
cd "$(dirname "$0")/.." || exit 2
BASE=synth/area_baseline.json
AREA_LIMIT_PCT=${AREA_LIMIT_PCT:-2}
FMAX_LIMIT_PCT=${FMAX_LIMIT_PCT:-5}
PDK=${AREA_PDK:-../shared/pdk/sky130_fd_sc_hd__tt_025C_1v80.lib.gz}
FLOW="--no-baseline --sta-width 32"
[ -x build/ccugen ] && [ -x build/area-report ] || { echo "FAIL: area: build/ccugen or build/area-report missing"; exit 1; }

# measure NAME OUT [--liberty LIB]: run the guard flow; sets AREA FMAX UNIT SECS or fails
measure() {
    local name=$1 out=$2; shift 2
    local t0; t0=$(date +%s)
    mkdir -p build/area
    if [ "$REUSE" = 1 ]; then
        [ -s "$out/area.json" ] || { echo "FAIL: area $name: --reuse: no $out/area.json"; return 1; }
    # shellcheck disable=SC2086
    elif ! bash synth/area.sh --config configs/default.cfg $FLOW "$@" --out "$out" >"$out.log" 2>&1; then
        echo "FAIL: area $name: synth/area.sh failed (cannot measure):"; tail -n 5 "$out.log"; return 1
    fi
    SECS=$(( $(date +%s) - t0 ))
    AREA=$(sed -n '/"subcore"/s/.*"area": *\([0-9.]*\).*/\1/p' "$out/area.json" | head -n1)
    FMAX=$(sed -n 's/.*"fmax_mhz": *\([0-9.]*\).*/\1/p' "$out/area.json" | head -n1)
    UNIT=$(sed -n 's/.*"unit": "\([A-Za-z0-9]*\)".*/\1/p' "$out/area.json" | head -n1)
    if [ -z "$AREA" ] || [ -z "$FMAX" ]; then
        echo "FAIL: area $name: $out/area.json lacks the sub-core area or Fmax (area='$AREA' fmax='$FMAX')"; return 1
    fi
    # the datasheet states its corner, I/O constraints, tools and commit (headline and JSON)
    if ! grep -Eq '^corner: [^ ]+ \(nominal process [0-9.]+, [-0-9.]+ C, [0-9.]+ V\); input delay [0-9.]+ ns, output delay' "$out/area.md" ||
       ! grep -Eq '"tools": "Yosys [0-9.]+.*OpenSTA [0-9.]+' "$out/area.json" ||
       ! grep -Eq '"commit": "[0-9a-f]{7,}' "$out/area.json"; then
        echo "FAIL: area $name: $out/area.md/.json do not state the corner, I/O constraints, tools and commit"; return 1
    fi
    # the register-group table starts with the worst path's group: same minimum period
    local mp g0
    mp=$(sed -n 's/.*"levels": [0-9]*}, "min_period_ps": \([0-9]*\),.*/\1/p' "$out/area.json" | head -n1)
    g0=$(sed -n 's/.*"path_groups": \[{[^}]*"min_period_ps": \([0-9]*\),.*/\1/p' "$out/area.json" | head -n1)
    if [ -z "$mp" ] || [ "$mp" != "$g0" ]; then
        echo "FAIL: area $name: $out/area.json: the worst register group's minimum period ($g0) is not the worst path's ($mp)"; return 1
    fi
}

# cfgval KEY DIR: the value of KEY in the resolved configuration the generated RTL in DIR states
cfgval() { grep -h "^// *$1 = " "$2"/*.v "$2"/*.vh 2>/dev/null | head -n1 | sed "s|^// *$1 = ||"; }

# check NAME KEY: compare AREA/FMAX with the baseline line "KEY": {...}
check() {
    local name=$1 key=$2 line ba bf
    line=$(grep "\"$key\":" "$BASE" | head -n1)
    ba=$(sed -n 's/.*"subcore_area": *\([0-9.]*\).*/\1/p' <<<"$line")
    bf=$(sed -n 's/.*"fmax_mhz": *\([0-9.]*\).*/\1/p' <<<"$line")
    if [ -z "$ba" ] || [ -z "$bf" ]; then echo "FAIL: area $name: no \"$key\" baseline in $BASE (make area-baseline)"; return 1; fi
    awk -v n="$name" -v a="$AREA" -v f="$FMAX" -v ba="$ba" -v bf="$bf" -v la="$AREA_LIMIT_PCT" -v lf="$FMAX_LIMIT_PCT" \
        -v u="$UNIT" -v s="$SECS" 'BEGIN {
        da = 100 * (a - ba) / ba; df = 100 * (f - bf) / bf; bad = ""
        if (da > la) bad = bad sprintf(" area grew %+.2f %% (%.0f -> %.0f %s, limit +%s %%);", da, ba, a, u, la)
        if (df < -lf) bad = bad sprintf(" Fmax fell %+.2f %% (%.1f -> %.1f MHz, limit -%s %%);", df, bf, f, lf)
        if (bad != "") { printf "FAIL: area %s:%s baseline %s (make area-baseline after an intended change)\n", n, bad, ENVIRON["BASE"]; exit 1 }
        printf "PASS: area %s: %.0f %s (%+.2f %%, limit +%s %%), Fmax %.1f MHz (%+.2f %%, limit -%s %%) vs baseline, %s s\n",
               n, a, u, da, la, f, df, lf, s }'
}
export BASE
REUSE=0; [ "${2:-}" = --reuse ] && REUSE=1

case "${1:-}" in
--liberty)
    if [ ! -r "$PDK" ]; then echo "SKIP: area sky130: $PDK not present (LIBERTY= path not tested)"; exit 0; fi
    measure sky130 build/area/test-sky130 --liberty "$PDK" || exit 1
    DU=$(dirname "$PDK")/sky130_fd_sc_hd__tt_025C_1v80.area.dontuse.lib
    if [ -r "$DU" ]; then
        { echo "# $DU"; python3 synth/dont_use.py names "$DU"; } >build/area/test-sky130/pdk_dont_use.txt
        r=$(python3 synth/dont_use.py check build/area/test-sky130/sta/netlist.v build/area/test-sky130/pdk_dont_use.txt) ||
            { echo "FAIL: area sky130: ${r#*: }"; exit 1; }
        grep -q '^Forbidden cells: .*marked dont_use in sky130_fd_sc_hd__tt_025C_1v80.area.dontuse.lib' build/area/test-sky130/area.md ||
            { echo "FAIL: area sky130: build/area/test-sky130/area.md does not name the dont_use list of $(basename "$DU")"; exit 1; }
        nd=$(grep -vc '^#' build/area/test-sky130/pdk_dont_use.txt)
        [ "$nd" -gt 50 ] || { echo "FAIL: area sky130: $DU: $nd cells marked dont_use (expected more than 50)"; exit 1; }
        # clock gates: one per data entry and three per CCU (clock_gating = on, the default)
        c=$(cfgval ccus build/area/test-sky130/rtl); e=$(cfgval entries build/area/test-sky130/rtl)
        ng=$(grep -c '^ *sky130_fd_sc_hd__dlclkp_1 ' build/area/test-sky130/sta/netlist.v)
        [ "$(cfgval clock_gating build/area/test-sky130/rtl)" = on ] && [ -n "$c" ] && [ -n "$e" ] && [ "$ng" = $((c * (e + 3))) ] ||
            { echo "FAIL: area sky130: the netlist has $ng dlclkp_1 clock gates (expected ccus x (entries + 3) = ${c:-?} x (${e:-?} + 3) with clock_gating = on)"; exit 1; }
        grep -q "^clock_gates $ng sky130_fd_sc_hd__dlclkp_1$" build/area/test-sky130/sta/sta.txt ||
            { echo "FAIL: area sky130: build/area/test-sky130/sta/sta.txt does not count the $ng clock gates"; exit 1; }
        echo "PASS: area sky130: no cell of $(basename "$DU")'s $nd dont_use cells in the netlist, $ng dlclkp_1 clock gates = $c x ($e + 3), counted by sta.txt; the datasheet names the list"
    else
        echo "SKIP: area sky130 dont_use: $DU not present"
    fi
    check sky130 sky130 || exit 1 ;;
--write-baseline)
    measure generic build/area/test || exit 1
    ga=$AREA; gf=$FMAX
    sa=""; sf=""
    if [ -r "$PDK" ]; then measure sky130 build/area/test-sky130 --liberty "$PDK" || exit 1; sa=$AREA; sf=$FMAX; fi
    {
        printf '{\n  "schema": "malekeh-area-baseline/2",\n  "config": "configs/default.cfg",\n'
        printf '  "flow": "synth/area.sh %s",\n' "$FLOW"
        printf '  "limits": {"area_growth_pct": %s, "fmax_drop_pct": %s},\n' "$AREA_LIMIT_PCT" "$FMAX_LIMIT_PCT"
        printf '  "generic": {"library": "synth/generic_cells.lib", "unit": "GE", "subcore_area": %s, "fmax_mhz": %s}' "$ga" "$gf"
        if [ -n "$sa" ]; then
            printf ',\n  "sky130": {"library": "%s", "unit": "um2", "subcore_area": %s, "fmax_mhz": %s}' "$(basename "$PDK" .gz)" "$sa" "$sf"
        fi
        printf '\n}\n'
    } >"$BASE.tmp" && mv "$BASE.tmp" "$BASE"
    echo "area baseline written: $BASE (generic $ga GE, $gf MHz${sa:+; sky130 $sa um2, $sf MHz})" ;;
"")
    # make test's budget: with the PDK present the sky130 guard (--liberty) measures the same
    # RTL through the same flow, and checks dont_use and the clock gates besides
    if [ -r "$PDK" ] && [ "${AREA_TEST_GENERIC:-0}" != 1 ]; then
        echo "SKIP: area generic: the sky130 guard (tests/area_test.sh --liberty) runs on the same RTL; AREA_TEST_GENERIC=1 runs this one too"
        exit 0
    fi
    measure generic build/area/test || exit 1
    check generic generic || exit 1 ;;
*) echo "area_test.sh: unknown option '$1' (allowed: --liberty, --write-baseline)" >&2; exit 2 ;;
esac
