/* test_kui2.c - Adji Kui II (docs/rules.md, Adji Kui II, P2, P5, P6): one
 * game's rules (K2.1-K2.6, C0.6) through the real variant files:
 * variants/adji_kui_2.yaml and its Lua script, run by the engine
 * (sow_lua_open + sow_lua_rules + sow_engine_*). The match (K2.7-K2.9,
 * P14, P15) is in test_kui2_match.c; their fixture in kui2_fixture.h.
 * Each test names the rule ids it checks. Positions are set by writing
 * g.board / g.owner and recomputing the legal moves with sow_legal_moves,
 * as test_engine.c does; the boards after a move were worked out by hand
 * (the comments show the laps). */
#include "kui2_fixture.h"

/* ---- K2.1, K2.2 ---------------------------------------------------------- */

/* K2.1: 2x6 holes, 4 seeds each, no stores; C0.1 South starts; a single
 * game by default (K2.7), no decision phase. */
static void test_k2_1_start(void **state)
{
    (void)state;
    k2 a;
    k2_open(&a, NULL);
    assert_int_equal(a.k.setup.holes, 12);
    assert_int_equal(a.k.setup.total, 48);
    assert_false(a.k.setup.stores);
    assert_false(a.k.setup.match);
    assert_true(a.k.setup.relay);
    assert_int_equal(a.k.setup.seeds_at_most, 8);
    for (int h = 0; h < 12; h++) {
        assert_int_equal(a.g.board[h], 4);
        assert_int_equal(a.g.owner[h], h < 6 ? 0 : 1);
    }
    assert_int_equal(a.g.to_move, 0);
    assert_int_equal(a.g.phase, 0);
    int legal[] = {0, 1, 2, 3, 4, 5};
    assert_legal(&a.g, legal, 6);
    k2_close(&a);
}

/* K2.2: a move starts from an own hole holding 2 or more; singletons and
 * empty holes are not legal, and playing one is refused. */
static void test_k2_2_two_or_more(void **state)
{
    (void)state;
    k2 a;
    k2_open(&a, NULL);
    int b[12] = {1, 2, 0, 3, 1, 5, 4, 4, 4, 4, 4, 4};
    k2_position(&a, b, 6, 6, 0);
    int legal[] = {1, 3, 5};
    assert_legal(&a.g, legal, 3);
    k2_refused(&a, 0, "ply 0: move 0 is not legal for South");
    k2_refused(&a, 2, "the legal moves are: 1 3 5");
    k2_refused(&a, 6, "not legal");
    k2_close(&a);
}

/* ---- K2.3: the end of each lap ------------------------------------------ */

/* K2.3 c = 1: the last seed falls in an empty hole; the move ends. From 0
 * (2 seeds): 1 (1->2), 2 (0->1, last): stop. */
static void test_k2_3_empty_hole_ends(void **state)
{
    (void)state;
    k2 a;
    k2_open(&a, NULL);
    int b[12] = {2, 1, 0, 5, 5, 5, 5, 5, 5, 5, 5, 5};
    k2_position(&a, b, 0, 0, 0);
    k2_play(&a, 0);
    int want[12] = {0, 2, 1, 5, 5, 5, 5, 5, 5, 5, 5, 5};
    assert_board_is(&a.g, want, 12);
    assert_int_equal(a.g.captured[0], 0);
    assert_int_equal(a.g.captured[1], 0);
    assert_int_equal(a.g.to_move, 1);
    assert_false(a.g.over);
    k2_close(&a);
}

/* K2.3 c = 4 in an opponent's hole: the four are captured, the move ends.
 * From 4 (3 seeds): 5 (5->6), 6 (5->6), 7 (3->4, last, North's): taken. */
