#!/usr/bin/env bash
# bench.sh - the project's benchmarks (not tests): model speed, and co-simulation speed
# when that benchmark exists. Prints its figures.
set -eu
b=build/bench-model
$b --config configs/default.cfg --cycles 200000 --label "default (C2 E8 S6 B2 W8)"
$b --config configs/default.cfg --set data_bits=32 --set warps=4 --set ccus=2 --set entries=4 \
   --set slots=3 --cycles 1000000 --label "small (C2 E4 S3 B2 W4)"
if [ -x scripts/cosim_bench.sh ]; then bash scripts/cosim_bench.sh; fi
bash bench/sim_trace_bench.sh
