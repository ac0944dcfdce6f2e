#!/usr/bin/env bash
# jobs.sh OUTDIR CONFIG TRACE... - the evaluation as a list of independent jobs, one
# command per line: every variant of eval/variants.txt on every trace (build/malekeh-sim,
# each writing OUTDIR/runs/<trace>__<variant>.json), and the reference hit ratios of every
# trace (build/malekeh-refs, OUTDIR/runs/<trace>__refs.json). Run the list with GNU
# parallel (`parallel -j2 < jobs`), make -j, across machines with
# `parallel --sshloginfile`, or as a SLURM array (docs/eval.md); then merge.
# EVAL_SET="k=v ..." adds --set k=v to every run (e.g. "sm_fill=on", "machine=subcore").
# A TRACE written TRACE@K runs with grid_scale = K (docs/gpu.md section 1) under the name
# <trace>_xK, beside the unscaled one when both are given.
# ENERGY_TABLE=FILE prices every run by that energy ledger (energy_table, docs/energy.md),
# named by its absolute path; a bad ledger is refused here, before any job runs.
set -euo pipefail
[ $# -ge 3 ] || { echo "usage: eval/jobs.sh OUTDIR CONFIG TRACE..." >&2; exit 2; }
out=$1 cfg=$2; shift 2
ROOT=$(cd "$(dirname "$0")/.." && pwd)
table=""
if [ -n "${ENERGY_TABLE:-}" ]; then
    [ -r "$ENERGY_TABLE" ] || { echo "eval/jobs.sh: ENERGY_TABLE=$ENERGY_TABLE: cannot read (expected an energy ledger, docs/energy.md)" >&2; exit 2; }
    table="$(cd "$(dirname "$ENERGY_TABLE")" && pwd)/$(basename "$ENERGY_TABLE")"
    case "$table" in *[[:space:]]*) echo "eval/jobs.sh: ENERGY_TABLE=$table: a path with spaces (expected none; the job lines split on them)" >&2; exit 2 ;; esac
    "$ROOT/build/malekeh-sim" --config "$cfg" --set "energy_table=$table" --set machine=subcore --insts 1 --quiet >/dev/null ||
        exit 2
    table=" --set energy_table=$table"
fi
warps=$(sed -n 's/^ *warps *= *\([0-9]*\).*/\1/p' "$cfg" | tail -1); warps=${warps:-8}
for arg in "$@"; do
    t=${arg%@*} scale=""
    if [ "$t" != "$arg" ]; then # TRACE@K: the trace with grid_scale = K, named NAME_xK
        scale=${arg##*@}
        case "$scale" in ''|*[!0-9]*|0*) echo "eval/jobs.sh: $arg: '$scale' after @ is not a grid_scale (expected TRACE@K, K an integer 1..1024)" >&2; exit 2 ;; esac
        [ "$scale" -le 1024 ] || { echo "eval/jobs.sh: $arg: grid_scale $scale above 1024 (expected TRACE@K, K an integer 1..1024)" >&2; exit 2; }
    fi
    [ -r "$t" ] || { echo "eval/jobs.sh: $t: cannot read (expected a trace file)" >&2; exit 2; }
    name=$(basename "$t"); name=${name%%.traceg*}${scale:+_x$scale}
    while IFS='|' read -r v what sets; do
        v=$(echo "$v" | tr -d ' '); [ -z "$v" ] || [ "${v#\#}" != "$v" ] && continue
        args=""
        for kv in ${EVAL_SET:-} ${scale:+grid_scale=$scale} ${sets//@WARPS@/$warps}; do args="$args --set $kv"; done
        echo "$ROOT/build/malekeh-sim --config $cfg$args$table --trace $t --quiet --json $out/runs/${name}__$v.json"
    done <"$ROOT/eval/variants.txt"
    # the reference hit ratios are per warp: a replica's warps are its original's
    echo "$ROOT/build/malekeh-refs --config $cfg --trace $t --json $out/runs/${name}__refs.json"
done
