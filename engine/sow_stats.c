/* sow_stats.c - self-play totals, merging, the summary as text and JSON,
 * and a small JSON reader for sow stats (see sow_stats.h). */
#include "sow_stats.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define FORMAT_NAME "sow-selfplay"
#define FORMAT_VERSION 1

void sow_stats_init(sow_stats *st)
{
    memset(st, 0, sizeof *st);
    st->shard_count = 1;
}

void sow_stats_free(sow_stats *st)
{
    free(st->shards);
    free(st->plies_hist);
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

/* Room for plies_hist[p]. */
static int hist_room(sow_stats *st, long long p, sow_error *err)
{
    if (p < st->plies_cap)
        return SOW_OK;
    long long cap = st->plies_cap ? st->plies_cap : 256;
    while (cap <= p)
        cap *= 2;
    long long *h = realloc(st->plies_hist, (size_t)cap * sizeof *h);
    if (!h)
        return sow_error_set(err, NULL, 0, 0, "out of memory");
    memset(h + st->plies_cap, 0,
           (size_t)(cap - st->plies_cap) * sizeof *h);
    st->plies_hist = h;
    st->plies_cap = cap;
    return SOW_OK;
}

int sow_stats_add(sow_stats *st, const sow_game_stat *g, sow_error *err)
{
    if (hist_room(st, g->plies, err))
        return SOW_ERR;
    st->games++;
    if (g->unfinished)
        st->unfinished++;
    else if (g->winner < 0)
        st->draws++;
    else
        st->wins[g->winner & 1]++;
    if (g->first_mover >= 0) {
        st->first_known++;
        st->first_south += g->first_mover == 0;
        st->first_wins += !g->unfinished && g->winner == g->first_mover;
    }
    st->plies_sum += g->plies;
    if (g->plies > st->plies_max)
        st->plies_max = g->plies;
    st->plies_hist[g->plies]++;
    st->captured_sum += g->captured;
    st->capture_moves_sum += g->capture_moves;
    st->endless_sum += g->endless_excluded;
    st->match_games_sum += g->games;
    return SOW_OK;
}

int sow_stats_add_totals(sow_stats *to, const sow_stats *from,
                         sow_error *err)
{
    if (from->plies_cap && hist_room(to, from->plies_cap - 1, err))
        return SOW_ERR;
    to->games += from->games;
    to->wins[0] += from->wins[0];
    to->wins[1] += from->wins[1];
    to->draws += from->draws;
    to->unfinished += from->unfinished;
    to->first_known += from->first_known;
    to->first_south += from->first_south;
    to->first_wins += from->first_wins;
    to->plies_sum += from->plies_sum;
    if (from->plies_max > to->plies_max)
        to->plies_max = from->plies_max;
    for (long long p = 0; p < from->plies_cap; p++)
        to->plies_hist[p] += from->plies_hist[p];
    to->captured_sum += from->captured_sum;
    to->capture_moves_sum += from->capture_moves_sum;
    to->endless_sum += from->endless_sum;
    to->match_games_sum += from->match_games_sum;
    return SOW_OK;
}

static int cmp_long(const void *a, const void *b)
{
    long x = *(const long *)a, y = *(const long *)b;
    return (x > y) - (x < y);
}

int sow_stats_merge(sow_stats *to, const sow_stats *from, const char *where,
                    sow_error *err)
{
    const char *differs = NULL;
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
    for (long i = 0; i < from->nshards; i++)
        for (long j = 0; j < to->nshards; j++)
            if (from->shards[i] == to->shards[j])
                return sow_error_set(err, where, 0, 0,
                                     "shard %ld/%ld is given twice: each "
                                     "shard's games may be counted once",
                                     from->shards[i], from->shard_count);
    long *s = realloc(to->shards, (size_t)(to->nshards + from->nshards) *
                                      sizeof *s);
    if (!s)
        return sow_error_set(err, NULL, 0, 0, "out of memory");
    memcpy(s + to->nshards, from->shards,
           (size_t)from->nshards * sizeof *s);
    to->shards = s;
    to->nshards += from->nshards;
    qsort(to->shards, (size_t)to->nshards, sizeof *to->shards, cmp_long);
    return sow_stats_add_totals(to, from, err);
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
    for (long long p = 0; p < st->plies_cap; p++) {
        seen += st->plies_hist[p];
        if (seen > k)
            return p;
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
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c < 0x20)
            fprintf(f, "\\u%04x", c);
        else
            fputc(c, f);
    }
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
    fprintf(f, "{\"format\":\"%s\",\"version\":%d,\"variant\":", FORMAT_NAME,
            FORMAT_VERSION);
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
    fprintf(f, "],\"seed\":%llu,\"games_requested\":%lld,\"unit\":\"%s\",",
            (unsigned long long)st->seed, st->games_requested,
            st->matches ? "match" : "game");
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
    bool first = true;
    for (long long p = 0; p < st->plies_cap; p++)
        if (st->plies_hist[p]) {
            fprintf(f, "%s[%lld,%lld]", first ? "" : ",", p,
                    st->plies_hist[p]);
            first = false;
        }
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
}

