/* sow_stats_read.c - a selfplay summary read back (sow stats): the JSON
 * that sow_stats_write_json writes, from a file that may come from a
 * stranger (issue 13 #1).
 *
 * Nothing in the file is trusted: the text is read with the pull parser
 * of sow_json.h (no tree; memory grows only with the histogram's entries,
 * 16 bytes each), every number against the range a real run can produce
 * (sow_stats.h), and then the totals are checked against each other, the
 * histogram and the games that the shards listed hold, with every product
 * and sum overflow-checked. What is accepted is what sow selfplay --json
 * can write (the keys in any order); the "summary" object is derived from
 * the totals, so it is only checked to be JSON and written afresh. */
#include "sow_stats.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sow_json.h"
#include "sow_num.h"
#include "sow_player.h"
#include "sow_text.h"

#define HINT "is this the --json output of sow selfplay?"

/* A match's games, and a game's plies, at most (sow_stats.h). */
#define MAX_GAME_PLIES ((long long)SOW_MAX_PLIES_LIMIT)
#define MAX_MATCH_PLIES (MAX_GAME_PLIES * SOW_STATS_MAX_MATCH_GAMES)
/* seeds on a board at most: every hole full (uint16_t counts) */
#define MAX_SEEDS ((long long)SOW_MAX_HOLES * 65535)

/* ---- the fields ---------------------------------------------------------- */

enum {
    F_FORMAT, F_VERSION, F_SOW_VERSION, F_VARIANT, F_OPTIONS, F_PLAYERS,
    F_SEED, F_GAMES_REQUESTED, F_UNIT, F_INTERRUPTED, F_SHARDS, F_TOTALS,
    F_SUMMARY, NTOP
};
static const char *const top_name[NTOP] = {
    "format", "version", "sow_version", "variant", "options", "players",
    "seed", "games_requested", "unit", "interrupted", "shards", "totals",
    "summary"};
static const char *const top_want[NTOP] = {
    "a string", "a whole number", "a string", "a string", "an object",
    "a list", "a string of digits", "a whole number", "a string",
    "true or false", "an object", "an object", NULL /* optional */};

enum { S_COUNT, S_DONE, NSHARD };
static const char *const shard_name[NSHARD] = {"count", "done"};
static const char *const shard_want[NSHARD] = {"a whole number", "a list"};

/* "totals", in the order written */
enum {
    T_GAMES, T_SOUTH_WINS, T_NORTH_WINS, T_DRAWS, T_UNFINISHED,
    T_FIRST_KNOWN, T_FIRST_SOUTH, T_FIRST_WINS, T_PLIES_SUM, T_PLIES_MAX,
    T_PLIES_HIST, T_CAPTURED, T_CAPTURE_MOVES, T_ENDLESS, T_MATCH_GAMES,
    NTOTAL
};
static const char *const total_name[NTOTAL] = {
    "games", "south_wins", "north_wins", "draws", "unfinished",
    "first_mover_known", "first_mover_south", "first_mover_wins",
    "plies_sum", "plies_max", "plies_hist", "captured_sum",
    "capture_moves_sum", "endless_excluded_sum", "match_games_sum"};

typedef struct reader reader;

/* An object of known fields: each read by value(r, field). */
typedef struct object_spec {
    const char *name;                 /* "the summary", "\"totals\"" */
    int n;
    const char *const *field;
    const char *const *want;          /* for "missing" (NULL: optional) */
    sow_json_pos *at;                 /* where each field's value begins */
    int (*value)(reader *r, int field);
} object_spec;

struct reader {
    sow_json j;
    sow_stats *st;
    sow_json_pos top_at[NTOP], shard_at[NSHARD], total_at[NTOTAL];
    long long *total[NTOTAL];         /* where each total goes (NULL: the
                                         histogram) */
    long nshards_cap;
};

/* ---- values -------------------------------------------------------------- */

/* A whole number lo..hi (0 <= lo), named `what` in errors. */
static int read_range(reader *r, const char *what, long long lo,
                      long long hi, long long *out)
{
    uint64_t n = 0;
    if (sow_json_uint(&r->j, what, (uint64_t)lo, (uint64_t)hi, &n))
        return SOW_ERR;
    *out = (long long)n;
    return SOW_OK;
}

