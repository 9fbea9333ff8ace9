/* sow_ask.c - questions and decisions in words (sow_ask.h). */
#include "sow_layout.h"
#include "sow_ask.h"

#include <string.h>

#include "sow_buf.h"
#include "sow_draw.h"
#include "sow_num.h"
#include "sow_move.h"
#include "sow_text.h"

/* The phase's question, or NULL outside a phase that has one. */
static const char *phase_question(const sow_setup *s, const sow_game *g)
{
    if (!sow_decision_phase(s, g) || g->phase > s->v->nphases)
        return NULL;
    const char *q = s->v->phases[g->phase - 1].question;
    return q[0] ? q : NULL;
}

static bool direction_open(const sow_setup *s, const sow_game *g)
{
    return s->dir_rule == SOW_DIR_CHOSEN && g->chosen_dir < 0;
}

int sow_question(const sow_setup *s, const sow_game *g, char *buf,
                 size_t size)
{
    const char *q = phase_question(s, g);
    if (q)
        return sow_text_fmt(buf, size, "%s", q);
    if (!sow_decision_phase(s, g) && direction_open(s, g))
        /* OL.2, C1.12 */
        return sow_text_fmt(buf, size,
                            "which way do you sow this round? dir:ccw "
                            "(counter-clockwise) or dir:cw (clockwise); the "
                            "other player sows the other way");
    return sow_text_fmt(buf, size, "%s", "");
}

/* Where the question names `token` as "TOKEN for WORDS": WORDS (up to a
 * comma, semicolon, parenthesis or " or "), else NULL; *len its length. */
static const char *named_for(const char *q, const char *token, int *len)
{
    size_t tl = strlen(token);
    for (const char *p = strstr(q, token); p; p = strstr(p + 1, token)) {
        bool starts = p == q || p[-1] == ' ' || p[-1] == '(';
        if (!starts || strncmp(p + tl, " for ", 5) != 0)
            continue;
        const char *w = p + tl + 5;
        size_t n = strcspn(w, ",;()");
        const char *or = strstr(w, " or ");
        if (or && (size_t)(or - w) < n)
            n = (size_t)(or - w);
        while (n && w[n - 1] == ' ')
            n--;
        if (!n)
            return NULL;
        *len = (int)n;
        return w;
    }
    return NULL;
}

static int turn_head(const sow_setup *s, const sow_game *g, sow_move m,
                     char *buf, size_t size);

/* MW.2 (board.placing: layout): a whole setup in words, the holes by
 * their labels: "sets out the whole hand: 2 in a1, 3 in b1, ...". */
static int laid_head(const sow_setup *s, const sow_game *g, sow_move m,
                     char *buf, size_t size)
{
    int c[SOW_LAYOUT_MAX];
    int n = sow_layout_counts(m, c, SOW_LAYOUT_MAX), i = 0;
    size_t len = (size_t)sow_text_fmt(buf, size, "sets out the whole hand:");
    for (uint64_t h = sow_layout_holes(g, g->to_move); h && i < n && len < size;
         h &= h - 1, i++) {
        char l[16];
        if (!c[i])
            continue;
        sow_hole_label(s, __builtin_ctzll(h), l, sizeof l);
        len += (size_t)sow_text_fmt(buf + len, size - len, " %d in %s,",
                                    c[i], l);
    }
    if (len > 0 && len < size && buf[len - 1] == ',')
        buf[--len] = 0;
    return (int)len;
}

int sow_move_words(const sow_setup *s, const sow_game *g, sow_move m,
                   char *buf, size_t size)
{
    if (sow_move_is_turn(m) && g) /* C2.3: the turn and its parts */
        return turn_head(s, g, m, buf, size);
    if (m == SOW_MOVE_LAYOUT) /* MW.2: the legal list's pattern */
        return sow_text_fmt(buf, size, "set out the whole hand at random");
    if (sow_move_is_laid(m) && g)
        return laid_head(s, g, m, buf, size);
    char label[16], token[SOW_NAME_MAX + 8];
    sow_turn_format(token, sizeof token, s, g, m); /* C2.3 */
    if (sow_move_is_directed(m) && sow_hole_chooses(s, sow_move_hole(m))) {
        /* MB.2 (a hole of one way is named alone, as it is played) */
        sow_hole_label(s, sow_move_hole(m), label, sizeof label);
        return sow_text_fmt(buf, size, "hole %s %s", label,
                            sow_move_dir(m) == SOW_DIR_CW
                                ? "clockwise"
                                : "counter-clockwise");
    }
    if (!sow_move_is_decision(m)) {
        const int h = sow_move_is_directed(m) ? sow_move_hole(m) : (int)m;
        if (h < 0 || h >= s->holes)
            return sow_text_fmt(buf, size, "%s", token);
        sow_hole_label(s, h, label, sizeof label);
        return sow_text_fmt(buf, size, "hole %s", label);
    }
    int k = sow_decision_kind(m), val = sow_decision_value(m);
    if (s->v->dir_rule == SOW_DIR_CHOSEN && k == s->v->dir_kind)
        return sow_text_fmt(buf, size, "%s",
                            val == SOW_DIR_CW ? "clockwise"
                                              : "counter-clockwise");
    const char *q = phase_question(s, g);
    int len;
    const char *w = q ? named_for(q, token, &len) : NULL;
    if (w)
        return sow_text_fmt(buf, size, "%.*s", len, w);
    if (q && k < s->v->ndecisions && val < s->holes) {
        char hole[SOW_NAME_MAX + 8];
        sow_text_fmt(hole, sizeof hole, "%s:<hole", s->v->decisions[k]);
        if (strstr(q, hole)) {
            sow_hole_label(s, val, label, sizeof label);
            return sow_text_fmt(buf, size, "hole %s", label);
        }
    }
    return sow_text_fmt(buf, size, "%s", token);
}

