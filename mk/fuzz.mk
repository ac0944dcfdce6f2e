# mk/fuzz.mk - libFuzzer harnesses of the parsers (included by the Makefile). docs/verification.md.
#   make fuzz [FUZZ_SECONDS=300] [FUZZ_TARGETS="cfg fsm trace hint gpu"]   long run of each target
#   make fuzz-merge      fold what the last `make fuzz` found into the committed fuzz/corpus/
# Targets: cfg (cfg_load_file + cfg_validate), fsm (fsm.N rows through cfg_set), and, once
# trace/trc.c exists, trace (trc_open_mem + trc_next_block), hint (hint_tab_read) and gpu
# (run_sim: any input run as a trace on a small GPU or one sub-core, values and invariants
# checked every cycle).
# FUZZ_TEST_CMDS: the bounded run `make test` does (FUZZ_TEST_SECONDS per target).
FUZZ_CC           ?= clang-14
FUZZ_SECONDS      ?= 300
FUZZ_TEST_SECONDS ?= 12
FUZZ_CFLAGS := -std=c11 -O1 -g -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes \
               -D_POSIX_C_SOURCE=200809L -fsanitize=fuzzer,address,undefined \
               -fno-sanitize-recover=all -fno-omit-frame-pointer
FUZZ_OBJ_CFLAGS := $(patsubst -fsanitize=fuzzer%,-fsanitize=fuzzer-no-link%,$(FUZZ_CFLAGS))
FUZZ_DIR := $(BUILD)/fuzz

FUZZ_ALL := cfg fsm
ifneq ($(wildcard trace/trc.c),)
FUZZ_ALL += trace hint gpu
endif
FUZZ_TARGETS ?= $(FUZZ_ALL)
FUZZ_BINS := $(patsubst %,$(FUZZ_DIR)/fuzz_%,$(FUZZ_ALL))

FUZZ_HDRS := $(wildcard fuzz/*.h) $(HDRS)

$(FUZZ_DIR)/fuzz_cfg: fuzz/fuzz_cfg.c fuzz/fuzz_mem.c cmodel/cfgkey.c cmodel/cfg.c $(CFG_PARTS) $(FUZZ_HDRS)
	@mkdir -p $(dir $@)
	@$(call step,FUZZ,$@)
	$(Q)$(FUZZ_CC) $(FUZZ_CFLAGS) -Icmodel $(CFG_INC) -Ifuzz -o $@ fuzz/fuzz_cfg.c fuzz/fuzz_mem.c cmodel/cfgkey.c cmodel/cfg.c $(CFG_PARTS)

$(FUZZ_DIR)/fuzz_fsm: fuzz/fuzz_fsm.c cmodel/cfgkey.c cmodel/cfg.c $(FUZZ_HDRS)
	@mkdir -p $(dir $@)
	@$(call step,FUZZ,$@)
	$(Q)$(FUZZ_CC) $(FUZZ_CFLAGS) -Icmodel -o $@ fuzz/fuzz_fsm.c cmodel/cfgkey.c cmodel/cfg.c

# the trace, hint and gpu targets link the whole library (the readers may use cmodel/
# helpers), compiled once for the three (instrumented, without libFuzzer's main)
FUZZ_LIB_OBJS := $(patsubst %.c,$(FUZZ_DIR)/obj/%.o,$(LIB_SRC))
$(FUZZ_DIR)/obj/%.o: %.c $(FUZZ_HDRS)
	@mkdir -p $(dir $@)
	@$(call step,FUZZ,$@)
	$(Q)$(FUZZ_CC) $(FUZZ_OBJ_CFLAGS) $(INC) -c -o $@ $<

$(FUZZ_DIR)/fuzz_trace $(FUZZ_DIR)/fuzz_hint $(FUZZ_DIR)/fuzz_gpu: $(FUZZ_DIR)/fuzz_%: fuzz/fuzz_%.c fuzz/fuzz_mem.c $(FUZZ_LIB_OBJS) $(FUZZ_HDRS)
	@mkdir -p $(dir $@)
	@$(call step,FUZZ,$@)
	$(Q)$(FUZZ_CC) $(FUZZ_CFLAGS) $(INC) -Ifuzz -o $@ $< fuzz/fuzz_mem.c $(FUZZ_LIB_OBJS) $(LDLIBS)

#> fuzz               fuzz the parsers (libFuzzer, FUZZ_SECONDS)
#> fuzz-build         build the fuzzers
#> fuzz-merge         merge the fuzz corpora
.PHONY: fuzz fuzz-build fuzz-merge
fuzz-build: $(FUZZ_BINS)

fuzz: $(FUZZ_BINS)
	@bash tests/fuzz_run.sh --seconds $(FUZZ_SECONDS) --keep $(FUZZ_TARGETS)

fuzz-merge: $(FUZZ_BINS)
	@bash tests/fuzz_run.sh --merge $(FUZZ_TARGETS)

FUZZ_TEST_CMDS = "bash tests/fuzz_run.sh --seconds $(FUZZ_TEST_SECONDS) $(FUZZ_ALL)"
TEST_CMDS += $(FUZZ_TEST_CMDS)
test-build: $(FUZZ_BINS)
