/* test_history.c - the repetition history (engine/core/sow_history.c): a
 * position is a board and the player to move (docs/rules.md K1.7, P4);
 * answers are
 * exact, storage grows, and pop/reset forget what they should. */
#include "unit.h"

#include "sow_game.h"
#include "sow_history.h"
#include "sow_rng.h"

#define HOLES 12

/* A board that is a function of i (distinct boards for distinct i). */
static void board_of(uint16_t *b, unsigned i)
{
    memset(b, 0, HOLES * sizeof *b);
    for (int h = 0; h < HOLES && i; h++) {
        b[h] = (uint16_t)(i % 7);
        i /= 7;
    }
}

static void test_add_seen(void **state)
{
    (void)state;
    sow_history *h = sow_history_new(HOLES, 48);
    assert_non_null(h);
    assert_int_equal(sow_history_len(h), 0);
    uint16_t a[SOW_MAX_HOLES] = {4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4};
    uint16_t b[SOW_MAX_HOLES] = {4, 4, 0, 5, 5, 5, 5, 4, 4, 4, 4, 4};
    assert_int_equal(sow_history_add(h, a, 0, 48), 0);
    assert_int_equal(sow_history_add(h, b, 1, 48), 0);
    assert_int_equal(sow_history_add(h, a, 0, 48), 1);
    /* a repeat is recorded too, and is seen again */
    assert_int_equal(sow_history_len(h), 3);
    assert_int_equal(sow_history_add(h, a, 0, 48), 1);
    assert_int_equal(sow_history_add(h, b, 1, 48), 1);
    assert_int_equal(sow_history_len(h), 5);
    sow_history_free(h);
}

/* C1.4, C1.5, P4: the same board with other claimed or blocked holes is
 * another position; with the same ones it repeats. */
static void test_marks_matter(void **state)
{
    (void)state;
    sow_history *h = sow_history_new(HOLES, 48);
    assert_non_null(h);
    uint16_t a[SOW_MAX_HOLES] = {4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4};
    const uint64_t none[3] = {0, 0, 0}, weg[3] = {0, 1u << 9, 0},
                   theirs[3] = {1u << 9, 0, 0}, closed[3] = {0, 0, 1u << 9};
    assert_int_equal(sow_history_add_marked(h, a, 0, none), 0);
    assert_int_equal(sow_history_add_marked(h, a, 0, weg), 0);
    assert_int_equal(sow_history_add_marked(h, a, 0, theirs), 0);
    assert_int_equal(sow_history_add_marked(h, a, 0, closed), 0);
    assert_int_equal(sow_history_add_marked(h, a, 0, weg), 1);
    sow_history_pop(h, 1);
    assert_int_equal(sow_history_add_marked(h, a, 0, closed), 1);
    sow_history_free(h);
}

static void test_player_to_move_matters(void **state)
{
    (void)state;
    sow_history *h = sow_history_new(HOLES, 48);
    uint16_t a[SOW_MAX_HOLES] = {4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4};
    assert_int_equal(sow_history_add(h, a, 0, 48), 0);
    /* same board, North to move: a different position */
    assert_int_equal(sow_history_add(h, a, 1, 48), 0);
    assert_int_equal(sow_history_add(h, a, 1, 48), 1);
    assert_int_equal(sow_history_add(h, a, 0, 48), 1);
    sow_history_free(h);
}

/* Boards that differ in one hole, or by a seed moved between holes, are
 * different positions: the lookup compares the boards in full. */
static void test_near_boards_differ(void **state)
{
    (void)state;
    sow_history *h = sow_history_new(HOLES, 48);
    uint16_t a[SOW_MAX_HOLES] = {4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4};
    assert_int_equal(sow_history_add(h, a, 0, 48), 0);
    for (int k = 0; k < HOLES; k++) {
        uint16_t b[SOW_MAX_HOLES] = {0};
        memcpy(b, a, sizeof b);
        b[k] = 3;
        b[(k + 1) % HOLES] = 5;
        assert_int_equal(sow_history_add(h, b, 0, 48), 0);
    }
    /* the last hole counts (no off-by-one in the compared length) */
    uint16_t c[SOW_MAX_HOLES] = {0};
    memcpy(c, a, sizeof c);
    c[HOLES - 1] = 0;
    c[0] = 8;
    assert_int_equal(sow_history_add(h, c, 0, 48), 0);
    c[HOLES - 1] = 1;
    c[0] = 7;
    assert_int_equal(sow_history_add(h, c, 0, 48), 0);
    sow_history_free(h);
}

