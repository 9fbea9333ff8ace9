/* test_hooks.c - the move hooks (engine/core/sow_hooks.c, the bridge's
 * filter, after_move and game_end in engine/lua/sow_lua.c;
 * docs/writing-variants.md "What each hook sees and when it runs"): what
 * each hook sees (board_before, captured_before, origin, lap_end's too;
 * nil in the other hooks), when it runs, what its answers do to the legal moves, the player
 * to move and the end of the game, the checks on what it returns, and that
 * a failing hook leaves the game as it was. Filters run on copies and
 * never change the real game (CATALOGUE P42). */
#include "unit.h"
#include "fixture.h"

#include "sow_game.h"
#include "sow_lua.h"
#include "sow_move.h"

static char *tdir;
static char yaml_path[512];
static char phased_path[512]; /* the decisions variant below */
static char chosen_path[512]; /* the direction-choice variant below */
static char last_path[512];   /* the g.last variant below */

/* after_move opens a decision phase after each sowing, for the other
 * player; the decision closes it; after_move counts the decisions (its
 * g.origin is nil after one). */
static const char *const PHASED =
    "id: hookphase\n"
    "name: Hook phase\n"
    "summary: s\n"
    "script: p.lua\n"
    "board:\n"
    "  holes: 6\n"
    "  seeds: 4\n"
    "sowing:\n"
    "  passing: true\n"
    "decisions: [pick]\n"
    "state: [decided]\n"
    "phases:\n"
    "  - name: choose\n"
    "    moves: decisions\n"
    "hooks:\n"
    "  decisions: choices\n"
    "  decide: choose\n"
    "  after_move: a\n";

static const char *const PHASED_SCRIPT =
    "function choices(g) return {'pick:1'} end\n"
    "function choose(g, t) return {phase = 0, to_move = 1 - g.mover} end\n"
    "function a(g)\n"
    "  if g.origin == nil then\n"
    "    assert(g.phase == 0 and g.board_before[0] == g.board[0])\n"
    "    return {state = {decided = g.state.decided + 1}}\n"
    "  end\n"
    "  return {phase = 1, to_move = 1 - g.mover}\n"
    "end\n";

/* The starter chooses the direction (OL.2, C1.12: the decision dir:ccw
 * or dir:cw); after_move counts its calls and sees the choice as a move
 * with no origin. */
static const char *const CHOSEN =
    "id: hookdir\n"
    "name: Hook direction\n"
    "summary: s\n"
    "script: d.lua\n"
    "board:\n"
    "  holes: 6\n"
    "  seeds: 4\n"
    "sowing:\n"
    "  direction: chosen\n"
    "state: [calls, choices]\n"
    "hooks:\n"
    "  after_move: a\n";

static const char *const CHOSEN_SCRIPT =
    "function a(g)\n"
    "  local c = g.state.choices\n"
    "  if g.origin == nil then c = c + 1 end\n"
    "  return {state = {calls = g.state.calls + 1, choices = c}}\n"
    "end\n";

/* Wari's board with a capture by the lap_end hook (so that the filter's
 * copies run lap_end between filter calls), and the three move hooks. */
static const char *const VARIANT =
    "id: hooktest\n"
    "name: Hook test\n"
    "summary: s\n"
    "script: s.lua\n"
    "board:\n"
    "  holes: 6\n"
    "  seeds: 4\n"
    "  stores: true\n"
    "sowing:\n"
    "  skip_origin: true\n"
    "  passing: false\n"
    "  lap_end:\n"
    "    - when: {owner: opponent, count: [2, 3]}\n"
    "      do: hook\n"
    "state: [moves, last]\n"
    "rules:\n"
    "  HT.1: \"The hook ends the game at ply 2. It may say why.\"\n"
    "hooks:\n"
    "  lap_end: cap\n"
    "  filter: f\n"
    "  after_move: a\n"
    "  game_end: e\n";

/* Lines 1-9; a test appends definitions from line 10 on, which replace
 * these (the last definition of a global wins). cap checks that lap_end
 * sees the move its lap belongs to, in play, in the filter's copies and
 * in the proofs of endless moves alike: before the lift, after it. */
static const char *const BASE =
    "function cap(g, h, c)\n"
    "  assert(g.board_before[g.origin] > 0 and g.board[g.origin] == 0 and\n"
    "         g.captured_before[g.mover] <= g.captured[g.mover], 'move')\n"
    "  return {h}\n"
    "end\n"
    "function f(g, h) return true end\n"
    "function a(g) return nil end\n"
    "function e(g) return nil end\n"
    "-- the test's own definitions follow\n";

/* g.last (issue 24): 2x4 holes of 3 seeds, the own store on the track,
 * relay laps that stop on a single seed, the own store playing again.
 * after_move keeps where the move ended in the state (a hole, 100 + p
 * for player p's store, -1 for nil); game_end sees the same. */
static const char *const LAST =
    "id: hooklast\n"
    "name: Hook last\n"
    "summary: s\n"
    "script: l.lua\n"
    "board: {rows: 2, holes: 4, seeds: 3, stores: true, "
    "stores_on_track: own}\n"
    "sowing:\n"
    "  laps: relay\n"
    "  lap_end:\n"
    "    - {when: {store: own}, do: extra_turn}\n"
    "    - {when: {count: 1}, do: stop}\n"
    "state: [last]\n"
    "hooks: {after_move: a, game_end: e}\n";

static const char *const LAST_SCRIPT =
    "local STORE = {south_store = 100, north_store = 101}\n"
    "local function code(g)\n"
    "  if g.last == nil then return -1 end\n"
    "  return STORE[g.last] or g.last\n"
    "end\n"
    "function a(g) return {state = {last = code(g)}} end\n"
    "function e(g)\n"
    "  assert(code(g) == g.state.last, 'game_end sees g.last')\n"
    "  return nil\n"
    "end\n";

static int group_setup(void **state)
{
    (void)state;
    if (unit_group_dir(&tdir))
        return -1;
    unit_write(yaml_path, sizeof yaml_path, tdir, "s.yaml", VARIANT);
    unit_write(phased_path, sizeof phased_path, tdir, "p.yaml", PHASED);
    char lua[512];
    unit_write(lua, sizeof lua, tdir, "p.lua", PHASED_SCRIPT);
    unit_write(chosen_path, sizeof chosen_path, tdir, "d.yaml", CHOSEN);
    unit_write(lua, sizeof lua, tdir, "d.lua", CHOSEN_SCRIPT);
    unit_write(last_path, sizeof last_path, tdir, "l.yaml", LAST);
    unit_write(lua, sizeof lua, tdir, "l.lua", LAST_SCRIPT);
    return 0;
}

