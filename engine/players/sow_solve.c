/* sow_solve.c - the exact solver (sow_solve.h; docs/solving.md).
 *
 * Alpha-beta on South's view of the result: South's nodes take the
 * largest child, North's the smallest. A child's value is never negated,
 * so a repeated turn (an extra turn, a pass) needs no special case: the
 * node of the same player simply maximises (or minimises) again. The
 * driver is MTD(f): null-window searches, fail-soft, that close in on the
 * value, every bound they prove kept in the table.
 *
 * Values. A finished game is worth w * BIG + margin, w 1 when South won,
 * -1 when North did, 0 a draw; so the winner counts first and then the
 * margin, and where the winner always goes with the margin (the common
 * case) this is the margin's own order. Where the future of a position
 * cannot depend on the stores (no script, no threshold, the winner by the
 * totals: stores_apart()), the stores are left out of the key and the
 * table holds a value less the stores' difference (the margin still to
 * be made), so positions that differ only in their stores share an entry.
 *
 * Exactness and history. The key holds every field of the game that a
 * rule can read (sv_key, sow_solve_key.c). Under the repetition rule a
 * value depends on the positions before it that could recur: the key
 * holds their words too (rep_child), and the line's positions are kept
 * in the engine's history as a game's are (rep_search); the plies since
 * a capture are in the key when a no-capture rule is on;
 * the ply is in it only where a rule reads it (a script, min_ply,
 * bearoff_from, an opening phase), and up to where that rule stops
 * reading it. max_plies: each
 * table entry keeps the length of the longest line its proof looked at
 * (height); a proof is reused at any ply where that line still ends
 * before max_plies, and the root checks that its own proof does: a value
 * that max_plies could change is an error, never a wrong value. A
 * position that recurs along a line is an error too (path_add). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sow_budget.h"
#include "sow_egdb.h"
#include "sow_history.h"
#include "sow_num.h"
#include "sow_search.h"
#include "sow_solve_int.h"


/* Threads that share the table (sow_solver_set_threads) take the lock of
 * a bucket to read or write it: an entry is 24 bytes, more than one
 * store can write at once, and a torn entry (one thread's bounds under
 * another's check) would be a wrong value. The lock is a byte of the
 * bucket's own cache line, which the probe reads anyway (locks striped
 * over 4,096 flags in an array of their own made both threads write
 * those few lines at every probe: Kalah(6,4) --value-only, two threads,
 * 39.7 s with them, docs/solving.md); one thread takes none. */
static inline void bucket_lock(const sow_solver *sv, tt_bucket *bk)
{
    if (!sv->shared)
        return;
    while (__atomic_test_and_set(&bk->lock, __ATOMIC_ACQUIRE))
        ;
}

static inline void bucket_unlock(const sow_solver *sv, tt_bucket *bk)
{
    if (sv->shared)
        __atomic_clear(&bk->lock, __ATOMIC_RELEASE);
}

/* sv_tt_get, inlined in the search's probes (a call there cost Kalah's
 * search 0.7% more instructions where GCC stopped inlining it). */
static inline __attribute__((always_inline)) bool
tt_get(sow_solver *sv, key k, tt_entry *out)
{
    tt_bucket *bucket = &sv->tt[sv_bucket(sv, k)];
    const tt_entry *bk = bucket->e;
    bool found = false;
    bucket_lock(sv, bucket);
    for (int j = 0; j < 2 && !found; j++)
        if (bk[j].check == k.b) {
            *out = bk[j];
            found = true;
        }
    bucket_unlock(sv, bucket);
    return found;
}

bool sv_tt_get(sow_solver *sv, key k, tt_entry *out)
{
    return tt_get(sv, k, out);
}

/* Bounds in South's view of a position whose stores differ by base. */
static inline int lo_of(const tt_entry *te, int base)
{
    return te->lo <= -INF ? -INF : te->lo + base;
}
static inline int hi_of(const tt_entry *te, int base)
{
    return te->hi >= INF ? INF : te->hi + base;
}

