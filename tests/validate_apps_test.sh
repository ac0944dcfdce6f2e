#!/usr/bin/env bash
# validate_apps_test.sh - make validate-apps (scripts/validate_apps.sh) on measurements
# made up from the model's own runs, so each verdict is known: a kernel and a two-kernel
# application "measured" on an H100 at exactly their simulated cycles on the Hopper preset
# pass (0.00 %; a GPU without a preset: the trace's own); measured 30 %
# longer they fail (-23.08 %); a trace with an opcode of no known class fails though its
# cycles match; a row measured at another clock (345 MHz) is converted to the model's; a
# folder's traces/kernelslist.g runs; a trace the simulator refuses fails its row alone
# (exit 2); a missing trace, bad cycles or clock, a header without the columns and a
# missing table are refused with one line and exit 2. No workloads needed (the
# repository's own trace).
set -u
# shellcheck source=tests/sim_lib.sh
. "$(dirname "$0")/sim_lib.sh"
sim_setup validate_apps_test

xz -dc workloads/matrixmul32_sm61_kernel-1.traceg.xz > "$tmp/kernel-1.traceg"
printf 'kernel-1.traceg\nkernel-1.traceg\n' > "$tmp/kernelslist.g"
printf -- '-kernel name = odd\n-grid dim = (1,1,1)\n-block dim = (32,1,1)\n-binary version = 90\n-accelsim tracer version = 5\n\n#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 2\n0000 ffffffff 1 R1 FOOBAR.X 0 0 0\n0010 ffffffff 0 EXIT 0 0 0\n#END_TB\n' \
    > "$tmp/odd.traceg"
sim_cycles() { # trace, preset
    "$SIM" --quiet --set machine=gpu --set warps=16 --set "arch=$2" --trace "$tmp/$1" --json "$tmp/c.json" 2>/dev/null
    get "$tmp/c.json" cycles
}
# the rows say H100: the Hopper preset, though matrixmul's binary (sm_61) would pick Turing
k=$(sim_cycles kernel-1.traceg hopper)
a=$(sim_cycles kernelslist.g hopper)
o=$(sim_cycles odd.traceg hopper)
kt=$(sim_cycles kernel-1.traceg auto)
# a list may name kernel-N.traceg kept compressed as kernel-N.traceg.xz
cp workloads/matrixmul32_sm61_kernel-1.traceg.xz "$tmp/kz.traceg.xz"
printf 'MemcpyHtoD,0x7f0000000000,64\nkz.traceg\n' > "$tmp/kz.g"
z=$(sim_cycles kz.g hopper)
[ -n "$z" ] && [ "$z" = "$k" ] && echo "PASS: validate_apps_test: a list naming kz.traceg reads kz.traceg.xz ($z cycles)" ||
    echo "FAIL: validate_apps_test: a list naming kz.traceg (kz.traceg.xz there): '$z' cycles, expected $k"

