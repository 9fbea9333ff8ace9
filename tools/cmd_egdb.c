/* cmd_egdb.c - `sow egdb build|info|verify`: endgame databases, the exact
 * value of every position with at most N seeds on the board (the engine:
 * engine/players/sow_egdb.h; docs/solving.md). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <stddef.h>
#include <unistd.h>

#include "cli.h"
#include "commands.h"
#include "flags.h"
#include "selfplay_run.h"
#include "sow_egdb.h"

static void help(void)
{
    printf(
        "usage: sow egdb build VARIANT --seeds N [--db DIR] [--threads T] "
        "[--progress]\n"
        "                      [--level L --shard K/M] "
        "[--option NAME=VALUE]...\n"
        "       sow egdb merge VARIANT --seeds N --level L [--db DIR]\n"
        "                      [--option NAME=VALUE]...\n"
        "       sow egdb verify VARIANT [--db DIR] [--option NAME=VALUE]...\n"
        "       sow egdb info FILE... [--json]\n\n"
        "Endgame databases: the exact value, with perfect play, of every "
        "position with\nat most N seeds on the board, for the variant with "
        "these option values.\n\n"
        "build    solves every board of 0 seeds, then 1, ... up to N, each "
        "with either\n"
        "         player to move, and writes DIR/ID-DIGEST.egdb (DIGEST "
        "names the\n"
        "         variant file and option values; default DIR: the current "
        "folder;\n"
        "         an option that changes only the start is left out, so "
        "Kalah's\n"
        "         seeds=4 and seeds=5 share one under "
        "threshold_end=false).\n"
        "         Only for games whose seeds on the board never increase "
        "and whose\n"
        "         future is the board, the player to move and the "
        "stores alone: no\n"
        "         script, rounds or repetition rule; the build says "
        "what stops it.\n"
        "         Where play can go round (a cycle), an entry whose value "
        "depends on how\n"
        "         an endless game ends is marked (-127) and not used. "
        "With a threshold\n"
        "         end (Oware) the stores are indexed too (every live pair "
        "with the seeds\n"
        "         on the board): each entry is then the exact margin "
        "(docs/solving.md).\n"
        "         --threads T: T threads (default 0: every core).\n"
        "         --progress: a line on stderr after each level (on a "
        "terminal without\n"
        "         it). Each level finished goes to FILE.part at once: a "
        "build stopped\n"
        "         (--time-limit, an interrupt) resumes there when run "
        "again.\n"
        "         --level L --shard K/M: only part K of M of level L (the "
        "boards of L\n"
        "         seeds), for several machines: reads levels 0 to L-1 from "
        "FILE.part and\n"
        "         writes FILE.L<L>.<K>of<M>.shard (prints its name).\n"
        "merge    checks the shards of level L in DIR (same rules, seeds "
        "and split,\n"
        "         each K once, none missing, not damaged) and every entry "
        "of the level\n"
        "         against its moves, then adds the level to FILE.part (the "
        "last level:\n"
        "         writes FILE, byte for byte the build of one machine) and "
        "removes the\n"
        "         shards. Level by level, e.g. with GNU parallel:\n"
        "           for L in $(seq 0 N); do\n"
        "             parallel sow egdb build V --seeds N --db DIR \\\n"
        "               --level $L --shard {}/8 ::: 0 1 2 3 4 5 6 7 &&\n"
        "             sow egdb merge V --seeds N --db DIR --level $L\n"
        "           done\n"
        "         (docs/solving.md has a Slurm array too).\n"
        "verify   checks the file's checksum and every entry against its "
        "moves.\n"
        "info     what a database file says of itself.\n\n"
        "sow solve --db DIR answers positions from the database of its "
        "rules when the\nfolder holds one.\n\n"
        "Example (Kalah on 2x4, the published end; a test variant of the "
        "source tree):\n"
        "  sow egdb build tests/variants/kalah_small.yaml --option holes=4 "
        "\\\n"
        "      --option threshold_end=false --seeds 12 --db /tmp/egdb\n");
    printf("\n" CLI_TIME_LIMIT_HELP);
}

typedef struct egdb_args {
    cli_opts o;
    long seeds;
    const char *db;
    bool json, progress;
    long threads;
    long level;
    const char *shard;
} egdb_args;

static const flag_spec build_flags[] = {
    FL_LONG("seeds", egdb_args, seeds, "N", 0, SOW_EGDB_MAX_SEEDS,
            "of seeds"),
    FL_STRING("db", egdb_args, db, "DIR"),
    FL_BOOL("progress", 0, egdb_args, progress),
    {.name = "threads", .kind = FLAG_LONG,
     .at = offsetof(egdb_args, threads), .value = "T", .lo = 0, .hi = 256,
     .zero = "every core"},
    FL_LONG("level", egdb_args, level, "L", 0, SOW_EGDB_MAX_SEEDS,
            "of seeds"),
    FL_STRING("shard", egdb_args, shard, "K/M"),
    FLAGS_VARIANT(egdb_args, o),
};
static const flag_cmd build_cmd = FLAGS_CMD("egdb build", help, build_flags);

static const flag_spec merge_flags[] = {
    FL_LONG("seeds", egdb_args, seeds, "N", 0, SOW_EGDB_MAX_SEEDS,
            "of seeds"),
    FL_LONG("level", egdb_args, level, "L", 0, SOW_EGDB_MAX_SEEDS,
            "of seeds"),
    FL_STRING("db", egdb_args, db, "DIR"),
    FLAGS_VARIANT(egdb_args, o),
};
static const flag_cmd merge_cmd = FLAGS_CMD("egdb merge", help, merge_flags);

static const flag_spec verify_flags[] = {
    FL_STRING("db", egdb_args, db, "DIR"),
    FLAGS_VARIANT(egdb_args, o),
};
static const flag_cmd verify_cmd =
    FLAGS_CMD("egdb verify", help, verify_flags);

static const flag_spec info_flags[] = {
    FL_BOOL("json", 0, egdb_args, json),
};
static const flag_cmd info_cmd = FLAGS_CMD("egdb info", help, info_flags);

static void on_level(void *ctx, const sow_egdb_progress *p)
{
    (void)ctx;
    if (p->resumed && p->level == p->resumed)
        fprintf(stderr, "sow egdb: resumed a stopped build: %d level%s "
                        "read back\n", p->resumed, p->resumed == 1 ? "" : "s");
    fprintf(stderr, "sow egdb: %d of %d seeds, %llu entries, %.1f s, %d "
                    "round%s, %d thread%s\n",
            p->level, p->seeds, (unsigned long long)p->done, p->seconds,
            p->rounds, p->rounds == 1 ? "" : "s", p->threads,
            p->threads == 1 ? "" : "s");
}

/* --level L --shard K/M (both or neither; --shard read as selfplay reads
 * it) into *k, *m: 0, or 2 after a usage error. */
