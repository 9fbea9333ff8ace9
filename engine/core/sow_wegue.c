/* sow_wegue.c - two mechanisms of the sowing machine that Gabata (Adowa)
 * brought (docs/rules-rows.md GA), general data keys of any variant: the
 * holes touched since the game (round) began, which when.moved reads
 * (P86), and the claimed holes emptied into their claimants' stores when
 * they alone hold seeds (end.claimed_only: sweep, GA.7, GA.L2). The laps
 * themselves (sow_sow.c) call them. */
#include "sow_sow_int.h"

uint64_t sow_lap_marks(const sow_setup *s, const sow_game *g, bool last)
{
    const uint8_t *tn = s->tracks[g->to_move][g->move_dir];
    uint64_t touched = g->moved | (uint64_t)1 << g->lap_origin;
    int x = g->lap_origin;
    /* (a lap longer than the track passes its holes again: one round of
     * the longest track marks them all) */
    for (int k = 1; k < g->lap_seeds + last && k <= SOW_POS_COUNT; k++) {
        x = tn[x];
        if (x < s->holes)
            touched |= (uint64_t)1 << x;
    }
    return touched;
}

bool sow_untouched(const sow_setup *s, const sow_game *g, int h)
{
    return !((sow_lap_marks(s, g, false) >> h) & 1);
}

void sow_claimed_only(const sow_setup *s, sow_game *g,
                      const sow_observer *obs)
{
    const uint64_t claimed = g->claims[0] | g->claims[1];
    for (int h = 0; h < s->holes; h++)
        if (g->board[h] && !((claimed >> h) & 1))
            return;
    for (int p = 0; p < 2; p++)
        for (uint64_t m = g->claims[p]; m; m &= m - 1) {
            const int h = __builtin_ctzll(m), c = g->board[h];
            if (!c && s->keep_empty_claims)
                continue; /* GA.L2: an empty one stays claimed */
            g->board[h] = 0;
            g->captured[p] += c;
            g->on_board -= c;
            g->claims[p] &= ~((uint64_t)1 << h);
            if (c && obs && obs->on_event) {
                sow_event ev = {SOW_EV_CAPTURE, p, h, c, SOW_TAKEN_SWEPT, 0};
                obs->on_event(obs->ctx, &ev);
            }
        }
    g->move_flags |= SOW_MOVED_SWEPT; /* the engine ends the game */
}
