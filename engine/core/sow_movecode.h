/* sow_movecode.h - how a move is coded (sow_move): a hole, a hole with its
 * direction or chosen hole, a placement from the hand, a decision, a turn
 * of several choices, a layout of the hand. Part of sow_game.h, which
 * includes it. */
#ifndef SOW_MOVECODE_H
#define SOW_MOVECODE_H

#include <stdbool.h>
#include <stdint.h>

#include "sow_variant.h"

/* ---- moves ------------------------------------------------------------ */

/* A move is a hole index (0..holes-1), or a decision move (a token
 * "name:value", such as "buy:8"): SOW_MOVE_DECISION + 256 * k + value,
 * where k is the index of the name in the variant's sorted `decisions` and
 * value is 0..255. So decisions sort after holes, by name, then by value,
 * as docs/record.md orders legal moves. */
typedef int64_t sow_move; /* (64 bits for a layout's counts, below) */
#define SOW_MOVE_DECISION 0x1000
/* The most legal moves a turn lists. A turn that names its choice of an
 * extra hole (NS.6: 6,x32) is one move per own hole and opponent's hole:
 * at most 32 x 32 on a board of 64 holes, beside the 64 plain moves
 * (Nsolo on 4x16 lists over 512 at its first ply). */
#define SOW_MAX_LEGAL 1152
#define SOW_MAX_DECISION_MOVES 128 /* decisions a script may offer */

/* A move with a choice made during the turn (C2.3's ",xH": the extra
 * hole taken after a capture, NS.6): SOW_MOVE_CHOSEN + 64 * hole + x, the
 * token "h,xK". They sort after the decisions; a record lists a turn's
 * tokens in C2.3's order (sow_record.c). */
#define SOW_MOVE_CHOSEN 0x2000
#define SOW_NO_CHOICE 255 /* sow_game.choice: none made */

/* A placement of one seed from the hand (C2.3's "+H", MW.2; "+H/D" where
 * the hole is then lifted and sown that way): SOW_MOVE_PLACE + 4 * hole +
 * k, k 0 for "+H" (nothing sown), 1 + a sow_dir for "+H/D". They sort
 * after the choices, by hole. */
#define SOW_MOVE_PLACE 0x3000
#define SOW_PLACE_ONLY 0 /* sow_move_place_kind: the seed alone */

static inline bool sow_move_is_decision(sow_move m)
{
    return m >= SOW_MOVE_DECISION && m < SOW_MOVE_CHOSEN;
}
static inline sow_move sow_place(int hole, int k)
{
    return SOW_MOVE_PLACE + 4 * hole + k;
}
/* A whole setup in one ply (board.placing: layout; MW.2, C2.3's
 * "layout:N,...,N"): the legal list holds the pattern SOW_MOVE_LAYOUT
 * alone (the arrangements cannot be listed: C(47,15) in Omweso), and a
 * move played is SOW_MOVE_LAID + its counts as stars and bars: from bit
 * 0 up, a 0 is one seed into the current hole, a 1 moves on to the
 * player's next hole (own holes in increasing number), and a last 1
 * closes the list. So the move carries its counts (a history, an undo,
 * a search replays it alone), and the ordinary moves keep their values
 * and their paths (sow_layout.c). The pattern is the last 16-bit value,
 * past every turn (SOW_MOVE_TURN below), so one comparison, m >=
 * SOW_MOVE_LAYOUT, tells both from every ordinary move. */
#define SOW_MOVE_LAYOUT 0xFFFF
#define SOW_MOVE_LAID ((sow_move)1 << 62)
#define SOW_LAYOUT_BITS 61 /* hand + own holes - 1 at most */
static inline bool sow_move_is_place(sow_move m)
{
    return m >= SOW_MOVE_PLACE && m < 0x4000 /* SOW_MOVE_TURN */;
}
static inline bool sow_move_is_laid(sow_move m)
{
    return m >= SOW_MOVE_LAID;
}
/* SOW_PLACE_ONLY, or 1 + the sow_dir the placed-in hole is sown in */
static inline int sow_move_place_kind(sow_move m)
{
    return (m - SOW_MOVE_PLACE) & 3;
}
static inline sow_move sow_chosen(int hole, int x)
{
    return SOW_MOVE_CHOSEN + 64 * hole + x;
}
static inline bool sow_move_is_chosen(sow_move m)
{
    return m >= SOW_MOVE_CHOSEN && m < SOW_MOVE_PLACE;
}
static inline sow_move sow_decision(int kind, int value)
{
    return SOW_MOVE_DECISION + 256 * kind + value;
}
static inline int sow_decision_kind(sow_move m)
{
    return (m - SOW_MOVE_DECISION) / 256;
}
static inline int sow_decision_value(sow_move m)
{
    return (m - SOW_MOVE_DECISION) % 256;
}

