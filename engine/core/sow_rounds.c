/* sow_rounds.c - games played in rounds, as data (CATALOGUE C1.6, P38-P41):
 * after a round each player's total refills their holes, the holes that
 * cannot be filled are blocked, and the match ends when a total cannot fill
 * enough of them. This is the C counterpart of a new_game hook: the match
 * loop (sow_match.c) asks it the same question. */
#include <stdio.h>
#include <string.h>

#include "sow_game.h"

static const char *const player_name[2] = {"South", "North"};

/* The holes a refill fills for `player`: their row, or (fill_from:
 * track) every hole they own at the start, in the order of their track
 * from its first position (AB.7). */
static int fill_count(const sow_setup *s, int player)
{
    if (s->round_fill != SOW_FILL_TRACK)
        return s->n;
    int k = 0;
    for (int h = 0; h < s->holes; h++)
        k += s->home[h] == player;
    return k;
}

/* The hole of `player` filled k-th (from 0) under the fill rule. */
static int fill_hole(const sow_setup *s, int player, int k)
{
    const int n = s->n;
    if (s->round_fill == SOW_FILL_TRACK) {
        const uint8_t *tn = s->tracks[player][SOW_DIR_CCW];
        int x = s->track_first[player];
        for (int i = 0; i < SOW_POS_COUNT; i++, x = tn[x])
            if (x < s->holes && s->home[x] == player && k-- == 0)
                return x;
        return 0; /* (k is below fill_count) */
    }
    bool up = s->round_fill == SOW_FILL_LEFT ||
              (s->round_fill == SOW_FILL_WEST && player == 0);
    int first = player ? n : 0;
    return up ? first + k : first + n - 1 - k;
}

/* Refill `player`'s row with `total` seeds: as many holes as the total
 * fills (at most a row), the rest to the store, the unfilled holes blocked
 * when the rounds block them. */
static void refill(const sow_setup *s, int player, long total,
                   bool rest_hole, sow_next_game *out)
{
    const int k = s->round_seeds, own = fill_count(s, player);
    long holes = k > 0 ? total / k : own;
    if (holes > own)
        holes = own;
    /* AB.7: the smaller total's last hole takes what is left */
    long rest = rest_hole && holes < own ? total - holes * k : 0;
    for (int i = 0; i < own; i++) {
        int h = fill_hole(s, player, i);
        uint64_t bit = (uint64_t)1 << h;
        out->board[h] = (uint16_t)(i < holes ? k : i == holes ? rest : 0);
        out->blocked &= ~bit;
        if (i >= holes + (rest > 0) && s->round_block)
            out->blocked |= bit;
    }
    out->captured[player] = (int32_t)(total - holes * k - rest);
    out->holes[player] = (int)holes + (rest > 0);
}

/* The seeds `player` has at the end of a round counted in place: store
 * plus the unclaimed holes they own (JK.3: a row is counted, not
 * moved). */
static long in_place(const sow_setup *s, const sow_game *g, int player)
{
    long t = g->captured[player];
    for (int h = 0; h < s->holes; h++)
        if (g->owner[h] == player && sow_claimant(g, h) < 0)
            t += g->board[h];
    return t;
}

/* Who starts the next round (P40). */
static int next_starter(const sow_setup *s, const sow_game *prev,
                        const sow_match_info *info)
{
    const int w = prev->result.winner, alt = 1 - info->prev_starter;
    const int last = prev->last_mover >= 0 ? prev->last_mover : alt;
    if (prev->result.next_starter) /* the game_end hook's starter = p */
        return prev->result.next_starter - 1;
    /* a rule after a round won, another after a draw (setup: the words
     * alternate, loser, last_mover and winner are pairs of them) */
    switch (w >= 0 ? s->start_decided : s->start_draw) {
    case SOW_START_LOSER:
        return 1 - w;
    case SOW_START_WINNER:
        return w;
    case SOW_START_LAST_MOVER:
        return last;
    case SOW_START_NOT_LAST_MOVER:
        return 1 - last;
    case SOW_START_SOUTH:
        return 0;
    case SOW_START_NORTH:
        return 1;
    case SOW_START_NOT_TO_MOVE: /* LG.7: after an extra turn, the other */
        return 1 - prev->to_move;
    default:
        return alt;
    }
}

