/* show_json.c - `sow show --json`: the variant with its options applied,
 * as one JSON object (schemas/show.schema.json). What the text says, as
 * data, and each lap-end rule and the rounds with their words too. Boards
 * and owners are in canonical order, as the record writes them. */
#include <stdio.h>

#include "show.h"
#include "sow_draw.h"

/* An integer, or null when it is `off`. */
static void json_int_or_null(long x, long off)
{
    if (x == off)
        printf("null");
    else
        printf("%ld", x);
}

static const char *json_bool(bool b)
{
    return b ? "true" : "false";
}

/* One of `words` (n of them), the first when k is out of range. */
static const char *json_word(const char *const *words, int n, int k)
{
    return words[k >= 0 && k < n ? k : 0];
}

/* The text of a sow_buf as a JSON string; the buffer is emptied. */
static void json_buf(sow_buf *b)
{
    cli_json_string(stdout, b->s ? b->s : "");
    sow_buf_clear(b);
}

/* The counts of a rule as JSON: "any", or the counts listed and whether
 * every count above the last is meant too. */
static void json_counts(uint64_t counts, bool high)
{
    if (counts == ~(uint64_t)0 && high) {
        printf("{\"any\":true,\"counts\":[],\"or_more\":true}");
        return;
    }
    printf("{\"any\":false,\"counts\":[");
    bool first = true;
    for (int c = 0; c < 63; c++)
        if ((counts >> c) & 1) {
            printf("%s%d", first ? "" : ",", c);
            first = false;
        }
    printf("],\"or_more\":%s}", json_bool(high));
}

/* A set of holes as a list of numbers. */
static void json_holes(const sow_setup *s, uint64_t holes)
{
    printf("[");
    const char *sep = "";
    for (int h = 0; h < s->holes; h++)
        if ((holes >> h) & 1) {
            printf("%s%d", sep, h);
            sep = ",";
        }
    printf("]");
}

static const char *owner_name(sow_owner_sel o)
{
    return o == SOW_OWNER_OWN ? "own" : o == SOW_OWNER_OPPONENT ? "opponent"
                                                                : "any";
}

/* A rule's chain capture (do: chain), or null. */
static void json_chain(const cli_game *cg, int i)
{
    const sow_lap_rule *r = &cg->v->lap_rules[i];
    if (r->action != SOW_LAP_CHAIN) {
        printf("null");
        return;
    }
    const sow_chain *ch = &r->chain;
    printf("{\"of\":");
    json_counts(ch->counts, ch->counts_high);
    printf(",\"from\":\"%s\",\"direction\":\"%s\",\"owner\":\"%s\","
           "\"skip_empty\":%s,\"max\":",
           ch->from_last ? "last" : "next",
           ch->fixed_dir ? (ch->fixed_dir - 1 == SOW_DIR_CW ? "cw" : "ccw")
           : ch->backward ? "backward"
                          : "forward",
           owner_name(ch->owner),
           json_bool(cg->setup.chain_skip_empty[i]));
    if (ch->max) /* the most holes it takes, or null: no cap */
        printf("%d", ch->max);
    else
        printf("null");
    printf(",\"and_last\":%s}", json_bool(ch->and_last));
}

/* A rule's claim: map (do: claim, C1.4), or null. */
static void json_claim(const cli_game *cg, const sow_lap_rule *r)
{
    const sow_claim *c = &r->claim;
    if (r->action != SOW_LAP_CLAIM) {
        printf("null");
        return;
    }
    printf("{\"limit\":");
    json_int_or_null(c->limit, 0);
    printf(",\"not_last\":%s,\"not_mirror\":%s,\"holes\":[",
           json_bool(c->not_last), json_bool(c->not_mirror));
    static const char *const places[] = {"last", "opposite", "previous",
                                         "next"};
    const char *sep = "";
    for (int k = 0; k < 4; k++)
        if (((c->holes ? c->holes : SOW_CLAIM_LAST) >> k) & 1) {
            printf("%s\"%s\"", sep, places[k]);
            sep = ",";
        }
    printf("],\"eligible\":");
    if (c->has_eligible) {
        printf("{\"south\":");
        json_holes(&cg->setup, c->eligible[0]);
        printf(",\"north\":");
        json_holes(&cg->setup, c->eligible[1]);
        printf("}");
    } else {
        printf("null");
    }
    printf("}");
}

