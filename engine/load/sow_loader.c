/* sow_loader.c - a YAML tree (sow_yaml.h) to a validated sow_variant.
 *
 * Every check the format promises (docs/writing-variants.md) is made here, and
 * every error points at the node it is about. The script itself is checked
 * later, when the Lua bridge opens it (sow_lua.c). */
#include <libgen.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "sow_file.h"
#include "sow_variant.h"
#include "sow_yaml.h"

typedef struct ctx {
    const char *path;
    sow_error *err;
    sow_variant *v;
} ctx;

/* An error at node n (its line and column; none for NULL). */
__attribute__((format(printf, 3, 4))) static int
fail(ctx *c, const sow_ynode *n, const char *fmt, ...)
{
    char msg[SOW_MSG_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return sow_error_set(c->err, c->path, n ? n->line : 0, n ? n->col : 0,
                         "%s", msg);
}

static const char *type_name(const sow_ynode *n)
{
    return n->type == SOW_Y_MAP ? "a mapping"
           : n->type == SOW_Y_SEQ ? "a list"
                                  : "a single value";
}

static int want_map(ctx *c, const sow_ynode *n, const char *what)
{
    if (n->type == SOW_Y_MAP)
        return SOW_OK;
    return fail(c, n, "%s must be a mapping (key: value lines), not %s", what,
                type_name(n));
}

/* Refuse keys not in `allowed` (NULL-terminated), naming the allowed ones. */
static int check_keys(ctx *c, const sow_ynode *map, const char *what,
                      const char *const *allowed)
{
    for (int i = 0; i < map->n; i++) {
        const sow_ynode *k = map->items[2 * i];
        bool ok = false;
        for (const char *const *a = allowed; *a; a++)
            if (strcmp(*a, k->text) == 0)
                ok = true;
        if (ok)
            continue;
        char list[512] = "";
        size_t len = 0;
        for (const char *const *a = allowed; *a && len + 1 < sizeof list; a++) {
            int w = snprintf(list + len, sizeof list - len, "%s%s",
                             a == allowed ? "" : ", ", *a);
            if (w < 0)
                break;
            len += (size_t)w;
        }
        char msg[SOW_MSG_MAX];
        snprintf(msg, sizeof msg, "unknown key '%s' in %s; the keys are: %s",
                 k->text, what, list);
        return sow_error_set(c->err, c->path, k->line, k->col, "%s", msg);
    }
    return SOW_OK;
}

/* A plain scalar YAML reads as null: empty, ~ or null. */
static bool yaml_null(const sow_ynode *n)
{
    static const char *const nulls[] = {"", "~", "null", "Null", "NULL",
                                        NULL};
    if (n->type != SOW_Y_SCALAR || !n->plain)
        return false;
    for (int i = 0; nulls[i]; i++)
        if (strcmp(n->text, nulls[i]) == 0)
            return true;
    return false;
}

/* A plain scalar YAML 1.1 reads as a boolean (yes, No, ON, ...). */
static bool yaml11_bool(const sow_ynode *n)
{
    static const char *const words[] = {"yes", "no", "true", "false", "on",
                                        "off", NULL};
    if (n->type != SOW_Y_SCALAR || !n->plain)
        return false;
    for (int i = 0; words[i]; i++)
        if (strcasecmp(n->text, words[i]) == 0)
            return true;
    return false;
}

static int want_string(ctx *c, const sow_ynode *n, const char *what,
                       char **out)
{
    if (n->type != SOW_Y_SCALAR)
        return fail(c, n, "%s must be text, not %s", what, type_name(n));
    if (yaml_null(n))
        return fail(c, n, n->text[0] ? "%s is '%s', which YAML reads as "
                                       "null (no value); write the text"
                                     : " has no value; write the text",
                    what, n->text);
    if (yaml11_bool(n))
        return fail(c, n, "%s is '%s', which YAML reads as true or false; "
                          "write it in quotes if you mean the text",
                    what, n->text);
    free(*out);
    *out = strdup(n->text);
    if (!*out)
        return fail(c, n, "out of memory");
    return SOW_OK;
}

/* Text on one line, not empty: names, summaries, docs, rule texts. */
static int want_line(ctx *c, const sow_ynode *n, const char *what,
                     char **out)
{
    if (want_string(c, n, what, out))
        return SOW_ERR;
    if (!(*out)[0])
        return fail(c, n, "%s must not be empty", what);
    if (strpbrk(*out, "\r\n"))
        return fail(c, n, "%s must be a single line", what);
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

/* A strict decimal integer written as a plain scalar: an optional sign,
 * then digits (any number of them: the range check says when there are
 * too many). */
static bool is_decimal(const char *s)
{
    const char *p = s;
    if (*p == '-' || *p == '+')
        p++;
    if (!*p)
        return false;
    for (; *p; p++)
        if (*p < '0' || *p > '9')
            return false;
    return true;
}

static int want_int(ctx *c, const sow_ynode *n, const char *what, long min,
                    long max, long *out)
{
    if (n->type != SOW_Y_SCALAR)
        return fail(c, n, "%s must be a whole number, not %s", what,
                    type_name(n));
    if (yaml_null(n))
        return sow_error_set(c->err, c->path, n->line, n->col,
                             "%s %s%s%s; write a whole number from %ld to "
                             "%ld",
                             what, n->text[0] ? "is '" : "has no value",
                             n->text,
                             n->text[0] ? "', which YAML reads as null (no "
                                          "value)"
                                        : "",
                             min, max);
    if (!n->plain || !is_decimal(n->text))
        return sow_error_set(c->err, c->path, n->line, n->col,
                             "%s must be a whole number written in decimal "
                             "digits, not '%s'%s",
                             what, n->text,
                             !n->plain && is_decimal(n->text)
                                 ? " (in quotes: write it without them)"
                                 : "");
    const char *digits = n->text + (n->text[0] == '-' || n->text[0] == '+');
    if (digits[0] == '0' && digits[1])
        /* YAML 1.1 reads 010 as octal 8: say which is meant */
        return sow_error_set(c->err, c->path, n->line, n->col,
                             "%s is written '%s' with a leading zero, which "
                             "some YAML readers take as octal; write it "
                             "without the leading zeros",
                             what, n->text);
    if (strlen(digits) > 9)
        return sow_error_set(c->err, c->path, n->line, n->col,
                             "%s is %s, too many decimal digits; it must "
                             "be from %ld to %ld",
                             what, n->text, min, max);
    long v = strtol(n->text, NULL, 10);
    if (v < min || v > max)
        return sow_error_set(c->err, c->path, n->line, n->col,
                             "%s is %ld; it must be from %ld to %ld", what, v,
                             min, max);
    *out = v;
    return SOW_OK;
}

static int want_bool(ctx *c, const sow_ynode *n, const char *what, bool *out)
{
    if (n->type == SOW_Y_SCALAR && n->plain) {
        if (strcmp(n->text, "true") == 0) {
            *out = true;
            return SOW_OK;
        }
        if (strcmp(n->text, "false") == 0) {
            *out = false;
            return SOW_OK;
        }
    }
    if (yaml_null(n))
        return sow_error_set(c->err, c->path, n->line, n->col,
                             "%s %s%s%s; write true or false", what,
                             n->text[0] ? "is '" : "has no value", n->text,
                             n->text[0] ? "', which YAML reads as null (no "
                                          "value)"
                                        : "");
    return sow_error_set(c->err, c->path, n->line, n->col,
                         "%s must be true or false, not '%s'", what,
                         n->type == SOW_Y_SCALAR ? n->text : type_name(n));
}

/* One of `words` (NULL-terminated); returns its index. */
static int want_word(ctx *c, const sow_ynode *n, const char *what,
                     const char *const *words, int *out)
{
    if (n->type == SOW_Y_SCALAR)
        for (int i = 0; words[i]; i++)
            if (strcmp(words[i], n->text) == 0) {
                *out = i;
                return SOW_OK;
            }
    char list[256] = "";
    size_t len = 0;
    for (int i = 0; words[i] && len + 1 < sizeof list; i++) {
        int w = snprintf(list + len, sizeof list - len, "%s%s", i ? ", " : "",
                         words[i]);
        if (w < 0)
            break;
        len += (size_t)w;
    }
    return sow_error_set(c->err, c->path, n->line, n->col,
                         "%s must be one of: %s (not '%s')", what, list,
                         n->type == SOW_Y_SCALAR ? n->text : type_name(n));
}

/* --- fields that may refer to options ---------------------------------- */

typedef enum { F_INT, F_BOOL, F_WORD } field_kind;

typedef struct field {
    const char *what;
    field_kind kind;
    long min, max;            /* F_INT */
    const char *const *words; /* F_WORD */
} field;

static int want_expr(ctx *c, const sow_ynode *n, const field *f, sow_expr *e)
{
    memset(e, 0, sizeof *e);
    e->line = n->line;
    e->col = n->col;
    if (n->type == SOW_Y_SCALAR && n->text[0] == '$') {
        char name[SOW_NAME_MAX * 2], word[SOW_NAME_MAX * 2] = "";
        const char *s = n->text + 1;
        size_t nl = strcspn(s, "=:");
        char sep = s[nl];
        if (nl == 0 || nl >= sizeof name)
            return fail(c, n, "'%s' is not an option reference; write "
                              "$name, $name=value or $name:value",
                        n->text);
        memcpy(name, s, nl);
        name[nl] = 0;
        if (sep) {
            snprintf(word, sizeof word, "%s", s + nl + 1);
            if (!word[0])
                return fail(c, n, "'%s': a value must follow the '=' or "
                                  "':'",
                            n->text);
        }
        int oi = sow_variant_option(c->v, name);
        if (oi < 0)
            return fail(c, n, "%s refers to option '%s', which is not "
                              "declared under options:",
                        f->what, name);
        const sow_option_def *d = &c->v->options[oi];
        e->opt = oi;
        if (sep) {
            if (d->type != SOW_OPT_ENUM)
                return fail(c, n, "'%s': only an enum option can be "
                                  "compared with a value (option %s)",
                            n->text, name);
            int wi = -1;
            for (int i = 0; i < d->nvalues; i++)
                if (strcmp(d->values[i], word) == 0)
                    wi = i;
            if (wi < 0)
                return fail(c, n, "'%s': option %s has no such value",
                            n->text, name);
            e->word = wi;
            if (sep == '=') {
                if (f->kind != F_BOOL)
                    return fail(c, n, "%s needs a number or word, but "
                                      "'%s' is true or false",
                                f->what, n->text);
                e->kind = SOW_EXPR_EQ;
                return SOW_OK;
            }
            if (!d->param[wi])
                return fail(c, n, "'%s': that value takes no :K number; "
                                  "declare it as 'value:K' or use =%s",
                            n->text, "");
            if (f->kind != F_INT)
                return fail(c, n, "%s is not a number field, so '%s' "
                                  "cannot be used",
                            f->what, n->text);
            e->kind = SOW_EXPR_PARAM;
            return SOW_OK;
        }
        e->kind = SOW_EXPR_REF;
        switch (f->kind) {
        case F_INT:
            if (d->type != SOW_OPT_INT)
                return fail(c, n, "%s needs a number, but option %s is "
                                  "not an int option",
                            f->what, name);
            if (d->min < f->min || d->max > f->max) {
                char msg[256];
                snprintf(msg, sizeof msg,
                         "option %s ranges over %ld..%ld, but %s must be "
                         "from %ld to %ld",
                         name, d->min, d->max, f->what, f->min, f->max);
                return fail(c, n, "%s", msg);
            }
            return SOW_OK;
        case F_BOOL:
            if (d->type != SOW_OPT_BOOL)
                return fail(c, n, "%s is true or false, but option %s is "
                                  "not a bool option",
                            f->what, name);
            return SOW_OK;
        case F_WORD:
            if (d->type != SOW_OPT_ENUM)
                return fail(c, n, "%s takes a word, but option %s is not "
                                  "an enum option",
                            f->what, name);
            e->is_enum = true;
            for (int i = 0; i < d->nvalues; i++) {
                int wi = -1;
                for (int k = 0; f->words[k]; k++)
                    if (strcmp(f->words[k], d->values[i]) == 0)
                        wi = k;
                if (wi < 0 || d->param[i])
                    return fail(c, n, "option %s has the value '%s', which "
                                      "this field does not take",
                                name, d->values[i]);
                e->map[i] = (signed char)wi;
            }
            return SOW_OK;
        }
    }
    e->kind = SOW_EXPR_CONST;
    switch (f->kind) {
    case F_INT:
        return want_int(c, n, f->what, f->min, f->max, &e->value);
    case F_BOOL: {
        bool b;
        if (want_bool(c, n, f->what, &b))
            return SOW_ERR;
        e->value = b;
        return SOW_OK;
    }
    case F_WORD: {
        int w;
        if (want_word(c, n, f->what, f->words, &w))
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
        return fail(c, key, "option name '%s' must be lower-case letters, "
                            "digits and _ (starting with a letter)",
                    key->text);
    snprintf(d->name, sizeof d->name, "%s", key->text);
    d->line = key->line;
    d->col = key->col;
    char what[96];
    snprintf(what, sizeof what, "option %s", d->name);
    if (want_map(c, n, what) || check_keys(c, n, what, keys))
        return SOW_ERR;
    const sow_ynode *t = sow_ynode_get(n, "type");
    const sow_ynode *def = sow_ynode_get(n, "default");
    const sow_ynode *doc = sow_ynode_get(n, "doc");
    const sow_ynode *vals = sow_ynode_get(n, "values");
    const sow_ynode *mn = sow_ynode_get(n, "min"), *mx = sow_ynode_get(n, "max");
    if (!t || !def || !doc)
        return fail(c, n, "%s needs type, default and doc", what);
    int ti;
    if (want_word(c, t, "type", types, &ti))
        return SOW_ERR;
    d->type = (sow_opt_type)ti;
    if (want_line(c, doc, "doc", &d->doc))
        return SOW_ERR;
    if (d->type == SOW_OPT_ENUM) {
        if (!vals)
            return fail(c, n, "enum %s needs values: [...]", what);
        if (vals->type != SOW_Y_SEQ || vals->n < 1 || vals->n > SOW_MAX_ENUM)
            return fail(c, vals, "values must be a list of 1 to 16 words");
        for (int i = 0; i < vals->n; i++) {
            const sow_ynode *w = vals->items[i];
            if (w->type != SOW_Y_SCALAR)
                return fail(c, w, "an option value must be a word");
            char word[SOW_NAME_MAX * 2];
            snprintf(word, sizeof word, "%s", w->text);
            size_t wl = strlen(word);
            if (wl > 2 && strcmp(word + wl - 2, ":K") == 0) {
                d->param[i] = true;
                word[wl - 2] = 0;
            }
            if (!sow_name_valid(word, false))
                return fail(c, w, "option value '%s' must be a lower-case "
                                  "word (letters, digits, _), optionally "
                                  "followed by :K",
                            w->text);
            for (int k = 0; k < i; k++)
                if (strcmp(d->values[k], word) == 0)
                    return fail(c, w, "option value '%s' is listed twice",
                                word);
            snprintf(d->values[i], sizeof d->values[i], "%s", word);
        }
        d->nvalues = vals->n;
        if (mn || mx)
            return fail(c, mn ? mn : mx, "min and max are for int options");
    } else {
        if (vals)
            return fail(c, vals, "values: is for enum options");
        if (d->type == SOW_OPT_INT) {
            if (!mn || !mx)
                return fail(c, n, "int %s needs min and max", what);
            if (want_int(c, mn, "min", -1000000000, 1000000000, &d->min) ||
                want_int(c, mx, "max", -1000000000, 1000000000, &d->max))
                return SOW_ERR;
            if (d->min > d->max)
                return fail(c, mx, "max is below min");
            const sow_ynode *st = sow_ynode_get(n, "step");
            d->step = 1;
            if (st && want_int(c, st, "step", 1, 1000000000, &d->step))
                return SOW_ERR;
        } else if (mn || mx) {
            return fail(c, mn ? mn : mx, "min and max are for int options");
        }
    }
    d->needs = -1;
    const sow_ynode *nd = sow_ynode_get(n, "needs");
    if (nd) {
        int k = nd->type == SOW_Y_SCALAR ? sow_variant_option(c->v, nd->text)
                                         : -1;
        if (k < 0 || c->v->options[k].type != SOW_OPT_BOOL || &c->v->options[k] == d)
            return fail(c, nd, "needs: must name a bool option declared "
                               "before this one");
        d->needs = k;
    }
    if (def->type != SOW_Y_SCALAR)
        return fail(c, def, "default must be a single value");
    if (d->type == SOW_OPT_BOOL || d->type == SOW_OPT_INT) {
        if (!def->plain)
            return fail(c, def, "default must be written without quotes");
    }
    sow_error sub;
    sow_error_clear(&sub);
    if (sow_optval_parse(d, def->text, &d->def, &sub))
        return sow_error_set(c->err, c->path, def->line, def->col,
                             "default: %s", sub.msg);
    return SOW_OK;
}

static int load_options(ctx *c, const sow_ynode *n)
{
    if (want_map(c, n, "options"))
        return SOW_ERR;
    if (n->n > SOW_MAX_OPTIONS)
        return fail(c, n, "at most 16 options");
    for (int i = 0; i < n->n; i++) {
        c->v->noptions = i + 1; /* so a failed option's doc is freed */
        if (load_option(c, n->items[2 * i], n->items[2 * i + 1],
                        &c->v->options[i]))
            return SOW_ERR;
    }
    return SOW_OK;
}

static int load_board(ctx *c, const sow_ynode *n)
{
    static const char *const keys[] = {"rows", "holes", "seeds", "layout",
                                       "stores", NULL};
    sow_variant *v = c->v;
    if (want_map(c, n, "board") || check_keys(c, n, "board", keys))
        return SOW_ERR;
    const sow_ynode *rows = sow_ynode_get(n, "rows");
    if (rows) {
        long r;
        if (want_int(c, rows, "rows", 2, 2, &r))
            return SOW_ERR;
    }
    const sow_ynode *holes = sow_ynode_get(n, "holes");
    if (!holes)
        return fail(c, n, "board needs holes: (holes per row)");
    field fh = {"holes", F_INT, 1, SOW_MAX_ROW, NULL};
    if (want_expr(c, holes, &fh, &v->holes))
        return SOW_ERR;
    const sow_ynode *seeds = sow_ynode_get(n, "seeds");
    const sow_ynode *layout = sow_ynode_get(n, "layout");
    if (seeds && layout)
        return fail(c, layout, "give seeds or layout, not both");
    if (!seeds && !layout)
        return fail(c, n, "board needs seeds: (per hole) or layout: [...]");
    if (seeds) {
        field fs = {"seeds", F_INT, 0, SOW_MAX_HOLE_SEEDS, NULL};
        if (want_expr(c, seeds, &fs, &v->seeds))
            return SOW_ERR;
    } else {
        if (layout->type != SOW_Y_SEQ || layout->n < 2 ||
            layout->n > SOW_MAX_HOLES)
            return fail(c, layout, "layout must be a list of 2 to 64 seed "
                                   "counts in canonical hole order");
        v->has_layout = true;
        v->layout_len = layout->n;
        v->layout_line = layout->line;
        v->layout_col = layout->col;
        for (int i = 0; i < layout->n; i++) {
            long s;
            if (want_int(c, layout->items[i], "a layout count", 0,
                         SOW_MAX_HOLE_SEEDS, &s))
                return SOW_ERR;
            v->layout[i] = (uint16_t)s;
        }
    }
    const sow_ynode *stores = sow_ynode_get(n, "stores");
    if (stores && want_bool(c, stores, "stores", &v->stores))
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
        if (want_int(c, cn, what, least, 62, &lo))
            return SOW_ERR;
        *counts = (uint64_t)1 << lo;
    } else if (cn->type == SOW_Y_SEQ) {
        if (cn->n == 0)
            return fail(c, cn, "%s: [] matches nothing; list counts", what);
        for (int i = 0; i < cn->n; i++) {
            if (want_int(c, cn->items[i], what, least, 62, &lo))
                return SOW_ERR;
            if ((*counts >> lo) & 1)
                return fail(c, cn->items[i], "count %s is listed twice",
                            cn->items[i]->text);
            *counts |= (uint64_t)1 << lo;
        }
    } else {
        static const char *const rkeys[] = {"min", "max", NULL};
        if (check_keys(c, cn, what, rkeys))
            return SOW_ERR;
        const sow_ynode *mn = sow_ynode_get(cn, "min"),
                        *mx = sow_ynode_get(cn, "max");
        lo = least;
        hi = -1;
        if (!mn && !mx)
            return fail(c, cn, "a %s range needs min:, max: or both", what);
        if (mn && want_int(c, mn, wmin, least, 62, &lo))
            return SOW_ERR;
        if (mx && want_int(c, mx, wmax, least, 62, &hi))
            return SOW_ERR;
        if (!mx)
            *high = true;
        long top = mx ? hi : 62;
        if (top < lo)
            return fail(c, cn, "%s max is below min", what);
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
    if (want_map(c, n, "chain") || check_keys(c, n, "chain", keys))
        return SOW_ERR;
    const sow_ynode *x = sow_ynode_get(n, "counts");
    if (!x)
        return fail(c, n, "a chain needs counts: (the counts it takes, "
                          "e.g. [1, 3, 5])");
    if (load_counts(c, x, "counts", 1, &ch->counts, &ch->counts_high))
        return SOW_ERR;
    int k;
    if ((x = sow_ynode_get(n, "start"))) {
        if (want_word(c, x, "start", starts, &k))
            return SOW_ERR;
        ch->from_last = k == 1;
    }
    if ((x = sow_ynode_get(n, "direction"))) {
        if (want_word(c, x, "direction", dirs, &k))
            return SOW_ERR;
        ch->backward = k == 1;
    }
    if ((x = sow_ynode_get(n, "owner"))) {
        if (want_word(c, x, "owner", owners, &k))
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
    "endless", "bearoff", "end"};

/* A `rule:` value: the id of one of the variant's `rules:`. */
static int load_cite(ctx *c, const sow_ynode *n, char out[SOW_RULE_ID_MAX])
{
    if (n->type != SOW_Y_SCALAR)
        return fail(c, n, "rule: must be a rule id such as K1.5");
    if (!sow_variant_rule_text(c->v, n->text))
        return fail(c, n, "rule '%s' is not listed under rules: (add it "
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
    if (want_map(c, n, "explain") || check_keys(c, n, "explain", keys))
        return SOW_ERR;
    for (int i = 0; i < SOW_CITE_COUNT; i++) {
        const sow_ynode *x = sow_ynode_get(n, sow_cite_names[i]);
        if (x && load_cite(c, x, c->v->cite[i]))
            return SOW_ERR;
    }
    return SOW_OK;
}

static int load_lap_rule(ctx *c, const sow_ynode *n, sow_lap_rule *r)
{
    static const char *const keys[] = {"when", "do", "if", "chain", "rule",
                                       NULL};
    static const char *const wkeys[] = {"count", "owner", "next_count",
                                        "min_ply", NULL};
    static const char *const actions[] = {"stop", "relay", "capture", "hook",
                                          "chain", "capture_opposite", NULL};
    static const char *const owners[] = {"any", "own", "opponent", NULL};
    if (want_map(c, n, "a lap_end rule") ||
        check_keys(c, n, "a lap_end rule", keys))
        return SOW_ERR;
    const sow_ynode *act = sow_ynode_get(n, "do");
    if (!act)
        return fail(c, n, "a lap_end rule needs do: (stop, relay, capture, "
                          "capture_opposite, chain or hook)");
    int a;
    if (want_word(c, act, "do", actions, &a))
        return SOW_ERR;
    r->action = (sow_lap_action)a;
    const sow_ynode *chn = sow_ynode_get(n, "chain");
    if (r->action == SOW_LAP_CHAIN && !chn)
        return fail(c, act, "do: chain needs a chain: map beside it (chain: "
                            "{counts: [1, 3, 5]})");
    if (r->action != SOW_LAP_CHAIN && chn)
        return fail(c, chn, "chain: belongs to a rule that says do: chain");
    if (chn && load_chain(c, chn, &r->chain))
        return SOW_ERR;
    const sow_ynode *rid = sow_ynode_get(n, "rule");
    if (rid && load_cite(c, rid, r->cite))
        return SOW_ERR;
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
    if (want_map(c, w, "when") || check_keys(c, w, "when", wkeys))
        return SOW_ERR;
    const sow_ynode *o = sow_ynode_get(w, "owner");
    if (o) {
        int oi;
        if (want_word(c, o, "owner", owners, &oi))
            return SOW_ERR;
        r->owner = (sow_owner_sel)oi;
    }
    const sow_ynode *x = sow_ynode_get(w, "count");
    if (x && load_counts(c, x, "count", 1, &r->counts, &r->counts_high))
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
        if (want_int(c, x, "min_ply", 0, SOW_MAX_PLIES_LIMIT, &mp))
            return SOW_ERR;
        r->min_ply = (int)mp;
    }
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
        return fail(c, n, "phases must be a list of 1 to 8 phases (- name: "
                          "..., moves: sowing or decisions)");
    for (int i = 0; i < n->n; i++) {
        const sow_ynode *p = n->items[i];
        sow_phase *ph = &v->phases[i];
        if (want_map(c, p, "a phase") || check_keys(c, p, "a phase", keys))
            return SOW_ERR;
        const sow_ynode *nm = sow_ynode_get(p, "name");
        const sow_ynode *mv = sow_ynode_get(p, "moves");
        if (!nm || !mv)
            return fail(c, p, "a phase needs name: and moves: (sowing or "
                              "decisions)");
        if (nm->type != SOW_Y_SCALAR || !sow_name_valid(nm->text, false))
            return fail(c, nm, "a phase name must be a lower-case word");
        for (int k = 0; k < i; k++)
            if (strcmp(v->phases[k].name, nm->text) == 0)
                return fail(c, nm, "phase '%s' is listed twice", nm->text);
        snprintf(ph->name, sizeof ph->name, "%s", nm->text);
        int kind;
        if (want_word(c, mv, "moves", kinds, &kind))
            return SOW_ERR;
        ph->decisions = kind == 1;
        ph->scripted = kind == 2;
        if (ph->scripted && !v->hook_fn[SOW_HOOK_PLAY])
            return fail(c, mv, "a scripted phase needs a play hook under "
                               "hooks:");
        const sow_ynode *q = sow_ynode_get(p, "question");
        if (q) {
            char *text = NULL;
            if (want_line(c, q, "question", &text)) {
                free(text); /* want_line may fail after copying it */
                return SOW_ERR;
            }
            snprintf(ph->question, sizeof ph->question, "%s", text);
            free(text);
        }
        const sow_ynode *x = sow_ynode_get(p, "rule");
        if (x && load_cite(c, x, ph->cite))
            return SOW_ERR;
        x = sow_ynode_get(p, "fresh_holes");
        if (x && want_bool(c, x, "fresh_holes", &ph->fresh_holes))
            return SOW_ERR;
        x = sow_ynode_get(p, "until_ply");
        if (x) {
            long u;
            if (want_int(c, x, "until_ply", 1, SOW_MAX_PLIES_LIMIT, &u))
                return SOW_ERR;
            ph->until_ply = (int)u;
        }
        if (ph->decisions && (ph->fresh_holes || ph->until_ply))
            return fail(c, p, "fresh_holes and until_ply are for sowing "
                              "phases");
        v->nphases = i + 1;
    }
    return SOW_OK;
}

static int load_sowing(ctx *c, const sow_ynode *n)
{
    static const char *const keys[] = {"direction", "min_seeds", "leave",
                                       "laps", "skip_origin", "endless_move",
                                       "passing", "lap_end", "bearoff", NULL};
    static const char *const dirs[] = {"ccw", "cw", NULL};
    static const char *const laps[] = {"single", "relay", NULL};
    static const char *const endless[] = {"forbid", "end_game", NULL};
    sow_variant *v = c->v;
    if (want_map(c, n, "sowing") || check_keys(c, n, "sowing", keys))
        return SOW_ERR;
    const sow_ynode *x;
    field fd = {"direction", F_WORD, 0, 0, dirs};
    if ((x = sow_ynode_get(n, "direction")) && want_expr(c, x, &fd, &v->direction))
        return SOW_ERR;
    long l;
    if ((x = sow_ynode_get(n, "min_seeds"))) {
        if (want_int(c, x, "min_seeds", 1, SOW_MAX_HOLE_SEEDS, &l))
            return SOW_ERR;
        v->min_seeds = (int)l;
    }
    if ((x = sow_ynode_get(n, "leave"))) {
        if (want_int(c, x, "leave", 0, SOW_MAX_HOLE_SEEDS, &l))
            return SOW_ERR;
        v->leave = (int)l;
    }
    if (v->leave >= v->min_seeds)
        return fail(c, x, "leave must be below min_seeds, or a move could "
                          "sow nothing");
    if ((x = sow_ynode_get(n, "laps"))) {
        int li;
        if (want_word(c, x, "laps", laps, &li))
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
            return fail(c, x, "endless_move applies only to relay laps "
                              "(laps: relay); a single lap always ends");
    }
    if ((x = sow_ynode_get(n, "passing")) &&
        want_bool(c, x, "passing", &v->passing))
        return SOW_ERR;
    if ((x = sow_ynode_get(n, "bearoff"))) {
        static const char *const bkeys[] = {"at_most", "from_ply", "sticky",
                                            NULL};
        if (want_map(c, x, "bearoff") || check_keys(c, x, "bearoff", bkeys))
            return SOW_ERR;
        v->bearoff = true;
        long k = 1;
        const sow_ynode *y;
        if ((y = sow_ynode_get(x, "at_most")) &&
            want_int(c, y, "at_most", 0, SOW_MAX_HOLE_SEEDS, &k))
            return SOW_ERR;
        v->bearoff_max = (int)k;
        k = 0;
        if ((y = sow_ynode_get(x, "from_ply")) &&
            want_int(c, y, "from_ply", 0, SOW_MAX_PLIES_LIMIT, &k))
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
            return fail(c, x, "lap_end must be a list of rules (- when: ... "
                              "do: ...)");
        if (x->n > SOW_MAX_LAP_RULES)
            return fail(c, x, "at most 16 lap_end rules");
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
            return fail(c, sow_ynode_get(n, "laps"),
                        "laps: relay needs a lap_end rule that ends a lap "
                        "(do: stop, capture, capture_opposite, chain or "
                        "hook), e.g. - when: {count: 1} do: stop; without one "
                        "no move ever ends");
    }
    return SOW_OK;
}

static int load_end(ctx *c, const sow_ynode *n)
{
    static const char *const keys[] = {"no_moves", "score", "seeds_at_most",
                                       "repetition", "no_capture_plies",
                                       "max_plies", NULL};
    static const char *const nomoves[] = {"end", "lose", NULL};
    static const char *const scores[] = {"default", "none", NULL};
    sow_variant *v = c->v;
    if (want_map(c, n, "end") || check_keys(c, n, "end", keys))
        return SOW_ERR;
    const sow_ynode *x;
    int w;
    if ((x = sow_ynode_get(n, "no_moves"))) {
        if (want_word(c, x, "no_moves", nomoves, &w))
            return SOW_ERR;
        v->no_moves_lose = w == 1;
    }
    if ((x = sow_ynode_get(n, "score"))) {
        if (want_word(c, x, "score", scores, &w))
            return SOW_ERR;
        v->no_score = w == 1;
    }
    field fs = {"seeds_at_most", F_INT, -1, 64000, NULL};
    field fr = {"repetition", F_BOOL, 0, 0, NULL};
    field fn = {"no_capture_plies", F_INT, 0, SOW_MAX_PLIES_LIMIT, NULL};
    field fm = {"max_plies", F_INT, 1, SOW_MAX_PLIES_LIMIT, NULL};
    if ((x = sow_ynode_get(n, "seeds_at_most")) &&
        want_expr(c, x, &fs, &v->seeds_at_most))
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
    static const char *const keys[] = {"lap_end", "score", "new_game",
                                       "decisions", "decide", "play", NULL};
    if (want_map(c, n, "hooks") || check_keys(c, n, "hooks", keys))
        return SOW_ERR;
    for (int h = 0; h < SOW_HOOK_COUNT; h++) {
        const sow_ynode *x = sow_ynode_get(n, sow_hook_names[h]);
        if (!x)
            continue;
        if (x->type != SOW_Y_SCALAR || !lua_identifier(x->text))
            return fail(c, x, "hook %s must name a Lua function (letters, "
                              "digits, _)",
                        sow_hook_names[h]);
        if (want_string(c, x, "hook", &c->v->hook_fn[h]))
            return SOW_ERR;
        c->v->hook_line[h] = x->line;
        c->v->hook_col[h] = x->col;
    }
    return SOW_OK;
}

static int load_rules(ctx *c, const sow_ynode *n)
{
    if (want_map(c, n, "rules"))
        return SOW_ERR;
    if (n->n > SOW_MAX_RULE_IDS)
        return fail(c, n, "at most 64 rule ids");
    for (int i = 0; i < n->n; i++) {
        const sow_ynode *k = n->items[2 * i], *t = n->items[2 * i + 1];
        sow_rule_text *r = &c->v->rules[i];
        if (!valid_rule_id(k->text))
            return fail(c, k, "rule id '%s' must be capital letters then "
                              "digits and dots, like K1.5, B.2 or P13",
                        k->text);
        c->v->nrules = i + 1;
        if (want_string(c, k, "rule id", &r->id) ||
            want_line(c, t, "a rule text", &r->text))
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
        return fail(c, n, "%s must be a list of words", what);
    if (n->n > max) {
        char msg[96];
        snprintf(msg, sizeof msg, "%s may list at most %d words", what, max);
        return fail(c, n, "%s", msg);
    }
    for (int i = 0; i < n->n; i++) {
        const sow_ynode *w = n->items[i];
        if (w->type != SOW_Y_SCALAR || !sow_name_valid(w->text, false))
            return fail(c, w, "'%s' must be a lower-case word (letters, "
                              "digits, _)",
                        w->type == SOW_Y_SCALAR ? w->text : "?");
        for (int k = 0; k < i; k++)
            if (strcmp(out[k], w->text) == 0)
                return fail(c, w, "'%s' is listed twice", w->text);
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
    if (want_map(c, n, "match") || check_keys(c, n, "match", keys))
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
    if (!c->v->hook_fn[SOW_HOOK_NEW_GAME])
        return fail(c, n, "match: needs a new_game hook under hooks: (it "
                          "sets up each game)");
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
    if (want_string(c, x, "script", &v->script))
        return SOW_ERR;
    v->script_line = x->line;
    v->script_col = x->col;
    if (!v->script[0])
        return fail(c, x, "script must name the Lua file");
    size_t len = strlen(v->dir) + strlen(v->script) + 2;
    v->script_path = malloc(len);
    if (!v->script_path)
        return fail(c, x, "out of memory");
    if (v->script[0] == '/')
        snprintf(v->script_path, len, "%s", v->script);
    else
        snprintf(v->script_path, len, "%s/%s", v->dir, v->script);
    return sow_variant_script_check(v, NULL, c->err);
}

static int load_root(ctx *c, const sow_ynode *root)
{
    static const char *const keys[] = {"id", "name", "summary", "source",
                                       "rules", "board", "sowing", "end",
                                       "script", "hooks", "options",
                                       "decisions", "state", "match",
                                       "phases", "start_phase", "explain",
                                       NULL};
    sow_variant *v = c->v;
    if (!root || (root->type == SOW_Y_SCALAR && root->plain && !root->text[0]))
        return sow_error_set(c->err, c->path, 1, 1,
                             "the file is empty; a variant needs id, name, "
                             "summary, board, sowing and script");
    if (want_map(c, root, "a variant file") ||
        check_keys(c, root, "a variant file", keys))
        return SOW_ERR;
    static const char *const required[] = {"id", "name", "summary", "board",
                                           "sowing", NULL};
    for (int i = 0; required[i]; i++)
        if (!sow_ynode_get(root, required[i]))
            return sow_error_set(c->err, c->path, root->line, root->col,
                                 "missing key '%s' at the top level",
                                 required[i]);
    const sow_ynode *x = sow_ynode_get(root, "id");
    if (want_string(c, x, "id", &v->id))
        return SOW_ERR;
    if (!sow_name_valid(v->id, true))
        return fail(c, x, "id '%s' must be lower-case letters, digits and "
                          "dashes, at most 31 characters",
                    v->id);
    if (want_line(c, sow_ynode_get(root, "name"), "name", &v->name) ||
        want_line(c, sow_ynode_get(root, "summary"), "summary",
                  &v->summary))
        return SOW_ERR;
    if ((x = sow_ynode_get(root, "source")) &&
        want_string(c, x, "source", &v->source))
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
    if ((x = sow_ynode_get(root, "match")) && load_match(c, x))
        return SOW_ERR;
    if ((x = sow_ynode_get(root, "phases")) && load_phases(c, x))
        return SOW_ERR;
    if ((x = sow_ynode_get(root, "start_phase"))) {
        v->start_phase = -1;
        for (int i = 0; i < v->nphases; i++)
            if (x->type == SOW_Y_SCALAR && strcmp(v->phases[i].name, x->text) == 0)
                v->start_phase = i + 1;
        if (v->start_phase < 0)
            return fail(c, x, "start_phase must name one of the phases");
    }
    if (v->ndecisions &&
        (!v->hook_fn[SOW_HOOK_DECISIONS] || !v->hook_fn[SOW_HOOK_DECIDE]))
        return fail(c, sow_ynode_get(root, "decisions"),
                    "decision moves need both a decisions hook (which are "
                    "legal) and a decide hook (what one does)");
    x = sow_ynode_get(root, "script");
    if (!x && sow_ynode_get(root, "hooks"))
        return sow_error_set(c->err, c->path, root->line, root->col,
                             "hooks: names script functions, so the variant "
                             "needs script: (the Lua file)");
    if (x && load_script(c, x))
        return SOW_ERR;
    /* lap_end rules that say hook need the hook */
    for (int i = 0; i < v->nlap_rules; i++)
        if (v->lap_rules[i].action == SOW_LAP_HOOK &&
            !v->hook_fn[SOW_HOOK_LAP_END])
            return sow_error_set(c->err, c->path, v->lap_rules[i].line,
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
}

/* An error message is printed as one line on a terminal: whatever a
 * variant file put in it (a key, a value) must not break the line or
 * carry terminal control sequences. */
static void scrub(char *s)
{
    for (unsigned char *p = (unsigned char *)s; *p; p++)
        if (*p < 0x20 || *p == 0x7f)
            *p = ' ';
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
    ctx c = {path, err, v};
    int rc = text ? sow_yaml_parse_text(path, text, len, &root, err)
                  : sow_yaml_parse_file(path, &root, err);
    if (rc == SOW_OK)
        rc = load_root(&c, root);
    sow_ynode_free(root);
    if (rc) {
        if (err)
            scrub(err->msg);
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
