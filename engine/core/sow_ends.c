/* sow_ends.c - turns of several decisions (issue 25; CATALOGUE-ROWS
 * C2.3, C2.4, C2.7, BK): captured seeds sown into the mover's inner row
 * from one of its ends (an end hole), a house with a status, seeds
 * placed from the hand before turns from the board.
 *
 * One move is one whole turn: its first decision and the choices made
 * as it goes, one bit each (sow_game.h, SOW_MOVE_TURN). The sowing reads
 * the choices from g->turn_bits; while the legal turns are listed, each
 * first decision is sown with the choices known so far, and where the
 * sowing meets one more it stops and both answers are tried (the turn's
 * tree of choices). Out of the seed games' way: sow_sow and
 * sow_legal_moves come here only where sowing.capture_from_ends is set. */
#include "sow_game.h"
#include "sow_move.h"
#include "sow_sow_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>


typedef struct turn {
    const sow_setup *s;
    const sow_observer *obs;
    sow_game *g;
    int p;          /* the mover */
    bool ludii;     /* BK.L1-BK.L7, else BK.4-BK.9 */
    bool capturing; /* BK.4: a capturing turn (always, BK.L1) */
    bool has_dir;   /* the turn has a direction (BK.6) */
    int choices;    /* choices met so far */
    long laps;
    bool endless;
    bool capped;    /* past the lap cap, neither ended nor repeated (C2.9) */
    /* C1.9: the position last saved (comes_round) */
    long lam, power;
    int seen_h, seen_dir;
    uint8_t dirty; /* rows row_emptied must look at (bit q: player q's;
                      bit 2: lifted_out) */
    uint8_t watch; /* 3 where an empty row ends the game, else 0 (BA.L5) */
    uint8_t witness[2]; /* a hole of each player's inner row that held
                           seeds when row_emptied last looked (255:
                           none yet): looked at first */
    bool forked;   /* the turn's choices were tried on copies (lv) */
    bool lifted_out; /* a lap lifted the mover's inner row empty (BA.6) */
    sow_turn_leaves *lv; /* listing the legal turns, else NULL */
    uint16_t seen[SOW_MAX_HOLES]; /* (set before it is read: seen_h) */
} turn;

static bool house_on(const sow_setup *s, const sow_game *g, int p)
{
    return s->house[p] != SOW_POS_NONE && !((g->house_off >> p) & 1);
}

static bool own_inner(const sow_setup *s, const sow_game *g, int h, int p)
{
    return ((s->inner >> h) & 1) && g->owner[h] == p;
}

/* The first hole of player p's inner row that holds seeds, or -1 where
 * the row holds none. */
static int inner_seeded(const sow_setup *s, const sow_game *g, int p)
{
    for (uint64_t m = g->owns[p] & s->inner; m; m &= m - 1)
        if (g->board[__builtin_ctzll(m)])
            return __builtin_ctzll(m);
    return -1;
}

/* Whether player p's inner row holds no seed. */
static bool inner_empty(const sow_setup *s, const sow_game *g, int p)
{
    return inner_seeded(s, g, p) < 0;
}

/* row_emptied past its first test: which rows dirty names, looked at. */
static __attribute__((noinline)) bool rows_emptied(turn *t)
{
    if (t->lifted_out) { /* BA.6: after that lap is sown, the mover lost */
        t->g->move_flags |= SOW_MOVED_ROW_LIFTED;
        return true;
    }
    for (int q = 0; q < 2; q++) {
        if (!((t->dirty >> q) & 1))
            continue;
        /* the hole that held seeds last time mostly still does: the
         * row's scan was a fifth of Bao la Kiswahili's listing of turns
         * (perf) */
        const int w = t->witness[q];
        if (w != 255 && t->g->board[w] && own_inner(t->s, t->g, w, q))
            continue;
        const int h = inner_seeded(t->s, t->g, q);
        if (h < 0)
            return true;
        t->witness[q] = (uint8_t)h;
    }
    t->dirty = 0;
    return false;
}

