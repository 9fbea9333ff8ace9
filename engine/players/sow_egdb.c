/* sow_egdb.c - endgame database files (sow_egdb.h; docs/solving.md): the
 * ranking of boards, the header, and reading (open, probe). What can have
 * a database and the rules' digest are in sow_egdb_rules.c, the build in
 * sow_egdb_build.c (its parts: sow_egdb_run.h), the check of every entry
 * in sow_egdb_verify.c. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "sow_egdb_int.h"
#include "sow_file.h"
#include "sow_num.h"
#include "sow_solve.h"

static const char MAGIC[8] = {'S', 'O', 'W', 'E', 'G', 'D', 'B', '\n'};

/* h stepped over n bytes: 8-byte words, then the tail with the length. */
uint64_t sow_egdb_hash(uint64_t h, const void *p, uint64_t n)
{
    const unsigned char *c = p;
    uint64_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t w;
        memcpy(&w, c + i, 8);
        h = sow_hash_step(h, w);
    }
    uint64_t tail = 0;
    memcpy(&tail, c + i, (size_t)(n - i));
    return sow_hash_step(h, tail ^ n << 56);
}

/* ---- ranking boards -------------------------------------------------------- */

/* The counts of db (holes and seeds in db->info): false when past
 * EGDB_MAX_ENTRIES. */
static bool counts(sow_egdb *db)
{
    const int H = db->info.holes, N = db->info.seeds;
    db->f = calloc((size_t)N + 1, sizeof *db->f);
    if (!db->f)
        return false;
    for (int n = 0; n <= N; n++)
        for (int m = 0; m <= H; m++) {
            uint64_t c = m == 0 ? (n == 0) : m == 1 ? 1
                       : n == 0 ? 1
                                : db->f[n][m - 1] + db->f[n - 1][m];
            /* f(n, m) = f(n, m-1) + f(n-1, m): the last hole empty or not */
            db->f[n][m] = c > EGDB_MAX_ENTRIES ? EGDB_MAX_ENTRIES + 1 : c;
        }
    /* the rank's steps (sow_egdb_rank): hole i of a board with r seeds
     * left to place, holding b of them, adds f(r, m) - f(r - b, m), m
     * the holes from i on; one load a hole instead of two from rows of
     * f far apart (the rank was 29% of a build's instructions) */
    const size_t S = (size_t)N + 1;
    db->step = malloc((size_t)H * S * S * sizeof *db->step);
    if (!db->step)
        return false;
    for (int i = 0; i < H; i++)
        for (int r = 0; r <= N; r++)
            for (int b = 0; b <= r; b++)
                db->step[((size_t)i * S + (size_t)r) * S + (size_t)b] =
                    db->f[r][H - i] - db->f[r - b][H - i];
    const int T = db->info.total, thr = db->info.threshold;
    uint64_t total = 0;
    for (int k = 0; k <= N; k++) {
        /* with the stores indexed, South's live stores at k seeds: each
         * at most the threshold (past it the game is over, C1.7), the
         * two adding up to the seeds off the board */
        const int lo = T - k - thr > 0 ? T - k - thr : 0;
        const int hi = thr < T - k ? thr : T - k;
        db->st0[k] = thr < 0 ? 0 : lo;
        db->nst[k] = thr < 0 ? 1 : hi >= lo ? hi - lo + 1 : 0;
        db->off[k] = total;
        total += db->f[k][H] * (uint64_t)db->nst[k];
        if (total > EGDB_MAX_ENTRIES / 2)
            return false;
    }
    db->off[N + 1] = total;
    db->info.entries = 2 * total;
    return true;
}

/* The board and South's store of position pos (of level k): the board's
 * index within the level hole by hole, the largest count whose boards
 * before it (a smaller count in that hole) stay within it. */
void sow_egdb_unrank(const sow_egdb *db, int k, uint64_t pos, uint16_t *b,
                     int *s0)
{
    const int H = db->info.holes;
    uint64_t idx = pos - db->off[k];
    *s0 = db->st0[k] + (int)(idx % (uint64_t)db->nst[k]);
    idx /= (uint64_t)db->nst[k];
    int r = k;
    for (int i = 0; i + 1 < H; i++) {
        const int m = H - i;
        int v = 0;
        while (v < r && db->f[r][m] - db->f[r - (v + 1)][m] <= idx)
            v++;
        idx -= db->f[r][m] - db->f[r - v][m];
        b[i] = (uint16_t)v;
        r -= v;
    }
    b[H - 1] = (uint16_t)r;
}

