/* cmd_animate.c - `sow animate VARIANT --moves "TOKENS" --html FILE`: one
 * self-contained web page (inline CSS, script and SVG; nothing fetched)
 * that replays a game seed by seed, with the story of each move beside
 * the board.
 *
 * The moves are played on an engine with an observer (sow_game.h: LIFT,
 * DROP, SKIP, LAP_END, CAPTURE, ENDLESS, PASS, END), and the page gets, for
 * every ply: the token, the mover, the events, the sentences telling them,
 * and the record's board, captures and owners after the ply, so that it
 * checks its own replay against the record (tools/page/animate.js). The
 * sentences are those of engine/observe/sow_narrate (as sow trace tells them),
 * with the rules they apply. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "animate_page.h"
#include "cli.h"
#include "commands.h"
#include "flags.h"
#include "learn.h"
#include "record_in.h"
#include "outfile.h"
#include "sow_ask.h"
#include "sow_draw.h"
#include "sow_narrate.h"
#include "sow_record.h"
#include "sow_svg.h"
#include "sow_text.h"

#define C "animate"

/* Events kept per ply and in all: past these, the sowing events of a ply
 * are counted but not kept (the page then shows the board after the ply
 * at once); an endless move (end_game) may run hundreds of thousands of
 * laps. ENDLESS, PASS and END are always kept. */
#define PLY_EVENTS_MAX 20000
#define ALL_EVENTS_MAX 2000000L

static void help(void)
{
    printf("usage: sow animate VARIANT --moves \"TOKENS\" [--option "
           "NAME=VALUE]... --html FILE\n"
           "       sow animate [VARIANT] --record FILE [--ignore-digest] "
           "--html FILE\n\n"
           "Write one self-contained web page (no network, no other files) "
           "that replays\nthe game seed by seed: play, pause, step a seed, "
           "step a move, back, speed,\na slider over the moves, and beside "
           "the board the story of each move.\nOpen it in any browser. "
           "Keys: space play/pause, right arrow next seed,\ndown arrow next "
           "move, left arrow back. The page checks its board after\nevery "
           "move against the game record (sow replay --json) and says so "
           "below\nthe board. URL endings: #autoplay plays it all at top "
           "speed, #ply=N\nshows the board after N moves (#ply=N&ev=E: E "
           "events into the next).\n\n"
           "  --moves \"TOKENS\"  the moves, as sow replay takes them\n"
           RECORD_IN_HELP
           "  --html FILE       where to write the page ('-': standard "
           "output); it is\n"
           "                    written to a new file beside FILE and renamed "
           "over it\n"
           "                    when complete (a FIFO or a device is "
           "written to as it is)\n"
           "  --option N=V      an option of the variant\n\n"
           "Example: sow animate adji-kui-1 --moves \"2 8 1 7\" --html "
           "game.html\n");
    printf("\n" CLI_TIME_LIMIT_HELP);
}

/* ---- the events of one ply ------------------------------------------- */

typedef struct evbuf {
    sow_event *e;
    int n, cap;
    long dropped;  /* sowing events past the limits, not kept */
    long total;    /* events kept in all */
    bool oom;
} evbuf;

static void on_event(void *ctx, const sow_event *ev)
{
    evbuf *b = ctx;
    bool always = ev->kind == SOW_EV_ENDLESS || ev->kind == SOW_EV_PASS ||
                  ev->kind == SOW_EV_END;
    if (!always && (b->n >= PLY_EVENTS_MAX || b->total >= ALL_EVENTS_MAX)) {
        b->dropped++;
        return;
    }
    if (b->n == b->cap) {
        int cap = b->cap ? 2 * b->cap : 256;
        sow_event *e = realloc(b->e, sizeof *e * (size_t)cap);
        if (!e) {
            b->oom = true;
            b->dropped++;
            return;
        }
        b->e = e;
        b->cap = cap;
    }
    b->e[b->n++] = *ev;
    b->total++;
}

/* ---- the story: a sentence for each event or run of drops ------------ */

/* The sentences come from engine/observe/sow_narrate (as sow trace tells them),
 * each with the rule it applies from the variant's own file; a run of
 * drops is told as one line listing the holes. Each goes into the page as
 * [event index, text] or [event index, text, rule id] (the page's data has
 * the variant's rule texts once, under "rules"); -1 is the move's
 * headline. */
