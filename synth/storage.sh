#!/usr/bin/env bash
# synth/storage.sh - the storage options of the collector data entries (ct_storage: ff, the
# default, or latch) side by side for one configuration: area, timing and power of each,
# same library, clock and flow (docs/area.md "Storage options"). Usage:
#
#   synth/storage.sh --area DIR [--config FILE] [--set k=v]... [--datasheet]
#
# DIR is the output of `make area LIBERTY=...` for the configuration (its area.json, its
# full-width timing run DIR/sta and, when synth/power.sh ran, DIR/power/power.txt): that is
# the option the configuration names. The other option is synthesized here with the same
# flow (synth/area.sh --no-baseline, same library, clock and fit widths) into
# DIR/storage/<option>, and its power measured as synth/power.sh measures the first (the
# lockstep co-simulation's input activities on the shipped trace, OpenSTA report_power).
# Writes DIR/storage/storage.{md,txt}; prints storage.md. --datasheet: also into
# DIR/area.md, at the end of its headline block and as a section "Storage options".
# Exit 0; 2 on bad arguments or a missing input (one line).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
STA=${STA:-sta}
area=""; config=$here/configs/default.cfg; sets=(); sheet=0
while [ $# -gt 0 ]; do
    case "$1" in
        --area) area=$2; shift 2 ;;
        --config) config=$2; shift 2 ;;
        --set) sets+=(--set "$2"); shift 2 ;;
        --datasheet) sheet=1; shift ;;
        *) echo "storage.sh: unknown option '$1' (allowed: --area DIR --config FILE --set k=v --datasheet)" >&2; exit 2 ;;
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
have=$(sed -n 's|^// *ct_storage = \([a-z]*\)$|\1|p' "$area/rtl/${top}.v" | head -1)
[ -n "$have" ] || { echo "storage.sh: $area/rtl/${top}.v: no ct_storage line in its header (RTL of an older generator?)" >&2; exit 2; }
if [ "$have" = ff ]; then other=latch; else other=ff; fi
# the same flow as DIR's run: its clock and fit widths
read -r period w1 w2 < <(python3 -c '
import json, sys
a = json.load(open(sys.argv[1]))
w = a.get("fit_widths") or [0, 0]
print(a["period_ps"], w[0], w[-1])' "$area/area.json")
out=$area/storage; mkdir -p "$out"
t0=$(date +%s)
echo "storage: ct_storage = $other: synthesis and timing (synth/area.sh, $(basename "$lib"))" >&2
bash "$here/synth/area.sh" --config "$config" "${sets[@]+"${sets[@]}"}" --set "ct_storage=$other" \
    --liberty "$lib" --no-baseline --period "$period" --widths "$w1 $w2" --out "$out/$other" >"$out/$other.log" 2>&1 || {
    tail -3 "$out/$other.log" >&2; echo "storage.sh: the $other option's synthesis failed ($out/$other.log)" >&2; exit 2; }

# power of the other option, as synth/power.sh measures the first (its activities, its netlist)
trace=$(ls "$here"/workloads/matrixmul32_sm61_kernel-1.traceg* 2>/dev/null | head -1)
pw_other=""
if grep -q internal_power "$lib" && [ -r "$trace" ] && [ -s "$area/power/power.txt" ]; then
    d=$out/$other/power; mkdir -p "$d"
    otop=$(sed -n 's/^link_design //p' "$out/$other/sta/sta.tcl" | head -1)
    bash "$here/scripts/cosim.sh" --config "$config" "${sets[@]+"${sets[@]}"}" --set "ct_storage=$other" --build-only >/dev/null 2>&1 || {
        echo "storage.sh: the co-simulation of ct_storage = $other did not build" >&2; exit 2; }
    pfx=${otop%_subcore}
    bin=$here/build/cosim/mlkd_${pfx#mlk_}/cosim
    log=$("$bin" --config "$config" "${sets[@]+"${sets[@]}"}" --set "ct_storage=$other" --trace "$trace" --brief \
          --activity "$d/activity.tcl" 2>&1 | sed -n '/^cosim: PASS/p')
    [ -n "$log" ] || { echo "storage.sh: the co-simulation of ct_storage = $other on $trace did not pass" >&2; exit 2; }
    {
        sed -n '/^read_liberty\|^read_verilog\|^link_design\|^read_sdc/p' "$out/$other/sta/sta.tcl"
        echo "source $d/activity.tcl"
        echo "report_power -digits 6"
        echo "exit"
    } >"$d/power.tcl"
    "$STA" -no_splash -exit "$d/power.tcl" >"$d/power.log" 2>&1 || { echo "storage.sh: OpenSTA report_power failed ($d/power.log)" >&2; exit 2; }
    pw_other=$(awk '$1 == "Total" { print $5; exit }' "$d/power.log")
    seq_other=$(awk '$1 == "Sequential" { print $5; exit }' "$d/power.log")
fi
pw_have=$(sed -n 's/^malekeh_tot //p' "$area/power/power.txt" 2>/dev/null)
seq_have=$(sed -n 's/^malekeh_seq //p' "$area/power/power.txt" 2>/dev/null)

# the table: one row per option, the configuration's own first
python3 - "$area/area.json" "$area/sta/sta.txt" "$have" "${pw_have:-}" "${seq_have:-}" \
          "$out/$other/area.json" "$out/$other/sta/sta.txt" "$other" "${pw_other:-}" "${seq_other:-}" \
          "$(basename "$lib")" "$out" <<'PY'
import json, sys
a = sys.argv[1:]
lib, out = a[10], a[11]
DESC = {"ff": "flip-flops with write-enable multiplexers",
        "latch": "latch array: per-entry clock gates, one staging register per write port"}
rows = []
for k in (0, 5):
    j = json.load(open(a[k]))
    sta = dict(l.rstrip("\n").split(" ", 1) for l in open(a[k + 1]) if " " in l)
    s = j["subcore"]
    rows.append(dict(opt=a[k + 2], area=s["area"], data=s["storage_area"], flops=s["flops"],
                     latches=s.get("latches", 0), unit=j["unit"], mp=float(sta["min_period_ps"]),
                     fo4=float(sta["min_period_fo4"]), method=sta.get("min_period_method", "period - worst slack"),
                     pw=a[k + 3], seq=a[k + 4], db=j["config"]["data_bits"], period=j["period_ps"]))
ff = next(r for r in rows if r["opt"] == "ff")
u = rows[0]["unit"]
lines = ["storage options of the data entries (ct_storage), %s, data_bits=%d, clock %d ps:" % (lib, rows[0]["db"], rows[0]["period"])]
txt = []
for r in rows:
    pw = ""
    if r["pw"]:
        pw = "; power %.1f mW (sequential %.1f %%)" % (1000 * float(r["pw"]), 100 * float(r["seq"]) / float(r["pw"]))
    rel = "" if r is ff else " (%+.1f %% area, %+.1f %% data entries, %+.1f %% min period vs ff)" % (
        100 * (r["area"] / ff["area"] - 1), 100 * (r["data"] / ff["data"] - 1), 100 * (r["mp"] / ff["mp"] - 1))
    lines.append("  %-5s sub-core %.0f %s, data entries %.0f %s, %d flip-flops, %d latches; min period %.0f ps = %.1f FO4%s%s"
                 % (r["opt"], r["area"], u, r["data"], u, r["flops"], r["latches"], r["mp"], r["fo4"], pw, rel))
    for key in ("area", "data", "flops", "latches", "mp", "fo4"):
        txt.append("%s_%s %s" % (r["opt"], key, r[key]))
    txt.append("%s_power_w %s" % (r["opt"], r["pw"]))
    txt.append("%s_min_period_method %s" % (r["opt"], r["method"]))
open(out + "/storage.md", "w").write("\n".join(lines) + "\n")
open(out + "/storage.txt", "w").write("\n".join(txt) + "\n")
PY
if [ "$sheet" = 1 ] && [ -s "$area/area.md" ]; then
    . "$here/synth/sheet.sh"
    sheet_add "$area/area.md" "$out/storage.md" "Storage options" \
"The data entries as flip-flops (ct_storage = ff) and as a latch array (ct_storage = latch),
each synthesized, timed and (with power tables) measured by the same flow at the same clock
(synth/storage.sh; docs/area.md \"Method: storage options\" gives the method and its limits:
ideal clocks, so the gated clocks' tree is not in the latch option's figures; its minimum
period is found by bisection, since latches borrow time):"
fi
cat "$out/storage.md"
echo "storage: $out/storage.md ($(( $(date +%s) - t0 )) s)" >&2
