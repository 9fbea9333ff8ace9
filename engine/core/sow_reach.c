/* sow_reach.c - K1.7 `unreachable`: whether any sequence of legal moves
 * from a position captures (see sow_reach.h).
 *
 * Breadth first, so the nearest capture stops the search and a position
 * with a capture for the player to move costs one ply of look-ahead. The
 * positions met are kept as keys: the board packed (a byte a hole when
 * the game has at most 255 seeds), then the index of the rest of the
 * position, interned in a second set (in most games only the player to
 * move changes there). The keys in the order they were added are the
 * queue, and a key holds all that is needed to play on from it, so the
 * search keeps no game copies: about 24 bytes a position on 12 holes.
 * Moves are played by an engine of their own, whose setup leaves out
 * the rules that read the history (sow_reach.h), so a position's future
 * is a function of its key. */
#include <stdlib.h>
#include <string.h>

#include "sow_num.h"
#include "sow_engine_int.h"
#include "sow_reach.h"

/* A set of keys of one length: the keys in the order they were added,
 * and an open-addressing table of their indices. A slot holds the test's
 * epoch above the index + 1, so a new test empties the table by moving
 * the epoch on (no clearing of a large table a move). */
typedef struct keyset {
    size_t len;             /* bytes a key */
    uint8_t *keys;          /* n keys, room for cap */
    uint32_t n, cap;
    uint64_t *slots;        /* mask + 1 slots */
    uint32_t mask;
    uint32_t epoch;
} keyset;

struct sow_reach {
    sow_setup s;            /* the game's setup less the rules of history */
    sow_engine e;           /* plays the search's moves */
    int w;                  /* bytes a hole holds in a key: 1 or 2 */
    int ply_until;          /* plies from here on are one (a key's ply) */
    long limit;             /* the most positions kept */
    keyset pos;             /* the positions met (the queue) */
    keyset rest;            /* the rests of positions, board left out */
    uint32_t last_rest;     /* the rest met last */
    sow_game work, child;   /* the position expanded, one move after it */
    uint8_t key[2 * SOW_MAX_HOLES + 5]; /* board, to_move, rest */
};

/* The part of sow_game that a position is (sow_legal_moves copies it),
 * and where its rest starts: past the board, its first field. */
#define GAME_PART offsetof(sow_game, nlegal)
#define REST_AT sizeof(((sow_game *)0)->board)
_Static_assert(offsetof(sow_game, board) == 0, "the board comes first");

static uint64_t hash_bytes(const uint8_t *p, size_t n)
{
    uint64_t x = 0x243F6A8885A308D3ULL, w;
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        memcpy(&w, p + i, 8);
        x = sow_hash_step(x, w);
    }
    for (w = 0; i < n; i++)
        w = w << 8 | p[i];
    return sow_mix64(sow_hash_step(x, w));
}

static void keyset_free(keyset *k)
{
    free(k->keys);
    free(k->slots);
    memset(k, 0, sizeof *k);
}

/* Empty the set for a new test. */
static void keyset_clear(keyset *k)
{
    k->n = 0;
    if (++k->epoch == 0) { /* (after 2^32 tests: clear the slots once) */
        if (k->slots)
            memset(k->slots, 0, ((size_t)k->mask + 1) * sizeof *k->slots);
        k->epoch = 1;
    }
}

/* Put index i (whose key hashes to h) into a free slot. */
static void keyset_place(keyset *k, uint64_t h, uint32_t i)
{
    for (uint32_t j = (uint32_t)h & k->mask;; j = (j + 1) & k->mask)
        if ((uint32_t)(k->slots[j] >> 32) != k->epoch) {
            k->slots[j] = (uint64_t)k->epoch << 32 | (i + 1);
            return;
        }
}

/* Room for one more key, the table at most half full. */
static int keyset_grow(keyset *k)
{
    if (k->n == k->cap) {
        uint32_t cap = k->cap ? 2 * k->cap : 1024;
        uint8_t *keys = realloc(k->keys, (size_t)cap * k->len);
        if (!keys)
            return -1;
        k->keys = keys;
        k->cap = cap;
    }
    if (k->slots && 2 * ((size_t)k->n + 1) <= (size_t)k->mask + 1)
        return 0;
    uint32_t size = k->slots ? 2 * (k->mask + 1) : 2048;
    uint64_t *slots = calloc(size, sizeof *slots);
    if (!slots)
        return -1;
    free(k->slots);
    k->slots = slots;
    k->mask = size - 1;
    for (uint32_t i = 0; i < k->n; i++)
        keyset_place(k, hash_bytes(k->keys + (size_t)i * k->len, k->len), i);
    return 0;
}

/* The index of `key` in k, added if new while k holds fewer than
 * `limit` keys: *added tells. -1: new with k full, -2: out of memory. */