static void test_k2_3_four_opponent_captured(void **state)
{
    (void)state;
    k2 a;
    k2_open(&a, NULL);
    int b[12] = {4, 4, 4, 4, 3, 5, 5, 3, 5, 5, 5, 0};
    k2_position(&a, b, 1, 0, 0);
    k2_play(&a, 4);
    int want[12] = {4, 4, 4, 4, 0, 6, 6, 0, 5, 5, 5, 0};
    assert_board_is(&a.g, want, 12);
    assert_int_equal(a.g.captured[0], 5);
    assert_int_equal(a.g.captured[1], 0);
    assert_int_equal(a.g.on_board, 43);
    assert_int_equal(a.g.to_move, 1);
    k2_close(&a);
}

/* K2.3 c = 4 in the mover's own hole: the move ends, nothing captured.
 * From 0 (3 seeds): 1 (5->6), 2 (5->6), 3 (3->4, last, South's): stop. */
static void test_k2_3_four_own_stays(void **state)
{
    (void)state;
    k2 a;
    k2_open(&a, NULL);
    int b[12] = {3, 5, 5, 3, 5, 5, 4, 4, 4, 4, 4, 2};
    k2_position(&a, b, 0, 0, 0);
    k2_play(&a, 0);
    int want[12] = {0, 6, 6, 4, 5, 5, 4, 4, 4, 4, 4, 2};
    assert_board_is(&a.g, want, 12);
    assert_int_equal(a.g.captured[0], 0);
    assert_int_equal(a.g.captured[1], 0);
    k2_close(&a);
}

/* K2.3 otherwise: relay. Three laps by hand, from 1 (2 seeds):
 *   lap 1: 2 (5->6), 3 (2->3, last): relay 3 seeds from 3;
 *   lap 2: 4 (5->6), 5 (5->6), 6 (5->6, last): relay 6 seeds from 6;
 *   lap 3: 7..10 (5->6), 11 (4->5), 0 (0->1, last): empty, stop. */
static void test_k2_3_relay(void **state)
{
    (void)state;
    k2 a;
    k2_open(&a, NULL);
    int b[12] = {0, 2, 5, 2, 5, 5, 5, 5, 5, 5, 5, 4};
    k2_position(&a, b, 0, 0, 0);
    k2_play(&a, 1);
    int want[12] = {1, 0, 6, 0, 6, 6, 0, 6, 6, 6, 6, 5};
    assert_board_is(&a.g, want, 12);
    assert_int_equal(a.g.captured[0], 0);
    assert_int_equal(a.g.on_board, 48);
    k2_close(&a);
}

/* K2.3: a relay whose third lap makes a four in an opponent's hole, which
 * is captured. From 1 (2 seeds):
 *   lap 1: 2 (4->5), 3 (1->2, last): relay 2 from 3;
 *   lap 2: 4 (4->5), 5 (2->3, last): relay 3 from 5;
 *   lap 3: 6 (4->5), 7 (4->5), 8 (3->4, last, North's): taken. */
static void test_k2_3_relay_then_capture(void **state)
{
    (void)state;
    k2 a;
    k2_open(&a, NULL);
    int b[12] = {4, 2, 4, 1, 4, 2, 4, 4, 3, 4, 4, 4};
    k2_position(&a, b, 4, 4, 0);
    k2_play(&a, 1);
    int want[12] = {4, 0, 5, 0, 5, 0, 5, 5, 0, 4, 4, 4};
    assert_board_is(&a.g, want, 12);
    assert_int_equal(a.g.captured[0], 8);
    assert_int_equal(a.g.captured[1], 4);
    k2_close(&a);
}

/* K2.3 for North, across the end of the track: from 11 (2 seeds): 0 (5->6),
 * 1 (3->4, last, South's): North takes the four. */
static void test_k2_3_north_wraps_and_captures(void **state)
{
    (void)state;
    k2 a;
    k2_open(&a, NULL);
    int b[12] = {5, 3, 4, 4, 4, 4, 4, 4, 4, 4, 4, 2};
    k2_position(&a, b, 1, 1, 1);
    k2_play(&a, 11);
    int want[12] = {6, 0, 4, 4, 4, 4, 4, 4, 4, 4, 4, 0};
    assert_board_is(&a.g, want, 12);
    assert_int_equal(a.g.captured[0], 1);
    assert_int_equal(a.g.captured[1], 5);
    assert_int_equal(a.g.to_move, 0);
    k2_close(&a);
}

