/* sow_stats.c - self-play totals, merging, the summary as text and JSON
 * (see sow_stats.h; reading it back is sow_stats_read.c). */
#include "sow_stats.h"
#include "sow_text.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>


void sow_stats_init(sow_stats *st)
{
    memset(st, 0, sizeof *st);
    st->shard_count = 1;
}

void sow_stats_free(sow_stats *st)
{
    free(st->shards);
    free(st->hist);
    memset(st, 0, sizeof *st);
}

int sow_stats_describe(sow_stats *st, const char *variant,
                       const sow_variant *v, const sow_optset *opts,
                       const char *const players[2], uint64_t seed,
                       long long games_requested, bool matches,
                       long shard_index, long shard_count, sow_error *err)
{
    st->matches = matches;
    snprintf(st->variant, sizeof st->variant, "%s", variant);
    st->noptions = v ? v->noptions : 0;
    for (int i = 0; i < st->noptions; i++) {
        char buf[SOW_STATS_NAME_MAX];
        snprintf(st->opt_name[i], sizeof st->opt_name[i], "%s",
                 v->options[i].name);
        sow_optval_format(&v->options[i], opts->val[i], buf, sizeof buf);
        snprintf(st->opt_value[i], sizeof st->opt_value[i], "%s", buf);
    }
    for (int p = 0; p < 2; p++)
        snprintf(st->players[p], sizeof st->players[p], "%s", players[p]);
    st->seed = seed;
    st->games_requested = games_requested;
    st->shard_count = shard_count;
    free(st->shards);
    st->shards = malloc(sizeof *st->shards);
    if (!st->shards)
        return sow_error_set(err, NULL, 0, 0, "out of memory");
    st->shards[0] = shard_index;
    st->nshards = 1;
    return SOW_OK;
}

/* ---- the histogram: bins ascending by plies ------------------------------ */

/* Room for n bins. */
static int hist_reserve(sow_stats *st, long long n, sow_error *err)
{
    if (n <= st->hist_cap)
        return SOW_OK;
    long long cap = st->hist_cap ? st->hist_cap : 64;
    while (cap < n)
        cap *= 2;
    sow_stats_bin *h = realloc(st->hist, (size_t)cap * sizeof *h);
    if (!h)
        return sow_error_set(err, NULL, 0, 0, "out of memory");
    st->hist = h;
    st->hist_cap = cap;
    return SOW_OK;
}

