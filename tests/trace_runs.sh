#!/usr/bin/env bash
# trace_runs.sh - malekeh-sim on real traces: every trace of ../shared/workloads runs to
# completion on the default configuration, the baseline OCUs and private CCUs, issuing
# exactly the trace's instructions (the sum of its `insts = n` lines), on the bit-accurate
# path (--values) with operand checks and no error, and writes valid JSON; bad input (missing file, truncated trace, options
# that do not go together) gives one line and exit 2 and writes no JSON.
set -u
# shellcheck source=tests/sim_lib.sh
. "$(dirname "$0")/sim_lib.sh"
sim_setup trace_runs

# --- bad input (no workloads needed) ---------------------------------------------------
expect_2() { # name, then the command
    local name=$1; shift
    "$@" >"$tmp/out" 2>"$tmp/err"; local rc=$?
    if [ "$rc" = 2 ] && [ "$(wc -l <"$tmp/err")" = 1 ] && [ ! -e "$tmp/bad.json" ]; then
        echo "PASS: trace_runs bad input: $name: $(cat "$tmp/err")"
    else
        echo "FAIL: trace_runs bad input: $name (exit $rc, $(wc -l <"$tmp/err") stderr lines)"
        cat "$tmp/err"
    fi
}
expect_2 "missing trace" "$SIM" --trace "$tmp/nope.traceg" --json "$tmp/bad.json"
expect_2 "--insts with --trace" "$SIM" --trace "$tmp/nope.traceg" --insts 5
expect_2 "--blocks without --trace" "$SIM" --blocks 2
expect_2 "--blocks not a number" "$SIM" --trace x --blocks two
expect_2 "unknown option" "$SIM" --trcae x

# --- the leakage from the per-state keys: 100 % ON, leak_sleep_pct SLEEP, leak_off_pct OFF
# (the repository's own trace: no workloads needed) ---------------------------------------
lt=$(ls "$ROOT"/workloads/matrixmul32_sm61_kernel-1.traceg* | head -1)
"$SIM" --trace "$lt" --quiet --set rf_states=on --set leak_sleep_pct=50 --set leak_off_pct=20 --json "$tmp/leak.json"
g() { grep -o "\"$1\": [0-9.]*" "$tmp/leak.json" | head -1 | sed 's/.*: //'; }
if awk -v off="$(g reg_cycles_off)" -v sl="$(g reg_cycles_sleep)" -v on="$(g reg_cycles_on)" -v got="$(g rf_leakage_saved_pct)" \
    'BEGIN { s = off + sl + on; want = 100 * (1 - (on + 0.5 * sl + 0.2 * off) / s)
             d = got - want; if (d < 0) d = -d; exit !(s > 0 && off > 0 && sl > 0 && d < 0.001) }'; then
    echo "PASS: trace_runs: rf_leakage_saved_pct = 100 (1 - (ON + 0.5 SLEEP + 0.2 OFF) / all) at leak_sleep_pct = 50, leak_off_pct = 20"
else
    echo "FAIL: trace_runs: rf_leakage_saved_pct $(g rf_leakage_saved_pct) is not the per-state leakage of the register-cycles"
fi

if ! ls "$WL"/*.traceg* >/dev/null 2>&1; then
    echo "SKIP: trace_runs: no traces in $WL (the shared workloads folder is absent)"
    exit 0
fi
first=$(ls "$WL"/*.traceg* | head -1)
head -c 20000 "$first" >"$tmp/cut.traceg"
expect_2 "truncated trace" "$SIM" --trace "$tmp/cut.traceg" --json "$tmp/bad.json"
grep -q "cut.traceg:[0-9]*:" "$tmp/err" && echo "PASS: trace_runs: the truncation is reported as file:line" ||
    echo "FAIL: trace_runs: the truncation message names no file:line: $(cat "$tmp/err")"

# --- a hint file written by malekeh-hints and read back gives the same run -------------
make -s build/malekeh-hints >/dev/null
"./build/malekeh-hints" --trace "$first" --mode profile --out "$tmp/h.txt" 2>"$tmp/err" &&
"$SIM" --trace "$first" --hints "$tmp/h.txt" --quiet --json "$tmp/a.json" 2>>"$tmp/err" &&
"$SIM" --trace "$first" --set hints=profile --quiet --json "$tmp/b.json" 2>>"$tmp/err"
if [ -s "$tmp/a.json" ] && [ -s "$tmp/b.json" ] &&
   [ "$(sed -n '/"model"/,/}/p' "$tmp/a.json")" = "$(sed -n '/"model"/,/}/p' "$tmp/b.json")" ]; then
    echo "PASS: trace_runs: a profile hint file read back runs exactly like hints = profile"
else
    echo "FAIL: trace_runs: hint file round trip through malekeh-sim differs: $(cat "$tmp/err")"
fi

# --- every trace on three configurations -----------------------------------------------
for f in "$WL"/*.traceg*; do
    t=$(basename "$f")
    want=$(case "$f" in *.xz) xz -dc "$f" ;; *.gz) gzip -dc "$f" ;; *) cat "$f" ;; esac |
           awk -F'= *' '/^insts *=/ { n += $2 } END { print n + 0 }')
    for cfg in configs/default.cfg configs/examples/baseline.cfg configs/examples/private.cfg; do
        j=$tmp/run.json; rm -f "$j"
        if ! "$SIM" --config "$cfg" --trace "$f" --values --quiet --json "$j" 2>"$tmp/err"; then
            echo "FAIL: trace_runs $cfg $t: $(cat "$tmp/err")"; continue
        fi
        n=$(get "$j" instructions); ok=$(get "$j" complete); chk=$(get "$j" operand_checks)
        err=$(get "$j" errors)
        if [ "$n" = "$want" ] && [ "$ok" = 1 ] && [ "${chk:-0}" -gt 0 ] && [ "$err" = 0 ] &&
           grep -q '"sthld_trace": \[' "$j" && tail -1 "$j" | grep -q '^}$'; then
            echo "PASS: trace_runs $cfg $t: $n instructions, $(get "$j" cycles) cycles, hit ratio $(get "$j" hit_ratio)"
        else
            echo "FAIL: trace_runs $cfg $t: instructions $n (trace has $want), complete $ok, checks $chk, errors $err"
        fi
    done
done
