/* sow_lsowing.c - the sowing: section of a variant file: laps, the
 * family's sowing keys, the track and the lap-end rules (the direction
 * and no_undo: sow_ldir.c; sow_loader_int.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sow_loader_int.h"
#include "sow_text.h"
#include "sow_ltrack.h"

/* sowing.capture_before: {facing: lifted or own, count: COUNTS}: before
 * the sowing, the hole facing the hole lifted, or facing every own hole,
 * that holds one of the counts is taken (MancalaGames' presowcapt:
 * Achochodi, Huroy, Gelech). */
static int load_before(ctx *c, const sow_ynode *x)
{
    static const char *const keys[] = {"facing", "count", NULL};
    static const char *const facings[] = {"lifted", "own", NULL};
    if (sow_ymap(&c->y, x, "capture_before") ||
        sow_ykeys(&c->y, x, "capture_before", keys))
        return SOW_ERR;
    const sow_ynode *f = sow_ynode_get(x, "facing");
    const sow_ynode *k = sow_ynode_get(x, "count");
    if (!f || !k)
        return sow_yfail(&c->y, x,
                         "capture_before needs facing: (lifted: the hole "
                         "facing the hole a move lifts; own: facing every "
                         "own hole) and count: (the seeds that hole holds "
                         "before the move, e.g. 1)");
    int i;
    if (sow_yword(&c->y, f, "facing", facings, &i) ||
        sow_lcounts(c, k, "count", 1, &c->v->before_counts,
                    &c->v->before_high))
        return SOW_ERR;
    c->v->capture_before = (uint8_t)(i == 0 ? SOW_BEFORE_LIFTED
                                            : SOW_BEFORE_OWN);
    return SOW_OK;
}

/* sowing.sow_capture: {count: 4, to: owner, owner: any or own, last: bool}: a seed
 * other than a lap's last making the count is taken at once (PL.4); own:
 * only in the mover's row (MancalaGames' ENPAS_SOW_SOWER: Four-Capture). */
static int load_sow_capture(ctx *c, const sow_ynode *x)
{
    static const char *const tos[] = {"owner", NULL};
    static const char *const keys[] = {"count", "to", "owner", "last",
                                       NULL};
    static const char *const owners[] = {"any", "own", NULL};
    const sow_ynode *y;
    long k;
    int ti, oi = 0;
    if (sow_ymap(&c->y, x, "sow_capture") ||
        sow_ykeys(&c->y, x, "sow_capture", keys))
        return SOW_ERR;
    if (!(y = sow_ynode_get(x, "count")) || !sow_ynode_get(x, "to"))
        return sow_yfail(&c->y, x, "sow_capture needs count: (the count a "
                         "seed makes) and to: owner");
    if (sow_yint(&c->y, y, "count", 1, SOW_MAX_HOLE_SEEDS, &k) ||
        sow_yword(&c->y, sow_ynode_get(x, "to"), "to", tos, &ti))
        return SOW_ERR;
    if ((y = sow_ynode_get(x, "owner")) &&
        sow_yword(&c->y, y, "owner", owners, &oi))
        return SOW_ERR;
    c->v->sow_capture = (int)k;
    c->v->sow_capture_own = oi == 1;
    /* the lap's last seed too (MancalaGames' ENPAS_ALL_OWNER_OWN,
     * Bule_Perga): the lap then ends in a hole left empty */
    if ((y = sow_ynode_get(x, "last")) &&
        sow_ybool(&c->y, y, "last", &c->v->sow_capture_last))
        return SOW_ERR;
    return SOW_OK;
}

/* More sowing keys of the family (CATALOGUE section 1): the relay from
 * the next hole (PL.3), captures made while sowing (PL.4), the last seeds
 * taken (PL.6). */
