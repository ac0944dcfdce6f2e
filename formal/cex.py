#!/usr/bin/env python3
"""cex.py - name the assertions a Yosys `sat -show-public` counterexample violates.
Usage: cex.py WRAPPER_formal.v SAT.log  -> one line per violated assertion in the last step:
"step N: <comment of the assertion>" (the wrapper puts a name after each assert). For a
k-induction log, the last failed induction step: the assertions it breaks after k steps
that hold them (what a stronger invariant has to rule out)."""
import re
import sys


def val(bits, lsb, width):
    return int(bits[::-1][lsb:lsb + width][::-1], 2)


def main():
    wrap = open(sys.argv[1]).read().split('\n')
    log = open(sys.argv[2]).read()
    parts = re.split(r'model found(?: for base case)?: FAIL|Induction step failed', log)
    if len(parts) < 2:
        return
    parts = [None, parts[-1]]
    dbg = {int(m.group(1)): m.group(2)
           for m in re.finditer(r'^\s+(\d+) \\dbg\s+\S+\s+\S+\s+([01]+)\s*$', parts[1], re.M)}
    if not dbg:
        return
    t = max(dbg)
    cur, prev = dbg[t], dbg.get(t - 1, dbg[t])
    for ln in wrap:
        if 'assert(' not in ln or '//' not in ln:
            continue
        code, name = ln.split('//', 1)
        e = code.strip()
        e = re.sub(r'prev_dbg\[(\d+) \+: (\d+)\]', lambda m: str(val(prev, int(m.group(1)), int(m.group(2)))), e)
        e = re.sub(r'dbg\[(\d+) \+: (\d+)\]', lambda m: str(val(cur, int(m.group(1)), int(m.group(2)))), e)
        e = e.replace('&&', ' and ').replace('||', ' or ').replace('!=', '<>').replace('!', ' not ')
        e = e.replace('<>', '!=').replace("1'b0", '0')
        m = re.match(r'if \((.*)\) assert\((.*)\);$', e)
        cond, body = (m.group(1), m.group(2)) if m else ('1', re.match(r'assert\((.*)\);$', e).group(1))
        try:
            if eval(cond) and not eval(body):
                print('cycle %d: %s' % (t, name.strip()))
        except (SyntaxError, NameError, AttributeError):
            pass


if __name__ == '__main__':
    main()
