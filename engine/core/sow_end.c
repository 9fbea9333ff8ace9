/* sow_end.c - the end of a game: the reasons in words, the default
 * scoring (C1.8, K1.8), the family's end rules tested first after a move
 * (JK.3 (a), SQ.5, C1.7), and finishing a game: its score and winner
 * (P3, P5, A.6, TR.5). The engine (sow_engine.c) decides when a game
 * ends; this file says what the end is worth. */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "sow_engine_int.h"

const char *sow_end_reason_text(const sow_setup *s, sow_end_reason r,
                                char *buf, int size)
{
    switch (r) {
    case SOW_END_NONE:
        return "the game goes on";
    case SOW_END_NO_MOVES:
        return s->no_moves_either ? "a player cannot move"
                                  : "neither player can move";
    case SOW_END_REPETITION:
        return "position repeated";
    case SOW_END_NO_CAPTURE:
        snprintf(buf, (size_t)size, "%d plies without a capture",
                 s->no_capture_plies);
        return buf;
    case SOW_END_FEW_SEEDS:
        snprintf(buf, (size_t)size, "%d or fewer seeds on the board",
                 s->seeds_at_most);
        return buf;
    case SOW_END_ENDLESS:
        return "endless move";
    case SOW_END_MAX_PLIES:
        return "max_plies reached";
    case SOW_END_CANNOT_MOVE:
        return "the player to move cannot move";
    case SOW_END_THRESHOLD:
        snprintf(buf, (size_t)size, "a player has captured more than %d",
                 s->threshold);
        return buf;
    case SOW_END_ROW_EMPTY:
        return s->row_empty_end == 1   ? "the mover's row is empty"
               : s->row_empty_end == 2 ? "the opponent's row is empty"
                                       : "a player's row is empty";
    case SOW_END_HOOK:
        return "the script's game_end hook ended the game";
    case SOW_END_LAP_CAP:
        return "a move too long to follow (P2): stopped unfinished";
    case SOW_END_CLAIMED_ONLY:
        return "only claimed holes held seeds: they were emptied into "
               "their claimants' stores";
    case SOW_END_UNREACHABLE:
        return "no capture can be reached";
    case SOW_END_UNDECIDED: /* (sow_result_text names the seeds left) */
        snprintf(buf, (size_t)size, "too many seeds left to tell in %ld "
                 "positions if a capture is reachable", s->reach_positions);
        return buf;
    }
    return "?";
}

/* rest: divided with an odd seed left: who takes it (sow_rest_odd). */
static void odd_seed(const sow_setup *s, const sow_game *g, int32_t out[2])
{
    switch (s->rest_odd) {
    case SOW_ODD_SOUTH:
        out[0]++;
        break;
    case SOW_ODD_NORTH:
        out[1]++;
        break;
    case SOW_ODD_LAST_MOVER:
        if (g->last_mover >= 0)
            out[g->last_mover]++;
        break;
    case SOW_ODD_NOBODY:
        break;
    default: /* behind: the player with less, North when level */
        out[out[1] > out[0] ? 0 : 1]++;
    }
}

/* The captures and claimed holes, then the seeds left on the board given
 * out by rest rule `rest` (sow_rest). */
static void score_by(const sow_setup *s, const sow_game *g, int rest,
                     int32_t out[2])
{
    out[0] = g->captured[0];
    out[1] = g->captured[1];
    long left = 0, row[2] = {0, 0};
    for (int h = 0; h < s->holes; h++) {
        int claimant = sow_claimant(g, h);
        if (claimant >= 0) { /* C1.4: a claimed hole counts for its owner */
            out[claimant] += g->board[h];
            continue;
        }
        left += g->board[h];
        row[g->owner[h]] += g->board[h];
    }
    switch (rest) { /* C1.8: where the seeds still on the board go */
    case SOW_REST_LAST_MOVER:
        if (g->last_mover >= 0)
            out[g->last_mover] += (int32_t)left;
        break;
    case SOW_REST_UNFED:
        /* OU.4 (b), (c): to the player whose row is empty and cannot be
         * fed; with no row empty, as own_row (OU.4 (d)) */
        if (row[0] == 0 && row[1] != 0) {
            out[0] += (int32_t)left;
            break;
        }
        if (row[1] == 0 && row[0] != 0) {
            out[1] += (int32_t)left;
            break;
        }
        out[0] += (int32_t)row[0];
        out[1] += (int32_t)row[1];
        break;
    case SOW_REST_NOBODY:
        break;
    case SOW_REST_DIVIDED:
        /* shared evenly; the odd seed as rest_odd says (issue 24) */
        out[0] += (int32_t)(left / 2);
        out[1] += (int32_t)(left / 2);
        if (left % 2)
            odd_seed(s, g, out);
        break;
    default: /* own_row: K1.8, K2.6, B.6 */
        out[0] += (int32_t)row[0];
        out[1] += (int32_t)row[1];
    }
}

