/* sow_egdb_build.c - building endgame databases and checking every entry
 * (sow_egdb.h; docs/solving.md).
 *
 * The build goes level by level: every board of 0 seeds, then of 1, ...
 * A move from a board of k seeds leads to a finished game, to a board of
 * fewer seeds (its level is built) or to one of k seeds (seeds only moved
 * round). A level is built in rounds: each round takes every entry of the
 * level not known yet and plays its moves; an entry whose moves all lead
 * to known values gets the best of them, one that leads to an entry of
 * the level still unknown waits for the next round. A round that settles
 * nothing while entries wait means those entries lead round among
 * themselves (a cycle), which the database cannot value (the value would
 * depend on how the variant ends an endless game): an error. The entries
 * of a round are shared among the threads, each with an engine of its
 * own; an entry is written (value, then height, then its mark, with
 * release order) by the one thread that owns it, and read only once its
 * mark says it is known (acquire order). Which entries a round settles
 * may depend on the threads' timing; the values and heights do not (each
 * is the best over its moves' values, which are settled before it). */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "sow_egdb_int.h"
#include "sow_budget.h"

#define MAX_THREADS 256

/* ---- one position ---------------------------------------------------------- */

/* The fields of a game that the database does not index: a move that
 * changes one of them is beyond it. */
static const char *unindexed_change(const sow_game *t, const sow_game *c)
{
    if (c->owns[0] != t->owns[0] || c->owns[1] != t->owns[1])
        return "a move changed the owner of a hole";
    if (c->claims[0] | c->claims[1] | c->blocked)
        return "a move claimed or closed a hole";
    if (c->played[0] | c->played[1] || c->phase != t->phase ||
        c->bearoff_on != t->bearoff_on || c->pass_freed != t->pass_freed)
        return "a move changed the phase";
    if (memcmp(c->state, t->state, sizeof c->state))
        return "a move changed the game's state";
    return NULL;
}

/* The position (board b of k seeds, player p to move) as a game: the
 * setup's start with b, nothing captured. Returns 1, 0 when p has no
 * move, -1 on an error. */
static int position(sow_engine *e, const sow_game *tmpl, const uint16_t *b,
                    int k, int p, sow_game *g, sow_error *err)
{
    const sow_setup *s = e->setup;
    *g = *tmpl;
    memcpy(g->board, b, (size_t)s->holes * sizeof *b);
    g->on_board = k;
    g->to_move = (uint8_t)p;
    uint16_t legal[SOW_MAX_LEGAL];
    uint64_t endless = 0;
    int n = sow_legal_moves(s, &e->rules, g, p, legal, &endless, err);
    if (n < 0)
        return -1;
    memset(g->legal, 0, sizeof g->legal);
    memcpy(g->legal, legal, (size_t)n * sizeof *legal);
    g->nlegal = n;
    g->endless_mask = endless;
    return n > 0;
}

/* A build or a check: the values (and while building, the heights and
 * the marks: 0 unknown, 1 known). */
typedef struct run {
    sow_egdb *db;
    const sow_setup *s;
    sow_game tmpl;          /* the start with an empty board */
    int8_t *val;
    uint16_t *height;       /* build: the longest line each value rests on */
    _Atomic uint8_t *mark;  /* build */
} run;

/* The best of the moves of entry j (board b of k seeds), played with
 * engine e: *v the margin from there, *h the longest line. Returns 0,
 * 1 when a move leads to an entry of the level not known yet (building),
 * or -1 on an error. */
