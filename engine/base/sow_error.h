/* sow_error.h - errors as values that carry a location (the type is
 * public: include/sow/error.h); how the engine makes them.
 *
 * Library code never prints and never exits: a function that can fail takes
 * a caller-owned sow_error and fills it. The CLI prints it as
 * "path:line:col: message" so editors can jump to it. line/col are 1-based;
 * 0 means "not known" and is left out of the printed form. */
#ifndef SOW_ERROR_H
#define SOW_ERROR_H

#include <stddef.h>

#include "sow/error.h"

/* Fill e (if not NULL) and return SOW_ERR. path may be NULL. */
int sow_error_set(sow_error *e, const char *path, int line, int col,
                  const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;

/* Replace e's message with fmt's text, which may quote the old message
 * (an argument may be e->msg: the text is made before it is written), as
 * an error is reworded on its way up ("move 3 ('x'): " in front of it).
 * The new text passes the same sanitizer as sow_error_set's (issue 23:
 * a rewritten message carried a raw token); the path and position stay.
 * Returns SOW_ERR. */
int sow_error_reword(sow_error *e, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

#endif
