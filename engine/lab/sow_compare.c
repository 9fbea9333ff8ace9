/* sow_compare.c - moments, the z and Welch tests, and the comparison of
 * two self-play runs (see sow_compare.h). */
#include "sow_compare.h"
#include "sow_text.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef unsigned __int128 u128;

static u128 sq_get(const sow_moments *m)
{
    return ((u128)m->sq_hi << 64) | m->sq_lo;
}

static void sq_set(sow_moments *m, u128 v)
{
    m->sq_hi = (uint64_t)(v >> 64);
    m->sq_lo = (uint64_t)v;
}

void sow_moments_add(sow_moments *m, long long x)
{
    u128 ax = (u128)(x < 0 ? -(unsigned long long)x : (unsigned long long)x);
    m->n++;
    m->sum += x;
    sq_set(m, sq_get(m) + ax * ax);
}

void sow_moments_merge(sow_moments *to, const sow_moments *from)
{
    to->n += from->n;
    to->sum += from->sum;
    sq_set(to, sq_get(to) + sq_get(from));
}

double sow_moments_mean(const sow_moments *m)
{
    return m->n ? (double)m->sum / (double)m->n : 0;
}

double sow_moments_var(const sow_moments *m)
{
    if (m->n < 2)
        return 0;
    /* n * sumsq - sum^2 (>= 0) exactly in 128 bits when it fits, then one
     * division */
    u128 sq = sq_get(m), n = (u128)m->n;
    u128 s = (u128)(m->sum < 0 ? -(unsigned long long)m->sum
                               : (unsigned long long)m->sum);
    long double nn = (long double)m->n;
    if (sq <= ~(u128)0 / n) {
        u128 a = n * sq, b = s * s;
        return a > b ? (double)((long double)(a - b) / (nn * (nn - 1))) : 0;
    }
    long double d = nn * (long double)sq - (long double)s * (long double)s;
    return d > 0 ? (double)(d / (nn * (nn - 1))) : 0;
}

void sow_run_moments_add(sow_run_moments *r, const sow_game_stat *g)
{
    sow_moments_add(&r->m[SOW_MEAN_PLIES], g->plies);
    sow_moments_add(&r->m[SOW_MEAN_CAPTURED], g->captured);
    sow_moments_add(&r->m[SOW_MEAN_CAPTURE_MOVES], g->capture_moves);
    sow_moments_add(&r->m[SOW_MEAN_ENDLESS], g->endless_excluded);
    sow_moments_add(&r->m[SOW_MEAN_GAMES], g->games);
}

void sow_run_moments_merge(sow_run_moments *to, const sow_run_moments *from)
{
    for (int i = 0; i < SOW_MEANS; i++)
        sow_moments_merge(&to->m[i], &from->m[i]);
}

/* ---- distributions --------------------------------------------------------- */

double sow_normal_p2(double z)
{
    return erfc(fabs(z) / sqrt(2.0));
}

/* The continued fraction of the incomplete beta function (modified
 * Lentz's method). */
static double beta_cf(double a, double b, double x)
{
    const double tiny = 1e-300, eps = 1e-15;
    double c = 1, d = 1 - (a + b) * x / (a + 1);
    if (fabs(d) < tiny)
        d = tiny;
    d = 1 / d;
    double h = d;
    for (int m = 1; m <= 1000; m++) {
        double m2 = 2.0 * m;
        double num = m * (b - m) * x / ((a - 1 + m2) * (a + m2));
        d = 1 + num * d;
        c = 1 + num / c;
        d = 1 / (fabs(d) < tiny ? tiny : d);
        c = fabs(c) < tiny ? tiny : c;
        h *= d * c;
        num = -(a + m) * (a + b + m) * x / ((a + m2) * (a + 1 + m2));
        d = 1 + num * d;
        c = 1 + num / c;
        d = 1 / (fabs(d) < tiny ? tiny : d);
        c = fabs(c) < tiny ? tiny : c;
        double step = d * c;
        h *= step;
        if (fabs(step - 1) < eps)
            break;
    }
    return h;
}

/* The regularized incomplete beta function I_x(a, b). */
static double beta_inc(double a, double b, double x)
{
    if (x <= 0)
        return 0;
    if (x >= 1)
        return 1;
    double front = exp(lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) +
                       b * log1p(-x));
    if (x < (a + 1) / (a + b + 2))
        return front * beta_cf(a, b, x) / a;
    return 1 - front * beta_cf(b, a, 1 - x) / b;
}

