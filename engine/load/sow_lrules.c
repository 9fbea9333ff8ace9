/* sow_lrules.c - the lap-end rules of a variant file: counts, chains,
 * claims, positions, conditions and actions (sow_loader_int.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sow_loader_int.h"
#include "sow_text.h"

/* A count condition: an int, a list of ints, or {min, max} (a range
 * without max matches every count from min up). */
int sow_lcounts(ctx *c, const sow_ynode *cn, const char *what, long least,
                uint64_t *counts, bool *high)
{
    *counts = 0;
    *high = false;
    long lo, hi;
    char wmin[64], wmax[64];
    snprintf(wmin, sizeof wmin, "%s min", what);
    snprintf(wmax, sizeof wmax, "%s max", what);
    if (cn->type == SOW_Y_SCALAR) {
        if (sow_yint(&c->y, cn, what, least, 62, &lo))
            return SOW_ERR;
        *counts = (uint64_t)1 << lo;
    } else if (cn->type == SOW_Y_SEQ) {
        if (cn->n == 0)
            return sow_yfail(&c->y, cn, "%s: [] matches nothing; list counts",
                             what);
        for (int i = 0; i < cn->n; i++) {
            if (sow_yint(&c->y, cn->items[i], what, least, 62, &lo))
                return SOW_ERR;
            if ((*counts >> lo) & 1)
                return sow_yfail(&c->y, cn->items[i],
                                 "count %s is listed twice",
                                 cn->items[i]->text);
            *counts |= (uint64_t)1 << lo;
        }
    } else {
        static const char *const rkeys[] = {"min", "max", NULL};
        if (sow_ykeys(&c->y, cn, what, rkeys))
            return SOW_ERR;
        const sow_ynode *mn = sow_ynode_get(cn, "min"),
                        *mx = sow_ynode_get(cn, "max");
        lo = least;
        hi = -1;
        if (!mn && !mx)
            return sow_yfail(&c->y, cn, "a %s range needs min:, max: or both",
                             what);
        if (mn && sow_yint(&c->y, mn, wmin, least, 62, &lo))
            return SOW_ERR;
        if (mx && sow_yint(&c->y, mx, wmax, least, 62, &hi))
            return SOW_ERR;
        if (!mx)
            *high = true;
        long top = mx ? hi : 62;
        if (top < lo)
            return sow_yfail(&c->y, cn, "%s max is below min", what);
        for (long k = lo; k <= top; k++)
            *counts |= (uint64_t)1 << k;
    }
    return SOW_OK;
}

/* The counts: of a chain or a capture_all map (x, in map n): as a
 * count condition, or even (every even count from 2 to 62, TK.4's). */
static int load_taken(ctx *c, const sow_ynode *n, const sow_ynode *x,
                      const char *missing, sow_chain *ch)
{
    if (!x)
        return sow_yfail(&c->y, n, "%s", missing);
    if (x->type == SOW_Y_SCALAR && strcmp(x->text, "even") == 0) {
        ch->counts = 0x5555555555555554ull; /* 2, 4, ... 62 */
        return SOW_OK;
    }
    return sow_lcounts(c, x, "counts", 1, &ch->counts, &ch->counts_high);
}

/* chain: {counts, start, direction, owner, skip_empty, max, and_last} of
 * a rule that says do: chain. */
