/* sow_egdb_int.h - what the database's reader (sow_egdb.c) and its
 * builder (sow_egdb_build.c) share: the object, the ranking of boards, the
 * header. Not a public header. */
#ifndef SOW_EGDB_INT_H
#define SOW_EGDB_INT_H

#include "sow_egdb.h"

#define EGDB_HEADER 128
#define EGDB_MAX_ENTRIES (1ULL << 36) /* 64 GiB: far past this machine */

struct sow_egdb {
    sow_egdb_info info;
    const int8_t *val;       /* the entries (mapped) */
    void *map;
    size_t map_len;
    /* ranking: f[n][m] boards of n seeds on m holes, off[k] the first
     * board of level k (boards of k seeds) */
    uint64_t (*f)[SOW_MAX_HOLES + 1];
    uint64_t off[SOW_EGDB_MAX_SEEDS + 2];
};

/* A database object of holes and seeds with its counts (no entries);
 * NULL (err set, naming s's file if given) past the limits. */
sow_egdb *sow_egdb_sized(const sow_setup *s, int holes, int seeds,
                         sow_error *err);

/* The index of board b of k seeds (k <= the database's seeds). */
static inline uint64_t sow_egdb_rank(const sow_egdb *db, const uint16_t *b,
                                     int k)
{
    const int H = db->info.holes;
    uint64_t idx = db->off[k];
    int r = k;
    for (int i = 0; i + 1 < H && r > 0; i++) {
        const int m = H - i;
        idx += db->f[r][m] - db->f[r - b[i]][m];
        r -= b[i];
    }
    return idx;
}

/* The board of index idx (of level k) into b. */
void sow_egdb_unrank(const sow_egdb *db, int k, uint64_t idx, uint16_t *b);

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
