#!/usr/bin/env bash
# kit.sh --out DIR [--config FILE] [--set key=value]... - write a co-simulation kit: a
# folder that works outside this repository. It holds the configuration's RTL (ccugen
# --debug: every state bit on dbg_state_o), the bit-accurate model and its driver as C
# sources, the lockstep testbench, the model's library header (mlk_model.h), a Makefile
# whose default target builds and runs the lockstep test, a FuseSoC core with lint and
# simulation targets, and a README. `make kit CONFIG=FILE OUT=DIR` runs it.
# Exit 0; 2 on bad arguments or configuration (one line, nothing written).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
out="" config=$ROOT/configs/default.cfg sets=()
while [ $# -gt 0 ]; do
    case "$1" in
        --out) [ $# -ge 2 ] || { echo "kit.sh: --out: missing value (expected a folder)" >&2; exit 2; }; out=$2; shift 2 ;;
        --config) [ $# -ge 2 ] || { echo "kit.sh: --config: missing value (expected a file)" >&2; exit 2; }; config=$2; shift 2 ;;
        --set) [ $# -ge 2 ] || { echo "kit.sh: --set: missing value (expected key=value)" >&2; exit 2; }; sets+=("$2"); shift 2 ;;
        -h|--help) sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "kit.sh: unknown argument '$1' (allowed: --out DIR, --config FILE, --set key=value)" >&2; exit 2 ;;
    esac
done
[ -n "$out" ] || { echo "kit.sh: no --out DIR (expected the folder to write, e.g. make kit OUT=/tmp/kit)" >&2; exit 2; }
[ -r "$config" ] || { echo "kit.sh: $config: cannot read the configuration file" >&2; exit 2; }
if [ -e "$out" ] && [ -n "$(ls -A "$out" 2>/dev/null)" ]; then
    echo "kit.sh: $out exists and is not empty (expected a new or empty folder)" >&2; exit 2
fi
make -s -C "$ROOT" build/ccugen >/dev/null
parent=$(dirname "$out"); mkdir -p "$parent"
tmp=$(mktemp -d "$parent/.kit.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
setargs=(); for s in "${sets[@]+"${sets[@]}"}"; do setargs+=(--set "$s"); done
gen=$("$ROOT/build/ccugen" --config "$config" "${setargs[@]+"${setargs[@]}"}" --debug --out "$tmp/rtl") || exit 2
top=$(echo "$gen" | sed -n 's/.*(top \([A-Za-z0-9_]*\)).*/\1/p')
[ -n "$top" ] || { echo "kit.sh: ccugen named no top module" >&2; exit 2; }
hash=$(sed -n 's/.*Configuration hash (FNV-1a 64): \([0-9a-f]*\).*/\1/p' "$tmp/rtl/$top.v" | head -1)
# the configuration: the file, then the overrides (a later line wins)
{ cat "$config"; if [ ${#sets[@]} -gt 0 ]; then echo "# make kit --set overrides"; printf '%s\n' "${sets[@]}"; fi; } >"$tmp/config.cfg"
for d in cmodel driver trace hints tb compare gpu; do
    mkdir -p "$tmp/src/$d"
    cp "$ROOT/$d"/*.h "$tmp/src/$d/" 2>/dev/null || true
    for f in "$ROOT/$d"/*.c "$ROOT/$d"/*.cpp; do
        [ -f "$f" ] || continue
        case "$(basename "$f")" in *_main.c|vecgen.c) continue ;; esac
        cp "$f" "$tmp/src/$d/"
    done
done
# the simulator's configuration (the co-simulation reads whole configuration files; the
# GPU's block scheduler of gpu/ feeds its trace runs)
mkdir -p "$tmp/src/sim"
cp "$ROOT"/sim/simcfg.[ch] "$ROOT"/sim/enkeys.[ch] "$tmp/src/sim/"
sed -e "s/@TOP@/$top/" -e "s/@HASH@/$hash/" "$ROOT/kit/Makefile.kit" >"$tmp/Makefile"
abs=$(mkdir -p "$out" && cd "$out" && pwd)
sed -e "s/@TOP@/$top/g" -e "s/@PREFIX@/${top%_subcore}/g" -e "s|@KIT@|$abs|g" "$ROOT/kit/kit.core.in" >"$tmp/malekeh_kit.core"
sed -e "s/@TOP@/$top/g" -e "s/@HASH@/$hash/g" -e "s|@VERSION@|$("$ROOT/build/ccugen" --version 2>&1 | head -1)|" \
    "$ROOT/kit/README.kit.md" >"$tmp/README.md"
mkdir -p "$out"
cp -r "$tmp"/. "$out"/
echo "kit: wrote $out (top $top): cd $out && make"
