# mk/validate.mk - the GPU model against silicon (included by the Makefile).
#   make validate [VALIDATE_HW=../shared/hw-cycles] [CONFIG=...]
# every kernel of VALIDATE_HW/ground_truth.csv (an H100 PCIe) on the GPU model: measured
# and simulated cycles and the error, the dependent-FFMA slope, the empty-kernel launch
# cost; writes build/validate/validate.csv (error_pct per kernel), launch.csv, launch.svg.
VALIDATE_HW ?= ../shared/hw-cycles
#> validate           the GPU model against cycles measured on an H100 (../shared/hw-cycles)
.PHONY: validate

validate: $(BUILD)/malekeh-sim
	@bash scripts/validate.sh $(VALIDATE_HW) $(BUILD)/validate $(CONFIG)

TEST_CMDS += "bash tests/validate_test.sh" "bash tests/gpu_fast_idle.sh" "bash tests/gpu_bad_input.sh" "bash tests/gpu_batch.sh"
