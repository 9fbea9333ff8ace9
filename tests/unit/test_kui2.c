/* test_kui2.c - Adji Kui II (docs/rules.md, Adji Kui II, P2, P5, P6, P14, P15)
 * through the real variant files: variants/adji_kui_2.yaml and its Lua
 * script, run by the engine (sow_lua_open + sow_lua_rules + sow_engine_*,
 * sow_match_*). Each test names the rule ids it checks. Positions are set by
 * writing g.board / g.owner and recomputing the legal moves with
 * sow_legal_moves, as test_engine.c does; the boards after a move were
 * worked out by hand (the comments show the laps). */
#include "unit.h"

#include "fixture.h"

#include "sow_game.h"
#include "sow_lua.h"
#include "sow_record.h"
#include "sow_variant.h"

#define YAML "variants/adji_kui_2.yaml"

/* ---- fixture: the variant, its script, an engine, a match and a game ---- */

typedef unit_game k2;

/* Load the variant with the options (NULL-terminated "NAME=VALUE"), check
 * that they fit together, and start the first game (of the match, when
 * match=true). */
static void k2_open(k2 *a, const char *const *opts)
{
    unit_game_open(a, YAML, opts);
    assert_non_null(a->k.eng.rules.new_game);
    assert_non_null(a->k.eng.rules.decisions);
    assert_non_null(a->k.eng.rules.decide);
    sow_error err;
    sow_error_clear(&err);
    if (sow_match_start(&a->k.eng, &a->m, &a->g, &err))
        fail_msg("%s", err.msg);
}

static void k2_close(k2 *a) { unit_game_close(a); }

/* Put the game in a position: board, captures, player to move, owners
 * (NULL: by rows, C0.6); the legal moves and the endless mask are
 * recomputed. Seeds and captures must add up to 48. */
static void k2_position_owned(k2 *a, const int b[12], const int *own, int c0,
                              int c1, int to_move)
{
    sow_game *g = &a->g;
    int sum = 0;
    for (int h = 0; h < 12; h++) {
        g->board[h] = (uint16_t)b[h];
        sow_game_set_owner(g, h, own ? own[h] : h < 6 ? 0 : 1);
        sum += b[h];
    }
    assert_int_equal(sum + c0 + c1, 48);
    g->on_board = sum;
    g->captured[0] = c0;
    g->captured[1] = c1;
    g->to_move = (uint8_t)to_move;
    g->phase = 0;
    sow_error err;
    uint64_t endless = 0;
    int n = sow_legal_moves(&a->k.setup, &a->k.eng.rules, g, to_move, g->legal, &endless,
                            &err);
    if (n < 0)
        fail_msg("%s", err.msg);
    g->nlegal = n;
    g->endless_mask = endless;
}

static void k2_position(k2 *a, const int b[12], int c0, int c1, int to_move)
{
    k2_position_owned(a, b, NULL, c0, c1, to_move);
}

static void k2_play(k2 *a, sow_move move)
{
    sow_error err;
    sow_error_clear(&err);
    if (sow_engine_play(&a->k.eng, &a->g, move, &err))
        fail_msg("ply %d, move %d: %s", a->g.ply, (int)move, err.msg);
}

static sow_move k2_token(const k2 *a, const char *tok)
{
    sow_move m;
    sow_error err;
    if (sow_move_parse(&a->k.setup, tok, &m, &err))
        fail_msg("token %s: %s", tok, err.msg);
    return m;
}

/* The move is refused with an error that contains `needle`, and the game
 * is left exactly as it was. */
static void k2_refused(k2 *a, sow_move move, const char *needle)
{
    sow_game before = a->g;
    sow_error err;
    sow_error_clear(&err);
    assert_int_not_equal(sow_engine_play(&a->k.eng, &a->g, move, &err), SOW_OK);
    assert_contains(err.msg, needle);
    assert_same_game(&before, &a->g);
}

static void assert_board12(const sow_game *g, const int b[12])
{
    for (int h = 0; h < 12; h++)
        if (g->board[h] != b[h]) {
            char got[128] = "";
            for (int k = 0; k < 12; k++)
                snprintf(got + strlen(got), sizeof got - strlen(got), " %d",
                         g->board[k]);
            fail_msg("hole %d holds %d, expected %d; board [%s ]", h,
                     g->board[h], b[h], got);
        }
}

