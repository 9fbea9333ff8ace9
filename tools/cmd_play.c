/* cmd_play.c - `sow play VARIANT`: play in the terminal, people against
 * the computer, each other, or computer against computer. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "commands.h"
#include "sow_draw.h"
#include "sow_text.h"
#include "sow_player.h"
#include "sow_record.h"
#include "teach.h"

typedef enum { P_HUMAN, P_COMPUTER, P_RANDOM, P_SEARCH } who;

/* human, computer (greedy), random, or any player spec (sow_player.h):
 * greedy and random keep the one generator of --seed; a searching player
 * gets a player object of its own. Returns 0, or -1 for an unknown word,
 * or -2 with err filled for a player spec with bad parameters. */
static int parse_who(const char *s, who *out, sow_player_spec *sp,
                     sow_error *err)
{
    if (strcmp(s, "human") == 0 || strcmp(s, "person") == 0) {
        *out = P_HUMAN;
        return 0;
    }
    if (strcmp(s, "computer") == 0) {
        *out = P_COMPUTER;
        return 0;
    }
    if (sow_player_spec_parse(s, sp, err)) {
        const char *colon = strchr(s, ':');
        size_t n = colon ? (size_t)(colon - s) : strlen(s);
        if ((n == 9 && strncmp(s, "alphabeta", 9) == 0) ||
            (n == 4 && strncmp(s, "mcts", 4) == 0) ||
            (n == 6 && strncmp(s, "random", 6) == 0) ||
            (n == 6 && strncmp(s, "greedy", 6) == 0))
            return -2;
        return -1;
    }
    *out = sp->kind == SOW_PLAYER_RANDOM   ? P_RANDOM
           : sp->kind == SOW_PLAYER_GREEDY ? P_COMPUTER
                                           : P_SEARCH;
    return 0;
}

static int help(void)
{
    printf("usage: sow play VARIANT [--south WHO] [--north WHO] [--seed N]\n"
           "                [--delay MS] [--option NAME=VALUE]...\n\n"
           "Play in the terminal. WHO is human, computer (= greedy: takes "
           "the most\nseeds it can at once), random, "
           "alphabeta[:depth=D][:ms=T][:tt=B] or\n"
           "mcts[:iter=N][:ms=T][:c=X][:playout=P] (see 'sow search "
           "--help'); by\ndefault South is human and North the computer.\nHoles are labelled a, b, c... on South's row "
           "(left to right) and A, B, C...\non North's row (from South's "
           "right); type a label or a hole number.\nAt the prompt: 'help' "
           "lists the legal moves, the rules and these commands;\n'hint' "
           "shows what each legal move would do (laps, where it ends, what "
           "it\ntakes); 'undo' takes back your last move (and the "
           "computer's answers);\n'watch' turns watch mode on or off; "
           "'quit' stops.\n--delay MS "
           "pauses after each computer move (default 0). --seed N makes\n"
           "the computer's choices reproducible (default: from the clock).\n"
           "--watch shows every move seed by seed, each step told with the "
           "rule it\napplies (on a terminal the board is redrawn in place, "
           "--watch-delay MS\nbetween steps, default 150; Enter skips to "
           "the end of the move).\n");
    printf("\n" CLI_TIME_LIMIT_HELP);
    return 0;
}

/* All of them, however long the list (issue 13 #7). */
static void print_legal(const sow_setup *s, const sow_game *g)
{
    sow_buf b = {0};
    cli_put_moves(&b, s, g->legal, g->nlegal, true);
    printf("legal moves: %s\n", b.oom ? "(out of memory)" : b.s);
    sow_buf_free(&b);
}

static void print_rules(const sow_variant *v)
{
    printf("%s: %s\n", v->name, v->summary);
    for (int i = 0; i < v->nrules; i++)
        printf("  %-6s %s\n", v->rules[i].id, v->rules[i].text);
}

enum { ASK_QUIT = 0, ASK_MOVE = 1, ASK_UNDO = 2 };

/* Read a move from a person. Returns ASK_MOVE with *out, ASK_UNDO, or
 * ASK_QUIT; 'hint', 'help' and 'watch' are answered here. */
