/* cmd_show.c - `sow show VARIANT`: board, sowing rules, every option. */
#include <stdarg.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "flags.h"
#include "show.h"
#include "sow_draw.h"

/* One line of a section: "  KEY            TEXT" (the key in 15 columns). */
static void item(const char *key, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static void item(const char *key, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    printf("  %-15s", key);
    vprintf(fmt, ap);
    printf("\n");
    va_end(ap);
}

/* " (ID)" where the variant lists the rule ID under rules:, else "": a
 * mechanism first written for one game (Bao's BA.x, Omweso's MW.2) cites
 * that game's rule only in a variant that has it, as sow trace does. */
typedef struct {
    char s[SOW_RULE_ID_MAX + 4];
} own_cite;

static own_cite own(const sow_variant *v, const char *id)
{
    own_cite c = {""};
    if (sow_variant_rule_text(v, id))
        snprintf(c.s, sizeof c.s, " (%s)", id);
    return c;
}

/* A line made by a show_words_* function. */
static void item_buf(const char *key, sow_buf *b)
{
    item(key, "%s", b->s ? b->s : "");
    sow_buf_clear(b);
}

/* Whether a field is stated otherwise than by its default constant: an
 * option reference, or a constant other than `def`. */
static bool stated(const sow_expr *e, long def)
{
    return e->kind != SOW_EXPR_CONST || e->value != def;
}

/* The board: its picture, the stores on the track (C1.2) and the start
 * layouts (SQ.1: a second start when North starts a round). */
/* The labels of the holes of mask, "a1, b1, ..." (clipped to the
 * buffer). */
static void hole_labels(const sow_setup *s, uint64_t mask, char *out,
                        size_t size)
{
    size_t at = 0;
    out[0] = 0;
    for (int h = 0; h < s->holes; h++)
        if ((mask >> h) & 1) {
            char l[16];
            sow_hole_label(s, h, l, sizeof l);
            int w = snprintf(out + at, size - at, "%s%s", at ? ", " : "", l);
            if (w < 0 || (size_t)w >= size - at)
                break;
            at += (size_t)w;
        }
}

/* Each player's holes of masks, "a1, b1 (South) and g3 (North)". */
static void players_holes(const sow_setup *s, const uint64_t masks[2],
                          char *out, size_t size)
{
    char list[2][160];
    for (int p = 0; p < 2; p++)
        hole_labels(s, masks[p], list[p], sizeof list[p]);
    snprintf(out, size, "%s (South) and %s (North)", list[0], list[1]);
}

/* The refinements of the sources' reading of capture_from_ends that are
 * on (BA.1-BA.6), in the game's words for its holes (words:). */
static void show_ends(const sow_setup *s)
{
    const char *end = s->v->ends_words[0], *house = s->v->ends_words[1];
    static const char *const tests[] = {"captures again",
                                        "ends in the working %s",
                                        "ends in an occupied hole"};
    if (s->ends_turns != SOW_ENDS_SOURCES)
        return;
    if (s->ends_single_always)
        item("singles", "a seed from the hand goes into a hole of one seed "
                        "only where no inner hole holds two or more, the "
                        "working %s counted%s",
             house, own(s->v, "BA.1").s);
    if (s->ends_house_one)
        item(house, "a seed put into the working %s is sown alone, into "
                    "the hole on either side; the %s keeps working%s",
             house, house, own(s->v, "BA.1").s);
    if (s->ends_back_alone)
        item(end, "a lap from a%s %s into the outer row only where it is "
                  "the only occupied inner hole; a turn that would need "
                  "one %s%s",
             strchr("aeiou", end[0]) ? "n" : "", end,
             s->ends_back_forbid ? "is not legal" : "loses",
             own(s->v, "BA.2").s);
    if (s->ends_quiet_inner)
        item("no capture", "a turn that captures nothing starts from the "
                           "inner row where it can%s",
             own(s->v, "BA.3").s);
    char chosen[SOW_ENDS_WORD_MAX + 8], test[64];
    snprintf(chosen, sizeof chosen, "which %s", end);
    for (int i = 0; i < s->ends_prefer_n; i++) {
        snprintf(test, sizeof test, tests[s->ends_prefer[i]], house);
        item(i ? "  else" : chosen, "one whose sowing %s%s", test,
             own(s->v, "BA.4").s);
    }
    if (s->ends_keep_threatened)
        item("threatened", "after a turn that captured nothing, the other "
                           "player may not start from an inner hole the "
                           "mover threatens, but for the exceptions%s",
             own(s->v, "BA.5").s);
    if (s->ends_lift_loses)
        item("lifted out", "a lap lifting the last seeds of the mover's "
                           "inner row loses once it is sown%s",
             own(s->v, "BA.6").s);
}

/* sowing.cw_moves in words (MW.5). */
static void show_cw_moves(const sow_setup *s)
{
    char both[340];
    players_holes(s, s->cw_from, both, sizeof both);
    item("clockwise", "only from %s, and only when the first lap, sown on "
                      "a copy, %s",
         both,
         s->cw_test == SOW_CW_FACING
             ? "ends in a hole where a capture's conditions other than "
               "the count hold"
             : "ends in a capture");
}

static void show_board(const cli_game *cg, const sow_game *g)
{
    const sow_variant *v = cg->v;
    const sow_setup *s = &cg->setup;
    char pic[4096];
    sow_draw_board(pic, sizeof pic, s, g, -1);
    printf("board: %d rows of %d holes, %d seeds%s\n%s", s->rows, s->n,
           s->total, s->stores ? ", a store for each player" : ", no stores",
           pic);
    if (s->track != SOW_TRACK_NONE)
        item("stores", "on the track: each player's store lies after the "
                       "last hole of their row; %s (C1.2)",
             s->track == SOW_TRACK_OWN
                 ? "the mover's is sown like a hole, the opponent's passed "
                   "over"
                 : "both are sown like holes");
    if (s->hand > 0 && s->lay_out)
        item("in hand", "each player holds %d seeds off the board at the "
                        "start; their first turn sets them all out at "
                        "once, South first: layout: and the seeds of each "
                        "own hole in increasing hole number, summing to "
                        "%d%s",
             s->hand, s->hand, own(v, "MW.2").s);
    else if (s->hand > 0 && !s->ends_turns)
        item("in hand", "each player holds %d seeds off the board at the "
                        "start; while they hold some, their turn puts one "
                        "into an own hole of their choice (+h) and sows "
                        "nothing%s",
             s->hand, own(v, "MW.2").s);
    if (s->ends_turns) /* BK.3-BK.9 */
        item("turns", "each player holds %d seeds off the board at the "
                      "start; while they hold some, a turn puts one into "
                      "an inner hole (+h, +h/D), then one lifts a hole "
                      "(h/D); captures are sown into the mover's inner "
                      "row from a%s %s (,kH) and the %s, %s, may stop a "
                      "turn (,go or ,stop): the %s reading",
             s->hand, strchr("aeiou", s->v->ends_words[0][0]) ? "n" : "",
             s->v->ends_words[0], s->v->ends_words[1],
             s->house[0] != SOW_POS_NONE ? "one in each inner row" : "none",
             s->ends_turns == SOW_ENDS_LUDII ? "Ludii program's"
                                                 : "sources'");
    show_ends(s);
    if (v->has_layout && !v->has_layout_north)
        item("start", "a set layout, as drawn");
    if (v->has_layout_north) {
        sow_game north = *g;
        memcpy(north.board, s->start_north, sizeof north.board);
        sow_draw_board(pic, sizeof pic, s, &north, -1);
        item("start", "a set layout: as drawn when South starts a round; "
                      "when North starts one:");
        printf("%s", pic);
    }
    printf("\n");
}

/* The sowing track when it is not the ring (issue 24): each player's own
 * row and store, or the positions listed, counter-clockwise. */
static void show_track(const cli_game *cg)
{
    const sow_setup *s = &cg->setup;
    const sow_variant *v = cg->v;
    if (s->circuit == SOW_CIRCUIT_OWN && s->rows == 4) {
        /* C2.5: outer row west to east, inner row back, for each */
        item("track", "each player's own two rows%s, round and round: "
                      "counter-clockwise, South's outer row from the left "
                      "and their inner row back, North's inner row from "
                      "the left and their outer row back; no seed goes "
                      "into the other player's rows",
             s->track != SOW_TRACK_NONE ? " and store" : "");
        return;
    }
    if (s->circuit == SOW_CIRCUIT_OWN) {
        item("track", "each player's own row%s, round and round: no seed "
                      "goes into the other row",
             s->track != SOW_TRACK_NONE ? " and store" : "");
        return;
    }
    if (s->circuit != SOW_CIRCUIT_LIST)
        return;
    sow_buf b = {0};
    for (int p = 0; p < 2; p++) {
        sow_buf_add(&b, "%s%s: ", p ? "; " : "", p ? "North" : "South");
        for (int i = 0; i < v->circuit_len[p]; i++) {
            int pos = v->circuit_list[p][i];
            char l[16];
            if (pos >= SOW_POS_STORE)
                snprintf(l, sizeof l, "%s's store",
                         pos == SOW_POS_STORE ? "South" : "North");
            else
                sow_hole_label(s, pos, l, sizeof l);
            sow_buf_add(&b, "%s%s", i ? ", " : "", l);
        }
    }
    item("track", "%s (counter-clockwise; clockwise sowing runs it "
                  "backwards)",
         b.s && !b.oom ? b.s : "?");
    sow_buf_free(&b);
}

/* The direction of sowing: fixed, by the count lifted (XK.1), by the hole
 * lifted (QL.2), or chosen by each round's starter (OL.2). */
static void show_direction(const cli_game *cg)
{
    const sow_setup *s = &cg->setup;
    sow_buf b = {0};
    switch (s->dir_rule) {
    case SOW_DIR_BY_COUNT:
        item("direction", "by the count lifted: odd counts "
                          "counter-clockwise, even counts clockwise");
        break;
    case SOW_DIR_BY_HOLE:
        show_words_holes(&b, s, s->cw_holes);
        item("direction", "by the hole lifted: holes %s sow clockwise, the "
                          "others counter-clockwise",
             b.s ? b.s : "(none)");
        break;
    case SOW_DIR_EACH_MOVE: {
        /* the variant's own rule for it (explain: direction, else sow) */
        const char *why = s->v->cite[SOW_CITE_DIRECTION][0]
                              ? s->v->cite[SOW_CITE_DIRECTION]
                              : s->v->cite[SOW_CITE_SOW];
        if (s->v->dir_some) { /* direction.chosen_at (issue 24) */
            sow_buf c = {0};
            show_words_holes(&c, s, s->chosen_holes);
            show_words_holes(&b, s, s->cw_holes);
            item("direction", "named by the moves from holes %s: h/ccw "
                              "sows hole h counter-clockwise, h/cw "
                              "clockwise; the others are played h alone: "
                              "holes %s sow clockwise, the rest "
                              "counter-clockwise%s%s%s",
                 c.s ? c.s : "(none)", b.s ? b.s : "(none)",
                 why[0] ? " (" : "", why, why[0] ? ")" : "");
            sow_buf_free(&c);
        } else
            item("direction", "named by every move: h/ccw sows hole h "
                              "counter-clockwise, h/cw clockwise%s%s%s",
                 why[0] ? " (" : "", why, why[0] ? ")" : "");
        if (s->cw_limited)
            show_cw_moves(s);
        break;
    }
    case SOW_DIR_CHOSEN:
        item("direction", "chosen by the starter of each round before their "
                          "first move, with the decision dir:ccw or dir:cw "
                          "(C1.12); the starter sows that way all round, "
                          "the other player the other way");
        break;
    default:
        item("direction", "%s",
             s->dir == SOW_DIR_CCW ? "counter-clockwise" : "clockwise");
    }
    sow_buf_free(&b);
    show_track(cg);
}

/* Which holes a move may start from: sides (EX.1), claimed and closed
 * holes, the seeds left behind. */
static void show_origin(const cli_game *cg)
{
    const sow_setup *s = &cg->setup;
    bool closed = s->closes || s->round_block;
    if (s->ends_turns == SOW_ENDS_SOURCES &&
        (s->ends_start_min > 1 || s->ends_start_max < SOW_MAX_HOLE_SEEDS)) {
        item("start from", "with an empty hand, an own hole with %d to %d "
                           "seeds%s",
             s->ends_start_min, s->ends_start_max, own(s->v, "BA.3").s);
        return;
    }
    item("start from", "%s with %d or more seeds%s%s%s",
         s->no_sides ? "any hole of either row" : "an own hole", s->min_seeds,
         s->claims || closed ? ", never a " : "",
         s->claims ? (closed ? "claimed or " : "claimed") : "",
         closed ? "closed hole" : s->claims ? " hole" : "");
    if (s->leave)
        item("leave", "%d seed%s in the hole lifted from", s->leave,
             s->leave > 1 ? "s" : "");
    sow_buf b = {0}, f = {0};
    if (s->not_opposite || s->not_opposite_high) { /* NOT_XFROM_1S */
        show_words_counts(&f, s->not_opposite, s->not_opposite_high);
        item("not opposite", "never from a hole facing a hole of %s", f.s);
    }
    if (s->capture_before) { /* presowcapt */
        show_words_counts(&b, s->before_counts, s->before_high);
        item("before sowing", "the mover takes the hole facing %s of %s, "
                              "before the seeds are lifted",
             s->capture_before == SOW_BEFORE_LIFTED ? "the hole lifted, if "
                                                      "it is one"
                                                    : "every own hole",
             b.s);
    }
    sow_buf_free(&b);
    sow_buf_free(&f);
}

/* The filters on the legal moves: singletons and counts played last
 * (OU.2, LL.2), the reach (SQ.4), a round's first move (LL.2, LL.3), no
 * undo (QL.6), must feed (OW.5). */
static void show_filters(const cli_game *cg)
{
    const sow_variant *v = cg->v;
    const sow_setup *s = &cg->setup;
    if (s->count_last == 1)
        item("played last", "a hole holding 1 seed, only when every "
                            "non-empty own hole holds 1");
    else if (s->count_last)
        item("played last", "a hole holding exactly %d, only when every "
                            "playable hole does",
             s->count_last);
    if (s->singles_to_empty) /* singletons: last_to_empty, to_empty */
        item("single seed", "a hole holding 1 seed may be played only when "
                            "the next hole along the mover's track is "
                            "empty");
    if (s->reach_max)
        item("reach", "a hole holding at most %d may be played only if its "
                      "first lap ends in the opponent's row or in an own "
                      "empty hole",
             s->reach_max);
    if (s->first_keep || s->first_plain) {
        sow_buf b = {0};
        if (s->first_keep)
            sow_buf_add(&b, "is one of the %d highest-numbered legal holes",
                        s->first_keep);
        if (s->first_plain)
            sow_buf_add(&b, "%srelays with no capture and no skip",
                        s->first_keep ? ", and " : "");
        item("first move", "a round's first move %s", b.s);
        sow_buf_free(&b);
    }
    if (s->no_undo || stated(&v->no_undo, 0))
        item("no undo", "%s", s->no_undo
                                  ? "a single seed just sown round a row's "
                                    "end into the other row's end hole may "
                                    "not be played straight back"
                                  : "off");
    if (s->must_feed != SOW_FEED_OFF)
        item("must feed", "when the opponent's row is empty at the start of "
                          "a turn, only moves that give it seeds are legal; "
                          "when none does, %s",
             s->must_feed == SOW_FEED_ONLY ? "no move is legal"
                                           : "every move is");
    if (s->must_feed != SOW_FEED_OFF && s->feed_by_hole)
        item("feed by hole", "a hole one of whose moves gives seeds is "
                             "legal in every direction (feed_by_hole)");
}
/* How a lap is sown: relay laps (from the next hole, PL.3), the origin
 * (C0.4, TK.2), holes passed over (LL.4), captures while sowing (PL.4),
 * closed holes (C1.5, NB.2) and claimed holes' seeds (TK.5). */

/* sowing.pass_over in words (IS.3): each player's holes, labelled. */
static void show_pass_over(const sow_setup *s)
{
    char both[340];
    players_holes(s, s->pass_over, both, sizeof both);
    item("passed over", "each player's sowing passes over their own %s "
                        "without a seed%s",
         both,
         s->pass_until ? ", until the player lifts the first of them"
                       : ", for the whole game");
}

static void show_laps(const cli_game *cg)
{
    const sow_variant *v = cg->v;
    const sow_setup *s = &cg->setup;
    item("laps", "%s", !s->relay ? "single"
                       : s->relay_next
                           ? "relay from the next hole: at a lap's end the "
                             "hole after the last one is lifted and sown "
                             "on, the next lap starting after it; an empty "
                             "one ends the move"
                           : "relay");
    item("skip origin", "%s", s->skip_origin ? "yes" : "no");
    if (s->origin_first)
        item("origin first", "a hand of two or more drops its first seed "
                             "back into the hole lifted from; a single seed "
                             "moves on");
    if (s->first_to_store)
        item("first seed", "the first seed of every lap, relay laps "
                           "included, goes to the mover's store");
    if (s->skip_count)
        item("skip", "%s holding exactly %d gets no seed and is passed "
                     "over%s",
             s->skip_count_owner == SOW_OWNER_ANY   ? "a hole of either row"
             : s->skip_count_owner == SOW_OWNER_OWN ? "an own hole"
                                                    : "an opponent's hole",
             s->skip_count,
             s->skip_count_owner == SOW_OWNER_ANY
                 ? " (a hole takes no more than that)"
                 : "");
    if (s->pass_on)
        show_pass_over(s);
    if (s->sow_capture)
        item("sow capture", "%s that makes its hole hold %d gives them to "
                            "the hole's owner at once",
             s->sow_capture_last ? "a seed, the lap's last too,"
                                 : "a seed other than a lap's last",
             s->sow_capture);
    if (s->closes || s->round_block || v->closed_out_of_play)
        item("closed holes", "%s",
             v->closed_out_of_play
                 ? "a hand passes the mover's own closed holes by; each of "
                   "the opponent's it reaches takes a seed out of play "
                   "(C1.5, C1.13)"
                 : "hold no seeds, are never lifted, and are stepped over "
                   "by sowing and by every look-up of the next hole (C1.5)");
    if (s->claims)
        item("claimed seeds", "%s",
             s->claim_to_store
                 ? "a claimed hole's seeds go to its claimant's store (C1.4)"
                 : "stay in their hole and count for its claimant; a "
                   "claimed hole is never lifted nor captured (C1.4)");
}

/* After the lap-end rules: what no rule matches, the grand slam (OW.4)
 * and the last seeds taken (PL.6). */
static void show_after_laps(const cli_game *cg)
{
    static const char *const slams[] = {
        "captures all the same", "captures nothing; the sowing stands",
        "is not legal", "captures, and the mover moves again (C1.3)",
        "captures all but the hole taken nearest the mover's right-hand "
        "end of that row, when it took two or more"};
    const sow_variant *v = cg->v;
    const sow_setup *s = &cg->setup;
    item("otherwise", "%s%s", s->relay ? "relay" : "stop",
         s->claims ? "; a lap ending in a claimed hole that no rule above "
                     "names ends the move (C1.4)"
                   : "");
    if (stated(&v->grand_slam, SOW_SLAM_CAPTURE))
        item("grand slam", "a move whose captures would empty the "
                           "opponent's whole row, %s, %s",
             s->feeding_slam ? "whether or not it held seeds (feeding_slam)"
                             : "which held seeds",
             slams[s->grand_slam >= 0 && s->grand_slam < 5 ? s->grand_slam
                                                           : 0]);
    if (s->last_seeds > 0)
        item("last seeds", "when at most %d seed%s left on the board after "
                           "a move, the mover takes them",
             s->last_seeds, s->last_seeds == 1 ? " is" : "s are");
    else if (stated(&v->last_seeds, 0))
        item("last seeds", "off");
}

/* How seeds are sown and how a lap ends. */
static void show_sowing(const cli_game *cg)
{
    const sow_variant *v = cg->v;
    const sow_setup *s = &cg->setup;
    printf("sowing:\n");
    show_direction(cg);
    show_origin(cg);
    show_filters(cg);
    show_laps(cg);
    if (s->relay)
        item("endless move", "%s",
             s->endless_move == SOW_ENDLESS_FORBID
                 ? "forbidden: not legal (proved exactly, P2; replay and "
                   "play name the moves left out)"
                 : "legal; playing one ends the game (P5)");
    item("passing", "%s", s->passing ? "automatic" : "none");
    if (v->bearoff)
        item("bear-off", "from ply %d, once every hole holds at most %d: "
                         "seeds crossing out of the mover's row leave the "
                         "board (%s)",
             v->bearoff_from, v->bearoff_max,
             s->bearoff_sticky ? "stays on" : "tested at every move");
    sow_buf b = {0};
    for (int i = 0; i < v->nlap_rules; i++) {
        show_words_lap_rule(&b, cg, i);
        item_buf("lap end", &b);
    }
    sow_buf_free(&b);
    show_after_laps(cg);
    if (v->hook_fn[SOW_HOOK_DROP])
        item("each seed", "as the script's drop hook %s says: dropped where "
             "the rules above drop it, the hole passed over, into a store "
             "or out of play (C1.13)",
             v->hook_fn[SOW_HOOK_DROP]);
    if (v->hook_fn[SOW_HOOK_FILTER])
        item("legal moves", "as the script's filter hook %s says, seeing "
             "each move's outcome on a copy (P42)",
             v->hook_fn[SOW_HOOK_FILTER]);
    if (v->hook_fn[SOW_HOOK_AFTER_MOVE])
        item("after a move", "the script's after_move hook %s may change "
             "owners, %sthe player to move, the phase and its state",
             v->hook_fn[SOW_HOOK_AFTER_MOVE],
             s->claims ? "claimed holes, " : "");
}

/* The rules that end a game. */
static void show_end_rules(const cli_game *cg)
{
    const sow_variant *v = cg->v;
    const sow_setup *s = &cg->setup;
    sow_buf b = {0};
    printf("end:\n");
    if (v->hook_fn[SOW_HOOK_GAME_END])
        printf("  the script's game_end hook %s says so, after any move, "
               "before the rules below\n",
               v->hook_fn[SOW_HOOK_GAME_END]);
    if (s->row_empty_end)
        printf("  %s%s%s\n", show_words_cleared(s->row_empty_end),
               s->end_inner ? " (the inner row alone; in the middle of a "
                              "turn too)"
                            : "",
               s->cleared_winner == SOW_CLEARED_EMPTIED
                   ? ": the player whose row is empty wins"
               : s->cleared_winner == SOW_CLEARED_NOT_EMPTIED || s->no_score
                   ? ": the player whose row is empty loses"
                   : "");
    if (s->claimed_only) /* GA.7, GA.L2 */
        printf("  no seed is left outside the claimed holes after a move: "
               "each claimed hole%s is emptied into its claimant's store "
               "and claimed no longer, which leaves nobody a move\n",
               s->keep_empty_claims ? " holding seeds (an empty one stays "
                                      "claimed, into the next round)"
                                    : "");
    if (s->no_moves_either)
        printf("  either player has no legal move after a move\n");
    printf("  %s\n", s->no_moves_lose
                         ? "the player to move who cannot move loses"
                         : "neither player can move");
    show_words_threshold(&b, cg);
    if (b.s && b.s[0])
        printf("  %s\n", b.s);
    if (s->seeds_at_most >= 0)
        printf("  %d or fewer seeds on the board%s\n", s->seeds_at_most,
               v->few_seeds_unclaimed ? ", while no hole is claimed" : "");
    if (s->repetition)
        printf("  a position recurs\n");
    if (s->unreachable)
        printf("  no capture can be reached by any moves (searching at "
               "most %ld positions)\n", s->reach_positions);
    if (s->no_capture_plies)
        printf("  %d plies without a capture\n", s->no_capture_plies);
    printf("  unfinished after %d plies\n", s->max_plies);
    if (s->no_score && s->relay && s->endless_move == SOW_ENDLESS_END_GAME)
        printf("  an endless move: %s\n",
               v->endless_draw ? "a draw" : "its mover loses (P5)");
    sow_buf_clear(&b);
    show_words_scoring(&b, cg);
    if (s->no_score)
        printf("  scoring: none (the end rule names the winner)\n");
    else
        printf("  scoring: %s\n", b.s);
    sow_buf_free(&b);
}

/* The decision moves: the script's, or the direction chosen (OL.2). */
static void show_decisions(const cli_game *cg)
{
    const sow_variant *v = cg->v;
    bool chosen = v->dir_rule == SOW_DIR_CHOSEN;
    printf("decision moves:");
    for (int i = 0; i < v->ndecisions; i++)
        if (chosen && i == v->dir_kind)
            printf(" %s:ccw %s:cw", v->decisions[i], v->decisions[i]);
        else
            printf(" %s:N", v->decisions[i]);
    if (v->hook_fn[SOW_HOOK_DECISIONS])
        printf("  (offered by %s, applied by %s)\n",
               v->hook_fn[SOW_HOOK_DECISIONS], v->hook_fn[SOW_HOOK_DECIDE]);
    else
        printf("  (the direction of the round, chosen by its starter; "
               "C1.12)\n");
}

/* A match: set up by the new_game hook, or played in rounds (C1.6). */
static void show_match(const cli_game *cg)
{
    const sow_variant *v = cg->v;
    const sow_setup *s = &cg->setup;
    if (v->hook_fn[SOW_HOOK_NEW_GAME] && v->rounds)
        printf("match: each round laid out by the rounds, then told to "
               "%s, which may end the match or change the round's set-up\n",
               v->hook_fn[SOW_HOOK_NEW_GAME]);
    else if (v->hook_fn[SOW_HOOK_NEW_GAME])
        printf("match: %s; at most %d games; each game set up by %s\n",
               s->match ? "on" : "off (a single game)", s->match_games,
               v->hook_fn[SOW_HOOK_NEW_GAME]);
    if (!v->rounds)
        return;
    printf("match: %s; at most %d games, played in rounds (C1.6)\n",
           s->match ? "on" : "off (a single round)", s->match_games);
    sow_buf b = {0};
    show_words_rounds(&b, cg);
    printf("rounds: %s\n", b.s);
    sow_buf_free(&b);
}

/* When a game ends, how it is scored, its phases, decisions and match. */
static void show_end(const cli_game *cg)
{
    const sow_variant *v = cg->v;
    show_end_rules(cg);
    for (int i = 0; i < v->nphases; i++) {
        const sow_phase *ph = &v->phases[i];
        printf("phase %d %s: %s", i + 1, ph->name,
               ph->decisions  ? "decision moves"
               : ph->scripted ? "scripted moves (hook play)"
                              : "sowing moves");
        if (ph->fresh_holes)
            printf(", each own hole once before any again");
        if (ph->until_ply)
            printf(", the first %d plies", ph->until_ply);
        printf("%s\n", v->start_phase == i + 1 ? " (games start in it)" : "");
    }
    if (v->ndecisions)
        show_decisions(cg);
    show_match(cg);
}

/* Every option: its value, default, values and documentation; the rules. */
static void show_options(const cli_game *cg)
{
    const sow_variant *v = cg->v;
    printf("options:%s\n", v->noptions ? "" : " none");
    for (int i = 0; i < v->noptions; i++) {
        const sow_option_def *d = &v->options[i];
        char cur[64], def[64];
        sow_optval_format(d, cg->opts.val[i], cur, sizeof cur);
        sow_optval_format(d, d->def, def, sizeof def);
        printf("  %s = %s   (default %s; ", d->name, cur, def);
        if (d->type == SOW_OPT_BOOL)
            printf("true or false)\n");
        else if (d->type == SOW_OPT_INT && d->step > 1)
            printf("%ld to %ld in steps of %ld)\n", d->min, d->max, d->step);
        else if (d->type == SOW_OPT_INT)
            printf("%ld to %ld)\n", d->min, d->max);
        else {
            for (int k = 0; k < d->nvalues; k++)
                printf("%s%s%s", k ? ", " : "", d->values[k],
                       d->param[k] ? ":K" : "");
            printf(")\n");
        }
        printf("      %s\n", d->doc);
        if (d->needs >= 0)
            printf("      (only with %s=true)\n", v->options[d->needs].name);
    }
    if (v->nrules) {
        printf("rules:\n");
        for (int i = 0; i < v->nrules; i++)
            printf("  %-6s %s\n", v->rules[i].id, v->rules[i].text);
    }
    static const char *const parts[] = {"The board.", "A move.",
                                        "Capturing.", "The end."};
    if (v->how_to_play[0]) /* issue 27: the game in plain words */
        printf("how to play:\n");
    for (int i = 0; v->how_to_play[0] && i < SOW_HOWTO_PARTS; i++)
        printf("  %s %s\n", parts[i], v->how_to_play[i]);
}

static void help(void)
{
    printf("usage: sow show VARIANT [--json] [--option NAME=VALUE]...\n\n"
           "Show a variant: its board (with hole labels), its "
           "sowing rules and every\nlap-end rule in words (with the rule "
           "ids they cite), the end rules, the\nmatch and its rounds, and "
           "every option with its values, default and\ndocumentation, and the "
           "game in plain words if the file has them (how_to_play:); all "
           "as the --option values given make them.\n\n"
           "--json  the same as one JSON object (schemas/"
           "show.schema.json)\n\n"
           CLI_TIME_LIMIT_HELP);
}

typedef struct show_args {
    cli_opts o;
    bool json;
} show_args;

static const flag_spec flags[] = {
    FL_BOOL("json", 0, show_args, json),
    FLAGS_VARIANT(show_args, o),
};
static const flag_cmd cmd = FLAGS_CMD("show", help, flags);

int cmd_show(int argc, char **argv)
{
    show_args a = {0};
    flags_parsed p;
    const char *variant =
        flags_parse_variant(&cmd, argc, argv, &a, &p, "sow show adji-kui-1");
    if (!variant)
        return p.status;
    cli_game cg;
    sow_error err;
    if (cli_open(&cg, variant, &a.o, &err)) {
        cli_error("show", &err);
        return 1;
    }
    const sow_variant *v = cg.v;
    sow_game g;
    if (sow_engine_start(&cg.eng, &g, &err)) {
        cli_error("show", &err);
        cli_close(&cg);
        return 1;
    }
    if (a.json) {
        show_json(&cg, &g);
        cli_close(&cg);
        return 0;
    }
    printf("%s (%s)\n%s\n", v->name, v->id, v->summary);
    if (v->source)
        printf("source: %s\n", v->source);
    printf("file: %s\nscript: %s\n", v->path,
           v->script_path ? v->script_path : "(none: the rules are data)");
    int nhooks = 0;
    for (int k = 0; k < SOW_HOOK_COUNT; k++)
        if (v->hook_fn[k]) /* issue 24: which hooks, and where named */
            printf("%s%s = %s (line %d)", nhooks++ ? ", " : "hooks: ",
                   sow_hook_names[k], v->hook_fn[k], v->hook_line[k]);
    printf("%s\n", nhooks ? "\n" : "");
    show_board(&cg, &g);
    show_sowing(&cg);
    show_end(&cg);
    show_options(&cg);
    cli_close(&cg);
    return 0;
}
