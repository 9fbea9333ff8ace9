/* test_egdb.c - endgame databases (engine/players/sow_egdb.h) are exact:
 * every entry of a small Kalah database, under both readings of pick_own,
 * is compared with a plain minimax over the position's whole move tree
 * (written here, no table, no database); the solver answers the same
 * values with a database as without; verify finds the file sound; and a
 * damaged, truncated, foreign or other rules' file is refused at open
 * with the reason, as are variants a database cannot serve; a stopped
 * build resumes from the levels it finished; a build in shards, merged
 * level by level, is the one-machine file byte for byte, and the merge
 * refuses a shard whose entries are not the best of their moves. */
#include "unit.h"

#include "fixture.h"

#include <limits.h>
#include <stdio.h>
#include <unistd.h>

#include "sow_egdb.h"
#include "sow_egdb_int.h"
#include "sow_rng.h"
#include "sow_solve.h"

#define KALAH "tests/variants/kalah_small.yaml"

/* ---- the reference: a plain minimax of the margin ----------------------- */

static long ref_value(sow_engine *e, const sow_game *g, long long *plays)
{
    if (g->over)
        return (long)g->result.score[0] - g->result.score[1];
    long best = g->to_move == 0 ? LONG_MIN : LONG_MAX;
    for (int i = 0; i < g->nlegal; i++) {
        sow_game c = *g;
        sow_error err;
        if (sow_engine_play(e, &c, g->legal[i], &err))
            fail_msg("%s", err.msg);
        if (++*plays > 20000000)
            fail_msg("the reference's tree is too large");
        long v = ref_value(e, &c, plays);
        if (g->to_move == 0 ? v > best : v < best)
            best = v;
    }
    return best;
}

/* ---- helpers ----------------------------------------------------------------- */

static char dir[64];

static void make_dir(void)
{
    snprintf(dir, sizeof dir, "/tmp/sow-egdb-XXXXXX");
    assert_non_null(mkdtemp(dir));
}

static void remove_dir(void)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    assert_int_equal(system(cmd), 0);
}

/* Build the database of a's rules with at most n seeds; its path into
 * path. */
static void build(unit_game *a, int n, char *path, size_t size)
{
    sow_error err;
    if (sow_egdb_path(&a->k.setup, dir, path, size, &err) ||
        sow_egdb_build(&a->k.eng, n, 2, path, NULL, NULL, &err))
        fail_msg("%s", err.msg);
}

/* A random board of at most n seeds with player p to move, as a game
 * (false when the engine passes or ends it at once); where db indexes the
 * stores, a random live pair of them (the rest of the game's seeds). */
static bool random_position(unit_game *a, const sow_egdb *db, sow_rng *rng,
                            int n, sow_game *g)
{
    const sow_setup *s = &a->k.setup;
    sow_game_init(s, g);
    memset(g->board, 0, sizeof g->board);
    int k = (int)(sow_rng_next(rng) % (uint64_t)(n + 1));
    for (int i = 0; i < k; i++)
        g->board[sow_rng_next(rng) % (uint64_t)s->holes]++;
    g->on_board = k;
    if (db->info.threshold >= 0) {
        if (db->nst[k] == 0)
            return false;
        g->captured[0] = db->st0[k] + (int)(sow_rng_next(rng) %
                                            (uint64_t)db->nst[k]);
        g->captured[1] = s->total - k - g->captured[0];
    }
    int p = (int)(sow_rng_next(rng) & 1);
    g->to_move = (uint8_t)p;
    sow_error err;
    if (sow_engine_begin(&a->k.eng, g, &err))
        fail_msg("%s", err.msg);
    return !g->over && g->to_move == p;
}

/* ---- the values -------------------------------------------------------------- */

/* Every probe of random positions of a database of 9 seeds on Kalah 2x3
 * (3 seeds a hole) is the minimax of the margin still to be made: under
 * `pick` and `end` (threshold_end=true: the threshold of 9 reads the
 * stores, C1.7, which the database then indexes). */
