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

/* sow_fast for boards of up to 16 holes (Adji Kui, Adji-Boto): the board
 * stays in four 64-bit words while laps run, a lap adds a precomputed run
 * of ones (counts stay far below 2^16, so no carry crosses a lane), and
 * Brent's comparison is four word comparisons. The board is written back
 * before anything else may read it (captures, hooks, the end). */
int sow_fast16(const sow_setup *s, const sow_rules *r,
               const sow_before *mv, sow_game *g, bool *endless,
               sow_error *err)
{
    const int hole = mv->origin;
    uint16_t *b = g->board;
    const uint8_t *own = g->owner;
    const int n = s->holes, mover = g->to_move;
    int seeds = b[hole] - s->leave; /* B.2: leave-one keeps `leave` */
    b[hole] = (uint16_t)s->leave;
    uint64_t w[4];
    memcpy(w, b, sizeof w); /* lanes past n stay 0: the runs never touch
                               them */
    int origin = hole, h = hole;
    *endless = false;
    uint64_t saved[4] = {0, 0, 0, 0}; /* Brent, as in sow_sow */
    const uint64_t first_state[4] = {w[0], w[1], w[2], w[3]};
    const uint64_t first_key = (uint64_t)hole | (uint64_t)seeds << 16;
    uint64_t saved_key = 0;
    long power = 1, lam = 0, laps = 0;
    for (;;) {
        if (s->relay && ++laps > SOW_FREE_LAPS) {
            const long t = laps - SOW_FREE_LAPS - 1; /* Brent's lap count */
            const uint64_t key = (uint64_t)origin | (uint64_t)seeds << 16;
            if (((w[0] ^ first_state[0]) | (w[1] ^ first_state[1]) |
                 (w[2] ^ first_state[2]) | (w[3] ^ first_state[3]) |
                 (key ^ first_key)) == 0 ||
                (t > 0 &&
                 ((w[0] ^ saved[0]) | (w[1] ^ saved[1]) | (w[2] ^ saved[2]) |
                  (w[3] ^ saved[3]) | (key ^ saved_key)) == 0)) {
                *endless = true;
                memcpy(b, w, sizeof w);
                return SOW_OK;
            }
            if (brent_save(t, &lam, &power)) {
                memcpy(saved, w, sizeof w);
                saved_key = key;
            }
            if (laps > s->max_laps) {
                memcpy(b, w, sizeof w);
                return sow_lap_cap(s, g, hole, err);
            }
        }
        if (seeds > n) { /* whole rounds, the origin included (C0.4) */
            uint64_t rounds = (uint64_t)((seeds - 1) / n);
            for (int k = 0; k < 4; k++)
                w[k] += rounds * s->runs[0][n][k];
            seeds -= (int)rounds * n;
        }
        int first = s->next[h], end = first + seeds;
        const uint64_t *add = s->runs[first][seeds];
        w[0] += add[0];
        w[1] += add[1];
        w[2] += add[2];
        w[3] += add[3];
        h = (end > n ? end - n : end) - 1;
        int c = LANE(w, h);
        int a = c < 64 ? s->lap_action[own[h] != mover][c] : SOW_LAP_RULES;
        if (a == SOW_LAP_RULES) {
            memcpy(b, w, sizeof w); /* the rules may look at the board */
            a = decide_rules(s, g, h, c);
        }
        if (a == SOW_LAP_RELAY) {
            seeds = c;
            CLEAR_LANE(w, h);
            origin = h;
            continue;
        }
        memcpy(b, w, sizeof w);
        if (end_lap(s, NULL, g, h, a))
            return SOW_OK;
        if (a != SOW_LAP_HOOK && capture_then_relay(s, NULL, g, h, a)) {
            /* TG.2: capture, sow on */
            if (b[h] == 0)
                return SOW_OK; /* the capture took h itself */
            seeds = b[h];
            b[h] = 0;
            origin = h;
            memcpy(w, b, sizeof w);
            continue;
        }
        int rc; /* SOW_LAP_HOOK */
        if (!hook_relays(s, r, mv, g, h, laps, origin, endless, err, &rc))
            return rc;
        seeds = b[h];
        b[h] = 0;
        origin = h;
        memcpy(w, b, sizeof w);
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
    const uint8_t *own = g->owner;
    const int n = s->holes, mover = g->to_move;
    const int nw = (n + 3) / 4;
    /* whole boards are copied: a fixed size is a few moves, not a call
     * (the lanes past the last hole are 0 and stay 0) */
    const size_t bytes = sizeof g->board;
    int seeds = b[hole] - s->leave; /* B.2: leave-one keeps `leave` */
    b[hole] = (uint16_t)s->leave;
    uint64_t w[SOW_RUN_WORDS];
    memcpy(w, b, bytes);
    w[SOW_RUN_WORDS - 1] = 0;
    int origin = hole, h = hole;
    *endless = false;
    uint64_t saved[16], first_state[16];
    memcpy(first_state, w, bytes);
    int saved_origin = -1, saved_seeds = -1;
    const int first_seeds = seeds;
    long power = 1, lam = 0, laps = 0;
    for (;;) {
        if (s->relay && ++laps > SOW_FREE_LAPS) {
            const long t = laps - SOW_FREE_LAPS - 1; /* Brent's lap count */
            if ((seeds == first_seeds && origin == hole &&
                 same_words(w, first_state, nw)) ||
                (t > 0 && seeds == saved_seeds && origin == saved_origin &&
                 same_words(w, saved, nw))) {
                *endless = true;
                memcpy(b, w, bytes);
                return SOW_OK;
            }
            if (brent_save(t, &lam, &power)) {
                for (int k = 0; k < nw; k++)
                    saved[k] = w[k];
                saved_origin = origin;
                saved_seeds = seeds;
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
        int first = s->next[h], end = first + seeds;
        if (end <= n) {
            add_run(w, first, end);
        } else {
            add_run(w, first, n);
            end -= n;
            add_run(w, 0, end);
        }
        h = end - 1;
        int c = LANE(w, h);
        int a = c < 64 ? s->lap_action[own[h] != mover][c] : SOW_LAP_RULES;
        if (a == SOW_LAP_RULES) {
            memcpy(b, w, bytes);
            a = decide_rules(s, g, h, c);
        }
        if (a == SOW_LAP_RELAY) {
            seeds = c;
            CLEAR_LANE(w, h);
            origin = h;
            continue;
        }
        memcpy(b, w, bytes);
        if (end_lap(s, NULL, g, h, a))
            return SOW_OK;
        if (a != SOW_LAP_HOOK && capture_then_relay(s, NULL, g, h, a)) {
            /* TG.2: capture, sow on */
            if (b[h] == 0)
                return SOW_OK; /* the capture took h itself */
            seeds = b[h];
            b[h] = 0;
            origin = h;
            memcpy(w, b, bytes);
            continue;
        }
        int rc; /* SOW_LAP_HOOK */
        if (!hook_relays(s, r, mv, g, h, laps, origin, endless, err, &rc))
            return rc;
        seeds = b[h];
        b[h] = 0;
        origin = h;
        memcpy(w, b, bytes);
    }
}
