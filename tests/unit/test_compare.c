/* test_compare.c - the statistics of sow compare (sow_compare.h): exact
 * moments merged in any order, the two-proportion z-test, Welch's t-test
 * and Student's t distribution against values computed independently
 * (closed forms for 1 and 2 degrees of freedom, numerical integration of
 * the density otherwise), and the comparison written as text and JSON;
 * the SVG of game lengths (sow_plot.h) is a complete document. */
#include "unit.h"

#include <math.h>

#include "sow_compare.h"
#include "sow_plot.h"

static void near(double got, double want, double tol)
{
    if (fabs(got - want) > tol)
        fail_msg("got %.10g, expected %.10g (within %g)", got, want, tol);
}

static void test_moments(void **state)
{
    (void)state;
    static const long long x[] = {2, 4, 4, 4, 5, 5, 7, 9};
    sow_moments all = {0}, a = {0}, b = {0};
    for (int i = 0; i < 8; i++) {
        sow_moments_add(&all, x[i]);
        sow_moments_add(i % 3 ? &a : &b, x[i]);
    }
    near(sow_moments_mean(&all), 5.0, 1e-12);
    near(sow_moments_var(&all), 32.0 / 7, 1e-12);
    /* merged in either order: the same words */
    sow_moments ab = a, ba = b;
    sow_moments_merge(&ab, &b);
    sow_moments_merge(&ba, &a);
    assert_memory_equal(&ab, &all, sizeof all);
    assert_memory_equal(&ba, &all, sizeof all);
    /* large values: the squares are exact beyond 64 bits */
    sow_moments big = {0};
    for (int i = 0; i < 4; i++)
        sow_moments_add(&big, 4000000000LL + i); /* squares ~ 1.6e19 */
    near(sow_moments_var(&big), 5.0 / 3, 1e-6);
    sow_moments one = {0};
    sow_moments_add(&one, 3);
    near(sow_moments_var(&one), 0, 0);
}

static void test_distributions(void **state)
{
    (void)state;
    near(sow_normal_p2(1.959963984540054), 0.05, 1e-12);
    near(sow_normal_p2(0), 1, 1e-15);
    near(sow_student_p2(1.0, 1), 0.5, 1e-12);              /* Cauchy */
    near(sow_student_p2(2.0, 2), 1 - 2 / sqrt(6.0), 1e-12); /* closed form */
    near(sow_student_p2(-2.0, 2), 1 - 2 / sqrt(6.0), 1e-12);
    near(sow_student_p2(2.0, 10), 0.07338803477, 1e-9);
    near(sow_student_p2(3.0, 5), 0.03009924790, 1e-9);
    near(sow_student_p2(0, 7), 1, 1e-12);
    near(sow_student_p2(1.959963984540054, 1e7), 0.05, 1e-6);
    assert_true(sow_student_p2(INFINITY, 3) == 0);
}

static void test_rates(void **state)
{
    (void)state;
    sow_test t = sow_test_rates(45, 100, 60, 100);
    assert_true(t.valid && !t.constant);
    near(t.diff, 0.15, 1e-12);
    near(t.stat, 2.1239769762, 1e-9);
    near(t.p, 0.0336720689, 1e-9);
    assert_true(t.significant);
    t = sow_test_rates(50, 100, 52, 100);
    assert_false(t.significant);
    /* nothing varies: not a test */
    t = sow_test_rates(0, 100, 0, 80);
    assert_true(t.valid && t.constant && t.p == 1 && !t.significant);
    t = sow_test_rates(3, 0, 1, 10);
    assert_false(t.valid);
}

static void test_welch(void **state)
{
    (void)state;
    sow_moments a = {0}, b = {0};
    for (int i = 1; i <= 5; i++) {
        sow_moments_add(&a, i);     /* mean 3, variance 2.5 */
        sow_moments_add(&b, 2 * i); /* mean 6, variance 10 */
    }
    sow_test t = sow_test_means(&a, &b);
    assert_true(t.valid);
    near(t.diff, 3, 1e-12);
    near(t.stat, 3 / sqrt(2.5), 1e-12);
    near(t.df, 6.25 / 1.0625, 1e-9);
    near(t.p, 0.1075311949, 1e-8); /* numerical integration of the density */
    assert_false(t.significant);
    /* no spread: equal means are constant, different ones certain */
    sow_moments c = {0}, d = {0};
    for (int i = 0; i < 5; i++) {
        sow_moments_add(&c, 40);
        sow_moments_add(&d, 40);
    }
    t = sow_test_means(&c, &d);
    assert_true(t.valid && t.constant && !t.significant);
    sow_moments_add(&d, 36);
    t = sow_test_means(&c, &d);
    assert_true(t.valid && !t.constant);
    assert_true(t.significant || t.p < 0.5);
    sow_moments e = {0};
    for (int i = 0; i < 5; i++)
        sow_moments_add(&e, 41);
    t = sow_test_means(&c, &e);
    assert_true(isinf(t.stat) && t.stat > 0 && t.p == 0 && t.significant);
    sow_moments one = {0};
    sow_moments_add(&one, 1);
    assert_false(sow_test_means(&one, &c).valid);
}

