/* sow_search.c - the alphabeta player: negamax with alpha-beta pruning
 * and principal variation search, iterative deepening, a transposition
 * table, and move ordering (table move, two killers per ply, a history
 * table). See sow_player.h for the evaluation and sow_search.h for how
 * the engine's repetition history is kept.
 *
 * Passes and repeated turns: the engine passes by itself, so after a move
 * the player to move may be the mover again; a child's value is negated
 * only when the side to move changed. Decision moves (Andada's first:N,
 * Adji Kui II's buy:N) are legal moves like any other.
 *
 * The last two plies: a child that will only be evaluated (a leaf) is
 * made by sowing alone (sow_sow on a copy), not by the whole engine move,
 * when nothing the engine checks after a sowing can end the game there: a
 * plain sowing phase, no repetition rule, not endless, the opponent has a
 * candidate move, and neither the few-seeds, no-capture nor max_plies
 * limits are reached. A node one ply above the leaves (frontier()) is
 * made the same way, and its moves are its candidates, each sown once
 * (an endless one skipped, as `forbid` leaves it out of the legal moves)
 * instead of the engine proving every candidate for the legal moves and
 * the search sowing them again; a node that is cut off after one or two
 * moves then never sows the rest. Where a leaf could end the game, or no
 * candidate is legal, the engine plays the move instead. The values, moves
 * and node counts are those of the plain search (test_players.c), except
 * in one case the leaf shortcut reads differently: an opponent whose every
 * candidate is endless under `forbid` (who cannot move, P6), which at the
 * horizon is left to the next search.
 *
 * A child at the horizon that the engine plays (turns of several
 * decisions, C2.3, and every game the shortcut above does not serve) is
 * played with the engine's `leaf` set: its legal list is cut after the
 * first turn found (sow_legal_first), since only whether its player can
 * move is read there. The same values, moves and nodes (test_players.c);
 * only a candidate past the lap cap (P2) that the whole list would have
 * met after the first legal turn goes unnoticed at the horizon.
 *
 * Turns of several decisions (C2.3) have no hole for the killers and
 * the history table; at a node two plies or more above the horizon they
 * are sown each on a copy and ordered by the evaluation of the position
 * they leave, best first after the table's move (turn_order): Bao la
 * Kiswahili's depth-7 searches made 4 to 29 times fewer nodes, the same
 * moves and values (docs/speed.md). One ply above the horizon the
 * sowings for the order cost what the cutoffs save.
 *
 * Transposition table: the key hashes the board, owners, player to move,
 * phase, captures, script state, opening rounds, bear-off and (with a
 * no-capture rule) the plies since the last capture; not the ply count
 * nor the repetition history, so a position reached by another path
 * shares its entry (the usual graph-history approximation). Entries are
 * tagged with the search that wrote them, so a search never reads another
 * search's entries (up to a 64-bit hash collision). */
#include <stdlib.h>
#include <string.h>

#include "sow_num.h"
#include "sow_egdb.h"
#include "sow_search.h"

#define INF (SOW_SCORE_WIN + 1000)
#define WON (SOW_SCORE_WIN - 1000) /* values beyond are decided games */
#define MAX_PLY (SOW_SEARCH_MAX_DEPTH + 1)

enum { TT_EXACT = 1, TT_LOWER = 2, TT_UPPER = 3 };

typedef struct tt_entry {
    uint64_t key;    /* the position's hash, xor the search's tag */
    int32_t value;   /* for the player to move; decided games relative to
                        this node */
    uint16_t move;   /* best move found */
    uint8_t depth;
    uint8_t flag;    /* TT_*; 0: empty */
} tt_entry;

