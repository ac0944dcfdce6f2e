#!/usr/bin/env bash
# eval/payoff.sh - where Malekeh pays off in energy: what the CCUs add per instruction
# against the bank reads they save, for data widths, bank energies per access and CCU
# entries, with the break-even bank energy; and the papers' -28.3 % RF dynamic energy beside
# ours, decomposed.
#
#   eval/payoff.sh --power FILE [--ledger FILE] [--trace FILE] [--out DIR]
#                  [--entries "7 8 10 12 16"] [--widths "256 512 1024"] [--config FILE]
#
# The answer rests on the gate-level measurement: FILE is synth/power.sh's power.txt (the
# gated pair at two widths: what Malekeh's and the baseline's sub-cores cost at any width, a
# line through the two; the bank reads saved; the SRAM macro's energy per word). The
# ledger (default configs/energy/sky130_hd.ledger) only moves Malekeh's side with its
# entries (more entries: more storage clock and fills), from the measured point at the
# configuration's entries; the baseline does not change with them. The decomposition prices
# both designs by the ledger alone, every component apart (docs/energy.md: its one control
# figure per collector is a CCU's, so it over-prices the baseline's control).
#
# One sub-core runs the trace (machine = subcore, as the gate-level runs of synth/power.sh).
# Writes DIR/payoff.{csv,md,svg} and DIR/decomposition.md; prints both tables. Exit 2 on
# bad arguments (one line).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
ledger=configs/energy/sky130_hd.ledger; trace=workloads/matrixmul32_sm61_kernel-1.traceg.xz; power=""
out=build/payoff; entries="7 8 10 12 16"; widths="256 512 1024"; config=configs/default.cfg
while [ $# -gt 0 ]; do
    case "$1" in
        --ledger) ledger=$2; shift 2 ;;
        --power) power=$2; shift 2 ;;
        --trace) trace=$2; shift 2 ;;
        --out) out=$2; shift 2 ;;
        --entries) entries=$2; shift 2 ;;
        --widths) widths=$2; shift 2 ;;
        --config) config=$2; shift 2 ;;
        *) echo "payoff.sh: unknown option '$1' (allowed: --power --ledger --trace --out --entries --widths --config)" >&2; exit 2 ;;
    esac
done
[ -n "$power" ] || { echo "payoff.sh: --power FILE is required (synth/power.sh's power.txt, e.g. build/area-sky130/power/power.txt)" >&2; exit 2; }
[ -r "$power" ] && grep -q '^malekeh_gated_w' "$power" || { echo "payoff.sh: $power: expected synth/power.sh's power.txt with the gated pair" >&2; exit 2; }
[ -r "$ledger" ] || { echo "payoff.sh: $ledger: cannot read the energy ledger" >&2; exit 2; }
[ -r "$trace" ] || { echo "payoff.sh: $trace: cannot read the trace" >&2; exit 2; }
for x in $entries $widths; do case "$x" in ''|*[!0-9]*) echo "payoff.sh: '$x': expected whole numbers" >&2; exit 2 ;; esac; done
make -s build/malekeh-sim >/dev/null
mkdir -p "$out/runs"
SIM=build/malekeh-sim
run() { # run NAME SETS...: one run's JSON
    local n=$1; shift
    "$SIM" --config "$config" --set machine=subcore --set energy_table="$ledger" "$@" --trace "$trace" --quiet \
        --json "$out/runs/$n.json" 2>"$out/runs/$n.err" || { echo "payoff.sh: run $n failed: $(head -1 "$out/runs/$n.err")" >&2; exit 1; }
}
n=0; total=$(( $(echo $widths | wc -w) * ($(echo $entries | wc -w) + 1) ))
for w in $widths; do
    run "off_w$w" --set data_bits="$w" --set caching=off; n=$((n + 1))
    for e in $entries; do
        run "on_w${w}_e$e" --set data_bits="$w" --set entries="$e"; n=$((n + 1))
    done
    echo "payoff: $n of $total runs ($w data bits)"
