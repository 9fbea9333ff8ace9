/* sow_legal.c - the legal moves of a position (sow_game.h,
 * sow_legal_moves): the candidates the data rules allow, the decisions a
 * script offers, directions and choices named by the move (MB.2, NS.6),
 * minus endless moves where they are forbidden (C0.7, K2.4: proved on the
 * board held in words, without copying the game), then the filters of
 * data (OW.4, OW.5, OU.2, QL.6, TS.3) and the script's. */
#include <stddef.h>
#include <string.h>

#include "sow_game.h"
#include "sow_sow_int.h"

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
                   SOW_LAP_PAIR_SERIES < SOW_LAP_ACROSS_AT(0) &&
                   SOW_LAP_ACROSS_AT(SOW_MAX_LAP_RULES) <= SOW_LAP_TAKE_AT(0) &&
                   SOW_LAP_TAKE_AT(SOW_MAX_LAP_RULES) <= SOW_LAP_ALL_AT(0) &&
                   SOW_LAP_ALL_AT(SOW_MAX_LAP_RULES) < SOW_LAP_RULES,
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
ends16(const sow_setup *s, const sow_game *g, int player, int hole)
{
    uint64_t w[4];
    memcpy(w, g->board, sizeof w);
    int seeds = proof_lift(s, w, hole);
    int origin = hole, h = hole;
    sow_brent16 cyc;
    brent16_start(&cyc, w, hole, seeds);
    for (long laps = 1;; laps++) {
        if (laps > SOW_FREE_LAPS) {
            if (brent16_repeats(&cyc, w, origin, seeds,
                                laps - SOW_FREE_LAPS - 1))
                return 0;
            if (laps > s->max_laps)
                return -1;
        }
        h = lap16(s, w, h, seeds);
        int r = proof_lap_end(s, g->owner, player, w, h, &seeds, &origin);
        if (r != 2)
            return r;
    }
}

/* ends16 for boards of 17 to 64 holes, as sow_fastw holds them. */
static inline __attribute__((always_inline)) int
endsw(const sow_setup *s, const sow_game *g, int player, int hole)
{
    const int n = s->holes, nw = (n + 3) / 4;
    uint64_t w[SOW_RUN_WORDS];
    memcpy(w, g->board, sizeof g->board); /* a fixed size: no call */
    w[SOW_RUN_WORDS - 1] = 0;
    int seeds = proof_lift(s, w, hole);
    int origin = hole, h = hole;
    sow_brentw cyc; /* made only when the search starts: most proofs
                       end in fewer laps */
    for (long laps = 1;; laps++) {
        if (laps > SOW_FREE_LAPS) {
            const long t = laps - SOW_FREE_LAPS - 1; /* Brent's lap count */
            if (t == 0) {
                memcpy(cyc.first, g->board, sizeof cyc.first);
                brentw_start(&cyc, hole, proof_lift(s, cyc.first, hole));
            }
            if (brentw_repeats(&cyc, w, nw, origin, seeds, t))
                return 0;
            if (laps > s->max_laps)
                return -1;
        }
        if (seeds > n) /* whole rounds: the caller sows these in full */
            return -1;
        h = lapw(s, w, h, seeds);
        int r = proof_lap_end(s, g->owner, player, w, h, &seeds, &origin);
        if (r != 2)
            return r;
    }
}

/* sow_candidates, inlined where the legal moves are made. */
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

/* A candidate sown on a copy failed: it reached the lap cap (P2:
 * sow_legal_moves' SOW_LEGAL_LAP_CAP, *endless_mask, if not NULL, set to
 * SOW_ENDLESS_UNDECIDED), or a rule failed (-1). */
