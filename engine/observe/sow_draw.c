/* sow_draw.c - text pictures of a board (see sow_draw.h). */
#include "sow_draw.h"
#include "sow_move.h"
#include "sow_num.h"
#include "sow_text.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

int sow_draw_row(const sow_setup *s, int h)
{
    if (s->rows > 2)
        return h / s->n; /* C2.1: row by row from South's outer row */
    return h < s->n ? 0 : 1;
}

int sow_draw_col(const sow_setup *s, int h)
{
    if (s->rows > 2)
        return h % s->n; /* C2.1: each row from South's left */
    return h < s->n ? h : 2 * s->n - 1 - h; /* C0.2: North's runs back */
}

/* Letters while a row has at most 26 holes; past that, hole numbers. On
 * more than two rows, C2.2: the column's letter and the row's number,
 * "a1" for hole 0. */
void sow_hole_label(const sow_setup *s, int h, char *buf, size_t size)
{
    if (s->n > 26)
        sow_text_fmt(buf, size, "%d", h);
    else if (s->rows > 2)
        sow_text_fmt(buf, size, "%c%d", 'a' + h % s->n, 1 + h / s->n);
    else if (h < s->n)
        sow_text_fmt(buf, size, "%c", 'a' + h);
    else
        sow_text_fmt(buf, size, "%c", 'A' + (h - s->n));
}

/* C2.2: "a1" .. the column's letter and the row's number, or -1. */
static int hole_from_grid_label(const sow_setup *s, const char *label)
{
    char c = label[0];
    if (s->n > 26 || c < 'a' || c >= 'a' + s->n || label[1] < '1' ||
        label[1] > '0' + s->rows || label[2])
        return -1;
    return (label[1] - '1') * s->n + (c - 'a');
}

int sow_hole_from_label(const sow_setup *s, const char *label)
{
    if (s->rows > 2 && label[0] >= 'a' && label[0] <= 'z')
        return hole_from_grid_label(s, label);
    if (label[0] && !label[1] && s->n <= 26 && s->rows == 2) {
        char c = label[0];
        if (c >= 'a' && c < 'a' + s->n)
            return c - 'a';
        if (c >= 'A' && c < 'A' + s->n)
            return s->n + (c - 'A');
    }
    uint64_t h;
    if (strlen(label) > 3 || sow_parse_u64(label, &h))
        return -1;
    return h < (uint64_t)s->holes ? (int)h : -1;
}

typedef struct pen {
    char *buf;
    size_t size, len;
    bool full;
} pen;

static void put(pen *p, const char *fmt, ...)
{
    if (p->full)
        return;
    va_list ap;
    va_start(ap, fmt);
    int w = vsnprintf(p->buf + p->len, p->size - p->len, fmt, ap);
    va_end(ap);
    if (w < 0 || (size_t)w >= p->size - p->len) {
        p->full = true;
        return;
    }
    p->len += (size_t)w;
}

/* One cell: the count, then a mark: '<' on the hole the last move started
 * from, 'x' on a closed hole (C1.5), '+' on a claimed one (C1.4), '*' on a
 * hole owned by the other row's player. */
static void cell(pen *p, const sow_setup *s, const sow_game *g, int h,
                 int width, int last)
{
    int row_owner = s->home[h]; /* the side the hole lies on */
    char mark = h == last                     ? '<'
                : (g->blocked >> h) & 1       ? 'x'
                : sow_claimant(g, h) >= 0     ? '+'
                : g->owner[h] != row_owner    ? '*'
                                              : ' ';
    put(p, "%*d%c", width, g->board[h], mark);
}

/* A line under a board with claimed or closed holes, naming them. */
static void legend(pen *p, const sow_setup *s, const sow_game *g)
{
    if (!(g->claims[0] | g->claims[1] | g->blocked))
        return;
    const char *sep = "";
    for (int q = 0; q < 2; q++) {
        if (!g->claims[q])
            continue;
        put(p, "%sclaimed (+) by %s:", sep, q ? "North" : "South");
        for (uint64_t m = g->claims[q]; m; m &= m - 1) {
            char l[8];
            sow_hole_label(s, __builtin_ctzll(m), l, sizeof l);
            put(p, " %s", l);
        }
        sep = "; ";
    }
    if (g->blocked) {
        put(p, "%sclosed (x):", sep);
        for (uint64_t m = g->blocked; m; m &= m - 1) {
            char l[8];
            sow_hole_label(s, __builtin_ctzll(m), l, sizeof l);
            put(p, " %s", l);
        }
    }
    put(p, "\n");
}

