/* test_yaml.c - the YAML tree reader (engine/load/sow_yaml.c): trees with
 * 1-based positions, and every construct a variant file must not use,
 * refused with file:line:col. */
#include "unit.h"

#include "sow_variant.h"
#include "sow_yaml.h"

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

/* Parse text held in memory; on error the tree is NULL. */
static int parse(const char *text, sow_ynode **root, sow_error *err)
{
    sow_error_clear(err);
    return sow_yaml_parse_text("mem.yaml", text, strlen(text), root, err);
}

/* Parse text that must be refused, at line:col, with phrase. */
static void refused(const char *text, int line, int col, const char *phrase)
{
    sow_ynode *root = (sow_ynode *)1;
    sow_error err;
    assert_int_equal(parse(text, &root, &err), SOW_ERR);
    assert_null(root);
    assert_error_at(&err, "mem.yaml", line, col);
    assert_contains(err.msg, phrase);
}

static void check_node(const sow_ynode *n, sow_ytype t, int line, int col)
{
    assert_non_null(n);
    assert_int_equal(n->type, t);
    assert_int_equal(n->line, line);
    assert_int_equal(n->col, col);
}

/* ---- trees and positions ------------------------------------------------ */

static void test_tree_block(void **state)
{
    (void)state;
    const char *text = "# a comment\n"
                       "id: adji\n"
                       "board:\n"
                       "  holes: 6\n"
                       "  name: 'quoted'\n"
                       "list:\n"
                       "  - 1\n"
                       "  - \"two\"\n";
    sow_ynode *root = NULL;
    sow_error err;
    assert_int_equal(parse(text, &root, &err), SOW_OK);
    check_node(root, SOW_Y_MAP, 2, 1);
    assert_int_equal(root->n, 3);

    /* keys come in order, each followed by its value */
    check_node(root->items[0], SOW_Y_SCALAR, 2, 1);
    assert_string_equal(root->items[0]->text, "id");
    check_node(root->items[1], SOW_Y_SCALAR, 2, 5);
    assert_string_equal(root->items[1]->text, "adji");
    assert_true(root->items[1]->plain);

    sow_ynode *board = sow_ynode_get(root, "board");
    check_node(board, SOW_Y_MAP, 4, 3);
    assert_int_equal(board->n, 2);
    sow_ynode *holes = sow_ynode_get(board, "holes");
    check_node(holes, SOW_Y_SCALAR, 4, 10);
    assert_string_equal(holes->text, "6");
    assert_true(holes->plain);
    sow_ynode *name = sow_ynode_get(board, "name");
    check_node(name, SOW_Y_SCALAR, 5, 9);
    assert_string_equal(name->text, "quoted");
    assert_false(name->plain); /* quoted: not a number or bool */

    sow_ynode *list = sow_ynode_get(root, "list");
    check_node(list, SOW_Y_SEQ, 7, 3);
    assert_int_equal(list->n, 2);
    check_node(list->items[0], SOW_Y_SCALAR, 7, 5);
    assert_string_equal(list->items[0]->text, "1");
    check_node(list->items[1], SOW_Y_SCALAR, 8, 5);
    assert_string_equal(list->items[1]->text, "two");
    assert_false(list->items[1]->plain);

    assert_null(sow_ynode_get(root, "missing"));
    assert_null(sow_ynode_get(list, "list")); /* not a mapping */
    assert_null(sow_ynode_get(NULL, "x"));
    sow_ynode_free(root);
}

