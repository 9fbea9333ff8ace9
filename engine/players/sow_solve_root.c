/* sow_solve_root.c - the solver's drivers (sow_solve.h; docs/solving.md):
 * MTD(f) with iterative deepening, the value of one position, the value
 * of every move of the root over threads that share the table, and the
 * principal variation. The search itself is in sow_solve.c. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "sow_history.h"
#include "sow_search.h"
#include "sow_solve_int.h"

/* Guesses first: searches 1, 2, ... sv->guess_depth plies ahead (their
 * leaves valued by the stores' difference), whose table moves and bounds
 * order the exact search's moves and whose value is its first guess.
 * Kalah, millions of positions with guesses up to 0 (none), 6, 12 and 18
 * plies ahead: 5x3 2.75, 2.45, 2.08, 3.20; 4x4 1.44, 1.38, 1.04, 1.18;
 * 6x2 0.25, 0.97, 0.47, 0.86 (a small board pays for its guesses); 5x4
 * 84.8 without, 72.6 at 12. A larger game wants them deeper (Kalah(6,4),
 * every root move: 79.6 s at 12, 69.8 s at 20), but the depth cannot be
 * told from the board: the seeds on it chose well for Kalah and put the
 * page's Sokusowo boards out of its reach; so 12 is the default and
 * --guess-depth the solver's knob (docs/solving.md). */
#define MAX_THREADS 64

/* ---- MTD(f) ---------------------------------------------------------------- */

/* The bounds lo and hi of the root of a value-only solve, proved by one
 * thread's MTD(f), into the main solver's (the progress line's): the
 * highest lower bound and the lowest upper bound any thread proved. */
static void publish_bounds(sow_solver *sv, int lo, int hi)
{
    sow_solver *m = sv->main ? sv->main : sv;
    int was = atomic_load(&m->root_lower);
    while (lo > was && !atomic_compare_exchange_weak(&m->root_lower, &was, lo))
        ;
    was = atomic_load(&m->root_upper);
    while (hi < was && !atomic_compare_exchange_weak(&m->root_upper, &was, hi))
        ;
}

/* MTD(f): the value of g (not over) from a first guess, exact (depth
 * EXACT), or looking `depth` plies ahead (a guess for the next search). */
static int mtdf(sow_solver *sv, const sow_game *g, int guess, int depth)
{
    int lo = -INF, hi = INF, f = guess;
    while (lo < hi && !sv->failed) {
        int beta = f == lo ? f + 1 : f;
        int h = 0;
        const key k = sv_root_key(sv, g);
        if (sv->failed)
            return 0;
        f = sv_search(sv, g, k, 0, depth, beta - 1, beta, &h);
        if (sv->failed)
            return 0;
        if (f < beta)
            hi = f;
        else
            lo = f;
        if (depth == EXACT && sv->publish)
            publish_bounds(sv, lo, hi);
        /* (a line that ends at max_plies itself ends by the other rules:
         * the engine tests max_plies last) */
        if (depth == EXACT && g->ply + (long)h > sv->s->max_plies) {
            sow_error_set(sv->err, sv->s->v->path, 0, 0,
                          "the proof looks at lines of %d plies from ply "
                          "%d, past max_plies (%d), so the value could "
                          "depend on it; give a larger --option "
                          "max_plies=N if the variant has that option",
                          h, g->ply, sv->s->max_plies);
            return sv_fail(sv);
        }
    }
    return f;
}

static void begin(sow_solver *sv, const sow_engine *e, sow_error *err)
{
    sv->eng = *e;
    sv->eng.obs.on_event = NULL; /* nobody watches the solver's moves */
    sv->err = err;
    sv->failed = sv->abandoned = false;
    sv->cancel = NULL;
    sv->jobs = NULL;
    sv->positions = 0;
    atomic_store(&sv->shared_positions, 0);
    sv->t0 = sow_search_now();
    sv->next_report = sv->t0 + sv->every;
    memset(&sv->pr, 0, sizeof sv->pr);
    sv->pr.lower = -INF;
    sv->pr.upper = INF;
}


