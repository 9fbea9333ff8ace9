/* test_engine.c - Adji Kui I (docs/rules.md, Adji Kui I) through the real
 * variant
 * files: variants/adji_kui_1.yaml and its Lua script, run by the engine
 * (sow_lua_open + sow_lua_rules + sow_engine_*). Each test names the rule
 * ids it checks. Positions are set by writing g.board after
 * sow_engine_start and recomputing the legal moves with sow_legal_moves. */
#include "unit.h"

#include <limits.h>

#include "fixture.h"
#include "sow_game.h"
#include "sow_lua.h"
#include "sow_rng.h"
#include "sow_variant.h"

#define YAML "variants/adji_kui_1.yaml"

static char *tdir;

static int group_setup(void **state)
{
    (void)state;
    return unit_group_dir(&tdir);
}

static int group_teardown(void **state)
{
    (void)state;
    return unit_group_dir_done(&tdir);
}

/* ---- fixture: the variant, its script, an engine and a game ------------ */

typedef struct ak {
    sow_variant *v;
    sow_setup s;
    sow_lua *lua;
    sow_rules rules;
    sow_engine e;
    sow_game g;
} ak;

static void ak_open_path(ak *a, const char *path, const char *const *opts)
{
    sow_error err;
    sow_error_clear(&err);
    memset(a, 0, sizeof *a);
    if (sow_variant_load(path, &a->v, &err))
        fail_msg("%s:%d:%d: %s", err.path, err.line, err.col, err.msg);
    sow_optset o;
    sow_optset_defaults(a->v, &o);
    for (int i = 0; opts && opts[i]; i++)
        if (sow_optset_apply(a->v, &o, opts[i], &err))
            fail_msg("%s", err.msg);
    if (sow_setup_init(&a->s, a->v, &o, &err))
        fail_msg("%s", err.msg);
    if (sow_lua_open(&a->lua, a->v, &o, &err))
        fail_msg("%s:%d: %s", err.path, err.line, err.msg);
    a->rules = sow_lua_rules(a->lua);
    assert_non_null(a->rules.lap_end);
    assert_null(a->rules.score); /* K1.8: the engine's default scoring */
    if (sow_engine_init(&a->e, &a->s, &a->rules, &err))
        fail_msg("%s", err.msg);
    if (sow_engine_start(&a->e, &a->g, &err))
        fail_msg("%s", err.msg);
}

static void ak_open(ak *a, const char *const *opts)
{
    ak_open_path(a, YAML, opts);
}

static void ak_close(ak *a)
{
    sow_engine_free(&a->e);
    sow_lua_close(a->lua);
    sow_variant_free(a->v);
}

/* Put the game in a position: board, captures, player to move; the legal
 * moves are recomputed. Seeds must add up to 48. */
static void ak_position(ak *a, const int b[12], int c0, int c1, int to_move)
{
    sow_game *g = &a->g;
    int sum = 0;
    for (int h = 0; h < 12; h++) {
        g->board[h] = (uint16_t)b[h];
        sum += b[h];
    }
    assert_int_equal(sum + c0 + c1, 48);
    g->on_board = sum;
    g->captured[0] = c0;
    g->captured[1] = c1;
    g->to_move = (uint8_t)to_move;
    unit_relegal(&a->s, &a->rules, g, to_move);
}

static void ak_play(ak *a, int move)
{
    sow_error err;
    sow_error_clear(&err);
    if (sow_engine_play(&a->e, &a->g, move, &err))
        fail_msg("ply %d, move %d: %s", a->g.ply, move, err.msg);
}

/* The whole of a small file into a static buffer. */
static const char *slurp(const char *path)
{
    static char text[65536];
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    size_t len = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[len] = 0;
    return text;
}

/* A copy of the shipped variant with a start layout instead of 4 seeds per
 * hole, with a copy of its script beside it (a variant reads its script
 * from its own folder only, issue 13 #4); returns the file's path. */
static const char *layout_variant(char *buf, size_t size, const char *layout)
{
    char script[PATH_MAX];
    unit_write(script, sizeof script, tdir, "adji_kui_1.lua",
               slurp("variants/adji_kui_1.lua"));
    const char *text = slurp(YAML);
    char out[20000];
    const char *seeds = strstr(text, "  seeds: 4\n");
    assert_non_null(seeds);
    snprintf(out, sizeof out, "%.*s  layout: %s\n%s", (int)(seeds - text),
             text, layout, seeds + 11);
    return unit_write(buf, size, tdir, "layout.yaml", out);
}

/* ---- K1.1 ------------------------------------------------------------- */

/* K1.1: 2x6 holes, 4 seeds each (48), no stores; C0.1 South starts;
 * K1.2 every hole of South's holds 4, so all six are legal. */
