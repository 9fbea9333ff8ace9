/* sow_scenario.c - scenario files: loading and checking their shape, and
 * running a case against a variant (see sow_scenario.h). */
#include "sow_scenario.h"
#include "sow_budget.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sow_file.h"
#include "sow_game.h"
#include "sow_kit.h"
#include "sow_lua.h"
#include "sow_move.h"
#include "sow_yaml.h"
#include "sow_yfield.h"

struct sow_scenario_file {
    char *path;
    char *dir;
    sow_ynode *root;
    const sow_ynode *variant;   /* scalar */
    const sow_ynode *options;   /* mapping, or NULL */
    int ncases;
    const sow_ynode **cases;    /* mappings */
};

/* ---- reading scalars ------------------------------------------------------- */

/* Errors of a scenario file (sow_yfield.h: the same readers and words as
 * the variant loader's). */
typedef sow_yreader ctx;

/* Control characters (a line break in a quoted value, say) as spaces:
 * every difference stays one line. */
static void one_line(char *s)
{
    for (unsigned char *p = (unsigned char *)s; *p; p++)
        if (*p < 0x20 || *p == 0x7f)
            *p = ' ';
}

static bool is_scalar(const sow_ynode *n)
{
    return n && n->type == SOW_Y_SCALAR;
}

/* The words of a player: south, north, 0 or 1 (winners also none). */
static const char *const player_words[] = {"south", "north", "0", "1",
                                           "none", NULL};
static const char *const mover_words[] = {"south", "north", "0", "1", NULL};

static int player_at(int index)
{
    return index == 4 ? -1 : index % 2;
}

static int get_player(const ctx *c, const sow_ynode *n, const char *what,
                      bool none_ok, int *out)
{
    int i;
    if (sow_yword(c, n, what, none_ok ? player_words : mover_words, &i))
        return SOW_ERR;
    *out = player_at(i);
    return SOW_OK;
}

/* The player of a node get_player accepted. */
static int player_of(const sow_ynode *n)
{
    for (int i = 0; player_words[i]; i++)
        if (!strcmp(n->text, player_words[i]))
            return player_at(i);
    return -1;
}

static const sow_ynode *get(const sow_ynode *map, const char *key)
{
    return map ? sow_ynode_get(map, key) : NULL;
}

/* A field of a mapping and how its value is checked. */
typedef enum {
    F_COUNTS,   /* a list of seed counts (a board) */
    F_PLAYERS,  /* a list of players (owners) */
    F_HOLES,    /* a list of hole numbers */
    F_PAIR,     /* [South, North] */
    F_SCORE,    /* a pair, or null */
    F_PLAYER,   /* south or north */
    F_WINNER,   /* south, north or none */
    F_INT,      /* a whole number in lo..hi */
    F_BOOL,
    F_TEXT,
    F_PHASE,    /* a phase name or number */
    F_STATE,    /* state name -> whole number */
    F_TOKENS,   /* move tokens */
    F_OPTIONS,  /* option name -> value */
    F_RESULT,   /* the fields of result_fields */
    F_MATCH     /* the fields of match_fields */
} fkind;

typedef struct fspec {
    const char *key;
    fkind kind;
    long lo, hi;
} fspec;

/* Every key of map must be one of `fields` (ending with a NULL key). */
static int check_keys(const ctx *c, const sow_ynode *map, const char *what,
                      const fspec *fields)
{
    const char *keys[24];
    int k = 0;
    while (fields[k].key && k < 23) {
        keys[k] = fields[k].key;
        k++;
    }
    keys[k] = NULL;
    return sow_ykeys(c, map, what, keys);
}

/* ---- the shape of a file --------------------------------------------------- */

static const fspec top_fields[] = {
    {"variant", F_TEXT, 0, 0},
    {"options", F_OPTIONS, 0, 0},
    {"scenarios", F_TEXT, 0, 0}, /* checked on its own */
    {NULL, F_TEXT, 0, 0}};
static const fspec case_fields[] = {
    {"name", F_TEXT, 0, 0},     {"rules", F_TEXT, 0, 0}, /* on its own */
    {"options", F_OPTIONS, 0, 0}, {"start", F_TEXT, 0, 0}, /* on its own */
    {"moves", F_TOKENS, 0, 0},  {"expect", F_TEXT, 0, 0}, /* on its own */
    {NULL, F_TEXT, 0, 0}};
static const fspec start_fields[] = {
    {"board", F_COUNTS, 0, 0},
    {"owners", F_PLAYERS, 0, 0},
    {"to_move", F_PLAYER, 0, 0},
    {"ply", F_INT, 0, 1000000},
    {"phase", F_PHASE, 0, 0},
    {"captured", F_PAIR, 0, 0},
    {"state", F_STATE, 0, 0},
    {"played", F_HOLES, 0, 0},
    {"bearoff", F_BOOL, 0, 0},
    {"since_capture", F_INT, 0, 1000000},
    {"game", F_INT, 1, 100000},
    {"starter", F_PLAYER, 0, 0},
    {NULL, F_TEXT, 0, 0}};
static const fspec expect_fields[] = {
    {"board", F_COUNTS, 0, 0},
    {"owners", F_PLAYERS, 0, 0},
    {"captured", F_PAIR, 0, 0},
    {"to_move", F_PLAYER, 0, 0},
    {"legal", F_TOKENS, 0, 0},
    {"endless", F_HOLES, 0, 0},
    {"over", F_BOOL, 0, 0},
    {"ply", F_INT, 0, 1000000},
    {"phase", F_PHASE, 0, 0},
    {"game", F_INT, 1, 100000},
    {"state", F_STATE, 0, 0},
    {"result", F_RESULT, 0, 0},
    {"match", F_MATCH, 0, 0},
    {"error", F_TEXT, 0, 0},
    {NULL, F_TEXT, 0, 0}};
