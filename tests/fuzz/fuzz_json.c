/* fuzz_json.c - libFuzzer harness: the JSON reader and selfplay summaries
 * (issue 13 #1).
 *
 * The input is the text of a file given to `sow stats`. It goes through
 * the pull parser alone (sow_json_check, and a walk that reads every
 * string and number as the summary reader does), then through
 * sow_stats_read_json. A summary that is accepted is written again with
 * sow_stats_write_json, read back and written once more (the same text
 * both times), written as text, and added to a copy of itself (the totals
 * of two threads: each sum doubles, or an overflow is refused) and merged
 * with a copy (refused: the same shards twice). Findings: crashes,
 * sanitizer reports (a heap overflow, a signed overflow), leaks, error
 * messages that are empty or not one line, a walk that accepts what the
 * syntax check refuses, a summary that does not survive being written and
 * read, totals that do not double. */
#include "fuzz.h"
#include "sow_json.h"
#include "sow_stats.h"

static void finding(const char *what)
{
    fprintf(stderr, "finding: %s\n", what);
    abort();
}

/* Every value read as the summary reader reads it: strings into a
 * buffer, numbers as whole numbers (a fraction is an error, checked). */
static int walk(const uint8_t *data, size_t size)
{
    sow_json j;
    sow_error err;
    char text[256];
    uint64_t n;
    sow_json_init(&j, (const char *)data, size, "fuzz.json", "a hint", &err);
    int rc = SOW_OK;
    do {
        sow_json_kind k = sow_json_peek(&j);
        if (k == SOW_JSON_OBJECT || k == SOW_JSON_ARRAY)
            rc = sow_json_enter(&j);
        else if (k == SOW_JSON_STRING)
            rc = sow_json_string(&j, "a string", text, sizeof text);
        else if (k == SOW_JSON_NUMBER)
            rc = sow_json_uint(&j, "a number", size % 3,
                               UINT64_MAX / (size % 7 + 1), &n);
        else
            rc = sow_json_skip(&j);
        while (!rc && j.depth > 0) {
            int more = sow_json_next(&j, text, sizeof text);
            if (more < 0)
                rc = SOW_ERR;
            if (more == 1)
                break;
        }
    } while (!rc && j.depth > 0);
    if (!rc)
        rc = sow_json_end(&j);
    if (rc)
        fuzz_check_error(&err);
    return rc;
}

static char *json_of(const sow_stats *st, size_t *len)
{
    char *buf = NULL;
    FILE *f = open_memstream(&buf, len);
    if (!f)
        abort();
    sow_stats_write_json(st, f);
    fclose(f);
    return buf;
}

/* Accepted: written, read back, written again -- the same text. */
static void round_trip(const sow_stats *st)
{
    size_t len, len2;
    char *a = json_of(st, &len);
    sow_stats again;
    sow_error err;
    if (sow_stats_read_json(&again, "again.json", a, len, &err)) {
        fprintf(stderr, "finding: a summary written is refused: %s\n%s",
                err.msg, a);
        abort();
    }
    char *b = json_of(&again, &len2);
    if (len != len2 || memcmp(a, b, len) != 0) {
        fprintf(stderr, "finding: written again differs:\n%s%s", a, b);
        abort();
    }
    FILE *devnull = fopen("/dev/null", "w");
    if (devnull) {
        sow_stats_write_text(&again, devnull);
        fclose(devnull);
    }
    free(a);
    free(b);
    sow_stats_free(&again);
}

/* The totals of two threads: st added to a copy of itself. */
static void doubled(const sow_stats *st, const uint8_t *data, size_t size)
{
    sow_stats a, b;
    sow_error err;
    if (sow_stats_read_json(&a, "a.json", (const char *)data, size, &err) ||
        sow_stats_read_json(&b, "b.json", (const char *)data, size, &err))
        finding("the same text read twice: accepted, then refused");
    if (sow_stats_merge(&a, &b, "b.json", NULL, &err) == SOW_OK)
        finding("a merge of a shard with itself is accepted");
    fuzz_check_error(&err);
    if (sow_stats_add_totals(&a, &b, &err)) {
        fuzz_check_error(&err);
        if (a.games != st->games)
            finding("a refused sum changed the totals");
    } else {
        long long games = 0;
        for (long long i = 0; i < a.nhist; i++) {
            if (i && a.hist[i].plies <= a.hist[i - 1].plies)
                finding("the histogram is out of order after a sum");
            games += a.hist[i].games;
        }
        if (a.games != 2 * st->games || games != a.games ||
            a.plies_sum != 2 * st->plies_sum || a.plies_max != st->plies_max)
            finding("the totals of a summary added to itself do not double");
        (void)sow_stats_median_plies(&a);
    }
    sow_stats_free(&a);
    sow_stats_free(&b);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    sow_error err;
    int syntax = sow_json_check((const char *)data, size, "fuzz.json",
                                "a hint", &err);
    if (syntax)
        fuzz_check_error(&err);
    if (walk(data, size) == SOW_OK && syntax)
        finding("the walk accepts a text the syntax check refuses");
    sow_stats st;
    if (sow_stats_read_json(&st, "fuzz.json", (const char *)data, size,
                            &err)) {
        fuzz_check_error(&err);
        return 0;
    }
    if (syntax)
        finding("a summary is accepted whose syntax is refused");
    if (sow_stats_games_between(&st, 0, INT64_MAX) != st.games)
        finding("the histogram of an accepted summary does not hold its "
                "games");
    round_trip(&st);
    doubled(&st, data, size);
    sow_stats_free(&st);
    return 0;
}
