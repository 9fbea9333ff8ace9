/* sow_history.c - exact repetition detection (see sow_history.h).
 *
 * An open-addressing hash table maps position hashes to entries; equal
 * hashes are confirmed by comparing the boards in full. Slots carry the
 * generation of the game that filled them, so a new game needs no
 * clearing. */
#include "sow_history.h"
#include "sow_num.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

typedef struct slot {
    uint32_t gen;  /* game the slot belongs to; stale when != h->gen */
    int32_t entry; /* index into the entries */
} slot;

struct sow_history {
    int holes;
    int stride;          /* counts per stored board: holes, at least 16 */
    int max_total;
    int len, cap;        /* entries used and allocated */
    uint64_t *hash;      /* per entry */
    uint32_t *where;     /* per entry: its slot, for pop */
    uint8_t *to_move;    /* per entry */
    uint64_t *marks;     /* per entry: claims of each player, blocked */
    uint16_t *boards;    /* per entry: `holes` counts */
    slot *table;
    uint32_t tmask;      /* table size - 1 (a power of two) */
    uint32_t gen;
    bool marked;         /* positions added with their marks */
};

sow_history *sow_history_new(int holes, int max_total)
{
    sow_history *h = calloc(1, sizeof *h);
    if (!h)
        return NULL;
    h->holes = holes;
    /* boards of up to 16 holes are stored, copied and compared as 32
     * fixed bytes (the caller's board array has room) */
    h->stride = holes < 16 ? 16 : holes;
    h->max_total = max_total;
    h->gen = 1;
    h->tmask = 1023;
    h->table = calloc(h->tmask + 1, sizeof *h->table);
    if (!h->table) {
        free(h);
        return NULL;
    }
    return h;
}

void sow_history_free(sow_history *h)
{
    if (!h)
        return;
    free(h->hash);
    free(h->where);
    free(h->to_move);
    free(h->marks);
    free(h->boards);
    free(h->table);
    free(h);
}

void sow_history_reset(sow_history *h)
{
    h->len = 0;
    if (++h->gen == 0) { /* wrapped: clear the stamps once */
        memset(h->table, 0, ((size_t)h->tmask + 1) * sizeof *h->table);
        h->gen = 1;
    }
}

int sow_history_len(const sow_history *h) { return h->len; }

static int grow_entries(sow_history *h)
{
    int nc = h->cap ? h->cap * 2 : 256;
    uint64_t *hash = realloc(h->hash, (size_t)nc * sizeof *hash);
    if (hash)
        h->hash = hash;
    uint32_t *where = realloc(h->where, (size_t)nc * sizeof *where);
    if (where)
        h->where = where;
    uint8_t *tm = realloc(h->to_move, (size_t)nc);
    if (tm)
        h->to_move = tm;
    uint64_t *marks = realloc(h->marks, (size_t)nc * 3 * sizeof *marks);
    if (marks)
        h->marks = marks;
    uint16_t *boards =
        realloc(h->boards, (size_t)nc * (size_t)h->stride * sizeof *boards);
    if (boards)
        h->boards = boards;
    if (!hash || !where || !tm || !marks || !boards)
        return -1;
    h->cap = nc;
    return 0;
}

/* Double the table and put the current game's entries back. */
static int grow_table(sow_history *h)
{
    uint32_t nmask = h->tmask * 2 + 1;
    slot *t = calloc((size_t)nmask + 1, sizeof *t);
    if (!t)
        return -1;
    free(h->table);
    h->table = t;
    h->tmask = nmask;
    for (int k = 0; k < h->len; k++) {
        uint32_t i = (uint32_t)h->hash[k] & nmask;
        while (t[i].gen == h->gen)
            i = (i + 1) & nmask;
        t[i].gen = h->gen;
        t[i].entry = k;
        h->where[k] = i;
    }
    return 0;
}

/* Four counts per 64-bit word, one multiply per word: this runs once a
 * ply. Equal hashes are always confirmed by comparing boards. */
