/* test_session.c - the public API (include/sow/sow.h), used as an
 * embedder uses it: only sow/sow.h is included. Opening and its errors,
 * the state, moves by token and by label, illegal moves, undo, replay
 * (and that a failed replay leaves the session as it was), the record,
 * computer players, self-play totals, and a whole Adji Kui II match
 * (K2.9). Run from the project's root (make check does). */
#include "unit.h"

#include <stdlib.h>
#include <string.h>

#include "sow/sow.h"

#define KUI1 "variants/adji_kui_1.yaml"

static sow_session *open_ok(const char *variant, const char *const *opts)
{
    sow_session *s = NULL;
    sow_error err;
    if (sow_open(variant, opts, &s, &err) != SOW_OK)
        fail_msg("%s:%d:%d: %s", err.path, err.line, err.col, err.msg);
    assert_non_null(s);
    return s;
}

static void play_ok(sow_session *s, const char *move)
{
    sow_error err;
    if (sow_session_play(s, move, &err) != SOW_OK)
        fail_msg("%s: %s", move, err.msg);
}

static void test_version(void **state)
{
    (void)state;
    assert_string_equal(sow_version(), SOW_VERSION_STRING);
    char want[32];
    snprintf(want, sizeof want, "%d.%d.%d", SOW_VERSION_MAJOR,
             SOW_VERSION_MINOR, SOW_VERSION_PATCH);
    assert_string_equal(sow_version(), want);
}

static void test_open_errors(void **state)
{
    (void)state;
    sow_session *s = (sow_session *)1;
    sow_error err;
    setenv("SOW_VARIANTS", "variants", 1);
    assert_int_equal(sow_open("no-such-variant", NULL, &s, &err), SOW_ERR);
    assert_null(s);
    assert_non_null(strstr(err.msg, "no variant 'no-such-variant'"));
    /* a path to a file that is not there names the file */
    assert_int_equal(sow_open("variants/missing.yaml", NULL, &s, &err),
                     SOW_ERR);
    assert_string_equal(err.path, "variants/missing.yaml");
    /* an option that does not exist, a value out of range */
    const char *bad[] = {"nope=1", NULL};
    assert_int_equal(sow_open(KUI1, bad, &s, &err), SOW_ERR);
    assert_non_null(strstr(err.msg, "nope"));
    const char *range[] = {"max_plies=0", NULL};
    assert_int_equal(sow_open(KUI1, range, &s, &err), SOW_ERR);
    assert_non_null(strstr(err.msg, "max_plies"));
    assert_int_equal(sow_open(NULL, NULL, &s, &err), SOW_ERR);
    sow_session_close(NULL); /* allowed */
}

/* C0.1: South starts, every hole filled, the legal moves are South's
 * holes; found by id through SOW_VARIANTS. */
static void test_open_by_id_and_start(void **state)
{
    (void)state;
    setenv("SOW_VARIANTS", "variants", 1);
    sow_session *s = open_ok("adji-kui-1", NULL);
    assert_string_equal(sow_session_variant(s), "adji-kui-1");
    assert_string_equal(sow_session_name(s), "Adji Kui I");
    sow_state st;
    sow_session_state(s, &st);
    assert_int_equal(st.holes, 12);
    assert_int_equal(st.to_move, 0);
    assert_int_equal(st.ply, 0);
    assert_int_equal(st.game, 1);
    assert_false(st.over);
    for (int h = 0; h < st.holes; h++) {
        assert_true(st.board[h] > 0);
        assert_int_equal(st.owner[h], h < 6 ? 0 : 1); /* C0.6 */
    }
    int legal[64];
    int n = sow_session_legal(s, legal, 64);
    assert_int_equal(n, 6);
    for (int i = 0; i < n; i++)
        assert_int_equal(legal[i], i);
    assert_int_equal(sow_session_legal(s, NULL, 0), 6);
    char t[16];
    sow_session_move_text(s, 2, 0, t, sizeof t);
    assert_string_equal(t, "2");
    sow_session_move_text(s, 2, 1, t, sizeof t);
    assert_string_equal(t, "c");
    sow_session_move_text(s, 6, 1, t, sizeof t);
    assert_string_equal(t, "A");
    sow_session_close(s);
}

/* The legal moves are two decisions, in words `first` and `second`. */
static void two_choices(const sow_session *s, const char *first,
                        const char *second)
{
    int legal[64];
    char w[64];
    assert_int_equal(sow_session_legal(s, legal, 64), 2);
    sow_session_move_words(s, legal[0], w, sizeof w);
    assert_string_equal(w, first);
    sow_session_move_words(s, legal[1], w, sizeof w);
    assert_string_equal(w, second);
}

