/* sow_lbyopt.c - values chosen by an option's value (issue 25: a game
 * whose readings differ in a word, a number or the start, as Bao's, BA.7):
 *
 *     cleared: {$reading: {sources: either, ludii: none}}
 *     layout: {$reading: {sources: [...], ludii: [...]}}
 *
 * The map's one key names an enum option; its value maps every value of
 * that option to what the field is then. (docs/writing-variants.md,
 * "Option references".) */
#include <stdio.h>
#include <string.h>

#include "sow_variant.h"
#include "sow_yaml.h"
#include "sow_yfield.h"
#include "sow_loader_int.h"

bool sow_lby_option(const sow_ynode *n)
{
    return n && n->type == SOW_Y_MAP && n->n == 1 &&
           n->items[0]->type == SOW_Y_SCALAR && n->items[0]->text[0] == '$';
}

/* The enum option the key of n names, and the node of each of its values
 * in want[i] (every value must be given, and nothing else); the option's
 * index, or -1 after an error. */
static int by_values(ctx *c, const sow_ynode *n, const char *what,
                     const sow_ynode *want[SOW_MAX_ENUM])
{
    const sow_ynode *key = n->items[0], *map = n->items[1];
    int oi = sow_variant_option(c->v, key->text + 1);
    if (oi < 0 || c->v->options[oi].type != SOW_OPT_ENUM) {
        sow_yfail(&c->y, key,
                  "%s: '%s' must name an enum option declared under "
                  "options: (a value for each of its values follows)",
                  what, key->text);
        return -1;
    }
    const sow_option_def *d = &c->v->options[oi];
    if (map->type != SOW_Y_MAP) {
        sow_yfail(&c->y, map,
                  "%s: after %s, a map from each value of option %s to "
                  "what %s is then, e.g. {%s: ...}",
                  what, key->text, d->name, what, d->values[0]);
        return -1;
    }
    memset(want, 0, SOW_MAX_ENUM * sizeof *want);
    for (int i = 0; i < map->n; i++) {
        const sow_ynode *k = map->items[2 * i];
        int wi = -1;
        for (int j = 0; j < d->nvalues && k->type == SOW_Y_SCALAR; j++)
            if (strcmp(d->values[j], k->text) == 0)
                wi = j;
        if (wi < 0 || want[wi]) {
            sow_yfail(&c->y, k, "%s: '%s' is %s of option %s", what,
                      k->type == SOW_Y_SCALAR ? k->text : "?",
                      wi < 0 ? "not a value" : "given twice as a value",
                      d->name);
            return -1;
        }
        want[wi] = map->items[2 * i + 1];
    }
    for (int j = 0; j < d->nvalues; j++)
        if (!want[j]) {
            sow_yfail(&c->y, map, "%s: give a value for %s: %s too", what,
                      d->name, d->values[j]);
            return -1;
        }
    return oi;
}

int sow_lexpr_by_option(ctx *c, const sow_ynode *n, const field *f,
                        sow_expr *e)
{
    const sow_ynode *want[SOW_MAX_ENUM];
    int oi = by_values(c, n, f->what, want);
    if (oi < 0)
        return SOW_ERR;
    e->kind = SOW_EXPR_REF;
    e->opt = oi;
    e->is_enum = true;
    for (int j = 0; j < c->v->options[oi].nvalues; j++) {
        sow_expr one;
        if (want[j]->type == SOW_Y_SCALAR && want[j]->text[0] == '$')
            return sow_yfail(&c->y, want[j],
                             "%s: a value chosen by an option is a "
                             "constant, not another option reference",
                             f->what);
        if (sow_lexpr(c, want[j], f, &one))
            return SOW_ERR;
        if (one.value < -128 || one.value > 127) /* (sow_expr.map) */
            return sow_yfail(&c->y, want[j],
                             "%s: a value chosen by an option must be "
                             "from -128 to 127",
                             f->what);
        e->map[j] = (signed char)one.value;
    }
    return SOW_OK;
}

int sow_llayouts_by_option(ctx *c, const sow_ynode *n,
                           int (*load)(ctx *, const sow_ynode *, uint16_t *,
                                       int *))
{
    const sow_ynode *want[SOW_MAX_ENUM];
    sow_variant *v = c->v;
    int oi = by_values(c, n, "layout", want);
    if (oi < 0)
        return SOW_ERR;
    v->layout_by = oi + 1;
    for (int j = 0; j < v->options[oi].nvalues; j++) {
        int len = 0;
        if (load(c, want[j], v->layouts[j], &len))
            return SOW_ERR;
        if (j > 0 && len != v->layout_len)
            return sow_yfail(&c->y, want[j],
                             "layout for %s: %d counts, but the one for "
                             "%s has %d: give every value's start for the "
                             "same board",
                             v->options[oi].values[j], len,
                             v->options[oi].values[0], v->layout_len);
        v->layout_len = len;
    }
    memcpy(v->layout, v->layouts[0], sizeof v->layout);
    return SOW_OK;
}
