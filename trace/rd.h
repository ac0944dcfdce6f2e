/* rd.h - the line source of the trace reader: a file or a memory buffer, plain, xz or
 * gzip (detected from the magic bytes), cut into lines. Memory is one fixed buffer.
 *
 * Errors are written as one full line `name:line: what (expected)` into err
 * (RD_ERR_LEN bytes, trc.h's TRC_ERR_LEN); `line` is the number of the last line returned, i.e. the last good
 * line when a compressed stream turns out corrupt or truncated.
 */
#ifndef RD_H
#define RD_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#define RD_MAX_LINE (1u << 20)  /* longest accepted line, bytes */
#define RD_ERR_LEN 512          /* bytes of an error message (trc.h: TRC_ERR_LEN) */

typedef struct rd rd_t;

/* Open a file; NULL with err on failure. */
rd_t *rd_open_file(const char *path, char *err);

/* Open a memory buffer (kept by the caller until rd_close); NULL with err on failure. */
rd_t *rd_open_mem(const void *buf, size_t len, const char *name, char *err);

/* Next line (NUL-terminated, no '\n' or trailing '\r'): 1 and *line (valid until the next
 * call) and its length *n set, 0 at the end, -1 with err. */
int rd_line(rd_t *r, char **line, size_t *n, char *err);

/* Number of the line last returned (1-based; 0 before the first). */
uint64_t rd_lineno(const rd_t *r);

/* 1 if the line last returned ended at the end of the data, without a newline. */
int rd_partial(const rd_t *r);

/* The name given at open. */
const char *rd_name(const rd_t *r);

/* "none", "xz" or "gzip". */
const char *rd_kind(const rd_t *r);

/* Format `name:line: ` + fmt into err (RD_ERR_LEN bytes), cut to fit. */
void rd_verr(char *err, const char *name, uint64_t line, const char *fmt, va_list ap);

/* Close (NULL is fine). */
void rd_close(rd_t *r);

#endif
