/* test_memo.c - the lap_end and play caches (sow_memo.h,
 * sow_lua_set_memo): with them on, every shipped variant plays exactly as
 * with them off. (Hooks are functions of their view: math.random is not in
 * the sandbox, issue 13 #10.) */
#include "unit.h"

#include "fixture.h"

#include "sow_lua.h"
#include "sow_memo.h"
#include "sow_rng.h"

typedef unit_game bench;

static void bench_open(bench *b, const char *path, const char *opt,
                       bool memo)
{
    const char *opts[] = {opt, NULL};
    unit_game_open(b, path, opts);
    sow_lua_set_memo(b->k.lua, memo);
}

static void bench_close(bench *b) { unit_game_close(b); }

/* Random games, the same moves in both: every ply's board, captures and
 * legal moves must agree. */
static void same_games(const char *path, const char *opt, int games)
{
    bench on, off;
    bench_open(&on, path, opt, true);
    bench_open(&off, path, opt, false);
    sow_rng rng;
    sow_rng_seed(&rng, 7);
    sow_error err;
    for (int i = 0; i < games; i++) {
        sow_game a, b;
        assert_int_equal(sow_engine_start(&on.k.eng, &a, &err), SOW_OK);
        assert_int_equal(sow_engine_start(&off.k.eng, &b, &err), SOW_OK);
        while (!a.over) {
            assert_false(b.over);
            assert_int_equal(a.nlegal, b.nlegal);
            assert_memory_equal(a.legal, b.legal,
                                (size_t)a.nlegal * sizeof *a.legal);
            sow_move m = a.legal[sow_rng_below(&rng, a.nlegal)];
            assert_int_equal(sow_engine_play(&on.k.eng, &a, m, &err), SOW_OK);
            assert_int_equal(sow_engine_play(&off.k.eng, &b, m, &err), SOW_OK);
            assert_memory_equal(a.board, b.board, sizeof a.board);
            assert_memory_equal(a.captured, b.captured, sizeof a.captured);
        }
        assert_true(b.over);
        assert_memory_equal(a.result.score, b.result.score,
                            sizeof a.result.score);
    }
    bench_close(&on);
    bench_close(&off);
}

static void test_kui1_same(void **state)
{
    (void)state;
    same_games("variants/adji_kui_1.yaml", NULL, 400);
}

static void test_boto_same(void **state)
{
    (void)state;
    same_games("variants/adji_boto.yaml", NULL, 300);
    same_games("variants/adji_boto.yaml", "empty_in_chain=skip", 300);
}

/* Andada's opening relay (A.2) is a play hook: cached, the same games. */
static void test_andada_same(void **state)
{
    (void)state;
    same_games("variants/andada.yaml", NULL, 200);
    same_games("variants/andada.yaml", "direction=cw", 100);
    same_games("variants/andada.yaml", "holes=15", 100);
}

/* A new cache of lap_end decisions, and a log of n reads. */
static sow_memo *new_trie(sow_memo_log *log, const int32_t *locs,
                          const int32_t *vals, int n)
{
    sow_memo *m = sow_memo_new(sizeof(sow_lap_decision));
    assert_non_null(m);
    memset(log, 0, sizeof *log);
    for (int i = 0; i < n; i++) {
        log->loc[i] = locs[i];
        log->val[i] = vals[i];
    }
    log->n = n;
    return m;
}

/* The trie itself: a log added is found again; the same values leading to
 * another read are refused (the hook was not pure) and empty the cache. */
static void test_trie(void **state)
{
    (void)state;
    sow_game g;
    memset(&g, 0, sizeof g);
    g.board[3] = 2;
    sow_game_set_owner(&g, 3, 1);
    sow_memo_log log;
    const int32_t locs[] = {SOW_LOC_HOLE, SOW_LOC_COUNT, SOW_LOC_MOVER,
                            SOW_LOC_OWNER + 3, SOW_LOC_BOARD + 3};
    const int32_t vals[] = {3, 2, 0, 1, 2};
    sow_memo *m = new_trie(&log, locs, vals, 5);
    sow_lap_decision d = {.ncap = 1, .cap = {3}, .relay = false};
    assert_null(sow_memo_find(m, &g, NULL, &(sow_at){3, 2, 1, 0, -1, 0}));
    assert_int_equal(sow_memo_add(m, &log, &d), 0);
    const sow_lap_decision *hit = sow_memo_find(m, &g, NULL, &(sow_at){3, 2, 1, 0, -1, 0});
    assert_non_null(hit);
    assert_int_equal(hit->ncap, 1);
    assert_int_equal(hit->cap[0], 3);
    /* another value at a location read: a miss */
    g.board[3] = 3;
    assert_null(sow_memo_find(m, &g, NULL, &(sow_at){3, 2, 1, 0, -1, 0}));
    g.board[3] = 2;
    assert_null(sow_memo_find(m, &g, NULL, &(sow_at){3, 3, 1, 0, -1, 0})); /* another argument */
    /* the same reads ending elsewhere: not a function of the view */
    log.loc[4] = SOW_LOC_BOARD + 4;
    assert_int_equal(sow_memo_add(m, &log, &d), -1);
    assert_null(sow_memo_find(m, &g, NULL, &(sow_at){3, 2, 1, 0, -1, 0})); /* emptied */
    sow_memo_free(m);
}

/* g.lifted (issue 24) is a location of its own: two drops that differ
 * only in the seeds their lap set out with are different calls, and a
 * hook that runs with none (lap_end) reads -1 (nil). */
