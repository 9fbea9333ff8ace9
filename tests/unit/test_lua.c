/* test_lua.c - the Lua sandbox (engine/lua/sow_sandbox.c and
 * sow_sandbox_limits.c, docs/hostile-input.md "The sandbox"): the exact
 * globals, what is removed, the library functions held to the limits,
 * source only, the instruction, memory and time limits (also under
 * pcall) and recovery after them, no math.random (rules are
 * deterministic) and no files.
 * Hook errors, returns and views are in test_lua_hooks.c; the fixture in
 * lua_fixture.h. */
#include "lua_fixture.h"

static void test_allowed_list(void **state)
{
    (void)state;
    /* the published list is what docs/hostile-input.md (The sandbox) allows,
     * nothing more */
    const char *want[] = {"_G",       "_VERSION", "assert",   "error",
                          "ipairs",   "math",     "next",     "options",
                          "pairs",    "pcall",    "rawequal", "rawget",
                          "rawlen",   "select",   "string",   "table",
                          "tonumber", "tostring", "type",     "utf8",
                          "xpcall",   NULL};
    int n = 0;
    for (; sow_lua_allowed_globals[n]; n++) {
        assert_non_null(want[n]);
        assert_string_equal(sow_lua_allowed_globals[n], want[n]);
    }
    assert_null(want[n]);
}

static void test_exact_globals(void **state)
{
    (void)state;
    char got[2048], want[2048];
    /* a variant without hooks and a script that defines nothing */
    sow_lua *x = NULL;
    sow_error err;
    const char *empty = "-- nothing\n";
    assert_int_equal(sow_lua_open_text(&x, plain, &plain_opts, "p.lua", empty,
                                       strlen(empty), &err),
                     SOW_OK);
    int n = sow_lua_globals(x, got, sizeof got);
    expected_globals(want, sizeof want, NULL);
    assert_string_equal(got, want);
    int count = 0;
    while (sow_lua_allowed_globals[count])
        count++;
    assert_int_equal(n, count);
    sow_lua_close(x);
    /* a script that defines only its two hooks adds exactly those */
    x = open_script(OK_SCRIPT);
    const char *hooks[] = {"cap", "sc", NULL};
    n = sow_lua_globals(x, got, sizeof got);
    expected_globals(want, sizeof want, hooks);
    assert_string_equal(got, want);
    assert_int_equal(n, count + 2);
    sow_lua_close(x);
}

static void test_removed(void **state)
{
    (void)state;
    sow_lua *x = open_script(OK_SCRIPT);
    /* every name here must be nil, however it is reached */
    eval_is(x,
            "local bad = {}\n"
            "local names = {'io', 'os', 'require', 'load', 'loadfile',\n"
            "  'dofile', 'debug', 'coroutine', 'getmetatable',\n"
            "  'setmetatable', 'collectgarbage', 'print', 'package', 'warn',\n"
            "  'loadstring', 'module', 'unpack', 'setfenv', 'getfenv',\n"
            "  'newproxy', 'gcinfo', 'bit32'}\n"
            "for _, n in ipairs(names) do\n"
            "  if _G[n] ~= nil then bad[#bad + 1] = n end\n"
            "  if rawget(_G, n) ~= nil then bad[#bad + 1] = 'raw:' .. n end\n"
            "end\n"
            "for _, n in ipairs({'dump', 'find', 'match', 'gmatch', 'gsub',\n"
            "                    'pack', 'unpack', 'packsize'}) do\n"
            "  if string[n] ~= nil then bad[#bad + 1] = 'string.' .. n end\n"
            "  if ('x')[n] ~= nil then bad[#bad + 1] = '(\"x\").' .. n end\n"
            "end\n"
            "if math.randomseed ~= nil then bad[#bad + 1] = 'randomseed' end\n"
            "if math.random ~= nil then bad[#bad + 1] = 'random' end\n"
            "return table.concat(bad, ' ')\n",
            "");
    /* the direct spellings */
    eval_is(x, "return type(io) .. type(os) .. type(require) .. type(load)",
            "nilnilnilnil");
    eval_is(x, "return type(debug) .. type(coroutine) .. type(getmetatable)",
            "nilnilnil");
    eval_is(x, "return type(string.dump) .. type(string.find) .. "
               "type(string.match) .. type(string.gmatch) .. "
               "type(string.gsub)",
            "nilnilnilnilnil");
    /* a method call on a string reaches the same pruned table */
    char out[256];
    sow_error err;
    assert_int_equal(eval(x, "return ('x'):find('x')", out, sizeof out, &err),
                     SOW_ERR);
    assert_contains(err.msg, "find");
    assert_int_equal(eval(x, "return ('abc'):gsub('b', 'x')", out, sizeof out,
                          &err),
                     SOW_ERR);
    assert_int_equal(eval(x, "return load('return 1')()", out, sizeof out,
                          &err),
                     SOW_ERR);
    assert_int_equal(eval(x, "return require('os')", out, sizeof out, &err),
                     SOW_ERR);
    /* what is left works */
    eval_is(x,
            "local t = {3, 1, 2}\n"
            "table.sort(t)\n"
            "return table.concat(t, ',') .. ' ' .. ('ab'):rep(2) .. ' ' ..\n"
            "  string.format('%d-%s', 7, 'x') .. ' ' .. ('hello'):sub(2, 3)\n"
            "  .. ' ' .. ('A'):lower() .. ' ' .. #('abc') .. ' ' ..\n"
            "  math.floor(2.5) .. ' ' .. utf8.char(72) .. ' ' ..\n"
            "  tostring(select('#', 1, 2)) .. ' ' .. type(pcall)",
            "1,2,3 abab 7-x el a 3 2 H 2 function");
    /* the options table */
    eval_is(x,
            "return tostring(options.flag) .. ' ' .. options.depth .. ' ' .. "
            "options.mode",
            "true 3 b:4");
    sow_lua_close(x);
}

