/* sow_laphook.c - the script's say during a sowing: the lap_end hook's
 * answer checked and applied (its captures, claims and other changes), and
 * the drop hook's answer for each seed (issue 24). The laps (sow_sow.c,
 * sow_fastlaps.c) ask them through the rule interface. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "sow_laps_int.h"

/* A lap_end hook's other changes (its third value): holes opened, taken
 * into a named store, seeds out of play (C1.13), holes closed (C1.5),
 * applied after its captures and claims as a decide hook's changes are
 * (sow_apply_changes_seen checks them all first, on the board as the
 * captures left it). */
static __attribute__((noinline, cold)) int
hook_more(const sow_setup *s, const sow_observer *obs, sow_game *g,
          const sow_lap_decision *d, uint64_t taken, sow_error *err)
{
    const uint64_t both = taken & (d->take_set | d->out_set);
    if (both)
        return sow_error_set(err, s->v->path,
                             s->v->hook_line[SOW_HOOK_LAP_END], 0,
                             "the lap_end hook %s captured hole %d in its "
                             "list and again in its changes (capture or "
                             "out): name it once",
                             s->v->hook_fn[SOW_HOOK_LAP_END],
                             __builtin_ctzll(both));
    sow_changes ch;
    sow_lap_changes(d, &ch);
    if (sow_apply_changes_seen(s, g, &ch, obs, err))
        return SOW_ERR;
    /* its moves of seeds, last (issue 24: a lap's last seed given to a
     * store and the lap going on from its hole); the hand is empty at a
     * lap's end, so what moves is on the board or in the stores */
    return d->nmoves ? sow_apply_moves(s, g, d->moves, d->nmoves,
                                       SOW_HOOK_LAP_END, g->to_move, obs, err)
                     : SOW_OK;
}

/* An impossible next lap a lap_end hook named, at the hook's line. */
static __attribute__((noinline, cold, format(printf, 3, 4))) int
bad_next(const sow_setup *s, sow_error *err, const char *fmt, ...)
{
    char why[200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, sizeof why, fmt, ap);
    va_end(ap);
    return sow_error_set(err, s->v->path, s->v->hook_line[SOW_HOOK_LAP_END],
                         s->v->hook_col[SOW_HOOK_LAP_END],
                         "the lap_end hook %s returned %s",
                         s->v->hook_fn[SOW_HOOK_LAP_END], why);
}

/* A lap_end hook's next = {from = h, direction = d} (issue 24), once its
 * other changes are made: the hole the next lap lifts is on the board,
 * neither closed (C1.5) nor claimed (C1.4) now, and on the mover's track
 * in the lap's direction (sowing.track: a lap never starts off it). A
 * direction the move already has is no change. */
static __attribute__((noinline)) int next_lap(const sow_setup *s,
                                              const sow_game *g,
                                              const sow_lap_decision *d,
                                              int h, sow_error *err)
{
    const int x = d->next_from ? d->next_from - 1 : h;
    const int dir = d->next > 1 ? d->next - 2 : g->move_dir;
    if (x >= s->holes)
        return bad_next(s, err, "a next lap from hole %d, but the holes "
                                "are 0 to %d", x, s->holes - 1);
    if (dir > SOW_DIR_CW)
        return bad_next(s, err, "a next lap in direction %d: \"cw\" or "
                                "\"ccw\"", dir);
    if ((g->blocked >> x) & 1)
        return bad_next(s, err, "a next lap from hole %d, which is closed "
                                "(C1.5): open it in the same answer, or "
                                "name another", x);
    if (((g->claims[0] | g->claims[1]) >> x) & 1)
        return bad_next(s, err, "a next lap from hole %d, which is claimed "
                                "(C1.4): release it in the same answer, or "
                                "name another", x);
    if (s->tracks[g->to_move][dir][x] == SOW_POS_NONE)
        return bad_next(s, err, "a next lap from hole %d, which is not on "
                                "%s's track (sowing.track): a lap starts on "
                                "the mover's track", x,
                        g->to_move ? "North" : "South");
    return sow_next_code(x, dir == g->move_dir ? -1 : dir);
}

/* Ask the script; check what it returns before applying it. (A hook
 * that sows on in a variant of single laps is followed: such laps are not
 * watched for a move that never ends, P2, and a hook that always sows on
 * is stopped by the run's time limit, which the Lua bridge reads every
 * so many calls.) */