static inline __attribute__((always_inline)) uint64_t
hash_of(const uint16_t *b, int holes, int to_move)
{
    uint64_t x = SOW_GOLDEN64 * (uint64_t)(to_move + 1);
    int i = 0;
    for (; i + 4 <= holes; i += 4) {
        uint64_t w;
        memcpy(&w, b + i, sizeof w);
        x = sow_hash_step(x, w);
    }
    for (; i < holes; i++)
        x = sow_hash_step(x, b[i]);
    x ^= x >> 32;
    return x;
}

static int same_board(const uint16_t *a, const uint16_t *b, size_t bytes)
{
    return bytes == 32 ? memcmp(a, b, 32) == 0 : memcmp(a, b, bytes) == 0;
}

/* sow_history_add and sow_history_add_marked: `marked` is a constant in
 * each, so the seed games' path neither hashes nor compares marks (a
 * history holds the positions of one game, all added the same way). */
static inline __attribute__((always_inline)) int
add(sow_history *h, const uint16_t *board, int to_move,
    const uint64_t marks[3], const bool marked)
{
    if (h->len == h->cap && grow_entries(h))
        return -1;
    if ((uint32_t)h->len * 2 >= h->tmask && grow_table(h))
        return -1;
    uint64_t x = hash_of(board, h->holes, to_move);
    if (marked && (marks[0] | marks[1] | marks[2])) {
        for (int j = 0; j < 3; j++)
            x = sow_hash_step(x, marks[j]);
        x ^= x >> 32;
    }
    size_t bytes = (size_t)h->stride * sizeof *board;
    int seen = 0;
    uint32_t i = (uint32_t)x & h->tmask;
    for (; h->table[i].gen == h->gen; i = (i + 1) & h->tmask) {
        int32_t k = h->table[i].entry;
        const uint64_t *m = h->marks + (size_t)k * 3;
        if (h->hash[k] == x && h->to_move[k] == to_move &&
            (!marked ||
             (m[0] == marks[0] && m[1] == marks[1] && m[2] == marks[2])) &&
            same_board(h->boards + (size_t)k * (size_t)h->stride, board,
                       bytes))
            seen = 1;
    }
    int k = h->len++;
    h->hash[k] = x;
    h->to_move[k] = (uint8_t)to_move;
    if (marked) {
        memcpy(h->marks + (size_t)k * 3, marks, 3 * sizeof *marks);
        h->marked = true;
    }
    uint16_t *dst = h->boards + (size_t)k * (size_t)h->stride;
    if (bytes == 32)
        memcpy(dst, board, 32);
    else
        memcpy(dst, board, bytes);
    h->table[i].gen = h->gen;
    h->table[i].entry = k;
    h->where[k] = i;
    return seen;
}

int sow_history_add(sow_history *h, const uint16_t *board, int to_move,
                    int total)
{
    (void)total;
    return add(h, board, to_move, NULL, false);
}

int sow_history_add_marked(sow_history *h, const uint16_t *board,
                           int to_move, const uint64_t marks[3])
{
    return add(h, board, to_move, marks, true);
}

void sow_history_at(const sow_history *h, int k, const uint16_t **board,
                    int *to_move, const uint64_t **marks)
{
    *board = h->boards + (size_t)k * (size_t)h->stride;
    *to_move = h->to_move[k];
    *marks = h->marked ? h->marks + (size_t)k * 3 : NULL;
}

int sow_history_copy(sow_history *dst, const sow_history *src)
{
    sow_history_reset(dst);
    for (int k = 0; k < src->len; k++) {
        const uint16_t *board;
        const uint64_t *marks;
        int to_move;
        sow_history_at(src, k, &board, &to_move, &marks);
        /* add() reads a whole stride; src's boards are stored so */
        if ((marks ? add(dst, board, to_move, marks, true)
                   : add(dst, board, to_move, NULL, false)) < 0)
            return -1;
    }
    return 0;
}

void sow_history_pop(sow_history *h, int n)
{
    /* Linear probing: removing the newest entry is safe only because
     * entries are removed newest first, so no later entry probed past
     * its slot. */
    while (n-- > 0 && h->len > 0) {
        int k = --h->len;
        h->table[h->where[k]].gen = 0;
    }
}
