#!/usr/bin/env bash
# formal/run.sh - formal proof of the contract's invariants on one configuration's RTL.
#
#   formal/run.sh --name NAME [--config FILE] [--set k=v]... [--bmc N] [--induct K]
#                 [--engine sat|abc] [--broken] [--no-inv6] [--timeout S]
#
# RTL: ccugen --debug -> build/formal/NAME/rtl. Properties: formal/fwrap (from the
# configuration and the model's dbg_state_o field table) -> build/formal/NAME/<p>_formal.v.
# The RF banks are replaced by a formal stub whose read data is free every cycle (anyseq):
# the proofs hold for any register contents; the LFSR's `mod N` start indexes are free
# below N (any start sequence). Flow: Yosys read_verilog -formal, prep, flatten, memory,
# async2sync (the async reset becomes a synchronous one with the same values), then Yosys'
# own SAT solver (`sat`; yosys-smtbmc with z3 4.8 stalls on this design, docs/verification.md):
#   --bmc N     bounded model check from reset: every assertion in cycles 1..N
#               (sat -seq N; a counterexample goes to NAME/bmc.vcd)
#   --induct K  temporal k-induction up to K (sat -tempinduct -maxsteps K): base case
#               from reset and induction step for k = 1, 2, ... K
# --engine abc: the BMC (--bmc, --broken) runs in ABC instead (yosys-abc, shipped with Yosys):
# the same model bit-blasted to AIGER (write_aiger -zinit; the assumptions become AIGER
# constraints, the assertions bad-state outputs; the anyseq values become inputs first, so a
# counterexample replays), then `fold; bmc3 -F N` (frames 0..N-1 = cycles 1..N of sat -seq N).
# A counterexample is replayed by Yosys `sim` into NAME/bmc.vcd. ABC reaches deeper than
# `sat` on the default configuration (docs/verification.md). --induct needs --engine sat.
# --no-inv6: leave out the FIFO conservation/overflow assertions (not inductive on their own:
# the FIFO entries behind the head are not in dbg_state_o; they are checked by BMC).
# --broken: the D-7 victim choice of ccu_ctrl may take a LOCKED entry (a sed on the
# generated file); expected: a BMC counterexample, VCD in NAME/bmc.vcd.
# Clock gating: the RTL is generated with clock_gating = off unless the caller sets the key.
# Yosys' sat steps every flip-flop each cycle whatever its clock, so a flip-flop behind a
# clock gate (<prefix>_clk_gate) would be proved as if its gate were always open (a false
# counterexample: the operand capture reloads while its unit is busy). The gated RTL differs
# from the proved one only in those registers (enable -> gated clock) and is checked against
# the model by the lockstep co-simulation (docs/verification.md).
# Prints one PASS:/FAIL: line per check (tests/run_tests.sh protocol); exit 0 iff all pass
# (with --broken: iff the counterexample is found).
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
name=""; sets=(--set clock_gating=off); bmc=0; induct=0; broken=0; tmo=1800; fw=(); engine=sat
while [ $# -gt 0 ]; do
    case "$1" in
        --name) name=$2; shift 2 ;;
        --config) sets+=(--config "$2"); shift 2 ;;
        --set) sets+=(--set "$2"); shift 2 ;;
        --bmc) bmc=$2; shift 2 ;;
        --induct) induct=$2; shift 2 ;;
        --broken) broken=1; shift ;;
        --no-inv6) fw+=(--no-inv6); shift ;;
        --timeout) tmo=$2; shift 2 ;;
        --engine) engine=$2; shift 2 ;;
        *) echo "formal/run.sh: unknown argument '$1'" >&2; exit 2 ;;
    esac
done
[ -n "$name" ] || { echo "formal/run.sh: --name is required" >&2; exit 2; }
case "$engine" in
    sat) ;;
    abc) [ "$induct" = 0 ] || { echo "formal/run.sh: --induct needs --engine sat (abc: BMC only)" >&2; exit 2; } ;;
    *) echo "formal/run.sh: unknown engine '$engine' (expected sat or abc)" >&2; exit 2 ;;
esac
make -s build/ccugen build/fwrap >/dev/null || { echo "FAIL: formal $name: build"; exit 1; }
d=build/formal/$name
rm -rf "$d"; mkdir -p "$d"
out=$(./build/ccugen "${sets[@]}" --debug --out "$d/rtl") || { echo "FAIL: formal $name: ccugen"; exit 1; }
top=$(echo "$out" | sed -n 's/.*(top \([A-Za-z0-9_]*\)).*/\1/p'); p=${top%_subcore}
./build/fwrap "${sets[@]}" "${fw[@]}" >"$d/${p}_formal.v" || { echo "FAIL: formal $name: fwrap"; exit 1; }
if [ "$broken" = 1 ]; then
    ctrl=$d/rtl/${p}_ccu_ctrl.v
    sed -i 's/lru\[k\] = !lock\[k\] && !beaten;/lru[k] = !beaten;/' "$ctrl"
    grep -q 'lru\[k\] = !beaten;' "$ctrl" || { echo "FAIL: formal $name: the sed found no LRU victim choice"; exit 1; }