/* ---- reading: a small JSON reader ---------------------------------------- */

typedef enum { J_NULL, J_BOOL, J_NUM, J_STR, J_ARR, J_OBJ } jtype;

typedef struct jval {
    jtype t;
    int line, col;
    const char *num;     /* J_NUM: the text */
    size_t numlen;
    char *str;           /* J_STR: unescaped */
    int n;               /* J_ARR, J_OBJ */
    struct jval *items;
    char **keys;         /* J_OBJ */
} jval;

typedef struct jparser {
    const char *p, *start;
    const char *path;
    int line;
    const char *line_start;
    sow_error *err;
    int depth;
} jparser;

static int jfail(jparser *j, const char *what)
{
    return sow_error_set(j->err, j->path, j->line,
                         (int)(j->p - j->line_start) + 1,
                         "%s; is this the --json output of sow selfplay?",
                         what);
}

static void jskip(jparser *j)
{
    for (;;) {
        char c = *j->p;
        if (c == '\n') {
            j->line++;
            j->line_start = ++j->p;
        } else if (c == ' ' || c == '\t' || c == '\r') {
            j->p++;
        } else {
            return;
        }
    }
}

static void jfree(jval *v)
{
    free(v->str);
    for (int i = 0; i < v->n; i++) {
        jfree(&v->items[i]);
        if (v->keys)
            free(v->keys[i]);
    }
    free(v->items);
    free(v->keys);
    memset(v, 0, sizeof *v);
}

static int jvalue(jparser *j, jval *v);

static int jstring(jparser *j, char **out)
{
    j->p++; /* the opening quote */
    size_t cap = 16, len = 0;
    char *s = malloc(cap);
    if (!s)
        return jfail(j, "out of memory");
    for (;;) {
        unsigned char c = (unsigned char)*j->p;
        if (c == 0 || c == '\n' || c < 0x20) {
            free(s);
            return jfail(j, "a string is not closed");
        }
        j->p++;
        if (c == '"')
            break;
        if (c == '\\') {
            char e = *j->p++;
            switch (e) {
            case '"': case '\\': case '/': c = (unsigned char)e; break;
            case 'n': c = '\n'; break;
            case 't': c = '\t'; break;
            case 'r': c = '\r'; break;
            case 'b': c = '\b'; break;
            case 'f': c = '\f'; break;
            case 'u': {
                unsigned x = 0;
                for (int k = 0; k < 4; k++) {
                    char h = *j->p++;
                    x <<= 4;
                    if (h >= '0' && h <= '9') x |= (unsigned)(h - '0');
                    else if (h >= 'a' && h <= 'f') x |= (unsigned)(h - 'a' + 10);
                    else if (h >= 'A' && h <= 'F') x |= (unsigned)(h - 'A' + 10);
                    else {
                        free(s);
                        return jfail(j, "a bad \\u escape");
                    }
                }
                c = x < 0x80 ? (unsigned char)x : '?';
                break;
            }
            default:
                free(s);
                return jfail(j, "a bad escape in a string");
            }
        }
        if (len + 2 > cap) {
            char *t = realloc(s, cap *= 2);
            if (!t) {
                free(s);
                return jfail(j, "out of memory");
            }
            s = t;
        }
        s[len++] = (char)c;
    }
    s[len] = 0;
    *out = s;
    return SOW_OK;
}

