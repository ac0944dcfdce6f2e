/* tinst.c - a trace instruction's register lists (see tinst.h). */
#include "tinst.h"

#include <string.h>

void trc_set_regs(trc_inst *in, const uint8_t *dst, unsigned ndst, const uint8_t *src,
                  unsigned nsrc, uint8_t *store)
{
    uint8_t *to = ndst + nsrc <= TRC_INLINE_REGS ? in->reg.inl : store;
    memmove(to, dst, ndst); /* memmove: the lists may already be in store */
    memmove(to + ndst, src, nsrc);
    in->ndst = (uint8_t)ndst;
    in->nsrc = (uint8_t)nsrc;
    if (to == store) in->reg.ext = store;
}