/* What is known of g's value for a search `depth` plies ahead: the
 * table's bounds (te may be NULL: none; a shallower search's bounds do
 * not count) and, where the seeds' bound holds (sv->bound), the stores'
 * difference d give or take the seeds on the board k: every line from g
 * that ends has its margin in [d - k, d + k]. A line that max_plies stops
 * is a draw whatever its margin (P3), so the bound is taken only where it
 * holds for such a line too: d - k as a lower bound when it is at most 0
 * (a draw is no worse for South), d + k as an upper one when it is at
 * least 0. A cutoff by it then holds under any cap, and a proof that
 * uses it needs no height for the lines it never looked at
 * (docs/solving.md, "The seeds' bound"). */
static void known_bounds(const sow_solver *sv, const sow_game *g,
                         const tt_entry *te, int depth, int *lo, int *hi)
{
    const int base = sv_base(sv, g);
    const bool ok = te && te->depth >= depth;
    *lo = ok ? lo_of(te, base) : -INF;
    *hi = ok ? hi_of(te, base) : INF;
    if (sv->bound) {
        const int blo = base - g->on_board, bhi = base + g->on_board;
        if (*lo < blo && blo <= 0)
            *lo = blo;
        if (*hi > bhi && bhi >= 0)
            *hi = bhi;
    }
}

/* A guess of g's value for ordering, from its bounds: their middle. */
static long guess_of(const sow_game *g, int lo, int hi)
{
    return lo > -INF && hi < INF ? ((long)lo + hi) / 2
           : lo > -INF           ? lo
           : hi < INF            ? hi
                                 : g->captured[0] - g->captured[1];
}

static int log2_of(long long n)
{
    int l = 0;
    while (n > 1 && l < 255) {
        n >>= 1;
        l++;
    }
    return l;
}

static void tt_store_locked(tt_entry *bk, key k, int base, int alpha,
                            int beta, int best, uint16_t move, int height,
                            long long work, int depth, long long *used)
{
    tt_entry *te = bk[0].check == k.b   ? &bk[0]
                   : bk[1].check == k.b ? &bk[1]
                   : !bk[0].check       ? &bk[0]
                   : !bk[1].check       ? &bk[1]
                   : bk[0].work <= bk[1].work ? &bk[0]
                                             : &bk[1];
    if (te->check != k.b) {
        if (!te->check)
            ++*used;
        te->check = k.b;
        te->lo = -INF;
        te->hi = INF;
        te->height = 0;
        te->work = 0;
        te->depth = (uint8_t)depth;
    }
    if (depth < te->depth)
        return; /* a guess never replaces what a deeper search proved */
    if (depth > te->depth) {
        te->lo = -INF;
        te->hi = INF;
        te->depth = (uint8_t)depth;
    }
    int lo = best >= beta || best > alpha ? best - base : -INF;
    int hi = best <= alpha || best < beta ? best - base : INF;
    if (lo > te->lo)
        te->lo = lo;
    if (hi < te->hi)
        te->hi = hi;
    te->move = move;
    if (height > te->height)
        te->height = (uint16_t)(height > 65535 ? 65535 : height);
    int w = log2_of(work);
    if (w > te->work)
        te->work = (uint8_t)w;
}

/* Keep what a search of (alpha, beta) proved of the position (fail-soft:
 * best <= alpha an upper bound, best >= beta a lower one, else exact),
 * with what the entry already knew of it. */
static void tt_store(sow_solver *sv, key k, int base, int alpha, int beta,
                     int best, uint16_t move, int height, long long work,
                     int depth)
{
    tt_bucket *bucket = &sv->tt[sv_bucket(sv, k)];
    bucket_lock(sv, bucket);
    tt_store_locked(bucket->e, k, base, alpha, beta, best, move, height,
                    work, depth, &sv->used);
    bucket_unlock(sv, bucket);
}

/* ---- the line being searched ------------------------------------------ */

