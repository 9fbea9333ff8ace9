/* sow_loader.c - a YAML tree (sow_yaml.h) to a validated sow_variant.
 *
 * Every check the format promises (docs/writing-variants.md) is made here, and
 * every error points at the node it is about. The script itself is checked
 * later, when the Lua bridge opens it (sow_lua.c). */
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sow_file.h"
#include "sow_text.h"
#include "sow_variant.h"
#include "sow_yaml.h"
#include "sow_yfield.h"
#include "sow_loader_int.h"


/* A text field copied into *out (owned by the variant): sow_ystring's
 * text, or with `line` sow_yline's (not empty, one line). */
static int copy_text(ctx *c, const sow_ynode *n, const char *what, bool line,
                     char **out)
{
    const char *t;
    if (line ? sow_yline(&c->y, n, what, &t) : sow_ystring(&c->y, n, what, &t))
        return SOW_ERR;
    free(*out);
    *out = strdup(t);
    if (!*out)
        return sow_yfail(&c->y, n, "out of memory");
    return SOW_OK;
}

/* A rule id: capital letters, then digits and dots (K1.5, C0.4, B.2, P13). */
bool sow_lrule_id(const char *s)
{
    const char *p = s;
    while (*p >= 'A' && *p <= 'Z')
        p++;
    if (p == s || !*p || strlen(s) > 16)
        return false;
    if (*p == '.' && !p[1])
        return false;
    for (const char *q = p; *q; q++) {
        if (*q == '.') {
            /* (a part may start with one capital: GA.L1, a reading's) */
            if (q[1] >= 'A' && q[1] <= 'Z')
                q++;
            if (!(q[1] >= '0' && q[1] <= '9'))
                return false;
        } else if (!(*q >= '0' && *q <= '9')) {
            return false;
        }
    }
    return true;
}

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

/* --- sections ---------------------------------------------------------- */

bool sow_name_valid(const char *s, bool dash)
{
    if (!s[0] || strlen(s) >= SOW_NAME_MAX)
        return false;
    if (!((s[0] >= 'a' && s[0] <= 'z') || (dash && s[0] >= '0' && s[0] <= '9') ||
          (!dash && s[0] == '_')))
        return false;
    for (const char *p = s; *p; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') ||
              (dash ? *p == '-' : *p == '_')))
            return false;
    return true;
}

static int load_option(ctx *c, const sow_ynode *key, const sow_ynode *n,
                       sow_option_def *d)
{
    static const char *const keys[] = {"type", "values", "min", "max",
                                       "step", "default", "doc", "needs",
                                       NULL};
    static const char *const types[] = {"enum", "bool", "int", NULL};
    if (!sow_name_valid(key->text, false))
        return sow_yfail(&c->y, key,
                         "option name '%s' must be lower-case letters, "
                         "digits and _ (starting with a letter)",
                         key->text);
    snprintf(d->name, sizeof d->name, "%s", key->text);
    d->line = key->line;
    d->col = key->col;
    char what[96];
    snprintf(what, sizeof what, "option %s", d->name);
    if (sow_ykeys(&c->y, n, what, keys))
        return SOW_ERR;
    const sow_ynode *t = sow_ynode_get(n, "type");
    const sow_ynode *def = sow_ynode_get(n, "default");
    const sow_ynode *doc = sow_ynode_get(n, "doc");
    const sow_ynode *vals = sow_ynode_get(n, "values");
    const sow_ynode *mn = sow_ynode_get(n, "min"), *mx = sow_ynode_get(n, "max");
    if (!t || !def || !doc)
        return sow_yfail(&c->y, n, "%s needs type, default and doc", what);
    int ti;
    if (sow_yword(&c->y, t, "type", types, &ti))
        return SOW_ERR;
    d->type = (sow_opt_type)ti;
    if (copy_text(c, doc, "doc", true, &d->doc))
        return SOW_ERR;
    if (d->type == SOW_OPT_ENUM) {
        if (!vals)
            return sow_yfail(&c->y, n, "enum %s needs values: [...]", what);
        if (vals->type != SOW_Y_SEQ || vals->n < 1 || vals->n > SOW_MAX_ENUM)
            return sow_yfail(&c->y, vals,
                             "values must be a list of 1 to 16 words");
        for (int i = 0; i < vals->n; i++) {
            const sow_ynode *w = vals->items[i];
            if (w->type != SOW_Y_SCALAR)
                return sow_yfail(&c->y, w, "an option value must be a word");
            char word[SOW_NAME_MAX * 2];
            snprintf(word, sizeof word, "%s", w->text);
            size_t wl = strlen(word);
            if (wl > 2 && strcmp(word + wl - 2, ":K") == 0) {
                d->param[i] = true;
                word[wl - 2] = 0;
            }
            if (!sow_name_valid(word, false))
                return sow_yfail(&c->y, w,
                                 "option value '%s' must be a lower-case "
                                 "word (letters, digits, _), optionally "
                                 "followed by :K",
                                 w->text);
            for (int k = 0; k < i; k++)
                if (strcmp(d->values[k], word) == 0)
                    return sow_yfail(&c->y, w,
                                     "option value '%s' is listed twice", word);
            snprintf(d->values[i], sizeof d->values[i], "%s", word);
        }
        d->nvalues = vals->n;
        if (mn || mx)
            return sow_yfail(&c->y, mn ? mn : mx,
                             "min and max are for int options");
    } else {
        if (vals)
            return sow_yfail(&c->y, vals, "values: is for enum options");
        if (d->type == SOW_OPT_INT) {
            if (!mn || !mx)
                return sow_yfail(&c->y, n, "int %s needs min and max", what);
            if (sow_yint(&c->y, mn, "min", -1000000000, 1000000000, &d->min) ||
                sow_yint(&c->y, mx, "max", -1000000000, 1000000000, &d->max))
                return SOW_ERR;
            if (d->min > d->max)
                return sow_yfail(&c->y, mx, "max is below min");
            const sow_ynode *st = sow_ynode_get(n, "step");
            d->step = 1;
            if (st && sow_yint(&c->y, st, "step", 1, 1000000000, &d->step))
                return SOW_ERR;
        } else if (mn || mx) {
            return sow_yfail(&c->y, mn ? mn : mx,
                             "min and max are for int options");
        }
    }
    d->needs = -1;
    const sow_ynode *nd = sow_ynode_get(n, "needs");
    if (nd) {
        int k = nd->type == SOW_Y_SCALAR ? sow_variant_option(c->v, nd->text)
                                         : -1;
        if (k < 0 || c->v->options[k].type != SOW_OPT_BOOL || &c->v->options[k] == d)
            return sow_yfail(&c->y, nd,
                             "needs: must name a bool option declared "
                             "before this one");
        d->needs = k;
    }
    if (def->type != SOW_Y_SCALAR)
        return sow_yfail(&c->y, def, "default must be a single value");
    if (d->type == SOW_OPT_BOOL || d->type == SOW_OPT_INT) {
        if (!def->plain)
            return sow_yfail(&c->y, def,
                             "default must be written without quotes");
    }
    sow_error sub;
    sow_error_clear(&sub);
    if (sow_optval_parse(d, def->text, &d->def, &sub))
        return sow_yfail(&c->y, def, "default: %s", sub.msg);
    return SOW_OK;
}

