/* sow_egdb_build.c - the one-machine build of an endgame database and
 * its files (sow_egdb.h; docs/solving.md): level by level (every board of
 * 0 seeds, then of 1, ...: sow_egdb_level.c), each level finished going
 * to FILE.part so that a stopped build resumes, then the database written
 * beside FILE and renamed over it. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "sow_budget.h"
#include "sow_egdb_run.h"

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + t.tv_nsec * 1e-9;
}

int sow_egdb_io_error(sow_error *err, const char *path, const char *what)
{
    return sow_error_set(err, path, 0, 0, "cannot %s: %s", what,
                         strerror(errno));
}

static int pwrite_all(int fd, const void *buf, size_t n, off_t at)
{
    const char *p = buf;
    while (n > 0) {
        ssize_t w = pwrite(fd, p, n, at);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return -1;
        p += w;
        n -= (size_t)w;
        at += w;
    }
    return 0;
}

int sow_egdb_pread_all(int fd, void *buf, size_t n, off_t at)
{
    char *p = buf;
    while (n > 0) {
        ssize_t got = pread(fd, p, n, at);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            return -1;
        p += got;
        n -= (size_t)got;
        at += got;
    }
    return 0;
}

/* Open path.part: the levels a stopped build of the same rules finished
 * are read back into r (their count into *levels); any other file there
 * is started afresh. */