/* Add k to the positions of the current line at depth d: 1 when it is on
 * it already (a position recurs), 0 when added. */
static int path_add(sow_solver *sv, key k, int d)
{
    uint32_t i = (uint32_t)k.a & (PATH_SLOTS - 1);
    for (; sv->path_on[i]; i = (i + 1) & (PATH_SLOTS - 1))
        if (sv->path_a[i] == k.a && sv->path_b[i] == k.b)
            return 1;
    sv->path_on[i] = 1;
    sv->path_a[i] = k.a;
    sv->path_b[i] = k.b;
    sv->path_slot[d] = (int)i;
    return 0;
}

/* Linear probing: removing is safe because the line is left newest
 * first, so no later entry probed past the one removed. */
static void path_drop(sow_solver *sv, int d)
{
    sv->path_on[sv->path_slot[d]] = 0;
}

/* ---- the search ---------------------------------------------------------- */

int sv_fail(sow_solver *sv)
{
    sv->failed = true;
    return 0;
}

void sv_report(sow_solver *sv)
{
    double now = sow_search_now();
    if (now < sv->next_report)
        return;
    sv->next_report = now + sv->every;
    sv->pr.seconds = now - sv->t0;
    sv->pr.positions = sv->positions + atomic_load(&sv->shared_positions);
    if (sv->jobs) { /* sow_solve's root moves */
        sv->pr.moves_done = atomic_load(&sv->root_done);
        sv->pr.lower = atomic_load(&sv->root_lower);
        sv->pr.upper = atomic_load(&sv->root_upper);
        sv->pr.has_low = sv->pr.lower > -INF;
        sv->pr.has_high = sv->pr.upper < INF;
        if (sv->pr.has_low)
            sv->pr.low = sv_value(sv, sv->pr.lower);
        if (sv->pr.has_high)
            sv->pr.high = sv_value(sv, sv->pr.upper);
    }
    sv->progress(sv->progress_ctx, &sv->pr);
}

/* The value of a finished game (see the top of the file). */
int sv_finished(sow_solver *sv, const sow_game *c, int depth)
{
    const sow_setup *s = sv->s;
    if (c->result.unfinished && depth < EXACT)
        return c->captured[0] - c->captured[1]; /* a guess's leaf */
    if (c->result.unfinished) {
        sow_error_set(sv->err, s->v->path, 0, 0,
                      "a line reaches max_plies (%d plies) unfinished, "
                      "so the value depends on max_plies; sow solve "
                      "solves only games that end before it",
                      s->max_plies);
        return sv_fail(sv);
    }
    int w = c->result.winner == 0 ? 1 : c->result.winner == 1 ? -1 : 0;
    long m = c->result.has_score
                 ? (long)c->result.score[0] - c->result.score[1]
                 : 0;
    if (m <= -BIG / 2 || m >= BIG / 2) {
        sow_error_set(sv->err, s->v->path, 0, 0,
                      "a final margin of %ld is beyond what sow solve "
                      "counts (%d)", m, BIG / 2);
        return sv_fail(sv);
    }
    if (sv->apart)
        return (int)m; /* the winner goes with the margin here */
    return w * BIG + (int)m;
}

/* A node's order of its moves is on the stack where a position has at
 * most FEW_KIDS moves (a row's holes), in the heap beside its children
 * otherwise: arrays of SOW_MAX_LEGAL moves on the stack made a frame of
 * the search about 19 KiB, which overflowed 8 MiB in lines of 580 plies
 * (Oware under the repetition rule); the heap's arrays for every board
 * cost Kalah's search 0.9% more instructions (callgrind). */
#define FEW_KIDS 64

/* The arrays of depth d, made the first time it is reached (false: out
 * of memory, err set; sow_solver_free frees what was made). */
