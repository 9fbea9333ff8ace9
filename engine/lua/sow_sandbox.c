/* sow_sandbox.c - the sandbox a variant's script runs in (see
 * sow_sandbox.h; docs/hostile-input.md, The sandbox): the globals and
 * libraries a script is given, and the library functions that charge
 * their work to stay within the limits (sow_sandbox_limits.c keeps
 * those: the allocator, the count hook and the clocks). */
#include "sow_sandbox_int.h"

#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const sow_lua_allowed_globals[] = {
    "_G",     "_VERSION", "assert",  "error",    "ipairs", "math",
    "next",   "options",  "pairs",   "pcall",    "rawequal", "rawget",
    "rawlen", "select",   "string",  "table",    "tonumber", "tostring",
    "type",   "utf8",     "xpcall",  NULL};

/* Globals the opened libraries define that a script must not see. */
/* rawset too: it could write into the read-only board view. */
static const char *const removed_globals[] = {
    "collectgarbage", "dofile", "getmetatable", "load", "loadfile", "print",
    "rawset", "require", "setmetatable", "warn", NULL};

/* String functions that are not given: dump makes bytecode; the pattern
 * functions can run for seconds without reaching the instruction hook;
 * pack/unpack are not needed. */
static const char *const removed_string[] = {
    "dump", "find", "gmatch", "gsub", "match", "pack", "packsize", "unpack",
    NULL};

/* Math functions that are not given: rules are deterministic, and a hook
 * drawing random numbers would make a game that `sow selfplay --jsonl`
 * recorded replay differently (the numbers depend on every call made
 * before in the same Lua state: other games, a search's look-ahead). A
 * variant whose rules need chance says so with a decision (issue 13 #10). */
static const char *const removed_math[] = {"random", "randomseed", NULL};

/* ---- library functions that loop in C ----------------------------------- */

/* Some library functions loop inside C without running an instruction
 * or allocating: string.rep of empty strings loops n times, table.move,
 * insert and remove loop over a range or a length that a script chooses
 * (#t of a table {[2^i] = 1, ...} is 2^61 with 62 entries), table.sort
 * with a C function as comparator compares without end. Neither the count
 * hook nor the allocator sees them, so they charge their work here: units
 * of about one element (or BYTE_UNIT bytes) each, and every WORK_STEP
 * units the clock is read. Short calls cost an addition. */
#define WORK_STEP 16384 /* units between two clock reads (~1 ms of work) */
#define BYTE_UNIT 64    /* bytes scanned or copied per unit */
#define NEXT_UNITS (WORK_STEP / 16) /* a call of next: its scan over empty
                                       slots is not known, but is bounded
                                       by the table's size (memory) */

static inline void charge(lua_State *L, sow_lua *x, size_t units)
{
    x->work += units;
    if (x->work >= WORK_STEP)
        sow_sandbox_charge_slow(L, x);
}

/* The cost in units of the strings among n values from index i. */
static size_t string_units(lua_State *L, int i, int n)
{
    size_t units = 0;
    for (int k = i; k < i + n; k++)
        if (lua_type(L, k) == LUA_TSTRING)
            units += lua_rawlen(L, k) / BYTE_UNIT;
    return units;
}

/* Library functions whose work is at most in proportion to their
 * arguments and results (string.sub, byte, format..., utf8.len,
 * tonumber, table.unpack) charge that much when they return. Upvalue 1:
 * the original. */
static int sized(lua_State *L)
{
    int nargs = lua_gettop(L);
    size_t units = 1 + string_units(L, 1, nargs);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, nargs, LUA_MULTRET);
    int n = lua_gettop(L);
    units += (size_t)n + string_units(L, 1, n);
    charge(L, sow_lua_bridge(L), units);
    return n;
}

/* Call upvalue 1 with the arguments as they are. Our replacements are
 * called so, as the originals are by the wrappers: argument errors then
 * name the function as the sandbox has always named Lua's ("bad argument
 * #2 to 'table.insert'"), found in the registry's table of loaded modules
 * (wrap_library), and not by the name of the call in the script. */
static int call_original(lua_State *L)
{
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
    return lua_gettop(L);
}

/* string.sub(s, i [, j]), the one the seed scripts call in their hooks:
 * done here when the arguments are a string and whole numbers, charged
 * for the result's length; anything else goes to Lua's (upvalue 1, through
 * sized), for its conversions and errors. */