static void assert_legal(const sow_game *g, const int *moves, int n)
{
    char got[256] = "";
    for (int i = 0; i < g->nlegal; i++)
        snprintf(got + strlen(got), sizeof got - strlen(got), " %d",
                 g->legal[i]);
    if (g->nlegal != n)
        fail_msg("%d legal moves [%s ], expected %d", g->nlegal, got, n);
    for (int i = 0; i < n; i++)
        if (g->legal[i] != moves[i])
            fail_msg("legal move %d is %d, expected %d; legal [%s ]", i,
                     g->legal[i], moves[i], got);
}

/* The legal moves, formatted as tokens separated by spaces. */
static const char *legal_text(const k2 *a, char *buf, size_t size)
{
    buf[0] = 0;
    for (int i = 0; i < a->g.nlegal; i++) {
        char tok[32];
        sow_move_format(tok, sizeof tok, &a->k.setup, a->g.legal[i]);
        snprintf(buf + strlen(buf), size - strlen(buf), "%s%s", i ? " " : "",
                 tok);
    }
    return buf;
}

static int state_index(const k2 *a, const char *name)
{
    for (int i = 0; i < a->k.v->nstate; i++)
        if (strcmp(a->k.v->state[i], name) == 0)
            return i;
    fail_msg("the variant declares no state '%s'", name);
    return -1;
}

static int holes_of(const sow_game *g, int p)
{
    int n = 0;
    for (int h = 0; h < 12; h++)
        n += g->owner[h] == p;
    return n;
}

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
    assert_board12(&a.g, want);
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
    assert_board12(&a.g, want);
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
    assert_board12(&a.g, want);
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
    assert_board12(&a.g, want);
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
    assert_board12(&a.g, want);
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
    assert_board12(&a.g, want);
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
    assert_board12(&a.g, want);
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
    assert_board12(&a.g, want);
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
    assert_board12(&a.g, want);
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
    assert_board12(&a.g, want);
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
    assert_board12(&a.g, ENDLESS_B);
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
    assert_board12(&a.g, want);
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
    assert_board12(&a.g, after);
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
    assert_board12(&a.g, after);
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
    assert_board12(&a.g, want);
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
    assert_board12(&a.g, want);
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
    assert_board12(&a.g, want);
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

/* ---- K2.9, P14, P15: the set-up of the next game -------------------------- */

/* Ask the script's new_game hook to set up game 2 after a game with totals
 * t0/t1 started by prev_starter, as sow_match_next does. */
static void k2_new_game(k2 *a, int t0, int t1, int prev_starter,
                        sow_next_game *ng)
{
    assert_int_equal(t0 + t1, 48);
    sow_game prev = a->g;
    prev.over = true;
    prev.nlegal = 0;
    prev.result.reason = SOW_END_FEW_SEEDS;
    prev.result.has_score = true;
    prev.result.score[0] = t0;
    prev.result.score[1] = t1;
    prev.result.unfinished = false;
    prev.result.winner = t0 == t1 ? -1 : t0 > t1 ? 0 : 1;
    memset(ng, 0, sizeof *ng);
    ng->winner = -1;
    ng->set.to_move = ng->set.phase = -1;
    sow_match_info info = {.game = 2,
                           .games_max = a->k.setup.match_games,
                           .prev_starter = prev_starter};
    sow_error err;
    if (a->k.eng.rules.new_game(a->k.eng.rules.ctx, &a->k.setup, &prev, &info, ng, &err))
        fail_msg("new_game after %d/%d: %s", t0, t1, err.msg);
}

/* Apply a set-up to a fresh game, as sow_match_next does, and return the
 * owners' counts. */
static void k2_apply_setup(k2 *a, const sow_next_game *ng, sow_game *g)
{
    sow_error err;
    sow_game_init(&a->k.setup, g);
    g->to_move = (uint8_t)ng->starter;
    if (sow_apply_changes(&a->k.setup, g, &ng->set, &err))
        fail_msg("%s", err.msg);
}

typedef struct rebuild_case {
    int t0, t1;
    int holes0, holes1;  /* holes each owns next (K2.9, P14) */
} rebuild_case;

/* K2.9/P14: floor(T/4) holes each; remainders adding up to 4 fill one more
 * hole for the larger remainder (equal: the winner) under larger_owns, for
 * the winner under winner_owns. */