/* The exact internal value of g (over or not): the guesses of iterative
 * deepening, then MTD(f) to the games' ends from the last of them. */
static int exact(sow_solver *sv, const sow_game *g, int guess)
{
    if (g->over)
        return sv_finished(sv, g, EXACT);
    if (sv->rep != (sv->eng.hist != NULL)) { /* (the setup's engine) */
        sow_error_set(sv->err, NULL, 0, 0,
                      "sow solve needs the engine of the solver's setup");
        return sv_fail(sv);
    }
    for (int depth = 1; depth <= sv->guess_depth && !sv->failed; depth++)
        guess = mtdf(sv, g, guess, depth);
    return mtdf(sv, g, guess, EXACT);
}

int sow_solve_value_of(sow_solver *sv, sow_engine *e, const sow_game *g,
                       sow_solve_value *out, sow_error *err)
{
    begin(sv, e, err);
    int v = exact(sv, g, sv_base(sv, g));
    if (sv->failed)
        return SOW_ERR;
    *out = sv_value(sv, v);
    return SOW_OK;
}

/* ---- the root's moves, over threads ---------------------------------------- */

/* The moves of the root, taken by threads in order; a thread that finds
 * none left joins one still being solved (its searches share the table,
 * so each finds what the other proved), and the first to finish gives
 * the value: the others abandon it (sv->cancel) and take the next. With
 * the value only (sow_solver_set_value_only) there is one job, the root
 * itself, which every thread joins. */
struct root_jobs {
    pthread_mutex_t mu;
    const sow_game *root;
    int count;                       /* the jobs: the root's legal moves,
                                        or 1, the root itself */
    bool play;                       /* job i plays legal move i first */
    bool south;
    int state[SOW_MAX_LEGAL];        /* 0 waiting, 1 being solved, 2 done */
    int runners[SOW_MAX_LEGAL];
    atomic_int cancel[SOW_MAX_LEGAL]; /* 1: solved, or the solve failed */
    int value[SOW_MAX_LEGAL];
    int best, done;
    bool failed;
    sow_error err;                   /* the first failure */
    sow_solver *main;
};

/* The next move for a thread (-1: none left), under j->mu. */
static int pick(struct root_jobs *j)
{
    int join = -1;
    for (int i = 0; i < j->count && !j->failed; i++) {
        if (j->state[i] == 0)
            return i;
        if (j->state[i] == 1 &&
            (join < 0 || j->runners[i] < j->runners[join]))
            join = i;
    }
    return join;
}

/* What a thread found of move i (v, or its failure), under j->mu. */
static void settle(struct root_jobs *j, sow_solver *w, int i, int v)
{
    sow_solver *m = j->main;
    j->runners[i]--;
    if (w->failed && !w->abandoned && !j->failed) {
        j->failed = true;
        j->err = *w->err;
        for (int k = 0; k < j->count; k++)
            atomic_store(&j->cancel[k], 1);
    }
    if (w->failed || j->state[i] == 2)
        return;
    j->state[i] = 2;
    j->value[i] = v;
    atomic_store(&j->cancel[i], 1);
    if (j->done++ == 0 || (j->south ? v > j->best : v < j->best))
        j->best = v;
    atomic_store(&m->root_done, j->done);
    atomic_store(j->south ? &m->root_lower : &m->root_upper, j->best);
}

