/* sow_memo.c - the trie of a hook's decisions (see sow_memo.h). */
#include "sow_memo.h"
#include "sow_num.h"

#include <stdlib.h>
#include <string.h>

#define UNSET (-1)
#define MAX_NODES (1 << 18) /* then the cache starts again, empty */
#define MAX_RESULTS (1 << 16)
#define MAX_RESULT_BYTES (8 << 20) /* fewer results when each is large */

typedef struct node {
    int32_t loc;        /* the location read next, or UNSET */
    int32_t nedges;     /* edges from this node */
    int32_t result;     /* index into results, or -1 */
} node;

/* The edges, all nodes together, in one open-addressing hash table keyed
 * by (node, value): following one is a probe, not a walk along a list. */
typedef struct edge {
    uint64_t key;       /* node << 32 | value; 0: empty slot */
    int32_t child;
} edge;

struct sow_memo {
    node *nodes;
    int nnodes, cap_nodes;
    edge *edges;        /* table of emask + 1 slots */
    uint32_t emask;
    int nedges;
    unsigned char *results; /* nresults of rsize bytes */
    size_t rsize;
    int nresults, cap_results, max_results;
};

static uint64_t edge_key(int32_t n, int32_t v)
{
    /* + 1: no key is 0, the empty slot */
    return ((uint64_t)(uint32_t)n << 32 | (uint32_t)v) + 1;
}

static uint32_t slot_of(const sow_memo *m, uint64_t key)
{
    return (uint32_t)((key * SOW_GOLDEN64) >> 40) & m->emask;
}

static int32_t child_of(const sow_memo *m, int32_t n, int32_t v)
{
    uint64_t key = edge_key(n, v);
    for (uint32_t i = slot_of(m, key);; i = (i + 1) & m->emask) {
        if (m->edges[i].key == key)
            return m->edges[i].child;
        if (m->edges[i].key == 0)
            return -1;
    }
}

/* Keep the table at most half full. */
static int grow_edges(sow_memo *m, int need)
{
    if ((uint32_t)need * 2 <= m->emask + 1)
        return 0;
    uint32_t size = (m->emask + 1) * 2;
    while ((uint32_t)need * 2 > size)
        size *= 2;
    edge *t = calloc(size, sizeof *t);
    if (!t)
        return -1;
    edge *old = m->edges;
    uint32_t old_size = m->emask + 1;
    m->edges = t;
    m->emask = size - 1;
    for (uint32_t i = 0; i < old_size; i++)
        if (old[i].key) {
            uint32_t j = slot_of(m, old[i].key);
            while (t[j].key)
                j = (j + 1) & m->emask;
            t[j] = old[i];
        }
    free(old);
    return 0;
}

static int grow(void **p, int *cap, int need, size_t size)
{
    if (need <= *cap)
        return 0;
    int nc = *cap ? *cap * 2 : 1024;
    while (nc < need)
        nc *= 2;
    void *q = realloc(*p, (size_t)nc * size);
    if (!q)
        return -1;
    *p = q;
    *cap = nc;
    return 0;
}

static void reset(sow_memo *m)
{
    m->nnodes = 1;
    m->nedges = 0;
    m->nresults = 0;
    m->nodes[0] = (node){UNSET, 0, -1};
    memset(m->edges, 0, ((size_t)m->emask + 1) * sizeof *m->edges);
}

sow_memo *sow_memo_new(size_t result_size)
{
    if (result_size == 0)
        return NULL;
    sow_memo *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    m->rsize = result_size;
    m->max_results = MAX_RESULT_BYTES / result_size < MAX_RESULTS
                         ? (int)(MAX_RESULT_BYTES / result_size)
                         : MAX_RESULTS;
    if (m->max_results < 1)
        m->max_results = 1;
    m->emask = 1023;
    m->edges = calloc(m->emask + 1, sizeof *m->edges);
    if (!m->edges || grow((void **)&m->nodes, &m->cap_nodes, 1, sizeof(node))) {
        sow_memo_free(m);
        return NULL;
    }
    reset(m);
    return m;
}

void sow_memo_free(sow_memo *m)
{
    if (!m)
        return;
    free(m->nodes);
    free(m->edges);
    free(m->results);
    free(m);
}

/* The values below SOW_LOC_CAPTURED, by location: filled once per
 * lookup, then read by index (a switch compiles to a jump table whose
 * indirect branch mispredicts as the keys vary along a path). */
static void fill_low(int32_t low[8], const sow_game *g, const sow_at *at)
{
    low[SOW_LOC_HOLE] = at->hole;
    low[SOW_LOC_COUNT] = at->count;
    low[SOW_LOC_MOVER] = g->to_move;
    low[SOW_LOC_PLY] = g->ply;
    low[SOW_LOC_TOTAL] = g->on_board;
    low[SOW_LOC_PHASE] = g->phase;
    low[SOW_LOC_DIRECTION] = g->move_dir;
    low[SOW_LOC_LAP] = at->lap; /* 0: no sowing runs (g.lap nil) */
}

/* g.hand and g.choice, which share the captures' range (rarely read:
 * out of line) */