static int load_options(ctx *c, const sow_ynode *n)
{
    if (sow_ymap(&c->y, n, "options"))
        return SOW_ERR;
    if (n->n > SOW_MAX_OPTIONS)
        return sow_yfail(&c->y, n, "at most 16 options");
    for (int i = 0; i < n->n; i++) {
        c->v->noptions = i + 1; /* so a failed option's doc is freed */
        if (load_option(c, n->items[2 * i], n->items[2 * i + 1],
                        &c->v->options[i]))
            return SOW_ERR;
    }
    return SOW_OK;
}

static int load_layout(ctx *c, const sow_ynode *l, uint16_t *out);

/* A whole layout: a list of 2 to 64 counts; *len its length. */
static int layout_list(ctx *c, const sow_ynode *l, uint16_t *out, int *len)
{
    if (l->type != SOW_Y_SEQ || l->n < 2 || l->n > SOW_MAX_HOLES)
        return sow_yfail(&c->y, l,
                         "layout must be a list of 2 to 64 seed "
                         "counts in canonical hole order");
    *len = l->n;
    return load_layout(c, l, out);
}

/* The counts of a layout list (its length checked by the caller). */
static int load_layout(ctx *c, const sow_ynode *l, uint16_t *out)
{
    if (l->type != SOW_Y_SEQ)
        return sow_yfail(&c->y, l, "a layout is a list of seed counts");
    for (int i = 0; i < l->n; i++) {
        long s;
        if (sow_yint(&c->y, l->items[i], "a layout count", 0,
                     SOW_MAX_HOLE_SEEDS, &s))
            return SOW_ERR;
        out[i] = (uint16_t)s;
    }
    return SOW_OK;
}

/* One row's seeds in board.row_seeds: a count for every hole, or
 * {seeds: K, right: [...], left: [...]}: K in every hole but the ones
 * listed, counted from the right or left end of the row as the row's
 * owner sees it (HU.1's four right-hand inner holes, NS.1's rightmost
 * inner hole empty). */
static int load_row_seeds(ctx *c, const sow_ynode *x, sow_variant *v, int row)
{
    static const char *const keys[] = {"seeds", "right", "left", NULL};
    long k = 0;
    if (x->type != SOW_Y_MAP) {
        if (sow_yint(&c->y, x, "row seeds", 0, SOW_MAX_HOLE_SEEDS, &k))
            return SOW_ERR;
        v->row_seeds[row] = (uint16_t)k;
        return SOW_OK;
    }
    if (sow_ykeys(&c->y, x, "a row's seeds", keys))
        return SOW_ERR;
    const sow_ynode *s = sow_ynode_get(x, "seeds");
    if (s && sow_yint(&c->y, s, "seeds", 0, SOW_MAX_HOLE_SEEDS, &k))
        return SOW_ERR;
    v->row_seeds[row] = (uint16_t)k;
    for (int side = 0; side < 2; side++) {
        const sow_ynode *l = sow_ynode_get(x, side ? "left" : "right");
        if (!l)
            continue;
        if (l->type != SOW_Y_SEQ || l->n < 1 || l->n > SOW_MAX_ENDS)
            return sow_yfail(&c->y, l,
                             "%s: lists the seeds of 1 to %d holes from the "
                             "row's %s end, as its owner sees it",
                             side ? "left" : "right", SOW_MAX_ENDS,
                             side ? "left" : "right");
        if (load_layout(c, l, v->row_ends[row][side]))
            return SOW_ERR;
        v->row_ends_len[row][side] = (uint8_t)l->n;
    }
    return SOW_OK;
}

