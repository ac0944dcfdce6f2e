#!/usr/bin/env bash
# cfg_split.sh - the hardware's configuration stands apart from the simulator's: the files
# the generator's source hash covers (Makefile GEN_MODEL, gen/) name no simulator key, and
# the simulator's key tables name no hardware key, so a simulator key changed, added or
# removed never touches rtl/. The keys come from the tools themselves: every key the
# simulator writes (--json "config"), the hardware's from the generated configuration
# header. Then the check is shown to fail: a simulator key planted in a copy of cmodel/cfg.c
# is found.
set -u
cd "$(dirname "$0")/.."
pass=0 fails=0
ok() { echo "PASS: $1"; pass=$((pass + 1)); }
bad() { echo "FAIL: $1"; fails=$((fails + 1)); }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

build/malekeh-sim --quiet --insts 100 --json "$tmp/r.json" >/dev/null 2>&1 ||
    { bad "malekeh-sim --json did not run"; echo "$pass passed, $((fails)) failed"; exit 1; }
python3 -c 'import json,sys; print("\n".join(json.load(open(sys.argv[1]))["config"]))' "$tmp/r.json" |
    sed 's/^fsm\.[0-9]*$/fsm.N/' | sort -u >"$tmp/all"
build/ccugen --config configs/default.cfg --out "$tmp/rtl" >/dev/null
sed -n 's|^//   \([a-z_0-9.]*\) = .*|\1|p' "$tmp"/rtl/*_config.vh | sed 's/^fsm\.[0-9]*$/fsm.N/' |
    sort -u >"$tmp/hw"
comm -23 "$tmp/all" "$tmp/hw" | grep -vx 'subcores_per_sm' >"$tmp/sim"
nall=$(wc -l <"$tmp/all") nhw=$(wc -l <"$tmp/hw") nsim=$(wc -l <"$tmp/sim")
if [ "$nhw" -ge 20 ] && [ "$nsim" -ge 60 ] && [ -z "$(comm -13 "$tmp/all" "$tmp/hw")" ]; then
    ok "keys: $nall in all, $nhw hardware (the RTL header), $nsim simulator"
else
    bad "keys: $nall in all, $nhw hardware, $nsim simulator (expected >= 20 and >= 60, hardware inside all)"
fi

# the generator's hashed sources, as the Makefile lists them
model=$(sed -n 's/^GEN_MODEL := //p' Makefile)
hashed="$model $(ls gen/*.c gen/*.h)"
named() { # named FILE...: the simulator keys named as a quoted key string in the files
    while read -r k; do grep -lw "\"$k\"" "$@" 2>/dev/null | sed "s|^|$k in |"; done <"$tmp/sim"
}
case " $model " in
*sim/*|*driver/*|*gpu/*|*compare/*) bad "GEN_MODEL lists a simulator file: $model" ;;
*) ok "GEN_MODEL holds model files only: $model" ;;
esac
leak=$(named $hashed)
[ -z "$leak" ] && ok "no simulator key in the generator's hashed sources" ||
    bad "simulator keys in the generator's hashed sources: $(echo $leak | head -c 300)"
hwleak=$(while read -r k; do [ "$k" = fsm.N ] && continue
    grep -lE "[({]\"$k\"," sim/enkeys.c driver/drvkeys.c gpu/gpukeys.c compare/opckeys.c 2>/dev/null |
    sed "s|^|$k in |"; done <"$tmp/hw")
[ -z "$hwleak" ] && ok "no hardware key in the simulator's key tables" ||
    bad "hardware keys in the simulator's tables: $hwleak"

# the check can fail: a simulator key planted in a copy of the hardware table is found
cp cmodel/cfg.c "$tmp/cfg.c"
echo '/* planted */ static const char *planted = "grid_scale";' >>"$tmp/cfg.c"
[ -n "$(named "$tmp/cfg.c")" ] && ok "a planted simulator key in cmodel/cfg.c is found" ||
    bad "a planted simulator key in cmodel/cfg.c went unseen"

echo "$pass passed, $fails failed"
[ "$fails" -eq 0 ]