static const fspec result_fields[] = {
    {"winner", F_WINNER, 0, 0},
    {"score", F_SCORE, 0, 0},
    {"reason", F_TEXT, 0, 0},
    {"unfinished", F_BOOL, 0, 0},
    {NULL, F_TEXT, 0, 0}};
static const fspec match_fields[] = {
    {"winner", F_WINNER, 0, 0},
    {"reason", F_TEXT, 0, 0},
    {"games", F_INT, 1, 100000},
    {"holes", F_PAIR, 0, 0},
    {"unfinished", F_BOOL, 0, 0},
    {NULL, F_TEXT, 0, 0}};

static int check_int_list(const ctx *c, const sow_ynode *n, const char *what,
                          long lo, long hi, bool players)
{
    if (!n || n->type != SOW_Y_SEQ)
        return sow_yfail(c, n, "%s takes a list, e.g. [4, 4, 0]", what);
    if (n->n > SOW_MAX_HOLES)
        return sow_yfail(c, n,
                         "%s: %d values, more than the %d holes a board "
                         "may have",
                         what, n->n, SOW_MAX_HOLES);
    char item[64];
    snprintf(item, sizeof item, "a value of %s", what);
    for (int i = 0; i < n->n; i++) {
        long v;
        int p;
        if (players ? get_player(c, n->items[i], item, false, &p)
                    : sow_yint(c, n->items[i], item, lo, hi, &v))
            return SOW_ERR;
    }
    return SOW_OK;
}

static int check_pair(const ctx *c, const sow_ynode *n, const char *what)
{
    if (check_int_list(c, n, what, 0, 1000000000, false))
        return SOW_ERR;
    if (n->n != 2)
        return sow_yfail(c, n, "%s takes two numbers [South, North], not %d",
                         what, n->n);
    return SOW_OK;
}

/* Moves or legal moves: a text of tokens, or a list of tokens. */
static int check_tokens(const ctx *c, const sow_ynode *n, const char *what)
{
    if (is_scalar(n))
        return SOW_OK;
    if (!n || n->type != SOW_Y_SEQ)
        return sow_yfail(c, n,
                         "%s takes move tokens: a text \"2 8 buy:7\" or a "
                         "list [2, 8, \"buy:7\"]",
                         what);
    for (int i = 0; i < n->n; i++)
        if (!is_scalar(n->items[i]) || !n->items[i]->text[0])
            return sow_yfail(c, n->items[i],
                             "%s: each token is a hole number "
                             "or a decision such as buy:7",
                             what);
    return SOW_OK;
}

static int check_options(const ctx *c, const sow_ynode *n, const char *what)
{
    if (!n || n->type != SOW_Y_MAP)
        return sow_yfail(c, n,
                         "%s takes a mapping of option names to values, "
                         "e.g. {skip_origin: true}",
                         what);
    for (int i = 0; i < n->n; i++)
        if (!is_scalar(n->items[2 * i + 1]))
            return sow_yfail(c, n->items[2 * i + 1],
                             "option %s takes one value, not a list or mapping",
                             n->items[2 * i]->text);
    return SOW_OK;
}

static int check_state(const ctx *c, const sow_ynode *n)
{
    if (!n || n->type != SOW_Y_MAP)
        return sow_yfail(c, n,
                         "state takes a mapping of the script's state "
                         "names to whole numbers, e.g. {buyer: 0}");
    long v;
    for (int i = 0; i < n->n; i++)
        if (sow_yint(c, n->items[2 * i + 1], "a state value", -1000000000,
                     1000000000, &v))
            return SOW_ERR;
    return SOW_OK;
}

static int check_phase(const ctx *c, const sow_ynode *n)
{
    long v;
    if (sow_yis_int(n, &v))
        return sow_yint(c, n, "phase", 0, 255, &v);
    const char *t;
    return sow_yline(c, n, "phase", &t);
}

static int check_fields(const ctx *c, const sow_ynode *map, const char *what,
                        const fspec *fields, bool some);

/* The value n of field f. */
static int check_field(const ctx *c, const sow_ynode *n, const fspec *f)
{
    long v;
    int p;
    bool b;
    const char *t;
    switch (f->kind) {
    case F_COUNTS:
        return check_int_list(c, n, f->key, 0, SOW_MAX_SEEDS, false);
    case F_PLAYERS: return check_int_list(c, n, f->key, 0, 1, true);
    case F_HOLES:
        return check_int_list(c, n, f->key, 0, SOW_MAX_HOLES - 1, false);
    case F_SCORE:
        if (is_scalar(n) && n->plain && !strcmp(n->text, "null"))
            return SOW_OK;
        return check_pair(c, n, f->key);
    case F_PAIR: return check_pair(c, n, f->key);
    case F_PLAYER: return get_player(c, n, f->key, false, &p);
    case F_WINNER: return get_player(c, n, f->key, true, &p);
    case F_INT: return sow_yint(c, n, f->key, f->lo, f->hi, &v);
    case F_BOOL: return sow_ybool(c, n, f->key, &b);
    case F_TEXT: return sow_yline(c, n, f->key, &t);
    case F_PHASE: return check_phase(c, n);
    case F_STATE: return check_state(c, n);
    case F_TOKENS: return check_tokens(c, n, f->key);
    case F_OPTIONS: return check_options(c, n, f->key);
    case F_RESULT: return check_fields(c, n, "result", result_fields, true);
    case F_MATCH: return check_fields(c, n, "match", match_fields, true);
    }
    return SOW_OK;
}

/* The keys of map and the value of each; with `some`, at least one. */
static int check_fields(const ctx *c, const sow_ynode *map, const char *what,
                        const fspec *fields, bool some)
{
    if (check_keys(c, map, what, fields))
        return SOW_ERR;
    if (some && map->n == 0)
        return sow_yfail(c, map,
                         "%s is empty; give at least one of its fields%s", what,
                         fields == expect_fields
                             ? " (board, captured, legal, result, error, ...)"
                             : "");
    for (int i = 0; fields[i].key; i++) {
        const sow_ynode *n = get(map, fields[i].key);
        if (n && check_field(c, n, &fields[i]))
            return SOW_ERR;
    }
    return SOW_OK;
}