static void test_k1_1_start(void **state)
{
    (void)state;
    ak a;
    ak_open(&a, NULL);
    assert_int_equal(a.s.holes, 12);
    assert_int_equal(a.s.total, 48);
    assert_false(a.s.stores);
    for (int h = 0; h < 12; h++) {
        assert_int_equal(a.g.board[h], 4);
        assert_int_equal(a.g.owner[h], h < 6 ? 0 : 1);
    }
    assert_int_equal(a.g.on_board, 48);
    assert_int_equal(a.g.captured[0], 0);
    assert_int_equal(a.g.captured[1], 0);
    assert_int_equal(a.g.to_move, 0);
    assert_int_equal(a.g.ply, 0);
    assert_false(a.g.over);
    int legal[] = {0, 1, 2, 3, 4, 5};
    assert_legal(&a.g, legal, 6);
    ak_close(&a);
}

/* ---- K1.2 ------------------------------------------------------------- */

/* K1.2: a move takes all seeds from a hole of 2 or more; singletons and
 * empty holes are never legal, and playing one is refused. */
static void test_k1_2_singletons(void **state)
{
    (void)state;
    ak a;
    ak_open(&a, NULL);
    int b[12] = {1, 2, 1, 0, 3, 1, 4, 4, 4, 4, 4, 4};
    ak_position(&a, b, 8, 8, 0);
    int legal[] = {1, 4};
    assert_legal(&a.g, legal, 2);
    sow_game before = a.g;
    sow_error err;
    for (int m = 0; m < 12; m++) {
        if (m == 1 || m == 4)
            continue;
        assert_int_equal(sow_engine_play(&a.e, &a.g, m, &err), SOW_ERR);
        assert_contains(err.msg, "is not legal for South");
        assert_contains(err.msg, "the legal moves are: 1 4");
        assert_same_game(&a.g, &before);
    }
    ak_close(&a);
}

/* ---- K1.3 / C0.5 ------------------------------------------------------ */

/* An observer counting passes. */
typedef struct passes {
    int n, player;
} passes;

static void on_pass(void *ctx, const sow_event *ev)
{
    passes *p = ctx;
    if (ev->kind == SOW_EV_PASS) {
        p->n++;
        p->player = ev->player;
    }
}

/* K1.3, C0.5, P4: South has only singletons and empty holes, so after
 * North's move South passes (automatically, not a ply) and North moves
 * again. Then K1.5 and K1.7(a): North captures and nobody can move. */
static void test_k1_3_pass(void **state)
{
    (void)state;
    ak a;
    ak_open(&a, NULL);
    passes p = {0, -1};
    a.e.obs.ctx = &p;
    a.e.obs.on_event = on_pass;
    int b[12] = {1, 0, 1, 0, 0, 0, /* North: */ 2, 0, 3, 0, 0, 0};
    ak_position(&a, b, 20, 21, 1);
    int l1[] = {6, 8};
    assert_legal(&a.g, l1, 2);
    ak_play(&a, 6); /* 7 and 8 get one each */
    int w1[12] = {1, 0, 1, 0, 0, 0, 0, 1, 4, 0, 0, 0};
    assert_board_is(&a.g, w1, 12);
    assert_int_equal(a.g.ply, 1);
    assert_int_equal(a.g.to_move, 1); /* South passed */
    assert_false(a.g.over);
    int l2[] = {8};
    assert_legal(&a.g, l2, 1);
    assert_int_equal(p.n, 1);
    assert_int_equal(p.player, 0);
    /* North sows 8: 9, 10, 11, and South's hole 0 now holds 2: taken
     * (K1.5); the hole before it, 11, is North's own: the chain stops */
    ak_play(&a, 8);
    int w2[12] = {0, 0, 1, 0, 0, 0, 0, 1, 0, 1, 1, 1};
    assert_board_is(&a.g, w2, 12);
    assert_int_equal(a.g.captured[1], 23);
    /* K1.7(a): neither player can move */
    assert_true(a.g.over);
    assert_int_equal(a.g.result.reason, SOW_END_NO_MOVES);
    assert_int_equal(a.g.result.score[0], 21); /* K1.8 */
    assert_int_equal(a.g.result.score[1], 27);
    assert_int_equal(a.g.result.winner, 1);
    assert_false(a.g.result.unfinished);
    ak_close(&a);
}

