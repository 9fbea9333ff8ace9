/* sow_text.c - safe text and UTF-8 cuts (see sow_text.h). */
#include "sow_text.h"

#include <string.h>

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
    int n = b >= 0xf0 && b <= 0xf4 ? 4 : b >= 0xe0 && b <= 0xef ? 3
          : b >= 0xc2 && b <= 0xdf ? 2 : 0;
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

void sow_text_scrub(char *s)
{
    size_t len = strlen(s), i = 0, o = 0;
    while (i < len) {
        uint32_t c;
        int n = sow_utf8_decode(s + i, len - i, &c);
        if (n == 0) {
            /* a lead byte whose sequence the end of the text cut short: an
             * earlier truncation, not a hostile byte; drop the rest */
            unsigned char b = (unsigned char)s[i];
            int want = b >= 0xf0 && b <= 0xf4 ? 4 : b >= 0xe0 && b <= 0xef ? 3
                     : b >= 0xc2 && b <= 0xdf ? 2 : 0;
            if (want && len - i < (size_t)want) {
                size_t j = i + 1;
                while (j < len && ((unsigned char)s[j] & 0xc0) == 0x80)
                    j++;
                if (j == len)
                    break;
            }
            s[o++] = '?';
            i++;
        } else if (sow_is_control(c)) {
            s[o++] = ' ';
            i += (size_t)n;
        } else {
            memmove(s + o, s + i, (size_t)n);
            o += (size_t)n;
            i += (size_t)n;
        }
    }
    s[o] = 0;
}

size_t sow_text_copy(char *dst, size_t size, const char *src)
{
    if (size == 0)
        return 0;
    size_t len = strlen(src), i = 0, o = 0;
    while (i < len) {
        uint32_t c;
        int n = sow_utf8_decode(src + i, len - i, &c);
        const char *put = src + i;
        size_t k = (size_t)n;
        if (n == 0) {
            put = "?";
            k = 1;
            n = 1;
        } else if (sow_is_control(c)) {
            put = " ";
            k = 1;
        }
        if (o + k >= size)
            break;
        memcpy(dst + o, put, k);
        o += k;
        i += (size_t)n;
    }
    dst[o] = 0;
    return o;
}
