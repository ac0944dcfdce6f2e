# shellcheck shell=bash
# bad_input_lib.sh - the check shared by the tests of a script's bad input (power_test.sh,
# storage_test.sh); sourced, not run.
# bad_input_setup: enter the repository and set ROOT (its path), tmp (a fresh folder
# removed on exit) and fail=0.
# shellcheck disable=SC2034 # ROOT and fail are for the calling script
bad_input_setup() {
    ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
    cd "$ROOT" || exit 1
    tmp=$(mktemp -d)
    trap 'rm -rf "$tmp"' EXIT
    fail=0
}

# refuses TEST SCRIPT NAME EXPECT ARGS...: `bash SCRIPT ARGS...` exits 2 with one line on
# stderr that contains EXPECT and nothing on stdout; prints PASS:/FAIL: and sets fail=1 on
# a failure. Uses $tmp (a scratch folder).
refuses() {
    local test=$1 script=$2 name=$3 want=$4; shift 4
    bash "$script" "$@" >"$tmp/o" 2>"$tmp/e"; local rc=$?
    if [ "$rc" = 2 ] && [ "$(wc -l <"$tmp/e")" = 1 ] && grep -q -- "$want" "$tmp/e" && [ ! -s "$tmp/o" ]; then
        echo "PASS: $test: $name: $(cat "$tmp/e")"
    else
        echo "FAIL: $test: $name: exit $rc, stderr '$(head -n 3 "$tmp/e")'"; fail=1
    fi
}
