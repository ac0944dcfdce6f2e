"""dont_use.py - the library's dont_use list, honoured by writing the mapping copy of a Liberty
without the forbidden cells (Yosys 0.23's `abc` has no -dont_use option and `dfflibmap` reads
the whole file). OpenSTA keeps reading the full library; only Yosys maps onto the copy.

  dont_use.py map LIB[.gz] OUT.lib [--dont-use LIST] [--default-from DONTUSE.lib]
      OUT.lib = LIB less (a) the cells LIST names (blank-separated cell names, shell globs
      allowed; "none" = no names) and (b) every cell of LIB with `dont_use : true`.
      Without --dont-use (or with an empty LIST) the names are those marked dont_use in
      --default-from when that file is given and readable (for sky130 HD: ../shared/pdk's
      area.dontuse.lib), else none. Writes OUT.lib.txt: a first line "# source: TEXT" (the
      list used, for the datasheet) and the removed cells, one a line, sorted.
  dont_use.py names LIB[.gz]
      the cells of LIB marked `dont_use : true`, one a line.
  dont_use.py check NETLIST.v LIST.txt
      exit 1 with one line naming every forbidden cell of LIST.txt (the map's .txt) that
      NETLIST.v instantiates, with its count; exit 0 and no output when there is none.
Exit 2 with one line on stderr on bad input."""
import fnmatch
import gzip
import os
import re
import sys

CELL = re.compile(r'(?m)^[ \t]*cell[ \t]*\([ \t]*"?([A-Za-z0-9_$.]+)"?[ \t]*\)[ \t]*\{')
BRACE = re.compile(r'"(?:\\.|[^"\\])*"|/\*.*?\*/|[{}]', re.S)
DONT_USE = re.compile(r'\bdont_use\s*:\s*"?true"?\s*;')


def die(msg):
    sys.stderr.write("dont_use.py: %s\n" % msg)
    sys.exit(2)


def read(path):
    try:
        with (gzip.open(path, "rt") if path.endswith(".gz") else open(path)) as f:
            return f.read()
    except (OSError, EOFError) as e:
        die("%s: cannot read (%s)" % (path, e))


def cells(text):
    """(name, start, end) of every cell group, end just past its closing brace"""
    out = []
    for m in CELL.finditer(text):
        depth = 0
        for t in BRACE.finditer(text, m.end() - 1):
            s = t.group(0)
            if s == "{":
                depth += 1
            elif s == "}":
                depth -= 1
                if depth == 0:
                    out.append((m.group(1), m.start(), t.end()))
                    break
        else:
            die("cell %s: unbalanced braces" % m.group(1))
    return out


def marked(text, cl):
    return [n for n, s, e in cl if DONT_USE.search(text, s, e)]


def cmd_map(argv):
    if len(argv) < 2:
        die("map: expected LIB OUT.lib [--dont-use LIST] [--default-from FILE]")
    lib, out, rest = argv[0], argv[1], argv[2:]
    given, dflt = None, None
    while rest:
        if rest[0] == "--dont-use" and len(rest) > 1:
            given = rest[1].strip() or None
        elif rest[0] == "--default-from" and len(rest) > 1:
            dflt = rest[1]
        else:
            die("map: unknown option '%s' (allowed: --dont-use LIST, --default-from FILE)" % rest[0])
        rest = rest[2:]
    text = read(lib)
    cl = cells(text)
    if not cl:
        die("%s: no cell groups (expected a Liberty library)" % lib)
    names = [n for n, _, _ in cl]
    if given is not None:
        pats = [] if given == "none" else given.split()
        source = "DONT_USE= (%d names/patterns)" % len(pats) if pats else "DONT_USE=none"
    elif dflt and os.path.isfile(dflt):
        d = read(dflt)
        pats = marked(d, cells(d))
        source = "the %d cells marked dont_use in %s" % (len(pats), os.path.basename(dflt))
    else:
        pats = []
        source = "none given"
    drop = set()
    for p in pats:
        hit = fnmatch.filter(names, p) if any(c in p for c in "*?[") else ([p] if p in names else [])
        if not hit and given is not None:
            sys.stderr.write("dont_use.py: warning: '%s' matches no cell of %s\n" % (p, os.path.basename(lib)))
        drop.update(hit)
    own = set(marked(text, cl))
    source += "; %d marked dont_use in %s itself" % (len(own), os.path.basename(lib))
    drop |= own
    if len(drop) == len(names):
        die("%s: the dont_use list removes every cell" % lib)
    parts, pos = [], 0
    for n, s, e in cl:
        if n in drop:
            parts.append(text[pos:s])
            pos = e
    parts.append(text[pos:])
    with open(out, "w") as f:
        f.write("".join(parts))
    with open(out + ".txt", "w") as f:
        f.write("# source: %s; %d cells removed from the mapping library\n" % (source, len(drop)))
        for n in sorted(drop):
            f.write(n + "\n")


def cmd_check(argv):
    if len(argv) != 2:
        die("check: expected NETLIST.v LIST.txt")
    net, lst = argv
    forbidden = set(l.strip() for l in read(lst).splitlines() if l.strip() and not l.startswith("#"))
    count = {}
    for m in re.finditer(r'(?m)^[ \t]*\\?([A-Za-z_][A-Za-z0-9_$]*)[ \t]+\\?\S+[ \t]*\(', read(net)):
        if m.group(1) in forbidden:
            count[m.group(1)] = count.get(m.group(1), 0) + 1
    if count:
        print("%s: %d forbidden (dont_use) cell instances: %s" % (net, sum(count.values()),
              ", ".join("%d %s" % (count[k], k) for k in sorted(count, key=lambda k: (-count[k], k)))))
        sys.exit(1)


def main():
    if len(sys.argv) < 2:
        die("usage: dont_use.py map|names|check ... (see the header of synth/dont_use.py)")
    cmd, argv = sys.argv[1], sys.argv[2:]
    if cmd == "map":
        cmd_map(argv)
    elif cmd == "names":
        if len(argv) != 1:
            die("names: expected LIB")
        t = read(argv[0])
        for n in marked(t, cells(t)):
            print(n)
    elif cmd == "check":
        cmd_check(argv)
    else:
        die("unknown command '%s' (map, names, check)" % cmd)


if __name__ == "__main__":
    main()
