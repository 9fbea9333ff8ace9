/* fuzz_lua.c - libFuzzer harness: the Lua bridge and its sandbox.
 *
 * The input is a script. It is opened (sow_lua_open_text) against one of
 * the shipped variants, whose hooks it must define, and a game is played
 * for a few random plies so the hooks run: Andada (play, decisions,
 * decide, lap_end) when the text mentions "opening", Adji Kui II as a
 * match (new_game, decisions, decide) when it mentions "buy_choices",
 * Adji-Boto (lap_end "chain") when it mentions "chain", else Adji Kui I
 * (lap_end "capture"). Build with small limits (the Makefile passes
 * -DSOW_LUA_INSN_LIMIT and -DSOW_LUA_TIME_LIMIT_MS) so that looping inputs
 * cost milliseconds. Findings: crashes, sanitizer reports, leaks, timeouts
 * (a limit that did not stop a script), error messages that are empty or
 * not one line, seeds not conserved, a failed move that changed the game. */
#include "fuzz.h"

enum { KUI1, KUI2, ANDADA, BOTO, NVAR };
static fuzz_variant var[NVAR];

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    static const char *const match[] = {"match=true", NULL};
    fuzz_open(&var[KUI1], "adji_kui_1.yaml", NULL, 0);
    fuzz_open(&var[KUI2], "adji_kui_2.yaml", match, 0);
    fuzz_open(&var[ANDADA], "andada.yaml", NULL, 0);
    fuzz_open(&var[BOTO], "adji_boto.yaml", NULL, 0);
    return 0;
}

static bool mentions(const uint8_t *data, size_t size, const char *word)
{
    size_t wl = strlen(word);
    for (size_t i = 0; i + wl <= size; i++)
        if (memcmp(data + i, word, wl) == 0)
            return true;
    return false;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > SOW_LUA_SCRIPT_MAX)
        return 0;
    int which = mentions(data, size, "opening")       ? ANDADA
                : mentions(data, size, "buy_choices") ? KUI2
                : mentions(data, size, "chain")       ? BOTO
                                                      : KUI1;
    fuzz_variant *f = &var[which];
    sow_lua *lua = NULL;
    sow_error err;
    if (sow_lua_open_text(&lua, f->k.v, &f->k.opts, "fuzz.lua", (const char *)data,
                          size, &err)) {
        fuzz_check_error(&err);
        return 0;
    }
    sow_rules rules = sow_lua_rules(lua);
    sow_engine e;
    if (sow_engine_init(&e, &f->k.setup, &rules, &err)) {
        fuzz_check_error(&err);
        sow_lua_close(lua);
        return 0;
    }
    sow_match m;
    sow_game g;
    if (sow_match_start(&e, &m, &g, &err))
        fuzz_check_error(&err);
    else
        fuzz_play(&e, &f->k.setup, &m, &g, fuzz_hash(data, size), 12);
    char names[2048];
    sow_lua_globals(lua, names, sizeof names);
    sow_engine_free(&e);
    sow_lua_close(lua);
    return 0;
}
