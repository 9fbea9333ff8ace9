/* sow_sow.c - the sowing machine: lifting, laps, relay, the lap-end
 * decisions carried out, and the exact endless-move proof (docs/rules.md
 * C0.3, C0.4, C0.7, P1, P2); its word paths, the rule matching, the
 * captures beyond the last hole and the script's say are in the files
 * sow_laps_int.h names. It knows no Lua and no terminal: it asks the rule
 * interface and reports events to an optional observer. */
#include <stddef.h>
#include <string.h>

#include "sow_game.h"
#include "sow_laps_int.h"

static inline int mover_of(const sow_game *g)
{
    return g->to_move;
}

/* Whether the holes of mask `owns` are all empty: the first that holds
 * seeds answers, which is nearly always the first looked at. */
static inline bool all_empty(const uint16_t *b, uint64_t owns)
{
    for (; owns; owns &= owns - 1)
        if (b[__builtin_ctzll(owns)])
            return false;
    return true;
}

/* end.cleared_each_lap (C2.7, AB.6): whether a row the end rule looks
 * at is empty as a lap ends in h, which holds seeds (every caller relays
 * from it): the mover's (cleared_own), the opponent's (cleared_opp), or
 * either's. The owner of h is not cleared, so only the other is looked
 * at, hole by hole. The engine's end test after the move then ends the
 * game on the board of that moment. */
static __attribute__((noinline)) bool cleared_now(const sow_setup *s,
                                                  const sow_game *g, int h)
{
    const int m = g->to_move;
    const uint64_t at = (uint64_t)1 << h;
    const bool mine = s->row_empty_end != 2 && !(g->owns[m] & at) &&
                      all_empty(g->board, g->owns[m]);
    if (mine || s->row_empty_end == 1)
        return mine;
    return !(g->owns[1 - m] & at) && all_empty(g->board, g->owns[1 - m]);
}

/* What is looked at as a lap relays from h (relay_watch): P86's marks
 * (the lap just ended, and the one that starts from h), then C2.7's
 * cleared end (true: the move ends there). */
static __attribute__((noinline)) bool relay_watch(const sow_setup *s,
                                                  sow_game *g, int h)
{
    if (s->mark_moved) {
        g->moved = sow_lap_marks(s, g, true);
        g->lap_origin = (int8_t)h;
        g->lap_seeds = (int16_t)g->board[h];
    }
    return s->cleared_each_lap && cleared_now(s, g, h);
}

/* The anchor of a long relay (P2): one lap-start state, saved once the
 * move has run SOW_ANCHOR_LAPS laps and compared with every lap after it.
 * Brent's saved state alone finds a cycle of L laps only once its window
 * has grown past L, after two to three times L laps; a relay lap can
 * nearly always be undone, so the cycle passes through the anchor and is
 * found after one turn of it (Omweso's cycles of 66 and 100 million laps:
 * 133 and 234 million laps by Brent's state alone). What each is compared
 * on follows sow_laps' own test of Brent's state. */
typedef struct {
    uint64_t board[SOW_MAX_HOLES / 4];
    uint64_t blocked, moved;
    int origin, seeds, pending, cap, dir;
} sow_anchor;

/* Whether the lap-start state repeats the anchor; the first call saves
 * it (a->seeds < 0 until then). Out of line: only long relays call it. */
static __attribute__((noinline, cold)) bool
anchor_repeats(const sow_setup *s, const sow_game *g, sow_anchor *a,
               int origin, int seeds, int pending, int cap, int dir,
               bool fam, bool resumed)
{
    const int nw = (s->holes + 3) / 4; /* the lanes past the last hole
                                          never change in a move */
    if (a->seeds < 0) {
        memcpy(a->board, g->board, (size_t)nw * sizeof *a->board);
        a->blocked = g->blocked;
        a->moved = g->moved;
        a->origin = origin;
        a->seeds = seeds;
        a->pending = pending;
        a->cap = cap;
        a->dir = dir;
        return false;
    }
    uint64_t w[SOW_MAX_HOLES / 4];
    memcpy(w, g->board, (size_t)nw * sizeof *w);
    return seeds == a->seeds && origin == a->origin &&
           (!fam || (g->blocked == a->blocked && g->moved == a->moved &&
                     pending == a->pending && cap == a->cap &&
                     (!resumed || dir == a->dir))) &&
           same_words(w, a->board, nw);
}

/* The lap of a move a hook sees (g.lap) from sow_laps' count: relay laps
 * count every lap as it starts (Brent's count, P2); under single laps
 * the count is of the laps after the first, made where a lap is sown on
 * (a hook's relay, a resowing, then: next), so that the laps of most
 * moves pay nothing for it. */
#define LAP_OF(s, laps) ((s)->relay ? (laps) : (laps) + 1)

/* A.5, P12, P16: whether bear-off applies to the move about to be made,
 * tested at its start: every hole holds at most bearoff_max seeds (from
 * ply bearoff_from on, in ordinary play); sticky keeps it on once it was. */
static inline __attribute__((always_inline)) bool
bearoff_now(const sow_setup *s, sow_game *g)
{
    const sow_variant *v = s->v;
    if (!v->bearoff || g->phase != 0 || g->ply < v->bearoff_from)
        return false;
    const bool all = board_at_most(s, g, v->bearoff_max);
    g->bearoff_on = s->bearoff_sticky ? (g->bearoff_on || all) : all;
    return g->bearoff_on;
}

/* Whether a lap-end rule in force asks the script. */
bool sow_lap_hooks(const sow_setup *s)
{
    for (int i = 0; i < s->v->nlap_rules; i++)
        if (((s->lap_rules_on >> i) & 1) &&
            s->v->lap_rules[i].action == SOW_LAP_HOOK)
            return true;
    return false;
}

/* A hand that can drop nowhere: every hole it reaches is closed, or
 * holds skip_count's count and is passed over (issue 23: found by the
 * loader's fuzzer; a loop the run's time limit could not stop). */
