/* test_boto.c - Adji-Boto (docs/rules.md, Adji-Boto: B.1-B.6, with C0.4, C0.5,
 * C0.7, P3, P7, P8) through the real variant file: variants/adji_boto.yaml,
 * all data (the chain is a lap_end `chain` rule, no script), run by the
 * engine (sow_engine_*). Each test names the rule ids it checks. Positions after
 * the opening are set by writing g.board (and g.ply >= 10, phase 0) and
 * recomputing the legal moves with sow_legal_moves, as test_engine.c does;
 * the boards after a move were worked out by hand (the comments show the
 * lap and the chain). Canonical holes (C0.2): South 0..4, North 5..9. */
#include "unit.h"

#include "fixture.h"

#include "sow_game.h"
#include "sow_lua.h"
#include "sow_rng.h"
#include "sow_variant.h"

#define YAML "variants/adji_boto.yaml"
#define HOLES 10
#define TOTAL 100
#define OPENING 10 /* B.3: plies 0..9 */

/* ---- fixture: the variant, its script, an engine and a game ------------ */

typedef unit_game bt;

/* Load the variant with the options (NULL-terminated "NAME=VALUE"), check
 * that they fit, and start a game. */
static void bt_open(bt *a, const char *const *opts)
{
    unit_game_open(a, YAML, opts);
    sow_error err;
    sow_error_clear(&err);
    if (sow_engine_start(&a->k.eng, &a->g, &err))
        fail_msg("%s", err.msg);
}

static void bt_close(bt *a) { unit_game_close(a); }

/* Recompute the legal moves of the player to move. */
static void bt_relegal(bt *a)
{
    unit_relegal(&a->k.setup, &a->k.eng.rules, &a->g, a->g.to_move);
}

/* Put the game in a position after the opening (B.3): board, stores,
 * player to move, at ply `ply` (10 or more), phase 0, no hole marked as
 * played; the legal moves are recomputed. Seeds and stores add up to 100. */
static void bt_position(bt *a, const int b[HOLES], int c0, int c1,
                        int to_move, int ply)
{
    sow_game *g = &a->g;
    int sum = 0;
    for (int h = 0; h < HOLES; h++) {
        g->board[h] = (uint16_t)b[h];
        sum += b[h];
    }
    assert_int_equal(sum + c0 + c1, TOTAL);
    assert_true(ply >= OPENING);
    g->on_board = sum;
    g->captured[0] = c0;
    g->captured[1] = c1;
    g->to_move = (uint8_t)to_move;
    g->ply = ply;
    g->phase = 0;
    g->played[0] = g->played[1] = 0;
    bt_relegal(a);
}

static void bt_play(bt *a, int move)
{
    sow_error err;
    sow_error_clear(&err);
    if (sow_engine_play(&a->k.eng, &a->g, move, &err))
        fail_msg("ply %d, move %d: %s", a->g.ply, move, err.msg);
}

/* The move is refused with an error that contains `needle`, and the game
 * is left exactly as it was. */
static void bt_refused(bt *a, int move, const char *needle)
{
    sow_game before = a->g;
    sow_error err;
    sow_error_clear(&err);
    assert_int_not_equal(sow_engine_play(&a->k.eng, &a->g, move, &err), SOW_OK);
    assert_contains(err.msg, needle);
    assert_same_game(&before, &a->g);
}

/* The board and the stores add up to 100, and on_board is the board. */
static void assert_conserved(const sow_game *g)
{
    int sum = 0;
    for (int h = 0; h < HOLES; h++)
        sum += g->board[h];
    assert_int_equal(g->on_board, sum);
    assert_int_equal(sum + g->captured[0] + g->captured[1], TOTAL);
}

/* A move after the opening (ply 10) under the options: from position b
 * with stores c0/c1, `mover` plays `move`; the board becomes `want`, the
 * mover's store grows by `taken`, the other store stays. */
static void chain_case(const char *const *opts, const int b[HOLES], int c0,
                       int c1, int mover, int move, const int want[HOLES],
                       int taken)
{
    bt a;
    bt_open(&a, opts);
    bt_position(&a, b, c0, c1, mover, OPENING);
    bt_play(&a, move);
    assert_board_is(&a.g, want, HOLES);
    assert_int_equal(a.g.captured[mover], (mover ? c1 : c0) + taken);
    assert_int_equal(a.g.captured[1 - mover], mover ? c0 : c1);
    assert_conserved(&a.g);
    bt_close(&a);
}

static const char *const SKIP[] = {"empty_in_chain=skip", NULL};
static const char *const BREAK[] = {"empty_in_chain=break", NULL};

/* ---- B.1 ------------------------------------------------------------- */

/* B.1: 2x5 holes, 10 seeds each (100), a store for each player, both
 * empty; South starts (C0.1) in the opening phase (B.3) with every hole
 * legal; B.2 in the data: min_seeds 2, leave 1, single laps. */
