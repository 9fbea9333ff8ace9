/* show_words.c - a variant's mechanics in words, for `sow show`: the
 * lap-end rules with their conditions and actions, the rounds of a match,
 * the threshold and the scoring. Every text describes the setup (the
 * chosen option values applied); a lap-end rule ends with the rule id it
 * cites, if any. */
#include <string.h>

#include "show.h"
#include "sow_draw.h"

const char *const show_action_names[SHOW_NACTIONS] = {
    "stop",         "relay",           "capture",
    "hook",         "chain",           "capture_opposite",
    "capture_pair", "extra_turn",      "capture_two_out",
    "claim",        "capture_to_claim", "close",
    "take",         "capture_across",  "capture_all"};

static const char *const player_names[2] = {"South", "North"};

static bool has_count(uint64_t counts, bool high, int c)
{
    return c < 63 ? (counts >> c) & 1 : high;
}

void show_words_counts(sow_buf *b, uint64_t counts, bool high)
{
    if (counts == ~(uint64_t)0 && high) {
        sow_buf_add(b, "any count");
        return;
    }
    sow_buf_add(b, "count");
    const char *sep = " ";
    for (int c = 0; c < 63; c++) {
        if (!has_count(counts, high, c))
            continue;
        int e = c; /* the run c..e */
        while (e < 62 && has_count(counts, high, e + 1))
            e++;
        if (e == 62 && high)
            sow_buf_add(b, "%s%d or more", sep, c);
        else if (e - c >= 2)
            sow_buf_add(b, "%s%d to %d", sep, c, e);
        else
            for (int k = c; k <= e; k++)
                sow_buf_add(b, "%s%d", k == c ? sep : ",", k);
        sep = ",";
        c = e;
    }
}

void show_words_holes(sow_buf *b, const sow_setup *s, uint64_t holes)
{
    const char *sep = "";
    for (int h = 0; h < s->holes; h++)
        if ((holes >> h) & 1) {
            sow_buf_add(b, "%s%d", sep, h);
            sep = ", ";
        }
    sep = " (";
    for (int h = 0; h < s->holes; h++)
        if ((holes >> h) & 1) {
            char l[16];
            sow_hole_label(s, h, l, sizeof l);
            sow_buf_add(b, "%s%s", sep, l);
            sep = ", ";
        }
    if (holes)
        sow_buf_add(b, ")");
}

void show_words_ref(sow_buf *b, const sow_variant *v, const sow_expr *e)
{
    if (e->kind == SOW_EXPR_CONST) { /* (a bool field written out) */
        sow_buf_add(b, "%s", e->value ? "true" : "false");
        return;
    }
    const sow_option_def *d = &v->options[e->opt];
    if (e->kind == SOW_EXPR_REF)
        sow_buf_add(b, "%s%s", d->name, d->type == SOW_OPT_BOOL ? "=true" : "");
    else
        sow_buf_add(b, "%s%s%s", d->name, e->kind == SOW_EXPR_EQ ? "=" : ":",
                    d->values[e->word]);
}

/* ---- a lap-end rule ---------------------------------------------------- */

/* The positions of mask counted from `side` ("left", "right"). */
static void words_positions_from(sow_buf *b, unsigned mask, const char *side,
                                 const char **sep)
{
    for (int i = 0; i < 16; i++) {
        if (!((mask >> i) & 1))
            continue;
        if (i == 0)
            sow_buf_add(b, "%sthe %smost", *sep, side);
        else
            sow_buf_add(b, "%sthe %d%s from the %s", *sep, i + 1,
                        i == 1 ? "nd" : i == 2 ? "rd" : "th", side);
        *sep = " or ";
    }
}

/* when.position / not_position: where the hole lies in its row, seen
 * from that row's player (issue 24). */
static void words_position(sow_buf *b, const sow_lap_rule *r)
{
    sow_buf_add(b, r->position == 1 ? ", only in" : ", except in");
    const char *sep = " ";
    words_positions_from(b, r->pos_left, "left", &sep);
    words_positions_from(b, r->pos_right, "right", &sep);
    sow_buf_add(b, " hole of its row (seen from that row's player)");
}

