/* test_svg.c - SVG pictures of a board (engine/observe/sow_svg.c): the parts of
 * the picture (labels, counts, dots, stores or taken boxes, owners, the
 * last move, title and status), XML escaping, ids for the animation page,
 * the dot layout, and boards of every size up to 2x32. */
#include "unit.h"

#include <math.h>

#include "sow_draw.h"
#include "sow_game.h"
#include "sow_svg.h"
#include "sow_variant.h"

static char *tdir;

static int group_setup(void **state)
{
    (void)state;
    return unit_group_dir(&tdir);
}

static int group_teardown(void **state)
{
    (void)state;
    return unit_group_dir_done(&tdir);
}

typedef struct fx {
    sow_variant *v;
    sow_setup s;
    sow_engine e;
    sow_game g;
} fx;

static void fx_open(fx *f, const char *path)
{
    sow_error err;
    sow_error_clear(&err);
    memset(f, 0, sizeof *f);
    if (sow_variant_load(path, &f->v, &err))
        fail_msg("%s:%d:%d: %s", err.path, err.line, err.col, err.msg);
    sow_optset o;
    sow_optset_defaults(f->v, &o);
    if (sow_setup_init(&f->s, f->v, &o, &err) ||
        sow_engine_init(&f->e, &f->s, NULL, &err) ||
        sow_engine_start(&f->e, &f->g, &err))
        fail_msg("%s", err.msg);
}

/* A 2xN board of `seeds` per hole, with or without stores. */
static void fx_open_size(fx *f, int n, int seeds, bool stores)
{
    char text[512], path[512];
    snprintf(text, sizeof text,
             "id: t\nname: T\nsummary: s\nscript: t.lua\n"
             "board:\n  holes: %d\n  seeds: %d\n  stores: %s\n"
             "sowing:\n  laps: single\n",
             n, seeds, stores ? "true" : "false");
    unit_write(path, sizeof path, tdir, "t.lua", "\n");
    unit_write(path, sizeof path, tdir, "d.yaml", text);
    fx_open(f, path);
}

static void fx_close(fx *f)
{
    sow_engine_free(&f->e);
    sow_variant_free(f->v);
}

/* How many times needle occurs in hay. */
static int count(const char *hay, const char *needle)
{
    int n = 0;
    for (const char *p = strstr(hay, needle); p;
         p = strstr(p + strlen(needle), needle))
        n++;
    return n;
}

/* The start of Adji Kui I: 12 holes of 4, labelled, 48 seeds as dots,
 * South to move, the taken boxes; no last move. */
static void test_svg_start(void **state)
{
    (void)state;
    fx f;
    fx_open(&f, "variants/adji_kui_1.yaml");
    sow_svg_opts o = {-1, "Adji Kui I: the start", "South to move", 0, false};
    size_t len = 0;
    char *svg = sow_svg_board(&f.s, &f.g, &o, &len);
    assert_non_null(svg);
    assert_int_equal(strlen(svg), len);
    assert_true(strncmp(svg, "<svg xmlns=\"http://www.w3.org/2000/svg\" ", 40) == 0);
    assert_contains(svg, "viewBox=\"0 0 560 312\"");
    assert_true(len > 7 && strcmp(svg + len - 7, "</svg>\n") == 0);
    assert_contains(svg, "<title>Adji Kui I: the start</title>");
    assert_contains(svg, ">South to move</text>");
    const char *labels = "abcdefABCDEF";
    for (int h = 0; h < 12; h++) {
        char want[32];
        snprintf(want, sizeof want, ">%c</text>", labels[h]);
        assert_int_equal(count(svg, want), 1);
    }
    /* 12 holes (r=23) of 4 seeds (r=3.2), the count of each in bold */
    assert_int_equal(count(svg, " r=\"23\""), 12);
    assert_int_equal(count(svg, " r=\"3.2\""), 48);
    assert_int_equal(count(svg, "font-weight=\"bold\" fill=\"#1a1a1a\">4</text>"), 12);
    /* no stores: a taken box per player, South's outlined (to move) */
    assert_int_equal(count(svg, ">taken</text>"), 2);
    assert_int_equal(count(svg, ">store</text>"), 0);
    assert_contains(svg, "stroke=\"" SOW_SVG_SOUTH "\" stroke-width=\"3.5\"/>");
    /* no last-move ring; no ids */
    assert_not_contains(svg, "#d0021b");
    assert_not_contains(svg, " id=\"");
    assert_not_contains(svg, "*</text>");
    free(svg);
    fx_close(&f);
}

