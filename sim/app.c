/* app.c - a whole application from a kernelslist.g (see app.h). */
#include "app.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "gpu.h"
#include "gsum.h"
#include "mem.h"

#define LINE_LEN 2048
#define COPIES_MAX 256 /* host-to-device copies kept between two kernels, the newest */

/* The line with its trailing white space cut; its first non-blank character. */
static char *trim(char *s)
{
    size_t n = strlen(s);
    while (n && (s[n - 1] == '\n' || s[n - 1] == '\r' || s[n - 1] == ' ' || s[n - 1] == '\t')) s[--n] = '\0';
    while (*s == ' ' || *s == '\t') s++;
    return s;
}

static int is_memcpy(const char *s)
{
    return strncmp(s, "MemcpyHtoD,", 11) == 0 || strncmp(s, "MemcpyDtoH,", 11) == 0;
}

/* A memory copy line "MemcpyHtoD,0xADDRESS,BYTES" (or DtoH; Accel-Sim's tracer writes
 * the address in hex, the count in decimal): 0 and *cp, -1 if malformed or out of range. */
static int parse_copy(const char *s, run_copy *cp)
{
    char *end;
    const char *p = s + 11;
    if (!isxdigit((unsigned char)p[0])) return -1;
    errno = 0;
    cp->addr = strtoull(p, &end, 16);
    if (*end != ',' || !isdigit((unsigned char)end[1])) return -1;
    p = end + 1;
    cp->bytes = strtoull(p, &end, 10);
    return *end || errno ? -1 : 0;
}

static int is_trace_name(const char *s)
{
    size_t n = strlen(s);
    return (n > 7 && strcmp(s + n - 7, ".traceg") == 0) ||
           (n > 10 && strcmp(s + n - 10, ".traceg.xz") == 0) ||
           (n > 10 && strcmp(s + n - 10, ".traceg.gz") == 0);
}

int app_is_list(const char *path)
{
    char buf[LINE_LEN];
    FILE *f = fopen(path, "r");
    int is = 0;
    if (!f) return 0;
    while (fgets(buf, sizeof buf, f)) {
        char *s = trim(buf);
        if (!*s) continue;
        /* a trace starts with "-kernel ...", or with the bytes of xz or gzip: a list line
         * is a memory copy or a file name, printable and without blanks */
        is = is_memcpy(s) || is_trace_name(s);
        if (!is && s[0] != '-') {
            is = 1;
            for (const unsigned char *p = (const unsigned char *)s; *p; p++)
                if (*p <= ' ' || *p >= 0x7f) is = 0;
        }
        break;
    }
    fclose(f);
    return is;
}

int app_list_in(const char *dir, char *out, size_t n)
{
    static const char *const names[] = {"kernelslist.g", "traces/kernelslist.g"};
    struct stat st;
    if (stat(dir, &st) || !S_ISDIR(st.st_mode)) return -1;
    for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
        int w = snprintf(out, n, "%s/%s", dir, names[i]);
        if (w > 0 && (size_t)w < n && stat(out, &st) == 0 && S_ISREG(st.st_mode)) return 0;
    }
    return -2;
}

void app_free(app_result *a)
{
    free(a->k);
    a->k = NULL;
    a->nk = 0;
}

/* Add kernel run k to the application's total t. */
static void add_run(run_result *t, const run_result *k)
{
    gsum_stats(&t->st, &k->st);
    gsum_driver(&t->dc, &k->dc);
    gsum_trace(&t->tc, &k->tc);
    opc_add(&t->opc, &k->opc); /* st already holds them folded (opc_fold) */
    t->hint_differ += k->hint_differ;
    t->hint_compared += k->hint_compared;
    t->cycles += k->cycles;
    t->st.cycles += k->st.cycles;
    t->insts += k->insts;
    t->seconds += k->seconds;
    t->kernel = k->kernel;
    if (k->g.used) {
        gpu_counts *g = &t->g;
        uint64_t subs = (uint64_t)k->g.sms_run * k->g.subcores;
        if (!g->used) {
            *g = k->g;
            return;
        }
        gsum_mem(&g->mem, &k->g.mem);
        g->blocks += k->g.blocks;
        g->blocks_run += k->g.blocks_run;
        g->launch_cycles += k->g.launch_cycles;
        g->copied_l2_bytes += k->g.copied_l2_bytes;
        g->body_cycles += k->g.body_cycles;
        g->block_full_cycles += k->g.block_full_cycles;
        if (k->g.max_resident > g->max_resident) g->max_resident = k->g.max_resident;
        if (k->g.subs_used > g->subs_used) g->subs_used = k->g.subs_used;
        if (k->g.sms_run > g->sms_run) g->sms_run = k->g.sms_run;
        for (uint64_t i = 0; i < subs && i < GPU_MAX_SMS * GPU_MAX_SUB; i++)
            g->sub_insts[i] += k->g.sub_insts[i];
    }
}