fi
# the RF bank stub: same ports, free read data
rf=$d/rtl/${p}_rf_bank.v
dw=$(sed -n 's/.*output *wire *\(\[[0-9]*:0\]\) *rdata_o.*/\1/p' "$rf")
{ echo "// formal stub of ${p}_rf_bank: the read data is free every cycle"
  sed -n '/^module/,/^);/p' "$rf"
  echo "  (* anyseq *) wire $dw any_data;"
  echo "  assign rdata_o = any_data;"
  echo "endmodule"; } >"$d/rf_stub.v"
# the LFSR stub: `lfsr mod N` of the next LFSR value (the D-7/D-9 start indexes, registered;
# a line `wire [15:0] mod_X = ...;   // mod_X < N`) becomes any value below N every
# cycle (z3 chokes on the modulo circuit; the proofs then hold for any start sequence)
lf=$d/rtl/${p}_lfsr.v
sed -e "s/^\( *\)wire \(\[[0-9]*:0\]\) *\(mod_[a-z]*\) *= .*; *\/\/ mod_[a-z]* < \([0-9]*'d[0-9]*\)$/\1(* anyseq *) wire \2 \3;\n\1always @* assume(\3 < \4);/" "$lf" >"$d/lfsr_stub.v"
grep -q 'anyseq' "$d/lfsr_stub.v" || { echo "FAIL: formal $name: the LFSR stub sed found no 'wire [15:0] mod_N = ...;   // mod_N < BOUND' line"; exit 1; }
files=$(sed -n "s|^\${MLK_RTL}/\(.*\.v\)$|$d/rtl/\1|p" "$d/rtl/files.f" | grep -v '_rf_bank\.v$' | grep -v '_lfsr\.v$' | tr '\n' ' ')
cat >"$d/model.ys" <<YS
read_verilog -formal $d/${p}_formal.v
read_verilog -formal $d/rf_stub.v
read_verilog -formal $d/lfsr_stub.v
read_verilog $files
prep -top ${p}_formal
flatten; memory; opt -fast
async2sync
opt_clean
design -save model
YS
nasserts=$(grep -c 'assert(' "$d/${p}_formal.v")
cfgline=$(sed -n 's/^\/\/   \(ccus\|entries\|slots\|banks\|warps\|regs\|data_bits\) = \([0-9]*\)$/\1=\2/p' "$d/${p}_formal.v" | tr '\n' ' ')
fail=0; prc=0
# prove RUN SAT_OPTIONS...: Yosys' SAT solver on the model; log $d/RUN.log, VCD $d/RUN.vcd
prove() {
    local n=$1; shift
    local t0=$SECONDS
    { cat "$d/model.ys"; echo "sat $* -prove-asserts -set-assumes -show-public -dump_vcd $d/$n.vcd"; } >"$d/$n.ys"
    rm -f "$d/$n.vcd"
    timeout "$tmo" nice -n 10 yosys -q -l "$d/$n.log" "$d/$n.ys" >/dev/null 2>&1
    prc=$?
    secs=$((SECONDS - t0))
    return $prc
}
# prove_abc RUN N: ABC's bmc3 to N frames on the AIGER model; log $d/RUN.log; a
# counterexample goes to $d/RUN.aiw and, replayed by Yosys sim, to $d/RUN.vcd (log $d/RUN_sim.log)
prove_abc() {
    local n=$1 depth=$2 t0=$SECONDS
    { cat "$d/model.ys"
      echo 'expose -input t:$anyseq %x:+[Y] t:$anyseq %d'
      echo "opt_clean; write_rtlil $d/aig_prep.il"
      echo "techmap; opt -fast; simplemap; dffunmap; abc -g AND -fast; opt_clean"
      echo "write_aiger -I -B -zinit -map $d/model.aim $d/model.aig"; } >"$d/aig.ys"
    rm -f "$d/$n.vcd" "$d/$n.aiw"
    timeout "$tmo" nice -n 10 yosys -q -l "$d/aig.log" "$d/aig.ys" >/dev/null 2>&1 || { prc=$?; secs=$((SECONDS - t0)); return $prc; }
    timeout "$tmo" nice -n 10 yosys-abc -c "read_aiger $d/model.aig; fold; strash; bmc3 -F $depth -v; write_cex -a $d/$n.aiw" >"$d/$n.log" 2>&1
    prc=$?
    if grep -q 'was asserted in frame' "$d/$n.log"; then abc_replay "$n"; fi
    secs=$((SECONDS - t0))
    return $prc
}
# abc_replay RUN: ABC's witness (no header; the latch line also holds fold's extra latches)
# -> an AIGER witness of the written model -> Yosys sim on the pre-AIGER design -> VCD
abc_replay() {
    local n=$1 nl ni
    read -r _ _ ni nl _ < <(head -1 "$d/model.aig")
    { echo 1; echo b0; head -1 "$d/$n.aiw" | cut -c1-"$nl"
      sed -n '2,$p' "$d/$n.aiw" | sed 's/#.*//' | grep -v '^$' | cut -c1-"$ni"; echo .; } >"$d/$n.fixed.aiw"
    timeout "$tmo" yosys -l "$d/${n}_sim.log" -p "read_rtlil $d/aig_prep.il; sim -clock clk_i -r $d/$n.fixed.aiw -map $d/model.aim -scope ${p}_formal -vcd $d/$n.vcd" >/dev/null 2>&1
}
# the assertions false in the last step of a counterexample (names from the wrapper comments)
failed_props() {
    if [ "$engine" = abc ]; then
        local f=$(sed -n 's/.*was asserted in frame \([0-9]*\).*/\1/p' "$d/$1.log" | head -1)
        sed -n "s/.*Assert .*(.*_formal\.v:\([0-9]*\)\..*failed.*/\1/p" "$d/${1}_sim.log" 2>/dev/null | sort -un | head -3 |
            while read -r l; do echo "cycle $((f + 1)): $(sed -n "${l}s/.*\/\/ *//p" "$d/${p}_formal.v")"; done | tr '\n' ';'
        return
    fi
    python3 formal/cex.py "$d/${p}_formal.v" "$d/$1.log" 2>/dev/null | head -3 | tr '\n' ';'
}
# bmc_run N: the BMC of the chosen engine; 0 iff every assertion holds in cycles 1..N
bmc_run() {
    if [ "$engine" = abc ]; then
        prove_abc bmc "$1" && grep -q "No output asserted in $1 frames" "$d/bmc.log"
    else
        prove bmc -seq "$1" && grep -q 'SAT proof finished - no model found: SUCCESS' "$d/bmc.log"
    fi
}
# bmc_cex: whether the last BMC found a counterexample with a VCD (abc: one that Yosys sim,
# replaying it on the pre-AIGER design, confirms by an assertion failing)
bmc_cex() {
    if [ "$engine" = abc ]; then
        grep -q 'was asserted in frame' "$d/bmc.log" && grep -q 'Assert .* failed' "$d/bmc_sim.log"
    else grep -q 'SAT proof finished - model found: FAIL' "$d/bmc.log"; fi && [ -s "$d/bmc.vcd" ]
}
if [ "$broken" = 1 ]; then
    n=$bmc; [ "$n" = 0 ] && n=20
    bmc_run "$n"
    if bmc_cex; then
        echo "PASS: formal $name: broken RTL (a locked entry may be the LRU victim) gives a counterexample within $n cycles ($engine): $(failed_props bmc) ${secs}s; VCD $d/bmc.vcd"
    else
        echo "FAIL: formal $name: broken RTL gave no counterexample in $n cycles (see $d/bmc.log)"; fail=1
    fi
    exit "$fail"
