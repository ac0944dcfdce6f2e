#!/usr/bin/env bash
# linemap_test.sh [DIR] - the generated files' `line directives lead back to the templates:
# 1. every line of every generated .v and .vh in DIR (default rtl/) is placed, as a Verilog tool
#    counts lines after `line directives, either on a line of gen/templates/<module>.vt
#    that it is (blanks aside, each ${...} standing for any text), or on its own line
#    of its own file (generated text: the header, multi-line values, the module line);
# 2. a distinctive template line found in the output maps back to its template line number
#    (the nearest preceding `line directive plus the offset);
# 3. Icarus and Verilator name the template line in their message on a broken line.
# Prints PASS:/FAIL: lines; exit 0 when all pass.
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
dir=${1:-rtl}
fails=0
pass() { echo "PASS: linemap $*"; }
fail() { echo "FAIL: linemap $*"; fails=$((fails + 1)); }
work=$(mktemp -d /tmp/linemap_test.XXXXXX); trap 'rm -rf "$work"' EXIT

# 1. every line's place
if out=$(python3 - "$dir" <<'PY'
import os, re, sys
d = sys.argv[1]
bad, tlines, glines, files = [], 0, 0, 0
DIR = re.compile(r'^`line (\d+) "([^"]+)" 0$')
for name in sorted(os.listdir(d)):
    if not name.endswith(('.v', '.vh')):
        continue
    files += 1
    lines = open(os.path.join(d, name)).read().split('\n')
    if lines and lines[-1] == '':
        lines.pop()
    cur_file, cur = name, 1
    tpl_cache = {}
    for real, text in enumerate(lines, 1):
        m = DIR.match(text)
        if m:
            cur_file, cur = m.group(2), int(m.group(1))
            continue
        if cur_file.startswith('gen/templates/'):
            if cur_file not in tpl_cache:
                tpl_cache[cur_file] = open(cur_file).read().split('\n')
            t = tpl_cache[cur_file]
            tl = t[cur - 1] if 0 < cur <= len(t) else None
            ok = False
            if tl is not None:
                pat = ''.join('.*' if i % 2 else re.escape(s)
                              for i, s in enumerate(re.split(r'\$\{[^}]*\}', tl.replace(' ', ''))))
                ok = re.fullmatch(pat, text.replace(' ', '')) is not None
            tlines += 1
            if not ok:
                bad.append(f'{name}:{real} -> {cur_file}:{cur}: {text.strip()[:60]!r} vs {(tl or "").strip()[:60]!r}')
        else:
            glines += 1
            if cur_file != name or cur != real:
                bad.append(f'{name}:{real} -> {cur_file}:{cur} (generated text not on its own line)')
        cur += 1
print(f'{files} files: {tlines} lines on their template line, {glines} generated lines on their own')
for b in bad[:10]:
    print('  ' + b)
sys.exit(1 if bad or files == 0 or tlines == 0 else 0)
PY
); then pass "$dir: $out"; else fail "$dir: $out"; fi

# 2. and 3. use ccu_ctrl (caching = on)
if ! ls "$dir"/*_ccu_ctrl.v >/dev/null 2>&1; then
    echo "PASS: linemap $dir: no ccu_ctrl (caching = off): checks 2 and 3 skipped"; [ "$fails" = 0 ]; exit; fi
# 2. a distinctive line: the LRU victim choice of ccu_ctrl
needle='lru[k] = !lock[k] && !beaten;'
tn=$(grep -nF "$needle" gen/templates/ccu_ctrl.vt | cut -d: -f1)
f=$(ls "$dir"/*_ccu_ctrl.v)
on=$(grep -nF "$needle" "$f" | cut -d: -f1)
if [ "$(wc -w <<<"$tn")" = 1 ] && [ "$(wc -w <<<"$on")" = 1 ]; then
    dl=$(head -n "$on" "$f" | grep -n '^`line ' | tail -1)
    dn=${dl%%:*}; rest=${dl#*:}
    set -- $rest
    got=$(( $2 + on - dn - 1 ))
    if [ "$3" = '"gen/templates/ccu_ctrl.vt"' ] && [ "$got" = "$tn" ]; then
        pass "'$needle' at $f:$on maps to gen/templates/ccu_ctrl.vt:$got (the template has it at $tn)"
    else fail "'$needle' at $f:$on maps to $3:$got, the template has it at line $tn"; fi
else fail "'$needle' not found once (template lines: $tn; output lines: $on)"; fi

# 3. the tools' messages on a broken line name the template line
cp -r "$dir" "$work/rtl"
sed -i "s/lru\[k\] = !lock\[k\] && !beaten;/lru[k] = !lock[k] && !beaten +;/" "$work/rtl/$(basename "$f")"
MLK_RTL=$work/rtl iverilog -g2005 -o "$work/a" -c "$work/rtl/files.f" >"$work/ivl.log" 2>&1
grep -q "gen/templates/ccu_ctrl.vt:$tn:" "$work/ivl.log" && pass "iverilog's error names gen/templates/ccu_ctrl.vt:$tn" ||
    { fail "iverilog's error does not name gen/templates/ccu_ctrl.vt:$tn"; head -5 "$work/ivl.log"; }
top=$(cd "$work/rtl" && ls ./*_subcore.v | sed 's|^\./||; s|\.v$||')
MLK_RTL=$work/rtl verilator --lint-only -Wall -f "$work/rtl/files.f" --top-module "$top" >"$work/vl.log" 2>&1
grep -q "gen/templates/ccu_ctrl.vt:$tn:" "$work/vl.log" && pass "verilator's error names gen/templates/ccu_ctrl.vt:$tn" ||
    { fail "verilator's error does not name gen/templates/ccu_ctrl.vt:$tn"; head -5 "$work/vl.log"; }
[ "$fails" = 0 ]
