/* sow_solve_new.c - the exact solver's object (sow_solve.h): what may be
 * solved (sow_solve_check), the solver and its table made and freed, its
 * settings, and the workers that share its table. Split from
 * sow_solve.c, which searches; nothing here runs per position. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__linux__) && !defined(__EMSCRIPTEN__)
#include <sys/mman.h>
#define TABLE_MMAP 1
#endif

#include "sow_budget.h"
#include "sow_egdb.h"
#include "sow_num.h"
#include "sow_search.h"
#include "sow_solve_int.h"

/* ---- what may be solved ------------------------------------------------ */

/* The option (or file field) behind field e, for an error: "--option
 * cycle=... (now repetition)" or "the variant file's FIELD". */
static void expr_hint(const sow_setup *s, const sow_expr *e,
                      const char *field, char *buf, size_t size)
{
    if (e->kind == SOW_EXPR_CONST) {
        snprintf(buf, size, "it is set in the variant file (%s: at line %d); "
                 "copy the file with it off", field, e->line);
        return;
    }
    const sow_option_def *d = &s->v->options[e->opt];
    char now[64];
    sow_optval_format(d, s->opts.val[e->opt], now, sizeof now);
    snprintf(buf, size, "option %s turns it off: try --option %s=%s "
             "(now %s; 'sow show %s' lists the values)", d->name, d->name,
             d->type == SOW_OPT_ENUM && d->nvalues > 0 &&
                     strcmp(d->values[0], now) != 0 ? d->values[0]
             : d->type == SOW_OPT_BOOL ? "false" : "...",
             now, s->v->id);
}

int sow_solve_check(const sow_setup *s, const sow_solve_policy *p,
                    sow_error *err)
{
    const sow_variant *v = s->v;
    char hint[400];
    if (s->repetition && (v->ndecisions > 0 || v->nphases > 0)) {
        /* the engine's history starts again where a phase of decisions
         * ends (P4), inside the search: keyed by the line's positions
         * (rep_child in sow_solve.c), the solver would not follow */
        expr_hint(s, &v->repetition, "end.repetition", hint, sizeof hint);
        return sow_error_set(err, v->path, 0, 0,
                             "the repetition rule is on in a game with "
                             "decisions or phases, whose history of "
                             "positions starts again after them, which "
                             "sow solve does not follow; %s", hint);
    }
    if (v->script && !(p && p->trust_script))
        return sow_error_set(err, v->path, 0, 0,
                             "the variant's script (%s) could keep hidden "
                             "state between hook calls, which nothing "
                             "checks, and a solve reuses values across "
                             "positions: give %s if its hooks are "
                             "functions of their view (the shipped scripts "
                             "are; docs/solving.md)", v->script,
                             p && p->trust_how ? p->trust_how
                                               : "--trust-script");
    return SOW_OK;
}

/* Whether the future of a position cannot depend on its stores: no
 * script, no threshold, no match, and the winner always by the totals. */
bool sow_solve_stores_apart(const sow_setup *s)
{
    const sow_variant *v = s->v;
    return !v->script && !s->no_score && !s->no_moves_lose &&
           s->threshold < 0 && !s->match && !s->rounds &&
           s->cleared_winner == SOW_CLEARED_SCORE; /* TR.5: by the rule */
}

/* The ply below which a rule reads the ply (0: none does); a script's
 * hooks may read it at any ply. */
int sow_solve_ply_until(const sow_setup *s)
{
    return s->v->script ? INT32_MAX : sow_setup_ply_until(s);
}

/* ---- the solver object -------------------------------------------------- */

/* The table, zeroed. On Linux a large one is mapped with huge pages
 * asked for: its probes are random over hundreds of MiB, and with 4 KiB
 * pages nearly every one missed the TLB as well as the cache (the
 * prefetch of a child's bucket, make_child, stalled on the page walk: 80%
 * of make_child's time under perf on Kalah 5x3 with 512 MiB; 1.66 s of
 * user time, 0.97 s with huge pages). A huge page is zeroed whole when
 * first touched, so a small solve of a few thousand positions would pay
 * for the whole table (1.4 s for Kalah 3x2 with the default 256 MiB):
 * tables below HUGE_FROM keep small pages. */
#define HUGE_FROM ((size_t)1 << 30)

static tt_bucket *table_alloc(size_t bytes)
{
#ifdef TABLE_MMAP
    void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
        return NULL;
#ifdef MADV_HUGEPAGE
    if (bytes >= HUGE_FROM) /* a wish: fine if refused */
        (void)madvise(p, bytes, MADV_HUGEPAGE);
#endif
    return p;
#else
    void *p = aligned_alloc(sizeof(tt_bucket), bytes); /* one line each */
    if (p)
        memset(p, 0, bytes);
    return p;
#endif
}

static void table_free(tt_bucket *tt, size_t bytes)
{
#ifdef TABLE_MMAP
    if (tt)
        munmap(tt, bytes);
#else
    (void)bytes;
    free(tt);
#endif
}

