#!/usr/bin/env bash
# synth/fo4.sh - the FO4 delay of a Liberty library, measured with OpenSTA (docs/area.md).
#   synth/fo4.sh LIB [OUTDIR]   -> prints "fo4_ps <ps> cell <name> stages <n>" and writes
#                                  OUTDIR/fo4.{v,tcl,log} (default: a temporary directory)
# The smallest inverter of LIB (function !A, one input, least area; clock and low-power
# variants excluded, ties by name) is instantiated as a chain of 8 stages, each stage's output
# driving four copies of the inverter (the next stage plus three dummy loads). OpenSTA times the
# chain; FO4 = the mean stage delay over the middle 4 stages (2 rising + 2 falling outputs),
# away from the input ramp and the unloaded end. No wire load.
set -euo pipefail
lib=${1:?usage: fo4.sh LIB [OUTDIR]}
out=${2:-}
[ -r "$lib" ] || { echo "fo4.sh: cannot read $lib" >&2; exit 2; }
if [ -z "$out" ]; then out=$(mktemp -d "${TMPDIR:-/tmp}/fo4.XXXXXX"); trap 'rm -rf "$out"' EXIT; fi
mkdir -p "$out"
# smallest inverter: name, input pin, output pin
read -r cell ip op < <(awk '
  function flush() { if (c != "" && nin == 1 && nout == 1 && fn ~ /^"?\(?!\(?'"'"'?[A-Za-z0-9_]+\)?"?$/ && c !~ /clk|lp/)
                       print a, c, inp, outp }
  /^[ \t]*cell[ \t]*\(/ { flush(); c = $0; sub(/.*cell[ \t]*\([ \t]*"?/, "", c); sub(/"?[ \t]*\).*/, "", c)
                          a = ""; nin = 0; nout = 0; fn = ""; inp = ""; outp = ""; pin = "" }
  { gsub(/\/\*.*\*\//, "") }
  /^[ \t]*area[ \t]*:/ && a == "" { a = $0; sub(/^[^:]*:[ \t]*/, "", a); sub(/[ \t]*;.*/, "", a) }
  /^[ \t]*pin[ \t]*\(/ { pin = $0; sub(/.*pin[ \t]*\([ \t]*"?/, "", pin); sub(/"?[ \t]*\).*/, "", pin) }
  /^[ \t]*direction[ \t]*:[ \t]*"?input/ { nin++; inp = pin }
  /^[ \t]*direction[ \t]*:[ \t]*"?output/ { nout++; outp = pin }
  /^[ \t]*function[ \t]*:/ { fn = $0; sub(/^[^:]*:[ \t]*/, "", fn); sub(/[ \t]*;.*/, "", fn); gsub(/ /, "", fn) }
  END { flush() }' "$lib" | sort -k1,1g -k2,2 | head -n1 | awk '{print $2, $3, $4}')
[ -n "${cell:-}" ] || { echo "fo4.sh: no inverter found in $lib" >&2; exit 2; }
n=8
{
    echo "module fo4_chain (a, y);"
    echo "  input a; output y;"
    printf '  wire n0'; for i in $(seq 1 $n); do printf ', n%d' "$i"; done; echo ";"
    echo "  assign n0 = a;"
    for i in $(seq 1 $n); do
        echo "  $cell s$i (.$ip(n$((i-1))), .$op(n$i));"
        for k in 1 2 3; do echo "  $cell l${i}_$k (.$ip(n$i), .$op());"; done
    done
    echo "  assign y = n$n;"
    echo "endmodule"
} >"$out/fo4.v"
cat >"$out/fo4.tcl" <<TCL
read_liberty $lib
read_verilog $out/fo4.v
link_design fo4_chain
set_input_transition 0.05 [get_ports a]
report_checks -unconstrained -to [get_ports y] -rise_from [get_ports a] -format full -digits 4
report_checks -unconstrained -to [get_ports y] -fall_from [get_ports a] -format full -digits 4
TCL
sta -no_splash -exit "$out/fo4.tcl" >"$out/fo4.log" 2>&1 || { echo "fo4.sh: sta failed, see $out/fo4.log" >&2; exit 1; }
# lines "  0.0123    0.4567 ^ s3/Y (cell)": incremental delay of stage k's output; stages 3..6
fo4=$(awk -v c="$cell" '$0 ~ "s[0-9]+/" && $0 ~ "\\(" c "\\)" {
        s = $0; sub(/.* s/, "", s); sub(/\/.*/, "", s); if (s >= 3 && s <= 6) { sum += $1; k++ } }
      END { if (k == 8) printf "%.1f", 1000 * sum / k }' "$out/fo4.log")
[ -n "$fo4" ] || { echo "fo4.sh: cannot read the stage delays from $out/fo4.log" >&2; exit 1; }
echo "fo4_ps $fo4 cell $cell stages $n"
