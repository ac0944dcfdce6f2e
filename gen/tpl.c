/* tpl.c - @VAR@ substitution and //@if blocks (see tpl.h). */
#include "tpl.h"

#include <stdlib.h>
#include <string.h>

/* Index of a variable or -1. */
static int find(const tpl_vars *v, const char *name, size_t len)
{
    for (int i = 0; i < v->n; i++)
        if (strlen(v->name[i]) == len && strncmp(v->name[i], name, len) == 0)
            return i;
    return -1;
}

/* See tpl.h. */
int tpl_set(tpl_vars *v, const char *name, const char *value)
{
    int i = find(v, name, strlen(name));
    char *copy = malloc(strlen(value) + 1);
    if (!copy)
        return -1;
    strcpy(copy, value);
    if (i >= 0) {
        free(v->value[i]);
        v->value[i] = copy;
        return 0;
    }
    if (v->n == TPL_MAX_VARS) {
        free(copy);
        return -1;
    }
    v->name[v->n] = name;
    v->value[v->n++] = copy;
    return 0;
}

/* See tpl.h. */
int tpl_seti(tpl_vars *v, const char *name, long value)
{
    char buf[32];
    snprintf(buf, sizeof buf, "%ld", value);
    return tpl_set(v, name, buf);
}

/* See tpl.h. */
void tpl_free(tpl_vars *v)
{
    for (int i = 0; i < v->n; i++)
        free(v->value[i]);
    v->n = 0;
}

/* Truth of a variable for //@if. */
static int truth(const tpl_vars *v, const char *name, size_t len, int *ok)
{
    int i = find(v, name, len);
    *ok = i >= 0;
    return i >= 0 && strcmp(v->value[i], "0") != 0 && v->value[i][0] != '\0';
}

/* Integer expression over variables: + - * / % ( ), precedence as in C. */
typedef struct {
    const char *p, *end;
    const tpl_vars *v;
    int bad;
} expr_t;

static long expr_sum(expr_t *e);

/* Skip blanks. */
static void blanks(expr_t *e)
{
    while (e->p < e->end && *e->p == ' ')
        e->p++;
}

/* number | NAME | ( sum ) | -atom */
static long expr_atom(expr_t *e)
{
    blanks(e);
    if (e->p >= e->end) {
        e->bad = 1;
        return 0;
    }
    if (*e->p == '(') {
        e->p++;
        long x = expr_sum(e);
        blanks(e);
        if (e->p >= e->end || *e->p != ')')
            e->bad = 1;
        else
            e->p++;
        return x;
    }
    if (*e->p == '-') {
        e->p++;
        return -expr_atom(e);
    }
    if (*e->p >= '0' && *e->p <= '9') {
        long x = 0;
        while (e->p < e->end && *e->p >= '0' && *e->p <= '9')
            x = x * 10 + (*e->p++ - '0');
        return x;
    }
    const char *s = e->p;
    while (e->p < e->end && (*e->p == '_' || (*e->p >= 'A' && *e->p <= 'Z') ||
                             (*e->p >= 'a' && *e->p <= 'z') || (*e->p >= '0' && *e->p <= '9')))
        e->p++;
    int k = find(e->v, s, (size_t)(e->p - s));
    if (k < 0) {
        e->bad = 1;
        return 0;
    }
    return strtol(e->v->value[k], NULL, 10);
}

/* atom { (*|/|%) atom } */
static long expr_prod(expr_t *e)
{
    long x = expr_atom(e);
    for (;;) {
        blanks(e);
        if (e->p >= e->end || (*e->p != '*' && *e->p != '/' && *e->p != '%'))
            return x;
        char op = *e->p++;
        long y = expr_atom(e);
        if (op == '*')
            x *= y;
        else if (y == 0)
            e->bad = 1;
        else
            x = op == '/' ? x / y : x % y;
    }
}

/* prod { (+|-) prod } */
static long expr_sum(expr_t *e)
{
    long x = expr_prod(e);
    for (;;) {
        blanks(e);
        if (e->p >= e->end || (*e->p != '+' && *e->p != '-'))
            return x;
        char op = *e->p++;
        long y = expr_prod(e);
        x = op == '+' ? x + y : x - y;
    }
}

/* Evaluate s[0..len) fully; 0 or -1. */
static int eval_expr(const tpl_vars *v, const char *s, size_t len, long *out)
{
    expr_t e = {s, s + len, v, 0};
    *out = expr_sum(&e);
    blanks(&e);
    return (e.bad || e.p != e.end) ? -1 : 0;
}

/* Write a variable's value; marked: after its first newline, the line "\001G" (the lines
 * after it are the value's, generated text), once per template line (*multi set). */