static int load_sowing_more(ctx *c, const sow_ynode *n)
{
    static const char *const froms[] = {"last", "next", NULL};
    sow_variant *v = c->v;
    const sow_ynode *x, *y;
    if ((x = sow_ynode_get(n, "relay_from"))) {
        int fi;
        if (sow_yword(&c->y, x, "relay_from", froms, &fi))
            return SOW_ERR;
        v->relay_next = fi == 1;
    }
    if ((x = sow_ynode_get(n, "sow_capture")) && load_sow_capture(c, x))
        return SOW_ERR;
    if ((x = sow_ynode_get(n, "last_seeds"))) {
        /* {at_most: K, if: $option} */
        static const char *const keys[] = {"at_most", "if", NULL};
        field fk = {"at_most", F_INT, 0, 64000, NULL};
        field fi = {"if", F_BOOL, 0, 0, NULL};
        if (sow_ymap(&c->y, x, "last_seeds") ||
            sow_ykeys(&c->y, x, "last_seeds", keys))
            return SOW_ERR;
        if (!(y = sow_ynode_get(x, "at_most")))
            return sow_yfail(&c->y, x, "last_seeds needs at_most: (the seeds "
                             "left that the mover takes)");
        if (sow_lexpr(c, y, &fk, &v->last_seeds))
            return SOW_ERR;
        if ((y = sow_ynode_get(x, "if")) && sow_lexpr(c, y, &fi, &v->last_seeds_if))
            return SOW_ERR;
    }
    long k;
    /* LL.2: a hole holding K only when every playable hole does */
    if ((x = sow_ynode_get(n, "count_last"))) {
        if (sow_yint(&c->y, x, "count_last", 1, SOW_MAX_HOLE_SEEDS, &k))
            return SOW_ERR;
        if (v->singletons_last)
            return sow_yfail(&c->y, x, "count_last and singletons: last say "
                             "the same for different counts: keep one "
                             "(singletons: last is count_last: 1)");
        v->count_last = (int)k;
    }
    if ((x = sow_ynode_get(n, "skip_count"))) {
        /* LL.4: {count: 2, owner: opponent}; a cap per hole (a hole holding
         * 17 takes no more): {count: 17, owner: any} */
        static const char *const keys[] = {"count", "owner", NULL};
        static const char *const owners[] = {"opponent", "own", "any", NULL};
        int oi;
        if (sow_ymap(&c->y, x, "skip_count") ||
            sow_ykeys(&c->y, x, "skip_count", keys))
            return SOW_ERR;
        if (!(y = sow_ynode_get(x, "count")) || !sow_ynode_get(x, "owner"))
            return sow_yfail(&c->y, x, "skip_count needs count: (the count "
                             "that is passed over) and owner: (opponent, own "
                             "or any: whose holes)");
        if (sow_yint(&c->y, y, "count", 1, SOW_MAX_HOLE_SEEDS, &k) ||
            sow_yword(&c->y, sow_ynode_get(x, "owner"), "owner", owners, &oi))
            return SOW_ERR;
        v->skip_count = (int)k;
        v->skip_count_owner = oi == 0   ? SOW_OWNER_OPPONENT
                              : oi == 1 ? SOW_OWNER_OWN
                                        : SOW_OWNER_ANY;
    }
    if ((x = sow_ynode_get(n, "capture_before")) && load_before(c, x))
        return SOW_ERR;
    if ((x = sow_ynode_get(n, "first_direction"))) {
        /* NO_UDIR_FIRSTS (Four-Capture): each player's first move sows
         * one way though every other move names its direction */
        static const char *const dirs[] = {"ccw", "cw", NULL};
        int di;
        if (sow_yword(&c->y, x, "first_direction", dirs, &di))
            return SOW_ERR;
        if (v->dir_rule != SOW_DIR_EACH_MOVE)
            return sow_yfail(&c->y, x, "first_direction fixes the direction "
                             "of the first moves where every move names "
                             "its own: it needs direction: each_move");
        v->first_dir = (uint8_t)(1 + (di == 0 ? SOW_DIR_CCW : SOW_DIR_CW));
    }
    /* NOT_XFROM_1S (Gelech): no move from a hole facing these counts */
    if ((x = sow_ynode_get(n, "not_opposite")) &&
        sow_lcounts(c, x, "not_opposite", 0, &v->not_opposite,
                    &v->not_opposite_high))
        return SOW_ERR;
    if ((x = sow_ynode_get(n, "reach"))) {
        /* SQ.4: {at_most: 10} */
        static const char *const keys[] = {"at_most", NULL};
        if (sow_ymap(&c->y, x, "reach") || sow_ykeys(&c->y, x, "reach", keys))
            return SOW_ERR;
        if (!(y = sow_ynode_get(x, "at_most")))
            return sow_yfail(&c->y, x, "reach needs at_most: (holes with more "
                             "seeds may always be played)");
        if (sow_yint(&c->y, y, "at_most", 1, SOW_MAX_HOLE_SEEDS, &k))
            return SOW_ERR;
        v->reach_max = (int)k;
    }
    if ((x = sow_ynode_get(n, "first_move"))) {
        /* LL.2, LL.3: {keep: 2, plain: true} */
        static const char *const keys[] = {"keep", "plain", NULL};
        if (sow_ymap(&c->y, x, "first_move") ||
            sow_ykeys(&c->y, x, "first_move", keys))
            return SOW_ERR;
        if ((y = sow_ynode_get(x, "keep"))) {
            if (sow_yint(&c->y, y, "keep", 1, SOW_MAX_HOLES, &k))
                return SOW_ERR;
            v->first_keep = (int)k;
        }
        if ((y = sow_ynode_get(x, "plain")) &&
            sow_ybool(&c->y, y, "plain", &v->first_plain))
            return SOW_ERR;
    }
    return SOW_OK;
}

