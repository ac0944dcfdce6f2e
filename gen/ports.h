/* ports.h - the top module's port list, written from the port table (cmodel/mlk_ports.h). */
#ifndef PORTS_H
#define PORTS_H

#include <stdio.h>

#include "cfg.h"

/* Write the port declarations of <prefix>_subcore for configuration c (debug = 1: with the
 * --debug ports) into f as template text: one line per port with its comment, the table's
 * comment lines, lint waivers of ports a variant does not read; no trailing newline. The
 * comments may name template variables (${DATA_BITS}): expand the text before use. */
void ports_write(FILE *f, const cfg_t *c, int debug);

#endif