/* A decision's question and its choices in words: Andada's first mover
 * (A.3), Olinda's direction (C1.12); an ordinary move asks nothing. */
static void test_question_and_words(void **state)
{
    (void)state;
    char q[512], w[64];
    sow_session *s = open_ok("variants/andada.yaml", NULL);
    assert_int_equal(sow_session_question(s, q, sizeof q), 0);
    assert_string_equal(q, "");
    sow_session_move_words(s, 2, w, sizeof w);
    assert_string_equal(w, "hole c");
    play_ok(s, "4");
    assert_true(sow_session_question(s, q, sizeof q) > 0);
    assert_non_null(strstr(q, "who makes the first regular move?"));
    two_choices(s, "South", "North");
    sow_session_close(s);
    s = open_ok("variants/olinda.yaml", NULL);
    sow_session_question(s, q, sizeof q);
    assert_non_null(strstr(q, "which way do you sow this round?"));
    two_choices(s, "counter-clockwise", "clockwise");
    sow_session_close(s);
}

static void test_play_undo_reset(void **state)
{
    (void)state;
    sow_session *s = open_ok(KUI1, NULL);
    sow_state st0, st1, st;
    sow_session_state(s, &st0);
    play_ok(s, "3");
    sow_session_state(s, &st1);
    assert_int_equal(st1.ply, 1);
    assert_int_equal(st1.to_move, 1);
    assert_int_equal(st1.board[3], 0); /* lifted */
    play_ok(s, "A"); /* North's hole 6 by its label */
    int moves[8];
    assert_int_equal(sow_session_moves(s, moves, 8), 2);
    assert_int_equal(moves[0], 3);
    assert_int_equal(moves[1], 6);
    sow_error err;
    /* not North's turn... South's: hole 7 is North's (C0.3) */
    assert_int_equal(sow_session_play(s, "7", &err), SOW_ERR);
    assert_non_null(strstr(err.msg, "legal"));
    assert_int_equal(sow_session_play(s, "zz", &err), SOW_ERR);
    assert_int_equal(sow_session_moves(s, NULL, 0), 2); /* unchanged */
    assert_int_equal(sow_session_undo(s, &err), SOW_OK);
    sow_session_state(s, &st);
    assert_memory_equal(&st, &st1, sizeof st);
    assert_int_equal(sow_session_undo(s, &err), SOW_OK);
    sow_session_state(s, &st);
    assert_memory_equal(&st, &st0, sizeof st);
    assert_int_equal(sow_session_undo(s, &err), SOW_ERR);
    play_ok(s, "0");
    assert_int_equal(sow_session_reset(s, &err), SOW_OK);
    sow_session_state(s, &st);
    assert_memory_equal(&st, &st0, sizeof st);
    assert_int_equal(sow_session_moves(s, NULL, 0), 0);
    sow_session_close(s);
}

/* A random game to its end; returns the plies. */
static int play_out(sow_session *s, uint64_t seed)
{
    int legal[256];
    int n, plies = 0;
    sow_error err;
    while ((n = sow_session_legal(s, legal, 256)) > 0) {
        seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
        if (sow_session_play_move(s, legal[(seed >> 33) % (uint64_t)n],
                                  &err))
            fail_msg("%s", err.msg);
        plies++;
    }
    return plies;
}

/* error.h's promise, checked byte by byte: valid UTF-8 with no control
 * character (C0, DEL, C1) */
static void assert_printable(const char *text)
{
    const unsigned char *p = (const unsigned char *)text;
    while (*p) {
        if (*p < 0x20 || *p == 0x7f)
            fail_msg("control byte 0x%02x in '%s'", *p, text);
        int n = *p < 0x80 ? 1 : (*p & 0xe0) == 0xc0 ? 2
              : (*p & 0xf0) == 0xe0 ? 3 : (*p & 0xf8) == 0xf0 ? 4 : 0;
        if (n == 0 || (n == 2 && *p < 0xc2))
            fail_msg("byte 0x%02x starts no UTF-8 character in '%s'", *p,
                     text);
        for (int i = 1; i < n; i++)
            if ((p[i] & 0xc0) != 0x80)
                fail_msg("broken UTF-8 in '%s'", text);
        if (n == 2 && *p == 0xc2 && p[1] < 0xa0)
            fail_msg("C1 control U+%04X in '%s'", p[1], text);
        p += n;
    }
}

/* Issue 23: a replayed token with ESC, C1 or raw 8-bit bytes came back
 * whole in the error's text; every text of a sow_error is sanitized where
 * it is made and where it is reworded. */
