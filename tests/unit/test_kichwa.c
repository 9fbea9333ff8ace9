/* test_kichwa.c - turns of several decisions (C2.3, C2.4, C2.7; BK.3-BK.10,
 * BK.L1-BK.L8) through the real variant file variants/bao_kiswahili.yaml:
 * the turn moves' code, the tree of choices the legal turns are listed
 * from, the tokens written with the game and read back, the nyumba's
 * status kept in the game and the end in the middle of a turn. Boards
 * were worked out by hand (the comments show the laps); canonical holes
 * (C2.1): South 0..15 (inner 8..15), North 16..31 (inner 16..23).
 * Bao's own keys (BA.L2-BA.L5) through variants/bao.yaml at the end. */
#include "unit.h"

#include "fixture.h"

#include "sow_game.h"
#include "sow_rng.h"

#define YAML "variants/bao_kiswahili.yaml"

static void open_file(unit_game *a, const char *yaml, const char *reading)
{
    char opt[32];
    snprintf(opt, sizeof opt, "reading=%s", reading);
    const char *const opts[] = {opt, NULL};
    unit_game_open(a, yaml, opts);
    sow_error err;
    if (sow_engine_start(&a->k.eng, &a->g, &err))
        fail_msg("%s", err.msg);
}

static void bk_open(unit_game *a, const char *reading)
{
    open_file(a, YAML, reading);
}

/* Put the game in a position: board, hands, South to move; the legal
 * turns are recomputed. */
static void bk_position(unit_game *a, const int b[32], int hand)
{
    sow_game *g = &a->g;
    g->on_board = 0;
    for (int h = 0; h < 32; h++) {
        g->board[h] = (uint16_t)b[h];
        g->on_board += b[h];
    }
    g->hand[0] = g->hand[1] = (int16_t)hand;
    g->to_move = 0;
    unit_relegal(&a->k.setup, &a->k.eng.rules, g, 0);
}

/* Open the variant under `reading` at a position (bk_position). */
static void bk_start(unit_game *a, const char *reading, const int b[32],
                     int hand)
{
    bk_open(a, reading);
    bk_position(a, b, hand);
}

/* One uniformly random legal turn played on a->g (a game stopped
 * unfinished at the lap cap, P2, is an end like another). */
static void random_step(unit_game *a, sow_rng *rng)
{
    sow_error err;
    sow_move m = a->g.legal[sow_rng_below(rng, a->g.nlegal)];
    if (sow_engine_play(&a->k.eng, &a->g, m, &err) &&
        !(a->g.over && a->g.result.unfinished))
        fail_msg("%s", err.msg);
}

/* Whether the legal turns' tokens are exactly `want` (any order). */
static void assert_turns(const unit_game *a, const char *const *want, int n)
{
    assert_int_equal(a->g.nlegal, n);
    for (int i = 0; i < n; i++) {
        bool found = false;
        for (int j = 0; j < a->g.nlegal && !found; j++) {
            char t[96];
            sow_turn_format(t, sizeof t, &a->k.setup, &a->g, a->g.legal[j]);
            found = strcmp(t, want[i]) == 0;
        }
        if (!found)
            fail_msg("%s is not among the legal turns", want[i]);
    }
}

static void play(unit_game *a, const char *token)
{
    sow_move m = sow_turn_parse(&a->k.setup, &a->g, token);
    if (m < 0)
        fail_msg("%s is not a legal turn", token);
    sow_error err;
    if (sow_engine_play(&a->k.eng, &a->g, m, &err))
        fail_msg("%s", err.msg);
}

/* C2.3: a turn's code keeps its first decision and its choices apart,
 * and stays out of the other kinds of move. */
static void test_turn_code(void **state)
{
    (void)state;
    sow_move p = sow_turn(64 + 4 * 11 + SOW_PLACE_ONLY, 5);
    assert_true(sow_move_is_turn(p));
    assert_false(sow_move_is_place(p));
    assert_false(sow_move_is_decision(p));
    assert_int_equal(sow_move_hole(p), 11);
    assert_int_equal(sow_turn_start(p), sow_place(11, SOW_PLACE_ONLY));
    sow_move d = sow_turn(2 * 31 + SOW_DIR_CW, 255);
    assert_int_equal(sow_move_hole(d), 31);
    assert_int_equal(sow_turn_start(d), sow_directed(31, SOW_DIR_CW));
    assert_true(d <= 0xffff);
}

