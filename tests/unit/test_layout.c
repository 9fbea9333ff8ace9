/* test_layout.c - a whole setup in one ply (board.placing: layout; Omweso's
 * option setup=layout, MW.2, C2.3's token "layout:N,...,N") through the
 * real variant file variants/mweso.yaml: the move's counts (stars and
 * bars), its token read and written, the legal pattern, the engine's
 * check of a played layout with the ply and the reason, the uniform
 * draw, and the default (setup=alternate) untouched. */
#include "unit.h"

#include "fixture.h"

#include "sow_game.h"
#include "sow_layout.h"
#include "sow_move.h"

#define YAML "variants/mweso.yaml"

static void open_layout(unit_game *a, const char *setup)
{
    const char *opts[] = {setup, NULL};
    unit_game_open(a, YAML, opts);
    sow_error err;
    sow_error_clear(&err);
    if (sow_engine_start(&a->k.eng, &a->g, &err))
        fail_msg("%s", err.msg);
}

static sow_move read_token(unit_game *a, const char *tok)
{
    sow_move m;
    sow_error err;
    sow_error_clear(&err);
    if (sow_move_parse(&a->k.setup, tok, &m, &err))
        fail_msg("%s: %s", tok, err.msg);
    return m;
}

/* The counts go into the move and come back, empty holes included. */
static void test_counts_round_trip(void **state)
{
    (void)state;
    const int c[16] = {4, 0, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2};
    sow_move m = sow_layout_move(c, 16);
    assert_true(sow_move_is_laid(m));
    assert_false(sow_move_is_turn(m)); /* (not a turn of choices) */
    assert_int_equal(sow_move_hole(m), -1);
    int back[SOW_LAYOUT_MAX];
    assert_int_equal(sow_layout_counts(m, back, SOW_LAYOUT_MAX), 16);
    assert_memory_equal(back, c, sizeof c);
    const int zeros[3] = {0, 0, 5};
    m = sow_layout_move(zeros, 3);
    assert_int_equal(sow_layout_counts(m, back, SOW_LAYOUT_MAX), 3);
    assert_int_equal(back[0], 0);
    assert_int_equal(back[2], 5);
    /* more bits than a move carries */
    const int big[2] = {40, 40};
    assert_true(sow_layout_move(big, 2) < 0);
}

/* MW.2, C2.3: the token is read and written back the same. */
static void test_token_read_format(void **state)
{
    (void)state;
    unit_game a;
    open_layout(&a, "setup=layout");
    const char *tok = "layout:4,0,2,2,2,2,2,2,2,2,2,2,2,2,2,2";
    sow_move m = read_token(&a, tok);
    char buf[128];
    sow_move_format(buf, sizeof buf, &a.k.setup, m);
    assert_string_equal(buf, tok);
    sow_move_format(buf, sizeof buf, &a.k.setup, SOW_MOVE_LAYOUT);
    assert_string_equal(buf, "layout:16*N=32");
    /* the tokens of a move list keep a layout's commas */
    char list[] = "layout:1,2,3 0/ccw";
    char *save = NULL;
    assert_string_equal(sow_move_tokens(list, &save), "layout:1,2,3");
    assert_string_equal(sow_move_tokens(NULL, &save), "0/ccw");
    sow_error err;
    assert_int_not_equal(sow_move_parse(&a.k.setup, "layout:2,-1", &m, &err),
                         SOW_OK);
    assert_non_null(strstr(err.msg, "count 2 is not a number"));
    assert_int_not_equal(
        sow_move_parse(&a.k.setup, "layout:16*N=32", &m, &err), SOW_OK);
    assert_non_null(strstr(err.msg, "pattern"));
    unit_game_close(&a);
    /* the default setup (alternate) has no layout */
    open_layout(&a, "setup=alternate");
    assert_int_not_equal(sow_move_parse(&a.k.setup, tok, &m, &err), SOW_OK);
    assert_non_null(strstr(err.msg, "no player lays out"));
    assert_int_equal(a.g.legal[0], sow_place(0, SOW_PLACE_ONLY));
    unit_game_close(&a);
}

