/* learn.c - shared by sow draw and sow animate (see learn.h). */
#include "learn.h"

#include <stdlib.h>
#include <string.h>

#include "sow_ask.h"
#include "sow_draw.h"
#include "sow_narrate.h"
#include "sow_record.h"
#include "sow_text.h"

int learn_split(const char *cmd, const char *moves, learn_moves *lm)
{
    size_t len = strlen(moves);
    memset(lm, 0, sizeof *lm);
    lm->buf = malloc(len + 1);
    lm->tok = malloc(sizeof *lm->tok * (len / 2 + 2));
    if (!lm->buf || !lm->tok) {
        learn_moves_free(lm);
        fprintf(stderr, "sow %s: out of memory\n", cmd);
        return 1;
    }
    memcpy(lm->buf, moves, len + 1);
    lm->n = cli_split_moves(lm->buf, lm->tok, (int)(len / 2 + 2));
    return 0;
}

void learn_moves_free(learn_moves *lm)
{
    free(lm->buf);
    free(lm->tok);
    memset(lm, 0, sizeof *lm);
}

int learn_start(learn_play *p, cli_game *cg, sow_error *err)
{
    memset(p, 0, sizeof *p);
    p->cg = cg;
    return sow_match_start(&cg->eng, &p->m, &p->g, err);
}

/* In a match, plies count from 0 in every game: say which game. */
static int in_game(const learn_play *p, sow_error *err)
{
    if (p->cg->setup.match && !err->path[0]) {
        sow_error_reword(err, "%s %d, %.*s", sow_game_word(&p->cg->setup),
                         p->m.game, SOW_CLIP(err->msg, 1000));
    }
    return SOW_ERR;
}

int learn_step(learn_play *p, int i, const char *tok, sow_game *before,
               sow_move *mv, sow_error *err)
{
    sow_game *g = &p->g;
    if (cli_token_move(&p->cg->setup, g, tok, i, mv, err))
        return in_game(p, err);
    *before = *g;
    if (sow_engine_play(&p->cg->eng, g, *mv, err))
        return in_game(p, err);
    return SOW_OK;
}

int learn_next_game(learn_play *p, sow_error *err)
{
    if (!p->g.over || !p->cg->setup.match || p->m.over)
        return 0;
    if (sow_match_next(&p->cg->eng, &p->m, &p->g, err))
        return -1;
    return p->m.over ? 0 : 1;
}

void learn_status(const sow_setup *s, const sow_game *g, char *buf,
                  size_t size)
{
    const char *who = g->to_move ? "North" : "South";
    if (g->over) {
        const sow_result *r = &g->result;
        char why[128], score[32] = "";
        if (r->has_score)
            sow_text_fmt(score, sizeof score, " %d-%d,", (int)r->score[0],
                     (int)r->score[1]);
        sow_text_fmt(buf, size, "game over: %s;%s %s",
                 sow_end_words(s, g, why, sizeof why), score,
                 r->unfinished    ? "unfinished"
                 : r->winner < 0  ? "a draw"
                 : r->winner == 0 ? "South wins"
                                  : "North wins");
        return;
    }
    /* the question asked (A.3, K2.9, C1.12) in words: the choices'
     * tokens are for those who type them (D15) */
    char q[200];
    sow_question_words(s, g, q, sizeof q);
    size_t len = (size_t)sow_text_fmt(buf, size, "%s to %s%s%s", who,
                                  sow_decision_phase(s, g) ? "decide"
                                  : q[0] ? "choose" : "move",
                                  q[0] ? ": " : "", q);
    char due[256];
    cli_phase_due(s, g, due, sizeof due);
    if (due[0] && len < size)
        len += (size_t)sow_text_fmt(buf + len, size - len, "; %s", due);
    if (g->endless_mask && len < size) {
        char list[256];
        cli_endless_list(s, g, list, sizeof list);
        sow_text_fmt(buf + len, size - len, "; not legal, endless: %s", list);
    }
}

void learn_name(const cli_game *cg, char *buf, size_t size)
{
    const sow_variant *v = cg->v;
    sow_optset def;
    sow_optset_defaults(v, &def);
    size_t len = (size_t)sow_text_fmt(buf, size, "%s", v->name);
    int k = 0;
    for (int i = 0; i < v->noptions && len < size; i++) {
        if (cg->opts.val[i].index == def.val[i].index &&
            cg->opts.val[i].num == def.val[i].num)
            continue;
        char val[64];
        sow_optval_format(&v->options[i], cg->opts.val[i], val, sizeof val);
        len += (size_t)sow_text_fmt(buf + len, size - len, "%s%s=%s",
                                k++ ? ", " : " (", v->options[i].name, val);
    }
    if (k && len < size)
        sow_text_fmt(buf + len, size - len, ")");
}

void learn_json_str(FILE *f, const char *s)
{
    fputc('"', f);
    sow_text_escape_file(f, s, SOW_ESC_JSON_HTML);
    fputc('"', f);
}

int learn_play_list(cli_game *cg, const char *cmd, const char *moves,
                    learn_play *lp, sow_error *err)
{
    learn_moves lm;
    if (learn_split(cmd, moves, &lm))
        return sow_error_set(err, NULL, 0, 0, "out of memory");
    int rc = learn_start(lp, cg, err);
    sow_game before;
    sow_move mv;
    for (int i = 0; !rc && i < lm.n; i++) {
        int r = learn_step(lp, i, lm.tok[i], &before, &mv, err);
        /* a game of a match that ended: the next one (1: it started,
         * and may itself be over at once; 0: none; -1: an error) */
        int n = 1;
        while (!r && n == 1)
            n = learn_next_game(lp, err);
        rc = r ? r : n < 0 ? n : 0;
    }
    learn_moves_free(&lm);
    if (rc && !err->path[0]) {
        sow_error_reword(err, "--moves: %.*s", SOW_CLIP(err->msg, 900));
    }
    /* plies are numbered from 0, as records number them: the last one
     * played is g.ply - 1 (as cli_token_move says it) */
    if (!rc && lp->g.over && lp->g.ply == 0)
        rc = sow_error_set(err, NULL, 0, 0,
                           "the game is over before its first ply: there is "
                           "no move to %s",
                           cmd);
    else if (!rc && lp->g.over)
        rc = sow_error_set(err, NULL, 0, 0,
                           "the game is over after ply %d: there is no move "
                           "to %s; give fewer moves",
                           lp->g.ply - 1, cmd);
    return rc ? SOW_ERR : SOW_OK;
}