static void check_rebuilds(const char *remainder, const rebuild_case *cases,
                           int ncases)
{
    char ro[64];
    snprintf(ro, sizeof ro, "remainder=%s", remainder);
    for (int buy = 0; buy < 2; buy++) {
        const char *opts[] = {"match=true", ro,
                              buy ? "buy=nearest" : "buy=choose", NULL};
        k2 a;
        k2_open(&a, opts);
        for (int i = 0; i < ncases; i++) {
            const rebuild_case *c = &cases[i];
            sow_next_game ng;
            k2_new_game(&a, c->t0, c->t1, 0, &ng);
            if (ng.holes[0] != c->holes0 || ng.holes[1] != c->holes1)
                fail_msg("%s, %d/%d: holes %d/%d, expected %d/%d", remainder,
                         c->t0, c->t1, ng.holes[0], ng.holes[1], c->holes0,
                         c->holes1);
            if (c->holes0 == 0 || c->holes1 == 0) {
                /* K2.9: the match ends, the other player wins */
                assert_true(ng.over);
                assert_int_equal(ng.winner, c->holes0 ? 0 : 1);
                assert_string_equal(ng.reason, c->holes0 ? "North owns no hole"
                                                         : "South owns no hole");
                continue;
            }
            assert_false(ng.over);
            assert_int_equal(ng.starter, 1); /* alternate after South */
            int buyer = c->holes0 > 6 ? 0 : c->holes1 > 6 ? 1 : -1;
            int buys = buyer < 0 ? 0 : (buyer ? c->holes1 : c->holes0) - 6;
            sow_game g;
            k2_apply_setup(&a, &ng, &g);
            if (buy) {
                /* nearest: the owners are final, no decision phase; the
                 * buyer takes the other row from the hole after its own */
                assert_int_equal(ng.set.phase, -1);
                assert_int_equal(g.phase, 0);
                assert_int_equal(g.to_move, 1);
                assert_int_equal(holes_of(&g, 0), c->holes0);
                assert_int_equal(holes_of(&g, 1), c->holes1);
                for (int h = 0; h < 12; h++) {
                    int row = h < 6 ? 0 : 1;
                    int first = buyer == 0 ? 6 : 0;
                    int want = buyer >= 0 && h >= first && h < first + buys
                                   ? buyer
                                   : row;
                    if (g.owner[h] != want)
                        fail_msg("%d/%d nearest: hole %d owned by %d, "
                                 "expected %d",
                                 c->t0, c->t1, h, g.owner[h], want);
                }
            } else {
                /* choose: owners by rows; the buyer decides first */
                assert_int_equal(holes_of(&g, 0), 6);
                assert_int_equal(ng.set.owner_set, 0);
                if (buyer < 0) {
                    assert_true(ng.set.phase <= 0);
                    assert_int_equal(g.phase, 0);
                    assert_int_equal(g.to_move, 1);
                } else {
                    assert_int_equal(g.phase, 1);
                    assert_int_equal(g.to_move, buyer);
                    assert_int_equal(g.state[state_index(&a, "buyer")],
                                     buyer);
                    assert_int_equal(g.state[state_index(&a, "buys")], buys);
                    assert_int_equal(g.state[state_index(&a, "starter")], 1);
                }
            }
        }
        k2_close(&a);
    }
}

/* K2.9/P14 remainder=larger_owns (default). */
static void test_k2_9_rebuild_larger_owns(void **state)
{
    (void)state;
    static const rebuild_case cases[] = {
        {24, 24, 6, 6},  /* remainders 0 */
        {26, 22, 7, 5},  /* 6 r2 / 5 r2: equal remainders, the winner */
        {22, 26, 5, 7},
        {27, 21, 7, 5},  /* 6 r3 / 5 r1: the larger remainder (South) */
        {25, 23, 6, 6},  /* 6 r1 / 5 r3: the larger remainder (North) */
        {29, 19, 7, 5},  /* 7 r1 / 4 r3: North's */
        {30, 18, 8, 4},  /* 7 r2 / 4 r2: the winner */
        {28, 20, 7, 5},  /* remainders 0 */
        {44, 4, 11, 1},  /* remainders 0 */
        {45, 3, 11, 1},  /* 11 r1 / 0 r3: North's: North keeps one hole */
        {47, 1, 12, 0},  /* 11 r3 / 0 r1: South's: North owns no hole */
        {21, 27, 5, 7},
        {3, 45, 1, 11},
        {1, 47, 0, 12},
        {48, 0, 12, 0},
    };
    check_rebuilds("larger_owns", cases, sizeof cases / sizeof *cases);
}