typedef struct story {
    FILE *f;
    int n; /* sentences written */
} story;

static void say_rule(story *st, int at, const char *text, const char *rule,
                     const char *rule_text)
{
    (void)rule_text; /* the page has the texts of all the rules once */
    fprintf(st->f, "%s[%d,", st->n++ ? "," : "", at);
    learn_json_str(st->f, text);
    if (rule) {
        fputc(',', st->f);
        learn_json_str(st->f, rule);
    }
    fputc(']', st->f);
}

__attribute__((format(printf, 3, 4))) static void say(story *st, int at,
                                                      const char *fmt, ...)
{
    char text[1200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    say_rule(st, at, text, NULL, NULL);
}

static const char *who(int p)
{
    return p ? "North" : "South";
}

/* The label of hole h ("c"), in a ring of buffers so that a sentence may
 * use several. */
static const char *lab(const sow_setup *s, int h)
{
    static char ring[8][16];
    static int k;
    char *b = ring[k++ & 7];
    sow_hole_label(s, h, b, 16);
    return b;
}

/* Append to a sentence being built. */
__attribute__((format(printf, 3, 4))) static void add(char *buf, size_t size,
                                                      const char *fmt, ...)
{
    size_t len = strlen(buf);
    if (len + 1 >= size)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf + len, size - len, fmt, ap);
    va_end(ap);
}

/* Tell the events of one ply (ev[0..n)), `after` the game after it. */
static void narrate(story *st, const sow_setup *s, const sow_event *ev,
                    int n, const sow_game *after)
{
    sow_narrator nr;
    sow_narrator_start(&nr, s);
    sow_story so;
    for (int i = 0; i < n;) {
        if (ev[i].kind != SOW_EV_DROP && ev[i].kind != SOW_EV_SKIP) {
            sow_narrate(&nr, after, &ev[i], &so);
            say_rule(st, i, so.text, so.rule, so.rule_text);
            i++;
            continue;
        }
        /* a run of drops (and holes passed over): one line */
        sow_narrate(&nr, after, &ev[i], &so);
        sow_story first = so;
        char buf[1100] = "";
        int j = i, shown = 0, drops = 0;
        for (; j < n &&
               (ev[j].kind == SOW_EV_DROP || ev[j].kind == SOW_EV_SKIP);
             j++) {
            if (j > i)
                sow_narrate(&nr, after, &ev[j], &so);
            bool drop = ev[j].kind == SOW_EV_DROP;
            drops += drop;
            if (shown++ < 60)
                add(buf, sizeof buf, drop ? " %s" : " (passes over %s)",
                    lab(s, ev[j].hole));
            else if (shown == 62)
                add(buf, sizeof buf, " ...");
        }
        char text[1200];
        if (j - i == 1)
            sow_text_fmt(text, sizeof text, "%s", first.text);
        else if (shown > 61)
            sow_text_fmt(text, sizeof text, "one seed into each of %d holes:%s",
                     drops, buf);
        else
            sow_text_fmt(text, sizeof text, "one seed into each:%s", buf);
        say_rule(st, i, text, first.rule, first.rule_text);
        i = j;
    }
}

/* ---- the page's data ---------------------------------------------------- */

typedef struct page {
    FILE *f;
    const sow_setup *s;
    evbuf *eb;
    int steps;
} page;

static void put_state(page *pg, const sow_game *g, int last)
{
    FILE *f = pg->f;
    const sow_setup *s = pg->s;
    fprintf(f, ",\"b\":[");
    for (int h = 0; h < s->holes; h++)
        fprintf(f, h ? ",%d" : "%d", g->board[h]);
    fprintf(f, "],\"c\":[%d,%d],\"o\":[", (int)g->captured[0],
            (int)g->captured[1]);
    for (int h = 0; h < s->holes; h++)
        fprintf(f, h ? ",%d" : "%d", g->owner[h]);
    char status[600];
    learn_status(s, g, status, sizeof status);
    fprintf(f, "],\"tm\":%d,\"over\":%s,\"last\":%d,\"status\":", g->to_move,
            g->over ? "true" : "false", last);
    learn_json_str(f, status);
}