static void test_b1_start(void **state)
{
    (void)state;
    bt a;
    bt_open(&a, NULL);
    assert_int_equal(a.k.setup.n, 5);
    assert_int_equal(a.k.setup.holes, HOLES);
    assert_int_equal(a.k.setup.total, TOTAL);
    assert_true(a.k.setup.stores);
    assert_int_equal(a.k.setup.min_seeds, 2);
    assert_int_equal(a.k.setup.leave, 1);
    assert_false(a.k.setup.relay);
    assert_false(a.k.setup.skip_origin);
    assert_true(a.k.setup.passing);
    assert_false(a.k.setup.repetition);
    assert_int_equal(a.k.setup.max_plies, 10000);
    for (int h = 0; h < HOLES; h++) {
        assert_int_equal(a.g.board[h], 10);
        assert_int_equal(a.g.owner[h], h < 5 ? 0 : 1);
    }
    assert_int_equal(a.g.captured[0], 0);
    assert_int_equal(a.g.captured[1], 0);
    assert_int_equal(a.g.on_board, TOTAL);
    assert_int_equal(a.g.ply, 0);
    assert_int_equal(a.g.to_move, 0);
    assert_false(a.g.over);
    /* B.3: the game starts in the opening phase */
    assert_int_equal(a.k.v->nphases, 1);
    assert_string_equal(a.k.v->phases[0].name, "opening");
    assert_true(a.k.v->phases[0].fresh_holes);
    assert_int_equal(a.k.v->phases[0].until_ply, OPENING);
    assert_int_equal(a.g.phase, 1);
    int legal[] = {0, 1, 2, 3, 4};
    assert_legal(&a.g, legal, 5);
    bt_close(&a);
}

/* B.1: stores are never sown into. South's 12 seeds in hole 4: 1 stays,
 * 11 go round the whole track: 5..9, 0..3, 4 (the origin, C0.4), 5 (the
 * last). Every hole gets its seed and neither store does. h = 5 (3), the
 * next hole 6 holds 2: no chain (B.4). */
static void test_b1_stores_never_sown(void **state)
{
    (void)state;
    int b[HOLES] = {1, 1, 1, 1, 12, 1, 1, 1, 1, 1};
    int want[HOLES] = {2, 2, 2, 2, 2, 3, 2, 2, 2, 2};
    chain_case(NULL, b, 40, 39, 0, 4, want, 0);
    /* the same lap by North: 12 in hole 9, 11 sown: 0..8, 9, 0 */
    int bn[HOLES] = {1, 1, 1, 1, 1, 1, 1, 1, 1, 12};
    int wn[HOLES] = {3, 2, 2, 2, 2, 2, 2, 2, 2, 2};
    chain_case(NULL, bn, 39, 40, 1, 9, wn, 0);
}

/* B.1, docs/record.md: `captured` is the content of the stores: seeds taken go
 * to the mover's store and stay there; the stores plus the board are 100
 * at every ply (a full opening, then a capture by South at ply 10). */
static void test_b1_captured_is_the_stores(void **state)
{
    (void)state;
    bt a;
    bt_open(&a, NULL);
    const int opening[] = {0, 5, 1, 6, 2, 7, 3, 8, 4, 9};
    for (int i = 0; i < OPENING; i++) {
        bt_play(&a, opening[i]);
        assert_int_equal(a.g.captured[0], 0);
        assert_int_equal(a.g.captured[1], 0);
        assert_conserved(&a.g);
    }
    /* the reference (tests/ref/adji_boto.py) gives this board after the
     * opening; South's hole 4 (5 seeds) sows 5..8, h = 8 (7), and North's
     * hole 9 (3) goes to South's store; hole 0 (15) ends the chain */
    int after[HOLES] = {15, 14, 11, 8, 5, 15, 13, 10, 6, 3};
    assert_board_is(&a.g, after, HOLES);
    bt_play(&a, 4);
    int want[HOLES] = {15, 14, 11, 8, 1, 16, 14, 11, 7, 0};
    assert_board_is(&a.g, want, HOLES);
    assert_int_equal(a.g.captured[0], 3);
    assert_int_equal(a.g.captured[1], 0);
    assert_conserved(&a.g);
    bt_close(&a);
}

/* ---- B.2, C0.4 --------------------------------------------------------- */

/* B.2: a move from a hole of n seeds leaves 1 and sows n-1, one per hole,
 * counter-clockwise: the first move of the game, 10 seeds from hole 2,
 * sows 3..9, 0, 1 (9 seeds). After the opening, a hole of 2 sows one seed
 * and keeps one; a hole of 1 is not a move. */
static void test_b2_leave_one(void **state)
{
    (void)state;
    bt a;
    bt_open(&a, NULL);
    bt_play(&a, 2);
    int w0[HOLES] = {11, 11, 1, 11, 11, 11, 11, 11, 11, 11};
    assert_board_is(&a.g, w0, HOLES);
    assert_int_equal(a.g.on_board, TOTAL);
    bt_close(&a);

    /* hole 1: 2 seeds: keeps 1, sows 1 into hole 2; h = 2 (3), the next
     * hole 3 holds 4: no chain. Hole 0 (1) and hole 4 (0) are no moves. */
    int b[HOLES] = {1, 2, 2, 4, 0, 2, 2, 2, 2, 2};
    bt_open(&a, NULL);
    bt_position(&a, b, 40, 41, 0, 12);
    int legal[] = {1, 2, 3};
    assert_legal(&a.g, legal, 3);
    bt_refused(&a, 0, "ply 12: move 0 is not legal for South");
    bt_refused(&a, 4, "the legal moves are: 1 2 3");
    bt_play(&a, 1);
    int w1[HOLES] = {1, 1, 3, 4, 0, 2, 2, 2, 2, 2};
    assert_board_is(&a.g, w1, HOLES);
    assert_int_equal(a.g.captured[0], 40);
    bt_close(&a);
}

