/* sow_solve_int.h - what the solver's search (sow_solve.c), its object
 * (sow_solve_new.c: made, set up, freed), its keys (sow_solve_key.c) and
 * its drivers (sow_solve_root.c: MTD(f), iterative deepening, the root's
 * moves over threads) share. Not a public header; docs/solving.md says how the
 * solver works. */
#ifndef SOW_SOLVE_INT_H
#define SOW_SOLVE_INT_H

#include <stdatomic.h>

#include "sow_egdb.h"
#include "sow_plain.h"
#include "sow_solve.h"

#define INF (1 << 29)
#define BIG (1 << 20)       /* the winner's weight; margins stay below */
#define MAX_DEPTH 1000      /* plies from the root a line may reach */
#define PATH_SLOTS 4096     /* the path set: > 2 * MAX_DEPTH */
#define EXACT 255           /* the depth of a search to the games' ends */
#define BUSY_SLOTS 65536    /* the nodes being searched, by key */

typedef struct tt_entry {
    uint64_t check;  /* the key's second word; 0: empty */
    int32_t lo, hi;  /* bounds (less the stores' difference when the
                        solver keeps stores apart); +-INF: none */
    uint16_t move;   /* the best move found */
    uint16_t height; /* plies of the longest line the proof looked at */
    uint8_t work;    /* log2 of the positions its proof played */
    uint8_t depth;   /* the plies the bounds looked ahead: EXACT, or
                        fewer (an iterative-deepening search's, whose
                        leaves are guesses: they order moves only) */
} tt_entry;

/* The table's bucket: two entries in one cache line, so that a probe
 * reads one line and the prefetch of make_child fetches the whole bucket
 * (two entries of 24 bytes side by side straddled two lines in every
 * other bucket: Kalah(6,4) --value-only took 54 s on two threads with
 * 48-byte buckets, 40 s with these; docs/solving.md, *Measured*). Where
 * threads share the table, the bucket's own lock is in its line too. */
typedef struct tt_bucket {
    tt_entry e[2];
    uint8_t lock;    /* threads: held while the bucket is read or written */
    uint8_t spare[64 - 2 * sizeof(tt_entry) - 1];
} tt_bucket;
_Static_assert(sizeof(tt_bucket) == 64, "a bucket is one cache line");

typedef struct key {
    uint64_t a, b;   /* a picks the bucket, b is checked */
} key;

struct root_jobs; /* the root's moves shared by threads (sow_solve_root.c) */

struct sow_solver {
    const sow_setup *s;
    bool apart;            /* stores out of the key (stores_apart) */
    bool bound;            /* the seeds' bound holds: a value lies within
                              the stores' difference give or take the
                              seeds on the board (known_bounds) */
    int ply_until;         /* the ply is in the key below this ply; a
                              script: always (INT32_MAX) */
    bool last_fields;      /* the last move's fields are in the key */
    sow_plain plain;       /* the plain rules' move, where the setup's
                              rules are all within it (plain.ok) */
    uint64_t *zob;         /* Zobrist's keys where the plain rules'
                              move is taken (sv_key): [hole][seeds][2],
                              then the player to move's two; NULL: the
                              running hash of everything. The main
                              solver's, borrowed by the threads' */
    int zob_seeds;         /* the seeds a hole may hold in it */
    sow_plain_zob pz;      /* the same table for the plain move, which
                              keeps a child's key by XORs (make_child) */
    bool zob_keep;         /* keys kept so: Zobrist's, the stores apart
                              (the ply, below ply_until, is hashed in) */
    const sow_egdb *db;    /* an endgame database of the rules, or NULL */
    long long db_hits;     /* positions the database answered */
    tt_bucket *tt;
    uint64_t buckets;      /* as many as --memory holds, below 2^32 */
    long long used;        /* entries this solver filled (a thread's are
                              added to the main solver's as it ends) */
    bool shared;           /* threads share the table: lock its buckets */
    _Atomic uint64_t *busy; /* BUSY_SLOTS, when threads share the table:
                              the keys (b) of nodes a thread is
                              searching, by their a (sv_search) */
    sow_solver *main;      /* a thread's solver: the solver whose table
                              and locks it borrows (NULL: itself) */
    int threads;           /* for sow_solve's root moves */
    bool value_only;       /* sow_solve: no values of the moves */
    int guess_depth;       /* the guesses' plies ahead (exact()) */
    uint64_t path_a[PATH_SLOTS], path_b[PATH_SLOTS];
    uint8_t path_on[PATH_SLOTS];
    int path_slot[MAX_DEPTH + 1];
    sow_game *kids[MAX_DEPTH + 1]; /* each depth's children, made when
                                      first needed */
    key *kid_keys[MAX_DEPTH + 1];  /* and their keys */
    int64_t *kid_score[MAX_DEPTH + 1]; /* and their order (prepare_rest) */
    int *kid_order[MAX_DEPTH + 1]; /* the moves in order, then those
                                      left to the end (search_moves):
                                      where a position may have more
                                      moves than FEW_KIDS (sow_solve.c) */
    uint64_t lean[MAX_DEPTH + 1];  /* bit i of depth d: kids[d][i] was
                                      last made by the plain move, so
                                      only what it reads and writes need
                                      be copied into it (branch_lean),
                                      from a parent made so too */
    bool pure[MAX_DEPTH + 1];      /* the position searched at depth d
                                      and its line from the root were
                                      made by the plain move: the fields
                                      it never writes are the root's */
    int maxkids;
    /* the repetition rule (K1.7, C1.10): a position's value depends on
     * the positions before it that could recur, so its key holds them
     * (docs/solving.md, "Exactness and history"); the line's positions
     * are in eng.hist as the engine's own game would hold them */
    bool rep;
    key rep_h[MAX_DEPTH + 1]; /* the earlier positions of the one at
                                 depth d that could recur: their words
                                 XORed (sv_root_key, rep_child) */
    uint64_t history[2][256]; /* by player and move: the seeds on the
                                 board at the cutoffs it made */
    /* one solve */
    sow_engine eng;        /* the caller's engine without its observer */
    sow_error *err;
    bool failed;
    bool abandoned;        /* stopped because another thread finished
                              the same root move (or failed): no error */
    const atomic_int *cancel; /* nonzero: abandon the search (threads) */
    struct root_jobs *jobs; /* the root's moves, during sow_solve */
    long long positions;
    /* what the threads of sow_solve tell the main one's progress line */
    atomic_llong shared_positions; /* the others' positions, by 16384 */
    atomic_int root_done, root_lower, root_upper;
    bool publish;          /* this solver's MTD(f) on the root of a
                              value-only solve: its bounds go to the main
                              solver's root_lower and root_upper */
    double t0, next_report;
    sow_solve_progress_fn progress;
    void *progress_ctx;
    double every;
    sow_solve_progress pr;
};