static int over(sow_next_game *out, int winner, const char *why)
{
    out->over = true;
    out->winner = winner;
    snprintf(out->reason, sizeof out->reason, "%s", why);
    return SOW_OK;
}

/* JK.4: only the loser's row is refilled; the winner's row, blocks and
 * store stay as they are, and the winner starts. */
static int loser_refill(const sow_setup *s, const sow_game *prev,
                        sow_next_game *out)
{
    char why[128];
    const int w = prev->result.winner, l = 1 - w;
    if (w < 0) /* JK.3: equal totals end the match drawn */
        return over(out, -1, "the round was drawn, which ends the match");
    long tl = in_place(s, prev, l);
    int need = s->round_min_holes * s->round_seeds;
    if (tl < need) {
        snprintf(why, sizeof why,
                 "%s's total (%ld) cannot fill %d hole%s of %d seeds",
                 player_name[l], tl, s->round_min_holes,
                 s->round_min_holes == 1 ? "" : "s", s->round_seeds);
        return over(out, w, why);
    }
    bool can = false; /* JK.4: W can move in W's row as it stands */
    for (int h = 0; h < s->holes; h++)
        can |= prev->owner[h] == w && prev->board[h] >= s->min_seeds &&
               !((prev->blocked >> h) & 1);
    if (!can) {
        snprintf(why, sizeof why, "%s, who won the round, has no move left",
                 player_name[w]);
        return over(out, w, why);
    }
    memcpy(out->board, prev->board, sizeof out->board);
    out->blocked = prev->blocked;
    out->captured[w] = prev->captured[w];
    int owned = 0;
    for (int h = 0; h < s->holes; h++)
        owned += prev->owner[h] == w && !((prev->blocked >> h) & 1);
    out->holes[w] = owned;
    refill(s, l, tl, false, out);
    out->starter = w;
    return SOW_OK;
}

/* SQ.6: tallied rounds, each from the start layout; the first to win
 * round_wins rounds wins the match. */
static int fresh_round(const sow_setup *s, const sow_game *prev,
                       const sow_match_info *info, sow_next_game *out)
{
    char why[128];
    for (int p = 0; p < 2; p++) {
        out->holes[p] = s->n;
        if (s->round_wins && info->wins[p] >= s->round_wins) {
            snprintf(why, sizeof why, "%s has won %d rounds",
                     player_name[p], info->wins[p]);
            return over(out, p, why);
        }
    }
    out->starter = next_starter(s, prev, info);
    /* SQ.1: the layout for the starter, or (alternate) for the player
     * who did not start the last round */
    int lay = s->round_layout ? 1 - info->prev_starter : out->starter;
    memcpy(out->board, lay ? s->start_north : s->start, sizeof out->board);
    return SOW_OK;
}

/* GB.7: territory. Every hole gets round_seeds again, the stores start
 * empty; the winner W of the last round owns k = W / seeds holes (one more
 * when W's remainder is more than half the seeds), counter-clockwise from
 * W's first hole, the loser the rest; after a draw each owns their row. A
 * loser's total below round_loser_below ends the match. */
static int territory_round(const sow_setup *s, const sow_game *prev,
                           const sow_match_info *info, sow_next_game *out)
{
    char why[128];
    const sow_result *r = &prev->result;
    const int w = r->winner, k = s->round_seeds;
    if (w >= 0 && s->round_loser_below &&
        r->score[1 - w] < s->round_loser_below) {
        snprintf(why, sizeof why, "%s's total (%d) is below %d",
                 player_name[1 - w], r->score[1 - w], s->round_loser_below);
        return over(out, w, why);
    }
    for (int h = 0; h < s->holes; h++) {
        out->board[h] = (uint16_t)k;
        out->set.owner_set |= (uint64_t)1 << h;
        out->set.owner[h] = s->home[h];
    }
    if (w >= 0 && k > 0) {
        long tw = r->score[w];
        long own = tw / k + (tw % k > k / 2 ? 1 : 0);
        if (own > s->holes)
            own = s->holes;
        for (int i = 0; i < s->holes; i++) /* W's from W's first hole */
            out->set.owner[(w * s->n + i) % s->holes] =
                (uint8_t)(i < own ? w : 1 - w);
    }
    for (int h = 0; h < s->holes; h++)
        out->holes[out->set.owner[h]]++;
    out->starter = next_starter(s, prev, info);
    return SOW_OK;
}

