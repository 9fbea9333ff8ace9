/* sow_player.c - player specs, the player object, the random and greedy
 * players, and what the searching players share (sow_search.h). */
#include "sow_layout.h"
#include "sow_player.h"
#include "sow_text.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sow_search.h"
#include "sow_egdb.h"
#include "sow_history.h"
#include "sow_solve.h"
#include <unistd.h>

/* ---- random and greedy --------------------------------------------------- */

int sow_player_parse(const char *name)
{
    if (strcmp(name, "random") == 0)
        return SOW_PLAYER_RANDOM;
    if (strcmp(name, "greedy") == 0)
        return SOW_PLAYER_GREEDY;
    return -1;
}

/* The seeds the mover takes with move m: the sowing alone in a sowing
 * phase; in a scripted phase the engine's move, on a copy of the engine
 * without history or observer (so the game's history is not touched). */
static int gain_of(sow_engine *e, const sow_game *g, sow_move m, int *gain,
                   sow_error *err)
{
    sow_game copy;
    sow_game_dup(&copy, g);
    const int me = g->to_move;
    if (sow_search_resets_history(e->setup, g)) {
        sow_engine se = *e;
        se.hist = NULL;
        se.obs.on_event = NULL;
        if (sow_engine_play(&se, &copy, m, err))
            return SOW_ERR;
        *gain = copy.captured[me] - g->captured[me];
        return SOW_OK;
    }
    bool endless;
    sow_before mv;
    if (sow_sow(e->setup, &e->rules, NULL, &copy,
                sow_move_of(&mv, &e->rules, g, sow_move_aim(&copy, m)),
                &endless, err))
        return SOW_ERR;
    *gain = endless ? 0 : copy.captured[me] - g->captured[me];
    return SOW_OK;
}

int sow_player_choose(sow_player_kind kind, sow_engine *e, const sow_game *g,
                      sow_rng *rng, sow_move *out, sow_error *err)
{
    if (g->over || g->nlegal <= 0)
        return sow_error_set(err, NULL, 0, 0, "no legal move to choose");
    if (kind != SOW_PLAYER_GREEDY || sow_decision_phase(e->setup, g) ||
        g->nlegal == 1) {
        /* decision moves: the greedy player has no measure of them; a
         * layout (MW.2) is drawn uniformly (sow_legal_pick) */
        *out = sow_legal_pick(g, sow_rng_below(rng, g->nlegal), rng);
        return SOW_OK;
    }
    int best = -1, nbest = 0;
    sow_move pick[SOW_MAX_LEGAL];
    for (int i = 0; i < g->nlegal; i++) {
        int gain;
        if (gain_of(e, g, g->legal[i], &gain, err))
            return SOW_ERR;
        if (gain > best) {
            best = gain;
            nbest = 0;
        }
        if (gain == best)
            pick[nbest++] = g->legal[i];
    }
    *out = pick[sow_rng_below(rng, nbest)];
    return SOW_OK;
}

/* ---- the player object -------------------------------------------------- */

struct sow_player {
    sow_player_spec spec;
    const sow_setup *s;
    sow_rng rng;
    sow_ab *ab;       /* alphabeta */
    sow_mcts *mcts;   /* mcts */
    sow_solver *solver; /* perfect: its table lives from move to move */
    sow_egdb *db;       /* perfect: its endgame database, or NULL */
};

/* db=DIR: the database of s's rules in DIR, given to the player's search
 * (the solver, alphabeta or mcts); a folder without one is an error (the
 * spec asked for it). */
static int open_db(sow_player *p, const sow_setup *s, sow_error *err)
{
    char path[4096];
    if (sow_egdb_check(s, err) ||
        sow_egdb_path(s, p->spec.db, path, sizeof path, err))
        return SOW_ERR;
    if (access(path, F_OK))
        return sow_error_set(err, NULL, 0, 0,
                             "player '%s': no endgame database of "
                             "these rules (variant %s and its option "
                             "values) in %s; sow egdb build with the same "
                             "options and --db %s makes one",
                             p->spec.kind == SOW_PLAYER_PERFECT ? "perfect"
                             : p->spec.kind == SOW_PLAYER_MCTS ? "mcts"
                                                               : "alphabeta",
                             s->v->id, p->spec.db, p->spec.db);
    if (!(p->db = sow_egdb_open(path, s, err)))
        return SOW_ERR;
    if (p->ab)
        sow_ab_set_egdb(p->ab, p->db);
    if (p->mcts)
        sow_mcts_set_egdb(p->mcts, p->db);
    return p->solver ? sow_solver_set_egdb(p->solver, p->db, err) : SOW_OK;
}