static inline __attribute__((always_inline)) int
run_hook(const sow_setup *s, const sow_rules *r, const sow_before *mv,
         const sow_observer *obs, sow_game *g, int h, long lap, int from,
         int lifted, sow_error *err)
{
    const int c = g->board[h]; /* (the lap's count: nothing took it yet) */
    sow_lap_decision d;
    memset(&d, 0, SOW_LAP_DECISION_HEAD);
    d.extra_turn = -1;
    if (!r || !r->lap_end)
        return sow_error_set(err, s->v->path, 0, 0,
                             "a lap_end rule says hook but no lap_end hook "
                             "is available");
    /* the view's g.lap, g.hand (empty at a lap's end), g.lifted (0: nil) */
    const sow_at at = {h, c, lap > 0 ? (int)lap : 1, 0, from, lifted};
    if (r->lap_end(r->ctx, s, g, mv, &at, &d, err))
        return SOW_ERR;
    uint64_t seen = 0;
    for (int i = 0; i < d.ncap; i++) {
        int x = d.cap[i];
        if (x >= s->holes)
            return sow_error_set(err, s->v->path, 0, 0,
                                 "the lap_end hook captured hole %d, but the "
                                 "holes are 0 to %d",
                                 x, s->holes - 1);
        if ((seen >> x) & 1)
            return sow_error_set(err, s->v->path, 0, 0,
                                 "the lap_end hook captured hole %d twice",
                                 x);
        seen |= (uint64_t)1 << x;
    }
    if (d.release | d.claim_set) { /* C1.4: released, captured, claimed */
        char why[160];
        if (!s->claims)
            return sow_error_set(err, s->v->path, 0, 0,
                                 "the lap_end hook claimed or released hole "
                                 "%d, but the variant has no claimed holes "
                                 "(C1.4): add claims: true under board:",
                                 __builtin_ctzll(d.release | d.claim_set));
        if (sow_claims_problem(g, d.claim_set, d.release, seen, why,
                               sizeof why))
            return sow_error_set(err, s->v->path, 0, 0,
                                 "the lap_end hook returned %s", why);
        g->claims[0] &= ~d.release;
        g->claims[1] &= ~d.release;
    } else if (seen & (g->claims[0] | g->claims[1])) {
        return sow_error_set(err, s->v->path, 0, 0,
                             "the lap_end hook captured hole %d, which is "
                             "claimed (C1.4): release it in the same answer "
                             "to take its seeds",
                             __builtin_ctzll(seen & (g->claims[0] |
                                                      g->claims[1])));
    }
    for (int i = 0; i < d.ncap; i++)
        capture(obs, g, d.cap[i]);
    for (uint64_t m = d.claim_set; m; m &= m - 1) {
        const int x = __builtin_ctzll(m), p = (int)((d.claim_north >> x) & 1);
        g->claims[p] |= (uint64_t)1 << x;
        EMIT(obs, SOW_EV_CLAIM, p, x, g->board[x], 0);
    }
    /* its other changes and its moves of seeds (one test for them all) */
    if ((d.open_set | d.take_set | d.out_set | d.close_set |
         (uint64_t)d.nmoves) &&
        hook_more(s, obs, g, &d, seen, err))
        return SOW_ERR;
    if (d.extra_turn >= 0) /* C1.3: the hook's say on another turn */
        g->move_flags = d.extra_turn
                            ? (uint8_t)(g->move_flags | SOW_MOVED_EXTRA_TURN)
                            : (uint8_t)(g->move_flags &
                                        ~SOW_MOVED_EXTRA_TURN);
    if (d.next)
        return next_lap(s, g, &d, h, err);
    return d.relay ? sow_next_code(h, -1) : SOW_NEXT_STOP;
}

int sow_run_hook(const sow_setup *s, const sow_rules *r,
                 const sow_before *mv, const sow_observer *obs, sow_game *g,
                 int h, long lap, int from, sow_error *err)
{
    return run_hook(s, r, mv, obs, g, h, lap, from, 0, err);
}

int sow_run_hook_lifted(const sow_setup *s, const sow_rules *r,
                        const sow_before *mv, const sow_observer *obs,
                        sow_game *g, int h, long lap, int from, int lifted,
                        sow_error *err)
{
    return run_hook(s, r, mv, obs, g, h, lap, from, lifted, err);
}

/* (the word paths': no observer, so none of the events is looked for) */
int sow_run_hook_quiet(const sow_setup *s, const sow_rules *r,
                       const sow_before *mv, sow_game *g, int h, long lap,
                       int from, sow_error *err)
{
    return run_hook(s, r, mv, NULL, g, h, lap, from, 0, err);
}

/* A hand the drop hook passes on round after round (the view is the same
 * each time round, so it would for ever). */
int sow_no_drop(const sow_setup *s,
                sow_error *err)
{
    return sow_error_set(err, s->v->path, s->v->hook_line[SOW_HOOK_DROP],
                         s->v->hook_col[SOW_HOOK_DROP],
                         "the seeds in hand can drop nowhere: the drop hook "
                         "%s passes over every hole they reach; let it drop "
                         "the seed, or send it to a store or out of play, "
                         "somewhere",
                         s->v->hook_fn[SOW_HOOK_DROP]);
}

/* Ask the drop hook what becomes of the seed about to fall in hole h
 * (lap `lap`, lifted from hole `from` or -1, `hand` seeds in hand, this
 * one counted, of the `lifted` the lap set out with), and take a seed
 * that leaves the hand off the board: into a store (C1.2) or out of
 * play, added to the mover's captured (C1.13). */
int sow_drop_seed(const sow_setup *s, const sow_rules *r,
                  const sow_before *mv, const sow_observer *obs, sow_game *g,
                  int h, long lap, int hand, int from, int lifted,
                  sow_error *err)
{
    const int mover = g->to_move;
    sow_drop d = {SOW_DROP_SOW, 0};
    const sow_at at = {h, g->board[h], lap > 0 ? (int)lap : 1, hand, from,
                       lifted};
    if (!r || !r->drop)
        return sow_error_set(err, s->v->path, 0, 0,
                             "the variant has a drop hook but no script "
                             "runs it"),
               DROP_FAILED;
    if (r->drop(r->ctx, s, g, mv, &at, &d, err))
        return DROP_FAILED;
    if (d.action == SOW_DROP_SOW)
        return DROP_HERE;
    if (d.action == SOW_DROP_SKIP) {
        EMIT(obs, SOW_EV_SKIP, mover, h, g->board[h], SOW_SKIP_BY_SCRIPT);
        return DROP_PASSED;
    }
    const int p = d.action == SOW_DROP_STORE ? d.player & 1 : mover;
    g->captured[p]++;
    g->on_board--;
    if (d.action == SOW_DROP_STORE) {
        EMIT(obs, SOW_EV_STORE, p, -1, g->captured[p], 0);
        return DROP_STORE + p;
    }
    EMIT(obs, SOW_EV_OUT, mover, h, 1, SOW_OUT_BY_SCRIPT);
    return DROP_OUT;
}