/* ---- source text only ------------------------------------------------- */

typedef struct dumpbuf {
    char data[4096];
    size_t len;
} dumpbuf;

static int writer(lua_State *L, const void *p, size_t sz, void *ud)
{
    (void)L;
    dumpbuf *b = ud;
    if (b->len + sz > sizeof b->data)
        return 1;
    memcpy(b->data + b->len, p, sz);
    b->len += sz;
    return 0;
}

static void test_bytecode_refused(void **state)
{
    (void)state;
    /* real Lua 5.4 bytecode of a script defining both hooks */
    dumpbuf b = {.len = 0};
    lua_State *L = luaL_newstate();
    assert_int_equal(luaL_loadstring(L, OK_SCRIPT), LUA_OK);
    assert_int_equal(lua_dump(L, writer, &b, 0), 0);
    lua_close(L);
    assert_true(b.len > 4);
    assert_memory_equal(b.data, "\x1bLua", 4);
    sow_error err = open_fails(b.data, b.len);
    assert_string_equal(err.path, script_path);
    assert_contains(err.msg, "bytecode");
    assert_contains(err.msg, "only source text");
    /* the same from a file (sow_lua_open) */
    char path[512];
    unit_write_n(path, sizeof path, tdir, "s.lua", b.data, b.len);
    sow_lua *x = (sow_lua *)1;
    sow_error_clear(&err);
    assert_int_equal(sow_lua_open(&x, var, &opts, &err), SOW_ERR);
    assert_null(x);
    assert_contains(err.msg, "bytecode");
    unlink(path);
    /* a bare signature */
    err = open_fails("\x1bLua", 4);
    assert_contains(err.msg, "bytecode");
    /* and through eval */
    x = open_script(OK_SCRIPT);
    char out[64];
    assert_int_equal(eval(x, "\x1bLuaT", out, sizeof out, &err), SOW_ERR);
    assert_contains(err.msg, "binary");
    sow_lua_close(x);
}

/* ---- the instruction limit ------------------------------------------------ */

/* Run code by eval; it must fail within the time limit naming `what`. */
/* Run code by eval: it must fail within the time limit naming `what`,
 * and the bridge must work afterwards. Returns NULL, or what went wrong
 * (the caller closes the bridge before failing, so that a failure leaks
 * nothing). */