/* C0.4 (skip_origin=false, the default), B.2: a lap that comes round the
 * board sows into the hole it was lifted from like any other. 11 seeds in
 * hole 2: 1 stays, 10 sown: 3..9, 0, 1, and the 10th into 2 itself (h = 2,
 * now 2; the next hole 3 holds 2: no chain). 12+ seeds: 13 in hole 2, 12
 * sown: 3..9, 0, 1, 2 (the origin), 3, 4 (h = 4). */
static void test_c0_4_lap_sows_origin(void **state)
{
    (void)state;
    int b11[HOLES] = {1, 1, 11, 1, 1, 1, 1, 1, 1, 1};
    int w11[HOLES] = {2, 2, 2, 2, 2, 2, 2, 2, 2, 2};
    chain_case(NULL, b11, 40, 40, 0, 2, w11, 0);
    /* 13 in hole 2: 3 and 4 get two seeds each, the origin one */
    int b13[HOLES] = {1, 1, 13, 2, 2, 1, 1, 1, 1, 1};
    int w13[HOLES] = {2, 2, 2, 4, 4, 2, 2, 2, 2, 2};
    chain_case(NULL, b13, 38, 38, 0, 2, w13, 0);
    /* 21 in hole 7 (North): 20 sown, twice round: every other hole +2,
     * the origin +2 (1 -> 3), the last seed in 7 itself (h = 7); the next
     * hole 8 holds 2: no chain */
    int b21[HOLES] = {0, 0, 0, 0, 0, 0, 0, 21, 0, 0};
    int w21[HOLES] = {2, 2, 2, 2, 2, 2, 2, 3, 2, 2};
    chain_case(NULL, b21, 40, 39, 1, 7, w21, 0);
}

/* C0.4 skip_origin=true, P1: the origin is passed over and keeps the 1
 * seed B.2 left. 12 in hole 4: 11 sown: 5..9, 0..3, (4 skipped), 5, 6:
 * h = 6 (3), the next hole 7 holds 2: no chain. 11 in hole 2: 10 sown:
 * 3..9, 0, 1, (2 skipped), 3: h = 3 (3), the next hole 4 holds 2. */
static void test_c0_4_skip_origin(void **state)
{
    (void)state;
    const char *opts[] = {"skip_origin=true", NULL};
    int b[HOLES] = {1, 1, 1, 1, 12, 1, 1, 1, 1, 1};
    int want[HOLES] = {2, 2, 2, 2, 1, 3, 3, 2, 2, 2};
    chain_case(opts, b, 40, 39, 0, 4, want, 0);
    int b11[HOLES] = {1, 1, 11, 1, 1, 1, 1, 1, 1, 1};
    int w11[HOLES] = {2, 2, 1, 3, 2, 2, 2, 2, 2, 2};
    chain_case(opts, b11, 40, 40, 0, 2, w11, 0);
    /* 21 in hole 7 (North): 20 sown, the origin skipped twice: the nine
     * other holes get 2 each (18), then 8 and 9 a third (h = 9, 3); the
     * next hole 0 holds 2: no chain; hole 7 keeps its 1 */
    int b21[HOLES] = {0, 0, 0, 0, 0, 0, 0, 21, 0, 0};
    int w21[HOLES] = {2, 2, 2, 2, 2, 2, 2, 1, 3, 3};
    chain_case(opts, b21, 40, 39, 1, 7, w21, 0);
    bt a;
    bt_open(&a, opts);
    assert_true(a.k.setup.skip_origin);
    bt_close(&a);
}

/* ---- B.3: the opening -------------------------------------------------- */

/* B.3: in the opening each player's legal moves are their holes not yet
 * played in it; a hole already played is refused (the error names the
 * ply and the legal moves). Moves alternate, the phase is 1 ("opening")
 * for plies 0..9 and 0 after the tenth; then every hole of 2 or more is
 * legal again. No seed reaches a store during the opening. */
static void test_b3_opening_legal_moves(void **state)
{
    (void)state;
    bt a;
    bt_open(&a, NULL);
    const int moves[] = {2, 9, 0, 5, 4, 7, 1, 6, 3, 8};
    /* legal before each ply: the player's holes minus those played */
    const int legal[OPENING][5] = {
        {0, 1, 2, 3, 4}, {5, 6, 7, 8, 9}, {0, 1, 3, 4}, {5, 6, 7, 8},
        {1, 3, 4},       {6, 7, 8},       {1, 3},       {6, 8},
        {3},             {8},
    };
    const int nlegal[OPENING] = {5, 5, 4, 4, 3, 3, 2, 2, 1, 1};
    uint64_t played[2] = {0, 0};
    for (int i = 0; i < OPENING; i++) {
        assert_int_equal(a.g.ply, i);
        assert_int_equal(a.g.phase, 1);
        assert_int_equal(a.g.to_move, i % 2);
        assert_legal(&a.g, legal[i], nlegal[i]);
        if (i == 2)
            bt_refused(&a, 2,
                       "ply 2: move 2 is not legal for South; the legal "
                       "moves are: 0 1 3 4");
        if (i == 5)
            bt_refused(&a, 9, "the legal moves are: 6 7 8");
        /* every hole not yet played holds 10 or more (B.3) */
        for (int h = 0; h < HOLES; h++) {
            int p = h < 5 ? 0 : 1;
            if (!((played[p] >> h) & 1))
                assert_true(a.g.board[h] >= 10);
        }
        played[i % 2] |= (uint64_t)1 << moves[i];
        bt_play(&a, moves[i]);
        assert_int_equal(a.g.captured[0], 0);
        assert_int_equal(a.g.captured[1], 0);
        assert_conserved(&a.g);
    }
    /* the opening is over */
    assert_int_equal(a.g.ply, OPENING);
    assert_int_equal(a.g.phase, 0);
    assert_int_equal(a.g.played[0], 0);
    assert_int_equal(a.g.played[1], 0);
    assert_int_equal(a.g.to_move, 0);
    int all[] = {0, 1, 2, 3, 4};
    assert_legal(&a.g, all, 5);
    /* South may play the hole it opened with again */
    bt_play(&a, 2);
    assert_int_equal(a.g.phase, 0);
    int nall[] = {5, 6, 7, 8, 9};
    assert_legal(&a.g, nall, 5);
    bt_close(&a);
}

