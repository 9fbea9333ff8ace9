/* test_rounds.c - games in rounds as data (docs/rules-family.md C1.6,
 * P38-P41) through the shipped variant files: sow_rounds_next sets up the
 * next round from a finished one, and sow_match_next applies it. Each
 * test names the rule ids it checks; the expected boards were worked out
 * by hand from the rules. */
#include "unit.h"

#include "fixture.h"

#include "sow_game.h"

/* The variant with options, opened; no game started. */
static void open_variant(unit_game *a, const char *yaml,
                         const char *const *opts)
{
    unit_game_open(a, yaml, opts);
}

/* A finished round of a's setup: board b (NULL: empty), stores, result. */
static void finished(const unit_game *a, sow_game *g, const int *b, int c0,
                     int c1, sow_end_reason why, int winner, int s0, int s1,
                     int last_mover)
{
    const sow_setup *s = &a->k.setup;
    sow_game_init(s, g);
    g->on_board = 0;
    for (int h = 0; h < s->holes; h++) {
        g->board[h] = (uint16_t)(b ? b[h] : 0);
        g->on_board += g->board[h];
    }
    g->captured[0] = c0;
    g->captured[1] = c1;
    g->over = true;
    g->last_mover = (int8_t)last_mover;
    g->result.reason = why;
    g->result.winner = winner;
    g->result.has_score = true;
    g->result.score[0] = s0;
    g->result.score[1] = s1;
}

static sow_next_game next(const unit_game *a, const sow_game *prev,
                          int prev_starter, int w0, int w1)
{
    sow_next_game ng;
    memset(&ng, 0, sizeof ng);
    ng.winner = -1;
    ng.set.to_move = ng.set.phase = -1;
    sow_match_info info = {.game = 2, .games_max = 1000,
                           .prev_starter = prev_starter, .wins = {w0, w1}};
    sow_error err;
    sow_error_clear(&err);
    assert_int_equal(sow_rounds_next(&a->k.setup, prev, &info, &ng, &err),
                     SOW_OK);
    return ng;
}

static uint64_t bits(const int *holes, int n)
{
    uint64_t m = 0;
    for (int i = 0; i < n; i++)
        m |= (uint64_t)1 << holes[i];
    return m;
}

/* DK.7, P39, P40: 50 and 48 seeds refill 7 and 6 holes of 7 from the
 * right-hand ends; North's unfilled hole 7 is blocked; the rest stays in
 * store; the last mover starts. */
static void test_dakon_refill(void **state)
{
    (void)state;
    unit_game a;
    open_variant(&a, "variants/dakon.yaml", NULL);
    sow_game prev;
    finished(&a, &prev, NULL, 50, 48, SOW_END_NO_MOVES, 0, 50, 48, 1);
    sow_next_game ng = next(&a, &prev, 0, 1, 0);
    assert_false(ng.over);
    assert_true(ng.has_start);
    for (int h = 0; h < 14; h++)
        assert_int_equal(ng.board[h], h == 7 ? 0 : 7);
    assert_int_equal(ng.captured[0], 1);
    assert_int_equal(ng.captured[1], 6);
    int blocked[] = {7};
    assert_true(ng.blocked == bits(blocked, 1));
    assert_int_equal(ng.starter, 1);
    assert_int_equal(ng.holes[0], 7);
    assert_int_equal(ng.holes[1], 6);
    unit_game_close(&a);
}

/* DK.7 fill_from=left: North fills 7, 8, ... so its last hole is the one
 * blocked; with 20 seeds South fills 2 holes (from 0) and blocks 2..6. */