/* BK.10, BK.L8, C2.7: an inner row left empty ends the game at once,
 * in the middle of the turn (the engine's end test then says who lost).
 * Only a capture takes seeds from the opponent's inner row and only a
 * lift from the mover's, so a row is looked at only after one of those
 * (t->dirty). Under BA.L5 no row is looked at (t->watch sets no bit). */
static inline bool row_emptied(turn *t)
{
    return t->dirty && rows_emptied(t);
}

/* What a turn does once a choice is made (bit: its answer). */
typedef void (*then_fn)(turn *t, int h, int c, int bit);

/* A whole turn, where the legal turns are listed (sow_turn_leaves). */
static void leaf(turn *t)
{
    sow_turn_leaves *lv = t->lv;
    if (t->forked || !sow_ends_leaf_ok(t->s, t->g, t->endless))
        return;
    if (lv->n == SOW_MAX_LEGAL) {
        lv->full = true;
        return;
    }
    lv->out[lv->n++] = (uint16_t)sow_turn(lv->first, t->g->turn_bits);
}

/* u: a copy of the turn t going on in g, a copy of t's game. */
static void copy_turn(turn *u, const turn *t, sow_game *g)
{
    memcpy(g, t->g, offsetof(sow_game, nlegal));
    *u = *t;
    u->g = g;
}

/* Where the legal turns are listed, choice i is tried both ways, the
 * first on a copy of the turn that goes on from here (`then`) and the
 * second in t itself, so that the laps before it are sown once for all
 * its leaves. Nothing reads t after a choice it forked (choose returns
 * -1 and the sowing unwinds), so t may go on with the second answer: one
 * copy a choice, not two (a tenth of Bao la Kiswahili's listing of turns
 * was the copies, callgrind). */
static void fork_turn(turn *t, then_fn then, int h, int c, int i)
{
    sow_game g;
    turn u;
    copy_turn(&u, t, &g);
    then(&u, h, c, 0);
    leaf(&u);
    t->g->turn_bits = (uint8_t)(t->g->turn_bits | 1 << i);
    then(t, h, c, 1);
    leaf(t);
    t->forked = true;
}

/* The next choice of the turn: 0 or 1, or -1 where it is not made here
 * (the legal turns are being listed: it was tried both ways, `then`
 * going on from h, whose count is c, and this sowing stops there). */
static int choose(turn *t, then_fn then, int h, int c)
{
    int i = t->choices++;
    if (t->lv && i < SOW_TURN_CHOICES) {
        fork_turn(t, then, h, c, i);
        return -1;
    }
    if (i >= t->g->turn_len || i >= SOW_TURN_CHOICES) {
        t->g->move_flags |= SOW_MOVED_WANTS_CHOICE;
        return -1;
    }
    return (t->g->turn_bits >> i) & 1;
}

/* lay with someone to tell of each seed. */
static __attribute__((noinline, cold)) int lay_told(turn *t, int from, int n)
{
    const uint8_t *nx = t->s->tracks[t->p][t->g->move_dir];
    uint16_t *b = t->g->board;
    int h = from;
    while (n-- > 0) {
        h = nx[h];
        b[h]++;
        EMIT(t->obs, SOW_EV_DROP, t->p, h, b[h], 0);
    }
    return h;
}

/* n seeds sown one by one after `from` along the mover's circuit in the
 * turn's direction (C2.5); returns the hole of the last. Inlined where the
 * legal turns are listed (no one to tell): a call was a third of its cost
 * in Bao la Kiswahili's listing (callgrind). */
static inline __attribute__((always_inline)) int lay(turn *t, int from, int n)
{
    if (__builtin_expect(t->obs != NULL, 0))
        return lay_told(t, from, n);
    const uint8_t *nx = t->s->tracks[t->p][t->g->move_dir];
    uint16_t *b = t->g->board;
    int h = from;
    while (n-- > 0)
        b[h = nx[h]]++;
    return h;
}

