/* sow_lua.c - the Lua bridge (see sow_lua.h): hook calls and what they
 * return, errors mapped to the script. The board view a hook reads is in
 * sow_view.c, the sandbox and its limits in sow_sandbox.c. */
#include "sow_lua.h"
#include "sow_lua_int.h"
#include "sow_view.h"
#include "sow_memo.h"
#include "sow_sandbox.h"
#include "sow_move.h"
#include "sow_num.h"
#include "sow_file.h"
#include "sow_text.h"
#include "sow_budget.h"

#include <lauxlib.h>
#include <lua.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Message handler: make sure the message says where in the script. */
static int msgh(lua_State *L)
{
    const char *msg = lua_tostring(L, 1);
    if (!msg) {
        msg = lua_pushfstring(L, "an error with a %s value (use error(\"text\"))",
                              luaL_typename(L, 1));
    }
    if (strncmp(msg, SOW_LUA_CHUNK ":", strlen(SOW_LUA_CHUNK) + 1) == 0) {
        lua_pushstring(L, msg);
        return 1;
    }
    lua_Debug ar;
    for (int level = 1; lua_getstack(L, level, &ar); level++) {
        lua_getinfo(L, "Sl", &ar);
        if (ar.currentline > 0 && strcmp(ar.short_src, SOW_LUA_CHUNK) == 0) {
            lua_pushfstring(L, SOW_LUA_CHUNK ":%d: %s", ar.currentline, msg);
            return 1;
        }
    }
    lua_pushstring(L, msg);
    return 1;
}

static int report_raw(sow_lua *x, sow_error *err, const char *msg,
                      const char *hook);

/* Turn "script:12: text" into err = path:12: text (variant V, hook H). */
static int report(sow_lua *x, sow_error *err, const char *msg,
                  const char *hook)
{
    char hint[160], full[SOW_MSG_MAX];
    sow_sandbox_hint(msg, hint, sizeof hint);
    snprintf(full, sizeof full, "%.*s%s", SOW_CLIP(msg, 800), hint);
    report_raw(x, err, full, hook);
    return SOW_ERR; /* sow_error_set made the text safe (sow_text.h) */
}

static int report_raw(sow_lua *x, sow_error *err, const char *msg,
                      const char *hook)
{
    int line = 0;
    const char *rest = msg;
    size_t cl = strlen(SOW_LUA_CHUNK);
    if (strncmp(msg, SOW_LUA_CHUNK ":", cl + 1) == 0) {
        /* "SOW_LUA_CHUNK:LINE: message", LINE in digits */
        const char *p = msg + cl + 1;
        size_t nd = strspn(p, "0123456789");
        char digits[10];
        long l;
        if (nd > 0 && nd < sizeof digits && p[nd] == ':') {
            memcpy(digits, p, nd);
            digits[nd] = 0;
            if (sow_parse_long(digits, 0, 999999999, &l) == 0) {
                line = (int)l;
                rest = p + nd + 1;
                while (*rest == ' ')
                    rest++;
            }
        }
    }
    if (hook && strcmp(hook, "start") == 0)
        return sow_error_set(err, x->path, line, 0,
                             "%s (variant %s, while running the script)",
                             rest, x->v->id);
    if (hook)
        return sow_error_set(err, x->path, line, 0, "%s (variant %s, hook %s)",
                             rest, x->v->id, hook);
    return sow_error_set(err, x->path, line, 0, "%s (variant %s)", rest,
                         x->v->id);
}

/* ---- building the state ------------------------------------------------- */

static void push_options(lua_State *L, sow_lua *x)
{
    lua_createtable(L, 0, x->v->noptions);
    for (int i = 0; i < x->v->noptions; i++) {
        const sow_option_def *d = &x->v->options[i];
        sow_optval val = x->opts.val[i];
        if (d->type == SOW_OPT_BOOL) {
            lua_pushboolean(L, val.num != 0);
        } else if (d->type == SOW_OPT_INT) {
            lua_pushinteger(L, val.num);
        } else {
            char buf[64];
            sow_optval_format(d, val, buf, sizeof buf);
            lua_pushstring(L, buf);
        }
        lua_setfield(L, -2, d->name);
    }
}

/* Everything that can fail runs inside this protected call (as lua.c's
 * pmain does). Stack on entry: light userdata of the bridge. */
static int setup_state(lua_State *L)
{
    sow_lua *x = lua_touserdata(L, 1);
    sow_sandbox_open(L);
    push_options(L, x);
    lua_setglobal(L, "options");
    return 0;
}

/* Keep a reference to each hook function. Protected (it allocates).
 * Returns 0, or 1 + the index of a hook the script does not define as a
 * function (negated when the global exists but is something else). */
static int find_hooks(lua_State *L)
{
    sow_lua *x = lua_touserdata(L, 1);
    for (int h = 0; h < SOW_HOOK_COUNT; h++) {
        const char *fn = x->v->hook_fn[h];
        if (!fn)
            continue;
        int t = lua_getglobal(L, fn);
        if (t != LUA_TFUNCTION) {
            lua_pushinteger(L, t == LUA_TNIL ? h + 1 : -(h + 1));
            return 1;
        }
        x->hook_ref[h] = luaL_ref(L, LUA_REGISTRYINDEX);
    }
    lua_pushinteger(L, 0);
    return 1;
}

/* Keep a copy of the global table, as the script's top level left it,
 * in x->globals_ref. Protected (it allocates). Stack: the bridge. */
static int copy_globals(lua_State *L)
{
    sow_lua *x = lua_touserdata(L, 1);
    lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_GLOBALS);
    lua_createtable(L, 0, 32);
    lua_pushnil(L);
    while (lua_next(L, 2)) {
        lua_pushvalue(L, -2);
        lua_insert(L, -2);
        lua_rawset(L, 3);
    }
    x->globals_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    return 0;
}

/* Put the global table back as copy_globals found it: a name a hook set
 * to another value, or defined, or removed, gets its old value (or none)
 * again. Only the names: what a hook wrote into a table they hold, or
 * into a local of the top level, stays (sow_lua.h). Protected (adding a
 * name back may allocate). Stack: the bridge. */
static int restore_globals(lua_State *L)
{
    sow_lua *x = lua_touserdata(L, 1);
    lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_GLOBALS); /* 2 */
    lua_rawgeti(L, LUA_REGISTRYINDEX, x->globals_ref);   /* 3 */
    /* changed or added names; Lua lets a traversal assign existing
     * fields, nil included */
    lua_pushnil(L);
    while (lua_next(L, 2)) {
        lua_pushvalue(L, -2);
        lua_rawget(L, 3);
        if (lua_rawequal(L, -1, -2)) {
            lua_pop(L, 2);
            continue;
        }
        lua_pushvalue(L, -3);
        lua_insert(L, -2);
        lua_rawset(L, 2);
        lua_pop(L, 1);
    }
    /* removed names (and changed ones, already equal now) */
    lua_pushnil(L);
    while (lua_next(L, 3)) {
        lua_pushvalue(L, -2);
        lua_rawget(L, 2);
        bool same = lua_rawequal(L, -1, -2);
        lua_pop(L, 1);
        if (same) {
            lua_pop(L, 1);
            continue;
        }
        lua_pushvalue(L, -2);
        lua_insert(L, -2);
        lua_rawset(L, 2);
    }
    return 0;
}

/* A protected call of build() failed (rc): the error at the script's
 * line, as running its top level reports it; the stack back to msgh. */
static int start_failed(sow_lua *x, int rc, sow_error *err)
{
    char msg[SOW_MSG_MAX];
    snprintf(msg, sizeof msg, "%s",
             sow_sandbox_limit_message(x, rc, lua_tostring(x->L, -1)));
    lua_settop(x->L, 1);
    return report(x, err, msg, "start");
}