sow_player *sow_player_new(const sow_player_spec *sp, const sow_setup *s,
                           uint64_t seed, sow_error *err)
{
    sow_player *p = calloc(1, sizeof *p);
    if (!p) {
        sow_error_set(err, NULL, 0, 0, "out of memory");
        return NULL;
    }
    p->spec = *sp;
    sow_player_spec_complete(&p->spec);
    sp = &p->spec;
    p->s = s;
    sow_rng_seed(&p->rng, seed);
    if (sp->kind == SOW_PLAYER_ALPHABETA && !(p->ab = sow_ab_new(sp, s, err)))
        goto fail;
    if (sp->kind == SOW_PLAYER_MCTS && !(p->mcts = sow_mcts_new(sp, s, err)))
        goto fail;
    if (sp->kind == SOW_PLAYER_PERFECT) {
        const sow_solve_policy pol = {sp->trust, "perfect:trust=1"};
        if (sow_solve_check(s, &pol, err)) {
            sow_error_reword(err, "player 'perfect': %.*s",
                             SOW_CLIP(err->msg, 900));
            goto fail;
        }
        if (!(p->solver = sow_solver_new(s, sp->mib, err)))
            goto fail;
    }
    if (sp->db[0] && sp->kind >= SOW_PLAYER_ALPHABETA && open_db(p, s, err))
        goto fail;
    return p;
fail:
    sow_player_free(p);
    return NULL;
}

void sow_player_free(sow_player *p)
{
    if (!p)
        return;
    sow_ab_free(p->ab);
    sow_mcts_free(p->mcts);
    sow_solver_free(p->solver);
    sow_egdb_close(p->db);
    free(p);
}

void sow_player_seed(sow_player *p, uint64_t seed)
{
    sow_rng_seed(&p->rng, seed);
}

void sow_player_set_shortcuts(sow_player *p, bool on)
{
    if (p->ab)
        sow_ab_set_exact(p->ab, !on);
}

const sow_player_spec *sow_player_get_spec(const sow_player *p)
{
    return &p->spec;
}

/* perfect: every legal move solved exactly (sow_solve.h), the best for
 * the mover taken, ties broken by the seed. info->score is the value for
 * the mover: the margin (or 1, 0, -1 without scores). */
static int perfect_move(sow_player *p, sow_engine *e, const sow_game *g,
                        sow_search_info *info, sow_error *err)
{
    const int sign = g->to_move == 0 ? 1 : -1;
    sow_engine se = *e;
    se.obs.on_event = NULL;
    long best = 0;
    int nbest = 0;
    sow_move pick[SOW_MAX_LEGAL];
    /* under the repetition rule the game's history is the solver's past
     * (docs/solving.md): each move's position is added to it, and taken
     * off again */
    const int hlen = se.hist ? sow_history_len(se.hist) : 0;
    for (int i = 0; i < g->nlegal; i++) {
        sow_game c;
        sow_game_dup(&c, g);
        sow_solve_value v;
        const int rc = sow_engine_play(&se, &c, g->legal[i], err) ||
                       sow_solve_value_of(p->solver, &se, &c, &v, err);
        if (se.hist)
            sow_history_pop(se.hist, sow_history_len(se.hist) - hlen);
        if (rc)
            return SOW_ERR;
        long r = sign * sow_solve_rank(v);
        if (nbest == 0 || r > best) {
            best = r;
            nbest = 0;
            info->score = sign * sow_solve_report(p->s, v);
        }
        if (r == best)
            pick[nbest++] = g->legal[i];
        info->nodes += sow_solver_positions(p->solver) + 1;
    }
    info->move = pick[sow_rng_below(&p->rng, nbest)];
    return SOW_OK;
}

int sow_player_move(sow_player *p, sow_engine *e, const sow_game *g,
                    sow_move *out, sow_search_info *info, sow_error *err)
{
    sow_search_info local;
    if (!info)
        info = &local;
    memset(info, 0, sizeof *info);
    if (g->over || g->nlegal <= 0)
        return sow_error_set(err, NULL, 0, 0,
                             "ply %d: the game is over; there is no move to "
                             "choose",
                             g->ply);
    int rc;
    if (p->spec.by_decision && e->setup->ends_turns &&
        !sow_decision_phase(e->setup, g)) {
        /* random:by=decision: the turn drawn decision by decision */
        rc = sow_turn_random(e->setup, g, &p->rng, &info->move, err) == 1
                 ? SOW_OK
                 : sow_error_set(err, NULL, 0, 0,
                                 "ply %d: no turn could be drawn", g->ply);
    } else if (p->spec.kind <= SOW_PLAYER_GREEDY) {
        /* no clock: these take nanoseconds */
        rc = sow_player_choose(p->spec.kind, e, g, &p->rng, &info->move,
                               err);
        info->nodes = p->spec.kind == SOW_PLAYER_GREEDY ? g->nlegal : 0;
    } else {
        double t0 = sow_search_now();
        if (p->spec.kind == SOW_PLAYER_ALPHABETA)
            rc = sow_ab_search(p->ab, e, g, &p->rng, info, err);
        else if (p->spec.kind == SOW_PLAYER_PERFECT)
            rc = perfect_move(p, e, g, info, err);
        else
            rc = sow_mcts_search(p->mcts, e, g, &p->rng, info, err);
        info->seconds = sow_search_now() - t0;
    }
    if (rc == SOW_OK && info->move == SOW_MOVE_LAYOUT)
        /* MW.2: the searches see a layout ply as one move (their lines
         * play layouts the engine draws); the player plays one drawn
         * uniformly from its own seed */
        info->move = sow_layout_draw(g, &p->rng);
    if (rc == SOW_OK)
        *out = info->move;
    return rc;
}
