#!/usr/bin/env bash
# mutate/run.sh - mutation testing: apply each single-point mutant of the catalogue to a
# private copy of the tree, rebuild, and see whether the project's checks notice it.
#
#   mutate/run.sh [--catalogue FILE] [--jobs N] [--runs NAME,...] [--keep] [ID...]
#
# Without IDs: every mutant of the catalogue (mutate/catalogue.txt, format in mutate/mut.py).
# Runner `model` (a file of cmodel/): the C tests, build/tests/test_* in name order, each
# under `timeout`; the first one that fails kills the mutant.
# Runner `check` (a C file or script of gpu/ driver/ trace/ compare/ sim/ eval/ kit/): the C
# tests as for `model`, then, if none failed, the whole quick tier (`make check`, one
# command at a time, each under run_tests.sh's own time limit); its first FAIL line kills.
# Runner `rtl` (a generator template, gen/templates/*.vt): the mutated generator writes the
# RTL (--debug) of each configuration of RUNS below; a configuration whose RTL is byte for
# byte the reference one cannot kill the mutant and is skipped; otherwise the lockstep
# co-simulation against the (unmutated) model runs, legal then adversarial traffic; the
# first mismatch kills the mutant. --runs fsm,def: only those configurations of RUNS.
# A mutant that does not build (compiler, generator or Verilator error) is INVALID: the
# catalogue must hold mutants a developer could write.
# Per mutant one line: id, file, KILLED by <check> / SURVIVED / ..., seconds.
# End: `mutation score FOLDER/: K killed / N non-equivalent (P %), E equivalent` per folder
# (the first component of the file's path), then the same over every mutant: `mutation score: ...`.
# Exit 0 iff every non-equivalent mutant is killed, every mutant marked equivalent
# survives (else its reason is wrong), and none is INVALID; 2 on a usage error.
# Isolation: each mutant works in its own temporary directory (a copy of the tree's
# tracked and untracked files, plus the object files of build/ so that only the mutated
# file recompiles); with --jobs 2 two mutants run at once (the machine has 2 cores).
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
CAT=mutate/catalogue.txt; JOBS=${MUTATE_JOBS:-1}; KEEP=0; IDS=(); MUT_RUNS=${MUT_RUNS:-}
TMO=${MUTATE_TIMEOUT:-600}
SEED=${MUTATE_SEED:-1}

# Co-simulation runs of the rtl runner: name | --set list | cycles per mode.
#  fsm:  tiny interval, ipc_threshold 1/2 and sthld_max 3, so that equal-IPC boundaries
#        (DEN*|cur-prev| == NUM*prev) and both STHLD clamps happen every few hundred cycles;
#        3 CCUs and 7 entries, so that the LFSR's modulo of a size that is not a power of
#        two (kept incrementally, lfsr.vt) is exercised
#  def:  the default hardware at a small data width (FSM with interval 500)
#  base: baseline operand collectors (ocu, ocu_ctrl)
#  lru:  replacement lru and write filter off (the LRU victim path, far write-backs cached)
# (Private CCUs, GTO and fixed STHLD are left to tests/cosim_regress.sh: no mutant of the
# catalogue touches their generator branches, and every run costs a Verilator build per
# mutant.)
RUNS=(
    "fsm|data_bits=16 interval=8 ipc_threshold=1/2 sthld_max=3 sthld_step=1 ccus=3 entries=7|20000"
    "def|data_bits=16 interval=500|30000"
    "base|caching=off data_bits=8 interval=500|20000"
    "lru|replacement=lru write_filter=off data_bits=16 interval=500|20000"
)

usage() { echo "usage: mutate/run.sh [--catalogue FILE] [--jobs N] [--runs NAME,...] [--keep] [ID...]" >&2; exit 2; }

# keep only the RUNS named in the comma-separated list $1
select_runs() {
    local keep=() r n
    for r in "${RUNS[@]}"; do
        n=${r%%|*}
        case ",$1," in *",$n,"*) keep+=("$r") ;; esac
    done
    [ "${#keep[@]}" -gt 0 ] || { echo "mutate/run.sh: --runs $1: no such run (allowed: fsm def base lru)" >&2; exit 2; }
    RUNS=("${keep[@]}")
}

# ---- one mutant (internal: --one ID LOGDIR) ----------------------------------------------
sets_args() { local a=() kv; for kv in $1; do a+=(--set "$kv"); done; echo "${a[@]}"; }