static int load_chain(ctx *c, const sow_ynode *n, sow_chain *ch)
{
    static const char *const keys[] = {"counts", "start", "direction",
                                       "owner", "skip_empty", "max",
                                       "and_last", NULL};
    static const char *const starts[] = {"next", "last", NULL};
    /* forward, backward: relative to the sowing; cw, ccw: that way
     * whatever the move's direction (MB.4) */
    static const char *const dirs[] = {"forward", "backward", "ccw", "cw",
                                       NULL};
    static const char *const owners[] = {"any", "own", "opponent", NULL};
    if (sow_ykeys(&c->y, n, "chain", keys))
        return SOW_ERR;
    const sow_ynode *x = sow_ynode_get(n, "counts");
    if (load_taken(c, n, x, "a chain needs counts: (the counts it takes, "
                            "e.g. [1, 3, 5])", ch))
        return SOW_ERR;
    int k;
    if ((x = sow_ynode_get(n, "start"))) {
        if (sow_yword(&c->y, x, "start", starts, &k))
            return SOW_ERR;
        ch->from_last = k == 1;
    }
    if ((x = sow_ynode_get(n, "direction"))) {
        if (sow_yword(&c->y, x, "direction", dirs, &k))
            return SOW_ERR;
        ch->backward = k == 1;
        if (k >= 2)
            ch->fixed_dir = (uint8_t)(1 + (k == 2 ? SOW_DIR_CCW : SOW_DIR_CW));
    }
    if ((x = sow_ynode_get(n, "owner"))) {
        if (sow_yword(&c->y, x, "owner", owners, &k))
            return SOW_ERR;
        ch->owner = (uint8_t)k;
    }
    /* at most this many holes (a chain of the last hole and the one
     * before it: Mandoli) */
    long most = 0;
    if ((x = sow_ynode_get(n, "max")) &&
        sow_yint(&c->y, x, "max", 1, SOW_MAX_HOLES, &most))
        return SOW_ERR;
    ch->max = (uint8_t)most;
    /* and_last: the lap's last hole too once the chain took one
     * (MancalaGames' PICKFINAL: Je ki n je) */
    if ((x = sow_ynode_get(n, "and_last"))) {
        if (sow_ybool(&c->y, x, "and_last", &ch->and_last))
            return SOW_ERR;
        if (ch->and_last && ch->from_last)
            return sow_yfail(&c->y, x, "and_last takes the lap's last hole "
                             "after a chain that starts at the next hole; "
                             "with start: last the chain takes it first: "
                             "remove one of them");
    }
    if ((x = sow_ynode_get(n, "skip_empty"))) {
        field fs = {"skip_empty", F_BOOL, 0, 0, NULL};
        if (sow_lexpr(c, x, &fs, &ch->skip_empty))
            return SOW_ERR;
    }
    return SOW_OK;
}

/* capture_all: {counts, owner} of a rule that says do: capture_all: every
 * hole of that side holding one of the counts, wherever it lies
 * (MancalaGames' PICKOPPBASIC: Kara's opponent's 2s, 4s and 6s). Kept in
 * the rule's chain, whose counts and owner mean the same. */
static int load_capture_all(ctx *c, const sow_ynode *n, sow_chain *ch)
{
    static const char *const keys[] = {"counts", "owner", NULL};
    static const char *const owners[] = {"any", "own", "opponent", NULL};
    if (sow_ykeys(&c->y, n, "capture_all", keys))
        return SOW_ERR;
    const sow_ynode *x = sow_ynode_get(n, "counts");
    if (load_taken(c, n, x, "capture_all needs counts: (the counts of the "
                            "holes it takes, e.g. [2, 4, 6])", ch))
        return SOW_ERR;
    int k = SOW_OWNER_OPPONENT;
    if ((x = sow_ynode_get(n, "owner")) &&
        sow_yword(&c->y, x, "owner", owners, &k))
        return SOW_ERR;
    ch->owner = (uint8_t)k;
    return SOW_OK;
}

/* The map beside do: chain or do: capture_all, which needs it. */
static int load_action_map(ctx *c, const sow_ynode *n, const sow_ynode *act,
                           sow_lap_rule *r)
{
    const sow_ynode *chn = sow_ynode_get(n, "chain");
    if (r->action == SOW_LAP_CHAIN && !chn)
        return sow_yfail(&c->y, act,
                         "do: chain needs a chain: map beside it (chain: "
                         "{counts: [1, 3, 5]})");
    if (r->action != SOW_LAP_CHAIN && chn)
        return sow_yfail(&c->y, chn,
                         "chain: belongs to a rule that says do: chain");
    if (chn)
        return load_chain(c, chn, &r->chain);
    const sow_ynode *all = sow_ynode_get(n, "capture_all");
    if (r->action == SOW_LAP_CAPTURE_ALL && !all)
        return sow_yfail(&c->y, act,
                         "do: capture_all needs a capture_all: map beside "
                         "it (capture_all: {counts: [2, 4, 6], owner: "
                         "opponent})");
    if (r->action != SOW_LAP_CAPTURE_ALL && all)
        return sow_yfail(&c->y, all, "capture_all: belongs to a rule that "
                                     "says do: capture_all");
    return all ? load_capture_all(c, all, &r->chain) : SOW_OK;
}

const char *const sow_cite_names[SOW_CITE_COUNT] = {
    "move", "sow", "leave", "skip_origin", "relay", "stop", "pass",
    "endless", "bearoff", "end", "sow_capture", "last_seeds", "skip_count",
    "direction", "rounds", "pass_over", "place", "cw_moves", "grand_slam",
    "unreachable", "capture_before"};

