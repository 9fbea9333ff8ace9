/* cmd_compare.c - `sow compare VARIANT --a "NAME=VALUE ..." --b "..."`: two
 * readings of a variant side by side.
 *
 * Statistics: both readings play the same games (the same seeds and
 * players, by selfplay_run.c) and every statistic of the selfplay summary
 * is shown for each, with the difference and its test (sow_compare.h);
 * --svg draws the game-length distributions (sow_plot.h).
 *
 * --moves: one move list replayed under both readings in step; the first
 * ply where they part is shown (a token legal under one reading only, or
 * a different board, captures, player to move, legal moves or result),
 * both sides at that point, the options that differ with their
 * documentation and the rule texts it cites, and, when several options
 * differ, which of them alone makes the difference. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "flags.h"
#include "outfile.h"
#include "selfplay_run.h"
#include "stop.h"
#include "sow_compare.h"
#include "sow_draw.h"
#include "sow_plot.h"
#include "sow_record.h"
#include "learn.h"
#include "solve_out.h"

static const char *const C = "compare";

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

typedef struct reading {
    const char *name;       /* "A" or "B" */
    const char *given;      /* the text of --a or --b */
    char *buf;              /* its words (owned) */
    cli_opts o;             /* --option values, then the words */
} reading;

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
static int open_reading(const char *variant, const reading *r, cli_game *cg)
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
static int differing(const cli_game *a, const cli_game *b, int x, char *buf,
                     size_t size)
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

/* ---- moves: one game under both readings ------------------------------------ */

/* A reading being replayed. */
typedef struct side {
    const char *name;
    cli_game cg;
    bool open;
    sow_match m;
    sow_game g;
    bool done;              /* the game (or match) is over: no more moves */
    int last;               /* hole of the last sowing, or -1 */
    char why[SOW_MSG_MAX];  /* a refused token: the engine's message */
} side;

/* Where the readings part. */
typedef enum {
    PART_START,   /* before any move */
    PART_TOKEN,   /* the token is refused by one reading only */
    PART_MOVE,    /* after the move */
    PART_NEXT     /* after the next game of a match was set up */
} part_stage;

static void side_close(side *x)
{
    if (x->open)
        cli_close(&x->cg);
    x->open = false;
}

/* A game that is over: the next of a match, until one is being played or
 * the match is over. */
static int side_next(side *x, sow_error *err)
{
    while (x->g.over && !x->done) {
        if (!x->cg.setup.match) {
            x->done = true;
            break;
        }
        if (sow_match_next(&x->cg.eng, &x->m, &x->g, err))
            return SOW_ERR;
        if (x->m.over)
            x->done = true;
        else
            x->last = -1;
    }
    return SOW_OK;
}

static int side_start(side *x, const char *variant, const reading *r)
{
    memset(x, 0, sizeof *x);
    x->name = r->name;
    x->last = -1;
    if (open_reading(variant, r, &x->cg))
        return 1;
    x->open = true;
    sow_error err;
    if (sow_match_start(&x->cg.eng, &x->m, &x->g, &err)) {
        cli_error(C, &err);
        return 1;
    }
    return 0;
}

/* Play a token. Returns 0 when played, 1 when refused, -1 on an error of
 * the rules (a script failing); x->why says why. */
static int side_play(side *x, const char *tok)
{
    const sow_setup *s = &x->cg.setup;
    sow_error err;
    sow_move mv;
    x->why[0] = 0;
    if (x->done) {
        snprintf(x->why, sizeof x->why, "the %s is already over",
                 s->match ? "match" : "game");
        return 1;
    }
    if (sow_move_read(s, tok, &mv, &err)) {
        snprintf(x->why, sizeof x->why, "%s", err.msg);
        return 1;
    }
    if (!sow_game_is_legal(&x->g, mv)) {
        char legal[512];
        cli_format_moves(s, x->g.legal, x->g.nlegal, false, legal,
                         sizeof legal);
        snprintf(x->why, sizeof x->why,
                 "move %s is not legal for %s; the legal moves are: %s", tok,
                 x->g.to_move ? "North" : "South", legal);
        return 1;
    }
    if (sow_engine_play(&x->cg.eng, &x->g, mv, &err)) {
        sow_error_format(&err, x->why, sizeof x->why);
        return -1;
    }
    x->last = sow_move_is_decision(mv) ? -1 : sow_move_hole(mv);
    return 0;
}

