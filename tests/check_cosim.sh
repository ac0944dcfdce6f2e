#!/usr/bin/env bash
# check_cosim.sh CONFIG-SETS... - the quick tier's co-simulation (make check): the
# default configuration, or the default with the given --set overrides, in lockstep with
# its generated RTL for a few thousand cycles in both modes (legal driver, adversarial
# inputs). One PASS:/FAIL: line per mode.
set -u
cd "$(dirname "$0")/.."
args=(--config configs/default.cfg)
for kv in "$@"; do args+=(--set "$kv"); done
name=${*:-default}
bash scripts/cosim.sh "${args[@]}" --build-only >/tmp/check_cosim.$$.log 2>&1 ||
    { echo "FAIL: check_cosim $name: build: $(tail -3 /tmp/check_cosim.$$.log)"; rm -f /tmp/check_cosim.$$.log; exit 1; }
for mode in legal adversarial; do
    if out=$(bash scripts/cosim.sh "${args[@]}" --no-rebuild --cycles 5000 --seed 3 --mode "$mode" 2>&1) &&
       grep -q "^cosim: PASS" <<<"$out"; then
        echo "PASS: check_cosim $name $mode: $(grep '^cosim: PASS' <<<"$out" | cut -c1-90)"
    else
        echo "FAIL: check_cosim $name $mode: $(tail -3 <<<"$out")"
    fi
done
rm -f /tmp/check_cosim.$$.log