static void test_tree_flow(void **state)
{
    (void)state;
    const char *text = "a: {b: [1, 2, [3]], c: x}\n"
                       "empty: []\n"
                       "none: {}\n";
    sow_ynode *root = NULL;
    sow_error err;
    assert_int_equal(parse(text, &root, &err), SOW_OK);
    check_node(root, SOW_Y_MAP, 1, 1);
    sow_ynode *a = sow_ynode_get(root, "a");
    check_node(a, SOW_Y_MAP, 1, 4);
    sow_ynode *b = sow_ynode_get(a, "b");
    check_node(b, SOW_Y_SEQ, 1, 8);
    assert_int_equal(b->n, 3);
    check_node(b->items[0], SOW_Y_SCALAR, 1, 9);
    check_node(b->items[1], SOW_Y_SCALAR, 1, 12);
    check_node(b->items[2], SOW_Y_SEQ, 1, 15);
    assert_int_equal(b->items[2]->n, 1);
    check_node(b->items[2]->items[0], SOW_Y_SCALAR, 1, 16);
    assert_string_equal(b->items[2]->items[0]->text, "3");
    check_node(sow_ynode_get(a, "c"), SOW_Y_SCALAR, 1, 24);
    sow_ynode *e = sow_ynode_get(root, "empty");
    check_node(e, SOW_Y_SEQ, 2, 8);
    assert_int_equal(e->n, 0);
    sow_ynode *nn = sow_ynode_get(root, "none");
    check_node(nn, SOW_Y_MAP, 3, 7);
    assert_int_equal(nn->n, 0);
    sow_ynode_free(root);
}

static void test_parse_file(void **state)
{
    (void)state;
    char path[512];
    unit_write(path, sizeof path, tdir, "ok.yaml", "x: 1\ny:\n  - z\n");
    sow_ynode *root = NULL;
    sow_error err;
    sow_error_clear(&err);
    assert_int_equal(sow_yaml_parse_file(path, &root, &err), SOW_OK);
    check_node(root, SOW_Y_MAP, 1, 1);
    check_node(sow_ynode_get(root, "y")->items[0], SOW_Y_SCALAR, 3, 5);
    sow_ynode_free(root);

    /* a missing file names the file */
    unit_path(path, sizeof path, tdir, "nope.yaml");
    root = (sow_ynode *)1;
    assert_int_equal(sow_yaml_parse_file(path, &root, &err), SOW_ERR);
    assert_null(root);
    assert_string_equal(err.path, path);
    assert_contains(err.msg, "cannot open");
}

/* ---- refusals --------------------------------------------------------- */

static void test_syntax_error(void **state)
{
    (void)state;
    /* a flow list that is never closed: "2 b" is one plain scalar over
     * two lines, so the problem mark is the ':' after it (2:2), the
     * location; the message names the context's mark too (the '[' at
     * 1:4), as line:column, and the stretch between them */
    refused("a: [1, 2\nb: 3\nc: 4\n", 2, 2,
            "YAML syntax error: did not find expected ',' or ']' while "
            "parsing a flow sequence that begins at 1:4; the mistake is "
            "between 1:4 and 2:2");
    /* a value where a key is due */
    refused("key: value: x\n", 1, 11, "mapping values are not allowed");
    /* bad indentation */
    refused("a:\n  b: 1\n c: 2\n", 3, 2, "YAML syntax error");
}

static void test_duplicate_key(void **state)
{
    (void)state;
    refused("a: 1\nb: 2\na: 3\n", 3, 1, "duplicate key 'a' (first at line 1)");
    /* also inside a nested mapping, and quoted keys count as the same */
    refused("m:\n  k: 1\n  \"k\": 2\n", 3, 3, "duplicate key 'k'");
}

static void test_anchor(void **state)
{
    (void)state;
    refused("a: &x 1\n", 1, 4, "anchors (&x) are not allowed");
    refused("a: &m {b: 1}\n", 1, 4, "anchors (&m)");
    refused("a: &s [1]\n", 1, 4, "anchors (&s)");
}

static void test_alias(void **state)
{
    (void)state;
    /* an alias without its anchor still reaches the parser as an alias */
    refused("a: 1\nb: *x\n", 2, 4, "aliases (*name) are not allowed");
}

static void test_tag(void **state)
{
    (void)state;
    refused("a: !!int 1\n", 1, 4, "tags (tag:yaml.org,2002:int)");
    refused("a: !local [1]\n", 1, 4, "tags (!local) are not allowed");
}