/* Where a rule's lap ends besides its count: the store, a claimed hole,
 * the facing hole, the next hole. */
static void json_where(const sow_lap_rule *r)
{
    static const char *const claimed[] = {"own", "opponent", "any"};
    static const char *const opposite[] = {"seeds", "empty", "", "same"};
    static const char *const store_of[] = {"own", "opponent", "any"};
    printf(",\"store\":%s,\"store_of\":", json_bool(r->in_store));
    if (r->in_store)
        printf("\"%s\"", json_word(store_of, 3, r->store_of - 1));
    else
        printf("null");
    printf(",\"claimed\":");
    if (r->on_claimed)
        printf("\"%s\"", json_word(claimed, 3, r->on_claimed - 1));
    else
        printf("null");
    printf(",\"even\":%s,\"opposite\":", json_bool(r->even & 1));
    if (r->opposite == 3)
        printf("%d", r->opposite_count);
    else if (r->opposite)
        printf("\"%s\"", json_word(opposite, 4, r->opposite - 1));
    else
        printf("null");
    for (int back = 0; back < 2; back++) { /* next_count, previous_count */
        printf(back ? ",\"previous\":" : ",\"next\":");
        if (r->has_next && r->look_back == back)
            json_counts(r->next_counts, r->next_high);
        else
            printf("null");
    }
    /* issue 24: positions in the row, 1.. from the left, -1.. from the
     * right, as the variant file writes them */
    printf(",\"position\":");
    if (r->position) {
        printf("{\"only\":%s,\"at\":[", json_bool(r->position == 1));
        const char *sep = "";
        for (int i = 0; i < 16; i++)
            if ((r->pos_left >> i) & 1) {
                printf("%s%d", sep, i + 1);
                sep = ",";
            }
        for (int i = 0; i < 16; i++)
            if ((r->pos_right >> i) & 1) {
                printf("%s%d", sep, -(i + 1));
                sep = ",";
            }
        printf("]}");
    } else {
        printf("null");
    }
    /* boards of more rows (C2.5): an inner or outer hole, the opponent's
     * holes across from it */
    static const char *const rows[] = {"inner", "outer"};
    static const char *const across[] = {"facing", "both", "either"};
    printf(",\"row\":");
    if (r->row)
        printf("\"%s\"", json_word(rows, 2, r->row - 1));
    else
        printf("null");
    printf(",\"across\":");
    if (r->across)
        printf("\"%s\"", json_word(across, 3, r->across - 1));
    else
        printf("null");
}

/* do: capture_across's resow (C2.5): where the seeds taken are sown
 * again, which way, and what follows; null when they go to the store. */
static void json_resow(const sow_lap_rule *r, int then)
{
    static const char *const froms[] = {"origin", "after_origin",
                                        "after_last"};
    static const char *const dirs[] = {"move", "ccw", "cw"};
    static const char *const thens[] = {"lap_end", "stop", "relay"};
    printf(",\"resow\":");
    if (!r->resow) {
        printf("null");
        return;
    }
    printf("{\"from\":\"%s\",\"direction\":\"%s\",\"then\":\"%s\"}",
           json_word(froms, 3, r->resow - 1), json_word(dirs, 3, r->resow_dir),
           json_word(thens, 3, then));
}

/* What a rule does beyond `do`: the hook, chain, claim, take, then,
 * pick_extra, series and pairs. */
