#!/usr/bin/env bash
# iface_test.sh - the sub-core's ports are defined once (issue 24, item 1): a port added to
# the port table (cmodel/mlk_ports.h) and nowhere else reaches the generated RTL, the
# Verilator glue, the vectors and the formal wrapper. Copies the sources into a temporary
# folder twice, adds an input `spare_i` (wb_ports x 3 bits) to the table of one copy only
# (checked: no other file differs), builds ccugen, vecgen, fwrap and the glue (vglue.cpp
# compiled against `verilator --cc` of the generated RTL; no Verilator build) in both, and
# checks that spare_i is in the edited copy's subcore.v (declared with its width and
# comment), vg_name's list, vecgen's tb_vectors.v and in-vector width, fwrap's wrapper,
# and in none of the unedited copy's (so every check can fail). Prints PASS:/FAIL: lines.
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d /tmp/malekeh-iface.XXXXXX); trap 'rm -rf "$tmp"' EXIT
fail=0
bad() { echo "FAIL: iface: $*"; fail=1; }
# a small configuration: wb_ports = 2, so spare_i is [5:0]
SETS=(--config configs/default.cfg --set data_bits=8 --set warps=2 --set ccus=2 --set entries=4
      --set slots=3 --set wb_ports=2 --set interval=100)
CF=(-std=c11 -O0 -Wall -Wextra -Werror -D_POSIX_C_SOURCE=200809L -Icmodel -Idriver -Itb -Itrace -Ihints -Isim -Icompare -Igpu)

mkdir -p "$tmp/orig"
(cd "$ROOT" && cp -r Makefile mk gen cmodel tb driver trace hints formal configs sim compare gpu "$tmp/orig/")
cp -r "$tmp/orig" "$tmp/spare"
# the one edit: a table entry after wb_near_i
t=$tmp/spare/cmodel/mlk_ports.h
sed -i '/^ *X(WB_NEAR, wb_near_i,/i\    X(SPARE, spare_i, IN, 1, c->wb_ports, 3, "port", 0, "iface_test: a spare input") \\' "$t"
grep -q 'X(SPARE, spare_i' "$t" || bad "the sed added no table entry"
[ "$(diff -rq "$tmp/orig" "$tmp/spare")" = "Files $tmp/orig/cmodel/mlk_ports.h and $tmp/spare/cmodel/mlk_ports.h differ" ] ||
    bad "the copies differ elsewhere than in the table, or not at all"

# build DIR: ccugen (the Makefile's rule), vecgen, fwrap, a vg_name lister; generate the RTL
build() {
    local d=$1
    (cd "$d" && make -s build/ccugen >/dev/null 2>"$d/make.log") || { bad "$d: make build/ccugen: $(tail -3 "$d/make.log")"; return 1; }
    mkdir -p "$d/obj"
    local objs=() f o
    for f in "$d"/cmodel/*.c "$d"/driver/*.c "$d"/trace/*.c "$d"/hints/*.c "$d"/tb/bitvec.c \
             "$d"/sim/simcfg.c "$d"/sim/enkeys.c "$d"/compare/opckeys.c "$d"/gpu/gpukeys.c; do
        case "$f" in *_main.c) continue ;; esac
        o=$d/obj/$(basename "$(dirname "$f")")_$(basename "$f" .c).o
        objs+=("$o")
        (cd "$d" && gcc "${CF[@]}" -c "$f" -o "$o") || { bad "$d: compile $f"; return 1; }
    done
    cat >"$d/names.c" <<'EOF'
#include <stdio.h>
#include "vglue.h"
/* every port the glue knows: index, name, direction, width (default configuration) */
int main(void)
{
    for (int p = 0; p < VG_NPORTS; p++) printf("%d %s\n", p, vg_name(p));
    return 0;
}
EOF
    (cd "$d" && gcc "${CF[@]}" -o names names.c "${objs[@]}" -llzma -lz -lm &&
     gcc "${CF[@]}" -o vecgen tb/vecgen.c "${objs[@]}" -llzma -lz -lm &&
     gcc "${CF[@]}" -o fwrap formal/fwrap.c "${objs[@]}" -llzma -lz -lm) || { bad "$d: link"; return 1; }
    (cd "$d" && ./build/ccugen "${SETS[@]}" --debug --out rtl >gen.log &&
     ./vecgen "${SETS[@]}" --cycles 20 --out vec >/dev/null &&
     ./fwrap "${SETS[@]}" >fwrap.v && ./names >names.txt) || { bad "$d: run the tools"; return 1; }
    if command -v verilator >/dev/null; then
        local top; top=$(sed -n 's/.*(top \([A-Za-z0-9_]*\)).*/\1/p' "$d/gen.log")
        (cd "$d/rtl" && MLK_RTL=. verilator --cc --prefix Vtop --top-module "$top" -Wno-fatal -Wno-lint -Wno-style \
            --Mdir "$d/vobj" -f files.f >"$d/verilator.log" 2>&1) || { bad "$d: verilator --cc"; return 1; }
        # the glue binds every table entry to the Verilated member of that name
        g++ -std=c++17 -fsyntax-only -DVM_TRACE=0 -I"$d/vobj" -I/usr/share/verilator/include -I"$d/tb" "$d/tb/vglue.cpp" \
            >"$d/glue.log" 2>&1 && echo ok >"$d/glue.ok"
    fi
    return 0
}

