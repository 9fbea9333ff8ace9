/* test_stats.c - self-play totals (sow_stats.h): Wilson intervals, the
 * median from the histogram, shards merged equal to the whole run, the
 * JSON written and read back unchanged, and what a merge refuses; the
 * reading of shards from strangers (issue 13 #1: the JSON reader of
 * sow_json.h, every number against its range, totals that must agree,
 * sums that must not overflow, memory that follows the histogram). */
#include "unit.h"

#include <math.h>

#include "sow_json.h"
#include "sow_stats.h"
#include "sow_variant.h"

static void describe(sow_stats *st, long shard, long of, uint64_t seed)
{
    const char *players[2] = {"random", "alphabeta:depth=3"};
    sow_error err;
    sow_stats_init(st);
    assert_int_equal(sow_stats_describe(st, "adji-kui-1", NULL, NULL, players,
                                        seed, 100, false, shard, of, &err),
                     SOW_OK);
    snprintf(st->sow_version, sizeof st->sow_version, "0.9.0");
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
        assert_int_equal(sow_stats_merge(&merged, &one, "part.json", NULL, &err),
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
    assert_int_equal(sow_stats_merge(&a, &b, "b.json", NULL, &err), SOW_ERR);
    assert_string_equal(err.path, "b.json");
    assert_contains(err.msg, "shard 0/2 is given twice");
    assert_int_equal(sow_stats_merge(&a, &c, "c.json", NULL, &err), SOW_ERR);
    assert_contains(err.msg, "the seeds differ: 2 here, 1 in the first file");
    /* another build: refused, naming both versions and both files */
    sow_stats_free(&c);
    describe(&c, 1, 2, 1);
    snprintf(c.sow_version, sizeof c.sow_version, "0.9.1");
    assert_int_equal(sow_stats_merge(&a, &c, "c.json", "a.json", &err),
                     SOW_ERR);
    assert_string_equal(err.path, "c.json");
    assert_contains(err.msg, "made by sow 0.9.1, but a.json was made by sow "
                             "0.9.0");
    /* an interrupted run: refused whichever side it is on */
    snprintf(c.sow_version, sizeof c.sow_version, "0.9.0");
    c.interrupted = true;
    assert_int_equal(sow_stats_merge(&a, &c, "c.json", "a.json", &err),
                     SOW_ERR);
    assert_contains(err.msg, "this is an interrupted run");
    c.interrupted = false;
    assert_int_equal(sow_stats_merge(&a, &c, "c.json", "a.json", &err),
                     SOW_OK);
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


/* ---- reading a shard from a stranger (issue 13 #1) ------------------------- */

/* A real one-game summary (sow selfplay adji-kui-1 --games 1 --json,
 * without its derived "summary" object). */
static const char ONE[] =
    "{\"format\":\"sow-selfplay\",\"version\":2,\"sow_version\":\"0.9.0\","
    "\"variant\":\"adji-kui-1\","
    "\"options\":{\"endless\":\"repetition\",\"skip_origin\":\"false\","
    "\"max_plies\":\"10000\"},\"players\":[\"random\",\"random\"],"
    "\"seed\":\"1\",\"games_requested\":1,\"unit\":\"game\","
    "\"interrupted\":false,"
    "\"shards\":{\"count\":1,\"done\":[0]},\"totals\":{\"games\":1,"
    "\"south_wins\":0,\"north_wins\":1,\"draws\":0,\"unfinished\":0,"
    "\"first_mover_known\":1,\"first_mover_south\":1,"
    "\"first_mover_wins\":0,\"plies_sum\":34,\"plies_max\":34,"
    "\"plies_hist\":[[34,1]],\"captured_sum\":45,\"capture_moves_sum\":11,"
    "\"endless_excluded_sum\":0,\"match_games_sum\":1}}";

/* text with each edit[2k] replaced by edit[2k+1] (once; NULL ends); the
 * caller frees it. */
static char *edited(const char *text, const char *const *edit)
{
    char *s = strdup(text);
    assert_non_null(s);
    for (int k = 0; edit[k]; k += 2) {
        char *at = strstr(s, edit[k]);
        if (!at)
            fail_msg("'%s' is not in the text", edit[k]);
        size_t pre = (size_t)(at - s), old = strlen(edit[k]),
               neu = strlen(edit[k + 1]), len = strlen(s);
        char *t = malloc(len - old + neu + 1);
        assert_non_null(t);
        memcpy(t, s, pre);
        memcpy(t + pre, edit[k + 1], neu);
        memcpy(t + pre + neu, at + old, len - pre - old + 1);
        free(s);
        s = t;
    }
    return s;
}

/* The error: one line with `want` in it, at a place in the file. */
static void assert_one_line(const sow_error *err, const char *want)
{
    assert_contains(err->msg, want);
    assert_null(strchr(err->msg, '\n'));
    assert_string_equal(err->path, "e.json");
}

/* ONE edited is refused with `want` in the message. */
#define refused(want, ...)                                                   \
    refused_((const char *const[]){__VA_ARGS__, NULL}, want)
static void refused_(const char *const *edit, const char *want)
{
    char *t = edited(ONE, edit);
    sow_stats st;
    sow_error err;
    if (read_json(&st, "e.json", t, &err) == SOW_OK)
        fail_msg("accepted: %s", t);
    assert_one_line(&err, want);
    free(t);
}

#define accepted(...) accepted_((const char *const[]){__VA_ARGS__, NULL})
static void accepted_(const char *const *edit)
{
    char *t = edited(ONE, edit);
    sow_stats st;
    sow_error err;
    if (read_json(&st, "e.json", t, &err))
        fail_msg("refused: %s (%s)", err.msg, t);
    sow_stats_free(&st);
    free(t);
}

static void test_read_real_shard(void **state)
{
    (void)state;
    sow_stats st;
    sow_error err;
    if (read_json(&st, "one.json", ONE, &err))
        fail_msg("%s", err.msg);
    assert_int_equal(st.games, 1);
    assert_int_equal(st.nhist, 1);
    assert_int_equal(st.hist[0].plies, 34);
    assert_int_equal(st.noptions, 3);
    sow_stats_free(&st);
    /* the largest numbers a run can have are taken */
    accepted("\"seed\":\"1\",", "\"seed\":\"18446744073709551615\",");
    /* a seed as a number, as a tool that parsed the file may write it */
    accepted("\"seed\":\"1\",", "\"seed\":18446744073709551615,");
    accepted("\"seed\":\"1\",", "\"seed\":0,");
    accepted("\"unit\":\"game\"", "\"unit\":\"match\"", "\"plies_max\":34",
             "\"plies_max\":1000000",
             "\"plies_hist\":[[34,1]]", "\"plies_hist\":[[1000000,1]]",
             "\"plies_sum\":34", "\"plies_sum\":1000000");
}

/* The repro: an index near 2^61 made the capacity arithmetic
 * wrap and plies_hist[index] write anywhere. */
static void test_read_repro(void **state)
{
    (void)state;
    refused("field \"plies_max\" is 2305843009213693951; it must be from 0 "
            "to 100000000000",
            "\"plies_sum\":34,\"plies_max\":34,\"plies_hist\":[[34,1]]",
            "\"plies_sum\":2305843009213693951,\"plies_max\":"
            "2305843009213693951,\"plies_hist\":[[2305843009213693951,1]]");
    refused("the plies of entry 1 of \"plies_hist\" is 2305843009213693951",
            "[[34,1]]", "[[2305843009213693951,1]]");
    /* under the ceiling of a match, over that of a game */
    refused("entry 1 of \"plies_hist\" is for games of 1000001 plies; a game "
            "has at most 1000000",
            "\"plies_sum\":34,\"plies_max\":34,\"plies_hist\":[[34,1]]",
            "\"plies_sum\":1000001,\"plies_max\":1000001,\"plies_hist\":"
            "[[1000001,1]]");
}

static void test_read_numbers(void **state)
{
    (void)state;
    static const char *const bad[][2] = {
        {"1e0", "is 1e0, not a whole number written in digits"},
        {"1E+0", "is 1E+0, not a whole number written in digits"},
        {"1.0", "is 1.0, not a whole number written in digits"},
        {"1e308", "is 1e308, not a whole number written in digits"},
        {"-1", "is -1; it must be from 0 to 10000000000"},
        {"-0", "is -0; it must be from 0 to 10000000000"},
        {"10000000001", "is 10000000001; it must be from 0 to 10000000000"},
        {"9223372036854775808", "is 9223372036854775808; it must be from"},
        {"18446744073709551616", "is 18446744073709551616; it must be"},
        {"01", "a number with a leading zero"},
        {"- 1", "a number needs a digit here"},
        {"1.", "a number needs a digit after '.'"},
        {"1e", "a number needs a digit in its exponent"},
        {"+1", "expected a JSON value"},
        {".5", "expected a JSON value"},
        {"\"1\"", "field \"games\" is a string, not a whole number"},
        {"true", "field \"games\" is true, not a whole number"},
        {"null", "field \"games\" is null, not a whole number"},
        {"[1]", "field \"games\" is a list, not a whole number"},
        {"tru", "expected a JSON value"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        char to[64];
        snprintf(to, sizeof to, "\"games\":%s,", bad[i][0]);
        refused(bad[i][1], "\"games\":1,", to);
    }
    /* a number of 400 digits is quoted by its start */
    char big[420] = "\"seed\":";
    memset(big + 7, '9', 400);
    strcpy(big + 407, ",");
    refused("field \"seed\" is 999999999999999999999...; it must be from 0 "
            "to 18446744073709551615",
            "\"seed\":\"1\",", big);
    /* a seed string: digits as sow writes them, within 64 bits */
    static const char *const seeds[] = {"\"\"", "\"01\"", "\"-1\"", "\"1e3\"",
                                        "\" 1\"", "\"18446744073709551616\"",
                                        "\"0x10\""};
    for (size_t i = 0; i < sizeof seeds / sizeof *seeds; i++) {
        char to[64];
        snprintf(to, sizeof to, "\"seed\":%s,", seeds[i]);
        refused("field \"seed\" is", "\"seed\":\"1\",", to);
    }
    refused("field \"seed\" is true, not a whole number", "\"seed\":\"1\",",
            "\"seed\":true,");
}

static void test_read_totals_disagree(void **state)
{
    (void)state;
    const char *hist = "\"plies_hist\":[[34,1]]";
    refused("games is 2, but shard 0/1 of a run with --games 1 holds 1",
            "\"games\":1,", "\"games\":2,", "\"north_wins\":1",
            "\"north_wins\":2", hist, "\"plies_hist\":[[34,2]]",
            "\"plies_sum\":34", "\"plies_sum\":68", "\"match_games_sum\":1",
            "\"match_games_sum\":2");
    refused("the games of \"plies_hist\" add up to 2, not games (1)", hist,
            "\"plies_hist\":[[34,2]]", "\"plies_sum\":34", "\"plies_sum\":68");
    refused("plies_sum is 35, but the games of \"plies_hist\" have 34",
            "\"plies_sum\":34", "\"plies_sum\":35");
    refused("plies_max is 33, but the longest game", "\"plies_max\":34",
            "\"plies_max\":33");
    refused("south_wins + north_wins + draws + unfinished is 2",
            "\"south_wins\":0", "\"south_wins\":1");
    refused("first_mover_known (2) is more than games (1)",
            "\"first_mover_known\":1", "\"first_mover_known\":2");
    refused("first_mover_south (1) is more than first_mover_known (0)",
            "\"first_mover_known\":1", "\"first_mover_known\":0");
    refused("first_mover_wins (1) is more than first_mover_known (1) or the "
            "games won (0)",
            "\"north_wins\":1", "\"north_wins\":0", "\"draws\":0",
            "\"draws\":1", "\"first_mover_wins\":0", "\"first_mover_wins\":1");
    refused("captured_sum (4194241) is more than match_games_sum (1) games",
            "\"captured_sum\":45", "\"captured_sum\":4194241");
    refused("capture_moves_sum (35) is more than plies_sum (34)",
            "\"capture_moves_sum\":11", "\"capture_moves_sum\":35");
    refused("endless_excluded_sum (2177) is more than 64 moves",
            "\"endless_excluded_sum\":0", "\"endless_excluded_sum\":2177");
    refused("match_games_sum is 2, not games (1)", "\"match_games_sum\":1",
            "\"match_games_sum\":2");
    refused("match_games_sum is 100001, but 1 matches play from 1 to 100000",
            "\"unit\":\"game\"", "\"unit\":\"match\"",
            "\"match_games_sum\":1", "\"match_games_sum\":100001");
    /* the counts of the histogram: from 1, at most the games of a run */
    refused("the games of entry 1 of \"plies_hist\" is 0; it must be from 1",
            hist, "\"plies_hist\":[[34,0]]");
    refused("the games of entry 1 of \"plies_hist\" is 10000000001", hist,
            "\"plies_hist\":[[34,10000000001]]");
    refused("entry 2 of \"plies_hist\" is for 34 plies, after 34", hist,
            "\"plies_hist\":[[34,1],[34,1]]");
    refused("entry 1 of \"plies_hist\" is not a [plies, games] pair", hist,
            "\"plies_hist\":[[34,1,1]]");
    refused("entry 1 of \"plies_hist\" is a number, not a list", hist,
            "\"plies_hist\":[34]");
    /* shards */
    refused("shard 3 in \"done\" is not below the count of shards, 3",
            "{\"count\":1,\"done\":[0]}", "{\"count\":3,\"done\":[3]}");
    refused("games is 1, but the 2 shards listed (of 3) of a run with "
            "--games 40 hold 27",
            "{\"count\":1,\"done\":[0]}", "{\"count\":3,\"done\":[0,2]}",
            "\"games_requested\":1", "\"games_requested\":40");
    refused("shard 0 in \"done\" comes after 2",
            "{\"count\":1,\"done\":[0]}", "{\"count\":3,\"done\":[2,0]}");
    refused("field \"count\" is 0; it must be from 1 to 1000000000",
            "\"count\":1", "\"count\":0");
}

/* Sums past 2^63 - 1: refused, never wrapped (issue 13 #1: "a signed
 * overflow in the plies sum"). */
static void test_sums_overflow(void **state)
{
    (void)state;
    /* 10^10 matches of 10^11 plies: the histogram's plies pass 2^63 */
    refused("plies_sum is 9000000000000000000, but the games of "
            "\"plies_hist\" have more than 9223372036854775807 plies",
            "\"games_requested\":1", "\"games_requested\":10000000000",
            "\"unit\":\"game\"", "\"unit\":\"match\"",
            "\"games\":1", "\"games\":10000000000",
            "\"north_wins\":1", "\"north_wins\":10000000000",
            "\"first_mover_known\":1", "\"first_mover_known\":0",
            "\"first_mover_south\":1", "\"first_mover_south\":0",
            "\"plies_sum\":34,\"plies_max\":34,\"plies_hist\":[[34,1]]",
            "\"plies_sum\":9000000000000000000,\"plies_max\":100000000000,"
            "\"plies_hist\":[[100000000000,10000000000]]",
            "\"match_games_sum\":1", "\"match_games_sum\":1000000000000000");
    /* two valid halves whose plies_sum add up past 2^63 */
    sow_stats half[2];
    sow_error err;
    for (int i = 0; i < 2; i++) {
        char done[64];
        snprintf(done, sizeof done, "{\"count\":2,\"done\":[%d]}", i);
        char *t = edited(ONE, (const char *const[]){
            "\"games_requested\":1", "\"games_requested\":100000000",
            "\"unit\":\"game\"", "\"unit\":\"match\"",
            "{\"count\":1,\"done\":[0]}", done,
            "\"games\":1", "\"games\":50000000",
            "\"north_wins\":1", "\"north_wins\":50000000",
            "\"plies_sum\":34,\"plies_max\":34,\"plies_hist\":[[34,1]]",
            "\"plies_sum\":5000000000000000000,\"plies_max\":100000000000,"
            "\"plies_hist\":[[100000000000,50000000]]",
            "\"match_games_sum\":1", "\"match_games_sum\":5000000000000",
            NULL});
        if (read_json(&half[i], "e.json", t, &err))
            fail_msg("%s", err.msg);
        free(t);
    }
    long long games = half[0].games;
    assert_int_equal(sow_stats_merge(&half[0], &half[1], "e.json", NULL, &err),
                     SOW_ERR);
    assert_one_line(&err, "the totals are too large to add up (over 2^63 - "
                          "1); merge fewer shards");
    /* and nothing of it was added */
    assert_int_equal(half[0].games, games);
    assert_int_equal(half[0].nshards, 1);
    assert_int_equal(half[0].hist[0].games, 50000000);
    /* one game more than a total can hold */
    sow_game_stat g = game(1);
    half[1].captured_sum = INT64_MAX;
    assert_int_equal(sow_stats_add(&half[1], &g, &err), SOW_ERR);
    assert_contains(err.msg, "too large to add up");
    assert_int_equal(half[1].games, games);
    assert_int_equal(half[1].nhist, 1);
    sow_stats_free(&half[0]);
    sow_stats_free(&half[1]);
}

/* Memory grows with the histogram alone; anything else is read without
 * keeping it, and a text over the limit is refused before it is read. */
static void test_read_large(void **state)
{
    (void)state;
    /* a real shard of 1,000,001 distinct lengths: 0 to the ceiling */
    const long long n = SOW_MAX_PLIES_LIMIT + 1;
    size_t cap = (size_t)n * 16 + 4096, len = 0;
    char *t = malloc(cap);
    assert_non_null(t);
    len += (size_t)snprintf(t, cap,
                            "{\"format\":\"sow-selfplay\",\"version\":2,"
                            "\"sow_version\":\"0.9.0\","
                            "\"variant\":\"x\",\"options\":{},\"players\":"
                            "[\"random\",\"random\"],\"seed\":\"1\","
                            "\"games_requested\":%lld,\"unit\":\"game\","
                            "\"interrupted\":false,"
                            "\"shards\":{\"count\":1,\"done\":[0]},"
                            "\"totals\":{\"games\":%lld,\"south_wins\":0,"
                            "\"north_wins\":0,\"draws\":%lld,"
                            "\"unfinished\":0,\"first_mover_known\":0,"
                            "\"first_mover_south\":0,\"first_mover_wins\":0,"
                            "\"plies_sum\":%lld,\"plies_max\":%lld,"
                            "\"plies_hist\":[",
                            n, n, n, n * (n - 1) / 2, n - 1);
    for (long long p = 0; p < n; p++)
        len += (size_t)snprintf(t + len, cap - len, "%s[%lld,1]",
                                p ? "," : "", p);
    len += (size_t)snprintf(t + len, cap - len,
                            "],\"captured_sum\":0,\"capture_moves_sum\":0,"
                            "\"endless_excluded_sum\":0,"
                            "\"match_games_sum\":%lld}}",
                            n);
    assert_true(len < SOW_STATS_FILE_MAX);
    sow_stats st;
    sow_error err;
    if (sow_stats_read_json(&st, "big.json", t, len, &err))
        fail_msg("%s", err.msg);
    assert_int_equal(st.nhist, n);
    assert_true(st.hist_cap <= 2 * n);
    assert_true(sow_stats_median_plies(&st) == 500000);
    sow_stats_free(&st);
    /* a list of 3 million zeros where no list belongs: read, not kept */
    len = (size_t)snprintf(t, cap, "%.*s,\"x\":[", (int)strlen(ONE) - 1, ONE);
    for (int i = 0; i < 3000000; i++)
        len += (size_t)snprintf(t + len, cap - len, "%s0", i ? "," : "");
    len += (size_t)snprintf(t + len, cap - len, "]}");
    assert_int_equal(sow_stats_read_json(&st, "e.json", t, len, &err),
                     SOW_ERR);
    assert_one_line(&err, "unknown field \"x\" in the summary");
    free(t);
    /* over the limit: refused by its length */
    t = malloc(SOW_STATS_FILE_MAX + 1);
    assert_non_null(t);
    memset(t, ' ', SOW_STATS_FILE_MAX + 1);
    memcpy(t, ONE, strlen(ONE));
    assert_int_equal(sow_stats_read_json(&st, "e.json", t,
                                         SOW_STATS_FILE_MAX + 1, &err),
                     SOW_ERR);
    assert_contains(err.msg, "is larger than a sow selfplay --json summary "
                             "may be: at most 16777216 bytes");
    assert_int_equal(sow_stats_read_json(&st, "e.json", t,
                                         SOW_STATS_FILE_MAX, &err),
                     SOW_OK);
    sow_stats_free(&st);
    free(t);
}

static void test_read_nesting(void **state)
{
    (void)state;
    /* 32 levels in all are read (the summary object is level 1) */
    char open[40], close[40], to[100];
    memset(open, '[', 31);
    open[31] = 0;
    memset(close, ']', 31);
    close[31] = 0;
    snprintf(to, sizeof to, "},\"summary\":%s%s}", open, close);
    refused("field \"summary\" is a list, not an object", "}}", to);
    snprintf(to, sizeof to, "},\"summary\":{\"x\":%.30s%.30s}}", open,
             close);
    accepted("}}", to);
    snprintf(to, sizeof to, "},\"summary\":{\"x\":%s%s}}", open, close);
    refused("nested deeper than 32 levels", "}}", to);
    /* a million levels: refused at level 33, without recursion */
    char *deep = malloc(1000001);
    assert_non_null(deep);
    memset(deep, '[', 1000000);
    deep[1000000] = 0;
    sow_stats st;
    sow_error err;
    assert_int_equal(read_json(&st, "e.json", deep, &err), SOW_ERR);
    assert_error_at(&err, "e.json", 1, 33);
    assert_contains(err.msg, "nested deeper than 32 levels");
    free(deep);
}

static void test_read_keys(void **state)
{
    (void)state;
    refused("field \"games\" is given twice (first at line 1, column 305); "
            "keep one",
            "\"games\":1,", "\"games\":1,\"games\":99,");
    refused("field \"seed\" is given twice", "\"seed\":\"1\",",
            "\"seed\":\"1\",\"seed\":1,");
    refused("option \"endless\" is given twice; keep one",
            "\"skip_origin\"", "\"endless\"");
    refused("unknown field \"extra\" in the summary; the fields are: format",
            "\"seed\":\"1\",", "\"seed\":\"1\",\"extra\":[],");
    refused("unknown field \"bonus\" in field \"totals\"", "\"games\":1,",
            "\"games\":1,\"bonus\":0,");
    refused("field \"totals\" is missing, expected an object", "\"totals\"",
            "\"total\"");
    refused("field \"plies_hist\" is missing, expected a list of [plies, "
            "games]",
            "\"plies_hist\"", "\"plies_list\"");
    refused("a key longer than 63 bytes", "\"seed\":\"1\",",
            "\"seed\":\"1\",\"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
            "xxxxxxxxxxxxxx\":1,");
    /* the keys in another order, and white space anywhere: the same */
    accepted("{\"format\":\"sow-selfplay\",\"version\":2,",
             "{ \"version\" :\n 2 ,\r\n\t\"format\":\"sow-selfplay\",");
}

static void test_read_text(void **state)
{
    (void)state;
    const char *v = "\"variant\":\"adji-kui-1\"";
    refused("field \"variant\" holds a control character", v,
            "\"variant\":\"\\u001b[2Jx\"");
    refused("field \"variant\" holds a control character", v,
            "\"variant\":\"\\u009b2J\"");
    refused("a NUL character (\\u0000) in a string", v,
            "\"variant\":\"adji\\u0000x\"");
    refused("a lone surrogate escape (\\uD800) in a string", v,
            "\"variant\":\"adji\\ud800\"");
    refused("a lone surrogate escape (\\uDC00) in a string", v,
            "\"variant\":\"adji\\udc00\\ud800\"");
    refused("a byte that is not UTF-8 (0xFF) in a string", v,
            "\"variant\":\"adji\xff\"");
    refused("a control character (byte 0x09) in a string", v,
            "\"variant\":\"adji\tx\"");
    refused("a string is not closed on its line", v, "\"variant\":\"adji\n\"");
    refused("a bad escape in a string", v, "\"variant\":\"adji\\x41\"");
    refused("a \\u escape needs four hex digits", v,
            "\"variant\":\"adji\\u12\"");
    refused("field \"variant\" is \"Adji Kui\", not a variant id", v,
            "\"variant\":\"Adji Kui\"");
    refused("field \"variant\" is longer than 127 bytes", v,
            "\"variant\":\"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
            "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
            "aaaaaaaaaaaaaaaaaaaaaaaaa\"");
    refused("option skip_origin: \"0x1\" is not a value as sow selfplay "
            "writes it",
            "\"skip_origin\":\"false\"", "\"skip_origin\":\"0x1\"");
    refused("\"Skip\" is not an option name", "\"skip_origin\"", "\"Skip\"");
    refused("player 'alphabeta:depth=99': depth takes a whole number from 1 "
            "to 64",
            "[\"random\",\"random\"]", "[\"alphabeta:depth=99\",\"random\"]");
    refused("player \"mcts:c=1.4\" is not written as sow selfplay writes it "
            "(\"mcts:iter=1000\")",
            "[\"random\",\"random\"]", "[\"mcts:c=1.4\",\"random\"]");
    refused("field \"players\" lists more than two players",
            "[\"random\",\"random\"]", "[\"random\",\"random\",\"random\"]");
    refused("field \"unit\" is not \"game\" or \"match\"", "\"unit\":\"game\"",
            "\"unit\":\"games\"");
    refused("field \"format\" is not \"sow-selfplay\"", "sow-selfplay",
            "sow-record");
    refused("version 1 of the summary format; this sow reads version 2",
            "\"version\":2", "\"version\":1");
    /* the program's version: a version of sow, present */
    refused("field \"sow_version\" is \"\", not a version of sow",
            "\"sow_version\":\"0.9.0\"", "\"sow_version\":\"\"");
    refused("field \"sow_version\" is \"v1 beta\", not a version of sow",
            "\"sow_version\":\"0.9.0\"", "\"sow_version\":\"v1 beta\"");
    refused("field \"sow_version\" is missing, expected a string",
            "\"sow_version\":\"0.9.0\",", "");
    accepted("\"sow_version\":\"0.9.0\"", "\"sow_version\":\"1.10.2-dev\"");
    /* an interrupted run is refused: its games are no whole shard */
    refused("this summary is of an interrupted run (1 games played before "
            "it was stopped)",
            "\"interrupted\":false", "\"interrupted\":true");
    refused("field \"interrupted\" is a string, not true or false",
            "\"interrupted\":false", "\"interrupted\":\"no\"");
    refused("field \"interrupted\" is missing, expected true or false",
            "\"interrupted\":false,", "");
    /* the option values sow writes: words, numbers, word:number */
    accepted("\"endless\":\"repetition\"",
             "\"endless\":\"no_capture_plies:-1000000000\"");
}

static void test_read_syntax(void **state)
{
    (void)state;
    static const char *const bad[][2] = {
        {"", "1:1: the text ends early"},
        {" \n ", "2:2: the text ends early"},
        {"\xef\xbb\xbf{}", "1:1: expected a JSON value"},
        {"{}x", "1:3: more text after the JSON value"},
        {"{} {}", "1:4: more text after the JSON value"},
        {"{\"a\":1,}", "1:8: expected a key in quotes"},
        {"[1,]", "1:4: expected a JSON value"},
        {"{\"a\" 1}", "1:6: expected ':' after a key"},
        {"{\"a\":1", "1:7: the text ends early: expected ',' or '}'"},
        {"[1 2]", "1:4: expected ',' or ']'"},
        {"{1:2}", "1:2: expected a key in quotes"},
        {"\"abc", "1:5: a string is not closed"},
        {"nul", "1:1: expected a JSON value"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        sow_stats st;
        sow_error err;
        assert_int_equal(read_json(&st, "e.json", bad[i][0], &err), SOW_ERR);
        char where[SOW_MSG_MAX + 32];
        snprintf(where, sizeof where, "%d:%d: %s", err.line, err.col,
                 err.msg);
        assert_one_line(&err, "is this the --json output of sow selfplay?");
        assert_contains(where, bad[i][1]);
    }
    /* a NUL byte in the file is a stray byte, not the end of the text */
    char nul[sizeof ONE + 1];
    memcpy(nul, ONE, sizeof ONE);
    nul[sizeof ONE - 1] = 0;
    nul[sizeof ONE] = 0;
    sow_stats st;
    sow_error err;
    assert_int_equal(sow_stats_read_json(&st, "e.json", nul, sizeof ONE, &err),
                     SOW_ERR);
    assert_one_line(&err, "more text after the JSON value");
}

/* The JSON reader alone: strings decoded, ranges, skipping. */
static void test_json_reader(void **state)
{
    (void)state;
    const char *text = "{\"s\":\"\\u00e9\\ud83d\\ude00\\\"\\\\\\/\\b\\f\\n\\r\\t\","
                       "\"n\":[0,18446744073709551615,5],\"x\":[{},[],"
                       "true,false,null,-1.5e-3]}";
    sow_json j;
    sow_error err;
    char key[8], s[32];
    uint64_t n;
    sow_json_init(&j, text, strlen(text), "t.json", NULL, &err);
    assert_int_equal(sow_json_peek(&j), SOW_JSON_OBJECT);
    assert_int_equal(sow_json_enter(&j), SOW_OK);
    assert_int_equal(sow_json_next(&j, key, sizeof key), 1);
    assert_string_equal(key, "s");
    assert_int_equal(sow_json_string(&j, "s", s, sizeof s), SOW_OK);
    assert_string_equal(s, "\xc3\xa9\xf0\x9f\x98\x80\"\\/\b\f\n\r\t");
    assert_int_equal(sow_json_next(&j, key, sizeof key), 1);
    assert_int_equal(sow_json_enter(&j), SOW_OK);
    assert_int_equal(sow_json_next(&j, NULL, 0), 1);
    assert_int_equal(sow_json_uint(&j, "n", 0, 0, &n), SOW_OK);
    assert_int_equal(n, 0);
    assert_int_equal(sow_json_next(&j, NULL, 0), 1);
    assert_int_equal(sow_json_uint(&j, "n", 0, UINT64_MAX, &n), SOW_OK);
    assert_true(n == UINT64_MAX);
    assert_int_equal(sow_json_next(&j, NULL, 0), 1);
    assert_int_equal(sow_json_uint(&j, "n", 0, 5, &n), SOW_OK);
    assert_int_equal(sow_json_next(&j, NULL, 0), 0);
    assert_int_equal(sow_json_next(&j, key, sizeof key), 1);
    assert_int_equal(sow_json_skip(&j), SOW_OK);
    assert_int_equal(sow_json_next(&j, key, sizeof key), 0);
    assert_int_equal(sow_json_end(&j), SOW_OK);
    /* one past a range, and a string one byte too long */
    sow_json_init(&j, "6", 1, "t.json", NULL, &err);
    assert_int_equal(sow_json_uint(&j, "n", 0, 5, &n), SOW_ERR);
    assert_string_equal(err.msg, "n is 6; it must be from 0 to 5");
    sow_json_init(&j, "4", 1, "t.json", NULL, &err);
    assert_int_equal(sow_json_uint(&j, "n", 5, 9, &n), SOW_ERR);
    assert_string_equal(err.msg, "n is 4; it must be from 5 to 9");
    sow_json_init(&j, "\"abcd\"", 6, "t.json", NULL, &err);
    assert_int_equal(sow_json_string(&j, "s", s, 4), SOW_ERR);
    assert_string_equal(err.msg, "s is longer than 3 bytes");
    /* after an error every call fails */
    assert_int_equal(sow_json_skip(&j), SOW_ERR);
    assert_int_equal(sow_json_end(&j), SOW_ERR);
    assert_int_equal(sow_json_check("[1,{\"a\":[null]}]", 16, "t", NULL,
                                    &err),
                     SOW_OK);
}

/* The histogram is sparse: a match of 10^11 plies costs one entry. */
static void test_hist_sparse(void **state)
{
    (void)state;
    sow_stats st;
    sow_error err;
    describe(&st, 0, 1, 1);
    const long long plies[] = {100000000000LL, 7, 100000000000LL, 0, 7};
    for (int i = 0; i < 5; i++) {
        sow_game_stat g = game(1);
        g.plies = plies[i];
        assert_int_equal(sow_stats_add(&st, &g, &err), SOW_OK);
    }
    assert_int_equal(st.nhist, 3);
    assert_true(st.hist_cap < 100);
    assert_int_equal(st.hist[0].plies, 0);
    assert_int_equal(st.hist[1].games, 2);
    assert_int_equal(st.hist[2].games, 2);
    assert_int_equal(st.plies_max, 100000000000LL);
    assert_true(sow_stats_median_plies(&st) == 7);
    assert_int_equal(sow_stats_games_between(&st, 0, 8), 3);
    assert_int_equal(sow_stats_games_between(&st, 1, 100000000000LL), 2);
    assert_int_equal(sow_stats_games_between(&st, 8, 200000000000LL), 2);
    sow_stats_free(&st);
}

/* Shard lists are merged in one pass: 200,000 shards each. */
static void test_merge_many_shards(void **state)
{
    (void)state;
    sow_stats a, b;
    sow_error err;
    describe(&a, 0, 1000000, 1);
    describe(&b, 1, 1000000, 1);
    const long n = 200000;
    for (int k = 0; k < 2; k++) {
        sow_stats *st = k ? &b : &a;
        long *s = realloc(st->shards, (size_t)n * sizeof *s);
        assert_non_null(s);
        for (long i = 0; i < n; i++)
            s[i] = 2 * i + k;
        st->shards = s;
        st->nshards = n;
    }
    assert_int_equal(sow_stats_merge(&a, &b, "b.json", NULL, &err), SOW_OK);
    assert_int_equal(a.nshards, 2 * n);
    for (long i = 0; i < 2 * n; i++)
        assert_int_equal(a.shards[i], i);
    b.shards[n - 1] = 2 * n - 1; /* already in a */
    assert_int_equal(sow_stats_merge(&a, &b, "b.json", NULL, &err), SOW_ERR);
    assert_contains(err.msg, "shard 1/1000000 is given twice");
    assert_int_equal(a.nshards, 2 * n);
    sow_stats_free(&a);
    sow_stats_free(&b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_wilson),
        cmocka_unit_test(test_median),
        cmocka_unit_test(test_shards_merge_to_whole),
        cmocka_unit_test(test_merge_refuses),
        cmocka_unit_test(test_read_errors),
        cmocka_unit_test(test_read_real_shard),
        cmocka_unit_test(test_read_repro),
        cmocka_unit_test(test_read_numbers),
        cmocka_unit_test(test_read_totals_disagree),
        cmocka_unit_test(test_sums_overflow),
        cmocka_unit_test(test_read_large),
        cmocka_unit_test(test_read_nesting),
        cmocka_unit_test(test_read_keys),
        cmocka_unit_test(test_read_text),
        cmocka_unit_test(test_read_syntax),
        cmocka_unit_test(test_json_reader),
        cmocka_unit_test(test_hist_sparse),
        cmocka_unit_test(test_merge_many_shards),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