static int group_teardown(void **state)
{
    (void)state;
    return unit_group_dir_done(&tdir);
}

/* Open the variant with BASE followed by `extra` as its script. */
static void open_with(unit_game *a, const char *extra)
{
    char path[512], text[8192];
    snprintf(text, sizeof text, "%s%s", BASE, extra);
    unit_write(path, sizeof path, tdir, "s.lua", text);
    unit_game_open(a, yaml_path, NULL);
}

/* Open and start; the start must succeed. */
static void start_with(unit_game *a, const char *extra)
{
    open_with(a, extra);
    sow_error err;
    sow_error_clear(&err);
    if (sow_engine_start(&a->k.eng, &a->g, &err))
        fail_msg("%s:%d: %s", err.path, err.line, err.msg);
}

/* Open the variant at path and start its game. */
static void open_started(unit_game *a, const char *path)
{
    unit_game_open(a, path, NULL);
    sow_error err;
    sow_error_clear(&err);
    if (sow_engine_start(&a->k.eng, &a->g, &err))
        fail_msg("%s", err.msg);
}

static void play_ok(unit_game *a, int hole)
{
    sow_error err;
    sow_error_clear(&err);
    if (sow_engine_play(&a->k.eng, &a->g, hole, &err))
        fail_msg("hole %d: %s:%d: %s", hole, err.path, err.line, err.msg);
}

static void legal_is(const sow_game *g, const char *want)
{
    char got[256] = "";
    size_t len = 0;
    for (int i = 0; i < g->nlegal; i++)
        len += (size_t)snprintf(got + len, sizeof got - len, "%s%d",
                                i ? " " : "", g->legal[i]);
    assert_string_equal(got, want);
}

/* ---- filter -------------------------------------------------------------- */

/* The filter sees the position after the candidate (lifted, sown, the
 * ply counted, the mover still to move), the board and stores before it
 * and the origin; refusing hole 0 leaves 1-5 legal, and the real board
 * is untouched. */
static void test_filter_view(void **state)
{
    (void)state;
    unit_game a;
    start_with(&a,
               "function f(g, h)\n"
               "  assert(g.origin == h, 'origin')\n"
               "  assert(g.board_before[h] == 4 and g.board[h] == 0, 'lift')\n"
               "  assert(g.board[h + 1] == 5, 'sown')\n"
               "  assert(g.captured_before[0] == 0 and\n"
               "         g.captured_before[1] == 0, 'captured_before')\n"
               "  assert(g.mover == 0 and g.ply == 1, 'mover and ply')\n"
               "  local n = 0\n"
               "  for k, v in pairs(g.board_before) do n = n + v end\n"
               "  assert(n == 48 and #g.board_before == 12, 'pairs, #')\n"
               "  if h == 0 then return false, 'no zero' end\n"
               "  return true\n"
               "end\n");
    legal_is(&a.g, "1 2 3 4 5");
    for (int h = 0; h < 12; h++)
        assert_int_equal(a.g.board[h], 4);
    assert_int_equal(a.g.ply, 0);
    unit_game_close(&a);
}

/* Ranks: of the moves kept only those of the highest rank stay;
 * sow_hook_refusal says which hole the hook refused, with its reason. */
static void test_filter_ranks(void **state)
{
    (void)state;
    unit_game a;
    start_with(&a,
               "function f(g, h)\n"
               "  if h == 5 then return false, 'five is out' end\n"
               "  if h == 3 then return false end\n"
               "  return h % 3\n"
               "end\n");
    legal_is(&a.g, "2"); /* ranks 0 1 2 0 1; 3 and 5 refused */
    const sow_setup *s = &a.k.setup;
    const sow_rules *r = &a.k.eng.rules;
    char why[128];
    sow_error err;
    assert_int_equal(sow_hook_refusal(s, r, &a.g, 5, why, sizeof why, &err),
                     1);
    assert_string_equal(why, "five is out");
    assert_int_equal(sow_hook_refusal(s, r, &a.g, 3, why, sizeof why, &err),
                     1);
    assert_string_equal(why, "");
    assert_int_equal(sow_hook_refusal(s, r, &a.g, 0, why, sizeof why, &err),
                     1); /* kept, but of a lower rank */
    assert_int_equal(sow_hook_refusal(s, r, &a.g, 2, why, sizeof why, &err),
                     0); /* legal */
    assert_int_equal(sow_hook_refusal(s, r, &a.g, 7, why, sizeof why, &err),
                     0); /* North's hole: the data refuse it */
    assert_int_equal(sow_hook_refusal(s, r, &a.g, 99, why, sizeof why, &err),
                     0);
    /* the moves the data allow are still all there without the hook */
    sow_rules data = *r;
    data.filter = NULL;
    uint16_t mv[SOW_MAX_LEGAL];
    assert_int_equal(sow_legal_moves(s, &data, &a.g, 0, mv, NULL, &err), 6);
    play_ok(&a, 2);
    assert_int_equal(a.g.to_move, 1);
    unit_game_close(&a);
}

/* "You must capture if you can" as ranks: from a position where some
 * moves capture, only those are legal, and the filter's copies (which run
 * the lap_end hook) change nothing of the real game. */
static void test_filter_must_capture(void **state)
{
    (void)state;
    unit_game a;
    start_with(&a, "function f(g, h)\n"
                   "  return g.captured[g.mover] > "
                   "g.captured_before[g.mover] and 1 or 0\n"
                   "end\n");
    const uint16_t board[12] = {4, 4, 4, 4, 4, 3, 1, 2, 1, 4, 4, 4};
    memcpy(a.g.board, board, sizeof board);
    a.g.on_board = 39;
    a.g.captured[0] = 9;
    sow_game before = a.g;
    sow_error err;
    uint16_t mv[SOW_MAX_LEGAL];
    int n = sow_legal_moves(&a.k.setup, &a.k.eng.rules, &a.g, 0, mv, NULL,
                            &err);
    assert_int_equal(n, 4);
    for (int i = 0; i < n; i++)
        assert_int_equal(mv[i], 2 + i);
    assert_same_game(&before, &a.g);
    unit_game_close(&a);
}

