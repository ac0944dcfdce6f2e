#!/usr/bin/env bash
# report_sync.sh - the documents quote docs/results.md and hold no result table of their
# own: every `<!-- report:ID -->` block of README.md and docs/*.md equals section ID of
# docs/results.md byte for byte, every section names its command and commit, every
# section is quoted somewhere, and each result table the README held before `make report`
# existed appears only inside a quoted block. Then one figure changed inside a quoted
# table must fail the same check (the check can fail).
set -u
cd "$(dirname "$0")/.."
fails=0
check() { # check RESULTS DOC...: 0 when in sync, else prints why
    python3 - "$@" <<'PY'
import re, sys
res = open(sys.argv[1]).read()
pat = r'<!-- report:([\w-]+) -->\n(.*?)<!-- /report:\1 -->'
r = dict(re.findall(pat, res, re.S))
bad, seen = [], set()
for k, body in r.items():
    if not re.match(r'From `[^`]+` at `[0-9a-f]{7,}[^`]*`:\n', body):
        bad.append("docs/results.md section %s does not name its command and commit" % k)
heads = ('| kernel | profiler | measured cycles | simulated | error |', '| machine | baseline IPC, 1 / 2 / 4 / 8 collectors',
         '| trace | instructions | hit ratio Malekeh', '| trace | hit ratio (Malekeh; distinct registers) | bank reads',
         '| machine (mean over the traces) | Malekeh hit ratio',
         '| variant | preset GPU: IPC / baseline', '| design (variant) | storage added per sub-core', '| trace | hit ratio: exact hints', '| trace | RF bank writes / inst', '| trace | register-cycles | OFF (dead)', '| point | C | E | banks | width', '== main job:')
found = {h: 0 for h in heads}
for path in sys.argv[2:]:
    if path.endswith('docs/results.md'): continue
    doc = open(path).read()
    spans = [b.span() for b in re.finditer(pat, doc, re.S)]
    for k, body in re.findall(pat, doc, re.S):
        seen.add(k)
        if k not in r: bad.append("%s quotes section %s, which docs/results.md lacks" % (path, k))
        elif body != r[k]: bad.append("%s: block %s differs from docs/results.md (make report-assemble)" % (path, k))
    for h in heads:
        for m in re.finditer(re.escape(h), doc):
            found[h] += 1
            if not any(a < m.start() < b for a, b in spans):
                bad.append("%s has a result table of its own: %s" % (path, h))
for k in r:
    if k not in seen: bad.append("section %s of docs/results.md is quoted nowhere" % k)
for h, n in found.items():
    if not n: bad.append("no document quotes the table " + h)
for b in bad: print(b)
sys.exit(1 if bad else 0)
PY
}
docs=(README.md docs/*.md)
if [ ! -s docs/results.md ]; then echo "FAIL: report_sync docs/results.md missing (make report)"; exit 1; fi
if out=$(check docs/results.md "${docs[@]}"); then
    echo "PASS: report_sync every quoted block in README.md and docs/ equals its docs/results.md section"
else
    echo "$out" | sed 's/^/FAIL: report_sync /'; fails=$((fails + 1))
fi
# the check can fail: one digit changed inside the first quoted table with a figure
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/docs"; for d in "${docs[@]}"; do cp "$d" "$tmp/$d"; done
python3 - "$tmp/docs/eval.md" <<'PY'
import re, sys
s = open(sys.argv[1]).read()
i = None
for b in re.finditer(r'<!-- report:([\w-]+) -->\n(.*?)<!-- /report:\1 -->', s, re.S):
    r = re.search(r'^\|[^\n]*?[0-9][^\n]*?\|[^\n]*?([0-9])', b.group(2), re.M)
    if r:
        i = b.start(2) + r.start(1)
        break
if i is None: sys.exit("no quoted table with a figure in " + sys.argv[1])
open(sys.argv[1], 'w').write(s[:i] + str((int(s[i]) + 1) % 10) + s[i + 1:])
PY
if (cd "$tmp" && check docs/results.md "${docs[@]}" >/dev/null); then
    echo "FAIL: report_sync a document with a changed figure still passed"; fails=$((fails + 1))
else
    echo "PASS: report_sync a document with a changed figure fails"
fi
# the README's "Results at a glance" rows that come from the sky130 datasheet (area over
# the RF; the gate-level energy balance) equal docs/results.md's area-sky130 section
glance() { # glance RESULTS README: 0 when they agree, else prints why
    python3 - "$@" <<'PY'
import re, sys
res, readme = open(sys.argv[1]).read(), open(sys.argv[2]).read()
m = re.search(r'<!-- report:area-sky130 -->\n(.*?)<!-- /report:area-sky130 -->', res, re.S)
if not m or 'Not measured' in m.group(1): sys.exit(0) # no sky130 datasheet: nothing to hold
sec, bad = m.group(1), []
a = re.search(r'overhead vs the whole RF[^:]*: (\+[0-9.]+ %)', sec)
e = re.search(r'energy balance \(pJ per instruction[^)]*\): CCUs add ([0-9]+), bank reads saved ([0-9]+)', sec)
rows = {r.split('|')[1].strip(): r for r in readme.splitlines() if r.startswith('| ')}
area, energy = rows.get('area over the whole RF', ''), rows.get('RF energy at gate level', '')
if not a or '| %s |' % a.group(1) not in area:
    bad.append('README area row %r, datasheet %s' % (area, a and a.group(1)))
if not e or 'CCUs add %s, bank reads saved %s pJ' % e.groups() not in energy:
    bad.append('README energy row %r, datasheet %s' % (energy, e and e.groups()))
# the bank-read, energy and IPC rows equal the mean row of the busy machine's section
m = re.search(r'<!-- report:busy -->\n(.*?)<!-- /report:busy -->', res, re.S)
if m and 'Not measured' not in m.group(1):
    mean = [r for r in m.group(1).splitlines() if r.startswith('| **mean over')]
    cells = mean[0].split('|') if mean else []
    busy = 0
    for r in m.group(1).splitlines():
        w = re.search(r'\| ([0-9.]+) / [0-9]+ \|$', r)
        busy += bool(w and float(w.group(1)) >= 4)
    if busy < 3:
        bad.append('the busy section has %d traces of 4 or more warps per sub-core (the headline needs 3)' % busy)
    if len(cells) < 8:
        bad.append('the busy section has no mean row')
    else:
        for name, k in (('bank reads', 3), ('RF dynamic energy (45 nm events)', 6), ('IPC', 7)):
            row = rows.get(name, '').split('|')
            if len(row) < 4 or row[3].strip() != cells[k].strip():
                bad.append('README %s row %r, the busy section\'s mean %s' % (name, row[3].strip() if len(row) > 3 else '', cells[k].strip()))
for b in bad: print(b)
sys.exit(1 if bad else 0)
PY
}
if out=$(glance docs/results.md README.md); then
    echo "PASS: report_sync the README's area and gate-level energy rows equal the sky130 datasheet, its bank-read, energy and IPC rows the mean of the busy machine's 3+ traces of 4+ warps per sub-core"
else
    echo "$out" | sed 's/^/FAIL: report_sync /'; fails=$((fails + 1))
fi
sed 's/bank reads saved [0-9]*/bank reads saved 1/' README.md >"$tmp/README.glance"
if glance docs/results.md "$tmp/README.glance" >/dev/null; then
    echo "FAIL: report_sync a README with a changed gate-level figure still passed"; fails=$((fails + 1))
else
    echo "PASS: report_sync a README with a changed gate-level figure fails"
fi
sed 's/^| IPC | +6.1 % | +[0-9.]* %/| IPC | +6.1 % | +9.9 %/' README.md >"$tmp/README.glance"
if cmp -s README.md "$tmp/README.glance"; then
    echo "FAIL: report_sync the README's IPC row was not found to change"; fails=$((fails + 1))
elif glance docs/results.md "$tmp/README.glance" >/dev/null; then
    echo "FAIL: report_sync a README with a changed headline IPC still passed"; fails=$((fails + 1))
else
    echo "PASS: report_sync a README with a changed headline IPC fails"
fi
[ "$fails" = 0 ]
