/* sow_scenario.c - scenario files: reading one and checking its shape,
 * and what a file says of itself (see sow_scenario.h); its cases are run
 * by sow_scenario_run.c. */
#include "sow_scenario.h"
#include "sow_scenario_file.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sow_file.h"
#include "sow_game.h"

/* ---- reading scalars ------------------------------------------------------- */

typedef sow_scn_ctx ctx;

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

/* The player of a node get_player accepted (sow_scenario_file.h). */
int sow_scn_player_of(const sow_ynode *n)
{
    for (int i = 0; player_words[i]; i++)
        if (!strcmp(n->text, player_words[i]))
            return player_at(i);
    return -1;
}

/* A field of a mapping and how its value is checked. */
typedef enum {
    F_COUNTS,   /* a list of seed counts (a board) */
    F_PLAYERS,  /* a list of players (owners) */
    F_CLAIMS,   /* a list of claimants: -1 (none), 0, 1 (C1.4) */
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
    {"claimed", F_CLAIMS, 0, 0},
    {"to_move", F_PLAYER, 0, 0},
    {"ply", F_INT, 0, 1000000},
    {"phase", F_PHASE, 0, 0},
    {"captured", F_PAIR, 0, 0},
    {"hand", F_PAIR, 0, 0},
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
    {"claimed", F_CLAIMS, 0, 0},
    {"captured", F_PAIR, 0, 0},
    {"hand", F_PAIR, 0, 0},
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
    if (scn_is_scalar(n))
        return SOW_OK;
    if (!n || n->type != SOW_Y_SEQ)
        return sow_yfail(c, n,
                         "%s takes move tokens: a text \"2 8 buy:7\" or a "
                         "list [2, 8, \"buy:7\"]",
                         what);
    for (int i = 0; i < n->n; i++)
        if (!scn_is_scalar(n->items[i]) || !n->items[i]->text[0])
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
        if (!scn_is_scalar(n->items[2 * i + 1]))
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
    case F_CLAIMS: return check_int_list(c, n, f->key, -1, 1, false);
    case F_HOLES:
        return check_int_list(c, n, f->key, 0, SOW_MAX_HOLES - 1, false);
    case F_SCORE:
        if (scn_is_scalar(n) && n->plain && !strcmp(n->text, "null"))
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
        const sow_ynode *n = scn_get(map, fields[i].key);
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
    const sow_ynode *n = scn_get(cs, "name");
    const char *t;
    if (!n)
        return sow_yfail(c, cs, "%s has no name: give each case a name: line",
                         what);
    if (sow_yline(c, n, "name", &t))
        return SOW_ERR;
    if ((n = scn_get(cs, "rules"))) {
        if (n->type != SOW_Y_SEQ)
            return sow_yfail(c, n,
                             "rules takes a list of rule ids, e.g. [K1.5, "
                             "C0.4]");
        if (n->n > SOW_SCN_MAX_RULES)
            return sow_yfail(c, n, "rules: at most %d ids a case",
                             SOW_SCN_MAX_RULES);
        for (int i = 0; i < n->n; i++)
            if (!scn_is_scalar(n->items[i]) || !rule_id_ok(n->items[i]->text))
                return sow_yfail(c, n->items[i],
                                 "rules: '%.40s' is not a rule id (such as "
                                 "K1.5, B.4, P7)",
                                 scn_is_scalar(n->items[i]) ? n->items[i]->text
                                                        : "a list or mapping");
    }
    if ((n = scn_get(cs, "options")) && check_options(c, n, "options"))
        return SOW_ERR;
    if ((n = scn_get(cs, "start")) &&
        check_fields(c, n, "start", start_fields, false))
        return SOW_ERR;
    if ((n = scn_get(cs, "moves")) && check_tokens(c, n, "moves"))
        return SOW_ERR;
    if (!(n = scn_get(cs, "expect")))
        return sow_yfail(c, cs,
                         "scenario '%.60s' has no expect: say what it "
                         "must give",
                         scn_get(cs, "name")->text);
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
    if (!(f->variant = scn_get(root, "variant")))
        return sow_yfail(&c, root,
                         "no variant: name the variant (its id, as sow list "
                         "shows it, or a path relative to this file)");
    if (sow_yline(&c, f->variant, "variant", &t) ||
        check_variant_path(&c, f->variant))
        return SOW_ERR;
    if ((f->options = scn_get(root, "options")) &&
        check_options(&c, f->options, "options"))
        return SOW_ERR;
    const sow_ynode *sc = scn_get(root, "scenarios");
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
        const sow_ynode *name = scn_get(sc->items[k], "name");
        for (int j = 0; j < k; j++)
            if (!strcmp(scn_get(f->cases[j], "name")->text, name->text))
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
    size_t need = strlen(t) + (t[0] == '/' ? 0 : strlen(f->dir) + 1);
    if (need >= size) /* cut, it would name another file (issue 23) */
        return sow_error_set(err, f->path, line, col,
                             "variant '%.60s...': its path is too long (%zu "
                             "bytes; at most %zu)",
                             t, need, size - 1);
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
    return scn_get(f->cases[k], "name")->text;
}

int sow_scenario_rules(const sow_scenario_file *f, int k, const char **ids,
                       int max)
{
    const sow_ynode *r = scn_get(f->cases[k], "rules");
    int n = 0;
    for (int i = 0; r && i < r->n && n < max; i++)
        ids[n++] = r->items[i]->text;
    return n;
}
