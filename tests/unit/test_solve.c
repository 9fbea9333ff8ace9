/* test_solve.c - sow solve's values are exact: each one is compared with
 * a plain minimax over the whole move tree, written here, that plays
 * every line with the engine (the full game: its ply, its plies since a
 * capture, its history) and has no transposition table, no bounds and no
 * ordering. Kalah with 3 and 4 holes from the start, under both readings
 * of pick_own, with and without the threshold end; and the positions near
 * the end of random games of shipped games on their own boards (each
 * position whose whole tree is small enough), so that each game's rules
 * are proved as the file states them. Also the refusals of
 * sow_solve_check and the errors a cycle gives. */
#include "unit.h"

#include "fixture.h"

#include <limits.h>

#include "sow_history.h"
#include "sow_player.h"
#include "sow_rng.h"
#include "sow_solve.h"

#define KALAH "tests/variants/kalah_small.yaml"
#define WIN_W 1000000L
#define TAIL_CAP 100000 /* the reference's plays for a game's position */ /* the winner counts before any margin */

/* ---- the reference: a plain minimax --------------------------------- */

typedef struct ref {
    sow_engine *e;
    long long plays, cap; /* give up past cap plays */
    bool gave_up;
} ref;

/* South's view of a finished game: the winner first, then the margin.
 * An unfinished game (max_plies) is a draw with its margin, as the engine
 * scores it. */
static long ref_final(const sow_game *g)
{
    long w = g->result.winner == 0 ? 1 : g->result.winner == 1 ? -1 : 0;
    long m = g->result.has_score
                 ? (long)g->result.score[0] - g->result.score[1]
                 : 0;
    return w * WIN_W + m;
}

static long ref_value(ref *r, const sow_game *g, int depth)
{
    if (g->over)
        return ref_final(g);
    if (r->gave_up || depth > 400) {
        r->gave_up = true;
        return 0;
    }
    long best = g->to_move == 0 ? LONG_MIN : LONG_MAX;
    for (int i = 0; i < g->nlegal && !r->gave_up; i++) {
        if (++r->plays > r->cap) {
            r->gave_up = true;
            break;
        }
        sow_game c = *g;
        int len = r->e->hist ? sow_history_len(r->e->hist) : 0;
        sow_error err;
        if (sow_engine_play(r->e, &c, g->legal[i], &err))
            fail_msg("ply %d: %s", g->ply, err.msg);
        long v = ref_value(r, &c, depth + 1);
        if (r->e->hist)
            sow_history_pop(r->e->hist, sow_history_len(r->e->hist) - len);
        if (g->to_move == 0 ? v > best : v < best)
            best = v;
    }
    return best;
}

static long as_ref(sow_solve_value v)
{
    long w = v.winner == 0 ? 1 : v.winner == 1 ? -1 : 0;
    return w * WIN_W + v.margin;
}

/* ---- helpers ------------------------------------------------------------- */

static void open_at_start(unit_game *a, const char *yaml,
                          const char *const *opts)
{
    unit_game_open(a, yaml, opts);
    sow_error err;
    if (sow_match_start(&a->k.eng, &a->m, &a->g, &err))
        fail_msg("%s", err.msg);
}

static sow_solver *solver(const unit_game *a, bool trust)
{
    sow_error err;
    const sow_solve_policy p = {trust, NULL};
    if (sow_solve_check(&a->k.setup, &p, &err))
        fail_msg("%s: %s", a->k.v->id, err.msg);
    sow_solver *sv = sow_solver_new(&a->k.setup, 4, &err);
    assert_non_null(sv);
    return sv;
}

/* The reference's answer for a position: its value and the value after
 * each legal move (in g->legal's order), computed once and compared with
 * every solve of it (one or two threads, all moves or the value only). */
typedef struct ref_answer {
    long value;
    int nmoves;
    long move[SOW_MAX_LEGAL];
    bool gave_up; /* the tree is over the cap */
} ref_answer;

