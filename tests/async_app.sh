#!/usr/bin/env bash
# async_app.sh - a two-kernel application of the kind recent GPUs run, through
# malekeh-sim's kernel list: an Ampere-style attention step (cp.async copies in a two-stage
# pipeline, DEPBAR waits, mma.sync) and a Hopper GEMM step (TMA copies with transfer
# lists in both tracer layouts, warpgroup MMAs with and without the commit flag, loads
# that bypass L1). Both kernels run to completion with no warning and no unknown opcode
# (--strict-isa), on the bit-accurate path with every invariant checked; the JSON counts
# each copy group, DEPBAR wait and bypassing sector the kernels make; sleeping sub-cores
# (fast_idle) change nothing; the application's host-to-device copy is in the L2 when the
# kernels start (memcpy_l2). No workloads needed.
set -u
# shellcheck source=tests/sim_lib.sh
. "$(dirname "$0")/sim_lib.sh"
sim_setup async_app

# kernel 1 (sm_80): 4 blocks of 4 warps; each warp copies two tiles ahead, then three
# times waits for the older (DEPBAR 1), reads it from shared memory, multiplies and copies
# the next; at the end waits for all (DEPBAR 0).
k1() {
    printf -- '-kernel name = attn_step\n-kernel id = 1\n-grid dim = (4,1,1)\n-block dim = (128,1,1)\n'
    printf -- '-shmem = 8192\n-nregs = 64\n-binary version = 80\n-accelsim tracer version = 5\n\n'
    for b in 0 1 2 3; do
        printf '#BEGIN_TB\nthread block = %d,0,0\n' "$b"
        for w in 0 1 2 3; do
            printf 'warp = %d\ninsts = 25\n' "$w"
            a=$(( 0x7f0000000000 + (b * 4 + w) * 65536 ))
            pc=0
            for s in 0 1; do
                printf '%04x ffffffff 0 LDGSTS.E.BYPASS.LTC128B.128 2 R2 R4 16 1 0x%x 16 0\n' $pc $(( a + s * 512 ))
                printf '%04x ffffffff 0 LDGDEPBAR 0 0 0\n' $(( pc + 16 ))
                pc=$(( pc + 32 ))
            done
            for i in 0 1 2; do
                printf '%04x ffffffff 0 DEPBAR.LE 0 0 1\n' $pc
                printf '%04x ffffffff 1 R8 LDSM.16.M88.4 1 R3 16 1 0x7f1300000000 16 0\n' $(( pc + 16 ))
                printf '%04x ffffffff 1 R12 HMMA.16816.F32.BF16 3 R8 R10 R12 0 0\n' $(( pc + 32 ))
                printf '%04x ffffffff 0 LDGSTS.E.BYPASS.LTC128B.128 2 R2 R4 16 1 0x%x 16 0\n' $(( pc + 48 )) $(( a + (i + 2) * 512 ))
                printf '%04x ffffffff 0 LDGDEPBAR 0 0 0\n' $(( pc + 64 ))
                pc=$(( pc + 80 ))
            done
            printf '%04x ffffffff 0 DEPBAR.LE 0 0 0\n' $pc
            printf '%04x ffffffff 1 R8 LDSM.16.M88.4 1 R3 16 1 0x7f1300000000 16 0\n' $(( pc + 16 ))
            printf '%04x ffffffff 1 R12 HMMA.16816.F32.BF16 3 R8 R10 R12 0 0\n' $(( pc + 32 ))
            printf '%04x ffffffff 1 R16 LDG.E.STRONG.GPU 1 R4 4 1 0x%x 4 0\n' $(( pc + 48 )) $(( a + 4096 ))
            printf '%04x ffffffff 0 STG.E 2 R4 R12 4 1 0x%x 4 0\n' $(( pc + 64 )) $(( a + 8192 ))
            printf '%04x ffffffff 0 EXIT 0 0 0\n' $(( pc + 80 ))
        done
        printf '#END_TB\n'
    done
}

