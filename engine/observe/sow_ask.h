/* sow_ask.h - what a person is asked when the move to make is a
 * decision, and each decision in words: the one source of `sow play`'s
 * questions and the library's (sow_session_question). */
#ifndef SOW_ASK_H
#define SOW_ASK_H

#include <stddef.h>

#include "sow_game.h"

/* The question the player to move is asked now into buf: the current
 * phase's `question:` (variant file) in a phase of decisions, or the
 * round's direction (C1.12) while it is not chosen; "" when the move is
 * an ordinary one. Returns the length the text has (as snprintf). */
int sow_question(const sow_setup *s, const sow_game *g, char *buf,
                 size_t size);

/* A move in a few words a person understands, into buf: a direction
 * decision "counter-clockwise" or "clockwise"; a decision the current
 * question names as "TOKEN for WORDS" (first:0 for South) its WORDS; a
 * decision whose question asks for "NAME:<hole ...>" "hole L" with the
 * hole's label as boards show it; a hole move "hole L"; any other
 * decision its token. Returns the length the text has. */
int sow_move_words(const sow_setup *s, const sow_game *g, sow_move m,
                   char *buf, size_t size);

#endif
