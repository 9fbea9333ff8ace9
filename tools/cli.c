/* cli.c - shared helpers of the `sow` subcommands (see cli.h). */
#include "cli.h"
#include "sow_text.h"

#include "sow_draw.h"
#include "sow_move.h"
#include "sow_num.h"
#include "sow_record.h"

#include <dirent.h>
#include <libgen.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void cli_json_string(FILE *f, const char *s)
{
    if (!s) {
        fputs("null", f);
        return;
    }
    fputc('"', f);
    sow_text_escape_file(f, s, SOW_ESC_JSON);
    fputc('"', f);
}

void cli_json_field(FILE *f, const char *key, const char *s)
{
    fprintf(f, ",\"%s\":", key);
    cli_json_string(f, s);
}

void cli_error(const char *cmd, const sow_error *err)
{
    char buf[SOW_PATH_MAX + SOW_MSG_MAX + 64];
    sow_error_format(err, buf, sizeof buf);
    if (err->path[0])
        fprintf(stderr, "%s\n", buf);
    else
        fprintf(stderr, "sow %s: %s\n", cmd, buf);
}

int cli_usage(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "sow %s: ", cmd);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, " (see 'sow %s --help')\n", cmd);
    return 2;
}

double cli_time_limit(const cli_opts *o, sow_error *err)
{
    if (o && o->time_set)
        return o->time_limit;
    const char *env = getenv("SOW_TIME_LIMIT");
    double t;
    if (!env || !*env)
        return SOW_TIME_LIMIT_DEFAULT;
    if (sow_parse_double(env, 0, SOW_TIME_LIMIT_MAX, &t)) {
        sow_error_set(err, NULL, 0, 0,
                      "SOW_TIME_LIMIT is '%s'; set it to a number of seconds "
                      "from 0 (no limit) to %.0f",
                      env, SOW_TIME_LIMIT_MAX);
        return -1;
    }
    return t;
}

int cli_scan_variants(int (*fn)(void *ctx, const char *path,
                                const sow_variant *v),
                      void *ctx)
{
    return sow_scan_variants(true, fn, ctx);
}

int cli_find_variant(const char *arg, char *path, size_t size,
                     sow_error *err)
{
    return sow_find_variant(arg, true, path, size, err);
}

int cli_open(cli_game *cg, const char *variant, const cli_opts *o,
             sow_error *err)
{
    memset(cg, 0, sizeof *cg);
    double limit = cli_time_limit(o, err);
    if (limit < 0)
        return SOW_ERR;
    char path[PATH_MAX]; /* a longer one is an error (sow_find.h) */
    if (cli_find_variant(variant, path, sizeof path, err))
        return SOW_ERR;
    return sow_kit_open(cg, path, o ? o->arg : NULL, o ? o->n : 0, limit,
                        err);
}

void cli_close(cli_game *cg)
{
    sow_kit_close(cg);
}

void cli_put_moves(sow_buf *b, const sow_setup *s, const uint16_t *moves,
                   int n, bool labels)
{
    if (n == 0)
        sow_buf_add(b, "(none)");
    for (int i = 0; i < n; i++) {
        char tok[64];
        sow_move m = moves[i];
        if (labels)
            sow_move_label(s, m, tok, sizeof tok);
        else
            sow_move_format(tok, sizeof tok, s, m);
        sow_buf_add(b, "%s%s", i ? " " : "", tok);
    }
}

void cli_format_moves(const sow_setup *s, const uint16_t *moves, int n,
                      bool labels, char *buf, size_t size)
{
    sow_buf b = {0};
    cli_put_moves(&b, s, moves, n, labels);
    const char *t = b.s && !b.oom ? b.s : "...";
    size_t len = b.s && !b.oom ? b.len : 3;
    if (len >= size && size > 4) {
        /* the tokens that fit whole before " ..." */
        len = size - 5;
        while (len > 0 && t[len] != ' ')
            len--;
        snprintf(buf, size, "%.*s%s...", (int)len, t, len ? " " : "");
    } else {
        snprintf(buf, size, "%s", t);
    }
    sow_buf_free(&b);
}

