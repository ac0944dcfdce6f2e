#!/usr/bin/env bash
# cosim_trace.sh - real traffic through the RTL: every trace in ../shared/workloads, run to
# completion in lockstep (RTL against model, every output and state bit every cycle, the
# operand value of every dispatch checked) on the default configuration, the baseline
# OCUs and private CCUs. One PASS:/FAIL: line per trace and configuration; SKIP when the
# workloads folder is absent (the product does not need it).
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
WL=${WORKLOADS:-$ROOT/../shared/workloads}
if ! ls "$WL"/*.traceg* >/dev/null 2>&1; then
    echo "SKIP: cosim_trace: no traces in $WL (the shared workloads folder is absent)"
    exit 0
fi
make -s build/ccugen >/dev/null || { echo "FAIL: cosim_trace: build/ccugen"; exit 1; }
CONFIGS="configs/default.cfg configs/examples/baseline.cfg configs/examples/private.cfg"
for cfg in $CONFIGS; do
    if ! bash scripts/cosim.sh --config "$cfg" --build-only >/dev/null 2>&1; then
        echo "FAIL: cosim_trace: building the co-simulation of $cfg"
        continue
    fi
    for f in "$WL"/*.traceg*; do
        t=$(basename "$f")
        out=$(bash scripts/cosim.sh --config "$cfg" --no-rebuild --trace "$f" 2>&1)
        rc=$?
        line=$(echo "$out" | grep -m1 '^cosim: ')
        if [ "$rc" = 0 ] && echo "$line" | grep -q '^cosim: PASS' &&
           echo "$line" | grep -q 'operand_checks=[1-9]'; then
            echo "PASS: cosim_trace $cfg $t: $(echo "$line" | grep -o 'cycles=[0-9]* ') $(echo "$line" | grep -o 'instructions=[0-9]*')"
        else
            echo "FAIL: cosim_trace $cfg $t (exit $rc)"
            echo "$out" | head -20
        fi
    done
done
