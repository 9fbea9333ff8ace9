/* sow_lend.c - the end:, match: and rounds: sections of a variant file
 * (sow_loader_int.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sow_loader_int.h"
#include "sow_text.h"

/* end.rest and end.rest_odd: where the seeds left go (C1.8), and with
 * rest: divided who takes the odd seed. */
static int load_rest(ctx *c, const sow_ynode *n)
{
    /* (owner: the same as own_row, the word of MO.5's rest option) */
    static const char *const rests[] = {"own_row", "last_mover", "unfed",
                                        "nobody", "divided", "owner", NULL};
    static const char *const odds[] = {"behind", "south", "north",
                                       "last_mover", "nobody", NULL};
    sow_variant *v = c->v;
    const sow_ynode *x;
    field fr2 = {"rest", F_WORD, 0, 0, rests};
    if ((x = sow_ynode_get(n, "rest")) && sow_lexpr(c, x, &fr2, &v->rest))
        return SOW_ERR;
    field fro = {"rest_odd", F_WORD, 0, 0, odds};
    if ((x = sow_ynode_get(n, "rest_odd")) &&
        sow_lexpr(c, x, &fro, &v->rest_odd))
        return SOW_ERR;
    /* issue 24: under rest: unfed, where the rest goes when the player
     * without seeds could be fed, or no row is empty (MancalaGames'
     * UNFED_PLAYER divides it) */
    field ff = {"rest_fed", F_WORD, 0, 0, rests};
    if (!(x = sow_ynode_get(n, "rest_fed")))
        return SOW_OK;
    if (sow_lexpr(c, x, &ff, &v->rest_fed))
        return SOW_ERR;
    if (v->rest.kind == SOW_EXPR_CONST && v->rest.value != SOW_REST_UNFED)
        return sow_yfail(&c->y, x, "rest_fed says where the seeds left go "
                         "when rest: unfed finds the player without seeds "
                         "could be fed; add rest: unfed beside it, or "
                         "remove rest_fed");
    return SOW_OK;
}

/* C1.7: threshold: T, or {more_than: T, if: $bool_option, ...}; `x` is
 * the threshold: value. */
static int load_threshold(ctx *c, const sow_ynode *x)
{
    sow_variant *v = c->v;
    field ft = {"threshold", F_INT, -1, 64000, NULL};
    const sow_ynode *t = x;
    if (x->type == SOW_Y_MAP) {
        static const char *const tkeys[] = {"more_than", "if",
                                            "or_both_equal", "sweep",
                                            "ends", NULL};
        if (sow_ykeys(&c->y, x, "threshold", tkeys))
            return SOW_ERR;
        if (!(t = sow_ynode_get(x, "more_than")))
            return sow_yfail(&c->y, x, "threshold: {more_than: T, if: "
                             "$option} needs more_than:");
        const sow_ynode *be = sow_ynode_get(x, "or_both_equal");
        if (be && sow_ybool(&c->y, be, "or_both_equal", &v->threshold_both))
            return SOW_ERR;
        const sow_ynode *y = sow_ynode_get(x, "if");
        field fi = {"if", F_BOOL, 0, 0, NULL};
        if (y && sow_lexpr(c, y, &fi, &v->threshold_if))
            return SOW_ERR;
        /* C1.7 sweeps nothing; sweep: true gives the seeds left
         * out by rest: (C1.8), as another engine reads it */
        const sow_ynode *sw = sow_ynode_get(x, "sweep");
        field fsw = {"sweep", F_BOOL, 0, 0, NULL};
        if (sw && sow_lexpr(c, sw, &fsw, &v->threshold_sweep))
            return SOW_ERR;
        /* P38 ends the match; ends: round only the round (UR.5) */
        static const char *const ends[] = {"match", "round", NULL};
        const sow_ynode *en = sow_ynode_get(x, "ends");
        int ei = 0;
        if (en && sow_yword(&c->y, en, "ends", ends, &ei))
            return SOW_ERR;
        v->threshold_round = ei == 1;
    }
    if (t->type == SOW_Y_SCALAR && strcmp(t->text, "refill") == 0) {
        /* P41: all the seeds less those that fill rounds.min_holes */
        v->threshold.kind = SOW_EXPR_CONST;
        v->threshold.value = SOW_THRESHOLD_REFILL;
        v->threshold.line = t->line;
        v->threshold.col = t->col;
    } else if (t->type == SOW_Y_SCALAR && strcmp(t->text, "half") == 0) {
        /* half of all the seeds, whatever the options make them */
        v->threshold.kind = SOW_EXPR_CONST;
        v->threshold.value = SOW_THRESHOLD_HALF;
    } else if (sow_lexpr(c, t, &ft, &v->threshold)) {
        return SOW_ERR;
    }
    return SOW_OK;
}

