#!/usr/bin/env bash
# cosim_broken.sh - the co-simulation catches a deliberately broken RTL: the default RTL
# (--debug) with the D-7 LRU victim flipped to the MOST RECENT entry in ccu_ctrl; the
# adversarial co-simulation must exit 1 with a first-mismatch block (cycle, signal,
# expected, actual) and write the VCD of the last cycles. Prints PASS:/FAIL:.
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
make -s build/ccugen >/dev/null || { echo "FAIL: cosim_broken: build/ccugen"; exit 1; }
dir=build/cosim/broken
seed=7
mkdir -p "$dir"
rm -rf "$dir/rtl.new"
./build/ccugen --config configs/default.cfg --debug --out "$dir/rtl.new" >/dev/null || {
    echo "FAIL: cosim_broken: ccugen"; exit 1; }
ctrl=$(ls "$dir"/rtl.new/*_ccu_ctrl.v)
# break the LRU victim: take the most recent unlocked entry instead of the least recent
sed -i -e 's/!lock\[j2\] \&\& old\[/!lock[j2] \&\& !old[/' "$ctrl"
if ! grep -q '!lock\[j2\] && !old\[' "$ctrl"; then echo "FAIL: cosim_broken: the sed found no victim LRU compare"; exit 1; fi
# keep the old copy (and its cached binary) when the broken RTL did not change
if [ -d "$dir/rtl" ] && diff -rq -I 'Generator:' "$dir/rtl.new" "$dir/rtl" >/dev/null; then
    rm -rf "$dir/rtl.new"
else
    rm -rf "$dir/rtl"; mv "$dir/rtl.new" "$dir/rtl"
fi
rm -f "$dir/fail_$seed.vcd"
out=$(bash scripts/cosim.sh --rtl-dir "$dir/rtl" --traced --mode adversarial --cycles 50000 --seed "$seed" 2>&1)
rc=$?
echo "$out" | grep -v '^cov ' | head -20
ok=1
[ "$rc" = 1 ] || { echo "FAIL: cosim_broken: exit $rc, expected 1"; ok=0; }
for k in 'first mismatch' '  cycle ' '  signal ' '  expected ' '  actual ' '  seed ' '  hash '; do
    echo "$out" | grep -q "$k" || { echo "FAIL: cosim_broken: report lacks '$k'"; ok=0; }
done
if [ -s "$dir/fail_$seed.vcd" ] && grep -q '^\$enddefinitions' "$dir/fail_$seed.vcd"; then :; else
    echo "FAIL: cosim_broken: no VCD $dir/fail_$seed.vcd"; ok=0; fi
[ "$ok" = 1 ] && echo "PASS: cosim_broken: broken victim choice caught ($(echo "$out" | grep -m1 '  signal' | sed 's/^ *//')), VCD $dir/fail_$seed.vcd"
[ "$ok" = 1 ]
