/* lua_fixture.h - the test variant, its scripts and the helpers that
 * tests/unit/test_lua.c (the sandbox and its limits) and test_lua_hooks.c
 * (hook errors, returns and views) share. Included by each of the two
 * (each builds its own copy). */
#ifndef LUA_FIXTURE_H
#define LUA_FIXTURE_H
#define UNUSED __attribute__((unused))
#include "unit.h"

#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>

#include <signal.h>
#include <sys/wait.h>

#include "sow_budget.h"
#include "sow_game.h"
#include "sow_lua.h"
#include "sow_variant.h"

static char *tdir;
static char yaml_path[512];   /* the test variant: hooks cap and sc */
static char plain_path[512];  /* the same without hooks */
static char script_path[512]; /* the path the scripts are given under */
static sow_variant *var, *plain;
static sow_optset opts, plain_opts;
static sow_setup setup;

/* Line 13 names the lap_end hook (column 12), line 14 the score hook. */
static UNUSED const char *const VARIANT =
    "id: sandbox\n"
    "name: Sandbox\n"
    "summary: s\n"
    "script: s.lua\n"
    "board:\n"
    "  holes: 6\n"
    "  seeds: 4\n"
    "sowing:\n"
    "  lap_end:\n"
    "    - when: {owner: opponent}\n"
    "      do: hook\n"
    "hooks:\n"
    "  lap_end: cap\n"
    "  score: sc\n"
    "options:\n"
    "  flag: {type: bool, default: true, doc: d}\n"
    "  depth: {type: int, min: 1, max: 9, default: 3, doc: d}\n"
    "  mode: {type: enum, values: [a, \"b:K\"], default: \"b:4\", doc: d}\n";

static UNUSED const char *const PLAIN =
    "id: plain\nname: P\nsummary: s\nscript: p.lua\n"
    "board:\n  holes: 6\n  seeds: 4\nsowing:\n  laps: single\n";

/* A script that defines exactly the two hooks. */
static UNUSED const char *const OK_SCRIPT = "function cap(g, h, c)\n"
                                     "  return {h}\n"
                                     "end\n"
                                     "function sc(g)\n"
                                     "  return 1, 2\n"
                                     "end\n";

static UNUSED int group_setup(void **state)
{
    (void)state;
    tdir = unit_mkdtemp();
    if (!tdir)
        return -1;
    sow_error err;
    unit_write(yaml_path, sizeof yaml_path, tdir, "s.yaml", VARIANT);
    unit_write(plain_path, sizeof plain_path, tdir, "p.yaml", PLAIN);
    unit_path(script_path, sizeof script_path, tdir, "s.lua");
    if (sow_variant_load(yaml_path, &var, &err) ||
        sow_variant_load(plain_path, &plain, &err))
        return -1;
    sow_optset_defaults(var, &opts);
    sow_optset_defaults(plain, &plain_opts);
    return sow_setup_init(&setup, var, &opts, &err) ? -1 : 0;
}

static UNUSED int group_teardown(void **state)
{
    (void)state;
    sow_variant_free(var);
    sow_variant_free(plain);
    unit_rmdir(tdir);
    tdir = NULL;
    return 0;
}

/* A bridge on the test variant with the given script text. */
static UNUSED sow_lua *open_script(const char *text)
{
    sow_lua *x = NULL;
    sow_error err;
    sow_error_clear(&err);
    if (sow_lua_open_text(&x, var, &opts, script_path, text, strlen(text),
                          &err))
        fail_msg("%s:%d: %s", err.path, err.line, err.msg);
    return x;
}

/* The script must be refused when opened; returns the error. len SIZE_MAX:
 * text is a C string. */
static UNUSED sow_error open_fails(const char *text, size_t len)
{
    sow_lua *x = (sow_lua *)1;
    sow_error err;
    sow_error_clear(&err);
    if (len == SIZE_MAX)
        len = strlen(text);
    assert_int_equal(sow_lua_open_text(&x, var, &opts, script_path, text, len,
                                       &err),
                     SOW_ERR);
    assert_null(x);
    return err;
}