static void check_reading(const char *pick, const char *end)
{
    const char *opts[] = {"holes=3", "seeds=3", pick, end, NULL};
    unit_game a;
    unit_game_open(&a, KALAH, opts);
    char path[256];
    build(&a, 9, path, sizeof path);
    sow_error err;
    sow_egdb *db = sow_egdb_open(path, &a.k.setup, &err);
    if (!db)
        fail_msg("%s", err.msg);
    assert_int_equal(sow_egdb_about(db)->seeds, 9);
    assert_int_equal(sow_egdb_about(db)->holes, 6);
    sow_rng rng;
    sow_rng_seed(&rng, 7);
    int compared = 0;
    for (int t = 0; t < 400; t++) {
        sow_game g;
        if (!random_position(&a, db, &rng, 9, &g))
            continue;
        int m = 0;
        assert_true(sow_egdb_probe(db, &g, &m));
        long long plays = 0;
        long want = ref_value(&a.k.eng, &g, &plays) -
                    (g.captured[0] - g.captured[1]);
        if (m != want)
            fail_msg("%s: a board of %d seeds, %s to move: database %d, "
                     "minimax %ld", pick, g.on_board,
                     g.to_move ? "North" : "South", m, want);
        compared++;
    }
    assert_true(compared > 200);
    /* a position of more seeds is not the database's */
    sow_game g;
    sow_game_init(&a.k.setup, &g);
    int m;
    assert_false(sow_egdb_probe(db, &g, &m)); /* 18 seeds */
    if (sow_egdb_about(db)->threshold >= 0) {
        /* nor stores past the threshold, nor seeds out of play */
        memset(g.board, 0, sizeof g.board);
        g.board[0] = 1;
        g.on_board = 1;
        g.captured[0] = 10;
        g.captured[1] = 7;
        assert_false(sow_egdb_probe(db, &g, &m));
        g.captured[0] = 8;
        g.captured[1] = 8;
        assert_false(sow_egdb_probe(db, &g, &m));
        g.captured[1] = 9;
        assert_true(sow_egdb_probe(db, &g, &m));
    }
    uint64_t bad = 1, unchecked = 1;
    assert_int_equal(sow_egdb_verify(db, &a.k.eng, &bad, &unchecked, &err),
                     0);
    assert_true(bad == 0 && unchecked == 0);
    sow_egdb_close(db);
    unit_game_close(&a);
}

static void test_values_are_minimax(void **state)
{
    (void)state;
    make_dir();
    check_reading("pick_own=on_capture", "threshold_end=false");
    check_reading("pick_own=always", "threshold_end=false");
    check_reading("pick_own=on_capture", "threshold_end=true");
    remove_dir();
}

/* The solver with a database of n seeds gives the values it gives
 * without one (the winner and the margin). */
/* The solver's values of the start of a's rules (opts) are the same with
 * a database of n seeds as without; the database built under the options
 * built_with where given (another start of the same rules), a's own
 * otherwise. */
static void solver_with_database(const char *const *opts, int n,
                                 const char *const *built_with)
{
    unit_game a;
    unit_game_open(&a, KALAH, opts);
    sow_error err;
    if (sow_match_start(&a.k.eng, &a.m, &a.g, &err))
        fail_msg("%s", err.msg);
    char path[256];
    if (built_with) {
        unit_game b;
        unit_game_open(&b, KALAH, built_with);
        build(&b, n, path, sizeof path);
        unit_game_close(&b);
    } else {
        build(&a, n, path, sizeof path);
    }
    sow_egdb *db = sow_egdb_open(path, &a.k.setup, &err);
    assert_non_null(db);
    sow_solve_result *r[2];
    for (int with = 0; with < 2; with++) {
        sow_solver *sv = sow_solver_new(&a.k.setup, 4, &err);
        assert_non_null(sv);
        assert_int_equal(sow_solver_set_egdb(sv, with ? db : NULL, &err), 0);
        r[with] = malloc(sizeof *r[with]);
        assert_non_null(r[with]);
        if (sow_solve(sv, &a.k.eng, &a.g, r[with], &err))
            fail_msg("%s", err.msg);
        assert_true((sow_solver_db_hits(sv) > 0) == (with == 1));
        sow_solver_free(sv);
    }
    assert_int_equal(r[0]->value.margin, r[1]->value.margin);
    assert_int_equal(r[0]->value.winner, r[1]->value.winner);
    assert_int_equal(r[0]->nmoves, r[1]->nmoves);
    for (int i = 0; i < r[0]->nmoves; i++) {
        assert_int_equal(r[0]->move_value[i].margin,
                         r[1]->move_value[i].margin);
        assert_int_equal(r[0]->move_value[i].winner,
                         r[1]->move_value[i].winner);
    }
    assert_true(r[1]->positions < r[0]->positions);
    free(r[0]);
    free(r[1]);
    sow_egdb_close(db);
    unit_game_close(&a);
}

