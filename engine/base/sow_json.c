/* sow_json.c - the pull parser of JSON text (see sow_json.h). */
#include "sow_json.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "sow_num.h"
#include "sow_text.h"

/* j->open[]: what each open container is */
enum { OPEN_OBJECT = 1, OPEN_ARRAY = 2, OPEN_HAS_MEMBER = 4 };

void sow_json_init(sow_json *j, const char *text, size_t len,
                   const char *path, const char *hint, sow_error *err)
{
    memset(j, 0, sizeof *j);
    j->p = text;
    j->end = text + len;
    j->line_start = text;
    j->line = 1;
    j->at.line = 1;
    j->at.col = 1;
    j->path = path;
    j->hint = hint;
    j->err = err;
}

static sow_json_pos here(const sow_json *j)
{
    sow_json_pos at = {j->line, (int)(j->p - j->line_start) + 1};
    return at;
}

static int vfail(sow_json *j, sow_json_pos at, bool hint, const char *fmt,
                 va_list ap)
{
    char what[SOW_MSG_MAX];
    vsnprintf(what, sizeof what, fmt, ap);
    j->failed = true;
    if (hint && j->hint)
        return sow_error_set(j->err, j->path, at.line, at.col, "%s; %s",
                             what, j->hint);
    return sow_error_set(j->err, j->path, at.line, at.col, "%s", what);
}

int sow_json_fail(sow_json *j, sow_json_pos at, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfail(j, at, false, fmt, ap);
    va_end(ap);
    return SOW_ERR;
}

/* The reader's own errors: at `at`, the hint added. */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static int fail_at(sow_json *j, sow_json_pos at, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfail(j, at, true, fmt, ap);
    va_end(ap);
    return SOW_ERR;
}

static int syntax(sow_json *j, const char *what)
{
    return fail_at(j, here(j), "%s", what);
}

static void skip_space(sow_json *j)
{
    while (j->p < j->end) {
        char c = *j->p;
        if (c == '\n') {
            j->line++;
            j->line_start = ++j->p;
        } else if (c == ' ' || c == '\t' || c == '\r') {
            j->p++;
        } else {
            return;
        }
    }
}

const char *sow_json_noun(sow_json_kind k)
{
    switch (k) {
    case SOW_JSON_OBJECT: return "an object";
    case SOW_JSON_ARRAY: return "a list";
    case SOW_JSON_STRING: return "a string";
    case SOW_JSON_NUMBER: return "a number";
    case SOW_JSON_TRUE: return "true";
    case SOW_JSON_FALSE: return "false";
    case SOW_JSON_NULL: return "null";
    case SOW_JSON_NONE: break;
    }
    return "nothing";
}

sow_json_kind sow_json_peek(sow_json *j)
{
    skip_space(j);
    j->at = here(j);
    if (j->failed || j->p >= j->end)
        return SOW_JSON_NONE;
    switch (*j->p) {
    case '{': return SOW_JSON_OBJECT;
    case '[': return SOW_JSON_ARRAY;
    case '"': return SOW_JSON_STRING;
    case 't': return SOW_JSON_TRUE;
    case 'f': return SOW_JSON_FALSE;
    case 'n': return SOW_JSON_NULL;
    default:
        if (*j->p == '-' || (*j->p >= '0' && *j->p <= '9'))
            return SOW_JSON_NUMBER;
        return SOW_JSON_NONE;
    }
}

/* ---- strings ------------------------------------------------------------- */

static int hex4(sow_json *j, uint32_t *out)
{
    uint32_t x = 0;
    for (int k = 0; k < 4; k++, j->p++) {
        char h = j->p < j->end ? *j->p : 0;
        x <<= 4;
        if (h >= '0' && h <= '9')
            x |= (uint32_t)(h - '0');
        else if (h >= 'a' && h <= 'f')
            x |= (uint32_t)(h - 'a' + 10);
        else if (h >= 'A' && h <= 'F')
            x |= (uint32_t)(h - 'A' + 10);
        else
            return syntax(j, "a \\u escape needs four hex digits");
    }
    *out = x;
    return SOW_OK;
}

/* The code point of a \u escape (j->p after the 'u'), a surrogate pair
 * joined. */
