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

void solve_put_tokens(FILE *f, const sow_setup *s, const uint16_t *mv, int n)
{
    sow_buf b = {0};
    for (int i = 0; i < n; i++) {
        sow_buf_clear(&b);
        sow_record_token(&b, s, mv[i]);
        fprintf(f, "%s%s", i ? "," : "", b.s ? b.s : "null");
    }
    sow_buf_free(&b);
}

void solve_put_move_values(FILE *f, const sow_setup *s,
                           const sow_solve_result *r)
{
    fputc('[', f);
    for (int i = 0; i < r->nmoves; i++) {
        fprintf(f, "%s{\"move\":", i ? "," : "");
        solve_put_tokens(f, s, &r->moves[i], 1);
        fprintf(f, ",\"value\":%d,\"result\":\"%s\"}",
                sow_solve_report(s, r->move_value[i]),
                solve_result_word(&r->move_value[i]));
    }
    fputc(']', f);
}
