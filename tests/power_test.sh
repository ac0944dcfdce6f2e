#!/usr/bin/env bash
# power_test.sh - synth/power.sh refuses bad input with one line and exit 2: no --area, an
# --area folder without a flat netlist, a netlist timed with a library that has no power
# tables (the generic library), an unknown option. The full flow runs in make report
# (make area LIBERTY=<sky130>). Prints PASS:/FAIL:.
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
one() { # one NAME EXPECT_SUBSTRING ARGS...: exit 2, one line containing EXPECT
    local name=$1 want=$2; shift 2
    bash synth/power.sh "$@" >"$tmp/o" 2>"$tmp/e"; local rc=$?
    if [ "$rc" = 2 ] && [ "$(wc -l <"$tmp/e")" = 1 ] && grep -q -- "$want" "$tmp/e" && [ ! -s "$tmp/o" ]; then
        echo "PASS: power_test: $name: $(cat "$tmp/e")"
    else
        echo "FAIL: power_test: $name: exit $rc, stderr '$(head -n 3 "$tmp/e")'"; fail=1
    fi
}
one "no --area" "--area DIR is required"
one "unknown option" "unknown option '--bogus'" --bogus 1
mkdir -p "$tmp/empty"
one "no netlist" "netlist.v: missing" --area "$tmp/empty"
mkdir -p "$tmp/gen/sta"
printf 'module m; endmodule\n' >"$tmp/gen/sta/netlist.v"
printf 'read_liberty %s\nlink_design m\n' "$ROOT/synth/generic_cells.lib" >"$tmp/gen/sta/sta.tcl"
one "no power tables" "no internal_power tables" --area "$tmp/gen"
[ "$fail" = 0 ]
