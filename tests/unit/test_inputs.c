/* test_inputs.c - issue 13 #4, #6, #8: the files a variant or a scenario
 * file may make sow read (sow_file_resolve_in, sow_variant_script_check,
 * sow_scenario_variant_file), files that are not regular (sow_file_probe,
 * sow_file_read on a FIFO), and the most seeds a game holds
 * (SOW_MAX_SEEDS, sow_seeds_check, a scenario's start, seeds from an
 * option value), with games played at the limit keeping every seed. */
#include "unit.h"

#include <ftw.h>

#include "fixture.h"
#include "sow_file.h"
#include "sow_rng.h"
#include "sow_scenario.h"

static char *tdir;

static int rm_one(const char *p, const struct stat *st, int flag,
                  struct FTW *f)
{
    (void)st;
    (void)flag;
    (void)f;
    return remove(p);
}

static int group_setup(void **state)
{
    (void)state;
    return unit_group_dir(&tdir);
}

static int group_teardown(void **state)
{
    (void)state;
    /* the folder holds subfolders and symlinks: removed depth first,
     * symlinks as such */
    nftw(tdir, rm_one, 16, FTW_DEPTH | FTW_PHYS);
    free(tdir);
    tdir = NULL;
    return 0;
}

/* tdir/rel, made with its folders. */
static const char *at(char *buf, size_t size, const char *rel)
{
    snprintf(buf, size, "%s/%s", tdir, rel);
    char dir[1024];
    snprintf(dir, sizeof dir, "%s", buf);
    for (char *p = dir + strlen(tdir) + 1; (p = strchr(p, '/')); p++) {
        *p = 0;
        mkdir(dir, 0700);
        *p = '/';
    }
    return buf;
}

