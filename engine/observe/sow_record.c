/* sow_record.c - JSON Lines records (docs/record.md). */
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

void sow_record_token(sow_buf *b, const sow_setup *s, sow_move m)
{
    char tok[64];
    sow_move_format(tok, sizeof tok, s, m);
    if (m >= SOW_MOVE_DIRECTED) /* a string: "3/cw", "buy:8" */
        sow_buf_add(b, "\"%s\"", tok);
    else
        sow_buf_add(b, "%s", tok);
}

void sow_record_player(sow_buf *b, int p)
{
    if (p < 0)
        sow_buf_add(b, "null");
    else
        sow_buf_add(b, "%d", p);
}

/* `key` and the holes of mask, ascending. */
static void holes_list(sow_buf *b, const sow_setup *s, const char *key,
                       uint64_t mask)
{
    sow_buf_add(b, "%s[", key);
    int k = 0;
    for (int h = 0; h < s->holes; h++)
        if ((mask >> h) & 1)
            sow_buf_add(b, k++ ? ",%d" : "%d", h);
    sow_buf_add(b, "]");
}

int sow_record_ply(sow_buf *b, const sow_setup *s, const sow_game *before,
                   sow_move move, const sow_game *after)
{
    sow_buf_add(b, "{\"ply\":%d,\"to_move\":%d,\"legal\":[", before->ply,
                before->to_move);
    for (int i = 0; i < before->nlegal; i++) {
        if (i)
            sow_buf_add(b, ",");
        sow_record_token(b, s, before->legal[i]);
    }
    sow_buf_add(b, "],\"move\":");
    sow_record_token(b, s, move);
    sow_buf_add(b, ",\"board\":[");
    for (int h = 0; h < s->holes; h++)
        sow_buf_add(b, h ? ",%d" : "%d", after->board[h]);
    sow_buf_add(b, "],\"captured\":[%d,%d]", after->captured[0],
                after->captured[1]);
    if (s->claims) { /* C1.4: who has claimed each hole, -1 for nobody */
        sow_buf_add(b, ",\"claimed\":[");
        for (int h = 0; h < s->holes; h++)
            sow_buf_add(b, h ? ",%d" : "%d", sow_claimant(after, h));
        sow_buf_add(b, "]");
    }
    if (s->closes || s->look_blocked) /* C1.5: the blocked holes */
        holes_list(b, s, ",\"blocked\":", after->blocked);
    sow_buf_add(b, "}\n");
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
    sow_buf_add(b, "]");
    if (s->rounds) { /* C1.6: the stores carried in, the blocked holes */
        sow_buf_add(b, ",\"captured\":[%d,%d]", m->captured[0],
                    m->captured[1]);
        holes_list(b, s, ",\"blocked\":", m->blocked);
    }
    sow_buf_add(b, "}\n");
    return done(b);
}

int sow_record_match(sow_buf *b, const sow_match *m)
{
    sow_buf_add(b, "{\"match_result\":{\"winner\":");
    sow_record_player(b, m->winner);
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
    sow_record_player(b, r->winner);
    if (r->has_score)
        sow_buf_add(b, ",\"score\":[%d,%d]", r->score[0], r->score[1]);
    else
        sow_buf_add(b, ",\"score\":null");
    sow_buf_add(b, ",\"reason\":\"%s\",\"unfinished\":%s}}\n", text,
                r->unfinished ? "true" : "false");
    return done(b);
}
