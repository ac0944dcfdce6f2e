#!/usr/bin/env bash
# grid_scale.sh - grid_scale = K on real traces (docs/gpu.md section 1) against the
# unscaled run: K = 1 writes the JSON and summary of no key byte for byte (but the wall
# time); K = 2 issues exactly twice the instructions, blocks and warps, and the second
# replica's SMs run the instructions of the first's (the shipped trace: one block on SM 0,
# its replica alone on SM 1). Every trace of ../shared/workloads when present, else the
# shipped one only.
set -u
cd "$(dirname "$0")/.."
SIM=build/malekeh-sim
tmp=$(mktemp -d /tmp/grid_scale.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
get() { grep -o "\"$2\": [-0-9.e]*" "$1" | head -1 | sed 's/.*: //'; }
strip() { grep -v '"seconds"' "$1"; }
traces=(workloads/matrixmul32_sm61_kernel-1.traceg.xz)
for t in ../shared/workloads/*.traceg*; do [ -e "$t" ] && traces+=("$t"); done
for t in "${traces[@]}"; do
    n=$(basename "$t"); n=${n%%.traceg*}
    "$SIM" --trace "$t" --quiet --json "$tmp/a.json" 2>/dev/null &&
        "$SIM" --trace "$t" --quiet --set grid_scale=1 --json "$tmp/b.json" 2>/dev/null &&
        "$SIM" --trace "$t" --quiet --set grid_scale=2 --json "$tmp/c.json" 2>/dev/null ||
        { echo "FAIL: grid_scale $n: a run failed"; continue; }
    "$SIM" --trace "$t" >"$tmp/a.txt" 2>/dev/null; "$SIM" --trace "$t" --set grid_scale=1 >"$tmp/b.txt" 2>/dev/null
    if cmp -s <(strip "$tmp/a.json") <(strip "$tmp/b.json") && cmp -s "$tmp/a.txt" "$tmp/b.txt"; then
        echo "PASS: grid_scale $n: K = 1 is the run without the key, byte for byte"
    else
        echo "FAIL: grid_scale $n: K = 1 differs from no key: $(diff <(strip "$tmp/a.json") <(strip "$tmp/b.json") | head -4 | tr '\n' ' ')"
    fi
    ok=1
    for k in instructions blocks warps; do
        a=$(get "$tmp/a.json" $k) c=$(get "$tmp/c.json" $k)
        [ -n "$a" ] && [ "$c" = $((2 * a)) ] || { ok=0; echo "  $k: $a, with K = 2 $c"; }
    done
    [ "$ok" = 1 ] && echo "PASS: grid_scale $n: K = 2 issues exactly twice the instructions ($(get "$tmp/c.json" instructions)), blocks and warps" ||
        echo "FAIL: grid_scale $n: K = 2 does not double the counts"
done
# the shipped trace: one block of 32 warps, on SM 0's 4 sub-cores; its replica on SM 1's
sub() { grep -o '"subcore_instructions": \[[^]]*\]' "$1" | sed 's/.*\[//; s/\]//; s/,//g'; }
"$SIM" --trace "${traces[0]}" --quiet --json "$tmp/a.json" && "$SIM" --trace "${traces[0]}" --quiet --set grid_scale=2 --json "$tmp/c.json"
read -r -a A < <(sub "$tmp/a.json"); read -r -a C < <(sub "$tmp/c.json")
if [ "${#A[@]}" -ge 8 ] && [ "${A[*]:0:4}" = "${C[*]:0:4}" ] && [ "${A[*]:0:4}" = "${C[*]:4:4}" ] && [ "${A[*]:4:4}" = "0 0 0 0" ]; then
    echo "PASS: grid_scale: the replica's SM runs per sub-core what the original's does (${C[*]:0:8})"
else
    echo "FAIL: grid_scale: sub-core instructions K = 1 '${A[*]:0:8}', K = 2 '${C[*]:0:8}'"
fi
