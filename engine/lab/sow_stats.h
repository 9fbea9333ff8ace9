/* sow_stats.h - self-play statistics: totals that add up exactly (counts,
 * sums and a histogram of game lengths), so that the totals of shards
 * merged equal those of one run; the rates with 95% Wilson intervals; the
 * summary as text or as one JSON object; and reading that JSON back
 * (sow stats).
 *
 * A "game" is a whole match when the setup plays matches. The first mover
 * is the player who made the game's first sowing move (decision moves and
 * a scripted opening such as Andada's A.2 relay do not count: in Andada it
 * is the player North chose with first:N). */
#ifndef SOW_STATS_H
#define SOW_STATS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "sow_error.h"
#include "sow_num.h"
#include "sow_variant.h"

#define SOW_STATS_NAME_MAX 128

/* The summary's JSON: "format" and "version" (of the format; 2: the seed
 * a string, "sow_version" and "interrupted" added). */
#define SOW_STATS_FORMAT "sow-selfplay"
#define SOW_STATS_VERSION 2
/* The program's version, "sow_version": "0.9.0" (at most this long). */
#define SOW_STATS_PROGRAM_MAX 32

/* What a real run can produce (issue 13 #1): a summary read back is
 * checked against these, so that no number in a file can make sow stats
 * allocate, loop or add beyond them. */
#define SOW_STATS_MAX_GAMES 10000000000LL   /* --games of sow selfplay */

/* The seed of game i of a self-play run seeded with `seed` (sow selfplay
 * --seed, sow compare, sow_session_selfplay): the same whatever the
 * threads or shards, so that a run's totals can be reproduced. */
static inline uint64_t sow_game_seed(uint64_t seed, long long i)
{
    return sow_mix64(sow_mix64(seed) + (uint64_t)i * 0x9E3779B97F4A7C15ULL);
}
#define SOW_STATS_MAX_SHARDS 1000000000LL   /* N of --shard I/N */
/* The plies of one game are at most its max_plies, itself at most
 * SOW_MAX_PLIES_LIMIT; a match plays at most 100,000 games (the loader's
 * bound on match: max_games). */
#define SOW_STATS_MAX_MATCH_GAMES 100000LL
/* The longest summary file read. Its size is the histogram: one
 * [plies,games] entry per distinct game length, so at most 1,000,001
 * entries (lengths 0 to the max_plies ceiling of 1,000,000) of at most 4 +
 * 7 + 11 bytes, and as the counts add up to at most 10^10 games their
 * digits are fewer: the longest possible histogram of single games is
 * under 15 MB, the rest of the file a few KB. 16 MiB is never reached by a
 * real shard; a run of matches would need over a million distinct match
 * lengths. */
#define SOW_STATS_FILE_MAX ((size_t)16 << 20)
/* Such a file, in messages ("is larger than ... may be"). */
#define SOW_STATS_FILE_WHAT "a sow selfplay --json summary"

/* Games of one length. */
typedef struct sow_stats_bin {
    long long plies, games;
} sow_stats_bin;

/* One game's numbers. */
typedef struct sow_game_stat {
    int winner;            /* 0, 1, or -1 (a draw, or unfinished) */
    bool unfinished;
    int first_mover;       /* -1: no sowing move was made */
    long long plies;
    long long captured;    /* seeds taken by both players */
    long long capture_moves; /* plies in which the mover took seeds */
    long long endless_excluded; /* sum over positions of the endless moves
                                   left out of the legal moves (P6) */
    long long games;       /* games of a match; 1 for a single game */
} sow_game_stat;

