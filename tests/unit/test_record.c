/* test_record.c - the JSON Lines record (engine/observe/sow_record.c,
 * docs/record.md):
 * exact ply and result lines, and move tokens. Adji Kui I through its
 * real script. */
#include "unit.h"

#include "fixture.h"
#include "sow_game.h"
#include "sow_lua.h"
#include "sow_record.h"
#include "sow_variant.h"

typedef struct fx {
    sow_variant *v;
    sow_setup s;
    sow_lua *lua;
    sow_rules rules;
    sow_engine e;
    sow_game g;
} fx;

static void fx_open_file(fx *f, const char *path, const char *const *opts)
{
    sow_error err;
    sow_error_clear(&err);
    memset(f, 0, sizeof *f);
    if (sow_variant_load(path, &f->v, &err))
        fail_msg("%s", err.msg);
    sow_optset o;
    sow_optset_defaults(f->v, &o);
    for (int i = 0; opts && opts[i]; i++)
        if (sow_optset_apply(f->v, &o, opts[i], &err))
            fail_msg("%s", err.msg);
    if (sow_setup_init(&f->s, f->v, &o, &err) ||
        sow_lua_open(&f->lua, f->v, &o, &err))
        fail_msg("%s", err.msg);
    f->rules = sow_lua_rules(f->lua);
    if (sow_engine_init(&f->e, &f->s, &f->rules, &err) ||
        sow_engine_start(&f->e, &f->g, &err))
        fail_msg("%s", err.msg);
}

static void fx_open(fx *f, const char *const *opts)
{
    fx_open_file(f, "variants/adji_kui_1.yaml", opts);
}

static void fx_close(fx *f)
{
    sow_engine_free(&f->e);
    sow_lua_close(f->lua);
    sow_variant_free(f->v);
}

static void fx_play(fx *f, int m)
{
    sow_error err;
    if (sow_engine_play(&f->e, &f->g, m, &err))
        fail_msg("%s", err.msg);
}

/* Board b with captures c0, c1 and `to_move` to move. */
static void fx_position(fx *f, const int b[12], int c0, int c1, int to_move)
{
    int sum = 0;
    for (int h = 0; h < 12; h++) {
        f->g.board[h] = (uint16_t)b[h];
        sum += b[h];
    }
    assert_int_equal(sum + c0 + c1, 48);
    f->g.on_board = sum;
    f->g.captured[0] = c0;
    f->g.captured[1] = c1;
    f->g.to_move = (uint8_t)to_move;
    unit_relegal(&f->s, &f->rules, &f->g, to_move);
}

/* ---- ply lines --------------------------------------------------------- */

/* docs/record.md's first example line: move 2 from the start. */
static void test_ply_line_example(void **state)
{
    (void)state;
    fx f;
    fx_open(&f, NULL);
    sow_game before = f.g;
    fx_play(&f, 2);
    sow_buf b = {0};
    assert_int_equal(sow_record_ply(&b, &f.s, &before, 2, &f.g), SOW_OK);
    const char *want = "{\"ply\":0,\"to_move\":0,\"legal\":[0,1,2,3,4,5],"
                       "\"move\":2,\"board\":[4,4,0,5,5,5,5,4,4,4,4,4],"
                       "\"captured\":[0,0]}\n";
    assert_string_equal(b.s, want);
    assert_int_equal(b.len, strlen(want));
    /* North's reply: ply 1, North's legal moves, and the board after */
    before = f.g;
    fx_play(&f, 9);
    sow_buf_clear(&b);
    sow_record_ply(&b, &f.s, &before, 9, &f.g);
    assert_string_equal(b.s, "{\"ply\":1,\"to_move\":1,\"legal\":[6,7,8,9,"
                             "10,11],\"move\":9,\"board\":[5,5,0,5,5,5,5,4,"
                             "4,0,5,5],\"captured\":[0,0]}\n");
    sow_buf_free(&b);
    fx_close(&f);
}

static void test_ply_line_capture(void **state)
{
    (void)state;
    fx f;
    fx_open(&f, NULL);
    /* K1.5: South's last seed makes 8, 7, 6 hold 2, 3, 2: 7 taken */
    int b[12] = {4, 4, 4, 4, 4, 3, 1, 2, 1, 4, 4, 4};
    fx_position(&f, b, 5, 4, 0);
    f.g.ply = 17;
    sow_game before = f.g;
    fx_play(&f, 5);
    sow_buf line = {0};
    sow_record_ply(&line, &f.s, &before, 5, &f.g);
    assert_string_equal(line.s, "{\"ply\":17,\"to_move\":0,\"legal\":[0,1,"
                                "2,3,4,5],\"move\":5,\"board\":[4,4,4,4,4,0,"
                                "0,0,0,4,4,4],\"captured\":[12,4]}\n");
    sow_buf_free(&line);
    fx_close(&f);
}