/* A `rule:` value: the id of one of the variant's `rules:`. */
int sow_lcite(ctx *c, const sow_ynode *n, char out[SOW_RULE_ID_MAX])
{
    if (n->type != SOW_Y_SCALAR)
        return sow_yfail(&c->y, n, "rule: must be a rule id such as K1.5");
    if (!sow_variant_rule_text(c->v, n->text))
        return sow_yfail(&c->y, n,
                         "rule '%s' is not listed under rules: (add it "
                         "there with its one-line text)",
                         n->text);
    snprintf(out, SOW_RULE_ID_MAX, "%s", n->text);
    return SOW_OK;
}

/* explain: {MECHANIC: RULE-ID, ...} (sow_cite_names). */
int sow_lexplain(ctx *c, const sow_ynode *n)
{
    const char *keys[SOW_CITE_COUNT + 1];
    for (int i = 0; i < SOW_CITE_COUNT; i++)
        keys[i] = sow_cite_names[i];
    keys[SOW_CITE_COUNT] = NULL;
    if (sow_ykeys(&c->y, n, "explain", keys))
        return SOW_ERR;
    for (int i = 0; i < SOW_CITE_COUNT; i++) {
        const sow_ynode *x = sow_ynode_get(n, sow_cite_names[i]);
        if (x && sow_lcite(c, x, c->v->cite[i]))
            return SOW_ERR;
    }
    return SOW_OK;
}

/* A rule's claim: map (C1.4; TK.3, QL.3): where the claim may be made. */
static int load_claim(ctx *c, const sow_ynode *cl, sow_lap_rule *r)
{
    static const char *const ckeys[] = {"limit", "not_last", "not_mirror",
                                        "eligible_south", "eligible_north",
                                        "holes", NULL};
    static const char *const places[] = {"last", "opposite", "previous",
                                         "next", NULL};
    if (cl && r->action != SOW_LAP_CLAIM)
        return sow_yfail(&c->y, cl, "claim: belongs to a rule that says do: claim");
    if (cl) {
        if (sow_ymap(&c->y, cl, "claim") || sow_ykeys(&c->y, cl, "claim", ckeys))
            return SOW_ERR;
        const sow_ynode *y;
        long lim = 0;
        if ((y = sow_ynode_get(cl, "limit")) &&
            sow_yint(&c->y, y, "limit", 0, SOW_MAX_HOLES, &lim))
            return SOW_ERR;
        r->claim.limit = (int)lim;
        if ((y = sow_ynode_get(cl, "not_last")) &&
            sow_ybool(&c->y, y, "not_last", &r->claim.not_last))
            return SOW_ERR;
        if ((y = sow_ynode_get(cl, "not_mirror")) &&
            sow_ybool(&c->y, y, "not_mirror", &r->claim.not_mirror))
            return SOW_ERR;
        /* C1.4: the holes claimed together, named from the last hole */
        if ((y = sow_ynode_get(cl, "holes"))) {
            if (y->type != SOW_Y_SEQ || y->n == 0)
                return sow_yfail(&c->y, y, "holes must be a list of the "
                                           "holes claimed together: last, "
                                           "opposite, previous, next");
            for (int i = 0; i < y->n; i++) {
                int k;
                if (sow_yword(&c->y, y->items[i], "a claimed hole", places,
                              &k))
                    return SOW_ERR;
                if ((r->claim.holes >> k) & 1)
                    return sow_yfail(&c->y, y->items[i],
                                     "'%s' is listed twice", places[k]);
                r->claim.holes |= (uint8_t)(1u << k);
            }
        }
        const char *side[2] = {"eligible_south", "eligible_north"};
        for (int p = 0; p < 2; p++) {
            if (!(y = sow_ynode_get(cl, side[p])))
                continue;
            if (y->type != SOW_Y_SEQ)
                return sow_yfail(&c->y, y, "%s must be a list of holes", side[p]);
            r->claim.has_eligible = true;
            for (int i = 0; i < y->n; i++) {
                long h;
                if (sow_yint(&c->y, y->items[i], "a hole", 0, SOW_MAX_HOLES - 1,
                             &h))
                    return SOW_ERR;
                r->claim.eligible[p] |= (uint64_t)1 << h;
            }
        }
    }
    return SOW_OK;
}

int sow_lpositions(ctx *c, const sow_ynode *x, const char *what,
                   uint16_t *left, uint16_t *right)
{
    return sow_lpositions_mid(c, x, what, left, right, NULL);
}

