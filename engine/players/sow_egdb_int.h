/* sow_egdb_int.h - what the database's reader (sow_egdb.c) and its
 * builder (sow_egdb_build.c) share: the object, the ranking of boards, the
 * header. Not a public header. */
#ifndef SOW_EGDB_INT_H
#define SOW_EGDB_INT_H

#include "sow_egdb.h"

#define EGDB_HEADER 192 /* version 3: the stores' fields at 128 */
#define EGDB_MAX_ENTRIES (1ULL << 36) /* 64 GiB: far past this machine */

struct sow_egdb {
    sow_egdb_info info;
    const int8_t *val;       /* the entries (mapped) */
    void *map;
    size_t map_len;
    /* ranking: f[n][m] boards of n seeds on m holes, off[k] the first
     * board of level k (boards of k seeds) */
    uint64_t (*f)[SOW_MAX_HOLES + 1];
    /* step[(i * (seeds + 1) + r) * (seeds + 1) + b]: what hole i holding
     * b of the r seeds left adds to a board's rank, f(r, m) - f(r - b,
     * m) with m = holes - i (sow_egdb_rank) */
    uint64_t *step;
    uint64_t off[SOW_EGDB_MAX_SEEDS + 2];
    /* with the stores indexed (info.threshold >= 0): the positions of
     * level k are its boards times nst[k] values of South's store,
     * st0[k] .. st0[k] + nst[k] - 1 (North's is the total less the board
     * and South's); nst[k] 1 and st0[k] 0 otherwise */
    int nst[SOW_EGDB_MAX_SEEDS + 1], st0[SOW_EGDB_MAX_SEEDS + 1];
};

/* h stepped over the n bytes at p (the rules' digest, the checksum). */
uint64_t sow_egdb_hash(uint64_t h, const void *p, uint64_t n);

/* A database object of holes and seeds with its counts (no entries);
 * total and threshold: the stores indexed (threshold >= 0, total the
 * game's seeds), or not (threshold -1). NULL (err set, naming s's file if
 * given) past the limits. */
sow_egdb *sow_egdb_sized(const sow_setup *s, int holes, int seeds,
                         int total, int threshold, sow_error *err);

/* The position index of board b of k seeds (k <= the database's seeds)
 * with South's store s0 (read only with the stores indexed, and then in
 * st0[k] .. st0[k] + nst[k] - 1): the entries are 2 * it + player. */
static inline uint64_t sow_egdb_rank(const sow_egdb *db, const uint16_t *b,
                                     int k, int s0)
{
    const int H = db->info.holes;
    const size_t S = (size_t)db->info.seeds + 1;
    const uint64_t *row = db->step; /* hole i's steps */
    uint64_t idx = 0;
    int r = k;
    /* every hole but the last, also once no seed is left (its step is
     * then 0): a fixed count of steps, which the branch predictor
     * follows where a stop at the last seed it could not (a build spent
     * a tenth of its time there) */
    for (int i = 0; i + 1 < H; i++, row += S * S) {
        idx += row[(size_t)r * S + b[i]];
        r -= b[i];
    }
    if (db->info.threshold >= 0)
        return db->off[k] + idx * (uint64_t)db->nst[k] +
               (uint64_t)(s0 - db->st0[k]);
    return db->off[k] + idx;
}

/* Whether a position of k seeds with stores s0 and s1 is one of db's
 * (always, without the stores indexed). */
static inline bool sow_egdb_holds_stores(const sow_egdb *db, int k, int s0,
                                         int s1)
{
    return db->info.threshold < 0 ||
           (s0 >= db->st0[k] && s0 < db->st0[k] + db->nst[k] &&
            s1 == db->info.total - k - s0);
}

/* The board and South's store of position index pos (of level k) into b
 * and *s0. */
void sow_egdb_unrank(const sow_egdb *db, int k, uint64_t pos, uint16_t *b,
                     int *s0);

/* The first position of level k (the first board, South's least store)
 * into b and *s0; false when the level has none. */
bool sow_egdb_first(const sow_egdb *db, int k, uint16_t *b, int *s0);

/* The next position of level k in index order (South's store, then the
 * board); false after the last. */
bool sow_egdb_next(const sow_egdb *db, uint16_t *b, int *s0, int k);

/* The next board of the same count in rank order; false after the last. */
bool sow_egdb_next_board(uint16_t *b, int holes);

/* The checksum of n entries. */
uint64_t sow_egdb_checksum(const int8_t *val, uint64_t n);

/* The header of in, into hd (EGDB_HEADER bytes). */
void sow_egdb_header(uint8_t *hd, const sow_egdb_info *in);

/* Read header hd into db's info (the counts made for its holes and seeds:
 * db is made by it, into *out). NULL when it is not a database header of
 * this version, with the reason in *bad, or past the limits (err). */
int sow_egdb_read_header(const uint8_t *hd, sow_egdb **out, const char **bad,
                         sow_error *err);

/* The boards of shard k of m of level `level`: lo .. hi-1 (indices). */
void sow_egdb_slice(const sow_egdb *db, int level, long k, long m,
                    uint64_t *lo, uint64_t *hi);

/* The header of a shard file (sh's fields, its payload's checksum in
 * sh->info.checksum) into hd (EGDB_HEADER bytes). */
void sow_egdb_shard_header(uint8_t *hd, const sow_egdb_shard *sh);

/* A shard's payload (values, heights little-endian, upper bounds) into
 * buf (4 * sh->n bytes). */
void sow_egdb_shard_payload(const sow_egdb_shard *sh, uint8_t *buf);

#endif