/* The next value must be of kind k. */
static int want_kind(reader *r, const char *what, sow_json_kind k)
{
    sow_json_kind got = sow_json_peek(&r->j);
    if (got != k)
        return sow_json_fail(&r->j, r->j.at, "%s is %s, not %s; %s", what,
                             sow_json_noun(got), sow_json_noun(k), HINT);
    return SOW_OK;
}

/* Step into the object or list that must come next. */
static int enter_kind(reader *r, const char *what, sow_json_kind k)
{
    return want_kind(r, what, k) || sow_json_enter(&r->j) ? SOW_ERR
                                                          : SOW_OK;
}

/* A string that is shown to people: printable UTF-8 on one line. */
static int read_text(reader *r, const char *what, char *out, size_t size)
{
    if (sow_json_string(&r->j, what, out, size))
        return SOW_ERR;
    if (!sow_text_is_safe(out, strlen(out)))
        return sow_json_fail(&r->j, r->j.at,
                             "%s holds a control character or a byte that "
                             "is not UTF-8; %s",
                             what, HINT);
    return SOW_OK;
}

static int read_object(reader *r, const object_spec *o)
{
    sow_json *j = &r->j;
    if (enter_kind(r, o->name, SOW_JSON_OBJECT))
        return SOW_ERR;
    sow_json_pos top = j->at, unknown_at = {0, 0};
    char key[64], unknown[64] = "";
    unsigned seen = 0;
    int more;
    while ((more = sow_json_next(j, key, sizeof key)) == 1) {
        int f = 0;
        while (f < o->n && strcmp(o->field[f], key) != 0)
            f++;
        if (f == o->n) {
            /* reported after the fields that say what the file is */
            if (!unknown[0]) {
                snprintf(unknown, sizeof unknown, "%s", key);
                unknown_at = j->at;
            }
            if (sow_json_skip(j))
                return SOW_ERR;
            continue;
        }
        if (seen & 1u << f)
            return sow_json_fail(j, j->at,
                                 "field \"%s\" is given twice (first at "
                                 "line %d, column %d); keep one",
                                 key, o->at[f].line, o->at[f].col);
        seen |= 1u << f;
        sow_json_peek(j);
        o->at[f] = j->at;
        if (o->value(r, f))
            return SOW_ERR;
    }
    if (more < 0)
        return SOW_ERR;
    for (int f = 0; f < o->n; f++)
        if (!(seen & 1u << f) && o->want[f])
            return sow_json_fail(j, top,
                                 "field \"%s\" is missing, expected %s; %s",
                                 o->field[f], o->want[f], HINT);
    if (unknown[0]) {
        char list[512] = "";
        for (int f = 0; f < o->n; f++)
            snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s",
                     f ? ", " : "", o->field[f]);
        return sow_json_fail(j, unknown_at,
                             "unknown field \"%s\" in %s; the fields are: "
                             "%s",
                             unknown, o->name, list);
    }
    return SOW_OK;
}

/* ---- what was played ----------------------------------------------------- */

/* -?[0-9]+ as %ld writes it: no leading zero, no "-0", at most 10 digits
 * (an int option is within -10^9..10^9). */
static bool integer_text(const char *s)
{
    if (*s == '-')
        s++;
    size_t n = strspn(s, "0123456789");
    return n >= 1 && n <= 10 && !s[n] && (s[0] != '0' || n == 1) &&
           !(s[-1] == '-' && s[0] == '0');
}

/* An option value as sow_optval_format writes it: true, false, an
 * integer, an enum word, or a word:integer. */
static bool option_value_text(const char *s)
{
    char word[SOW_NAME_MAX];
    const char *colon = strchr(s, ':');
    if (!colon)
        return integer_text(s) || sow_name_valid(s, false);
    size_t n = (size_t)(colon - s);
    if (n >= sizeof word)
        return false;
    memcpy(word, s, n);
    word[n] = 0;
    return sow_name_valid(word, false) && integer_text(colon + 1);
}

