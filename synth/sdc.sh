#!/usr/bin/env bash
# synth/sdc.sh - sourced by synth/area.sh, synth/sta.sh and synth/quick_sta.sh: the two numbers
# the flows take from an SDC file (constraints/default.sdc).
#   sdc_period_ps SDC  -> the create_clock period in ps (empty if none)
#   sdc_target_pct SDC -> the synthesis target as a percentage of that period, from the line
#                         "# synthesis_target_pct N" (100 if absent); SYNTH_TARGET_PCT overrides
sdc_period_ps() {
    sed -n 's/^create_clock .*-period \([0-9.]*\).*/\1/p' "$1" | head -n1 |
        awk '{ if ($1 > 0) printf "%d", $1 * 1000 + 0.5 }'
}
sdc_target_pct() {
    local v=${SYNTH_TARGET_PCT:-$(sed -n 's/^# *synthesis_target_pct *\([0-9]*\).*/\1/p' "$1" | head -n1)}
    echo "${v:-100}"
}