static void put_events(page *pg)
{
    FILE *f = pg->f;
    evbuf *eb = pg->eb;
    fprintf(f, ",\"ev\":[");
    for (int i = 0; i < eb->n; i++) {
        const sow_event *e = &eb->e[i];
        fprintf(f, "%s[%d,%d,%d,%d,%d]", i ? "," : "", (int)e->kind,
                e->player, e->hole, e->count, e->extra);
    }
    fprintf(f, "],\"trunc\":%ld", eb->dropped);
}

/* Holes whose owner changed, told ("D now belongs to South"). */
static void owners_changed(story *st, const sow_setup *s,
                           const sow_game *before, const sow_game *after)
{
    char buf[1000] = "";
    for (int p = 0; p < 2; p++) {
        char list[600] = "";
        int k = 0;
        for (int h = 0; h < s->holes; h++)
            if (before->owner[h] != after->owner[h] && after->owner[h] == p)
                add(list, sizeof list, "%s%s", k++ ? " " : "", lab(s, h));
        if (k)
            add(buf, sizeof buf, "%s%s %s now belong%s to %s",
                buf[0] ? "; " : "", k == 1 ? "hole" : "holes", list,
                k == 1 ? "s" : "", who(p));
    }
    if (buf[0])
        say(st, 0, "%s", buf);
}

/* A game starts (the first, or the next of a match). */
static void put_game(page *pg, const learn_play *p)
{
    FILE *f = pg->f;
    const sow_setup *s = pg->s;
    const sow_game *g = &p->g;
    char head[300];
    if (s->match) {
        int own[2] = {0, 0};
        for (int h = 0; h < s->holes; h++)
            own[g->owner[h]]++;
        sow_text_fmt(head, sizeof head, "%s %d: %s starts; holes South %d, "
                                    "North %d",
                 sow_game_word(s), p->m.game, who(p->m.starter), own[0],
                 own[1]);
        if (s->rounds) { /* the round's set-up in words (C1.6) */
            sow_story st;
            sow_narrate_game(s, &p->m, g, &st);
            sow_text_fmt(head, sizeof head, "%s", st.text);
        }
    } else {
        sow_text_fmt(head, sizeof head, "the start: %s to %s", who(g->to_move),
                 sow_decision_phase(s, g) ? "decide" : "move");
    }
    fprintf(f, "%s\n{\"k\":\"game\",\"game\":%d,\"head\":", pg->steps++ ? "," : "",
            p->m.game);
    learn_json_str(f, head);
    put_state(pg, g, -1);
    put_events(pg);
    fprintf(f, ",\"nar\":[");
    story st = {f, 0};
    say(&st, -1, "%s", head);
    narrate(&st, s, pg->eb->e, pg->eb->n, g);
    fprintf(f, "]}");
    pg->eb->n = 0;
    pg->eb->dropped = 0;
}

static void put_ply(page *pg, const learn_play *p, int index,
                    const sow_game *before, sow_move mv)
{
    FILE *f = pg->f;
    /* the token as the record writes it, however it was typed (a label) */
    char tok[64];
    sow_turn_format(tok, sizeof tok, pg->s, before, mv); /* C2.3 */
    const sow_setup *s = pg->s;
    const sow_game *after = &p->g;
    bool decision = sow_move_is_decision(mv);
    const sow_phase *ph = before->phase && before->phase <= s->v->nphases
                              ? &s->v->phases[before->phase - 1]
                              : NULL;
    bool scripted = !decision && ph && ph->scripted;
    char head[600], m[500], game[32] = "";
    sow_ply_head(s, before, mv, m, sizeof m);
    if (s->match)
        sow_text_fmt(game, sizeof game, "%s %d, ", sow_game_word(s),
                     p->m.game);
    sow_text_fmt(head, sizeof head, "%s%s%s", game, m,
                 scripted ? ", a move sown through to its end at once" : "");
    fprintf(f, ",\n{\"k\":\"ply\",\"i\":%d,\"game\":%d,\"ply\":%d,"
               "\"kind\":\"%s\",\"tok\":",
            index, p->m.game, before->ply,
            decision ? "decision" : scripted ? "scripted" : "sow");
    learn_json_str(f, tok);
    fprintf(f, ",\"who\":%d,\"head\":", before->to_move);
    learn_json_str(f, head);
    put_state(pg, after, decision ? -1 : sow_move_hole(mv));
    put_events(pg);
    fprintf(f, ",\"nar\":[");
    story st = {f, 0};
    say(&st, -1, "%s", head);
    if (decision || scripted) {
        /* no seeds are sown one by one: what the move did */
        sow_story so;
        sow_narrate_move(s, before, mv, after, &so);
        say_rule(&st, 0, so.text, so.rule, so.rule_text);
        owners_changed(&st, s, before, after);
    }
    narrate(&st, s, pg->eb->e, pg->eb->n, after);
    if (!after->over && after->endless_mask) {
        sow_story so;
        sow_narrate_endless(s, after->to_move, after->endless_mask, &so);
        say_rule(&st, pg->eb->n, so.text, so.rule, so.rule_text);
    }
    fprintf(f, "]}");
    pg->steps++;
    pg->eb->n = 0;
    pg->eb->dropped = 0;
}