done
python3 - "$out" "$ledger" "$(basename "$trace")" "$widths" "$entries" "$power" <<'PY'
import json, sys
out, ledger, trace, widths, entries = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4].split(), sys.argv[5].split()
P = dict(l.split(None, 1) for l in open(sys.argv[6]) if " " in l.strip())
P = {k: v.strip() for k, v in P.items()}
ws = [int(x) for x in P["widths"].split()]
w1, w2 = ws[0], ws[-1]
def gate(d, w):   # pJ per instruction of design d at width w: the line through the gated runs
    e1, e2 = float(P["%s_gated_w%d_pj" % (d, w1)]), float(P["%s_gated_w%d_pj" % (d, w2)])
    return e1 if w1 == w2 else e1 + (e2 - e1) * (w - w1) / (w2 - w1)
ins = float(P["malekeh_gated_w%d_insts" % w1])
saved_reads = (float(P["bank_reads_off"]) - float(P["bank_reads_on"])) / ins
e_bit = float(P["sram_word_energy_pj"]) / float(P["sram_word_bits"])
cfg_entries = None
J = lambda n: json.load(open("%s/runs/%s.json" % (out, n)))
comps = ["bank_read", "bank_write", "ccu_read", "ccu_write", "crossbar", "latch", "storage_clock", "clock_gates", "control", "bank_idle"]
rows = []
for w in widths:
    off = J("off_w%s" % w)
    cfg_entries = off["config"]["entries"]
    ref = J("on_w%s_e%s" % (w, cfg_entries)) if cfg_entries in entries else None
    for e in entries:
        on = J("on_w%s_e%s" % (w, e)); en = on["energy"]; oi = on["model"]["issued"]
        rd = (off["model"]["bank_reads"] - on["model"]["bank_reads"]) / oi           # bank reads saved per instruction
        # Malekeh's side: measured at the configuration's entries, moved by the ledger's change
        nb = lambda j: (j["energy"]["total_pj"] - j["energy"]["bank_read_pj"] - j["energy"]["bank_write_pj"] - j["energy"]["bank_idle_pj"]) / j["model"]["issued"]
        shift = nb(on) - nb(ref) if ref else 0.0
        added = gate("malekeh", int(w)) - gate("base", int(w)) + shift               # the CCUs add, pJ per instruction
        saved = rd * int(w) * e_bit
        be = added / (rd * int(w)) if rd > 0 and added > 0 else 0.0                   # break-even pJ per bit read
        rows.append((int(w), int(e), on["metrics"].get("hit_ratio", 0.0), rd, added, saved, added - saved,
                     100 * (added - saved) / max(gate("base", int(w)) + float(off["energy"]["bank_read_pj"] + off["energy"]["bank_write_pj"]) / off["model"]["issued"], 1e-9),
                     be, be / e_bit if e_bit else 0))
with open(out + "/payoff.csv", "w") as f:
    f.write("data_bits,entries,hit_ratio,bank_reads_saved_per_inst,ccus_add_pj,bank_reads_saved_pj,net_pj,net_pct,breakeven_pj_per_bit,breakeven_x_ledger\n")
    for r in rows: f.write("%d,%d,%.4f,%.4f,%.1f,%.1f,%.1f,%.2f,%.4f,%.3f\n" % r)