static UNUSED int eval(sow_lua *x, const char *code, char *out, size_t size,
                sow_error *err)
{
    sow_error_clear(err);
    return sow_lua_eval(x, code, out, size, err);
}

/* Evaluate code that must succeed and return the string want. */
static UNUSED void eval_is(sow_lua *x, const char *code, const char *want)
{
    char out[1024];
    sow_error err;
    if (eval(x, code, out, sizeof out, &err))
        fail_msg("eval failed: %s:%d: %s", err.path, err.line, err.msg);
    assert_string_equal(out, want);
}

/* A game on the test setup, South to move, ply 7, for calling hooks. */
static UNUSED void some_game(sow_game *g)
{
    memset(g, 0, sizeof *g);
    for (int h = 0; h < 12; h++) {
        g->board[h] = 4;
        sow_game_set_owner(g, h, h < 6 ? 0 : 1);
    }
    g->board[5] = 0;
    g->board[9] = 5;
    g->board[2] = 0;
    g->on_board = 45;
    g->captured[0] = 2;
    g->captured[1] = 1;
    g->ply = 7;
}

static UNUSED int call_lap_end(sow_lua *x, int hole, int count, sow_lap_decision *d,
                        sow_error *err)
{
    sow_rules r = sow_lua_rules(x);
    sow_game g;
    some_game(&g);
    memset(d, 0, sizeof *d);
    sow_error_clear(err);
    return r.lap_end(r.ctx, &setup, &g, NULL, &(sow_at){hole, count, 1, 0, -1, 0}, d,
                     err);
}

static UNUSED int call_score(sow_lua *x, int32_t out[2], sow_error *err)
{
    sow_rules r = sow_lua_rules(x);
    sow_game g;
    some_game(&g);
    sow_error_clear(err);
    return r.score(r.ctx, &setup, &g, out, err);
}

/* Close the bridge, then fail: a failing test leaks nothing. */
#define fail_closing(x, ...)                                                 \
    do {                                                                     \
        sow_lua_close(x);                                                    \
        fail_msg(__VA_ARGS__);                                               \
    } while (0)

static UNUSED double limit_seconds(void)
{
    return 1.0 * unit_slow_factor();
}

/* What an endless loop is stopped by: the instruction budget, unless the
 * build is so slow (valgrind, sanitizers) that the time budget comes
 * first. */
static UNUSED const char *insn_limit_text(void)
{
    return unit_slow_factor() > 1 ? "limit reached" : "instruction limit";
}

/* The same for memory bombs (every limit message says "too much memory",
 * so the test looks for "memory limit"). */
static UNUSED const char *mem_limit_text(void)
{
    return unit_slow_factor() > 1 ? "limit reached" : "memory limit";
}

/* Run fn in a child process: a crash (a signal, such as the abort of an
 * unprotected Lua error) fails the test instead of killing the run. The
 * child's exit status is returned (fn returns it). */
static UNUSED int in_child(int (*fn)(void))
{
    fflush(NULL);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0)
        _exit(fn());
    int status = 0;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    if (WIFSIGNALED(status))
        fail_msg("the child process crashed with signal %d%s",
                 WTERMSIG(status),
                 WTERMSIG(status) == SIGABRT ? " (abort: an unprotected Lua "
                                               "error panics)"
                                             : "");
    assert_true(WIFEXITED(status));
    return WEXITSTATUS(status);
}

/* ---- globals ------------------------------------------------------------ */

static UNUSED int cmp_str(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* The allowed globals plus `extra`, sorted, space-separated. */
static UNUSED void expected_globals(char *buf, size_t size, const char *const *extra)
{
    const char *names[64];
    int n = 0;
    for (int i = 0; sow_lua_allowed_globals[i]; i++)
        names[n++] = sow_lua_allowed_globals[i];
    for (int i = 0; extra && extra[i]; i++)
        names[n++] = extra[i];
    qsort(names, (size_t)n, sizeof *names, cmp_str);
    buf[0] = 0;
    for (int i = 0; i < n; i++) {
        if (i)
            strncat(buf, " ", size - strlen(buf) - 1);
        strncat(buf, names[i], size - strlen(buf) - 1);
    }
}


#endif
