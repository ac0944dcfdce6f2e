#!/usr/bin/env bash
# cosim_regress.sh [--quick|--full] - model/RTL lockstep co-simulation regression (make test;
# --full, every configuration: make cosim-regress).
# Configurations: the generator sweep list (tests/gen_sweep.sh --list; without --full,
# TEST_SETS below: the same keys and values, one-key variants merged), every one but the
# default with interval=500 so that STHLD intervals and FSM edges happen, plus the FSM
# directed configuration FSM_SETS (interval 8, ipc_threshold 1/2, sthld_max 3: the S/L
# decision at exact equality and both STHLD clamps happen hundreds of times, so the RTL's
# boundary comparison and clamps are compared with the model's); each in both modes (legal
# driver, adversarial inputs). Two configurations build/run in parallel.
# One PASS:/FAIL: line per configuration and mode, then the aggregated coverage: a FAIL
# line for every bin of docs/coverage.md's required list that stayed empty.
# Cycle budget: default config 150000 legal + 100000 adversarial, others 50000 + 50000,
# FSM_SETS 50000 + 50000: 2,450,000 cycles over the 23 configurations of --full, 1,450,000
# over the 12 without.
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
DEF_LEGAL=${COSIM_DEF_LEGAL:-150000}; DEF_ADV=${COSIM_DEF_ADV:-100000}
CYC=${COSIM_CYC:-50000}; JOBS=${COSIM_JOBS:-2}
# make test's set (without --full): the sweep list with its one-key variants merged, a
# build per line instead of one per variant (the Verilator build is most of the regression's
# CPU time: about 35 s a configuration); every key = value of every sweep line occurs in
# some line here (checked below, so the set cannot fall behind the list). Private CCUs x 8,
# the longest build, run in lockstep on every shared trace in tests/cosim_trace.sh.
TEST_SETS=(
  ""
  "ccus=1 entries=7 banks=1 wb_ports=1 replacement=lru write_filter=off data_bits=32"
  "ccus=8 warps=64 scheduler=gto sthld_mode=fixed sthld_init=4 clock_gating=off data_bits=32"
  "entries=16 data_bits=32"
  "slots=1 entries=2 banks=16 wb_ports=4 regs=64 data_bits=32"
  "slots=8 entries=9 data_bits=32"
  "warps=1 ccus=1 data_bits=1 regs=200 tag_bits=3"
  "caching=off slots=8 banks=16 warps=64 data_bits=8"
  "warps=6 ccus=3 entries=6 slots=5 banks=4 data_bits=8"
  "warps=16 ccus=16 ccu_sharing=private slots=2 entries=3 data_bits=4"
  "ct_storage=latch data_bits=32"
)
full=0
case "${1:-}" in
--quick) DEF_LEGAL=20000; DEF_ADV=20000; CYC=5000 ;;
--full) full=1 ;;
--one|"") ;;
*) echo "cosim_regress.sh: unknown option '$1' (allowed: --quick, --full)" >&2; exit 2 ;;
esac

if [ "${1:-}" = "--one" ]; then
    # --one IDX LOGDIR SETS: build one configuration, run both modes
    idx=$2; logdir=$3; sets=$4
    args=(--config configs/default.cfg)
    for kv in $sets; do args+=(--set "$kv"); done
    if [ "$idx" = 0 ]; then cl=$DEF_LEGAL; ca=$DEF_ADV; else cl=$CYC; ca=$CYC; fi
    t0=$SECONDS
    bash scripts/cosim.sh "${args[@]}" --build-only >"$logdir/$idx.build" 2>&1
    echo "build_seconds $((SECONDS - t0))" >>"$logdir/$idx.build"
    seed=$((idx + 1))
    bash scripts/cosim.sh "${args[@]}" --no-rebuild --cycles "$cl" --seed "$seed" --mode legal \
        >"$logdir/$idx.legal" 2>&1; echo "exit $?" >>"$logdir/$idx.legal"
    bash scripts/cosim.sh "${args[@]}" --no-rebuild --cycles "$ca" --seed "$seed" --mode adversarial \
        >"$logdir/$idx.adversarial" 2>&1; echo "exit $?" >>"$logdir/$idx.adversarial"
    exit 0
