/* sow_setup.c - a variant with one value for every option: board size,
 * start layout and the track (docs/rules.md C0.2). */
#include <string.h>

#include "sow_layout.h"
#include "sow_game.h"
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
    s->feeding_slam = sow_expr_eval(&v->feeding_slam, opts) != 0;
    s->must_feed = (int)sow_expr_eval(&v->must_feed, opts);
    s->feed_by_hole = sow_expr_eval(&v->feed_by_hole, opts) != 0;
    s->singletons_last = v->singletons_last;
    s->no_moves_lose = sow_expr_eval(&v->no_moves_lose, opts) != 0;
    s->max_laps = SOW_MAX_LAPS;
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

/* Whether store p lies on player `player`'s ring track (C1.2). */
static bool store_on_ring(const sow_setup *s, int player, int p)
{
    return s->track == SOW_TRACK_BOTH ||
           (s->track == SOW_TRACK_OWN && p == player);
}

/* Player p's track, counter-clockwise, into seq; returns its length. */
static int track_positions(const sow_setup *s, const sow_variant *v, int p,
                           uint8_t *seq)
{
    int len = 0;
    if (v->circuit == SOW_CIRCUIT_LIST) {
        memcpy(seq, v->circuit_list[p], (size_t)v->circuit_len[p]);
        return v->circuit_len[p];
    }
    if (v->circuit == SOW_CIRCUIT_OWN && s->rows == 4) {
        /* C2.5: the player's two rows, counter-clockwise: South's outer
         * row west to east, then the inner row east to west; North's
         * inner row west to east, then the outer row east to west */
        int lo = p ? 2 * s->n : 0, hi = lo + s->n;
        for (int i = 0; i < s->n; i++)
            seq[len++] = (uint8_t)(lo + i);
        for (int i = s->n - 1; i >= 0; i--)
            seq[len++] = (uint8_t)(hi + i);
        if (s->track != SOW_TRACK_NONE)
            seq[len++] = (uint8_t)(SOW_POS_STORE + p);
        return len;
    }
    if (v->circuit == SOW_CIRCUIT_OWN) {
        /* the own row, then the own store where stores are on the track */
        for (int i = 0; i < s->n; i++)
            seq[len++] = (uint8_t)(p * s->n + i);
        if (s->track != SOW_TRACK_NONE)
            seq[len++] = (uint8_t)(SOW_POS_STORE + p);
        return len;
    }
    /* the ring: South's store between N-1 and N, North's between 2N-1
     * and 0 (C1.2) */
    for (int i = 0; i < s->holes; i++) {
        seq[len++] = (uint8_t)i;
        if (i == s->n - 1 && store_on_ring(s, p, 0))
            seq[len++] = SOW_POS_STORE;
        if (i == s->holes - 1 && store_on_ring(s, p, 1))
            seq[len++] = SOW_POS_STORE + 1;
    }
    return len;
}

/* Who owns each hole at the start, and what lies across from it
 * (C0.2, C2.1, C2.5). Two rows: South's row is 0..n-1, North's n..2n-1
 * running on round the ring, and the hole facing h is 2n-1-h. More rows
 * are numbered row by row from South's outer row, each from South's
 * left: South owns the rows on their side, North the others, and a
 * middle row of three is shared by halves, each player owning the half
 * on their right hand (the east half South's). Across from h lies the
 * hole of its column one row towards the other side, and behind that
 * the next one, where they exist. */
static void setup_geometry(sow_setup *s)
{
    const int n = s->n, rows = s->rows;
    memset(s->facing, SOW_POS_NONE, sizeof s->facing);
    memset(s->behind, SOW_POS_NONE, sizeof s->behind);
    s->inner = 0;
    for (int h = 0; h < s->holes; h++) {
        if (rows == 2) {
            s->home[h] = (uint8_t)(h < n ? 0 : 1);
            s->from_left[h] = (uint8_t)(h < n ? h : h - n);
            s->facing[h] = (uint8_t)(s->holes - 1 - h);
            s->inner |= (uint64_t)1 << h;
            continue;
        }
        int row = h / n, col = h % n;
        int side = 2 * row < rows - 1 ? 0 : 2 * row > rows - 1 ? 1
                   : col >= n / 2 ? 0 : 1; /* the middle row of three */
        s->home[h] = (uint8_t)side;
        s->from_left[h] = (uint8_t)(side == 0 ? col : n - 1 - col);
        if (row > 0 && row < rows - 1)
            s->inner |= (uint64_t)1 << h;
        if (rows == 4 && (row == 0 || row == 3))
            continue; /* C2.5: facing holes are those of the inner rows */
        int step = side == 0 ? n : -n; /* towards the other side */
        int f = h + step, b = h + 2 * step;
        if (f >= 0 && f < s->holes)
            s->facing[h] = (uint8_t)f;
        if (b >= 0 && b < s->holes)
            s->behind[h] = (uint8_t)b;
    }
}

