#!/usr/bin/env bash
# trace_table.sh [TRACE...] - every trace (default: ../shared/workloads/*.traceg*) run to
# completion on the default configuration (Malekeh), the baseline OCUs and private CCUs
# (Malekeh_PR), same hints; prints one Markdown table: instructions, real hit ratio, bank
# reads per instruction and their change against the baseline on the same trace (negative:
# fewer; one sign convention with make eval, the papers table and make main), IPC
# relative to the baseline, the STHLD trace of the default run and its warps per sub-core
# (mean / max; marked where no sub-core held more warps than CCUs); Malekeh's hit ratio also
# as the papers' prototype counts it (every source operand, a pending fill a hit; eval/merge.sh).
# `make traces`.
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
SIM=build/malekeh-sim
make -s "$SIM" >/dev/null || { echo "trace_table.sh: building $SIM failed" >&2; exit 2; }
if [ $# -gt 0 ]; then traces=("$@"); else traces=("$ROOT"/../shared/workloads/*.traceg*); fi
[ -e "${traces[0]}" ] || { echo "trace_table.sh: no traces (../shared/workloads absent?)" >&2; exit 2; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
get() { grep -o "\"$2\": [-0-9.e]*" "$1" | head -1 | sed 's/.*: //'; }
echo "| trace | instructions | hit ratio Malekeh | every operand (papers' counting) | hit ratio PR | bank reads/inst base | Malekeh | vs base | PR | vs base | IPC Malekeh / base | PR / base | STHLD per interval (Malekeh) | warps per sub-core: mean / max (Malekeh) |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|"
for f in "${traces[@]}"; do
    t=$(basename "$f"); t=${t%%.traceg*}
    for v in default:configs/default.cfg base:configs/examples/baseline.cfg pr:configs/examples/private.cfg; do
        name=${v%%:*}; cfg=${v#*:}
        if ! "$SIM" --config "$cfg" --trace "$f" --quiet --json "$tmp/$name.json" 2>"$tmp/err"; then
            echo "trace_table.sh: $t on $cfg: $(cat "$tmp/err")" >&2; exit 1
        fi
        [ -s "$tmp/err" ] && [ "$name" = default ] && cat "$tmp/err" >&2 # warnings, once a trace
    done
    n=$(get "$tmp/default.json" instructions)
    awk -v t="$t" -v n="$n" \
        -v hm="$(get "$tmp/default.json" hit_ratio)" -v hp="$(get "$tmp/pr.json" hit_ratio)" \
        -v ho="$(get "$tmp/default.json" hit_ratio_operands)" \
        -v bb="$(get "$tmp/base.json" bank_reads_per_inst)" \
        -v bm="$(get "$tmp/default.json" bank_reads_per_inst)" \
        -v bp="$(get "$tmp/pr.json" bank_reads_per_inst)" \
        -v ib="$(get "$tmp/base.json" ipc)" -v im="$(get "$tmp/default.json" ipc)" \
        -v ip="$(get "$tmp/pr.json" ipc)" \
        -v st="$(grep -o '"sthld_trace": \[[^]]*\]' "$tmp/default.json" | sed 's/.*\[//; s/\]//; s/,//g')" \
        -v wm="$(get "$tmp/default.json" warps_per_subcore)" -v wx="$(get "$tmp/default.json" warps_per_subcore_max)" \
        -v cc="$(grep -o '"ccus": "[0-9]*"' "$tmp/default.json" | head -1 | tr -dc 0-9)" \
        'BEGIN { if (st == "") st = "(shorter than one interval)";
                 w = sprintf("%.2f / %d%s", wm, wx, wx <= cc ? " (not more than ccus = " cc ": the CCU keys cannot matter)" : "")
                 printf "| %s | %d | %.1f %% | %.1f %% | %.1f %% | %.3f | %.3f | %+.1f %% | %.3f | %+.1f %% | %.3f | %.3f | %s | %s |\n",
                 t, n, 100*hm, 100*ho, 100*hp, bb, bm, 100*(bm/bb-1), bp, 100*(bp/bb-1), im/ib, ip/ib, st, w }'
done
