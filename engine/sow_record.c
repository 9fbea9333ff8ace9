/* sow_record.c - JSON Lines records (RECORD.md) and move tokens. */
#include "sow_record.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

typedef struct out {
    char *buf;
    size_t size, len;
    bool full;
} out;

static void put(out *o, const char *fmt, ...)
{
    if (o->full)
        return;
    va_list ap;
    va_start(ap, fmt);
    int w = vsnprintf(o->buf + o->len, o->size - o->len, fmt, ap);
    va_end(ap);
    if (w < 0 || (size_t)w >= o->size - o->len) {
        o->full = true;
        return;
    }
    o->len += (size_t)w;
}

static int done(out *o)
{
    if (o->full) {
        if (o->size)
            o->buf[0] = 0;
        return -1;
    }
    return (int)o->len;
}

int sow_move_format(char *buf, size_t size, const sow_setup *s, sow_move m)
{
    (void)s;
    return snprintf(buf, size, "%d", (int)m);
}

static void put_move(out *o, const sow_setup *s, sow_move m)
{
    char tok[64];
    sow_move_format(tok, sizeof tok, s, m);
    if (m >= SOW_MOVE_DECISION)
        put(o, "\"%s\"", tok);
    else
        put(o, "%s", tok);
}

int sow_record_ply(char *buf, size_t size, const sow_setup *s,
                   const sow_game *before, sow_move move,
                   const sow_game *after)
{
    out o = {buf, size, 0, false};
    put(&o, "{\"ply\":%d,\"to_move\":%d,\"legal\":[", before->ply,
        before->to_move);
    for (int i = 0; i < before->nlegal; i++) {
        if (i)
            put(&o, ",");
        put_move(&o, s, before->legal[i]);
    }
    put(&o, "],\"move\":");
    put_move(&o, s, move);
    put(&o, ",\"board\":[");
    for (int h = 0; h < s->holes; h++)
        put(&o, h ? ",%d" : "%d", after->board[h]);
    put(&o, "],\"captured\":[%d,%d]}\n", after->captured[0],
        after->captured[1]);
    return done(&o);
}

int sow_record_result(char *buf, size_t size, const sow_setup *s,
                      const sow_game *g)
{
    out o = {buf, size, 0, false};
    const sow_result *r = &g->result;
    char why[128];
    const char *text = sow_end_reason_text(s, r->reason, why, sizeof why);
    put(&o, "{\"result\":{\"winner\":");
    if (r->winner < 0)
        put(&o, "null");
    else
        put(&o, "%d", r->winner);
    if (r->has_score)
        put(&o, ",\"score\":[%d,%d]", r->score[0], r->score[1]);
    else
        put(&o, ",\"score\":null");
    put(&o, ",\"reason\":\"%s\",\"unfinished\":%s}}\n", text,
        r->unfinished ? "true" : "false");
    return done(&o);
}

int sow_move_parse(const sow_setup *s, const char *token, sow_move *out_move,
                   sow_error *err)
{
    size_t len = strlen(token);
    if (len == 0)
        return sow_error_set(err, NULL, 0, 0, "an empty move token");
    if (len > 6)
        return sow_error_set(err, NULL, 0, 0,
                             "move '%.40s%s' is not a hole number (0 to %d)",
                             token, len > 40 ? "..." : "", s->holes - 1);
    for (size_t i = 0; i < len; i++)
        if (token[i] < '0' || token[i] > '9')
            return sow_error_set(err, NULL, 0, 0,
                                 "move '%s' is not a hole number (0 to %d)",
                                 token, s->holes - 1);
    int h = 0;
    for (size_t i = 0; i < len; i++)
        h = h * 10 + (token[i] - '0');
    if (h >= s->holes)
        return sow_error_set(err, NULL, 0, 0,
                             "move %d: there is no such hole; holes are 0 to "
                             "%d",
                             h, s->holes - 1);
    *out_move = h;
    return SOW_OK;
}
