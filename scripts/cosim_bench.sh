#!/usr/bin/env bash
# cosim_bench.sh [N] - co-simulation speed on configs/default.cfg over N cycles (default
# 200000): model+driver alone, the Verilated RTL alone (driven with the recorded inputs,
# no model, no compare) and the lockstep co-simulation, in cycles per second.
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
exec bash scripts/cosim.sh --config configs/default.cfg --bench "${1:-200000}"
