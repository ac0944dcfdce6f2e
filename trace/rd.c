/* rd.c - byte stream (plain / xz / gzip, file or memory) and line splitting. */
#include "rd.h"

#include <errno.h>
#include <lzma.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>


#define RD_IN_CHUNK (256u << 10)      /* compressed input chunk */
#define RD_BUF (RD_MAX_LINE + 4096u)  /* decoded bytes buffer */
#define RD_FILL (64u << 10)           /* bytes asked for per refill: a long line takes several,
                                         and only the buffer's first pages are ever touched */
#define RD_XZ_MEMLIMIT (512ull << 20)

enum { K_NONE = 0, K_XZ, K_GZ };

struct rd {
    char name[256];
    FILE *f;                /* NULL for memory input */
    const uint8_t *mem;     /* memory input */
    size_t mem_len, mem_pos;
    int kind;
    int in_eof, out_eof;    /* raw input exhausted; decoded stream ended */
    uint8_t *in;            /* compressed input chunk (file input) */
    lzma_stream xz;
    z_stream gz;
    int dec_ready;
    char *buf;              /* decoded bytes [beg, end), cap bytes (+1 for a NUL) */
    size_t cap;
    size_t beg, end;
    size_t nul;             /* offset of the first NUL byte in [beg, end), or NO_NUL */
    uint64_t lineno;
    int partial;            /* the last line returned had no newline */
};

#define NO_NUL SIZE_MAX

void rd_verr(char *err, const char *name, uint64_t line, const char *fmt, va_list ap)
{
    int n = snprintf(err, RD_ERR_LEN, "%s:%llu: ", name, (unsigned long long)line);
    if (n < 0 || n >= RD_ERR_LEN - 1) return;
    vsnprintf(err + n, RD_ERR_LEN - (size_t)n, fmt, ap);
}

static void rd_err(const rd_t *r, char *err, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    rd_verr(err, r->name, r->lineno, fmt, ap);
    va_end(ap);
}

/* The first NUL byte in buf[from, to), or NO_NUL: one scan per decoded chunk, so a line
 * needs no scan of its own (a line holds a NUL iff nul falls inside it). */
static size_t find_nul(const rd_t *r, size_t from, size_t to)
{
    const char *z = memchr(r->buf + from, '\0', to - from);
    return z ? (size_t)(z - r->buf) : NO_NUL;
}

/* Raw bytes: from the file or the buffer. Returns bytes, 0 at EOF, -1 on a read error. */
static long raw_read(rd_t *r, uint8_t *dst, size_t n)
{
    if (!r->f) {
        size_t k = r->mem_len - r->mem_pos;
        if (k > n) k = n;
        memcpy(dst, r->mem + r->mem_pos, k);
        r->mem_pos += k;
        return (long)k;
    }
    size_t k = fread(dst, 1, n, r->f);
    if (k == 0 && ferror(r->f)) return -1;
    return (long)k;
}

/* Next chunk of raw input for a decoder; sets in_eof when none is left. */
static int feed_input(rd_t *r, const uint8_t **next, size_t *avail, char *err)
{
    if (!r->f) {
        size_t k = r->mem_len - r->mem_pos;
        if (k > RD_IN_CHUNK) k = RD_IN_CHUNK;
        *next = r->mem + r->mem_pos;
        *avail = k;
        r->mem_pos += k;
        if (k == 0) r->in_eof = 1;
        return 0;
    }
    long k = raw_read(r, r->in, RD_IN_CHUNK);
    if (k < 0) {
        rd_err(r, err, "read error: %s (expected a readable file)", strerror(errno));
        return -1;
    }
    if (k == 0) r->in_eof = 1;
    *next = r->in;
    *avail = (size_t)k;
    return 0;
}

static long dec_xz(rd_t *r, uint8_t *dst, size_t n, char *err)
{
    r->xz.next_out = dst;
    r->xz.avail_out = n;
    while (r->xz.avail_out == n && !r->out_eof) {
        if (r->xz.avail_in == 0 && !r->in_eof &&
            feed_input(r, &r->xz.next_in, &r->xz.avail_in, err))
            return -1;
        lzma_ret ret = lzma_code(&r->xz, r->in_eof ? LZMA_FINISH : LZMA_RUN);
        if (ret == LZMA_STREAM_END) {
            r->out_eof = 1;
        } else if (ret == LZMA_BUF_ERROR && r->in_eof) {
            rd_err(r, err, "truncated xz stream after this line (expected the rest of the file)");
            return -1;
        } else if (ret != LZMA_OK) {
            rd_err(r, err, "corrupt xz stream after this line (liblzma error %d; expected valid xz data)",
                   (int)ret);
            return -1;
        }
    }
    return (long)(n - r->xz.avail_out);
}