static void test_dakon_fill_left_and_min_holes(void **state)
{
    (void)state;
    unit_game a;
    const char *const opts[] = {"fill_from=left", "min_holes=1", NULL};
    open_variant(&a, "variants/dakon.yaml", opts);
    sow_game prev;
    finished(&a, &prev, NULL, 20, 78, SOW_END_NO_MOVES, 1, 20, 78, 0);
    sow_next_game ng = next(&a, &prev, 0, 0, 1);
    assert_false(ng.over);
    int want[14] = {7, 7, 0, 0, 0, 0, 0, 7, 7, 7, 7, 7, 7, 7};
    for (int h = 0; h < 14; h++)
        assert_int_equal(ng.board[h], want[h]);
    int blocked[] = {2, 3, 4, 5, 6};
    assert_true(ng.blocked == bits(blocked, 5));
    assert_int_equal(ng.captured[0], 6);
    assert_int_equal(ng.captured[1], 29); /* 78 - 49 */
    assert_int_equal(ng.starter, 0);      /* the last mover */
    unit_game_close(&a);
}

/* DK.7: a total that cannot fill min_holes (4 x 7 = 28) loses the match;
 * P38: a threshold end (more than 70) ends the match with the round's
 * winner. */
static void test_dakon_match_ends(void **state)
{
    (void)state;
    unit_game a;
    open_variant(&a, "variants/dakon.yaml", NULL);
    assert_int_equal(a.k.setup.threshold, 70); /* P41: 98 - 4 x 7 */
    sow_game prev;
    finished(&a, &prev, NULL, 27, 71, SOW_END_NO_MOVES, 1, 27, 71, 0);
    sow_next_game ng = next(&a, &prev, 0, 0, 1);
    assert_true(ng.over);
    assert_int_equal(ng.winner, 1);
    assert_non_null(strstr(ng.reason, "South's total (27) cannot fill 4"));
    finished(&a, &prev, NULL, 40, 58, SOW_END_THRESHOLD, 0, 40, 58, 0);
    ng = next(&a, &prev, 0, 0, 0);
    assert_true(ng.over);
    assert_int_equal(ng.winner, 0); /* the round's winner, whatever it is */
    unit_game_close(&a);
}

/* JK.4, P22: only the loser's row is refilled (from the west end: North
 * 13, 12, ...); the winner's row, blocks and store stay; the winner
 * starts. */
static void test_jongkak_loser_refill(void **state)
{
    (void)state;
    unit_game a;
    open_variant(&a, "variants/jongkak.yaml", NULL);
    sow_game prev;
    /* South won with 40 in store and 3 + 2 in its row; North has 22 in
     * store and 3 in its row: 25 seeds, 5 holes of 5 */
    int b[14] = {3, 0, 2, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0};
    finished(&a, &prev, b, 40, 22, SOW_END_ROW_EMPTY, 0, 45, 25, 1);
    prev.blocked = (uint64_t)1 << 6; /* a block South already had */
    sow_next_game ng = next(&a, &prev, 0, 1, 0);
    assert_false(ng.over);
    int want[14] = {3, 0, 2, 0, 0, 0, 0, 0, 0, 5, 5, 5, 5, 5};
    for (int h = 0; h < 14; h++)
        assert_int_equal(ng.board[h], want[h]);
    int blocked[] = {6, 7, 8};
    assert_true(ng.blocked == bits(blocked, 3));
    assert_int_equal(ng.captured[0], 40);
    assert_int_equal(ng.captured[1], 0);
    assert_int_equal(ng.starter, 0);
    /* JK.3: a drawn round ends the match drawn */
    finished(&a, &prev, NULL, 35, 35, SOW_END_NO_MOVES, -1, 35, 35, 1);
    ng = next(&a, &prev, 0, 0, 0);
    assert_true(ng.over);
    assert_int_equal(ng.winner, -1);
    /* JK.4: the winner with no move in their row as it stands wins */
    finished(&a, &prev, NULL, 60, 10, SOW_END_NO_MOVES, 0, 60, 10, 1);
    ng = next(&a, &prev, 0, 0, 0);
    assert_true(ng.over);
    assert_int_equal(ng.winner, 0);
    assert_non_null(strstr(ng.reason, "has no move"));
    unit_game_close(&a);
}

