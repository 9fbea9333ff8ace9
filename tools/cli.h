/* cli.h - what the subcommands of `sow` share: finding variants, parsing
 * common flags, opening a variant with its options, reporting errors. */
#ifndef SOW_CLI_H
#define SOW_CLI_H

#include <stdbool.h>
#include <stdio.h>

#include "sow_budget.h"
#include "sow_buf.h"
#include "sow_find.h"
#include "sow_game.h"
#include "sow_kit.h"
#include "sow_lua.h"
#include "sow_variant.h"

#define CLI_MAX_OPTION_ARGS 64

/* A variant opened for play: file, options, setup, script, engine, and
 * the run's time budget that bounds the engine and the script (do not
 * copy a cli_game once open: they point at its budget). */
typedef sow_kit cli_game;

/* --option NAME=VALUE arguments collected from the command line, and
 * --time-limit SECONDS (time_set: given); flags.h fills them. */
typedef struct cli_opts {
    int n;
    const char *arg[CLI_MAX_OPTION_ARGS];
    double time_limit;
    bool time_set;
} cli_opts;

/* What --help says of --time-limit (every command that plays or loads
 * scripts takes it). */
#define CLI_TIME_LIMIT_HELP                                                  \
    "--time-limit SECONDS bounds the whole run (default 600; 0: no limit;\n" \
    "the environment variable SOW_TIME_LIMIT sets it too): a run past it\n" \
    "stops with an error and writes no output file (sow play with a\n"      \
    "person at the board has no limit unless one is given).\n"

/* The time limit of a run: --time-limit if given (o may be NULL), else
 * SOW_TIME_LIMIT, else SOW_TIME_LIMIT_DEFAULT; -1 with err set when
 * SOW_TIME_LIMIT is not a number of seconds. */
double cli_time_limit(const cli_opts *o, sow_error *err);

/* Write s to f as a JSON string, quoted and escaped by the one escaper
 * (sow_text.h), or null when s is NULL: for the --json outputs. */
void cli_json_string(FILE *f, const char *s);

/* ,"key":"s" (or ,"key":null): a string field after the first. */
void cli_json_field(FILE *f, const char *key, const char *s);

/* Print an error as "path:line:col: message" (or "sow CMD: message"). */
void cli_error(const char *cmd, const sow_error *err);

/* Print "sow CMD: message" and a hint to use --help; returns 2. */
int cli_usage(const char *cmd, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));


/* Call fn for every variant file that loads, directory by directory in
 * search order, until fn returns non-zero. Returns 1 if stopped early. */
int cli_scan_variants(int (*fn)(void *ctx, const char *path,
                                const sow_variant *v),
                      void *ctx);

/* Resolve a variant id or path to a YAML path. */
int cli_find_variant(const char *arg, char *path, size_t size,
                     sow_error *err);

/* Open a variant (id or path) with options, script and engine. */
int cli_open(cli_game *cg, const char *variant, const cli_opts *o,
             sow_error *err);
void cli_close(cli_game *cg);

/* Append moves as text separated by spaces to b: tokens ("3", "buy:8"),
 * or with `labels` hole labels for sowing moves ("d"); decisions stay
 * tokens; "(none)" for none. */
void cli_put_moves(sow_buf *b, const sow_setup *s, const uint16_t *moves,
                   int n, bool labels);

/* The same into buf for a message or a status line: a list that does not
 * fit is cut after a whole token and ends in "..." (issue 13 #7: never a
 * silent cut, never inside a token). */
void cli_format_moves(const sow_setup *s, const uint16_t *moves, int n,
                      bool labels, char *buf, size_t size);

/* The labels of the holes g's player to move may not play because their
 * sowing would never end (C0.7), as cli_format_moves writes them. */
void cli_endless_list(const sow_setup *s, const sow_game *g, char *buf,
                      size_t size);

/* In a sowing phase with fresh_holes (an opening such as B.3), write the
 * holes each player has still to play, e.g. "opening: still to play:
 * South b c, North A E"; else write nothing. */
void cli_phase_due(const sow_setup *s, const sow_game *g, char *buf,
                   size_t size);

/* Split a string of move tokens separated by spaces or commas. Returns
 * the count, fills tok (pointers into buf, which is modified). */
int cli_split_moves(char *buf, char **tok, int max);

/* The move of token i (from 0) of a move list on g: an error when the game
 * is over or the token is not a move (with the legal moves). Legality
 * itself is the engine's to check. */
int cli_token_move(const sow_setup *s, const sow_game *g, const char *tok,
                   int i, sow_move *mv, sow_error *err);

#endif
