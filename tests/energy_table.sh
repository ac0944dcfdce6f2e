#!/usr/bin/env bash
# energy_table.sh - malekeh-sim's energy_table key end to end on the shipped trace (one
# sub-core): a bad ledger is refused before the run (exit 2, one line FILE:LINE: ..., no
# summary, no JSON written); the shipped 45 nm ledger gives the built-in energy to the last
# digit; on a ledger with a per-collector crossbar, a storage clock and control, eight
# baseline collectors cost more per instruction than two, where the built-in table prices
# them the same; the JSON names the table and what the design was priced on.
set -u
cd "$(dirname "$0")/.." || exit 1
SIM=build/malekeh-sim
T=workloads/matrixmul32_sm61_kernel-1.traceg.xz
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
ok() { echo "PASS: energy_table: $1"; }
bad() { echo "FAIL: energy_table: $1"; fail=1; }
get() { grep -o "\"$2\": [-0-9.e+]*" "$1" | head -1 | sed 's/.*: //'; }
run() { # run NAME ARGS...: the trace on one sub-core, JSON to $tmp/NAME.json
    local n=$1; shift
    "$SIM" --set machine=subcore "$@" --trace "$T" --quiet --json "$tmp/$n.json" 2>"$tmp/$n.err"
}

# a bad ledger: refused before the run
sed 's/^bank_read_pj_per_bit = .*/bank_read_pj_per_bit = lots/' configs/energy/45nm.ledger >"$tmp/bad.ledger"
line=$(grep -n '^bank_read_pj_per_bit' "$tmp/bad.ledger" | cut -d: -f1)
"$SIM" --set "energy_table=$tmp/bad.ledger" --trace "$T" --json "$tmp/bad.json" >"$tmp/o" 2>"$tmp/e"; rc=$?
if [ "$rc" = 2 ] && [ "$(wc -l <"$tmp/e")" = 1 ] && [ ! -s "$tmp/o" ] && [ ! -e "$tmp/bad.json" ] &&
   grep -q "^malekeh-sim: $tmp/bad.ledger:$line: key 'bank_read_pj_per_bit': value 'lots'" "$tmp/e"; then
    ok "a bad ledger refused: $(cat "$tmp/e")"
else bad "a bad ledger: exit $rc, stderr '$(head -n 2 "$tmp/e")', stdout $(wc -c <"$tmp/o") bytes"; fi
"$SIM" --set "energy_table=$tmp/none.ledger" --insts 10 >"$tmp/o" 2>"$tmp/e"; rc=$?
if [ "$rc" = 2 ] && [ "$(wc -l <"$tmp/e")" = 1 ] && grep -q "none.ledger: cannot open" "$tmp/e"; then
    ok "a missing ledger refused"
else bad "a missing ledger: exit $rc, '$(cat "$tmp/e")'"; fi
"$SIM" --set energy_table=configs/energy/45nm.ledger --set energy_latch=1 --insts 10 >"$tmp/o" 2>"$tmp/e"; rc=$?
if [ "$rc" = 2 ] && grep -q "energy_latch = 1 beside energy_table" "$tmp/e"; then
    ok "an energy_* key moved beside a ledger refused"
else bad "energy_latch beside a ledger: exit $rc, '$(cat "$tmp/e")'"; fi

# the 45 nm ledger is the built-in table
run builtin --set caching=off && run file --set caching=off --set energy_table=configs/energy/45nm.ledger ||
    bad "runs failed: $(cat "$tmp"/*.err)"
a=$(get "$tmp/builtin.json" pj_per_inst) b=$(get "$tmp/file.json" pj_per_inst)
if [ -n "$a" ] && [ "$a" = "$b" ] && grep -q '"table": "configs/energy/45nm.ledger"' "$tmp/file.json" &&
   grep -q '"table": ""' "$tmp/builtin.json"; then
    ok "45nm.ledger = built-in: $a pJ / instruction"
else bad "45nm.ledger $b against built-in $a pJ / instruction"; fi

# the summary names the table
"$SIM" --set machine=subcore --set energy_table=configs/energy/45nm.ledger --trace "$T" >"$tmp/sum.txt" 2>&1
if grep -q "^  energy table  *configs/energy/45nm.ledger: 45 nm: SRAM from Horowitz" "$tmp/sum.txt" &&
   grep -q "^  RF energy  *[0-9.]* pJ / instruction" "$tmp/sum.txt"; then
    ok "the summary names the ledger and its source"
else bad "summary: '$(grep -i energy "$tmp/sum.txt")'"; fi

# eight baseline collectors against two
sed -e 's/^crossbar_pj_per_bit_per_collector = .*/crossbar_pj_per_bit_per_collector = 0.01/' \
    -e 's/^storage_clock_pj_per_bit_cycle_ungated = .*/storage_clock_pj_per_bit_cycle_ungated = 0.002/' \
    -e 's/^ccu_control_pj_per_collector_cycle = .*/ccu_control_pj_per_collector_cycle = 1/' \
    -e 's/^ocu_control_pj_per_collector_cycle = .*/ocu_control_pj_per_collector_cycle = 1/' \
    configs/energy/45nm.ledger >"$tmp/grow.ledger"
for t in builtin grow; do
    set_t=(); [ "$t" = grow ] && set_t=(--set "energy_table=$tmp/grow.ledger")
    for c in 2 8; do run "${t}_c$c" --set caching=off --set ccus=$c --set warps=8 "${set_t[@]}" ||
        bad "run $t c$c: $(cat "$tmp/${t}_c$c.err")"; done
done
b2=$(get "$tmp/builtin_c2.json" pj_per_inst) b8=$(get "$tmp/builtin_c8.json" pj_per_inst)
g2=$(get "$tmp/grow_c2.json" pj_per_inst) g8=$(get "$tmp/grow_c8.json" pj_per_inst)
e8=$(get "$tmp/grow_c8.json" data_entries) l8=$(get "$tmp/grow_c8.json" collectors)
if [ -n "$b2" ] && [ "$b2" = "$b8" ] && awk -v a="$g2" -v b="$g8" 'BEGIN { exit !(b > a) }' &&
   [ "$e8" = 48 ] && [ "$l8" = 8 ]; then
    ok "8 collectors: built-in $b8 = $b2 pJ / instruction; growing table $g8 > $g2 (48 entries)"
else bad "8 against 2 collectors: built-in $b8 / $b2, growing table $g8 / $g2, entries $e8, collectors $l8"; fi
exit $fail