static void ref_answer_of(unit_game *a, const sow_game *g, long long cap,
                          ref_answer *out)
{
    ref r = {&a->k.eng, 0, cap, false};
    out->value = ref_value(&r, g, 0);
    out->nmoves = 0;
    out->gave_up = r.gave_up;
    sow_history *hist = a->k.eng.hist;
    for (int i = 0; i < g->nlegal && !out->gave_up; i++) {
        sow_game c = *g;
        sow_error err;
        const int len = hist ? sow_history_len(hist) : 0;
        assert_int_equal(sow_engine_play(&a->k.eng, &c, g->legal[i], &err),
                         0);
        r.plays = 0;
        out->move[out->nmoves++] = ref_value(&r, &c, 1);
        out->gave_up = r.gave_up;
        if (hist) /* (the move's position, K1.7) */
            sow_history_pop(hist, sow_history_len(hist) - len);
    }
}

/* Compare a solve of g with the reference's answer `want`: the value and
 * every move's value; the principal variation is played out and gives
 * the value. */
static void compare_result(unit_game *a, const sow_game *g,
                           const sow_solve_result *res,
                           const ref_answer *want)
{
    sow_error err;
    if (getenv("SOW_TEST_VERBOSE"))
        fprintf(stderr, "%s ply %d: solve %lld\n", a->k.v->id, g->ply,
                res->positions);
    if (as_ref(res->value) != want->value)
        fail_msg("%s ply %d: solve %ld, minimax %ld", a->k.v->id, g->ply,
                 as_ref(res->value), want->value);
    assert_int_equal(res->nmoves, res->value_only ? 0 : want->nmoves);
    for (int i = 0; i < res->nmoves; i++) {
        assert_int_equal(res->moves[i], g->legal[i]);
        assert_true(as_ref(res->move_value[i]) == want->move[i]);
    }
    sow_game c = *g;
    sow_history *hist = a->k.eng.hist;
    const int len = hist ? sow_history_len(hist) : 0;
    for (int i = 0; i < res->npv; i++)
        assert_int_equal(sow_engine_play(&a->k.eng, &c, res->pv[i], &err), 0);
    assert_true(c.over || res->npv == SOW_SOLVE_PV_MAX);
    if (c.over)
        assert_true(ref_final(&c) == want->value);
    if (hist)
        sow_history_pop(hist, sow_history_len(hist) - len);
}

/* Solve g with sv and compare it with `want`. */
static void check_root_with(unit_game *a, sow_solver *sv, const sow_game *g,
                            const ref_answer *want)
{
    sow_error err;
    sow_solve_result *res = malloc(sizeof *res);
    assert_non_null(res);
    if (sow_solve(sv, &a->k.eng, g, res, &err))
        fail_msg("%s ply %d: %s", a->k.v->id, g->ply, err.msg);
    compare_result(a, g, res, want);
    free(res);
}

/* The reference's answer for g, which must stay under cap plays. */
static void ref_answer_under(unit_game *a, const sow_game *g, long long cap,
                             ref_answer *out)
{
    ref_answer_of(a, g, cap, out);
    if (out->gave_up)
        fail_msg("%s ply %d: the reference's tree is over %lld plays",
                 a->k.v->id, g->ply, cap);
}

/* ---- Kalah from the start ------------------------------------------------ */

/* The start of yaml under opts solved against the reference. */
static void start_case(const char *yaml, const char *const *opts,
                       long long cap)
{
    unit_game a;
    open_at_start(&a, yaml, opts);
    ref_answer *want = malloc(sizeof *want);
    assert_non_null(want);
    ref_answer_under(&a, &a.g, cap, want);
    /* one thread, then two sharing the table (the root's moves), each
     * with every move's value, then the value only: the same values, no
     * move values with the value only, a principal variation that plays
     * out to the value */
    for (int run = 0; run < 4; run++) {
        sow_solver *sv = solver(&a, false);
        sow_error err;
        assert_int_equal(sow_solver_set_threads(sv, 1 + run % 2, &err),
                         SOW_OK);
        sow_solver_set_value_only(sv, run >= 2);
        sow_solve_result *res = malloc(sizeof *res);
        assert_non_null(res);
        if (sow_solve(sv, &a.k.eng, &a.g, res, &err))
            fail_msg("%s", err.msg);
        assert_true(res->value_only == (run >= 2));
        compare_result(&a, &a.g, res, want);
        if (res->value_only) {
            sow_game c = a.g;
            const int len = a.k.eng.hist ? sow_history_len(a.k.eng.hist) : 0;
            for (int i = 0; i < res->npv; i++)
                assert_int_equal(
                    sow_engine_play(&a.k.eng, &c, res->pv[i], &err), 0);
            assert_true(c.over);
            if (a.k.eng.hist) /* the game's history as it was */
                sow_history_pop(a.k.eng.hist,
                                sow_history_len(a.k.eng.hist) - len);
        }
        free(res);
        sow_solver_free(sv);
    }
    free(want);
    unit_game_close(&a);
}