/* K2.9/P14 remainder=winner_owns: the remainder hole goes to the winner
 * whatever the remainders. */
static void test_k2_9_rebuild_winner_owns(void **state)
{
    (void)state;
    static const rebuild_case cases[] = {
        {24, 24, 6, 6},
        {26, 22, 7, 5},
        {27, 21, 7, 5},
        {25, 23, 7, 5},  /* larger_owns: 6/6 */
        {29, 19, 8, 4},  /* larger_owns: 7/5 */
        {30, 18, 8, 4},
        {44, 4, 11, 1},
        {45, 3, 12, 0},  /* larger_owns: 11/1; here North owns no hole */
        {47, 1, 12, 0},
        {23, 25, 5, 7},  /* larger_owns: 6/6 */
        {3, 45, 0, 12},
    };
    check_rebuilds("winner_owns", cases, sizeof cases / sizeof *cases);
}

/* K2.9 buy=nearest, by hand: after 44/4 South buys 6..10 and North keeps
 * 11; after 21/27 North buys 0. */
static void test_k2_9_nearest_by_hand(void **state)
{
    (void)state;
    const char *opts[] = {"match=true", "buy=nearest", NULL};
    k2 a;
    k2_open(&a, opts);
    sow_next_game ng;
    sow_game g;
    k2_new_game(&a, 44, 4, 0, &ng);
    k2_apply_setup(&a, &ng, &g);
    int own44[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1};
    for (int h = 0; h < 12; h++)
        assert_int_equal(g.owner[h], own44[h]);
    k2_new_game(&a, 21, 27, 1, &ng);
    k2_apply_setup(&a, &ng, &g);
    int own21[12] = {1, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1};
    for (int h = 0; h < 12; h++)
        assert_int_equal(g.owner[h], own21[h]);
    assert_int_equal(ng.starter, 0);
    k2_close(&a);
}

/* K2.9 next_starter, P15: alternate (default), loser, winner; after a
 * 24-24 draw winner and loser alternate. */
static void test_k2_9_next_starter(void **state)
{
    (void)state;
    static const struct {
        const char *opt;
        int t0, prev, want;
    } cases[] = {
        {"next_starter=alternate", 30, 0, 1},
        {"next_starter=alternate", 30, 1, 0},
        {"next_starter=alternate", 18, 0, 1},
        {"next_starter=alternate", 24, 1, 0},
        {"next_starter=winner", 30, 1, 0},
        {"next_starter=winner", 30, 0, 0},
        {"next_starter=winner", 18, 0, 1},
        {"next_starter=winner", 18, 1, 1},
        {"next_starter=winner", 24, 0, 1}, /* P15 */
        {"next_starter=winner", 24, 1, 0}, /* P15 */
        {"next_starter=loser", 30, 0, 1},
        {"next_starter=loser", 30, 1, 1},
        {"next_starter=loser", 18, 1, 0},
        {"next_starter=loser", 18, 0, 0},
        {"next_starter=loser", 24, 0, 1}, /* P15 */
        {"next_starter=loser", 24, 1, 0}, /* P15 */
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        for (int buy = 0; buy < 2; buy++) {
            const char *opts[] = {"match=true", cases[i].opt,
                                  buy ? "buy=nearest" : "buy=choose", NULL};
            k2 a;
            k2_open(&a, opts);
            sow_next_game ng;
            k2_new_game(&a, cases[i].t0, 48 - cases[i].t0, cases[i].prev,
                        &ng);
            if (ng.starter != cases[i].want)
                fail_msg("%s, %d/%d, previous starter %d: starter %d, "
                         "expected %d",
                         cases[i].opt, cases[i].t0, 48 - cases[i].t0,
                         cases[i].prev, ng.starter, cases[i].want);
            /* under choose the starter waits for the buyer's decisions */
            sow_game g;
            k2_apply_setup(&a, &ng, &g);
            int buyer = cases[i].t0 == 24 ? -1 : cases[i].t0 > 24 ? 0 : 1;
            if (!buy && buyer >= 0) {
                assert_int_equal(g.to_move, buyer);
                assert_int_equal(g.state[state_index(&a, "starter")],
                                 cases[i].want);
            } else {
                assert_int_equal(g.to_move, cases[i].want);
            }
            k2_close(&a);
        }
    }
}

