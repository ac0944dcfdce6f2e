#!/usr/bin/env bash
# formal/run.sh - formal proof of the contract's invariants on one configuration's RTL.
#
#   formal/run.sh --name NAME [--config FILE] [--set k=v]... [--bmc N] [--induct K]
#                 [--broken] [--no-inv6] [--timeout S]
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
# --no-inv6: leave out the FIFO conservation/overflow assertions (not inductive on their own:
# the FIFO entries behind the head are not in dbg_state_o; they are checked by BMC).
# --broken: the D-7 victim choice of ccu_ctrl may take a LOCKED entry (a sed on the
# generated file); expected: a BMC counterexample, VCD in NAME/bmc.vcd.
# Prints one PASS:/FAIL: line per check (tests/run_tests.sh protocol); exit 0 iff all pass
# (with --broken: iff the counterexample is found).
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
name=""; sets=(); bmc=0; induct=0; broken=0; tmo=1800; fw=()
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
        *) echo "formal/run.sh: unknown argument '$1'" >&2; exit 2 ;;
    esac
done
[ -n "$name" ] || { echo "formal/run.sh: --name is required" >&2; exit 2; }
make -s build/ccugen build/fwrap >/dev/null || { echo "FAIL: formal $name: build"; exit 1; }
d=build/formal/$name
rm -rf "$d"; mkdir -p "$d"
out=$(./build/ccugen "${sets[@]}" --debug --out "$d/rtl") || { echo "FAIL: formal $name: ccugen"; exit 1; }
top=$(echo "$out" | sed -n 's/.*(top \([A-Za-z0-9_]*\)).*/\1/p'); p=${top%_subcore}
./build/fwrap "${sets[@]}" "${fw[@]}" --top "$d/rtl/$top.v" >"$d/${p}_formal.v" || { echo "FAIL: formal $name: fwrap"; exit 1; }
if [ "$broken" = 1 ]; then
    ctrl=$d/rtl/${p}_ccu_ctrl.v
    sed -i 's/if (!hit_v && !lock\[k\] && !beaten)/if (!hit_v \&\& !beaten)/' "$ctrl"
    grep -q 'if (!hit_v && !beaten)' "$ctrl" || { echo "FAIL: formal $name: the sed found no LRU victim choice"; exit 1; }
fi
# the RF bank stub: same ports, free read data
rf=$d/rtl/${p}_rf_bank.v
dw=$(sed -n 's/.*output *wire *\(\[[0-9]*:0\]\) *rdata_o.*/\1/p' "$rf")
{ echo "// formal stub of ${p}_rf_bank: the read data is free every cycle"
  sed -n '/^module/,/^);/p' "$rf"
  echo "  (* anyseq *) wire $dw any_data;"
  echo "  assign rdata_o = any_data;"
  echo "endmodule"; } >"$d/rf_stub.v"
# the LFSR stub: `lfsr % N` (the D-7/D-9 start indexes) becomes any value below N every
# cycle (z3 chokes on the modulo circuit; the proofs then hold for any start sequence)
lf=$d/rtl/${p}_lfsr.v
sed -e "s/^\( *\)wire \(\[[0-9]*:0\]\) \(mod_[a-z]*\) = lfsr_q % \([0-9]*'d[0-9]*\);/\1(* anyseq *) wire \2 \3;\n\1always @* assume(\3 < \4);/" "$lf" >"$d/lfsr_stub.v"
grep -q 'anyseq' "$d/lfsr_stub.v" || { echo "FAIL: formal $name: the LFSR stub sed found no 'lfsr_q %'"; exit 1; }
files=$(grep '\.v$' "$d/rtl/files.f" | grep -v '_rf_bank\.v$' | grep -v '_lfsr\.v$' | sed "s|^|$d/rtl/|" | tr '\n' ' ')
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
fail=0
# prove RUN SAT_OPTIONS...: Yosys' SAT solver on the model; log $d/RUN.log, VCD $d/RUN.vcd
prove() {
    local n=$1; shift
    local t0=$SECONDS
    { cat "$d/model.ys"; echo "sat $* -prove-asserts -set-assumes -show-public -dump_vcd $d/$n.vcd"; } >"$d/$n.ys"
    rm -f "$d/$n.vcd"
    timeout "$tmo" nice -n 10 yosys -q -l "$d/$n.log" "$d/$n.ys" >/dev/null 2>&1
    local rc=$?
    secs=$((SECONDS - t0))
    return $rc
}
# the assertions false in the last step of a counterexample (names from the wrapper comments)
failed_props() {
    python3 formal/cex.py "$d/${p}_formal.v" "$d/$1.log" 2>/dev/null | head -3 | tr '\n' ';'
}
if [ "$broken" = 1 ]; then
    n=$bmc; [ "$n" = 0 ] && n=20
    prove bmc -seq "$n"
    if grep -q 'SAT proof finished - model found: FAIL' "$d/bmc.log" && [ -s "$d/bmc.vcd" ]; then
        echo "PASS: formal $name: broken RTL (a locked entry may be the LRU victim) gives a counterexample within $n cycles: $(failed_props bmc) ${secs}s; VCD $d/bmc.vcd"
    else
        echo "FAIL: formal $name: broken RTL gave no counterexample in $n cycles (see $d/bmc.log)"; fail=1
    fi
    exit "$fail"
fi
if [ "$bmc" != 0 ]; then
    if prove bmc -seq "$bmc" && grep -q 'SAT proof finished - no model found: SUCCESS' "$d/bmc.log"; then
        echo "PASS: formal $name: BMC $bmc cycles from reset, $nasserts assertions hold ($cfgline; ${secs}s)"
    else
        echo "FAIL: formal $name: BMC $bmc cycles: $(failed_props bmc) (VCD $d/bmc.vcd, log $d/bmc.log)"; fail=1
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
