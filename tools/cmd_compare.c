/* cmd_compare.c - `sow compare VARIANT --a "NAME=VALUE ..." --b "..."`: two
 * readings of a variant side by side: the command, its flags and the two
 * readings, and the statistics.
 *
 * Statistics: both readings play the same games (the same seeds and
 * players, by selfplay_run.c) and every statistic of the selfplay summary
 * is shown for each, with the difference and its test (sow_compare.h);
 * --svg draws the game-length distributions (sow_plot.h).
 *
 * --moves: one move list under both readings (compare_moves.c); --exact:
 * the exact values of one position under both (compare_exact.c). */
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "compare_int.h"
#include "flags.h"
#include "outfile.h"
#include "selfplay_run.h"
#include "stop.h"
#include "sow_compare.h"
#include "sow_plot.h"
#include "sow_record.h"

static void help(void)
{
    printf(
        "usage: sow compare VARIANT --a \"NAME=VALUE ...\" --b \"NAME=VALUE "
        "...\"\n"
        "                   [--games N] [--players A,B] [--threads T] "
        "[--seed S]\n"
        "                   [--shard I/N] [--svg FILE] [--json] "
        "[--progress[=S]]\n"
        "                   [--option NAME=VALUE]...\n"
        "       sow compare VARIANT --a \"...\" --b \"...\" --moves "
        "\"TOKENS\" [--option ...]\n"
        "       sow compare VARIANT --a \"...\" --b \"...\" --exact "
        "[--moves \"TOKENS\"] [--json]\n"
        "                   [--memory MIB] [--trust-script] [--option "
        "...]\n\n"
        "Two readings of a variant: A is the variant with the --option "
        "values and then\nthe options of --a, B the same with those of --b "
        "(options separated by\nspaces or commas; either may be left out: "
        "the defaults).\n\n"
        "Without --moves, both readings play N games (default 100) of "
        "player A\n(South) against player B (North), default random,random, "
        "game i with the\nsame seed under both (as sow selfplay, whose "
        "flags these are; --threads 0:\nevery core), and every\nstatistic of the selfplay summary is "
        "shown for A and B with the difference\nB - A and whether it is "
        "significant at 95%% (two-sided): rates by the\ntwo-proportion "
        "z-test, means (plies, captures, endless moves per game) by\n"
        "Welch's t-test; medians and maxima are not tested.\n\n"
        "--svg FILE   draw the game-length distributions of both readings "
        "(an SVG\n"
        "             histogram of each, written to a new file beside FILE "
        "and renamed\n"
        "             over it; a FIFO or a device is written to as it is; "
        "'-': standard\n"
        "             output, after the comparison)\n"
        "--json       the comparison as one JSON object: both summaries "
        "(as selfplay\n"
        "             --json) and the tests\n\n"
        "With --moves (tokens as sow replay takes them: hole numbers or "
        "labels,\ndecisions), replay the move list under both readings and "
        "show "
        "the first\nply where they part: a token legal under one reading "
        "and not the other, or\na different board, captures, player to "
        "move, legal moves or result after\nthe same ply; both boards, "
        "captures and legal moves there; the options that\ndiffer with "
        "their documentation and the rule texts it cites; and, when\n"
        "several options differ, which of them alone makes the difference. "
        "A token\nillegal under both readings is an error (exit 1).\n\n"
        "With --exact, solve the position (the start, or the one after "
        "--moves) under\nboth readings (as sow solve: perfect play, the "
        "whole game searched, so\nsmall boards only) and show the two "
        "values and the value of every legal\nmove side by side; --json "
        "gives one object with both. --memory MIB sizes\neach solver's "
        "table (default 256); --trust-script solves a variant with a\n"
        "script (you vouch that its hooks keep no hidden state).\n\n");
    printf(SP_LONG_RUN_HELP);
    printf("\n" CLI_TIME_LIMIT_HELP);
}

/* ---- the two option lists ---------------------------------------------- */

/* base + the words of text. Returns 0, or 2 after a usage error. */
static int make_reading(reading *r, const char *name, const char *flag,
                        const cli_opts *base, const char *text)
{
    r->name = name;
    r->given = text ? text : "";
    r->o = *base;
    r->buf = strdup(r->given);
    if (!r->buf) {
        fprintf(stderr, "sow %s: out of memory\n", C);
        return 1;
    }
    char *save = NULL;
    for (char *w = strtok_r(r->buf, " \t\n,", &save); w;
         w = strtok_r(NULL, " \t\n,", &save)) {
        if (!strchr(w, '='))
            return cli_usage(C, "%s takes options NAME=VALUE separated by "
                                "spaces, e.g. %s \"endless=repetition\", "
                                "not '%s'",
                             flag, flag, w);
        if (r->o.n >= CLI_MAX_OPTION_ARGS)
            return cli_usage(C, "too many options (at most %d with --option)",
                             CLI_MAX_OPTION_ARGS);
        r->o.arg[r->o.n++] = w;
    }
    return 0;
}