static int best_of(const run *r, sow_engine *e, const uint16_t *b, int k,
                   uint64_t j, int *v, int *h, sow_error *err)
{
    const sow_setup *s = r->s;
    const int p = (int)(j & 1);
    sow_game g;
    int has = position(e, &r->tmpl, b, k, p, &g, err);
    if (has <= 0) {
        *v = SOW_EGDB_NONE;
        *h = 0;
        return has;
    }
    int best = p == 0 ? -1000000 : 1000000, longest = 0;
    for (int i = 0; i < g.nlegal; i++) {
        sow_game c = g;
        if (sow_engine_play(e, &c, g.legal[i], err))
            return -1;
        int cv, ch;
        if (c.over) {
            if (c.result.unfinished)
                return sow_error_set(err, s->v->path, 0, 0,
                                     "a line reaches max_plies (%d) "
                                     "unfinished, so values would depend "
                                     "on it", s->max_plies);
            cv = c.result.score[0] - c.result.score[1];
            ch = 1;
        } else {
            const char *why = unindexed_change(&r->tmpl, &c);
            if (!why && c.on_board > k)
                why = "a move added seeds to the board";
            if (why)
                return sow_error_set(err, s->v->path, 0, 0,
                                     "variant %s cannot have an endgame "
                                     "database: %s, which the database "
                                     "does not index", s->v->id, why);
            uint64_t cj = 2 * sow_egdb_rank(r->db, c.board, c.on_board) +
                          c.to_move;
            if (r->mark && !atomic_load_explicit(&r->mark[cj],
                                                 memory_order_acquire))
                return 1; /* (a lower level is always known) */
            if (r->val[cj] == SOW_EGDB_NONE)
                return sow_error_set(err, s->v->path, 0, 0,
                                     "entry %llu: a move leads to a "
                                     "position the database marks as "
                                     "without moves",
                                     (unsigned long long)cj);
            cv = c.captured[0] - c.captured[1] + r->val[cj];
            ch = 1 + (r->height ? r->height[cj] : 0);
        }
        if (p == 0 ? cv > best : cv < best)
            best = cv;
        if (ch > longest)
            longest = ch;
    }
    if (best < -127 || best > 127)
        return sow_error_set(err, s->v->path, 0, 0,
                             "a margin of %d is past what a database "
                             "entry holds (-127 to 127)", best);
    *v = best;
    *h = longest;
    return 0;
}

/* ---- building: the rounds of a level ------------------------------------ */

/* What the threads of one round share. */
typedef struct round {
    run *r;
    int k;
    const uint64_t *todo;   /* the entries to try; NULL: the whole level */
    uint64_t n;             /* their count */
    atomic_uint_fast64_t next; /* the next chunk to take */
    atomic_bool stop;       /* an error: every thread stops */
} round;

#define CHUNK 4096

typedef struct worker {
    round *rd;
    sow_engine eng;
    uint64_t *wait;         /* entries left for the next round */
    uint64_t nwait, capwait;
    uint64_t settled;
    int max_height;
    sow_error err;
    int failed;
} worker;

static int keep_waiting(worker *w, uint64_t j)
{
    if (w->nwait == w->capwait) {
        uint64_t cap = w->capwait ? 2 * w->capwait : 1024;
        uint64_t *p = realloc(w->wait, cap * sizeof *p);
        if (!p)
            return sow_error_set(&w->err, NULL, 0, 0, "out of memory");
        w->wait = p;
        w->capwait = cap;
    }
    w->wait[w->nwait++] = j;
    return SOW_OK;
}

/* One entry of the round. */
static int try_entry(worker *w, const uint16_t *b, uint64_t j)
{
    run *r = w->rd->r;
    if (atomic_load_explicit(&r->mark[j], memory_order_relaxed))
        return SOW_OK; /* (read back from a stopped build) */
    int v, h;
    int got = best_of(r, &w->eng, b, w->rd->k, j, &v, &h, &w->err);
    if (got < 0)
        return SOW_ERR;
    if (got == 1)
        return keep_waiting(w, j);
    r->val[j] = (int8_t)v;
    r->height[j] = (uint16_t)(h > 65535 ? 65535 : h);
    if (h > w->max_height)
        w->max_height = h;
    atomic_store_explicit(&r->mark[j], 1, memory_order_release);
    w->settled++;
    return SOW_OK;
}

