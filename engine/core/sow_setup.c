/* sow_setup.c - a variant with one value for every option: board size,
 * start layout and the track (docs/rules.md C0.2). */
#include <string.h>

#include "sow_game.h"

/* The two-row family's data (CATALOGUE C1.x): stores on the track and
 * where they lie, filters, claims, closed holes, the threshold and the
 * rest; then which quick paths of the machine still apply. */
static void setup_family(sow_setup *s, const sow_variant *v,
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
    s->must_feed = (int)sow_expr_eval(&v->must_feed, opts);
    s->singletons_last = v->singletons_last;
    s->no_sides = v->no_sides;
    for (int i = 0; i < v->nlap_rules; i++)
        s->claims |= v->lap_rules[i].action == SOW_LAP_CLAIM;
    s->claim_to_store = sow_expr_eval(&v->claim_seeds, opts) != 0;
    s->origin_first = v->origin_first;
    s->no_undo = sow_expr_eval(&v->no_undo, opts) != 0;
    for (int i = 0; i < v->nlap_rules; i++)
        s->closes |= v->lap_rules[i].action == SOW_LAP_CLOSE;
    if (s->closes)
        s->plain_drops = false;
    if (s->claims || s->origin_first)
        s->plain_drops = false; /* the word paths know neither */
    s->threshold = sow_expr_eval(&v->threshold_if, opts)
                       ? (int)sow_expr_eval(&v->threshold, opts)
                       : -1;
    if (s->threshold == SOW_THRESHOLD_HALF) /* half of all the seeds */
        s->threshold = s->total / 2;
    s->rest = (int)sow_expr_eval(&v->rest, opts);
}

/* Which shortcuts the sowing machine, the legal moves and the search may
 * take for this setup (the four seed games take them all). */
static void setup_paths(sow_setup *s, const sow_variant *v)
{
    bool extra = false;
    for (int i = 0; i < v->nlap_rules; i++)
        extra |= v->lap_rules[i].in_store ||
                 v->lap_rules[i].action == SOW_LAP_EXTRA_TURN;
    s->plain_turns = !extra && s->threshold < 0 &&
                     s->must_feed == SOW_FEED_OFF && !s->singletons_last &&
                     !s->no_undo && !s->no_sides && !s->claims &&
                     !s->closes && s->grand_slam == SOW_SLAM_CAPTURE &&
                     s->track == SOW_TRACK_NONE &&
                     s->dir_rule == SOW_DIR_FIXED && !s->origin_first;
    s->plain_holes = !s->no_sides && !s->claims && !s->closes;
    s->hole_rules_on = s->lap_rules_on;
    s->family_rules = 0;
    for (int i = 0; i < v->nlap_rules; i++) {
        const sow_lap_rule *r = &v->lap_rules[i];
        if (r->in_store)
            s->hole_rules_on &= ~(1u << i);
        if (r->opposite || r->even || r->action == SOW_LAP_CLAIM)
            s->family_rules |= 1u << i;
    }
    s->filters = s->must_feed != SOW_FEED_OFF ||
                 s->grand_slam == SOW_SLAM_FORBID || s->singletons_last ||
                 s->no_undo;
    /* the script's move hooks (sow_hooks.c): a filter hook is a filter;
     * any of them changes which moves are legal or when the game ends */
    s->filter_hook = v->hook_fn[SOW_HOOK_FILTER] != NULL;
    s->filters |= s->filter_hook;
    s->move_hooks = v->hook_fn[SOW_HOOK_GAME_END] != NULL ||
                    v->hook_fn[SOW_HOOK_AFTER_MOVE] != NULL;
    if (s->move_hooks || v->hook_fn[SOW_HOOK_FILTER])
        s->plain_turns = false;
}

