/* sow_svg.c - SVG pictures of a board (see sow_svg.h). */
#include "sow_svg.h"
#include "sow_text.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sow_buf.h"
#include "sow_draw.h"

/* Geometry, in SVG units (px at the natural size). */
#define PITCH 56     /* a hole's column */
#define RADIUS 23    /* a hole */
#define DOT_R 3.2    /* a seed */
#define MARGIN 20
#define STORE_W 64   /* a store's column, at each end (stores) */
#define BOX_W 84     /* the "taken" boxes at the right (no stores) */
#define MIN_W 560    /* room for the title and status lines */
#define ROW_PITCH 88 /* rows of a board of more rows: label, hole, count */

#define WOOD "#dcb981"
#define WOOD_EDGE "#8a6a3a"
#define INK "#1a1a1a"
#define SEED "#3d2b1f"
#define LAST "#d0021b"
#define CURRENT "#1e8a3c"

/* Append to the picture (sow_buf.h: it grows; out of memory is checked
 * once at the end). */
__attribute__((format(printf, 2, 3))) static void put(sow_buf *b,
                                                      const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    sow_buf_vadd(b, fmt, ap);
    va_end(ap);
}

/* Text for XML (sow_text.h): entities, no control character, valid
 * UTF-8 whatever was cut. */
static void put_text(sow_buf *b, const char *t)
{
    sow_text_escape(t, SOW_ESC_XML, sow_buf_put, b);
}

void sow_svg_dot(int i, int k, double r, double *x, double *y)
{
    const double pi = 3.14159265358979323846;
    if (k <= 1) {
        *x = *y = 0;
        return;
    }
    if (k <= 6) {
        /* a ring, the first seed at the top (two: side by side) */
        double a = (k == 2 ? pi : -pi / 2) + 2 * pi * i / k;
        *x = 0.45 * r * cos(a);
        *y = 0.45 * r * sin(a);
        return;
    }
    /* a sunflower: equal area per seed, the golden angle between seeds */
    double rr = 0.78 * r * sqrt((i + 0.5) / k);
    double a = i * 2.399963229728653;
    *x = rr * cos(a);
    *y = rr * sin(a);
}

/* Code points of a UTF-8 string. */
static int chars(const char *t)
{
    int n = 0;
    for (; t && *t; t++)
        n += ((unsigned char)*t & 0xC0) != 0x80;
    return n;
}

#define LEGEND_MAX 6

/* Where things are. */
typedef struct geo {
    const sow_setup *s; /* borrowed */
    int n;              /* holes per row */
    int row_y[4];       /* centres of the rows of a board of more rows,
                           row 0 (South's side) the lowest */
    int width, height;  /* the picture */
    int fx, fy, fw, fh; /* the board's frame */
    int hx;             /* left edge of the first hole column */
    int north_y, south_y; /* centres of the rows */
    int title_y, nlabel_y, slabel_y, status_y, legend_y;
    int bx;             /* the taken boxes (no stores) */
    int nlegend;        /* what the marks mean, in lines */
    char legend[LEGEND_MAX][160];
} geo;

/* The legend's items, wrapped into lines of about `width` units (11-unit
 * text is about 6.5 units a character). */
static void legend(const sow_setup *s, const sow_game *gm,
                   const sow_svg_opts *o, geo *g, int width)
{
    bool foreign = false;
    for (int h = 0; h < s->holes; h++)
        if (gm->owner[h] != s->home[h])
            foreign = true;
    const char *item[7];
    int k = 0;
    if (s->rows > 2) /* C2.1, C2.2 */
        item[k++] = s->n > 26 ? "holes numbered as in the records (row by "
                                "row from South's side, each from South's "
                                "left)"
                              : "hole c3: column c from South's left, row 3 "
                                "from South's side";
    else
        item[k++] = s->n > 26 ? "holes numbered as in the records (South "
                                "0.., North from the right)"
                              : "South's row a.. from the left, North's A.. "
                                "from the right";
    if (s->rows == 3)
        item[k++] = "the middle row: each player owns the half on their "
                    "right";
    if (o->last >= 0)
        item[k++] = "the red ring: the last move";
    if (foreign || o->ids)
        item[k++] = "a hole in the other colour (*): owned by the other "
                    "player";
    item[k++] = s->stores ? "stores at each player's right"
                          : "boxes: the seeds each player took";
    if (gm->claims[0] | gm->claims[1])
        item[k++] = "a double ring (+): a hole claimed by the player of its "
                    "colour (C1.4)";
    if (gm->blocked)
        item[k++] = "a dark hole (x): closed (C1.5)";
    int per_line = width / 7;
    g->nlegend = 0;
    for (int i = 0; i < k; i++) {
        char *l = g->legend[g->nlegend ? g->nlegend - 1 : 0];
        int used = g->nlegend ? (int)strlen(l) : -1;
        if (g->nlegend && used + 2 + (int)strlen(item[i]) <= per_line) {
            sow_text_fmt(l + used, sizeof g->legend[0] - (size_t)used, "; %s",
                     item[i]);
        } else if (g->nlegend < LEGEND_MAX) {
            sow_text_fmt(g->legend[g->nlegend++], sizeof g->legend[0], "%s",
                     item[i]);
        }
    }
}