/* Two made-up runs: A's games 20-39 plies, B's 40-79. */
static void runs(sow_stats st[2], sow_run_moments m[2])
{
    const char *players[2] = {"random", "random"};
    sow_error err;
    for (int r = 0; r < 2; r++) {
        sow_stats_init(&st[r]);
        memset(&m[r], 0, sizeof m[r]);
        assert_int_equal(sow_stats_describe(&st[r], "adji-kui-1", NULL, NULL,
                                            players, 1, 200, false, 0, 1,
                                            &err),
                         SOW_OK);
        snprintf(st[r].sow_version, sizeof st[r].sow_version, "1.2.3");
        for (int i = 0; i < 200; i++) {
            sow_game_stat g = {0};
            g.winner = i % 3 == 0 ? -1 : (i + r) % 2;
            g.first_mover = 0;
            g.plies = r ? 40 + i % 40 : 20 + i % 20;
            g.captured = 40;
            g.capture_moves = 10;
            g.games = 1;
            assert_int_equal(sow_stats_add(&st[r], &g, &err), SOW_OK);
            sow_run_moments_add(&m[r], &g);
        }
    }
}

static char *capture(const sow_reading *a, const sow_reading *b, bool json)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_non_null(f);
    if (json)
        sow_compare_write_json(a, b, f);
    else
        sow_compare_write_text(a, b, f);
    fclose(f);
    return buf;
}

static void test_write(void **state)
{
    (void)state;
    sow_stats st[2];
    sow_run_moments m[2];
    runs(st, m);
    sow_reading a = {"A", "skip_origin=false", &st[0], &m[0]};
    sow_reading b = {"B", "skip_origin=true", &st[1], &m[1]};
    char *text = capture(&a, &b, false);
    assert_non_null(strstr(text, "plies, mean"));
    assert_non_null(strstr(text, "Welch's t-test"));
    assert_non_null(strstr(text, "two-proportion z-test"));
    /* 29.5 against 59.5 plies: significant; captures constant */
    const char *pl = strstr(text, "plies, mean");
    assert_non_null(pl);
    const char *eol = strchr(pl, '\n');
    assert_non_null(eol);
    assert_non_null(strstr(pl, "yes"));
    assert_true(strstr(pl, "yes") < eol);
    const char *cap = strstr(text, "seeds captured");
    assert_non_null(cap);
    assert_true(strstr(cap, "(no variation)") < strchr(cap, '\n'));
    free(text);
    char *json = capture(&a, &b, true);
    static const char head[] = "{\"format\":\"sow-compare\",\"version\":2,"
                               "\"sow_version\":\"1.2.3\","
                               "\"a\":{\"format\":\"sow-selfplay\"";
    assert_true(strncmp(json, head, strlen(head)) == 0);
    assert_non_null(strstr(json, ",\"reading\":\"A\",\"differs\":[]},"
                                 "\"b\":"));
    assert_non_null(strstr(json, "{\"statistic\":\"plies_mean\",\"a\":29.5,"
                                 "\"b\":59.5,\"diff\":30,\"test\":\"Welch "
                                 "t\""));
    assert_non_null(strstr(json, "{\"statistic\":\"plies_median\""));
    assert_string_equal(json + strlen(json) - 3, "]}\n");
    free(json);
    /* the picture: a whole SVG document with both runs named */
    sow_plot_run pa = {&st[0], "A", "x<y & \"z\""};
    sow_plot_run pb = {&st[1], "B", "skip_origin=true"};
    size_t len = 0;
    char *svg = sow_plot_lengths(&pa, &pb, "lengths", &len);
    assert_non_null(svg);
    assert_int_equal(strlen(svg), len);
    assert_true(strncmp(svg, "<?xml", 5) == 0);
    assert_non_null(strstr(svg, "x&lt;y &amp; &quot;z&quot;"));
    assert_non_null(strstr(svg, "plies per game"));
    assert_non_null(strstr(svg, "share of games"));
    assert_string_equal(svg + len - 7, "</svg>\n");
    free(svg);
    sow_stats_free(&st[0]);
    sow_stats_free(&st[1]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_moments),
        cmocka_unit_test(test_distributions),
        cmocka_unit_test(test_rates),
        cmocka_unit_test(test_welch),
        cmocka_unit_test(test_write),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