/* Create the state, run the script, find the hooks. */
static int build(sow_lua *x, sow_error *err)
{
    x->mem_used = 0;
    x->view_ref = x->board_ref = x->owner_ref = x->captured_ref = LUA_NOREF;
    x->proxy_ref = x->state_ref = x->rec_ref = x->globals_ref = LUA_NOREF;
    x->before_ref = x->before_proxy_ref = LUA_NOREF;
    x->capb_ref = x->capb_proxy_ref = LUA_NOREF;
    x->claimed_ref = x->blocked_ref = LUA_NOREF;
    x->extras_on = x->before_fresh = false;
    for (int i = 0; i < 8; i++)
        x->rec_sub_ref[i] = LUA_NOREF;
    x->recording = false;
    for (int i = 0; i < SOW_LUA_NKEYS; i++)
        x->key_ref[i] = LUA_NOREF;
    for (int h = 0; h < SOW_HOOK_COUNT; h++)
        x->hook_ref[h] = LUA_NOREF;
    x->view_setup = NULL;
    x->view_fresh = false;
    x->mem_refusals = 0;
    x->tripped = LIMIT_NONE;
    x->trip_line = 0;
    x->L = lua_newstate(sow_sandbox_alloc, x);
    if (!x->L)
        return sow_error_set(err, x->path, 0, 0, "cannot create a Lua state");
    lua_State *L = x->L;
    *(sow_lua **)lua_getextraspace(L) = x;
    lua_pushcfunction(L, setup_state);
    lua_pushlightuserdata(L, x);
    if (lua_pcall(L, 1, 0, 0) != LUA_OK)
        return sow_error_set(err, x->path, 0, 0,
                             "cannot set up the Lua sandbox: %s",
                             lua_tostring(L, -1));
    lua_settop(L, 0);
    lua_pushcfunction(L, msgh); /* stays at index 1 */
    int rc = luaL_loadbufferx(L, x->text, x->len, "=" SOW_LUA_CHUNK, "t");
    if (rc != LUA_OK) {
        const char *m = lua_tostring(L, -1);
        if (rc == LUA_ERRSYNTAX && strstr(m, "attempt to load a binary"))
            return sow_error_set(err, x->path, 0, 0,
                                 "the script is compiled Lua bytecode; only "
                                 "source text is accepted (variant %s)",
                                 x->v->id);
        if (m && strncmp(m, SOW_LUA_CHUNK ":", strlen(SOW_LUA_CHUNK) + 1) != 0 &&
            strstr(m, "C stack overflow"))
            return sow_error_set(err, x->path, 0, 0,
                                 "the script nests expressions or blocks "
                                 "too deeply for Lua to read it (C stack "
                                 "overflow); write it flatter (variant %s)",
                                 x->v->id);
        return report(x, err, m ? m : "cannot load the script", NULL);
    }
    sow_sandbox_start(x);
    rc = lua_pcall(L, 0, 0, 1);
    if (rc != LUA_OK)
        return start_failed(x, rc, err);
    lua_settop(L, 1);
    if (x->tripped != LIMIT_NONE) /* the script's pcall swallowed it */
        return report(x, err, sow_sandbox_limit_text(x->tripped), "start");
    lua_pushcfunction(L, find_hooks);
    lua_pushlightuserdata(L, x);
    rc = lua_pcall(L, 1, 1, 1);
    if (rc != LUA_OK)
        return start_failed(x, rc, err);
    int missing = (int)lua_tointeger(L, -1);
    lua_settop(L, 1);
    if (missing != 0) {
        int h = (missing > 0 ? missing : -missing) - 1;
        return sow_error_set(
            err, x->v->path, x->v->hook_line[h], x->v->hook_col[h],
            "hook %s names '%s', but the script %s %s", sow_hook_names[h],
            x->v->hook_fn[h], x->v->script,
            missing > 0 ? "defines no such global function"
                        : "defines it as something other than a function");
    }
    lua_pushcfunction(L, copy_globals);
    lua_pushlightuserdata(L, x);
    rc = lua_pcall(L, 1, 0, 1);
    if (rc != LUA_OK)
        return start_failed(x, rc, err);
    lua_settop(L, 1);
    return SOW_OK;
}

static void unbuild(sow_lua *x)
{
    if (x->L)
        lua_close(x->L);
    x->L = NULL;
}

int sow_lua_open_text(sow_lua **out, const sow_variant *v,
                      const sow_optset *opts, const char *path,
                      const char *text, size_t len, sow_error *err)
{
    *out = NULL;
    sow_lua *x = calloc(1, sizeof *x);
    if (!x)
        return sow_error_set(err, path, 0, 0, "out of memory");
    x->v = v;
    x->opts = *opts;
    x->path = strdup(path);
    x->text = malloc(len + 1);
    if (!x->path || !x->text) {
        sow_lua_close(x);
        return sow_error_set(err, path, 0, 0, "out of memory");
    }
    memcpy(x->text, text, len);
    x->text[len] = 0;
    x->len = len;
    x->memo_wanted = true;
    /* NULL: no cache, hooks always run */
    x->memo = sow_memo_new(sizeof(sow_lap_decision));
    x->play_memo = sow_memo_new(sizeof(sow_changes));
    if (v->hook_fn[SOW_HOOK_DROP]) /* (most variants have none) */
        x->drop_memo = sow_memo_new(sizeof(sow_drop));
    if (build(x, err)) {
        sow_lua_close(x);
        return SOW_ERR;
    }
    *out = x;
    return SOW_OK;
}

/* The line of the first byte that keeps a script from being source text:
 * one that is not UTF-8, or a control character other than the white
 * space Lua reads (tab, line feed, vertical tab, form feed, carriage
 * return); 0 when there is none. Such a file is refused with its line
 * alone (issue 13 #4): Lua's syntax errors quote the text near the error
 * ("near 'secret'"), and what is not a script is not quoted back. */
static int not_source_line(const char *s, size_t len)
{
    int line = 1;
    for (size_t i = 0; i < len;) {
        uint32_t cp;
        int k = sow_utf8_decode(s + i, len - i, &cp);
        if (k == 0 || (sow_is_control(cp) && !(cp >= '\t' && cp <= '\r')))
            return line;
        line += cp == '\n';
        i += (size_t)k;
    }
    return 0;
}

int sow_lua_open(sow_lua **out, const sow_variant *v, const sow_optset *opts,
                 sow_error *err)
{
    *out = NULL;
    const char *path = v->script_path;
    if (!path) /* a variant of data alone: an empty sandbox, no hooks */
        return sow_lua_open_text(out, v, opts, v->path, "", 0, err);
    /* checked again here, just before the read (the variant may have
     * been loaded from text, or the folder changed since), and the path
     * read is the one checked (issue 13 #4) */
    char *resolved;
    if (sow_variant_script_check(v, &resolved, err))
        return SOW_ERR;
    /* a regular file only (sow_file.h): the path comes from the variant
     * file, and a FIFO, /dev/tty or /dev/stdin would wait for input for
     * ever */
    char *buf;
    size_t len;
    sow_error ferr;
    sow_error_clear(&ferr);
    int fr = sow_file_read(resolved ? resolved : path, SOW_LUA_SCRIPT_MAX,
                           "a script", &buf, &len, &ferr);
    free(resolved);
    int rc, line;
    if (fr == SOW_FILE_OPEN)
        return sow_error_set(err, v->path, v->script_line, v->script_col,
                             "script '%s' cannot be opened (%s): check the "
                             "script: line",
                             path, "no such file or not readable");
    if (fr == SOW_FILE_DIR || fr == SOW_FILE_SPECIAL)
        return sow_error_set(err, v->path, v->script_line, v->script_col,
                             "script '%s' is not a regular file: check the "
                             "script: line",
                             path);
    if (fr == SOW_FILE_BIG)
        return sow_error_set(err, path, 0, 0,
                             "the script is over %d bytes; a rules script "
                             "is far smaller",
                             SOW_LUA_SCRIPT_MAX);
    if (fr) {
        if (err)
            *err = ferr;
        return SOW_ERR;
    }
    if (len == 0)
        rc = sow_error_set(err, path, 0, 0,
                           "the script is empty; it must define the hooks "
                           "variant %s names",
                           v->id);
    else if (memchr(buf, 0, len) && buf[0] != 0x1b)
        rc = sow_error_set(err, path, 0, 0,
                           "the script contains NUL bytes; it must be Lua "
                           "source text");
    else if (buf[0] != 0x1b && (line = not_source_line(buf, len)))
        rc = sow_error_set(err, path, line, 0,
                           "the script is not Lua source text (a byte that "
                           "is not UTF-8, or a control character, on this "
                           "line); save it as UTF-8 text (variant %s)",
                           v->id);
    else
        rc = sow_lua_open_text(out, v, opts, path, buf, len, err);
    free(buf);
    return rc;
}