int sow_lpositions_mid(ctx *c, const sow_ynode *x, const char *what,
                       uint16_t *left, uint16_t *right, bool *middle)
{
    if (x->type != SOW_Y_SEQ || x->n == 0)
        return sow_yfail(&c->y, x, "%s must be a list of positions in the "
                                   "row: leftmost, rightmost,%s N (from the "
                                   "left, 1 the leftmost) or -N (from the "
                                   "right)",
                         what, middle ? " middle," : "");
    for (int i = 0; i < x->n; i++) {
        const sow_ynode *p = x->items[i];
        long k;
        if (middle && p->type == SOW_Y_SCALAR &&
            strcmp(p->text, "middle") == 0) { /* a row of odd length */
            *middle = true;
            continue;
        }
        if (p->type == SOW_Y_SCALAR && strcmp(p->text, "leftmost") == 0)
            k = 1;
        else if (p->type == SOW_Y_SCALAR && strcmp(p->text, "rightmost") == 0)
            k = -1;
        else if (!sow_yis_int(p, &k) || k == 0 || k > SOW_POS_REACH ||
                 k < -SOW_POS_REACH)
            return sow_yfail(&c->y, p, "a position is leftmost, rightmost,%s "
                                       "a number from 1 to %d (from the "
                                       "player's left) or from -1 to -%d "
                                       "(from their right)",
                             middle ? " middle," : "", SOW_POS_REACH,
                             SOW_POS_REACH);
        if (k > 0)
            *left |= (uint16_t)(1u << (k - 1));
        else
            *right |= (uint16_t)(1u << (-k - 1));
    }
    return SOW_OK;
}

/* when.position / when.not_position (issue 24): holes named by where
 * they lie in their row: not_position: [rightmost] spares each player's
 * right-hand hole. */
static int load_position(ctx *c, const sow_ynode *w, sow_lap_rule *r)
{
    const sow_ynode *in = sow_ynode_get(w, "position"),
                    *out = sow_ynode_get(w, "not_position");
    if (!in && !out)
        return SOW_OK;
    if (in && out)
        return sow_yfail(&c->y, out, "position and not_position say the "
                                     "same thing two ways: keep one");
    r->position = in ? 1 : 2;
    return sow_lpositions(c, in ? in : out, in ? "position" : "not_position",
                          &r->pos_left, &r->pos_right);
}

/* when.store (C1.3): a lap that ends in the mover's store, the
 * opponent's, either; such a lap has no hole to look at, and only stops
 * or gives another turn. */
static int load_when_store(ctx *c, const sow_ynode *w, const sow_ynode *act,
                           sow_lap_rule *r)
{
    static const char *const stores[] = {"own", "opponent", "any", NULL};
    const sow_ynode *x = sow_ynode_get(w, "store");
    if (!x)
        return SOW_OK;
    int si;
    if (sow_yword(&c->y, x, "store", stores, &si))
        return SOW_ERR;
    r->in_store = true;
    r->store_of = (uint8_t)(si + 1); /* own 1, opponent 2, any 3 */
    if (sow_ynode_get(w, "count") || sow_ynode_get(w, "owner") ||
        sow_ynode_get(w, "next_count") || sow_ynode_get(w, "opposite") ||
        sow_ynode_get(w, "previous_count"))
        return sow_yfail(&c->y, x, "store: describes a lap that ends in a store, "
                          "which has no count, owner, next or "
                          "opposite hole: leave those out");
    if (r->action != SOW_LAP_STOP && r->action != SOW_LAP_EXTRA_TURN &&
        r->action != SOW_LAP_HOOK)
        return sow_yfail(&c->y, act, "a lap that ends in a store can only stop "
                            "or give an extra turn (do: stop or "
                            "extra_turn; C1.3: no capture follows)");
    return SOW_OK;
}

/* A rule's when: map: the count, owner, next and opposite holes, the
 * first ply, or a lap that ends in the mover's store (C1.3). */
