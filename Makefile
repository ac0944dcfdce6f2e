# Malekeh register-file cache: model, generator, co-simulation, area.
# `make` installs what is missing, builds, and runs the main job on the default
# configuration (a compact table on the shipped trace; `make main-synthetic`: the counters); `make test` runs every test and ends with "N passed, N failed".

CONFIG  ?= configs/default.cfg
BUILD   := build
CC      ?= gcc
CFLAGS  := -std=c11 -O2 -g -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -D_POSIX_C_SOURCE=200809L
SANFLAGS := -std=c11 -O1 -g -Wall -Wextra -Werror -D_POSIX_C_SOURCE=200809L \
            -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
INC     := -Icmodel -Idriver -Itb -Itrace -Ihints -Isim -Ieval -Igpu -Icompare -Ipower
LDLIBS  := -llzma -lz -lm
# the builds of make and make test run NPROC jobs at a time
NPROC   := $(shell nproc 2>/dev/null || echo 1)
GEN_VERSION := $(shell git describe --always --dirty 2>/dev/null || echo unknown)
# the generator's identity in every generated file's header: a hash of its sources (not the
# commit, so rtl/ changes only when the generator does); the model files it links (GEN_MODEL)
# are among them: the configuration, the port table and the debug-state layout
GEN_MODEL := cmodel/cfgkey.c cmodel/cfg.c cmodel/mlk_ports.c cmodel/mlk_dbgmap.c
GEN_MODEL_H := cmodel/cfgkey.h cmodel/cfg.h cmodel/mlk_ports.h cmodel/mlk_dbgmap.h
# the simulator's keys: a hardware tool reads every key of a configuration file (so that a
# typo is refused) and uses only the hardware part; they are not in the generator's hash,
# so a simulator key never touches rtl/
CFG_PARTS := sim/simcfg.c sim/enkeys.c driver/drvkeys.c compare/opckeys.c gpu/gpukeys.c
CFG_PARTS_H := sim/simcfg.h sim/enkeys.h driver/drvkeys.h compare/opckeys.h gpu/gpukeys.h gpu/gcfg.h
CFG_INC := -Isim -Idriver -Icompare -Igpu
GEN_SRC_HASH := $(shell cat $(sort $(wildcard gen/*.c gen/*.h gen/templates/*.vt)) gen/vt2c.sh $(GEN_MODEL) $(GEN_MODEL_H) 2>/dev/null | sha256sum | cut -c1-12)
OUT     ?=
# quiet build: one line per step (`make V=1` prints every command)
Q    := $(if $(V),,@)
step  = $(if $(V),:,printf '  %-7s %s\n' '$(1)' '$(2)')
VERILATOR_LINT := verilator --lint-only -Wall --default-language 1364-2005

MODEL_SRC := $(sort $(wildcard cmodel/*.c))
TRACE_SRC := $(filter-out %_main.c,$(sort $(wildcard trace/*.c hints/*.c)))
DRV_SRC   := $(sort $(wildcard driver/*.c))
TB_SRC    := $(DRV_SRC) $(filter-out tb/cosim.c tb/vecgen.c,$(sort $(wildcard tb/*.c)))
SIM_SRC   := $(filter-out %_main.c,$(sort $(wildcard sim/*.c eval/*.c gpu/*.c compare/*.c)))
POWER_SRC := $(filter-out %_main.c,$(sort $(wildcard power/*.c)))
LIB_SRC   := $(MODEL_SRC) $(TRACE_SRC) $(TB_SRC) $(SIM_SRC) $(POWER_SRC)
HDRS      := $(wildcard cmodel/*.h driver/*.h tb/*.h tests/*.h trace/*.h hints/*.h sim/*.h eval/*.h gpu/*.h compare/*.h power/*.h)
TEST_SRC  := $(sort $(wildcard tests/test_*.c))
TESTS     := $(patsubst tests/%.c,$(BUILD)/tests/%,$(TEST_SRC))
SAN_TESTS := $(patsubst tests/%.c,$(BUILD)/san/%,$(TEST_SRC))

#> all                install what is missing, build, lint the RTL, print the area headline and the main job (the default goal)
#> deps               install the missing Debian packages (scripts/deps.sh; --browser: chromium too)
#> build              build the tools: malekeh-sim, ccugen, malekeh-refs, malekeh-hints, mlk-power
#> main               the main job: CONFIG and its baseline on the shipped trace (or TRACE), one table
#> main-synthetic     the synthetic workload's counters, then the trace table
#> test               every test; ends with "N passed, N failed" (.ci/run runs it)
#> test-build         build what make test needs, NPROC at a time (make test does this first)
#> check              the quick tier: unit tests, the traces through the tools, a short co-simulation
#> check-build        build what make check needs, NPROC at a time (make check does this first)
#> bench              benchmarks: the model, the trace path on both machines, the co-simulation
#> clean              remove build/
#> gen                generate the RTL of CONFIG into OUT (ccugen)
#> lint               Verilator -Wall lint of rtl/ after checking it matches the generator
#> check-rtl          fail when rtl/ differs from what the generator writes now
#> rtl                regenerate rtl/ (the default configuration)
#> traces             the trace table: default, baseline, private CCUs on every shared trace
#> help               this list
.PHONY: all deps build main main-synthetic test test-build check check-build bench clean gen lint check-rtl rtl traces help
.DEFAULT_GOAL := all
.SECONDARY:

all: deps
	@$(MAKE) --no-print-directory -j$(NPROC) build rtl-lint
	@$(MAKE) --no-print-directory area-summary
	@$(MAKE) --no-print-directory main

deps:
	@bash scripts/deps.sh

build: $(BUILD)/malekeh-sim $(BUILD)/ccugen $(BUILD)/malekeh-refs $(BUILD)/mlk-power

# --- generator ---------------------------------------------------------------------------
GEN_SRC := $(sort $(wildcard gen/*.c))
TEMPLATES := $(sort $(wildcard gen/templates/*.vt))

$(BUILD)/gen/templates.c: $(TEMPLATES) gen/vt2c.sh
	@mkdir -p $(dir $@)
	@$(call step,GEN,$@)
	$(Q)bash gen/vt2c.sh $@ $(TEMPLATES)

$(BUILD)/ccugen: $(GEN_SRC) $(BUILD)/gen/templates.c $(wildcard gen/*.h) $(GEN_MODEL) $(GEN_MODEL_H) $(CFG_PARTS) $(CFG_PARTS_H)
	@$(call step,LD ,$@)
	$(Q)$(CC) $(CFLAGS) -DGEN_VERSION='"$(GEN_VERSION)"' -DGEN_SRC_HASH='"$(GEN_SRC_HASH)"' -Icmodel -Igen $(CFG_INC) -o $@ $(GEN_SRC) $(BUILD)/gen/templates.c $(GEN_MODEL) $(CFG_PARTS)

# make gen CONFIG=path [OUT=dir]: generate the RTL of a configuration
gen: $(BUILD)/ccugen
	$(BUILD)/ccugen --config $(CONFIG) $(if $(OUT),--out $(OUT))

# rtl/ holds the RTL of configs/default.cfg; `make rtl` refreshes it
rtl: $(BUILD)/ccugen
	rm -rf rtl.new && $(BUILD)/ccugen --config configs/default.cfg --out rtl.new >/dev/null
	rm -rf rtl && mv rtl.new rtl && echo "rtl/ regenerated"

# fails when rtl/ differs from what the generator writes now (the git line is ignored)
check-rtl: $(BUILD)/ccugen
	@bash scripts/check_rtl.sh $(BUILD)/ccugen

lint: rtl-lint

# every target and what it does: the `#>` lines next to each .PHONY list
help:
	@grep -h '^#> ' $(MAKEFILE_LIST) | sed 's/^#> /  make /'

rtl-lint: check-rtl
	@MLK_RTL=rtl $(VERILATOR_LINT) -f rtl/files.f --top-module $$(cd rtl && ls *_subcore.v | sed 's/\.v$$//') && \
	  echo "rtl/: verilator --lint-only -Wall: clean"


# Header dependencies per object: the compiler writes the list of the headers each object
# read (-MMD -MP: build/obj/DIR/NAME.d next to it, included below), so an object is rebuilt
# when a header it includes changes, and only then. An object with no .d (built before this
# rule: its headers unknown) makes make delete, when it starts, every object and every
# program linked from them (with .SECONDARY, a missing object alone would not be rebuilt). HDRS stays for the few programs linked straight from
# their sources (mk/fuzz.mk, mk/formal.mk).
DEPFLAGS := -MMD -MP
$(BUILD)/sobj/%.o: %.c
	@mkdir -p $(dir $@)
	@$(call step,CC san,$@)
	$(Q)$(CC) $(SANFLAGS) $(DEPFLAGS) $(INC) -c $< -o $@

$(BUILD)/libmk.a: $(patsubst %.c,$(BUILD)/obj/%.o,$(LIB_SRC))
	@rm -f $@; ar rcs $@ $^

$(BUILD)/libmk_san.a: $(patsubst %.c,$(BUILD)/sobj/%.o,$(LIB_SRC))
	@rm -f $@; ar rcs $@ $^

# the gate-level power engine (power/, docs/power.md)
$(BUILD)/mlk-power: $(BUILD)/obj/power/power_main.o $(BUILD)/libmk.a
	@$(call step,LD ,$@)
	$(Q)$(CC) $(CFLAGS) $(NOLTO) -o $@ $^ $(LDLIBS)

$(BUILD)/malekeh-refs: $(BUILD)/obj/eval/refs_main.o $(BUILD)/libmk.a
	@$(call step,LD ,$@)
	$(Q)$(CC) $(CFLAGS) $(NOLTO) -o $@ $^ $(LDLIBS)

# Every source is compiled once, into build/obj/. malekeh-sim is the tool users run for
# hours on gigabyte traces: it is linked with link-time optimisation, so the per-cycle
# helpers of the model, driver and trace reader inline across files (-9 % machine
# instructions on a trace run, measured with callgrind); the objects are "fat" (GIMPLE for
# that link, machine code for the tests and the other tools, which link them normally),
# and the loops over a few ports, banks or slots stay loops instead of becoming calls of
# memset/memcpy with a variable size (-fno-tree-loop-distribute-patterns).
LTOFLAGS := -flto=auto -ffat-lto-objects -fno-tree-loop-distribute-patterns
# every other program links the objects' machine code (without it the linker plugin would
# run link-time optimisation on them too)
NOLTO := -fno-lto
$(BUILD)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	@$(call step,CC ,$@)
	$(Q)$(CC) $(CFLAGS) $(LTOFLAGS) $(DEPFLAGS) $(INC) -DSIM_VERSION='"$(GEN_VERSION)"' -c $< -o $@
ifneq ($(strip $(foreach o,$(wildcard $(BUILD)/obj/*/*.o $(BUILD)/sobj/*/*.o),$(if $(wildcard $(o:.o=.d)),,$(o)))),)
$(shell rm -rf $(BUILD)/obj $(BUILD)/sobj $(BUILD)/libmk.a $(BUILD)/libmk_san.a $(BUILD)/tests $(BUILD)/san \
    $(addprefix $(BUILD)/,malekeh-sim malekeh-refs malekeh-hints mlk-power trace-bench bench-model fwrap))
endif
-include $(wildcard $(BUILD)/obj/*/*.d $(BUILD)/sobj/*/*.d)

$(BUILD)/malekeh-sim: $(patsubst %.c,$(BUILD)/obj/%.o,sim/sim_main.c $(LIB_SRC))
	@$(call step,LD ,$@)
	$(Q)$(CC) $(CFLAGS) $(LTOFLAGS) -o $@ $^ $(LDLIBS)

$(BUILD)/tests/%: $(BUILD)/obj/tests/%.o $(BUILD)/libmk.a
	@mkdir -p $(dir $@)
	@$(call step,LD ,$@)
	$(Q)$(CC) $(CFLAGS) $(NOLTO) -o $@ $^ $(LDLIBS)

$(BUILD)/san/%: $(BUILD)/sobj/tests/%.o $(BUILD)/libmk_san.a
	@mkdir -p $(dir $@)
	@$(call step,LD san,$@)
	$(Q)$(CC) $(SANFLAGS) -o $@ $^ $(LDLIBS)

# The main job: the default configuration and its baseline (caching = off) on the shipped
# real trace (workloads/), run to completion; one compact table with hit ratio, bank reads,
# IPC and RF energy against the baseline, area and Fmax (scripts/main_table.sh).
# ENERGY_TABLE=FILE prices both runs by that energy ledger (docs/energy.md).
main: $(BUILD)/malekeh-sim $(BUILD)/ccugen
	@ENERGY_TABLE="$(ENERGY_TABLE)" bash scripts/main_table.sh $(CONFIG) $(TRACE)

# The synthetic workload of the configuration (100,000 instructions) and its counters, then
# every shared trace (when present) on the default, baseline and private configurations.
main-synthetic: $(BUILD)/malekeh-sim
	$(BUILD)/malekeh-sim --config $(CONFIG)
	@if ls ../shared/workloads/*.traceg* >/dev/null 2>&1; then bash scripts/trace_table.sh; \
	 else echo "(no ../shared/workloads: trace table skipped)"; fi

# make traces [TRACES="a.traceg b.traceg.xz"]: the trace table (docs/trace.md)
traces: $(BUILD)/malekeh-sim
	@bash scripts/trace_table.sh $(TRACES)

# Every test binary runs twice: optimised, and under AddressSanitizer + UBSan.
# The longest commands come first: run_tests.sh runs them two at a time (GNU parallel).
TEST_CMDS = "bash tests/gen_sweep.sh $(BUILD)/ccugen" $(COSIM_TEST_CMDS) $(AREA_TEST_CMDS)
TEST_CMDS += $(foreach t,$(TESTS),"$(t)") $(foreach t,$(SAN_TESTS),"$(t) --quick")

TEST_CMDS += "bash scripts/check_rtl.sh $(BUILD)/ccugen" "bash tests/gen_errors.sh $(BUILD)/ccugen" \
             "bash tests/filelist_test.sh" "bash tests/linemap_test.sh" \
             "bash tests/iface_test.sh" "bash tests/cfg_split.sh"
TEST_CMDS += "bash tests/trace_runs.sh" "bash tests/cli_help.sh" "bash tests/hint_check.sh" \
             "bash tests/trace_formats.sh" "bash tests/papers_counting.sh" "bash tests/compare_designs.sh" \
             "bash tests/hint_static.sh" "bash tests/energy_table.sh" "bash tests/runner_limits.sh" \
             "bash tests/kit_quick.sh" "bash tests/grid_scale.sh" "bash tests/claims.sh" \
             "bash tests/async_app.sh"
TEST_CMDS += $(TRACE_TEST_CMDS)

# make check: the quick tier (a few minutes of CPU, under two minutes on 2 cores): the
# unit tests, the shipped and shared traces through the tools, and a short lockstep
# co-simulation of the default and of a small configuration.
CHECK_CMDS := $(foreach t,$(TESTS),"$(t)") "bash tests/trace_runs.sh" "bash tests/cli_help.sh" \
              "bash tests/hint_check.sh" "bash tests/gpu_bad_input.sh" "bash tests/report_sync.sh" \
              "bash tests/compare_designs.sh" "bash tests/hint_static.sh" "bash tests/power_sta_check.sh" \
              "bash tests/energy_table.sh" "bash tests/grid_scale.sh" "bash tests/cfg_split.sh" \
              "bash tests/check_cosim.sh" "bash tests/check_cosim.sh data_bits=32 warps=4 ccus=2 entries=4 slots=3" \
              "bash tests/runner_limits.sh" "bash tests/kit_quick.sh" "bash tests/filelist_test.sh" \
              "bash tests/linemap_test.sh" "bash tests/async_app.sh"
check:
	@$(MAKE) --no-print-directory -j$(NPROC) check-build
	@bash tests/run_tests.sh $(CHECK_CMDS)

check-build: $(TESTS) $(BUILD)/malekeh-sim $(BUILD)/ccugen

# make test builds what the tests need NPROC at a time (test-build: half the build's wall
# time on 2 cores), then runs them
test:
	@$(MAKE) --no-print-directory -j$(NPROC) test-build
	@bash tests/run_tests.sh $(TEST_CMDS)

test-build: $(TESTS) $(SAN_TESTS) $(BUILD)/malekeh-sim $(BUILD)/ccugen $(BUILD)/area-report

$(BUILD)/bench-model: $(BUILD)/obj/bench/bench_model.o $(BUILD)/libmk.a
	@$(call step,LD ,$@)
	$(Q)$(CC) $(CFLAGS) $(NOLTO) -o $@ $^ $(LDLIBS)

bench: $(BUILD)/bench-model $(BUILD)/ccugen
	@bash scripts/bench.sh

clean:
	rm -rf $(BUILD)

# co-simulation and area flows (their own files)
include $(sort $(wildcard mk/*.mk))
