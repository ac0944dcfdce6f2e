#!/usr/bin/env bash
# netlist_check.sh - the synthesized netlist behaves like the RTL (issue 12, item 5).
#
#   tests/netlist_check.sh [--config FILE] [--set k=v]... [--data-bits N] [--cycles N]
#                          [--seeds "1 2"] [--broken]
#
# 1. ccugen (no --debug) at a small data width (default 8) -> build/netlist/<prefix>/rtl.
# 2. Yosys `synth -flatten` to its generic gate cells ($_AND_, $_MUX_, $_DFF_PN0_, ...),
#    written as cell instances (write_verilog -noexpr); the cells' simulation models are
#    Yosys' own simcells.v. The RF banks stay a black box (an SRAM macro in a real flow,
#    as in synth/area.sh) and are simulated by their RTL model.
# 3. Lockstep co-simulation of the netlist against the C model, outputs only
#    (scripts/cosim.sh --rtl-dir ... --outputs-only), legal and adversarial.
# (A Yosys equiv_* proof RTL == netlist is not here yet: docs/verification.md says why.)
# --broken: flip one gate of the netlist first; the co-simulation must then FAIL (a check
# that the netlist run really compares). Prints PASS:/FAIL: lines (tests/run_tests.sh).
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
config=configs/default.cfg; sets=(); dbits=8; cycles=100000; seeds="1 2"; broken=0
while [ $# -gt 0 ]; do
    case "$1" in
        --config) config=$2; shift 2 ;;
        --set) sets+=(--set "$2"); shift 2 ;;
        --data-bits) dbits=$2; shift 2 ;;
        --cycles) cycles=$2; shift 2 ;;
        --seeds) seeds=$2; shift 2 ;;
        --broken) broken=1; shift ;;
        *) echo "netlist_check.sh: unknown argument '$1'" >&2; exit 2 ;;
    esac
done
YOSYS=${YOSYS:-yosys}
SIMCELLS=$(dirname "$(command -v "$YOSYS")")/../share/yosys/simcells.v
[ -f "$SIMCELLS" ] || { echo "FAIL: netlist: Yosys simcells.v not found"; exit 1; }
make -s build/ccugen >/dev/null || { echo "FAIL: netlist: build/ccugen"; exit 1; }
sets=(--config "$config" "${sets[@]}" --set "data_bits=$dbits")

# --- 1. RTL (cached while unchanged) -------------------------------------------------------
mkdir -p build/netlist
tmp=$(mktemp -d build/netlist/.gen.XXXXXX)
out=$(./build/ccugen "${sets[@]}" --out "$tmp/rtl") || { rm -rf "$tmp"; echo "FAIL: netlist: ccugen"; exit 1; }
top=$(echo "$out" | sed -n 's/.*(top \([A-Za-z0-9_]*\)).*/\1/p'); p=${top%_subcore}
d=build/netlist/$p; [ "$broken" = 1 ] && d=${d}_broken
mkdir -p "$d"
if [ -d "$d/rtl" ] && diff -rq -I 'Generator:' "$tmp/rtl" "$d/rtl" >/dev/null; then rm -rf "$tmp"
else rm -rf "$d/rtl" "$d/gl" "$d/gate.v"; mv "$tmp/rtl" "$d/rtl"; rmdir "$tmp"; fi
rtl_files=$(sed -n "s|^\${MLK_RTL}/\(.*\.v\)$|$d/rtl/\1|p" "$d/rtl/files.f" | grep -v '_rf_bank\.v$' | tr '\n' ' ')
rf=$d/rtl/${p}_rf_bank.v

# --- 2. synthesis ------------------------------------------------------------------------
# --broken reuses the netlist of the unbroken run when its RTL is the same
u=build/netlist/$p
if [ "$broken" = 1 ] && [ ! -s "$d/gate.v" ] && [ -s "$u/gate.v" ] &&
   diff -rq -I 'Generator:' "$u/rtl" "$d/rtl" >/dev/null 2>&1; then
    cp "$u/gate.v" "$u/synth_stat.txt" "$d/"
