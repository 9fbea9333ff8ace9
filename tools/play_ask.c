/* play_ask.c - a person's turn in sow play (see play.h). */
#include <string.h>
#include <strings.h>

#include "sow_layout.h"
#include "play.h"
#include "sow_ask.h"
#include "sow_draw.h"
#include "sow_move.h"
#include "sow_text.h"

void play_print_legal(const sow_setup *s, const sow_game *g)
{
    if (g->nlegal == 1 && g->legal[0] == SOW_MOVE_LAYOUT) { /* MW.2 */
        int k = __builtin_popcountll(sow_layout_holes(g, g->to_move));
        char first[16], last[16];
        uint64_t own = sow_layout_holes(g, g->to_move);
        sow_hole_label(s, __builtin_ctzll(own), first, sizeof first);
        sow_hole_label(s, 63 - __builtin_clzll(own), last, sizeof last);
        printf("set out your whole hand (%d seeds) in one move: type the "
               "%d counts of your holes, %s to %s in increasing hole "
               "number, separated by commas (layout:2,2,...,2 or just "
               "2,2,...,2), or 'random' for one drawn at random\n",
               g->hand[g->to_move], k, first, last);
        return;
    }
    sow_buf b = {0};
    if (s->ends_turns) /* C2.3: whole turns, with their parts */
        for (int i = 0; i < g->nlegal; i++) {
            char t[96];
            sow_turn_format(t, sizeof t, s, g, g->legal[i]);
            sow_buf_add(&b, "%s%s", i ? " " : "", t);
        }
    else
        cli_put_moves(&b, s, g->legal, g->nlegal, true);
    printf("legal moves: %s\n", b.oom ? "(out of memory)" : b.s);
    sow_buf_free(&b);
}

void play_print_question(const sow_setup *s, const sow_game *g)
{
    char q[400], cite[SOW_RULE_ID_MAX + 4] = "";
    sow_question_words(s, g, q, sizeof q);
    bool phase = sow_decision_phase(s, g);
    if (!q[0] && !phase)
        return;
    if (phase && g->phase <= s->v->nphases &&
        s->v->phases[g->phase - 1].cite[0])
        sow_text_fmt(cite, sizeof cite, " (%s)",
                     s->v->phases[g->phase - 1].cite);
    else if (!phase)
        sow_text_fmt(cite, sizeof cite, " (C1.12)");
    printf("%s, %s%s\n  type ", g->to_move ? "North" : "South",
           q[0] ? q : "what do you choose?", cite);
    for (int i = 0; i < g->nlegal; i++) {
        char tok[64], words[96];
        sow_turn_format(tok, sizeof tok, s, g, g->legal[i]);
        sow_move_words(s, g, g->legal[i], words, sizeof words);
        printf("%s%s", i == 0 ? "" : i + 1 < g->nlegal ? ", " : ", or ", tok);
        if (strcmp(tok, words))
            printf(" for %s", words);
    }
    printf("\n");
}

static void print_rules(const sow_variant *v)
{
    printf("%s: %s\n", v->name, v->summary);
    for (int i = 0; i < v->nrules; i++)
        printf("  %-6s %s\n", v->rules[i].id, v->rules[i].text);
}

/* A line read from the person without its end of line and the blanks
 * around it; false at the end of input. */
static bool read_line(char *line, size_t size, char **word)
{
    if (!fgets(line, (int)size, stdin))
        return false;
    line[strcspn(line, "\r\n")] = 0;
    char *w = line;
    while (*w == ' ' || *w == '\t')
        w++;
    char *end = w + strlen(w);
    while (end > w && (end[-1] == ' ' || end[-1] == '\t'))
        *--end = 0;
    *word = w;
    return true;
}

/* MB.2: where every move names its direction, a hole typed alone (a
 * label or a number) is asked its direction in words, where it may go
 * both ways (one way only: that way, MW.5); while seeds are in hand it
 * places one there (MW.2). 0 with the move in *out, 1 when w is not such
 * a hole, -1 at the end of input. */
static int ask_direction(const sow_setup *s, const sow_game *g,
                         const char *w, sow_move *out)
{
    if ((s->dir_rule != SOW_DIR_EACH_MOVE && s->hand <= 0) ||
        strchr(w, '/') || w[0] == '+')
        return 1;
    int h = sow_hole_from_label(s, w);
    if (h < 0)
        return 1;
    if (sow_game_is_legal(g, sow_place(h, SOW_PLACE_ONLY))) {
        *out = sow_place(h, SOW_PLACE_ONLY); /* MW.2: a seed from the hand */
        return 0;
    }
    bool ccw = sow_game_is_legal(g, sow_directed(h, SOW_DIR_CCW)),
         cw = sow_game_is_legal(g, sow_directed(h, SOW_DIR_CW));
    if (!ccw || !cw) { /* one way only (MW.5): no question */
        if (!ccw && !cw)
            return 1;
        *out = sow_directed(h, cw ? SOW_DIR_CW : SOW_DIR_CCW);
        return 0;
    }
    char line[64], *d;
    for (;;) {
        printf("which way from %s? cw (clockwise) or ccw "
               "(counter-clockwise)> ", w);
        fflush(stdout);
        if (!read_line(line, sizeof line, &d)) {
            printf("\n");
            return -1;
        }
        int dir = strcmp(d, "cw") == 0 || strcmp(d, "clockwise") == 0
                      ? SOW_DIR_CW
                  : strcmp(d, "ccw") == 0 ||
                          strcmp(d, "counter-clockwise") == 0
                      ? SOW_DIR_CCW
                      : -1;
        if (dir >= 0) {
            *out = sow_directed(h, dir);
            return 0;
        }
        if (*d)
            printf("'%s' is not a direction: type cw or ccw\n", d);
    }
}