static int part_open(part *pt, run *r, const char *path, int *levels,
                     sow_error *err)
{
    sow_egdb_info *in = &r->db->info;
    *levels = 0;
    int n = snprintf(pt->path, sizeof pt->path, "%s.part", path);
    if (n < 0 || (size_t)n >= sizeof pt->path)
        return sow_error_set(err, NULL, 0, 0, "the path %s is too long",
                             path);
    pt->fd = open(pt->path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (pt->fd < 0)
        return sow_egdb_io_error(err, pt->path, "open");
    uint8_t hd[EGDB_HEADER];
    sow_egdb *old = NULL;
    const char *bad = NULL;
    sow_error ignored;
    if (sow_egdb_pread_all(pt->fd, hd, EGDB_HEADER, 0) == 0 &&
        sow_egdb_read_header(hd, &old, &bad, &ignored) == SOW_OK &&
        old->info.holes == in->holes && old->info.seeds == in->seeds &&
        old->info.digest == in->digest && old->info.levels > 0 &&
        old->info.levels <= in->seeds &&
        strcmp(old->info.id, in->id) == 0) {
        const uint64_t upto = 2 * r->db->off[old->info.levels];
        uint8_t *h2 = malloc(upto * 2 + 1);
        if (h2 && sow_egdb_pread_all(pt->fd, r->val, upto, EGDB_HEADER) == 0 &&
            sow_egdb_pread_all(pt->fd, h2, upto * 2,
                      (off_t)(EGDB_HEADER + in->entries)) == 0 &&
            sow_egdb_pread_all(pt->fd, r->hi, upto,
                      (off_t)(EGDB_HEADER + 3 * in->entries)) == 0) {
            for (uint64_t j = 0; j < upto; j++) {
                r->height[j] = (uint16_t)(h2[2 * j] | h2[2 * j + 1] << 8);
                atomic_store_explicit(&r->mark[j], 1, memory_order_relaxed);
            }
            *levels = old->info.levels;
            in->max_height = old->info.max_height;
            r->cycles = in->max_height >= 65535;
        }
        free(h2);
    }
    sow_egdb_close(old);
    in->levels = *levels;
    sow_egdb_header(hd, in);
    if (pwrite_all(pt->fd, hd, EGDB_HEADER, 0))
        return sow_egdb_io_error(err, pt->path, "write");
    return SOW_OK;
}

/* Level k's values and heights into path.part, then its header: the
 * levels up to k are kept (written, and synced, before the header says
 * so). */
int sow_egdb_part_level(part *pt, run *r, int k, sow_error *err)
{
    sow_egdb_info *in = &r->db->info;
    const uint64_t a = 2 * r->db->off[k], b = 2 * r->db->off[k + 1];
    uint8_t *h2 = malloc((b - a) * 2 + 1);
    if (!h2)
        return sow_error_set(err, NULL, 0, 0, "out of memory");
    for (uint64_t j = a; j < b; j++) {
        h2[2 * (j - a)] = (uint8_t)r->height[j];
        h2[2 * (j - a) + 1] = (uint8_t)(r->height[j] >> 8);
    }
    int bad = pwrite_all(pt->fd, r->val + a, b - a, (off_t)(EGDB_HEADER + a)) ||
              pwrite_all(pt->fd, h2, (b - a) * 2,
                         (off_t)(EGDB_HEADER + in->entries + 2 * a)) ||
              pwrite_all(pt->fd, r->hi + a, b - a,
                         (off_t)(EGDB_HEADER + 3 * in->entries + a)) ||
              fdatasync(pt->fd);
    free(h2);
    if (bad)
        return sow_egdb_io_error(err, pt->path, "write");
    in->levels = k + 1;
    uint8_t hd[EGDB_HEADER];
    sow_egdb_header(hd, in);
    if (pwrite_all(pt->fd, hd, EGDB_HEADER, 0) || fdatasync(pt->fd))
        return sow_egdb_io_error(err, pt->path, "write");
    return SOW_OK;
}

/* The finished database into path (by way of path.tmp), then path.part
 * removed. */
int sow_egdb_write_final(part *pt, const char *path, const sow_egdb_info *in,
                       const int8_t *val, sow_error *err)
{
    char tmp[4200];
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    FILE *f = fopen(tmp, "wb");
    if (!f)
        return sow_egdb_io_error(err, tmp, "write");
    uint8_t hd[EGDB_HEADER];
    sow_egdb_header(hd, in);
    bool ok = fwrite(hd, 1, EGDB_HEADER, f) == EGDB_HEADER &&
              fwrite(val, 1, in->entries, f) == in->entries;
    ok = fclose(f) == 0 && ok;
    if (!ok || rename(tmp, path)) {
        int e = errno;
        remove(tmp);
        errno = e;
        return sow_egdb_io_error(err, path, "write");
    }
    close(pt->fd);
    pt->fd = -1;
    remove(pt->path);
    return SOW_OK;
}

/* The values of the file: a value whose bounds differ depends on how an
 * endless game ends (SOW_EGDB_CYCLE). */
void sow_egdb_final_values(run *r)
{
    for (uint64_t j = 0; j < r->db->info.entries; j++)
        if (r->val[j] != r->hi[j])
            r->val[j] = SOW_EGDB_CYCLE;
}

int sow_egdb_build(sow_engine *e, int seeds, int threads, const char *path,
                   sow_egdb_progress_fn fn, void *ctx, sow_error *err)
{
    const sow_setup *s = e->setup;
    threads = threads < 1 ? 1 : threads > MAX_THREADS ? MAX_THREADS : threads;
    run r;
    worker *ws = calloc((size_t)threads, sizeof *ws);
    part pt = {.fd = -1};
    int rc = ws ? sow_egdb_run_alloc(&r, s, seeds, err)
                : sow_error_set(err, NULL, 0, 0, "out of memory");
    int resumed = 0;
    if (!rc)
        rc = part_open(&pt, &r, path, &resumed, err);
    int built = 0;
    for (int t = 0; t < threads && !rc; t++, built++) {
        rc = sow_engine_init(&ws[t].eng, s, &e->rules, err);
        sow_engine_set_budget(&ws[t].eng, e->budget);
    }
    const double t0 = now_s();
    sow_egdb *db = ws ? r.db : NULL;
    const uint64_t n = db ? db->info.entries : 0;
    int max_height = db ? db->info.max_height : 0;
    for (int k = resumed; k <= seeds && !rc; k++) {
        int rounds = 0;
        rc = sow_egdb_build_level(&r, ws, threads, k, db->off[k], db->off[k + 1],
                         false, NULL, 0, &rounds, &max_height, err);
        db->info.max_height = max_height;
        if (!rc)
            rc = sow_egdb_part_level(&pt, &r, k, err);
        if (!rc && fn) {
            sow_egdb_progress pr = {k, seeds, 2 * db->off[k + 1], n,
                                    now_s() - t0, rounds, resumed, threads};
            fn(ctx, &pr);
        }
    }
    if (!rc) {
        db->info.levels = seeds + 1;
        sow_egdb_final_values(&r);
        db->info.checksum = sow_egdb_checksum(r.val, n);
        rc = sow_egdb_write_final(&pt, path, &db->info, r.val, err);
    }
    if (pt.fd >= 0)
        close(pt.fd);
    for (int t = 0; t < built; t++) {
        sow_engine_free(&ws[t].eng);
        free(ws[t].wait);
    }
    if (ws)
        sow_egdb_run_free(&r);
    free(ws);
    return rc;
}