static const char *trips(sow_lua *x, const char *code, const char *what)
{
    static char problem[SOW_MSG_MAX + 256];
    char out[64];
    sow_error err;
    double t0 = unit_cpu_now();
    int rc = eval(x, code, out, sizeof out, &err);
    double dt = unit_cpu_now() - t0;
    if (rc == SOW_OK)
        snprintf(problem, sizeof problem, "returned \"%s\"", out);
    else if (!strstr(err.msg, what))
        snprintf(problem, sizeof problem, "failed without \"%s\": %s", what,
                 err.msg);
    else if (dt > limit_seconds())
        snprintf(problem, sizeof problem, "took %.2f s", dt);
    else if (eval(x, "return 'still ' .. 'here'", out, sizeof out, &err) ||
             strcmp(out, "still here") != 0)
        snprintf(problem, sizeof problem,
                 "stopped, but the next eval failed: %s", err.msg);
    else
        return NULL;
    return problem;
}

#define eval_trips(x, code, what)                                            \
    do {                                                                     \
        const char *p_ = trips((x), (code), (what));                         \
        if (p_) {                                                            \
            sow_lua_close(x);                                                \
            fail_msg("'%s' %s", (code), p_);                                 \
        }                                                                    \
    } while (0)

static void test_insn_limit_eval(void **state)
{
    (void)state;
    sow_lua *x = open_script(OK_SCRIPT);
    const char *lim = insn_limit_text();
    eval_trips(x, "while true do end", lim);
    eval_trips(x, "while true do pcall(function() while true do end end) end",
               lim);
    eval_trips(x, "local function f() while true do end end\n"
                  "for i = 1, 1e9 do pcall(f) end return 'escaped'",
               lim);
    eval_trips(x, "local ok = pcall(function() while true do end end)\n"
                  "return 'escaped'",
               lim);
    eval_trips(x, "while true do xpcall(function() while true do end end,\n"
                  "  function(m) return m end) end",
               lim);
    eval_trips(x, "local function r() return pcall(r) end r() "
                  "while true do end",
               "limit");
    sow_lua_close(x);
}

/* A script whose cap loops when the count is 99 (line 3), and whose cap
 * bombs memory when the count is 98 (lines 5-6). */
static const char *const LOOPY =
    "function cap(g, h, c)\n"
    "  if c == 99 then\n"
    "    while true do pcall(function() while true do end end) end\n"
    "  elseif c == 98 then\n"
    "    local t = {}\n"
    "    for i = 1, 1e9 do t[i] = ('x'):rep(1000) .. i end\n"
    "  elseif c == 97 then\n"
    "    pcall(function() local t = {} for i = 1, 1e9 do\n"
    "      t[i] = ('x'):rep(1000) .. i end end)\n"
    "    return {}\n"
    "  elseif c == 96 then\n"
    "    pcall(function() local t = {} for i = 1, 1e9 do\n"
    "      t[i] = ('x'):rep(1000) .. i end end)\n"
    "    return nil\n"
    "  end\n"
    "  return {h}\n"
    "end\n"
    "function sc(g)\n"
    "  return 1, 2\n"
    "end\n";

static void test_insn_limit_hook(void **state)
{
    (void)state;
    sow_lua *x = open_script(LOOPY);
    sow_lap_decision d;
    sow_error err;
    double t0 = unit_cpu_now();
    assert_int_equal(call_lap_end(x, 9, 99, &d, &err), SOW_ERR);
    double dt = unit_cpu_now() - t0;
    assert_true(dt < limit_seconds());
    assert_contains(err.msg, insn_limit_text());
    assert_contains(err.msg, "variant sandbox");
    assert_contains(err.msg, "hook lap_end");
    assert_string_equal(err.path, script_path);
    assert_int_equal(err.line, 3);
    /* the rebuilt state still answers, with the script's hooks */
    assert_int_equal(call_lap_end(x, 9, 5, &d, &err), SOW_OK);
    assert_int_equal(d.ncap, 1);
    assert_int_equal(d.cap[0], 9);
    int32_t sc[2];
    assert_int_equal(call_score(x, sc, &err), SOW_OK);
    assert_int_equal(sc[0], 1);
    assert_int_equal(sc[1], 2);
    sow_lua_close(x);
}

/* An endless loop at the top level of the script: the open fails. */
static void test_insn_limit_script_start(void **state)
{
    (void)state;
    double t0 = unit_cpu_now();
    sow_error err = open_fails("function cap() end function sc() end\n"
                               "while true do end\n",
                               SIZE_MAX);
    (void)err;
    assert_true(unit_cpu_now() - t0 < limit_seconds());
}

/* ---- the memory limit ------------------------------------------------ */