static __attribute__((noinline, cold)) bool frame_new(sow_solver *sv, int d)
{
    const size_t n = (size_t)sv->maxkids;
    const bool big = sv->maxkids > FEW_KIDS;
    sv->kids[d] = malloc(n * sizeof(sow_game));
    sv->kid_keys[d] = malloc(n * sizeof(key));
    if (big) {
        sv->kid_score[d] = malloc(n * sizeof(int64_t));
        sv->kid_order[d] = malloc(2 * n * sizeof(int));
    }
    if (!sv->kids[d] || !sv->kid_keys[d] ||
        (big && (!sv->kid_score[d] || !sv->kid_order[d]))) {
        free(sv->kids[d]); /* (so that the next call tries again) */
        free(sv->kid_keys[d]);
        free(sv->kid_score[d]);
        free(sv->kid_order[d]);
        sv->kids[d] = NULL;
        sv->kid_keys[d] = NULL;
        sv->kid_score[d] = NULL;
        sv->kid_order[d] = NULL;
        sow_error_set(sv->err, NULL, 0, 0, "out of memory");
        return false;
    }
    return true;
}

/* Room for the children at depth d (made when first needed); NULL when
 * out of memory or g has more moves than a position of the setup can. */
static sow_game *frame(sow_solver *sv, const sow_game *g, int d)
{
    if (__builtin_expect(!sv->kids[d], 0) && !frame_new(sv, d))
        return NULL;
    if (g->nlegal > sv->maxkids) {
        sow_error_set(sv->err, NULL, 0, 0,
                      "%d legal moves where sow solve expected at most %d",
                      g->nlegal, sv->maxkids);
        return NULL;
    }
    return sv->kids[d];
}

/* Child i of g at depth d, made by the engine, with its key in
 * sv->kid_keys[d][i]. Its table bucket is fetched into the cache as soon
 * as the key is known: the probes that follow (search_moves) waited for
 * memory otherwise, 40% of a solve's time under perf. */
/* The repetition rule (K1.7, C1.10): the words of the positions before
 * child c of g (at depth d) that could recur. The board never gains
 * seeds (rep_play checks it), so those are the positions with as many
 * seeds on the board as c: g's and its own such, or none where c's move
 * took seeds off the board. */
static key rep_child(const sow_solver *sv, const sow_game *g,
                     const sow_game *c, int d)
{
    key h = {0, 0};
    if (c->on_board == g->on_board) {
        const key p = sv_rep_of(sv, g);
        h.a = sv->rep_h[d].a ^ p.a;
        h.b = sv->rep_h[d].b ^ p.b;
    }
    return h;
}

/* Child i of g played by the engine under the repetition rule (out of
 * the plain rules' way: those have no such rule): the engine checks it
 * against the line's history, and adds it if the game goes on; the
 * search adds it when it searches c (rep_search), so the history is put
 * back to g's line. An error where the move added seeds to the board. */
static __attribute__((noinline)) int
rep_play(sow_solver *sv, const sow_game *g, sow_game *c, int i)
{
    const int hlen = sow_history_len(sv->eng.hist);
    const int rc = sow_engine_play_at(&sv->eng, c, i, sv->err);
    sow_history_pop(sv->eng.hist, sow_history_len(sv->eng.hist) - hlen);
    if (rc || c->on_board <= g->on_board)
        return rc;
    return sow_error_set(sv->err, sv->s->v->path, 0, 0,
                         "ply %d: a move adds seeds to the board, which "
                         "the solver's reading of the repetition rule "
                         "does not allow (docs/solving.md)", g->ply);
}

/* sv_key of child c of g at depth d, with, under the repetition rule,
 * the words of its earlier positions that could recur. */
static key child_key(const sow_solver *sv, const sow_game *g,
                     const sow_game *c, int d)
{
    key k = sv_key(sv, c);
    if (__builtin_expect(sv->rep, 0)) {
        const key h = rep_child(sv, g, c, d);
        k.a ^= h.a;
        k.b ^= h.b;
    }
    return k;
}

