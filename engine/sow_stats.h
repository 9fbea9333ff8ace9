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
#include "sow_variant.h"

#define SOW_STATS_NAME_MAX 128

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
    /* totals */
    long long games, wins[2], draws, unfinished;
    long long first_known, first_south, first_wins;
    long long plies_sum, plies_max;
    long long *plies_hist; /* games by length, 0..plies_cap-1 */
    long long plies_cap;
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

int sow_stats_add(sow_stats *st, const sow_game_stat *g, sow_error *err);

/* Add the totals of `from` (same run description) into `to`: the
 * shards of both are included; from's shards must not be in to. `what`
 * and `where` name from in errors. */
int sow_stats_merge(sow_stats *to, const sow_stats *from, const char *where,
                    sow_error *err);

/* Add the totals only (threads of one run). */
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

/* Read the JSON summary in text (as written by sow_stats_write_json);
 * `path` names it in errors (path:line:col). st is initialised here. */
int sow_stats_read_json(sow_stats *st, const char *path, const char *text,
                        sow_error *err);

#endif
