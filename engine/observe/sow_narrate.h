/* sow_narrate.h - the events of a move told in plain English, for people
 * learning a game (sow trace, animations). The sentences are generic
 * mechanics ("South lifts 4 seeds from c"); which rule of the game each
 * step applies, and that rule's one-line text, come from the variant's own
 * file: its `explain:` map, a lap_end rule's or a phase's `rule:`, and
 * `rules:`. So a new variant explains itself and no game text is in C. */
#ifndef SOW_NARRATE_H
#define SOW_NARRATE_H

#include <stdbool.h>
#include <stdint.h>

#include "sow_game.h"

/* One step told: a sentence (no newline) and the rule it applies. */
typedef struct sow_story {
    char text[256];
    const char *rule;      /* rule id, or NULL when the variant cites none */
    const char *rule_text; /* its text under rules:, or NULL */
} sow_story;

/* What the narrator remembers within a ply: whether the move has lifted
 * yet (a later lift is a relay) and which lap-end rule decided last (the
 * captures that follow apply it). */
typedef struct sow_narrator {
    const sow_setup *s;
    bool lifted;
    int lap_rule; /* index into lap_rules, or -1 */
    int origin;   /* the hole the current lap was lifted from, or -1 */
    int across;   /* the hole whose across capture is being sown again
                     (C2.5): the lifts from the opponent's holes are
                     told as that capture's, until the first drop; -1 */
    bool placed;  /* a seed from the hand was just put in (MW.2, BK.5):
                     the hole's lifting is the placement's */
} sow_narrator;

/* Start telling ply of a game (before its events). */
void sow_narrator_start(sow_narrator *n, const sow_setup *s);

/* Tell one event. */
void sow_narrate(sow_narrator *n, const sow_game *g, const sow_event *ev,
                 sow_story *out);

/* Tell a move that is not a sowing: a decision (first:1, buy:8) or a move
 * of a scripted phase (Andada's opening), which have no sowing events.
 * `before` is the game before the move, `after` after it. */
void sow_narrate_move(const sow_setup *s, const sow_game *before,
                      sow_move m, const sow_game *after, sow_story *out);

/* A drop that is not the last of its lap (ev a DROP) but makes a count a
 * lap-end rule would act on (a capture, the script's say) if the lap ended
 * there: the rule does not apply en passant (Adji Kui II's four in an
 * opponent's hole, K2.3). Returns true and tells it, citing that rule. */
bool sow_narrate_en_passant(const sow_setup *s, const sow_game *g,
                            const sow_event *ev, sow_story *out);

/* Tell a new game (round) of a match, as m and g start it, or the end
 * of the match (m->over): who starts, the holes in play and the stores
 * each player carries in, the blocked holes (C1.6). */
void sow_narrate_game(const sow_setup *s, const sow_match *m,
                      const sow_game *g, sow_story *out);

/* Tell the moves of `player` left out as endless (the holes in mask). */
void sow_narrate_endless(const sow_setup *s, int player, uint64_t mask,
                         sow_story *out);

/* The name of an event kind, as the JSON of sow trace spells it. */
const char *sow_event_name(sow_event_kind k);

/* Why the game ended, in a learner's words (for the headers and result
 * lines of sow play, trace and replay): the record's reason
 * (sow_result_text) where it is one already, else without the names of
 * options and hooks the record keeps. Returns buf or a constant. */
const char *sow_end_words(const sow_setup *s, const sow_game *g, char *buf,
                          int size);

/* A match's reason (sow_match.reason) in a learner's words: the two the
 * record keeps that name options, told as the page labels them; the
 * others as they are. */
const char *sow_match_words(const char *reason);

#endif
