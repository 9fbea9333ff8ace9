/* teach.h - what `sow play` offers people learning a game: a move shown
 * seed by seed (watch mode) and, for every legal move, what it would do
 * (hint). Both tell the steps with sow_narrate, so they cite the variant's
 * own rules. */
#ifndef SOW_TEACH_H
#define SOW_TEACH_H

#include <stdbool.h>

#include "cli.h"
#include "sow_game.h"

/* The events of one move, collected by an engine observer. */
typedef struct teach_events {
    int n, cap;
    sow_event *ev;
    bool overflow;
} teach_events;

/* An observer filling t (t->ev allocated by the caller, t->cap entries). */
void teach_on_event(void *ctx, const sow_event *ev);

/* Show the move just played seed by seed: from `before`, each event
 * applied to the board and told in a line, with delay_ms between frames.
 * On a terminal the board is redrawn in place and any key pressed (a line
 * typed) skips to the end; elsewhere the steps are printed one per line
 * (drops condensed) with no pause. */
void teach_watch(const sow_setup *s, const sow_game *before,
                 const sow_game *after, const teach_events *t, int delay_ms,
                 bool tty);

/* For every legal move of g: where its sowing ends, how many laps, what it
 * captures, whether it never ends; decisions are listed as such. Plays on
 * copies with the sowing machine; the game is not changed. */
void teach_hints(const cli_game *cg, const sow_game *g);

#endif