# copy the tree (tracked + untracked, not ignored) and the reusable objects into $1
copy_tree() {
    local t=$1
    git ls-files -co --exclude-standard -z | tar -cf - --null -T - | tar -xf - -C "$t"
    mkdir -p "$t/build/cosim"
    cp -a build/obj build/libmk.a build/tests "$t/build/" 2>/dev/null
    cp -a build/gen "$t/build/" 2>/dev/null
    cp -a build/cosim/. "$t/build/cosim/" 2>/dev/null  # binaries rebuilt only if a source changed
    cp -a build/malekeh-sim build/malekeh-refs build/malekeh-hints "$t/build/" 2>/dev/null
    return 0
}

# The Makefile's CFLAGS without -Werror: a mutant that leaves a parameter unused (a
# warning) still changes behaviour, and the warning is a style gate, not a check of it.
MUT_CFLAGS="-std=c11 -O2 -g -Wall -Wextra -Wshadow -Wstrict-prototypes -D_POSIX_C_SOURCE=200809L"

run_model() {  # $1 tree; prints "KILLED<TAB>test: first FAIL" or "SURVIVED" or "INVALID<TAB>why"
    local t=$1 tests=() b log
    for b in tests/test_*.c; do tests+=("build/tests/$(basename "$b" .c)"); done
    if ! make -s -C "$t" CFLAGS="$MUT_CFLAGS" "${tests[@]}" >"$t/build.log" 2>&1; then
        printf 'INVALID\tdoes not build: %s\n' "$(grep -m1 -E 'error|Error' "$t/build.log")"; return
    fi
    for b in "${tests[@]}"; do
        log=$t/$(basename "$b").log
        (cd "$t" && timeout "$TMO" "./$b" >"$log" 2>&1)
        local rc=$?
        if [ "$rc" != 0 ]; then
            local f; f=$(grep -m1 '^FAIL: ' "$log" | sed 's/^FAIL: //')
            [ "$rc" = 124 ] && f="timeout ${TMO}s"
            [ -z "$f" ] && f="exit $rc"
            printf 'KILLED\t%s: %s\n' "$(basename "$b")" "$f"; return
        fi
    done
    echo SURVIVED
}

run_check() {  # $1 tree; the C tests, then make check
    local t=$1 res log=$1/check.log
    res=$(run_model "$t")
    [ "$res" = SURVIVED ] || { echo "$res"; return; }
    (cd "$t" && TEST_JOBS=1 timeout "$TMO" make -s CFLAGS="$MUT_CFLAGS" check) >"$log" 2>&1
    local rc=$?
    [ "$rc" = 0 ] && { echo SURVIVED; return; }
    local cmd f
    cmd=$(grep -m1 -E '^== .* failed \(' "$log" | sed -E 's/^== //; s/: [0-9]+ passed.*//')
    f=$(grep -m1 -E '^   FAIL: ' "$log" | sed 's/^   FAIL: //')
    [ "$rc" = 124 ] && f="timeout ${TMO}s"
    printf 'KILLED\tmake check: %s: %s\n' "${cmd:-?}" "${f:-exit $rc}"
}