int sow_setup_init(sow_setup *s, const sow_variant *v, const sow_optset *opts,
                   sow_error *err)
{
    memset(s, 0, sizeof *s);
    s->v = v;
    s->opts = *opts;
    s->n = (int)sow_expr_eval(&v->holes, opts);
    s->holes = 2 * s->n;
    if (s->n < 1 || s->n > SOW_MAX_ROW)
        return sow_error_set(err, v->path, v->holes.line, v->holes.col,
                             "holes per row is %d; it must be from 1 to %d",
                             s->n, SOW_MAX_ROW);
    if (v->has_layout) {
        if (v->layout_len != s->holes)
            return sow_error_set(err, v->path, v->layout_line, v->layout_col,
                                 "layout has %d counts but the board has %d "
                                 "holes (2 rows of %d)",
                                 v->layout_len, s->holes, s->n);
        memcpy(s->start, v->layout, sizeof s->start);
    } else {
        /* the loader bounds a number written out and an int option's
         * range, but not the K of an option value such as start:K
         * (issue 13 #8: it would wrap in a uint16_t) */
        long seeds = sow_expr_eval(&v->seeds, opts);
        if (seeds < 0 || seeds > SOW_MAX_HOLE_SEEDS)
            return sow_error_set(err, v->path, v->seeds.line, v->seeds.col,
                                 "seeds per hole is %ld with these options; "
                                 "it must be from 0 to %d",
                                 seeds, SOW_MAX_HOLE_SEEDS);
        for (int i = 0; i < s->holes; i++)
            s->start[i] = (uint16_t)seeds;
    }
    s->total = 0;
    for (int i = 0; i < s->holes; i++)
        s->total += s->start[i];
    s->dir = (sow_dir)sow_expr_eval(&v->direction, opts);
    /* C0.2: counter-clockwise is i -> i+1 along the canonical indices; a
     * clockwise variant mirrors "next" while keeping the indices. */
    for (int i = 0; i < s->holes; i++) {
        int up = (i + 1) % s->holes, down = (i + s->holes - 1) % s->holes;
        s->nexts[SOW_DIR_CCW][i] = s->prevs[SOW_DIR_CW][i] = (uint8_t)up;
        s->nexts[SOW_DIR_CW][i] = s->prevs[SOW_DIR_CCW][i] = (uint8_t)down;
    }
    memcpy(s->next, s->nexts[s->dir], sizeof s->next);
    memcpy(s->prev, s->prevs[s->dir], sizeof s->prev);
    s->dir_rule = v->dir_rule;
    s->cw_holes = v->cw_holes;
    setup_family(s, v, opts);
    s->min_seeds = v->min_seeds;
    s->leave = v->leave;
    s->relay = v->relay;
    s->skip_origin = sow_expr_eval(&v->skip_origin, opts) != 0;
    s->passing = v->passing;
    s->stores = v->stores;
    s->endless_move = (sow_endless)sow_expr_eval(&v->endless_move, opts);
    s->seeds_at_most = (int)sow_expr_eval(&v->seeds_at_most, opts);
    s->repetition = sow_expr_eval(&v->repetition, opts) != 0;
    s->no_capture_plies = (int)sow_expr_eval(&v->no_capture_plies, opts);
    s->max_plies = (int)sow_expr_eval(&v->max_plies, opts);
    for (int i = 0; i < v->nlap_rules; i++)
        s->chain_skip_empty[i] =
            sow_expr_eval(&v->lap_rules[i].chain.skip_empty, opts) != 0;
    s->lap_rules_on = 0;
    for (int i = 0; i < v->nlap_rules; i++)
        if (!v->lap_rules[i].has_if ||
            sow_expr_eval(&v->lap_rules[i].cond, opts))
            s->lap_rules_on |= 1u << i;
    for (int opp = 0; opp < 2; opp++)
        for (int c = 0; c < 64; c++) {
            int a = s->relay ? SOW_LAP_RELAY : SOW_LAP_STOP;
            for (int i = v->nlap_rules - 1; i >= 0; i--) {
                const sow_lap_rule *r = &v->lap_rules[i];
                if (!((s->lap_rules_on >> i) & 1) || r->in_store)
                    continue;
                bool count_ok = c < 63 ? (r->counts >> c) & 1 : r->counts_high;
                bool owner_ok = r->owner == SOW_OWNER_ANY ||
                                (r->owner == SOW_OWNER_OPPONENT) == (opp == 1);
                if (count_ok && owner_ok) /* the first matching rule wins */
                    a = r->has_next || r->min_ply || r->opposite ||
                                r->even || r->action == SOW_LAP_CLAIM ||
                                r->action == SOW_LAP_CLOSE
                            ? SOW_LAP_RULES
                        : r->action == SOW_LAP_CHAIN ? SOW_LAP_CHAIN_AT(i)
                                                     : (int)r->action;
            }
            s->lap_action[opp][c] = (uint8_t)a;
        }
    if (s->holes <= 16)
        for (int first = 0; first < s->holes; first++)
            for (int len = 0; len <= s->holes; len++) {
                uint16_t lanes[16] = {0};
                for (int k = 0; k < len; k++)
                    lanes[(first + k) % s->holes] = 1;
                memcpy(s->runs[first][len], lanes, sizeof lanes);
            }
    s->bearoff_sticky = sow_expr_eval(&v->bearoff_sticky, opts) != 0;
    s->match = sow_expr_eval(&v->match, opts) != 0;
    s->match_games = (int)sow_expr_eval(&v->match_games, opts);
    setup_paths(s, v);
    return SOW_OK;
}
