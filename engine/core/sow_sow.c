/* sow_sow.c - the sowing machine: lifting, laps, relay, lap-end decisions,
 * captures, and the exact endless-move proof (docs/rules.md C0.3, C0.4, C0.7,
 * P1,
 * P2). It knows no Lua and no terminal: it asks the rule interface and
 * reports events to an optional observer. */
#include <stddef.h>
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

/* The error of a move that reached the lap cap. */
static int lap_cap(const sow_setup *s, int hole, sow_error *err)
{
    return sow_error_set(err, s->v->path, 0, 0,
                         "a move from hole %d neither ended nor repeated "
                         "within %ld laps, the most the endless-move proof "
                         "follows (P2): the position holds too many seeds "
                         "in play to prove; start from one with fewer",
                         hole, SOW_MAX_LAPS);
}

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

#define EMIT(obs, k, p, h, c, x)                                            \
    do {                                                                     \
        if (obs && (obs)->on_event) {                                        \
            sow_event ev_ = {(k), (p), (h), (c), (x), 0};                    \
            (obs)->on_event((obs)->ctx, &ev_);                               \
        }                                                                    \
    } while (0)

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

/* The lap-end rules in full: the first whose conditions hold. */
/* Whether the mover may claim hole h under c (TK.3, QL.3, P23): h is not
 * claimed yet (the caller checks), the mover has fewer than the limit,
 * h is eligible, not the opponent's last hole, not the mirror of the
 * opponent's claim. `more`: the other holes claimed with it. */
static bool claim_ok(const sow_setup *s, const sow_game *g,
                     const sow_claim *c, int h, int more)
{
    const int mover = g->to_move, n = s->n;
    if (c->limit && __builtin_popcountll(g->claims[mover]) + more >= c->limit)
        return false;
    if (c->has_eligible && !((c->eligible[mover] >> h) & 1))
        return false;
    /* the opponent's last hole: South may not claim 2N-1, North N-1 */
    if (c->not_last && h == (mover == 0 ? s->holes - 1 : n - 1))
        return false;
    /* the hole with the same number in the mover's row (h-N for South,
     * h+N for North) must not be the opponent's claim */
    if (c->not_mirror) {
        int m = h >= n ? h - n : h + n;
        if ((g->claims[1 - mover] >> m) & 1)
            return false;
    }
    return true;
}

/* The holes claim.holes names from the lap's last hole h, as a mask
 * (C1.4): h, the hole facing it, the holes before and after it along
 * the sowing (blocked holes stepped over, C1.5). */
static uint64_t claim_targets(const sow_setup *s, const sow_game *g,
                              const sow_claim *c, int h)
{
    const int t = c->holes ? c->holes : SOW_CLAIM_LAST;
    uint64_t m = 0;
    if (t & SOW_CLAIM_LAST)
        m |= (uint64_t)1 << h;
    if ((t & SOW_CLAIM_OPPOSITE) && s->facing[h] != SOW_POS_NONE)
        m |= (uint64_t)1 << s->facing[h];
    if (t & SOW_CLAIM_PREVIOUS)
        m |= (uint64_t)1 << step_over(s, g, s->prevs[g->move_dir], h);
    if (t & SOW_CLAIM_NEXT)
        m |= (uint64_t)1 << step_over(s, g, s->nexts[g->move_dir], h);
    return m;
}

/* Whether every hole the claim names may be claimed together: none is
 * claimed or blocked yet, and each passes claim_ok with the others. */
static bool claims_ok(const sow_setup *s, const sow_game *g,
                      const sow_claim *c, int h)
{
    if (!c->holes)
        return claim_ok(s, g, c, h, 0);
    const uint64_t m = claim_targets(s, g, c, h);
    if (m & (g->claims[0] | g->claims[1] | g->blocked))
        return false; /* C1.4: never claimed twice; C1.5 */
    const int k = __builtin_popcountll(m);
    for (uint64_t x = m; x; x &= x - 1)
        if (!claim_ok(s, g, c, __builtin_ctzll(x), k - 1))
            return false;
    return true;
}

/* Whether rule r acts on the hole facing h (which an outer hole of a
 * board of four rows lacks, C2.5). */
static bool needs_facing(const sow_lap_rule *r)
{
    return r->action == SOW_LAP_CAPTURE_OPPOSITE ||
           r->action == SOW_LAP_CAPTURE_PAIR ||
           (r->action == SOW_LAP_CLAIM &&
            (r->claim.holes & SOW_CLAIM_OPPOSITE));
}

/* The opponent's seeds across from h (C2.5): in the facing hole, and in
 * the hole behind it; a hole the mover owns (the middle row of three)
 * or a claimed one counts as empty. */
static int across_seeds(const sow_setup *s, const sow_game *g, int x)
{
    if (x == SOW_POS_NONE || g->owner[x] == g->to_move ||
        ((g->claims[0] | g->claims[1]) >> x) & 1)
        return 0;
    return g->board[x];
}

/* when.across: the facing hole holds seeds (MO.4), both it and the
 * hole behind it do (MW.6, HU.5), or either does (IS.5, AB.5). */
static bool across_holds(const sow_setup *s, const sow_game *g, int h,
                         int want)
{
    bool f = across_seeds(s, g, s->facing[h]) > 0;
    bool b = across_seeds(s, g, s->behind[h]) > 0;
    return want == SOW_ACROSS_FACING ? f
         : want == SOW_ACROSS_BOTH   ? f && b
                                     : f || b;
}

/* The family's conditions of rule r (KA.4 opposite, TK.4 even, TK.3 and
 * QL.3 where a claim may be made), out of the seed games' path. */
static __attribute__((noinline)) bool
family_ok(const sow_setup *s, const sow_game *g, const sow_lap_rule *r, int h,
          int c)
{
    const int o = s->facing[h];
    if (o == SOW_POS_NONE && (r->opposite || needs_facing(r)))
        return false; /* C2.5: nothing faces an outer hole */
    if (r->opposite == 3) {
        if (g->board[o] != r->opposite_count)
            return false; /* LL.5: exactly that many opposite */
    } else if (r->opposite && (g->board[o] != 0) != (r->opposite == 1)) {
        return false;
    }
    if (r->row && ((s->inner >> h) & 1) != (r->row == SOW_ROW_INNER))
        return false; /* C2.5: an inner or an outer hole */
    if (r->across && !across_holds(s, g, h, r->across))
        return false;
    if (r->even && c % 2)
        return false;
    if (r->position) {
        /* where h lies in its row, from that row's player's left */
        int i = h < s->n ? h : h - s->n;
        bool at = ((r->pos_left >> i) & 1) ||
                  ((r->pos_right >> (s->n - 1 - i)) & 1);
        if (at != (r->position == 1))
            return false;
    }
    return r->action != SOW_LAP_CLAIM || claims_ok(s, g, &r->claim, h);
}

/* The index of the first lap-end rule that holds when a lap ends in h
 * with c seeds, or -1. `family`: some rule has a condition of the
 * two-row family, or holes are claimed; the seed games' variants are
 * checked by a copy without them (matching_rule below). */
