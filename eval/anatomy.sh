#!/usr/bin/env bash
# anatomy.sh [--lat K] [--plot SVG] [TRACE...] - why GTO + LRU keeps the hits it keeps (the long paper's Fig. 17,
# docs/compare.md): on each trace (default: every trace in ../shared/workloads), on the
# paper's machine (one sub-core of 8 warps, machine = subcore), Malekeh and `gto_lru`
# (scheduler = gto, replacement = lru) with the reuse anatomy on (reuse_stats = on,
# driver/reusestat.h). Prints a Markdown table: the trace's reuse distances (share of the
# reuses farther than 3 and than 10 instructions of the warp, the long paper's Fig. 1
# measure), gto_lru's hit ratio on the reuses at distance 1-3 and farther, the share of its
# misses that are flush misses (the warp took a new CCU since the register's last access),
# the instructions a warp issues per CCU it takes, the hit ratio of both designs, and
# gto_lru's hit ratio with its reuses reweighted to DeepBench's distances (the long paper's
# Fig. 1: 50.2 % of the reuses farther than 3, "more than 40 %" farther than 10; taken as
# 49.8 % within 3, 10.0 % at 4-10, 40.2 % beyond 10: each bin keeps the hit ratio it has on
# the trace, so only the distances change, not how long a warp keeps its CCU); then the
# means over the traces. --lat K (an integer 1..64) multiplies the latency of every
# arithmetic unit (exec_int, exec_fp, exec_dp, exec_sfu, exec_tensor; not memory, not
# branches) by K in all the runs: a warp then stalls sooner on its dependences and keeps its
# CCU for fewer instructions, which shows how the hit ratio follows that tenure.
# --plot SVG also draws, with gnuplot, the share of reuses farther than 1, 2, 3 and 10
# instructions per trace beside the long paper's Fig. 1 figures, and the mean hit ratio per
# distance of Malekeh and gto_lru (written whole or not at all).
set -euo pipefail
lat=1 plot=""
while [ $# -gt 0 ]; do
    case $1 in
        --lat) [[ "${2:-}" =~ ^[0-9]+$ ]] && [ "$2" -ge 1 ] && [ "$2" -le 64 ] ||
                   { echo "eval/anatomy.sh: --lat '${2:-}': expected an integer 1..64" >&2; exit 2; }
               lat=$2; shift 2 ;;
        --plot) [ -n "${2:-}" ] && [ -d "$(dirname "$2")" ] ||
                    { echo "eval/anatomy.sh: --plot '${2:-}': expected an SVG path in an existing folder" >&2; exit 2; }
                plot=$2; shift 2 ;;
        --*) echo "eval/anatomy.sh: unknown option '$1' (expected --lat K, --plot SVG or traces)" >&2; exit 2 ;;
        *) break ;;
    esac
done
ROOT=$(cd "$(dirname "$0")/.." && pwd)
NAME=eval/anatomy.sh
. "$ROOT/eval/trace_list.sh"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
# the arithmetic units' latencies x lat, from the resolved configuration's "LAT,II" pairs
latset=()
if [ "$lat" != 1 ]; then
    "$SIM" --trace "${traces[0]}" --quiet --set machine=subcore --json "$tmp/c.json" 2>/dev/null
    for u in int fp dp sfu tensor; do
        pair=$(grep -o "\"exec_$u\": \"[0-9]*,[0-9]*\"" "$tmp/c.json" | sed 's/.*: "//; s/"//')
        [ -n "$pair" ] || { echo "eval/anatomy.sh: no exec_$u in the run's configuration" >&2; exit 2; }
        latset+=(--set "exec_$u=$(( ${pair%,*} * lat )),${pair#*,}")
    done
