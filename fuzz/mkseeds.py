#!/usr/bin/env python3
"""mkseeds.py - cut small, well-formed seed traces out of the real traces for the fuzz
corpus: the header, then the first `blocks` thread blocks with the first `warps` warps of
each cut to `insts` instructions (the `insts = n` count rewritten). Usage:
  mkseeds.py IN.traceg OUT.traceg [blocks warps insts]"""
import sys


def cut(lines, blocks, warps, insts):
    out, i, nb = [], 0, 0
    while i < len(lines) and not lines[i].startswith('#BEGIN_TB'):
        out.append(lines[i]); i += 1
    while i < len(lines) and nb < blocks:
        l = lines[i]
        if l.startswith('#BEGIN_TB'):
            out.append(l); i += 1; nw = 0
            while i < len(lines) and not lines[i].startswith('#END_TB'):
                l = lines[i]
                if l.startswith('warp = '):
                    n = int(lines[i + 1].split('=')[1])
                    body = lines[i + 2:i + 2 + n]
                    if nw < warps:
                        k = min(n, insts)
                        out += [l, 'insts = %d' % k] + body[:k] + ['']
                    nw += 1
                    i += 2 + n
                else:
                    if not l.startswith('insts') and l.strip():
                        out.append(l)
                    i += 1
            out.append('#END_TB'); out.append(''); nb += 1
        i += 1
    return out


if __name__ == '__main__':
    a = sys.argv
    blocks, warps, insts = (int(x) for x in a[3:6]) if len(a) > 5 else (2, 2, 24)
    with open(a[1]) as f:
        lines = f.read().split('\n')
    with open(a[2], 'w') as f:
        f.write('\n'.join(cut(lines, blocks, warps, insts)) + '\n')