/* P62, BK.L2, BK.L4, BK.L5: Ludii's reading's seven first turns, each
 * token read back as the same turn. */
static void test_p62_tree(void **state)
{
    (void)state;
    unit_game a;
    bk_open(&a, "ludii");
    const char *const want[] = {"+9,k8,k8",       "+9,k8,k15",
                                "+10,k8",         "+10,k15",
                                "+11,k8",         "+11,k15,k8,k8",
                                "+11,k15,k8,k15"};
    assert_turns(&a, want, 7);
    for (int i = 0; i < a.g.nlegal; i++) {
        char t[96];
        sow_turn_format(t, sizeof t, &a.k.setup, &a.g, a.g.legal[i]);
        assert_int_equal(sow_turn_parse(&a.k.setup, &a.g, t), a.g.legal[i]);
    }
    assert_int_equal(sow_turn_parse(&a.k.setup, &a.g, "+11"), -1);
    unit_game_close(&a);
}

/* The tree of choices: sown with no choice made, +11 stops at the first
 * kichwa it must ask for; with the choice made (left, bit 0) it goes on to
 * P62's board. */
static void test_choice_stops_the_sowing(void **state)
{
    (void)state;
    unit_game a;
    bk_open(&a, "ludii");
    sow_game g = a.g;
    int hole = sow_move_aim(&g, sow_place(11, SOW_PLACE_ONLY));
    g.turn_bits = 0;
    g.turn_len = 0;
    bool endless = false;
    sow_ends_sow(&a.k.setup, NULL, &g, hole, &endless, NULL);
    assert_true(g.move_flags & SOW_MOVED_WANTS_CHOICE);
    g = a.g;
    hole = sow_move_aim(&g, sow_place(11, SOW_PLACE_ONLY));
    g.turn_bits = 0;
    g.turn_len = 1;
    sow_ends_sow(&a.k.setup, NULL, &g, hole, &endless, NULL);
    assert_false(g.move_flags & SOW_MOVED_WANTS_CHOICE);
    const int after[32] = {0, 0, 0, 0, 0, 0, 1, 1, 0, 1, 1, 2, 7, 3, 0, 1,
                           0, 2, 2, 0, 0, 0, 0, 0};
    for (int h = 0; h < 32; h++)
        assert_int_equal(g.board[h], after[h]);
    assert_int_equal(g.hand[0], 21);
    unit_game_close(&a);
}

/* The two positions below (sources' reading, empty hands), worked out
 * by hand. NYUMBA: 8 (1) cw: 9 (2) takes 17 (3), from kichwa 8: 8, 9,
 * 10 (2); relayed: 11, 12 (7), the working nyumba facing nothing: go or
 * stop. EMPTIED: 13 (2) cw: 14, 15 (2) takes 23 (4): 15, 14, 13, 12 (7),
 * and North's inner row is empty. */
static const int NYUMBA[32] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 0, 6, 0,
                               0, 0, 0, 3, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0,
                               1, 0, 0, 0};
static const int EMPTIED[32] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 6, 2,
                                0, 1, 0, 0, 0, 0, 0, 0, 0, 4, 0, 0, 0, 0,
                                0, 0, 2, 0};

/* BK.7(c), BK.9: go ends the nyumba's function, stop keeps it; both are
 * in the game state, not in the board. C2.7, BK.10: a capture that empties
 * North's inner row ends the game at once; the go or stop the turn would
 * have asked is not in its token. */
static void test_nyumba_and_mid_turn_end(void **state)
{
    (void)state;
    const struct {
        const int *board;
        const char *turn;
        int house_off, nyumba, over;
    } cases[] = {{NYUMBA, "8/cw,k8,stop", 0, 7, 0},
                 {NYUMBA, "8/cw,k8,go", 1, 0, 0},
                 {EMPTIED, "13/cw,k15", 0, 7, 1}};
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        unit_game a;
        bk_start(&a, "sources", cases[i].board, 0);
        play(&a, cases[i].turn);
        assert_int_equal(a.g.house_off, cases[i].house_off);
        assert_int_equal(a.g.board[12], cases[i].nyumba);
        assert_int_equal(a.g.over, cases[i].over);
        if (cases[i].over)
            assert_int_equal(a.g.result.winner, 0); /* BK.10 */
        unit_game_close(&a);
    }
    unit_game a;
    bk_start(&a, "sources", EMPTIED, 0);
    assert_turns(&a, (const char *const[]){"13/cw,k15"}, 1);
    unit_game_close(&a);
}