void sow_lua_close(sow_lua *x)
{
    if (!x)
        return;
    unbuild(x);
    sow_memo_free(x->memo);
    sow_memo_free(x->play_memo);
    sow_memo_free(x->drop_memo);
    free(x->path);
    free(x->text);
    free(x);
}

/* After a call: if a limit tripped, the state may be in any condition, so
 * build a fresh one. */
static void recover(sow_lua *x)
{
    if (x->tripped == LIMIT_NONE)
        return;
    unbuild(x);
    sow_error ignored;
    if (build(x, &ignored))
        unbuild(x); /* worked before; if it fails now, calls will error */
}

/* A hook call. Everything from building the view to reading what the
 * hook returned runs inside the protected call (it may allocate); a
 * reader that finds a bad return value describes it in `bad`. */
typedef struct hook_call hook_call;
struct hook_call {
    sow_lua *x;
    int hook;
    const sow_setup *s;
    const sow_game *g;      /* the view; NULL: pass nil */
    int nargs;              /* integer arguments after the view */
    lua_Integer args[2];
    const char *sarg;       /* a string argument after the view, or NULL */
    const sow_match_info *info; /* new_game: passed first, as a table */
    const sow_before *mv;   /* the move hooks and lap_end: g.board_before,
                               g.captured_before and g.origin (nil when
                               mv->origin is -1) from it; NULL: none of
                               the three in the view */
    const sow_at *at;       /* lap_end and drop: g.lap and g.hand from
                               it; NULL: both nil */
    int nres;
    void (*read)(lua_State *L, hook_call *c); /* results at -nres.. */
    void *out;
    char bad[200];
};

/* A table {[0] = a, [1] = b}, one number for each player. */
static void push_pair(lua_State *L, lua_Integer a, lua_Integer b)
{
    lua_createtable(L, 2, 0);
    lua_pushinteger(L, a);
    lua_rawseti(L, -2, 0);
    lua_pushinteger(L, b);
    lua_rawseti(L, -2, 1);
}

static void push_info(lua_State *L, const sow_match_info *mi,
                      const sow_game *prev)
{
    lua_createtable(L, 0, 8);
    lua_pushinteger(L, mi->game);
    lua_setfield(L, -2, "game");
    lua_pushinteger(L, mi->games_max);
    lua_setfield(L, -2, "max_games");
    if (mi->prev_starter >= 0) {
        lua_pushinteger(L, mi->prev_starter);
        lua_setfield(L, -2, "previous_starter");
    }
    if (mi->has_round) { /* m.round: the next round as the rounds lay it */
        lua_createtable(L, 0, 2);
        lua_pushinteger(L, mi->round_starter);
        lua_setfield(L, -2, "starter");
        push_pair(L, mi->round_holes[0], mi->round_holes[1]);
        lua_setfield(L, -2, "holes");
        lua_setfield(L, -2, "round");
    }
    if (prev) {
        const sow_result *r = &prev->result;
        push_pair(L, r->score[0], r->score[1]);
        lua_setfield(L, -2, "score");
        if (r->winner >= 0) {
            lua_pushinteger(L, r->winner);
            lua_setfield(L, -2, "winner");
        }
        lua_pushboolean(L, r->unfinished);
        lua_setfield(L, -2, "unfinished");
    }
}

/* The move's fields of g: board_before, captured_before and origin from
 * c (filter, after_move, game_end, lap_end); any other hook finds them
 * nil, so that no hook reads a value of another call. (A cached lap_end
 * call reads them through the recording view, which keys them:
 * rec_g_index.) The view's geometry is built. */
static void view_extras(sow_lua *x, const hook_call *c)
{
    lua_State *L = x->L;
    if (!c->mv && !x->extras_on)
        return;
    lua_rawgeti(L, LUA_REGISTRYINDEX, x->view_ref);
    if (c->mv) {
        const sow_before *b = c->mv;
        sow_view_sync(L, x->before_ref, x->last_before, b->board, c->s->holes,
                   2, x->before_fresh);
        x->before_fresh = true;
        lua_rawgeti(L, LUA_REGISTRYINDEX, x->capb_ref);
        for (int p = 0; p < 2; p++) {
            lua_pushinteger(L, b->captured[p]);
            lua_rawseti(L, -2, p);
        }
        lua_pop(L, 1);
        lua_rawgeti(L, LUA_REGISTRYINDEX, x->before_proxy_ref);
        lua_setfield(L, -2, "board_before");
        lua_rawgeti(L, LUA_REGISTRYINDEX, x->capb_proxy_ref);
        lua_setfield(L, -2, "captured_before");
        if (b->origin >= 0)
            lua_pushinteger(L, b->origin);
        else
            lua_pushnil(L);
        lua_setfield(L, -2, "origin");
    } else {
        static const char *const keys[] = {"board_before", "captured_before",
                                           "origin"};
        for (int i = 0; i < 3; i++) {
            lua_pushnil(L);
            lua_setfield(L, -2, keys[i]);
        }
    }
    x->extras_on = c->mv != NULL;
    lua_pop(L, 1);
}

static int trampoline(lua_State *L)
{
    hook_call *c = lua_touserdata(L, 1);
    lua_settop(L, 0);
    lua_rawgeti(L, LUA_REGISTRYINDEX, c->x->hook_ref[c->hook]);
    int n = 0;
    if (c->info) {
        push_info(L, c->info, c->g);
        n++;
    }
    if (c->g && c->x->recording) {
        sow_lua *x = c->x;
        if (x->view_setup != c->s || x->view_holes != c->s->holes ||
            x->view_dir != c->s->dir)
            sow_view_geometry(x, c->s);
        lua_rawgeti(L, LUA_REGISTRYINDEX, x->rec_ref);
    } else if (c->g) {
        sow_view_push(c->x, c->s, c->g);
        view_extras(c->x, c); /* (the recording view keys its own) */
        sow_view_sowing(c->x, c->g, c->at);
    } else {
        lua_pushnil(L);
    }
    n++;
    for (int i = 0; i < c->nargs; i++)
        lua_pushinteger(L, c->args[i]);
    n += c->nargs;
    if (c->sarg) {
        lua_pushstring(L, c->sarg);
        n++;
    }
    lua_call(L, n, c->nres);
    c->read(L, c);
    return 0;
}

/* Where the hook function is defined, for errors about what it returned. */
static int hook_line(sow_lua *x, int h)
{
    lua_Debug ar;
    lua_rawgeti(x->L, LUA_REGISTRYINDEX, x->hook_ref[h]);
    lua_getinfo(x->L, ">S", &ar);
    return ar.linedefined;
}

/* Hooks called again and again inside one move (a lap_end hook that
 * always sows on, in a variant of single laps, answered from the memo or
 * not) each run too briefly for the instruction hook to read the clock:
 * every 1024 calls the run's deadline is read here. */
static int run_tick(sow_lua *x, int hook, sow_error *err)
{
    if ((++x->calls & 1023) == 0 && sow_budget_over(x->budget))
        x->run_over = true;
    if (!x->run_over)
        return SOW_OK;
    report(x, err, sow_sandbox_limit_text(LIMIT_RUN), sow_hook_names[hook]);
    return SOW_ERR;
}

/* Call a hook and read its results into c->out. */
static int call_hook(hook_call *c, sow_error *err)
{
    sow_lua *x = c->x;
    if (!x->L)
        return sow_error_set(err, x->path, 0, 0,
                             "the Lua state could not be rebuilt (variant %s)",
                             x->v->id);
    lua_State *L = x->L;
    if (run_tick(x, c->hook, err))
        return SOW_ERR;
    sow_sandbox_fresh(x);
    c->bad[0] = 0;
    lua_pushcfunction(L, trampoline);
    lua_pushlightuserdata(L, c);
    int rc = lua_pcall(L, 1, 0, 1);
    if (rc == LUA_OK && x->tripped == LIMIT_NONE) {
        if (!c->bad[0])
            return SOW_OK;
        int line = hook_line(x, c->hook);
        lua_settop(L, 1);
        sow_text_scrub(c->bad); /* it may quote the script's text */
        return sow_error_set(err, x->path, line, 0,
                             "function %s returned %s (variant %s, hook %s)",
                             x->v->hook_fn[c->hook], c->bad, x->v->id,
                             sow_hook_names[c->hook]);
    }
    char msg[SOW_MSG_MAX];
    const char *m = rc == LUA_OK ? sow_sandbox_limit_text(x->tripped) : lua_tostring(L, -1);
    snprintf(msg, sizeof msg, "%s", sow_sandbox_limit_message(x, rc, m));
    lua_settop(L, 1);
    report(x, err, msg, sow_hook_names[c->hook]);
    recover(x);
    return SOW_ERR;
}