/* B.3: no captures in the opening. At ply 0 the board is written so that
 * South's move from hole 0 (3 seeds: 1 stays, 1 and 2 get one) ends in
 * h = 2 with hole 3 holding 3 (and hole 4, 13, would stop the chain):
 * after the opening that would take 3; here nothing is taken. */
static void test_b3_opening_no_capture_first_move(void **state)
{
    (void)state;
    int b[HOLES] = {3, 10, 10, 3, 14, 12, 12, 12, 12, 12};
    bt a;
    bt_open(&a, NULL);
    for (int h = 0; h < HOLES; h++)
        a.g.board[h] = (uint16_t)b[h];
    bt_relegal(&a);
    int legal[] = {0, 1, 2, 3, 4};
    assert_legal(&a.g, legal, 5);
    bt_play(&a, 0);
    int want[HOLES] = {1, 11, 11, 3, 14, 12, 12, 12, 12, 12};
    assert_board_is(&a.g, want, HOLES);
    assert_int_equal(a.g.captured[0], 0);
    assert_int_equal(a.g.captured[1], 0);
    assert_int_equal(a.g.phase, 1);
    bt_close(&a);

    /* the same position after the opening (ply 10): 3 is taken, then
     * hole 4 (14) ends the chain */
    int after[HOLES] = {1, 11, 11, 0, 14, 12, 12, 12, 12, 12};
    chain_case(NULL, b, 0, 0, 0, 0, after, 3);
}

/* B.3: the tenth move (ply 9, North's last hole) captures nothing either,
 * though its last seed would start a chain; the phase ends after it.
 * After 0 5 1 6 2 7 3 8 4 North's only legal move is 9. The board is
 * written: hole 9 holds 3: 1 stays, 0 and 1 get one; h = 1, then 2 (1),
 * 3 (3) would be taken and 4 (13) would stop the chain. */
static void test_b3_tenth_move_no_capture(void **state)
{
    (void)state;
    const char *const optsets[][2] = {{NULL}, {"empty_in_chain=skip", NULL}};
    for (int k = 0; k < 2; k++) {
        bt a;
        bt_open(&a, optsets[k]);
        const int moves[] = {0, 5, 1, 6, 2, 7, 3, 8, 4};
        for (int i = 0; i < 9; i++)
            bt_play(&a, moves[i]);
        assert_int_equal(a.g.ply, 9);
        assert_int_equal(a.g.phase, 1);
        assert_int_equal(a.g.to_move, 1);
        int b[HOLES] = {10, 10, 1, 3, 13, 20, 20, 10, 10, 3};
        for (int h = 0; h < HOLES; h++)
            a.g.board[h] = (uint16_t)b[h];
        bt_relegal(&a);
        int legal[] = {9};
        assert_legal(&a.g, legal, 1);
        bt_play(&a, 9);
        int want[HOLES] = {11, 11, 1, 3, 13, 20, 20, 10, 10, 1};
        assert_board_is(&a.g, want, HOLES);
        assert_int_equal(a.g.captured[0], 0);
        assert_int_equal(a.g.captured[1], 0);
        assert_conserved(&a.g);
        /* the opening is over: phase 0, all South holes of 2+ legal */
        assert_int_equal(a.g.ply, OPENING);
        assert_int_equal(a.g.phase, 0);
        assert_int_equal(a.g.to_move, 0);
        int south[] = {0, 1, 3, 4};
        assert_legal(&a.g, south, 4);
        bt_close(&a);
    }
}

/* B.3, B.4: the eleventh move (ply 10) captures: the opening 0 5 1 6 2 7
 * 3 8 4 9 (from the start), then South's hole 4 (5 seeds) sows 5..8 and
 * North's hole 9 (3) is taken (hole 0, 15, ends the chain); the other
 * first moves of ply 10 take nothing. */
static void test_b3_eleventh_move_captures(void **state)
{
    (void)state;
    const int opening[] = {0, 5, 1, 6, 2, 7, 3, 8, 4, 9};
    const int taken[5] = {0, 0, 0, 0, 3};
    for (int m = 0; m < 5; m++) {
        bt a;
        bt_open(&a, NULL);
        for (int i = 0; i < OPENING; i++)
            bt_play(&a, opening[i]);
        assert_int_equal(a.g.phase, 0);
        bt_play(&a, m);
        assert_int_equal(a.g.captured[0], taken[m]);
        assert_int_equal(a.g.captured[1], 0);
        assert_int_equal(a.g.ply, OPENING + 1);
        assert_conserved(&a.g);
        bt_close(&a);
    }
}

/* ---- B.4, P7: the chain ------------------------------------------------- */

/* B.4, P7: a chain through both rows. South's hole 3 (4 seeds): 1 stays,
 * 4, 5, 6 get one; h = 6 (7). Then North's 7 (1), 8 (3), 9 (5) and
 * South's own 0 (1), 1 (3) go to South's store (13); hole 2 (2) ends it. */
