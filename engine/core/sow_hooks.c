/* sow_hooks.c - the script's move hooks as the engine calls them: the
 * filter hook over candidate moves (each sown on a copy, CATALOGUE P42),
 * and the after_move and game_end hooks after a move. The engine knows no
 * script: it calls the functions of sow_rules (the Lua bridge fills them,
 * sow_lua.c). What each hook sees and when it runs:
 * docs/writing-variants.md, "What each hook sees and when it runs". */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "sow_game.h"

/* Whether g's moves are sowings the engine makes (phase 0, or a phase of
 * sowing moves): a scripted phase's moves are the play hook's. */
static bool sowing_phase(const sow_setup *s, const sow_game *g)
{
    if (g->phase == 0)
        return true;
    if (g->phase > s->v->nphases)
        return false;
    const sow_phase *ph = &s->v->phases[g->phase - 1];
    return !ph->decisions && !ph->scripted;
}

/* Sow candidate move m of `player` on a copy of g into *after, as the
 * view the filter hook sees: the mover is still to move, and the ply is
 * counted. Returns 1 when the move is endless (no view), 0, or -1. */
static int candidate_after(const sow_setup *s, const sow_rules *r,
                           const sow_game *g, int player, sow_move m,
                           sow_game *after, sow_error *err)
{
    memcpy(after, g, offsetof(sow_game, nlegal));
    after->to_move = (uint8_t)player;
    const int hole = sow_move_aim(after, m); /* MB.2: its direction */
    bool endless = false;
    sow_before mv;
    if (sow_sow(s, r, NULL, after, sow_move_of(&mv, r, g, hole), &endless,
                err))
        return -1;
    if (endless)
        return 1;
    after->ply = g->ply + 1;
    after->last_move_hole = (int8_t)hole;
    after->last_mover = (int8_t)player;
    return 0;
}

int sow_hook_filter(const sow_setup *s, const sow_rules *r, const sow_game *g,
                    int player, uint16_t *out, int n, sow_error *err)
{
    if (!sowing_phase(s, g))
        return n;
    sow_game before, after;
    memcpy(&before, g, offsetof(sow_game, nlegal));
    before.to_move = (uint8_t)player;
    sow_filter_verdict v[SOW_MAX_LEGAL];
    int32_t best = 0;
    bool any = false;
    for (int i = 0; i < n; i++) {
        v[i] = (sow_filter_verdict){true, 0};
        if (out[i] == SOW_MOVE_LAYOUT) {
            /* MW.2: the pattern of a layout stands for every arrangement
             * of the hand, no one move to sow: kept, not asked */
            if (!any || best < 0)
                best = 0;
            any = true;
            continue;
        }
        int rc = candidate_after(s, r, g, player, out[i], &after, err);
        if (rc < 0)
            return -1;
        if (rc == 0 && r->filter(r->ctx, s, &before, &after,
                                 sow_move_hole(out[i]), &v[i], NULL, 0,
                                 err))
            return -1;
        if (v[i].keep && (!any || v[i].rank > best))
            best = v[i].rank;
        any |= v[i].keep;
    }
    int k = 0;
    for (int i = 0; i < n; i++)
        if (v[i].keep && v[i].rank == best)
            out[k++] = out[i];
    return k;
}

int sow_hook_refusal(const sow_setup *s, const sow_rules *r,
                     const sow_game *g, int hole, char *why, int why_size,
                     sow_error *err)
{
    if (why_size > 0)
        why[0] = 0;
    if (!r || !r->filter || g->over || hole < 0 || hole >= s->holes ||
        !sowing_phase(s, g) || sow_game_is_legal(g, hole))
        return 0;
    /* legal by the rules of data, not legal: the hook refused it */
    const int player = g->to_move;
    sow_rules data = *r;
    data.filter = NULL;
    uint16_t moves[SOW_MAX_LEGAL];
    int n = sow_legal_moves(s, &data, g, player, moves, NULL, err), i = 0;
    if (n < 0)
        return -1;
    while (i < n && moves[i] != hole)
        i++;
    if (i == n)
        return 0;
    sow_game before, after;
    memcpy(&before, g, offsetof(sow_game, nlegal));
    if (candidate_after(s, r, g, player, hole, &after, err))
        return -1; /* (an endless move is never refused) */
    sow_filter_verdict v = {true, 0};
    if (r->filter(r->ctx, s, &before, &after, hole, &v, why, why_size, err))
        return -1;
    return 1;
}

/* Where one end of a move change keeps its seeds: a hole of the board,
 * or a store (SOW_MOVE_STORE0 + p; + 2, the mover's, is made p's here);
 * NULL for a hole past the last. */
static int32_t *move_end(const sow_setup *s, sow_game *g, int mover,
                         int *end, int32_t *cell)
{
    if (*end == SOW_MOVE_STORE0 + 2)
        *end = SOW_MOVE_STORE0 + mover;
    if (*end >= SOW_MOVE_STORE0)
        return &g->captured[*end - SOW_MOVE_STORE0];
    if (*end >= s->holes)
        return NULL;
    *cell = g->board[*end];
    return cell;
}

