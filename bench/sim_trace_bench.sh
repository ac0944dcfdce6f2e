#!/usr/bin/env bash
# sim_trace_bench.sh - speed and peak memory of the whole trace path (reader, exact hints,
# driver, model) of build/malekeh-sim on the default configuration: on the largest shipped
# trace, and on a long trace generated from it (bench/trace_gen.sh; SIM_BENCH_MB megabytes,
# default 1000), both on malekeh-sim's default statistics-only path; then the largest
# shipped trace on the bit-accurate path (--values: 1024-bit values, every operand
# checked). Prints trace instructions per second of CPU time (user + sys, one core; the
# median of SIM_BENCH_RUNS runs, default 3, with the range; a short trace runs more often,
# until its runs add up to 2 s of CPU: bench/cpu_time.py) and of wall time, and the peak
# resident set size. Every case runs on both machines, side by side: one sub-core
# (machine = subcore) and the GPU (machine = gpu, the default), with the GPU's speed as a
# share of the sub-core's. A benchmark, not a test: it measures, it does not judge.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
WL=${WORKLOADS:-$ROOT/../shared/workloads}
MB=${SIM_BENCH_MB:-1000}
if ! ls "$WL"/*.traceg >/dev/null 2>&1; then
    echo "sim_trace_bench: no traces in $WL: skipped"
    exit 0
fi
make -s build/malekeh-sim >/dev/null
largest=$(ls -S "$WL"/*.traceg | head -1)
out=build/bench; mkdir -p "$out"
long=$out/$(basename "${largest%.traceg}")_${MB}mb.traceg
[ -s "$long" ] || bash bench/trace_gen.sh "$largest" "$long" "$MB"
RUNS=${SIM_BENCH_RUNS:-3}
# run LABEL TRACE [malekeh-sim options]: RUNS runs (bench/cpu_time.py: CPU time to the
# microsecond), then one under /usr/bin/time for the peak RSS; prints the median run's
# instructions per second of CPU and of wall time, the slowest..fastest range, the peak RSS.
run() {
    local t; t=$(mktemp)
    ./build/malekeh-sim --trace "$2" --quiet --json "$t.json" "${@:3}"
    local n; n=$(grep -o '"instructions": [0-9]*' "$t.json" | head -1 | sed 's/.*: //')
    MIN_SECONDS=${SIM_BENCH_MIN_SECONDS:-2} python3 bench/cpu_time.py "$RUNS" ./build/malekeh-sim --trace "$2" --quiet "${@:3}" >"$t"
    sort -n "$t" | awk -v l="$1" -v n="$n" -v sz="$(stat -L -c %s "$2")" '
        $1 == "peak_rss_kib" { rss = $2; next }
        { k++; cpu[k] = $1; wall[k] = $2 }
        END { m = int((k + 1) / 2)
              printf "  %-34s %5.0f MB %11d instr  %5.2f M instr/s CPU (%.2f-%.2f, median of %d)  %5.2f M instr/s wall  peak RSS %5.1f MiB\n",
                     l, sz / 1e6, n, n / cpu[m] / 1e6, n / cpu[k] / 1e6, n / cpu[1] / 1e6, k,
                     n / wall[m] / 1e6, rss / 1024 }'
    rm -f "$t" "$t.json"
}
# both LABEL TRACE [options]: the case on one sub-core, then on the GPU, and the ratio
both() {
    local a b
    a=$(run "$1, machine = subcore" "$2" --set machine=subcore "${@:3}")
    b=$(run "$1, machine = gpu" "$2" --set machine=gpu "${@:3}")
    echo "$a"; echo "$b"
    awk -v a="$(echo "$a" | awk '{for (i = 1; i < NF; i++) if ($(i+1) == "M") {print $i; exit}}')" \
        -v b="$(echo "$b" | awk '{for (i = 1; i < NF; i++) if ($(i+1) == "M") {print $i; exit}}')" \
        'BEGIN { if (a > 0) printf "  %-34s the GPU at %.0f %% of the sub-core'"'"'s instructions per CPU second\n", "", 100 * b / a }'
}
echo "trace path of malekeh-sim (default configuration, exact hints), statistics only:"
both "$(basename "$largest")" "$largest"
both "generated ($(basename "$long"))" "$long"
echo "bit-accurate path (--values: 1024-bit values, every operand checked):"
both "$(basename "$largest")" "$largest" --values
echo "  machine load: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores"
