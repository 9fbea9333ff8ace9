/* test_andada.c - Andada (docs/rules.md, Andada: A.1-A.6, with C0.7, P5, P6,
 * P9-P12, P16) through the real variant files: variants/andada.yaml (the
 * opposite removal is its lap_end rule capture_opposite) and its Lua
 * script (the opening relay and the first-mover decision), run by the engine (sow_lua_open + sow_lua_rules +
 * sow_engine_*). Each test names the rule ids it checks. Positions after
 * the opening (ply 0) and North's decision (ply 1) are set by writing
 * g.board (and g.bearoff_on where needed) and recomputing the legal moves
 * with sow_legal_moves, as test_boto.c does; the boards after a move were
 * worked out by hand (the comments show the laps) and agree with the
 * independent reference tests/ref/andada.py. Canonical holes (C0.2) of a
 * 12-hole board: South 0..11, North 12..23, the hole opposite h is 23-h. */
#include "unit.h"

#include "fixture.h"

#include "sow_game.h"
#include "sow_lua.h"
#include "sow_rng.h"
#include "sow_variant.h"

#define YAML "variants/andada.yaml"
#define H12 24 /* holes of the default board (N = 12) */

/* A.3: the decision tokens first:0 and first:1 ("first" is the only
 * decision name, so its kind is 0) */
#define FIRST(p) sow_decision(0, (p))

/* ---- fixture: the variant, its script, an engine and a game ------------ */

typedef unit_game ad;

/* Load the variant with the options (NULL-terminated "NAME=VALUE"), check
 * that they fit, and start a game. */
static void ad_open(ad *a, const char *const *opts)
{
    unit_game_open(a, YAML, opts);
    assert_non_null(a->k.eng.rules.play);
    assert_non_null(a->k.eng.rules.decisions);
    assert_non_null(a->k.eng.rules.decide);
    sow_error err;
    sow_error_clear(&err);
    if (sow_engine_start(&a->k.eng, &a->g, &err))
        fail_msg("%s", err.msg);
}

static void ad_close(ad *a) { unit_game_close(a); }

static void ad_play(ad *a, sow_move move)
{
    sow_error err;
    sow_error_clear(&err);
    if (sow_engine_play(&a->k.eng, &a->g, move, &err))
        fail_msg("ply %d, move %d: %s", a->g.ply, move, err.msg);
}

/* The move is refused with an error that contains `needle`, and the game
 * is left exactly as it was. */
static void ad_refused(ad *a, sow_move move, const char *needle)
{
    sow_game before = a->g;
    sow_error err;
    sow_error_clear(&err);
    assert_int_not_equal(sow_engine_play(&a->k.eng, &a->g, move, &err), SOW_OK);
    assert_contains(err.msg, needle);
    assert_same_game(&before, &a->g);
}

/* Recompute the legal moves of the player to move. */
static void ad_relegal(ad *a)
{
    unit_relegal(&a->k.setup, &a->k.eng.rules, &a->g, a->g.to_move);
}

/* A regular-move position (A.4): play the opening from hole 0 and North's
 * decision, then write the board, the captured seeds, the player to move
 * and bear-off's state; the legal moves are recomputed. Board and captured
 * add up to 4N. */
static void ad_position(ad *a, const int *b, int c0, int c1, int to_move,
                        bool bearoff_on)
{
    ad_play(a, 0);
    ad_play(a, FIRST(to_move));
    sow_game *g = &a->g;
    assert_int_equal(g->phase, 0);
    assert_int_equal(g->ply, 2);
    int sum = 0;
    for (int h = 0; h < a->k.setup.holes; h++) {
        g->board[h] = (uint16_t)b[h];
        sum += b[h];
    }
    assert_int_equal(sum + c0 + c1, a->k.setup.total);
    g->on_board = sum;
    g->captured[0] = c0;
    g->captured[1] = c1;
    g->to_move = (uint8_t)to_move;
    g->bearoff_on = bearoff_on;
    ad_relegal(a);
}

/* The board and the captured seeds add up to 4N (2 seeds in each of 2N
 * holes, A.1), and on_board is the board. */
static void assert_conserved(const sow_setup *s, const sow_game *g)
{
    int sum = 0;
    for (int h = 0; h < s->holes; h++)
        sum += g->board[h];
    assert_int_equal(g->on_board, sum);
    assert_int_equal(sum + g->captured[0] + g->captured[1], 4 * s->n);
    assert_int_equal(s->total, 4 * s->n);
}

/* One regular move from a written position: `mover` plays `move`; the
 * board becomes `want`, the mover's captured grows by `taken` (P10), the
 * other's stays; the game goes on with the opponent to move. */
static void move_case(const char *const *opts, const int b[H12], int c0,
                      int c1, int mover, bool bearoff_on, int move,
                      const int want[H12], int taken)
{
    ad a;
    ad_open(&a, opts);
    ad_position(&a, b, c0, c1, mover, bearoff_on);
    assert_true(sow_game_is_legal(&a.g, move));
    ad_play(&a, move);
    assert_board_is(&a.g, want, H12);
    assert_int_equal(a.g.captured[mover], (mover ? c1 : c0) + taken);
    assert_int_equal(a.g.captured[1 - mover], mover ? c0 : c1);
    assert_conserved(&a.k.setup, &a.g);
    assert_false(a.g.over);
    assert_int_equal(a.g.to_move, 1 - mover);
    assert_int_equal(a.g.ply, 3);
    ad_close(&a);
}