static inline __attribute__((always_inline)) int
rule_that_holds(const sow_setup *s, const sow_game *g, int h, int c,
                bool family)
{
    const sow_variant *v = s->v;
    int mover = g->to_move;
    if (family && s->claims && ((g->claims[0] | g->claims[1]) >> h) & 1)
        return -1; /* C1.4, P23: a last seed in a claimed hole does nothing */
    /* the rules in force for a lap that ends in a hole, in order */
    for (uint32_t on = s->hole_rules_on; on; on &= on - 1) {
        const int i = __builtin_ctz(on);
        const sow_lap_rule *r = &v->lap_rules[i];
        bool count_ok = c < 63 ? (r->counts >> c) & 1 : r->counts_high;
        if (!count_ok)
            continue;
        if (r->min_ply && g->ply < r->min_ply)
            continue;
        if (r->has_next) {
            /* next_count, or previous_count (look_back) */
            const uint8_t *nx = r->look_back ? s->prevs[g->move_dir]
                                             : s->nexts[g->move_dir];
            int k = g->board[family ? step_over(s, g, nx, h) : nx[h]];
            if (!(k < 63 ? (r->next_counts >> k) & 1 : r->next_high))
                continue;
        }
        if (r->owner == SOW_OWNER_OWN && g->owner[h] != mover)
            continue;
        if (r->owner == SOW_OWNER_OPPONENT && g->owner[h] == mover)
            continue;
        if (!family || !((s->family_rules >> i) & 1) ||
            family_ok(s, g, r, h, c))
            return i;
    }
    return -1;
}

static __attribute__((noinline)) int
family_rule(const sow_setup *s, const sow_game *g, int h, int c)
{
    return rule_that_holds(s, g, h, c, true);
}

static __attribute__((noinline)) int
plain_rule(const sow_setup *s, const sow_game *g, int h, int c)
{
    return rule_that_holds(s, g, h, c, false);
}

/* (each copy a function of its own, chosen where the lap ends, so that
 * the seed games' copy makes no further call and saves no registers) */
static inline __attribute__((always_inline)) int
matching_rule(const sow_setup *s, const sow_game *g, int h, int c)
{
    return s->rule_family ? family_rule(s, g, h, c) : plain_rule(s, g, h, c);
}

/* The first rule in force for a lap that ends in the mover's store
 * (C1.3), or -1 (the move then simply ends). */
static int store_rule(const sow_setup *s)
{
    for (int i = 0; i < s->v->nlap_rules; i++)
        if (((s->lap_rules_on >> i) & 1) && s->v->lap_rules[i].in_store)
            return i;
    return -1;
}

/* The lap-end action: a sow_lap_action, SOW_LAP_CHAIN_AT(i) for the
 * chain of rule i, or one of the combined actions (rule_action, set up
 * once in sow_setup.c). */
static inline __attribute__((always_inline)) int
decide_rules(const sow_setup *s, const sow_game *g, int h, int c)
{
    int i = matching_rule(s, g, h, c);
    if (i < 0)
        return s->relay ? SOW_LAP_RELAY : SOW_LAP_STOP;
    return s->rule_action[i];
}

/* A lap that ends in a claimed hole: the first rule for claimed holes
 * whose side matches (GB.3, GB.4), else the move ends (C1.4, P23). */
static int claimed_rule(const sow_setup *s, const sow_game *g, int h)
{
    if (!s->claim_rules)
        return SOW_LAP_STOP;
    const int side = sow_claimant(g, h) == g->to_move ? 1 : 2;
    for (int i = 0; i < s->v->nlap_rules; i++) {
        const sow_lap_rule *r = &s->v->lap_rules[i];
        if (((s->lap_rules_on >> i) & 1) && (r->on_claimed & side))
            return (int)r->action;
    }
    return SOW_LAP_STOP;
}

static inline __attribute__((always_inline)) int
decide(const sow_setup *s, const sow_game *g, int h, int c, const bool fam)
{
    if (fam && s->claims && ((g->claims[0] | g->claims[1]) >> h) & 1)
        return claimed_rule(s, g, h); /* C1.4, P23; GB.4 */
    if (c < 64) {
        int a = s->lap_action[g->owner[h] != g->to_move][c];
        if (a != SOW_LAP_RULES)
            return a;
    }
    return decide_rules(s, g, h, c);
}

/* The seeds of h go to player's store; `why` is the event's extra (0 a
 * lap-end capture, SOW_TAKEN_WHILE_SOWING, SOW_TAKEN_LAST_SEEDS). */
static inline __attribute__((always_inline)) void
take(const sow_observer *obs, sow_game *g, int h, int player, int why)
{
    int c = g->board[h];
    g->board[h] = 0;
    g->captured[player] += c;
    g->on_board -= c;
    EMIT(obs, SOW_EV_CAPTURE, player, h, c, why);
}

/* take, unless h is empty or claimed */
static inline __attribute__((always_inline)) void
capture_for(const sow_observer *obs, sow_game *g, int h, int player, int why)
{
    if (g->board[h] == 0 || ((g->claims[0] | g->claims[1]) >> h) & 1)
        return; /* C1.4: claimed holes are never captured */
    take(obs, g, h, player, why);
}

static inline __attribute__((always_inline)) void
capture(const sow_observer *obs, sow_game *g, int h)
{
    capture_for(obs, g, h, g->to_move, 0);
}

static inline int mover_of(const sow_game *g)
{
    return g->to_move;
}

/* The chain of lap-end rule i from the lap's last hole h (B.4; see
 * sow_chain): each hole is looked at once, at most one round, and never h
 * again after the start. */
static inline __attribute__((always_inline)) void
chain_from(const sow_setup *s, const sow_observer *obs, sow_game *g, int h,
           int i, const bool claims)
{
    const sow_chain *ch = &s->v->lap_rules[i].chain;
    const bool skip = s->chain_skip_empty[i];
    /* MB.4: a chain of one fixed direction, whatever the move's */
    const uint8_t *step = ch->fixed_dir ? s->nexts[ch->fixed_dir - 1]
                          : ch->backward     ? s->prevs[g->move_dir]
                                             : s->nexts[g->move_dir];
    const int mover = g->to_move;
    /* C1.4: a claimed hole stops the chain */
    const uint64_t claimed = claims ? g->claims[0] | g->claims[1] : 0;
    int x = ch->from_last ? h : step[h];
    for (int k = ch->from_last ? 0 : 1; k < s->holes; k++, x = step[x]) {
        if ((ch->owner == SOW_OWNER_OWN && g->owner[x] != mover) ||
            (ch->owner == SOW_OWNER_OPPONENT && g->owner[x] == mover) ||
            (claims && ((claimed >> x) & 1)))
            return;
        int c = g->board[x];
        if (c < 63 ? (ch->counts >> c) & 1 : ch->counts_high) {
            if (claims)
                capture(obs, g, x);
            else if (c)
                take(obs, g, x, mover, 0);
        } else if (c != 0 || !skip)
            return;
    }
}

/* (the seed games claim no hole: their copy has no claimed-hole tests) */
static void chain(const sow_setup *s, const sow_observer *obs, sow_game *g,
                  int h, int i)
{
    if (s->claims)
        chain_from(s, obs, g, h, i, true);
    else
        chain_from(s, obs, g, h, i, false);
}

/* do: capture_across (C2.5): the opponent's holes across from h, the
 * facing one and the one behind it, go to the mover's store. */
static int capture_across(const sow_setup *s, const sow_observer *obs,
                          sow_game *g, int h)
{
    int taken = 0;
    if (across_seeds(s, g, s->facing[h])) {
        capture(obs, g, s->facing[h]);
        taken++;
    }
    if (across_seeds(s, g, s->behind[h])) {
        capture(obs, g, s->behind[h]);
        taken++;
    }
    return taken;
}

/* extra: chosen (NS.6): after both holes across were taken, one more
 * opponent hole holding seeds, the one the move chose; none while the
 * opponent has no seeds left (NS.7). A move that chose none (a legal-move
 * probe) is flagged: its legal forms name each hole it may take. */
