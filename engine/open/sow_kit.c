/* sow_kit.c - a variant opened for play (sow_kit.h). */
#include "sow_kit.h"

#include <stdlib.h>
#include <string.h>

/* A script of the cache: the variant and option values it was opened
 * for. */
typedef struct sow_kit_script {
    sow_lua *lua;         /* NULL: a free slot */
    const sow_variant *v;
    sow_optset opts;
    unsigned long used;   /* when it was last lent (the cache's clock) */
    bool lent;            /* to a kit still open */
} sow_kit_script;

struct sow_kit_scripts {
    sow_kit_script s[SOW_KIT_SCRIPTS_MAX];
    unsigned long clock;  /* lendings so far */
    int opened;
};

sow_kit_scripts *sow_kit_scripts_new(void)
{
    return calloc(1, sizeof(sow_kit_scripts));
}

void sow_kit_scripts_free(sow_kit_scripts *c)
{
    if (!c)
        return;
    for (int i = 0; i < SOW_KIT_SCRIPTS_MAX; i++)
        sow_lua_close(c->s[i].lua);
    free(c);
}

int sow_kit_scripts_opened(const sow_kit_scripts *c)
{
    return c ? c->opened : 0;
}

/* The same option values (sow_optval has padding: no memcmp). */
static bool same_opts(const sow_optset *a, const sow_optset *b)
{
    if (a->n != b->n)
        return false;
    for (int i = 0; i < a->n; i++)
        if (a->val[i].index != b->val[i].index ||
            a->val[i].num != b->val[i].num)
            return false;
    return true;
}

/* The slot for a script not in the cache: a free one, else the least
 * recently used of those not lent (closed), else NULL. */
static sow_kit_script *free_slot(sow_kit_scripts *c)
{
    sow_kit_script *best = NULL;
    for (int i = 0; i < SOW_KIT_SCRIPTS_MAX; i++) {
        sow_kit_script *s = &c->s[i];
        if (!s->lua)
            return s;
        if (!s->lent && (!best || s->used < best->used))
            best = s;
    }
    if (best) {
        sow_lua_close(best->lua);
        memset(best, 0, sizeof *best);
    }
    return best;
}

/* Lend k the script of its variant and options from c: reset when the
 * cache has it, else opened and kept. A script already lent, or a cache
 * whose every script is lent, makes k open one of its own. */
static int lend_script(sow_kit *k, sow_kit_scripts *c, sow_error *err)
{
    sow_kit_script *s = NULL;
    for (int i = 0; i < SOW_KIT_SCRIPTS_MAX && !s; i++)
        if (c->s[i].lua && c->s[i].v == k->v &&
            same_opts(&c->s[i].opts, &k->opts))
            s = &c->s[i];
    if (s && s->lent)
        return sow_lua_open(&k->lua, k->v, &k->opts, err);
    if (s && sow_lua_reset(s->lua, err)) {
        /* its script no longer runs: closed, and the error is the one
         * opening it gives */
        sow_lua_close(s->lua);
        memset(s, 0, sizeof *s);
        return SOW_ERR;
    }
    if (!s) {
        if (!(s = free_slot(c)))
            return sow_lua_open(&k->lua, k->v, &k->opts, err);
        c->opened++;
        if (sow_lua_open(&s->lua, k->v, &k->opts, err))
            return SOW_ERR;
        s->v = k->v;
        s->opts = k->opts;
    }
    s->used = ++c->clock;
    s->lent = true;
    k->lua = s->lua;
    k->lent = s;
    return SOW_OK;
}

int sow_kit_start(sow_kit *k, const sow_variant *v, const sow_optset *o,
                  const sow_budget *b, sow_error *err)
{
    return sow_kit_start_cached(k, v, o, b, NULL, err);
}

int sow_kit_start_cached(sow_kit *k, const sow_variant *v,
                         const sow_optset *o, const sow_budget *b,
                         sow_kit_scripts *c, sow_error *err)
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
    if (c ? lend_script(k, c, err) : sow_lua_open(&k->lua, k->v, &k->opts, err))
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
    if (k->lent) {
        /* back to the cache, no longer pointing at this kit's budget */
        sow_lua_set_budget(k->lua, NULL);
        k->lent->lent = false;
    } else {
        sow_lua_close(k->lua);
    }
    if (k->owns_variant)
        sow_variant_free(k->v);
    memset(k, 0, sizeof *k);
}
