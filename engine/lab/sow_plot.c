/* sow_plot.c - two game-length histograms as an SVG picture (see
 * sow_plot.h). */
#include "sow_plot.h"
#include "sow_text.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define W 820.0
#define H 500.0
#define LEFT 80.0
#define RIGHT 24.0
#define TOP 92.0
#define BOTTOM 64.0
#define MAX_BINS 60

static const char *const colour[2] = {"#1f5fa8", "#c0392b"};

static void xml_text(FILE *f, const char *s)
{
    sow_text_escape_file(f, s, SOW_ESC_XML);
}

/* The smallest of 1, 2, 5, 10, 20, 50, ... that is at least x. */
static double nice_step(double x)
{
    if (x <= 1)
        return 1;
    double p = pow(10, floor(log10(x)));
    for (int k = 0; k < 4; k++) {
        double m = k == 0 ? 1 : k == 1 ? 2 : k == 2 ? 5 : 10;
        if (m * p >= x - 1e-9)
            return m * p;
    }
    return 10 * p;
}

/* A step for ticks of a range so that there are about `want` of them. */
static double tick_step(double range, int want)
{
    double raw = range / want;
    double p = pow(10, floor(log10(raw)));
    double m = raw / p;
    return (m <= 1 ? 1 : m <= 2 ? 2 : m <= 5 ? 5 : 10) * p;
}

/* The plot's scales: bins of bw plies, each run's share of games per bin,
 * and the extent of both axes. */
typedef struct frame {
    long long bw, nbins;
    double share[2][MAX_BINS + 1];
    double ystep, ymax, xmax, pw, ph;
} frame;

static void frame_of(const sow_plot_run *const run[2], frame *fr)
{
    long long maxp = run[0]->st->plies_max > run[1]->st->plies_max
                         ? run[0]->st->plies_max
                         : run[1]->st->plies_max;
    fr->bw = (long long)nice_step((double)(maxp + 1) / MAX_BINS);
    fr->nbins = maxp / fr->bw + 1;
    double top = 0;
    for (int r = 0; r < 2; r++)
        for (long long i = 0; i < fr->nbins; i++) {
            const sow_stats *st = run[r]->st;
            long long n = sow_stats_games_between(st, i * fr->bw,
                                                  (i + 1) * fr->bw);
            fr->share[r][i] = st->games ? (double)n / (double)st->games : 0;
            if (fr->share[r][i] > top)
                top = fr->share[r][i];
        }
    if (top <= 0)
        top = 1;
    fr->ystep = tick_step(top * 100, 5) / 100;
    fr->ymax = ceil(top / fr->ystep - 1e-9) * fr->ystep;
    fr->xmax = (double)(fr->nbins * fr->bw);
    fr->pw = W - LEFT - RIGHT;
    fr->ph = H - TOP - BOTTOM;
}

/* A value to its x and y on the page. */
static double xp(const frame *fr, double v)
{
    return LEFT + v / fr->xmax * fr->pw;
}

static double yp(const frame *fr, double v)
{
    return TOP + fr->ph - v / fr->ymax * fr->ph;
}

static void put_head(FILE *f, const char *title)
{
    fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
               "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" "
               "height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" "
               "font-family=\"sans-serif\" font-size=\"13\">\n",
            W, H, W, H);
    fputs("<title>", f);
    xml_text(f, title ? title : "game lengths");
    fputs("</title>\n", f);
    fprintf(f, "<rect x=\"0\" y=\"0\" width=\"%.0f\" height=\"%.0f\" "
               "fill=\"#ffffff\"/>\n",
            W, H);
    if (title) {
        fprintf(f, "<text x=\"%.1f\" y=\"26\" text-anchor=\"middle\" "
                   "font-size=\"15\" font-weight=\"bold\">",
                W / 2);
        xml_text(f, title);
        fputs("</text>\n", f);
    }
}

/* The grid with the y ticks, and the x ticks at bin edges. */
static void put_ticks(FILE *f, const frame *fr)
{
    for (double v = 0; v <= fr->ymax + fr->ystep / 2; v += fr->ystep) {
        fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
                   "stroke=\"#e4e4e4\"/>\n",
                LEFT, yp(fr, v), LEFT + fr->pw, yp(fr, v));
        fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%g%%"
                   "</text>\n",
                LEFT - 8, yp(fr, v) + 4, round(v * 1000) / 10);
    }
    double xstep = tick_step(fr->xmax, 10);
    if (xstep < (double)fr->bw)
        xstep = (double)fr->bw;
    for (double v = 0; v <= fr->xmax + 1e-9; v += xstep) {
        fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
                   "stroke=\"#000000\"/>\n",
                xp(fr, v), TOP + fr->ph, xp(fr, v), TOP + fr->ph + 5);
        fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%.0f"
                   "</text>\n",
                xp(fr, v), TOP + fr->ph + 20, v);
    }
}