static void put(const char *rel, const char *text)
{
    char p[1024];
    FILE *f = fopen(at(p, sizeof p, rel), "wb");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

static void link_to(const char *target, const char *rel)
{
    char p[1024];
    unlink(at(p, sizeof p, rel));
    assert_int_equal(symlink(target, p), 0);
}

/* ---- #6: regular files only, without waiting --------------------------- */

static void test_probe_kinds(void **state)
{
    (void)state;
    char p[1024];
    sow_error err;
    put("regular.yaml", "x: 1\n");
    assert_int_equal(sow_file_probe(at(p, sizeof p, "regular.yaml"), "a file",
                                    &err),
                     SOW_FILE_OK);
    assert_int_equal(sow_file_probe("/dev/null", "a scenario file", &err),
                     SOW_FILE_SPECIAL);
    assert_string_equal(err.msg, "is a device; give the path of a scenario "
                                 "file (only regular files are read)");
    assert_int_equal(sow_file_probe(tdir, "a file", &err), SOW_FILE_DIR);
    assert_int_equal(sow_file_probe(at(p, sizeof p, "none.yaml"), "a file",
                                    &err),
                     SOW_FILE_OPEN);
    /* a FIFO with no writer: refused at once, by probe and by read */
    at(p, sizeof p, "fifo.yaml");
    assert_int_equal(mkfifo(p, 0600), 0);
    assert_int_equal(sow_file_probe(p, "a scenario file", &err),
                     SOW_FILE_SPECIAL);
    assert_string_equal(err.msg, "is a FIFO; give the path of a scenario "
                                 "file (only regular files are read)");
    char *buf;
    size_t len;
    assert_int_equal(sow_file_read(p, 100, "a file", &buf, &len, &err),
                     SOW_FILE_SPECIAL);
    assert_null(buf);
    /* a scenario file that is a FIFO: the loader says so, naming it */
    sow_scenario_file *f;
    assert_int_equal(sow_scenario_load(p, &f, &err), SOW_ERR);
    assert_null(f);
    assert_string_equal(err.msg, "is a FIFO; give the path of a scenario "
                                 "file (only regular files are read)");
}

/* ---- #4: where a path leads ---------------------------------------------- */

/* Where tdir/rel leads from the folder d; r as sow_file_resolve_in. */
static int where(const char *d, const char *rel, char **r)
{
    char p[1024];
    return sow_file_resolve_in(d, at(p, sizeof p, rel), r);
}

static void test_resolve_in(void **state)
{
    (void)state;
    char d[1024];
    char *r;
    put("r/v/ok.lua", "-- ok\n");
    put("r/out.lua", "-- out\n");
    snprintf(d, sizeof d, "%s/r/v", tdir);
    assert_int_equal(where(d, "r/v/ok.lua", &r), SOW_FILE_INSIDE);
    assert_non_null(strstr(r, "/r/v/ok.lua"));
    free(r);
    assert_int_equal(where(d, "r/v/../out.lua", &r), SOW_FILE_OUTSIDE);
    assert_null(r);
    link_to("../out.lua", "r/v/link.lua");
    assert_int_equal(where(d, "r/v/link.lua", &r), SOW_FILE_OUTSIDE);
    link_to("ok.lua", "r/v/alias.lua");
    assert_int_equal(where(d, "r/v/alias.lua", &r), SOW_FILE_INSIDE);
    assert_non_null(strstr(r, "/r/v/ok.lua")); /* the target is read */
    free(r);
    assert_int_equal(where(d, "r/v/none.lua", &r), SOW_FILE_MISSING);
    assert_null(r);
    /* a folder whose name begins like the variant's is not inside it */
    put("r/v2/x.lua", "-- x\n");
    assert_int_equal(where(d, "r/v2/x.lua", &r), SOW_FILE_OUTSIDE);
}

#define VAR_HEAD                                                          \
    "id: t\nname: T\nsummary: s\nboard: {holes: 6, seeds: 4}\n"            \
    "sowing:\n  min_seeds: 2\n  lap_end:\n"                                \
    "    - when: {owner: opponent, count: [2, 3]}\n      do: hook\n"
#define CAPTURE "function capture(g, h, c) return {h} end\n"

/* Write tdir/s/REL_YAML naming `script`, load it; SOW_OK or the error. */
static int load_with_script(const char *rel, const char *script,
                            sow_variant **v, sow_error *err)
{
    char text[1024], p[1024];
    snprintf(text, sizeof text,
             VAR_HEAD "script: %s\nhooks: {lap_end: capture}\n", script);
    put(rel, text);
    return sow_variant_load(at(p, sizeof p, rel), v, err);
}

static void script_refused(const char *script, const char *want)
{
    sow_variant *v = NULL;
    sow_error err;
    sow_error_clear(&err);
    if (load_with_script("s/v.yaml", script, &v, &err) == SOW_OK) {
        sow_variant_free(v);
        fail_msg("script '%s' accepted", script);
    }
    assert_int_equal(err.line, 10);
    assert_int_equal(err.col, 9);
    if (!strstr(err.msg, want))
        fail_msg("script '%s': %s", script, err.msg);
}

static void script_loads(const char *rel, const char *script)
{
    sow_variant *v = NULL;
    sow_error err;
    if (load_with_script(rel, script, &v, &err))
        fail_msg("script '%s': %s", script, err.msg);
    /* the Lua bridge checks again, and reads it */
    sow_optset o;
    sow_optset_defaults(v, &o);
    sow_lua *x = NULL;
    if (sow_lua_open(&x, v, &o, &err))
        fail_msg("script '%s': %s:%d: %s", script, err.path, err.line,
                 err.msg);
    sow_lua_close(x);
    sow_variant_free(v);
}

static void test_script_rule(void **state)
{
    (void)state;
    char p[1024];
    const char *out = "is outside the variant's folder; put the script "
                      "beside the .yaml file (or below its folder)";
    const char *not_lua = "is not a .lua file";
    put("s/ok.lua", CAPTURE);
    put("s/sub/deeper/in.lua", CAPTURE);
    put("elsewhere/x.lua", CAPTURE);
    put("s/secret.yml", "api_token s3cr3t\n");
    script_loads("s/v.yaml", "ok.lua");
    script_loads("s/v.yaml", "./ok.lua");
    script_loads("s/v.yaml", "sub/deeper/in.lua");
    link_to("ok.lua", "s/alias.lua");
    script_loads("s/v.yaml", "alias.lua");
    link_to(at(p, sizeof p, "s/ok.lua"), "s/abs_alias.lua");
    script_loads("s/v.yaml", "abs_alias.lua"); /* absolute, but inside */
    /* the variant's folder reached through a symlink: still its folder */
    link_to("s", "via");
    script_loads("via/v2.yaml", "ok.lua");
    script_loads("via/v2.yaml", "sub/deeper/in.lua");

    script_refused("../elsewhere/x.lua", out);
    script_refused("sub/../ok.lua", out);
    script_refused("..", out);
    script_refused("sub/deeper/../../../elsewhere/x.lua", out);
    script_refused(at(p, sizeof p, "s/ok.lua"), out); /* absolute */
    script_refused("/etc/passwd", out);
    link_to("../elsewhere/x.lua", "s/link.lua");
    script_refused("link.lua", out);
    link_to("../elsewhere", "s/lib");
    script_refused("lib/x.lua", out);
    link_to("/dev/zero", "s/zero.lua");
    script_refused("zero.lua", out);
    script_refused("secret.yml", not_lua);
    script_refused("ok", not_lua);
    script_refused("ok.LUA", not_lua);
    script_refused("sub/", not_lua);
}

/* A script that is not source text: its line, none of its bytes. */
static void test_script_not_text(void **state)
{
    (void)state;
    put("n/bin.lua", "-- a\n-- b\nlocal secret = 's3cr3t\xff'\n" CAPTURE);
    sow_variant *v = NULL;
    sow_error err;
    assert_int_equal(load_with_script("n/v.yaml", "bin.lua", &v, &err),
                     SOW_OK);
    sow_optset o;
    sow_optset_defaults(v, &o);
    sow_lua *x = NULL;
    assert_int_equal(sow_lua_open(&x, v, &o, &err), SOW_ERR);
    assert_null(x);
    assert_int_equal(err.line, 3);
    assert_non_null(strstr(err.msg, "the script is not Lua source text"));
    assert_null(strstr(err.msg, "s3cr3t"));
    sow_variant_free(v);
}

/* ---- #4 for scenario files ----------------------------------------------- */

static int scenario_variant(const char *rel, const char *variant,
                            sow_error *err)
{
    char text[512], p[1024], out[1024];
    snprintf(text, sizeof text,
             "variant: %s\nscenarios:\n  - name: a\n    expect: {over: "
             "false}\n",
             variant);
    put(rel, text);
    sow_scenario_file *f = NULL;
    if (sow_scenario_load(at(p, sizeof p, rel), &f, err))
        return SOW_ERR;
    int rc = sow_scenario_variant_file(f, out, sizeof out, err);
    sow_scenario_free(f);
    return rc;
}

static void test_scenario_variant_path(void **state)
{
    (void)state;
    sow_error err;
    put("g/v.yaml", "id: v\n");
    put("g/scenarios/here.yaml", "id: h\n");
    put("g/scenarios/sub/below.yaml", "id: b\n");
    put("g/other/o.yaml", "id: o\n");
    put("far.yaml", "id: f\n");
    assert_int_equal(scenario_variant("g/scenarios/a.yaml", "../v.yaml", &err),
                     SOW_OK);
    assert_int_equal(scenario_variant("g/scenarios/a.yaml", "here.yaml", &err),
                     SOW_OK);
    assert_int_equal(
        scenario_variant("g/scenarios/a.yaml", "sub/below.yaml", &err),
        SOW_OK);
    assert_int_equal(scenario_variant("g/scenarios/a.yaml", "adji-kui-1",
                                      &err),
                     SOW_OK); /* an id */
    assert_int_equal(scenario_variant("g/scenarios/a.yaml", "../none.yaml",
                                      &err),
                     SOW_OK); /* missing: loading it says so */
    assert_int_equal(
        scenario_variant("g/scenarios/a.yaml", "../other/o.yaml", &err),
        SOW_ERR);
    assert_int_equal(err.line, 1);
    assert_int_equal(err.col, 10);
    assert_non_null(strstr(err.msg, "is outside the folders a scenario file "
                                    "may read"));
    assert_int_equal(scenario_variant("g/scenarios/a.yaml", "../../far.yaml",
                                      &err),
                     SOW_ERR);
    link_to("../../far.yaml", "g/scenarios/near.yaml");
    assert_int_equal(scenario_variant("g/scenarios/a.yaml", "near.yaml", &err),
                     SOW_ERR);
    /* and at load: a path must name a .yaml file */
    assert_int_equal(scenario_variant("g/scenarios/a.yaml", "/etc/passwd",
                                      &err),
                     SOW_ERR);
    assert_non_null(strstr(err.msg, "is neither an id nor the path of a "
                                    ".yaml file"));
}

/* ---- #8: the most seeds a game holds ------------------------------------- */

static void test_seeds_check(void **state)
{
    (void)state;
    unit_game a;
    unit_game_open(&a, "variants/adji_kui_1.yaml", NULL);
    sow_error err;
    assert_int_equal(sow_engine_start(&a.k.eng, &a.g, &err), SOW_OK);
    assert_int_equal(sow_seeds_check(&a.k.setup, &a.g, &err), SOW_OK);
    sow_game g = a.g;
    memset(g.board, 0, sizeof g.board);
    g.board[3] = SOW_MAX_SEEDS;
    g.on_board = SOW_MAX_SEEDS;
    assert_int_equal(sow_seeds_check(&a.k.setup, &g, &err), SOW_OK);
    g.captured[1] = 1;
    assert_int_equal(sow_seeds_check(&a.k.setup, &g, &err), SOW_ERR);
    assert_non_null(strstr(err.msg, "the position holds 65536 seeds"));
    g.captured[1] = -1;
    assert_int_equal(sow_seeds_check(&a.k.setup, &g, &err), SOW_ERR);
    assert_non_null(strstr(err.msg, "cannot hold fewer than 0"));
    g.captured[1] = 0;
    g.on_board = 7; /* the holes say otherwise */
    assert_int_equal(sow_seeds_check(&a.k.setup, &g, &err), SOW_ERR);
    assert_non_null(strstr(err.msg, "seeds were made or lost"));
    /* the engine refuses to begin from such a position */
    g.on_board = SOW_MAX_SEEDS;
    g.board[4] = 1;
    g.on_board++;
    assert_int_equal(sow_engine_begin(&a.k.eng, &g, &err), SOW_ERR);
    unit_game_close(&a);
}

/* Games from positions of exactly SOW_MAX_SEEDS seeds, heaped on a few
 * holes: every ply keeps every seed, and no hole wraps. */
static int play_at_limit(const char *yaml, const char *const *opts,
                         int plies)
{
    int played = 0;
    unit_game a;
    unit_game_open(&a, yaml, opts);
    sow_error err;
    sow_rng rng;
    sow_rng_seed(&rng, 13);
    for (int game = 0; game < 4; game++) {
        assert_int_equal(sow_engine_start(&a.k.eng, &a.g, &err), SOW_OK);
        memset(a.g.board, 0, sizeof a.g.board);
        int left = SOW_MAX_SEEDS;
        for (int k = 0; k < 3; k++) {
            int h = sow_rng_below(&rng, a.k.setup.holes), n = left / (3 - k);
            a.g.board[h] = (uint16_t)(a.g.board[h] + n);
            left -= n;
        }
        a.g.on_board = SOW_MAX_SEEDS;
        a.g.phase = 0; /* past any opening */
        a.g.ply = 20;
        if (sow_engine_begin(&a.k.eng, &a.g, &err))
            fail_msg("%s", err.msg);
        for (int i = 0; i < plies && !a.g.over; i++) {
            sow_move m = a.g.legal[sow_rng_below(&rng, a.g.nlegal)];
            if (sow_engine_play(&a.k.eng, &a.g, m, &err))
                break; /* a rule's error (the lap cap): the game is as it was */
            played++;
            long all = sow_board_seeds(&a.k.setup, a.g.board) + a.g.captured[0] +
                       a.g.captured[1];
            assert_int_equal(all, SOW_MAX_SEEDS);
            assert_int_equal(sow_board_seeds(&a.k.setup, a.g.board), a.g.on_board);
        }
        assert_int_equal(sow_seeds_check(&a.k.setup, &a.g, &err), SOW_OK);
    }
    unit_game_close(&a);
    return played;
}

static void test_games_at_limit(void **state)
{
    (void)state;
    assert_true(play_at_limit("variants/adji_kui_1.yaml", NULL, 60) > 100);
    assert_true(play_at_limit("variants/adji_boto.yaml", NULL, 60) > 100);
    const char *const wide[] = {"holes=24", NULL};
    assert_true(play_at_limit("variants/andada.yaml", wide, 6) > 4);
    assert_true(play_at_limit("variants/adji_kui_2.yaml", NULL, 6) > 4);
}

static void test_scenario_start_limit(void **state)
{
    (void)state;
    sow_variant *v = NULL;
    sow_error err;
    assert_int_equal(sow_variant_load("variants/adji_kui_1.yaml", &v, &err),
                     SOW_OK);
    static sow_scenario_outcome out;
    const char *ok = "variant: adji-kui-1\nscenarios:\n  - name: a\n"
                     "    start: {board: [0, 65535, 0, 0, 0, 0, 0, 0, 0, 0, "
                     "0, 0]}\n    moves: \"1\"\n    expect: {over: false}\n";
    sow_scenario_file *f = NULL;
    assert_int_equal(sow_scenario_load_text("t/s.yaml", ok, strlen(ok), &f,
                                            &err),
                     SOW_OK);
    assert_int_equal(sow_scenario_run(f, 0, v, NULL, &out, &err), SOW_OK);
    assert_true(out.passed);
    sow_scenario_free(f);
    const char *over = "variant: adji-kui-1\nscenarios:\n  - name: a\n"
                       "    start:\n      board: [0, 65535, 0, 0, 0, 0, 0, "
                       "0, 0, 0, 0, 0]\n      captured: [0, 1]\n"
                       "    expect: {over: false}\n";
    assert_int_equal(sow_scenario_load_text("t/s.yaml", over, strlen(over),
                                            &f, &err),
                     SOW_OK);
    assert_int_equal(sow_scenario_run(f, 0, v, NULL, &out, &err), SOW_ERR);
    assert_string_equal(err.path, "t/s.yaml");
    assert_int_equal(err.line, 5);
    assert_int_equal(err.col, 14);
    assert_non_null(strstr(err.msg, "start: the position holds 65536 seeds"));
    sow_scenario_free(f);
    sow_variant_free(v);
}

/* Seeds per hole from an option value (start:K) are bounded when the
 * options are applied, not taken modulo 65,536. */
static void test_setup_seeds_from_option(void **state)
{
    (void)state;
    const char *text =
        "id: t\nname: T\nsummary: s\nboard: {holes: 6, seeds: $start:n}\n"
        "sowing: {min_seeds: 2}\noptions:\n  start: {type: enum, values: "
        "[\"n:K\"], default: \"n:4\", doc: d}\n";
    sow_variant *v = NULL;
    sow_error err;
    assert_int_equal(sow_variant_load_text("t/v.yaml", text, strlen(text),
                                           &v, &err),
                     SOW_OK);
    sow_optset o;
    sow_optset_defaults(v, &o);
    sow_setup s;
    assert_int_equal(sow_setup_init(&s, v, &o, &err), SOW_OK);
    assert_int_equal(s.total, 48);
    assert_int_equal(sow_optset_apply(v, &o, "start=n:1000", &err), SOW_OK);
    assert_int_equal(sow_setup_init(&s, v, &o, &err), SOW_OK);
    assert_int_equal(s.total, 12000);
    assert_int_equal(sow_optset_apply(v, &o, "start=n:65537", &err), SOW_OK);
    assert_int_equal(sow_setup_init(&s, v, &o, &err), SOW_ERR);
    assert_int_equal(err.line, 4);
    assert_non_null(strstr(err.msg, "seeds per hole is 65537"));
    sow_variant_free(v);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_probe_kinds),
        cmocka_unit_test(test_resolve_in),
        cmocka_unit_test(test_script_rule),
        cmocka_unit_test(test_script_not_text),
        cmocka_unit_test(test_scenario_variant_path),
        cmocka_unit_test(test_seeds_check),
        cmocka_unit_test(test_games_at_limit),
        cmocka_unit_test(test_scenario_start_limit),
        cmocka_unit_test(test_setup_seeds_from_option),
    };
    return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