#define BAD(c, ...) snprintf((c)->bad, sizeof (c)->bad, __VA_ARGS__)

/* An integer hole index at the top of the stack, or -1 (c->bad says why). */
static int read_hole(lua_State *L, hook_call *c, const char *what)
{
    int isnum;
    lua_Integer v = lua_tointegerx(L, -1, &isnum);
    if (!isnum || lua_type(L, -1) != LUA_TNUMBER) {
        BAD(c, "%s that is not a hole number", what);
        return -1;
    }
    if (v < 0 || v >= c->s->holes) {
        BAD(c, "hole %lld, which does not exist", (long long)v);
        return -1;
    }
    return (int)v;
}

static bool read_hole_players(lua_State *L, hook_call *c, int t,
                              const char *name, const char *what,
                              uint64_t *set, uint8_t *players);
static bool read_release(lua_State *L, hook_call *c, int t, uint64_t *set);
static bool read_hole_list(lua_State *L, hook_call *c, int t, const char *key,
                           uint64_t *set);
static bool read_hole_map(lua_State *L, hook_call *c, int t, const char *name,
                          const char *what, lua_Integer lo, lua_Integer hi,
                          const char *range, uint64_t *set, uint8_t *vals8,
                          uint16_t *vals16);
static bool only_keys(lua_State *L, hook_call *c, int t,
                      const char *const *keys);

/* lap_end's third value: nil, or {claim = {[h] = p}, release = {h, ...}}
 * (C1.4), at index t. */
static void read_lap_more(lua_State *L, hook_call *c, int t,
                          sow_lap_decision *out)
{
    static const char *const keys[] = {"claim", "release", "capture", "out",
                                       "close", "open", "extra_turn", NULL};
    if (lua_isnil(L, t))
        return;
    if (!lua_istable(L, t))
        return (void)BAD(c, "a third value that is not a table of changes "
                            "{claim = {[h] = p}, release = {h, ...}, ...}");
    uint8_t who[SOW_MAX_HOLES], to[SOW_MAX_HOLES];
    if (!only_keys(L, c, t, keys) ||
        !read_hole_players(L, c, t, "claim", "a claim", &out->claim_set,
                           who) ||
        !read_release(L, c, t, &out->release) ||
        !read_hole_players(L, c, t, "capture", "a capture", &out->take_set,
                           to) ||
        !read_hole_list(L, c, t, "close", &out->close_set) ||
        !read_hole_list(L, c, t, "open", &out->open_set) ||
        !read_hole_map(L, c, t, "out", "an out", 1, SOW_MAX_SEEDS,
                       "a count of seeds (1 or more)", &out->out_set, NULL,
                       out->out)) /* C1.13 */
        return;
    for (uint64_t m = out->claim_set; m; m &= m - 1)
        if (who[__builtin_ctzll(m)])
            out->claim_north |= m & -m;
    for (uint64_t m = out->take_set; m; m &= m - 1)
        if (to[__builtin_ctzll(m)])
            out->take_north |= m & -m;
    if (lua_getfield(L, t, "extra_turn") != LUA_TNIL) {
        if (!lua_isboolean(L, -1))
            return (void)BAD(c, "an extra_turn that is not true or false");
        out->extra_turn = (int8_t)lua_toboolean(L, -1);
    }
    lua_pop(L, 1);
    if ((out->claim_set | out->release) && !c->s->claims)
        return (void)BAD(c, "a claim or a release, but the variant has no "
                            "claimed holes (C1.4): add claims: true under "
                            "board:");
    char why[160];
    sow_changes ch;
    if ((out->take_set | out->out_set | out->close_set | out->open_set) &&
        c->g && (sow_lap_changes(out, &ch),
                 sow_holes_problem(c->s, c->g, &ch, why, sizeof why)))
        BAD(c, "%s", why); /* C1.4, C1.5, C1.13 */
}

static void read_lap_end(lua_State *L, hook_call *c)
{
    sow_lap_decision *out = c->out;
    memset(out, 0, SOW_LAP_DECISION_HEAD);
    out->extra_turn = -1;
    const int first = lua_gettop(L) - 2, second = first + 1;
    if (lua_type(L, second) == LUA_TSTRING) {
        const char *w = lua_tostring(L, second);
        if (strcmp(w, "relay") == 0)
            out->relay = true;
        else if (strcmp(w, "stop") != 0)
            return (void)BAD(c, "a second value other than \"stop\" or "
                                "\"relay\"");
    } else if (!lua_isnil(L, second)) {
        return (void)BAD(c, "a second value that is not \"stop\" or "
                            "\"relay\"");
    }
    read_lap_more(L, c, second + 1, out);
    if (c->bad[0] || lua_isnil(L, first))
        return;
    if (!lua_istable(L, first))
        return (void)BAD(c, "something other than a list of holes (or nil)");
    lua_Integer n = (lua_Integer)lua_rawlen(L, first);
    if (n > c->s->holes)
        return (void)BAD(c, "more holes than the board has");
    for (lua_Integer i = 1; i <= n; i++) {
        lua_rawgeti(L, first, i);
        int v = read_hole(L, c, "a list with an item");
        lua_pop(L, 1);
        if (v < 0)
            return;
        for (int k = 0; k < out->ncap; k++)
            if (out->cap[k] == v)
                return (void)BAD(c, "hole %d twice", v);
        out->cap[out->ncap++] = (uint8_t)v;
    }
}

/* C1.4: whether what a hook decided may be done on g (a cached answer
 * is checked again: the claims may differ); an error at the hook's line
 * otherwise. */
static int claims_ok(sow_lua *x, int hook, const sow_game *g,
                     uint64_t claim_set, uint64_t release, uint64_t taken,
                     sow_error *err)
{
    char why[160];
    if (!(claim_set | release | (taken & (g->claims[0] | g->claims[1]))) ||
        !sow_claims_problem(g, claim_set, release, taken, why, sizeof why))
        return SOW_OK;
    return sow_error_set(err, x->path, hook_line(x, hook), 0,
                         "function %s returned %s (variant %s, hook %s)",
                         x->v->hook_fn[hook], why, x->v->id,
                         sow_hook_names[hook]);
}

static int lap_claims_ok(sow_lua *x, const sow_game *g,
                         const sow_lap_decision *d, sow_error *err)
{
    uint64_t taken = 0;
    for (int i = 0; i < d->ncap; i++)
        taken |= (uint64_t)1 << d->cap[i];
    return claims_ok(x, SOW_HOOK_LAP_END, g, d->claim_set, d->release, taken,
                     err);
}

/* A miss of a cache: run the hook with the recording view and keep what
 * it returned (c->out) under the values it read; the arguments hole (and
 * count, when the hook takes it) are read first. A call using math.random
 * is not kept; *impure is set when the call contradicts the cache. */
static inline __attribute__((always_inline)) int
recorded_call(sow_lua *x, hook_call *c, sow_memo *memo, const sow_at *at,
              bool with_count, bool *impure, sow_error *err)
{
    x->recording = true;
    x->rec_impure = false;
    x->rec_g = c->g;
    x->rec_mv = c->mv;
    x->rec_at = *at;
    x->rec_log.n = 0;
    sow_view_log(x, SOW_LOC_HOLE, at->hole);
    if (with_count)
        sow_view_log(x, SOW_LOC_COUNT, at->count);
    int rc = call_hook(c, err);
    x->recording = false;
    x->rec_g = NULL;
    x->rec_mv = NULL;
    if (rc == SOW_OK && !x->rec_impure &&
        sow_memo_add(memo, &x->rec_log, c->out))
        *impure = true;
    return rc;
}

