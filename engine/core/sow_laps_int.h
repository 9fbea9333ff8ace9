/* sow_laps_int.h - what the laps of the sowing machine share inside
 * engine/core: the machine (sow_sow.c), its word paths (sow_fastlaps.c),
 * the lap-end rule matching (sow_lapmatch.c), the captures across
 * (sow_across.c) and the script's say during a sowing
 * (sow_laphook.c). The hot pieces are inline here, so that every copy of
 * the laps has its own without a call: the choice of a lap-end action
 * (decide), taking seeds (take, capture) and carrying out the actions that
 * end a move (end_lap). */
#ifndef SOW_LAPS_INT_H
#define SOW_LAPS_INT_H

#include <stddef.h>
#include <string.h>

#include "sow_game.h"
#include "sow_sow_int.h"

/* ---- sow_lapmatch.c ---------------------------------------------------- */

/* The family's conditions of lap-end rule r where a lap ends in h with c
 * seeds (KA.4 opposite, TK.4 even, TK.3 and QL.3 claims, C2.5 across and
 * rows, positions), out of the seed games' path. */
bool sow_family_ok(const sow_setup *s, const sow_game *g,
                   const sow_lap_rule *r, int h, int c);

/* The first rule for claimed holes whose side and count match a lap that
 * ends in claimed hole h with c seeds (GB.3, GB.4, GA.6), or -1. */
int sow_claimed_index(const sow_setup *s, const sow_game *g, int h, int c);

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
            sow_family_ok(s, g, r, h, c))
            return i;
    }
    return -1;
}

/* (each copy a function of its own in the file that sows: a call to a
 * function of the same file keeps more registers, and the laps hold many) */
static __attribute__((noinline, unused)) int
family_rule(const sow_setup *s, const sow_game *g, int h, int c)
{
    return rule_that_holds(s, g, h, c, true);
}

static __attribute__((noinline, unused)) int
plain_rule(const sow_setup *s, const sow_game *g, int h, int c)
{
    return rule_that_holds(s, g, h, c, false);
}

/* A lap that ends in a claimed hole: that rule's action, else the move
 * ends (C1.4, P23). */
static inline int sow_claimed_rule(const sow_setup *s, const sow_game *g, int h, int c)
{
    const int i = sow_claimed_index(s, g, h, c);
    return i < 0 ? SOW_LAP_STOP : s->rule_action[i];
}

/* The rule that decided a lap's end in h, for narration: 1 + its index,
 * 0 when none did, -(1 + i) when rule i's when.moved failed (P86). */
int sow_rule_told(const sow_setup *s, const sow_game *g, int h, int c);

/* The holes claim c names from the lap's last hole h, as a mask (C1.4). */
uint64_t sow_claim_targets(const sow_setup *s, const sow_game *g,
                           const sow_claim *c, int h);

/* (each copy a function of its own, chosen where the lap ends, so that
 * the seed games' copy makes no further call and saves no registers) */
static inline __attribute__((always_inline)) int
matching_rule(const sow_setup *s, const sow_game *g, int h, int c)
{
    return s->rule_family ? family_rule(s, g, h, c) : plain_rule(s, g, h, c);
}

/* The lap-end action: a sow_lap_action, SOW_LAP_CHAIN_AT(i) for the
 * chain of rule i, or one of the combined actions (rule_action, set up
 * once in sow_setup_rules.c). */
static inline __attribute__((always_inline)) int
decide_rules(const sow_setup *s, const sow_game *g, int h, int c)
{
    int i = matching_rule(s, g, h, c);
    if (i < 0)
        return s->relay ? SOW_LAP_RELAY : SOW_LAP_STOP;
    return s->rule_action[i];
}

