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
#include "sow_ltrack.h"

typedef struct ctx {
    sow_yreader y; /* the file and the error (sow_yfield.h) */
    sow_variant *v;
} ctx;

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
static bool valid_rule_id(const char *s)
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
            if (!(q[1] >= '0' && q[1] <= '9'))
                return false;
        } else if (!(*q >= '0' && *q <= '9')) {
            return false;
        }
    }
    return true;
}

/* --- fields that may refer to options ---------------------------------- */

typedef enum { F_INT, F_BOOL, F_WORD } field_kind;

typedef struct field {
    const char *what;
    field_kind kind;
    long min, max;            /* F_INT */
    const char *const *words; /* F_WORD */
} field;

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
        if (f->kind != F_BOOL)
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
static int want_expr(ctx *c, const sow_ynode *n, const field *f, sow_expr *e)
{
    memset(e, 0, sizeof *e);
    e->line = n->line;
    e->col = n->col;
    if (n->type == SOW_Y_SCALAR && n->text[0] == '$')
        return want_ref(c, n, f, e);
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

/* The counts of a layout list (its length checked by the caller). */
static int load_layout(ctx *c, const sow_ynode *l, uint16_t *out)
{
    for (int i = 0; i < l->n; i++) {
        long s;
        if (sow_yint(&c->y, l->items[i], "a layout count", 0,
                     SOW_MAX_HOLE_SEEDS, &s))
            return SOW_ERR;
        out[i] = (uint16_t)s;
    }
    return SOW_OK;
}

static int load_board(ctx *c, const sow_ynode *n)
{
    static const char *const keys[] = {"rows", "holes", "seeds", "layout",
                                       "layout_north", "stores",
                                       "stores_on_track", "claims", NULL};
    static const char *const tracks[] = {"none", "own", "both", NULL};
    sow_variant *v = c->v;
    if (sow_ykeys(&c->y, n, "board", keys))
        return SOW_ERR;
    const sow_ynode *rows = sow_ynode_get(n, "rows");
    if (rows) {
        long r;
        if (sow_yint(&c->y, rows, "rows", 2, 2, &r))
            return SOW_ERR;
    }
    const sow_ynode *holes = sow_ynode_get(n, "holes");
    if (!holes)
        return sow_yfail(&c->y, n, "board needs holes: (holes per row)");
    field fh = {"holes", F_INT, 1, SOW_MAX_ROW, NULL};
    if (want_expr(c, holes, &fh, &v->holes))
        return SOW_ERR;
    const sow_ynode *seeds = sow_ynode_get(n, "seeds");
    const sow_ynode *layout = sow_ynode_get(n, "layout");
    if (seeds && layout)
        return sow_yfail(&c->y, layout, "give seeds or layout, not both");
    if (!seeds && !layout)
        return sow_yfail(&c->y, n,
                         "board needs seeds: (per hole) or layout: [...]");
    if (seeds) {
        field fs = {"seeds", F_INT, 0, SOW_MAX_HOLE_SEEDS, NULL};
        if (want_expr(c, seeds, &fs, &v->seeds))
            return SOW_ERR;
    } else {
        if (layout->type != SOW_Y_SEQ || layout->n < 2 ||
            layout->n > SOW_MAX_HOLES)
            return sow_yfail(&c->y, layout,
                             "layout must be a list of 2 to 64 seed "
                             "counts in canonical hole order");
        v->has_layout = true;
        v->layout_len = layout->n;
        v->layout_line = layout->line;
        v->layout_col = layout->col;
        if (load_layout(c, layout, v->layout))
            return SOW_ERR;
    }
    const sow_ynode *north = sow_ynode_get(n, "layout_north");
    if (north) { /* SQ.1: the start when North starts a round */
        if (!layout || north->type != SOW_Y_SEQ || north->n != layout->n)
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
    /* C1.2: stores sown like holes on the way round */
    const sow_ynode *track = sow_ynode_get(n, "stores_on_track");
    field ft = {"stores_on_track", F_WORD, 0, 0, tracks};
    if (track && want_expr(c, track, &ft, &v->stores_on_track))
        return SOW_ERR;
    /* C1.4: holes a script claims (a lap-end rule's `do: claim` implies
     * it); the seed games, which claim nothing, keep their quick paths */
    const sow_ynode *cl = sow_ynode_get(n, "claims");
    if (cl && sow_ybool(&c->y, cl, "claims", &v->claims))
        return SOW_ERR;
    return SOW_OK;
}

/* A count condition: an int, a list of ints, or {min, max} (a range
 * without max matches every count from min up). */
static int load_counts(ctx *c, const sow_ynode *cn, const char *what,
                       long least, uint64_t *counts, bool *high)
{
    *counts = 0;
    *high = false;
    long lo, hi;
    char wmin[64], wmax[64];
    snprintf(wmin, sizeof wmin, "%s min", what);
    snprintf(wmax, sizeof wmax, "%s max", what);
    if (cn->type == SOW_Y_SCALAR) {
        if (sow_yint(&c->y, cn, what, least, 62, &lo))
            return SOW_ERR;
        *counts = (uint64_t)1 << lo;
    } else if (cn->type == SOW_Y_SEQ) {
        if (cn->n == 0)
            return sow_yfail(&c->y, cn, "%s: [] matches nothing; list counts",
                             what);
        for (int i = 0; i < cn->n; i++) {
            if (sow_yint(&c->y, cn->items[i], what, least, 62, &lo))
                return SOW_ERR;
            if ((*counts >> lo) & 1)
                return sow_yfail(&c->y, cn->items[i],
                                 "count %s is listed twice",
                                 cn->items[i]->text);
            *counts |= (uint64_t)1 << lo;
        }
    } else {
        static const char *const rkeys[] = {"min", "max", NULL};
        if (sow_ykeys(&c->y, cn, what, rkeys))
            return SOW_ERR;
        const sow_ynode *mn = sow_ynode_get(cn, "min"),
                        *mx = sow_ynode_get(cn, "max");
        lo = least;
        hi = -1;
        if (!mn && !mx)
            return sow_yfail(&c->y, cn, "a %s range needs min:, max: or both",
                             what);
        if (mn && sow_yint(&c->y, mn, wmin, least, 62, &lo))
            return SOW_ERR;
        if (mx && sow_yint(&c->y, mx, wmax, least, 62, &hi))
            return SOW_ERR;
        if (!mx)
            *high = true;
        long top = mx ? hi : 62;
        if (top < lo)
            return sow_yfail(&c->y, cn, "%s max is below min", what);
        for (long k = lo; k <= top; k++)
            *counts |= (uint64_t)1 << k;
    }
    return SOW_OK;
}

/* chain: {counts, start, direction, owner, skip_empty} of a rule that
 * says do: chain. */
static int load_chain(ctx *c, const sow_ynode *n, sow_chain *ch)
{
    static const char *const keys[] = {"counts", "start", "direction",
                                       "owner", "skip_empty", NULL};
    static const char *const starts[] = {"next", "last", NULL};
    static const char *const dirs[] = {"forward", "backward", NULL};
    static const char *const owners[] = {"any", "own", "opponent", NULL};
    if (sow_ykeys(&c->y, n, "chain", keys))
        return SOW_ERR;
    const sow_ynode *x = sow_ynode_get(n, "counts");
    if (!x)
        return sow_yfail(&c->y, n,
                         "a chain needs counts: (the counts it takes, "
                         "e.g. [1, 3, 5])");
    if (load_counts(c, x, "counts", 1, &ch->counts, &ch->counts_high))
        return SOW_ERR;
    int k;
    if ((x = sow_ynode_get(n, "start"))) {
        if (sow_yword(&c->y, x, "start", starts, &k))
            return SOW_ERR;
        ch->from_last = k == 1;
    }
    if ((x = sow_ynode_get(n, "direction"))) {
        if (sow_yword(&c->y, x, "direction", dirs, &k))
            return SOW_ERR;
        ch->backward = k == 1;
    }
    if ((x = sow_ynode_get(n, "owner"))) {
        if (sow_yword(&c->y, x, "owner", owners, &k))
            return SOW_ERR;
        ch->owner = k;
    }
    if ((x = sow_ynode_get(n, "skip_empty"))) {
        field fs = {"skip_empty", F_BOOL, 0, 0, NULL};
        if (want_expr(c, x, &fs, &ch->skip_empty))
            return SOW_ERR;
    }
    return SOW_OK;
}

const char *const sow_cite_names[SOW_CITE_COUNT] = {
    "move", "sow", "leave", "skip_origin", "relay", "stop", "pass",
    "endless", "bearoff", "end", "sow_capture", "last_seeds", "skip_count",
    "direction", "rounds"};

/* A `rule:` value: the id of one of the variant's `rules:`. */
static int load_cite(ctx *c, const sow_ynode *n, char out[SOW_RULE_ID_MAX])
{
    if (n->type != SOW_Y_SCALAR)
        return sow_yfail(&c->y, n, "rule: must be a rule id such as K1.5");
    if (!sow_variant_rule_text(c->v, n->text))
        return sow_yfail(&c->y, n,
                         "rule '%s' is not listed under rules: (add it "
                         "there with its one-line text)",
                         n->text);
    snprintf(out, SOW_RULE_ID_MAX, "%s", n->text);
    return SOW_OK;
}

/* explain: {MECHANIC: RULE-ID, ...} (sow_cite_names). */
static int load_explain(ctx *c, const sow_ynode *n)
{
    const char *keys[SOW_CITE_COUNT + 1];
    for (int i = 0; i < SOW_CITE_COUNT; i++)
        keys[i] = sow_cite_names[i];
    keys[SOW_CITE_COUNT] = NULL;
    if (sow_ykeys(&c->y, n, "explain", keys))
        return SOW_ERR;
    for (int i = 0; i < SOW_CITE_COUNT; i++) {
        const sow_ynode *x = sow_ynode_get(n, sow_cite_names[i]);
        if (x && load_cite(c, x, c->v->cite[i]))
            return SOW_ERR;
    }
    return SOW_OK;
}

/* A rule's claim: map (C1.4; TK.3, QL.3): where the claim may be made. */
static int load_claim(ctx *c, const sow_ynode *cl, sow_lap_rule *r)
{
    static const char *const ckeys[] = {"limit", "not_last", "not_mirror",
                                        "eligible_south", "eligible_north",
                                        NULL};
    if (cl && r->action != SOW_LAP_CLAIM)
        return sow_yfail(&c->y, cl, "claim: belongs to a rule that says do: claim");
    if (cl) {
        if (sow_ymap(&c->y, cl, "claim") || sow_ykeys(&c->y, cl, "claim", ckeys))
            return SOW_ERR;
        const sow_ynode *y;
        long lim = 0;
        if ((y = sow_ynode_get(cl, "limit")) &&
            sow_yint(&c->y, y, "limit", 0, SOW_MAX_HOLES, &lim))
            return SOW_ERR;
        r->claim.limit = (int)lim;
        if ((y = sow_ynode_get(cl, "not_last")) &&
            sow_ybool(&c->y, y, "not_last", &r->claim.not_last))
            return SOW_ERR;
        if ((y = sow_ynode_get(cl, "not_mirror")) &&
            sow_ybool(&c->y, y, "not_mirror", &r->claim.not_mirror))
            return SOW_ERR;
        const char *side[2] = {"eligible_south", "eligible_north"};
        for (int p = 0; p < 2; p++) {
            if (!(y = sow_ynode_get(cl, side[p])))
                continue;
            if (y->type != SOW_Y_SEQ)
                return sow_yfail(&c->y, y, "%s must be a list of holes", side[p]);
            r->claim.has_eligible = true;
            for (int i = 0; i < y->n; i++) {
                long h;
                if (sow_yint(&c->y, y->items[i], "a hole", 0, SOW_MAX_HOLES - 1,
                             &h))
                    return SOW_ERR;
                r->claim.eligible[p] |= (uint64_t)1 << h;
            }
        }
    }
    return SOW_OK;
}

/* A rule's when: map: the count, owner, next and opposite holes, the
 * first ply, or a lap that ends in the mover's store (C1.3). */
/* when.position / when.not_position (issue 24): holes named by where
 * they lie in their row, seen from that row's player: leftmost,
 * rightmost, N (the N-th from their left, 1 the leftmost) or -N (the
 * N-th from their right). Deka: not_position: [rightmost]. */
static int load_position(ctx *c, const sow_ynode *w, sow_lap_rule *r)
{
    const sow_ynode *in = sow_ynode_get(w, "position"),
                    *out = sow_ynode_get(w, "not_position");
    if (!in && !out)
        return SOW_OK;
    if (in && out)
        return sow_yfail(&c->y, out, "position and not_position say the "
                                     "same thing two ways: keep one");
    const sow_ynode *x = in ? in : out;
    const char *what = in ? "position" : "not_position";
    if (x->type != SOW_Y_SEQ || x->n == 0)
        return sow_yfail(&c->y, x, "%s must be a list of positions in the "
                                   "row: leftmost, rightmost, N (from the "
                                   "left, 1 the leftmost) or -N (from the "
                                   "right)",
                         what);
    r->position = in ? 1 : 2;
    for (int i = 0; i < x->n; i++) {
        const sow_ynode *p = x->items[i];
        long k;
        if (p->type == SOW_Y_SCALAR && strcmp(p->text, "leftmost") == 0)
            k = 1;
        else if (p->type == SOW_Y_SCALAR && strcmp(p->text, "rightmost") == 0)
            k = -1;
        else if (!sow_yis_int(p, &k) || k == 0 || k > SOW_MAX_ROW ||
                 k < -SOW_MAX_ROW)
            return sow_yfail(&c->y, p, "a position is leftmost, rightmost, "
                                       "a number from 1 to %d (from the "
                                       "player's left) or from -1 to -%d "
                                       "(from their right)",
                             SOW_MAX_ROW, SOW_MAX_ROW);
        if (k > 0)
            r->pos_left |= 1u << (k - 1);
        else
            r->pos_right |= 1u << (-k - 1);
    }
    return SOW_OK;
}

static int load_when(ctx *c, const sow_ynode *w, const sow_ynode *act,
                     sow_lap_rule *r)
{
    static const char *const wkeys[] = {"count", "owner", "next_count",
                                        "min_ply", "store", "opposite",
                                        "claimed", "position",
                                        "not_position", NULL};
    static const char *const claimeds[] = {"own", "opponent", "any", NULL};
    static const char *const opposites[] = {"any", "seeds", "empty", NULL};
    static const char *const stores[] = {"own", NULL};
    static const char *const owners[] = {"any", "own", "opponent", NULL};
    if (sow_ykeys(&c->y, w, "when", wkeys))
        return SOW_ERR;
    const sow_ynode *o = sow_ynode_get(w, "owner");
    if (o) {
        int oi;
        if (sow_yword(&c->y, o, "owner", owners, &oi))
            return SOW_ERR;
        r->owner = (sow_owner_sel)oi;
    }
    const sow_ynode *x = sow_ynode_get(w, "count");
    if (x && x->type == SOW_Y_SCALAR && strcmp(x->text, "even") == 0)
        r->even = true; /* TK.4: any even count */
    else if (x && load_counts(c, x, "count", 1, &r->counts, &r->counts_high))
        return SOW_ERR;
    x = sow_ynode_get(w, "next_count");
    if (x) {
        r->has_next = true;
        if (load_counts(c, x, "next_count", 0, &r->next_counts,
                        &r->next_high))
            return SOW_ERR;
    }
    x = sow_ynode_get(w, "min_ply");
    if (x) {
        long mp;
        if (sow_yint(&c->y, x, "min_ply", 0, SOW_MAX_PLIES_LIMIT, &mp))
            return SOW_ERR;
        r->min_ply = (int)mp;
    }
    /* C1.3: a lap that ends in the mover's store (stores_on_track) */
    x = sow_ynode_get(w, "store");
    if (x) {
        int si;
        if (sow_yword(&c->y, x, "store", stores, &si))
            return SOW_ERR;
        r->in_store = true;
        if (sow_ynode_get(w, "count") || sow_ynode_get(w, "owner") ||
            sow_ynode_get(w, "next_count") || sow_ynode_get(w, "opposite"))
            return sow_yfail(&c->y, x, "store: own describes a lap that ends in the "
                              "mover's store, which has no count, owner, "
                              "next or opposite hole: leave those out");
        if (r->action != SOW_LAP_STOP && r->action != SOW_LAP_EXTRA_TURN &&
            r->action != SOW_LAP_HOOK)
            return sow_yfail(&c->y, act, "a lap that ends in a store can only stop "
                                "or give an extra turn (do: stop or "
                                "extra_turn; C1.3: no capture follows)");
    }
    x = sow_ynode_get(w, "claimed");
    if (x) { /* GB.3, GB.4: a lap that ends in a claimed hole */
        int ci;
        if (sow_yword(&c->y, x, "claimed", claimeds, &ci))
            return SOW_ERR;
        if (sow_ynode_get(w, "count") || sow_ynode_get(w, "owner") ||
            sow_ynode_get(w, "next_count") || sow_ynode_get(w, "opposite") ||
            sow_ynode_get(w, "store"))
            return sow_yfail(&c->y, x, "claimed: describes a lap that ends in a "
                             "claimed hole, whatever its count: leave out "
                             "count, owner, next_count, opposite and store");
        r->on_claimed = (uint8_t)(ci + 1);
    }
    if (load_position(c, w, r))
        return SOW_ERR;
    x = sow_ynode_get(w, "opposite");
    if (x && x->type == SOW_Y_SCALAR && x->text[0] >= '0' &&
        x->text[0] <= '9') {
        /* LL.5: the hole facing h holds exactly this many */
        long k;
        if (sow_yint(&c->y, x, "opposite", 0, SOW_MAX_HOLE_SEEDS, &k))
            return SOW_ERR;
        r->opposite = 3;
        r->opposite_count = (int)k;
    } else if (x) {
        int oi;
        if (sow_yword(&c->y, x, "opposite", opposites, &oi))
            return SOW_ERR;
        r->opposite = (uint8_t)oi;
    }
    return SOW_OK;
}

static int load_lap_rule(ctx *c, const sow_ynode *n, sow_lap_rule *r)
{
    static const char *const keys[] = {"when", "do", "if", "chain", "rule",
                                       "claim", "then", "pick_extra",
                                       "series", "take", NULL};
    static const char *const actions[] = {"stop", "relay", "capture", "hook",
                                          "chain", "capture_opposite",
                                          "capture_pair", "extra_turn",
                                          "capture_two_out", "claim",
                                          "capture_to_claim", "close", "take",
                                          NULL};
    if (sow_ykeys(&c->y, n, "a lap_end rule", keys))
        return SOW_ERR;
    const sow_ynode *act = sow_ynode_get(n, "do");
    if (!act)
        return sow_yfail(&c->y, n,
                         "a lap_end rule needs do: (stop, relay, capture, "
                         "capture_opposite, capture_pair, chain, "
                         "extra_turn, claim, close or hook)");
    int a;
    if (sow_yword(&c->y, act, "do", actions, &a))
        return SOW_ERR;
    r->action = (sow_lap_action)a;
    const sow_ynode *chn = sow_ynode_get(n, "chain");
    if (r->action == SOW_LAP_CHAIN && !chn)
        return sow_yfail(&c->y, act,
                         "do: chain needs a chain: map beside it (chain: "
                         "{counts: [1, 3, 5]})");
    if (r->action != SOW_LAP_CHAIN && chn)
        return sow_yfail(&c->y, chn,
                         "chain: belongs to a rule that says do: chain");
    if (chn && load_chain(c, chn, &r->chain))
        return SOW_ERR;
    const sow_ynode *rid = sow_ynode_get(n, "rule");
    if (rid && load_cite(c, rid, r->cite))
        return SOW_ERR;
    if (load_claim(c, sow_ynode_get(n, "claim"), r))
        return SOW_ERR;
    const sow_ynode *then = sow_ynode_get(n, "then");
    if (then) { /* TG.2: capture_opposite, then relay from h; GB.4:
                   take, then an extra turn */
        static const char *const thens[] = {"relay", "extra_turn", NULL};
        int ti;
        if (sow_yword(&c->y, then, "then", thens, &ti))
            return SOW_ERR;
        if (ti == 0 && r->action != SOW_LAP_CAPTURE_OPPOSITE)
            return sow_yfail(&c->y, then,
                             "then: relay follows do: capture_opposite "
                             "only (the seeds left in the hole are sown "
                             "on)");
        if (ti == 1 && r->action != SOW_LAP_TAKE)
            return sow_yfail(&c->y, then,
                             "then: extra_turn follows do: take only");
        r->then_relay = ti == 0;
        r->then_extra = ti == 1;
    }
    const sow_ynode *tk = sow_ynode_get(n, "take");
    if ((tk != NULL) != (r->action == SOW_LAP_TAKE))
        return sow_yfail(&c->y, tk ? tk : act,
                         "do: take and take: K (the most seeds taken from "
                         "the hole) go together");
    if (tk) {
        long k;
        if (sow_yint(&c->y, tk, "take", 1, SOW_MAX_HOLE_SEEDS, &k))
            return SOW_ERR;
        r->take = (int)k;
    }
    const sow_ynode *se = sow_ynode_get(n, "series");
    if (se) { /* OL.4: capture two out again and again */
        if (sow_ybool(&c->y, se, "series", &r->series))
            return SOW_ERR;
        if (r->action != SOW_LAP_CAPTURE_TWO_OUT)
            return sow_yfail(&c->y, se, "series: belongs to a rule that says "
                             "do: capture_two_out");
    }
    const sow_ynode *pe = sow_ynode_get(n, "pick_extra");
    if (pe) { /* LL.5: then every opponent hole holding this many */
        long k;
        if (sow_yint(&c->y, pe, "pick_extra", 1, SOW_MAX_HOLE_SEEDS, &k))
            return SOW_ERR;
        if (r->action != SOW_LAP_CAPTURE_OPPOSITE || r->then_relay)
            return sow_yfail(&c->y, pe,
                             "pick_extra: follows do: capture_opposite "
                             "only (without then: relay)");
        r->pick_extra = (int)k;
    }
    r->line = n->line;
    r->col = n->col;
    r->counts = ~(uint64_t)0;
    r->counts_high = true;
    r->owner = SOW_OWNER_ANY;
    const sow_ynode *cond = sow_ynode_get(n, "if");
    if (cond) {
        field fc = {"if", F_BOOL, 0, 0, NULL};
        if (want_expr(c, cond, &fc, &r->cond))
            return SOW_ERR;
        r->has_if = true;
    }
    const sow_ynode *w = sow_ynode_get(n, "when");
    if (!w || (w->type == SOW_Y_SCALAR && w->text[0] == 0))
        return SOW_OK;
    return load_when(c, w, act, r);
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
            snprintf(ph->question, sizeof ph->question, "%s", text);
        }
        const sow_ynode *x = sow_ynode_get(p, "rule");
        if (x && load_cite(c, x, ph->cite))
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

/* sowing.direction: ccw or cw (or an option), by_count (XK.1), or
 * {cw_holes: [...]} (QL.2). */
static int load_direction(ctx *c, const sow_ynode *x)
{
    static const char *const dirs[] = {"ccw", "cw", NULL};
    sow_variant *v = c->v;
    field fd = {"direction", F_WORD, 0, 0, dirs};
    if (x && x->type == SOW_Y_SCALAR && strcmp(x->text, "by_count") == 0) {
        v->dir_rule = SOW_DIR_BY_COUNT; /* XK.1: odd ccw, even cw */
    } else if (x && x->type == SOW_Y_SCALAR &&
               strcmp(x->text, "chosen") == 0) {
        v->dir_rule = SOW_DIR_CHOSEN; /* OL.2: dir:ccw or dir:cw */
    } else if (x && x->type == SOW_Y_MAP) {
        /* QL.2: direction: {cw_holes: [0, 1, 2, 6, 7, 8]}, the others
         * counter-clockwise */
        static const char *const dkeys[] = {"cw_holes", NULL};
        const sow_ynode *l = sow_ynode_get(x, "cw_holes");
        if (sow_ykeys(&c->y, x, "direction", dkeys))
            return SOW_ERR;
        if (!l || l->type != SOW_Y_SEQ)
            return sow_yfail(&c->y, x, "direction: {cw_holes: [...]} lists the holes "
                              "that sow clockwise (the others sow "
                              "counter-clockwise)");
        for (int i = 0; i < l->n; i++) {
            long h;
            if (sow_yint(&c->y, l->items[i], "a hole", 0, SOW_MAX_HOLES - 1, &h))
                return SOW_ERR;
            v->cw_holes |= (uint64_t)1 << h;
        }
        v->dir_rule = SOW_DIR_BY_HOLE;
    } else if (x && !(x->type == SOW_Y_SCALAR &&
                      (x->text[0] == '$' || strcmp(x->text, "ccw") == 0 ||
                       strcmp(x->text, "cw") == 0))) {
        /* every form the key takes, not only the words of want_expr */
        const char *got =
            x->type == SOW_Y_SCALAR ? x->text : sow_ytype_name(x);
        return sow_yfail(&c->y, x,
                         "direction must be one of: ccw, cw, by_count, "
                         "chosen, {cw_holes: [...]}, or an enum option "
                         "$name of ccw and cw (not '%.*s')",
                         SOW_CLIP(got, 60));
    } else if (x && want_expr(c, x, &fd, &v->direction)) {
        return SOW_ERR;
    }
    return SOW_OK;
}

/* More sowing keys of the family (CATALOGUE section 1): the relay from
 * the next hole (PL.3), captures made while sowing (PL.4), the last seeds
 * taken (PL.6). */
static int load_sowing_more(ctx *c, const sow_ynode *n)
{
    static const char *const froms[] = {"last", "next", NULL};
    static const char *const tos[] = {"owner", NULL};
    sow_variant *v = c->v;
    const sow_ynode *x, *y;
    if ((x = sow_ynode_get(n, "relay_from"))) {
        int fi;
        if (sow_yword(&c->y, x, "relay_from", froms, &fi))
            return SOW_ERR;
        v->relay_next = fi == 1;
    }
    if ((x = sow_ynode_get(n, "sow_capture"))) {
        /* {count: 4, to: owner} */
        static const char *const keys[] = {"count", "to", NULL};
        long k;
        int ti;
        if (sow_ymap(&c->y, x, "sow_capture") ||
            sow_ykeys(&c->y, x, "sow_capture", keys))
            return SOW_ERR;
        if (!(y = sow_ynode_get(x, "count")) || !sow_ynode_get(x, "to"))
            return sow_yfail(&c->y, x, "sow_capture needs count: (the count a "
                             "seed makes) and to: owner");
        if (sow_yint(&c->y, y, "count", 1, SOW_MAX_HOLE_SEEDS, &k) ||
            sow_yword(&c->y, sow_ynode_get(x, "to"), "to", tos, &ti))
            return SOW_ERR;
        v->sow_capture = (int)k;
    }
    if ((x = sow_ynode_get(n, "last_seeds"))) {
        /* {at_most: K, if: $option} */
        static const char *const keys[] = {"at_most", "if", NULL};
        field fk = {"at_most", F_INT, 0, 64000, NULL};
        field fi = {"if", F_BOOL, 0, 0, NULL};
        if (sow_ymap(&c->y, x, "last_seeds") ||
            sow_ykeys(&c->y, x, "last_seeds", keys))
            return SOW_ERR;
        if (!(y = sow_ynode_get(x, "at_most")))
            return sow_yfail(&c->y, x, "last_seeds needs at_most: (the seeds "
                             "left that the mover takes)");
        if (want_expr(c, y, &fk, &v->last_seeds))
            return SOW_ERR;
        if ((y = sow_ynode_get(x, "if")) && want_expr(c, y, &fi, &v->last_seeds_if))
            return SOW_ERR;
    }
    long k;
    /* LL.2: a hole holding K only when every playable hole does */
    if ((x = sow_ynode_get(n, "count_last"))) {
        if (sow_yint(&c->y, x, "count_last", 1, SOW_MAX_HOLE_SEEDS, &k))
            return SOW_ERR;
        if (v->singletons_last)
            return sow_yfail(&c->y, x, "count_last and singletons: last say "
                             "the same for different counts: keep one "
                             "(singletons: last is count_last: 1)");
        v->count_last = (int)k;
    }
    if ((x = sow_ynode_get(n, "skip_count"))) {
        /* LL.4: {count: 2, owner: opponent}; a cap (Urim: a hole holding
         * 17 takes no more): {count: 17, owner: any} */
        static const char *const keys[] = {"count", "owner", NULL};
        static const char *const owners[] = {"opponent", "own", "any", NULL};
        int oi;
        if (sow_ymap(&c->y, x, "skip_count") ||
            sow_ykeys(&c->y, x, "skip_count", keys))
            return SOW_ERR;
        if (!(y = sow_ynode_get(x, "count")) || !sow_ynode_get(x, "owner"))
            return sow_yfail(&c->y, x, "skip_count needs count: (the count "
                             "that is passed over) and owner: (opponent, own "
                             "or any: whose holes)");
        if (sow_yint(&c->y, y, "count", 1, SOW_MAX_HOLE_SEEDS, &k) ||
            sow_yword(&c->y, sow_ynode_get(x, "owner"), "owner", owners, &oi))
            return SOW_ERR;
        v->skip_count = (int)k;
        v->skip_count_owner = oi == 0   ? SOW_OWNER_OPPONENT
                              : oi == 1 ? SOW_OWNER_OWN
                                        : SOW_OWNER_ANY;
    }
    if ((x = sow_ynode_get(n, "reach"))) {
        /* SQ.4: {at_most: 10} */
        static const char *const keys[] = {"at_most", NULL};
        if (sow_ymap(&c->y, x, "reach") || sow_ykeys(&c->y, x, "reach", keys))
            return SOW_ERR;
        if (!(y = sow_ynode_get(x, "at_most")))
            return sow_yfail(&c->y, x, "reach needs at_most: (holes with more "
                             "seeds may always be played)");
        if (sow_yint(&c->y, y, "at_most", 1, SOW_MAX_HOLE_SEEDS, &k))
            return SOW_ERR;
        v->reach_max = (int)k;
    }
    if ((x = sow_ynode_get(n, "first_move"))) {
        /* LL.2, LL.3: {keep: 2, plain: true} */
        static const char *const keys[] = {"keep", "plain", NULL};
        if (sow_ymap(&c->y, x, "first_move") ||
            sow_ykeys(&c->y, x, "first_move", keys))
            return SOW_ERR;
        if ((y = sow_ynode_get(x, "keep"))) {
            if (sow_yint(&c->y, y, "keep", 1, SOW_MAX_HOLES, &k))
                return SOW_ERR;
            v->first_keep = (int)k;
        }
        if ((y = sow_ynode_get(x, "plain")) &&
            sow_ybool(&c->y, y, "plain", &v->first_plain))
            return SOW_ERR;
    }
    return SOW_OK;
}

/* The sowing keys of the two-row family (CATALOGUE C1.x): grand slams,
 * must feed, singletons, sides, origin-first sowing, claimed holes' seeds,
 * no undo, closed holes. */
/* sowing.first_seed: where the first seed of a lap goes. origin: a hand
 * of 2 or more drops it back into the hole lifted (TK.2, the same as
 * origin_first: true); store: every lap's first seed goes to the mover's
 * store (Sokusowo), relay laps included. */
static int load_first_seed(ctx *c, const sow_ynode *x)
{
    static const char *const where[] = {"origin", "store", NULL};
    sow_variant *v = c->v;
    int wi;
    if (sow_yword(&c->y, x, "first_seed", where, &wi))
        return SOW_ERR;
    if (wi == 1 && !v->stores)
        return sow_yfail(&c->y, x, "first_seed: store needs the players' "
                                   "stores (board: stores: true)");
    if (wi == 0)
        v->origin_first = true;
    else
        v->first_to_store = true;
    if (v->origin_first && v->first_to_store)
        return sow_yfail(&c->y, x, "first_seed: store and origin_first: "
                                   "true say where the same seed goes: keep "
                                   "one");
    return SOW_OK;
}

static int load_sowing_family(ctx *c, const sow_ynode *n)
{
    static const char *const closeds[] = {"step_over", "out_of_play", NULL};
    static const char *const claimseeds[] = {"stay", "store", NULL};
    static const char *const sides[] = {"own", "none", NULL};
    static const char *const singles[] = {"any", "last", NULL};
    static const char *const slams[] = {"capture", "no_capture", "forbid",
                                        "extra_turn", NULL};
    static const char *const feeds[] = {"off", "only", "else_all", NULL};
    sow_variant *v = c->v;
    const sow_ynode *x;
    field fg = {"grand_slam", F_WORD, 0, 0, slams};
    if ((x = sow_ynode_get(n, "grand_slam")) &&
        want_expr(c, x, &fg, &v->grand_slam))
        return SOW_ERR;
    /* OW.4 against P17: whether a capture of a whole row that was empty
     * before the move is a grand slam too (Aalina's and OpenSpiel's
     * reading) or an ordinary capture (P17, the default) */
    field fsl = {"feeding_slam", F_BOOL, 0, 0, NULL};
    if ((x = sow_ynode_get(n, "feeding_slam")) &&
        want_expr(c, x, &fsl, &v->feeding_slam))
        return SOW_ERR;
    /* TK.2: a hand of 2 or more drops its first seed into the origin */
    if ((x = sow_ynode_get(n, "origin_first")) &&
        sow_ybool(&c->y, x, "origin_first", &v->origin_first))
        return SOW_ERR;
    if ((x = sow_ynode_get(n, "first_seed")) && load_first_seed(c, x))
        return SOW_ERR;
    /* NB.2: what sowing does at a closed hole */
    if ((x = sow_ynode_get(n, "closed_holes"))) {
        int ci;
        if (sow_yword(&c->y, x, "closed_holes", closeds, &ci))
            return SOW_ERR;
        v->closed_out_of_play = ci == 1;
    }
    /* QL.6: no undo of a single seed sown round a row end */
    field fnu = {"no_undo", F_BOOL, 0, 0, NULL};
    if ((x = sow_ynode_get(n, "no_undo")) &&
        want_expr(c, x, &fnu, &v->no_undo))
        return SOW_ERR;
    /* TK.5: a claimed hole's seeds stay there or go to the store */
    field fcs = {"claim_seeds", F_WORD, 0, 0, claimseeds};
    if ((x = sow_ynode_get(n, "claim_seeds")) &&
        want_expr(c, x, &fcs, &v->claim_seeds))
        return SOW_ERR;
    /* EX.1: sides: none (either player sows from any hole) */
    if ((x = sow_ynode_get(n, "sides"))) {
        int si;
        if (sow_yword(&c->y, x, "sides", sides, &si))
            return SOW_ERR;
        v->no_sides = si == 1;
    }
    /* OU.2: singletons: last (a 1-seed hole only when all hold 1) */
    if ((x = sow_ynode_get(n, "singletons"))) {
        int si;
        if (sow_yword(&c->y, x, "singletons", singles, &si))
            return SOW_ERR;
        v->singletons_last = si == 1;
    }
    field ff = {"must_feed", F_WORD, 0, 0, feeds};
    if ((x = sow_ynode_get(n, "must_feed")) &&
        want_expr(c, x, &ff, &v->must_feed))
        return SOW_ERR;
    return load_sowing_more(c, n);
}

static int load_sowing(ctx *c, const sow_ynode *n)
{
    static const char *const keys[] = {"direction", "min_seeds", "leave",
                                       "laps", "skip_origin", "endless_move",
                                       "passing", "lap_end", "bearoff",
                                       "grand_slam", "feeding_slam",
                                       "must_feed",
                                       "singletons", "sides", "origin_first",
                                       "first_seed",
                                       "claim_seeds", "no_undo",
                                       "closed_holes", "relay_from",
                                       "sow_capture", "last_seeds",
                                       "count_last", "skip_count",
                                       "first_move", "reach", "track",
                                       NULL};
    static const char *const laps[] = {"single", "relay", NULL};
    static const char *const endless[] = {"forbid", "end_game", NULL};
    sow_variant *v = c->v;
    if (sow_ykeys(&c->y, n, "sowing", keys))
        return SOW_ERR;
    const sow_ynode *x;
    if ((x = sow_ynode_get(n, "direction")) && load_direction(c, x))
        return SOW_ERR;
    long l;
    if ((x = sow_ynode_get(n, "min_seeds"))) {
        if (sow_yint(&c->y, x, "min_seeds", 1, SOW_MAX_HOLE_SEEDS, &l))
            return SOW_ERR;
        v->min_seeds = (int)l;
    }
    if ((x = sow_ynode_get(n, "leave"))) {
        if (sow_yint(&c->y, x, "leave", 0, SOW_MAX_HOLE_SEEDS, &l))
            return SOW_ERR;
        v->leave = (int)l;
    }
    if (v->leave >= v->min_seeds)
        return sow_yfail(&c->y, x,
                         "leave must be below min_seeds, or a move could "
                         "sow nothing");
    if ((x = sow_ynode_get(n, "laps"))) {
        int li;
        if (sow_yword(&c->y, x, "laps", laps, &li))
            return SOW_ERR;
        v->relay = li == 1;
    }
    field fo = {"skip_origin", F_BOOL, 0, 0, NULL};
    if ((x = sow_ynode_get(n, "skip_origin")) &&
        want_expr(c, x, &fo, &v->skip_origin))
        return SOW_ERR;
    field fe = {"endless_move", F_WORD, 0, 0, endless};
    if ((x = sow_ynode_get(n, "endless_move"))) {
        if (want_expr(c, x, &fe, &v->endless_move))
            return SOW_ERR;
        if (!v->relay)
            return sow_yfail(&c->y, x,
                             "endless_move applies only to relay laps "
                             "(laps: relay); a single lap always ends");
    }
    if ((x = sow_ynode_get(n, "passing")) &&
        sow_ybool(&c->y, x, "passing", &v->passing))
        return SOW_ERR;
    if (load_sowing_family(c, n))
        return SOW_ERR;
    if ((x = sow_ynode_get(n, "track")) && sow_load_track(&c->y, x, v))
        return SOW_ERR;
    if ((x = sow_ynode_get(n, "bearoff"))) {
        static const char *const bkeys[] = {"at_most", "from_ply", "sticky",
                                            NULL};
        if (sow_ykeys(&c->y, x, "bearoff", bkeys))
            return SOW_ERR;
        v->bearoff = true;
        long k = 1;
        const sow_ynode *y;
        if ((y = sow_ynode_get(x, "at_most")) &&
            sow_yint(&c->y, y, "at_most", 0, SOW_MAX_HOLE_SEEDS, &k))
            return SOW_ERR;
        v->bearoff_max = (int)k;
        k = 0;
        if ((y = sow_ynode_get(x, "from_ply")) &&
            sow_yint(&c->y, y, "from_ply", 0, SOW_MAX_PLIES_LIMIT, &k))
            return SOW_ERR;
        v->bearoff_from = (int)k;
        field fb = {"sticky", F_BOOL, 0, 0, NULL};
        v->bearoff_sticky.kind = SOW_EXPR_CONST;
        if ((y = sow_ynode_get(x, "sticky")) &&
            want_expr(c, y, &fb, &v->bearoff_sticky))
            return SOW_ERR;
    }
    if ((x = sow_ynode_get(n, "lap_end"))) {
        if (x->type != SOW_Y_SEQ)
            return sow_yfail(&c->y, x,
                             "lap_end must be a list of rules (- when: ... "
                             "do: ...)");
        if (x->n > SOW_MAX_LAP_RULES)
            return sow_yfail(&c->y, x, "at most 16 lap_end rules");
        for (int i = 0; i < x->n; i++)
            if (load_lap_rule(c, x->items[i], &v->lap_rules[i]))
                return SOW_ERR;
        v->nlap_rules = x->n;
    }
    if (v->relay) {
        /* relay laps go on until a rule ends one: without any such rule
         * no move ever ends (each would run to the lap cap) */
        bool ends = false;
        for (int i = 0; i < v->nlap_rules; i++)
            ends |= v->lap_rules[i].action != SOW_LAP_RELAY;
        if (!ends)
            return sow_yfail(
                &c->y, sow_ynode_get(n, "laps"),
                "laps: relay needs a lap_end rule that ends a lap "
                "(do: stop, capture, capture_opposite, chain or "
                "hook), e.g. - when: {count: 1} do: stop; without one "
                "no move ever ends");
    }
    return SOW_OK;
}

/* end.rest and end.rest_odd: where the seeds left go (C1.8), and with
 * rest: divided who takes the odd seed. */
static int load_rest(ctx *c, const sow_ynode *n)
{
    static const char *const rests[] = {"own_row", "last_mover", "unfed",
                                        "nobody", "divided", NULL};
    static const char *const odds[] = {"behind", "south", "north",
                                       "last_mover", "nobody", NULL};
    sow_variant *v = c->v;
    const sow_ynode *x;
    field fr2 = {"rest", F_WORD, 0, 0, rests};
    if ((x = sow_ynode_get(n, "rest")) && want_expr(c, x, &fr2, &v->rest))
        return SOW_ERR;
    field fro = {"rest_odd", F_WORD, 0, 0, odds};
    if ((x = sow_ynode_get(n, "rest_odd")) &&
        want_expr(c, x, &fro, &v->rest_odd))
        return SOW_ERR;
    return SOW_OK;
}

static int load_end(ctx *c, const sow_ynode *n)
{
    static const char *const keys[] = {"no_moves", "score", "seeds_at_most",
                                       "repetition", "no_capture_plies",
                                       "max_plies", "threshold", "rest",
                                       "rest_odd", "endless_result",
                                       "cleared", NULL};
    /* (no_moves: the same as none, the word of JK's round_end option) */
    static const char *const cleareds[] = {"none", "cleared_own",
                                           "cleared_opp", "no_moves",
                                           "either", NULL};

    static const char *const nomoves[] = {"end", "lose", NULL};
    static const char *const scores[] = {"default", "none", NULL};
    static const char *const endless_results[] = {"mover_loses", "draw",
                                                  NULL};
    sow_variant *v = c->v;
    if (sow_ykeys(&c->y, n, "end", keys))
        return SOW_ERR;
    const sow_ynode *x;
    int w;
    if ((x = sow_ynode_get(n, "no_moves"))) {
        if (sow_yword(&c->y, x, "no_moves", nomoves, &w))
            return SOW_ERR;
        v->no_moves_lose = w == 1;
    }
    if ((x = sow_ynode_get(n, "score"))) {
        if (sow_yword(&c->y, x, "score", scores, &w))
            return SOW_ERR;
        v->no_score = w == 1;
    }
    /* NB.5: without scores, an endless move is a draw */
    if ((x = sow_ynode_get(n, "endless_result"))) {
        if (sow_yword(&c->y, x, "endless_result", endless_results, &w))
            return SOW_ERR;
        v->endless_draw = w == 1;
    }
    field fs = {"seeds_at_most", F_INT, -1, 64000, NULL};
    field fr = {"repetition", F_BOOL, 0, 0, NULL};
    field fn = {"no_capture_plies", F_INT, 0, SOW_MAX_PLIES_LIMIT, NULL};
    field fm = {"max_plies", F_INT, 1, SOW_MAX_PLIES_LIMIT, NULL};
    x = sow_ynode_get(n, "seeds_at_most");
    if (x && x->type == SOW_Y_MAP) {
        /* TK.6 (b): {at_most: 1, while: no_claims} */
        static const char *const skeys[] = {"at_most", "while", NULL};
        static const char *const whiles[] = {"always", "no_claims", NULL};
        if (sow_ykeys(&c->y, x, "seeds_at_most", skeys))
            return SOW_ERR;
        const sow_ynode *y = sow_ynode_get(x, "while");
        int wi = 0;
        if (y && sow_yword(&c->y, y, "while", whiles, &wi))
            return SOW_ERR;
        v->few_seeds_unclaimed = wi == 1;
        if (!(x = sow_ynode_get(x, "at_most")))
            return sow_yfail(&c->y, y ? y : n, "seeds_at_most: {at_most: K, while: "
                                      "no_claims} needs at_most:");
    }
    if (x && want_expr(c, x, &fs, &v->seeds_at_most))
        return SOW_ERR;
    if ((x = sow_ynode_get(n, "repetition")) &&
        want_expr(c, x, &fr, &v->repetition))
        return SOW_ERR;
    if ((x = sow_ynode_get(n, "no_capture_plies")) &&
        want_expr(c, x, &fn, &v->no_capture_plies))
        return SOW_ERR;
    if ((x = sow_ynode_get(n, "max_plies")) &&
        want_expr(c, x, &fm, &v->max_plies))
        return SOW_ERR;
    /* C1.7: threshold: T, or {more_than: T, if: $bool_option} */
    field ft = {"threshold", F_INT, -1, 64000, NULL};
    if ((x = sow_ynode_get(n, "threshold"))) {
        const sow_ynode *t = x;
        if (x->type == SOW_Y_MAP) {
            static const char *const tkeys[] = {"more_than", "if",
                                                "or_both_equal", "sweep",
                                                NULL};
            if (sow_ykeys(&c->y, x, "threshold", tkeys))
                return SOW_ERR;
            if (!(t = sow_ynode_get(x, "more_than")))
                return sow_yfail(&c->y, x, "threshold: {more_than: T, if: $option} "
                                  "needs more_than:");
            const sow_ynode *be = sow_ynode_get(x, "or_both_equal");
            if (be && sow_ybool(&c->y, be, "or_both_equal", &v->threshold_both))
                return SOW_ERR;
            const sow_ynode *y = sow_ynode_get(x, "if");
            field fi = {"if", F_BOOL, 0, 0, NULL};
            if (y && want_expr(c, y, &fi, &v->threshold_if))
                return SOW_ERR;
            /* C1.7 sweeps nothing; sweep: true gives the seeds left
             * out by rest: (C1.8), as OpenSpiel's Oware does */
            const sow_ynode *sw = sow_ynode_get(x, "sweep");
            field fsw = {"sweep", F_BOOL, 0, 0, NULL};
            if (sw && want_expr(c, sw, &fsw, &v->threshold_sweep))
                return SOW_ERR;
        }
        if (t->type == SOW_Y_SCALAR && strcmp(t->text, "refill") == 0) {
            /* P41: all the seeds less those that fill rounds.min_holes */
            v->threshold.kind = SOW_EXPR_CONST;
            v->threshold.value = SOW_THRESHOLD_REFILL;
            v->threshold.line = t->line;
            v->threshold.col = t->col;
        } else if (t->type == SOW_Y_SCALAR && strcmp(t->text, "half") == 0) {
            /* half of all the seeds, whatever the options make them */
            v->threshold.kind = SOW_EXPR_CONST;
            v->threshold.value = SOW_THRESHOLD_HALF;
        } else if (want_expr(c, t, &ft, &v->threshold)) {
            return SOW_ERR;
        }
    }
    /* JK.3 (a): a row left empty ends the game, first of all */
    field fre = {"cleared", F_WORD, 0, 0, cleareds};
    if ((x = sow_ynode_get(n, "cleared")) &&
        want_expr(c, x, &fre, &v->row_empty))
        return SOW_ERR;
    return load_rest(c, n);
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
                                       "after_move", NULL};
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
        if (!valid_rule_id(k->text))
            return sow_yfail(&c->y, k,
                             "rule id '%s' must be capital letters then "
                             "digits and dots, like K1.5, B.2 or P13",
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

static int load_match(ctx *c, const sow_ynode *n)
{
    static const char *const keys[] = {"enabled", "max_games", NULL};
    if (sow_ykeys(&c->y, n, "match", keys))
        return SOW_ERR;
    const sow_ynode *x;
    field fe = {"match enabled", F_BOOL, 0, 0, NULL};
    field fg = {"max_games", F_INT, 1, 100000, NULL};
    if ((x = sow_ynode_get(n, "enabled")) &&
        want_expr(c, x, &fe, &c->v->match))
        return SOW_ERR;
    if ((x = sow_ynode_get(n, "max_games")) &&
        want_expr(c, x, &fg, &c->v->match_games))
        return SOW_ERR;
    if (!c->v->hook_fn[SOW_HOOK_NEW_GAME] && !c->v->rounds)
        return sow_yfail(&c->y, n,
                         "match: needs a new_game hook under hooks: (it "
                         "sets up each game) or a rounds: section");
    if (c->v->hook_fn[SOW_HOOK_NEW_GAME] && c->v->rounds)
        return sow_yfail(&c->y, n,
                         "match: is set up by rounds: or by a new_game "
                         "hook, not both: leave one out");
    return SOW_OK;
}

/* rounds: the match rule as data (C1.6, DK.7 and kin). */
/* rounds.starter as {decided: X, draw: Y} (issue 24): who starts the
 * next round after a round won and after a draw, each settable (P40). */
static int load_starter_map(ctx *c, const sow_ynode *n)
{
    static const char *const keys[] = {"decided", "draw", NULL};
    static const char *const decided[] = {"alternate", "loser", "last_mover",
                                          "winner", "not_last_mover",
                                          "south", "north", NULL};
    static const char *const draw[] = {"alternate", "last_mover",
                                       "not_last_mover", "south", "north",
                                       NULL};
    static const int draw_rule[] = {SOW_START_ALTERNATE, SOW_START_LAST_MOVER,
                                    SOW_START_NOT_LAST_MOVER,
                                    SOW_START_SOUTH, SOW_START_NORTH};
    sow_variant *v = c->v;
    if (sow_ykeys(&c->y, n, "starter", keys))
        return SOW_ERR;
    const sow_ynode *d = sow_ynode_get(n, "decided"),
                    *w = sow_ynode_get(n, "draw");
    if (!d || !w)
        return sow_yfail(&c->y, n, "starter needs decided: (who starts "
                                   "after a round won) and draw: (after a "
                                   "drawn one)");
    int di, wi;
    if (sow_yword(&c->y, d, "decided", decided, &di) ||
        sow_yword(&c->y, w, "draw", draw, &wi))
        return SOW_ERR;
    v->round_start_decided = di; /* the order of sow_start_rule */
    v->round_start_draw = draw_rule[wi];
    return SOW_OK;
}

static int load_rounds(ctx *c, const sow_ynode *n)
{
    static const char *const keys[] = {"seeds", "min_holes", "fill_from",
                                       "block", "refill", "starter",
                                       "wins", "layout", "loser_below",
                                       NULL};
    static const char *const layouts[] = {"for_starter", "alternate", NULL};
    /* (own_left: the same as left, the word of JK's fill_from option) */
    static const char *const fills[] = {"right", "left", "west", "own_left",
                                        NULL};
    static const char *const starters[] = {"alternate", "loser",
                                           "last_mover", "winner", NULL};
    static const char *const refills[] = {"both", "loser", "fresh",
                                          "territory", NULL};
    sow_variant *v = c->v;
    if (sow_ymap(&c->y, n, "rounds") || sow_ykeys(&c->y, n, "rounds", keys))
        return SOW_ERR;
    v->rounds = true;
    v->rounds_line = n->line;
    v->rounds_col = n->col;
    const sow_ynode *x;
    field fs = {"rounds seeds", F_INT, 1, SOW_MAX_HOLE_SEEDS, NULL};
    field fm = {"min_holes", F_INT, 1, SOW_MAX_ROW, NULL};
    field ff = {"fill_from", F_WORD, 0, 0, fills};
    field fb = {"block", F_BOOL, 0, 0, NULL};
    field fst = {"starter", F_WORD, 0, 0, starters};
    if ((x = sow_ynode_get(n, "refill"))) {
        int ri;
        if (sow_yword(&c->y, x, "refill", refills, &ri))
            return SOW_ERR;
        v->round_loser_only = ri == 1;
        v->round_fresh = ri == 2;
        v->round_territory = ri == 3;
    }
    if ((x = sow_ynode_get(n, "loser_below"))) { /* GB.7 */
        long k;
        if (sow_yint(&c->y, x, "loser_below", 1, 64000, &k))
            return SOW_ERR;
        v->round_loser_below = (int)k;
    }
    if ((x = sow_ynode_get(n, "wins"))) { /* SQ.6: first to K rounds */
        long k;
        if (sow_yint(&c->y, x, "wins", 1, 1000, &k))
            return SOW_ERR;
        v->round_wins = (int)k;
    }
    field fl = {"layout", F_WORD, 0, 0, layouts};
    if ((x = sow_ynode_get(n, "layout")) &&
        want_expr(c, x, &fl, &v->round_layout))
        return SOW_ERR;
    if (!(x = sow_ynode_get(n, "seeds")) && !v->round_fresh)
        return sow_yfail(&c->y, n, "rounds: needs seeds: (the seeds a "
                         "refilled hole receives)");
    if (x && want_expr(c, x, &fs, &v->round_seeds))
        return SOW_ERR;
    if ((x = sow_ynode_get(n, "min_holes")) &&
        want_expr(c, x, &fm, &v->round_min_holes))
        return SOW_ERR;
    if ((x = sow_ynode_get(n, "fill_from")) &&
        want_expr(c, x, &ff, &v->round_fill))
        return SOW_ERR;
    if ((x = sow_ynode_get(n, "block")) &&
        want_expr(c, x, &fb, &v->round_block))
        return SOW_ERR;
    v->round_start_decided = v->round_start_draw = -1;
    if ((x = sow_ynode_get(n, "starter")) && x->type == SOW_Y_MAP)
        return load_starter_map(c, x);
    if (x && want_expr(c, x, &fst, &v->round_starter))
        return SOW_ERR;
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

static int load_root(ctx *c, const sow_ynode *root)
{
    static const char *const keys[] = {"id", "name", "summary", "source",
                                       "rules", "board", "sowing", "end",
                                       "script", "hooks", "options",
                                       "decisions", "state", "match",
                                       "phases", "start_phase", "explain",
                                       "rounds", NULL};
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
    if ((x = sow_ynode_get(root, "explain")) && load_explain(c, x))
        return SOW_ERR;
    if (load_board(c, sow_ynode_get(root, "board")) ||
        load_sowing(c, sow_ynode_get(root, "sowing")))
        return SOW_ERR;
    if ((x = sow_ynode_get(root, "end")) && load_end(c, x))
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
    if ((x = sow_ynode_get(root, "rounds")) && load_rounds(c, x))
        return SOW_ERR;
    if ((x = sow_ynode_get(root, "match")) && load_match(c, x))
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
    v->passing = true;
    v->skip_origin.kind = SOW_EXPR_CONST;
    v->endless_move.kind = SOW_EXPR_CONST;
    v->endless_move.value = SOW_ENDLESS_FORBID;
    v->seeds_at_most.kind = SOW_EXPR_CONST;
    v->seeds_at_most.value = -1;
    v->repetition.kind = SOW_EXPR_CONST;
    v->no_capture_plies.kind = SOW_EXPR_CONST;
    v->max_plies.kind = SOW_EXPR_CONST;
    v->max_plies.value = 10000;
    v->match.kind = SOW_EXPR_CONST;
    v->match_games.kind = SOW_EXPR_CONST;
    v->match_games.value = 50;
    v->threshold.kind = SOW_EXPR_CONST;
    v->threshold.value = -1;
    v->threshold_if.kind = SOW_EXPR_CONST;
    v->threshold_if.value = 1;
    v->round_min_holes.kind = SOW_EXPR_CONST;
    v->round_min_holes.value = 1;
    v->round_block.kind = SOW_EXPR_CONST;
    v->round_block.value = 1;
    v->last_seeds.kind = SOW_EXPR_CONST;
    v->last_seeds_if.kind = SOW_EXPR_CONST;
    v->last_seeds_if.value = 1;
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
