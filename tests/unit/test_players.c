/* test_players.c - the computer players (sow_player.h): spec strings;
 * alphabeta finds a capture and a win in constructed positions; its value
 * equals a plain minimax's (no pruning, no table, no shortcuts), through
 * passes and decision moves; its horizon shortcuts change nothing; a
 * fixed seed makes alphabeta and mcts repeat themselves; and a search
 * leaves the game, the engine's repetition history and so the outcome of
 * the game as they were (Adji Kui I with `repetition`, and a variant with
 * decision moves after which the engine resets the history). */
#include "unit.h"

#include "fixture.h"

#include "sow_history.h"
#include "sow_lua.h"
#include "sow_player.h"
#include "sow_rng.h"
#include "sow_search.h"

#define KUI1 "variants/adji_kui_1.yaml"
#define ANDADA "variants/andada.yaml"

static char *tdir;

static int group_setup(void **state)
{
    (void)state;
    return unit_group_dir(&tdir);
}

static int group_teardown(void **state)
{
    (void)state;
    return unit_group_dir_done(&tdir);
}

static void open_game(unit_game *a, const char *yaml, const char *opt)
{
    const char *opts[] = {opt, NULL};
    unit_game_open(a, yaml, opts);
    sow_error err;
    if (sow_engine_start(&a->k.eng, &a->g, &err))
        fail_msg("%s", err.msg);
}

static void play(unit_game *a, sow_move m)
{
    sow_error err;
    if (sow_engine_play(&a->k.eng, &a->g, m, &err))
        fail_msg("ply %d, move %d: %s", a->g.ply, m, err.msg);
}

static sow_player *player(const unit_game *a, const char *spec, uint64_t seed)
{
    sow_player_spec sp;
    sow_error err;
    if (sow_player_spec_parse(spec, &sp, &err))
        fail_msg("%s", err.msg);
    sow_player *p = sow_player_new(&sp, &a->k.setup, seed, &err);
    if (!p)
        fail_msg("%s", err.msg);
    return p;
}

/* Search, and check that the game and the engine's history are as they
 * were. */
static sow_move search(unit_game *a, sow_player *p, sow_search_info *info)
{
    sow_game before = a->g;
    int len = a->k.eng.hist ? sow_history_len(a->k.eng.hist) : -1;
    sow_move m;
    sow_error err;
    if (sow_player_move(p, &a->k.eng, &a->g, &m, info, &err))
        fail_msg("ply %d: %s", a->g.ply, err.msg);
    assert_same_game(&before, &a->g);
    if (a->k.eng.hist)
        assert_int_equal(sow_history_len(a->k.eng.hist), len);
    assert_true(sow_game_is_legal(&a->g, m));
    return m;
}

/* Write a board (and captures) for the player to move; legal moves
 * recomputed. */
static void set_position(unit_game *a, const int *b, int c0, int c1,
                         int to_move)
{
    sow_game *g = &a->g;
    int sum = 0;
    for (int h = 0; h < a->k.setup.holes; h++) {
        g->board[h] = (uint16_t)b[h];
        sum += b[h];
    }
    assert_int_equal(sum + c0 + c1, a->k.setup.total);
    g->on_board = sum;
    g->captured[0] = c0;
    g->captured[1] = c1;
    g->to_move = (uint8_t)to_move;
    unit_relegal(&a->k.setup, &a->k.eng.rules, g, to_move);
}

/* ---- specs ---------------------------------------------------------------- */

static void spec_ok(const char *text, const char *canonical)
{
    sow_player_spec sp;
    sow_error err;
    if (sow_player_spec_parse(text, &sp, &err))
        fail_msg("'%s': %s", text, err.msg);
    char buf[128];
    sow_player_spec_format(&sp, buf, sizeof buf);
    assert_string_equal(buf, canonical);
}

static void spec_bad(const char *text, const char *needle)
{
    sow_player_spec sp;
    sow_error err;
    assert_int_equal(sow_player_spec_parse(text, &sp, &err), SOW_ERR);
    assert_contains(err.msg, needle);
}