/* K2.3: fours made en passant (by a seed that is not the last of its lap)
 * stay, in an own hole and in an opponent's. From 4 (4 seeds): 5 (3->4,
 * own, en passant), 6 (3->4, North's, en passant), 7 (5->6), 8 (0->1,
 * last): stop, nothing captured. */
static void test_k2_3_en_passant_four_stays(void **state)
{
    (void)state;
    k2 a;
    k2_open(&a, NULL);
    int b[12] = {5, 5, 5, 6, 4, 3, 3, 5, 0, 5, 5, 2};
    k2_position(&a, b, 0, 0, 0);
    k2_play(&a, 4);
    int want[12] = {5, 5, 5, 6, 0, 4, 4, 6, 1, 5, 5, 2};
    assert_board_is(&a.g, want, 12);
    assert_int_equal(a.g.captured[0], 0);
    assert_int_equal(a.g.captured[1], 0);
    assert_int_equal(a.g.on_board, 48);
    k2_close(&a);
}

/* ---- C0.6, K2.2, K2.9: bought holes --------------------------------------- */

/* Owners after a match game's buys: North bought hole 0 (South's row),
 * South bought hole 6 (North's row). */
static const int BOUGHT[12] = {1, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1};

/* C0.6/K2.9: K2.3 goes by ownership, not row. South's last seed making
 * four in hole 0, South's row but bought by North, is South's capture. From
 * 5 (7 seeds): 6..11 (2->3), 0 (3->4, last, North's): taken. */
static void test_c0_6_four_in_hole_bought_by_opponent(void **state)
{
    (void)state;
    k2 a;
    k2_open(&a, NULL);
    int b[12] = {3, 2, 2, 2, 2, 7, 2, 2, 2, 2, 2, 2};
    k2_position_owned(&a, b, BOUGHT, 9, 9, 0);
    k2_play(&a, 5);
    int want[12] = {0, 2, 2, 2, 2, 0, 3, 3, 3, 3, 3, 3};
    assert_board_is(&a.g, want, 12);
    assert_int_equal(a.g.captured[0], 13);
    assert_int_equal(a.g.captured[1], 9);
    k2_close(&a);
}

/* C0.6/K2.9: a four made by South in hole 6 (North's row, bought by South)
 * is in South's own hole: the move ends, nothing captured. From 4 (2): 5
 * (2->3), 6 (3->4, last). */
static void test_c0_6_four_in_own_bought_hole_stays(void **state)
{
    (void)state;
    k2 a;
    k2_open(&a, NULL);
    int b[12] = {3, 2, 2, 2, 2, 2, 3, 2, 2, 2, 2, 2};
    k2_position_owned(&a, b, BOUGHT, 11, 11, 0);
    k2_play(&a, 4);
    int want[12] = {3, 2, 2, 2, 0, 3, 4, 2, 2, 2, 2, 2};
    assert_board_is(&a.g, want, 12);
    assert_int_equal(a.g.captured[0], 11);
    assert_int_equal(a.g.captured[1], 11);
    k2_close(&a);
}

/* K2.2/K2.9: a bought hole is played by its owner, not by its row's player:
 * South may start from 6 but not 0; North from 0 but not 6. North plays its
 * bought hole 0 (6 seeds): 1..5 (2->3), 6 (3->4, last, South's): North
 * takes it (C0.6). */
