#!/usr/bin/env bash
# kit.sh - the co-simulation kit works outside the repository: `make kit` writes one for a
# small configuration into a temporary folder outside the checkout (with a copy of the
# kit alone: no path back into the repository); there `make` builds and runs the lockstep
# test and a pass is one line naming the coverage it missed; `make lint` is clean; the RTL
# broken as tests/cosim_broken.sh breaks it (the LRU victim flipped) fails with the
# first mismatch, the command that reproduces it and the VCD written in the same run; bad
# arguments to make kit give one line and exit 2. Prints PASS:/FAIL: lines.
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
command -v verilator >/dev/null || { echo "PASS: kit: skipped (verilator not installed; make installs it)"; exit 0; }
base=$(mktemp -d /tmp/malekeh-kit.XXXXXX); trap 'rm -rf "$base"' EXIT
fail=0
bad() { echo "FAIL: kit: $*"; fail=1; }
# bad arguments: one line, exit 2, nothing written
out=$(bash kit/kit.sh 2>&1); rc=$?
[ "$rc" = 2 ] && [ "$(echo "$out" | wc -l)" = 1 ] || bad "no --out: exit $rc, '$out'"
out=$(bash kit/kit.sh --out "$base/x" --set ccus=99 2>&1); rc=$?
[ "$rc" = 2 ] && [ ! -e "$base/x" ] || bad "ccus=99: exit $rc, or $base/x written"
# a small configuration (fast to build), written and then moved: the kit must not need the
# repository or its own first path
out=$(make -s kit OUT="$base/first" KIT_SET="data_bits=32 warps=4 entries=4 slots=3 interval=500" 2>&1) || bad "make kit: $out"
mv "$base/first" "$base/kit"
grep -rq "$ROOT" "$base/kit/Makefile" "$base/kit/src" && bad "the kit's Makefile or sources name the repository"
cd "$base/kit" || exit 1
unset MAKEFLAGS MFLAGS MAKELEVEL MAKEOVERRIDES # as a user runs it: not a sub-make of make test
out=$(make CYCLES=20000 SEED=3 2>&1); rc=$?
run=$(echo "$out" | grep -v '^kit: building')
if [ "$rc" = 0 ] && [ "$(echo "$run" | wc -l)" = 1 ] && echo "$run" | grep -q '^cosim: PASS .* coverage=[0-9]*/[0-9]*'; then
    echo "PASS: kit: built and ran outside the repository: $(echo "$run" | grep -o 'cycles=[0-9]* seed=[0-9]*') $(echo "$run" | grep -o 'coverage=[0-9/]*')"
else
    bad "make in the kit: exit $rc"; echo "$out" | tail -15 | sed 's/^/   /'
fi
out=$(make -s lint 2>&1) && echo "PASS: kit: make lint clean" || { bad "make lint"; echo "$out" | tail -10 | sed 's/^/   /'; }
# the broken RTL: caught, with the command to re-run it and the waveform, in one run
ctrl=$(ls rtl/*_ccu_ctrl.v)
sed -i -e 's/!lock\[j2\] \&\& old\[/!lock[j2] \&\& !old[/' "$ctrl"
grep -q '!lock\[j2\] && !old\[' "$ctrl" || bad "the sed found no victim LRU compare"
out=$(make CYCLES=50000 SEED=7 MODE=adversarial 2>&1); rc=$?
[ "$rc" != 0 ] || bad "broken RTL: make exited 0"
for k in 'first mismatch' '  signal ' '  expected ' '  actual ' 're-run this case: ./build/cosim' 'VCD of cycles'; do
    echo "$out" | grep -q "$k" || bad "broken RTL: the output lacks '$k'"
done
if [ -s build/fail_7.vcd ] && grep -q '^\$enddefinitions' build/fail_7.vcd; then :; else bad "broken RTL: no build/fail_7.vcd"; fi
# the printed command reproduces the failure
cmd=$(echo "$out" | sed -n 's/^cosim: re-run this case: //p' | head -1)
if [ -n "$cmd" ]; then
    $cmd >/dev/null 2>&1; rc=$?
    [ "$rc" = 1 ] || bad "the re-run command exited $rc, expected 1: $cmd"
fi
[ "$fail" = 0 ] && echo "PASS: kit: broken RTL caught ($(echo "$out" | grep -m1 '  signal' | sed 's/^ *//')), re-run command and VCD given"
[ "$fail" = 0 ]
