/* test_buf.c - the growing string (engine/base/sow_buf.c): text of any length
 * comes whole (issue 13 #7: no fixed-size line buffers on output paths). */
#include "unit.h"

#include "sow_buf.h"

static void test_buf_grows(void **state)
{
    (void)state;
    sow_buf b = {0};
    assert_null(b.s);
    sow_buf_add(&b, "%s", "");
    assert_non_null(b.s);
    assert_string_equal(b.s, "");
    /* many small pieces, then one larger than everything before */
    for (int i = 0; i < 10000; i++)
        sow_buf_add(&b, "%d,", i % 10);
    assert_int_equal(b.len, 20000);
    char *big = malloc(100001);
    assert_non_null(big);
    memset(big, 'x', 100000);
    big[100000] = 0;
    sow_buf_add(&b, "[%s]", big);
    assert_int_equal(b.len, 20000 + 100002);
    assert_int_equal(strlen(b.s), b.len);
    assert_true(b.cap > b.len);
    assert_false(b.oom);
    assert_int_equal(strncmp(b.s, "0,1,2,", 6), 0);
    assert_string_equal(b.s + b.len - 3, "xx]");
    free(big);
    sow_buf_free(&b);
    assert_null(b.s);
    assert_int_equal(b.len, 0);
}

static void test_buf_clear_keeps_memory(void **state)
{
    (void)state;
    sow_buf b = {0};
    sow_buf_add(&b, "%0*d", 5000, 7);
    size_t cap = b.cap;
    char *mem = b.s;
    sow_buf_clear(&b);
    assert_int_equal(b.len, 0);
    assert_string_equal(b.s, "");
    sow_buf_add(&b, "line %d\n", 2);
    assert_string_equal(b.s, "line 2\n");
    assert_ptr_equal(b.s, mem);
    assert_int_equal(b.cap, cap);
    sow_buf_free(&b);
}

/* Once out of memory, nothing more is added and the mark stays. */
static void test_buf_oom_sticks(void **state)
{
    (void)state;
    sow_buf b = {0};
    sow_buf_add(&b, "abc");
    b.oom = true;
    sow_buf_add(&b, "def");
    assert_string_equal(b.s, "abc");
    sow_buf_clear(&b);
    assert_true(b.oom);
    sow_buf_free(&b);
    assert_false(b.oom);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_buf_grows),
        cmocka_unit_test(test_buf_clear_keeps_memory),
        cmocka_unit_test(test_buf_oom_sticks),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
