/* sow_ltrack.c - the sowing track of a variant file (sow_ltrack.h).
 *
 *   track: ring            both rows (the default; stores per
 *                          board.stores_on_track, C1.2)
 *   track: own             each player's own row, and their own store
 *   track:                 each player's positions, counter-clockwise:
 *     south: [0, 1, 2, 3, 4, 5, store]
 *     north: [6, 7, 8, 9, 10, 11, store]
 *
 * A position in a list is a hole number or a store: `store` (the
 * player's own), `south_store` or `north_store`. */
#include "sow_ltrack.h"

#include <string.h>

#include "sow_text.h"

/* One position of a list: *out a hole number or SOW_POS_STORE + p. */
static int read_position(const sow_yreader *r, const sow_ynode *n,
                         int player, uint8_t *out)
{
    static const char *const stores[] = {"store", "south_store",
                                         "north_store", NULL};
    long h;
    if (sow_yis_int(n, &h)) {
        if (sow_yint(r, n, "a track position", 0, SOW_MAX_HOLES - 1, &h))
            return SOW_ERR;
        *out = (uint8_t)h;
        return SOW_OK;
    }
    if (n->type != SOW_Y_SCALAR)
        return sow_yfail(r, n, "a track position must be a hole number or "
                               "store, south_store, north_store, not %s",
                         sow_ytype_name(n));
    int k;
    if (sow_yword(r, n, "a track position", stores, &k))
        return SOW_ERR;
    *out = (uint8_t)(SOW_POS_STORE + (k == 0 ? player : k - 1));
    return SOW_OK;
}

/* One player's list: positions, each at most once. */
static int read_list(const sow_yreader *r, const sow_ynode *n, int player,
                     sow_variant *v)
{
    const char *who = player ? "track: north" : "track: south";
    if (n->type != SOW_Y_SEQ)
        return sow_yfail(r, n, "%s must be a list of positions ([0, 1, ..., "
                               "store]), not %s",
                         who, sow_ytype_name(n));
    if (n->n < 2 || n->n > SOW_POS_COUNT)
        return sow_yfail(r, n, "%s has %d positions; a track has from 2 to "
                               "%d (the holes and the two stores)",
                         who, n->n, SOW_POS_COUNT);
    bool seen[SOW_POS_COUNT] = {false};
    bool hole = false;
    for (int i = 0; i < n->n; i++) {
        uint8_t p = 0;
        if (read_position(r, n->items[i], player, &p))
            return SOW_ERR;
        if (seen[p])
            return sow_yfail(r, n->items[i], "%s names this position twice; "
                                             "a track passes each position "
                                             "once a round",
                             who);
        seen[p] = true;
        hole |= p < SOW_POS_STORE;
        v->circuit_list[player][i] = p;
    }
    if (!hole)
        return sow_yfail(r, n, "%s holds no hole; a track goes through the "
                               "holes a player sows",
                         who);
    v->circuit_len[player] = n->n;
    return SOW_OK;
}

int sow_load_track(const sow_yreader *r, const sow_ynode *n, sow_variant *v)
{
    static const char *const kinds[] = {"ring", "own", NULL};
    static const char *const keys[] = {"south", "north", NULL};
    v->circuit_line = n->line;
    v->circuit_col = n->col;
    if (n->type == SOW_Y_SCALAR) {
        for (int k = 0; kinds[k]; k++)
            if (strcmp(n->text, kinds[k]) == 0) {
                v->circuit = k == 0 ? SOW_CIRCUIT_RING : SOW_CIRCUIT_OWN;
                return SOW_OK;
            }
        return sow_yfail(r, n, "track must be ring, own, or the positions "
                               "of each player (south: [...], north: "
                               "[...]), not '%.*s'",
                         SOW_CLIP(n->text, 40));
    }
    if (n->type != SOW_Y_MAP)
        return sow_yfail(r, n, "track must be ring, own, or the positions "
                               "of each player (south: [...], north: "
                               "[...]), not %s",
                         sow_ytype_name(n));
    if (sow_ykeys(r, n, "track", keys))
        return SOW_ERR;
    for (int p = 0; p < 2; p++) {
        const sow_ynode *list = sow_ynode_get(n, keys[p]);
        if (!list)
            return sow_yfail(r, n, "track needs %s: (the positions %s's "
                                   "seeds travel)",
                             keys[p], p ? "North" : "South");
        if (read_list(r, list, p, v))
            return SOW_ERR;
    }
    v->circuit = SOW_CIRCUIT_LIST;
    return SOW_OK;
}