/* K2.9, C0.1: the first game of a match: 6 holes each, South starts, no
 * decision phase; the record's owners are the rows. */
static void test_k2_9_first_game(void **state)
{
    (void)state;
    const char *opts[] = {"match=true", NULL};
    k2 a;
    k2_open(&a, opts);
    assert_true(a.k.setup.match);
    assert_int_equal(a.k.setup.match_games, 50);
    assert_int_equal(a.m.game, 1);
    assert_int_equal(a.m.starter, 0);
    assert_false(a.m.over);
    for (int h = 0; h < 12; h++) {
        assert_int_equal(a.m.owners[h], h < 6 ? 0 : 1);
        assert_int_equal(a.g.owner[h], h < 6 ? 0 : 1);
        assert_int_equal(a.g.board[h], 4);
    }
    assert_int_equal(a.g.phase, 0);
    assert_int_equal(a.g.to_move, 0);
    int legal[] = {0, 1, 2, 3, 4, 5};
    assert_legal(&a.g, legal, 6);
    k2_close(&a);
}

/* ---- K2.9 through the engine: ending game 1 and the buy phase ----------- */

/* End the current game of a match with South's capture: the board holds
 * 12 seeds, South plays 5 (2 seeds): 6 (0->1), 7 (3->4, North's): taken,
 * 7 left (K2.6). South's total is c0 + 4 + 6, North's c1 + 1. */
static void k2_end_game(k2 *a, int total0)
{
    int b[12] = {2, 2, 2, 0, 0, 2, 0, 3, 0, 0, 0, 0};
    int c0 = total0 - 10, c1 = 48 - 11 - c0;
    assert_true(c0 >= 0 && c1 >= 0);
    k2_position(a, b, c0, c1, 0);
    k2_play(a, 5);
    assert_true(a->g.over);
    assert_int_equal(a->g.result.score[0], total0);
    assert_int_equal(a->g.result.score[1], 48 - total0);
}

/* K2.9 buy=choose through sow_engine_play: after 30/18 South owns 8 holes
 * and buys 2 with decision moves before game 2, which North starts
 * (alternate). Illegal buy tokens are refused and change nothing; after the
 * last buy the starter moves, and no buy is accepted any more. */