static const char *const CW[] = {"direction=cw", NULL};
static const char *const DYNAMIC[] = {"bearoff=dynamic", NULL};
static const char *const END_GAME[] = {"endless_move=end_game", NULL};

/* ---- A.1 ------------------------------------------------------------- */

/* A.1: 2x12 holes by default, 2 seeds each (48), no stores, relay laps
 * (A.4), any own hole with a seed (A.4), no passing (A.6); South moves
 * first (A.2) in the opening phase, from any of their holes. */
static void test_a1_start(void **state)
{
    (void)state;
    ad a;
    ad_open(&a, NULL);
    assert_int_equal(a.k.setup.n, 12);
    assert_int_equal(a.k.setup.holes, H12);
    assert_int_equal(a.k.setup.total, 48);
    assert_false(a.k.setup.stores);
    assert_true(a.k.setup.relay);
    assert_int_equal(a.k.setup.min_seeds, 1);
    assert_false(a.k.setup.passing);
    assert_false(a.k.setup.skip_origin);
    assert_int_equal(a.k.setup.dir, SOW_DIR_CCW);
    assert_int_equal(a.k.setup.endless_move, SOW_ENDLESS_FORBID);
    assert_true(a.k.setup.bearoff_sticky);
    assert_int_equal(a.k.setup.max_plies, 10000);
    for (int h = 0; h < H12; h++) {
        assert_int_equal(a.g.board[h], 2);
        assert_int_equal(a.g.owner[h], h < 12 ? 0 : 1);
    }
    assert_int_equal(a.g.to_move, 0);
    assert_int_equal(a.g.ply, 0);
    assert_int_equal(a.g.phase, 1);
    assert_false(a.g.bearoff_on);
    int legal[12];
    for (int i = 0; i < 12; i++)
        legal[i] = i;
    assert_legal(&a.g, legal, 12);
    ad_close(&a);
}

/* ---- A.2, P9: the opening relay --------------------------------------- */

/* The opening from hole s on a board of n holes per row, under `dir`:
 * one ply by South, holes s, s+3, ... (mod 2n) empty and all others 3,
 * nothing captured, and North to decide (A.3). */
static void check_opening(int n, const char *dir, int s)
{
    char holes[32], direction[32];
    snprintf(holes, sizeof holes, "holes=%d", n);
    snprintf(direction, sizeof direction, "direction=%s", dir);
    const char *opts[] = {holes, direction, NULL};
    ad a;
    ad_open(&a, opts);
    assert_int_equal(a.k.setup.n, n);
    assert_int_equal(a.g.nlegal, n); /* every South hole */
    ad_play(&a, s);
    for (int h = 0; h < 2 * n; h++)
        if (a.g.board[h] != ((h - s + 2 * n) % 3 == 0 ? 0 : 3))
            fail_msg("holes=%d %s, opening from %d: hole %d holds %d", n,
                     dir, s, h, a.g.board[h]);
    assert_int_equal(a.g.captured[0], 0);
    assert_int_equal(a.g.captured[1], 0);
    assert_conserved(&a.k.setup, &a.g);
    assert_int_equal(a.g.ply, 1);
    assert_int_equal(a.g.to_move, 1);
    assert_int_equal(a.g.phase, 2);
    assert_false(a.g.over);
    ad_close(&a);
}

/* A.2: the three opening patterns of a 12-hole board. From s = 0: lift 2
 * from 0, sow 1 and 2, go on from 3: sow 4 and 5, from 6, ... until the
 * relay comes back to 0: holes 0, 3, 6, ..., 21 empty, the others 3. */
static void test_a2_openings_12(void **state)
{
    (void)state;
    static const int want[3][H12] = {
        {0, 3, 3, 0, 3, 3, 0, 3, 3, 0, 3, 3, 0, 3, 3, 0, 3, 3, 0, 3, 3, 0, 3, 3},
        {3, 0, 3, 3, 0, 3, 3, 0, 3, 3, 0, 3, 3, 0, 3, 3, 0, 3, 3, 0, 3, 3, 0, 3},
        {3, 3, 0, 3, 3, 0, 3, 3, 0, 3, 3, 0, 3, 3, 0, 3, 3, 0, 3, 3, 0, 3, 3, 0},
    };
    for (int s = 0; s < 3; s++) {
        ad a;
        ad_open(&a, NULL);
        ad_play(&a, s);
        assert_board_is(&a.g, want[s], H12);
        assert_int_equal(a.g.ply, 1);
        assert_int_equal(a.g.to_move, 1);
        ad_close(&a);
        /* s + 3 gives the same board as s */
        ad_open(&a, NULL);
        ad_play(&a, s + 3);
        assert_board_is(&a.g, want[s], H12);
        ad_close(&a);
    }
    for (int s = 0; s < 12; s++)
        check_opening(12, "ccw", s);
}

/* A.1, A.2: one opening of each other size (the last South hole, so the
 * first pair crosses into North's row), and then every hole of them. */
static void test_a2_openings_other_sizes(void **state)
{
    (void)state;
    static const int sizes[] = {15, 18, 21, 24};
    for (int i = 0; i < 4; i++) {
        check_opening(sizes[i], "ccw", sizes[i] - 1);
        for (int s = 0; s < sizes[i]; s++)
            check_opening(sizes[i], "ccw", s);
    }
}