static int shard_of(const egdb_args *a, long *k, long *m)
{
    sp_flags f = SP_FLAGS_DEFAULT;
    f.shard = a->shard;
    if (sp_flags_check("egdb build", &f))
        return 2;
    *k = f.shard_i;
    *m = f.shard_n;
    if (*m > SOW_EGDB_MAX_SHARDS)
        return cli_usage("egdb build", "--shard K/M: at most %d shards a "
                         "level, not %ld", SOW_EGDB_MAX_SHARDS, *m);
    if ((a->level >= 0) != (a->shard != NULL))
        return cli_usage("egdb build", "--level L and --shard K/M go "
                         "together: part K of M of level L");
    if (a->level > a->seeds)
        return cli_usage("egdb build", "--level %ld is past --seeds %ld",
                         a->level, a->seeds);
    return 0;
}

static int build(int argc, char **argv)
{
    egdb_args a = {.seeds = -1, .db = ".", .level = -1};
    flags_parsed p;
    const char *variant = flags_parse_variant(
        &build_cmd, argc, argv, &a, &p,
        "sow egdb build kalah --seeds 10 --option threshold_end=false");
    if (!variant)
        return p.status;
    if (a.seeds < 0)
        return cli_usage("egdb build", "--seeds N is needed: the most seeds "
                         "on the board the database covers");
    long k = 0, m = 1;
    if (shard_of(&a, &k, &m))
        return 2;
    sow_error err;
    cli_game cg;
    if (cli_open(&cg, variant, &a.o, &err)) {
        cli_error("egdb build", &err);
        return 1;
    }
    char path[4096];
    int rc = sow_egdb_check(&cg.setup, &err);
    if (!rc && mkdir(a.db, 0777) && errno != EEXIST)
        rc = sow_error_set(&err, a.db, 0, 0, "cannot make the folder: %s",
                           strerror(errno));
    if (!rc)
        rc = sow_egdb_path(&cg.setup, a.db, path, sizeof path, &err);
    char out[4400];
    snprintf(out, sizeof out, "%s", path);
    if (!rc && a.shard)
        rc = sow_egdb_build_shard(&cg.eng, (int)a.seeds, (int)a.level, k, m,
                                  flags_threads(a.threads), path, out,
                                  sizeof out, &err);
    else if (!rc)
        rc = sow_egdb_build(&cg.eng, (int)a.seeds, flags_threads(a.threads), path,
                            a.progress || isatty(STDERR_FILENO) ? on_level
                                                                : NULL,
                            NULL, &err);
    if (rc)
        cli_error("egdb build", &err);
    else
        printf("%s\n", out);
    cli_close(&cg);
    return rc ? 1 : 0;
}