/* The differences between two sides, as a comma-separated list of what
 * differs; returns how many. */
static int side_diff(const side *a, const side *b, char *buf, size_t size)
{
    const sow_game *ga = &a->g, *gb = &b->g;
    const sow_setup *sa = &a->cg.setup, *sb = &b->cg.setup;
    const char *what[16];
    int n = 0;
    bool board = sa->holes != sb->holes, owners = board;
    for (int h = 0; !board && h < sa->holes; h++) {
        board |= ga->board[h] != gb->board[h];
        owners |= ga->owner[h] != gb->owner[h];
    }
    if (ga->over != gb->over || a->done != b->done)
        what[n++] = "whether the game is over";
    if (sa->match && (a->m.game != b->m.game || a->m.over != b->m.over))
        what[n++] = "the game of the match";
    if (sa->match && !a->done && !b->done && a->m.starter != b->m.starter)
        what[n++] = "the starter of the game";
    char state[160] = "the script's state (";
    bool st = false;
    for (int i = 0; i < sa->v->nstate && !ga->over && !gb->over; i++)
        if (ga->state[i] != gb->state[i]) {
            size_t len = strlen(state);
            snprintf(state + len, sizeof state - len, "%s%s", st ? " " : "",
                     sa->v->state[i]);
            st = true;
        }
    if (st) {
        size_t len = strlen(state);
        snprintf(state + len, sizeof state - len, ")");
        what[n++] = state;
    }
    char holes[160] = "board";
    if (board && sa->holes == sb->holes) {
        size_t len = strlen(holes);
        int k = 0;
        for (int h = 0; h < sa->holes && len + 8 < sizeof holes; h++)
            if (ga->board[h] != gb->board[h])
                len += (size_t)snprintf(holes + len, sizeof holes - len,
                                        "%s%d", k++ ? " " : " (holes ", h);
        snprintf(holes + len, sizeof holes - len, ")");
    }
    if (board)
        what[n++] = holes;
    if (owners)
        what[n++] = "owners";
    if (ga->captured[0] != gb->captured[0] ||
        ga->captured[1] != gb->captured[1])
        what[n++] = "captured";
    if (!ga->over && !gb->over) {
        if (ga->to_move != gb->to_move)
            what[n++] = "player to move";
        bool legal = ga->nlegal != gb->nlegal;
        for (int i = 0; !legal && i < ga->nlegal; i++)
            legal = ga->legal[i] != gb->legal[i];
        if (legal)
            what[n++] = "legal moves";
        if (ga->phase != gb->phase)
            what[n++] = "phase";
    }
    if (ga->over && gb->over) {
        const sow_result *x = &ga->result, *y = &gb->result;
        if (x->reason != y->reason || x->stuck_seeds != y->stuck_seeds)
            what[n++] = "how the game ended";
        if (x->winner != y->winner || x->unfinished != y->unfinished)
            what[n++] = "winner";
        if (x->has_score != y->has_score ||
            (x->has_score &&
             (x->score[0] != y->score[0] || x->score[1] != y->score[1])))
            what[n++] = "score";
    }
    if (a->done && b->done && sa->match &&
        (a->m.winner != b->m.winner || strcmp(a->m.reason, b->m.reason)))
        what[n++] = "the match result";
    size_t len = 0;
    buf[0] = 0;
    for (int i = 0; i < n && len < size; i++)
        len += (size_t)snprintf(buf + len, size - len, "%s%s", i ? ", " : "",
                                what[i]);
    return n;
}