void sow_default_score(const sow_setup *s, const sow_game *g, int32_t out[2])
{
    score_by(s, g, s->rest, out);
}

/* end.rest_fed (issue 24): whether `player`, whose row is empty, could be
 * fed: the other player, to move on the final position, has a legal move
 * (the variant's own: must_feed and its filters) that leaves seeds in
 * that row, each sown on a copy. At the end of a game only, and only in
 * a variant that sets rest_fed. */
static int could_feed(sow_engine *e, const sow_game *g, int player,
                      bool *fed, sow_error *err)
{
    const sow_setup *s = e->setup;
    const sow_rules *r = &e->rules;
    sow_game at;
    memcpy(&at, g, offsetof(sow_game, nlegal));
    at.to_move = (uint8_t)(1 - player);
    uint16_t moves[SOW_MAX_LEGAL];
    int n = sow_legal_moves(s, r, &at, 1 - player, moves, NULL, err);
    if (n < 0)
        return SOW_ERR;
    *fed = false;
    for (int i = 0; i < n && !*fed; i++) {
        sow_game copy;
        memcpy(&copy, &at, offsetof(sow_game, nlegal));
        bool endless = false;
        sow_before mv;
        if (sow_sow(s, r, NULL, &copy,
                    sow_move_of(&mv, r, &at, sow_move_aim(&copy, moves[i])),
                    &endless, err))
            return SOW_ERR;
        for (uint64_t m = copy.owns[player]; m && !endless; m &= m - 1) {
            const int h = __builtin_ctzll(m);
            *fed |= copy.board[h] && sow_claimant(&copy, h) < 0;
        }
    }
    return SOW_OK;
}

/* The score under rest: unfed with end.rest_fed set (MancalaGames'
 * UNFED_PLAYER): the player whose row is empty takes the rest only where
 * the other could not feed them; where they could, and where no row is
 * empty, the rest goes as rest_fed says. */
static __attribute__((noinline, cold)) int
fed_score(sow_engine *e, const sow_game *g, int32_t out[2], sow_error *err)
{
    const sow_setup *s = e->setup;
    long row[2] = {0, 0};
    for (int h = 0; h < s->holes; h++)
        if (sow_claimant(g, h) < 0)
            row[g->owner[h]] += g->board[h];
    int rest = s->rest_fed;
    for (int p = 0; p < 2; p++) {
        bool fed = true;
        if (row[p] == 0 && row[1 - p] != 0 && could_feed(e, g, p, &fed, err))
            return SOW_ERR;
        if (!fed)
            rest = SOW_REST_UNFED; /* (gives the rest to p) */
    }
    score_by(s, g, rest, out);
    return SOW_OK;
}

/* The score at the end (C1.8): sow_default_score, or fed_score where the
 * variant sets rest_fed (one test for the others). */
static inline int end_score(sow_engine *e, const sow_game *g, int32_t out[2],
                            sow_error *err)
{
    const sow_setup *s = e->setup;
    if (__builtin_expect(s->rest_fed != SOW_REST_UNFED, 0) &&
        s->rest == SOW_REST_UNFED)
        return fed_score(e, g, out, err);
    sow_default_score(s, g, out);
    return SOW_OK;
}

/* C1.7: a player's total (store plus claimed holes, C1.4) is more than
 * the threshold, or (TK.6 (a)) both equal it. */
static bool over_threshold(const sow_setup *s, const sow_game *g)
{
    long t[2] = {g->captured[0], g->captured[1]};
    for (int p = 0; p < 2; p++)
        for (uint64_t m = g->claims[p]; m; m &= m - 1)
            t[p] += g->board[__builtin_ctzll(m)];
    if (t[0] > s->threshold || t[1] > s->threshold)
        return true;
    return s->v->threshold_both && t[0] == s->threshold &&
           t[1] == s->threshold;
}

/* Whether every hole `player` owns is empty (JK.3 (a)); with
 * end.cleared_rows: inner, every inner hole (BK.10). */
static bool row_empty(const sow_setup *s, const sow_game *g, int player)
{
    const uint64_t rows = s->end_inner ? s->inner : ~(uint64_t)0;
    for (uint64_t m = g->owns[player] & rows; m; m &= m - 1)
        if (g->board[__builtin_ctzll(m)])
            return false;
    return true;
}

/* The end by an empty row after a move of `mover` (JK.3 (a): the
 * mover's, or the opponent's; SQ.5: either, the opponent's first). */
