/* solve_out.c - exact values in words (solve_out.h). */
#include <stdio.h>
#include <stdlib.h>

#include "solve_out.h"
#include "sow_buf.h"
#include "sow_record.h"

const char *solve_result_word(const sow_solve_value *v)
{
    return v->winner == 0 ? "south" : v->winner == 1 ? "north" : "draw";
}

void solve_value_text(const sow_setup *s, const sow_solve_value *v,
                      char *buf, size_t size)
{
    if (v->winner < 0)
        snprintf(buf, size, "a draw%s", v->margin ? " (by the rules)" : "");
    else if (s->no_score)
        snprintf(buf, size, "%s wins", v->winner ? "North" : "South");
    else
        snprintf(buf, size, "%s wins by %d", v->winner ? "North" : "South",
                 abs(v->margin));
}

/* The tokens of a line played from g, as the record (json) or as text;
 * the line is replayed on a copy of g while a turn is to come. */
static void put_line(FILE *f, sow_engine *e, const sow_setup *s,
                     const sow_game *g, const uint16_t *mv, int n, bool json)
{
    sow_buf b = {0};
    sow_game at = *g;
    bool known = true; /* at is the position before mv[i] */
    for (int i = 0; i < n; i++) {
        sow_buf_clear(&b);
        if (known && sow_move_is_turn(mv[i]))
            sow_record_turn(&b, s, &at, mv[i]);
        else
            sow_record_token(&b, s, mv[i]);
        const char *tok = b.s ? b.s : "null";
        if (!json && tok[0] == '"') /* the text of a string token */
            fprintf(f, " %.*s", (int)b.len - 2, tok + 1);
        else if (json)
            fprintf(f, "%s%s", i ? "," : "", tok);
        else
            fprintf(f, " %s", tok);
        sow_error err;
        if (known && i + 1 < n && e)
            known = sow_engine_play(e, &at, mv[i], &err) == SOW_OK;
    }
    sow_buf_free(&b);
}

void solve_put_tokens(FILE *f, sow_engine *e, const sow_setup *s,
                      const sow_game *g, const uint16_t *mv, int n)
{
    put_line(f, e, s, g, mv, n, true);
}

void solve_put_line(FILE *f, sow_engine *e, const sow_setup *s,
                    const sow_game *g, const uint16_t *mv, int n)
{
    put_line(f, e, s, g, mv, n, false);
}

void solve_put_move_values(FILE *f, const sow_setup *s, const sow_game *g,
                           const sow_solve_result *r)
{
    fputc('[', f);
    for (int i = 0; i < r->nmoves; i++) {
        fprintf(f, "%s{\"move\":", i ? "," : "");
        solve_put_tokens(f, NULL, s, g, &r->moves[i], 1);
        fprintf(f, ",\"value\":%d,\"result\":\"%s\"}",
                sow_solve_report(s, r->move_value[i]),
                solve_result_word(&r->move_value[i]));
    }
    fputc(']', f);
}