static void test_solver_with_database(void **state)
{
    (void)state;
    make_dir();
    const char *apart[] = {"holes=4", "seeds=2", "threshold_end=false", NULL};
    solver_with_database(apart, 8, NULL);
    /* a database built for 3 seeds a hole serves the start of 2: without
     * a threshold the seeds change only the start (sow_egdb_digest) */
    const char *three[] = {"holes=4", "seeds=3", "threshold_end=false", NULL};
    solver_with_database(apart, 8, three);
    /* the threshold end (C1.7): the stores in the index, the value the
     * exact margin with the winner by the totals; 8 seeds, then the whole
     * game of 12 */
    const char *thr[] = {"holes=3", "seeds=2", "threshold_end=true", NULL};
    solver_with_database(thr, 8, NULL);
    solver_with_database(thr, 12, NULL);
    remove_dir();
}

/* The digest of the rules of opts (KA.1-KA.5 on kalah_small). */
static uint64_t digest_of(const char *const *opts)
{
    unit_game a;
    unit_game_open(&a, KALAH, opts);
    sow_error err;
    uint64_t d = 0;
    if (sow_egdb_digest(&a.k.setup, &d, &err))
        fail_msg("%s", err.msg);
    unit_game_close(&a);
    return d;
}

/* The digest leaves out an option that changes only the start (KA.1's
 * seeds without the threshold) and keeps every other: the threshold
 * (C1.7, half the seeds: then the seeds count), KA.4's pick_own, the
 * holes, max_plies (P3). */
static void test_digest_start_only(void **state)
{
    (void)state;
    const char *s4[] = {"holes=6", "seeds=4", "threshold_end=false", NULL};
    const char *s5[] = {"holes=6", "seeds=5", "threshold_end=false", NULL};
    const char *s1[] = {"holes=6", "seeds=1", "threshold_end=false", NULL};
    const char *t4[] = {"holes=6", "seeds=4", "threshold_end=true", NULL};
    const char *t5[] = {"holes=6", "seeds=5", "threshold_end=true", NULL};
    const char *p4[] = {"holes=6", "seeds=4", "threshold_end=false",
                        "pick_own=always", NULL};
    const char *h5[] = {"holes=5", "seeds=4", "threshold_end=false", NULL};
    const char *m4[] = {"holes=6", "seeds=4", "threshold_end=false",
                        "max_plies=900", NULL};
    const uint64_t d = digest_of(s4);
    assert_true(digest_of(s5) == d);
    assert_true(digest_of(s1) == d); /* (the lowest: one neighbour) */
    assert_true(digest_of(t4) != d);
    assert_true(digest_of(t5) != digest_of(t4));
    assert_true(digest_of(p4) != d);
    assert_true(digest_of(h5) != d);
    assert_true(digest_of(m4) != d);
}

/* ---- a stopped build resumed ------------------------------------------- */

static long file_bytes(const char *path, uint8_t *buf, long size)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    long n = (long)fread(buf, 1, (size_t)size, f);
    fclose(f);
    return n;
}

/* A build finds the levels a stopped build of the same rules finished in
 * FILE.part and reads them back instead of building them: one value of
 * them, changed on purpose, is in the finished file, and verify finds it
 * (its moves give another value). */