/* Where the lap ended: the mover's store, a claimed hole, or a hole with a
 * count, an owner, the hole facing it and the next hole. */
static void words_where(sow_buf *b, const sow_lap_rule *r)
{
    static const char *const claimed[] = {
        "", "in a hole the mover claimed", "in a hole the opponent claimed",
        "in a claimed hole"};
    if (r->in_store) {
        static const char *const store[] = {
            "", "in the mover's store", "in the opponent's store",
            "in either store"};
        sow_buf_add(b, "%s", store[r->store_of & 3]);
        return;
    }
    if (r->on_claimed) {
        sow_buf_add(b, "%s", claimed[r->on_claimed & 3]);
        if (!(r->counts == ~(uint64_t)0 && r->counts_high)) {
            sow_buf_add(b, " (");
            show_words_counts(b, r->counts, r->counts_high);
            sow_buf_add(b, ")"); /* GA.6 */
        }
        return;
    }
    if (r->even & 1)
        sow_buf_add(b, "an even count");
    else
        show_words_counts(b, r->counts, r->counts_high);
    /* C2.5: an inner or an outer hole */
    const char *row = r->row == SOW_ROW_INNER   ? " inner"
                      : r->row == SOW_ROW_OUTER ? " outer"
                                                : "";
    if (r->owner != SOW_OWNER_ANY)
        sow_buf_add(b, " in %s%s hole",
                    r->owner == SOW_OWNER_OWN ? "an own" : "an opponent's",
                    row);
    else if (r->row)
        sow_buf_add(b, " in an%s hole", row);
    if (r->opposite == 1)
        sow_buf_add(b, ", seeds in the opposite hole");
    else if (r->opposite == 2)
        sow_buf_add(b, ", the opposite hole empty");
    else if (r->opposite == 3)
        sow_buf_add(b, ", exactly %d in the opposite hole", r->opposite_count);
    else if (r->opposite == 4)
        sow_buf_add(b, ", as many in the opposite hole");
    if (r->across == SOW_ACROSS_FACING)
        sow_buf_add(b, ", the opponent's hole facing it holds seeds");
    else if (r->across == SOW_ACROSS_BOTH)
        sow_buf_add(b, ", the opponent's hole facing it and the one behind "
                       "it both hold seeds");
    else if (r->across == SOW_ACROSS_EITHER)
        sow_buf_add(b, ", the opponent's hole facing it or the one behind "
                       "it holds seeds");
    if (r->position)
        words_position(b, r);
    const char *which = r->look_back ? "the hole before it" : "the next hole";
    if (r->has_next && r->next_counts == 1 && !r->next_high) {
        sow_buf_add(b, ", %s empty", which);
    } else if (r->has_next) {
        sow_buf_add(b, ", %s ", which);
        show_words_counts(b, r->next_counts, r->next_high);
    }
}

/* The rule's conditions: where, from which ply, whether h was touched
 * this round (P86) and is its owner's last hole (GA.5), and its options
 * (all of them must hold). */
static void words_condition(sow_buf *b, const cli_game *cg,
                            const sow_lap_rule *r)
{
    const sow_variant *v = cg->v;
    const int i = (int)(r - v->lap_rules);
    words_where(b, r);
    if (r->min_ply)
        sow_buf_add(b, ", from ply %d", r->min_ply);
    if ((cg->setup.moved_rules >> i) & 1)
        sow_buf_add(b, ", the hole lifted or sown into this round before "
                       "the last seed");
    if ((cg->setup.last_hole_rules >> i) & 1)
        sow_buf_add(b, ", the only hole its owner has that is not claimed");
    if (r->has_if) {
        bool on = sow_expr_eval(&r->cond, &cg->opts);
        sow_buf_add(b, " (if ");
        show_words_ref(b, v, &r->cond);
        for (int k = 0; k < v->lap_if_more_n[i]; k++) {
            sow_buf_add(b, " and ");
            show_words_ref(b, v, &v->lap_if_more[i][k]);
            on = on && sow_expr_eval(&v->lap_if_more[i][k], &cg->opts);
        }
        sow_buf_add(b, on ? ": on)" : ": off)");
    }
}

