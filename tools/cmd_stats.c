/* cmd_stats.c - `sow stats FILE... [--json]`: merge the --json summaries
 * of sow selfplay shards (sow_stats.h) into the totals of the whole run. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "sow_stats.h"

static int help_stats(void)
{
    printf(
        "usage: sow stats FILE... [--json]\n\n"
        "Merge the --json summaries of sow selfplay runs (the shards of one "
        "run:\nthe same variant, options, players, seed and --games, "
        "--shard I/N with\ndifferent I) and print the summary, as text or "
        "with --json as one JSON\nobject. When every shard is given, the "
        "totals and the JSON are exactly\nthose of the unsharded run; "
        "otherwise the shards included are listed.\nA shard given twice, "
        "or files of different runs, are errors.\n");
    return 0;
}

static char *read_file(const char *path, sow_error *err)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        sow_error_set(err, path, 0, 0, "cannot read: %s", strerror(errno));
        return NULL;
    }
    size_t cap = 65536, len = 0;
    char *s = malloc(cap);
    while (s) {
        if (len + 1 >= cap) {
            if (cap >= ((size_t)1 << 30)) {
                sow_error_set(err, path, 0, 0,
                              "larger than 1 GiB: not a selfplay summary");
                free(s);
                s = NULL;
                break;
            }
            char *t = realloc(s, cap *= 2);
            if (!t) {
                free(s);
                s = NULL;
                sow_error_set(err, path, 0, 0, "out of memory");
                break;
            }
            s = t;
        }
        size_t k = fread(s + len, 1, cap - len - 1, f);
        len += k;
        if (k == 0) {
            if (ferror(f)) {
                sow_error_set(err, path, 0, 0, "cannot read: %s",
                              strerror(errno));
                free(s);
                s = NULL;
            }
            break;
        }
    }
    if (!s && !err->msg[0])
        sow_error_set(err, path, 0, 0, "out of memory");
    if (s) {
        s[len] = 0;
        if (strlen(s) != len) {
            sow_error_set(err, path, 0, 0,
                          "holds a NUL byte: not a selfplay summary");
            free(s);
            s = NULL;
        }
    }
    fclose(f);
    return s;
}

int cmd_stats(int argc, char **argv)
{
    const char *C = "stats";
    bool json = false;
    int nfiles = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0)
            return help_stats();
        if (strcmp(a, "--json") == 0)
            json = true;
        else if (a[0] == '-' && a[1])
            return cli_usage(C, "unknown flag '%s'", a);
        else
            nfiles++;
    }
    if (!nfiles)
        return cli_usage(C, "which files? e.g. sow stats shard-*.json");
    sow_stats total;
    bool have = false;
    int rc = 0;
    for (int i = 1; i < argc && !rc; i++) {
        const char *a = argv[i];
        if (a[0] == '-' && a[1])
            continue;
        sow_error err;
        sow_error_clear(&err);
        char *text = read_file(a, &err);
        if (!text) {
            cli_error(C, &err);
            rc = 1;
            break;
        }
        sow_stats one;
        if (sow_stats_read_json(&one, a, text, &err)) {
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