static void extra_chosen(const sow_setup *s, const sow_observer *obs,
                         sow_game *g)
{
    const int opp = 1 - g->to_move;
    bool any = false;
    for (uint64_t m = g->owns[opp]; m && !any; m &= m - 1)
        any = g->board[__builtin_ctzll(m)] != 0;
    if (!any)
        return;
    const int x = g->choice;
    if (x < s->holes && g->owner[x] == opp && g->board[x] &&
        !(((g->claims[0] | g->claims[1]) >> x) & 1)) {
        capture(obs, g, x);
        return;
    }
    g->move_flags |= SOW_MOVED_WANTS_CHOICE;
}

/* A resowing across capture (C2.5): the opponent's seeds across from h
 * lifted into the mover's hand; returns how many. */
static int lift_across(const sow_setup *s, const sow_observer *obs,
                       sow_game *g, int h)
{
    int seeds = 0;
    const int at[2] = {s->facing[h], s->behind[h]};
    for (int k = 0; k < 2; k++) {
        int c = across_seeds(s, g, at[k]);
        if (c) {
            g->board[at[k]] = 0;
            seeds += c;
            EMIT(obs, SOW_EV_LIFT, g->to_move, at[k], c, 0);
        }
    }
    return seeds;
}

/* capture_pair (KA.4): the hole facing h, then h itself; nothing when
 * the facing hole is claimed (C1.4: the pair is one capture). With
 * `series`, then along the sowing while the next hole is the mover's
 * and empty and the hole facing it holds seeds, unclaimed: those seeds
 * too. */
static bool capture_pairs(const sow_setup *s, const sow_observer *obs,
                          sow_game *g, int h, bool series)
{
    const uint64_t claimed = g->claims[0] | g->claims[1];
    int o = s->facing[h];
    if ((claimed >> o) & 1)
        return true;
    capture(obs, g, o);
    capture(obs, g, h);
    const uint8_t *nx = s->nexts[g->move_dir];
    for (int k = 0, x = step_over(s, g, nx, h); series && k < s->holes;
         k++, x = step_over(s, g, nx, x)) {
        o = s->facing[x];
        if (o == SOW_POS_NONE || g->owner[x] != g->to_move || g->board[x] || !g->board[o] ||
            ((claimed >> o) & 1) || ((g->blocked >> o) & 1))
            break;
        capture(obs, g, o);
    }
    return true;
}

/* The lap-end actions that end the move with no script: apply action a
 * of a lap that ended in h (captures, an extra turn) and return true; any
 * other action (relay, hook) returns false. The one place these actions
 * are carried out, by the word paths and the plain loop alike. */
static inline __attribute__((always_inline)) bool
end_lap(const sow_setup *s, const sow_observer *obs, sow_game *g, int h, int a)
{
    /* the seed games' actions first, as tests that the processor
     * predicts (the switch's table jump costs them more) */
    if (a == SOW_LAP_STOP)
        return true;
    if (a == SOW_LAP_CAPTURE) {
        capture(obs, g, h);
        return true;
    }
    if (a == SOW_LAP_CAPTURE_OPPOSITE) { /* the hole facing h: 2N-1-h (A.4) */
        capture(obs, g, s->facing[h]);
        return true;
    }
    if (a >= SOW_LAP_CHAIN_AT(0) && a < SOW_LAP_CHAIN_AT(SOW_MAX_LAP_RULES)) {
        chain(s, obs, g, h, a - SOW_LAP_CHAIN_AT(0));
        return true;
    }
    const uint8_t *nx = s->nexts[g->move_dir];
    switch (a) {
    case SOW_LAP_CAPTURE_PAIR: /* KA.4: the opposite, then h */
    case SOW_LAP_PAIR_SERIES:
        return capture_pairs(s, obs, g, h, a == SOW_LAP_PAIR_SERIES);
    case SOW_LAP_EXTRA_TURN: /* C1.3 */
        g->move_flags |= SOW_MOVED_EXTRA_TURN;
        return true;
    case SOW_LAP_CAPTURE_TWO_OUT: /* EX.3, PL.5: the hole after the next
                                     (P26: blocked holes stepped over) */
        capture(obs, g, step_over(s, g, nx, step_over(s, g, nx, h)));
        return true;
    case SOW_LAP_TAKE: { /* GB.4: at most take_count seeds of h */
        int k = g->board[h] < s->take_count ? g->board[h] : s->take_count;
        g->board[h] = (uint16_t)(g->board[h] - k);
        g->captured[g->to_move] += k;
        g->on_board -= k;
        if (k)
            EMIT(obs, SOW_EV_CAPTURE, g->to_move, h, k, 0);
        if (s->take_extra)
            g->move_flags |= SOW_MOVED_EXTRA_TURN;
        return true;
    }
    case SOW_LAP_TWO_OUT_SERIES: { /* OL.4: an empty hole then a full one,
                                      again and again */
        int e = step_over(s, g, nx, h), x = step_over(s, g, nx, e);
        for (int k = 0; k < s->holes && !g->board[e] && g->board[x]; k++) {
            capture(obs, g, x);
            e = step_over(s, g, nx, x);
            x = step_over(s, g, nx, e);
        }
        return true;
    }
    case SOW_LAP_OPPOSITE_EXTRA: { /* LL.5: the opposite, then every
                                      opponent hole holding pick_extra */
        capture(obs, g, s->facing[h]);
        for (int x = 0; x < s->holes; x++)
            if (g->owner[x] != g->to_move && g->board[x] == s->pick_extra)
                capture(obs, g, x);
        return true;
    }
    case SOW_LAP_CAPTURE_TO_CLAIM: { /* QL.4: into the lowest claimed */
        uint64_t m = g->claims[g->to_move];
        int c = g->board[h];
        if (!m || !c || sow_claimant(g, h) >= 0)
            return true;
        int w = __builtin_ctzll(m);
        g->board[h] = 0;
        g->board[w] = (uint16_t)(g->board[w] + c);
        EMIT(obs, SOW_EV_INTO, g->to_move, h, c, w);
        return true;
    }
    case SOW_LAP_CLOSE: /* C1.5: handled by the loop (it relays) */
        return false;
    case SOW_LAP_CLAIM: /* C1.4: h is the mover's from now on */
        g->claims[g->to_move] |= (uint64_t)1 << h;
        EMIT(obs, SOW_EV_CLAIM, g->to_move, h, g->board[h], 0);
        return true;
    default:
        if (a >= SOW_LAP_ACROSS_AT(0) &&
            a < SOW_LAP_ACROSS_AT(SOW_MAX_LAP_RULES)) {
            /* C2.5: to the store; a rule that sows them again, or sows
             * on from h, is the loop's */
            const sow_lap_rule *lr = &s->v->lap_rules[a - SOW_LAP_ACROSS_AT(0)];
            if (lr->resow || lr->then_relay || lr->then_next)
                return false;
            int taken = capture_across(s, obs, g, h);
            if (lr->take_last)
                capture(obs, g, h);
            if (lr->extra_choice && taken == 2)
                extra_chosen(s, obs, g); /* NS.6 */
            return true;
        }
        if (a >= SOW_LAP_CLAIM_AT(0) &&
            a < SOW_LAP_CLAIM_AT(SOW_MAX_LAP_RULES)) {
            /* C1.4: the holes the rule's claim.holes names, together
             * (checked by the rule's condition) */
            const sow_claim *c = &s->v->lap_rules[a - SOW_LAP_CLAIM_AT(0)].claim;
            for (uint64_t m = claim_targets(s, g, c, h); m; m &= m - 1) {
                int x = __builtin_ctzll(m);
                g->claims[g->to_move] |= (uint64_t)1 << x;
                EMIT(obs, SOW_EV_CLAIM, g->to_move, x, g->board[x], 0);
            }
            return true;
        }
        return false;
    }
}