/* The sowing keys of the two-row family (CATALOGUE C1.x): grand slams,
 * must feed, singletons, sides, origin-first sowing, claimed holes' seeds,
 * no undo, closed holes. */
/* sowing.first_seed: where the first seed of a lap goes. origin: a hand
 * of 2 or more drops it back into the hole lifted (TK.2, the same as
 * origin_first: true); store: every lap's first seed goes to the mover's
 * store, relay laps included. */
static int load_first_seed(ctx *c, const sow_ynode *x)
{
    static const char *const where[] = {"origin", "store", NULL};
    sow_variant *v = c->v;
    int wi;
    if (sow_yword(&c->y, x, "first_seed", where, &wi))
        return SOW_ERR;
    if (wi == 1 && !v->stores)
        return sow_yfail(&c->y, x, "first_seed: store needs the players' "
                                   "stores (board: stores: true)");
    if (wi == 0)
        v->origin_first = true;
    else
        v->first_to_store = true;
    if (v->origin_first && v->first_to_store)
        return sow_yfail(&c->y, x, "first_seed: store and origin_first: "
                                   "true say where the same seed goes: keep "
                                   "one");
    return SOW_OK;
}

static int load_sowing_family(ctx *c, const sow_ynode *n)
{
    static const char *const closeds[] = {"step_over", "out_of_play", NULL};
    static const char *const claimseeds[] = {"stay", "store", NULL};
    static const char *const sides[] = {"own", "none", NULL};
    static const char *const singles[] = {"any", "last", "last_to_empty",
                                          "to_empty", NULL};
    static const char *const slams[] = {"capture", "no_capture", "forbid",
                                        "extra_turn", "leave_right", NULL};
    static const char *const feeds[] = {"off", "only", "else_all", NULL};
    sow_variant *v = c->v;
    const sow_ynode *x;
    field fg = {"grand_slam", F_WORD, 0, 0, slams};
    if ((x = sow_ynode_get(n, "grand_slam")) &&
        sow_lexpr(c, x, &fg, &v->grand_slam))
        return SOW_ERR;
    /* OW.4 against P17: whether a capture of a whole row that was empty
     * before the move is a grand slam too (other engines'
     * reading) or an ordinary capture (P17, the default) */
    field fsl = {"feeding_slam", F_BOOL, 0, 0, NULL};
    if ((x = sow_ynode_get(n, "feeding_slam")) &&
        sow_lexpr(c, x, &fsl, &v->feeding_slam))
        return SOW_ERR;
    /* TK.2: a hand of 2 or more drops its first seed into the origin */
    if ((x = sow_ynode_get(n, "origin_first")) &&
        sow_ybool(&c->y, x, "origin_first", &v->origin_first))
        return SOW_ERR;
    if ((x = sow_ynode_get(n, "first_seed")) && load_first_seed(c, x))
        return SOW_ERR;
    /* NB.2: what sowing does at a closed hole */
    if ((x = sow_ynode_get(n, "closed_holes"))) {
        int ci;
        if (sow_yword(&c->y, x, "closed_holes", closeds, &ci))
            return SOW_ERR;
        v->closed_out_of_play = ci == 1;
    }
    /* OW.5 read hole by hole (MancalaGames' must-share with directions
     * chosen): a hole is legal both ways when one of its moves feeds */
    field ffh = {"feed_by_hole", F_BOOL, 0, 0, NULL};
    if ((x = sow_ynode_get(n, "feed_by_hole")) &&
        sow_lexpr(c, x, &ffh, &v->feed_by_hole))
        return SOW_ERR;
    /* QL.6, ZZ.6: no undo of a single seed sown straight back */
    if ((x = sow_ynode_get(n, "no_undo")) && sow_lno_undo(c, x))
        return SOW_ERR;
    /* TK.5: a claimed hole's seeds stay there or go to the store */
    field fcs = {"claim_seeds", F_WORD, 0, 0, claimseeds};
    if ((x = sow_ynode_get(n, "claim_seeds")) &&
        sow_lexpr(c, x, &fcs, &v->claim_seeds))
        return SOW_ERR;
    /* EX.1: sides: none (either player sows from any hole) */
    if ((x = sow_ynode_get(n, "sides"))) {
        int si;
        if (sow_yword(&c->y, x, "sides", sides, &si))
            return SOW_ERR;
        v->no_sides = si == 1;
    }
    /* OU.2: singletons: last (a 1-seed hole only when all hold 1);
     * to_empty: into an empty next hole, whatever the other holes hold
     * (MancalaGames' SINGLE_TO_ZERO, Ndoto) */
    if ((x = sow_ynode_get(n, "singletons"))) {
        int si;
        if (sow_yword(&c->y, x, "singletons", singles, &si))
            return SOW_ERR;
        v->singletons_last = si == 1 || si == 2;
        v->singles_to_empty = si >= 2; /* TS.3, NS.3 */
    }
    field ff = {"must_feed", F_WORD, 0, 0, feeds};
    if ((x = sow_ynode_get(n, "must_feed")) &&
        sow_lexpr(c, x, &ff, &v->must_feed))
        return SOW_ERR;
    return load_sowing_more(c, n);
}