/* The lift of n seeds of h told (the rule: 1 + the lap's direction, which
 * a turn may change, BK.6; the narration tells it). */
static __attribute__((noinline, cold)) void lift_told(turn *t, int h, int n)
{
    if (t->obs->on_event && !t->obs->captures_only) {
        sow_event ev = {SOW_EV_LIFT, t->p, h, n, t->g->board[h],
                        1 + t->g->move_dir};
        t->obs->on_event(t->obs->ctx, &ev);
    }
}

/* Lift n seeds of h and sow them on (BK.3); returns the last hole. */
static int lift(turn *t, int h, int n)
{
    if ((t->s->inner >> h) & 1)
        t->dirty |= (uint8_t)(t->watch & 1 << t->p);
    t->g->board[h] = (uint16_t)(t->g->board[h] - n);
    if (t->s->ends_lift_loses && !t->g->board[h] && ((t->s->inner >> h) & 1)) {
        t->lifted_out = inner_empty(t->s, t->g, t->p); /* BA.6 */
        t->dirty |= (uint8_t)(t->lifted_out << 2);
    }
    if (__builtin_expect(t->obs != NULL, 0))
        lift_told(t, h, n);
    return lay(t, h, n);
}

/* Which end hole the seeds captured from h's column go to: 0 the mover's
 * left, 1 the right, 2 the player's choice. */
static int end_side(const turn *t, int h)
{
    const sow_setup *s = t->s;
    if (t->ludii) { /* BK.L5: by h's column alone, at every capture */
        int col = h % s->n;
        return col >= s->n - 2 ? 1 : col <= 1 ? 0 : 2;
    }
    int pos = s->from_left[h]; /* BK.6: an end hole or its neighbour */
    if (pos <= 1 || pos >= s->n - 2)
        return pos <= 1 ? 0 : 1;
    if (t->has_dir) /* P52: the end hole the turn's direction goes on from */
        return t->g->move_dir == SOW_DIR_CW ? 0 : 1;
    return 2; /* the placement's capture (BK.5(a)) */
}

static void laps(turn *t, int h);

/* BK.6 (BK.L4, BK.L5): the seeds facing h are captured and sown into the
 * mover's inner row from the end hole of `side` (0 left, 1 right), towards
 * the other end; the turn goes on that way. Returns the hole of the last
 * seed. */
static int sow_captured(turn *t, int h, int side, int chosen)
{
    const sow_setup *s = t->s;
    sow_game *g = t->g;
    const int f = s->facing[h], n = g->board[f], q = 1 - t->p;
    const int k = s->end_hole[t->p][side];
    g->board[f] = 0;
    t->dirty |= (uint8_t)(t->watch & 1 << q);
    EMIT(t->obs, SOW_EV_CAPTURE, t->p, f, n, 0);
    if (!t->ludii && f == s->house[q]) /* BK.9: captured, no more a house */
        g->house_off |= (uint8_t)(1 << q);
    EMIT(t->obs, SOW_EV_END_SOW, t->p, k, n, chosen);
    /* from the left end hole the row is sown clockwise, from the right
     * counter-clockwise (BK.6) */
    g->move_dir = side == 0 ? SOW_DIR_CW : SOW_DIR_CCW;
    t->has_dir = true;
    if (t->ludii) { /* BK.L4: into the end hole, then all of it from there */
        g->board[k] = (uint16_t)(g->board[k] + n); /* (told: END_SOW) */
        return lift(t, k, g->board[k]);
    }
    g->board[k]++; /* BK.6: the first seed in the end hole itself */
    EMIT(t->obs, SOW_EV_DROP, t->p, k, g->board[k], 0);
    return lay(t, k, n - 1);
}

/* The turn after the player chose the end hole of a capture in h. */
static void capture_then(turn *t, int h, int c, int side)
{
    (void)c;
    laps(t, sow_captured(t, h, side, 1));
}

static inline bool captures(const turn *t, int h);