static long keyset_add(keyset *k, const uint8_t *key, long limit,
                       bool *added)
{
    const uint64_t h = hash_bytes(key, k->len);
    *added = false;
    if (k->slots)
        for (uint32_t j = (uint32_t)h & k->mask;; j = (j + 1) & k->mask) {
            const uint64_t s = k->slots[j];
            if ((uint32_t)(s >> 32) != k->epoch)
                break;
            const uint32_t i = (uint32_t)s - 1;
            if (!memcmp(k->keys + (size_t)i * k->len, key, k->len))
                return i;
        }
    if ((long)k->n >= limit)
        return -1;
    if (keyset_grow(k))
        return -2;
    memcpy(k->keys + (size_t)k->n * k->len, key, k->len);
    keyset_place(k, h, k->n);
    *added = true;
    return k->n++;
}

sow_reach *sow_reach_new(const sow_setup *s, const sow_rules *rules)
{
    sow_reach *r = calloc(1, sizeof *r);
    sow_error err;
    if (!r)
        return NULL;
    r->s = *s;
    /* the rules of history end games of their own (sow_reach.h); the
     * search's copy of the move is the one the game would take without
     * this rule */
    r->s.unreachable = false;
    r->s.plain_turns = s->plain_reach;
    r->s.repetition = false;
    r->s.no_capture_plies = 0;
    r->s.max_plies = r->s.late_ply = INT32_MAX;
    r->w = s->total <= 255 ? 1 : 2;
    r->ply_until = sow_setup_ply_until(s);
    r->limit = s->reach_positions;
    r->pos.len = (size_t)s->holes * (size_t)r->w + 5;
    r->rest.len = GAME_PART - REST_AT;
    if (sow_engine_init(&r->e, &r->s, rules, &err)) {
        free(r);
        return NULL;
    }
    return r;
}

void sow_reach_free(sow_reach *r)
{
    if (!r)
        return;
    sow_engine_free(&r->e);
    keyset_free(&r->pos);
    keyset_free(&r->rest);
    free(r);
}

void sow_reach_set_budget(sow_reach *r, const struct sow_budget *b)
{
    sow_engine_set_budget(&r->e, b);
}

long sow_reach_positions(const sow_reach *r)
{
    return r->pos.n;
}

/* g's position as the search keeps it: what no rule reads for the
 * future play set to one value (sow_reach.h), the ply held at
 * ply_until. A script's hooks are taken to decide from the position, as
 * docs/writing-variants.md asks, not from the ply. */
static void normalize(const sow_reach *r, sow_game *g)
{
    if (g->ply > r->ply_until)
        g->ply = r->ply_until;
    /* a move that captures makes it 0 again; no_undo's unless_captured
     * (ZZ.6) reads whether the last move captured: 1 keeps "it did not" */
    g->since_capture = r->s.no_undo_capture && g->since_capture ? 1 : 0;
    g->over = false;
    g->last_endless = false;
    g->lap_origin = 0;
    g->lap_seeds = 0;
    g->turn_bits = g->turn_len = g->turn_parts = 0;
    g->endless_mask = 0;
    g->move_flags = 0;
    g->placing = 0;
    g->choice = SOW_NO_CHOICE;
    if (!r->s.no_undo) { /* QL.6 alone reads the last move */
        g->last_move_hole = -1;
        g->last_mover = -1;
        g->last_lifted = 0;
    }
}

/* The legal moves of r->work's player to move into it; 0, or -1 on an
 * error. */
static int moves(sow_reach *r, sow_error *err)
{
    uint64_t endless = 0;
    int n = sow_legal_moves(&r->s, &r->e.rules, &r->work, r->work.to_move,
                            r->work.legal, &endless, err);
    if (n < 0)
        return -1;
    r->work.nlegal = n;
    r->work.endless_mask = endless;
    memset(&r->work.result, 0, sizeof r->work.result);
    r->work.result.winner = -1;
    return 0;
}

/* The index of g's rest (GAME_PART past the board, to_move left out: it
 * is in the key) among the rests met; the last one met is tried first,
 * as most positions of a search share it. -1 when out of memory. */
static long rest_id(sow_reach *r, const sow_game *g)
{
    const uint8_t *rest = (const uint8_t *)g + REST_AT;
    if (r->rest.n > r->last_rest &&
        !memcmp(r->rest.keys + (size_t)r->last_rest * r->rest.len, rest,
                r->rest.len))
        return r->last_rest;
    bool added;
    long id = keyset_add(&r->rest, rest, INT32_MAX, &added);
    if (id >= 0)
        r->last_rest = (uint32_t)id;
    return id < 0 ? -1 : id;
}

/* Keep the position of g (normalized in place): 1 when it is new, 0 when
 * it was met, -1 when the search is full, -2 when out of memory. */