/* After a move: its hole ringed and its label bold; a hole owned by the
 * other row's player tinted in its owner's colour and marked '*'; empty
 * holes show a 0 and no dots; stores. */
static void test_svg_marks(void **state)
{
    (void)state;
    fx f;
    fx_open(&f, "variants/adji_boto.yaml");
    f.g.board[2] = 0;
    f.g.captured[0] = 17;
    f.g.captured[1] = 5;
    sow_game_set_owner(&f.g, 7, 0);
    sow_svg_opts o = {2, NULL, NULL, 1, false};
    char *svg = sow_svg_board(&f.s, &f.g, &o, NULL);
    assert_non_null(svg);
    /* the ring round hole 2 (c): holes are drawn in order, so its circle
     * is the third of radius 23 */
    const char *p = svg;
    for (int i = 0; i < 3; i++) {
        p = strstr(p, " r=\"23\"");
        assert_non_null(p);
        p++;
    }
    while (p > svg && strncmp(p, "<circle", 7) != 0)
        p--;
    int x = 0, y = 0;
    assert_int_equal(sscanf(p, "<circle cx=\"%d\" cy=\"%d\"", &x, &y), 2);
    char ring[160];
    snprintf(ring, sizeof ring,
             "<circle cx=\"%d\" cy=\"%d\" r=\"28\" fill=\"none\" "
             "stroke=\"#d0021b\" stroke-width=\"3.5\"/>",
             x, y);
    assert_contains(svg, ring);
    assert_int_equal(count(svg, "#d0021b"), 1);
    assert_contains(svg, "font-weight=\"bold\">c</text>");
    /* hole 7 (C) is South's: South's pale colour, a thick South stroke */
    assert_contains(svg, ">C*</text>");
    assert_int_equal(count(svg, "*</text>"), 1);
    assert_contains(svg, "fill=\"" SOW_SVG_SOUTH_PALE "\" stroke=\"" SOW_SVG_SOUTH
                         "\" stroke-width=\"3\"/>");
    assert_contains(svg, "fill=\"#8a6a3a\">0</text>");
    /* stores, North's to move */
    assert_int_equal(count(svg, ">store</text>"), 2);
    assert_contains(svg, ">17</text>");
    assert_contains(svg, ">5</text>");
    assert_contains(svg, "stroke=\"" SOW_SVG_NORTH "\" stroke-width=\"3.5\"/>");
    assert_contains(svg, "owned by the other player");
    free(svg);
    fx_close(&f);
}

/* Title and status are XML text: & < > " ' escaped, control characters
 * made spaces (sow_text.h, issue 13 #5); the picture widens for a long
 * title. */
static void test_svg_escape(void **state)
{
    (void)state;
    fx f;
    fx_open(&f, "variants/adji_kui_1.yaml");
    sow_svg_opts o = {-1, "a <b> & \"c\" 'd'\x01", "</text><script>", -1,
                      false};
    char *svg = sow_svg_board(&f.s, &f.g, &o, NULL);
    assert_non_null(svg);
    assert_contains(svg, ">a &lt;b&gt; &amp; &quot;c&quot; &#39;d&#39; </text>");
    assert_contains(svg, ">&lt;/text&gt;&lt;script&gt;</text>");
    assert_not_contains(svg, "<script");
    assert_not_contains(svg, "\x01");
    free(svg);
    char title[300];
    memset(title, 'x', 200);
    title[200] = 0;
    o.title = title;
    svg = sow_svg_board(&f.s, &f.g, &o, NULL);
    assert_non_null(svg);
    int w = 0;
    assert_int_equal(sscanf(strstr(svg, "width="), "width=\"%d\"", &w), 1);
    assert_true(w >= 200 * 10);
    free(svg);
    fx_close(&f);
}