bool sow_egdb_first(const sow_egdb *db, int k, uint16_t *b, int *s0)
{
    memset(b, 0, (size_t)db->info.holes * sizeof *b);
    b[db->info.holes - 1] = (uint16_t)k;
    *s0 = db->st0[k];
    return db->nst[k] > 0;
}

bool sow_egdb_next(const sow_egdb *db, uint16_t *b, int *s0, int k)
{
    if (*s0 + 1 < db->st0[k] + db->nst[k]) {
        (*s0)++;
        return true;
    }
    *s0 = db->st0[k];
    return sow_egdb_next_board(b, db->info.holes);
}

/* The next board of the same count in rank order; false after the last. */
bool sow_egdb_next_board(uint16_t *b, int H)
{
    if (H < 2)
        return false;
    if (b[H - 1] > 0) {
        b[H - 2]++;
        b[H - 1]--;
        return true;
    }
    int i = H - 2;
    while (i >= 0 && b[i] == 0)
        i--;
    if (i <= 0)
        return false;
    b[H - 1] = (uint16_t)(b[i] - 1);
    b[i] = 0;
    b[i - 1]++;
    return true;
}

bool sow_egdb_probe(const sow_egdb *db, const sow_game *g, int *margin)
{
    if (g->on_board > db->info.seeds || g->on_board < 0 ||
        !sow_egdb_holds_stores(db, g->on_board, g->captured[0],
                               g->captured[1]))
        return false;
    int8_t v = db->val[2 * sow_egdb_rank(db, g->board, g->on_board,
                                         g->captured[0]) +
                       g->to_move];
    if (v == SOW_EGDB_NONE || v == SOW_EGDB_CYCLE)
        return false;
    *margin = v;
    return true;
}

static void put32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> 8 * i);
}
static void put64(uint8_t *p, uint64_t v)
{
    for (int i = 0; i < 8; i++)
        p[i] = (uint8_t)(v >> 8 * i);
}
static uint32_t get32(const uint8_t *p)
{
    uint32_t v = 0;
    for (int i = 0; i < 4; i++)
        v |= (uint32_t)p[i] << 8 * i;
    return v;
}
static uint64_t get64(const uint8_t *p)
{
    uint64_t v = 0;
    for (int i = 0; i < 8; i++)
        v |= (uint64_t)p[i] << 8 * i;
    return v;
}

/* The checksum of n entries. */
uint64_t sow_egdb_checksum(const int8_t *val, uint64_t n)
{
    return sow_mix64(sow_egdb_hash(0x9E3779B97F4A7C15ULL, val, n));
}

void sow_egdb_header(uint8_t *hd, const sow_egdb_info *in)
{
    memset(hd, 0, EGDB_HEADER);
    memcpy(hd, MAGIC, 8);
    put32(hd + 8, SOW_EGDB_VERSION);
    put32(hd + 12, EGDB_HEADER);
    put32(hd + 16, (uint32_t)in->holes);
    put32(hd + 20, (uint32_t)in->seeds);
    put64(hd + 24, in->entries);
    put64(hd + 32, in->digest);
    put64(hd + 40, in->checksum);
    put32(hd + 48, (uint32_t)in->max_height);
    put32(hd + 52, (uint32_t)in->levels);
    memcpy(hd + 56, in->id, strnlen(in->id, 63));
    put32(hd + 128, (uint32_t)in->total);
    put32(hd + 132, (uint32_t)in->threshold);
}

