/* teach.c - watch mode and hints of `sow play` (see teach.h). */
#include "teach.h"
#include "term.h"

#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "sow_ask.h"
#include "sow_draw.h"
#include "sow_narrate.h"
#include "sow_record.h"

void teach_on_event(void *ctx, const sow_event *ev)
{
    teach_events *t = ctx;
    if (t->n < t->cap)
        t->ev[t->n++] = *ev;
    else
        t->overflow = true;
}

/* Apply one event to the picture of the board. */
static void apply(sow_game *pic, const sow_event *ev)
{
    switch (ev->kind) {
    case SOW_EV_LIFT:
        pic->board[ev->hole] = (uint16_t)ev->extra;
        break;
    case SOW_EV_DROP:
        pic->board[ev->hole] = (uint16_t)ev->count;
        break;
    case SOW_EV_CAPTURE:
        if (ev->hole >= 0)
            pic->board[ev->hole] = 0;
        pic->captured[ev->player & 1] += ev->count;
        break;
    default:
        break;
    }
}

/* Whether a person typed something (a line waits on standard input). */
static bool key_waiting(void)
{
    struct pollfd p = {0, POLLIN, 0};
    return poll(&p, 1, 0) > 0 && (p.revents & POLLIN);
}

static void pause_ms(int ms)
{
    struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

void teach_watch(const sow_setup *s, const sow_game *before,
                 const sow_game *after, const teach_events *t, int delay_ms,
                 bool tty)
{
    sow_narrator n;
    sow_narrator_start(&n, s);
    sow_game pic = *before;
    char buf[SOW_DRAW_MAX];
    bool skip = !tty;
    for (int i = 0; i < t->n; i++) {
        const sow_event *ev = &t->ev[i];
        sow_story st;
        sow_narrate(&n, after, ev, &st);
        apply(&pic, ev);
        if (skip) {
            if (tty)
                continue;
            /* not a terminal: the steps as lines, the drops of a lap on
             * one line */
            if (ev->kind == SOW_EV_DROP) {
                printf("  sows into");
                for (; i < t->n && t->ev[i].kind == SOW_EV_DROP; i++) {
                    char l[16];
                    sow_hole_label(s, t->ev[i].hole, l, sizeof l);
                    printf(" %s", l);
                    apply(&pic, &t->ev[i]);
                }
                printf("\n");
                i--;
                continue;
            }
            printf("  %s%s%s%s\n", st.text, st.rule ? " (" : "",
                   st.rule ? st.rule : "", st.rule ? ")" : "");
            continue;
        }
        /* a terminal: redraw in place, then wait (a key skips) */
        sow_draw_board(buf, sizeof buf, s, &pic,
                       ev->hole >= 0 && ev->hole < s->holes ? ev->hole : -1);
        term_control("\033[H\033[J"); /* ours: past the filter */
        printf("%s  %s%s%s%s\n(watching: press Enter to skip)\n",
               buf, st.text, st.rule ? " (" : "", st.rule ? st.rule : "",
               st.rule ? ")" : "");
        fflush(stdout);
        pause_ms(delay_ms);
        if (key_waiting())
            skip = true;
    }
    if (t->overflow)
        printf("  (the move has more steps than are shown)\n");
    fflush(stdout);
}

/* Counting what a sowing does, for a hint. A turn of several decisions
 * (BK) tells its laps by the holes it lifts and ends where its last seed
 * fell. */
typedef struct tally {
    int laps, last, took;
    bool borne, turn;
} tally;

static void on_tally(void *ctx, const sow_event *ev)
{
    tally *t = ctx;
    if (t->turn ? ev->kind == SOW_EV_LIFT : ev->kind == SOW_EV_LAP_END)
        t->laps++;
    if (t->turn ? ev->kind == SOW_EV_DROP : ev->kind == SOW_EV_LAP_END)
        t->last = ev->hole;
    else if (ev->kind == SOW_EV_CAPTURE) {
        t->took += ev->count;
        t->borne |= ev->hole < 0;
    }
}

void teach_hints(const cli_game *cg, const sow_game *g)
{
    const sow_setup *s = &cg->setup;
    bool scripted = g->phase && g->phase <= s->v->nphases &&
                    s->v->phases[g->phase - 1].scripted;
    printf("what each legal move of %s would do:\n",
           g->to_move ? "North" : "South");
    for (int i = 0; i < g->nlegal; i++) {
        sow_move m = g->legal[i];
        char tok[64];
        if (sow_move_is_decision(m)) { /* the token to type, its words */
            char words[96];
            sow_move_format(tok, sizeof tok, s, m);
            sow_move_words(s, g, m, words, sizeof words);
            printf("  %-6s %s%sa choice, not a sowing\n", tok,
                   strcmp(tok, words) ? words : "",
                   strcmp(tok, words) ? ": " : "");
            continue;
        }
        if (sow_move_is_turn(m)) /* C2.3: the whole turn's token */
            sow_turn_format(tok, sizeof tok, s, g, m);
        else
            sow_move_label(s, m, tok, sizeof tok);
        if (scripted) {
            printf("  %-6s a move of the %s, sown whole at once\n",
                   tok, s->v->phases[g->phase - 1].name);
            continue;
        }
        sow_game copy = *g;
        tally t = {0, -1, 0, false, sow_move_is_turn(m)};
        sow_observer obs = {&t, on_tally, false};
        bool endless = false;
        sow_error err;
        sow_before b;
        if (sow_sow(s, &cg->eng.rules, &obs, &copy,
                    sow_move_of(&b, &cg->eng.rules, g,
                                sow_move_aim(&copy, m)),
                    &endless, &err)) {
            printf("  %-6s (the rules failed: %s)\n", tok, err.msg);
            continue;
        }
        if (endless) {
            printf("  %-6s never ends\n", tok);
            continue;
        }
        char end[16] = "-";
        if (t.last >= 0)
            sow_hole_label(s, t.last, end, sizeof end);
        /* in a learner's words: a lap is a sowing, the first or one
         * sown on from where the last seed fell */
        printf("  %-6s %d sowing%s, ends in %s", tok, t.laps,
               t.laps == 1 ? "" : "s", end);
        if (t.took)
            printf(", %s %d", t.borne ? "bears off or takes" : "takes",
                   t.took);
        printf("\n");
    }
}