static void test_resume(void **state)
{
    (void)state;
    make_dir();
    const char *opts[] = {"holes=3", "seeds=2", "threshold_end=false", NULL};
    unit_game a;
    unit_game_open(&a, KALAH, opts);
    char path[256], part[300];
    build(&a, 6, path, sizeof path);
    static uint8_t full[1 << 16], pt[4 << 16];
    long n = file_bytes(path, full, sizeof full);
    long entries = n - EGDB_HEADER;
    /* boards of at most 3 seeds on 6 holes: C(9, 6) = 84; 2 entries each */
    const long done = 2 * 84, j = 100;
    assert_true(entries > done && (int8_t)full[EGDB_HEADER + j] != SOW_EGDB_NONE);
    memcpy(pt, full, EGDB_HEADER + (size_t)done);
    pt[52] = 4; /* levels 0 to 3 finished */
    pt[53] = pt[54] = pt[55] = 0;
    pt[EGDB_HEADER + j] = (uint8_t)((int8_t)full[EGDB_HEADER + j] + 1);
    /* the upper bounds after the heights: the values (no cycle here) */
    memcpy(pt + EGDB_HEADER + 3 * entries, pt + EGDB_HEADER, (size_t)done);
    snprintf(part, sizeof part, "%s.part", path);
    FILE *f = fopen(part, "wb");
    assert_non_null(f);
    fwrite(pt, 1, (size_t)(EGDB_HEADER + 4 * entries), f); /* values, heights, bounds */
    fclose(f);
    remove(path);
    build(&a, 6, path, sizeof path);
    assert_int_equal(access(part, F_OK), -1); /* removed when finished */
    static uint8_t again[1 << 16];
    assert_int_equal(file_bytes(path, again, sizeof again), n);
    /* the levels read back are the .part's (the changed value with them;
     * the levels built after it are built on it) */
    assert_memory_equal(again + EGDB_HEADER, pt + EGDB_HEADER, (size_t)done);
    sow_error err;
    sow_egdb *db = sow_egdb_open(path, &a.k.setup, &err);
    if (!db)
        fail_msg("%s", err.msg);
    uint64_t bad = 0, unchecked = 0;
    assert_int_equal(sow_egdb_verify(db, &a.k.eng, &bad, &unchecked, &err),
                     0);
    assert_true(bad >= 1);
    if (!strstr(err.msg, "entry 100 "))
        fail_msg("verify's first wrong entry: '%s'", err.msg);
    sow_egdb_close(db);
    unit_game_close(&a);
    remove_dir();
}

/* ---- shards -------------------------------------------------------------------- */

/* Shards k of m of level L of a's database of n seeds, each built with
 * `threads` threads. */
static void build_shards(unit_game *a, int n, int level, long m, int threads)
{
    char path[256], out[400];
    sow_error err;
    if (sow_egdb_path(&a->k.setup, dir, path, sizeof path, &err))
        fail_msg("%s", err.msg);
    for (long k = 0; k < m; k++)
        if (sow_egdb_build_shard(&a->k.eng, n, level, k, m, threads, path,
                                 out, sizeof out, &err))
            fail_msg("level %d shard %ld/%ld: %s", level, k, m, err.msg);
}

static void merge_level(unit_game *a, int n, int level, long m)
{
    char path[256];
    long got = 0;
    sow_error err;
    if (sow_egdb_path(&a->k.setup, dir, path, sizeof path, &err) ||
        sow_egdb_merge(&a->k.eng, n, level, path, &got, &err))
        fail_msg("merge of level %d: %s", level, err.msg);
    assert_int_equal(got, m);
}

/* Kalah on 2x4 with 10 seeds: the database built in shards (5 a level:
 * the low levels have fewer boards, so some shards are empty; the shards
 * of the high levels need entries of the others), merged level by level,
 * is byte for byte the one-machine build; so is a build that merged some
 * levels and then let sow egdb build finish from FILE.part. */
static void test_shards_merged(void **state)
{
    (void)state;
    const char *opts[] = {"holes=4", "seeds=2", "threshold_end=false", NULL};
    unit_game a;
    unit_game_open(&a, KALAH, opts);
    char path[256];
    static uint8_t one[1 << 20], merged[1 << 20];
    make_dir();
    build(&a, 10, path, sizeof path);
    long n = file_bytes(path, one, sizeof one);
    assert_true(n > 128 && n < (long)sizeof one);
    remove_dir();

    make_dir();
    sow_error err;
    if (sow_egdb_path(&a.k.setup, dir, path, sizeof path, &err))
        fail_msg("%s", err.msg);
    for (int level = 0; level <= 10; level++) {
        build_shards(&a, 10, level, 5, 1 + level % 2);
        merge_level(&a, 10, level, 5);
    }
    assert_int_equal(file_bytes(path, merged, sizeof merged), n);
    assert_memory_equal(one, merged, (size_t)n);
    char part[300];
    snprintf(part, sizeof part, "%s.part", path);
    assert_int_equal(access(part, F_OK), -1);
    remove_dir();

    make_dir();
    for (int level = 0; level <= 6; level++) {
        build_shards(&a, 10, level, 3, 2);
        merge_level(&a, 10, level, 3);
    }
    build(&a, 10, path, sizeof path);
    assert_int_equal(file_bytes(path, merged, sizeof merged), n);
    assert_memory_equal(one, merged, (size_t)n);
    remove_dir();
    unit_game_close(&a);
}

