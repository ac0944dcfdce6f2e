/* tpl.h - a small text template engine for the Verilog generator.
 * `${NAME}` is replaced by the variable's value, `${=EXPR}` by the value of an integer
 * expression over variables (+ - * / % and parentheses, e.g. ${=ENTRIES*REG_BITS-1}); lines `//@if NAME`, `//@ifnot NAME`,
 * `//@else`, `//@endif` keep or drop the lines between them (NAME true = nonzero value
 * text other than "0"); they nest. An unknown variable is an error (no silent output). */
#ifndef TPL_H
#define TPL_H

#include <stdio.h>

#define TPL_MAX_VARS 128

typedef struct {
    const char *name[TPL_MAX_VARS];
    char *value[TPL_MAX_VARS];
    int n;
} tpl_vars;

/* Set (or replace) a variable to a copy of value; 0 or -1 on allocation failure. */
int tpl_set(tpl_vars *v, const char *name, const char *value);

/* Set a variable to a decimal integer. */
int tpl_seti(tpl_vars *v, const char *name, long value);

/* Free every value. */
void tpl_free(tpl_vars *v);

/* Expand template text into f. 0, or -1 with a message in err (template name and line). */
int tpl_expand(const char *tname, const char *text, const tpl_vars *v, FILE *f, char *err,
               size_t errlen);

/* tpl_expand, and marks where each output line comes from, for line_directives (linemap.h):
 * a line "\001T N" before an output line that is template line N whenever the previous
 * output line was not template line N - 1 (the first line, after dropped //@if lines, after
 * a multi-line value), and a line "\001G" after the first line of a multi-line variable
 * value: the lines after it, to the end of the template line, are generated text. */
int tpl_expand_marked(const char *tname, const char *text, const tpl_vars *v, FILE *f, char *err,
                      size_t errlen);

#endif