/* One line saying how a side's game stands. */
static void side_status(const side *x, char *buf, size_t size)
{
    const sow_setup *s = &x->cg.setup;
    const sow_game *g = &x->g;
    if (g->over) {
        char why[160], score[48] = "";
        if (g->result.has_score)
            snprintf(score, sizeof score, " %d-%d,", g->result.score[0],
                     g->result.score[1]);
        snprintf(buf, size, "game over: %s;%s %s",
                 sow_result_text(s, g, why, sizeof why), score,
                 g->result.unfinished    ? "unfinished"
                 : g->result.winner < 0  ? "a draw"
                 : g->result.winner == 0 ? "South wins"
                                         : "North wins");
        if (x->done && s->match) {
            size_t len = strlen(buf);
            snprintf(buf + len, size - len, "; match over: %s", x->m.reason);
        }
        return;
    }
    char legal[600];
    cli_format_moves(s, g->legal, g->nlegal, false, legal, sizeof legal);
    snprintf(buf, size, "%s to move; legal moves: %s",
             g->to_move ? "North" : "South", legal);
}

static void show_side(const side *x, const char *opts)
{
    const sow_setup *s = &x->cg.setup;
    char board[SOW_DRAW_MAX], status[800];
    printf("\n%s (%s)", x->name, opts);
    if (s->match)
        printf(", %s %d of the match", sow_game_word(s), x->m.game);
    if (x->g.ply == 0)
        printf(", at the start:\n");
    else
        printf(", after ply %d:\n", x->g.ply);
    sow_draw_board(board, sizeof board, s, &x->g, x->last);
    fputs(board, stdout);
    printf("captured: South %d, North %d\n", x->g.captured[0],
           x->g.captured[1]);
    side_status(x, status, sizeof status);
    printf("%s\n", status);
    if (x->why[0])
        printf("token refused: %s\n", x->why);
}

/* Rule ids cited in text ("K1.7(b)", "C0.4", "B.4", "P7"): a capital, more
 * capitals or digits, and a digit before the end or a dot and digits. */
static int cited_ids(const char *text, char ids[][16], int n, int max)
{
    for (const char *p = text; p && *p; p++) {
        if (!(*p >= 'A' && *p <= 'Z') ||
            (p > text && ((p[-1] >= 'A' && p[-1] <= 'Z') ||
                          (p[-1] >= 'a' && p[-1] <= 'z') ||
                          (p[-1] >= '0' && p[-1] <= '9') || p[-1] == '_')))
            continue;
        const char *q = p + 1;
        while ((*q >= 'A' && *q <= 'Z') || (*q >= '0' && *q <= '9'))
            q++;
        bool digit = q[-1] >= '0' && q[-1] <= '9';
        if (*q == '.' && q[1] >= '0' && q[1] <= '9') {
            q++;
            while (*q >= '0' && *q <= '9')
                q++;
            digit = true;
        }
        if (!digit || q - p >= 16 || (*q >= 'a' && *q <= 'z'))
            continue;
        char id[16];
        snprintf(id, sizeof id, "%.*s", (int)(q - p), p);
        bool seen = false;
        for (int i = 0; i < n; i++)
            seen |= strcmp(ids[i], id) == 0;
        if (!seen && n < max)
            snprintf(ids[n++], 16, "%s", id);
        p = q - 1;
    }
    return n;
}

static bool reads(const sow_expr *e, int opt)
{
    return e->kind != SOW_EXPR_CONST && e->opt == opt;
}

/* Where the variant file reads option `opt`: its fields and lap-end rules,
 * one line, with the rule ids the lap-end rules cite added to ids. */
