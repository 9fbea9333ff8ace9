/* cmd_play.c - `sow play VARIANT`: play in the terminal, people against
 * the computer, each other, or computer against computer. */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "commands.h"
#include "sow_draw.h"
#include "sow_player.h"
#include "sow_record.h"

typedef enum { P_HUMAN, P_COMPUTER, P_RANDOM } who;

static int parse_who(const char *s, who *out)
{
    if (strcmp(s, "human") == 0 || strcmp(s, "person") == 0)
        *out = P_HUMAN;
    else if (strcmp(s, "computer") == 0 || strcmp(s, "greedy") == 0)
        *out = P_COMPUTER;
    else if (strcmp(s, "random") == 0)
        *out = P_RANDOM;
    else
        return -1;
    return 0;
}

static int help(void)
{
    printf("usage: sow play VARIANT [--south WHO] [--north WHO] [--seed N]\n"
           "                [--delay MS] [--option NAME=VALUE]...\n\n"
           "Play in the terminal. WHO is human, computer (takes the most "
           "seeds it can\nat once) or random; by default South is human and "
           "North the computer.\nHoles are labelled a, b, c... on South's row "
           "(left to right) and A, B, C...\non North's row (from South's "
           "right); type a label or a hole number.\nAt the prompt: 'help' "
           "lists the legal moves and the rules, 'quit' stops.\n--delay MS "
           "pauses after each computer move (default 0). --seed N makes\n"
           "the computer's choices reproducible (default: from the clock).\n");
    return 0;
}

static void print_legal(const sow_setup *s, const sow_game *g)
{
    char buf[1024];
    cli_format_moves(s, g->legal, g->nlegal, true, buf, sizeof buf);
    printf("legal moves: %s\n", buf);
}

static void print_rules(const sow_variant *v)
{
    printf("%s: %s\n", v->name, v->summary);
    for (int i = 0; i < v->nrules; i++)
        printf("  %-6s %s\n", v->rules[i].id, v->rules[i].text);
}

/* Read a move from a person. Returns 1 for a move, 0 to quit. */
static int ask(const cli_game *cg, const sow_game *g, sow_move *out)
{
    const sow_setup *s = &cg->setup;
    char line[256];
    for (;;) {
        printf("%s to move> ", g->to_move ? "North" : "South");
        fflush(stdout);
        if (!fgets(line, sizeof line, stdin)) {
            printf("\n");
            return 0;
        }
        line[strcspn(line, "\r\n")] = 0;
        char *w = line;
        while (*w == ' ' || *w == '\t')
            w++;
        char *end = w + strlen(w);
        while (end > w && (end[-1] == ' ' || end[-1] == '\t'))
            *--end = 0;
        if (!*w)
            continue;
        if (strcmp(w, "quit") == 0 || strcmp(w, "q") == 0)
            return 0;
        if (strcmp(w, "help") == 0 || strcmp(w, "?") == 0) {
            print_rules(cg->v);
            print_legal(s, g);
            continue;
        }
        sow_move dm;
        sow_error perr;
        if (strchr(w, ':') && sow_move_parse(s, w, &dm, &perr) == SOW_OK &&
            sow_game_is_legal(g, dm)) {
            *out = dm;
            return 1;
        }
        int h = sow_hole_from_label(s, w);
        if (h >= 0 && sow_game_is_legal(g, h)) {
            *out = h;
            return 1;
        }
        printf("'%s' is not a legal move. ", w);
        print_legal(s, g);
    }
}

static void show_start(const sow_setup *s, const sow_match *m,
                       const sow_game *g)
{
    char pic[4096];
    if (s->match) {
        int own[2] = {0, 0};
        for (int h = 0; h < s->holes; h++)
            own[g->owner[h]]++;
        printf("\n== game %d: %s starts; holes: South %d, North %d%s\n",
               m->game, m->starter ? "North" : "South", own[0], own[1],
               sow_decision_phase(s, g) ? " (before the decisions)" : "");
    }
    sow_draw_board(pic, sizeof pic, s, g, -1);
    printf("\n%s", pic);
}

static void show_result(const sow_setup *s, const sow_game *g)
{
    char why[128];
    const sow_result *r = &g->result;
    char score[64] = "";
    if (r->has_score)
        snprintf(score, sizeof score, " South %d, North %d:", r->score[0],
                 r->score[1]);
    printf("\ngame over after %d %s: %s.%s %s.\n", g->ply,
           g->ply == 1 ? "ply" : "plies",
           sow_result_text(s, g, why, sizeof why), score,
           r->unfinished    ? "unfinished"
           : r->winner < 0  ? "a draw"
           : r->winner == 0 ? "South wins"
                            : "North wins");
}

