#!/usr/bin/env bash
# quick_sta.sh - quick register-to-register timing estimate of one configuration on sky130 HD
# (tt_025C_1v80): Yosys synth -flatten + dfflibmap + abc -D <the synthesis target of
# constraints/default.sdc> (synth/abc_delay.abc), then OpenSTA.
# The RF banks are replaced by a register-only stub (an SRAM macro in a real flow).
# Usage: bash synth/quick_sta.sh [CONFIG] [data_bits] [more --set key=value ...]
# Prints the worst reg->reg path in ps and in FO4 (FO4 measured here: inv_1 driving 4 inv_1).
#        bash synth/quick_sta.sh --sweep   one line per configuration of tests/gen_sweep.sh --list
#        (data_bits 16 unless the line sets it; minutes per configuration).
# Needs build/ccugen (make build). Environment: QUICK_STA_REPORT=file (the OpenSTA report,
# default /tmp/quick_sta_last.rpt), QUICK_STA_KEEP=1 (keep the work directory),
# QUICK_STA_NAMES=1 QUICK_STA_ENDPOINTS=N (keep net names; list the worst arrival per
# register over the N worst endpoints). A quick estimate, not sign-off: no placement, no
# wires, ABC's own buffering and sizing only (the sta branch builds the real flow).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = "--sweep" ]; then
    bash tests/gen_sweep.sh --list | while read -r line; do
        # shellcheck disable=SC2086
        r=$(bash "$0" configs/default.cfg 16 $line 2>/dev/null | grep 'worst reg->reg' || echo "worst reg->reg path = FAILED")
        echo "sweep [${line:-default}] ${r#worst reg->reg path = }"
    done
    exit 0
