/* sow_setup_rules.c - the setup of the rules over the board: the two-row
 * family's data and its rounds (C1.x, C1.6), the lap-end rules in force
 * and the actions the fast paths look up, and which quick paths of the
 * machine, the legal moves and the search apply (sow_setup.c sets up the
 * board, its tracks and start, and calls these in its order). */
#include <string.h>

#include "sow_game.h"
#include "sow_setup_int.h"
#include "sow_sow_int.h"

/* C1.6: the rules of the rounds (a variant played in rounds). */
static void setup_rounds(sow_setup *s, const sow_variant *v,
                         const sow_optset *opts)
{
    s->round_seeds = (int)sow_expr_eval(&v->round_seeds, opts);
    s->round_min_holes = (int)sow_expr_eval(&v->round_min_holes, opts);
    s->round_fill = (int)sow_expr_eval(&v->round_fill, opts);
    if (s->round_fill == 3) /* own_left */
        s->round_fill = SOW_FILL_LEFT;
    s->round_rest_smaller = v->round_rest_smaller;
    s->round_starter = (int)sow_expr_eval(&v->round_starter, opts);
    /* each word is a rule after a round won and one after a draw */
    static const int after_draw[] = {
        [SOW_START_ALTERNATE] = SOW_START_ALTERNATE,
        [SOW_START_LOSER] = SOW_START_LAST_MOVER, /* LL.7 */
        [SOW_START_LAST_MOVER] = SOW_START_LAST_MOVER,
        [SOW_START_WINNER] = SOW_START_ALTERNATE};
    s->start_decided = s->round_starter;
    s->start_draw = after_draw[s->round_starter & 3];
    if (v->round_start_decided >= 0) {
        s->start_decided = v->round_start_decided;
        s->start_draw = v->round_start_draw;
    }
    /* (fresh and territory rounds refill every hole: none blocked) */
    s->round_block = sow_expr_eval(&v->round_block, opts) != 0 &&
                     !v->round_fresh && !v->round_territory;
    s->round_loser_only = v->round_loser_only;
    s->round_fresh = v->round_fresh;
    s->round_layout = (int)sow_expr_eval(&v->round_layout, opts);
    s->round_wins = v->round_wins;
    if (v->round_points) { /* UR.6 */
        s->round_points = (int)sow_expr_eval(&v->round_to_win, opts);
        s->round_double_from =
            (int)sow_expr_eval(&v->round_double_from, opts);
    }
    if (v->round_totals) /* the rounds' totals added up (issue 24) */
        s->round_totals = (int)sow_expr_eval(&v->round_totals_to_win, opts);
    s->round_territory = v->round_territory;
    s->round_loser_below = v->round_loser_below;
    s->round_owned = v->round_owned; /* GA.8, GA.9 */
    s->round_borrow = sow_expr_eval(&v->round_borrow, opts) != 0;
    s->round_borrow_alone = sow_expr_eval(&v->round_borrow_alone, opts) != 0;
    s->round_lose_at_most = v->round_lose_at_most;
    if (s->round_owned)
        s->round_block = false; /* (every hole is filled, GA.9) */
}

/* The two-row family's data (C1.x): stores on the track and
 * where they lie, filters, claims, closed holes, the threshold and the
 * rest; then which quick paths of the machine still apply. */