/* The capture of a rule with then: relay, made before h is lifted and
 * sown on: the hole facing h (TG.2, P37) or the hole after the next (a
 * capture across a gap). False for every other action. */
static inline bool capture_then_relay(const sow_setup *s,
                                      const sow_observer *obs, sow_game *g,
                                      int h, int a)
{
    if (a == SOW_LAP_OPPOSITE_RELAY) {
        capture(obs, g, s->facing[h]);
        return true;
    }
    if (a >= SOW_LAP_ACROSS_AT(0) &&
        a < SOW_LAP_ACROSS_AT(SOW_MAX_LAP_RULES) &&
        !s->v->lap_rules[a - SOW_LAP_ACROSS_AT(0)].resow) {
        capture_across(s, obs, g, h); /* AB.5: then h is sown on */
        return true;
    }
    if (a != SOW_LAP_TWO_OUT_RELAY)
        return false;
    const uint8_t *nx = s->nexts[g->move_dir];
    capture(obs, g, step_over(s, g, nx, step_over(s, g, nx, h)));
    return true;
}

/* Ask the script; check what it returns before applying it. (A hook
 * that sows on in a variant of single laps is followed: such laps are not
 * watched for a move that never ends, P2, and a hook that always sows on
 * is stopped by the run's time limit, which the Lua bridge reads every
 * so many calls.) */
static int run_hook(const sow_setup *s, const sow_rules *r,
                    const sow_before *mv, const sow_observer *obs,
                    sow_game *g, int h, int c, bool *relay, sow_error *err)
{
    sow_lap_decision d;
    memset(&d, 0, sizeof d);
    if (!r || !r->lap_end)
        return sow_error_set(err, s->v->path, 0, 0,
                             "a lap_end rule says hook but no lap_end hook "
                             "is available");
    if (r->lap_end(r->ctx, s, g, mv, h, c, &d, err))
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
    *relay = d.relay;
    return SOW_OK;
}

/* Lane h (a hole's count) of a board held as four words of 16-bit lanes. */
#define LANE(w, h) ((int)(((w)[(h) >> 2] >> (((h)&3) * 16)) & 0xFFFF))
#define CLEAR_LANE(w, h) ((w)[(h) >> 2] &= ~(0xFFFFULL << (((h)&3) * 16)))

/* sow_fast for boards of up to 16 holes (Adji Kui, Adji-Boto): the board
 * stays in four 64-bit words while laps run, a lap adds a precomputed run
 * of ones (counts stay far below 2^16, so no carry crosses a lane), and
 * Brent's comparison is four word comparisons. The board is written back
 * before anything else may read it (captures, hooks, the end). */
static int sow_fast16(const sow_setup *s, const sow_rules *r,
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
            if (laps > SOW_MAX_LAPS) {
                memcpy(b, w, sizeof w);
                return lap_cap(s, hole, err);
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
        bool relay = false; /* SOW_LAP_HOOK */
        if (run_hook(s, r, mv, NULL, g, h, c, &relay, err))
            return SOW_ERR;
        if (!relay || b[h] == 0)
            return SOW_OK;
        seeds = b[h];
        b[h] = 0;
        origin = h;
        memcpy(w, b, sizeof w);
    }
}

/* A.5, P12, P16: whether bear-off applies to the move about to be made,
 * tested at its start: every hole holds at most bearoff_max seeds (from
 * ply bearoff_from on, in ordinary play); sticky keeps it on once it was. */
/* Whether every hole holds at most max seeds, tested four holes a word:
 * a lane of more than max sets its top bit when 0x7FFF - max is added
 * (counts stay below 2^15, so nothing carries into the next lane); the
 * lanes past the last hole are 0. */
static bool board_at_most(const sow_setup *s, const sow_game *g, int max)
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

/* sow_fast16 for boards of 17 to 64 holes (Andada): the board in up to 16
 * words, a lap adds its run word by word. */
static int sow_fastw(const sow_setup *s, const sow_rules *r,
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
            if (laps > SOW_MAX_LAPS) {
                memcpy(b, w, bytes);
                return lap_cap(s, hole, err);
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
        bool relay = false; /* SOW_LAP_HOOK */
        if (run_hook(s, r, mv, NULL, g, h, c, &relay, err))
            return SOW_ERR;
        if (!relay || b[h] == 0)
            return SOW_OK;
        seeds = b[h];
        b[h] = 0;
        origin = h;
        memcpy(w, b, bytes);
    }
}

/* The proofs below (ends16, endsw): lift the seeds of `hole` from the
 * words (leave-one keeps s->leave); returns the seeds in hand. */
static inline int proof_lift(const sow_setup *s, uint64_t *w, int hole)
{
    int seeds = LANE(w, hole) - s->leave;
    CLEAR_LANE(w, hole);
    w[hole >> 2] += (uint64_t)s->leave << ((hole & 3) * 16);
    return seeds;
}

_Static_assert(SOW_LAP_CHAIN_AT(SOW_MAX_LAP_RULES) <= SOW_LAP_TWO_OUT_RELAY &&
                   SOW_LAP_TWO_OUT_RELAY < SOW_LAP_CLAIM_AT(0) &&
                   SOW_LAP_CLAIM_AT(SOW_MAX_LAP_RULES) <= SOW_LAP_PAIR_SERIES &&
                   SOW_LAP_PAIR_SERIES < SOW_LAP_RULES,
               "the combined actions do not overlap and sort below "
               "SOW_LAP_RULES");

/* Whether a lap-end action (of the lap_action table) ends the move; not
 * SOW_LAP_RULES (the rules must decide), which sorts above the chains. */
static inline bool lap_ends(int a)
{
    return a == SOW_LAP_STOP || a == SOW_LAP_CAPTURE ||
           a == SOW_LAP_CAPTURE_OPPOSITE || a == SOW_LAP_CAPTURE_PAIR ||
           a == SOW_LAP_EXTRA_TURN || a == SOW_LAP_CAPTURE_TWO_OUT ||
           (a >= SOW_LAP_CHAIN_AT(0) &&
            a < SOW_LAP_CHAIN_AT(SOW_MAX_LAP_RULES));
}

/* A lap of a proof ended in h: 2 when it relays (the seeds lifted), 1
 * when the move ends, -1 when the rules or the script must decide. */
static inline int proof_lap_end(const sow_setup *s, const uint8_t *own,
                                int player, uint64_t *w, int h, int *seeds,
                                int *origin)
{
    int c = LANE(w, h);
    int a = c < 64 ? s->lap_action[own[h] != player][c] : SOW_LAP_RULES;
    if (a == SOW_LAP_RELAY) {
        *seeds = c;
        CLEAR_LANE(w, h);
        *origin = h;
        return 2;
    }
    return lap_ends(a) ? 1 : -1;
}

/* The first lap of a proof, read off the board without copying it: true
 * when it ends the move (a lap that does not come round the board ends in
 * hole + seeds, which then holds one more). Most moves end in their first
 * lap; the others are proved in full. */
static inline bool first_lap_ends(const sow_setup *s, const sow_game *g,
                                  int player, int hole)
{
    const int n = s->holes;
    const int seeds = g->board[hole] - s->leave;
    if (seeds < 1 || seeds >= n)
        return false;
    const int e = hole + seeds < n ? hole + seeds : hole + seeds - n;
    const int c = g->board[e] + 1;
    return c < 64 && lap_ends(s->lap_action[g->owner[e] != player][c]);
}

