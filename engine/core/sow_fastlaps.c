/* sow_fastlaps.c - the word paths of relay laps (P2): the seed games' and
 * the plain relay variants' laps with the board held in 64-bit words of
 * 16-bit lanes, counter-clockwise, without an observer. sow_laps
 * (sow_sow.c) hands them a move when nothing else needs watching. */
#include <string.h>

#include "sow_laps_int.h"

/* The error of a move that reached the lap cap. */
int sow_lap_cap(const sow_setup *s, sow_game *g, int hole,
                sow_error *err)
{
    g->move_flags |= SOW_MOVED_LAP_CAP; /* (the engine ends the game) */
    return sow_error_set(err, s->v->path, 0, 0,
                         "a move from hole %d neither ended nor repeated "
                         "within %ld laps, the most the endless-move proof "
                         "follows (P2): the position holds too many seeds "
                         "in play to prove; start from one with fewer",
                         hole, s->max_laps);
}

/* A lap of the word paths ended in h where the script decides (lap
 * `laps`, lifted from `origin`): true when it relays from h, which holds
 * seeds; else the move is over, or goes on in the laps that turn or move
 * (the hook's next lap elsewhere), with *rc its status. */
static inline bool hook_relays(const sow_setup *s, const sow_rules *r,
                               const sow_before *mv, sow_game *g, int h,
                               long laps, int origin, bool *endless,
                               sow_error *err, int *rc)
{
    const int k = sow_run_hook_quiet(s, r, mv, g, h, laps, origin, err);
    *rc = k < 0 ? SOW_ERR : SOW_OK;
    if (k < 0)
        return false;
    if (__builtin_expect(sow_next_elsewhere(k, h), 0)) {
        /* the hook's next lap: from another hole, or the other way */
        *rc = sow_laps_next(s, r, mv, NULL, g, k, laps, false, endless, err);
        return false;
    }
    return k != SOW_NEXT_STOP && g->board[h] != 0;
}

/* A lap of the word paths ended in h, the board in w (`bytes` of it
 * written back to the game before anything else may read it: captures,
 * hooks, the end): true when the move goes on, *seeds lifted from
 * *origin; else it is over, *rc its status. Both word paths share it;
 * inlined, `bytes` is their constant. */
static inline __attribute__((always_inline)) bool
lap_goes_on(const sow_setup *s, const sow_rules *r, const sow_before *mv,
            sow_game *g, int mover, uint64_t *w, size_t bytes, int h,
            long laps, int *seeds, int *origin, bool *endless,
            sow_error *err, int *rc)
{
    uint16_t *b = g->board;
    const int c = LANE(w, h);
    int a = c < 64 ? s->lap_action[g->owner[h] != mover][c] : SOW_LAP_RULES;
    if (a == SOW_LAP_RULES) {
        memcpy(b, w, bytes); /* the rules may look at the board */
        a = decide_rules(s, g, h, c);
    }
    if (a == SOW_LAP_RELAY) {
        *seeds = c;
        CLEAR_LANE(w, h);
        *origin = h;
        return true;
    }
    memcpy(b, w, bytes);
    *rc = SOW_OK;
    if (end_lap(s, NULL, g, h, a))
        return false;
    if (a != SOW_LAP_HOOK && capture_then_relay(s, NULL, g, h, a)) {
        /* TG.2: capture, sow on */
        if (b[h] == 0)
            return false; /* the capture took h itself */
    } else if (!hook_relays(s, r, mv, g, h, laps, *origin, endless, err,
                            rc)) { /* SOW_LAP_HOOK */
        return false;
    }
    *seeds = b[h];
    b[h] = 0;
    *origin = h;
    memcpy(w, b, bytes);
    return true;
}

/* sow_fast for boards of up to 16 holes (Adji Kui, Adji-Boto): the board
 * stays in four 64-bit words while laps run, a lap adds a precomputed run
 * of ones (counts stay far below 2^16, so no carry crosses a lane), and
 * Brent's comparison is four word comparisons (sow_brent16). Only relay
 * moves come here (sow_laps). */
int sow_fast16(const sow_setup *s, const sow_rules *r,
               const sow_before *mv, sow_game *g, bool *endless,
               sow_error *err)
{
    const int hole = mv->origin;
    uint16_t *b = g->board;
    int seeds = b[hole] - s->leave; /* B.2: leave-one keeps `leave` */
    b[hole] = (uint16_t)s->leave;
    uint64_t w[4];
    memcpy(w, b, sizeof w); /* lanes past n stay 0: the runs never touch
                               them */
    int origin = hole, h = hole, rc = SOW_OK;
    *endless = false;
    sow_brent16 cyc;
    brent16_start(&cyc, w, hole, seeds);
    for (long laps = 1;; laps++) {
        if (laps > SOW_FREE_LAPS) {
            if (brent16_repeats(&cyc, w, origin, seeds,
                                laps - SOW_FREE_LAPS - 1)) {
                *endless = true;
                memcpy(b, w, sizeof w);
                return SOW_OK;
            }
            if (laps > s->max_laps) {
                memcpy(b, w, sizeof w);
                return sow_lap_cap(s, g, hole, err);
            }
        }
        h = lap16(s, w, h, seeds);
        if (!lap_goes_on(s, r, mv, g, g->to_move, w, sizeof w, h, laps,
                         &seeds, &origin, endless, err, &rc))
            return rc;
    }
}

/* sow_fast16 for boards of 17 to 64 holes (Andada): the board in up to 16
 * words, a lap adds its run word by word. */
int sow_fastw(const sow_setup *s, const sow_rules *r,
              const sow_before *mv, sow_game *g, bool *endless,
              sow_error *err)
{
    const int hole = mv->origin;
    uint16_t *b = g->board;
    const int n = s->holes;
    const int nw = (n + 3) / 4;
    /* whole boards are copied: a fixed size is a few moves, not a call
     * (the lanes past the last hole are 0 and stay 0) */
    const size_t bytes = sizeof g->board;
    int seeds = b[hole] - s->leave; /* B.2: leave-one keeps `leave` */
    b[hole] = (uint16_t)s->leave;
    uint64_t w[SOW_RUN_WORDS];
    memcpy(w, b, bytes);
    w[SOW_RUN_WORDS - 1] = 0;
    int origin = hole, h = hole, rc = SOW_OK;
    *endless = false;
    sow_brentw cyc;
    brentw_start(&cyc, hole, seeds);
    memcpy(cyc.first, w, bytes);
    for (long laps = 1;; laps++) {
        if (laps > SOW_FREE_LAPS) {
            if (brentw_repeats(&cyc, w, nw, origin, seeds,
                               laps - SOW_FREE_LAPS - 1)) {
                *endless = true;
                memcpy(b, w, bytes);
                return SOW_OK;
            }
            if (laps > s->max_laps) {
                memcpy(b, w, bytes);
                return sow_lap_cap(s, g, hole, err);
            }
        }
        if (seeds > n) { /* whole rounds, the origin included (C0.4) */
            uint64_t rounds = (uint64_t)((seeds - 1) / n);
            for (int k = 0; k < nw; k++) {
                uint64_t ones = 0;
                for (int l = 0; l < 4 && 4 * k + l < n; l++)
                    ones |= (uint64_t)1 << (16 * l);
                w[k] += rounds * ones;
            }
            seeds -= (int)rounds * n;
        }
        h = lapw(s, w, h, seeds);
        if (!lap_goes_on(s, r, mv, g, g->to_move, w, bytes, h, laps, &seeds,
                         &origin, endless, err, &rc))
            return rc;
    }
}
