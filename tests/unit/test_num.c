/* test_num.c - the one number parser (engine/base/sow_num.c) and the one
 * 64-bit mixer: what is a number and what is not, ranges, overflow. */
#include "unit.h"

#include <limits.h>

#include "sow_num.h"

/* s is refused, and *out is left as it was */
static void long_refused(const char *s, long lo, long hi)
{
    long v = 77;
    if (sow_parse_long(s, lo, hi, &v) == 0)
        fail_msg("'%s' was taken as %ld", s ? s : "(null)", v);
    assert_int_equal(v, 77);
}

static long long_of(const char *s, long lo, long hi)
{
    long v = 77;
    assert_int_equal(sow_parse_long(s, lo, hi, &v), 0);
    return v;
}

static void test_long_plain_digits(void **state)
{
    (void)state;
    assert_int_equal(long_of("12", 0, 100), 12);
    assert_int_equal(long_of("0", 0, 100), 0);
    assert_int_equal(long_of("-12", -100, 100), -12);
    /* "-0" is zero, as strtol and YAML read it */
    assert_int_equal(long_of("-0", 0, 100), 0);
    /* leading zeros are decimal digits here (callers that mind, such as
     * the YAML readers, refuse them first) */
    assert_int_equal(long_of("007", 0, 100), 7);
}

static void test_long_refuses_what_strtol_takes(void **state)
{
    (void)state;
    long_refused("12abc", 0, 100);
    long_refused(" 12", 0, 100);
    long_refused("12 ", 0, 100);
    long_refused("+12", 0, 100);
    long_refused("", 0, 100);
    long_refused("-", -100, 100);
    long_refused("--1", -100, 100);
    long_refused("0x10", 0, 100);
    long_refused("1e3", 0, 10000);
    long_refused("4.0", 0, 100);
    long_refused(NULL, 0, 100);
}

static void test_long_ranges_and_overflow(void **state)
{
    (void)state;
    assert_int_equal(long_of("1", 1, 64), 1);
    assert_int_equal(long_of("64", 1, 64), 64);
    long_refused("0", 1, 64);
    long_refused("65", 1, 64);
    long_refused("-1", 0, 64);
    long_refused("-0", 1, 64);
    assert_true(long_of("9223372036854775807", 0, LONG_MAX) == LONG_MAX);
    assert_true(long_of("-9223372036854775808", LONG_MIN, 0) == LONG_MIN);
    long_refused("9223372036854775808", 0, LONG_MAX);
    long_refused("-9223372036854775809", LONG_MIN, 0);
    long_refused("99999999999999999999999", 0, LONG_MAX);
}

static void test_u64(void **state)
{
    (void)state;
    uint64_t v = 5;
    assert_int_equal(sow_parse_u64("18446744073709551615", &v), 0);
    assert_true(v == UINT64_MAX);
    assert_int_equal(sow_parse_u64("0", &v), 0);
    assert_true(v == 0);
    v = 5;
    assert_int_equal(sow_parse_u64("18446744073709551616", &v), -1);
    assert_int_equal(sow_parse_u64("-1", &v), -1);
    assert_int_equal(sow_parse_u64("-0", &v), -1);
    assert_int_equal(sow_parse_u64("+1", &v), -1);
    assert_int_equal(sow_parse_u64(" 1", &v), -1);
    assert_int_equal(sow_parse_u64("1x", &v), -1);
    assert_int_equal(sow_parse_u64("", &v), -1);
    assert_true(v == 5);
}

static void test_double(void **state)
{
    (void)state;
    double x = -7;
    assert_int_equal(sow_parse_double("1.5", 0, 100, &x), 0);
    assert_true(x == 1.5);
    assert_int_equal(sow_parse_double(".5", 0, 100, &x), 0);
    assert_true(x == 0.5);
    assert_int_equal(sow_parse_double("-0.25", -1, 1, &x), 0);
    assert_true(x == -0.25);
    assert_int_equal(sow_parse_double("1e2", 0, 100, &x), 0);
    assert_true(x == 100);
    x = -7;
    const char *bad[] = {"",   " 1",  "+1",    "1.5x", "nan", "inf",
                         "-inf", "0x10", "1e999", "101", "-1",  ".",
                         "1e", NULL};
    for (int i = 0; bad[i]; i++)
        if (sow_parse_double(bad[i], 0, 100, &x) == 0)
            fail_msg("'%s' was taken as %g", bad[i], x);
    assert_true(x == -7);
}

static void test_mix64(void **state)
{
    (void)state;
    /* splitmix64's output function: its published first outputs from
     * state 0 (the state advanced by the golden ratio first) */
    assert_true(sow_mix64(0x9E3779B97F4A7C15ULL) == 0xE220A8397B1DCDAFULL);
    assert_true(sow_mix64(0) == 0);
    /* one bit in flips about half of the bits out */
    int flips = __builtin_popcountll(sow_mix64(1) ^ sow_mix64(3));
    assert_true(flips > 16 && flips < 48);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_long_plain_digits),
        cmocka_unit_test(test_long_refuses_what_strtol_takes),
        cmocka_unit_test(test_long_ranges_and_overflow),
        cmocka_unit_test(test_u64),
        cmocka_unit_test(test_double),
        cmocka_unit_test(test_mix64),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