static void json_does(const cli_game *cg, int i)
{
    const sow_lap_rule *r = &cg->v->lap_rules[i];
    printf(",\"hook\":");
    cli_json_string(stdout, r->action == SOW_LAP_HOOK
                                ? cg->v->hook_fn[SOW_HOOK_LAP_END]
                                : NULL);
    printf(",\"chain\":");
    json_chain(cg, i);
    printf(",\"claim\":");
    json_claim(cg, r);
    printf(",\"take\":");
    json_int_or_null(r->action == SOW_LAP_TAKE ? r->take : 0, 0);
    printf(",\"then\":%s,\"pick_extra\":",
           r->then_relay   ? "\"relay\""
           : r->then_extra ? "\"extra_turn\""
           : r->then_next  ? "\"next\""
                           : "null");
    json_int_or_null(r->pick_extra, 0);
    printf(",\"series\":%s", json_bool(r->series));
    printf(",\"pairs\":"); /* issue 24: capture_pair's further pairs */
    if (r->pairs_fwd || r->pairs_back)
        printf("{\"forward\":%d,\"backward\":%d}", r->pairs_fwd,
               r->pairs_back);
    else
        printf("null");
    json_resow(r, cg->setup.resow_then[i]);
    printf(",\"take_last\":%s", json_bool(r->take_last));
}

static void json_lap_rule(const cli_game *cg, int i, sow_buf *b)
{
    const sow_lap_rule *r = &cg->v->lap_rules[i];
    printf("{\"when\":");
    json_counts(r->counts, r->counts_high);
    printf(",\"owner\":\"%s\"", owner_name(r->owner));
    json_where(r);
    /* P86, GA.5 */
    printf(",\"moved\":%s,\"last_hole\":%s",
           json_bool((cg->setup.moved_rules >> i) & 1),
           json_bool((cg->setup.last_hole_rules >> i) & 1));
    printf(",\"from_ply\":%d,\"if\":", r->min_ply);
    bool on = !r->has_if || sow_expr_eval(&r->cond, &cg->opts);
    if (r->has_if) { /* the references that must all hold (GA.L1) */
        show_words_ref(b, cg->v, &r->cond);
        for (int k = 0; k < cg->v->lap_if_more_n[i]; k++) {
            sow_buf_add(b, " and ");
            show_words_ref(b, cg->v, &cg->v->lap_if_more[i][k]);
            on = on && sow_expr_eval(&cg->v->lap_if_more[i][k], &cg->opts);
        }
        json_buf(b);
    } else {
        printf("null");
    }
    printf(",\"enabled\":%s,\"do\":\"%s\"", json_bool(on),
           (unsigned)r->action < SHOW_NACTIONS
               ? show_action_names[r->action]
               : "?");
    json_does(cg, i);
    printf(",\"rule\":");
    cli_json_string(stdout, r->cite[0] ? r->cite : NULL);
    printf(",\"text\":");
    show_words_lap_rule(b, cg, i);
    json_buf(b);
    printf("}");
}

static void json_lap_rules(const cli_game *cg)
{
    sow_buf b = {0};
    printf("\"lap_end\":[");
    for (int i = 0; i < cg->v->nlap_rules; i++) {
        printf("%s", i ? "," : "");
        json_lap_rule(cg, i, &b);
    }
    printf("]");
    sow_buf_free(&b);
}

