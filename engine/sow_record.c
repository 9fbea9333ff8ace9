/* sow_record.c - JSON Lines records (RECORD.md) and move tokens. */
#include "sow_record.h"
#include "sow_text.h"

#include <stdio.h>
#include <string.h>

/* The line so far; SOW_ERR when memory ran out (the line is then
 * incomplete and must not be written). */
static int done(const sow_buf *b)
{
    return b->oom ? SOW_ERR : SOW_OK;
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

static void put_move(sow_buf *b, const sow_setup *s, sow_move m)
{
    char tok[64];
    sow_move_format(tok, sizeof tok, s, m);
    if (m >= SOW_MOVE_DECISION)
        sow_buf_add(b, "\"%s\"", tok);
    else
        sow_buf_add(b, "%s", tok);
}

int sow_record_ply(sow_buf *b, const sow_setup *s, const sow_game *before,
                   sow_move move, const sow_game *after)
{
    sow_buf_add(b, "{\"ply\":%d,\"to_move\":%d,\"legal\":[", before->ply,
                before->to_move);
    for (int i = 0; i < before->nlegal; i++) {
        if (i)
            sow_buf_add(b, ",");
        put_move(b, s, before->legal[i]);
    }
    sow_buf_add(b, "],\"move\":");
    put_move(b, s, move);
    sow_buf_add(b, ",\"board\":[");
    for (int h = 0; h < s->holes; h++)
        sow_buf_add(b, h ? ",%d" : "%d", after->board[h]);
    sow_buf_add(b, "],\"captured\":[%d,%d]}\n", after->captured[0],
                after->captured[1]);
    return done(b);
}

int sow_record_game(sow_buf *b, const sow_setup *s, const sow_match *m,
                    const sow_game *g)
{
    sow_buf_add(b, "{\"game\":%d,\"starter\":%d,\"owners\":[", m->game,
                m->starter);
    for (int h = 0; h < s->holes; h++)
        sow_buf_add(b, h ? ",%d" : "%d", m->owners[h]);
    sow_buf_add(b, "],\"board\":[");
    for (int h = 0; h < s->holes; h++)
        sow_buf_add(b, h ? ",%d" : "%d", g->board[h]);
    sow_buf_add(b, "]}\n");
    return done(b);
}

int sow_record_match(sow_buf *b, const sow_match *m)
{
    sow_buf_add(b, "{\"match_result\":{\"winner\":");
    if (m->winner < 0)
        sow_buf_add(b, "null");
    else
        sow_buf_add(b, "%d", m->winner);
    sow_buf_add(b, ",\"games\":%d,\"holes\":[%d,%d],\"unfinished\":%s,",
                m->game, m->holes[0], m->holes[1],
                m->unfinished ? "true" : "false");
    sow_buf_add(b, "\"reason\":\"");
    /* the script's text, escaped (sow_text.h) */
    sow_text_escape(m->reason, SOW_ESC_JSON, sow_buf_put, b);
    sow_buf_add(b, "\"}}\n");
    return done(b);
}

int sow_record_result(sow_buf *b, const sow_setup *s, const sow_game *g)
{
    const sow_result *r = &g->result;
    char why[128];
    const char *text = sow_result_text(s, g, why, sizeof why);
    sow_buf_add(b, "{\"result\":{\"winner\":");
    if (r->winner < 0)
        sow_buf_add(b, "null");
    else
        sow_buf_add(b, "%d", r->winner);
    if (r->has_score)
        sow_buf_add(b, ",\"score\":[%d,%d]", r->score[0], r->score[1]);
    else
        sow_buf_add(b, ",\"score\":null");
    sow_buf_add(b, ",\"reason\":\"%s\",\"unfinished\":%s}}\n", text,
                r->unfinished ? "true" : "false");
    return done(b);
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