/* 100 KB a step: the memory limit trips in a few hundred steps, long
 * before the time limit, even on a loaded machine */
#define BOMB_TEXT                                                            \
    "local t = {} for i = 1, 1e9 do t[i] = ('x'):rep(100000) .. i end"
#define BOMB BOMB_TEXT

static void test_memory_limit(void **state)
{
    (void)state;
    sow_lua *x = open_script(OK_SCRIPT);
    const char *lim = mem_limit_text();
    eval_trips(x, BOMB, lim);
    eval_trips(x, "while true do pcall(function() " BOMB " end) end",
               "limit");
    eval_trips(x, "for i = 1, 100 do pcall(function() " BOMB " end) end\n"
                  "return 'escaped'",
               "limit");
    eval_trips(x, "local s = 'x' while true do s = s .. s end", lim);
    eval_trips(x, "return ('x'):rep(100000000)", lim);
    eval_trips(x, "local t = {} for i = 1, 1e8 do t[i] = i end", lim);
    sow_lua_close(x);
}

/* pcall swallowing the memory error and returning at once: the limit
 * must still end the call (docs/hostile-input.md, The sandbox: pcall cannot
 * swallow it). */
static void test_memory_limit_pcall_return(void **state)
{
    (void)state;
    sow_lua *x = open_script(OK_SCRIPT);
    eval_trips(x, "local ok = pcall(function() " BOMB " end)\n"
                  "return 'escaped'",
               mem_limit_text());
    /* small steps too: there Lua retries every refused allocation (and
     * the many collections near the limit may let the time limit come
     * first on a loaded machine: either way the script must not escape) */
    eval_trips(x, "local ok = pcall(function() local t = {} for i = 1, 1e9 "
                  "do t[i] = ('x'):rep(1000) .. i end end)\n"
                  "return 'escaped'",
               "limit");
    sow_lua_close(x);
}

static void test_memory_limit_hook(void **state)
{
    (void)state;
    sow_lua *x = open_script(LOOPY);
    sow_lap_decision d;
    sow_error err;
    assert_int_equal(call_lap_end(x, 9, 98, &d, &err), SOW_ERR);
    assert_contains(err.msg, mem_limit_text());
    assert_contains(err.msg, "hook lap_end");
    assert_string_equal(err.path, script_path);
    assert_int_equal(call_lap_end(x, 9, 5, &d, &err), SOW_OK);
    assert_int_equal(d.ncap, 1);
    sow_lua_close(x);
}

static void test_memory_limit_hook_pcall(void **state)
{
    (void)state;
    sow_lua *x = open_script(LOOPY);
    sow_lap_decision d;
    sow_error err;
    const char *lim = mem_limit_text();
    /* the hook swallows the memory error with pcall and returns {} */
    if (call_lap_end(x, 9, 97, &d, &err) == SOW_OK || !strstr(err.msg, lim))
        fail_closing(x, "pcall(bomb) return {}: not a memory error (%s)",
                     err.msg);
    /* and the next call is a normal one */
    if (call_lap_end(x, 9, 5, &d, &err) || d.ncap != 1 || d.cap[0] != 9)
        fail_closing(x, "the call after the limit failed: %s", err.msg);
    /* the same, returning at once with nothing to allocate: the tripped
     * limit must still fail the call, and must not fail the next one */
    if (call_lap_end(x, 9, 96, &d, &err) == SOW_OK)
        fail_closing(x, "a hook that swallowed the memory limit with pcall "
                        "returned normally");
    if (!strstr(err.msg, lim))
        fail_closing(x, "pcall(bomb) return nil: %s", err.msg);
    if (call_lap_end(x, 9, 5, &d, &err) || d.ncap != 1)
        fail_closing(x, "the call after a swallowed memory limit failed: %s",
                     err.msg);
    sow_lua_close(x);
}

/* The script's top level swallows the memory limit with pcall and ends:
 * opening must fail with the memory error, or succeed with a working
 * bridge; it must not crash the program. */
static int bomb_piece; /* bytes per string of the bomb */

