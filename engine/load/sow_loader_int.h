/* sow_loader_int.h - what the parts of the variant loader share (not a
 * public header): the loading context, the fields that may refer to an
 * option, and each part's entry points. sow_loader.c reads the file's
 * top level, options, phases, hooks and script; sow_lexpr.c the fields
 * that may refer to an option; sow_lboard.c the board: section;
 * sow_lrules.c the lap-end rules; sow_lsowing.c the sowing: section;
 * sow_lend.c the end:, match: and rounds: sections; sow_ltrack.c the
 * sowing track; sow_lhowto.c the how_to_play: section. */
#ifndef SOW_LOADER_INT_H
#define SOW_LOADER_INT_H

#include <stdbool.h>

#include "sow_variant.h"
#include "sow_yaml.h"
#include "sow_yfield.h"

typedef struct ctx {
    sow_yreader y; /* the file and the error (sow_yfield.h) */
    sow_variant *v;
} ctx;

/* A field that may refer to an option ($name, $name=value, $name:value). */
typedef enum { F_INT, F_BOOL, F_WORD } field_kind;

typedef struct field {
    const char *what;
    field_kind kind;
    long min, max;            /* F_INT */
    const char *const *words; /* F_WORD */
} field;

/* The value of a field into e: a constant, or a reference to an option
 * checked against the field (sow_lexpr.c). */
int sow_lexpr(ctx *c, const sow_ynode *n, const field *f, sow_expr *e);

/* sow_lboard.c: the board: section. */
int sow_lboard(ctx *c, const sow_ynode *n);

/* Whether n is a value chosen by an option, {$name: {value: ..., ...}}
 * (sow_lbyopt.c); sow_lexpr then reads it into e, each value a constant
 * of the field f. */
bool sow_lby_option(const sow_ynode *n);
int sow_lexpr_by_option(ctx *c, const sow_ynode *n, const field *f,
                        sow_expr *e);

/* board.layout chosen by an option: each value's list read by `load`
 * into sow_variant.layouts[value] (layout_by 1 + the option). */
int sow_llayouts_by_option(ctx *c, const sow_ynode *n,
                           int (*load)(ctx *, const sow_ynode *, uint16_t *,
                                       int *));

/* A rule id's shape: capital letters, then digits and dots (K1.5, P13). */
bool sow_lrule_id(const char *s);

/* sow_lhowto.c: the how_to_play: section (after rules:, whose ids its
 * texts may cite). */
int sow_lhowto(ctx *c, const sow_ynode *n);

/* sow_lrules.c: one lap-end rule; a `rule:` citation; `explain:`. */
int sow_llap_rule(ctx *c, const sow_ynode *n, sow_lap_rule *r);
int sow_llap_rule_more(ctx *c, const sow_ynode *n, int i);
int sow_lcite(ctx *c, const sow_ynode *n, char out[SOW_RULE_ID_MAX]);
/* A count condition: an int from `least` to 62, a list of them, or {min,
 * max} (a range without max matches every count from min up: *high). */
int sow_lcounts(ctx *c, const sow_ynode *cn, const char *what, long least,
                uint64_t *counts, bool *high);
/* Positions in a row (issue 24), seen from the row's player: leftmost,
 * rightmost, N (the N-th from their left, 1 the leftmost) or -N (the N-th
 * from their right), as bits of *left and *right. */
int sow_lpositions(ctx *c, const sow_ynode *x, const char *what,
                   uint16_t *left, uint16_t *right);
/* The same, where `middle` (the middle hole of a row of odd length) is
 * a position too: *middle is set when it is named. */
int sow_lpositions_mid(ctx *c, const sow_ynode *x, const char *what,
                       uint16_t *left, uint16_t *right, bool *middle);
int sow_lexplain(ctx *c, const sow_ynode *n);

/* sow_lsowing.c: the sowing: section. */
int sow_lsowing(ctx *c, const sow_ynode *n);

/* sow_ldir.c: sowing.direction (ccw, cw, an option, by_count, chosen,
 * each_move, or a map of the holes' ways) and sowing.no_undo. */
int sow_ldirection(ctx *c, const sow_ynode *x);
int sow_lno_undo(ctx *c, const sow_ynode *x);

/* sow_lend.c: the end:, match: and rounds: sections. */
int sow_lend(ctx *c, const sow_ynode *n);
int sow_lmatch(ctx *c, const sow_ynode *n);
int sow_lrounds(ctx *c, const sow_ynode *n);

#endif
