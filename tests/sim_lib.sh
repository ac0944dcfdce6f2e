# shellcheck shell=bash
# sim_lib.sh - the start shared by the malekeh-sim test scripts (sim_nodata.sh,
# trace_runs.sh); sourced, not run.
# sim_setup NAME: enter the repository and set ROOT (its path), SIM (build/malekeh-sim,
# built here: on failure one "FAIL: NAME: build ..." line and exit 1), WL (the shared
# workloads folder, $WORKLOADS overrides) and tmp (a fresh folder removed on exit).
# shellcheck disable=SC2034 # WL and the others are for the calling script
sim_setup() {
    ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
    cd "$ROOT" || exit 1
    SIM=build/malekeh-sim
    WL=${WORKLOADS:-$ROOT/../shared/workloads}
    make -s "$SIM" >/dev/null || { echo "FAIL: $1: build $SIM"; exit 1; }
    tmp=$(mktemp -d)
    trap 'rm -rf "$tmp"' EXIT
}

# get FILE MEMBER: the first number of the JSON member "MEMBER" in FILE.
get() { grep -o "\"$2\": [-0-9.e]*" "$1" | head -1 | sed 's/.*: //'; }