/* Bao under Ludii's reading, empty hands. EMPTY_TURNS: the empty 6 has
 * 14 across it, the empty 10 has 18 (BA.L2); STUCK: 10 (2) ccw: 9 (1),
 * 8 (3), facing the empty 16, would be sown on into 0 while 9 and 13
 * hold seeds (BA.L4). */
static const int EMPTY_TURNS[32] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                                    0, 2, 0, 0, 0, 1, 0, 0, 0, 1};
static const int STUCK[32] = {1, 0, 1, 0, 0, 1, 0, 0, 2, 0, 2, 0, 0, 1,
                              0, 0, [31] = 1};

static void ba_start(unit_game *a, const int b[32], int hand)
{
    open_file(a, "variants/bao.yaml", "ludii");
    bk_position(a, b, hand);
}

/* BA.L2, C2.3: a turn from an empty hole is the plain hole move, written
 * and read as the bare number; it changes no seed. */
static void test_bare_turn(void **state)
{
    (void)state;
    unit_game a;
    ba_start(&a, EMPTY_TURNS, 0);
    assert_turns(&a, (const char *const[]){"6", "10"}, 2);
    assert_int_equal(sow_turn_parse(&a.k.setup, &a.g, "10"), 10);
    assert_false(sow_move_is_turn(10));
    play(&a, "10");
    for (int h = 0; h < 32; h++)
        assert_int_equal(a.g.board[h], EMPTY_TURNS[h]);
    assert_int_equal(a.g.to_move, 1);
    assert_false(a.g.over);
    unit_game_close(&a);
}

/* BA.L4: the relay stuck at a kichwa stops the turn there and the mover
 * loses; BA.L3: the own nyumba fed a seed is sown whole and stops
 * working (BK.L3). */
static void test_stuck_and_nyumba(void **state)
{
    (void)state;
    unit_game a;
    ba_start(&a, STUCK, 0);
    play(&a, "10/ccw");
    assert_int_equal(a.g.board[8], 3);
    assert_int_equal(a.g.board[0], 1);
    assert_true(a.g.over);
    assert_int_equal(a.g.result.winner, 1);
    unit_game_close(&a);
    const int house[32] = {[12] = 6, [19] = 6};
    ba_start(&a, house, 5);
    assert_turns(&a, (const char *const[]){"+12/ccw", "+12/cw"}, 2);
    play(&a, "+12/cw");
    assert_int_equal(a.g.board[12], 0);
    assert_int_equal(a.g.house_off & 1, 1);
    unit_game_close(&a);
}

static void ba_sources(unit_game *a, const int b[32], int hand)
{
    open_file(a, "variants/bao.yaml", "sources");
    bk_position(a, b, hand);
}

/* BA.4, P64: a kichwa the preference forces is no choice of the player:
 * the turn's code holds no choice bit, though its token names the kichwa
 * (C2.3); Bao la Kiswahili leaves the same capture to the player. +11
 * takes 19's 2: from 8 they end in 9 (1), from 15 in 14 (2) facing 22
 * (3), a capture again. */
static void test_forced_kichwa_is_no_choice(void **state)
{
    (void)state;
    static const int b[32] = {[11] = 1, [12] = 6, [14] = 1,
                              [17] = 1, [19] = 2, [22] = 3};
    unit_game a;
    ba_sources(&a, b, 5);
    assert_turns(&a, (const char *const[]){"+11,k15,k15", "+14,k15"}, 2);
    for (int i = 0; i < a.g.nlegal; i++)
        assert_int_equal(a.g.legal[i] & 0xff, 0);
    unit_game_close(&a);
    bk_start(&a, "sources", b, 5);
    assert_turns(&a, (const char *const[]){"+11,k8", "+11,k15,k15",
                                           "+14,k15"},
                 3);
    unit_game_close(&a);
}

/* BA.5: a takasa turn from the board marks its mover (quiet_by), a
 * placement or a capturing turn clears the mark; the mark keeps North
 * from 21, which South's 11/cw would now take (P65). */