void sow_setup_family(sow_setup *s, const sow_variant *v,
                      const sow_optset *opts)
{
    /* C1.2: South's store lies between N-1 and N, North's between 2N-1
     * and 0, whichever way the sowing runs */
    s->track = (int)sow_expr_eval(&v->stores_on_track, opts);
    for (int d = 0; d < 2; d++)
        for (int i = 0; i < s->holes; i++) {
            int a = i, b = s->nexts[d][i];
            uint8_t *st = &s->store_afters[d][i];
            *st = 255;
            if (s->track == SOW_TRACK_NONE)
                continue;
            if ((a == s->n - 1 && b == s->n) || (a == s->n && b == s->n - 1))
                *st = 0;
            if ((a == s->holes - 1 && b == 0) || (a == 0 && b == s->holes - 1))
                *st = 1;
        }
    memcpy(s->store_after, s->store_afters[s->dir], sizeof s->store_after);
    s->plain_drops = s->track == SOW_TRACK_NONE;
    s->grand_slam = (int)sow_expr_eval(&v->grand_slam, opts);
    s->feeding_slam = sow_expr_eval(&v->feeding_slam, opts) != 0;
    s->must_feed = (int)sow_expr_eval(&v->must_feed, opts);
    s->feed_by_hole = sow_expr_eval(&v->feed_by_hole, opts) != 0;
    s->singletons_last = v->singletons_last;
    s->no_moves_lose = sow_expr_eval(&v->no_moves_lose, opts) != 0;
    s->max_laps = SOW_MAX_LAPS;
    s->word_laps = SOW_WORD_LAPS;
    s->no_score = sow_expr_eval(&v->no_score, opts) != 0;
    s->singles_to_empty = v->singles_to_empty;
    s->no_sides = v->no_sides;
    /* C1.4: holes are claimed by a lap-end rule, or by the script's
     * hooks (board.claims) */
    s->claims = v->claims;
    for (int i = 0; i < v->nlap_rules; i++)
        s->claims |= v->lap_rules[i].action == SOW_LAP_CLAIM;
    s->claim_to_store = sow_expr_eval(&v->claim_seeds, opts) != 0;
    s->claimed_only = v->claimed_only; /* GA.7, GA.L2 */
    s->keep_empty_claims = sow_expr_eval(&v->keep_empty_claims, opts) != 0;
    s->origin_first = v->origin_first;
    s->no_undo = sow_expr_eval(&v->no_undo, opts) != 0;
    s->no_undo_capture = v->no_undo_capture;
    s->closes = v->closes; /* C1.5: by the script's hooks (board.closes) */
    for (int i = 0; i < v->nlap_rules; i++)
        s->closes |= v->lap_rules[i].action == SOW_LAP_CLOSE;
    if (s->closes)
        s->plain_drops = false;
    if (s->claims || s->origin_first)
        s->plain_drops = false; /* the word paths know neither */
    s->threshold = sow_expr_eval(&v->threshold_if, opts)
                       ? (int)sow_expr_eval(&v->threshold, opts)
                       : -1;
    s->rest = (int)sow_expr_eval(&v->rest, opts);
    if (s->rest == 5) /* owner: own_row's other name (MO.5) */
        s->rest = SOW_REST_OWN_ROW;
    s->rest_odd = (int)sow_expr_eval(&v->rest_odd, opts);
    s->rest_fed = (int)sow_expr_eval(&v->rest_fed, opts);
    if (s->rest_fed == 5) /* owner: own_row's other name (MO.5) */
        s->rest_fed = SOW_REST_OWN_ROW;
    /* C1.6: rounds */
    s->rounds = v->rounds;
    if (v->rounds)
        setup_rounds(s, v, opts);
    if (s->threshold == SOW_THRESHOLD_HALF) /* half of all the seeds */
        s->threshold = s->total / 2;
    if (s->threshold == SOW_THRESHOLD_REFILL) /* P41 */
        s->threshold = s->total - s->round_min_holes * s->round_seeds;
    /* (once `half` and `refill` are numbers) */
    s->threshold_sweep = s->threshold >= 0 &&
                         sow_expr_eval(&v->threshold_sweep, opts) != 0;
    s->relay_next = v->relay_next;
    s->count_last = v->singletons_last ? 1 : v->count_last;
    s->skip_count = v->skip_count;
    s->skip_count_owner = v->skip_count_owner;
    s->first_to_store = v->first_to_store;
    s->first_keep = v->first_keep;
    s->reach_max = v->reach_max;
    s->not_opposite = v->not_opposite;
    s->not_opposite_high = v->not_opposite_high;
    for (int i = 0; i < v->nlap_rules; i++) {
        const sow_lap_rule *r = &v->lap_rules[i];
        s->claim_rules |= r->on_claimed != 0;
    }
    s->first_plain = v->first_plain;
    for (int i = 0; i < v->nlap_rules; i++)
        if (v->lap_rules[i].pick_extra && !s->pick_extra)
            s->pick_extra = v->lap_rules[i].pick_extra;
    s->row_empty_end = (int)sow_expr_eval(&v->row_empty, opts);
    if (s->row_empty_end == 3) /* no_moves: no cleared-row end */
        s->row_empty_end = 0;
    s->cleared_winner = (int)sow_expr_eval(&v->cleared_winner, opts);
    s->no_moves_either = sow_expr_eval(&v->either_stuck, opts) != 0;
    s->cleared_each_lap = s->row_empty_end &&
                          sow_expr_eval(&v->cleared_each_lap, opts) != 0;
    s->sow_capture = v->sow_capture;
    s->sow_capture_last = v->sow_capture_last;
    s->sow_capture_own = v->sow_capture_own;
    s->first_dir = v->first_dir;
    s->last_seeds = sow_expr_eval(&v->last_seeds_if, opts)
                        ? (int)sow_expr_eval(&v->last_seeds, opts)
                        : 0;
    /* C1.5: blocked holes are stepped over by look-ups, NB's closed
     * holes are not (NB.2) */
    s->look_blocked = s->round_block && !v->closed_out_of_play;
    /* (then: relay, TG.2, is known to the word paths) */
    s->drop_hook = v->hook_fn[SOW_HOOK_DROP] != NULL; /* issue 24 */
    s->fam_route = s->drop_hook                          ? SOW_ROUTE_DROPPING
                   : s->grand_slam == SOW_SLAM_CAPTURE ? SOW_ROUTE_LAPS
                                                       : SOW_ROUTE_SLAMMED;
    if (s->round_block || s->relay_next || s->sow_capture ||
        s->skip_count || s->drop_hook || s->first_plain ||
        s->first_to_store)
        s->plain_drops = false; /* the word paths know none of these */
}

