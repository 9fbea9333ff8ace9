/* sow_engine.c - playing a game: start, legality, the move, and the end
 * rules in their order (docs/rules.md C0.5, C0.7, K1.7, K2.6, P3-P6). */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "sow_engine_int.h"
#include "sow_budget.h"
#include "sow_history.h"
#include "sow_layout.h"
#include "sow_move.h"
#include "sow_reach.h"

int sow_engine_init(sow_engine *e, const sow_setup *s, const sow_rules *rules,
                    sow_error *err)
{
    memset(e, 0, sizeof *e);
    e->setup = s;
    if (rules)
        e->rules = *rules;
    if (s->repetition) {
        e->hist = sow_history_new(s->holes, s->total);
        if (!e->hist)
            return sow_error_set(err, NULL, 0, 0, "out of memory");
    }
    if (s->unreachable && !(e->reach = sow_reach_new(s, rules))) {
        sow_engine_free(e);
        return sow_error_set(err, NULL, 0, 0, "out of memory");
    }
    return SOW_OK;
}

void sow_engine_free(sow_engine *e)
{
    sow_history_free(e->hist);
    e->hist = NULL;
    sow_reach_free(e->reach);
    e->reach = NULL;
}

/* Up to 16 legal moves are handled as four words of 16-bit lanes (no loop
 * whose end the processor must guess): keep16[n] keeps the first n lanes
 * of the four words. */
/* (l & 3: the same l where the shift is taken; clang checks the shift of
 * the branches not taken too) */
#define KEEP(l)                                                              \
    ((l) <= 0 ? 0ULL : (l) >= 4 ? ~0ULL : (1ULL << (16 * ((l)&3))) - 1)
#define KEEP_ROW(n) {KEEP(n), KEEP((n)-4), KEEP((n)-8), KEEP((n)-12)}
static const uint64_t keep16[17][4] = {
    KEEP_ROW(0),  KEEP_ROW(1),  KEEP_ROW(2),  KEEP_ROW(3),  KEEP_ROW(4),
    KEEP_ROW(5),  KEEP_ROW(6),  KEEP_ROW(7),  KEEP_ROW(8),  KEEP_ROW(9),
    KEEP_ROW(10), KEEP_ROW(11), KEEP_ROW(12), KEEP_ROW(13), KEEP_ROW(14),
    KEEP_ROW(15), KEEP_ROW(16)};

bool sow_game_is_legal(const sow_game *g, sow_move m)
{
    if (m < 0 || m > 0xFFFF) /* a layout fits the legal list's pattern
                                (its counts: sow_layout_problem, MW.2) */
        return sow_move_is_laid(m) && g->nlegal == 1 &&
               g->legal[0] == SOW_MOVE_LAYOUT;
    if (g->nlegal <= 16) {
        /* a lane equal to m is a zero lane of w ^ m: the classic test
         * (x - 1) & ~x & high bit, kept to the lanes in use (a borrow
         * only reaches lanes above a zero lane, so any hit is exact) */
        const uint64_t ones = 0x0001000100010001ULL, highs = ones << 15;
        uint64_t w[4], rep = ones * (uint64_t)m, hit = 0;
        const uint64_t *keep = keep16[g->nlegal < 0 ? 0 : g->nlegal];
        memcpy(w, g->legal, sizeof w);
        for (int k = 0; k < 4; k++) {
            uint64_t x = w[k] ^ rep;
            hit |= (x - ones) & ~x & highs & keep[k];
        }
        return hit != 0;
    }
    for (int i = 0; i < g->nlegal; i++)
        if (g->legal[i] == m)
            return true;
    return false;
}

/* Record g's position for the repetition rule (P4): its board and the
 * player to move, and in the family the claimed and blocked holes (C1.4,
 * C1.5), which make another position of the same board. */
static inline int hist_add(sow_engine *e, const sow_game *g)
{
    if (e->setup->plain_turns)
        return sow_history_add(e->hist, g->board, g->to_move, g->on_board);
    const uint64_t marks[3] = {g->claims[0], g->claims[1], g->blocked};
    return sow_history_add_marked(e->hist, g->board, g->to_move, marks);
}

int sow_engine_hist_push(sow_engine *e, const sow_game *g)
{
    return e->hist ? hist_add(e, g) : 0;
}

/* 1 when `player` has no legal move on g (end.either_cannot_move,
 * M3.4), 0 when they have one, -1 on an error (its endless mask in
 * *failed: legal_failed). Off the seed games' path. */
