/* cmd_play.c - `sow play VARIANT`: play in the terminal, people against
 * the computer, each other, or computer against computer; at the end the
 * moves are printed (and with --record the game record written) so the
 * game can be replayed, traced and animated. A person's turn is in
 * play_ask.c, what is shown in play_show.c. */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "sow_layout.h"
#include "sow_move.h"
#include "commands.h"
#include "flags.h"
#include "outfile.h"
#include "play.h"
#include "replay_out.h"
#include "sow_ask.h"
#include "sow_draw.h"
#include "sow_narrate.h"

static void help(void)
{
    printf("usage: sow play VARIANT [--south WHO] [--north WHO] [--seed N]\n"
           "                [--delay MS] [--watch] [--watch-delay MS] "
           "[--record FILE]\n"
           "                [--option NAME=VALUE]...\n\n"
           "Play in the terminal. WHO is human, computer (= greedy: takes "
           "the most\nseeds it can at once), random, "
           "alphabeta[:depth=D][:ms=T][:tt=B] or\n"
           "mcts[:iter=N][:ms=T][:c=X][:playout=P] or perfect[:mib=M] (each "
           "with :db=DIR\nfor an endgame database; see 'sow search --help'); by default South is human and North the computer.\n"
           "Holes are labelled a, b, c... on South's row "
           "(left to right) and A, B, C...\non North's row (from South's "
           "right); type a label or a hole number. Where every move names "
           "its\ndirection (direction: each_move), you are then asked cw or "
           "ccw, or type\nboth at once: d/cw.\nAt the prompt: 'help' "
           "lists the legal moves, the rules and these commands;\n'hint' "
           "shows what each legal move would do (sowings, where it ends, what "
           "it\ntakes); 'undo' takes back your last move (and the "
           "computer's answers);\n'watch' turns watch mode on or off; "
           "'quit' stops.\n--delay MS "
           "pauses after each computer move (default 0). --seed N makes\n"
           "the computer's choices reproducible (default: from the clock).\n"
           "--watch shows every move seed by seed, each step told with the "
           "rule it\napplies (on a terminal the board is redrawn in place, "
           "--watch-delay MS\nbetween steps, default 150; Enter skips to "
           "the end of the move).\n"
           "At the end, finished or left, the moves played are printed as "
           "tokens with\nthe sow replay command that replays them (sow "
           "trace, draw and animate take\nthe same --moves). --record FILE "
           "writes the game record then: JSON Lines,\nthe lines of sow "
           "replay --json for those moves (to a new file beside FILE,\n"
           "renamed over it; '-': standard output, after the game).\n");
    printf("\n" CLI_TIME_LIMIT_HELP);
}

typedef struct play_args {
    cli_opts o;
    const char *south, *north, *record;
    uint64_t seed;
    long delay, watch_delay;
    bool watch;
} play_args;

static const flag_spec flags[] = {
    FL_STRING("south", play_args, south, "WHO"),
    FL_STRING("north", play_args, north, "WHO"),
    FL_SEED("seed", play_args, seed),
    FL_LONG("delay", play_args, delay, "MS", 0, 60000, "of milliseconds"),
    FL_BOOL("watch", 0, play_args, watch),
    FL_LONG("watch-delay", play_args, watch_delay, "MS", 0, 10000,
            "of milliseconds"),
    FL_STRING("record", play_args, record, "FILE"),
    FLAGS_VARIANT(play_args, o),
};
static const flag_cmd cmd = FLAGS_CMD("play", help, flags);

/* The player of a side from its WHO: human, computer (greedy), random, or
 * any player spec (sow_player.h). Returns 0, or 2 after a usage error. */
static int parse_who(const char *flag, const char *s, play_who *out,
                     sow_player_spec *sp)
{
    sow_error err;
    if (strcmp(s, "human") == 0 || strcmp(s, "person") == 0) {
        *out = P_HUMAN;
        return 0;
    }
    if (strcmp(s, "computer") == 0) {
        *out = P_COMPUTER;
        return 0;
    }
    if (sow_player_spec_parse(s, sp, &err)) {
        /* a known player with bad parameters: the spec parser says why */
        size_t n = strcspn(s, ":");
        static const char *const known[] = {"alphabeta", "mcts", "random",
                                            "greedy", "perfect"};
        for (int k = 0; k < 5; k++)
            if (n == strlen(known[k]) && strncmp(s, known[k], n) == 0)
                return cli_usage("play", "%s: %s", flag, err.msg);
        return cli_usage("play", "%s takes human, computer, random, "
                                 "greedy, alphabeta[:depth=D][:ms=T] "
                                 "or mcts[:iter=N][:ms=T], not '%s'",
                         flag, s);
    }
    *out = sp->kind == SOW_PLAYER_RANDOM && !sp->by_decision ? P_RANDOM
           : sp->kind == SOW_PLAYER_GREEDY ? P_COMPUTER
                                           : P_SEARCH;
    return 0;
}