static __attribute__((noinline, cold)) int no_hole(const sow_setup *s,
                                                   bool closed,
                                                   sow_error *err)
{
    if (closed)
        return sow_error_set(err, s->v->path, 0, 0,
                             "the seeds in hand can drop nowhere: every "
                             "hole they reach is closed; a rule that closes "
                             "holes must leave one open to sow into");
    return sow_error_set(err, s->v->path, 0, 0,
                         "the seeds in hand can drop nowhere: every hole "
                         "they reach holds %d and is passed over "
                         "(skip_count); give the count more room than the "
                         "seeds of the game can fill",
                         s->skip_count);
}

/* Whether a hand sown from after h along track tn can drop no seed: every
 * position it reaches is a closed hole that keeps no seed (the mover's
 * own, or any without closed_out_of_play), or the origin it skips. A
 * store on the track, an open hole or an opponent's closed hole that
 * takes the seed out of play ends the search. (A cap per hole is watched
 * as the hand goes: counts change as it sows.) */
static __attribute__((noinline)) bool hand_stuck(const sow_setup *s,
                                                 const sow_game *g,
                                                 const uint8_t *tn, int h,
                                                 int origin)
{
    const int mover = g->to_move;
    int p = h;
    for (int i = 0; i <= SOW_POS_COUNT; i++) {
        p = tn[p];
        if (p >= SOW_POS_STORE)
            return false;
        if ((g->blocked >> p) & 1) {
            if (s->v->closed_out_of_play && g->owner[p] != mover)
                return false;
            continue;
        }
        if (!(s->skip_origin && p == origin))
            return false;
    }
    return true;
}

/* The seeds in hand dropped one a hole from after h along nx, with
 * nothing to watch for on the way (no observer, no bear-off, no skipped
 * origin, no store on the track); returns the last hole sown. On a small
 * counter-clockwise board (seeds <= holes after whole rounds), as one
 * precomputed run added to four words, with no loop whose end the
 * processor must guess. */
static inline int drop_all(const sow_setup *s, const uint8_t *nx, int d,
                           uint16_t *b, int h, int seeds)
{
    if (s->holes <= 16 && d == SOW_DIR_CCW) {
        uint64_t w[4];
        int first = nx[h], end = first + seeds;
        const uint64_t *add = s->runs[first][seeds];
        memcpy(w, b, sizeof w);
        w[0] += add[0];
        w[1] += add[1];
        w[2] += add[2];
        w[3] += add[3];
        memcpy(b, w, sizeof w);
        return (end > s->holes ? end - s->holes : end) - 1;
    }
    for (; seeds > 0; seeds--) {
        h = nx[h];
        b[h]++;
    }
    return h;
}

/* The rest of a move that sow_laps_next sows (rs, NULL in every other
 * copy): its laps so far, bear-off, and the hook's next lap. */
typedef struct sow_resume {
    int h, seeds; /* the hole the next lap lifted, and its seeds */
    long laps;
    bool bear;
} sow_resume;

/* A lap_end hook's next lap, code k (issue 24): told, then hole h lifted
 * into *seeds and h returned, the direction turned where the hook turns
 * it; -1 where the move ends instead: h is empty, or a row the end rule
 * looks at is (C2.7). P86's marks are of the lap just ended, in its
 * direction. */
static __attribute__((noinline)) int lift_next(const sow_setup *s,
                                               const sow_observer *obs,
                                               sow_game *g, int k, int *seeds)
{
    const int h = sow_next_from(k), nd = sow_next_dir(k), mover = g->to_move;
    uint16_t *b = g->board;
    EMIT(obs, SOW_EV_NEXT_LAP, mover, h, b[h], nd >= 0 ? nd : g->move_dir);
    if (b[h] == 0)
        return -1;
    if (s->relay_watch &&
        (s->relay_watch == 1 ? cleared_now(s, g, h) : relay_watch(s, g, h)))
        return -1;
    if (nd >= 0)
        g->move_dir = (uint8_t)nd;
    *seeds = b[h];
    b[h] = 0;
    EMIT(obs, SOW_EV_LIFT, mover, h, *seeds, 0);
    return h;
}

/* The laps of a move (sow_sow without the grand-slam reading), inlined
 * into sow_sow, the hot path of every game: one loop over laps whose
 * state (board, hand, origin, Brent's saved lap, the store the last seed
 * fell in) stays in registers; split into calls it cost the seed games
 * 5-10% more instructions (callgrind on sow bench). `anchored`: the
 * copy compares a long relay with its anchor too (sow_anchor; off in the
 * copies inlined in sow_sow and in the grand slam's, where its code cost
 * the seed games and Oware 0.1-0.5% more instructions).
 * (long: the sowing machine's hot loop, kept whole for speed) */