/* bearoff: {at_most: K, from_ply: P, sticky: B} (A.5). */
static int load_bearoff(ctx *c, const sow_ynode *x)
{
    sow_variant *v = c->v;
    static const char *const bkeys[] = {"at_most", "from_ply", "sticky",
                                        NULL};
    if (sow_ykeys(&c->y, x, "bearoff", bkeys))
        return SOW_ERR;
    v->bearoff = true;
    long k = 1;
    const sow_ynode *y;
    if ((y = sow_ynode_get(x, "at_most")) &&
        sow_yint(&c->y, y, "at_most", 0, SOW_MAX_HOLE_SEEDS, &k))
        return SOW_ERR;
    v->bearoff_max = (int)k;
    k = 0;
    if ((y = sow_ynode_get(x, "from_ply")) &&
        sow_yint(&c->y, y, "from_ply", 0, SOW_MAX_PLIES_LIMIT, &k))
        return SOW_ERR;
    v->bearoff_from = (int)k;
    field fb = {"sticky", F_BOOL, 0, 0, NULL};
    v->bearoff_sticky.kind = SOW_EXPR_CONST;
    if ((y = sow_ynode_get(x, "sticky")) &&
        sow_lexpr(c, y, &fb, &v->bearoff_sticky))
        return SOW_ERR;
    return SOW_OK;
}

/* sowing.pass_over (IS.3): {south: [h, ...], north: [h, ...],
 * until_played: bool or $option}: the holes each player's own sowing
 * passes over without a seed; with until_played, only until the player
 * lifts the first hole of their list (that move sows into them too). */
