/* sow_plain.h - a move of the plain data rules, for the solvers: the
 * class of rules it makes exactly (single laps along the mover's track
 * with the mover's store on it, lap-end captures of the own hole, the
 * facing hole or both, an extra turn in the own store) proved of a setup
 * once (sow_plain_init), and the move itself on a sow_game, with the
 * same result as sow_engine_play_at byte for byte (tests/unit/
 * test_plain.c). Where the move ends the game or reaches a rule the
 * class leaves to the engine (a threshold, the last plies), it says so
 * and the caller plays the move with the engine. docs/solving.md, "How
 * it is solved". */
#ifndef SOW_PLAIN_H
#define SOW_PLAIN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "sow_game.h"

/* One lap-end rule for a lap that ends in a hole, as the class reads it. */
typedef struct sow_plain_rule {
    uint64_t counts;     /* bit c: a last hole holding c seeds (c < 63) */
    bool counts_high;    /* 63 and more */
    uint8_t owner;       /* sow_owner_sel: whose the hole must be */
    uint8_t opposite;    /* the facing hole: 0 any, 1 seeds, 2 empty,
                            3 exactly opposite_count */
    int opposite_count;
    uint8_t action;      /* SOW_LAP_CAPTURE, _CAPTURE_OPPOSITE, _PAIR */
} sow_plain_rule;

typedef struct sow_plain {
    bool ok;             /* the setup is in the class */
    const sow_setup *s;
    bool store_extra;    /* a lap ending in the mover's store plays again */
    int threshold;       /* C1.7: the engine decides from this total on;
                            INT32_MAX: no threshold */
    int late_ply;        /* the engine decides from this ply on (P3) */
    int nrules;
    sow_plain_rule rules[SOW_MAX_LAP_RULES];
} sow_plain;

/* Read setup s into *p: p->ok when every rule of s is within the class;
 * else *why (when not NULL) names the first that is not. */
void sow_plain_init(sow_plain *p, const sow_setup *s, const char **why);

/* Play c->legal[i] on c (a branch of the position, not over) by the
 * class's rules: 0 when done, exactly as sow_engine_play_at would; 1 when
 * the move ends the game or reaches a rule left to the engine: c is then
 * spoilt, and the caller branches it again and plays the engine. */
int sow_plain_play_at(const sow_plain *p, sow_game *c, int i);

/* Parent g copied into c, a child last made by the plain move from g or
 * from a position that differs from g only in what this copies (the
 * solver's children, an endgame database's moves of one entry): only
 * what the plain move reads or writes (sow_plain.c), the holes' seeds
 * and captured..last_move_hole (`over` among them: g is not over), and
 * the move; the rest the plain move never writes, and makes its child
 * byte for byte as the engine does (tests/unit/test_plain.c). The whole
 * copy (sow_game_branch) was a tenth of a solver's position's
 * instructions (docs/solving.md, "Measured"). */
_Static_assert(offsetof(sow_game, captured) < offsetof(sow_game, on_board) &&
                   offsetof(sow_game, on_board) < offsetof(sow_game, ply) &&
                   offsetof(sow_game, ply) < offsetof(sow_game, since_capture) &&
                   offsetof(sow_game, since_capture) <
                       offsetof(sow_game, to_move) &&
                   offsetof(sow_game, to_move) < offsetof(sow_game, over) &&
                   offsetof(sow_game, over) < offsetof(sow_game, phase) &&
                   offsetof(sow_game, last_move_hole) <
                       offsetof(sow_game, phase),
               "sow_plain_branch copies captured..last_move_hole as one run");

static inline void sow_plain_branch(sow_game *c, const sow_game *g,
                                    int holes, int i)
{
    if (holes <= 16) /* a fixed size: no call to memcpy */
        memcpy(c->board, g->board, 16 * sizeof *g->board);
    else
        memcpy(c->board, g->board, sizeof g->board);
    memcpy(&c->captured, &g->captured,
           offsetof(sow_game, phase) - offsetof(sow_game, captured));
    c->legal[i] = g->legal[i];
}

/* Zobrist's words of a position of the class (the solver's key): for
 * hole h holding n seeds the two words z[h * stride + 2 * n + w] (w 0,
 * 1), XORed over the holes, and `mover` when North is to move; step[same
 * index] is z's word for n XOR its word for n + 1 (a seed sown into h). */
typedef struct sow_plain_zob {
    const uint64_t *z, *step;
    size_t stride;       /* 2 * (the most seeds a hole may hold + 1) */
    uint64_t mover[2];
} sow_plain_zob;

/* sow_plain_play_at, and when it returns 0 the two words zk[] (Zobrist's
 * XOR of c before the move, by table *zt) made c's after it, by XORs
 * from the seeds sown and taken: a few instructions a seed, not a pass
 * over every hole (docs/solving.md, "The cost of a position"). */
int sow_plain_play_keyed(const sow_plain *p, sow_game *c, int i,
                         const sow_plain_zob *zt, uint64_t zk[2]);

#endif
