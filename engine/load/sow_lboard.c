/* sow_lboard.c - the board: section of a variant: rows, holes, the
 * start (seeds, row_seeds, layout, layout_north), stores, the hand and
 * its placing, stores on the track, claims and closes. Split from
 * sow_loader.c, which reads the top level, options, phases, hooks and
 * script. */
#include <stdio.h>

#include "sow_variant.h"
#include "sow_yaml.h"
#include "sow_yfield.h"
#include "sow_loader_int.h"

static int load_layout(ctx *c, const sow_ynode *l, uint16_t *out);

/* A whole layout: a list of 2 to 64 counts; *len its length. */
static int layout_list(ctx *c, const sow_ynode *l, uint16_t *out, int *len)
{
    if (l->type != SOW_Y_SEQ || l->n < 2 || l->n > SOW_MAX_HOLES)
        return sow_yfail(&c->y, l,
                         "layout must be a list of 2 to 64 seed "
                         "counts in canonical hole order");
    *len = l->n;
    return load_layout(c, l, out);
}

/* The counts of a layout list (its length checked by the caller). */
static int load_layout(ctx *c, const sow_ynode *l, uint16_t *out)
{
    if (l->type != SOW_Y_SEQ)
        return sow_yfail(&c->y, l, "a layout is a list of seed counts");
    for (int i = 0; i < l->n; i++) {
        long s;
        if (sow_yint(&c->y, l->items[i], "a layout count", 0,
                     SOW_MAX_HOLE_SEEDS, &s))
            return SOW_ERR;
        out[i] = (uint16_t)s;
    }
    return SOW_OK;
}

/* One row's seeds in board.row_seeds: a count for every hole, or
 * {seeds: K, right: [...], left: [...]}: K in every hole but the ones
 * listed, counted from the right or left end of the row as the row's
 * owner sees it (HU.1's four right-hand inner holes, NS.1's rightmost
 * inner hole empty). */
static int load_row_seeds(ctx *c, const sow_ynode *x, sow_variant *v, int row)
{
    static const char *const keys[] = {"seeds", "right", "left", NULL};
    long k = 0;
    if (x->type != SOW_Y_MAP) {
        if (sow_yint(&c->y, x, "row seeds", 0, SOW_MAX_HOLE_SEEDS, &k))
            return SOW_ERR;
        v->row_seeds[row] = (uint16_t)k;
        return SOW_OK;
    }
    if (sow_ykeys(&c->y, x, "a row's seeds", keys))
        return SOW_ERR;
    const sow_ynode *s = sow_ynode_get(x, "seeds");
    if (s && sow_yint(&c->y, s, "seeds", 0, SOW_MAX_HOLE_SEEDS, &k))
        return SOW_ERR;
    v->row_seeds[row] = (uint16_t)k;
    for (int side = 0; side < 2; side++) {
        const sow_ynode *l = sow_ynode_get(x, side ? "left" : "right");
        if (!l)
            continue;
        if (l->type != SOW_Y_SEQ || l->n < 1 || l->n > SOW_MAX_ENDS)
            return sow_yfail(&c->y, l,
                             "%s: lists the seeds of 1 to %d holes from the "
                             "row's %s end, as its owner sees it",
                             side ? "left" : "right", SOW_MAX_ENDS,
                             side ? "left" : "right");
        if (load_layout(c, l, v->row_ends[row][side]))
            return SOW_ERR;
        v->row_ends_len[row][side] = (uint8_t)l->n;
    }
    return SOW_OK;
}

/* board.claimed (C1.4): the claimant of every hole at the start, -1
 * (nobody), 0 (South) or 1 (North), as scenario files give it; its
 * length is checked against the board once its size is known
 * (sow_setup.c). A claim implies claimed holes (board.claims). */
static int load_claimed(ctx *c, const sow_ynode *l)
{
    sow_variant *v = c->v;
    if (l->type == SOW_Y_MAP) { /* {own: positions}: for any board size */
        static const char *const keys[] = {"own", NULL};
        const sow_ynode *own = sow_ynode_get(l, "own");
        if (sow_ykeys(&c->y, l, "claimed", keys))
            return SOW_ERR;
        if (!own)
            return sow_yfail(&c->y, l, "claimed as a map needs own: the "
                                       "places in each player's rows of "
                                       "the holes they claim, e.g. "
                                       "{own: [rightmost]}");
        v->claims = true;
        return sow_lpositions(c, own, "claimed.own", &v->claimed_left,
                              &v->claimed_right);
    }
    if (l->type != SOW_Y_SEQ || l->n < 2 || l->n > SOW_MAX_HOLES)
        return sow_yfail(&c->y, l,
                         "claimed must be a list of 2 to 64 claimants in "
                         "canonical hole order: -1 (nobody), 0 (South) or "
                         "1 (North), or a map {own: [positions]} (each "
                         "player's holes at those places in their rows)");
    for (int i = 0; i < l->n; i++) {
        long p;
        if (sow_yint(&c->y, l->items[i], "a claimant", -1, 1, &p))
            return SOW_ERR;
        v->claimed[i] = (int8_t)p;
        v->claims |= p >= 0;
    }
    v->claimed_len = l->n;
    v->claimed_line = l->line;
    v->claimed_col = l->col;
    return SOW_OK;
}