static int make_child(sow_solver *sv, const sow_game *g, const key *gk,
                      int d, int i)
{
    sow_game *c = &sv->kids[d][i];
    if (sv->pure[d] && ((sv->lean[d] >> i) & 1))
        sow_plain_branch(c, g, sv->s->holes, i);
    else
        sow_game_branch(c, g);
    /* the plain rules' move where the setup allows it (sow_plain.h), the
     * engine's where it does not or the move ends the game; by index:
     * the move is g's, so no look-up of it in the list. Where the key is
     * Zobrist's words alone (no stores, no ply in it), the plain move
     * keeps it by XORs from g's: bit 0 of b, always set, is no word's */
    uint64_t zk[2] = {gk->a, gk->b};
    const bool keep = sv->zob_keep && g->ply >= sv->ply_until;
    bool kept = false;
    if (keep)
        kept = !sow_plain_play_keyed(&sv->plain, c, i, &sv->pz, zk);
    if (!kept && (keep || !sv->plain.ok ||
                  sow_plain_play_at(&sv->plain, c, i))) {
        if (sv->plain.ok)
            sow_game_branch(c, g);
        sv->lean[d] &= ~(1ULL << (i & 63)); /* the engine's: whole next */
        if (__builtin_expect(sv->rep, 0) ? rep_play(sv, g, c, i)
                                         : sow_engine_play_at(&sv->eng, c, i,
                                                              sv->err))
            return sv_fail(sv);
    } else if (i < 64 && sv->pure[d]) { /* the root's fields, and g's */
        sv->lean[d] |= 1ULL << i;
    } else {
        sv->lean[d] &= ~(1ULL << (i & 63));
    }
    if (sv->bound && (c->captured[0] < g->captured[0] ||
                      c->captured[1] < g->captured[1] ||
                      c->on_board > g->on_board)) {
        sow_error_set(sv->err, sv->s->v->path, 0, 0,
                      "ply %d: a move takes seeds from a store or adds "
                      "seeds to the board, which the solver's bound of a "
                      "margin by the seeds on the board does not allow "
                      "(docs/solving.md)", g->ply);
        return sv_fail(sv);
    }
    if (!c->over) {
        key k = kept ? (key){zk[0], zk[1] | 1} : child_key(sv, g, c, d);
        sv->kid_keys[d][i] = k;
        __builtin_prefetch(sv->tt + sv_bucket(sv, k));
    }
    if ((++sv->positions & 1023) == 0) {
        /* the run's deadline, which the engine's move reads otherwise */
        if (sv->plain.ok && sv->eng.budget &&
            sow_budget_over(sv->eng.budget)) {
            sow_budget_error(sv->eng.budget, sv->err);
            return sv_fail(sv);
        }
        if (sv->cancel && atomic_load_explicit(sv->cancel,
                                               memory_order_relaxed)) {
            sv->abandoned = true; /* another thread has it (or failed) */
            return sv_fail(sv);
        }
        if ((sv->positions & 16383) == 0 && sv->main)
            atomic_fetch_add_explicit(&sv->main->shared_positions, 16384,
                                      memory_order_relaxed);
        else if ((sv->positions & 16383) == 0 && sv->progress)
            sv_report(sv);
    }
    return 0;
}

/* A guess of how good child c of g is for g's mover, to try the best
 * first: the table's move; then what the table knows of the child (its
 * bounds' middle), or a finished game's value, or else the stores'
 * difference, and a repeated turn three seeds better; among equals, the
 * move (of this player, from this hole) that cut off more searches
 * before, weighed by the seeds then on the board (the history heuristic,
 * `history`). Measured on Kalah, positions with one thread
 * (docs/solving.md): 5x3 3.34 million without the history, 2.08 million
 * with it in 64 classes (its log2), 1.57 million with it whole (ties
 * between classes had been broken by the hole's number), 1.53 million
 * with a repeated turn worth three seeds rather than one (on ten small
 * boards and both captures, one seed 5.97 million, two 5.68, three 5.39,
 * four 5.40). */
#define REPEAT_WEIGHT 3
#define HISTORY_BITS 36 /* sv->history stays below 2^36 (take_child) */

