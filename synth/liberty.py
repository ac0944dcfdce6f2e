"""liberty.py - the few Liberty text helpers synth/latch_map.py and synth/mk_generic_lib.py
share: matching braces and reading one simple attribute (no Liberty parser: the files are
read as text)."""
import re


def block(text, start):
    """text[start] is '{': return the index just past the matching '}'"""
    depth = 0
    for i in range(start, len(text)):
        if text[i] == '{':
            depth += 1
        elif text[i] == '}':
            depth -= 1
            if depth == 0:
                return i + 1
    raise ValueError("unbalanced braces")


def attr(body, name):
    """the value of the first `name : value ;` in body (quotes and spaces dropped), or None"""
    m = re.search(r'\b' + name + r'\s*:\s*"?([^";]+)"?\s*;', body)
    return m.group(1).strip() if m else None