static void test_takasia_mark(void **state)
{
    (void)state;
    static const int b[32] = {[10] = 2, [11] = 1, [13] = 1,
                              [21] = 2, [22] = 2};
    unit_game a;
    ba_sources(&a, b, 0);
    play(&a, "10/cw");
    assert_int_equal(a.g.quiet_by, 1);
    assert_turns(&a, (const char *const[]){"22/ccw", "22/cw"}, 2);
    play(&a, "22/cw"); /* 21 (3), 20 (1): North's takasa turn */
    assert_int_equal(a.g.quiet_by, 2);
    play(&a, "11/cw,k8"); /* South captures 21: the mark goes */
    assert_int_equal(a.g.quiet_by, 0);
    unit_game_close(&a);
}

/* BK.8, BK.9: the nyumba starts only a capturing turn while it works;
 * once it no longer works it is an ordinary hole and starts any turn.
 * 10 and 12 hold 2, nothing faces South's seeds. */
static void test_nyumba_off_starts_takasa(void **state)
{
    (void)state;
    static const int b[32] = {[10] = 2, [12] = 2, [23] = 1};
    unit_game a;
    bk_start(&a, "sources", b, 0);
    assert_turns(&a, (const char *const[]){"10/ccw", "10/cw"}, 2);
    unit_game_close(&a);
    bk_open(&a, "sources");
    a.g.house_off = 1; /* South's nyumba no longer works */
    bk_position(&a, b, 0);
    assert_turns(&a, (const char *const[]){"10/ccw", "10/cw", "12/ccw",
                                           "12/cw"},
                 4);
    unit_game_close(&a);
}

/* C2.9, P2: a takasa relay that neither ends nor comes back to a lap
 * start within the lap cap (a board of random play: South's 4 clockwise
 * runs 2 million laps with neither, checked apart) is not proved endless
 * (C1.9): the game stops unfinished before the turn, as the other games'
 * relays do; with the cap lowered to 1,000 laps it is cut. */
static void test_lap_cap_unfinished(void **state)
{
    (void)state;
    static const int b[32] = {0, 1, 2, 7, 2, 3, 9, 1, 3, 0, 7, 0, 7, 0, 7, 2,
                              0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5};
    unit_game a;
    bk_open(&a, "sources");
    a.k.setup.max_laps = 1000;
    a.g.house_off = 1; /* South's nyumba no longer works */
    bk_position(&a, b, 0);
    uint16_t before[SOW_MAX_HOLES];
    memcpy(before, a.g.board, sizeof before);
    play(&a, "4/cw");
    assert_true(a.g.over);
    assert_true(a.g.result.unfinished);
    assert_int_equal(a.g.result.reason, SOW_END_LAP_CAP);
    assert_int_equal(a.g.result.winner, -1);
    assert_memory_equal(a.g.board, before, sizeof before); /* as before */
    unit_game_close(&a);
}

/* Counts the lifts a turn tells (its laps). */
static void count_lifts(void *ctx, const sow_event *ev)
{
    if (ev->kind == SOW_EV_LIFT)
        ++*(long *)ctx;
}

/* BK.7, C1.9, C2.9: a takasa turn's relays (sow_ends.c's quiet_laps) are
 * sown seed by seed along the track's links where an observer is told,
 * by the track unrolled where none is, and past word_laps laps with the
 * track held in words: every legal turn of random games under the
 * sources' reading, sown the three ways (the words from the first lap in
 * the third), leaves the same game, ends the same way (endless, capped, a
 * row emptied) and fails the same way. The lap cap is lowered so that
 * turns that relay for millions of laps are cut, each way at the same
 * lap. */