/* ---- after_move and game_end ------------------------------------------- */

/* after_move sees the move (origin, board before, mover, ply counted),
 * its state changes are applied before game_end runs, and a player it
 * names moves next; game_end ends the game with its winner and score. */
static void test_after_move_game_end(void **state)
{
    (void)state;
    unit_game a;
    start_with(&a,
               "function a(g)\n"
               "  assert(g.board_before[g.origin] == 4, 'before')\n"
               "  assert(g.board[g.origin] == 0, 'after')\n"
               "  assert(g.mover == g.ply - 1, 'mover')\n"
               "  return {state = {moves = g.state.moves + 1,\n"
               "                   last = g.origin}, to_move = 1 - g.mover}\n"
               "end\n"
               "function e(g)\n"
               "  assert(g.state.moves == g.ply, 'after_move came first')\n"
               "  assert(g.state.last == g.origin, 'origin')\n"
               "  if g.ply == 2 then\n"
               "    return {over = true, winner = 1, rule = 'HT.1',\n"
               "            score = {[0] = 5, [1] = 7}}\n"
               "  end\n"
               "  return {over = false, winner = 0}\n"
               "end\n");
    play_ok(&a, 1);
    assert_false(a.g.over);
    assert_int_equal(a.g.state[0], 1);
    assert_int_equal(a.g.state[1], 1);
    assert_int_equal(a.g.to_move, 1);
    play_ok(&a, 6);
    assert_true(a.g.over);
    assert_int_equal(a.g.result.reason, SOW_END_HOOK);
    assert_int_equal(a.g.result.winner, 1);
    assert_true(a.g.result.has_score);
    assert_int_equal(a.g.result.score[0], 5);
    assert_int_equal(a.g.result.score[1], 7);
    assert_false(a.g.result.unfinished);
    assert_int_equal(a.g.nlegal, 0);
    assert_int_equal(a.g.state[1], 6);
    /* issue 24: the end's reason is the rule the hook names, its first
     * sentence and id */
    char why[128];
    assert_string_equal(sow_result_text(&a.k.setup, &a.g, why, sizeof why),
                        "The hook ends the game at ply 2 (HT.1)");
    assert_string_equal(sow_result_text(&a.k.setup, &a.g, why, 12),
                        "The (HT.1)");
    unit_game_close(&a);
}

/* g.last (issue 24): where the move's last seed fell, for after_move
 * and game_end. From [3,3,3,3 | 3,3,3,3]: hole 1 sows 2, 3 and South's
 * store (C1.2; C1.3: South again); then hole 0 (3) ends its lap in 3 (5
 * seeds), relays over the store to 7 (4), relays to 0, 1, 2, 3: hole 3
 * left empty by its lift now holds 1 (stop). In a new game hole 0 sows 1,
 * 2, 3 (4: relay), the store, 4, 5, 6 (4: relay), 7, 0, 1, 2 (5: relay),
 * 3, the store, 4, 5, 6: the last lap's last hole is 6, where the first
 * lap ended in 3. */
static void test_after_move_last(void **state)
{
    (void)state;
    unit_game a;
    open_started(&a, last_path);
    play_ok(&a, 1);
    assert_int_equal(a.g.state[0], 100); /* south_store */
    assert_int_equal(a.g.to_move, 0);
    assert_int_equal(a.g.captured[0], 1);
    play_ok(&a, 0);
    assert_int_equal(a.g.state[0], 3);
    assert_int_equal(a.g.board[3], 1);
    assert_int_equal(a.g.captured[0], 2);
    unit_game_close(&a);
    open_started(&a, last_path);
    play_ok(&a, 0);
    assert_int_equal(a.g.state[0], 6);
    assert_int_equal(a.g.board[6], 1);
    assert_int_equal(a.g.board[3], 1);
    assert_int_equal(a.g.captured[0], 2);
    unit_game_close(&a);
}

/* A player after_move names moves next (a second move in a row); with
 * over = true alone the game is scored as at any end and the higher
 * total wins. */
static void test_to_move_and_default_score(void **state)
{
    (void)state;
    unit_game a;
    start_with(&a, "function a(g) return {to_move = 0} end\n"
                   "function e(g)\n"
                   "  if g.ply == 2 then return {over = true} end\n"
                   "end\n");
    play_ok(&a, 0);
    assert_int_equal(a.g.to_move, 0);
    legal_is(&a.g, "1 2 3 4 5");
    play_ok(&a, 5); /* 4 of hole 5 into 6..9: none makes 2 or 3 */
    assert_true(a.g.over);
    int32_t want[2];
    sow_default_score(&a.k.setup, &a.g, want);
    assert_int_equal(a.g.result.score[0], want[0]);
    assert_int_equal(a.g.result.score[1], want[1]);
    assert_int_equal(a.g.result.winner,
                     want[0] == want[1] ? -1 : want[0] > want[1] ? 0 : 1);
    unit_game_close(&a);
}

/* after_move opens a decision phase for the player it names; it runs
 * after the decision too, with no origin. */
static void test_after_move_decision_phase(void **state)
{
    (void)state;
    unit_game a;
    open_started(&a, phased_path);
    play_ok(&a, 2);
    assert_int_equal(a.g.phase, 1);
    assert_int_equal(a.g.to_move, 1);
    assert_int_equal(a.g.nlegal, 1);
    assert_int_equal(a.g.legal[0], sow_decision(0, 1));
    play_ok(&a, sow_decision(0, 1));
    assert_int_equal(a.g.phase, 0);
    assert_int_equal(a.g.to_move, 0); /* decide named the other player */
    assert_int_equal(a.g.state[0], 1);
    legal_is(&a.g, "0 1 3 4 5");
    unit_game_close(&a);
}

/* issue 24: decide may move seeds too, after its other changes; its
 * "store" is the decider's, though its to_move names the other player. */
