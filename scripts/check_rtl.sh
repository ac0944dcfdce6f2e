#!/usr/bin/env bash
# check_rtl.sh CCUGEN - rtl/ must be exactly what the generator writes for
# configs/default.cfg, byte for byte (the header names the generator by a hash of its
# sources, so a changed generator means a stale rtl/). Prints PASS/FAIL.
set -u
gen=$1
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
"$gen" --config configs/default.cfg --out "$tmp/rtl" >/dev/null || { echo "FAIL: check-rtl (generator failed)"; exit 1; }
strip() { cat "$1"; }
bad=0
for f in "$tmp"/rtl/*; do
    n=$(basename "$f")
    if [ ! -f "rtl/$n" ] || ! diff -q <(strip "$f") <(strip "rtl/$n") >/dev/null; then
        echo "  stale or missing: rtl/$n"; bad=1
    fi
done
for f in rtl/*; do
    [ -e "$f" ] || continue
    [ -f "$tmp/rtl/$(basename "$f")" ] || { echo "  not generated any more: $f"; bad=1; }
done
if [ $bad -ne 0 ]; then echo "FAIL: check-rtl: rtl/ is stale; run 'make rtl' and commit"; exit 1; fi
echo "PASS: check-rtl (rtl/ matches configs/default.cfg)"
