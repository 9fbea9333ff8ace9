/* sow_buf.h - a growing string: the one string builder of sow (the SVG
 * pictures, the game record, the --jsonl lines of selfplay).
 *
 * Text is appended with printf formats and the buffer grows as needed, so
 * that no line is cut or dropped for want of room (issue 13 #7: a record
 * line over a fixed 4,096 bytes was lost). Once an allocation fails the
 * buffer is marked `oom` and nothing more is added: a caller appends all
 * it has and checks once at the end. Start from a zeroed sow_buf; `s` is
 * NUL-terminated once anything was added (NULL before). */
#ifndef SOW_BUF_H
#define SOW_BUF_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

typedef struct sow_buf {
    char *s;     /* owned, NUL-terminated; NULL until something is added */
    size_t len;  /* bytes of text, the NUL not counted */
    size_t cap;  /* bytes allocated */
    bool oom;    /* an allocation failed: the text is incomplete */
} sow_buf;

/* Append printf-formatted text. */
void sow_buf_add(sow_buf *b, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
void sow_buf_vadd(sow_buf *b, const char *fmt, va_list ap);

/* Append n bytes of p; shaped as the sink of sow_text_escape (ctx is the
 * sow_buf). */
void sow_buf_put(void *ctx, const char *p, size_t n);

/* Forget the text, keeping the memory (and the oom mark) for the next. */
void sow_buf_clear(sow_buf *b);

/* Free the memory; b is zeroed, ready to use again. */
void sow_buf_free(sow_buf *b);

#endif