static __attribute__((noinline)) int stuck(sow_engine *e, const sow_game *g,
                                           int player, uint64_t *failed,
                                           sow_error *err)
{
    uint16_t legal[SOW_MAX_LEGAL];
    uint64_t endless = 0;
    int n = sow_legal_moves(e->setup, &e->rules, g, player, legal, &endless,
                            err);
    if (n < 0)
        *failed = endless; /* (legal_failed) */
    return n < 0 ? -1 : n == 0;
}

/* Decide who moves next: in a decision phase, g->to_move (the script set
 * it); else the opponent of `mover` if they can move, else `mover` (an
 * automatic pass, C0.5, not a ply), else nobody. The legal moves go to
 * `legal`, their count to *nlegal, the player to *next, the holes left out
 * as endless to *endless. Returns 1 when nobody can move, -1 on an error
 * (*endless SOW_ENDLESS_UNDECIDED where a candidate reached the lap cap,
 * P2: the game then stops there unfinished, legal_failed). */
static inline __attribute__((always_inline)) int
settle(sow_engine *e, const sow_game *g, int mover, bool again,
                  int *next, uint16_t *legal, int *nlegal, uint64_t *endless,
                  sow_error *err, const bool turns)
{
    const sow_setup *s = e->setup;
    if (sow_decision_phase(s, g)) {
        int n = sow_legal_moves(s, &e->rules, g, g->to_move, legal, endless,
                                err);
        if (n < 0)
            return -1;
        if (n == 0)
            return sow_error_set(err, s->v->path, 0, 0,
                                 "phase %d: the decisions hook offers no "
                                 "move to %s",
                                 g->phase, g->to_move ? "North" : "South");
        *next = g->to_move;
        *nlegal = n;
        return 0;
    }
    /* an extra turn (C1.3): the mover is the one to move next */
    int opp = again ? mover : 1 - mover;
    mover = 1 - opp;
    /* `turns`: the copy that sows directed moves (play_directed), where
     * turns of several decisions are (C2.3); the others test nothing */
    int n = turns && __builtin_expect(e->leaf, 0)
                ? sow_legal_first(s, &e->rules, g, opp, legal, endless, err)
                : sow_legal_moves(s, &e->rules, g, opp, legal, endless, err);
    if (n < 0)
        return -1;
    *next = opp;
    *nlegal = n;
    if (n > 0)
        return 0;
    if (s->passing) {
        uint64_t mine;
        n = turns && e->leaf
                ? sow_legal_first(s, &e->rules, g, mover, legal, &mine, err)
                : sow_legal_moves(s, &e->rules, g, mover, legal, &mine, err);
        if (n < 0)
            return -1;
        if (n > 0) {
            EMIT(e, SOW_EV_PASS, opp, -1, 0, 0);
            *next = mover;
            *nlegal = n;
            *endless = mine;
            return 0;
        }
    }
    return 1;
}

/* The game stops unfinished before a move at the lap cap (P2, C2.9): the
 * move reached it (lap_capped), or a candidate of the position it reached
 * could not be told endless within it (legal_failed); the observer hears
 * the end; the error text is dropped. */
static __attribute__((noinline, cold)) int
lap_capped(sow_engine *e, sow_game *g, sow_error *err)
{
    g->move_flags = 0;
    g->over = true;
    g->nlegal = 0;
    sow_error_clear(err);
    return sow_end_finish(e, g, SOW_END_LAP_CAP, err);
}

/* A move failed, g put back as before it: the error, or, where the
 * legal list after it could not be made (*endless SOW_ENDLESS_UNDECIDED,
 * sow_legal_moves), the end at the lap cap. Told apart here, in the
 * error path: a value returned by settle, or a test after it, cost the
 * seed games' moves 0.4% more instructions (GCC's code for the hot path
 * changed). */
static __attribute__((noinline, cold)) int
legal_failed(sow_engine *e, sow_game *g, const uint64_t *endless,
             sow_error *err)
{
    return *endless == SOW_ENDLESS_UNDECIDED ? lap_capped(e, g, err)
                                             : SOW_ERR;
}

/* The board of the setup, owners by rows (C0.6), South to move (C0.1);
 * no legal moves computed yet. */
