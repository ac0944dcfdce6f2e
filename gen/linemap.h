/* linemap.h - `line directives (IEEE 1364-2005 19.7) in a generated file, so that a tool's
 * message on a line names the template line it came from. */
#ifndef LINEMAP_H
#define LINEMAP_H

#include <stdio.h>

/* Copy text, which holds tpl_expand_marked's markers (tpl.h), to f with every marker
 * replaced: the lines after a "\001T N" marker are lines N, N + 1, ... of the template src
 * (e.g. "gen/templates/lfsr.vt"); the lines before the first marker, after a "\001G"
 * marker, and a template line starting with "module " are generated text, named by their
 * own line in out_name (Verilator's DECLFILENAME compares a module's name with the name
 * of the file it is declared in). A directive `line N "FILE" 0 is written only where the
 * line count would otherwise give the wrong place, so the output stays deterministic and
 * has none where nothing moves. */
void line_directives(const char *text, size_t len, const char *src, const char *out_name,
                     FILE *f);

#endif