static int read_options(reader *r)
{
    sow_stats *st = r->st;
    sow_json *j = &r->j;
    if (enter_kind(r, "field \"options\"", SOW_JSON_OBJECT))
        return SOW_ERR;
    char name[SOW_NAME_MAX];
    int more;
    while ((more = sow_json_next(j, name, sizeof name)) == 1) {
        sow_json_pos at = j->at;
        if (!sow_name_valid(name, false))
            return sow_json_fail(j, at,
                                 "\"%s\" is not an option name (lower-case "
                                 "letters, digits and _); %s",
                                 name, HINT);
        for (int i = 0; i < st->noptions; i++)
            if (strcmp(st->opt_name[i], name) == 0)
                return sow_json_fail(j, at, "option \"%s\" is given twice; "
                                            "keep one",
                                     name);
        if (st->noptions == SOW_MAX_OPTIONS)
            return sow_json_fail(j, at, "more than %d options; a variant "
                                        "has at most %d; %s",
                                 SOW_MAX_OPTIONS, SOW_MAX_OPTIONS, HINT);
        char *value = st->opt_value[st->noptions], what[64];
        snprintf(what, sizeof what, "option %s", name);
        if (read_text(r, what, value, SOW_STATS_NAME_MAX))
            return SOW_ERR;
        if (!option_value_text(value))
            return sow_json_fail(j, j->at,
                                 "option %s: \"%s\" is not a value as sow "
                                 "selfplay writes it (true, false, a whole "
                                 "number, a word or word:number); %s",
                                 name, value, HINT);
        snprintf(st->opt_name[st->noptions++], SOW_NAME_MAX, "%s", name);
    }
    return more < 0 ? SOW_ERR : SOW_OK;
}

static int read_players(reader *r)
{
    sow_json *j = &r->j;
    if (enter_kind(r, "field \"players\"", SOW_JSON_ARRAY))
        return SOW_ERR;
    sow_json_pos list = j->at;
    int n = 0, more;
    while ((more = sow_json_next(j, NULL, 0)) == 1) {
        if (n == 2)
            return sow_json_fail(j, list, "field \"players\" lists more "
                                          "than two players; %s",
                                 HINT);
        char *text = r->st->players[n++];
        if (read_text(r, "a player", text, SOW_STATS_NAME_MAX))
            return SOW_ERR;
        /* exactly as sow selfplay writes a spec: parsed and formatted */
        sow_player_spec spec;
        sow_error e;
        char again[SOW_STATS_NAME_MAX];
        if (sow_player_spec_parse(text, &spec, &e))
            return sow_json_fail(j, j->at, "%s; %s", e.msg, HINT);
        sow_player_spec_format(&spec, again, sizeof again);
        if (strcmp(again, text) != 0)
            return sow_json_fail(j, j->at,
                                 "player \"%s\" is not written as sow "
                                 "selfplay writes it (\"%s\"); %s",
                                 text, again, HINT);
    }
    if (more < 0)
        return SOW_ERR;
    if (n != 2)
        return sow_json_fail(j, list, "field \"players\" lists %d "
                                      "player%s, expected two; %s",
                             n, n == 1 ? "" : "s", HINT);
    return SOW_OK;
}

static int read_format(reader *r)
{
    char text[64];
    if (sow_json_string(&r->j, "field \"format\"", text, sizeof text))
        return SOW_ERR;
    if (strcmp(text, SOW_STATS_FORMAT) != 0)
        return sow_json_fail(&r->j, r->j.at,
                             "field \"format\" is not \"" SOW_STATS_FORMAT
                             "\"; %s",
                             HINT);
    return SOW_OK;
}

static int read_version(reader *r)
{
    long long n;
    if (read_range(r, "field \"version\"", 0, 1000, &n))
        return SOW_ERR;
    if (n != SOW_STATS_VERSION)
        return sow_json_fail(&r->j, r->j.at,
                             "version %lld of the summary format; this sow "
                             "reads version %d",
                             n, SOW_STATS_VERSION);
    return SOW_OK;
}

/* The program's version as sow writes it: digits and dots, such as
 * "0.9.0" (a suffix such as "-dev" allowed: letters, digits, '-', '+'). */
static int read_sow_version(reader *r)
{
    char *v = r->st->sow_version;
    if (read_text(r, "field \"sow_version\"", v, SOW_STATS_PROGRAM_MAX))
        return SOW_ERR;
    size_t n = strspn(v, "0123456789.");
    if (n == 0 || v[0] == '.' ||
        strspn(v + n, "abcdefghijklmnopqrstuvwxyz"
                      "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-+") !=
            strlen(v + n))
        return sow_json_fail(&r->j, r->j.at,
                             "field \"sow_version\" is \"%s\", not a "
                             "version of sow such as \"0.9.0\"; %s",
                             v, HINT);
    return SOW_OK;
}

