#!/usr/bin/env bash
# gen_errors.sh CCUGEN - a bad configuration or command line makes ccugen exit 2 with one
# line naming the file, line, key and allowed values, and write nothing at all.
set -u
gen=$1
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
printf 'ccus = 2\nbanks = 3   # not a power of two\n' > "$work/bad_banks.cfg"
printf 'ccus = 2\nentries = 6\nslots = 6\n' > "$work/e_le_s.cfg"
printf 'fsm_states = 6\nfsm.6 = 6 0 9 +1\n' > "$work/fsm_row.cfg"
printf 'ccus = 2\nbankz = 4\n' > "$work/unknown.cfg"
# check NAME EXPECT_SUBSTRINGS... -- ARGS...
check() {
    local name=$1; shift
    local needles=()
    while [ "$1" != "--" ]; do needles+=("$1"); shift; done
    shift
    local out=$work/out_$name
    "$gen" "$@" --out "$out" >"$work/stdout" 2>"$work/stderr"
    local rc=$? ok=1
    [ "$rc" = 2 ] || { echo "FAIL: gen_errors $name: exit $rc, expected 2"; ok=0; }
    [ -e "$out" ] && { echo "FAIL: gen_errors $name: $out was written"; ok=0; }
    [ "$(wc -l < "$work/stderr")" = 1 ] || { echo "FAIL: gen_errors $name: not one line:"; sed 's/^/   /' "$work/stderr"; ok=0; }
    for n in "${needles[@]}"; do
        grep -qF -- "$n" "$work/stderr" || { echo "FAIL: gen_errors $name: message lacks '$n':"; sed 's/^/   /' "$work/stderr"; ok=0; }
    done
    [ "$ok" = 1 ] && echo "PASS: gen_errors $name: $(cat "$work/stderr")"
}
check bad_banks "bad_banks.cfg:2" "banks" "allowed: 1, 2, 4" -- --config "$work/bad_banks.cfg"
check e_le_s "e_le_s.cfg" "entries = 6" "slots = 6" -- --config "$work/e_le_s.cfg"
check fsm_row "fsm_row.cfg:2" "fsm.6" -- --config "$work/fsm_row.cfg"
check unknown "unknown.cfg:2" "bankz" "banks" -- --config "$work/unknown.cfg"
check set_range "--set" "data_bits" "allowed: 1..4096" -- --config configs/default.cfg --set data_bits=0
check bad_option "--frobnicate" "allowed" -- --config configs/default.cfg --frobnicate
check missing_file "nope.cfg" -- --config "$work/nope.cfg"