static void json_options(const cli_game *cg)
{
    const sow_variant *v = cg->v;
    static const char *const types[] = {"bool", "int", "enum"};
    printf("\"options\":[");
    for (int i = 0; i < v->noptions; i++) {
        const sow_option_def *d = &v->options[i];
        char cur[64], def[64];
        sow_optval_format(d, cg->opts.val[i], cur, sizeof cur);
        sow_optval_format(d, d->def, def, sizeof def);
        printf("%s{\"name\":", i ? "," : "");
        cli_json_string(stdout, d->name);
        printf(",\"type\":\"%s\",\"value\":",
               d->type == SOW_OPT_BOOL  ? types[0]
               : d->type == SOW_OPT_INT ? types[1]
                                        : types[2]);
        cli_json_string(stdout, cur);
        printf(",\"default\":");
        cli_json_string(stdout, def);
        printf(",\"values\":");
        if (d->type == SOW_OPT_ENUM) {
            printf("[");
            for (int k = 0; k < d->nvalues; k++) {
                char val[SOW_NAME_MAX + 4];
                snprintf(val, sizeof val, "%s%s", d->values[k],
                         d->param[k] ? ":K" : "");
                printf("%s", k ? "," : "");
                cli_json_string(stdout, val);
            }
            printf("]");
        } else {
            printf(d->type == SOW_OPT_BOOL ? "[\"true\",\"false\"]" : "null");
        }
        if (d->type == SOW_OPT_INT)
            printf(",\"min\":%ld,\"max\":%ld,\"step\":%ld", d->min, d->max,
                   d->step > 1 ? d->step : 1);
        else
            printf(",\"min\":null,\"max\":null,\"step\":null");
        printf(",\"doc\":");
        cli_json_string(stdout, d->doc);
        printf(",\"needs\":");
        cli_json_string(stdout, d->needs >= 0 ? v->options[d->needs].name
                                              : NULL);
        printf("}");
    }
    printf("]");
}

/* The sowing track (issue 24): "ring", "own", or each player's list of
 * positions as the variant file writes them. */
static void json_track(const cli_game *cg)
{
    const sow_variant *v = cg->v;
    if (v->circuit != SOW_CIRCUIT_LIST) {
        printf("\"%s\"", v->circuit == SOW_CIRCUIT_OWN ? "own" : "ring");
        return;
    }
    for (int p = 0; p < 2; p++) {
        printf(p ? "],\"north\":[" : "{\"south\":[");
        for (int i = 0; i < v->circuit_len[p]; i++) {
            int pos = v->circuit_list[p][i];
            printf(i ? "," : "");
            if (pos >= SOW_POS_STORE)
                printf("\"%s_store\"",
                       pos == SOW_POS_STORE ? "south" : "north");
            else
                printf("%d", pos);
        }
    }
    printf("]}");
}

/* The board at the start: labels, counts, owners, the player to move, the
 * stores on the track (C1.2) and the start when North starts (SQ.1). */
static void json_board(const cli_game *cg, const sow_game *g)
{
    static const char *const tracks[] = {"none", "own", "both"};
    const sow_setup *s = &cg->setup;
    printf(",\"board\":{\"rows\":%d,\"holes_per_row\":%d,\"seeds\":%d,"
           "\"stores\":%s,\"stores_on_track\":\"%s\",\"labels\":[",
           s->rows, s->n, s->total, json_bool(s->stores),
           json_word(tracks, 3, s->track));
    for (int h = 0; h < s->holes; h++) {
        char l[16];
        sow_hole_label(s, h, l, sizeof l);
        printf("%s", h ? "," : "");
        cli_json_string(stdout, l);
    }
    printf("],\"start\":[");
    for (int h = 0; h < s->holes; h++)
        printf("%s%d", h ? "," : "", g->board[h]);
    printf("],\"start_north\":");
    if (cg->v->has_layout_north) {
        printf("[");
        for (int h = 0; h < s->holes; h++)
            printf("%s%d", h ? "," : "", s->start_north[h]);
        printf("]");
    } else {
        printf("null");
    }
    printf(",\"owners\":[");
    for (int h = 0; h < s->holes; h++)
        printf("%s%d", h ? "," : "", g->owner[h]);
    printf("],\"claimed\":["); /* C1.4: board.claimed, -1 for nobody */
    for (int h = 0; h < s->holes; h++)
        printf("%s%d", h ? "," : "", sow_claimant(g, h));
    printf("],\"to_move\":%d,\"hand\":%d,\"track\":", g->to_move,
           s->hand); /* MW.1: seeds each player starts with in hand */
    json_track(cg);
    printf("},");
}