/* A chain capture (B.4 and kin). */
static void words_chain(sow_buf *b, const cli_game *cg, int i)
{
    const sow_chain *ch = &cg->v->lap_rules[i].chain;
    sow_buf_add(b, "chain capture of holes with ");
    show_words_counts(b, ch->counts, ch->counts_high);
    sow_buf_add(b, ", from %s, %s",
                ch->from_last ? "the last hole" : "the next hole",
                ch->fixed_dir ? (ch->fixed_dir - 1 == SOW_DIR_CW
                                     ? "clockwise whatever the move's "
                                       "direction"
                                     : "counter-clockwise whatever the "
                                       "move's direction")
                : ch->backward ? "backward"
                               : "forward");
    if (ch->owner != SOW_OWNER_ANY)
        sow_buf_add(b, ", %s holes only",
                    ch->owner == SOW_OWNER_OWN ? "own" : "opponent's");
    sow_buf_add(b, ", %s", cg->setup.chain_skip_empty[i]
                               ? "passing over empty holes"
                               : "stopped by an empty hole");
    if (ch->max)
        sow_buf_add(b, ", at most %d %s", ch->max,
                    ch->max == 1 ? "hole" : "holes");
    if (ch->and_last) /* chain.and_last (PICKFINAL) */
        sow_buf_add(b, ", then the last hole itself once it took one");
}

/* Where a claim may be made (C1.4; the rule's claim: map). */
static void words_claim(sow_buf *b, const sow_setup *s, const sow_claim *c)
{
    static const char *const places[] = {"the last hole", "the hole facing it",
                                         "the hole before it",
                                         "the hole after it"};
    if (c->holes & ~SOW_CLAIM_LAST) { /* several holes together (C1.4) */
        sow_buf_add(b, "claim together");
        const char *sep = " ";
        for (int k = 0; k < 4; k++)
            if ((c->holes >> k) & 1) {
                sow_buf_add(b, "%s%s", sep, places[k]);
                sep = ", ";
            }
        sow_buf_add(b, ": the mover's from now on, only if none is claimed "
                       "yet");
    } else {
        sow_buf_add(b, "claim the hole: it is the mover's from now on");
    }
    if (c->limit)
        sow_buf_add(b, ", at most %d claimed hole%s a player", c->limit,
                    c->limit == 1 ? "" : "s");
    if (c->not_last)
        sow_buf_add(b, ", never the opponent's last hole");
    if (c->not_mirror)
        sow_buf_add(b, ", never the hole with the same number as the "
                       "opponent's claimed one");
    for (int p = 0; c->has_eligible && p < 2; p++) {
        sow_buf_add(b, ", %s only holes ", player_names[p]);
        show_words_holes(b, s, c->eligible[p]);
    }
    if (c->limit || c->not_last || c->not_mirror || c->has_eligible ||
        (c->holes & ~SOW_CLAIM_LAST))
        sow_buf_add(b, "; where it may not claim, the next rule applies");
}

/* The captures of the family's actions (capture_opposite and its
 * follow-ups, capture_pair, capture_two_out in series or sowing on). */
static bool words_family_capture(sow_buf *b, const sow_lap_rule *r,
                                 bool claims)
{
    switch (r->action) {
    case SOW_LAP_CAPTURE_OPPOSITE:
        sow_buf_add(b, "capture the opposite hole");
        if (r->then_relay)
            sow_buf_add(b, ", then lift the seeds left in the last hole "
                           "and sow on");
        if (r->pick_extra)
            sow_buf_add(b, ", then every opponent hole holding exactly %d",
                        r->pick_extra);
        return true;
    case SOW_LAP_CAPTURE_PAIR:
        sow_buf_add(b, "capture the opposite hole and the last hole's seeds");
        if (claims)
            sow_buf_add(b, " (nothing when the opposite hole is claimed)");
        if (r->series)
            sow_buf_add(b, ", then, along the sowing, the hole facing each "
                           "own empty hole that follows, as long as it holds "
                           "seeds and is not claimed");
        if (r->pairs_fwd || r->pairs_back)
            sow_buf_add(b, ", then up to %d more hole%s along the sowing and "
                           "%d against it that hold as many as the hole "
                           "facing them, each with that hole, each way up "
                           "to the first that does not",
                        r->pairs_fwd, r->pairs_fwd == 1 ? "" : "s",
                        r->pairs_back);
        return true;
    case SOW_LAP_CAPTURE_TWO_OUT:
        sow_buf_add(b, "capture the hole after the next one");
        if (r->series)
            sow_buf_add(b, ", then, going on the same way, each hole that "
                           "follows an empty one, as long as it holds seeds");
        if (r->then_relay)
            sow_buf_add(b, ", then lift the seeds left in the last hole "
                           "and sow on");
        return true;
    default:
        return false;
    }
}