static int lua_lap_end(void *ctx, const sow_setup *s, const sow_game *g,
                       const sow_before *mv, const sow_at *at,
                       sow_lap_decision *out, sow_error *err)
{
    sow_lua *x = ctx;
    if (!x->v->hook_fn[SOW_HOOK_LAP_END]) /* (set for the drop hook) */
        return sow_error_set(err, s->v->path, 0, 0,
                             "a lap_end rule says hook but the script has "
                             "no lap_end hook");
    if (!x->memo_off && x->memo) {
        if (run_tick(x, SOW_HOOK_LAP_END, err))
            return SOW_ERR;
        const sow_lap_decision *hit = sow_memo_find(x->memo, g, mv, at);
        if (hit) {
            memcpy(out, hit, SOW_LAP_DECISION_HEAD + (size_t)hit->ncap);
            if (hit->out_set)
                memcpy(out->out, hit->out, sizeof out->out);
            return lap_claims_ok(x, g, out, err);
        }
    }
    hook_call c = {.x = ctx, .hook = SOW_HOOK_LAP_END, .s = s, .g = g,
                   .mv = mv, .at = at, .nargs = 2,
                   .args = {at->hole, at->count}, .nres = 3,
                   .read = read_lap_end, .out = out};
    int rc;
    if (x->memo_off || !x->memo) {
        rc = call_hook(&c, err);
    } else {
        bool impure = false;
        rc = recorded_call(x, &c, x->memo, at, true, &impure, err);
        if (impure)
            x->memo_off = true; /* decisions that are no function of the
                                   view */
    }
    return rc != SOW_OK ? rc : lap_claims_ok(x, g, out, err);
}

/* ---- the drop hook: each seed sown ------------------------------------- */

/* nil or "sow" (drop it here), "skip" (pass the hole, the seed stays in
 * hand), "store" then optionally a player (that player's store, else the
 * mover's), "out" (out of play, C1.13). */
static void read_drop(lua_State *L, hook_call *c)
{
    sow_drop *out = c->out;
    *out = (sow_drop){SOW_DROP_SOW, (uint8_t)c->g->to_move};
    const int first = lua_gettop(L) - 1, second = first + 1;
    if (lua_isnil(L, first))
        return;
    static const char *const words[] = {"sow", "skip", "store", "out"};
    const char *w = lua_type(L, first) == LUA_TSTRING ? lua_tostring(L, first)
                                                      : "";
    int k = 0;
    while (k < 4 && strcmp(w, words[k]) != 0)
        k++;
    if (k == 4)
        return (void)BAD(c, "something other than nil, \"sow\", \"skip\", "
                            "\"store\" or \"out\"");
    out->action = (uint8_t)k;
    if (lua_isnil(L, second))
        return;
    int isnum;
    lua_Integer p = lua_tointegerx(L, second, &isnum);
    if (k != SOW_DROP_STORE)
        return (void)BAD(c, "a second value after \"%s\" (only \"store\" "
                            "takes one: the player whose store)", w);
    if (!isnum || lua_type(L, second) != LUA_TNUMBER || p < 0 || p > 1)
        return (void)BAD(c, "\"store\" with a player other than 0 or 1");
    out->player = (uint8_t)p;
}

static int lua_drop(void *ctx, const sow_setup *s, const sow_game *g,
                    const sow_before *mv, const sow_at *at, sow_drop *out,
                    sow_error *err)
{
    sow_lua *x = ctx;
    if (!x->memo_off && x->drop_memo) {
        /* every call ticks, as lap_end's: a hook that passes hole after
         * hole over meets the run's deadline, memo hits included */
        if (run_tick(x, SOW_HOOK_DROP, err))
            return SOW_ERR;
        const sow_drop *hit = sow_memo_find(x->drop_memo, g, mv, at);
        if (hit) {
            *out = *hit;
            return SOW_OK;
        }
    }
    hook_call c = {.x = ctx, .hook = SOW_HOOK_DROP, .s = s, .g = g,
                   .mv = mv, .at = at, .nargs = 2,
                   .args = {at->hole, at->count}, .nres = 2,
                   .read = read_drop, .out = out};
    if (x->memo_off || !x->drop_memo)
        return call_hook(&c, err);
    bool impure = false;
    int rc = recorded_call(x, &c, x->drop_memo, at, true, &impure, err);
    if (impure) { /* answers that are no function of the view */
        sow_memo_free(x->drop_memo);
        x->drop_memo = NULL;
    }
    return rc;
}

static void read_score(lua_State *L, hook_call *c)
{
    int32_t *out = c->out;
    for (int p = 0; p < 2; p++) {
        int isnum;
        lua_Integer v = lua_tointegerx(L, -2 + p, &isnum);
        if (!isnum || v < -1000000000 || v > 1000000000)
            return (void)BAD(c, "something other than two whole numbers");
        out[p] = (int32_t)v;
    }
}

static int lua_score(void *ctx, const sow_setup *s, const sow_game *g,
                     int32_t out[2], sow_error *err)
{
    hook_call c = {.x = ctx, .hook = SOW_HOOK_SCORE, .s = s, .g = g,
                   .nres = 2, .read = read_score, .out = out};
    return call_hook(&c, err);
}

/* A player number (0 or 1) in field `name` of the table at `t`, or -1 when
 * absent; -2 with c->bad set when it is not a player. */
static int read_player(lua_State *L, hook_call *c, int t, const char *name)
{
    lua_getfield(L, t, name);
    int isnum;
    lua_Integer v = lua_tointegerx(L, -1, &isnum);
    int type = lua_type(L, -1);
    lua_pop(L, 1);
    if (type == LUA_TNIL)
        return -1;
    if (!isnum || type != LUA_TNUMBER || v < 0 || v > 1) {
        BAD(c, "a table whose %s is not a player (0 or 1)", name);
        return -2;
    }
    return (int)v;
}

/* Check that the table at t has only the given keys. */
static bool only_keys(lua_State *L, hook_call *c, int t,
                      const char *const *keys)
{
    lua_pushnil(L);
    while (lua_next(L, t)) {
        lua_pop(L, 1);
        bool ok = false;
        if (lua_type(L, -1) == LUA_TSTRING) {
            const char *name = lua_tostring(L, -1);
            for (const char *const *k = keys; *k && !ok; k++)
                ok = strcmp(*k, name) == 0;
        }
        if (!ok) {
            if (lua_type(L, -1) == LUA_TSTRING)
                BAD(c, "a table with the unknown field '%.*s'",
                    SOW_CLIP(lua_tostring(L, -1), 40));
            else
                BAD(c, "a table with a field that is not a name");
            lua_pop(L, 1);
            return false;
        }
    }
    return true;
}

/* Field `name` of the table at t, {[h] = v, ...} with whole numbers v
 * from lo to hi (`range` says which when one is not): each hole into
 * *set, its value into vals8[h] or vals16[h]. False when c->bad says what
 * is wrong (`what` names it: "an owner"). */
static bool read_hole_map(lua_State *L, hook_call *c, int t, const char *name,
                          const char *what, lua_Integer lo, lua_Integer hi,
                          const char *range, uint64_t *set, uint8_t *vals8,
                          uint16_t *vals16)
{
    if (lua_getfield(L, t, name) != LUA_TNIL) {
        if (!lua_istable(L, -1)) {
            BAD(c, "%s field that is not a table", what);
            return false;
        }
        lua_pushnil(L);
        while (lua_next(L, -2)) {
            int isnum;
            lua_Integer p = lua_tointegerx(L, -1, &isnum);
            if (!isnum || p < lo || p > hi) {
                BAD(c, "%s that is not %s", what, range);
                return false;
            }
            lua_pop(L, 1);
            char key[40];
            snprintf(key, sizeof key, "%s table with a key", what);
            int h = read_hole(L, c, key);
            if (h < 0)
                return false;
            *set |= (uint64_t)1 << h;
            if (vals8)
                vals8[h] = (uint8_t)p;
            else
                vals16[h] = (uint16_t)p;
        }
    }
    lua_pop(L, 1);
    return true;
}

/* Field `name` of the table at t, {[h] = p, ...} (the holes' owners, or
 * their claimants): each hole's player into *set and players[h]. */
static bool read_hole_players(lua_State *L, hook_call *c, int t,
                              const char *name, const char *what,
                              uint64_t *set, uint8_t *players)
{
    return read_hole_map(L, c, t, name, what, 0, 1, "a player (0 or 1)", set,
                         players, NULL);
}

/* Field `key` of the table at t, a list of distinct holes (release,
 * C1.4; close and open, C1.5), into *set. False when c->bad says what is
 * wrong. */