/* A move that names its direction (direction: each_move, MB.2): hole h
 * sown counter-clockwise or clockwise, the token "h/ccw" or "h/cw":
 * SOW_MOVE_DIRECTED + 2 * h + d (d a sow_dir). They sort after the holes
 * and before the decisions, by hole, then ccw before cw, as the legal
 * list gives them. Plain hole moves stay the hole itself: the variants
 * whose moves name no direction never meet one. */
#define SOW_MOVE_DIRECTED 0x800
_Static_assert(SOW_MOVE_DIRECTED + 2 * SOW_MAX_HOLES <= SOW_MOVE_DECISION,
               "directed moves sort below the decisions");

static inline sow_move sow_directed(int hole, int dir)
{
    return SOW_MOVE_DIRECTED + 2 * hole + dir;
}
static inline bool sow_move_is_directed(sow_move m)
{
    return m >= SOW_MOVE_DIRECTED && m < SOW_MOVE_DECISION;
}
/* The hole a sowing move is played from (a plain move is its hole). */
static inline int sow_move_hole(sow_move m)
{
    if (m < SOW_MOVE_DIRECTED) /* a plain move: most moves */
        return (int)m;
    if (m >= 0x4000) { /* SOW_MOVE_TURN (below) */
        if (m >= SOW_MOVE_LAYOUT) /* a layout has no hole */
            return -1;
        int f = (m - 0x4000) >> 8;
        return f < 64 ? f >> 1 : (f - 64) >> 2;
    }
    return sow_move_is_directed(m) ? (m - SOW_MOVE_DIRECTED) >> 1
           : sow_move_is_place(m)  ? (m - SOW_MOVE_PLACE) >> 2
           : sow_move_is_chosen(m) ? (m - SOW_MOVE_CHOSEN) >> 6
                                   : (int)m;
}
/* The sow_dir a directed move names. */
static inline int sow_move_dir(sow_move m)
{
    return (m - SOW_MOVE_DIRECTED) & 1;
}

/* A turn of several decisions (C2.3, C2.4; BK.5-BK.7): its first
 * decision (a directed move or a placement, `first` below) and the
 * choices the player makes as it goes, one bit each in the order they
 * come (an end hole: 0 left, 1 right; at a functional house: 0 go, 1
 * stop): SOW_MOVE_TURN + 256 * first + bits. A turn has at most 8 choices:
 * each capture empties one of the opponent's 8 inner holes, which no
 * sowing of the mover refills (sow_ends.c). Its token also names the
 * forced parts, so it is written with the game (sow_turn_format). */
#define SOW_MOVE_TURN 0x4000
#define SOW_TURN_CHOICES 8
_Static_assert(SOW_MOVE_TURN + 256 * (64 + 4 * 31 + 2) + 255 < SOW_MOVE_LAYOUT,
               "turns sort below the layout pattern");
static inline bool sow_move_is_turn(sow_move m)
{
    return m >= SOW_MOVE_TURN && m < SOW_MOVE_LAYOUT;
}
/* first: 2 * hole + dir for "h/D" (hole < 32), 64 + 4 * hole + kind for
 * a placement "+h", "+h/D" (kind as sow_move_place_kind) */
static inline int sow_turn_first(sow_move m)
{
    return (m - SOW_MOVE_TURN) >> 8;
}
static inline sow_move sow_turn(int first, int bits)
{
    return SOW_MOVE_TURN + 256 * first + bits;
}
static inline sow_move sow_turn_start(sow_move m) /* the first decision */
{
    int f = sow_turn_first(m);
    return f < 64 ? sow_directed(f >> 1, f & 1)
                  : sow_place((f - 64) >> 2, (f - 64) & 3);
}

#endif