/* Each searching player its own generator, from --seed. */
static int open_players(play_game *pg, uint64_t seed, sow_error *err)
{
    static const char *const names[] = {"human", "computer", "random"};
    char label[2][128];
    for (int p = 0; p < 2; p++) {
        if (pg->who[p] != P_SEARCH) {
            snprintf(label[p], sizeof label[p], "%s", names[pg->who[p]]);
            continue;
        }
        sow_player_spec_format(&pg->spec[p], label[p], sizeof label[p]);
        pg->searcher[p] = sow_player_new(&pg->spec[p], &pg->cg.setup,
                                         seed * 2 + (unsigned)p, err);
        if (!pg->searcher[p])
            return SOW_ERR;
    }
    printf("%s: South (%s) against North (%s). Type 'help' for the rules.\n",
           pg->cg.v->name, label[0], label[1]);
    return SOW_OK;
}

static void play_free(play_game *pg)
{
    free(pg->hist.mv);
    free(pg->hist.human);
    free(pg->te.ev);
    sow_player_free(pg->searcher[0]);
    sow_player_free(pg->searcher[1]);
    cli_close(&pg->cg);
}

static int hist_add(play_hist *h, sow_move mv, bool human)
{
    if (h->n == h->cap) {
        int nc = h->cap ? 2 * h->cap : 256;
        sow_move *a = realloc(h->mv, (size_t)nc * sizeof *a);
        if (a)
            h->mv = a;
        bool *b = realloc(h->human, (size_t)nc * sizeof *b);
        if (b)
            h->human = b;
        if (!a || !b)
            return -1;
        h->cap = nc;
    }
    h->mv[h->n] = mv;
    h->human[h->n++] = human;
    return 0;
}

/* Back to before the last move a person made: the moves before it played
 * again from the start of the match (no events). */
static int undo(play_game *pg, sow_error *err)
{
    const sow_setup *s = &pg->cg.setup;
    int k = pg->hist.n - 1;
    while (k >= 0 && !pg->hist.human[k])
        k--;
    if (k < 0) {
        printf("nothing to undo: no move of yours yet.\n");
        return SOW_OK;
    }
    if (sow_match_start(&pg->cg.eng, &pg->m, &pg->g, err))
        return SOW_ERR;
    for (int i = 0; i < k; i++)
        if ((pg->g.over && sow_match_next(&pg->cg.eng, &pg->m, &pg->g, err)) ||
            sow_engine_play(&pg->cg.eng, &pg->g, pg->hist.mv[i], err))
            return SOW_ERR;
    char head[600], pic[4096];
    sow_ply_head(s, &pg->g, pg->hist.mv[k], head, sizeof head);
    const char *who = pg->g.to_move ? "North" : "South";
    printf("undone: %s%s; %s to move.\n", head,
           pg->hist.n - k > 1 ? ", and the moves after it" : "", who);
    pg->hist.n = k;
    sow_draw_board(pic, sizeof pic, s, &pg->g, -1);
    printf("%s", pic);
    return SOW_OK;
}

/* The move of a computer player. */
static int computer_move(play_game *pg, sow_move *mv, sow_error *err)
{
    sow_game *g = &pg->g;
    play_who p = pg->who[g->to_move];
    if (p == P_SEARCH)
        return sow_player_move(pg->searcher[g->to_move], &pg->cg.eng, g, mv,
                               NULL, err);
    if (sow_decision_phase(&pg->cg.setup, g) || p == P_RANDOM) {
        /* decision moves: the computer has no measure of them */
        *mv = sow_legal_pick(g, sow_rng_below(&pg->rng, g->nlegal),
                             &pg->rng); /* MW.2: a layout drawn */
        return SOW_OK;
    }
    return sow_player_choose(SOW_PLAYER_GREEDY, &pg->cg.eng, g, &pg->rng, mv,
                             err);
}

