/* sow_player.c - the random and greedy computer players. */
#include "sow_player.h"

#include <string.h>

int sow_player_parse(const char *name)
{
    if (strcmp(name, "random") == 0)
        return SOW_PLAYER_RANDOM;
    if (strcmp(name, "greedy") == 0)
        return SOW_PLAYER_GREEDY;
    return -1;
}

int sow_player_choose(sow_player_kind kind, sow_engine *e, const sow_game *g,
                      sow_rng *rng, sow_move *out, sow_error *err)
{
    if (g->nlegal <= 0)
        return sow_error_set(err, NULL, 0, 0, "no legal move to choose");
    if (kind == SOW_PLAYER_RANDOM) {
        *out = g->legal[sow_rng_below(rng, g->nlegal)];
        return SOW_OK;
    }
    int best = -1, nbest = 0;
    sow_move pick[SOW_MAX_LEGAL];
    for (int i = 0; i < g->nlegal; i++) {
        sow_game copy = *g;
        bool endless;
        if (sow_sow(e->setup, &e->rules, NULL, &copy, g->legal[i], &endless,
                    err))
            return SOW_ERR;
        int gain = endless ? 0 : copy.captured[g->to_move] -
                                     g->captured[g->to_move];
        if (gain > best) {
            best = gain;
            nbest = 0;
        }
        if (gain == best)
            pick[nbest++] = g->legal[i];
    }
    *out = pick[sow_rng_below(rng, nbest)];
    return SOW_OK;
}