static int unicode_escape(sow_json *j, uint32_t *cp)
{
    sow_json_pos at = here(j);
    at.col -= 2;
    if (hex4(j, cp))
        return SOW_ERR;
    if (*cp == 0)
        return fail_at(j, at, "a NUL character (\\u0000) in a string");
    if (*cp >= 0xdc00 && *cp <= 0xdfff)
        return fail_at(j, at, "a lone surrogate escape (\\u%04X) in a "
                              "string", (unsigned)*cp);
    if (*cp < 0xd800 || *cp > 0xdbff)
        return SOW_OK;
    uint32_t lo;
    if (j->end - j->p < 2 || j->p[0] != '\\' || j->p[1] != 'u')
        return fail_at(j, at, "a lone surrogate escape (\\u%04X) in a "
                              "string", (unsigned)*cp);
    j->p += 2;
    if (hex4(j, &lo))
        return SOW_ERR;
    if (lo < 0xdc00 || lo > 0xdfff)
        return fail_at(j, at, "a lone surrogate escape (\\u%04X) in a "
                              "string", (unsigned)*cp);
    *cp = 0x10000 + ((*cp - 0xd800) << 10) + (lo - 0xdc00);
    return SOW_OK;
}

static size_t utf8_encode(uint32_t c, char out[4])
{
    if (c < 0x80) {
        out[0] = (char)c;
        return 1;
    }
    if (c < 0x800) {
        out[0] = (char)(0xc0 | c >> 6);
        out[1] = (char)(0x80 | (c & 0x3f));
        return 2;
    }
    if (c < 0x10000) {
        out[0] = (char)(0xe0 | c >> 12);
        out[1] = (char)(0x80 | (c >> 6 & 0x3f));
        out[2] = (char)(0x80 | (c & 0x3f));
        return 3;
    }
    out[0] = (char)(0xf0 | c >> 18);
    out[1] = (char)(0x80 | (c >> 12 & 0x3f));
    out[2] = (char)(0x80 | (c >> 6 & 0x3f));
    out[3] = (char)(0x80 | (c & 0x3f));
    return 4;
}

/* One character of a string body (j->p at it, not at the closing quote)
 * into c[*n]. */
static int string_char(sow_json *j, char c[4], size_t *n)
{
    unsigned char b = (unsigned char)*j->p;
    if (b == '\n')
        return syntax(j, "a string is not closed on its line");
    if (b < 0x20)
        return fail_at(j, here(j), "a control character (byte 0x%02X) in a "
                                   "string; JSON writes it as an escape",
                       b);
    if (b >= 0x80) {
        uint32_t cp;
        int k = sow_utf8_decode(j->p, (size_t)(j->end - j->p), &cp);
        if (k == 0)
            return fail_at(j, here(j), "a byte that is not UTF-8 (0x%02X) "
                                       "in a string",
                           b);
        memcpy(c, j->p, (size_t)k);
        *n = (size_t)k;
        j->p += k;
        return SOW_OK;
    }
    j->p++;
    *n = 1;
    if (b != '\\') {
        c[0] = (char)b;
        return SOW_OK;
    }
    char e = j->p < j->end ? *j->p : 0;
    j->p++;
    const char *from = "\"\\/bfnrt", *to = "\"\\/\b\f\n\r\t";
    const char *k = e ? strchr(from, e) : NULL;
    if (k) {
        c[0] = to[k - from];
        return SOW_OK;
    }
    if (e != 'u') {
        j->p--;
        return syntax(j, "a bad escape in a string (JSON has \\\" \\\\ \\/ "
                         "\\b \\f \\n \\r \\t \\uXXXX)");
    }
    uint32_t cp;
    if (unicode_escape(j, &cp))
        return SOW_ERR;
    *n = utf8_encode(cp, c);
    return SOW_OK;
}

/* The string at j->p (its opening quote): into out[size] when out is
 * not NULL (cut to fit, NUL-terminated); *len is its whole length. */
static int scan_string(sow_json *j, char *out, size_t size, size_t *len)
{
    j->p++;
    *len = 0;
    for (;;) {
        if (j->p >= j->end)
            return syntax(j, "a string is not closed");
        if (*j->p == '"')
            break;
        char c[4];
        size_t n;
        if (string_char(j, c, &n))
            return SOW_ERR;
        if (out && *len + n < size)
            memcpy(out + *len, c, n);
        *len += n;
    }
    j->p++;
    if (out && size)
        out[*len < size ? *len : 0] = 0;
    return SOW_OK;
}