void sow_game_init(const sow_setup *s, sow_game *g)
{
    /* all but the legal list past its first 16 moves, most of the game
     * (SOW_MAX_LEGAL), which is read only once written (sow_game_branch);
     * clearing it cost the seed games 0.1-0.4% of their playouts */
    memset(g, 0, offsetof(sow_game, legal) + 16 * sizeof *g->legal);
    memset(&g->result, 0, sizeof *g - offsetof(sow_game, result));
    memcpy(g->board, s->start, sizeof g->board);
    for (int h = 0; h < s->holes; h++)
        sow_game_set_owner(g, h, s->home[h]);
    g->on_board = s->total - 2 * s->hand;
    g->hand[0] = g->hand[1] = (int16_t)s->hand; /* MW.1 */
    g->last_move_hole = -1;
    g->move_last = SOW_LAST_NONE;
    g->last_mover = -1;
    g->chosen_dir = -1;
    g->choice = SOW_NO_CHOICE; /* a hook's g.choice: nil but in a move */
    g->move_dir = (uint8_t)s->dir; /* per move only where it varies */
    g->result.winner = -1;
    g->phase = (uint8_t)s->v->start_phase;
    g->claims[0] = s->start_claims[0]; /* C1.4: board.claimed */
    g->claims[1] = s->start_claims[1];
}

/* After a sowing move in a phase: note the hole played (fresh_holes: once
 * every own hole is played, all may be played again) and end the phase
 * after its last ply (until_ply). */
static inline void phase_after_sowing(const sow_setup *s, sow_game *g,
                                      int mover, int hole)
{
    if (g->phase == 0 || g->phase > s->v->nphases)
        return;
    const sow_phase *ph = &s->v->phases[g->phase - 1];
    if (ph->fresh_holes) {
        /* a round of every own hole is complete: a new one starts */
        uint64_t own = sow_owned_mask(g, mover);
        if ((g->played[mover] & own) == own)
            g->played[mover] = 0;
        g->played[mover] |= (uint64_t)1 << hole;
    }
    if (ph->until_ply && g->ply >= ph->until_ply) {
        g->phase = 0;
        g->played[0] = g->played[1] = 0;
    }
}

int sow_seeds_check(const sow_setup *s, const sow_game *g, sow_error *err)
{
    const char *path = s->v->path;
    long board = sow_board_seeds(s, g->board);
    if (board != g->on_board)
        return sow_error_set(err, path, 0, 0,
                             "the holes hold %ld seeds, but the game counts "
                             "%d on the board: seeds were made or lost",
                             board, g->on_board);
    if (g->captured[0] < 0 || g->captured[1] < 0)
        return sow_error_set(err, path, 0, 0,
                             "the stores hold %d and %d seeds; a store "
                             "cannot hold fewer than 0",
                             g->captured[0], g->captured[1]);
    if (g->hand[0] < 0 || g->hand[1] < 0)
        return sow_error_set(err, path, 0, 0,
                             "the hands hold %d and %d seeds; a hand cannot "
                             "hold fewer than 0",
                             g->hand[0], g->hand[1]);
    long all = board + (long)g->captured[0] + g->captured[1] + g->hand[0] +
               g->hand[1];
    if (all > SOW_MAX_SEEDS)
        return sow_error_set(err, path, 0, 0,
                             "the position holds %ld seeds (%ld on the "
                             "board, %d and %d in the stores); a game holds "
                             "at most %d, since one hole may come to hold "
                             "them all: use fewer seeds",
                             all, board, g->captured[0], g->captured[1],
                             SOW_MAX_SEEDS);
    return SOW_OK;
}

/* The game in g is set up (owners, phase, player to move): find the legal
 * moves, record the initial position, and end the game at once if nobody
 * can move. The player to move is tried first (C0.1: South, or a match
 * game's starter), then the other. */
int sow_engine_begin(sow_engine *e, sow_game *g, sow_error *err)
{
    int next = 0, n = 0;
    /* every game starts here: the variant's, a match game's, a scenario's
     * given position (issue 13 #8) */
    if (sow_seeds_check(e->setup, g, err))
        return SOW_ERR;
    memset(&e->hook_end, 0, sizeof e->hook_end); /* (the last game's) */
    e->hook_end.winner = -1;
    uint64_t endless = 0;
    int r = settle(e, g, 1 - g->to_move, false, &next, g->legal, &n, &endless,
                   err, false);
    if (r < 0)
        return legal_failed(e, g, &endless, err);
    g->to_move = (uint8_t)next;
    g->nlegal = n;
    g->endless_mask = endless;
    if (e->hist) {
        sow_history_reset(e->hist);
        /* P4: the initial position counts as an earlier position. */
        if (hist_add(e, g) < 0)
            return sow_error_set(err, NULL, 0, 0, "out of memory");
    }
    if (r == 1)
        return sow_end_finish(e, g, sow_end_no_moves(e->setup), err);
    /* K1.7 unreachable holds from the first position on (a scenario's
     * start may be one where no capture can be made) */
    if (e->reach && sow_reach_end(e, g, err) < 0)
        return SOW_ERR;
    return SOW_OK;
}

