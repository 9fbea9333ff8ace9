/* cmd_search.c - `sow search VARIANT [--moves "TOKENS"] --player SPEC`:
 * replay a move list, then let a computer player choose the next move and
 * say how: move, score, depth, nodes, time, nodes/s. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "flags.h"
#include "learn.h"
#include "sow/version.h"
#include "sow_player.h"
#include "sow_text.h"
#include "sow_record.h"

static void help(void)
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
        "  random[:by=decision] | greedy   by=decision: a turn of several "
        "decisions\n"
        "                                  (C2.3) drawn one decision at a "
        "time, as\n"
        "                                  Ludii's random playouts draw it\n"
        "  alphabeta[:depth=D][:ms=T][:tt=B]   negamax, iterative "
        "deepening to D plies\n"
        "                                      (1-64) or for T ms; a "
        "table of 2^B entries\n"
        "  mcts[:iter=N][:ms=T][:c=X][:playout=P]   UCT, N iterations or "
        "T ms\n"
        "  db=DIR (alphabeta, mcts, perfect): the endgame database of the "
        "rules in DIR\n"
        "         (sow egdb) answers the positions it holds: alphabeta "
        "scores them as\n"
        "         won, lost or drawn, mcts ends its playouts there\n"
        "  perfect[:mib=M][:trust=1][:db=DIR]  every move solved exactly (sow "
        "solve), a\n"
        "                              table of M MiB (default 64), the "
        "endgame database\n"
        "                              of the rules in DIR (sow egdb); "
        "small boards only\n\n"
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
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

typedef struct search_args {
    cli_opts o;
    const char *moves, *player;
    uint64_t seed;
    long repeat;
    bool json;
} search_args;

static const flag_spec flags[] = {
    FL_STRING("moves", search_args, moves, "\"TOKENS\""),
    FL_STRING("player", search_args, player, "SPEC"),
    FL_SEED("seed", search_args, seed),
    FL_LONG("repeat", search_args, repeat, "N", 1, 1000, NULL),
    FL_BOOL("json", 0, search_args, json),
    FLAGS_VARIANT(search_args, o),
};
static const flag_cmd cmd = FLAGS_CMD("search", help, flags);

int cmd_search(int argc, char **argv)
{
    search_args a = {.moves = "", .player = "alphabeta", .seed = 1,
                     .repeat = 1};
    flags_parsed p;
    const char *variant = flags_parse_variant(
        &cmd, argc, argv, &a, &p, "sow search andada --moves \"0 first:0\"");
    if (!variant)
        return p.status;
    const char *spec_text = a.player;
    long repeat = a.repeat;
    sow_player_spec sp;
    sow_error err;
    if (sow_player_spec_parse(spec_text, &sp, &err))
        return cli_usage("search", "--player: %s", err.msg);
    cli_game cg;
    if (cli_open(&cg, variant, &a.o, &err)) {
        cli_error("search", &err);
        return 1;
    }
    const sow_setup *s = &cg.setup;
    sow_player *pl = NULL;
    double *times = malloc(sizeof *times * (size_t)repeat);
    learn_play lp;
    int rc = 0;
    if (!times) {
        sow_error_set(&err, NULL, 0, 0, "out of memory");
        rc = 1;
    } else if (learn_play_list(&cg, "search", a.moves, &lp, &err)) {
        rc = 1;
    }
    if (rc)
        goto done;
    const sow_game g = lp.g;
    if (!(pl = sow_player_new(&sp, s, a.seed, &err))) {
        rc = 1;
        goto done;
    }
    sow_search_info info;
    sow_move mv = 0;
    for (long r = 0; r < repeat; r++) {
        sow_player_seed(pl, a.seed);
        if (sow_player_move(pl, &cg.eng, &g, &mv, &info, &err)) {
            rc = 1;
            goto done;
        }
        times[r] = info.seconds;
    }
    qsort(times, (size_t)repeat, sizeof *times, cmp_double);
    double sec = times[repeat / 2];
    char spec[128], token[96], label[96];
    sow_player_spec_format(&sp, spec, sizeof spec);
    sow_turn_format(token, sizeof token, s, &g, mv); /* C2.3 */
    if (sow_move_is_turn(mv) || sow_move_is_laid(mv)) /* C2.3, MW.2 */
        snprintf(label, sizeof label, "%s", token);
    else
        cli_format_moves(s, (const uint16_t[]){(uint16_t)mv}, 1, true, label,
                         sizeof label);
    if (a.json) {
        /* the record's names: to_move a number, the move its token */
        sow_buf mt = {0};
        sow_record_turn(&mt, s, &g, mv);
        printf("{\"format\":\"sow-search\",\"version\":1,\"sow_version\":");
        cli_json_string(stdout, SOW_VERSION_STRING);
        printf(",\"variant\":");
        cli_json_string(stdout, cg.v->id);
        printf(",\"player\":");
        cli_json_string(stdout, spec);
        printf(",\"seed\":\"%llu\",\"ply\":%d,\"to_move\":%d,\"move\":%s,"
               "\"label\":",
               (unsigned long long)a.seed, g.ply, g.to_move,
               mt.s ? mt.s : "null");
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
    free(times);
    cli_close(&cg);
    return rc;
}