/* do: capture_across (C2.5): the seeds facing the last hole and behind
 * it, to the store or sown again. */
static void words_across(sow_buf *b, const sow_lap_rule *r, int then)
{
    sow_buf_add(b, "take the seeds facing it and behind it%s",
                r->take_last ? ", and the last hole's own," : "");
    if (!r->resow) {
        sow_buf_add(b, " into the store%s",
                    r->then_relay ? ", then lift the seeds left in the last "
                                    "hole and sow on"
                    : r->then_next ? ", then lift the seeds of the hole "
                                     "after it and sow on, if they are "
                                     "enough for a move"
                                   : "");
        return;
    }
    static const char *const froms[] = {"", "the lap's origin",
                                        "the hole after the lap's origin",
                                        "the hole after the last hole"};
    static const char *const thens[] = {
        "their last seed ends a lap like any other",
        "then the move ends",
        "then the capturing hole's seeds are lifted and sown on"};
    sow_buf_add(b, " and sow them again%s from %s, along the mover's track; "
                   "%s",
                r->resow_dir == 0                  ? ""
                : r->resow_dir - 1 == SOW_DIR_CW ? " clockwise"
                                                   : " counter-clockwise",
                froms[r->resow & 3], thens[then % 3]);
}

/* What rule i does. */
static void words_action(sow_buf *b, const cli_game *cg, int i)
{
    const sow_lap_rule *r = &cg->v->lap_rules[i];
    if (words_family_capture(b, r, cg->setup.claims))
        return;
    switch (r->action) {
    case SOW_LAP_HOOK:
        sow_buf_add(b, "ask the script (%s)",
                    cg->v->hook_fn[SOW_HOOK_LAP_END]);
        break;
    case SOW_LAP_CHAIN:
        words_chain(b, cg, i);
        break;
    case SOW_LAP_CAPTURE_ALL:
        sow_buf_add(b, "capture every %shole holding ",
                    r->chain.owner == SOW_OWNER_ANY   ? ""
                    : r->chain.owner == SOW_OWNER_OWN ? "own "
                                                      : "opponent's ");
        show_words_counts(b, r->chain.counts, r->chain.counts_high);
        sow_buf_add(b, ", wherever it lies");
        break;
    case SOW_LAP_EXTRA_TURN:
        sow_buf_add(b, "extra turn: the move ends and the mover moves "
                       "again");
        break;
    case SOW_LAP_CLAIM:
        words_claim(b, &cg->setup, &r->claim);
        break;
    case SOW_LAP_CAPTURE_TO_CLAIM:
        sow_buf_add(b, "move the hole's seeds into the mover's "
                       "lowest-numbered claimed hole (a mover without one "
                       "moves none)");
        break;
    case SOW_LAP_CLOSE:
        sow_buf_add(b, "close the hole and sow its seeds on");
        break;
    case SOW_LAP_CAPTURE_ACROSS:
        words_across(b, r, cg->setup.resow_then[i]);
        break;
    case SOW_LAP_TAKE:
        sow_buf_add(b, "take %d seed%s of the hole (all, if it holds fewer) "
                       "into the store",
                    r->take, r->take == 1 ? "" : "s");
        if (r->then_extra)
            sow_buf_add(b, ", then the mover moves again");
        break;
    default: /* stop, relay, capture: the words of the file */
        sow_buf_add(b, "%s", show_action_names[r->action]);
    }
}

void show_words_lap_rule(sow_buf *b, const cli_game *cg, int i)
{
    const sow_lap_rule *r = &cg->v->lap_rules[i];
    words_condition(b, cg, r);
    sow_buf_add(b, ": ");
    words_action(b, cg, i);
    if (r->cite[0])
        sow_buf_add(b, " (%s)", r->cite);
}