/* What follows each lap-end rule's resowing (C2.5): resow.then, which may
 * name an option (MW.9). */
void sow_setup_resow(sow_setup *s, const sow_variant *v,
                     const sow_optset *opts)
{
    /* (the loader's words: lap_end, stop, relay, last_seed = lap_end,
     * capturing_hole = relay) */
    static const uint8_t then_of[] = {
        SOW_RESOW_THEN_LAP_END, SOW_RESOW_THEN_STOP, SOW_RESOW_THEN_RELAY,
        SOW_RESOW_THEN_LAP_END, SOW_RESOW_THEN_RELAY};
    for (int i = 0; i < v->nlap_rules; i++) {
        long w = sow_expr_eval(&v->resow_then[i], opts);
        s->resow_then[i] = then_of[w >= 0 && w < 5 ? w : 0];
    }
}

/* Which shortcuts the sowing machine, the legal moves and the search may
 * take for this setup (the four seed games take them all). */
void sow_setup_paths(sow_setup *s, const sow_variant *v)
{
    bool extra = false;
    for (int i = 0; i < v->nlap_rules; i++)
        extra |= v->lap_rules[i].in_store ||
                 v->lap_rules[i].action == SOW_LAP_EXTRA_TURN ||
                 v->lap_rules[i].then_relay; /* captured in the family's
                                                path only */
    s->plain_turns = !extra && s->threshold < 0 &&
                     s->must_feed == SOW_FEED_OFF && !s->singletons_last &&
                     !s->singles_to_empty &&
                     !s->no_undo && !s->no_sides && !s->claims &&
                     !s->closes && s->grand_slam == SOW_SLAM_CAPTURE &&
                     s->track == SOW_TRACK_NONE &&
                     s->dir_rule == SOW_DIR_FIXED && !s->origin_first &&
                     !s->first_to_store &&
                     !s->rounds && !s->relay_next && !s->sow_capture &&
                     s->last_seeds <= 0 && !s->row_empty_end &&
                     !s->no_moves_either &&
                     !s->count_last && !s->first_keep && !s->pick_extra &&
                     !s->reach_max && !s->not_opposite &&
                     !s->not_opposite_high && !s->claim_rules &&
                     !s->claimed_only && !s->round_owned &&
                     !s->ends_turns && s->plain_drops;
    s->plain_holes = !s->no_sides && !s->claims && !s->closes;
    s->track_bare = !s->pass_on && !s->skip_origin && !s->skip_count &&
                    !s->sow_capture && !s->drop_hook;
    for (int p = 0; p < 2; p++)
        for (int d = 0; d < 2; d++)
            for (int h = 0; h < s->holes; h++)
                if (s->tracks[p][d][h] != SOW_POS_NONE &&
                    s->tracks[p][d][h] >= SOW_POS_STORE)
                    s->track_bare = false; /* C1.2: a store on it */
    s->hole_rules_on = s->lap_rules_on;
    s->family_rules = 0;
    s->store_rule[0] = s->store_rule[1] = -1;
    for (int i = v->nlap_rules - 1; i >= 0; i--)
        for (int side = 0; side < 2; side++)
            if (((s->lap_rules_on >> i) & 1) && v->lap_rules[i].in_store &&
                (v->lap_rules[i].store_of & (side ? SOW_STORE_OPPONENT
                                                  : SOW_STORE_OWN)))
                s->store_rule[side] = (int8_t)i; /* (the first wins) */
    for (int i = 0; i < v->nlap_rules; i++) {
        const sow_lap_rule *r = &v->lap_rules[i];
        if (r->in_store || r->on_claimed)
            s->hole_rules_on &= ~(1u << i);
        if (r->opposite || r->even || r->action == SOW_LAP_CLAIM ||
            r->position || r->row || r->across ||
            (s->rows > 2 && sow_rule_acts_on_facing(r)))
            s->family_rules |= 1u << i;
    }
    s->rule_family = s->family_rules || s->claims || s->look_blocked;
    s->pairs_rules = 0;
    for (int i = 0; i < v->nlap_rules; i++) {
        const sow_lap_rule *r = &v->lap_rules[i];
        int a = (int)r->action;
        if (a == SOW_LAP_CHAIN)
            a = SOW_LAP_CHAIN_AT(i);
        else if (a == SOW_LAP_CAPTURE_OPPOSITE && r->then_relay)
            a = SOW_LAP_OPPOSITE_RELAY; /* TG.2 */
        else if (a == SOW_LAP_CAPTURE_OPPOSITE && r->pick_extra)
            a = SOW_LAP_OPPOSITE_EXTRA; /* LL.5 */
        else if (a == SOW_LAP_CAPTURE_TWO_OUT && r->then_relay)
            a = SOW_LAP_TWO_OUT_RELAY; /* a capture across a gap, sow on */
        else if (a == SOW_LAP_CAPTURE_TWO_OUT && r->series)
            a = SOW_LAP_TWO_OUT_SERIES; /* OL.4 */
        else if (a == SOW_LAP_CAPTURE_PAIR && r->series)
            a = SOW_LAP_PAIR_SERIES;
        else if (a == SOW_LAP_CAPTURE_PAIR &&
                 (r->pairs_fwd || r->pairs_back)) {
            a = SOW_LAP_PAIR_SERIES; /* issue 24: more pairs either way */
            s->pairs_rules |= 1u << i;
        }
        else if (a == SOW_LAP_CLAIM && r->claim.holes)
            a = SOW_LAP_CLAIM_AT(i); /* C1.4: several holes at once */
        else if (a == SOW_LAP_CAPTURE_ACROSS)
            a = SOW_LAP_ACROSS_AT(i); /* C2.5 */
        else if (a == SOW_LAP_TAKE)
            a = SOW_LAP_TAKE_AT(i); /* GB.4, GA.5, GA.6: its own count */
        else if (a == SOW_LAP_CAPTURE_ALL)
            a = SOW_LAP_ALL_AT(i); /* PICKOPPBASIC: its own counts */
        s->rule_action[i] = (uint8_t)a;
    }
    s->choices = false;
    for (int i = 0; i < v->nlap_rules; i++)
        s->choices |= ((s->lap_rules_on >> i) & 1) &&
                      v->lap_rules[i].extra_choice;
    s->hole_filters = s->no_undo || s->count_last || s->singles_to_empty ||
                      s->reach_max || s->first_keep || s->not_opposite ||
                      s->not_opposite_high;
    s->filters = s->choices || s->cw_limited ||
                 s->must_feed != SOW_FEED_OFF ||
                 s->grand_slam == SOW_SLAM_FORBID || s->count_last ||
                 s->singles_to_empty || s->no_undo || s->first_keep ||
                 s->reach_max || s->not_opposite || s->not_opposite_high;
    /* the script's move hooks (sow_hooks.c): a filter hook is a filter;
     * any of them changes which moves are legal or when the game ends */
    s->filter_hook = v->hook_fn[SOW_HOOK_FILTER] != NULL;
    s->filters |= s->filter_hook;
    s->move_hooks = v->hook_fn[SOW_HOOK_GAME_END] != NULL ||
                    v->hook_fn[SOW_HOOK_AFTER_MOVE] != NULL;
    if (s->move_hooks || v->hook_fn[SOW_HOOK_FILTER])
        s->plain_turns = false;
    /* the hooks that run after a sowing read where its last seed fell
     * (g.last, issue 24): their variants' laps are watched for it, the
     * others' routes stay as they are */
    if (s->move_hooks || s->filter_hook)
        s->fam_route = SOW_ROUTE_WATCHED;
    else if (s->fam_route == SOW_ROUTE_LAPS && s->track_bare &&
             s->track_sow)
        s->fam_route = SOW_ROUTE_BARE; /* its own copy of the laps */
    /* K1.7 unreachable is tested in the family's copy of the move only,
     * so that the seed games' copy pays nothing for it */
    s->plain_reach = s->plain_turns;
    s->plain_turns = s->plain_turns && !s->unreachable;
}

