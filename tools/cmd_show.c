/* cmd_show.c - `sow show VARIANT`: board, sowing rules, every option. */
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "flags.h"
#include "sow_draw.h"

static const char *action_name(sow_lap_action a)
{
    static const char *const names[] = {"stop", "relay", "capture",
                                        "ask the script", "chain capture",
                                        "capture the opposite hole"};
    return names[a];
}

static void print_counts(const sow_lap_rule *r)
{
    if (r->counts == ~(uint64_t)0 && r->counts_high) {
        printf("any count");
        return;
    }
    printf("count");
    bool first = true;
    for (int c = 0; c < 63; c++)
        if ((r->counts >> c) & 1) {
            printf("%s%d", first ? " " : ",", c);
            first = false;
        }
    if (r->counts_high)
        printf(" or more");
}

/* One lap_end rule: the counts it applies to, where, and what it does. */
static void show_lap_rule(const cli_game *cg, int i)
{
    const sow_variant *v = cg->v;
    const sow_lap_rule *r = &v->lap_rules[i];
    printf("  lap end        ");
    print_counts(r);
    if (r->owner != SOW_OWNER_ANY)
        printf(" in %s hole",
               r->owner == SOW_OWNER_OWN ? "an own" : "an opponent's");
    if (r->has_next) {
        printf(", the next hole ");
        sow_lap_rule t = {.counts = r->next_counts,
                          .counts_high = r->next_high};
        print_counts(&t);
    }
    if (r->min_ply)
        printf(", from ply %d", r->min_ply);
    if (r->has_if)
        printf(sow_expr_eval(&r->cond, &cg->opts) ? " (on: option)"
                                                  : " (off: option)");
    printf(": %s", action_name(r->action));
    if (r->action == SOW_LAP_HOOK)
        printf(" (%s)", v->hook_fn[SOW_HOOK_LAP_END]);
    if (r->action == SOW_LAP_CHAIN) {
        const sow_chain *ch = &r->chain;
        sow_lap_rule t = {.counts = ch->counts,
                          .counts_high = ch->counts_high};
        printf(" of holes with ");
        print_counts(&t);
        printf(", from %s, %s", ch->from_last ? "the last hole" : "the next hole",
               ch->backward ? "backward" : "forward");
        if (ch->owner != SOW_OWNER_ANY)
            printf(", %s holes only",
                   ch->owner == SOW_OWNER_OWN ? "own" : "opponent's");
        printf(", %s", cg->setup.chain_skip_empty[i]
                           ? "passing over empty holes"
                           : "stopped by an empty hole");
    }
    printf("\n");
}

/* How seeds are sown and how a lap ends. */
static void show_sowing(const cli_game *cg)
{
    const sow_variant *v = cg->v;
    const sow_setup *s = &cg->setup;
    printf("sowing:\n");
    printf("  direction      %s\n",
           s->dir == SOW_DIR_CCW ? "counter-clockwise" : "clockwise");
    printf("  start from     an own hole with %d or more seeds\n",
           s->min_seeds);
    if (s->leave)
        printf("  leave          %d seed%s in the hole lifted from\n",
               s->leave, s->leave > 1 ? "s" : "");
    printf("  laps           %s\n", s->relay ? "relay" : "single");
    printf("  skip origin    %s\n", s->skip_origin ? "yes" : "no");
    if (s->relay)
        printf("  endless move   %s\n",
               s->endless_move == SOW_ENDLESS_FORBID
                   ? "forbidden: not legal (proved exactly, P2; replay and "
                     "play name the moves left out)"
                   : "legal; playing one ends the game (P5)");
    printf("  passing        %s\n", s->passing ? "automatic" : "none");
    if (v->bearoff)
        printf("  bear-off       from ply %d, once every hole holds at most "
               "%d: seeds crossing out of the mover's row leave the board "
               "(%s)\n",
               v->bearoff_from, v->bearoff_max,
               s->bearoff_sticky ? "stays on" : "tested at every move");
    for (int i = 0; i < v->nlap_rules; i++)
        show_lap_rule(cg, i);
    printf("  otherwise      %s\n", s->relay ? "relay" : "stop");
    if (v->hook_fn[SOW_HOOK_FILTER])
        printf("  legal moves    as the script's filter hook %s says, seeing "
               "each move's outcome on a copy (P42)\n",
               v->hook_fn[SOW_HOOK_FILTER]);
    if (v->hook_fn[SOW_HOOK_AFTER_MOVE])
        printf("  after a move   the script's after_move hook %s may change "
               "owners, the player to move, the phase and its state\n",
               v->hook_fn[SOW_HOOK_AFTER_MOVE]);
}

