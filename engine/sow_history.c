/* sow_history.c - exact repetition detection (see sow_history.h).
 *
 * Positions are chained by the number of seeds on the board: two equal
 * positions hold the same number of seeds, and in games where captures only
 * ever remove seeds the chain for the current total is short. */
#include "sow_history.h"

#include <stdlib.h>
#include <string.h>

struct sow_history {
    int holes;
    int max_total;
    int len, cap;
    uint64_t *hash;      /* per entry */
    int32_t *prev;       /* per entry: previous entry with the same total */
    int32_t *total;      /* per entry */
    uint8_t *to_move;    /* per entry */
    uint16_t *boards;    /* per entry: holes counts */
    int32_t *last;       /* per total: newest entry, valid if stamp == gen */
    uint32_t *stamp;     /* per total */
    uint32_t gen;        /* bumped by reset, so `last` needs no clearing */
};

sow_history *sow_history_new(int holes, int max_total)
{
    sow_history *h = calloc(1, sizeof *h);
    if (!h)
        return NULL;
    h->holes = holes;
    h->max_total = max_total;
    h->last = calloc((size_t)max_total + 1, sizeof *h->last);
    h->stamp = calloc((size_t)max_total + 1, sizeof *h->stamp);
    if (!h->last || !h->stamp) {
        sow_history_free(h);
        return NULL;
    }
    h->gen = 1;
    return h;
}

void sow_history_free(sow_history *h)
{
    if (!h)
        return;
    free(h->hash);
    free(h->prev);
    free(h->total);
    free(h->to_move);
    free(h->boards);
    free(h->last);
    free(h->stamp);
    free(h);
}

void sow_history_reset(sow_history *h)
{
    h->len = 0;
    if (++h->gen == 0) { /* wrapped: clear the stamps once */
        memset(h->stamp, 0, ((size_t)h->max_total + 1) * sizeof *h->stamp);
        h->gen = 1;
    }
}

int sow_history_len(const sow_history *h) { return h->len; }

static int grow(sow_history *h)
{
    int nc = h->cap ? h->cap * 2 : 256;
    uint64_t *hash = realloc(h->hash, (size_t)nc * sizeof *hash);
    if (hash)
        h->hash = hash;
    int32_t *prev = realloc(h->prev, (size_t)nc * sizeof *prev);
    if (prev)
        h->prev = prev;
    int32_t *total = realloc(h->total, (size_t)nc * sizeof *total);
    if (total)
        h->total = total;
    uint8_t *tm = realloc(h->to_move, (size_t)nc);
    if (tm)
        h->to_move = tm;
    uint16_t *boards =
        realloc(h->boards, (size_t)nc * (size_t)h->holes * sizeof *boards);
    if (boards)
        h->boards = boards;
    if (!hash || !prev || !total || !tm || !boards)
        return -1;
    h->cap = nc;
    return 0;
}

static uint64_t hash_of(const uint16_t *b, int holes, int to_move)
{
    uint64_t x = 0x9E3779B97F4A7C15ULL * (uint64_t)(to_move + 1);
    for (int i = 0; i < holes; i++) {
        x = (x ^ b[i]) * 0xBF58476D1CE4E5B9ULL;
        x ^= x >> 31;
    }
    return x;
}

int sow_history_add(sow_history *h, const uint16_t *board, int to_move,
                    int total)
{
    if (total < 0 || total > h->max_total)
        return -1;
    if (h->len == h->cap && grow(h))
        return -1;
    uint64_t x = hash_of(board, h->holes, to_move);
    int32_t head = h->stamp[total] == h->gen ? h->last[total] : -1;
    int seen = 0;
    size_t bytes = (size_t)h->holes * sizeof *board;
    for (int32_t i = head; i >= 0; i = h->prev[i])
        if (h->hash[i] == x && h->to_move[i] == to_move &&
            memcmp(h->boards + (size_t)i * (size_t)h->holes, board, bytes) ==
                0) {
            seen = 1;
            break;
        }
    int k = h->len++;
    h->hash[k] = x;
    h->prev[k] = head;
    h->total[k] = total;
    h->to_move[k] = (uint8_t)to_move;
    memcpy(h->boards + (size_t)k * (size_t)h->holes, board, bytes);
    h->last[total] = k;
    h->stamp[total] = h->gen;
    return seen;
}

void sow_history_pop(sow_history *h, int n)
{
    while (n-- > 0 && h->len > 0) {
        int k = --h->len;
        int t = h->total[k];
        h->last[t] = h->prev[k];
        if (h->prev[k] < 0)
            h->stamp[t] = 0;
    }
}
