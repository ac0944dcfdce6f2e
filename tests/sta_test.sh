#!/usr/bin/env bash
# tests/sta_test.sh - quick checks of the timing tools (docs/area.md "Method: timing"):
# FO4 of the generic library is measured and plausible, the RF-bank timing model of the
# committed RTL is a Liberty that OpenSTA reads, and bad input gets one line and exit 2.
set -u
cd "$(dirname "$0")/.." || exit 2
command -v sta >/dev/null || { echo "SKIP: sta: OpenSTA (sta) not installed"; exit 0; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sta_test.XXXXXX"); trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: sta: $*"; exit 1; }
# 1. FO4 of the generic library: an inverter chain timed by OpenSTA
r=$(bash synth/fo4.sh synth/generic_cells.lib "$tmp/fo4") || fail "synth/fo4.sh failed on the generic library"
set -- $r
[ "${1:-}" = fo4_ps ] && [ "${3:-}" = cell ] && [ "${4:-}" = INV ] || fail "synth/fo4.sh printed '$r' (expected 'fo4_ps N cell INV stages 8')"
awk -v f="$2" 'BEGIN { exit !(f > 20 && f < 500) }' || fail "FO4 = $2 ps, outside 20..500 ps"
# 2. the RF-bank model of the committed RTL: a bus-wide Liberty that OpenSTA reads without error
bank=$(ls rtl/*_rf_bank.v | head -n1)
bash synth/rf_bank_model.sh "$bank" >"$tmp/bank.lib" || fail "synth/rf_bank_model.sh failed on $bank"
cell=$(basename "$bank" .v)
printf 'read_liberty %s\nreport_lib_cell %s_model/%s\n' "$tmp/bank.lib" "$cell" "$cell" >"$tmp/r.tcl"
sta -no_splash -exit "$tmp/r.tcl" >"$tmp/r.log" 2>&1 || fail "OpenSTA rejected the bank model (see synth/rf_bank_model.sh)"
grep -qi "error" "$tmp/r.log" && fail "OpenSTA: $(grep -i error "$tmp/r.log" | head -n1)"
grep -q "rdata_o" "$tmp/r.log" || fail "the bank model has no rdata_o pins"
# 3. bad input: one line, exit 2, nothing written
bash synth/sta.sh --rtl "$tmp/none" --liberty synth/generic_cells.lib --out "$tmp/o" >"$tmp/e.txt" 2>&1; rc=$?
[ "$rc" = 2 ] && [ "$(wc -l <"$tmp/e.txt")" = 1 ] && [ ! -e "$tmp/o" ] || fail "sta.sh on a missing RTL dir: exit $rc, '$(head -n1 "$tmp/e.txt")' (expected one line, exit 2)"
# a driving cell the liberty lacks (constraints/default.sdc names a sky130 HD cell): ABC would
# map without it, so sta.sh refuses it and names the cell
bash synth/sta.sh --rtl rtl --liberty synth/generic_cells.lib --out "$tmp/o" >"$tmp/e.txt" 2>&1; rc=$?
[ "$rc" = 2 ] && [ "$(wc -l <"$tmp/e.txt")" = 1 ] && [ ! -e "$tmp/o" ] && grep -q "driving cell 'sky130_fd_sc_hd__inv_2'" "$tmp/e.txt" ||
    fail "sta.sh with a driving cell not in the liberty: exit $rc, '$(head -n1 "$tmp/e.txt")' (expected one line naming the cell, exit 2)"
bash synth/fo4.sh "$tmp/none.lib" >"$tmp/e.txt" 2>&1; rc=$?
[ "$rc" = 2 ] && [ "$(wc -l <"$tmp/e.txt")" = 1 ] || fail "fo4.sh on a missing library: exit $rc (expected one line, exit 2)"
echo "PASS: sta: FO4 of the generic library $2 ps; RF-bank model of $cell read by OpenSTA; bad input rejected"