static void test_replay_error_is_printable(void **state)
{
    (void)state;
    sow_session *s = open_ok(KUI1, NULL);
    static const char *const bad[] = {
        "2 \x1b[31mred",       /* CSI through ESC */
        "2 \xc2\x9b" "31m",    /* C1 CSI */
        "2 \x9b" "31m\xff\xfe", /* raw 8-bit bytes, not UTF-8 */
        "\x1b]52;c;aGk=\x07",  /* OSC 52 with BEL, as the first token */
        "2 7 \xe2\x82",        /* a character cut short */
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        sow_error err;
        assert_int_equal(sow_session_replay(s, bad[i], &err), SOW_ERR);
        assert_non_null(strstr(err.msg, "move "));
        assert_printable(err.msg);
        assert_printable(err.path);
        char line[SOW_PATH_MAX + SOW_MSG_MAX + 32];
        sow_error_format(&err, line, sizeof line);
        assert_printable(line);
    }
    sow_session_close(s);
}

/* Issue 23 #4: a path longer than sow_open's old 1,400-byte buffer opened
 * the cut prefix. "./" repeated keeps a path valid at any length. */
static void test_open_long_path(void **state)
{
    (void)state;
    size_t n = 700, len = strlen("variants/") + 2 * n + 32;
    char *path = malloc(len), *huge = malloc(len + 6000);
    assert_non_null(path);
    assert_non_null(huge);
    strcpy(path, "variants/");
    for (size_t i = 0; i < n; i++)
        strcat(path, "./");
    strcat(path, "adji_kui_1.yaml");
    sow_session *s = open_ok(path, NULL); /* 1,424 bytes: opened whole */
    assert_string_equal(sow_session_variant(s), "adji-kui-1");
    sow_session_close(s);
    strcat(path, "xx"); /* the cut prefix was Adji Kui I */
    sow_error err;
    assert_int_equal(sow_open(path, NULL, &s, &err), SOW_ERR);
    assert_null(s);
    assert_non_null(strstr(err.msg, "cannot open"));
    /* the error's path is too long for it: marked as cut */
    assert_non_null(strstr(err.path, "/./..."));
    strcpy(huge, "variants/");
    for (size_t i = 0; i < 3000; i++)
        strcat(huge, "./");
    strcat(huge, "adji_kui_1.yaml");
    assert_int_equal(sow_open(huge, NULL, &s, &err), SOW_ERR);
    assert_non_null(strstr(err.msg, "is too long (6024 bytes; at most"));
    free(path);
    free(huge);
}

/* Issue 23 #5: only the first 8 SOW_VARIANTS folders were searched. */
static void test_open_many_folders(void **state)
{
    (void)state;
    char dirs[4096] = "";
    for (int i = 0; i < 20; i++)
        sprintf(dirs + strlen(dirs), "/nope/%d:", i);
    strcat(dirs, "tests/variants");
    const char *was = getenv("SOW_VARIANTS");
    char *saved = was ? strdup(was) : NULL;
    setenv("SOW_VARIANTS", dirs, 1);
    sow_session *s = open_ok("test-endless", NULL);
    assert_string_equal(sow_session_variant(s), "test-endless");
    sow_session_close(s);
    if (saved)
        setenv("SOW_VARIANTS", saved, 1);
    else
        unsetenv("SOW_VARIANTS");
    free(saved);
}

static void test_replay_and_record(void **state)
{
    (void)state;
    sow_session *s = open_ok(KUI1, NULL);
    int plies = play_out(s, 11);
    sow_state end;
    sow_session_state(s, &end);
    assert_true(end.over);
    assert_true(end.result[0]);
    sow_error err;
    assert_int_equal(sow_session_play(s, "0", &err), SOW_ERR);
    assert_non_null(strstr(err.msg, "over"));
    /* the record: a line a ply and the result line */
    char *rec = sow_session_record(s, &err);
    assert_non_null(rec);
    int lines = 0;
    for (char *p = rec; *p; p++)
        lines += *p == '\n';
    assert_int_equal(lines, plies + 1);
    assert_non_null(strstr(rec, "{\"ply\":0,\"to_move\":0,"));
    assert_non_null(strstr(rec, "{\"result\":"));
    /* its first line names the game (docs/record.md, Which game) */
    char *names = strstr(rec, ",\"variant\":\"adji-kui-1\",\"options\":{},"
                              "\"digest\":\"fnv1a64:");
    assert_non_null(names);
    assert_ptr_equal(strchr(rec, '\n'), strstr(names, "}\n") + 1);
    /* the session is where it was after making the record */
    sow_state st;
    sow_session_state(s, &st);
    assert_memory_equal(&st, &end, sizeof st);
    /* the same game from its move list, as tokens */
    int *mv = malloc(sizeof *mv * (size_t)plies);
    assert_int_equal(sow_session_moves(s, mv, plies), plies);
    char *list = malloc((size_t)plies * 4 + 1);
    list[0] = 0;
    for (int i = 0; i < plies; i++)
        sprintf(list + strlen(list), "%s%d", i ? "," : "", mv[i]);
    sow_session *t = open_ok(KUI1, NULL);
    assert_int_equal(sow_session_replay(t, list, &err), SOW_OK);
    char *rec2 = sow_session_record(t, &err);
    assert_string_equal(rec, rec2);
    /* a bad token in a list: an error naming it, the session unchanged */
    assert_int_equal(sow_session_replay(t, "0 6 zz 1", &err), SOW_ERR);
    assert_non_null(strstr(err.msg, "move 3 ('zz')"));
    sow_session_state(t, &st);
    assert_memory_equal(&st, &end, sizeof st);
    assert_int_equal(sow_session_moves(t, NULL, 0), plies);
    free(rec);
    free(rec2);
    free(list);
    free(mv);
    sow_session_close(s);
    sow_session_close(t);
}

