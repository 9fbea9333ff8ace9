/* cmd_replay.c - `sow replay VARIANT --moves "TOKENS" [--json]`: the game
 * record of RECORD.md, or the boards drawn ply by ply. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "sow_draw.h"
#include "sow_record.h"

#define MAX_TOKENS 1000000

static int help(void)
{
    printf("usage: sow replay VARIANT --moves \"TOKENS\" [--option "
           "NAME=VALUE]... [--json]\n\n"
           "Replay a move list. Tokens are canonical hole indices (RULES "
           "C0.2),\nseparated by spaces or commas. With --json, print the "
           "game record as JSON\nLines (RECORD.md): one line per ply, and a "
           "result line when the game ended.\nWithout it, draw the board "
           "after every ply. An illegal token, or a token\nafter the end, "
           "is an error (exit 1) after the lines before it.\n");
    return 0;
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
    int rc = 0;
    char line[SOW_RECORD_LINE_MAX];
    if (sow_engine_start(&cg.eng, &g, &err)) {
        cli_error("replay", &err);
        rc = 1;
    }
    if (!rc && !json) {
        sow_draw_board(line, sizeof line, s, &g, -1);
        printf("start, %s to move\n%s", g.to_move ? "North" : "South", line);
    }
    for (int i = 0; !rc && i < nt; i++) {
        sow_move m;
        if (g.over) {
            sow_error_set(&err, NULL, 0, 0,
                          "token %d ('%s'): the game is already over after "
                          "ply %d; nothing may follow",
                          i + 1, tok[i], g.ply);
            rc = 1;
            break;
        }
        if (sow_move_parse(s, tok[i], &m, &err)) {
            char msg[SOW_MSG_MAX], legal[512] = "";
            size_t ll = 0;
            for (int k = 0; k < g.nlegal && ll + 8 < sizeof legal; k++)
                ll += (size_t)snprintf(legal + ll, sizeof legal - ll, "%s%d",
                                       k ? " " : "", (int)g.legal[k]);
            snprintf(msg, sizeof msg, "ply %d: %.700s; the legal moves are: %s",
                     g.ply, err.msg, legal);
            snprintf(err.msg, sizeof err.msg, "%s", msg);
            rc = 1;
            break;
        }
        sow_game before = g;
        if (sow_engine_play(&cg.eng, &g, m, &err)) {
            rc = 1;
            break;
        }
        if (json) {
            sow_record_ply(line, sizeof line, s, &before, m, &g);
            fputs(line, stdout);
        } else {
            char lab[8];
            sow_hole_label(s, m, lab, sizeof lab);
            printf("\nply %d: %s plays %s (hole %d)%s\n", before.ply,
                   before.to_move ? "North" : "South", lab, (int)m,
                   g.last_endless ? ", an endless move" : "");
            sow_draw_board(line, sizeof line, s, &g, m);
            fputs(line, stdout);
        }
        if (g.over) {
            if (json) {
                sow_record_result(line, sizeof line, s, &g);
                fputs(line, stdout);
            } else {
                char why[128];
                const sow_result *r = &g.result;
                printf("\ngame over: %s; %d-%d, %s\n",
                       sow_end_reason_text(s, r->reason, why, sizeof why),
                       r->score[0], r->score[1],
                       r->unfinished  ? "unfinished"
                       : r->winner < 0 ? "a draw"
                       : r->winner == 0 ? "South wins"
                                        : "North wins");
            }
        }
    }
    fflush(stdout);
    if (rc)
        cli_error("replay", &err);
    free(buf);
    free(tok);
    cli_close(&cg);
    return rc;
}
