/* align.c - line up declaration names, as a person would in hand-written RTL. */
#include "align.h"

#include <string.h>

typedef struct {
    const char *line;   /* start of line */
    size_t len;         /* without newline */
    size_t head;        /* length of "  input  wire [7:0]" part, trailing blanks excluded */
    size_t name;        /* offset where the name starts, or 0 if not a declaration */
    int comment;        /* a comment-only line (or a line marker) inside a run: copied, does
                           not end the run */
} decl;

/* Does the line start (after blanks) with a declaration keyword? Fill d->head / d->name. */
static void parse(decl *d)
{
    static const char *const kw[] = {"input ", "output ", "inout ", "wire ", "reg ", "integer "};
    const char *s = d->line, *e = d->line + d->len, *p = s;
    d->name = 0;
    while (p < e && *p == ' ')
        p++;
    int any = 0;
    const char *h = p;
    for (;;) {
        int hit = 0;
        for (size_t k = 0; k < sizeof kw / sizeof kw[0]; k++) {
            size_t n = strlen(kw[k]);
            if ((size_t)(e - p) > n && strncmp(p, kw[k], n) == 0) {
                h = p + n - 1;
                p += n;
                while (p < e && *p == ' ')
                    p++;
                hit = any = 1;
            }
        }
        if (!hit)
            break;
    }
    if (!any)
        return;
    if (p < e && *p == '[') {
        const char *q = memchr(p, ']', (size_t)(e - p));
        if (!q)
            return;
        p = q + 1;
        h = p;
    } else {
        h = p;
        while (h > s && h[-1] == ' ')
            h--;
    }
    while (p < e && *p == ' ')
        p++;
    if (p >= e || !((*p >= 'a' && *p <= 'z') || *p == '_'))
        return;
    d->head = (size_t)(h - s);
    d->name = (size_t)(p - s);
}

/* Write one run of declarations [a, b) aligned at one column. */
static void flush_run(const decl *d, int a, int b, FILE *f)
{
    size_t col = 0;
    for (int i = a; i < b; i++)
        if (!d[i].comment && d[i].head > col)
            col = d[i].head;
    for (int i = a; i < b; i++) {
        if (d[i].comment) {
            fwrite(d[i].line, 1, d[i].len, f);
            fputc('\n', f);
            continue;
        }
        fwrite(d[i].line, 1, d[i].head, f);
        fprintf(f, "%*s", (int)(col + 1 - d[i].head), "");
        fwrite(d[i].line + d[i].name, 1, d[i].len - d[i].name, f);
        fputc('\n', f);
    }
}

/* See align.h. Lines are processed in runs of at most 256. */
void align_decls(const char *text, size_t len, FILE *f)
{
    decl run[256];
    int n = 0;
    const char *p = text, *end = text + len;
    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        decl d = {p, nl ? (size_t)(nl - p) : (size_t)(end - p), 0, 0, 0};
        parse(&d);
        const char *q = d.line;
        while (q < d.line + d.len && *q == ' ')
            q++;
        /* a comment line, or a line marker of tpl_expand_marked, inside a run */
        d.comment = !d.name && n > 0 &&
                    ((d.len - (size_t)(q - d.line) >= 2 && q[0] == '/' && q[1] == '/') ||
                     (d.len >= 1 && d.line[0] == '\001'));
        if ((d.name || d.comment) && n < 256) {
            run[n++] = d;
        } else {
            flush_run(run, 0, n, f);
            n = 0;
            if (d.name) {
                run[n++] = d;
            } else {
                fwrite(d.line, 1, d.len, f);
                if (nl)
                    fputc('\n', f);
            }
        }
        p = nl ? nl + 1 : end;
    }
    flush_run(run, 0, n, f);
}