static inline __attribute__((always_inline)) int
sow_laps(const sow_setup *s, const sow_rules *r, const sow_before *mv,
         const sow_observer *obs, sow_game *g, int hole, bool *endless,
         sow_error *err, const bool fam, const bool drops, const bool bare,
         const bool anchored, const sow_resume *rs)
{
    const bool bear = rs ? rs->bear : bearoff_now(s, g);
    /* the direction of this move (XK.1, QL.2), or the variant's (set in
     * g->move_dir when the game starts) */
    int d = s->dir;
    if (fam) {
        if (rs)
            d = g->move_dir; /* (the next lap turns it, below) */
        else if (s->dir_rule == SOW_DIR_FIXED)
            ; /* (one test for the variants of one direction) */
        else if (s->dir_rule == SOW_DIR_BY_COUNT)
            d = g->board[hole] % 2 ? SOW_DIR_CCW : SOW_DIR_CW;
        else if (s->dir_rule == SOW_DIR_BY_HOLE)
            d = (s->cw_holes >> hole) & 1 ? SOW_DIR_CW : SOW_DIR_CCW;
        else if (s->dir_rule == SOW_DIR_CHOSEN && g->chosen_dir >= 0)
            /* OL.2: the chooser's way, the other player the other */
            d = mover_of(g) == g->dir_chooser ? g->chosen_dir
                                              : 1 - g->chosen_dir;
        else if (s->dir_rule == SOW_DIR_EACH_MOVE)
            d = g->move_dir; /* MB.2: the move's own (sow_move_aim) */
        g->move_dir = (uint8_t)d;
        if (!rs && s->pass_on && s->pass_until &&
            hole == s->pass_key[g->to_move])
            /* IS.3: lifting this hole ends the passing over, for this
             * move too */
            g->pass_freed |= (uint8_t)(1u << g->to_move);
    }
    const uint8_t *nx = fam ? s->nexts[d] : s->next;
    /* the family sows along the mover's track (issue 24): the ring of
     * both rows with the stores on it (C1.2), or the variant's own (the
     * ring without stores holds holes only, as nx) */
    const uint8_t *track = fam ? s->tracks[g->to_move][d] : nx;
    const uint8_t *tn = track; /* a resowing lap may run its own way */
    int pending = -1, cap_hole = -1; /* a resowing lap's then (C2.5) */
    /* relay laps on words (sow_fast16, sow_fastw); a single lap is
     * quicker with the plain loop below (no board to load into words) */
    if (!rs && !obs && !s->skip_origin && d == SOW_DIR_CCW &&
        (!fam || ((int)s->dir == d && s->plain_drops)) &&
        !s->force_general && !bear && s->relay)
        return s->holes <= 16 ? sow_fast16(s, r, mv, g, endless, err)
                              : sow_fastw(s, r, mv, g, endless, err);
    uint16_t *b = g->board;
    const int mover = g->to_move;
    const size_t bytes = (size_t)s->holes * sizeof *b;
    int seeds = rs ? rs->seeds : 0;
    int origin = rs ? rs->h : hole, h = origin;
    *endless = false;
    if (!rs) {
        seeds = b[hole] - s->leave; /* B.2: leave-one keeps `leave` */
        b[hole] = (uint16_t)s->leave;
        EMIT(obs, SOW_EV_LIFT, mover, hole, seeds, s->leave);
    }
    if (!rs && fam && s->origin_first && seeds >= 2) {
        /* TK.2: the first seed goes back into the origin */
        b[hole]++;
        seeds--;
        EMIT(obs, SOW_EV_DROP, mover, hole, b[hole], 0);
    }

    /* Brent's cycle finding over lap-start states (board, origin, seeds in
     * hand), P2: exact, constant memory, no lap cap. */
    uint16_t saved[SOW_MAX_HOLES];
    int saved_origin = -1, saved_seeds = -1;
    uint64_t saved_blocked = 0; /* closed holes are part of the state */
    uint64_t saved_moved = 0; /* so are the holes touched (P86): a lap end
                                 that relayed from an untouched hole may
                                 claim it when the board comes round */
    int saved_pending = -1, saved_cap = -1; /* and a resowing lap's */
    /* and the direction, where a hook may turn it (sow_laps_next) */
    int saved_dir = d;
    long power = 1, lam = 0, laps = rs ? rs->laps : 0;
    sow_anchor anchor;
    anchor.seeds = -1;
    int nk = SOW_NEXT_STOP; /* what a lap_end hook says (sow_next_code) */
    for (;;) {
        if (s->relay) {
            if (laps > 0 && seeds == saved_seeds && origin == saved_origin &&
                (!fam || (g->blocked == saved_blocked &&
                          g->moved == saved_moved &&
                          pending == saved_pending &&
                          cap_hole == saved_cap &&
                          (!rs || d == saved_dir))) &&
                memcmp(b, saved, bytes) == 0) {
                *endless = true;
                EMIT(obs, SOW_EV_ENDLESS, mover, origin, seeds, (int)laps);
                return SOW_OK;
            }
            /* (the call only where the lap starts as the anchor's did,
             * or to save it: a call a lap was 7% of Abalala'e's games) */
            if (anchored && __builtin_expect(laps >= SOW_ANCHOR_LAPS, 0) &&
                (anchor.seeds < 0 ||
                 (anchor.seeds == seeds && anchor.origin == origin)) &&
                anchor_repeats(s, g, &anchor, origin, seeds, pending,
                               cap_hole, d, fam, rs != NULL)) {
                *endless = true;
                EMIT(obs, SOW_EV_ENDLESS, mover, origin, seeds, (int)laps);
                return SOW_OK;
            }
            if (brent_save(laps, &lam, &power)) {
                memcpy(saved, b, bytes);
                saved_origin = origin;
                saved_seeds = seeds;
                saved_blocked = g->blocked;
                saved_moved = g->moved;
                saved_pending = pending;
                saved_cap = cap_hole;
                if (rs)
                    saved_dir = d;
            }
            if (++laps > s->max_laps)
                return sow_lap_cap(s, g, hole, err);
        }
        /* the seeds the lap sets out with (the drop hook's g.lifted, and
         * lap_end's where the variant has a drop hook) */
        const int lifted = seeds;
        int in_store = -1; /* the store the last seed went into (C1.2) */
        int skip_hand = -1, skipped = 0; /* skip_count's passes in a row */
        /* (plain_drops first: it is off whenever first_to_store is on,
         * and the test below needs it anyway) */
        if (fam && !s->plain_drops && s->first_to_store && seeds > 0) {
            /* first_seed: store: every lap's first seed goes
             * to the mover's store; a lap of one seed ends there */
            g->captured[mover]++;
            g->on_board--;
            seeds--;
            in_store = seeds == 0 ? mover : -1;
            EMIT(obs, SOW_EV_STORE, mover, -1, g->captured[mover], 0);
        }
        if (!obs && !s->skip_origin && (!fam || s->plain_drops) &&
            seeds > s->holes) {
            /* whole rounds at once: every hole, the origin included (C0.4) */
            int rounds = (seeds - 1) / s->holes;
            for (int i = 0; i < s->holes; i++)
                b[i] = (uint16_t)(b[i] + rounds);
            seeds -= rounds * s->holes;
        }
        if (!obs && !bear && !s->skip_origin && (!fam || s->plain_drops)) {
            h = drop_all(s, nx, d, b, h, seeds);
            seeds = 0;
        }
        if (bare && !obs && !bear && !g->blocked && !s->force_general)
            /* a track of holes that no drop rule looks at (AB.2, C2.5;
             * sow_setup.track_bare): seed after seed, none of the tests
             * below */
            for (; seeds > 0; seeds--) {
                h = tn[h];
                b[h]++;
            }
        while (seeds > 0) {
            if (bear && (!fam || h < s->holes) &&
                (h < s->n) == (mover == 0) &&
                (nx[h] < s->n) != (mover == 0)) {
                /* A.5, P11: a seed crossing out of the mover's row leaves
                 * the board, with those in hand; the move ends (P10) */
                g->captured[mover] += seeds;
                g->on_board -= seeds;
                EMIT(obs, SOW_EV_CAPTURE, mover, -1, seeds, 1);
                return SOW_OK;
            }
            h = tn[h];
            if (fam && h >= SOW_POS_STORE) {
                /* C1.2: a store on the mover's track receives a seed (the
                 * opponent's lies on it only with stores_on_track: both) */
                int p = h - SOW_POS_STORE;
                g->captured[p]++;
                g->on_board--;
                seeds--;
                in_store = seeds == 0 ? p : -1;
                EMIT(obs, SOW_EV_STORE, p, -1, g->captured[p], 0);
                continue;
            }
            if (fam && (g->blocked >> h) & 1) {
                /* C1.5: a closed hole is stepped over; NB.2: the mover's
                 * own are passed over, the opponent's take the seed out
                 * of play (C1.13), and the hand goes on */
                if (s->v->closed_out_of_play && g->owner[h] != mover) {
                    g->captured[mover]++;
                    g->on_board--;
                    seeds--;
                    EMIT(obs, SOW_EV_OUT, mover, h, 1, 0);
                    if (seeds == 0) /* NB.3: the last seed went out */
                        return SOW_OK;
                    continue;
                }
                /* a hand that finds every hole it can reach closed would
                 * pass them for ever (holes close only as a lap ends);
                 * looked for once a round, at the lap's origin (every
                 * track is a cycle through it) */
                if (h == origin && hand_stuck(s, g, tn, h, origin))
                    return no_hole(s, true, err);
                continue;
            }
            if (fam && s->pass_on && ((s->pass_over[mover] >> h) & 1) &&
                !((g->pass_freed >> mover) & 1)) {
                /* IS.3: the player's sowing passes over these holes
                 * (setup made sure some hole of the track is not one) */
                EMIT(obs, SOW_EV_SKIP, mover, h, b[h], 2);
                continue;
            }
            if (s->skip_origin && h == origin) {
                EMIT(obs, SOW_EV_SKIP, mover, h, b[h], 0);
                if (fam && g->blocked && hand_stuck(s, g, tn, h, origin))
                    return no_hole(s, true, err); /* as above */
                continue;
            }
            if (fam && s->skip_count && b[h] == s->skip_count &&
                (s->skip_count_owner == SOW_OWNER_ANY ||
                 (g->owner[h] != mover) ==
                     (s->skip_count_owner == SOW_OWNER_OPPONENT)) &&
                !(s->first_plain && g->ply == 0)) {
                /* LL.4, P34: an opponent's hole holding the count is
                 * passed over; with owner: any, a cap per hole */
                EMIT(obs, SOW_EV_SKIP, mover, h, b[h], 1);
                /* a whole round passed over with the same hand: every
                 * hole holds the count, and no seed can ever drop (a cap
                 * on a board with enough seeds) */
                if (seeds != skip_hand) {
                    skip_hand = seeds;
                    skipped = 0;
                }
                if (++skipped > SOW_POS_COUNT)
                    return no_hole(s, false, err);
                continue;
            }
            if (drops) {
                /* the script's drop hook (issue 24): drop here, pass
                 * the hole, or the seed to a store or out of play */
                const int k = sow_drop_seed(s, r, mv, obs, g, h,
                                            LAP_OF(s, laps), seeds,
                                            pending >= 0 ? -1 : origin,
                                            lifted, err);
                if (k == DROP_FAILED)
                    return SOW_ERR;
                if (k == DROP_PASSED) {
                    if (seeds != skip_hand) {
                        skip_hand = seeds;
                        skipped = 0;
                    }
                    if (++skipped > SOW_POS_COUNT)
                        return sow_no_drop(s, err);
                    continue;
                }
                if (k != DROP_HERE) {
                    /* the seed left the hand (C1.2, C1.13); the last
                     * one ends the lap in the store, or the move out
                     * of play as NB.3's does */
                    if (--seeds == 0 && k == DROP_OUT)
                        return SOW_OK;
                    if (k >= DROP_STORE)
                        in_store = seeds == 0 ? k - DROP_STORE : -1;
                    continue;
                }
            }
            b[h]++;
            seeds--;
            EMIT(obs, SOW_EV_DROP, mover, h, b[h], 0);
            if (fam && s->sow_capture && b[h] == s->sow_capture &&
                (seeds > 0 || s->sow_capture_last) &&
                (!s->sow_capture_own || g->owner[h] == mover))
                /* PL.4: a seed other than the lap's last that makes the
                 * count goes with it to the owner of the hole; with
                 * last: the lap's last too, the lap ending in a hole
                 * left empty (ENPAS_ALL_OWNER_OWN); only in the mover's
                 * row with owner: own (ENPAS_SOW_SOWER) */
                capture_for(obs, g, h, g->owner[h], SOW_TAKEN_WHILE_SOWING);
        }
        if (fam && pending >= 0) {
            /* C2.5: the end of a lap of captured seeds sown again: the
             * move ends (IS.5), the capturing hole is sown on (MW.7), or
             * it is a lap's end like any other (HU.5) */
            const int then = pending;
            pending = -1;
            tn = track;
            if (then == SOW_RESOW_THEN_STOP)
                return SOW_OK;
            if (then == SOW_RESOW_THEN_RELAY) {
                laps += !s->relay; /* (LAP_OF: counted here) */
                h = origin = cap_hole;
                seeds = b[h];
                b[h] = 0;
                EMIT(obs, SOW_EV_LIFT, mover, h, seeds, 0);
                if (seeds)
                    continue;
                return SOW_OK;
            }
        }
        if (__builtin_expect(fam && in_store >= 0, 0)) {
            /* C1.3: the move ends in a store: no capture, no relay; a rule
             * may give the mover another turn */
            const int i = s->store_rule[in_store != mover];
            sow_lap_action a = i < 0 ? SOW_LAP_STOP
                                     : s->v->lap_rules[i].action;
            if (a == SOW_LAP_EXTRA_TURN)
                g->move_flags |= SOW_MOVED_EXTRA_TURN;
            if (obs && obs->on_event && !obs->captures_only) {
                /* (the hole -1 - p: player p's store) */
                sow_event ev = {SOW_EV_LAP_END, mover, -1 - in_store,
                                g->captured[in_store], (int)a, 1 + i};
                obs->on_event(obs->ctx, &ev);
            }
            return SOW_OK;
        }
        int c = b[h];
        int a = fam && s->first_plain && g->ply == 0
                    ? (c > 1 ? SOW_LAP_RELAY : SOW_LAP_STOP) /* LL.3 */
                    : decide(s, g, h, c, fam);
        /* for narration: which rule decided (the board as the lap ends) */
        int rule = !obs || obs->captures_only ? 0
                   : fam && (s->claims || s->mark_moved)
                       ? sow_rule_told(s, g, h, c) /* (claims, P86: apart) */
                       : 1 + matching_rule(s, g, h, c);
        nk = SOW_NEXT_STOP;
        if (a == SOW_LAP_HOOK) {
            /* (with no observer, the copy that looks for no event) */
            const int from = pending >= 0 ? -1 : origin;
            nk = drops ? sow_run_hook_lifted(s, r, mv, obs, g, h,
                                             LAP_OF(s, laps), from, lifted,
                                             err)
                 : obs ? sow_run_hook(s, r, mv, obs, g, h, LAP_OF(s, laps),
                                      from, err)
                       : sow_run_hook_quiet(s, r, mv, g, h, LAP_OF(s, laps),
                                            from, err);
            if (nk < 0)
                return SOW_ERR;
        }
        if (obs && obs->on_event && !obs->captures_only) {
            sow_event ev = {SOW_EV_LAP_END, mover, h, c,
                            a == SOW_LAP_HOOK
                                ? (sow_next_elsewhere(nk, h) ? SOW_LAP_HOOK
                                   : nk != SOW_NEXT_STOP      ? SOW_LAP_RELAY
                                                         : SOW_LAP_STOP)
                            : a == SOW_LAP_TWO_OUT_SERIES ||
                                      a == SOW_LAP_TWO_OUT_RELAY
                                ? SOW_LAP_CAPTURE_TWO_OUT
                            : a == SOW_LAP_PAIR_SERIES ? SOW_LAP_CAPTURE_PAIR
                            : a >= SOW_LAP_ALL_AT(0) ? SOW_LAP_CAPTURE_ALL
                            : a >= SOW_LAP_TAKE_AT(0) ? SOW_LAP_TAKE
                            : a >= SOW_LAP_ACROSS_AT(0) ? SOW_LAP_CAPTURE_ACROSS
                            : a >= SOW_LAP_CLAIM_AT(0) ? SOW_LAP_CLAIM
                            : a >= SOW_LAP_CHAIN_AT(0) ? SOW_LAP_CHAIN
                            : a == SOW_LAP_OPPOSITE_RELAY ||
                                      a == SOW_LAP_OPPOSITE_EXTRA
                                ? SOW_LAP_CAPTURE_OPPOSITE
                                : a,
                            rule};
            obs->on_event(obs->ctx, &ev);
        }
        if (a != SOW_LAP_HOOK && end_lap(s, obs, g, h, a))
            return SOW_OK;
        if (a == SOW_LAP_HOOK && sow_next_elsewhere(nk, h)) {
            /* the hook's next lap (issue 24): from the hole it names, in
             * the direction it names; only sow_laps_next's copy turns
             * or moves a lap (the others keep their tracks in registers
             * and the direction out of their endless-move proof) */
            if (!rs)
                return sow_laps_next(s, r, mv, obs, g, nk, laps, bear,
                                     endless, err);
            laps += !s->relay; /* (LAP_OF) */
            h = origin = lift_next(s, obs, g, nk, &seeds);
            if (h < 0)
                return SOW_OK;
            d = g->move_dir;
            nx = s->nexts[d];
            track = tn = s->tracks[mover][d];
            continue;
        }
        if (fam && a == SOW_LAP_CLOSE) {
            /* NB.3: h is closed, and its seeds are sown on from the next
             * hole */
            g->blocked |= (uint64_t)1 << h;
            EMIT(obs, SOW_EV_CLOSE, mover, h, b[h], 0);
        }
        if (fam && s->relay_next && a == SOW_LAP_RELAY) {
            /* PL.3: the hole after h is lifted, if it holds seeds, and
             * the next lap starts after it; else sowing ends */
            h = step_over(s, g, nx, h);
            if (b[h] == 0)
                return SOW_OK;
        }
        if (fam && a >= SOW_LAP_ACROSS_AT(0) &&
            a < SOW_LAP_ACROSS_AT(SOW_MAX_LAP_RULES) &&
            s->v->lap_rules[a - SOW_LAP_ACROSS_AT(0)].resow) {
            /* C2.5: the seeds across are sown again along the mover's
             * circuit (IS.5, MW.6, HU.5) */
            const sow_lap_rule *lr = &s->v->lap_rules[a - SOW_LAP_ACROSS_AT(0)];
            const int rd = lr->resow_dir ? lr->resow_dir - 1 : d;
            seeds = sow_lift_across(s, obs, g, h);
            if (seeds == 0)
                return SOW_OK; /* (the condition saw seeds there) */
            tn = s->tracks[mover][rd];
            int first = lr->resow == SOW_RESOW_ORIGIN         ? origin
                        : lr->resow == SOW_RESOW_AFTER_ORIGIN ? tn[origin]
                                                              : tn[h];
            cap_hole = h;
            h = s->tracks[mover][1 - rd][first]; /* the drops step first */
            pending = s->resow_then[a - SOW_LAP_ACROSS_AT(0)];
            laps += !s->relay; /* (LAP_OF) */
            continue;
        }
        if (fam && a >= SOW_LAP_ACROSS_AT(0) &&
            a < SOW_LAP_ACROSS_AT(SOW_MAX_LAP_RULES) &&
            s->v->lap_rules[a - SOW_LAP_ACROSS_AT(0)].then_next) {
            /* HU.5 (ludii): the seeds across (and h's) to the store, then
             * the hole after h is sown on if it holds enough to move */
            sow_capture_across(s, obs, g, h);
            if (s->v->lap_rules[a - SOW_LAP_ACROSS_AT(0)].take_last)
                capture(obs, g, h);
            h = tn[h];
            if (h >= s->holes || b[h] < s->min_seeds || b[h] == 0)
                return SOW_OK;
            seeds = b[h];
            b[h] = 0;
            origin = h;
            laps += !s->relay; /* (LAP_OF) */
            EMIT(obs, SOW_EV_LIFT, mover, h, seeds, 0);
            continue;
        }
        /* (the capture of a rule with then: relay is made in the test,
         * after the plain relay's, which most laps are) */
        if (a == SOW_LAP_RELAY || a == SOW_LAP_CLOSE ||
            (fam && capture_then_relay(s, obs, g, h, a)) ||
            (a == SOW_LAP_HOOK && nk != SOW_NEXT_STOP &&
             (laps += !s->relay, true))) {
            if (b[h] == 0)
                return SOW_OK; /* the hook captured the relay hole */
            if (fam && s->relay_watch &&
                (s->relay_watch == 1 ? cleared_now(s, g, h)
                                     : relay_watch(s, g, h)))
                return SOW_OK; /* C2.7: the end comes in mid-turn */
            seeds = b[h];
            b[h] = 0;
            origin = h;
            EMIT(obs, SOW_EV_LIFT, mover, h, seeds, 0);
            continue;
        }
        return SOW_OK;
    }
}