/* A decision typed in the words it is shown in (D15): "North" for
 * first:1, "hole D" or "D" for buy:9, "clockwise" for dir:cw, matched
 * without regard to case but for a hole's label (a and A differ). True
 * with the move in *out when exactly one legal decision has them. */
static bool decision_by_words(const sow_setup *s, const sow_game *g,
                              const char *w, sow_move *out)
{
    int found = 0;
    for (int i = 0; i < g->nlegal; i++) {
        char words[96];
        if (!sow_move_is_decision(g->legal[i]))
            continue;
        sow_move_words(s, g, g->legal[i], words, sizeof words);
        bool hole = strncmp(words, "hole ", 5) == 0;
        if ((hole && strcmp(w, words + 5) == 0) ||
            (hole ? strcmp(w, words) : strcasecmp(w, words)) == 0) {
            *out = g->legal[i];
            found++;
        }
    }
    return found == 1;
}

/* A layout (MW.2, board.placing: layout) typed as its token, as its
 * counts alone, or 'random': 0 with the move, else 1 after saying what
 * is wrong. */
static int ask_layout(play_game *pg, const char *w, sow_move *out)
{
    const sow_setup *s = &pg->cg.setup;
    const sow_game *g = &pg->g;
    char tok[300], why[256];
    if (strcmp(w, "random") == 0) {
        *out = sow_layout_draw(g, &pg->rng);
        return 0;
    }
    snprintf(tok, sizeof tok, "%s%s", strncmp(w, "layout:", 7) ? "layout:"
                                                               : "", w);
    for (char *c = tok; *c; c++)
        if (*c == ' ')
            *c = ',';
    sow_error perr;
    if (sow_move_parse(s, tok, out, &perr)) {
        printf("%s\n", perr.msg);
    } else if (sow_layout_problem(s, g, *out, why, sizeof why)) {
        printf("that layout cannot be played: %s (%s)\n", why,
               s->v->cite[SOW_CITE_PLACE]);
    } else {
        return 0;
    }
    play_print_legal(s, g);
    return 1;
}

int play_ask(play_game *pg, sow_move *out)
{
    const sow_setup *s = &pg->cg.setup;
    const sow_game *g = &pg->g;
    char line[256], *w;
    for (;;) {
        printf("%s to move> ", g->to_move ? "North" : "South");
        fflush(stdout);
        if (!read_line(line, sizeof line, &w)) {
            printf("\n");
            return ASK_QUIT;
        }
        if (!*w)
            continue;
        if (strcmp(w, "quit") == 0 || strcmp(w, "q") == 0)
            return ASK_QUIT;
        if (strcmp(w, "undo") == 0)
            return ASK_UNDO;
        if (strcmp(w, "help") == 0 || strcmp(w, "?") == 0) {
            print_rules(pg->cg.v);
            printf("commands: a hole label or number plays it%s; hint (what "
                   "each move would do),\nundo (take back your last move), "
                   "watch (seed by seed: now %s), help, quit\n",
                   s->hand > 0 ? " (a seed from your hand goes there "
                                 "while you hold some; then its direction, "
                                 "asked where it may go both ways, or type "
                                 "both: c2/cw)"
                   : s->dir_rule == SOW_DIR_EACH_MOVE
                       ? " (then its direction, or type both: c/cw)"
                       : "",
                   pg->watch ? "on" : "off");
            play_print_legal(s, g);
            continue;
        }
        if (strcmp(w, "hint") == 0) {
            teach_hints(&pg->cg, g);
            continue;
        }
        if (strcmp(w, "watch") == 0) {
            pg->watch = !pg->watch;
            printf("watch mode %s\n", pg->watch ? "on" : "off");
            continue;
        }
        if (s->ends_turns) { /* C2.3: each choice asked in words */
            int r = play_ask_turn(s, g, w, out);
            if (r < 0)
                return ASK_QUIT;
            if (r == 0)
                return ASK_MOVE;
            printf("'%s' starts no legal turn: type its first decision, "
                   "+h, +h/D or h/D (D cw or ccw). ", w);
            play_print_legal(s, g);
            continue;
        }
        if (g->nlegal == 1 && g->legal[0] == SOW_MOVE_LAYOUT) {
            /* MW.2: the whole hand in one move, typed as its counts */
            int r = ask_layout(pg, w, out);
            if (r == 0)
                return ASK_MOVE;
            continue;
        }
        int asked = ask_direction(s, g, w, out);
        if (asked < 0)
            return ASK_QUIT;
        if (asked == 0 && sow_game_is_legal(g, *out))
            return ASK_MOVE;
        if (asked == 0) {
            char tok[24];
            sow_move_label(s, *out, tok, sizeof tok);
            printf("'%s' is not a legal move. ", tok);
            play_print_legal(s, g);
            continue;
        }
        sow_error perr;
        bool read = sow_move_read(s, w, out, &perr) == SOW_OK;
        if (read && sow_game_is_legal(g, *out))
            return ASK_MOVE;
        if (decision_by_words(s, g, w, out))
            return ASK_MOVE;
        /* a hole the rules of data allow but the script's filter hook
         * refuses: say so, with its reason */
        char why[128];
        int refused = read ? sow_hook_refusal(s, &pg->cg.eng.rules, g, *out,
                                              why, (int)sizeof why, &perr)
                           : 0;
        if (refused > 0)
            printf("hole %s is refused: %s. ", w,
                   why[0] ? why : "the variant's filter hook refuses it");
        else
            printf("'%s' is not a legal move. ", w);
        play_print_legal(s, g);
    }
}