/* South's stores less North's: what the table's values are relative to
 * when stores are kept apart. */
static inline int sv_base(const sow_solver *sv, const sow_game *g)
{
    return sv->apart ? g->captured[0] - g->captured[1] : 0;
}

/* An internal value as a winner and a margin. */
static inline sow_solve_value sv_value(const sow_solver *sv, int v)
{
    sow_solve_value r;
    if (sv->apart) {
        r.margin = v;
        r.winner = v > 0 ? 0 : v < 0 ? 1 : -1;
        return r;
    }
    int w = v > BIG / 2 ? 1 : v < -BIG / 2 ? -1 : 0;
    r.margin = v - w * BIG;
    r.winner = w == 1 ? 0 : w == -1 ? 1 : -1;
    return r;
}

/* The bucket of key k: the high half of k.a scaled to the buckets (a
 * multiply, not a mask, so the table need not be a power of two and
 * takes all the memory it is given). */
static inline uint64_t sv_bucket(const sow_solver *sv, key k)
{
    return ((k.a >> 32) * sv->buckets) >> 32;
}

/* The key of g: everything of it a rule can read (sow_solve_key.c). */
key sv_key(const sow_solver *sv, const sow_game *g);

/* The repetition rule's word of a position (its board, the player to
 * move and, where the engine's history keeps them, its marks): the
 * engine's identity of a position for the rule, hashed into 128 bits
 * independent of sv_key's (bit 0 of b clear, so a key XORed with words
 * keeps its own). */
key sv_rep_word(const sow_solver *sv, const uint16_t *board, int to_move,
                const uint64_t *marks);
key sv_rep_of(const sow_solver *sv, const sow_game *g);

/* The key of a root g of a search, the last position of the engine's
 * history (sv->eng): sv_key's, and, under the repetition rule, the words
 * of the positions before it that could recur (those with as many seeds
 * on the board: the board never gains any, which the solver checks),
 * kept in sv->rep_h[0]. An error (sv->failed) where an earlier position
 * had fewer seeds on the board. */
key sv_root_key(sow_solver *sv, const sow_game *g);

/* Zobrist's words and the plain move's step words into sv->zob and
 * sv->pz, for a setup the plain rules' move takes whose holes hold at
 * most ZOB_MAX_SEEDS (sv->zob stays NULL when out of memory). */
#define ZOB_MAX_SEEDS 1023
void sv_zobrist_table(sow_solver *sv);

/* A copy of g's table entry into *out: false when the table has none. */
bool sv_tt_get(sow_solver *sv, key k, tt_entry *out);

/* The value of g (not over, key k, at depth d from the root) searched
 * `depth` plies ahead (EXACT: to the ends), fail-soft within (alpha,
 * beta); *height: the plies of the longest line its proof looked at. */
int sv_search(sow_solver *sv, const sow_game *g, key k, int d, int depth,
              int alpha, int beta, int *height);

/* The internal value of a finished game c (an error, at depth EXACT,
 * when it is unfinished). */
int sv_finished(sow_solver *sv, const sow_game *c, int depth);

/* Mark the solve failed (err already set); returns 0. */
int sv_fail(sow_solver *sv);

/* The progress line, when it is due (the main thread's). */
void sv_report(sow_solver *sv);

/* A solver for another thread, sharing sv's table and locks (freed with
 * sow_solver_free, which leaves them to sv); NULL when out of memory. */
sow_solver *sv_worker_new(sow_solver *sv);

#endif