static int merge(int argc, char **argv)
{
    egdb_args a = {.seeds = -1, .db = ".", .level = -1};
    flags_parsed p;
    const char *variant = flags_parse_variant(
        &merge_cmd, argc, argv, &a, &p,
        "sow egdb merge kalah --seeds 10 --level 3 --option "
        "threshold_end=false");
    if (!variant)
        return p.status;
    if (a.seeds < 0 || a.level < 0)
        return cli_usage("egdb merge", "--seeds N and --level L are needed: "
                         "the database's seeds and the level whose shards "
                         "to merge");
    if (a.level > a.seeds)
        return cli_usage("egdb merge", "--level %ld is past --seeds %ld",
                         a.level, a.seeds);
    sow_error err;
    cli_game cg;
    if (cli_open(&cg, variant, &a.o, &err)) {
        cli_error("egdb merge", &err);
        return 1;
    }
    char path[4096];
    long n = 0;
    int rc = sow_egdb_path(&cg.setup, a.db, path, sizeof path, &err) ||
             sow_egdb_merge(&cg.eng, (int)a.seeds, (int)a.level, path, &n,
                            &err);
    if (rc)
        cli_error("egdb merge", &err);
    else if (a.level < a.seeds)
        printf("%s.part: level %ld of %ld merged from %ld shard%s "
               "(checked)\n", path, a.level, a.seeds, n, n == 1 ? "" : "s");
    else
        printf("%s\n", path);
    cli_close(&cg);
    return rc ? 1 : 0;
}

static int verify(int argc, char **argv)
{
    egdb_args a = {.db = "."};
    flags_parsed p;
    const char *variant = flags_parse_variant(
        &verify_cmd, argc, argv, &a, &p,
        "sow egdb verify kalah --option threshold_end=false");
    if (!variant)
        return p.status;
    sow_error err;
    cli_game cg;
    if (cli_open(&cg, variant, &a.o, &err)) {
        cli_error("egdb verify", &err);
        return 1;
    }
    char path[4096];
    sow_egdb *db = NULL;
    uint64_t bad = 0, unchecked = 0;
    int rc = sow_egdb_path(&cg.setup, a.db, path, sizeof path, &err);
    if (!rc && !(db = sow_egdb_open(path, &cg.setup, &err)))
        rc = SOW_ERR;
    if (!rc)
        rc = sow_egdb_verify(db, &cg.eng, &bad, &unchecked, &err);
    if (!rc && bad) {
        fprintf(stderr, "sow egdb verify: %s: %llu entries are wrong; the "
                        "first: %s\n", path, (unsigned long long)bad,
                err.msg);
        rc = SOW_ERR;
    } else if (rc) {
        cli_error("egdb verify", &err);
    } else {
        printf("%s: sound (%llu entries, up to %d seeds", path,
               (unsigned long long)sow_egdb_about(db)->entries,
               sow_egdb_about(db)->seeds);
        if (unchecked)
            printf("; %llu not checked: their value, or one of their "
                   "moves', depends on how an endless game ends",
                   (unsigned long long)unchecked);
        printf(")\n");
    }
    sow_egdb_close(db);
    cli_close(&cg);
    return rc ? 1 : 0;
}

