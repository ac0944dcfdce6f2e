#!/usr/bin/env bash
# kit_quick.sh - the co-simulation kit's configuration and run command, without building
# it (make check; tests/kit.sh builds and runs a kit in make test): a kit written with
# --set overrides holds them (its config.cfg gives the hash of its RTL, the hash of the
# default configuration with those overrides, not the default's), and the kit's Makefile
# passes SEED, CYCLES and MODE to the co-simulation (make -n of its run target).
set -u
cd "$(dirname "$0")/.."
make -s build/ccugen >/dev/null || { echo "FAIL: kit_quick: ccugen does not build"; exit 1; }
base=$(mktemp -d /tmp/kit_quick.XXXXXX); trap 'rm -rf "$base"' EXIT
ok() { if [ "$2" = 1 ]; then echo "PASS: kit_quick $1"; else echo "FAIL: kit_quick $1${3:+: $3}"; fi; }
# hash_of ARGS...: the configuration hash ccugen writes for ARGS
hash_of() {
    local d; d=$(mktemp -d "$base/h.XXXXXX")
    build/ccugen "$@" --out "$d" >/dev/null 2>&1 || { echo none; return; }
    sed -n 's/.*Configuration hash (FNV-1a 64): \([0-9a-f]*\).*/\1/p' "$d"/*_subcore.v | head -1
}
out=$(bash kit/kit.sh --out "$base/kit" --set warps=4 --set interval=500 2>&1) ||
    { echo "FAIL: kit_quick: kit.sh: $out"; exit 1; }
rtl=$(sed -n 's/.*Configuration hash (FNV-1a 64): \([0-9a-f]*\).*/\1/p' "$base"/kit/rtl/*_subcore.v | head -1)
want=$(hash_of --config configs/default.cfg --set warps=4 --set interval=500)
def=$(hash_of --config configs/default.cfg)
kitcfg=$(hash_of --config "$base/kit/config.cfg")
ok "the overrides change the configuration" "$([ "$want" != "$def" ] && [ "$want" != none ] && echo 1)" "$want vs $def"
ok "the kit's RTL is the overridden configuration's ($rtl)" "$([ "$rtl" = "$want" ] && echo 1)" "RTL $rtl, expected $want"
ok "the kit's config.cfg is the RTL's configuration" "$([ "$kitcfg" = "$rtl" ] && echo 1)" "config.cfg $kitcfg, RTL $rtl"
ok "the kit holds the model, driver and testbench sources" \
    "$(ls "$base"/kit/src/cmodel/sc.c "$base"/kit/src/driver/drv.c "$base"/kit/src/tb/cosim.c >/dev/null 2>&1 && echo 1)"
run=$(cd "$base/kit" && env -u MAKEFLAGS -u MAKELEVEL make -n -o build/cosim SEED=5 CYCLES=1234 MODE=adversarial run 2>&1)
run=$(tr -d '\\\n' <<<"$run" | tr -s ' ')
ok "make SEED=5 CYCLES=1234 MODE=adversarial runs exactly that" \
    "$(grep -q -- '--seed 5 ' <<<"$run" && grep -q -- '--cycles 1234 --mode adversarial' <<<"$run" && echo 1)" "$run"
run=$(cd "$base/kit" && env -u MAKEFLAGS -u MAKELEVEL make -n -o build/cosim run 2>&1 | tr -d '\\\n' | tr -s ' ')
ok "make alone: seed 1, 100000 cycles, legal" \
    "$(grep -q -- '--seed 1 ' <<<"$run" && grep -q -- '--cycles 100000 --mode legal' <<<"$run" && echo 1)" "$run"