static void test_k2_2_bought_hole_played_by_owner(void **state)
{
    (void)state;
    k2 a;
    k2_open(&a, NULL);
    int b[12] = {6, 2, 2, 2, 2, 2, 3, 2, 2, 2, 2, 2};
    k2_position_owned(&a, b, BOUGHT, 9, 10, 0);
    int south[] = {1, 2, 3, 4, 5, 6};
    assert_legal(&a.g, south, 6);
    k2_refused(&a, 0, "not legal for South");
    k2_position_owned(&a, b, BOUGHT, 9, 10, 1);
    int north[] = {0, 7, 8, 9, 10, 11};
    assert_legal(&a.g, north, 6);
    k2_refused(&a, 6, "not legal for North");
    k2_play(&a, 0);
    int want[12] = {0, 3, 3, 3, 3, 3, 0, 2, 2, 2, 2, 2};
    assert_board_is(&a.g, want, 12);
    assert_int_equal(a.g.captured[0], 9);
    assert_int_equal(a.g.captured[1], 14);
    k2_close(&a);
}

/* K2.6/C0.6: at the end the seeds of a bought hole go to its owner. The
 * same board scored with owners by row and with BOUGHT. */
static void test_k2_6_bought_hole_scored_by_owner(void **state)
{
    (void)state;
    k2 a;
    k2_open(&a, NULL);
    /* from 3 (2 seeds): 4 (0->1), 5 (0->1, last): stop; 8 seeds left */
    int b[12] = {4, 0, 0, 2, 0, 0, 1, 0, 0, 0, 0, 1};
    k2_position_owned(&a, b, BOUGHT, 20, 20, 0);
    k2_play(&a, 3);
    assert_true(a.g.over);
    assert_int_equal(a.g.result.reason, SOW_END_FEW_SEEDS);
    /* South: 20 + holes 1-6 (0+0+1+1+1) = 23; North: 20 + hole 0 (4) +
     * holes 7-11 (1) = 25 */
    assert_int_equal(a.g.result.score[0], 23);
    assert_int_equal(a.g.result.score[1], 25);
    assert_int_equal(a.g.result.winner, 1);
    k2_close(&a);
}

/* ---- K2.4, P2, P5, P6: endless moves --------------------------------------- */

/* The fixture: North's hole 10 never stops sowing (P2). */
static const int ENDLESS_B[12] = {2, 1, 0, 2, 1, 0, 2, 1, 0, 1, 2, 0};

/* K2.4 forbid (default), P2: the endless move is left out of the legal
 * moves, its hole is in g.endless_mask, and playing it is refused. */
static void test_k2_4_forbid_leaves_endless_out(void **state)
{
    (void)state;
    k2 a;
    k2_open(&a, NULL);
    assert_int_equal(a.k.setup.endless_move, SOW_ENDLESS_FORBID);
    k2_position(&a, ENDLESS_B, 20, 16, 1);
    int legal[] = {6};
    assert_legal(&a.g, legal, 1);
    assert_true((a.g.endless_mask >> 10) & 1);
    assert_int_equal(a.g.endless_mask, (uint64_t)1 << 10);
    k2_refused(&a, 10, "not legal for North");
    /* and sow_sow itself reports the sowing as endless */
    sow_game copy = a.g;
    bool endless = false;
    sow_error err;
    assert_int_equal(sow_sow(&a.k.setup, &a.k.eng.rules, NULL, &copy,
                             sow_before_of(&(sow_before){0}, &a.g, 10),
                             &endless, &err),
                     SOW_OK);
    assert_true(endless);
    k2_close(&a);
}

/* K2.4 end_game, P5, K2.6: the endless move is legal; playing it ends the
 * game at once with reason SOW_END_ENDLESS, as a ply whose board and
 * captures are unchanged, scored by K2.6 (captures plus own holes), a rule
 * ending (not unfinished). */