static bool cleared(const sow_setup *s, const sow_game *g, int mover)
{
    switch (s->row_empty_end) {
    case 1:
        return row_empty(s, g, mover);
    case 2:
        return row_empty(s, g, 1 - mover);
    default:
        return row_empty(s, g, 1 - mover) || row_empty(s, g, mover);
    }
}

/* The player whose row is empty at a cleared-row end: the mover's or the
 * opponent's as the rule looks, with either the opponent's first. */
static int cleared_player(const sow_setup *s, const sow_game *g)
{
    const int m = g->last_mover;
    if (s->row_empty_end == 1)
        return m;
    if (s->row_empty_end == 2)
        return 1 - m;
    return row_empty(s, g, 1 - m) ? 1 - m : m;
}

/* The winner at a cleared-row end under end.cleared_winner: the player
 * whose row is empty (TR.5), or the other; -2 when the rule leaves it to
 * the totals. */
static int cleared_winner(const sow_setup *s, const sow_game *g)
{
    if (s->cleared_winner == SOW_CLEARED_SCORE || g->last_mover < 0)
        return -2;
    const int p = cleared_player(s, g);
    return s->cleared_winner == SOW_CLEARED_EMPTIED ? p : 1 - p;
}

/* The family's end rules tested before all others after a move of
 * `mover` (out of the seed games' path): a row left empty (JK.3 (a),
 * SQ.5), then the threshold (C1.7: nothing swept). */
sow_end_reason sow_end_family(const sow_setup *s, const sow_game *g, int mover)
{
    if (s->row_empty_end && cleared(s, g, mover))
        return SOW_END_ROW_EMPTY;
    /* BA.L4: g->to_move loses; BA.6: the mover lifted their inner row
     * empty (one test of the flags on the other games' path) */
    if (g->move_flags & (SOW_MOVED_STUCK | SOW_MOVED_ROW_LIFTED))
        return g->move_flags & SOW_MOVED_STUCK ? SOW_END_CANNOT_MOVE
                                               : SOW_END_ROW_EMPTY;
    if (s->threshold >= 0 && over_threshold(s, g))
        return SOW_END_THRESHOLD;
    return SOW_END_NONE;
}

/* The higher total wins; equal totals are a draw. */
static int winner_by_score(const sow_result *res)
{
    if (res->score[0] == res->score[1])
        return -1;
    return res->score[0] > res->score[1] ? 0 : 1;
}

/* The result is filled: the game is over. */
static int ended(sow_engine *e, sow_game *g, sow_end_reason why)
{
    g->over = true;
    g->nlegal = 0;
    EMIT(e, SOW_EV_END, g->result.winner, -1, 0, why);
    return SOW_OK;
}

/* The game_end hook ended the game (e->hook_end): its score, or the score
 * of any end (the score hook, or captures plus seeds in own holes; none
 * under end.score: none); its winner, or the higher total (equal: a
 * draw). */
static int finish_hook(sow_engine *e, sow_game *g, sow_error *err)
{
    const sow_setup *s = e->setup;
    const sow_game_end *ge = &e->hook_end;
    sow_result *res = &g->result;
    res->reason = SOW_END_HOOK;
    res->hook_rule = (int8_t)ge->rule;
    res->unfinished = false;
    res->stuck_seeds = false;
    res->has_score = ge->has_score || !s->no_score;
    if (ge->has_score) {
        res->score[0] = ge->score[0];
        res->score[1] = ge->score[1];
    } else if (s->no_score) {
        res->score[0] = res->score[1] = 0;
    } else if (e->rules.score) {
        if (e->rules.score(e->rules.ctx, s, g, res->score, err))
            return SOW_ERR;
    } else if (end_score(e, g, res->score, err)) {
        return SOW_ERR;
    }
    res->winner = ge->winner >= 0   ? ge->winner
                  : res->has_score ? winner_by_score(res)
                                   : -1;
    return ended(e, g, SOW_END_HOOK);
}

/* The game is over: score it (the script's hook, or captures plus seeds in
 * own holes) and decide the winner. */