static int64_t order_score(const sow_game *g, const sow_game *c, uint16_t m,
                           int tt_move, int lo, int hi, int final,
                           uint64_t history)
{
    const int sign = g->to_move == 0 ? 1 : -1;
    if (m == tt_move)
        return INT64_MAX;
    int64_t sc = sign * (int64_t)(c->over ? final : guess_of(c, lo, hi));
    if (!c->over && c->to_move == g->to_move)
        sc += REPEAT_WEIGHT;
    /* |sc| < 2^22 (a margin with the winner's weight), so the history
     * below it never outweighs a seed */
    return sc * ((int64_t)1 << HISTORY_BITS) + (int64_t)history;
}

/* The running result of a node's moves: the best value so far, its move,
 * the window as it narrows, the proof's height. */
typedef struct node {
    bool south;
    int best, alpha, beta, height;
    uint16_t move;
    int depth; /* the children's: EXACT, or the plies they look ahead */
} node;

/* A cutoff by move m with `seeds` on the board counted in the mover's
 * history; when a count reaches 2^HISTORY_BITS (a long solve: billions of
 * cutoffs) all of the mover's are halved, which keeps their order. */
static void history_add(uint64_t *h, int m, int seeds)
{
    h[m] += (uint64_t)seeds;
    if (h[m] >> HISTORY_BITS)
        for (int k = 0; k < 256; k++)
            h[k] >>= 1;
}

/* Child i of g at depth d (made, not over) searched under the
 * repetition rule: on g's line, with c's earlier positions that could
 * recur in its key (make_child) and in sv->rep_h. */
static __attribute__((noinline)) int
rep_search(sow_solver *sv, const sow_game *g, int d, int i, const node *nd,
           int *h)
{
    const sow_game *c = &sv->kids[d][i];
    sv->rep_h[d + 1] = rep_child(sv, g, c, d);
    if (sow_engine_hist_push(&sv->eng, c) < 0) {
        sow_error_set(sv->err, NULL, 0, 0, "out of memory");
        return sv_fail(sv);
    }
    int v = sv_search(sv, c, sv->kid_keys[d][i], d + 1, nd->depth, nd->alpha,
                      nd->beta, h);
    sow_history_pop(sv->eng.hist, 1);
    return v;
}

/* Child i of depth d (made) searched within the node's window, and taken
 * into it; true when the node is cut off. */
static bool take_child(sow_solver *sv, const sow_game *g, int d, int i,
                       node *nd)
{
    const sow_game *c = &sv->kids[d][i];
    int h = 0;
    /* c made by the plain move from a parent made so (make_child) */
    sv->pure[d + 1] = (sv->lean[d] >> (i & 63)) & 1;
    int v = c->over ? sv_finished(sv, c, nd->depth)
            : __builtin_expect(sv->rep, 0)
                ? rep_search(sv, g, d, i, nd, &h)
                : sv_search(sv, c, sv->kid_keys[d][i], d + 1, nd->depth,
                            nd->alpha, nd->beta, &h);
    if (sv->failed)
        return true;
    if (h + 1 > nd->height)
        nd->height = h + 1;
    if (nd->south ? v > nd->best : v < nd->best) {
        nd->best = v;
        nd->move = g->legal[i];
    }
    if (nd->south && nd->best > nd->alpha)
        nd->alpha = nd->best;
    if (!nd->south && nd->best < nd->beta)
        nd->beta = nd->best;
    if (nd->alpha >= nd->beta) /* the history heuristic (order_score) */
        history_add(sv->history[g->to_move], g->legal[i] & 255,
                    g->on_board);
    return nd->alpha >= nd->beta;
}

/* The moves of g other than `done` (-1: none) made, and what is known of
 * each: enough, perhaps, to cut the node off at once (an enhanced
 * transposition cutoff: true, nd->best set), else their order in idx[],
 * best first, and their count in *n. */