static int load_pass_over(ctx *c, const sow_ynode *x)
{
    static const char *const keys[] = {"south", "north", "until_played",
                                       NULL};
    sow_variant *v = c->v;
    if (sow_ymap(&c->y, x, "pass_over") ||
        sow_ykeys(&c->y, x, "pass_over", keys))
        return SOW_ERR;
    for (int p = 0; p < 2; p++) {
        const sow_ynode *l = sow_ynode_get(x, p ? "north" : "south");
        if (!l || l->type != SOW_Y_SEQ || l->n < 1)
            return sow_yfail(&c->y, l ? l : x,
                             "pass_over needs south: and north:, each a "
                             "list of the holes that player's sowing "
                             "passes over");
        for (int i = 0; i < l->n; i++) {
            long h;
            if (sow_yint(&c->y, l->items[i], "a hole passed over", 0,
                         SOW_MAX_HOLES - 1, &h))
                return SOW_ERR;
            v->pass_over[p] |= (uint64_t)1 << h;
            if (i == 0)
                v->pass_key[p] = (uint8_t)h;
        }
    }
    const sow_ynode *u = sow_ynode_get(x, "until_played");
    field fu = {"until_played", F_BOOL, 0, 0, NULL};
    if (u && sow_lexpr(c, u, &fu, &v->pass_until))
        return SOW_ERR;
    v->has_pass_over = true;
    return SOW_OK;
}

/* sowing.cw_moves (MW.5): {position: [1, 2], test: capture | facing}:
 * where every move names its direction, a clockwise one only from those
 * positions of the player's rows, and only if its first lap captures
 * (capture) or ends where a capture's conditions but the count hold
 * (facing). */
static int load_cw_moves(ctx *c, const sow_ynode *x)
{
    static const char *const keys[] = {"position", "test", NULL};
    static const char *const tests[] = {"capture", "facing", NULL};
    sow_variant *v = c->v;
    if (sow_ymap(&c->y, x, "cw_moves") ||
        sow_ykeys(&c->y, x, "cw_moves", keys))
        return SOW_ERR;
    if (v->dir_rule != SOW_DIR_EACH_MOVE)
        return sow_yfail(&c->y, x, "cw_moves limits the clockwise moves of "
                                   "a game whose every move names its "
                                   "direction: add direction: each_move");
    const sow_ynode *p = sow_ynode_get(x, "position");
    if (!p)
        return sow_yfail(&c->y, x, "cw_moves needs position: [...], the "
                                   "places in a row a clockwise move may "
                                   "start from");
    if (sow_lpositions(c, p, "cw_moves.position", &v->cw_left, &v->cw_right))
        return SOW_ERR;
    const sow_ynode *tx = sow_ynode_get(x, "test");
    field ft = {"test", F_WORD, 0, 0, tests};
    if (tx && sow_lexpr(c, tx, &ft, &v->cw_test))
        return SOW_ERR;
    v->cw_limited = true;
    return SOW_OK;
}

/* capture_from_ends.start_seeds: {min: a, max: b} (BA.3). */
static int load_start_seeds(ctx *c, const sow_ynode *x)
{
    static const char *const keys[] = {"min", "max", NULL};
    sow_variant *v = c->v;
    if (sow_ymap(&c->y, x, "start_seeds") ||
        sow_ykeys(&c->y, x, "start_seeds", keys))
        return SOW_ERR;
    field fmin = {"start_seeds.min", F_INT, 1, SOW_MAX_HOLE_SEEDS, NULL};
    field fmax = {"start_seeds.max", F_INT, 1, SOW_MAX_HOLE_SEEDS, NULL};
    const sow_ynode *y;
    if ((y = sow_ynode_get(x, "min")) &&
        sow_lexpr(c, y, &fmin, &v->ends_start_min))
        return SOW_ERR;
    if ((y = sow_ynode_get(x, "max")) &&
        sow_lexpr(c, y, &fmax, &v->ends_start_max))
        return SOW_ERR;
    return SOW_OK;
}

/* capture_from_ends.prefer: [captures, house, occupied], the tests a
 * end hole the player may choose must pass, in order (BA.4). */
static int load_prefer(ctx *c, const sow_ynode *x)
{
    static const char *const tests[] = {"captures", "house", "occupied",
                                        NULL};
    sow_variant *v = c->v;
    if (x->type != SOW_Y_SEQ || x->n < 1 || x->n > 3)
        return sow_yfail(&c->y, x,
                         "prefer is a list of 1 to 3 of captures, house "
                         "and occupied, in the order they are tried");
    for (int i = 0; i < x->n; i++) {
        int w;
        if (sow_yword(&c->y, x->items[i], "prefer", tests, &w))
            return SOW_ERR;
        for (int j = 0; j < i; j++)
            if (v->ends_prefer[j] == w)
                return sow_yfail(&c->y, x->items[i],
                                 "prefer names %s twice", tests[w]);
        v->ends_prefer[i] = (uint8_t)w;
    }
    v->ends_prefer_n = x->n;
    return SOW_OK;
}