/* The key f->what of map n, if it is there, read into e as f says. */
static int opt_expr(ctx *c, const sow_ynode *n, const field *f, sow_expr *e)
{
    const sow_ynode *x = sow_ynode_get(n, f->what);
    return x ? sow_lexpr(c, x, f, e) : SOW_OK;
}

/* JK.3 (a): a row left empty ends the game, first of all; TR.5: who wins
 * then; M3.4: either player without a legal move ends it. */
static int load_cleared(ctx *c, const sow_ynode *n)
{
    /* (no_moves: the same as none, the word of JK's round_end option) */
    static const char *const cleareds[] = {"none", "cleared_own",
                                           "cleared_opp", "no_moves",
                                           "either", NULL};
    static const char *const cwinners[] = {"score", "emptied", "not_emptied",
                                           NULL};
    /* BK.10: the rows cleared looks at: all the player's, or the inner */
    static const char *const crows[] = {"all", "inner", NULL};
    sow_variant *v = c->v;
    const field fre = {"cleared", F_WORD, 0, 0, cleareds},
                fcw = {"cleared_winner", F_WORD, 0, 0, cwinners},
                fec = {"either_cannot_move", F_BOOL, 0, 0, NULL},
                fel = {"cleared_each_lap", F_BOOL, 0, 0, NULL},
                fcr = {"cleared_rows", F_WORD, 0, 0, crows};
    if (opt_expr(c, n, &fre, &v->row_empty) ||
        opt_expr(c, n, &fcw, &v->cleared_winner) ||
        opt_expr(c, n, &fec, &v->either_stuck) ||
        opt_expr(c, n, &fel, &v->cleared_each_lap) ||
        opt_expr(c, n, &fcr, &v->cleared_inner))
        return SOW_ERR;
    return SOW_OK;
}

/* GA.7, GA.L2: claimed_only: sweep ends the game after a move that
 * leaves seeds only in claimed holes, each emptied into its claimant's
 * store and released; keep_empty_claims keeps the empty ones claimed. */
static int load_claimed_only(ctx *c, const sow_ynode *n)
{
    static const char *const words[] = {"none", "sweep", NULL};
    sow_variant *v = c->v;
    const sow_ynode *x = sow_ynode_get(n, "claimed_only"),
                    *k = sow_ynode_get(n, "keep_empty_claims");
    int wi = 0;
    if (x && sow_yword(&c->y, x, "claimed_only", words, &wi))
        return SOW_ERR;
    v->claimed_only = wi == 1;
    if (k && !v->claimed_only)
        return sow_yfail(&c->y, k, "keep_empty_claims says which claimed "
                         "holes claimed_only: sweep releases; add "
                         "claimed_only: sweep beside it");
    const field fk = {"keep_empty_claims", F_BOOL, 0, 0, NULL};
    return opt_expr(c, n, &fk, &v->keep_empty_claims);
}