static void test_decide_moves(void **state)
{
    (void)state;
    char yaml[512], lua[512], text[2048];
    snprintf(text, sizeof text, "%s", PHASED);
    memcpy(strstr(text, "p.lua"), "q.lua", 5);
    unit_write(yaml, sizeof yaml, tdir, "q.yaml", text);
    snprintf(text, sizeof text, "%s%s", PHASED_SCRIPT,
             "function choose(g, t)\n"
             "  return {phase = 0, to_move = 1 - g.mover,\n"
             "          move = {{from = 0, to = 'store'},\n"
             "                  {from = 'store', to = 11, seeds = 1}}}\n"
             "end\n"
             "function a(g)\n" /* (PHASED_SCRIPT's checks a board unmoved) */
             "  if g.origin == nil then return nil end\n"
             "  return {phase = 1, to_move = 1 - g.mover}\n"
             "end\n");
    unit_write(lua, sizeof lua, tdir, "q.lua", text);
    unit_game a;
    open_started(&a, yaml);
    play_ok(&a, 2);
    const int h0 = a.g.board[0], h11 = a.g.board[11];
    play_ok(&a, sow_decision(0, 1)); /* North decides */
    assert_int_equal(a.g.board[0], 0);
    assert_int_equal(a.g.captured[1], h0 - 1);
    assert_int_equal(a.g.board[11], h11 + 1);
    assert_int_equal(a.g.captured[0], 0);
    assert_int_equal(a.g.to_move, 0);
    unit_game_close(&a);
}

/* The direction choice (OL.2, C1.12) is a ply like a decision: after_move
 * runs after it (origin nil), then after the starter's first sowing; the
 * starter moves again after the choice and sows the chosen way. */
static void test_after_move_direction_choice(void **state)
{
    (void)state;
    unit_game a;
    open_started(&a, chosen_path);
    assert_int_equal(a.g.nlegal, 2);
    play_ok(&a, sow_decision(a.k.setup.v->dir_kind, SOW_DIR_CW));
    assert_int_equal(a.g.state[0], 1);
    assert_int_equal(a.g.state[1], 1);
    assert_int_equal(a.g.to_move, 0);
    assert_int_equal(a.g.ply, 1);
    legal_is(&a.g, "0 1 2 3 4 5");
    play_ok(&a, 2); /* clockwise: holes 1 and 0, then North's 11 and 10 */
    assert_int_equal(a.g.state[0], 2);
    assert_int_equal(a.g.state[1], 1);
    const int want[12] = {5, 5, 0, 4, 4, 4, 4, 4, 4, 4, 5, 5};
    for (int h = 0; h < 12; h++)
        assert_int_equal(a.g.board[h], want[h]);
    assert_int_equal(a.g.to_move, 1);
    unit_game_close(&a);
}

/* A hook failing after after_move changed the state and owners: the move
 * is refused and the whole game is as it was. */
static void test_failure_restores(void **state)
{
    (void)state;
    unit_game a;
    start_with(&a, "function a(g)\n"
                   "  return {state = {moves = 9}, owner = {[0] = 1}}\n"
                   "end\n"
                   "function e(g) error('no end today') end\n");
    sow_game before = a.g;
    sow_error err;
    sow_error_clear(&err);
    assert_int_equal(sow_engine_play(&a.k.eng, &a.g, 2, &err), SOW_ERR);
    assert_contains(err.msg, "no end today");
    assert_contains(err.msg, "hook game_end");
    assert_int_equal(err.line, 13);
    assert_same_game(&before, &a.g);
    unit_game_close(&a);
}

/* ---- claims a script makes (C1.4) and the threshold after them --------- */

/* A scripted opening (play), a decision phase and after_move, each of
 * which may claim holes; claims: true declares that holes are claimed
 * though no lap-end rule claims one. The first %s is a board: line, the
 * second a lap_end: list (a data claim rule, which declares it too). */
static const char *const CLAIMS_FMT =
    "id: hookclaim\n"
    "name: Hook claim\n"
    "summary: s\n"
    "script: c.lua\n"
    "board:\n"
    "  holes: 6\n"
    "  seeds: 4\n"
    "  stores: true\n"
    "%s"
    "sowing:\n"
    "  passing: false\n"
    "%s"
    "decisions: [pick]\n"
    "phases:\n"
    "  - name: opening\n"
    "    moves: scripted\n"
    "  - name: choose\n"
    "    moves: decisions\n"
    "start_phase: opening\n"
    "end:\n"
    "  threshold: 24\n"
    "hooks:\n"
    "  play: open\n"
    "  decisions: choices\n"
    "  decide: choose\n"
    "  after_move: a\n";

/* Lines 1-9; a test appends its own definitions. open returns the board
 * as it is and hands the move to North in ordinary play. */
static const char *const CLAIMS_BASE =
    "function same(g)\n"
    "  local b = {}\n"
    "  for h = 0, g.holes - 1 do b[h] = g.board[h] end\n"
    "  return b\n"
    "end\n"
    "function open(g, h) return {board = same(g), to_move = 1, phase = 0} end\n"
    "function choices(g) return {'pick:7'} end\n"
    "function choose(g, t) return {phase = 0, to_move = 1} end\n"
    "function a(g) return nil end\n";

/* How the claims variant declares claimed holes: not at all, with
 * board.claims, or with a lap-end rule that claims (count 62, never
 * made here), as the variants of the engine before board.claims did. */
typedef enum { CLAIMS_NONE, CLAIMS_KEY, CLAIMS_RULE } claims_by;

/* Open the claims variant with CLAIMS_BASE and `extra` as its script,
 * and start it. */
static void claims_started(unit_game *a, claims_by by, const char *extra)
{
    static const char *const names[] = {"n.yaml", "c.yaml", "r.yaml"};
    char path[512], text[8192];
    snprintf(text, sizeof text, CLAIMS_FMT,
             by == CLAIMS_KEY ? "  claims: true\n" : "",
             by == CLAIMS_RULE ? "  lap_end:\n"
                                 "    - when: {owner: opponent, count: 62}\n"
                                 "      do: claim\n"
                               : "");
    unit_write(path, sizeof path, tdir, names[by], text);
    char lua[512];
    snprintf(text, sizeof text, "%s%s", CLAIMS_BASE, extra);
    unit_write(lua, sizeof lua, tdir, "c.lua", text);
    open_started(a, path);
}