int sow_engine_start(sow_engine *e, sow_game *g, sow_error *err)
{
    sow_game_init(e->setup, g);
    return sow_engine_begin(e, g, err);
}

static int illegal(const sow_setup *s, const sow_game *g, sow_move m,
                   sow_error *err)
{
    char list[512] = "", tok[64];
    size_t len = 0;
    for (int i = 0; i < g->nlegal && len + 40 < sizeof list; i++) {
        sow_turn_format(tok, sizeof tok, s, g, g->legal[i]); /* C2.3 */
        len += (size_t)snprintf(list + len, sizeof list - len, "%s%s",
                                i ? " " : "", tok);
    }
    sow_turn_format(tok, sizeof tok, s, g, m);
    return sow_error_set(err, NULL, 0, 0,
                         "ply %d: move %s is not legal for %s; the legal "
                         "moves are: %s",
                         g->ply, tok, g->to_move ? "North" : "South",
                         g->nlegal ? list : "(none)");
}

/* What a move changes besides the legal moves, kept to undo it when a
 * rule errors (the game is then left as it was). The whole board array is
 * copied: a fixed size compiles to a few vector moves, cheaper on this hot
 * path than a call with a varying length. */
typedef struct undo {
    sow_before before; /* the board and captures; the origin for sow_sow */
    int32_t on_board, ply, since_capture;
    uint8_t to_move, phase;
    bool last_endless;
    int8_t last_move_hole, last_mover;
    uint8_t move_dir;
    int8_t chosen_dir;
    int16_t last_lifted;
    uint64_t endless_mask, played[2], claims[2], blocked;
} undo;

/* (plain: the setup's plain_turns, a constant where it is known) */
static inline void save(const sow_game *g, undo *u, bool plain)
{
    memcpy(u->before.board, g->board, sizeof u->before.board);
    u->before.captured[0] = g->captured[0];
    u->before.captured[1] = g->captured[1];
    u->on_board = g->on_board;
    u->ply = g->ply;
    u->since_capture = g->since_capture;
    u->to_move = g->to_move;
    u->phase = g->phase;
    u->last_endless = g->last_endless;
    u->last_move_hole = g->last_move_hole;
    u->last_mover = g->last_mover;
    u->endless_mask = g->endless_mask;
    u->played[0] = g->played[0];
    u->played[1] = g->played[1];
    if (plain) /* the fields below change only in the family */
        return;
    u->move_dir = g->move_dir;
    u->chosen_dir = g->chosen_dir;
    u->last_lifted = g->last_lifted;
    u->claims[0] = g->claims[0];
    u->claims[1] = g->claims[1];
    u->blocked = g->blocked;
    /* (g->moved, P86, is not put back: the moves that are undone, an
     * endless one, a hook's error, the lap cap, end the game or were
     * sown on a copy) */
}

static inline void restore(sow_game *g, const undo *u, bool plain)
{
    memcpy(g->board, u->before.board, sizeof g->board);
    g->captured[0] = u->before.captured[0];
    g->captured[1] = u->before.captured[1];
    g->on_board = u->on_board;
    g->ply = u->ply;
    g->since_capture = u->since_capture;
    g->to_move = u->to_move;
    g->phase = u->phase;
    g->last_endless = u->last_endless;
    g->last_move_hole = u->last_move_hole;
    g->last_mover = u->last_mover;
    g->endless_mask = u->endless_mask;
    g->played[0] = u->played[0];
    g->played[1] = u->played[1];
    g->over = false;
    memset(&g->result, 0, sizeof g->result);
    g->result.winner = -1;
    if (plain) /* the fields below change only in the family */
        return;
    g->move_dir = u->move_dir;
    g->chosen_dir = u->chosen_dir;
    g->last_lifted = u->last_lifted;
    g->claims[0] = u->claims[0];
    g->claims[1] = u->claims[1];
    g->blocked = u->blocked;
    g->move_flags = 0;
}

/* Set the legal moves of g; most lists are short, and a fixed-size copy
 * is inlined. Entries past n up to 16 are zeroed (sow_game_is_legal reads
 * them, and equal games compare equal byte by byte). */
static void copy_legal(sow_game *g, const uint16_t *legal, int n)
{
    if (n <= 16) {
        uint64_t w[4];
        memcpy(w, legal, sizeof w);
        for (int k = 0; k < 4; k++)
            w[k] &= keep16[n][k];
        memcpy(g->legal, w, sizeof w);
    } else
        memcpy(g->legal, legal, (size_t)n * sizeof *legal);
    g->nlegal = n;
}

