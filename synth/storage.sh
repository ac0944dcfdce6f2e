#!/usr/bin/env bash
# synth/storage.sh - the storage options of the collector data entries (ct_storage: ff, the
# default, or latch) and the clock gating (clock_gating: on, the default, or off) side by
# side for one configuration: area and timing of each, same library, clock and flow
# (docs/area.md "Storage options"). Usage:
#
#   synth/storage.sh --area DIR [--config FILE] [--set k=v]... [--datasheet] [--reuse]
#
# DIR is the output of `make area LIBERTY=...` for the configuration (its area.json, its
# full-width timing run DIR/sta): that is
# the option the configuration names. The other storage option (same clock_gating) and the
# configuration's storage with the other clock_gating value are synthesized here with the
# same flow (synth/area.sh --no-baseline, same library, clock and fit widths) into
# DIR/storage/<option> and DIR/storage/<storage>-cg-<on|off>. Their energy is not here:
# synth/power.sh --variants "gated ungated latch" measures each at gate level.
# Writes DIR/storage/storage.{md,txt}; prints storage.md. --datasheet: also into
# DIR/area.md, at the end of its headline block and as a section "Storage options".
# --reuse: take the variants already synthesized under DIR/storage (no synthesis; the table
# and the datasheet section only). Exit 0; 2 on bad arguments or a missing input (one line).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
STA=${STA:-sta}
area=""; config=$here/configs/default.cfg; sets=(); sheet=0; reuse=0
while [ $# -gt 0 ]; do
    case "$1" in
        --area) area=$2; shift 2 ;;
        --config) config=$2; shift 2 ;;
        --set) sets+=(--set "$2"); shift 2 ;;
        --datasheet) sheet=1; shift ;;
        --reuse) reuse=1; shift ;;
        *) echo "storage.sh: unknown option '$1' (allowed: --area DIR --config FILE --set k=v --datasheet --reuse)" >&2; exit 2 ;;
    esac
done
[ -n "$area" ] || { echo "storage.sh: --area DIR is required (the output of make area LIBERTY=...)" >&2; exit 2; }
[ -s "$area/area.json" ] || { echo "storage.sh: $area/area.json: missing (expected the output of make area LIBERTY=...)" >&2; exit 2; }
[ -s "$area/sta/sta.txt" ] && [ -s "$area/sta/sta.tcl" ] || {
    echo "storage.sh: $area/sta/sta.txt: missing (expected make area with its timing run, LIBERTY=...)" >&2; exit 2; }