static __attribute__((noinline, cold)) int
copy_failed(const sow_game *copy, uint64_t *endless_mask)
{
    if (!(copy->move_flags & SOW_MOVED_LAP_CAP))
        return -1;
    if (endless_mask)
        *endless_mask = SOW_ENDLESS_UNDECIDED;
    return SOW_LEGAL_LAP_CAP;
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

/* MW.2: while the player holds seeds in hand, a turn places one into any
 * own hole that is open and unclaimed: "+h"; or, with board.placing:
 * layout, the whole hand in one ply: the pattern alone (sow_layout.h). */
static __attribute__((noinline)) int placements(const sow_setup *s,
                                                const sow_game *g,
                                                int player, uint16_t *out)
{
    if (s->lay_out) {
        out[0] = SOW_MOVE_LAYOUT;
        return 1;
    }
    int n = 0;
    uint64_t m = g->owns[player] & ~g->blocked & ~(g->claims[0] | g->claims[1]);
    for (; m; m &= m - 1)
        out[n++] = (uint16_t)sow_place(__builtin_ctzll(m), SOW_PLACE_ONLY);
    return n;
}

/* MW.5: the first lap of a clockwise move from hole, sown plainly along
 * the player's track on a copy: whether it ends where a lap-end rule
 * captures (test capture), or where a capturing rule's conditions other
 * than the count hold (test facing: Ludii's reading). */
static bool cw_first_lap_ok(const sow_setup *s, const sow_game *g,
                            int player, int hole)
{
    sow_game copy;
    memcpy(&copy, g, offsetof(sow_game, nlegal));
    copy.to_move = (uint8_t)player;
    copy.move_dir = SOW_DIR_CW;
    const uint8_t *tn = s->tracks[player][SOW_DIR_CW];
    int seeds = copy.board[hole], e = hole;
    copy.board[hole] = 0;
    for (; seeds > 0; seeds--) {
        e = tn[e];
        if (e >= s->holes)
            return false; /* (a track through a store: no hole to test) */
        copy.board[e]++;
    }
    return sow_lap_captures(s, &copy, e, copy.board[e],
                            s->cw_test == SOW_CW_FACING);
}

/* MW.5: a clockwise move only from the player's holes that cw_moves
 * names, and only if its first lap passes the test. */
static __attribute__((noinline)) int filter_cw(const sow_setup *s,
                                               const sow_game *g, int player,
                                               uint16_t *out, int n)
{
    int k = 0;
    for (int i = 0; i < n; i++) {
        const int h = sow_move_hole(out[i]);
        if (!sow_move_is_directed(out[i]) ||
            sow_move_dir(out[i]) != SOW_DIR_CW ||
            (((s->cw_from[player] >> h) & 1) &&
             cw_first_lap_ok(s, g, player, h)))
            out[k++] = out[i];
    }
    return k;
}

/* MB.2: each of the n holes of out as two moves, counter-clockwise then
 * clockwise (out holds SOW_MAX_LEGAL: n is at most SOW_MAX_HOLES); a hole
 * that does not choose (direction.chosen_at, issue 24) as one, its own
 * way, written h alone (sow_move_format). */
static int directed_moves(const sow_setup *s, uint16_t *out, int n)
{
    if (s->every_hole_chooses) { /* each_move: both ways of every hole */
        for (int i = n - 1; i >= 0; i--) {
            const int h = out[i];
            out[2 * i] = (uint16_t)sow_directed(h, SOW_DIR_CCW);
            out[2 * i + 1] = (uint16_t)sow_directed(h, SOW_DIR_CW);
        }
        return 2 * n;
    }
    int k = 0;
    for (int i = 0; i < n; i++)
        k += sow_hole_chooses(s, out[i]) ? 2 : 1;
    for (int i = n - 1, j = k; i >= 0; i--) {
        const int h = out[i];
        if (!sow_hole_chooses(s, h)) {
            out[--j] = (uint16_t)sow_directed(
                h, (s->cw_holes >> h) & 1 ? SOW_DIR_CW : SOW_DIR_CCW);
            continue;
        }
        out[--j] = (uint16_t)sow_directed(h, SOW_DIR_CW);
        out[--j] = (uint16_t)sow_directed(h, SOW_DIR_CCW);
    }
    return k;
}

static int legal_directed(const sow_setup *s, const sow_rules *r,
                          const sow_game *g, int player, uint16_t *out,
                          uint64_t *endless_mask, sow_error *err);

/* OW.5 hole by hole (sowing.feed_by_hole): of the n candidates in out,
 * those whose hole is the hole of one of the k feeding moves in keep, in
 * their order; a move that names its direction (MB.2) is legal both ways
 * when one way feeds. */
static int feeding_holes(uint16_t *out, int n, const uint16_t *keep, int k)
{
    int m = 0;
    for (int i = 0; i < n; i++) {
        int h = sow_move_hole(out[i]);
        for (int j = 0; j < k; j++)
            if (sow_move_hole(keep[j]) == h) {
                out[m++] = out[i];
                break;
            }
    }
    return m;
}

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
    if (!plain && !directed && s->odd_turns) {
        /* (seeds in hand or directions: one test for the other games) */
        if (s->hand > 0 && g->hand[player] > 0)
            return placements(s, g, player, out); /* MW.2 */
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
        n = directed_moves(s, out, n);
    if (!s->relay || s->endless_move != SOW_ENDLESS_FORBID)
        return n;
    /* C0.7 / K2.4 forbid: a move that never ends is not legal; prove each
     * candidate by playing it on a copy. */
    const bool bear = sow_bearoff_would(s, g);
    if (bear && !s->force_general && !sow_lap_hooks(s))
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
                return copy_failed(&copy, endless_mask);
        }
        if (!endless)
            out[k++] = out[i];
        else if (endless_mask) /* (a hole either of whose moves is) */
            *endless_mask |= (uint64_t)1 << (directed ? sow_move_hole(out[i])
                                                      : out[i]);
    }
    return k;
}

