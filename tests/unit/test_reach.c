/* test_reach.c - K1.7 `unreachable` (docs/rules.md K1.7; the end key
 * end.capture_unreachable, engine/core/sow_reach.c) on Adji Kui I's
 * variant file with endless=unreachable: the game ends as soon as no
 * capture is reachable by any sequence of legal moves, and stops
 * unfinished, naming the seeds left, when the search would keep more
 * positions than it may. The counts of positions are those of the
 * independent reference's search (tests/ref/adji_kui_1.py, reachable()),
 * which visits (board, player to move) breadth first in the same order. */
#include "unit.h"

#include "fixture.h"

#include "sow_reach.h"
#include "sow_rng.h"

#define YAML "variants/adji_kui_1.yaml"

/* Adji Kui I with endless=unreachable, the search keeping at most
 * `positions` (0: the variant's own limit). */
static void open_unreachable(unit_game *a, long positions)
{
    const char *opts[] = {"endless=unreachable", NULL};
    unit_game_open(a, YAML, opts);
    assert_true(a->k.setup.unreachable);
    assert_false(a->k.setup.repetition);
    assert_int_equal(a->k.setup.reach_positions, SOW_REACH_POSITIONS);
    if (!positions)
        return;
    /* a new engine, whose search takes the lower limit */
    sow_error err;
    const sow_rules rules = a->k.eng.rules;
    sow_engine_free(&a->k.eng);
    a->k.setup.reach_positions = positions;
    if (sow_engine_init(&a->k.eng, &a->k.setup, &rules, &err))
        fail_msg("%s", err.msg);
}

/* Start a game at this position (seeds on the board plus captures make
 * 48): the engine's start, which tests the end rules as after a move. */
static void start_at(unit_game *a, const int b[12], int c0, int c1,
                     int to_move)
{
    sow_error err;
    sow_game_init(&a->k.setup, &a->g);
    int sum = 0;
    for (int h = 0; h < 12; h++)
        sum += a->g.board[h] = (uint16_t)b[h];
    assert_int_equal(sum + c0 + c1, 48);
    a->g.on_board = sum;
    a->g.captured[0] = c0;
    a->g.captured[1] = c1;
    a->g.to_move = (uint8_t)to_move;
    if (sow_engine_begin(&a->k.eng, &a->g, &err))
        fail_msg("%s", err.msg);
}

/* What the engine's search says of a's game, and how many positions it
 * kept. */
static int search(unit_game *a, long *kept)
{
    sow_error err;
    int r = sow_reach_test(a->k.eng.reach, &a->g, &err);
    if (r < 0)
        fail_msg("%s", err.msg);
    *kept = sow_reach_positions(a->k.eng.reach);
    return r;
}

/* K1.7 (b): three seeds left, 2 and 1, circle the board (each move
 * lifts the 2 and makes the next 2 one hole on) and no capture can ever
 * be made: the game ends at once, scored by K1.8. */