static int gz_feed(rd_t *r, char *err)
{
    const uint8_t *next = NULL;
    size_t avail = 0;
    if (r->in_eof) return 0;
    if (feed_input(r, &next, &avail, err)) return -1;
    r->gz.next_in = (Bytef *)(uintptr_t)next;
    r->gz.avail_in = (uInt)avail;
    return 0;
}

static long dec_gz(rd_t *r, uint8_t *dst, size_t n, char *err)
{
    r->gz.next_out = dst;
    r->gz.avail_out = (uInt)n;
    while (r->gz.avail_out == n && !r->out_eof) {
        if (r->gz.avail_in == 0 && gz_feed(r, err)) return -1;
        int ret = inflate(&r->gz, Z_NO_FLUSH);
        if (ret == Z_STREAM_END) {
            /* concatenated members: go on while input follows */
            if (r->gz.avail_in == 0 && gz_feed(r, err)) return -1;
            if (r->gz.avail_in == 0) {
                r->out_eof = 1;
            } else if (inflateReset(&r->gz) != Z_OK) {
                rd_err(r, err, "corrupt gzip stream after this line (expected valid gzip data)");
                return -1;
            }
        } else if (ret == Z_BUF_ERROR) {
            if (r->in_eof && r->gz.avail_in == 0) {
                rd_err(r, err, "truncated gzip stream after this line (expected the rest of the file)");
                return -1;
            }
        } else if (ret != Z_OK) {
            rd_err(r, err, "corrupt gzip stream after this line (zlib: %s; expected valid gzip data)",
                   r->gz.msg ? r->gz.msg : "error");
            return -1;
        }
    }
    return (long)(n - r->gz.avail_out);
}

/* Decoded bytes into dst: count, 0 at the end, -1 with err. */
static long dec_read(rd_t *r, uint8_t *dst, size_t n, char *err)
{
    if (r->kind == K_XZ) return dec_xz(r, dst, n, err);
    if (r->kind == K_GZ) return dec_gz(r, dst, n, err);
    if (r->out_eof) return 0;
    long k = raw_read(r, dst, n);
    if (k < 0) {
        rd_err(r, err, "read error: %s (expected a readable file)", strerror(errno));
        return -1;
    }
    if (k == 0) r->out_eof = 1;
    return k;
}

static int start_decoder(rd_t *r, char *err)
{
    static const uint8_t xz_magic[6] = {0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00};
    uint8_t head[6];
    size_t have = 0;
    if (r->f) {
        long k = raw_read(r, head, sizeof head);
        if (k < 0) {
            rd_err(r, err, "read error: %s (expected a readable file)", strerror(errno));
            return -1;
        }
        have = (size_t)k;
    } else {
        have = r->mem_len < sizeof head ? r->mem_len : sizeof head;
        memcpy(head, r->mem, have);
    }
    if (have >= 6 && memcmp(head, xz_magic, 6) == 0) r->kind = K_XZ;
    else if (have >= 2 && head[0] == 0x1F && head[1] == 0x8B) r->kind = K_GZ;
    else r->kind = K_NONE;

    if (r->f) {
        if (r->kind == K_NONE) {
            memcpy(r->buf, head, have);
            r->end = have;
            r->nul = find_nul(r, 0, have);
        } else {
            r->in = malloc(RD_IN_CHUNK);
            if (!r->in) {
                rd_err(r, err, "out of memory (expected %u bytes for the input buffer)", RD_IN_CHUNK);
                return -1;
            }
            memcpy(r->in, head, have);
        }
    }
    if (r->kind == K_XZ) {
        lzma_stream init = LZMA_STREAM_INIT;
        r->xz = init;
        if (lzma_stream_decoder(&r->xz, RD_XZ_MEMLIMIT, LZMA_CONCATENATED) != LZMA_OK) {
            rd_err(r, err, "cannot start the xz decoder (expected liblzma to initialise)");
            return -1;
        }
        r->dec_ready = 1;
        if (r->f) {
            r->xz.next_in = r->in;
            r->xz.avail_in = have;
        }
    } else if (r->kind == K_GZ) {
        memset(&r->gz, 0, sizeof r->gz);
        if (inflateInit2(&r->gz, 15 + 16) != Z_OK) {
            rd_err(r, err, "cannot start the gzip decoder (expected zlib to initialise)");
            return -1;
        }
        r->dec_ready = 1;
        if (r->f) {
            r->gz.next_in = r->in;
            r->gz.avail_in = (uInt)have;
        }
    }
    return 0;
}

static rd_t *rd_new(const char *name, size_t cap, char *err)
{
    rd_t *r = calloc(1, sizeof *r);
    if (r) r->buf = malloc(cap + 1);
    if (!r || !r->buf) {
        free(r);
        snprintf(err, RD_ERR_LEN, "%s:0: out of memory (expected %zu bytes for the line buffer)",
                 name, cap);
        return NULL;
    }
    r->cap = cap;
    r->nul = NO_NUL;
    snprintf(r->name, sizeof r->name, "%s", name);
    return r;
}