struct sow_ab {
    sow_player_spec sp;
    const sow_setup *s;
    tt_entry *tt;
    uint64_t tt_mask;
    uint64_t tag;               /* this search's tag */
    uint64_t searches;
    sow_scratch scratch;
    bool exact;                 /* no horizon shortcuts (tests) */
    const sow_egdb *db;         /* an endgame database, or NULL */
    uint16_t killer[MAX_PLY + 1][2];
    int32_t hist[2][SOW_MAX_HOLES];
    /* per search */
    long long nodes;
    bool timed, stop, failed, horizon;
    double deadline;
    sow_error *err;
};

static uint64_t hash_game(const sow_setup *s, const sow_game *g)
{
    uint64_t x = 0x243F6A8885A308D3ULL;
    int i = 0;
    for (; i + 4 <= s->holes; i += 4) {
        uint64_t w;
        memcpy(&w, g->board + i, sizeof w);
        x = sow_hash_step(x, w);
    }
    for (; i < s->holes; i++)
        x = sow_hash_step(x, g->board[i]);
    x = sow_hash_step(x, g->owns[0]);
    x = sow_hash_step(x, (uint64_t)g->to_move | (uint64_t)g->phase << 8 |
                    (uint64_t)g->bearoff_on << 16);
    x = sow_hash_step(x, (uint64_t)(uint32_t)g->captured[0] |
                    (uint64_t)(uint32_t)g->captured[1] << 32);
    for (int k = 0; k < s->v->nstate; k++)
        x = sow_hash_step(x, (uint64_t)(uint32_t)g->state[k]);
    if (g->played[0] | g->played[1])
        x = sow_hash_step(sow_hash_step(x, g->played[0]), g->played[1]);
    if (s->no_capture_plies > 0)
        x = sow_hash_step(x, (uint64_t)g->since_capture);
    /* claimed and closed holes (C1.4, C1.5), and what the no-undo filter
     * reads (QL.6), change the moves of a position with the same board */
    if (g->pass_freed) /* IS.3: the holes passed over change */
        x = sow_hash_step(x, g->pass_freed);
    if (g->hand[0] | g->hand[1]) /* MW.1: seeds in hand */
        x = sow_hash_step(x, (uint64_t)(uint16_t)g->hand[0] |
                                 (uint64_t)(uint16_t)g->hand[1] << 16 |
                                 1ULL << 40);
    if (g->claims[0] | g->claims[1] | g->blocked)
        x = sow_hash_step(sow_hash_step(sow_hash_step(x, g->claims[0]),
                                        g->claims[1]),
                          g->blocked);
    if (s->no_undo)
        x = sow_hash_step(x, (uint64_t)(uint16_t)g->last_lifted |
                                 (uint64_t)(uint8_t)g->last_move_hole << 16 |
                                 (uint64_t)(uint8_t)g->last_mover << 24 |
                                 (uint64_t)g->move_dir << 32 |
                                 /* ZZ.6: whether the last move captured */
                                 (uint64_t)(s->no_undo_capture &&
                                            !g->since_capture) << 40);
    return sow_mix64(x);
}

sow_ab *sow_ab_new(const sow_player_spec *sp, const sow_setup *s,
                   sow_error *err)
{
    sow_ab *ab = calloc(1, sizeof *ab);
    if (ab) {
        ab->sp = *sp;
        ab->s = s;
        ab->scratch.s = s;
        ab->tt_mask = ((uint64_t)1 << sp->tt) - 1;
        ab->tt = calloc((size_t)ab->tt_mask + 1, sizeof *ab->tt);
    }
    if (!ab || !ab->tt) {
        free(ab);
        sow_error_set(err, NULL, 0, 0,
                      "out of memory for the transposition table (2^%d "
                      "entries); try a smaller tt=",
                      sp->tt);
        return NULL;
    }
    return ab;
}

void sow_ab_set_exact(sow_ab *ab, bool exact) { ab->exact = exact; }

void sow_ab_set_egdb(sow_ab *ab, const sow_egdb *db) { ab->db = db; }

void sow_ab_free(sow_ab *ab)
{
    if (!ab)
        return;
    sow_scratch_free(&ab->scratch);
    free(ab->tt);
    free(ab);
}