/* A play hook's claim holds: North may not lift the hole South claimed
 * (C1.4). It used to be dropped unless a lap-end rule claimed holes too. */
static void test_play_claim(void **state)
{
    (void)state;
    unit_game a;
    claims_started(&a, CLAIMS_KEY,
                   "function open(g, h)\n"
                   "  return {board = same(g), claim = {[7] = 0},\n"
                   "          to_move = 1, phase = 0}\n"
                   "end\n");
    play_ok(&a, 0);
    assert_int_equal(a.g.to_move, 1);
    assert_true((a.g.claims[0] >> 7) & 1);
    legal_is(&a.g, "6 8 9 10 11");
    sow_error err;
    sow_error_clear(&err);
    assert_int_equal(sow_engine_play(&a.k.eng, &a.g, 7, &err), SOW_ERR);
    assert_contains(err.msg, "move 7 is not legal for North");
    unit_game_close(&a);
}

/* Without board.claims the claim is refused at the hook's line, not
 * silently dropped, and the message says how to declare it. */
static void test_play_claim_undeclared(void **state)
{
    (void)state;
    unit_game a;
    claims_started(&a, CLAIMS_NONE,
                   "function open(g, h)\n"
                   "  return {board = same(g), claim = {[7] = 0},\n"
                   "          to_move = 1, phase = 0}\n"
                   "end\n");
    sow_game before = a.g;
    sow_error err;
    sow_error_clear(&err);
    assert_int_equal(sow_engine_play(&a.k.eng, &a.g, 0, &err), SOW_ERR);
    assert_contains(err.msg, "a claim, but the variant has no claimed holes");
    assert_contains(err.msg, "claims: true under board:");
    assert_int_equal(err.line, 10);
    assert_same_game(&before, &a.g);
    /* the engine refuses it too, for rules that are not the Lua bridge */
    sow_changes c;
    memset(&c, 0, sizeof c);
    c.to_move = c.phase = -1;
    c.claim_set = (uint64_t)1 << 7;
    assert_int_equal(sow_apply_changes(&a.k.setup, &a.g, &c, &err), SOW_ERR);
    assert_contains(err.msg, "claimed hole 7, but the variant has no claimed "
                             "holes");
    assert_same_game(&before, &a.g);
    unit_game_close(&a);
}

/* C1.7 after a scripted move: the claimed hole holds 30 against a
 * threshold of 24, so the game ends on that move (nothing swept: South's
 * score is the claimed hole's 30 plus an empty store). It used to go on
 * (North could lift hole 6) until the next sowing. */
static void test_play_threshold(void **state)
{
    (void)state;
    unit_game a;
    claims_started(&a, CLAIMS_RULE,
                   "function open(g, h)\n"
                   "  local b = {}\n"
                   "  for x = 0, g.holes - 1 do b[x] = 0 end\n"
                   "  for x = 0, 5 do b[x] = 2 end\n"
                   "  b[6], b[7] = 6, 30\n"
                   "  return {board = b, claim = {[7] = 0}, to_move = 1,\n"
                   "          phase = 0}\n"
                   "end\n");
    play_ok(&a, 0);
    assert_true(a.g.over);
    assert_int_equal(a.g.result.reason, SOW_END_THRESHOLD);
    assert_int_equal(a.g.result.winner, 0);
    assert_int_equal(a.g.result.score[0], 30);
    assert_int_equal(a.g.result.score[1], 0);
    unit_game_close(&a);
}

/* after_move and decide may return claim, as the documentation's table
 * says (they used to reject it: "unknown field 'claim'"). */
static void test_after_move_and_decide_claim(void **state)
{
    (void)state;
    unit_game a;
    claims_started(&a, CLAIMS_RULE,
                   "function a(g)\n"
                   "  if g.ply == 1 then return {claim = {[7] = 0}} end\n"
                   "end\n");
    play_ok(&a, 0);
    assert_true((a.g.claims[0] >> 7) & 1);
    legal_is(&a.g, "6 8 9 10 11");
    unit_game_close(&a);

    claims_started(&a, CLAIMS_RULE,
                   "function open(g, h)\n"
                   "  return {board = same(g), to_move = 1, phase = 2}\n"
                   "end\n"
                   "function choose(g, t)\n"
                   "  return {claim = {[7] = 0}, phase = 0, to_move = 1}\n"
                   "end\n");
    play_ok(&a, 0);
    sow_move pick;
    sow_error err;
    sow_error_clear(&err);
    if (sow_move_parse(&a.k.setup, "pick:7", &pick, &err))
        fail_msg("%s", err.msg);
    if (sow_engine_play(&a.k.eng, &a.g, pick, &err))
        fail_msg("%s:%d: %s", err.path, err.line, err.msg);
    assert_true((a.g.claims[0] >> 7) & 1);
    legal_is(&a.g, "6 8 9 10 11");
    unit_game_close(&a);
}

/* ---- claimed and blocked holes in the views and the changes ----------- */

/* g.claimed and g.blocked in the ordinary view and in the recording view
 * of a lap_end cache miss, the lap_end cache keyed on them, lap_end's
 * third value (claim, release), release in the changes of after_move,
 * and the checks that refuse an impossible change at the hook's line,
 * leaving the game as it was (C1.4, C1.5). */

/* 2x4 with 2 seeds; a lap ending on 2 or 3 asks land. */
static const char *const MARKS =
    "id: hookmarks\n"
    "name: Hook claims\n"
    "summary: s\n"
    "script: m.lua\n"
    "board:\n"
    "  holes: 4\n"
    "  seeds: 2\n"
    "  stores: true\n"
    "  claims: true\n"
    "sowing:\n"
    "  passing: false\n"
    "  lap_end:\n"
    "    - when: {count: [2, 3]}\n"
    "      do: hook\n"
    "state: [seen]\n"
    "hooks:\n"
    "  lap_end: land\n"
    "  after_move: a\n";

/* Lines 1-2 of m.lua; a test appends definitions from line 3 on, which
 * replace these. */
static const char *const MARKS_BASE =
    "function land(g, h, c) return {} end\n"
    "function a(g) return nil end\n";

/* Open the claims-in-hooks variant with MARKS_BASE and `extra` as its
 * script, and start it. */