/* A row shared by the two players (the middle row of three, C2.1): a
 * line naming whose each run of its holes is. */
static void shared_rows(pen *p, const sow_setup *s)
{
    for (int r = 0; r < s->rows; r++) {
        int lo = r * s->n, hi = lo + s->n - 1;
        if (s->home[lo] == s->home[hi])
            continue;
        put(p, "row %d is shared:", r + 1);
        for (int a = lo; a <= hi;) {
            int b = a;
            while (b < hi && s->home[b + 1] == s->home[a])
                b++;
            char la[8], lb[8];
            sow_hole_label(s, a, la, sizeof la);
            sow_hole_label(s, b, lb, sizeof lb);
            put(p, "%s %s to %s %s's", a == lo ? "" : ",", la, lb,
                s->home[a] ? "North" : "South");
            a = b + 1;
        }
        put(p, "\n");
    }
}

/* Column letters under or over the rows of a board of more rows. */
static void column_labels(pen *p, const sow_setup *s, int width)
{
    put(p, "%11s", "");
    for (int i = 0; i < s->n; i++) {
        char l[8];
        sow_hole_label(s, i, l, sizeof l);
        l[s->n > 26 ? sizeof l - 1 : 1] = 0; /* the column's letter */
        put(p, "%*s ", width, l);
    }
    put(p, "\n");
}

/* A board of more rows (C2.1): North's outer row at the top, each row
 * from South's left, its number at the left and the column letters over
 * and under them (C2.2: hole c3 is in column c, row 3). */
static void draw_rows(pen *p, const sow_setup *s, const sow_game *g,
                      int width, int last, bool beside)
{
    column_labels(p, s, width);
    for (int r = s->rows - 1; r >= 0; r--) {
        const bool top = r == s->rows - 1, bottom = r == 0;
        if (top && s->stores && beside)
            put(p, "N[%3d] ", g->captured[1]);
        else
            put(p, "%s", top ? "North  " : bottom && !(s->stores && beside)
                                               ? "South  "
                                               : "       ");
        put(p, "%2d |", r + 1);
        for (int c = 0; c < s->n; c++)
            cell(p, s, g, r * s->n + c, width, last);
        if (beside && !s->stores && (top || bottom))
            put(p, "  taken %d", g->captured[top ? 1 : 0]);
        if (beside && s->stores && bottom)
            put(p, " [%3d]S", g->captured[0]);
        if (beside && s->hand > 0 && (r == s->rows - 2 || r == 1))
            /* C2.6: the seeds still in hand, by the player's inner row */
            put(p, "  in hand %d", g->hand[r == 1 ? 0 : 1]);
        put(p, "\n");
    }
    column_labels(p, s, width);
    shared_rows(p, s);
}

/* The two rows of C0.2: North's seen from South (2n-1 down to n from the
 * left) over South's, each with its labels outside. */
static void draw_two_rows(pen *pp, const sow_setup *s, const sow_game *g,
                          int width, int last, bool beside)
{
    const char *left = "       ";
    /* North's row, seen from South: canonical 2N-1 down to N */
    put(pp, "%s", left);
    for (int i = 0; i < s->n; i++) {
        char l[8];
        sow_hole_label(s, 2 * s->n - 1 - i, l, sizeof l);
        put(pp, "%*s ", width, l);
    }
    put(pp, "\n");
    if (s->stores && beside)
        put(pp, "N[%3d] ", g->captured[1]);
    else
        put(pp, "North  ");
    for (int i = 0; i < s->n; i++)
        cell(pp, s, g, 2 * s->n - 1 - i, width, last);
    if (!s->stores && beside)
        put(pp, "  taken %d", g->captured[1]);
    put(pp, "\n");
    put(pp, s->stores && beside ? "       " : "South  ");
    for (int i = 0; i < s->n; i++)
        cell(pp, s, g, i, width, last);
    if (beside)
        put(pp, s->stores ? " [%3d]S" : "  taken %d", g->captured[0]);
    put(pp, "\n%s", left);
    for (int i = 0; i < s->n; i++) {
        char l[8];
        sow_hole_label(s, i, l, sizeof l);
        put(pp, "%*s ", width, l);
    }
    put(pp, "\n");
}