/* C0.5 at the start: a South who cannot move is skipped, North starts. */
static void test_c0_5_first_mover_passes(void **state)
{
    (void)state;
    char path[512];
    layout_variant(path, sizeof path,
                   "[1, 1, 1, 1, 1, 1, 0, 2, 0, 0, 0, 0]");
    ak a;
    ak_open_path(&a, path, NULL);
    assert_int_equal(a.g.to_move, 1);
    int l[] = {7};
    assert_legal(&a.g, l, 1);
    assert_false(a.g.over);
    /* North sows 7 into 8 and 9; still nobody else can move: North's
     * turn would come again, but North has only singletons: game over */
    ak_play(&a, 7);
    assert_true(a.g.over);
    assert_int_equal(a.g.result.reason, SOW_END_NO_MOVES);
    assert_int_equal(a.g.result.score[0], 6);
    assert_int_equal(a.g.result.score[1], 2);
    assert_int_equal(a.g.result.winner, 0);
    ak_close(&a);
}

/* ---- K1.4 ------------------------------------------------------------- */

/* K1.4: a single counter-clockwise lap; docs/record.md's first ply. */
static void test_k1_4_single_lap(void **state)
{
    (void)state;
    ak a;
    ak_open(&a, NULL);
    ak_play(&a, 2);
    int w[12] = {4, 4, 0, 5, 5, 5, 5, 4, 4, 4, 4, 4};
    assert_board_is(&a.g, w, 12);
    assert_int_equal(a.g.ply, 1);
    assert_int_equal(a.g.to_move, 1);
    assert_int_equal(a.g.captured[0] + a.g.captured[1], 0);
    int l[] = {6, 7, 8, 9, 10, 11};
    assert_legal(&a.g, l, 6);
    ak_close(&a);
}

/* K1.4, C0.4: a lap of 13 goes round the board, into its own origin
 * (skip_origin=false), and ends in an occupied hole without relaying. The
 * North holes made 2 on the way are not the last seed's: no capture. */
static void test_k1_4_long_lap(void **state)
{
    (void)state;
    ak a;
    ak_open(&a, NULL);
    int b[12] = {13, 1, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1};
    ak_position(&a, b, 14, 14, 0);
    ak_play(&a, 0);
    int w[12] = {1, 3, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2};
    assert_board_is(&a.g, w, 12);
    assert_int_equal(a.g.captured[0], 14);
    ak_close(&a);

    /* C0.4 skip_origin=true: hole 0 is passed over */
    const char *opts[] = {"skip_origin=true", NULL};
    ak_open(&a, opts);
    ak_position(&a, b, 14, 14, 0);
    ak_play(&a, 0);
    int w2[12] = {0, 3, 2, 1, 1, 1, 2, 2, 2, 2, 2, 2};
    assert_board_is(&a.g, w2, 12);
    ak_close(&a);
}

/* ---- K1.5 ------------------------------------------------------------- */

/* South sows `move` from position b; returns South's gain. */
static int south_gain(const int b[12], int c0, int c1, int move,
                      const int want[12])
{
    ak a;
    ak_open(&a, NULL);
    ak_position(&a, b, c0, c1, 0);
    ak_play(&a, move);
    assert_board_is(&a.g, want, 12);
    assert_int_equal(a.g.captured[1], c1);
    int gain = a.g.captured[0] - c0;
    int sum = a.g.captured[0] + a.g.captured[1];
    for (int h = 0; h < 12; h++)
        sum += a.g.board[h];
    assert_int_equal(sum, 48);
    ak_close(&a);
    return gain;
}

/* K1.5: the last seed makes North's hole 7 hold 2: taken. The hole before
 * it holds 1: the chain stops there. */
static void test_k1_5_capture_two(void **state)
{
    (void)state;
    int b[12] = {4, 4, 4, 4, 4, 2, 0, 1, 4, 4, 4, 4};
    int w[12] = {4, 4, 4, 4, 4, 0, 1, 0, 4, 4, 4, 4};
    assert_int_equal(south_gain(b, 5, 4, 5, w), 2);
}

/* K1.5: ... or 3. */
static void test_k1_5_capture_three(void **state)
{
    (void)state;
    int b[12] = {4, 4, 4, 4, 4, 2, 0, 2, 4, 4, 4, 3};
    int w[12] = {4, 4, 4, 4, 4, 0, 1, 0, 4, 4, 4, 3};
    assert_int_equal(south_gain(b, 5, 4, 5, w), 3);
}

/* K1.5: backwards from the last hole: 8 (2), 7 (3), 6 (2) are all taken;
 * the chain stops at South's own hole 5. */
static void test_k1_5_backward_chain(void **state)
{
    (void)state;
    int b[12] = {4, 4, 4, 4, 4, 3, 1, 2, 1, 4, 4, 4};
    int w[12] = {4, 4, 4, 4, 4, 0, 0, 0, 0, 4, 4, 4};
    assert_int_equal(south_gain(b, 5, 4, 5, w), 7);
}

/* K1.5: the chain is broken by a hole that does not hold 2 or 3 (7 has
 * 4): hole 6, with 2, is not taken. */