/* Issue 13 #7: a ply offering the most decision moves (128) with the
 * longest name (31 letters) is a line of about 5 KB; it was dropped by a
 * 4,096-byte buffer. It comes whole, appended to what the buffer holds. */
static void test_ply_line_long(void **state)
{
    (void)state;
    fx f;
    fx_open(&f, NULL);
    f.v->ndecisions = 1;
    snprintf(f.v->decisions[0], sizeof f.v->decisions[0], "%s",
             "abcdefghijklmnopqrstuvwxyzabcde");
    sow_game before = f.g;
    before.nlegal = 128; /* values 128..255 */
    for (int i = 0; i < 128; i++)
        before.legal[i] = (uint16_t)sow_decision(0, 128 + i);
    sow_buf b = {0};
    sow_buf_add(&b, "before\n");
    assert_int_equal(sow_record_ply(&b, &f.s, &before,
                                    sow_decision(0, 255), &f.g),
                     SOW_OK);
    assert_true(b.len > 4096 + 7);
    assert_int_equal(b.len, strlen(b.s));
    assert_true(strncmp(b.s, "before\n{\"ply\":0,\"to_move\":0,\"legal\":"
                             "[\"abcdefghijklmnopqrstuvwxyzabcde:128\",",
                        52) == 0);
    assert_non_null(strstr(b.s, ",\"abcdefghijklmnopqrstuvwxyzabcde:255\"],"
                                "\"move\":\"abcdefghijklmnopqrstuvwxyzabcde:"
                                "255\",\"board\":[4,4,4,4,4,4,4,4,4,4,4,4],"
                                "\"captured\":[0,0]}\n"));
    /* one line after "before": its only newline is the last byte */
    assert_ptr_equal(strchr(b.s + 7, '\n'), b.s + b.len - 1);
    sow_buf_free(&b);
    fx_close(&f);
}

/* ---- result lines ------------------------------------------------------ */

/* The result line of f's game. */
static void assert_result(fx *f, const sow_game *g, const char *want)
{
    sow_buf b = {0};
    assert_int_equal(sow_record_result(&b, &f->s, g), SOW_OK);
    assert_string_equal(b.s, want);
    assert_int_equal(b.len, strlen(want));
    sow_buf_free(&b);
}

static void test_result_win(void **state)
{
    (void)state;
    fx f;
    fx_open(&f, NULL);
    int b[12] = {1, 0, 1, 0, 0, 2, 0, 0, 1, 0, 1, 0};
    fx_position(&f, b, 25, 17, 0);
    fx_play(&f, 5); /* K1.7(a): neither can move */
    assert_true(f.g.over);
    assert_result(&f, &f.g, "{\"result\":{\"winner\":0,\"score\":[27,21],"
                            "\"reason\":\"neither player can move\","
                            "\"unfinished\":false}}\n");
    fx_close(&f);
}

static void test_result_draw(void **state)
{
    (void)state;
    fx f;
    fx_open(&f, NULL);
    int b[12] = {1, 0, 1, 0, 0, 2, 0, 0, 1, 0, 1, 0};
    fx_position(&f, b, 22, 20, 0);
    fx_play(&f, 5); /* K1.8: 24-24 */
    assert_result(&f, &f.g, "{\"result\":{\"winner\":null,\"score\":[24,"
                            "24],\"reason\":\"neither player can move\","
                            "\"unfinished\":false}}\n");
    fx_close(&f);
}

static void test_result_unfinished(void **state)
{
    (void)state;
    const char *opts[] = {"max_plies=1", NULL};
    fx f;
    fx_open(&f, opts);
    fx_play(&f, 2); /* P3: scores differ, winner still null */
    assert_true(f.g.over);
    assert_result(&f, &f.g, "{\"result\":{\"winner\":null,\"score\":[23,"
                            "25],\"reason\":\"max_plies reached\","
                            "\"unfinished\":true}}\n");
    fx_close(&f);
}

static void test_result_reasons(void **state)
{
    (void)state;
    const char *opts[] = {"endless=no_capture_plies:30", NULL};
    fx f;
    fx_open(&f, opts);
    sow_game g = f.g;
    g.over = true;
    g.result.has_score = true;
    g.result.score[0] = 30;
    g.result.score[1] = 18;
    g.result.winner = 0;
    g.result.reason = SOW_END_NO_CAPTURE;
    assert_result(&f, &g, "{\"result\":{\"winner\":0,\"score\":[30,18],"
                          "\"reason\":\"30 plies without a capture\","
                          "\"unfinished\":false}}\n");
    g.result.reason = SOW_END_REPETITION;
    g.result.winner = 1;
    g.result.score[0] = 18;
    g.result.score[1] = 30;
    assert_result(&f, &g, "{\"result\":{\"winner\":1,\"score\":[18,30],"
                          "\"reason\":\"position repeated\","
                          "\"unfinished\":false}}\n");
    /* a game without scoring (Andada) has score null */
    g.result.has_score = false;
    g.result.reason = SOW_END_ENDLESS;
    assert_result(&f, &g, "{\"result\":{\"winner\":1,\"score\":null,"
                          "\"reason\":\"endless move\","
                          "\"unfinished\":false}}\n");
    fx_close(&f);
}

