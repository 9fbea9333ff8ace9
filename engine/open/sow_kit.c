/* sow_kit.c - a variant opened for play (sow_kit.h). */
#include "sow_kit.h"

#include <string.h>

int sow_kit_start(sow_kit *k, const sow_variant *v, const sow_optset *o,
                  const sow_budget *b, sow_error *err)
{
    memset(k, 0, sizeof *k);
    k->v = (sow_variant *)v; /* borrowed: owns_variant stays false */
    k->opts = *o;
    if (b)
        k->budget = *b;
    k->failed_at = SOW_KIT_OPTIONS;
    if (sow_optset_check(k->v, &k->opts, err))
        goto fail;
    k->failed_at = SOW_KIT_SETUP;
    if (sow_setup_init(&k->setup, k->v, &k->opts, err))
        goto fail;
    /* a scenario file of many cases shares one deadline: stop before
     * opening yet another script once it has passed */
    k->failed_at = SOW_KIT_TIME;
    if (sow_budget_over(&k->budget)) {
        sow_budget_error(&k->budget, err);
        goto fail;
    }
    k->failed_at = SOW_KIT_SCRIPT;
    if (sow_lua_open(&k->lua, k->v, &k->opts, err))
        goto fail;
    sow_lua_set_budget(k->lua, &k->budget);
    sow_rules rules = sow_lua_rules(k->lua);
    k->failed_at = SOW_KIT_ENGINE;
    if (sow_engine_init(&k->eng, &k->setup, &rules, err))
        goto fail;
    sow_engine_set_budget(&k->eng, &k->budget);
    k->eng_ready = true;
    k->failed_at = SOW_KIT_OK;
    return SOW_OK;
fail:;
    sow_kit_step at = k->failed_at;
    sow_kit_close(k);
    k->failed_at = at;
    return SOW_ERR;
}

int sow_kit_open(sow_kit *k, const char *path, const char *const *options,
                 int noptions, double seconds, sow_error *err)
{
    memset(k, 0, sizeof *k);
    sow_budget b;
    /* the run's clock starts here: loading and the script count too */
    sow_budget_start(&b, seconds);
    sow_variant *v;
    if (sow_variant_load(path, &v, err)) {
        k->failed_at = SOW_KIT_LOAD;
        return SOW_ERR;
    }
    sow_optset o;
    sow_optset_defaults(v, &o);
    for (int i = 0; i < noptions; i++)
        if (sow_optset_apply(v, &o, options[i], err)) {
            sow_variant_free(v);
            k->failed_at = SOW_KIT_OPTIONS;
            return SOW_ERR;
        }
    if (sow_kit_start(k, v, &o, &b, err)) {
        sow_variant_free(v);
        return SOW_ERR;
    }
    k->owns_variant = true;
    return SOW_OK;
}

void sow_kit_close(sow_kit *k)
{
    if (k->eng_ready)
        sow_engine_free(&k->eng);
    sow_lua_close(k->lua);
    if (k->owns_variant)
        sow_variant_free(k->v);
    memset(k, 0, sizeof *k);
}