static void test_two_documents(void **state)
{
    (void)state;
    refused("a: 1\n---\nb: 2\n", 2, 1, "a second YAML document");
    /* an explicit end marker followed by another document, too */
    refused("---\na: 1\n...\n---\nb: 2\n", 4, 1, "a second YAML document");
}

/* n nested flow lists "[[[...]]]" */
static char *nested(int n)
{
    char *s = malloc((size_t)2 * (size_t)n + 2);
    assert_non_null(s);
    for (int i = 0; i < n; i++) {
        s[i] = '[';
        s[2 * n - 1 - i] = ']';
    }
    s[2 * n] = '\n';
    s[2 * n + 1] = 0;
    return s;
}

static void test_nesting(void **state)
{
    (void)state;
    /* SOW_YAML_MAX_DEPTH levels are fine */
    char *ok = nested(SOW_YAML_MAX_DEPTH);
    sow_ynode *root = NULL;
    sow_error err;
    assert_int_equal(parse(ok, &root, &err), SOW_OK);
    int depth = 0;
    for (sow_ynode *n = root; n; n = n->n ? n->items[0] : NULL)
        depth++;
    assert_int_equal(depth, SOW_YAML_MAX_DEPTH);
    sow_ynode_free(root);
    free(ok);
    /* one more is refused, at the first node too deep */
    char *bad = nested(SOW_YAML_MAX_DEPTH + 1);
    refused(bad, 1, SOW_YAML_MAX_DEPTH + 1, "nesting deeper than 16 levels");
    free(bad);
    /* a scalar counts as a level */
    char *sc = nested(SOW_YAML_MAX_DEPTH);
    size_t l = strlen(sc);
    char *withval = malloc(l + 2);
    assert_non_null(withval);
    memcpy(withval, sc, SOW_YAML_MAX_DEPTH);
    withval[SOW_YAML_MAX_DEPTH] = '7';
    memcpy(withval + SOW_YAML_MAX_DEPTH + 1, sc + SOW_YAML_MAX_DEPTH,
           l - SOW_YAML_MAX_DEPTH + 1);
    refused(withval, 1, SOW_YAML_MAX_DEPTH + 1, "nesting deeper");
    free(sc);
    free(withval);
}

static void test_too_big(void **state)
{
    (void)state;
    /* a file of exactly the limit is read; one byte more is refused */
    size_t n = SOW_YAML_MAX_BYTES;
    char *buf = malloc(n + 1);
    assert_non_null(buf);
    memset(buf, ' ', n + 1);
    memcpy(buf, "a: 1\n#", 6);
    buf[n - 1] = '\n';
    char path[512];
    unit_write_n(path, sizeof path, tdir, "big.yaml", buf, n);
    sow_ynode *root = NULL;
    sow_error err;
    sow_error_clear(&err);
    assert_int_equal(sow_yaml_parse_file(path, &root, &err), SOW_OK);
    assert_string_equal(sow_ynode_get(root, "a")->text, "1");
    sow_ynode_free(root);

    buf[n - 1] = ' ';
    buf[n] = '\n';
    unit_write_n(path, sizeof path, tdir, "big.yaml", buf, n + 1);
    root = (sow_ynode *)1;
    assert_int_equal(sow_yaml_parse_file(path, &root, &err), SOW_ERR);
    assert_null(root);
    assert_string_equal(err.path, path);
    assert_contains(err.msg, "at most 262144");
    /* the loader passes the error on */
    sow_variant *v = (sow_variant *)1;
    assert_int_equal(sow_variant_load(path, &v, &err), SOW_ERR);
    assert_null(v);
    assert_contains(err.msg, "at most 262144");
    free(buf);
    unlink(path);
}