/* The sowing keys first needed beyond the catalogue (issue 24): where
 * sow_capture takes (owner, last), the moves refused by the facing hole
 * (not_opposite), captures before the sowing (capture_before) and the
 * first moves' direction (first_direction); null where unused. */
static void json_sowing_unseen(const sow_setup *s)
{
    printf(",\"sow_capture_where\":");
    if (s->sow_capture)
        printf("{\"owner\":\"%s\",\"last\":%s}",
               s->sow_capture_own ? "own" : "any",
               json_bool(s->sow_capture_last));
    else
        printf("null");
    printf(",\"not_opposite\":");
    if (s->not_opposite || s->not_opposite_high)
        json_counts(s->not_opposite, s->not_opposite_high);
    else
        printf("null");
    printf(",\"capture_before\":");
    if (s->capture_before) {
        printf("{\"facing\":\"%s\",\"counts\":",
               s->capture_before == SOW_BEFORE_LIFTED ? "lifted" : "own");
        json_counts(s->before_counts, s->before_high);
        printf("}");
    } else {
        printf("null");
    }
    printf(",\"first_direction\":");
    if (s->first_dir)
        printf("\"%s\"", s->first_dir - 1 == SOW_DIR_CCW ? "ccw" : "cw");
    else
        printf("null");
}

/* The sowing keys of the two-row family (docs/writing-variants.md). */
static void json_sowing_family(const cli_game *cg)
{
    static const char *const dirs[] = {"fixed", "by_count", "by_hole",
                                       "chosen", "each_move"};
    static const char *const feeds[] = {"off", "only", "else_all"};
    static const char *const slams[] = {"capture", "no_capture", "forbid",
                                        "extra_turn", "leave_right"};
    const sow_setup *s = &cg->setup;
    printf(",\"direction_rule\":\"%s\",\"cw_holes\":",
           json_word(dirs, 5, s->dir_rule));
    if (s->dir_rule == SOW_DIR_BY_HOLE || s->v->dir_some)
        json_holes(s, s->cw_holes);
    else
        printf("null");
    /* the holes whose moves name their direction (h/cw, h/ccw): all under
     * each_move, direction.chosen_at's (issue 24); none otherwise */
    printf(",\"chosen_holes\":");
    json_holes(s, s->chosen_holes);
    printf(",\"cw_moves\":"); /* MW.5 */
    if (s->cw_limited) {
        printf("{\"from\":");
        json_holes(s, s->cw_from[0] | s->cw_from[1]);
        printf(",\"test\":\"%s\"}",
               s->cw_test == SOW_CW_FACING ? "facing" : "capture");
    } else {
        printf("null");
    }
    printf(",\"relay_from\":\"%s\",\"sides\":\"%s\",\"origin_first\":%s,"
           "\"skip_count\":",
           s->relay_next ? "next" : "last", s->no_sides ? "none" : "own",
           json_bool(s->origin_first));
    json_int_or_null(s->skip_count, 0);
    printf(",\"skip_count_owner\":");
    if (s->skip_count)
        printf("\"%s\"", s->skip_count_owner == SOW_OWNER_ANY   ? "any"
                         : s->skip_count_owner == SOW_OWNER_OWN ? "own"
                                                                : "opponent");
    else
        printf("null");
    printf(",\"first_seed\":%s",
           s->first_to_store ? "\"store\""
           : s->origin_first ? "\"origin\""
                             : "null");
    printf(",\"sow_capture\":");
    json_int_or_null(s->sow_capture, 0);
    printf(",\"count_last\":");
    json_int_or_null(s->count_last, 0);
    printf(",\"singles_to_empty\":%s", json_bool(s->singles_to_empty));
    printf(",\"reach\":");
    json_int_or_null(s->reach_max, 0);
    printf(",\"first_move\":");
    if (s->first_keep || s->first_plain) {
        printf("{\"keep\":");
        json_int_or_null(s->first_keep, 0);
        printf(",\"plain\":%s}", json_bool(s->first_plain));
    } else {
        printf("null");
    }
    printf(",\"no_undo\":%s,\"must_feed\":\"%s\",\"feed_by_hole\":%s,"
           "\"grand_slam\":\"%s\",\"feeding_slam\":%s,\"last_seeds\":",
           json_bool(s->no_undo), json_word(feeds, 3, s->must_feed),
           json_bool(s->feed_by_hole), json_word(slams, 5, s->grand_slam),
           json_bool(s->feeding_slam));
    json_int_or_null(s->last_seeds > 0 ? s->last_seeds : 0, 0);
    printf(",\"claim_seeds\":\"%s\",\"closed_holes\":\"%s\"",
           s->claim_to_store ? "store" : "stay",
           cg->v->closed_out_of_play ? "out_of_play" : "step_over");
    json_sowing_unseen(s);
}