static void layout(const sow_setup *s, const sow_game *gm,
                   const sow_svg_opts *o, geo *g)
{
    int n = s->n;
    int y = 8;
    g->s = s;
    g->n = n;
    g->title_y = y + 18;
    if (o->title)
        y += 30;
    if (s->rows > 2) {
        /* rows over rows, each hole with its label over it and its count
         * under it, inside the frame */
        g->fy = y + 8;
        for (int r = 0; r < s->rows; r++)
            g->row_y[r] = g->fy + 50 + (s->rows - 1 - r) * ROW_PITCH +
                          (s->rows == 4 && r < 2 ? 12 : 0); /* the sides */
        g->north_y = g->row_y[s->rows - 1];
        g->south_y = g->row_y[0];
        g->fh = g->south_y + 58 - g->fy;
        y = g->fy + g->fh + 8;
        g->nlabel_y = g->slabel_y = 0;
    } else {
        g->nlabel_y = y + 14;
        y += 22;
        g->fy = y;
        g->north_y = y + 28 + RADIUS;
        g->south_y = g->north_y + 2 * RADIUS + 16;
        g->fh = (g->south_y + RADIUS + 28) - g->fy;
        y = g->fy + g->fh;
        g->slabel_y = y + 16;
        y += 22;
    }
    g->status_y = y + 18;
    if (o->status)
        y += 26;
    g->legend_y = y + 14;
    int content;
    if (s->stores) {
        g->fw = STORE_W + n * PITCH + STORE_W;
        content = g->fw;
    } else {
        g->fw = n * PITCH + 16;
        content = g->fw + 12 + BOX_W;
    }
    /* wide enough for the board and the lines of text (16-unit bold text
     * is about 10 units a character, 14-unit text about 8.5) */
    g->width = content + 2 * MARGIN;
    if (g->width < MIN_W)
        g->width = MIN_W;
    if (o->title && chars(o->title) * 10 + 2 * MARGIN > g->width)
        g->width = chars(o->title) * 10 + 2 * MARGIN;
    if (o->status && chars(o->status) * 17 / 2 + 2 * MARGIN > g->width)
        g->width = chars(o->status) * 17 / 2 + 2 * MARGIN;
    legend(s, gm, o, g, g->width - 2 * MARGIN);
    g->height = g->legend_y + 16 * (g->nlegend - 1) + 10;
    g->fx = (g->width - content) / 2;
    g->hx = g->fx + (s->stores ? STORE_W : 8);
    g->bx = g->fx + g->fw + 12;
}

/* Centre of hole h: North's row is drawn as South sees it, 2n-1 down to
 * n from the left; on more rows, row by row from South's side (C2.1). */
static void hole_xy(const geo *g, int h, int *x, int *y)
{
    int col = sow_draw_col(g->s, h), row = sow_draw_row(g->s, h);
    *x = g->hx + col * PITCH + PITCH / 2;
    *y = g->s->rows > 2 ? g->row_y[row] : row ? g->north_y : g->south_y;
}

static const char *strong(int p)
{
    return p ? SOW_SVG_NORTH : SOW_SVG_SOUTH;
}

static const char *pale(int p)
{
    return p ? SOW_SVG_NORTH_PALE : SOW_SVG_SOUTH_PALE;
}

