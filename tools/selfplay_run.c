/* selfplay_run.c - many games between computer players on several threads
 * (see selfplay_run.h); used by sow selfplay and sow compare. */
#include "selfplay_run.h"
#include "sow_num.h"

#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "outfile.h"
#include "sow_buf.h"
#include "sow_record.h"

bool sp_flags_given(const flags_parsed *p)
{
    return flags_given(p, "games") || flags_given(p, "players") ||
           flags_given(p, "threads") || flags_given(p, "seed");
}

int sp_parse_players(const char *cmd, const char *players, sp_players *out)
{
    char buf[300];
    snprintf(buf, sizeof buf, "%s", players);
    char *comma = strchr(buf, ',');
    if (!comma || strchr(comma + 1, ',') || strlen(players) >= 256)
        return cli_usage(cmd, "--players takes two players A,B (South, "
                              "North), e.g. --players "
                              "alphabeta:depth=4,random, not '%s'",
                         players);
    *comma = 0;
    const char *txt[2] = {buf, comma + 1};
    for (int p = 0; p < 2; p++) {
        sow_error e;
        if (sow_player_spec_parse(txt[p], &out->spec[p], &e))
            return cli_usage(cmd, "--players: %s", e.msg);
        sow_player_spec_format(&out->spec[p], out->text[p],
                               sizeof out->text[p]);
    }
    return 0;
}

uint64_t sp_game_seed(uint64_t seed, long long i)
{
    return sow_game_seed(seed, i);
}

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* ---- the run -------------------------------------------------------------- */

typedef struct run {
    const sp_job *job;
    long long nlocal;          /* games of this shard */
    outfile out;               /* --jsonl */
    FILE *jsonl;               /* out.f, or NULL without --jsonl */
    /* shared while running */
    atomic_llong next, done;
    atomic_bool stop;
    pthread_mutex_t lock;
    char **pending;            /* --jsonl lines not yet written, by local
                                  index */
    long long next_write;
    long long err_index;       /* the first game that failed, or -1 */
    sow_error err;
    atomic_bool write_failed;  /* a --jsonl line was not written: the
                                  games stop (issue 13 #7) */
} run;

typedef struct worker {
    run *r;
    pthread_t tid;
    sow_stats st;
    sow_run_moments mom;
    int rc;
} worker;

static bool scripted_phase(const sow_setup *s, const sow_game *g)
{
    return g->phase && g->phase <= s->v->nphases &&
           s->v->phases[g->phase - 1].scripted;
}

/* Play game gi; its numbers to *gs, its --jsonl line (if wanted) to
 * *line. */
static int play_game(run *r, cli_game *cg, sow_player *pl[2], long long gi,
                     sow_game_stat *gs, sow_buf *line, sow_error *err)
{
    const sow_setup *s = &cg->setup;
    const sp_players *sp = r->job->players;
    uint64_t gseed = sp_game_seed(r->job->seed, gi);
    sow_player_seed(pl[0], sow_mix64(gseed ^ 1));
    sow_player_seed(pl[1], sow_mix64(gseed ^ 2));
    memset(gs, 0, sizeof *gs);
    gs->first_mover = -1;
    sow_match m;
    sow_game g;
    sow_buf mv = {0};
    long long cap[2] = {0, 0};
    if (sow_match_start(&cg->eng, &m, &g, err))
        return SOW_ERR;
    int rc = SOW_OK;
    for (;;) {
        while (!g.over) {
            for (uint64_t b = g.endless_mask; b; b &= b - 1)
                gs->endless_excluded++;
            sow_move move;
            if ((rc = sow_player_move(pl[g.to_move], &cg->eng, &g, &move,
                                      NULL, err)))
                goto out;
            int mover = g.to_move;
            int32_t had = g.captured[mover];
            if (gs->first_mover < 0 && gs->games == 0 &&
                !sow_move_is_decision(move) && !scripted_phase(s, &g))
                gs->first_mover = mover;
            if ((rc = sow_engine_play(&cg->eng, &g, move, err)))
                goto out;
            gs->capture_moves += g.captured[mover] > had;
            if (line) {
                char tok[64];
                sow_move_format(tok, sizeof tok, s, move);
                sow_buf_add(&mv, "%s%s", mv.len ? " " : "", tok);
            }
        }
        gs->games++;
        gs->plies += g.ply;
        gs->captured += g.captured[0] + g.captured[1];
        cap[0] += g.captured[0];
        cap[1] += g.captured[1];
        if (!s->match) {
            gs->winner = g.result.winner;
            gs->unfinished = g.result.unfinished;
            break;
        }
        if ((rc = sow_match_next(&cg->eng, &m, &g, err)))
            goto out;
        if (m.over) {
            gs->winner = m.winner;
            gs->unfinished = m.unfinished;
            break;
        }
    }
    if (line) {
        char why[160];
        sow_buf_add(line,
               "{\"game\":%lld,\"seed\":%llu,\"players\":[\"%s\",\"%s\"],"
               "\"result\":{\"winner\":",
               gi, (unsigned long long)gseed, sp->text[0], sp->text[1]);
        if (gs->winner < 0)
            sow_buf_add(line, "null");
        else
            sow_buf_add(line, "%d", gs->winner);
        if (s->match) {
            sow_buf_add(line, ",\"unfinished\":%s,\"reason\":\"%s\",\"games\":%lld}",
                   gs->unfinished ? "true" : "false", m.reason, gs->games);
        } else {
            sow_buf_add(line, ",\"unfinished\":%s,\"reason\":\"%s\",\"score\":",
                   gs->unfinished ? "true" : "false",
                   sow_result_text(s, &g, why, sizeof why));
            if (g.result.has_score)
                sow_buf_add(line, "[%d,%d]}", g.result.score[0],
                       g.result.score[1]);
            else
                sow_buf_add(line, "null}");
        }
        sow_buf_add(line,
               ",\"first_mover\":%d,\"plies\":%lld,\"captured\":[%lld,%lld],"
               "\"moves\":\"%s\"}\n",
               gs->first_mover, gs->plies, cap[0], cap[1],
               mv.s ? mv.s : "");
        if (line->oom || mv.oom)
            rc = sow_error_set(err, NULL, 0, 0, "out of memory");
    }
out:
    sow_buf_free(&mv);
    return rc;
}