/* sowing.not_opposite: no move from a hole whose facing hole holds one of
 * the counts (MancalaGames' NOT_XFROM_1S: Gelech's hole facing a single);
 * a hole that faces none (an outer row of four, C2.5) is not refused. */
static __attribute__((noinline)) int
refuse_opposite(const sow_setup *s, const sow_game *g, uint16_t *out, int n)
{
    int k = 0;
    for (int i = 0; i < n; i++) {
        int f = s->facing[sow_move_hole(out[i])];
        int c = f == SOW_POS_NONE ? -1 : g->board[f];
        bool no = c >= 0 && (c < 63 ? (s->not_opposite >> c) & 1
                                    : s->not_opposite_high);
        if (!no)
            out[k++] = out[i];
    }
    return k;
}

/* The way a move from hole h of the player sows its first seed: the
 * move's own where it names one (MB.2), else the variant's rule for h
 * (a single seed: an odd count, XK.1). */
static int first_way(const sow_setup *s, const sow_game *g, int player,
                     sow_move m, int h)
{
    if (sow_move_is_directed(m))
        return sow_move_dir(m);
    switch (s->dir_rule) {
    case SOW_DIR_BY_COUNT:
        return g->board[h] % 2 ? SOW_DIR_CCW : SOW_DIR_CW;
    case SOW_DIR_BY_HOLE:
        return (s->cw_holes >> h) & 1 ? SOW_DIR_CW : SOW_DIR_CCW;
    case SOW_DIR_CHOSEN:
        if (g->chosen_dir >= 0)
            return player == g->dir_chooser ? g->chosen_dir
                                            : 1 - g->chosen_dir;
        return s->dir;
    default:
        return s->dir;
    }
}

/* sowing.no_undo (QL.6, ZZ.6): the single seed the opponent just sowed
 * from hole a into hole b, the first step of their track the way they
 * sowed, which b holds alone, may not be sown straight back: a move from
 * b whose first step on the player's track is a is refused. On the ring
 * of two rows only a seed round a row end comes back so (QL.6: 0 and
 * 2N-1, N-1 and N, where the holes sow towards the ends); on a track
 * of the variant's own, wherever the holes' ways meet (ZZ.6: across the
 * middle of the zigzag, where the holes sow towards the middle). */
static __attribute__((noinline)) int
refuse_undo(const sow_setup *s, const sow_game *g, int player, uint16_t *out,
            int n)
{
    const int a = g->last_move_hole,
              b = s->tracks[1 - player][g->move_dir][a];
    if (b >= s->holes || g->board[b] != 1)
        return n; /* (a store, or off the track: nothing to undo) */
    int k = 0;
    for (int i = 0; i < n; i++) {
        const int h = sow_move_hole(out[i]);
        if (h != b ||
            s->tracks[player][first_way(s, g, player, out[i], h)][h] != a)
            out[k++] = out[i];
    }
    return k;
}

/* The filters of the holes themselves, before those that play each
 * candidate (one test of the setup's hole_filters for the variants with
 * none of them): no move facing some counts, no undo (QL.6), counts
 * played last (OU.2, LL.2), singles into an empty hole (TS.3), the reach
 * (SQ.4) and a round's first move (LL.2). */
static __attribute__((noinline)) int
hole_filters(const sow_setup *s, const sow_game *g, int player, uint16_t *out,
             int n)
{
    if (s->not_opposite || s->not_opposite_high)
        n = refuse_opposite(s, g, out, n);
    if (s->no_undo && g->last_mover == 1 - player && g->last_lifted == 1 &&
        g->last_move_hole >= 0 && (!s->no_undo_capture || g->since_capture))
        /* QL.6, ZZ.6 (P28: after a pass the player to move is the last
         * mover, and the rule lapses) */
        n = refuse_undo(s, g, player, out, n);
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
         * the player's track (under last_to_empty every candidate holds
         * one here unless some hole holds more: count_last has kept those
         * alone; under to_empty any hole of one is filtered) */
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
    if (s->first_keep && g->ply == 0) {
        /* LL.2: a round's first move from the K highest-numbered holes
         * (the rightmost, seen from either player); a hole is one move,
         * or two where it names its direction (MB.2, issue 24) */
        int at = n;
        for (int k = 0; k < s->first_keep && at > 0; k++) {
            const int h = sow_move_hole(out[at - 1]);
            while (at > 0 && sow_move_hole(out[at - 1]) == h)
                at--;
        }
        if (at > 0) {
            memmove(out, out + at, (size_t)(n - at) * sizeof *out);
            n -= at;
        }
    }
    return n;
}