static inline __attribute__((always_inline)) int
decide(const sow_setup *s, const sow_game *g, int h, int c, const bool fam)
{
    if (fam && s->claims && ((g->claims[0] | g->claims[1]) >> h) & 1)
        return sow_claimed_rule(s, g, h, c); /* C1.4, P23; GB.4 */
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

/* ---- sow_across.c ------------------------------------------------------ */

/* The opponent's seeds in hole x across from a lap's end (C2.5): 0 for
 * SOW_POS_NONE, a hole the mover owns or a claimed one. */
int sow_across_seeds(const sow_setup *s, const sow_game *g, int x);
/* do: capture_across (C2.5): the holes across from h to the mover's
 * store; returns how many held seeds. */
int sow_capture_across(const sow_setup *s, const sow_observer *obs,
                       sow_game *g, int h);
/* extra: chosen (NS.6): the opponent's hole the move chose. */
void sow_extra_chosen(const sow_setup *s, const sow_observer *obs,
                      sow_game *g);
/* A resowing across capture (C2.5): the seeds across from h lifted into
 * the mover's hand; returns how many. */
int sow_lift_across(const sow_setup *s, const sow_observer *obs,
                    sow_game *g, int h);
/* ---- the actions that end a move --------------------------------------- */

/* (static in each file that carries out lap ends, out of line as the
 * compiler made them when they shared sow_sow.c: a call to a function of
 * the same file keeps more registers, and the laps hold many) */
/* The chain of lap-end rule i from the lap's last hole h (B.4; see
 * sow_chain): each hole is looked at once, at most one round, and never h
 * again after the start; at most ch->max holes taken where it is set.
 * Returns the holes taken, counted only where `capped`. */
static inline __attribute__((always_inline)) int
chain_from(const sow_setup *s, const sow_observer *obs, sow_game *g, int h,
           int i, const bool claims, const bool capped)
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
    /* max: the most holes it takes, counted only in the copy made for
     * chains with a cap (`capped`): the others (Oware's) pay nothing */
    const int most = ch->max;
    int taken = 0;
    for (int k = ch->from_last ? 0 : 1; k < s->holes; k++, x = step[x]) {
        if ((ch->owner == SOW_OWNER_OWN && g->owner[x] != mover) ||
            (ch->owner == SOW_OWNER_OPPONENT && g->owner[x] == mover) ||
            (claims && ((claimed >> x) & 1)))
            return taken;
        int c = g->board[x];
        if (c < 63 ? (ch->counts >> c) & 1 : ch->counts_high) {
            if (claims)
                capture(obs, g, x);
            else if (c)
                take(obs, g, x, mover, 0);
            if (capped && ++taken == most)
                return taken;
        } else if (c != 0 || !skip)
            return taken;
    }
    return taken;
}

/* The copies of the chain with claimed holes, a cap or and_last, out of
 * the plain copy's way (its register allocation is the seed games' hot path). */
static __attribute__((noinline, cold, unused)) void
chain_other(const sow_setup *s, const sow_observer *obs, sow_game *g,
            int h, int i)
{
    const sow_chain *ch = &s->v->lap_rules[i].chain;
    int taken;
    if (s->chain_copy[i] == SOW_CHAIN_CLAIMS)
        taken = chain_from(s, obs, g, h, i, true, ch->max || ch->and_last);
    else
        taken = chain_from(s, obs, g, h, i, false, true);
    if (ch->and_last && taken) /* and_last (PICKFINAL): then h itself */
        capture(obs, g, h);
}

/* (the seed games claim no hole: their copy has no claimed-hole tests) */
static __attribute__((noinline, unused)) void
chain(const sow_setup *s, const sow_observer *obs, sow_game *g,
                  int h, int i)
{
    if (__builtin_expect(s->chain_copy[i] != SOW_CHAIN_PLAIN, 0)) {
        chain_other(s, obs, g, h, i);
        return;
    }
    chain_from(s, obs, g, h, i, false, false);
}

/* A hole holding as many seeds as the one facing it, neither claimed
 * (issue 24's pairs, MancalaGames' MATCH_OPP): a hole already taken holds
 * none, and so ends a way. */
static inline bool same_pair(const sow_setup *s, const sow_game *g, int x)
{
    const int o = s->facing[x];
    return o != SOW_POS_NONE && g->board[x] > 0 &&
           g->board[x] == g->board[o] &&
           !(((g->claims[0] | g->claims[1]) >> x) & 1) &&
           !(((g->claims[0] | g->claims[1]) >> o) & 1);
}

