/* cmd_selfplay.c - `sow selfplay VARIANT --games N --players A,B`: many
 * games between computer players, on several threads, with the summary
 * of sow_stats.h (`sow stats`, cmd_stats.c, merges the --json summaries of
 * shards). The games are played by selfplay_run.c (shared with sow
 * compare), which says how a run stays the same whatever the thread
 * count. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "flags.h"
#include "selfplay_run.h"
#include "sow_num.h"

static void help(void)
{
    printf(
        "usage: sow selfplay VARIANT [--games N] [--players A,B] [--threads "
        "T] [--seed S]\n"
        "                    [--shard I/N] [--jsonl FILE] [--json] "
        "[--option NAME=VALUE]...\n\n"
        "Play N games (default 100) of player A (South) against player B "
        "(North),\ndefault random,random, and print the summary: South's "
        "and North's wins,\nthe first mover's wins, draws and unfinished "
        "games, each with a 95%%\nconfidence interval (Wilson), plies "
        "(mean, median, max), captures per\ngame, and endless moves left "
        "out of the legal moves per game (P6). With\n--option match=true "
        "each game is a whole match. The first mover is who\nmade the "
        "first sowing move (in Andada, whom North chose by first:N).\n\n"
        "Players: random, greedy, alphabeta[:depth=D][:ms=T][:tt=B], "
        "mcts[:iter=N][:ms=T]\n[:c=X][:playout=P] (see 'sow search "
        "--help'). A seed S (default 1) fixes\nevery game: the same "
        "command gives the same numbers with any --threads T\n(default 1; "
        "--threads 0: every core), unless a player has a time limit\n"
        "(ms=).\n\n"
        "--shard I/N     play only the games i with i %% N == I (0 <= I < "
        "N); 'sow stats'\n"
        "                merges the --json summaries of all N shards into "
        "the totals\n"
        "                of the unsharded run\n"
        "--jsonl FILE    one JSON line per game: game, seed, players, "
        "result, plies,\n"
        "                captured, moves (replayable with sow replay "
        "--moves); written\n"
        "                to a new file beside FILE and renamed over it when "
        "all went\n"
        "                well (a FIFO or a device is written to as it is; "
        "'-': standard\n"
        "                output, before the summary)\n"
        "--json          the summary as one JSON object (raw totals, a "
        "histogram of\n"
        "                plies, and the rates) instead of text\n\n"
        "A progress bar is drawn on stderr when it is a terminal.\n");
    printf("\n" CLI_TIME_LIMIT_HELP);
}

typedef struct selfplay_args {
    cli_opts o;
    sp_flags sp;
    const char *shard, *jsonl;
    bool json;
} selfplay_args;

static const flag_spec flags[] = {
    SP_FLAGS(selfplay_args, sp),
    FL_STRING("shard", selfplay_args, shard, "I/N"),
    FL_STRING("jsonl", selfplay_args, jsonl, "FILE"),
    FL_BOOL("json", 0, selfplay_args, json),
    FLAGS_VARIANT(selfplay_args, o),
};
static const flag_cmd cmd = FLAGS_CMD("selfplay", help, flags);

/* --shard I/N into *i and *n. Returns 0, or 2 after a usage error. */
static int parse_shard(const char *C, const char *v, long *i, long *n)
{
    char buf[64];
    snprintf(buf, sizeof buf, "%s", v);
    char *slash = strchr(buf, '/');
    if (slash)
        *slash = 0;
    if (!slash || sow_parse_long(buf, 0, SOW_STATS_MAX_SHARDS, i) ||
        sow_parse_long(slash + 1, 1, SOW_STATS_MAX_SHARDS, n) || *i >= *n)
        return cli_usage(C, "--shard takes I/N with 0 <= I < N, e.g. "
                            "--shard 0/4, not '%s'",
                         v);
    return 0;
}

int cmd_selfplay(int argc, char **argv)
{
    const char *C = "selfplay";
    selfplay_args a = {.sp = SP_FLAGS_DEFAULT};
    flags_parsed p;
    const char *variant = flags_parse_variant(
        &cmd, argc, argv, &a, &p, "sow selfplay adji-kui-1 --games 1000");
    if (!variant)
        return p.status;
    long shard_i = 0, shard_n = 1;
    if (a.shard && parse_shard(C, a.shard, &shard_i, &shard_n))
        return 2;
    const sp_flags fl = a.sp;
    const char *jsonl = a.jsonl;
    bool json = a.json;
    sp_players pl;
    if (sp_parse_players(C, fl.players, &pl))
        return 2;
    sp_job job = {C, variant, &a.o, &pl, fl.seed, fl.games, shard_i, shard_n,
                  (int)fl.threads, jsonl, "selfplay"};
    sp_done done;
    if (sp_run(&job, &done))
        return 1;
    if (json) {
        sow_stats_write_json(&done.total, stdout);
    } else {
        sow_stats_write_text(&done.total, stdout);
        printf("%-15s %.2f s, %.0f games/s, %d thread%s\n", "time",
               done.seconds,
               done.seconds > 0 ? (double)done.total.games / done.seconds
                                : 0.0,
               done.threads, done.threads == 1 ? "" : "s");
    }
    sow_stats_free(&done.total);
    return 0;
}