static bool read_hole_list(lua_State *L, hook_call *c, int t, const char *key,
                           uint64_t *set)
{
    if (lua_getfield(L, t, key) != LUA_TNIL) {
        if (!lua_istable(L, -1)) {
            BAD(c, "a %s field that is not a list of holes", key);
            return false;
        }
        lua_Integer n = (lua_Integer)lua_rawlen(L, -1);
        if (n > c->s->holes) {
            BAD(c, "a %s of more holes than the board has", key);
            return false;
        }
        char what[40];
        snprintf(what, sizeof what, "a %s list with an item", key);
        for (lua_Integer i = 1; i <= n; i++) {
            lua_rawgeti(L, -1, i);
            int h = read_hole(L, c, what);
            lua_pop(L, 1);
            if (h < 0)
                return false;
            if ((*set >> h) & 1) {
                BAD(c, "a %s of hole %d twice", key, h);
                return false;
            }
            *set |= (uint64_t)1 << h;
        }
    }
    lua_pop(L, 1);
    return true;
}

static bool read_release(lua_State *L, hook_call *c, int t, uint64_t *set)
{
    return read_hole_list(L, c, t, "release", set);
}

/* The changes of a table at t: owner = {[h] = p}, to_move, phase,
 * state = {name = n}. */
static void read_changes(lua_State *L, hook_call *c, int t, sow_changes *ch)
{
    const sow_setup *s = c->s;
    const sow_variant *v = s->v;
    if (!read_hole_players(L, c, t, "owner", "an owner", &ch->owner_set,
                           ch->owner) ||
        !read_hole_players(L, c, t, "claim", "a claim", &ch->claim_set,
                           ch->claim)) /* C1.4, GB.2 */
        return;
    if (!read_release(L, c, t, &ch->release_set) ||
        !read_hole_players(L, c, t, "capture", "a capture",
                           &ch->capture_set, ch->capture_to) ||
        !read_hole_list(L, c, t, "close", &ch->close_set) ||
        !read_hole_list(L, c, t, "open", &ch->open_set) ||
        !read_hole_map(L, c, t, "out", "an out", 1, SOW_MAX_SEEDS,
                       "a count of seeds (1 or more)", &ch->out_set, NULL,
                       ch->out)) /* C1.13 */
        return;
    char holes_why[160];
    if ((ch->capture_set | ch->close_set | ch->open_set | ch->out_set) &&
        c->g &&
        sow_holes_problem(s, c->g, ch, holes_why, sizeof holes_why))
        return (void)BAD(c, "%s", holes_why); /* C1.4, C1.5 */
    if ((ch->claim_set | ch->release_set) && !s->claims) /* else the claim
                                                     would do nothing */
        return (void)BAD(c, "a claim, but the variant has no claimed holes "
                            "(C1.4): add claims: true under board:");
    char why[160];
    if ((ch->claim_set | ch->release_set) && c->g &&
        sow_claims_problem(c->g, ch->claim_set, ch->release_set, 0, why,
                           sizeof why))
        return (void)BAD(c, "%s", why); /* C1.4, C1.5 */
    if ((ch->to_move = read_player(L, c, t, "to_move")) == -2)
        return;
    if (lua_getfield(L, t, "phase") != LUA_TNIL) {
        int isnum;
        lua_Integer p = lua_tointegerx(L, -1, &isnum);
        if (!isnum || p < 0 || p > 255)
            return (void)BAD(c, "a phase that is not a whole number from 0 "
                                "to 255");
        ch->phase = (int)p;
    }
    lua_pop(L, 1);
    if (lua_getfield(L, t, "state") != LUA_TNIL) {
        if (!lua_istable(L, -1))
            return (void)BAD(c, "a state field that is not a table");
        lua_pushnil(L);
        while (lua_next(L, -2)) {
            int isnum;
            lua_Integer n = lua_tointegerx(L, -1, &isnum);
            lua_pop(L, 1);
            int i = -1;
            if (lua_type(L, -1) == LUA_TSTRING)
                for (int k = 0; k < v->nstate; k++)
                    if (strcmp(v->state[k], lua_tostring(L, -1)) == 0)
                        i = k;
            if (i < 0)
                return (void)BAD(c, "a state name the variant does not "
                                    "declare under state:");
            if (!isnum || n < -1000000000 || n > 1000000000)
                return (void)BAD(c, "a state value that is not a whole "
                                    "number");
            ch->state_set |= 1u << i;
            ch->state[i] = (int32_t)n;
        }
    }
    lua_pop(L, 1);
}

static void read_board(lua_State *L, hook_call *c, int t, sow_changes *ch)
{
    if (lua_getfield(L, t, "board") == LUA_TNIL) {
        lua_pop(L, 1);
        return;
    }
    if (!lua_istable(L, -1))
        return (void)BAD(c, "a board field that is not a table");
    for (int h = 0; h < c->s->holes; h++) {
        lua_rawgeti(L, -1, h);
        int isnum;
        lua_Integer v = lua_tointegerx(L, -1, &isnum);
        lua_pop(L, 1);
        if (!isnum || v < 0 || v > SOW_MAX_SEEDS)
            return (void)BAD(c, "a board without a count from 0 to %d "
                                "for hole %d",
                             SOW_MAX_SEEDS, h);
        ch->board[h] = (uint16_t)v;
    }
    ch->has_board = true;
    lua_pop(L, 1);
}

static void read_play(lua_State *L, hook_call *c)
{
    static const char *const keys[] = {"board", "owner", "to_move", "phase",
                                       "state", "claim", "release",
                                       "capture", "close", "open", "out",
                                       NULL};
    int t = lua_gettop(L);
    if (!lua_istable(L, t))
        return (void)BAD(c, "something other than a table of changes");
    if (!only_keys(L, c, t, keys))
        return;
    read_board(L, c, t, c->out);
    const sow_changes *ch = c->out;
    if (!c->bad[0] && ch->has_board) {
        /* checked here too (the engine checks it anyway) so that the error
         * names the hook and its line */
        long sum = sow_board_seeds(c->s, ch->board);
        if (sum != c->g->on_board)
            return (void)BAD(c, "a board of %ld seeds, but %d are on the "
                                "board: a move may not make or lose seeds",
                             sum, (int)c->g->on_board);
    }
    if (!c->bad[0])
        read_changes(L, c, t, c->out);
}

/* A scripted move (Andada's opening relay) is cached as lap_end decisions
 * are: a play hook decides from the view and the hole alone
 * (docs/writing-variants.md). */
static int lua_play(void *ctx, const sow_setup *s, const sow_game *g,
                    int hole, sow_changes *out, sow_error *err)
{
    sow_lua *x = ctx;
    const sow_at at = {hole, 0, 0, 0}; /* (no sowing: no lap, no hand) */
    if (!x->memo_off && x->play_memo) {
        const sow_changes *hit = sow_memo_find(x->play_memo, g, NULL, &at);
        if (hit) {
            *out = *hit;
            return claims_ok(x, SOW_HOOK_PLAY, g, out->claim_set,
                             out->release_set, 0, err);
        }
    }
    hook_call c = {.x = ctx, .hook = SOW_HOOK_PLAY, .s = s, .g = g,
                   .nargs = 1, .args = {hole}, .nres = 1, .read = read_play,
                   .out = out};
    if (x->memo_off || !x->play_memo)
        return call_hook(&c, err);
    bool impure = false;
    int rc = recorded_call(x, &c, x->play_memo, &at, false, &impure, err);
    if (impure) { /* moves that are no function of the view */
        sow_memo_free(x->play_memo);
        x->play_memo = NULL;
    }
    return rc;
}