/* With ids: every element the page of sow animate updates. */
static void test_svg_ids(void **state)
{
    (void)state;
    fx f;
    fx_open(&f, "variants/adji_kui_1.yaml");
    sow_svg_opts o = {3, "t", "s", 0, true};
    char *svg = sow_svg_board(&f.s, &f.g, &o, NULL);
    assert_non_null(svg);
    for (int h = 0; h < 12; h++) {
        char id[16];
        const char *kinds = "pdcl";
        for (int k = 0; k < 4; k++) {
            snprintf(id, sizeof id, " id=\"%c%d\"", kinds[k], h);
            assert_int_equal(count(svg, id), 1);
        }
    }
    const char *ids[] = {"cap0", "cap1", "box0", "box1", "head", "turn",
                         "last", "cur", NULL};
    for (int i = 0; ids[i]; i++) {
        char id[16];
        snprintf(id, sizeof id, " id=\"%s\"", ids[i]);
        assert_int_equal(count(svg, id), 1);
    }
    free(svg);
    fx_close(&f);
}

/* Dots stay inside their hole, and apart, for every count drawn. */
static void test_svg_dots(void **state)
{
    (void)state;
    const double r = 23, dot = 3.2;
    for (int k = 1; k <= SOW_SVG_DOTS_MAX; k++) {
        double x[SOW_SVG_DOTS_MAX], y[SOW_SVG_DOTS_MAX];
        for (int i = 0; i < k; i++) {
            sow_svg_dot(i, k, r, &x[i], &y[i]);
            if (hypot(x[i], y[i]) + dot > r - 1)
                fail_msg("%d seeds: seed %d at (%.1f, %.1f) leaves the hole",
                         k, i, x[i], y[i]);
            for (int j = 0; j < i; j++)
                if (hypot(x[i] - x[j], y[i] - y[j]) < 1.9 * dot)
                    fail_msg("%d seeds: seeds %d and %d overlap", k, j, i);
        }
    }
}

/* Every board size 1..32 a row: the holes in one row a pitch apart, in
 * the picture; numbers past 26 a row; more than 20 seeds: a number, no
 * dots. */
static void test_svg_sizes(void **state)
{
    (void)state;
    for (int n = 1; n <= SOW_MAX_ROW; n++) {
        fx f;
        fx_open_size(&f, n, n == 32 ? 21 : 2, n % 2 == 0);
        char *svg = sow_svg_board(&f.s, &f.g, NULL, NULL);
        assert_non_null(svg);
        int w = 0, h = 0;
        assert_int_equal(sscanf(strstr(svg, "width="),
                                "width=\"%d\" height=\"%d\"", &w, &h),
                         2);
        assert_true(w >= n * 56 && h > 0);
        assert_int_equal(count(svg, " r=\"23\""), 2 * n);
        assert_int_equal(count(svg, " r=\"3.2\""), n == 32 ? 0 : 4 * n);
        /* every hole centre inside the picture */
        for (const char *p = strstr(svg, "<circle cx="); p;
             p = strstr(p + 1, "<circle cx=")) {
            double cx = 0;
            assert_int_equal(sscanf(p, "<circle cx=\"%lf\"", &cx), 1);
            assert_true(cx > 0 && cx < w);
        }
        if (n > 26) {
            char want[32];
            snprintf(want, sizeof want, ">%d</text>", 2 * n - 1);
            assert_contains(svg, want);
            assert_contains(svg, "holes numbered as in the records");
        }
        free(svg);
        fx_close(&f);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_svg_start),
        cmocka_unit_test(test_svg_marks),
        cmocka_unit_test(test_svg_escape),
        cmocka_unit_test(test_svg_ids),
        cmocka_unit_test(test_svg_dots),
        cmocka_unit_test(test_svg_sizes),
    };
    return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