static int to_tt(int v, int ply)
{
    return v > WON ? v + ply : v < -WON ? v - ply : v;
}

static int from_tt(int v, int ply)
{
    return v > WON ? v - ply : v < -WON ? v + ply : v;
}

/* The value for player me of c, which endgame database db holds, reached
 * at `ply`: a game decided by the margin still to be made (the winner by
 * the totals, as in every game a database serves), its length unknown but
 * within the database's longest line. */
static int from_db(const sow_egdb *db, const sow_game *c, int margin, int me,
                   int ply)
{
    int total = c->captured[0] - c->captured[1] + margin; /* South's */
    if (total == 0)
        return 0;
    int longest = sow_egdb_about(db)->max_height;
    int v = SOW_SCORE_WIN - ply - (longest < 500 ? longest : 500);
    return (total > 0) == (me == 0) ? v : -v;
}

/* The value of a finished game for player me, reached at `ply`. */
static int terminal(const sow_game *c, int me, int ply)
{
    if (c->result.winner < 0)
        return 0;
    return c->result.winner == me ? SOW_SCORE_WIN - ply
                                   : -(SOW_SCORE_WIN - ply);
}

static void count_node(sow_ab *ab)
{
    ab->nodes++;
    if (ab->timed && (ab->nodes & 1023) == 0 &&
        sow_search_now() > ab->deadline)
        ab->stop = true;
}

static int negamax(sow_ab *ab, sow_engine *e, const sow_game *g, int depth,
                   int alpha, int beta, int ply);

/* Whether the sowing alone tells the value of a leaf child c of g (see
 * the top of the file). */
static bool leaf_by_sowing(const sow_setup *s, const sow_game *g,
                           const sow_game *c)
{
    if (!s->plain_turns) /* extra turns, filters, thresholds (C1.3-C1.7) */
        return false;
    if (s->seeds_at_most >= 0 && c->on_board <= s->seeds_at_most)
        return false;
    if (g->ply + 1 >= s->max_plies)
        return false;
    if (s->no_capture_plies > 0) {
        bool took = c->captured[0] + c->captured[1] !=
                    g->captured[0] + g->captured[1];
        if (!took && g->since_capture + 1 >= s->no_capture_plies)
            return false;
    }
    /* the opponent has a candidate move (sow_candidates, with an early
     * exit) */
    for (uint64_t m = c->owns[1 - g->to_move]; m; m &= m - 1)
        if (c->board[__builtin_ctzll(m)] >= s->min_seeds)
            return true;
    return false;
}

static void score_moves(const sow_ab *ab, const sow_game *g, int ply,
                        int tt_move, const uint16_t *mv, int32_t *sc, int n);

/* Bring the best scored of mv[k..n-1] to k. */
static inline void pick_next(uint16_t *mv, int32_t *sc, int k, int n)
{
    int bi = k;
    for (int j = k + 1; j < n; j++)
        if (sc[j] > sc[bi])
            bi = j;
    uint16_t tm = mv[k];
    mv[k] = mv[bi];
    mv[bi] = tm;
    int32_t ts = sc[k];
    sc[k] = sc[bi];
    sc[bi] = ts;
}

/* Move m of `player` cut off at `ply`: a killer, and credit in the
 * history table. */
static void note_cutoff(sow_ab *ab, int player, sow_move m, int depth,
                        int ply)
{
    if (m >= SOW_MAX_HOLES)
        return;
    if (ab->killer[ply][0] != m) {
        ab->killer[ply][1] = ab->killer[ply][0];
        ab->killer[ply][0] = (uint16_t)m;
    }
    int32_t *h = &ab->hist[player][m];
    *h += depth * depth;
    if (*h > (1 << 26)) /* keep below the killers' scores */
        for (int p = 0; p < 2; p++)
            for (int i = 0; i < SOW_MAX_HOLES; i++)
                ab->hist[p][i] /= 2;
}