# check DIR WANT(1 present, 0 absent): spare_i in every consumer's output
check() {
    local d=$1 want=$2 n=0 got
    local sub; sub=$(ls "$d"/rtl/*_subcore.v)
    grep -Eq '^  input  wire \[5:0\] +spare_i, +// iface_test: a spare input$' "$sub" && n=$((n + 1)) || echo "   $d: subcore.v: no spare_i [5:0] with its comment"
    grep -q ' spare_i$' "$d/names.txt" && n=$((n + 1)) || echo "   $d: vg_name: no spare_i"
    grep -q '^    \.spare_i(in_vec\[[0-9]* +: 6\])' "$d/vec/tb_vectors.v" && n=$((n + 1)) || echo "   $d: tb_vectors.v: no spare_i in the DUT's ports"
    grep -q '^// in  = {.*spare_i' "$d/vec/tb_vectors.v" && n=$((n + 1)) || echo "   $d: tb_vectors.v: spare_i not in the in vector"
    grep -q '^  input wire \[5:0\] spare_i' "$d/fwrap.v" && grep -q '^    \.spare_i(spare_i)' "$d/fwrap.v" &&
        n=$((n + 1)) || echo "   $d: fwrap: no spare_i input or connection"
    local checks=5
    if [ -f "$d/vobj/Vtop.h" ]; then
        checks=6
        [ -f "$d/glue.ok" ] && grep -q 'spare_i' "$d/vobj/Vtop.h" && n=$((n + 1)) || echo "   $d: vglue.cpp does not compile against the Verilated top, or it has no spare_i"
    fi
    got=$n
    if [ "$want" = 1 ]; then [ "$got" = "$checks" ]; else [ "$got" = 0 ]; fi
}

t0=$SECONDS
build "$tmp/orig" && build "$tmp/spare" || { echo "FAIL: iface: build"; exit 1; }
# the in vector grows by exactly the spare port's 6 bits
iw() { sed -n 's/^  localparam IN_W = \([0-9]*\);/\1/p' "$1/vec/tb_vectors.v"; }
[ "$(( $(iw "$tmp/spare") - $(iw "$tmp/orig") ))" = 6 ] || bad "vecgen's IN_W grew by $(( $(iw "$tmp/spare") - $(iw "$tmp/orig") )), not 6"
out=$(check "$tmp/spare" 1) && echo "PASS: iface: a port added only to cmodel/mlk_ports.h reaches the RTL, vg_name, the vectors, fwrap$( [ -f "$tmp/spare/glue.ok" ] && echo " and the Verilated glue")" ||
    { bad "the added port did not reach every consumer"; echo "$out"; }
out=$(check "$tmp/orig" 0 2>&1) && echo "PASS: iface: without the table entry no check finds it" ||
    { bad "a check finds spare_i without the table entry"; echo "$out"; }
if command -v verilator >/dev/null; then
    for d in orig spare; do
        [ -f "$tmp/$d/glue.ok" ] || { bad "$d: vglue.cpp does not compile:"; head -5 "$tmp/$d/glue.log"; }
    done
else
    echo "PASS: iface: the glue's compile skipped (verilator not installed)"
fi
echo "iface_test: $((SECONDS - t0)) s"
[ "$fail" = 0 ]