static void fail_game(run *r, long long gi, const sow_error *e)
{
    pthread_mutex_lock(&r->lock);
    if (r->err_index < 0 || gi < r->err_index) {
        r->err_index = gi;
        r->err = *e;
    }
    pthread_mutex_unlock(&r->lock);
    atomic_store(&r->stop, true);
}

/* Hand the line of local game k to the writer: lines go out in order. */
static void write_line(run *r, long long k, char *text)
{
    pthread_mutex_lock(&r->lock);
    r->pending[k] = text;
    while (r->next_write < r->nlocal && r->pending[r->next_write]) {
        char *t = r->pending[r->next_write];
        if (!atomic_load(&r->write_failed) && fputs(t, r->jsonl) == EOF)
            atomic_store(&r->write_failed, true);
        free(t);
        r->pending[r->next_write++] = NULL;
    }
    pthread_mutex_unlock(&r->lock);
}

static void *work(void *arg)
{
    worker *w = arg;
    run *r = w->r;
    const sp_job *job = r->job;
    cli_game cg;
    sow_error err;
    sow_player *pl[2] = {NULL, NULL};
    w->rc = 0;
    if (cli_open(&cg, job->variant, job->o, &err)) {
        fail_game(r, -1, &err);
        w->rc = 1;
        return NULL;
    }
    for (int p = 0; p < 2; p++)
        if (!(pl[p] = sow_player_new(&job->players->spec[p], &cg.setup, 0,
                                     &err))) {
            fail_game(r, -1, &err);
            w->rc = 1;
            goto done;
        }
    while (!atomic_load(&r->stop) && !atomic_load(&r->write_failed)) {
        long long k = atomic_fetch_add(&r->next, 1);
        if (k >= r->nlocal)
            break;
        long long gi = job->shard_i + k * job->shard_n;
        sow_game_stat gs;
        sow_buf line = {0};
        if (play_game(r, &cg, pl, gi, &gs, r->jsonl ? &line : NULL, &err) ||
            sow_stats_add(&w->st, &gs, &err)) {
            free(line.s);
            fail_game(r, gi, &err);
            w->rc = 1;
            break;
        }
        sow_run_moments_add(&w->mom, &gs);
        if (r->jsonl)
            write_line(r, k, line.s);
        atomic_fetch_add(&r->done, 1);
    }
done:
    sow_player_free(pl[0]);
    sow_player_free(pl[1]);
    cli_close(&cg);
    return NULL;
}

static void progress(run *r, double t0, bool final)
{
    long long d = atomic_load(&r->done);
    int width = 30;
    int fill = r->nlocal ? (int)(width * d / r->nlocal) : width;
    char bar[64];
    for (int i = 0; i < width; i++)
        bar[i] = i < fill ? '#' : '.';
    bar[width] = 0;
    double el = now() - t0;
    fprintf(stderr, "\r%s [%s] %lld/%lld games %.1f s", r->job->label, bar, d,
            r->nlocal, el);
    if (final)
        fprintf(stderr, "\n");
    fflush(stderr);
}

/* Open the --jsonl file (outfile.h) and the table of pending lines. */
static int open_jsonl(run *r)
{
    const sp_job *job = r->job;
    if (outfile_open(&r->out, job->cmd, job->jsonl))
        return 1;
    r->jsonl = r->out.f;
    r->pending = calloc((size_t)(r->nlocal ? r->nlocal : 1),
                        sizeof *r->pending);
    if (!r->pending) {
        outfile_close(&r->out, false);
        fprintf(stderr, "sow %s: out of memory for --jsonl\n", job->cmd);
        return 1;
    }
    return 0;
}