/* ---- the rounds of a match (C1.6) ------------------------------------- */

/* The holes a refill starts from, each row's first two: "the right-hand
 * end of each row (South g, f, ...; North G, F, ...)". */
static void words_fill(sow_buf *b, const sow_setup *s)
{
    static const char *const ends[] = {"right-hand", "left-hand", "west"};
    const int n = s->n;
    int first[2], step[2];
    for (int p = 0; p < 2; p++) {
        bool up = s->round_fill == SOW_FILL_LEFT ||
                  (s->round_fill == SOW_FILL_WEST && p == 0);
        first[p] = up ? p * n : p * n + n - 1;
        step[p] = up ? 1 : -1;
    }
    sow_buf_add(b, "from the %s end of each row (",
                ends[s->round_fill >= 0 && s->round_fill < 3 ? s->round_fill
                                                             : 0]);
    for (int p = 0; p < 2; p++) {
        char l0[16], l1[16];
        sow_hole_label(s, first[p], l0, sizeof l0);
        if (n > 1)
            sow_hole_label(s, first[p] + step[p], l1, sizeof l1);
        sow_buf_add(b, "%s%s %s%s%s%s", p ? "; " : "", player_names[p], l0,
                    n > 1 ? ", " : "", n > 1 ? l1 : "", n > 2 ? ", ..." : "");
    }
    sow_buf_add(b, ")");
}

/* What becomes of the holes a refill leaves empty. */
static const char *unfilled_words(const sow_setup *s)
{
    return s->round_block ? "the holes left unfilled are closed for the "
                            "round (C1.5)"
                          : "the holes left unfilled stay empty and in play";
}

/* refill: both (DK.7 and kin). */
static void words_refill_both(sow_buf *b, const sow_setup *s)
{
    const int k = s->round_seeds, m = s->round_min_holes;
    sow_buf_add(b, "After a round each player's total refills their own "
                   "row with %d seed%s a hole, as many holes as it fills, ",
                k, k == 1 ? "" : "s");
    words_fill(b, s);
    sow_buf_add(b, ", and the rest stays in their store; %s. A player "
                   "whose total cannot fill %d hole%s (%d seeds) loses the "
                   "match (if neither can, the larger total wins it).",
                unfilled_words(s), m, m == 1 ? "" : "s", m * k);
}

/* refill: loser (JK.4). */
static void words_refill_loser(sow_buf *b, const sow_setup *s)
{
    const int k = s->round_seeds, m = s->round_min_holes;
    sow_buf_add(b, "After a round only the loser's row is refilled: their "
                   "total, counted in place (store and own holes), fills "
                   "as many holes as it can with %d seed%s each, ",
                k, k == 1 ? "" : "s");
    words_fill(b, s);
    sow_buf_add(b, ", the rest going to their store, and %s; the winner's "
                   "row, closed holes and store stay as they are, and the "
                   "winner starts the next round. A drawn round ends the "
                   "match drawn; the winner of a round wins the match when "
                   "the loser's total cannot fill %d hole%s (%d seeds) or "
                   "when the winner has no move left in their row.",
                unfilled_words(s), m, m == 1 ? "" : "s", m * k);
}

/* refill: fresh (SQ.6). */
static void words_refill_fresh(sow_buf *b, const sow_setup *s)
{
    sow_buf_add(b, "Every round starts afresh, %sfrom ",
                s->stores ? "with empty stores, " : "");
    if (!s->v->has_layout_north)
        sow_buf_add(b, "the start board");
    else if (s->round_layout)
        sow_buf_add(b, "the layout for the player who did not start the "
                       "last round (layout for South, layout_north for "
                       "North)");
    else
        sow_buf_add(b, "the layout for its starter (layout when South "
                       "starts, layout_north when North does)");
    sow_buf_add(b, ".");
    if (s->round_wins)
        sow_buf_add(b, " The first player to win %d round%s wins the match.",
                    s->round_wins, s->round_wins == 1 ? "" : "s");
}

