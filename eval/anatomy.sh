#!/usr/bin/env bash
# anatomy.sh [--lat K] [TRACE...] - why GTO + LRU keeps the hits it keeps (the long paper's Fig. 17,
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
set -euo pipefail
lat=1
if [ "${1:-}" = --lat ]; then
    [[ "${2:-}" =~ ^[0-9]+$ ]] && [ "$2" -ge 1 ] && [ "$2" -le 64 ] ||
        { echo "eval/anatomy.sh: --lat '${2:-}': expected an integer 1..64" >&2; exit 2; }
    lat=$2; shift 2
fi
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