/* GA.9: the first empty hole along player p's track from its first
 * position, or -1. */
static int first_empty(const sow_setup *s, int p, uint64_t full)
{
    const uint8_t *tn = s->tracks[p][SOW_DIR_CCW];
    int x = s->track_first[p];
    for (int i = 0; i < SOW_POS_COUNT; i++, x = tn[x])
        if (x < s->holes && !((full >> x) & 1))
            return x;
    return -1;
}

/* GA.9: player p fills, while they have round_seeds or more, the first
 * empty hole along their track and owns it; left with one seed short
 * (after a fill, or from the start with borrow_alone) they fill one more
 * with a seed of the other's (borrow). Returns the holes filled. */
static int fill_owned(const sow_setup *s, int p, long left[2],
                      uint64_t *full, sow_next_game *out)
{
    const int k = s->round_seeds;
    int filled = 0;
    for (int x; (x = first_empty(s, p, *full)) >= 0; filled++) {
        if (left[p] >= k) {
            left[p] -= k;
        } else if (s->round_borrow && k > 1 && left[p] == k - 1 &&
                   left[1 - p] >= 1 && (filled || s->round_borrow_alone)) {
            left[p] = 0;
            left[1 - p]--;
        } else {
            break;
        }
        out->board[x] = (uint16_t)k;
        *full |= (uint64_t)1 << x;
        out->set.owner_set |= (uint64_t)1 << x;
        out->set.owner[x] = (uint8_t)p;
    }
    return filled;
}

/* GA.8, GA.9 (refill: owned): a total of at most lose_at_most loses the
 * match; else the round's starter (GA.9: the player who did not make its
 * last move) fills first, then the other (fill_owned), and each owns what
 * they fill; what is left stays in the store. A player who can fill no
 * hole ends the match drawn (GA.L3). A claimed hole left empty at the
 * round's end stays claimed (GA.L2). */
static int owned_round(const sow_setup *s, const sow_game *prev,
                       const sow_match_info *info, sow_next_game *out)
{
    char why[128];
    long left[2] = {prev->result.score[0], prev->result.score[1]};
    bool low[2] = {left[0] <= s->round_lose_at_most,
                   left[1] <= s->round_lose_at_most};
    if (low[0] || low[1]) {
        const int p = low[0] ? 0 : 1;
        snprintf(why, sizeof why, "%s's total (%ld) is at most %d",
                 player_name[p], left[p], s->round_lose_at_most);
        return over(out, low[0] && low[1] ? -1 : 1 - p, why);
    }
    out->starter = next_starter(s, prev, info);
    memset(out->board, 0, sizeof out->board);
    out->blocked = 0;
    uint64_t full = 0;
    for (int turn = 0; turn < 2; turn++) {
        const int p = turn ? 1 - out->starter : out->starter;
        out->holes[p] = fill_owned(s, p, left, &full, out);
    }
    for (int p = 0; p < 2; p++) {
        out->captured[p] = (int32_t)left[p];
        if (!out->holes[p]) {
            snprintf(why, sizeof why, "%s's total (%d) cannot fill a hole",
                     player_name[p], prev->result.score[p]);
            return over(out, -1, why);
        }
        for (uint64_t m = prev->claims[p]; m; m &= m - 1) {
            const int h = __builtin_ctzll(m);
            if (prev->board[h])
                continue;
            out->set.claim_set |= (uint64_t)1 << h;
            out->set.claim[h] = (uint8_t)p;
        }
    }
    return SOW_OK;
}