int sow_egdb_read_header(const uint8_t *hd, sow_egdb **out, const char **bad,
                         sow_error *err)
{
    *out = NULL;
    *bad = NULL;
    if (memcmp(hd, MAGIC, 8))
        *bad = "not an endgame database (no SOWEGDB header)";
    else if (get32(hd + 8) == 2)
        *bad = "a database of format version 2, before the stores were "
               "indexed (a game with a threshold end held the game played "
               "out); build it again with this sow";
    else if (get32(hd + 8) != SOW_EGDB_VERSION ||
             get32(hd + 12) != EGDB_HEADER)
        *bad = "a database of another format version; build it again with "
               "this sow";
    if (*bad)
        return SOW_ERR;
    uint32_t holes = get32(hd + 16), seeds = get32(hd + 20);
    uint32_t total = get32(hd + 128), thr = get32(hd + 132);
    if (thr != UINT32_MAX &&
        (thr > SOW_MAX_SEEDS || total > SOW_MAX_SEEDS)) {
        *bad = "its threshold or seeds are past what a game holds (a "
               "damaged file)";
        return SOW_ERR;
    }
    sow_egdb *db = sow_egdb_sized(NULL, holes > 4096 ? 4096 : (int)holes,
                                  seeds > 4096 ? 4096 : (int)seeds,
                                  thr == UINT32_MAX ? 0 : (int)total,
                                  thr == UINT32_MAX ? -1 : (int)thr, err);
    if (!db)
        return SOW_ERR;
    sow_egdb_info *in = &db->info;
    memcpy(in->id, hd + 56, 63);
    in->id[63] = '\0';
    for (char *c = in->id; *c; c++)
        if ((unsigned char)*c < 0x20 || *c == 0x7f)
            *c = '?'; /* a stranger's file: never echo control bytes */
    in->digest = get64(hd + 32);
    in->checksum = get64(hd + 40);
    in->max_height = (int)(get32(hd + 48) & 0xFFFF);
    uint32_t levels = get32(hd + 52);
    in->levels = levels > (uint32_t)in->seeds + 1 ? -1 : (int)levels;
    if (get64(hd + 24) != in->entries) {
        *bad = "its entries do not match its holes and seeds (a damaged "
               "file)";
        sow_egdb_close(db);
        return SOW_ERR;
    }
    *out = db;
    return SOW_OK;
}

/* A database object of holes and seeds with its counts; NULL (err set)
 * past the limits. */
sow_egdb *sow_egdb_sized(const sow_setup *s, int holes, int seeds,
                         int total, int threshold, sow_error *err)
{
    if (seeds < 0 || seeds > SOW_EGDB_MAX_SEEDS || holes < 2 ||
        holes > SOW_MAX_HOLES) {
        sow_error_set(err, NULL, 0, 0,
                      "a database of %d seeds on %d holes: seeds are 0 to "
                      "%d, holes 2 to %d", seeds, holes, SOW_EGDB_MAX_SEEDS,
                      SOW_MAX_HOLES);
        return NULL;
    }
    sow_egdb *db = calloc(1, sizeof *db);
    if (!db) {
        sow_error_set(err, NULL, 0, 0, "out of memory");
        return NULL;
    }
    db->info.holes = holes;
    db->info.seeds = seeds;
    db->info.total = threshold < 0 ? 0 : total;
    db->info.threshold = threshold < 0 ? -1 : threshold;
    if (!counts(db)) {
        sow_error_set(err, s ? s->v->path : NULL, 0, 0,
                      "a database of %d seeds on %d holes has more than "
                      "%llu entries; give fewer seeds", seeds, holes,
                      (unsigned long long)EGDB_MAX_ENTRIES);
        sow_egdb_close(db);
        return NULL;
    }
    return db;
}

/* ---- reading ------------------------------------------------------------------- */