/* A rule id: a capital, then capitals, digits and dots, at most 15. */
static bool rule_id_ok(const char *t)
{
    size_t len = strlen(t);
    if (len == 0 || len > 15 || t[0] < 'A' || t[0] > 'Z')
        return false;
    for (const char *p = t; *p; p++)
        if (!((*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
              *p == '.'))
            return false;
    return true;
}

static int check_case(const ctx *c, const sow_ynode *cs, int k)
{
    char what[64];
    snprintf(what, sizeof what, "scenario %d", k + 1);
    if (check_keys(c, cs, what, case_fields))
        return SOW_ERR;
    const sow_ynode *n = get(cs, "name");
    const char *t;
    if (!n)
        return sow_yfail(c, cs, "%s has no name: give each case a name: line",
                         what);
    if (sow_yline(c, n, "name", &t))
        return SOW_ERR;
    if ((n = get(cs, "rules"))) {
        if (n->type != SOW_Y_SEQ)
            return sow_yfail(c, n,
                             "rules takes a list of rule ids, e.g. [K1.5, "
                             "C0.4]");
        if (n->n > SOW_SCN_MAX_RULES)
            return sow_yfail(c, n, "rules: at most %d ids a case",
                             SOW_SCN_MAX_RULES);
        for (int i = 0; i < n->n; i++)
            if (!is_scalar(n->items[i]) || !rule_id_ok(n->items[i]->text))
                return sow_yfail(c, n->items[i],
                                 "rules: '%.40s' is not a rule id (such as "
                                 "K1.5, B.4, P7)",
                                 is_scalar(n->items[i]) ? n->items[i]->text
                                                        : "a list or mapping");
    }
    if ((n = get(cs, "options")) && check_options(c, n, "options"))
        return SOW_ERR;
    if ((n = get(cs, "start")) &&
        check_fields(c, n, "start", start_fields, false))
        return SOW_ERR;
    if ((n = get(cs, "moves")) && check_tokens(c, n, "moves"))
        return SOW_ERR;
    if (!(n = get(cs, "expect")))
        return sow_yfail(c, cs,
                         "scenario '%.60s' has no expect: say what it "
                         "must give",
                         get(cs, "name")->text);
    return check_fields(c, n, "expect", expect_fields, true);
}

/* Whether t names a YAML file (ends in .yaml or .yml). */
static bool yaml_name(const char *t)
{
    size_t len = strlen(t);
    return (len > 5 && strcmp(t + len - 5, ".yaml") == 0) ||
           (len > 4 && strcmp(t + len - 4, ".yml") == 0);
}

/* Whether the variant is named by path (it holds a '/' or ends in .yaml
 * or .yml) rather than by id. */
static bool names_a_path(const char *t)
{
    return strchr(t, '/') || yaml_name(t);
}

/* A path names a YAML file (issue 13 #4: a scenario file must not make
 * sow read, and quote in its errors, a file that is not a variant, such
 * as ../../.ssh/config); where it may lead is checked when it is read
 * (sow_scenario_variant_file). */
static int check_variant_path(const ctx *c, const sow_ynode *n)
{
    const char *t = n->text;
    if (!names_a_path(t) || yaml_name(t))
        return SOW_OK;
    return sow_yfail(c, n,
                     "variant '%.200s' is neither an id nor the path of a "
                     ".yaml file; name the variant's .yaml file (or give "
                     "its id, as sow list shows it)",
                     t);
}

static int check_file(sow_scenario_file *f, sow_error *err)
{
    ctx c = {f->path, err};
    const sow_ynode *root = f->root;
    if (!root)
        return sow_error_set(err, f->path, 1, 1,
                             "the file is empty; a scenario file holds "
                             "variant: and scenarios:");
    if (check_keys(&c, root, "a scenario file", top_fields))
        return SOW_ERR;
    const char *t;
    if (!(f->variant = get(root, "variant")))
        return sow_yfail(&c, root,
                         "no variant: name the variant (its id, as sow list "
                         "shows it, or a path relative to this file)");
    if (sow_yline(&c, f->variant, "variant", &t) ||
        check_variant_path(&c, f->variant))
        return SOW_ERR;
    if ((f->options = get(root, "options")) &&
        check_options(&c, f->options, "options"))
        return SOW_ERR;
    const sow_ynode *sc = get(root, "scenarios");
    if (!sc)
        return sow_yfail(&c, root, "no scenarios: give a list of cases");
    if (sc->type != SOW_Y_SEQ || sc->n == 0)
        return sow_yfail(&c, sc, "scenarios takes a list of one or more cases");
    if (sc->n > SOW_SCN_MAX_CASES)
        return sow_yfail(&c, sc, "%d scenarios; at most %d a file", sc->n,
                         SOW_SCN_MAX_CASES);
    f->cases = calloc((size_t)sc->n, sizeof *f->cases);
    if (!f->cases)
        return sow_error_set(err, f->path, 0, 0, "out of memory");
    for (int k = 0; k < sc->n; k++) {
        if (check_case(&c, sc->items[k], k))
            return SOW_ERR;
        const sow_ynode *name = get(sc->items[k], "name");
        for (int j = 0; j < k; j++)
            if (!strcmp(get(f->cases[j], "name")->text, name->text))
                return sow_yfail(&c, name,
                                 "a second scenario named '%.60s' "
                                 "(the first is at line %d): names "
                                 "must differ",
                                 name->text, f->cases[j]->line);
        f->cases[f->ncases++] = sc->items[k];
    }
    return SOW_OK;
}

static int finish_load(const char *path, sow_ynode *root,
                       sow_scenario_file **out, sow_error *err)
{
    sow_scenario_file *f = calloc(1, sizeof *f);
    if (!f || !(f->path = strdup(path)) || !(f->dir = strdup(path))) {
        if (f)
            free(f->path);
        free(f);
        sow_ynode_free(root);
        return sow_error_set(err, path, 0, 0, "out of memory");
    }
    f->root = root;
    char *slash = strrchr(f->dir, '/');
    if (slash)
        slash[slash == f->dir] = 0; /* "/x.yaml" keeps "/" */
    else
        strcpy(f->dir, ".");
    if (check_file(f, err)) {
        sow_scenario_free(f);
        return SOW_ERR;
    }
    *out = f;
    return SOW_OK;
}

int sow_scenario_load(const char *path, sow_scenario_file **out,
                      sow_error *err)
{
    *out = NULL;
    sow_ynode *root = NULL;
    if (sow_yaml_read_file(path, "a scenario file", &root, err))
        return SOW_ERR;
    return finish_load(path, root, out, err);
}

int sow_scenario_load_text(const char *path, const char *text, size_t len,
                           sow_scenario_file **out, sow_error *err)
{
    *out = NULL;
    sow_ynode *root = NULL;
    if (sow_yaml_parse_text(path, text, len, &root, err))
        return SOW_ERR;
    return finish_load(path, root, out, err);
}

void sow_scenario_free(sow_scenario_file *f)
{
    if (!f)
        return;
    sow_ynode_free(f->root);
    free(f->cases);
    free(f->path);
    free(f->dir);
    free(f);
}

bool sow_scenario_is_file(const char *path)
{
    sow_ynode *root = NULL;
    sow_error e;
    if (sow_yaml_read_file(path, "a scenario file", &root, &e))
        /* a file that exists but does not parse: read as a scenario
         * file, whose reader reports the error where it is (a variant id
         * names no file) */
        return access(path, F_OK) == 0;
    bool yes = root && root->type == SOW_Y_MAP &&
               sow_ynode_get(root, "scenarios") &&
               !sow_ynode_get(root, "board");
    sow_ynode_free(root);
    return yes;
}

const char *sow_scenario_path(const sow_scenario_file *f)
{
    return f->path;
}

const char *sow_scenario_variant(const sow_scenario_file *f, bool *is_path,
                                 char *path, size_t size, int *line, int *col)
{
    const char *t = f->variant->text;
    bool p = names_a_path(t);
    if (is_path)
        *is_path = p;
    if (path && size) {
        if (!p || t[0] == '/')
            snprintf(path, size, "%s", t);
        else
            snprintf(path, size, "%s/%s", f->dir, t);
    }
    if (line)
        *line = f->variant->line;
    if (col)
        *col = f->variant->col;
    return t;
}

/* Whether the resolved path r is a file in the folder dir (resolved
 * here), not below it. */
static bool directly_in(const char *dir, const char *r)
{
    char *rd = realpath(dir, NULL);
    const char *slash = strrchr(r, '/');
    size_t n = !slash ? 0 : slash == r ? 1 : (size_t)(slash - r);
    bool yes = rd && slash && strlen(rd) == n && strncmp(r, rd, n) == 0;
    free(rd);
    return yes;
}

int sow_scenario_variant_file(const sow_scenario_file *f, char *path,
                              size_t size, sow_error *err)
{
    bool is_path;
    int line, col;
    const char *t = sow_scenario_variant(f, &is_path, path, size, &line, &col);
    if (!is_path)
        return SOW_OK;
    /* its own folder or below it, or the folder just above it (the
     * layout DIR/NAME.yaml with DIR/scenarios/NAME.yaml), symlinks and
     * `..` resolved */
    size_t ul = strlen(f->dir) + 4;
    char *up = malloc(ul), *r = NULL;
    if (!up)
        return sow_error_set(err, f->path, 0, 0, "out of memory");
    snprintf(up, ul, "%s/..", f->dir);
    int where = sow_file_resolve_in(f->dir, path, &r);
    free(r);
    r = NULL;
    if (where == SOW_FILE_OUTSIDE &&
        sow_file_resolve_in(up, path, &r) == SOW_FILE_INSIDE &&
        directly_in(up, r))
        where = SOW_FILE_INSIDE;
    free(r);
    free(up);
    if (where != SOW_FILE_OUTSIDE) /* a missing file: loading it says so */
        return SOW_OK;
    return sow_error_set(err, f->path, line, col,
                         "variant '%.200s' is outside the folders a scenario "
                         "file may read: its own (and below) and the one "
                         "just above it (DIR/NAME.yaml for "
                         "DIR/scenarios/NAME.yaml); move the files so, or "
                         "name the variant by its id",
                         t);
}

int sow_scenario_count(const sow_scenario_file *f)
{
    return f->ncases;
}

const char *sow_scenario_name(const sow_scenario_file *f, int k, int *line,
                              int *col)
{
    if (line)
        *line = f->cases[k]->line;
    if (col)
        *col = f->cases[k]->col;
    return get(f->cases[k], "name")->text;
}

int sow_scenario_rules(const sow_scenario_file *f, int k, const char **ids,
                       int max)
{
    const sow_ynode *r = get(f->cases[k], "rules");
    int n = 0;
    for (int i = 0; r && i < r->n && n < max; i++)
        ids[n++] = r->items[i]->text;
    return n;
}

/* ---- running a case -------------------------------------------------------- */

typedef struct run {
    ctx c;
    const sow_variant *v;
    sow_kit k;                  /* setup, script and engine of the case */
    sow_match m;
    sow_game g;
    bool done;                  /* the game (or the match) is over */
    sow_scenario_outcome *out;
} run;

static void add_diff(run *r, const char *field, const sow_ynode *at,
                     const char *expected, const char *got, const char *note)
{
    sow_scenario_outcome *o = r->out;
    o->passed = false;
    if (o->ndiffs >= SOW_SCN_MAX_DIFFS) {
        o->nmore++;
        return;
    }
    sow_scenario_diff *d = &o->diffs[o->ndiffs++];
    snprintf(d->field, sizeof d->field, "%s", field);
    d->line = at ? at->line : 0;
    snprintf(d->expected, sizeof d->expected, "%s", expected);
    snprintf(d->got, sizeof d->got, "%s", got);
    snprintf(d->note, sizeof d->note, "%s", note ? note : "");
    one_line(d->expected);
    one_line(d->got);
    one_line(d->note);
}

static void fmt_list(char *buf, size_t size, const long *v, int n)
{
    size_t len = (size_t)snprintf(buf, size, "[");
    for (int i = 0; i < n && len < size; i++)
        len += (size_t)snprintf(buf + len, size - len, "%s%ld", i ? ", " : "",
                                v[i]);
    if (len < size)
        snprintf(buf + len, size - len, "]");
}

static const char *player_name(int p)
{
    return p == 0 ? "south" : p == 1 ? "north" : "none";
}

/* Read a checked list of numbers (players as 0/1). */
static int read_list(const sow_ynode *n, long *out)
{
    for (int i = 0; i < n->n; i++) {
        const sow_ynode *x = n->items[i];
        out[i] = sow_yis_int(x, NULL) ? sow_yint_of(x) : player_of(x);
    }
    return n->n;
}

/* Compare a list of numbers; `what` names an element ("hole"). */
static void expect_list(run *r, const char *field, const sow_ynode *n,
                        const long *got, int ngot, const char *what)
{
    long want[SOW_MAX_HOLES];
    int nw = read_list(n, want);
    bool same = nw == ngot;
    for (int i = 0; same && i < nw; i++)
        same = want[i] == got[i];
    if (same)
        return;
    char e[SOW_SCN_TEXT], g[SOW_SCN_TEXT], note[SOW_SCN_TEXT] = "";
    fmt_list(e, sizeof e, want, nw);
    fmt_list(g, sizeof g, got, ngot);
    if (nw != ngot) {
        snprintf(note, sizeof note, "%d values expected, %d there", nw, ngot);
    } else {
        size_t len = 0;
        int k = 0;
        for (int i = 0; i < nw && len + 60 < sizeof note; i++)
            if (want[i] != got[i]) {
                char who[32];
                if (!strcmp(what, "player"))
                    snprintf(who, sizeof who, "%s", i ? "North" : "South");
                else
                    snprintf(who, sizeof who, "%s %d", what, i);
                len += (size_t)snprintf(note + len, sizeof note - len,
                                        "%s%s: expected %ld, got %ld",
                                        k++ ? "; " : "", who, want[i],
                                        got[i]);
            }
    }
    add_diff(r, field, n, e, g, note);
}

static void expect_int(run *r, const char *field, const sow_ynode *n,
                       long got)
{
    long want = sow_yint_of(n);
    if (want == got)
        return;
    char e[32], g[32];
    snprintf(e, sizeof e, "%ld", want);
    snprintf(g, sizeof g, "%ld", got);
    add_diff(r, field, n, e, g, NULL);
}

static void expect_bool(run *r, const char *field, const sow_ynode *n,
                        bool got)
{
    bool want = n->text[0] == 't';
    if (want != got)
        add_diff(r, field, n, want ? "true" : "false", got ? "true" : "false",
                 NULL);
}

static void expect_player(run *r, const char *field, const sow_ynode *n,
                          int got)
{
    int want = player_of(n);
    if (want != got)
        add_diff(r, field, n, player_name(want), player_name(got), NULL);
}

static void expect_text(run *r, const char *field, const sow_ynode *n,
                        const char *got)
{
    if (strstr(got, n->text))
        return;
    char e[SOW_SCN_TEXT];
    snprintf(e, sizeof e, "a text containing \"%.1000s\"", n->text);
    add_diff(r, field, n, e, got, NULL);
}

/* The phase a node names: a number, `play` (0), or a phase's name. */
static int phase_of(run *r, const sow_ynode *n, int *out)
{
    long v;
    if (sow_yis_int(n, &v)) {
        *out = (int)v;
        return SOW_OK;
    }
    if (!strcmp(n->text, "play")) {
        *out = 0;
        return SOW_OK;
    }
    for (int i = 0; i < r->v->nphases; i++)
        if (!strcmp(n->text, r->v->phases[i].name)) {
            *out = i + 1;
            return SOW_OK;
        }
    char list[300] = "play";
    size_t len = strlen(list);
    for (int i = 0; i < r->v->nphases && len < sizeof list; i++)
        len += (size_t)snprintf(list + len, sizeof list - len, ", %s",
                                r->v->phases[i].name);
    return sow_yfail(&r->c, n,
                     "phase '%.40s': variant %s has the phases %s (or "
                     "give a number)",
                     n->text, r->v->id, list);
}

static void phase_name(const run *r, int p, char *buf, size_t size)
{
    if (p == 0)
        snprintf(buf, size, "play");
    else if (p <= r->v->nphases)
        snprintf(buf, size, "%s", r->v->phases[p - 1].name);
    else
        snprintf(buf, size, "%d", p);
}

static int state_index(run *r, const sow_ynode *key)
{
    for (int i = 0; i < r->v->nstate; i++)
        if (!strcmp(key->text, r->v->state[i]))
            return i;
    char list[300] = "";
    size_t len = 0;
    for (int i = 0; i < r->v->nstate && len < sizeof list; i++)
        len += (size_t)snprintf(list + len, sizeof list - len, "%s%s",
                                i ? ", " : "", r->v->state[i]);
    sow_yfail(&r->c, key, "state '%.40s': variant %s keeps %s", key->text,
              r->v->id, r->v->nstate ? list : "no state");
    return -1;
}

/* The tokens of a moves or legal node; returns their count (pointers into
 * buf or the node), or -1 when out of memory. */
static int tokens_of(const sow_ynode *n, char **buf, char ***tok)
{
    *buf = NULL;
    *tok = NULL;
    if (n->type == SOW_Y_SEQ) {
        *tok = malloc(sizeof **tok * (size_t)(n->n + 1));
        if (!*tok)
            return -1;
        for (int i = 0; i < n->n; i++)
            (*tok)[i] = n->items[i]->text;
        return n->n;
    }
    size_t len = strlen(n->text);
    *buf = malloc(len + 1);
    *tok = malloc(sizeof **tok * (len / 2 + 2));
    if (!*buf || !*tok)
        return -1;
    memcpy(*buf, n->text, len + 1);
    int k = 0;
    char *save = NULL;
    for (char *t = strtok_r(*buf, " \t\n,", &save); t;
         t = strtok_r(NULL, " \t\n,", &save))
        (*tok)[k++] = t;
    if (k == 1 && !strcmp((*tok)[0], "none"))
        k = 0;
    return k;
}

static int apply_options(run *r, const sow_ynode *map, sow_optset *opts)
{
    for (int i = 0; map && i < map->n; i++) {
        const sow_ynode *k = map->items[2 * i], *val = map->items[2 * i + 1];
        char arg[300];
        snprintf(arg, sizeof arg, "%.100s=%.190s", k->text, val->text);
        sow_error e;
        if (sow_optset_apply(r->v, opts, arg, &e))
            return sow_yfail(&r->c,
                             sow_variant_option(r->v, k->text) < 0 ? k : val,
                             "%s", e.msg);
    }
    return SOW_OK;
}

static int set_start(run *r, const sow_ynode *st)
{
    const sow_setup *s = &r->k.setup;
    sow_game *g = &r->g;
    const sow_ynode *n;
    long v[SOW_MAX_HOLES];
    if ((n = get(st, "board"))) {
        if (n->n != s->holes)
            return sow_yfail(&r->c, n,
                             "board: %d counts, but the board has %d "
                             "holes (2 rows of %d)",
                             n->n, s->holes, s->n);
        read_list(n, v);
        g->on_board = 0;
        for (int h = 0; h < s->holes; h++) {
            g->board[h] = (uint16_t)v[h];
            g->on_board += (int32_t)v[h];
        }
    }
    if ((n = get(st, "owners"))) {
        if (n->n != s->holes)
            return sow_yfail(&r->c, n,
                             "owners: %d values, but the board has %d "
                             "holes",
                             n->n, s->holes);
        read_list(n, v);
        for (int h = 0; h < s->holes; h++)
            sow_game_set_owner(g, h, (int)v[h]);
    }
    if ((n = get(st, "captured"))) {
        read_list(n, v);
        g->captured[0] = (int32_t)v[0];
        g->captured[1] = (int32_t)v[1];
    }
    if ((n = get(st, "to_move")))
        g->to_move = (uint8_t)player_of(n);
    if ((n = get(st, "ply")))
        g->ply = (int32_t)sow_yint_of(n);
    if ((n = get(st, "since_capture")))
        g->since_capture = (int32_t)sow_yint_of(n);
    if ((n = get(st, "bearoff")))
        g->bearoff_on = n->text[0] == 't';
    if ((n = get(st, "phase"))) {
        int p;
        if (phase_of(r, n, &p))
            return SOW_ERR;
        g->phase = (uint8_t)p;
        g->played[0] = g->played[1] = 0;
    }
    if ((n = get(st, "played"))) {
        int k = read_list(n, v);
        for (int i = 0; i < k; i++) {
            if (v[i] >= s->holes)
                return sow_yfail(&r->c, n->items[i],
                                 "played: there is no hole "
                                 "%ld (holes are 0 to %d)",
                                 v[i], s->holes - 1);
            g->played[g->owner[v[i]]] |= (uint64_t)1 << v[i];
        }
    }
    if ((n = get(st, "state")))
        for (int i = 0; i < n->n; i++) {
            int k = state_index(r, n->items[2 * i]);
            if (k < 0)
                return SOW_ERR;
            g->state[k] = (int32_t)sow_yint_of(n->items[2 * i + 1]);
        }
    if ((n = get(st, "game")) || (n = get(st, "starter"))) {
        if (!s->match)
            return sow_yfail(&r->c, n,
                             "%s is for a game of a match; this case "
                             "plays a single game (add the option "
                             "match: true)",
                             get(st, "game") ? "game" : "starter");
        if ((n = get(st, "game")))
            r->m.game = (int)sow_yint_of(n);
        if ((n = get(st, "starter")))
            r->m.starter = player_of(n);
    }
    /* the seeds of the position fit (issue 13 #8), said at the line that
     * gives them; the engine checks again, without the line */
    sow_error e;
    if (sow_seeds_check(s, g, &e)) {
        const sow_ynode *at = get(st, "board") ? get(st, "board")
                              : get(st, "captured") ? get(st, "captured")
                                                    : st;
        return sow_yfail(&r->c, at, "start: %s", e.msg);
    }
    g->over = false;
    g->last_endless = false;
    g->last_move_hole = -1;
    g->endless_mask = 0;
    memset(&g->result, 0, sizeof g->result);
    g->result.winner = -1;
    return sow_engine_begin(&r->k.eng, g, r->c.err);
}

/* A game that ended: the next one of a match, until one is being played
 * or the match is over. */
static int next_game(run *r)
{
    while (r->g.over && !r->done) {
        if (!r->k.setup.match) {
            r->done = true;
            break;
        }
        if (sow_match_next(&r->k.eng, &r->m, &r->g, r->c.err))
            return SOW_ERR;
        r->done = r->m.over;
    }
    return SOW_OK;
}

/* Play the moves. A move that fails stops them: with an expected error
 * on the last token it is compared, else it is a difference. */
static int play_moves(run *r, const sow_ynode *moves, const sow_ynode *error)
{
    char *buf = NULL, **tok = NULL;
    int nt = moves ? tokens_of(moves, &buf, &tok) : 0;
    if (nt < 0) {
        free(buf);
        free(tok);
        return sow_error_set(r->c.err, NULL, 0, 0, "out of memory");
    }
    int rc = SOW_OK;
    bool failed = false;
    for (int i = 0; i < nt && !failed; i++) {
        sow_error e;
        sow_move mv;
        char msg[SOW_MSG_MAX + 64] = "";
        if (r->done)
            snprintf(msg, sizeof msg, "ply %d: the %s is already over; no "
                                      "move can follow",
                     r->g.ply, r->k.setup.match ? "match" : "game");
        else if (sow_move_parse(&r->k.setup, tok[i], &mv, &e))
            snprintf(msg, sizeof msg, "ply %d: %s", r->g.ply, e.msg);
        else if (sow_engine_play(&r->k.eng, &r->g, mv, &e))
            snprintf(msg, sizeof msg, "%s", e.msg);
        if (msg[0]) {
            failed = true;
            const sow_ynode *at = moves->type == SOW_Y_SEQ ? moves->items[i]
                                                           : moves;
            if (error && i == nt - 1) {
                expect_text(r, "error", error, msg);
            } else {
                char what[200];
                snprintf(what, sizeof what, "token %d ('%.40s') played", i + 1,
                         tok[i]);
                add_diff(r, "moves", at, what, msg,
                         error ? "the error is expected of the last token "
                                 "only"
                               : NULL);
            }
            break;
        }
        r->out->plies++;
        if ((rc = next_game(r)))
            break;
    }
    if (!rc && !failed && error)
        add_diff(r, "error", error, error->text,
                 "no error: every move was played", NULL);
    free(buf);
    free(tok);
    return rc;
}

static void expect_result(run *r, const sow_ynode *ex)
{
    const sow_game *g = &r->g;
    char why[160];
    if (!g->over) {
        add_diff(r, "result", ex, "the game is over", "the game goes on",
                 NULL);
        return;
    }
    const sow_ynode *n;
    if ((n = get(ex, "winner")))
        expect_player(r, "result.winner", n, g->result.winner);
    if ((n = get(ex, "reason")))
        expect_text(r, "result.reason", n,
                    sow_result_text(&r->k.setup, g, why, sizeof why));
    if ((n = get(ex, "unfinished")))
        expect_bool(r, "result.unfinished", n, g->result.unfinished);
    if ((n = get(ex, "score"))) {
        bool want_none = is_scalar(n);
        if (want_none != !g->result.has_score || !want_none) {
            long got[2] = {g->result.score[0], g->result.score[1]};
            if (!g->result.has_score)
                add_diff(r, "result.score", n, "a score", "null (no score)",
                         NULL);
            else if (want_none)
                add_diff(r, "result.score", n, "null (no score)", "a score",
                         NULL);
            else
                expect_list(r, "result.score", n, got, 2, "player");
        }
    }
}

static void expect_match(run *r, const sow_ynode *ex)
{
    if (!r->k.setup.match) {
        add_diff(r, "match", ex, "a match", "a single game (the option "
                                            "match is false)",
                 NULL);
        return;
    }
    if (!r->done) {
        add_diff(r, "match", ex, "the match is over", "the match goes on",
                 NULL);
        return;
    }
    const sow_match *m = &r->m;
    const sow_ynode *n;
    if ((n = get(ex, "winner")))
        expect_player(r, "match.winner", n, m->winner);
    if ((n = get(ex, "reason")))
        expect_text(r, "match.reason", n, m->reason);
    if ((n = get(ex, "unfinished")))
        expect_bool(r, "match.unfinished", n, m->unfinished);
    if ((n = get(ex, "games")))
        expect_int(r, "match.games", n, m->game);
    if ((n = get(ex, "holes"))) {
        long got[2] = {m->holes[0], m->holes[1]};
        expect_list(r, "match.holes", n, got, 2, "player");
    }
}

static int expect_legal(run *r, const sow_ynode *n)
{
    char *buf, **tok;
    int nt = tokens_of(n, &buf, &tok);
    int rc = SOW_OK;
    if (nt < 0) {
        rc = sow_error_set(r->c.err, NULL, 0, 0, "out of memory");
        goto out;
    }
    uint16_t want[SOW_MAX_LEGAL];
    int nw = 0;
    for (int i = 0; i < nt; i++) {
        sow_move mv;
        sow_error e;
        const sow_ynode *at = n->type == SOW_Y_SEQ ? n->items[i] : n;
        if (sow_move_parse(&r->k.setup, tok[i], &mv, &e)) {
            rc = sow_yfail(&r->c, at, "legal: %s", e.msg);
            goto out;
        }
        if (nw >= SOW_MAX_LEGAL) {
            rc = sow_yfail(&r->c, at, "legal: more than %d moves",
                           SOW_MAX_LEGAL);
            goto out;
        }
        /* ascending, as the engine lists them */
        int j = nw++;
        while (j > 0 && want[j - 1] > mv) {
            want[j] = want[j - 1];
            j--;
        }
        want[j] = (uint16_t)mv;
    }
    const sow_game *g = &r->g;
    int ngot = g->over ? 0 : g->nlegal;
    bool same = nw == ngot;
    for (int i = 0; same && i < nw; i++)
        same = want[i] == g->legal[i];
    if (!same) {
        char e[SOW_SCN_TEXT], got[SOW_SCN_TEXT], note[SOW_SCN_TEXT] = "";
        size_t le = 0, lg = 0, ln = 0;
        e[0] = got[0] = 0;
        for (int i = 0; i < nw; i++) {
            char t[64];
            sow_move_format(t, sizeof t, &r->k.setup, want[i]);
            le += (size_t)snprintf(e + le, sizeof e - le, "%s%s",
                                   i ? " " : "", t);
            if (le >= sizeof e)
                break;
            if (!sow_game_is_legal(g, want[i]) || g->over)
                ln += (size_t)snprintf(note + ln, sizeof note - ln,
                                       "%s%s", ln ? " " : "not legal: ", t);
            if (ln >= sizeof note)
                break;
        }
        bool extra = false;
        for (int i = 0; i < ngot; i++) {
            char t[64];
            sow_move_format(t, sizeof t, &r->k.setup, g->legal[i]);
            lg += (size_t)snprintf(got + lg, sizeof got - lg, "%s%s",
                                   i ? " " : "", t);
            if (lg >= sizeof got)
                break;
            bool wanted = false;
            for (int j = 0; j < nw && !wanted; j++)
                wanted = want[j] == g->legal[i];
            if (!wanted && ln < sizeof note) {
                ln += (size_t)snprintf(note + ln, sizeof note - ln, "%s%s",
                                       extra ? " "
                                       : ln  ? "; also legal: "
                                             : "also legal: ",
                                       t);
                extra = true;
            }
        }
        add_diff(r, "legal", n, nw ? e : "(none)", ngot ? got : "(none)",
                 note);
    }
out:
    free(buf);
    free(tok);
    return rc;
}

static int check_expect_run(run *r, const sow_ynode *ex)
{
    const sow_setup *s = &r->k.setup;
    const sow_game *g = &r->g;
    const sow_ynode *n;
    long v[SOW_MAX_HOLES];
    if ((n = get(ex, "board"))) {
        for (int h = 0; h < s->holes; h++)
            v[h] = g->board[h];
        expect_list(r, "board", n, v, s->holes, "hole");
    }
    if ((n = get(ex, "owners"))) {
        for (int h = 0; h < s->holes; h++)
            v[h] = g->owner[h];
        expect_list(r, "owners", n, v, s->holes, "hole");
    }
    if ((n = get(ex, "captured"))) {
        v[0] = g->captured[0];
        v[1] = g->captured[1];
        expect_list(r, "captured", n, v, 2, "player");
    }
    if ((n = get(ex, "endless"))) {
        int k = 0;
        for (int h = 0; h < s->holes && !g->over; h++)
            if ((g->endless_mask >> h) & 1)
                v[k++] = h;
        expect_list(r, "endless", n, v, k, "entry");
    }
    if ((n = get(ex, "to_move")))
        expect_player(r, "to_move", n, g->to_move);
    if ((n = get(ex, "legal")) && expect_legal(r, n))
        return SOW_ERR;
    if ((n = get(ex, "over")))
        expect_bool(r, "over", n, r->done);
    if ((n = get(ex, "ply")))
        expect_int(r, "ply", n, g->ply);
    if ((n = get(ex, "game")))
        expect_int(r, "game", n, r->m.game);
    if ((n = get(ex, "phase"))) {
        int p;
        if (phase_of(r, n, &p))
            return SOW_ERR;
        if (p != g->phase) {
            char e[64], got[64];
            phase_name(r, p, e, sizeof e);
            phase_name(r, g->phase, got, sizeof got);
            add_diff(r, "phase", n, e, got, NULL);
        }
    }
    if ((n = get(ex, "state")))
        for (int i = 0; i < n->n; i++) {
            int k = state_index(r, n->items[2 * i]);
            if (k < 0)
                return SOW_ERR;
            char field[48];
            snprintf(field, sizeof field, "state.%s", r->v->state[k]);
            expect_int(r, field, n->items[2 * i + 1], g->state[k]);
        }
    if ((n = get(ex, "result")))
        expect_result(r, n);
    if ((n = get(ex, "match")))
        expect_match(r, n);
    return SOW_OK;
}

int sow_scenario_run(const sow_scenario_file *f, int k, const sow_variant *v,
                     const sow_budget *budget, sow_scenario_outcome *out,
                     sow_error *err)
{
    memset(out, 0, sizeof *out);
    out->passed = true;
    run *r = calloc(1, sizeof *r);
    if (!r)
        return sow_error_set(err, NULL, 0, 0, "out of memory");
    r->c.path = f->path;
    r->c.err = err;
    r->v = v;
    r->out = out;
    const sow_ynode *cs = f->cases[k], *n;
    int rc = SOW_ERR;
    sow_optset_defaults(v, &out->opts);
    if (apply_options(r, f->options, &out->opts) ||
        apply_options(r, get(cs, "options"), &out->opts))
        goto out;
    sow_error e;
    if (sow_kit_start(&r->k, v, &out->opts, budget, &e)) {
        if (r->k.failed_at == SOW_KIT_OPTIONS ||
            r->k.failed_at == SOW_KIT_SETUP) {
            /* options that do not fit: the case's options are at fault */
            n = get(cs, "options") ? get(cs, "options") : cs;
            sow_yfail(&r->c, n, "%s", e.msg);
        } else {
            *err = e;
        }
        goto out;
    }
    if (sow_match_start(&r->k.eng, &r->m, &r->g, err))
        goto out;
    if ((n = get(cs, "start")) && set_start(r, n))
        goto out;
    if (next_game(r))
        goto out;
    const sow_ynode *ex = get(cs, "expect");
    if (play_moves(r, get(cs, "moves"), get(ex, "error")))
        goto out;
    /* after an unexpected failure the rest says nothing more */
    if (out->passed || get(ex, "error"))
        if (check_expect_run(r, ex))
            goto out;
    rc = SOW_OK;
out:
    if (rc)
        one_line(err->msg);
    sow_kit_close(&r->k);
    free(r);
    return rc;
}
