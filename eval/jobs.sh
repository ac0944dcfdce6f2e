#!/usr/bin/env bash
# jobs.sh OUTDIR CONFIG TRACE... - the evaluation as a list of independent jobs, one
# command per line: every variant of eval/variants.txt on every trace (build/malekeh-sim,
# each writing OUTDIR/runs/<trace>__<variant>.json), and the reference hit ratios of every
# trace (build/malekeh-refs, OUTDIR/runs/<trace>__refs.json). Run the list with GNU
# parallel (`parallel -j2 < jobs`), make -j, across machines with
# `parallel --sshloginfile`, or as a SLURM array (docs/eval.md); then merge.
# EVAL_SET="k=v ..." adds --set k=v to every run (e.g. "sm_fill=on", "machine=subcore").
set -euo pipefail
[ $# -ge 3 ] || { echo "usage: eval/jobs.sh OUTDIR CONFIG TRACE..." >&2; exit 2; }
out=$1 cfg=$2; shift 2
ROOT=$(cd "$(dirname "$0")/.." && pwd)
warps=$(sed -n 's/^ *warps *= *\([0-9]*\).*/\1/p' "$cfg" | tail -1); warps=${warps:-8}
for t in "$@"; do
    [ -r "$t" ] || { echo "eval/jobs.sh: $t: cannot read (expected a trace file)" >&2; exit 2; }
    name=$(basename "$t"); name=${name%%.traceg*}
    while IFS='|' read -r v what sets; do
        v=$(echo "$v" | tr -d ' '); [ -z "$v" ] || [ "${v#\#}" != "$v" ] && continue
        args=""
        for kv in ${EVAL_SET:-} ${sets//@WARPS@/$warps}; do args="$args --set $kv"; done
        echo "$ROOT/build/malekeh-sim --config $cfg$args --trace $t --quiet --json $out/runs/${name}__$v.json"
    done <"$ROOT/eval/variants.txt"
    echo "$ROOT/build/malekeh-refs --config $cfg --trace $t --json $out/runs/${name}__refs.json"
done