/* Look g up: true with *v when the entry settles the value; *tt_move is
 * the entry's move or -1. */
static bool tt_probe(sow_ab *ab, uint64_t key, int depth, int alpha,
                     int beta, int ply, int *tt_move, int *v)
{
    const tt_entry *te = &ab->tt[key & ab->tt_mask];
    *tt_move = -1;
    if (!te->flag || te->key != (key ^ ab->tag))
        return false;
    *tt_move = te->move;
    if (te->depth < depth)
        return false;
    *v = from_tt(te->value, ply);
    if (te->flag == TT_EXACT || (te->flag == TT_LOWER && *v >= beta) ||
        (te->flag == TT_UPPER && *v <= alpha)) {
        /* a value that rests on evaluations: a deeper search may differ */
        if (*v <= WON && *v >= -WON)
            ab->horizon = true;
        return true;
    }
    return false;
}

static void tt_store(sow_ab *ab, uint64_t key, int depth, int alpha0,
                     int beta, int ply, int best, uint16_t best_move)
{
    tt_entry *te = &ab->tt[key & ab->tt_mask];
    te->key = key ^ ab->tag;
    te->value = to_tt(best, ply);
    te->move = best_move;
    te->depth = (uint8_t)depth;
    te->flag = best <= alpha0  ? TT_UPPER
               : best >= beta ? TT_LOWER
                              : TT_EXACT;
}

/* A node one ply above the horizon, made by sowing alone (see the top of
 * the file): c has the board, captures, ply, plies since a capture and
 * player to move the engine would give it, but no legal moves. Its moves
 * are the candidates of c->to_move; under `forbid` an endless one is
 * skipped, as the engine leaves it out. Each is sown and evaluated. Sets
 * *ok false, and the caller plays the move with the engine instead, when
 * a leaf could end the game or no candidate is legal. */
static int frontier(sow_ab *ab, const sow_engine *e, const sow_game *c,
                    int alpha, int beta, int ply, bool *ok)
{
    const sow_setup *s = ab->s;
    const int me = c->to_move;
    const uint64_t key = hash_game(s, c);
    int tt_move, v;
    *ok = true;
    if (tt_probe(ab, key, 1, alpha, beta, ply, &tt_move, &v))
        return v;
    uint16_t mv[SOW_MAX_HOLES];
    int32_t sc[SOW_MAX_HOLES];
    const int n = sow_candidates(s, c, me, mv);
    score_moves(ab, c, ply, tt_move, mv, sc, n);
    const int alpha0 = alpha;
    int best = -INF;
    uint16_t best_move = 0;
    for (int k = 0; k < n; k++) {
        pick_next(mv, sc, k, n);
        sow_game d;
        memcpy(&d, c, offsetof(sow_game, nlegal));
        bool endless;
        sow_before was;
        if (sow_sow(s, &e->rules, NULL, &d,
                    sow_move_of(&was, &e->rules, c, mv[k]), &endless,
                    ab->err)) {
            ab->failed = ab->stop = true;
            return 0;
        }
        if (endless)
            continue; /* not a legal move (forbid) */
        if (!leaf_by_sowing(s, c, &d)) {
            *ok = false;
            return 0;
        }
        count_node(ab);
        if (ab->stop)
            return 0;
        ab->horizon = true;
        v = sow_search_eval(s, &d, me);
        if (v > best) {
            best = v;
            best_move = mv[k];
        }
        if (v > alpha)
            alpha = v;
        if (alpha >= beta) {
            note_cutoff(ab, me, mv[k], 1, ply);
            break;
        }
    }
    if (best == -INF) {
        *ok = false; /* no legal move: the engine says what follows */
        return 0;
    }
    tt_store(ab, key, 1, alpha0, beta, ply, best, best_move);
    return best;
}

