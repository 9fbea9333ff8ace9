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
#include "sow/version.h"
#include "sow_buf.h"
#include "sow_record.h"
#include "sow_text.h"
#include "stop.h"

int sp_flags_check(const char *cmd, sp_flags *f)
{
    f->shard_i = 0;
    f->shard_n = 1;
    if (!f->shard)
        return 0;
    char buf[64];
    snprintf(buf, sizeof buf, "%s", f->shard);
    char *slash = strchr(buf, '/');
    if (slash)
        *slash = 0;
    if (!slash || sow_parse_long(buf, 0, SOW_STATS_MAX_SHARDS, &f->shard_i) ||
        sow_parse_long(slash + 1, 1, SOW_STATS_MAX_SHARDS, &f->shard_n) ||
        f->shard_i >= f->shard_n)
        return cli_usage(cmd, "--shard takes I/N with 0 <= I < N, e.g. "
                              "--shard 0/4, not '%s'",
                         f->shard);
    return 0;
}

bool sp_flags_given(const flags_parsed *p)
{
    return flags_given(p, "games") || flags_given(p, "players") ||
           flags_given(p, "threads") || flags_given(p, "seed") ||
           flags_given(p, "shard");
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

/* ---- the run -------------------------------------------------------------- */

/* What one game leaves for the files, until its turn to be written (the
 * files are in game order; games finish in any order). */
typedef struct game_lines {
    char *jsonl, *csv;
} game_lines;

typedef struct run {
    const sp_job *job;
    long long nlocal;          /* games of this shard */
    outfile out, csv;          /* --jsonl, --csv */
    bool has_jsonl, has_csv;
    /* shared while running */
    atomic_llong next, done;
    atomic_bool stop;
    pthread_mutex_t lock;
    game_lines **pending;      /* lines not yet written, by local index
                                  (NULL without --jsonl and --csv) */
    long long next_write;
    long long last_done;       /* the highest local index finished, or -1 */
    long long err_index;       /* the first game that failed, or -1 */
    sow_error err;
    atomic_bool write_failed;  /* a line was not written: the games stop
                                  (issue 13 #7) */
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

/* Seeds a move takes to sow them again (C2.6: such captures stay on the
 * board, so `captured` does not count them): the opponent's holes the
 * move lifts (IS.5, MW.6, HU.5), or the captures sown from a kichwa
 * (BK.6), counted from its events. Attached only for variants whose
 * captures are sown again. */
typedef struct take_tally {
    const sow_game *g; /* the game being played (its owners) */
    bool ends;         /* captures are CAPTURE events, then sown (BK.6) */
    long long seeds;
} take_tally;

static void on_take(void *ctx, const sow_event *ev)
{
    take_tally *t = ctx;
    if (ev->hole < 0)
        return;
    if (ev->kind == SOW_EV_LIFT ? t->g->owner[ev->hole] != ev->player
                                : ev->kind == SOW_EV_CAPTURE && t->ends)
        t->seeds += ev->count;
}

/* Whether the captured seeds are sown again: some lap-end rule in force
 * resows them, or turns sow them from a kichwa. */
static bool captures_resown(const sow_setup *s)
{
    for (int i = 0; i < s->v->nlap_rules; i++)
        if (((s->lap_rules_on >> i) & 1) && s->v->lap_rules[i].resow)
            return true;
    return s->ends_turns != 0;
}

/* How game gi went, as the --jsonl and --csv lines say it. */
typedef struct game_end {
    long long gi;
    uint64_t seed;
    const char *reason;        /* the end, as the record says it */
    bool has_score;
    int score[2];
    long long cap[2];
} game_end;

/* The --jsonl line: the record's names and values (docs/record.md: winner
 * null, the result's fields, moves as tokens), the seed a string (64
 * bits; a JSON reader keeps a number exactly only below 2^53). */
static void jsonl_line(sow_buf *line, const sp_players *sp, bool match,
                       const sow_game_stat *gs, const game_end *e,
                       const sow_buf *moves, const char *names)
{
    sow_buf_add(line, "{\"game\":%lld,\"seed\":\"%llu\",\"players\":[\"",
                e->gi, (unsigned long long)e->seed);
    sow_text_escape(sp->text[0], SOW_ESC_JSON, sow_buf_put, line);
    sow_buf_add(line, "\",\"");
    sow_text_escape(sp->text[1], SOW_ESC_JSON, sow_buf_put, line);
    sow_buf_add(line, "\"],\"result\":{\"winner\":");
    sow_record_player(line, gs->winner);
    sow_buf_add(line, ",\"unfinished\":%s,\"reason\":\"",
                gs->unfinished ? "true" : "false");
    /* a match's reason is the script's text */
    sow_text_escape(e->reason, SOW_ESC_JSON, sow_buf_put, line);
    if (match)
        sow_buf_add(line, "\",\"games\":%lld}", gs->games);
    else if (e->has_score)
        sow_buf_add(line, "\",\"score\":[%d,%d]}", e->score[0], e->score[1]);
    else
        sow_buf_add(line, "\",\"score\":null}");
    sow_buf_add(line, ",\"first_mover\":");
    sow_record_player(line, gs->first_mover);
    /* the game's names last, as a record's first line has them
     * (docs/record.md, Which game) */
    sow_buf_add(line, ",\"plies\":%lld,\"captured\":[%lld,%lld],\"moves\":[%s]%s}\n",
                gs->plies, e->cap[0], e->cap[1], moves->s ? moves->s : "",
                names ? names : "");
}

/* The --csv header and rows: one game a row, for spreadsheets and
 * pandas; text fields quoted (RFC 4180), numbers bare, a missing value
 * (no winner, no score, no first mover) empty. */
#define CSV_HEADER                                                          \
    "game,seed,south,north,winner,unfinished,reason,south_score,"           \
    "north_score,plies,first_mover,south_captured,north_captured,games\n"

static void csv_text(sow_buf *row, const char *text, const char *after)
{
    sow_buf_add(row, "\"");
    sow_text_escape(text, SOW_ESC_CSV, sow_buf_put, row);
    sow_buf_add(row, "\"%s", after);
}

static void csv_row(sow_buf *row, const sp_players *sp,
                    const sow_game_stat *gs, const game_end *e)
{
    sow_buf_add(row, "%lld,%llu,", e->gi, (unsigned long long)e->seed);
    csv_text(row, sp->text[0], ",");
    csv_text(row, sp->text[1], ",");
    if (gs->winner >= 0)
        sow_buf_add(row, "%d", gs->winner);
    sow_buf_add(row, ",%s,", gs->unfinished ? "true" : "false");
    csv_text(row, e->reason, ",");
    if (e->has_score)
        sow_buf_add(row, "%d,%d", e->score[0], e->score[1]);
    else
        sow_buf_add(row, ",");
    sow_buf_add(row, ",%lld,", gs->plies);
    if (gs->first_mover >= 0)
        sow_buf_add(row, "%d", gs->first_mover);
    sow_buf_add(row, ",%lld,%lld,%lld\n", e->cap[0], e->cap[1], gs->games);
}

/* Play game gi; its numbers to *gs, its lines (if wanted) to *lines. A
 * signal (stop.h) ends it between two moves, as an error: the game is
 * dropped. */
static int play_game(run *r, cli_game *cg, sow_player *pl[2], const char *names, long long gi,
                     sow_game_stat *gs, game_lines *lines, sow_error *err)
{
    const sow_setup *s = &cg->setup;
    const sp_players *sp = r->job->players;
    game_end e = {gi, sp_game_seed(r->job->seed, gi), "", false, {0, 0},
                  {0, 0}};
    sow_player_seed(pl[0], sow_mix64(e.seed ^ 1));
    sow_player_seed(pl[1], sow_mix64(e.seed ^ 2));
    memset(gs, 0, sizeof *gs);
    gs->first_mover = -1;
    sow_match m;
    sow_game g;
    sow_buf mv = {0};
    const bool resown = captures_resown(s);
    if (sow_match_start(&cg->eng, &m, &g, err))
        return SOW_ERR;
    int rc = SOW_OK;
    for (;;) {
        while (!g.over) {
            if (stop_signal()) {
                rc = sow_error_set(err, NULL, 0, 0, "stopped");
                goto out;
            }
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
            const bool jl = lines && r->has_jsonl;
            if (jl && mv.len)
                sow_buf_add(&mv, ",");
            if (jl && sow_move_is_turn(move)) /* C2.3: before it is played */
                sow_record_turn(&mv, s, &g, move);
            take_tally took = {&g, s->ends_turns != 0, 0};
            if (resown) /* (the players' searches ran without it) */
                cg->eng.obs = (sow_observer){&took, on_take, false};
            rc = sow_engine_play(&cg->eng, &g, move, err);
            cg->eng.obs = (sow_observer){0};
            if (rc)
                goto out;
            gs->capture_moves += g.captured[mover] > had || took.seeds > 0;
            gs->captured += took.seeds;
            if (jl && !sow_move_is_turn(move))
                sow_record_token(&mv, s, move);
        }
        gs->games++;
        gs->plies += g.ply;
        gs->captured += g.captured[0] + g.captured[1];
        e.cap[0] += g.captured[0];
        e.cap[1] += g.captured[1];
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
    if (lines) {
        char why[160];
        e.reason = s->match ? m.reason
                            : sow_result_text(s, &g, why, sizeof why);
        e.has_score = !s->match && g.result.has_score;
        e.score[0] = g.result.score[0];
        e.score[1] = g.result.score[1];
        sow_buf jl = {0}, row = {0};
        if (r->has_jsonl)
            jsonl_line(&jl, sp, s->match, gs, &e, &mv, names);
        if (r->has_csv)
            csv_row(&row, sp, gs, &e);
        lines->jsonl = jl.s;
        lines->csv = row.s;
        if (jl.oom || row.oom || mv.oom) {
            sow_buf_free(&jl);
            sow_buf_free(&row);
            lines->jsonl = lines->csv = NULL;
            rc = sow_error_set(err, NULL, 0, 0, "out of memory");
        }
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

/* Write the lines of local game k and free them. */
static void put_lines(run *r, game_lines *l)
{
    if (!atomic_load(&r->write_failed) &&
        ((l->jsonl && fputs(l->jsonl, r->out.f) == EOF) ||
         (l->csv && fputs(l->csv, r->csv.f) == EOF)))
        atomic_store(&r->write_failed, true);
    free(l->jsonl);
    free(l->csv);
    free(l);
}

/* Hand the lines of local game k to the writer: lines go out in order. */
static void write_lines(run *r, long long k, game_lines *l)
{
    pthread_mutex_lock(&r->lock);
    r->pending[k] = l;
    if (k > r->last_done)
        r->last_done = k;
    while (r->next_write < r->nlocal && r->pending[r->next_write]) {
        put_lines(r, r->pending[r->next_write]);
        r->pending[r->next_write++] = NULL;
    }
    pthread_mutex_unlock(&r->lock);
}

/* After a stop: the lines of the games finished beyond a game that was
 * cut off, still in game order (the files then skip the games cut). */
static void write_rest(run *r)
{
    for (long long k = r->next_write; k <= r->last_done; k++)
        if (r->pending[k]) {
            put_lines(r, r->pending[k]);
            r->pending[k] = NULL;
        }
    r->next_write = r->last_done + 1;
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
    /* a signal stops a long search or script too, within a few plies */
    cg.budget.stop = stop_flag();
    sow_buf names = {0}; /* freed at done: declared before the first goto */
    for (int p = 0; p < 2; p++)
        if (!(pl[p] = sow_player_new(&job->players->spec[p], &cg.setup, 0,
                                     &err))) {
            fail_game(r, -1, &err);
            w->rc = 1;
            goto done;
        }
    /* each --jsonl line names its game: the digest is read once */
    char digest[SOW_RECORD_DIGEST_MAX];
    if (r->has_jsonl) {
        if (sow_record_digest(cg.setup.v, digest, &err)) {
            fail_game(r, -1, &err);
            w->rc = 1;
            goto done;
        }
        sow_record_names(&names, &cg.setup, digest);
    }
    while (!atomic_load(&r->stop) && !atomic_load(&r->write_failed) &&
           !stop_signal()) {
        long long k = atomic_fetch_add(&r->next, 1);
        if (k >= r->nlocal)
            break;
        long long gi = job->shard_i + k * job->shard_n;
        sow_game_stat gs;
        game_lines *lines = NULL;
        if (r->pending && !(lines = calloc(1, sizeof *lines))) {
            sow_error_set(&err, NULL, 0, 0, "out of memory");
            fail_game(r, gi, &err);
            w->rc = 1;
            break;
        }
        if (play_game(r, &cg, pl, names.s, gi, &gs, lines, &err)) {
            free(lines);
            if (stop_signal())
                break; /* cut off by the signal: not a failure */
            fail_game(r, gi, &err);
            w->rc = 1;
            break;
        }
        if (sow_stats_add(&w->st, &gs, &err)) {
            if (lines) {
                free(lines->jsonl);
                free(lines->csv);
                free(lines);
            }
            fail_game(r, gi, &err);
            w->rc = 1;
            break;
        }
        sow_run_moments_add(&w->mom, &gs);
        if (lines)
            write_lines(r, k, lines);
        atomic_fetch_add(&r->done, 1);
    }
done:
    sow_buf_free(&names);
    sow_player_free(pl[0]);
    sow_player_free(pl[1]);
    cli_close(&cg);
    return NULL;
}

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* A duration for people: "42 s", "3 min 05 s", "2 h 07 min". */
static void duration(char *buf, size_t size, double sec)
{
    long long s = (long long)(sec + 0.5);
    if (s < 60)
        snprintf(buf, size, "%lld s", s);
    else if (s < 3600)
        snprintf(buf, size, "%lld min %02lld s", s / 60, s % 60);
    else
        snprintf(buf, size, "%lld h %02lld min", s / 3600, s / 60 % 60);
}

/* "ETA 3 min 05 s" from the rate so far, or "ETA ?" before any game. */
static void eta(char *buf, size_t size, long long d, long long n, double el)
{
    char t[48];
    if (d <= 0 || el <= 0) {
        snprintf(buf, size, "ETA ?");
        return;
    }
    duration(t, sizeof t, (double)(n - d) * el / (double)d);
    snprintf(buf, size, "ETA %s", t);
}

/* On a terminal: a bar redrawn in place. */
static void progress_bar(run *r, double t0, bool final)
{
    long long d = atomic_load(&r->done);
    int width = 30;
    int fill = r->nlocal ? (int)(width * d / r->nlocal) : width;
    char bar[64], left[64];
    for (int i = 0; i < width; i++)
        bar[i] = i < fill ? '#' : '.';
    bar[width] = 0;
    double el = now() - t0;
    eta(left, sizeof left, d, r->nlocal, el);
    /* spaces at the end: over what a longer ETA left on the line */
    fprintf(stderr, "\r%s [%s] %lld/%lld games %.1f s, %-22s",
            r->job->label, bar, d, r->nlocal, el,
            final ? "done" : left);
    if (final)
        fprintf(stderr, "\n");
    fflush(stderr);
}

/* --progress: one whole line, for a log (the end says how it ended). */
static void progress_line(run *r, double t0, const char *end)
{
    long long d = atomic_load(&r->done);
    double el = now() - t0;
    char left[64];
    eta(left, sizeof left, d, r->nlocal, el);
    fprintf(stderr, "sow %s: %lld/%lld games (%.1f%%), %.1f s, %.1f "
                    "games/s, %s\n",
            r->job->label, d, r->nlocal,
            r->nlocal ? 100.0 * (double)d / (double)r->nlocal : 100.0, el,
            el > 0 ? (double)d / el : 0.0, end ? end : left);
    fflush(stderr);
}

/* Open --jsonl and --csv (outfile.h) and the table of pending lines. */
static int open_files(run *r)
{
    const sp_job *job = r->job;
    if (job->jsonl && outfile_open(&r->out, job->cmd, job->jsonl))
        return 1;
    r->has_jsonl = job->jsonl != NULL;
    if (job->csv && outfile_open(&r->csv, job->cmd, job->csv)) {
        if (r->has_jsonl)
            outfile_close(&r->out, false);
        r->has_jsonl = false;
        return 1;
    }
    r->has_csv = job->csv != NULL;
    if (r->has_csv)
        fputs(CSV_HEADER, r->csv.f);
    r->pending = calloc((size_t)(r->nlocal ? r->nlocal : 1),
                        sizeof *r->pending);
    if (!r->pending) {
        if (r->has_jsonl)
            outfile_close(&r->out, false);
        if (r->has_csv)
            outfile_close(&r->csv, false);
        r->has_jsonl = r->has_csv = false;
        fprintf(stderr, "sow %s: out of memory for the lines of %lld "
                        "games (--jsonl, --csv); play fewer at a time "
                        "(--shard)\n",
                job->cmd, r->nlocal);
        return 1;
    }
    return 0;
}

/* Close the files: put in place when all went well (rc 0), else thrown
 * away. Returns the new rc: 1 after a write error, which outfile_close
 * has said. */
static int close_files(run *r, int rc)
{
    if (!r->pending)
        return rc;
    for (long long k = 0; k < r->nlocal; k++)
        if (r->pending[k]) {
            free(r->pending[k]->jsonl);
            free(r->pending[k]->csv);
            free(r->pending[k]);
        }
    free(r->pending);
    r->pending = NULL;
    if (r->has_jsonl && outfile_close(&r->out, rc == 0))
        rc = 1;
    if (r->has_csv && outfile_close(&r->csv, rc == 0))
        rc = 1;
    return rc;
}

/* Wait for the workers, drawing the progress meanwhile. */
static void watch(run *r, double t0, bool bar, double every)
{
    double next = t0 + every;
    while ((bar || every > 0) && atomic_load(&r->done) < r->nlocal &&
           !atomic_load(&r->stop) && !atomic_load(&r->write_failed) &&
           !stop_signal()) {
        if (bar)
            progress_bar(r, t0, false);
        if (every > 0 && now() >= next) {
            progress_line(r, t0, NULL);
            next += every;
        }
        struct timespec ts = {0, 100 * 1000 * 1000};
        nanosleep(&ts, NULL);
    }
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
    /* shards of different builds are told apart (sow stats) */
    snprintf(total->sow_version, sizeof total->sow_version, "%s",
             SOW_VERSION_STRING);
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
    r.last_done = -1;
    if ((job->jsonl || job->csv) && open_files(&r)) {
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
    /* the bar on a terminal; --progress asks for lines instead */
    bool bar = isatty(STDERR_FILENO) && job->progress <= 0;
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
    if (started)
        watch(&r, t0, bar, job->progress);
    for (int k = 0; k < started; k++) {
        pthread_join(w[k].tid, NULL);
        if (w[k].rc)
            rc = 1;
    }
    out->seconds = now() - t0;
    out->signal = stop_signal();
    total->interrupted = out->signal && atomic_load(&r.done) < r.nlocal;
    if (bar && started)
        progress_bar(&r, t0, true);
    if (job->progress > 0 && started) {
        char end[64];
        snprintf(end, sizeof end, "%s%s",
                 total->interrupted ? "interrupted by " : "done",
                 total->interrupted ? stop_name(out->signal) : "");
        progress_line(&r, t0, end);
    }
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
    if (!rc && total->interrupted && r.pending)
        write_rest(&r);
    if (close_files(&r, rc) && !rc) {
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
    if (total->interrupted)
        fprintf(stderr, "sow %s: stopped by %s after %lld of %lld games; "
                        "the summary covers those\n",
                job->label, stop_name(out->signal), total->games,
                r.nlocal);
    return 0;
}
