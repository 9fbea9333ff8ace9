/* test_scenario.c - scenario files (sow_scenario.h): what loading refuses,
 * each with its line and column; a case that passes; a case whose
 * expectations fail, field by field; expected errors; problems found when
 * running a case against the variant (an unknown option, a board of the
 * wrong length, an unknown phase), with their place in the file. */
#include "unit.h"

#include "sow_scenario.h"

#define KUI1 "variants/adji_kui_1.yaml"

static sow_variant *variant(const char *path)
{
    sow_variant *v = NULL;
    sow_error err;
    if (sow_variant_load(path, &v, &err))
        fail_msg("%s:%d:%d: %s", err.path, err.line, err.col, err.msg);
    return v;
}

static sow_scenario_file *load(const char *text)
{
    sow_scenario_file *f = NULL;
    sow_error err;
    if (sow_scenario_load_text("t/s.yaml", text, strlen(text), &f, &err))
        fail_msg("%s:%d:%d: %s", err.path, err.line, err.col, err.msg);
    return f;
}

/* Loading text must fail at line:col with a message containing want. */
static void refused(const char *text, int line, int col, const char *want)
{
    sow_scenario_file *f = NULL;
    sow_error err;
    sow_error_clear(&err);
    int rc = sow_scenario_load_text("t/s.yaml", text, strlen(text), &f, &err);
    if (rc == SOW_OK) {
        sow_scenario_free(f);
        fail_msg("accepted: %s", text);
    }
    assert_null(f);
    assert_string_equal(err.path, "t/s.yaml");
    if (err.line != line || err.col != col || !strstr(err.msg, want))
        fail_msg("got %d:%d: %s; expected %d:%d: ...%s...", err.line,
                 err.col, err.msg, line, col, want);
}

static void test_load_refuses(void **state)
{
    (void)state;
    refused("", 1, 1, "the file is empty");
    refused("variant: x\n", 1, 1, "no scenarios");
    refused("scenarios: []\n", 1, 1, "no variant");
    refused("variant: x\nscenarios: []\n", 2, 12, "one or more cases");
    refused("variant: x\nsenarios: []\n", 2, 1, "unknown key 'senarios'");
    refused("variant: x\nscenarios:\n  - expect: {over: true}\n", 3, 5,
            "has no name");
    refused("variant: x\nscenarios:\n  - name: a\n", 3, 5, "has no expect");
    refused("variant: x\nscenarios:\n  - name: a\n    expect: {}\n", 4, 13,
            "expect is empty");
    refused("variant: x\nscenarios:\n  - name: a\n    expect: {over: yes}\n",
            4, 20, "true or false");
    refused("variant: x\nscenarios:\n  - name: a\n    expect: {to_move: "
            "west}\n",
            4, 23, "to_move must be one of: south, north, 0, 1 (not 'west')");
    refused("variant: x\nscenarios:\n  - name: a\n    expect: {board: [1, "
            "0x2]}\n",
            4, 25, "whole number");
    refused("variant: x\nscenarios:\n  - name: a\n    expect: {captured: "
            "[1, 2, 3]}\n",
            4, 24, "two numbers");
    refused("variant: x\nscenarios:\n  - name: a\n    rules: [k1.5]\n"
            "    expect: {over: true}\n",
            4, 13, "not a rule id");
    refused("variant: x\nscenarios:\n  - name: a\n    expect: {over: true}\n"
            "  - name: a\n    expect: {over: false}\n",
            5, 11, "a second scenario named 'a'");
    refused("variant: x\nscenarios:\n  - name: a\n    start: {bord: [1]}\n"
            "    expect: {over: true}\n",
            4, 13, "unknown key 'bord' in start");
    refused("variant: x\nscenarios:\n  - name: a\n    expect:\n      result: "
            "{winer: south}\n",
            5, 16, "unknown key 'winer' in result");
    refused("variant: ~\nscenarios:\n  - name: a\n    expect: {over: true}\n",
            1, 10, "variant is '~', which YAML reads as null (no value); write the text");
    /* the YAML reader's own refusals keep their place */
    refused("variant: &a x\nscenarios: []\n", 1, 10, "anchor");
}

