/* sow_egdb.h - endgame databases: the exact value of every position with
 * at most N seeds on the board (docs/solving.md, "Endgame databases").
 *
 * A database holds, for each board of at most N seeds and each player to
 * move (and, in a game with a threshold end, each live pair of stores),
 * the margin South - North still to be made from that position with
 * perfect play: what the two players will yet put in their stores (and
 * receive at the end), South's less North's. It is built level by
 * level (every board of 0 seeds, then of 1, ...), which is exact only for
 * games whose seeds on the board never increase and whose future depends
 * on the board, the player to move and the stores alone (sow_egdb_check
 * says which).
 *
 * The file (little-endian; docs/solving.md has the table):
 *   192-byte header: magic "SOWEGDB\n", version, header size, holes,
 *   seeds N, entries, a digest of the rules (the variant file and the
 *   option values), a checksum of the data, the longest line any entry's
 *   value rests on, the levels built (N + 1 in a finished file), the
 *   variant id, the game's seeds and its threshold (-1: the stores are
 *   not indexed);
 *   then one signed byte per entry: entry 2 * index + player, where index
 *   ranks the board among all boards of at most N seeds (boards of fewer
 *   seeds first; within one count, lexicographically by hole 0, 1, ...),
 *   and, with the stores indexed, within a board South's store, from the
 *   least a live position of that count can have.
 * The value -128 marks a position whose player to move has no move (it
 * never occurs in a game: the engine passes or ends the game first); -127
 * one whose value depends on how the variant ends an endless game (its
 * lines can go round a cycle, and some cycle rule would change it).
 *
 * Games with a threshold end (Oware, C1.7) read the stores, so their
 * databases index them: a position of k seeds has South's store between
 * the threshold's bounds (North's is the rest), and its entry is the
 * exact margin still to be made under the threshold (version 3; version
 * 2 files, which held the game played out, are refused: build again). */
#ifndef SOW_EGDB_H
#define SOW_EGDB_H

#include <stdbool.h>
#include <stdint.h>

#include "sow_game.h"

#define SOW_EGDB_VERSION 3       /* 2: SOW_EGDB_CYCLE; 3: the stores
                                    indexed where a threshold reads them */
#define SOW_EGDB_MAX_SEEDS 100   /* values fit a signed byte */
#define SOW_EGDB_NONE (-128)     /* the player to move has no move */
#define SOW_EGDB_MAX_SHARDS 65536 /* M of --shard K/M */
#define SOW_EGDB_CYCLE (-127)    /* the value depends on how an endless
                                    game ends (a cycle; docs/solving.md) */

typedef struct sow_egdb sow_egdb;

/* Whether setup s can have a database: an error naming what stops it
 * (a script, rounds, a threshold, the repetition rule, ...). The build
 * checks the rest as it goes (seeds never added to the board, no owner,
 * claim or phase changed by a move). */
int sow_egdb_check(const sow_setup *s, sow_error *err);

/* The digest of s's rules: the variant file's bytes and the value of
 * every option that changes the rules (a database answers only for the
 * rules it was built with); an option that changes only the start (its
 * seeds), such as Kalah's `seeds` without a threshold, is left out, so
 * boards that differ in their start share a database. */
int sow_egdb_digest(const sow_setup *s, uint64_t *out, sow_error *err);

/* The file name of s's database in folder dir: "<id>-<digest>.egdb". */
int sow_egdb_path(const sow_setup *s, const char *dir, char *buf,
                  size_t size, sow_error *err);

/* Progress of a build, handed to a callback after every level. */
typedef struct sow_egdb_progress {
    int level, seeds;         /* the level just built, of 0..seeds */
    uint64_t done, entries;   /* entries built so far, of all */
    double seconds;
    int rounds;               /* rounds the level took (see the build) */
    int resumed;              /* levels read back from a stopped build */
    int threads;
} sow_egdb_progress;
typedef void (*sow_egdb_progress_fn)(void *ctx, const sow_egdb_progress *p);

/* Build the database of e's setup for at most `seeds` seeds on the board
 * into file `path`, with `threads` threads (each with an engine of its
 * own, as e's). The levels built go to "path.part" as they are finished,
 * so that a build stopped (an error, --time-limit, a signal) resumes from
 * there when run again with the same rules and seeds; the finished file
 * is written beside path and renamed over it, and path.part removed. */