/* What a move captured, seen by an observer in front of the caller's: to
 * put the captures back when a grand slam is void (OW.4). */
typedef struct slam_log {
    const sow_observer *next;
    int n;
    int8_t hole[SOW_MAX_HOLES];
    int32_t count[SOW_MAX_HOLES];
    bool overflow;
} slam_log;

static void slam_event(void *ctx, const sow_event *ev)
{
    slam_log *l = ctx;
    if (ev->kind == SOW_EV_CAPTURE && ev->hole >= 0) {
        if (l->n < SOW_MAX_HOLES) {
            l->hole[l->n] = (int8_t)ev->hole;
            l->count[l->n++] = ev->count;
        } else {
            l->overflow = true;
        }
    }
    if (l->next && l->next->on_event)
        l->next->on_event(l->next->ctx, ev);
}

/* TK.5 store: the seeds in claimed holes go to their claimants' stores
 * (when a hole is claimed, and after every move that sows into it). */
static void claims_to_store(sow_game *g, const sow_observer *obs)
{
    for (int p = 0; p < 2; p++)
        for (uint64_t m = g->claims[p]; m; m &= m - 1) {
            int h = __builtin_ctzll(m), c = g->board[h];
            if (!c)
                continue;
            g->board[h] = 0;
            g->captured[p] += c;
            g->on_board -= c;
            EMIT(obs, SOW_EV_CAPTURE, p, h, c, 0);
        }
}

