#!/usr/bin/env bash
# synth/summary.sh - the ~5-line area summary of the default configuration printed at the
# end of `make`. Reuses build/area/test/area.json (the area test's result, the same flow as
# synth/area_baseline.json) when it is newer than the generator and the report tool;
# otherwise runs that flow (about a minute). Overhead figures come from a full `make area`
# of the default config (build/area/<prefix>/area.json) when one exists.
set -u
cd "$(dirname "$0")/.." || exit 2
j=build/area/test/area.json
if [ ! -s "$j" ] || [ build/ccugen -nt "$j" ] || [ build/area-report -nt "$j" ]; then
    mkdir -p build/area
    bash synth/area.sh --config configs/default.cfg --no-baseline --fast --out build/area/test \
        >build/area/test.log 2>&1 || { echo "area summary: synth/area.sh failed, see build/area/test.log"; exit 0; }
fi
get() { sed -n "/\"$1\"/s/.*\"$2\": *\([0-9.]*\).*/\1/p" "$3" | head -n1; }
tot=$(get subcore area "$j"); lg=$(get subcore logic_area "$j"); st=$(get subcore storage_area "$j")
ff=$(get subcore flops "$j"); base=$(sed -n 's/.*"subcore_area": *\([0-9.]*\).*/\1/p' synth/area_baseline.json)
prefix=$(sed -n 's/.*"prefix": "\(mlk_[0-9a-f]*\)".*/\1/p' "$j")
echo "== area summary: default config ($prefix), generic library, estimate (abc -fast, data_bits fitted; docs/area.md)"
awk -v t="$tot" -v l="$lg" -v s="$st" -v f="$ff" -v b="$base" 'BEGIN {
  printf "   sub-core: %.0f GE total (RF banks excluded), %.0f flip-flops\n", t, f
  printf "   control logic %.0f GE (%.1f %%), data entries %.0f GE (%.1f %%)\n", l, 100*l/t, s, 100*s/t
  if (b > 0) printf "   vs committed baseline synth/area_baseline.json: %+.2f %%\n", 100*(t-b)/b }'
full=build/area/$prefix/area.json
if [ -s "$full" ] && grep -q '"per_subcore"' "$full"; then
    o=$(sed -n 's/.*"per_subcore": {"area": \([0-9.]*\), "relative": \([0-9.]*\).*/\1 \2/p' "$full")
    set -- $o
    awk -v a="$1" -v r="$2" 'BEGIN { printf "   Malekeh vs baseline OCUs (caching=off): +%.0f GE per sub-core (%+.1f %%) [make area]\n", a, 100*r }'
else
    echo "   overhead vs caching=off: run 'make area' for the full report with the baseline"
fi
