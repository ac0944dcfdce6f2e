/* cli.h - what every command-line tool of the project does alike: the configuration from
 * `--config FILE` and `--set key=value`, the remaining options, one-line errors.
 *
 *   cli_args a;
 *   if (cli_begin(PROG, argc, argv, simcfg_parse, &c, &a)) return 2;   // message printed
 *   for (int i = 0; i < a.n; i++) { const char *v;
 *       if (cli_opt(&a, &i, "--trace", &v) ...
 *   cli_end(&a);
 */
#ifndef CLI_H
#define CLI_H

#include "cfg.h"

typedef struct {
    const char *prog;   /* tool name, the prefix of every message */
    const char *path;   /* the configuration file (last --config), or NULL */
    char **rest;        /* the arguments the configuration did not take */
    int n;
} cli_args;

/* --help (-h) or --version anywhere on the command line (not as the value of --set or
 * --config): print `help` (usage, every option, an example) or "prog VERSION" on stdout
 * and return 1 (the tool then exits 0, before reading its configuration); else 0. */
int cli_info(const char *prog, const char *version, const char *help, int argc, char **argv);

/* A configuration's reader of a command line (sim/simcfg.h simcfg_parse): defaults, file,
 * --set, validation into cfg; the other arguments into rest/nrest. 0, or -1 with err. */
typedef int (*cli_parse_fn)(void *cfg, int argc, char **argv, char **rest, int *nrest,
                            char *err);

/* Configuration from the command line, read by parse into cfg. 0, or 2 with the message
 * printed as `prog: ...` on stderr. */
int cli_begin(const char *prog, int argc, char **argv, cli_parse_fn parse, void *cfg,
              cli_args *a);

/* The configuration file named on a command line (the last --config), or NULL. */
const char *cli_config_path(int argc, char **argv);

/* Free what cli_begin allocated. */
void cli_end(cli_args *a);

/* 1 if a->rest[*i] is option `name` (`--name V` or `--name=V`); *value gets V (NULL when
 * the value is missing, after printing `prog: --name: missing value (usage: usage)`),
 * and *i moves past it. 0 if it is another option. */
int cli_opt(cli_args *a, int *i, const char *name, const char *usage, const char **value);

/* 1 if a->rest[i] is the flag `name` (no value). */
int cli_flag(const cli_args *a, int i, const char *name);

/* Parse an unsigned decimal option value in [lo, hi]. 0, or 2 with the message printed. */
int cli_u64(const cli_args *a, const char *name, const char *v, unsigned long long lo,
            unsigned long long hi, unsigned long long *out);

/* Print `prog: unknown option 'X' (allowed: allowed)` and return 2. */
int cli_unknown(const cli_args *a, const char *arg, const char *allowed);

#endif