sow_egdb *sow_egdb_open(const char *path, const sow_setup *s, sow_error *err)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        sow_error_set(err, path, 0, 0, "cannot open: %s", strerror(errno));
        return NULL;
    }
    struct stat st;
    uint8_t hd[EGDB_HEADER];
    const char *bad = NULL;
    if (fstat(fd, &st) || !S_ISREG(st.st_mode))
        bad = "not a regular file";
    else if (st.st_size < EGDB_HEADER ||
             pread(fd, hd, EGDB_HEADER, 0) != EGDB_HEADER)
        bad = "not an endgame database (shorter than a header)";
    if (bad) {
        close(fd);
        sow_error_set(err, path, 0, 0, "%s", bad);
        return NULL;
    }
    sow_egdb *db = NULL;
    if (sow_egdb_read_header(hd, &db, &bad, err)) {
        close(fd);
        if (bad)
            sow_error_set(err, path, 0, 0, "%s", bad);
        else
            sow_error_reword(err, "%s: its header names %s", path, err->msg);
        return NULL;
    }
    sow_egdb_info *in = &db->info;
    in->bytes = (long long)st.st_size;
    if ((uint64_t)st.st_size != EGDB_HEADER + in->entries)
        bad = "its size does not match its header (a truncated or damaged "
              "file)";
    else if (in->levels != in->seeds + 1)
        bad = "an unfinished build (its levels are not all built); run "
              "sow egdb build again to finish it";
    if (!bad) {
        db->map_len = (size_t)st.st_size;
        db->map = mmap(NULL, db->map_len, PROT_READ, MAP_PRIVATE, fd, 0);
        if (db->map == MAP_FAILED) {
            db->map = NULL;
            bad = "cannot map it into memory";
        } else {
            db->val = (const int8_t *)db->map + EGDB_HEADER;
            if (sow_egdb_checksum(db->val, in->entries) != in->checksum)
                bad = "its checksum does not match (a damaged file)";
        }
    }
    close(fd);
    uint64_t digest = 0;
    if (!bad && s) {
        if (sow_egdb_digest(s, &digest, err)) {
            sow_egdb_close(db);
            return NULL;
        }
        if (in->holes != s->holes || digest != in->digest ||
            strcmp(in->id, s->v->id))
            bad = "it was built for other rules (another variant, file or "
                  "option values); build one for these with sow egdb build";
    }
    if (bad) {
        sow_error_set(err, path, 0, 0, "%s", bad);
        sow_egdb_close(db);
        return NULL;
    }
    return db;
}

void sow_egdb_close(sow_egdb *db)
{
    if (!db)
        return;
    if (db->map)
        munmap(db->map, db->map_len);
    free(db->f);
    free(db->step);
    free(db);
}

const sow_egdb_info *sow_egdb_about(const sow_egdb *db) { return &db->info; }

uint64_t sow_egdb_cycles(const sow_egdb *db)
{
    uint64_t n = 0;
    for (uint64_t j = 0; j < db->info.entries; j++)
        n += db->val[j] == SOW_EGDB_CYCLE;
    return n;
}


/* ---- shards ------------------------------------------------------------------ */

static const char SHARD_MAGIC[8] = {'S', 'O', 'W', 'E', 'G', 'S', 'H', '\n'};

void sow_egdb_slice(const sow_egdb *db, int level, long k, long m,
                    uint64_t *lo, uint64_t *hi)
{
    /* (c < 2^35 boards, k < m <= 65536: the products fit 64 bits) */
    const uint64_t a = db->off[level], c = db->off[level + 1] - a;
    *lo = a + c * (uint64_t)k / (uint64_t)m;
    *hi = a + c * (uint64_t)(k + 1) / (uint64_t)m;
}

int sow_egdb_shard_path(const char *path, int level, long k, long m,
                        char *buf, size_t size, sow_error *err)
{
    int n = snprintf(buf, size, "%s.L%d.%ldof%ld.shard", path, level, k, m);
    if (n < 0 || (size_t)n >= size)
        return sow_error_set(err, NULL, 0, 0, "the path %s is too long",
                             path);
    return SOW_OK;
}

void sow_egdb_shard_payload(const sow_egdb_shard *sh, uint8_t *buf)
{
    memcpy(buf, sh->val, sh->n);
    for (uint64_t i = 0; i < sh->n; i++) {
        buf[sh->n + 2 * i] = (uint8_t)sh->height[i];
        buf[sh->n + 2 * i + 1] = (uint8_t)(sh->height[i] >> 8);
    }
    memcpy(buf + 3 * sh->n, sh->hi, sh->n);
}

void sow_egdb_shard_header(uint8_t *hd, const sow_egdb_shard *sh)
{
    sow_egdb_header(hd, &sh->info);
    memcpy(hd, SHARD_MAGIC, 8);
    put32(hd + 52, (uint32_t)sh->level);
    put32(hd + 120, (uint32_t)sh->index);
    put32(hd + 124, (uint32_t)sh->count);
}

void sow_egdb_shard_free(sow_egdb_shard *sh)
{
    if (!sh)
        return;
    free(sh->val);
    free(sh->height);
    free(sh->hi);
    sh->val = NULL;
    sh->height = NULL;
    sh->hi = NULL;
}