fi
CFG=${1:-configs/default.cfg}; DWB=${2:-16}; shift $(( $# > 2 ? 2 : $# )) || true
LIBGZ=${QUICK_STA_LIB:-../shared/pdk/sky130_fd_sc_hd__tt_025C_1v80.lib.gz}
[ -r "$LIBGZ" ] || { echo "quick_sta: $LIBGZ: not found (sky130 HD liberty; set QUICK_STA_LIB)" >&2; exit 2; }
TMP=$(mktemp -d /tmp/quick_sta.XXXXXX); [ -n "${QUICK_STA_KEEP:-}" ] || trap 'rm -rf "$TMP"' EXIT
lname=$(basename "${LIBGZ%.gz}")
gzip -cdf "$LIBGZ" > "$TMP/$lname"; ln -s "$lname" "$TMP/hd.lib"
# Yosys maps onto hd.map.lib: the library less its dont_use cells (synth/dont_use.sh; $DONT_USE
# or, by default, ../shared/pdk's area.dontuse list); OpenSTA reads the full hd.lib. Constants
# stay assigns (no hilomap: sky130 HD's tie cell conb_1 is on that list)
. synth/dont_use.sh
dont_use_map "$TMP/$lname" "$TMP/hd.map.lib" "${DONT_USE:-}" || exit 2
printf "set_driving_cell sky130_fd_sc_hd__inv_2\nset_load 0.017\n" > "$TMP/abc.sdc"
# QUICK_STA_NAMES=1 keeps net names (diagnosis; a few alias assigns are then lost)
purge=-purge; fields=""; [ -n "${QUICK_STA_NAMES:-}" ] && { purge=""; fields="-fields {nets fanout}"; }
# synth/sta.sh's delay-oriented ABC script
. synth/sdc.sh
QTGT=$(( $(sdc_period_ps constraints/default.sdc) * $(sdc_target_pct constraints/default.sdc) / 100 ))
sed -e "s/{D}/-D $QTGT/g" -e "s/{N}/8/g" synth/abc_delay.abc > "$TMP/abc.script"
sets=(--set "data_bits=$DWB"); for a in "$@"; do sets+=(--set "$a"); done
"${QUICK_STA_CCUGEN:-build/ccugen}" --config "$CFG" "${sets[@]}" --out "$TMP/rtl" >/dev/null
top=$(cd "$TMP/rtl" && ls *_subcore.v | sed 's/\.v$//'); pre=${top%_subcore}
# register-only RF stub: keeps the addr/wdata -> rdata register paths, no array; the
# address enters a register directly (like synth/rf_bank_model.sh's flip-flop model of a
# macro: setup at the pins), with no reduction tree in front of it
AW=$(sed -n 's/.*input  *wire *\[\([0-9]*\):0\] *addr_i.*/\1/p' "$TMP/rtl/${pre}_rf_bank.v")
cat > "$TMP/rtl/${pre}_rf_bank.v" <<V
module ${pre}_rf_bank #(parameter X = 0) (input wire clk_i, input wire we_i, input wire re_i,
  input wire [$AW:0] addr_i,
  input wire [$((DWB-1)):0] wdata_i, output wire [$((DWB-1)):0] rdata_o);
  reg [$((DWB-1)):0] q;
  reg [$AW:0] aq;
  always @(posedge clk_i) begin
    aq <= addr_i;
    if (re_i) q <= wdata_i ^ {$DWB{^aq}}; else if (we_i) q <= wdata_i;
  end
  assign rdata_o = q;
endmodule
V
files=$(sed -n "s|^\${MLK_RTL}/\(.*\.v\)$|$TMP/rtl/\1|p" "$TMP/rtl/files.f" | tr '\n' ' ')
yosys -q -l "$TMP/yosys.log" -p "read_verilog $files; synth -flatten -top $top; \
  dfflibmap -liberty $TMP/hd.map.lib; abc -liberty $TMP/hd.map.lib -D $QTGT -constr $TMP/abc.sdc -script $TMP/abc.script; \
  setundef -zero; \
  opt_clean $purge; stat -liberty $TMP/hd.lib; write_verilog -noattr $TMP/net.v" >/dev/null
# FO4: a -> inv_1 -> b -> 4 x inv_1 (c*) -> 4 x inv_1 each; FO4 = delay of c0 (slew of an FO4 input)
{ echo "module fo4 (input wire a, output wire [15:0] z); wire b; wire [3:0] c;"
  echo "sky130_fd_sc_hd__inv_1 i0 (.A(a), .Y(b));"
  for g in 0 1 2 3; do echo "sky130_fd_sc_hd__inv_1 c$g (.A(b), .Y(c[$g]));"
    for h in 0 1 2 3; do echo "sky130_fd_sc_hd__inv_1 z$g$h (.A(c[$g]), .Y(z[$((g*4+h))]));"; done; done
  echo "endmodule"; } > "$TMP/fo4n.v"
cat > "$TMP/fo4.tcl" <<T
read_liberty $TMP/hd.lib
read_verilog $TMP/fo4n.v
link_design fo4
set_driving_cell -lib_cell sky130_fd_sc_hd__inv_1 [get_ports a]
report_checks -unconstrained -rise_through [get_pins c0/Y] -to [get_ports {z[0]}] -digits 4
report_checks -unconstrained -fall_through [get_pins c0/Y] -to [get_ports {z[0]}] -digits 4
T
sta -no_splash -exit "$TMP/fo4.tcl" > "$TMP/fo4.rpt" 2>&1 || true
# mean of the rising and falling delay of c0 (driven by an FO4-loaded inv_1, loads 4 x inv_1)
fo4=$(awk '/ c0\/Y / {s += $1; n++} END {if (n) printf "%.5f", s / n}' "$TMP/fo4.rpt")
cat > "$TMP/sta.tcl" <<T
read_liberty $TMP/hd.lib
read_verilog $TMP/net.v
link_design $top
create_clock -name clk -period 2 [get_ports clk_i]
set_input_delay 0 -clock clk [delete_from_list [all_inputs] [get_ports clk_i]]
set_output_delay 0 -clock clk [all_outputs]
set_driving_cell -lib_cell sky130_fd_sc_hd__inv_2 [delete_from_list [all_inputs] [get_ports clk_i]]
set_load 0.017 [all_outputs]
puts "== reg2reg"
report_checks -path_delay max -from [all_registers -clock_pins] -to [all_registers -data_pins] -digits 3 $fields
if {${QUICK_STA_ENDPOINTS:-0} > 0} {
  puts "== endpoints"
  report_checks -path_delay max -from [all_registers -clock_pins] -to [all_registers -data_pins] -group_count ${QUICK_STA_ENDPOINTS:-0} -endpoint_count 1 -format end
}
puts "== in2reg"
report_checks -path_delay max -from [delete_from_list [all_inputs] [get_ports {clk_i rst_ni}]] -to [all_registers -data_pins] -digits 3
T
sta -no_splash -exit "$TMP/sta.tcl" > "$TMP/sta.rpt" 2>&1 || true
cp "$TMP/sta.rpt" "${QUICK_STA_REPORT:-/tmp/quick_sta_last.rpt}"
cp "$TMP/fo4.rpt" /tmp/quick_sta_fo4.rpt
if [ "${QUICK_STA_ENDPOINTS:-0}" -gt 0 ] && [ -n "${QUICK_STA_NAMES:-}" ]; then
    # worst arrival per register (Q net name, indices folded), from the endpoint list
    python3 - "$TMP/net.v" "$TMP/sta.rpt" <<'PY'
import re, sys, collections
net = open(sys.argv[1]).read()
q = {}
for m in re.finditer(r'sky130_fd_sc_hd__df\w+\s+(\S+)\s*\((.*?)\);', net, re.S):
    o = re.search(r'\.Q\(([^)]*)\)', m.group(2))
    if o:
        q[m.group(1)] = o.group(1).strip()
rpt = open(sys.argv[2]).read()
sec = rpt[rpt.index('== endpoints'):rpt.index('== in2reg')]
worst = collections.OrderedDict()
for inst, act in re.findall(r'(\S+)/D \(\S+\)\s+[\d.]+\s+([\d.]+)', sec):
    k = re.sub(r'\[\d+\]', '[]', q.get(inst, inst)).replace('\\', '')
    worst[k] = max(worst.get(k, 0.0), float(act))
for k, v in worst.items():
    print("endpoint %6.2f ns %s" % (v, k))
PY
fi
cells=$(awk '/Chip area/ {print $NF}' "$TMP/yosys.log" | tail -1)
r2r=$(awk '/== reg2reg/ {f=1} f && /data arrival time/ {print $1; exit}' "$TMP/sta.rpt")
any=$(awk '/== in2reg/ {f=1} f && /data arrival time/ {print $1; exit}' "$TMP/sta.rpt")
echo "config=$CFG data_bits=$DWB $* area_um2=$cells"
[ -z "${QUICK_STA_NAMES:-}" ] && grep -q "^Error" "$TMP/sta.rpt" && { grep "^Error" "$TMP/sta.rpt" | head -3; echo "quick_sta: OpenSTA errors" >&2; exit 1; }
awk -v r="$r2r" -v a="$any" -v f="$fo4" 'BEGIN {
  printf "FO4 (inv_1 -> 4x inv_1, tt_025C_1v80) = %.1f ps\n", f*1000;
  printf "worst reg->reg path = %.0f ps = %.1f FO4\n", r*1000, r/f;
  printf "worst input->reg path (input delay 0) = %.0f ps = %.1f FO4\n", a*1000, a/f }'
