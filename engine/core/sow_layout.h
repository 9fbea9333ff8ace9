/* sow_layout.h - a whole setup in one ply (board.placing: layout; MW.2,
 * C2.3's token "layout:N,...,N"): the counts a player puts from their hand
 * into each of their own holes, in increasing hole number. The move
 * carries its counts (SOW_MOVE_LAID, sow_game.h); the legal list holds
 * the pattern SOW_MOVE_LAYOUT alone, since the arrangements are far too
 * many to list. */
#ifndef SOW_LAYOUT_H
#define SOW_LAYOUT_H

#include <stddef.h>

#include "sow_error.h"
#include "sow_game.h"
#include "sow_rng.h"

/* The most counts a layout token may name (a player owns at most this
 * many holes). */
#define SOW_LAYOUT_MAX 64

/* Whether a layout of a whole hand over a player's holes at the start is
 * too long for the bits a move carries (setup refuses the variant). */
bool sow_layout_too_long(const sow_setup *s);

/* The holes player p may lay seeds into: their own, neither claimed nor
 * blocked (as the placements of one seed, MW.2). */
uint64_t sow_layout_holes(const sow_game *g, int p);

/* The move of n counts (each >= 0, their sum plus n - 1 at most
 * SOW_LAYOUT_BITS): SOW_MOVE_LAID + stars and bars; -1 when too long. */
sow_move sow_layout_move(const int *counts, int n);

/* The counts of a laid move into counts (at most max), their number
 * returned; -1 if m is no laid move or has more than max. */
int sow_layout_counts(sow_move m, int *counts, int max);

/* Whether laid move m can be played by g's player to move: the layout
 * is g's only legal move, m names one count per hole of the player
 * (sow_layout_holes) and they sum to the player's hand. 0 if so; else 1
 * with the reason in why (which count, which hole, what the sum is). */
int sow_layout_problem(const sow_setup *s, const sow_game *g, sow_move m,
                       char *why, size_t size);

/* A layout drawn uniformly among all the arrangements of the hand of g's
 * player to move over their holes (every composition equally likely),
 * from rng: what random players play at a layout ply. */
sow_move sow_layout_draw(const sow_game *g, sow_rng *rng);

/* g->legal[i], or where it is the layout pattern a layout drawn from rng
 * (sow_layout_draw): the move a player that picked index i plays. */
static inline sow_move sow_legal_pick(const sow_game *g, int i,
                                      sow_rng *rng)
{
    return g->legal[i] == SOW_MOVE_LAYOUT ? sow_layout_draw(g, rng)
                                          : (sow_move)g->legal[i];
}

/* The token of a laid move, "layout:2,2,...,2" (C2.3), into buf. */
int sow_layout_format(char *buf, size_t size, sow_move m);

/* The legal list's pattern of a layout, "layout:16*N=32": 16 counts N,
 * one per hole the player to move of g may lay into, summing to their
 * hand of 32 (C2.3, docs/record.md); g NULL: South's at the start, as
 * the setup has them (a move's token without its game). */
int sow_layout_pattern(char *buf, size_t size, const sow_setup *s,
                       const sow_game *g);

/* Whether token is that pattern of g (where the setup lays out hands). */
bool sow_layout_is_pattern(const sow_setup *s, const sow_game *g,
                           const char *token);

/* Read "layout:N,...,N" (C2.3): counts, each a decimal number >= 0, no
 * more than a player of s owns holes. Whether they fit the player and
 * the hand is told when the move is played (sow_layout_problem). */
int sow_layout_parse(const sow_setup *s, const char *token, sow_move *out,
                     sow_error *err);

/* Lay the counts of m into the holes of g's player to move (checked
 * before), from their hand; obs, when not NULL, hears one SOW_EV_PLACE
 * per hole given seeds (rule: the seeds placed). */
void sow_layout_apply(sow_game *g, sow_move m, const sow_observer *obs);

#endif
