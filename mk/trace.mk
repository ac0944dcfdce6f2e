# mk/trace.mk - the trace front end (included by the Makefile).
#   build/malekeh-hints          reuse hints of an Accel-Sim trace (hints/hints_main.c)
#   make trace-bench             reader speed and peak memory on a generated long trace
# TRACE_TEST_CMDS: the commands `make test` runs for the trace front end.
#> trace-bench        the trace reader's speed and memory on a long trace
.PHONY: trace-bench

build: $(BUILD)/malekeh-hints

$(BUILD)/malekeh-hints: $(BUILD)/obj/hints/hints_main.o $(BUILD)/libmk.a
	@$(call step,LD ,$@)
	$(Q)$(CC) $(CFLAGS) $(NOLTO) -o $@ $^ $(LDLIBS)

$(BUILD)/trace-bench: $(BUILD)/obj/bench/trace_bench.o $(BUILD)/libmk.a
	@$(call step,LD ,$@)
	$(Q)$(CC) $(CFLAGS) $(NOLTO) -o $@ $^ $(LDLIBS)

trace-bench: $(BUILD)/trace-bench $(BUILD)/malekeh-hints
	@bash bench/trace_bench.sh

TRACE_TEST_CMDS = "bash tests/trace_bad.sh $(BUILD)/malekeh-hints"
TRACE_TEST_CMDS += "bash tests/trace_values.sh"

test-build: $(BUILD)/malekeh-hints