/* SQ.6: a tallied match: the first to 5 round wins; each round starts
 * from the start layout for its starter (the loser), or (alternate) for
 * the player who did not start the last round. */
static void test_sadeqa_tally_and_layout(void **state)
{
    (void)state;
    unit_game a;
    open_variant(&a, "variants/sadeqa.yaml", NULL);
    sow_game prev;
    finished(&a, &prev, NULL, 0, 0, SOW_END_ROW_EMPTY, 0, 0, 0, 0);
    prev.result.has_score = false;
    sow_next_game ng = next(&a, &prev, 0, 5, 2);
    assert_true(ng.over);
    assert_int_equal(ng.winner, 0);
    ng = next(&a, &prev, 0, 4, 2); /* South won the round, North lost */
    assert_false(ng.over);
    assert_int_equal(ng.starter, 1); /* the loser starts */
    assert_int_equal(ng.board[3], 1); /* SQ.1: North starts, 3 holds 1 */
    assert_int_equal(ng.board[13], 4);
    unit_game_close(&a);
    const char *const alt[] = {"layout=alternate", NULL};
    open_variant(&a, "variants/sadeqa.yaml", alt);
    finished(&a, &prev, NULL, 0, 0, SOW_END_ROW_EMPTY, 0, 0, 0, 0);
    ng = next(&a, &prev, 1, 1, 0); /* North started the last round */
    assert_int_equal(ng.starter, 1);
    assert_int_equal(ng.board[13], 1); /* South's layout: 13 holds 1 */
    unit_game_close(&a);
}

/* GB.7: territory. With 31 seeds South owns 7 holes plus one (31 mod 4 =
 * 3 > 2), from hole 0 counter-clockwise; a total of 30 gives 7; a loser
 * below 11 ends the match; a draw gives each their row. */
static void test_gabata_territory(void **state)
{
    (void)state;
    unit_game a;
    open_variant(&a, "variants/gabata.yaml", NULL);
    sow_game prev;
    finished(&a, &prev, NULL, 31, 17, SOW_END_NO_MOVES, 0, 31, 17, 1);
    sow_next_game ng = next(&a, &prev, 0, 1, 0);
    assert_false(ng.over);
    for (int h = 0; h < 12; h++) {
        assert_int_equal(ng.board[h], 4);
        assert_int_equal(ng.set.owner[h], h < 8 ? 0 : 1);
    }
    assert_int_equal(ng.captured[0], 0);
    assert_int_equal(ng.starter, 1); /* alternate */
    finished(&a, &prev, NULL, 18, 30, SOW_END_NO_MOVES, 1, 18, 30, 1);
    ng = next(&a, &prev, 1, 0, 1);
    for (int h = 0; h < 12; h++) /* North's 7 from hole 6 on, wrapping */
        assert_int_equal(ng.set.owner[h], h >= 6 || h == 0 ? 1 : 0);
    finished(&a, &prev, NULL, 38, 10, SOW_END_NO_MOVES, 0, 38, 10, 1);
    ng = next(&a, &prev, 0, 1, 0);
    assert_true(ng.over);
    assert_int_equal(ng.winner, 0);
    finished(&a, &prev, NULL, 24, 24, SOW_END_NO_MOVES, -1, 24, 24, 1);
    ng = next(&a, &prev, 0, 0, 0);
    assert_false(ng.over);
    for (int h = 0; h < 12; h++)
        assert_int_equal(ng.set.owner[h], h < 6 ? 0 : 1);
    unit_game_close(&a);
}

/* P40: LL.7 the loser starts, after a draw the last mover; PL.9 the
 * player who did not start the last round. */