int sow_question_words(const sow_setup *s, const sow_game *g, char *buf,
                       size_t size)
{
    char q[400];
    sow_question(s, g, q, sizeof q);
    const char *mark = strchr(q, '?');
    int n = mark ? (int)(mark - q) + 1 : (int)strlen(q);
    return sow_text_fmt(buf, size, "%.*s", n, q);
}

/* A sowing move's words (not a decision): its hole by the label boards
 * show, with what the move names besides. */
static int sowing_head(const sow_setup *s, sow_move m, char *buf,
                       size_t size)
{
    char l[16], x[16];
    if (sow_move_is_place(m)) { /* MW.2: "+f3", "+e2/cw" */
        int k = sow_move_place_kind(m);
        sow_hole_label(s, sow_move_hole(m), l, sizeof l);
        return sow_text_fmt(buf, size,
                            "puts a seed from the hand into %s%s", l,
                            k == SOW_PLACE_ONLY    ? ""
                            : k - 1 == SOW_DIR_CW ? " and sows it clockwise"
                                  : " and sows it counter-clockwise");
    }
    if (sow_move_is_chosen(m)) { /* NS.6: "g1,xc4" */
        sow_hole_label(s, sow_move_hole(m), l, sizeof l);
        sow_hole_label(s, (m - SOW_MOVE_CHOSEN) & 63, x, sizeof x);
        return sow_text_fmt(buf, size, "plays %s and takes %s", l, x);
    }
    int h = sow_move_hole(m);
    if (h < 0 || h >= s->holes) /* no hole: its number, as typed */
        sow_move_format(l, sizeof l, s, m);
    else
        sow_hole_label(s, h, l, sizeof l);
    if (sow_move_is_directed(m) && sow_hole_chooses(s, h)) /* MB.2 */
        return sow_text_fmt(buf, size, "plays %s %s", l,
                            sow_move_dir(m) == SOW_DIR_CW
                                ? "clockwise"
                                : "counter-clockwise");
    return sow_text_fmt(buf, size, "plays %s", l);
}

/* A turn of several decisions (C2.3, BK): its first decision, then its
 * parts in the order they come: "puts a seed from the hand into d2;
 * sows the captured seeds from a2, then from h2; stops at the house"
 * (the game's word for its house, capture_from_ends.words). */
static int turn_head(const sow_setup *s, const sow_game *g, sow_move m,
                     char *buf, size_t size)
{
    char tok[128], first[96];
    sow_turn_format(tok, sizeof tok, s, g, m);
    sowing_head(s, sow_turn_start(m), first, sizeof first);
    sow_buf b = {0};
    sow_buf_add(&b, "%s", first);
    int end_holes = 0;
    for (char *p = strchr(tok, ','); p; p = strchr(p + 1, ',')) {
        char l[16], digits[8];
        long h;
        size_t nd = strspn(p + 2, "0123456789");
        if (p[1] == 'k' && nd > 0 && nd < sizeof digits) {
            memcpy(digits, p + 2, nd);
            digits[nd] = 0;
        }
        if (p[1] == 'k' && nd > 0 && nd < sizeof digits &&
            sow_parse_long(digits, 0, s->holes - 1, &h) == 0) {
            sow_hole_label(s, (int)h, l, sizeof l);
            sow_buf_add(&b, end_holes++ ? ", then from %s"
                                      : "; sows the captured seeds from %s",
                        l);
        } else if (strncmp(p + 1, "go", 2) == 0) {
            sow_buf_add(&b, "; sows on from the %s", s->v->ends_words[1]);
        } else if (strncmp(p + 1, "stop", 4) == 0) {
            sow_buf_add(&b, "; stops at the %s", s->v->ends_words[1]);
        }
    }
    int w = sow_text_fmt(buf, size, "%s", b.s ? b.s : first);
    sow_buf_free(&b);
    return w;
}

int sow_move_head(const sow_setup *s, const sow_game *g, sow_move m,
                  char *buf, size_t size)
{
    if (sow_move_is_laid(m) && g)
        return laid_head(s, g, m, buf, size);
    if (sow_move_is_turn(m) && g)
        return turn_head(s, g, m, buf, size);
    if (!sow_move_is_decision(m))
        return sowing_head(s, m, buf, size);
    char words[96], q[200];
    sow_move_words(s, g, m, words, sizeof words);
    if (s->v->dir_rule == SOW_DIR_CHOSEN &&
        sow_decision_kind(m) == s->v->dir_kind) /* C1.12 */
        return sow_text_fmt(buf, size, "chooses to sow %s this round",
                            words);
    /* A.3, K2.9: the question of the phase the decision answers */
    if (phase_question(s, g) && sow_question_words(s, g, q, sizeof q) &&
        strchr(q, '?'))
        return sow_text_fmt(buf, size, "answers \"%s\": %s", q, words);
    return sow_text_fmt(buf, size, "chooses %s", words);
}

int sow_ply_head(const sow_setup *s, const sow_game *g, sow_move m,
                 char *buf, size_t size)
{
    char head[400];
    sow_move_head(s, g, m, head, sizeof head);
    return sow_text_fmt(buf, size, "move %d: %s %s", g->ply + 1,
                        g->to_move ? "North" : "South", head);
}
