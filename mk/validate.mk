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

#   make validate-apps APPS=DIR [VALIDATE_LIMIT=15] [CONFIG=...]
# your own measured applications or kernels (DIR/ground_truth_nsys.csv, the layout of
# ../shared/hw-cycles; traces or kernel lists relative to DIR) on the GPU model: error per
# row, judged at +-VALIDATE_LIMIT % with no unknown opcode; build/validate-apps/.
#> validate-apps      your measured applications (APPS=DIR) against the GPU model, +-15 %
.PHONY: validate-apps
validate-apps: $(BUILD)/malekeh-sim
	@bash scripts/validate_apps.sh "$(APPS)" $(BUILD)/validate-apps $(CONFIG)

TEST_CMDS += "bash tests/validate_test.sh" "bash tests/gpu_fast_idle.sh" "bash tests/gpu_bad_input.sh" "bash tests/gpu_batch.sh" \
             "bash tests/validate_apps_test.sh"
