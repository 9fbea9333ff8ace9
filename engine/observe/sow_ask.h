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

/* The question asked now (sow_question) as a person reads it: up to its
 * question mark, without the choices' syntax the variant file writes
 * after it ("who makes the first regular move?"); the whole question
 * when it has no question mark; "" when none is asked. */
int sow_question_words(const sow_setup *s, const sow_game *g, char *buf,
                       size_t size);

/* A move as the headers of `sow trace`, `play`, `replay` and `animate`
 * tell it after the mover's name, in a learner's words and never a token
 * (issue 27 D15): "plays c", "plays d clockwise" (MB.2), "puts a seed
 * from the hand into f3" (MW.2), "plays g1 and takes c4" (NS.6),
 * "chooses to sow clockwise this round" (C1.12), "answers "who makes the
 * first regular move?": North" (a decision of a phase with a question),
 * "chooses WORDS" (any other decision, sow_move_words). g is the game
 * before the move. Returns the length the text has. */
int sow_move_head(const sow_setup *s, const sow_game *g, sow_move m,
                  char *buf, size_t size);

/* A move's header line: "move N: South plays c", N counting a game's
 * moves from 1 as a learner and the page's move list do (the record's
 * `ply` is N - 1). Returns the length the text has. */
int sow_ply_head(const sow_setup *s, const sow_game *g, sow_move m,
                 char *buf, size_t size);

#endif