static int ask(const cli_game *cg, const sow_game *g, sow_move *out,
               bool *watch)
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
            return ASK_QUIT;
        if (strcmp(w, "help") == 0 || strcmp(w, "?") == 0) {
            print_rules(cg->v);
            printf("commands: a hole label or number plays it; hint (what "
                   "each move would do),\nundo (take back your last move), "
                   "watch (seed by seed: now %s), help, quit\n",
                   *watch ? "on" : "off");
            print_legal(s, g);
            continue;
        }
        if (strcmp(w, "hint") == 0) {
            teach_hints(cg, g);
            continue;
        }
        if (strcmp(w, "undo") == 0)
            return ASK_UNDO;
        if (strcmp(w, "watch") == 0) {
            *watch = !*watch;
            printf("watch mode %s\n", *watch ? "on" : "off");
            continue;
        }
        sow_move dm;
        sow_error perr;
        if (strchr(w, ':') && sow_move_parse(s, w, &dm, &perr) == SOW_OK &&
            sow_game_is_legal(g, dm)) {
            *out = dm;
            return ASK_MOVE;
        }
        int h = sow_hole_from_label(s, w);
        if (h >= 0 && sow_game_is_legal(g, h)) {
            *out = h;
            return ASK_MOVE;
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
        sow_text_fmt(score, sizeof score, " South %d, North %d:", r->score[0],
                 r->score[1]);
    printf("\ngame over after %d %s: %s.%s %s.\n", g->ply,
           g->ply == 1 ? "ply" : "plies",
           sow_result_text(s, g, why, sizeof why), score,
           r->unfinished    ? "unfinished"
           : r->winner < 0  ? "a draw"
           : r->winner == 0 ? "South wins"
                            : "North wins");
}

/* Play the moves mv[0..n-1] from the start of the match again (no
 * events): how a move is taken back. */
static int replay_moves(cli_game *cg, sow_match *m, sow_game *g,
                        const sow_move *mv, int n, sow_error *err)
{
    if (sow_match_start(&cg->eng, m, g, err))
        return SOW_ERR;
    for (int i = 0; i < n; i++) {
        if (g->over && sow_match_next(&cg->eng, m, g, err))
            return SOW_ERR;
        if (sow_engine_play(&cg->eng, g, mv[i], err))
            return SOW_ERR;
    }
    return SOW_OK;
}

/* The moves played so far, and whether a person played each. */
typedef struct played {
    int n, cap;
    sow_move *mv;
    bool *human;
} played;

static int played_add(played *p, sow_move mv, bool human)
{
    if (p->n == p->cap) {
        int nc = p->cap ? 2 * p->cap : 256;
        sow_move *a = realloc(p->mv, (size_t)nc * sizeof *a);
        if (a)
            p->mv = a;
        bool *b = realloc(p->human, (size_t)nc * sizeof *b);
        if (b)
            p->human = b;
        if (!a || !b)
            return -1;
        p->cap = nc;
    }
    p->mv[p->n] = mv;
    p->human[p->n++] = human;
    return 0;
}