static void test_specs(void **state)
{
    (void)state;
    spec_ok("random", "random");
    spec_ok("greedy", "greedy");
    spec_ok("alphabeta", "alphabeta:depth=6");
    spec_ok("alphabeta:depth=7", "alphabeta:depth=7");
    spec_ok("alphabeta:ms=100", "alphabeta:ms=100");
    spec_ok("alphabeta:ms=100:depth=07:tt=20", "alphabeta:depth=7:ms=100:tt=20");
    spec_ok("mcts", "mcts:iter=1000");
    spec_ok("mcts:iter=2000", "mcts:iter=2000");
    spec_ok("mcts:ms=200:c=0.5:playout=50", "mcts:ms=200:c=0.5:playout=50");
    spec_bad("bogus", "player 'bogus': no such player; players are "
                      "random[:by=decision], greedy, alphabeta");
    spec_ok("random:by=decision", "random:by=decision");
    spec_ok("random:by=turn", "random");
    spec_bad("random:depth=3", "random takes only by=turn");
    spec_bad("random:by=leaf", "not 'by=leaf'");
    spec_bad("greedy:by=decision", "greedy takes no parameters");
    spec_bad("alphabeta:depth=0", "depth takes a whole number from 1 to 64, "
                                  "not '0'");
    spec_bad("alphabeta:depth=65", "not '65'");
    spec_bad("alphabeta:iter=5", "alphabeta has no parameter 'iter'; its "
                                 "parameters: depth, ms, tt");
    spec_bad("mcts:depth=5", "mcts has no parameter 'depth'");
    spec_bad("mcts:iter=", "iter takes a whole number");
    spec_bad("mcts:c=-1", "c takes a number from 0 to 100");
    spec_bad("alphabeta:depth", "'depth' is not KEY=VALUE");
    spec_bad("alphabeta:", "'' is not KEY=VALUE");
    spec_bad("alphabeta:ms=0", "ms takes a whole number of milliseconds");
}

/* ---- constructed positions ------------------------------------------------ */

/* Adji Kui I (K1.5): South's hole 5 (3 seeds) sows 6 7 8, making 2 3 2 in
 * North's holes: all three are captured (7 seeds); hole 0 captures
 * nothing. */
static void test_kui1_finds_capture(void **state)
{
    (void)state;
    unit_game a;
    open_game(&a, KUI1, NULL);
    const int b[12] = {2, 0, 0, 0, 0, 3, 1, 2, 1, 4, 4, 4};
    set_position(&a, b, 10, 17, 0);
    assert_int_equal(a.g.nlegal, 2);
    for (int d = 1; d <= 5; d++) {
        char spec[32];
        snprintf(spec, sizeof spec, "alphabeta:depth=%d", d);
        sow_player *p = player(&a, spec, 1);
        sow_search_info info;
        assert_int_equal(search(&a, p, &info), 5);
        if (d == 1)
            /* 4 x (17 - 17) captured + 2 seeds in South's holes - 12 in
             * North's */
            assert_int_equal(info.score, -10);
        sow_player_free(p);
    }
    sow_player *g = player(&a, "greedy", 1);
    assert_int_equal(search(&a, g, NULL), 5);
    sow_player_free(g);
    /* the capture wins: North is left without a move, South's last move
     * makes singletons, 26-22 (K1.7, K1.8); hole 0 would not */
    const int w[12] = {2, 0, 0, 0, 0, 3, 1, 2, 1, 0, 0, 0};
    set_position(&a, w, 17, 22, 0);
    sow_player *ab = player(&a, "alphabeta:depth=4", 1);
    sow_search_info info;
    assert_int_equal(search(&a, ab, &info), 5);
    /* two plies: the capture, North passes (C0.5), South sows hole 0 */
    assert_int_equal(info.score, SOW_SCORE_WIN - 2);
    sow_player_free(ab);
    sow_player *m = player(&a, "mcts:iter=300", 1);
    assert_int_equal(search(&a, m, &info), 5);
    assert_true(info.win_rate == 1.0);
    sow_player_free(m);
    unit_game_close(&a);
}

/* Andada (A.4, A.6): South's single seed in hole 3 ends in its own empty
 * hole 4 and removes hole 19 (opposite), North's last seeds: North
 * cannot move and loses. Hole 8 ends in 9, opposite 14 is empty. */
static void test_andada_finds_win(void **state)
{
    (void)state;
    unit_game a;
    open_game(&a, ANDADA, NULL);
    play(&a, 0);
    play(&a, sow_decision(0, 0));
    int b[24] = {0};
    b[3] = 1;
    b[8] = 1;
    b[19] = 2;
    set_position(&a, b, 22, 22, 0);
    for (int d = 1; d <= 6; d++) {
        char spec[32];
        snprintf(spec, sizeof spec, "alphabeta:depth=%d", d);
        sow_player *p = player(&a, spec, 7);
        sow_search_info info;
        assert_int_equal(search(&a, p, &info), 3);
        assert_int_equal(info.score, SOW_SCORE_WIN - 1);
        assert_int_equal(info.depth, 1); /* decided: no deeper iteration */
        sow_player_free(p);
    }
    unit_game_close(&a);
}

