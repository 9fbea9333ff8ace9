/* cmd_stats.c - `sow stats FILE... [--json]`: merge the --json summaries
 * of sow selfplay shards (sow_stats.h) into the totals of the whole run. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "flags.h"
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
        "lists.\n",
        SOW_STATS_FILE_MAX);
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
    bool json = sa.json;
    if (!p.npos)
        return cli_usage(C, "which files? e.g. sow stats shard-*.json");
    sow_stats total;
    bool have = false;
    int rc = 0;
    for (int i = 0; i < p.npos && !rc; i++) {
        const char *a = p.pos[i];
        sow_error err;
        sow_error_clear(&err);
        /* the one bounded reader: a regular file of at most
         * SOW_STATS_FILE_MAX bytes (a FIFO or /dev/zero is refused without
         * a read; issue 13) */
        char *text;
        size_t len;
        if (sow_file_read(a, SOW_STATS_FILE_MAX, SOW_STATS_FILE_WHAT, &text,
                          &len, &err)) {
            cli_error(C, &err);
            rc = 1;
            break;
        }
        sow_stats one;
        if (sow_stats_read_json(&one, a, text, len, &err)) {
            free(text);
            cli_error(C, &err);
            rc = 1;
            break;
        }
        free(text);
        if (!have) {
            total = one;
            have = true;
            continue;
        }
        if (sow_stats_merge(&total, &one, a, &err)) {
            cli_error(C, &err);
            rc = 1;
        }
        sow_stats_free(&one);
    }
    if (!rc) {
        if (json)
            sow_stats_write_json(&total, stdout);
        else
            sow_stats_write_text(&total, stdout);
        if (!sow_stats_complete(&total)) {
            fprintf(stderr, "sow stats: %ld of %ld shards given; the totals "
                            "cover those games only\n",
                    total.nshards, total.shard_count);
        }
    }
    if (have)
        sow_stats_free(&total);
    return rc;
}