/* capture_pair with opposite: same and pairs: (issue 24, Centering's
 * CE.3): h and the hole facing it (checked by the rule's condition),
 * then up to pairs_fwd holes along the sowing and pairs_back against it,
 * each with the hole facing it, each way up to the first hole that does
 * not hold as many as its facing one. */
static bool
capture_same_pairs(const sow_setup *s, const sow_observer *obs, sow_game *g,
                   int h, const sow_lap_rule *r)
{
    if (!same_pair(s, g, h))
        return true; /* (a claimed hole: nothing is taken, as KA.4's) */
    capture(obs, g, s->facing[h]);
    capture(obs, g, h);
    const uint8_t *way[2] = {s->nexts[g->move_dir], s->prevs[g->move_dir]};
    const int most[2] = {r->pairs_fwd, r->pairs_back};
    for (int w = 0; w < 2; w++) {
        int x = way[w][h];
        for (int k = 0; k < most[w] && same_pair(s, g, x); k++) {
            capture(obs, g, s->facing[x]);
            capture(obs, g, x);
            x = way[w][x];
        }
    }
    return true;
}

/* capture_pair (KA.4): the hole facing h, then h itself; nothing when
 * the facing hole is claimed (C1.4: the pair is one capture). With
 * `series`, then along the sowing while the next hole is the mover's
 * and empty and the hole facing it holds seeds, unclaimed: those seeds
 * too. */
static __attribute__((noinline, unused)) bool
capture_pairs(const sow_setup *s, const sow_observer *obs,
                       sow_game *g, int h, bool series)
{
    if (series && s->pairs_rules) {
        /* issue 24: the rule that ended the lap (h not yet taken), for
         * its pairs: */
        const int i = matching_rule(s, g, h, g->board[h]);
        if (i >= 0 && ((s->pairs_rules >> i) & 1))
            return capture_same_pairs(s, obs, g, h, &s->v->lap_rules[i]);
    }
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

/* The capture of a rule with then: relay, made before h is lifted and
 * sown on: the hole facing h (TG.2, P37) or the hole after the next (a
 * capture across a gap). False for every other action. */
static __attribute__((noinline, unused)) bool
capture_then_relay(const sow_setup *s,
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
        sow_capture_across(s, obs, g, h); /* AB.5: then h is sown on */
        return true;
    }
    if (a != SOW_LAP_TWO_OUT_RELAY)
        return false;
    const uint8_t *nx = s->nexts[g->move_dir];
    capture(obs, g, step_over(s, g, nx, step_over(s, g, nx, h)));
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
            int taken = sow_capture_across(s, obs, g, h);
            if (lr->take_last)
                capture(obs, g, h);
            if (lr->extra_choice && taken == 2)
                sow_extra_chosen(s, obs, g); /* NS.6 */
            return true;
        }
        if (a >= SOW_LAP_CLAIM_AT(0) &&
            a < SOW_LAP_CLAIM_AT(SOW_MAX_LAP_RULES)) {
            /* C1.4: the holes the rule's claim.holes names, together
             * (checked by the rule's condition) */
            const sow_claim *c = &s->v->lap_rules[a - SOW_LAP_CLAIM_AT(0)].claim;
            for (uint64_t m = sow_claim_targets(s, g, c, h); m; m &= m - 1) {
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
        if (a >= SOW_LAP_ALL_AT(0) && a < SOW_LAP_ALL_AT(SOW_MAX_LAP_RULES)) {
            /* every hole of the rule's side holding one of its counts,
             * wherever it lies (MancalaGames' PICKOPPBASIC) */
            const sow_chain *ch = &s->v->lap_rules[a - SOW_LAP_ALL_AT(0)].chain;
            for (int x = 0; x < s->holes; x++) {
                int k = g->board[x];
                bool side = ch->owner == SOW_OWNER_ANY ||
                             (g->owner[x] == g->to_move) ==
                                 (ch->owner == SOW_OWNER_OWN);
                if (side && (k < 63 ? (ch->counts >> k) & 1 : ch->counts_high))
                    capture(obs, g, x);
            }
            return true;
        }
        return false;
    }
}

