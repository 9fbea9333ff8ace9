/* sow_record.c - JSON Lines records (docs/record.md). */
#include "sow_record.h"
#include "sow_layout.h"
#include "sow_text.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sow/version.h"
#include "sow_file.h"

/* The line so far; SOW_ERR when memory ran out (the line is then
 * incomplete and must not be written). */
static int done(const sow_buf *b)
{
    return b->oom ? SOW_ERR : SOW_OK;
}

void sow_record_token(sow_buf *b, const sow_setup *s, sow_move m)
{
    char tok[64];
    sow_move_format(tok, sizeof tok, s, m);
    if (m >= SOW_MOVE_DIRECTED && /* a string: "3/cw", "buy:8"; a hole
                                     of one way is a bare hole (C2.3) */
        strspn(tok, "0123456789") != strlen(tok))
        sow_buf_add(b, "\"%s\"", tok);
    else
        sow_buf_add(b, "%s", tok);
}

void sow_record_turn(sow_buf *b, const sow_setup *s, const sow_game *before,
                     sow_move m)
{
    if (!sow_move_is_turn(m) || !s->ends_turns) {
        sow_record_token(b, s, m);
        return;
    }
    char tok[96];
    sow_turn_format(tok, sizeof tok, s, before, m);
    sow_buf_add(b, "\"%s\"", tok);
}

void sow_record_player(sow_buf *b, int p)
{
    if (p < 0)
        sow_buf_add(b, "null");
    else
        sow_buf_add(b, "%d", p);
}

/* `key` and the holes of mask, ascending. */
static void holes_list(sow_buf *b, const sow_setup *s, const char *key,
                       uint64_t mask)
{
    sow_buf_add(b, "%s[", key);
    int k = 0;
    for (int h = 0; h < s->holes; h++)
        if ((mask >> h) & 1)
            sow_buf_add(b, k++ ? ",%d" : "%d", h);
    sow_buf_add(b, "]");
}

/* A sowing move's place in C2.3's order: its holes compared as a list,
 * the hole alone before the hole with a choice. */
static int c23_key(sow_move m)
{
    return sow_move_is_chosen(m) ? 65 * sow_move_hole(m) + 1 +
                                       ((m - SOW_MOVE_CHOSEN) & 63)
                                 : 65 * (int)m;
}

static int ply_rest(sow_buf *b, const sow_setup *s, const sow_game *after);

/* C2.3's order of two tokens: the numbers they hold compared as lists
 * (a list before its own extensions), then the plain strings. */
static int c23_cmp(const char *a, const char *b)
{
    const char *x = a, *y = b;
    for (;;) {
        while (*x && (*x < '0' || *x > '9'))
            x++;
        while (*y && (*y < '0' || *y > '9'))
            y++;
        if (!*x || !*y) {
            if (*x || *y)
                return *x ? 1 : -1;
            return strcmp(a, b);
        }
        long u = strtol(x, (char **)&x, 10), v = strtol(y, (char **)&y, 10);
        if (u != v)
            return u < v ? -1 : 1;
    }
}

/* The legal turns of several decisions, each token whole (C2.3), in
 * C2.3's order. */
static void turn_legal(sow_buf *b, const sow_setup *s, const sow_game *g)
{
    char(*toks)[96] = malloc(SOW_MAX_LEGAL * sizeof *toks);
    const char *order[SOW_MAX_LEGAL];
    const int n = toks ? g->nlegal : 0;
    if (!toks)
        b->oom = true; /* (the line is then not written) */
    for (int i = 0; i < n; i++) {
        sow_turn_format(toks[i], sizeof toks[i], s, g, g->legal[i]);
        int j = i;
        for (; j > 0 && c23_cmp(toks[i], order[j - 1]) < 0; j--)
            order[j] = order[j - 1];
        order[j] = toks[i];
    }
    for (int i = 0; i < n; i++) { /* C2.3: a bare hole (BA.L2) an integer */
        const char *q =
            strspn(order[i], "0123456789") == strlen(order[i]) ? "" : "\"";
        sow_buf_add(b, "%s%s%s%s", i ? "," : "", q, order[i], q);
    }
    free(toks);
}