static void marks_started(unit_game *a, const char *extra)
{
    char path[512], lua[512], text[8192];
    unit_write(path, sizeof path, tdir, "m.yaml", MARKS);
    snprintf(text, sizeof text, "%s%s", MARKS_BASE, extra);
    unit_write(lua, sizeof lua, tdir, "m.lua", text);
    open_started(a, path);
}

/* The move fails at line `line` of the script with `phrase`, and the game
 * is left as it was. */
static void play_fails_at(unit_game *a, int hole, int line,
                          const char *phrase)
{
    sow_game before = a->g;
    sow_error err;
    sow_error_clear(&err);
    assert_int_equal(sow_engine_play(&a->k.eng, &a->g, hole, &err), SOW_ERR);
    assert_contains(err.msg, phrase);
    assert_int_equal(err.line, line);
    assert_same_game(&before, &a->g);
}

/* issue 24: a play hook may move seeds too, after its board: the store
 * is the player's who played, though to_move names the other; a move of
 * more seeds than the returned board leaves is refused at the hook's
 * line in the variant file (play: open, line 22 of c.yaml). */
static void test_play_moves(void **state)
{
    (void)state;
    unit_game a;
    claims_started(&a, CLAIMS_KEY,
                   "function open(g, h)\n"
                   "  return {board = same(g), to_move = 1, phase = 0,\n"
                   "          move = {{from = h, to = 'store', seeds = 3}}}\n"
                   "end\n");
    play_ok(&a, 0);
    assert_int_equal(a.g.board[0], 1);
    assert_int_equal(a.g.captured[0], 3);
    assert_int_equal(a.g.captured[1], 0);
    assert_int_equal(a.g.to_move, 1);
    unit_game_close(&a);
    claims_started(&a, CLAIMS_KEY,
                   "function open(g, h)\n"
                   "  return {board = same(g), to_move = 1, phase = 0,\n"
                   "          move = {{from = h, to = 'store', seeds = 5}}}\n"
                   "end\n");
    play_fails_at(&a, 0, 22, "the play hook open returned a move of 5 seeds "
                             "from hole 0, which holds 4");
    unit_game_close(&a);
}

/* South's hole 0 sows 1 and 2 (3: land runs); hole 5 is North's claim,
 * hole 6 is closed (its seeds moved to hole 7). */
static void mark_holes(unit_game *a)
{
    a->g.claims[1] = (uint64_t)1 << 5;
    a->g.blocked = (uint64_t)1 << 6;
    a->g.board[7] += a->g.board[6];
    a->g.board[6] = 0;
}

/* Both views show the claimed holes (their claimant, nil when unclaimed)
 * and the closed ones (true or false); pairs visits the claimed only. */
static void test_views(void **state)
{
    (void)state;
    unit_game a;
    marks_started(&a, "function seen(g)\n"
                      "  assert(g.claimed[5] == 1 and g.claimed[0] == nil, 'c')\n"
                      "  assert(g.blocked[6] == true and g.blocked[5] == false,\n"
                      "         'b')\n"
                      "  local n = 0\n"
                      "  for h, p in pairs(g.claimed) do n = n + 1 end\n"
                      "  assert(n == 1 and #g.claimed == 8 and #g.blocked == 8,\n"
                      "         'n')\n"
                      "end\n"
                      "function land(g, h, c) seen(g) return {} end\n"
                      "function a(g) seen(g) return {state = {seen = 1}} end\n");
    mark_holes(&a);
    play_ok(&a, 0);
    assert_int_equal(a.g.state[0], 1);
    unit_game_close(&a);
}

/* The lap_end cache keys on g.claimed and g.blocked: the same lap end
 * with hole 5 claimed, or hole 7 closed, gets its own answer. */
static void test_cache_keys(void **state)
{
    (void)state;
    unit_game a;
    marks_started(&a, "function land(g, h, c)\n"
                      "  if g.claimed[5] == nil and not g.blocked[7] then\n"
                      "    return {h}\n"
                      "  end\n"
                      "  return {}\n"
                      "end\n");
    sow_game start = a.g;
    play_ok(&a, 0); /* 1, 2 (3): taken */
    assert_int_equal(a.g.captured[0], 3);
    a.g = start;
    a.g.claims[1] = (uint64_t)1 << 5;
    play_ok(&a, 0);
    assert_int_equal(a.g.captured[0], 0);
    assert_int_equal(a.g.board[2], 3);
    a.g = start;
    a.g.blocked = (uint64_t)1 << 7;
    a.g.board[6] += a.g.board[7];
    a.g.board[7] = 0;
    play_ok(&a, 0);
    assert_int_equal(a.g.captured[0], 0);
    unit_game_close(&a);
}

/* lap_end's third value claims and releases holes: the hole facing the
 * last one becomes the mover's, North's claim of hole 5 is released. */
static void test_lap_end_claims(void **state)
{
    (void)state;
    unit_game a;
    marks_started(&a, "function land(g, h, c)\n"
                      "  return {}, 'stop', {claim = {[g.opposite[h]] = g.mover},\n"
                      "                      release = {5}}\n"
                      "end\n");
    a.g.claims[1] = (uint64_t)1 << 5;
    play_ok(&a, 0);
    assert_int_equal(a.g.claims[0], (uint64_t)1 << 5); /* 7 - 2 */
    assert_int_equal(a.g.claims[1], 0);
    unit_game_close(&a);
}

/* A capture of a claimed hole is an error at land's line, unless the
 * same answer releases it: then its seeds are taken. */
static void test_capture_claimed(void **state)
{
    (void)state;
    unit_game a;
    marks_started(&a, "function land(g, h, c) return {h, 5} end\n");
    a.g.claims[1] = (uint64_t)1 << 5;
    play_fails_at(&a, 0, 3, "function land returned a capture of hole 5, "
                         "which is claimed (C1.4): release it in the same "
                         "answer to take its seeds");
    unit_game_close(&a);

    marks_started(&a, "function land(g, h, c)\n"
                      "  return {h, 5}, 'stop', {release = {5}}\n"
                      "end\n");
    a.g.claims[1] = (uint64_t)1 << 5;
    play_ok(&a, 0);
    assert_int_equal(a.g.captured[0], 5);
    assert_int_equal(a.g.claims[1], 0);
    unit_game_close(&a);
}