/* When a game ends, how it is scored, its phases, decisions and match. */
static void show_end(const cli_game *cg)
{
    const sow_variant *v = cg->v;
    const sow_setup *s = &cg->setup;
    printf("end:\n");
    if (v->hook_fn[SOW_HOOK_GAME_END])
        printf("  the script's game_end hook %s says so, after any move, "
               "before the rules below\n",
               v->hook_fn[SOW_HOOK_GAME_END]);
    if (v->no_moves_lose)
        printf("  the player to move who cannot move loses\n");
    else
        printf("  neither player can move\n");
    if (s->seeds_at_most >= 0)
        printf("  %d or fewer seeds on the board\n", s->seeds_at_most);
    if (s->repetition)
        printf("  a position recurs\n");
    if (s->no_capture_plies)
        printf("  %d plies without a capture\n", s->no_capture_plies);
    printf("  unfinished after %d plies\n", s->max_plies);
    if (v->no_score)
        printf("  scoring: none (the end rule names the winner)\n");
    else
        printf("  scoring: %s\n", v->hook_fn[SOW_HOOK_SCORE]
                                      ? v->hook_fn[SOW_HOOK_SCORE]
                                      : "captures plus seeds in own holes");
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
    if (v->ndecisions) {
        printf("decision moves:");
        for (int i = 0; i < v->ndecisions; i++)
            printf(" %s:N", v->decisions[i]);
        printf("  (offered by %s, applied by %s)\n",
               v->hook_fn[SOW_HOOK_DECISIONS], v->hook_fn[SOW_HOOK_DECIDE]);
    }
    if (v->hook_fn[SOW_HOOK_NEW_GAME])
        printf("match: %s; at most %d games; each game set up by %s\n",
               s->match ? "on" : "off (a single game)", s->match_games,
               v->hook_fn[SOW_HOOK_NEW_GAME]);
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
}

/* ---- --json ---------------------------------------------------------------- */

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
    printf("],\"or_more\":%s}", high ? "true" : "false");
}

static const char *owner_name(sow_owner_sel o)
{
    return o == SOW_OWNER_OWN ? "own" : o == SOW_OWNER_OPPONENT ? "opponent"
                                                                : "any";
}