/* A shard whose file is sound (header, size, checksum) but one of whose
 * values is not the best of its moves (a shard of a faulty build) is
 * refused by the merge, which then leaves FILE.part as it was. */
static void test_shard_forged(void **state)
{
    (void)state;
    const char *opts[] = {"holes=3", "seeds=2", "threshold_end=false", NULL};
    unit_game a;
    unit_game_open(&a, KALAH, opts);
    make_dir();
    for (int level = 0; level < 4; level++) {
        build_shards(&a, 6, level, 2, 1);
        merge_level(&a, 6, level, 2);
    }
    build_shards(&a, 6, 4, 2, 1);
    char path[256], file[400];
    sow_error err;
    if (sow_egdb_path(&a.k.setup, dir, path, sizeof path, &err) ||
        sow_egdb_shard_path(path, 4, 1, 2, file, sizeof file, &err))
        fail_msg("%s", err.msg);
    sow_egdb_shard sh;
    if (sow_egdb_shard_read(file, &sh, &err))
        fail_msg("%s", err.msg);
    assert_int_equal(sh.level, 4);
    assert_int_equal(sh.index, 1);
    assert_int_equal(sh.count, 2);
    uint64_t i = 0;
    while (i < sh.n && sh.val[i] == SOW_EGDB_NONE)
        i++;
    assert_true(i < sh.n);
    sh.val[i]++;
    uint8_t *buf = malloc(4 * sh.n);
    assert_non_null(buf);
    sow_egdb_shard_payload(&sh, buf);
    sh.info.checksum = sow_egdb_checksum((const int8_t *)buf, 4 * sh.n);
    uint8_t hd[EGDB_HEADER];
    sow_egdb_shard_header(hd, &sh);
    FILE *f = fopen(file, "wb");
    assert_non_null(f);
    fwrite(hd, 1, sizeof hd, f);
    fwrite(buf, 1, 4 * sh.n, f);
    fclose(f);
    free(buf);
    sow_egdb_shard_free(&sh);
    long got = 0;
    assert_int_equal(sow_egdb_merge(&a.k.eng, 6, 4, path, &got, &err),
                     SOW_ERR);
    if (!strstr(err.msg, "the shards of level 4 do not agree with the rules"))
        fail_msg("the merge says '%s'", err.msg);
    /* FILE.part still has levels 0 to 3: the shards of level 4 again */
    build_shards(&a, 6, 4, 2, 2);
    merge_level(&a, 6, 4, 2);
    remove_dir();
    unit_game_close(&a);
}

/* ---- cycles: bounds, and exact values where no cycle rule matters ------ */

/* The reference for a game with cycles: the margin still to be made from
 * g in the game cut after n plies, a cut line giving the seeds left on
 * the board to South (cut 1) or to North (cut -1); memo[(2 * index +
 * player) * (N + 1) + n] (INT_MIN: not yet), index the database's (the
 * board and, with a threshold, South's store). */
typedef struct cut_ref {
    const sow_egdb *db;
    sow_engine *e;
    int *memo;
    int n;
    long long plays;
} cut_ref;

static int cut_value(cut_ref *cr, const sow_game *g, int n, int cut)
{
    if (n == 0)
        return cut * g->on_board;
    assert_true(sow_egdb_holds_stores(cr->db, g->on_board, g->captured[0],
                                      g->captured[1]));
    uint64_t j = 2 * sow_egdb_rank(cr->db, g->board, g->on_board,
                                   g->captured[0]) +
                 g->to_move;
    int *m = &cr->memo[j * (uint64_t)(cr->n + 1) + (uint64_t)n];
    if (*m != INT_MIN)
        return *m;
    int best = g->to_move == 0 ? INT_MIN : INT_MAX;
    for (int i = 0; i < g->nlegal; i++) {
        sow_game c = *g;
        sow_error err;
        if (sow_engine_play(cr->e, &c, g->legal[i], &err))
            fail_msg("%s", err.msg);
        cr->plays++;
        int caps = (c.captured[0] - c.captured[1]) -
                   (g->captured[0] - g->captured[1]);
        int v = c.over ? c.result.score[0] - c.result.score[1] -
                             (g->captured[0] - g->captured[1])
                       : caps + cut_value(cr, &c, n - 1, cut);
        if (g->to_move == 0 ? v > best : v < best)
            best = v;
    }
    return *m = best;
}