static int show_uses(const sow_variant *v, int opt, char ids[][16], int n)
{
    static const char *const actions[] = {"stop", "relay", "capture", "hook",
                                          "chain", "capture_opposite"};
    const struct {
        const char *key;
        const sow_expr *e;
    } fields[] = {
        {"board.holes", &v->holes},
        {"board.seeds", &v->seeds},
        {"sowing.direction", &v->direction},
        {"sowing.skip_origin", &v->skip_origin},
        {"sowing.endless_move", &v->endless_move},
        {"sowing.bearoff.sticky", &v->bearoff_sticky},
        {"end.seeds_at_most", &v->seeds_at_most},
        {"end.repetition", &v->repetition},
        {"end.no_capture_plies", &v->no_capture_plies},
        {"end.capture_unreachable", &v->capture_unreachable},
        {"end.unreachable_positions", &v->unreachable_positions},
        {"end.max_plies", &v->max_plies},
        {"match.enabled", &v->match},
        {"match.max_games", &v->match_games},
    };
    char line[1024];
    size_t len = 0;
    line[0] = 0;
    for (size_t k = 0; k < sizeof fields / sizeof *fields; k++)
        if (reads(fields[k].e, opt) && len < sizeof line)
            len += (size_t)snprintf(line + len, sizeof line - len,
                                    "%s%s (line %d)", len ? ", " : "",
                                    fields[k].key, fields[k].e->line);
    for (int k = 0; k < v->nlap_rules && len < sizeof line; k++) {
        const sow_lap_rule *r = &v->lap_rules[k];
        if (!(r->has_if && reads(&r->cond, opt)) &&
            !(r->action == SOW_LAP_CHAIN && reads(&r->chain.skip_empty, opt)))
            continue;
        len += (size_t)snprintf(line + len, sizeof line - len,
                                "%slap_end rule %d (line %d, do: %s%s%s)",
                                len ? ", " : "", k + 1, r->line,
                                (unsigned)r->action < 6 ? actions[r->action]
                                                        : "?",
                                r->cite[0] ? ", rule: " : "", r->cite);
        if (r->cite[0])
            n = cited_ids(r->cite, ids, n, 64);
    }
    if (line[0])
        printf("    read by %s\n", line);
    else if (v->script)
        printf("    read by the script (%s)\n", v->script);
    return n;
}

/* The options that differ, their documentation, where the variant reads
 * them, and the rule texts cited. */
static void show_rules(const side *a, const side *b)
{
    const sow_variant *v = a->cg.v;
    char ids[64][16];
    int nids = 0;
    printf("\noptions that differ:\n");
    for (int i = 0; i < v->noptions; i++) {
        const sow_option_def *d = &v->options[i];
        char va[128], vb[128];
        sow_optval_format(d, a->cg.opts.val[i], va, sizeof va);
        sow_optval_format(d, b->cg.opts.val[i], vb, sizeof vb);
        if (strcmp(va, vb) == 0)
            continue;
        printf("  %s: A %s, B %s\n", d->name, va, vb);
        if (d->doc) {
            printf("    %s\n", d->doc);
            nids = cited_ids(d->doc, ids, nids, 64);
        }
        nids = show_uses(v, i, ids, nids);
    }
    if (!nids)
        return;
    printf("rules they cite:\n");
    for (int i = 0; i < nids; i++) {
        const char *text = sow_variant_rule_text(v, ids[i]);
        printf("  %-6s %s\n", ids[i],
               text ? text
                    : "(not among the variant's rules: see docs/rules.md)");
    }
}

/* Replay tokens 0..upto-1 under a reading, then token upto as far as
 * `stage`; the side is left where the comparison was made. Returns 0, or
 * 1 when the reading cannot be opened or replayed (nothing printed). */
static int probe(side *x, const char *variant, const reading *r, char **tok,
                 int upto, part_stage stage)
{
    memset(x, 0, sizeof *x);
    x->name = r->name;
    x->last = -1;
    sow_error err;
    if (cli_open(&x->cg, variant, &r->o, &err))
        return 1;
    x->open = true;
    if (sow_match_start(&x->cg.eng, &x->m, &x->g, &err))
        return 1;
    if (stage == PART_START)
        return 0;
    if (side_next(x, &err))
        return 1;
    for (int i = 0; i <= upto; i++) {
        int rc = side_play(x, tok[i]);
        if (rc < 0 || (rc && i < upto))
            return 1;
        if (i == upto && stage != PART_NEXT)
            break;
        if (rc == 0 && side_next(x, &err))
            return 1;
    }
    return 0;
}

