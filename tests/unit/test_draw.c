/* test_draw.c - hole labels and the board drawing (engine/observe/sow_draw.c):
 * a..f / A..F, labels back to holes, the picture of a board, and the
 * 80-column promise of sow_draw.h for rows of up to 24 holes; on boards
 * of more rows a1.. (C2.2) and rows over rows (C2.1). */
#include "unit.h"

#include <ctype.h>

#include "sow_draw.h"
#include "sow_game.h"
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
    unit_write(path, sizeof path, tdir, "d.yaml", text);
    fx_open(f, path);
}

static void fx_close(fx *f)
{
    sow_engine_free(&f->e);
    sow_variant_free(f->v);
}

/* ---- labels ------------------------------------------------------------ */

static void test_labels(void **state)
{
    (void)state;
    fx f;
    fx_open(&f, "variants/adji_kui_1.yaml");
    const char *want[12] = {"a", "b", "c", "d", "e", "f",
                            "A", "B", "C", "D", "E", "F"};
    for (int h = 0; h < 12; h++) {
        char buf[8];
        sow_hole_label(&f.s, h, buf, sizeof buf);
        assert_string_equal(buf, want[h]);
        assert_int_equal(sow_hole_from_label(&f.s, want[h]), h);
        char num[8];
        snprintf(num, sizeof num, "%d", h);
        assert_int_equal(sow_hole_from_label(&f.s, num), h);
    }
    const char *bad[] = {"g", "G", "z", "Z", "12", "-1", "", "ab", "1a",
                         " a", "a ", "1000", "+1", NULL};
    for (int i = 0; bad[i]; i++)
        if (sow_hole_from_label(&f.s, bad[i]) != -1)
            fail_msg("label \"%s\" gave hole %d", bad[i],
                     sow_hole_from_label(&f.s, bad[i]));
    fx_close(&f);
}

/* Every hole of every board size the loader accepts (1..32 per row) has
 * a one-character printable label of its own that reads back to it. */
static void test_labels_all_sizes(void **state)
{
    (void)state;
    char problem[256] = "";
    for (int n = 1; n <= SOW_MAX_ROW && !problem[0]; n++) {
        fx f;
        fx_open_size(&f, n, 1, false);
        char seen[SOW_MAX_HOLES][8];
        for (int h = 0; h < 2 * n && !problem[0]; h++) {
            sow_hole_label(&f.s, h, seen[h], sizeof seen[h]);
            unsigned char c = (unsigned char)seen[h][0];
            int back = sow_hole_from_label(&f.s, seen[h]);
            /* letters up to 26 holes a row, hole numbers beyond */
            bool printable = seen[h][0] != 0;
            for (const char *q = seen[h]; *q; q++)
                if (!isgraph((unsigned char)*q) || (unsigned char)*q > 126)
                    printable = false;
            if (!printable || strlen(seen[h]) > (n > 26 ? 2u : 1u))
                snprintf(problem, sizeof problem,
                         "2x%d: hole %d has label 0x%02x", n, h, c);
            else if (back != h)
                snprintf(problem, sizeof problem,
                         "2x%d: label '%s' reads back as %d, not %d", n,
                         seen[h], back, h);
            for (int k = 0; k < h && !problem[0]; k++)
                if (strcmp(seen[k], seen[h]) == 0)
                    snprintf(problem, sizeof problem,
                             "2x%d: holes %d and %d are both '%s'", n, k, h,
                             seen[h]);
        }
        fx_close(&f);
    }
    if (problem[0])
        fail_msg("%s", problem);
}

/* Boards of more rows (C2.2): a column letter and a row number, read
 * back; one letter, a row off the board, a column off it are no label. */
static void test_labels_rows(void **state)
{
    (void)state;
    fx f;
    fx_open(&f, "variants/moruba.yaml"); /* 4x12 */
    char buf[8];
    int at[] = {0, 11, 16, 31, 47};
    const char *want[] = {"a1", "l1", "e2", "h3", "l4"};
    for (int i = 0; i < 5; i++) {
        sow_hole_label(&f.s, at[i], buf, sizeof buf);
        assert_string_equal(buf, want[i]);
    }
    for (int h = 0; h < f.s.holes; h++) {
        sow_hole_label(&f.s, h, buf, sizeof buf);
        assert_int_equal(sow_hole_from_label(&f.s, buf), h);
        assert_int_equal(sow_draw_row(&f.s, h), h / 12);
        assert_int_equal(sow_draw_col(&f.s, h), h % 12);
    }
    const char *bad[] = {"a", "A", "A1", "m1", "a0", "a5", "a10", "a1 ",
                         "1a", "48", NULL};
    for (int i = 0; bad[i]; i++)
        if (sow_hole_from_label(&f.s, bad[i]) != -1)
            fail_msg("label \"%s\" gave hole %d", bad[i],
                     sow_hole_from_label(&f.s, bad[i]));
    assert_int_equal(sow_hole_from_label(&f.s, "47"), 47);
    sow_move m;
    sow_error err;
    sow_error_clear(&err);
    assert_int_equal(sow_move_read(&f.s, "k1", &m, &err), SOW_OK);
    assert_int_equal(m, 10);
    assert_int_not_equal(sow_move_read(&f.s, "m1", &m, &err), SOW_OK);
    assert_non_null(strstr(err.msg, "a1 to l4"));
    fx_close(&f);
}

/* ---- drawing ------------------------------------------------------------ */

/* Three rows (C2.1): North's row at the top, each row from South's left
 * with its number, and the shared middle row named by halves. */