static int jpush(jparser *j, jval *v, char *key)
{
    if ((v->n & (v->n - 1)) == 0) { /* grow at powers of two */
        int cap = v->n ? v->n * 2 : 1;
        jval *it = realloc(v->items, (size_t)cap * sizeof *it);
        if (!it) {
            free(key);
            return jfail(j, "out of memory");
        }
        v->items = it;
        if (v->t == J_OBJ) {
            char **k = realloc(v->keys, (size_t)cap * sizeof *k);
            if (!k) {
                free(key);
                return jfail(j, "out of memory");
            }
            v->keys = k;
        }
    }
    memset(&v->items[v->n], 0, sizeof v->items[v->n]);
    if (v->t == J_OBJ)
        v->keys[v->n] = key;
    v->n++;
    return SOW_OK;
}

static int jvalue(jparser *j, jval *v)
{
    jskip(j);
    memset(v, 0, sizeof *v);
    v->line = j->line;
    v->col = (int)(j->p - j->line_start) + 1;
    char c = *j->p;
    if (c == '{' || c == '[') {
        if (++j->depth > 32)
            return jfail(j, "nested too deeply");
        v->t = c == '{' ? J_OBJ : J_ARR;
        char close = c == '{' ? '}' : ']';
        j->p++;
        jskip(j);
        if (*j->p == close) {
            j->p++;
            j->depth--;
            return SOW_OK;
        }
        for (;;) {
            char *key = NULL;
            jskip(j);
            if (v->t == J_OBJ) {
                if (*j->p != '"')
                    return jfail(j, "expected a key in quotes");
                if (jstring(j, &key))
                    return SOW_ERR;
                jskip(j);
                if (*j->p != ':') {
                    free(key);
                    return jfail(j, "expected ':' after a key");
                }
                j->p++;
            }
            if (jpush(j, v, key) || jvalue(j, &v->items[v->n - 1]))
                return SOW_ERR;
            jskip(j);
            if (*j->p == ',') {
                j->p++;
                continue;
            }
            if (*j->p == close) {
                j->p++;
                j->depth--;
                return SOW_OK;
            }
            return jfail(j, close == '}' ? "expected ',' or '}'"
                                         : "expected ',' or ']'");
        }
    }
    if (c == '"') {
        v->t = J_STR;
        return jstring(j, &v->str);
    }
    if (c == '-' || (c >= '0' && c <= '9')) {
        v->t = J_NUM;
        v->num = j->p;
        while (strchr("+-0123456789.eE", *j->p) && *j->p)
            j->p++;
        v->numlen = (size_t)(j->p - v->num);
        return SOW_OK;
    }
    static const struct {
        const char *word;
        jtype t;
    } words[] = {{"true", J_BOOL}, {"false", J_BOOL}, {"null", J_NULL}};
    for (int k = 0; k < 3; k++)
        if (strncmp(j->p, words[k].word, strlen(words[k].word)) == 0) {
            v->t = words[k].t;
            j->p += strlen(words[k].word);
            return SOW_OK;
        }
    return jfail(j, c ? "expected a JSON value" : "the text ends early");
}

static const jval *jget(const jval *o, const char *key)
{
    if (o->t != J_OBJ)
        return NULL;
    for (int i = 0; i < o->n; i++)
        if (strcmp(o->keys[i], key) == 0)
            return &o->items[i];
    return NULL;
}

typedef struct jctx {
    const char *path;
    sow_error *err;
} jctx;

static int jmissing(const jctx *c, const jval *at, const char *field,
                    const char *want)
{
    return sow_error_set(c->err, c->path, at ? at->line : 0,
                         at ? at->col : 0,
                         "field \"%s\" %s %s; is this the --json output of "
                         "sow selfplay?",
                         field, at ? "is not" : "is missing, expected", want);
}

/* Field `key` is not in object o: the error points at the object. */
static int jabsent(const jctx *c, const jval *o, const char *key,
                   const char *want)
{
    return sow_error_set(c->err, c->path, o->line, o->col,
                         "field \"%s\" is missing, expected %s; is this the "
                         "--json output of sow selfplay?",
                         key, want);
}

/* A whole number 0..max in field `key` of o. */
static int jint(const jctx *c, const jval *o, const char *key,
                unsigned long long max, unsigned long long *out)
{
    const jval *v = jget(o, key);
    if (!v)
        return jabsent(c, o, key, "a whole number");
    char buf[32];
    if (v->t != J_NUM || v->numlen == 0 || v->numlen >= sizeof buf ||
        v->num[0] == '-')
        return jmissing(c, v, key, "a whole number from 0");
    memcpy(buf, v->num, v->numlen);
    buf[v->numlen] = 0;
    char *end;
    errno = 0;
    unsigned long long n = strtoull(buf, &end, 10);
    if (*end || errno || n > max)
        return jmissing(c, v, key, "a whole number in range");
    *out = n;
    return SOW_OK;
}