/* board.claimed (C1.4): the claimant of every hole at the start, -1
 * (nobody), 0 (South) or 1 (North), as scenario files give it; its
 * length is checked against the board once its size is known
 * (sow_setup.c). A claim implies claimed holes (board.claims). */
static int load_claimed(ctx *c, const sow_ynode *l)
{
    sow_variant *v = c->v;
    if (l->type == SOW_Y_MAP) { /* {own: positions}: for any board size */
        static const char *const keys[] = {"own", NULL};
        const sow_ynode *own = sow_ynode_get(l, "own");
        if (sow_ykeys(&c->y, l, "claimed", keys))
            return SOW_ERR;
        if (!own)
            return sow_yfail(&c->y, l, "claimed as a map needs own: the "
                                       "places in each player's rows of "
                                       "the holes they claim, e.g. "
                                       "{own: [rightmost]}");
        v->claims = true;
        return sow_lpositions(c, own, "claimed.own", &v->claimed_left,
                              &v->claimed_right);
    }
    if (l->type != SOW_Y_SEQ || l->n < 2 || l->n > SOW_MAX_HOLES)
        return sow_yfail(&c->y, l,
                         "claimed must be a list of 2 to 64 claimants in "
                         "canonical hole order: -1 (nobody), 0 (South) or "
                         "1 (North), or a map {own: [positions]} (each "
                         "player's holes at those places in their rows)");
    for (int i = 0; i < l->n; i++) {
        long p;
        if (sow_yint(&c->y, l->items[i], "a claimant", -1, 1, &p))
            return SOW_ERR;
        v->claimed[i] = (int8_t)p;
        v->claims |= p >= 0;
    }
    v->claimed_len = l->n;
    v->claimed_line = l->line;
    v->claimed_col = l->col;
    return SOW_OK;
}

