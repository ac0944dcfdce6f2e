#!/usr/bin/env bash
# gen_sweep.sh CCUGEN [--quick] - the generator sweep of issue 3: for every configuration
# below, ccugen twice (byte-identical output), verilator --lint-only -Wall (Verilog-2005)
# and iverilog -g2005, both with the simulation checks (MLK_ASSERT), and Yosys elaboration: hierarchy -check, proc, opt -fast, check -assert
# (no undriven or multiply driven net, no combinational loop), then no latch ($dlatch, $sr:
# proc infers them, and only a latch whose enable is constant, i.e. a wire, is removed by
# opt) outside the clock-gate wrapper <prefix>_clk_gate (which must hold its latch), and with
# ct_storage = latch also in the data entries (ct_data, which must then hold latches). Full synthesis of every configuration, with ABC and timing, is `make timing-sweep`
# (synth/timing_sweep.sh, same list); this check finds the same latches in a quarter of the
# time. One PASS:/FAIL: line per configuration.
# Each line is a list of --set overrides of configs/default.cfg; the co-simulation
# regression uses the same list (tests/cosim_regress.sh).
set -u
gen=$1
SWEEP_CONFIGS=(
  ""
  "ccus=1 data_bits=32"
  "ccus=8 data_bits=32"
  "entries=7 data_bits=32"
  "entries=16 data_bits=32"
  "slots=1 entries=2 data_bits=32"
  "slots=8 entries=9 data_bits=32"
  "banks=1 wb_ports=1 data_bits=32"
  "banks=16 wb_ports=4 regs=64 data_bits=32"
  "warps=1 ccus=1 data_bits=32"
  "warps=64 data_bits=32"
  "data_bits=1 regs=200 tag_bits=3"
  "caching=off slots=8 banks=16 warps=64 data_bits=8"
  "replacement=lru data_bits=32"
  "write_filter=off data_bits=32"
  "scheduler=gto data_bits=32"
  "sthld_mode=fixed sthld_init=4 data_bits=32"
  "ccu_sharing=private ccus=8 data_bits=32"
  "warps=6 ccus=3 entries=6 slots=5 banks=4 data_bits=8"
  "warps=16 ccus=16 ccu_sharing=private slots=2 entries=3 data_bits=4"
  "ct_storage=latch data_bits=32"
  "clock_gating=off data_bits=32"
)
[ "${1:-}" = "--list" ] && { printf '%s\n' "${SWEEP_CONFIGS[@]}"; exit 0; }
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT

# check_one I: all checks of configuration I; prints its PASS:/FAIL: line
check_one() {
    local i=$1 cfgset=${SWEEP_CONFIGS[$1]} a=$work/a$1 b=$work/b$1 log=$work/log$1
    local args=(--config configs/default.cfg) kv top files bank
    for kv in $cfgset; do args+=(--set "$kv"); done
    local name="sweep$i(${cfgset:-default})"
    if ! "$gen" "${args[@]}" --out "$a" >"$log" 2>&1 || ! "$gen" "${args[@]}" --out "$b" >>"$log" 2>&1; then
        echo "FAIL: $name: ccugen failed"; sed 's/^/   /' "$log"; return
    fi
    if ! diff -r "$a" "$b" >/dev/null; then echo "FAIL: $name: two runs differ"; return; fi
    top=$(cd "$a" && ls *_subcore.v | sed 's/\.v$//')
    if ! MLK_RTL=$a verilator --lint-only -Wall --default-language 1364-2005 +define+MLK_ASSERT -f "$a/files.f" --top-module "$top" >"$log" 2>&1; then
        echo "FAIL: $name: verilator lint"; grep '^%' "$log" | head -20 | sed 's/^/   /'; return
    fi
    if ! MLK_RTL=$a iverilog -g2005 -DMLK_ASSERT -o "$work/ivl$i" -c "$a/files.f" >"$log" 2>&1; then
        echo "FAIL: $name: iverilog"; head -20 "$log" | sed 's/^/   /'; return
    fi
    files=$(sed -n "s|^\${MLK_RTL}/\(.*\.v\)$|$a/\1|p" "$a/files.f" | tr '\n' ' ')
    bank=${top%_subcore}_rf_bank
    # RF banks are SRAM macros in a real design: blackboxed, not synthesized
    # no latch, but inside the clock-gate wrapper (clock_gating = on or ct_storage = latch),
    # which has one, and for ct_storage = latch in the data entries (ct_data), which have them
    local pre=${top%_subcore} nolatch="t:\$dlatch t:\$adlatch t:\$dlatchsr t:\$sr" what="no latch" more=""
    if [ -s "$a/${pre}_clk_gate.v" ]; then
        if grep -q '^// *ct_storage = latch$' "$a/${pre}_config.vh"; then
            nolatch="$nolatch %u %u %u ${pre}_ct_data/* ${pre}_clk_gate/* %u %d"
            more="; select -assert-min 2 ${pre}_ct_data/t:\$dlatch; select -assert-min 1 ${pre}_clk_gate/t:\$dlatch"
            what="latches only in ct_data and clk_gate, and there"
        else
            nolatch="$nolatch %u %u %u ${pre}_clk_gate/* %d"
            more="; select -assert-min 1 ${pre}_clk_gate/t:\$dlatch"
            what="latches only in clk_gate, and there"
        fi
    elif [ -n "$(grep -l "_clk_gate " "$a"/*.v)" ]; then
        echo "FAIL: $name: a clock gate instantiated but no ${pre}_clk_gate.v"; return
    fi
    if ! yosys -q -p "read_verilog $files; blackbox $bank; hierarchy -check -top $top; proc; opt -fast; check -assert; select -assert-none $nolatch$more" >"$log" 2>&1; then
        echo "FAIL: $name: yosys elaboration (check, or a latch found where none may be, or none where they must be)"; tail -20 "$log" | sed 's/^/   /'; return
    fi
    echo "PASS: $name: deterministic, lint-clean, iverilog, yosys elaboration clean, $what"
    rm -rf "$a" "$b" "$work/ivl$i"
}

# two configurations at a time (2 cores); lines are printed whole, in completion order
jobs=${SWEEP_JOBS:-2}
for i in "${!SWEEP_CONFIGS[@]}"; do
    while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n; done
    check_one "$i" > "$work/out$i" 2>&1 &
done
wait
cat "$work"/out* | tee "$work/all"
! grep -q '^FAIL' "$work/all"
