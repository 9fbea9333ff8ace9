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
#include <dirent.h>
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
    if (c->hand[0] != t->hand[0] || c->hand[1] != t->hand[1])
        return "a move placed seeds from the hand (MW.2)";
    if (memcmp(c->state, t->state, sizeof c->state))
        return "a move changed the game's state";
    return NULL;
}

/* The position (board b of k seeds, South's store s0, player p to move)
 * of database db as a game: the setup's start with b, the stores s0 and
 * the rest where db indexes them (a threshold reads them), else nothing
 * captured. Returns 1, 0 when p has no move, -1 on an error. */
static int position(sow_engine *e, const sow_egdb *db, const sow_game *tmpl,
                    const uint16_t *b, int k, int s0, int p, sow_game *g,
                    sow_error *err)
{
    const sow_setup *s = e->setup;
    *g = *tmpl;
    memcpy(g->board, b, (size_t)s->holes * sizeof *b);
    g->on_board = k;
    g->to_move = (uint8_t)p;
    if (db->info.threshold >= 0) {
        g->captured[0] = s0;
        g->captured[1] = db->info.total - k - s0;
    }
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

struct worker;
static int need_entry(struct worker *w, uint64_t cj);

/* The best of the moves of entry j (board b of k seeds), played with
 * engine e: *v the margin from there, *vh its upper bound (building: the
 * best of the moves' upper bounds), *h the longest line. Returns 0, 1
 * when a move leads to an entry of the level not known yet (building), 2
 * when a move leads to an entry marked SOW_EGDB_CYCLE (checking: the
 * entry cannot be checked), or -1 on an error. Building a shard (w given, its round a slice), every
 * unknown entry of the level outside the slice that a move leads to is
 * queued for the next round (need_entry) before 1 is returned. */
static int best_of(const run *r, sow_engine *e, struct worker *w,
                   const uint16_t *b, int k, int s0, uint64_t j, int *v,
                   int *vh, int *h, sow_error *err)
{
    const sow_setup *s = r->s;
    const int p = (int)(j & 1);
    sow_game g;
    int has = position(e, r->db, &r->tmpl, b, k, s0, p, &g, err);
    if (has <= 0) {
        *v = *vh = SOW_EGDB_NONE;
        *h = 0;
        return has;
    }
    int best = p == 0 ? -1000000 : 1000000, besth = best, longest = 0;
    int pending = 0, unchecked = 0;
    const int base = g.captured[0] - g.captured[1]; /* the stores now */
    for (int i = 0; i < g.nlegal; i++) {
        sow_game c = g;
        if (sow_engine_play(e, &c, g.legal[i], err))
            return -1;
        int cv, cvh, ch;
        if (c.over) {
            if (c.result.unfinished)
                return sow_error_set(err, s->v->path, 0, 0,
                                     "a line reaches max_plies (%d) "
                                     "unfinished, so values would depend "
                                     "on it", s->max_plies);
            cv = cvh = c.result.score[0] - c.result.score[1] - base;
            ch = 1;
        } else {
            const char *why = unindexed_change(&r->tmpl, &c);
            if (!why && c.on_board > k)
                why = "a move added seeds to the board";
            if (!why && !sow_egdb_holds_stores(r->db, c.on_board,
                                               c.captured[0], c.captured[1]))
                why = "a move put seeds out of play, or a store past the "
                      "threshold in a game going on";
            if (why)
                return sow_error_set(err, s->v->path, 0, 0,
                                     "variant %s cannot have an endgame "
                                     "database: %s, which the database "
                                     "does not index", s->v->id, why);
            uint64_t cj = 2 * sow_egdb_rank(r->db, c.board, c.on_board,
                                            c.captured[0]) +
                          c.to_move;
            if (r->mark && atomic_load_explicit(&r->mark[cj],
                                                memory_order_acquire) != 1) {
                /* (a lower level is always known) */
                int q = w ? need_entry(w, cj) : 1;
                if (q)
                    return q; /* 1: wait (the whole level), -1: error */
                pending = 1;
                continue;
            }
            /* (read atomically: settle_cycles's threads write the
             * bounds of a cycle's entries while others read them) */
            const int cl = __atomic_load_n(&r->val[cj], __ATOMIC_RELAXED);
            const int chv = r->hi ? __atomic_load_n(&r->hi[cj],
                                                    __ATOMIC_RELAXED)
                                  : cl;
            if (cl == SOW_EGDB_NONE)
                return sow_error_set(err, s->v->path, 0, 0,
                                     "entry %llu: a move leads to a "
                                     "position the database marks as "
                                     "without moves",
                                     (unsigned long long)cj);
            if (!r->hi && cl == SOW_EGDB_CYCLE) {
                unchecked = 1;
                continue;
            }
            cv = c.captured[0] - c.captured[1] - base + cl;
            cvh = c.captured[0] - c.captured[1] - base + chv;
            ch = 1 + (r->height ? r->height[cj] : 0);
        }
        if (p == 0 ? cv > best : cv < best)
            best = cv;
        if (p == 0 ? cvh > besth : cvh < besth)
            besth = cvh;
        if (ch > longest)
            longest = ch;
    }
    if (pending)
        return 1;
    if (unchecked)
        return 2;
    if (best < -126 || best > 126 || besth < -126 || besth > 126)
        return sow_error_set(err, s->v->path, 0, 0,
                             "a margin of %d is past what a database "
                             "entry holds (-126 to 126)",
                             best < -126 || best > 126 ? best : besth);
    *v = best;
    *vh = besth;
    *h = longest;
    return 0;
}

/* ---- building: the rounds of a level ------------------------------------ */

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

/* Entry cj of the level, not known, that a move of a shard's entry leads
 * to: outside the slice, and not queued yet, it is queued for the next
 * round (by the one thread that marks it 2). Returns 0 (the move's entry
 * goes on), 1 when not building a shard (the entry waits at once), -1 on
 * an error. */
static int need_entry(worker *w, uint64_t cj)
{
    round *rd = w->rd;
    if (!rd->shard)
        return 1;
    if (cj >= rd->lo && cj < rd->hi)
        return SOW_OK; /* the slice's own: tried this round or waiting */
    uint8_t zero = 0;
    if (!atomic_compare_exchange_strong(&rd->r->mark[cj], &zero, 2))
        return SOW_OK;
    w->queued++;
    return keep_waiting(w, cj) ? -1 : 0;
}

/* One entry of the round (board b, South's store s0). */
static int try_entry(worker *w, const uint16_t *b, int s0, uint64_t j)
{
    run *r = w->rd->r;
    if (atomic_load_explicit(&r->mark[j], memory_order_relaxed) == 1)
        return SOW_OK; /* (read back from a stopped build) */
    int v, vh, h;
    int got = best_of(r, &w->eng, w, b, w->rd->k, s0, j, &v, &vh, &h,
                      &w->err);
    if (got < 0)
        return SOW_ERR;
    if (got == 1)
        return keep_waiting(w, j);
    h = h > 65535 ? 65535 : h;
    r->val[j] = (int8_t)v;
    r->hi[j] = (int8_t)vh;
    r->height[j] = (uint16_t)h;
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
    const int k = rd->k;
    uint16_t b[SOW_MAX_HOLES] = {0};
    int s0 = 0;
    for (;;) {
        uint64_t from = atomic_fetch_add(&rd->next, CHUNK);
        if (from >= rd->n || atomic_load(&rd->stop))
            break;
        uint64_t to = from + CHUNK < rd->n ? from + CHUNK : rd->n;
        int rc = SOW_OK;
        if (rd->todo) {
            for (uint64_t i = from; i < to && !rc; i++) {
                uint64_t j = rd->todo[i];
                sow_egdb_unrank(db, k, j / 2, b, &s0);
                rc = try_entry(w, b, s0, j);
            }
        } else {
            /* the whole level: positions from..to in index order, both
             * players each */
            uint64_t first = rd->base + from / 2;
            sow_egdb_unrank(db, k, first, b, &s0);
            for (uint64_t i = from; i < to && !rc; i += 2) {
                rc = try_entry(w, b, s0, 2 * (first + (i - from) / 2));
                if (!rc)
                    rc = try_entry(w, b, s0,
                                   2 * (first + (i - from) / 2) + 1);
                if (i + 2 < to)
                    sow_egdb_next(db, b, &s0, k);
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

/* One sweep of settle_cycles, shared by the threads. */
typedef struct sweep {
    run *r;
    int k;
    uint64_t *todo, n;
    atomic_uint_fast64_t next;
    atomic_bool changed, stop;
} sweep;

typedef struct sweeper {
    sweep *sw;
    sow_engine *e;
    sow_error err;
    int failed;
} sweeper;

static void *sweep_work(void *arg)
{
    sweeper *t = arg;
    sweep *sw = t->sw;
    run *r = sw->r;
    uint16_t b[SOW_MAX_HOLES];
    bool changed = false;
    for (;;) {
        uint64_t from = atomic_fetch_add(&sw->next, CHUNK);
        if (from >= sw->n || atomic_load(&sw->stop))
            break;
        uint64_t to = from + CHUNK < sw->n ? from + CHUNK : sw->n;
        for (uint64_t i = from; i < to; i++) {
            const uint64_t j = sw->todo[i];
            int v, vh, h, s0;
            sow_egdb_unrank(r->db, sw->k, j / 2, b, &s0);
            if (best_of(r, t->e, NULL, b, sw->k, s0, j, &v, &vh, &h,
                        &t->err)) {
                t->failed = 1;
                atomic_store(&sw->stop, true);
                return NULL;
            }
            if (v != r->val[j] || vh != r->hi[j]) {
                __atomic_store_n(&r->val[j], (int8_t)v, __ATOMIC_RELAXED);
                __atomic_store_n(&r->hi[j], (int8_t)vh, __ATOMIC_RELAXED);
                changed = true;
            }
        }
    }
    if (changed)
        atomic_store(&sw->changed, true);
    return NULL;
}

static int cmp_entry(const void *a, const void *b)
{
    const uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* The entries todo[0..n) of level k, none of which a round can settle:
 * each waits on another of them (a cycle). Their bounds are found by
 * iterating the best of their moves from the worst for South (-k: every
 * seed left to North) up to the least fixpoint, the lower bound, and from
 * the best (+k) down to the greatest, the upper bound: the values of the
 * game in which every endless line gives the seeds left on the board to
 * North, or to South. Any rule that ends an endless game and gives the
 * seeds on the board to either player or to neither (a repetition rule,
 * max_plies) gives a value between them: where they agree, that is the
 * value, whatever the rule. The bounds only rise and fall, so the sweeps
 * may be shared among threads in any order (each reads the others' bounds
 * as they are) and the fixpoints are the same; an entry whose bounds meet
 * is final and leaves the sweeps. The heights are unbounded (65535): the
 * lines may go round. */
static int settle_cycles(run *r, worker *ws, int nthreads, int k,
                         uint64_t *todo, uint64_t n, sow_error *err)
{
    for (uint64_t i = 0; i < n; i++) {
        r->val[todo[i]] = (int8_t)-k;
        r->hi[todo[i]] = (int8_t)k;
        r->height[todo[i]] = 65535;
        atomic_store_explicit(&r->mark[todo[i]], 1, memory_order_relaxed);
    }
    sweeper ts[MAX_THREADS];
    for (bool changed = true; changed && n > 0;) {
        sweep sw = {.r = r, .k = k, .todo = todo, .n = n};
        atomic_init(&sw.next, 0);
        atomic_init(&sw.changed, false);
        atomic_init(&sw.stop, false);
        pthread_t tid[MAX_THREADS];
        int started = 0;
        for (int t = 0; t < nthreads; t++) {
            ts[t] = (sweeper){.sw = &sw, .e = &ws[t].eng};
            if (t > 0 && pthread_create(&tid[t], NULL, sweep_work, &ts[t]) == 0)
                started++;
            else if (t > 0)
                break;
        }
        sweep_work(&ts[0]);
        for (int t = 1; t <= started; t++)
            pthread_join(tid[t], NULL);
        for (int t = 0; t <= started; t++)
            if (ts[t].failed) {
                *err = ts[t].err;
                return SOW_ERR;
            }
        changed = atomic_load(&sw.changed);
        /* the entries whose bounds met are final */
        uint64_t m = 0;
        for (uint64_t i = 0; i < n; i++)
            if (r->val[todo[i]] != r->hi[todo[i]])
                todo[m++] = todo[i];
        n = m;
    }
    return SOW_OK;
}

/* Build the boards lo..hi-1 of level k with the workers (the whole level,
 * or with `shard` a shard's slice, computing the entries of the level
 * outside it that it needs too: those found as the rounds go, or, given
 * start (nstart entries, freed here), those entries in their order);
 * *rounds gets the rounds it took. */
static int build_level(run *r, worker *ws, int nthreads, int k, uint64_t lo,
                       uint64_t hi, bool shard, uint64_t *start,
                       uint64_t nstart, int *rounds, int *max_height,
                       sow_error *err)
{
    uint64_t *todo = start, ntodo = start ? nstart : 2 * (hi - lo);
    int rc = SOW_OK;
    *rounds = 0;
    for (bool whole = !start; ntodo > 0; whole = false) {
        /* (a shard given its closure, start, needs nothing outside it) */
        round rd = {.r = r, .k = k, .todo = whole ? NULL : todo, .n = ntodo,
                    .base = lo, .lo = 2 * lo, .hi = 2 * hi,
                    .shard = shard && !start};
        atomic_init(&rd.next, 0);
        atomic_init(&rd.stop, false);
        pthread_t tid[MAX_THREADS];
        int started = 0;
        for (int t = 0; t < nthreads; t++) {
            ws[t].rd = &rd;
            ws[t].nwait = 0;
            ws[t].settled = 0;
            ws[t].queued = 0;
            if (t > 0 && pthread_create(&tid[t], NULL, work, &ws[t]) == 0)
                started++;
            else if (t > 0)
                break;
        }
        work(&ws[0]);
        for (int t = 1; t <= started; t++)
            pthread_join(tid[t], NULL);
        (*rounds)++;
        uint64_t settled = 0, waiting = 0, queued = 0;
        for (int t = 0; t <= started; t++) {
            if (ws[t].failed) {
                *err = ws[t].err;
                rc = SOW_ERR;
            }
            settled += ws[t].settled;
            waiting += ws[t].nwait;
            queued += ws[t].queued;
            if (ws[t].max_height > *max_height)
                *max_height = ws[t].max_height;
        }
        if (rc)
            break;
        /* a round that settles nothing: a cycle. Once a lower level had
         * one (every entry's line is unbounded then), a round that
         * settles under 1/64 of its entries goes to the sweeps too: they
         * reach the same values, and the rounds left would each replay
         * nearly all (Oware) */
        const bool stalled =
            waiting && !queued &&
            (!settled || (r->cycles && !shard && settled * 64 < ntodo));
        if (stalled && shard) {
            rc = sow_error_set(err, r->s->v->path, 0, 0,
                               "level %d of variant %s cannot be built in "
                               "shards: a position of %d seed%s can recur "
                               "(a cycle); build the level on one machine "
                               "(sow egdb build without --shard goes on "
                               "from FILE.part)", k, r->s->v->id, k,
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
        if (stalled) {
            rc = settle_cycles(r, ws, nthreads, k, todo, ntodo, err);
            *max_height = 65535;
            r->cycles = true;
            break;
        }
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
 * levels finished), the values (lower bounds), the heights (two bytes
 * each, little-endian), then the upper bounds. */
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
                      (off_t)(EGDB_HEADER + in->entries)) == 0 &&
            pread_all(pt->fd, r->hi, upto,
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
              pwrite_all(pt->fd, r->hi + a, b - a,
                         (off_t)(EGDB_HEADER + 3 * in->entries + a)) ||
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

static int run_alloc(run *r, const sow_setup *s, int seeds, sow_error *err);
static void run_free(run *r);

/* The values of the file: a value whose bounds differ depends on how an
 * endless game ends (SOW_EGDB_CYCLE). */
static void final_values(run *r)
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
    int rc = ws ? run_alloc(&r, s, seeds, err)
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
        rc = build_level(&r, ws, threads, k, db->off[k], db->off[k + 1],
                         false, NULL, 0, &rounds, &max_height, err);
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
        final_values(&r);
        db->info.checksum = sow_egdb_checksum(r.val, n);
        rc = write_final(&pt, path, &db->info, r.val, err);
    }
    if (pt.fd >= 0)
        close(pt.fd);
    for (int t = 0; t < built; t++) {
        sow_engine_free(&ws[t].eng);
        free(ws[t].wait);
    }
    if (ws)
        run_free(&r);
    free(ws);
    return rc;
}

/* ---- verifying --------------------------------------------------------------- */

int sow_egdb_verify(const sow_egdb *db, sow_engine *e, uint64_t *bad,
                    uint64_t *unchecked, sow_error *err)
{
    const sow_setup *s = e->setup;
    *bad = *unchecked = 0;
    if (db->info.holes != s->holes)
        return sow_error_set(err, s->v->path, 0, 0,
                             "the database has %d holes, the variant %d",
                             db->info.holes, s->holes);
    run r = {.db = (sow_egdb *)db, .s = s, .val = (int8_t *)db->val};
    sow_game_init(s, &r.tmpl);
    memset(r.tmpl.board, 0, sizeof r.tmpl.board);
    sow_error first = {0};
    for (int k = 0; k <= db->info.seeds; k++) {
        uint16_t b[SOW_MAX_HOLES];
        int s0;
        uint64_t idx = db->off[k];
        for (bool more = sow_egdb_first(db, k, b, &s0); more;
             more = sow_egdb_next(db, b, &s0, k)) {
            for (int p = 0; p < 2; p++) {
                const uint64_t j = 2 * idx + (uint64_t)p;
                int want, wh, h, got = 2;
                if (db->val[j] != SOW_EGDB_CYCLE &&
                    (got = best_of(&r, e, NULL, b, k, s0, j, &want, &wh, &h,
                                   err)) < 0)
                    return SOW_ERR;
                if (got == 2)
                    (*unchecked)++;
                else if (db->val[j] != want && (*bad)++ == 0)
                    sow_error_set(&first, NULL, 0, 0,
                                  "entry %llu (%d seeds, %s to move) holds "
                                  "%d, its moves give %d",
                                  (unsigned long long)j, k,
                                  p ? "North" : "South", db->val[j], want);
            }
            idx++;
        }
    }
    if (*bad)
        *err = first;
    return SOW_OK;
}

/* ---- shards ------------------------------------------------------------------ */

/* A run for s's database of `seeds` seeds: the entries, heights and marks
 * allocated (*db made); an error past the limits or out of memory. */
static int run_alloc(run *r, const sow_setup *s, int seeds, sow_error *err)
{
    memset(r, 0, sizeof *r);
    r->s = s;
    if (sow_egdb_check(s, err))
        return SOW_ERR;
    /* a threshold end reads the stores: they are indexed (C1.7) */
    r->db = sow_egdb_sized(s, s->holes, seeds, s->total, s->threshold, err);
    if (!r->db)
        return SOW_ERR;
    snprintf(r->db->info.id, sizeof r->db->info.id, "%s", s->v->id);
    sow_game_init(s, &r->tmpl);
    memset(r->tmpl.board, 0, sizeof r->tmpl.board);
    const uint64_t n = r->db->info.entries;
    r->val = malloc(n);
    r->hi = malloc(n);
    r->height = calloc(n, sizeof *r->height);
    r->mark = calloc(n, sizeof *r->mark);
    if (!r->val || !r->hi || !r->height || !r->mark)
        return sow_error_set(err, NULL, 0, 0, "out of memory for %llu "
                             "entries", (unsigned long long)n);
    return sow_egdb_digest(s, &r->db->info.digest, err);
}

static void run_free(run *r)
{
    free(r->val);
    free(r->hi);
    free(r->height);
    free((void *)r->mark);
    sow_egdb_close(r->db);
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
    if (pread_all(fd, hd, EGDB_HEADER, 0) ||
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
        if (!h2 || pread_all(fd, r->val, upto, EGDB_HEADER) ||
            pread_all(fd, h2, upto * 2, (off_t)(EGDB_HEADER + in->entries)) ||
            pread_all(fd, r->hi, upto, (off_t)(EGDB_HEADER + 3 * in->entries)))
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
        int has = position(e, r->db, &r->tmpl, b, k, s0, (int)(j & 1), &g,
                           err);
        if (has < 0)
            rc = SOW_ERR;
        for (int m = 0; has > 0 && !rc && m < g.nlegal; m++) {
            sow_game c = g;
            if (sow_engine_play(e, &c, g.legal[m], err)) {
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
        return io_error(err, out, "write");
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
    int rc = ws ? run_alloc(&r, s, seeds, err)
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
            rc = build_level(&r, ws, threads, level, lo, hi, true, start,
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
        run_free(&r);
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
        return io_error(err, dir, "read the folder");
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
            if (best_of(r, e, NULL, b, k, s0, j, &v, &vh, &h, err))
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
    int rc = run_alloc(&r, e->setup, seeds, err) ||
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
        rc = pt.fd < 0 ? io_error(err, pt.path, "open")
                       : part_level(&pt, &r, level, err);
    } else if (!rc) {
        in->levels = seeds + 1;
        final_values(&r);
        in->checksum = sow_egdb_checksum(r.val, in->entries);
        rc = write_final(&pt, path, in, r.val, err);
    }
    if (pt.fd >= 0)
        close(pt.fd);
    for (long k = 0; !rc && k < *nshards; k++) {
        char file[4300];
        if (!sow_egdb_shard_path(path, level, k, *nshards, file, sizeof file,
                                 NULL))
            remove(file);
    }
    run_free(&r);
    return rc;
}