static void kalah_case(const char *holes, const char *seeds, const char *pick,
                       const char *threshold, long long cap)
{
    const char *opts[] = {holes, seeds, pick, threshold, NULL};
    start_case(KALAH, opts, cap);
}

/* C1.10 (OW.7 cycle=repetition): small Oware boards, whose games go round
 * for ever under cycle=none (test_cycle_is_an_error), end where a
 * position recurs; their values from the start, each line's history in
 * the reference, on one and two threads (each thread's engine holds the
 * game's history): 2x2 with 1 seed, South wins by 2; with 2 seeds, South
 * by 5. */
static void test_repetition_small_boards(void **state)
{
    (void)state;
    static const char *const boards[][2] = {{"holes=2", "seeds=1"},
                                            {"holes=2", "seeds=2"}};
    /* 2x2 with 2 seeds: about 20 s of the reference's plays, left out
     * under valgrind (every board runs the same code) */
    const size_t nb = unit_sweep_all() ? 2 : 1;
    for (size_t b = 0; b < nb; b++) {
        const char *opts[] = {boards[b][0], boards[b][1], "cycle=repetition",
                              NULL};
        start_case("variants/oware.yaml", opts, 400000000);
    }
}

static void test_kalah_small_boards(void **state)
{
    (void)state;
    static const char *const picks[] = {"pick_own=on_capture",
                                        "pick_own=always"};
    for (int p = 0; p < 2; p++) {
        kalah_case("holes=3", "seeds=1", picks[p], "threshold_end=false",
                   10000000);
        kalah_case("holes=3", "seeds=2", picks[p], "threshold_end=false",
                   10000000);
        kalah_case("holes=3", "seeds=3", picks[p], "threshold_end=false",
                   10000000);
        kalah_case("holes=4", "seeds=1", picks[p], "threshold_end=false",
                   10000000);
        /* the threshold end keeps stores in the key (absolute values) */
        kalah_case("holes=3", "seeds=2", picks[p], "threshold_end=true",
                   10000000);
    }
}

/* ---- the ends of random games of shipped variants ----------------------- */

typedef struct game_case {
    const char *yaml;
    const char *opts[5];
    bool trust;
} game_case;

/* Play a random game, then solve its positions from the last one back,
 * each against the reference, while the reference's whole tree stays
 * under the cap; returns how many were compared. One solver
 * for all, so that the table is reused across positions and plies.
 * Under the repetition rule (K1.7, C1.10) the engine's history holds the
 * game's positions up to the one solved, as in the game itself. */