/* ---- sow_laphook.c ----------------------------------------------------- */

/* What a lap_end hook says of the move after its lap (issue 24), as one
 * integer that stays in a register of the laps: 0 the move ends; else
 * 1 + the hole the next lap lifts (the lap's last for "relay") + 128 *
 * (1 + the sow_dir it sows in, or 0: the move's way so far). */
#define SOW_NEXT_STOP 0
static inline int sow_next_code(int from, int dir)
{
    return from < 0 ? SOW_NEXT_STOP : 1 + from + 128 * (1 + dir);
}
static inline int sow_next_from(int k) { return (k & 127) - 1; }
static inline int sow_next_dir(int k) { return (k >> 7) - 1; }

/* Whether a hook's next lap is one the word paths and the copies of the
 * laps other than sow_laps_next's cannot sow: from another hole than the
 * lap's last (h), or in another direction. */
static inline bool sow_next_elsewhere(int k, int h)
{
    return k != SOW_NEXT_STOP && k != 1 + h;
}

/* Ask the lap_end hook of a lap that ended in h (lap `lap`, lifted from
 * `from` or -1), check its answer and apply it; returns SOW_ERR, or where
 * the move goes on (sow_next_code). */
int sow_run_hook(const sow_setup *s, const sow_rules *r,
                 const sow_before *mv, const sow_observer *obs, sow_game *g,
                 int h, long lap, int from, sow_error *err);
/* The same without an observer (the word paths). */
int sow_run_hook_quiet(const sow_setup *s, const sow_rules *r,
                       const sow_before *mv, sow_game *g, int h, long lap,
                       int from, sow_error *err);
/* The same where the variant has a drop hook, whose copy of the laps
 * keeps the seeds the lap set out with: the view's g.lifted (the other
 * copies would spend a register on it for every lap). */
int sow_run_hook_lifted(const sow_setup *s, const sow_rules *r,
                        const sow_before *mv, const sow_observer *obs,
                        sow_game *g, int h, long lap, int from, int lifted,
                        sow_error *err);

/* The rest of a move whose lap_end hook named a next lap elsewhere
 * (sow_next_elsewhere: code k), from the word paths or the other copies
 * of the laps (sow_sow.c): its own copy of the laps goes on, the only one
 * that turns or moves laps, `laps` laps sown so far, `bear` whether
 * bear-off applies to the move. */
int sow_laps_next(const sow_setup *s, const sow_rules *r,
                  const sow_before *mv, const sow_observer *obs, sow_game *g,
                  int k, long laps, bool bear, bool *endless,
                  sow_error *err);

/* What sow_drop_seed did with a seed: an error, the hole passed over (the
 * seed kept in hand), the seed dropped where the data drops it, out of
 * play, or in player p's store (DROP_STORE + p). */
enum { DROP_FAILED = -1, DROP_PASSED, DROP_HERE, DROP_OUT, DROP_STORE };

/* Ask the drop hook of the seed about to fall in h; a seed that leaves
 * the hand is taken off the board. */
int sow_drop_seed(const sow_setup *s, const sow_rules *r,
                  const sow_before *mv, const sow_observer *obs, sow_game *g,
                  int h, long lap, int hand, int from, int lifted,
                  sow_error *err);

/* The error of a hand the drop hook passes on round after round. */
__attribute__((cold)) int sow_no_drop(const sow_setup *s, sow_error *err);

/* ---- sow_fastlaps.c ---------------------------------------------------- */

/* The error of a move that reached the lap cap (P2). */
__attribute__((cold)) int sow_lap_cap(const sow_setup *s, sow_game *g,
                                      int hole, sow_error *err);

/* The relay laps of move mv->origin on words: boards of up to 16 holes
 * (sow_fast16) and of 17 to 64 (sow_fastw). */
int sow_fast16(const sow_setup *s, const sow_rules *r, const sow_before *mv,
               sow_game *g, bool *endless, sow_error *err);
int sow_fastw(const sow_setup *s, const sow_rules *r, const sow_before *mv,
              sow_game *g, bool *endless, sow_error *err);

#endif