static void test_pop(void **state)
{
    (void)state;
    sow_history *h = sow_history_new(HOLES, 48);
    uint16_t a[SOW_MAX_HOLES] = {0}, b[SOW_MAX_HOLES] = {0}, c[SOW_MAX_HOLES] = {0};
    board_of(a, 1);
    board_of(b, 2);
    board_of(c, 3);
    sow_history_add(h, a, 0, 48);
    sow_history_add(h, b, 0, 48);
    sow_history_add(h, c, 0, 48);
    sow_history_pop(h, 1); /* forget c */
    assert_int_equal(sow_history_len(h), 2);
    assert_int_equal(sow_history_add(h, c, 0, 48), 0);
    sow_history_pop(h, 2); /* forget c, b */
    assert_int_equal(sow_history_len(h), 1);
    assert_int_equal(sow_history_add(h, b, 0, 48), 0);
    assert_int_equal(sow_history_add(h, a, 0, 48), 1);
    /* a repeat entry popped: the first one is still there */
    sow_history_pop(h, 1);
    assert_int_equal(sow_history_add(h, a, 0, 48), 1);
    /* popping more than there is empties it */
    sow_history_pop(h, 100);
    assert_int_equal(sow_history_len(h), 0);
    assert_int_equal(sow_history_add(h, a, 0, 48), 0);
    assert_int_equal(sow_history_add(h, b, 0, 48), 0);
    assert_int_equal(sow_history_add(h, c, 0, 48), 0);
    sow_history_free(h);
}

static void test_reset(void **state)
{
    (void)state;
    sow_history *h = sow_history_new(HOLES, 48);
    uint16_t a[SOW_MAX_HOLES] = {0};
    for (unsigned i = 0; i < 50; i++) {
        board_of(a, i);
        assert_int_equal(sow_history_add(h, a, (int)(i & 1), 48), 0);
    }
    sow_history_reset(h);
    assert_int_equal(sow_history_len(h), 0);
    /* a new game remembers nothing of the old one, many times over */
    for (int game = 0; game < 300; game++) {
        for (unsigned i = 0; i < 50; i++) {
            board_of(a, i);
            assert_int_equal(sow_history_add(h, a, (int)(i & 1), 48), 0);
        }
        board_of(a, 7);
        assert_int_equal(sow_history_add(h, a, 1, 48), 1);
        sow_history_reset(h);
    }
    sow_history_free(h);
}

/* Far more entries than the first table (1024 slots) and the first entry
 * block (256) hold: the table is rebuilt and still finds every one. */
static void test_growth(void **state)
{
    (void)state;
    const unsigned N = 20000;
    sow_history *h = sow_history_new(HOLES, 1000);
    uint16_t b[SOW_MAX_HOLES] = {0};
    for (unsigned i = 0; i < N; i++) {
        board_of(b, i);
        assert_int_equal(sow_history_add(h, b, 0, 48), 0);
    }
    assert_int_equal(sow_history_len(h), (int)N);
    for (unsigned i = 0; i < N; i += 7) {
        board_of(b, i);
        assert_int_equal(sow_history_add(h, b, 0, 48), 1);
    }
    for (unsigned i = 0; i < N; i += 13) {
        board_of(b, i);
        assert_int_equal(sow_history_add(h, b, 1, 48), 0);
    }
    for (unsigned i = N; i < N + 500; i++) {
        board_of(b, i);
        assert_int_equal(sow_history_add(h, b, 0, 48), 0);
    }
    /* popping back below a growth point keeps the rest findable */
    int len = sow_history_len(h);
    sow_history_pop(h, len - 100);
    assert_int_equal(sow_history_len(h), 100);
    board_of(b, 99);
    assert_int_equal(sow_history_add(h, b, 0, 48), 1);
    board_of(b, 100);
    assert_int_equal(sow_history_add(h, b, 0, 48), 0);
    /* and a reset after growth starts clean */
    sow_history_reset(h);
    board_of(b, 5);
    assert_int_equal(sow_history_add(h, b, 0, 48), 0);
    sow_history_free(h);
}

/* Against a plain list: random boards from a small set, so that repeats
 * are common, interleaved with pops. */
static void test_against_list(void **state)
{
    (void)state;
    enum { H = 6, MAX = 4000 };
    sow_history *h = sow_history_new(H, 12);
    static uint16_t list[MAX][H];
    static int who[MAX];
    int n = 0;
    sow_rng rng;
    sow_rng_seed(&rng, 42);
    for (int step = 0; step < 20000; step++) {
        if (n > 0 && sow_rng_below(&rng, 10) == 0) {
            int k = 1 + sow_rng_below(&rng, n < 5 ? n : 5);
            sow_history_pop(h, k);
            n -= k;
            continue;
        }
        if (n == MAX) {
            sow_history_reset(h);
            n = 0;
        }
        uint16_t b[SOW_MAX_HOLES] = {0}; /* as a game's board: zero past H */
        for (int i = 0; i < H; i++)
            b[i] = (uint16_t)sow_rng_below(&rng, 3);
        int p = sow_rng_below(&rng, 2);
        int expect = 0;
        for (int k = 0; k < n; k++)
            if (who[k] == p && memcmp(list[k], b, sizeof list[k]) == 0)
                expect = 1;
        assert_int_equal(sow_history_add(h, b, p, 12), expect);
        memcpy(list[n], b, sizeof list[n]);
        who[n++] = p;
        assert_int_equal(sow_history_len(h), n);
    }
    sow_history_free(h);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_add_seen),
        cmocka_unit_test(test_marks_matter),
        cmocka_unit_test(test_player_to_move_matters),
        cmocka_unit_test(test_near_boards_differ),
        cmocka_unit_test(test_pop),
        cmocka_unit_test(test_reset),
        cmocka_unit_test(test_growth),
        cmocka_unit_test(test_against_list),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