static void test_starters(void **state)
{
    (void)state;
    unit_game a;
    open_variant(&a, "variants/lamlameta.yaml", NULL);
    sow_game prev;
    finished(&a, &prev, NULL, 30, 18, SOW_END_NO_MOVES, 0, 30, 18, 0);
    assert_int_equal(next(&a, &prev, 0, 1, 0).starter, 1);
    finished(&a, &prev, NULL, 24, 24, SOW_END_NO_MOVES, -1, 24, 24, 0);
    assert_int_equal(next(&a, &prev, 1, 0, 0).starter, 0);
    unit_game_close(&a);
    open_variant(&a, "variants/pallanguli.yaml", NULL);
    finished(&a, &prev, NULL, 50, 34, SOW_END_NO_MOVES, 0, 50, 34, 0);
    assert_int_equal(next(&a, &prev, 0, 1, 0).starter, 1);
    assert_int_equal(next(&a, &prev, 1, 1, 0).starter, 0);
    unit_game_close(&a);
}

/* Issue 24: the starter after a round won and after a draw given apart
 * ({decided: loser, draw: not_last_mover}): the
 * loser, and after a draw the player who did not move last, where
 * Lamlameta's loser starts after a draw its last mover (LL.7). */
/* Who starts after a finished round of a: stores c0 and c1, winner w (-1:
 * a draw), its last mover and its starter. */
static int starter_after(const unit_game *a, int c0, int c1, int w,
                         int last, int round_starter)
{
    sow_game prev;
    finished(a, &prev, NULL, c0, c1, SOW_END_NO_MOVES, w, c0, c1, last);
    return next(a, &prev, round_starter, w == 0, w == 1).starter;
}

static void test_starter_map(void **state)
{
    (void)state;
    unit_game a;
    open_variant(&a, "tests/variants/starter_map.yaml", NULL);
    assert_int_equal(starter_after(&a, 30, 18, 0, 0, 0), 1); /* loser */
    assert_int_equal(starter_after(&a, 18, 30, 1, 0, 0), 0);
    /* draws: the player who did not move last */
    assert_int_equal(starter_after(&a, 24, 24, -1, 0, 1), 1);
    assert_int_equal(starter_after(&a, 24, 24, -1, 1, 0), 0);
    unit_game_close(&a);
    /* the same draw under Lamlameta's word: its last mover starts */
    open_variant(&a, "variants/lamlameta.yaml", NULL);
    assert_int_equal(starter_after(&a, 24, 24, -1, 1, 0), 1);
    unit_game_close(&a);
}

/* The variant with options, its match started (round 1 set up). */
static void open_match(unit_game *a, const char *yaml,
                       const char *const *opts)
{
    open_variant(a, yaml, opts);
    sow_error err;
    sow_error_clear(&err);
    assert_int_equal(sow_match_start(&a->k.eng, &a->m, &a->g, &err),
                     SOW_OK);
}

/* Fake the end of the round being played in a: won by `winner` (-1: a
 * draw) with totals s0 and s1, then set up the next one. */
static void end_round(unit_game *a, int winner, int s0, int s1)
{
    sow_game *g = &a->g;
    sow_error err;
    sow_error_clear(&err);
    g->over = true;
    memset(g->board, 0, sizeof g->board);
    g->on_board = 0;
    g->captured[0] = s0;
    g->captured[1] = s1;
    g->last_mover = 0;
    g->result.reason = SOW_END_NO_MOVES;
    g->result.winner = winner;
    g->result.has_score = true;
    g->result.score[0] = s0;
    g->result.score[1] = s1;
    assert_int_equal(sow_match_next(&a->k.eng, &a->m, g, &err), SOW_OK);
}

/* UR.6: a round won scores 1 point, 2 with a total of 36 or more, a draw
 * none; the first to 10 points wins the match; every round starts afresh
 * and the starter alternates whatever the result. */
