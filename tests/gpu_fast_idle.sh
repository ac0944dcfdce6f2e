#!/usr/bin/env bash
# gpu_fast_idle.sh - sleeping sub-cores change nothing: every shared trace (and the
# shipped one) on the GPU with fast_idle = on and off, on the preset GPU, on the filled
# SMs with private CCUs and the invariant checker, and a kernel list: every statistic of
# the JSON equal (run.seconds aside).
set -u
cd "$(dirname "$0")/.."
SIM=build/malekeh-sim
tmp=$(mktemp -d /tmp/gpu_fast_idle.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
traces=$(ls ../shared/workloads/*.traceg 2>/dev/null) 
[ -n "$traces" ] || echo "SKIP: gpu_fast_idle: no ../shared/workloads (the shipped trace only)"
same() { # label, then the options
    local l=$1; shift
    "$SIM" "$@" --set fast_idle=on --quiet --json "$tmp/on.json" 2>"$tmp/err" &&
    "$SIM" "$@" --set fast_idle=off --quiet --json "$tmp/off.json" 2>>"$tmp/err" || {
        echo "FAIL: gpu_fast_idle $l: $(cat "$tmp/err")"; return; }
    if diff <(grep -v -e '"seconds"' -e '"fast_idle"' "$tmp/on.json") \
            <(grep -v -e '"seconds"' -e '"fast_idle"' "$tmp/off.json") >"$tmp/diff"; then
        echo "PASS: gpu_fast_idle $l: every statistic equal"
    else
        echo "FAIL: gpu_fast_idle $l: $(head -4 "$tmp/diff" | tr '\n' ' ')"
    fi
}
for t in workloads/matrixmul32_sm61_kernel-1.traceg.xz $traces; do
    n=$(basename "$t")
    same "$n" --trace "$t"
    same "$n (filled SMs, private CCUs, --check)" --config configs/examples/private.cfg \
        --set sm_fill=on --check --trace "$t"
    same "$n (RFC, two-level scheduling)" --set caching=off --set operand_cache=rfc --trace "$t"
done
printf 'MemcpyHtoD,0x1000,64\n%s\n%s\n' "$PWD/workloads/matrixmul32_sm61_kernel-1.traceg.xz" \
    "$PWD/workloads/matrixmul32_sm61_kernel-1.traceg.xz" > "$tmp/kernelslist.g"
same "a kernel list" --trace "$tmp/kernelslist.g"
