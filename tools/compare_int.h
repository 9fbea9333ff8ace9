/* compare_int.h - what the parts of `sow compare` share inside tools/:
 * the command's name in messages, a reading (one of the two option lists,
 * --a or --b) and a side (a reading being replayed), the runs of --moves
 * (compare_moves.c) and --exact (compare_exact.c) that cmd_compare.c
 * calls, and what --moves prints (compare_show.c). Each function is
 * described where it is defined. */
#ifndef COMPARE_INT_H
#define COMPARE_INT_H

#include <stdbool.h>
#include <stddef.h>

#include "cli.h"

static const char *const C = "compare";

typedef struct reading {
    const char *name;       /* "A" or "B" */
    const char *given;      /* the text of --a or --b */
    char *buf;              /* its words (owned) */
    cli_opts o;             /* --option values, then the words */
} reading;

/* A reading being replayed. */
typedef struct side {
    const char *name;
    cli_game cg;
    bool open;
    sow_match m;
    sow_game g;
    bool done;              /* the game (or match) is over: no more moves */
    int last;               /* hole of the last sowing, or -1 */
    char why[SOW_MSG_MAX];  /* a refused token: the engine's message */
} side;

/* cmd_compare.c */
int compare_open_reading(const char *variant, const reading *r,
                         cli_game *cg);
int compare_differing(const cli_game *a, const cli_game *b, int x,
                      char *buf, size_t size);
/* compare_moves.c */
int compare_run_moves(const char *variant, reading r[2], const char *moves);
/* compare_show.c */
void compare_side_status(const side *x, char *buf, size_t size);
void compare_show_side(const side *x, const char *opts);
void compare_show_rules(const side *a, const side *b);
/* compare_exact.c */
int compare_run_exact(const char *variant, reading r[2], const char *moves,
                      long memory, bool trust, bool json,
                      const char *label[2]);

#endif