static void json_sowing(const cli_game *cg)
{
    const sow_variant *v = cg->v;
    const sow_setup *s = &cg->setup;
    printf("\"sowing\":{\"direction\":\"%s\",\"min_seeds\":%d,\"leave\":%d,"
           "\"relay\":%s,\"skip_origin\":%s,\"endless_move\":%s,"
           "\"passing\":%s",
           s->dir == SOW_DIR_CCW ? "counter-clockwise" : "clockwise",
           s->min_seeds, s->leave, json_bool(s->relay),
           json_bool(s->skip_origin),
           !s->relay ? "null"
           : s->endless_move == SOW_ENDLESS_FORBID ? "\"forbid\""
                                                   : "\"end_game\"",
           json_bool(s->passing));
    json_sowing_family(cg);
    printf(",\"bearoff\":");
    if (v->bearoff)
        printf("{\"from_ply\":%d,\"max\":%d,\"sticky\":%s},",
               v->bearoff_from, v->bearoff_max, json_bool(s->bearoff_sticky));
    else
        printf("null,");
    json_lap_rules(cg);
    printf(",\"otherwise\":\"%s\"},", s->relay ? "relay" : "stop");
}

/* The threshold end (C1.7), or null. */
static void json_threshold(const cli_game *cg)
{
    const sow_variant *v = cg->v;
    const sow_setup *s = &cg->setup;
    if (s->threshold < 0) {
        printf("null");
        return;
    }
    long t = v->threshold.kind == SOW_EXPR_CONST ? v->threshold.value : 0;
    printf("{\"more_than\":%d,\"reading\":\"%s\",\"or_both_equal\":%s,"
           "\"sweep\":%s,\"ends\":\"%s\"}",
           s->threshold,
           t == SOW_THRESHOLD_HALF     ? "half"
           : t == SOW_THRESHOLD_REFILL ? "refill"
                                       : "number",
           json_bool(v->threshold_both), json_bool(s->threshold_sweep),
           v->threshold_round ? "round" : "match");
}

