/* sow_compare.h - two readings of a variant side by side (sow compare):
 * per-game moments that add up exactly (so threads give the same numbers
 * in any order), the tests of a difference, and the comparison of two
 * self-play runs as text or JSON.
 *
 * Tests, two-sided, significant when p < 0.05 (95%):
 *   - a rate (South's wins, draws, ...): the two-proportion z-test with the
 *     pooled proportion, z = (p2 - p1) / sqrt(p (1 - p) (1/n1 + 1/n2));
 *   - a mean (plies, captures per game, ...): Welch's t-test,
 *     t = (m2 - m1) / sqrt(v1/n1 + v2/n2), with the Welch-Satterthwaite
 *     degrees of freedom, p from Student's t distribution.
 * The medians and maxima are shown without a test. Both runs play the
 * same seeds, so their games are paired; the tests treat the two runs as
 * independent samples.
 *
 * Nothing here prints except the write functions, to the FILE given. */
#ifndef SOW_COMPARE_H
#define SOW_COMPARE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "sow_stats.h"

/* Count, sum and sum of squares of whole numbers (exact: the squares are
 * kept in 128 bits as two words). */
typedef struct sow_moments {
    long long n;
    long long sum;
    uint64_t sq_hi, sq_lo;
} sow_moments;

void sow_moments_add(sow_moments *m, long long x);
void sow_moments_merge(sow_moments *to, const sow_moments *from);
double sow_moments_mean(const sow_moments *m);
/* The sample variance (n - 1 in the denominator); 0 when n < 2. */
double sow_moments_var(const sow_moments *m);

/* The per-game values whose means are compared. */
enum {
    SOW_MEAN_PLIES,         /* plies per game (per match with matches) */
    SOW_MEAN_CAPTURED,      /* seeds captured by both players */
    SOW_MEAN_CAPTURE_MOVES, /* plies in which the mover took seeds */
    SOW_MEAN_ENDLESS,       /* endless moves left out of the legal moves */
    SOW_MEAN_GAMES,         /* games per match */
    SOW_MEANS
};

typedef struct sow_run_moments {
    sow_moments m[SOW_MEANS];
} sow_run_moments;

void sow_run_moments_add(sow_run_moments *r, const sow_game_stat *g);
void sow_run_moments_merge(sow_run_moments *to, const sow_run_moments *from);

/* The test of one difference (B - A). */
typedef struct sow_test {
    bool valid;        /* there was something to test (else p = 1) */
    bool constant;     /* valid, but nothing varies and A = B (p = 1) */
    double diff;       /* B - A (rates as fractions) */
    double stat;       /* z or t; +-INFINITY when the spread is 0 */
    double df;         /* Welch's degrees of freedom (0 for z) */
    double p;          /* two-sided p-value */
    bool significant;  /* p < 0.05 */
} sow_test;

/* Two-proportion z-test of k1 of n1 (A) against k2 of n2 (B). Not valid
 * when n1 or n2 is 0; when both rates are 0 or both 1, constant, p = 1. */
sow_test sow_test_rates(long long k1, long long n1, long long k2,
                        long long n2);

/* Welch's t-test of the means of a (A) and b (B). Not valid unless both
 * have at least two values. When neither spreads (variances 0), equal
 * means are constant (p = 1) and different ones give t = +-inf, p = 0. */
sow_test sow_test_means(const sow_moments *a, const sow_moments *b);

/* P(|Z| >= z) for a standard normal Z. */
double sow_normal_p2(double z);

/* P(|T| >= t) for Student's t with df degrees of freedom (df > 0). */
double sow_student_p2(double t, double df);

/* A reading: the run's totals and moments, its name ("A") and its values
 * of the options that set it apart ("endless=no_capture_plies:30"). */
typedef struct sow_reading {
    const char *name;
    const char *options;
    const sow_stats *st;
    const sow_run_moments *mom;
} sow_reading;

/* The comparison as a table, one statistic a line: A, B, B - A, the test
 * and its p-value, and whether the difference is significant. */
void sow_compare_write_text(const sow_reading *a, const sow_reading *b,
                            FILE *f);

/* The comparison as one line of JSON: {"format":"sow-compare",
 * "version":2,"sow_version":"0.9.0","a":{...},"b":{...},"tests":[...]}, where a and b are the
 * summaries of sow_stats_write_json plus "reading" ("A" or "B") and
 * "differs" (the names of the options whose values differ; the values are
 * in each summary's "options"). */
void sow_compare_write_json(const sow_reading *a, const sow_reading *b,
                            FILE *f);

#endif