/* The keys of the sources' reading's refinements (BA.1-BA.6); absent,
 * BK.4-BK.10 as they are. Each may name an option. */
static int load_ends_sources(ctx *c, const sow_ynode *x)
{
    static const char *const single[] = {"after_house", "always", NULL};
    static const char *const sows[] = {"whole_or_two", "one", NULL};
    static const char *const relay[] = {"lose", "not_legal", NULL};
    static const char *const from[] = {"any", "inner", NULL};
    sow_variant *v = c->v;
    const struct {
        const char *key;
        field f;
        sow_expr *e;
    } keys[] = {
        {"single_seed", {"single_seed", F_WORD, 0, 0, single},
         &v->ends_single_always},
        {"house_sows", {"house_sows", F_WORD, 0, 0, sows},
         &v->ends_house_one},
        {"back_row_relay", {"back_row_relay", F_WORD, 0, 0, relay},
         &v->ends_back_forbid},
        {"no_capture_from", {"no_capture_from", F_WORD, 0, 0, from},
         &v->ends_quiet_inner},
        {"keep_threatened", {"keep_threatened", F_BOOL, 0, 0, NULL},
         &v->ends_keep_threatened},
        {"lift_loses", {"lift_loses", F_BOOL, 0, 0, NULL},
         &v->ends_lift_loses},
    };
    for (size_t i = 0; i < sizeof keys / sizeof *keys; i++) {
        const sow_ynode *y = sow_ynode_get(x, keys[i].key);
        if (y && sow_lexpr(c, y, &keys[i].f, keys[i].e))
            return SOW_ERR;
    }
    const sow_ynode *y;
    if ((y = sow_ynode_get(x, "start_seeds")) && load_start_seeds(c, y))
        return SOW_ERR;
    if ((y = sow_ynode_get(x, "prefer")) && load_prefer(c, y))
        return SOW_ERR;
    return SOW_OK;
}

/* capture_from_ends.words: {end: W, house: W}, the game's own words for
 * the mechanism's end holes and house, so that narration
 * and questions speak the game's language while the C knows none. */
static int load_ends_words(ctx *c, const sow_ynode *w)
{
    static const char *const keys[] = {"end", "house", NULL};
    static const char *const plain[] = {"end hole", "house"};
    sow_variant *v = c->v;
    for (int i = 0; i < 2; i++)
        snprintf(v->ends_words[i], SOW_ENDS_WORD_MAX, "%s", plain[i]);
    if (!w)
        return SOW_OK;
    if (sow_ymap(&c->y, w, "words") || sow_ykeys(&c->y, w, "words", keys))
        return SOW_ERR;
    for (int i = 0; i < 2; i++) {
        const sow_ynode *y = sow_ynode_get(w, keys[i]);
        if (!y)
            continue;
        size_t n = y->type == SOW_Y_SCALAR ? strlen(y->text) : 0;
        if (n == 0 || n >= SOW_ENDS_WORD_MAX ||
            strspn(y->text, "abcdefghijklmnopqrstuvwxyz"
                            "ABCDEFGHIJKLMNOPQRSTUVWXYZ -'") != n)
            return sow_yfail(&c->y, y, "words.%s must be a word or two of "
                                       "letters (at most %d characters), "
                                       "such as \"end hole\"",
                             keys[i], SOW_ENDS_WORD_MAX - 1);
        snprintf(v->ends_words[i], SOW_ENDS_WORD_MAX, "%s", y->text);
    }
    return SOW_OK;
}

/* sowing.capture_from_ends (BK.3-BK.9): {reading: sources | ludii, house: N}:
 * turns of several decisions whose captures are sown into the mover's
 * inner row from one of its ends (sow_ends.c); house, the place of the
 * player's house in their inner row from their left (1 the leftmost). */