/* Play mv (watched seed by seed in watch mode) and show it. */
static int make_move(play_game *pg, sow_move mv, bool human, sow_error *err)
{
    sow_game *g = &pg->g;
    sow_game before = *g;
    teach_events *te = &pg->te;
    te->n = 0;
    te->overflow = false;
    pg->cg.eng.obs.ctx = te;
    pg->cg.eng.obs.on_event = pg->watch && te->ev ? teach_on_event : NULL;
    int rc = sow_engine_play(&pg->cg.eng, g, mv, err);
    pg->cg.eng.obs.on_event = NULL;
    if (rc)
        return SOW_ERR;
    if (hist_add(&pg->hist, mv, human))
        return sow_error_set(err, NULL, 0, 0, "out of memory");
    if (pg->watch && te->ev)
        teach_watch(&pg->cg.setup, &before, g, te, (int)pg->watch_delay,
                    pg->tty);
    play_show_ply(&pg->cg.setup, &before, g, mv);
    fflush(stdout);
    if (!human && pg->delay > 0)
        usleep((useconds_t)pg->delay * 1000);
    return SOW_OK;
}

/* A game is over: its result, then the next game of a match. Returns 1
 * when the session ends, 0 when a next game starts, -1 on an error. */
static int game_over(play_game *pg, sow_error *err)
{
    const sow_setup *s = &pg->cg.setup;
    play_show_result(s, &pg->g);
    if (!s->match)
        return 1;
    if (sow_match_next(&pg->cg.eng, &pg->m, &pg->g, err))
        return -1;
    if (pg->m.over && s->rounds) { /* C1.6: the match's end, told */
        sow_story st;
        sow_narrate_game(s, &pg->m, &pg->g, &st);
        printf("\n%s.\n", st.text);
        return 1;
    }
    if (pg->m.over) {
        printf("\nmatch over after %d games: %s. Holes for a next game: "
               "South %d, North %d%s.\n",
               pg->m.game, sow_match_words(pg->m.reason), pg->m.holes[0], pg->m.holes[1],
               pg->m.unfinished ? " (unfinished)" : "");
        return 1;
    }
    play_show_start(s, &pg->m, &pg->g);
    return 0;
}

/* Play until the game (or match) ends or a person quits. */
static int play_session(play_game *pg, sow_error *err)
{
    const sow_setup *s = &pg->cg.setup;
    sow_game *g = &pg->g;
    if (sow_match_start(&pg->cg.eng, &pg->m, g, err))
        return SOW_ERR;
    play_show_start(s, &pg->m, g);
    /* a write error on standard output ends the game: nobody sees it
     * (sow.c reports it, issue 13 #7) */
    while (!ferror(stdout)) {
        if (g->over) {
            int r = game_over(pg, err);
            if (r)
                return r < 0 ? SOW_ERR : SOW_OK;
            continue;
        }
        /* A.3, K2.9: a phase's question; OL.2, C1.12: the round's
         * direction */
        play_print_question(s, g);
        bool human = pg->who[g->to_move] == P_HUMAN;
        sow_move mv;
        int a = human ? play_ask(pg, &mv) : ASK_MOVE;
        if (a == ASK_QUIT) {
            printf("game left unfinished after %d %s.\n", g->ply,
                   g->ply == 1 ? "move" : "moves");
            return SOW_OK;
        }
        if (a == ASK_UNDO) {
            if (undo(pg, err))
                return SOW_ERR;
            continue;
        }
        if ((!human && computer_move(pg, &mv, err)) ||
            make_move(pg, mv, human, err))
            return SOW_ERR;
    }
    return SOW_OK;
}

/* A word as the shell reads it back: bare when safe, else quoted. */
static void put_word(sow_buf *b, const char *w)
{
    if (*w && strspn(w, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                        "0123456789_-+=:,./@%") == strlen(w)) {
        sow_buf_add(b, " %s", w);
        return;
    }
    sow_buf_add(b, " '");
    for (const char *p = w; *p; p++)
        sow_buf_add(b, *p == '\'' ? "'\\''" : "%c", *p);
    sow_buf_add(b, "'");
}

/* The turns of several decisions played (C2.3), whole: each written on
 * the game before it, played again from the start. */
static void turn_tokens(sow_buf *b, const play_game *pg)
{
    sow_engine *e = (sow_engine *)&pg->cg.eng;
    sow_game g;
    sow_error err;
    if (sow_engine_start(e, &g, &err))
        return;
    for (int i = 0; i < pg->hist.n; i++) {
        char t[96];
        sow_turn_format(t, sizeof t, &pg->cg.setup, &g, pg->hist.mv[i]);
        sow_buf_add(b, "%s%s", i ? " " : "", t);
        if (sow_engine_play(e, &g, pg->hist.mv[i], &err))
            return;
    }
}