static void test_b4_chain_both_rows(void **state)
{
    (void)state;
    int b[HOLES] = {1, 3, 2, 4, 6, 6, 6, 1, 3, 5};
    int want[HOLES] = {0, 0, 2, 1, 7, 7, 7, 0, 0, 0};
    chain_case(NULL, b, 30, 33, 0, 3, want, 13);
    chain_case(SKIP, b, 30, 33, 0, 3, want, 13);
}

/* B.4 for North, across the end of the track: North's hole 8 (3 seeds):
 * 1 stays, 9 and 0 get one; h = 0. South's 1 (5), 2 (1), 3 (3) go to
 * North's store (9); hole 4 (4) ends it; North's own 5 (1) stays. */
static void test_b4_north_chain(void **state)
{
    (void)state;
    int b[HOLES] = {2, 5, 1, 3, 4, 1, 2, 2, 3, 2};
    int want[HOLES] = {3, 0, 0, 0, 4, 1, 2, 2, 1, 3};
    chain_case(NULL, b, 40, 35, 1, 8, want, 9);
}

/* B.4, P7: what the count of the next hole does. South's hole 0 (2 seeds)
 * sows one seed into hole 1 (h = 1, 3); hole 2 holds k, hole 3 holds 3,
 * hole 4 holds 2. 1, 3 and 5 are taken and the chain goes on to take
 * hole 3 too, then stops at 4 (2); 2, 4, 6 (even) and 7, 9 (over 5, P7)
 * stop it at once; 0 stops it under `break` and is passed over under
 * `skip` (then 3 is taken). */
static void test_b4_next_counts(void **state)
{
    (void)state;
    for (int k = 0; k <= 9; k++) {
        for (int sk = 0; sk < 2; sk++) {
            int b[HOLES] = {2, 2, k, 3, 2, 2, 2, 2, 2, 2};
            int want[HOLES] = {1, 3, k, 3, 2, 2, 2, 2, 2, 2};
            int taken = 0;
            bool odd = k == 1 || k == 3 || k == 5;
            if (odd || (k == 0 && sk)) {
                want[2] = 0;
                want[3] = 0;
                taken = k + 3;
            }
            chain_case(sk ? SKIP : BREAK, b, 40, 100 - 40 - 19 - k, 0, 0,
                       want, taken);
        }
    }
}

/* B.4, P7: counts 7 and 9 stop a chain that has started: South's hole 0
 * (2) into 1 (h = 1); 2 (1) is taken, 3 (7) stops it, 4 (1) stays. The
 * same with 9. A 6 stops it too. */
static void test_b4_stopped_by_7_9_6(void **state)
{
    (void)state;
    const int stops[] = {7, 9, 6, 2, 4};
    for (int i = 0; i < 5; i++) {
        int x = stops[i];
        int b[HOLES] = {2, 2, 1, x, 1, 2, 2, 2, 2, 2};
        int want[HOLES] = {1, 3, 0, x, 1, 2, 2, 2, 2, 2};
        chain_case(NULL, b, 40, 100 - 40 - 16 - x, 0, 0, want, 1);
        chain_case(SKIP, b, 40, 100 - 40 - 16 - x, 0, 0, want, 1);
    }
}

/* B.4 empty_in_chain=break (default) and =skip: South's hole 0 (2) into 1
 * (h = 1). Hole 2 (1) is taken; hole 3 is empty. Under break the chain
 * ends there and 4 (3) stays; under skip 3 is passed over, 4 (3) and 5
 * (5) are taken, then 6 (0) passed over, 7 (1) taken, 8 (4) ends it. */
static void test_b4_empty_break_and_skip(void **state)
{
    (void)state;
    int b[HOLES] = {2, 2, 1, 0, 3, 5, 0, 1, 4, 2};
    int wbreak[HOLES] = {1, 3, 0, 0, 3, 5, 0, 1, 4, 2};
    int wskip[HOLES] = {1, 3, 0, 0, 0, 0, 0, 0, 4, 2};
    chain_case(NULL, b, 40, 40, 0, 0, wbreak, 1);
    chain_case(BREAK, b, 40, 40, 0, 0, wbreak, 1);
    chain_case(SKIP, b, 40, 40, 0, 0, wskip, 10);
    /* the empty hole right after h: under break nothing is taken (the
     * script is not even asked), under skip the chain starts past it */
    int b2[HOLES] = {2, 2, 0, 3, 2, 2, 2, 2, 2, 2};
    int w2break[HOLES] = {1, 3, 0, 3, 2, 2, 2, 2, 2, 2};
    int w2skip[HOLES] = {1, 3, 0, 0, 2, 2, 2, 2, 2, 2};
    chain_case(BREAK, b2, 40, 41, 0, 0, w2break, 0);
    chain_case(SKIP, b2, 40, 41, 0, 0, w2skip, 3);
}

/* B.4, P7: the chain never takes h; with skip it runs round the board to
 * h and stops there; on the way it takes the origin hole's single seed
 * (B.2). South's hole 0 (2): 1 stays, hole 1 gets the other (h = 1, 3).
 * Under skip: 2 (1), 3 (0), 4 (3), 5 (5), 6 (0), 7 (1), 8 (0), 9 (3), then
 * the origin 0 (1) are taken or passed over, and the chain stops at h,
 * which keeps its 3 (an odd count). Under break it stops at 3 (0). */