static int load_board(ctx *c, const sow_ynode *n)
{
    static const char *const keys[] = {"rows", "holes", "seeds", "layout",
                                       "row_seeds",
                                       "layout_north", "stores",
                                       "stores_on_track", "claims", "closes",
                                       "hand", "placing", "claimed", NULL};
    static const char *const tracks[] = {"none", "own", "both", NULL};
    sow_variant *v = c->v;
    if (sow_ykeys(&c->y, n, "board", keys))
        return SOW_ERR;
    const sow_ynode *rows = sow_ynode_get(n, "rows");
    v->rows = 2;
    if (rows) {
        long r;
        if (sow_yint(&c->y, rows, "rows", 2, 4, &r))
            return SOW_ERR;
        v->rows = (int)r;
    }
    const sow_ynode *holes = sow_ynode_get(n, "holes");
    if (!holes)
        return sow_yfail(&c->y, n, "board needs holes: (holes per row)");
    field fh = {"holes", F_INT, 1, SOW_MAX_ROW, NULL};
    if (sow_lexpr(c, holes, &fh, &v->holes))
        return SOW_ERR;
    const sow_ynode *seeds = sow_ynode_get(n, "seeds");
    const sow_ynode *layout = sow_ynode_get(n, "layout");
    const sow_ynode *rseeds = sow_ynode_get(n, "row_seeds");
    if ((seeds != NULL) + (layout != NULL) + (rseeds != NULL) > 1)
        return sow_yfail(&c->y, rseeds ? rseeds : layout,
                         "give one of seeds, layout and row_seeds");
    if (!seeds && !layout && !rseeds)
        return sow_yfail(&c->y, n,
                         "board needs seeds: (per hole), row_seeds: [...] "
                         "(per row) or layout: [...]");
    if (rseeds) { /* C2.1: the seeds of every hole of each row, row 0 first */
        if (rseeds->type != SOW_Y_SEQ || rseeds->n != v->rows)
            return sow_yfail(&c->y, rseeds,
                             "row_seeds must be a list of %d seed counts, "
                             "one per row from South's outer row (C2.1)",
                             v->rows);
        for (int i = 0; i < rseeds->n; i++)
            if (load_row_seeds(c, rseeds->items[i], v, i))
                return SOW_ERR;
        v->has_row_seeds = true;
    } else if (seeds) {
        field fs = {"seeds", F_INT, 0, SOW_MAX_HOLE_SEEDS, NULL};
        if (sow_lexpr(c, seeds, &fs, &v->seeds))
            return SOW_ERR;
    } else {
        v->has_layout = true;
        v->layout_line = layout->line;
        v->layout_col = layout->col;
        if (sow_lby_option(layout) /* a start by an option's value */
                ? sow_llayouts_by_option(c, layout, layout_list)
                : layout_list(c, layout, v->layout, &v->layout_len))
            return SOW_ERR;
    }
    const sow_ynode *north = sow_ynode_get(n, "layout_north");
    if (north) { /* SQ.1: the start when North starts a round */
        if (!layout || north->type != SOW_Y_SEQ || north->n != layout->n ||
            v->layout_by)
            return sow_yfail(&c->y, north,
                             "layout_north is the start when North starts "
                             "a round: a list of as many counts as layout");
        if (load_layout(c, north, v->layout_north))
            return SOW_ERR;
        long a = 0, b = 0;
        for (int i = 0; i < layout->n; i++) {
            a += v->layout[i];
            b += v->layout_north[i];
        }
        if (a != b)
            return sow_yfail(&c->y, north,
                             "layout_north holds %ld seeds and layout %ld: "
                             "both starts must hold the same seeds",
                             b, a);
        v->has_layout_north = true;
    }
    const sow_ynode *stores = sow_ynode_get(n, "stores");
    if (stores && sow_ybool(&c->y, stores, "stores", &v->stores))
        return SOW_ERR;
    /* MW.1: seeds each player holds in hand at the start (C2.6) */
    const sow_ynode *hand = sow_ynode_get(n, "hand");
    field fha = {"hand", F_INT, 0, 32767, NULL}; /* (setup_hand bounds the total) */
    if (hand && sow_lexpr(c, hand, &fha, &v->hand))
        return SOW_ERR;
    /* MW.2: one seed a ply, or the whole hand in one ply */
    static const char *const placings[] = {"alternate", "layout", NULL};
    const sow_ynode *placing = sow_ynode_get(n, "placing");
    field fpl = {"placing", F_WORD, 0, 0, placings};
    if (placing && (!hand ? sow_yfail(&c->y, placing,
                                      "placing says how the seeds of "
                                      "board.hand are placed; give hand "
                                      "too, or drop placing")
                          : sow_lexpr(c, placing, &fpl, &v->placing)))
        return SOW_ERR;
    /* C1.2: stores sown like holes on the way round */
    const sow_ynode *track = sow_ynode_get(n, "stores_on_track");
    field ft = {"stores_on_track", F_WORD, 0, 0, tracks};
    if (track && sow_lexpr(c, track, &ft, &v->stores_on_track))
        return SOW_ERR;
    /* C1.4: holes a script claims (a lap-end rule's `do: claim` implies
     * it); the seed games, which claim nothing, keep their quick paths */
    const sow_ynode *cl = sow_ynode_get(n, "claims");
    if (cl && sow_ybool(&c->y, cl, "claims", &v->claims))
        return SOW_ERR;
    if ((cl = sow_ynode_get(n, "claimed")) && load_claimed(c, cl))
        return SOW_ERR;
    /* C1.5: holes a script closes or opens (a lap-end rule's `do: close`
     * implies it) */
    const sow_ynode *co = sow_ynode_get(n, "closes");
    if (co && sow_ybool(&c->y, co, "closes", &v->closes))
        return SOW_ERR;
    return SOW_OK;
}

/* phases: a list of {name, moves: sowing|decisions, fresh_holes,
 * until_ply}. */
static int load_phases(ctx *c, const sow_ynode *n)
{
    static const char *const keys[] = {"name", "moves", "fresh_holes",
                                       "until_ply", "question", "rule",
                                       NULL};
    static const char *const kinds[] = {"sowing", "decisions", "scripted",
                                        NULL};
    sow_variant *v = c->v;
    if (n->type != SOW_Y_SEQ || n->n < 1 || n->n > SOW_MAX_PHASES)
        return sow_yfail(&c->y, n,
                         "phases must be a list of 1 to 8 phases (- name: "
                         "..., moves: sowing or decisions)");
    for (int i = 0; i < n->n; i++) {
        const sow_ynode *p = n->items[i];
        sow_phase *ph = &v->phases[i];
        if (sow_ykeys(&c->y, p, "a phase", keys))
            return SOW_ERR;
        const sow_ynode *nm = sow_ynode_get(p, "name");
        const sow_ynode *mv = sow_ynode_get(p, "moves");
        if (!nm || !mv)
            return sow_yfail(&c->y, p,
                             "a phase needs name: and moves: (sowing or "
                             "decisions)");
        if (nm->type != SOW_Y_SCALAR || !sow_name_valid(nm->text, false))
            return sow_yfail(&c->y, nm,
                             "a phase name must be a lower-case word");
        for (int k = 0; k < i; k++)
            if (strcmp(v->phases[k].name, nm->text) == 0)
                return sow_yfail(&c->y, nm, "phase '%s' is listed twice",
                                 nm->text);
        snprintf(ph->name, sizeof ph->name, "%s", nm->text);
        int kind;
        if (sow_yword(&c->y, mv, "moves", kinds, &kind))
            return SOW_ERR;
        ph->decisions = kind == 1;
        ph->scripted = kind == 2;
        if (ph->scripted && !v->hook_fn[SOW_HOOK_PLAY])
            return sow_yfail(&c->y, mv,
                             "a scripted phase needs a play hook under "
                             "hooks:");
        const sow_ynode *q = sow_ynode_get(p, "question");
        if (q) {
            const char *text;
            if (sow_yline(&c->y, q, "question", &text))
                return SOW_ERR;
            if (strlen(text) >= sizeof ph->question) /* never cut */
                return sow_yfail(&c->y, q, "question is %zu bytes; a "
                                           "question may have at most %zu: "
                                           "shorten it",
                                 strlen(text), sizeof ph->question - 1);
            snprintf(ph->question, sizeof ph->question, "%s", text);
        }
        const sow_ynode *x = sow_ynode_get(p, "rule");
        if (x && sow_lcite(c, x, ph->cite))
            return SOW_ERR;
        x = sow_ynode_get(p, "fresh_holes");
        if (x && sow_ybool(&c->y, x, "fresh_holes", &ph->fresh_holes))
            return SOW_ERR;
        x = sow_ynode_get(p, "until_ply");
        if (x) {
            long u;
            if (sow_yint(&c->y, x, "until_ply", 1, SOW_MAX_PLIES_LIMIT, &u))
                return SOW_ERR;
            ph->until_ply = (int)u;
        }
        if (ph->decisions && (ph->fresh_holes || ph->until_ply))
            return sow_yfail(&c->y, p,
                             "fresh_holes and until_ply are for sowing "
                             "phases");
        v->nphases = i + 1;
    }
    return SOW_OK;
}