static int sow_slammed(const sow_setup *s, const sow_rules *r,
                    const sow_before *mv, const sow_observer *obs,
                    sow_game *g, int hole, bool *endless, sow_error *err);
static int sow_dropping(const sow_setup *s, const sow_rules *r,
                        const sow_before *mv, const sow_observer *obs,
                        sow_game *g, int hole, bool *endless, sow_error *err);
static int sow_watched(const sow_setup *s, const sow_rules *r,
                       const sow_before *mv, const sow_observer *obs,
                       sow_game *g, int hole, bool *endless, sow_error *err);

/* MW.2: one seed from the mover's hand into hole, before the sowing;
 * true when nothing is sown after it ("+h"). */
static __attribute__((noinline, cold)) bool
place(const sow_observer *obs, sow_game *g, int hole, bool *endless)
{
    const int p = g->to_move, kind = g->placing - 1;
    g->placing = 0;
    g->board[hole]++;
    g->hand[p]--;
    g->on_board++;
    EMIT(obs, SOW_EV_PLACE, p, hole, g->board[hole], g->hand[p]);
    g->move_flags = 0;
    *endless = false;
    return kind == SOW_PLACE_ONLY;
}

/* What follows the laps of a move that did not go on for ever, one test
 * for them all (after_laps): the claimed holes' seeds to the stores
 * (TK.5), the last lap's marks (P86), the claimed holes emptied when they
 * alone hold seeds (GA.7). */
