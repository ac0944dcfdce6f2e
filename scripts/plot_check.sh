#!/usr/bin/env bash
# plot_check.sh [SVG|DIR]... - render every SVG (default: docs/figures/*.svg) in a real
# browser, Debian's headless chromium, at the size the SVG declares, into
# build/plots-check/<name>.png, and check that the screenshot is not blank: at least 1 %
# of its pixels are ink (not near-white; scripts/png_ink.py). Prints PASS/FAIL per file;
# SKIP when chromium is not installed (`bash scripts/deps.sh --browser` installs it).
# Look at the PNGs as well: a drawing can have ink and still be wrong.
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
out=$ROOT/build/plots-check
if ! command -v chromium >/dev/null 2>&1; then
    echo "SKIP: plot_check (chromium not installed; bash scripts/deps.sh --browser)"; exit 0
fi
files=()
[ $# -gt 0 ] || set -- "$ROOT/docs/figures"
for a in "$@"; do
    if [ -d "$a" ]; then for f in "$a"/*.svg; do [ -e "$f" ] && files+=("$f"); done
    else files+=("$a"); fi
done
[ ${#files[@]} -gt 0 ] || { echo "FAIL: plot_check (no SVG files in $*)"; exit 1; }
mkdir -p "$out"
prof=$(mktemp -d "${TMPDIR:-/tmp}/plotcheck.XXXXXX"); trap 'rm -rf "$prof"' EXIT
bad=0
for f in "${files[@]}"; do
    name=$(basename "$f" .svg)
    [ -r "$f" ] || { echo "FAIL: plot_check $name (cannot read $f)"; bad=1; continue; }
    # the size gnuplot wrote: <svg width="W" height="H" ...>
    hdr=$(tr '\n' ' ' <"$f" | grep -o '<svg[^>]*' | head -1)
    w=$(echo "$hdr" | grep -o ' width="[0-9]*' | head -1 | tr -dc 0-9)
    h=$(echo "$hdr" | grep -o ' height="[0-9]*' | head -1 | tr -dc 0-9)
    w=${w:-800} h=${h:-600}
    rm -f "$out/$name.png"
    chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --user-data-dir="$prof" \
        --window-size="$w,$h" --screenshot="$out/$name.png" "file://$(cd "$(dirname "$f")" && pwd)/$(basename "$f")" \
        >"$out/$name.log" 2>&1
    if [ ! -s "$out/$name.png" ]; then echo "FAIL: plot_check $name (no screenshot; $out/$name.log)"; bad=1; continue; fi
    read -r pw ph ink < <(python3 "$ROOT/scripts/png_ink.py" "$out/$name.png") || { echo "FAIL: plot_check $name (unreadable screenshot)"; bad=1; continue; }
    if [ "${ink:-0}" -lt $(( pw * ph / 100 )) ]; then
        echo "FAIL: plot_check $name (blank: $ink of $((pw * ph)) pixels inked)"; bad=1
    else
        echo "PASS: plot_check $name (${pw}x$ph, $ink pixels inked; $out/$name.png)"
    fi
done
exit $bad