/* The first bin with plies >= p (nhist when none). */
static long long hist_find(const sow_stats *st, long long p)
{
    long long lo = 0, hi = st->nhist;
    while (lo < hi) {
        long long mid = lo + (hi - lo) / 2;
        if (st->hist[mid].plies < p)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* sum += v, unless it would pass 2^63 - 1 (issue 13 #1: no total read
 * from a file may wrap). */
static bool add_would_overflow(long long *sum, long long v)
{
    long long r;
    if (__builtin_add_overflow(*sum, v, &r))
        return true;
    *sum = r;
    return false;
}

static int too_large(sow_error *err)
{
    return sow_error_set(err, NULL, 0, 0,
                         "the totals are too large to add up (over 2^63 - "
                         "1); merge fewer shards");
}

int sow_stats_hist_add(sow_stats *st, long long plies, long long games,
                       sow_error *err)
{
    long long i = st->nhist && st->hist[st->nhist - 1].plies < plies
                      ? st->nhist
                      : hist_find(st, plies);
    if (i < st->nhist && st->hist[i].plies == plies)
        return add_would_overflow(&st->hist[i].games, games) ? too_large(err)
                                                            : SOW_OK;
    if (hist_reserve(st, st->nhist + 1, err))
        return SOW_ERR;
    memmove(st->hist + i + 1, st->hist + i,
            (size_t)(st->nhist - i) * sizeof *st->hist);
    st->hist[i].plies = plies;
    st->hist[i].games = games;
    st->nhist++;
    return SOW_OK;
}

long long sow_stats_games_between(const sow_stats *st, long long from,
                                  long long to)
{
    long long n = 0;
    for (long long i = hist_find(st, from);
         i < st->nhist && st->hist[i].plies < to; i++)
        n += st->hist[i].games;
    return n;
}

/* The histograms of a and b added, into *out (malloc'd, *n bins). */
static int hist_merged(const sow_stats *a, const sow_stats *b,
                       sow_stats_bin **out, long long *n, sow_error *err)
{
    sow_stats_bin *m = malloc((size_t)(a->nhist + b->nhist + 1) * sizeof *m);
    if (!m)
        return sow_error_set(err, NULL, 0, 0, "out of memory");
    long long i = 0, j = 0, k = 0;
    while (i < a->nhist || j < b->nhist) {
        if (j == b->nhist ||
            (i < a->nhist && a->hist[i].plies < b->hist[j].plies)) {
            m[k++] = a->hist[i++];
        } else if (i == a->nhist || b->hist[j].plies < a->hist[i].plies) {
            m[k++] = b->hist[j++];
        } else {
            m[k] = a->hist[i++];
            if (add_would_overflow(&m[k++].games, b->hist[j++].games)) {
                free(m);
                return too_large(err);
            }
        }
    }
    *out = m;
    *n = k;
    return SOW_OK;
}

/* ---- totals ----------------------------------------------------------------- */

/* The totals that add up when runs merge (plies_max does not: it is the
 * larger). */
enum { NSUMS = 13 };
static void sums_of(const sow_stats *st, const long long *f[NSUMS])
{
    const long long *all[NSUMS] = {
        &st->games, &st->wins[0], &st->wins[1], &st->draws,
        &st->unfinished, &st->first_known, &st->first_south,
        &st->first_wins, &st->plies_sum, &st->captured_sum,
        &st->capture_moves_sum, &st->endless_sum, &st->match_games_sum};
    memcpy(f, all, sizeof all);
}

/* The sums of to and from into sum[] (nothing is changed): an overflow
 * is an error before anything is added, so that `to` stays whole. */
static int sums_added(const sow_stats *to, const sow_stats *from,
                      long long sum[NSUMS], sow_error *err)
{
    const long long *a[NSUMS], *b[NSUMS];
    sums_of(to, a);
    sums_of(from, b);
    for (int i = 0; i < NSUMS; i++) {
        sum[i] = *a[i];
        if (add_would_overflow(&sum[i], *b[i]))
            return too_large(err);
    }
    return SOW_OK;
}

static void sums_set(sow_stats *st, const long long sum[NSUMS])
{
    const long long *f[NSUMS];
    sums_of(st, f);
    for (int i = 0; i < NSUMS; i++)
        *(long long *)f[i] = sum[i];
}

int sow_stats_add(sow_stats *st, const sow_game_stat *g, sow_error *err)
{
    sow_stats one;
    sow_stats_init(&one);
    one.games = 1;
    if (g->unfinished)
        one.unfinished = 1;
    else if (g->winner < 0)
        one.draws = 1;
    else
        one.wins[g->winner & 1] = 1;
    if (g->first_mover >= 0) {
        one.first_known = 1;
        one.first_south = g->first_mover == 0;
        one.first_wins = !g->unfinished && g->winner == g->first_mover;
    }
    one.plies_sum = g->plies;
    one.captured_sum = g->captured;
    one.capture_moves_sum = g->capture_moves;
    one.endless_sum = g->endless_excluded;
    one.match_games_sum = g->games;
    long long sum[NSUMS];
    if (sums_added(st, &one, sum, err) ||
        sow_stats_hist_add(st, g->plies, 1, err))
        return SOW_ERR;
    sums_set(st, sum);
    if (g->plies > st->plies_max)
        st->plies_max = g->plies;
    return SOW_OK;
}

int sow_stats_add_totals(sow_stats *to, const sow_stats *from,
                         sow_error *err)
{
    long long sum[NSUMS];
    sow_stats_bin *h = NULL;
    long long n = 0;
    if (sums_added(to, from, sum, err) ||
        hist_merged(to, from, &h, &n, err))
        return SOW_ERR;
    sums_set(to, sum);
    if (from->plies_max > to->plies_max)
        to->plies_max = from->plies_max;
    free(to->hist);
    to->hist = h;
    to->nhist = n;
    to->hist_cap = n + 1;
    return SOW_OK;
}

/* The shard lists of a and b, both ascending, merged into *out; a shard
 * in both is an error naming `where`. Linear: a file may list up to a
 * billion shards. */
static int shards_merged(const sow_stats *a, const sow_stats *b,
                         const char *where, long **out, sow_error *err)
{
    long *m = malloc((size_t)(a->nshards + b->nshards + 1) * sizeof *m);
    if (!m)
        return sow_error_set(err, NULL, 0, 0, "out of memory");
    long i = 0, j = 0, k = 0;
    while (i < a->nshards || j < b->nshards) {
        if (i < a->nshards && j < b->nshards &&
            a->shards[i] == b->shards[j]) {
            free(m);
            return sow_error_set(err, where, 0, 0,
                                 "shard %ld/%ld is given twice: each "
                                 "shard's games may be counted once",
                                 b->shards[j], b->shard_count);
        }
        if (j == b->nshards ||
            (i < a->nshards && a->shards[i] < b->shards[j]))
            m[k++] = a->shards[i++];
        else
            m[k++] = b->shards[j++];
    }
    *out = m;
    return SOW_OK;
}

int sow_stats_merge(sow_stats *to, const sow_stats *from, const char *where,
                    const char *first, sow_error *err)
{
    const char *differs = NULL;
    if (to->interrupted || from->interrupted)
        return sow_error_set(err, where, 0, 0,
                             "%s an interrupted run: its games are not a "
                             "whole shard; play that shard again",
                             from->interrupted ? "this is"
                                               : "the first file is");
    /* two builds may play the same seed differently: their games are not
     * shards of one run */
    if (strcmp(to->sow_version, from->sow_version) != 0)
        return sow_error_set(err, where, 0, 0,
                             "made by sow %s, but %s was made by sow %s; "
                             "merge only the shards that one build of sow "
                             "played (run them again with one build)",
                             from->sow_version,
                             first ? first : "the first file",
                             to->sow_version);
    char a[2 * SOW_STATS_NAME_MAX + 64] = "", b[sizeof a] = "";
    if (strcmp(to->variant, from->variant) != 0) {
        differs = "variants";
        snprintf(a, sizeof a, "%s", to->variant);
        snprintf(b, sizeof b, "%s", from->variant);
    } else if (to->noptions != from->noptions) {
        differs = "options";
    } else if (to->seed != from->seed) {
        differs = "seeds";
        snprintf(a, sizeof a, "%llu", (unsigned long long)to->seed);
        snprintf(b, sizeof b, "%llu", (unsigned long long)from->seed);
    } else if (to->games_requested != from->games_requested) {
        differs = "numbers of games (--games)";
        snprintf(a, sizeof a, "%lld", to->games_requested);
        snprintf(b, sizeof b, "%lld", from->games_requested);
    } else if (to->matches != from->matches) {
        differs = "units (games or matches)";
        snprintf(a, sizeof a, "%s", to->matches ? "matches" : "games");
        snprintf(b, sizeof b, "%s", from->matches ? "matches" : "games");
    } else if (to->shard_count != from->shard_count) {
        differs = "shard counts (N of --shard I/N)";
        snprintf(a, sizeof a, "%ld", to->shard_count);
        snprintf(b, sizeof b, "%ld", from->shard_count);
    } else {
        for (int p = 0; p < 2 && !differs; p++)
            if (strcmp(to->players[p], from->players[p]) != 0) {
                differs = "players";
                snprintf(a, sizeof a, "%s,%s", to->players[0],
                         to->players[1]);
                snprintf(b, sizeof b, "%s,%s", from->players[0],
                         from->players[1]);
            }
        for (int i = 0; i < to->noptions && !differs; i++)
            if (strcmp(to->opt_name[i], from->opt_name[i]) != 0 ||
                strcmp(to->opt_value[i], from->opt_value[i]) != 0) {
                differs = "options";
                snprintf(a, sizeof a, "%s=%s", to->opt_name[i],
                         to->opt_value[i]);
                snprintf(b, sizeof b, "%s=%s", from->opt_name[i],
                         from->opt_value[i]);
            }
    }
    if (differs)
        return sow_error_set(err, where, 0, 0,
                             "the %s differ: %s here, %s in the first file; "
                             "merge only the shards of one run (the same "
                             "variant, --option, --players, --seed, --games "
                             "and N of --shard I/N)",
                             differs, b[0] ? b : "(another list)",
                             a[0] ? a : "(another list)");
    long *s = NULL;
    if (shards_merged(to, from, where, &s, err))
        return SOW_ERR;
    if (sow_stats_add_totals(to, from, err)) {
        /* the error is about the file named `where` */
        char msg[SOW_MSG_MAX];
        snprintf(msg, sizeof msg, "%s", err->msg);
        free(s);
        return sow_error_set(err, where, 0, 0, "%s", msg);
    }
    free(to->shards);
    to->shards = s;
    to->nshards += from->nshards;
    return SOW_OK;
}

bool sow_stats_complete(const sow_stats *st)
{
    return st->nshards == st->shard_count;
}

sow_rate sow_wilson(long long k, long long n)
{
    sow_rate r = {0, 0, 1};
    if (n <= 0)
        return r;
    const double z = 1.959963984540054;
    double p = (double)k / (double)n, nn = (double)n;
    double d = 1 + z * z / nn;
    double c = (p + z * z / (2 * nn)) / d;
    double h = z * sqrt(p * (1 - p) / nn + z * z / (4 * nn * nn)) / d;
    r.rate = p;
    r.low = c - h < 0 ? 0 : c - h;
    r.high = c + h > 1 ? 1 : c + h;
    return r;
}

/* The length of the k-th shortest game (from 0). */
static long long kth_plies(const sow_stats *st, long long k)
{
    long long seen = 0;
    for (long long i = 0; i < st->nhist; i++) {
        seen += st->hist[i].games;
        if (seen > k)
            return st->hist[i].plies;
    }
    return st->plies_max;
}

double sow_stats_median_plies(const sow_stats *st)
{
    if (st->games == 0)
        return 0;
    if (st->games % 2)
        return (double)kth_plies(st, st->games / 2);
    return ((double)kth_plies(st, st->games / 2 - 1) +
            (double)kth_plies(st, st->games / 2)) /
           2;
}

/* ---- writing -------------------------------------------------------------- */

static void json_str(FILE *f, const char *s)
{
    fputc('"', f);
    sow_text_escape_file(f, s, SOW_ESC_JSON);
    fputc('"', f);
}

static double per_game(const sow_stats *st, long long sum)
{
    return st->games ? (double)sum / (double)st->games : 0;
}

static void json_rate(FILE *f, const char *name, long long k, long long n)
{
    sow_rate r = sow_wilson(k, n);
    fprintf(f, "\"%s\":{\"count\":%lld,\"of\":%lld,\"rate\":%.6f,"
               "\"low\":%.6f,\"high\":%.6f}",
            name, k, n, r.rate, r.low, r.high);
}

void sow_stats_write_json(const sow_stats *st, FILE *f)
{
    bool whole = sow_stats_complete(st);
    fprintf(f, "{\"format\":\"%s\",\"version\":%d,\"sow_version\":",
            SOW_STATS_FORMAT, SOW_STATS_VERSION);
    json_str(f, st->sow_version);
    fputs(",\"variant\":", f);
    json_str(f, st->variant);
    fputs(",\"options\":{", f);
    for (int i = 0; i < st->noptions; i++) {
        if (i)
            fputc(',', f);
        json_str(f, st->opt_name[i]);
        fputc(':', f);
        json_str(f, st->opt_value[i]);
    }
    fputs("},\"players\":[", f);
    json_str(f, st->players[0]);
    fputc(',', f);
    json_str(f, st->players[1]);
    /* the seed as a string: a JSON reader keeps integers exactly only
     * below 2^53 (a double), and seeds take all 64 bits */
    fprintf(f, "],\"seed\":\"%llu\",\"games_requested\":%lld,"
               "\"unit\":\"%s\",\"interrupted\":%s,",
            (unsigned long long)st->seed, st->games_requested,
            st->matches ? "match" : "game",
            st->interrupted ? "true" : "false");
    /* a complete set of shards is the unsharded run */
    if (whole) {
        fputs("\"shards\":{\"count\":1,\"done\":[0]},", f);
    } else {
        fprintf(f, "\"shards\":{\"count\":%ld,\"done\":[", st->shard_count);
        for (long i = 0; i < st->nshards; i++)
            fprintf(f, "%s%ld", i ? "," : "", st->shards[i]);
        fputs("]},", f);
    }
    fprintf(f,
            "\"totals\":{\"games\":%lld,\"south_wins\":%lld,"
            "\"north_wins\":%lld,\"draws\":%lld,\"unfinished\":%lld,"
            "\"first_mover_known\":%lld,\"first_mover_south\":%lld,"
            "\"first_mover_wins\":%lld,\"plies_sum\":%lld,"
            "\"plies_max\":%lld,\"plies_hist\":[",
            st->games, st->wins[0], st->wins[1], st->draws, st->unfinished,
            st->first_known, st->first_south, st->first_wins, st->plies_sum,
            st->plies_max);
    for (long long i = 0; i < st->nhist; i++)
        fprintf(f, "%s[%lld,%lld]", i ? "," : "", st->hist[i].plies,
                st->hist[i].games);
    fprintf(f,
            "],\"captured_sum\":%lld,\"capture_moves_sum\":%lld,"
            "\"endless_excluded_sum\":%lld,\"match_games_sum\":%lld},",
            st->captured_sum, st->capture_moves_sum, st->endless_sum,
            st->match_games_sum);
    fputs("\"summary\":{", f);
    json_rate(f, "south_wins", st->wins[0], st->games);
    fputc(',', f);
    json_rate(f, "north_wins", st->wins[1], st->games);
    fputc(',', f);
    json_rate(f, "first_mover_wins", st->first_wins, st->first_known);
    fputc(',', f);
    json_rate(f, "draws", st->draws, st->games);
    fputc(',', f);
    json_rate(f, "unfinished", st->unfinished, st->games);
    fprintf(f,
            ",\"plies_mean\":%.6f,\"plies_median\":%.1f,\"plies_max\":%lld,"
            "\"captured_per_game\":%.6f,\"capture_moves_per_game\":%.6f,"
            "\"endless_excluded_per_game\":%.6f,\"games_per_match\":%.6f}}\n",
            per_game(st, st->plies_sum), sow_stats_median_plies(st),
            st->plies_max, per_game(st, st->captured_sum),
            per_game(st, st->capture_moves_sum), per_game(st, st->endless_sum),
            per_game(st, st->match_games_sum));
}

static void text_rate(FILE *f, const char *name, long long k, long long n)
{
    sow_rate r = sow_wilson(k, n);
    fprintf(f, "%-15s %6.2f%%  95%% CI %6.2f%% to %6.2f%%  (%lld of %lld)\n",
            name, 100 * r.rate, 100 * r.low, 100 * r.high, k, n);
}

void sow_stats_write_text(const sow_stats *st, FILE *f)
{
    const char *unit = st->matches ? "match" : "game";
    fprintf(f, "%-15s %s", "variant", st->variant);
    for (int i = 0; i < st->noptions; i++)
        fprintf(f, "%s%s=%s", i ? ", " : " (", st->opt_name[i],
                st->opt_value[i]);
    fprintf(f, "%s\n", st->noptions ? ")" : "");
    fprintf(f, "%-15s South %s, North %s; seed %llu\n", "players",
            st->players[0], st->players[1], (unsigned long long)st->seed);
    fprintf(f, "%-15s %lld", st->matches ? "matches" : "games", st->games);
    if (st->interrupted)
        fprintf(f, " (interrupted: stopped before the last)");
    if (!sow_stats_complete(st)) {
        fprintf(f, " (shards");
        for (long i = 0; i < st->nshards; i++)
            fprintf(f, " %ld", st->shards[i]);
        fprintf(f, " of %ld)", st->shard_count);
    }
    fputc('\n', f);
    text_rate(f, "South wins", st->wins[0], st->games);
    text_rate(f, "North wins", st->wins[1], st->games);
    text_rate(f, "first mover", st->first_wins, st->first_known);
    text_rate(f, "draws", st->draws, st->games);
    text_rate(f, "unfinished", st->unfinished, st->games);
    if (st->first_known)
        fprintf(f, "%-15s South in %.2f%% of %lld %s\n", "moved first",
                100.0 * (double)st->first_south / (double)st->first_known,
                st->first_known, st->matches ? "matches" : "games");
    fprintf(f, "%-15s mean %.2f, median %.1f, max %lld per %s\n", "plies",
            per_game(st, st->plies_sum), sow_stats_median_plies(st),
            st->plies_max, unit);
    fprintf(f, "%-15s %.2f seeds in %.2f capturing moves per %s\n",
            "captures", per_game(st, st->captured_sum),
            per_game(st, st->capture_moves_sum), unit);
    fprintf(f, "%-15s %.3f left out per %s (P6)\n", "endless moves",
            per_game(st, st->endless_sum), unit);
    if (st->matches)
        fprintf(f, "%-15s %.2f games per match\n", "match length",
                per_game(st, st->match_games_sum));
    fprintf(f, "%-15s sow %s\n", "played by", st->sow_version);
}
