/* cmd_search.c - `sow search VARIANT [--moves "TOKENS"] --player SPEC`:
 * replay a move list, then let a computer player choose the next move and
 * say how: move, score, depth, nodes, time, nodes/s. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "sow/version.h"
#include "sow_player.h"
#include "sow_text.h"
#include "sow_record.h"

static int help(void)
{
    printf(
        "usage: sow search VARIANT [--moves \"TOKENS\"] [--player SPEC] "
        "[--seed N]\n"
        "                  [--repeat N] [--json] [--option NAME=VALUE]...\n\n"
        "Replay the move list (as sow replay takes it; none: the start), "
        "then let a\ncomputer player choose the next move, and print one "
        "line: the player,\nthe ply and player to move, the move chosen "
        "(token and label), score,\ndepth, nodes, milliseconds and "
        "nodes_per_s.\n\n"
        "SPEC (default alphabeta:depth=6):\n"
        "  random | greedy\n"
        "  alphabeta[:depth=D][:ms=T][:tt=B]   negamax, iterative "
        "deepening to D plies\n"
        "                                      (1-64) or for T ms; a "
        "table of 2^B entries\n"
        "  mcts[:iter=N][:ms=T][:c=X][:playout=P]   UCT, N iterations or "
        "T ms\n\n"
        "score: alphabeta's value for the player to move: %d less the "
        "plies for a\nwon game (negative: lost), 0 a draw, otherwise 16 x "
        "the captures ahead plus\nthe seeds in own holes ahead; for mcts "
        "the mean playout result of the move\n(1 win, 0 loss). nodes: "
        "moves the search played. --seed N (default 1)\nbreaks ties; the "
        "same seed gives the same move except with ms=. --repeat N\n"
        "searches N times from scratch and reports the median time.\n"
        "--json gives one JSON object instead (schemas/search.schema.json): "
        "to_move\nand move as the game record writes them, the seed a "
        "string.\n\n"
        "Example (Andada 2x15 after the opening 0 and first:0):\n"
        "  sow search andada --option holes=15 --moves \"0 first:0\" "
        "--player alphabeta:depth=7\n",
        SOW_SCORE_WIN);
    printf("\n" CLI_TIME_LIMIT_HELP);
    return 0;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int cmd_search(int argc, char **argv)
{
    cli_opts o = {0};
    const char *variant = NULL, *moves = "", *spec_text = "alphabeta";
    unsigned long long seed = 1;
    long repeat = 1;
    bool json = false;
    for (int i = 1; i < argc; i++) {
        int t = cli_take_option("search", argc, argv, &i, &o);
        if (t < 0)
            return 2;
        if (t)
            continue;
        const char *a = argv[i], *v;
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0)
            return help();
        if (strcmp(a, "--moves") == 0) {
            if (!(moves = cli_value("search", argc, argv, &i)))
                return 2;
        } else if (strcmp(a, "--player") == 0) {
            if (!(spec_text = cli_value("search", argc, argv, &i)))
                return 2;
        } else if (strcmp(a, "--seed") == 0 || strcmp(a, "--repeat") == 0) {
            if (!(v = cli_value("search", argc, argv, &i)))
                return 2;
            char *end;
            errno = 0;
            unsigned long long n = strtoull(v, &end, 10);
            bool rep = a[2] == 'r';
            if (*end || !*v || *v == '-' || *v == '+' || errno ||
                (rep && (n < 1 || n > 1000)))
                return cli_usage("search", "%s takes a whole number%s, not "
                                           "'%s'",
                                 a, rep ? " from 1 to 1000" : "", v);
            if (rep)
                repeat = (long)n;
            else
                seed = n;
        } else if (strcmp(a, "--json") == 0) {
            json = true;
        } else if (a[0] == '-') {
            return cli_usage("search", "unknown flag '%s'", a);
        } else if (variant) {
            return cli_usage("search", "one variant at a time");
        } else {
            variant = a;
        }
    }
    if (!variant)
        return cli_usage("search", "which variant? e.g. sow search andada "
                                   "--moves \"0 first:0\"");
    sow_player_spec sp;
    sow_error err;
    if (sow_player_spec_parse(spec_text, &sp, &err))
        return cli_usage("search", "--player: %s", err.msg);
    cli_game cg;
    if (cli_open(&cg, variant, &o, &err)) {
        cli_error("search", &err);
        return 1;
    }
    const sow_setup *s = &cg.setup;
    int rc = 0;
    size_t len = strlen(moves);
    char *buf = malloc(len + 1);
    char **tok = malloc(sizeof *tok * (len / 2 + 2));
    sow_player *pl = NULL;
    double *times = malloc(sizeof *times * (size_t)repeat);
    if (!buf || !tok || !times) {
        sow_error_set(&err, NULL, 0, 0, "out of memory");
        rc = 1;
        goto done;
    }
    memcpy(buf, moves, len + 1);
    int nt = cli_split_moves(buf, tok, (int)(len / 2 + 2));
    sow_game g;
    sow_match m;
    if (sow_match_start(&cg.eng, &m, &g, &err)) {
        rc = 1;
        goto done;
    }
    for (int i = 0; i < nt; i++) {
        sow_move mv;
        if (g.over && s->match && !m.over) {
            if (sow_match_next(&cg.eng, &m, &g, &err)) {
                rc = 1;
                goto done;
            }
        }
        if (g.over) {
            sow_error_set(&err, NULL, 0, 0,
                          "--moves: token %d ('%.*s'): the game is already "
                          "over after ply %d; give fewer moves",
                          i + 1, SOW_CLIP(tok[i], 40), g.ply);
            rc = 1;
            goto done;
        }
        if (sow_move_parse(s, tok[i], &mv, &err) ||
            sow_engine_play(&cg.eng, &g, mv, &err)) {
            char msg[SOW_MSG_MAX];
            sow_text_fmt(msg, sizeof msg, "--moves: token %d: %.*s", i + 1,
                     SOW_CLIP(err.msg, 900));
            sow_text_fmt(err.msg, sizeof err.msg, "%s", msg);
            rc = 1;
            goto done;
        }
    }
    if (g.over && s->match && !m.over && sow_match_next(&cg.eng, &m, &g, &err)) {
        rc = 1;
        goto done;
    }
    if (g.over) {
        sow_error_set(&err, NULL, 0, 0,
                      "the game is over after ply %d: there is no move to "
                      "search; give fewer moves",
                      g.ply);
        rc = 1;
        goto done;
    }
    if (!(pl = sow_player_new(&sp, s, seed, &err))) {
        rc = 1;
        goto done;
    }
    sow_search_info info;
    sow_move mv = 0;
    for (long r = 0; r < repeat; r++) {
        sow_player_seed(pl, seed);
        if (sow_player_move(pl, &cg.eng, &g, &mv, &info, &err)) {
            rc = 1;
            goto done;
        }
        times[r] = info.seconds;
    }
    qsort(times, (size_t)repeat, sizeof *times, cmp_double);
    double sec = times[repeat / 2];
    char spec[128], token[64], label[64];
    sow_player_spec_format(&sp, spec, sizeof spec);
    sow_move_format(token, sizeof token, s, mv);
    cli_format_moves(s, (const uint16_t[]){(uint16_t)mv}, 1, true, label,
                     sizeof label);
    if (json) {
        /* the record's names: to_move a number, the move its token */
        sow_buf mt = {0};
        sow_record_token(&mt, s, mv);
        printf("{\"format\":\"sow-search\",\"version\":1,\"sow_version\":");
        cli_json_string(stdout, SOW_VERSION_STRING);
        printf(",\"variant\":");
        cli_json_string(stdout, cg.v->id);
        printf(",\"player\":");
        cli_json_string(stdout, spec);
        printf(",\"seed\":\"%llu\",\"ply\":%d,\"to_move\":%d,\"move\":%s,"
               "\"label\":",
               seed, g.ply, g.to_move, mt.s ? mt.s : "null");
        cli_json_string(stdout, label);
        if (sp.kind == SOW_PLAYER_MCTS)
            printf(",\"score\":null,\"depth\":null,\"win_rate\":%.6f,"
                   "\"iterations\":%ld",
                   info.win_rate, info.iterations);
        else
            printf(",\"score\":%d,\"depth\":%d,\"win_rate\":null,"
                   "\"iterations\":null",
                   info.score, info.depth);
        printf(",\"nodes\":%lld,\"ms\":%.3f,\"nodes_per_s\":%.0f}\n",
               info.nodes, sec * 1e3,
               sec > 0 ? (double)info.nodes / sec : 0.0);
        sow_buf_free(&mt);
        goto done;
    }
    printf("sow search: variant=%s player=%s ply=%d to_move=%s move=%s "
           "label=%s",
           cg.v->id, spec, g.ply, g.to_move ? "North" : "South", token,
           label);
    if (sp.kind == SOW_PLAYER_MCTS)
        printf(" win_rate=%.3f iterations=%ld", info.win_rate,
               info.iterations);
    else
        printf(" score=%d depth=%d", info.score, info.depth);
    printf(" nodes=%lld ms=%.2f nodes_per_s=%.0f\n", info.nodes, sec * 1e3,
           sec > 0 ? (double)info.nodes / sec : 0.0);
done:
    if (rc)
        cli_error("search", &err);
    sow_player_free(pl);
    free(buf);
    free(tok);
    free(times);
    cli_close(&cg);
    return rc;
}