fi
if [ ! -s "$d/gate.v" ]; then
    t0=$SECONDS
    cat >"$d/synth.ys" <<YS
read_verilog -lib $rf
read_verilog $rtl_files
synth -top $top -flatten
opt_clean -purge
tee -o $d/synth_stat.txt stat
write_verilog -noattr -noexpr $d/gate.v
YS
    nice -n 10 "$YOSYS" -q -l "$d/synth.log" "$d/synth.ys" >/dev/null 2>&1 ||
        { echo "FAIL: netlist: yosys synthesis failed, see $d/synth.log"; exit 1; }
    echo "netlist: synthesized $top in $((SECONDS - t0)) s: $(sed -n 's/^ *Number of cells: *//p' "$d/synth_stat.txt" | head -1) cells"
fi
cells=$(sed -n 's/^ *Number of cells: *//p' "$d/synth_stat.txt" | head -1)
flops=$(awk '/\$_(S?DFF|DFFE|SDFF)[A-Z0-9_]*_ /{n+=$2} END{print n+0}' "$d/synth_stat.txt")

# the netlist directory cosim.sh takes: header of the RTL top (configuration hash), gates,
# the RF bank model, the cell models
mkdir -p "$d/gl" "$d/gl.new"
{ sed -n '1,/^$/p' "$d/rtl/$top.v" | grep '^//'; cat "$d/gate.v"; } >"$d/gl.new/$top.v"
if [ "$broken" = 1 ]; then
    # one AND gate of the netlist becomes an OR
    n=$(grep -n '^ *\\\$_AND_ ' "$d/gl.new/$top.v" | sed -n '7p' | cut -d: -f1)
    sed -i "${n}s/\\\\\$_AND_ /\\\\\$_OR_ /" "$d/gl.new/$top.v"
fi
cp "$rf" "$d/gl.new/"; cp "$SIMCELLS" "$d/gl.new/simcells.v"
# a file list in ccugen's form: ${MLK_RTL}/<file> (scripts/cosim.sh reads it so)
printf '${MLK_RTL}/%s\n' "${p}_rf_bank.v" simcells.v "$top.v" >"$d/gl.new/files.f"
# replace only what changed, so the cached co-simulation binary stays valid
for f in "$d"/gl.new/*; do cmp -s "$f" "$d/gl/${f##*/}" || mv "$f" "$d/gl/"; done
rm -rf "$d/gl.new"

fail=0
# --- 3. lockstep co-simulation, outputs only ---------------------------------------------
if true; then
    for s in $seeds; do
        for mode in legal adversarial; do
            log=$(nice -n 10 bash scripts/cosim.sh --rtl-dir "$d/gl" --outputs-only "${sets[@]}" \
                  --mode $mode --cycles "$cycles" --seed "$s" 2>&1)
            rc=$?
            if [ "$broken" = 1 ]; then
                if [ "$rc" = 1 ] && echo "$log" | grep -q 'first mismatch'; then
                    echo "PASS: netlist broken: a flipped gate is caught ($mode seed $s: $(echo "$log" | grep -m1 '  cycle' | sed 's/^ *//'), $(echo "$log" | grep -m1 '  signal' | sed 's/^ *//'))"
                else
                    echo "FAIL: netlist broken: a flipped gate was NOT caught ($mode seed $s, exit $rc)"; fail=1
                fi
                break 2
            fi
            if [ "$rc" = 0 ]; then
                echo "PASS: netlist cosim: $(echo "$log" | grep -m1 '^cosim: PASS' | sed 's/^cosim: PASS //') (gate netlist of $top)"
            else
                echo "FAIL: netlist cosim $mode seed $s: exit $rc"; echo "$log" | grep -v '^cov ' | head -20; fail=1
            fi
        done
    done
fi
exit "$fail"