/* Whether a relay move of `player` from `hole` ends (1) or never does (0),
 * proved on a board of up to 16 holes held in four words and nothing else:
 * no game is copied or written. Only laps the lap_action table decides are
 * followed; -1 when a lap needs the rules or the script, or the lap cap is
 * reached (the caller then sows a copy in full). Cycles are found as in
 * sow_fast16 (Brent over board, origin and seeds in hand, P2), with one
 * test per lap: the comparison is folded into a single word. */
static inline __attribute__((always_inline)) int
ends16(const sow_setup *s, const sow_game *g, int player,
                  int hole)
{
    const uint8_t *own = g->owner;
    const int n = s->holes;
    uint64_t w[4];
    memcpy(w, g->board, sizeof w);
    int seeds = proof_lift(s, w, hole);
    int origin = hole, h = hole;
    uint64_t saved[4] = {0, 0, 0, 0}, saved_key = 0;
    const uint64_t first_state[4] = {w[0], w[1], w[2], w[3]};
    const uint64_t first_key = (uint64_t)hole | (uint64_t)seeds << 16;
    long power = 1, lam = 0, laps = 0;
    for (;;) {
        if (++laps > SOW_FREE_LAPS) {
            const long t = laps - SOW_FREE_LAPS - 1; /* Brent's lap count */
            const uint64_t key = (uint64_t)origin | (uint64_t)seeds << 16;
            if (((w[0] ^ first_state[0]) | (w[1] ^ first_state[1]) |
                 (w[2] ^ first_state[2]) | (w[3] ^ first_state[3]) |
                 (key ^ first_key)) == 0 ||
                (t > 0 && ((w[0] ^ saved[0]) | (w[1] ^ saved[1]) |
                           (w[2] ^ saved[2]) | (w[3] ^ saved[3]) |
                           (key ^ saved_key)) == 0))
                return 0;
            if (brent_save(t, &lam, &power)) {
                memcpy(saved, w, sizeof w);
                saved_key = key;
            }
            if (laps > SOW_MAX_LAPS)
                return -1;
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
        int r = proof_lap_end(s, own, player, w, h, &seeds, &origin);
        if (r != 2)
            return r;
    }
}

/* ends16 for boards of 17 to 64 holes, as sow_fastw holds them. */
static inline __attribute__((always_inline)) int
endsw(const sow_setup *s, const sow_game *g, int player, int hole)
{
    const uint8_t *own = g->owner;
    const int n = s->holes, nw = (n + 3) / 4;
    uint64_t w[SOW_RUN_WORDS], saved[16];
    memcpy(w, g->board, sizeof g->board); /* a fixed size: no call */
    w[SOW_RUN_WORDS - 1] = 0;
    int seeds = proof_lift(s, w, hole);
    int origin = hole, h = hole, saved_origin = -1, saved_seeds = -1;
    uint64_t first_state[16]; /* made when the search starts */
    const int first_seeds = seeds;
    long power = 1, lam = 0, laps = 0;
    for (;;) {
        if (++laps > SOW_FREE_LAPS) {
            const long t = laps - SOW_FREE_LAPS - 1; /* Brent's lap count */
            if (t == 0) {
                memcpy(first_state, g->board, sizeof first_state);
                proof_lift(s, first_state, hole);
            }
            if ((seeds == first_seeds && origin == hole &&
                 same_words(w, first_state, nw)) ||
                (t > 0 && seeds == saved_seeds && origin == saved_origin &&
                 same_words(w, saved, nw)))
                return 0;
            if (brent_save(t, &lam, &power)) {
                memcpy(saved, w, sizeof saved);
                saved_origin = origin;
                saved_seeds = seeds;
            }
            if (laps > SOW_MAX_LAPS)
                return -1;
        }
        if (seeds > n) /* whole rounds: the caller sows these in full */
            return -1;
        int first = s->next[h], end = first + seeds;
        if (end <= n) {
            add_run(w, first, end);
        } else {
            add_run(w, first, n);
            end -= n;
            add_run(w, 0, end);
        }
        h = end - 1;
        int r = proof_lap_end(s, own, player, w, h, &seeds, &origin);
        if (r != 2)
            return r;
    }
}

/* Whether bear-off would apply to a move of g (bearoff_now without
 * recording it). */
static inline __attribute__((always_inline)) bool
bearoff_would(const sow_setup *s, const sow_game *g)
{
    const sow_variant *v = s->v;
    if (!v->bearoff || g->phase != 0 || g->ply < v->bearoff_from)
        return false;
    if (s->bearoff_sticky && g->bearoff_on)
        return true;
    return board_at_most(s, g, v->bearoff_max);
}

/* Whether a lap-end rule in force asks the script. */
static bool lap_hooks(const sow_setup *s)
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

/* The laps of a move (sow_sow without the grand-slam reading), inlined
 * into sow_sow, the hot path of every game: one loop over laps whose
 * state (board, hand, origin, Brent's saved lap, the store the last seed
 * fell in) stays in registers; split into calls it cost the seed games
 * 5-10% more instructions (callgrind on sow bench).
 * (long: the sowing machine's hot loop, kept whole for speed) */
static inline __attribute__((always_inline)) int
sow_laps(const sow_setup *s, const sow_rules *r, const sow_before *mv,
         const sow_observer *obs, sow_game *g, int hole, bool *endless,
         sow_error *err, const bool fam)
{
    const bool bear = bearoff_now(s, g);
    /* the direction of this move (XK.1, QL.2), or the variant's (set in
     * g->move_dir when the game starts) */
    int d = s->dir;
    if (fam) {
        if (s->dir_rule == SOW_DIR_FIXED)
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
        if (s->pass_on && s->pass_until && hole == s->pass_key[g->to_move])
            /* IS.3: lifting this hole ends the passing over, for this
             * move too */
            g->pass_freed |= (uint8_t)(1u << g->to_move);
    }
    const uint8_t *const nx = fam ? s->nexts[d] : s->next;
    /* the family sows along the mover's track (issue 24): the ring of
     * both rows with the stores on it (C1.2), or the variant's own (the
     * ring without stores holds holes only, as nx) */
    const uint8_t *const track = fam ? s->tracks[g->to_move][d] : nx;
    const uint8_t *tn = track; /* a resowing lap may run its own way */
    int pending = -1, cap_hole = -1; /* a resowing lap's then (C2.5) */
    /* relay laps on words (sow_fast16, sow_fastw); a single lap is
     * quicker with the plain loop below (no board to load into words) */
    if (!obs && !s->skip_origin && d == SOW_DIR_CCW &&
        (!fam || ((int)s->dir == d && s->plain_drops)) &&
        !s->force_general && !bear && s->relay)
        return s->holes <= 16 ? sow_fast16(s, r, mv, g, endless, err)
                              : sow_fastw(s, r, mv, g, endless, err);
    uint16_t *b = g->board;
    const int mover = g->to_move;
    const size_t bytes = (size_t)s->holes * sizeof *b;
    int seeds = b[hole] - s->leave; /* B.2: leave-one keeps `leave` */
    b[hole] = (uint16_t)s->leave;
    EMIT(obs, SOW_EV_LIFT, mover, hole, seeds, s->leave);
    int origin = hole, h = hole;
    if (fam && s->origin_first && seeds >= 2) {
        /* TK.2: the first seed goes back into the origin */
        b[hole]++;
        seeds--;
        EMIT(obs, SOW_EV_DROP, mover, hole, b[hole], 0);
    }
    *endless = false;

    /* Brent's cycle finding over lap-start states (board, origin, seeds in
     * hand), P2: exact, constant memory, no lap cap. */
    uint16_t saved[SOW_MAX_HOLES];
    int saved_origin = -1, saved_seeds = -1;
    uint64_t saved_blocked = 0; /* closed holes are part of the state */
    int saved_pending = -1, saved_cap = -1; /* and a resowing lap's */
    long power = 1, lam = 0, laps = 0;
    for (;;) {
        if (s->relay) {
            if (laps > 0 && seeds == saved_seeds && origin == saved_origin &&
                (!fam || (g->blocked == saved_blocked &&
                          pending == saved_pending &&
                          cap_hole == saved_cap)) &&
                memcmp(b, saved, bytes) == 0) {
                *endless = true;
                EMIT(obs, SOW_EV_ENDLESS, mover, origin, seeds, (int)laps);
                return SOW_OK;
            }
            if (brent_save(laps, &lam, &power)) {
                memcpy(saved, b, bytes);
                saved_origin = origin;
                saved_seeds = seeds;
                saved_blocked = g->blocked;
                saved_pending = pending;
                saved_cap = cap_hole;
            }
            if (++laps > SOW_MAX_LAPS)
                return lap_cap(s, hole, err);
        }
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
            b[h]++;
            seeds--;
            EMIT(obs, SOW_EV_DROP, mover, h, b[h], 0);
            if (fam && s->sow_capture && seeds > 0 && b[h] == s->sow_capture)
                /* PL.4: a seed other than the lap's last that makes the
                 * count goes with it to the owner of the hole */
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
                h = origin = cap_hole;
                seeds = b[h];
                b[h] = 0;
                EMIT(obs, SOW_EV_LIFT, mover, h, seeds, 0);
                if (seeds)
                    continue;
                return SOW_OK;
            }
        }
        if (fam && in_store >= 0) {
            /* C1.3: the move ends in a store: no capture, no relay; a rule
             * may give the mover another turn */
            int i = store_rule(s);
            sow_lap_action a = i < 0 ? SOW_LAP_STOP
                                     : s->v->lap_rules[i].action;
            if (in_store == mover && a == SOW_LAP_EXTRA_TURN)
                g->move_flags |= SOW_MOVED_EXTRA_TURN;
            if (obs && obs->on_event) {
                sow_event ev = {SOW_EV_LAP_END, mover, -1, g->captured[in_store],
                                (int)a, in_store == mover ? 1 + i : 0};
                obs->on_event(obs->ctx, &ev);
            }
            return SOW_OK;
        }
        int c = b[h];
        int a = fam && s->first_plain && g->ply == 0
                    ? (c > 1 ? SOW_LAP_RELAY : SOW_LAP_STOP) /* LL.3 */
                    : decide(s, g, h, c, fam);
        /* for narration: which rule decided (the board as the lap ends) */
        int rule = obs ? 1 + matching_rule(s, g, h, c) : 0;
        bool relay = false;
        if (a == SOW_LAP_HOOK) {
            if (run_hook(s, r, mv, obs, g, h, c, &relay, err))
                return SOW_ERR;
        }
        if (obs && obs->on_event) {
            sow_event ev = {SOW_EV_LAP_END, mover, h, c,
                            a == SOW_LAP_HOOK ? (relay ? SOW_LAP_RELAY
                                                       : SOW_LAP_STOP)
                            : a == SOW_LAP_TWO_OUT_SERIES ||
                                      a == SOW_LAP_TWO_OUT_RELAY
                                ? SOW_LAP_CAPTURE_TWO_OUT
                            : a == SOW_LAP_PAIR_SERIES ? SOW_LAP_CAPTURE_PAIR
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
            seeds = lift_across(s, obs, g, h);
            if (seeds == 0)
                return SOW_OK; /* (the condition saw seeds there) */
            tn = s->tracks[mover][rd];
            int first = lr->resow == SOW_RESOW_ORIGIN         ? origin
                        : lr->resow == SOW_RESOW_AFTER_ORIGIN ? tn[origin]
                                                              : tn[h];
            cap_hole = h;
            h = s->tracks[mover][1 - rd][first]; /* the drops step first */
            pending = lr->resow_then;
            continue;
        }
        if (fam && a >= SOW_LAP_ACROSS_AT(0) &&
            a < SOW_LAP_ACROSS_AT(SOW_MAX_LAP_RULES) &&
            s->v->lap_rules[a - SOW_LAP_ACROSS_AT(0)].then_next) {
            /* HU.5 (ludii): the seeds across (and h's) to the store, then
             * the hole after h is sown on if it holds enough to move */
            capture_across(s, obs, g, h);
            if (s->v->lap_rules[a - SOW_LAP_ACROSS_AT(0)].take_last)
                capture(obs, g, h);
            h = tn[h];
            if (h >= s->holes || b[h] < s->min_seeds || b[h] == 0)
                return SOW_OK;
            seeds = b[h];
            b[h] = 0;
            origin = h;
            EMIT(obs, SOW_EV_LIFT, mover, h, seeds, 0);
            continue;
        }
        /* (the capture of a rule with then: relay is made in the test,
         * after the plain relay's, which most laps are) */
        if (a == SOW_LAP_RELAY || a == SOW_LAP_CLOSE ||
            (fam && capture_then_relay(s, obs, g, h, a)) ||
            (a == SOW_LAP_HOOK && relay)) {
            if (b[h] == 0)
                return SOW_OK; /* the hook captured the relay hole */
            seeds = b[h];
            b[h] = 0;
            origin = h;
            EMIT(obs, SOW_EV_LIFT, mover, h, seeds, 0);
            continue;
        }
        return SOW_OK;
    }
}