int sow_record_ply(sow_buf *b, const sow_setup *s, const sow_game *before,
                   sow_move move, const sow_game *after)
{
    sow_buf_add(b, "{\"ply\":%d,\"to_move\":%d,\"legal\":[", before->ply,
                before->to_move);
    if (s->ends_turns) {
        turn_legal(b, s, before);
        sow_buf_add(b, "],\"move\":");
        sow_record_turn(b, s, before, move);
        return ply_rest(b, s, after);
    }
    uint16_t legal[SOW_MAX_LEGAL];
    const int n = before->nlegal;
    memcpy(legal, before->legal, (size_t)n * sizeof *legal);
    if (s->choices) /* C2.3: by the holes a token names, h before h,xK */
        for (int i = 1; i < n; i++)
            for (int j = i; j > 0 && c23_key(legal[j]) < c23_key(legal[j - 1]);
                 j--) {
                uint16_t t = legal[j];
                legal[j] = legal[j - 1];
                legal[j - 1] = t;
            }
    for (int i = 0; i < n; i++) {
        if (i)
            sow_buf_add(b, ",");
        if (legal[i] == SOW_MOVE_LAYOUT) { /* MW.2: the mover's pattern */
            char tok[64];
            sow_layout_pattern(tok, sizeof tok, s, before);
            sow_buf_add(b, "\"%s\"", tok);
        } else {
            sow_record_token(b, s, legal[i]);
        }
    }
    sow_buf_add(b, "],\"move\":");
    sow_record_token(b, s, move);
    return ply_rest(b, s, after);
}

/* A ply line's board, stores, hands, claimed and blocked holes. */
static int ply_rest(sow_buf *b, const sow_setup *s, const sow_game *after)
{
    sow_buf_add(b, ",\"board\":[");
    for (int h = 0; h < s->holes; h++)
        sow_buf_add(b, h ? ",%d" : "%d", after->board[h]);
    sow_buf_add(b, "],\"captured\":[%d,%d]", after->captured[0],
                after->captured[1]);
    if (s->hand > 0) /* C2.6: the seeds each player still has to place */
        sow_buf_add(b, ",\"hand\":[%d,%d]", after->hand[0], after->hand[1]);
    if (s->claims) { /* C1.4: who has claimed each hole, -1 for nobody */
        sow_buf_add(b, ",\"claimed\":[");
        for (int h = 0; h < s->holes; h++)
            sow_buf_add(b, h ? ",%d" : "%d", sow_claimant(after, h));
        sow_buf_add(b, "]");
    }
    if (s->closes || s->look_blocked) /* C1.5: the blocked holes */
        holes_list(b, s, ",\"blocked\":", after->blocked);
    sow_buf_add(b, "}\n");
    return done(b);
}

int sow_record_game(sow_buf *b, const sow_setup *s, const sow_match *m,
                    const sow_game *g)
{
    sow_buf_add(b, "{\"game\":%d,\"starter\":%d,\"owners\":[", m->game,
                m->starter);
    for (int h = 0; h < s->holes; h++)
        sow_buf_add(b, h ? ",%d" : "%d", m->owners[h]);
    sow_buf_add(b, "],\"board\":[");
    for (int h = 0; h < s->holes; h++)
        sow_buf_add(b, h ? ",%d" : "%d", g->board[h]);
    sow_buf_add(b, "]");
    if (s->rounds) { /* C1.6: the stores carried in, the blocked holes */
        sow_buf_add(b, ",\"captured\":[%d,%d]", m->captured[0],
                    m->captured[1]);
        holes_list(b, s, ",\"blocked\":", m->blocked);
        if (s->claims) { /* C2.6: the holes claimed as the round starts */
            sow_buf_add(b, ",\"claimed\":[");
            for (int h = 0; h < s->holes; h++)
                sow_buf_add(b, h ? ",%d" : "%d", sow_claimant(g, h));
            sow_buf_add(b, "]");
        }
    }
    sow_buf_add(b, "}\n");
    return done(b);
}

