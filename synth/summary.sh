#!/usr/bin/env bash
# synth/summary.sh - the ~5-line area summary of the default configuration printed at the
# end of `make`: the area test's flow (the same as synth/area_baseline.json) plus the
# caching=off baseline for the overhead, cached in build/area/summary/ until the generator
# or the report tool changes (about a minute on two cores).
set -u
cd "$(dirname "$0")/.." || exit 2
j=build/area/summary/area.json
if [ ! -s "$j" ] || [ build/ccugen -nt "$j" ] || [ build/area-report -nt "$j" ]; then
    mkdir -p build/area
    bash synth/area.sh --config configs/default.cfg --fast --out build/area/summary \
        >build/area/summary.log 2>&1 || { echo "area summary: synth/area.sh failed, see build/area/summary.log"; exit 1; }
fi
get() { sed -n "/\"$1\"/s/.*\"$2\": *\([0-9.]*\).*/\1/p" "$3" | head -n1; }
tot=$(get subcore area "$j"); lg=$(get subcore logic_area "$j"); st=$(get subcore storage_area "$j")
ff=$(get subcore flops "$j"); base=$(sed -n 's/.*"subcore_area": *\([0-9.]*\).*/\1/p' synth/area_baseline.json)
prefix=$(sed -n 's/.*"prefix": "\(mlk_[0-9a-f]*\)".*/\1/p' "$j" | head -n1)
echo "== area summary: default config ($prefix), generic library, estimate (abc -fast, data_bits fitted; docs/area.md)"
echo "   full datasheet: $(dirname "$j")/area.md (make area writes the exact-flow one)"
awk -v t="$tot" -v l="$lg" -v s="$st" -v f="$ff" -v b="$base" 'BEGIN {
  printf "   sub-core: %.0f GE total (RF banks excluded), %.0f flip-flops\n", t, f
  printf "   control logic %.0f GE (%.1f %%), data entries %.0f GE (%.1f %%)\n", l, 100*l/t, s, 100*s/t
  if (b > 0) printf "   vs committed baseline synth/area_baseline.json: %+.2f %%\n", 100*(t-b)/b }'
full=$j
if [ -s "$full" ] && grep -q '"per_subcore"' "$full"; then
    o=$(sed -n 's/.*"per_subcore": {"area": \([0-9.]*\), "relative": \([0-9.]*\).*/\1 \2/p' "$full")
    set -- $o
    awk -v a="$1" -v r="$2" 'BEGIN { printf "   Malekeh vs baseline OCUs (caching=off): +%.0f GE per sub-core (%+.1f %%)\n", a, 100*r }'
else
    echo "   overhead vs caching=off: not in $full (see build/area/summary.log)"
fi