fi

mapfile -t LIST < <(bash tests/gen_sweep.sh --list)
[ "${#LIST[@]}" -ge 20 ] || { echo "FAIL: cosim_regress: sweep list has ${#LIST[@]} entries"; exit 1; }
FSM_SETS="data_bits=16 interval=8 ipc_threshold=1/2 sthld_max=3 sthld_step=1"
SETS=()
if [ "$full" = 1 ]; then RUN=("${LIST[@]}"); else
    RUN=("${TEST_SETS[@]}")
    for l in "${LIST[@]}"; do for kv in $l; do
        printf '%s\n' "${TEST_SETS[@]}" | tr ' ' '\n' | grep -qxF -- "$kv" ||
            { echo "FAIL: cosim_regress: '$kv' of the sweep line [$l] is in no line of TEST_SETS"; exit 1; }
    done; done
fi
for i in "${!RUN[@]}"; do
    if [ "$i" = 0 ]; then SETS+=("${RUN[$i]}"); else SETS+=("${RUN[$i]} interval=500"); fi
done
SETS+=("$FSM_SETS")
logdir=$(mktemp -d); trap 'rm -rf "$logdir"' EXIT
make -s build/ccugen >/dev/null || { echo "FAIL: cosim_regress: build/ccugen"; exit 1; }
T0=$SECONDS
# the default (largest build) first so it overlaps with the small ones
for i in "${!SETS[@]}"; do
    sets=${SETS[$i]}
    printf '%s\0%s\0%s\0' "$i" "$logdir" "$sets"
done | xargs -0 -n 3 -P "$JOBS" bash "$0" --one

fail=0; total=0
for i in "${!SETS[@]}"; do
    sets=${SETS[$i]}
    b=$(sed -n 's/^build_seconds //p' "$logdir/$i.build")
    for mode in legal adversarial; do
        f=$logdir/$i.$mode
        line=$(grep '^cosim: PASS' "$f")
        if [ -n "$line" ] && grep -q '^exit 0' "$f"; then
            n=$(echo "$line" | sed 's/.* cycles=\([0-9]*\).*/\1/'); total=$((total + n))
            cps=$(echo "$line" | sed 's/.*cycles_per_second=\([0-9]*\).*/\1/')
            echo "PASS: cosim $mode [${sets:-default}] cycles=$n cycles_per_second=$cps build_seconds=$b"
        else
            echo "FAIL: cosim $mode [${sets:-default}]"; sed 's/^/   /' "$f" | grep -v '^   cov ' | head -30
            cat "$logdir/$i.build" | tail -5 | sed 's/^/   /'
            fail=1
        fi
    done
done
# --- coverage: aggregate every run's bins --------------------------------------------------
cat "$logdir"/*.legal "$logdir"/*.adversarial | awk '$1 == "cov" { n[$2] += $3 }
    END { for (b in n) print b, n[b] }' | sort >"$logdir/cov"
REQUIRED=$(sed -n '/^<!-- required-bins/,/^-->/p' docs/coverage.md | grep -v '^<!--\|^-->' | tr -s ' \n' ' ')
echo "coverage (aggregated over all runs; bin count):"
sed 's/^/   /' "$logdir/cov"
for b in $REQUIRED; do
    c=$(awk -v b="$b" '$1 == b { print $2 }' "$logdir/cov")
    if [ -z "$c" ] || [ "$c" = 0 ]; then echo "FAIL: coverage bin $b stayed empty"; fail=1; fi
done
[ "$fail" = 0 ] && echo "PASS: coverage: all $(echo $REQUIRED | wc -w) required bins hit"
[ "$full" = 1 ] || echo "(make test's set: ${#TEST_SETS[@]} configurations for the sweep's ${#LIST[@]}; every one alone: make cosim-regress)"
echo "cosim_regress: total_cycles=$total seconds=$((SECONDS - T0))"
exit $fail
