/* selfplay_run.h - the game-playing machinery of sow selfplay, shared with
 * sow compare (which plays the same seeds under two readings): the flags
 * both take, the players, and a run of many games on several threads.
 *
 * Reproducible whatever the thread count: game i is played with seed
 * mix(mix(S) + i * 0x9E3779B97F4A7C15) (mix: splitmix64's output function;
 * S from --seed), its South player seeded with mix(seed ^ 1) and its North
 * player with mix(seed ^ 2); players start every game afresh; the
 * totals are sums and a histogram, which do not depend on the order the
 * games finish in; and --jsonl lines are written in game order. Each
 * thread opens the variant for itself (a Lua state is not shared). */
#ifndef SOW_SELFPLAY_RUN_H
#define SOW_SELFPLAY_RUN_H

#include <stdbool.h>
#include <stdint.h>

#include "cli.h"
#include "flags.h"
#include "sow_compare.h"
#include "sow_player.h"
#include "sow_stats.h"

#define SP_MAX_THREADS 256
/* sow stats reads back no more than selfplay may play (sow_stats.h) */
#define SP_MAX_GAMES SOW_STATS_MAX_GAMES

/* The flags selfplay and compare share. */
typedef struct sp_flags {
    long games;          /* --games N */
    const char *players; /* --players A,B */
    long threads;        /* --threads T (0: all cores) */
    uint64_t seed;       /* --seed S */
} sp_flags;

#define SP_FLAGS_DEFAULT                                                   \
    {.games = 100, .players = "random,random", .threads = 1, .seed = 1}

/* Their entries in a flag table (flags.h), into the sp_flags `field` of
 * struct `type`. */
#define SP_FLAGS(type, field)                                              \
    FL_LONG("games", type, field.games, "N", 1, SP_MAX_GAMES, NULL),       \
        FL_STRING("players", type, field.players, "A,B"),                  \
        {.name = "threads", .kind = FLAG_LONG,                             \
         .at = offsetof(type, field.threads), .value = "T", .lo = 0,       \
         .hi = SP_MAX_THREADS, .zero = "all cores"},                       \
        FL_SEED("seed", type, field.seed)

/* Whether any of them was given. */
bool sp_flags_given(const flags_parsed *p);

/* The two players of --players A,B. */
typedef struct sp_players {
    sow_player_spec spec[2];
    char text[2][128];        /* canonical specs */
} sp_players;

/* Parse --players; 0, or 2 after printing a usage error. */
int sp_parse_players(const char *cmd, const char *text, sp_players *out);

/* The seed of game i of a run seeded with `seed`. */
uint64_t sp_game_seed(uint64_t seed, long long i);

/* One run: what to play and how. */
typedef struct sp_job {
    const char *cmd;          /* for messages: "selfplay" */
    const char *variant;      /* id or path */
    const cli_opts *o;        /* --option values */
    const sp_players *players;
    uint64_t seed;
    long long games;          /* games of the whole run */
    long long shard_i, shard_n; /* play the games i with i % n == i */
    int threads;              /* 0: all cores */
    const char *jsonl;        /* a JSON line per game to this file, or NULL */
    const char *label;        /* before the progress bar ("selfplay") */
} sp_job;

/* What a run gives. */
typedef struct sp_done {
    sow_stats total;          /* described and filled; sow_stats_free it */
    sow_run_moments mom;      /* the per-game moments (sow compare) */
    double seconds;
    int threads;              /* threads used */
} sp_done;

/* Play the run. Returns 0, or 1 after printing the error (the variant,
 * a game that failed with its number and seed, a file). On 1 nothing is
 * left to free. */
int sp_run(const sp_job *job, sp_done *out);

#endif