/* The seed: a string of digits, as sow writes it (a JSON reader keeps a
 * number exactly only below 2^53), or a number, as a tool that turned it
 * back into one may write it; either way 0 to 2^64 - 1, read exactly. */
static int read_seed(reader *r)
{
    if (sow_json_peek(&r->j) != SOW_JSON_STRING)
        return sow_json_uint(&r->j, "field \"seed\"", 0, UINT64_MAX,
                             &r->st->seed);
    char text[32];
    if (sow_json_string(&r->j, "field \"seed\"", text, sizeof text))
        return SOW_ERR;
    if (sow_parse_u64(text, &r->st->seed) || (text[0] == '0' && text[1]))
        return sow_json_fail(&r->j, r->j.at,
                             "field \"seed\" is \"%s\", not a whole "
                             "number from 0 to 18446744073709551615 in "
                             "digits; %s",
                             text, HINT);
    return SOW_OK;
}

static int read_interrupted(reader *r)
{
    sow_json_kind k = sow_json_peek(&r->j);
    if (k != SOW_JSON_TRUE && k != SOW_JSON_FALSE)
        return sow_json_fail(&r->j, r->j.at,
                             "field \"interrupted\" is %s, not true or "
                             "false; %s",
                             sow_json_noun(k), HINT);
    r->st->interrupted = k == SOW_JSON_TRUE;
    return sow_json_skip(&r->j);
}

static int read_variant(reader *r)
{
    sow_stats *st = r->st;
    if (read_text(r, "field \"variant\"", st->variant, sizeof st->variant))
        return SOW_ERR;
    if (!sow_name_valid(st->variant, true))
        return sow_json_fail(&r->j, r->j.at,
                             "field \"variant\" is \"%s\", not a variant id "
                             "(lower-case letters, digits and dashes); %s",
                             st->variant, HINT);
    return SOW_OK;
}

static int read_unit(reader *r)
{
    char unit[16];
    if (sow_json_string(&r->j, "field \"unit\"", unit, sizeof unit) ||
        (strcmp(unit, "game") != 0 && strcmp(unit, "match") != 0))
        return r->j.failed ? SOW_ERR
                           : sow_json_fail(&r->j, r->j.at,
                                           "field \"unit\" is not \"game\" "
                                           "or \"match\"; %s",
                                           HINT);
    r->st->matches = strcmp(unit, "match") == 0;
    return SOW_OK;
}

/* ---- shards -------------------------------------------------------------- */

/* "done": shard indices, ascending, each once (checked against "count"
 * once both are read). */
static int read_done(reader *r)
{
    sow_stats *st = r->st;
    sow_json *j = &r->j;
    if (enter_kind(r, "field \"done\"", SOW_JSON_ARRAY))
        return SOW_ERR;
    int more;
    while ((more = sow_json_next(j, NULL, 0)) == 1) {
        long long n;
        if (read_range(r, "a shard index in \"done\"", 0,
                       SOW_STATS_MAX_SHARDS - 1, &n))
            return SOW_ERR;
        if (st->nshards && n <= st->shards[st->nshards - 1])
            return sow_json_fail(j, j->at,
                                 "shard %lld in \"done\" comes after %ld: "
                                 "the list is ascending, each shard once; "
                                 "%s",
                                 n, st->shards[st->nshards - 1], HINT);
        if (st->nshards == r->nshards_cap) {
            long cap = r->nshards_cap ? 2 * r->nshards_cap : 16;
            long *s = realloc(st->shards, (size_t)cap * sizeof *s);
            if (!s)
                return sow_json_fail(j, j->at, "out of memory");
            st->shards = s;
            r->nshards_cap = cap;
        }
        st->shards[st->nshards++] = (long)n;
    }
    return more < 0 ? SOW_ERR : SOW_OK;
}

static int shard_value(reader *r, int f)
{
    long long n = 0;
    if (f == S_DONE)
        return read_done(r);
    if (read_range(r, "field \"count\"", 1, SOW_STATS_MAX_SHARDS, &n))
        return SOW_ERR;
    r->st->shard_count = (long)n;
    return SOW_OK;
}

/* ---- totals -------------------------------------------------------------- */