static void json_end(const cli_game *cg)
{
    static const char *const cleared[] = {"none", "cleared_own",
                                          "cleared_opp", "none", "either"};
    static const char *const rests[] = {"own_row", "last_mover", "unfed",
                                        "nobody", "divided"};
    static const char *const odds[] = {"behind", "south", "north",
                                       "last_mover", "nobody"};
    const sow_variant *v = cg->v;
    const sow_setup *s = &cg->setup;
    static const char *const cwinners[] = {"score", "emptied",
                                           "not_emptied"};
    printf("\"end\":{\"no_moves\":\"%s\",\"either_cannot_move\":%s,"
           "\"cleared\":\"%s\",\"cleared_winner\":\"%s\",\"threshold\":",
           s->no_moves_lose ? "the player to move loses" : "the game ends",
           json_bool(s->no_moves_either),
           json_word(cleared, 5, s->row_empty_end),
           json_word(cwinners, 3, s->cleared_winner));
    json_threshold(cg);
    printf(",\"seeds_at_most\":");
    json_int_or_null(s->seeds_at_most >= 0 ? s->seeds_at_most : -1, -1);
    printf(",\"seeds_at_most_while\":\"%s\",\"repetition\":%s,"
           "\"capture_unreachable\":%s,\"unreachable_positions\":%ld,"
           "\"no_capture_plies\":",
           v->few_seeds_unclaimed ? "no_claims" : "always",
           json_bool(s->repetition), json_bool(s->unreachable),
           s->reach_positions);
    json_int_or_null(s->no_capture_plies, 0);
    printf(",\"max_plies\":%d,\"rest\":\"%s\",\"rest_odd\":",
           s->max_plies, json_word(rests, 5, s->rest));
    const int fed = s->rest == SOW_REST_UNFED ? s->rest_fed : -1;
    if (s->rest == SOW_REST_DIVIDED || fed == SOW_REST_DIVIDED)
        printf("\"%s\"", json_word(odds, 5, s->rest_odd));
    else
        printf("null");
    /* end.rest_fed (issue 24): with rest: unfed only */
    printf(",\"rest_fed\":");
    if (fed >= 0)
        printf("\"%s\"", json_word(rests, 5, fed));
    else
        printf("null");
    printf(",\"claimed_only\":\"%s\",\"keep_empty_claims\":%s",
           s->claimed_only ? "sweep" : "none",
           json_bool(s->keep_empty_claims)); /* GA.7, GA.L2 */
    printf(",\"endless_result\":\"%s\",\"scoring\":",
           v->endless_draw ? "draw" : "mover_loses");
    sow_buf b = {0};
    if (s->no_score) {
        printf("null");
    } else {
        show_words_scoring(&b, cg);
        json_buf(&b);
    }
    sow_buf_free(&b);
    printf("}");
}

/* The match (a new_game hook, or rounds), or null; then the rounds
 * (C1.6), or null. */
static void json_match(const cli_game *cg)
{
    static const char *const fills[] = {"right", "left", "west", "left",
                                        "track"};
    static const char *const starters[] = {"alternate", "loser",
                                           "last_mover", "winner"};
    const sow_variant *v = cg->v;
    const sow_setup *s = &cg->setup;
    printf(",\"match\":");
    if (v->hook_fn[SOW_HOOK_NEW_GAME] || v->rounds)
        printf("{\"on\":%s,\"max_games\":%d,\"by\":\"%s\"}",
               json_bool(s->match), s->match_games,
               v->rounds && v->hook_fn[SOW_HOOK_NEW_GAME]
                   ? "rounds_and_new_game"
               : v->rounds ? "rounds"
                           : "new_game");
    else
        printf("null");
    printf(",\"rounds\":");
    if (!v->rounds) {
        printf("null");
        return;
    }
    printf("{\"refill\":\"%s\",\"seeds\":",
           s->round_territory ? "territory"
           : s->round_owned   ? "owned"
           : s->round_fresh   ? "fresh"
           : s->round_loser_only ? "loser"
                                 : "both");
    json_int_or_null(s->round_seeds, 0);
    printf(",\"min_holes\":%d,\"fill_from\":\"%s\",\"block\":%s,"
           "\"loser_below\":",
           s->round_min_holes, json_word(fills, 5, s->round_fill),
           json_bool(s->round_block));
    json_int_or_null(s->round_loser_below, 0);
    /* GA.8, GA.9 */
    printf(",\"borrow\":%s,\"borrow_alone\":%s,\"lose_at_most\":",
           json_bool(s->round_borrow), json_bool(s->round_borrow_alone));
    json_int_or_null(s->round_lose_at_most, -1);
    printf(",\"wins\":");
    json_int_or_null(s->round_wins, 0);
    if (s->round_points) { /* UR.6 */
        printf(",\"points\":{\"to_win\":%d,\"double_from\":",
               s->round_points);
        json_int_or_null(s->round_double_from, 0);
        printf("}");
    } else
        printf(",\"points\":null");
    printf(",\"totals_to_win\":"); /* issue 24 */
    json_int_or_null(s->round_totals, 0);
    static const char *const rules[] = {"alternate", "loser", "last_mover",
                                        "winner", "not_last_mover", "south",
                                        "north", "not_to_move"};
    printf(",\"layout\":\"%s\",\"starter\":",
           s->round_layout ? "alternate" : "for_starter");
    if (cg->v->round_start_decided >= 0)
        printf("{\"decided\":\"%s\",\"draw\":\"%s\"}",
               json_word(rules, 8, s->start_decided),
               json_word(rules, 8, s->start_draw));
    else
        printf("\"%s\"", json_word(starters, 4, s->round_starter));
    printf(",\"text\":");
    sow_buf b = {0};
    show_words_rounds(&b, cg);
    json_buf(&b);
    sow_buf_free(&b);
    printf("}");
}