static void put_id(sow_buf *b, const sow_svg_opts *o, const char *fmt, int k)
{
    if (!o->ids)
        return;
    put(b, " id=\"");
    put(b, fmt, k);
    put(b, "\"");
}

static void hole(sow_buf *b, const sow_setup *s, const sow_game *gm,
                 const geo *g, const sow_svg_opts *o, int h)
{
    int x, y;
    hole_xy(g, h, &x, &y);
    int own = gm->owner[h];
    int row = s->home[h]; /* the side the hole lies on */
    int count = gm->board[h];
    put(b, "<circle");
    put_id(b, o, "p%d", h);
    int claimant = sow_claimant(gm, h);
    bool closed = (gm->blocked >> h) & 1;
    put(b, " cx=\"%d\" cy=\"%d\" r=\"%d\" fill=\"%s\" stroke=\"%s\" "
           "stroke-width=\"%s\"/>\n",
        x, y, RADIUS, closed ? WOOD_EDGE : pale(own), strong(own),
        own != row ? "3" : "1.5");
    if (claimant >= 0) /* C1.4: a second ring in the claimant's colour */
        put(b, "<circle cx=\"%d\" cy=\"%d\" r=\"%d\" fill=\"none\" "
               "stroke=\"%s\" stroke-width=\"3\"/>\n",
            x, y, RADIUS - 5, strong(claimant));
    put(b, "<g");
    put_id(b, o, "d%d", h);
    put(b, " fill=\"" SEED "\">");
    if (count <= SOW_SVG_DOTS_MAX)
        for (int i = 0; i < count; i++) {
            double dx, dy;
            sow_svg_dot(i, count, RADIUS, &dx, &dy);
            put(b, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\"/>", x + dx,
                y + dy, DOT_R);
        }
    put(b, "</g>\n");
    /* the count: above North's holes, below South's, inside the frame;
     * on more rows below every hole */
    int cy = row && s->rows == 2 ? y - RADIUS - 7 : y + RADIUS + 20;
    put(b, "<text");
    put_id(b, o, "c%d", h);
    put(b, " x=\"%d\" y=\"%d\" text-anchor=\"middle\" font-size=\"17\" "
           "font-weight=\"bold\" fill=\"%s\">%d</text>\n",
        x, cy, count ? INK : WOOD_EDGE, count);
    /* the label, outside the frame; '*' when the other row's player owns
     * the hole (as sow_draw marks it) */
    char l[16];
    sow_hole_label(s, h, l, sizeof l);
    put(b, "<text");
    put_id(b, o, "l%d", h);
    put(b, " x=\"%d\" y=\"%d\" text-anchor=\"middle\" font-size=\"14\" "
           "fill=\"%s\"%s>%s%s</text>\n",
        x, s->rows > 2 ? y - RADIUS - 6 : row ? g->nlabel_y : g->slabel_y,
        own != row ? strong(own) : "#555",
        h == o->last ? " font-weight=\"bold\"" : "", l,
        own != row ? "*" : "");
}

/* A store (stores) or a taken box (no stores) of player p. */
static void store(sow_buf *b, const sow_setup *s, const sow_game *gm,
                  const geo *g, const sow_svg_opts *o, int p)
{
    int x, y, w, h;
    if (s->stores) {
        /* North's at the left end, South's at the right (each player's
         * right hand) */
        x = p ? g->fx + 6 : g->fx + g->fw - STORE_W + 6;
        y = g->fy + 10;
        w = STORE_W - 12;
        h = g->fh - 20;
    } else {
        x = g->bx;
        w = BOX_W;
        h = g->fh / 2 - 8;
        y = p ? g->fy + 4 : g->fy + g->fh - 4 - h;
    }
    bool mover = o->to_move == p;
    put(b, "<rect");
    put_id(b, o, "box%d", p);
    put(b, " x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" rx=\"%d\" "
           "fill=\"%s\" stroke=\"%s\" stroke-width=\"%s\"/>\n",
        x, y, w, h, s->stores ? 22 : 10, s->stores ? pale(p) : "#fffaf0",
        mover ? strong(p) : WOOD_EDGE, mover ? "3.5" : "1");
    int cx = x + w / 2;
    put(b, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" font-size=\"12\" "
           "font-weight=\"bold\" fill=\"%s\">%s</text>\n",
        cx, y + 18, strong(p), p ? "North" : "South");
    put(b, "<text");
    put_id(b, o, "cap%d", p);
    put(b, " x=\"%d\" y=\"%d\" text-anchor=\"middle\" font-size=\"20\" "
           "font-weight=\"bold\" fill=\"" INK "\">%d</text>\n",
        cx, y + h / 2 + 8, (int)gm->captured[p]);
    put(b, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" font-size=\"11\" "
           "fill=\"#555\">%s</text>\n",
        cx, y + h - 8, s->stores ? "store" : "taken");
    if (s->hand > 0) /* C2.6, MW.1: the seeds still to be placed */
        put(b, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" "
               "font-size=\"11\" fill=\"#555\">%d in hand</text>\n",
            cx, y + 34, (int)gm->hand[p]);
}

