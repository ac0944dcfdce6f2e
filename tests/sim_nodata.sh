#!/usr/bin/env bash
# sim_nodata.sh - malekeh-sim's statistics-only path (the default: no register values
# carried) gives exactly the statistics of the bit-accurate path (--values): every shipped
# trace and a synthetic run, on the default configuration, the baseline OCUs, private CCUs
# and a GTO + LRU-only variant. The two JSON files must be identical except for the three
# members that say which path ran: run.values (0 / 1), driver.operand_checks (0 / every
# dispatched operand compared) and run.seconds (wall time).
set -u
# shellcheck source=tests/sim_lib.sh
. "$(dirname "$0")/sim_lib.sh"
sim_setup sim_nodata
strip() { grep -v -e '"values": ' -e '"operand_checks": ' -e '"seconds": ' "$1"; }

# name, then the malekeh-sim arguments of one run
check() {
    local name=$1; shift
    if ! "$SIM" "$@" --quiet --json "$tmp/fast.json" 2>"$tmp/err" ||
       ! "$SIM" "$@" --values --quiet --json "$tmp/full.json" 2>>"$tmp/err"; then
        echo "FAIL: sim_nodata $name: $(head -1 "$tmp/err")"; return
    fi
    local vf vb cf cb
    vf=$(get "$tmp/fast.json" values); vb=$(get "$tmp/full.json" values)
    cf=$(get "$tmp/fast.json" operand_checks); cb=$(get "$tmp/full.json" operand_checks)
    if [ "$vf" != 0 ] || [ "$vb" != 1 ] || [ "$cf" != 0 ] || [ "${cb:-0}" -le 0 ]; then
        echo "FAIL: sim_nodata $name: values $vf/$vb, operand checks $cf/$cb (expected 0/1, 0/>0)"
    elif ! diff <(strip "$tmp/fast.json") <(strip "$tmp/full.json") >"$tmp/diff"; then
        echo "FAIL: sim_nodata $name: statistics differ:"; head -20 "$tmp/diff"
    else
        echo "PASS: sim_nodata $name: identical statistics ($(get "$tmp/full.json" cycles) cycles, $cb operands checked on the bit-accurate path)"
    fi
}

variants=("default:--config configs/default.cfg"
          "baseline:--config configs/examples/baseline.cfg"
          "private:--config configs/examples/private.cfg"
          "gto-lru:--config configs/default.cfg --set scheduler=gto --set replacement=lru")
for v in "${variants[@]}"; do
    # shellcheck disable=SC2086 # the variant's arguments are words
    check "${v%%:*} synthetic" ${v#*:} --insts 40000
done
if ! ls "$WL"/*.traceg* >/dev/null 2>&1; then
    echo "SKIP: sim_nodata traces: no traces in $WL (the shared workloads folder is absent)"
    exit 0
fi
for f in "$WL"/*.traceg*; do
    for v in "${variants[@]}"; do
        # shellcheck disable=SC2086
        check "${v%%:*} $(basename "$f")" ${v#*:} --trace "$f"
    done
done