/* The end rules tested last after a move (the others let the game go
 * on), from ply s->late_ply on: K1.7 unreachable (then every ply), then
 * max_plies (P3: a game's own end rules first). The seed games' move
 * pays the one comparison it paid for max_plies alone. */
static __attribute__((noinline)) int late_end(sow_engine *e, sow_game *g,
                                              sow_error *err)
{
    if (e->reach) {
        int r = sow_reach_end(e, g, err);
        if (r)
            return r < 0 ? SOW_ERR : SOW_OK;
    }
    if (g->ply >= e->setup->max_plies)
        return sow_end_finish(e, g, SOW_END_MAX_PLIES, err);
    return SOW_OK;
}

/* What makes a decision move: the script's decide hook, the play hook of
 * a scripted phase, or the engine's own direction choice. */
typedef enum decision_by { BY_DECIDE, BY_PLAY, BY_DIRECTION, BY_LAYOUT } decision_by;

/* A decision move, a move of a scripted phase, or the direction choice:
 * what it changes is applied, then the rest of a ply (the move hooks, the
 * next player's moves, the end rules) as for any move. The whole state
 * is saved (such moves are rare). */
static int play_decision(sow_engine *e, sow_game *g, sow_move m,
                         decision_by by, sow_error *err)
{
    const sow_setup *s = e->setup;
    sow_game before;
    sow_game_dup(&before, g);
    uint64_t endless = 0; /* (legal_failed reads it on every failure) */
    if (by == BY_LAYOUT) {
        /* MW.2 (board.placing: layout): the whole hand in one ply,
         * checked by sow_engine_play */
        sow_layout_apply(g, m, e->obs.on_event ? &e->obs : NULL);
        g->last_mover = (int8_t)g->to_move;
    } else if (by == BY_DIRECTION) {
        /* OL.2, C1.12: the starter chooses the game's direction; the
         * same player then makes the first move */
        g->chosen_dir = (int8_t)sow_decision_value(m);
        g->dir_chooser = g->to_move;
        g->move_dir = (uint8_t)g->chosen_dir;
    } else {
        const bool scripted = by == BY_PLAY;
        sow_changes c;
        memset(&c, 0, sizeof c);
        c.to_move = c.phase = -1;
        if (scripted ? !e->rules.play : !e->rules.decide)
            return sow_error_set(err, s->v->path, 0, 0,
                                 "the variant has no %s hook for this move",
                                 scripted ? "play" : "decide");
        const sow_observer *obs = e->obs.on_event ? &e->obs : NULL;
        if ((scripted ? e->rules.play(e->rules.ctx, s, g, m, &c, err)
                      : e->rules.decide(e->rules.ctx, s, g, m, &c, err)) ||
            sow_apply_changes_seen(s, g, &c, obs, err) ||
            (c.nmoves && /* issue 24: last, "store" the decider's */
             sow_apply_moves(s, g, c.moves, c.nmoves,
                             scripted ? SOW_HOOK_PLAY : SOW_HOOK_DECIDE,
                             before.to_move, obs, err)))
            goto fail;
    }
    g->ply++;
    /* a decision or scripted move may capture (a script's capture) */
    g->since_capture = g->captured[0] + g->captured[1] !=
                               before.captured[0] + before.captured[1]
                           ? 0
                           : g->since_capture + 1;
    g->last_endless = false;
    g->last_move_hole = by == BY_PLAY ? (int8_t)m : -1;
    uint16_t legal[SOW_MAX_LEGAL];
    int nlegal = 0, next = g->to_move;
    if (s->move_hooks) {
        /* the script's after_move and game_end hooks (sow_hooks.c); the
         * view's mover is the player who moved */
        g->to_move = before.to_move;
        g->move_last = SOW_LAST_NONE; /* (g.last: nothing was sown) */
        if (sow_hook_after_move(e, &before, g, by == BY_PLAY ? m : -1, &next,
                                err))
            goto fail; /* (g.last: nil again, as before) */
        g->to_move = (uint8_t)next;
        if (e->hook_end.over) {
            if (sow_end_finish(e, g, SOW_END_HOOK, err))
                goto fail;
            return SOW_OK;
        }
    }
    /* C1.7 is tested after every move: a scripted one, or a decision
     * that claimed holes, may pass the threshold (or empty a row, JK.3
     * (a)) as a sowing does. (A direction choice changes no seeds.) */
    sow_end_reason first;
    if (by != BY_DIRECTION && !s->plain_turns &&
        (first = sow_end_family(s, g, before.to_move)) != SOW_END_NONE) {
        if (sow_end_finish(e, g, first, err))
            goto fail;
        return SOW_OK;
    }
    /* (a decision leaves its chooser to move on; a layout is a ply of the
     * mover like a sowing, and the other player lays out or moves next) */
    int r = settle(e, g, by == BY_LAYOUT ? g->to_move : 1 - g->to_move,
                   false, &next, legal, &nlegal, &endless, err, false);
    if (r < 0)
        goto fail;
    g->to_move = (uint8_t)next;
    int rc = SOW_OK;
    if (r == 1)
        rc = sow_end_finish(e, g, sow_end_no_moves(s), err);
    else if (g->ply >= s->late_ply) /* K1.7 unreachable, P3 */
        rc = late_end(e, g, err);
    if (rc)
        goto fail;
    if (!g->over) {
        copy_legal(g, legal, nlegal);
        g->endless_mask = endless;
        /* the position after the decisions is where repetition starts */
        if (!sow_decision_phase(s, g) && e->hist) {
            sow_history_reset(e->hist);
            if (hist_add(e, g) < 0) {
                sow_error_set(err, NULL, 0, 0, "out of memory");
                goto fail;
            }
        }
    }
    return SOW_OK;
fail:
    *g = before;
    return legal_failed(e, g, &endless, err);
}

