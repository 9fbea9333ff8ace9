/* sow_plot.h - the game-length distributions of two self-play runs as one
 * SVG picture (sow compare --svg): a histogram of each run drawn as an
 * outlined step plot over the same bins, the share of games on the y axis,
 * plies per game (or per match) on the x axis, both axes labelled with
 * ticks, each run's mean as a dashed line, a title and a legend.
 *
 * Self-contained: presentation attributes only (no CSS, script or
 * external reference), text escaped for XML; it has a viewBox and scales
 * freely. */
#ifndef SOW_PLOT_H
#define SOW_PLOT_H

#include <stddef.h>

#include "sow_stats.h"

/* One run to draw: its totals, a short name ("A") and what sets it apart
 * ("endless=no_capture_plies:30"). */
typedef struct sow_plot_run {
    const sow_stats *st;
    const char *name;
    const char *label;
} sow_plot_run;

/* The picture of runs a and b under `title` (UTF-8, or NULL), as a
 * complete SVG document ending in a newline. Returns a new string the
 * caller frees, its length in *len if len is not NULL; NULL when out of
 * memory. */
char *sow_plot_lengths(const sow_plot_run *a, const sow_plot_run *b,
                       const char *title, size_t *len);

#endif