/* The header hd of a shard file into sh (the slice made from it): NULL,
 * or what is wrong with it. */
static const char *shard_header_read(const uint8_t *hd, sow_egdb_shard *sh,
                                     sow_error *err)
{
    if (memcmp(hd, SHARD_MAGIC, 8))
        return "not a shard of an endgame database (no SOWEGSH header)";
    uint8_t dbh[EGDB_HEADER];
    memcpy(dbh, hd, EGDB_HEADER);
    memcpy(dbh, MAGIC, 8);
    put32(dbh + 52, 0);
    memset(dbh + 120, 0, 8); /* (K and M: past the id) */
    sow_egdb *db = NULL;
    const char *bad = NULL;
    if (sow_egdb_read_header(dbh, &db, &bad, err))
        return bad ? bad : err->msg;
    sh->info = db->info;
    uint32_t level = get32(hd + 52), k = get32(hd + 120), m = get32(hd + 124);
    if (level > (uint32_t)db->info.seeds)
        bad = "its level is past its seeds (a damaged file)";
    else if (m == 0 || k >= m || m > SOW_EGDB_MAX_SHARDS)
        bad = "its shard K of M is not 0 <= K < M <= 65536 (a damaged "
              "file)";
    if (!bad) {
        uint64_t lo, hi;
        sh->level = (int)level;
        sh->index = (int)k;
        sh->count = (int)m;
        sow_egdb_slice(db, sh->level, k, m, &lo, &hi);
        sh->first = 2 * lo;
        sh->n = 2 * (hi - lo);
    }
    sow_egdb_close(db);
    return bad;
}

int sow_egdb_shard_read(const char *path, sow_egdb_shard *sh, sow_error *err)
{
    memset(sh, 0, sizeof *sh);
    FILE *f = fopen(path, "rb");
    if (!f)
        return sow_error_set(err, path, 0, 0, "cannot open: %s",
                             strerror(errno));
    struct stat st;
    uint8_t hd[EGDB_HEADER];
    const char *bad = NULL;
    uint8_t *buf = NULL;
    if (fstat(fileno(f), &st) || !S_ISREG(st.st_mode))
        bad = "not a regular file";
    else if (st.st_size < EGDB_HEADER ||
             fread(hd, 1, EGDB_HEADER, f) != EGDB_HEADER)
        bad = "not a shard of an endgame database (shorter than a header)";
    else
        bad = shard_header_read(hd, sh, err);
    if (!bad && (uint64_t)st.st_size != EGDB_HEADER + 4 * sh->n)
        bad = "its size does not match its header (a truncated or damaged "
              "file)";
    if (!bad) {
        buf = malloc(4 * sh->n + 1);
        sh->val = malloc(sh->n + 1);
        sh->height = malloc(2 * sh->n + 1);
        sh->hi = malloc(sh->n + 1);
        if (!buf || !sh->val || !sh->height || !sh->hi)
            bad = "out of memory";
        else if (fread(buf, 1, 4 * sh->n, f) != 4 * sh->n)
            bad = "cannot read it (a truncated file)";
        else if (sow_egdb_checksum((const int8_t *)buf, 4 * sh->n) !=
                 sh->info.checksum)
            bad = "its checksum does not match (a damaged file)";
    }
    if (!bad) {
        int longest = 0;
        memcpy(sh->val, buf, sh->n);
        memcpy(sh->hi, buf + 3 * sh->n, sh->n);
        for (uint64_t i = 0; i < sh->n; i++) {
            sh->height[i] = (uint16_t)(buf[sh->n + 2 * i] |
                                       buf[sh->n + 2 * i + 1] << 8);
            if (sh->height[i] > longest)
                longest = sh->height[i];
        }
        if (longest != sh->info.max_height)
            bad = "its header's longest line does not match its entries (a "
                  "damaged file)";
    }
    free(buf);
    fclose(f);
    if (bad) {
        sow_egdb_shard_free(sh);
        char msg[1024];
        snprintf(msg, sizeof msg, "%s", bad);
        return sow_error_set(err, path, 0, 0, "%s", msg);
    }
    return SOW_OK;
}
