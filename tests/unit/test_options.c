/* test_options.c - option values (engine/core/sow_options.c): --option
 * NAME=VALUE, the messages that list what is allowed, and formatting a
 * value back to the text that parses to it. Uses the shipped Adji Kui I
 * (options endless, skip_origin, max_plies). */
#include "unit.h"

#include "sow_variant.h"

static sow_variant *v;
static int E, SO, MP; /* option indices */

static int group_setup(void **state)
{
    (void)state;
    sow_error err;
    if (sow_variant_load("variants/adji_kui_1.yaml", &v, &err))
        return -1;
    E = sow_variant_option(v, "endless");
    SO = sow_variant_option(v, "skip_origin");
    MP = sow_variant_option(v, "max_plies");
    return E < 0 || SO < 0 || MP < 0 ? -1 : 0;
}

static int group_teardown(void **state)
{
    (void)state;
    sow_variant_free(v);
    return 0;
}

static void test_defaults(void **state)
{
    (void)state;
    sow_optset o;
    memset(&o, 0x5a, sizeof o);
    sow_optset_defaults(v, &o);
    assert_int_equal(o.n, 3);
    assert_int_equal(o.val[E].index, 0); /* repetition */
    assert_int_equal(o.val[SO].num, 0);  /* false */
    assert_int_equal(o.val[MP].num, 10000);
}

static void test_apply_valid(void **state)
{
    (void)state;
    sow_optset o;
    sow_error err;
    sow_optset_defaults(v, &o);
    assert_int_equal(sow_optset_apply(v, &o, "endless=no_capture_plies:30", &err),
                     SOW_OK);
    assert_int_equal(o.val[E].index, 2);
    assert_int_equal(o.val[E].num, 30);
    assert_int_equal(sow_optset_apply(v, &o, "endless=no_capture_plies:1", &err),
                     SOW_OK);
    assert_int_equal(o.val[E].num, 1);
    assert_int_equal(sow_optset_apply(v, &o, "endless=unreachable", &err),
                     SOW_OK); /* K1.7 */
    assert_int_equal(o.val[E].index, 1);
    assert_int_equal(o.val[E].num, 0);
    assert_int_equal(sow_optset_apply(v, &o, "endless=repetition", &err), SOW_OK);
    assert_int_equal(o.val[E].index, 0);
    assert_int_equal(o.val[E].num, 0);
    assert_int_equal(sow_optset_apply(v, &o, "skip_origin=true", &err), SOW_OK);
    assert_int_equal(o.val[SO].num, 1);
    assert_int_equal(sow_optset_apply(v, &o, "skip_origin=false", &err), SOW_OK);
    assert_int_equal(o.val[SO].num, 0);
    assert_int_equal(sow_optset_apply(v, &o, "max_plies=1", &err), SOW_OK);
    assert_int_equal(o.val[MP].num, 1);
    assert_int_equal(sow_optset_apply(v, &o, "max_plies=1000000", &err), SOW_OK);
    assert_int_equal(o.val[MP].num, 1000000);
    /* other options are not touched */
    assert_int_equal(o.val[E].index, 0);
    assert_int_equal(o.val[SO].num, 0);
}

/* arg must be refused with every phrase in the message. */
static void refused(const char *arg, const char *p1, const char *p2)
{
    sow_optset o;
    sow_error err;
    sow_optset_defaults(v, &o);
    sow_error_clear(&err);
    if (sow_optset_apply(v, &o, arg, &err) == SOW_OK)
        fail_msg("--option %s was accepted", arg);
    assert_contains(err.msg, p1);
    if (p2)
        assert_contains(err.msg, p2);
}

static void test_apply_invalid(void **state)
{
    (void)state;
    /* unknown option: the message lists the options */
    refused("nope=1", "variant adji-kui-1 has no option 'nope'",
            "its options: endless, skip_origin, max_plies");
    refused("Endless=repetition", "has no option 'Endless'", NULL);
    /* bad value: the message lists the allowed values */
    refused("endless=bogus", "option endless: 'bogus' is not a value it takes",
            "use repetition, unreachable, no_capture_plies:K");
    refused("endless=", "is not a value it takes", "repetition");
    refused("endless=repetitionX", "is not a value it takes", NULL);
    refused("endless=no_capture_plies", "is not a value it takes",
            "no_capture_plies:K");
    refused("endless=no_capture_plies:0", "option endless",
            "needs a whole number K from 1 to 1000000");
    refused("endless=no_capture_plies:x", "option endless", "whole number K");
    refused("endless=no_capture_plies:", "option endless", "whole number K");
    refused("endless=no_capture_plies:-3", "option endless", "whole number K");
    refused("endless=no_capture_plies:1000001", "whole number K", NULL);
    refused("endless=no_capture_plies:3x", "whole number K", NULL);
    refused("endless=repetition:3", "is not a value it takes", NULL);
    refused("skip_origin=yes", "option skip_origin: 'yes' is not a value",
            "use true, false");
    refused("skip_origin=1", "use true, false", NULL);
    refused("max_plies=0", "option max_plies: '0'",
            "an integer from 1 to 1000000");
    refused("max_plies=1000001", "an integer from 1 to 1000000", NULL);
    refused("max_plies=12abc", "'12abc' is not a value", NULL);
    refused("max_plies=", "is not a value", NULL);
    refused("max_plies=1e3", "is not a value", NULL);
    refused("max_plies=99999999999999999999999", "is not a value", NULL);
    /* not NAME=VALUE at all */
    refused("endless", "--option 'endless': write it as endless=VALUE, with "
                       "VALUE one of: repetition, unreachable, no_capture_plies:K",
            NULL);
    refused("nope", "write it as NAME=VALUE", NULL);
    refused("=3", "write it as NAME=VALUE", NULL);
}