static void play_fails(unit_game *a, const char *tok, const char *why)
{
    sow_error err;
    sow_game before = a->g;
    assert_int_not_equal(sow_engine_play(&a->k.eng, &a->g,
                                         read_token(a, tok), &err),
                         SOW_OK);
    if (!strstr(err.msg, why))
        fail_msg("%s: got '%s', wanted '%s'", tok, err.msg, why);
    assert_same_game(&before, &a->g); /* left as it was */
}

/* MW.2: the legal list holds the pattern; a layout is one ply of the
 * whole hand into the player's own holes; wrong ones name ply and why. */
static void test_play_and_check(void **state)
{
    (void)state;
    unit_game a;
    open_layout(&a, "setup=layout");
    assert_int_equal(a.g.nlegal, 1);
    assert_int_equal(a.g.legal[0], SOW_MOVE_LAYOUT);
    play_fails(&a, "layout:4,0,2,2,2,2,2,2,2,2,2,2,2,2,2,3",
               "ply 0: layout:4,0,2,2,2,2,2,2,2,2,2,2,2,2,2,3 is not a "
               "legal layout for South: its counts sum to 33");
    play_fails(&a, "layout:2,2,2", "it names 3 counts; South owns 16 holes");
    sow_error err;
    sow_move m = read_token(&a, "layout:4,0,2,2,2,2,2,2,2,2,2,2,2,2,2,2");
    assert_int_equal(sow_engine_play(&a.k.eng, &a.g, m, &err), SOW_OK);
    assert_int_equal(a.g.board[0], 4);
    assert_int_equal(a.g.board[1], 0);
    assert_int_equal(a.g.board[15], 2);
    assert_int_equal(a.g.board[16], 0);
    assert_int_equal(a.g.hand[0], 0);
    assert_int_equal(a.g.hand[1], 32);
    assert_int_equal(a.g.to_move, 1);
    assert_int_equal(a.g.ply, 1);
    assert_int_equal(a.g.on_board, 32);
    assert_int_equal(a.g.legal[0], SOW_MOVE_LAYOUT);
    /* North's 16 counts go into North's holes 16-31 */
    play_fails(&a, "layout:2,2,2,2,2,2,2,2,2,2,2,2,2,2,4",
               "ply 1: layout:2,2,2,2,2,2,2,2,2,2,2,2,2,2,4 is not a legal "
               "layout for North: it names 15 counts");
    m = read_token(&a, "layout:0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,32");
    assert_int_equal(sow_engine_play(&a.k.eng, &a.g, m, &err), SOW_OK);
    assert_int_equal(a.g.board[31], 32);
    assert_int_equal(a.g.hand[1], 0);
    assert_int_equal(a.g.to_move, 0);
    /* MW.3: then the moves proper, none a layout */
    assert_true(sow_move_is_directed(a.g.legal[0]));
    play_fails(&a, "layout:2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2",
               "is not legal for South; the legal moves are: 0/ccw");
    unit_game_close(&a);
}

/* Random players draw every arrangement alike: each hole's count has the
 * mean hand/holes = 2, and every draw is a legal layout. */
static void test_draw_uniform(void **state)
{
    (void)state;
    unit_game a;
    open_layout(&a, "setup=layout");
    sow_rng rng;
    sow_rng_seed(&rng, 7);
    long sum[16] = {0}, zeros = 0;
    const int n = 4000;
    char why[256];
    for (int i = 0; i < n; i++) {
        sow_move m = sow_legal_pick(&a.g, 0, &rng);
        assert_int_equal(sow_layout_problem(&a.k.setup, &a.g, m, why,
                                            sizeof why),
                         0);
        int c[SOW_LAYOUT_MAX];
        assert_int_equal(sow_layout_counts(m, c, SOW_LAYOUT_MAX), 16);
        for (int h = 0; h < 16; h++) {
            sum[h] += c[h];
            zeros += c[h] == 0;
        }
    }
    for (int h = 0; h < 16; h++) /* mean 2; sd of the mean about 0.04 */
        assert_true(sum[h] > 1.8 * n && sum[h] < 2.2 * n);
    /* P(a hole empty) = C(46,14)/C(47,15) = 15/47, about 0.319 */
    double pz = (double)zeros / (16.0 * n);
    assert_true(pz > 0.30 && pz < 0.34);
    unit_game_close(&a);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_counts_round_trip),
        cmocka_unit_test(test_token_read_format),
        cmocka_unit_test(test_play_and_check),
        cmocka_unit_test(test_draw_uniform),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
