#!/usr/bin/env bash
# gpu_bad_input.sh - bad input to the GPU machine: one line on stderr naming what is wrong
# and what was expected, exit 2, no JSON written. A preset that does not exist, a block
# that fits no SM, a bad line of a kernel list, an address list that does not match its
# active mask, a grid_scale out of range or off the GPU.
set -u
cd "$(dirname "$0")/.."
SIM=build/malekeh-sim
T=workloads/matrixmul32_sm61_kernel-1.traceg.xz
tmp=$(mktemp -d /tmp/gpu_bad_input.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
bad() { # name, pattern the line must hold, then the command
    local name=$1 pat=$2; shift 2
    "$@" --json "$tmp/x.json" >"$tmp/out" 2>"$tmp/err"; local rc=$?
    if [ "$rc" = 2 ] && [ "$(wc -l <"$tmp/err")" = 1 ] && grep -q -- "$pat" "$tmp/err" &&
       [ ! -e "$tmp/x.json" ]; then
        echo "PASS: gpu_bad_input $name: $(cat "$tmp/err")"
    else
        echo "FAIL: gpu_bad_input $name (exit $rc, $(wc -l <"$tmp/err") lines): $(cat "$tmp/err")"
    fi
}
bad "a preset that does not exist" "key 'arch'.*allowed: auto, turing, ampere, hopper" \
    "$SIM" --set arch=volta --trace "$T"
bad "a block that fits no SM (registers)" "matrixmul32_sm61_kernel-1.traceg.xz:[0-9]*: thread block 0,0,0 cannot fit an SM.*regs_sm = 4096" \
    "$SIM" --set regs_sm=4096 --trace "$T"
bad "a block that fits no SM (warp slots)" "cannot fit an SM: 32 warps.*at most 16 warps" \
    "$SIM" --set subcores_per_sm=2 --trace "$T"
bad "an L2 slice smaller than its ways" "L2 slice of [0-9]* bytes cannot hold 16 ways.*expected l2_kb \\* 1024 / l2_slices" \
    "$SIM" --set l2_kb=1 --set l2_ways=16 --trace "$T"
bad "an L1 smaller than its ways" "L1 of 1024 bytes cannot hold 64 ways.*expected l1_kb \\* 1024" \
    "$SIM" --set l1_kb=1 --set l1_ways=64 --trace "$T"
bad "sm_subset above sms" "sm_subset.*expected 0..sms" "$SIM" --set sms=4 --set sm_subset=5 --trace "$T"
# grid_scale: an integer 1..1024, on a trace on the GPU only; a file names its line
bad "grid_scale = 0" "key 'grid_scale'.*allowed: 1..1024" "$SIM" --set grid_scale=0 --trace "$T"
bad "grid_scale not a number" "key 'grid_scale'.*2x" "$SIM" --set grid_scale=2x --trace "$T"
bad "grid_scale above 1024" "key 'grid_scale'.*allowed: 1..1024" "$SIM" --set grid_scale=1025 --trace "$T"
printf 'ccus = 2\ngrid_scale = -1\n' > "$tmp/gs.cfg"
bad "grid_scale in a file" "gs.cfg:2: key 'grid_scale'" "$SIM" --config "$tmp/gs.cfg" --trace "$T"
bad "grid_scale on machine = subcore" "grid_scale.*needs a trace on machine = gpu" \
    "$SIM" --set grid_scale=2 --set machine=subcore --trace "$T"
bad "grid_scale on the synthetic workload" "grid_scale.*needs a trace on machine = gpu" \
    "$SIM" --set grid_scale=2 --insts 100
printf 'MemcpyHtoD,0x1000,64\nno_such_kernel.traceg\n' > "$tmp/kernelslist.g"
bad "a kernel list naming a missing trace" "kernelslist.g:2: cannot read" "$SIM" --trace "$tmp/kernelslist.g"
printf 'MemcpyHtoD,0x1000,many\n' > "$tmp/k2.g"
bad "a memory copy without a byte count" "k2.g:1: 'MemcpyHtoD,0x1000,many' is not a memory copy (expected MemcpyHtoD,ADDRESS,BYTES" "$SIM" --trace "$tmp/k2.g"
printf 'MemcpyHtoD,4096\n' > "$tmp/k3.g"
bad "a memory copy without an address" "k3.g:1: .* is not a memory copy" "$SIM" --trace "$tmp/k3.g"
# an instruction with 32 active threads and one address
xz -dc "$T" | awk '!done && / LDG.E / { sub(/ 4 1 0x[0-9a-f]+ 4/, " 4 0 0x10"); done = 1 } { print }' > "$tmp/mask.traceg"
if cmp -s <(xz -dc "$T") "$tmp/mask.traceg"; then
    echo "FAIL: gpu_bad_input: could not make an address list shorter than its mask"
else
    bad "an address list shorter than its mask" "mask.traceg:[0-9]*: .*address" "$SIM" --trace "$tmp/mask.traceg"
fi
# an opcode of no known class: counted and named, an error with --strict-isa
xz -dc "$T" | sed 's/ XMAD.MRG / FROB.MRG /' > "$tmp/unk.traceg"
"$SIM" --trace "$tmp/unk.traceg" --json "$tmp/u.json" >"$tmp/out" 2>/dev/null
n=$(xz -dc "$T" | grep -c ' XMAD.MRG ')
grep -q "unknown    $n instructions of opcodes of no known class (FROB.MRG)" "$tmp/out" &&
    grep -q '"unknown_opcodes": "FROB.MRG"' "$tmp/u.json" && grep -q "\"unknown_instructions\": $n" "$tmp/u.json" &&
    echo "PASS: gpu_bad_input an unknown opcode is counted ($n) and named in the summary and the JSON" ||
    echo "FAIL: gpu_bad_input an unknown opcode: $(grep unknown "$tmp/out")"
rm -f "$tmp/x.json"
bad "an unknown opcode with --strict-isa" "no known class (FROB.MRG) (--strict-isa" "$SIM" --trace "$tmp/unk.traceg" --strict-isa
# warnings reach stderr: with --quiet, and through make main (scripts/main_table.sh)
warned() { # name, pattern, then the command: exit 0 and the pattern on stderr
    local name=$1 pat=$2; shift 2
    "$@" >"$tmp/out" 2>"$tmp/err"; local rc=$?
    if [ "$rc" = 0 ] && grep -q -- "$pat" "$tmp/err"; then
        echo "PASS: gpu_bad_input $name: $(head -n1 "$tmp/err")"
    else
        echo "FAIL: gpu_bad_input $name (exit $rc): $(cat "$tmp/err")"
    fi
}
warned "an unknown opcode with --quiet: a warning on stderr" \
    "warning: .*unk.traceg: $n instructions of opcodes of no known class (FROB.MRG)" \
    "$SIM" --trace "$tmp/unk.traceg" --quiet
warned "an unknown opcode through make main: a warning on stderr" \
    "warning: .*no known class (FROB.MRG)" bash scripts/main_table.sh configs/default.cfg "$tmp/unk.traceg"
[ "$(grep -c 'no known class' "$tmp/err")" = 1 ] && echo "PASS: gpu_bad_input make main prints the warning once" ||
    echo "FAIL: gpu_bad_input make main printed the warning $(grep -c 'no known class' "$tmp/err") times"
xz -dc "$T" | sed 's/^-nregs = .*/-nregs = 70000/' > "$tmp/nregs.traceg"
# (its 32 warps of 255 registers need a register file of 8 x 32 K: regs_sm = 262144)
{ cat configs/default.cfg; echo "regs_sm = 262144"; } > "$tmp/bigrf.cfg"
warned "a -nregs no thread can have, with --quiet: a warning on stderr" \
    "warning: .*nregs.traceg: -nregs = 70000 is more than" \
    "$SIM" --config "$tmp/bigrf.cfg" --trace "$tmp/nregs.traceg" --quiet
warned "a -nregs no thread can have through make main: a warning on stderr" \
    "warning: .*-nregs = 70000" bash scripts/main_table.sh "$tmp/bigrf.cfg" "$tmp/nregs.traceg"
"$SIM" --trace "$tmp/nregs.traceg" >/dev/null 2>"$tmp/err"; rc=$?
[ "$rc" = 2 ] && grep -q "cannot fit an SM: 32 warps of 256 registers per thread" "$tmp/err" &&
    echo "PASS: gpu_bad_input a block that fits no SM names the registers allocated (256, not -nregs)" ||
    echo "FAIL: gpu_bad_input a block that fits no SM (exit $rc): $(cat "$tmp/err")"
bad "--trace given twice" "--trace: given twice ('$T' and '$tmp/unk.traceg')" \
    "$SIM" --trace "$T" --trace "$tmp/unk.traceg"
"$SIM" --trace "$T" --json "$tmp/k.json" >/dev/null 2>&1
grep -q '"unknown_instructions": 0' "$tmp/k.json" && echo "PASS: gpu_bad_input the shipped trace has no unknown opcode" ||
    echo "FAIL: gpu_bad_input the shipped trace has unknown opcodes"
