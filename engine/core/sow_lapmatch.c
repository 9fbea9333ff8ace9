/* sow_lapmatch.c - which lap-end rule holds where a lap ends (docs/rules.md
 * C0.3; the family's conditions C1.4, C2.5, TK.3, TK.4, KA.4, MO.4, P86):
 * the rules' conditions in full, out of the laps' hot loop, which asks
 * them through sow_laps_int.h's decide only where its table of actions
 * cannot answer. */
#include "sow_laps_int.h"

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
uint64_t sow_claim_targets(const sow_setup *s, const sow_game *g,
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
    const uint64_t m = sow_claim_targets(s, g, c, h);
    if (m & (g->claims[0] | g->claims[1] | g->blocked))
        return false; /* C1.4: never claimed twice; C1.5 */
    const int k = __builtin_popcountll(m);
    for (uint64_t x = m; x; x &= x - 1)
        if (!claim_ok(s, g, c, __builtin_ctzll(x), k - 1))
            return false;
    return true;
}


/* when.across: the facing hole holds seeds (MO.4), both it and the
 * hole behind it do (MW.6, HU.5), or either does (IS.5, AB.5). */
static bool across_holds(const sow_setup *s, const sow_game *g, int h,
                         int want)
{
    bool f = sow_across_seeds(s, g, s->facing[h]) > 0;
    bool b = sow_across_seeds(s, g, s->behind[h]) > 0;
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
bool sow_family_ok(const sow_setup *s, const sow_game *g, const sow_lap_rule *r,
                   int h, int c)
{
    const int o = s->facing[h];
    if (o == SOW_POS_NONE && (r->opposite || sow_rule_acts_on_facing(r)))
        return false; /* C2.5: nothing faces an outer hole */
    if (r->opposite >= 3) {
        if (g->board[o] != (r->opposite == 3 ? r->opposite_count : c))
            return false; /* LL.5: exactly that many opposite; issue 24
                             (same): as many as h */
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
        if (sow_family_ok(s, g, r, h, c))
            return true;
    }
    return false;
}

/* The first rule for claimed holes whose side and count match a lap
 * that ends in claimed hole h with c seeds (GB.3, GB.4, GA.6), or -1. */
int sow_claimed_index(const sow_setup *s, const sow_game *g, int h, int c)
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

/* The rule that decided a lap's end in h, for narration: 1 + its index,
 * or 0 when none did; -(1 + i) when the lap relays because h, untouched
 * this round before its last seed, failed rule i's when.moved while its
 * count and owner fit (P86). */
int sow_rule_told(const sow_setup *s, const sow_game *g, int h, int c)
{
    if (s->claims && ((g->claims[0] | g->claims[1]) >> h) & 1)
        return 1 + sow_claimed_index(s, g, h, c);
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
