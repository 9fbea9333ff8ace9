/* sow_lexpr.c - the variant loader's fields that may refer to an option
 * ($name, $name=value, $name:value) or hold a constant, checked against
 * the field and the option (split from sow_loader.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sow_variant.h"
#include "sow_yaml.h"
#include "sow_yfield.h"
#include "sow_loader_int.h"

/* --- fields that may refer to options ---------------------------------- */


/* $name=value or $name:value: an enum option d compared with one of its
 * values (=, a true/false field) or that value's :K number (:, a number
 * field). */
static int want_ref_value(ctx *c, const sow_ynode *n, const field *f,
                          const sow_option_def *d, char sep, const char *word,
                          sow_expr *e)
{
    const char *name = d->name;
    if (d->type != SOW_OPT_ENUM)
        return sow_yfail(&c->y, n,
                         "'%s': only an enum option can be "
                         "compared with a value (option %s)",
                         n->text, name);
    int wi = -1;
    for (int i = 0; i < d->nvalues; i++)
        if (strcmp(d->values[i], word) == 0)
            wi = i;
    if (wi < 0)
        return sow_yfail(&c->y, n, "'%s': option %s has no such value", n->text,
                         name);
    e->word = wi;
    if (sep == '=') {
        /* a field of two words takes it too: the second word where the
         * option has that value (end.no_moves: $end=loses, HU.6) */
        bool two = f->kind == F_WORD && f->words[0] && f->words[1] &&
                   !f->words[2];
        if (f->kind != F_BOOL && !two)
            return sow_yfail(&c->y, n,
                             "%s needs a number or word, but '%s' "
                             "is true or false",
                             f->what, n->text);
        e->kind = SOW_EXPR_EQ;
        return SOW_OK;
    }
    if (!d->param[wi])
        return sow_yfail(&c->y, n,
                         "'%s': that value takes no :K number; "
                         "declare it as 'value:K' or use =%s",
                         n->text, "");
    if (f->kind != F_INT)
        return sow_yfail(&c->y, n,
                         "%s is not a number field, so '%s' cannot "
                         "be used",
                         f->what, n->text);
    e->kind = SOW_EXPR_PARAM;
    return SOW_OK;
}

/* $name: the value of option d itself, which must fit the field (its
 * type, and for a number its range; for a word, each of its values). */
static int want_ref_whole(ctx *c, const sow_ynode *n, const field *f,
                          const sow_option_def *d, sow_expr *e)
{
    const char *name = d->name;
    e->kind = SOW_EXPR_REF;
    switch (f->kind) {
    case F_INT:
        if (d->type != SOW_OPT_INT)
            return sow_yfail(&c->y, n,
                             "%s needs a number, but option %s is "
                             "not an int option",
                             f->what, name);
        if (d->min < f->min || d->max > f->max)
            return sow_yfail(&c->y, n,
                             "option %s ranges over %ld..%ld, but "
                             "%s must be from %ld to %ld",
                             name, d->min, d->max, f->what, f->min, f->max);
        return SOW_OK;
    case F_BOOL:
        if (d->type != SOW_OPT_BOOL)
            return sow_yfail(&c->y, n,
                             "%s is true or false, but option %s "
                             "is not a bool option",
                             f->what, name);
        return SOW_OK;
    case F_WORD:
        if (d->type != SOW_OPT_ENUM)
            return sow_yfail(&c->y, n,
                             "%s takes a word, but option %s is "
                             "not an enum option",
                             f->what, name);
        e->is_enum = true;
        for (int i = 0; i < d->nvalues; i++) {
            int wi = -1;
            for (int k = 0; f->words[k]; k++)
                if (strcmp(f->words[k], d->values[i]) == 0)
                    wi = k;
            if (wi < 0 || d->param[i])
                return sow_yfail(&c->y, n,
                                 "option %s has the value '%s', "
                                 "which this field does not take",
                                 name, d->values[i]);
            e->map[i] = (signed char)wi;
        }
        return SOW_OK;
    }
    return SOW_ERR;
}

/* An option reference: $name, $name=value or $name:value. */
static int want_ref(ctx *c, const sow_ynode *n, const field *f, sow_expr *e)
{
    char name[SOW_NAME_MAX * 2], word[SOW_NAME_MAX * 2] = "";
    const char *s = n->text + 1;
    size_t nl = strcspn(s, "=:");
    char sep = s[nl];
    if (nl == 0 || nl >= sizeof name)
        return sow_yfail(&c->y, n,
                         "'%s' is not an option reference; write "
                         "$name, $name=value or $name:value",
                         n->text);
    memcpy(name, s, nl);
    name[nl] = 0;
    if (sep) {
        snprintf(word, sizeof word, "%s", s + nl + 1);
        if (!word[0])
            return sow_yfail(&c->y, n,
                             "'%s': a value must follow the '=' "
                             "or ':'",
                             n->text);
    }
    int oi = sow_variant_option(c->v, name);
    if (oi < 0)
        return sow_yfail(&c->y, n,
                         "%s refers to option '%s', which is not "
                         "declared under options:",
                         f->what, name);
    e->opt = oi;
    const sow_option_def *d = &c->v->options[oi];
    return sep ? want_ref_value(c, n, f, d, sep, word, e)
               : want_ref_whole(c, n, f, d, e);
}

/* A field that may refer to an option ($name...) or hold a constant. */
int sow_lexpr(ctx *c, const sow_ynode *n, const field *f, sow_expr *e)
{
    memset(e, 0, sizeof *e);
    e->line = n->line;
    e->col = n->col;
    if (n->type == SOW_Y_SCALAR && n->text[0] == '$')
        return want_ref(c, n, f, e);
    if (sow_lby_option(n)) /* {$name: {value: ..., ...}} */
        return sow_lexpr_by_option(c, n, f, e);
    e->kind = SOW_EXPR_CONST;
    switch (f->kind) {
    case F_INT: return sow_yint(&c->y, n, f->what, f->min, f->max, &e->value);
    case F_BOOL: {
        bool b;
        if (sow_ybool(&c->y, n, f->what, &b))
            return SOW_ERR;
        e->value = b;
        return SOW_OK;
    }
    case F_WORD: {
        int w;
        if (sow_yword(&c->y, n, f->what, f->words, &w))
            return SOW_ERR;
        e->value = w;
        return SOW_OK;
    }
    }
    return SOW_ERR;
}