int sow_lboard(ctx *c, const sow_ynode *n)
{
    static const char *const keys[] = {"rows", "holes", "seeds", "layout",
                                       "row_seeds",
                                       "layout_north", "stores",
                                       "stores_on_track", "claims", "closes",
                                       "hand", "placing", "claimed", NULL};
    static const char *const tracks[] = {"none", "own", "both", NULL};
    sow_variant *v = c->v;
    if (sow_ykeys(&c->y, n, "board", keys))
        return SOW_ERR;
    const sow_ynode *rows = sow_ynode_get(n, "rows");
    v->rows = 2;
    if (rows) {
        long r;
        if (sow_yint(&c->y, rows, "rows", 2, 4, &r))
            return SOW_ERR;
        v->rows = (int)r;
    }
    const sow_ynode *holes = sow_ynode_get(n, "holes");
    if (!holes)
        return sow_yfail(&c->y, n, "board needs holes: (holes per row)");
    field fh = {"holes", F_INT, 1, SOW_MAX_ROW, NULL};
    if (sow_lexpr(c, holes, &fh, &v->holes))
        return SOW_ERR;
    const sow_ynode *seeds = sow_ynode_get(n, "seeds");
    const sow_ynode *layout = sow_ynode_get(n, "layout");
    const sow_ynode *rseeds = sow_ynode_get(n, "row_seeds");
    if ((seeds != NULL) + (layout != NULL) + (rseeds != NULL) > 1)
        return sow_yfail(&c->y, rseeds ? rseeds : layout,
                         "give one of seeds, layout and row_seeds");
    if (!seeds && !layout && !rseeds)
        return sow_yfail(&c->y, n,
                         "board needs seeds: (per hole), row_seeds: [...] "
                         "(per row) or layout: [...]");
    if (rseeds) { /* C2.1: the seeds of every hole of each row, row 0 first */
        if (rseeds->type != SOW_Y_SEQ || rseeds->n != v->rows)
            return sow_yfail(&c->y, rseeds,
                             "row_seeds must be a list of %d seed counts, "
                             "one per row from South's outer row (C2.1)",
                             v->rows);
        for (int i = 0; i < rseeds->n; i++)
            if (load_row_seeds(c, rseeds->items[i], v, i))
                return SOW_ERR;
        v->has_row_seeds = true;
    } else if (seeds) {
        field fs = {"seeds", F_INT, 0, SOW_MAX_HOLE_SEEDS, NULL};
        if (sow_lexpr(c, seeds, &fs, &v->seeds))
            return SOW_ERR;
    } else {
        v->has_layout = true;
        v->layout_line = layout->line;
        v->layout_col = layout->col;
        if (sow_lby_option(layout) /* a start by an option's value */
                ? sow_llayouts_by_option(c, layout, layout_list)
                : layout_list(c, layout, v->layout, &v->layout_len))
            return SOW_ERR;
    }
    const sow_ynode *north = sow_ynode_get(n, "layout_north");
    if (north) { /* SQ.1: the start when North starts a round */
        if (!layout || north->type != SOW_Y_SEQ || north->n != layout->n ||
            v->layout_by)
            return sow_yfail(&c->y, north,
                             "layout_north is the start when North starts "
                             "a round: a list of as many counts as layout");
        if (load_layout(c, north, v->layout_north))
            return SOW_ERR;
        long a = 0, b = 0;
        for (int i = 0; i < layout->n; i++) {
            a += v->layout[i];
            b += v->layout_north[i];
        }
        if (a != b)
            return sow_yfail(&c->y, north,
                             "layout_north holds %ld seeds and layout %ld: "
                             "both starts must hold the same seeds",
                             b, a);
        v->has_layout_north = true;
    }
    const sow_ynode *stores = sow_ynode_get(n, "stores");
    if (stores && sow_ybool(&c->y, stores, "stores", &v->stores))
        return SOW_ERR;
    /* MW.1: seeds each player holds in hand at the start (C2.6) */
    const sow_ynode *hand = sow_ynode_get(n, "hand");
    field fha = {"hand", F_INT, 0, 32767, NULL}; /* (setup_hand bounds the total) */
    if (hand && sow_lexpr(c, hand, &fha, &v->hand))
        return SOW_ERR;
    /* MW.2: one seed a ply, or the whole hand in one ply */
    static const char *const placings[] = {"alternate", "layout", NULL};
    const sow_ynode *placing = sow_ynode_get(n, "placing");
    field fpl = {"placing", F_WORD, 0, 0, placings};
    if (placing && (!hand ? sow_yfail(&c->y, placing,
                                      "placing says how the seeds of "
                                      "board.hand are placed; give hand "
                                      "too, or drop placing")
                          : sow_lexpr(c, placing, &fpl, &v->placing)))
        return SOW_ERR;
    /* C1.2: stores sown like holes on the way round */
    const sow_ynode *track = sow_ynode_get(n, "stores_on_track");
    field ft = {"stores_on_track", F_WORD, 0, 0, tracks};
    if (track && sow_lexpr(c, track, &ft, &v->stores_on_track))
        return SOW_ERR;
    /* C1.4: holes a script claims (a lap-end rule's `do: claim` implies
     * it); the seed games, which claim nothing, keep their quick paths */
    const sow_ynode *cl = sow_ynode_get(n, "claims");
    if (cl && sow_ybool(&c->y, cl, "claims", &v->claims))
        return SOW_ERR;
    if ((cl = sow_ynode_get(n, "claimed")) && load_claimed(c, cl))
        return SOW_ERR;
    /* C1.5: holes a script closes or opens (a lap-end rule's `do: close`
     * implies it) */
    const sow_ynode *co = sow_ynode_get(n, "closes");
    if (co && sow_ybool(&c->y, co, "closes", &v->closes))
        return SOW_ERR;
    return SOW_OK;
}