/* P9: clockwise, the opening from s sows s-1, s-2, then goes on from s-3:
 * the same board as counter-clockwise, for every size and hole. The
 * 12-hole opening from 1, clockwise: 1 -> 0, 23; 22 -> 21, 20; ... */
static void test_p9_cw_opening_same_board(void **state)
{
    (void)state;
    static const int sizes[] = {12, 15, 18, 21, 24};
    for (int i = 0; i < 5; i++)
        for (int s = 0; s < sizes[i]; s++)
            check_opening(sizes[i], "cw", s);
    static const int want1[H12] = {3, 0, 3, 3, 0, 3, 3, 0, 3, 3, 0, 3,
                                   3, 0, 3, 3, 0, 3, 3, 0, 3, 3, 0, 3};
    ad a;
    ad_open(&a, CW);
    assert_int_equal(a.k.setup.dir, SOW_DIR_CW);
    ad_play(&a, 1);
    assert_board_is(&a.g, want1, H12);
    ad_close(&a);
}

/* A.2: only South's holes are legal at ply 0 (a North hole is refused). */
static void test_a2_opening_south_only(void **state)
{
    (void)state;
    ad a;
    ad_open(&a, NULL);
    ad_refused(&a, 12, "not legal");
    ad_refused(&a, FIRST(0), "not legal");
    ad_close(&a);
}

/* ---- A.3: North's decision ---------------------------------------------- */

/* A.3: after the opening North decides: the legal moves are exactly
 * first:0 and first:1, the board does not change, and the player named
 * makes the first regular move (then the other, alternating). */
static void test_a3_decision(void **state)
{
    (void)state;
    for (int p = 0; p < 2; p++) {
        ad a;
        ad_open(&a, NULL);
        ad_play(&a, 2);
        sow_game after_opening = a.g;
        int dec[] = {FIRST(0), FIRST(1)};
        assert_int_equal(a.g.to_move, 1);
        assert_true(sow_decision_phase(&a.k.setup, &a.g));
        assert_legal(&a.g, dec, 2);
        /* a hole is not a move now, of either row */
        ad_refused(&a, 13, "not legal");
        ad_refused(&a, 0, "not legal");
        ad_play(&a, FIRST(p));
        assert_memory_equal(a.g.board, after_opening.board,
                            sizeof after_opening.board);
        assert_int_equal(a.g.captured[0], 0);
        assert_int_equal(a.g.captured[1], 0);
        assert_int_equal(a.g.ply, 2);
        assert_int_equal(a.g.phase, 0);
        assert_int_equal(a.g.to_move, p);
        assert_false(a.g.over);
        /* the chosen player's non-empty holes: the pattern of s = 2 */
        int legal[8], k = 0;
        for (int h = 12 * p; h < 12 * p + 12; h++)
            if (a.g.board[h])
                legal[k++] = h;
        assert_int_equal(k, 8);
        assert_legal(&a.g, legal, k);
        /* no decision any more */
        ad_refused(&a, FIRST(p), "not legal");
        /* the other player's hole is refused; the chosen player moves */
        ad_refused(&a, 12 * (1 - p), "not legal");
        ad_play(&a, legal[0]);
        assert_int_equal(a.g.to_move, 1 - p);
        assert_int_equal(a.g.ply, 3);
        ad_close(&a);
    }
}

/* ---- A.4, P10: regular moves -------------------------------------------- */

/* Not in bear-off: hole 4, 9, 13, 15, ... hold 2 or more. 28 seeds on the
 * board, 12 + 8 captured. */
static const int B4[H12] = {
    2, 0, 0, 1, 2, 0, 1, 0, 0, 3, 0, 1,  /* South 0..11 */
    0, 2, 1, 4, 0, 2, 1, 0, 2, 5, 1, 0}; /* North 12..23 */

/* A.4, P10: South's 0 (2) sows 1 and 2; the last seed is in an own empty
 * hole (c = 1): the move ends and the opposite hole 21 (5) is removed,
 * counted in South's captured. */
static void test_a4_own_empty_removes_opposite(void **state)
{
    (void)state;
    int want[H12] = {0, 1, 1, 1, 2, 0, 1, 0, 0, 3, 0, 1,
                     0, 2, 1, 4, 0, 2, 1, 0, 2, 0, 1, 0};
    move_case(NULL, B4, 12, 8, 0, false, 0, want, 5);
}

/* A.4: South's 11 (1) sows 12, an empty hole of North's: c = 1, the move
 * ends and nothing is removed. */
static void test_a4_opponent_empty_removes_nothing(void **state)
{
    (void)state;
    int want[H12] = {2, 0, 0, 1, 2, 0, 1, 0, 0, 3, 0, 0,
                     1, 2, 1, 4, 0, 2, 1, 0, 2, 5, 1, 0};
    move_case(NULL, B4, 12, 8, 0, false, 11, want, 0);
}

/* A.4: relay laps. South's 4 (2): 5, 6 (1 -> 2): c = 2, lift 2 from 6:
 * 7, 8 (0 -> 1): an own empty hole, the opposite 15 (4) is removed.
 * South's 3 (1): 4 (2 -> 3), lift 3: 5, 6 (2), 7 (0 -> 1): own, but the
 * opposite 16 is empty: nothing is removed (the move still ends). */