static int load_when(ctx *c, const sow_ynode *w, const sow_ynode *act,
                     sow_lap_rule *r)
{
    static const char *const wkeys[] = {"count", "owner", "next_count",
                                        "previous_count",
                                        "min_ply", "store", "opposite",
                                        "claimed", "position",
                                        "not_position", "row", "across",
                                        "moved", "last_hole", NULL};
    static const char *const rowsw[] = {"any", "inner", "outer", NULL};
    static const char *const acrossw[] = {"none", "facing", "both",
                                          "either", NULL};
    static const char *const claimeds[] = {"own", "opponent", "any", NULL};
    /* (same: as many as h, issue 24; a number: exactly that many) */
    static const char *const opposites[] = {"any", "seeds", "empty", "same",
                                            NULL};
    static const char *const owners[] = {"any", "own", "opponent", NULL};
    if (sow_ykeys(&c->y, w, "when", wkeys))
        return SOW_ERR;
    const sow_ynode *o = sow_ynode_get(w, "owner");
    if (o) {
        int oi;
        if (sow_yword(&c->y, o, "owner", owners, &oi))
            return SOW_ERR;
        r->owner = (sow_owner_sel)oi;
    }
    const sow_ynode *x = sow_ynode_get(w, "count");
    if (x && x->type == SOW_Y_SCALAR && strcmp(x->text, "even") == 0)
        r->even = 1; /* TK.4: any even count */
    else if (x && sow_lcounts(c, x, "count", 1, &r->counts, &r->counts_high))
        return SOW_ERR;
    x = sow_ynode_get(w, "next_count");
    const sow_ynode *pc = sow_ynode_get(w, "previous_count");
    if (x && pc)
        return sow_yfail(&c->y, pc, "a rule looks at the next hole "
                                    "(next_count) or the previous one "
                                    "(previous_count), not both");
    if (pc) { /* the hole before h along the sowing */
        x = pc;
        r->look_back = true;
    }
    if (x) {
        r->has_next = true;
        if (sow_lcounts(c, x, pc ? "previous_count" : "next_count", 0,
                        &r->next_counts, &r->next_high))
            return SOW_ERR;
    }
    x = sow_ynode_get(w, "min_ply");
    if (x) {
        long mp;
        if (sow_yint(&c->y, x, "min_ply", 0, SOW_MAX_PLIES_LIMIT, &mp))
            return SOW_ERR;
        r->min_ply = (int)mp;
    }
    if (load_when_store(c, w, act, r))
        return SOW_ERR;
    x = sow_ynode_get(w, "claimed");
    if (x) { /* GB.3, GB.4: a lap that ends in a claimed hole */
        int ci;
        if (sow_yword(&c->y, x, "claimed", claimeds, &ci))
            return SOW_ERR;
        /* (a count may go with it: GA.6 takes from a weg only when the
         * last seed does not fall into it empty) */
        if (sow_ynode_get(w, "owner") || sow_ynode_get(w, "next_count") ||
            sow_ynode_get(w, "opposite") || sow_ynode_get(w, "store") ||
            sow_ynode_get(w, "moved") || sow_ynode_get(w, "last_hole") || pc)
            return sow_yfail(&c->y, x, "claimed: describes a lap that ends in a "
                             "claimed hole, by its count alone: leave out "
                             "owner, next_count, opposite, store, moved and "
                             "last_hole");
        r->on_claimed = (uint8_t)(ci + 1);
    }
    if (load_position(c, w, r))
        return SOW_ERR;
    x = sow_ynode_get(w, "row"); /* C2.5: an inner or outer hole */
    if (x) {
        int ri;
        if (sow_yword(&c->y, x, "row", rowsw, &ri))
            return SOW_ERR;
        r->row = (uint8_t)ri;
    }
    x = sow_ynode_get(w, "across"); /* C2.5: the opponent's holes across */
    if (x) {
        int ai;
        if (sow_yword(&c->y, x, "across", acrossw, &ai))
            return SOW_ERR;
        r->across = (uint8_t)ai;
    }
    x = sow_ynode_get(w, "opposite");
    if (x && x->type == SOW_Y_SCALAR && x->text[0] >= '0' &&
        x->text[0] <= '9') {
        /* LL.5: the hole facing h holds exactly this many */
        long k;
        if (sow_yint(&c->y, x, "opposite", 0, SOW_MAX_HOLE_SEEDS, &k))
            return SOW_ERR;
        r->opposite = 3;
        r->opposite_count = (int)k;
    } else if (x) {
        int oi;
        if (sow_yword(&c->y, x, "opposite", opposites, &oi))
            return SOW_ERR;
        r->opposite = (uint8_t)(oi == 3 ? 4 : oi);
    }
    return SOW_OK;
}