static void test_match_points(void **state)
{
    (void)state;
    unit_game a;
    open_match(&a, "variants/urim.yaml", NULL);
    static const struct {
        int winner, s0, s1;
    } rounds[] = {{1, 11, 37}, {1, 12, 36}, {1, 10, 38}, {1, 0, 48},
                  {0, 25, 23}, {1, 20, 28}, {-1, 24, 24}};
    /* North 2 + 2 + 2 + 2, South 1, North 1, a draw: 9 to 1 */
    for (int i = 0; i < 7; i++) {
        end_round(&a, rounds[i].winner, rounds[i].s0, rounds[i].s1);
        assert_false(a.m.over);
        assert_int_equal(a.m.game, i + 2);
        assert_int_equal(a.m.starter, (i + 1) % 2); /* alternate */
        for (int h = 0; h < 12; h++)
            assert_int_equal(a.g.board[h], 4);
        assert_int_equal(a.g.captured[0] + a.g.captured[1], 0);
    }
    assert_int_equal(a.m.points[0], 1);
    assert_int_equal(a.m.points[1], 9);
    end_round(&a, 1, 13, 35); /* 35: one point, the tenth */
    assert_true(a.m.over);
    assert_int_equal(a.m.winner, 1);
    assert_string_equal(a.m.reason, "North has 10 points");
    unit_game_close(&a);
    /* points=1: the first round won ends the match */
    static const char *const one[] = {"points=1", NULL};
    open_match(&a, "variants/urim.yaml", one);
    end_round(&a, -1, 24, 24);
    assert_false(a.m.over);
    end_round(&a, 0, 40, 8);
    assert_true(a.m.over);
    assert_int_equal(a.m.winner, 0);
    assert_string_equal(a.m.reason, "South has 2 points");
    unit_game_close(&a);
}

/* rounds.totals_to_win (issue 24; Centering's CE.5, MancalaGames'
 * RND_SEED_COUNT): the rounds' totals added up, won or not; the first
 * sum to reach 100 wins the match, the larger if both do, equal sums
 * draw; below it every round starts afresh. */
static void test_match_totals(void **state)
{
    (void)state;
    unit_game a;
    open_match(&a, "tests/unseen/centering.yaml", NULL);
    static const struct {
        int winner, s0, s1;
    } rounds[] = {{0, 30, 18}, {1, 20, 28}, {-1, 24, 24}};
    for (int i = 0; i < 3; i++) { /* South 30, 50, 74; North 18, 46, 70 */
        end_round(&a, rounds[i].winner, rounds[i].s0, rounds[i].s1);
        assert_false(a.m.over);
        assert_int_equal(a.m.game, i + 2);
        assert_int_equal(a.g.board[1], 4); /* CE.1 afresh */
        assert_int_equal(a.g.captured[0] + a.g.captured[1], 0);
    }
    assert_int_equal(a.m.totals[0], 74);
    assert_int_equal(a.m.totals[1], 70);
    end_round(&a, 1, 20, 28); /* 94 and 98: on */
    assert_false(a.m.over);
    end_round(&a, 1, 16, 32); /* 110 and 130: both reach 100, North more */
    assert_true(a.m.over);
    assert_int_equal(a.m.winner, 1);
    assert_string_equal(a.m.reason, "North has 130 seeds over the rounds");
    unit_game_close(&a);
    open_match(&a, "tests/unseen/centering.yaml", NULL);
    end_round(&a, 0, 60, 40);
    end_round(&a, 1, 40, 60); /* 100 and 100: a draw */
    assert_true(a.m.over);
    assert_int_equal(a.m.winner, -1);
    assert_string_equal(a.m.reason, "both have 100 seeds over the rounds");
    unit_game_close(&a);
}

/* LG.7: {decided: loser, draw: not_to_move}: after a draw the player other
 * than the one to move when the round ended, its last mover, or after a
 * last move into the own store (an extra turn) the other player. */