static void test_k2_4_end_game_ends_at_once(void **state)
{
    (void)state;
    const char *opts[] = {"endless_move=end_game", NULL};
    k2 a;
    k2_open(&a, opts);
    assert_int_equal(a.k.setup.endless_move, SOW_ENDLESS_END_GAME);
    k2_position(&a, ENDLESS_B, 20, 16, 1);
    int legal[] = {6, 10};
    assert_legal(&a.g, legal, 2);
    assert_int_equal(a.g.endless_mask, 0);
    int ply = a.g.ply;
    k2_play(&a, 10);
    assert_true(a.g.over);
    assert_true(a.g.last_endless);
    assert_int_equal(a.g.ply, ply + 1);
    assert_board_is(&a.g, ENDLESS_B, 12);
    assert_int_equal(a.g.on_board, 12);
    assert_int_equal(a.g.captured[0], 20);
    assert_int_equal(a.g.captured[1], 16);
    assert_int_equal(a.g.result.reason, SOW_END_ENDLESS);
    assert_false(a.g.result.unfinished);
    assert_true(a.g.result.has_score);
    /* South 20 + 2+1+0+2+1+0; North 16 + 2+1+0+1+2+0 */
    assert_int_equal(a.g.result.score[0], 26);
    assert_int_equal(a.g.result.score[1], 22);
    assert_int_equal(a.g.result.winner, 0);
    char why[64];
    assert_string_equal(
        sow_end_reason_text(&a.k.setup, a.g.result.reason, why, sizeof why),
        "endless move");
    k2_close(&a);
}

/* K2.4 end_game, P5: the non-endless move of the same position is played
 * normally (from 6: 7 (1->2), 8 (0->1, last): stop). */
static void test_k2_4_end_game_other_moves_normal(void **state)
{
    (void)state;
    const char *opts[] = {"endless_move=end_game", NULL};
    k2 a;
    k2_open(&a, opts);
    k2_position(&a, ENDLESS_B, 18, 18, 1);
    k2_play(&a, 6);
    assert_false(a.g.over);
    assert_false(a.g.last_endless);
    int want[12] = {2, 1, 0, 2, 1, 0, 0, 2, 1, 1, 2, 0};
    assert_board_is(&a.g, want, 12);
    assert_int_equal(a.g.to_move, 0);
    k2_close(&a);
}

/* P6, K2.5: under forbid, a player all of whose candidate moves are
 * endless has no legal move and passes. South from 1 (3 seeds): 2 (1->2),
 * 3 (0->1), 4 (1->2, last): relay 2 from 4: 5 (1->2), 6 (0->1, last): stop.
 * North's only candidate, 11 (3 seeds), never ends: North passes and South
 * moves again. Under end_game North plays it instead. */
static void test_p6_all_endless_passes(void **state)
{
    (void)state;
    int b[12] = {1, 3, 1, 0, 1, 1, 0, 0, 1, 0, 1, 3};
    int after[12] = {1, 0, 2, 1, 0, 2, 1, 0, 1, 0, 1, 3};
    k2 a;
    k2_open(&a, NULL);
    k2_position(&a, b, 18, 18, 0);
    k2_play(&a, 1);
    assert_board_is(&a.g, after, 12);
    assert_false(a.g.over);
    assert_int_equal(a.g.to_move, 0); /* North passed (C0.5) */
    int south[] = {2, 5};
    assert_legal(&a.g, south, 2);
    assert_int_equal(a.g.ply, 1);
    /* North, asked directly, has no legal move: 11 is endless */
    uint16_t out[SOW_MAX_LEGAL];
    uint64_t endless = 0;
    sow_error err;
    assert_int_equal(sow_legal_moves(&a.k.setup, &a.k.eng.rules, &a.g, 1, out, &endless,
                                     &err),
                     0);
    assert_int_equal(endless, (uint64_t)1 << 11);
    /* at the start of a game too (sow_engine_begin): North to move, passes */
    k2_position(&a, after, 18, 18, 1);
    assert_int_equal(a.g.nlegal, 0);
    assert_int_equal(sow_engine_begin(&a.k.eng, &a.g, &err), SOW_OK);
    assert_false(a.g.over);
    assert_int_equal(a.g.to_move, 0);
    assert_legal(&a.g, south, 2);
    k2_close(&a);

    const char *opts[] = {"endless_move=end_game", NULL};
    k2_open(&a, opts);
    k2_position(&a, b, 18, 18, 0);
    k2_play(&a, 1);
    assert_int_equal(a.g.to_move, 1);
    int north[] = {11};
    assert_legal(&a.g, north, 1);
    k2_play(&a, 11);
    assert_true(a.g.over);
    assert_int_equal(a.g.result.reason, SOW_END_ENDLESS);
    assert_board_is(&a.g, after, 12);
    k2_close(&a);
}

