#!/usr/bin/env bash
# soak.sh - the configuration fuzzer of the co-simulation: random valid configurations,
# seeds and modes, each run in lockstep (scripts/cosim.sh: every output and every state bit,
# every cycle) against the C model. Fixed points (the 20 configurations of the regression,
# one seed each) leave branches that only some configurations enable; this keeps drawing
# new ones for as long as asked.
#
#   scripts/soak.sh [--runs N] [--minutes M] [--seed S] [--cycles C] [--small]
#
# --runs N: stop after N runs (default: no limit); --minutes M: start no run after M minutes
# (default 10 when neither is given); --seed S: the fuzzer's seed (default: from
# /dev/urandom, printed), so a soak is reproducible; --cycles C: cycles per run (default
# 20000); --small: draw only small configurations (at most 8 warps, 8 entries, 4 slots, 32
# data bits), whose Verilator builds are quick (make test's slice). A configuration is drawn key by key (CCUs, entries, slots, banks, warps, registers,
# data width, write-back ports, tag bits, every policy key, a short STHLD interval so the
# FSM moves), checked by ccugen (a draw it refuses is drawn again), then run in legal or
# adversarial mode with a random seed. One line per run; on the first failure it prints the
# command that reproduces it (the failure's own output, including the VCD it wrote, above)
# and exits 1. Each new configuration costs one Verilator build (tens of seconds).
# `make soak` runs it; `make test` runs a bounded slice (tests/soak_slice.sh).
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
runs=0 minutes="" seed="" cycles=20000 small=0
while [ $# -gt 0 ]; do
    case "$1" in
        --runs) runs=$2; shift 2 ;;
        --minutes) minutes=$2; shift 2 ;;
        --seed) seed=$2; shift 2 ;;
        --cycles) cycles=$2; shift 2 ;;
        --small) small=1; shift ;;
        -h|--help) sed -n '2,/^set -u/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        *) echo "soak.sh: unknown argument '$1' (allowed: --runs N, --minutes M, --seed S, --cycles C, --small)" >&2; exit 2 ;;
    esac
done
for v in "$runs" "$cycles" ${minutes:+"$minutes"} ${seed:+"$seed"}; do
    case "$v" in ''|*[!0-9]*) echo "soak.sh: '$v': expected a whole number" >&2; exit 2 ;; esac
done
[ -n "$minutes" ] || { [ "$runs" -gt 0 ] || minutes=10; }
[ -n "$seed" ] || seed=$(( $(od -An -N2 -tu2 /dev/urandom) ))
make -s build/ccugen >/dev/null || { echo "soak.sh: building ccugen failed" >&2; exit 2; }
RANDOM=$seed
pick() { local a=("$@"); echo "${a[RANDOM % ${#a[@]}]}"; }
# draw one configuration into the array sets (--set k=v ...)
draw() {
    local c e s b w caching priv
    local smax=8 emax=16 wmax=16 dws="1 8 32 64"
    [ "$small" = 1 ] && { smax=4; emax=8; wmax=8; dws="1 8 32"; }
    s=$(( 1 + RANDOM % smax ))
    e=$(( s + 1 + RANDOM % (emax - s) )); [ "$e" -gt "$emax" ] && e=$emax
    b=$(pick 1 2 4 8)
    w=$(( 1 + RANDOM % wmax ))
    c=$(( 1 + RANDOM % 4 ))
    caching=$(pick on on on off)
    priv=shared
    if [ "$caching" = on ] && [ $(( RANDOM % 5 )) = 0 ]; then priv=private; c=$w; fi
    sets=(--set ccus=$c --set entries=$e --set slots=$s --set banks=$b --set warps=$w
          --set regs=$(pick 16 64 255 256) --set data_bits=$(pick $dws)
          --set wb_ports=$(pick 1 2 3) --set tag_bits=$(pick 4 8 16)
          --set caching=$caching --set ccu_sharing=$priv
          --set replacement=$(pick hint lru) --set write_filter=$(pick on off)
          --set scheduler=$(pick malekeh gto) --set sthld_mode=$(pick adaptive fixed)
          --set sthld_init=$(pick 0 2 8) --set interval=$(pick 64 200 1000)
          --set lfsr_seed=$(( 1 + RANDOM % 65535 )))
}
echo "soak: seed $seed, $cycles cycles per run$([ "$runs" -gt 0 ] && echo ", $runs runs")$([ -n "$minutes" ] && echo ", for $minutes minutes")"
t0=$(date +%s) n=0 refused=0
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
while :; do
    [ "$runs" -gt 0 ] && [ "$n" -ge "$runs" ] && break
    [ -n "$minutes" ] && [ $(( $(date +%s) - t0 )) -ge $(( minutes * 60 )) ] && break
    draw
    if ! build/ccugen --config configs/default.cfg "${sets[@]}" --out "$tmp/rtl" >/dev/null 2>"$tmp/err"; then
        refused=$((refused + 1))
        [ "$refused" -gt 1000 ] && { echo "soak.sh: 1000 draws refused in a row: $(cat "$tmp/err")" >&2; exit 2; }
        rm -rf "$tmp/rtl"; continue
    fi
    rm -rf "$tmp/rtl"; refused=0
    n=$((n + 1))
    mode=$(pick legal adversarial); s=$(( RANDOM * 32768 + RANDOM ))
    cmd=(bash scripts/cosim.sh --config configs/default.cfg "${sets[@]}" --cycles "$cycles" --seed "$s" --mode "$mode")
    t1=$(date +%s)
    if "${cmd[@]}" >"$tmp/out" 2>&1; then
        echo "soak: run $n PASS $mode seed $s ($(( $(date +%s) - t1 )) s): $(printf '%s ' "${sets[@]}" | sed 's/--set //g')"
    else
        cat "$tmp/out"
        echo "soak: run $n FAIL ($mode, seed $s). Reproduce with:"
        echo "  ${cmd[*]}"
        exit 1
    fi
done
echo "soak: $n runs passed in $(( $(date +%s) - t0 )) s (seed $seed)"
