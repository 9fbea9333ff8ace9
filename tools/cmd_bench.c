/* cmd_bench.c - `sow bench VARIANT`: uniformly random games back to back
 * on one core, for a given time. */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "commands.h"
#include "flags.h"
#include "sow/version.h"
#include "sow_player.h"
#include "stop.h"

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void help(void)
{
    printf("usage: sow bench VARIANT [--seconds S] [--games N] [--seed N] "
           "[--by-decision]\n"
           "                 [--json] [--option NAME=VALUE]...\n\n"
           "Play uniformly random games back to back on one core for "
           "S seconds\n(default 3) and print one line: games, "
           "games_per_s, plies_per_s,\nmean_plies, unfinished "
           "(games ended by max_plies). With a match option\n"
           "(adji-kui-2 --option match=true) whole matches are "
           "played, decisions at\nrandom, and a second line "
           "gives matches_per_s.\n\n"
           "--games N stops after N games (or the matches holding "
           "them) even before\nS seconds: a fixed amount of work, "
           "to compare builds with a cycle counter\n(perf stat -e "
           "cycles:u sow bench ... --games N --seconds 3600).\n\n"
           "--by-decision: a turn of several decisions (Bao la "
           "Kiswahili, Bao; C2.3)\nis chosen decision by decision, as "
           "Ludii's random playouts choose: its\nfirst decision alike "
           "among the legal ones, then each choice alike between\nits "
           "answers (by default each whole legal turn alike). Only "
           "whether the\nnext player has a turn is listed after each "
           "ply, not every turn, so the\ngames are played as their "
           "players choose them, not from the lists.\nOther games "
           "are played as without it.\n\n"
           "--json gives one JSON object instead (schemas/"
           "bench.schema.json).\nCtrl-C (SIGINT) or SIGTERM stops "
           "it: the games finished are measured\n(\"interrupted\": "
           "true), and the exit status is 130 or 143.\n\n"
           CLI_TIME_LIMIT_HELP);
}

typedef struct bench_args {
    cli_opts o;
    double seconds;
    long games; /* 0: no limit, stop on the clock */
    uint64_t seed;
    bool json;
    bool by_decision;
} bench_args;

static const flag_spec flags[] = {
    FL_DOUBLE("seconds", bench_args, seconds, "S", 0, true, 3600, NULL),
    FL_LONG("games", bench_args, games, "N", 1, 1000000000, NULL),
    FL_SEED("seed", bench_args, seed),
    FL_BOOL("json", 0, bench_args, json),
    FL_BOOL("by-decision", 0, bench_args, by_decision),
    FLAGS_VARIANT(bench_args, o),
};
static const flag_cmd cmd = FLAGS_CMD("bench", help, flags);

/* --by-decision: a turn of g's player drawn decision by decision
 * (sow_turn_random) and played. */
static int play_drawn(cli_game *cg, sow_game *g, sow_rng *rng,
                      sow_error *err)
{
    sow_move m;
    int k = sow_turn_random(&cg->setup, g, rng, &m, err);
    if (k < 0)
        return -1;
    if (k == 0) /* (the engine said there was one) */
        return sow_error_set(err, NULL, 0, 0,
                             "ply %d: no turn could be drawn for %s",
                             g->ply, g->to_move ? "North" : "South");
    return sow_engine_play_known(&cg->eng, g, m, err);
}

