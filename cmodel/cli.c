/* cli.c - the common command line of every tool (see cli.h). */
#include "cli.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* See cli.h. */
const char *cli_config_path(int argc, char **argv)
{
    const char *path = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--config") == 0 && i + 1 < argc)
            path = argv[++i];
        else if (strncmp(argv[i], "--config=", 9) == 0)
            path = argv[i] + 9;
        else if (strcmp(argv[i], "--set") == 0)
            i++; /* skip its value (it could be spelled like an option) */
    }
    return path;
}

int cli_info(const char *prog, const char *version, const char *help, int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--set") == 0 || strcmp(argv[i], "--config") == 0) {
            i++; /* its value, which could be spelled like an option */
        } else if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            fputs(help, stdout);
            return 1;
        } else if (strcmp(argv[i], "--version") == 0) {
            printf("%s %s\n", prog, version);
            return 1;
        }
    }
    return 0;
}

int cli_begin(const char *prog, int argc, char **argv, cli_parse_fn parse, void *cfg,
              cli_args *a)
{
    char err[CFG_ERR_LEN] = "";
    memset(a, 0, sizeof *a);
    a->prog = prog;
    a->rest = calloc((size_t)argc + 1, sizeof *a->rest);
    if (!a->rest) {
        fprintf(stderr, "%s: out of memory\n", prog);
        return 2;
    }
    if (parse(cfg, argc, argv, a->rest, &a->n, err) != 0) {
        fprintf(stderr, "%s: %s\n", prog, err);
        cli_end(a);
        return 2;
    }
    /* parse may pass argv[0] through: drop it */
    int j = 0;
    for (int i = 0; i < a->n; i++)
        if (a->rest[i] != argv[0]) a->rest[j++] = a->rest[i];
    a->n = j;
    a->path = cli_config_path(argc, argv);
    return 0;
}

void cli_end(cli_args *a)
{
    free(a->rest);
    a->rest = NULL;
    a->n = 0;
}

int cli_opt(cli_args *a, int *i, const char *name, const char *usage, const char **value)
{
    const char *arg = a->rest[*i];
    size_t n = strlen(name);
    if (strncmp(arg, name, n) != 0 || (arg[n] != '\0' && arg[n] != '=')) return 0;
    if (arg[n] == '=') {
        *value = arg + n + 1;
    } else if (*i + 1 < a->n) {
        *value = a->rest[++*i];
    } else {
        *value = NULL;
        fprintf(stderr, "%s: %s: missing value (usage: %s)\n", a->prog, name, usage);
    }
    return 1;
}

int cli_flag(const cli_args *a, int i, const char *name)
{
    return strcmp(a->rest[i], name) == 0;
}

int cli_u64(const cli_args *a, const char *name, const char *v, unsigned long long lo,
            unsigned long long hi, unsigned long long *out)
{
    char *end;
    errno = 0;
    unsigned long long x = (v && *v >= '0' && *v <= '9') ? strtoull(v, &end, 10) : 0;
    if (!v || !(*v >= '0' && *v <= '9') || *end || errno || x < lo || x > hi) {
        fprintf(stderr, "%s: %s: '%.40s' is not a number in %llu..%llu\n", a->prog, name,
                v ? v : "", lo, hi);
        return 2;
    }
    *out = x;
    return 0;
}

int cli_unknown(const cli_args *a, const char *arg, const char *allowed)
{
    fprintf(stderr, "%s: unknown option '%.60s' (allowed: %s)\n", a->prog, arg, allowed);
    return 2;
}