/* ---- move tokens ------------------------------------------------------- */

static void test_move_parse(void **state)
{
    (void)state;
    fx f;
    fx_open(&f, NULL);
    sow_error err;
    for (int h = 0; h < 12; h++) {
        char tok[8];
        snprintf(tok, sizeof tok, "%d", h);
        sow_move m = -1;
        assert_int_equal(sow_move_parse(&f.s, tok, &m, &err), SOW_OK);
        assert_int_equal(m, h);
        char back[16];
        sow_move_format(back, sizeof back, &f.s, m);
        assert_string_equal(back, tok);
    }
    const char *bad[] = {"", "12", "-1", "a", "1.0", " 3", "3 ", "+3",
                         "0x1", "1e1", "99999999999", "999999", "٣", NULL};
    for (int i = 0; bad[i]; i++) {
        sow_move m = 77;
        sow_error_clear(&err);
        if (sow_move_parse(&f.s, bad[i], &m, &err) == SOW_OK)
            fail_msg("move token \"%s\" was accepted as %d", bad[i], m);
        assert_int_equal(m, 77); /* not written on error */
        assert_true(err.msg[0] != 0);
    }
    sow_move m;
    sow_move_parse(&f.s, "", &m, &err);
    assert_contains(err.msg, "empty");
    sow_move_parse(&f.s, "12", &m, &err);
    assert_contains(err.msg, "holes are 0 to 11");
    sow_move_parse(&f.s, "a", &m, &err);
    assert_contains(err.msg, "'a' is not a hole number (0 to 11)");
    fx_close(&f);
}

/* MB.2: moves that name their direction (Mbangbi, direction: each_move):
 * both directions of every playable hole, by hole then ccw before cw, as
 * tokens "h/ccw" and "h/cw" that read back; plain holes are refused there
 * with the fix, and such tokens elsewhere. */
static void test_directed_moves(void **state)
{
    (void)state;
    fx f;
    fx_open_file(&f, "variants/mbangbi.yaml", NULL);
    sow_error err;
    assert_int_equal(f.g.nlegal, 10);
    for (int i = 0; i < 10; i++) {
        sow_move m = f.g.legal[i];
        assert_true(sow_move_is_directed(m));
        assert_false(sow_move_is_decision(m));
        assert_int_equal(sow_move_hole(m), i / 2);
        assert_int_equal(sow_move_dir(m), i % 2 ? SOW_DIR_CW : SOW_DIR_CCW);
        assert_true(i == 0 || m > f.g.legal[i - 1]);
        char tok[16], want[16];
        snprintf(want, sizeof want, "%d/%s", i / 2, i % 2 ? "cw" : "ccw");
        sow_move_format(tok, sizeof tok, &f.s, m);
        assert_string_equal(tok, want);
        sow_move back = -1;
        assert_int_equal(sow_move_parse(&f.s, tok, &back, &err), SOW_OK);
        assert_int_equal(back, m);
    }
    /* a plain hole is not a move here */
    assert_true(sow_move_hole(3) == 3 && !sow_move_is_directed(3));
    const char *bad[] = {"3", "3/", "/cw", "3/xx", "3/CW", "3/cw/cw",
                         "10/cw", "-1/cw", "3/ccw ", "1234567/cw", NULL};
    for (int i = 0; bad[i]; i++) {
        sow_move m = 77;
        sow_error_clear(&err);
        if (sow_move_parse(&f.s, bad[i], &m, &err) == SOW_OK)
            fail_msg("move token \"%s\" was accepted as %d", bad[i], m);
        assert_int_equal(m, 77);
        assert_true(err.msg[0] != 0);
    }
    sow_move m;
    sow_move_parse(&f.s, "3", &m, &err);
    assert_contains(err.msg, "every move names its direction; type 3/ccw "
                             "or 3/cw");
    sow_move_parse(&f.s, "3/xx", &m, &err);
    assert_contains(err.msg, "move '3/xx': a direction is cw or ccw");
    sow_move_parse(&f.s, "10/cw", &m, &err);
    assert_contains(err.msg, "move 10/cw: there is no such hole");
    /* South's 3/cw: 8 seeds to 2, 1, 0, then North's 9 down to 5 */
    sow_game before = f.g;
    fx_play(&f, sow_directed(3, SOW_DIR_CW));
    assert_int_equal(f.g.last_move_hole, 3);
    assert_int_equal(f.g.move_dir, SOW_DIR_CW);
    sow_buf b = {0};
    assert_int_equal(sow_record_ply(&b, &f.s, &before,
                                    sow_directed(3, SOW_DIR_CW), &f.g),
                     SOW_OK);
    assert_string_equal(b.s, "{\"ply\":0,\"to_move\":0,\"legal\":["
                             "\"0/ccw\",\"0/cw\",\"1/ccw\",\"1/cw\","
                             "\"2/ccw\",\"2/cw\",\"3/ccw\",\"3/cw\","
                             "\"4/ccw\",\"4/cw\"],\"move\":\"3/cw\","
                             "\"board\":[9,9,9,0,8,9,9,9,9,9],"
                             "\"captured\":[0,0]}\n");
    sow_buf_free(&b);
    /* a plain hole is illegal, and so is a hole of the other player */
    assert_int_equal(sow_engine_play(&f.e, &f.g, 7, &err), SOW_ERR);
    assert_int_equal(sow_engine_play(&f.e, &f.g, sow_directed(3, 0), &err),
                     SOW_ERR);
    fx_close(&f);
    /* elsewhere a direction is refused */
    fx_open(&f, NULL);
    sow_move_parse(&f.s, "3/cw", &m, &err);
    assert_contains(err.msg, "do not name a direction; type the hole number "
                             "alone");
    fx_close(&f);
}