char *sow_svg_board(const sow_setup *s, const sow_game *gm,
                    const sow_svg_opts *o, size_t *len)
{
    sow_svg_opts none = {-1, NULL, NULL, -1, false};
    if (!o)
        o = &none;
    geo g;
    layout(s, gm, o, &g);
    sow_buf b = {0};
    put(&b, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
            "height=\"%d\" viewBox=\"0 0 %d %d\" "
            "font-family=\"DejaVu Sans, Verdana, Arial, sans-serif\">\n",
        g.width, g.height, g.width, g.height);
    put(&b, "<title>");
    put_text(&b, o->title ? o->title : s->v->name);
    put(&b, "</title>\n");
    put(&b, "<rect width=\"100%%\" height=\"100%%\" fill=\"#fbf8f2\"/>\n");
    put(&b, "<text");
    put_id(&b, o, "head", 0);
    put(&b, " x=\"%d\" y=\"%d\" font-size=\"16\" font-weight=\"bold\" "
            "fill=\"" INK "\">",
        MARGIN, g.title_y);
    put_text(&b, o->title);
    put(&b, "</text>\n");
    put(&b, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" rx=\"18\" "
            "fill=\"" WOOD "\" stroke=\"" WOOD_EDGE "\" stroke-width=\"2\"/>\n",
        g.fx, g.fy, g.fw, g.fh);
    store(&b, s, gm, &g, o, 1);
    store(&b, s, gm, &g, o, 0);
    for (int h = 0; h < s->holes; h++)
        hole(&b, s, gm, &g, o, h);
    /* the last move's ring, and (for a script) the ring of the hole being
     * sown */
    int lx = 0, ly = 0;
    bool last = o->last >= 0 && o->last < s->holes;
    if (last)
        hole_xy(&g, o->last, &lx, &ly);
    if (last || o->ids) {
        put(&b, "<circle");
        put_id(&b, o, "last", 0);
        put(&b, " cx=\"%d\" cy=\"%d\" r=\"%d\" fill=\"none\" stroke=\"" LAST
                "\" stroke-width=\"3.5\"%s/>\n",
            lx, ly, RADIUS + 5, last ? "" : " visibility=\"hidden\"");
    }
    if (o->ids)
        put(&b, "<circle id=\"cur\" cx=\"0\" cy=\"0\" r=\"%d\" fill=\"none\" "
                "stroke=\"" CURRENT "\" stroke-width=\"4\" "
                "stroke-dasharray=\"6 4\" visibility=\"hidden\"/>\n",
            RADIUS + 5);
    put(&b, "<text");
    put_id(&b, o, "turn", 0);
    put(&b, " x=\"%d\" y=\"%d\" font-size=\"14\" fill=\"" INK "\">",
        MARGIN, g.status_y);
    put_text(&b, o->status);
    put(&b, "</text>\n");
    /* what the marks mean */
    for (int i = 0; i < g.nlegend; i++)
        put(&b, "<text x=\"%d\" y=\"%d\" font-size=\"11\" "
                "fill=\"#555\">%s</text>\n",
            MARGIN, g.legend_y + 16 * i, g.legend[i]);
    put(&b, "</svg>\n");
    if (b.oom) {
        free(b.s);
        return NULL;
    }
    if (len)
        *len = b.len;
    return b.s;
}