void cli_endless_list(const sow_setup *s, const sow_game *g, char *buf,
                      size_t size)
{
    uint16_t ex[SOW_MAX_HOLES];
    int n = 0;
    for (int h = 0; h < s->holes; h++)
        if ((g->endless_mask >> h) & 1)
            ex[n++] = (uint16_t)h;
    cli_format_moves(s, ex, n, true, buf, size);
}

void cli_phase_due(const sow_setup *s, const sow_game *g, char *buf,
                   size_t size)
{
    buf[0] = 0;
    if (g->over || g->phase == 0 || g->phase > s->v->nphases)
        return;
    const sow_phase *ph = &s->v->phases[g->phase - 1];
    if (!ph->fresh_holes)
        return;
    size_t len = (size_t)snprintf(buf, size, "%s: still to play:", ph->name);
    for (int p = 0; p < 2 && len < size; p++) {
        len += (size_t)snprintf(buf + len, size - len, "%s %s",
                                p ? "," : "", p ? "North" : "South");
        int due = 0;
        for (int h = 0; h < s->holes && len < size; h++)
            if (g->owner[h] == p && !((g->played[p] >> h) & 1)) {
                char l[8];
                sow_hole_label(s, h, l, sizeof l);
                len += (size_t)snprintf(buf + len, size - len, " %s", l);
                due++;
            }
        if (!due && len < size)
            len += (size_t)snprintf(buf + len, size - len, " none");
    }
}

int cli_split_moves(char *buf, char **tok, int max)
{
    int n = 0;
    char *save = NULL;
    for (char *t = sow_move_tokens(buf, &save); t;
         t = sow_move_tokens(NULL, &save)) {
        if (n >= max)
            return -1;
        tok[n++] = t;
    }
    return n;
}


/* A turn of several decisions (C2.3, BK): the legal turn whose whole
 * token is tok; else an error that lists them. */
static int cli_turn_move(const sow_setup *s, const sow_game *g,
                         const char *tok, sow_move *mv, sow_error *err)
{
    sow_move m = sow_turn_read(s, g, tok);
    if (m >= 0) {
        *mv = m;
        return SOW_OK;
    }
    sow_buf b = {0};
    for (int i = 0; i < g->nlegal && b.len < 480; i++) {
        char t[96];
        sow_turn_format(t, sizeof t, s, g, g->legal[i]);
        sow_buf_add(&b, "%s%s", i ? " " : "", t);
    }
    sow_error_set(err, NULL, 0, 0,
                  "ply %d: '%.*s' is not a legal turn; a turn is written "
                  "whole, with a ,kH part for each capture's %s and go "
                  "or stop where asked (C2.3); the legal turns are: %.480s",
                  g->ply, SOW_CLIP(tok, 60), s->v->ends_words[0],
                  b.s && !b.oom ? b.s : "(none)");
    sow_buf_free(&b);
    return SOW_ERR;
}

int cli_token_move(const sow_setup *s, const sow_game *g, const char *tok,
                   int i, sow_move *mv, sow_error *err)
{
    if (g->over) {
        /* plies are numbered from 0, as records number them: the last
         * one played is g->ply - 1 */
        if (g->ply == 0)
            return sow_error_set(err, NULL, 0, 0,
                                 "token %d ('%.*s'): the %s is already "
                                 "over before its first ply; nothing may "
                                 "follow",
                                 i + 1, SOW_CLIP(tok, 40),
                                 s->match ? "match" : "game");
        return sow_error_set(err, NULL, 0, 0,
                             "token %d ('%.*s'): the %s is already over "
                             "after ply %d; nothing may follow",
                             i + 1, SOW_CLIP(tok, 40),
                             s->match ? "match" : "game", g->ply - 1);
    }
    if (s->ends_turns) /* C2.3: a turn's token names its choices */
        return cli_turn_move(s, g, tok, mv, err);
    if (sow_move_read(s, tok, mv, err)) {
        char legal[481]; /* %.480s below */
        cli_format_moves(s, g->legal, g->nlegal, false, legal, sizeof legal);
        return sow_error_reword(err, "ply %d: %.*s; the legal moves are: %.*s",
                                g->ply, SOW_CLIP(err->msg, 500),
                                SOW_CLIP(legal, 480));
    }
    return SOW_OK;
}
