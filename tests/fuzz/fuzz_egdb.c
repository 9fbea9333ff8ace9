/* fuzz_egdb.c - libFuzzer harness: the endgame database reader (issue 26;
 * engine/players/sow_egdb.h), a file that may come from a stranger.
 *
 * The input is the whole file. It is written to a temporary file and
 * opened (header, size, checksum), without rules and with the rules of a
 * small Kalah (the digest then refuses it unless it is theirs). A file
 * that opens is probed at boards of every count it covers and some past
 * them. The same input is read as a shard of a database built on several
 * machines (sow_egdb_shard_read, what sow egdb merge reads first).
 * A probe sets the stores too, at random, as a database of a game with a
 * threshold end indexes them (format version 3).
 * Findings: crashes, sanitizer reports (a read past the mapping), leaks,
 * error messages that are empty or not one line, a file that opens with
 * fields its header does not allow, a probe past its seeds or with stores
 * that no live position has (past the threshold, or not adding up to the
 * game's seeds) that answers, a shard read whose level, K of M or slice
 * is outside its database. */
#include "fuzz.h"
#include "sow_egdb.h"

static void finding(const char *what)
{
    fprintf(stderr, "finding: %s\n", what);
    abort();
}

static char path[64];
static fuzz_variant kalah;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    snprintf(path, sizeof path, "/tmp/sow-fuzz-egdb-%d.egdb", (int)getpid());
    const char *opts[] = {"holes=1", "seeds=2", "threshold_end=false", NULL};
    fuzz_open(&kalah, "../tests/variants/kalah_small.yaml", opts, 0);
    return 0;
}

static void probe_all(const sow_egdb *db)
{
    const sow_egdb_info *in = sow_egdb_about(db);
    if (in->holes < 2 || in->holes > SOW_MAX_HOLES || in->seeds < 0 ||
        in->seeds > SOW_EGDB_MAX_SEEDS)
        finding("a database opened with holes or seeds out of range");
    sow_game g;
    memset(&g, 0, sizeof g);
    uint64_t st = in->checksum;
    for (int t = 0; t < 64; t++) {
        int k = (int)(fuzz_rand(&st) % (uint64_t)(in->seeds + 3));
        memset(g.board, 0, sizeof g.board);
        for (int i = 0; i < k; i++)
            g.board[fuzz_rand(&st) % (uint64_t)in->holes]++;
        g.on_board = k;
        g.to_move = (uint8_t)(t & 1);
        /* stores: mostly a split of the rest of the game's seeds, at
         * times anything */
        const int rest = in->total - k > 0 ? in->total - k : 0;
        g.captured[0] = (int32_t)(fuzz_rand(&st) % (uint64_t)(rest + 2));
        g.captured[1] = t % 4 ? rest - g.captured[0]
                              : (int32_t)(fuzz_rand(&st) % 70) - 2;
        int m = 0;
        bool got = sow_egdb_probe(db, &g, &m);
        if (got && k > in->seeds)
            finding("a probe past the database's seeds answered");
        if (got && in->threshold >= 0 &&
            (g.captured[0] > in->threshold || g.captured[1] > in->threshold ||
             g.captured[1] < 0 ||
             g.captured[0] + g.captured[1] + k != in->total))
            finding("a probe with stores no live position has answered");
        if (got && (m < -127 || m > 127))
            finding("a margin out of range");
    }
}

static void check_shard(void)
{
    sow_egdb_shard sh;
    sow_error err;
    if (sow_egdb_shard_read(path, &sh, &err)) {
        fuzz_check_error(&err);
        return;
    }
    const sow_egdb_info *in = &sh.info;
    if (in->holes < 2 || in->holes > SOW_MAX_HOLES || in->seeds < 0 ||
        in->seeds > SOW_EGDB_MAX_SEEDS)
        finding("a shard read with holes or seeds out of range");
    if (sh.level < 0 || sh.level > in->seeds || sh.count < 1 ||
        sh.index < 0 || sh.index >= sh.count)
        finding("a shard read with its level or K of M out of range");
    if (sh.first + sh.n > in->entries || sh.n % 2 || sh.first % 2)
        finding("a shard's slice past its database's entries");
    int longest = 0;
    for (uint64_t i = 0; i < sh.n; i++) /* (reads every entry: ASan) */
        longest = sh.height[i] > longest ? sh.height[i] : longest;
    if (longest != in->max_height)
        finding("a shard read whose longest line is not its entries'");
    sow_egdb_shard_free(&sh);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FILE *f = fopen(path, "wb");
    if (!f)
        return 0;
    fwrite(data, 1, size, f);
    fclose(f);
    sow_error err;
    for (int with = 0; with < 2; with++) {
        sow_egdb *db = sow_egdb_open(path, with ? &kalah.k.setup : NULL,
                                     &err);
        if (!db) {
            fuzz_check_error(&err);
            continue;
        }
        probe_all(db);
        sow_egdb_close(db);
    }
    check_shard();
    return 0;
}