static void test_quiet_laps_as_told(void **state)
{
    (void)state;
    unit_game a;
    bk_open(&a, "sources");
    a.k.setup.max_laps = 5000;
    const sow_setup *s = &a.k.setup;
    sow_setup words = *s; /* (read only: the pointers stay a.k's) */
    words.word_laps = 0;
    sow_rng rng;
    sow_rng_seed(&rng, 2026);
    long relaying = 0, ended[3] = {0, 0, 0};
    for (int game = 0; game < 3000; game++) {
        sow_error err;
        if (sow_engine_start(&a.k.eng, &a.g, &err))
            fail_msg("%s", err.msg);
        while (!a.g.over) {
            for (int i = 0; i < a.g.nlegal; i++) {
                sow_game t;
                memcpy(&t, &a.g, offsetof(sow_game, nlegal));
                const int ht = sow_move_aim(&t, a.g.legal[i]);
                long lifts = 0;
                sow_observer obs = {&lifts, count_lifts, false};
                bool et = false;
                sow_error e1;
                int rt = sow_ends_sow(s, &obs, &t, ht, &et, &e1);
                for (int way = 0; way < 2; way++) {
                    sow_game q;
                    memcpy(&q, &a.g, offsetof(sow_game, nlegal));
                    const int hq = sow_move_aim(&q, a.g.legal[i]);
                    bool eq = false;
                    sow_error e2;
                    int rq = sow_ends_sow(way ? &words : s, NULL, &q, hq, &eq,
                                          &e2);
                    assert_int_equal(rq, rt);
                    assert_int_equal(eq, et);
                    assert_memory_equal(q.board, t.board, sizeof q.board);
                    assert_int_equal(q.move_flags, t.move_flags);
                    assert_int_equal(q.move_dir, t.move_dir);
                    assert_int_equal(q.house_off, t.house_off);
                    assert_int_equal(q.hand[0], t.hand[0]);
                    assert_int_equal(q.turn_parts, t.turn_parts);
                }
                relaying += lifts >= 4;
                ended[0] += et;
                ended[1] += (t.move_flags & SOW_MOVED_LAP_CAP) != 0;
            }
            sow_move m = a.g.legal[sow_rng_below(&rng, a.g.nlegal)];
            if (sow_engine_play(&a.k.eng, &a.g, m, &err) &&
                !(a.g.over && a.g.result.unfinished))
                fail_msg("%s", err.msg);
            ended[2] += a.g.over && !a.g.result.unfinished;
        }
    }
    /* the games met long relays, endless turns and turns cut by the cap */
    assert_true(relaying > 1000);
    assert_true(ended[0] > 0 && ended[1] > 0 && ended[2] > 0);
    unit_game_close(&a);
}

/* What a quiet turn told: captures, and the lap of its endless proof. */
typedef struct turn_told {
    int captures;
    long endless_lap;
} turn_told;

static void tell_turn(void *ctx, const sow_event *ev)
{
    turn_told *t = ctx;
    t->captures += ev->kind == SOW_EV_CAPTURE;
    if (ev->kind == SOW_EV_ENDLESS)
        t->endless_lap = ev->extra;
}

/* The laps after the first relay of the turn from `hole` (its seeds all
 * lifted and sown along the mover's track, then each last hole's) until
 * the board and the hole are as at that relay: the cycle's length, worked
 * out here seed by seed, or -1 past `most`. */
static long cycle_length(const sow_setup *s, const sow_game *g, int hole,
                         long most)
{
    const uint8_t *nx = s->tracks[g->to_move][g->move_dir];
    uint16_t b[SOW_MAX_HOLES], first[SOW_MAX_HOLES];
    memcpy(b, g->board, sizeof b);
    int h = hole, n = b[h];
    b[h] = 0;
    while (n--)
        b[h = nx[h]]++;
    memcpy(first, b, sizeof first);
    const int first_h = h;
    for (long lap = 1; lap <= most; lap++) {
        n = b[h];
        b[h] = 0;
        while (n--)
            b[h = nx[h]]++;
        if (h == first_h && memcmp(b, first, sizeof b) == 0)
            return lap;
    }
    return -1;
}

/* C1.9, P2: a quiet turn's relay that does not wrap round the track can
 * be undone lap by lap, so it comes back to its first position; the
 * proof compares each lap with it and ends after exactly one turn of the
 * cycle (Brent's saved positions alone find it a turn or two later). The
 * endless quiet turns of random games, their cycles found by a plain
 * relay here: the ENDLESS event's lap is the first relay's (1) plus the
 * cycle's length. */