/* The seeds in the holes `player` owns. */
static long row_seeds(const sow_game *g, int player)
{
    long sum = 0;
    for (uint64_t m = g->owns[player]; m; m &= m - 1)
        sum += g->board[__builtin_ctzll(m)];
    return sum;
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

/* sow_sow for the family's rules: flags, the grand-slam readings, the
 * store of claimed holes (kept out of the seed games' path). */
static int sow_family(const sow_setup *s, const sow_rules *r,
                      const sow_before *mv, const sow_observer *obs,
                      sow_game *g, int hole, bool *endless, sow_error *err)
{
    g->move_flags = 0;
    g->last_lifted = (int16_t)g->board[hole];
    int rc = s->grand_slam == SOW_SLAM_CAPTURE
                 ? sow_laps(s, r, mv, obs, g, hole, endless, err, true)
                 : sow_slammed(s, r, mv, obs, g, hole, endless, err);
    if (rc == SOW_OK && s->claim_to_store && !*endless)
        claims_to_store(g, obs);
    if (rc == SOW_OK && s->last_seeds > 0 && !*endless &&
        g->on_board > 0 && g->on_board <= s->last_seeds)
        /* PL.6: the few seeds left go to the mover */
        for (int h = 0; h < s->holes; h++)
            capture_for(obs, g, h, g->to_move, SOW_TAKEN_LAST_SEEDS);
    return rc;
}

int sow_sow(const sow_setup *s, const sow_rules *r, const sow_observer *obs,
            sow_game *g, const sow_before *mv, bool *endless,
            sow_error *err)
{
    const int hole = mv->origin;
    /* the seed games set no move flags: they stay 0 from the start */
    if (!s->plain_turns)
        return sow_family(s, r, mv, obs, g, hole, endless, err);
    return sow_laps(s, r, mv, obs, g, hole, endless, err, false);
}

/* sow_laps with the grand-slam readings (OW.4, OU.3). */
static int sow_slammed(const sow_setup *s, const sow_rules *r,
                    const sow_before *mv, const sow_observer *obs,
                    sow_game *g, int hole, bool *endless, sow_error *err)
{
    /* OW.4, P17: the opponent's row before the lift; a move that leaves
     * it empty by capturing, when it held seeds, is a grand slam */
    const int mover = g->to_move, opp = 1 - mover;
    const long before = row_seeds(g, opp);
    const int32_t took = g->captured[mover];
    slam_log log = {obs, 0, {0}, {0}, false};
    sow_observer spy = {&log, slam_event};
    if (sow_laps(s, r, mv, &spy, g, hole, endless, err, true))
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
    return SOW_OK;
}

/* sow_candidates, inlined where the legal moves are made. */
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

static inline __attribute__((always_inline)) int
candidates(const sow_setup *s, const sow_game *g, int player, uint16_t *out,
           const bool plain)
{
    /* only the player's holes; write each, advance past the good ones */
    int n = 0;
    const int min = s->min_seeds;
    /* EX.1: with no sides every hole is either player's to play; a
     * claimed hole is never an origin (C1.4) */
    uint64_t mask = g->owns[player];
    if (!plain && !s->plain_holes) {
        uint64_t all =
            s->holes == 64 ? ~0ULL : ((uint64_t)1 << s->holes) - 1;
        mask = (s->no_sides ? all : mask) &
               ~(g->claims[0] | g->claims[1] | g->blocked);
    }
    for (uint64_t m = mask & holding(g->board, s->holes, min); m; m &= m - 1)
        out[n++] = (uint16_t)__builtin_ctzll(m);
    return n;
}

int sow_candidates(const sow_setup *s, const sow_game *g, int player,
                   uint16_t *out)
{
    return candidates(s, g, player, out, false);
}

/* The decision moves the script offers, checked: known kinds, ascending,
 * no repeats. */
static int decisions(const sow_setup *s, const sow_rules *r,
                     const sow_game *g, int player, uint16_t *out,
                     sow_error *err)
{
    if (!r || !r->decisions)
        return sow_error_set(err, s->v->path, 0, 0,
                             "phase %d needs decision moves, but the variant "
                             "has no decisions hook",
                             g->phase);
    sow_game view = *g;
    view.to_move = (uint8_t)player;
    int n = 0;
    if (r->decisions(r->ctx, s, &view, out, &n, err))
        return -1;
    for (int i = 0; i < n; i++) {
        if (!sow_move_is_decision(out[i]) ||
            sow_decision_kind(out[i]) >= s->v->ndecisions)
            return sow_error_set(err, s->v->path, 0, 0,
                                 "the decisions hook offered a move that is "
                                 "not a declared decision");
        if (i && out[i] <= out[i - 1])
            return sow_error_set(err, s->v->path, 0, 0,
                                 "the decisions hook offered a move twice");
    }
    return n;
}

/* MB.2: each of the n holes of out as two moves, counter-clockwise then
 * clockwise (out holds SOW_MAX_LEGAL: n is at most SOW_MAX_HOLES). */
static int directed_moves(uint16_t *out, int n)
{
    for (int i = n - 1; i >= 0; i--) {
        const int h = out[i];
        out[2 * i] = (uint16_t)sow_directed(h, SOW_DIR_CCW);
        out[2 * i + 1] = (uint16_t)sow_directed(h, SOW_DIR_CW);
    }
    return 2 * n;
}

static int legal_directed(const sow_setup *s, const sow_rules *r,
                          const sow_game *g, int player, uint16_t *out,
                          uint64_t *endless_mask, sow_error *err);

/* The legal moves before the filters that simulate whole moves. */
/* (plain: the setup's plain_turns as a constant, which leaves out the
 * family's tests: a fixed direction, own holes only, no filters;
 * directed: moves that name their direction, MB.2, a constant too, so
 * that the other variants' copy has none of their work) */
static inline __attribute__((always_inline)) int
legal_base(const sow_setup *s, const sow_rules *r, const sow_game *g,
           int player, uint16_t *out, uint64_t *endless_mask,
           sow_error *err, const bool plain, const bool directed)
{
    if (endless_mask)
        *endless_mask = 0;
    const sow_phase *ph = g->phase && g->phase <= s->v->nphases
                              ? &s->v->phases[g->phase - 1]
                              : NULL;
    if (sow_decision_phase(s, g))
        return decisions(s, r, g, player, out, err);
    if (!plain && !directed && s->dir_rule >= SOW_DIR_CHOSEN) {
        if (s->dir_rule == SOW_DIR_CHOSEN && g->chosen_dir < 0) {
            /* OL.2, C1.12: the game's first ply chooses the direction */
            out[0] = (uint16_t)sow_decision(s->v->dir_kind, SOW_DIR_CCW);
            out[1] = (uint16_t)sow_decision(s->v->dir_kind, SOW_DIR_CW);
            return 2;
        }
        if (s->dir_rule == SOW_DIR_EACH_MOVE && !(ph && ph->scripted))
            return legal_directed(s, r, g, player, out, endless_mask, err);
    }
    int n = candidates(s, g, player, out, plain);
    if (ph && ph->fresh_holes) {
        /* B.3: only holes not yet played in this round of the phase (once
         * all are played, a new round starts with all) */
        uint64_t own = sow_owned_mask(g, player);
        if ((g->played[player] & own) != own) {
            int k = 0;
            for (int i = 0; i < n; i++)
                if (!((g->played[player] >> out[i]) & 1))
                    out[k++] = out[i];
            n = k;
        }
    }
    if (directed) /* MB.2: both directions of every hole */
        n = directed_moves(out, n);
    if (!s->relay || s->endless_move != SOW_ENDLESS_FORBID)
        return n;
    /* C0.7 / K2.4 forbid: a move that never ends is not legal; prove each
     * candidate by playing it on a copy. */
    const bool bear = bearoff_would(s, g);
    if (bear && !s->force_general && !lap_hooks(s))
        /* A.5, P11: under bear-off no move is endless. A lap goes on from
         * where the last one ended, along the sowing direction; once the
         * sowing is in the mover's row, the first seed to leave the row
         * ends the move, so it stays there at most a row's length of laps,
         * and it reaches that row from the other within one round. (With
         * a lap_end hook the proof still runs: its errors show here.) */
        return n;
    int k = 0;
    sow_game copy;
    /* as sow_sow's choice of its word paths (bear-off needs the full
     * path) */
    const bool words = !s->skip_origin && s->dir == SOW_DIR_CCW &&
                       (plain || (s->dir_rule == SOW_DIR_FIXED &&
                                  s->plain_drops)) &&
                       !s->force_general && !bear;
    for (int i = 0; i < n; i++) {
        int ends = !words                                ? -1
                   : first_lap_ends(s, g, player, out[i]) ? 1
                   : s->holes <= 16 ? ends16(s, g, player, out[i])
                                     : endsw(s, g, player, out[i]);
        bool endless = ends == 0;
        if (ends < 0) {
            /* the state without the legal moves and the result: sowing
             * neither reads nor writes them */
            memcpy(&copy, g, offsetof(sow_game, nlegal));
            copy.to_move = (uint8_t)player;
            sow_before mv;
            const int h = directed ? sow_move_aim(&copy, out[i]) : out[i];
            if (sow_sow(s, r, NULL, &copy, sow_move_of(&mv, r, g, h),
                        &endless, err))
                return -1;
        }
        if (!endless)
            out[k++] = out[i];
        else if (endless_mask) /* (a hole either of whose moves is) */
            *endless_mask |= (uint64_t)1 << (directed ? sow_move_hole(out[i])
                                                      : out[i]);
    }
    return k;
}

/* The filters that play each candidate on a copy (P42): a grand slam
 * that is forbidden (OW.4 forbid) and must feed (OW.5, PL.7). */
static int filter_moves(const sow_setup *s, const sow_rules *r,
                        const sow_game *g, int player, uint16_t *out, int n,
                        sow_error *err)
{
    if (s->no_undo && g->last_mover == 1 - player && g->last_lifted == 1 &&
        g->last_move_hole >= 0) {
        /* QL.6: the single seed the opponent just sowed from an end hole
         * round the row end into the other row's end hole (0 <-> 2N-1,
         * N-1 <-> N: the hole facing it), which holds it alone, may not
         * go straight back (P28: after a pass the player to move is the
         * last mover, and the rule lapses) */
        int from = g->last_move_hole, to = s->holes - 1 - from;
        bool end = from == 0 || from == s->n - 1 || from == s->n ||
                   from == s->holes - 1;
        if (end && s->nexts[g->move_dir][from] == to && g->board[to] == 1) {
            int k = 0;
            for (int i = 0; i < n; i++)
                if (sow_move_hole(out[i]) != to)
                    out[k++] = out[i];
            n = k;
        }
    }
    if (s->count_last) {
        /* OU.2 (1), LL.2 (2), before must feed: a hole of the count only
         * when every playable hole holds it */
        const int want = s->count_last;
        bool other = false;
        for (int i = 0; i < n; i++)
            other |= g->board[sow_move_hole(out[i])] != want;
        int k = 0;
        for (int i = 0; i < n; i++)
            if (!other || g->board[sow_move_hole(out[i])] != want)
                out[k++] = out[i];
        n = k;
    }
    if (s->singles_to_empty) {
        /* TS.3, NS.3: a single seed only into an empty next hole along
         * the player's track (every candidate holds one here unless some
         * hole holds more: count_last has kept those alone) */
        const uint8_t *tn = s->tracks[player][g->move_dir];
        int k = 0;
        for (int i = 0; i < n; i++) {
            int h = sow_move_hole(out[i]), x = tn[h];
            if (g->board[h] != 1 || (x < s->holes && g->board[x] == 0))
                out[k++] = out[i];
        }
        n = k;
    }
    if (s->reach_max) {
        /* SQ.4, P33: a hand of at most reach_max seeds must end its first
         * lap in the opponent's row or in an own hole empty before the
         * move (sown once: no relay, no capture) */
        int k = 0;
        for (int i = 0; i < n; i++) {
            /* (along the move's direction where it names one, MB.2) */
            const uint8_t *nx = s->nexts[sow_move_is_directed(out[i])
                                             ? sow_move_dir(out[i])
                                             : (int)s->dir];
            int h = sow_move_hole(out[i]), c = g->board[h], e = h;
            for (int j = 0; j < c && c <= s->reach_max; j++)
                e = step_over(s, g, nx, e);
            if (c > s->reach_max || g->owner[e] != player || !g->board[e])
                out[k++] = out[i];
        }
        n = k;
    }
    /* (K holes are 2K moves where each names its direction, MB.2) */
    const int first = s->first_keep *
                      (n && sow_move_is_directed(out[0]) ? 2 : 1);
    if (first && g->ply == 0 && n > first) {
        /* LL.2: a round's first move from the K highest-numbered holes
         * (the rightmost, seen from either player) */
        memmove(out, out + n - first, (size_t)first * sizeof *out);
        n = first;
    }
    const bool feed = s->must_feed != SOW_FEED_OFF &&
                      row_seeds(g, 1 - player) == 0;
    const bool slam = s->grand_slam == SOW_SLAM_FORBID;
    if (!feed && !slam)
        return n;
    uint16_t keep[SOW_MAX_LEGAL];
    int k = 0;
    for (int i = 0; i < n; i++) {
        sow_game copy;
        memcpy(&copy, g, offsetof(sow_game, nlegal));
        copy.to_move = (uint8_t)player;
        bool endless = false;
        sow_before mv;
        if (sow_sow(s, r, NULL, &copy,
                    sow_move_of(&mv, r, g, sow_move_aim(&copy, out[i])),
                    &endless, err))
            return -1;
        if (slam && !endless && (copy.move_flags & SOW_MOVED_GRAND_SLAM))
            continue;
        if (feed && !endless && row_seeds(&copy, 1 - player) == 0)
            continue;
        keep[k++] = out[i];
    }
    if (k == 0 && feed && s->must_feed == SOW_FEED_ELSE_ALL && !slam)
        return n; /* PL.7: no move feeds: every move is legal */
    memcpy(out, keep, (size_t)k * sizeof *out);
    return k;
}

/* legal_base for moves that name their direction (MB.2), out of the
 * other variants' way. */
static __attribute__((noinline)) int
legal_directed(const sow_setup *s, const sow_rules *r, const sow_game *g,
               int player, uint16_t *out, uint64_t *endless_mask,
               sow_error *err)
{
    return legal_base(s, r, g, player, out, endless_mask, err, false, true);
}

/* NS.6: a candidate whose sowing comes to a choice is legal once for
 * each hole it may choose (the token h,xK), in place of h alone. Each
 * candidate is sown on a copy with no choice made. */
static int legal_choices(const sow_setup *s, const sow_rules *r,
                         const sow_game *g, int player, uint16_t *out, int n,
                         sow_error *err)
{
    uint16_t chosen[SOW_MAX_LEGAL];
    int k = 0, nc = 0;
    for (int i = 0; i < n; i++) {
        sow_game copy;
        memcpy(&copy, g, offsetof(sow_game, nlegal));
        copy.to_move = (uint8_t)player;
        copy.choice = SOW_NO_CHOICE;
        copy.move_flags = 0;
        sow_before mv;
        bool endless = false;
        const int h = sow_move_aim(&copy, out[i]);
        if (sow_sow(s, r, NULL, &copy, sow_move_of(&mv, r, g, h), &endless,
                    err))
            return -1;
        if (endless || !(copy.move_flags & SOW_MOVED_WANTS_CHOICE)) {
            out[k++] = out[i];
            continue;
        }
        for (uint64_t m = copy.owns[1 - player]; m; m &= m - 1) {
            int x = __builtin_ctzll(m);
            if (!copy.board[x])
                continue;
            if (nc == SOW_MAX_LEGAL)
                return sow_error_set(err, s->v->path, 0, 0,
                                     "ply %d: more than %d legal moves with "
                                     "their choices; this machine lists at "
                                     "most %d",
                                     g->ply, SOW_MAX_LEGAL, SOW_MAX_LEGAL);
            chosen[nc++] = (uint16_t)sow_chosen(h, x);
        }
    }
    if (k + nc > SOW_MAX_LEGAL)
        return sow_error_set(err, s->v->path, 0, 0,
                             "ply %d: %d legal moves with their choices; "
                             "this machine lists at most %d",
                             g->ply, k + nc, SOW_MAX_LEGAL);
    memcpy(out + k, chosen, (size_t)nc * sizeof *out); /* (ascending) */
    return k + nc;
}

int sow_legal_moves(const sow_setup *s, const sow_rules *r, const sow_game *g,
                    int player, uint16_t *out, uint64_t *endless_mask,
                    sow_error *err)
{
    if (s->plain_turns) /* the seed games: no filters (setup_paths) */
        return legal_base(s, r, g, player, out, endless_mask, err, true,
                          false);
    int n = legal_base(s, r, g, player, out, endless_mask, err, false, false);
    if (!s->filters || n <= 0 || sow_decision_phase(s, g) ||
        (s->dir_rule == SOW_DIR_CHOSEN && g->chosen_dir < 0))
        return n;
    n = filter_moves(s, r, g, player, out, n, err);
    if (s->choices && n > 0)
        n = legal_choices(s, r, g, player, out, n, err);
    /* the script's filter hook, after the filters of data (sow_hooks.c) */
    if (__builtin_expect(s->filter_hook, 0) && n > 0 && r && r->filter)
        n = sow_hook_filter(s, r, g, player, out, n, err);
    return n;
}
