/* test_stats.c - self-play totals (sow_stats.h): Wilson intervals, the
 * median from the histogram, shards merged equal to the whole run, the
 * JSON written and read back unchanged, and what a merge refuses. */
#include "unit.h"

#include <math.h>

#include "sow_stats.h"

static void describe(sow_stats *st, long shard, long of, uint64_t seed)
{
    const char *players[2] = {"random", "alphabeta:depth=3"};
    sow_error err;
    sow_stats_init(st);
    assert_int_equal(sow_stats_describe(st, "adji-kui-1", NULL, NULL, players,
                                        seed, 100, false, shard, of, &err),
                     SOW_OK);
}

/* Game i of a made-up run. */
static sow_game_stat game(long i)
{
    sow_game_stat g = {0};
    g.winner = i % 7 == 0 ? -1 : (int)(i % 2);
    g.unfinished = i % 13 == 0;
    if (g.unfinished)
        g.winner = -1;
    g.first_mover = i % 5 == 0 ? -1 : (int)(i % 3 == 0);
    g.plies = 20 + (i * 37) % 50;
    g.captured = i % 40;
    g.capture_moves = i % 9;
    g.endless_excluded = i % 11 == 0;
    g.games = 1;
    return g;
}

/* sow_stats_read_json of a C string */
static int read_json(sow_stats *st, const char *path, const char *text,
                     sow_error *err)
{
    return sow_stats_read_json(st, path, text, strlen(text), err);
}

static char *json_of(const sow_stats *st)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_non_null(f);
    sow_stats_write_json(st, f);
    fclose(f);
    char *copy = strdup(buf);
    free(buf);
    assert_non_null(copy);
    return copy;
}

static void test_wilson(void **state)
{
    (void)state;
    sow_rate r = sow_wilson(5, 10);
    assert_true(fabs(r.rate - 0.5) < 1e-12);
    assert_true(fabs(r.low - 0.236593) < 1e-5);
    assert_true(fabs(r.high - 0.763407) < 1e-5);
    r = sow_wilson(0, 20);
    assert_true(r.low == 0 && fabs(r.high - 0.161133) < 1e-5);
    r = sow_wilson(20, 20);
    assert_true(r.high == 1 && fabs(r.low - 0.838867) < 1e-5);
    r = sow_wilson(0, 0);
    assert_true(r.low == 0 && r.high == 1);
}

static void test_median(void **state)
{
    (void)state;
    sow_stats st;
    describe(&st, 0, 1, 1);
    sow_error err;
    const long plies[] = {10, 40, 20, 30};
    for (int i = 0; i < 4; i++) {
        sow_game_stat g = game(1);
        g.plies = plies[i];
        assert_int_equal(sow_stats_add(&st, &g, &err), SOW_OK);
        if (i == 2)
            assert_true(sow_stats_median_plies(&st) == 20);
    }
    assert_true(sow_stats_median_plies(&st) == 25);
    assert_true(st.plies_max == 40);
    sow_stats_free(&st);
}

static void test_shards_merge_to_whole(void **state)
{
    (void)state;
    sow_error err;
    sow_stats whole, part[3];
    describe(&whole, 0, 1, 9);
    for (int k = 0; k < 3; k++)
        describe(&part[k], k, 3, 9);
    for (long i = 0; i < 100; i++) {
        sow_game_stat g = game(i);
        assert_int_equal(sow_stats_add(&whole, &g, &err), SOW_OK);
        assert_int_equal(sow_stats_add(&part[i % 3], &g, &err), SOW_OK);
    }
    /* merged in any order, through their JSON */
    sow_stats merged;
    const int order[3] = {2, 0, 1};
    for (int k = 0; k < 3; k++) {
        char *text = json_of(&part[order[k]]);
        sow_stats one;
        if (read_json(&one, "part.json", text, &err))
            fail_msg("%s", err.msg);
        free(text);
        if (k == 0) {
            merged = one;
            assert_false(sow_stats_complete(&merged));
            continue;
        }
        assert_int_equal(sow_stats_merge(&merged, &one, "part.json", &err),
                         SOW_OK);
        sow_stats_free(&one);
    }
    assert_true(sow_stats_complete(&merged));
    char *a = json_of(&whole), *b = json_of(&merged);
    assert_string_equal(a, b);
    /* read back and written again: the same text */
    sow_stats again;
    assert_int_equal(read_json(&again, "whole.json", a, &err),
                     SOW_OK);
    char *c = json_of(&again);
    assert_string_equal(a, c);
    free(a);
    free(b);
    free(c);
    sow_stats_free(&again);
    sow_stats_free(&merged);
    sow_stats_free(&whole);
    for (int k = 0; k < 3; k++)
        sow_stats_free(&part[k]);
}

static void test_merge_refuses(void **state)
{
    (void)state;
    sow_error err;
    sow_stats a, b, c;
    describe(&a, 0, 2, 1);
    describe(&b, 0, 2, 1);
    describe(&c, 1, 2, 2);
    assert_int_equal(sow_stats_merge(&a, &b, "b.json", &err), SOW_ERR);
    assert_string_equal(err.path, "b.json");
    assert_contains(err.msg, "shard 0/2 is given twice");
    assert_int_equal(sow_stats_merge(&a, &c, "c.json", &err), SOW_ERR);
    assert_contains(err.msg, "the seeds differ: 2 here, 1 in the first file");
    sow_stats_free(&a);
    sow_stats_free(&b);
    sow_stats_free(&c);
}

static void test_read_errors(void **state)
{
    (void)state;
    sow_stats st;
    sow_error err;
    assert_int_equal(read_json(&st, "x.json", "{\"format\": 3}", &err),
                     SOW_ERR);
    assert_error_at(&err, "x.json", 1, 12);
    assert_contains(err.msg, "field \"format\" is a number, not a string");
    assert_int_equal(read_json(&st, "x.json", "[1,\n 2", &err),
                     SOW_ERR);
    assert_error_at(&err, "x.json", 2, 3);
    assert_contains(err.msg, "expected ',' or ']'");
    assert_int_equal(read_json(&st, "x.json", "", &err), SOW_ERR);
    assert_contains(err.msg, "the text ends early");
    /* a run's JSON with a game too many in its totals */
    sow_stats ok;
    describe(&ok, 0, 1, 1);
    sow_game_stat g = game(3);
    assert_int_equal(sow_stats_add(&ok, &g, &err), SOW_OK);
    char *text = json_of(&ok);
    const char *at = strstr(text, "\"games\":1,");
    assert_non_null(at);
    text[(at - text) + 8] = '2';
    assert_int_equal(read_json(&st, "y.json", text, &err), SOW_ERR);
    assert_contains(err.msg, "the totals do not add up");
    free(text);
    sow_stats_free(&ok);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_wilson),
        cmocka_unit_test(test_median),
        cmocka_unit_test(test_shards_merge_to_whole),
        cmocka_unit_test(test_merge_refuses),
        cmocka_unit_test(test_read_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