static __attribute__((noinline)) void after_laps(const sow_setup *s,
                                                 sow_game *g,
                                                 const sow_observer *obs)
{
    if (s->claim_to_store)
        claims_to_store(g, obs);
    if (s->mark_moved)
        g->moved = sow_lap_marks(s, g, true); /* P86: the move's last lap */
    if (s->claimed_only)
        sow_claimed_only(s, g, obs);
}

/* The copy of the laps for tracks of holes that no drop rule looks at
 * (sow_setup.track_bare): its own, so that the other copies keep the
 * registers its loop would take (in the family's copy it cost Kalah 1.3%
 * more instructions, Isolo 2.6%; callgrind on sow bench). */
static __attribute__((noinline)) int
bare_laps(const sow_setup *s, const sow_rules *r, const sow_before *mv,
          const sow_observer *obs, sow_game *g, int hole, bool *endless,
          sow_error *err)
{
    return sow_laps(s, r, mv, obs, g, hole, endless, err, true, false, true,
                    true, NULL);
}

/* sow_sow for the family's rules: flags, the grand-slam readings, the
 * store of claimed holes (kept out of the seed games' path). */
static inline __attribute__((always_inline)) int
sow_family(const sow_setup *s, const sow_rules *r, const sow_before *mv,
           const sow_observer *obs, sow_game *g, int hole, bool *endless,
           sow_error *err)
{
    g->move_flags = 0;
    g->last_lifted = (int16_t)g->board[hole];
    if (s->mark_moved) { /* P86: the move's first lap */
        g->lap_origin = (int8_t)hole;
        g->lap_seeds = (int16_t)(g->board[hole] - s->leave);
    }
    int rc = s->fam_route == SOW_ROUTE_LAPS
                 ? sow_laps(s, r, mv, obs, g, hole, endless, err, true, false,
                            false, false, NULL)
             : s->fam_route == SOW_ROUTE_SLAMMED
                 ? sow_slammed(s, r, mv, obs, g, hole, endless, err)
             : s->fam_route == SOW_ROUTE_DROPPING
                 ? sow_dropping(s, r, mv, obs, g, hole, endless, err)
             : s->fam_route == SOW_ROUTE_BARE
                 ? bare_laps(s, r, mv, obs, g, hole, endless, err)
                 : sow_watched(s, r, mv, obs, g, hole, endless, err);
    if (rc == SOW_OK && s->after_laps && !*endless)
        after_laps(s, g, obs);
    if (rc == SOW_OK && s->last_seeds > 0 && !*endless &&
        g->on_board > 0 && g->on_board <= s->last_seeds)
        /* PL.6: the few seeds left go to the mover */
        for (int h = 0; h < s->holes; h++)
            capture_for(obs, g, h, g->to_move, SOW_TAKEN_LAST_SEEDS);
    return rc;
}