int sow_end_finish(sow_engine *e, sow_game *g, sow_end_reason why,
                   sow_error *err)
{
    const sow_setup *s = e->setup;
    sow_result *res = &g->result;
    /* the game_end hook's say on the next round's starter, made after
     * this move (C1.6; hook_end is cleared as each game begins) */
    res->next_starter = (int8_t)e->hook_end.next_starter;
    if (why == SOW_END_HOOK)
        return finish_hook(e, g, err);
    res->reason = why;
    res->unfinished = why == SOW_END_MAX_PLIES || why == SOW_END_LAP_CAP ||
                      why == SOW_END_UNDECIDED;
    res->has_score = !s->no_score;
    res->stuck_seeds = false;
    for (int h = 0; h < s->holes; h++)
        if (g->owner[h] == g->to_move && g->board[h])
            res->stuck_seeds = true;
    if (s->no_score) {
        /* no scoring (A.6): the rules name the winner, or nobody */
        res->score[0] = res->score[1] = 0;
        if (why == SOW_END_CANNOT_MOVE)
            res->winner = 1 - g->to_move; /* the player who moved last */
        else if (why == SOW_END_ROW_EMPTY && cleared_winner(s, g) >= 0)
            res->winner = cleared_winner(s, g); /* TR.5 */
        else if (why == SOW_END_ROW_EMPTY && g->last_mover >= 0)
            /* SQ.5: the player whose row is empty loses (the opponent's
             * row is looked at first) */
            res->winner = row_empty(s, g, 1 - g->last_mover)
                              ? g->last_mover
                              : 1 - g->last_mover;
        else if (why == SOW_END_ENDLESS)
            /* the mover loses (P5), or a draw (NB.5) */
            res->winner = s->v->endless_draw ? -1 : 1 - g->to_move;
        else
            res->winner = -1;
        g->over = true;
        g->nlegal = 0;
        EMIT(e, SOW_EV_END, res->winner, -1, 0, why);
        return SOW_OK;
    }
    if (why == SOW_END_CANNOT_MOVE) {
        if (end_score(e, g, res->score, err))
            return SOW_ERR;
        res->winner = 1 - g->to_move;
        g->over = true;
        g->nlegal = 0;
        EMIT(e, SOW_EV_END, res->winner, -1, 0, why);
        return SOW_OK;
    }
    if (why == SOW_END_THRESHOLD && !s->threshold_sweep) {
        /* C1.7: the stores as they are and the claimed holes, nothing
         * swept (with threshold_sweep, the rest is given out as at any
         * other end, C1.8, below) */
        res->score[0] = g->captured[0];
        res->score[1] = g->captured[1];
        for (int p = 0; p < 2; p++)
            for (uint64_t m = g->claims[p]; m; m &= m - 1)
                res->score[p] += g->board[__builtin_ctzll(m)];
    } else if (e->rules.score) {
        if (e->rules.score(e->rules.ctx, s, g, res->score, err))
            return SOW_ERR;
    } else if (end_score(e, g, res->score, err)) {
        return SOW_ERR;
    }
    /* P3: an unfinished game has no winner whatever the scores; TR.5: a
     * row left empty may name the winner whatever they are */
    res->winner = res->unfinished ? -1 : winner_by_score(res);
    if (why == SOW_END_ROW_EMPTY && cleared_winner(s, g) >= 0)
        res->winner = cleared_winner(s, g);
    return ended(e, g, why);
}

/* K1.7 unreachable undecided ("may refuse with a clear message when too
 * many seeds remain to decide"): the seeds left, and what decides
 * instead: the option that sets the rule, or the limit in the file. */
static const char *undecided_text(const sow_setup *s, const sow_game *g,
                                  char *buf, int size)
{
    /* (records give a reason 128 bytes) */
    const sow_expr *x = &s->v->capture_unreachable;
    char how[96];
    if (x->kind == SOW_EXPR_CONST)
        snprintf(how, sizeof how, "raise end.unreachable_positions");
    else
        snprintf(how, sizeof how, "option %s has other values",
                 s->v->options[x->opt].name);
    snprintf(buf, (size_t)size, "%d seeds left: too many to tell in %ld "
             "positions if a capture is reachable; %s", g->on_board,
             s->reach_positions, how);
    return buf;
}

const char *sow_result_text(const sow_setup *s, const sow_game *g, char *buf,
                            int size)
{
    if (g->result.reason == SOW_END_UNDECIDED)
        return undecided_text(s, g, buf, size);
    if (g->result.reason == SOW_END_HOOK && g->result.hook_rule > 0) {
        /* the rule the game_end hook named: its first sentence and id,
         * the id kept whole however short the buffer */
        const sow_rule_text *r = &s->v->rules[g->result.hook_rule - 1];
        const char *stop = strstr(r->text, ". ");
        int len = stop ? (int)(stop - r->text) : (int)strlen(r->text);
        const int room = size - (int)strlen(r->id) - 4;
        if (len > room)
            len = room > 0 ? room : 0;
        while (len > 0 && (r->text[len - 1] == '.' || r->text[len - 1] == ' '))
            len--;
        snprintf(buf, (size_t)size, "%.*s (%s)", len, r->text, r->id);
        return buf;
    }
    if (g->result.reason == SOW_END_CANNOT_MOVE) {
        snprintf(buf, (size_t)size, "%s has %s",
                 g->to_move ? "North" : "South",
                 g->result.stuck_seeds ? "no legal move" : "no seeds");
        return buf;
    }
    return sow_end_reason_text(s, g->result.reason, buf, size);
}
