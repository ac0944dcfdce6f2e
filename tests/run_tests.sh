#!/usr/bin/env bash
# run_tests.sh - run every test command given as an argument, count PASS/FAIL lines,
# end with the "N passed, N failed" line. A command that exits non-zero without printing
# a FAIL line counts as one failure (a crash is never a pass).
set -u
passed=0; failed=0; skipped=0
for t in "$@"; do
    log=$(mktemp)
    bash -c "$t" >"$log" 2>&1
    rc=$?
    p=$(grep -c '^PASS: ' "$log"); f=$(grep -c '^FAIL: ' "$log"); s=$(grep -c '^SKIP: ' "$log")
    if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then f=1; echo "FAIL: $t (exit $rc)" >>"$log"; fi
    passed=$((passed + p)); failed=$((failed + f)); skipped=$((skipped + s))
    if [ "$f" -ne 0 ]; then
        echo "== $t: $p passed, $f failed"; sed 's/^/   /' "$log" | tail -n 60
    else
        if [ "$s" -gt 0 ]; then echo "== $t: $p passed, $s skipped"; else echo "== $t: $p passed"; fi
        grep '^SKIP: ' "$log" | sed 's/^/   /'
    fi
    rm -f "$log"
done
echo
if [ "$skipped" -gt 0 ]; then
    echo "$passed passed, $failed failed, $skipped skipped"
else
    echo "$passed passed, $failed failed"
fi
[ "$failed" -eq 0 ]