/* sowing.capture_before (MancalaGames' presowcapt): before the seeds are
 * lifted, the hole facing the origin when the origin holds one of the
 * counts (lifted: Achochodi's single seed), or the hole facing every own
 * hole that does (own: Huroy, Gelech); holes sown into afterwards keep
 * the seeds sown. */
static __attribute__((noinline)) void
capture_first(const sow_setup *s, const sow_observer *obs, sow_game *g,
              int hole)
{
    for (int x = 0; x < s->holes; x++) {
        if (s->capture_before == SOW_BEFORE_LIFTED ? x != hole
                                                   : g->owner[x] != g->to_move)
            continue;
        int c = g->board[x], f = s->facing[x];
        if (f != SOW_POS_NONE &&
            (c < 63 ? (s->before_counts >> c) & 1 : s->before_high))
            capture_for(obs, g, f, g->to_move, SOW_TAKEN_BEFORE);
    }
}

int sow_sow(const sow_setup *s, const sow_rules *r, const sow_observer *obs,
            sow_game *g, const sow_before *mv, bool *endless,
            sow_error *err)
{
    const int hole = mv->origin;
    /* the seed games set no move flags: they stay 0 from the start */
    if (!s->plain_turns) {
        /* (one test for the family's usual moves: turns of choices and
         * seeds from the hand come with odd turns, sow_setup.c) */
        if (__builtin_expect(s->odd_turns, 0)) {
            /* (turns of choices are not watched: g.last stays nil, as
             * it is between moves, sow_engine.c) */
            if (s->ends_turns) /* BK: turns of choices */
                return sow_ends_sow(s, obs, g, hole, endless, err);
            if (g->placing && place(obs, g, hole, endless))
                return SOW_OK; /* a seed from the hand, nothing sown (MW.2) */
            if (s->capture_before)
                capture_first(s, obs, g, hole);
        }
        return sow_family(s, r, mv, obs, g, hole, endless, err);
    }
    return sow_laps(s, r, mv, obs, g, hole, endless, err, false, false, false,
                    false, NULL);
}

/* sow_laps with the grand-slam readings (OW.4, OU.3). */
/* The copy of the laps that asks the drop hook of each seed (issue 24),
 * the only one with code for it: the other copies keep the registers it
 * would take (one copy: the grand-slam readings call it too). */
static __attribute__((noinline)) int
drop_laps(const sow_setup *s, const sow_rules *r, const sow_before *mv,
          const sow_observer *obs, sow_game *g, int hole, bool *endless,
          sow_error *err)
{
    return sow_laps(s, r, mv, obs, g, hole, endless, err, true, true, false,
                    true, NULL);
}

/* grand_slam: leave_right (MancalaGames' LEAVE_RIGHT): of the two or more
 * holes a grand slam took, the one nearest the mover's right-hand end of
 * the opposing row (the hole facing the mover's rightmost, then on along
 * that row counter-clockwise) gets its seeds back. */
static __attribute__((noinline)) void leave_right(const sow_setup *s,
                                                  sow_game *g,
                                                  const slam_log *log)
{
    const int right = s->facing[g->to_move ? s->holes - 1 : s->n - 1];
    int best = 0;
    for (int i = 1; i < log->n; i++)
        if ((log->hole[i] - right + s->holes) % s->holes <
            (log->hole[best] - right + s->holes) % s->holes)
            best = i;
    g->board[log->hole[best]] =
        (uint16_t)(g->board[log->hole[best]] + log->count[best]);
    g->captured[g->to_move] -= log->count[best];
    g->on_board += log->count[best];
}

