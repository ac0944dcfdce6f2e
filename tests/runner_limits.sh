#!/usr/bin/env bash
# runner_limits.sh - the test runner itself (tests/run_tests.sh): a command that outlives
# TEST_TIMEOUT is killed and named in a FAIL line, a command that exits non-zero without
# a FAIL line counts as one failure, and the totals count both.
set -u
cd "$(dirname "$0")/.."
out=$(TEST_JOBS=1 TEST_TIMEOUT=1 bash tests/run_tests.sh "sleep 30" "echo PASS: fine" "exit 3" 2>&1)
rc=$?
ok() { if eval "$2"; then echo "PASS: runner_limits $1"; else echo "FAIL: runner_limits $1"; echo "$out" | sed 's/^/   /'; fi; }
ok "a command past TEST_TIMEOUT is named" 'grep -q "^   FAIL: sleep 30 (timed out after 1 s)" <<<"$out"'
ok "a silent non-zero exit is a failure" 'grep -q "^   FAIL: exit 3 (exit 3)" <<<"$out"'
ok "totals: 1 passed, 2 failed, exit status 1" '[ "$rc" = 1 ] && tail -1 <<<"$out" | grep -qx "1 passed, 2 failed"'
