#!/usr/bin/env bash
# formal_quick.sh - the quick formal checks `make test` runs (each prints PASS:/FAIL:):
# BMC of the tiny configuration (C=1 E=3 S=2 B=1 W=1 R=4, data_bits=1) from reset, its
# k-induction proof (invariants 1, 2, 3, 5, 7 and the OCT/lock ones), and the
# broken RTL (a locked entry may be the LRU victim) giving a counterexample with a VCD;
# the BMC and the broken RTL with both engines (Yosys sat, ABC bmc3: formal/run.sh --engine).
set -u
cd "$(dirname "$0")/.."
TINY=(--set ccus=1 --set entries=3 --set slots=2 --set banks=1 --set warps=1 --set regs=4
      --set data_bits=1 --set wb_ports=1 --set tag_bits=1 --set interval=4 --set sthld_max=3
      --set sthld_step=1)
rc=0
bash formal/run.sh --name quick_tiny "${TINY[@]}" --bmc "${FORMAL_QUICK_DEPTH:-8}" || rc=1
bash formal/run.sh --name quick_tiny_ind "${TINY[@]}" --induct 4 || rc=1
bash formal/run.sh --name quick_broken "${TINY[@]}" --broken --bmc 12 || rc=1
bash formal/run.sh --name quick_tiny_abc "${TINY[@]}" --engine abc --bmc 12 || rc=1
bash formal/run.sh --name quick_broken_abc "${TINY[@]}" --engine abc --broken --bmc 12 || rc=1
exit "$rc"
