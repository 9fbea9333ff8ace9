/* sow_sow_int.h - what the sowing machine (sow_sow.c) shares with the
 * legal moves (sow_legal.c), inside engine/core: the look-up of the next
 * hole, the seeds a player owns, the limits on laps and Brent's cycle
 * finding (P2), and boards held in words of 16-bit lanes, which the word
 * paths sow and the legal moves' endless-move proofs read (C0.7, K2.4). */
#ifndef SOW_SOW_INT_H
#define SOW_SOW_INT_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "sow_game.h"

/* A relay move longer than this many laps is refused as an error rather
 * than hang the program; real endless moves are proved long before (P2),
 * this only bounds hostile boards whose cycles are astronomically long. */
/* A relay move that has neither ended nor repeated after this many laps is
 * refused. Real cycles are long: one of Adji Kui II's endless moves is
 * found by Brent's method only after several million laps (P2), so the
 * cap is far above that; relay laps that no rule can end are refused when
 * the variant is loaded instead. A position with many seeds (a scenario's
 * start) can still have a cycle too long to follow: about 3 s. The fuzz
 * harnesses lower the cap at build time, as they lower the Lua budgets. */
#ifndef SOW_MAX_LAPS
#define SOW_MAX_LAPS 100000000L
#endif

/* The word paths (sow_fast16, sow_fastw, ends16, endsw) look for a cycle
 * only after this many laps: most moves end within a few laps, and a cycle
 * is found from whichever lap the search starts at (P2), so the verdict is
 * the same while the usual short move pays no comparison. They compare
 * each lap-start state with the move's first one as well as with Brent's
 * saved state: a relay lap that does not wrap round the board can be
 * undone (the hole before its first seed is the nearest empty one), so
 * cycles nearly always pass through the first state, and are then found
 * after one turn of the cycle instead of Brent's two to three (measured on
 * Adji Kui II: 240 endless moves of up to 526,668 laps, all through their
 * first state). */
#define SOW_FREE_LAPS 24L

/* The general laps (sow_sow.c) also compare each lap-start state with
 * one anchor state (the same reason: a cycle nearly always passes through
 * an early state), saved after this many laps, so that only long relays
 * pay the second comparison. */
#define SOW_ANCHOR_LAPS 4096L

/* A takasa relay (sow_ends.c's quiet_laps) goes on with the track's holes
 * in words after this many laps: most end sooner, and a long one pays the
 * words' table once. */
#define SOW_WORD_LAPS 1024L

/* Brent's cycle finding (P2): whether the state of lap t (counted from
 * the first lap compared) is to be saved: at t = 0, then whenever the
 * window of `power` laps since the last save is full (it then doubles). */
static inline bool brent_save(long t, long *lam, long *power)
{
    if (t != 0 && ++*lam != *power)
        return false;
    if (t > 0)
        *power <<= 1;
    *lam = 0;
    return true;
}

/* The hole after h along nx, stepping over blocked holes where look-ups
 * do (C1.5, P26); the blocked holes are never all of them (a round fills
 * at least one hole a row). */
static inline int step_over(const sow_setup *s, const sow_game *g,
                            const uint8_t *nx, int h)
{
    int x = nx[h];
    if (s->look_blocked)
        for (int k = 0; (g->blocked >> x) & 1 && k < s->holes; k++)
            x = nx[x];
    return x;
}

/* The seeds in the holes `player` owns. */
static inline long row_seeds(const sow_game *g, int player)
{
    long sum = 0;
    for (uint64_t m = g->owns[player]; m; m &= m - 1)
        sum += g->board[__builtin_ctzll(m)];
    return sum;
}

/* Lane h (a hole's count) of a board held as four words of 16-bit lanes. */
#define LANE(w, h) ((int)(((w)[(h) >> 2] >> (((h)&3) * 16)) & 0xFFFF))
#define CLEAR_LANE(w, h) ((w)[(h) >> 2] &= ~(0xFFFFULL << (((h)&3) * 16)))

/* 1 in lanes lo..hi-1 of a word of four 16-bit lanes. */
static const uint64_t lane_ones[5][5] = {
    {0, 0x1, 0x10001, 0x100010001, 0x1000100010001},
    {0, 0, 0x10000, 0x100010000, 0x1000100010000},
    {0, 0, 0, 0x100000000, 0x1000100000000},
    {0, 0, 0, 0, 0x1000000000000},
    {0, 0, 0, 0, 0}};

/* Add 1 to lanes a..b-1 of the board words (no wrap). w has a word past
 * the board's last (SOW_RUN_WORDS): a short run adds to the word of a and
 * the next, without a loop (most relay laps are short). */