/* ---- alphabeta against a plain minimax ------------------------------------ */

static int ref_negamax(unit_game *a, const sow_game *g, int depth, int ply)
{
    const int me = g->to_move;
    int best = -SOW_SCORE_WIN - 1000;
    for (int i = 0; i < g->nlegal; i++) {
        sow_game c = *g;
        int len = a->k.eng.hist ? sow_history_len(a->k.eng.hist) : 0;
        sow_error err;
        if (sow_engine_play(&a->k.eng, &c, g->legal[i], &err))
            fail_msg("%s", err.msg);
        int v;
        if (c.over)
            v = c.result.winner < 0 ? 0
                : c.result.winner == me ? SOW_SCORE_WIN - (ply + 1)
                                        : -(SOW_SCORE_WIN - (ply + 1));
        else if (depth == 1)
            v = sow_search_eval(&a->k.setup, &c, me);
        else if (c.to_move == me)
            v = ref_negamax(a, &c, depth - 1, ply + 1);
        else
            v = -ref_negamax(a, &c, depth - 1, ply + 1);
        if (a->k.eng.hist)
            sow_history_pop(a->k.eng.hist, sow_history_len(a->k.eng.hist) - len);
        if (v > best)
            best = v;
    }
    return best;
}

/* Random positions of random games: alphabeta's value at depth 1..maxd is
 * the minimax value, with and without the horizon shortcuts, and both
 * make the same nodes. Returns the positions compared. */
static int against_minimax(const char *yaml, const char *opt, int games,
                           int maxd, uint64_t seed, int *passes)
{
    unit_game a;
    open_game(&a, yaml, opt);
    sow_rng rng;
    sow_rng_seed(&rng, seed);
    int compared = 0;
    for (int i = 0; i < games; i++) {
        sow_error err;
        assert_int_equal(sow_engine_start(&a.k.eng, &a.g, &err), SOW_OK);
        while (!a.g.over) {
            if (a.g.nlegal > 1 &&
                (a.g.ply < 2 || sow_rng_below(&rng, 3) == 0)) {
                for (int d = 1; d <= maxd; d++) {
                    sow_player *pf, *pe;
                    char spec[32];
                    snprintf(spec, sizeof spec, "alphabeta:depth=%d", d);
                    pf = player(&a, spec, 9);
                    pe = player(&a, spec, 9);
                    sow_player_set_shortcuts(pe, false);
                    sow_search_info fi, ei;
                    sow_move fm = search(&a, pf, &fi);
                    sow_move em = search(&a, pe, &ei);
                    int ref = ref_negamax(&a, &a.g, fi.depth ? fi.depth : d,
                                          0);
                    if (fi.depth == d || fi.score > SOW_SCORE_WIN - 1000 ||
                        fi.score < -(SOW_SCORE_WIN - 1000))
                        if (fi.score != ref)
                            fail_msg("%s game %d ply %d depth %d: alphabeta "
                                     "%d, minimax %d",
                                     yaml, i, a.g.ply, d, fi.score, ref);
                    assert_int_equal(fi.score, ei.score);
                    assert_int_equal(fm, em);
                    assert_int_equal(fi.depth, ei.depth);
                    assert_true(fi.nodes == ei.nodes);
                    sow_player_free(pf);
                    sow_player_free(pe);
                    compared++;
                }
            }
            int mover = a.g.to_move;
            play(&a, a.g.legal[sow_rng_below(&rng, a.g.nlegal)]);
            if (!a.g.over && a.g.to_move == mover &&
                !sow_decision_phase(&a.k.setup, &a.g))
                (*passes)++;
        }
    }
    unit_game_close(&a);
    return compared;
}

