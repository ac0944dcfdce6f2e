#!/usr/bin/env bash
# designs.sh OUTDIR - every design of a merged evaluation (eval/merge.sh: OUTDIR/table.csv)
# against the storage it adds: OUTDIR/designs.md, one row per variant with the mean over the
# traces of its bank-read and RF-energy reductions against the baseline (arithmetic means)
# and its IPC against the baseline of its own collector count (geometric mean), beside the
# bits it adds per sub-core over two baseline collectors (sim/report.h rep_storage_bits) and
# their flip-flop area; and OUTDIR/designs.svg, the two reductions against that storage.
# The area counts flip-flops only: bits x the D flip-flop of synth/generic_cells.lib (sky130
# HD dfxtp_1), no multiplexer, decoder or control logic: a lower bound, the same rule for
# every design. The variants that differ from another only in a policy (no storage of their
# own: sthld_*, gto*, lru_only, no_filter, profile, static; RBA, whose 5-bit score per warp
# puts it on its design's point: rba, malekeh_rba; write-back CCUs, one dirty bit per
# entry: malekeh_wb) are left out of the plot.
set -euo pipefail
[ $# -eq 1 ] || { echo "usage: eval/designs.sh OUTDIR" >&2; exit 2; }
out=$1
ROOT=$(cd "$(dirname "$0")/.." && pwd)
[ -s "$out/table.csv" ] || { echo "eval/designs.sh: $out/table.csv missing (run eval/merge.sh)" >&2; exit 2; }
ff=$(sed -n 's/.*sky130_fd_sc_hd__dfxtp_1: \([0-9.]*\) um2.*/\1/p' "$ROOT/synth/generic_cells.lib" | head -1)
[ -n "$ff" ] || { echo "eval/designs.sh: no flip-flop area in synth/generic_cells.lib" >&2; exit 2; }
awk -F, -v ff="$ff" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i
                               if (!("storage_bits" in c)) { print "eval/designs.sh: table.csv has no storage_bits column (re-run eval/merge.sh)" > "/dev/stderr"; exit 2 }
                               next }
    { v = $2; if (!(v in n)) order[++k] = v; n[v]++; bits[v] = $c["storage_bits"]
      rd[v] += $c["bank_read_reduction"]; er[v] += $c["energy_reduction"]; hr[v] += $c["hit_ratio"]
      if ($c["ipc_vs_same_c"] != "") { ls[v] += log($c["ipc_vs_same_c"]); ns[v]++ } }
    function chg(x) { x = -100 * x; return (x > -0.05 && x < 0.05) ? 0 : x } # a reduction, signed
    END { print "| design (variant) | storage added per sub-core | flip-flop area (sky130 HD) | hit ratio | bank reads vs baseline | RF energy vs baseline | IPC / baseline of its C |"
          print "|---|---:|---:|---:|---:|---:|---:|"
          for (i = 1; i <= k; i++) { v = order[i]
              printf "| %s | %.0f bits (%.1f KiB) | %.3f mm2 | %.1f %% | %+.1f %% | %+.1f %% | %s |\n", v, bits[v], bits[v] / 8192,
                     bits[v] * ff / 1e6, 100 * hr[v] / n[v], chg(rd[v] / n[v]), chg(er[v] / n[v]),
                     ns[v] == n[v] ? sprintf("%.3f", exp(ls[v] / n[v])) : "n/a"
              printf "%s %.3f %.2f %.2f\n", v, bits[v] / 8192, 100 * rd[v] / n[v], 100 * er[v] / n[v] > "'"$out"'/designs.dat.tmp" } }' \
    "$out/table.csv" >"$out/designs.md.tmp"
mv "$out/designs.md.tmp" "$out/designs.md"
# the plotted designs; two at the same point (BOW and BOW-WR read the same) share a label
grep -Ev '^(sthld_[^ ]*|gto[^ ]*|lru_only|no_filter|profile|static|rba|malekeh_rba|malekeh_wb) ' "$out/designs.dat.tmp" |
    awk '{ k = $2 " " $3; if (k in name) name[k] = name[k] "/" $1; else { name[k] = $1; order[++n] = k }; e[k, ++m[k]] = $4 }
         END { for (i = 1; i <= n; i++) { k = order[i]; for (j = 1; j <= m[k]; j++) print (j == 1 ? name[k] : "-"), k, e[k, j] } }' \
    >"$out/designs.dat"
rm -f "$out/designs.dat.tmp"
command -v gnuplot >/dev/null || { echo "eval/designs.sh: gnuplot not found (Debian package gnuplot-nox): $out/designs.md only" >&2; exit 0; }
gnuplot <<GP
set terminal svg size 760,480 font "sans,12" background "white" noenhanced
set output "$out/designs.svg.tmp"
set title "What each design buys against the storage it adds (mean over the traces)"
set key outside below horizontal
set grid
set xlabel "storage added per sub-core over two baseline collectors (KiB, flip-flops)"
set ylabel "reduction against the baseline (%)"
set xrange [-1:*]
plot "$out/designs.dat" using 2:3 with points pt 7 ps 1.2 lc rgb "#1f77b4" title "bank reads", \
     "$out/designs.dat" using 2:4 with points pt 5 ps 1.2 lc rgb "#d62728" title "RF dynamic energy", \
     "$out/designs.dat" using 2:3:(stringcolumn(1) eq "-" ? "" : stringcolumn(1)) with labels offset 0.8,0.6 left font "sans,10" notitle
GP
mv "$out/designs.svg.tmp" "$out/designs.svg"
echo "eval: $out/designs.md, $out/designs.svg (each design against its storage)"
