/* sow_across.c - the captures across of three and four rows (C2.5): the
 * opponent's seeds in the hole facing a lap's end and the one behind it,
 * taken to the store or lifted to be sown again, and the extra hole a move
 * chose (NS.6). The laps (sow_sow.c) carry them out through end_lap
 * (sow_laps_int.h); the lap-end rules' condition when.across reads
 * sow_across_seeds (sow_lapmatch.c). */
#include "sow_laps_int.h"

/* The opponent's seeds across from h (C2.5): in the facing hole, and in
 * the hole behind it; a hole the mover owns (the middle row of three)
 * or a claimed one counts as empty. */
int sow_across_seeds(const sow_setup *s, const sow_game *g, int x)
{
    if (x == SOW_POS_NONE || g->owner[x] == g->to_move ||
        ((g->claims[0] | g->claims[1]) >> x) & 1)
        return 0;
    return g->board[x];
}

/* do: sow_capture_across (C2.5): the opponent's holes across from h, the
 * facing one and the one behind it, go to the mover's store. */
int sow_capture_across(const sow_setup *s, const sow_observer *obs,
                       sow_game *g, int h)
{
    int taken = 0;
    if (sow_across_seeds(s, g, s->facing[h])) {
        capture(obs, g, s->facing[h]);
        taken++;
    }
    if (sow_across_seeds(s, g, s->behind[h])) {
        capture(obs, g, s->behind[h]);
        taken++;
    }
    return taken;
}

/* extra: chosen (NS.6): after both holes across were taken, one more
 * opponent hole holding seeds, the one the move chose; none while the
 * opponent has no seeds left (NS.7). A move that chose none (a legal-move
 * probe) is flagged: its legal forms name each hole it may take. */
void sow_extra_chosen(const sow_setup *s, const sow_observer *obs,
                      sow_game *g)
{
    const int opp = 1 - g->to_move;
    bool any = false;
    for (uint64_t m = g->owns[opp]; m && !any; m &= m - 1)
        any = g->board[__builtin_ctzll(m)] != 0;
    if (!any)
        return;
    const int x = g->choice;
    if (x < s->holes && g->owner[x] == opp && g->board[x] &&
        !(((g->claims[0] | g->claims[1]) >> x) & 1)) {
        capture(obs, g, x);
        return;
    }
    g->move_flags |= SOW_MOVED_WANTS_CHOICE;
}

/* A resowing across capture (C2.5): the opponent's seeds across from h
 * lifted into the mover's hand; returns how many. */
int sow_lift_across(const sow_setup *s, const sow_observer *obs,
                    sow_game *g, int h)
{
    int seeds = 0;
    const int at[2] = {s->facing[h], s->behind[h]};
    for (int k = 0; k < 2; k++) {
        int c = sow_across_seeds(s, g, at[k]);
        if (c) {
            g->board[at[k]] = 0;
            seeds += c;
            EMIT(obs, SOW_EV_LIFT, g->to_move, at[k], c, 0);
        }
    }
    return seeds;
}