static void test_draw_rows(void **state)
{
    (void)state;
    char path[512];
    unit_write(path, sizeof path, tdir, "three.yaml",
               "id: t\nname: T\nsummary: s\n"
               "board:\n  rows: 3\n  holes: 4\n  seeds: 2\n"
               "  stores: false\n"
               "sowing:\n  track:\n    south: [0, 1, 2, 3, 7, 6]\n"
               "    north: [11, 10, 9, 8, 4, 5]\n  laps: single\n");
    fx f;
    fx_open(&f, path);
    f.g.board[9] = 7; /* b3 */
    char pic[SOW_DRAW_MAX];
    assert_true(sow_draw_board(pic, sizeof pic, &f.s, &f.g, 2) > 0);
    assert_string_equal(pic, "            a  b  c  d \n"
                             "North   3 | 2  7  2  2   taken 0\n"
                             "        2 | 2  2  2  2 \n"
                             "South   1 | 2  2  2< 2   taken 0\n"
                             "            a  b  c  d \n"
                             "row 2 is shared: a2 to b2 North's, c2 to d2 "
                             "South's\n");
    fx_close(&f);
}

static void test_draw_start(void **state)
{
    (void)state;
    fx f;
    fx_open(&f, "variants/adji_kui_1.yaml");
    char buf[1024];
    int n = sow_draw_board(buf, sizeof buf, &f.s, &f.g, -1);
    const char *want = "        F  E  D  C  B  A \n"
                       "North   4  4  4  4  4  4   taken 0\n"
                       "South   4  4  4  4  4  4   taken 0\n"
                       "        a  b  c  d  e  f \n";
    assert_string_equal(buf, want);
    assert_int_equal(n, (int)strlen(want));
    /* the hole last sown from is marked '<', a hole owned by the player
     * of the other row '*' (C0.6); captures show at the row's end */
    f.g.board[2] = 0;
    f.g.board[9] = 17;
    sow_game_set_owner(&f.g, 7, 0);
    f.g.captured[1] = 5;
    n = sow_draw_board(buf, sizeof buf, &f.s, &f.g, 2);
    assert_string_equal(buf, "        F  E  D  C  B  A \n"
                             "North   4  4 17  4  4* 4   taken 5\n"
                             "South   4  4  0< 4  4  4   taken 0\n"
                             "        a  b  c  d  e  f \n");
    /* too small a buffer: -1 and an empty string */
    char small[40];
    assert_int_equal(sow_draw_board(small, sizeof small, &f.s, &f.g, -1), -1);
    assert_string_equal(small, "");
    fx_close(&f);
}

static void test_draw_stores(void **state)
{
    (void)state;
    fx f;
    fx_open_size(&f, 5, 10, true);
    f.g.captured[0] = 12;
    f.g.captured[1] = 7;
    char buf[1024];
    sow_draw_board(buf, sizeof buf, &f.s, &f.g, -1);
    assert_string_equal(buf, "        E  D  C  B  A \n"
                             "N[  7] 10 10 10 10 10 \n"
                             "       10 10 10 10 10  [ 12]S\n"
                             "        a  b  c  d  e \n");
    fx_close(&f);
}

/* Each line of buf ends in a newline and is under 80 columns; returns
 * the number of lines, or -1 with the offending line in problem. */
static int lines_under_80(const char *buf, char *problem, size_t size)
{
    int lines = 0;
    for (const char *p = buf; *p;) {
        const char *e = strchr(p, '\n');
        if (!e) {
            snprintf(problem, size, "no newline after \"%s\"", p);
            return -1;
        }
        size_t len = (size_t)(e - p);
        if (len >= 80) {
            snprintf(problem, size, "a line of %zu columns:\n%.*s", len,
                     (int)len, p);
            return -1;
        }
        lines++;
        p = e + 1;
    }
    return lines;
}

/* sow_draw.h: fits 80 columns for rows of up to 24 holes with counts
 * below 100. */
static void test_draw_24_fits_80(void **state)
{
    (void)state;
    char problem[512] = "";
    for (int stores = 0; stores < 2 && !problem[0]; stores++) {
        fx f;
        fx_open_size(&f, 24, 4, stores);
        char buf[4096], why[400];
        const char *what = stores ? "with stores" : "without stores";
        int n = sow_draw_board(buf, sizeof buf, &f.s, &f.g, 3);
        int lines = n > 0 ? lines_under_80(buf, why, sizeof why) : -1;
        if (n <= 0)
            snprintf(problem, sizeof problem, "%s: not drawn", what);
        else if (lines != 5 || !strstr(buf, stores ? "stores: South 0, North 0"
                                                     : "taken: South 0, North 0"))
            snprintf(problem, sizeof problem, "%s, 4 each: %s", what,
                     lines < 0 ? why
                               : "not 4 rows and a line for the captures");
        /* two-digit counts and captures */
        for (int h = 0; h < f.s.holes; h++)
            f.g.board[h] = (uint16_t)(99 - h);
        sow_game_set_owner(&f.g, 5, 1);
        f.g.captured[0] = 99;
        f.g.captured[1] = 99;
        n = sow_draw_board(buf, sizeof buf, &f.s, &f.g, 30);
        if (!problem[0] && (n <= 0 || lines_under_80(buf, why, sizeof why) < 0))
            snprintf(problem, sizeof problem, "%s, up to 99: %s", what,
                     n <= 0 ? "not drawn" : why);
        fx_close(&f);
    }
    if (problem[0])
        fail_msg("%s", problem);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_labels),
        cmocka_unit_test(test_labels_all_sizes),
        cmocka_unit_test(test_labels_rows),
        cmocka_unit_test(test_draw_rows),
        cmocka_unit_test(test_draw_start),
        cmocka_unit_test(test_draw_stores),
        cmocka_unit_test(test_draw_24_fits_80),
    };
    return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
