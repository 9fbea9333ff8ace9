/* sow_sow.c - the sowing machine: lifting, laps, relay, lap-end decisions,
 * captures, and the exact endless-move proof (docs/rules.md C0.3, C0.4, C0.7,
 * P1,
 * P2). It knows no Lua and no terminal: it asks the rule interface and
 * reports events to an optional observer. */
#include <stddef.h>
#include <string.h>

#include "sow_game.h"
#include "sow_sow_int.h"

/* The error of a move that reached the lap cap. */
static int lap_cap(const sow_setup *s, sow_game *g, int hole,
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

/* Rule r's count is even (TK.4, bit 0 of r->even), and (bit 1) h was
 * touched this round before the lap's last seed (P86, when.moved with
 * its option on) and is its owner's last unclaimed hole (GA.5,
 * when.last_hole), as the rule asks. */
static __attribute__((noinline)) bool
even_ok(const sow_setup *s, const sow_game *g, const sow_lap_rule *r, int h,
        int c)
{
    if ((r->even & 1) && c % 2)
        return false;
    const int i = (int)(r - s->v->lap_rules);
    if (((s->moved_rules >> i) & 1) && sow_untouched(s, g, h))
        return false;
    return !((s->last_hole_rules >> i) & 1) ||
           __builtin_popcountll(g->owns[g->owner[h]] &
                                ~(g->claims[0] | g->claims[1])) == 1;
}

/* The family's conditions of rule r (KA.4 opposite, TK.4 even, TK.3 and
 * QL.3 where a claim may be made), out of the seed games' path. */
static __attribute__((noinline)) bool
family_ok(const sow_setup *s, const sow_game *g, const sow_lap_rule *r, int h,
          int c)
{
    const int o = s->facing[h];
    if (o == SOW_POS_NONE && (r->opposite || sow_rule_acts_on_facing(r)))
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
    if (r->even && (r->even == 1 ? c % 2 : !even_ok(s, g, r, h, c)))
        return false; /* (TK.4 alone tested here) */
    if (r->position) {
        /* where h lies in its row, from that row's player's left */
        int i = s->from_left[h];
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

/* Whether lap-end rule r takes seeds off the opponent (MW.5). */
static bool rule_captures(const sow_lap_rule *r)
{
    switch (r->action) {
    case SOW_LAP_STOP:
    case SOW_LAP_RELAY:
    case SOW_LAP_HOOK:
    case SOW_LAP_EXTRA_TURN:
    case SOW_LAP_CLAIM:
    case SOW_LAP_CLOSE:
        return false;
    default:
        return true;
    }
}

bool sow_lap_captures(const sow_setup *s, const sow_game *g, int h, int c,
                      bool any_count)
{
    if (!any_count) {
        int i = rule_that_holds(s, g, h, c, true);
        return i >= 0 && rule_captures(&s->v->lap_rules[i]);
    }
    /* Ludii's reading of MW.5: a capturing rule's conditions on where h
     * lies and what is across from it, whatever h holds */
    for (uint32_t on = s->hole_rules_on; on; on &= on - 1) {
        const sow_lap_rule *r = &s->v->lap_rules[__builtin_ctz(on)];
        if (!rule_captures(r) ||
            (r->owner == SOW_OWNER_OWN && g->owner[h] != g->to_move) ||
            (r->owner == SOW_OWNER_OPPONENT && g->owner[h] == g->to_move))
            continue;
        if (family_ok(s, g, r, h, c))
            return true;
    }
    return false;
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

/* The first rule for claimed holes whose side and count match a lap
 * that ends in claimed hole h with c seeds (GB.3, GB.4, GA.6), or -1. */
static int claimed_index(const sow_setup *s, const sow_game *g, int h, int c)
{
    if (!s->claim_rules)
        return -1;
    const int side = sow_claimant(g, h) == g->to_move ? 1 : 2;
    for (int i = 0; i < s->v->nlap_rules; i++) {
        const sow_lap_rule *r = &s->v->lap_rules[i];
        if (((s->lap_rules_on >> i) & 1) && (r->on_claimed & side) &&
            (c < 63 ? (r->counts >> c) & 1 : r->counts_high))
            return i;
    }
    return -1;
}

/* A lap that ends in a claimed hole: that rule's action, else the move
 * ends (C1.4, P23). */
static int claimed_rule(const sow_setup *s, const sow_game *g, int h, int c)
{
    const int i = claimed_index(s, g, h, c);
    return i < 0 ? SOW_LAP_STOP : s->rule_action[i];
}

/* The rule that decided a lap's end in h, for narration: 1 + its index,
 * or 0 when none did; -(1 + i) when the lap relays because h, untouched
 * this round before its last seed, failed rule i's when.moved while its
 * count and owner fit (P86). */
static int rule_told(const sow_setup *s, const sow_game *g, int h, int c)
{
    if (s->claims && ((g->claims[0] | g->claims[1]) >> h) & 1)
        return 1 + claimed_index(s, g, h, c);
    int i = matching_rule(s, g, h, c);
    if (i >= 0 || !s->mark_moved || !sow_untouched(s, g, h))
        return 1 + i;
    const bool opp = g->owner[h] != g->to_move;
    for (i = 0; i < s->v->nlap_rules; i++) {
        const sow_lap_rule *r = &s->v->lap_rules[i];
        if ((((s->lap_rules_on & s->moved_rules) >> i) & 1) &&
            (c < 63 ? (r->counts >> c) & 1 : r->counts_high) &&
            !(r->owner == SOW_OWNER_OWN && opp) &&
            !(r->owner == SOW_OWNER_OPPONENT && !opp))
            return -(1 + i);
    }
    return 0;
}

static inline __attribute__((always_inline)) int
decide(const sow_setup *s, const sow_game *g, int h, int c, const bool fam)
{
    if (fam && s->claims && ((g->claims[0] | g->claims[1]) >> h) & 1)
        return claimed_rule(s, g, h, c); /* C1.4, P23; GB.4 */
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

/* end.cleared_each_lap (C2.7, AB.6): whether a row the end rule looks
 * at is empty as a lap ends: the mover's (cleared_own), the opponent's
 * (cleared_opp), or either's. The engine's end test after the move then
 * ends the game on the board of that moment. */
static __attribute__((noinline)) bool cleared_now(const sow_setup *s,
                                                  const sow_game *g)
{
    const int m = g->to_move;
    const uint64_t full = holding(g->board, s->holes, 1);
    bool mine = !(full & g->owns[m]), theirs = !(full & g->owns[1 - m]);
    return s->row_empty_end == 1   ? mine
         : s->row_empty_end == 2 ? theirs
                                  : mine || theirs;
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
    return s->cleared_each_lap && cleared_now(s, g);
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
        if (a >= SOW_LAP_TAKE_AT(0) &&
            a < SOW_LAP_TAKE_AT(SOW_MAX_LAP_RULES)) {
            /* GB.4, GA.5, GA.6: at most the rule's take: seeds of h */
            const sow_lap_rule *lr = &s->v->lap_rules[a - SOW_LAP_TAKE_AT(0)];
            int k = g->board[h] < lr->take ? g->board[h] : lr->take;
            g->board[h] = (uint16_t)(g->board[h] - k);
            g->captured[g->to_move] += k;
            g->on_board -= k;
            if (k)
                EMIT(obs, SOW_EV_CAPTURE, g->to_move, h, k, 0);
            if (lr->then_extra)
                g->move_flags |= SOW_MOVED_EXTRA_TURN;
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

/* The lap of a move a hook sees (g.lap) from sow_laps' count: relay laps
 * count every lap as it starts (Brent's count, P2); under single laps
 * the count is of the laps after the first, made where a lap is sown on
 * (a hook's relay, a resowing, then: next), so that the laps of most
 * moves pay nothing for it. */
#define LAP_OF(s, laps) ((s)->relay ? (laps) : (laps) + 1)

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
    return sow_apply_changes_seen(s, g, &ch, obs, err);
}

/* Ask the script; check what it returns before applying it. (A hook
 * that sows on in a variant of single laps is followed: such laps are not
 * watched for a move that never ends, P2, and a hook that always sows on
 * is stopped by the run's time limit, which the Lua bridge reads every
 * so many calls.) */
static __attribute__((noinline)) int
run_hook(const sow_setup *s, const sow_rules *r,
                    const sow_before *mv, const sow_observer *obs,
                    sow_game *g, int h, long lap, int from, bool *relay,
                    sow_error *err)
{
    const int c = g->board[h]; /* (the lap's count: nothing took it yet) */
    sow_lap_decision d;
    memset(&d, 0, SOW_LAP_DECISION_HEAD);
    d.extra_turn = -1;
    if (!r || !r->lap_end)
        return sow_error_set(err, s->v->path, 0, 0,
                             "a lap_end rule says hook but no lap_end hook "
                             "is available");
    /* the view's g.lap and g.hand (the hand is empty at a lap's end) */
    const sow_at at = {h, c, lap > 0 ? (int)lap : 1, 0, from};
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
    if ((d.open_set | d.take_set | d.out_set | d.close_set) &&
        hook_more(s, obs, g, &d, seen, err))
        return SOW_ERR;
    if (d.extra_turn >= 0) /* C1.3: the hook's say on another turn */
        g->move_flags = d.extra_turn
                            ? (uint8_t)(g->move_flags | SOW_MOVED_EXTRA_TURN)
                            : (uint8_t)(g->move_flags &
                                        ~SOW_MOVED_EXTRA_TURN);
    *relay = d.relay;
    return SOW_OK;
}

/* What drop_seed did with a seed: an error, the hole passed over (the
 * seed kept in hand), the seed dropped where the data drops it, out of
 * play, or in player p's store (DROP_STORE + p). */
enum { DROP_FAILED = -1, DROP_PASSED, DROP_HERE, DROP_OUT, DROP_STORE };

/* A hand the drop hook passes on round after round (the view is the same
 * each time round, so it would for ever). */
static __attribute__((noinline, cold)) int no_drop(const sow_setup *s,
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
 * one counted), and take a seed
 * that leaves the hand off the board: into a store (C1.2) or out of
 * play, added to the mover's captured (C1.13). */
static __attribute__((noinline)) int
drop_seed(const sow_setup *s, const sow_rules *r, const sow_before *mv,
          const sow_observer *obs, sow_game *g, int h, long lap, int hand,
          int from, sow_error *err)
{
    const int mover = g->to_move;
    sow_drop d = {SOW_DROP_SOW, 0};
    const sow_at at = {h, g->board[h], lap > 0 ? (int)lap : 1, hand, from};
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
            if (laps > s->max_laps) {
                memcpy(b, w, sizeof w);
                return lap_cap(s, g, hole, err);
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
        if (run_hook(s, r, mv, NULL, g, h, laps, origin, &relay, err))
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
            if (laps > s->max_laps) {
                memcpy(b, w, bytes);
                return lap_cap(s, g, hole, err);
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
        if (run_hook(s, r, mv, NULL, g, h, laps, origin, &relay, err))
            return SOW_ERR;
        if (!relay || b[h] == 0)
            return SOW_OK;
        seeds = b[h];
        b[h] = 0;
        origin = h;
        memcpy(w, b, bytes);
    }
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

/* The laps of a move (sow_sow without the grand-slam reading), inlined
 * into sow_sow, the hot path of every game: one loop over laps whose
 * state (board, hand, origin, Brent's saved lap, the store the last seed
 * fell in) stays in registers; split into calls it cost the seed games
 * 5-10% more instructions (callgrind on sow bench).
 * (long: the sowing machine's hot loop, kept whole for speed) */
static inline __attribute__((always_inline)) int
sow_laps(const sow_setup *s, const sow_rules *r, const sow_before *mv,
         const sow_observer *obs, sow_game *g, int hole, bool *endless,
         sow_error *err, const bool fam, const bool drops)
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
    uint64_t saved_moved = 0; /* so are the holes touched (P86): a lap end
                                 that relayed from an untouched hole may
                                 claim it when the board comes round */
    int saved_pending = -1, saved_cap = -1; /* and a resowing lap's */
    long power = 1, lam = 0, laps = 0;
    for (;;) {
        if (s->relay) {
            if (laps > 0 && seeds == saved_seeds && origin == saved_origin &&
                (!fam || (g->blocked == saved_blocked &&
                          g->moved == saved_moved &&
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
                saved_moved = g->moved;
                saved_pending = pending;
                saved_cap = cap_hole;
            }
            if (++laps > s->max_laps)
                return lap_cap(s, g, hole, err);
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
            if (drops) {
                /* the script's drop hook (issue 24): drop here, pass
                 * the hole, or the seed to a store or out of play */
                const int k = drop_seed(s, r, mv, obs, g, h,
                                        LAP_OF(s, laps), seeds,
                                        pending >= 0 ? -1 : origin, err);
                if (k == DROP_FAILED)
                    return SOW_ERR;
                if (k == DROP_PASSED) {
                    if (seeds != skip_hand) {
                        skip_hand = seeds;
                        skipped = 0;
                    }
                    if (++skipped > SOW_POS_COUNT)
                        return no_drop(s, err);
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
                       ? rule_told(s, g, h, c) /* (claims, P86: apart) */
                       : 1 + matching_rule(s, g, h, c);
        bool relay = false;
        if (a == SOW_LAP_HOOK) {
            if (run_hook(s, r, mv, obs, g, h, LAP_OF(s, laps),
                         pending >= 0 ? -1 : origin, &relay, err))
                return SOW_ERR;
        }
        if (obs && obs->on_event && !obs->captures_only) {
            sow_event ev = {SOW_EV_LAP_END, mover, h, c,
                            a == SOW_LAP_HOOK ? (relay ? SOW_LAP_RELAY
                                                       : SOW_LAP_STOP)
                            : a == SOW_LAP_TWO_OUT_SERIES ||
                                      a == SOW_LAP_TWO_OUT_RELAY
                                ? SOW_LAP_CAPTURE_TWO_OUT
                            : a == SOW_LAP_PAIR_SERIES ? SOW_LAP_CAPTURE_PAIR
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
            pending = s->resow_then[a - SOW_LAP_ACROSS_AT(0)];
            laps += !s->relay; /* (LAP_OF) */
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
            laps += !s->relay; /* (LAP_OF) */
            EMIT(obs, SOW_EV_LIFT, mover, h, seeds, 0);
            continue;
        }
        /* (the capture of a rule with then: relay is made in the test,
         * after the plain relay's, which most laps are) */
        if (a == SOW_LAP_RELAY || a == SOW_LAP_CLOSE ||
            (fam && capture_then_relay(s, obs, g, h, a)) ||
            (a == SOW_LAP_HOOK && relay && (laps += !s->relay, true))) {
            if (b[h] == 0)
                return SOW_OK; /* the hook captured the relay hole */
            if (fam && s->relay_watch &&
                (s->relay_watch == 1 ? cleared_now(s, g)
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
                 ? sow_laps(s, r, mv, obs, g, hole, endless, err, true, false)
             : s->fam_route == SOW_ROUTE_SLAMMED
                 ? sow_slammed(s, r, mv, obs, g, hole, endless, err)
                 : sow_dropping(s, r, mv, obs, g, hole, endless, err);
    if (rc == SOW_OK && s->after_laps && !*endless)
        after_laps(s, g, obs);
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
    if (!s->plain_turns) {
        /* (one test for the family's usual moves: turns of choices and
         * seeds from the hand come with odd turns, sow_setup.c) */
        if (__builtin_expect(s->odd_turns, 0)) {
            if (s->ends_turns) /* BK: turns of choices */
                return sow_ends_sow(s, obs, g, hole, endless);
            if (g->placing && place(obs, g, hole, endless))
                return SOW_OK; /* a seed from the hand, nothing sown (MW.2) */
        }
        return sow_family(s, r, mv, obs, g, hole, endless, err);
    }
    return sow_laps(s, r, mv, obs, g, hole, endless, err, false, false);
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
    return sow_laps(s, r, mv, obs, g, hole, endless, err, true, true);
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
              : sow_laps(s, r, mv, &spy, g, hole, endless, err, true, false))
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
