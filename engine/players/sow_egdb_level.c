/* sow_egdb_level.c - the rounds of one level of an endgame database's
 * build (sow_egdb_run.h; docs/solving.md).
 *
 * A move from a board of k seeds leads to a finished game, to a board of
 * fewer seeds (its level is built) or to one of k seeds (seeds only moved
 * round). A level is built in rounds: each round takes every entry of the
 * level not known yet and plays its moves; an entry whose moves all lead
 * to known values gets the best of them, one that leads to an entry of
 * the level still unknown waits for the next round. A round that settles
 * nothing while entries wait means those entries lead round among
 * themselves (a cycle): their bounds are found by the sweeps of
 * settle_cycles. The entries of a round are shared among the threads,
 * each with an engine of its own; an entry is written (value, then
 * height, then its mark, with release order) by the one thread that owns
 * it, and read only once its mark says it is known (acquire order). Which
 * entries a round settles may depend on the threads' timing; the values
 * and heights do not (each is the best over its moves' values, which are
 * settled before it). */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sow_egdb_run.h"

#define CHUNK 4096

/* fn on args[0 .. n-1] (each `size` bytes), args[0] on this thread and
 * the others on threads of their own; returns how many threads started
 * (the args past them are not run: their share of the work is taken by
 * the others, which take chunks until none is left). */
static int run_threads(void *(*fn)(void *), void *args, size_t size, int n)
{
    pthread_t tid[MAX_THREADS];
    int started = 0;
    for (int t = 1; t < n; t++) {
        if (pthread_create(&tid[t], NULL, fn, (char *)args + (size_t)t * size))
            break;
        started++;
    }
    fn(args);
    for (int t = 1; t <= started; t++)
        pthread_join(tid[t], NULL);
    return started;
}

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
int sow_egdb_need_entry(worker *w, uint64_t cj)
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
    int got = sow_egdb_best_of(r, &w->eng, w, b, w->rd->k, s0, j, &v, &vh, &h,
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

/* A round on threads takes chunks in index order, and where a level's
 * moves lead to entries of lower index (Kalah: seeds moved forward) one
 * pass settles it on one thread; on two, an entry whose move led into
 * the chunk the other thread was on waited for the next round, and most
 * of the second thread's work was done again (Kalah 6x4, 16 seeds: 10.2
 * s on two threads, 11.8 on one, 19.3 s of CPU; awaiting each such
 * entry as it came serialized the threads, 12.9 s). So the entries of
 * chunk c that wait are tried again once chunk c - 1 is through (its own
 * tried again: so every chunk before it): most of them then settle, and
 * only the rest wait for the next round. The thread on the earliest
 * chunk never waits, so one always goes on. */
static int retry_chunk(worker *w, uint64_t c, uint64_t first)
{
    round *rd = w->rd;
    const sow_egdb *db = rd->r->db;
    while (c > 0 &&
           !atomic_load_explicit(&rd->done[c - 1], memory_order_acquire)) {
        if (atomic_load_explicit(&rd->stop, memory_order_relaxed))
            return SOW_OK;
#if defined(__x86_64__) || defined(__i386__)
        __builtin_ia32_pause();
#endif
    }
    const uint64_t end = w->nwait;
    uint16_t b[SOW_MAX_HOLES] = {0};
    int s0 = 0;
    for (uint64_t i = first; i < end; i++) {
        const uint64_t j = w->wait[i];
        sow_egdb_unrank(db, rd->k, j / 2, b, &s0);
        if (try_entry(w, b, s0, j)) /* (waits again past `end`) */
            return SOW_ERR;
    }
    if (w->nwait > end) /* (w->wait may be NULL: nothing waited) */
        memmove(w->wait + first, w->wait + end,
                (size_t)(w->nwait - end) * sizeof *w->wait);
    w->nwait -= end - first;
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
        const uint64_t waited = w->nwait;
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
        if (rd->done && !rc) {
            rc = retry_chunk(w, from / CHUNK, waited);
            atomic_store_explicit(&rd->done[from / CHUNK], 1,
                                  memory_order_release);
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
            if (sow_egdb_best_of(r, t->e, NULL, b, sw->k, s0, j, &v, &vh, &h,
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
        for (int t = 0; t < nthreads; t++)
            ts[t] = (sweeper){.sw = &sw, .e = &ws[t].eng};
        const int started = run_threads(sweep_work, ts, sizeof *ts, nthreads);
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
int sow_egdb_build_level(run *r, worker *ws, int nthreads, int k, uint64_t lo,
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
        /* the level's first round on threads tries waiting entries again
         * chunk by chunk (retry_chunk); a shard's entries outside its
         * slice, and the later rounds' lists, are in no index order */
        if (whole && !rd.shard && nthreads > 1)
            rd.done = calloc(ntodo / CHUNK + 1, sizeof *rd.done);
        for (int t = 0; t < nthreads; t++) {
            ws[t].rd = &rd;
            ws[t].nwait = 0;
            ws[t].settled = 0;
            ws[t].queued = 0;
        }
        const int started = run_threads(work, ws, sizeof *ws, nthreads);
        free(rd.done);
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