/* One [plies, games] pair of "plies_hist" (entry k, from 1). */
static int read_bin(reader *r, long long k)
{
    sow_stats *st = r->st;
    sow_json *j = &r->j;
    char what[64];
    snprintf(what, sizeof what, "entry %lld of \"plies_hist\"", k);
    if (enter_kind(r, what, SOW_JSON_ARRAY))
        return SOW_ERR;
    sow_json_pos at = j->at;
    long long pg[2];
    for (int i = 0; i <= 2; i++) {
        int more = sow_json_next(j, NULL, 0);
        if (more < 0)
            return SOW_ERR;
        if (more != (i < 2))
            return sow_json_fail(j, at, "%s is not a [plies, games] pair; "
                                        "%s",
                                 what, HINT);
        if (i == 2)
            break;
        char number[80];
        snprintf(number, sizeof number, "the %s of %s",
                 i ? "games" : "plies", what);
        /* a length up to a whole match's; games from 1 */
        if (read_range(r, number, i, i ? SOW_STATS_MAX_GAMES
                                        : MAX_MATCH_PLIES,
                       &pg[i]))
            return SOW_ERR;
    }
    if (st->nhist && pg[0] <= st->hist[st->nhist - 1].plies)
        return sow_json_fail(j, at,
                             "entry %lld of \"plies_hist\" is for %lld "
                             "plies, after %lld: the lengths are ascending, "
                             "each once; %s",
                             k, pg[0], st->hist[st->nhist - 1].plies, HINT);
    sow_error e;
    if (sow_stats_hist_add(st, pg[0], pg[1], &e))
        return sow_json_fail(j, at, "%s", e.msg);
    return SOW_OK;
}

static int read_hist(reader *r)
{
    if (enter_kind(r, "field \"plies_hist\"", SOW_JSON_ARRAY))
        return SOW_ERR;
    int more;
    long long k = 0;
    while ((more = sow_json_next(&r->j, NULL, 0)) == 1)
        if (read_bin(r, ++k))
            return SOW_ERR;
    return more < 0 ? SOW_ERR : SOW_OK;
}

static int total_value(reader *r, int f)
{
    if (f == T_PLIES_HIST)
        return read_hist(r);
    /* each total within what the largest run could reach; how they agree
     * is checked once all are read */
    long long max = f <= T_FIRST_WINS   ? SOW_STATS_MAX_GAMES
                    : f == T_PLIES_MAX ? MAX_MATCH_PLIES
                                       : INT64_MAX;
    char what[64];
    snprintf(what, sizeof what, "field \"%s\"", total_name[f]);
    return read_range(r, what, 0, max, r->total[f]);
}

/* ---- the document -------------------------------------------------------- */

static int top_value(reader *r, int f)
{
    sow_stats *st = r->st;
    switch (f) {
    case F_FORMAT: return read_format(r);
    case F_VERSION: return read_version(r);
    case F_SOW_VERSION: return read_sow_version(r);
    case F_VARIANT: return read_variant(r);
    case F_OPTIONS: return read_options(r);
    case F_PLAYERS: return read_players(r);
    case F_SEED: return read_seed(r);
    case F_INTERRUPTED: return read_interrupted(r);
    case F_GAMES_REQUESTED:
        return read_range(r, "field \"games_requested\"", 1,
                          SOW_STATS_MAX_GAMES, &st->games_requested);
    case F_UNIT: return read_unit(r);
    case F_SHARDS: {
        object_spec o = {"field \"shards\"", NSHARD, shard_name, shard_want,
                         r->shard_at, shard_value};
        return read_object(r, &o);
    }
    case F_TOTALS: {
        object_spec o = {"field \"totals\"", NTOTAL, total_name, NULL,
                         r->total_at, total_value};
        const char *want[NTOTAL];
        for (int i = 0; i < NTOTAL; i++)
            want[i] = i == T_PLIES_HIST ? "a list of [plies, games]"
                                        : "a whole number";
        o.want = want;
        return read_object(r, &o);
    }
    default: /* F_SUMMARY: derived from the totals, written afresh */
        if (want_kind(r, "field \"summary\"", SOW_JSON_OBJECT))
            return SOW_ERR;
        return sow_json_skip(&r->j);
    }
}

/* ---- how the totals agree ------------------------------------------------ */

