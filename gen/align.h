/* align.h - column alignment of Verilog declarations in generated text. */
#ifndef ALIGN_H
#define ALIGN_H

#include <stdio.h>

/* Copy text to f; in every run of consecutive declaration lines (input/output/wire/reg
 * with an optional [range]) the declared names start in one column. */
void align_decls(const char *text, size_t len, FILE *f);

#endif
