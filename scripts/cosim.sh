#!/usr/bin/env bash
# cosim.sh - build (cached per configuration) and run one model/RTL lockstep co-simulation.
#
#   scripts/cosim.sh [--config FILE] [--set k=v]... [--cycles N] [--seed S]
#                    [--mode legal|adversarial] [--waves] [--bench N] [--build-only]
#                    [--rtl-dir DIR] [--traced] [--no-rebuild] [--outputs-only]
#                    [--trace FILE [--hints FILE] [--blocks N]]
#
# RTL: ccugen --debug into build/cosim/<prefix>/rtl; Verilator binary
# build/cosim/<prefix>/cosim (and cosim_trace, built with --trace only for --waves or to
# write the VCD of a failure; --traced uses it from the start). A binary is rebuilt only when it is older than a source
# (cmodel/, driver/, trace/, hints/, tb/, gen/: everything it is built from, headers
# included), and never with --no-rebuild. --rtl-dir DIR uses DIR's RTL instead (no caching; for
# tests/cosim_broken.sh), its binaries go to DIR/../. Exit status: that of the run
# (0 pass, 1 mismatch, 2 usage/build).
# --outputs-only: compare the output ports only (no dbg_state_o needed): generated RTL is
# written without --debug (build/cosim/<prefix>_oo), binaries cosim_oo[_trace] (VG_NO_DBG);
# for RTL edited by hand or a netlist (tests/netlist_check.sh) with --rtl-dir.
# COSIM_VFLAGS: extra Verilator options (synth/power.sh: --trace-underscore, so that a
# gate netlist's generated net names (_123_) reach the VCD). COSIM_OPT_FAST: the C++
# optimisation of the model's hot code (default -O1; synth/power.sh builds its large
# gate-level netlists with -O0, which compiles faster than it runs slower).
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
CCUGEN=build/ccugen
cfg_args=(); run_args=(); waves=0; build_only=0; rtl_dir=""; config=configs/default.cfg
seed=1; bench=0; traced=0; norebuild=0; oo=0
while [ $# -gt 0 ]; do
    case "$1" in
        --config) config=$2; shift 2 ;;
        --set) cfg_args+=(--set "$2"); shift 2 ;;
        --cycles|--mode|--trace|--hints|--blocks) run_args+=("$1" "$2"); shift 2 ;;
        --seed) seed=$2; shift 2 ;;
        --bench) bench=$2; shift 2 ;;
        --waves) waves=1; shift ;;
        --traced) traced=1; shift ;;
        --no-rebuild) norebuild=1; shift ;;
        --build-only) build_only=1; shift ;;
        --rtl-dir) rtl_dir=$2; shift 2 ;;
        --outputs-only) oo=1; run_args+=(--outputs-only); shift ;;
        *) echo "cosim.sh: unknown argument '$1'" >&2; exit 2 ;;
    esac
done
cfg_args=(--config "$config" "${cfg_args[@]}")

if [ ! -x "$CCUGEN" ]; then make -s "$CCUGEN" >&2 || exit 2; fi

# --- RTL --------------------------------------------------------------------------------
if [ -n "$rtl_dir" ]; then
    top=$(basename "$(ls "$rtl_dir"/*_subcore.v)" .v)
    prefix=${top%_subcore}
    dir=$(cd "$rtl_dir/.." && pwd)
    rtl=$(cd "$rtl_dir" && pwd)
else
    mkdir -p build/cosim
    tmp=$(mktemp -d build/cosim/.gen.XXXXXX)
    dbg=(--debug); [ "$oo" = 1 ] && dbg=()
    out=$("$CCUGEN" "${cfg_args[@]}" "${dbg[@]}" --out "$tmp/rtl") || { rm -rf "$tmp"; exit 2; }
    top=$(echo "$out" | sed -n 's/.*(top \([A-Za-z0-9_]*\)).*/\1/p')
    prefix=${top%_subcore}
    dir=$ROOT/build/cosim/$prefix
    [ "$oo" = 1 ] && dir=${dir}_oo
    rtl=$dir/rtl
    mkdir -p "$dir"
    # one generator/build at a time per configuration (tests run in parallel)
    exec 7>"$dir.lock"; flock 7
    if [ -d "$rtl" ] && diff -rq -I 'Generator:' "$tmp/rtl" "$rtl" >/dev/null; then
        rm -rf "$tmp"
    else
        rm -rf "$rtl"; mv "$tmp/rtl" "$rtl"; rmdir "$tmp"
    fi
fi
hash=$(sed -n 's/.*Configuration hash (FNV-1a 64): \([0-9a-f]*\).*/\1/p' "$rtl/$top.v" | head -1)

