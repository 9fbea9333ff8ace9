/* sow_record.c - JSON Lines records (RECORD.md) and move tokens. */
#include "sow_record.h"
#include "sow_text.h"

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
    if (sow_move_is_decision(m)) {
        int k = sow_decision_kind(m);
        return snprintf(buf, size, "%s:%d",
                        k < s->v->ndecisions ? s->v->decisions[k] : "?",
                        sow_decision_value(m));
    }
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

int sow_record_game(char *buf, size_t size, const sow_setup *s,
                    const sow_match *m, const sow_game *g)
{
    out o = {buf, size, 0, false};
    put(&o, "{\"game\":%d,\"starter\":%d,\"owners\":[", m->game, m->starter);
    for (int h = 0; h < s->holes; h++)
        put(&o, h ? ",%d" : "%d", m->owners[h]);
    put(&o, "],\"board\":[");
    for (int h = 0; h < s->holes; h++)
        put(&o, h ? ",%d" : "%d", g->board[h]);
    put(&o, "]}\n");
    return done(&o);
}

int sow_record_match(char *buf, size_t size, const sow_match *m)
{
    out o = {buf, size, 0, false};
    put(&o, "{\"match_result\":{\"winner\":");
    if (m->winner < 0)
        put(&o, "null");
    else
        put(&o, "%d", m->winner);
    put(&o, ",\"games\":%d,\"holes\":[%d,%d],\"unfinished\":%s,", m->game,
        m->holes[0], m->holes[1], m->unfinished ? "true" : "false");
    put(&o, "\"reason\":\"");
    for (const char *c = m->reason; *c; c++) /* the script's text, escaped */
        if (*c == '"' || *c == '\\')
            put(&o, "\\%c", *c);
        else if ((unsigned char)*c < 0x20)
            put(&o, "\\u%04x", (unsigned char)*c);
        else
            put(&o, "%c", *c);
    put(&o, "\"}}\n");
    return done(&o);
}

int sow_record_result(char *buf, size_t size, const sow_setup *s,
                      const sow_game *g)
{
    out o = {buf, size, 0, false};
    const sow_result *r = &g->result;
    char why[128];
    const char *text = sow_result_text(s, g, why, sizeof why);
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

/* "name:value" with a declared name and a value 0..255. */
static int parse_decision(const sow_setup *s, const char *token,
                          sow_move *out_move, sow_error *err)
{
    const char *colon = strchr(token, ':');
    size_t nl = (size_t)(colon - token);
    const sow_variant *v = s->v;
    for (int k = 0; k < v->ndecisions; k++) {
        if (strlen(v->decisions[k]) != nl ||
            strncmp(v->decisions[k], token, nl) != 0)
            continue;
        const char *d = colon + 1;
        size_t dl = strlen(d);
        int val = 0;
        bool ok = dl >= 1 && dl <= 3;
        for (size_t i = 0; ok && i < dl; i++) {
            if (d[i] < '0' || d[i] > '9')
                ok = false;
            else
                val = val * 10 + (d[i] - '0');
        }
        if (!ok || val > 255)
            return sow_error_set(err, NULL, 0, 0,
                                 "move '%.*s': the value after '%s:' must "
                                 "be a whole number from 0 to 255",
                                 SOW_CLIP(token, 40), v->decisions[k]);
        *out_move = sow_decision(k, val);
        return SOW_OK;
    }
    if (v->ndecisions == 0)
        return sow_error_set(err, NULL, 0, 0,
                             "move '%.*s' is not a hole number (0 to %d); "
                             "variant %s has no decision moves",
                             SOW_CLIP(token, 40), s->holes - 1, v->id);
    char list[256] = "";
    size_t len = 0;
    for (int k = 0; k < v->ndecisions && len + 40 < sizeof list; k++)
        len += (size_t)snprintf(list + len, sizeof list - len, "%s%s:N",
                                k ? ", " : "", v->decisions[k]);
    return sow_error_set(err, NULL, 0, 0,
                         "move '%.*s' is neither a hole number (0 to %d) "
                         "nor a decision (%s)",
                         SOW_CLIP(token, 40), s->holes - 1, list);
}

int sow_move_parse(const sow_setup *s, const char *token, sow_move *out_move,
                   sow_error *err)
{
    size_t len = strlen(token);
    if (len == 0)
        return sow_error_set(err, NULL, 0, 0, "an empty move token");
    for (size_t i = 0; i < len; i++)
        if ((unsigned char)token[i] < 0x20 || token[i] == 0x7f)
            /* not echoed: it could drive the terminal */
            return sow_error_set(err, NULL, 0, 0,
                                 "a move token holds a control character "
                                 "(byte %zu of it); type a hole number or "
                                 "a decision such as buy:8",
                                 i + 1);
    if (strchr(token, ':') && len <= 48)
        return parse_decision(s, token, out_move, err);
    if (len > 6)
        return sow_error_set(err, NULL, 0, 0,
                             "move '%.*s%s' is not a hole number (0 to %d)",
                             SOW_CLIP(token, 40), len > 40 ? "..." : "",
                             s->holes - 1);
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