static void test_a4_relay(void **state)
{
    (void)state;
    int want4[H12] = {2, 0, 0, 1, 0, 1, 0, 1, 1, 3, 0, 1,
                      0, 2, 1, 0, 0, 2, 1, 0, 2, 5, 1, 0};
    move_case(NULL, B4, 12, 8, 0, false, 4, want4, 4);
    int want3[H12] = {2, 0, 0, 0, 0, 1, 2, 1, 0, 3, 0, 1,
                      0, 2, 1, 4, 0, 2, 1, 0, 2, 5, 1, 0};
    move_case(NULL, B4, 12, 8, 0, false, 3, want3, 0);
}

/* A.4, P10 for North, three laps: 13 (2): 14, 15 (4 -> 5); lift 5: 16,
 * 17, 18, 19, 20 (2 -> 3); lift 3: 21, 22, 23 (0 -> 1): North's own empty
 * hole; the opposite 0 (2) is removed into North's captured. */
static void test_a4_north_relay_removes(void **state)
{
    (void)state;
    int want[H12] = {0, 0, 0, 1, 2, 0, 1, 0, 0, 3, 0, 1,
                     0, 0, 2, 0, 1, 3, 2, 1, 0, 6, 2, 1};
    move_case(NULL, B4, 12, 8, 1, false, 13, want, 2);
}

/* ---- A.5, P11, P12, P16: bear-off --------------------------------------- */

/* Every hole holds at most one seed: bear-off is on for the next regular
 * move (both values of bearoff, P16). 14 seeds on the board. */
static const int BO[H12] = {
    0, 1, 0, 1, 0, 0, 1, 0, 1, 1, 1, 1,  /* South 0..11 */
    1, 0, 1, 0, 0, 1, 0, 1, 0, 1, 1, 1}; /* North 12..23 */

/* A.5, P11: a lap lifted from the mover's last hole: South's 11 (1) would
 * sow into 12, North's row: the seed is removed, the move ends. The
 * condition held at the start of the move: bear-off is now on (P12). */
static void test_a5_bearoff_last_hole(void **state)
{
    (void)state;
    int want[H12] = {0, 1, 0, 1, 0, 0, 1, 0, 1, 1, 1, 0,
                     1, 0, 1, 0, 0, 1, 0, 1, 0, 1, 1, 1};
    move_case(NULL, BO, 17, 17, 0, false, 11, want, 1);
    move_case(DYNAMIC, BO, 17, 17, 0, false, 11, want, 1);
    ad a;
    ad_open(&a, NULL);
    ad_position(&a, BO, 17, 17, 0, false);
    ad_play(&a, 11);
    assert_true(a.g.bearoff_on);
    ad_close(&a);
}

/* A.5, P10, P11: South's 10 (1): 11 (1 -> 2), lift 2 from 11 (the last
 * hole): the first seed would cross into 12: it is removed with the seed
 * still in hand (2, counted in South's captured); no A.4 removal. */
static void test_a5_bearoff_relay_with_hand(void **state)
{
    (void)state;
    int want[H12] = {0, 1, 0, 1, 0, 0, 1, 0, 1, 1, 0, 0,
                     1, 0, 1, 0, 0, 1, 0, 1, 0, 1, 1, 1};
    move_case(NULL, BO, 17, 17, 0, false, 10, want, 2);
    /* North: 21 (1): 22 (1 -> 2), lift 2 from 22: one seed into 23 (North's
     * last hole, 1 -> 2), the other would cross into 0: it is removed (the
     * hand is empty then) and the move ends with 23 holding 2 */
    int wantn[H12] = {0, 1, 0, 1, 0, 0, 1, 0, 1, 1, 1, 1,
                      1, 0, 1, 0, 0, 1, 0, 1, 0, 0, 0, 2};
    move_case(NULL, BO, 17, 17, 1, false, 21, wantn, 1);
    /* North's 23 (1) alone: the seed crosses into 0: removed */
    int want23[H12] = {0, 1, 0, 1, 0, 0, 1, 0, 1, 1, 1, 1,
                       1, 0, 1, 0, 0, 1, 0, 1, 0, 1, 1, 0};
    move_case(NULL, BO, 17, 17, 1, false, 23, want23, 1);
}

/* A.5: not in bear-off while some hole holds 2 (here 5): South's 11 (1)
 * sows into 12 (1 -> 2) as usual; lift 2: 13, 14 (1 -> 2); lift 2: 15,
 * 16 (0 -> 1), North's empty hole: the move ends. */
static void test_a5_not_on_with_a_two(void **state)
{
    (void)state;
    int b[H12] = {0, 1, 0, 1, 0, 2, 1, 0, 1, 1, 1, 1,
                  1, 0, 1, 0, 0, 1, 0, 1, 0, 1, 1, 1};
    int want[H12] = {0, 1, 0, 1, 0, 2, 1, 0, 1, 1, 1, 0,
                     0, 1, 0, 1, 1, 1, 0, 1, 0, 1, 1, 1};
    move_case(NULL, b, 16, 16, 0, false, 11, want, 0);
    move_case(DYNAMIC, b, 16, 16, 0, false, 11, want, 0);
}

/* A.5, P12 (sticky), P16 (dynamic), played: South's 8 (1): 9 (1 -> 2),
 * lift 2: 10 (2), 11 (2); lift 2 from 11: both cross and are removed.
 * Hole 10 now holds 2. North's 23 (1) next: under sticky bear-off stays
 * on and the seed crossing into 0 is removed; under dynamic the condition
 * fails at the start of North's move and the seed lands in 0 (c = 1, a
 * South hole: the move ends). */
