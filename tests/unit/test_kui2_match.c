/* test_kui2_match.c - Adji Kui II's match (docs/rules.md, K2.7, K2.9,
 * P14, P15): the set-up of the next game (buying back holes, the
 * remainders, the starter), the buy phase through the engine, the end of
 * a match, and the options that need a match; variants/adji_kui_2.yaml
 * and its Lua script through sow_match_*. One game's rules are in
 * test_kui2.c; the fixture in kui2_fixture.h. Each test names the rule
 * ids it checks. */
#include "kui2_fixture.h"

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
    assert_board_is(&a.g, want, 12);
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
