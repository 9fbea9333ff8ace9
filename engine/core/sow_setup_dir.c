/* sow_setup_dir.c - which way each hole sows, for the setup: the holes
 * sown clockwise (cw_holes) and the holes whose moves name their
 * direction (chosen_holes), from the variant's direction by holes or by
 * places in each player's row (issue 24: MancalaGames' udir_holes). */
#include "sow_setup.h"
#include "sow_text.h"

/* Whether a hole at place i from its player's left in a row of n (mid:
 * the middle place, -1 on an even row) is one of the positions. */
static bool at_place(uint16_t left, uint16_t right, bool middle, int i,
                     int n, int mid)
{
    return ((left >> i) & 1) || ((right >> (n - 1 - i)) & 1) ||
           (middle && i == mid);
}

int sow_setup_directions(sow_setup *s, const sow_variant *v, sow_error *err)
{
    s->dir_rule = v->dir_rule;
    s->cw_holes = v->cw_holes;
    s->chosen_holes = 0;
    s->every_hole_chooses = false;
    const uint64_t all = s->holes == 64 ? ~(uint64_t)0
                                        : ((uint64_t)1 << s->holes) - 1;
    if (v->dir_rule == SOW_DIR_EACH_MOVE && !v->dir_some) {
        s->chosen_holes = all; /* MB.2: every move names its direction */
        s->every_hole_chooses = true;
        return SOW_OK;
    }
    if (v->dir_rule != SOW_DIR_BY_HOLE && !v->dir_some)
        return SOW_OK;
    const int mid = s->n % 2 ? (s->n - 1) / 2 : -1;
    if ((v->cw_mid || v->chosen_mid) && mid < 0)
        return sow_error_set(err, v->path, v->dir_line, v->dir_col,
                             "direction: a row of %d holes has no middle "
                             "hole; name the places by number instead (1 "
                             "the leftmost, -1 the rightmost)",
                             s->n);
    for (int h = 0; h < s->holes; h++) {
        const uint64_t bit = (uint64_t)1 << h;
        const int i = s->from_left[h];
        const bool cw = at_place(v->cwat_left, v->cwat_right, v->cw_mid, i,
                                 s->n, mid) ||
                        (v->cw_holes & bit),
                   ch = at_place(v->chosen_left, v->chosen_right,
                                 v->chosen_mid, i, s->n, mid);
        if (cw && ch)
            return sow_error_set(err, v->path, v->dir_line, v->dir_col,
                                 "direction: hole %d is both chosen_at "
                                 "(its moves name their direction) and "
                                 "sown clockwise (%s): name it in one",
                                 h, (v->cw_holes & bit) ? "cw_holes"
                                                        : "cw_at");
        if (ch)
            s->chosen_holes |= bit;
        else if (cw || v->dir_others == SOW_DIR_CW)
            s->cw_holes |= bit;
    }
    return SOW_OK;
}
