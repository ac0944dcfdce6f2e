/* emit.h - the set of files one generator run writes, kept in memory until every file
 * is complete, then written atomically (temp file + rename) so a failed run writes nothing. */
#ifndef EMIT_H
#define EMIT_H

#include <stdio.h>

#define EMIT_MAX_FILES 32

typedef struct {
    char *name[EMIT_MAX_FILES];
    char *buf[EMIT_MAX_FILES];
    size_t len[EMIT_MAX_FILES];
    FILE *f[EMIT_MAX_FILES];
    int n;
} emit_set;

/* Start a new in-memory file called name; NULL on failure. */
FILE *emit_open(emit_set *s, const char *name);

/* Write every file into dir (created if missing). 0, or -1 with err. */
int emit_commit(emit_set *s, const char *dir, char *err, size_t errlen);

/* Free the buffers. */
void emit_free(emit_set *s);

#endif