static void *work(void *arg)
{
    worker *w = arg;
    round *rd = w->rd;
    const sow_egdb *db = rd->r->db;
    const int H = db->info.holes, k = rd->k;
    uint16_t b[SOW_MAX_HOLES] = {0};
    for (;;) {
        uint64_t from = atomic_fetch_add(&rd->next, CHUNK);
        if (from >= rd->n || atomic_load(&rd->stop))
            break;
        uint64_t to = from + CHUNK < rd->n ? from + CHUNK : rd->n;
        int rc = SOW_OK;
        if (rd->todo) {
            for (uint64_t i = from; i < to && !rc; i++) {
                uint64_t j = rd->todo[i];
                sow_egdb_unrank(db, k, j / 2, b);
                rc = try_entry(w, b, j);
            }
        } else {
            /* the whole level: boards from..to in rank order, both
             * players each */
            uint64_t first = db->off[k] + from / 2;
            sow_egdb_unrank(db, k, first, b);
            for (uint64_t i = from; i < to && !rc; i += 2) {
                rc = try_entry(w, b, 2 * (first + (i - from) / 2));
                if (!rc)
                    rc = try_entry(w, b, 2 * (first + (i - from) / 2) + 1);
                if (i + 2 < to)
                    sow_egdb_next_board(b, H);
            }
        }
        if (rc) {
            w->failed = 1;
            atomic_store(&rd->stop, true);
            break;
        }
    }
    return NULL;
}

/* Build level k with the workers; *rounds gets the rounds it took. */
static int build_level(run *r, worker *ws, int nthreads, int k, int *rounds,
                       int *max_height, sow_error *err)
{
    const sow_egdb *db = r->db;
    uint64_t *todo = NULL, ntodo = 2 * (db->off[k + 1] - db->off[k]);
    int rc = SOW_OK;
    *rounds = 0;
    for (bool whole = true; ntodo > 0; whole = false) {
        round rd = {.r = r, .k = k, .todo = whole ? NULL : todo, .n = ntodo};
        atomic_init(&rd.next, 0);
        atomic_init(&rd.stop, false);
        pthread_t tid[MAX_THREADS];
        int started = 0;
        for (int t = 0; t < nthreads; t++) {
            ws[t].rd = &rd;
            ws[t].nwait = 0;
            ws[t].settled = 0;
            if (t > 0 && pthread_create(&tid[t], NULL, work, &ws[t]) == 0)
                started++;
            else if (t > 0)
                break;
        }
        work(&ws[0]);
        for (int t = 1; t <= started; t++)
            pthread_join(tid[t], NULL);
        (*rounds)++;
        uint64_t settled = 0, waiting = 0;
        for (int t = 0; t <= started; t++) {
            if (ws[t].failed) {
                *err = ws[t].err;
                rc = SOW_ERR;
            }
            settled += ws[t].settled;
            waiting += ws[t].nwait;
            if (ws[t].max_height > *max_height)
                *max_height = ws[t].max_height;
        }
        if (rc)
            break;
        if (waiting && !settled) {
            rc = sow_error_set(err, r->s->v->path, 0, 0,
                               "variant %s cannot have an endgame database: "
                               "a position of %d seed%s can recur (a "
                               "cycle), and its value would depend on how "
                               "the game ends one", r->s->v->id, k,
                               k == 1 ? "" : "s");
            break;
        }
        /* the entries still waiting: the next round's work */
        uint64_t *next = malloc((waiting ? waiting : 1) * sizeof *next);
        if (!next) {
            rc = sow_error_set(err, NULL, 0, 0, "out of memory");
            break;
        }
        uint64_t n = 0;
        for (int t = 0; t <= started; t++) {
            if (ws[t].nwait) /* (a thread with none has no list) */
                memcpy(next + n, ws[t].wait, ws[t].nwait * sizeof *next);
            n += ws[t].nwait;
        }
        free(todo);
        todo = next;
        ntodo = n;
    }
    free(todo);
    return rc;
}

/* ---- building: the files ---------------------------------------------------- */

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + t.tv_nsec * 1e-9;
}

