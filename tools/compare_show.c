/* compare_show.c - what `sow compare --moves` prints where the readings
 * part (compare_moves.c replays them): how each side's game stands, its
 * board, and the options that differ with their documentation, where the
 * variant file reads them and the rule texts it cites. */
#include <string.h>

#include "compare_int.h"
#include "sow_draw.h"

/* One line saying how a side's game stands. */
void compare_side_status(const side *x, char *buf, size_t size)
{
    const sow_setup *s = &x->cg.setup;
    const sow_game *g = &x->g;
    if (g->over) {
        char why[160], score[48] = "";
        if (g->result.has_score)
            snprintf(score, sizeof score, " %d-%d,", g->result.score[0],
                     g->result.score[1]);
        snprintf(buf, size, "game over: %s;%s %s",
                 sow_result_text(s, g, why, sizeof why), score,
                 g->result.unfinished    ? "unfinished"
                 : g->result.winner < 0  ? "a draw"
                 : g->result.winner == 0 ? "South wins"
                                         : "North wins");
        if (x->done && s->match) {
            size_t len = strlen(buf);
            snprintf(buf + len, size - len, "; match over: %s", x->m.reason);
        }
        return;
    }
    char legal[600];
    cli_format_moves(s, g->legal, g->nlegal, false, legal, sizeof legal);
    snprintf(buf, size, "%s to move; legal moves: %s",
             g->to_move ? "North" : "South", legal);
}

void compare_show_side(const side *x, const char *opts)
{
    const sow_setup *s = &x->cg.setup;
    char board[SOW_DRAW_MAX], status[800];
    printf("\n%s (%s)", x->name, opts);
    if (s->match)
        printf(", %s %d of the match", sow_game_word(s), x->m.game);
    if (x->g.ply == 0)
        printf(", at the start:\n");
    else
        printf(", after ply %d:\n", x->g.ply);
    sow_draw_board(board, sizeof board, s, &x->g, x->last);
    fputs(board, stdout);
    printf("captured: South %d, North %d\n", x->g.captured[0],
           x->g.captured[1]);
    compare_side_status(x, status, sizeof status);
    printf("%s\n", status);
    if (x->why[0])
        printf("token refused: %s\n", x->why);
}

/* Rule ids cited in text ("K1.7(b)", "C0.4", "B.4", "P7"): a capital, more
 * capitals or digits, and a digit before the end or a dot and digits. */
static int cited_ids(const char *text, char ids[][16], int n, int max)
{
    for (const char *p = text; p && *p; p++) {
        if (!(*p >= 'A' && *p <= 'Z') ||
            (p > text && ((p[-1] >= 'A' && p[-1] <= 'Z') ||
                          (p[-1] >= 'a' && p[-1] <= 'z') ||
                          (p[-1] >= '0' && p[-1] <= '9') || p[-1] == '_')))
            continue;
        const char *q = p + 1;
        while ((*q >= 'A' && *q <= 'Z') || (*q >= '0' && *q <= '9'))
            q++;
        bool digit = q[-1] >= '0' && q[-1] <= '9';
        if (*q == '.' && q[1] >= '0' && q[1] <= '9') {
            q++;
            while (*q >= '0' && *q <= '9')
                q++;
            digit = true;
        }
        if (!digit || q - p >= 16 || (*q >= 'a' && *q <= 'z'))
            continue;
        char id[16];
        snprintf(id, sizeof id, "%.*s", (int)(q - p), p);
        bool seen = false;
        for (int i = 0; i < n; i++)
            seen |= strcmp(ids[i], id) == 0;
        if (!seen && n < max)
            snprintf(ids[n++], 16, "%s", id);
        p = q - 1;
    }
    return n;
}

static bool reads(const sow_expr *e, int opt)
{
    return e->kind != SOW_EXPR_CONST && e->opt == opt;
}

/* Where the variant file reads option `opt`: its fields and lap-end rules,
 * one line, with the rule ids the lap-end rules cite added to ids. */
static int show_uses(const sow_variant *v, int opt, char ids[][16], int n)
{
    static const char *const actions[] = {"stop", "relay", "capture", "hook",
                                          "chain", "capture_opposite"};
    const struct {
        const char *key;
        const sow_expr *e;
    } fields[] = {
        {"board.holes", &v->holes},
        {"board.seeds", &v->seeds},
        {"sowing.direction", &v->direction},
        {"sowing.skip_origin", &v->skip_origin},
        {"sowing.endless_move", &v->endless_move},
        {"sowing.bearoff.sticky", &v->bearoff_sticky},
        {"end.seeds_at_most", &v->seeds_at_most},
        {"end.repetition", &v->repetition},
        {"end.no_capture_plies", &v->no_capture_plies},
        {"end.capture_unreachable", &v->capture_unreachable},
        {"end.unreachable_positions", &v->unreachable_positions},
        {"end.max_plies", &v->max_plies},
        {"match.enabled", &v->match},
        {"match.max_games", &v->match_games},
    };
    char line[1024];
    size_t len = 0;
    line[0] = 0;
    for (size_t k = 0; k < sizeof fields / sizeof *fields; k++)
        if (reads(fields[k].e, opt) && len < sizeof line)
            len += (size_t)snprintf(line + len, sizeof line - len,
                                    "%s%s (line %d)", len ? ", " : "",
                                    fields[k].key, fields[k].e->line);
    for (int k = 0; k < v->nlap_rules && len < sizeof line; k++) {
        const sow_lap_rule *r = &v->lap_rules[k];
        if (!(r->has_if && reads(&r->cond, opt)) &&
            !(r->action == SOW_LAP_CHAIN && reads(&r->chain.skip_empty, opt)))
            continue;
        len += (size_t)snprintf(line + len, sizeof line - len,
                                "%slap_end rule %d (line %d, do: %s%s%s)",
                                len ? ", " : "", k + 1, r->line,
                                (unsigned)r->action < 6 ? actions[r->action]
                                                        : "?",
                                r->cite[0] ? ", rule: " : "", r->cite);
        if (r->cite[0])
            n = cited_ids(r->cite, ids, n, 64);
    }
    if (line[0])
        printf("    read by %s\n", line);
    else if (v->script)
        printf("    read by the script (%s)\n", v->script);
    return n;
}

/* The options that differ, their documentation, where the variant reads
 * them, and the rule texts cited. */
void compare_show_rules(const side *a, const side *b)
{
    const sow_variant *v = a->cg.v;
    char ids[64][16];
    int nids = 0;
    printf("\noptions that differ:\n");
    for (int i = 0; i < v->noptions; i++) {
        const sow_option_def *d = &v->options[i];
        char va[128], vb[128];
        sow_optval_format(d, a->cg.opts.val[i], va, sizeof va);
        sow_optval_format(d, b->cg.opts.val[i], vb, sizeof vb);
        if (strcmp(va, vb) == 0)
            continue;
        printf("  %s: A %s, B %s\n", d->name, va, vb);
        if (d->doc) {
            printf("    %s\n", d->doc);
            nids = cited_ids(d->doc, ids, nids, 64);
        }
        nids = show_uses(v, i, ids, nids);
    }
    if (!nids)
        return;
    printf("rules they cite:\n");
    for (int i = 0; i < nids; i++) {
        const char *text = sow_variant_rule_text(v, ids[i]);
        printf("  %-6s %s\n", ids[i],
               text ? text
                    : "(not among the variant's rules: see docs/rules.md)");
    }
}