static void test_p12_sticky_and_dynamic_played(void **state)
{
    (void)state;
    int after8[H12] = {0, 1, 0, 1, 0, 0, 1, 0, 0, 0, 2, 0,
                       1, 0, 1, 0, 0, 1, 0, 1, 0, 1, 1, 1};
    int sticky23[H12] = {0, 1, 0, 1, 0, 0, 1, 0, 0, 0, 2, 0,
                         1, 0, 1, 0, 0, 1, 0, 1, 0, 1, 1, 0};
    int dynamic23[H12] = {1, 1, 0, 1, 0, 0, 1, 0, 0, 0, 2, 0,
                          1, 0, 1, 0, 0, 1, 0, 1, 0, 1, 1, 0};
    for (int k = 0; k < 2; k++) {
        ad a;
        ad_open(&a, k ? DYNAMIC : NULL);
        assert_int_equal(a.k.setup.bearoff_sticky, k == 0);
        ad_position(&a, BO, 17, 17, 0, false);
        ad_play(&a, 8);
        assert_board_is(&a.g, after8, H12);
        assert_int_equal(a.g.captured[0], 19);
        ad_play(&a, 23);
        assert_board_is(&a.g, k ? dynamic23 : sticky23, H12);
        assert_int_equal(a.g.captured[1], k ? 17 : 18);
        assert_int_equal(a.g.bearoff_on, k == 0);
        assert_conserved(&a.k.setup, &a.g);
        ad_close(&a);
    }
}

/* P12, P16, written: a board with a 2 (hole 5) and bear-off already on
 * (g.bearoff_on): under sticky South's 11 (1) is borne off; under dynamic
 * the condition is tested afresh, fails, and 11 sows as in
 * test_a5_not_on_with_a_two. */
static void test_p12_sticky_stays_on_written(void **state)
{
    (void)state;
    int b[H12] = {0, 1, 0, 1, 0, 2, 1, 0, 1, 1, 1, 1,
                  1, 0, 1, 0, 0, 1, 0, 1, 0, 1, 1, 1};
    int sticky[H12] = {0, 1, 0, 1, 0, 2, 1, 0, 1, 1, 1, 0,
                       1, 0, 1, 0, 0, 1, 0, 1, 0, 1, 1, 1};
    int dynamic[H12] = {0, 1, 0, 1, 0, 2, 1, 0, 1, 1, 1, 0,
                        0, 1, 0, 1, 1, 1, 0, 1, 0, 1, 1, 1};
    move_case(NULL, b, 16, 16, 0, true, 11, sticky, 1);
    move_case(DYNAMIC, b, 16, 16, 0, true, 11, dynamic, 0);
}

/* A.5, P11 clockwise: South's last hole is 0 (next 23, North's row),
 * North's is 12 (next 11). South's 0 (1) is borne off; South's 1 (1): 0
 * (1 -> 2), lift 2 from 0: both removed; North's 12 (1) is borne off. */
static void test_p11_cw_bearoff_from_hole_0(void **state)
{
    (void)state;
    int b[H12] = {1, 1, 0, 1, 0, 0, 1, 0, 1, 0, 1, 1,
                  1, 0, 1, 0, 0, 1, 0, 1, 0, 1, 1, 1};
    int w0[H12] = {0, 1, 0, 1, 0, 0, 1, 0, 1, 0, 1, 1,
                   1, 0, 1, 0, 0, 1, 0, 1, 0, 1, 1, 1};
    move_case(CW, b, 17, 17, 0, false, 0, w0, 1);
    int w1[H12] = {0, 0, 0, 1, 0, 0, 1, 0, 1, 0, 1, 1,
                   1, 0, 1, 0, 0, 1, 0, 1, 0, 1, 1, 1};
    move_case(CW, b, 17, 17, 0, false, 1, w1, 2);
    int w12[H12] = {1, 1, 0, 1, 0, 0, 1, 0, 1, 0, 1, 1,
                    0, 0, 1, 0, 0, 1, 0, 1, 0, 1, 1, 1};
    move_case(CW, b, 17, 17, 1, false, 12, w12, 1);
    /* counter-clockwise, South's 0 (1) is no crossing: it sows 1 (1 -> 2),
     * lift 2: 2 (0 -> 1), 3 (1 -> 2), lift 2: 4, 5 (0 -> 1): own empty
     * hole, the opposite 18 is empty */
    int wccw[H12] = {0, 0, 1, 0, 1, 1, 1, 0, 1, 0, 1, 1,
                     1, 0, 1, 0, 0, 1, 0, 1, 0, 1, 1, 1};
    move_case(NULL, b, 17, 17, 0, false, 0, wccw, 0);
}

/* ---- A.6: the end ------------------------------------------------------ */

/* A.6: South's 0 (2): 1, 2 (0 -> 1), own empty hole: the opposite 21
 * holds North's last 3 seeds and is removed. North has no seeds at their
 * turn: North loses, South wins; no score (score: none), no draw. */