static __attribute__((noinline)) int32_t
read_sowing(const sow_game *g, const sow_at *at, int32_t loc)
{
    if (loc == SOW_LOC_HAND)
        return at->lap > 0 ? at->hand : -1;
    return g->choice < SOW_MAX_HOLES ? g->choice : -1;
}

/* The move's values (-1 without a move: no count or store is). Inline:
 * a call here would make every lookup save registers across its walk. */
static inline int32_t read_before(const sow_before *mv, int32_t loc)
{
    if (loc == SOW_LOC_MOVED)
        return mv != NULL;
    if (!mv)
        return -1;
    if (loc >= SOW_LOC_BEFORE)
        return mv->board[loc - SOW_LOC_BEFORE];
    if (loc == SOW_LOC_ORIGIN)
        return mv->origin;
    return mv->captured[(loc - SOW_LOC_CAPTURED_BEFORE) & 1];
}

/* g.claimed[h] (-1: unclaimed) and g.blocked[h] (C1.4, C1.5) */
static int32_t read_mark(const sow_game *g, int32_t loc)
{
    if (loc >= SOW_LOC_BLOCKED)
        return (int32_t)((g->blocked >> (loc - SOW_LOC_BLOCKED)) & 1);
    return sow_claimant(g, loc - SOW_LOC_CLAIMED);
}

static inline int32_t read_loc(const sow_game *g, const sow_before *mv,
                               const sow_at *at, const int32_t low[8],
                               int32_t loc)
{
    if (loc >= SOW_LOC_OWNER)
        return loc < SOW_LOC_CLAIMED ? g->owner[loc - SOW_LOC_OWNER]
                                     : read_mark(g, loc);
    if (loc >= SOW_LOC_BOARD)
        return g->board[loc - SOW_LOC_BOARD];
    if (loc >= SOW_LOC_STATE)
        return loc < SOW_LOC_LAP_FROM ? g->state[loc - SOW_LOC_STATE]
               : loc == SOW_LOC_LAP_FROM ? (at->lap > 0 ? at->from : -1)
               : loc == SOW_LOC_LIFTED   ? (at->lifted > 0 ? at->lifted : -1)
                                         : read_before(mv, loc);
    if (loc >= SOW_LOC_CAPTURED)
        return loc >= SOW_LOC_CAPTURED_BEFORE ? read_before(mv, loc)
               : loc < SOW_LOC_HAND ? g->captured[(loc - SOW_LOC_CAPTURED) & 1]
                                    : read_sowing(g, at, loc);
    return low[loc & 7];
}

int32_t sow_memo_read(const sow_game *g, const sow_before *mv,
                      const sow_at *at, int32_t loc)
{
    int32_t low[8];
    fill_low(low, g, at);
    return read_loc(g, mv, at, low, loc);
}

const void *sow_memo_find(const sow_memo *m, const sow_game *g,
                          const sow_before *mv, const sow_at *at)
{
    int32_t low[8];
    fill_low(low, g, at);
    int32_t n = 0;
    for (;;) {
        const node *nd = &m->nodes[n];
        if (nd->result >= 0)
            return m->results + (size_t)nd->result * m->rsize;
        if (nd->loc == UNSET)
            return NULL;
        n = child_of(m, n, read_loc(g, mv, at, low, nd->loc));
        if (n < 0)
            return NULL;
    }
}

int sow_memo_add(sow_memo *m, const sow_memo_log *log, const void *d)
{
    if (m->nnodes + log->n + 1 > MAX_NODES || m->nresults >= m->max_results)
        reset(m); /* bounded memory: about 10 MB at most */
    if (grow((void **)&m->nodes, &m->cap_nodes, m->nnodes + log->n + 1,
             sizeof(node)) ||
        grow_edges(m, m->nedges + log->n + 1) ||
        grow((void **)&m->results, &m->cap_results, m->nresults + 1,
             m->rsize))
        return -1;
    int32_t n = 0;
    for (int i = 0; i < log->n; i++) {
        node *nd = &m->nodes[n];
        if (nd->result >= 0)
            goto impure; /* the same reads once ended here */
        if (nd->loc == UNSET)
            nd->loc = log->loc[i];
        else if (nd->loc != log->loc[i])
            goto impure; /* the same values once led to another read */
        int32_t child = child_of(m, n, log->val[i]);
        if (child < 0) {
            child = m->nnodes++;
            m->nodes[child] = (node){UNSET, 0, -1};
            uint64_t key = edge_key(n, log->val[i]);
            uint32_t j = slot_of(m, key);
            while (m->edges[j].key)
                j = (j + 1) & m->emask;
            m->edges[j] = (edge){key, child};
            m->nedges++;
            m->nodes[n].nedges++;
        }
        n = child;
    }
    if (m->nodes[n].loc != UNSET || m->nodes[n].result >= 0 ||
        m->nodes[n].nedges)
        goto impure; /* the same values once read further, or decided */
    memcpy(m->results + (size_t)m->nresults * m->rsize, d, m->rsize);
    m->nodes[n].result = m->nresults++;
    return 0;
impure:
    reset(m);
    return -1;
}