/* refill: territory (GB.7). */
static void words_refill_territory(sow_buf *b, const sow_setup *s)
{
    const int k = s->round_seeds;
    sow_buf_add(b, "After a round every hole gets %d seed%s again and the "
                   "stores are emptied; the winner owns one hole for every "
                   "%d seed%s of their total (one more for a remainder "
                   "above %d), counter-clockwise from their own first hole, "
                   "and the loser the rest; after a draw each owns their "
                   "own row.",
                k, k == 1 ? "" : "s", k, k == 1 ? "" : "s", k / 2);
    if (s->round_loser_below)
        sow_buf_add(b, " A loser's total below %d ends the match, won by "
                       "the winner of that round.",
                    s->round_loser_below);
}

/* Whether the starters were given as {decided: X, draw: Y}. */
static bool cg_starter_map(const sow_setup *s)
{
    return s->v->round_start_decided >= 0;
}

/* refill: owned (GA.8, GA.9). */
static void words_refill_owned(sow_buf *b, const sow_setup *s)
{
    const int k = s->round_seeds;
    if (s->round_lose_at_most >= 0)
        sow_buf_add(b, "A player whose total is at most %d loses the "
                       "match. ", s->round_lose_at_most);
    sow_buf_add(b, "After a round the starter of the next fills first, then "
                   "the other: while a player has %d seeds, the first empty "
                   "hole along their track from its first position gets %d "
                   "and is theirs",
                k, k);
    if (s->round_borrow)
        sow_buf_add(b, "; a player left with %d after filling a hole%s "
                       "fills one more with a seed from the other's store",
                    k - 1, s->round_borrow_alone ? " (or from the start)" : "");
    sow_buf_add(b, "; what is left stays in the store. A claimed hole left "
                   "empty by the round stays claimed. A player who can "
                   "fill no hole ends the match drawn.");
}

/* Who starts the next round (refill: loser: the winner). */
static void words_starter(sow_buf *b, const sow_setup *s)
{
    static const char *const starters[] = {
        "The player who did not start a round starts the next.",
        "The loser of a round starts the next (after a draw, its last "
        "mover).",
        "The last player to move in a round starts the next.",
        "The winner of a round starts the next (after a draw, the player "
        "who did not start it)."};
    static const char *const who[] = {
        "the player who did not start it", "its loser", "its last mover",
        "its winner", "the player who did not move last", "South", "North",
        "the player other than the one to move when it ended (its last "
        "mover, but after an extra turn the other)"};
    if (s->round_loser_only)
        return;
    if (cg_starter_map(s)) {
        sow_buf_add(b, " After a round won, %s starts the next; after a "
                       "draw, %s.",
                    who[s->start_decided], who[s->start_draw]);
        return;
    }
    int k = s->round_starter;
    sow_buf_add(b, " %s", starters[k >= 0 && k < 4 ? k : 0]);
}

void show_words_rounds(sow_buf *b, const cli_game *cg)
{
    const sow_setup *s = &cg->setup;
    sow_buf_add(b, "South starts the first round. ");
    if (s->round_territory)
        words_refill_territory(b, s);
    else if (s->round_owned)
        words_refill_owned(b, s);
    else if (s->round_fresh)
        words_refill_fresh(b, s);
    else if (s->round_loser_only)
        words_refill_loser(b, s);
    else
        words_refill_both(b, s);
    if (s->round_points) { /* UR.6 */
        sow_buf_add(b, " A round won scores 1 point");
        if (s->round_double_from)
            sow_buf_add(b, ", 2 when the winner's total is %d or more",
                        s->round_double_from);
        sow_buf_add(b, "; the first player to %d point%s wins the match.",
                    s->round_points, s->round_points == 1 ? "" : "s");
    }
    if (s->round_totals) /* totals_to_win (issue 24) */
        sow_buf_add(b, " The totals of all rounds are added up: the first "
                       "player whose sum reaches %d wins the match (the "
                       "larger sum if both do; equal sums draw).",
                    s->round_totals);
    words_starter(b, s);
    const char *why[3];
    int n = 0;
    if (s->threshold >= 0 && !s->v->threshold_round)
        why[n++] = "won on the threshold (C1.7)";
    if (s->relay && s->endless_move == SOW_ENDLESS_END_GAME)
        why[n++] = "ended by an endless move (C1.9)";
    why[n++] = "left unfinished at max_plies";
    sow_buf_add(b, " A round");
    for (int i = 0; i < n; i++)
        sow_buf_add(b, "%s%s", i == 0 ? " " : i == n - 1 ? " or " : ", ",
                    why[i]);
    sow_buf_add(b, " ends the match.");
}