sow_solver *sow_solver_new(const sow_setup *s, long mib, sow_error *err)
{
    sow_solver *sv = calloc(1, sizeof *sv);
    if (!sv) {
        sow_error_set(err, NULL, 0, 0, "out of memory");
        return NULL;
    }
    sv->s = s;
    sv->apart = sow_solve_stores_apart(s);
    sow_error scratch;
    sv->bound = sv->apart && sow_egdb_check(s, &scratch) == SOW_OK &&
                s->hand == 0; /* MW.1: seeds in hand are on no board */
    sv->ply_until = sow_solve_ply_until(s);
    sv->rep = s->repetition;
    sv->last_fields = s->v->script || s->no_undo ||
                      s->rest == SOW_REST_LAST_MOVER || s->row_empty_end;
    sow_plain_init(&sv->plain, s, NULL);
    if (sv->plain.ok && !sv->last_fields && s->total <= ZOB_MAX_SEEDS)
        sv_zobrist_table(sv);
    sv->maxkids = s->holes;
    sv->guess_depth = SOW_SOLVE_GUESS_DEPTH;
    if (s->v->ndecisions > 0 || s->v->nphases > 0 || s->dir_rule)
        sv->maxkids = SOW_MAX_LEGAL;
    uint64_t bytes = (uint64_t)(mib < 1 ? 1 : mib) << 20;
    sv->buckets = bytes / sizeof(tt_bucket); /* sv_bucket: below 2^32 */
    if (sv->buckets > UINT32_MAX)
        sv->buckets = UINT32_MAX;
    sv->tt = table_alloc(sv->buckets * sizeof *sv->tt);
    if (!sv->tt) {
        sow_error_set(err, NULL, 0, 0,
                      "out of memory for a table of %ld MiB; give less "
                      "with --memory", mib);
        free(sv);
        return NULL;
    }
    return sv;
}

void sow_solver_free(sow_solver *sv)
{
    if (!sv)
        return;
    for (int d = 0; d <= MAX_DEPTH; d++)
    {
        free(sv->kids[d]);
        free(sv->kid_keys[d]);
        free(sv->kid_score[d]);
        free(sv->kid_order[d]);
    }
    if (!sv->main) {
        table_free(sv->tt, sow_solver_table_bytes(sv));
        free((void *)sv->busy);
        free(sv->zob);
    }
    free(sv);
}

int sow_solver_set_egdb(sow_solver *sv, const sow_egdb *db, sow_error *err)
{
    if (db && !sv->apart && sow_egdb_about(db)->threshold < 0)
        return sow_error_set(err, sv->s->v->path, 0, 0,
                             "an endgame database without the stores "
                             "indexed serves only games whose future does "
                             "not depend on the stores");
    sv->db = db;
    return SOW_OK;
}

long long sow_solver_db_hits(const sow_solver *sv) { return sv->db_hits; }

void sow_solver_set_value_only(sow_solver *sv, bool on)
{
    sv->value_only = on;
}

void sow_solver_set_guess_depth(sow_solver *sv, int plies)
{
    sv->guess_depth = plies < 0                     ? 0
                      : plies > SOW_SOLVE_GUESS_MAX ? SOW_SOLVE_GUESS_MAX
                                                    : plies;
}

int sow_solver_set_threads(sow_solver *sv, int threads, sow_error *err)
{
    if (threads > 1)
        sv->shared = true; /* (and stays: the table's entries are kept) */
    if (threads > 1 && !sv->busy) {
        sv->busy = calloc(BUSY_SLOTS, sizeof *sv->busy);
        if (!sv->busy)
            return sow_error_set(err, NULL, 0, 0, "out of memory");
    }
    sv->threads = threads < 1 ? 1 : threads;
    return SOW_OK;
}

sow_solver *sv_worker_new(sow_solver *sv)
{
    sow_solver *w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    w->s = sv->s;
    w->apart = sv->apart;
    w->bound = sv->bound;
    w->ply_until = sv->ply_until;
    w->rep = sv->rep;
    w->last_fields = sv->last_fields;
    w->plain = sv->plain;
    w->zob = sv->zob;
    w->zob_seeds = sv->zob_seeds;
    w->pz = sv->pz;
    w->zob_keep = sv->zob_keep;
    w->db = sv->db;
    w->tt = sv->tt;
    w->buckets = sv->buckets;
    w->shared = sv->shared;
    w->busy = sv->busy;
    w->main = sv;
    w->threads = 1;
    w->maxkids = sv->maxkids;
    w->guess_depth = sv->guess_depth;
    return w;
}

size_t sow_solver_table_bytes(const sow_solver *sv)
{
    return (size_t)sv->buckets * sizeof *sv->tt;
}

long long sow_solver_table_used(const sow_solver *sv) { return sv->used; }

void sow_solver_set_progress(sow_solver *sv, sow_solve_progress_fn fn,
                             void *ctx, double every)
{
    sv->progress = fn;
    sv->progress_ctx = ctx;
    sv->every = every;
}