static const char PASSING[] =
    "variant: ../variants/adji_kui_1.yaml\n"
    "options: {max_plies: 500}\n"
    "scenarios:\n"
    "  - name: one move\n"
    "    rules: [K1.2, K1.4]\n"
    "    moves: [2]\n"
    "    expect:\n"
    "      board: [4, 4, 0, 5, 5, 5, 5, 4, 4, 4, 4, 4]\n"
    "      captured: [0, 0]\n"
    "      to_move: north\n"
    "      legal: \"6, 7, 8, 9, 10, 11\"\n"
    "      over: false\n"
    "      ply: 1\n"
    "      phase: play\n"
    "  - name: a capture\n"
    "    options: {skip_origin: true}\n"
    "    start:\n"
    "      board: [4, 4, 4, 3, 4, 4, 1, 4, 4, 4, 4, 4]\n"
    "    moves: \"3\"\n"
    "    expect: {captured: [2, 0], legal: [11, 10, 9, 8, 7]}\n"
    "  - name: a refused move\n"
    "    moves: \"2 2\"\n"
    "    expect:\n"
    "      error: move 2 is not legal for North\n"
    "      to_move: north\n"
    "  - name: the end\n"
    "    options: {max_plies: 1}\n"
    "    moves: \"2\"\n"
    "    expect:\n"
    "      over: true\n"
    "      legal: none\n"
    "      result: {winner: none, unfinished: true, reason: max_plies, "
    "score: [23, 25]}\n";

static void test_passing(void **state)
{
    (void)state;
    sow_variant *v = variant(KUI1);
    sow_scenario_file *f = load(PASSING);
    assert_int_equal(sow_scenario_count(f), 4);
    bool is_path;
    char path[256];
    int line, col;
    assert_string_equal(sow_scenario_variant(f, &is_path, path, sizeof path,
                                             &line, &col),
                        "../variants/adji_kui_1.yaml");
    assert_true(is_path);
    assert_string_equal(path, "t/../variants/adji_kui_1.yaml");
    assert_int_equal(line, 1);
    assert_int_equal(col, 10);
    const char *ids[4];
    assert_int_equal(sow_scenario_rules(f, 0, ids, 4), 2);
    assert_string_equal(ids[1], "K1.4");
    assert_string_equal(sow_scenario_name(f, 2, &line, &col),
                        "a refused move");
    assert_int_equal(line, 21);
    assert_int_equal(col, 5);
    sow_scenario_outcome out;
    sow_error err;
    for (int k = 0; k < 4; k++) {
        if (sow_scenario_run(f, k, v, NULL, &out, &err))
            fail_msg("case %d: %d:%d: %s", k, err.line, err.col, err.msg);
        if (!out.passed)
            fail_msg("case %d: %s: expected %s, got %s", k,
                     out.diffs[0].field, out.diffs[0].expected,
                     out.diffs[0].got);
    }
    /* the options it ran with (coverage): skip_origin=true in case 1, the
     * file's max_plies in every case but the last, which sets its own */
    int so = sow_variant_option(v, "skip_origin"),
        mp = sow_variant_option(v, "max_plies");
    sow_scenario_run(f, 1, v, NULL, &out, &err);
    assert_int_equal(out.opts.val[so].num, 1);
    assert_int_equal(out.opts.val[mp].num, 500);
    assert_int_equal(out.plies, 1);
    sow_scenario_run(f, 3, v, NULL, &out, &err);
    assert_int_equal(out.opts.val[so].num, 0);
    assert_int_equal(out.opts.val[mp].num, 1);
    sow_scenario_free(f);
    sow_variant_free(v);
}

static const char FAILING[] =
    "variant: adji-kui-1\n"
    "scenarios:\n"
    "  - name: wrong\n"
    "    moves: \"2\"\n"
    "    expect:\n"
    "      board: [4, 4, 0, 5, 5, 5, 5, 4, 4, 4, 4, 5]\n"
    "      captured: [0, 1]\n"
    "      to_move: south\n"
    "      legal: \"6 7 5\"\n"
    "      over: true\n"
    "      result: {winner: north}\n"
    "  - name: no error came\n"
    "    moves: \"2\"\n"
    "    expect: {error: not legal}\n"
    "  - name: another error came\n"
    "    moves: \"2 x\"\n"
    "    expect: {error: not legal}\n"
    "  - name: a move fails before the last\n"
    "    moves: \"2 2 8\"\n"
    "    expect: {to_move: north}\n";

static const sow_scenario_diff *diff(const sow_scenario_outcome *o,
                                     const char *field)
{
    for (int i = 0; i < o->ndiffs; i++)
        if (!strcmp(o->diffs[i].field, field))
            return &o->diffs[i];
    fail_msg("no difference in %s", field);
    return NULL;
}