static int sandbox_sub(lua_State *L)
{
    int top = lua_gettop(L), ok_i, ok_j = 1;
    if (top < 2 || top > 3 || lua_type(L, 1) != LUA_TSTRING ||
        lua_type(L, 2) != LUA_TNUMBER ||
        (top == 3 && lua_type(L, 3) != LUA_TNUMBER))
        return sized(L);
    lua_Integer i = lua_tointegerx(L, 2, &ok_i);
    lua_Integer j = top == 3 ? lua_tointegerx(L, 3, &ok_j) : -1;
    if (!ok_i || !ok_j)
        return sized(L);
    size_t len;
    const char *s = lua_tolstring(L, 1, &len);
    lua_Integer n = (lua_Integer)len;
    /* negative positions count from the end; both are clamped to the
     * string, as Lua's are */
    i = i > 0 ? i : i == 0 || i < -n ? 1 : n + i + 1;
    j = j > n ? n : j >= 0 ? j : j < -n ? 0 : n + j + 1;
    if (i > j) {
        lua_pushliteral(L, "");
        return 1;
    }
    lua_pushlstring(L, s + i - 1, (size_t)(j - i + 1));
    charge(L, sow_lua_bridge(L), 1 + (size_t)(j - i + 1) / BYTE_UNIT);
    return 1;
}

/* tonumber(v [, base]): a number, or a string with no base, done here
 * (as Lua's: the whole string must be a numeral), charged for the
 * string's length; anything else goes to Lua's (upvalue 1, through
 * sized: with a base it reads the whole string too). */
static int sandbox_tonumber(lua_State *L)
{
    if (lua_gettop(L) != 1)
        return sized(L);
    if (lua_type(L, 1) == LUA_TNUMBER)
        return 1;
    if (lua_type(L, 1) != LUA_TSTRING)
        return sized(L);
    size_t len;
    const char *s = lua_tolstring(L, 1, &len);
    charge(L, sow_lua_bridge(L), 1 + len / BYTE_UNIT);
    if (lua_stringtonumber(L, s) != len + 1)
        lua_pushnil(L);
    return 1;
}


/* string.rep(s, n [, sep]) as Lua's, but empty at once when s and sep are
 * both empty (Lua's loops n times, up to 2^63), and built by doubling
 * copies. A result past the memory limit is refused by the allocator. */
static int sandbox_rep(lua_State *L)
{
    size_t len, seplen;
    const char *s = luaL_checklstring(L, 1, &len);
    lua_Integer n = luaL_checkinteger(L, 2);
    const char *sep = luaL_optlstring(L, 3, "", &seplen);
    if (n <= 0 || len + seplen == 0) {
        lua_pushliteral(L, "");
        return 1;
    }
    const size_t max = (size_t)LUA_MAXINTEGER; /* Lua's bound on a string */
    if (len + seplen < len || len + seplen > max / (size_t)n)
        return luaL_error(L, "resulting string too large");
    size_t total = (size_t)n * len + (size_t)(n - 1) * seplen;
    luaL_Buffer b;
    char *p = luaL_buffinitsize(L, &b, total);
    memcpy(p, s, len);
    size_t done = len;
    if (n > 1) { /* one "sep s", then copies of all of them so far */
        memcpy(p + done, sep, seplen);
        memcpy(p + done + seplen, s, len);
        done += seplen + len;
    }
    while (done < total) {
        size_t part = done - len < total - done ? done - len : total - done;
        memcpy(p + done, p + len, part);
        done += part;
    }
    luaL_pushresultsize(&b, total);
    charge(L, sow_lua_bridge(L), 1 + total / BYTE_UNIT);
    return 1;
}

enum { TAB_R = 1, TAB_W = 2, TAB_L = 4 };

/* A table argument, or a value whose metatable gives the access `what`
 * needs (as Lua's table library accepts). In the sandbox only strings and
 * the board view have metatables. */
static void check_tab(lua_State *L, int arg, int what)
{
    if (lua_type(L, arg) == LUA_TTABLE)
        return;
    static const char *const fields[] = {"__index", "__newindex", "__len"};
    bool ok = lua_getmetatable(L, arg);
    for (int i = 0; ok && i < 3; i++)
        if (what & (1 << i)) {
            ok = lua_getfield(L, -1, fields[i]) != LUA_TNIL;
            lua_pop(L, 1);
        }
    if (!ok)
        luaL_checktype(L, arg, LUA_TTABLE); /* raises the error */
    lua_pop(L, 1);
}

