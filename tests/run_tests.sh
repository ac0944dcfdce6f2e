#!/usr/bin/env bash
# run_tests.sh - run every test command given as an argument, count PASS/FAIL lines,
# end with the "N passed, N failed" line. A command that exits non-zero without printing
# a FAIL line counts as one failure (a crash is never a pass).
# The commands run under GNU parallel, TEST_JOBS at a time (default: the number of cores,
# at most 2; TEST_JOBS=1 runs them one after the other). Each command's block is printed
# when it ends (with its wall-clock and CPU time), so a long run shows progress; the totals
# come last, with the CPU time of all commands (what the 2-core budget of make test spends).
# Each command runs under coreutils `timeout` (TEST_TIMEOUT seconds, default 3600: the
# longest command of `make test`, tests/cosim_regress.sh, takes about 5 minutes on 2
# cores, and more than 20 on 2 cores loaded five times over); one that runs out is killed
# and counts as a failure, with the line "FAIL: <command> (timed out after N s)".
set -u
export TEST_TIMEOUT=${TEST_TIMEOUT:-3600}
jobs=${TEST_JOBS:-$(n=$(nproc 2>/dev/null || echo 1); [ "$n" -gt 2 ] && n=2; echo "$n")}
dir=$(mktemp -d /tmp/run_tests.XXXXXX)
trap 'rm -rf "$dir"' EXIT
n=0
for t in "$@"; do n=$((n + 1)); printf '%s\n' "$t" > "$dir/$n.cmd"; done

# one_test I: run command I, keep its log and exit code, print its block
one_test() {
    local i=$1 d=$2 t log rc p f s cpu t0=$SECONDS
    t=$(cat "$d/$i.cmd"); log=$d/$i.log
    # the command's CPU time (user + sys of its processes, from the subshell's `times`)
    (timeout -k 10 "$TEST_TIMEOUT" bash -c "$t" >"$log" 2>&1; r=$?; times >"$d/$i.times"; exit $r)
    rc=$?
    cpu=$(sed -n 2p "$d/$i.times" | awk '{ n = 0; for (i = 1; i <= 2; i++) { split($i, a, /[ms]/); n += a[1] * 60 + a[2] }
        printf "%.0f", n }')
    echo "${cpu:-0}" >"$d/$i.cpu"
    if [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
        echo "FAIL: $t (timed out after $TEST_TIMEOUT s)" >>"$log"
    fi
    p=$(grep -c '^PASS: ' "$log"); f=$(grep -c '^FAIL: ' "$log"); s=$(grep -c '^SKIP: ' "$log")
    if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then f=1; echo "FAIL: $t (exit $rc)" >>"$log"; fi
    echo "$p $f $s" > "$d/$i.count"
    {
        if [ "$f" -ne 0 ]; then
            echo "== $t: $p passed, $f failed ($((SECONDS - t0)) s, CPU $cpu s)"; sed 's/^/   /' "$log" | tail -n 60
        else
            if [ "$s" -gt 0 ]; then echo "== $t: $p passed, $s skipped ($((SECONDS - t0)) s, CPU $cpu s)"
            else echo "== $t: $p passed ($((SECONDS - t0)) s, CPU $cpu s)"; fi
            grep '^SKIP: ' "$log" | sed 's/^/   /'
        fi
    } > "$d/$i.out"
    cat "$d/$i.out"
}
export -f one_test

t0=$SECONDS
if [ "$jobs" -gt 1 ] && command -v parallel >/dev/null 2>&1; then
    seq 1 "$n" | parallel --will-cite -j "$jobs" one_test {} "$dir"
else
    for i in $(seq 1 "$n"); do one_test "$i" "$dir"; done
fi
passed=0; failed=0; skipped=0
for i in $(seq 1 "$n"); do
    if [ -f "$dir/$i.count" ]; then read -r p f s < "$dir/$i.count"
    else p=0; f=1; s=0; echo "FAIL: $(cat "$dir/$i.cmd") (did not run)"; fi
    passed=$((passed + p)); failed=$((failed + f)); skipped=$((skipped + s))
done
cpu=0; for i in $(seq 1 "$n"); do [ -f "$dir/$i.cpu" ] && cpu=$((cpu + $(cat "$dir/$i.cpu"))); done
echo
echo "($n test commands, $jobs at a time, $((SECONDS - t0)) s, CPU $cpu s)"
if [ "$skipped" -gt 0 ]; then
    echo "$passed passed, $failed failed, $skipped skipped"
else
    echo "$passed passed, $failed failed"
fi
[ "$failed" -eq 0 ]
