/* sow/error.h - errors as values that carry a location.
 *
 * A libsow function that can fail returns SOW_ERR and fills a sow_error
 * the caller owns (it never prints and never exits). `path`, `line` and
 * `col` say where the problem is (a variant file, its script, a scenario
 * file), `msg` what is wrong and how to fix it. Text in a sow_error is
 * UTF-8 with no control characters, safe to print on a terminal. */
#ifndef SOW_PUBLIC_ERROR_H
#define SOW_PUBLIC_ERROR_H

#include <stddef.h>

#include "sow/export.h"

#define SOW_PATH_MAX 512
#define SOW_MSG_MAX 1024

typedef struct sow_error {
    char path[SOW_PATH_MAX]; /* file the problem is in, "" when none */
    int line;                /* 1-based line, 0 when unknown */
    int col;                 /* 1-based column, 0 when unknown */
    char msg[SOW_MSG_MAX];   /* what is wrong and how to fix it */
} sow_error;

/* Status codes of the functions that can fail. */
enum { SOW_OK = 0, SOW_ERR = -1 };

/* Empty e (no path, no position, no message). */
SOW_API void sow_error_clear(sow_error *e);

/* Write "path:line:col: msg" into buf (unknown parts left out), the form
 * editors jump to; always terminated when size > 0. */
SOW_API void sow_error_format(const sow_error *e, char *buf, size_t size);

#endif
