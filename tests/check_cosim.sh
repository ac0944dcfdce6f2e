#!/usr/bin/env bash
# check_cosim.sh CONFIG-SETS... - the quick tier's co-simulation (make check): the
# default configuration, or the default with the given --set overrides, in lockstep with
# its generated RTL in both modes (legal driver, adversarial inputs). 100,000 cycles (ten
# adaptation intervals of the default 10,000): long enough that the STHLD FSM takes edges
# that raise STHLD and edges that lower it, so the FSM's state, delta and clamp logic are
# compared in both directions (the model's sthld_trace, STHLD at the end of each interval,
# is read and must go up and come down). Two PASS:/FAIL: lines per mode: the lockstep run,
# and the FSM's movement.
set -u
cd "$(dirname "$0")/.."
args=(--config configs/default.cfg)
for kv in "$@"; do args+=(--set "$kv"); done
name=${*:-default}
cycles=${CHECK_COSIM_CYCLES:-100000}
bash scripts/cosim.sh "${args[@]}" --build-only >/tmp/check_cosim.$$.log 2>&1 ||
    { echo "FAIL: check_cosim $name: build: $(tail -3 /tmp/check_cosim.$$.log)"; rm -f /tmp/check_cosim.$$.log; exit 1; }
for mode in legal adversarial; do
    if out=$(bash scripts/cosim.sh "${args[@]}" --no-rebuild --cycles "$cycles" --seed 3 --mode "$mode" 2>&1) &&
       grep -q "^cosim: PASS" <<<"$out"; then
        echo "PASS: check_cosim $name $mode: $(grep '^cosim: PASS' <<<"$out" | cut -c1-90)"
    else
        echo "FAIL: check_cosim $name $mode: $(tail -3 <<<"$out")"
    fi
    # ups and downs of STHLD between consecutive intervals (it starts at sthld_init = 0)
    read -r up down < <(grep -m1 '^sthld_trace ' <<<"$out" |
        awk '{ p = 0; u = 0; d = 0; for (i = 2; i <= NF; i++) { if ($i > p) u++; if ($i < p) d++; p = $i }
               print u, d }')
    if [ "${up:-0}" -gt 0 ] && [ "${down:-0}" -gt 0 ]; then
        echo "PASS: check_cosim $name $mode: the STHLD FSM moved up $up and down $down times"
    else
        echo "FAIL: check_cosim $name $mode: the STHLD FSM did not move both ways (up ${up:-0}, down ${down:-0}): $(grep -m1 '^sthld_trace ' <<<"$out")"
    fi
done
rm -f /tmp/check_cosim.$$.log