static void test_alphabeta_is_minimax(void **state)
{
    (void)state;
    int passes = 0, n = 0;
    /* passes (K1.3) and no repetition rule */
    n += against_minimax(KUI1, "endless=no_capture_plies:40", 4, 4, 1,
                         &passes);
    assert_true(passes > 0);
    /* repetition on: no shortcuts, the history in play */
    n += against_minimax(KUI1, NULL, 4, 4, 2, &passes);
    /* relay sowing, endless moves left out, the opening and the decision */
    n += against_minimax(ANDADA, NULL, 3, 3, 3, &passes);
    n += against_minimax(ANDADA, "endless_move=end_game", 2, 3, 4, &passes);
    n += against_minimax(ANDADA, "holes=15", 2, 3, 5, &passes);
    /* turns of several decisions (C2.3): the horizon's children list one
     * turn of their player's, not the whole tree */
    n += against_minimax("variants/bao_kiswahili.yaml", "reading=ludii", 2, 3,
                         6, &passes);
    n += against_minimax("variants/bao_kiswahili.yaml", "reading=sources", 2,
                         3, 7, &passes);
    assert_true(n > 100);
}

/* ---- determinism ------------------------------------------------------------ */

static void test_same_seed_same_move(void **state)
{
    (void)state;
    unit_game a;
    open_game(&a, ANDADA, "holes=15");
    play(&a, 0);
    play(&a, sow_decision(0, 0));
    const char *specs[] = {"mcts:iter=500", "alphabeta:depth=5", "greedy",
                           "random"};
    for (int k = 0; k < 4; k++) {
        sow_player *p = player(&a, specs[k], 42);
        sow_player *q = player(&a, specs[k], 42);
        sow_search_info i1, i2, i3;
        sow_move m1 = search(&a, p, &i1);
        sow_move m2 = search(&a, q, &i2);
        /* the same player again, reseeded: the same again */
        sow_player_seed(p, 42);
        sow_move m3 = search(&a, p, &i3);
        assert_int_equal(m1, m2);
        assert_int_equal(m1, m3);
        assert_true(i1.nodes == i2.nodes && i1.nodes == i3.nodes);
        assert_int_equal(i1.iterations, i2.iterations);
        assert_true(i1.win_rate == i2.win_rate);
        assert_int_equal(i1.score, i2.score);
        sow_player_free(p);
        sow_player_free(q);
    }
    /* mcts: some seed chooses differently (the seed is used) */
    bool differ = false;
    sow_player *p = player(&a, "mcts:iter=50", 1);
    sow_move first = search(&a, p, NULL);
    for (uint64_t s = 2; s < 40 && !differ; s++) {
        sow_player_seed(p, s);
        differ = search(&a, p, NULL) != first;
    }
    assert_true(differ);
    sow_player_free(p);
    unit_game_close(&a);
}

/* ---- a search leaves the game as it was ------------------------------------ */

/* Play games with the searching players (the history checked after every
 * search by search()), then replay each move list on a fresh engine that
 * never searched: the same plies, result and reason. Returns the games
 * that ended by repetition. */
static int games_untouched(const char *yaml, const char *opt,
                           const char *south, const char *north, int games)
{
    unit_game a, b;
    open_game(&a, yaml, opt);
    open_game(&b, yaml, opt);
    sow_player *p[2] = {player(&a, south, 1), player(&a, north, 2)};
    int repeated = 0;
    for (int i = 0; i < games; i++) {
        sow_error err;
        assert_int_equal(sow_engine_start(&a.k.eng, &a.g, &err), SOW_OK);
        sow_player_seed(p[0], (uint64_t)i * 2 + 11);
        sow_player_seed(p[1], (uint64_t)i * 2 + 12);
        sow_move moves[4096];
        int n = 0;
        while (!a.g.over && n < 4096) {
            sow_move m = search(&a, p[a.g.to_move], NULL);
            play(&a, m);
            moves[n++] = m;
        }
        assert_true(a.g.over);
        assert_int_equal(sow_engine_start(&b.k.eng, &b.g, &err), SOW_OK);
        for (int k = 0; k < n; k++) {
            assert_false(b.g.over);
            play(&b, moves[k]);
        }
        assert_true(b.g.over);
        assert_same_game(&a.g, &b.g);
        if (a.k.eng.hist)
            assert_int_equal(sow_history_len(a.k.eng.hist),
                             sow_history_len(b.k.eng.hist));
        repeated += a.g.result.reason == SOW_END_REPETITION;
    }
    sow_player_free(p[0]);
    sow_player_free(p[1]);
    unit_game_close(&a);
    unit_game_close(&b);
    return repeated;
}

static void test_search_leaves_game(void **state)
{
    (void)state;
    int rep = games_untouched(KUI1, NULL, "alphabeta:depth=3", "random", 40);
    rep += games_untouched(KUI1, NULL, "random", "mcts:iter=100", 40);
    assert_true(rep > 0); /* some games ended by repetition (K1.7) */
    games_untouched(ANDADA, NULL, "alphabeta:depth=3", "mcts:iter=30", 2);
}