static int escape_at_start(void)
{
    char text[512];
    snprintf(text, sizeof text,
             "function cap(g, h, c) return {h} end\n"
             "function sc(g) return 1, 2 end\n"
             "pcall(function() local t = {} for i = 1, 1e9 do\n"
             "  t[i] = ('x'):rep(%d) .. i end end)\n",
             bomb_piece);
    sow_lua *x = NULL;
    sow_error err;
    sow_error_clear(&err);
    if (sow_lua_open_text(&x, var, &opts, script_path, text, strlen(text),
                          &err))
        return strstr(err.msg, "limit reached") ? 0 : 2;
    sow_lap_decision d;
    int rc = call_lap_end(x, 9, 5, &d, &err);
    sow_lua_close(x);
    return rc == SOW_OK && d.ncap == 1 ? 0 : 3;
}

static void test_memory_escape_at_start(void **state)
{
    (void)state;
    const int pieces[] = {1000, 100000};
    for (int i = 0; i < 2; i++) {
        bomb_piece = pieces[i];
        int st = in_child(escape_at_start);
        if (st == 2)
            fail_msg("rep(%d): the open failed, but not at a limit",
                     bomb_piece);
        if (st == 3)
            fail_msg("rep(%d): the open succeeded, but the hook then failed",
                     bomb_piece);
        assert_int_equal(st, 0);
    }
}

/* A library call that runs long without Lua instructions (a sort of
 * 30000 numbers), repeated in a loop: the time budget must stop it near
 * its 0.5 s, not after hundreds of sorts between two budget checks. */
static void test_time_limit_slow_calls(void **state)
{
    (void)state;
    if (unit_slow_factor() > 1)
        skip();
    sow_lua *x = open_script(OK_SCRIPT);
    char out[64];
    sow_error err;
    double t0 = unit_cpu_now();
    int rc = eval(x,
                  "local t = {} for i = 1, 30000 do t[i] = (i * 7919) % 30011 "
                  "end\n"
                  "while true do table.sort(t) end\n",
                  out, sizeof out, &err);
    double dt = unit_cpu_now() - t0;
    if (rc == SOW_OK || !strstr(err.msg, "limit reached"))
        fail_closing(x, "not stopped by a limit: %s", err.msg);
    if (dt > 1.0)
        fail_closing(x, "stopped only after %.2f s (%s)", dt, err.msg);
    sow_lua_close(x);
}

/* ---- library functions that loop in C (issue 23 #1) --------------------- */

/* Library calls that loop inside C without running an instruction or
 * allocating must stop at the time limit, inside pcall too, and leave the
 * bridge working. Before, string.rep, table.move, insert, remove and sort
 * ran for hours; tonumber and the utf8.codes iterator, called in a loop,
 * for several times the limit. */
static void test_library_loops(void **state)
{
    (void)state;
    sow_lua *x = open_script(OK_SCRIPT);
    static const char *const cases[] = {
        "table.move({}, 2, 1e15, 1)",
        "table.move('x', 1, 1e12, 1, {})",
        "pcall(table.move, {}, 2, 1e15, 1) return 'escaped'",
        "for i = 1, 1e9 do pcall(table.move, {}, 2, 1e15, 1) end",
        /* 62 entries, but #t is 2^61 */
        "local t = {} for i = 61, 0, -1 do t[1 << i] = 1 end\n"
        "table.insert(t, 1, 0)",
        "local t = {} for i = 61, 0, -1 do t[1 << i] = 1 end\n"
        "pcall(table.remove, t, 1) return 'escaped'",
        "local t = {} for i = 30, 0, -1 do t[1 << i] = 1 end\n"
        "table.sort(t, rawequal)",
        "local s = ('1'):rep(2^23) s = s .. s\n"
        "for i = 1, 1e9 do tonumber(s, 16) end",
        "local s = ('\\x80'):rep(2^22) s = s .. s .. s .. s\n"
        "local f = utf8.codes('') for i = 1, 1e9 do f(s, 1) end",
        NULL};
    for (int i = 0; cases[i]; i++)
        eval_trips(x, cases[i], "limit reached");
    /* empty at once, however many times */
    eval_is(x, "return string.rep('', 2^62) .. string.rep('', math.maxinteger, "
               "'') .. (''):rep(2^62) .. 'done'",
            "done");
    sow_lua_close(x);
}

/* The run's deadline (sow_budget.h), shorter than a call's limit, stops
 * such a call too. */
