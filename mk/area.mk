# mk/area.mk - area and timing (included by the Makefile). Method and schema: docs/area.md.
#   make area CONFIG=path [LIBERTY=file.lib[.gz]] [OUT=dir] [AREA_PERIOD=ps] [SRAM_LIB=macro.lib]
#             [DONT_USE="cell names or globs the mapping must not use; none: no names"]
#             [AREA_FLAGS="--exact|--fast|--no-baseline|--no-sta|--sta-width W"]
#   make area-sweep         entries x ccus at the configured slots/width -> build/area-sweep/
#   make area-period-sweep  target period vs area and Fmax -> build/period-sweep/
#   make area-summary       the headline of the default configuration's `make area` datasheet
#   make area-baseline      re-measure and rewrite synth/area_baseline.json (the CI guard)
#   make power [AREA_DIR=dir] [TRACE=file] [POWER_VARIANTS="gated ungated latch"]
#                           energy of CONFIG from gate-level simulation (docs/power.md) of
#                           `make area LIBERTY=<sky130> OUT=dir` (default dir: build/area-sky130)
AREA_PDK     ?= ../shared/pdk/sky130_fd_sc_hd__tt_025C_1v80.lib.gz
# empty: the period of constraints/default.sdc (create_clock)
AREA_PERIOD  ?=

#> area               area and timing datasheet of CONFIG (Yosys, OpenSTA; LIBERTY=...)
#> area-sweep         area of every generator-sweep configuration
#> area-period-sweep  area against the synthesis target period
#> area-summary       the datasheet headline of the default configuration
#> area-baseline      re-measure synth/area_baseline.json, the CI guard
#> timing-sweep       Fmax of every generator-sweep configuration
#> power              energy of CONFIG and its baseline from gate-level simulation of the shipped trace (mlk-power), after make area LIBERTY=...
#> payoff             where Malekeh pays off: net energy against entries, width and bank energy (eval/payoff.sh)
.PHONY: area area-sweep area-period-sweep area-summary area-baseline power payoff

AREA_DIR ?= $(BUILD)/area-sky130
power: $(BUILD)/ccugen $(BUILD)/malekeh-sim $(BUILD)/mlk-power
	bash synth/power.sh --area $(AREA_DIR) --config $(CONFIG) $(if $(TRACE),--trace $(TRACE))

# make payoff [POWER_TXT=build/area-sky130/power/power.txt] [LEDGER=...]: net energy against
# width, bank energy and entries from the gate-level runs of make area LIBERTY=<sky130>
POWER_TXT ?= $(BUILD)/area-sky130/power/power.txt
payoff: $(BUILD)/malekeh-sim
	bash eval/payoff.sh --power $(POWER_TXT) $(if $(LEDGER),--ledger $(LEDGER))

$(BUILD)/area-report: $(sort $(wildcard synth/*.c)) cmodel/cfgkey.c cmodel/cfg.c cmodel/cfg.h $(CFG_PARTS) $(CFG_PARTS_H)
	@mkdir -p $(dir $@)
	@$(call step,LD ,$@)
	$(Q)$(CC) $(CFLAGS) -Icmodel $(CFG_INC) -o $@ $(sort $(wildcard synth/*.c)) cmodel/cfgkey.c cmodel/cfg.c $(CFG_PARTS) -lm

# with a Liberty that has power tables and a full-width timing run, the power too
# (synth/power.sh --datasheet: into the datasheet's headline); with LIBERTY= and a full-width
# timing run, the storage options of the data entries (synth/storage.sh --datasheet: the
# other option synthesized, timed and measured the same way). A failure of either is
# reported; the datasheet stays without it
area: $(BUILD)/ccugen $(BUILD)/area-report $(BUILD)/malekeh-sim
	@mkdir -p $(BUILD) && bash -o pipefail -c 'bash synth/area.sh --config $(CONFIG) $(if $(LIBERTY),--liberty $(LIBERTY)) $(if $(OUT),--out $(OUT)) \
	  $(if $(AREA_PERIOD),--period $(AREA_PERIOD)) $(if $(SRAM_LIB),--sram-lib $(SRAM_LIB)) $(if $(DONT_USE),--dont-use "$(DONT_USE)") $(AREA_FLAGS) | tee $(BUILD)/area-last.log'
	@d=$$(sed -n 's|^area: \(.*\)/area.json .*|\1|p' $(BUILD)/area-last.log | tail -n1); \
	if [ -n "$(LIBERTY)" ] && [ -s "$$d/sta/netlist.v" ] && [ ! -d "$$d/sta-rtl" ] && \
	   (gzip -cdf "$(LIBERTY)" 2>/dev/null || true) | grep -q internal_power; then \
	  echo "area: energy (synth/power.sh: gate-level simulation of this netlist and the baseline's, priced by build/mlk-power)"; \
	  bash synth/power.sh --area "$$d" --config $(CONFIG) --datasheet || echo "area: power not measured (synth/power.sh failed above)" >&2; \
	fi; \
	if [ -n "$(LIBERTY)" ] && [ -s "$$d/sta/sta.txt" ] && [ ! -d "$$d/sta-rtl" ]; then \
	  echo "area: storage options (synth/storage.sh: the data entries as flip-flops and as a latch array)"; \
	  bash synth/storage.sh --area "$$d" --config $(CONFIG) --datasheet || echo "area: storage options not measured (synth/storage.sh failed above)" >&2; \
	fi

area-sweep: $(BUILD)/ccugen $(BUILD)/area-report
	bash synth/sweep.sh --config $(CONFIG) --out $(BUILD)/area-sweep

area-period-sweep: $(BUILD)/ccugen $(BUILD)/area-report
	bash synth/period_sweep.sh --config $(CONFIG) --out $(BUILD)/period-sweep $(if $(LIBERTY),--liberty $(LIBERTY))

# the committed baseline of the CI guard: default config, generic and sky130 (when present)
area-baseline: $(BUILD)/ccugen $(BUILD)/area-report
	bash tests/area_test.sh --write-baseline

area-summary: $(BUILD)/ccugen
	@bash synth/summary.sh

AREA_TEST_CMDS = "bash tests/sta_test.sh" "bash tests/power_test.sh" "bash tests/power_sta_check.sh" "bash tests/storage_test.sh" "bash tests/area_test.sh" "bash tests/area_test.sh --liberty"

# make timing-sweep [LIBERTY=lib] [TSWEEP_WIDTH=16] [TSWEEP_JOBS=2]: worst reg->reg path of every generator-
# sweep configuration -> build/timing-sweep/sweep.{csv,md}
TSWEEP_WIDTH ?= 16
.PHONY: timing-sweep
timing-sweep: $(BUILD)/ccugen
	bash synth/timing_sweep.sh --width $(TSWEEP_WIDTH) $(if $(LIBERTY),--liberty $(LIBERTY))
