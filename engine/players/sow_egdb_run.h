/* sow_egdb_run.h - what the parts of the endgame database's build share
 * (not a public header): the run (the values, bounds, heights and marks
 * of a build or a check), one position's value from its moves
 * (sow_egdb_position.c), the rounds of a level (sow_egdb_level.c), the
 * files of a build (sow_egdb_build.c), used by the one-machine build,
 * the check of every entry (sow_egdb_verify.c) and the shards
 * (sow_egdb_shards.c). docs/solving.md says how a database is built. */
#ifndef SOW_EGDB_RUN_H
#define SOW_EGDB_RUN_H

#include <stdatomic.h>
#include <sys/types.h>

#include "sow_egdb_int.h"
#include "sow_plain.h"

#define MAX_THREADS 256

/* A build or a check: the values (and while building, the heights and
 * the marks: 0 unknown, 1 known). */
typedef struct run {
    sow_egdb *db;
    const sow_setup *s;
    sow_game tmpl;          /* the start with an empty board */
    sow_plain plain;        /* the plain rules' move, where the setup's
                               rules are all within it (plain.ok) */
    int8_t *val;            /* building: the value where endless games go
                               worst for South (its lower bound) */
    int8_t *hi;             /* building: where they go best for South (its
                               upper bound; the value when they agree) */
    uint16_t *height;       /* build: the longest line each value rests on
                               (65535: unbounded, a cycle) */
    bool cycles;            /* a lower level had a cycle (settle_cycles) */
    _Atomic uint8_t *mark;  /* build: 0 unknown, 1 known, 2 an entry
                               outside a shard's slice that it needs
                               (queued for its next round) */
} run;

/* What the threads of one round share. */
typedef struct round {
    run *r;
    int k;
    const uint64_t *todo;   /* the entries to try; NULL: boards from
                               `base` on (the level, or a shard's slice) */
    uint64_t n;             /* their count */
    uint64_t base;          /* todo NULL: the first board */
    uint64_t lo, hi;        /* a shard's slice (entries lo..hi-1); the
                               whole level otherwise (no entry needed
                               outside it) */
    bool shard;             /* building a shard: entries outside lo..hi
                               that the slice needs are queued */
    atomic_uint_fast64_t next; /* the next chunk to take */
    atomic_bool stop;       /* an error: every thread stops */
    atomic_uchar *done;     /* the whole level's first round on threads:
                               done[c] once chunk c is through, its
                               waiting entries tried again (work in
                               sow_egdb_level.c); NULL: none */
} round;

#define CHUNK 4096

typedef struct worker {
    round *rd;
    sow_engine eng;
    uint64_t *wait;         /* entries left for the next round */
    uint64_t nwait, capwait;
    uint64_t settled;
    uint64_t queued;        /* entries outside a shard's slice queued */
    int max_height;
    sow_error err;
    int failed;
} worker;

/* The file of a build in progress, path.part: the header (its levels the
 * levels finished), the values (lower bounds), the heights (two bytes
 * each, little-endian), then the upper bounds. */
typedef struct part {
    char path[4200];
    int fd;
} part;

/* ---- one position (sow_egdb_position.c) ---- */

/* The position (board b of k seeds, South's store s0, player p to move)
 * of database db as a game: 1, 0 when p has no move, -1 on an error. */
/* Child i of g into c: the plain rules' move where r's setup allows it
 * (sow_plain.h), else and at every end the engine's; the run's deadline
 * read every 64 moves either way. *lean: c was last made from g by the
 * plain move, so only what that move writes is copied (false the first
 * time); set for the next call. */
int sow_egdb_play(const run *r, sow_engine *e, sow_game *c, const sow_game *g,
                  int i, bool *lean, sow_error *err);

int sow_egdb_position(sow_engine *e, const sow_egdb *db, const sow_game *tmpl,
                      const uint16_t *b, int k, int s0, int p, sow_game *g,
                      sow_error *err);

/* The best of the moves of entry j (board b of k seeds, South's store
 * s0): see sow_egdb_position.c. */
int sow_egdb_best_of(const run *r, sow_engine *e, worker *w,
                     const uint16_t *b, int k, int s0, uint64_t j, int *v,
                     int *vh, int *h, sow_error *err);

/* A run for s's database of `seeds` seeds (allocated), and its end. */
int sow_egdb_run_alloc(run *r, const sow_setup *s, int seeds, sow_error *err);
void sow_egdb_run_free(run *r);

/* ---- the rounds of a level (sow_egdb_level.c) ---- */

/* Entry cj of the level, not known, that a move of a shard's entry leads
 * to: 0 (queued, or the slice's own), 1 when not building a shard, -1 on
 * an error. */
int sow_egdb_need_entry(worker *w, uint64_t cj);

/* Build the boards lo..hi-1 of level k with the workers: see
 * sow_egdb_level.c. */
int sow_egdb_build_level(run *r, worker *ws, int nthreads, int k, uint64_t lo,
                         uint64_t hi, bool shard, uint64_t *start,
                         uint64_t nstart, int *rounds, int *max_height,
                         sow_error *err);

/* ---- the files of a build (sow_egdb_build.c) ---- */

int sow_egdb_io_error(sow_error *err, const char *path, const char *what);
int sow_egdb_pread_all(int fd, void *buf, size_t n, off_t at);
/* Level k into path.part, then its header (synced). */
int sow_egdb_part_level(part *pt, run *r, int k, sow_error *err);
/* The finished database into path, then path.part removed. */
int sow_egdb_write_final(part *pt, const char *path, const sow_egdb_info *in,
                         const int8_t *val, sow_error *err);
/* A value whose bounds differ marked SOW_EGDB_CYCLE. */
void sow_egdb_final_values(run *r);

#endif