table() { # factor for the measured cycles, then trace:cycles pairs
    local f=$1; shift
    echo "trace,gpu,clock_mhz,cycles,source"
    for p in "$@"; do
        echo "${p%%:*},NVIDIA H100 PCIe,1755,$(awk -v c="${p##*:}" -v f="$f" 'BEGIN{printf "%.2f", c * f}'),made up"
    done
}
verdict() { # name, expected exit, expected text on stdout or stderr
    local name=$1 want=$2 text=$3 rc
    bash scripts/validate_apps.sh "$tmp" "$tmp/out" > "$tmp/log" 2> "$tmp/err"; rc=$?
    if [ "$rc" = "$want" ] && grep -q -- "$text" "$tmp/log" "$tmp/err"; then
        echo "PASS: validate_apps_test: $name"
    else
        echo "FAIL: validate_apps_test: $name (exit $rc, expected $want and '$text')"
        sed 's/^/    /' "$tmp/log" "$tmp/err"
    fi
}

table 1 "kernel-1.traceg:$k" "kernelslist.g:$a" > "$tmp/ground_truth_nsys.csv"
verdict "measured = simulated: both pass" 0 "all 2 rows within +-15 %"
grep -q "^  \[1/2\] kernel-1.traceg: $k cycles simulated" "$tmp/log" && grep -q "^  \[2/2\] kernelslist.g: $a cycles simulated" "$tmp/log" &&
    echo "PASS: validate_apps_test: a line per row as it ends" || echo "FAIL: validate_apps_test: no line per row"
awk -F, 'NR > 1 && $6 == "0.00" {n++} END {exit n != 2}' "$tmp/out/validate_apps.csv" &&
    grep -q '^kernelslist.g,.*,0,2,hopper$' "$tmp/out/validate_apps.csv" &&
    echo "PASS: validate_apps_test: the table has 0.00 % twice, the list's 2 kernels, the H100's preset" ||
    echo "FAIL: validate_apps_test: the table"
if command -v gnuplot >/dev/null 2>&1; then # the plot names both rows
    grep -q 'kernelslist.g' "$tmp/out/validate_apps.svg" 2>/dev/null && grep -q 'kernel-1.traceg' "$tmp/out/validate_apps.svg" &&
        echo "PASS: validate_apps_test: validate_apps.svg plots both rows" ||
        echo "FAIL: validate_apps_test: validate_apps.svg missing or without the rows"
fi
# a GPU of no preset: the trace's own (sm_61: Turing), which gives other cycles
[ "$kt" != "$k" ] && echo "PASS: validate_apps_test: Turing and Hopper differ on matrixmul ($kt, $k)" ||
    echo "FAIL: validate_apps_test: Turing and Hopper give the same cycles ($k)"
table 1 "kernel-1.traceg:$kt" | sed 's/NVIDIA H100 PCIe,1755/Some GPU,1365/' > "$tmp/ground_truth_nsys.csv"
verdict "a GPU of no preset: the trace's" 0 "all 1 rows within +-15 %"
grep -q '^kernel-1.traceg,.*,0.00,0,1,turing$' "$tmp/out/validate_apps.csv" &&
    echo "PASS: validate_apps_test: the preset the trace picked (turing) in the table" || echo "FAIL: validate_apps_test: preset auto"
sed 's/^\([^,]*\),\([^,]*\),\([^,]*\),\([^,]*\),/"\1","\2",\3,"\4",/' "$tmp/ground_truth_nsys.csv" > "$tmp/q.csv" &&
    mv "$tmp/q.csv" "$tmp/ground_truth_nsys.csv"
verdict "quoted CSV fields" 0 "all 1 rows within +-15 %"
# a row labelled with another clock (a campaign's 345 MHz: ns x 0.345) is converted to the
# model's 1755 MHz; columns in another order, CRLF line ends, a folder holding the list
mkdir -p "$tmp/app/traces" && cp "$tmp/kernel-1.traceg" "$tmp/kernelslist.g" "$tmp/app/traces/"
{ printf 'cycles,source,clock_mhz,gpu,trace\r\n'
  awk -v c="$k" 'BEGIN{printf "%.2f,x,345,H100,kernel-1.traceg\r\n", c * 345 / 1755}'
  awk -v c="$a" 'BEGIN{printf "%.2f,\"y, z\",1755,H100,app\r\n", c}'; } > "$tmp/ground_truth_nsys.csv"
verdict "a 345 MHz row, columns reordered, CRLF, a folder" 0 "all 2 rows within +-15 %"
awk -F, -v k="$k" 'NR == 2 && $3 == 345 && $4 - k < 0.5 && k - $4 < 0.5 && $6 == "0.00" {ok++} NR == 3 && $1 == "app" && $6 == "0.00" && $8 == 2 {ok++}
    END {exit ok != 2}' "$tmp/out/validate_apps.csv" &&
    echo "PASS: validate_apps_test: x 1755 / 345 gives the simulated $k cycles; app/traces/kernelslist.g ran 2 kernels" ||
    { echo "FAIL: validate_apps_test: the 345 MHz row or the folder"; sed 's/^/    /' "$tmp/out/validate_apps.csv"; }
# only the two required columns (empty gpu and clock cells), an absolute path, blanks
# around the cells
printf 'trace , cycles\n %s , %s \n' "$tmp/kernel-1.traceg" "$kt" > "$tmp/ground_truth_nsys.csv"
verdict "trace and cycles only, an absolute path" 0 "all 1 rows within +-15 %"
grep -q "^$tmp/kernel-1.traceg,$kt,,$kt.00,$kt,0.00,0,1,turing\$" "$tmp/out/validate_apps.csv" &&
    echo "PASS: validate_apps_test: no clock: as measured; no GPU: the trace's preset" ||
    { echo "FAIL: validate_apps_test: the two-column table"; sed 's/^/    /' "$tmp/out/validate_apps.csv"; }
# a trace the simulator refuses: the other rows still run, the row says failed, exit 2
printf -- '-kernel name = bad\n-binary version = 90\n#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 1\nzz\n' > "$tmp/bad.traceg"
table 1 "bad.traceg:100" "kernel-1.traceg:$k" > "$tmp/ground_truth_nsys.csv"
verdict "a refused trace: named, the others run" 2 "ground_truth_nsys.csv:2: malekeh-sim failed on bad.traceg: .*bad.traceg"
grep -q '^bad.traceg,100.00,1755,,,failed,' "$tmp/out/validate_apps.csv" && grep -q '^kernel-1.traceg,.*,0.00,0,1,hopper$' "$tmp/out/validate_apps.csv" &&
    echo "PASS: validate_apps_test: the refused row is failed, the other at 0.00 %" ||
    { echo "FAIL: validate_apps_test: the refused row's table"; sed 's/^/    /' "$tmp/out/validate_apps.csv"; }
printf 'trace,gpu,clock_mhz,cycles\nkernel-1.traceg,H100,1755,0\n' > "$tmp/ground_truth_nsys.csv"
verdict "zero cycles" 2 "ground_truth_nsys.csv:2: bad cycles '0'"
printf 'trace,gpu,clock_mhz,cycles\nkernel-1.traceg,H100,fast,100\n' > "$tmp/ground_truth_nsys.csv"
verdict "bad clock" 2 "ground_truth_nsys.csv:2: bad clock_mhz 'fast'"
printf 'name,gpu,time\nkernel-1.traceg,H100,100\n' > "$tmp/ground_truth_nsys.csv"
verdict "a header without trace or cycles" 2 "ground_truth_nsys.csv:1: the header names no trace"
mkdir -p "$tmp/empty"; table 1 "empty:100" > "$tmp/ground_truth_nsys.csv"
verdict "a folder without a kernel list" 2 "ground_truth_nsys.csv:2: .*empty is a folder without kernelslist.g"
table 1.3 "kernel-1.traceg:$k" "kernelslist.g:$a" > "$tmp/ground_truth_nsys.csv"
verdict "measured 30 % longer: both fail at -23.08 %" 1 "2 of 2 rows outside"
grep -q ',-23.08,' "$tmp/out/validate_apps.csv" &&
    echo "PASS: validate_apps_test: -23.08 % in the table" || echo "FAIL: validate_apps_test: no -23.08 %"
table 1 "odd.traceg:$o" > "$tmp/ground_truth_nsys.csv"
verdict "an unknown opcode fails the row" 1 "1 of 1 rows outside +-15 % or with unknown opcodes"
table 1 "nope.traceg:100" > "$tmp/ground_truth_nsys.csv"
verdict "a missing trace" 2 "ground_truth_nsys.csv:2: .*nope.traceg not found"
printf 'trace,gpu,clock_mhz,cycles,source\nkernel-1.traceg,x,1755,ten,y\n' > "$tmp/ground_truth_nsys.csv"
verdict "bad cycles" 2 "ground_truth_nsys.csv:2: bad cycles 'ten'"
rm "$tmp/ground_truth_nsys.csv"
verdict "no table" 2 "ground_truth_nsys.csv not found"