/* Whether the captures sown from an end hole, ending in e, pass the test
 * `what` (SOW_PREFER_*, BA.4). */
static bool prefer_test(const turn *u, int e, int what)
{
    switch (what) {
    case SOW_PREFER_CAPTURES:
        return captures(u, e);
    case SOW_PREFER_HOUSE:
        return e == u->s->house[u->p] && house_on(u->s, u->g, u->p);
    default: /* SOW_PREFER_OCCUPIED: the last seed joined others */
        return u->g->board[e] >= 2;
    }
}

/* BA.4, P64: where the player chooses the end hole of a capture in h, the
 * first of the prefer tests that one side passes and the other fails
 * names that side (0 left, 1 right); 2 where the choice stays free.
 * Each side is sown on a copy of the turn. */
static int preferred_side(const turn *t, int h)
{
    for (int r = 0; r < t->s->ends_prefer_n; r++) {
        int meets = 0;
        for (int side = 0; side < 2; side++) {
            sow_game g;
            turn u;
            copy_turn(&u, t, &g);
            u.obs = NULL;
            int e = sow_captured(&u, h, side, 0);
            if (prefer_test(&u, e, t->s->ends_prefer[r]))
                meets |= 1 << side;
        }
        if (meets == 3)
            return 2; /* both pass: the player's choice */
        if (meets)
            return meets - 1;
    }
    return 2;
}

/* A capture in h (BK.6): the seeds facing it sown from the end hole the
 * rules name or the player chooses; the hole of the last seed, or -1
 * where the choice is not made here (choose). */
static int capture(turn *t, int h)
{
    int side = end_side(t, h);
    if (side == 2 && !t->ludii && t->s->ends_prefer_n)
        side = preferred_side(t, h); /* BA.4 */
    if (side < 2)
        return sow_captured(t, h, side, 0);
    if ((side = choose(t, capture_then, h, 0)) < 0)
        return -1;
    return sow_captured(t, h, side, 1);
}

/* BA.2, BA.L4: whether a lap of the mover p from h in direction d may
 * be sown: one from an end hole whose next hole is in the back row only
 * where that end hole is the only occupied inner hole. */
bool sow_ends_back_ok(const sow_setup *s, const sow_game *g, int p, int h,
                        int d)
{
    if (!s->ends_back_alone || !((s->inner >> h) & 1) ||
        ((s->inner >> s->tracks[p][d][h]) & 1))
        return true;
    for (uint64_t m = g->owns[p] & s->inner; m; m &= m - 1) {
        int i = __builtin_ctzll(m);
        if (i != h && g->board[i])
            return false;
    }
    return true;
}

/* Whether a lap ending in h captures (BK.4, P50; BK.L1). */
static inline __attribute__((always_inline)) bool captures(const turn *t,
                                                          int h)
{
    const sow_game *g = t->g;
    if (!own_inner(t->s, g, h, t->p) || !g->board[t->s->facing[h]])
        return false;
    return t->ludii || (t->capturing && g->board[h] >= 2);
}

/* C1.9: whether the relay from h has come round to a position seen
 * before (Brent's cycle finding over the whole board, the hole and the
 * direction: the captures and choices are finite, so a repeat is a relay
 * that never ends). */
static bool comes_round(turn *t, int h)
{
    sow_game *g = t->g;
    if (t->seen_h == h && t->seen_dir == g->move_dir &&
        memcmp(t->seen, g->board, sizeof t->seen) == 0)
        return true;
    if (++t->lam >= t->power) {
        memcpy(t->seen, g->board, sizeof t->seen);
        t->seen_h = h;
        t->seen_dir = g->move_dir;
        t->power *= 2;
        t->lam = 0;
    }
    return false;
}

/* BK.7(d): the c seeds of h, where a lap ended, lifted and sown on;
 * the hole of the last, or -1 where the turn stops (BA.L4, C1.9). */