# --- build ------------------------------------------------------------------------------
# build_bin NAME TRACE(0/1)
build_bin() {
    local name=$1 trace=$2 bin=$dir/$1
    if [ -x "$bin" ] && [ "$norebuild" = 1 ]; then return 0; fi
    if [ -x "$bin" ] && [ -z "$(find cmodel driver tb trace hints gen compare gpu sim/simcfg.* sim/enkeys.* "$rtl" scripts/cosim.sh -newer "$bin" -type f 2>/dev/null | head -1)" ]; then
        return 0
    fi
    local t0=$SECONDS mdir=$dir/vobj_$name
    rm -rf "$mdir"; mkdir -p "$dir/cobj" build/cosim/cobj
    local objs=()
    # the model and driver objects are shared by every configuration (under a lock, for
    # parallel builds); tb/cosim.c is compiled per configuration (its RTL hash)
    exec 9>build/cosim/cobj/.lock
    flock 9
    for f in cmodel/*.c trace/*.c hints/*.c driver/*.c tb/*.c compare/*.c gpu/*.c sim/simcfg.c sim/enkeys.c; do
        [ -f "$f" ] || continue
        case "$f" in *_main.c|tb/vecgen.c|tb/cosim.c) continue ;; esac
        local o=build/cosim/cobj/$(echo "$f" | tr / _ | sed 's/\.c$/.o/')
        if [ ! -f "$o" ] || [ -n "$(find "$f" cmodel driver tb trace hints sim compare gpu -name '*.h' -newer "$o" 2>/dev/null | head -1)" ] \
           || [ "$f" -nt "$o" ]; then
            gcc -std=c11 -O2 -g0 -D_POSIX_C_SOURCE=200809L -Icmodel -Idriver -Itb -Itrace -Ihints -Isim -Icompare -Igpu -c "$f" -o "$o" \
                || { flock -u 9; return 2; }
        fi
        objs+=("$ROOT/$o")
    done
    flock -u 9
    gcc -std=c11 -O2 -g0 -D_POSIX_C_SOURCE=200809L -Icmodel -Idriver -Itb -Itrace -Ihints -Isim -Icompare -Igpu -DCOSIM_HASH=0x${hash}ULL \
        -c tb/cosim.c -o "$dir/cobj/cosim_$name.o" || return 2
    objs+=("$dir/cobj/cosim_$name.o")
    # Verilator's runtime objects are the same for every configuration: reuse them
    local vlib=$ROOT/build/cosim/vlib_$trace
    local mkf="OPT_FAST=${COSIM_OPT_FAST:--O1} OPT_SLOW=-O0 OPT_GLOBAL=-O1" vobjs=""
    if [ -d "$vlib" ]; then mkf="$mkf VK_GLOBAL_OBJS="; vobjs="$vlib/verilated.o $vlib/verilated_threads.o"; [ "$trace" = 1 ] && vobjs="$vobjs $vlib/verilated_vcd_c.o"; fi
    local tr=(); [ "$trace" = 1 ] && tr=(--trace)
    local files=(); while read -r f; do files+=("$f"); done < <(sed -n "s|^\${MLK_RTL}/\(.*\.v\)$|$rtl/\1|p" "$rtl/files.f")
    verilator --cc --exe --build -j 2 --prefix Vtop --top-module "${prefix}_subcore" \
        --x-assign 0 --x-initial 0 -O2 "${tr[@]}" ${COSIM_VFLAGS:-} -Wno-fatal -Wno-lint -Wno-style +define+MLK_ASSERT \
        -I"$rtl" --Mdir "$mdir" -o "$bin" -CFLAGS "-I$ROOT/tb $( [ "$oo" = 1 ] && echo -DVG_NO_DBG)" \
        -MAKEFLAGS "$mkf" \
        -LDFLAGS "$vobjs ${objs[*]} -llzma -lz -lm" \
        "${files[@]}" "$ROOT/tb/vglue.cpp" >"$dir/build_$name.log" 2>&1 || {
        echo "cosim.sh: verilator build failed, see $dir/build_$name.log" >&2
        tail -20 "$dir/build_$name.log" >&2
        return 2
    }
    if [ ! -d "$vlib" ]; then
        mkdir -p "$vlib.$$" && cp -p "$mdir"/verilated*.o "$mdir"/verilated*.d "$vlib.$$"/ 2>/dev/null
        mv -T "$vlib.$$" "$vlib" 2>/dev/null || rm -rf "$vlib.$$"
    fi
    rm -rf "$mdir"
    echo "cosim.sh: built $bin in $((SECONDS - t0)) s" >&2
}

if [ "$waves" = 1 ] || [ "$traced" = 1 ]; then bin=cosim_trace; tr=1; else bin=cosim; tr=0; fi
if [ "$oo" = 1 ]; then bin=${bin/cosim/cosim_oo}; fi
[ -n "$rtl_dir" ] && { exec 7>"$dir/.cosim.lock"; flock 7; }
build_bin "$bin" "$tr" || exit 2
flock -u 7
[ "$build_only" = 1 ] && exit 0

args=("${cfg_args[@]}" --seed "$seed" --vcd-dir "$dir" "${run_args[@]}")
if [ "$bench" != 0 ]; then exec "$dir/$bin" "${args[@]}" --bench "$bench"; fi
[ "$waves" = 1 ] && args+=(--waves "$dir/waves_$seed.vcd")
log=$(mktemp)
"$dir/$bin" "${args[@]}" | tee "$log"
rc=${PIPESTATUS[0]}
if [ "$rc" = 1 ] && grep -q 'built without --trace' "$log"; then
    echo "cosim.sh: re-running traced to write the VCD of the failure" >&2
    tbin=cosim_trace; [ "$oo" = 1 ] && tbin=cosim_oo_trace
    flock 7; build_bin "$tbin" 1 || { rm -f "$log"; exit 1; }; flock -u 7
    "$dir/$tbin" "${args[@]}" | grep -E '^cosim: (VCD|could not)'
fi
[ "$waves" = 1 ] && [ "$rc" != 2 ] && echo "cosim.sh: waves: $dir/waves_$seed.vcd"
rm -f "$log"
exit "$rc"