static void test_think(void **state)
{
    (void)state;
    sow_session *s = open_ok(KUI1, NULL);
    sow_error err;
    int a, b;
    assert_int_equal(sow_session_think(s, "alphabeta:depth=4", 1, &a, &err),
                     SOW_OK);
    assert_int_equal(sow_session_think(s, "alphabeta:depth=4", 1, &b, &err),
                     SOW_OK);
    assert_int_equal(a, b);
    assert_true(a >= 0 && a < 6);
    assert_int_equal(sow_session_think(s, "random", 5, &a, &err), SOW_OK);
    assert_int_equal(sow_session_think(s, "random", 5, &b, &err), SOW_OK);
    assert_int_equal(a, b);
    assert_int_equal(sow_session_think(s, "wizard", 1, &a, &err), SOW_ERR);
    assert_non_null(strstr(err.msg, "no such player"));
    assert_int_equal(sow_session_moves(s, NULL, 0), 0); /* not played */
    sow_session_close(s);
}

static void test_selfplay(void **state)
{
    (void)state;
    sow_session *s = open_ok(KUI1, NULL);
    play_ok(s, "2");
    sow_state before, after;
    sow_session_state(s, &before);
    sow_selfplay_stats a, b;
    sow_error err;
    assert_int_equal(sow_session_selfplay(s, "greedy", "random", 50, 7, &a,
                                          &err),
                     SOW_OK);
    assert_int_equal(a.games, 50);
    assert_int_equal(a.wins[0] + a.wins[1] + a.draws + a.unfinished, 50);
    assert_true(a.plies >= 50 && a.plies_max > 0);
    /* `sow selfplay adji-kui-1 --games 50 --seed 7 --players
     * greedy,random` says: South 45, North 4, 1 draw */
    assert_int_equal(a.wins[0], 45);
    assert_int_equal(a.wins[1], 4);
    assert_int_equal(a.draws, 1);
    assert_int_equal(sow_session_selfplay(s, "greedy", "random", 50, 7, &b,
                                          &err),
                     SOW_OK);
    assert_memory_equal(&a, &b, sizeof a);
    sow_session_state(s, &after);
    assert_memory_equal(&before, &after, sizeof after);
    assert_int_equal(sow_session_selfplay(s, "greedy", "nobody", 1, 7, &b,
                                          &err),
                     SOW_ERR);
    sow_session_close(s);
}

/* K2.9: a match of Adji Kui II goes on game after game until it is over. */
static void test_match(void **state)
{
    (void)state;
    const char *opts[] = {"match=true", NULL};
    sow_session *s = open_ok("variants/adji_kui_2.yaml", opts);
    play_out(s, 3);
    sow_state st;
    sow_session_state(s, &st);
    assert_true(st.over);
    assert_true(st.game > 1);
    assert_true(st.winner >= -1 && st.winner <= 1);
    assert_true(st.result[0]);
    /* undo steps back into the last game */
    sow_error err;
    assert_int_equal(sow_session_undo(s, &err), SOW_OK);
    sow_session_state(s, &st);
    assert_false(st.over);
    assert_true(sow_session_legal(s, NULL, 0) > 0);
    sow_session_close(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_version),
        cmocka_unit_test(test_open_errors),
        cmocka_unit_test(test_open_by_id_and_start),
        cmocka_unit_test(test_question_and_words),
        cmocka_unit_test(test_play_undo_reset),
        cmocka_unit_test(test_open_long_path),
        cmocka_unit_test(test_open_many_folders),
        cmocka_unit_test(test_replay_and_record),
        cmocka_unit_test(test_replay_error_is_printable),
        cmocka_unit_test(test_think),
        cmocka_unit_test(test_selfplay),
        cmocka_unit_test(test_match),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