static int info(int argc, char **argv)
{
    egdb_args a = {0};
    flags_parsed p;
    if (!flags_parse(&info_cmd, argc, argv, &a, &p))
        return p.status;
    if (p.npos < 1)
        return cli_usage("egdb info", "name a database file (sow egdb info "
                         "FILE.egdb)");
    int bad = 0;
    for (int i = 0; i < p.npos; i++) {
        sow_error err;
        sow_egdb *db = sow_egdb_open(p.pos[i], NULL, &err);
        if (!db) {
            cli_error("egdb info", &err);
            bad = 1;
            continue;
        }
        const sow_egdb_info *in = sow_egdb_about(db);
        if (a.json) {
            printf("{\"file\":");
            cli_json_string(stdout, p.pos[i]);
            printf(",\"variant\":");
            cli_json_string(stdout, in->id);
            printf(",\"version\":%d,\"holes\":%d,\"seeds\":%d,"
                   "\"entries\":%llu,\"digest\":\"%016llx\","
                   "\"checksum\":\"%016llx\",\"max_height\":%d,"
                   "\"cycle_entries\":%llu,\"bytes\":%lld,"
                   "\"stores_indexed\":%s,\"total\":%d,\"threshold\":%d}\n",
                   SOW_EGDB_VERSION, in->holes, in->seeds,
                   (unsigned long long)in->entries,
                   (unsigned long long)in->digest,
                   (unsigned long long)in->checksum, in->max_height,
                   (unsigned long long)sow_egdb_cycles(db), in->bytes,
                   in->threshold >= 0 ? "true" : "false", in->total,
                   in->threshold);
        } else {
            printf("%s\n  variant     %s\n  holes       %d\n  seeds       "
                   "at most %d on the board\n  entries     %llu (%lld "
                   "bytes)\n  digest      %016llx\n  checksum    %016llx "
                   "(checked)\n  longest     %d plies%s\n",
                   p.pos[i], in->id, in->holes, in->seeds,
                   (unsigned long long)in->entries, in->bytes,
                   (unsigned long long)in->digest,
                   (unsigned long long)in->checksum, in->max_height,
                   in->max_height >= 65535 ? " (unbounded: cycles)" : "");
            if (in->threshold >= 0)
                printf("  stores      indexed: %d seeds in the game, a "
                       "threshold of %d (exact margins)\n", in->total,
                       in->threshold);
            else
                printf("  stores      apart (the margin still to be made "
                       "does not depend on them)\n");
            uint64_t cyc = sow_egdb_cycles(db);
            if (cyc)
                printf("  cycles      %llu entries depend on how an "
                       "endless game ends\n", (unsigned long long)cyc);
        }
        sow_egdb_close(db);
    }
    return bad;
}

int cmd_egdb(int argc, char **argv)
{
    const char *sub = argc > 1 ? argv[1] : "";
    if (!strcmp(sub, "build"))
        return build(argc - 1, argv + 1);
    if (!strcmp(sub, "verify"))
        return verify(argc - 1, argv + 1);
    if (!strcmp(sub, "merge"))
        return merge(argc - 1, argv + 1);
    if (!strcmp(sub, "info"))
        return info(argc - 1, argv + 1);
    if (!strcmp(sub, "--help") || !strcmp(sub, "-h")) {
        help();
        return 0;
    }
    return cli_usage("egdb", "%s%s%s: say build, merge, verify or info (sow egdb "
                     "--help)", *sub ? "unknown subcommand '" : "no "
                     "subcommand", *sub ? sub : "", *sub ? "'" : "");
}