fi
if [ "$bmc" != 0 ]; then
    if bmc_run "$bmc"; then
        echo "PASS: formal $name: BMC $bmc cycles from reset ($engine), $nasserts assertions hold ($cfgline; ${secs}s)"
    else
        if [ "$prc" = 124 ]; then
            echo "FAIL: formal $name: BMC $bmc cycles ($engine) not finished in ${tmo}s (--timeout; log $d/bmc.log)"
        else
            echo "FAIL: formal $name: BMC $bmc cycles ($engine): $(failed_props bmc) (VCD $d/bmc.vcd, log $d/bmc.log)"
        fi
        fail=1
    fi
fi
if [ "$induct" != 0 ]; then
    prove induct -tempinduct -maxsteps "$induct"
    if grep -q 'Induction step proven: SUCCESS' "$d/induct.log"; then
        k=$(grep -c 'Induction step failed' "$d/induct.log"); k=$((k + 1))
        echo "PASS: formal $name: proved by induction (k=$k), $nasserts assertions, every input sequence ($cfgline; ${secs}s)"
    elif grep -q 'model found for base case: FAIL' "$d/induct.log"; then
        echo "FAIL: formal $name: counterexample from reset: $(failed_props induct) (VCD $d/induct.vcd)"; fail=1
    else
        echo "FAIL: formal $name: not inductive within k=$induct (no counterexample from reset up to that depth; stronger invariants needed; log $d/induct.log)"; fail=1
    fi
fi
exit "$fail"