/* The next value must be of kind `want` (`noun` in the error): else its
 * syntax error, or "WHAT is a list, not a string". */
static int expect(sow_json *j, sow_json_kind want, const char *what,
                  const char *noun)
{
    sow_json_kind k = sow_json_peek(j);
    if (j->failed)
        return SOW_ERR;
    if (k == want)
        return SOW_OK;
    if (k == SOW_JSON_NONE) { /* not a value at all: its syntax error */
        sow_json_skip(j);
        return SOW_ERR;
    }
    return fail_at(j, j->at, "%s is %s, not %s", what, sow_json_noun(k),
                   noun);
}

int sow_json_string(sow_json *j, const char *what, char *out, size_t size)
{
    if (expect(j, SOW_JSON_STRING, what, "a string"))
        return SOW_ERR;
    sow_json_pos at = j->at;
    size_t len;
    if (scan_string(j, out, size, &len))
        return SOW_ERR;
    if (len >= size)
        return fail_at(j, at, "%s is longer than %zu bytes", what,
                       size - 1);
    return SOW_OK;
}

/* ---- numbers ------------------------------------------------------------- */

typedef struct number {
    const char *text;
    size_t len;
    bool whole, negative; /* whole: no fraction, no exponent */
} number;

static bool digit_at(const sow_json *j)
{
    return j->p < j->end && *j->p >= '0' && *j->p <= '9';
}

static void digits(sow_json *j)
{
    while (digit_at(j))
        j->p++;
}

/* A number at j->p, by the JSON grammar:
 * -? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)? */
static int scan_number(sow_json *j, number *n)
{
    n->text = j->p;
    n->negative = *j->p == '-';
    n->whole = true;
    if (n->negative)
        j->p++;
    if (!digit_at(j))
        return syntax(j, "a number needs a digit here");
    if (*j->p == '0') {
        j->p++;
        if (digit_at(j))
            return syntax(j, "a number with a leading zero (write it "
                             "without)");
    } else {
        digits(j);
    }
    if (j->p < j->end && *j->p == '.') {
        j->p++;
        n->whole = false;
        if (!digit_at(j))
            return syntax(j, "a number needs a digit after '.'");
        digits(j);
    }
    if (j->p < j->end && (*j->p == 'e' || *j->p == 'E')) {
        j->p++;
        n->whole = false;
        if (j->p < j->end && (*j->p == '+' || *j->p == '-'))
            j->p++;
        if (!digit_at(j))
            return syntax(j, "a number needs a digit in its exponent");
        digits(j);
    }
    n->len = (size_t)(j->p - n->text);
    return SOW_OK;
}

int sow_json_uint(sow_json *j, const char *what, uint64_t min, uint64_t max,
                  uint64_t *out)
{
    if (expect(j, SOW_JSON_NUMBER, what, "a whole number"))
        return SOW_ERR;
    sow_json_pos at = j->at;
    number n;
    if (scan_number(j, &n))
        return SOW_ERR;
    /* the number as written, cut: a number of a million digits is quoted
     * by its start */
    int shown = n.len > 24 ? 21 : (int)n.len;
    const char *more = n.len > 24 ? "..." : "";
    if (!n.whole)
        return fail_at(j, at, "%s is %.*s%s, not a whole number written in "
                              "digits",
                       what, shown, n.text, more);
    uint64_t v = 0;
    char digits[24]; /* 2^64 has 20 */
    bool over = n.negative || n.len >= sizeof digits;
    if (!over) {
        memcpy(digits, n.text, n.len);
        digits[n.len] = 0;
        over = sow_parse_u64(digits, &v) != 0 || v > max;
    }
    if (over || v < min)
        return fail_at(j, at, "%s is %.*s%s; it must be from %llu to %llu",
                       what, shown, n.text, more, (unsigned long long)min,
                       (unsigned long long)max);
    *out = v;
    return SOW_OK;
}

/* ---- structure ----------------------------------------------------------- */

int sow_json_enter(sow_json *j)
{
    sow_json_kind k = sow_json_peek(j);
    if (j->failed)
        return SOW_ERR;
    if (k != SOW_JSON_OBJECT && k != SOW_JSON_ARRAY)
        return fail_at(j, j->at, "expected an object or a list, not %s",
                       sow_json_noun(k));
    if (j->depth >= SOW_JSON_MAX_DEPTH)
        return fail_at(j, j->at, "nested deeper than %d levels",
                       SOW_JSON_MAX_DEPTH);
    j->open[j->depth++] = k == SOW_JSON_OBJECT ? OPEN_OBJECT : OPEN_ARRAY;
    j->p++;
    return SOW_OK;
}