static void test_b4_skip_round_to_h(void **state)
{
    (void)state;
    int b[HOLES] = {2, 2, 1, 0, 3, 5, 0, 1, 0, 3};
    int wskip[HOLES] = {0, 3, 0, 0, 0, 0, 0, 0, 0, 0};
    int wbreak[HOLES] = {1, 3, 0, 0, 3, 5, 0, 1, 0, 3};
    chain_case(SKIP, b, 40, 43, 0, 0, wskip, 14);
    chain_case(BREAK, b, 40, 43, 0, 0, wbreak, 1);
}

/* B.4, P7 under break: when every other hole holds 1, 3 or 5 the chain
 * goes all the way round, takes the origin's single seed, and stops on
 * coming back to h (3), which stays. */
static void test_b4_never_takes_h(void **state)
{
    (void)state;
    int b[HOLES] = {2, 2, 1, 3, 5, 1, 3, 5, 1, 3};
    int want[HOLES] = {0, 3, 0, 0, 0, 0, 0, 0, 0, 0};
    chain_case(NULL, b, 37, 37, 0, 0, want, 23);
    chain_case(SKIP, b, 37, 37, 0, 0, want, 23);
}

/* P7: the chain may take the hole the move started from, with the seed
 * B.2 left there. South's hole 2 (10 seeds): 1 stays, 9 sown: 3..9, 0, 1
 * (h = 1); the next hole is the origin 2 (1): taken; 3 (2) ends it. */
static void test_p7_takes_origin_seed(void **state)
{
    (void)state;
    int b[HOLES] = {2, 2, 10, 1, 2, 2, 2, 2, 2, 2};
    int want[HOLES] = {3, 3, 0, 2, 3, 3, 3, 3, 3, 3};
    chain_case(NULL, b, 36, 37, 0, 2, want, 1);
    chain_case(SKIP, b, 36, 37, 0, 2, want, 1);
}

/* C0.4, P7 with skip_origin=true: a lap that skips the origin leaves its
 * single seed there for the chain. South's hole 2 (19): 18 sown, twice
 * round the nine other holes (2 skipped both times): h = 1 (2); the next
 * hole is the origin 2 (1): taken; 3 (2) ends the chain. With
 * skip_origin=false the 10th seed goes into 2 and the 18th into 0 (h = 0,
 * 2): the chain takes 1 (1) and stops at the origin (2). */
static void test_p7_skip_origin_chain(void **state)
{
    (void)state;
    const char *opts[] = {"skip_origin=true", NULL};
    int b[HOLES] = {0, 0, 19, 0, 0, 0, 0, 0, 0, 0};
    int want[HOLES] = {2, 2, 0, 2, 2, 2, 2, 2, 2, 2};
    chain_case(opts, b, 40, 41, 0, 2, want, 1);
    int wdef[HOLES] = {2, 0, 2, 2, 2, 2, 2, 2, 2, 2};
    chain_case(NULL, b, 40, 41, 0, 2, wdef, 1);
    /* skip_origin=true, 11 in hole 2: 10 sown: 3..9, 0, 1, (2), 3: h = 3
     * (4); 4 (3) is taken, 5 (2) ends it. By default the 10th seed goes
     * into 2 (h = 2, 2): 3 (3) and 4 (3) are taken, 5 (2) ends it. */
    int b11[HOLES] = {1, 1, 11, 2, 2, 1, 1, 1, 1, 1};
    int w11[HOLES] = {2, 2, 1, 4, 0, 2, 2, 2, 2, 2};
    chain_case(opts, b11, 39, 39, 0, 2, w11, 3);
    int w11def[HOLES] = {2, 2, 2, 0, 0, 2, 2, 2, 2, 2};
    chain_case(NULL, b11, 39, 39, 0, 2, w11def, 6);
}

/* ---- B.5: passing ------------------------------------------------------ */

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

/* B.5, C0.5: South has only holes of 0 or 1 seeds, so after North's move
 * South passes (automatically: no ply is counted for it) and North moves
 * again, until South can move. North's 5 (2): 1 stays, 6 gets one (h = 6;
 * 7 is empty: no chain). North's 9 (4): 1 stays, 0, 1, 2 get one (h = 2;
 * 3 is empty: no chain); South's 0 and 2 now hold 2: South moves. */
static void test_b5_pass(void **state)
{
    (void)state;
    bt a;
    bt_open(&a, NULL);
    passes p = {0, -1};
    a.k.eng.obs.ctx = &p;
    a.k.eng.obs.on_event = on_pass;
    int b[HOLES] = {1, 0, 1, 0, 1, 2, 0, 0, 0, 4};
    bt_position(&a, b, 45, 46, 1, 20);
    int l1[] = {5, 9};
    assert_legal(&a.g, l1, 2);
    bt_play(&a, 5);
    int w1[HOLES] = {1, 0, 1, 0, 1, 1, 1, 0, 0, 4};
    assert_board_is(&a.g, w1, HOLES);
    assert_int_equal(a.g.ply, 21); /* one ply: the pass is not one */
    assert_int_equal(a.g.to_move, 1);
    assert_false(a.g.over);
    assert_int_equal(p.n, 1);
    assert_int_equal(p.player, 0);
    int l2[] = {9};
    assert_legal(&a.g, l2, 1);
    bt_play(&a, 9);
    int w2[HOLES] = {2, 1, 2, 0, 1, 1, 1, 0, 0, 1};
    assert_board_is(&a.g, w2, HOLES);
    assert_int_equal(a.g.ply, 22);
    assert_int_equal(a.g.to_move, 0);
    assert_false(a.g.over);
    assert_int_equal(p.n, 1);
    int l3[] = {0, 2};
    assert_legal(&a.g, l3, 2);
    assert_int_equal(a.g.captured[0], 45);
    assert_int_equal(a.g.captured[1], 46);
    bt_close(&a);
}

