/* linemap.c - `line directives from the template engine's markers (see linemap.h). */
#include "linemap.h"

#include <stdlib.h>
#include <string.h>

/* See linemap.h. */
void line_directives(const char *text, size_t len, const char *src, const char *out_name,
                     FILE *f)
{
    const char *p = text, *end = text + len;
    long out = 1;           /* the output line the next line written is */
    int cur_src = 0;        /* where a tool places the next line: src (1) or out_name (0) */
    long cur = 1;           /* ... and at which line */
    int in_tpl = 0;         /* the lines come from the template */
    long tline = 0;         /* the template line of the next line, when in_tpl */
    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t n = nl ? (size_t)(nl - p) + 1 : (size_t)(end - p);
        if (n >= 2 && p[0] == '\001' && p[1] == 'T') {
            in_tpl = 1;
            tline = strtol(p + 2, NULL, 10);
            p += n;
            continue;
        }
        if (n >= 2 && p[0] == '\001' && p[1] == 'G') {
            in_tpl = 0;
            p += n;
            continue;
        }
        int want_src = in_tpl && !(n >= 7 && strncmp(p, "module ", 7) == 0);
        long want = want_src ? tline : out;
        if (want_src != cur_src || want != cur) {
            if (!want_src)
                want = out + 1; /* the directive takes this line */
            fprintf(f, "`line %ld \"%s\" 0\n", want, want_src ? src : out_name);
            out++;
            cur_src = want_src;
            cur = want;
        }
        fwrite(p, 1, n, f);
        out++;
        cur++;
        if (in_tpl)
            tline++;
        p += n;
    }
}