static void test_failing(void **state)
{
    (void)state;
    sow_variant *v = variant(KUI1);
    sow_scenario_file *f = load(FAILING);
    sow_scenario_outcome out;
    sow_error err;
    assert_int_equal(sow_scenario_run(f, 0, v, NULL, &out, &err), SOW_OK);
    assert_false(out.passed);
    assert_int_equal(out.ndiffs, 6);
    const sow_scenario_diff *d = diff(&out, "board");
    assert_int_equal(d->line, 6);
    assert_string_equal(d->expected, "[4, 4, 0, 5, 5, 5, 5, 4, 4, 4, 4, 5]");
    assert_string_equal(d->got, "[4, 4, 0, 5, 5, 5, 5, 4, 4, 4, 4, 4]");
    assert_string_equal(d->note, "hole 11: expected 5, got 4");
    d = diff(&out, "captured");
    assert_string_equal(d->note, "North: expected 1, got 0");
    d = diff(&out, "to_move");
    assert_string_equal(d->expected, "south");
    assert_string_equal(d->got, "north");
    d = diff(&out, "legal");
    assert_string_equal(d->got, "6 7 8 9 10 11");
    assert_string_equal(d->expected, "5 6 7");
    assert_string_equal(d->note, "not legal: 5; also legal: 8 9 10 11");
    diff(&out, "over");
    d = diff(&out, "result");
    assert_string_equal(d->got, "the game goes on");
    /* an error expected, none came */
    assert_int_equal(sow_scenario_run(f, 1, v, NULL, &out, &err), SOW_OK);
    assert_false(out.passed);
    d = diff(&out, "error");
    assert_string_equal(d->got, "no error: every move was played");
    /* another error than the one expected */
    assert_int_equal(sow_scenario_run(f, 2, v, NULL, &out, &err), SOW_OK);
    assert_false(out.passed);
    d = diff(&out, "error");
    assert_non_null(strstr(d->got, "move 'x' is not a hole number"));
    /* a move refused before the last: the rest is not checked */
    assert_int_equal(sow_scenario_run(f, 3, v, NULL, &out, &err), SOW_OK);
    assert_false(out.passed);
    assert_int_equal(out.ndiffs, 1);
    d = diff(&out, "moves");
    assert_string_equal(d->expected, "token 2 ('2') played");
    assert_non_null(strstr(d->got, "ply 1: move 2 is not legal for North"));
    sow_scenario_free(f);
    sow_variant_free(v);
}

/* Problems only the variant can tell: errors with their place. */
static void run_error(const char *text, int line, int col, const char *want)
{
    sow_variant *v = variant(KUI1);
    sow_scenario_file *f = load(text);
    sow_scenario_outcome out;
    sow_error err;
    sow_error_clear(&err);
    assert_int_equal(sow_scenario_run(f, 0, v, NULL, &out, &err), SOW_ERR);
    if (strcmp(err.path, "t/s.yaml") || err.line != line || err.col != col ||
        !strstr(err.msg, want))
        fail_msg("got %s:%d:%d: %s; expected %d:%d: ...%s...", err.path,
                 err.line, err.col, err.msg, line, col, want);
    sow_scenario_free(f);
    sow_variant_free(v);
}

static void test_run_errors(void **state)
{
    (void)state;
    /* the lines of the case after its name, where the error is, what it
     * says */
    static const struct {
        const char *body;
        int line, col;
        const char *want;
    } cases[] = {
        {"    options: {skip: true}\n    expect: {over: false}\n", 4, 15,
         "has no option 'skip'"},
        {"    options: {skip_origin: maybe}\n    expect: {over: false}\n", 4,
         28, "skip_origin"},
        {"    start: {board: [1, 2, 3]}\n    expect: {over: false}\n", 4, 20,
         "3 counts, but the board has 12 holes"},
        {"    start: {phase: opening}\n    expect: {over: false}\n", 4, 20,
         "phase 'opening'"},
        {"    start: {state: {buyer: 1}}\n    expect: {over: false}\n", 4, 21,
         "state 'buyer'"},
        {"    start: {game: 2}\n    expect: {over: false}\n", 4, 19,
         "for a game of a match"},
        {"    expect: {legal: \"2 99\"}\n", 4, 21,
         "legal: move 99: there is no such hole"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char text[512];
        snprintf(text, sizeof text,
                 "variant: adji-kui-1\nscenarios:\n  - name: a\n%s",
                 cases[i].body);
        run_error(text, cases[i].line, cases[i].col, cases[i].want);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_load_refuses),
        cmocka_unit_test(test_passing),
        cmocka_unit_test(test_failing),
        cmocka_unit_test(test_run_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