static int relay(turn *t, int h, int c)
{
    const sow_setup *s = t->s;
    sow_game *g = t->g;
    if (!sow_ends_back_ok(s, g, t->p, h, g->move_dir)) {
        /* BA.L4: the mover loses; BA.2: (back_row_relay: not_legal)
         * the turn is not legal (leaf) */
        g->move_flags |= SOW_MOVED_STUCK;
        return -1;
    }
    if (++t->laps > s->max_laps) {
        /* C2.9, P2: too long to follow to its end or its repetition: not
         * proved endless; the engine stops the game unfinished before it */
        t->capped = true;
        return -1;
    }
    if (comes_round(t, h)) { /* C1.9 */
        t->endless = true;
        EMIT(t->obs, SOW_EV_ENDLESS, t->p, h, c, (int)t->laps);
        return -1;
    }
    return lift(t, h, c);
}

/* BK.7(c): at the working house h (count c), the player's go (0) or
 * stop (1); whether the turn ends there. */
static bool house_choice(turn *t, int h, int c, int stop)
{
    EMIT(t->obs, SOW_EV_HOUSE, t->p, h, c, !stop);
    if (stop)
        return true;
    t->g->house_off |= (uint8_t)(1 << t->p); /* BK.9 */
    t->seen_h = -1; /* (the laps before go are another game) */
    return false;
}

/* The turn after the player said go or stop at the house h. */
static void house_then(turn *t, int h, int c, int stop)
{
    if (house_choice(t, h, c, stop) || (h = relay(t, h, c)) < 0)
        return;
    laps(t, h);
}

/* Whether the track's holes (run, len of them) hold what `saved` does. */
static inline bool track_holds(const uint16_t *b, const uint8_t *run, int len,
                               const uint16_t *saved)
{
    int k = 0;
    while (k < len && saved[k] == b[run[k]])
        k++;
    return k == len;
}

/* The proof's state of a takasa relay (C1.9): the laps so far, Brent's
 * window, and the saved and first positions (the track's holes in its
 * order) with the mover's place at each. */
typedef struct relay_proof {
    long laps, lam, power;
    int seen_i, first_i;
    uint16_t seen[SOW_POS_COUNT], first[SOW_POS_COUNT];
} relay_proof;

/* The lane k of a track held in words. */
static inline int lane(const uint64_t *w, int k)
{
    return (int)(uint16_t)(w[k >> 2] >> (16 * (k & 3)));
}

/* The track's holes (run, len <= 16 of them) as lanes of w[4]. */
static void to_lanes(uint64_t *w, const uint16_t *holes, int len)
{
    memset(w, 0, 4 * sizeof *w);
    for (int k = 0; k < len; k++)
        w[k >> 2] |= (uint64_t)holes[k] << (16 * (k & 3));
}

/* quiet_laps past s->word_laps, where no one is told and the track has
 * at most 16 holes: the same steps on the holes held in four words, a
 * lap's seeds added as one precomputed run of ones (a lap of c seeds
 * after place k: add[k][c]), the proof's comparisons four words each and
 * the inner row's test one mask. The board is written back at the end. */