static bool lua_identifier(const char *s)
{
    if (!s[0] || strlen(s) > 64)
        return false;
    if (!((s[0] >= 'a' && s[0] <= 'z') || (s[0] >= 'A' && s[0] <= 'Z') ||
          s[0] == '_'))
        return false;
    for (const char *p = s; *p; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
              (*p >= '0' && *p <= '9') || *p == '_'))
            return false;
    return true;
}

static int load_hooks(ctx *c, const sow_ynode *n)
{
    static const char *const keys[] = {"lap_end",    "score",  "new_game",
                                       "decisions",  "decide", "play",
                                       "filter",     "game_end",
                                       "after_move", "drop",     NULL};
    if (sow_ykeys(&c->y, n, "hooks", keys))
        return SOW_ERR;
    for (int h = 0; h < SOW_HOOK_COUNT; h++) {
        const sow_ynode *x = sow_ynode_get(n, sow_hook_names[h]);
        if (!x)
            continue;
        if (x->type != SOW_Y_SCALAR || !lua_identifier(x->text))
            return sow_yfail(&c->y, x,
                             "hook %s must name a Lua function (letters, "
                             "digits, _)",
                             sow_hook_names[h]);
        if (copy_text(c, x, "hook", false, &c->v->hook_fn[h]))
            return SOW_ERR;
        c->v->hook_line[h] = x->line;
        c->v->hook_col[h] = x->col;
    }
    return SOW_OK;
}

static int load_rules(ctx *c, const sow_ynode *n)
{
    if (sow_ymap(&c->y, n, "rules"))
        return SOW_ERR;
    if (n->n > SOW_MAX_RULE_IDS)
        return sow_yfail(&c->y, n, "at most 64 rule ids");
    for (int i = 0; i < n->n; i++) {
        const sow_ynode *k = n->items[2 * i], *t = n->items[2 * i + 1];
        sow_rule_text *r = &c->v->rules[i];
        if (!sow_lrule_id(k->text))
            return sow_yfail(&c->y, k,
                             "rule id '%s' must be capital letters then "
                             "digits and dots, like K1.5, B.2, P13 or "
                             "GA.L1",
                             k->text);
        c->v->nrules = i + 1;
        if (copy_text(c, k, "rule id", false, &r->id) ||
            copy_text(c, t, "a rule text", true, &r->text))
            return SOW_ERR;
    }
    return SOW_OK;
}

/* A list of distinct words (decision names, state names), sorted when
 * `sort` is set. */
static int load_words(ctx *c, const sow_ynode *n, const char *what, int max,
                      char (*out)[SOW_NAME_MAX], int *count, bool sort)
{
    if (n->type != SOW_Y_SEQ)
        return sow_yfail(&c->y, n, "%s must be a list of words", what);
    if (n->n > max) {
        char msg[96];
        snprintf(msg, sizeof msg, "%s may list at most %d words", what, max);
        return sow_yfail(&c->y, n, "%s", msg);
    }
    for (int i = 0; i < n->n; i++) {
        const sow_ynode *w = n->items[i];
        if (w->type != SOW_Y_SCALAR || !sow_name_valid(w->text, false))
            return sow_yfail(&c->y, w,
                             "'%s' must be a lower-case word (letters, "
                             "digits, _)",
                             w->type == SOW_Y_SCALAR ? w->text : "?");
        for (int k = 0; k < i; k++)
            if (strcmp(out[k], w->text) == 0)
                return sow_yfail(&c->y, w, "'%s' is listed twice", w->text);
        snprintf(out[i], SOW_NAME_MAX, "%s", w->text);
    }
    *count = n->n;
    if (sort)
        for (int i = 1; i < *count; i++)
            for (int k = i; k > 0 && strcmp(out[k - 1], out[k]) > 0; k--) {
                char t[SOW_NAME_MAX];
                memcpy(t, out[k], SOW_NAME_MAX);
                memcpy(out[k], out[k - 1], SOW_NAME_MAX);
                memcpy(out[k - 1], t, SOW_NAME_MAX);
            }
    return SOW_OK;
}

