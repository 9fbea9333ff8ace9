/* show.h - the pieces of `sow show` (cmd_show.c): a variant's mechanics in
 * words (show_words.c) and as one JSON object (show_json.c). Both describe
 * the setup, that is the variant with the chosen option values applied. */
#ifndef SOW_SHOW_H
#define SOW_SHOW_H

#include <stdbool.h>
#include <stdint.h>

#include "cli.h"
#include "sow_buf.h"
#include "sow_game.h"

/* The words of the variant file for each sow_lap_action (`do:`). */
extern const char *const show_action_names[];
#define SHOW_NACTIONS 15

/* "count 1", "count 2,3", "count 1 to 4", "count 2 or more", "any count". */
void show_words_counts(sow_buf *b, uint64_t counts, bool high);

/* Holes by number and label: "0, 1, 2 (a, b, c)". */
void show_words_holes(sow_buf *b, const sow_setup *s, uint64_t holes);

/* The option reference of a bool field (a rule's `if:`) as written after
 * `$`: "cycle=repetition", "no_undo=true", "endless:no_capture_plies";
 * "true" or "false" when the field is written out. */
void show_words_ref(sow_buf *b, const sow_variant *v, const sow_expr *e);

/* Lap-end rule i: its condition, ": ", what it does, and its rule id. */
void show_words_lap_rule(sow_buf *b, const cli_game *cg, int i);

/* The rounds of a match (C1.6), as one paragraph. */
void show_words_rounds(sow_buf *b, const cli_game *cg);

/* The end by an empty row (end.cleared, JK.3, SQ.5), or "" when off. */
const char *show_words_cleared(int row_empty_end);

/* The threshold end (C1.7) with the chosen options, or nothing. */
void show_words_threshold(sow_buf *b, const cli_game *cg);

/* How the totals are made: the hook, captures plus the rest (C1.8). */
void show_words_scoring(sow_buf *b, const cli_game *cg);

/* `sow show --json` (schemas/show.schema.json). */
void show_json(const cli_game *cg, const sow_game *g);

#endif