/* The value, for g->to_move, of playing m on g and searching `depth`
 * plies below, within (alpha, beta) in the same view. `full`: no null
 * window first (the first move of a node). */
static int child_value(sow_ab *ab, sow_engine *e, const sow_game *g,
                       sow_move m, int depth, int alpha, int beta, int ply,
                       bool full)
{
    const sow_setup *s = ab->s;
    const int me = g->to_move;
    sow_game c;
    /* (leaf_by_sowing needs plain_turns: moves are then holes) */
    if (depth == 0 && s->plain_turns && g->phase == 0 && !e->hist &&
        !ab->exact) {
        /* the horizon: the sowing alone, when it can tell */
        memcpy(&c, g, offsetof(sow_game, nlegal));
        bool endless;
        sow_before was;
        if (sow_sow(s, &e->rules, NULL, &c,
                    sow_move_of(&was, &e->rules, g, m),
                    &endless, ab->err)) {
            ab->failed = ab->stop = true;
            return 0;
        }
        if (!endless && leaf_by_sowing(s, g, &c)) {
            count_node(ab);
            ab->horizon = true;
            return sow_search_eval(s, &c, me);
        }
    }
    if (depth == 1 && s->plain_turns && g->phase == 0 && !e->hist &&
        !ab->exact &&
        (!s->relay || s->endless_move == SOW_ENDLESS_FORBID)) {
        /* one ply above the horizon: sowing alone, when it can tell */
        memcpy(&c, g, offsetof(sow_game, nlegal));
        bool endless;
        sow_before was;
        if (sow_sow(s, &e->rules, NULL, &c,
                    sow_move_of(&was, &e->rules, g, m),
                    &endless, ab->err)) {
            ab->failed = ab->stop = true;
            return 0;
        }
        if (!endless && leaf_by_sowing(s, g, &c)) {
            bool took = c.captured[0] + c.captured[1] !=
                        g->captured[0] + g->captured[1];
            c.ply = g->ply + 1;
            c.since_capture = took ? 0 : g->since_capture + 1;
            c.to_move = (uint8_t)(1 - me);
            c.last_endless = false;
            c.last_move_hole = (int8_t)m;
            c.endless_mask = 0;
            bool ok;
            int v;
            const long long nodes0 = ab->nodes;
            if (!full && beta - alpha > 1) {
                v = -frontier(ab, e, &c, -alpha - 1, -alpha, ply + 1, &ok);
                if (ok && v > alpha && v < beta && !ab->stop)
                    v = -frontier(ab, e, &c, -beta, -alpha, ply + 1, &ok);
            } else {
                v = -frontier(ab, e, &c, -beta, -alpha, ply + 1, &ok);
            }
            if (ok || ab->stop) {
                count_node(ab);
                return v;
            }
            /* the engine plays it: the same tree as without the shortcut
             * (no cutoff, no table entry came before the failure) */
            ab->nodes = nodes0;
        }
    }
    sow_game_dup(&c, g);
    int l0 = e->hist ? sow_history_len(e->hist) : 0;
    /* a child at the horizon is only evaluated: whether its player has a
     * move is all its legal list tells (listing every leaf of a turn's
     * tree of choices there was two thirds of a Bao la Kiswahili search) */
    e->leaf = depth == 0 && !ab->exact;
    const int rc = sow_engine_play(e, &c, m, ab->err);
    e->leaf = false;
    if (rc) {
        ab->failed = ab->stop = true;
        return 0;
    }
    count_node(ab);
    int v, margin;
    if (c.over) {
        v = terminal(&c, me, ply + 1);
    } else if (ab->db && sow_egdb_probe(ab->db, &c, &margin)) {
        v = from_db(ab->db, &c, margin, me, ply + 1);
    } else if (depth == 0) {
        ab->horizon = true;
        v = sow_search_eval(s, &c, me);
    } else if (c.to_move == me) {
        /* a pass or a repeated turn: the same side, no negation */
        if (!full && beta - alpha > 1) {
            v = negamax(ab, e, &c, depth, alpha, alpha + 1, ply + 1);
            if (v > alpha && v < beta && !ab->stop)
                v = negamax(ab, e, &c, depth, alpha, beta, ply + 1);
        } else {
            v = negamax(ab, e, &c, depth, alpha, beta, ply + 1);
        }
    } else {
        if (!full && beta - alpha > 1) {
            v = -negamax(ab, e, &c, depth, -alpha - 1, -alpha, ply + 1);
            if (v > alpha && v < beta && !ab->stop)
                v = -negamax(ab, e, &c, depth, -beta, -alpha, ply + 1);
        } else {
            v = -negamax(ab, e, &c, depth, -beta, -alpha, ply + 1);
        }
    }
    if (e->hist) {
        int added = sow_history_len(e->hist) - l0;
        if (added > 0)
            sow_history_pop(e->hist, added);
    }
    return v;
}

