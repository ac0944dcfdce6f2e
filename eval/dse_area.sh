#!/usr/bin/env bash
# dse_area.sh CACHE CONFIG [key=value]... - area and Fmax of one configuration for the
# design-space sweep, cached per configuration and per RTL and flow: CACHE/<prefix>-<hash>/
# area.json is reused when present, <prefix> carrying the hash of the hardware keys and
# <hash> that of the generated RTL (without its // comments and blank lines: a change of
# comments or headers reuses the synthesis) and of the synthesis flow's files, so a change
# of the generated logic or of the flow never reuses an old result.
# Flow: synth/area.sh --fast --no-baseline --sta-width 32 (generic library; docs/area.md).
# Prints the path of area.json.
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: eval/dse_area.sh CACHE CONFIG [key=value]..." >&2; exit 2; }
cache=$1 cfg=$2; shift 2
ROOT=$(cd "$(dirname "$0")/.." && pwd)
sets=()
for kv in "$@"; do sets+=(--set "$kv"); done
tmp=$(mktemp -d "${TMPDIR:-/tmp}/dse_area.XXXXXX"); trap 'rm -rf "$tmp"' EXIT
"$ROOT/build/ccugen" --config "$cfg" "${sets[@]}" --out "$tmp/rtl" >/dev/null
prefix=$(cd "$tmp/rtl" && ls ./*_subcore.v | sed 's|^\./||; s|_subcore\.v$||')
flow=$(cd "$ROOT" && cat synth/area.sh synth/sta.sh synth/sdc.sh synth/abc_delay.abc synth/generic_cells.lib \
        constraints/default.sdc | sha1sum | cut -c1-8)
rtlh=$(cat "$tmp"/rtl/*.v | sed -e 's://.*$::' -e '/^[[:space:]]*$/d' | sha1sum | cut -c1-8)
out=$cache/$prefix-$(printf '%s %s' "$rtlh" "$flow" | sha1sum | cut -c1-8)
if [ ! -s "$out/area.json" ]; then
    mkdir -p "$out"
    bash "$ROOT/synth/area.sh" --config "$cfg" "${sets[@]}" --fast --no-baseline --sta-width 32 \
        --out "$out" >"$out/area.log" 2>&1 || { echo "eval/dse_area.sh: synthesis failed, see $out/area.log" >&2; exit 1; }
fi
echo "$out/area.json"