# kernel 2 (sm_90): 2 blocks of one warpgroup (4 warps): two TMA loads (the older and the
# newer tracer layout), per warp two HGMMA 64x128x16 accumulating into R24 (the second
# with the commit flag), WARPGROUP.DEPBAR 0 (waits for them), a store.
k2() {
    printf -- '-kernel name = gemm_step\n-kernel id = 2\n-grid dim = (2,1,1)\n-block dim = (128,1,1)\n'
    printf -- '-shmem = 65536\n-nregs = 168\n-binary version = 90\n-accelsim tracer version = 6\n\n'
    for b in 0 1; do
        printf '#BEGIN_TB\nthread block = %d,0,0\n' "$b"
        for w in 0 1 2 3; do
            printf 'warp = %d\ninsts = 9\n' "$w"
            printf '0000 ffffffff 0 UTMALDG.2D 0 0 3 2 0x7f2000000000 0x7f2000000080 0 0 NoVal\n'
            printf '0010 ffffffff 0 UTMALDG.2D 0 16 7f1300000400 0 16384 0 4 7f2000004000 2 128 0 0 NoVal\n'
            printf '0020 ffffffff 0 SYNCS.PHASECHK.TRANS64.TRYWAIT 0 0 0 0 NoVal\n'
            printf '0030 ffffffff 0 WARPGROUP.ARRIVE 0 0 0 0 NoVal\n'
            printf '0040 ffffffff 1 R24 HGMMA.64x128x16.F32.BF16 1 R24 0 0 0 NoVal\n'
            printf '0050 ffffffff 1 R24 HGMMA.64x128x16.F32.BF16 1 R24 1 0 0 0 NoVal\n'
            printf '0060 ffffffff 0 WARPGROUP.DEPBAR.LE 0 0 0 0 NoVal\n'
            printf '0070 ffffffff 0 STG.E 2 R4 R24 4 1 0x%x 4 0 0 NoVal\n' $(( 0x7f3000000000 + (b * 4 + w) * 128 ))
            printf '0080 ffffffff 0 EXIT 0 0 0 0 NoVal\n'
        done
        printf '#END_TB\n'
    done
}

k1 > "$tmp/kernel-1.traceg"
k2 > "$tmp/kernel-2.traceg"
printf 'MemcpyHtoD,0x00007f0000000000,1048576\nkernel-1.traceg\nkernel-2.traceg\n' > "$tmp/kernelslist.g"

check() { # name, condition (a shell test)
    if eval "$2"; then echo "PASS: async_app: $1"; else echo "FAIL: async_app: $1 ($2)"; fi
}

"$SIM" --quiet --strict-isa --check --trace "$tmp/kernelslist.g" --json "$tmp/on.json" 2>"$tmp/err"
rc=$?
check "runs with no error and no warning" "[ $rc = 0 ] && [ ! -s '$tmp/err' ]"
[ -s "$tmp/err" ] && cat "$tmp/err"
check "16 warps x 5 copy groups" "[ '$(get "$tmp/on.json" cp_async_groups)' = 80 ]"
check "DEPBARs waited" "[ '$(get "$tmp/on.json" depbar_waits)' -ge 16 ]"
# kernel 2: each of its 8 warps commits one group of MMAs (the flagged HGMMA), which its
# WARPGROUP.DEPBAR 0 waits for
check "8 warps x 1 group of warpgroup MMAs" "[ '$(get "$tmp/on.json" gmma_groups)' = 8 ]"
# 16 warps x 5 LDGSTS x 4 sectors (16 bytes x 32 threads = 512 bytes) + 16 STRONG.GPU loads
check "bypassing load sectors" "[ '$(get "$tmp/on.json" l1_bypassed)' = $(( 16 * 5 * 16 + 16 * 4 )) ]"
check "no unknown opcode" "[ '$(get "$tmp/on.json" unknown_instructions)' = 0 ]"
# the copy (1 MiB at 0x7f0000000000, every address the kernels load) is in the L2
# (memcpy_l2): no DRAM read; without it the loads go to DRAM and take longer
check "the copy placed in the L2" "[ '$(get "$tmp/on.json" memcpy_l2_bytes)' = 1048576 ] && [ '$(get "$tmp/on.json" dram_read_bytes)' = 0 ]"
# --progress names each kernel of the list as it starts
"$SIM" --progress --trace "$tmp/kernelslist.g" > /dev/null 2> "$tmp/progress"
check "--progress names kernel 2 of 2" "tr '\\r' '\\n' < '$tmp/progress' | grep -q 'kernel 2 of 2 (kernel-2.traceg)'"
"$SIM" --quiet --set memcpy_l2=off --trace "$tmp/kernelslist.g" --json "$tmp/cold.json" 2>/dev/null
check "memcpy_l2 off: DRAM reads, more cycles" "[ '$(get "$tmp/cold.json" dram_read_bytes)' -gt 0 ] && [ '$(get "$tmp/cold.json" cycles)' -gt '$(get "$tmp/on.json" cycles)' ]"
"$SIM" --quiet --set fast_idle=off --check --trace "$tmp/kernelslist.g" --json "$tmp/off.json" 2>/dev/null
for k in cycles depbar_wait_slot_cycles l1_bypassed dram_read_bytes; do
    v=$(get "$tmp/on.json" "$k")
    check "fast_idle off: the same $k ($v)" "[ -n '$v' ] && [ '$v' = '$(get "$tmp/off.json" "$k")' ]"
done