/* The two histograms as filled step plots, and each run's mean as a
 * dashed line (its value in mean[r]). */
static void put_runs(FILE *f, const frame *fr,
                     const sow_plot_run *const run[2], double mean[2])
{
    for (int r = 0; r < 2; r++) {
        fprintf(f, "<path fill=\"%s\" fill-opacity=\"0.18\" stroke=\"%s\" "
                   "stroke-width=\"2\" d=\"M%.1f %.1f",
                colour[r], colour[r], xp(fr, 0.0), yp(fr, 0.0));
        for (long long i = 0; i < fr->nbins; i++)
            fprintf(f, " L%.1f %.1f L%.1f %.1f",
                    xp(fr, (double)(i * fr->bw)), yp(fr, fr->share[r][i]),
                    xp(fr, (double)((i + 1) * fr->bw)),
                    yp(fr, fr->share[r][i]));
        fprintf(f, " L%.1f %.1f Z\"/>\n", xp(fr, fr->xmax), yp(fr, 0.0));
    }
    for (int r = 0; r < 2; r++) {
        const sow_stats *st = run[r]->st;
        mean[r] = st->games ? (double)st->plies_sum / (double)st->games : 0;
        fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
                   "stroke=\"%s\" stroke-width=\"1.5\" "
                   "stroke-dasharray=\"6 4\"/>\n",
                xp(fr, mean[r]), TOP, xp(fr, mean[r]), TOP + fr->ph,
                colour[r]);
    }
}

/* The axes, their labels and the legend. */
static void put_labels(FILE *f, const frame *fr,
                       const sow_plot_run *const run[2],
                       const double mean[2])
{
    fprintf(f, "<path fill=\"none\" stroke=\"#000000\" d=\"M%.1f %.1f "
               "L%.1f %.1f L%.1f %.1f\"/>\n",
            LEFT, TOP, LEFT, TOP + fr->ph, LEFT + fr->pw, TOP + fr->ph);
    bool matches = run[0]->st->matches;
    const char *unit = matches ? "match" : "game";
    fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">plies "
               "per %s (bins of %lld)</text>\n",
            LEFT + fr->pw / 2, H - 18, unit, fr->bw);
    fprintf(f, "<text x=\"0\" y=\"0\" text-anchor=\"middle\" "
               "transform=\"translate(22 %.1f) rotate(-90)\">share of %s"
               "</text>\n",
            TOP + fr->ph / 2, matches ? "matches" : "games");
    for (int r = 0; r < 2; r++) {
        double y = 50 + 19.0 * r;
        fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"14\" height=\"10\" "
                   "fill=\"%s\" fill-opacity=\"0.18\" stroke=\"%s\" "
                   "stroke-width=\"2\"/>\n",
                LEFT, y - 9, colour[r], colour[r]);
        fprintf(f, "<text x=\"%.1f\" y=\"%.1f\">", LEFT + 20, y);
        xml_text(f, run[r]->name);
        fputs(" ", f);
        xml_text(f, run[r]->label);
        fprintf(f, ": mean %.1f, median %.1f (dashed: the mean)</text>\n",
                mean[r], sow_stats_median_plies(run[r]->st));
    }
}

char *sow_plot_lengths(const sow_plot_run *a, const sow_plot_run *b,
                       const char *title, size_t *len)
{
    const sow_plot_run *const run[2] = {a, b};
    frame fr;
    frame_of(run, &fr);
    char *buf = NULL;
    size_t size = 0;
    FILE *f = open_memstream(&buf, &size);
    if (!f)
        return NULL;
    double mean[2];
    put_head(f, title);
    put_ticks(f, &fr);
    put_runs(f, &fr, run, mean);
    put_labels(f, &fr, run, mean);
    fputs("</svg>\n", f);
    if (fclose(f)) {
        free(buf);
        return NULL;
    }
    if (len)
        *len = size;
    return buf;
}