static int random_tail(const game_case *gc, uint64_t seed)
{
    unit_game a;
    open_at_start(&a, gc->yaml, gc->opts);
    sow_solver *sv = solver(&a, gc->trust);
    sow_game *line = malloc(4096 * sizeof *line);
    ref_answer *want = malloc(sizeof *want);
    assert_non_null(line);
    assert_non_null(want);
    int *hlen = malloc(4096 * sizeof *hlen);
    assert_non_null(hlen);
    int n = 0;
    sow_rng rng;
    sow_rng_seed(&rng, seed);
    sow_error err;
    sow_history *hist = a.k.eng.hist;
    while (!a.g.over && n < 4096) {
        hlen[n] = hist ? sow_history_len(hist) : 0;
        line[n++] = a.g;
        if (sow_engine_play_at(&a.k.eng, &a.g,
                               sow_rng_below(&rng, a.g.nlegal), &err))
            fail_msg("%s", err.msg);
    }
    int compared = 0;
    for (int i = n - 1; i >= 0; i--) {
        if (hist)
            sow_history_pop(hist, sow_history_len(hist) - hlen[i]);
        ref_answer_of(&a, &line[i], TAIL_CAP, want);
        if (want->gave_up) {
            if (getenv("SOW_TEST_VERBOSE"))
                fprintf(stderr, "%s: stop at %d of %d\n", a.k.v->id, i, n);
            break;
        }
        check_root_with(&a, sv, &line[i], want);
        compared++;
    }
    free(want);
    free(line);
    free(hlen);
    sow_solver_free(sv);
    unit_game_close(&a);
    return compared;
}

static const game_case games[] = {
    {KALAH, {"holes=4", "seeds=3", "threshold_end=false"}, false},
    {KALAH, {"holes=4", "seeds=3", "pick_own=always", "threshold_end=false"},
     false},
    {KALAH, {"holes=4", "seeds=2", "threshold_end=false"}, false},
    {KALAH, {"holes=4", "seeds=4"}, false},
    {"variants/kalah.yaml", {"threshold_end=false"}, false},
    {"variants/cross_kalah.yaml", {NULL}, false},
    {"variants/adji_kui_1.yaml", {"endless=no_capture_plies:12"}, true},
    /* the repetition rule (K1.7, C1.10): the key holds the earlier
     * positions that could recur */
    {"variants/adji_kui_1.yaml", {NULL}, true},
    {"variants/oware.yaml", {"cycle=repetition"}, false},
    {"variants/ayoayo.yaml", {"cycle=repetition"}, false},
    {"variants/bohnenspiel.yaml", {"cycle=repetition"}, false},
    {"variants/deka.yaml", {"cycle=repetition"}, false},
    {"variants/adji_kui_2.yaml", {NULL}, true},
    {"variants/adji_boto.yaml", {NULL}, false},
    {"variants/andada.yaml", {NULL}, true},
    {"variants/dakon.yaml", {"holes=5"}, false},
    {"variants/oware.yaml", {NULL}, false},
    {"variants/bohnenspiel.yaml", {NULL}, false},
    {"variants/wari.yaml", {NULL}, false},
    {"variants/ouri.yaml", {NULL}, false},
    {"variants/ayoayo.yaml", {NULL}, false},
    {"variants/nambayi.yaml", {NULL}, false},
    {"variants/olinda.yaml", {NULL}, false},
    {"variants/lamlameta.yaml", {NULL}, false},
    {"variants/jongkak.yaml", {NULL}, false},
    {"variants/pallanguli.yaml", {NULL}, false},
    {"variants/qelat.yaml", {NULL}, false},
    {"variants/sadeqa.yaml", {NULL}, false},
    {"variants/tegre.yaml", {NULL}, false},
    {"variants/toguz_kumalak.yaml", {NULL}, false},
    {"variants/vai_lung_thlan.yaml", {NULL}, false},
    {"variants/gabata.yaml", {NULL}, true},
    /* the twelve games beyond the catalogue (one line per group) */
    {"variants/sokusowo.yaml", {NULL}, false},
    {"variants/tchuka_ruma.yaml", {NULL}, false},
    {"variants/mangala_iii.yaml", {"end_rule=either"}, false},
    {"variants/lagerung.yaml", {NULL}, false},
    /* TR.5 made general: the winner by the rule against the totals */
    {"tests/variants/cleared_winner.yaml", {"who=emptied"}, false},
};

static void test_game_ends(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof games / sizeof *games; i++) {
        int compared = 0;
        for (uint64_t seed = 1; seed <= 24 && compared < 8; seed++)
            compared += random_tail(&games[i], seed);
        if (getenv("SOW_TEST_VERBOSE"))
            fprintf(stderr, "%s: %d positions\n", games[i].yaml, compared);
        if (compared < 8 && !getenv("SOW_TEST_ALL"))
            fail_msg("%s: only %d positions compared", games[i].yaml,
                     compared);
    }
}

