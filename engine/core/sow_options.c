/* sow_options.c - option values: defaults, parsing "NAME=VALUE", and the
 * evaluation of fields that refer to options. */
#include "sow_variant.h"
#include "sow_num.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const sow_hook_names[SOW_HOOK_COUNT] = {
    "lap_end", "score",  "new_game",  "decisions", "decide",
    "play",    "filter", "game_end", "after_move", "drop"};

int sow_variant_option(const sow_variant *v, const char *name)
{
    for (int i = 0; i < v->noptions; i++)
        if (strcmp(v->options[i].name, name) == 0)
            return i;
    return -1;
}

const char *sow_variant_rule_text(const sow_variant *v, const char *id)
{
    for (int i = 0; i < v->nrules; i++)
        if (strcmp(v->rules[i].id, id) == 0)
            return v->rules[i].text;
    return NULL;
}

void sow_optset_defaults(const sow_variant *v, sow_optset *set)
{
    memset(set, 0, sizeof *set);
    set->n = v->noptions;
    for (int i = 0; i < v->noptions; i++)
        set->val[i] = v->options[i].def;
}

static void allowed_values(const sow_option_def *d, char *buf, size_t size)
{
    size_t len = 0;
    buf[0] = 0;
    switch (d->type) {
    case SOW_OPT_BOOL:
        snprintf(buf, size, "true, false");
        return;
    case SOW_OPT_INT:
        if (d->step > 1)
            snprintf(buf, size, "one of %ld to %ld in steps of %ld", d->min,
                     d->max, d->step);
        else
            snprintf(buf, size, "an integer from %ld to %ld", d->min, d->max);
        return;
    case SOW_OPT_ENUM:
        for (int i = 0; i < d->nvalues && len + 1 < size; i++) {
            int w = snprintf(buf + len, size - len, "%s%s%s", i ? ", " : "",
                             d->values[i], d->param[i] ? ":K" : "");
            if (w < 0)
                break;
            len += (size_t)w;
        }
        return;
    }
}

int sow_optval_parse(const sow_option_def *d, const char *text,
                     sow_optval *out, sow_error *err)
{
    char allowed[512];
    allowed_values(d, allowed, sizeof allowed);
    out->index = 0;
    out->num = 0;
    switch (d->type) {
    case SOW_OPT_BOOL:
        if (strcmp(text, "true") == 0) {
            out->num = 1;
            return SOW_OK;
        }
        if (strcmp(text, "false") == 0)
            return SOW_OK;
        break;
    case SOW_OPT_INT:
        if (sow_parse_long(text, d->min, d->max, &out->num) == 0 &&
            (d->step <= 1 || (out->num - d->min) % d->step == 0))
            return SOW_OK;
        break;
    case SOW_OPT_ENUM:
        for (int i = 0; i < d->nvalues; i++) {
            size_t wl = strlen(d->values[i]);
            if (strncmp(text, d->values[i], wl) != 0)
                continue;
            if (!d->param[i] && text[wl] == 0) {
                out->index = i;
                return SOW_OK;
            }
            if (d->param[i] && text[wl] == ':') {
                long k;
                if (sow_parse_long(text + wl + 1, 1, SOW_MAX_PLIES_LIMIT,
                                   &k))
                    return sow_error_set(
                        err, NULL, 0, 0,
                        "option %s: '%s' needs a whole number K from 1 to %d "
                        "after '%s:'",
                        d->name, text, SOW_MAX_PLIES_LIMIT, d->values[i]);
                out->index = i;
                out->num = k;
                return SOW_OK;
            }
        }
        break;
    }
    return sow_error_set(err, NULL, 0, 0,
                         "option %s: '%s' is not a value it takes; use %s",
                         d->name, text, allowed);
}

int sow_optset_apply(const sow_variant *v, sow_optset *set, const char *arg,
                     sow_error *err)
{
    const char *eq = strchr(arg, '=');
    if (!eq || eq == arg) {
        int known = eq ? -1 : sow_variant_option(v, arg);
        if (known >= 0) {
            char allowed[512];
            allowed_values(&v->options[known], allowed, sizeof allowed);
            return sow_error_set(err, NULL, 0, 0,
                                 "--option '%s': write it as %s=VALUE, "
                                 "with VALUE one of: %s",
                                 arg, arg, allowed);
        }
        return sow_error_set(err, NULL, 0, 0,
                             "--option '%s': write it as NAME=VALUE", arg);
    }
    char name[SOW_NAME_MAX * 2];
    size_t nl = (size_t)(eq - arg);
    if (nl >= sizeof name)
        nl = sizeof name - 1;
    memcpy(name, arg, nl);
    name[nl] = 0;
    int i = sow_variant_option(v, name);
    if (i < 0) {
        char list[512] = "";
        size_t len = 0;
        for (int k = 0; k < v->noptions && len + 1 < sizeof list; k++) {
            int w = snprintf(list + len, sizeof list - len, "%s%s",
                             k ? ", " : "", v->options[k].name);
            if (w < 0)
                break;
            len += (size_t)w;
        }
        return sow_error_set(err, NULL, 0, 0,
                             "variant %s has no option '%s'; its options: %s",
                             v->id, name, v->noptions ? list : "(none)");
    }
    sow_optval val; /* the old value stays if the new one is refused */
    if (sow_optval_parse(&v->options[i], eq + 1, &val, err))
        return SOW_ERR;
    set->val[i] = val;
    return SOW_OK;
}

int sow_optset_check(const sow_variant *v, const sow_optset *set,
                     sow_error *err)
{
    for (int i = 0; i < v->noptions; i++) {
        const sow_option_def *d = &v->options[i];
        if (d->needs < 0 || set->val[d->needs].num)
            continue;
        if (set->val[i].index == d->def.index && set->val[i].num == d->def.num)
            continue;
        char val[64];
        sow_optval_format(d, set->val[i], val, sizeof val);
        return sow_error_set(err, NULL, 0, 0,
                             "option %s=%s applies only with %s=true; add "
                             "--option %s=true or leave %s out",
                             d->name, val, v->options[d->needs].name,
                             v->options[d->needs].name, d->name);
    }
    return SOW_OK;
}

void sow_optval_format(const sow_option_def *d, sow_optval val, char *buf,
                       int size)
{
    switch (d->type) {
    case SOW_OPT_BOOL:
        snprintf(buf, (size_t)size, "%s", val.num ? "true" : "false");
        break;
    case SOW_OPT_INT:
        snprintf(buf, (size_t)size, "%ld", val.num);
        break;
    case SOW_OPT_ENUM:
        if (d->param[val.index])
            snprintf(buf, (size_t)size, "%s:%ld", d->values[val.index],
                     val.num);
        else
            snprintf(buf, (size_t)size, "%s", d->values[val.index]);
        break;
    }
}

long sow_expr_eval(const sow_expr *e, const sow_optset *set)
{
    switch (e->kind) {
    case SOW_EXPR_CONST:
        return e->value;
    case SOW_EXPR_REF:
        /* An enum option stands for a word of the field (direction:
         * ccw/cw, ...): the loader mapped each enum value to it. */
        if (e->is_enum)
            return e->map[set->val[e->opt].index];
        return set->val[e->opt].num;
    case SOW_EXPR_EQ:
        return set->val[e->opt].index == e->word;
    case SOW_EXPR_PARAM:
        return set->val[e->opt].index == e->word ? set->val[e->opt].num : 0;
    }
    return 0;
}
