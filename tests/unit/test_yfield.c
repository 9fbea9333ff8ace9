/* test_yfield.c - the typed-YAML field readers (engine/load/sow_yfield.c)
 * that the variant loader and the scenario loader share: what each takes,
 * and that each refusal points at the value and says how to write it. */
#include "unit.h"

#include "sow_yfield.h"

/* The value of key k in the one-document mapping `text`; *root holds the
 * tree (the one before is freed). */
static const sow_ynode *value(sow_ynode **root, const char *text,
                              const char *k)
{
    sow_error e;
    sow_ynode_free(*root);
    *root = NULL;
    if (sow_yaml_parse_text("t.yaml", text, strlen(text), root, &e))
        fail_msg("%s", e.msg);
    return sow_ynode_get(*root, k);
}

/* The error's "line:col: message". */
static const char *said(const sow_error *e)
{
    static char buf[SOW_MSG_MAX + 32];
    snprintf(buf, sizeof buf, "%d:%d: %s", e->line, e->col, e->msg);
    return buf;
}

static void test_int(void **state)
{
    (void)state;
    sow_error e;
    sow_yreader r = {"t.yaml", &e};
    sow_ynode *root = NULL;
    long v = 0;
    assert_int_equal(sow_yint(&r, value(&root, "a: 12\n", "a"), "a", 0, 64, &v), 0);
    assert_int_equal(v, 12);
    assert_int_equal(sow_yint(&r, value(&root, "a: -0\n", "a"), "a", 0, 64, &v), 0);
    assert_int_equal(v, 0);
    struct {
        const char *yaml, *msg;
    } bad[] = {
        {"a: 65\n", "1:4: a is 65; it must be from 0 to 64"},
        {"a: +4\n", "1:4: a must be a whole number written in decimal "
                    "digits, not '+4' (write it without the '+')"},
        {"a: '4'\n", "1:4: a must be a whole number written in decimal "
                     "digits, not '4' (in quotes: write it without them)"},
        {"a: 4.0\n", "1:4: a must be a whole number written in decimal "
                     "digits, not '4.0'"},
        {"a: 12abc\n", "1:4: a must be a whole number written in decimal "
                       "digits, not '12abc'"},
        {"a: 010\n", "1:4: a is written '010' with a leading zero, which "
                     "some YAML readers take as octal; write it without "
                     "the leading zeros"},
        {"a: 1234567890\n", "1:4: a is 1234567890, too many decimal "
                            "digits; it must be from 0 to 64"},
        {"a: ~\n", "1:4: a is '~', which YAML reads as null (no value); "
                   "write a whole number from 0 to 64"},
        {"a: [1]\n", "1:4: a must be a whole number, not a list"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        v = 77;
        assert_int_equal(sow_yint(&r, value(&root, bad[i].yaml, "a"), "a", 0, 64,
                                  &v),
                         SOW_ERR);
        assert_string_equal(said(&e), bad[i].msg);
        assert_string_equal(e.path, "t.yaml");
        assert_int_equal(v, 77);
    }
    assert_true(sow_yis_int(value(&root, "a: -12\n", "a"), &v));
    assert_int_equal(v, -12);
    assert_false(sow_yis_int(value(&root, "a: '12'\n", "a"), NULL));
    assert_false(sow_yis_int(value(&root, "a: 012\n", "a"), NULL));
    assert_false(sow_yis_int(value(&root, "a: south\n", "a"), NULL));
    sow_ynode_free(root);
}

static void test_bool_word_text(void **state)
{
    (void)state;
    sow_error e;
    sow_yreader r = {"t.yaml", &e};
    sow_ynode *root = NULL;
    bool b = false;
    assert_int_equal(sow_ybool(&r, value(&root, "a: true\n", "a"), "a", &b), 0);
    assert_true(b);
    assert_int_equal(sow_ybool(&r, value(&root, "a: yes\n", "a"), "a", &b), -1);
    assert_string_equal(said(&e), "1:4: a must be true or false, not 'yes'");
    assert_int_equal(sow_ybool(&r, value(&root, "a:\n", "a"), "a", &b), -1);
    assert_string_equal(e.msg, "a has no value; write true or false");

    static const char *const dirs[] = {"cw", "ccw", NULL};
    int w = -1;
    assert_int_equal(sow_yword(&r, value(&root, "d: ccw\n", "d"), "d", dirs, &w), 0);
    assert_int_equal(w, 1);
    assert_int_equal(sow_yword(&r, value(&root, "d: up\n", "d"), "d", dirs, &w), -1);
    assert_string_equal(e.msg, "d must be one of: cw, ccw (not 'up')");

    const char *t = NULL;
    assert_int_equal(sow_ystring(&r, value(&root, "s: ''\n", "s"), "s", &t), 0);
    assert_string_equal(t, "");
    assert_int_equal(sow_yline(&r, value(&root, "s: ''\n", "s"), "s", &t), -1);
    assert_string_equal(e.msg, "s must not be empty");
    assert_int_equal(sow_ystring(&r, value(&root, "s: n\n", "s"), "s", &t), -1);
    assert_string_equal(e.msg, "s is 'n', which YAML reads as true or "
                               "false; write it in quotes if you mean the "
                               "text");
    assert_int_equal(sow_ystring(&r, value(&root, "s: 'n'\n", "s"), "s", &t), 0);
    assert_int_equal(sow_yline(&r, value(&root, "s: \"a\\tb\"\n", "s"), "s", &t),
                     -1);
    assert_string_equal(e.msg, "s must be a single line (no line breaks or "
                               "other control characters)");
    sow_ynode_free(root);
}

static void test_keys(void **state)
{
    (void)state;
    sow_error e;
    sow_yreader r = {"t.yaml", &e};
    sow_ynode *root = NULL;
    static const char *const keys[] = {"rows", "holes", NULL};
    const sow_ynode *m = value(&root, "b: {rows: 2, holes: 6}\n", "b");
    assert_int_equal(sow_ykeys(&r, m, "board", keys), 0);
    m = value(&root, "b:\n  rows: 2\n  pits: 6\n", "b");
    assert_int_equal(sow_ykeys(&r, m, "board", keys), -1);
    assert_string_equal(said(&e), "3:3: unknown key 'pits' in board; the "
                                  "keys are: rows, holes");
    assert_int_equal(sow_ykeys(&r, value(&root, "b: 4\n", "b"), "board", keys), -1);
    assert_string_equal(e.msg, "board must be a mapping (key: value lines), "
                               "not a single value");
    sow_ynode_free(root);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_int),
        cmocka_unit_test(test_bool_word_text),
        cmocka_unit_test(test_keys),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
