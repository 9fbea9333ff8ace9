/* cmd_replay.c - `sow replay VARIANT --moves "TOKENS" [--json]`: the game
 * record of docs/record.md, or the boards drawn ply by ply. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "sow_draw.h"
#include "sow_text.h"
#include "sow_record.h"

#define MAX_TOKENS 1000000

static int help(void)
{
    printf("usage: sow replay VARIANT --moves \"TOKENS\" [--option "
           "NAME=VALUE]... [--json]\n\n"
           "Replay a move list. Tokens are canonical hole indices "
           "(docs/rules.md\nC0.2), separated by spaces or commas. With "
           "--json, print the game record\nas JSON Lines (docs/record.md): "
           "one line per ply, and a result line when\nthe game ended. "
           "Without it, draw the board after every ply. An illegal\ntoken, "
           "or a token after the end, is an error (exit 1) after the lines\n"
           "before it.\n");
    printf("\n" CLI_TIME_LIMIT_HELP);
    return 0;
}

typedef struct out {
    const sow_setup *s;
    bool json;
    sow_buf line; /* a record line: it grows to any length (issue 13 #7) */
} out;

/* Write the record line made in o->line (the sow_record_* result rc) to
 * standard output. */
static int put_line(out *o, int rc, sow_error *err)
{
    if (rc)
        return sow_error_set(err, NULL, 0, 0, "out of memory for a record "
                                              "line");
    fwrite(o->line.s, 1, o->line.len, stdout);
    sow_buf_clear(&o->line);
    return SOW_OK;
}

static int print_ply(out *o, const sow_game *before, sow_move mv,
                     const sow_game *after, sow_error *err)
{
    const sow_setup *s = o->s;
    if (o->json)
        return put_line(o, sow_record_ply(&o->line, s, before, mv, after),
                        err);
    char line[SOW_DRAW_MAX];
    char tok[64];
    cli_format_moves(s, (const uint16_t[]){(uint16_t)mv}, 1, true, tok,
                     sizeof tok);
    char where[32] = "";
    if (!sow_move_is_decision(mv))
        sow_text_fmt(where, sizeof where, " (hole %d)", (int)mv);
    printf("\nply %d: %s plays %s%s%s\n", before->ply,
           before->to_move ? "North" : "South", tok, where,
           after->last_endless ? ", an endless move (P5)" : "");
    sow_draw_board(line, sizeof line, s, after,
                   sow_move_is_decision(mv) ? -1 : mv);
    fputs(line, stdout);
    char due[256];
    cli_phase_due(s, after, due, sizeof due);
    if (due[0])
        printf("%s\n", due);
    if (!after->over && after->endless_mask) {
        uint16_t ex[SOW_MAX_HOLES];
        int n = 0;
        for (int h = 0; h < s->holes; h++)
            if ((after->endless_mask >> h) & 1)
                ex[n++] = (uint16_t)h;
        cli_format_moves(s, ex, n, true, line, sizeof line);
        printf("not legal for %s, endless (C0.7): %s\n",
               after->to_move ? "North" : "South", line);
    }
    return SOW_OK;
}

/* The start of a game: a match's header line, or the board drawn. */
static int game_start(out *o, sow_engine *e, sow_match *m, sow_game *g,
                      sow_error *err);

/* A game ended: its result, then the next game of a match, or the
 * match's result. */
static int game_over(out *o, sow_engine *e, sow_match *m, sow_game *g,
                     sow_error *err)
{
    const sow_setup *s = o->s;
    const sow_result *r = &g->result;
    if (o->json) {
        if (put_line(o, sow_record_result(&o->line, s, g), err))
            return SOW_ERR;
    } else {
        char why[128];
        char score[32] = "";
        if (r->has_score)
            sow_text_fmt(score, sizeof score, " %d-%d,", r->score[0], r->score[1]);
        printf("\ngame over: %s;%s %s\n",
               sow_result_text(s, g, why, sizeof why), score,
               r->unfinished    ? "unfinished"
               : r->winner < 0  ? "a draw"
               : r->winner == 0 ? "South wins"
                                : "North wins");
    }
    if (!s->match)
        return SOW_OK;
    if (sow_match_next(e, m, g, err))
        return SOW_ERR;
    if (m->over) {
        if (o->json)
            return put_line(o, sow_record_match(&o->line, m), err);
        printf("\nmatch over after %d games: %s; holes South %d, North "
               "%d%s\n",
               m->game, m->reason, m->holes[0], m->holes[1],
               m->unfinished ? " (unfinished)" : "");
        return SOW_OK;
    }
    return game_start(o, e, m, g, err);
}