/* The totals disagree, at total f. */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static int disagree(reader *r, int f, const char *fmt, ...)
{
    char what[SOW_MSG_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    return sow_json_fail(&r->j, r->total_at[f],
                         "the totals do not add up: %s; was the file "
                         "changed?",
                         what);
}

/* The games of shard s of N in a run of G: those i < G with i % N == s
 * (as sow selfplay --shard s/N plays them). */
static long long shard_games(long long g, long long n, long s)
{
    return s < g ? (g - s + n - 1) / n : 0;
}

static int check_shards(reader *r)
{
    const sow_stats *st = r->st;
    /* stopped by a signal: the games played are not those of its shards,
     * and nothing can be checked or merged against them */
    if (st->interrupted)
        return sow_json_fail(&r->j, r->top_at[F_INTERRUPTED],
                             "this summary is of an interrupted run (%lld "
                             "games played before it was stopped); sow "
                             "stats merges whole runs and shards only: "
                             "play it again",
                             st->games);
    if (st->nshards == 0)
        return sow_json_fail(&r->j, r->shard_at[S_DONE],
                             "field \"done\" is empty; it lists the shards "
                             "whose games are counted; %s",
                             HINT);
    if (st->shards[st->nshards - 1] >= st->shard_count)
        return sow_json_fail(&r->j, r->shard_at[S_DONE],
                             "shard %ld in \"done\" is not below the count "
                             "of shards, %ld; %s",
                             st->shards[st->nshards - 1], st->shard_count,
                             HINT);
    long long held = 0;
    for (long i = 0; i < st->nshards; i++)
        held += shard_games(st->games_requested, st->shard_count,
                            st->shards[i]);
    if (st->games == held)
        return SOW_OK;
    if (st->nshards == 1)
        return disagree(r, T_GAMES, "games is %lld, but shard %ld/%ld of a "
                                    "run with --games %lld holds %lld",
                        st->games, st->shards[0], st->shard_count,
                        st->games_requested, held);
    return disagree(r, T_GAMES, "games is %lld, but the %ld shards listed "
                                "(of %ld) of a run with --games %lld hold "
                                "%lld",
                    st->games, st->nshards, st->shard_count,
                    st->games_requested, held);
}

static int check_results(reader *r)
{
    const sow_stats *st = r->st;
    long long won = st->wins[0] + st->wins[1]; /* each <= 10^10 */
    if (won + st->draws + st->unfinished != st->games)
        return disagree(r, T_GAMES, "south_wins + north_wins + draws + "
                                    "unfinished is %lld, not games (%lld)",
                        won + st->draws + st->unfinished, st->games);
    if (st->first_known > st->games)
        return disagree(r, T_FIRST_KNOWN, "first_mover_known (%lld) is more "
                                          "than games (%lld)",
                        st->first_known, st->games);
    if (st->first_south > st->first_known)
        return disagree(r, T_FIRST_SOUTH, "first_mover_south (%lld) is more "
                                          "than first_mover_known (%lld)",
                        st->first_south, st->first_known);
    if (st->first_wins > st->first_known || st->first_wins > won)
        return disagree(r, T_FIRST_WINS, "first_mover_wins (%lld) is more "
                                         "than first_mover_known (%lld) or "
                                         "the games won (%lld)",
                        st->first_wins, st->first_known, won);
    return SOW_OK;
}

static int check_hist(reader *r)
{
    const sow_stats *st = r->st;
    long long games = 0, plies = 0;
    bool over = false;
    for (long long i = 0; i < st->nhist; i++) {
        const sow_stats_bin *b = &st->hist[i];
        if (!st->matches && b->plies > MAX_GAME_PLIES)
            return sow_json_fail(&r->j, r->total_at[T_PLIES_HIST],
                                 "entry %lld of \"plies_hist\" is for games "
                                 "of %lld plies; a game has at most %lld "
                                 "(the max_plies ceiling); %s",
                                 i + 1, b->plies, MAX_GAME_PLIES, HINT);
        long long p;
        over = over || __builtin_mul_overflow(b->plies, b->games, &p) ||
               __builtin_add_overflow(plies, p, &plies);
        games += b->games; /* <= 10^10 each, and fewer than 2^31 bins */
    }
    if (games != st->games)
        return disagree(r, T_PLIES_HIST, "the games of \"plies_hist\" add up "
                                         "to %lld, not games (%lld)",
                        games, st->games);
    if (over || plies != st->plies_sum)
        return disagree(r, T_PLIES_SUM, "plies_sum is %lld, but the games of "
                                        "\"plies_hist\" have %s%lld plies",
                        st->plies_sum, over ? "more than " : "",
                        over ? INT64_MAX : plies);
    long long longest = st->nhist ? st->hist[st->nhist - 1].plies : 0;
    if (st->plies_max != longest)
        return disagree(r, T_PLIES_MAX, "plies_max is %lld, but the longest "
                                        "game of \"plies_hist\" has %lld "
                                        "plies",
                        st->plies_max, longest);
    return SOW_OK;
}

/* a * b, or INT64_MAX when it would pass it */
static long long mul_capped(long long a, long long b)
{
    long long p;
    return __builtin_mul_overflow(a, b, &p) ? INT64_MAX : p;
}

/* The sums that each game adds to: within what its games can make. */
static int check_sums(reader *r)
{
    const sow_stats *st = r->st;
    long long mg = st->match_games_sum;
    if (!st->matches && mg != st->games)
        return disagree(r, T_MATCH_GAMES, "match_games_sum is %lld, not games "
                                          "(%lld): a run of single games "
                                          "plays one game each",
                        mg, st->games);
    if (st->matches &&
        (mg < st->games ||
         mg > mul_capped(st->games, SOW_STATS_MAX_MATCH_GAMES)))
        return disagree(r, T_MATCH_GAMES, "match_games_sum is %lld, but %lld "
                                          "matches play from %lld to %lld "
                                          "games",
                        mg, st->games, st->games,
                        mul_capped(st->games, SOW_STATS_MAX_MATCH_GAMES));
    if (st->plies_sum > mul_capped(mg, MAX_GAME_PLIES))
        return disagree(r, T_PLIES_SUM, "plies_sum is %lld, more than "
                                        "match_games_sum (%lld) games of at "
                                        "most %lld plies each can play",
                        st->plies_sum, mg, MAX_GAME_PLIES);
    if (st->capture_moves_sum > st->plies_sum)
        return disagree(r, T_CAPTURE_MOVES, "capture_moves_sum (%lld) is more "
                                            "than plies_sum (%lld), but a "
                                            "capturing move is a ply",
                        st->capture_moves_sum, st->plies_sum);
    if (st->endless_sum > mul_capped(st->plies_sum, SOW_MAX_HOLES))
        return disagree(r, T_ENDLESS, "endless_excluded_sum (%lld) is more "
                                      "than %d moves left out before each of "
                                      "plies_sum (%lld) plies",
                        st->endless_sum, SOW_MAX_HOLES, st->plies_sum);
    if (st->captured_sum > mul_capped(mg, MAX_SEEDS))
        return disagree(r, T_CAPTURED, "captured_sum (%lld) is more than "
                                       "match_games_sum (%lld) games of at "
                                       "most %lld seeds each can capture",
                        st->captured_sum, mg, MAX_SEEDS);
    return SOW_OK;
}

int sow_stats_read_json(sow_stats *st, const char *path, const char *text,
                        size_t len, sow_error *err)
{
    sow_stats_init(st);
    if (len > SOW_STATS_FILE_MAX)
        return sow_error_set(err, path, 0, 0,
                             "is larger than " SOW_STATS_FILE_WHAT " may be: "
                             "at most %zu bytes",
                             SOW_STATS_FILE_MAX);
    /* the syntax first: a broken file is reported as that, before what
     * its values mean */
    if (sow_json_check(text, len, path, HINT, err))
        return SOW_ERR;
    reader r;
    memset(&r, 0, sizeof r);
    r.st = st;
    sow_json_init(&r.j, text, len, path, HINT, err);
    long long *total[NTOTAL] = {
        &st->games, &st->wins[0], &st->wins[1], &st->draws,
        &st->unfinished, &st->first_known, &st->first_south,
        &st->first_wins, &st->plies_sum, &st->plies_max,
        NULL /* plies_hist */, &st->captured_sum, &st->capture_moves_sum,
        &st->endless_sum, &st->match_games_sum};
    memcpy(r.total, total, sizeof total);
    object_spec top = {"the summary", NTOP, top_name, top_want, r.top_at,
                       top_value};
    if (read_object(&r, &top) || sow_json_end(&r.j) || check_shards(&r) ||
        check_results(&r) || check_hist(&r) || check_sums(&r)) {
        sow_stats_free(st);
        return SOW_ERR;
    }
    return SOW_OK;
}