/* Open the variant under reading r; errors say which reading. */
int compare_open_reading(const char *variant, const reading *r,
                         cli_game *cg)
{
    sow_error err;
    if (cli_open(cg, variant, &r->o, &err) == SOW_OK)
        return 0;
    if (err.path[0]) {
        cli_error(C, &err);
    } else {
        char msg[SOW_MSG_MAX + 64];
        snprintf(msg, sizeof msg, "reading %s (%s): %.900s", r->name,
                 strcmp(r->name, "A") ? "--b" : "--a", err.msg);
        fprintf(stderr, "sow %s: %s\n", C, msg);
    }
    return 1;
}

/* The options whose values differ, as "name=value" of side x (0: a, 1:
 * b), comma separated; returns how many differ. */
int compare_differing(const cli_game *a, const cli_game *b, int x,
                      char *buf, size_t size)
{
    int n = 0;
    size_t len = 0;
    buf[0] = 0;
    for (int i = 0; i < a->v->noptions; i++) {
        char va[128], vb[128];
        sow_optval_format(&a->v->options[i], a->opts.val[i], va, sizeof va);
        sow_optval_format(&b->v->options[i], b->opts.val[i], vb, sizeof vb);
        if (strcmp(va, vb) == 0)
            continue;
        n++;
        if (len < size)
            len += (size_t)snprintf(buf + len, size - len, "%s%s=%s",
                                    len ? ", " : "", a->v->options[i].name,
                                    x ? vb : va);
    }
    return n;
}

/* ---- statistics ------------------------------------------------------------ */

/* --svg: the file is opened before the games are played (a path that
 * cannot be written is found at once), and the picture written after
 * (ra NULL: give up). Returns 0 or 1. */
static int svg_close(outfile *o, const sow_reading *ra, const sow_reading *rb)
{
    char *svg = NULL;
    size_t len = 0;
    if (ra) {
        sow_plot_run pa = {ra->st, ra->name, ra->options};
        sow_plot_run pb = {rb->st, rb->name, rb->options};
        char title[512];
        snprintf(title, sizeof title,
                 "%s: %s lengths, %lld %s a reading (South %s, North %s, "
                 "seed %llu)",
                 ra->st->variant, ra->st->matches ? "match" : "game",
                 ra->st->games, ra->st->matches ? "matches" : "games",
                 ra->st->players[0], ra->st->players[1],
                 (unsigned long long)ra->st->seed);
        svg = sow_plot_lengths(&pa, &pb, title, &len);
        if (!svg)
            fprintf(stderr, "sow %s: out of memory for --svg\n", C);
    }
    if (svg)
        fwrite(svg, 1, len, o->f); /* a failure is found on closing */
    free(svg);
    return outfile_close(o, svg != NULL);
}

static int run_stats(const char *variant, reading r[2], const sp_flags *fl,
                     const char *svg, bool json, const char *label[2])
{
    sp_players pl;
    if (sp_parse_players(C, fl->players, &pl))
        return 2;
    outfile so;
    if (svg && outfile_open(&so, C, svg))
        return 1;
    sp_done done[2];
    for (int k = 0; k < 2; k++) {
        char bar[32];
        snprintf(bar, sizeof bar, "compare %s", r[k].name);
        sp_job job = {C, variant, &r[k].o, &pl, fl->seed, fl->games,
                      fl->shard_i, fl->shard_n, (int)fl->threads, NULL, bar,
                      NULL, fl->progress};
        if (k && done[0].signal) {
            /* stopped during A: B is not played, and nothing compares */
            sow_stats_free(&done[0].total);
            if (svg)
                svg_close(&so, NULL, NULL);
            fprintf(stderr, "sow %s: stopped by %s before reading B was "
                            "played; nothing to compare\n",
                    C, stop_name(done[0].signal));
            return stop_status(done[0].signal);
        }
        if (sp_run(&job, &done[k])) {
            if (k)
                sow_stats_free(&done[0].total);
            if (svg)
                svg_close(&so, NULL, NULL);
            return 1;
        }
    }
    sow_reading ra = {"A", label[0], &done[0].total, &done[0].mom};
    sow_reading rb = {"B", label[1], &done[1].total, &done[1].mom};
    int rc = 0;
    if (json)
        sow_compare_write_json(&ra, &rb, stdout);
    else
        sow_compare_write_text(&ra, &rb, stdout);
    if (svg) {
        bool to_stdout = so.std;
        rc = svg_close(&so, &ra, &rb);
        if (!rc && !json && !to_stdout)
            printf("svg             %s\n", svg);
    }
    sow_stats_free(&done[0].total);
    sow_stats_free(&done[1].total);
    return !rc && done[1].signal ? stop_status(done[1].signal) : rc;
}

