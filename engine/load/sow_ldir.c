/* sow_ldir.c - which way the holes sow, and which moves may not be
 * sown straight back: the sowing: section's direction (every form of it)
 * and no_undo (sow_loader_int.h). */
#include <string.h>

#include "sow_loader_int.h"
#include "sow_text.h"

/* sowing.direction as a map: {cw_holes: [...]} (QL.2: those holes sow
 * clockwise, the others counter-clockwise); {cw_at: positions} the same
 * by place in each player's row; {chosen_at: positions} (issue 24,
 * MancalaGames' udir_holes: Cow's and Centering's middle hole) the holes
 * whose moves name their direction, h/cw or h/ccw, the others' moves
 * plain h; otherwise: the direction of the holes named nowhere. */
static int load_direction_map(ctx *c, const sow_ynode *x)
{
    static const char *const dkeys[] = {"cw_holes", "cw_at", "chosen_at",
                                        "otherwise", NULL};
    static const char *const dirs[] = {"ccw", "cw", NULL};
    sow_variant *v = c->v;
    const sow_ynode *l = sow_ynode_get(x, "cw_holes"),
                    *at = sow_ynode_get(x, "cw_at"),
                    *ch = sow_ynode_get(x, "chosen_at"),
                    *ot = sow_ynode_get(x, "otherwise");
    if (sow_ykeys(&c->y, x, "direction", dkeys))
        return SOW_ERR;
    if (!l && !at && !ch)
        return sow_yfail(&c->y, x, "direction as a map names holes: "
                                   "{cw_holes: [holes]} or {cw_at: "
                                   "[positions]} (those sow clockwise), "
                                   "{chosen_at: [positions]} (those name "
                                   "their direction with the move)");
    if (l && l->type != SOW_Y_SEQ)
        return sow_yfail(&c->y, l, "direction: {cw_holes: [...]} lists the "
                                   "holes that sow clockwise (the others "
                                   "sow counter-clockwise)");
    for (int i = 0; l && i < l->n; i++) {
        long h;
        if (sow_yint(&c->y, l->items[i], "a hole", 0, SOW_MAX_HOLES - 1, &h))
            return SOW_ERR;
        v->cw_holes |= (uint64_t)1 << h;
    }
    if (at && sow_lpositions_mid(c, at, "cw_at", &v->cwat_left, &v->cwat_right,
                                 &v->cw_mid))
        return SOW_ERR;
    if (ch && sow_lpositions_mid(c, ch, "chosen_at", &v->chosen_left,
                                 &v->chosen_right, &v->chosen_mid))
        return SOW_ERR;
    if (ot) {
        int di;
        if (sow_yword(&c->y, ot, "otherwise", dirs, &di))
            return SOW_ERR;
        if (di == 1 && (l || at))
            return sow_yfail(&c->y, ot, "otherwise: cw makes every hole "
                                        "not chosen sow clockwise: drop "
                                        "%s, or say otherwise: ccw",
                             l ? "cw_holes" : "cw_at");
        v->dir_others = (uint8_t)(di == 1 ? SOW_DIR_CW : SOW_DIR_CCW);
    }
    v->dir_line = x->line;
    v->dir_col = x->col;
    v->dir_some = ch != NULL;
    v->dir_rule = ch ? SOW_DIR_EACH_MOVE : SOW_DIR_BY_HOLE;
    return SOW_OK;
}

/* sowing.direction: ccw or cw (or an option), by_count (XK.1), or
 * a map (load_direction_map). */
int sow_ldirection(ctx *c, const sow_ynode *x)
{
    static const char *const dirs[] = {"ccw", "cw", NULL};
    sow_variant *v = c->v;
    field fd = {"direction", F_WORD, 0, 0, dirs};
    if (x && x->type == SOW_Y_SCALAR && strcmp(x->text, "by_count") == 0) {
        v->dir_rule = SOW_DIR_BY_COUNT; /* XK.1: odd ccw, even cw */
    } else if (x && x->type == SOW_Y_SCALAR &&
               strcmp(x->text, "chosen") == 0) {
        v->dir_rule = SOW_DIR_CHOSEN; /* OL.2: dir:ccw or dir:cw */
    } else if (x && x->type == SOW_Y_SCALAR &&
               strcmp(x->text, "each_move") == 0) {
        v->dir_rule = SOW_DIR_EACH_MOVE; /* MB.2: moves h/ccw and h/cw */
    } else if (x && x->type == SOW_Y_MAP) {
        if (load_direction_map(c, x))
            return SOW_ERR;
    } else if (x && !(x->type == SOW_Y_SCALAR &&
                      (x->text[0] == '$' || strcmp(x->text, "ccw") == 0 ||
                       strcmp(x->text, "cw") == 0))) {
        /* every form the key takes, not only the words of want_expr */
        const char *got =
            x->type == SOW_Y_SCALAR ? x->text : sow_ytype_name(x);
        return sow_yfail(&c->y, x,
                         "direction must be one of: ccw, cw, by_count, "
                         "chosen, each_move, a map of {cw_holes, cw_at, "
                         "chosen_at, otherwise}, or an enum "
                         "option "
                         "$name of ccw and cw (not '%.*s')",
                         SOW_CLIP(got, 60));
    } else if (x && sow_lexpr(c, x, &fd, &v->direction)) {
        return SOW_ERR;
    }
    return SOW_OK;
}

/* sowing.no_undo: true, false or an option (QL.6), or {unless_captured:
 * true} (ZZ.6: the rule lapses after a move that captured; MancalaGames'
 * ZigZag): a single seed just sown into a hole of the player to move,
 * which holds it alone, may not be sown straight back. */
int sow_lno_undo(ctx *c, const sow_ynode *x)
{
    static const char *const keys[] = {"unless_captured", NULL};
    sow_variant *v = c->v;
    field fnu = {"no_undo", F_BOOL, 0, 0, NULL};
    if (x->type != SOW_Y_MAP)
        return sow_lexpr(c, x, &fnu, &v->no_undo);
    const sow_ynode *u = sow_ynode_get(x, "unless_captured");
    if (sow_ykeys(&c->y, x, "no_undo", keys))
        return SOW_ERR;
    if (!u)
        return sow_yfail(&c->y, x, "no_undo as a map says when the rule "
                                   "lapses: {unless_captured: true} (after "
                                   "a move that captured); or write "
                                   "no_undo: true");
    bool b;
    if (sow_ybool(&c->y, u, "unless_captured", &b))
        return SOW_ERR;
    v->no_undo.kind = SOW_EXPR_CONST;
    v->no_undo.value = 1;
    v->no_undo.line = x->line;
    v->no_undo.col = x->col;
    v->no_undo_capture = b;
    return SOW_OK;
}
