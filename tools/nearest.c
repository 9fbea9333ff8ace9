/* nearest.c - the nearest known word (see nearest.h). */
#include "nearest.h"

#include <ctype.h>
#include <string.h>

/* Names longer than this are never near (no command or flag is). */
#define NEAREST_MAX 40

/* Levenshtein distance, case ignored; one row at a time. */
static int distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la > NEAREST_MAX || lb > NEAREST_MAX)
        return NEAREST_MAX + 1;
    int row[NEAREST_MAX + 1];
    for (size_t j = 0; j <= lb; j++)
        row[j] = (int)j;
    for (size_t i = 1; i <= la; i++) {
        int diag = row[0];
        row[0] = (int)i;
        for (size_t j = 1; j <= lb; j++) {
            int up = row[j];
            int same = tolower((unsigned char)a[i - 1]) ==
                       tolower((unsigned char)b[j - 1]);
            int best = diag + !same;
            if (up + 1 < best)
                best = up + 1;
            if (row[j - 1] + 1 < best)
                best = row[j - 1] + 1;
            row[j] = best;
            diag = up;
        }
    }
    return row[lb];
}

void nearest_init(nearest *n, const char *word)
{
    n->word = word;
    n->best = NULL;
    n->dist = NEAREST_MAX + 1;
}

void nearest_offer(nearest *n, const char *name)
{
    int d = distance(n->word, name);
    if (d < n->dist) {
        n->dist = d;
        n->best = name;
    }
}

const char *nearest_best(const nearest *n)
{
    if (!n->best || n->dist > 2 || (size_t)n->dist >= strlen(n->word))
        return NULL;
    return n->best;
}
