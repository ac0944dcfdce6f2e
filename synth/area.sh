#!/usr/bin/env bash
# synth/area.sh - area (and, with a real Liberty library, delay) estimate of one configuration.
# Method and output schema: docs/area.md. Usage:
#
#   synth/area.sh --config FILE [--set k=v]... [--liberty LIB] [--out DIR]
#                 [--widths "D1 D2"] [--exact] [--fast] [--no-baseline] [--period PS]
#
# Steps: generate the RTL of the configuration (full data width) into OUT/rtl; synthesize
# the design hierarchically with Yosys (rf_bank is a blackbox: counted as bits, not gates)
# at two reduced data widths D1 < D2 (default 8 and 16) and extrapolate every module's area
# linearly to the configured data_bits (--exact: synthesize at the full width instead);
# the same for the baseline (--set caching=off) unless --no-baseline; then build/area-report
# writes OUT/area.json and OUT/area.md. OUT defaults to build/area/<prefix>.
# Environment: CCUGEN (build/ccugen), AREA_REPORT (build/area-report), YOSYS (yosys),
# AREA_DRIVING_CELL (replaces the driving cell of constraints/default.sdc).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
CCUGEN=${CCUGEN:-$here/build/ccugen}
AREA_REPORT=${AREA_REPORT:-$here/build/area-report}
YOSYS=${YOSYS:-yosys}
GENERIC=$here/synth/generic_cells.lib
SDC=$here/constraints/default.sdc

config=""; sets=(); liberty=""; out=""; widths="8 16"; exact=0; fast=0; base=1; period=2000
while [ $# -gt 0 ]; do
    case "$1" in
        --config) config=$2; shift 2 ;;
        --set) sets+=(--set "$2"); shift 2 ;;
        --liberty) liberty=$2; shift 2 ;;
        --out) out=$2; shift 2 ;;
        --widths) widths=$2; shift 2 ;;
        --exact) exact=1; shift ;;
        --fast) fast=1; shift ;;
        --no-baseline) base=0; shift ;;
        --period) period=$2; shift 2 ;;
        *) echo "area.sh: unknown option '$1'" >&2; exit 2 ;;
    esac
done
[ -n "$config" ] || { echo "area.sh: --config FILE is required" >&2; exit 2; }
[ -x "$CCUGEN" ] || { echo "area.sh: $CCUGEN not built (make build/ccugen)" >&2; exit 2; }
[ -x "$AREA_REPORT" ] || { echo "area.sh: $AREA_REPORT not built (make build/area-report)" >&2; exit 2; }
command -v "$YOSYS" >/dev/null || { echo "area.sh: yosys not found" >&2; exit 2; }
if [ -n "$liberty" ]; then
    [ -r "$liberty" ] || { echo "area.sh: cannot read liberty file '$liberty'" >&2; exit 2; }
    case "$liberty" in
        *.gz) mkdir -p "$here/build"; u="$here/build/$(basename "${liberty%.gz}")"
              [ -s "$u" ] || gunzip -c "$liberty" >"$u"; liberty=$u ;;
    esac
    liberty=$(cd "$(dirname "$liberty")" && pwd)/$(basename "$liberty")
fi
t0=$(date +%s)