static void test_k1_5_chain_broken(void **state)
{
    (void)state;
    int b[12] = {4, 4, 4, 4, 4, 3, 1, 3, 1, 4, 4, 4};
    int w[12] = {4, 4, 4, 4, 4, 0, 2, 4, 0, 4, 4, 4};
    assert_int_equal(south_gain(b, 4, 4, 5, w), 2);
    /* an empty hole breaks it as well: 7 was empty, now 1 */
    int b2[12] = {4, 4, 4, 4, 4, 3, 1, 0, 1, 4, 4, 4};
    int w2[12] = {4, 4, 4, 4, 4, 0, 2, 1, 0, 4, 4, 4};
    assert_int_equal(south_gain(b2, 6, 5, 5, w2), 2);
}

/* K1.5, C0.6: the chain stops at the mover's own row even when the own
 * hole holds 2 (hole 5 here, made 2 by this very move). */
static void test_k1_5_chain_stops_at_own_row(void **state)
{
    (void)state;
    int b[12] = {4, 4, 4, 4, 3, 1, 1, 2, 4, 4, 4, 4};
    int w[12] = {4, 4, 4, 4, 0, 2, 0, 0, 4, 4, 4, 4};
    assert_int_equal(south_gain(b, 4, 5, 4, w), 5);

    /* North, across the end of the track: 10 sows 11, 0, 1; South's 1 and
     * 0 are taken, North's own 11 (now 2) stops the chain */
    ak a;
    ak_open(&a, NULL);
    int bn[12] = {1, 1, 4, 4, 4, 4, 4, 4, 4, 4, 3, 1};
    ak_position(&a, bn, 5, 5, 1);
    ak_play(&a, 10);
    int wn[12] = {0, 0, 4, 4, 4, 4, 4, 4, 4, 4, 0, 2};
    assert_board_is(&a.g, wn, 12);
    assert_int_equal(a.g.captured[1], 9);
    assert_int_equal(a.g.captured[0], 5);
    ak_close(&a);
}

/* K1.5: no capture in the mover's own row, and none of 4 (or of 1). */
static void test_k1_5_no_capture(void **state)
{
    (void)state;
    /* last seed makes South's own hole 2 hold 2 */
    int b[12] = {2, 0, 1, 4, 4, 4, 4, 4, 4, 4, 4, 4};
    int w[12] = {0, 1, 2, 4, 4, 4, 4, 4, 4, 4, 4, 4};
    assert_int_equal(south_gain(b, 5, 4, 0, w), 0);
    /* ... or 3 */
    int b3[12] = {2, 0, 2, 4, 4, 4, 4, 4, 4, 4, 4, 4};
    int w3[12] = {0, 1, 3, 4, 4, 4, 4, 4, 4, 4, 4, 4};
    assert_int_equal(south_gain(b3, 4, 4, 0, w3), 0);
    /* North's hole 7 made 4: not taken, and its neighbours not looked at */
    int b4[12] = {4, 4, 4, 4, 4, 2, 1, 3, 4, 4, 4, 2};
    int w4[12] = {4, 4, 4, 4, 4, 0, 2, 4, 4, 4, 4, 2};
    assert_int_equal(south_gain(b4, 4, 4, 5, w4), 0);
    /* an empty North hole made 1 */
    int b1[12] = {4, 4, 4, 4, 4, 2, 2, 0, 4, 4, 4, 2};
    int w1[12] = {4, 4, 4, 4, 4, 0, 3, 1, 4, 4, 4, 2};
    assert_int_equal(south_gain(b1, 5, 5, 5, w1), 0);
}

/* K1.5 with C0.6: "the mover's own row" means the holes the mover owns. */
static void test_k1_5_uses_ownership(void **state)
{
    (void)state;
    ak a;
    ak_open(&a, NULL);
    int b[12] = {4, 4, 4, 4, 4, 3, 1, 2, 1, 4, 4, 4};
    ak_position(&a, b, 5, 4, 0);
    sow_game_set_owner(&a.g, 6, 0); /* South owns North's hole 6 */
    ak_play(&a, 5);
    int w[12] = {4, 4, 4, 4, 4, 0, 2, 0, 0, 4, 4, 4};
    assert_board_is(&a.g, w, 12);
    assert_int_equal(a.g.captured[0], 5 + 5);
    ak_close(&a);
}

/* ---- K1.7 ----------------------------------------------------------- */

/* K1.7(a), K1.8: after South's move neither player has a hole of 2 or
 * more: the game ends and each adds the seeds in their holes. */
