/* sow_egdb_shards.c - a level of an endgame database built on several
 * machines: shard K of M of level L (its slice of the level's boards and
 * every entry of the level it rests on) and the merge that checks the
 * shards and every entry of the level before adding it to FILE.part
 * (sow_egdb.h; docs/solving.md, "Over several machines"). */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sow_budget.h"
#include "sow_egdb_run.h"

static int cmp_entry(const void *a, const void *b)
{
    const uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* Levels 0 .. level-1 of the build at path, read from path.part into r
 * (known); an error when path.part is another build's or has not exactly
 * those levels (none for level 0: no file, or one of no level). */
static int lower_levels(run *r, const char *path, int level, sow_error *err)
{
    sow_egdb_info *in = &r->db->info;
    char pp[4200];
    snprintf(pp, sizeof pp, "%s.part", path);
    int fd = open(pp, O_RDONLY | O_CLOEXEC);
    if (fd < 0 && errno == ENOENT && level == 0)
        return SOW_OK;
    if (fd < 0)
        return sow_error_set(err, pp, 0, 0, "cannot open: %s; level %d "
                             "needs the levels below it built (sow egdb "
                             "merge of each, or sow egdb build)",
                             strerror(errno), level);
    uint8_t hd[EGDB_HEADER];
    sow_egdb *old = NULL;
    const char *bad = NULL;
    sow_error e2;
    int rc = SOW_OK;
    if (sow_egdb_pread_all(fd, hd, EGDB_HEADER, 0) ||
        sow_egdb_read_header(hd, &old, &bad, &e2))
        rc = sow_error_set(err, pp, 0, 0, "%s; remove it to start the "
                           "build afresh", bad ? bad : "not a build in "
                           "progress");
    else if (old->info.holes != in->holes || old->info.seeds != in->seeds ||
             old->info.digest != in->digest || strcmp(old->info.id, in->id))
        rc = sow_error_set(err, pp, 0, 0, "a build of other rules or seeds "
                           "(%d seeds); finish it or remove it first",
                           old->info.seeds);
    else if (old->info.levels != level)
        rc = sow_error_set(err, pp, 0, 0, "it has %d level%s built (0 "
                           "up), so the level to build or merge is %d, not "
                           "%d", old->info.levels,
                           old->info.levels == 1 ? "" : "s",
                           old->info.levels, level);
    if (!rc && level > 0) {
        const uint64_t upto = 2 * r->db->off[level];
        uint8_t *h2 = malloc(upto * 2 + 1);
        if (!h2 || sow_egdb_pread_all(fd, r->val, upto, EGDB_HEADER) ||
            sow_egdb_pread_all(fd, h2, upto * 2, (off_t)(EGDB_HEADER + in->entries)) ||
            sow_egdb_pread_all(fd, r->hi, upto, (off_t)(EGDB_HEADER + 3 * in->entries)))
            rc = sow_error_set(err, pp, 0, 0, "cannot read its levels (a "
                               "truncated file); remove it to start the "
                               "build afresh");
        for (uint64_t j = 0; !rc && j < upto; j++) {
            r->height[j] = (uint16_t)(h2[2 * j] | h2[2 * j + 1] << 8);
            atomic_store_explicit(&r->mark[j], 1, memory_order_relaxed);
        }
        free(h2);
        in->max_height = old->info.max_height;
    }
    sow_egdb_close(old);
    close(fd);
    return rc;
}

/* The entries of level k that the boards lo..hi-1 rest on (their own, and
 * those of the level their moves lead to, and so on), in index order,
 * into *out: found breadth-first, each played once (marked 2 meanwhile).
 * Where moves lead to lower ranks (Kalah), one round in this order
 * settles them all, where finding them round by round retried the
 * waiting ones at every round. */
static int closure(run *r, sow_engine *e, int k, uint64_t lo, uint64_t hi,
                   uint64_t **out, uint64_t *nout, sow_error *err)
{
    uint64_t cap = 2 * (hi - lo) + 1024, n = 0;
    uint64_t *set = malloc(cap * sizeof *set);
    if (!set)
        return sow_error_set(err, NULL, 0, 0, "out of memory");
    for (uint64_t j = 2 * lo; j < 2 * hi; j++) {
        set[n++] = j;
        atomic_store_explicit(&r->mark[j], 2, memory_order_relaxed);
    }
    uint16_t b[SOW_MAX_HOLES];
    int rc = SOW_OK;
    for (uint64_t i = 0; i < n && !rc; i++) {
        const uint64_t j = set[i];
        sow_game g;
        int s0;
        sow_egdb_unrank(r->db, k, j / 2, b, &s0);
        int has = sow_egdb_position(e, r->db, &r->tmpl, b, k, s0, (int)(j & 1), &g,
                           err);
        if (has < 0)
            rc = SOW_ERR;
        sow_game c;
        bool lean = false;
        for (int m = 0; has > 0 && !rc && m < g.nlegal; m++) {
            if (sow_egdb_play(r, e, &c, &g, m, &lean, err)) {
                rc = SOW_ERR;
                break;
            }
            if (c.over || c.on_board != k ||
                !sow_egdb_holds_stores(r->db, k, c.captured[0],
                                       c.captured[1]))
                continue; /* (best_of checks the rest) */
            uint64_t cj = 2 * sow_egdb_rank(r->db, c.board, k,
                                            c.captured[0]) +
                          c.to_move;
            if (atomic_load_explicit(&r->mark[cj], memory_order_relaxed))
                continue;
            if (n == cap) {
                uint64_t *p = realloc(set, 2 * cap * sizeof *p);
                if (!p) {
                    rc = sow_error_set(err, NULL, 0, 0, "out of memory");
                    break;
                }
                set = p;
                cap *= 2;
            }
            set[n++] = cj;
            atomic_store_explicit(&r->mark[cj], 2, memory_order_relaxed);
        }
    }
    for (uint64_t i = 0; i < n; i++)
        atomic_store_explicit(&r->mark[set[i]], 0, memory_order_relaxed);
    if (rc) {
        free(set);
        return rc;
    }
    qsort(set, n, sizeof *set, cmp_entry);
    *out = set;
    *nout = n;
    return SOW_OK;
}

/* The shard sh into its file out (by way of out.tmp). */
static int write_shard(const char *out, sow_egdb_shard *sh, sow_error *err)
{
    uint8_t *buf = malloc(4 * sh->n + 1);
    if (!buf)
        return sow_error_set(err, NULL, 0, 0, "out of memory");
    sow_egdb_shard_payload(sh, buf);
    sh->info.checksum = sow_egdb_checksum((const int8_t *)buf, 4 * sh->n);
    uint8_t hd[EGDB_HEADER];
    sow_egdb_shard_header(hd, sh);
    char tmp[4200];
    snprintf(tmp, sizeof tmp, "%s.tmp", out);
    FILE *f = fopen(tmp, "wb");
    bool ok = f && fwrite(hd, 1, EGDB_HEADER, f) == EGDB_HEADER &&
              fwrite(buf, 1, 4 * sh->n, f) == 4 * sh->n;
    ok = f && fclose(f) == 0 && ok;
    free(buf);
    if (!ok || rename(tmp, out)) {
        int e = errno;
        remove(tmp);
        errno = e;
        return sow_egdb_io_error(err, out, "write");
    }
    return SOW_OK;
}

int sow_egdb_build_shard(sow_engine *e, int seeds, int level, long k,
                         long m, int threads, const char *path, char *out,
                         size_t outsize, sow_error *err)
{
    const sow_setup *s = e->setup;
    if (level < 0 || level > seeds || k < 0 || m < 1 || k >= m ||
        m > SOW_EGDB_MAX_SHARDS)
        return sow_error_set(err, NULL, 0, 0, "shard %ld/%ld of level %d "
                             "of a database of %d seeds: the level is 0 to "
                             "the seeds, the shard 0 <= K < M <= %d", k, m,
                             level, seeds, SOW_EGDB_MAX_SHARDS);
    threads = threads < 1 ? 1 : threads > MAX_THREADS ? MAX_THREADS : threads;
    run r;
    worker *ws = calloc((size_t)threads, sizeof *ws);
    int rc = ws ? sow_egdb_run_alloc(&r, s, seeds, err)
                : sow_error_set(err, NULL, 0, 0, "out of memory");
    if (!rc && (sow_egdb_shard_path(path, level, k, m, out, outsize, err) ||
                lower_levels(&r, path, level, err)))
        rc = SOW_ERR;
    int built = 0;
    for (int t = 0; t < threads && !rc; t++, built++) {
        rc = sow_engine_init(&ws[t].eng, s, &e->rules, err);
        sow_engine_set_budget(&ws[t].eng, e->budget);
    }
    uint64_t lo = 0, hi = 0;
    if (!rc) {
        int rounds = 0, mh = 0;
        sow_egdb_slice(r.db, level, k, m, &lo, &hi);
        uint64_t *start = NULL, nstart = 0;
        rc = closure(&r, &ws[0].eng, level, lo, hi, &start, &nstart, err);
        if (!rc)
            rc = sow_egdb_build_level(&r, ws, threads, level, lo, hi, true, start,
                             nstart, &rounds, &mh, err);
    }
    if (!rc) {
        sow_egdb_shard sh = {.info = r.db->info, .level = level,
                             .index = (int)k, .count = (int)m,
                             .first = 2 * lo, .n = 2 * (hi - lo),
                             .val = r.val + 2 * lo,
                             .height = r.height + 2 * lo,
                             .hi = r.hi + 2 * lo};
        sh.info.max_height = 0;
        for (uint64_t i = 0; i < sh.n; i++)
            if (sh.height[i] > sh.info.max_height)
                sh.info.max_height = sh.height[i];
        rc = write_shard(out, &sh, err);
    }
    for (int t = 0; t < built; t++) {
        sow_engine_free(&ws[t].eng);
        free(ws[t].wait);
    }
    free(ws);
    if (ws)
        sow_egdb_run_free(&r);
    return rc;
}

/* The shards of level `level` beside path, read into r: each checked
 * (sow_egdb_shard_read), of r's rules and seeds, of this level, of one
 * split M, no K twice and none missing; *nshards gets their count. */
static int merge_read(run *r, const char *path, int level, long *nshards,
                      sow_error *err)
{
    char dir[4200], prefix[4200], file[8400];
    snprintf(dir, sizeof dir, "%s", path);
    char *slash = strrchr(dir, '/');
    const char *base = slash ? slash + 1 : path;
    snprintf(prefix, sizeof prefix, "%s.L%d.", base, level);
    if (slash)
        *slash = '\0';
    else
        snprintf(dir, sizeof dir, ".");
    DIR *d = opendir(dir);
    if (!d)
        return sow_egdb_io_error(err, dir, "read the folder");
    char **seen = NULL; /* the file of each K (NULL: none yet) */
    long m = 0;
    int rc = SOW_OK;
    const size_t np = strlen(prefix);
    for (struct dirent *de; !rc && (de = readdir(d));) {
        size_t nl = strlen(de->d_name);
        if (nl < np + 6 || strncmp(de->d_name, prefix, np) ||
            strcmp(de->d_name + nl - 6, ".shard"))
            continue;
        snprintf(file, sizeof file, "%s/%s", dir, de->d_name);
        sow_egdb_shard sh;
        if (sow_egdb_shard_read(file, &sh, err)) {
            rc = sow_error_reword(err, "%s; remove it, or build that "
                                  "shard again", err->msg);
            break;
        }
        const sow_egdb_info *a = &sh.info, *b = &r->db->info;
        if (a->holes != b->holes || a->seeds != b->seeds ||
            a->digest != b->digest || strcmp(a->id, b->id))
            rc = sow_error_set(err, file, 0, 0, "a shard of other rules or "
                               "seeds (variant %s, %d seeds, digest "
                               "%016llx); remove it, or build it again "
                               "with these", a->id, a->seeds,
                               (unsigned long long)a->digest);
        else if (sh.level != level)
            rc = sow_error_set(err, file, 0, 0, "a shard of level %d, not "
                               "%d (a renamed file); remove it", sh.level,
                               level);
        else if (m && sh.count != m)
            rc = sow_error_set(err, file, 0, 0, "shard %d/%d, where the "
                               "others are of %ld: the shards of a level "
                               "come from one split (--shard K/M, one M); "
                               "remove those of the other", sh.index,
                               sh.count, m);
        if (!rc && !m) {
            m = sh.count;
            seen = calloc((size_t)m, sizeof *seen);
            if (!seen)
                rc = sow_error_set(err, NULL, 0, 0, "out of memory");
        }
        if (!rc && seen[sh.index])
            rc = sow_error_set(err, file, 0, 0, "shard %d/%ld again (%s has "
                               "it too); remove one", sh.index, m,
                               seen[sh.index]);
        if (!rc) {
            if (!(seen[sh.index] = strdup(file)))
                rc = sow_error_set(err, NULL, 0, 0, "out of memory");
            memcpy(r->val + sh.first, sh.val, sh.n);
            memcpy(r->height + sh.first, sh.height, sh.n * sizeof *sh.height);
            memcpy(r->hi + sh.first, sh.hi, sh.n);
            if (sh.info.max_height > r->db->info.max_height)
                r->db->info.max_height = sh.info.max_height;
        }
        sow_egdb_shard_free(&sh);
    }
    closedir(d);
    if (!rc && !m)
        rc = sow_error_set(err, dir, 0, 0, "no shard of level %d here "
                           "(%s*.shard); build them with sow egdb build "
                           "--level %d --shard K/M", level, prefix, level);
    for (long k = 0; !rc && k < m; k++)
        if (!seen[k]) {
            sow_egdb_shard_path(path, level, k, m, file, sizeof file, err);
            rc = sow_error_set(err, file, 0, 0, "shard %ld/%ld of level %d "
                               "is missing; build it with sow egdb build "
                               "--level %d --shard %ld/%ld", k, m, level,
                               level, k, m);
        }
    *nshards = m;
    for (long k = 0; seen && k < m; k++)
        free(seen[k]);
    free(seen);
    return rc;
}

/* Every entry of level k against its moves (values and heights): a
 * wrong one is an error naming it. The heights are the lengths of the
 * longest lines, so they also prove that no entry's value rests on
 * itself: on a cycle one would exceed itself. */
static int merge_check(run *r, sow_engine *e, int k, sow_error *err)
{
    const sow_egdb *db = r->db;
    uint16_t b[SOW_MAX_HOLES];
    int s0;
    for (uint64_t j = 2 * db->off[k]; j < 2 * db->off[k + 1]; j++)
        atomic_store_explicit(&r->mark[j], 1, memory_order_relaxed);
    uint64_t idx = db->off[k];
    for (bool more = sow_egdb_first(db, k, b, &s0); more;
         more = sow_egdb_next(db, b, &s0, k)) {
        for (int p = 0; p < 2; p++) {
            const uint64_t j = 2 * idx + (uint64_t)p;
            int v, vh, h;
            if (sow_egdb_best_of(r, e, NULL, b, k, s0, j, &v, &vh, &h, err))
                return SOW_ERR;
            h = h > 65535 ? 65535 : h;
            if (r->val[j] != v || r->hi[j] != vh || r->height[j] != h)
                return sow_error_set(err, NULL, 0, 0, "the shards of level "
                                     "%d do not agree with the rules: "
                                     "entry %llu (%s to move) holds %d "
                                     "(line %d), its moves give %d (line "
                                     "%d); build the level's shards again "
                                     "with this sow", k,
                                     (unsigned long long)j,
                                     p ? "North" : "South", r->val[j],
                                     r->height[j], v, h);
        }
        idx++;
    }
    return SOW_OK;
}

int sow_egdb_merge(sow_engine *e, int seeds, int level, const char *path,
                   long *nshards, sow_error *err)
{
    *nshards = 0;
    if (level < 0 || level > seeds)
        return sow_error_set(err, NULL, 0, 0, "level %d of a database of "
                             "%d seeds: the level is 0 to the seeds", level,
                             seeds);
    run r;
    int rc = sow_egdb_run_alloc(&r, e->setup, seeds, err) ||
                     lower_levels(&r, path, level, err) ||
                     merge_read(&r, path, level, nshards, err) ||
                     merge_check(&r, e, level, err)
                 ? SOW_ERR
                 : SOW_OK;
    part pt = {.fd = -1};
    snprintf(pt.path, sizeof pt.path, "%s.part", path);
    sow_egdb_info *in = &r.db->info;
    if (!rc && level < seeds) {
        pt.fd = open(pt.path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
        rc = pt.fd < 0 ? sow_egdb_io_error(err, pt.path, "open")
                       : sow_egdb_part_level(&pt, &r, level, err);
    } else if (!rc) {
        in->levels = seeds + 1;
        sow_egdb_final_values(&r);
        in->checksum = sow_egdb_checksum(r.val, in->entries);
        rc = sow_egdb_write_final(&pt, path, in, r.val, err);
    }
    if (pt.fd >= 0)
        close(pt.fd);
    for (long k = 0; !rc && k < *nshards; k++) {
        char file[4300];
        if (!sow_egdb_shard_path(path, level, k, *nshards, file, sizeof file,
                                 NULL))
            remove(file);
    }
    sow_egdb_run_free(&r);
    return rc;
}