/* Claims that C1.4 and C1.5 forbid are errors at the hook's line: a hole
 * claimed already, a closed hole, a release of an unclaimed hole; a
 * release and a claim together give a hole to the other player. */
static void test_impossible_changes(void **state)
{
    (void)state;
    static const struct {
        const char *ret;
        const char *phrase;
    } cases[] = {
        {"{claim = {[5] = 0}}", "a claim of hole 5, which is claimed "
                                "already (C1.4): release it in the same "
                                "answer to claim it again"},
        {"{claim = {[6] = 0}}", "a claim of hole 6, which is closed (C1.5)"},
        {"{release = {4}}", "a release of hole 4, which is not claimed"},
        {"{release = {4, 4}}", "a release of hole 4 twice"},
        {"{release = {9}}", "hole 9, which does not exist"},
        {"{release = 4}", "a release field that is not a list of holes"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char text[256];
        snprintf(text, sizeof text, "function a(g) return %s end\n",
                 cases[i].ret);
        unit_game a;
        marks_started(&a, text);
        mark_holes(&a);
        play_fails_at(&a, 0, 3, cases[i].phrase);
        unit_game_close(&a);
    }
    unit_game a;
    marks_started(&a, "function a(g)\n"
                      "  return {release = {5}, claim = {[5] = g.mover}}\n"
                      "end\n");
    mark_holes(&a);
    play_ok(&a, 0);
    assert_int_equal(a.g.claims[0], (uint64_t)1 << 5);
    assert_int_equal(a.g.claims[1], 0);
    unit_game_close(&a);
    /* lap_end's claims are checked the same way */
    marks_started(&a, "function land(g, h, c)\n"
                      "  return {}, 'stop', {claim = {[5] = 0}}\n"
                      "end\n");
    mark_holes(&a);
    play_fails_at(&a, 0, 3, "function land returned a claim of hole 5");
    unit_game_close(&a);
    marks_started(&a, "function land(g, h, c) return {}, 'stop', 4 end\n");
    play_fails_at(&a, 0, 3, "a third value that is not a table of changes");
    unit_game_close(&a);
}

/* issue 24: lap_end may move seeds between holes and stores, checked as
 * after_move's are: made after its other changes, none from a closed hole
 * (C1.5), no more than the hole holds, the seeds of board and stores the
 * same. South's hole 0 sows 1 and 2, which ends holding 3. */
static void test_lap_end_moves(void **state)
{
    (void)state;
    unit_game a;
    marks_started(&a, "function land(g, h, c)\n"
                      "  return {}, 'stop', {move = {{from = h, to = "
                      "'north_store', seeds = 1}, {from = 'store', to = 3}}}\n"
                      "end\n");
    const int total = a.g.on_board;
    play_ok(&a, 0);
    /* one seed of hole 2 to North's store; South's store (empty) moves
     * none into hole 3 */
    assert_int_equal(a.g.board[2], 2);
    assert_int_equal(a.g.board[3], 2);
    assert_int_equal(a.g.captured[1], 1);
    assert_int_equal(a.g.on_board, total - 1);
    unit_game_close(&a);
    static const struct {
        const char *ret;
        int line; /* 3: read from the answer; 17: the hook's line in m.yaml */
        const char *phrase;
    } cases[] = {
        {"{move = {{from = h, to = h}}}", 3,
         "a move of seeds from hole 2 to itself"},
        {"{move = 4}", 3, "a move field that is not a list"},
        {"{move = {{from = h, to = 'store', seeds = 9}}}", 17,
         "the lap_end hook land returned a move of 9 seeds from hole 2, "
         "which holds 3 once the answer's other changes are made"},
        {"{move = {{from = h, to = 6}}}", 17,
         "a move of seeds from hole 2 to hole 6, one of which is closed "
         "(C1.5)"},
        /* after the answer's capture, the hole holds none */
        {"{capture = {[h] = 0}, move = {{from = h, to = 3, seeds = 1}}}",
         17, "a move of 1 seeds from hole 2, which holds 0"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char text[256];
        snprintf(text, sizeof text,
                 "function land(g, h, c) return {}, 'stop', %s end\n",
                 cases[i].ret);
        marks_started(&a, text);
        mark_holes(&a);
        play_fails_at(&a, 0, cases[i].line, cases[i].phrase);
        unit_game_close(&a);
    }
}

/* The engine refuses the same changes from rules that are not the Lua
 * bridge. */
static void test_engine_checks(void **state)
{
    (void)state;
    unit_game a;
    marks_started(&a, "");
    mark_holes(&a);
    sow_game before = a.g;
    sow_changes c;
    memset(&c, 0, sizeof c);
    c.to_move = c.phase = -1;
    c.release_set = (uint64_t)1 << 4;
    sow_error err;
    sow_error_clear(&err);
    assert_int_equal(sow_apply_changes(&a.k.setup, &a.g, &c, &err), SOW_ERR);
    assert_contains(err.msg, "the script returned a release of hole 4, "
                             "which is not claimed");
    c.release_set = (uint64_t)1 << 5;
    c.claim_set = (uint64_t)1 << 5;
    c.claim[5] = 0;
    assert_int_equal(sow_apply_changes(&a.k.setup, &a.g, &c, &err), SOW_OK);
    assert_int_equal(a.g.claims[0], (uint64_t)1 << 5);
    a.g = before;
    c.release_set = 0;
    assert_int_equal(sow_apply_changes(&a.k.setup, &a.g, &c, &err), SOW_ERR);
    assert_contains(err.msg, "which is claimed already");
    assert_same_game(&before, &a.g);
    unit_game_close(&a);
}

/* ---- what the hooks return ---------------------------------------------- */

typedef struct bad_case {
    const char *fn;     /* the hook's function: f, a or e */
    const char *ret;    /* what it returns (Lua) */
    const char *phrase; /* in the message */
} bad_case;

static void test_bad_returns(void **state)
{
    (void)state;
    static const bad_case cases[] = {
        {"f", "nil", "something other than true (keep the move), false "
                     "(refuse it) or a rank"},
        {"f", "'yes'", "something other than true"},
        {"f", "1.5", "something other than true"},
        {"f", "2^40", "something other than true"},
        {"f", "{}", "something other than true"},
        {"f", "false, 3", "a second value that is not a reason string"},
        {"f", "false, 'two\\nlines'", "a reason that is not one line"},
        {"f", "false, ''", "a reason that is not one line"},
        {"f", "false, string.rep('x', 128)", "a reason that is not one line"},
        {"a", "5", "something other than a table of changes"},
        {"a", "{board = {}}", "the unknown field 'board'"},
        {"a", "{to_move = 2}", "to_move is not a player"},
        {"a", "{state = {nope = 1}}", "a state name the variant does not"},
        {"a", "{owner = {[12] = 0}}", "hole 12, which does not exist"},
        /* issue 24: seeds moved from hole to hole */
        {"a", "{move = 3}", "a move field that is not a list"},
        {"a", "{move = {3}}", "a move that is not a table"},
        {"a", "{move = {{from = 0, to = 12}}}", "hole 12, which does not"},
        {"a", "{move = {{from = 0, to = 1, n = 2}}}", "unknown field 'n'"},
        /* a store as either end: named as tracks name them */
        {"a", "{move = {{from = 'store', to = 'stores'}}}",
         "a move.to 'stores', which is neither a hole number nor store"},
        {"a", "{move = {{from = 'north_store', to = 'north_store'}}}",
         "a move of seeds from a store to itself"},
        {"a", "{move = {{from = {}, to = 1}}}",
         "a move.from that is not a hole number"},
        {"e", "true", "something other than nil or a table"},
        {"e", "3", "something other than nil or a table"},
        {"e", "{winner = 0}", "a table whose over is not true or false"},
        {"e", "{over = 1}", "a table whose over is not true or false"},
        {"e", "{over = true, why = 'x'}", "the unknown field 'why'"},
        {"e", "{over = true, winner = 2}", "winner is not a player"},
        {"e", "{over = true, score = 3}", "a score that is not"},
        {"e", "{over = true, score = {[0] = 1}}", "a score that is not two"},
        {"e", "{over = true, score = {[0] = 1, [1] = 'x'}}",
         "a score that is not two"},
        /* issue 24: the next round's starter is a round's (C1.6) */
        {"e", "{starter = 1}", "a starter, but the variant plays no rounds"},
        {"e", "{over = true, starter = 'north'}",
         "starter is not a player (0 or 1)"},
        /* issue 24: the end's reason, one of the variant's rules */
        {"e", "{over = true, rule = 'HT.9'}",
         "a rule that is not one of the variant's rules: ids"},
        {"e", "{over = true, rule = 1}", "a rule that is not one of"},
    };
    static const char *const kinds[] = {"filter", "after_move", "game_end"};
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        const bad_case *c = &cases[i];
        char extra[256];
        snprintf(extra, sizeof extra, "function %s(g, h)\n  return %s\nend\n",
                 c->fn, c->ret);
        unit_game a;
        open_with(&a, extra);
        sow_error err;
        sow_error_clear(&err);
        int rc = sow_engine_start(&a.k.eng, &a.g, &err);
        sow_game before = a.g;
        if (rc == SOW_OK)
            rc = sow_engine_play(&a.k.eng, &a.g, 2, &err);
        if (rc == SOW_OK)
            fail_msg("%s returning %s was accepted", c->fn, c->ret);
        assert_contains(err.msg, c->phrase);
        char want[64];
        snprintf(want, sizeof want, "function %s returned", c->fn);
        assert_contains(err.msg, want);
        const char *kind = kinds[c->fn[0] == 'f' ? 0 : c->fn[0] == 'a' ? 1
                                                                        : 2];
        snprintf(want, sizeof want, "hook %s)", kind);
        assert_contains(err.msg, want);
        assert_contains(err.msg, "variant hooktest");
        assert_int_equal(err.line, 10); /* where the function is defined */
        if (c->fn[0] != 'f')
            assert_same_game(&before, &a.g);
        unit_game_close(&a);
    }
}

/* The view's fields of the move hooks are read-only too. */
static void test_read_only(void **state)
{
    (void)state;
    unit_game a;
    open_with(&a, "function f(g, h) g.board_before[0] = 1 return true end\n");
    sow_error err;
    sow_error_clear(&err);
    assert_int_equal(sow_engine_start(&a.k.eng, &a.g, &err), SOW_ERR);
    assert_contains(err.msg, "read-only");
    assert_int_equal(err.line, 10);
    unit_game_close(&a);
}

/* A variant without the move hooks takes every shortcut it took before
 * (the hooks cost it nothing); one with them takes none that would skip
 * them. */
static void test_setup_flags(void **state)
{
    (void)state;
    unit_game a;
    unit_game_open(&a, "variants/adji_kui_1.yaml", NULL);
    assert_false(a.k.setup.move_hooks);
    assert_false(a.k.setup.filters);
    assert_true(a.k.setup.plain_turns);
    assert_null(a.k.eng.rules.filter);
    unit_game_close(&a);
    open_with(&a, "");
    assert_true(a.k.setup.move_hooks);
    assert_true(a.k.setup.filters);
    assert_false(a.k.setup.plain_turns);
    unit_game_close(&a);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_filter_view),
        cmocka_unit_test(test_filter_ranks),
        cmocka_unit_test(test_filter_must_capture),
        cmocka_unit_test(test_after_move_game_end),
        cmocka_unit_test(test_after_move_last),
        cmocka_unit_test(test_to_move_and_default_score),
        cmocka_unit_test(test_after_move_decision_phase),
        cmocka_unit_test(test_after_move_direction_choice),
        cmocka_unit_test(test_failure_restores),
        cmocka_unit_test(test_play_claim),
        cmocka_unit_test(test_play_claim_undeclared),
        cmocka_unit_test(test_play_threshold),
        cmocka_unit_test(test_after_move_and_decide_claim),
        cmocka_unit_test(test_views),
        cmocka_unit_test(test_cache_keys),
        cmocka_unit_test(test_lap_end_claims),
        cmocka_unit_test(test_capture_claimed),
        cmocka_unit_test(test_impossible_changes),
        cmocka_unit_test(test_lap_end_moves),
        cmocka_unit_test(test_decide_moves),
        cmocka_unit_test(test_play_moves),
        cmocka_unit_test(test_engine_checks),
        cmocka_unit_test(test_bad_returns),
        cmocka_unit_test(test_read_only),
        cmocka_unit_test(test_setup_flags),
    };
    return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
