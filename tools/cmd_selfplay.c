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
#include "stop.h"

static void help(void)
{
    printf(
        "usage: sow selfplay VARIANT [--games N] [--players A,B] [--threads "
        "T] [--seed S]\n"
        "                    [--shard I/N] [--jsonl FILE] [--csv FILE] "
        "[--json]\n"
        "                    [--progress[=S]] [--option NAME=VALUE]...\n\n"
        "Play N games (default 100) of player A (South) against player B "
        "(North),\ndefault random,random, and print the summary: South's "
        "and North's wins,\nthe first mover's wins, draws and unfinished "
        "games, each with a 95%%\nconfidence interval (Wilson), plies "
        "(mean, median, max), captures per\ngame, and endless moves left "
        "out of the legal moves per game (P6). With\n--option match=true "
        "each game is a whole match. The first mover is who\nmade the "
        "first sowing move (in Andada, whom North chose by first:N).\n\n"
        "Players (see 'sow search --help'):\n"
        "  random[:by=decision]   greedy   perfect\n"
        "  alphabeta[:depth=D][:ms=T][:tt=B][:db=DIR]\n"
        "  mcts[:iter=N][:ms=T][:c=X][:playout=P][:db=DIR]\n\n"
        "A seed S (default 1) fixes\nevery game: the same "
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
        "                captured, moves (the record's tokens: replayable "
        "with sow\n"
        "                replay --moves); written to a new file beside FILE "
        "and renamed\n"
        "                over it when all went well (a FIFO or a device is "
        "written to\n"
        "                as it is; '-': standard output, before the "
        "summary)\n"
        "--csv FILE      one CSV row per game, with a header: game, seed, "
        "south, north,\n"
        "                winner (0 South, 1 North, empty: none), "
        "unfinished, reason,\n"
        "                south_score, north_score, plies, first_mover, "
        "south_captured,\n"
        "                north_captured, games (of a match); for "
        "spreadsheets and\n"
        "                pandas (read the seed as text: it takes 64 bits); "
        "written as\n"
        "                --jsonl is\n"
        "--json          the summary as one JSON object (raw totals, a "
        "histogram of\n"
        "                plies, and the rates) instead of text; the seeds "
        "are strings\n"
        "                of digits (64 bits: a JSON number is exact only "
        "below 2^53)\n"
        SP_LONG_RUN_HELP);
    printf("\n" CLI_TIME_LIMIT_HELP);
}

typedef struct selfplay_args {
    cli_opts o;
    sp_flags sp;
    const char *jsonl, *csv;
    bool json;
} selfplay_args;

static const flag_spec flags[] = {
    SP_FLAGS(selfplay_args, sp),
    FL_STRING("jsonl", selfplay_args, jsonl, "FILE"),
    FL_STRING("csv", selfplay_args, csv, "FILE"),
    FL_BOOL("json", 0, selfplay_args, json),
    FLAGS_VARIANT(selfplay_args, o),
};
static const flag_cmd cmd = FLAGS_CMD("selfplay", help, flags);

int cmd_selfplay(int argc, char **argv)
{
    const char *C = "selfplay";
    selfplay_args a = {.sp = SP_FLAGS_DEFAULT};
    flags_parsed p;
    const char *variant = flags_parse_variant(
        &cmd, argc, argv, &a, &p, "sow selfplay adji-kui-1 --games 1000");
    if (!variant)
        return p.status;
    if (sp_flags_check(C, &a.sp))
        return 2;
    const sp_flags fl = a.sp;
    const char *jsonl = a.jsonl, *csv = a.csv;
    bool json = a.json;
    if (jsonl && csv && strcmp(jsonl, "-") == 0 && strcmp(csv, "-") == 0)
        return cli_usage(C, "--jsonl - and --csv - would mix on standard "
                            "output; send one of them to a file");
    sp_players pl;
    if (sp_parse_players(C, fl.players, &pl))
        return 2;
    sp_job job = {C, variant, &a.o, &pl, fl.seed, fl.games, fl.shard_i,
                  fl.shard_n, (int)fl.threads, jsonl, "selfplay", csv,
                  fl.progress};
    sp_done done;
    stop_catch();
    int rc = sp_run(&job, &done);
    /* the summary is written whatever comes now: a signal ends it */
    stop_release();
    if (rc)
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
    return done.signal ? stop_status(done.signal) : 0;
}