int cmd_play(int argc, char **argv)
{
    cli_opts o = {0};
    const char *variant = NULL;
    who players[2] = {P_HUMAN, P_COMPUTER};
    unsigned long long seed = (unsigned long long)time(NULL);
    long delay = 0;
    for (int i = 1; i < argc; i++) {
        int t = cli_take_option("play", argc, argv, &i, &o);
        if (t < 0)
            return 2;
        if (t)
            continue;
        const char *a = argv[i], *v;
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0)
            return help();
        if (strcmp(a, "--south") == 0 || strcmp(a, "--north") == 0) {
            if (!(v = cli_value("play", argc, argv, &i)))
                return 2;
            if (parse_who(v, &players[a[2] == 'n']))
                return cli_usage("play", "%s takes human, computer or "
                                         "random, not '%s'",
                                 a, v);
        } else if (strcmp(a, "--seed") == 0 || strcmp(a, "--delay") == 0) {
            if (!(v = cli_value("play", argc, argv, &i)))
                return 2;
            char *end;
            long long n = strtoll(v, &end, 10);
            if (*end || !*v || n < 0 || (a[2] == 'd' && n > 60000))
                return cli_usage("play", "%s takes a whole number%s, not "
                                         "'%s'",
                                 a, a[2] == 'd' ? " of milliseconds "
                                                  "(0 to 60000)"
                                                : "",
                                 v);
            if (a[2] == 's')
                seed = (unsigned long long)n;
            else
                delay = (long)n;
        } else if (a[0] == '-') {
            return cli_usage("play", "unknown flag '%s'", a);
        } else if (variant) {
            return cli_usage("play", "one variant at a time");
        } else {
            variant = a;
        }
    }
    if (!variant)
        return cli_usage("play", "which variant? e.g. sow play adji-kui-1");
    cli_game cg;
    sow_error err;
    if (cli_open(&cg, variant, &o, &err)) {
        cli_error("play", &err);
        return 1;
    }
    const sow_setup *s = &cg.setup;
    static const char *const names[] = {"human", "computer", "random"};
    printf("%s: South (%s) against North (%s). Type 'help' for the rules.\n",
           cg.v->name, names[players[0]], names[players[1]]);
    sow_rng rng;
    sow_rng_seed(&rng, seed);
    sow_game g;
    sow_match m;
    int rc = 0;
    char pic[4096];
    if (sow_match_start(&cg.eng, &m, &g, &err)) {
        cli_error("play", &err);
        cli_close(&cg);
        return 1;
    }
    show_start(s, &m, &g);
    bool quit = false;
    while (!quit && !rc) {
        if (g.over) {
            show_result(s, &g);
            if (!s->match)
                break;
            if (sow_match_next(&cg.eng, &m, &g, &err)) {
                rc = 1;
                break;
            }
            if (m.over) {
                printf("\nmatch over after %d games: %s. Holes for a next "
                       "game: South %d, North %d%s.\n",
                       m.game, m.reason, m.holes[0], m.holes[1],
                       m.unfinished ? " (unfinished)" : "");
                break;
            }
            show_start(s, &m, &g);
            continue;
        }
        sow_move mv;
        who p = players[g.to_move];
        if (sow_decision_phase(s, &g)) {
            const sow_phase *ph = g.phase <= cg.v->nphases
                                      ? &cg.v->phases[g.phase - 1]
                                      : NULL;
            if (ph && ph->question[0])
                printf("%s, %s\n", g.to_move ? "North" : "South",
                       ph->question);
            printf("%s decides: ", g.to_move ? "North" : "South");
            print_legal(s, &g);
        }
        if (p == P_HUMAN) {
            if (!ask(&cg, &g, &mv)) {
                printf("game left unfinished after %d %s.\n", g.ply,
                       g.ply == 1 ? "ply" : "plies");
                quit = true;
                break;
            }
        } else if (sow_decision_phase(s, &g) || p == P_RANDOM) {
            /* decision moves: the computer has no measure of them */
            mv = g.legal[sow_rng_below(&rng, g.nlegal)];
        } else if (sow_player_choose(SOW_PLAYER_GREEDY, &cg.eng, &g, &rng,
                                     &mv, &err)) {
            rc = 1;
            break;
        }
        int mover = g.to_move;
        int32_t had = g.captured[mover];
        bool sowing = !sow_move_is_decision(mv);
        if (sow_engine_play(&cg.eng, &g, mv, &err)) {
            rc = 1;
            break;
        }
        char l[64];
        cli_format_moves(s, (const uint16_t[]){(uint16_t)mv}, 1, true, l,
                         sizeof l);
        sow_draw_board(pic, sizeof pic, s, &g, sowing ? mv : -1);
        printf("\nply %d: %s plays %s", g.ply - 1, mover ? "North" : "South",
               l);
        if (g.captured[mover] > had)
            printf(" and takes %d", (int)(g.captured[mover] - had));
        if (g.last_endless)
            printf(", an endless move (C0.7, P5)");
        printf("\n%s", pic);
        if (!g.over && sowing && !sow_decision_phase(s, &g) && g.to_move == mover)
            printf("%s cannot move and passes (C0.5).\n",
                   mover ? "South" : "North");
        char due[256];
        cli_phase_due(s, &g, due, sizeof due);
        if (due[0])
            printf("%s\n", due);
        if (!g.over && g.endless_mask) {
            uint16_t ex[SOW_MAX_HOLES];
            int n = 0;
            for (int h = 0; h < s->holes; h++)
                if ((g.endless_mask >> h) & 1)
                    ex[n++] = (uint16_t)h;
            cli_format_moves(s, ex, n, true, pic, sizeof pic);
            printf("not legal for %s, their sowing would never end (C0.7): "
                   "%s\n",
                   g.to_move ? "North" : "South", pic);
        }
        fflush(stdout);
        if (p != P_HUMAN && delay > 0)
            usleep((useconds_t)delay * 1000);
    }
    if (rc)
        cli_error("play", &err);
    cli_close(&cg);
    return rc;
}