int cmd_bench(int argc, char **argv)
{
    bench_args a = {.seconds = 3, .seed = 1};
    flags_parsed p;
    const char *variant = flags_parse_variant(
        &cmd, argc, argv, &a, &p, "sow bench adji-kui-1 --seconds 3");
    if (!variant)
        return p.status;
    double seconds = a.seconds;
    long max_games = a.games;
    bool json = a.json;
    cli_game cg;
    sow_error err;
    if (cli_open(&cg, variant, &a.o, &err)) {
        cli_error("bench", &err);
        return 1;
    }
    sow_rng rng;
    sow_rng_seed(&rng, a.seed);
    /* MW.2: the layouts the engine draws where a playout meets the legal
     * list's pattern follow the run's seed too */
    sow_rng_seed(&cg.eng.lay_rng, a.seed ^ SOW_GOLDEN64);
    /* --by-decision: the turns are drawn (sow_turn_random), so the
     * engine's lists need only say whether there is one */
    const bool by_decision = a.by_decision && cg.setup.ends_turns;
    cg.eng.leaf = by_decision;
    long games = 0, plies = 0, unfinished = 0, matches = 0;
    /* --seconds is kept within 64 plies, however long a game is (issue 13
     * #11): a game still in progress then is left out. The run's time
     * limit stays with the engine and the script (an error). */
    sow_budget stop;
    sow_budget_start(&stop, seconds);
    /* Ctrl-C ends the measurement like the clock does (stop.h) */
    stop_catch();
    stop.stop = stop_flag();
    unsigned tick = 0;
    bool cut = false;
    double t0 = now(), t = t0;
    int rc = 0;
    sow_game g;
    while (!rc && !cut && !sow_budget_over(&stop) &&
           (!max_games || games < max_games)) {
        /* a single game, or every game of a match */
        sow_match m;
        if (sow_match_start(&cg.eng, &m, &g, &err)) {
            rc = 1;
            break;
        }
        while (!rc && !cut) {
            while (!g.over) {
                if ((++tick & 63) == 0 && sow_budget_over(&stop)) {
                    cut = true;
                    break;
                }
                if (by_decision && !sow_decision_phase(&cg.setup, &g)) {
                    if (play_drawn(&cg, &g, &rng, &err)) {
                        rc = 1;
                        break;
                    }
                    continue;
                }
                int i = (int)sow_rng_below(&rng, g.nlegal);
                if (sow_engine_play_at(&cg.eng, &g, i, &err)) {
                    rc = 1;
                    break;
                }
            }
            if (rc || cut)
                break;
            games++;
            plies += g.ply;
            unfinished += g.result.unfinished;
            if (sow_match_next(&cg.eng, &m, &g, &err))
                rc = 1;
            else if (m.over)
                break;
        }
        if (!rc && !cut)
            matches++;
    }
    t = now();
    stop_release();
    int sig = stop_signal();
    double el = t - t0;
    if (rc) {
        cli_error("bench", &err);
    } else if (json) {
        printf("{\"format\":\"sow-bench\",\"version\":1,\"sow_version\":");
        cli_json_string(stdout, SOW_VERSION_STRING);
        printf(",\"variant\":");
        cli_json_string(stdout, cg.v->id);
        printf(",\"seed\":\"%llu\",\"games\":%ld,\"seconds\":%.3f,"
               "\"games_per_s\":%.1f,\"plies_per_s\":%.1f,"
               "\"mean_plies\":%.3f,\"unfinished\":%ld,\"matches\":",
               (unsigned long long)a.seed, games, el, games / el, plies / el,
               games ? (double)plies / games : 0.0, unfinished);
        if (cg.setup.match)
            printf("%ld,\"matches_per_s\":%.3f", matches, matches / el);
        else
            printf("null,\"matches_per_s\":null");
        printf(",\"interrupted\":%s,\"by_decision\":%s}\n",
               sig ? "true" : "false", by_decision ? "true" : "false");
    } else {
        printf("sow bench: variant=%s games=%ld seconds=%.2f "
               "games_per_s=%.0f plies_per_s=%.0f mean_plies=%.1f "
               "unfinished=%ld%s%s\n",
               cg.v->id, games, el, games / el, plies / el,
               games ? (double)plies / games : 0.0, unfinished,
               by_decision ? " by_decision" : "",
               sig ? " interrupted" : "");
        if (cg.setup.match)
            printf("sow bench: matches=%ld matches_per_s=%.1f "
                   "mean_games_per_match=%.1f\n",
                   matches, matches / el, matches ? (double)games / matches : 0);
    }
    cli_close(&cg);
    return !rc && sig ? stop_status(sig) : rc;
}