/* table.move(a1, f, e, t [, a2]) as Lua 5.4's, charging each element. */
static int sandbox_move(lua_State *L)
{
    lua_Integer f = luaL_checkinteger(L, 2);
    lua_Integer e = luaL_checkinteger(L, 3);
    lua_Integer t = luaL_checkinteger(L, 4);
    int to = lua_isnoneornil(L, 5) ? 1 : 5;
    check_tab(L, 1, TAB_R);
    check_tab(L, to, TAB_W);
    if (e >= f) {
        luaL_argcheck(L, f > 0 || e < LUA_MAXINTEGER + f, 3,
                      "too many elements to move");
        lua_Integer n = e - f + 1;
        luaL_argcheck(L, t <= LUA_MAXINTEGER - n + 1, 4,
                      "destination wrap around");
        sow_lua *x = sow_lua_bridge(L);
        /* overlapping ranges of one table: copy from the far end first */
        bool down = t > f && t <= e &&
                    (to == 1 || lua_compare(L, 1, to, LUA_OPEQ));
        for (lua_Integer i = 0; i < n; i++) {
            lua_Integer k = down ? n - 1 - i : i;
            lua_geti(L, 1, f + k);
            lua_seti(L, to, t + k);
            charge(L, x, 1);
        }
    }
    lua_pushvalue(L, to);
    return 1;
}

/* The length of a table argument (its __len, if any), after check_tab. */
static lua_Integer tab_len(lua_State *L, int what)
{
    check_tab(L, 1, what | TAB_L);
    return luaL_len(L, 1);
}

/* table.insert(t, [pos,] v) as Lua 5.4's, charging each element moved. */
static int sandbox_insert(lua_State *L)
{
    lua_Integer end = (lua_Integer)((lua_Unsigned)tab_len(L, TAB_R | TAB_W)
                                    + 1u); /* the first empty slot */
    lua_Integer pos = end;
    if (lua_gettop(L) == 3) {
        pos = luaL_checkinteger(L, 2);
        luaL_argcheck(L, (lua_Unsigned)pos - 1u < (lua_Unsigned)end, 2,
                      "position out of bounds");
        sow_lua *x = sow_lua_bridge(L);
        for (lua_Integer i = end; i > pos; i--) { /* t[i] = t[i - 1] */
            lua_geti(L, 1, i - 1);
            lua_seti(L, 1, i);
            charge(L, x, 1);
        }
    } else if (lua_gettop(L) != 2) {
        return luaL_error(L, "wrong number of arguments to 'insert'");
    }
    lua_seti(L, 1, pos);
    return 0;
}

/* table.remove(t [, pos]) as Lua 5.4's, charging each element moved. */
static int sandbox_remove(lua_State *L)
{
    lua_Integer size = tab_len(L, TAB_R | TAB_W);
    lua_Integer pos = luaL_optinteger(L, 2, size);
    if (pos != size)
        luaL_argcheck(L, (lua_Unsigned)pos - 1u <= (lua_Unsigned)size, 2,
                      "position out of bounds");
    lua_geti(L, 1, pos); /* the result */
    sow_lua *x = sow_lua_bridge(L);
    for (; pos < size; pos++) { /* t[pos] = t[pos + 1] */
        lua_geti(L, 1, pos + 1);
        lua_seti(L, 1, pos);
        charge(L, x, 1);
    }
    lua_pushnil(L);
    lua_seti(L, 1, pos);
    return 1;
}

/* The comparison table.sort makes when it is given no function or a C
 * function (neither runs an instruction the count hook could count):
 * charged, then a < b or the function. Upvalue 1: the function or nil. */
static int sort_compare(lua_State *L)
{
    size_t units = 1;
    if (lua_type(L, 1) == LUA_TSTRING && lua_type(L, 2) == LUA_TSTRING) {
        size_t a = lua_rawlen(L, 1), b = lua_rawlen(L, 2);
        units += (a < b ? a : b) / BYTE_UNIT;
    }
    charge(L, sow_lua_bridge(L), units);
    if (lua_isnil(L, lua_upvalueindex(1))) {
        lua_pushboolean(L, lua_compare(L, 1, 2, LUA_OPLT));
        return 1;
    }
    lua_settop(L, 2);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, 2, 1);
    return 1;
}

/* table.sort(t [, comp]): Lua's sort (upvalue 1), with sort_compare in
 * place of a missing or C comparator. A Lua comparator runs instructions
 * at each comparison, which the count hook counts. */
static int sandbox_sort(lua_State *L)
{
    if (lua_isnoneornil(L, 2) || lua_iscfunction(L, 2)) {
        lua_settop(L, 2);
        lua_pushvalue(L, 2);
        lua_pushcclosure(L, sort_compare, 1);
        lua_replace(L, 2);
    }
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, 0);
    return 0;
}