static void test_k2_9_buy_phase(void **state)
{
    (void)state;
    const char *opts[] = {"match=true", NULL};
    k2 a;
    k2_open(&a, opts);
    /* a buy in game 1, where nobody buys, is not legal */
    k2_refused(&a, k2_token(&a, "buy:8"), "not legal for South");
    k2_end_game(&a, 30);
    sow_error err;
    assert_int_equal(sow_match_next(&a.k.eng, &a.m, &a.g, &err), SOW_OK);
    assert_false(a.m.over);
    assert_int_equal(a.m.game, 2);
    assert_int_equal(a.m.starter, 1);
    assert_int_equal(a.m.holes[0], 8);
    assert_int_equal(a.m.holes[1], 4);
    for (int h = 0; h < 12; h++) {
        assert_int_equal(a.m.owners[h], h < 6 ? 0 : 1); /* before buying */
        assert_int_equal(a.g.board[h], 4);              /* P14 */
    }
    assert_false(a.g.over);
    assert_int_equal(a.g.ply, 0);
    assert_int_equal(a.g.captured[0], 0);
    assert_int_equal(a.g.captured[1], 0);
    assert_int_equal(a.g.phase, 1);
    assert_int_equal(a.g.to_move, 0); /* the buyer, not the starter */
    char buf[256];
    assert_string_equal(legal_text(&a, buf, sizeof buf),
                        "buy:6 buy:7 buy:8 buy:9 buy:10 buy:11");
    /* docs/record.md: decisions sort after holes, by value numerically */
    for (int i = 1; i < a.g.nlegal; i++)
        assert_true(a.g.legal[i - 1] < a.g.legal[i]);
    /* refused: a sowing, a hole the buyer owns, a hole that does not exist */
    k2_refused(&a, 2, "ply 0: move 2 is not legal for South");
    k2_refused(&a, k2_token(&a, "buy:3"),
               "ply 0: move buy:3 is not legal for South; the legal moves "
               "are: buy:6 buy:7 buy:8 buy:9 buy:10 buy:11");
    k2_refused(&a, k2_token(&a, "buy:12"), "buy:12 is not legal");
    /* the first buy: hole 8 changes owner, the board does not */
    k2_play(&a, k2_token(&a, "buy:8"));
    assert_int_equal(a.g.ply, 1);
    assert_int_equal(a.g.owner[8], 0);
    assert_int_equal(a.g.phase, 1);
    assert_int_equal(a.g.to_move, 0);
    assert_int_equal(a.g.state[state_index(&a, "buys")], 1);
    assert_string_equal(legal_text(&a, buf, sizeof buf),
                        "buy:6 buy:7 buy:9 buy:10 buy:11");
    for (int h = 0; h < 12; h++)
        assert_int_equal(a.g.board[h], 4);
    /* the same hole again, or one South owned from the start */
    k2_refused(&a, k2_token(&a, "buy:8"), "ply 1: move buy:8 is not legal");
    k2_refused(&a, k2_token(&a, "buy:0"), "buy:0 is not legal");
    /* the last buy: the starter (North) moves, from the holes it kept */
    k2_play(&a, k2_token(&a, "buy:11"));
    assert_int_equal(a.g.ply, 2);
    assert_int_equal(a.g.phase, 0);
    assert_int_equal(a.g.to_move, 1);
    assert_false(a.g.over);
    int north[] = {6, 7, 9, 10};
    assert_legal(&a.g, north, 4);
    assert_int_equal(holes_of(&a.g, 0), 8);
    assert_int_equal(holes_of(&a.g, 1), 4);
    /* no buy is due any more */
    k2_refused(&a, k2_token(&a, "buy:6"), "ply 2: move buy:6 is not legal "
                                          "for North");
    /* the game goes on with the bought holes: North from 6 (4 seeds):
     * 7 (4->5), 8 (4->5), 9 (4->5), 10 (4->5, last): relay 5 from 10:
     * 11 (4->5), 0..3 (4->5, 3 last): relay 5 from 3: 4 (4->5), 5 (4->5),
     * 6 (0->1), 7 (5->6), 8 (5->6, last): relay 6 from 8: 9 (5->6),
     * 10 (0->1), 11 (5->6), 0 (5->6), 1 (5->6), 2 (5->6, last): relay 6
     * from 2: 3 (0->1), 4..7 (+1: 6, 6, 2, 7), 8 (0->1, last): stop. */
    k2_play(&a, 6);
    int want[12] = {6, 6, 0, 1, 6, 6, 2, 7, 1, 6, 1, 6};
    assert_board12(&a.g, want);
    assert_int_equal(a.g.to_move, 0);
    int south[] = {0, 1, 4, 5, 11};
    assert_legal(&a.g, south, 5);
    k2_close(&a);
}

/* K2.9 buy=choose for North, next_starter=loser: after 18/30 (7 r2 and
 * 4 r2: equal remainders, the hole goes to the winner) North owns 8 holes
 * and buys 2 in South's row; South, the loser, starts once they are
 * bought. */
static void test_k2_9_north_buys(void **state)
{
    (void)state;
    const char *opts[] = {"match=true", "next_starter=loser", NULL};
    k2 a;
    k2_open(&a, opts);
    k2_end_game(&a, 18); /* 18/30: North wins */
    sow_error err;
    assert_int_equal(sow_match_next(&a.k.eng, &a.m, &a.g, &err), SOW_OK);
    assert_int_equal(a.m.starter, 0); /* the loser */
    assert_int_equal(a.g.phase, 1);
    assert_int_equal(a.g.to_move, 1); /* the buyer */
    char buf[256];
    assert_string_equal(legal_text(&a, buf, sizeof buf),
                        "buy:0 buy:1 buy:2 buy:3 buy:4 buy:5");
    assert_int_equal(a.g.state[state_index(&a, "buys")], 2);
    k2_refused(&a, k2_token(&a, "buy:7"), "not legal for North");
    k2_play(&a, k2_token(&a, "buy:5"));
    assert_int_equal(a.g.phase, 1);
    assert_int_equal(a.g.to_move, 1);
    k2_play(&a, k2_token(&a, "buy:0"));
    assert_int_equal(a.g.phase, 0);
    assert_int_equal(a.g.to_move, 0);
    int south[] = {1, 2, 3, 4};
    assert_legal(&a.g, south, 4);
    k2_close(&a);
}