int sow_rounds_next(const sow_setup *s, const sow_game *prev,
                    const sow_match_info *info, sow_next_game *out,
                    sow_error *err)
{
    (void)err;
    char why[128];
    out->starter = 0; /* P40: South starts round 1 */
    if (!prev)
        return SOW_OK;
    const sow_result *r = &prev->result;
    if (r->unfinished) { /* C0.7, P3: the match is cut off with it */
        out->unfinished = true;
        return over(out, -1,
                    r->reason == SOW_END_LAP_CAP
                        ? "a round stopped at a move too long to follow"
                        : "a round reached max_plies unfinished");
    }
    /* P38: the threshold ends the whole match; so does an endless move
     * (C1.9 end_game) */
    if (r->reason == SOW_END_THRESHOLD && !s->v->threshold_round)
        return over(out, r->winner, "a player has more than the threshold");
    if (r->reason == SOW_END_ENDLESS)
        return over(out, r->winner, "an endless move ends the match");
    /* UR.6: the first player to reach round_points points wins */
    for (int p = 0; p < 2 && s->round_points; p++)
        if (info->points[p] >= s->round_points) {
            snprintf(why, sizeof why, "%s has %d points", player_name[p],
                     info->points[p]);
            return over(out, p, why);
        }
    /* totals_to_win: the rounds' totals added up; the first to reach it
     * wins, the larger sum when both do, a draw when the two are equal */
    if (s->round_totals && (info->totals[0] >= s->round_totals ||
                            info->totals[1] >= s->round_totals)) {
        const long *t = info->totals;
        const int w = t[0] == t[1] ? -1 : t[0] > t[1] ? 0 : 1;
        if (w < 0)
            snprintf(why, sizeof why, "both have %ld seeds over the rounds",
                     t[0]);
        else
            snprintf(why, sizeof why, "%s has %ld seeds over the rounds",
                     player_name[w], t[w]);
        return over(out, w, why);
    }
    out->has_start = true;
    if (s->round_territory)
        return territory_round(s, prev, info, out);
    if (s->round_owned)
        return owned_round(s, prev, info, out);
    if (s->round_fresh)
        return fresh_round(s, prev, info, out);
    if (s->round_loser_only)
        return loser_refill(s, prev, out);
    /* P39: a player's total is their score, swept as the rules say */
    long tot[2] = {r->score[0], r->score[1]};
    /* AB.7: with remainder: smaller, a single seed still fills a hole */
    int need = s->round_rest_smaller ? 1
                                     : s->round_min_holes * s->round_seeds;
    bool low[2] = {tot[0] < need, tot[1] < need};
    for (int p = 0; p < 2; p++) {
        long k = s->round_seeds > 0 ? tot[p] / s->round_seeds : s->n;
        int own = fill_count(s, p);
        out->holes[p] = (int)(k < own ? k : own); /* at most a row */
    }
    if (low[0] || low[1]) {
        int p = low[0] ? 0 : 1;
        if (s->round_rest_smaller) /* AB.7 */
            snprintf(why, sizeof why, "%s has no seeds left to fill a hole",
                     player_name[p]);
        else
            snprintf(why, sizeof why,
                     "%s's total (%ld) cannot fill %d hole%s of %d seeds",
                     player_name[p], tot[p], s->round_min_holes,
                     s->round_min_holes == 1 ? "" : "s", s->round_seeds);
        /* DK.7: the other player wins (both low: the larger total) */
        int w = low[0] && low[1]
                    ? (tot[0] == tot[1] ? -1 : tot[0] > tot[1] ? 0 : 1)
                    : 1 - p;
        return over(out, w, why);
    }
    memset(out->board, 0, sizeof out->board);
    out->blocked = 0;
    /* AB.7: the smaller total (South's when they are equal) */
    const int smaller = tot[1] < tot[0] ? 1 : 0;
    refill(s, 0, tot[0], s->round_rest_smaller && smaller == 0, out);
    refill(s, 1, tot[1], s->round_rest_smaller && smaller == 1, out);
    out->starter = next_starter(s, prev, info);
    return SOW_OK;
}
