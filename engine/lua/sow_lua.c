/* sow_lua.c - the Lua bridge (see sow_lua.h): the state a variant's script
 * runs in, built, rebuilt after a limit trips and reset between games;
 * errors mapped to the script. Calling a hook is in sow_lcall.c, reading
 * what it returned in sow_lread.c, each hook's adapter in sow_lhooks.c,
 * the board view in sow_view.c, the sandbox and its limits in
 * sow_sandbox.c. */
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
int sow_lua_report(sow_lua *x, sow_error *err, const char *msg,
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
    return sow_lua_report(x, err, msg, "start");
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
        return sow_lua_report(x, err, m ? m : "cannot load the script", NULL);
    }
    sow_sandbox_start(x);
    rc = lua_pcall(L, 0, 0, 1);
    if (rc != LUA_OK)
        return start_failed(x, rc, err);
    lua_settop(L, 1);
    if (x->tripped != LIMIT_NONE) /* the script's pcall swallowed it */
        return sow_lua_report(x, err, sow_sandbox_limit_text(x->tripped), "start");
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
    x->memo = sow_memo_new(SOW_LAP_DECISION_KEPT);
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
void sow_lua_recover(sow_lua *x)
{
    if (x->tripped == LIMIT_NONE)
        return;
    unbuild(x);
    sow_error ignored;
    if (build(x, &ignored))
        unbuild(x); /* worked before; if it fails now, calls will error */
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
    x->memo = sow_memo_new(SOW_LAP_DECISION_KEPT);
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
        sow_lua_report(x, err, msg, "eval");
        sow_lua_recover(x);
        return SOW_ERR;
    }
    sow_sandbox_fresh(x);
    rc = lua_pcall(L, 0, 1, 1);
    if (rc != LUA_OK || x->tripped != LIMIT_NONE) {
        char msg[SOW_MSG_MAX];
        const char *m = rc == LUA_OK ? sow_sandbox_limit_text(x->tripped) : lua_tostring(L, -1);
        snprintf(msg, sizeof msg, "%s", sow_sandbox_limit_message(x, rc, m));
        lua_settop(L, 1);
        sow_lua_report(x, err, msg, "eval");
        sow_lua_recover(x);
        return SOW_ERR;
    }
    if (out && size && lua_type(L, -1) == LUA_TSTRING)
        snprintf(out, size, "%s", lua_tostring(L, -1));
    lua_settop(L, 1);
    return SOW_OK;
}
