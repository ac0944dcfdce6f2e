#!/usr/bin/env bash
# dse_jobs.sh OUTDIR CONFIG TRACE... - the design-space sweep as a list of independent jobs,
# one command per line: the area and Fmax of every point of $DSE_POINTS (default
# eval/dse_points.txt) and of its baseline (eval/dse_area.sh, cached per configuration
# hash under $DSE_CACHE, default build/dse-cache), then every point and baseline on every
# trace (build/malekeh-sim, OUTDIR/runs/<trace>__<point>.json). Writes OUTDIR/points.csv
# (name, ccus, entries, banks, data_bits, baseline) and OUTDIR/default.txt (the configuration's
# ccus,entries,banks,data_bits: the default point) for eval/dse_merge.sh. The synthesis
# jobs come first so that a parallel run starts the slow ones early.
set -euo pipefail
[ $# -ge 3 ] || { echo "usage: eval/dse_jobs.sh OUTDIR CONFIG TRACE..." >&2; exit 2; }
out=$1 cfg=$2; shift 2
ROOT=$(cd "$(dirname "$0")/.." && pwd)
points=${DSE_POINTS:-$ROOT/eval/dse_points.txt}
cache=${DSE_CACHE:-$ROOT/build/dse-cache}
cfgv() { local v; v=$(sed -n "s/^ *$1 *= *\([0-9]*\).*/\1/p" "$cfg" | tail -1); echo "${v:-$2}"; }
C0=$(cfgv ccus 2) E0=$(cfgv entries 8) B0=$(cfgv banks 2) W0=$(cfgv data_bits 1024)
for t in "$@"; do [ -r "$t" ] || { echo "eval/dse_jobs.sh: $t: cannot read (expected a trace file)" >&2; exit 2; }; done
[ -r "$points" ] || { echo "eval/dse_jobs.sh: $points: cannot read (expected the points list)" >&2; exit 2; }
# name|sets of every point, then of every baseline it needs
list=$(mktemp); trap 'rm -f "$list"' EXIT
echo "name,ccus,entries,banks,data_bits,baseline" >"$out/points.csv.tmp"
n=0
while IFS='|' read -r name sets; do
    name=$(echo "$name" | tr -d ' '); [ -z "$name" ] || [ "${name#\#}" != "$name" ] && continue
    n=$((n + 1))
    c=$C0 e=$E0 b=$B0 w=$W0
    for kv in $sets; do
        case "$kv" in
            ccus=*) c=${kv#*=} ;; entries=*) e=${kv#*=} ;; banks=*) b=${kv#*=} ;; data_bits=*) w=${kv#*=} ;;
            *=*) ;; *) echo "eval/dse_jobs.sh: $points:$n: '$kv' is not key=value" >&2; exit 2 ;;
        esac
    done
    base=base_b${b}_w$w
    echo "$name,$c,$e,$b,$w,$base" >>"$out/points.csv.tmp"
    echo "$name|$sets" >>"$list"
    grep -q "^$base|" "$list" || echo "$base|caching=off banks=$b data_bits=$w" >>"$list"
done < <(grep -n '' "$points" | cut -d: -f2-)
[ "$n" -gt 0 ] || { echo "eval/dse_jobs.sh: $points: no points" >&2; exit 2; }
mv "$out/points.csv.tmp" "$out/points.csv"
echo "$C0,$E0,$B0,$W0" >"$out/default.txt"
while IFS='|' read -r name sets; do
    echo "bash $ROOT/eval/dse_area.sh $cache $cfg $sets > $out/runs/area__$name.txt"
done <"$list"
for t in "$@"; do
    tn=$(basename "$t"); tn=${tn%%.traceg*}
    while IFS='|' read -r name sets; do
        args=""; for kv in $sets; do args="$args --set $kv"; done
        echo "$ROOT/build/malekeh-sim --config $cfg$args --trace $t --quiet --json $out/runs/${tn}__$name.json"
    done <"$list"
done