int sow_lend(ctx *c, const sow_ynode *n)
{
    static const char *const keys[] = {"no_moves", "score", "seeds_at_most",
                                       "repetition", "no_capture_plies",
                                       "max_plies", "threshold", "rest",
                                       "rest_odd", "rest_fed",
                                       "endless_result",
                                       "cleared", "cleared_winner",
                                       "either_cannot_move",
                                       "cleared_each_lap", "claimed_only",
                                       "keep_empty_claims", "cleared_rows",
                                       "capture_unreachable",
                                       "unreachable_positions", NULL};
    static const char *const nomoves[] = {"end", "lose", NULL};
    static const char *const scores[] = {"default", "none", NULL};
    static const char *const endless_results[] = {"mover_loses", "draw",
                                                  NULL};
    sow_variant *v = c->v;
    if (sow_ykeys(&c->y, n, "end", keys))
        return SOW_ERR;
    const sow_ynode *x;
    int w;
    /* (either may name an option: HU.6's end=loses|ludii) */
    field fnm = {"no_moves", F_WORD, 0, 0, nomoves};
    if ((x = sow_ynode_get(n, "no_moves")) &&
        sow_lexpr(c, x, &fnm, &v->no_moves_lose))
        return SOW_ERR;
    field fsc = {"score", F_WORD, 0, 0, scores};
    if ((x = sow_ynode_get(n, "score")) &&
        sow_lexpr(c, x, &fsc, &v->no_score))
        return SOW_ERR;
    /* NB.5: without scores, an endless move is a draw */
    if ((x = sow_ynode_get(n, "endless_result"))) {
        if (sow_yword(&c->y, x, "endless_result", endless_results, &w))
            return SOW_ERR;
        v->endless_draw = w == 1;
    }
    field fs = {"seeds_at_most", F_INT, -1, 64000, NULL};
    field fr = {"repetition", F_BOOL, 0, 0, NULL};
    field fn = {"no_capture_plies", F_INT, 0, SOW_MAX_PLIES_LIMIT, NULL};
    field fm = {"max_plies", F_INT, 1, SOW_MAX_PLIES_LIMIT, NULL};
    x = sow_ynode_get(n, "seeds_at_most");
    if (x && x->type == SOW_Y_MAP) {
        /* TK.6 (b): {at_most: 1, while: no_claims} */
        static const char *const skeys[] = {"at_most", "while", NULL};
        static const char *const whiles[] = {"always", "no_claims", NULL};
        if (sow_ykeys(&c->y, x, "seeds_at_most", skeys))
            return SOW_ERR;
        const sow_ynode *y = sow_ynode_get(x, "while");
        int wi = 0;
        if (y && sow_yword(&c->y, y, "while", whiles, &wi))
            return SOW_ERR;
        v->few_seeds_unclaimed = wi == 1;
        if (!(x = sow_ynode_get(x, "at_most")))
            return sow_yfail(&c->y, y ? y : n, "seeds_at_most: {at_most: K, while: "
                                      "no_claims} needs at_most:");
    }
    if (x && sow_lexpr(c, x, &fs, &v->seeds_at_most))
        return SOW_ERR;
    if ((x = sow_ynode_get(n, "repetition")) &&
        sow_lexpr(c, x, &fr, &v->repetition))
        return SOW_ERR;
    if ((x = sow_ynode_get(n, "no_capture_plies")) &&
        sow_lexpr(c, x, &fn, &v->no_capture_plies))
        return SOW_ERR;
    /* K1.7 unreachable: a search over positions, of at most this many */
    field fu = {"capture_unreachable", F_BOOL, 0, 0, NULL};
    field fup = {"unreachable_positions", F_INT, 1, SOW_REACH_POSITIONS_MAX,
                 NULL};
    if ((x = sow_ynode_get(n, "capture_unreachable")) &&
        sow_lexpr(c, x, &fu, &v->capture_unreachable))
        return SOW_ERR;
    if ((x = sow_ynode_get(n, "unreachable_positions")) &&
        sow_lexpr(c, x, &fup, &v->unreachable_positions))
        return SOW_ERR;
    if ((x = sow_ynode_get(n, "max_plies")) &&
        sow_lexpr(c, x, &fm, &v->max_plies))
        return SOW_ERR;
    if ((x = sow_ynode_get(n, "threshold")) && load_threshold(c, x))
        return SOW_ERR;
    if (load_cleared(c, n) || load_claimed_only(c, n))
        return SOW_ERR;
    return load_rest(c, n);
}


int sow_lmatch(ctx *c, const sow_ynode *n)
{
    static const char *const keys[] = {"enabled", "max_games", NULL};
    if (sow_ykeys(&c->y, n, "match", keys))
        return SOW_ERR;
    const sow_ynode *x;
    field fe = {"match enabled", F_BOOL, 0, 0, NULL};
    field fg = {"max_games", F_INT, 1, 100000, NULL};
    if ((x = sow_ynode_get(n, "enabled")) &&
        sow_lexpr(c, x, &fe, &c->v->match))
        return SOW_ERR;
    if ((x = sow_ynode_get(n, "max_games")) &&
        sow_lexpr(c, x, &fg, &c->v->match_games))
        return SOW_ERR;
    if (!c->v->hook_fn[SOW_HOOK_NEW_GAME] && !c->v->rounds)
        return sow_yfail(&c->y, n,
                         "match: needs a new_game hook under hooks: (it "
                         "sets up each game) or a rounds: section");
    return SOW_OK;
}

/* rounds: the match rule as data (C1.6, DK.7 and kin). */
/* rounds.starter as {decided: X, draw: Y} (issue 24): who starts the
 * next round after a round won and after a draw, each settable (P40). */