/* The phases and the decision moves. */
static void json_phases(const cli_game *cg)
{
    const sow_variant *v = cg->v;
    printf(",\"phases\":[");
    for (int i = 0; i < v->nphases; i++) {
        const sow_phase *ph = &v->phases[i];
        printf("%s{\"name\":", i ? "," : "");
        cli_json_string(stdout, ph->name);
        printf(",\"moves\":\"%s\",\"fresh_holes\":%s,\"until_ply\":%d,"
               "\"start\":%s}",
               ph->decisions ? "decisions" : ph->scripted ? "scripted" : "sowing",
               json_bool(ph->fresh_holes), ph->until_ply,
               json_bool(v->start_phase == i + 1));
    }
    printf("],\"decisions\":[");
    for (int i = 0; i < v->ndecisions; i++) {
        printf("%s", i ? "," : "");
        cli_json_string(stdout, v->decisions[i]);
    }
    printf("]");
}

/* The script's hooks (issue 24): each kind the variant names, with its
 * function and the line of hooks: that names it. */
static void json_hooks(const sow_variant *v)
{
    printf(",\"hooks\":{");
    bool first = true;
    for (int k = 0; k < SOW_HOOK_COUNT; k++) {
        if (!v->hook_fn[k])
            continue;
        printf("%s", first ? "" : ",");
        first = false;
        cli_json_string(stdout, sow_hook_names[k]);
        printf(":{\"function\":");
        cli_json_string(stdout, v->hook_fn[k]);
        printf(",\"line\":%d}", v->hook_line[k]);
    }
    printf("}");
}

void show_json(const cli_game *cg, const sow_game *g)
{
    const sow_variant *v = cg->v;
    printf("{\"format\":\"sow-show\",\"version\":1");
    const char *const text[][2] = {{"id", v->id},
                                   {"name", v->name},
                                   {"summary", v->summary},
                                   {"source", v->source},
                                   {"file", v->path},
                                   {"script", v->script_path}};
    for (size_t i = 0; i < sizeof text / sizeof *text; i++)
        cli_json_field(stdout, text[i][0], text[i][1]);
    json_hooks(v);
    json_board(cg, g);
    json_sowing(cg);
    json_end(cg);
    json_phases(cg);
    json_match(cg);
    printf(",");
    json_options(cg);
    printf(",\"rules\":[");
    for (int i = 0; i < v->nrules; i++) {
        printf("%s{\"id\":", i ? "," : "");
        cli_json_string(stdout, v->rules[i].id);
        printf(",\"text\":");
        cli_json_string(stdout, v->rules[i].text);
        printf("}");
    }
    /* the game in plain words, if the file has them (issue 27) */
    static const char *const parts[] = {"board", "move", "capturing", "end"};
    printf("],\"how_to_play\":%s", v->how_to_play[0] ? "{" : "null");
    for (int i = 0; v->how_to_play[0] && i < SOW_HOWTO_PARTS; i++) {
        printf("%s", i ? "," : "");
        cli_json_string(stdout, parts[i]);
        printf(":");
        cli_json_string(stdout, v->how_to_play[i]);
    }
    printf("%s}\n", v->how_to_play[0] ? "}" : "");
}