md = ["| data bits | entries | hit ratio | bank reads saved / inst | CCUs add (pJ/inst) | bank reads saved (pJ/inst) | net (pJ/inst) | net vs the baseline's sub-core + bank accesses | break-even bank read (pJ/bit; x the macro's) |",
      "|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
for r in rows:
    be = "%.3f (x%.2f)" % (r[8], r[9]) if r[8] > 0 else "none: saves at any bank energy"
    md.append("| %d | %d | %.1f %% | %.3f | %.0f | %.0f | %+.0f | %+.1f %% | %s |" % (r[0], r[1], 100 * r[2], r[3], r[4], r[5], r[6], r[7], be))
open(out + "/payoff.md", "w").write("\n".join(md) + "\n")
print("\n".join(md))
# the papers' -28.3 % beside ours, decomposed: the gate-level parts of both sub-cores at the
# widest width measured (the parts move between categories from width to width as ABC maps
# the logic differently, so they are not extrapolated one by one) and the banks
import os
pdir = os.path.dirname(os.path.abspath(sys.argv[6]))
db = w2
def parts(d):
    j2 = json.load(open("%s/%s_gated_w%d/power.json" % (pdir, d, w2)))
    return {k: v["total_pj"] / j2["instructions"] for k, v in j2["categories"].items()}
pm, pb = parts("malekeh"), parts("base")
off = J("off_w%s" % widths[-1])
bank_rw_base = (float(P["bank_reads_off"]) + off["model"]["bank_writes"]) / ins * db * e_bit
base_rf = sum(pb.values()) + bank_rw_base
papers = {"clock_pins": "no", "clock_network": "no", "storage": "yes (CCU writes, as small SRAM writes)",
          "operand_mux": "yes (CCU reads, as small SRAM reads)", "bank_data": "in part (a fixed crossbar energy)", "control": "no"}
dec = ["| part (gate level, %d data bits) | Malekeh (pJ/inst) | baseline (pJ/inst) | difference | of the baseline's RF energy | in the papers' accounting |" % db,
       "|---|---:|---:|---:|---:|---|"]
for k in pm:
    dec.append("| %s | %.1f | %.1f | %+.1f | %+.1f %% | %s |" % (k, pm[k], pb[k], pm[k] - pb[k], 100 * (pm[k] - pb[k]) / base_rf, papers.get(k, "")))
sv = saved_reads * db * e_bit
dec.append("| bank reads (SRAM macro) | | | %+.1f | %+.1f %% | yes |" % (-sv, -100 * sv / base_rf))
tot = sum(pm.values()) - sum(pb.values()) - sv
dec.append("| **total** | | | %+.1f | **%+.1f %%** | the papers: **-28.3 %%** (long paper; 45 nm CACTI energies) |" % (tot, 100 * tot / base_rf))
inpap = (pm["storage"] - pb["storage"]) + (pm["operand_mux"] - pb["operand_mux"]) - sv
dec.append("| what the papers count (bank reads, CCU reads and writes) | | | %+.1f | %+.1f %% | |" % (inpap, 100 * inpap / base_rf))
dec.append("| what they leave out (clock pins and network, control) | | | %+.1f | %+.1f %% | |" % (tot - inpap - (pm["bank_data"] - pb["bank_data"]), 100 * (tot - inpap - (pm["bank_data"] - pb["bank_data"])) / base_rf))
tot_cfg = gate("malekeh", int(P["data_bits"])) - gate("base", int(P["data_bits"])) - saved_reads * int(P["data_bits"]) * e_bit
base_cfg = gate("base", int(P["data_bits"])) + (float(P["bank_reads_off"]) + off["model"]["bank_writes"]) / ins * int(P["data_bits"]) * e_bit
dec.append("| **at %s data bits** (totals only: the line through %d and %d bits) | | | %+.1f | **%+.1f %%** | |" % (P["data_bits"], w1, w2, tot_cfg, 100 * tot_cfg / base_cfg))
open(out + "/decomposition.md", "w").write("\n".join(dec) + "\n")
print("\n%s, %d data bits, measured (gate level: %s; the baseline's RF energy = its sub-core + its bank reads and writes, %.0f pJ/inst):" % (trace, db, sys.argv[6], base_rf))
print("\n".join(dec))
PY
# the plot: net energy against entries, one line per width
if command -v gnuplot >/dev/null; then
    gp=$out/payoff.gp
    {
        echo "set terminal svg size 760,440 font 'sans,11' background rgb 'white'"
        echo "set output '$out/payoff.svg'"
        echo "set datafile separator ','"
        echo "set title 'Malekeh against the baseline OCUs, sky130 HD gate level, $(basename "$trace" .traceg.xz): net energy per instruction' noenhanced"
        echo "set xlabel 'CCU entries'"; echo "set ylabel 'net pJ per instruction (below 0: Malekeh saves)'"
        echo "set key top left"; echo "set grid"
        echo "set xzeroaxis lt -1 lw 1.5"
        printf "plot "
        sep=""
        for w in $widths; do
            printf "%s'%s' every ::1 using (\$1 == %s ? \$2 : 1/0):7 with linespoints lw 2 title '%s data bits'" "$sep" "$out/payoff.csv" "$w" "$w"
            sep=", "
        done
        echo
    } >"$gp"
    gnuplot "$gp" && echo "payoff: $out/payoff.svg"
fi
echo "payoff: $out/payoff.md, $out/decomposition.md, $out/payoff.csv"
