/* simcfg.c - the simulator's configuration (simcfg.h): the parts in documented order. */
#include "simcfg.h"

#include <stdlib.h>
#include <string.h>

/* The parts of *c, in the order docs/config.md documents and simcfg_write writes them. */
static cfg_parts parts_of(const sim_cfg *c)
{
    sim_cfg *w = (sim_cfg *)c;
    cfg_parts ps = {.n = 5};
    ps.p[0] = cfg_hw_part(&w->m.hw);
    ps.p[1] = drvk_part(&w->m.drv);
    ps.p[2] = enk_part(&w->en);
    ps.p[3] = gpuk_part(&w->m.gpu);
    ps.p[4] = opck_part(&w->m.opc);
    return ps;
}

void simcfg_defaults(sim_cfg *c)
{
    cfg_parts ps;
    memset(c, 0, sizeof *c);
    cfg_defaults(&c->m.hw);
    ps = parts_of(c);
    for (unsigned i = 1; i < ps.n; i++) {
        cfg_parts one = {.n = 1};
        one.p[0] = ps.p[i];
        cfg_parts_defaults(&one);
    }
    drvk_fit(&c->m.drv, &c->m.hw);
}

int simcfg_set(sim_cfg *c, const char *key, const char *value, const char *where, char *err)
{
    cfg_parts ps = parts_of(c);
    if (cfg_parts_set(&ps, key, value, where, err)) return -1;
    drvk_fit(&c->m.drv, &c->m.hw);
    return 0;
}

int simcfg_load(sim_cfg *c, const char *path, char *err)
{
    cfg_parts ps = parts_of(c);
    int rc = cfg_parts_load(&ps, path, err);
    drvk_fit(&c->m.drv, &c->m.hw);
    return rc;
}

int simcfg_validate(const sim_cfg *c, const char *path, char *err)
{
    cfg_parts ps = parts_of(c);
    if (cfg_parts_ranges(&ps, path, err) || cfg_validate(&c->m.hw, path, err) ||
        drvk_check(&c->m.drv, &c->m.hw, path, err) || opck_check(&c->m.opc, &c->m.hw, path, err) ||
        enk_check(&c->en, path, err))
        return -1;
    return 0;
}

int simcfg_from_args(sim_cfg *c, int argc, char **argv, char **rest, int *nrest, char *err)
{
    const char *path;
    cfg_parts ps;
    simcfg_defaults(c);
    ps = parts_of(c);
    if (cfg_parts_args(&ps, argc, argv, rest, nrest, &path, err)) return -1;
    drvk_fit(&c->m.drv, &c->m.hw);
    return simcfg_validate(c, path, err);
}

int simcfg_parse(void *c, int argc, char **argv, char **rest, int *nrest, char *err)
{
    return simcfg_from_args(c, argc, argv, rest, nrest, err);
}

int simcfg_hw_from_args(cfg_t *hw, int argc, char **argv, char **rest, int *nrest, char *err)
{
    sim_cfg *c = malloc(sizeof *c);
    int rc;
    if (!c) return cfg_fail(err, "out of memory");
    rc = simcfg_from_args(c, argc, argv, rest, nrest, err);
    if (rc == 0) *hw = c->m.hw;
    free(c);
    return rc;
}

int simcfg_hw_parse(void *hw, int argc, char **argv, char **rest, int *nrest, char *err)
{
    return simcfg_hw_from_args(hw, argc, argv, rest, nrest, err);
}

int simcfg_hw_file(cfg_t *hw, const char *path, char *err)
{
    sim_cfg *c = malloc(sizeof *c);
    int rc;
    if (!c) return cfg_fail(err, "out of memory");
    simcfg_defaults(c);
    rc = (path && simcfg_load(c, path, err)) || simcfg_validate(c, path ? path : "(defaults)", err)
             ? -1 : 0;
    if (rc == 0) *hw = c->m.hw;
    free(c);
    return rc;
}

int simcfg_is_set(const sim_cfg *c, const char *key)
{
    cfg_parts ps = parts_of(c);
    return cfg_parts_is_set(&ps, key);
}

void simcfg_write(const sim_cfg *c, FILE *f, const char *prefix)
{
    cfg_parts ps = parts_of(c);
    for (unsigned i = 0; i < ps.n; i++) cfg_part_write(&ps.p[i], f, prefix, 0);
}