static void read_new_game(lua_State *L, hook_call *c)
{
    static const char *const keys[] = {"over", "winner", "reason", "holes",
                                       "owner", "starter", "to_move",
                                       "phase", "state", NULL};
    sow_next_game *ng = c->out;
    int t = lua_gettop(L);
    if (!lua_istable(L, t))
        return (void)BAD(c, "something other than a table");
    if (!only_keys(L, c, t, keys))
        return;
    /* with rounds: holes and starter may be left to the rounds */
    const bool rounds = c->s->rounds;
    if (lua_getfield(L, t, "holes") != LUA_TTABLE &&
        !(rounds && lua_isnil(L, -1)))
        return (void)BAD(c, "a table without holes = {[0] = n, [1] = n}");
    for (int p = 0; p < 2 && lua_istable(L, -1); p++) {
        lua_rawgeti(L, -1, p);
        int isnum;
        lua_Integer n = lua_tointegerx(L, -1, &isnum);
        lua_pop(L, 1);
        if (!isnum || n < 0 || n > c->s->holes)
            return (void)BAD(c, "holes that are not two counts of holes");
        ng->holes[p] = (int)n;
    }
    lua_pop(L, 1);
    lua_getfield(L, t, "over");
    ng->over = lua_toboolean(L, -1);
    lua_pop(L, 1);
    if (ng->over) {
        if ((ng->winner = read_player(L, c, t, "winner")) == -2)
            return;
        if (lua_getfield(L, t, "reason") != LUA_TSTRING)
            return (void)BAD(c, "over = true without a reason string");
        size_t rl;
        const char *r = lua_tolstring(L, -1, &rl);
        if (rl == 0 || rl >= sizeof ng->reason || !sow_text_is_safe(r, rl))
            return (void)BAD(c, "a reason that is not one line of printable "
                                "UTF-8 text of 1 to %d bytes",
                             (int)sizeof ng->reason - 1);
        memcpy(ng->reason, r, rl + 1);
        lua_pop(L, 1);
        return;
    }
    const int starter = read_player(L, c, t, "starter");
    if (starter == -2 || (starter == -1 && !rounds)) {
        if (starter == -1)
            BAD(c, "a table without a starter (0 or 1)");
        return;
    }
    if (starter >= 0)
        ng->starter = starter;
    read_changes(L, c, t, &ng->set);
}

static int lua_new_game(void *ctx, const sow_setup *s, const sow_game *prev,
                        const sow_match_info *info, sow_next_game *out,
                        sow_error *err)
{
    hook_call c = {.x = ctx, .hook = SOW_HOOK_NEW_GAME, .s = s, .g = prev,
                   .info = info, .nres = 1, .read = read_new_game,
                   .out = out};
    return call_hook(&c, err);
}

typedef struct moves_out {
    uint16_t *moves;
    int n;
} moves_out;

static int cmp_u16(const void *a, const void *b)
{
    return (int)*(const uint16_t *)a - (int)*(const uint16_t *)b;
}

static void read_decisions(lua_State *L, hook_call *c)
{
    moves_out *mo = c->out;
    mo->n = 0;
    if (!lua_istable(L, -1))
        return (void)BAD(c, "something other than a list of decision tokens");
    lua_Integer n = (lua_Integer)lua_rawlen(L, -1);
    if (n > SOW_MAX_DECISION_MOVES)
        return (void)BAD(c, "more than %d decision moves",
                         SOW_MAX_DECISION_MOVES);
    for (lua_Integer i = 1; i <= n; i++) {
        lua_rawgeti(L, -1, i);
        if (lua_type(L, -1) != LUA_TSTRING)
            return (void)BAD(c, "a list with an item that is not a token "
                                "such as \"buy:6\"");
        sow_move m;
        sow_error e;
        if (sow_move_parse(c->s, lua_tostring(L, -1), &m, &e) ||
            !sow_move_is_decision(m))
            return (void)BAD(c, "the token '%.*s', which is not a declared "
                                "decision",
                             SOW_CLIP(lua_tostring(L, -1), 40));
        lua_pop(L, 1);
        mo->moves[mo->n++] = (uint16_t)m;
    }
    qsort(mo->moves, (size_t)mo->n, sizeof *mo->moves, cmp_u16);
    for (int i = 1; i < mo->n; i++)
        if (mo->moves[i] == mo->moves[i - 1])
            return (void)BAD(c, "the same decision twice");
}

static int lua_decisions(void *ctx, const sow_setup *s, const sow_game *g,
                         uint16_t *out, int *n, sow_error *err)
{
    moves_out mo = {out, 0};
    hook_call c = {.x = ctx, .hook = SOW_HOOK_DECISIONS, .s = s, .g = g,
                   .nres = 1, .read = read_decisions, .out = &mo};
    int rc = call_hook(&c, err);
    *n = mo.n;
    return rc;
}

static void read_decide(lua_State *L, hook_call *c)
{
    /* (decide and after_move: the changes of docs/writing-variants.md) */
    static const char *const keys[] = {"owner", "to_move", "phase", "state",
                                       "claim", "release", "capture",
                                       "close", "open", "out", NULL};
    int t = lua_gettop(L);
    if (lua_isnil(L, t))
        return;
    if (!lua_istable(L, t))
        return (void)BAD(c, "something other than a table of changes");
    if (!only_keys(L, c, t, keys))
        return;
    read_changes(L, c, t, c->out);
}

static int lua_decide(void *ctx, const sow_setup *s, const sow_game *g,
                      sow_move m, sow_changes *out, sow_error *err)
{
    char tok[64];
    sow_move_format(tok, sizeof tok, s, m);
    hook_call c = {.x = ctx, .hook = SOW_HOOK_DECIDE, .s = s, .g = g,
                   .sarg = tok, .nres = 1, .read = read_decide, .out = out};
    return call_hook(&c, err);
}

/* ---- the move hooks: filter, after_move, game_end ---------------------- */

typedef struct filter_out {
    sow_filter_verdict *v;
    char *why;      /* NULL: the reason is not wanted */
    int why_size;
} filter_out;

/* A reason a hook gives: one line of printable text that fits `size`
 * bytes with its end; false (c->bad set) otherwise. */
static bool read_reason(lua_State *L, hook_call *c, int at, char *buf,
                        int size)
{
    size_t rl;
    const char *r = lua_tolstring(L, at, &rl);
    if (rl == 0 || rl > 127 || !sow_text_is_safe(r, rl)) {
        BAD(c, "a reason that is not one line of printable UTF-8 text of 1 "
               "to 127 bytes");
        return false;
    }
    if (buf && size > 0)
        snprintf(buf, (size_t)size, "%s", r);
    return true;
}

/* filter: true (keep), false (refuse) or a rank (a whole number: keep,
 * and only the moves of the highest rank stay), then optionally a
 * reason. */
static void read_filter(lua_State *L, hook_call *c)
{
    filter_out *fo = c->out;
    int isnum;
    lua_Integer rank = lua_tointegerx(L, -2, &isnum);
    if (lua_type(L, -2) == LUA_TBOOLEAN) {
        fo->v->keep = lua_toboolean(L, -2);
        fo->v->rank = 0;
    } else if (lua_type(L, -2) == LUA_TNUMBER && isnum &&
               rank >= -1000000000 && rank <= 1000000000) {
        fo->v->keep = true;
        fo->v->rank = (int32_t)rank;
    } else {
        return (void)BAD(c, "something other than true (keep the move), "
                            "false (refuse it) or a rank (a whole number)");
    }
    if (lua_isnil(L, -1))
        return;
    if (lua_type(L, -1) != LUA_TSTRING)
        return (void)BAD(c, "a second value that is not a reason string");
    read_reason(L, c, -1, fo->why, fo->why_size);
}

static int lua_filter(void *ctx, const sow_setup *s, const sow_game *before,
                      const sow_game *after, int hole,
                      sow_filter_verdict *out, char *why, int why_size,
                      sow_error *err)
{
    filter_out fo = {out, why, why_size};
    sow_before mv;
    sow_before_of(&mv, before, hole);
    hook_call c = {.x = ctx, .hook = SOW_HOOK_FILTER, .s = s, .g = after,
                   .mv = &mv, .nargs = 1,
                   .args = {hole}, .nres = 2, .read = read_filter,
                   .out = &fo};
    return call_hook(&c, err);
}

static int lua_after_move(void *ctx, const sow_setup *s,
                          const sow_game *before, const sow_game *after,
                          int origin, sow_changes *out, sow_error *err)
{
    sow_before mv;
    sow_before_of(&mv, before, origin);
    hook_call c = {.x = ctx, .hook = SOW_HOOK_AFTER_MOVE, .s = s,
                   .g = after, .mv = &mv,
                   .nres = 1, .read = read_decide, .out = out};
    return call_hook(&c, err);
}

/* game_end: nil or false (the game goes on), or {over = true|false,
 * winner = p, score = {[0] = n, [1] = n}}. */