static bool prepare_rest(sow_solver *sv, const sow_game *g, const key *gk,
                         int d, int done, int tt_move, node *nd, int *idx,
                         int *n)
{
    int64_t few[FEW_KIDS];
    int64_t *sc = sv->maxkids <= FEW_KIDS ? few : sv->kid_score[d];
    *n = 0;
    for (int i = 0; i < g->nlegal; i++)
        if (i != done && make_child(sv, g, gk, d, i))
            return true;
    for (int i = 0; i < g->nlegal; i++) {
        if (i == done)
            continue;
        const sow_game *c = &sv->kids[d][i];
        tt_entry e;
        const tt_entry *te =
            !c->over && tt_get(sv, sv->kid_keys[d][i], &e) ? &e : NULL;
        int lo, hi, final = 0;
        if (c->over) {
            final = lo = hi = sv_finished(sv, c, nd->depth);
            if (sv->failed)
                return true;
        } else {
            known_bounds(sv, c, te, nd->depth, &lo, &hi);
        }
        if (nd->south ? lo >= nd->beta : hi <= nd->alpha) {
            nd->height = 1 + (te ? te->height : 0) > nd->height
                             ? 1 + (te ? te->height : 0)
                             : nd->height;
            nd->best = nd->south ? lo : hi;
            nd->move = g->legal[i];
            return true;
        }
        if (te && te->depth < nd->depth) /* a guess: to order only */
            known_bounds(sv, c, te, 0, &lo, &hi);
        sc[i] = order_score(g, c, g->legal[i], tt_move, lo, hi, final,
                            sv->history[g->to_move][g->legal[i] & 255]);
        idx[(*n)++] = i;
    }
    for (int k = 0; k < *n; k++) /* sorted, best first (a few moves) */
        for (int j = k + 1; j < *n; j++)
            if (sc[idx[j]] > sc[idx[k]]) {
                int t = idx[k];
                idx[k] = idx[j];
                idx[j] = t;
            }
    return false;
}

/* Threads share one root (--value-only) or one root move: searching the
 * same moves in the same order, they found each other's proofs only
 * when one was ahead. A node a thread is searching is marked in
 * sv->busy, and another thread that meets it among the younger moves of
 * a node searches it last (ABDADA's deferral, Weill 1996): by then its
 * bounds are mostly in the table. Only the order of the moves changes,
 * so the values are the same; one thread has no marks. */
static inline bool is_busy(const sow_solver *sv, const key *k)
{
    return atomic_load_explicit(&sv->busy[k->a & (BUSY_SLOTS - 1)],
                                memory_order_relaxed) == k->b;
}

/* The moves of g searched within (alpha, beta): the fail-soft value, its
 * best move and the proof's height. The table's move is made and searched
 * alone first: when it cuts the node off, as it mostly does in the
 * null-window searches of MTD(f), the other moves are never made. */
static int search_moves(sow_solver *sv, const sow_game *g, const key *gk,
                        int d, int depth, int alpha, int beta, int tt_move,
                        uint16_t *best_move, int *height)
{
    if (!frame(sv, g, d))
        return sv_fail(sv);
    if (d == 0) { /* a new root: its children and theirs copied whole */
        memset(sv->lean, 0, sizeof sv->lean);
        sv->pure[0] = true;
    }
    node nd = {g->to_move == 0, g->to_move == 0 ? -INF : INF, alpha, beta,
               0, g->legal[0], depth == EXACT ? EXACT : depth - 1};
    int first = -1;
    for (int i = 0; i < g->nlegal && tt_move >= 0; i++)
        if (g->legal[i] == tt_move)
            first = i;
    bool cut = false;
    if (first >= 0)
        cut = make_child(sv, g, gk, d, first) ||
              take_child(sv, g, d, first, &nd);
    int few[2 * FEW_KIDS];
    int *idx = sv->maxkids <= FEW_KIDS ? few : sv->kid_order[d];
    int *later = idx + sv->maxkids, n = 0, nlater = 0;
    if (!cut)
        cut = prepare_rest(sv, g, gk, d, first, tt_move, &nd, idx, &n);
    /* threads: a child another thread is searching is left to the end
     * (the first child never; a finished game has no key): by then its
     * bounds may be in the table */
    for (int k = 0; k < n && !cut; k++) {
        if (sv->busy && (first >= 0 || k > 0) &&
            !sv->kids[d][idx[k]].over &&
            is_busy(sv, &sv->kid_keys[d][idx[k]]))
            later[nlater++] = idx[k];
        else
            cut = take_child(sv, g, d, idx[k], &nd);
    }
    for (int k = 0; k < nlater && !cut; k++)
        cut = take_child(sv, g, d, later[k], &nd);
    *best_move = nd.move;
    *height = nd.height;
    return sv->failed ? 0 : nd.best;
}