/* board.row_seeds (C2.1): each row's count, with the holes listed from
 * its right or left end as the row's owner sees them (South's right is
 * east; North's is west). A list longer than the row keeps to the row. */
static void start_by_rows(sow_setup *s, const sow_variant *v)
{
    const int n = s->n;
    for (int i = 0; i < s->holes; i++)
        s->start[i] = v->row_seeds[i / n];
    for (int row = 0; row < s->rows; row++) {
        /* whether the row's numbers grow towards its owner's right: South's
         * rows run west to east (C0.2, C2.1), and so does every row of more
         * rows (C2.1), but North's row of two runs east to west (C0.2) */
        const bool up = s->home[row * n + n - 1] == 0 || s->rows == 2;
        for (int side = 0; side < 2; side++)
            for (int k = 0; k < v->row_ends_len[row][side] && k < n; k++) {
                /* from the right: South's east end, North's west */
                int col = (side == 0) == up ? n - 1 - k : k;
                s->start[row * n + col] = v->row_ends[row][side][k];
            }
    }
    memcpy(s->start_north, s->start, sizeof s->start);
}

/* The sowing tracks (issue 24): each player's positions linked both
 * ways. A list's holes are checked here, since holes may be an option. */
static int setup_tracks(sow_setup *s, const sow_variant *v, sow_error *err)
{
    s->circuit = v->circuit;
    if (s->rows > 2 &&
        (v->circuit == SOW_CIRCUIT_RING ||
         (v->circuit == SOW_CIRCUIT_OWN && s->rows != 4)))
        return sow_error_set(err, v->path,
                             v->circuit_line ? v->circuit_line
                                             : v->holes.line,
                             v->circuit_line ? v->circuit_col : v->holes.col,
                             "a board of %d rows needs sowing.track: %s "
                             "(the ring of two rows has no meaning here; "
                             "C2.5)",
                             s->rows,
                             s->rows == 4 ? "own (each player's two rows) "
                                            "or a list for each player"
                                          : "a list for each player");
    memset(s->tracks, SOW_POS_NONE, sizeof s->tracks);
    for (int p = 0; p < 2; p++) {
        uint8_t seq[SOW_POS_COUNT];
        int len = track_positions(s, v, p, seq);
        for (int i = 0; i < len; i++)
            if (seq[i] < SOW_POS_STORE && seq[i] >= s->holes)
                return sow_error_set(err, v->path, v->circuit_line,
                                     v->circuit_col,
                                     "track: %s's position %d is not a hole "
                                     "of this board (holes 0 to %d)",
                                     p ? "North" : "South", seq[i],
                                     s->holes - 1);
        s->track_first[p] = seq[0];
        for (int i = 0; i < len; i++) {
            uint8_t a = seq[i], b = seq[(i + 1) % len];
            s->tracks[p][SOW_DIR_CCW][a] = b;
            s->tracks[p][SOW_DIR_CW][b] = a;
        }
    }
    s->own_circuits = true;
    for (int p = 0; p < 2; p++)
        for (int h = 0; h < s->holes; h++)
            if (s->home[h] != p &&
                s->tracks[p][SOW_DIR_CCW][h] != SOW_POS_NONE)
                s->own_circuits = false;
    s->track_sow = s->track != SOW_TRACK_NONE ||
                   s->circuit != SOW_CIRCUIT_RING;
    if (s->circuit == SOW_CIRCUIT_RING)
        return SOW_OK;
    /* Every lap must start on the mover's track, and the sowing machine
     * does not test it seed by seed: a move starts from an own hole (its
     * row: so every hole of it is on the track, and no rule may hand a
     * player holes of the other row), and a relay lifts the hole its lap
     * ended in, which is on the track. */
    /* (a match may give a player other holes, and rounds of territory
     * do: fine where every track passes every hole, AB.2) */
    bool full = true;
    for (int p = 0; p < 2; p++)
        for (int h = 0; h < s->holes; h++)
            full &= s->tracks[p][SOW_DIR_CCW][h] != SOW_POS_NONE;
    const char *why = s->no_sides ? "sides: none (moves from any hole)"
                    : s->relay_next ? "relay_from: next (the hole after a "
                                      "lap's last is found round the ring)"
                    : s->match && !full ? "a match (its games may give a "
                                          "player holes of the other row)"
                    : s->round_territory && !full
                        ? "rounds of territory (holes change hands)"
                                         : NULL;
    if (why)
        return sow_error_set(err, v->path, v->circuit_line, v->circuit_col,
                             "a track other than the ring cannot be "
                             "combined with %s: a lap could start off the "
                             "mover's track",
                             why);
    for (int h = 0; h < s->holes; h++)
        if (s->tracks[s->home[h]][SOW_DIR_CCW][h] == SOW_POS_NONE)
            return sow_error_set(err, v->path, v->circuit_line,
                                 v->circuit_col,
                                 "track: %s's track lacks hole %d of "
                                 "theirs; a player's track passes every "
                                 "hole they own, where their moves start",
                                 s->home[h] ? "North" : "South", h);
    s->plain_drops = false; /* the word paths sow the ring */
    return SOW_OK;
}

