/* test_scenario_once.c - sow test opens a variant's script once per option
 * set of a scenario file, not once per case (issue 23), and each case
 * still starts as it would alone. No clock is read: what is counted is
 * how often a script was opened.
 *
 * - test_opens_once: the 80 cases of tests/variants/scenarios/
 *   slow_start.yaml, whose script's top level loops about 40 ms, run with
 *   one script cache as sow test runs them: every case passes (one of
 *   them only if the cases share the script), and the cache opened 3
 *   scripts, one per option set of the file, where each case opened its
 *   own before (80).
 * - test_cases_independent: each case of that file and of every shipped
 *   scenario file (variants/scenarios/: other option sets in between,
 *   matches ended mid-way, errors expected) gives the same outcome, field
 *   by field and error by error, run alone (a script of its own), after
 *   the cases before it and after the cases after it. The exception is
 *   the two cases of slow_start.yaml that read what a case may carry over,
 *   what a hook wrote into a table: they are checked to differ as the
 *   docs say, in each order. That file has a case whose hook trips the
 *   memory limit, so the case after it runs on the rebuilt state.
 * - test_reset_globals: sow_lua_reset puts back every global name a hook
 *   set, defined or removed, empties nothing else the script holds (a
 *   table's contents stay: the documented limit), and the hooks still
 *   answer. */
#include "unit.h"

#include "sow_file.h"
#include "sow_kit.h"
#include "sow_lua.h"
#include "sow_scenario.h"

#define SLOW "tests/variants/slow_start.yaml"
#define SLOW_CASES "tests/variants/scenarios/slow_start.yaml"
/* the two cases of SLOW_CASES that read what carries over */
#define COUNTS "a game of one move; each count saw that move"
#define CARRIES "what a hook wrote into a table carries over"

static sow_variant *variant(const char *path)
{
    sow_variant *v = NULL;
    sow_error err;
    if (sow_variant_load(path, &v, &err))
        fail_msg("%s:%d:%d: %s", err.path, err.line, err.col, err.msg);
    return v;
}

/* A scenario file read from disk, with `extra` (a top-level line, or "")
 * added at its end. */
static sow_scenario_file *scenarios(const char *path, const char *extra)
{
    char *text;
    size_t len;
    sow_error err;
    if (sow_file_read(path, 1 << 20, "a scenario file", &text, &len, &err))
        fail_msg("%s: %s", path, err.msg);
    size_t el = strlen(extra);
    char *all = malloc(len + el + 1);
    assert_non_null(all);
    memcpy(all, text, len);
    memcpy(all + len, extra, el + 1);
    free(text);
    sow_scenario_file *f = NULL;
    if (sow_scenario_load_text(path, all, len + el, &f, &err))
        fail_msg("%s:%d:%d: %s", err.path, err.line, err.col, err.msg);
    free(all);
    return f;
}

/* What running a case gave. */
typedef struct result {
    int rc;
    sow_scenario_outcome out;
    sow_error err;
} result;

static void run(const sow_scenario_file *f, int k, const sow_variant *v,
                sow_kit_scripts *c, result *r)
{
    memset(r, 0, sizeof *r);
    sow_error_clear(&r->err);
    r->rc = sow_scenario_run_cached(f, k, v, NULL, c, &r->out, &r->err);
}

/* "" when a and b are the same outcome, else the first difference. */
static void differ(const result *a, const result *b, char *why, size_t size)
{
    const sow_scenario_outcome *x = &a->out, *y = &b->out;
    why[0] = 0;
    if (a->rc != b->rc)
        snprintf(why, size, "status %d against %d", a->rc, b->rc);
    else if (a->rc && (strcmp(a->err.msg, b->err.msg) ||
                       a->err.line != b->err.line || a->err.col != b->err.col))
        snprintf(why, size, "error '%s' against '%s'", a->err.msg,
                 b->err.msg);
    else if (a->rc)
        return;
    else if (x->passed != y->passed || x->ndiffs != y->ndiffs ||
             x->nmore != y->nmore || x->plies != y->plies)
        snprintf(why, size, "passed %d, %d diffs, %d plies against %d, %d, %d",
                 x->passed, x->ndiffs, x->plies, y->passed, y->ndiffs,
                 y->plies);
    for (int i = 0; !why[0] && !a->rc && i < x->ndiffs; i++) {
        const sow_scenario_diff *d = &x->diffs[i], *e = &y->diffs[i];
        if (strcmp(d->field, e->field) || d->line != e->line ||
            strcmp(d->expected, e->expected) || strcmp(d->got, e->got) ||
            strcmp(d->note, e->note))
            snprintf(why, size, "%s: got %s against %s", d->field, d->got,
                     e->got);
    }
    for (int i = 0; !why[0] && !a->rc && i < x->opts.n; i++)
        if (x->opts.val[i].index != y->opts.val[i].index ||
            x->opts.val[i].num != y->opts.val[i].num)
            snprintf(why, size, "option %d differs", i);
}