/* K2.9 buy=nearest through the engine: no decision phase; the starter
 * moves at once with the owners already transferred. */
static void test_k2_9_nearest_through_engine(void **state)
{
    (void)state;
    const char *opts[] = {"match=true", "buy=nearest", NULL};
    k2 a;
    k2_open(&a, opts);
    k2_end_game(&a, 30);
    sow_error err;
    assert_int_equal(sow_match_next(&a.k.eng, &a.m, &a.g, &err), SOW_OK);
    assert_int_equal(a.g.phase, 0);
    assert_int_equal(a.g.to_move, 1);
    for (int h = 0; h < 12; h++)
        assert_int_equal(a.m.owners[h], h < 8 ? 0 : 1);
    int north[] = {8, 9, 10, 11};
    assert_legal(&a.g, north, 4);
    k2_refused(&a, k2_token(&a, "buy:8"), "not legal for North");
    k2_close(&a);
}

/* ---- K2.9, P15: the end of a match ------------------------------------- */

/* K2.9: after 47/1 North owns no hole: the match is over, South wins,
 * holes [12, 0]. */
static void test_k2_9_match_ends_no_hole(void **state)
{
    (void)state;
    const char *opts[] = {"match=true", NULL};
    k2 a;
    k2_open(&a, opts);
    k2_end_game(&a, 47);
    sow_error err;
    assert_int_equal(sow_match_next(&a.k.eng, &a.m, &a.g, &err), SOW_OK);
    assert_true(a.m.over);
    assert_int_equal(a.m.winner, 0);
    assert_false(a.m.unfinished);
    assert_string_equal(a.m.reason, "North owns no hole");
    assert_int_equal(a.m.holes[0], 12);
    assert_int_equal(a.m.holes[1], 0);
    assert_int_equal(a.m.game, 1);
    k2_close(&a);
}

/* P15: "a player owns no hole" is checked before the match_games cap: with
 * match_games=1, 47/1 still ends the match as won, while 30/18 ends it
 * unfinished ("match_games reached") with the hole counts. */
static void test_p15_no_hole_before_cap(void **state)
{
    (void)state;
    const char *opts[] = {"match=true", "match_games=1", NULL};
    k2 a;
    k2_open(&a, opts);
    assert_int_equal(a.k.setup.match_games, 1);
    k2_end_game(&a, 47);
    sow_error err;
    assert_int_equal(sow_match_next(&a.k.eng, &a.m, &a.g, &err), SOW_OK);
    assert_true(a.m.over);
    assert_false(a.m.unfinished);
    assert_int_equal(a.m.winner, 0);
    assert_string_equal(a.m.reason, "North owns no hole");
    assert_int_equal(a.m.holes[0], 12);
    assert_int_equal(a.m.holes[1], 0);
    k2_close(&a);

    k2_open(&a, opts);
    k2_end_game(&a, 30);
    assert_int_equal(sow_match_next(&a.k.eng, &a.m, &a.g, &err), SOW_OK);
    assert_true(a.m.over);
    assert_true(a.m.unfinished);
    assert_int_equal(a.m.winner, -1);
    assert_string_equal(a.m.reason, "match_games reached");
    assert_int_equal(a.m.holes[0], 8);
    assert_int_equal(a.m.holes[1], 4);
    k2_close(&a);
}

/* K2.9 winner_owns through the engine: 45/3 gives South the remainder hole
 * too, so North owns no hole and the match ends; under larger_owns North
 * keeps one hole and game 2 starts with South buying 5. */
