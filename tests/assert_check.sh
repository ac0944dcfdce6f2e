#!/usr/bin/env bash
# assert_check.sh - the RTL's MLK_ASSERT checks (the formal wrapper's invariants as
# simulation checks, docs/rtl.md "Checks") can fail: the default RTL with the D-7 victim
# allowed to take a LOCKED entry (formal/run.sh --broken's sed) must stop the lockstep
# co-simulation (outputs only, so that the state comparison cannot stop it first) with an
# MLK_ASSERT line. Prints PASS:/FAIL:.
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
make -s build/ccugen >/dev/null || { echo "FAIL: assert_check: build/ccugen"; exit 1; }
dir=build/cosim/assert_check
mkdir -p "$dir"
rm -rf "$dir/rtl.new"
./build/ccugen --config configs/default.cfg --out "$dir/rtl.new" >/dev/null || {
    echo "FAIL: assert_check: ccugen"; exit 1; }
ctrl=$(ls "$dir"/rtl.new/*_ccu_ctrl.v)
sed -i 's/lru\[k\] = !lock\[k\] && !beaten;/lru[k] = !beaten;/' "$ctrl"
grep -q 'lru\[k\] = !beaten;' "$ctrl" || { echo "FAIL: assert_check: the sed found no LRU victim choice"; exit 1; }
# keep the old copy (and its cached binary) when the broken RTL did not change
if [ -d "$dir/rtl" ] && diff -rq -I 'Generator:' "$dir/rtl.new" "$dir/rtl" >/dev/null; then
    rm -rf "$dir/rtl.new"
else
    rm -rf "$dir/rtl"; mv "$dir/rtl.new" "$dir/rtl"
fi
out=$(bash scripts/cosim.sh --rtl-dir "$dir/rtl" --outputs-only --mode adversarial --cycles 20000 --seed 7 2>&1)
rc=$?
line=$(echo "$out" | grep -m1 'MLK_ASSERT')
if [ "$rc" != 0 ] && [ -n "$line" ]; then
    echo "PASS: assert_check: a locked victim stops the co-simulation (exit $rc): ${line#*MLK_ASSERT }"
else
    echo "FAIL: assert_check: exit $rc, MLK_ASSERT line: '${line:-none}'"; echo "$out" | tail -5; exit 1
fi