/* resow: beside do: capture_across (C2.5): the seeds taken are sown
 * again along the mover's circuit, from the lap's origin (IS.5), the hole
 * after it (MW.6) or the hole after h (HU.5), in the move's direction or
 * a fixed one; then the move ends, h is sown on (MW.7), or the last seed
 * ends a lap like any other. */
static int load_resow(ctx *c, const sow_ynode *x, const sow_ynode *act,
                      sow_lap_rule *r)
{
    static const char *const keys[] = {"from", "direction", "then", NULL};
    static const char *const froms[] = {"origin", "after_origin",
                                        "after_last", NULL};
    static const char *const dirs[] = {"move", "ccw", "cw", NULL};
    /* (last_seed and capturing_hole: the same as lap_end and relay, by
     * what the move goes on from, MW.9's words) */
    static const char *const thens[] = {"lap_end", "stop", "relay",
                                        "last_seed", "capturing_hole", NULL};
    if (!x)
        return SOW_OK;
    if (r->action != SOW_LAP_CAPTURE_ACROSS)
        return sow_yfail(&c->y, x, "resow: belongs to a rule that says "
                                   "do: capture_across");
    if (r->then_relay || r->then_next)
        return sow_yfail(&c->y, x, "resow: and then: do not go together; "
                                   "resow has its own then:");
    if (sow_ykeys(&c->y, x, "resow", keys))
        return SOW_ERR;
    const sow_ynode *f = sow_ynode_get(x, "from");
    if (!f)
        return sow_yfail(&c->y, x, "resow needs from: (origin, after_origin "
                                   "or after_last)");
    int fi, di = 0, ti = 0;
    if (sow_yword(&c->y, f, "from", froms, &fi))
        return SOW_ERR;
    const sow_ynode *d = sow_ynode_get(x, "direction");
    if (d && sow_yword(&c->y, d, "direction", dirs, &di))
        return SOW_ERR;
    /* then: a word, or an enum option of those words (MW.9) */
    const sow_ynode *th = sow_ynode_get(x, "then");
    sow_expr *te = &c->v->resow_then[r - c->v->lap_rules];
    field ft = {"then", F_WORD, 0, 0, thens};
    te->kind = SOW_EXPR_CONST;
    te->value = SOW_RESOW_THEN_LAP_END;
    if (th && sow_lexpr(c, th, &ft, te))
        return SOW_ERR;
    (void)act;
    (void)ti;
    r->resow = (uint8_t)(fi + 1);
    r->resow_dir = (uint8_t)di;
    return SOW_OK;
}

/* A rule's then:, take: and series: (TG.2, GB.4, OL.4, HU.5): what
 * follows its action, each checked against the action it follows. */
static int load_then(ctx *c, const sow_ynode *n, const sow_ynode *act,
                     sow_lap_rule *r)
{
    const sow_ynode *then = sow_ynode_get(n, "then");
    if (then) { /* TG.2: capture_opposite, then relay from h; GB.4:
                   take, then an extra turn */
        static const char *const thens[] = {"relay", "extra_turn", "next",
                                            NULL};
        int ti;
        if (sow_yword(&c->y, then, "then", thens, &ti))
            return SOW_ERR;
        if (ti == 0 && r->action != SOW_LAP_CAPTURE_OPPOSITE &&
            r->action != SOW_LAP_CAPTURE_TWO_OUT &&
            r->action != SOW_LAP_CAPTURE_ACROSS)
            return sow_yfail(&c->y, then,
                             "then: relay follows do: capture_opposite, "
                             "capture_two_out or capture_across only (the "
                             "seeds left in the hole are sown on)");
        if (ti == 1 && r->action != SOW_LAP_TAKE)
            return sow_yfail(&c->y, then,
                             "then: extra_turn follows do: take only");
        if (ti == 2 && r->action != SOW_LAP_CAPTURE_ACROSS)
            return sow_yfail(&c->y, then,
                             "then: next follows do: capture_across only "
                             "(the hole after the last is sown on)");
        r->then_next = ti == 2;
        r->then_relay = ti == 0;
        r->then_extra = ti == 1;
    }
    const sow_ynode *tk = sow_ynode_get(n, "take");
    if ((tk != NULL) != (r->action == SOW_LAP_TAKE))
        return sow_yfail(&c->y, tk ? tk : act,
                         "do: take and take: K (the most seeds taken from "
                         "the hole) go together");
    if (tk) {
        long k;
        if (sow_yint(&c->y, tk, "take", 1, SOW_MAX_HOLE_SEEDS, &k))
            return SOW_ERR;
        r->take = (int)k;
    }
    const sow_ynode *se = sow_ynode_get(n, "series");
    if (se) { /* OL.4: capture two out again and again */
        if (sow_ybool(&c->y, se, "series", &r->series))
            return SOW_ERR;
        if (r->action != SOW_LAP_CAPTURE_TWO_OUT &&
            r->action != SOW_LAP_CAPTURE_PAIR)
            return sow_yfail(&c->y, se, "series: belongs to a rule that says "
                             "do: capture_two_out or capture_pair");
        if (r->series && r->then_relay)
            return sow_yfail(&c->y, se, "series: and then: relay do not go "
                             "together; keep one");
    }
    return SOW_OK;
}

