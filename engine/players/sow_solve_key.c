/* sow_solve_key.c - the solver's keys (sow_solve_int.h; docs/solving.md,
 * "The transposition table"): everything of a position a rule can read,
 * hashed into 128 bits, or, where the plain rules' move is taken,
 * Zobrist's words, which that move keeps as it sows. */
#include <stdlib.h>
#include <string.h>

#include "sow_history.h"
#include "sow_num.h"
#include "sow_solve_int.h"

/* Zobrist's keys (sv->zob) for the setups of the plain rules' move,
 * whose positions differ only in their holes' seeds, the player to move,
 * the stores (when they are in the key) and the ply (below ply_until):
 * everything else sv_key reads is the same in all of them (sow_plain.c's
 * class: no claims, closed holes, hands, phases, passes, script or
 * last-move fields; owners and direction fixed). Two independent 64-bit
 * words a hole and count (splitmix64 of a counter), so a key is 128 bits
 * as the running hash's is; with no table (out of memory, or holes that
 * may hold more than ZOB_MAX_SEEDS) sv_key hashes everything. After the
 * words, as many step words (sow_plain_zob), by which the plain move
 * keeps a child's key from its parent's where the key is the words
 * alone (zob_keep): a few XORs a seed, not a pass over every hole. */
void sv_zobrist_table(sow_solver *sv)
{
    const int seeds = sv->s->total;
    const size_t stride = 2 * (size_t)(seeds + 1);
    const size_t n = (size_t)sv->s->holes * stride + 2;
    sv->zob = malloc(2 * n * sizeof *sv->zob);
    if (!sv->zob)
        return;
    sv->zob_seeds = seeds;
    for (size_t i = 0; i < n; i++)
        sv->zob[i] = sow_mix64(0x9E3779B97F4A7C15ULL * (i + 1));
    /* the plain move's: a seed sown into a hole of k seeds XORs the
     * words of k and k + 1 (sow_plain_play_keyed) */
    uint64_t *step = sv->zob + n;
    for (size_t i = 0; i + 2 < n; i++)
        step[i] = i % stride + 2 < stride ? sv->zob[i] ^ sv->zob[i + 2] : 0;
    sv->pz.z = sv->zob;
    sv->pz.step = step;
    sv->pz.stride = stride;
    sv->pz.mover[0] = sv->zob[n - 2];
    sv->pz.mover[1] = sv->zob[n - 1];
    sv->zob_keep = sv->apart;
}

/* ---- keys ---------------------------------------------------------------- */

/* A second running hash, independent of sow_hash_step (another
 * multiplier and rotation), so a key is 128 bits. */
static inline uint64_t step_b(uint64_t x, uint64_t w)
{
    x = (x + w) * 0xD6E8FEB86659FD93ULL;
    return x ^ (x >> 32) ^ (x << 7);
}

#define TAKE(w)                                                              \
    do {                                                                     \
        uint64_t w_ = (w);                                                   \
        a = sow_hash_step(a, w_);                                            \
        b = step_b(b, w_);                                                   \
    } while (0)

/* The key of g by Zobrist's table (sv->zob): what the positions of a
 * plain setup differ in. */
static key zobrist_key(const sow_solver *sv, const sow_game *g)
{
    const sow_setup *s = sv->s;
    const size_t stride = 2 * (size_t)(sv->zob_seeds + 1);
    const uint64_t *z = sv->zob;
    const uint64_t *tm = z + (size_t)s->holes * stride;
    uint64_t a = g->to_move ? tm[0] : 0, b = g->to_move ? tm[1] : 0;
    for (int h = 0; h < s->holes; h++, z += stride) {
        a ^= z[2 * g->board[h]];
        b ^= z[2 * g->board[h] + 1];
    }
    if (!sv->apart)
        TAKE((uint64_t)(uint32_t)g->captured[0] |
             (uint64_t)(uint32_t)g->captured[1] << 32);
    if (g->ply < sv->ply_until)
        TAKE((uint64_t)(uint32_t)g->ply | 1ULL << 40);
    key k = {a, b | 1};
    return k;
}

