/* sow_egdb.h - endgame databases: the exact value of every position with
 * at most N seeds on the board (docs/solving.md, "Endgame databases").
 *
 * A database holds, for each board of at most N seeds and each player to
 * move, the margin South - North still to be made from that position
 * with perfect play: what the two players will yet put in their stores
 * (and receive at the end), South's less North's. It is built level by
 * level (every board of 0 seeds, then of 1, ...), which is exact only for
 * games whose seeds on the board never increase and whose future depends
 * on the board and the player to move alone (sow_egdb_check says which).
 *
 * The file (little-endian; docs/solving.md has the table):
 *   128-byte header: magic "SOWEGDB\n", version, header size, holes,
 *   seeds N, entries, a digest of the rules (the variant file and the
 *   option values), a checksum of the data, the longest line any entry's
 *   value rests on, the levels built (N + 1 in a finished file), the
 *   variant id;
 *   then one signed byte per entry: entry 2 * index + player, where index
 *   ranks the board among all boards of at most N seeds (boards of fewer
 *   seeds first; within one count, lexicographically by hole 0, 1, ...).
 * The value -128 marks a position whose player to move has no move (it
 * never occurs in a game: the engine passes or ends the game first). */
#ifndef SOW_EGDB_H
#define SOW_EGDB_H

#include <stdbool.h>
#include <stdint.h>

#include "sow_game.h"

#define SOW_EGDB_VERSION 1
#define SOW_EGDB_MAX_SEEDS 100   /* values fit a signed byte */
#define SOW_EGDB_NONE (-128)     /* the player to move has no move */

typedef struct sow_egdb sow_egdb;

/* Whether setup s can have a database: an error naming what stops it
 * (a script, rounds, a threshold, the repetition rule, ...). The build
 * checks the rest as it goes (seeds never added to the board, no owner,
 * claim or phase changed by a move). */
int sow_egdb_check(const sow_setup *s, sow_error *err);

/* The digest of s's rules: the variant file's bytes and the value of
 * every option (a database answers only for the rules it was built
 * with). */
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
    uint64_t entries, digest, checksum;
    long long bytes;
} sow_egdb_info;

/* Open a database file (mapped read-only); its header and checksum are
 * checked. With s (not NULL) it must be s's: same holes and digest. */
sow_egdb *sow_egdb_open(const char *path, const sow_setup *s,
                        sow_error *err);
void sow_egdb_close(sow_egdb *db);
const sow_egdb_info *sow_egdb_about(const sow_egdb *db);

/* The margin still to be made from g (not over) with perfect play, into
 * *margin: true when the database holds g (at most its seeds on the
 * board). */
bool sow_egdb_probe(const sow_egdb *db, const sow_game *g, int *margin);

/* Check every entry of db against its children one move later (e plays
 * them, with the rules of the database's setup): each value must be the
 * best of its moves. *bad gets the entries that are not (0: sound); the
 * first is described in err. */
int sow_egdb_verify(const sow_egdb *db, sow_engine *e, uint64_t *bad,
                    sow_error *err);

#endif
