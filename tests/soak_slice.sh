#!/usr/bin/env bash
# soak_slice.sh - the bounded slice of the configuration fuzzer that `make test` runs:
# scripts/soak.sh with a fixed seed (so CI is reproducible; `make soak` draws new ones),
# 2 random small valid configurations (--small: quick Verilator builds), 10,000 lockstep
# cycles each. Its output names the
# configuration of every run and, on a failure, the command that reproduces it.
set -u
cd "$(dirname "$0")/.."
if out=$(bash scripts/soak.sh --runs 2 --small --seed 20261126 --cycles 10000 2>&1); then
    echo "$out" | grep '^soak: run' | sed 's/^soak: run [0-9]* PASS/PASS: soak_slice/'
else
    echo "$out" | tail -n 30
    echo "FAIL: soak_slice (the command above reproduces it)"
    exit 1
fi