int sow_draw_board(char *buf, size_t size, const sow_setup *s,
                   const sow_game *g, int last)
{
    pen p = {buf, size, 0, false};
    int max = s->n > 26 ? 10 : 0; /* numeric labels need two columns */
    for (int h = 0; h < s->holes; h++)
        if (g->board[h] > max)
            max = g->board[h];
    int width = max >= 100 ? (max >= 1000 ? 4 : 3) : 2;
    /* the captures or stores go beside the rows when that fits in 80
     * columns, else on a line of their own */
    int row_len = (s->rows > 2 ? 11 : 7) + (width + 1) * s->n;
    bool beside = row_len + (s->stores ? 7 : 10) <= 80;
    if (s->rows > 2)
        draw_rows(&p, s, g, width, last, beside);
    else
        draw_two_rows(&p, s, g, width, last, beside);
    if (!beside)
        put(&p, "%s: South %d, North %d\n", s->stores ? "stores" : "taken",
            g->captured[0], g->captured[1]);
    legend(&p, s, g);
    if (p.full) {
        if (size)
            buf[0] = 0;
        return -1;
    }
    return (int)p.len;
}

/* Whether a move's parse error is to be left as it is: a decision, a
 * number (with a direction or not: "3/xx"), or a token with a control
 * character (never echoed). */
static bool keep_parse_error(const char *tok)
{
    bool digits = true, slash = false;
    for (const char *p = tok; *p; p++) {
        unsigned char c = (unsigned char)*p;
        if (c < 0x20 || c == 0x7f || c == ':')
            return true;
        slash |= c == '/';
        digits &= slash || (c >= '0' && c <= '9');
    }
    return digits;
}

void sow_move_label(const sow_setup *s, sow_move m, char *buf, size_t size)
{
    char l[16];
    if (sow_move_is_directed(m) && !sow_hole_chooses(s, sow_move_hole(m))) {
        sow_hole_label(s, sow_move_hole(m), buf, size); /* its one way */
    } else if (sow_move_is_directed(m)) {
        sow_hole_label(s, sow_move_hole(m), l, sizeof l);
        sow_text_fmt(buf, size, "%s/%s", l,
                     sow_move_dir(m) == SOW_DIR_CW ? "cw" : "ccw");
    } else if (sow_move_is_place(m)) { /* MW.2: "+f3", "+e2/cw" */
        int k = sow_move_place_kind(m);
        sow_hole_label(s, sow_move_hole(m), l, sizeof l);
        sow_text_fmt(buf, size, "+%s%s", l,
                     k == SOW_PLACE_ONLY    ? ""
                     : k - 1 == SOW_DIR_CW ? "/cw"
                                           : "/ccw");
    } else if (sow_move_is_chosen(m)) { /* NS.6: "g1,xc4" */
        char x[16];
        sow_hole_label(s, sow_move_hole(m), l, sizeof l);
        sow_hole_label(s, (m - SOW_MOVE_CHOSEN) & 63, x, sizeof x);
        sow_text_fmt(buf, size, "%s,x%s", l, x);
    } else if (sow_move_is_decision(m) || m < 0 || m >= s->holes) {
        sow_move_format(buf, size, s, m);
    } else {
        sow_hole_label(s, (int)m, buf, size);
    }
}

/* One hole of a turn token, a label or a number, written as its number;
 * false if it is neither. */
static bool put_hole(pen *p, const sow_setup *s, const char *w, size_t n)
{
    char l[12];
    if (n == 0 || n >= sizeof l)
        return false;
    memcpy(l, w, n);
    l[n] = 0;
    int h = sow_hole_from_label(s, l);
    if (h < 0)
        return false;
    put(p, "%d", h);
    return true;
}

/* tok with its hole labels written as numbers (C2.3's grammar: the first
 * part's hole after an optional '+', and the hole of each k or x part). */
static bool turn_numbers(const sow_setup *s, const char *tok, char *out,
                         size_t size)
{
    pen p = {out, size, 0, false};
    out[0] = 0;
    for (const char *part = tok; part;) {
        const char *end = strchr(part, ',');
        size_t n = end ? (size_t)(end - part) : strlen(part);
        const char *h = part;
        if (part == tok) {
            h += *h == '+';
        } else if (*h == 'k' || *h == 'x') {
            h++;
        } else { /* go, stop */
            h += n;
        }
        size_t hn = (size_t)(part + n - h);
        const char *slash = part == tok ? memchr(h, '/', hn) : NULL;
        if (slash)
            hn = (size_t)(slash - h);
        put(&p, "%s%.*s", part == tok ? "" : ",", (int)(h - part), part);
        if (hn && !put_hole(&p, s, h, hn))
            return false;
        put(&p, "%.*s", (int)(part + n - (h + hn)), h + hn);
        part = end ? end + 1 : NULL;
    }
    return !p.full;
}