int app_run(const sim_cfg *c, const run_opts *o, const char *list, run_result *total,
            app_result *a, char *err)
{
    char buf[LINE_LEN], dir[1024], path[2048];
    unsigned line = 0;
    int rc = 0;
    mem_t *mem = NULL;
    run_copy copies[COPIES_MAX];
    unsigned ncp = 0;
    run_result *k = calloc(1, sizeof *k);
    sim_cfg cc = *c;
    FILE *f = fopen(list, "r");
    memset(total, 0, sizeof *total);
    memset(a, 0, sizeof *a);
    if (!k || !f || !(a->k = calloc(APP_MAX_KERNELS, sizeof *a->k))) {
        snprintf(err, RUN_ERR_LEN, "%s: %s", list, f ? "out of memory" : "cannot read");
        rc = 2;
        goto out;
    }
    unsigned nlist = 0; /* its kernel lines, for the progress line */
    while (fgets(buf, sizeof buf, f)) {
        char *s = trim(buf);
        nlist += *s && *s != '#' && !is_memcpy(s);
    }
    rewind(f);
    snprintf(dir, sizeof dir, "%s", list);
    char *slash = strrchr(dir, '/');
    if (slash) slash[1] = '\0';
    else dir[0] = '\0';
    total->complete = 1;
    while (fgets(buf, sizeof buf, f)) {
        char *s = trim(buf);
        line++;
        if (!*s || *s == '#') continue;
        if (is_memcpy(s)) {
            run_copy cp;
            if (parse_copy(s, &cp)) {
                snprintf(err, RUN_ERR_LEN, "%s:%u: '%.60s' is not a memory copy (expected "
                         "%.10s,ADDRESS,BYTES: a hex address and a byte count)", list, line, s, s);
                rc = 2;
                goto out;
            }
            a->memcpys++;
            a->memcpy_bytes += cp.bytes;
            if (s[9] == 'D' && cp.bytes) { /* HtoD: the next kernel finds it in L2 */
                if (ncp == COPIES_MAX) { /* the oldest go: the newest are what L2 keeps */
                    memmove(copies, copies + 1, (COPIES_MAX - 1) * sizeof *copies);
                    ncp--;
                }
                copies[ncp++] = cp;
            }
            continue;
        }
        snprintf(path, sizeof path, "%s%s", s[0] == '/' ? "" : dir, s);
        FILE *t = fopen(path, "r");
        for (unsigned z = 0; !t && z < 2; z++) { /* kernel-1.traceg kept as .traceg.xz */
            size_t pl = strlen(path);
            snprintf(path + pl, sizeof path - pl, "%s", z ? ".gz" : ".xz");
            if (!(t = fopen(path, "r"))) path[pl] = '\0';
        }
        if (!t) {
            snprintf(err, RUN_ERR_LEN, "%s:%u: cannot read '%.200s' (expected a kernel trace "
                     "file, relative to the list's folder, maybe compressed as .xz or .gz, or "
                     "MemcpyHtoD/MemcpyDtoH,ADDRESS,BYTES)",
                     list, line, path);
            rc = 2;
            goto out;
        }
        fclose(t);
        if (a->nk == APP_MAX_KERNELS) {
            snprintf(err, RUN_ERR_LEN, "%s:%u: more than %u kernels (expected fewer)", list,
                     line, APP_MAX_KERNELS);
            rc = 2;
            goto out;
        }
        run_opts ko = *o;
        char tag[200];
        snprintf(tag, sizeof tag, "kernel %u of %u (%.60s)", a->nk + 1, nlist, s);
        ko.progress_tag = tag;
        if (o->progress) fprintf(stderr, "\r  %s   ", tag); /* each kernel, however short */
        ko.trace = path;
        ko.copies = copies;
        ko.ncopies = ncp;
        rc = c->m.gpu.machine == GPU_MACHINE_GPU ? gpu_run_shared(&cc.m, &ko, k, &mem, err)
                                           : run_sim(&cc, &ko, k, err);
        if (rc) goto out;
        ncp = 0;
        a->memcpy_l2_bytes += k->g.copied_l2_bytes;
        if (k->g.used) cc.m.gpu.arch = k->g.arch; /* one GPU: the first kernel's preset for all */
        app_kernel *e = &a->k[a->nk++];
        memcpy(e->trace, path, sizeof e->trace - 1);
        memcpy(e->name, k->kernel.name, sizeof e->name - 1);
        e->insts = k->insts;
        e->cycles = k->cycles;
        e->hit_ratio = k->st.src_regs ? (double)k->st.src_hits / (double)k->st.src_regs : 0.0;
        e->bank_reads = k->insts ? (double)k->st.bank_reads / (double)k->insts : 0.0;
        if (!k->complete) total->complete = 0;
        add_run(total, k);
        if (!k->complete) break; /* the cycle limit: the rest does not run */
    }
    if (a->nk == 0 && rc == 0) {
        snprintf(err, RUN_ERR_LEN, "%s: no kernel (expected at least one .traceg line)", list);
        rc = 2;
    }
out:
    if (o->progress) fprintf(stderr, "\r%*s\r", 79, "");
    if (f) fclose(f);
    free(k);
    mem_destroy(mem);
    return rc;
}