/* Oware on 2x3 with 2 seeds a hole (12 seeds, a store of more than 6
 * wins, C1.7), a database of 6 seeds, its stores indexed: its lines go
 * round cycles from 2 seeds on. Every entry, each board with each live
 * pair of stores, is compared with the game (its threshold included) cut
 * after 150 plies, the seeds left at the cut given to North, then to
 * South (an independent recursion over the engine's moves): an entry is
 * the exact margin still to be made where both cuts give it (no rule for
 * an endless game can change it), and is marked SOW_EGDB_CYCLE where they
 * differ. verify finds it sound, and says which entries it cannot check.
 * A database of more seeds than the threshold (7) builds and is sound
 * too: the captures that pass the threshold end the game within it. */
static void test_cycles(void **state)
{
    (void)state;
    const char *opts[] = {"holes=3", "seeds=2", NULL};
    unit_game a;
    unit_game_open(&a, "variants/oware.yaml", opts);
    make_dir();
    char path[256];
    build(&a, 6, path, sizeof path);
    sow_error err;
    sow_egdb *db = sow_egdb_open(path, &a.k.setup, &err);
    if (!db)
        fail_msg("%s", err.msg);
    assert_int_equal(sow_egdb_about(db)->threshold, 6);
    assert_int_equal(sow_egdb_about(db)->total, 12);
    const int N = 150;
    const uint64_t entries = sow_egdb_about(db)->entries;
    int *memo[2];
    for (int c = 0; c < 2; c++) {
        memo[c] = malloc(entries * (uint64_t)(N + 1) * sizeof **memo);
        assert_non_null(memo[c]);
        for (uint64_t i = 0; i < entries * (uint64_t)(N + 1); i++)
            memo[c][i] = INT_MIN;
    }
    cut_ref lo = {db, &a.k.eng, memo[0], N, 0},
            hi = {db, &a.k.eng, memo[1], N, 0};
    long exact = 0, cycle = 0;
    for (int k = 0; k <= 6; k++) {
        uint16_t b[SOW_MAX_HOLES] = {0};
        int s0;
        uint64_t idx = db->off[k];
        for (bool more = sow_egdb_first(db, k, b, &s0); more;
             more = sow_egdb_next(db, b, &s0, k), idx++) {
            for (int p = 0; p < 2; p++) {
                sow_game g;
                sow_game_init(&a.k.setup, &g);
                memcpy(g.board, b, sizeof b);
                g.on_board = k;
                g.captured[0] = s0;
                g.captured[1] = 12 - k - s0;
                g.to_move = (uint8_t)p;
                if (sow_engine_begin(&a.k.eng, &g, &err))
                    fail_msg("%s", err.msg);
                int8_t v = db->val[2 * idx + (uint64_t)p];
                if (g.over || g.to_move != p || v == SOW_EGDB_NONE)
                    continue;
                int l = cut_value(&lo, &g, N, -1), h = cut_value(&hi, &g, N, 1);
                assert_true(l <= h);
                if (v == SOW_EGDB_CYCLE) {
                    if (l == h)
                        fail_msg("entry %llu is marked a cycle, both cuts "
                                 "give %d", (unsigned long long)idx, l);
                    cycle++;
                } else {
                    if (l != v || h != v)
                        fail_msg("entry %llu (stores %d-%d) holds %d, the "
                                 "cuts give %d and %d",
                                 (unsigned long long)(2 * idx + p), s0,
                                 12 - k - s0, v, l, h);
                    exact++;
                }
            }
        }
        assert_int_equal(idx, db->off[k + 1]);
    }
    if (getenv("SOW_TEST_VERBOSE"))
        fprintf(stderr, "oware 2x3: %ld exact, %ld marked\n", exact, cycle);
    assert_true(exact > 100 && cycle > 100);
    uint64_t bad = 1, unchecked = 0;
    assert_int_equal(sow_egdb_verify(db, &a.k.eng, &bad, &unchecked, &err),
                     0);
    assert_true(bad == 0 && unchecked >= (uint64_t)cycle);
    sow_egdb_close(db);
    free(memo[0]);
    free(memo[1]);
    /* past the threshold's seeds */
    build(&a, 7, path, sizeof path);
    db = sow_egdb_open(path, &a.k.setup, &err);
    if (!db)
        fail_msg("%s", err.msg);
    bad = 1;
    assert_int_equal(sow_egdb_verify(db, &a.k.eng, &bad, &unchecked, &err),
                     0);
    assert_int_equal(bad, 0);
    sow_egdb_close(db);
    remove_dir();
    unit_game_close(&a);
}

