/* test_text.c - the one rule for text shown to a person (sow_text.h) and
 * the one bounded reader of input files (sow_file.h), issue 13 #5, #6, #9:
 * control characters (C0, DEL, C1 as UTF-8 and as raw bytes) never pass,
 * cuts fall on character boundaries, and a FIFO or device is refused
 * without waiting. */
#include "unit.h"

#include <fcntl.h>
#include <sys/stat.h>

#include "sow_file.h"
#include "sow_text.h"

static void scrubbed(const char *in, const char *want)
{
    char buf[256];
    snprintf(buf, sizeof buf, "%s", in);
    sow_text_scrub(buf);
    assert_string_equal(buf, want);
}

static void test_scrub(void **state)
{
    (void)state;
    scrubbed("plain text", "plain text");
    scrubbed("caf\xc3\xa9 \xef\xbc\x92", "caf\xc3\xa9 \xef\xbc\x92"); /* é, fullwidth 2 */
    scrubbed("a\x1b[2Jb", "a [2Jb");                      /* ESC: CSI */
    scrubbed("bell\x07!", "bell !");
    scrubbed("del\x7f.", "del .");
    scrubbed("tab\tline\nbreak", "tab line break");
    scrubbed("c1 \xc2\x9b" "31m", "c1  31m");              /* U+009B CSI */
    scrubbed("osc \xc2\x9d" "52;c;x", "osc  52;c;x");      /* U+009D OSC */
    scrubbed("raw \x9b" "2J", "raw ?2J");                  /* 8-bit CSI byte */
    scrubbed("raw \x9d" "52", "raw ?52");
    scrubbed("overlong \xc0\x9b", "overlong ??");
    scrubbed("surrogate \xed\xa0\x80", "surrogate ???");
    scrubbed("too big \xf4\x90\x80\x80", "too big ????");
    /* cut short at the very end (an earlier %.Ns): dropped, not '?' */
    scrubbed("cut \xe2\x82", "cut ");
    scrubbed("cut \xf0\x9f\x98", "cut ");
    /* cut short in the middle: those bytes are not UTF-8 */
    scrubbed("mid \xe2\x82 x", "mid ?? x");
}

static void test_safe_and_cut(void **state)
{
    (void)state;
    assert_true(sow_text_is_safe("abc \xc3\xa9", 6));
    assert_false(sow_text_is_safe("a\tb", 3));
    assert_false(sow_text_is_safe("\xc2\x85", 2)); /* NEL, a C1 control */
    assert_false(sow_text_is_safe("\x85", 1));
    assert_false(sow_text_is_safe("\xe2\x82", 2));
    const char *s = "ab\xe2\x82\xac"; /* "ab€" */
    assert_int_equal(sow_utf8_cut(s, 5, 5), 5);
    assert_int_equal(sow_utf8_cut(s, 5, 4), 2);
    assert_int_equal(sow_utf8_cut(s, 5, 3), 2);
    assert_int_equal(sow_utf8_cut(s, 5, 2), 2);
    assert_int_equal(sow_utf8_cut(s, 5, 1), 1);
    uint32_t cp;
    assert_int_equal(sow_utf8_decode(s + 2, 3, &cp), 3);
    assert_int_equal(cp, 0x20ac);
    assert_int_equal(sow_utf8_decode(s + 2, 2, &cp), 0);
}

/* sow_text_escape into a string, for the tests. */
typedef struct sink {
    char buf[256];
    size_t n;
} sink;

static void to_sink(void *ctx, const char *p, size_t n)
{
    sink *k = ctx;
    assert_true(k->n + n < sizeof k->buf);
    memcpy(k->buf + k->n, p, n);
    k->n += n;
    k->buf[k->n] = 0;
}

static const char *escaped(const char *s, int mode, sink *k)
{
    k->n = 0;
    k->buf[0] = 0;
    sow_text_escape(s, mode, to_sink, k);
    return k->buf;
}