/* ---- the repetition rule's history ----------------------------------- */

/* The engine's history made x's alone (the game's start there): P4. */
static void history_of_one(unit_game *a, const sow_game *x)
{
    sow_history_reset(a->k.eng.hist);
    assert_int_equal(sow_engine_hist_push(&a->k.eng, x), 0);
}

/* K1.7 (b), P4: a position's value depends on the earlier positions
 * that could recur. Positions of random Adji Kui I games (repetition,
 * its default) whose reference value differs between the game's own
 * history and a history of the position alone are solved both ways by
 * one solver, its table warm from the other: each value must be the
 * reference's (a table keyed by the position alone gives the first
 * one's value to the second, the graph-history interaction; this test
 * fails so). */
static void test_history_matters(void **state)
{
    (void)state;
    int found = 0;
    for (uint64_t seed = 1; seed <= 40 && found < 4; seed++) {
        unit_game a;
        open_at_start(&a, "variants/adji_kui_1.yaml", NULL);
        sow_history *hist = a.k.eng.hist, *game = NULL;
        assert_non_null(hist);
        game = sow_history_new(a.k.setup.holes, a.k.setup.total);
        assert_non_null(game);
        sow_solver *sv = solver(&a, true);
        ref_answer *own = malloc(sizeof *own), *alone = malloc(sizeof *own);
        assert_non_null(own);
        assert_non_null(alone);
        sow_rng rng;
        sow_rng_seed(&rng, seed);
        sow_error err;
        while (!a.g.over && found < 4) {
            ref_answer_of(&a, &a.g, TAIL_CAP, own);
            assert_int_equal(sow_history_copy(game, hist), 0);
            history_of_one(&a, &a.g);
            ref_answer_of(&a, &a.g, TAIL_CAP, alone);
            if (!own->gave_up && !alone->gave_up &&
                own->value != alone->value) {
                found++; /* solved alone, then in the game, then alone */
                check_root_with(&a, sv, &a.g, alone);
                assert_int_equal(sow_history_copy(hist, game), 0);
                check_root_with(&a, sv, &a.g, own);
                history_of_one(&a, &a.g);
                check_root_with(&a, sv, &a.g, alone);
            }
            assert_int_equal(sow_history_copy(hist, game), 0);
            if (sow_engine_play_at(&a.k.eng, &a.g,
                                   sow_rng_below(&rng, a.g.nlegal), &err))
                fail_msg("%s", err.msg);
        }
        free(own);
        free(alone);
        sow_solver_free(sv);
        sow_history_free(game);
        unit_game_close(&a);
    }
    if (found < 4)
        fail_msg("only %d positions whose value depends on the history", found);
}

/* ---- refusals ------------------------------------------------------------ */

static void test_refusals(void **state)
{
    (void)state;
    sow_error err;
    unit_game a;
    const sow_solve_policy trust = {true, NULL}, none = {false, NULL};
    /* repetition (C1.10) is solved; with phases, whose end starts the
     * history again (P4), it is refused, and the option that turns it
     * off is named */
    const char *rep[] = {"cycle=repetition", NULL};
    unit_game_open(&a, "variants/oware.yaml", rep);
    assert_int_equal(sow_solve_check(&a.k.setup, &trust, &err), SOW_OK);
    unit_game_close(&a);
    unit_game_open(&a, "variants/gabata.yaml", rep);
    assert_int_equal(sow_solve_check(&a.k.setup, &trust, &err), SOW_ERR);
    assert_non_null(strstr(err.msg, "repetition rule"));
    assert_non_null(strstr(err.msg, "--option cycle=none"));
    unit_game_close(&a);
    /* a script without trust */
    unit_game_open(&a, "variants/andada.yaml", NULL);
    assert_int_equal(sow_solve_check(&a.k.setup, &none, &err), SOW_ERR);
    assert_non_null(strstr(err.msg, "--trust-script"));
    assert_int_equal(sow_solve_check(&a.k.setup, &trust, &err), SOW_OK);
    unit_game_close(&a);
}