static void test_opens_once(void **state)
{
    (void)state;
    sow_variant *v = variant(SLOW);
    /* the default top level (about 40 ms) unless valgrind or a sanitizer
     * slows Lua down past the 0.5 s a call may take */
    char extra[64];
    snprintf(extra, sizeof extra, "options: {work: %ld}\n",
             (long)(3000000 / unit_slow_factor()));
    sow_scenario_file *f = scenarios(SLOW_CASES, extra);
    int n = sow_scenario_count(f);
    assert_int_equal(n, 80);
    sow_kit_scripts *c = sow_kit_scripts_new();
    assert_non_null(c);
    for (int k = 0; k < n; k++) {
        result r;
        run(f, k, v, c, &r);
        if (r.rc || !r.out.passed)
            fail_msg("case '%s': %s%s", sow_scenario_name(f, k, NULL, NULL),
                     r.rc ? r.err.msg : "failed: ",
                     r.rc ? "" : r.out.diffs[0].field);
    }
    /* the defaults, skip_origin (with work), max_plies 1 */
    assert_int_equal(sow_kit_scripts_opened(c), 3);
    sow_kit_scripts_free(c);
    sow_scenario_free(f);
    sow_variant_free(v);
}

/* The outcomes of every case of a file run alone, in order and in
 * reverse order. */
typedef struct runs {
    int n;
    result *alone, *fwd, *back;
} runs;

static void run_all(const sow_scenario_file *f, const sow_variant *v,
                    runs *r)
{
    int n = r->n = sow_scenario_count(f);
    r->alone = calloc((size_t)n, sizeof *r->alone);
    r->fwd = calloc((size_t)n, sizeof *r->fwd);
    r->back = calloc((size_t)n, sizeof *r->back);
    assert_true(r->alone && r->fwd && r->back);
    sow_kit_scripts *c = sow_kit_scripts_new();
    assert_non_null(c);
    for (int k = 0; k < n; k++) {
        run(f, k, v, NULL, &r->alone[k]);
        run(f, k, v, c, &r->fwd[k]);
    }
    sow_kit_scripts_free(c);
    c = sow_kit_scripts_new();
    assert_non_null(c);
    for (int k = n - 1; k >= 0; k--)
        run(f, k, v, c, &r->back[k]);
    sow_kit_scripts_free(c);
}

static void free_runs(runs *r)
{
    free(r->alone);
    free(r->fwd);
    free(r->back);
}

/* The three outcomes of each case agree, but for the cases named in skip
 * (NULL-terminated). */
static void agree(const sow_scenario_file *f, const runs *r,
                  const char *const *skip)
{
    for (int k = 0; k < r->n; k++) {
        const char *name = sow_scenario_name(f, k, NULL, NULL);
        bool skipped = false;
        for (int i = 0; skip[i]; i++)
            skipped |= !strcmp(name, skip[i]);
        if (skipped)
            continue;
        char why[2 * SOW_SCN_TEXT + 64];
        differ(&r->alone[k], &r->fwd[k], why, sizeof why);
        if (why[0])
            fail_msg("%s, '%s': alone against in order: %s",
                     sow_scenario_path(f), name, why);
        differ(&r->alone[k], &r->back[k], why, sizeof why);
        if (why[0])
            fail_msg("%s, '%s': alone against in reverse: %s",
                     sow_scenario_path(f), name, why);
    }
}

