#!/usr/bin/env bash
# sthld_jobs.sh OUTDIR CONFIG "SETS" TRACE... - the STHLD sweep as a list of independent
# jobs, one command per line: every trace at a fixed STHLD of each value of $STHLD_VALUES
# (default 0 2 4 8 12 16 24 32 48 63; sthld_mode=fixed sthld_init=x, values above the
# configuration's sthld_max are skipped) and once with the adaptive FSM, each writing
# OUTDIR/runs/<trace>__fixed_<x>.json or <trace>__adaptive.json. SETS: extra `key=value`
# overrides for every job (e.g. "interval=1000"), may be empty. Merge: eval/sthld_merge.sh.
set -euo pipefail
[ $# -ge 4 ] || { echo "usage: eval/sthld_jobs.sh OUTDIR CONFIG \"SETS\" TRACE..." >&2; exit 2; }
out=$1 cfg=$2 sets=$3; shift 3
ROOT=$(cd "$(dirname "$0")/.." && pwd)
max=$(sed -n 's/^ *sthld_max *= *\([0-9]*\).*/\1/p' "$cfg" | tail -1); max=${max:-63}
for kv in $sets; do case "$kv" in sthld_max=*) max=${kv#sthld_max=};; esac; done
extra=""
for kv in $sets; do
    case "$kv" in *=*) ;; *) echo "eval/sthld_jobs.sh: SETS: '$kv' is not key=value" >&2; exit 2;; esac
    extra="$extra --set $kv"
done
for t in "$@"; do
    [ -r "$t" ] || { echo "eval/sthld_jobs.sh: $t: cannot read (expected a trace file)" >&2; exit 2; }
    name=$(basename "$t"); name=${name%%.traceg*}
    for x in ${STHLD_VALUES:-0 2 4 8 12 16 24 32 48 63}; do
        case "$x" in ''|*[!0-9]*) echo "eval/sthld_jobs.sh: STHLD_VALUES: '$x' is not a whole number" >&2; exit 2;; esac
        [ "$x" -le "$max" ] || continue
        echo "$ROOT/build/malekeh-sim --config $cfg$extra --set sthld_mode=fixed --set sthld_init=$x --trace $t --quiet --json $out/runs/${name}__fixed_$x.json"
    done
    echo "$ROOT/build/malekeh-sim --config $cfg$extra --set sthld_mode=adaptive --trace $t --quiet --json $out/runs/${name}__adaptive.json"
done