/* Text for HTML (sow_text.h). */
static void html_text(FILE *f, const char *t)
{
    sow_text_escape_file(f, t, SOW_ESC_XML);
}

static void put_header(page *pg, const cli_game *cg, const char *name,
                       int nmoves, const char *svg)
{
    FILE *f = pg->f;
    const sow_setup *s = pg->s;
    fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta "
          "charset=\"utf-8\">\n<meta name=\"viewport\" "
          "content=\"width=device-width, initial-scale=1\">\n"
          "<link rel=\"icon\" href=\"data:,\">\n<title>",
          f);
    html_text(f, name);
    fputs(" - sow animate</title>\n<style>\n", f);
    fputs(sow_animate_css, f);
    /* the board is drawn at 56 units a hole (sow_svg.h) and reads well
     * down to about 0.62 of that: the story goes under it when both do
     * not fit side by side at that scale */
    fprintf(f, "</style>\n</head>\n<body style=\"--board-min: %dpx\">\n"
               "<header>\n<h1>",
            s->n * 35 + 100);
    html_text(f, name);
    fprintf(f, "</h1>\n<p>%d move%s. ", nmoves, nmoves == 1 ? "" : "s");
    html_text(f, cg->v->summary);
    fputs("</p>\n</header>\n", f);
    fputs(sow_animate_top, f);
    fputs(svg, f);
    fputs(sow_animate_end, f);
    fputs("<script type=\"application/json\" id=\"sow-data\">\n"
          "{\"format\":\"sow-animate\",\"version\":1,\"variant\":",
          f);
    learn_json_str(f, cg->v->id);
    fprintf(f, ",\"name\":");
    learn_json_str(f, name);
    fprintf(f, ",\"n\":%d,\"holes\":%d,\"stores\":%s,\"match\":%s,"
               "\"moves\":%d,\"dotsMax\":%d,\"labels\":[",
            s->n, s->holes, s->stores ? "true" : "false",
            s->match ? "true" : "false", nmoves, SOW_SVG_DOTS_MAX);
    for (int h = 0; h < s->holes; h++) {
        char l[16];
        sow_hole_label(s, h, l, sizeof l);
        if (h)
            fputc(',', f);
        learn_json_str(f, l);
    }
    fprintf(f, "]");
    if (s->rows > 2) { /* each hole's side (C2.1) */
        fprintf(f, ",\"home\":[");
        for (int h = 0; h < s->holes; h++)
            fprintf(f, "%s%d", h ? "," : "", s->home[h]);
        fprintf(f, "]");
    }
    fprintf(f, ",\n\"rules\":{");
    for (int i = 0; i < cg->v->nrules; i++) {
        if (i)
            fputc(',', f);
        learn_json_str(f, cg->v->rules[i].id);
        fputc(':', f);
        learn_json_str(f, cg->v->rules[i].text);
    }
    fprintf(f, "},\n\"steps\":[");
}

typedef struct animate_args {
    cli_opts o;
    const char *moves, *html, *record;
    bool ignore_digest;
} animate_args;

static const flag_spec flags[] = {
    FL_STRING("moves", animate_args, moves, "\"TOKENS\""),
    FL_STRING("record", animate_args, record, "FILE"),
    FL_BOOL("ignore-digest", 0, animate_args, ignore_digest),
    FL_STRING("html", animate_args, html, "FILE"),
    FLAGS_VARIANT(animate_args, o),
};
static const flag_cmd cmd = FLAGS_CMD(C, help, flags);