int cmd_play(int argc, char **argv)
{
    cli_opts o = {0};
    const char *variant = NULL;
    who players[2] = {P_HUMAN, P_COMPUTER};
    sow_player_spec specs[2];
    unsigned long long seed = (unsigned long long)time(NULL);
    long delay = 0, watch_delay = 150;
    bool watch = false;
    for (int i = 1; i < argc; i++) {
        int t = cli_take_option("play", argc, argv, &i, &o);
        if (t < 0)
            return 2;
        if (t)
            continue;
        const char *a = argv[i], *v;
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0)
            return help();
        if (strcmp(a, "--watch") == 0) {
            watch = true;
            continue;
        }
        if (strcmp(a, "--watch-delay") == 0) {
            if (!(v = cli_value("play", argc, argv, &i)))
                return 2;
            char *end;
            long long n = strtoll(v, &end, 10);
            if (*end || !*v || n < 0 || n > 10000)
                return cli_usage("play", "--watch-delay takes a whole number "
                                         "of milliseconds (0 to 10000), not "
                                         "'%s'",
                                 v);
            watch_delay = (long)n;
            watch = true;
            continue;
        }
        if (strcmp(a, "--south") == 0 || strcmp(a, "--north") == 0) {
            if (!(v = cli_value("play", argc, argv, &i)))
                return 2;
            sow_error perr;
            int side = a[2] == 'n';
            int w = parse_who(v, &players[side], &specs[side], &perr);
            if (w == -2)
                return cli_usage("play", "%s: %s", a, perr.msg);
            if (w < 0)
                return cli_usage("play", "%s takes human, computer, random, "
                                         "greedy, alphabeta[:depth=D][:ms=T] "
                                         "or mcts[:iter=N][:ms=T], not '%s'",
                                 a, v);
        } else if (strcmp(a, "--seed") == 0 || strcmp(a, "--delay") == 0) {
            if (!(v = cli_value("play", argc, argv, &i)))
                return 2;
            char *end;
            errno = 0;
            long long n = strtoll(v, &end, 10);
            if (*end || !*v || n < 0 || errno || (a[2] == 'd' && n > 60000))
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
    /* a person takes the time they take: with one at the board the run has
     * no time limit unless one is asked for (the computer's moves and the
     * script still have theirs) */
    if ((players[0] == P_HUMAN || players[1] == P_HUMAN) && !o.time_set &&
        !getenv("SOW_TIME_LIMIT")) {
        o.time_set = true;
        o.time_limit = 0;
    }
    cli_game cg;
    sow_error err;
    if (cli_open(&cg, variant, &o, &err)) {
        cli_error("play", &err);
        return 1;
    }
    const sow_setup *s = &cg.setup;
    static const char *const names[] = {"human", "computer", "random"};
    char label[2][128];
    sow_player *searcher[2] = {NULL, NULL};
    for (int p = 0; p < 2; p++) {
        if (players[p] != P_SEARCH) {
            sow_text_fmt(label[p], sizeof label[p], "%s", names[players[p]]);
            continue;
        }
        sow_player_spec_format(&specs[p], label[p], sizeof label[p]);
        /* each searching player its own generator, from --seed */
        if (!(searcher[p] = sow_player_new(&specs[p], s,
                                           seed * 2 + (unsigned)p, &err))) {
            cli_error("play", &err);
            sow_player_free(searcher[0]);
            cli_close(&cg);
            return 1;
        }
    }
    printf("%s: South (%s) against North (%s). Type 'help' for the rules.\n",
           cg.v->name, label[0], label[1]);
    sow_rng rng;
    sow_rng_seed(&rng, seed);
    sow_game g;
    sow_match m;
    int rc = 0;
    char pic[4096];
    played hist = {0};
    teach_events te = {0, 20000, NULL, false};
    te.ev = malloc(sizeof *te.ev * (size_t)te.cap);
    const bool tty = isatty(1);
    if (sow_match_start(&cg.eng, &m, &g, &err)) {
        cli_error("play", &err);
        free(te.ev);
        sow_player_free(searcher[0]);
        sow_player_free(searcher[1]);
        cli_close(&cg);
        return 1;
    }
    show_start(s, &m, &g);
    bool quit = false;
    /* a write error on standard output ends the game: nobody sees it
     * (sow.c reports it, issue 13 #7) */
    while (!quit && !rc && !ferror(stdout)) {
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
            int a = ask(&cg, &g, &mv, &watch);
            if (a == ASK_QUIT) {
                printf("game left unfinished after %d %s.\n", g.ply,
                       g.ply == 1 ? "ply" : "plies");
                quit = true;
                break;
            }
            if (a == ASK_UNDO) {
                /* back to before the last move a person made */
                int k = hist.n - 1;
                while (k >= 0 && !hist.human[k])
                    k--;
                if (k < 0) {
                    printf("nothing to undo: no move of yours yet.\n");
                    continue;
                }
                if (replay_moves(&cg, &m, &g, hist.mv, k, &err)) {
                    rc = 1;
                    break;
                }
                char tok[64];
                cli_format_moves(s, (const uint16_t[]){(uint16_t)hist.mv[k]},
                                 1, true, tok, sizeof tok);
                printf("undone: ply %d (%s's %s)%s; %s to move.\n", g.ply,
                       g.to_move ? "North" : "South", tok,
                       hist.n - k > 1 ? " and the moves after it" : "",
                       g.to_move ? "North" : "South");
                hist.n = k;
                sow_draw_board(pic, sizeof pic, s, &g, -1);
                printf("%s", pic);
                continue;
            }
        } else if (p == P_SEARCH) {
            if (sow_player_move(searcher[g.to_move], &cg.eng, &g, &mv, NULL,
                                &err)) {
                rc = 1;
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
        sow_game before = g;
        te.n = 0;
        te.overflow = false;
        cg.eng.obs.ctx = &te;
        cg.eng.obs.on_event = watch && te.ev ? teach_on_event : NULL;
        int played_rc = sow_engine_play(&cg.eng, &g, mv, &err);
        cg.eng.obs.on_event = NULL;
        if (played_rc || played_add(&hist, mv, p == P_HUMAN)) {
            if (!played_rc)
                sow_error_set(&err, NULL, 0, 0, "out of memory");
            rc = 1;
            break;
        }
        if (watch && te.ev)
            teach_watch(s, &before, &g, &te, (int)watch_delay, tty);
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
    free(hist.mv);
    free(hist.human);
    free(te.ev);
    sow_player_free(searcher[0]);
    sow_player_free(searcher[1]);
    cli_close(&cg);
    return rc;
}
