#!/usr/bin/env bash
# mutate_guard.sh - the cheap part of mutation testing that `make test` runs:
#  1. every line of mutate/catalogue.txt applies to the current tree (its original text
#     occurs exactly once), so the catalogue cannot rot when code moves;
#  2. the seven holes of issue 12 are killed: H1, H2 (RTL: the FSM's S/L boundary at
#     equality, the upper STHLD clamp) by the co-simulation of the FSM directed
#     configuration, H3..H7 (model: next-LFSR victims at allocation and port D, owners
#     counted busy only, greedy = last offered, FSM counting offered) by the C tests.
# Two mutants at a time (the machine's 2 cores). Prints PASS:/FAIL: lines.
set -u
cd "$(dirname "$0")/.."
python3 mutate/mut.py check mutate/catalogue.txt "$PWD" || exit 1
bash mutate/run.sh --runs fsm --jobs 2 H1 H2 H3 H4 H5 H6 H7