/* when.moved and when.last_hole of lap-end rule i, kept beside the
 * rules (a rule is a fixed 256 bytes): h was lifted or sown into in this
 * round before the lap's last seed fell (P86, GA.5; a bool that may name
 * an option), and h is the only unclaimed hole its owner owns (GA.5,
 * last_hole=take3). */
int sow_llap_rule_more(ctx *c, const sow_ynode *n, int i)
{
    sow_variant *v = c->v;
    v->lap_moved[i].kind = SOW_EXPR_CONST;
    const sow_ynode *cond = sow_ynode_get(n, "if");
    field fc = {"if", F_BOOL, 0, 0, NULL};
    for (int k = 1; cond && cond->type == SOW_Y_SEQ && k < cond->n; k++)
        if (sow_lexpr(c, cond->items[k], &fc, &v->lap_if_more[i][k - 1]))
            return SOW_ERR;
        else
            v->lap_if_more_n[i] = (uint8_t)k;
    const sow_ynode *w = sow_ynode_get(n, "when");
    if (!w || w->type != SOW_Y_MAP)
        return SOW_OK;
    const sow_ynode *x = sow_ynode_get(w, "moved");
    field fm = {"moved", F_BOOL, 0, 0, NULL};
    if (x && sow_lexpr(c, x, &fm, &v->lap_moved[i]))
        return SOW_ERR;
    if (x)
        v->lap_rules[i].even |= 2; /* (family_ok looks) */
    if ((x = sow_ynode_get(w, "last_hole"))) {
        bool b;
        if (sow_ybool(&c->y, x, "last_hole", &b))
            return SOW_ERR;
        if (b) {
            v->lap_last_hole |= 1u << i;
            v->lap_rules[i].even |= 2;
        }
    }
    return SOW_OK;
}

/* pairs: {forward: N, backward: M} beside do: capture_pair and when:
 * {opposite: same} (issue 24, MancalaGames' MATCH_OPP with multicapt:
 * Centering's CE.3): more holes that hold as many as the hole facing
 * them, each taken with it, up to N along the sowing and M against it,
 * each way up to the first that does not. */
static int load_pairs(ctx *c, const sow_ynode *x, sow_lap_rule *r)
{
    static const char *const keys[] = {"forward", "backward", NULL};
    if (!x)
        return SOW_OK;
    if (r->action != SOW_LAP_CAPTURE_PAIR || r->opposite != 4 || r->series)
        return sow_yfail(&c->y, x, "pairs: belongs to a rule that says do: "
                         "capture_pair with when: {opposite: same} (and no "
                         "series:): the further pairs hold as many as the "
                         "holes facing them");
    if (sow_ymap(&c->y, x, "pairs") || sow_ykeys(&c->y, x, "pairs", keys))
        return SOW_ERR;
    uint8_t *way[] = {&r->pairs_fwd, &r->pairs_back};
    for (int i = 0; i < 2; i++) {
        const sow_ynode *k = sow_ynode_get(x, keys[i]);
        long v;
        if (k && sow_yint(&c->y, k, keys[i], 0, SOW_MAX_HOLES, &v))
            return SOW_ERR;
        *way[i] = k ? (uint8_t)v : 0;
    }
    if (!r->pairs_fwd && !r->pairs_back)
        return sow_yfail(&c->y, x, "pairs: needs forward: or backward: (the "
                         "most pairs taken that way), e.g. pairs: {forward: "
                         "2, backward: 2}");
    return SOW_OK;
}

