/* sow_error.h - errors as values that carry a location.
 *
 * Library code never prints and never exits: a function that can fail takes
 * a caller-owned sow_error and fills it. The CLI prints it as
 * "path:line:col: message" so editors can jump to it. line/col are 1-based;
 * 0 means "not known" and is left out of the printed form. */
#ifndef SOW_ERROR_H
#define SOW_ERROR_H

#include <stddef.h>

#define SOW_PATH_MAX 512
#define SOW_MSG_MAX 1024

typedef struct sow_error {
    char path[SOW_PATH_MAX]; /* file the problem is in, "" when none */
    int line;                /* 1-based line, 0 when unknown */
    int col;                 /* 1-based column, 0 when unknown */
    char msg[SOW_MSG_MAX];   /* what is wrong and how to fix it */
} sow_error;

/* Status codes returned at the API boundary. */
enum { SOW_OK = 0, SOW_ERR = -1 };

void sow_error_clear(sow_error *e);

/* Fill e (if not NULL) and return SOW_ERR. path may be NULL. */
int sow_error_set(sow_error *e, const char *path, int line, int col,
                  const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;

/* Write "path:line:col: msg" (leaving out unknown parts) into buf. */
void sow_error_format(const sow_error *e, char *buf, size_t size);

#endif