/* ---- refusals ------------------------------------------------------------------ */

static void expect_open_error(const char *path, const sow_setup *s,
                              const char *words)
{
    sow_error err;
    sow_egdb *db = sow_egdb_open(path, s, &err);
    if (db)
        fail_msg("%s opened; expected '%s'", path, words);
    if (!strstr(err.msg, words))
        fail_msg("'%s' does not say '%s'", err.msg, words);
}

static void test_bad_files(void **state)
{
    (void)state;
    make_dir();
    const char *opts[] = {"holes=3", "threshold_end=false", NULL};
    unit_game a;
    unit_game_open(&a, KALAH, opts);
    char path[256];
    build(&a, 5, path, sizeof path);
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    static uint8_t buf[1 << 16];
    size_t n = fread(buf, 1, sizeof buf, f);
    fclose(f);
    assert_true(n > 200 && n < sizeof buf);
    char other[300];
    snprintf(other, sizeof other, "%s/other.egdb", dir);

    buf[n - 3] ^= 1; /* one value changed */
    f = fopen(other, "wb");
    fwrite(buf, 1, n, f);
    fclose(f);
    expect_open_error(other, NULL, "checksum");
    buf[n - 3] ^= 1;

    f = fopen(other, "wb"); /* truncated */
    fwrite(buf, 1, n - 10, f);
    fclose(f);
    expect_open_error(other, NULL, "size");

    f = fopen(other, "wb"); /* not a database */
    fputs("holes: 12\n", f);
    fclose(f);
    expect_open_error(other, NULL, "not an endgame database");

    buf[8] = 9; /* another version */
    f = fopen(other, "wb");
    fwrite(buf, 1, n, f);
    fclose(f);
    expect_open_error(other, NULL, "version");
    buf[8] = 2; /* the version before the stores were indexed */
    f = fopen(other, "wb");
    fwrite(buf, 1, n, f);
    fclose(f);
    expect_open_error(other, NULL, "format version 2, before the stores "
                                   "were indexed");
    expect_open_error(other, NULL, "build it again");
    buf[8] = SOW_EGDB_VERSION;

    buf[132] = 0x40; /* a threshold past what a game holds */
    f = fopen(other, "wb");
    fwrite(buf, 1, n, f);
    fclose(f);
    expect_open_error(other, NULL, "threshold or seeds are past");
    buf[132] = 0xff;

    buf[20] = 0xff; /* seeds past the limit */
    buf[21] = 0xff;
    f = fopen(other, "wb");
    fwrite(buf, 1, n, f);
    fclose(f);
    expect_open_error(other, NULL, "seeds are 0 to");

    /* the same file under other option values */
    const char *opts2[] = {"holes=3", "threshold_end=false",
                           "pick_own=always", NULL};
    unit_game b;
    unit_game_open(&b, KALAH, opts2);
    expect_open_error(path, &b.k.setup, "other rules");
    unit_game_close(&b);
    unit_game_close(&a);
    remove_dir();
}

static void expect_refused(const char *yaml, const char *const *opts,
                           const char *words)
{
    unit_game a;
    unit_game_open(&a, yaml, opts);
    sow_error err;
    assert_int_equal(sow_egdb_check(&a.k.setup, &err), SOW_ERR);
    if (!strstr(err.msg, words))
        fail_msg("%s: '%s' does not say '%s'", yaml, err.msg, words);
    unit_game_close(&a);
}

static void test_refused_variants(void **state)
{
    (void)state;
    const char *rep[] = {"cycle=repetition", NULL};
    expect_refused("variants/oware.yaml", rep, "repetition rule");
    expect_refused("variants/adji_kui_1.yaml", NULL, "script");
    const char *ok[] = {"threshold_end=false", NULL};
    unit_game a;
    unit_game_open(&a, KALAH, ok);
    sow_error err;
    assert_int_equal(sow_egdb_check(&a.k.setup, &err), SOW_OK);
    unit_game_close(&a);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_values_are_minimax),
        cmocka_unit_test(test_solver_with_database),
        cmocka_unit_test(test_digest_start_only),
        cmocka_unit_test(test_resume),
        cmocka_unit_test(test_shards_merged),
        cmocka_unit_test(test_shard_forged),
        cmocka_unit_test(test_cycles),
        cmocka_unit_test(test_bad_files),
        cmocka_unit_test(test_refused_variants),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