int sow_llap_rule(ctx *c, const sow_ynode *n, sow_lap_rule *r)
{
    static const char *const keys[] = {"when", "do", "if", "chain", "rule",
                                       "claim", "then", "pick_extra",
                                       "series", "take", "resow",
                                       "take_last", "extra", "capture_all",
                                       "pairs", NULL};
    static const char *const actions[] = {"stop", "relay", "capture", "hook",
                                          "chain", "capture_opposite",
                                          "capture_pair", "extra_turn",
                                          "capture_two_out", "claim",
                                          "capture_to_claim", "close", "take",
                                          "capture_across", "capture_all",
                                          NULL};
    if (sow_ykeys(&c->y, n, "a lap_end rule", keys))
        return SOW_ERR;
    const sow_ynode *act = sow_ynode_get(n, "do");
    if (!act)
        return sow_yfail(&c->y, n,
                         "a lap_end rule needs do: (stop, relay, capture, "
                         "capture_opposite, capture_pair, "
                         "capture_across, capture_all, chain, extra_turn, "
                         "claim, close or hook)");
    int a;
    if (sow_yword(&c->y, act, "do", actions, &a))
        return SOW_ERR;
    r->action = (sow_lap_action)a;
    if (load_action_map(c, n, act, r))
        return SOW_ERR;
    const sow_ynode *rid = sow_ynode_get(n, "rule");
    if (rid && sow_lcite(c, rid, r->cite))
        return SOW_ERR;
    if (load_claim(c, sow_ynode_get(n, "claim"), r))
        return SOW_ERR;
    if (load_then(c, n, act, r))
        return SOW_ERR;
    if (load_resow(c, sow_ynode_get(n, "resow"), act, r))
        return SOW_ERR;
    const sow_ynode *ex = sow_ynode_get(n, "extra");
    if (ex) { /* NS.6: one more opponent hole, of the mover's choice */
        static const char *const extras[] = {"chosen", NULL};
        int ei;
        if (sow_yword(&c->y, ex, "extra", extras, &ei))
            return SOW_ERR;
        if (r->action != SOW_LAP_CAPTURE_ACROSS || r->resow ||
            r->then_relay || r->then_next)
            return sow_yfail(&c->y, ex, "extra: chosen belongs to a rule "
                             "that says do: capture_across, without resow "
                             "or then: (the move ends with the hole taken)");
        r->extra_choice = 1;
    }
    const sow_ynode *tl = sow_ynode_get(n, "take_last");
    if (tl) { /* HU.5 ludii: the seeds of h go with those across */
        bool b;
        if (sow_ybool(&c->y, tl, "take_last", &b))
            return SOW_ERR;
        if (r->action != SOW_LAP_CAPTURE_ACROSS || r->resow)
            return sow_yfail(&c->y, tl, "take_last: belongs to a rule that "
                             "says do: capture_across, without resow");
        r->take_last = b;
    }
    const sow_ynode *pe = sow_ynode_get(n, "pick_extra");
    if (pe) { /* LL.5: then every opponent hole holding this many */
        long k;
        if (sow_yint(&c->y, pe, "pick_extra", 1, SOW_MAX_HOLE_SEEDS, &k))
            return SOW_ERR;
        if (r->action != SOW_LAP_CAPTURE_OPPOSITE || r->then_relay)
            return sow_yfail(&c->y, pe,
                             "pick_extra: follows do: capture_opposite "
                             "only (without then: relay)");
        r->pick_extra = (int)k;
    }
    r->line = n->line;
    r->col = n->col;
    r->counts = ~(uint64_t)0;
    r->counts_high = true;
    r->owner = SOW_OWNER_ANY;
    const sow_ynode *cond = sow_ynode_get(n, "if");
    if (cond && cond->type == SOW_Y_SEQ) {
        /* several references, all of which must hold (the rest are
         * read by sow_llap_rule_more) */
        if (cond->n < 1 || cond->n > 1 + SOW_MAX_IF_MORE)
            return sow_yfail(&c->y, cond, "if: is an option reference, or "
                             "a list of 1 to %d that must all hold",
                             1 + SOW_MAX_IF_MORE);
        cond = cond->items[0];
    }
    if (cond) {
        field fc = {"if", F_BOOL, 0, 0, NULL};
        if (sow_lexpr(c, cond, &fc, &r->cond))
            return SOW_ERR;
        r->has_if = true;
    }
    const sow_ynode *w = sow_ynode_get(n, "when");
    if (w && !(w->type == SOW_Y_SCALAR && w->text[0] == 0) &&
        load_when(c, w, act, r))
        return SOW_ERR;
    return load_pairs(c, sow_ynode_get(n, "pairs"), r);
}
