# mk/area.mk - area estimation (included by the Makefile). Method and schema: docs/area.md.
#   make area CONFIG=path [LIBERTY=file.lib[.gz]] [OUT=dir] [AREA_FLAGS="--exact|--fast|--no-baseline"]
#   make area-sweep      entries x ccus grid at data_bits=32 -> build/area-sweep/{sweep.csv,*.svg}
#   make area-summary    ~5 lines on the default configuration (reuses the area test's result)
AREA_PDK     ?= ../shared/pdk/sky130_fd_sc_hd__tt_025C_1v80.lib.gz
AREA_PERIOD  ?= 2000

.PHONY: area area-sweep area-summary area-baseline

$(BUILD)/area-report: $(sort $(wildcard synth/*.c)) cmodel/cfg.c cmodel/cfg.h
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Icmodel -o $@ $(sort $(wildcard synth/*.c)) cmodel/cfg.c -lm

area: $(BUILD)/ccugen $(BUILD)/area-report
	bash synth/area.sh --config $(CONFIG) $(if $(LIBERTY),--liberty $(LIBERTY)) $(if $(OUT),--out $(OUT)) \
	  --period $(AREA_PERIOD) $(AREA_FLAGS)

area-sweep: $(BUILD)/ccugen $(BUILD)/area-report
	bash synth/sweep.sh --config $(CONFIG) --out $(BUILD)/area-sweep

# the committed baseline: the default config, the area test's flow
area-baseline: $(BUILD)/ccugen $(BUILD)/area-report
	bash tests/area_test.sh --write-baseline

area-summary: $(BUILD)/ccugen $(BUILD)/area-report
	@bash synth/summary.sh

AREA_TEST_CMDS = "bash tests/area_test.sh" "bash tests/area_test.sh --liberty"
