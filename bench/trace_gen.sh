#!/usr/bin/env bash
# trace_gen.sh SRC.traceg OUT MB - a long trace for the reader benchmark: the header of SRC,
# then SRC's thread blocks repeated until OUT reaches about MB megabytes, the blocks
# renumbered (thread block = i,0,0) so every block id is distinct.
set -euo pipefail
src=$1 out=$2 mb=$3
size=$(stat -c %s "$src")
reps=$(( (mb * 1000000 + size - 1) / size ))
awk -v reps="$reps" '
    !body && /^#BEGIN_TB/ { body = 1 }
    !body { print; next }
    { lines[n++] = $0 }
    END {
        id = 0
        for (r = 0; r < reps; r++)
            for (i = 0; i < n; i++) {
                if (lines[i] ~ /^thread block = /) print "thread block = " id++ ",0,0"
                else print lines[i]
            }
    }' "$src" >"$out.tmp"
mv "$out.tmp" "$out"
