#!/usr/bin/env bash
# cli_help.sh - every tool explains itself: --help (exit 0, a usage line, every option its
# "unknown option" message allows, an example) and --version ("tool VERSION"); make help
# lists every target the Makefiles declare.
set -u
cd "$(dirname "$0")/.."
make -s --no-print-directory build >/dev/null || { echo "FAIL: cli_help: make build failed"; exit 1; }
for t in malekeh-sim malekeh-refs ccugen; do
    b=build/$t
    h=$("$b" --help 2>&1); rc=$?
    allowed=$("$b" --no-such-option 2>&1 | sed -n 's/.*(allowed: \(.*\))$/\1/p')
    missing=""
    IFS=, read -ra opts <<<"$allowed"
    for o in "${opts[@]}"; do
        o=$(echo "$o" | awk '{print $1}')
        grep -q -- "$o" <<<"$h" || missing="$missing $o"
    done
    if [ "$rc" = 0 ] && grep -q '^usage: ' <<<"$h" && grep -q '^Example' <<<"$h" && [ -n "$allowed" ] && [ -z "$missing" ]; then
        echo "PASS: cli_help $t --help: usage, ${#opts[@]} options, an example"
    else
        echo "FAIL: cli_help $t --help (exit $rc; options missing:$missing; allowed: $allowed)"
    fi
    v=$("$b" --version); rc=$?
    [ "$rc" = 0 ] && grep -Eq "^$t [0-9a-z]" <<<"$v" && echo "PASS: cli_help $t --version: $v" ||
        echo "FAIL: cli_help $t --version (exit $rc): $v"
done
h=$(build/malekeh-hints --help); rc=$?
for o in --trace --mode --rthld --profile-warps --out --summary --version; do
    grep -q -- "$o" <<<"$h" || { rc=1; echo "FAIL: cli_help malekeh-hints --help lacks $o"; }
done
[ "$rc" = 0 ] && echo "PASS: cli_help malekeh-hints --help" || echo "FAIL: cli_help malekeh-hints --help"
build/malekeh-hints --version | grep -q '^malekeh-hints ' && echo "PASS: cli_help malekeh-hints --version" ||
    echo "FAIL: cli_help malekeh-hints --version"
# --help wins over a bad configuration (it needs none)
build/malekeh-sim --set banks=3 --help >/dev/null 2>&1 && echo "PASS: cli_help --help needs no valid configuration" ||
    echo "FAIL: cli_help --help with a bad --set failed"
# make help: every declared target, one line each
list=$(make --no-print-directory help 2>&1)
missing=""
for t in $(sed -n 's/^\.PHONY: *//p' Makefile mk/*.mk); do
    grep -q "^  make $t " <<<"$list" || missing="$missing $t"
done
[ -z "$missing" ] && echo "PASS: cli_help make help lists every declared target ($(wc -l <<<"$list"))" ||
    echo "FAIL: cli_help make help misses:$missing"
# an output path that cannot be written is refused before the run
out=$(build/malekeh-sim --trace workloads/matrixmul32_sm61_kernel-1.traceg.xz --json /no/such/dir/x.json 2>&1)
rc=$?
[ "$rc" = 2 ] && [ "$(wc -l <<<"$out")" = 1 ] && grep -q "cannot write there" <<<"$out" &&
    echo "PASS: cli_help --json into a missing folder: refused before the run" ||
    echo "FAIL: cli_help --json into a missing folder (exit $rc): $out"
# two configurations generated into one folder each keep their own .core (its file list);
# the one file list files.f names the last configuration's modules only
d=$(mktemp -d /tmp/cli_help_gen.XXXXXX)
build/ccugen --out "$d" >/dev/null && last=$(build/ccugen --set ccus=4 --out "$d")
lp=$(echo "$last" | sed -n 's/.*(top \([A-Za-z0-9_]*\)_subcore).*/\1/p')
lists=$(ls "$d"/*.f 2>/dev/null | wc -l); cores=$(ls "$d"/mlk_*.core 2>/dev/null | wc -l)
ok=1
for f in "$d"/mlk_*.core; do
    p=$(basename "$f" .core)
    [ "$(grep -c "^ *- ${p}_.*\.v$" "$f")" -ge 10 ] && ! grep '\.v$' "$f" | grep -v "^ *- ${p}_" | grep -q . || ok=0
done
[ -n "$lp" ] && [ "$(grep -c "^\${MLK_RTL}/${lp}_.*\.v$" "$d/files.f")" -ge 10 ] &&
    ! grep '\.v$' "$d/files.f" | grep -v "^\${MLK_RTL}/${lp}_" | grep -q . || ok=0
[ "$lists" = 1 ] && [ "$cores" = 2 ] && [ "$ok" = 1 ] &&
    echo "PASS: cli_help two configurations in one --out folder: two .core files, each of its own modules; files.f the last's" ||
    echo "FAIL: cli_help two configurations in one --out folder: $lists lists (want 1), $cores cores (ok $ok)"
rm -rf "$d"