static void read_game_end(lua_State *L, hook_call *c)
{
    static const char *const keys[] = {"over", "winner", "score", NULL};
    sow_game_end *ge = c->out;
    int t = lua_gettop(L);
    if (lua_isnil(L, t) ||
        (lua_type(L, t) == LUA_TBOOLEAN && !lua_toboolean(L, t)))
        return;
    if (!lua_istable(L, t))
        return (void)BAD(c, "something other than nil or a table {over = "
                            "true, ...}");
    if (!only_keys(L, c, t, keys))
        return;
    if (lua_getfield(L, t, "over") != LUA_TBOOLEAN)
        return (void)BAD(c, "a table whose over is not true or false");
    bool over = lua_toboolean(L, -1);
    lua_pop(L, 1);
    int winner = read_player(L, c, t, "winner");
    if (winner == -2)
        return;
    int32_t score[2] = {0, 0};
    bool has_score = lua_getfield(L, t, "score") != LUA_TNIL;
    if (has_score) {
        if (!lua_istable(L, -1))
            return (void)BAD(c, "a score that is not {[0] = n, [1] = n}");
        for (int p = 0; p < 2; p++) {
            lua_rawgeti(L, -1, p);
            int isnum;
            lua_Integer v = lua_tointegerx(L, -1, &isnum);
            bool num = lua_type(L, -1) == LUA_TNUMBER;
            lua_pop(L, 1);
            if (!isnum || !num || v < -1000000000 || v > 1000000000)
                return (void)BAD(c, "a score that is not two whole numbers "
                                    "{[0] = n, [1] = n}");
            score[p] = (int32_t)v;
        }
    }
    lua_pop(L, 1);
    if (!over)
        return;
    ge->over = true;
    ge->winner = winner;
    ge->has_score = has_score;
    ge->score[0] = score[0];
    ge->score[1] = score[1];
}

static int lua_game_end(void *ctx, const sow_setup *s, const sow_game *before,
                        const sow_game *after, int origin, sow_game_end *out,
                        sow_error *err)
{
    sow_before mv;
    sow_before_of(&mv, before, origin);
    hook_call c = {.x = ctx, .hook = SOW_HOOK_GAME_END, .s = s, .g = after,
                   .mv = &mv, .nres = 1,
                   .read = read_game_end, .out = out};
    return call_hook(&c, err);
}

void sow_lua_set_budget(sow_lua *x, const sow_budget *b)
{
    x->budget = b;
}

void sow_lua_set_memo(sow_lua *x, bool on)
{
    x->memo_wanted = on;
    x->memo_off = !on;
}

/* Empty caches, as a new bridge has: a hook that proved impure gets its
 * cache back (a case alone would have it). */
static int fresh_memos(sow_lua *x, sow_error *err)
{
    sow_memo_free(x->memo);
    sow_memo_free(x->play_memo);
    sow_memo_free(x->drop_memo);
    x->memo = sow_memo_new(sizeof(sow_lap_decision));
    x->play_memo = sow_memo_new(sizeof(sow_changes));
    x->drop_memo = x->v->hook_fn[SOW_HOOK_DROP]
                       ? sow_memo_new(sizeof(sow_drop))
                       : NULL;
    x->memo_off = !x->memo_wanted;
    if (!x->memo || !x->play_memo ||
        (!x->drop_memo && x->v->hook_fn[SOW_HOOK_DROP]))
        return sow_error_set(err, x->path, 0, 0, "out of memory");
    return SOW_OK;
}

int sow_lua_reset(sow_lua *x, sow_error *err)
{
    x->run_over = false;
    sow_sandbox_fresh(x);
    if (fresh_memos(x, err))
        return SOW_ERR;
    /* the view is made anew for the next call (push_view): new tables,
     * every value written */
    x->view_setup = NULL;
    x->view_fresh = x->before_fresh = x->extras_on = false;
    int rc = LUA_ERRRUN;
    if (x->L && x->tripped == LIMIT_NONE) {
        lua_settop(x->L, 1);
        lua_pushcfunction(x->L, restore_globals);
        lua_pushlightuserdata(x->L, x);
        rc = lua_pcall(x->L, 1, 0, 1);
        lua_settop(x->L, 1);
    }
    if (rc == LUA_OK && x->tripped == LIMIT_NONE)
        return SOW_OK;
    /* no state (a rebuild after a limit failed), or the restore tripped
     * the memory limit: run the script again, as opening it would */
    unbuild(x);
    if (build(x, err)) {
        unbuild(x);
        return SOW_ERR;
    }
    return SOW_OK;
}

void sow_lua_collect(sow_lua *x)
{
    if (x && x->L)
        lua_gc(x->L, LUA_GCCOLLECT);
}

sow_rules sow_lua_rules(sow_lua *x)
{
    sow_rules r;
    memset(&r, 0, sizeof r);
    r.ctx = x;
    const sow_variant *v = x->v;
    /* (set beside a drop hook too: sow_move_of copies the board before
     * the move, which both hooks read, where lap_end is set) */
    if (v->hook_fn[SOW_HOOK_LAP_END] || v->hook_fn[SOW_HOOK_DROP])
        r.lap_end = lua_lap_end;
    if (v->hook_fn[SOW_HOOK_SCORE])
        r.score = lua_score;
    if (v->hook_fn[SOW_HOOK_NEW_GAME])
        r.new_game = lua_new_game;
    if (v->hook_fn[SOW_HOOK_DECISIONS])
        r.decisions = lua_decisions;
    if (v->hook_fn[SOW_HOOK_DECIDE])
        r.decide = lua_decide;
    if (v->hook_fn[SOW_HOOK_PLAY])
        r.play = lua_play;
    if (v->hook_fn[SOW_HOOK_FILTER])
        r.filter = lua_filter;
    if (v->hook_fn[SOW_HOOK_AFTER_MOVE])
        r.after_move = lua_after_move;
    if (v->hook_fn[SOW_HOOK_GAME_END])
        r.game_end = lua_game_end;
    if (v->hook_fn[SOW_HOOK_DROP])
        r.drop = lua_drop;
    return r;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

int sow_lua_globals(sow_lua *x, char *buf, size_t size)
{
    lua_State *L = x->L;
    const char *names[256];
    int n = 0;
    lua_pushglobaltable(L);
    lua_pushnil(L);
    while (lua_next(L, -2)) {
        lua_pop(L, 1);
        if (lua_type(L, -1) == LUA_TSTRING && n < 256)
            names[n++] = lua_tostring(L, -1); /* kept alive by _G */
    }
    qsort(names, (size_t)n, sizeof *names, cmp_str);
    size_t len = 0;
    buf[0] = 0;
    for (int i = 0; i < n && len + 1 < size; i++) {
        int w = snprintf(buf + len, size - len, "%s%s", i ? " " : "",
                         names[i]);
        if (w < 0)
            break;
        len += (size_t)w;
    }
    lua_pop(L, 1);
    return n;
}

int sow_lua_eval(sow_lua *x, const char *code, char *out, size_t size,
                 sow_error *err)
{
    if (!x->L)
        return sow_error_set(err, x->path, 0, 0, "no Lua state");
    lua_State *L = x->L;
    if (out && size)
        out[0] = 0;
    int rc = luaL_loadbufferx(L, code, strlen(code), "=" SOW_LUA_CHUNK, "t");
    if (rc != LUA_OK) {
        char msg[SOW_MSG_MAX];
        snprintf(msg, sizeof msg, "%s", sow_sandbox_limit_message(x, rc, lua_tostring(L, -1)));
        lua_settop(L, 1);
        report(x, err, msg, "eval");
        recover(x);
        return SOW_ERR;
    }
    sow_sandbox_fresh(x);
    rc = lua_pcall(L, 0, 1, 1);
    if (rc != LUA_OK || x->tripped != LIMIT_NONE) {
        char msg[SOW_MSG_MAX];
        const char *m = rc == LUA_OK ? sow_sandbox_limit_text(x->tripped) : lua_tostring(L, -1);
        snprintf(msg, sizeof msg, "%s", sow_sandbox_limit_message(x, rc, m));
        lua_settop(L, 1);
        report(x, err, msg, "eval");
        recover(x);
        return SOW_ERR;
    }
    if (out && size && lua_type(L, -1) == LUA_TSTRING)
        snprintf(out, size, "%s", lua_tostring(L, -1));
    lua_settop(L, 1);
    return SOW_OK;
}