static int load_starter_map(ctx *c, const sow_ynode *n)
{
    static const char *const keys[] = {"decided", "draw", NULL};
    static const char *const decided[] = {"alternate", "loser", "last_mover",
                                          "winner", "not_last_mover",
                                          "south", "north", "not_to_move",
                                          NULL};
    static const char *const draw[] = {"alternate", "last_mover",
                                       "not_last_mover", "south", "north",
                                       "not_to_move", NULL};
    static const int draw_rule[] = {SOW_START_ALTERNATE, SOW_START_LAST_MOVER,
                                    SOW_START_NOT_LAST_MOVER,
                                    SOW_START_SOUTH, SOW_START_NORTH,
                                    SOW_START_NOT_TO_MOVE};
    sow_variant *v = c->v;
    if (sow_ykeys(&c->y, n, "starter", keys))
        return SOW_ERR;
    const sow_ynode *d = sow_ynode_get(n, "decided"),
                    *w = sow_ynode_get(n, "draw");
    if (!d || !w)
        return sow_yfail(&c->y, n, "starter needs decided: (who starts "
                                   "after a round won) and draw: (after a "
                                   "drawn one)");
    int di, wi;
    if (sow_yword(&c->y, d, "decided", decided, &di) ||
        sow_yword(&c->y, w, "draw", draw, &wi))
        return SOW_ERR;
    v->round_start_decided = di; /* the order of sow_start_rule */
    v->round_start_draw = draw_rule[wi];
    return SOW_OK;
}

/* rounds.points (UR.6): {to_win: K, double_from: T}: a round won scores
 * 1 point, 2 when the winner's total is at least T; the first to K points
 * wins the match. `rounds` is the rounds: map, `x` its points: value. */
static int load_points(ctx *c, const sow_ynode *rounds, const sow_ynode *x)
{
    static const char *const keys[] = {"to_win", "double_from", NULL};
    sow_variant *v = c->v;
    if (sow_ynode_get(rounds, "wins"))
        return sow_yfail(&c->y, x, "rounds: give wins: (rounds won) or "
                         "points: (points scored), not both");
    if (sow_ymap(&c->y, x, "points") ||
        sow_ykeys(&c->y, x, "points", keys))
        return SOW_ERR;
    const sow_ynode *k = sow_ynode_get(x, "to_win");
    if (!k)
        return sow_yfail(&c->y, x, "points needs to_win: (the points that "
                         "win the match), e.g. points: {to_win: 10}");
    field ft = {"to_win", F_INT, 1, 1000, NULL};
    field fd = {"double_from", F_INT, 1, 65535, NULL};
    v->round_points = true;
    if (sow_lexpr(c, k, &ft, &v->round_to_win))
        return SOW_ERR;
    if ((k = sow_ynode_get(x, "double_from")) &&
        sow_lexpr(c, k, &fd, &v->round_double_from))
        return SOW_ERR;
    return SOW_OK;
}

/* rounds.totals_to_win (issue 24, MancalaGames' RND_SEED_COUNT): the
 * totals of every round added up; the first player to K wins the match.
 * One way to win a match: not beside wins: or points:. */
static int load_totals(ctx *c, const sow_ynode *rounds, const sow_ynode *x)
{
    static const char *const others[] = {"wins", "points"};
    for (int i = 0; i < 2; i++)
        if (sow_ynode_get(rounds, others[i]))
            return sow_yfail(&c->y, x, "rounds: give one way to win the "
                             "match: totals_to_win: (the rounds' totals "
                             "added up) or %s:, not both", others[i]);
    field ft = {"totals_to_win", F_INT, 1, 64000, NULL};
    c->v->round_totals = true;
    return sow_lexpr(c, x, &ft, &c->v->round_totals_to_win);
}

/* GA.8, GA.9: the keys of refill: owned (borrow, borrow_alone,
 * lose_at_most), refused beside another refill. */
static int load_owned(ctx *c, const sow_ynode *n)
{
    sow_variant *v = c->v;
    static const char *const keys[] = {"borrow", "borrow_alone",
                                       "lose_at_most", NULL};
    v->round_lose_at_most = -1;
    for (int i = 0; keys[i]; i++) {
        const sow_ynode *x = sow_ynode_get(n, keys[i]);
        if (x && !v->round_owned)
            return sow_yfail(&c->y, x, "%s belongs to rounds that say "
                             "refill: owned (the players fill in turn and "
                             "own what they fill)", keys[i]);
    }
    const sow_ynode *x;
    const field fb = {"borrow", F_BOOL, 0, 0, NULL},
                fa = {"borrow_alone", F_BOOL, 0, 0, NULL};
    if (opt_expr(c, n, &fb, &v->round_borrow) ||
        opt_expr(c, n, &fa, &v->round_borrow_alone))
        return SOW_ERR;
    if ((x = sow_ynode_get(n, "lose_at_most"))) {
        long k;
        if (sow_yint(&c->y, x, "lose_at_most", 0, 64000, &k))
            return SOW_ERR;
        v->round_lose_at_most = (int)k;
    }
    const sow_ynode *f = sow_ynode_get(n, "fill_from");
    if (v->round_owned &&
        (!f || f->type != SOW_Y_SCALAR || strcmp(f->text, "track") != 0))
        return sow_yfail(&c->y, f ? f : n, "refill: owned fills the first "
                         "empty holes along each player's track: it needs "
                         "fill_from: track");
    return SOW_OK;
}