/* The moves played, and the sow replay command that replays them. */
static void print_moves(const play_game *pg, const char *variant,
                        const cli_opts *o)
{
    if (!pg->hist.n)
        return;
    sow_buf moves = {0}, line = {0};
    if (pg->cg.setup.ends_turns)
        turn_tokens(&moves, pg);
    else
        for (int i = 0; i < pg->hist.n; i++) {
            char t[256]; /* (a layout names a count per hole, MW.2) */
            sow_move_format(t, sizeof t, &pg->cg.setup, pg->hist.mv[i]);
            sow_buf_add(&moves, "%s%s", i ? " " : "", t);
        }
    sow_buf_add(&line, "to replay them: sow replay");
    put_word(&line, variant);
    for (int i = 0; i < o->n; i++) {
        sow_buf_add(&line, " --option");
        put_word(&line, o->arg[i]);
    }
    sow_buf_add(&line, " --moves \"%s\"", moves.s ? moves.s : "");
    if (moves.oom || line.oom)
        fprintf(stderr, "sow play: out of memory for the move list\n");
    else
        printf("\nmoves: %s\n%s\n", moves.s, line.s);
    sow_buf_free(&moves);
    sow_buf_free(&line);
}

/* --record: the moves played, replayed into the record file. */
static int write_record(play_game *pg, outfile *rec, sow_error *err)
{
    replay_out r;
    int rc = replay_out_start(&r, &pg->cg, rec->f, true, err);
    for (int i = 0; !rc && i < pg->hist.n; i++)
        rc = replay_out_move(&r, pg->hist.mv[i], err);
    replay_out_free(&r);
    return rc;
}

int cmd_play(int argc, char **argv)
{
    play_args a = {.south = "human", .north = "computer", .watch_delay = 150};
    flags_parsed p;
    const char *variant =
        flags_parse_variant(&cmd, argc, argv, &a, &p, "sow play adji-kui-1");
    if (!variant)
        return p.status;
    play_game pg;
    memset(&pg, 0, sizeof pg);
    if (parse_who("--south", a.south, &pg.who[0], &pg.spec[0]) ||
        parse_who("--north", a.north, &pg.who[1], &pg.spec[1]))
        return 2;
    uint64_t seed = flags_given(&p, "seed") ? a.seed : (uint64_t)time(NULL);
    pg.watch = a.watch || flags_given(&p, "watch-delay");
    pg.watch_delay = a.watch_delay;
    pg.delay = a.delay;
    pg.tty = isatty(1);
    /* a person takes the time they take: with one at the board the run has
     * no time limit unless one is asked for (the computer's moves and the
     * script still have theirs) */
    if ((pg.who[0] == P_HUMAN || pg.who[1] == P_HUMAN) && !a.o.time_set &&
        !getenv("SOW_TIME_LIMIT")) {
        a.o.time_set = true;
        a.o.time_limit = 0;
    }
    /* the record's path is tried before the game, not after it */
    outfile rec;
    if (a.record && outfile_open(&rec, "play", a.record))
        return 1;
    sow_error err;
    int rc = cli_open(&pg.cg, variant, &a.o, &err) ? 1 : 0;
    if (!rc) {
        sow_rng_seed(&pg.rng, seed);
        pg.te.cap = 20000;
        pg.te.ev = malloc(sizeof *pg.te.ev * (size_t)pg.te.cap);
        rc = open_players(&pg, seed, &err) || play_session(&pg, &err);
    }
    /* a record file is complete (renamed into place) before the move list
     * is shown, so that it is on disk once the last line is on the
     * screen; the list is shown even when the record fails (the game is
     * not lost); a record on standard output follows the list */
    const int game_rc = rc;
    const bool rec_file = a.record && strcmp(a.record, "-") != 0;
    if (!game_rc && !rec_file)
        print_moves(&pg, variant, &a.o);
    if (!rc && a.record)
        rc = write_record(&pg, &rec, &err);
    if (rc)
        cli_error("play", &err);
    if (a.record && outfile_close(&rec, !rc))
        rc = 1;
    if (!game_rc && rec_file)
        print_moves(&pg, variant, &a.o);
    if (pg.cg.v)
        play_free(&pg);
    return rc;
}
