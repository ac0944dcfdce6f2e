# eval/trace_list.sh - sourced by the per-trace tables (eval/writeside.sh, eval/leakage.sh):
# builds malekeh-sim, sets SIM and the array `traces` (the arguments, or every trace of
# $WORKLOADS, default ../shared/workloads: none there prints that the table is skipped and
# exits 0), checks each is readable (else one line, exit 2), and defines get FILE KEY (the
# first number of "KEY" in a run's JSON). Needs ROOT and NAME (the script, for messages).
SIM=$ROOT/build/malekeh-sim
make -s -C "$ROOT" build/malekeh-sim >/dev/null
traces=("$@")
if [ ${#traces[@]} -eq 0 ]; then
    WL=${WORKLOADS:-$ROOT/../shared/workloads}
    ls "$WL"/*.traceg >/dev/null 2>&1 || { echo "$NAME: no traces in $WL: skipped"; exit 0; }
    traces=("$WL"/*.traceg)
fi
for t in "${traces[@]}"; do [ -r "$t" ] || { echo "$NAME: $t: cannot read the trace" >&2; exit 2; }; done
get() { grep -o "\"$2\": [-0-9.e]*" "$1" | head -1 | sed 's/.*: //'; }
