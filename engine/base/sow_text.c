/* sow_text.c - safe text and UTF-8 cuts (see sow_text.h). */
#include "sow_text.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* The length a sequence starting with lead byte b must have, or 0. */
static size_t lead_len(unsigned char b)
{
    return b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3
         : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
}

/* True when s[i..len) is the start of a sequence that the end cut. */
static bool cut_at_end(const char *s, size_t i, size_t len)
{
    size_t want = lead_len((unsigned char)s[i]), j = i + 1;
    if (!want || len - i >= want)
        return false;
    while (j < len && ((unsigned char)s[j] & 0xc0) == 0x80)
        j++;
    return j == len;
}

int sow_utf8_decode(const char *s, size_t len, uint32_t *cp)
{
    const unsigned char *p = (const unsigned char *)s;
    if (len == 0)
        return 0;
    unsigned char b = p[0];
    if (b < 0x80) {
        *cp = b;
        return 1;
    }
    int n = (int)lead_len(b);
    if (n == 0 || len < (size_t)n)
        return 0;
    uint32_t c = b & (0x7f >> n);
    for (int i = 1; i < n; i++) {
        if ((p[i] & 0xc0) != 0x80)
            return 0;
        c = c << 6 | (p[i] & 0x3f);
    }
    if ((n == 3 && c < 0x800) || (n == 4 && (c < 0x10000 || c > 0x10ffff)) ||
        (c >= 0xd800 && c <= 0xdfff))
        return 0;
    *cp = c;
    return n;
}

bool sow_is_control(uint32_t c)
{
    return c < 0x20 || (c >= 0x7f && c <= 0x9f);
}

bool sow_text_is_safe(const char *s, size_t len)
{
    size_t i = 0;
    while (i < len) {
        uint32_t c;
        int n = sow_utf8_decode(s + i, len - i, &c);
        if (n == 0 || sow_is_control(c))
            return false;
        i += (size_t)n;
    }
    return true;
}

size_t sow_utf8_cut(const char *s, size_t len, size_t max)
{
    if (len <= max)
        return len;
    size_t i = max;
    /* back over continuation bytes to the start of the character that
     * would be cut (at most 3: a longer run is not UTF-8 anyway) */
    for (int k = 0; k < 3 && i > 0 && ((unsigned char)s[i] & 0xc0) == 0x80; k++)
        i--;
    if (((unsigned char)s[i] & 0xc0) == 0x80)
        return max; /* not UTF-8 there: any byte boundary will do */
    return i;
}

/* A byte that is not part of valid UTF-8, as next_char reports it. */
#define NOT_UTF8 0xffffffffu

/* The next character of s[*i..len): *c and its *n bytes at s + *i (the
 * caller advances *i by *n). False at the end, and at a sequence the end
 * cuts short: the mark of an earlier truncation, dropped. A byte that is
 * not UTF-8 is taken alone, as *c = NOT_UTF8. */
static bool next_char(const char *s, size_t len, size_t i, uint32_t *c,
                      size_t *n)
{
    if (i >= len || cut_at_end(s, i, len))
        return false;
    int k = sow_utf8_decode(s + i, len - i, c);
    if (k == 0) {
        *c = NOT_UTF8;
        k = 1;
    }
    *n = (size_t)k;
    return true;
}

/* What the terminal rule shows for character c of bytes p[0..n). */
static const char *shown(uint32_t c, const char *p, size_t *n)
{
    if (c == NOT_UTF8 || sow_is_control(c)) {
        *n = 1;
        return c == NOT_UTF8 ? "?" : " ";
    }
    return p;
}

void sow_text_scrub(char *s)
{
    size_t len = strlen(s), i = 0, o = 0, n, k;
    uint32_t c;
    /* in place: what is shown is never longer than what it replaces */
    for (; next_char(s, len, i, &c, &n); i += n) {
        k = n;
        const char *p = shown(c, s + i, &k);
        memmove(s + o, p, k);
        o += k;
    }
    s[o] = 0;
}

void sow_utf8_mend(char *s)
{
    size_t len = strlen(s), i = len;
    /* the start of the last character: back over continuation bytes */
    while (i > 0 && len - i < 3 && ((unsigned char)s[i - 1] & 0xc0) == 0x80)
        i--;
    if (i > 0 && cut_at_end(s, i - 1, len))
        s[i - 1] = 0;
}

int sow_text_fmt(char *buf, size_t size, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, size, fmt, ap);
    va_end(ap);
    if (n >= 0 && size > 0 && (size_t)n >= size)
        sow_utf8_mend(buf);
    return n;
}

void sow_text_escape(const char *s, int mode,
                     void (*put)(void *ctx, const char *p, size_t n),
                     void *ctx)
{
    size_t len = s ? strlen(s) : 0, i = 0, n;
    uint32_t c;
    char esc[16];
    for (; next_char(s, len, i, &c, &n); i += n) {
        const char *rep = NULL;
        if (c == NOT_UTF8) {
            rep = mode == SOW_ESC_XML || mode == SOW_ESC_CSV ? "\xef\xbf\xbd"
                                                             : "\\ufffd";
        } else if (mode == SOW_ESC_CSV) {
            rep = c == '"' ? "\"\"" : sow_is_control(c) ? " " : NULL;
        } else if (mode == SOW_ESC_XML) {
            rep = c == '<' ? "&lt;" : c == '>' ? "&gt;" : c == '&' ? "&amp;"
                : c == '"' ? "&quot;" : c == '\'' ? "&#39;"
                : sow_is_control(c) ? " " : NULL;
        } else if (c == '"' || c == '\\') {
            esc[0] = '\\';
            esc[1] = (char)c;
            esc[2] = 0;
            rep = esc;
        } else if (sow_is_control(c) ||
                   (mode == SOW_ESC_JSON_HTML &&
                    (c == '<' || c == '>' || c == '&'))) {
            snprintf(esc, sizeof esc, "\\u%04x", (unsigned)c);
            rep = esc;
        }
        if (rep)
            put(ctx, rep, strlen(rep));
        else
            put(ctx, s + i, n);
    }
}

static void put_file(void *ctx, const char *p, size_t n)
{
    fwrite(p, 1, n, (FILE *)ctx);
}

void sow_text_escape_file(FILE *f, const char *s, int mode)
{
    sow_text_escape(s, mode, put_file, f);
}