/* The filters that play each candidate on a copy (P42): a grand slam
 * that is forbidden (OW.4 forbid) and must feed (OW.5, PL.7). */
static int filter_moves(const sow_setup *s, const sow_rules *r,
                        const sow_game *g, int player, uint16_t *out, int n,
                        uint64_t *endless_mask, sow_error *err)
{
    if (s->hole_filters)
        n = hole_filters(s, g, player, out, n);
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
            return copy_failed(&copy, endless_mask);
        if (slam && !endless && (copy.move_flags & SOW_MOVED_GRAND_SLAM))
            continue;
        if (feed && !endless && row_seeds(&copy, 1 - player) == 0)
            continue;
        keep[k++] = out[i];
    }
    if (k == 0 && feed && s->must_feed == SOW_FEED_ELSE_ALL && !slam)
        return n; /* PL.7: no move feeds: every move is legal */
    if (feed && s->feed_by_hole && !slam)
        return feeding_holes(out, n, keep, k);
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
    int n = legal_base(s, r, g, player, out, endless_mask, err, false, true);
    if (s->cw_limited && n > 0) /* MW.5 */
        n = filter_cw(s, g, player, out, n);
    if (s->first_dir && g->ply < 2) {
        /* sowing.first_direction (NO_UDIR_FIRSTS): each player's first
         * move, the game's (round's) first two plies, sows one way (a
         * hole that does not choose keeps its own) */
        int k = 0;
        for (int i = 0; i < n; i++)
            if (sow_move_dir(out[i]) == s->first_dir - 1 ||
                !sow_hole_chooses(s, sow_move_hole(out[i])))
                out[k++] = out[i];
        n = k;
    }
    return n;
}

/* NS.6: a candidate whose sowing comes to a choice is legal once for
 * each hole it may choose (the token h,xK), in place of h alone. Each
 * candidate is sown on a copy with no choice made. */
static int legal_choices(const sow_setup *s, const sow_rules *r,
                         const sow_game *g, int player, uint16_t *out, int n,
                         uint64_t *endless_mask, sow_error *err)
{
    if (s->own_circuits) {
        /* each player sows only their own holes, so the opponent's holes
         * do not change before the capture: no own hole with both holes
         * across holding seeds, no choice this turn */
        bool pair = false;
        for (uint64_t m = g->owns[player]; m && !pair; m &= m - 1) {
            int h = __builtin_ctzll(m), f = s->facing[h], b = s->behind[h];
            pair = f != SOW_POS_NONE && b != SOW_POS_NONE &&
                   g->owner[f] != player && g->owner[b] != player &&
                   g->board[f] && g->board[b];
        }
        if (!pair)
            return n;
    }
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
            return copy_failed(&copy, endless_mask);
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
    if (__builtin_expect(s->ends_turns, 0) && !sow_decision_phase(s, g))
        return sow_ends_legal(s, g, player, false, out, err); /* C2.3, BK */
    int n = legal_base(s, r, g, player, out, endless_mask, err, false, false);
    if (!s->filters || n <= 0 || sow_decision_phase(s, g) ||
        (s->dir_rule == SOW_DIR_CHOSEN && g->chosen_dir < 0))
        return n;
    n = filter_moves(s, r, g, player, out, n, endless_mask, err);
    if (s->choices && n > 0)
        n = legal_choices(s, r, g, player, out, n, endless_mask, err);
    /* the script's filter hook, after the filters of data (sow_hooks.c) */
    if (__builtin_expect(s->filter_hook, 0) && n > 0 && r && r->filter)
        n = sow_hook_filter(s, r, g, player, out, n, err);
    return n;
}

int sow_legal_first(const sow_setup *s, const sow_rules *r,
                    const sow_game *g, int player, uint16_t *out,
                    uint64_t *endless_mask, sow_error *err)
{
    /* a turn's tree of choices is what costs to list whole (C2.3); the
     * other families' lists are made whole, as cheap as their first */
    if (s->ends_turns && !sow_decision_phase(s, g))
        return sow_ends_legal(s, g, player, true, out, err);
    return sow_legal_moves(s, r, g, player, out, endless_mask, err);
}
