/* fuzz_trace.c - libFuzzer target: the streaming trace reader (trc_open_mem, keeping
 * register values, then every block through trc_next_block / trc_block_free, then
 * trc_close), plain or compressed input. Any input must end in 0 (end of trace) or -1
 * with a one-line message. */
#include <stdint.h>
#include <string.h>

#include "trc.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* An error message must be one non-empty line. */
static void check_err(const char *err)
{
    size_t n = strnlen(err, TRC_ERR_LEN);
    if (n == 0 || n >= TRC_ERR_LEN || memchr(err, '\n', n)) __builtin_trap();
}

/* Touch the register value rows of in (trc_keep_values): they belong to its registers and
 * lie in the warp's pool. */
static unsigned walk_values(const trc_warp *w, const trc_inst *in)
{
    unsigned sum = 0;
    unsigned rows = (unsigned)(__builtin_popcount(in->vdst) + __builtin_popcount(in->vsrc));
    if ((in->ndst < 32 && in->vdst >> in->ndst) || (in->nsrc < 32 && in->vsrc >> in->nsrc))
        __builtin_trap();
    const uint32_t *r = trc_val_rows(w, in);
    if (!rows) return 0;
    if (!r || in->vrow + rows > w->nval) __builtin_trap();
    for (unsigned k = 0; k < rows * TRC_VAL_ROW; k++) sum += r[k];
    return sum;
}

/* Touch every decoded field so a bad pointer or length is seen by ASan. */
static unsigned walk(const trc_t *t, const trc_block *b)
{
    unsigned sum = 0;
    for (unsigned w = 0; w < b->nwarps; w++)
        for (uint32_t i = 0; i < b->warp[w].n; i++) {
            const trc_inst *in = &b->warp[w].inst[i];
            if (in->ndst > TRC_MAX_XREGS || in->nsrc > TRC_MAX_XREGS) __builtin_trap();
            for (unsigned k = 0; k < in->ndst; k++) sum += trc_dsts(in)[k];
            for (unsigned k = 0; k < in->nsrc; k++) sum += trc_srcs(in)[k];
            sum += (unsigned)strlen(trc_opcode_name(t, in->op)) + in->cls;
            sum += walk_values(&b->warp[w], in);
        }
    return sum;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char err[TRC_ERR_LEN];
    trc_block *b = NULL;
    int rc;
    volatile unsigned sink = 0;
    err[0] = '\0';
    trc_t *t = trc_open_mem(data, size, "fuzz.traceg", err);
    if (!t) {
        check_err(err);
        return 0;
    }
    (void)trc_kernel_info(t);
    trc_keep_values(t);
    while ((rc = trc_next_block(t, &b, err)) == 1) {
        sink += walk(t, b);
        trc_block_free(b);
        b = NULL;
    }
    if (rc < 0) check_err(err);
    trc_close(t);
    (void)sink;
    return 0;
}