/* Case k's score difference: "" when it passed, else what it got. */
static const char *score_got(const result *r)
{
    assert_int_equal(r->rc, SOW_OK);
    if (r->out.passed)
        return "";
    assert_string_equal(r->out.diffs[0].field, "result.score");
    return r->out.diffs[0].got;
}

static int case_named(const sow_scenario_file *f, const char *name)
{
    for (int k = 0; k < sow_scenario_count(f); k++)
        if (!strcmp(sow_scenario_name(f, k, NULL, NULL), name))
            return k;
    fail_msg("no case '%s'", name);
    return -1;
}

static void test_cases_independent(void **state)
{
    (void)state;
    sow_variant *v = variant(SLOW);
    /* a short top level: 240 opens of the script */
    sow_scenario_file *f = scenarios(SLOW_CASES, "options: {work: 1000}\n");
    runs r;
    run_all(f, v, &r);
    /* the two cases that read the table a hook writes into, which is
     * what a case may carry into the next (docs/testing.md): the first
     * expects [1, 1], the second [1, 2] */
    const char *const table[] = {COUNTS, CARRIES, NULL};
    agree(f, &r, table);
    int a = case_named(f, COUNTS), b = case_named(f, CARRIES);
    assert_string_equal(score_got(&r.alone[a]), "");
    assert_string_equal(score_got(&r.alone[b]), "[1, 1]");
    assert_string_equal(score_got(&r.fwd[a]), "");
    assert_string_equal(score_got(&r.fwd[b]), "");
    assert_string_equal(score_got(&r.back[b]), "[1, 1]");
    assert_string_equal(score_got(&r.back[a]), "[1, 2]");
    free_runs(&r);
    sow_scenario_free(f);
    sow_variant_free(v);
    /* the shipped files: variants/scenarios/NAME.yaml is the scenario
     * file of variants/NAME.yaml */
    DIR *d = opendir("variants/scenarios");
    assert_non_null(d);
    int files = 0;
    struct dirent *e;
    const char *const none[] = {NULL};
    while ((e = readdir(d))) {
        size_t len = strlen(e->d_name);
        if (len < 6 || strcmp(e->d_name + len - 5, ".yaml"))
            continue;
        char sp[512], vp[512];
        snprintf(sp, sizeof sp, "variants/scenarios/%s", e->d_name);
        snprintf(vp, sizeof vp, "variants/%s", e->d_name);
        v = variant(vp);
        f = scenarios(sp, "");
        run_all(f, v, &r);
        agree(f, &r, none);
        free_runs(&r);
        sow_scenario_free(f);
        sow_variant_free(v);
        files++;
    }
    closedir(d);
    assert_true(files >= 20);
}

static void test_reset_globals(void **state)
{
    (void)state;
    sow_variant *v = variant(SLOW);
    sow_optset o;
    sow_optset_defaults(v, &o);
    sow_error err;
    assert_int_equal(sow_optset_apply(v, &o, "work=10", &err), SOW_OK);
    sow_lua *x;
    if (sow_lua_open(&x, v, &o, &err))
        fail_msg("%s", err.msg);
    char out[256];
    const char *probe =
        "return string.format('%s %s %s %s %s %s', tostring(moves_seen), "
        "tostring(spin), tostring(added), type(count_moves), "
        "tostring(seen.n), type(math.floor))";
    assert_int_equal(sow_lua_eval(x, probe, out, sizeof out, &err), SOW_OK);
    assert_string_equal(out, "0 6 nil function 0 function");
    /* as a hook could: set a name, remove one, add one, replace a hook's
     * function, write into a table */
    assert_int_equal(sow_lua_eval(x,
                                  "moves_seen = 9; spin = nil; added = 1; "
                                  "count_moves = 5; seen.n = 4",
                                  out, sizeof out, &err),
                     SOW_OK);
    assert_int_equal(sow_lua_reset(x, &err), SOW_OK);
    assert_int_equal(sow_lua_eval(x, probe, out, sizeof out, &err), SOW_OK);
    /* the names as the top level left them; the table's contents kept */
    assert_string_equal(out, "0 6 nil function 4 function");
    sow_lua_close(x);
    sow_variant_free(v);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_opens_once),
        cmocka_unit_test(test_cases_independent),
        cmocka_unit_test(test_reset_globals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
