/* sow_error.c - filling and formatting error values. */
#include "sow_error.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "sow_text.h"

void sow_error_clear(sow_error *e)
{
    if (e)
        memset(e, 0, sizeof *e);
}

/* The path, or when it does not fit its start and "..." (a path cut
 * without a mark would name another file). */
static void set_path(sow_error *e, const char *path)
{
    if (!path)
        path = "";
    size_t len = strlen(path);
    if (len < sizeof e->path) {
        memcpy(e->path, path, len + 1);
        return;
    }
    size_t keep = sow_utf8_cut(path, len, sizeof e->path - 4);
    memcpy(e->path, path, keep);
    memcpy(e->path + keep, "...", 4);
}

int sow_error_set(sow_error *e, const char *path, int line, int col,
                  const char *fmt, ...)
{
    if (!e)
        return SOW_ERR;
    set_path(e, path);
    e->line = line;
    e->col = col;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(e->msg, sizeof e->msg, fmt, ap);
    va_end(ap);
    /* every error reaches a terminal: no control character or broken
     * UTF-8 from a file, a script or the command line may ride along
     * (sow_text.h); a cut made by a width above is mended here */
    sow_text_scrub(e->path);
    sow_text_scrub(e->msg);
    return SOW_ERR;
}

int sow_error_reword(sow_error *e, const char *fmt, ...)
{
    if (!e)
        return SOW_ERR;
    char msg[sizeof e->msg];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    memcpy(e->msg, msg, sizeof msg);
    sow_text_scrub(e->path);
    sow_text_scrub(e->msg);
    return SOW_ERR;
}

void sow_error_format(const sow_error *e, char *buf, size_t size)
{
    if (!e->path[0])
        snprintf(buf, size, "%s", e->msg);
    else if (e->line <= 0)
        snprintf(buf, size, "%s: %s", e->path, e->msg);
    else if (e->col <= 0)
        snprintf(buf, size, "%s:%d: %s", e->path, e->line, e->msg);
    else
        snprintf(buf, size, "%s:%d:%d: %s", e->path, e->line, e->col, e->msg);
}