static void emit_value(const char *val, FILE *f, int marked, int *multi)
{
    const char *nl = marked && !*multi ? strchr(val, '\n') : NULL;
    if (!nl) {
        fputs(val, f);
        return;
    }
    fwrite(val, 1, (size_t)(nl + 1 - val), f);
    fputs("\001G\n", f);
    fputs(nl + 1, f);
    *multi = 1;
}

/* Emit one line with ${NAME} substitutions; -1 on an unknown variable. marked: see
 * emit_value. */
static int emit_line(const char *s, size_t len, const tpl_vars *v, FILE *f, const char **bad,
                     size_t *badlen, int marked, int *multi)
{
    size_t i = 0;
    while (i < len) {
        const char *at = NULL;
        for (size_t j = i; j + 1 < len; j++)
            if (s[j] == '$' && s[j + 1] == '{') {
                at = s + j;
                break;
            }
        const char *end = at ? memchr(at, '}', len - (size_t)(at - s)) : NULL;
        if (!at || !end) {
            fwrite(s + i, 1, len - i, f);
            return 0;
        }
        fwrite(s + i, 1, (size_t)(at - (s + i)), f);
        if (at[2] == '=') {
            long x;
            if (eval_expr(v, at + 3, (size_t)(end - at - 3), &x) != 0) {
                *bad = at + 2;
                *badlen = (size_t)(end - at - 2);
                return -1;
            }
            fprintf(f, "%ld", x);
            i = (size_t)(end + 1 - s);
            continue;
        }
        int k = find(v, at + 2, (size_t)(end - at - 2));
        if (k < 0) {
            *bad = at + 2;
            *badlen = (size_t)(end - at - 2);
            return -1;
        }
        emit_value(v->value[k], f, marked, multi);
        i = (size_t)(end + 1 - s);
    }
    return 0;
}

/* tpl_expand, with the markers of tpl_expand_marked when marked. */
static int expand(const char *tname, const char *text, const tpl_vars *v, FILE *f, char *err,
                  size_t errlen, int marked)
{
    int keep[32], depth = 0, lineno = 0, expect = 0; /* expect: the template line the output's
                                                        next line is, counting on; 0 none */
    keep[0] = 1;
    const char *p = text;
    while (*p) {
        const char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) + 1 : strlen(p);
        const char *q = p;
        lineno++;
        while (*q == ' ')
            q++;
        int ok = 1;
        if (strncmp(q, "//@if ", 6) == 0 || strncmp(q, "//@ifnot ", 9) == 0) {
            int neg = strncmp(q, "//@ifnot ", 9) == 0;
            const char *name = q + (neg ? 9 : 6);
            size_t nlen = strcspn(name, " \r\n");
            int t = truth(v, name, nlen, &ok);
            if (depth == 31 || !ok) {
                snprintf(err, errlen, "%s:%d: bad //@if (unknown variable or too deep)", tname,
                         lineno);
                return -1;
            }
            depth++;
            keep[depth] = keep[depth - 1] && (neg ? !t : t);
        } else if (strncmp(q, "//@else", 7) == 0) {
            if (depth == 0) {
                snprintf(err, errlen, "%s:%d: //@else without //@if", tname, lineno);
                return -1;
            }
            keep[depth] = keep[depth - 1] && !keep[depth];
        } else if (strncmp(q, "//@endif", 8) == 0) {
            if (depth == 0) {
                snprintf(err, errlen, "%s:%d: //@endif without //@if", tname, lineno);
                return -1;
            }
            depth--;
        } else if (keep[depth]) {
            const char *bad = NULL;
            size_t blen = 0;
            int multi = 0;
            if (marked && lineno != expect)
                fprintf(f, "\001T %d\n", lineno);
            if (emit_line(p, len, v, f, &bad, &blen, marked, &multi) != 0) {
                snprintf(err, errlen, "%s:%d: unknown template variable or bad expression '%.*s'", tname, lineno,
                         (int)blen, bad);
                return -1;
            }
            expect = multi ? 0 : lineno + 1;
        }
        p += len;
    }
    if (depth != 0) {
        snprintf(err, errlen, "%s: unterminated //@if", tname);
        return -1;
    }
    return 0;
}

/* See tpl.h. */
int tpl_expand(const char *tname, const char *text, const tpl_vars *v, FILE *f, char *err,
               size_t errlen)
{
    return expand(tname, text, v, f, err, errlen, 0);
}

/* See tpl.h. */
int tpl_expand_marked(const char *tname, const char *text, const tpl_vars *v, FILE *f, char *err,
                      size_t errlen)
{
    return expand(tname, text, v, f, err, errlen, 1);
}