static void quiet_words(turn *t, int i, int house_i, relay_proof *pr)
{
    const sow_setup *s = t->s;
    uint16_t *b = t->g->board;
    const int p = t->p, len = s->track_len[p];
    const uint8_t *run = s->track_run[p][t->g->move_dir];
    uint64_t add[16][17][4], inner[4] = {0, 0, 0, 0}, ones[4];
    uint16_t holes[16] = {0};
    memset(add, 0, sizeof add);
    for (int k = 0; k < len; k++) {
        for (int c = 1; c <= len; c++)
            for (int j = c; j <= len; j++) { /* seed c of a lap of j */
                const int x = (k + c) % len;
                add[k][j][x >> 2] += (uint64_t)1 << (16 * (x & 3));
            }
        holes[k] = (uint16_t)((s->inner >> run[k]) & 1 ? 0xffff : 0);
    }
    to_lanes(inner, holes, len);
    for (int k = 0; k < len; k++)
        holes[k] = 1;
    to_lanes(ones, holes, len);
    uint64_t w[4], seen[4], first[4];
    for (int k = 0; k < len; k++)
        holes[k] = b[run[k]];
    to_lanes(w, holes, len);
    if (pr->seen_i >= 0)
        to_lanes(seen, pr->seen, len);
    if (pr->first_i >= 0)
        to_lanes(first, pr->first, len);
    const bool watch = (t->watch >> p) & 1;
    for (;;) {
        int c = lane(w, i);
        if (c == 1 || i == house_i)
            break; /* BK.7(b); BK.7(c) */
        if (++pr->laps > s->max_laps) { /* C2.9, P2 (relay) */
            t->capped = true;
            break;
        }
        if ((pr->seen_i == i && !memcmp(w, seen, sizeof w)) ||
            (pr->first_i == i && !memcmp(w, first, sizeof w))) { /* C1.9 */
            t->endless = true;
            break;
        }
        if (++pr->lam >= pr->power) {
            memcpy(seen, w, sizeof w);
            if (pr->first_i < 0) {
                memcpy(first, w, sizeof w);
                pr->first_i = i;
            }
            pr->seen_i = i;
            pr->power *= 2;
            pr->lam = 0;
        }
        w[i >> 2] &= ~((uint64_t)0xffff << (16 * (i & 3))); /* (lift) */
        if (c > len) { /* whole rounds, the lifted hole included */
            const uint64_t rounds = (uint64_t)((c - 1) / len);
            for (int j = 0; j < 4; j++)
                w[j] += rounds * ones[j];
            c -= (int)rounds * len;
        }
        for (int j = 0; j < 4; j++)
            w[j] += add[i][c][j];
        i = i + c >= len ? i + c - len : i + c;
        /* C2.7, BK.10: the mover's inner row (a lap that lifted none
         * leaves it as it was, seeded) */
        if (watch && !((w[0] & inner[0]) | (w[1] & inner[1]) |
                       (w[2] & inner[2]) | (w[3] & inner[3])))
            break;
    }
    for (int k = 0; k < len; k++)
        b[run[k]] = (uint16_t)lane(w, k);
    t->dirty = 0;
}

/* The laps of a quiet (takasa) turn under the sources' reading: it
 * captures nothing (BK.4), so its laps are relays round the mover's own
 * rows until a single seed, the working house (BK.7(c)) or an empty inner
 * row (BK.10) ends it, or it comes round (C1.9). Only the track's holes
 * change, so a position is theirs, the hole and the direction, and the
 * mover's place is kept as an index into the track unrolled
 * (sow_setup.track_run). A lap that does not wrap round the track can be
 * undone (its origin is the nearest empty hole before its last seed), so
 * such relays come back to their first position: each lap is compared
 * with it as well as with Brent's saved one, and a cycle is found after
 * one turn instead of two or three. Random games of Bao la Kiswahili
 * meet a turn that relays through a cycle of some ten million laps in
 * about three hundred games (Brent alone followed it for thirty
 * million); past s->word_laps laps such a relay goes on in words
 * (quiet_words), half the time a lap. Told or not, every quiet turn comes
 * here, so both find the same end at the same lap; only from the first
 * lap's end, the cycle finding not started. */