/* With several options differing: which one alone (A with B's value of
 * it) gives B's side at the parting point. */
static void show_blame(const char *variant, const side *a, const side *b,
                       const reading r[2], char **tok, int upto,
                       part_stage stage)
{
    const sow_variant *v = a->cg.v;
    printf("each option alone (A with B's value of it):\n");
    for (int i = 0; i < v->noptions; i++) {
        const sow_option_def *d = &v->options[i];
        char va[128], vb[128], arg[200], what[256];
        sow_optval_format(d, a->cg.opts.val[i], va, sizeof va);
        sow_optval_format(d, b->cg.opts.val[i], vb, sizeof vb);
        if (strcmp(va, vb) == 0)
            continue;
        reading t = r[0];
        snprintf(arg, sizeof arg, "%s=%s", d->name, vb);
        if (t.o.n < CLI_MAX_OPTION_ARGS)
            t.o.arg[t.o.n++] = arg;
        side x;
        const char *verdict;
        if (probe(&x, variant, &t, tok, upto, stage)) {
            verdict = "cannot be tried alone (it needs another option, or "
                      "the moves do not replay)";
        } else {
            bool refused = x.why[0] != 0;
            bool like_b = refused == (b->why[0] != 0) &&
                          side_diff(&x, b, what, sizeof what) == 0;
            bool like_a = refused == (a->why[0] != 0) &&
                          side_diff(&x, a, what, sizeof what) == 0;
            verdict = like_b   ? "gives B's result here: this option makes "
                                 "the difference"
                      : like_a ? "gives A's result here: it changes nothing "
                                 "at this ply"
                               : "gives neither A's nor B's result here";
        }
        side_close(&x);
        printf("  %s=%s %s\n", d->name, vb, verdict);
    }
}

