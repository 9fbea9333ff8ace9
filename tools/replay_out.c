/* replay_out.c - a move list played and written as sow replay writes it
 * (see replay_out.h). */
#include "replay_out.h"

#include <string.h>

#include "sow_ask.h"
#include "sow_draw.h"
#include "sow_narrate.h"
#include "sow_record.h"
#include "sow_text.h"


/* Write the record line made in o->line (the sow_record_* result rc). */
static int put_line(replay_out *o, int rc, sow_error *err)
{
    if (rc)
        return sow_error_set(err, NULL, 0, 0, "out of memory for a record "
                                              "line");
    /* the first line names the game: variant, options, digest, version
     * (docs/record.md) */
    if (!o->named) {
        o->named = true;
        if (sow_record_identify(&o->line, &o->cg->setup, err))
            return SOW_ERR;
    }
    fwrite(o->line.s, 1, o->line.len, o->f);
    sow_buf_clear(&o->line);
    return SOW_OK;
}

static int print_ply(replay_out *o, const sow_game *before, sow_move mv,
                     const sow_game *after, sow_error *err)
{
    const sow_setup *s = &o->cg->setup;
    if (o->json)
        return put_line(o, sow_record_ply(&o->line, s, before, mv, after),
                        err);
    char line[SOW_DRAW_MAX];
    char head[600];
    sow_ply_head(s, before, mv, head, sizeof head);
    fprintf(o->f, "\n%s%s\n", head,
            after->last_endless ? ", an endless move (P5)" : "");
    sow_draw_board(line, sizeof line, s, after,
                   sow_move_is_decision(mv) ? -1 : sow_move_hole(mv));
    fputs(line, o->f);
    char due[256];
    cli_phase_due(s, after, due, sizeof due);
    if (due[0])
        fprintf(o->f, "%s\n", due);
    if (!after->over && after->endless_mask) {
        cli_endless_list(s, after, line, sizeof line);
        fprintf(o->f, "not legal for %s, endless (C0.7): %s\n",
               after->to_move ? "North" : "South", line);
    }
    return SOW_OK;
}

/* The start of a game: a match's header line, or the board drawn. */
static int game_start(replay_out *o, sow_engine *e, sow_match *m, sow_game *g,
                      sow_error *err);

/* A game ended: its result, then the next game of a match, or the
 * match's result. */
static int game_over(replay_out *o, sow_engine *e, sow_match *m, sow_game *g,
                     sow_error *err)
{
    const sow_setup *s = &o->cg->setup;
    const sow_result *r = &g->result;
    if (o->json) {
        if (put_line(o, sow_record_result(&o->line, s, g), err))
            return SOW_ERR;
    } else {
        char why[128];
        char score[32] = "";
        if (r->has_score)
            sow_text_fmt(score, sizeof score, " %d-%d,", r->score[0], r->score[1]);
        fprintf(o->f, "\ngame over: %s;%s %s\n",
               sow_end_words(s, g, why, sizeof why), score,
               r->unfinished    ? "unfinished"
               : r->winner < 0  ? "a draw"
               : r->winner == 0 ? "South wins"
                                : "North wins");
    }
    if (!s->match)
        return SOW_OK;
    if (sow_match_next(e, m, g, err))
        return SOW_ERR;
    if (m->over) {
        if (o->json)
            return put_line(o, sow_record_match(&o->line, m), err);
        fprintf(o->f, "\nmatch over after %d games: %s; holes South %d, North "
               "%d%s\n",
               m->game, sow_match_words(m->reason), m->holes[0], m->holes[1],
               m->unfinished ? " (unfinished)" : "");
        return SOW_OK;
    }
    return game_start(o, e, m, g, err);
}

static int game_start(replay_out *o, sow_engine *e, sow_match *m, sow_game *g,
                      sow_error *err)
{
    const sow_setup *s = &o->cg->setup;
    if (o->json && s->match) {
        if (put_line(o, sow_record_game(&o->line, s, m, g), err))
            return SOW_ERR;
    } else if (!o->json) {
        char line[SOW_DRAW_MAX];
        int own[2] = {0, 0};
        for (int h = 0; h < s->holes; h++)
            own[g->owner[h]]++;
        if (s->match)
            fprintf(o->f, "%s%s %d: %s starts; holes South %d, North %d%s\n",
                   m->game > 1 ? "\n" : "", sow_game_word(s), m->game,
                   m->starter ? "North" : "South", own[0], own[1],
                   sow_decision_phase(s, g) ? " (before the decisions)" : "");
        sow_draw_board(line, sizeof line, s, g, -1);
        fprintf(o->f, "start, %s to move\n%s", g->to_move ? "North" : "South", line);
    }
    /* a game may end before its first move (nobody can move) */
    if (g->over)
        return game_over(o, e, m, g, err);
    return SOW_OK;
}

int replay_out_start(replay_out *o, cli_game *cg, FILE *f, bool json,
                     sow_error *err)
{
    memset(o, 0, sizeof *o);
    o->cg = cg;
    o->f = f;
    o->json = json;
    if (sow_match_start(&cg->eng, &o->m, &o->g, err))
        return SOW_ERR;
    return game_start(o, &cg->eng, &o->m, &o->g, err);
}

int replay_out_move(replay_out *o, sow_move mv, sow_error *err)
{
    sow_game before = o->g;
    if (sow_engine_play(&o->cg->eng, &o->g, mv, err) ||
        print_ply(o, &before, mv, &o->g, err) ||
        (o->g.over && game_over(o, &o->cg->eng, &o->m, &o->g, err)))
        return SOW_ERR;
    return SOW_OK;
}

void replay_out_free(replay_out *o)
{
    sow_buf_free(&o->line);
}
