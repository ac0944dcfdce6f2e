/* templates.h - the Verilog templates embedded into ccugen (see gen/vt2c.sh). */
#ifndef TEMPLATES_H
#define TEMPLATES_H

typedef struct {
    const char *name;  /* file name without .vt */
    const char *text;
} gen_template;

/* All templates, terminated by {0, 0}. */
extern const gen_template gen_templates[];

#endif