static int io_error(sow_error *err, const char *path, const char *what)
{
    return sow_error_set(err, path, 0, 0, "cannot %s: %s", what,
                         strerror(errno));
}

/* The file of a build in progress, path.part: the header (its levels the
 * levels finished), the values, then the heights (two bytes each,
 * little-endian). */
typedef struct part {
    char path[4200];
    int fd;
} part;

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

static int pread_all(int fd, void *buf, size_t n, off_t at)
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
        return io_error(err, pt->path, "open");
    uint8_t hd[EGDB_HEADER];
    sow_egdb *old = NULL;
    const char *bad = NULL;
    sow_error ignored;
    if (pread_all(pt->fd, hd, EGDB_HEADER, 0) == 0 &&
        sow_egdb_read_header(hd, &old, &bad, &ignored) == SOW_OK &&
        old->info.holes == in->holes && old->info.seeds == in->seeds &&
        old->info.digest == in->digest && old->info.levels > 0 &&
        old->info.levels <= in->seeds &&
        strcmp(old->info.id, in->id) == 0) {
        const uint64_t upto = 2 * r->db->off[old->info.levels];
        uint8_t *h2 = malloc(upto * 2 + 1);
        if (h2 && pread_all(pt->fd, r->val, upto, EGDB_HEADER) == 0 &&
            pread_all(pt->fd, h2, upto * 2,
                      (off_t)(EGDB_HEADER + in->entries)) == 0) {
            for (uint64_t j = 0; j < upto; j++) {
                r->height[j] = (uint16_t)(h2[2 * j] | h2[2 * j + 1] << 8);
                atomic_store_explicit(&r->mark[j], 1, memory_order_relaxed);
            }
            *levels = old->info.levels;
            in->max_height = old->info.max_height;
        }
        free(h2);
    }
    sow_egdb_close(old);
    in->levels = *levels;
    sow_egdb_header(hd, in);
    if (pwrite_all(pt->fd, hd, EGDB_HEADER, 0))
        return io_error(err, pt->path, "write");
    return SOW_OK;
}

/* Level k's values and heights into path.part, then its header: the
 * levels up to k are kept (written, and synced, before the header says
 * so). */
static int part_level(part *pt, run *r, int k, sow_error *err)
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
              fdatasync(pt->fd);
    free(h2);
    if (bad)
        return io_error(err, pt->path, "write");
    in->levels = k + 1;
    uint8_t hd[EGDB_HEADER];
    sow_egdb_header(hd, in);
    if (pwrite_all(pt->fd, hd, EGDB_HEADER, 0) || fdatasync(pt->fd))
        return io_error(err, pt->path, "write");
    return SOW_OK;
}

/* The finished database into path (by way of path.tmp), then path.part
 * removed. */
static int write_final(part *pt, const char *path, const sow_egdb_info *in,
                       const int8_t *val, sow_error *err)
{
    char tmp[4200];
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    FILE *f = fopen(tmp, "wb");
    if (!f)
        return io_error(err, tmp, "write");
    uint8_t hd[EGDB_HEADER];
    sow_egdb_header(hd, in);
    bool ok = fwrite(hd, 1, EGDB_HEADER, f) == EGDB_HEADER &&
              fwrite(val, 1, in->entries, f) == in->entries;
    ok = fclose(f) == 0 && ok;
    if (!ok || rename(tmp, path)) {
        int e = errno;
        remove(tmp);
        errno = e;
        return io_error(err, path, "write");
    }
    close(pt->fd);
    pt->fd = -1;
    remove(pt->path);
    return SOW_OK;
}

