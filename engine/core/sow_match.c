/* sow_match.c - the game-to-game loop of a match (docs/rules.md K2.9, P14,
 * P15; rounds, C1.6):
 * the engine runs the games; the script's new_game hook, or the variant's
 * rounds (sow_rounds.c), says how each one is set up from the last, and
 * when the match is over. */
#include <stdio.h>
#include <string.h>

#include "sow_game.h"

/* Set up game m->game in g from what new_game decided. */
static int setup_game(sow_engine *e, sow_match *m, sow_game *g,
                      const sow_next_game *ng, sow_error *err)
{
    const sow_setup *s = e->setup;
    sow_game_init(s, g); /* every game starts from the setup's board (P14) */
    if (ng->has_start) { /* a round: its refilled board (C1.6) */
        memcpy(g->board, ng->board, sizeof g->board);
        g->captured[0] = ng->captured[0];
        g->captured[1] = ng->captured[1];
        g->blocked = ng->blocked;
        g->on_board = (int32_t)sow_board_seeds(s, g->board);
    }
    if (ng->starter < 0 || ng->starter > 1)
        return sow_error_set(err, s->v->path, 0, 0,
                             "new_game gave the starter %d; players are 0 "
                             "and 1",
                             ng->starter);
    g->to_move = (uint8_t)ng->starter;
    if (sow_apply_changes(s, g, &ng->set, err))
        return SOW_ERR;
    m->starter = ng->starter;
    memcpy(m->owners, g->owner, sizeof m->owners);
    m->captured[0] = g->captured[0];
    m->captured[1] = g->captured[1];
    m->blocked = g->blocked;
    return sow_engine_begin(e, g, err);
}

/* Whether games follow one another: a match with its new_game hook or
 * its rounds. */
static bool looped(const sow_engine *e)
{
    return e->setup->match && (e->setup->rounds || e->rules.new_game);
}

/* Rounds with a new_game hook beside them (C1.6): the rounds have laid
 * out the next round in ng and go on; the hook sees that round (m.round)
 * and may end the match, or give the round's owners, player to move,
 * phase and state, and another starter or count of holes. */
static int round_hook(sow_engine *e, const sow_game *prev,
                      sow_match_info *info, sow_next_game *ng,
                      sow_error *err)
{
    const sow_setup *s = e->setup;
    if (!ng->has_start) /* the first round: the start board */
        ng->holes[0] = ng->holes[1] = s->n;
    info->has_round = true;
    info->round_starter = ng->starter;
    info->round_holes[0] = ng->holes[0];
    info->round_holes[1] = ng->holes[1];
    sow_next_game h;
    memset(&h, 0, sizeof h);
    h.winner = -1;
    h.set.to_move = h.set.phase = -1;
    h.starter = ng->starter; /* kept where the hook leaves them out */
    memcpy(h.holes, ng->holes, sizeof h.holes);
    if (e->rules.new_game(e->rules.ctx, s, prev, info, &h, err))
        return SOW_ERR;
    ng->holes[0] = h.holes[0];
    ng->holes[1] = h.holes[1];
    if (h.over) {
        ng->over = true;
        ng->winner = h.winner;
        memcpy(ng->reason, h.reason, sizeof ng->reason);
        return SOW_OK;
    }
    ng->starter = h.starter;
    ng->set = h.set;
    return SOW_OK;
}

static int ask(sow_engine *e, sow_match *m, const sow_game *prev, int game,
               int prev_starter, sow_next_game *ng, sow_error *err)
{
    const sow_setup *s = e->setup;
    memset(ng, 0, sizeof *ng);
    ng->winner = -1;
    ng->set.to_move = ng->set.phase = -1;
    sow_match_info info = {.game = game, .games_max = s->match_games,
                           .prev_starter = prev_starter};
    if (prev && prev->result.winner >= 0 && !prev->result.unfinished) {
        const int w = prev->result.winner;
        m->wins[w]++; /* SQ.6: rounds won */
        /* UR.6: 1 point, 2 with a total of at least double_from */
        m->points[w] += s->round_double_from > 0 &&
                                prev->result.score[w] >= s->round_double_from
                            ? 2
                            : 1;
    }
    for (int p = 0; p < 2; p++) {
        if (prev) /* (an unfinished round ends the match anyway) */
            m->totals[p] += prev->result.score[p];
        info.wins[p] = m->wins[p];
        info.points[p] = m->points[p];
        info.totals[p] = m->totals[p];
    }
    if (!s->rounds)
        return e->rules.new_game(e->rules.ctx, s, prev, &info, ng, err);
    if (sow_rounds_next(s, prev, &info, ng, err))
        return SOW_ERR;
    /* the rounds end the match by their own rules, the hook asked only
     * while they go on */
    return e->rules.new_game && !ng->over ? round_hook(e, prev, &info, ng, err)
                                          : SOW_OK;
}

int sow_match_start(sow_engine *e, sow_match *m, sow_game *g, sow_error *err)
{
    const sow_setup *s = e->setup;
    memset(m, 0, sizeof *m);
    m->game = 1;
    m->winner = -1;
    if (!looped(e)) {
        if (sow_engine_start(e, g, err))
            return SOW_ERR;
        m->starter = 0;
        memcpy(m->owners, g->owner, sizeof m->owners);
        return SOW_OK;
    }
    sow_next_game ng;
    if (ask(e, m, NULL, 1, -1, &ng, err))
        return SOW_ERR;
    if (ng.over)
        return sow_error_set(err, s->v->path, 0, 0,
                             "new_game ended the match before its first "
                             "game");
    return setup_game(e, m, g, &ng, err);
}

int sow_match_next(sow_engine *e, sow_match *m, sow_game *g, sow_error *err)
{
    const sow_setup *s = e->setup;
    if (!g->over)
        return sow_error_set(err, NULL, 0, 0,
                             "the game is not over; the next one cannot "
                             "start");
    if (!looped(e)) {
        m->over = true;
        m->winner = g->result.winner;
        return SOW_OK;
    }
    sow_next_game ng;
    if (ask(e, m, g, m->game + 1, m->starter, &ng, err))
        return SOW_ERR;
    m->holes[0] = ng.holes[0];
    m->holes[1] = ng.holes[1];
    if (ng.over) { /* P15: checked before the match_games cap */
        m->over = true;
        m->winner = ng.winner;
        m->unfinished = ng.unfinished;
        snprintf(m->reason, sizeof m->reason, "%s", ng.reason);
        return SOW_OK;
    }
    if (m->game >= s->match_games) {
        m->over = true;
        m->unfinished = true;
        m->winner = -1;
        snprintf(m->reason, sizeof m->reason, "match_games reached");
        return SOW_OK;
    }
    m->game++;
    return setup_game(e, m, g, &ng, err);
}