int sow_record_match(sow_buf *b, const sow_match *m)
{
    sow_buf_add(b, "{\"match_result\":{\"winner\":");
    sow_record_player(b, m->winner);
    sow_buf_add(b, ",\"games\":%d,\"holes\":[%d,%d],\"unfinished\":%s,",
                m->game, m->holes[0], m->holes[1],
                m->unfinished ? "true" : "false");
    sow_buf_add(b, "\"reason\":\"");
    /* the script's text, escaped (sow_text.h) */
    sow_text_escape(m->reason, SOW_ESC_JSON, sow_buf_put, b);
    sow_buf_add(b, "\"}}\n");
    return done(b);
}

int sow_record_result(sow_buf *b, const sow_setup *s, const sow_game *g)
{
    const sow_result *r = &g->result;
    char why[128];
    const char *text = sow_result_text(s, g, why, sizeof why);
    sow_buf_add(b, "{\"result\":{\"winner\":");
    sow_record_player(b, r->winner);
    if (r->has_score)
        sow_buf_add(b, ",\"score\":[%d,%d]", r->score[0], r->score[1]);
    else
        sow_buf_add(b, ",\"score\":null");
    sow_buf_add(b, ",\"reason\":\"%s\",\"unfinished\":%s}}\n", text,
                r->unfinished ? "true" : "false");
    return done(b);
}

static uint64_t fnv1a(uint64_t h, const char *p, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        h ^= (unsigned char)p[i];
        h *= 0x100000001b3ULL;
    }
    return h;
}

static int hash_file(const char *path, const char *what, uint64_t *h,
                     sow_error *err)
{
    char *text = NULL;
    size_t len = 0;
    if (sow_file_read(path, 16u << 20, what, &text, &len, err))
        return SOW_ERR;
    *h = fnv1a(*h, text, len);
    free(text);
    return SOW_OK;
}

int sow_record_digest(const sow_variant *v, char *out, sow_error *err)
{
    uint64_t h = 0xcbf29ce484222325ULL;
    if (hash_file(v->path, "variant file", &h, err))
        return SOW_ERR;
    if (v->script_path) {
        h = fnv1a(h, "\0script\0", 8); /* the YAML alone differs */
        if (hash_file(v->script_path, "script", &h, err))
            return SOW_ERR;
    }
    snprintf(out, SOW_RECORD_DIGEST_MAX, "fnv1a64:%016llx",
             (unsigned long long)h);
    return SOW_OK;
}

void sow_record_names(sow_buf *b, const sow_setup *s, const char *digest)
{
    sow_buf_add(b, ",\"variant\":\"");
    sow_text_escape(s->v->id, SOW_ESC_JSON, sow_buf_put, b);
    sow_buf_add(b, "\",\"options\":{");
    int k = 0;
    for (int i = 0; i < s->opts.n && i < s->v->noptions; i++) {
        const sow_option_def *d = &s->v->options[i];
        sow_optval val = s->opts.val[i];
        if (val.index == d->def.index && val.num == d->def.num)
            continue;
        char text[128];
        sow_optval_format(d, val, text, sizeof text);
        sow_buf_add(b, k++ ? ",\"" : "\"");
        sow_text_escape(d->name, SOW_ESC_JSON, sow_buf_put, b);
        sow_buf_add(b, "\":\"");
        sow_text_escape(text, SOW_ESC_JSON, sow_buf_put, b);
        sow_buf_add(b, "\"");
    }
    sow_buf_add(b, "},\"digest\":\"%s\",\"sow\":\"%s\"", digest,
                SOW_VERSION_STRING);
}

int sow_record_identify(sow_buf *b, const sow_setup *s, sow_error *err)
{
    if (b->oom || b->len < 2 || strcmp(b->s + b->len - 2, "}\n") != 0)
        return sow_error_set(err, NULL, 0, 0,
                             "a record's first line is incomplete");
    char digest[SOW_RECORD_DIGEST_MAX];
    if (sow_record_digest(s->v, digest, err))
        return SOW_ERR;
    b->len -= 2;
    b->s[b->len] = '\0';
    sow_record_names(b, s, digest);
    sow_buf_add(b, "}\n");
    if (b->oom)
        return sow_error_set(err, NULL, 0, 0, "out of memory for a record "
                                              "line");
    return SOW_OK;
}