run_rtl() {  # $1 tree
    local t=$1 r name sets cyc changed=0 mode
    if ! make -s -C "$t" build/ccugen >"$t/build.log" 2>&1; then
        printf 'INVALID\tccugen does not build: %s\n' "$(grep -m1 error "$t/build.log")"; return
    fi
    for r in "${RUNS[@]}"; do
        IFS='|' read -r name sets cyc <<<"$r"
        local sa; sa=$(sets_args "$sets")
        # shellcheck disable=SC2086
        if ! (cd "$t" && ./build/ccugen --config configs/default.cfg $sa --debug --out "rtl_$name") \
                >"$t/gen_$name.log" 2>&1; then
            printf 'INVALID\tccugen fails on [%s]: %s\n' "$sets" "$(head -1 "$t/gen_$name.log")"; return
        fi
        diff -rq -I 'Generator:' "$t/rtl_$name" "build/mutate/ref/$name" >/dev/null && continue
        changed=1
        # shellcheck disable=SC2086
        if ! (cd "$t" && bash scripts/cosim.sh --config configs/default.cfg $sa --rtl-dir "rtl_$name" \
                --build-only) >"$t/vbuild_$name.log" 2>&1; then
            printf 'INVALID\tVerilator build fails on [%s]: %s\n' "$sets" \
                "$(grep -m1 -E '%Error|error' "$t/vbuild_$name.log")"; return
        fi
        for mode in legal adversarial; do
            # shellcheck disable=SC2086
            (cd "$t" && timeout "$TMO" ./cosim --config configs/default.cfg $sa --seed "$SEED" \
                --vcd-dir . --cycles "$cyc" --mode "$mode") >"$t/run_${name}_$mode.log" 2>&1
            local rc=$?
            if [ "$rc" = 1 ] || [ "$rc" = 124 ]; then
                local f=$t/run_${name}_$mode.log why cy sg
                cy=$(grep -m1 '^  cycle ' "$f" | awk '{print $2}')
                sg=$(grep -m1 '^  signal ' "$f" | sed 's/^  signal *//; s/ (.*//')
                if [ -n "$cy" ] && [ -n "$sg" ]; then why="cycle $cy, $sg"
                else why=$(grep -m1 'FAIL' "$f" | sed 's/^cosim: //'); fi
                [ "$rc" = 124 ] && why="timeout ${TMO}s"
                printf 'KILLED\tcosim %s %s: %s\n' "$name" "$mode" "$why"; return
            elif [ "$rc" != 0 ]; then
                printf 'INVALID\tcosim %s %s exit %s: %s\n' "$name" "$mode" "$rc" \
                    "$(grep -v '^cov' "$t/run_${name}_$mode.log" | head -1)"; return
            fi
        done
    done
    if [ "$changed" = 0 ]; then printf 'SURVIVED\tthe generated RTL of every run is unchanged\n'
    else echo SURVIVED; fi
}

one() {  # ID LOGDIR
    local id=$1 logdir=$2 t0=$SECONDS line file runner eq res
    line=$(python3 mutate/mut.py list "$CAT" "$id") || { printf 'INVALID\tnot in catalogue\n' >"$logdir/$id.res"; return; }
    IFS=$'\t' read -r _ file runner eq <<<"$line"
    local t; t=$(mktemp -d "${TMPDIR:-/tmp}/mut_${id}.XXXXXX")
    copy_tree "$t"
    if ! python3 mutate/mut.py apply "$CAT" "$id" "$t" 2>"$t/apply.log"; then
        res=$(printf 'INVALID\t%s' "$(cat "$t/apply.log")")
    elif [ "$runner" = model ]; then res=$(run_model "$t")
    elif [ "$runner" = check ]; then res=$(run_check "$t")
    else res=$(run_rtl "$t"); fi
    local st=${res%%$'\t'*} why=""
    [ "$st" != "$res" ] && why=${res#*$'\t'}
    local verdict=$st
    if [ "$eq" = 1 ]; then
        case "$st" in SURVIVED) verdict=EQUIVALENT ;; KILLED) verdict=KILLED-BUT-MARKED-EQUIVALENT ;; esac
    fi
    printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$id" "$file" "$runner" "$verdict" "$((SECONDS - t0))" "$why" >"$logdir/$id.res"
    printf '%-10s %-32s %-6s %-30s %4ss  %s\n' "$id" "$file" "$runner" "$verdict" "$((SECONDS - t0))" "$why"
    if [ "$KEEP" = 1 ]; then echo "   kept: $t"; else rm -rf "$t"; fi
}

if [ "${1:-}" = "--one" ]; then
    shift; KEEP=${MUT_KEEP:-0}; CAT=${MUT_CAT:-$CAT}
    [ -n "${MUT_RUNS:-}" ] && select_runs "$MUT_RUNS"
    one "$1" "$2"; exit 0
fi

while [ $# -gt 0 ]; do
    case "$1" in
        --catalogue) [ $# -ge 2 ] || usage; CAT=$2; shift 2 ;;
        --jobs) [ $# -ge 2 ] || usage; JOBS=$2; shift 2 ;;
        --keep) KEEP=1; shift ;;
        --runs) [ $# -ge 2 ] || usage; select_runs "$2"; MUT_RUNS=$2; shift 2 ;;
        -*) usage ;;
        *) IDS+=("$1"); shift ;;
    esac
done
case "$JOBS" in 1|2) ;; *) echo "mutate/run.sh: --jobs $JOBS (allowed: 1 or 2, the machine has 2 cores)" >&2; exit 2 ;; esac
[ -f "$CAT" ] || { echo "mutate/run.sh: $CAT: no such catalogue" >&2; exit 2; }