/* Whether the script path as written has a `..` component. */
static bool has_dotdot(const char *p)
{
    for (const char *s = p; (s = strstr(s, "..")); s += 2)
        if ((s == p || s[-1] == '/') && (s[2] == 0 || s[2] == '/'))
            return true;
    return false;
}

int sow_variant_script_check(const sow_variant *v, char **resolved,
                             sow_error *err)
{
    if (resolved)
        *resolved = NULL;
    const char *w = v->script;
    size_t len = strlen(w);
    /* the rule of issue 13 #4: a variant reads its own files only, so
     * that a variant file from a stranger cannot make sow read (and quote
     * in an error) ../../.ssh/id_rsa; refused before anything is opened */
    char *r = NULL;
    bool outside = w[0] == '/' || has_dotdot(w) ||
                   sow_file_resolve_in(v->dir, v->script_path, &r) ==
                       SOW_FILE_OUTSIDE;
    if (outside)
        return sow_error_set(err, v->path, v->script_line, v->script_col,
                             "script '%s' is outside the variant's folder; "
                             "put the script beside the .yaml file (or "
                             "below its folder)",
                             w);
    if (len < 5 || strcmp(w + len - 4, ".lua") != 0) {
        free(r);
        return sow_error_set(err, v->path, v->script_line, v->script_col,
                             "script '%s' is not a .lua file; a variant's "
                             "script is Lua source text named NAME.lua, "
                             "beside the .yaml file (or below its folder)",
                             w);
    }
    if (resolved)
        *resolved = r;
    else
        free(r);
    return SOW_OK;
}

/* script: the Lua file beside the YAML file or below its folder (absent
 * in a variant of data alone). */
static int load_script(ctx *c, const sow_ynode *x)
{
    sow_variant *v = c->v;
    if (copy_text(c, x, "script", false, &v->script))
        return SOW_ERR;
    v->script_line = x->line;
    v->script_col = x->col;
    if (!v->script[0])
        return sow_yfail(&c->y, x, "script must name the Lua file");
    size_t len = strlen(v->dir) + strlen(v->script) + 2;
    v->script_path = malloc(len);
    if (!v->script_path)
        return sow_yfail(&c->y, x, "out of memory");
    if (v->script[0] == '/')
        snprintf(v->script_path, len, "%s", v->script);
    else
        snprintf(v->script_path, len, "%s/%s", v->dir, v->script);
    return sow_variant_script_check(v, NULL, c->y.err);
}

/* Whether any key of the mapping map is one of keys. */
static bool has_any_key(const sow_ynode *map, const char *const *keys)
{
    for (int i = 0; i < map->n; i++)
        for (const char *const *k = keys; *k; k++)
            if (strcmp(*k, map->items[2 * i]->text) == 0)
                return true;
    return false;
}

/* The top level: not empty, a variant's keys only, and not some other
 * file altogether. */
static int check_root(ctx *c, const sow_ynode *root,
                      const char *const *keys)
{
    if (!root || (root->type == SOW_Y_SCALAR && root->plain && !root->text[0]))
        return sow_error_set(c->y.err, c->y.path, 1, 1,
                             "the file is empty; a variant needs id, name, "
                             "summary, board, sowing and script");
    if (root->type == SOW_Y_MAP && !has_any_key(root, keys))
        /* none of a variant's keys: a path that names some other file.
         * Nothing of it is quoted, since it may hold anything (issue 23:
         * a link to a password file had its lines quoted back) */
        return sow_yfail(&c->y, root,
                         "this is not a variant file: none of its %d "
                         "top-level keys is a variant's (id, name, summary, "
                         "board, sowing...); check the path",
                         root->n);
    return sow_ykeys(&c->y, root, "a variant file", keys);
}

/* The moves the sowing direction makes (after the decisions and phases
 * are read): direction: chosen adds the decision moves dir:ccw and
 * dir:cw (OL.2, C1.12); direction: each_move makes every sowing move a
 * hole and a direction, which a scripted phase's moves cannot be (MB.2). */
static int load_direction_moves(ctx *c, const sow_ynode *root)
{
    sow_variant *v = c->v;
    if (v->dir_rule == SOW_DIR_CHOSEN) {
        /* OL.2, C1.12: the direction is the engine's own decision move */
        if (v->ndecisions)
            return sow_yfail(&c->y, sow_ynode_get(root, "decisions"),
                             "direction: chosen makes dir:ccw and dir:cw "
                             "the decision moves; it cannot be combined "
                             "with decisions: of the script");
        snprintf(v->decisions[0], sizeof v->decisions[0], "dir");
        v->ndecisions = 1;
        v->dir_kind = 0;
    }
    for (int i = 0; v->dir_rule == SOW_DIR_EACH_MOVE && i < v->nphases; i++)
        if (v->phases[i].scripted) /* MB.2: its moves are h/ccw, h/cw */
            return sow_yfail(&c->y, sow_ynode_get(root, "phases"),
                             "direction: each_move makes every sowing move "
                             "a hole and a direction (3/ccw, 3/cw), but "
                             "phase '%s' has moves: scripted, whose moves "
                             "are holes alone; make it a phase of sowing "
                             "moves, or give the variant another direction",
                             v->phases[i].name);
    return SOW_OK;
}