static void quiet_laps(turn *t, int h)
{
    const sow_setup *s = t->s;
    sow_game *g = t->g;
    uint16_t *b = g->board;
    const int p = t->p, len = s->track_len[p];
    const uint8_t *run = s->track_run[p][g->move_dir];
    const uint8_t *at = s->track_at[p][g->move_dir];
    const int house = house_on(s, g, p) ? s->house[p] : -1;
    const uint8_t inner_lift = (uint8_t)(t->watch & 1 << p);
    relay_proof pr;
    pr.laps = t->laps;
    pr.lam = 0;
    pr.power = 1;
    pr.seen_i = pr.first_i = -1;
    int i = at[h];
    if (row_emptied(t)) /* C2.7, BK.10 */
        return;
    for (;;) {
        if (pr.laps >= s->word_laps && !t->obs && len <= 16) {
            quiet_words(t, i, house >= 0 ? at[house] : -1, &pr);
            break;
        }
        int c = b[h];
        if (c == 1 || h == house)
            break; /* BK.7(b); BK.7(c): a quiet turn ends there */
        if (++pr.laps > s->max_laps) { /* C2.9, P2 (relay) */
            t->capped = true;
            break;
        }
        if ((pr.seen_i == i && track_holds(b, run, len, pr.seen)) ||
            (pr.first_i == i && track_holds(b, run, len, pr.first))) {
            t->endless = true; /* C1.9 */
            EMIT(t->obs, SOW_EV_ENDLESS, p, h, c, (int)pr.laps);
            break;
        }
        if (++pr.lam >= pr.power) {
            for (int k = 0; k < len; k++)
                pr.seen[k] = b[run[k]];
            if (pr.first_i < 0) {
                memcpy(pr.first, pr.seen, (size_t)len * sizeof *pr.first);
                pr.first_i = i;
            }
            pr.seen_i = i;
            pr.power *= 2;
            pr.lam = 0;
        }
        if ((s->inner >> h) & 1) /* (lift) */
            t->dirty |= inner_lift;
        b[h] = 0;
        if (__builtin_expect(t->obs != NULL, 0)) {
            lift_told(t, h, c);
            h = lay_told(t, h, c);
            i = at[h];
        } else {
            if (c > len) { /* whole rounds, the lifted hole included */
                const int rounds = (c - 1) / len;
                for (int k = 0; k < len; k++)
                    b[run[k]] = (uint16_t)(b[run[k]] + rounds);
                c -= rounds * len;
            }
            for (int k = 1; k <= c; k++)
                b[run[i + k]]++;
            i = i + c >= len ? i + c - len : i + c;
            h = run[i];
        }
        if (row_emptied(t)) /* C2.7, BK.10: the mover's row, lifted from */
            break;
    }
    t->laps = pr.laps;
}

/* BK.7 (BK.L6): what follows each lap, until the turn ends. */
static void laps(turn *t, int h)
{
    const sow_setup *s = t->s;
    sow_game *g = t->g;
    if (!t->capturing && !t->ludii && !s->ends_back_alone &&
        !s->ends_lift_loses && t->seen_h < 0 && t->laps == 0) {
        quiet_laps(t, h);
        return;
    }
    for (;;) {
        if (row_emptied(t)) /* C2.7, BK.10 */
            return;
        if (captures(t, h)) {
            if ((h = capture(t, h)) < 0)
                return;
            continue;
        }
        const int c = g->board[h];
        if (c == 1)
            return; /* BK.7(b) */
        if (h == s->house[t->p] && house_on(s, g, t->p)) {
            if (t->ludii || !t->capturing)
                return; /* BK.L6; BK.7(c): a quiet turn ends there */
            int stop = choose(t, house_then, h, c); /* BK.7(c) */
            if (stop < 0 || house_choice(t, h, c, stop))
                return;
        }
        if ((h = relay(t, h, c)) < 0) /* BK.7(d) */
            return;
    }
}