int sow_egdb_build(sow_engine *e, int seeds, int threads, const char *path,
                   sow_egdb_progress_fn fn, void *ctx, sow_error *err)
{
    const sow_setup *s = e->setup;
    if (sow_egdb_check(s, err))
        return SOW_ERR;
    sow_egdb *db = sow_egdb_sized(s, s->holes, seeds, err);
    if (!db)
        return SOW_ERR;
    if (threads < 1)
        threads = 1;
    if (threads > MAX_THREADS)
        threads = MAX_THREADS;
    snprintf(db->info.id, sizeof db->info.id, "%s", s->v->id);
    run r = {.db = db, .s = s};
    sow_game_init(s, &r.tmpl);
    memset(r.tmpl.board, 0, sizeof r.tmpl.board);
    const uint64_t n = db->info.entries;
    r.val = malloc(n);
    r.height = calloc(n, sizeof *r.height);
    r.mark = calloc(n, sizeof *r.mark);
    worker *ws = calloc((size_t)threads, sizeof *ws);
    part pt = {.fd = -1};
    int rc = SOW_OK, resumed = 0;
    if (!r.val || !r.height || !r.mark || !ws)
        rc = sow_error_set(err, NULL, 0, 0, "out of memory for %llu "
                           "entries", (unsigned long long)n);
    else
        rc = sow_egdb_digest(s, &db->info.digest, err) ||
             part_open(&pt, &r, path, &resumed, err);
    int built = 0;
    for (int t = 0; t < threads && !rc; t++, built++) {
        rc = sow_engine_init(&ws[t].eng, s, &e->rules, err);
        sow_engine_set_budget(&ws[t].eng, e->budget);
    }
    const double t0 = now_s();
    int max_height = db->info.max_height;
    for (int k = resumed; k <= seeds && !rc; k++) {
        int rounds = 0;
        rc = build_level(&r, ws, threads, k, &rounds, &max_height, err);
        db->info.max_height = max_height;
        if (!rc)
            rc = part_level(&pt, &r, k, err);
        if (!rc && fn) {
            sow_egdb_progress pr = {k, seeds, 2 * db->off[k + 1], n,
                                    now_s() - t0, rounds, resumed, threads};
            fn(ctx, &pr);
        }
    }
    if (!rc) {
        db->info.levels = seeds + 1;
        db->info.checksum = sow_egdb_checksum(r.val, n);
        rc = write_final(&pt, path, &db->info, r.val, err);
    }
    if (pt.fd >= 0)
        close(pt.fd);
    for (int t = 0; t < built; t++) {
        sow_engine_free(&ws[t].eng);
        free(ws[t].wait);
    }
    free(ws);
    free(r.val);
    free(r.height);
    free(r.mark);
    sow_egdb_close(db);
    return rc;
}

/* ---- verifying --------------------------------------------------------------- */

int sow_egdb_verify(const sow_egdb *db, sow_engine *e, uint64_t *bad,
                    sow_error *err)
{
    const sow_setup *s = e->setup;
    *bad = 0;
    if (db->info.holes != s->holes)
        return sow_error_set(err, s->v->path, 0, 0,
                             "the database has %d holes, the variant %d",
                             db->info.holes, s->holes);
    run r = {.db = (sow_egdb *)db, .s = s, .val = (int8_t *)db->val};
    sow_game_init(s, &r.tmpl);
    memset(r.tmpl.board, 0, sizeof r.tmpl.board);
    sow_error first = {0};
    const int H = s->holes;
    for (int k = 0; k <= db->info.seeds; k++) {
        uint16_t b[SOW_MAX_HOLES] = {0};
        b[H - 1] = (uint16_t)k;
        uint64_t idx = db->off[k];
        do {
            for (int p = 0; p < 2; p++) {
                const uint64_t j = 2 * idx + (uint64_t)p;
                int want, h;
                if (best_of(&r, e, b, k, j, &want, &h, err))
                    return SOW_ERR;
                if (db->val[j] != want && (*bad)++ == 0)
                    sow_error_set(&first, NULL, 0, 0,
                                  "entry %llu (%d seeds, %s to move) holds "
                                  "%d, its moves give %d",
                                  (unsigned long long)j, k,
                                  p ? "North" : "South", db->val[j], want);
            }
            idx++;
        } while (sow_egdb_next_board(b, H));
    }
    if (*bad)
        *err = first;
    return SOW_OK;
}
