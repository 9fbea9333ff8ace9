/* cmd_stats.c - `sow stats FILE... [--json]`: merge the --json summaries
 * of sow selfplay shards (sow_stats.h) into the totals of the whole run. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "flags.h"
#include "sow_buf.h"
#include "sow_file.h"
#include "sow_stats.h"

static void help(void)
{
    printf(
        "usage: sow stats FILE... [--json]\n\n"
        "Merge the --json summaries of sow selfplay runs (the shards of one "
        "run:\nthe same variant, options, players, seed and --games, "
        "--shard I/N with\ndifferent I) and print the summary, as text or "
        "with --json as one JSON\nobject. When every shard is given, the "
        "totals and the JSON are exactly\nthose of the unsharded run; "
        "otherwise the shards included are listed.\nA shard given twice, "
        "or files of different runs, are errors.\n\n"
        "Each FILE is checked before it is merged: a regular file (not a "
        "FIFO,\ndevice or directory) of at most %zu bytes (16 MiB), whose "
        "numbers\nare within what a real run can produce and whose totals "
        "agree with\neach other and with the games of the shards it "
        "lists.\n\n"
        "FILE '-' is standard input: summaries one a line, as `cat "
        "shard-*.json`\ngives them (each line at most 16 MiB).\n\n"
        "The summaries must come from one build of sow (\"sow_version\"): "
        "shards of\ndifferent versions are refused, as are interrupted "
        "runs (Ctrl-C: their\ngames are not a whole shard). The seed is "
        "read as a string of digits (as\nsow writes it) or as a number.\n",
        SOW_STATS_FILE_MAX);
}

/* Read one line of standard input into *out (malloc'd, without its
 * newline): 1, 0 at the end, -1 on an error said in err (a line longer
 * than a summary may be is refused after reading limit + 1 bytes of it,
 * so that endless input without a newline costs no more memory). */
static int read_line(FILE *in, char **out, size_t *len, const char *name,
                     sow_error *err)
{
    sow_buf b = {0};
    int c;
    size_t n = 0;
    while ((c = getc(in)) != EOF && c != '\n') {
        if (++n > SOW_STATS_FILE_MAX) {
            sow_buf_free(&b);
            sow_error_set(err, name, 0, 0,
                          "holds a line larger than " SOW_STATS_FILE_WHAT
                          " may be: at most %zu bytes",
                          SOW_STATS_FILE_MAX);
            return -1;
        }
        char ch = (char)c;
        sow_buf_put(&b, &ch, 1);
    }
    if (ferror(in) || b.oom) {
        sow_error_set(err, name, 0, 0, "cannot read: %s",
                      b.oom ? "out of memory" : "a read error");
        sow_buf_free(&b);
        return -1;
    }
    if (c == EOF && n == 0) {
        sow_buf_free(&b);
        return 0;
    }
    *out = b.s ? b.s : strdup("");
    *len = n;
    return *out ? 1 : -1;
}

/* The merge so far. */
typedef struct merged {
    sow_stats total;
    bool have;
    char first[300]; /* the file the totals began with, for messages */
} merged;

/* Read the summary text[0..len), named `name`, and add it to m. */
static int add_summary(merged *m, const char *name, const char *text,
                       size_t len)
{
    sow_error err;
    sow_error_clear(&err);
    sow_stats one;
    if (sow_stats_read_json(&one, name, text, len, &err)) {
        cli_error("stats", &err);
        return 1;
    }
    if (!m->have) {
        m->total = one;
        m->have = true;
        snprintf(m->first, sizeof m->first, "%s", name);
        return 0;
    }
    int rc = 0;
    if (sow_stats_merge(&m->total, &one, name, m->first, &err)) {
        cli_error("stats", &err);
        rc = 1;
    }
    sow_stats_free(&one);
    return rc;
}

/* "-": one summary a line (JSON Lines, as `cat shard-*.json` gives),
 * each named "standard input (summary N)" in messages. */
static int add_stdin(merged *m)
{
    int rc = 0, got;
    long k = 0;
    char *line;
    size_t len;
    sow_error err;
    char name[64];
    snprintf(name, sizeof name, "standard input");
    while (!rc && (got = read_line(stdin, &line, &len, name, &err)) > 0) {
        if (strspn(line, " \t\r") == len) { /* a blank line */
            free(line);
            continue;
        }
        snprintf(name, sizeof name, "standard input (summary %ld)", ++k);
        rc = add_summary(m, name, line, len);
        free(line);
    }
    if (!rc && got < 0) {
        cli_error("stats", &err);
        rc = 1;
    }
    if (!rc && k == 0) {
        fprintf(stderr, "sow stats: standard input holds no summary; give "
                        "the --json output of sow selfplay, one a line\n");
        rc = 1;
    }
    return rc;
}

typedef struct stats_args {
    bool json;
} stats_args;

static const flag_spec flags[] = {FL_BOOL("json", 0, stats_args, json)};
static const flag_cmd cmd = FLAGS_CMD("stats", help, flags);

int cmd_stats(int argc, char **argv)
{
    const char *C = "stats";
    stats_args sa = {0};
    flags_parsed p;
    if (!flags_parse(&cmd, argc, argv, &sa, &p))
        return p.status;
    bool json = sa.json, dash = false;
    int nfiles = p.npos;
    for (int i = 0; i < p.npos; i++) {
        if (strcmp(p.pos[i], "-") == 0 && dash)
            return cli_usage(C, "'-' (standard input) is given twice");
        dash |= strcmp(p.pos[i], "-") == 0;
    }
    if (!nfiles)
        return cli_usage(C, "which files? e.g. sow stats shard-*.json, or "
                            "sow stats - to read them from standard input");
    merged m;
    memset(&m, 0, sizeof m);
    int rc = 0;
    for (int i = 0; i < p.npos && !rc; i++) {
        const char *a = p.pos[i];
        if (strcmp(a, "-") == 0) {
            rc = add_stdin(&m);
            continue;
        }
        /* the one bounded reader: a regular file of at most
         * SOW_STATS_FILE_MAX bytes (a FIFO or /dev/zero is refused without
         * a read; issue 13) */
        sow_error err;
        sow_error_clear(&err);
        char *text;
        size_t len;
        if (sow_file_read(a, SOW_STATS_FILE_MAX, SOW_STATS_FILE_WHAT, &text,
                          &len, &err)) {
            cli_error(C, &err);
            rc = 1;
            break;
        }
        rc = add_summary(&m, a, text, len);
        free(text);
    }
    if (!rc) {
        if (json)
            sow_stats_write_json(&m.total, stdout);
        else
            sow_stats_write_text(&m.total, stdout);
        if (!sow_stats_complete(&m.total)) {
            fprintf(stderr, "sow stats: %ld of %ld shards given; the totals "
                            "cover those games only\n",
                    m.total.nshards, m.total.shard_count);
        }
    }
    if (m.have)
        sow_stats_free(&m.total);
    return rc;
}