static int load_capture_from_ends(ctx *c, const sow_ynode *x)
{
    static const char name[] = "capture_from_ends";
    static const char *const keys[] = {"reading", "house", "words",
                                       "back_row", "from_empty", "placement",
                                       "single_seed", "house_sows",
                                       "back_row_relay", "start_seeds",
                                       "no_capture_from",
                                       "prefer",
                                       "keep_threatened", "lift_loses",
                                       NULL};
    static const char *const readings[] = {"off", "sources", "ludii", NULL};
    static const char *const back[] = {"free", "alone", NULL};
    static const char *const place[] = {"any", "occupied", NULL};
    sow_variant *v = c->v;
    if (sow_ymap(&c->y, x, name) || sow_ykeys(&c->y, x, name, keys))
        return SOW_ERR;
    if (v->dir_rule != SOW_DIR_EACH_MOVE || v->rows != 4)
        return sow_yfail(&c->y, x, "%s sows captures from the ends of "
                                   "the mover's inner row on a board of "
                                   "four rows whose every turn names its "
                                   "direction: add rows: 4 to board and "
                                   "direction: each_move", name);
    const sow_ynode *r = sow_ynode_get(x, "reading");
    field fr = {"reading", F_WORD, 0, 0, readings};
    if (!r)
        return sow_yfail(&c->y, x, "%s needs reading: sources or "
                                   "reading: ludii", name);
    if (sow_lexpr(c, r, &fr, &v->ends_reading))
        return SOW_ERR;
    const sow_ynode *h = sow_ynode_get(x, "house");
    long l = 0;
    if (h && sow_yint(&c->y, h, "house", 1, SOW_MAX_HOLES / 4, &l))
        return SOW_ERR;
    v->ends_house = (int)l;
    if (load_ends_words(c, sow_ynode_get(x, "words")))
        return SOW_ERR;
    /* BA.2 (BA.L4), BA.L2, BA.L3: absent, the BK readings' rules */
    field fb = {"back_row", F_WORD, 0, 0, back};
    field fe = {"from_empty", F_BOOL, 0, 0, NULL};
    field fp = {"placement", F_WORD, 0, 0, place};
    const sow_ynode *y;
    if ((y = sow_ynode_get(x, "back_row")) &&
        sow_lexpr(c, y, &fb, &v->ends_back_alone))
        return SOW_ERR;
    if ((y = sow_ynode_get(x, "from_empty")) &&
        sow_lexpr(c, y, &fe, &v->ends_from_empty))
        return SOW_ERR;
    if ((y = sow_ynode_get(x, "placement")) &&
        sow_lexpr(c, y, &fp, &v->ends_place_occupied))
        return SOW_ERR;
    return load_ends_sources(c, x);
}

/* sowing.capture_from_ends, when given. */
static int load_ends_key(ctx *c, const sow_ynode *n)
{
    const sow_ynode *x = sow_ynode_get(n, "capture_from_ends");
    return x ? load_capture_from_ends(c, x) : SOW_OK;
}

/* Every key of sowing: (the loader refuses others). */
static const char *const sowing_keys[] = {
    "direction", "min_seeds", "leave", "laps", "skip_origin", "endless_move",
    "passing", "lap_end", "bearoff", "grand_slam", "feeding_slam", "must_feed",
    "feed_by_hole", "singletons", "sides", "origin_first", "first_seed",
    "claim_seeds", "no_undo", "closed_holes", "relay_from", "sow_capture",
    "last_seeds", "count_last", "skip_count", "first_move", "reach", "track",
    "not_opposite", "capture_before", "first_direction", "pass_over",
    "cw_moves", "capture_from_ends", NULL};

