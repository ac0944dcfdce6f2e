#!/usr/bin/env bash
# trace_formats.sh - the two fixtures of ../shared/trace-formats (the same kernel written
# by tracer 5, with cluster lines and two immediates, and by tracer 6, with NoVal/Val)
# run to completion with identical statistics, on one sub-core and on the GPU.
set -u
cd "$(dirname "$0")/.."
d=../shared/trace-formats
if [ ! -f "$d/atax_v5_kernel-1.traceg" ] || [ ! -f "$d/atax_v6_kernel-1.traceg" ]; then
    echo "SKIP: trace_formats: no $d (the fixtures are not shipped with the project)"
    exit 0
fi
tmp=$(mktemp -d /tmp/trace_formats.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
for m in subcore gpu; do
    ok=1
    for v in v5 v6; do
        build/malekeh-sim --set machine=$m --trace "$d/atax_${v}_kernel-1.traceg" --values --quiet \
            --json "$tmp/$v.json" 2>"$tmp/err" || { ok=0; echo "FAIL: trace_formats $v on $m: $(cat "$tmp/err")"; }
    done
    [ "$ok" = 1 ] || continue
    if diff <(sed -n '/"metrics"/,/"trace"/p' "$tmp/v5.json") <(sed -n '/"metrics"/,/"trace"/p' "$tmp/v6.json") >/dev/null &&
       grep -q '"instructions": 60' "$tmp/v5.json"; then
        echo "PASS: trace_formats tracers 5 and 6 on $m: 60 instructions, identical statistics"
    else
        echo "FAIL: trace_formats tracers 5 and 6 on $m: the statistics differ"
    fi
done
