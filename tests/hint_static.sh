#!/usr/bin/env bash
# hint_static.sh - static hints (hints = static, hints/static.c) worked out by hand on
# tests/data/static_paths.traceg: two warps run MOV R1 = R2 at 0x00 and a branch at 0x10;
# warp 0 falls through to MOV R1 = R5 at 0x20 (R1 written again) before IADD3 R3 = R1 + R4
# at 0x30, warp 1 jumps to 0x30 directly (R1 read 2 instructions later).
# The destination R1 at 0x00: exact (each warp its own stream) far for warp 0, near for
# warp 1; profile of warp 0 only: far; static (some path reads R1 within RTHLD before a
# write: 0x00 -> 0x10 -> 0x30): near for both. Every other operand is the same in the
# three modes. So in malekeh-sim (12 operands) static differs from exact on 1 (warp 0's
# R1) and profile on 1 (warp 1's); exact mode reports no comparison.
set -u
cd "$(dirname "$0")/.."
make -s build/malekeh-sim build/malekeh-hints >/dev/null || { echo "FAIL: hint_static: build"; exit 1; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
tr=tests/data/static_paths.traceg
fails=0
ok() { echo "PASS: hint_static $1"; }
bad() { echo "FAIL: hint_static $1"; fails=$((fails + 1)); }
row() { grep -E "^0x0000 +dst +0 " "$1" | awk '{ print $4, $5, $6 }'; }
for m in exact profile static; do
    ./build/malekeh-hints --trace "$tr" --mode $m --profile-warps 1 --out "$tmp/$m.txt" 2>"$tmp/err" ||
        bad "malekeh-hints --mode $m: $(head -1 "$tmp/err")"
done
[ "$(row "$tmp/exact.txt")" = "far 1 2" ] && ok "exact: R1 at 0x00 near in 1 warp of 2 (table majority far)" || bad "exact row: $(row "$tmp/exact.txt")"
[ "$(row "$tmp/profile.txt")" = "far 0 1" ] && ok "profile of warp 0: far" || bad "profile row: $(row "$tmp/profile.txt")"
[ "$(row "$tmp/static.txt")" = "near 2 2" ] && ok "static: near (the path through the branch reads R1)" || bad "static row: $(row "$tmp/static.txt")"
get() { grep -o "\"$2\": [0-9]*" "$1" | head -1 | sed 's/.*: //'; }
for m in exact:0:0 profile:1:12 static:1:12; do
    IFS=: read -r mode d c <<<"$m"
    ./build/malekeh-sim --trace "$tr" --set machine=subcore --set hints=$mode --set hint_profile_warps=1 \
        --json "$tmp/r.json" >/dev/null 2>"$tmp/err" || { bad "malekeh-sim hints=$mode: $(head -1 "$tmp/err")"; continue; }
    got="$(get "$tmp/r.json" hint_differ) $(get "$tmp/r.json" hint_compared)"
    [ "$got" = "$d $c" ] && ok "malekeh-sim hints=$mode: $d of $c operands differ from the exact rule" ||
        bad "malekeh-sim hints=$mode: hint_differ hint_compared = '$got', expected '$d $c'"
done
[ "$fails" = 0 ]
