#!/usr/bin/env bash
# fuzz_run.sh - run the libFuzzer harnesses (build/fuzz/fuzz_<target>) on their committed
# corpus (fuzz/corpus/<target>/), each for a bounded time, with ASan + UBSan + leak checks,
# a 5 s per-input timeout and a 2 GB memory limit. One PASS/FAIL line per target (the
# protocol of tests/run_tests.sh) with executions and executions per second.
#   fuzz_run.sh [--seconds N] [--keep] TARGET...   (--keep: new inputs stay in build/fuzz/work)
#   fuzz_run.sh --merge TARGET...                  fold build/fuzz/work/<t> into fuzz/corpus/<t>
# The committed corpus is read-only here unless --merge; a crash leaves its reproducer in
# build/fuzz/artifacts/ (add it to fuzz/corpus/<t>/ once the bug is fixed).
set -u
cd "$(dirname "$0")/.."
secs=25; keep=0; merge=0; targets=()
while [ $# -gt 0 ]; do
    case "$1" in
        --seconds) secs="$2"; shift 2 ;;
        --keep) keep=1; shift ;;
        --merge) merge=1; shift ;;
        *) targets+=("$1"); shift ;;
    esac
done
B=build/fuzz
mkdir -p "$B/artifacts" "$B/work" "$B/logs"
fail=0
for t in "${targets[@]}"; do
    bin="$B/fuzz_$t"; corp="fuzz/corpus/$t"; work="$B/work/$t"; log="$B/logs/$t.log"
    if [ ! -x "$bin" ]; then echo "FAIL: fuzz $t: $bin not built (make fuzz-build)"; fail=1; continue; fi
    if [ "$merge" = 1 ]; then
        mkdir -p "$work"
        "$bin" -merge=1 "$corp" "$work" >"$log" 2>&1 &&
            echo "PASS: fuzz $t: merged into $corp ($(ls "$corp" | wc -l) files)" ||
            { echo "FAIL: fuzz $t: merge failed (see $log)"; fail=1; }
        continue
    fi
    if [ "$keep" = 1 ]; then mkdir -p "$work"; else work=$(mktemp -d); fi
    nice -n 10 "$bin" -max_total_time="$secs" -timeout=5 -rss_limit_mb=2048 -max_len=65536 \
        -print_final_stats=1 -artifact_prefix="$B/artifacts/$t-" "$work" "$corp" >"$log" 2>&1
    rc=$?
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1)
    [ "$keep" = 1 ] || rm -rf "$work"
    if [ "$rc" -eq 0 ] && [ -n "$execs" ]; then
        echo "PASS: fuzz $t: ${secs}s, ${execs} executions (${rate}/s), $cov, 0 crashes/leaks/timeouts"
    else
        what=$(grep -m1 -oE 'ERROR: (libFuzzer|AddressSanitizer|LeakSanitizer): [a-z-]+|runtime error: .*|ALARM: .*' "$log")
        echo "FAIL: fuzz $t: exit $rc ${what:-} (log $log, reproducer in $B/artifacts/$t-*)"
        tail -n 25 "$log"
        fail=1
    fi
done
exit "$fail"
