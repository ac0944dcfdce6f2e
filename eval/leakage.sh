#!/usr/bin/env bash
# leakage.sh [TRACE...] - RF leakage from liveness (GReEneR, ../shared/papers/greener.txt):
# on each trace (default: every trace in ../shared/workloads), on its preset GPU with
# Malekeh's default configuration, the share of the warps' register-cycles (R0 up to the
# highest register a warp names, from its first issue to its last) a liveness-aware
# register file could keep OFF (dead: the next access writes the register, or there is
# none), SLEEP (live, but its next read more than GReEneR's W = 3 instructions of the warp
# away) or must keep ON (rf_states = on, driver/tsrc.c). The leakage saved, against a
# register file always ON: at least the OFF share (an OFF register leaks nothing: GReEneR
# gates it to 0 V; a SLEEP state that saved nothing) and at most OFF + SLEEP (a SLEEP
# state that leaked nothing); between them, the saving with the configuration's per-state
# leakage (leak_sleep_pct = 10 % and leak_off_pct = 0 % of ON: an SRAM cell at its data
# retention voltage saves over 90 % of its leakage, Qin et al., ISQED 2004; GReEneR's OFF
# is 0 V). Prints a Markdown table and the means, beside GReEneR's 69.04 % (its 21
# kernels, compiler analysis, CACTI-P).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
NAME=eval/leakage.sh
. "$ROOT/eval/trace_list.sh"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
echo "| trace | register-cycles | OFF (dead) | SLEEP (next read > 3 instructions away) | ON | leakage saved: at least (OFF) / at most (OFF + SLEEP) | leakage saved, SLEEP at 10 % and OFF at 0 % of ON | warps per sub-core: mean / max |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|"
n=0
for t in "${traces[@]}"; do
    "$SIM" --trace "$t" --quiet --set rf_states=on --json "$tmp/r.json" 2> >(grep -v ': warning: ' >&2)
    awk -v name="$(basename "${t%.traceg}")" -v off="$(get "$tmp/r.json" reg_cycles_off)" \
        -v sl="$(get "$tmp/r.json" reg_cycles_sleep)" -v on="$(get "$tmp/r.json" reg_cycles_on)" \
        -v lk="$(get "$tmp/r.json" rf_leakage_saved_pct)" \
        -v wm="$(get "$tmp/r.json" warps_per_subcore)" -v wx="$(get "$tmp/r.json" warps_per_subcore_max)" \
        'BEGIN { s = off + sl + on; if (s == 0) { print "eval/leakage.sh: " name ": no register-cycles" > "/dev/stderr"; exit 2 }
                 printf "| %s | %d | %.1f %% | %.1f %% | %.1f %% | %.1f %% / %.1f %% | %.1f %% | %.2f / %d |\n", name, s, 100 * off / s, 100 * sl / s, 100 * on / s, 100 * off / s, 100 * (off + sl) / s, lk, wm, wx
                 printf "%f %f %f %f\n", off / s, sl / s, on / s, lk > "/dev/stderr" }' 2>>"$tmp/means"
    n=$((n + 1))
done
awk -v n="$n" '{ a += $1; b += $2; c += $3; d += $4 }
    END { printf "| mean of the %d traces | | %.1f %% | %.1f %% | %.1f %% | %.1f %% / %.1f %% | %.1f %% | |\n", n, 100 * a / n, 100 * b / n, 100 * c / n, 100 * a / n, 100 * (a + b) / n, d / n
          print "| *GReEneR* (21 kernels; compiler analysis, CACTI-P leakage) | | | | | | 69.04 % | |" }' "$tmp/means"