/* ---- B.6, P8: the end --------------------------------------------------- */

/* B.6, P8: neither player can move: the game ends; each row goes to its
 * owner's store in the score only. North's 7 (2): 1 stays, 8 gets one
 * (h = 8); 9 (1) and 0 (1) go to North's store, 1 (0) ends the chain.
 * Every hole now holds 0 or 1. The last ply's captured are the stores
 * before the sweep (48, 47); the score is 48+2 and 47+3: 50-50, a draw. */
static void test_b6_draw_50_50(void **state)
{
    (void)state;
    bt a;
    bt_open(&a, NULL);
    int b[HOLES] = {1, 0, 1, 1, 0, 1, 0, 2, 0, 1};
    bt_position(&a, b, 48, 45, 1, 30);
    bt_play(&a, 7);
    int want[HOLES] = {0, 0, 1, 1, 0, 1, 0, 1, 1, 0};
    assert_board_is(&a.g, want, HOLES);
    assert_true(a.g.over);
    assert_int_equal(a.g.ply, 31);
    assert_int_equal(a.g.captured[0], 48); /* P8: before the sweep */
    assert_int_equal(a.g.captured[1], 47);
    assert_int_equal(a.g.on_board, 5);
    assert_int_equal(a.g.result.reason, SOW_END_NO_MOVES);
    assert_true(a.g.result.has_score);
    assert_int_equal(a.g.result.score[0], 50);
    assert_int_equal(a.g.result.score[1], 50);
    assert_int_equal(a.g.result.winner, -1);
    assert_false(a.g.result.unfinished);
    char why[64];
    assert_string_equal(
        sow_end_reason_text(&a.k.setup, a.g.result.reason, why, sizeof why),
        "neither player can move");
    sow_error err;
    assert_int_not_equal(sow_engine_play(&a.k.eng, &a.g, 2, &err), SOW_OK);
    bt_close(&a);
}

/* B.6: the same end with other stores: more seeds wins. The sweep gives
 * the row's seeds to its owner even when the mover took more: South 44+2
 * = 46, North 51+3 = 54, North wins. */
static void test_b6_sweep_winner(void **state)
{
    (void)state;
    bt a;
    bt_open(&a, NULL);
    int b[HOLES] = {1, 0, 1, 1, 0, 1, 0, 2, 0, 1};
    bt_position(&a, b, 44, 49, 1, 30);
    bt_play(&a, 7);
    assert_true(a.g.over);
    assert_int_equal(a.g.captured[0], 44);
    assert_int_equal(a.g.captured[1], 51);
    assert_int_equal(a.g.result.score[0], 46);
    assert_int_equal(a.g.result.score[1], 54);
    assert_int_equal(a.g.result.winner, 1);
    bt_close(&a);
    /* and a South win, South moving last: South's 2 (2): 1 stays, 3 gets
     * one (h = 3, 2); 4 (1) and 5 (3) are taken, 6 (0) ends the chain.
     * North (7 and 8 hold 1) passes; South's 3 (2): 1 stays, 4 gets one
     * (h = 4); 5 (0) ends it. Nobody can move: South 49+4, North 45+2. */
    bt_open(&a, NULL);
    int b2[HOLES] = {1, 0, 2, 1, 1, 3, 0, 1, 1, 0};
    bt_position(&a, b2, 45, 45, 0, 40);
    bt_play(&a, 2);
    int w2[HOLES] = {1, 0, 1, 2, 0, 0, 0, 1, 1, 0};
    assert_board_is(&a.g, w2, HOLES);
    assert_false(a.g.over);
    assert_int_equal(a.g.captured[0], 49);
    assert_int_equal(a.g.to_move, 0); /* North passes (B.5) */
    bt_play(&a, 3);
    int w3[HOLES] = {1, 0, 1, 1, 1, 0, 0, 1, 1, 0};
    assert_board_is(&a.g, w3, HOLES);
    assert_true(a.g.over);
    assert_int_equal(a.g.captured[0], 49);
    assert_int_equal(a.g.captured[1], 45);
    assert_int_equal(a.g.result.score[0], 53);
    assert_int_equal(a.g.result.score[1], 47);
    assert_int_equal(a.g.result.winner, 0);
    bt_close(&a);
}

/* C0.7, P3: max_plies ends the game unfinished (winner null), scored as
 * B.6 scores the board (store + own row); the opening counts as plies. */
static void test_c0_7_max_plies(void **state)
{
    (void)state;
    const char *opts[] = {"max_plies=12", NULL};
    bt a;
    bt_open(&a, opts);
    const int moves[] = {0, 5, 1, 6, 2, 7, 3, 8, 4, 9, 4, 5};
    for (int i = 0; i < 12; i++) {
        assert_false(a.g.over);
        bt_play(&a, moves[i]);
    }
    assert_true(a.g.over);
    assert_int_equal(a.g.ply, 12);
    assert_int_equal(a.g.result.reason, SOW_END_MAX_PLIES);
    assert_true(a.g.result.unfinished);
    assert_int_equal(a.g.result.winner, -1);
    int s0 = a.g.captured[0], s1 = a.g.captured[1];
    for (int h = 0; h < HOLES; h++) {
        if (h < 5)
            s0 += a.g.board[h];
        else
            s1 += a.g.board[h];
    }
    assert_int_equal(a.g.result.score[0], s0);
    assert_int_equal(a.g.result.score[1], s1);
    assert_int_equal(s0 + s1, TOTAL);
    bt_close(&a);
}

