#!/usr/bin/env bash
# trace_bench.sh - speed and peak memory of the trace reader (make trace-bench).
# Builds ~200 MB traces from the shipped bfs and btree traces (bench/trace_gen.sh), then
# reads each three times (reader alone, reader + exact hints) and reports the best run,
# and the peak resident set size from /usr/bin/time -v. TRACE_BENCH_MB sets the size;
# TRACE_BENCH_XZ=1 also times an xz-compressed copy.
set -euo pipefail
mb=${TRACE_BENCH_MB:-200}
src=${WORKLOADS:-$(cd "$(dirname "$0")/.." && pwd)/../shared/workloads}
out=build/bench
mkdir -p "$out"
for t in bfs_rodinia_sm80_kernel-9 btree_find_key_sm90_kernel-1; do
    f="$out/${t%%_*}_${mb}mb.traceg"
    [ -s "$f" ] || bash bench/trace_gen.sh "$src/$t.traceg" "$f" "$mb"
    files=("$f")
    if [ "${TRACE_BENCH_XZ:-0}" = 1 ]; then
        [ -s "$f.xz" ] || xz -T1 -1 -k -c "$f" >"$f.xz"
        files+=("$f.xz")
    fi
    for g in "${files[@]}"; do
        for mode in "" --hints; do
            best=""
            for i in 1 2 3; do
                line=$(./build/trace-bench "$g" $mode)
                cpu=$(sed 's/.*CPU \([0-9.]*\) s.*/\1/' <<<"$line")
                if [ -z "$best" ] || awk -v a="$cpu" -v b="$best" 'BEGIN { exit !(a < b) }'; then
                    best=$cpu bestline=$line
                fi
            done
            echo "$bestline"
        done
        rss=$( { /usr/bin/time -v ./build/trace-bench "$g" --hints >/dev/null; } 2>&1 |
              awk -F': ' '/Maximum resident/ { print $2 }')
        echo "  peak RSS (reader + exact hints): $rss KiB"
    done
done
echo "  machine load: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores"
