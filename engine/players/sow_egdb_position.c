/* sow_egdb_position.c - one position of an endgame database and its
 * value from its moves (sow_egdb_run.h; docs/solving.md): the game a
 * position stands for (its board, its stores where they are indexed, the
 * player to move), the best of its moves' values (a move's captures plus
 * the entry it leads to), and the run that holds the values. The engine
 * plays every move, so every rule of the machine applies as in a game. */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sow_budget.h"
#include "sow_egdb_run.h"

/* ---- one position ---------------------------------------------------------- */

/* The fields of a game that the database does not index: a move that
 * changes one of them is beyond it. */
static const char *unindexed_change(const sow_game *t, const sow_game *c)
{
    if (c->owns[0] != t->owns[0] || c->owns[1] != t->owns[1])
        return "a move changed the owner of a hole";
    if (c->claims[0] | c->claims[1] | c->blocked)
        return "a move claimed or closed a hole";
    if (c->played[0] | c->played[1] || c->phase != t->phase ||
        c->bearoff_on != t->bearoff_on || c->pass_freed != t->pass_freed)
        return "a move changed the phase";
    if (c->hand[0] != t->hand[0] || c->hand[1] != t->hand[1])
        return "a move placed seeds from the hand (MW.2)";
    if (memcmp(c->state, t->state, sizeof c->state))
        return "a move changed the game's state";
    return NULL;
}

/* The position (board b of k seeds, South's store s0, player p to move)
 * of database db as a game: the setup's start with b, the stores s0 and
 * the rest where db indexes them (a threshold reads them), else nothing
 * captured. Returns 1, 0 when p has no move, -1 on an error. */
int sow_egdb_position(sow_engine *e, const sow_egdb *db, const sow_game *tmpl,
                    const uint16_t *b, int k, int s0, int p, sow_game *g,
                    sow_error *err)
{
    const sow_setup *s = e->setup;
    /* not `*g = *tmpl`: the legal list's tail (2.3 KiB) is not state
     * (sow_game_branch), and its copy and clearing were a quarter of a
     * build's instructions (callgrind, Kalah 6x4, 10 seeds) */
    sow_game_dup(g, tmpl);
    memcpy(g->board, b, (size_t)s->holes * sizeof *b);
    g->on_board = k;
    g->to_move = (uint8_t)p;
    if (db->info.threshold >= 0) {
        g->captured[0] = s0;
        g->captured[1] = db->info.total - k - s0;
    }
    uint16_t legal[SOW_MAX_LEGAL];
    uint64_t endless = 0;
    int n = sow_legal_moves(s, &e->rules, g, p, legal, &endless, err);
    if (n < 0)
        return -1;
    memcpy(g->legal, legal, (size_t)n * sizeof *legal);
    g->nlegal = n;
    g->endless_mask = endless;
    return n > 0;
}

/* The best of the moves of entry j (board b of k seeds), played with
 * engine e: *v the margin from there, *vh its upper bound (building: the
 * best of the moves' upper bounds), *h the longest line. Returns 0, 1
 * when a move leads to an entry of the level not known yet (building), 2
 * when a move leads to an entry marked SOW_EGDB_CYCLE (checking: the
 * entry cannot be checked), or -1 on an error. Building a shard (w given, its round a slice), every
 * unknown entry of the level outside the slice that a move leads to is
 * queued for the next round (sow_egdb_need_entry) before 1 is returned. */
int sow_egdb_play(const run *r, sow_engine *e, sow_game *c, const sow_game *g,
                  int i, bool *lean, sow_error *err)
{
    if (*lean) /* c: a move of g's by the plain move (sow_plain_branch) */
        sow_plain_branch(c, g, r->s->holes, i);
    else
        sow_game_branch(c, g);
    *lean = false;
    if (r->plain.ok) {
        if (e->budget && (++e->budget_tick & 63) == 0 &&
            sow_budget_over(e->budget))
            return sow_budget_error(e->budget, err);
        if (!sow_plain_play_at(&r->plain, c, i)) {
            *lean = true;
            return SOW_OK;
        }
        sow_game_branch(c, g); /* an end: the engine's */
    }
    return sow_engine_play_at(e, c, i, err);
}

