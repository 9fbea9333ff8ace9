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
    const char *shard;   /* --shard I/N as given, or NULL */
    long shard_i, shard_n; /* it, read by sp_flags_check: 0/1 without */
    double progress;     /* --progress[=S]: a status line every S seconds
                            (0: none) */
} sp_flags;

#define SP_FLAGS_DEFAULT                                                   \
    {.games = 100, .players = "random,random", .threads = 1, .seed = 1,    \
     .shard_n = 1}

/* --progress without a value: a status line every this many seconds. */
#define SP_PROGRESS_DEFAULT 10.0

/* What --help says of the flags of a long run (selfplay, compare). */
#define SP_LONG_RUN_HELP                                                    \
    "--progress[=S]  a one-line status on stderr every S seconds (default " \
    "10) and\n"                                                             \
    "                at the end: games done, rate, ETA (for logs; on a "    \
    "terminal\n"                                                            \
    "                a progress bar with the ETA is drawn without it)\n\n"  \
    "Ctrl-C (SIGINT) or SIGTERM stops the run cleanly: the games finished " \
    "are\nsummarised (the JSON says \"interrupted\": true), the output "     \
    "files are\nfinished and put in place (whole lines, no temporary file "  \
    "left), and the\nexit status is 130 (SIGINT) or 143 (SIGTERM). A "       \
    "second signal ends it at\nonce.\n"

/* Read --shard I/N into shard_i, shard_n: 0, or 2 after a usage error. */
int sp_flags_check(const char *cmd, sp_flags *f);

/* Their entries in a flag table (flags.h), into the sp_flags `field` of
 * struct `type`. */
#define SP_FLAGS(type, field)                                              \
    FL_LONG("games", type, field.games, "N", 1, SP_MAX_GAMES, NULL),       \
        FL_STRING("players", type, field.players, "A,B"),                  \
        {.name = "threads", .kind = FLAG_LONG,                             \
         .at = offsetof(type, field.threads), .value = "T", .lo = 0,       \
         .hi = SP_MAX_THREADS, .zero = "all cores"},                       \
        FL_SEED("seed", type, field.seed),                                 \
        FL_STRING("shard", type, field.shard, "I/N"),                      \
        FL_EVERY("progress", type, field.progress, "S", 0.1, 86400,        \
                 SP_PROGRESS_DEFAULT)

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
    const char *csv;          /* a CSV row per game to this file, or NULL */
    double progress;          /* --progress: seconds between status lines
                                 (0: none) */
} sp_job;

/* What a run gives. */
typedef struct sp_done {
    sow_stats total;          /* described and filled; sow_stats_free it */
    sow_run_moments mom;      /* the per-game moments (sow compare) */
    double seconds;
    int threads;              /* threads used */
    int signal;               /* SIGINT or SIGTERM came (stop.h), or 0;
                                 total.interrupted says whether games
                                 were left unplayed */
} sp_done;

/* Play the run. Returns 0, or 1 after printing the error (the variant,
 * a game that failed with its number and seed, a file). On 1 nothing is
 * left to free.
 *
 * A signal caught by stop.h (the caller calls stop_catch) stops the run:
 * the games in progress are dropped, the games finished are in the
 * totals and their lines in the --jsonl and --csv files (in game order,
 * so with gaps where games were cut off), the files are put in place,
 * and 0 is returned with out->signal set. */
int sp_run(const sp_job *job, sp_done *out);

#endif