static void json_lap_rules(const cli_game *cg)
{
    static const char *const actions[] = {"stop", "relay", "capture", "hook",
                                          "chain", "capture_opposite"};
    const sow_variant *v = cg->v;
    printf("\"lap_end\":[");
    for (int i = 0; i < v->nlap_rules; i++) {
        const sow_lap_rule *r = &v->lap_rules[i];
        printf("%s{\"when\":", i ? "," : "");
        json_counts(r->counts, r->counts_high);
        printf(",\"owner\":\"%s\",\"next\":", owner_name(r->owner));
        if (r->has_next)
            json_counts(r->next_counts, r->next_high);
        else
            printf("null");
        printf(",\"from_ply\":%d,\"enabled\":%s,\"do\":\"%s\",\"hook\":",
               r->min_ply,
               !r->has_if || sow_expr_eval(&r->cond, &cg->opts) ? "true"
                                                                 : "false",
               (unsigned)r->action < 6 ? actions[r->action] : "?");
        cli_json_string(stdout, r->action == SOW_LAP_HOOK
                                    ? v->hook_fn[SOW_HOOK_LAP_END]
                                    : NULL);
        printf(",\"chain\":");
        if (r->action == SOW_LAP_CHAIN) {
            const sow_chain *ch = &r->chain;
            printf("{\"of\":");
            json_counts(ch->counts, ch->counts_high);
            printf(",\"from\":\"%s\",\"direction\":\"%s\",\"owner\":\"%s\","
                   "\"skip_empty\":%s}",
                   ch->from_last ? "last" : "next",
                   ch->backward ? "backward" : "forward",
                   owner_name(ch->owner),
                   cg->setup.chain_skip_empty[i] ? "true" : "false");
        } else {
            printf("null");
        }
        printf(",\"rule\":");
        cli_json_string(stdout, r->cite[0] ? r->cite : NULL);
        printf("}");
    }
    printf("]");
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

/* The variant as one JSON object (schemas/show.schema.json): what the
 * text says, as data. Boards and owners are in canonical order, as the
 * record writes them. */
static void show_json(const cli_game *cg, const sow_game *g)
{
    const sow_variant *v = cg->v;
    const sow_setup *s = &cg->setup;
    printf("{\"format\":\"sow-show\",\"version\":1");
    const char *const text[][2] = {{"id", v->id},
                                   {"name", v->name},
                                   {"summary", v->summary},
                                   {"source", v->source},
                                   {"file", v->path},
                                   {"script", v->script_path}};
    for (size_t i = 0; i < sizeof text / sizeof *text; i++)
        cli_json_field(stdout, text[i][0], text[i][1]);
    printf(",\"board\":{\"rows\":2,\"holes_per_row\":%d,\"seeds\":%d,"
           "\"stores\":%s,\"labels\":[",
           s->n, s->total, s->stores ? "true" : "false");
    for (int h = 0; h < s->holes; h++) {
        char l[16];
        sow_hole_label(s, h, l, sizeof l);
        printf("%s", h ? "," : "");
        cli_json_string(stdout, l);
    }
    printf("],\"start\":[");
    for (int h = 0; h < s->holes; h++)
        printf("%s%d", h ? "," : "", g->board[h]);
    printf("],\"owners\":[");
    for (int h = 0; h < s->holes; h++)
        printf("%s%d", h ? "," : "", g->owner[h]);
    printf("],\"to_move\":%d},", g->to_move);
    printf("\"sowing\":{\"direction\":\"%s\",\"min_seeds\":%d,\"leave\":%d,"
           "\"relay\":%s,\"skip_origin\":%s,\"endless_move\":%s,"
           "\"passing\":%s,\"bearoff\":",
           s->dir == SOW_DIR_CCW ? "counter-clockwise" : "clockwise",
           s->min_seeds, s->leave, s->relay ? "true" : "false",
           s->skip_origin ? "true" : "false",
           !s->relay ? "null"
           : s->endless_move == SOW_ENDLESS_FORBID ? "\"forbid\""
                                                   : "\"end_game\"",
           s->passing ? "true" : "false");
    if (v->bearoff)
        printf("{\"from_ply\":%d,\"max\":%d,\"sticky\":%s},",
               v->bearoff_from, v->bearoff_max,
               s->bearoff_sticky ? "true" : "false");
    else
        printf("null,");
    json_lap_rules(cg);
    printf(",\"otherwise\":\"%s\"},", s->relay ? "relay" : "stop");
    printf("\"end\":{\"no_moves\":\"%s\",\"seeds_at_most\":",
           v->no_moves_lose ? "the player to move loses" : "the game ends");
    if (s->seeds_at_most >= 0)
        printf("%d", s->seeds_at_most);
    else
        printf("null");
    printf(",\"repetition\":%s,\"no_capture_plies\":",
           s->repetition ? "true" : "false");
    if (s->no_capture_plies)
        printf("%d", s->no_capture_plies);
    else
        printf("null");
    printf(",\"max_plies\":%d,\"scoring\":", s->max_plies);
    cli_json_string(stdout, v->no_score ? NULL
                            : v->hook_fn[SOW_HOOK_SCORE]
                                ? v->hook_fn[SOW_HOOK_SCORE]
                                : "captures plus seeds in own holes");
    printf("},\"phases\":[");
    for (int i = 0; i < v->nphases; i++) {
        const sow_phase *ph = &v->phases[i];
        printf("%s{\"name\":", i ? "," : "");
        cli_json_string(stdout, ph->name);
        printf(",\"moves\":\"%s\",\"fresh_holes\":%s,\"until_ply\":%d,"
               "\"start\":%s}",
               ph->decisions ? "decisions" : ph->scripted ? "scripted" : "sowing",
               ph->fresh_holes ? "true" : "false", ph->until_ply,
               v->start_phase == i + 1 ? "true" : "false");
    }
    printf("],\"decisions\":[");
    for (int i = 0; i < v->ndecisions; i++) {
        printf("%s", i ? "," : "");
        cli_json_string(stdout, v->decisions[i]);
    }
    printf("],\"match\":");
    if (v->hook_fn[SOW_HOOK_NEW_GAME])
        printf("{\"on\":%s,\"max_games\":%d}", s->match ? "true" : "false",
               s->match_games);
    else
        printf("null");
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
    printf("]}\n");
}

static void help(void)
{
    printf("usage: sow show VARIANT [--json] [--option NAME=VALUE]...\n\n"
           "Show a variant: its board (with hole labels), its "
           "sowing rules, the end\nrules, and every option with its "
           "values, default and documentation.\n\n"
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
    const sow_setup *s = &cg.setup;
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
    printf("file: %s\nscript: %s\n\n", v->path,
           v->script_path ? v->script_path : "(none: the rules are data)");
    char pic[4096];
    sow_draw_board(pic, sizeof pic, s, &g, -1);
    printf("board: 2 rows of %d holes, %d seeds%s\n%s\n", s->n, s->total,
           s->stores ? ", a store for each player" : ", no stores", pic);
    show_sowing(&cg);
    show_end(&cg);
    show_options(&cg);
    cli_close(&cg);
    return 0;
}