/* What follows each lap-end rule's resowing (C2.5): resow.then, which may
 * name an option (MW.9). */
static void setup_resow(sow_setup *s, const sow_variant *v,
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

/* board.hand (MW.1) and sowing.cw_moves (MW.5). The holes a clockwise
 * move may start from, by their place in their row from the owner's
 * left or right (setup_geometry's from_left). */
static int setup_hand(sow_setup *s, const sow_variant *v,
                      const sow_optset *opts, sow_error *err)
{
    s->hand = (int)sow_expr_eval(&v->hand, opts);
    if (s->hand > 0 && s->total + 2L * s->hand > SOW_MAX_SEEDS)
        return sow_error_set(err, v->path, v->hand.line, v->hand.col,
                             "board.hand: %d seeds a hand and %d on the "
                             "board make more than the %d seeds a game may "
                             "hold",
                             s->hand, s->total, SOW_MAX_SEEDS);
    s->total += 2 * s->hand; /* every seed of the game: holes and hands */
    s->lay_out = s->hand > 0 &&
                 sow_expr_eval(&v->placing, opts) == SOW_PLACING_LAYOUT;
    if (s->lay_out && sow_layout_too_long(s))
        return sow_error_set(err, v->path, v->placing.line, v->placing.col,
                             "board.placing: layout: a hand of %d seeds "
                             "over a player's holes needs more than the "
                             "%d bits a layout move carries; use "
                             "placing: alternate or a smaller hand",
                             s->hand, SOW_LAYOUT_BITS);
    s->capture_before = v->capture_before;
    s->before_counts = v->before_counts;
    s->before_high = v->before_high;
    /* (the captures before sowing ride on the odd turns' test; the word
     * paths of the endless proof know none of them) */
    s->odd_turns = s->hand > 0 || s->dir_rule >= SOW_DIR_CHOSEN ||
                   s->capture_before;
    if (s->capture_before)
        s->plain_drops = false;
    s->cw_limited = v->cw_limited;
    s->cw_test = (int)sow_expr_eval(&v->cw_test, opts);
    for (int h = 0; h < s->holes && s->cw_limited; h++) {
        int i = s->from_left[h], j = s->n - 1 - i;
        if (((v->cw_left >> i) & 1) || (j < 16 && (v->cw_right >> j) & 1))
            s->cw_from[s->home[h]] |= (uint64_t)1 << h;
    }
    if (s->hand > 0 || s->cw_limited)
        s->plain_drops = false; /* (the family's path: placements) */
    return SOW_OK;
}

/* sowing.capture_from_ends (BK.1, BK.6): each player's kichwa, the ends of their
 * inner row, and their nyumba; end.cleared_rows (BK.10). */
static void setup_ends(sow_setup *s, const sow_variant *v,
                         const sow_optset *opts)
{
    s->ends_turns = (uint8_t)sow_expr_eval(&v->ends_reading, opts);
    s->end_inner = sow_expr_eval(&v->cleared_inner, opts) == 1;
    s->house[0] = s->house[1] = SOW_POS_NONE;
    if (!s->ends_turns)
        return;
    s->ends_back_alone = sow_expr_eval(&v->ends_back_alone, opts) == 1;
    s->ends_from_empty = sow_expr_eval(&v->ends_from_empty, opts) == 1;
    s->ends_place_occupied =
        sow_expr_eval(&v->ends_place_occupied, opts) == 1;
    /* BA.1-BA.6 (absent: BK's rules; start_seeds from 1 to any count) */
    s->ends_single_always = sow_expr_eval(&v->ends_single_always, opts) == 1;
    s->ends_house_one = sow_expr_eval(&v->ends_house_one, opts) == 1;
    s->ends_back_forbid = sow_expr_eval(&v->ends_back_forbid, opts) == 1;
    s->ends_takasa_inner = sow_expr_eval(&v->ends_takasa_inner, opts) == 1;
    s->ends_keep_threatened =
        sow_expr_eval(&v->ends_keep_threatened, opts) == 1;
    s->ends_lift_loses = sow_expr_eval(&v->ends_lift_loses, opts) == 1;
    long lo = sow_expr_eval(&v->ends_start_min, opts);
    long hi = sow_expr_eval(&v->ends_start_max, opts);
    s->ends_start_min = (int16_t)(lo > 0 ? lo : 1);
    s->ends_start_max = (int16_t)(hi > 0 ? hi : SOW_MAX_HOLE_SEEDS);
    s->ends_prefer_n = (uint8_t)v->ends_prefer_n;
    memcpy(s->ends_prefer, v->ends_prefer, sizeof s->ends_prefer);
    s->odd_turns = true;
    for (int h = 0; h < s->holes; h++) {
        if (!((s->inner >> h) & 1))
            continue;
        int p = s->home[h], i = s->from_left[h];
        if (i == 0 || i == s->n - 1)
            s->end_hole[p][i != 0] = (uint8_t)h;
        if (i + 1 == v->ends_house)
            s->house[p] = (uint8_t)h;
    }
}

/* sowing.pass_over (IS.3): each player's holes must be on their own
 * track, and a hand must find some hole it does not pass over. */
static int setup_pass_over(sow_setup *s, const sow_variant *v,
                           const sow_optset *opts, sow_error *err)
{
    s->pass_on = v->has_pass_over;
    if (!s->pass_on)
        return SOW_OK;
    s->pass_until = sow_expr_eval(&v->pass_until, opts) != 0;
    for (int p = 0; p < 2; p++) {
        s->pass_over[p] = v->pass_over[p];
        s->pass_key[p] = v->pass_key[p];
        bool other = false;
        for (int h = 0; h < SOW_MAX_HOLES; h++) {
            bool on = s->tracks[p][SOW_DIR_CCW][h] != SOW_POS_NONE &&
                      h < s->holes;
            if (((v->pass_over[p] >> h) & 1) && !on)
                return sow_error_set(err, v->path, v->circuit_line,
                                     v->circuit_col,
                                     "pass_over: %s's hole %d is not on "
                                     "their track; a player's sowing passes "
                                     "over holes it would sow",
                                     p ? "North" : "South", h);
            other |= on && !((v->pass_over[p] >> h) & 1);
        }
        if (!other)
            return sow_error_set(err, v->path, v->circuit_line,
                                 v->circuit_col,
                                 "pass_over: %s's list holds every hole of "
                                 "their track; a hand would find nowhere to "
                                 "drop a seed",
                                 p ? "North" : "South");
    }
    s->plain_drops = false; /* the drops test the holes passed over */
    return SOW_OK;
}

/* Which shortcuts the sowing machine, the legal moves and the search may
 * take for this setup (the four seed games take them all). */
static void setup_paths(sow_setup *s, const sow_variant *v)
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
static void setup_rules_on(sow_setup *s, const sow_variant *v,
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

/* The start board: a layout (one chosen by an option's value, BA.7),
 * counts by rows, or the same seeds in every hole. */
static int setup_start(sow_setup *s, const sow_variant *v,
                       const sow_optset *opts, sow_error *err)
{
    if (v->claimed_len && v->claimed_len != s->holes)
        return sow_error_set(err, v->path, v->claimed_line, v->claimed_col,
                             "claimed has %d claimants but the board has %d "
                             "holes (%d rows of %d)",
                             v->claimed_len, s->holes, s->rows, s->n);
    s->start_claims[0] = s->start_claims[1] = 0; /* C1.4: board.claimed */
    for (int h = 0; h < v->claimed_len; h++)
        if (v->claimed[h] >= 0)
            s->start_claims[v->claimed[h]] |= (uint64_t)1 << h;
    for (int h = 0; h < s->holes && (v->claimed_left | v->claimed_right);
         h++) { /* {own: positions}: by place in the owner's row */
        const int i = s->from_left[h];
        if (((v->claimed_left >> i) & 1) ||
            ((v->claimed_right >> (s->n - 1 - i)) & 1))
            s->start_claims[s->home[h]] |= (uint64_t)1 << h;
    }
    if (v->has_layout) {
        if (v->layout_len != s->holes)
            return sow_error_set(err, v->path, v->layout_line, v->layout_col,
                                 "layout has %d counts but the board has %d "
                                 "holes (%d rows of %d)",
                                 v->layout_len, s->holes, s->rows, s->n);
        /* a layout chosen by an option's value (BA.7: BA.L1 or BK.2) */
        const int by = v->layout_by - 1;
        memcpy(s->start, by >= 0 ? v->layouts[opts->val[by].index]
                                 : v->layout,
               sizeof s->start);
        memcpy(s->start_north, v->has_layout_north ? v->layout_north
                                                   : s->start,
               sizeof s->start_north);
    } else if (v->has_row_seeds) {
        start_by_rows(s, v);
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
            s->start[i] = s->start_north[i] = (uint16_t)seeds;
    }
    return SOW_OK;
}

/* What ends a lap of c seeds in a hole of the mover (opp 0) or of the
 * opponent (opp 1) when no rule needs more than the count and the owner:
 * the first matching lap-end rule's action, read once here so the fast
 * paths look it up (SOW_LAP_RULES: ask the rules). */
static void setup_lap_actions(sow_setup *s, const sow_variant *v)
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

int sow_setup_init(sow_setup *s, const sow_variant *v, const sow_optset *opts,
                   sow_error *err)
{
    memset(s, 0, sizeof *s);
    s->v = v;
    s->opts = *opts;
    s->n = (int)sow_expr_eval(&v->holes, opts);
    s->rows = v->rows ? v->rows : 2;
    s->holes = s->rows * s->n;
    if (s->n < 1 || s->n > SOW_MAX_HOLES / s->rows)
        return sow_error_set(err, v->path, v->holes.line, v->holes.col,
                             "holes per row is %d; on %d rows it must be "
                             "from 1 to %d (a board has at most %d holes)",
                             s->n, s->rows, SOW_MAX_HOLES / s->rows,
                             SOW_MAX_HOLES);
    setup_geometry(s);
    if (setup_start(s, v, opts, err))
        return SOW_ERR;
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
    if (sow_setup_directions(s, v, err)) /* QL.2, MB.2, issue 24 */
        return SOW_ERR;
    setup_family(s, v, opts);
    s->min_seeds = v->min_seeds;
    s->leave = v->leave;
    s->relay = v->relay;
    s->skip_origin = sow_expr_eval(&v->skip_origin, opts) != 0;
    s->passing = sow_expr_eval(&v->passing, opts) != 0;
    s->stores = v->stores;
    s->endless_move = (sow_endless)sow_expr_eval(&v->endless_move, opts);
    s->seeds_at_most = (int)sow_expr_eval(&v->seeds_at_most, opts);
    s->repetition = sow_expr_eval(&v->repetition, opts) != 0;
    s->no_capture_plies = (int)sow_expr_eval(&v->no_capture_plies, opts);
    s->max_plies = (int)sow_expr_eval(&v->max_plies, opts);
    s->unreachable = sow_expr_eval(&v->capture_unreachable, opts) != 0;
    s->reach_positions = sow_expr_eval(&v->unreachable_positions, opts);
    s->late_ply = s->unreachable ? 0 : s->max_plies;
    for (int i = 0; i < v->nlap_rules; i++) {
        s->chain_skip_empty[i] =
            sow_expr_eval(&v->lap_rules[i].chain.skip_empty, opts) != 0;
        /* (one test chooses the copy: the plain one pays for no cap) */
        const sow_chain *ch = &v->lap_rules[i].chain;
        s->chain_copy[i] = s->claims                  ? SOW_CHAIN_CLAIMS
                           : ch->max || ch->and_last ? SOW_CHAIN_CAPPED
                                                     : SOW_CHAIN_PLAIN;
    }
    setup_resow(s, v, opts);
    setup_rules_on(s, v, opts);
    setup_lap_actions(s, v);
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
    if (setup_tracks(s, v, err) || /* after the match and the rounds */
        setup_pass_over(s, v, opts, err) || setup_hand(s, v, opts, err))
        return SOW_ERR;
    setup_ends(s, v, opts);
    setup_paths(s, v);
    return SOW_OK;
}