int sow_setup_ply_until(const sow_setup *s)
{
    const sow_variant *v = s->v;
    int until = 0;
    for (int i = 0; i < v->nlap_rules; i++)
        if (v->lap_rules[i].min_ply > until)
            until = v->lap_rules[i].min_ply;
    if (v->bearoff && v->bearoff_from > until)
        until = v->bearoff_from;
    for (int i = 0; i < v->nphases; i++)
        if (v->phases[i].until_ply > until)
            until = v->phases[i].until_ply;
    if ((s->first_plain || s->first_keep) && until < 1)
        until = 1;
    return until;
}

/* The lap-end rules in force with the options chosen (their if:, all of
 * a list holding), those that ask whether h was touched this round (P86)
 * or is its owner's last hole (GA.5), and what the machine then looks at
 * as laps relay and after a move's laps. */
void sow_setup_rules_on(sow_setup *s, const sow_variant *v,
                        const sow_optset *opts)
{
    s->lap_rules_on = 0;
    for (int i = 0; i < v->nlap_rules; i++) {
        bool on = !v->lap_rules[i].has_if ||
                  sow_expr_eval(&v->lap_rules[i].cond, opts);
        for (int k = 0; k < v->lap_if_more_n[i]; k++) /* all must hold */
            on = on && sow_expr_eval(&v->lap_if_more[i][k], opts);
        if (on)
            s->lap_rules_on |= 1u << i;
        if (sow_expr_eval(&v->lap_moved[i], opts)) /* P86 */
            s->moved_rules |= 1u << i;
    }
    s->last_hole_rules = v->lap_last_hole;
    s->mark_moved = (s->moved_rules & s->lap_rules_on) != 0;
    /* 1: C2.7's cleared end alone, looked at directly; 2: with P86's
     * marks, through relay_watch */
    s->relay_watch = (uint8_t)(s->mark_moved ? 2 : s->cleared_each_lap);
    s->after_laps = s->claim_to_store || s->mark_moved || s->claimed_only;
    if (s->mark_moved)
        s->plain_drops = false; /* the relays keep g->moved (relay_watch) */
}

