#!/usr/bin/env bash
# hints.sh OUTDIR - the hint modes side by side from a merged evaluation (eval/merge.sh:
# OUTDIR/table.csv): per trace Malekeh's hit ratio with exact hints (an oracle: every
# dynamic operand its own outcome), profiled hints (the first warps' majority per static
# operand, the papers' proposal) and static hints (the kernel's control flow recovered
# from the whole trace, a compiler's next-use analysis; hints/static.c), and the share of
# operands on which profiled and static hints differ from the exact ones, the warps per
# sub-core of the exact run (mean / max); then the mean.
# Writes OUTDIR/hints.md.
set -euo pipefail
[ $# -eq 1 ] || { echo "usage: eval/hints.sh OUTDIR" >&2; exit 2; }
out=$1
[ -s "$out/table.csv" ] || { echo "eval/hints.sh: $out/table.csv missing (run eval/merge.sh)" >&2; exit 2; }
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i
                   if (!("hint_differ" in c)) { print "eval/hints.sh: table.csv has no hint_differ column (re-run eval/merge.sh)" > "/dev/stderr"; exit 2 }
                   next }
    $2 == "malekeh" || $2 == "profile" || $2 == "static" {
        if (!($1 in seen)) { seen[$1] = 1; order[++n] = $1 }
        hr[$1, $2] = $c["hit_ratio"]; d[$1, $2] = $c["hint_differ"]
        if ($2 == "malekeh") w[$1] = sprintf("%.2f / %d", $c["warps_per_subcore"], $c["warps_per_subcore_max"]) }
    END { print "| trace | hit ratio: exact hints | profiled | static | operands differing from exact: profiled | static | warps per sub-core: mean / max |"
          print "|---|---:|---:|---:|---:|---:|---:|"
          for (i = 1; i <= n; i++) { t = order[i]
              if (!((t, "malekeh") in hr) || !((t, "profile") in hr) || !((t, "static") in hr)) {
                  print "eval/hints.sh: " t " lacks the malekeh, profile or static run" > "/dev/stderr"; exit 2 }
              printf "| %s | %.1f %% | %.1f %% | %.1f %% | %.1f %% | %.1f %% | %s |\n", t, 100 * hr[t, "malekeh"],
                     100 * hr[t, "profile"], 100 * hr[t, "static"], 100 * d[t, "profile"], 100 * d[t, "static"], w[t]
              m1 += hr[t, "malekeh"]; m2 += hr[t, "profile"]; m3 += hr[t, "static"]
              m4 += d[t, "profile"]; m5 += d[t, "static"] }
          if (n) printf "| **mean over %d traces** | %.1f %% | %.1f %% | %.1f %% | %.1f %% | %.1f %% | |\n", n,
                        100 * m1 / n, 100 * m2 / n, 100 * m3 / n, 100 * m4 / n, 100 * m5 / n }' \
    "$out/table.csv" >"$out/hints.md.tmp"
mv "$out/hints.md.tmp" "$out/hints.md"
echo "eval: $out/hints.md (exact, profiled and static hints)"
