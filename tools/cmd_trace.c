/* cmd_trace.c - `sow trace VARIANT --moves "TOKENS"`: every step of every
 * move told in plain English, each with the rule of the game it applies
 * (sow_narrate), as text or as JSON Lines. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "flags.h"
#include "learn.h"
#include "record_in.h"
#include "sow_ask.h"
#include "sow_draw.h"
#include "sow_narrate.h"
#include "sow_record.h"
#include "sow_text.h"

static void help(void)
{
    printf("usage: sow trace VARIANT --moves \"TOKENS\" [--option "
           "NAME=VALUE]...\n                 [--brief] [--json] "
           "[--no-board]\n"
           "       sow trace [VARIANT] --record FILE [--ignore-digest] "
           "[--brief] [--json]\n\n"
           "Tell a game move by move: which hole is lifted and how many "
           "seeds (and\nany left behind), every seed dropped, how each lap "
           "ends and what the\nrules decide there (relay, stop, captures), "
           "passes, moves left out as\nendless, bear-off, scripted and "
           "decision moves, and the end with the\nscore. Each step cites "
           "the rule it applies, id and text, from the\nvariant's own file "
           "(its explain: map and the rule: of lap_end rules and\nphases).\n\n"
           "  --brief     one line for the drops of a lap instead of one "
           "per seed\n"
           RECORD_IN_HELP
           "  --json      JSON Lines (schemas/trace.schema.json): a move "
           "line per ply\n              (ply, to_move, move: the record's "
           "names and token),\n              one line per event (ply, "
           "player: whose event it is, event,\n              hole, label, "
           "count, extra, text, rule, rule_text), and an\n              "
           "\"after\" line with the board; for other tools\n"
           "  --no-board  do not draw the board after each move (text "
           "only)\n\n"
           "Tokens are as for sow replay (hole numbers or labels, "
           "decisions). An\nillegal token, or one after the end, is an "
           "error (exit 1) after the lines\nbefore it.\n");
    printf("\n" CLI_TIME_LIMIT_HELP);
}

#define MAX_EVENTS 100000 /* per ply; a relay move can run many laps */

typedef struct tracer {
    const sow_setup *s;
    bool brief, json, board;
    sow_event *ev;
    int nev;
    bool overflow;
} tracer;

static void on_event(void *ctx, const sow_event *ev)
{
    tracer *t = ctx;
    if (t->nev < MAX_EVENTS)
        t->ev[t->nev++] = *ev;
    else
        t->overflow = true;
}

/* Whether ev is what a lap_end hook did (its captures, claims and other
 * changes), which the machine reports before the lap end that asked. */
static bool by_lap_hook(const sow_event *ev)
{
    switch (ev->kind) {
    case SOW_EV_CAPTURE: /* (not a seed's while sowing, PL.4: told as it
                            falls, the lap's last seed's too) */
        return ev->hole >= 0 && ev->extra != SOW_TAKEN_WHILE_SOWING;
    case SOW_EV_OUT:
        return ev->extra == SOW_OUT_BY_CHANGE;
    case SOW_EV_CLOSE:
        return ev->extra == SOW_CLOSED_BY_SCRIPT ||
               ev->extra == SOW_OPENED_BY_SCRIPT;
    default:
        return false;
    }
}

/* A hook's captures and changes are reported before the lap end that
 * asked for them; tell the lap end first. */
static void lap_end_first(sow_event *ev, int n)
{
    for (int i = 0; i < n; i++) {
        if (ev[i].kind != SOW_EV_LAP_END)
            continue;
        int j = i;
        while (j > 0 && by_lap_hook(&ev[j - 1]))
            j--;
        if (j == i)
            continue;
        sow_event le = ev[i];
        memmove(ev + j + 1, ev + j, (size_t)(i - j) * sizeof *ev);
        ev[j] = le;
    }
}

/* The rules cited so far in a ply: each is quoted once, where it first
 * applies. */
typedef struct cited {
    int n;
    const char *id[32];
} cited;

/* A line of text, then the rule it applies if the ply has not cited it. */
static void say(const char *text, const sow_story *st, cited *c)
{
    printf("  %s\n", text);
    if (!st->rule)
        return;
    for (int i = 0; i < c->n; i++)
        if (strcmp(c->id[i], st->rule) == 0)
            return;
    printf("      %s: %s\n", st->rule, st->rule_text ? st->rule_text : "");
    if (c->n < 32)
        c->id[c->n++] = st->rule;
}

static void json_story(const tracer *t, int ply, const sow_event *ev,
                       const sow_story *st)
{
    char label[16] = "";
    if (ev->hole >= 0 && ev->hole < t->s->holes)
        sow_hole_label(t->s, ev->hole, label, sizeof label);
    printf("{\"ply\":%d,\"player\":%d,\"event\":\"%s\",\"hole\":%d", ply,
           ev->player, sow_event_name(ev->kind), ev->hole);
    cli_json_field(stdout, "label", ev->hole >= 0 ? label : NULL);
    printf(",\"count\":%d,\"extra\":%d", ev->count, ev->extra);
    cli_json_field(stdout, "text", st->text);
    cli_json_field(stdout, "rule", st->rule);
    cli_json_field(stdout, "rule_text", st->rule_text);
    printf("}\n");
}