/* After a sowing move (not endless) of a setup with move hooks: the
 * position before it into *before (g with the undo record's fields: the
 * sowing changes no owner or state), then after_move and game_end
 * (sow_hooks.c; game_end's answer in e->hook_end). A player after_move
 * names moves next: the mover again is an extra turn (C1.3), the other
 * is none. */
static __attribute__((noinline)) int
hooks_after(sow_engine *e, sow_game *g, const undo *u, int origin,
            sow_game *before, sow_error *err)
{
    memcpy(before, g, offsetof(sow_game, nlegal));
    restore(before, u, false);
    int to = -1;
    const int32_t took = g->captured[0] + g->captured[1];
    const int rc = sow_hook_after_move(e, before, g, origin, &to, err);
    /* g.last is the hooks' alone: between moves it is nil, so that a
     * move undone leaves the game as it was */
    g->move_last = SOW_LAST_NONE;
    if (rc)
        return SOW_ERR;
    if (g->captured[0] + g->captured[1] != took)
        g->since_capture = 0; /* after_move captured */
    if (to == g->to_move)
        g->move_flags |= SOW_MOVED_EXTRA_TURN;
    else if (to >= 0)
        g->move_flags &= (uint8_t)~SOW_MOVED_EXTRA_TURN;
    if (to >= 0) /* (a decision phase's player to move is g's) */
        g->to_move = (uint8_t)to;
    return SOW_OK;
}

void sow_engine_set_budget(sow_engine *e, const sow_budget *b)
{
    e->budget = b;
    e->budget_tick = 0;
    if (e->reach)
        sow_reach_set_budget(e->reach, b);
}

/* A sowing move, from save to the end rules. `plain` is the setup's
 * plain_turns, passed as a constant so that the seed games' copy has
 * none of the family's tests (no move hooks, no family end rules, no
 * extra turns: sow_setup_rules.c's sow_setup_paths); callgrind on `sow
 * bench` measured them at 2-4% of a seed game's plies. `turns`, also a
 * constant, is true in the copy of directed moves (play_directed), the
 * only one where a search's leaf may cut a turn tree's listing short
 * (settle; Kalah's plies were 0.2% more instructions with the test). */