static void test_quiet_cycle_found_in_one_turn(void **state)
{
    (void)state;
    unit_game a;
    bk_open(&a, "sources");
    a.k.setup.max_laps = 100000; /* (the longer ones are cut) */
    const sow_setup *s = &a.k.setup;
    sow_rng rng;
    sow_rng_seed(&rng, 77);
    int checked = 0;
    for (int game = 0; game < 8000 && checked < 3; game++) {
        sow_error err;
        if (sow_engine_start(&a.k.eng, &a.g, &err))
            fail_msg("%s", err.msg);
        while (!a.g.over) {
            for (int i = 0; i < a.g.nlegal && !a.g.hand[a.g.to_move]; i++) {
                sow_game t;
                memcpy(&t, &a.g, offsetof(sow_game, nlegal));
                const int hole = sow_move_aim(&t, a.g.legal[i]);
                turn_told told = {0, -1};
                sow_observer obs = {&told, tell_turn, false};
                bool endless = false;
                sow_game u = t; /* (before the sowing, for the relay) */
                if (sow_ends_sow(s, &obs, &t, hole, &endless, &err) ||
                    !endless || told.captures)
                    continue;
                const long len = cycle_length(s, &u, hole, 100000);
                if (len < 0)
                    continue; /* (not back within the laps looked at) */
                assert_int_equal(told.endless_lap, 1 + len);
                checked++;
            }
            sow_move m = a.g.legal[sow_rng_below(&rng, a.g.nlegal)];
            if (sow_engine_play(&a.k.eng, &a.g, m, &err) &&
                !(a.g.over && a.g.result.unfinished))
                fail_msg("%s", err.msg);
        }
    }
    assert_true(checked >= 3);
    unit_game_close(&a);
}

/* C2.3: a search's horizon asks only whether the player to move has a
 * turn (sow_legal_first, the engine's `leaf`): the first leaf found is a
 * leaf of the whole list, there is one exactly where the list has any,
 * and a move played so gives the game the whole list gives (board, end,
 * result, player to move), its legal list one of the whole list's moves.
 * Random games of both Baos under both readings. */
static void first_legal_games(const char *yaml, const char *reading,
                              uint64_t seed, int games, int *none)
{
    unit_game a;
    open_file(&a, yaml, reading);
    const sow_setup *s = &a.k.setup;
    sow_rng rng;
    sow_rng_seed(&rng, seed);
    for (int game = 0; game < games; game++) {
        sow_error err;
        if (sow_engine_start(&a.k.eng, &a.g, &err))
            fail_msg("%s", err.msg);
        while (!a.g.over) {
            for (int p = 0; p < 2; p++) {
                uint16_t all[SOW_MAX_LEGAL], one[SOW_MAX_LEGAL];
                uint64_t e1 = 0, e2 = 0;
                int n = sow_legal_moves(s, &a.k.eng.rules, &a.g, p, all, &e1,
                                        &err);
                int k = sow_legal_first(s, &a.k.eng.rules, &a.g, p, one, &e2,
                                        &err);
                assert_true(n >= 0);
                assert_int_equal(k, n > 0 ? 1 : 0);
                *none += n == 0;
                bool in = k == 0;
                for (int i = 0; i < n && !in; i++)
                    in = all[i] == one[0];
                assert_true(in);
            }
            for (int i = 0; i < a.g.nlegal; i++) {
                sow_game whole, first;
                sow_game_dup(&whole, &a.g);
                sow_game_dup(&first, &a.g);
                int r1 = sow_engine_play(&a.k.eng, &whole, a.g.legal[i], &err);
                a.k.eng.leaf = true;
                int r2 = sow_engine_play(&a.k.eng, &first, a.g.legal[i], &err);
                a.k.eng.leaf = false;
                assert_int_equal(r1, r2);
                assert_memory_equal(whole.board, first.board,
                                    sizeof whole.board);
                assert_int_equal(whole.over, first.over);
                assert_int_equal(whole.result.winner, first.result.winner);
                assert_int_equal(whole.to_move, first.to_move);
                assert_int_equal(first.nlegal, whole.nlegal > 0 ? 1 : 0);
                bool in = first.nlegal == 0;
                for (int j = 0; j < whole.nlegal && !in; j++)
                    in = whole.legal[j] == first.legal[0];
                assert_true(in);
            }
            random_step(&a, &rng);
        }
    }
    unit_game_close(&a);
}

static void test_first_legal_turn(void **state)
{
    (void)state;
    int none = 0;
    first_legal_games(YAML, "sources", 5, 40, &none);
    first_legal_games(YAML, "ludii", 6, 40, &none);
    first_legal_games("variants/bao.yaml", "sources", 7, 20, &none);
    first_legal_games("variants/bao.yaml", "ludii", 8, 20, &none);
    assert_true(none > 0); /* (positions where a player had no turn) */
}

/* sow bench --by-decision (sow_turn_random): every turn drawn is one of
 * the whole list's (C2.3); its first decision is drawn alike among the
 * list's first decisions, and a choice alike between its answers, not
 * each whole turn alike. Random games of both Baos, both readings. */