/* What ends a lap of c seeds in a hole of the mover (opp 0) or of the
 * opponent (opp 1) when no rule needs more than the count and the owner:
 * the first matching lap-end rule's action, read once here so the fast
 * paths look it up (SOW_LAP_RULES: ask the rules). */
void sow_setup_lap_actions(sow_setup *s, const sow_variant *v)
{
    for (int opp = 0; opp < 2; opp++)
        for (int c = 0; c < 64; c++) {
            int a = s->relay ? SOW_LAP_RELAY : SOW_LAP_STOP;
            for (int i = v->nlap_rules - 1; i >= 0; i--) {
                const sow_lap_rule *r = &v->lap_rules[i];
                if (!((s->lap_rules_on >> i) & 1) || r->in_store ||
                    r->on_claimed)
                    continue;
                bool count_ok = c < 63 ? (r->counts >> c) & 1 : r->counts_high;
                bool owner_ok = r->owner == SOW_OWNER_ANY ||
                                (r->owner == SOW_OWNER_OPPONENT) == (opp == 1);
                if (count_ok && owner_ok) /* the first matching rule wins */
                    a = r->has_next || r->min_ply || r->opposite ||
                                r->even || r->position ||
                                r->action == SOW_LAP_CLAIM ||
                                r->action == SOW_LAP_CLOSE || r->then_relay ||
                                r->pick_extra || r->series || r->row ||
                                r->across || r->action == SOW_LAP_TAKE ||
                                r->action == SOW_LAP_CAPTURE_ALL ||
                                (s->rows > 2 &&
                                 sow_rule_acts_on_facing(r)) ||
                                r->action == SOW_LAP_CAPTURE_ACROSS
                            ? SOW_LAP_RULES
                        : r->action == SOW_LAP_CHAIN ? SOW_LAP_CHAIN_AT(i)
                                                     : (int)r->action;
            }
            s->lap_action[opp][c] = (uint8_t)a;
        }
}
