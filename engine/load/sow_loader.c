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
    if (sow_lboard(c, sow_ynode_get(root, "board")) ||
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