/* An object's key (j->p after white space) and its ':'. */
static int member_key(sow_json *j, char *key, size_t size)
{
    j->at = here(j);
    if (j->p >= j->end)
        return syntax(j, "the text ends early: expected a key in quotes");
    if (*j->p != '"')
        return syntax(j, "expected a key in quotes");
    sow_json_pos at = j->at;
    size_t len;
    if (scan_string(j, key, size, &len))
        return SOW_ERR;
    if (key && len >= size)
        return fail_at(j, at, "a key longer than %zu bytes", size - 1);
    skip_space(j);
    if (j->p >= j->end || *j->p != ':')
        return syntax(j, "expected ':' after a key");
    j->p++;
    j->at = at;
    return SOW_OK;
}

int sow_json_next(sow_json *j, char *key, size_t size)
{
    if (j->failed)
        return SOW_ERR;
    if (j->depth == 0)
        return syntax(j, "no object or list is open (a bug in the caller)");
    unsigned char *o = &j->open[j->depth - 1];
    bool object = *o & OPEN_OBJECT;
    char close = object ? '}' : ']';
    skip_space(j);
    if (j->p < j->end && *j->p == close) {
        j->p++;
        j->depth--;
        return 0;
    }
    if (*o & OPEN_HAS_MEMBER) {
        if (j->p >= j->end || *j->p != ',')
            return syntax(j, j->p >= j->end
                                 ? (object ? "the text ends early: expected "
                                             "',' or '}'"
                                           : "the text ends early: expected "
                                             "',' or ']'")
                             : (object ? "expected ',' or '}'"
                                       : "expected ',' or ']'"));
        j->p++;
        skip_space(j);
    }
    *o |= OPEN_HAS_MEMBER;
    if (object && member_key(j, key, size))
        return SOW_ERR;
    return 1;
}

static int skip_scalar(sow_json *j, sow_json_kind k)
{
    static const char *const word[] = {
        [SOW_JSON_TRUE] = "true", [SOW_JSON_FALSE] = "false",
        [SOW_JSON_NULL] = "null"};
    size_t len;
    number n;
    switch (k) {
    case SOW_JSON_STRING:
        return scan_string(j, NULL, 0, &len);
    case SOW_JSON_NUMBER:
        return scan_number(j, &n);
    case SOW_JSON_TRUE:
    case SOW_JSON_FALSE:
    case SOW_JSON_NULL:
        len = strlen(word[k]);
        if ((size_t)(j->end - j->p) < len || memcmp(j->p, word[k], len) != 0)
            return syntax(j, "expected a JSON value");
        j->p += len;
        return SOW_OK;
    default:
        return syntax(j, j->p >= j->end ? "the text ends early"
                                        : "expected a JSON value");
    }
}

int sow_json_skip(sow_json *j)
{
    int base = j->depth;
    for (;;) {
        sow_json_kind k = sow_json_peek(j);
        if (j->failed)
            return SOW_ERR;
        if (k == SOW_JSON_OBJECT || k == SOW_JSON_ARRAY) {
            if (sow_json_enter(j))
                return SOW_ERR;
        } else if (skip_scalar(j, k)) {
            return SOW_ERR;
        }
        /* close what ends here, up to the next value to skip (no
         * recursion: the depth is the reader's) */
        for (;;) {
            if (j->depth == base)
                return SOW_OK;
            int r = sow_json_next(j, NULL, 0);
            if (r < 0)
                return SOW_ERR;
            if (r == 1)
                break;
        }
    }
}

int sow_json_end(sow_json *j)
{
    if (j->failed)
        return SOW_ERR;
    skip_space(j);
    if (j->p < j->end)
        return syntax(j, "more text after the JSON value");
    return SOW_OK;
}

int sow_json_check(const char *text, size_t len, const char *path,
                   const char *hint, sow_error *err)
{
    sow_json j;
    sow_json_init(&j, text, len, path, hint, err);
    if (sow_json_skip(&j) || sow_json_end(&j))
        return SOW_ERR;
    return SOW_OK;
}