static void test_trie_lifted(void **state)
{
    (void)state;
    sow_game g;
    memset(&g, 0, sizeof g);
    sow_memo_log log;
    const int32_t locs[] = {SOW_LOC_HOLE, SOW_LOC_LIFTED};
    const int32_t vals[] = {3, 4};
    sow_memo *m = new_trie(&log, locs, vals, 2);
    assert_int_equal(sow_memo_read(&g, NULL, &(sow_at){3, 2, 2, 1, 0, 4},
                                   SOW_LOC_LIFTED),
                     4);
    assert_int_equal(sow_memo_read(&g, NULL, &(sow_at){3, 2, 2, 0, 0, 0},
                                   SOW_LOC_LIFTED),
                     -1);
    sow_lap_decision d = {.ncap = 1, .cap = {3}};
    assert_int_equal(sow_memo_add(m, &log, &d), 0);
    assert_non_null(sow_memo_find(m, &g, NULL, &(sow_at){3, 2, 2, 1, 0, 4}));
    assert_null(sow_memo_find(m, &g, NULL, &(sow_at){3, 2, 2, 1, 0, 5}));
    sow_memo_free(m);
}

/* The move's fields are locations like the view's: two lap ends that
 * differ only in the board before the move, its captures or its origin
 * are different calls; one with no move is not one with a move. */
static void test_trie_move(void **state)
{
    (void)state;
    sow_game g;
    memset(&g, 0, sizeof g);
    sow_before mv = {.board = {0}, .captured = {0, 5}, .origin = 2};
    uint16_t *before = mv.board;
    int32_t *took = mv.captured;
    before[3] = 4;
    /* the hook read h, whether there is a move, board_before[3],
     * captured_before[1] and the origin */
    sow_memo_log log;
    const int32_t locs[] = {SOW_LOC_HOLE, SOW_LOC_MOVED, SOW_LOC_BEFORE + 3,
                            SOW_LOC_CAPTURED_BEFORE + 1, SOW_LOC_ORIGIN};
    const int32_t vals[] = {3, 1, 4, 5, 2};
    sow_memo *m = new_trie(&log, locs, vals, 5);
    for (int i = 0; i < 5; i++)
        assert_int_equal(sow_memo_read(&g, &mv, &(sow_at){3, 2, 1, 0, -1, 0}, locs[i]), vals[i]);
    sow_lap_decision d = {.ncap = 1, .cap = {3}, .relay = false};
    assert_int_equal(sow_memo_add(m, &log, &d), 0);
    assert_non_null(sow_memo_find(m, &g, &mv, &(sow_at){3, 2, 1, 0, -1, 0}));
    before[3] = 5; /* only the board before differs */
    assert_null(sow_memo_find(m, &g, &mv, &(sow_at){3, 2, 1, 0, -1, 0}));
    before[3] = 4;
    took[1] = 6; /* only the captures before */
    assert_null(sow_memo_find(m, &g, &mv, &(sow_at){3, 2, 1, 0, -1, 0}));
    took[1] = 5;
    mv.origin = 1; /* only the origin */
    assert_null(sow_memo_find(m, &g, &mv, &(sow_at){3, 2, 1, 0, -1, 0}));
    mv.origin = 2;
    assert_non_null(sow_memo_find(m, &g, &mv, &(sow_at){3, 2, 1, 0, -1, 0}));
    /* no move: MOVED 0, the others -1 */
    assert_null(sow_memo_find(m, &g, NULL, &(sow_at){3, 2, 1, 0, -1, 0}));
    assert_int_equal(sow_memo_read(&g, NULL, &(sow_at){3, 2, 1, 0, -1, 0}, SOW_LOC_MOVED), 0);
    assert_int_equal(sow_memo_read(&g, NULL, &(sow_at){3, 2, 1, 0, -1, 0}, SOW_LOC_ORIGIN), -1);
    assert_int_equal(sow_memo_read(&g, NULL, &(sow_at){3, 2, 1, 0, -1, 0}, SOW_LOC_BEFORE + 3), -1);
    assert_int_equal(
        sow_memo_read(&g, NULL, &(sow_at){3, 2, 1, 0, -1, 0}, SOW_LOC_CAPTURED_BEFORE + 1), -1);
    /* g.lap_from: the lap's hole during a sowing, -1 (nil) outside one;
     * a hook that read it gets no answer kept for another lap's hole */
    assert_int_equal(sow_memo_read(&g, NULL, &(sow_at){3, 2, 2, 0, 7, 0}, SOW_LOC_LAP_FROM), 7);
    assert_int_equal(sow_memo_read(&g, NULL, &(sow_at){3, 2, 0, 0, 7, 0}, SOW_LOC_LAP_FROM), -1);
    sow_memo_free(m);
    const int32_t locs2[] = {SOW_LOC_HOLE, SOW_LOC_LAP_FROM};
    const int32_t vals2[] = {3, 7};
    m = new_trie(&log, locs2, vals2, 2);
    assert_int_equal(sow_memo_add(m, &log, &d), 0);
    assert_non_null(sow_memo_find(m, &g, NULL, &(sow_at){3, 2, 2, 0, 7, 0}));
    assert_null(sow_memo_find(m, &g, NULL, &(sow_at){3, 2, 2, 0, 6, 0}));
    sow_memo_free(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_trie),
        cmocka_unit_test(test_trie_move),
        cmocka_unit_test(test_trie_lifted),
        cmocka_unit_test(test_kui1_same),
        cmocka_unit_test(test_boto_same),
        cmocka_unit_test(test_andada_same),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