static int load_root(ctx *c, const sow_ynode *root)
{
    static const char *const keys[] = {"id", "name", "summary", "source",
                                       "rules", "board", "sowing", "end",
                                       "script", "hooks", "options",
                                       "decisions", "state", "match",
                                       "phases", "start_phase", "explain",
                                       "rounds", "how_to_play", NULL};
    sow_variant *v = c->v;
    if (check_root(c, root, keys))
        return SOW_ERR;
    static const char *const required[] = {"id", "name", "summary", "board",
                                           "sowing", NULL};
    for (int i = 0; required[i]; i++)
        if (!sow_ynode_get(root, required[i]))
            return sow_yfail(&c->y, root, "missing key '%s' at the top level",
                             required[i]);
    const sow_ynode *x = sow_ynode_get(root, "id");
    if (copy_text(c, x, "id", false, &v->id))
        return SOW_ERR;
    if (!sow_name_valid(v->id, true))
        return sow_yfail(&c->y, x,
                         "id '%s' must be lower-case letters, digits and "
                         "dashes, at most 31 characters",
                         v->id);
    if (copy_text(c, sow_ynode_get(root, "name"), "name", true, &v->name) ||
        copy_text(c, sow_ynode_get(root, "summary"), "summary", true,
                  &v->summary))
        return SOW_ERR;
    if ((x = sow_ynode_get(root, "source")) &&
        copy_text(c, x, "source", false, &v->source))
        return SOW_ERR;
    /* options first: other sections refer to them */
    if ((x = sow_ynode_get(root, "options")) && load_options(c, x))
        return SOW_ERR;
    if ((x = sow_ynode_get(root, "rules")) && load_rules(c, x))
        return SOW_ERR;
    if ((x = sow_ynode_get(root, "explain")) && sow_lexplain(c, x))
        return SOW_ERR;
    if ((x = sow_ynode_get(root, "how_to_play")) && sow_lhowto(c, x))
        return SOW_ERR;
    if (load_board(c, sow_ynode_get(root, "board")) ||
        sow_lsowing(c, sow_ynode_get(root, "sowing")))
        return SOW_ERR;
    if ((x = sow_ynode_get(root, "end")) && sow_lend(c, x))
        return SOW_ERR;
    if ((x = sow_ynode_get(root, "hooks")) && load_hooks(c, x))
        return SOW_ERR;
    if ((x = sow_ynode_get(root, "decisions")) &&
        load_words(c, x, "decisions", SOW_MAX_DECISIONS, v->decisions,
                   &v->ndecisions, true))
        return SOW_ERR;
    if ((x = sow_ynode_get(root, "state")) &&
        load_words(c, x, "state", SOW_MAX_STATE, v->state, &v->nstate,
                   false))
        return SOW_ERR;
    if ((x = sow_ynode_get(root, "rounds")) && sow_lrounds(c, x))
        return SOW_ERR;
    if ((x = sow_ynode_get(root, "match")) && sow_lmatch(c, x))
        return SOW_ERR;
    if (v->rounds && !sow_ynode_get(root, "match"))
        return sow_error_set(c->y.err, c->y.path, v->rounds_line,
                             v->rounds_col,
                             "rounds: need match: {enabled: true} (or an "
                             "option) beside them: the rounds are the games "
                             "of a match");
    if (v->threshold.kind == SOW_EXPR_CONST &&
        v->threshold.value == SOW_THRESHOLD_REFILL && !v->rounds)
        return sow_error_set(c->y.err, c->y.path, v->threshold.line,
                             v->threshold.col,
                             "threshold: refill counts the seeds that fill "
                             "rounds.min_holes, so it needs a rounds: "
                             "section");
    if ((x = sow_ynode_get(root, "phases")) && load_phases(c, x))
        return SOW_ERR;
    if ((x = sow_ynode_get(root, "start_phase"))) {
        v->start_phase = -1;
        for (int i = 0; i < v->nphases; i++)
            if (x->type == SOW_Y_SCALAR && strcmp(v->phases[i].name, x->text) == 0)
                v->start_phase = i + 1;
        if (v->start_phase < 0)
            return sow_yfail(&c->y, x,
                             "start_phase must name one of the phases");
    }
    if (v->ndecisions &&
        (!v->hook_fn[SOW_HOOK_DECISIONS] || !v->hook_fn[SOW_HOOK_DECIDE]))
        return sow_yfail(&c->y, sow_ynode_get(root, "decisions"),
                         "decision moves need both a decisions hook (which are "
                         "legal) and a decide hook (what one does)");
    x = sow_ynode_get(root, "script");
    if (!x && sow_ynode_get(root, "hooks"))
        return sow_yfail(&c->y, root,
                         "hooks: names script functions, so the variant "
                         "needs script: (the Lua file)");
    if (x && load_script(c, x))
        return SOW_ERR;
    if (load_direction_moves(c, root))
        return SOW_ERR;
    /* lap_end rules that say hook need the hook */
    for (int i = 0; i < v->nlap_rules; i++)
        if (v->lap_rules[i].action == SOW_LAP_HOOK &&
            !v->hook_fn[SOW_HOOK_LAP_END])
            return sow_error_set(c->y.err, c->y.path, v->lap_rules[i].line,
                                 v->lap_rules[i].col,
                                 "this lap_end rule says do: hook, but hooks: "
                                 "names no lap_end function");
    return SOW_OK;
}