static int run_moves(const char *variant, reading r[2], const char *moves)
{
    size_t len = strlen(moves);
    char *buf = malloc(len + 1);
    char **tok = malloc(sizeof *tok * (len / 2 + 2));
    side a, b;
    memset(&a, 0, sizeof a);
    memset(&b, 0, sizeof b);
    int rc = 1;
    if (!buf || !tok) {
        fprintf(stderr, "sow %s: out of memory\n", C);
        goto out;
    }
    memcpy(buf, moves, len + 1);
    int nt = cli_split_moves(buf, tok, (int)(len / 2 + 2));
    if (side_start(&a, variant, &r[0]) || side_start(&b, variant, &r[1]))
        goto out;
    char opts_a[512], opts_b[512], what[256];
    int ndiff = differing(&a.cg, &b.cg, 0, opts_a, sizeof opts_a);
    differing(&a.cg, &b.cg, 1, opts_b, sizeof opts_b);
    if (ndiff == 0) {
        rc = cli_usage(C, "--a and --b give the same reading; give options "
                          "that differ");
        goto out;
    }
    printf("compare %s: A %s; B %s; %d token%s\n", a.cg.v->id, opts_a, opts_b,
           nt, nt == 1 ? "" : "s");
    part_stage stage = PART_START;
    int at = -1;
    sow_error err;
    bool parted = side_diff(&a, &b, what, sizeof what) > 0;
    if (!parted) {
        if (side_next(&a, &err) || side_next(&b, &err)) {
            cli_error(C, &err);
            goto out;
        }
        parted = side_diff(&a, &b, what, sizeof what) > 0;
    }
    for (int i = 0; !parted && i < nt; i++) {
        int ply = a.g.ply;
        int ra = side_play(&a, tok[i]), rb = side_play(&b, tok[i]);
        if (ra < 0 || rb < 0) {
            const side *x = ra < 0 ? &a : &b;
            fprintf(stderr, "sow %s: reading %s: token %d ('%.40s'): %s\n",
                    C, x->name, i + 1, tok[i], x->why);
            goto out;
        }
        at = i;
        if (ra && rb) {
            fprintf(stderr, "sow %s: token %d ('%.40s'): ply %d%s: %s (under "
                            "both readings)\n",
                    C, i + 1, tok[i], ply,
                    a.cg.setup.match ? " of this game of the match" : "",
                    a.why);
            goto out;
        }
        if (ra != rb) {
            stage = PART_TOKEN;
            parted = true;
            snprintf(what, sizeof what, "token %d ('%.40s') is legal under "
                                        "%s only",
                     i + 1, tok[i], ra ? "B" : "A");
            break;
        }
        if (side_diff(&a, &b, what, sizeof what)) {
            stage = PART_MOVE;
            parted = true;
            break;
        }
        if (side_next(&a, &err) || side_next(&b, &err)) {
            cli_error(C, &err);
            goto out;
        }
        if (side_diff(&a, &b, what, sizeof what)) {
            stage = PART_NEXT;
            parted = true;
        }
    }
    rc = 0;
    if (!parted) {
        char status[800];
        side_status(&a, status, sizeof status);
        printf("the readings agree on all %d plies: the same boards, "
               "captures, players to move, legal moves and results\n%s\n",
               nt, status);
        goto out;
    }
    static const char *const when[] = {"at the start, before any move",
                                       "at token %d ('%s')",
                                       "after token %d ('%s')",
                                       ("when the next game starts, after "
                                        "token %d ('%s')")};
    char where[200];
    snprintf(where, sizeof where, when[stage], at + 1,
             at >= 0 ? tok[at] : "");
    printf("the readings part %s; they differ in: %s\n", where, what);
    bool match_ends = stage == PART_NEXT && a.done != b.done;
    if (match_ends || a.g.over != b.g.over) {
        bool first = match_ends ? a.done : a.g.over;
        const side *o = first ? &a : &b, *x = first ? &b : &a;
        char why[160];
        printf("the %s ends under %s (%s) and goes on under %s\n",
               match_ends ? "match" : "game", o->name,
               match_ends ? o->m.reason
                          : sow_result_text(&o->cg.setup, &o->g, why,
                                            sizeof why),
               x->name);
    } else if (stage == PART_TOKEN) {
        const side *x = a.why[0] ? &a : &b;
        printf("under %s: %s\n", x->name, x->why);
    }
    show_side(&a, opts_a);
    show_side(&b, opts_b);
    show_rules(&a, &b);
    if (ndiff > 1)
        show_blame(variant, &a, &b, r, tok, at, stage);
out:
    side_close(&a);
    side_close(&b);
    free(buf);
    free(tok);
    return rc;
}

/* ---- exact values (--exact) ---------------------------------------------- */

/* One reading solved: its game, the position and the result. */
typedef struct exact_side {
    cli_game cg;
    bool open;
    learn_play lp;
    sow_solve_result r;
} exact_side;

static int exact_solve(const char *variant, const reading *rd,
                       const char *moves, long memory, bool trust,
                       exact_side *x)
{
    if (open_reading(variant, rd, &x->cg))
        return 1;
    x->open = true;
    sow_error err;
    const sow_solve_policy pol = {trust, "--trust-script"};
    sow_solver *sv = NULL;
    int rc = sow_solve_check(&x->cg.setup, &pol, &err) ||
             learn_play_list(&x->cg, C, moves ? moves : "", &x->lp, &err);
    if (!rc && !(sv = sow_solver_new(&x->cg.setup, memory, &err)))
        rc = SOW_ERR;
    if (!rc)
        rc = sow_solve(sv, &x->cg.eng, &x->lp.g, &x->r, &err);
    sow_solver_free(sv);
    if (rc) {
        sow_error_reword(&err, "reading %s (%s): %s", rd->name,
                         strcmp(rd->name, "A") ? "--b" : "--a", err.msg);
        cli_error(C, &err);
        return 1;
    }
    return 0;
}