/* ---- K2.5, K2.6, P6: the end of a game -------------------------------- */

/* K2.6: the game ends after a move that leaves 8 or fewer seeds (here
 * exactly 8, a capture from 12); scored by captures plus own holes. From 5
 * (2 seeds): 6 (0->1), 7 (3->4, last, North's): taken. */
static void test_k2_6_eight_or_fewer_ends(void **state)
{
    (void)state;
    k2 a;
    k2_open(&a, NULL);
    int b[12] = {2, 2, 2, 0, 0, 2, 0, 3, 0, 0, 0, 1};
    k2_position(&a, b, 20, 16, 0);
    k2_play(&a, 5);
    int want[12] = {2, 2, 2, 0, 0, 0, 1, 0, 0, 0, 0, 1};
    assert_board_is(&a.g, want, 12);
    assert_true(a.g.over);
    assert_int_equal(a.g.on_board, 8);
    assert_int_equal(a.g.result.reason, SOW_END_FEW_SEEDS);
    assert_false(a.g.result.unfinished);
    assert_int_equal(a.g.result.score[0], 24 + 6);
    assert_int_equal(a.g.result.score[1], 16 + 2);
    assert_int_equal(a.g.result.winner, 0);
    assert_int_equal(a.g.nlegal, 0);
    char why[64];
    assert_string_equal(
        sow_end_reason_text(&a.k.setup, a.g.result.reason, why, sizeof why),
        "8 or fewer seeds on the board");
    k2_close(&a);
}

/* K2.6: 9 seeds left after a capture (13 before) is not the end. */
static void test_k2_6_nine_goes_on(void **state)
{
    (void)state;
    k2 a;
    k2_open(&a, NULL);
    int b[12] = {2, 2, 2, 0, 0, 2, 0, 3, 0, 0, 0, 2};
    k2_position(&a, b, 20, 15, 0);
    k2_play(&a, 5);
    assert_false(a.g.over);
    assert_int_equal(a.g.on_board, 9);
    assert_int_equal(a.g.captured[0], 24);
    assert_int_equal(a.g.to_move, 1);
    int north[] = {11};
    assert_legal(&a.g, north, 1);
    k2_close(&a);
}

/* P6: "8 or fewer" is checked before "neither can move": after this move
 * both are true (5 singletons left), and the reason is the 8-seed rule.
 * From 4 (2 seeds): 5 (0->1), 6 (3->4, last, North's): taken. */
static void test_p6_few_seeds_before_no_moves(void **state)
{
    (void)state;
    k2 a;
    k2_open(&a, NULL);
    int b[12] = {1, 0, 1, 0, 2, 0, 3, 0, 0, 1, 0, 1};
    k2_position(&a, b, 20, 19, 0);
    k2_play(&a, 4);
    int want[12] = {1, 0, 1, 0, 0, 1, 0, 0, 0, 1, 0, 1};
    assert_board_is(&a.g, want, 12);
    assert_true(a.g.over);
    assert_int_equal(a.g.result.reason, SOW_END_FEW_SEEDS);
    assert_int_equal(a.g.result.score[0], 24 + 3);
    assert_int_equal(a.g.result.score[1], 19 + 2);
    k2_close(&a);
}

/* K2.5: with more than 8 seeds left and neither player able to move (all
 * singletons), the game ends, scored by K2.6. From 0 (2 seeds): 1 (0->1),
 * 2 (0->1, last): stop. 10 singletons remain. */