/* A placement (BK.5, BK.L2, BK.L3): the seed, then what it starts. */
static void placement(turn *t, int hole, int kind)
{
    const sow_setup *s = t->s;
    sow_game *g = t->g;
    g->board[hole]++;
    g->hand[t->p]--;
    g->on_board++;
    EMIT(t->obs, SOW_EV_PLACE, t->p, hole, g->board[hole], g->hand[t->p]);
    if (row_emptied(t))
        return;
    const bool faced = own_inner(s, g, hole, t->p) && g->board[s->facing[hole]];
    const bool any = t->ludii && !s->ends_place_occupied; /* BA.L3 */
    if (faced && (any || g->board[hole] >= 2)) { /* BK.5(a), BK.L2(a) */
        t->capturing = true;
        int h = capture(t, hole);
        if (h >= 0)
            laps(t, h);
        return;
    }
    if (kind == SOW_PLACE_ONLY)
        return; /* BK.L2(c): the opponent's house, nothing sown */
    t->capturing = t->ludii; /* BK.5(b), (c): a quiet turn */
    t->has_dir = true;
    int n = g->board[hole];
    const bool house = hole == s->house[t->p] && house_on(s, g, t->p);
    if (house && !t->ludii && s->ends_house_one)
        n = 1; /* BA.1: the seed alone, the house kept working */
    else if (house && (t->ludii ? n > 6 && !s->ends_place_occupied : n != 7))
        n = 2; /* BK.5(c), P51; BK.L3 (BA.L3: lifted whole) */
    else if (house && !t->ludii)
        g->house_off |= (uint8_t)(1 << t->p); /* BK.5(c): all 7 lifted */
    int h = lift(t, hole, n);
    if (house && t->ludii && g->board[hole] < 6)
        g->house_off |= (uint8_t)(1 << t->p); /* BK.L3 */
    laps(t, h);
}

/* The turn g was aimed at, from `hole`, sown with t (set up here). */
static void turn_run(turn *t, const sow_setup *s, const sow_observer *obs,
                     sow_game *g, int hole)
{
    /* (field by field: seen is written before it is read) */
    t->s = s;
    t->obs = obs;
    t->g = g;
    t->p = g->to_move;
    t->ludii = s->ends_turns == SOW_ENDS_LUDII;
    t->capturing = true;
    t->has_dir = false;
    t->choices = 0;
    t->laps = 0;
    t->endless = false;
    t->capped = false;
    t->lam = 0;
    t->power = 1;
    t->seen_h = t->seen_dir = -1;
    t->dirty = 0;
    t->watch = s->row_empty_end ? 3 : 0;
    t->witness[0] = t->witness[1] = 255;
    t->forked = false;
    t->lifted_out = false;
    g->move_flags = 0;
    g->last_lifted = 0;
    const int kind = g->placing - 1;
    g->quiet_by = 0;
    if (g->placing) {
        g->placing = 0;
        placement(t, hole, kind);
    } else if (!g->board[hole]) {
        /* BA.L2: a turn from an empty hole sows nothing */
    } else { /* BK.8 (BK.L7): all the hole's seeds */
        t->has_dir = true;
        if (!t->ludii && hole == s->house[t->p] && house_on(s, g, t->p))
            g->house_off |= (uint8_t)(1 << t->p); /* BK.9 */
        g->last_lifted = (int16_t)g->board[hole];
        int h = lift(t, hole, g->board[hole]);
        /* BK.4: the first lap makes the turn a capturing one */
        t->capturing = t->ludii || (own_inner(s, g, h, t->p) &&
                                    g->board[h] >= 2 &&
                                    g->board[s->facing[h]]);
        if (s->ends_keep_threatened && !t->capturing) /* BA.5 */
            g->quiet_by = (uint8_t)(1 + t->p);
        laps(t, h);
    }
}

int sow_ends_sow(const sow_setup *s, const sow_observer *obs, sow_game *g,
                   int hole, bool *endless, sow_error *err)
{
    turn t;
    t.lv = NULL;
    turn_run(&t, s, obs, g, hole);
    g->turn_parts = (uint8_t)t.choices;
    *endless = t.endless;
    if (t.capped) {
        g->move_flags |= SOW_MOVED_LAP_CAP; /* (the engine ends the game) */
        return sow_error_set(err, s->v->path, 0, 0,
                             "a turn from hole %d neither ended nor "
                             "repeated within %ld laps, the most the "
                             "endless-move proof follows (P2, C2.9)",
                             hole, s->max_laps);
    }
    return SOW_OK;
}

void sow_ends_leaves(const sow_setup *s, sow_game *g, int hole,
                       sow_turn_leaves *lv)
{
    turn t;
    t.lv = lv;
    turn_run(&t, s, NULL, g, hole);
    leaf(&t);
}