/* The engine the children of g are played with: e itself, or, when a move
 * from g may reset the history, a copy with scratch history `level`.
 * NULL when out of memory. */
static sow_engine *children_engine(sow_ab *ab, sow_engine *e,
                                   const sow_game *g, int level,
                                   sow_engine *local)
{
    if (!e->hist || !sow_search_resets_history(ab->s, g))
        return e;
    *local = *e;
    local->hist = sow_scratch_get(&ab->scratch, level);
    if (!local->hist) {
        sow_error_set(ab->err, NULL, 0, 0, "out of memory");
        ab->failed = ab->stop = true;
        return NULL;
    }
    return local;
}

/* Order the moves mv[0..n-1] of g: the table's move, the killers, then
 * by the history table. */
static void score_moves(const sow_ab *ab, const sow_game *g, int ply,
                        int tt_move, const uint16_t *mv, int32_t *sc, int n)
{
    for (int i = 0; i < n; i++) {
        if (mv[i] == tt_move)
            sc[i] = 1 << 30;
        else if (mv[i] == ab->killer[ply][0])
            sc[i] = 1 << 29;
        else if (mv[i] == ab->killer[ply][1])
            sc[i] = 1 << 28;
        else if (mv[i] < SOW_MAX_HOLES)
            sc[i] = ab->hist[g->to_move][mv[i]];
        else
            sc[i] = 0;
    }
}

/* Turns of several decisions (C2.3): each sown on a copy and ordered by
 * the evaluation of the position it leaves, best first for the mover
 * (the table's move still first). */
static void turn_order(const sow_ab *ab, const sow_game *g, int tt_move,
                       const uint16_t *mv, int32_t *sc, int n)
{
    for (int i = 0; i < n; i++) {
        if (mv[i] == tt_move || !sow_move_is_turn(mv[i]))
            continue;
        sow_game c;
        memcpy(&c, g, offsetof(sow_game, nlegal));
        int hole = sow_move_aim(&c, mv[i]);
        bool endless = false;
        sow_error ignored;
        sow_ends_sow(ab->s, NULL, &c, hole, &endless, &ignored);
        sc[i] = (1 << 20) + sow_search_eval(ab->s, &c, g->to_move);
    }
}

