/* sow_yfield.h - typed values of a YAML tree (sow_yaml.h): a whole number
 * in a range, true or false, a text, one word of a list, the keys of a
 * mapping. The one reader of typed fields for the variant loader
 * (sow_loader.c) and the scenario loader (sow_scenario.c), so that both
 * kinds of file refuse the same things in the same words: YAML's null and
 * YAML 1.1's yes/no where a text is meant, quoted numbers, "+4", "010",
 * "4.0". Every error points at the node (file:line:col) and says how to
 * write the value. */
#ifndef SOW_YFIELD_H
#define SOW_YFIELD_H

#include <stdbool.h>

#include "sow_error.h"
#include "sow_yaml.h"

/* Where errors go: the file being read and the caller's error. */
typedef struct sow_yreader {
    const char *path;
    sow_error *err;
} sow_yreader;

/* An error at node n (its line and column; none for a NULL n). Returns
 * SOW_ERR. */
int sow_yfail(const sow_yreader *r, const sow_ynode *n, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* "a mapping", "a list" or "a single value": for "X must be Y, not Z". */
const char *sow_ytype_name(const sow_ynode *n);

/* A whole number written plainly in decimal digits (an optional '-', no
 * leading zeros, at most nine digits): what sow_yint takes, without a
 * range. Sets *out when out is not NULL. */
bool sow_yis_int(const sow_ynode *n, long *out);

/* The number of a node sow_yint or sow_yis_int accepted (0 otherwise). */
long sow_yint_of(const sow_ynode *n);

/* A mapping, or an error "WHAT must be a mapping (key: value lines)". */
int sow_ymap(const sow_yreader *r, const sow_ynode *n, const char *what);

/* sow_ymap, and each key one of `allowed` (NULL-terminated): an unknown
 * key's error lists the allowed ones. */
int sow_ykeys(const sow_yreader *r, const sow_ynode *map, const char *what,
              const char *const *allowed);

/* A whole number from lo to hi (sow_yis_int's spelling). */
int sow_yint(const sow_yreader *r, const sow_ynode *n, const char *what,
             long lo, long hi, long *out);

/* true or false, written plainly. */
int sow_ybool(const sow_yreader *r, const sow_ynode *n, const char *what,
              bool *out);

/* A text (borrowed from the node): a single value that YAML does not read
 * as null (~, null, empty) or as YAML 1.1's true/false (yes, no, on, off,
 * y, n, ...); it may be empty. */
int sow_ystring(const sow_yreader *r, const sow_ynode *n, const char *what,
                const char **out);

/* sow_ystring, not empty and on one line (no control character: a line
 * break, a tab): names, summaries, rule texts, scenario names. */
int sow_yline(const sow_yreader *r, const sow_ynode *n, const char *what,
              const char **out);

/* One of `words` (NULL-terminated); *out is its index. */
int sow_yword(const sow_yreader *r, const sow_ynode *n, const char *what,
              const char *const *words, int *out);

#endif