static void test_escape(void **state)
{
    (void)state;
    sink k;
    assert_string_equal(escaped("a\"b\\c\x1b\xc2\x9b\xc3\xa9<&>", SOW_ESC_JSON, &k),
                        "a\\\"b\\\\c\\u001b\\u009b\xc3\xa9<&>");
    assert_string_equal(escaped("</script>&", SOW_ESC_JSON_HTML, &k),
                        "\\u003c/script\\u003e\\u0026");
    assert_string_equal(escaped("<a href='x'>\"&\x07", SOW_ESC_XML, &k),
                        "&lt;a href=&#39;x&#39;&gt;&quot;&amp; ");
    /* a stray byte is U+FFFD; a character cut at the end is dropped */
    assert_string_equal(escaped("x\x9by", SOW_ESC_XML, &k), "x\xef\xbf\xbdy");
    assert_string_equal(escaped("x\x9by", SOW_ESC_JSON, &k), "x\\ufffdy");
    assert_string_equal(escaped("ab\xe2\x82", SOW_ESC_XML, &k), "ab");
}

static void test_fmt_and_mend(void **state)
{
    (void)state;
    char buf[6];
    /* "aé€" is 1 + 2 + 3 bytes: 5 fit, the euro sign would be cut */
    int n = sow_text_fmt(buf, sizeof buf, "%s", "a\xc3\xa9\xe2\x82\xac");
    assert_int_equal(n, 6);
    assert_string_equal(buf, "a\xc3\xa9");
    char m[] = "ok\xf0\x9f\x98";
    sow_utf8_mend(m);
    assert_string_equal(m, "ok");
    char whole[] = "ok\xf0\x9f\x98\x80";
    sow_utf8_mend(whole);
    assert_string_equal(whole, "ok\xf0\x9f\x98\x80");
    char clip[64];
    const char *tok = "x\xc3\xa9\xc3\xa9";
    snprintf(clip, sizeof clip, "'%.*s'", SOW_CLIP(tok, 4));
    assert_string_equal(clip, "'x\xc3\xa9'");
}

static void test_file_read(void **state)
{
    (void)state;
    char *dir = unit_mkdtemp();
    char path[512], *buf;
    size_t len;
    sow_error err;
    /* a regular file within the limit, and one byte over it */
    snprintf(path, sizeof path, "%s/f.yaml", dir);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs("0123456789", f);
    fclose(f);
    assert_int_equal(sow_file_read(path, 10, "a test file", &buf, &len, &err),
                     SOW_FILE_OK);
    assert_int_equal(len, 10);
    assert_string_equal(buf, "0123456789");
    free(buf);
    sow_error_clear(&err);
    assert_int_equal(sow_file_read(path, 9, "a test file", &buf, &len, &err),
                     SOW_FILE_BIG);
    assert_null(buf);
    assert_non_null(strstr(err.msg, "at most 9 bytes"));
    /* a FIFO with no writer: refused at once, not waited on */
    snprintf(path, sizeof path, "%s/fifo", dir);
    assert_int_equal(mkfifo(path, 0600), 0);
    assert_int_equal(sow_file_read(path, 100, "a test file", &buf, &len, &err),
                     SOW_FILE_SPECIAL);
    assert_non_null(strstr(err.msg, "is a FIFO"));
    unlink(path);
    /* a device that never ends, a directory, a missing file */
    assert_int_equal(sow_file_read("/dev/zero", 100, "a test file", &buf,
                                   &len, &err),
                     SOW_FILE_SPECIAL);
    assert_non_null(strstr(err.msg, "is a device"));
    assert_int_equal(sow_file_read(dir, 100, "a test file", &buf, &len, &err),
                     SOW_FILE_DIR);
    snprintf(path, sizeof path, "%s/none", dir);
    assert_int_equal(sow_file_read(path, 100, "a test file", &buf, &len, &err),
                     SOW_FILE_OPEN);
    unit_rmdir(dir);
}

static void test_error_is_safe(void **state)
{
    (void)state;
    sow_error err;
    /* whatever a caller formats, an error holds no control character and
     * no broken UTF-8 (sow_error_set scrubs both fields) */
    sow_error_set(&err, "a\x1b[1mb.yaml", 3, 4, "move '%s' %.5s", "2\x1b]52;c;x\x07",
                  "\xc3\xa9\xc3\xa9\xc3\xa9");
    assert_string_equal(err.path, "a [1mb.yaml");
    assert_string_equal(err.msg, "move '2 ]52;c;x ' \xc3\xa9\xc3\xa9");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_scrub),
        cmocka_unit_test(test_safe_and_cut),
        cmocka_unit_test(test_escape),
        cmocka_unit_test(test_fmt_and_mend),
        cmocka_unit_test(test_file_read),
        cmocka_unit_test(test_error_is_safe),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