fi
echo "| trace | reuses farther than 3 / 10 | gto_lru hit ratio at distance 1-3 / 4+ | gto_lru misses that are flush misses | instructions per CCU taken: Malekeh / gto_lru | hit ratio: Malekeh / gto_lru | gto_lru at DeepBench's distances |"
echo "|---|---:|---:|---:|---:|---:|---:|"
for t in "${traces[@]}"; do
    name=$(basename "${t%.traceg}")
    "$SIM" --trace "$t" --quiet --set machine=subcore --set reuse_stats=on "${latset[@]}" --json "$tmp/m.json" \
        2> >(grep -v ': warning: ' >&2) # a trace's warnings are docs/trace.md's business
    "$SIM" --trace "$t" --quiet --set machine=subcore --set reuse_stats=on --set scheduler=gto \
        --set replacement=lru "${latset[@]}" --json "$tmp/g.json" 2> >(grep -v ': warning: ' >&2)
    args=()
    for k in reads_cold reads_d1 reads_d2 reads_d3 reads_d4_10 reads_d11 hits_d1 hits_d2 hits_d3 \
             hits_d4_10 hits_d11 miss_flushed miss_kept tenures; do
        args+=(-v "g_$k=$(get "$tmp/g.json" "$k")")
    done
    # the plot's data: the share of reuses farther than 1, 2, 3, 10; each bin's hit ratio
    for k in reads_d1 reads_d2 reads_d3 reads_d4_10 reads_d11; do
        echo "$(get "$tmp/m.json" "$k") $(get "$tmp/m.json" "hits_${k#reads_}") $(get "$tmp/g.json" "hits_${k#reads_}")"
    done | awk -v name="$name" -v cum="$tmp/cum.dat" -v bins="$tmp/bins.dat" \
        '{ r[NR] = $1; hm[NR] = $2; hg[NR] = $3; n += $1 }
         END { printf "\"%s\"", name >> cum
               far = n - r[1]; printf " %f", far / n >> cum; far -= r[2]; printf " %f", far / n >> cum
               far -= r[3]; printf " %f", far / n >> cum; printf " %f\n", r[5] / n >> cum
               for (i = 1; i <= 5; i++) printf "%d %f %f\n", i, r[i] ? hm[i] / r[i] : 0, r[i] ? hg[i] / r[i] : 0 >> bins }'
    awk -v name="$name" "${args[@]}" -v m_ten="$(get "$tmp/m.json" tenures)" \
        -v m_n="$(get "$tmp/m.json" issued)" -v g_n="$(get "$tmp/g.json" issued)" \
        -v m_h="$(get "$tmp/m.json" hit_ratio)" -v g_h="$(get "$tmp/g.json" hit_ratio)" \
        'function d(a, b) { return b > 0 ? a / b : 0 }
         BEGIN { near = g_reads_d1 + g_reads_d2 + g_reads_d3; far = g_reads_d4_10 + g_reads_d11
                 reuses = near + far
                 f3 = d(far, reuses); f10 = d(g_reads_d11, reuses)
                 hn = d(g_hits_d1 + g_hits_d2 + g_hits_d3, near); hf = d(g_hits_d4_10 + g_hits_d11, far)
                 fl = d(g_miss_flushed, g_miss_flushed + g_miss_kept)
                 db = 0.498 * hn + 0.100 * d(g_hits_d4_10, g_reads_d4_10) + 0.402 * d(g_hits_d11, g_reads_d11)
                 printf "| %s | %.1f %% / %.1f %% | %.1f %% / %.1f %% | %.1f %% | %.1f / %.1f | %.1f %% / %.1f %% | %.1f %% |\n",
                        name, 100 * f3, 100 * f10, 100 * hn, 100 * hf, 100 * fl, d(m_n, m_ten), d(g_n, g_tenures),
                        100 * m_h, 100 * g_h, 100 * db
                 printf "%f %f %f %f %f %f %f %f %f %f\n", f3, f10, hn, hf, fl, d(m_n, m_ten), d(g_n, g_tenures), m_h, g_h, db > "/dev/stderr" }' \
        2>>"$tmp/means"
done
awk '{ for (i = 1; i <= NF; i++) m[i] += $i; n++ }
     END { printf "| mean of the %d traces | %.1f %% / %.1f %% | %.1f %% / %.1f %% | %.1f %% | %.1f / %.1f | %.1f %% / %.1f %% | %.1f %% |\n", n,
           100 * m[1] / n, 100 * m[2] / n, 100 * m[3] / n, 100 * m[4] / n, 100 * m[5] / n, m[6] / n, m[7] / n,
           100 * m[8] / n, 100 * m[9] / n, 100 * m[10] / n }' "$tmp/means"
[ -n "$plot" ] || exit 0
command -v gnuplot >/dev/null || { echo "eval/anatomy.sh: gnuplot not found (Debian package gnuplot-nox): no $plot" >&2; exit 2; }
# the cumulative shares as one row per threshold (columns: the traces), the bins' means
awk '{ for (i = 2; i <= 5; i++) v[NR, i] = $i; nt = NR } END { split("1 2 3 10", x, " ")
      for (i = 2; i <= 5; i++) { printf "%s", x[i - 1]; for (t = 1; t <= nt; t++) printf " %f", 100 * v[t, i]; printf "\n" } }' \
    "$tmp/cum.dat" > "$tmp/cum.t"
awk '{ m[$1] += $2; g[$1] += $3; c[$1]++ } END { for (i = 1; i <= 5; i++) printf "%d %f %f\n", i, 100 * m[i] / c[i], 100 * g[i] / c[i] }' \
    "$tmp/bins.dat" > "$tmp/bins.mean"
ntr=$(wc -l < "$tmp/cum.dat")
titles=$(awk '{ gsub(/"/, "", $1); sub(/_kernel.*|_sm[0-9].*/, "", $1); printf "%s ", $1 }' "$tmp/cum.dat")
gnuplot <<GP
set terminal svg size 980,440 font "sans,12" background "white" noenhanced
set output "$plot.tmp"
set multiplot layout 1,2 title "Reuse anatomy, one sub-core of 8 warps$( [ "$lat" != 1 ] && echo ", arithmetic latencies x $lat")"
set grid
set key top right font "sans,10" maxrows 4
set title "share of reuses farther than d instructions"
set xlabel "d (instructions of the warp)"
set ylabel "% of the reuses"
set logscale x
set xrange [0.8:14]
set yrange [0:140]
set ytics 0, 20, 100
set xtics ("1" 1, "2" 2, "3" 3, "10" 10)
tl = "$titles"
plot for [t = 1:$ntr] "$tmp/cum.t" using 1:(column(t + 1)) with linespoints pt 7 ps 0.8 title word(tl, t), \
     "-" using 1:2 with points pt 5 ps 1.8 lc rgb "black" title "paper: Rodinia", \
     "-" using 1:2 with points pt 9 ps 2 lc rgb "#d62728" title "paper: DeepBench (> 40 % beyond 10)"
3 36
e
3 50.2
10 40
e
unset logscale x
set title "hit ratio by reuse distance (mean over the traces)"
set xlabel "reuse distance (instructions of the warp)"
set ylabel "hit ratio (%)"
set xrange [0.5:5.5]
set xtics ("1" 1, "2" 2, "3" 3, "4-10" 4, "11+" 5)
set yrange [0:70]
set ytics 0, 10, 70
set key top right
plot "$tmp/bins.mean" using 1:2 with linespoints pt 7 lw 2 lc rgb "#1f77b4" title "Malekeh", \
     "$tmp/bins.mean" using 1:3 with linespoints pt 5 lw 2 lc rgb "#ff7f0e" title "gto_lru"
unset multiplot
GP
mv "$plot.tmp" "$plot"
echo "eval/anatomy.sh: $plot" >&2