# --- the RTL of the configuration, at full width --------------------------------------
tmp=$(mktemp -d "${TMPDIR:-/tmp}/area.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
"$CCUGEN" --config "$config" "${sets[@]}" --out "$tmp/rtl" >/dev/null
prefix=$(cd "$tmp/rtl" && ls ./*_subcore.v | sed 's|^\./||; s|_subcore\.v$||')
data_bits=$(sed -n 's|^// *data_bits = \([0-9]*\)$|\1|p' "$tmp/rtl/${prefix}_subcore.v" | head -n1)
[ -n "$prefix" ] && [ -n "$data_bits" ] || { echo "area.sh: cannot read prefix/data_bits" >&2; exit 2; }
[ -n "$out" ] || out=$here/build/area/$prefix
mkdir -p "$out"; out=$(cd "$out" && pwd)
rm -rf "$out/rtl" "$out/synth"; mv "$tmp/rtl" "$out/rtl"; mkdir -p "$out/synth"

if [ "$exact" = 1 ]; then widths=$data_bits; fi
read -r w1 w2 _ <<<"$widths $widths"
if [ "$exact" = 0 ] && [ "$data_bits" -le "$w2" ]; then widths=$data_bits; w1=$data_bits; w2=$data_bits; fi

# synth_one KIND WIDTH: generate at WIDTH, run Yosys, leave stat/ltp/log in $out/synth/KIND-wWIDTH
synth_one() {
    local kind=$1 w=$2 d=$out/synth/$1-w$2 extra=() p lib
    [ "$kind" = base ] && extra=(--set caching=off)
    mkdir -p "$d"
    "$CCUGEN" --config "$config" "${sets[@]}" "${extra[@]}" --set "data_bits=$w" --out "$d/rtl" >/dev/null
    p=$(cd "$d/rtl" && ls ./*_subcore.v | sed 's|^\./||; s|_subcore\.v$||')
    lib=${liberty:-$GENERIC}
    {
        echo "read_verilog -lib $d/rtl/${p}_rf_bank.v"
        grep '\.v$' "$d/rtl/files.f" | grep -v "_rf_bank\.v$" | sed "s|^|read_verilog $d/rtl/|"
        echo "hierarchy -check -top ${p}_subcore"
        echo "synth -top ${p}_subcore"
        echo "tee -q -o $d/cmos.txt stat -tech cmos"
        echo "dfflibmap -liberty $lib"
        if [ -n "$liberty" ]; then
            sed "s|^set_driving_cell .*|set_driving_cell ${AREA_DRIVING_CELL:-sky130_fd_sc_hd__inv_2}|" "$SDC" >"$d/abc.sdc"
            echo "abc -liberty $lib -D $period -constr $d/abc.sdc"
        elif [ "$fast" = 1 ]; then
            echo "abc -fast -liberty $lib"
        else
            echo "abc -liberty $lib"
        fi
        echo "opt_clean"
        echo "tee -q -o $d/lib.txt stat -liberty $lib"
        echo "read_liberty -lib $lib"
        echo "tee -q -o $d/ltp.txt ltp -noff"
    } >"$d/area.ys"
    local s; s=$(date +%s)
    if ! "$YOSYS" -q -l "$d/yosys.log" "$d/area.ys" >/dev/null 2>"$d/yosys.err"; then
        echo "area.sh: yosys failed for $kind at data_bits=$w; see $d/yosys.log" >&2; return 1
    fi
    echo "run $kind $w $p $d $(( $(date +%s) - s ))" >>"$out/synth/runs.txt"
}

: >"$out/synth/runs.txt"
pids=()
for w in $(printf '%s\n' $w1 $w2 | sort -nu); do
    synth_one main "$w" & pids+=($!)
    if [ "$base" = 1 ]; then synth_one base "$w" & pids+=($!); fi
    # two cores: at most two Yosys at once
    if [ ${#pids[@]} -ge 2 ]; then for p in "${pids[@]}"; do wait "$p" || exit 1; done; pids=(); fi
done
for p in "${pids[@]}"; do wait "$p" || exit 1; done

# which modules depend on data_bits: their RTL (comments dropped, prefix normalized) differs
# between the two widths; only those are extrapolated (the others would only fit ABC noise)
norm() { grep -v '^ *//' "$1" | sed "s/$2/P/g"; }
for kind in main base; do
    [ -d "$out/synth/$kind-w$w1" ] && [ -d "$out/synth/$kind-w$w2" ] && [ "$w1" != "$w2" ] || continue
    p1=$(awk -v k=$kind -v w=$w1 '$2==k && $3==w {print $4}' "$out/synth/runs.txt")
    p2=$(awk -v k=$kind -v w=$w2 '$2==k && $3==w {print $4}' "$out/synth/runs.txt")
    for f in "$out/synth/$kind-w$w1/rtl/${p1}"_*.v; do
        m=$(basename "$f" .v); m=${m#"${p1}_"}
        if ! cmp -s <(norm "$f" "$p1") <(norm "$out/synth/$kind-w$w2/rtl/${p2}_$m.v" "$p2"); then
            echo "dep $kind $m" >>"$out/synth/runs.txt"
        fi
    done
done

unit=GE; libname=generic_cells.lib
if [ -n "$liberty" ]; then unit=um2; libname=$(basename "$liberty"); fi
method=fit; [ "$w1" = "$data_bits" ] && method=exact
"$AREA_REPORT" --config "$config" "${sets[@]}" -- --runs "$out/synth/runs.txt" --prefix "$prefix" \
    --unit "$unit" --library "$libname" --method "$method" --abc "$( [ "$fast" = 1 ] && echo fast || echo default)" \
    --period "$period" --seconds $(( $(date +%s) - t0 )) \
    --json "$out/area.json" --md "$out/area.md"
echo "area: $out/area.json $out/area.md ($(( $(date +%s) - t0 )) s)"