T0=$SECONDS
# ---- reference: the unmutated tree must build and pass every run ---------------------------
tests=(); for b in tests/test_*.c; do tests+=("build/tests/$(basename "$b" .c)"); done
make -s build/ccugen build/malekeh-sim build/malekeh-refs build/malekeh-hints "${tests[@]}" >/dev/null || { echo "FAIL: mutate: the unmutated tree does not build"; exit 1; }
python3 mutate/mut.py check "$CAT" "$ROOT" || exit 1
list=$(python3 mutate/mut.py list "$CAT" "${IDS[@]}") || exit 2
need_rtl=0; echo "$list" | cut -f3 | grep -qx rtl && need_rtl=1
if [ "$need_rtl" = 1 ]; then
    mkdir -p build/mutate/ref
    for r in "${RUNS[@]}"; do
        IFS='|' read -r name sets cyc <<<"$r"
        sa=$(sets_args "$sets")
        rm -rf "build/mutate/ref/$name"
        # shellcheck disable=SC2086
        ./build/ccugen --config configs/default.cfg $sa --debug --out "build/mutate/ref/$name" >/dev/null ||
            { echo "FAIL: mutate: ccugen [$sets]"; exit 1; }
        for mode in legal adversarial; do
            # shellcheck disable=SC2086
            if ! bash scripts/cosim.sh --config configs/default.cfg $sa --seed "$SEED" --cycles "$cyc" \
                    --mode "$mode" >build/mutate/ref/$name.$mode.log 2>&1; then
                echo "FAIL: mutate: the unmutated RTL fails run $name $mode (build/mutate/ref/$name.$mode.log)"; exit 1
            fi
        done
    done
fi
echo "mutate: reference ready in $((SECONDS - T0)) s; $(echo "$list" | wc -l) mutants, jobs $JOBS"

logdir=$(mktemp -d); trap 'rm -rf "$logdir"' EXIT
export MUT_KEEP=$KEEP MUT_CAT=$CAT MUT_RUNS=${MUT_RUNS:-}
echo "$list" | cut -f1 | xargs -P "$JOBS" -I{} bash "$0" --one {} "$logdir"

# ---- score --------------------------------------------------------------------------------
k=0; n=0; e=0; bad=0
while IFS=$'\t' read -r id file runner verdict secs why; do
    case "$verdict" in
        KILLED) k=$((k + 1)); n=$((n + 1)) ;;
        SURVIVED) n=$((n + 1)); bad=1; echo "FAIL: mutant $id ($file) survived: no check noticed it" ;;
        EQUIVALENT) e=$((e + 1)) ;;
        KILLED-BUT-MARKED-EQUIVALENT) bad=1; n=$((n + 1)); k=$((k + 1))
            echo "FAIL: mutant $id ($file) is marked equivalent but $why killed it (the reason is wrong)" ;;
        *) bad=1; echo "FAIL: mutant $id ($file): $verdict $why" ;;
    esac
done < <(cat "$logdir"/*.res 2>/dev/null)
# per folder: the file's first path component (gen/templates/ is gen)
while IFS=$'\t' read -r folder kk nn ee; do
    pp=0; [ "$nn" -gt 0 ] && pp=$(awk -v k="$kk" -v n="$nn" 'BEGIN { printf "%.1f", 100 * k / n }')
    echo "mutation score $folder/: $kk killed / $nn non-equivalent ($pp %), $ee equivalent"
done < <(cat "$logdir"/*.res 2>/dev/null | awk -F'\t' '{ d = $2; sub(/\/.*/, "", d)
    if ($4 == "EQUIVALENT") e[d]++; else { n[d]++; if ($4 ~ /^KILLED/) k[d]++ }; seen[d] = 1 }
    END { for (d in seen) printf "%s\t%d\t%d\t%d\n", d, k[d], n[d], e[d] }' | sort)
pct=0; [ "$n" -gt 0 ] && pct=$(awk -v k="$k" -v n="$n" 'BEGIN { printf "%.1f", 100 * k / n }')
echo "mutation score: $k killed / $n non-equivalent ($pct %), $e equivalent"
echo "mutate: $((SECONDS - T0)) s"
if [ "$bad" = 0 ]; then echo "PASS: mutation testing ($k/$n killed, $e equivalent)"; else echo "FAIL: mutation testing"; fi
exit "$bad"