/* A match's next game (round) has started, or the match is over: told
 * in a sentence (C1.6), with the board the next game starts from. */
static void tell_game(const tracer *t, const sow_match *m, const sow_game *g)
{
    sow_story st;
    sow_narrate_game(t->s, m, g, &st);
    if (t->json) {
        printf("{\"game\":%d,\"event\":\"%s\"", m->game,
               m->over ? "match_end" : "game");
        cli_json_field(stdout, "text", st.text);
        cli_json_field(stdout, "rule", st.rule);
        cli_json_field(stdout, "rule_text", st.rule_text);
        printf("}\n");
        return;
    }
    cited none = {0};
    printf("\n");
    say(st.text, &st, &none);
    if (!m->over) {
        char board[4096];
        sow_draw_board(board, sizeof board, t->s, g, -1);
        printf("%s", board);
    }
}

/* Tell one ply: the move, its events, the moves left out, the board. */
static void tell_ply(tracer *t, const sow_game *before, sow_move mv,
                     const sow_game *after)
{
    const sow_setup *s = t->s;
    char tok[96];
    sow_turn_format(tok, sizeof tok, s, before, mv); /* (C2.3) */
    int ply = before->ply;
    cited last = {0};
    if (t->json) {
        /* the record's names and token (docs/record.md): to_move, and a hole
         * as a number, a decision as a string */
        sow_buf line = {0};
        sow_buf_add(&line, "{\"ply\":%d,\"to_move\":%d,\"move\":", ply,
                    before->to_move);
        sow_record_turn(&line, s, before, mv);
        if (!line.oom)
            printf("%s}\n", line.s);
        sow_buf_free(&line);
    }
    else {
        char head[600];
        sow_ply_head(s, before, mv, head, sizeof head);
        printf("\n%s\n", head);
    }
    sow_story st;
    bool sowing = !sow_move_is_decision(mv) &&
                  !(before->phase && before->phase <= s->v->nphases &&
                    s->v->phases[before->phase - 1].scripted);
    if (!sowing) {
        sow_narrate_move(s, before, mv, after, &st);
        if (t->json) {
            printf("{\"ply\":%d,\"player\":%d,\"event\":\"move\"", ply,
                   before->to_move);
            cli_json_field(stdout, "text", st.text);
            cli_json_field(stdout, "rule", st.rule);
            cli_json_field(stdout, "rule_text", st.rule_text);
            printf("}\n");
        } else {
            say(st.text, &st, &last);
        }
    }
    lap_end_first(t->ev, t->nev);
    sow_narrator n;
    sow_narrator_start(&n, s);
    for (int i = 0; i < t->nev; i++) {
        const sow_event *ev = &t->ev[i];
        sow_narrate(&n, after, ev, &st);
        if (t->json) {
            json_story(t, ply, ev, &st);
            continue;
        }
        if (t->brief && ev->kind == SOW_EV_DROP) {
            /* the drops of a lap on one line, then any count made en
             * passant that a lap end would have acted on */
            char line[1024];
            size_t len = (size_t)sow_text_fmt(line, sizeof line, "sows into");
            int j = i;
            for (; j < t->nev && t->ev[j].kind == SOW_EV_DROP; j++) {
                char l[16];
                sow_hole_label(s, t->ev[j].hole, l, sizeof l);
                if (len + 24 < sizeof line)
                    len += (size_t)sow_text_fmt(line + len, sizeof line - len,
                                            " %s", l);
                else if (len + 5 < sizeof line) {
                    len += (size_t)sow_text_fmt(line + len, sizeof line - len,
                                            " ...");
                    break;
                }
            }
            while (j < t->nev && t->ev[j].kind == SOW_EV_DROP)
                j++;
            say(line, &st, &last);
            for (int k = i; k < j - 1; k++) /* not the lap's last drop */
                if (sow_narrate_en_passant(s, after, &t->ev[k], &st))
                    say(st.text, &st, &last);
            i = j - 1;
            continue;
        }
        say(st.text, &st, &last);
        if (ev->kind == SOW_EV_DROP && i + 1 < t->nev &&
            (t->ev[i + 1].kind == SOW_EV_DROP ||
             t->ev[i + 1].kind == SOW_EV_SKIP) &&
            sow_narrate_en_passant(s, after, ev, &st))
            say(st.text, &st, &last);
    }
    if (t->overflow && !t->json)
        printf("  (more than %d events in this ply; the rest are not "
               "shown)\n",
               MAX_EVENTS);
    if (!after->over && after->endless_mask) {
        sow_narrate_endless(s, after->to_move, after->endless_mask, &st);
        if (t->json) {
            printf("{\"ply\":%d,\"player\":%d,\"event\":\"endless_excluded\"",
                   ply, after->to_move);
            cli_json_field(stdout, "text", st.text);
            cli_json_field(stdout, "rule", st.rule);
            cli_json_field(stdout, "rule_text", st.rule_text);
            printf("}\n");
        } else {
            say(st.text, &st, &last);
        }
    }
    if (t->json) {
        printf("{\"ply\":%d,\"after\":{\"board\":[", ply);
        for (int h = 0; h < s->holes; h++)
            printf("%s%d", h ? "," : "", after->board[h]);
        printf("],\"captured\":[%d,%d],\"to_move\":%d,\"over\":%s}}\n",
               after->captured[0], after->captured[1], after->to_move,
               after->over ? "true" : "false");
    } else if (t->board) {
        char buf[SOW_DRAW_MAX];
        sow_draw_board(buf, sizeof buf, s, after,
                       sow_move_is_decision(mv) ? -1 : sow_move_hole(mv));
        fputs(buf, stdout);
    }
    t->nev = 0;
    t->overflow = false;
}

