#!/usr/bin/env bash
# gpu_batch.sh - stepping each SM sm_batch cycles at a time (gpu/gbatch.c): the only thing a
# batch changes is the order in which the SMs' requests reach the L2 and DRAM within it
# (each still takes the bandwidth free at its own cycle: gpu/tline.c).
#   - one SM: nothing to reorder, every statistic of the default sm_batch (128) equals
#     sm_batch = 1 (the cycle-by-cycle loop), on every shared trace and the shipped one;
#   - a kernel with no memory traffic (no L2 order to change) on the full GPU: equal too;
#   - the full GPU: the same instructions, cycles within 2 % of sm_batch = 1 (0.0 to 0.3 %
#     on the shared traces), and two runs byte-identical (deterministic);
#   - sm_batch larger than block_exit_lat is cut to it (a retired block's release must fall
#     in a later batch): sm_batch = 64 with block_exit_lat = 8 equals sm_batch = 8.
set -u
cd "$(dirname "$0")/.."
SIM=build/malekeh-sim
tmp=$(mktemp -d /tmp/gpu_batch.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
make -s "$SIM" >/dev/null || { echo "FAIL: gpu_batch: build"; exit 1; }
traces=$(ls ../shared/workloads/*.traceg 2>/dev/null)
[ -n "$traces" ] || echo "SKIP: gpu_batch: no ../shared/workloads (the shipped trace only)"
strip() { grep -v -e '"seconds"' -e '"sm_batch"' "$1"; }
run() { "$SIM" --quiet "$@" 2>"$tmp/err" || { echo "FAIL: gpu_batch: $* : $(head -2 "$tmp/err")"; return 1; }; }
equal() { # label, then the options: sm_batch 1 and the default give the same statistics
    local l=$1; shift
    run "$@" --set sm_batch=1 --json "$tmp/a.json" && run "$@" --json "$tmp/b.json" || return
    if diff <(strip "$tmp/a.json") <(strip "$tmp/b.json") >"$tmp/diff"; then
        echo "PASS: gpu_batch $l: every statistic equal to the cycle-by-cycle loop"
    else echo "FAIL: gpu_batch $l: $(head -4 "$tmp/diff" | tr '\n' ' ')"; fi
}
get() { grep -o "\"$2\": [0-9]*" "$1" | head -1 | sed 's/.*: //'; }
for t in workloads/matrixmul32_sm61_kernel-1.traceg.xz $traces; do
    equal "$(basename "$t"), one SM" --trace "$t" --set sms=1
done
# a kernel without memory instructions: 64 blocks of a dependent FFMA chain
{ printf -- '-kernel name = ffma\n-kernel id = 1\n-grid dim = (64,1,1)\n-block dim = (32,1,1)\n-shmem = 0\n-nregs = 8\n-binary version = 90\n-accelsim tracer version = 3\n\n'
  for b in $(seq 0 63); do
      printf '#BEGIN_TB\nthread block = %d,0,0\nwarp = 0\ninsts = 9\n' "$b"
      for i in $(seq 0 7); do printf '%04x ffffffff 1 R1 FFMA 3 R1 R2 R3 0 \n' $((i * 16)); done
      printf '0080 ffffffff 0 EXIT 0 0 \n#END_TB\n'
  done; } > "$tmp/ffma.traceg"
equal "64 blocks without memory traffic, full GPU" --trace "$tmp/ffma.traceg"
for t in $traces; do
    n=$(basename "$t")
    run --trace "$t" --set sm_batch=1 --json "$tmp/a.json" && run --trace "$t" --json "$tmp/b.json" &&
        run --trace "$t" --json "$tmp/c.json" || continue
    ia=$(get "$tmp/a.json" instructions) ib=$(get "$tmp/b.json" instructions)
    ca=$(get "$tmp/a.json" cycles) cb=$(get "$tmp/b.json" cycles)
    if [ "$ia" = "$ib" ] && awk -v a="$ca" -v b="$cb" 'BEGIN { d = (b - a) / a; exit !(d < 0.02 && d > -0.02) }' &&
       diff <(grep -v '"seconds"' "$tmp/b.json") <(grep -v '"seconds"' "$tmp/c.json") >/dev/null; then
        echo "PASS: gpu_batch $n: full GPU, $ib instructions, $cb cycles against $ca cycle by cycle, deterministic"
    else
        echo "FAIL: gpu_batch $n: instructions $ia / $ib, cycles $ca / $cb (batch 1 / default), or two runs differ"
    fi
done
t=$(echo "$traces" | grep . | head -1); t=${t:-workloads/matrixmul32_sm61_kernel-1.traceg.xz}
run --trace "$t" --set block_exit_lat=8 --set sm_batch=64 --json "$tmp/a.json" &&
    run --trace "$t" --set block_exit_lat=8 --set sm_batch=8 --json "$tmp/b.json" &&
    if diff <(strip "$tmp/a.json") <(strip "$tmp/b.json") >/dev/null; then
        echo "PASS: gpu_batch: sm_batch is cut to block_exit_lat"
    else echo "FAIL: gpu_batch: sm_batch = 64 with block_exit_lat = 8 differs from sm_batch = 8"; fi