static void test_starter_not_to_move(void **state)
{
    (void)state;
    unit_game a;
    open_variant(&a, "variants/lagerung.yaml", NULL);
    sow_game prev;
    finished(&a, &prev, NULL, 49, 49, SOW_END_NO_MOVES, -1, 49, 49, 0);
    prev.to_move = 1; /* South moved last, North could not move */
    assert_int_equal(next(&a, &prev, 0, 0, 0).starter, 0);
    prev.to_move = 0; /* South's extra turn found no move */
    assert_int_equal(next(&a, &prev, 0, 0, 0).starter, 1);
    finished(&a, &prev, NULL, 49, 49, SOW_END_NO_MOVES, -1, 49, 49, 1);
    prev.to_move = 1; /* North's extra turn found no move */
    assert_int_equal(next(&a, &prev, 1, 0, 0).starter, 0);
    /* a round won: its loser, whoever is to move */
    finished(&a, &prev, NULL, 60, 38, SOW_END_NO_MOVES, 0, 60, 38, 0);
    prev.to_move = 0;
    assert_int_equal(next(&a, &prev, 0, 1, 0).starter, 1);
    unit_game_close(&a);
}

/* C1.6 through the match driver: a round that ends sets up the next with
 * its board, stores and blocked holes, and the header fields record
 * them. */
static void test_match_applies_round(void **state)
{
    (void)state;
    unit_game a;
    open_match(&a, "variants/dakon.yaml", NULL);
    sow_game *g = &a.g;
    end_round(&a, 0, 60, 38); /* as if the round ended 60 to 38 */
    assert_false(a.m.over);
    assert_int_equal(a.m.game, 2);
    assert_int_equal(a.m.wins[0], 1);
    assert_false(g->over);
    assert_int_equal(g->captured[0], 11); /* 60 - 49 */
    assert_int_equal(g->captured[1], 3);  /* 38 - 35 */
    assert_int_equal(g->on_board, 84);
    int blocked[] = {7, 8};
    assert_true(g->blocked == bits(blocked, 2));
    assert_true(a.m.blocked == g->blocked);
    assert_int_equal(a.m.captured[1], 3);
    assert_int_equal(g->to_move, 0); /* the last mover starts (DK.7) */
    for (int i = 0; i < g->nlegal; i++) /* blocked holes are no moves */
        assert_true(g->legal[i] < 7);
    unit_game_close(&a);
}

/* C0.7, P3, C2.9: an unfinished round cuts the match off unfinished, and
 * the match's reason says why: max_plies, or a move too long to follow
 * (P2's lap cap; an Abalala'e match was reported as at max_plies). */
static void test_unfinished_round(void **state)
{
    (void)state;
    unit_game a;
    open_variant(&a, "variants/abalalae.yaml", NULL);
    static const sow_end_reason why[] = {SOW_END_MAX_PLIES, SOW_END_LAP_CAP};
    static const char *const said[] = {
        "a round reached max_plies unfinished",
        "a round stopped at a move too long to follow"};
    for (int i = 0; i < 2; i++) {
        sow_game prev;
        finished(&a, &prev, NULL, 30, 42, why[i], -1, 30, 42, 0);
        prev.result.unfinished = true;
        sow_next_game ng = next(&a, &prev, 0, 0, 0);
        assert_true(ng.over);
        assert_true(ng.unfinished);
        assert_int_equal(ng.winner, -1);
        assert_string_equal(ng.reason, said[i]);
    }
    unit_game_close(&a);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_dakon_refill),
        cmocka_unit_test(test_dakon_fill_left_and_min_holes),
        cmocka_unit_test(test_dakon_match_ends),
        cmocka_unit_test(test_jongkak_loser_refill),
        cmocka_unit_test(test_sadeqa_tally_and_layout),
        cmocka_unit_test(test_gabata_territory),
        cmocka_unit_test(test_starters),
        cmocka_unit_test(test_starter_map),
        cmocka_unit_test(test_starter_not_to_move),
        cmocka_unit_test(test_match_applies_round),
        cmocka_unit_test(test_match_points),
        cmocka_unit_test(test_match_totals),
        cmocka_unit_test(test_unfinished_round),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
