/* sow_setup.c - a variant with one value for every option: board size,
 * start layout and the track (docs/rules.md C0.2); the rules over the
 * board, in sow_setup_rules.c. */
#include <string.h>

#include "sow_layout.h"
#include "sow_game.h"
#include "sow_setup_int.h"

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

/* sow_setup.track_run and track_at of player p, whose track is seq. */
static void track_runs(sow_setup *s, int p, const uint8_t *seq, int len)
{
    memset(s->track_at[p], SOW_POS_NONE, sizeof s->track_at[p]);
    s->track_len[p] = len;
    for (int k = 0; k < 2 * len; k++) {
        /* clockwise is the counter-clockwise order backwards */
        const int ccw = k % len, cw = (len - k % len) % len;
        s->track_run[p][SOW_DIR_CCW][k] = seq[ccw];
        s->track_run[p][SOW_DIR_CW][k] = seq[cw];
        if (k < len) {
            s->track_at[p][SOW_DIR_CCW][seq[ccw]] = (uint8_t)k;
            s->track_at[p][SOW_DIR_CW][seq[cw]] = (uint8_t)k;
        }
    }
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
        track_runs(s, p, seq, len);
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

/* sowing.capture_from_ends (BK.1, BK.6): each player's end holes, the
 * ends of their inner row, and their house; end.cleared_rows (BK.10). */
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
    s->ends_quiet_inner = sow_expr_eval(&v->ends_quiet_inner, opts) == 1;
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
    sow_setup_family(s, v, opts);
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
    sow_setup_resow(s, v, opts);
    sow_setup_rules_on(s, v, opts);
    sow_setup_lap_actions(s, v);
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
    sow_setup_paths(s, v);
    return SOW_OK;
}