static int jll(const jctx *c, const jval *o, const char *key, long long *out)
{
    unsigned long long n;
    if (jint(c, o, key, (unsigned long long)INT64_MAX / 4, &n))
        return SOW_ERR;
    *out = (long long)n;
    return SOW_OK;
}

static int jtext(const jctx *c, const jval *o, const char *key, char *out,
                 size_t size)
{
    const jval *v = jget(o, key);
    if (!v)
        return jabsent(c, o, key, "a string");
    if (v->t != J_STR)
        return jmissing(c, v, key, "a string");
    if (strlen(v->str) >= size)
        return jmissing(c, v, key, "a string this short");
    snprintf(out, size, "%s", v->str);
    return SOW_OK;
}

static int read_doc(sow_stats *st, const jctx *c, const jval *doc)
{
    if (doc->t != J_OBJ)
        return jmissing(c, doc, "(top)", "an object");
    char fmt[64];
    if (jtext(c, doc, "format", fmt, sizeof fmt))
        return SOW_ERR;
    if (strcmp(fmt, FORMAT_NAME) != 0)
        return jmissing(c, jget(doc, "format"), "format",
                        "\"" FORMAT_NAME "\"");
    unsigned long long n;
    if (jint(c, doc, "version", 1000, &n))
        return SOW_ERR;
    if (n != FORMAT_VERSION)
        return sow_error_set(c->err, c->path, 0, 0,
                             "version %llu of the summary format; this sow "
                             "reads version %d",
                             n, FORMAT_VERSION);
    if (jtext(c, doc, "variant", st->variant, sizeof st->variant))
        return SOW_ERR;
    const jval *o = jget(doc, "options");
    if (!o || o->t != J_OBJ || o->n > SOW_MAX_OPTIONS)
        return jmissing(c, o, "options", "an object of option values");
    st->noptions = o->n;
    for (int i = 0; i < o->n; i++) {
        if (o->items[i].t != J_STR || strlen(o->keys[i]) >= SOW_NAME_MAX ||
            strlen(o->items[i].str) >= SOW_STATS_NAME_MAX)
            return jmissing(c, &o->items[i], o->keys[i], "a short string");
        snprintf(st->opt_name[i], sizeof st->opt_name[i], "%s", o->keys[i]);
        snprintf(st->opt_value[i], sizeof st->opt_value[i], "%s",
                 o->items[i].str);
    }
    const jval *pl = jget(doc, "players");
    if (!pl || pl->t != J_ARR || pl->n != 2 || pl->items[0].t != J_STR ||
        pl->items[1].t != J_STR ||
        strlen(pl->items[0].str) >= SOW_STATS_NAME_MAX ||
        strlen(pl->items[1].str) >= SOW_STATS_NAME_MAX)
        return jmissing(c, pl, "players", "two player specs");
    for (int p = 0; p < 2; p++)
        snprintf(st->players[p], sizeof st->players[p], "%s",
                 pl->items[p].str);
    if (jint(c, doc, "seed", UINT64_MAX, &n))
        return SOW_ERR;
    st->seed = n;
    if (jll(c, doc, "games_requested", &st->games_requested))
        return SOW_ERR;
    char unit[16];
    if (jtext(c, doc, "unit", unit, sizeof unit))
        return SOW_ERR;
    if (strcmp(unit, "game") && strcmp(unit, "match"))
        return jmissing(c, jget(doc, "unit"), "unit",
                        "\"game\" or \"match\"");
    st->matches = strcmp(unit, "match") == 0;
    const jval *sh = jget(doc, "shards");
    if (!sh || sh->t != J_OBJ)
        return jmissing(c, sh, "shards", "an object");
    if (jint(c, sh, "count", 1000000000, &n) || n < 1)
        return n < 1 ? jmissing(c, jget(sh, "count"), "count",
                                "a whole number from 1")
                     : SOW_ERR;
    st->shard_count = (long)n;
    const jval *done = jget(sh, "done");
    if (!done || done->t != J_ARR || done->n < 1 ||
        done->n > st->shard_count)
        return jmissing(c, done, "done", "a list of shard indices");
    st->shards = malloc((size_t)done->n * sizeof *st->shards);
    if (!st->shards)
        return sow_error_set(c->err, NULL, 0, 0, "out of memory");
    for (int i = 0; i < done->n; i++) {
        jval wrap = {.t = J_OBJ, .n = 1, .items = (jval *)&done->items[i],
                     .keys = (char *[]){"done"}};
        if (jint(c, &wrap, "done", (unsigned long long)st->shard_count - 1,
                 &n))
            return SOW_ERR;
        if (i && (long)n <= st->shards[i - 1])
            return jmissing(c, &done->items[i], "done",
                            "ascending shard indices without repeats");
        st->shards[i] = (long)n;
    }
    st->nshards = done->n;
    const jval *t = jget(doc, "totals");
    if (!t || t->t != J_OBJ)
        return jmissing(c, t, "totals", "an object");
    if (jll(c, t, "games", &st->games) ||
        jll(c, t, "south_wins", &st->wins[0]) ||
        jll(c, t, "north_wins", &st->wins[1]) ||
        jll(c, t, "draws", &st->draws) ||
        jll(c, t, "unfinished", &st->unfinished) ||
        jll(c, t, "first_mover_known", &st->first_known) ||
        jll(c, t, "first_mover_south", &st->first_south) ||
        jll(c, t, "first_mover_wins", &st->first_wins) ||
        jll(c, t, "plies_sum", &st->plies_sum) ||
        jll(c, t, "plies_max", &st->plies_max) ||
        jll(c, t, "captured_sum", &st->captured_sum) ||
        jll(c, t, "capture_moves_sum", &st->capture_moves_sum) ||
        jll(c, t, "endless_excluded_sum", &st->endless_sum) ||
        jll(c, t, "match_games_sum", &st->match_games_sum))
        return SOW_ERR;
    const jval *h = jget(t, "plies_hist");
    if (!h || h->t != J_ARR)
        return jmissing(c, h, "plies_hist", "a list of [plies, games]");
    long long count = 0, sum = 0, last = -1;
    for (int i = 0; i < h->n; i++) {
        const jval *pr = &h->items[i];
        long long pc[2];
        for (int k = 0; k < 2; k++) {
            if (pr->t != J_ARR || pr->n != 2)
                return jmissing(c, pr, "plies_hist", "a list of pairs");
            jval wrap = {.t = J_OBJ, .n = 1, .items = &pr->items[k],
                         .keys = (char *[]){"plies_hist"}};
            if (jll(c, &wrap, "plies_hist", &pc[k]))
                return SOW_ERR;
        }
        if (pc[0] <= last || pc[0] > st->plies_max || pc[1] < 1)
            return jmissing(c, pr, "plies_hist",
                            "ascending lengths up to plies_max with counts "
                            "from 1");
        last = pc[0];
        sow_error e2;
        if (hist_room(st, pc[0], &e2))
            return sow_error_set(c->err, NULL, 0, 0, "out of memory");
        st->plies_hist[pc[0]] = pc[1];
        count += pc[1];
        sum += pc[0] * pc[1];
    }
    if (count != st->games || sum != st->plies_sum ||
        st->wins[0] + st->wins[1] + st->draws + st->unfinished !=
            st->games ||
        st->first_wins > st->first_known ||
        st->first_south > st->first_known || st->first_known > st->games ||
        (st->games && last != st->plies_max))
        return sow_error_set(c->err, c->path, t->line, t->col,
                             "the totals do not add up (games, results, "
                             "plies and the plies histogram disagree); was "
                             "the file changed?");
    return SOW_OK;
}

int sow_stats_read_json(sow_stats *st, const char *path, const char *text,
                        sow_error *err)
{
    sow_stats_init(st);
    jparser j = {text, text, path, 1, text, err, 0};
    jval doc;
    if (jvalue(&j, &doc)) {
        jfree(&doc);
        return SOW_ERR;
    }
    jskip(&j);
    int rc = SOW_OK;
    if (*j.p)
        rc = jfail(&j, "more text after the summary object");
    if (!rc) {
        jctx c = {path, err};
        rc = read_doc(st, &c, &doc);
    }
    jfree(&doc);
    if (rc)
        sow_stats_free(st);
    return rc;
}