double sow_student_p2(double t, double df)
{
    if (isinf(t))
        return 0;
    if (df <= 0 || isnan(t))
        return 1;
    return beta_inc(df / 2, 0.5, df / (df + t * t));
}

/* ---- tests ----------------------------------------------------------------- */

static sow_test finish_test(sow_test r)
{
    r.significant = r.valid && r.p < 0.05;
    return r;
}

sow_test sow_test_rates(long long k1, long long n1, long long k2,
                        long long n2)
{
    sow_test r = {.p = 1};
    if (n1 <= 0 || n2 <= 0)
        return r;
    r.valid = true;
    double p1 = (double)k1 / (double)n1, p2 = (double)k2 / (double)n2;
    double pool = (double)(k1 + k2) / (double)(n1 + n2);
    double se = sqrt(pool * (1 - pool) * (1.0 / (double)n1 + 1.0 / (double)n2));
    r.diff = p2 - p1;
    if (se > 0) {
        r.stat = r.diff / se;
        r.p = sow_normal_p2(r.stat);
    } else {
        r.constant = true;
    }
    return finish_test(r);
}

sow_test sow_test_means(const sow_moments *a, const sow_moments *b)
{
    sow_test r = {.p = 1};
    r.diff = sow_moments_mean(b) - sow_moments_mean(a);
    if (a->n < 2 || b->n < 2)
        return r;
    r.valid = true;
    double va = sow_moments_var(a) / (double)a->n;
    double vb = sow_moments_var(b) / (double)b->n;
    double se2 = va + vb;
    if (se2 <= 0) {
        if (r.diff != 0) {
            r.stat = r.diff > 0 ? INFINITY : -INFINITY;
            r.p = 0;
        } else {
            r.constant = true;
        }
        return finish_test(r);
    }
    r.stat = r.diff / sqrt(se2);
    /* Welch-Satterthwaite; a side without spread adds nothing */
    double den = 0;
    if (va > 0)
        den += va * va / (double)(a->n - 1);
    if (vb > 0)
        den += vb * vb / (double)(b->n - 1);
    r.df = se2 * se2 / den;
    r.p = sow_student_p2(r.stat, r.df);
    return finish_test(r);
}

/* ---- the rows of a comparison ---------------------------------------------- */

typedef enum { ROW_RATE, ROW_MEAN, ROW_PLAIN } row_kind;

typedef struct row {
    const char *label;  /* text */
    const char *key;    /* JSON */
    row_kind kind;
    double a, b;        /* rates as fractions */
    sow_test t;
} row;

#define MAX_ROWS 16

static void add_rate(row *rows, int *n, const char *label, const char *key,
                     long long ka, long long na, long long kb, long long nb)
{
    row *r = &rows[(*n)++];
    r->label = label;
    r->key = key;
    r->kind = ROW_RATE;
    r->a = na ? (double)ka / (double)na : 0;
    r->b = nb ? (double)kb / (double)nb : 0;
    r->t = sow_test_rates(ka, na, kb, nb);
}

static void add_mean(row *rows, int *n, const char *label, const char *key,
                     const sow_moments *a, const sow_moments *b)
{
    row *r = &rows[(*n)++];
    r->label = label;
    r->key = key;
    r->kind = ROW_MEAN;
    r->a = sow_moments_mean(a);
    r->b = sow_moments_mean(b);
    r->t = sow_test_means(a, b);
}

static void add_plain(row *rows, int *n, const char *label, const char *key,
                      double a, double b)
{
    row *r = &rows[(*n)++];
    r->label = label;
    r->key = key;
    r->kind = ROW_PLAIN;
    r->a = a;
    r->b = b;
    r->t = (sow_test){.diff = b - a, .p = 1};
}