#define SOW_RUN_WORDS (SOW_MAX_HOLES / 4 + 1)
static inline void add_run(uint64_t *w, int a, int b)
{
    if (b - a <= 4) {
        if (a >= b)
            return;
        const int k = a >> 2, sh = (a & 3) * 16;
        const uint64_t m = lane_ones[0][b - a]; /* lanes 0..b-a-1 */
        w[k] += m << sh;
        w[k + 1] += (m >> 1) >> (63 - sh); /* what passed the word's end */
        return;
    }
    while (a < b) {
        int k = a >> 2, base = k << 2;
        int hi = b - base < 4 ? b - base : 4;
        w[k] += lane_ones[a - base][hi];
        a = base + 4;
    }
}

/* Whether the first nw words of a and b are equal. */
static inline bool same_words(const uint64_t *a, const uint64_t *b, int nw)
{
    uint64_t d = 0;
    for (int k = 0; k < nw; k++)
        d |= a[k] ^ b[k];
    return d == 0;
}

/* The word paths' laps (sow_fastlaps.c sows them, sow_legal.c proves
 * moves end with them): one helper each for a lap's run of ones and for
 * Brent's comparison, on boards of up to 16 holes (four words) and of 17
 * to 64 (up to 16 words). */

/* One lap of `seeds` from the hole after h on a board of up to 16 holes
 * held in four words, whole rounds first (the origin included, C0.4):
 * the hole it ends in. */
static inline __attribute__((always_inline)) int
lap16(const sow_setup *s, uint64_t *w, int h, int seeds)
{
    const int n = s->holes;
    if (seeds > n) {
        uint64_t rounds = (uint64_t)((seeds - 1) / n);
        for (int k = 0; k < 4; k++)
            w[k] += rounds * s->runs[0][n][k];
        seeds -= (int)rounds * n;
    }
    const int first = s->next[h], end = first + seeds;
    const uint64_t *add = s->runs[first][seeds];
    w[0] += add[0];
    w[1] += add[1];
    w[2] += add[2];
    w[3] += add[3];
    return (end > n ? end - n : end) - 1;
}

/* A lap of at most a round (seeds <= holes) from the hole after h on a
 * board of 17 to 64 holes held in words: the hole it ends in. */
static inline __attribute__((always_inline)) int
lapw(const sow_setup *s, uint64_t *w, int h, int seeds)
{
    const int n = s->holes;
    int first = s->next[h], end = first + seeds;
    if (end <= n) {
        add_run(w, first, end);
    } else {
        add_run(w, first, n);
        end -= n;
        add_run(w, 0, end);
    }
    return end - 1;
}

/* Brent's cycle finding (P2) over the board, the lap's origin and the
 * seeds in hand, on four words: the origin and seeds fold into one key,
 * so the move's start and the saved state are each one test. `first`
 * holds the state after the first lift. */
typedef struct {
    uint64_t first[4], saved[4], first_key, saved_key;
    long power, lam;
} sow_brent16;

static inline void brent16_start(sow_brent16 *c, const uint64_t *w,
                                 int origin, int seeds)
{
    memcpy(c->first, w, sizeof c->first);
    memset(c->saved, 0, sizeof c->saved);
    c->first_key = (uint64_t)origin | (uint64_t)seeds << 16;
    c->saved_key = 0;
    c->power = 1;
    c->lam = 0;
}

/* Whether the state at Brent's lap t (counted from the first lap
 * compared) repeats the start or the saved state; else it is saved when
 * Brent's window is full. */
static inline __attribute__((always_inline)) bool
brent16_repeats(sow_brent16 *c, const uint64_t *w, int origin, int seeds,
                long t)
{
    const uint64_t key = (uint64_t)origin | (uint64_t)seeds << 16;
    if (((w[0] ^ c->first[0]) | (w[1] ^ c->first[1]) |
         (w[2] ^ c->first[2]) | (w[3] ^ c->first[3]) |
         (key ^ c->first_key)) == 0 ||
        (t > 0 && ((w[0] ^ c->saved[0]) | (w[1] ^ c->saved[1]) |
                   (w[2] ^ c->saved[2]) | (w[3] ^ c->saved[3]) |
                   (key ^ c->saved_key)) == 0))
        return true;
    if (brent_save(t, &c->lam, &c->power)) {
        memcpy(c->saved, w, sizeof c->saved);
        c->saved_key = key;
    }
    return false;
}

/* The same on up to 16 words (nw of them compared); the caller fills
 * `first` before lap 0 of the comparison. */
typedef struct {
    uint64_t first[16], saved[16];
    int first_origin, first_seeds, saved_origin, saved_seeds;
    long power, lam;
} sow_brentw;

