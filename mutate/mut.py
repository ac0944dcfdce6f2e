#!/usr/bin/env python3
"""mut.py - read, check and apply the mutation catalogue (mutate/catalogue.txt).

  mut.py list  CATALOGUE [ID...]   one line per mutant: id<TAB>file<TAB>runner<TAB>equivalent(0/1)
  mut.py check CATALOGUE ROOT      every mutant applies to the tree ROOT (PASS:/FAIL: lines)
  mut.py apply CATALOGUE ID ROOT   apply mutant ID to ROOT/<file> in place
  mut.py show  CATALOGUE ID        the mutant as a person reads it

Catalogue line: `id | file | original | replacement | runner | equivalent: reason`
(the last field optional). `#` starts a comment line. Inside a field: `\\|` is a literal
`|`, `\\n` a newline, `\\\\` a backslash; spaces around a field are not part of it. The
original text must occur EXACTLY ONCE in the file (so an entry survives line moves and
fails loudly when the code it names changed). runner: rtl (file under gen/templates/,
killed by the co-simulation), model (file under cmodel/, killed by the C tests) or check
(a C file or script of the GPU model, the driver, the comparison designs, the simulator or
the kit: gpu/ driver/ compare/ sim/ eval/ kit/, killed by the tests of `make check`).
A malformed catalogue line: `catalogue:LINE: what is wrong (what was expected)`, exit 2.
"""
import os
import re
import sys

FIELD_RE = re.compile(r"\\(.)")


def unescape(s):
    """Field text -> the real text (\\| \\n \\\\)."""
    def rep(m):
        c = m.group(1)
        return {"n": "\n", "|": "|", "\\": "\\"}.get(c, "\\" + c)
    return FIELD_RE.sub(rep, s)


def split_fields(line):
    """Split on `|` not preceded by a backslash (escapes are kept for unescape)."""
    out, cur, i = [], [], 0
    while i < len(line):
        ch = line[i]
        if ch == "\\" and i + 1 < len(line):
            cur.append(line[i:i + 2])
            i += 2
            continue
        if ch == "|":
            out.append("".join(cur))
            cur = []
        else:
            cur.append(ch)
        i += 1
    out.append("".join(cur))
    return [f.strip() for f in out]


# the folders each runner's files live in
RUNNER_DIRS = {"rtl": ("gen/templates/",), "model": ("cmodel/",),
               "check": ("gpu/", "driver/", "trace/", "compare/", "sim/", "eval/", "kit/")}


class Bad(Exception):
    pass


def load(path):
    """Every mutant as a dict, in catalogue order; raises Bad on a malformed line."""
    muts, seen = [], set()
    with open(path, encoding="utf-8") as f:
        for n, raw in enumerate(f, 1):
            line = raw.rstrip("\n")
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            fl = split_fields(line)
            where = "%s:%d" % (path, n)
            if len(fl) not in (5, 6):
                raise Bad("%s: %d fields (expected 5 or 6: id | file | original | "
                          "replacement | runner [| equivalent: reason])" % (where, len(fl)))
            mid, fname, orig, repl, runner = fl[:5]
            if not re.fullmatch(r"[A-Za-z0-9_.-]+", mid):
                raise Bad("%s: id '%s' (expected letters, digits, _ . -)" % (where, mid))
            if mid in seen:
                raise Bad("%s: id '%s' given twice (expected unique ids)" % (where, mid))
            seen.add(mid)
            if runner not in RUNNER_DIRS:
                raise Bad("%s: runner '%s' (expected rtl, model or check)" % (where, runner))
            want = RUNNER_DIRS[runner]
            if not fname.startswith(want):
                raise Bad("%s: file '%s' for runner %s (expected a file under %s)"
                          % (where, fname, runner, " or ".join(want)))
            equiv = ""
            if len(fl) == 6:
                if not fl[5].startswith("equivalent:") or not fl[5][11:].strip():
                    raise Bad("%s: last field '%s' (expected 'equivalent: reason')"
                              % (where, fl[5]))
                equiv = fl[5][11:].strip()
            o, r = unescape(orig), unescape(repl)
            if not o or o == r:
                raise Bad("%s: empty original or replacement equal to it" % where)
            muts.append({"id": mid, "file": fname, "orig": o, "repl": r, "runner": runner,
                         "equiv": equiv, "line": n})
    return muts


def find(muts, mid):
    for m in muts:
        if m["id"] == mid:
            return m
    raise Bad("no mutant '%s' in the catalogue (expected one of its ids)" % mid)


def count_in(root, m):
    path = os.path.join(root, m["file"])
    if not os.path.isfile(path):
        return path, None, -1
    with open(path, encoding="utf-8") as f:
        text = f.read()
    return path, text, text.count(m["orig"])


def cmd_check(muts, root):
    bad = 0
    for m in muts:
        path, _, n = count_in(root, m)
        if n != 1:
            bad += 1
            what = "file missing" if n < 0 else "original text found %d times" % n
            print("FAIL: mutant %s (catalogue line %d): %s: %s (expected exactly once)"
                  % (m["id"], m["line"], m["file"], what))
    ids = sorted({m["file"] for m in muts})
    if not bad:
        print("PASS: mutation catalogue: %d mutants over %d files apply to %s"
              % (len(muts), len(ids), root))
    return 1 if bad else 0


def cmd_apply(muts, mid, root):
    m = find(muts, mid)
    path, text, n = count_in(root, m)
    if n != 1:
        what = "file missing" if n < 0 else "original text found %d times" % n
        raise Bad("%s: mutant %s: %s (expected exactly once)" % (m["file"], mid, what))
    tmp = path + ".mut.tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text.replace(m["orig"], m["repl"], 1))
    os.replace(tmp, path)
    return 0


def main(argv):
    if len(argv) < 3 or argv[1] not in ("list", "check", "apply", "show"):
        sys.stderr.write(__doc__)
        return 2
    try:
        muts = load(argv[2])
        if argv[1] == "list":
            sel = [find(muts, i) for i in argv[3:]] if len(argv) > 3 else muts
            for m in sel:
                print("%s\t%s\t%s\t%d" % (m["id"], m["file"], m["runner"], 1 if m["equiv"] else 0))
            return 0
        if argv[1] == "check" and len(argv) == 4:
            return cmd_check(muts, argv[3])
        if argv[1] == "apply" and len(argv) == 5:
            return cmd_apply(muts, argv[3], argv[4])
        if argv[1] == "show" and len(argv) == 4:
            m = find(muts, argv[3])
            print("%s (%s, %s, catalogue line %d)\n--- original\n%s\n+++ mutant\n%s%s"
                  % (m["id"], m["file"], m["runner"], m["line"], m["orig"], m["repl"],
                     "\nequivalent: " + m["equiv"] if m["equiv"] else ""))
            return 0
        sys.stderr.write(__doc__)
        return 2
    except Bad as e:
        print("mut.py: %s" % e, file=sys.stderr)
        return 2
    except OSError as e:
        print("mut.py: %s" % e, file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