/* A game that only max_plies ends: the solver says so rather than give a
 * value that depends on it. */
static void test_cycle_is_an_error(void **state)
{
    (void)state;
    unit_game a;
    open_at_start(&a, "tests/variants/endless.yaml", NULL);
    sow_solver *sv = solver(&a, false);
    sow_solve_value v;
    sow_error err;
    assert_int_equal(sow_solve_value_of(sv, &a.k.eng, &a.g, &v, &err),
                     SOW_ERR);
    assert_non_null(strstr(err.msg, "recurs"));
    sow_solver_free(sv);
    unit_game_close(&a);
}

/* max_plies: a cap that a line of the proof would reach is an error;
 * under every cap from 10 to 30 on Kalah 3x3 the solver either says so
 * or gives the value of the whole tree under that cap, unfinished games
 * (draws with their margin) included: its cuts by the seeds on the board
 * hold under any cap (docs/solving.md). 24 is the last error, 25 the
 * first value. Under valgrind (which looks for memory errors, not other
 * values: every cap runs the same code) only the ends and the edge,
 * 10, 24, 25 and 30: the reference's two trees a value are most of the
 * test's time (about 12 minutes of CI's under valgrind for all 21). */
static void test_max_plies(void **state)
{
    (void)state;
    static const int few[] = {10, 24, 25, 30};
    const bool all = unit_sweep_all();
    const int ncaps = all ? 21 : (int)(sizeof few / sizeof *few);
    int values = 0, errors = 0;
    ref_answer *want = malloc(sizeof *want);
    sow_solve_result *res = malloc(sizeof *res);
    assert_non_null(want);
    assert_non_null(res);
    for (int i = 0; i < ncaps; i++) {
        const int cap = all ? 10 + i : few[i];
        char opt[32];
        snprintf(opt, sizeof opt, "max_plies=%d", cap);
        const char *opts[] = {"holes=3", "seeds=3", "threshold_end=false",
                              opt, NULL};
        unit_game a;
        open_at_start(&a, KALAH, opts);
        sow_solver *sv = solver(&a, false);
        sow_error err;
        if (sow_solve(sv, &a.k.eng, &a.g, res, &err)) {
            assert_true(cap <= 24);
            assert_non_null(strstr(err.msg, "max_plies"));
            errors++;
        } else {
            assert_true(cap >= 25);
            ref_answer_under(&a, &a.g, 10000000, want);
            compare_result(&a, &a.g, res, want);
            values++;
        }
        sow_solver_free(sv);
        unit_game_close(&a);
    }
    assert_int_equal(values, all ? 6 : 2);
    assert_int_equal(errors, all ? 15 : 2);
    free(res);
    free(want);
}

/* ---- the perfect player ------------------------------------------------ */

/* Play g to its end, `perfect` (a spec) for player `who`, a random or a
 * perfect player for the other; the final value in the mover's view. */
static long play_out(unit_game *a, sow_game g, int who, const char *other,
                     uint64_t seed)
{
    sow_player_spec sp[2];
    sow_error err;
    assert_int_equal(sow_player_spec_parse("perfect:mib=4", &sp[who], &err),
                     0);
    assert_int_equal(sow_player_spec_parse(other, &sp[1 - who], &err), 0);
    sow_player *pl[2];
    for (int p = 0; p < 2; p++)
        assert_non_null(pl[p] = sow_player_new(&sp[p], &a->k.setup,
                                               seed * 2 + (uint64_t)p, &err));
    while (!g.over) {
        sow_move m;
        if (sow_player_move(pl[g.to_move], &a->k.eng, &g, &m, NULL, &err) ||
            sow_engine_play(&a->k.eng, &g, m, &err))
            fail_msg("%s", err.msg);
    }
    for (int p = 0; p < 2; p++)
        sow_player_free(pl[p]);
    return who == 0 ? ref_final(&g) : -ref_final(&g);
}

/* `perfect` never does worse than the position's value, against random
 * players (20 games a side) and against itself (exactly the value). */
