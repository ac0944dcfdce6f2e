#!/usr/bin/env bash
# filelist_test.sh - the generator's one file list, files.f, works from any folder: with
# MLK_RTL set to its folder, Verilator (-Wall lint) and Icarus (-g2005 compile) read it
# from the repository root (MLK_RTL=rtl, relative) and from an unrelated folder (MLK_RTL
# absolute); it names every generated .v file and is the folder's only .f file.
# Prints PASS:/FAIL: lines; exit 0 when every check passes.
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
fails=0
pass() { echo "PASS: filelist $*"; }
fail() { echo "FAIL: filelist $*"; fails=$((fails + 1)); }
work=$(mktemp -d /tmp/filelist_test.XXXXXX); trap 'rm -rf "$work"' EXIT
top=$(cd rtl && ls ./*_subcore.v | sed 's|^\./||; s|\.v$||')
lint=(verilator --lint-only -Wall --default-language 1364-2005 --top-module "$top")

# 1. one list: files.f, naming every .v of the folder (and nothing else)
lists=$(ls rtl/*.f | tr '\n' ' ')
[ "$lists" = "rtl/files.f " ] && pass "rtl/ has one file list (files.f)" || fail "rtl/ file lists: $lists (want rtl/files.f only)"
want=$(cd rtl && ls ./*.v | sed 's|^\./||' | sort)
have=$(sed -n 's|^\${MLK_RTL}/\(.*\.v\)$|\1|p' rtl/files.f | sort)
[ -n "$want" ] && [ "$want" = "$have" ] && pass "files.f names every rtl/*.v as \${MLK_RTL}/<file> ($(wc -l <<<"$want") files)" ||
    fail "files.f names $(wc -w <<<"$have") of the $(wc -w <<<"$want") rtl/*.v files"
grep -qx '+incdir+\${MLK_RTL}' rtl/files.f && pass "files.f puts its folder on the include path" ||
    fail "files.f has no +incdir+\${MLK_RTL}"

# 2. from the repository root, MLK_RTL relative
if MLK_RTL=rtl "${lint[@]}" -f rtl/files.f >"$work/v1.log" 2>&1; then pass "verilator -f rtl/files.f from the root: lint clean"
else fail "verilator -f rtl/files.f from the root"; head -20 "$work/v1.log"; fi
if MLK_RTL=rtl iverilog -g2005 -o "$work/a1" -c rtl/files.f >"$work/i1.log" 2>&1; then pass "iverilog -c rtl/files.f from the root: compiles"
else fail "iverilog -c rtl/files.f from the root"; head -20 "$work/i1.log"; fi

# 3. from an unrelated folder, MLK_RTL absolute, the list named by its absolute path
mkdir -p "$work/elsewhere"
if (cd "$work/elsewhere" && MLK_RTL=$ROOT/rtl "${lint[@]}" -f "$ROOT/rtl/files.f") >"$work/v2.log" 2>&1; then
    pass "verilator -f from another folder (MLK_RTL absolute): lint clean"
else fail "verilator -f from another folder"; head -20 "$work/v2.log"; fi
if (cd "$work/elsewhere" && MLK_RTL=$ROOT/rtl iverilog -g2005 -o "$work/a2" -c "$ROOT/rtl/files.f") >"$work/i2.log" 2>&1; then
    pass "iverilog -c from another folder (MLK_RTL absolute): compiles"
else fail "iverilog -c from another folder"; head -20 "$work/i2.log"; fi

# 4. negative: without MLK_RTL the paths do not resolve (the list really uses the variable)
if (cd "$work/elsewhere" && env -u MLK_RTL iverilog -g2005 -o "$work/a3" -c "$ROOT/rtl/files.f") >/dev/null 2>&1; then
    fail "iverilog compiled files.f without MLK_RTL (the list does not use the variable)"
else pass "without MLK_RTL the list does not resolve (it uses the variable)"; fi
[ "$fails" = 0 ]
