/* simcfg.h - the simulator's configuration: every part (the hardware's keys and those of
 * the driver, the comparison designs, the GPU and the energy reports) composed, read from
 * one file and `--set` overrides by the one parser (cmodel/cfgkey.h), checked and written.
 */
#ifndef SIMCFG_H
#define SIMCFG_H

#include "enkeys.h"
#include "gcfg.h"

typedef struct {
    gpu_cfg m;   /* the machine's keys: hardware, driver, designs, GPU */
    en_keys en;  /* energy of the reports */
} sim_cfg;

/* Every key at its default (configs/default.cfg has the same values). */
void simcfg_defaults(sim_cfg *c);

/* Apply one `key = value` to whichever part owns key; where names the origin for errors
 * ("FILE:LINE" or "--set"). 0, or -1 with a one-line message in err. */
int simcfg_set(sim_cfg *c, const char *key, const char *value, const char *where, char *err);

/* Read a configuration file over *c (no validation). 0, or -1 with a one-line message. */
int simcfg_load(sim_cfg *c, const char *path, char *err);

/* Static ranges and cross-key checks of every part. 0, or -1 with err. */
int simcfg_validate(const sim_cfg *c, const char *path, char *err);

/* Defaults, then `--config FILE`, then every `--set k=v` in order, then validation. rest
 * (room for argc pointers, may be NULL) receives argv[0] and the other arguments; with rest
 * == NULL an argument that is not a configuration option is an error. 0, or -1 with err. */
int simcfg_from_args(sim_cfg *c, int argc, char **argv, char **rest, int *nrest, char *err);

/* simcfg_from_args for cli_begin (cmodel/cli.h): c is a sim_cfg. */
int simcfg_parse(void *c, int argc, char **argv, char **rest, int *nrest, char *err);

/* The same for a tool that uses only the hardware part: every key of the file is read and
 * checked (a typo is refused), *hw receives the hardware part. 0, or -1 with err. */
int simcfg_hw_from_args(cfg_t *hw, int argc, char **argv, char **rest, int *nrest, char *err);

/* The hardware part of configuration file path (NULL: the defaults), every key of the file
 * read and checked. 0, or -1 with err. */
int simcfg_hw_file(cfg_t *hw, const char *path, char *err);

/* simcfg_hw_from_args for cli_begin (cmodel/cli.h): hw is a cfg_t. */
int simcfg_hw_parse(void *hw, int argc, char **argv, char **rest, int *nrest, char *err);

/* 1 if key (by name) was set by a file or --set, 0 if it holds its default. */
int simcfg_is_set(const sim_cfg *c, const char *key);

/* Write every key = value of every part, each line after prefix. */
void simcfg_write(const sim_cfg *c, FILE *f, const char *prefix);

#endif