static void test_a6_north_has_no_seeds(void **state)
{
    (void)state;
    int b[H12] = {2, 1, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0,
                  0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0};
    ad a;
    ad_open(&a, NULL);
    ad_position(&a, b, 20, 19, 0, false);
    ad_play(&a, 0);
    int want[H12] = {0, 2, 1, 3, 0, 0, 0, 0, 0, 0, 0, 0,
                     0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
    assert_board_is(&a.g, want, H12);
    assert_int_equal(a.g.captured[0], 23);
    assert_true(a.g.over);
    assert_int_equal(a.g.ply, 3);
    assert_int_equal(a.g.to_move, 1);
    assert_int_equal(a.g.result.reason, SOW_END_CANNOT_MOVE);
    assert_false(a.g.result.stuck_seeds);
    assert_int_equal(a.g.result.winner, 0);
    assert_false(a.g.result.has_score);
    assert_false(a.g.result.unfinished);
    char why[64];
    assert_string_equal(sow_result_text(&a.k.setup, &a.g, why, sizeof why),
                        "North has no seeds");
    sow_error err;
    assert_int_not_equal(sow_engine_play(&a.k.eng, &a.g, 1, &err), SOW_OK);
    ad_close(&a);
}

/* A.6 the other way: North's 12 (1): 13 (1 -> 2), lift 2: 14, 15 (0 -> 1),
 * North's own empty hole: the opposite 8 holds South's last 4 seeds. */
static void test_a6_south_has_no_seeds(void **state)
{
    (void)state;
    int b[H12] = {0, 0, 0, 0, 0, 0, 0, 0, 4, 0, 0, 0,
                  1, 1, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0};
    ad a;
    ad_open(&a, NULL);
    ad_position(&a, b, 18, 21, 1, false);
    ad_play(&a, 12);
    int want[H12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                     0, 0, 1, 1, 0, 0, 3, 0, 0, 0, 0, 0};
    assert_board_is(&a.g, want, H12);
    assert_int_equal(a.g.captured[1], 25);
    assert_true(a.g.over);
    assert_int_equal(a.g.to_move, 0);
    assert_int_equal(a.g.result.reason, SOW_END_CANNOT_MOVE);
    assert_int_equal(a.g.result.winner, 1);
    assert_false(a.g.result.has_score);
    assert_false(a.g.result.unfinished);
    char why[64];
    assert_string_equal(sow_result_text(&a.k.setup, &a.g, why, sizeof why),
                        "South has no seeds");
    ad_close(&a);
}

/* ---- C0.7, P2, P5, P6: endless moves ------------------------------------ */

/* An endless candidate, found by a random search with the reference
 * (tests/ref/andada.py sow_move): South's 9 (2) relays round the board
 * for ever (the lap-start state recurs after some 200 laps); South's
 * other holes end. Not in bear-off. 25 seeds on the board. */
static const int ENDLESS9[H12] = {
    3, 0, 1, 0, 1, 2, 1, 0, 1, 2, 0, 2,  /* South 0..11 */
    3, 0, 1, 2, 1, 0, 1, 0, 1, 0, 1, 2}; /* North 12..23 */

/* A.6 forbid (default), P2, P6: the endless move is left out of the legal
 * moves (its hole in g.endless_mask) and playing it is refused; the
 * sowing machine itself reports it endless. */
static void test_p6_forbid_leaves_endless_out(void **state)
{
    (void)state;
    ad a;
    ad_open(&a, NULL);
    ad_position(&a, ENDLESS9, 12, 11, 0, false);
    int legal[] = {0, 2, 4, 5, 6, 8, 11};
    assert_legal(&a.g, legal, 7);
    assert_int_equal(a.g.endless_mask, (uint64_t)1 << 9);
    ad_refused(&a, 9, "not legal");
    sow_game copy = a.g;
    bool endless = false;
    sow_error err;
    assert_int_equal(sow_sow(&a.k.setup, &a.k.eng.rules, NULL, &copy,
                             sow_before_of(&(sow_before){0}, &a.g, 9),
                             &endless, &err),
                     SOW_OK);
    assert_true(endless);
    /* another move is played as usual */
    ad_play(&a, 11);
    assert_false(a.g.over);
    assert_conserved(&a.k.setup, &a.g);
    ad_close(&a);
}

/* A.6 end_game, P5: the endless move is legal; playing it is a ply whose
 * board and captured are those before it, and its mover loses. A rule
 * ending, not an unfinished game; no score. */
static void test_p5_end_game_mover_loses(void **state)
{
    (void)state;
    ad a;
    ad_open(&a, END_GAME);
    assert_int_equal(a.k.setup.endless_move, SOW_ENDLESS_END_GAME);
    ad_position(&a, ENDLESS9, 12, 11, 0, false);
    int legal[] = {0, 2, 4, 5, 6, 8, 9, 11};
    assert_legal(&a.g, legal, 8);
    assert_int_equal(a.g.endless_mask, 0);
    ad_play(&a, 9);
    assert_board_is(&a.g, ENDLESS9, H12);
    assert_int_equal(a.g.captured[0], 12);
    assert_int_equal(a.g.captured[1], 11);
    assert_conserved(&a.k.setup, &a.g);
    assert_true(a.g.over);
    assert_true(a.g.last_endless);
    assert_int_equal(a.g.ply, 3);
    assert_int_equal(a.g.result.reason, SOW_END_ENDLESS);
    assert_int_equal(a.g.result.winner, 1);
    assert_false(a.g.result.has_score);
    assert_false(a.g.result.unfinished);
    char why[64];
    assert_string_equal(sow_result_text(&a.k.setup, &a.g, why, sizeof why),
                        "endless move");
    ad_close(&a);
    /* North's endless move: North loses (fixture found the same way) */
    static const int n22[H12] = {1, 2, 1, 0, 4, 0, 5, 1, 3, 2, 1, 5,
                                 1, 0, 4, 1, 2, 1, 0, 1, 2, 1, 2, 0};
    ad_open(&a, END_GAME);
    ad_position(&a, n22, 4, 4, 1, false);
    ad_play(&a, 22);
    assert_true(a.g.over);
    assert_board_is(&a.g, n22, H12);
    assert_int_equal(a.g.result.reason, SOW_END_ENDLESS);
    assert_int_equal(a.g.result.winner, 0);
    ad_close(&a);
}

/* ---- A.1 options: holes, direction ------------------------------------- */

/* A.1: holes takes 12 to 24 in steps of 3; 13, 27 (and 9, 14) are refused
 * with the allowed values in the message. */
static void test_a1_holes_option(void **state)
{
    (void)state;
    sow_variant *v = NULL;
    sow_error err;
    sow_error_clear(&err);
    if (sow_variant_load(YAML, &v, &err))
        fail_msg("%s", err.msg);
    for (int n = 12; n <= 24; n += 3) {
        sow_optset o;
        sow_optset_defaults(v, &o);
        char arg[32];
        snprintf(arg, sizeof arg, "holes=%d", n);
        assert_int_equal(sow_optset_apply(v, &o, arg, &err), SOW_OK);
        assert_int_equal(sow_optset_check(v, &o, &err), SOW_OK);
        sow_setup s;
        assert_int_equal(sow_setup_init(&s, v, &o, &err), SOW_OK);
        assert_int_equal(s.n, n);
        assert_int_equal(s.holes, 2 * n);
        assert_int_equal(s.total, 4 * n);
    }
    static const char *const bad[] = {"13", "27", "9", "14"};
    for (int i = 0; i < 4; i++) {
        sow_optset o;
        sow_optset_defaults(v, &o);
        char arg[32], want[128];
        snprintf(arg, sizeof arg, "holes=%s", bad[i]);
        sow_error_clear(&err);
        assert_int_not_equal(sow_optset_apply(v, &o, arg, &err), SOW_OK);
        snprintf(want, sizeof want,
                 "option holes: '%s' is not a value it takes; use one of 12 "
                 "to 24 in steps of 3",
                 bad[i]);
        assert_string_equal(err.msg, want);
    }
    sow_variant_free(v);
}

/* The mirror of hole h for a board of n holes per row: the same row,
 * read the other way (C0.2), so that clockwise play of the mirrored moves
 * is counter-clockwise play of the moves. */
static int mirror(int n, int h)
{
    return h < n ? n - 1 - h : 3 * n - 1 - h;
}

static uint64_t legal_mask(const sow_game *g, int n, bool mirrored)
{
    uint64_t m = 0;
    for (int i = 0; i < g->nlegal; i++)
        if (!sow_move_is_decision(g->legal[i]))
            m |= (uint64_t)1 << (mirrored ? mirror(n, g->legal[i])
                                          : g->legal[i]);
    return m;
}

/* A.1, P9, P11: direction=cw plays mirrored: random counter-clockwise
 * games (every size), replayed clockwise with each hole mirrored in its
 * row, give mirrored boards, the same captured, mirrored legal moves and
 * the same result at every ply. */
static void test_p9_cw_plays_mirrored(void **state)
{
    (void)state;
    static const int sizes[] = {12, 15, 18, 21, 24};
    sow_rng rng;
    sow_rng_seed(&rng, 4004);
    long plies = 0;
    for (int i = 0; i < 5; i++) {
        int n = sizes[i];
        char holes[32];
        snprintf(holes, sizeof holes, "holes=%d", n);
        const char *occw[] = {holes, NULL};
        const char *ocw[] = {holes, "direction=cw", NULL};
        ad a, b;
        ad_open(&a, occw);
        ad_open(&b, ocw);
        for (int game = 0; game < 20; game++) {
            sow_error err;
            assert_int_equal(sow_engine_start(&a.k.eng, &a.g, &err), SOW_OK);
            assert_int_equal(sow_engine_start(&b.k.eng, &b.g, &err), SOW_OK);
            while (!a.g.over) {
                assert_false(b.g.over);
                assert_int_equal(a.g.to_move, b.g.to_move);
                assert_int_equal(a.g.nlegal, b.g.nlegal);
                assert_true(legal_mask(&a.g, n, true) ==
                            legal_mask(&b.g, n, false));
                sow_move m = a.g.legal[sow_rng_below(&rng, a.g.nlegal)];
                ad_play(&a, m);
                ad_play(&b, sow_move_is_decision(m) ? m : mirror(n, m));
                plies++;
                for (int h = 0; h < 2 * n; h++)
                    if (a.g.board[h] != b.g.board[mirror(n, h)])
                        fail_msg("holes=%d ply %d: ccw hole %d holds %d, cw "
                                 "hole %d holds %d",
                                 n, a.g.ply, h, a.g.board[h],
                                 mirror(n, h), b.g.board[mirror(n, h)]);
                assert_int_equal(a.g.captured[0], b.g.captured[0]);
                assert_int_equal(a.g.captured[1], b.g.captured[1]);
            }
            assert_true(b.g.over);
            assert_int_equal(a.g.result.reason, b.g.result.reason);
            assert_int_equal(a.g.result.winner, b.g.result.winner);
        }
        ad_close(&a);
        ad_close(&b);
    }
    assert_true(plies > 1000);
}

/* ---- seed accounting ------------------------------------------------------ */

/* Random games for every size, both directions, both bear-off values and
 * both endless-move values: board + captured = 4N at every ply, on_board
 * is the board, captured never shrinks and only the mover's grows; every
 * legal regular move is an own hole with a seed; the opening and the
 * decision take nothing; every game ends with a winner (no draw, A.6) and
 * no score: the player to move lost, having no seeds ("has no seeds"), or
 * no legal move (P6), or the last move was endless (end_game, P5). */
static void test_seed_accounting(void **state)
{
    (void)state;
    static const int sizes[] = {12, 15, 18, 21, 24};
    static const char *const dirs[] = {"direction=ccw", "direction=cw"};
    static const char *const extra[] = {"bearoff=sticky", "bearoff=dynamic",
                                        "endless_move=end_game"};
    sow_rng rng;
    sow_rng_seed(&rng, 20240604);
    long plies = 0, removals = 0;
    for (int i = 0; i < 5; i++)
        for (int d = 0; d < 2; d++)
            for (int x = 0; x < 3; x++) {
                char holes[32];
                snprintf(holes, sizeof holes, "holes=%d", sizes[i]);
                const char *opts[] = {holes, dirs[d], extra[x], NULL};
                ad a;
                ad_open(&a, opts);
                const int n = sizes[i];
                for (int game = 0; game < 15; game++) {
                    sow_error err;
                    assert_int_equal(sow_engine_start(&a.k.eng, &a.g, &err),
                                     SOW_OK);
                    sow_game *g = &a.g;
                    assert_conserved(&a.k.setup, g);
                    while (!g->over) {
                        int p = g->to_move;
                        assert_true(g->nlegal > 0);
                        if (g->ply == 1) {
                            assert_int_equal(p, 1);
                            assert_int_equal(g->nlegal, 2);
                        } else {
                            for (int k = 0; k < g->nlegal; k++) {
                                int h = g->legal[k];
                                assert_false(sow_move_is_decision(h));
                                assert_int_equal(g->owner[h], p);
                                assert_true(g->board[h] >= 1);
                            }
                        }
                        int c0 = g->captured[0], c1 = g->captured[1];
                        int ply = g->ply;
                        sow_move m = g->legal[sow_rng_below(&rng, g->nlegal)];
                        ad_play(&a, m);
                        plies++;
                        assert_int_equal(g->ply, ply + 1);
                        assert_conserved(&a.k.setup, g);
                        assert_int_equal(g->captured[1 - p], p ? c0 : c1);
                        assert_true(g->captured[p] >= (p ? c1 : c0));
                        if (ply < 2)
                            assert_int_equal(g->captured[p], p ? c1 : c0);
                        removals += g->captured[p] > (p ? c1 : c0);
                    }
                    const sow_result *r = &g->result;
                    assert_false(r->has_score);
                    assert_false(r->unfinished);
                    assert_true(r->winner == 0 || r->winner == 1);
                    assert_int_equal(r->winner, 1 - g->to_move);
                    int own = 0;
                    for (int h = 0; h < 2 * n; h++)
                        if (g->owner[h] == g->to_move)
                            own += g->board[h];
                    char why[64];
                    sow_result_text(&a.k.setup, g, why, sizeof why);
                    if (r->reason == SOW_END_ENDLESS) {
                        assert_int_equal(x, 2);
                        assert_true(g->last_endless);
                    } else {
                        assert_int_equal(r->reason, SOW_END_CANNOT_MOVE);
                        assert_int_equal(r->stuck_seeds, own > 0);
                        assert_contains(why, own ? "has no legal move"
                                                 : "has no seeds");
                        assert_contains(why, g->to_move ? "North" : "South");
                    }
                }
                ad_close(&a);
            }
    assert_true(plies > 20000);
    assert_true(removals > 1000);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_a1_start),
        cmocka_unit_test(test_a2_openings_12),
        cmocka_unit_test(test_a2_openings_other_sizes),
        cmocka_unit_test(test_p9_cw_opening_same_board),
        cmocka_unit_test(test_a2_opening_south_only),
        cmocka_unit_test(test_a3_decision),
        cmocka_unit_test(test_a4_own_empty_removes_opposite),
        cmocka_unit_test(test_a4_opponent_empty_removes_nothing),
        cmocka_unit_test(test_a4_relay),
        cmocka_unit_test(test_a4_north_relay_removes),
        cmocka_unit_test(test_a5_bearoff_last_hole),
        cmocka_unit_test(test_a5_bearoff_relay_with_hand),
        cmocka_unit_test(test_a5_not_on_with_a_two),
        cmocka_unit_test(test_p12_sticky_and_dynamic_played),
        cmocka_unit_test(test_p12_sticky_stays_on_written),
        cmocka_unit_test(test_p11_cw_bearoff_from_hole_0),
        cmocka_unit_test(test_a6_north_has_no_seeds),
        cmocka_unit_test(test_a6_south_has_no_seeds),
        cmocka_unit_test(test_p6_forbid_leaves_endless_out),
        cmocka_unit_test(test_p5_end_game_mover_loses),
        cmocka_unit_test(test_a1_holes_option),
        cmocka_unit_test(test_p9_cw_plays_mirrored),
        cmocka_unit_test(test_seed_accounting),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