/* Issue 24 (MancalaGames' udir_holes): direction.chosen_at names the holes
 * that choose their direction; the others are plain holes sown their own
 * way (tests/unseen/cow.yaml, CW.2: each player's two left-hand holes
 * clockwise, the two right-hand ones counter-clockwise, the middle hole
 * either way). legal lists 0 1 2/ccw 2/cw 3 4, the record writes a plain
 * hole as an integer, and each token reads back as its move. */
static void test_chosen_at_moves(void **state)
{
    (void)state;
    fx f;
    fx_open_file(&f, "tests/unseen/cow.yaml", NULL);
    sow_error err;
    const char *want[] = {"0", "1", "2/ccw", "2/cw", "3", "4"};
    assert_int_equal(f.g.nlegal, 6);
    for (int i = 0; i < 6; i++) {
        char tok[16];
        sow_move m = f.g.legal[i], back = -1;
        sow_move_format(tok, sizeof tok, &f.s, m);
        assert_string_equal(tok, want[i]);
        assert_int_equal(sow_move_parse(&f.s, tok, &back, &err), SOW_OK);
        assert_int_equal(back, m);
    }
    /* the outer holes sow their own way: 0 and 1 clockwise (CW.2) */
    assert_int_equal(sow_move_dir(f.g.legal[0]), SOW_DIR_CW);
    assert_int_equal(sow_move_dir(f.g.legal[5]), SOW_DIR_CCW);
    sow_move m = 77;
    assert_int_equal(sow_move_parse(&f.s, "0/cw", &m, &err), SOW_ERR);
    assert_contains(err.msg, "hole 0 of variant unseen-cow does not choose "
                             "its direction (it sows clockwise); type 0 "
                             "alone");
    assert_int_equal(sow_move_parse(&f.s, "2", &m, &err), SOW_ERR);
    assert_contains(err.msg, "a move from this hole names its direction; "
                             "type 2/ccw or 2/cw");
    assert_int_equal(m, 77);
    /* 0 (5 seeds) sows clockwise: North's 9 down to 5 */
    sow_game before = f.g;
    sow_move zero = f.g.legal[0];
    fx_play(&f, zero);
    sow_buf b = {0};
    assert_int_equal(sow_record_ply(&b, &f.s, &before, zero, &f.g), SOW_OK);
    assert_string_equal(b.s, "{\"ply\":0,\"to_move\":0,\"legal\":[0,1,"
                             "\"2/ccw\",\"2/cw\",3,4],\"move\":0,"
                             "\"board\":[0,5,5,5,5,6,6,6,6,6],"
                             "\"captured\":[0,0]}\n");
    sow_buf_free(&b);
    fx_close(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ply_line_example),
        cmocka_unit_test(test_ply_line_capture),
        cmocka_unit_test(test_ply_line_long),
        cmocka_unit_test(test_result_win),
        cmocka_unit_test(test_result_draw),
        cmocka_unit_test(test_result_unfinished),
        cmocka_unit_test(test_result_reasons),
        cmocka_unit_test(test_move_parse),
        cmocka_unit_test(test_directed_moves),
        cmocka_unit_test(test_chosen_at_moves),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