static void test_k1_7a_no_moves(void **state)
{
    (void)state;
    ak a;
    ak_open(&a, NULL);
    int b[12] = {1, 0, 1, 0, 0, 2, 0, 0, 1, 0, 1, 0};
    ak_position(&a, b, 25, 17, 0);
    ak_play(&a, 5);
    assert_true(a.g.over);
    assert_int_equal(a.g.nlegal, 0);
    assert_int_equal(a.g.ply, 1);
    assert_int_equal(a.g.result.reason, SOW_END_NO_MOVES);
    assert_false(a.g.result.unfinished);
    assert_true(a.g.result.has_score);
    assert_int_equal(a.g.result.score[0], 27);
    assert_int_equal(a.g.result.score[1], 21);
    assert_int_equal(a.g.result.winner, 0);
    char buf[64];
    assert_string_equal(sow_end_reason_text(&a.s, a.g.result.reason, buf,
                                            sizeof buf),
                        "neither player can move");
    ak_close(&a);
}

/* The "2,1" pattern: sowing the 2 of [.., 2, 1, ..] gives [.., 0, 2, 1],
 * the same pattern one hole on, with no capture (the last seed falls in an
 * empty hole). From [2, 1, 0, ...] the pattern goes round in 12 plies,
 * South moving six times (North passes), then North six times. */
#define PATTERN "[2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]"

/* K1.7(b) repetition, P4: the initial position counts as an earlier
 * position, so the game ends at ply 12, when the start recurs (not at ply
 * 13, when the first position after a move would recur). P4's next-mover
 * rule: the opponent if they can move, else the mover. */
