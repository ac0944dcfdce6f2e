#!/usr/bin/env bash
# collectors.sh OUTDIR CONFIG TRACE... - the collector-scaling table: the baseline OCUs
# (caching = off) and Malekeh with 1, 2, 4 and 8 collectors on every trace, on three
# machines: one sub-core (machine = subcore, today's machine), the preset GPU
# (machine = gpu) and the fewest SMs the kernel fills (machine = gpu, sm_fill = on). Runs
# the job list under GNU parallel (JOBS, default 2) and writes OUTDIR/collectors.csv and
# OUTDIR/collectors.md (per machine: IPC of each, the baseline's gain from 2 to 8
# collectors beside the long paper's +7.1 %, Malekeh's gain over the baseline of the same
# count; the geometric mean over the traces).
set -euo pipefail
[ $# -ge 3 ] || { echo "usage: eval/collectors.sh OUTDIR CONFIG TRACE..." >&2; exit 2; }
out=$1 cfg=$2; shift 2
ROOT=$(cd "$(dirname "$0")/.." && pwd)
SIM=$ROOT/build/malekeh-sim
[ -x "$SIM" ] || { echo "eval/collectors.sh: $SIM not built (make build)" >&2; exit 2; }
[ -r "$cfg" ] || { echo "eval/collectors.sh: $cfg: cannot read (expected a configuration)" >&2; exit 2; }
machines="subcore gpu gpu_fill"
counts="1 2 4 8"
mset() { case $1 in subcore) echo "--set machine=subcore" ;; gpu) echo "--set machine=gpu" ;;
                    gpu_fill) echo "--set machine=gpu --set sm_fill=on" ;; esac; }
rm -rf "$out/runs" && mkdir -p "$out/runs"
names=""
for t in "$@"; do
    [ -r "$t" ] || { echo "eval/collectors.sh: $t: cannot read (expected a trace file)" >&2; exit 2; }
    n=$(basename "$t"); n=${n%%.traceg*}; names="$names $n"
    for m in $machines; do
        for c in $counts; do
            echo "$SIM --config $cfg $(mset $m) --set caching=off --set ccus=$c --trace $t --quiet --json $out/runs/${n}__${m}__base$c.json 2>/dev/null"
            echo "$SIM --config $cfg $(mset $m) --set ccus=$c --trace $t --quiet --json $out/runs/${n}__${m}__mlk$c.json 2>/dev/null"
        done
    done
done > "$out/jobs.txt"
echo "collectors: $(wc -l < "$out/jobs.txt") runs"
parallel --will-cite --halt now,fail=1 -j "${JOBS:-2}" < "$out/jobs.txt"

get() { grep -o "\"$2\": [-0-9.e]*" "$1" | head -1 | sed 's/.*: //'; }
echo "machine,trace,variant,collectors,ipc,cycles,hit_ratio" > "$out/collectors.csv.tmp"
for m in $machines; do for n in $names; do for v in base mlk; do for c in $counts; do
    j=$out/runs/${n}__${m}__$v$c.json
    [ "$(get "$j" complete)" = 1 ] || { echo "eval/collectors.sh: $j: incomplete run" >&2; exit 2; }
    echo "$m,$n,$v,$c,$(get "$j" ipc),$(get "$j" cycles),$(get "$j" hit_ratio)"
done; done; done; done >> "$out/collectors.csv.tmp"
mv "$out/collectors.csv.tmp" "$out/collectors.csv"

awk -F, -v machines="$machines" '
NR == 1 { next }
{ ipc[$1, $2, $3, $4] = $5; if (!seen[$1, $2]++) tr[$1, ++nt[$1]] = $2 }
END {
    split(machines, ms, " ")
    desc["subcore"] = "one sub-core runs every block (machine = subcore)"
    desc["gpu"] = "the preset GPU (machine = gpu)"
    desc["gpu_fill"] = "the fewest SMs the kernel fills (machine = gpu, sm_fill = on)"
    for (k = 1; k <= 3; k++) {
        m = ms[k]
        printf "**%s**\n\n", desc[m]
        print "| trace | baseline IPC, 1 / 2 / 4 / 8 collectors | baseline 2 -> 8 | Malekeh IPC, 1 / 2 / 4 / 8 | Malekeh vs baseline, 1 / 2 / 4 / 8 |"
        print "|---|---|---|---|---|"
        for (g = 1; g <= 4; g++) { lb[g] = 0; lm[g] = 0 }
        l28 = 0
        for (i = 1; i <= nt[m]; i++) {
            t = tr[m, i]
            b = ""; mm = ""; vs = ""
            for (g = 1; g <= 4; g++) {
                c = 2 ^ (g - 1)
                x = ipc[m, t, "base", c]; y = ipc[m, t, "mlk", c]
                b = b (g > 1 ? " / " : "") sprintf("%.3f", x)
                mm = mm (g > 1 ? " / " : "") sprintf("%.3f", y)
                vs = vs (g > 1 ? " / " : "") sprintf("%+.1f %%", 100 * (y / x - 1))
                lb[g] += log(x); lm[g] += log(y)
            }
            r = ipc[m, t, "base", 8] / ipc[m, t, "base", 2]; l28 += log(r)
            printf "| %s | %s | %+.1f %% | %s | %s |\n", t, b, 100 * (r - 1), mm, vs
        }
        n = nt[m]; b = ""; mm = ""; vs = ""
        for (g = 1; g <= 4; g++) {
            b = b (g > 1 ? " / " : "") sprintf("%.3f", exp(lb[g] / n))
            mm = mm (g > 1 ? " / " : "") sprintf("%.3f", exp(lm[g] / n))
            vs = vs (g > 1 ? " / " : "") sprintf("%+.1f %%", 100 * (exp((lm[g] - lb[g]) / n) - 1))
        }
        printf "| geometric mean | %s | %+.1f %% | %s | %s |\n\n", b, 100 * (exp(l28 / n) - 1), mm, vs
    }
    print "The long paper (Accel-Sim, a full RTX 2060): the baseline gains +7.1 % IPC from 2 to 8 collectors."
}' "$out/collectors.csv" > "$out/collectors.md"
echo "collectors: $out/collectors.md, $out/collectors.csv"
