#!/usr/bin/env bash
# deps.sh - install what the project needs from Debian's packages, when it is missing.
# Root: runs apt-get. Not root: prints the exact command to run and exits 1.
# Each package and why: README.md, "Dependencies".
#   deps.sh            what every target needs
#   deps.sh --browser  also Debian's chromium, for `make plots-check` (optional; large)
set -eu
browser=0
case "${1:-}" in
    --browser) browser=1 ;;
    "") ;;
    *) echo "deps.sh: unknown option $1 (allowed: --browser)" >&2; exit 2 ;;
esac
need=()
have() { command -v "$1" >/dev/null 2>&1; }
have_pkg() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'ok installed'; }
have gcc       || need+=(gcc)
have g++       || need+=(g++)
have make      || need+=(make)
have verilator || need+=(verilator)
have yosys     || need+=(yosys)
have iverilog  || need+=(iverilog)
have sta       || need+=(opensta)
have gnuplot   || need+=(gnuplot-nox)
have parallel  || need+=(parallel)
have clang     || need+=(clang)
have xz        || need+=(xz-utils)
have python3   || need+=(python3)
[ -x /usr/bin/time ] || need+=(time)
[ "$browser" = 0 ] || have chromium || need+=(chromium)
have_pkg liblzma-dev      || need+=(liblzma-dev)
have_pkg zlib1g-dev       || need+=(zlib1g-dev)
have_pkg libfuzzer-14-dev || need+=(libfuzzer-14-dev)
if [ ${#need[@]} -eq 0 ]; then
    exit 0
fi
echo "deps: missing Debian packages: ${need[*]}"
if [ "$(id -u)" -eq 0 ]; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq || true
    apt-get install -y -qq "${need[@]}" >/dev/null
    echo "deps: installed ${need[*]}"
else
    echo "deps: not root; run:  sudo apt-get install -y ${need[*]}" >&2
    exit 1
fi