sow_move sow_turn_read(const sow_setup *s, const sow_game *g,
                       const char *tok)
{
    sow_move m = sow_turn_parse(s, g, tok);
    char num[128];
    if (m < 0 && turn_numbers(s, tok, num, sizeof num))
        m = sow_turn_parse(s, g, num);
    return m;
}

int sow_move_read(const sow_setup *s, const char *tok, sow_move *mv,
                  sow_error *err)
{
    if (sow_move_parse(s, tok, mv, err) == SOW_OK)
        return SOW_OK;
    if (keep_parse_error(tok))
        return SOW_ERR;
    if (tok[0] == '+' && tok[1] && strlen(tok) < 12) {
        /* MW.2: "+f3", "+e2/cw" */
        char l[12], num[24];
        const char *slash = strchr(tok, '/');
        size_t n = slash ? (size_t)(slash - tok - 1) : strlen(tok + 1);
        memcpy(l, tok + 1, n);
        l[n] = 0;
        int h = sow_hole_from_label(s, l);
        if (h < 0)
            return SOW_ERR; /* (the parse's error stands) */
        snprintf(num, sizeof num, "+%d%s", h, slash ? slash : "");
        return sow_move_parse(s, num, mv, err);
    }
    const char *cx = strstr(tok, ",x");
    if (cx && cx > tok && cx - tok < 8 && strlen(cx) < 10) {
        /* NS.6: labels, "g1,xc4" */
        char a[8], b[8], num[24];
        memcpy(a, tok, (size_t)(cx - tok));
        a[cx - tok] = 0;
        snprintf(b, sizeof b, "%s", cx + 2);
        int ha = sow_hole_from_label(s, a), hb = sow_hole_from_label(s, b);
        if (ha >= 0 && hb >= 0) {
            snprintf(num, sizeof num, "%d,x%d", ha, hb);
            return sow_move_parse(s, num, mv, err);
        }
    }
    const char *slash = strchr(tok, '/');
    if (slash && slash > tok && slash - tok < 8 && strlen(slash) < 8) {
        /* MB.2: a label and a direction, "c/cw" */
        char l[8], num[24];
        memcpy(l, tok, (size_t)(slash - tok));
        l[slash - tok] = 0;
        int lh = sow_hole_from_label(s, l);
        if (lh >= 0) {
            snprintf(num, sizeof num, "%d%s", lh, slash);
            return sow_move_parse(s, num, mv, err);
        }
    }
    /* a label: one letter, or on more rows a letter and a row (C2.2) */
    int h = tok[0] && (!tok[1] || (s->rows > 2 && !tok[2]))
                ? sow_hole_from_label(s, tok)
                : -1;
    if (h >= 0 && s->dir_rule == SOW_DIR_EACH_MOVE && sow_hole_chooses(s, h))
        return sow_error_set(err, NULL, 0, 0,
                             "move '%s': in variant %s %s names its "
                             "direction; type %s/ccw or %s/cw",
                             tok, s->v->id,
                             s->v->dir_some ? "a move from this hole"
                                            : "every move",
                             tok, tok);
    if (h >= 0 && s->dir_rule == SOW_DIR_EACH_MOVE) { /* its one way */
        *mv = sow_directed(h, (s->cw_holes >> h) & 1 ? SOW_DIR_CW
                                                     : SOW_DIR_CCW);
        return SOW_OK;
    }
    if (h >= 0) {
        *mv = (sow_move)h;
        return SOW_OK;
    }
    if (s->n > 26) /* no labels: they run a..z */
        return SOW_ERR;
    char l[4][8];
    int at[4] = {0, s->n - 1, s->n, s->holes - 1};
    for (int k = 0; k < 4; k++)
        sow_hole_label(s, at[k], l[k], sizeof l[k]);
    size_t len = strlen(tok);
    if (s->rows > 2) /* C2.2: a1 .. */
        return sow_error_set(err, NULL, 0, 0,
                             "move '%.*s%s' is neither a hole label (a "
                             "column a to %c and a row 1 to %d: %s to %s) "
                             "nor a hole number (0 to %d)",
                             SOW_CLIP(tok, 40), len > 40 ? "..." : "",
                             'a' + s->n - 1, s->rows, l[0], l[3],
                             s->holes - 1);
    return sow_error_set(err, NULL, 0, 0,
                         "move '%.*s%s' is neither a hole label (%s to %s, "
                         "%s to %s) nor a hole number (0 to %d)",
                         SOW_CLIP(tok, 40), len > 40 ? "..." : "", l[0], l[1],
                         l[2], l[3], s->holes - 1);
}