typedef struct sow_stats {
    /* what was played: runs merge only when all of these agree */
    char sow_version[SOW_STATS_PROGRAM_MAX]; /* the program that played
                                               (its caller sets it) */
    char variant[SOW_STATS_NAME_MAX];
    int noptions;
    char opt_name[SOW_MAX_OPTIONS][SOW_NAME_MAX];
    char opt_value[SOW_MAX_OPTIONS][SOW_STATS_NAME_MAX];
    char players[2][SOW_STATS_NAME_MAX];
    uint64_t seed;
    long long games_requested;
    bool matches;          /* each game is a whole match */
    long shard_count;      /* N of --shard I/N (1: unsharded) */
    long *shards;          /* the shard indices included, ascending */
    long nshards;
    bool interrupted;      /* stopped (a signal) before every game of its
                              shards was played: the totals are of the
                              games finished, which no shard adds up to */
    /* totals */
    long long games, wins[2], draws, unfinished;
    long long first_known, first_south, first_wins;
    long long plies_sum, plies_max;
    /* games by length, sparse (a match may be 10^11 plies long): ascending
     * plies, each with games >= 1 */
    sow_stats_bin *hist;
    long long nhist, hist_cap;
    long long captured_sum, capture_moves_sum, endless_sum, match_games_sum;
} sow_stats;

/* An empty total for a run. */
void sow_stats_init(sow_stats *st);
void sow_stats_free(sow_stats *st);

/* Set what was played: variant id, option values, player specs, seed,
 * games asked for, whether they are matches, and the shard (index of
 * count). Returns SOW_ERR only when out of memory. */
int sow_stats_describe(sow_stats *st, const char *variant,
                       const sow_variant *v, const sow_optset *opts,
                       const char *const players[2], uint64_t seed,
                       long long games_requested, bool matches,
                       long shard_index, long shard_count, sow_error *err);

/* Add one game. Returns SOW_ERR when out of memory or when a total would
 * pass 2^63 - 1. */
int sow_stats_add(sow_stats *st, const sow_game_stat *g, sow_error *err);

/* Add `games` games of length `plies` to the histogram alone (plies_sum
 * and plies_max are the caller's). Appending in ascending order costs no
 * more than a search. */
int sow_stats_hist_add(sow_stats *st, long long plies, long long games,
                       sow_error *err);

/* The games whose length is from `from` to `to` - 1. */
long long sow_stats_games_between(const sow_stats *st, long long from,
                                  long long to);

/* Add the totals of `from` (same run description, same sow_version) into
 * `to`: the shards of both are included; from's shards must not be in
 * to. `where` names from in errors, `first` (may be NULL) the file `to`
 * began with. A total that would pass 2^63 - 1 is an error, and so is an
 * interrupted run (its games are not a whole shard). On an error `to` is
 * unchanged. */
int sow_stats_merge(sow_stats *to, const sow_stats *from, const char *where,
                    const char *first, sow_error *err);

/* Add the totals only (threads of one run); on an error `to` is
 * unchanged. */
int sow_stats_add_totals(sow_stats *to, const sow_stats *from,
                         sow_error *err);

/* A proportion with its 95% Wilson score interval. */
typedef struct sow_rate {
    double rate, low, high;
} sow_rate;
sow_rate sow_wilson(long long k, long long n);

double sow_stats_median_plies(const sow_stats *st);

/* Whether every shard of shard_count is included. */
bool sow_stats_complete(const sow_stats *st);

/* The summary as one line of JSON (with its newline). */
void sow_stats_write_json(const sow_stats *st, FILE *f);

/* The summary as text, one statistic a line. */
void sow_stats_write_text(const sow_stats *st, FILE *f);

/* Read the JSON summary in text[0..len) (as written by
 * sow_stats_write_json; sow_stats_read.c); `path` names it in errors
 * (path:line:col). st is initialised here, and freed again on an error.
 *
 * The file may come from a stranger (issue 13 #1): every number is read
 * against the range a real run can produce (the limits above), the totals
 * must agree with each other, with the histogram and with the games the
 * shards listed hold, and the memory taken is proportional to the
 * histogram's entries; text longer than SOW_STATS_FILE_MAX is refused. */
int sow_stats_read_json(sow_stats *st, const char *path, const char *text,
                        size_t len, sow_error *err);

#endif