static void test_k1_7_circling_seeds_end_at_once(void **state)
{
    (void)state;
    unit_game a;
    open_unreachable(&a, 0);
    const int b[12] = {2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
    start_at(&a, b, 20, 25, 0);
    assert_true(a.g.over);
    assert_int_equal(a.g.ply, 0);
    assert_int_equal(a.g.result.reason, SOW_END_UNREACHABLE);
    assert_false(a.g.result.unfinished);
    assert_int_equal(a.g.result.score[0], 23); /* 20 + 2 + 1 */
    assert_int_equal(a.g.result.score[1], 25);
    assert_int_equal(a.g.result.winner, 1);
    char buf[256];
    assert_string_equal(sow_result_text(&a.k.setup, &a.g, buf, sizeof buf),
                        "no capture can be reached");
    /* the whole circle was searched: 12 positions (South sows 0, North
     * passes, ... round the board) */
    long kept = 0;
    assert_int_equal(search(&a, &kept), SOW_REACH_NONE);
    assert_int_equal(kept, 12);
    unit_game_close(&a);
}

/* K1.7 (b) after a move, a capture included: North's 10 takes South's
 * hole 0 (2 seeds), and the three seeds left can capture no more. North's
 * other move, 9, leaves a capture reachable. */
static void test_k1_7_ends_after_the_move_that_leaves_none(void **state)
{
    (void)state;
    unit_game a;
    open_unreachable(&a, 0);
    const int b[12] = {1, 0, 1, 0, 0, 0, 0, 0, 0, 2, 2, 0};
    start_at(&a, b, 20, 22, 0); /* South has singletons only: North */
    assert_false(a.g.over);
    assert_int_equal(a.g.to_move, 1);
    sow_game keep = a.g;
    sow_error err;
    assert_int_equal(sow_engine_play(&a.k.eng, &a.g, 9, &err), SOW_OK);
    assert_false(a.g.over);
    a.g = keep;
    assert_int_equal(sow_engine_play(&a.k.eng, &a.g, 10, &err), SOW_OK);
    assert_int_equal(a.g.captured[1], 24);
    assert_true(a.g.over);
    assert_int_equal(a.g.ply, 1);
    assert_int_equal(a.g.result.reason, SOW_END_UNREACHABLE);
    assert_int_equal(a.g.result.score[0], 21);
    assert_int_equal(a.g.result.score[1], 27);
    unit_game_close(&a);
}

/* A capture reachable only after many moves keeps the game going: the
 * two seeds North chases round the board make a 2 in South's row on the
 * 13th ply (the repetition option would end this game at its 12th ply:
 * variants/scenarios/adji_kui_1.yaml); from {0,3,0,1} South's capture
 * is 16 plies away. */
static void test_k1_7_far_capture_goes_on(void **state)
{
    (void)state;
    unit_game a;
    open_unreachable(&a, 0);
    const int chase[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 1};
    start_at(&a, chase, 20, 24, 0);
    assert_false(a.g.over);
    assert_int_equal(a.g.to_move, 1);
    long kept = 0;
    assert_int_equal(search(&a, &kept), SOW_REACH_CAPTURE);
    assert_int_equal(kept, 14);
    const int far[12] = {0, 3, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0};
    start_at(&a, far, 20, 24, 0);
    assert_false(a.g.over);
    assert_int_equal(search(&a, &kept), SOW_REACH_CAPTURE);
    assert_int_equal(kept, 19);
    /* the capture for the player to move answers with no position kept */
    const int now[12] = {4, 4, 4, 3, 4, 4, 1, 4, 4, 4, 4, 4};
    start_at(&a, now, 2, 2, 0);
    assert_int_equal(search(&a, &kept), SOW_REACH_CAPTURE);
    assert_int_equal(kept, 0);
    unit_game_close(&a);
}

/* The reference's "may refuse with a clear message when too many seeds
 * remain to decide": past its limit the search cannot decide, and the
 * game stops unfinished (no winner, P3) as before a move the endless-move
 * proof cannot follow (P2), naming the seeds left and the option. */
static void test_k1_7_too_many_positions_stop_unfinished(void **state)
{
    (void)state;
    unit_game a;
    open_unreachable(&a, 5);
    const int b[12] = {2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
    start_at(&a, b, 20, 25, 0);
    assert_true(a.g.over);
    assert_int_equal(a.g.result.reason, SOW_END_UNDECIDED);
    assert_true(a.g.result.unfinished);
    assert_int_equal(a.g.result.winner, -1);
    assert_int_equal(a.g.result.score[0], 23);
    char buf[256];
    assert_string_equal(sow_result_text(&a.k.setup, &a.g, buf, sizeof buf),
                        "3 seeds left: too many to tell in 5 positions if "
                        "a capture is reachable; option endless has other "
                        "values");
    long kept = 0;
    assert_int_equal(search(&a, &kept), SOW_REACH_UNDECIDED);
    assert_int_equal(kept, 5);
    unit_game_close(&a);

    /* 12 positions are enough to decide it */
    open_unreachable(&a, 12);
    start_at(&a, b, 20, 25, 0);
    assert_int_equal(a.g.result.reason, SOW_END_UNREACHABLE);
    unit_game_close(&a);
}

/* The default (repetition) has no search, and the seed games' move tests
 * its last end rules at max_plies alone. */
static void test_k1_7_off_by_default(void **state)
{
    (void)state;
    unit_game a;
    unit_game_open(&a, YAML, NULL);
    assert_false(a.k.setup.unreachable);
    assert_null(a.k.eng.reach);
    assert_true(a.k.setup.plain_turns);
    assert_int_equal(a.k.setup.late_ply, a.k.setup.max_plies);
    unit_game_close(&a);
}

/* Whether some line of at most `depth` moves from g captures (every
 * move tried, no position merged with another: a check of the search's
 * answer that shares nothing with its keys). */
static bool capture_within(sow_engine *e, const sow_game *g, int depth)
{
    if (depth == 0 || g->over)
        return false;
    for (int i = 0; i < g->nlegal; i++) {
        sow_game c = *g;
        sow_error err;
        if (sow_engine_play_at(e, &c, i, &err))
            fail_msg("%s", err.msg);
        if (c.captured[0] + c.captured[1] != g->captured[0] + g->captured[1])
            return true;
        if (capture_within(e, &c, depth - 1))
            return true;
    }
    return false;
}

/* The rule is data any variant may use (end.capture_unreachable): on the
 * positions of random games of three others (Oware's filters and grand
 * slam, Adji-Boto's chains, Andada's opening phase and bear-off, P12), a
 * search that finds no capture is confirmed by every line of 5 moves, and
 * some do find none. */
static void test_k1_7_other_variants(void **state)
{
    (void)state;
    const char *paths[] = {"variants/oware.yaml", "variants/adji_boto.yaml",
                           "variants/andada.yaml"};
    for (int v = 0; v < 3; v++) {
        unit_game a;
        unit_game_open(&a, paths[v], NULL);
        assert_false(a.k.setup.repetition); /* (the lines need no history) */
        sow_reach *r = sow_reach_new(&a.k.setup, &a.k.eng.rules);
        assert_non_null(r);
        sow_rng rng;
        sow_rng_seed(&rng, 7);
        sow_error err;
        int none = 0, tests = 0;
        for (int game = 0; game < 40; game++) {
            assert_int_equal(sow_engine_start(&a.k.eng, &a.g, &err), SOW_OK);
            while (!a.g.over) {
                int got = sow_reach_test(r, &a.g, &err);
                assert_true(got == SOW_REACH_NONE || got == SOW_REACH_CAPTURE);
                tests++;
                if (got == SOW_REACH_NONE) {
                    none++;
                    if (capture_within(&a.k.eng, &a.g, 5))
                        fail_msg("%s, ply %d: a capture 5 moves away, yet "
                                 "the search found none", paths[v], a.g.ply);
                }
                int i = sow_rng_below(&rng, a.g.nlegal);
                assert_int_equal(sow_engine_play_at(&a.k.eng, &a.g, i, &err),
                                 SOW_OK);
            }
        }
        assert_true(none > 0 && none < tests);
        sow_reach_free(r);
        unit_game_close(&a);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_k1_7_circling_seeds_end_at_once),
        cmocka_unit_test(test_k1_7_ends_after_the_move_that_leaves_none),
        cmocka_unit_test(test_k1_7_far_capture_goes_on),
        cmocka_unit_test(test_k1_7_too_many_positions_stop_unfinished),
        cmocka_unit_test(test_k1_7_off_by_default),
        cmocka_unit_test(test_k1_7_other_variants),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