/* A variant with repetition and a decision before play: the engine resets
 * the history after the decision; a search through it must not. */
static const char *const DECIDE_YAML =
    "id: test-decide-repeat\n"
    "name: Decide then Adji Kui I\n"
    "summary: Adji Kui I after South decides who starts.\n"
    "board: {rows: 2, holes: 6, seeds: 4, stores: false}\n"
    "sowing:\n"
    "  direction: ccw\n"
    "  min_seeds: 2\n"
    "  laps: single\n"
    "  passing: true\n"
    "  lap_end:\n"
    "    - when: {owner: opponent, count: [2, 3]}\n"
    "      do: hook\n"
    "phases:\n"
    "  - name: pick\n"
    "    moves: decisions\n"
    "start_phase: pick\n"
    "decisions: [first]\n"
    "end:\n"
    "  no_moves: end\n"
    "  repetition: true\n"
    "script: decide.lua\n"
    "hooks:\n"
    "  lap_end: capture\n"
    "  decisions: choices\n"
    "  decide: first\n";

static const char *const DECIDE_LUA =
    "function capture(g, h, c)\n"
    "  local board, owner, prev, me = g.board, g.owner, g.prev, g.mover\n"
    "  local taken, n = { h }, 1\n"
    "  h = prev[h]\n"
    "  while owner[h] ~= me and n < g.holes do\n"
    "    local k = board[h]\n"
    "    if k ~= 2 and k ~= 3 then break end\n"
    "    n = n + 1\n"
    "    taken[n] = h\n"
    "    h = prev[h]\n"
    "  end\n"
    "  return taken\n"
    "end\n"
    "function choices(g) return { \"first:0\", \"first:1\" } end\n"
    "function first(g, token)\n"
    "  return { phase = 0, to_move = tonumber(token:sub(7)) }\n"
    "end\n";

static void test_search_through_decisions(void **state)
{
    (void)state;
    char yaml[1024], lua[1024];
    unit_write(yaml, sizeof yaml, tdir, "decide.yaml", DECIDE_YAML);
    unit_write(lua, sizeof lua, tdir, "decide.lua", DECIDE_LUA);
    unit_game a;
    open_game(&a, yaml, NULL);
    assert_non_null(a.k.eng.hist);
    assert_true(sow_decision_phase(&a.k.setup, &a.g));
    sow_player *ab = player(&a, "alphabeta:depth=5", 1);
    sow_player *mc = player(&a, "mcts:iter=300", 1);
    /* from the decision: the search goes through it and back */
    sow_move m = search(&a, ab, NULL);
    assert_true(sow_move_is_decision(m));
    m = search(&a, mc, NULL);
    assert_true(sow_move_is_decision(m));
    sow_player_free(ab);
    sow_player_free(mc);
    unit_game_close(&a);
    int passes = 0;
    assert_true(against_minimax(yaml, NULL, 3, 3, 6, &passes) > 10);
    int rep = games_untouched(yaml, NULL, "alphabeta:depth=2", "random", 30);
    rep += games_untouched(yaml, NULL, "random", "mcts:iter=40", 30);
    assert_true(rep > 0);
}

/* A time limit stops the search and still gives a legal move; a depth-1
 * iteration always completes. */
static void test_time_limit(void **state)
{
    (void)state;
    unit_game a;
    open_game(&a, ANDADA, "holes=24");
    play(&a, 0);
    play(&a, sow_decision(0, 1));
    sow_player *p = player(&a, "alphabeta:ms=20", 1);
    sow_search_info info;
    double t0 = unit_now();
    search(&a, p, &info);
    assert_true(info.depth >= 1);
    assert_true(unit_now() - t0 < 2.0 * unit_slow_factor());
    sow_player_free(p);
    p = player(&a, "mcts:ms=20", 1);
    search(&a, p, &info);
    assert_true(info.iterations >= 1);
    sow_player_free(p);
    unit_game_close(&a);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_specs),
        cmocka_unit_test(test_kui1_finds_capture),
        cmocka_unit_test(test_andada_finds_win),
        cmocka_unit_test(test_alphabeta_is_minimax),
        cmocka_unit_test(test_same_seed_same_move),
        cmocka_unit_test(test_search_leaves_game),
        cmocka_unit_test(test_search_through_decisions),
        cmocka_unit_test(test_time_limit),
    };
    return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