static void test_too_many_nodes(void **state)
{
    (void)state;
    size_t n = SOW_YAML_MAX_NODES + 1; /* the list itself is a node too */
    char *buf = malloc(2 * n + 4);
    assert_non_null(buf);
    size_t len = 0;
    buf[len++] = '[';
    for (size_t i = 0; i < n; i++) {
        buf[len++] = '1';
        buf[len++] = ',';
    }
    buf[len - 1] = ']';
    buf[len++] = '\n';
    buf[len] = 0;
    sow_ynode *root = (sow_ynode *)1;
    sow_error err;
    assert_int_equal(parse(buf, &root, &err), SOW_ERR);
    assert_null(root);
    assert_int_equal(err.line, 1);
    assert_true(err.col > 1);
    assert_contains(err.msg, "too many YAML nodes");
    free(buf);
}

static void test_non_scalar_key(void **state)
{
    (void)state;
    refused("? [1, 2]\n: x\n", 1, 3, "a mapping key must be a plain word");
    refused("{[1]: 2}\n", 1, 2, "a mapping key must be a plain word");
    refused("a:\n  ? {k: v}\n  : 1\n", 2, 5, "a mapping key must be");
}

static void test_nul_in_value(void **state)
{
    (void)state;
    refused("a: \"x\\0y\"\n", 1, 4, "NUL character");
}

static void test_empty_document(void **state)
{
    (void)state;
    /* the tree module gives an empty tree ... */
    const char *empties[] = {"", "\n\n", "# only a comment\n"};
    for (size_t i = 0; i < sizeof empties / sizeof *empties; i++) {
        sow_ynode *root = (sow_ynode *)1;
        sow_error err;
        assert_int_equal(parse(empties[i], &root, &err), SOW_OK);
        assert_null(root);
    }
    /* ... which the loader refuses at 1:1, naming the file */
    char path[512];
    unit_write(path, sizeof path, tdir, "empty.yaml", "# nothing here\n");
    sow_variant *v = (sow_variant *)1;
    sow_error err;
    sow_error_clear(&err);
    assert_int_equal(sow_variant_load(path, &v, &err), SOW_ERR);
    assert_null(v);
    assert_error_at(&err, "/empty.yaml", 1, 1);
    assert_contains(err.msg, "the file is empty");
    /* "---" alone is a document holding one empty value: empty too */
    unit_write(path, sizeof path, tdir, "empty.yaml", "---\n");
    assert_int_equal(sow_variant_load(path, &v, &err), SOW_ERR);
    assert_null(v);
    assert_error_at(&err, "/empty.yaml", 1, 1);
    assert_contains(err.msg, "the file is empty");
    unlink(path);
}

/* sow_error_format leaves out what is unknown. */
static void test_error_format(void **state)
{
    (void)state;
    sow_error e;
    char buf[256];
    sow_error_set(&e, "f.yaml", 3, 7, "bad %s", "thing");
    sow_error_format(&e, buf, sizeof buf);
    assert_string_equal(buf, "f.yaml:3:7: bad thing");
    sow_error_set(&e, "f.yaml", 3, 0, "x");
    sow_error_format(&e, buf, sizeof buf);
    assert_string_equal(buf, "f.yaml:3: x");
    sow_error_set(&e, "f.yaml", 0, 0, "x");
    sow_error_format(&e, buf, sizeof buf);
    assert_string_equal(buf, "f.yaml: x");
    sow_error_set(&e, NULL, 5, 5, "x");
    sow_error_format(&e, buf, sizeof buf);
    assert_string_equal(buf, "x");
    assert_int_equal(sow_error_set(NULL, "p", 1, 1, "x"), SOW_ERR);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tree_block),
        cmocka_unit_test(test_tree_flow),
        cmocka_unit_test(test_parse_file),
        cmocka_unit_test(test_syntax_error),
        cmocka_unit_test(test_duplicate_key),
        cmocka_unit_test(test_anchor),
        cmocka_unit_test(test_alias),
        cmocka_unit_test(test_tag),
        cmocka_unit_test(test_two_documents),
        cmocka_unit_test(test_nesting),
        cmocka_unit_test(test_too_big),
        cmocka_unit_test(test_too_many_nodes),
        cmocka_unit_test(test_non_scalar_key),
        cmocka_unit_test(test_nul_in_value),
        cmocka_unit_test(test_empty_document),
        cmocka_unit_test(test_error_format),
    };
    return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