static void test_perfect_player(void **state)
{
    (void)state;
    const char *opts[] = {"holes=3", "seeds=3", "threshold_end=false", NULL};
    unit_game a;
    open_at_start(&a, KALAH, opts);
    sow_solver *sv = solver(&a, false);
    sow_error err;
    sow_solve_value v;
    /* South to move at the start (South wins by 2); North after 2 (North
     * wins by 4) */
    sow_game after = a.g;
    assert_int_equal(sow_engine_play(&a.k.eng, &after, 2, &err), 0);
    const sow_game *start[2] = {&a.g, &after};
    for (int who = 0; who < 2; who++) {
        assert_int_equal(
            sow_solve_value_of(sv, &a.k.eng, start[who], &v, &err), 0);
        long want = who == 0 ? as_ref(v) : -as_ref(v);
        assert_true(want > WIN_W); /* a win for the perfect player */
        for (uint64_t seed = 1; seed <= 20; seed++)
            assert_true(play_out(&a, *start[who], who, "random", seed) >=
                        want);
        assert_true(play_out(&a, *start[who], who, "perfect:mib=4", 1) ==
                    want);
    }
    sow_solver_free(sv);
    unit_game_close(&a);
}

/* ---- the progress line ------------------------------------------------- */

#define MAX_REPORTS 4096

typedef struct reports {
    int n;
    sow_solve_progress pr[MAX_REPORTS];
} reports;

static void keep_report(void *ctx, const sow_solve_progress *pr)
{
    reports *r = ctx;
    if (r->n < MAX_REPORTS)
        r->pr[r->n++] = *pr;
}

/* What the progress reports say of the value (low and high, `sow solve
 * --progress`'s "value from A to B") holds of the value the solve ends
 * with, and is said at all: with the value only (the root's MTD(f)
 * bounds) and with every move's (the best move so far), on Kalah 5x3
 * under both readings of KA.4, a report every 16,384 positions (every
 * 0 s), one thread. */
static void test_progress_bounds(void **state)
{
    (void)state;
    const char *pick[] = {"on_capture", "always"};
    for (int reading = 0; reading < 2; reading++)
        for (int value_only = 0; value_only < 2; value_only++) {
            char po[32];
            snprintf(po, sizeof po, "pick_own=%s", pick[reading]);
            const char *opts[] = {"holes=5", "seeds=3",
                                  "threshold_end=false", po, NULL};
            unit_game a;
            open_at_start(&a, KALAH, opts);
            sow_solver *sv = solver(&a, false);
            sow_error err;
            assert_int_equal(sow_solver_set_threads(sv, 1, &err), 0);
            sow_solver_set_value_only(sv, value_only);
            reports *r = calloc(1, sizeof *r);
            assert_non_null(r);
            sow_solver_set_progress(sv, keep_report, r, 0);
            sow_solve_result *res = malloc(sizeof *res);
            assert_non_null(res);
            if (sow_solve(sv, &a.k.eng, &a.g, res, &err))
                fail_msg("%s", err.msg);
            const long v = sow_solve_rank(res->value);
            int said = 0;
            assert_true(r->n > 0);
            for (int i = 0; i < r->n; i++) {
                const sow_solve_progress *p = &r->pr[i];
                if (p->has_low)
                    assert_true(sow_solve_rank(p->low) <= v);
                if (p->has_high)
                    assert_true(sow_solve_rank(p->high) >= v);
                said += p->has_low || p->has_high;
            }
            if (said == 0)
                fail_msg("%s, value only %d: %d reports, none with a bound",
                         po, value_only, r->n);
            free(res);
            free(r);
            sow_solver_free(sv);
            unit_game_close(&a);
        }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_refusals),
        cmocka_unit_test(test_history_matters),
        cmocka_unit_test(test_repetition_small_boards),
        cmocka_unit_test(test_cycle_is_an_error),
        cmocka_unit_test(test_kalah_small_boards),
        cmocka_unit_test(test_game_ends),
        cmocka_unit_test(test_max_plies),
        cmocka_unit_test(test_perfect_player),
        cmocka_unit_test(test_progress_bounds),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