/* Everything of g a rule can read (see the top of the file). */
key sv_key(const sow_solver *sv, const sow_game *g)
{
    if (sv->zob)
        return zobrist_key(sv, g);
    const sow_setup *s = sv->s;
    uint64_t a = 0x243F6A8885A308D3ULL, b = 0x13198A2E03707344ULL;
    int i = 0;
    for (; i + 4 <= s->holes; i += 4) {
        uint64_t w;
        memcpy(&w, g->board + i, sizeof w);
        TAKE(w);
    }
    for (; i < s->holes; i++)
        TAKE(g->board[i]);
    TAKE(g->owns[0]);
    TAKE(g->owns[1]);
    TAKE((uint64_t)g->to_move | (uint64_t)g->phase << 8 |
         (uint64_t)g->bearoff_on << 16 | (uint64_t)g->move_dir << 24 |
         (uint64_t)(uint8_t)g->chosen_dir << 32 |
         (uint64_t)g->dir_chooser << 40);
    if (!sv->apart)
        TAKE((uint64_t)(uint32_t)g->captured[0] |
             (uint64_t)(uint32_t)g->captured[1] << 32);
    for (int k = 0; k < s->v->nstate; k++)
        TAKE((uint64_t)(uint32_t)g->state[k]);
    if (g->played[0] | g->played[1] | g->claims[0] | g->claims[1] |
        g->blocked) {
        TAKE(g->played[0]);
        TAKE(g->played[1]);
        TAKE(g->claims[0]);
        TAKE(g->claims[1]);
        TAKE(g->blocked);
    }
    if (g->pass_freed) /* IS.3 */
        TAKE((uint64_t)g->pass_freed | 1ULL << 48);
    if (g->hand[0] | g->hand[1]) /* MW.1: seeds in hand */
        TAKE((uint64_t)(uint16_t)g->hand[0] |
             (uint64_t)(uint16_t)g->hand[1] << 16 | 1ULL << 44);
    if (s->no_capture_plies > 0)
        TAKE((uint64_t)(uint32_t)g->since_capture);
    if (g->ply < sv->ply_until)
        TAKE((uint64_t)(uint32_t)g->ply | 1ULL << 40);
    if (sv->last_fields)
        TAKE((uint64_t)(uint16_t)g->last_lifted |
             (uint64_t)(uint8_t)g->last_move_hole << 16 |
             (uint64_t)(uint8_t)g->last_mover << 24 |
             (uint64_t)g->last_endless << 32 |
             /* no_undo reads the last move's way where moves name it
              * (MB.2) and, under unless_captured, whether it captured
              * (ZZ.6); 0 for the other variants */
             (uint64_t)((s->no_undo && s->dir_rule == SOW_DIR_EACH_MOVE
                             ? g->move_dir
                             : 0) |
                        (s->no_undo_capture && !g->since_capture) << 1)
                 << 33);
    key k = {sow_mix64(a), sow_mix64(b) | 1};
    return k;
}

#undef TAKE

/* ---- the repetition rule's words ------------------------------------------ */

key sv_rep_word(const sow_solver *sv, const uint16_t *board, int to_move,
                const uint64_t *marks)
{
    uint64_t a = 0x452821E638D01377ULL + (uint64_t)to_move,
             b = 0xBE5466CF34E90C6CULL + (uint64_t)to_move;
    for (int i = 0; i < sv->s->holes; i++) {
        const uint64_t w = (uint64_t)board[i] | (uint64_t)i << 32;
        a = sow_mix64(a ^ w);
        b = sow_mix64(b + w * SOW_GOLDEN64);
    }
    for (int j = 0; marks && j < 3; j++) {
        a = sow_mix64(a ^ marks[j]);
        b = sow_mix64(b + marks[j]);
    }
    key k = {a, b & ~1ULL};
    return k;
}

/* g's word, its marks as the engine's history keeps them (hist_add in
 * sow_engine.c: none for the seed games' plain turns). */
key sv_rep_of(const sow_solver *sv, const sow_game *g)
{
    const uint64_t marks[3] = {g->claims[0], g->claims[1], g->blocked};
    return sv_rep_word(sv, g->board, g->to_move,
                       sv->s->plain_turns ? NULL : marks);
}

key sv_root_key(sow_solver *sv, const sow_game *g)
{
    key k = sv_key(sv, g);
    if (!sv->rep)
        return k;
    const key own = sv_rep_of(sv, g);
    key h = {0, 0};
    const sow_history *hist = sv->eng.hist;
    for (int i = 0; i < sow_history_len(hist); i++) {
        const uint16_t *board;
        const uint64_t *marks;
        int to_move, total = 0;
        sow_history_at(hist, i, &board, &to_move, &marks);
        for (int j = 0; j < sv->s->holes; j++)
            total += board[j];
        if (total > g->on_board)
            continue; /* can never recur: the board gains no seeds */
        if (total < g->on_board) {
            sow_error_set(sv->err, sv->s->v->path, 0, 0,
                          "ply %d: the board holds more seeds than at an "
                          "earlier position of the game, which the "
                          "solver's reading of the repetition rule does "
                          "not allow (docs/solving.md)", g->ply);
            sv_fail(sv);
            return k;
        }
        key w = sv_rep_word(sv, board, to_move, marks);
        if (w.a == own.a && w.b == own.b)
            continue; /* g itself */
        h.a ^= w.a;
        h.b ^= w.b;
    }
    sv->rep_h[0] = h;
    k.a ^= h.a;
    k.b ^= h.b;
    return k;
}
