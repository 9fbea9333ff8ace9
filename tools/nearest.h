/* nearest.h - the known word nearest to a mistyped one, for "did you
 * mean ...?" after an unknown command or flag. One measure for both:
 * the edit distance (insertions, deletions, substitutions) with case
 * ignored, so "selfply", "SELFPLAY" and "selfplya" all find "selfplay". */
#ifndef SOW_NEAREST_H
#define SOW_NEAREST_H

/* The search for the nearest of several names to word. */
typedef struct nearest {
    const char *word;
    const char *best; /* the nearest offered so far, or NULL */
    int dist;         /* its distance */
} nearest;

void nearest_init(nearest *n, const char *word);

/* Offer a known name. */
void nearest_offer(nearest *n, const char *name);

/* The nearest name if it is near enough to be what was meant (at most
 * two edits, and fewer than the word has characters), else NULL. */
const char *nearest_best(const nearest *n);

#endif