static int negamax(sow_ab *ab, sow_engine *e, const sow_game *g, int depth,
                   int alpha, int beta, int ply)
{
    const uint64_t key = hash_game(ab->s, g);
    int tt_move, v;
    if (tt_probe(ab, key, depth, alpha, beta, ply, &tt_move, &v))
        return v;
    sow_engine local, *ce = children_engine(ab, e, g, ply, &local);
    if (!ce)
        return 0;
    const int n = g->nlegal;
    uint16_t mv[SOW_MAX_LEGAL];
    int32_t sc[SOW_MAX_LEGAL];
    memcpy(mv, g->legal, (size_t)n * sizeof *mv);
    score_moves(ab, g, ply, tt_move, mv, sc, n);
    if (depth >= 2 && ab->s->ends_turns && !sow_decision_phase(ab->s, g))
        turn_order(ab, g, tt_move, mv, sc, n);
    const int alpha0 = alpha;
    int best = -INF;
    uint16_t best_move = mv[0];
    for (int k = 0; k < n; k++) {
        pick_next(mv, sc, k, n);
        v = child_value(ab, ce, g, mv[k], depth - 1, alpha, beta, ply,
                        k == 0);
        if (ab->stop)
            return 0;
        if (v > best) {
            best = v;
            best_move = mv[k];
        }
        if (v > alpha)
            alpha = v;
        if (alpha >= beta) {
            note_cutoff(ab, g->to_move, mv[k], depth, ply);
            break;
        }
    }
    tt_store(ab, key, depth, alpha0, beta, ply, best, best_move);
    return best;
}

int sow_ab_search(sow_ab *ab, sow_engine *e, const sow_game *g, sow_rng *rng,
                  sow_search_info *info, sow_error *err)
{
    const int n = g->nlegal;
    uint16_t mv[SOW_MAX_LEGAL];
    memcpy(mv, g->legal, (size_t)n * sizeof *mv);
    /* a random order of equal moves: ties are broken by the seed */
    for (int i = n - 1; i > 0; i--) {
        int j = sow_rng_below(rng, i + 1);
        uint16_t t = mv[i];
        mv[i] = mv[j];
        mv[j] = t;
    }
    info->move = mv[0];
    if (n == 1)
        return SOW_OK; /* nothing to choose: played at once, depth 0 */
    ab->searches++;
    ab->tag = sow_mix64(ab->searches * SOW_GOLDEN64 + 1);
    memset(ab->killer, 0xff, sizeof ab->killer);
    memset(ab->hist, 0, sizeof ab->hist);
    ab->nodes = 0;
    ab->stop = ab->failed = false;
    ab->err = err;
    ab->timed = ab->sp.ms > 0;
    ab->deadline = sow_search_now() + (double)ab->sp.ms / 1000.0;

    /* the search's own view of the engine: no observer; the same history,
     * left as it was */
    sow_engine se = *e;
    se.obs.on_event = NULL;
    sow_history *real = e->hist;
    const int len0 = real ? sow_history_len(real) : 0;
    sow_engine local, *ce = children_engine(ab, &se, g, 0, &local);
    if (!ce)
        return SOW_ERR;

    const int max_depth = ab->sp.depth ? ab->sp.depth : SOW_SEARCH_MAX_DEPTH;
    for (int d = 1; d <= max_depth; d++) {
        bool timed = ab->timed;
        ab->timed = timed && d > 1; /* depth 1 always completes */
        ab->horizon = false;
        int alpha = -INF, best = -INF, bi = 0;
        for (int k = 0; k < n && !ab->stop; k++) {
            int v = child_value(ab, ce, g, mv[k], d - 1, alpha, INF, 0,
                                k == 0);
            if (ab->stop)
                break;
            if (v > best) {
                best = v;
                bi = k;
            }
            if (v > alpha)
                alpha = v;
        }
        ab->timed = timed;
        if (ab->stop)
            break;
        /* the best move first for the next iteration */
        uint16_t b = mv[bi];
        memmove(mv + 1, mv, (size_t)bi * sizeof *mv);
        mv[0] = b;
        info->move = b;
        info->score = best;
        info->depth = d;
        if (best > WON || best < -WON || !ab->horizon)
            break; /* decided, or every line ended before the horizon */
        if (ab->timed && sow_search_now() > ab->deadline)
            break;
    }
    info->nodes = ab->nodes;
    if (real) {
        /* balanced by construction; this only guards the invariant */
        int extra = sow_history_len(real) - len0;
        if (extra > 0)
            sow_history_pop(real, extra);
    }
    return ab->failed ? SOW_ERR : SOW_OK;
}