/* The value of g (not over) in South's view, fail-soft within (alpha,
 * beta): a value <= alpha is an upper bound, >= beta a lower one, else
 * exact. *height: the plies of the longest line its proof looked at. */
int sv_search(sow_solver *sv, const sow_game *g, key k, int d, int depth,
              int alpha, int beta, int *height)
{
    const int base = sv_base(sv, g);
    int db_margin;
    if (sv->db && sow_egdb_probe(sv->db, g, &db_margin)) {
        /* exact: the margin still to be made, with the stores kept apart
         * or indexed in the database (a threshold end reads them); its
         * proof's lines are at most the database's longest */
        sv->db_hits++;
        *height = sow_egdb_about(sv->db)->max_height;
        if (sv->apart)
            return base + db_margin;
        /* the winner by the totals (sow_egdb_check), then the margin */
        const int m = g->captured[0] - g->captured[1] + db_margin;
        return (m > 0 ? BIG : m < 0 ? -BIG : 0) + m;
    }
    *height = 0;
    if (depth == 0) /* a guess's leaf: the stores' difference */
        return g->captured[0] - g->captured[1];
    tt_entry e;
    const tt_entry *te = tt_get(sv, k, &e) ? &e : NULL;
    const int tt_move = te ? te->move : -1;
    int lo, hi;
    known_bounds(sv, g, te, depth, &lo, &hi);
    *height = te ? te->height : 0;
    if (lo >= beta || lo == hi)
        return lo;
    if (hi <= alpha)
        return hi;
    if (lo > alpha)
        alpha = lo;
    if (hi < beta)
        beta = hi;
    *height = 0;
    if (d >= MAX_DEPTH) {
        sow_error_set(sv->err, sv->s->v->path, 0, 0,
                      "a line of more than %d plies from the position: too "
                      "long for sow solve", MAX_DEPTH);
        return sv_fail(sv);
    }
    if (path_add(sv, k, d)) {
        if (depth < EXACT)
            return g->captured[0] - g->captured[1]; /* a guess */
        sow_error_set(sv->err, sv->s->v->path, 0, 0,
                      "a position recurs along a line (ply %d), so the game "
                      "can go on until max_plies and its value depends on "
                      "it; sow solve solves only games without cycles "
                      "(a no-capture rule, where the variant has one, "
                      "ends them)", g->ply);
        return sv_fail(sv);
    }
    const long long work0 = sv->positions;
    uint16_t move = 0;
    _Atomic uint64_t *mark =
        sv->busy ? &sv->busy[k.a & (BUSY_SLOTS - 1)] : NULL;
    if (mark)
        atomic_store_explicit(mark, k.b, memory_order_relaxed);
    int best =
        search_moves(sv, g, &k, d, depth, alpha, beta, tt_move, &move, height);
    if (mark) {
        uint64_t mine = k.b;
        atomic_compare_exchange_strong_explicit(
            mark, &mine, 0, memory_order_relaxed, memory_order_relaxed);
    }
    path_drop(sv, d);
    if (sv->failed)
        return 0;
    tt_store(sv, k, base, alpha, beta, best, move, *height,
             sv->positions - work0, depth);
    return best;
}

