/* emit.c - in-memory output files, committed all together. */
#include "emit.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* See emit.h. */
FILE *emit_open(emit_set *s, const char *name)
{
    if (s->n == EMIT_MAX_FILES)
        return NULL;
    int i = s->n;
    s->name[i] = strdup(name);
    s->buf[i] = NULL;
    s->len[i] = 0;
    s->f[i] = s->name[i] ? open_memstream(&s->buf[i], &s->len[i]) : NULL;
    if (!s->f[i]) {
        free(s->name[i]);
        return NULL;
    }
    s->n++;
    return s->f[i];
}

/* mkdir -p. */
static int make_dirs(const char *dir)
{
    char path[4096];
    if (strlen(dir) >= sizeof path)
        return -1;
    strcpy(path, dir);
    for (char *p = path + 1; *p; p++) {
        if (*p != '/')
            continue;
        *p = '\0';
        if (mkdir(path, 0777) != 0 && errno != EEXIST)
            return -1;
        *p = '/';
    }
    return (mkdir(path, 0777) != 0 && errno != EEXIST) ? -1 : 0;
}

/* Write one buffer to path via path.tmp + rename. */
static int write_one(const char *path, const char *buf, size_t len)
{
    char tmp[4200];
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    FILE *f = fopen(tmp, "wb");
    if (!f)
        return -1;
    int ok = fwrite(buf, 1, len, f) == len;
    ok &= fclose(f) == 0;
    if (!ok || rename(tmp, path) != 0) {
        unlink(tmp);
        return -1;
    }
    return 0;
}

/* See emit.h. */
int emit_commit(emit_set *s, const char *dir, char *err, size_t errlen)
{
    for (int i = 0; i < s->n; i++) {
        if (s->f[i] && fclose(s->f[i]) != 0) {
            s->f[i] = NULL;
            snprintf(err, errlen, "cannot finish %s in memory", s->name[i]);
            return -1;
        }
        s->f[i] = NULL;
    }
    if (make_dirs(dir) != 0) {
        snprintf(err, errlen, "%s: cannot create directory: %s", dir, strerror(errno));
        return -1;
    }
    for (int i = 0; i < s->n; i++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, s->name[i]);
        if (write_one(path, s->buf[i], s->len[i]) != 0) {
            snprintf(err, errlen, "%s: cannot write: %s", path, strerror(errno));
            return -1;
        }
    }
    return 0;
}

/* See emit.h. */
void emit_free(emit_set *s)
{
    for (int i = 0; i < s->n; i++) {
        if (s->f[i])
            fclose(s->f[i]);
        free(s->buf[i]);
        free(s->name[i]);
    }
    s->n = 0;
}