static void defaults(sow_variant *v)
{
    v->direction.kind = SOW_EXPR_CONST;
    v->direction.value = SOW_DIR_CCW;
    v->min_seeds = 1;
    v->passing.kind = SOW_EXPR_CONST;
    v->passing.value = 1;
    v->skip_origin.kind = SOW_EXPR_CONST;
    v->endless_move.kind = SOW_EXPR_CONST;
    v->endless_move.value = SOW_ENDLESS_FORBID;
    v->seeds_at_most.kind = SOW_EXPR_CONST;
    v->seeds_at_most.value = -1;
    v->repetition.kind = SOW_EXPR_CONST;
    v->no_capture_plies.kind = SOW_EXPR_CONST;
    v->capture_unreachable.kind = SOW_EXPR_CONST;
    v->unreachable_positions.kind = SOW_EXPR_CONST;
    v->unreachable_positions.value = SOW_REACH_POSITIONS;
    v->max_plies.kind = SOW_EXPR_CONST;
    v->max_plies.value = 10000;
    v->match.kind = SOW_EXPR_CONST;
    v->match_games.kind = SOW_EXPR_CONST;
    v->match_games.value = 50;
    v->threshold.kind = SOW_EXPR_CONST;
    v->threshold.value = -1;
    v->round_lose_at_most = -1; /* GA.8: off */
    v->threshold_if.kind = SOW_EXPR_CONST;
    v->threshold_if.value = 1;
    v->round_min_holes.kind = SOW_EXPR_CONST;
    v->round_min_holes.value = 1;
    v->round_block.kind = SOW_EXPR_CONST;
    v->round_block.value = 1;
    v->last_seeds.kind = SOW_EXPR_CONST;
    v->last_seeds_if.kind = SOW_EXPR_CONST;
    v->last_seeds_if.value = 1;
    v->rest_fed.kind = SOW_EXPR_CONST;
    v->rest_fed.value = SOW_REST_UNFED;
}

/* Load from a file (text NULL) or from text in memory. */
static int load(const char *path, const char *text, size_t len,
                sow_variant **out, sow_error *err)
{
    *out = NULL;
    sow_variant *v = calloc(1, sizeof *v);
    if (!v)
        return sow_error_set(err, path, 0, 0, "out of memory");
    defaults(v);
    v->path = strdup(path);
    char *tmp = strdup(path);
    if (!v->path || !tmp) {
        free(tmp);
        sow_variant_free(v);
        return sow_error_set(err, path, 0, 0, "out of memory");
    }
    v->dir = strdup(dirname(tmp));
    free(tmp);
    if (!v->dir) {
        sow_variant_free(v);
        return sow_error_set(err, path, 0, 0, "out of memory");
    }
    sow_ynode *root = NULL;
    ctx c = {{path, err}, v};
    int rc = text ? sow_yaml_parse_text(path, text, len, &root, err)
                  : sow_yaml_parse_file(path, &root, err);
    if (rc == SOW_OK)
        rc = load_root(&c, root);
    sow_ynode_free(root);
    if (rc) {
        /* sow_error_set keeps messages on one line (sow_text_scrub) */
        sow_variant_free(v);
        return SOW_ERR;
    }
    *out = v;
    return SOW_OK;
}

int sow_variant_load(const char *path, sow_variant **out, sow_error *err)
{
    return load(path, NULL, 0, out, err);
}

int sow_variant_load_text(const char *path, const char *text, size_t len,
                          sow_variant **out, sow_error *err)
{
    return load(path, text ? text : "", text ? len : 0, out, err);
}

void sow_variant_free(sow_variant *v)
{
    if (!v)
        return;
    free(v->path);
    free(v->dir);
    free(v->id);
    free(v->name);
    free(v->summary);
    free(v->source);
    for (int i = 0; i < SOW_HOWTO_PARTS; i++)
        free(v->how_to_play[i]);
    free(v->script);
    free(v->script_path);
    for (int h = 0; h < SOW_HOOK_COUNT; h++)
        free(v->hook_fn[h]);
    for (int i = 0; i < v->noptions; i++)
        free(v->options[i].doc);
    for (int i = 0; i < v->nrules; i++) {
        free(v->rules[i].id);
        free(v->rules[i].text);
    }
    free(v);
}