static int first_of(sow_move m)
{
    return sow_move_is_turn(m) ? (int)((m - SOW_MOVE_TURN) >> 8) : -1 - (int)m;
}

static void turn_random_games(const char *yaml, const char *reading,
                              uint64_t seed, int *skewed)
{
    unit_game a;
    open_file(&a, yaml, reading);
    const sow_setup *s = &a.k.setup;
    sow_rng rng, draw;
    sow_rng_seed(&rng, seed);
    sow_rng_seed(&draw, seed + 100);
    for (int game = 0; game < 20; game++) {
        sow_error err;
        if (sow_engine_start(&a.k.eng, &a.g, &err))
            fail_msg("%s", err.msg);
        while (!a.g.over) {
            /* the whole list's first decisions, and the leaves of each */
            int firsts[SOW_MAX_LEGAL], leaves[SOW_MAX_LEGAL], nf = 0;
            for (int i = 0; i < a.g.nlegal; i++) {
                int f = first_of(a.g.legal[i]), j = 0;
                while (j < nf && firsts[j] != f)
                    j++;
                if (j == nf) {
                    firsts[nf] = f;
                    leaves[nf++] = 0;
                }
                leaves[j]++;
            }
            const int draws = 40 * nf;
            int count[SOW_MAX_LEGAL] = {0};
            for (int k = 0; k < draws; k++) {
                sow_move m;
                assert_int_equal(sow_turn_random(s, &a.g, &draw, &m, &err),
                                 1);
                assert_true(sow_game_is_legal(&a.g, m));
                int j = 0;
                while (firsts[j] != first_of(m))
                    j++;
                count[j]++;
            }
            /* each first decision about 1/nf of the draws (40 each):
             * far from it only by chance, rarely; and where one first
             * decision has more leaves than another, each whole turn
             * alike would draw it that much more often */
            for (int j = 0; j < nf; j++)
                *skewed += count[j] < 10 || count[j] > 80;
            random_step(&a, &rng);
        }
    }
    unit_game_close(&a);
}

/* A choice is drawn alike between its answers: at the start of Bao la
 * Kiswahili under Ludii's reading (a seed from the hand, then kichwa
 * choices), the draws of one first decision split about evenly on its
 * first choice. */
static void test_turn_random(void **state)
{
    (void)state;
    int skewed = 0;
    turn_random_games(YAML, "sources", 11, &skewed);
    turn_random_games(YAML, "ludii", 12, &skewed);
    turn_random_games("variants/bao.yaml", "sources", 13, &skewed);
    turn_random_games("variants/bao.yaml", "ludii", 14, &skewed);
    assert_true(skewed <= 3);

    unit_game a;
    bk_open(&a, "ludii");
    sow_rng draw;
    sow_rng_seed(&draw, 5);
    sow_error err;
    /* a first decision with a choice: its leaves differ in bit 0 */
    int f = -1;
    for (int i = 0; i < a.g.nlegal && f < 0; i++)
        if (sow_move_is_turn(a.g.legal[i]) && (a.g.legal[i] & 1))
            f = first_of(a.g.legal[i]);
    assert_true(f >= 0);
    int of_f = 0, ones = 0;
    for (int k = 0; k < 40000; k++) {
        sow_move m;
        assert_int_equal(sow_turn_random(&a.k.setup, &a.g, &draw, &m, &err),
                         1);
        if (first_of(m) == f) {
            of_f++;
            ones += m & 1;
        }
    }
    assert_true(of_f > 200);
    assert_true(ones > of_f * 4 / 10 && ones < of_f * 6 / 10);
    unit_game_close(&a);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_turn_code),
        cmocka_unit_test(test_p62_tree),
        cmocka_unit_test(test_choice_stops_the_sowing),
        cmocka_unit_test(test_nyumba_and_mid_turn_end),
        cmocka_unit_test(test_bare_turn),
        cmocka_unit_test(test_stuck_and_nyumba),
        cmocka_unit_test(test_forced_kichwa_is_no_choice),
        cmocka_unit_test(test_takasia_mark),
        cmocka_unit_test(test_nyumba_off_starts_takasa),
        cmocka_unit_test(test_lap_cap_unfinished),
        cmocka_unit_test(test_quiet_laps_as_told),
        cmocka_unit_test(test_quiet_cycle_found_in_one_turn),
        cmocka_unit_test(test_first_legal_turn),
        cmocka_unit_test(test_turn_random),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
