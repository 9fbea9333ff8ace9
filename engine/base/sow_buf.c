/* sow_buf.c - a growing string (see sow_buf.h). */
#include "sow_buf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Room for `more` bytes and a NUL; false (and oom) when it cannot be
 * had. */
static bool grow(sow_buf *b, size_t more)
{
    if (b->oom)
        return false;
    if (more < b->cap && b->len < b->cap - more)
        return true;
    if (more > (size_t)-1 / 4 - b->len) {
        b->oom = true;
        return false;
    }
    size_t cap = b->cap ? b->cap : 256;
    while (cap < b->len + more + 1)
        cap *= 2;
    char *p = realloc(b->s, cap);
    if (!p) {
        b->oom = true;
        return false;
    }
    b->s = p;
    b->cap = cap;
    return true;
}

void sow_buf_vadd(sow_buf *b, const char *fmt, va_list ap)
{
    va_list again;
    va_copy(again, ap);
    int w = vsnprintf(NULL, 0, fmt, ap);
    if (w < 0)
        b->oom = true;
    else if (grow(b, (size_t)w)) {
        vsnprintf(b->s + b->len, b->cap - b->len, fmt, again);
        b->len += (size_t)w;
    }
    va_end(again);
}

void sow_buf_add(sow_buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    sow_buf_vadd(b, fmt, ap);
    va_end(ap);
}

void sow_buf_put(void *ctx, const char *p, size_t n)
{
    sow_buf *b = ctx;
    if (grow(b, n)) {
        memcpy(b->s + b->len, p, n);
        b->len += n;
        b->s[b->len] = 0;
    }
}

void sow_buf_clear(sow_buf *b)
{
    b->len = 0;
    if (b->s)
        b->s[0] = 0;
}

void sow_buf_free(sow_buf *b)
{
    free(b->s);
    memset(b, 0, sizeof *b);
}
