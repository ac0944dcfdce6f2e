#!/usr/bin/env bash
# storage_test.sh - synth/storage.sh refuses bad input with one line and exit 2: no --area,
# an unknown option, an --area folder without area.json, one without its timing run, one
# whose RTL header names no ct_storage. The full flow runs in make report (make area
# LIBERTY=<sky130>); docs/area.md shows it at 32 data bits. Prints PASS:/FAIL:.
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
one() { # one NAME EXPECT_SUBSTRING ARGS...: exit 2, one line containing EXPECT, no output
    local name=$1 want=$2; shift 2
    bash synth/storage.sh "$@" >"$tmp/o" 2>"$tmp/e"; local rc=$?
    if [ "$rc" = 2 ] && [ "$(wc -l <"$tmp/e")" = 1 ] && grep -q -- "$want" "$tmp/e" && [ ! -s "$tmp/o" ]; then
        echo "PASS: storage_test: $name: $(cat "$tmp/e")"
    else
        echo "FAIL: storage_test: $name: exit $rc, stderr '$(head -n 3 "$tmp/e")'"; fail=1
    fi
}
one "no --area" "--area DIR is required"
one "unknown option" "unknown option '--bogus'" --bogus 1
mkdir -p "$tmp/empty"
one "no area.json" "area.json: missing" --area "$tmp/empty"
mkdir -p "$tmp/nosta"; echo '{}' >"$tmp/nosta/area.json"
one "no timing run" "sta/sta.txt: missing" --area "$tmp/nosta"
mkdir -p "$tmp/old/sta" "$tmp/old/rtl"; echo '{}' >"$tmp/old/area.json"; echo "min_period_ps 1" >"$tmp/old/sta/sta.txt"
printf 'read_liberty %s\nlink_design m_subcore\n' "$ROOT/synth/generic_cells.lib" >"$tmp/old/sta/sta.tcl"
printf '// m_subcore.v\n//   caching = on\n' >"$tmp/old/rtl/m_subcore.v"
one "no ct_storage in the RTL header" "no ct_storage line" --area "$tmp/old"
[ "$fail" = 0 ]