static void test_k2_5_neither_can_move(void **state)
{
    (void)state;
    k2 a;
    k2_open(&a, NULL);
    int b[12] = {2, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 0};
    k2_position(&a, b, 20, 18, 0);
    k2_play(&a, 0);
    assert_true(a.g.over);
    assert_int_equal(a.g.on_board, 10);
    assert_int_equal(a.g.result.reason, SOW_END_NO_MOVES);
    assert_int_equal(a.g.result.score[0], 25);
    assert_int_equal(a.g.result.score[1], 23);
    assert_int_equal(a.g.result.winner, 0);
    k2_close(&a);
}

/* K2.5/C0.5: a player with no legal move passes; the mover moves again.
 * From 0 (2 seeds): 1 (0->1), 2 (1->2, last): relay 2 from 2: 3 (0->1),
 * 4 (0->1, last): stop. North has only singletons. */
static void test_k2_5_pass(void **state)
{
    (void)state;
    k2 a;
    k2_open(&a, NULL);
    int b[12] = {2, 0, 1, 0, 0, 3, 1, 1, 1, 1, 1, 1};
    k2_position(&a, b, 17, 19, 0);
    k2_play(&a, 0);
    int want[12] = {0, 1, 0, 1, 1, 3, 1, 1, 1, 1, 1, 1};
    assert_board_is(&a.g, want, 12);
    assert_false(a.g.over);
    assert_int_equal(a.g.to_move, 0);
    int south[] = {5};
    assert_legal(&a.g, south, 1);
    k2_close(&a);
}

/* K2.6: equal totals are a draw (winner -1), not unfinished. From 5
 * (2 seeds): 6 (0->1), 7 (3->4, last, North's): taken, 8 left: South
 * 16 + 4 + 4 = 24, North 20 + 4 = 24. */
static void test_k2_6_draw(void **state)
{
    (void)state;
    k2 a;
    k2_open(&a, NULL);
    int b[12] = {1, 1, 1, 1, 0, 2, 0, 3, 1, 1, 1, 0};
    k2_position(&a, b, 16, 20, 0);
    k2_play(&a, 5);
    assert_true(a.g.over);
    assert_int_equal(a.g.on_board, 8);
    assert_int_equal(a.g.result.score[0], 24);
    assert_int_equal(a.g.result.score[1], 24);
    assert_int_equal(a.g.result.winner, -1);
    assert_false(a.g.result.unfinished);
    assert_int_equal(a.g.result.reason, SOW_END_FEW_SEEDS);
    k2_close(&a);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_k2_1_start),
        cmocka_unit_test(test_k2_2_two_or_more),
        cmocka_unit_test(test_k2_3_empty_hole_ends),
        cmocka_unit_test(test_k2_3_four_opponent_captured),
        cmocka_unit_test(test_k2_3_four_own_stays),
        cmocka_unit_test(test_k2_3_relay),
        cmocka_unit_test(test_k2_3_relay_then_capture),
        cmocka_unit_test(test_k2_3_north_wraps_and_captures),
        cmocka_unit_test(test_k2_3_en_passant_four_stays),
        cmocka_unit_test(test_c0_6_four_in_hole_bought_by_opponent),
        cmocka_unit_test(test_c0_6_four_in_own_bought_hole_stays),
        cmocka_unit_test(test_k2_2_bought_hole_played_by_owner),
        cmocka_unit_test(test_k2_6_bought_hole_scored_by_owner),
        cmocka_unit_test(test_k2_4_forbid_leaves_endless_out),
        cmocka_unit_test(test_k2_4_end_game_ends_at_once),
        cmocka_unit_test(test_k2_4_end_game_other_moves_normal),
        cmocka_unit_test(test_p6_all_endless_passes),
        cmocka_unit_test(test_k2_6_eight_or_fewer_ends),
        cmocka_unit_test(test_k2_6_nine_goes_on),
        cmocka_unit_test(test_p6_few_seeds_before_no_moves),
        cmocka_unit_test(test_k2_5_neither_can_move),
        cmocka_unit_test(test_k2_5_pass),
        cmocka_unit_test(test_k2_6_draw),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