static inline __attribute__((always_inline)) int
slammed(const sow_setup *s, const sow_rules *r, const sow_before *mv,
        const sow_observer *obs, sow_game *g, int hole, bool *endless,
        sow_error *err, const bool drops)
{
    /* OW.4, P17: the opponent's row before the lift; a move that leaves
     * it empty by capturing, when it held seeds, is a grand slam */
    const int mover = g->to_move, opp = 1 - mover;
    const long before = row_seeds(g, opp);
    const int32_t took = g->captured[mover];
    slam_log log = {obs, 0, {0}, {0}, false};
    /* (alone, the watch wants the captures only) */
    sow_observer spy = {&log, slam_event, !(obs && obs->on_event)};
    if (drops ? drop_laps(s, r, mv, &spy, g, hole, endless, err)
              : sow_laps(s, r, mv, &spy, g, hole, endless, err, true, false,
                         false, false, NULL))
        return SOW_ERR;
    /* P17: a row empty before the move (a feeding move) is not slammed,
     * unless feeding_slam reads it as other engines do (tested
     * once a capture is known: most moves capture nothing) */
    if (*endless || g->captured[mover] == took ||
        (before == 0 && !s->feeding_slam) || row_seeds(g, opp) != 0)
        return SOW_OK;
    g->move_flags |= SOW_MOVED_GRAND_SLAM;
    EMIT(obs, SOW_EV_GRAND_SLAM, mover, -1, g->captured[mover] - took,
         s->grand_slam);
    if (s->grand_slam == SOW_SLAM_EXTRA_TURN) /* OU.3 */
        g->move_flags |= SOW_MOVED_EXTRA_TURN;
    if (s->grand_slam == SOW_SLAM_NO_CAPTURE && !log.overflow) {
        /* OW.4: nothing is captured; the sowing stands */
        for (int i = 0; i < log.n; i++) {
            g->board[log.hole[i]] = (uint16_t)(g->board[log.hole[i]] + log.count[i]);
            g->captured[mover] -= log.count[i];
            g->on_board += log.count[i];
        }
    }
    if (s->grand_slam == SOW_SLAM_LEAVE_RIGHT && !log.overflow && log.n > 1)
        leave_right(s, g, &log);
    return SOW_OK;
}

static int sow_slammed(const sow_setup *s, const sow_rules *r,
                    const sow_before *mv, const sow_observer *obs,
                    sow_game *g, int hole, bool *endless, sow_error *err)
{
    return slammed(s, r, mv, obs, g, hole, endless, err, false);
}

/* The laps of a variant with a drop hook, with or without a grand-slam
 * reading (sow_setup.fam_route). */
static __attribute__((noinline)) int
sow_dropping(const sow_setup *s, const sow_rules *r, const sow_before *mv,
             const sow_observer *obs, sow_game *g, int hole, bool *endless,
             sow_error *err)
{
    if (s->grand_slam == SOW_SLAM_CAPTURE)
        return drop_laps(s, r, mv, obs, g, hole, endless, err);
    return slammed(s, r, mv, obs, g, hole, endless, err, true);
}

/* Where the seeds of a move fall, seen by an observer in front of the
 * caller's (sow_watched): the last hole or store a seed fell in. */
typedef struct last_watch {
    const sow_observer *next;
    int last; /* a hole, SOW_MOVE_STORE0 + p, or SOW_LAST_NONE */
} last_watch;

static void last_event(void *ctx, const sow_event *ev)
{
    last_watch *w = ctx;
    if (ev->kind == SOW_EV_DROP || ev->kind == SOW_EV_PLACE)
        w->last = ev->hole;
    else if (ev->kind == SOW_EV_STORE) /* C1.2, first_seed: store, drop */
        w->last = SOW_MOVE_STORE0 + ev->player;
    else if (ev->kind == SOW_EV_OUT ||
             (ev->kind == SOW_EV_CAPTURE && ev->hole < 0))
        w->last = SOW_LAST_NONE; /* out of play (C1.13), borne off (P11) */
    const sow_observer *n = w->next;
    if (n && n->on_event && (ev->kind == SOW_EV_CAPTURE || !n->captures_only))
        n->on_event(n->ctx, ev);
}

/* The laps of a variant whose after_move, game_end or filter hook reads
 * g.last (issue 24): the route it would take otherwise, watched for
 * where the last seed falls (g->move_last). Only these variants pay for
 * the watch (their laps told every seed, sow_setup.c); the others do not
 * know of it. */
static __attribute__((noinline)) int
sow_watched(const sow_setup *s, const sow_rules *r, const sow_before *mv,
            const sow_observer *obs, sow_game *g, int hole, bool *endless,
            sow_error *err)
{
    last_watch w = {obs, SOW_LAST_NONE};
    const sow_observer spy = {&w, last_event, false};
    int rc = s->drop_hook ? sow_dropping(s, r, mv, &spy, g, hole, endless, err)
             : s->grand_slam == SOW_SLAM_CAPTURE
                 ? sow_laps(s, r, mv, &spy, g, hole, endless, err, true,
                            false, false, true, NULL)
                 : sow_slammed(s, r, mv, &spy, g, hole, endless, err);
    if (rc == SOW_OK && !*endless) /* (the hooks see no other move) */
        g->move_last = (uint8_t)w.last;
    return rc;
}

/* The rest of a move after a lap_end hook named a next lap elsewhere
 * (issue 24), from the word paths or the seed games' copy: the family's
 * copy of the laps goes on from it. The seed games' copy keeps no
 * direction of its own: the variant's is theirs again after the move. */
int sow_laps_next(const sow_setup *s, const sow_rules *r,
                  const sow_before *mv, const sow_observer *obs, sow_game *g,
                  int k, long laps, bool bear, bool *endless,
                  sow_error *err)
{
    int seeds = 0;
    const int h = lift_next(s, obs, g, k, &seeds);
    *endless = false;
    const sow_resume rs = {h, seeds, laps + !s->relay, bear};
    /* the drop hook goes on asking of each seed after the next lap, as
     * before it (issue 24: Meusueb's last seeds, tests/unseen/meusueb.lua) */
    int rc = h < 0           ? SOW_OK
             : s->drop_hook ? sow_laps(s, r, mv, obs, g, mv->origin, endless,
                                       err, true, true, false, true, &rs)
                            : sow_laps(s, r, mv, obs, g, mv->origin, endless,
                                       err, true, false, false, true, &rs);
    if (s->plain_turns)
        g->move_dir = (uint8_t)s->dir;
    return rc;
}