/* The iterator utf8.codes returns, charged for the bytes it skips (called
 * by hand with a position in a long run of continuation bytes, it scans
 * them all). Upvalue 1: Lua's iterator. */
static int codes_step(lua_State *L)
{
    size_t len;
    luaL_checklstring(L, 1, &len); /* here, to be named as Lua names it */
    lua_Integer from = lua_tointeger(L, 2);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
    int n = lua_gettop(L);
    lua_Integer to = n > 0 ? lua_tointeger(L, 1) : (lua_Integer)len;
    size_t skipped = to > from && from >= 0 ? (size_t)(to - from) : 0;
    charge(L, sow_lua_bridge(L), 1 + skipped / BYTE_UNIT);
    return n;
}

/* utf8.codes(s [, lax]): Lua's (upvalue 1), with its iterator charged. */
static int sandbox_codes(lua_State *L)
{
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, 3);
    lua_pushvalue(L, 1);
    lua_pushcclosure(L, codes_step, 1);
    lua_replace(L, 1);
    return 3;
}

/* next(t [, k]) as Lua's, charged: a call scans the empty slots after k,
 * all of a big table emptied by the script. */
static int sandbox_next(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_settop(L, 2);
    charge(L, sow_lua_bridge(L), NEXT_UNITS);
    if (lua_next(L, 1))
        return 2;
    lua_pushnil(L);
    return 1;
}

/* pairs(v) as Lua's, with sandbox_next as the iterator. */
static int sandbox_pairs(lua_State *L)
{
    luaL_checkany(L, 1);
    if (luaL_getmetafield(L, 1, "__pairs") != LUA_TNIL) {
        lua_pushvalue(L, 1);
        lua_call(L, 1, 3);
        return 3;
    }
    lua_pushcfunction(L, sandbox_next);
    lua_pushvalue(L, 1);
    lua_pushnil(L);
    return 3;
}

/* rawequal(a, b) as Lua's, charged: two long strings of one length are
 * compared byte by byte. */
static int sandbox_rawequal(lua_State *L)
{
    luaL_checkany(L, 1);
    luaL_checkany(L, 2);
    if (lua_type(L, 1) == LUA_TSTRING && lua_type(L, 2) == LUA_TSTRING)
        charge(L, sow_lua_bridge(L), 1 + lua_rawlen(L, 1) / BYTE_UNIT);
    lua_pushboolean(L, lua_rawequal(L, 1, 2));
    return 1;
}

/* How a library function is given to scripts. */
typedef struct {
    const char *name;
    lua_CFunction own;     /* our replacement, or NULL: Lua's */
    lua_CFunction wrapper; /* the closure a script calls, with the function
                              as upvalue 1; NULL: the function itself */
} lib_entry;