static int game_start(out *o, sow_engine *e, sow_match *m, sow_game *g,
                      sow_error *err)
{
    const sow_setup *s = o->s;
    if (o->json && s->match) {
        if (put_line(o, sow_record_game(&o->line, s, m, g), err))
            return SOW_ERR;
    } else if (!o->json) {
        char line[SOW_DRAW_MAX];
        int own[2] = {0, 0};
        for (int h = 0; h < s->holes; h++)
            own[g->owner[h]]++;
        if (s->match)
            printf("%sgame %d: %s starts; holes South %d, North %d%s\n",
                   m->game > 1 ? "\n" : "", m->game,
                   m->starter ? "North" : "South", own[0], own[1],
                   sow_decision_phase(s, g) ? " (before the decisions)" : "");
        sow_draw_board(line, sizeof line, s, g, -1);
        printf("start, %s to move\n%s", g->to_move ? "North" : "South", line);
    }
    /* a game may end before its first move (nobody can move) */
    if (g->over)
        return game_over(o, e, m, g, err);
    return SOW_OK;
}

int cmd_replay(int argc, char **argv)
{
    cli_opts o = {0};
    const char *variant = NULL, *moves = NULL;
    bool json = false;
    for (int i = 1; i < argc; i++) {
        int t = cli_take_option("replay", argc, argv, &i, &o);
        if (t < 0)
            return 2;
        if (t)
            continue;
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0)
            return help();
        if (strcmp(argv[i], "--json") == 0)
            json = true;
        else if (strcmp(argv[i], "--moves") == 0) {
            if (!(moves = cli_value("replay", argc, argv, &i)))
                return 2;
        } else if (strncmp(argv[i], "--moves=", 8) == 0)
            moves = argv[i] + 8;
        else if (argv[i][0] == '-')
            return cli_usage("replay", "unknown flag '%s'", argv[i]);
        else if (variant)
            return cli_usage("replay", "one variant at a time ('%s' and "
                                       "'%s')",
                             variant, argv[i]);
        else
            variant = argv[i];
    }
    if (!variant)
        return cli_usage("replay", "which variant?");
    if (!moves)
        return cli_usage("replay", "--moves \"TOKENS\" is required");
    cli_game cg;
    sow_error err;
    if (cli_open(&cg, variant, &o, &err)) {
        cli_error("replay", &err);
        return 1;
    }
    size_t len = strlen(moves);
    char *buf = malloc(len + 1);
    char **tok = malloc(sizeof *tok * (len / 2 + 2));
    if (!buf || !tok) {
        free(buf);
        free(tok);
        cli_close(&cg);
        fprintf(stderr, "sow replay: out of memory\n");
        return 1;
    }
    memcpy(buf, moves, len + 1);
    int nt = cli_split_moves(buf, tok, (int)(len / 2 + 2));
    const sow_setup *s = &cg.setup;
    sow_game g;
    sow_match m;
    out pr = {s, json, {0}};
    int rc = 0;
    if (sow_match_start(&cg.eng, &m, &g, &err) ||
        game_start(&pr, &cg.eng, &m, &g, &err))
        rc = 1;
    /* a write error on standard output (a full disk) stops the replay:
     * sow.c reports it (issue 13 #7) */
    for (int i = 0; !rc && i < nt && !ferror(stdout); i++) {
        sow_move mv;
        if (cli_token_move(s, &g, tok[i], i, &mv, &err)) {
            rc = 1;
            break;
        }
        sow_game before = g;
        if (sow_engine_play(&cg.eng, &g, mv, &err)) {
            rc = 1;
            break;
        }
        if (print_ply(&pr, &before, mv, &g, &err) ||
            (g.over && game_over(&pr, &cg.eng, &m, &g, &err)))
            rc = 1;
    }
    fflush(stdout);
    if (rc && s->match && !err.path[0]) {
        /* plies count from 0 in every game: say which game */
        char msg[SOW_MSG_MAX];
        sow_text_fmt(msg, sizeof msg, "game %d, %.1000s", m.game, err.msg);
        sow_text_fmt(err.msg, sizeof err.msg, "%s", msg);
    }
    if (rc)
        cli_error("replay", &err);
    sow_buf_free(&pr.line);
    free(buf);
    free(tok);
    cli_close(&cg);
    return rc;
}