int sow_lsowing(ctx *c, const sow_ynode *n)
{
    static const char *const laps[] = {"single", "relay", NULL};
    static const char *const endless[] = {"forbid", "end_game", NULL};
    sow_variant *v = c->v;
    if (sow_ykeys(&c->y, n, "sowing", sowing_keys))
        return SOW_ERR;
    const sow_ynode *x;
    if ((x = sow_ynode_get(n, "direction")) && sow_ldirection(c, x))
        return SOW_ERR;
    long l;
    if ((x = sow_ynode_get(n, "min_seeds"))) {
        if (sow_yint(&c->y, x, "min_seeds", 1, SOW_MAX_HOLE_SEEDS, &l))
            return SOW_ERR;
        v->min_seeds = (int)l;
    }
    if ((x = sow_ynode_get(n, "leave"))) {
        if (sow_yint(&c->y, x, "leave", 0, SOW_MAX_HOLE_SEEDS, &l))
            return SOW_ERR;
        v->leave = (int)l;
    }
    if (v->leave >= v->min_seeds)
        return sow_yfail(&c->y, x,
                         "leave must be below min_seeds, or a move could "
                         "sow nothing");
    if ((x = sow_ynode_get(n, "laps"))) {
        int li;
        if (sow_yword(&c->y, x, "laps", laps, &li))
            return SOW_ERR;
        v->relay = li == 1;
    }
    field fo = {"skip_origin", F_BOOL, 0, 0, NULL};
    if ((x = sow_ynode_get(n, "skip_origin")) &&
        sow_lexpr(c, x, &fo, &v->skip_origin))
        return SOW_ERR;
    field fe = {"endless_move", F_WORD, 0, 0, endless};
    if ((x = sow_ynode_get(n, "endless_move"))) {
        if (sow_lexpr(c, x, &fe, &v->endless_move))
            return SOW_ERR;
        if (!v->relay)
            return sow_yfail(&c->y, x,
                             "endless_move applies only to relay laps "
                             "(laps: relay); a single lap always ends");
    }
    /* C0.5: a bool, or a bool option (LG.5) */
    field fpa = {"passing", F_BOOL, 0, 0, NULL};
    if ((x = sow_ynode_get(n, "passing")) &&
        sow_lexpr(c, x, &fpa, &v->passing))
        return SOW_ERR;
    if (load_sowing_family(c, n))
        return SOW_ERR;
    if ((x = sow_ynode_get(n, "pass_over")) && load_pass_over(c, x))
        return SOW_ERR;
    if ((x = sow_ynode_get(n, "cw_moves")) && load_cw_moves(c, x))
        return SOW_ERR;
    if (load_ends_key(c, n))
        return SOW_ERR;
    if ((x = sow_ynode_get(n, "track")) && sow_load_track(&c->y, x, v))
        return SOW_ERR;
    if ((x = sow_ynode_get(n, "bearoff")) && load_bearoff(c, x))
        return SOW_ERR;
    if ((x = sow_ynode_get(n, "lap_end"))) {
        if (x->type != SOW_Y_SEQ)
            return sow_yfail(&c->y, x,
                             "lap_end must be a list of rules (- when: ... "
                             "do: ...)");
        if (x->n > SOW_MAX_LAP_RULES)
            return sow_yfail(&c->y, x, "at most 16 lap_end rules");
        for (int i = 0; i < x->n; i++)
            if (sow_llap_rule(c, x->items[i], &v->lap_rules[i]) ||
                sow_llap_rule_more(c, x->items[i], i))
                return SOW_ERR;
        v->nlap_rules = x->n;
        for (int i = 0; i < x->n && !v->relay; i++) {
            /* a rule that sows on after its lap makes relay laps: only
             * those are watched for a move that never ends (P2) */
            const sow_lap_rule *r = &v->lap_rules[i];
            const sow_ynode *th = sow_ynode_get(x->items[i], "then");
            if (r->then_relay || r->action == SOW_LAP_RELAY ||
                r->action == SOW_LAP_CLOSE)
                return sow_yfail(
                    &c->y, r->then_relay ? th : sow_ynode_get(x->items[i], "do"),
                    "%s sows on after the lap, so it needs laps: relay "
                    "(where a move that never ends is found); with single "
                    "laps such a move could go on for ever",
                    r->then_relay ? "then: relay"
                    : r->action == SOW_LAP_CLOSE ? "do: close"
                                                 : "do: relay");
        }
    }
    if (v->relay && !v->relay_next) {
        /* relay laps go on until a rule ends one: without any such rule
         * no move ever ends (each would run to the lap cap); under
         * relay_from: next an empty hole after h ends the move (PL.3) */
        bool ends = false;
        for (int i = 0; i < v->nlap_rules; i++)
            ends |= v->lap_rules[i].action != SOW_LAP_RELAY;
        if (!ends)
            return sow_yfail(
                &c->y, sow_ynode_get(n, "laps"),
                "laps: relay needs a lap_end rule that ends a lap "
                "(do: stop, capture, capture_opposite, chain or "
                "hook), e.g. - when: {count: 1} do: stop; without one "
                "no move ever ends");
    }
    return SOW_OK;
}