static int animate(int argc, char **argv, record_in *rec)
{
    animate_args a = {0};
    flags_parsed fp;
    const char *variant = record_in_variant(
        &cmd, argc, argv, &a, &fp,
        "sow animate adji-kui-1 --moves \"2 8 1\" --html game.html",
        &a.record, &a.o, &a.moves, rec);
    if (!variant)
        return fp.status;
    const char *moves = a.moves, *html = a.html;
    if (!moves)
        return cli_usage(C, "--moves \"TOKENS\" is required (the game to "
                            "replay; sow replay takes the same)");
    if (!html)
        return cli_usage(C, "--html FILE is required (where to write the "
                            "page; '-' for standard output)");
    if (!html[0])
        return cli_usage(C, "--html needs a file name");
    cli_game cg;
    sow_error err;
    if (cli_open(&cg, variant, &a.o, &err)) {
        cli_error(C, &err);
        return 1;
    }
    if (a.record &&
        record_in_check(C, a.record, rec, &cg.setup, a.ignore_digest)) {
        cli_close(&cg);
        return 1;
    }
    sow_error_clear(&err);
    learn_moves lm;
    if (learn_split(C, moves, &lm)) {
        cli_close(&cg);
        return 1;
    }
    const sow_setup *s = &cg.setup;
    evbuf eb = {0};
    cg.eng.obs.ctx = &eb;
    cg.eng.obs.on_event = on_event;
    learn_play p;
    outfile out = {0};
    int rc = 0;
    char *svg = NULL;
    char name[400];
    learn_name(&cg, name, sizeof name);
    if (learn_start(&p, &cg, &err)) {
        rc = 1;
        goto done;
    }
    char head[600], status[600];
    sow_text_fmt(head, sizeof head, "%s: the start", name);
    learn_status(s, &p.g, status, sizeof status);
    sow_svg_opts so = {-1, head, status, p.g.over ? -1 : p.g.to_move, true};
    svg = sow_svg_board(s, &p.g, &so, NULL);
    if (!svg) {
        sow_error_set(&err, NULL, 0, 0, "out of memory");
        rc = 1;
        goto done;
    }
    if (outfile_open(&out, C, html)) {
        rc = 1;
        err.msg[0] = 0;
        goto done;
    }
    page pg = {out.f, s, &eb, 0};
    put_header(&pg, &cg, name, lm.n, svg);
    put_game(&pg, &p);
    /* a page that cannot be written (a full disk) stops the replay: the
     * error is said on closing (issue 13 #7) */
    for (int i = 0; i < lm.n && !ferror(out.f); i++) {
        sow_game before;
        sow_move mv;
        if (learn_step(&p, i, lm.tok[i], &before, &mv, &err)) {
            rc = 1;
            break;
        }
        put_ply(&pg, &p, i, &before, mv);
        int r;
        while ((r = learn_next_game(&p, &err)) == 1)
            put_game(&pg, &p);
        if (r < 0) {
            rc = 1;
            break;
        }
    }
    if (!rc && eb.oom) {
        sow_error_set(&err, NULL, 0, 0, "out of memory");
        rc = 1;
    }
    if (!rc) {
        fprintf(out.f, "],\n\"end\":");
        if (s->match && p.m.over) {
            char end[300];
            sow_text_fmt(end, sizeof end,
                     "match over after %d games: %s; holes South %d, North "
                     "%d%s",
                     p.m.game, sow_match_words(p.m.reason), p.m.holes[0], p.m.holes[1],
                     p.m.unfinished ? " (unfinished)" : "");
            learn_json_str(out.f, end);
        } else {
            fputs("null", out.f);
        }
        fputs("}\n</script>\n<script>\n", out.f);
        fputs(sow_animate_js, out.f);
        fputs("</script>\n</body>\n</html>\n", out.f);
    }
    if (outfile_close(&out, !rc))
        rc = 1;
done:
    if (rc && err.msg[0])
        cli_error(C, &err);
    free(svg);
    free(eb.e);
    learn_moves_free(&lm);
    cli_close(&cg);
    return rc;
}

int cmd_animate(int argc, char **argv)
{
    record_in rec = {0};
    int rc = animate(argc, argv, &rec);
    record_in_free(&rec);
    return rc;
}