int sow_lrounds(ctx *c, const sow_ynode *n)
{
    static const char *const keys[] = {"seeds", "min_holes", "fill_from",
                                       "block", "refill", "starter",
                                       "wins", "layout", "loser_below",
                                       "points", "remainder", "borrow",
                                       "borrow_alone", "lose_at_most",
                                       "totals_to_win", NULL};
    static const char *const layouts[] = {"for_starter", "alternate", NULL};
    /* (own_left: the same as left, the word of JK's fill_from option) */
    static const char *const fills[] = {"right", "left", "west", "own_left",
                                        "track", NULL};
    static const char *const starters[] = {"alternate", "loser",
                                           "last_mover", "winner", NULL};
    static const char *const refills[] = {"both", "loser", "fresh",
                                          "territory", "owned", NULL};
    sow_variant *v = c->v;
    if (sow_ymap(&c->y, n, "rounds") || sow_ykeys(&c->y, n, "rounds", keys))
        return SOW_ERR;
    v->rounds = true;
    v->rounds_line = n->line;
    v->rounds_col = n->col;
    const sow_ynode *x;
    field fs = {"rounds seeds", F_INT, 1, SOW_MAX_HOLE_SEEDS, NULL};
    field fm = {"min_holes", F_INT, 1, SOW_MAX_ROW, NULL};
    field ff = {"fill_from", F_WORD, 0, 0, fills};
    field fb = {"block", F_BOOL, 0, 0, NULL};
    field fst = {"starter", F_WORD, 0, 0, starters};
    if ((x = sow_ynode_get(n, "refill"))) {
        int ri;
        if (sow_yword(&c->y, x, "refill", refills, &ri))
            return SOW_ERR;
        v->round_loser_only = ri == 1;
        v->round_fresh = ri == 2;
        v->round_territory = ri == 3;
        v->round_owned = ri == 4;
    }
    if (load_owned(c, n))
        return SOW_ERR;
    if ((x = sow_ynode_get(n, "loser_below"))) { /* GB.7 */
        long k;
        if (sow_yint(&c->y, x, "loser_below", 1, 64000, &k))
            return SOW_ERR;
        v->round_loser_below = (int)k;
    }
    if ((x = sow_ynode_get(n, "wins"))) { /* SQ.6: first to K rounds */
        long k;
        if (sow_yint(&c->y, x, "wins", 1, 1000, &k))
            return SOW_ERR;
        v->round_wins = (int)k;
    }
    if ((x = sow_ynode_get(n, "points")) && load_points(c, n, x))
        return SOW_ERR;
    if ((x = sow_ynode_get(n, "totals_to_win")) && load_totals(c, n, x))
        return SOW_ERR;
    field fl = {"layout", F_WORD, 0, 0, layouts};
    if ((x = sow_ynode_get(n, "layout")) &&
        sow_lexpr(c, x, &fl, &v->round_layout))
        return SOW_ERR;
    if (!(x = sow_ynode_get(n, "seeds")) && !v->round_fresh)
        return sow_yfail(&c->y, n, "rounds: needs seeds: (the seeds a "
                         "refilled hole receives)");
    if (x && sow_lexpr(c, x, &fs, &v->round_seeds))
        return SOW_ERR;
    if ((x = sow_ynode_get(n, "min_holes")) &&
        sow_lexpr(c, x, &fm, &v->round_min_holes))
        return SOW_ERR;
    if ((x = sow_ynode_get(n, "fill_from")) &&
        sow_lexpr(c, x, &ff, &v->round_fill))
        return SOW_ERR;
    if ((x = sow_ynode_get(n, "block")) &&
        sow_lexpr(c, x, &fb, &v->round_block))
        return SOW_ERR;
    if ((x = sow_ynode_get(n, "remainder"))) { /* AB.7 */
        static const char *const rems[] = {"store", "smaller", NULL};
        int ri;
        if (sow_yword(&c->y, x, "remainder", rems, &ri))
            return SOW_ERR;
        v->round_rest_smaller = ri == 1;
    }
    v->round_start_decided = v->round_start_draw = -1;
    if ((x = sow_ynode_get(n, "starter")) && x->type == SOW_Y_MAP)
        return load_starter_map(c, x);
    if (x && sow_lexpr(c, x, &fst, &v->round_starter))
        return SOW_ERR;
    return SOW_OK;
}