static void test_k2_9_45_3_both_remainders(void **state)
{
    (void)state;
    const char *w[] = {"match=true", "remainder=winner_owns", NULL};
    k2 a;
    k2_open(&a, w);
    k2_end_game(&a, 45);
    sow_error err;
    assert_int_equal(sow_match_next(&a.k.eng, &a.m, &a.g, &err), SOW_OK);
    assert_true(a.m.over);
    assert_int_equal(a.m.winner, 0);
    assert_int_equal(a.m.holes[0], 12);
    assert_int_equal(a.m.holes[1], 0);
    k2_close(&a);

    const char *l[] = {"match=true", NULL};
    k2_open(&a, l);
    k2_end_game(&a, 45);
    assert_int_equal(sow_match_next(&a.k.eng, &a.m, &a.g, &err), SOW_OK);
    assert_false(a.m.over);
    assert_int_equal(a.m.holes[0], 11);
    assert_int_equal(a.m.holes[1], 1);
    assert_int_equal(a.g.phase, 1);
    assert_int_equal(a.g.to_move, 0);
    assert_int_equal(a.g.state[state_index(&a, "buys")], 5);
    k2_close(&a);
}

/* K2.7: a single game (match=false) is its own "match": sow_match_next
 * ends it with the game's winner. */
static void test_k2_7_single_game_match_next(void **state)
{
    (void)state;
    k2 a;
    k2_open(&a, NULL);
    k2_end_game(&a, 30);
    sow_error err;
    assert_int_equal(sow_match_next(&a.k.eng, &a.m, &a.g, &err), SOW_OK);
    assert_true(a.m.over);
    assert_int_equal(a.m.winner, 0);
    k2_close(&a);
}

/* ---- options that do not fit together ---------------------------------- */

/* K2.7/K2.9: the match options apply only with match=true; any other value
 * than the default without it is refused by sow_optset_check. */
static void test_k2_9_options_need_match(void **state)
{
    (void)state;
    sow_variant *v;
    sow_error err;
    if (sow_variant_load(YAML, &v, &err))
        fail_msg("%s", err.msg);
    static const char *const refused[] = {
        "buy=nearest", "remainder=winner_owns", "next_starter=winner",
        "next_starter=loser", "match_games=3",
    };
    for (size_t i = 0; i < sizeof refused / sizeof *refused; i++) {
        sow_optset o;
        sow_optset_defaults(v, &o);
        assert_int_equal(sow_optset_apply(v, &o, refused[i], &err), SOW_OK);
        sow_error_clear(&err);
        assert_int_not_equal(sow_optset_check(v, &o, &err), SOW_OK);
        assert_contains(err.msg, refused[i]);
        assert_contains(err.msg, "match=true");
        /* explicitly false is no better */
        assert_int_equal(sow_optset_apply(v, &o, "match=false", &err), SOW_OK);
        assert_int_not_equal(sow_optset_check(v, &o, &err), SOW_OK);
        /* with match=true they fit */
        assert_int_equal(sow_optset_apply(v, &o, "match=true", &err), SOW_OK);
        assert_int_equal(sow_optset_check(v, &o, &err), SOW_OK);
    }
    /* the defaults, given explicitly, fit a single game */
    sow_optset o;
    sow_optset_defaults(v, &o);
    assert_int_equal(sow_optset_apply(v, &o, "buy=choose", &err), SOW_OK);
    assert_int_equal(sow_optset_apply(v, &o, "match_games=50", &err), SOW_OK);
    assert_int_equal(sow_optset_apply(v, &o, "endless_move=end_game", &err),
                     SOW_OK);
    assert_int_equal(sow_optset_check(v, &o, &err), SOW_OK);
    sow_variant_free(v);
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
        cmocka_unit_test(test_k2_9_rebuild_larger_owns),
        cmocka_unit_test(test_k2_9_rebuild_winner_owns),
        cmocka_unit_test(test_k2_9_nearest_by_hand),
        cmocka_unit_test(test_k2_9_next_starter),
        cmocka_unit_test(test_k2_9_first_game),
        cmocka_unit_test(test_k2_9_buy_phase),
        cmocka_unit_test(test_k2_9_north_buys),
        cmocka_unit_test(test_k2_9_nearest_through_engine),
        cmocka_unit_test(test_k2_9_match_ends_no_hole),
        cmocka_unit_test(test_p15_no_hole_before_cap),
        cmocka_unit_test(test_k2_9_45_3_both_remainders),
        cmocka_unit_test(test_k2_7_single_game_match_next),
        cmocka_unit_test(test_k2_9_options_need_match),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