/* ---- the end ------------------------------------------------------------ */

const char *show_words_cleared(int row_empty_end)
{
    switch (row_empty_end) {
    case 1:
        return "the mover's row is empty after a move (before every other "
               "end rule)";
    case 2:
        return "the opponent's row is empty after a move (before every "
               "other end rule)";
    case 4:
        return "a row is empty after a move, the opponent's looked at "
               "first (before every other end rule)";
    default:
        return "";
    }
}

void show_words_threshold(sow_buf *b, const cli_game *cg)
{
    const sow_variant *v = cg->v;
    const sow_setup *s = &cg->setup;
    if (s->threshold < 0)
        return;
    sow_buf_add(b, "a player holds more than %d", s->threshold);
    long t = v->threshold.kind == SOW_EXPR_CONST ? v->threshold.value : 0;
    if (t == SOW_THRESHOLD_HALF)
        sow_buf_add(b, " (half of the %d seeds)", s->total);
    else if (t == SOW_THRESHOLD_REFILL)
        sow_buf_add(b, " (all %d seeds less the %d that fill %d hole%s of "
                       "%d)",
                    s->total, s->round_min_holes * s->round_seeds,
                    s->round_min_holes, s->round_min_holes == 1 ? "" : "s",
                    s->round_seeds);
    sow_buf_add(b, " in store%s: they win%s at once, %s",
                s->claims ? " and claimed holes" : "",
                v->threshold_round && s->rounds ? " the round" : "",
                s->threshold_sweep ? "the seeds left given out as at any "
                                     "other end (C1.8)"
                                   : "nothing swept (C1.7)");
    if (v->threshold_both)
        sow_buf_add(b, "; both exactly %d: a draw", s->threshold);
}

void show_words_scoring(sow_buf *b, const cli_game *cg)
{
    static const char *const rests[] = {
        "captures plus seeds in own holes",
        "captures; the seeds left on the board go to the player who moved "
        "last (C1.8)",
        "captures; the seeds left on the board go to the player whose row "
        "is empty (with no row empty, each takes their own row's) (C1.8)",
        "captures only; the seeds left on the board go to nobody (C1.8)",
        "captures; the seeds left on the board are shared evenly (C1.8)"};
    static const char *const odds[] = {
        "the player behind, North when level", "South", "North",
        "the player who moved last", "nobody"};
    const sow_variant *v = cg->v;
    const sow_setup *s = &cg->setup;
    if (v->hook_fn[SOW_HOOK_SCORE]) {
        sow_buf_add(b, "%s", v->hook_fn[SOW_HOOK_SCORE]);
        return;
    }
    /* end.rest_fed (issue 24): rest: unfed asks if the player without
     * seeds could be fed */
    static const char *const fed[] = {
        "each takes their own row's", "the player who moved last takes them",
        "", "they go to nobody", "they are shared evenly"};
    const bool asks = s->rest == SOW_REST_UNFED &&
                      s->rest_fed != SOW_REST_UNFED && s->rest_fed >= 0 &&
                      s->rest_fed < 5;
    if (asks)
        sow_buf_add(b, "captures; the seeds left on the board go to the "
                       "player whose row is empty when the other, to move, "
                       "could not feed it; otherwise (it could, or no row "
                       "is empty) %s (C1.8)",
                    fed[s->rest_fed]);
    else
        sow_buf_add(b, "%s",
                    rests[s->rest >= 0 && s->rest < 5 ? s->rest : 0]);
    if (s->rest == SOW_REST_DIVIDED ||
        (asks && s->rest_fed == SOW_REST_DIVIDED))
        sow_buf_add(b, ", an odd seed to %s",
                    odds[s->rest_odd >= 0 && s->rest_odd < 5 ? s->rest_odd
                                                             : 0]);
    if (s->claims)
        sow_buf_add(b, "; a claimed hole's seeds count for its claimant "
                       "(C1.4)");
}