static void wrap_library(lua_State *L, const char *lib, const lib_entry *e)
{
    /* the functions stay findable under the library's name in the
     * registry's table of loaded modules, so that an argument error in
     * one called from C is reported as "bad argument #1 to 'string.rep'"
     * and not '?' (for the base library the "_G." is left out) */
    luaL_getsubtable(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
    lua_createtable(L, 0, 32); /* room for the largest, _G: no rehash */
    lua_getglobal(L, lib);
    lua_pushnil(L);
    while (lua_next(L, -2)) { /* copy the whole library as it is now */
        lua_pushvalue(L, -2);
        lua_insert(L, -2);
        lua_rawset(L, -5);
    }
    lua_pop(L, 1);
    for (int i = 0; e[i].name; i++)
        if (e[i].own) {
            lua_pushcfunction(L, e[i].own);
            lua_setfield(L, -2, e[i].name);
        }
    lua_getglobal(L, lib);
    for (int i = 0; e[i].name; i++) {
        lua_getfield(L, -2, e[i].name);
        if (e[i].wrapper)
            lua_pushcclosure(L, e[i].wrapper, 1);
        lua_setfield(L, -2, e[i].name);
    }
    lua_pop(L, 1);
    lua_setfield(L, -2, lib);
    lua_pop(L, 1);
}

/* Names a script may try that the sandbox leaves out (besides
 * removed_globals and removed_string). */
static const char *const absent_libs[] = {"io", "os", "package", "debug",
                                          "coroutine", NULL};

static bool listed(const char *const *list, const char *name, size_t len)
{
    for (int i = 0; list[i]; i++)
        if (strlen(list[i]) == len && strncmp(list[i], name, len) == 0)
            return true;
    return false;
}

/* For "attempt to call a nil value (global 'io')" and the like: the name
 * the sandbox leaves out, written into buf as a hint (or ""). */
void sow_sandbox_hint(const char *msg, char *buf, size_t size)
{
    static const char *const kinds[] = {"(global '", "(field '", "(method '",
                                        NULL};
    buf[0] = 0;
    if (!strstr(msg, "nil value"))
        return;
    for (int k = 0; kinds[k]; k++) {
        const char *p = strstr(msg, kinds[k]);
        if (!p)
            continue;
        p += strlen(kinds[k]);
        size_t len = strcspn(p, "'");
        bool global = k == 0;
        const char *lib = global ? ""
                        : listed(removed_string, p, len) ? "string."
                        : listed(removed_math, p, len) ? "math." : NULL;
        if (lib && (!global || listed(removed_globals, p, len) ||
                    listed(absent_libs, p, len)))
            snprintf(buf, size,
                     "; %s%.*s is not available to variant scripts (see "
                     "docs/hostile-input.md, The sandbox)",
                     lib, (int)len, p);
        return;
    }
}

/* Everything here allocates; the caller runs it inside a protected call
 * (setup_state in sow_lua.c). */
void sow_sandbox_open(lua_State *L)
{
    int top = lua_gettop(L);
    luaL_requiref(L, LUA_GNAME, luaopen_base, 1);
    luaL_requiref(L, LUA_TABLIBNAME, luaopen_table, 1);
    luaL_requiref(L, LUA_STRLIBNAME, luaopen_string, 1);
    luaL_requiref(L, LUA_MATHLIBNAME, luaopen_math, 1);
    luaL_requiref(L, LUA_UTF8LIBNAME, luaopen_utf8, 1);
    lua_settop(L, top);
    /* no chance in the rules: math.random and math.randomseed removed */
    lua_getglobal(L, LUA_MATHLIBNAME);
    for (int i = 0; removed_math[i]; i++) {
        lua_pushnil(L);
        lua_setfield(L, -2, removed_math[i]);
    }
    lua_pop(L, 1);
    for (int i = 0; removed_globals[i]; i++) {
        lua_pushnil(L);
        lua_setglobal(L, removed_globals[i]);
    }
    /* pruning the string table in place also prunes ("x"):find, since
     * the shared string metatable's __index is this same table */
    lua_getglobal(L, LUA_STRLIBNAME);
    for (int i = 0; removed_string[i]; i++) {
        lua_pushnil(L);
        lua_setfield(L, -2, removed_string[i]);
    }
    lua_pop(L, 1);
    /* every library function given runs in bounded time between two
     * budget checks (docs/hostile-input.md, The sandbox): those not named
     * here do a bounded amount of work per call */
    static const lib_entry base_lib[] = {
        {"tonumber", NULL, sandbox_tonumber},
        {"next", sandbox_next, NULL},
        {"pairs", sandbox_pairs, NULL},
        {"rawequal", sandbox_rawequal, NULL},
        {NULL, NULL, NULL}};
    static const lib_entry table_lib[] = {
        {"move", sandbox_move, call_original},
        {"insert", sandbox_insert, call_original},
        {"remove", sandbox_remove, call_original},
        {"sort", NULL, sandbox_sort},
        {"concat", NULL, sow_sandbox_budgeted},
        {"unpack", NULL, sized},
        {NULL, NULL, NULL}};
    static const lib_entry string_lib[] = {
        {"rep", sandbox_rep, call_original},
        {"byte", NULL, sized},
        {"char", NULL, sized},
        {"format", NULL, sized},
        {"reverse", NULL, sized},
        {"upper", NULL, sized},
        {"lower", NULL, sized},
        {"sub", NULL, sandbox_sub},
        {NULL, NULL, NULL}};
    static const lib_entry utf8_lib[] = {
        {"char", NULL, sized},
        {"codepoint", NULL, sized},
        {"len", NULL, sized},
        {"offset", NULL, sized},
        {"codes", NULL, sandbox_codes},
        {NULL, NULL, NULL}};
    wrap_library(L, LUA_GNAME, base_lib);
    wrap_library(L, LUA_TABLIBNAME, table_lib);
    wrap_library(L, LUA_STRLIBNAME, string_lib);
    wrap_library(L, LUA_UTF8LIBNAME, utf8_lib);
    lua_getglobal(L, "xpcall");
    lua_pushcclosure(L, sow_sandbox_guarded_xpcall, 1);
    lua_setglobal(L, "xpcall");
}
