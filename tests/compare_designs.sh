#!/usr/bin/env bash
# compare_designs.sh - the comparison designs of compare/ end to end, worked out by hand on
# tests/data/reuse_listing.traceg. NVIDIA's operand reuse cache (operand_cache = reuse,
# compare/reuse.h): one warp running the
# code of example 2 of Huerta et al.'s Listing 4, IADD3 R1 = R2, R3, R4 / FFMA R5 = R2, R7,
# R8 / IADD3 R10 = R2, R12, R13 / EXIT, with 2 banks (bank = register mod 2).
# The compiler's bits (hint_reuse_bits): R2 at position a of the first two (the next read
# of a register of R2's bank at a is R2 itself); R3, R4, R7, R8 none (the next read at
# their position and bank is another register, or none). So R2 hits in the second and the
# third: 2 of 9 operands, one entry written (the first's miss), 7 bank reads against the
# baseline's 9. The same on both machines.
# BOW (window of 3, a collector per warp): R2 is in the window of the second (read by the
# first) and the third (read by the second): the same 2 hits and 7 bank reads; 3 results
# written into the collector. BOW-WR: none of R1, R5, R10 is read again, so none is
# written to the register file: 3 bank writes saved of 3.
# proto (the authors' prototype, CCUs of 8 entries, compare/proto.h): every source and
# result of the owner goes into its CCU: R2 hits in the second and the third (2 of 9, 7
# bank reads), and the 7 missed sources and 3 results are filled (10); results are still
# written to the register file (3 bank writes).
# gto_any (GTO + LRU caches on the baseline's any-free collectors, compare/gtoany.h): the
# one warp draws the same collector at each of its issues here, so the same as proto: 2 of
# 9 hit, 10 fills, 7 bank reads; gto_own (its own collector when free) the same.
# RFC (6 results per active warp, two-level scheduler with 2 active warps): only results
# are cached and none of R1, R5, R10 is read again: no hit, 9 bank reads, 3 results
# written into the cache and none needed in the register file (3 bank writes saved). Then
# every shipped and shared trace runs to completion under proto and RFC on the GPU, and
# under gto_any on one sub-core (RFC:
# warps waiting at a barrier leave the active set; proto: a waiting warp is admitted after
# the wait at the latest; else the kernel would deadlock), and the shipped matrixmul
# (barriers, loads) has cycles where only a warp outside RFC's active set was ready.
# Then the bad inputs: exit 2, one line.
set -u
cd "$(dirname "$0")/.."
make -s build/malekeh-sim >/dev/null || { echo "FAIL: compare_designs: build"; exit 1; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
tr=tests/data/reuse_listing.traceg
fails=0
ok() { echo "PASS: compare_designs $1"; }
bad() { echo "FAIL: compare_designs $1"; fails=$((fails + 1)); }
get() { grep -o "\"$2\": [-0-9.e]*" "$1" | head -1 | sed 's/.*: //'; }
for m in subcore gpu; do
    ./build/malekeh-sim --trace "$tr" --set machine=$m --set caching=off --set banks=2 \
        --json "$tmp/base.json" >/dev/null 2>"$tmp/err" || { bad "$m: baseline run: $(head -1 "$tmp/err")"; continue; }
    ./build/malekeh-sim --trace "$tr" --set machine=$m --set caching=off --set banks=2 \
        --set operand_cache=reuse --json "$tmp/rc.json" >"$tmp/out" 2>"$tmp/err" || { bad "$m: run: $(head -1 "$tmp/err")"; continue; }
    got="$(get "$tmp/rc.json" lookups) $(get "$tmp/rc.json" hit_slots) $(get "$tmp/rc.json" hit_regs) $(get "$tmp/rc.json" fills) $(get "$tmp/rc.json" bank_reads) $(get "$tmp/base.json" bank_reads)"
    [ "$got" = "9 2 2 1 7 9" ] && ok "$m: 2 of 9 operands hit, 1 entry written, 7 bank reads (baseline 9)" ||
        bad "$m: lookups hit_slots hit_regs fills bank_reads baseline_bank_reads = '$got', expected '9 2 2 1 7 9'"
    hr=$(get "$tmp/rc.json" hit_ratio)
    [ "$hr" = "0.222222" ] && ok "$m: hit ratio 2/9 (distinct registers served whole)" || bad "$m: hit_ratio $hr, expected 0.222222"
    grep -q "operand cache (reuse) 2 of 9 operands" "$tmp/out" && ok "$m: summary line" || bad "$m: no reuse cache line in the summary"
done
for d in bow bow_wr; do
    ./build/malekeh-sim --trace "$tr" --set caching=off --set ccus=8 --set banks=2 \
        --json "$tmp/base.json" >/dev/null 2>"$tmp/err" || { bad "$d: baseline run: $(head -1 "$tmp/err")"; continue; }
    ./build/malekeh-sim --trace "$tr" --set caching=off --set ccus=8 --set banks=2 \
        --set operand_cache=$d --json "$tmp/b.json" >"$tmp/out" 2>"$tmp/err" || { bad "$d: run: $(head -1 "$tmp/err")"; continue; }
    got="$(get "$tmp/b.json" lookups) $(get "$tmp/b.json" hit_slots) $(get "$tmp/b.json" fills) $(get "$tmp/b.json" rf_writes_saved) $(get "$tmp/b.json" bank_reads) $(get "$tmp/b.json" bank_writes) $(get "$tmp/base.json" bank_writes)"
    want="9 2 3 0 7 3 3"; [ $d = bow_wr ] && want="9 2 3 3 7 0 3"
    [ "$got" = "$want" ] && ok "$d: 2 of 9 operands hit, 7 bank reads, bank writes $(echo $want | cut -d' ' -f6) of 3" ||
        bad "$d: lookups hit_slots fills rf_writes_saved bank_reads bank_writes baseline_bank_writes = '$got', expected '$want'"
done
# one design on the Listing 4 trace: its operand counters against what hand work gives
# (design, expected "lookups hit_slots fills rf_writes_saved bank_reads bank_writes", what)
expect_counts() {
    ./build/malekeh-sim --trace "$tr" --set caching=off --set banks=2 --set operand_cache=$1 \
        --json "$tmp/r.json" >/dev/null 2>"$tmp/err" || { bad "$1: run: $(head -1 "$tmp/err")"; return; }
    local got k
    got=$(for k in lookups hit_slots fills rf_writes_saved bank_reads bank_writes; do get "$tmp/r.json" $k; done | tr '\n' ' ')
    got=${got% }
    [ "$got" = "$2" ] && ok "$1: $3" ||
        bad "$1: lookups hit_slots fills rf_writes_saved bank_reads bank_writes = '$got', expected '$2'"
}
expect_counts rfc "9 0 3 3 9 0" "no hit, 3 results cached, 3 bank writes saved"
expect_counts proto "9 2 10 0 7 3" "2 of 9 operands hit, 7 source misses and 3 results filled"
expect_counts gto_any "9 2 10 0 7 3" "2 of 9 operands hit (the one warp keeps its collector), 7 source misses and 3 results filled"
expect_counts gto_own "9 2 10 0 7 3" "2 of 9 operands hit (the one warp keeps its collector), 7 source misses and 3 results filled"
# the prototype's admissions on the shipped trace, with the variant's settings: both kinds
# happen, and each forced admission comes after sthld_init (50) refused stall cycles
./build/malekeh-sim --trace workloads/matrixmul32_sm61_kernel-1.traceg.xz --set caching=off \
    --set operand_cache=proto --set rthld=10 --set sthld_mode=fixed --set sthld_init=50 \
    --json "$tmp/r.json" >/dev/null 2>"$tmp/err" || bad "proto admissions: run: $(head -1 "$tmp/err")"
far=$(get "$tmp/r.json" admit_far); wait=$(get "$tmp/r.json" admit_wait); ref=$(get "$tmp/r.json" admit_refused)
if [ "${far:-0}" -gt 0 ] && [ "${wait:-0}" -gt 0 ] && [ "${ref:-0}" -ge $((50 * wait)) ]; then
    ok "proto: $far admissions at once, $wait after the wait, $ref refused stall cycles (>= 50 x $wait)"
else
    bad "proto: admit_far=$far admit_wait=$wait admit_refused=$ref (expected both > 0, refused >= 50 x wait)"
fi
for t in workloads/matrixmul32_sm61_kernel-1.traceg.xz $(ls ../shared/workloads/*.traceg 2>/dev/null); do
    ./build/malekeh-sim --trace "$t" --set caching=off --set operand_cache=proto --json "$tmp/r.json" >/dev/null 2>"$tmp/err" &&
        [ "$(get "$tmp/r.json" complete)" = 1 ] && ok "proto: $(basename "$t") runs to completion" ||
        bad "proto: $(basename "$t"): $(head -1 "$tmp/err")"
    ./build/malekeh-sim --trace "$t" --set caching=off --set operand_cache=rfc --json "$tmp/r.json" >/dev/null 2>"$tmp/err" &&
        [ "$(get "$tmp/r.json" complete)" = 1 ] && ok "rfc: $(basename "$t") runs to completion" ||
        bad "rfc: $(basename "$t"): $(head -1 "$tmp/err")"
    ./build/malekeh-sim --trace "$t" --set machine=subcore --set caching=off --set operand_cache=gto_any \
        --json "$tmp/g.json" >/dev/null 2>"$tmp/err" && [ "$(get "$tmp/g.json" complete)" = 1 ] &&
        ok "gto_any: $(basename "$t") runs to completion on one sub-core" ||
        bad "gto_any: $(basename "$t"): $(head -1 "$tmp/err")"
    case "$t" in workloads/*)
        n=$(get "$tmp/r.json" stall_inactive)
        [ "${n:-0}" -gt 0 ] && ok "rfc: $(basename "$t"): $n cycles with only an inactive warp ready" ||
            bad "rfc: $(basename "$t"): stall_inactive = '$n', expected > 0"
        # the two-level scheduler alone (no cache) on 8 warps per sub-core costs IPC: the
        # long paper's loss; its binding cycles (a collector free) are counted
        ./build/malekeh-sim --trace "$t" --set caching=off --json "$tmp/b.json" >/dev/null 2>&1
        ./build/malekeh-sim --trace "$t" --set caching=off --set operand_cache=rfc --set rfc_entries=0 \
            --json "$tmp/s.json" >/dev/null 2>&1
        ib=$(get "$tmp/b.json" ipc); is=$(get "$tmp/s.json" ipc); f=$(get "$tmp/s.json" stall_inactive_free)
        awk -v b="$ib" -v s="$is" 'BEGIN { exit !(b > 0 && s > 0 && s < b) }' && [ "${f:-0}" -gt 0 ] &&
            ok "rfc: $(basename "$t"): two-level scheduler alone IPC $is < baseline $ib ($f binding cycles)" ||
            bad "rfc: $(basename "$t"): two-level scheduler alone IPC '$is', baseline '$ib', binding cycles '$f'" ;;
    esac
done
# the reuse cache on the shipped trace, on the preset GPU and on one sub-core, 2 OCUs: on is
# faster than off (docs/compare.md, "Beside MICRO'25's figures")
for m in gpu subcore; do
    ./build/malekeh-sim --trace workloads/matrixmul32_sm61_kernel-1.traceg.xz --set machine=$m \
        --set caching=off --json "$tmp/off.json" >/dev/null 2>&1
    ./build/malekeh-sim --trace workloads/matrixmul32_sm61_kernel-1.traceg.xz --set machine=$m \
        --set caching=off --set operand_cache=reuse --json "$tmp/on.json" >/dev/null 2>&1
    ioff=$(get "$tmp/off.json" ipc); ion=$(get "$tmp/on.json" ipc)
    awk -v a="$ioff" -v b="$ion" 'BEGIN { exit !(a > 0 && b > a) }' &&
        ok "reuse: matrixmul on $m: IPC on $ion > off $ioff" ||
        bad "reuse: matrixmul on $m: IPC on '$ion', off '$ioff', expected on > off"
done
# reuse_read = direct (NVIDIA's machine, no collectors buffering) on the shipped trace, on
# one sub-core: with reuse_bits = off on the OCUs the run is the baseline's, byte for byte
# in its counters; on the direct read stage an instruction reading k registers of one bank
# holds the issue k - 1 cycles: 1408 such cycles when the cache is off, fewer when hits
# take reads away
m=workloads/matrixmul32_sm61_kernel-1.traceg.xz
./build/malekeh-sim --trace $m --set machine=subcore --set caching=off --json "$tmp/b.json" >/dev/null 2>&1
./build/malekeh-sim --trace $m --set machine=subcore --set caching=off --set operand_cache=reuse \
    --set reuse_bits=off --json "$tmp/o.json" >/dev/null 2>&1
[ "$(get "$tmp/o.json" ipc) $(get "$tmp/o.json" bank_reads)" = "$(get "$tmp/b.json" ipc) $(get "$tmp/b.json" bank_reads)" ] &&
    [ "$(get "$tmp/o.json" hit_slots)" = 0 ] && ok "reuse_bits = off on the OCUs: the baseline's IPC and bank reads, no hit" ||
    bad "reuse_bits = off: ipc/bank_reads $(get "$tmp/o.json" ipc)/$(get "$tmp/o.json" bank_reads), baseline $(get "$tmp/b.json" ipc)/$(get "$tmp/b.json" bank_reads)"
for b in off on; do
    ./build/malekeh-sim --trace $m --set machine=subcore --set caching=off --set operand_cache=reuse \
        --set reuse_read=direct --set reuse_bits=$b --json "$tmp/d$b.json" >/dev/null 2>"$tmp/err" || bad "direct $b: run: $(head -1 "$tmp/err")"
done
s0=$(get "$tmp/doff.json" read_stalls); s1=$(get "$tmp/don.json" read_stalls)
[ "$s0" = 1408 ] && [ "${s1:-0}" -gt 0 ] && [ "$s1" -lt "$s0" ] && [ "$(get "$tmp/don.json" complete)" = 1 ] &&
    ok "reuse_read = direct: $s0 read-stage stalls with the cache off, $s1 with it on" ||
    bad "reuse_read = direct: read_stalls off '$s0' (expected 1408), on '$s1' (expected fewer, > 0)"
# bad input: one line, exit 2
expect2() { # LABEL ARGS...: exit 2, one line on stderr naming the key
    local label=$1; shift
    ./build/malekeh-sim "$@" >"$tmp/o" 2>"$tmp/e"; local rc=$?
    if [ "$rc" = 2 ] && [ "$(wc -l <"$tmp/e")" = 1 ] && grep -q -e operand_cache -e rfc_active "$tmp/e" && [ ! -s "$tmp/o" ]; then
        ok "bad input: $label"
    else bad "bad input: $label: exit $rc, stderr: $(head -2 "$tmp/e")"; fi
}
expect2 "with CCUs (caching = on)" --trace "$tr" --set operand_cache=reuse
expect2 "an unknown design" --trace "$tr" --set caching=off --set operand_cache=bow2
expect2 "a synthetic workload" --set caching=off --set operand_cache=reuse
expect2 "BOW without a collector per warp" --trace "$tr" --set caching=off --set operand_cache=bow
expect2 "reuse_read = direct without the reuse cache" --trace "$tr" --set caching=off --set reuse_read=direct
expect2 "reuse_bits = off without the reuse cache" --trace "$tr" --set caching=off --set operand_cache=rfc --set reuse_bits=off
./build/malekeh-sim --trace "$tr" --set caching=off --set operand_cache=reuse --set reuse_read=sideways >"$tmp/o" 2>"$tmp/e"
[ $? = 2 ] && [ "$(wc -l <"$tmp/e")" = 1 ] && grep -q "reuse_read.*ocu.*direct" "$tmp/e" && ok "bad input: reuse_read = sideways" ||
    bad "bad input: reuse_read = sideways: $(head -2 "$tmp/e")"
expect2 "RFC with more active warps than warps" --trace "$tr" --set caching=off --set operand_cache=rfc --set rfc_active=9
[ "$fails" = 0 ]