static int make_rows(const sow_reading *ra, const sow_reading *rb, row *rows)
{
    const sow_stats *a = ra->st, *b = rb->st;
    const sow_moments *ma = ra->mom->m, *mb = rb->mom->m;
    int n = 0;
    add_rate(rows, &n, "South wins", "south_wins", a->wins[0], a->games,
             b->wins[0], b->games);
    add_rate(rows, &n, "North wins", "north_wins", a->wins[1], a->games,
             b->wins[1], b->games);
    add_rate(rows, &n, "first mover wins", "first_mover_wins", a->first_wins,
             a->first_known, b->first_wins, b->first_known);
    add_rate(rows, &n, "draws", "draws", a->draws, a->games, b->draws,
             b->games);
    add_rate(rows, &n, "unfinished", "unfinished", a->unfinished, a->games,
             b->unfinished, b->games);
    add_rate(rows, &n, "South moved first", "first_mover_south",
             a->first_south, a->first_known, b->first_south, b->first_known);
    add_mean(rows, &n, "plies, mean", "plies_mean", &ma[SOW_MEAN_PLIES],
             &mb[SOW_MEAN_PLIES]);
    add_plain(rows, &n, "plies, median", "plies_median",
              sow_stats_median_plies(a), sow_stats_median_plies(b));
    add_plain(rows, &n, "plies, max", "plies_max", (double)a->plies_max,
              (double)b->plies_max);
    add_mean(rows, &n, "seeds captured", "captured_per_game",
             &ma[SOW_MEAN_CAPTURED], &mb[SOW_MEAN_CAPTURED]);
    add_mean(rows, &n, "capturing moves", "capture_moves_per_game",
             &ma[SOW_MEAN_CAPTURE_MOVES], &mb[SOW_MEAN_CAPTURE_MOVES]);
    add_mean(rows, &n, "endless left out", "endless_excluded_per_game",
             &ma[SOW_MEAN_ENDLESS], &mb[SOW_MEAN_ENDLESS]);
    if (a->matches || b->matches)
        add_mean(rows, &n, "games per match", "games_per_match",
                 &ma[SOW_MEAN_GAMES], &mb[SOW_MEAN_GAMES]);
    return n;
}

/* ---- text ------------------------------------------------------------------- */

static void text_value(char *buf, size_t size, const row *r, double v)
{
    if (r->kind == ROW_RATE)
        snprintf(buf, size, "%.2f%%", 100 * v);
    else if (r->kind == ROW_PLAIN && v == floor(v) && strstr(r->key, "max"))
        snprintf(buf, size, "%.0f", v);
    else
        snprintf(buf, size, r->kind == ROW_PLAIN ? "%.1f" : "%.3f", v);
}

static void text_p(char *buf, size_t size, const sow_test *t)
{
    if (t->p < 0.001)
        snprintf(buf, size, "<0.001");
    else
        snprintf(buf, size, "%.3f", t->p);
}

/* The options whose values differ between the runs, as "name=value" for
 * run x (0: a, 1: b), or those that agree (x = 2). */
static void options_line(const sow_stats *a, const sow_stats *b, int x,
                         char *buf, size_t size)
{
    size_t len = 0;
    buf[0] = 0;
    for (int i = 0; i < a->noptions && i < b->noptions && len < size; i++) {
        bool same = strcmp(a->opt_value[i], b->opt_value[i]) == 0;
        if (same != (x == 2))
            continue;
        const char *val = x == 1 ? b->opt_value[i] : a->opt_value[i];
        len += (size_t)snprintf(buf + len, size - len, "%s%s=%s",
                                len ? ", " : "", a->opt_name[i], val);
    }
    if (!buf[0])
        snprintf(buf, size, "(none)");
}

void sow_compare_write_text(const sow_reading *ra, const sow_reading *rb,
                            FILE *f)
{
    const sow_stats *a = ra->st, *b = rb->st;
    char line[2048];
    fprintf(f, "%-15s %s; South %s, North %s; seed %llu; %lld %s a reading\n",
            "compare", a->variant, a->players[0], a->players[1],
            (unsigned long long)a->seed, a->games,
            a->matches ? "matches" : "games");
    options_line(a, b, 2, line, sizeof line);
    fprintf(f, "%-15s %s\n", "both", line);
    options_line(a, b, 0, line, sizeof line);
    fprintf(f, "%-15s %s\n", ra->name, line);
    options_line(a, b, 1, line, sizeof line);
    fprintf(f, "%-15s %s\n", rb->name, line);
    if (a->matches != b->matches)
        fprintf(f, "%-15s %s plays single games, %s whole matches: each "
                   "statistic is per game for one and per match for the "
                   "other\n",
                "note", a->matches ? rb->name : ra->name,
                a->matches ? ra->name : rb->name);
    fputc('\n', f);
    row rows[MAX_ROWS];
    int n = make_rows(ra, rb, rows);
    fprintf(f, "%-18s %10s %10s %10s  %-24s %7s  %s\n", "statistic",
            ra->name, rb->name, "B - A", "test", "p", "significant");
    for (int i = 0; i < n; i++) {
        const row *r = &rows[i];
        char va[32], vb[32], d[32], test[64] = "(not tested)", p[16] = "",
             sig[8] = "";
        text_value(va, sizeof va, r, r->a);
        text_value(vb, sizeof vb, r, r->b);
        if (r->kind == ROW_RATE)
            snprintf(d, sizeof d, "%+.2f%%", 100 * r->t.diff);
        else if (r->kind == ROW_PLAIN)
            snprintf(d, sizeof d, "%+.1f", r->t.diff);
        else
            snprintf(d, sizeof d, "%+.3f", r->t.diff);
        if (r->kind != ROW_PLAIN) {
            if (!r->t.valid)
                snprintf(test, sizeof test, "(too few games)");
            else if (r->t.constant)
                snprintf(test, sizeof test, "(no variation)");
            else if (r->kind == ROW_RATE)
                snprintf(test, sizeof test, "z = %+.2f", r->t.stat);
            else if (isinf(r->t.stat))
                snprintf(test, sizeof test, "t = %sinf", r->t.stat > 0 ? "+"
                                                                       : "-");
            else if (r->t.df == 0)
                snprintf(test, sizeof test, "t = %+.2f", r->t.stat);
            else
                snprintf(test, sizeof test, "t = %+.2f, df %.1f", r->t.stat,
                         r->t.df);
            if (r->t.valid && !r->t.constant) {
                text_p(p, sizeof p, &r->t);
                snprintf(sig, sizeof sig, "%s", r->t.significant ? "yes" : "no");
            }
        }
        fprintf(f, "%-18s %10s %10s %10s  %-24s %7s  %s\n", r->label, va, vb,
                d, test, p, sig);
    }
    fprintf(f, "\ntests: rates by the two-proportion z-test (pooled), means "
               "by Welch's t-test;\ntwo-sided, significant when p < 0.05 "
               "(95%%); medians and maxima are not tested.\n");
}