[ ! -d "$area/sta-rtl" ] || { echo "storage.sh: $area/sta times a narrower sub-core (--sta-width): expected the full-width netlist" >&2; exit 2; }
lib=$(sed -n '1s/^read_liberty //p' "$area/sta/sta.tcl")
[ -r "$lib" ] || { echo "storage.sh: $lib: cannot read the Liberty file of $area/sta/sta.tcl" >&2; exit 2; }
top=$(sed -n 's/^link_design //p' "$area/sta/sta.tcl" | head -1)
# the resolved configuration: <prefix>_config.vh (the top's header in RTL of older generators)
conf=$area/rtl/${top%_subcore}_config.vh; [ -r "$conf" ] || conf=$area/rtl/${top}.v
have=$(sed -n 's|^// *ct_storage = \([a-z]*\)$|\1|p' "$conf" | head -1)
[ -n "$have" ] || { echo "storage.sh: $conf: no ct_storage line in its header (RTL of an older generator?)" >&2; exit 2; }
if [ "$have" = ff ]; then other=latch; else other=ff; fi
# clock_gating: RTL of a generator without the key had none (off)
gate=$(sed -n 's|^// *clock_gating = \([a-z]*\)$|\1|p' "$conf" | head -1)
gate=${gate:-off}
if [ "$gate" = on ]; then ogate=off; else ogate=on; fi
# the same flow as DIR's run: its clock and fit widths
read -r period w1 w2 < <(python3 -c '
import json, sys
a = json.load(open(sys.argv[1]))
w = a.get("fit_widths") or [0, 0]
print(a["period_ps"], w[0], w[-1])' "$area/area.json")
out=$area/storage; mkdir -p "$out"
t0=$(date +%s)
cg=$have-cg-$ogate
if [ "$reuse" = 1 ]; then
    for v in "$other" "$cg"; do
        [ -s "$out/$v/area.json" ] && [ -s "$out/$v/sta/sta.txt" ] || { echo "storage.sh: --reuse: $out/$v: no results" >&2; exit 2; }
    done
else
echo "storage: ct_storage = $other: synthesis and timing (synth/area.sh, $(basename "$lib"))" >&2
bash "$here/synth/area.sh" --config "$config" "${sets[@]+"${sets[@]}"}" --set "ct_storage=$other" --set "clock_gating=$gate" \
    --liberty "$lib" --no-baseline --period "$period" --widths "$w1 $w2" --out "$out/$other" >"$out/$other.log" 2>&1 || {
    tail -3 "$out/$other.log" >&2; echo "storage.sh: the $other option's synthesis failed ($out/$other.log)" >&2; exit 2; }
echo "storage: ct_storage = $have, clock_gating = $ogate: synthesis and timing (synth/area.sh, $(basename "$lib"))" >&2
bash "$here/synth/area.sh" --config "$config" "${sets[@]+"${sets[@]}"}" --set "ct_storage=$have" --set "clock_gating=$ogate" \
    --liberty "$lib" --no-baseline --period "$period" --widths "$w1 $w2" --out "$out/$cg" >"$out/$cg.log" 2>&1 || {
    tail -3 "$out/$cg.log" >&2; echo "storage.sh: the synthesis with clock_gating = $ogate failed ($out/$cg.log)" >&2; exit 2; }
fi

# the table: one row per variant, the configuration's own first
python3 - "$(basename "$lib")" "$out" \
    "$have" "$gate" "$area/area.json" "$area/sta/sta.txt" \
    "$other" "$gate" "$out/$other/area.json" "$out/$other/sta/sta.txt" \
    "$have" "$ogate" "$out/$cg/area.json" "$out/$cg/sta/sta.txt" <<'PY'
import json, sys
lib, out = sys.argv[1], sys.argv[2]
a = sys.argv[3:]
rows = []
for k in range(0, len(a), 4):
    opt, gate, aj, st = a[k:k + 4]
    j = json.load(open(aj))
    sta = dict(l.rstrip("\n").split(" ", 1) for l in open(st) if " " in l)
    s = j["subcore"]
    g = sta.get("clock_gates", "")
    rows.append(dict(opt=opt, gate=gate, label="%s, gating %s" % (opt, gate), area=s["area"], data=s["storage_area"],
                     flops=s["flops"], latches=s.get("latches", 0), unit=j["unit"], mp=float(sta["min_period_ps"]),
                     fo4=float(sta["min_period_fo4"]), method=sta.get("min_period_method", "period - worst slack"),
                     gates=g.split(" ")[0] if g[:1].isdigit() else ("behavioural" if g else "0"),
                     db=j["config"]["data_bits"], period=j["period_ps"]))
ref = rows[0]
u = ref["unit"]
lines = ["storage options of the data entries (ct_storage) and clock gating (clock_gating), %s, data_bits=%d, clock %d ps:"
         % (lib, ref["db"], ref["period"])]
txt = []
for r in rows:
    rel = "" if r is ref else " (%+.1f %% area, %+.1f %% data entries, %+.1f %% min period vs %s)" % (
        100 * (r["area"] / ref["area"] - 1), 100 * (r["data"] / ref["data"] - 1), 100 * (r["mp"] / ref["mp"] - 1), ref["label"])
    lines.append("  %-17s sub-core %.0f %s, data entries %.0f %s, %d flip-flops, %d latches, %s clock gates; min period %.0f ps = %.1f FO4%s"
                 % (r["label"], r["area"], u, r["data"], u, r["flops"], r["latches"], r["gates"], r["mp"], r["fo4"], rel))
    key = "%s_cg_%s" % (r["opt"], r["gate"])
    for f in ("area", "data", "flops", "latches", "gates", "mp", "fo4"):
        txt.append("%s_%s %s" % (key, f, r[f]))
    txt.append("%s_min_period_method %s" % (key, r["method"]))
open(out + "/storage.md", "w").write("\n".join(lines) + "\n")
open(out + "/storage.txt", "w").write("\n".join(txt) + "\n")
PY
if [ "$sheet" = 1 ] && [ -s "$area/area.md" ]; then
    . "$here/synth/sheet.sh"
    sheet_add "$area/area.md" "$out/storage.md" "Storage options" \
"The data entries as flip-flops (ct_storage = ff) and as a latch array (ct_storage = latch),
and the configuration's storage with and without clock gating (clock_gating: a clock gate
per data entry and per control group, the library's integrated clock gate where it has one),
each synthesized and timed by the same flow at the same clock (their energy: synth/power.sh's
variants, the section "Power")
(synth/storage.sh; docs/area.md \"Method: storage options\" gives the method and its limits:
ideal clocks, so the gated clocks' tree is not in the latch option's figures; its minimum
period is found by bisection, since latches borrow time):"
fi
cat "$out/storage.md"
echo "storage: $out/storage.md ($(( $(date +%s) - t0 )) s)" >&2