static inline __attribute__((always_inline)) int
play_sowing(sow_engine *e, sow_game *g, sow_move m, sow_error *err,
            const bool plain, const bool turns)
{
    const sow_setup *s = e->setup;
    undo u;
    save(g, &u, plain);
    const int mover = g->to_move;
    bool endless = false;
    u.before.origin = m; /* the move, with its board before (save) */
    g->move_flags = 0;
    if (sow_sow(s, &e->rules, e->obs.on_event ? &e->obs : NULL, g,
                &u.before, &endless, err)) {
        const bool cap = g->move_flags & SOW_MOVED_LAP_CAP;
        restore(g, &u, plain);
        if (!cap)
            return SOW_ERR;
        /* P2: a move too long to follow to its end or its repetition
         * (hundreds of seeds in one relay): the game stops unfinished
         * before it, as at max_plies, instead of failing a whole run */
        return lap_capped(e, g, err);
    }
    if (endless) {
        /* P5: the endless move is a ply whose board is unchanged. */
        restore(g, &u, plain);
    }
    g->last_endless = endless;
    g->ply++;
    g->last_move_hole = (int8_t)m;
    g->last_mover = (int8_t)mover;
    phase_after_sowing(s, g, mover, m);
    bool took = g->captured[0] + g->captured[1] !=
                u.before.captured[0] + u.before.captured[1];
    g->since_capture = took ? 0 : u.since_capture + 1;

    uint16_t legal[SOW_MAX_LEGAL];
    int nlegal = 0, next = mover;
    uint64_t endless_mask = 0;
    int hist_added = 0;
    int rc = SOW_OK;
    sow_end_reason first = SOW_END_NONE;
    /* the position before the move, for the move hooks (and to restore
     * the owners and state they may change) */
    sow_game before;
    if (!plain && s->move_hooks && !endless) {
        if (hooks_after(e, g, &u, m, &before, err))
            goto fail;
        if (e->hook_end.over) {
            rc = sow_end_finish(e, g, SOW_END_HOOK, err);
            goto done;
        }
    }
    if (endless) {
        rc = sow_end_finish(e, g, SOW_END_ENDLESS, err);
    } else if (!plain && !s->plain_turns &&
               (first = sow_end_family(s, g, mover)) != SOW_END_NONE) {
        rc = sow_end_finish(e, g, first, err);
    } else if (s->seeds_at_most >= 0 && g->on_board <= s->seeds_at_most &&
               (plain || !(s->v->few_seeds_unclaimed &&
                           (g->claims[0] | g->claims[1])))) {
        rc = sow_end_finish(e, g, SOW_END_FEW_SEEDS, err); /* K2.6, P6 */
    } else {
        int r = settle(e, g, mover,
                       !plain && (g->move_flags & SOW_MOVED_EXTRA_TURN),
                       &next,
                       legal, &nlegal, &endless_mask, err, turns);
        g->to_move = (uint8_t)next;
        if (r < 0) {
            rc = SOW_ERR;
        } else if (r == 1) {
            /* P4 (a); GA.7: a move that emptied the claimed holes leaves
             * nobody a move, and ends the game for that reason */
            rc = sow_end_finish(e, g,
                        !plain && (g->move_flags & SOW_MOVED_SWEPT)
                            ? SOW_END_CLAIMED_ONLY
                            : sow_end_no_moves(s),
                        err);
        } else if (!plain && s->no_moves_either &&
                   !sow_decision_phase(s, g) &&
                   (r = stuck(e, g, 1 - next, &endless_mask, err)) != 0) {
            if (r < 0)
                rc = SOW_ERR;
            else /* M3.4: the player not to move has no move either */
                rc = sow_end_finish(e, g, sow_end_no_moves(s), err);
        } else {
            int seen = 0;
            if (e->hist) {
                seen = hist_add(e, g);
                if (seen < 0)
                    rc = sow_error_set(err, NULL, 0, 0, "out of memory");
                else
                    hist_added = 1;
            }
            if (rc)
                ;
            else if (seen)
                rc = sow_end_finish(e, g, SOW_END_REPETITION, err); /* P4 (b) */
            else if (s->no_capture_plies > 0 &&
                     g->since_capture >= s->no_capture_plies)
                rc = sow_end_finish(e, g, SOW_END_NO_CAPTURE, err);
            else if (g->ply >= s->late_ply) /* K1.7 unreachable, P3 */
                rc = late_end(e, g, err);
        }
    }
done:
    if (rc) {
fail:
        if (hist_added)
            sow_history_pop(e->hist, 1);
        restore(g, &u, plain);
        if (!plain && s->move_hooks && !endless) /* owners and state too */
            memcpy(g, &before, offsetof(sow_game, nlegal));
        /* P2: the next position's legal list could not be made (a
         * candidate reached the lap cap): the game stops before the move,
         * as before one that reaches it */
        return legal_failed(e, g, &endless_mask, err);
    }
    if (!g->over) {
        copy_legal(g, legal, nlegal);
        g->endless_mask = endless_mask;
    }
    return SOW_OK;
}

/* MW.2 (board.placing: layout): a whole setup, which the legal list
 * holds only as its pattern; what is wrong with it names the ply. */