static void exact_json(const exact_side x[2], const char *label[2])
{
    printf("{\"format\":\"sow-compare-exact\",\"version\":1,\"variant\":");
    cli_json_string(stdout, x[0].cg.v->id);
    printf(",\"ply\":%d,\"readings\":[", x[0].lp.g.ply);
    for (int k = 0; k < 2; k++) {
        const sow_setup *s = &x[k].cg.setup;
        const sow_solve_result *r = &x[k].r;
        printf("%s{\"name\":\"%s\",\"options\":", k ? "," : "",
               k ? "B" : "A");
        cli_json_string(stdout, label[k]);
        printf(",\"value\":%d,\"result\":\"%s\",\"moves\":",
               sow_solve_report(s, r->value), solve_result_word(&r->value));
        solve_put_move_values(stdout, s, &x[k].lp.g, r);
        printf(",\"positions\":%lld}", r->positions);
    }
    printf("]}\n");
}

static void exact_text(const exact_side x[2], const char *label[2])
{
    printf("%s, ply %d, %s to move: the exact values\n", x[0].cg.v->name,
           x[0].lp.g.ply, x[0].lp.g.to_move ? "North" : "South");
    for (int k = 0; k < 2; k++) {
        const sow_setup *s = &x[k].cg.setup;
        const sow_solve_result *r = &x[k].r;
        char text[64], tok[64];
        solve_value_text(s, &r->value, text, sizeof text);
        printf("%s (%s): %s (%d)\n  moves", k ? "B" : "A", label[k], text,
               sow_solve_report(s, r->value));
        for (int i = 0; i < r->nmoves; i++) {
            sow_turn_format(tok, sizeof tok, s, &x[k].lp.g, r->moves[i]);
            printf(" %s:%d", tok, sow_solve_report(s, r->move_value[i]));
        }
        printf("\n");
    }
    long a = sow_solve_rank(x[0].r.value), b = sow_solve_rank(x[1].r.value);
    printf("%s\n", a == b ? "the same value under both readings"
                   : a > b ? "South does better under A"
                           : "South does better under B");
}

static int run_exact(const char *variant, reading r[2], const char *moves,
                     long memory, bool trust, bool json,
                     const char *label[2])
{
    exact_side *x = calloc(2, sizeof *x);
    if (!x) {
        fprintf(stderr, "sow %s: out of memory\n", C);
        return 1;
    }
    int rc = exact_solve(variant, &r[0], moves, memory, trust, &x[0]) ||
             exact_solve(variant, &r[1], moves, memory, trust, &x[1]);
    if (!rc) {
        if (json)
            exact_json(x, label);
        else
            exact_text(x, label);
    }
    for (int k = 0; k < 2; k++)
        if (x[k].open)
            cli_close(&x[k].cg);
    free(x);
    return rc;
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
        rc = run_moves(variant, r, moves);
        goto out;
    }
    /* both readings must open, and differ */
    cli_game ga, gb;
    if (open_reading(variant, &r[0], &ga)) {
        rc = 1;
        goto out;
    }
    if (open_reading(variant, &r[1], &gb)) {
        cli_close(&ga);
        rc = 1;
        goto out;
    }
    char la[512], lb[512];
    int ndiff = differing(&ga, &gb, 0, la, sizeof la);
    differing(&ga, &gb, 1, lb, sizeof lb);
    cli_close(&ga);
    cli_close(&gb);
    if (ndiff == 0) {
        rc = cli_usage(C, "--a and --b give the same reading; give options "
                          "that differ");
        goto out;
    }
    const char *label[2] = {la, lb};
    if (ca.exact) {
        rc = run_exact(variant, r, moves, ca.memory, ca.trust, json, label);
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