/* Close the --jsonl file: put in place when all went well (rc 0), else
 * thrown away. Returns the new rc: 1 after a write error, which
 * outfile_close has said. */
static int close_jsonl(run *r, int rc)
{
    for (long long k = 0; k < r->nlocal; k++)
        free(r->pending[k]);
    free(r->pending);
    r->jsonl = NULL;
    return outfile_close(&r->out, rc == 0) ? 1 : rc;
}

int sp_run(const sp_job *job, sp_done *out)
{
    memset(out, 0, sizeof *out);
    /* open the variant once here: errors before any thread, and the
     * description of the run */
    cli_game cg;
    sow_error err;
    if (cli_open(&cg, job->variant, job->o, &err)) {
        cli_error(job->cmd, &err);
        return 1;
    }
    sow_stats *total = &out->total;
    sow_stats_init(total);
    const char *names[2] = {job->players->text[0], job->players->text[1]};
    int rc = sow_stats_describe(total, cg.v->id, cg.v, &cg.opts, names,
                                job->seed, job->games, cg.setup.match,
                                job->shard_i, job->shard_n, &err);
    cli_close(&cg);
    if (rc) {
        cli_error(job->cmd, &err);
        sow_stats_free(total);
        return 1;
    }
    static run r; /* large; one run at a time */
    memset(&r, 0, sizeof r);
    r.job = job;
    r.nlocal = job->shard_i < job->games
                   ? (job->games - job->shard_i + job->shard_n - 1) /
                         job->shard_n
                   : 0;
    r.err_index = -1;
    if (job->jsonl && open_jsonl(&r)) {
        sow_stats_free(total);
        return 1;
    }
    long long threads = job->threads;
    if (threads == 0) {
        /* --threads 0: every core this process may run on */
        long cores = sysconf(_SC_NPROCESSORS_ONLN);
        threads = cores < 1 ? 1 : cores > SP_MAX_THREADS ? SP_MAX_THREADS
                                                         : cores;
    }
    if (threads > r.nlocal && r.nlocal > 0)
        threads = r.nlocal;
    out->threads = (int)threads;
    pthread_mutex_init(&r.lock, NULL);
    worker *w = calloc((size_t)threads, sizeof *w);
    rc = w ? 0 : 1;
    bool bar = isatty(STDERR_FILENO);
    double t0 = now();
    int started = 0;
    for (int k = 0; !rc && k < threads; k++) {
        w[k].r = &r;
        sow_stats_init(&w[k].st);
        if (pthread_create(&w[k].tid, NULL, work, &w[k])) {
            sow_error_set(&r.err, NULL, 0, 0, "cannot start thread %d of %lld",
                          k + 1, threads);
            r.err_index = -1;
            atomic_store(&r.stop, true);
            rc = 1;
            break;
        }
        started++;
    }
    if (bar && started) {
        while (atomic_load(&r.done) < r.nlocal && !atomic_load(&r.stop) &&
               !atomic_load(&r.write_failed)) {
            progress(&r, t0, false);
            struct timespec ts = {0, 100 * 1000 * 1000};
            nanosleep(&ts, NULL);
        }
    }
    for (int k = 0; k < started; k++) {
        pthread_join(w[k].tid, NULL);
        if (w[k].rc)
            rc = 1;
    }
    out->seconds = now() - t0;
    if (bar && started)
        progress(&r, t0, true);
    if (!rc && atomic_load(&r.stop))
        rc = 1;
    for (int k = 0; !rc && k < started; k++) {
        if (sow_stats_add_totals(total, &w[k].st, &err)) {
            r.err = err;
            r.err_index = -1;
            rc = 1;
        }
        sow_run_moments_merge(&out->mom, &w[k].mom);
    }
    for (int k = 0; w && k < started; k++)
        sow_stats_free(&w[k].st);
    free(w);
    pthread_mutex_destroy(&r.lock);
    if (r.jsonl && close_jsonl(&r, rc) && !rc) {
        /* a write error, said by outfile_close */
        sow_stats_free(total);
        return 1;
    }
    if (rc) {
        if (r.err_index >= 0) {
            /* which game, then the error with its place */
            char msg[SOW_PATH_MAX + SOW_MSG_MAX + 64];
            sow_error_format(&r.err, msg, sizeof msg);
            fprintf(stderr, "sow %s: game %lld (seed %llu): %s\n", job->cmd,
                    r.err_index,
                    (unsigned long long)sp_game_seed(job->seed, r.err_index),
                    msg);
        } else {
            cli_error(job->cmd, &r.err);
        }
        sow_stats_free(total);
        return 1;
    }
    return 0;
}