static void test_library_loop_run_deadline(void **state)
{
    (void)state;
    sow_lua *x = open_script(OK_SCRIPT);
    sow_budget b;
    sow_budget_start(&b, 0.1);
    sow_lua_set_budget(x, &b);
    char out[64];
    sow_error err;
    if (eval(x, "pcall(table.move, {}, 2, 1e15, 1) return 'escaped'", out,
             sizeof out, &err) == SOW_OK)
        fail_closing(x, "returned \"%s\"", out);
    if (!strstr(err.msg, "the run's time limit reached"))
        fail_closing(x, "not stopped by the run's limit: %s", err.msg);
    sow_lua_close(x);
}

/* The replacements behave as Lua's: results, metamethods of the board
 * view, argument errors (named as the sandbox names Lua's). */
static void test_library_semantics(void **state)
{
    (void)state;
    sow_lua *x = open_script(OK_SCRIPT);
    eval_is(x, "return ('ab'):rep(3, ',') .. '|' .. ('x'):rep(0) .. '|' .. "
               "('x'):rep(-1, 'y') .. ('a'):rep(5) .. ('xy'):rep(2, '-') .. "
               "(''):rep(3, '-')",
            "ab,ab,ab||aaaaaxy-xy--");
    eval_is(x, "local t = {1, 2, 3, 4, 5} table.move(t, 1, 4, 2)\n"
               "table.insert(t, 1, 0) table.insert(t, 9)\n"
               "local r = table.remove(t, 2)\n"
               "return table.concat(t, ',') .. ' r=' .. r",
            "0,1,2,3,4,9 r=1");
    eval_is(x, "local t = {1, 2, 3, 4, 5} table.move(t, 2, 5, 1)\n"
               "local u = table.move(t, 1, 3, 2, {})\n"
               "return table.concat(t, ',') .. ' u=' .. "
               "table.concat(u, ',', 2, 4)",
            "2,3,4,5,5 u=2,3,4");
    eval_is(x, "return tostring(table.remove({})) .. "
               "tostring(table.remove({}, 0)) .. "
               "tostring(table.remove({7}, 1)) .. "
               "#table.move('xyz', 1, 3, 1, {})",
            "nilnil70");
    eval_is(x, "local t = {} for i = 1, 100 do t[i] = (i * 37) % 101 end\n"
               "table.sort(t) local u = {'b', 'c', 'a'}\n"
               "table.sort(u, function(a, b) return a > b end)\n"
               "return table.concat(t, ',', 1, 4) .. table.concat(u)",
            "1,2,3,4cba");
    eval_is(x, "local n = 0 for k, v in pairs({1, 2, x = 3}) do n = n + v end\n"
               "return n .. tostring(next({})) .. "
               "tostring(next == select(1, pairs({}))) .. "
               "tostring(rawequal('a', 'a'))",
            "6niltruetrue");
    eval_is(x, "local s = 0 for p, c in utf8.codes('h\\u{e9}llo') do\n"
               "s = s + p * c end\n"
               "return s .. tostring(tonumber('0x10')) .. tonumber('z', 36) .. "
               "tostring(tonumber('x'))",
            "22081635nil");
    static const char *const errors[][2] = {
        {"table.move({}, 1)",
         "bad argument #3 to 'table.move' (number expected, got no value)"},
        {"table.move({}, 1, 2, 3, 4)",
         "bad argument #5 to 'table.move' (table expected, got number)"},
        {"table.move({}, math.mininteger, 1, 1)",
         "bad argument #3 to 'table.move' (too many elements to move)"},
        {"table.move({}, 1, math.maxinteger, 2)",
         "bad argument #4 to 'table.move' (destination wrap around)"},
        {"table.insert({}, 5, 1)",
         "bad argument #2 to 'table.insert' (position out of bounds)"},
        {"table.insert({}, 1, 2, 3)", "wrong number of arguments to 'insert'"},
        {"table.insert('abc', 1)",
         "bad argument #1 to 'table.insert' (table expected, got string)"},
        {"table.remove({}, 5)",
         "bad argument #2 to 'table.remove' (position out of bounds)"},
        {"('x'):rep('a')",
         "bad argument #2 to 'string.rep' (number expected, got string)"},
        {"('x'):rep(2^62, ('y'):rep(10))", "resulting string too large"},
        {"table.sort({3, 2, 1}, 5)",
         "bad argument #2 to 'table.sort' (function expected, got number)"},
        {"table.sort({1, {}})", "attempt to compare"},
        {"next({}, 'k')", "invalid key to 'next'"},
        {"tonumber('1', 99)",
         "bad argument #2 to 'tonumber' (base out of range)"},
    };
    for (size_t i = 0; i < sizeof errors / sizeof *errors; i++) {
        char out[64];
        sow_error err;
        if (eval(x, errors[i][0], out, sizeof out, &err) == SOW_OK)
            fail_closing(x, "'%s' succeeded", errors[i][0]);
        if (!strstr(err.msg, errors[i][1]))
            fail_closing(x, "'%s': %s", errors[i][0], err.msg);
    }
    sow_lua_close(x);
}