int sow_egdb_best_of(const run *r, sow_engine *e, worker *w,
                   const uint16_t *b, int k, int s0, uint64_t j, int *v,
                   int *vh, int *h, sow_error *err)
{
    const sow_setup *s = r->s;
    const int p = (int)(j & 1);
    sow_game g;
    int has = sow_egdb_position(e, r->db, &r->tmpl, b, k, s0, p, &g, err);
    if (has <= 0) {
        *v = *vh = SOW_EGDB_NONE;
        *h = 0;
        return has;
    }
    int best = p == 0 ? -1000000 : 1000000, besth = best, longest = 0;
    int pending = 0, unchecked = 0;
    const int base = g.captured[0] - g.captured[1]; /* the stores now */
    sow_game c;
    bool lean = false; /* c last made from g by the plain move */
    for (int i = 0; i < g.nlegal; i++) {
        if (sow_egdb_play(r, e, &c, &g, i, &lean, err))
            return -1;
        int cv, cvh, ch;
        if (c.over) {
            if (c.result.unfinished)
                return sow_error_set(err, s->v->path, 0, 0,
                                     "a line reaches max_plies (%d) "
                                     "unfinished, so values would depend "
                                     "on it", s->max_plies);
            cv = cvh = c.result.score[0] - c.result.score[1] - base;
            ch = 1;
        } else {
            const char *why = unindexed_change(&r->tmpl, &c);
            if (!why && c.on_board > k)
                why = "a move added seeds to the board";
            if (!why && !sow_egdb_holds_stores(r->db, c.on_board,
                                               c.captured[0], c.captured[1]))
                why = "a move put seeds out of play, or a store past the "
                      "threshold in a game going on";
            if (why)
                return sow_error_set(err, s->v->path, 0, 0,
                                     "variant %s cannot have an endgame "
                                     "database: %s, which the database "
                                     "does not index", s->v->id, why);
            uint64_t cj = 2 * sow_egdb_rank(r->db, c.board, c.on_board,
                                            c.captured[0]) +
                          c.to_move;
            if (r->mark && atomic_load_explicit(&r->mark[cj],
                                                memory_order_acquire) != 1) {
                /* (a lower level is always known) */
                int q = w ? sow_egdb_need_entry(w, cj) : 1;
                if (q)
                    return q; /* 1: wait (the whole level), -1: error */
                pending = 1;
                continue;
            }
            /* (read atomically: settle_cycles's threads write the
             * bounds of a cycle's entries while others read them) */
            const int cl = __atomic_load_n(&r->val[cj], __ATOMIC_RELAXED);
            const int chv = r->hi ? __atomic_load_n(&r->hi[cj],
                                                    __ATOMIC_RELAXED)
                                  : cl;
            if (cl == SOW_EGDB_NONE)
                return sow_error_set(err, s->v->path, 0, 0,
                                     "entry %llu: a move leads to a "
                                     "position the database marks as "
                                     "without moves",
                                     (unsigned long long)cj);
            if (!r->hi && cl == SOW_EGDB_CYCLE) {
                unchecked = 1;
                continue;
            }
            cv = c.captured[0] - c.captured[1] - base + cl;
            cvh = c.captured[0] - c.captured[1] - base + chv;
            ch = 1 + (r->height ? r->height[cj] : 0);
        }
        if (p == 0 ? cv > best : cv < best)
            best = cv;
        if (p == 0 ? cvh > besth : cvh < besth)
            besth = cvh;
        if (ch > longest)
            longest = ch;
    }
    if (pending)
        return 1;
    if (unchecked)
        return 2;
    if (best < -126 || best > 126 || besth < -126 || besth > 126)
        return sow_error_set(err, s->v->path, 0, 0,
                             "a margin of %d is past what a database "
                             "entry holds (-126 to 126)",
                             best < -126 || best > 126 ? best : besth);
    *v = best;
    *vh = besth;
    *h = longest;
    return 0;
}

/* ---- the run ------------------------------------------------------------------ */

/* A run for s's database of `seeds` seeds: the entries, heights and marks
 * allocated (*db made); an error past the limits or out of memory. */
int sow_egdb_run_alloc(run *r, const sow_setup *s, int seeds, sow_error *err)
{
    memset(r, 0, sizeof *r);
    r->s = s;
    if (sow_egdb_check(s, err))
        return SOW_ERR;
    /* a threshold end reads the stores: they are indexed (C1.7) */
    r->db = sow_egdb_sized(s, s->holes, seeds, s->total, s->threshold, err);
    if (!r->db)
        return SOW_ERR;
    snprintf(r->db->info.id, sizeof r->db->info.id, "%s", s->v->id);
    sow_game_init(s, &r->tmpl);
    memset(r->tmpl.board, 0, sizeof r->tmpl.board);
    sow_plain_init(&r->plain, s, NULL);
    const uint64_t n = r->db->info.entries;
    r->val = malloc(n);
    r->hi = malloc(n);
    r->height = calloc(n, sizeof *r->height);
    r->mark = calloc(n, sizeof *r->mark);
    if (!r->val || !r->hi || !r->height || !r->mark)
        return sow_error_set(err, NULL, 0, 0, "out of memory for %llu "
                             "entries", (unsigned long long)n);
    return sow_egdb_digest(s, &r->db->info.digest, err);
}

void sow_egdb_run_free(run *r)
{
    free(r->val);
    free(r->hi);
    free(r->height);
    free((void *)r->mark);
    sow_egdb_close(r->db);
}