typedef struct compare_args {
    cli_opts o;
    sp_flags sp;
    const char *a, *b, *svg, *moves;
    bool json, exact, trust;
    long memory;
} compare_args;

static const flag_spec flags[] = {
    FL_STRING("a", compare_args, a, "\"NAME=VALUE ...\""),
    FL_STRING("b", compare_args, b, "\"NAME=VALUE ...\""),
    SP_FLAGS(compare_args, sp),
    FL_STRING("svg", compare_args, svg, "FILE"),
    FL_BOOL("json", 0, compare_args, json),
    FL_STRING("moves", compare_args, moves, "\"TOKENS\""),
    FL_BOOL("exact", 0, compare_args, exact),
    FL_LONG("memory", compare_args, memory, "MIB", 1, 1 << 20, "of MiB"),
    FL_BOOL("trust-script", 0, compare_args, trust),
    FLAGS_VARIANT(compare_args, o),
};
static const flag_cmd cmd = FLAGS_CMD(C, help, flags);

int cmd_compare(int argc, char **argv)
{
    compare_args ca = {.sp = SP_FLAGS_DEFAULT, .memory = 256};
    flags_parsed p;
    const char *variant =
        flags_parse_variant(&cmd, argc, argv, &ca, &p,
                            "sow compare adji-kui-1 --a endless=repetition --b "
                            "endless=no_capture_plies:30");
    if (!variant)
        return p.status;
    if (sp_flags_check(C, &ca.sp))
        return 2;
    const cli_opts base = ca.o;
    const sp_flags fl = ca.sp;
    const char *ta = ca.a, *tb = ca.b, *svg = ca.svg, *moves = ca.moves;
    bool json = ca.json;
    if (!ta && !tb)
        return cli_usage(C, "give the two readings with --a \"NAME=VALUE "
                            "...\" and --b \"NAME=VALUE ...\"");
    if (ca.exact && (sp_flags_given(&p) || svg))
        return cli_usage(C, "--exact solves one position: --games, "
                            "--players, --threads, --seed, --shard and "
                            "--svg do not go with it");
    if (!ca.exact && (flags_given(&p, "memory") ||
                      flags_given(&p, "trust-script")))
        return cli_usage(C, "--memory and --trust-script go with --exact");
    if (moves && !ca.exact && (sp_flags_given(&p) || svg || json))
        return cli_usage(C, "--moves replays one move list: --games, "
                            "--players, --threads, --seed, --shard, --svg "
                            "and --json do not go with it");
    reading r[2];
    memset(r, 0, sizeof r);
    int rc = make_reading(&r[0], "A", "--a", &base, ta);
    if (!rc)
        rc = make_reading(&r[1], "B", "--b", &base, tb);
    if (rc)
        goto out;
    if (moves && !ca.exact) {
        rc = compare_run_moves(variant, r, moves);
        goto out;
    }
    /* both readings must open, and differ */
    cli_game ga, gb;
    if (compare_open_reading(variant, &r[0], &ga)) {
        rc = 1;
        goto out;
    }
    if (compare_open_reading(variant, &r[1], &gb)) {
        cli_close(&ga);
        rc = 1;
        goto out;
    }
    char la[512], lb[512];
    int ndiff = compare_differing(&ga, &gb, 0, la, sizeof la);
    compare_differing(&ga, &gb, 1, lb, sizeof lb);
    cli_close(&ga);
    cli_close(&gb);
    if (ndiff == 0) {
        rc = cli_usage(C, "--a and --b give the same reading; give options "
                          "that differ");
        goto out;
    }
    const char *label[2] = {la, lb};
    if (ca.exact) {
        rc = compare_run_exact(variant, r, moves, ca.memory, ca.trust, json,
                               label);
        goto out;
    }
    stop_catch();
    rc = run_stats(variant, r, &fl, svg, json, label);
    stop_release();
out:
    free(r[0].buf);
    free(r[1].buf);
    return rc;
}