static void test_no_random(void **state)
{
    (void)state;
    char out[256];
    sow_error err;
    sow_lua *x = open_script(OK_SCRIPT);
    eval_is(x, "return type(math.random) .. type(math.randomseed)",
            "nilnil");
    assert_int_equal(eval(x, "return math.random(6)", out, sizeof out, &err),
                     SOW_ERR);
    assert_contains(err.msg, "math.random is not available to variant "
                             "scripts");
    /* the rest of math is there */
    eval_is(x, "return math.floor(7 / 2) .. math.max(1, 5)", "35");
    sow_lua_close(x);
}

/* ---- opening from files -------------------------------------------- */

static void test_open_files(void **state)
{
    (void)state;
    char path[512];
    sow_lua *x = NULL;
    sow_error err;
    /* no script file: the error is at the YAML script: line */
    unit_path(path, sizeof path, tdir, "s.lua");
    unlink(path);
    sow_error_clear(&err);
    assert_int_equal(sow_lua_open(&x, var, &opts, &err), SOW_ERR);
    assert_null(x);
    assert_string_equal(err.path, yaml_path);
    assert_int_equal(err.line, 4);
    assert_int_equal(err.col, 9);
    assert_contains(err.msg, "cannot be opened");
    /* empty */
    unit_write(path, sizeof path, tdir, "s.lua", "");
    assert_int_equal(sow_lua_open(&x, var, &opts, &err), SOW_ERR);
    assert_contains(err.msg, "the script is empty");
    /* NUL bytes in source */
    unit_write_n(path, sizeof path, tdir, "s.lua", "x = 1\0", 6);
    assert_int_equal(sow_lua_open(&x, var, &opts, &err), SOW_ERR);
    assert_contains(err.msg, "NUL");
    /* too big */
    size_t n = SOW_LUA_SCRIPT_MAX + 1;
    char *big = malloc(n);
    assert_non_null(big);
    memset(big, '-', n);
    unit_write_n(path, sizeof path, tdir, "s.lua", big, n);
    free(big);
    assert_int_equal(sow_lua_open(&x, var, &opts, &err), SOW_ERR);
    assert_contains(err.msg, "over 262144 bytes");
    /* a good one */
    unit_write(path, sizeof path, tdir, "s.lua", OK_SCRIPT);
    if (sow_lua_open(&x, var, &opts, &err))
        fail_msg("%s", err.msg);
    sow_lap_decision d;
    assert_int_equal(call_lap_end(x, 9, 5, &d, &err), SOW_OK);
    assert_int_equal(d.ncap, 1);
    sow_lua_close(x);
    unlink(path);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_allowed_list),
        cmocka_unit_test(test_exact_globals),
        cmocka_unit_test(test_removed),
        cmocka_unit_test(test_bytecode_refused),
        cmocka_unit_test(test_insn_limit_eval),
        cmocka_unit_test(test_insn_limit_hook),
        cmocka_unit_test(test_insn_limit_script_start),
        cmocka_unit_test(test_memory_limit),
        cmocka_unit_test(test_memory_limit_pcall_return),
        cmocka_unit_test(test_memory_limit_hook),
        cmocka_unit_test(test_memory_limit_hook_pcall),
        cmocka_unit_test(test_memory_escape_at_start),
        cmocka_unit_test(test_time_limit_slow_calls),
        cmocka_unit_test(test_library_loops),
        cmocka_unit_test(test_library_loop_run_deadline),
        cmocka_unit_test(test_library_semantics),
        cmocka_unit_test(test_no_random),
        cmocka_unit_test(test_open_files),
    };
    return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
