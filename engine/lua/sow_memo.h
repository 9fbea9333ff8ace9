/* sow_memo.h - a cache of a pure hook's decisions, keyed by the values the
 * hook read.
 *
 * A lap_end hook decides from the board view alone (docs/writing-variants.md:
 * no
 * state of its own). So when one call read the locations L1..Lk and saw the
 * values V1..Vk, any later call that finds the same values at the same
 * locations, in the same order, makes the same decision without running.
 * The cache is a trie: each node names the next location the hook read,
 * each edge a value seen there, each leaf a decision. A lookup reads the
 * game at the locations the trie names; a miss runs the hook once, with a
 * view that logs its reads, and adds the log. No game rule is involved. */
#ifndef SOW_MEMO_H
#define SOW_MEMO_H

#include <stddef.h>
#include <stdint.h>

#include "sow_game.h"

#define SOW_MEMO_LOG_MAX 256

/* A location a hook can read: the arguments, or a value of the view.
 * The move's fields (g.board_before, g.captured_before, g.origin) read
 * from the call's sow_before; with none, MOVED is 0 and the others -1.
 * (They share their ranges with the state and the captures: a lookup
 * tests for them only where it would read one of those, never on the
 * way to a hole's count or owner, which the seed games read most.) */
enum {
    SOW_LOC_HOLE = 0,       /* the argument h */
    SOW_LOC_COUNT,          /* the argument c */
    SOW_LOC_MOVER,
    SOW_LOC_PLY,
    SOW_LOC_TOTAL,
    SOW_LOC_PHASE,
    SOW_LOC_DIRECTION,      /* g.direction: the move's sow_dir (MB.2) */
    SOW_LOC_LAP,            /* g.lap: the lap of the sowing, 0 none */
    SOW_LOC_CAPTURED = 8,   /* + player */
    SOW_LOC_HAND = 10,      /* g.hand: seeds in hand, -1 none */
    SOW_LOC_CHOICE = 11,    /* g.choice: the move's chosen hole (NS.6),
                               -1 none */
    SOW_LOC_CAPTURED_BEFORE = 12, /* + player */
    SOW_LOC_ORIGIN = 14,    /* g.origin: the move's hole */
    SOW_LOC_MOVED = 15,     /* 1: the view has the move's fields */
    SOW_LOC_STATE = 16,     /* + index (SOW_MAX_STATE) */
    SOW_LOC_LAP_FROM = 24,  /* g.lap_from: the lap's hole, -1 none */
    SOW_LOC_LIFTED = 25,    /* g.lifted: the lap's seeds, -1 none */
    SOW_LOC_BEFORE = 64,    /* + hole (SOW_MAX_HOLES): g.board_before */
    SOW_LOC_BOARD = 128,    /* + hole */
    SOW_LOC_OWNER = 192,    /* + hole */
    SOW_LOC_CLAIMED = 256,  /* + hole: g.claimed, -1 unclaimed (C1.4) */
    SOW_LOC_BLOCKED = 320   /* + hole: g.blocked, 0 or 1 (C1.5) */
};

_Static_assert(SOW_LOC_STATE + SOW_MAX_STATE <= SOW_LOC_LAP_FROM &&
                   SOW_LOC_LIFTED < SOW_LOC_BEFORE &&
                   SOW_MAX_HOLES <= 64,
               "the memo's locations overlap");

typedef struct sow_memo_log {
    int n;
    int32_t loc[SOW_MEMO_LOG_MAX];
    int32_t val[SOW_MEMO_LOG_MAX];
} sow_memo_log;

typedef struct sow_memo sow_memo;

/* A cache whose results are result_size bytes each (a sow_lap_decision,
 * a sow_changes); NULL when out of memory. */
sow_memo *sow_memo_new(size_t result_size);
void sow_memo_free(sow_memo *m);

/* The value at a location, for a call with arguments at->hole and
 * at->count (at->lap 0: no sowing runs, g.lap and g.hand are nil) on the
 * view g of move mv (NULL: none). */
int32_t sow_memo_read(const sow_game *g, const sow_before *mv,
                      const sow_at *at, int32_t loc);

/* The cached result for this call, or NULL. */
const void *sow_memo_find(const sow_memo *m, const sow_game *g,
                          const sow_before *mv, const sow_at *at);

/* Add a logged call and its decision. Returns 0, or -1 when the log does
 * not fit what the cache holds (the hook is not pure: the cache is then
 * cleared and should not be used again), or when out of memory. */
int sow_memo_add(sow_memo *m, const sow_memo_log *log, const void *d);

#endif
