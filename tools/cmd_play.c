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
    printf("legal moves:");
    for (int i = 0; i < g->nlegal; i++) {
        char l[8];
        sow_hole_label(s, g->legal[i], l, sizeof l);
        printf(" %s", l);
    }
    printf("\n");
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
        int h = sow_hole_from_label(s, w);
        if (h >= 0 && sow_game_is_legal(g, h)) {
            *out = h;
            return 1;
        }
        printf("'%s' is not a legal move. ", w);
        print_legal(s, g);
    }
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
    int rc = 0;
    char pic[4096];
    if (sow_engine_start(&cg.eng, &g, &err)) {
        cli_error("play", &err);
        cli_close(&cg);
        return 1;
    }
    sow_draw_board(pic, sizeof pic, s, &g, -1);
    printf("\n%s", pic);
    int last_to_move = -1;
    while (!g.over) {
        if (last_to_move == g.to_move)
            printf("%s cannot move and passes.\n",
                   g.to_move ? "South" : "North");
        sow_move m;
        who p = players[g.to_move];
        if (p == P_HUMAN) {
            if (!ask(&cg, &g, &m)) {
                printf("game left unfinished after %d %s.\n", g.ply,
                       g.ply == 1 ? "ply" : "plies");
                break;
            }
        } else {
            if (sow_player_choose(p == P_RANDOM ? SOW_PLAYER_RANDOM
                                                : SOW_PLAYER_GREEDY,
                                  &cg.eng, &g, &rng, &m, &err)) {
                rc = 1;
                break;
            }
        }
        int mover = g.to_move;
        int32_t had = g.captured[mover];
        if (sow_engine_play(&cg.eng, &g, m, &err)) {
            rc = 1;
            break;
        }
        last_to_move = mover;
        char l[8];
        sow_hole_label(s, m, l, sizeof l);
        sow_draw_board(pic, sizeof pic, s, &g, m);
        printf("\nply %d: %s plays %s", g.ply - 1, mover ? "North" : "South",
               l);
        if (g.captured[mover] > had)
            printf(" and takes %d", (int)(g.captured[mover] - had));
        printf("\n%s", pic);
        fflush(stdout);
        if (p != P_HUMAN && delay > 0)
            usleep((useconds_t)delay * 1000);
    }
    if (rc) {
        cli_error("play", &err);
    } else if (g.over) {
        char why[128];
        const sow_result *r = &g.result;
        printf("\ngame over after %d %s: %s. South %d, North %d: %s.\n",
               g.ply, g.ply == 1 ? "ply" : "plies", sow_end_reason_text(s, r->reason, why, sizeof why),
               r->score[0], r->score[1],
               r->unfinished    ? "unfinished"
               : r->winner < 0  ? "a draw"
               : r->winner == 0 ? "South wins"
                                : "North wins");
    }
    cli_close(&cg);
    return rc;
}