static inline void brentw_start(sow_brentw *c, int origin, int seeds)
{
    c->first_origin = origin;
    c->first_seeds = seeds;
    c->saved_origin = c->saved_seeds = -1;
    c->power = 1;
    c->lam = 0;
}

static inline __attribute__((always_inline)) bool
brentw_repeats(sow_brentw *c, const uint64_t *w, int nw, int origin,
               int seeds, long t)
{
    if ((seeds == c->first_seeds && origin == c->first_origin &&
         same_words(w, c->first, nw)) ||
        (t > 0 && seeds == c->saved_seeds && origin == c->saved_origin &&
         same_words(w, c->saved, nw)))
        return true;
    if (brent_save(t, &c->lam, &c->power)) {
        memcpy(c->saved, w, sizeof c->saved);
        c->saved_origin = origin;
        c->saved_seeds = seeds;
    }
    return false;
}

/* Whether every hole holds at most max seeds, tested four holes a word:
 * a lane of more than max sets its top bit when 0x7FFF - max is added
 * (counts stay below 2^15, so nothing carries into the next lane); the
 * lanes past the last hole are 0. */
static inline bool board_at_most(const sow_setup *s, const sow_game *g, int max)
{
    if (max >= 0x7FFF)
        return true;
    const uint64_t add = 0x0001000100010001ULL * (uint64_t)(0x7FFF - max);
    uint64_t over = 0;
    for (int k = 0; k < (s->holes + 3) / 4; k++) {
        uint64_t w;
        memcpy(&w, g->board + 4 * k, sizeof w);
        over |= w + add;
    }
    return (over & 0x8000800080008000ULL) == 0;
}

/* Whether bear-off would apply to a move of g (bearoff_now without
 * recording it). */
static inline __attribute__((always_inline)) bool
sow_bearoff_would(const sow_setup *s, const sow_game *g)
{
    const sow_variant *v = s->v;
    if (!v->bearoff || g->phase != 0 || g->ply < v->bearoff_from)
        return false;
    if (s->bearoff_sticky && g->bearoff_on)
        return true;
    return board_at_most(s, g, v->bearoff_max);
}

/* Whether a lap-end rule in force asks the script (sow_sow.c). */
bool sow_lap_hooks(const sow_setup *s);

/* The holes holding at least min seeds, as a mask: the board read 16
 * holes at a time where the processor has SSE2 (a saturating subtract
 * leaves 0 exactly below min), else hole by hole. The board is read up
 * to its holes rounded up to 16 (a board has SOW_MAX_HOLES entries; the
 * caller masks the holes that are not the player's). */
static inline uint64_t holding(const uint16_t *b, int holes, int min)
{
#ifdef __SSE2__
    const __m128i floor = _mm_set1_epi16((short)(min - 1));
    const __m128i zero = _mm_setzero_si128();
    uint64_t m = 0;
    for (int i = 0; i < holes; i += 16) {
        __m128i lo = _mm_loadu_si128((const __m128i *)(b + i));
        __m128i hi = _mm_loadu_si128((const __m128i *)(b + i + 8));
        __m128i empty = _mm_packs_epi16(
            _mm_cmpeq_epi16(_mm_subs_epu16(lo, floor), zero),
            _mm_cmpeq_epi16(_mm_subs_epu16(hi, floor), zero));
        m |= (uint64_t)(uint16_t)~_mm_movemask_epi8(empty) << i;
    }
    return m;
#else
    uint64_t m = 0;
    for (int h = 0; h < holes; h++)
        m |= (uint64_t)(b[h] >= min) << h;
    return m;
#endif
}

/* sow_wegue.c. P86 (when.moved): g->moved with the holes the lap of
 * g->lap_seeds seeds from g->lap_origin touched, its origin lifted and
 * every hole it sowed into (`last`: its last hole too). */
uint64_t sow_lap_marks(const sow_setup *s, const sow_game *g, bool last);

/* GA.7, GA.L2 (end.claimed_only: sweep): after a move that leaves seeds
 * only in claimed holes, each is emptied into its claimant's store and
 * released, or (keep_empty_claims) only those holding seeds are; the
 * move is marked SOW_MOVED_SWEPT, and the engine ends the game (round)
 * with it, nobody having a move. */
void sow_claimed_only(const sow_setup *s, sow_game *g,
                      const sow_observer *obs);

/* (k is a constant at every use: an observer of captures alone costs the
 * other events one test) */
#define EMIT(obs, k, p, h, c, x)                                            \
    do {                                                                     \
        if (obs && (obs)->on_event &&                                        \
            ((k) == SOW_EV_CAPTURE || !(obs)->captures_only)) {              \
            sow_event ev_ = {(k), (p), (h), (c), (x), 0};                    \
            (obs)->on_event((obs)->ctx, &ev_);                               \
        }                                                                    \
    } while (0)

#endif
