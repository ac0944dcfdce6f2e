#!/usr/bin/env bash
# eval/payoff.sh - where Malekeh pays off in energy: its net RF energy per instruction against
# the baseline OCUs (caching = off) for a range of CCU entries and data widths, every run
# priced by one energy ledger (docs/energy.md; default the gate-level one,
# configs/energy/sky130_hd.ledger), the bank read energy at which the CCUs break even, and
# the papers' -28.3 % RF dynamic energy beside ours with the difference decomposed.
#
#   eval/payoff.sh [--ledger FILE] [--trace FILE] [--out DIR] [--entries "7 8 10 12 16"]
#                  [--widths "256 512 1024"] [--config FILE]
#
# One sub-core runs the trace (machine = subcore, as the gate-level runs of synth/power.sh).
# Writes DIR/payoff.{csv,md,svg} and DIR/decomposition.md; prints both tables. Exit 2 on
# bad arguments (one line).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
ledger=configs/energy/sky130_hd.ledger; trace=workloads/matrixmul32_sm61_kernel-1.traceg.xz
out=build/payoff; entries="7 8 10 12 16"; widths="256 512 1024"; config=configs/default.cfg
while [ $# -gt 0 ]; do
    case "$1" in
        --ledger) ledger=$2; shift 2 ;;
        --trace) trace=$2; shift 2 ;;
        --out) out=$2; shift 2 ;;
        --entries) entries=$2; shift 2 ;;
        --widths) widths=$2; shift 2 ;;
        --config) config=$2; shift 2 ;;
        *) echo "payoff.sh: unknown option '$1' (allowed: --ledger --trace --out --entries --widths --config)" >&2; exit 2 ;;
    esac
done
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
python3 - "$out" "$ledger" "$(basename "$trace")" "$widths" "$entries" <<'PY'
import json, sys
out, ledger, trace, widths, entries = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4].split(), sys.argv[5].split()
J = lambda n: json.load(open("%s/runs/%s.json" % (out, n)))
comps = ["bank_read", "bank_write", "ccu_read", "ccu_write", "crossbar", "latch", "storage_clock", "clock_gates", "control", "bank_idle"]
rows = []
for w in widths:
    off = J("off_w%s" % w); eo = off["energy"]; io = off["model"]["issued"]
    for e in entries:
        on = J("on_w%s_e%s" % (w, e)); en = on["energy"]; ins = on["model"]["issued"]
        net = en["pj_per_inst"] - eo["pj_per_inst"]
        rd = (off["model"]["bank_reads"] - on["model"]["bank_reads"]) / ins       # reads saved per instruction
        per_read = en["bank_read_pj_per_access"]                                  # pJ of one bank read at this width
        added = net + rd * per_read                                               # all but the bank reads
        be = added / (rd * int(w)) if rd > 0 and added > 0 else 0.0               # break-even pJ per bit read (0: none)
        rows.append((int(w), int(e), on["metrics"]["hit_ratio"] if "hit_ratio" in on.get("metrics", {}) else 0.0,
                     rd, added, rd * per_read, net, 100 * net / eo["pj_per_inst"], be, be / en["bank_read_pj_per_bit"] if en["bank_read_pj_per_bit"] else 0))
with open(out + "/payoff.csv", "w") as f:
    f.write("data_bits,entries,hit_ratio,bank_reads_saved_per_inst,ccus_add_pj,bank_reads_saved_pj,net_pj,net_pct,breakeven_pj_per_bit,breakeven_x_ledger\n")
    for r in rows: f.write("%d,%d,%.4f,%.4f,%.1f,%.1f,%.1f,%.2f,%.4f,%.3f\n" % r)
md = ["| data bits | entries | hit ratio | bank reads saved / inst | CCUs add (pJ/inst; all but bank reads) | bank reads saved (pJ/inst) | net (pJ/inst) | net vs baseline RF energy | break-even bank read (pJ/bit; x the ledger's) |",
      "|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
for r in rows:
    be = "%.3f (x%.2f)" % (r[8], r[9]) if r[8] > 0 else "none: saves at any bank energy"
    md.append("| %d | %d | %.1f %% | %.3f | %.0f | %.0f | %+.0f | %+.1f %% | %s |" % (r[0], r[1], 100 * r[2], r[3], r[4], r[5], r[6], r[7], be))
open(out + "/payoff.md", "w").write("\n".join(md) + "\n")
print("\n".join(md))
# the papers' -28.3 % beside ours, decomposed by component (the widest width, the configuration's entries)
w = widths[-1]
cfg_e = J("off_w%s" % w)["config"]["entries"]
name = "on_w%s_e%s" % (w, cfg_e if cfg_e in entries else entries[0])
on, off = J(name), J("off_w%s" % w)
b = off["energy"]["pj_per_inst"]
dec = ["| component | Malekeh (pJ/inst) | baseline (pJ/inst) | difference | of the baseline's RF energy | in the papers' accounting |",
       "|---|---:|---:|---:|---:|---|"]
papers = {"bank_read": "yes", "bank_write": "yes", "ccu_read": "yes (a small SRAM read)", "ccu_write": "yes (a small SRAM write)",
          "latch": "yes (a small SRAM write)", "crossbar": "in part (a fixed wire energy)", "storage_clock": "no", "clock_gates": "no",
          "control": "no", "bank_idle": "no"}
for c in comps:
    m, o = on["energy"][c + "_pj"] / on["model"]["issued"], off["energy"][c + "_pj"] / off["model"]["issued"]
    dec.append("| %s | %.1f | %.1f | %+.1f | %+.1f %% | %s |" % (c, m, o, m - o, 100 * (m - o) / b, papers[c]))
tot = on["energy"]["pj_per_inst"] - b
dec.append("| **total** | %.1f | %.1f | %+.1f | **%+.1f %%** | the papers: **-28.3 %%** (long paper, 45 nm CACTI, RTX 2060 model) |" % (on["energy"]["pj_per_inst"], b, tot, 100 * tot / b))
inpap = sum(on["energy"][c + "_pj"] / on["model"]["issued"] - off["energy"][c + "_pj"] / off["model"]["issued"] for c in comps if papers[c].startswith("yes"))
dec.append("| what the papers count (rows marked yes) | | | %+.1f | %+.1f %% | |" % (inpap, 100 * inpap / b))
open(out + "/decomposition.md", "w").write("\n".join(dec) + "\n")
print("\n%s, %s data bits, entries %s, ledger %s:" % (trace, w, name.split("_e")[-1], ledger))
print("\n".join(dec))
PY
# the plot: net energy against entries, one line per width
if command -v gnuplot >/dev/null; then
    gp=$out/payoff.gp
    {
        echo "set terminal svg size 760,440 font 'sans,11' background rgb 'white'"
        echo "set output '$out/payoff.svg'"
        echo "set datafile separator ','"
        echo "set title 'Malekeh against the baseline OCUs: net RF energy per instruction ($(basename "$ledger"))'"
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