static void run_jobs(sow_solver *w, struct root_jobs *j)
{
    for (;;) {
        pthread_mutex_lock(&j->mu);
        const int i = pick(j);
        if (i >= 0) {
            j->state[i] = 1;
            j->runners[i]++;
        }
        const int guess = j->done ? j->best : sv_base(w, j->root);
        pthread_mutex_unlock(&j->mu);
        if (i < 0)
            return;
        w->failed = w->abandoned = false;
        w->cancel = &j->cancel[i];
        w->publish = !j->play; /* the root itself: its bounds */
        sow_game c = *j->root;
        int v = 0;
        const int hlen = w->rep ? sow_history_len(w->eng.hist) : 0;
        if (j->play && sow_engine_play(&w->eng, &c, j->root->legal[i],
                                       w->err))
            sv_fail(w);
        else
            v = exact(w, &c, guess);
        if (w->rep) /* the move's position, added by the engine */
            sow_history_pop(w->eng.hist,
                            sow_history_len(w->eng.hist) - hlen);
        w->publish = false;
        pthread_mutex_lock(&j->mu);
        settle(j, w, i, v);
        pthread_mutex_unlock(&j->mu);
    }
}

typedef struct thread_arg {
    sow_solver *w;
    struct root_jobs *j;
    sow_engine eng;   /* the thread's own engine (a script's state) */
    sow_error err;
} thread_arg;

static void *thread_main(void *p)
{
    thread_arg *a = p;
    run_jobs(a->w, a->j);
    return NULL;
}

/* A thread's solver with its own engine, as e's (false: none could be
 * made, and the main thread does without it). */
static bool thread_init(sow_solver *sv, const sow_engine *e, thread_arg *a,
                        struct root_jobs *j)
{
    a->j = j;
    if (!(a->w = sv_worker_new(sv)))
        return false;
    if (sow_engine_init(&a->eng, sv->s, &e->rules, &a->err)) {
        sow_solver_free(a->w);
        a->w = NULL;
        return false;
    }
    if (e->hist && (!a->eng.hist || sow_history_copy(a->eng.hist, e->hist))) {
        sow_engine_free(&a->eng); /* (the game's line: the rule's past) */
        sow_solver_free(a->w);
        a->w = NULL;
        return false;
    }
    sow_engine_set_budget(&a->eng, e->budget);
    a->w->eng = a->eng;
    a->w->eng.obs.on_event = NULL;
    a->w->err = &a->err;
    a->w->progress = NULL;
    return true;
}

/* Every move of g solved, its value into j->value (false: a failure, in
 * j->err). */
static bool solve_moves(sow_solver *sv, const sow_engine *e,
                        struct root_jobs *j)
{
    /* a script's hooks run in one Lua state, the rules' (e->rules.ctx),
     * which threads cannot share (two threads in it crashed the run):
     * one thread, the values being the same */
    const int nt = sv->s->v->script ? 1
                   : sv->threads > MAX_THREADS ? MAX_THREADS
                                               : sv->threads;
    thread_arg *ta = nt > 1 ? calloc((size_t)nt, sizeof *ta) : NULL;
    pthread_t tid[MAX_THREADS];
    bool started[MAX_THREADS] = {false};
    for (int t = 1; t < nt && ta; t++)
        if (thread_init(sv, e, &ta[t], j))
            started[t] = pthread_create(&tid[t], NULL, thread_main,
                                        &ta[t]) == 0;
    sow_error own;
    sow_error *caller = sv->err;
    sv->err = &own; /* the first failure of any thread goes to j->err */
    sv->jobs = j;
    run_jobs(sv, j);
    for (int t = 1; t < nt && ta; t++) {
        if (started[t])
            pthread_join(tid[t], NULL);
        if (ta[t].w) {
            sv->positions += ta[t].w->positions;
            sv->db_hits += ta[t].w->db_hits;
            sv->used += ta[t].w->used;
            sow_engine_free(&ta[t].eng);
            sow_solver_free(ta[t].w);
        }
    }
    free(ta);
    sv->err = caller;
    sv->jobs = NULL;
    sv->cancel = NULL;
    sv->abandoned = false;
    sv->failed = j->failed;
    if (j->failed)
        *caller = j->err;
    return !j->failed;
}

/* ---- the answer ---------------------------------------------------------------- */

/* The principal variation from g, whose exact value is v: at each
 * position the first move (the table's first) whose child has the
 * position's value. */
