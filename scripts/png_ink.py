#!/usr/bin/env python3
"""png_ink.py FILE.png - print `WIDTH HEIGHT INK` for an 8-bit, non-interlaced PNG (grey, RGB,
grey+alpha or RGBA; what headless Chromium writes): INK is the number of pixels that are not
near-white (any channel below 200 after laying alpha over white). Exit 2 on a file it cannot
read. Standard library only (zlib), so that the plot check needs no imaging package."""
import struct
import sys
import zlib


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    return a if pa <= pb and pa <= pc else (b if pb <= pc else c)


def read(path):
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG file")
    pos, idat, hdr = 8, [], None
    while pos + 8 <= len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            hdr = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
        elif kind == b"IEND":
            break
        pos += 12 + n
    if hdr is None:
        raise ValueError("no IHDR chunk")
    w, h, depth, ctype, _, _, interlace = hdr
    chans = {0: 1, 2: 3, 4: 2, 6: 4}.get(ctype)
    if depth != 8 or chans is None or interlace:
        raise ValueError("unsupported PNG (depth %d, colour type %d, interlace %d)" % (depth, ctype, interlace))
    raw = zlib.decompress(b"".join(idat))
    stride = w * chans
    prev = bytearray(stride)
    ink = 0
    for y in range(h):
        ft = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - chans] if i >= chans else 0
            b = prev[i]
            c = prev[i - chans] if i >= chans else 0
            if ft == 1:
                line[i] = (line[i] + a) & 255
            elif ft == 2:
                line[i] = (line[i] + b) & 255
            elif ft == 3:
                line[i] = (line[i] + ((a + b) >> 1)) & 255
            elif ft == 4:
                line[i] = (line[i] + paeth(a, b, c)) & 255
        for x in range(w):
            px = line[x * chans:(x + 1) * chans]
            col = px[:1] * 3 if chans <= 2 else px[:3]
            alpha = px[-1] if chans in (2, 4) else 255
            if any(v * alpha // 255 + 255 - alpha < 200 for v in col):
                ink += 1
        prev = line
    return w, h, ink


def main():
    if len(sys.argv) != 2:
        print("usage: png_ink.py FILE.png", file=sys.stderr)
        return 2
    try:
        w, h, ink = read(sys.argv[1])
    except (OSError, ValueError, zlib.error, struct.error) as e:
        print("%s: cannot read (%s)" % (sys.argv[1], e), file=sys.stderr)
        return 2
    print(w, h, ink)
    return 0


if __name__ == "__main__":
    sys.exit(main())