/* ---- JSON ------------------------------------------------------------------- */

static void json_num(FILE *f, double v)
{
    if (isfinite(v))
        fprintf(f, "%.6g", v);
    else
        fputs("null", f);
}

/* A run's summary (sow_stats_write_json without its newline), the
 * reading's name ("A" or "B") and the options whose values differ from the
 * other run's. */
static void json_run(FILE *f, const sow_reading *r, const char *name,
                     const sow_reading *other)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    if (m) {
        sow_stats_write_json(r->st, m);
        fclose(m);
    }
    if (!buf || len < 2) {
        free(buf);
        fputs("null", f);
        return;
    }
    while (len && buf[len - 1] == '\n')
        len--;
    if (len && buf[len - 1] == '}')
        len--; /* the closing brace: two fields follow */
    fwrite(buf, 1, len, f);
    /* the names of the options that differ: plain words (the loader takes
     * no other option names) */
    fprintf(f, ",\"reading\":\"%s\",\"differs\":[", name);
    int k = 0;
    for (int i = 0; i < r->st->noptions && i < other->st->noptions; i++)
        if (strcmp(r->st->opt_value[i], other->st->opt_value[i]) != 0)
            fprintf(f, "%s\"%s\"", k++ ? "," : "", r->st->opt_name[i]);
    fputs("]}", f);
    free(buf);
}

void sow_compare_write_json(const sow_reading *ra, const sow_reading *rb,
                            FILE *f)
{
    /* version 2: the summaries of version 2 (seeds as strings), and the
     * program's version here too */
    fputs("{\"format\":\"sow-compare\",\"version\":2,\"sow_version\":\"", f);
    sow_text_escape_file(f, ra->st->sow_version, SOW_ESC_JSON);
    fputs("\",\"a\":", f);
    json_run(f, ra, "A", rb);
    fputs(",\"b\":", f);
    json_run(f, rb, "B", ra);
    fputs(",\"tests\":[", f);
    row rows[MAX_ROWS];
    int n = make_rows(ra, rb, rows);
    for (int i = 0; i < n; i++) {
        const row *r = &rows[i];
        fprintf(f, "%s{\"statistic\":\"%s\",\"a\":", i ? "," : "", r->key);
        json_num(f, r->a);
        fputs(",\"b\":", f);
        json_num(f, r->b);
        fputs(",\"diff\":", f);
        json_num(f, r->t.diff);
        if (r->kind == ROW_PLAIN || !r->t.valid || r->t.constant) {
            fputs(",\"test\":null}", f);
            continue;
        }
        fprintf(f, ",\"test\":\"%s\",\"stat\":",
                r->kind == ROW_RATE ? "two-proportion z" : "Welch t");
        json_num(f, r->t.stat);
        if (r->kind == ROW_MEAN) {
            fputs(",\"df\":", f);
            json_num(f, r->t.df);
        }
        fputs(",\"p\":", f);
        json_num(f, r->t.p);
        fprintf(f, ",\"significant\":%s}", r->t.significant ? "true" : "false");
    }
    fputs("]}\n", f);
}