/* The words for one end of a move change: "hole 3", "North's store". */
static const char *end_words(int end, char *buf, size_t size)
{
    if (end >= SOW_MOVE_STORE0)
        snprintf(buf, size, "%s's store",
                 end == SOW_MOVE_STORE0 ? "South" : "North");
    else
        snprintf(buf, size, "hole %d", end);
    return buf;
}

/* A hook's move change (issue 24), once its other changes are made:
 * each carries seeds of one hole or store into another, no hole closed
 * (C1.5; a claimed hole, C1.4, keeps what it is given for its claimant,
 * as capture_to_claim's QL.4), and no more than the end they leave holds
 * then; the seeds of board and stores together stay the same (a store
 * given to the other player, a store taken, seeds put back from one).
 * An impossible one is an error at the hook's line, and the caller
 * restores the game. */
int sow_apply_moves(const sow_setup *s, sow_game *g, const sow_seed_move *m,
                    int nm, int hook, int mover, const sow_observer *obs,
                    sow_error *err)
{
    const sow_variant *v = s->v;
    const uint64_t shut = g->blocked;
    for (int i = 0; i < nm; i++) {
        int a = m[i].from, b = m[i].to;
        int32_t ca, cb, *pa = move_end(s, g, mover, &a, &ca),
                        *pb = move_end(s, g, mover, &b, &cb);
        char why[200] = "", wa[24], wb[24];
        end_words(a, wa, sizeof wa);
        end_words(b, wb, sizeof wb);
        const int n = !pa ? 0 : m[i].seeds ? m[i].seeds : *pa;
        if (!pa || !pb)
            snprintf(why, sizeof why, "a move of seeds from %s to %s, one "
                     "of which does not exist", wa, wb);
        else if (a == b)
            snprintf(why, sizeof why, "a move of seeds from %s to itself",
                     wa);
        else if ((a < s->holes && ((shut >> a) & 1)) ||
                 (b < s->holes && ((shut >> b) & 1)))
            snprintf(why, sizeof why, "a move of seeds from %s to %s, one "
                     "of which is closed (C1.5): open it in the same "
                     "answer", wa, wb);
        else if (n > *pa)
            snprintf(why, sizeof why, "a move of %d seeds from %s, which "
                     "holds %d once the answer's other changes are made: a "
                     "change may not make seeds", n, wa, (int)*pa);
        if (why[0])
            return sow_error_set(err, v->path, v->hook_line[hook],
                                 v->hook_col[hook], "the %s hook %s "
                                 "returned %s", sow_hook_names[hook],
                                 v->hook_fn[hook], why);
        if (!n)
            continue;
        *pa -= n;
        *pb += n;
        /* the seeds on the board: fewer for a store filled from a hole,
         * more for a hole filled from a store */
        if (a < SOW_MOVE_STORE0)
            g->board[a] = (uint16_t)ca;
        else
            g->on_board += n;
        if (b < SOW_MOVE_STORE0)
            g->board[b] = (uint16_t)cb;
        else
            g->on_board -= n;
        if (obs && obs->on_event) {
            /* a store end as events name stores: -1 - player */
            sow_event ev = {SOW_EV_INTO, SOW_INTO_BY_SCRIPT,
                            a < SOW_MOVE_STORE0 ? a : -1 - (a - SOW_MOVE_STORE0),
                            n,
                            b < SOW_MOVE_STORE0 ? b : -1 - (b - SOW_MOVE_STORE0),
                            0};
            obs->on_event(obs->ctx, &ev);
        }
    }
    return SOW_OK;
}

int sow_hook_after_move(sow_engine *e, const sow_game *before, sow_game *g,
                        int origin, int *next, sow_error *err)
{
    const sow_setup *s = e->setup;
    const sow_rules *r = &e->rules;
    memset(&e->hook_end, 0, sizeof e->hook_end);
    e->hook_end.winner = -1;
    if (r->after_move) {
        sow_changes c;
        memset(&c, 0, sizeof c);
        c.to_move = c.phase = -1;
        if (r->after_move(r->ctx, s, before, g, origin, &c, err))
            return SOW_ERR;
        /* the player to move next is the engine's to settle; g.mover
         * stays the player who moved for game_end */
        int to = c.to_move;
        c.to_move = -1;
        if (to < -1 || to > 1)
            c.to_move = to; /* refused by sow_apply_changes */
        if (sow_apply_changes_seen(s, g, &c,
                                   e->obs.on_event ? &e->obs : NULL, err) ||
            (c.nmoves &&
             sow_apply_moves(s, g, c.moves, c.nmoves, SOW_HOOK_AFTER_MOVE,
                             g->to_move, e->obs.on_event ? &e->obs : NULL,
                             err)))
            return SOW_ERR;
        if (to >= 0)
            *next = to;
    }
    if (r->game_end &&
        r->game_end(r->ctx, s, before, g, origin, &e->hook_end, err))
        return SOW_ERR;
    return SOW_OK;
}