static void test_k1_7b_repetition(void **state)
{
    (void)state;
    char path[512];
    layout_variant(path, sizeof path, PATTERN);
    ak a;
    ak_open_path(&a, path, NULL);
    assert_true(a.s.repetition);
    for (int round = 0; round < 2; round++) {
        /* the second round checks that a new game forgets the old one */
        if (round) {
            sow_error err;
            assert_int_equal(sow_engine_start(&a.e, &a.g, &err), SOW_OK);
        }
        for (int ply = 0; ply < 12; ply++) {
            assert_false(a.g.over);
            assert_int_equal(a.g.ply, ply);
            assert_int_equal(a.g.to_move, ply < 6 ? 0 : 1); /* P4 */
            assert_int_equal(a.g.nlegal, 1);
            assert_int_equal(a.g.legal[0], ply);
            ak_play(&a, ply);
            assert_int_equal(a.g.captured[0] + a.g.captured[1], 0);
        }
        assert_true(a.g.over);
        assert_int_equal(a.g.ply, 12);
        assert_int_equal(a.g.result.reason, SOW_END_REPETITION);
        assert_false(a.g.result.unfinished);
        int w[12] = {2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
        assert_board_is(&a.g, w, 12);
        assert_int_equal(a.g.result.score[0], 3);
        assert_int_equal(a.g.result.score[1], 0);
        assert_int_equal(a.g.result.winner, 0);
    }
    ak_close(&a);
}

/* K1.7(b) no_capture_plies:K: the game ends after K plies without a
 * capture (and repetition is then off: 20 plies go past the ply-12
 * repeat). */
static void test_k1_7b_no_capture_plies(void **state)
{
    (void)state;
    char path[512];
    layout_variant(path, sizeof path, PATTERN);
    const int ks[] = {1, 5, 12, 20};
    for (int i = 0; i < 4; i++) {
        char opt[64];
        snprintf(opt, sizeof opt, "endless=no_capture_plies:%d", ks[i]);
        const char *opts[] = {opt, NULL};
        ak a;
        ak_open_path(&a, path, opts);
        assert_false(a.s.repetition);
        assert_int_equal(a.s.no_capture_plies, ks[i]);
        for (int ply = 0; ply < ks[i]; ply++) {
            assert_false(a.g.over);
            assert_int_equal(a.g.since_capture, ply);
            ak_play(&a, a.g.legal[0]);
        }
        assert_true(a.g.over);
        assert_int_equal(a.g.ply, ks[i]);
        assert_int_equal(a.g.result.reason, SOW_END_NO_CAPTURE);
        assert_false(a.g.result.unfinished);
        char buf[64], want[64];
        snprintf(want, sizeof want, "%d plies without a capture", ks[i]);
        assert_string_equal(sow_end_reason_text(&a.s, a.g.result.reason, buf,
                                                sizeof buf),
                            want);
        ak_close(&a);
    }
}

/* no_capture_plies counts consecutive plies: a capture starts it again. */
static void test_k1_7b_capture_resets_count(void **state)
{
    (void)state;
    const char *opts[] = {"endless=no_capture_plies:2", NULL};
    ak a;
    /* two plies without a capture end it */
    ak_open(&a, opts);
    ak_play(&a, 2);
    assert_int_equal(a.g.since_capture, 1);
    assert_false(a.g.over);
    int b[12] = {1, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 3};
    ak_position(&a, b, 2, 2, 1);
    ak_play(&a, 11); /* 0 (2), 1, 2: last in 2 (5): no capture */
    assert_int_equal(a.g.captured[1], 2);
    assert_true(a.g.over);
    assert_int_equal(a.g.ply, 2);
    assert_int_equal(a.g.result.reason, SOW_END_NO_CAPTURE);
    ak_close(&a);

    /* a capture at the second ply starts the count again */
    ak_open(&a, opts);
    ak_play(&a, 2);
    int b2[12] = {1, 1, 4, 4, 4, 4, 4, 4, 4, 4, 3, 0};
    ak_position(&a, b2, 6, 5, 1);
    ak_play(&a, 10); /* 11 (1), 0 (2), 1 (2): 1 and 0 taken */
    assert_int_equal(a.g.captured[1], 9);
    assert_int_equal(a.g.since_capture, 0);
    assert_false(a.g.over);
    ak_play(&a, 2); /* South: 3, 4, 5, 6 (5): no capture */
    assert_int_equal(a.g.since_capture, 1);
    assert_false(a.g.over);
    ak_play(&a, 6); /* North: 7..11 */
    assert_int_equal(a.g.since_capture, 2);
    assert_true(a.g.over);
    assert_int_equal(a.g.ply, 4);
    assert_int_equal(a.g.result.reason, SOW_END_NO_CAPTURE);
    ak_close(&a);
}

/* ---- K1.8 ------------------------------------------------------------- */

/* K1.8: 24-24 is a draw. */
static void test_k1_8_draw(void **state)
{
    (void)state;
    ak a;
    ak_open(&a, NULL);
    int b[12] = {1, 0, 1, 0, 0, 2, 0, 0, 1, 0, 1, 0};
    ak_position(&a, b, 22, 20, 0);
    ak_play(&a, 5);
    assert_true(a.g.over);
    assert_int_equal(a.g.result.reason, SOW_END_NO_MOVES);
    assert_int_equal(a.g.result.score[0], 24);
    assert_int_equal(a.g.result.score[1], 24);
    assert_int_equal(a.g.result.winner, -1);
    assert_false(a.g.result.unfinished);
    ak_close(&a);
}

/* K1.8 through the score hook: captures plus the seeds in the holes each
 * player owns (C0.6), not the row. */
/* K1.8 is the engine's default scoring (the variant names no score hook):
 * captures plus the seeds in the holes each player owns. */
static void test_k1_8_score_hook(void **state)
{
    (void)state;
    ak a;
    ak_open(&a, NULL);
    int b[12] = {1, 0, 1, 0, 0, 0, 1, 1, 1, 0, 1, 0};
    ak_position(&a, b, 22, 20, 0);
    int32_t sc[2];
    sow_default_score(&a.s, &a.g, sc);
    assert_int_equal(sc[0], 24);
    assert_int_equal(sc[1], 24);
    sow_game_set_owner(&a.g, 6, 0);
    sow_game_set_owner(&a.g, 7, 0);
    sow_game_set_owner(&a.g, 2, 1);
    sow_default_score(&a.s, &a.g, sc);
    assert_int_equal(sc[0], 25);
    assert_int_equal(sc[1], 23);
    ak_close(&a);
}

/* ---- C0.7 / P3: max_plies ---------------------------------------------- */

/* C0.7, P3: at max_plies the game ends unfinished: winner -1 even when
 * the scores differ, and the score is K1.8's scoring of the board. */
static void test_c0_7_max_plies(void **state)
{
    (void)state;
    const char *opts[] = {"max_plies=3", NULL};
    ak a;
    ak_open(&a, opts);
    assert_int_equal(a.s.max_plies, 3);
    ak_play(&a, 2);
    ak_play(&a, 6);
    assert_false(a.g.over);
    ak_play(&a, 0);
    assert_true(a.g.over);
    assert_int_equal(a.g.ply, 3);
    assert_int_equal(a.g.result.reason, SOW_END_MAX_PLIES);
    assert_true(a.g.result.unfinished);
    assert_int_equal(a.g.result.winner, -1);
    assert_true(a.g.result.has_score);
    int w[12] = {0, 5, 1, 6, 6, 5, 0, 5, 5, 5, 5, 5};
    assert_board_is(&a.g, w, 12);
    assert_int_equal(a.g.result.score[0], 23);
    assert_int_equal(a.g.result.score[1], 25);
    char buf[64];
    assert_string_equal(sow_end_reason_text(&a.s, a.g.result.reason, buf,
                                            sizeof buf),
                        "max_plies reached");
    ak_close(&a);

    /* with the pattern: after 7 plies North holds all 3 seeds: 0-3, and
     * still no winner */
    char path[512];
    layout_variant(path, sizeof path, PATTERN);
    const char *o7[] = {"max_plies=7", NULL};
    ak_open_path(&a, path, o7);
    for (int ply = 0; ply < 7; ply++)
        ak_play(&a, ply);
    assert_true(a.g.over);
    assert_true(a.g.result.unfinished);
    assert_int_equal(a.g.result.score[0], 0);
    assert_int_equal(a.g.result.score[1], 3);
    assert_int_equal(a.g.result.winner, -1);
    ak_close(&a);
}

/* P3: the game's own end rules are checked before max_plies. */
static void test_p3_own_end_first(void **state)
{
    (void)state;
    char path[512];
    layout_variant(path, sizeof path, PATTERN);
    /* repetition falls on ply 12 = max_plies */
    const char *o12[] = {"max_plies=12", NULL};
    ak a;
    ak_open_path(&a, path, o12);
    for (int ply = 0; ply < 12; ply++)
        ak_play(&a, ply);
    assert_true(a.g.over);
    assert_int_equal(a.g.result.reason, SOW_END_REPETITION);
    assert_false(a.g.result.unfinished);
    assert_int_equal(a.g.result.winner, 0);
    ak_close(&a);
    /* no_capture_plies:5 falls on ply 5 = max_plies */
    const char *o5[] = {"max_plies=5", "endless=no_capture_plies:5", NULL};
    ak_open_path(&a, path, o5);
    for (int ply = 0; ply < 5; ply++)
        ak_play(&a, ply);
    assert_int_equal(a.g.result.reason, SOW_END_NO_CAPTURE);
    assert_false(a.g.result.unfinished);
    ak_close(&a);
    /* neither can move at ply 1 = max_plies */
    const char *o1[] = {"max_plies=1", NULL};
    ak_open(&a, o1);
    int b[12] = {1, 0, 1, 0, 0, 2, 0, 0, 1, 0, 1, 0};
    ak_position(&a, b, 25, 17, 0);
    ak_play(&a, 5);
    assert_int_equal(a.g.result.reason, SOW_END_NO_MOVES);
    assert_false(a.g.result.unfinished);
    assert_int_equal(a.g.result.winner, 0);
    ak_close(&a);
}

/* ---- seed conservation -------------------------------------------------- */

/* Random games under every option: after each ply the seeds on the board
 * and the captures add up to 48, on_board is the board's sum, captures
 * never shrink, every legal move is an own hole of 2 or more (K1.2), and
 * every game ends with scores adding up to 48 (K1.8). */
static void test_seed_conservation(void **state)
{
    (void)state;
    const char *optsets[][3] = {
        {NULL},
        {"skip_origin=true", NULL},
        {"endless=no_capture_plies:30", NULL},
        {"endless=no_capture_plies:200", "skip_origin=true", NULL},
    };
    sow_rng rng;
    sow_rng_seed(&rng, 20240601);
    long plies = 0;
    int reasons[SOW_END_MAX_PLIES + 1] = {0};
    for (int k = 0; k < 4; k++) {
        ak a;
        ak_open(&a, optsets[k]);
        for (int game = 0; game < 60; game++) {
            sow_error err;
            assert_int_equal(sow_engine_start(&a.e, &a.g, &err), SOW_OK);
            while (!a.g.over) {
                sow_game *g = &a.g;
                assert_true(g->nlegal > 0);
                for (int i = 0; i < g->nlegal; i++) {
                    int h = g->legal[i];
                    assert_int_equal(g->owner[h], g->to_move);
                    assert_true(g->board[h] >= 2);
                }
                int c0 = g->captured[0], c1 = g->captured[1];
                ak_play(&a, g->legal[sow_rng_below(&rng, g->nlegal)]);
                plies++;
                int sum = 0;
                for (int h = 0; h < 12; h++)
                    sum += g->board[h];
                assert_int_equal(g->on_board, sum);
                assert_int_equal(sum + g->captured[0] + g->captured[1], 48);
                assert_true(g->captured[0] >= c0 && g->captured[1] >= c1);
                assert_true(g->ply <= a.s.max_plies);
            }
            assert_true(a.g.result.has_score);
            assert_int_equal(a.g.result.score[0] + a.g.result.score[1], 48);
            int s0 = a.g.result.score[0], s1 = a.g.result.score[1];
            assert_int_equal(a.g.result.winner,
                             s0 == s1 ? -1 : (s0 > s1 ? 0 : 1));
            reasons[a.g.result.reason]++;
            if (a.g.result.reason == SOW_END_NO_MOVES)
                for (int h = 0; h < 12; h++)
                    assert_true(a.g.board[h] < 2);
        }
        ak_close(&a);
    }
    assert_true(plies > 1000);
    /* the games end for the reasons K1.7 gives */
    assert_true(reasons[SOW_END_NO_MOVES] > 0);
    assert_true(reasons[SOW_END_REPETITION] + reasons[SOW_END_NO_CAPTURE] > 0);
    assert_int_equal(reasons[SOW_END_MAX_PLIES], 0);
}

/* sow_game_is_legal tests up to 16 moves as words of 16-bit lanes: it
 * agrees with a plain search for every list length, hole 0 included
 * (the lanes past the list are zero), decisions and absurd values. */
/* sow_engine_play_at(i) plays g.legal[i]: whole random games played by
 * index and by move agree position for position; an index outside the
 * list is an error that leaves the game as it was (C0.5: the legal moves
 * are the list). */
static void test_play_at(void **state)
{
    (void)state;
    ak a, b;
    ak_open(&a, NULL);
    ak_open(&b, NULL);
    sow_rng rng;
    sow_rng_seed(&rng, 11);
    sow_error err;
    sow_error_clear(&err);
    for (int game = 0; game < 20; game++) {
        assert_int_equal(sow_engine_start(&a.e, &a.g, &err), SOW_OK);
        assert_int_equal(sow_engine_start(&b.e, &b.g, &err), SOW_OK);
        while (!a.g.over) {
            sow_game before = a.g;
            assert_int_equal(sow_engine_play_at(&a.e, &a.g, a.g.nlegal, &err),
                             SOW_ERR);
            assert_non_null(strstr(err.msg, "no legal move number"));
            assert_int_equal(sow_engine_play_at(&a.e, &a.g, -1, &err),
                             SOW_ERR);
            assert_same_game(&before, &a.g);
            int i = sow_rng_below(&rng, a.g.nlegal);
            sow_move m = a.g.legal[i];
            assert_int_equal(sow_engine_play_at(&a.e, &a.g, i, &err), SOW_OK);
            assert_int_equal(sow_engine_play(&b.e, &b.g, m, &err), SOW_OK);
            assert_same_game(&a.g, &b.g);
        }
        assert_true(b.g.over);
        assert_int_equal(sow_engine_play_at(&a.e, &a.g, 0, &err), SOW_ERR);
        assert_non_null(strstr(err.msg, "already over"));
    }
    ak_close(&a);
    ak_close(&b);
}

static void test_is_legal_lanes(void **state)
{
    (void)state;
    sow_rng rng;
    sow_rng_seed(&rng, 5);
    for (int round = 0; round < 2000; round++) {
        sow_game g;
        memset(&g, 0, sizeof g);
        g.nlegal = (int)sow_rng_below(&rng, 24);
        for (int i = 0; i < g.nlegal; i++)
            g.legal[i] = (uint16_t)(sow_rng_below(&rng, 2)
                                        ? sow_rng_below(&rng, 64)
                                        : SOW_MOVE_DECISION +
                                              sow_rng_below(&rng, 1024));
        const sow_move probes[] = {0, 1, 5, 63, SOW_MOVE_DECISION,
                                   SOW_MOVE_DECISION + 300, 0x10000, -1,
                                   (sow_move)sow_rng_below(&rng, 64),
                                   g.nlegal ? g.legal[0] : 7,
                                   g.nlegal ? g.legal[g.nlegal - 1] : 9};
        for (size_t p = 0; p < sizeof probes / sizeof *probes; p++) {
            bool want = false;
            for (int i = 0; i < g.nlegal; i++)
                want |= g.legal[i] == probes[p];
            assert_int_equal(sow_game_is_legal(&g, probes[p]), want);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_k1_1_start),
        cmocka_unit_test(test_is_legal_lanes),
        cmocka_unit_test(test_play_at),
        cmocka_unit_test(test_k1_2_singletons),
        cmocka_unit_test(test_k1_3_pass),
        cmocka_unit_test(test_c0_5_first_mover_passes),
        cmocka_unit_test(test_k1_4_single_lap),
        cmocka_unit_test(test_k1_4_long_lap),
        cmocka_unit_test(test_k1_5_capture_two),
        cmocka_unit_test(test_k1_5_capture_three),
        cmocka_unit_test(test_k1_5_backward_chain),
        cmocka_unit_test(test_k1_5_chain_broken),
        cmocka_unit_test(test_k1_5_chain_stops_at_own_row),
        cmocka_unit_test(test_k1_5_no_capture),
        cmocka_unit_test(test_k1_5_uses_ownership),
        cmocka_unit_test(test_k1_7a_no_moves),
        cmocka_unit_test(test_k1_7b_repetition),
        cmocka_unit_test(test_k1_7b_no_capture_plies),
        cmocka_unit_test(test_k1_7b_capture_resets_count),
        cmocka_unit_test(test_k1_8_draw),
        cmocka_unit_test(test_k1_8_score_hook),
        cmocka_unit_test(test_c0_7_max_plies),
        cmocka_unit_test(test_p3_own_end_first),
        cmocka_unit_test(test_seed_conservation),
    };
    return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