static __attribute__((noinline)) int play_laid(sow_engine *e, sow_game *g,
                                               sow_move m, sow_error *err)
{
    char why[256], tok[160];
    if (sow_layout_problem(e->setup, g, m, why, sizeof why)) {
        sow_layout_format(tok, sizeof tok, m);
        return sow_error_set(err, NULL, 0, 0,
                             "ply %d: %s is not a legal layout for %s: %s "
                             "(%s)",
                             g->ply, tok, g->to_move ? "North" : "South",
                             why, e->setup->v->cite[SOW_CITE_PLACE][0]
                                      ? e->setup->v->cite[SOW_CITE_PLACE]
                                      : "board.placing");
    }
    return play_decision(e, g, m, BY_LAYOUT, err);
}

/* MB.2: a move that names its direction: the hole sown that way (the
 * direction it replaces is put back if the move fails). A seed placed
 * from the hand (MW.2) goes back to the hand where the board is put back:
 * the move failed, never ended (P5) or was too long to follow (P2); the
 * other moves' undo never saves the hands. */
static __attribute__((noinline)) int play_directed(sow_engine *e, sow_game *g,
                                                   sow_move m, sow_error *err)
{
    if (__builtin_expect(m >= SOW_MOVE_LAYOUT, 0))
        /* MW.2: a layout, or the legal list's pattern: one drawn */
        return play_laid(e, g, m == SOW_MOVE_LAYOUT
                                   ? sow_layout_draw(g, &e->lay_rng)
                                   : m,
                         err);
    const uint8_t was = g->move_dir;
    const int16_t hand[2] = {g->hand[0], g->hand[1]};
    const int hole = sow_move_aim(g, m);
    int rc = play_sowing(e, g, hole, err, false, true);
    if (rc)
        g->move_dir = was;
    if ((rc || g->last_endless ||
         (g->over && g->result.reason == SOW_END_LAP_CAP)) &&
        (sow_move_is_place(m) || sow_move_is_turn(m))) {
        g->hand[0] = hand[0];
        g->hand[1] = hand[1];
        g->placing = 0;
    }
    /* NS.6: the choice belongs to this move (its hooks saw it as
     * g.choice); the next move makes its own */
    g->choice = SOW_NO_CHOICE;
    return rc;
}

/* A move of g's legal list (checked before, or taken from it): decisions,
 * scripted phases, then sowing on the seed games' path or the family's. */
static inline __attribute__((always_inline)) int
play_move(sow_engine *e, sow_game *g, sow_move m, sow_error *err)
{
    const sow_setup *s = e->setup;
    if (m >= SOW_MOVE_DIRECTED) { /* (one test for both kinds) */
        if (!sow_move_is_decision(m))
            return play_directed(e, g, m, err);
        return play_decision(e, g, m,
                             s->dir_rule == SOW_DIR_CHOSEN ? BY_DIRECTION
                                                           : BY_DECIDE,
                             err);
    }
    if (g->phase && g->phase <= s->v->nphases &&
        s->v->phases[g->phase - 1].scripted)
        return play_decision(e, g, m, BY_PLAY, err);
    return s->plain_turns ? play_sowing(e, g, m, err, true, false)
                          : play_sowing(e, g, m, err, false, false);
}

/* The clock every 64 plies (a ply costs far more than a look at it then,
 * and a run stops within 64 plies of its deadline), and no move once the
 * game is over. */
static inline __attribute__((always_inline)) int
play_allowed(sow_engine *e, const sow_game *g, sow_error *err)
{
    if (e->budget && (++e->budget_tick & 63) == 0 &&
        sow_budget_over(e->budget))
        return sow_budget_error(e->budget, err);
    if (g->over)
        return sow_error_set(err, NULL, 0, 0,
                             "ply %d: the game is already over; no move can "
                             "follow",
                             g->ply);
    return SOW_OK;
}

int sow_engine_play(sow_engine *e, sow_game *g, sow_move m, sow_error *err)
{
    if (play_allowed(e, g, err))
        return SOW_ERR;
    if (!sow_game_is_legal(g, m))
        return illegal(e->setup, g, m, err);
    return play_move(e, g, m, err);
}

int sow_engine_play_at(sow_engine *e, sow_game *g, int i, sow_error *err)
{
    if (play_allowed(e, g, err))
        return SOW_ERR;
    if (i < 0 || i >= g->nlegal)
        return sow_error_set(err, NULL, 0, 0,
                             "ply %d: there is no legal move number %d (%d "
                             "legal moves)",
                             g->ply, i, g->nlegal);
    return play_move(e, g, g->legal[i], err);
}

int sow_engine_play_known(sow_engine *e, sow_game *g, sow_move m,
                          sow_error *err)
{
    if (play_allowed(e, g, err))
        return SOW_ERR;
    return play_move(e, g, m, err);
}