typedef struct trace_args {
    cli_opts o;
    const char *moves, *record;
    bool brief, json, no_board, ignore_digest;
} trace_args;

static const flag_spec flags[] = {
    FL_STRING("moves", trace_args, moves, "\"TOKENS\""),
    FL_STRING("record", trace_args, record, "FILE"),
    FL_BOOL("ignore-digest", 0, trace_args, ignore_digest),
    FL_BOOL("brief", 0, trace_args, brief),
    FL_BOOL("json", 0, trace_args, json),
    FL_BOOL("no-board", 0, trace_args, no_board),
    FLAGS_VARIANT(trace_args, o),
};
static const flag_cmd cmd = FLAGS_CMD("trace", help, flags);

static int trace(int argc, char **argv, record_in *rec)
{
    trace_args a = {0};
    flags_parsed p;
    const char *variant = record_in_variant(
        &cmd, argc, argv, &a, &p, "sow trace adji-kui-1 --moves \"2 8\"",
        &a.record, &a.o, &a.moves, rec);
    if (!variant)
        return p.status;
    const char *moves = a.moves;
    if (!moves)
        return cli_usage("trace", "--moves \"TOKENS\" is required");
    tracer t = {0};
    t.brief = a.brief;
    t.json = a.json;
    t.board = !a.no_board;
    cli_game cg;
    sow_error err;
    if (cli_open(&cg, variant, &a.o, &err)) {
        cli_error("trace", &err);
        return 1;
    }
    if (a.record &&
        record_in_check("trace", a.record, rec, &cg.setup, a.ignore_digest)) {
        cli_close(&cg);
        return 1;
    }
    learn_moves lm;
    if (learn_split("trace", moves, &lm)) {
        cli_close(&cg);
        return 1;
    }
    t.ev = malloc(sizeof *t.ev * MAX_EVENTS);
    if (!t.ev) {
        learn_moves_free(&lm);
        cli_close(&cg);
        fprintf(stderr, "sow trace: out of memory\n");
        return 1;
    }
    const sow_setup *s = &cg.setup;
    t.s = s;
    sow_game g;
    sow_match m;
    int rc = 0;
    if (sow_match_start(&cg.eng, &m, &g, &err))
        rc = 1;
    if (!rc && !t.json && t.board) {
        char board[SOW_DRAW_MAX];
        sow_draw_board(board, sizeof board, s, &g, -1);
        printf("%s (%s), %s to move\n%s", s->v->name, s->v->id,
               g.to_move ? "North" : "South", board);
    }
    cg.eng.obs.ctx = &t;
    cg.eng.obs.on_event = on_event;
    /* a write error on standard output stops the story: sow.c reports it
     * (issue 13 #7) */
    for (int i = 0; !rc && i < lm.n && !ferror(stdout); i++) {
        sow_move mv;
        if (cli_token_move(s, &g, lm.tok[i], i, &mv, &err)) {
            rc = 1;
            break;
        }
        sow_game before = g;
        t.nev = 0;
        if (sow_engine_play(&cg.eng, &g, mv, &err)) {
            rc = 1;
            break;
        }
        tell_ply(&t, &before, mv, &g);
        if (g.over && s->match) {
            if (sow_match_next(&cg.eng, &m, &g, &err))
                rc = 1;
            else
                tell_game(&t, &m, &g);
        }
    }
    fflush(stdout);
    if (rc)
        cli_error("trace", &err);
    learn_moves_free(&lm);
    free(t.ev);
    cli_close(&cg);
    return rc;
}

int cmd_trace(int argc, char **argv)
{
    record_in rec = {0};
    int rc = trace(argc, argv, &rec);
    record_in_free(&rec);
    return rc;
}
