#!/usr/bin/env bash
# storage_test.sh - synth/storage.sh refuses bad input with one line and exit 2: no --area,
# an unknown option, an --area folder without area.json, one without its timing run, one
# whose RTL header names no ct_storage. The full flow runs in make report (make area
# LIBERTY=<sky130>); docs/area.md shows it at 32 data bits. Prints PASS:/FAIL:.
set -u
# shellcheck source=tests/bad_input_lib.sh
. "$(dirname "$0")/bad_input_lib.sh"
bad_input_setup
one() { refuses storage_test synth/storage.sh "$@"; }
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