/* ---- seed conservation -------------------------------------------------- */

/* Random games (sow_rng) under both empty_in_chain values, with and
 * without skip_origin: after every ply the board and the stores add up to
 * 100 and on_board is the board's sum; stores never shrink; every legal
 * move is an own hole of 2 or more (B.2); in the opening (plies 0..9)
 * moves alternate, are holes not yet played (B.3) and take nothing; every
 * game ends with neither able to move (every hole 0 or 1, B.6) and a
 * score of store + own row adding up to 100. */
static void test_seed_conservation(void **state)
{
    (void)state;
    const char *optsets[][3] = {
        {"empty_in_chain=break", NULL},
        {"empty_in_chain=skip", NULL},
        {"empty_in_chain=break", "skip_origin=true", NULL},
        {"empty_in_chain=skip", "skip_origin=true", NULL},
    };
    sow_rng rng;
    sow_rng_seed(&rng, 20240603);
    long plies = 0, captures = 0;
    for (int k = 0; k < 4; k++) {
        bt a;
        bt_open(&a, optsets[k]);
        for (int game = 0; game < 150; game++) {
            sow_error err;
            assert_int_equal(sow_engine_start(&a.k.eng, &a.g, &err), SOW_OK);
            uint64_t played[2] = {0, 0};
            while (!a.g.over) {
                sow_game *g = &a.g;
                assert_true(g->nlegal > 0);
                int p = g->to_move;
                for (int i = 0; i < g->nlegal; i++) {
                    int h = g->legal[i];
                    assert_int_equal(g->owner[h], p);
                    assert_true(g->board[h] >= 2);
                    if (g->ply < OPENING)
                        assert_false((played[p] >> h) & 1);
                }
                if (g->ply < OPENING) {
                    assert_int_equal(g->phase, 1);
                    assert_int_equal(p, g->ply % 2);
                    /* every own hole not yet played is legal (B.3) */
                    assert_int_equal(g->nlegal, 5 - __builtin_popcountll(
                                                         played[p]));
                } else {
                    assert_int_equal(g->phase, 0);
                }
                int c0 = g->captured[0], c1 = g->captured[1];
                int m = g->legal[sow_rng_below(&rng, g->nlegal)];
                int ply = g->ply;
                played[p] |= (uint64_t)1 << m;
                bt_play(&a, m);
                plies++;
                assert_int_equal(g->ply, ply + 1);
                assert_conserved(g);
                assert_true(g->captured[0] >= c0 && g->captured[1] >= c1);
                if (ply < OPENING) {
                    assert_int_equal(g->captured[0], c0);
                    assert_int_equal(g->captured[1], c1);
                }
                captures += g->captured[0] + g->captured[1] > c0 + c1;
                assert_int_equal(g->captured[1 - p],
                                 p ? c0 : c1); /* only the mover takes */
                assert_true(g->ply <= a.k.setup.max_plies);
            }
            sow_game *g = &a.g;
            assert_int_equal(g->result.reason, SOW_END_NO_MOVES);
            assert_false(g->result.unfinished);
            assert_true(g->ply > OPENING);
            for (int h = 0; h < HOLES; h++)
                assert_true(g->board[h] < 2);
            int s0 = g->captured[0], s1 = g->captured[1];
            for (int h = 0; h < HOLES; h++) {
                if (h < 5)
                    s0 += g->board[h];
                else
                    s1 += g->board[h];
            }
            assert_int_equal(g->result.score[0], s0);
            assert_int_equal(g->result.score[1], s1);
            assert_int_equal(s0 + s1, TOTAL);
            assert_int_equal(g->result.winner,
                             s0 == s1 ? -1 : (s0 > s1 ? 0 : 1));
        }
        bt_close(&a);
    }
    assert_true(plies > 10000);
    assert_true(captures > 1000);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_b1_start),
        cmocka_unit_test(test_b1_stores_never_sown),
        cmocka_unit_test(test_b1_captured_is_the_stores),
        cmocka_unit_test(test_b2_leave_one),
        cmocka_unit_test(test_c0_4_lap_sows_origin),
        cmocka_unit_test(test_c0_4_skip_origin),
        cmocka_unit_test(test_b3_opening_legal_moves),
        cmocka_unit_test(test_b3_opening_no_capture_first_move),
        cmocka_unit_test(test_b3_tenth_move_no_capture),
        cmocka_unit_test(test_b3_eleventh_move_captures),
        cmocka_unit_test(test_b4_chain_both_rows),
        cmocka_unit_test(test_b4_north_chain),
        cmocka_unit_test(test_b4_next_counts),
        cmocka_unit_test(test_b4_stopped_by_7_9_6),
        cmocka_unit_test(test_b4_empty_break_and_skip),
        cmocka_unit_test(test_b4_skip_round_to_h),
        cmocka_unit_test(test_b4_never_takes_h),
        cmocka_unit_test(test_p7_takes_origin_seed),
        cmocka_unit_test(test_p7_skip_origin_chain),
        cmocka_unit_test(test_b5_pass),
        cmocka_unit_test(test_b6_draw_50_50),
        cmocka_unit_test(test_b6_sweep_winner),
        cmocka_unit_test(test_c0_7_max_plies),
        cmocka_unit_test(test_seed_conservation),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