static int keep(sow_reach *r, sow_game *g)
{
    normalize(r, g);
    const uint8_t to_move = g->to_move;
    g->to_move = 0;
    long rest = rest_id(r, g);
    g->to_move = to_move;
    if (rest < 0)
        return -2;
    const int holes = r->s.holes;
    uint8_t *k = r->key;
    if (r->w == 1)
        for (int h = 0; h < holes; h++)
            k[h] = (uint8_t)g->board[h];
    else
        memcpy(k, g->board, (size_t)holes * 2);
    k += (size_t)holes * (size_t)r->w;
    k[0] = to_move;
    uint32_t id = (uint32_t)rest;
    memcpy(k + 1, &id, 4);
    bool added;
    long at = keyset_add(&r->pos, r->key, r->limit, &added);
    return at == -1 ? -1 : at == -2 ? -2 : added;
}

/* The position of key i into r->work, with its legal moves; -1 on an
 * error. */
static int unpack(sow_reach *r, uint32_t i, sow_error *err)
{
    const int holes = r->s.holes;
    const uint8_t *k = r->pos.keys + (size_t)i * r->pos.len;
    uint32_t id;
    memcpy(&id, k + (size_t)holes * (size_t)r->w + 1, 4);
    memcpy((uint8_t *)&r->work + REST_AT,
           r->rest.keys + (size_t)id * r->rest.len, r->rest.len);
    if (r->w == 1)
        for (int h = 0; h < holes; h++)
            r->work.board[h] = k[h];
    else
        memcpy(r->work.board, k, (size_t)holes * 2);
    r->work.to_move = k[(size_t)holes * (size_t)r->w];
    return moves(r, err);
}

/* Play every legal move of r->work: SOW_REACH_CAPTURE when one captures,
 * else SOW_REACH_NONE, the new positions kept when `grow` (*full when
 * some could not be for the limit) and *lost when a move could not be
 * followed; -1 on an error. */
static int expand(sow_reach *r, bool grow, bool *full, bool *lost,
                  sow_error *err)
{
    const int n = r->work.nlegal;
    for (int m = 0; m < n; m++) {
        sow_game *c = &r->child;
        memcpy(c, &r->work, GAME_PART);
        c->nlegal = n;
        memcpy(c->legal, r->work.legal, (size_t)n * sizeof *c->legal);
        c->result = r->work.result;
        if (sow_engine_play_at(&r->e, c, m, err))
            return -1;
        if (c->over && c->result.reason == SOW_END_LAP_CAP) {
            *lost = true; /* P2: where it ends is not known */
            continue;
        }
        if (c->since_capture == 0) /* (the engine's own test of a capture) */
            return SOW_REACH_CAPTURE;
        if (c->over || !grow) /* another rule ends the game here */
            continue;
        int k = keep(r, c);
        if (k == -2)
            return sow_error_set(err, NULL, 0, 0, "out of memory");
        if (k == -1)
            *full = true;
    }
    return SOW_REACH_NONE;
}

int sow_reach_test(sow_reach *r, const sow_game *g, sow_error *err)
{
    bool full = false, lost = false;
    keyset_clear(&r->pos);
    /* cheap first: a capture of the player to move answers at once, with
     * no position kept */
    memcpy(&r->work, g, GAME_PART);
    normalize(r, &r->work);
    int a = moves(r, err);
    if (!a)
        a = expand(r, false, &full, &lost, err);
    if (a)
        return a;
    keyset_clear(&r->rest);
    r->last_rest = 0;
    if (keep(r, &r->work) < 0)
        return sow_error_set(err, NULL, 0, 0, "out of memory");
    /* the keys added are the queue: breadth first (the first is g's,
     * whose moves were just played: played again to keep their
     * positions) */
    for (uint32_t i = 0; i < r->pos.n; i++) {
        a = unpack(r, i, err);
        if (!a)
            a = expand(r, true, &full, &lost, err);
        if (a)
            return a;
    }
    return full || lost ? SOW_REACH_UNDECIDED : SOW_REACH_NONE;
}

int sow_reach_end(sow_engine *e, sow_game *g, sow_error *err)
{
    int a = sow_reach_test(e->reach, g, err);
    if (a < 0)
        return -1;
    if (a == SOW_REACH_CAPTURE)
        return 0;
    /* K1.7: the seeds left can only circle, or (the reference's "may
     * refuse") there are too many positions to tell: then the game stops
     * unfinished, as before a move the endless-move proof cannot follow
     * (P2), rather than fail a whole run of games */
    if (sow_end_finish(e, g,
                       a == SOW_REACH_NONE ? SOW_END_UNREACHABLE
                                           : SOW_END_UNDECIDED,
                       err))
        return -1;
    return 1;
}