/* A refused value leaves the option as it was. */
static void test_apply_invalid_keeps_value(void **state)
{
    (void)state;
    sow_optset o;
    sow_error err;
    sow_optset_defaults(v, &o);
    assert_int_equal(sow_optset_apply(v, &o, "max_plies=500", &err), SOW_OK);
    assert_int_equal(sow_optset_apply(v, &o, "endless=no_capture_plies:9", &err),
                     SOW_OK);
    assert_int_equal(sow_optset_apply(v, &o, "max_plies=abc", &err), SOW_ERR);
    assert_int_equal(sow_optset_apply(v, &o, "endless=nope", &err), SOW_ERR);
    assert_int_equal(o.val[MP].num, 500);
    assert_int_equal(o.val[E].index, 2);
    assert_int_equal(o.val[E].num, 9);
}

static void test_format(void **state)
{
    (void)state;
    char buf[64];
    sow_optval val;
    val.index = 0;
    val.num = 0;
    sow_optval_format(&v->options[E], val, buf, sizeof buf);
    assert_string_equal(buf, "repetition");
    val.index = 1;
    sow_optval_format(&v->options[E], val, buf, sizeof buf);
    assert_string_equal(buf, "unreachable");
    val.index = 2;
    val.num = 30;
    sow_optval_format(&v->options[E], val, buf, sizeof buf);
    assert_string_equal(buf, "no_capture_plies:30");
    val.index = 0;
    val.num = 1;
    sow_optval_format(&v->options[SO], val, buf, sizeof buf);
    assert_string_equal(buf, "true");
    val.num = 0;
    sow_optval_format(&v->options[SO], val, buf, sizeof buf);
    assert_string_equal(buf, "false");
    val.num = 10000;
    sow_optval_format(&v->options[MP], val, buf, sizeof buf);
    assert_string_equal(buf, "10000");
    /* a small buffer is cut, never overrun */
    char small[5];
    val.index = 2;
    val.num = 30;
    sow_optval_format(&v->options[E], val, small, sizeof small);
    assert_string_equal(small, "no_c");
}

/* parse(format(x)) == x and format(parse(t)) == t. */
static void test_round_trip(void **state)
{
    (void)state;
    const char *texts[][6] = {
        {"repetition", "unreachable", "no_capture_plies:1",
         "no_capture_plies:30", "no_capture_plies:1000000", NULL},
        {"true", "false", NULL},
        {"1", "2", "10000", "999999", "1000000", NULL},
    };
    const int opts[] = {E, SO, MP};
    for (int k = 0; k < 3; k++) {
        const sow_option_def *d = &v->options[opts[k]];
        for (int i = 0; texts[k][i]; i++) {
            sow_optval val, again;
            sow_error err;
            char buf[64], arg[96];
            assert_int_equal(sow_optval_parse(d, texts[k][i], &val, &err),
                             SOW_OK);
            sow_optval_format(d, val, buf, sizeof buf);
            assert_string_equal(buf, texts[k][i]);
            assert_int_equal(sow_optval_parse(d, buf, &again, &err), SOW_OK);
            assert_int_equal(again.index, val.index);
            assert_int_equal(again.num, val.num);
            /* and through --option */
            sow_optset o;
            sow_optset_defaults(v, &o);
            snprintf(arg, sizeof arg, "%s=%s", d->name, buf);
            assert_int_equal(sow_optset_apply(v, &o, arg, &err), SOW_OK);
            assert_int_equal(o.val[opts[k]].index, val.index);
            assert_int_equal(o.val[opts[k]].num, val.num);
        }
    }
    /* every default formats to text that parses back to it */
    for (int i = 0; i < v->noptions; i++) {
        char buf[64];
        sow_optval val;
        sow_error err;
        sow_optval_format(&v->options[i], v->options[i].def, buf, sizeof buf);
        assert_int_equal(sow_optval_parse(&v->options[i], buf, &val, &err),
                         SOW_OK);
        assert_int_equal(val.index, v->options[i].def.index);
        assert_int_equal(val.num, v->options[i].def.num);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_defaults),
        cmocka_unit_test(test_apply_valid),
        cmocka_unit_test(test_apply_invalid),
        cmocka_unit_test(test_apply_invalid_keeps_value),
        cmocka_unit_test(test_format),
        cmocka_unit_test(test_round_trip),
    };
    return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