int sow_egdb_build(sow_engine *e, int seeds, int threads, const char *path,
                   sow_egdb_progress_fn fn, void *ctx, sow_error *err);

/* What a database file says of itself. */
typedef struct sow_egdb_info {
    char id[64];
    int holes, seeds, max_height;
    int levels;             /* levels built: seeds + 1 when finished */
    int total, threshold;   /* threshold >= 0: the stores are indexed,
                               the game holding `total` seeds; -1: not */
    uint64_t entries, digest, checksum;
    long long bytes;
} sow_egdb_info;

/* ---- shards: a level built on several machines (docs/solving.md) ----
 *
 * Shard K of M of level L holds the entries of the boards of L seeds
 * whose rank within the level is in [C*K/M, C*(K+1)/M) (C the boards of
 * the level), both players each: their values and heights. It is built
 * from the levels below L, read from the build's "path.part" (shared
 * storage), computing also every entry of level L outside its slice that
 * its entries need. The merge checks every shard, that they cover the
 * level once, and every entry of the level against its moves, then adds
 * the level to path.part (or, the last level, writes the database).
 *
 * The shard file: a 128-byte header (little-endian): magic "SOWEGSH\n",
 * version, header size, holes, seeds, entries (of the database), digest,
 * checksum of the payload, the longest line of the slice, level, the
 * variant id (64 bytes), K, M; then the slice's values (lower bounds, one
 * byte each), heights (two bytes each) and upper bounds (one byte each:
 * the value again, unless it depends on a cycle). */
typedef struct sow_egdb_shard {
    sow_egdb_info info;     /* the database's (checksum and max_height:
                               the slice's; levels: unused) */
    int level, index, count; /* level L, shard K of M */
    uint64_t first, n;      /* its entries: first .. first + n - 1 */
    int8_t *val;            /* n values (lower bounds) */
    uint16_t *height;       /* n heights */
    int8_t *hi;             /* n upper bounds */
} sow_egdb_shard;

/* The file name of shard K of M of level L of the database at path:
 * "path.L<L>.<K>of<M>.shard". */
int sow_egdb_shard_path(const char *path, int level, long k, long m,
                        char *buf, size_t size, sow_error *err);

/* Read a shard file into *sh (checked: header, size, checksum); an error
 * names the file and what is wrong. */
int sow_egdb_shard_read(const char *path, sow_egdb_shard *sh,
                        sow_error *err);
void sow_egdb_shard_free(sow_egdb_shard *sh);

/* Build shard k of m of level `level` of e's database of `seeds` seeds
 * (path: the database's file; levels 0 .. level-1 must be in path.part,
 * and none for level 0) into its shard file, whose name goes to out. */
int sow_egdb_build_shard(sow_engine *e, int seeds, int level, long k,
                         long m, int threads, const char *path, char *out,
                         size_t outsize, sow_error *err);

/* Merge the shards of level `level` found beside path (their files,
 * sow_egdb_shard_path) into path.part, or, the last level, into the
 * database at path; *nshards gets their count. The shards are removed
 * after a merge. */
int sow_egdb_merge(sow_engine *e, int seeds, int level, const char *path,
                   long *nshards, sow_error *err);

/* Open a database file (mapped read-only); its header and checksum are
 * checked. With s (not NULL) it must be s's: same holes and digest. */
sow_egdb *sow_egdb_open(const char *path, const sow_setup *s,
                        sow_error *err);
void sow_egdb_close(sow_egdb *db);
const sow_egdb_info *sow_egdb_about(const sow_egdb *db);

/* The entries of db marked SOW_EGDB_CYCLE. */
uint64_t sow_egdb_cycles(const sow_egdb *db);

/* The margin still to be made from g (not over) with perfect play, into
 * *margin: true when the database holds g (at most its seeds on the
 * board, a value that no cycle rule changes). */
bool sow_egdb_probe(const sow_egdb *db, const sow_game *g, int *margin);

/* Check every entry of db against its children one move later (e plays
 * them, with the rules of the database's setup): each value must be the
 * best of its moves. *bad gets the entries that are not (0: sound); the
 * first is described in err. *unchecked gets the entries that cannot be
 * checked: marked SOW_EGDB_CYCLE, or with a move to one. */
int sow_egdb_verify(const sow_egdb *db, sow_engine *e, uint64_t *bad,
                    uint64_t *unchecked, sow_error *err);

#endif