static void principal_line(sow_solver *sv, const sow_game *root, int v,
                           sow_solve_result *out)
{
    sow_game g = *root, c;
    out->npv = 0;
    while (!g.over && out->npv < SOW_SOLVE_PV_MAX && !sv->failed) {
        tt_entry te;
        const key k = sv_root_key(sv, &g);
        int first = !sv->failed && sv_tt_get(sv, k, &te) ? te.move : -1;
        int found = -1;
        /* under the repetition rule the line so far is the history of
         * each move tried (the engine adds it), the one kept included */
        const int hlen = sv->rep ? sow_history_len(sv->eng.hist) : 0;
        for (int pass = 0; pass < 2 && found < 0; pass++)
            for (int i = 0; i < g.nlegal && found < 0; i++) {
                if ((pass == 0) != (g.legal[i] == first))
                    continue;
                c = g;
                if (sv->rep)
                    sow_history_pop(sv->eng.hist,
                                    sow_history_len(sv->eng.hist) - hlen);
                if (sow_engine_play(&sv->eng, &c, g.legal[i], sv->err))
                    return (void)sv_fail(sv);
                if (exact(sv, &c, v) == v)
                    found = i;
            }
        if (found < 0 || sv->failed)
            return; /* (cannot be: v is the best child's value) */
        out->pv[out->npv++] = g.legal[found];
        g = c;
    }
}

/* The principal variation from g (principal_line), the engine's history
 * of the game put back as it was. */
static void principal(sow_solver *sv, const sow_game *root, int v,
                      sow_solve_result *out)
{
    const int hlen = sv->rep ? sow_history_len(sv->eng.hist) : 0;
    principal_line(sv, root, v, out);
    if (sv->rep)
        sow_history_pop(sv->eng.hist, sow_history_len(sv->eng.hist) - hlen);
}

int sow_solve(sow_solver *sv, sow_engine *e, const sow_game *g,
              sow_solve_result *out, sow_error *err)
{
    memset(out, 0, sizeof *out);
    begin(sv, e, err);
    if (g->over)
        return sow_error_set(err, NULL, 0, 0,
                             "ply %d: the game is over; there is nothing "
                             "to solve (give fewer moves)", g->ply);
    struct root_jobs *j = calloc(1, sizeof *j);
    if (!j)
        return sow_error_set(err, NULL, 0, 0, "out of memory");
    pthread_mutex_init(&j->mu, NULL);
    j->root = g;
    j->count = sv->value_only ? 1 : g->nlegal;
    j->play = !sv->value_only;
    j->south = g->to_move == 0;
    j->main = sv;
    atomic_store(&sv->root_done, 0);
    atomic_store(&sv->root_lower, -INF);
    atomic_store(&sv->root_upper, INF);
    sv->pr.moves = j->count;
    out->nmoves = sv->value_only ? 0 : g->nlegal;
    out->value_only = sv->value_only;
    const bool ok = solve_moves(sv, e, j);
    const int best = j->best;
    for (int i = 0; i < out->nmoves && ok; i++) {
        out->moves[i] = g->legal[i];
        out->move_value[i] = sv_value(sv, j->value[i]);
    }
    pthread_mutex_destroy(&j->mu);
    free(j);
    if (ok)
        principal(sv, g, best, out);
    if (sv->failed)
        return SOW_ERR;
    out->value = sv_value(sv, best);
    out->positions = sv->positions;
    out->seconds = sow_search_now() - sv->t0;
    return SOW_OK;
}

long sow_solve_rank(sow_solve_value v)
{
    long w = v.winner == 0 ? 1 : v.winner == 1 ? -1 : 0;
    return w * BIG + v.margin;
}

long long sow_solver_positions(const sow_solver *sv) { return sv->positions; }

int sow_solve_report(const sow_setup *s, sow_solve_value v)
{
    if (!s->no_score)
        return v.margin;
    return v.winner == 0 ? 1 : v.winner == 1 ? -1 : 0;
}