rd_t *rd_open_file(const char *path, char *err)
{
    rd_t *r = rd_new(path, RD_BUF, err);
    if (!r) return NULL;
    r->f = fopen(path, "rb");
    if (!r->f) {
        rd_err(r, err, "cannot open: %s (expected a readable trace file)", strerror(errno));
        rd_close(r);
        return NULL;
    }
    if (start_decoder(r, err)) {
        rd_close(r);
        return NULL;
    }
    return r;
}

rd_t *rd_open_mem(const void *buf, size_t len, const char *name, char *err)
{
    /* a small plain buffer needs no more than its own size (fast for fuzzing) */
    const uint8_t *b = buf;
    int packed = buf && len >= 2 && ((b[0] == 0x1F && b[1] == 0x8B) || b[0] == 0xFD);
    size_t cap = buf && !packed && len < RD_BUF ? len + 1 : RD_BUF;
    rd_t *r = rd_new(name ? name : "(memory)", cap, err);
    if (!r) return NULL;
    r->mem = buf;
    r->mem_len = buf ? len : 0;
    if (start_decoder(r, err)) {
        rd_close(r);
        return NULL;
    }
    return r;
}

/* More decoded bytes after the partial line at beg (moved to the front of the buffer):
 * 1, 0 at the end of the data, -1 with err. Out of line: once per buffer fill. */
__attribute__((noinline)) static int refill(rd_t *r, char *err)
{
    if (r->out_eof) return 0;
    if (r->end - r->beg >= RD_MAX_LINE) {
        r->lineno++;
        rd_err(r, err, "line longer than %u bytes (expected a trace line)", RD_MAX_LINE);
        return -1;
    }
    if (r->beg > 0) {
        memmove(r->buf, r->buf + r->beg, r->end - r->beg);
        if (r->nul != NO_NUL) r->nul -= r->beg;
        r->end -= r->beg;
        r->beg = 0;
    }
    size_t want = r->cap - r->end < RD_FILL ? r->cap - r->end : RD_FILL;
    long k = dec_read(r, (uint8_t *)r->buf + r->end, want, err);
    if (k < 0) return -1;
    if (k == 0) r->out_eof = 1;
    if (r->nul == NO_NUL) r->nul = find_nul(r, r->end, r->end + (size_t)k);
    r->end += (size_t)k;
    return 1;
}

/* The line just cut holds a NUL byte: the message, and the next NUL looked up. */
__attribute__((noinline)) static int nul_error(rd_t *r, char *err)
{
    r->nul = find_nul(r, r->beg, r->end);
    rd_err(r, err, "NUL byte in a line (expected text)");
    return -1;
}

/* Return the line s = buf + at of len bytes (the bytes up to beg are consumed): cut off a
 * '\r', NUL-terminate it, count it, check it for a NUL byte. */
static inline int cut_line(rd_t *r, char *s, size_t at, size_t len, char **line, size_t *n,
                           char *err)
{
    if (len > 0 && s[len - 1] == '\r') len--;
    s[len] = '\0';
    r->lineno++;
    if (r->nul < at + len) return nul_error(r, err);
    *line = s;
    *n = len;
    return 1;
}

/* rd_line when no newline is left in the buffer: refill, or the last line without one. */
__attribute__((noinline)) static int line_slow(rd_t *r, char **line, size_t *n, char *err)
{
    for (;;) {
        char *s = r->buf + r->beg;
        char *nl = memchr(s, '\n', r->end - r->beg);
        if (nl || (r->out_eof && r->end > r->beg)) {
            size_t at = r->beg, len = nl ? (size_t)(nl - s) : r->end - r->beg;
            r->beg += len + (nl ? 1 : 0);
            r->partial = nl == NULL;
            return cut_line(r, s, at, len, line, n, err);
        }
        int k = refill(r, err);
        if (k <= 0) return k;
    }
}

int rd_line(rd_t *r, char **line, size_t *n, char *err)
{
    char *s = r->buf + r->beg;
    char *nl = memchr(s, '\n', r->end - r->beg);
    if (!nl) return line_slow(r, line, n, err);
    size_t at = r->beg, len = (size_t)(nl - s);
    r->beg += len + 1;
    r->partial = 0;
    return cut_line(r, s, at, len, line, n, err);
}

uint64_t rd_lineno(const rd_t *r)
{
    return r->lineno;
}

int rd_partial(const rd_t *r)
{
    return r->partial;
}

const char *rd_name(const rd_t *r)
{
    return r->name;
}

const char *rd_kind(const rd_t *r)
{
    return r->kind == K_XZ ? "xz" : r->kind == K_GZ ? "gzip" : "none";
}

void rd_close(rd_t *r)
{
    if (!r) return;
    if (r->dec_ready && r->kind == K_XZ) lzma_end(&r->xz);
    if (r->dec_ready && r->kind == K_GZ) inflateEnd(&r->gz);
    if (r->f) fclose(r->f);
    free(r->in);
    free(r->buf);
    free(r);
}
