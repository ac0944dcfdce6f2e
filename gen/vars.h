/* vars.h - template variables of one configuration: widths, sizes, variant flags. */
#ifndef VARS_H
#define VARS_H

#include "cfg.h"
#include "tpl.h"

/* Fill v for configuration c; debug = 1 adds the dbg_* state ports. 0, or -1 on
 * allocation failure. Sets PREFIX (the module-name prefix) from the configuration hash. */
int vars_build(tpl_vars *v, const cfg_t *c, int debug);

#endif
