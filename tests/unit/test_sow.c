/* test_sow.c - the sowing machine (engine/core/sow_sow.c) with a C stub for the
 * rule interface: no Lua anywhere. Laps, the origin hole (C0.4, P1),
 * leave-one (B.2), relay laps, lap-end rules, hook decisions and their
 * checks, endless moves (C0.7, P2, P5, P6) and ownership (C0.6). */
#include "unit.h"

#include "fixture.h"
#include "sow_game.h"
#include "sow_rng.h"
#include "sow_variant.h"

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

/* ---- fixtures ------------------------------------------------------------ */

#define HEAD "id: t\nname: T\nsummary: s\nscript: t.lua\n"

typedef struct fix {
    sow_variant *v;
    sow_setup s;
} fix;

/* Load a variant written as text, with options "NAME=VALUE" (NULL-ended). */
static void fix_load(fix *f, const char *yaml, const char *const *opts)
{
    char path[512];
    sow_error err;
    unit_write(path, sizeof path, tdir, "v.yaml", yaml);
    sow_error_clear(&err);
    if (sow_variant_load(path, &f->v, &err))
        fail_msg("%d:%d: %s", err.line, err.col, err.msg);
    sow_optset o;
    sow_optset_defaults(f->v, &o);
    for (int i = 0; opts && opts[i]; i++)
        if (sow_optset_apply(f->v, &o, opts[i], &err))
            fail_msg("%s", err.msg);
    if (sow_setup_init(&f->s, f->v, &o, &err))
        fail_msg("%s", err.msg);
}

static void fix_free(fix *f)
{
    sow_variant_free(f->v);
    f->v = NULL;
}

/* A game on board b (s->holes counts), rows as owners, `mover` to move. */
static void game_at(const sow_setup *s, sow_game *g, const int *b, int mover)
{
    memset(g, 0, sizeof *g);
    for (int h = 0; h < s->holes; h++) {
        g->board[h] = (uint16_t)b[h];
        sow_game_set_owner(g, h, h < s->n ? 0 : 1);
        g->on_board += b[h];
    }
    g->to_move = (uint8_t)mover;
    g->last_move_hole = -1;
    g->result.winner = -1;
}

static void assert_board(const sow_setup *s, const sow_game *g, const int *b)
{
    for (int h = 0; h < s->holes; h++)
        if (g->board[h] != b[h]) {
            char got[512] = "", want[512] = "";
            for (int k = 0; k < s->holes; k++) {
                snprintf(got + strlen(got), sizeof got - strlen(got), " %d",
                         g->board[k]);
                snprintf(want + strlen(want), sizeof want - strlen(want),
                         " %d", b[k]);
            }
            fail_msg("hole %d: board [%s ] != expected [%s ]", h, got, want);
        }
    int sum = 0;
    for (int h = 0; h < s->holes; h++)
        sum += g->board[h];
    assert_int_equal(g->on_board, sum);
}

/* Sow hole on g; no error expected; returns *endless. */
static bool sow_ok(const sow_setup *s, const sow_rules *r,
                   const sow_observer *obs, sow_game *g, int hole)
{
    bool endless = true;
    sow_error err;
    sow_error_clear(&err);
    sow_before mv;
    if (sow_sow(s, r, obs, g, sow_before_of(&mv, g, hole), &endless, &err))
        fail_msg("sow_sow: %s", err.msg);
    return endless;
}

/* An observer that keeps the events. */
#define MAX_EV 256
typedef struct rec {
    int n;
    sow_event ev[MAX_EV];
} rec;

static void on_event(void *ctx, const sow_event *ev)
{
    rec *r = ctx;
    if (r->n < MAX_EV)
        r->ev[r->n] = *ev;
    r->n++;
}

static void assert_event(const rec *r, int i, sow_event_kind k, int player,
                         int hole, int count, int extra)
{
    assert_true(i < r->n);
    const sow_event *e = &r->ev[i];
    if (e->kind != k || e->player != player || e->hole != hole ||
        e->count != count || e->extra != extra)
        fail_msg("event %d is {%d, p%d, h%d, c%d, x%d}, expected {%d, p%d, "
                 "h%d, c%d, x%d}",
                 i, e->kind, e->player, e->hole, e->count, e->extra, k,
                 player, hole, count, extra);
}

/* The stub rules: the lap_end hook does what `mode` says and records how it
 * was called. */
typedef enum {
    STUB_FIXED,     /* capture cap[0..ncap-1], relay as given */
    STUB_CHAIN2,    /* capture h and the hole before it */
    STUB_RELAY1,    /* relay at the first call, stop after */
    STUB_FAIL       /* return an error of its own */
} stub_mode;

typedef struct stub {
    stub_mode mode;
    int ncap;
    uint8_t cap[SOW_MAX_HOLES];
    bool relay;
    int next_from, next_dir; /* STUB_FIXED: next = {...} when from or dir
                                is not 0 (hole from - 1, sow_dir dir - 1) */
    int calls;
    int hole, count, mover; /* the last call */
    uint16_t seen[SOW_MAX_HOLES];
    int origin;             /* its move's origin (-2: no move) */
    uint16_t before[SOW_MAX_HOLES]; /* and the board before the move */
    int scores;
} stub;

static int stub_lap_end(void *ctx, const sow_setup *s, const sow_game *g,
                        const sow_before *mv, const sow_at *at,
                        sow_lap_decision *out, sow_error *err)
{
    stub *st = ctx;
    const int hole = at->hole, count = at->count;
    st->calls++;
    st->origin = mv ? mv->origin : -2;
    if (mv)
        memcpy(st->before, mv->board, sizeof st->before);
    st->hole = hole;
    st->count = count;
    st->mover = g->to_move;
    memcpy(st->seen, g->board, sizeof st->seen);
    out->ncap = 0;
    out->relay = false;
    switch (st->mode) {
    case STUB_FIXED:
        out->ncap = st->ncap;
        memcpy(out->cap, st->cap, (size_t)st->ncap);
        out->relay = st->relay;
        if (st->next_from || st->next_dir) {
            out->next = (uint8_t)(st->next_dir ? 1 + st->next_dir : 1);
            out->next_from = (uint8_t)st->next_from;
        }
        break;
    case STUB_CHAIN2:
        out->ncap = 2;
        out->cap[0] = (uint8_t)hole;
        out->cap[1] = s->prev[hole];
        break;
    case STUB_RELAY1:
        out->relay = st->calls == 1;
        break;
    case STUB_FAIL:
        return sow_error_set(err, "stub.lua", 7, 0, "stub says no");
    }
    return SOW_OK;
}

static int stub_score(void *ctx, const sow_setup *s, const sow_game *g,
                      int32_t out[2], sow_error *err)
{
    (void)s;
    (void)err;
    stub *st = ctx;
    st->scores++;
    out[0] = g->captured[0] + 1000;
    out[1] = g->captured[1];
    return SOW_OK;
}

static sow_rules stub_rules(stub *st)
{
    sow_rules r = {.ctx = st, .lap_end = stub_lap_end};
    return r;
}

/* ---- single laps ------------------------------------------------------- */

#define SIMPLE HEAD "board:\n  holes: 6\n  seeds: 4\nsowing:\n  laps: single\n"

static void test_single_lap(void **state)
{
    (void)state;
    fix f;
    fix_load(&f, SIMPLE, NULL);
    sow_game g;
    int b0[12] = {4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4};
    game_at(&f.s, &g, b0, 0);
    rec r = {0};
    sow_observer obs = {&r, on_event, false};
    assert_false(sow_ok(&f.s, NULL, &obs, &g, 2));
    int want[12] = {4, 4, 0, 5, 5, 5, 5, 4, 4, 4, 4, 4};
    assert_board(&f.s, &g, want);
    assert_int_equal(g.captured[0] + g.captured[1], 0);
    assert_int_equal(g.to_move, 0); /* sow_sow does not change the mover */
    assert_int_equal(r.n, 6);
    assert_event(&r, 0, SOW_EV_LIFT, 0, 2, 4, 0);
    assert_event(&r, 1, SOW_EV_DROP, 0, 3, 5, 0);
    assert_event(&r, 4, SOW_EV_DROP, 0, 6, 5, 0);
    assert_event(&r, 5, SOW_EV_LAP_END, 0, 6, 5, SOW_LAP_STOP);

    /* North from its last hole wraps round to South's row */
    game_at(&f.s, &g, b0, 1);
    assert_false(sow_ok(&f.s, NULL, NULL, &g, 11));
    int want2[12] = {5, 5, 5, 5, 4, 4, 4, 4, 4, 4, 4, 0};
    assert_board(&f.s, &g, want2);
    fix_free(&f);
}

static void test_single_lap_cw(void **state)
{
    (void)state;
    fix f;
    fix_load(&f, HEAD "board:\n  holes: 6\n  seeds: 4\n"
                      "sowing:\n  direction: cw\n",
             NULL);
    sow_game g;
    int b0[12] = {4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4};
    game_at(&f.s, &g, b0, 0);
    assert_false(sow_ok(&f.s, NULL, NULL, &g, 2));
    int want[12] = {5, 5, 0, 4, 4, 4, 4, 4, 4, 4, 5, 5};
    assert_board(&f.s, &g, want);
    fix_free(&f);
}

/* A single lap never relays, however the last seed lands. */
static void test_single_lap_no_relay(void **state)
{
    (void)state;
    fix f;
    fix_load(&f, SIMPLE, NULL);
    sow_game g;
    int b0[12] = {0, 0, 3, 0, 0, 7, 0, 0, 0, 0, 0, 0};
    game_at(&f.s, &g, b0, 0);
    assert_false(sow_ok(&f.s, NULL, NULL, &g, 2));
    int want[12] = {0, 0, 0, 1, 1, 8, 0, 0, 0, 0, 0, 0};
    assert_board(&f.s, &g, want);
    fix_free(&f);
}

/* ---- C0.4: the origin hole ----------------------------------------------- */

#define SKIPPY                                                                \
    HEAD "board:\n  holes: 6\n  seeds: 0\n"                                   \
         "sowing:\n  skip_origin: $so\n"                                      \
         "options:\n  so:\n    type: bool\n    default: false\n    doc: d\n"

/* Sow `seeds` from hole 0 of an otherwise empty 2x6 board. */
static void lap_from_0(const fix *f, int seeds, const int *want,
                       bool with_obs)
{
    sow_game g;
    int b[12] = {0};
    b[0] = seeds;
    game_at(&f->s, &g, b, 0);
    rec r = {0};
    sow_observer obs = {&r, on_event, false};
    assert_false(sow_ok(&f->s, NULL, with_obs ? &obs : NULL, &g, 0));
    assert_board(&f->s, &g, want);
    assert_int_equal(g.on_board, seeds);
}

static void test_skip_origin(void **state)
{
    (void)state;
    fix f;
    const char *skip[] = {"so=true", NULL};
    for (int obs = 0; obs < 2; obs++) {
        /* without skip_origin (default): the origin receives seeds */
        fix_load(&f, SKIPPY, NULL);
        assert_false(f.s.skip_origin);
        int w11[12] = {0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
        lap_from_0(&f, 11, w11, obs);
        int w12[12] = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
        lap_from_0(&f, 12, w12, obs);
        int w13[12] = {1, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
        lap_from_0(&f, 13, w13, obs);
        int w25[12] = {2, 3, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2};
        lap_from_0(&f, 25, w25, obs);
        int w36[12] = {3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3};
        lap_from_0(&f, 36, w36, obs);
        fix_free(&f);

        /* with skip_origin: hole 0 is passed over every time round */
        fix_load(&f, SKIPPY, skip);
        assert_true(f.s.skip_origin);
        lap_from_0(&f, 11, w11, obs);
        int s12[12] = {0, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
        lap_from_0(&f, 12, s12, obs);
        int s13[12] = {0, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1};
        lap_from_0(&f, 13, s13, obs);
        int s25[12] = {0, 3, 3, 3, 2, 2, 2, 2, 2, 2, 2, 2};
        lap_from_0(&f, 25, s25, obs);
        fix_free(&f);
    }
    /* the skip is reported to observers */
    fix_load(&f, SKIPPY, skip);
    sow_game g;
    int b[12] = {12};
    game_at(&f.s, &g, b, 0);
    rec r = {0};
    sow_observer o = {&r, on_event, false};
    sow_ok(&f.s, NULL, &o, &g, 0);
    assert_event(&r, 0, SOW_EV_LIFT, 0, 0, 12, 0);
    assert_event(&r, 12, SOW_EV_SKIP, 0, 0, 0, 0);
    assert_event(&r, 13, SOW_EV_DROP, 0, 1, 2, 0);
    assert_event(&r, 14, SOW_EV_LAP_END, 0, 1, 2, SOW_LAP_STOP);
    fix_free(&f);
}

/* P1: in a relay, the origin of a lap is the hole that lap was lifted
 * from, not the hole the move started from. */
static void test_skip_origin_relay_lap(void **state)
{
    (void)state;
    const char *yaml =
        HEAD "board:\n  holes: 6\n  seeds: 0\n"
             "sowing:\n  laps: relay\n  skip_origin: $so\n"
             "  lap_end:\n    - when: {count: 12}\n      do: relay\n"
             "    - do: stop\n"
             "options:\n  so:\n    type: bool\n    default: false\n    doc: d\n";
    const char *skip[] = {"so=true", NULL};
    fix f;
    sow_game g;
    int b[12] = {1, 11, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
    /* lap 1: hole 0's seed makes hole 1 hold 12: relay 12 from hole 1 */
    fix_load(&f, yaml, skip);
    game_at(&f.s, &g, b, 0);
    sow_ok(&f.s, NULL, NULL, &g, 0);
    /* lap 2 skips hole 1 (its origin), not hole 0 */
    int want[12] = {1, 0, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1};
    assert_board(&f.s, &g, want);
    fix_free(&f);
    fix_load(&f, yaml, NULL);
    game_at(&f.s, &g, b, 0);
    sow_ok(&f.s, NULL, NULL, &g, 0);
    int want2[12] = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
    assert_board(&f.s, &g, want2);
    fix_free(&f);
}

/* Without an observer, whole rounds are sown at once: the board must be
 * exactly the one the seed-by-seed path gives. */
static void test_fast_rounds_match(void **state)
{
    (void)state;
    fix f;
    fix_load(&f, SKIPPY, NULL);
    sow_rng rng;
    sow_rng_seed(&rng, 7);
    for (int t = 0; t < 2000; t++) {
        int b[12];
        for (int h = 0; h < 12; h++)
            b[h] = sow_rng_below(&rng, 5) ? sow_rng_below(&rng, 6)
                                          : sow_rng_below(&rng, 60);
        int hole = sow_rng_below(&rng, 12);
        if (b[hole] == 0)
            b[hole] = 1 + sow_rng_below(&rng, 100);
        sow_game fast, slow;
        game_at(&f.s, &fast, b, hole >= 6);
        slow = fast;
        rec r = {0};
        sow_observer obs = {&r, on_event, false};
        sow_ok(&f.s, NULL, NULL, &fast, hole);
        sow_ok(&f.s, NULL, &obs, &slow, hole);
        assert_memory_equal(fast.board, slow.board, sizeof fast.board);
    }
    fix_free(&f);
}

/* ---- B.2: leave one --------------------------------------------------- */

static void test_leave_one(void **state)
{
    (void)state;
    const char *yaml = HEAD "board:\n  holes: 6\n  seeds: 0\n"
                            "sowing:\n  min_seeds: 2\n  leave: 1\n"
                            "  skip_origin: $so\n"
                            "options:\n  so:\n    type: bool\n"
                            "    default: false\n    doc: d\n";
    fix f;
    fix_load(&f, yaml, NULL);
    sow_game g;
    int b[12] = {4, 1, 0, 0, 0, 0, 10, 0, 0, 0, 0, 0};
    game_at(&f.s, &g, b, 0);
    rec r = {0};
    sow_observer obs = {&r, on_event, false};
    sow_ok(&f.s, NULL, &obs, &g, 0);
    /* three seeds are sown, one stays */
    int want[12] = {1, 2, 1, 1, 0, 0, 10, 0, 0, 0, 0, 0};
    assert_board(&f.s, &g, want);
    assert_event(&r, 0, SOW_EV_LIFT, 0, 0, 3, 1);
    /* the hole with one seed is no candidate (min_seeds 2) */
    uint16_t c[SOW_MAX_LEGAL];
    game_at(&f.s, &g, b, 0);
    assert_int_equal(sow_candidates(&f.s, &g, 0, c), 1);
    assert_int_equal(c[0], 0);
    /* a lap of 12 comes round: the origin gets one more (C0.4) */
    int b13[12] = {13, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
    game_at(&f.s, &g, b13, 0);
    sow_ok(&f.s, NULL, NULL, &g, 0);
    int w13[12] = {2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
    assert_board(&f.s, &g, w13);
    fix_free(&f);
    /* ... unless skip_origin: the one left stays alone */
    const char *skip[] = {"so=true", NULL};
    fix_load(&f, yaml, skip);
    game_at(&f.s, &g, b13, 0);
    sow_ok(&f.s, NULL, NULL, &g, 0);
    int s13[12] = {1, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
    assert_board(&f.s, &g, s13);
    fix_free(&f);
}

/* ---- relay laps --------------------------------------------------------- */

static void test_relay(void **state)
{
    (void)state;
    fix f;
    fix_load(&f, HEAD "board:\n  holes: 3\n  seeds: 0\n"
                      "sowing:\n  laps: relay\n  lap_end:\n"
                      "    - when: {count: 1}\n      do: stop\n",
             NULL);
    sow_game g;
    int b[6] = {2, 0, 1, 0, 0, 0};
    game_at(&f.s, &g, b, 0);
    rec r = {0};
    sow_observer obs = {&r, on_event, false};
    assert_false(sow_ok(&f.s, NULL, &obs, &g, 0));
    /* lap 1 ends in hole 2 (now 2): relay; lap 2 ends in empty hole 4 */
    int want[6] = {0, 1, 0, 1, 1, 0};
    assert_board(&f.s, &g, want);
    assert_int_equal(r.n, 8);
    assert_event(&r, 0, SOW_EV_LIFT, 0, 0, 2, 0);
    assert_event(&r, 2, SOW_EV_DROP, 0, 2, 2, 0);
    assert_event(&r, 3, SOW_EV_LAP_END, 0, 2, 2, SOW_LAP_RELAY);
    assert_event(&r, 4, SOW_EV_LIFT, 0, 2, 2, 0);
    assert_event(&r, 6, SOW_EV_DROP, 0, 4, 1, 0);
    assert_event(&r, 7, SOW_EV_LAP_END, 0, 4, 1, SOW_LAP_STOP);

    /* a longer relay, checked against a hand count: K2.3-like rules */
    int b2[6] = {3, 1, 1, 2, 0, 0};
    game_at(&f.s, &g, b2, 0);
    /* lap 1 from 0: 1->2, 2->2, 3->3; relay 3 from 3: 4->1, 5->1, 0->1,
     * stop (hole 0 was emptied by the lift, so it now holds 1) */
    sow_ok(&f.s, NULL, NULL, &g, 0);
    int want2[6] = {1, 2, 2, 0, 1, 1};
    assert_board(&f.s, &g, want2);
    fix_free(&f);
}

/* ---- lap-end rules ---------------------------------------------------- */

static void test_capture_rule(void **state)
{
    (void)state;
    fix f;
    fix_load(&f, HEAD "board:\n  holes: 2\n  seeds: 0\n"
                      "sowing:\n  lap_end:\n"
                      "    - when: {owner: opponent, count: [2, 3]}\n"
                      "      do: capture\n",
             NULL);
    sow_game g;
    rec r = {0};
    sow_observer obs = {&r, on_event, false};
    /* last seed makes North's hole 3 hold 2: South takes them */
    int b[4] = {0, 2, 1, 1};
    game_at(&f.s, &g, b, 0);
    sow_ok(&f.s, NULL, &obs, &g, 1);
    int want[4] = {0, 0, 2, 0};
    assert_board(&f.s, &g, want);
    assert_int_equal(g.captured[0], 2);
    assert_int_equal(g.captured[1], 0);
    assert_int_equal(g.on_board, 2);
    assert_event(&r, r.n - 2, SOW_EV_LAP_END, 0, 3, 2, SOW_LAP_CAPTURE);
    assert_event(&r, r.n - 1, SOW_EV_CAPTURE, 0, 3, 2, 0);
    /* 3 is taken as well */
    int b3[4] = {0, 2, 1, 2};
    game_at(&f.s, &g, b3, 0);
    sow_ok(&f.s, NULL, NULL, &g, 1);
    assert_int_equal(g.captured[0], 3);
    assert_int_equal(g.board[3], 0);
    /* 4 is not */
    int b4[4] = {0, 2, 1, 3};
    game_at(&f.s, &g, b4, 0);
    sow_ok(&f.s, NULL, NULL, &g, 1);
    assert_int_equal(g.captured[0], 0);
    assert_int_equal(g.board[3], 4);
    /* nor a 2 in the mover's own hole */
    int bo[4] = {1, 1, 0, 0};
    game_at(&f.s, &g, bo, 0);
    sow_ok(&f.s, NULL, NULL, &g, 0);
    assert_int_equal(g.captured[0], 0);
    assert_int_equal(g.board[1], 2);
    /* North captures in South's row; the taker is the mover */
    int bn[4] = {0, 1, 0, 2};
    game_at(&f.s, &g, bn, 1);
    sow_ok(&f.s, NULL, NULL, &g, 3);
    int wn[4] = {1, 0, 0, 0};
    assert_board(&f.s, &g, wn);
    assert_int_equal(g.captured[1], 2);
    assert_int_equal(g.captured[0], 0);
    fix_free(&f);
}

/* ---- the lap_end hook -------------------------------------------------- */

#define HOOKED                                                                \
    HEAD "board:\n  holes: 6\n  seeds: 4\n"                                   \
         "sowing:\n  laps: single\n  lap_end:\n"                              \
         "    - when: {owner: opponent}\n      do: hook\n"                    \
         "hooks:\n  lap_end: cap\n"

static const int START[12] = {4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4};

static void test_hook_captures(void **state)
{
    (void)state;
    fix f;
    fix_load(&f, HOOKED, NULL);
    stub st = {.mode = STUB_CHAIN2};
    sow_rules rules = stub_rules(&st);
    sow_game g;
    game_at(&f.s, &g, START, 0);
    rec r = {0};
    sow_observer obs = {&r, on_event, false};
    sow_ok(&f.s, &rules, &obs, &g, 5);
    /* the hook saw the lap's end: hole 9 now 5, hole 5 empty, South moving */
    assert_int_equal(st.calls, 1);
    assert_int_equal(st.hole, 9);
    assert_int_equal(st.count, 5);
    assert_int_equal(st.mover, 0);
    assert_int_equal(st.seen[5], 0);
    assert_int_equal(st.seen[9], 5);
    /* and the move it belongs to: from hole 5, the board before it */
    assert_int_equal(st.origin, 5);
    assert_int_equal(st.before[5], 4);
    assert_int_equal(st.before[9], 4);
    /* and its holes 9 and 8 were taken by South */
    int want[12] = {4, 4, 4, 4, 4, 0, 5, 5, 0, 0, 4, 4};
    assert_board(&f.s, &g, want);
    assert_int_equal(g.captured[0], 10);
    assert_int_equal(g.on_board, 38);
    int caps = 0;
    for (int i = 0; i < r.n; i++)
        if (r.ev[i].kind == SOW_EV_CAPTURE) {
            assert_int_equal(r.ev[i].player, 0);
            assert_int_equal(r.ev[i].count, 5);
            caps++;
        }
    assert_int_equal(caps, 2);
    /* a lap ending in the mover's own row does not ask the hook */
    game_at(&f.s, &g, START, 0);
    st.calls = 0;
    sow_ok(&f.s, &rules, NULL, &g, 0);
    assert_int_equal(st.calls, 0);
    assert_int_equal(g.captured[0], 0);
    /* an empty list captures nothing */
    stub none = {.mode = STUB_FIXED};
    rules = stub_rules(&none);
    game_at(&f.s, &g, START, 0);
    sow_ok(&f.s, &rules, NULL, &g, 5);
    assert_int_equal(none.calls, 1);
    assert_int_equal(g.captured[0], 0);
    assert_int_equal(g.on_board, 48);
    fix_free(&f);
}

static void test_hook_relays(void **state)
{
    (void)state;
    fix f;
    fix_load(&f, HOOKED, NULL);
    /* the hook may relay even on a single-lap variant */
    stub st = {.mode = STUB_RELAY1};
    sow_rules rules = stub_rules(&st);
    sow_game g;
    game_at(&f.s, &g, START, 0);
    sow_ok(&f.s, &rules, NULL, &g, 5);
    /* lap 1 ends in 9 (5): relay 5 from 9, lap 2 ends in South's 2: stop */
    int want[12] = {5, 5, 5, 4, 4, 0, 5, 5, 5, 0, 5, 5};
    assert_board(&f.s, &g, want);
    assert_int_equal(st.calls, 1);
    /* capturing the hole it relays from ends the move */
    stub cr = {.mode = STUB_FIXED, .ncap = 1, .cap = {9}, .relay = true};
    rules = stub_rules(&cr);
    game_at(&f.s, &g, START, 0);
    sow_ok(&f.s, &rules, NULL, &g, 5);
    int want2[12] = {4, 4, 4, 4, 4, 0, 5, 5, 5, 0, 4, 4};
    assert_board(&f.s, &g, want2);
    assert_int_equal(g.captured[0], 5);
    assert_int_equal(cr.calls, 1);
    /* a next lap (issue 24) from another hole, the other way: lap 1 ends
     * in North's 9; the next lifts 3 (4) clockwise: 2, 1, 0, 11, North's
     * again: the next would lift 3, now empty: the move ends. The seed
     * games' copy, which hands such a lap on, keeps the variant's own
     * direction after the move */
    stub nx = {.mode = STUB_FIXED, .next_from = 1 + 3,
               .next_dir = 1 + SOW_DIR_CW};
    rules = stub_rules(&nx);
    game_at(&f.s, &g, START, 0);
    sow_ok(&f.s, &rules, NULL, &g, 5);
    int want3[12] = {5, 5, 5, 0, 4, 0, 5, 5, 5, 5, 4, 5};
    assert_board(&f.s, &g, want3);
    assert_int_equal(nx.calls, 2);
    assert_int_equal(g.move_dir, f.s.dir);
    fix_free(&f);
}

/* Sowing move `move` of g with the stub's answers fails, with `phrase`
 * in the message. */
static void sow_fails(const fix *f, stub *st, sow_game *g, int move,
                      const char *phrase)
{
    sow_rules rules = stub_rules(st);
    sow_before mv;
    bool endless;
    sow_error err;
    sow_error_clear(&err);
    assert_int_equal(sow_sow(&f->s, &rules, NULL, g,
                             sow_move_of(&mv, &rules, g, move), &endless,
                             &err),
                     SOW_ERR);
    assert_contains(err.msg, phrase);
}

/* What no next lap may be: off the board, a direction of neither way, a
 * closed or a claimed hole; each told as the hook's answer. */
static void test_hook_next_lap_bad(void **state)
{
    (void)state;
    fix f;
    fix_load(&f, HOOKED, NULL);
    const struct {
        int from, dir;
        uint64_t blocked, claimed;
        const char *phrase;
    } bad[] = {
        {1 + 12, 0, 0, 0, "a next lap from hole 12, but the holes are 0 to 11"},
        {0, 1 + 5, 0, 0, "a next lap in direction 5"},
        {1 + 3, 0, 1u << 3, 0, "a next lap from hole 3, which is closed (C1.5)"},
        {1 + 3, 0, 0, 1u << 3, "a next lap from hole 3, which is claimed (C1.4)"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        stub st = {.mode = STUB_FIXED, .next_from = bad[i].from,
                   .next_dir = bad[i].dir};
        sow_game g;
        game_at(&f.s, &g, START, 0);
        g.blocked = bad[i].blocked;
        g.claims[1] = bad[i].claimed;
        char phrase[160]; /* the hook's answer, named */
        snprintf(phrase, sizeof phrase, "the lap_end hook cap returned %s",
                 bad[i].phrase);
        sow_fails(&f, &st, &g, 5, phrase);
    }
    fix_free(&f);
}

/* The engine with the stub: play, expect an error, and the game as it was. */
static void play_fails(const fix *f, stub *st, int move, const char *phrase)
{
    sow_rules rules = stub_rules(st);
    sow_engine e;
    sow_error err;
    sow_error_clear(&err);
    assert_int_equal(sow_engine_init(&e, &f->s, &rules, &err), SOW_OK);
    sow_game g;
    assert_int_equal(sow_engine_start(&e, &g, &err), SOW_OK);
    assert_true(sow_game_is_legal(&g, move));
    sow_game before = g;
    assert_int_equal(sow_engine_play(&e, &g, move, &err), SOW_ERR);
    assert_contains(err.msg, phrase);
    assert_same_game(&g, &before);
    /* the game goes on from there */
    st->mode = STUB_FIXED;
    st->ncap = 0;
    assert_int_equal(sow_engine_play(&e, &g, move, &err), SOW_OK);
    assert_int_equal(g.ply, 1);
    assert_int_equal(g.to_move, 1);
    sow_engine_free(&e);
}

static void test_hook_bad_decisions(void **state)
{
    (void)state;
    fix f;
    fix_load(&f, HOOKED, NULL);
    sow_game g;
    sow_before mv;
    bool endless;
    sow_error err;

    /* a hole that does not exist */
    stub out = {.mode = STUB_FIXED, .ncap = 1, .cap = {12}};
    sow_rules rules = stub_rules(&out);
    game_at(&f.s, &g, START, 0);
    sow_error_clear(&err);
    assert_int_equal(sow_sow(&f.s, &rules, NULL, &g,
                             sow_move_of(&mv, &rules, &g, 5), &endless, &err),
                     SOW_ERR);
    assert_contains(err.msg, "captured hole 12, but the holes are 0 to 11");
    assert_contains(err.path, "v.yaml");
    stub far = {.mode = STUB_FIXED, .ncap = 2, .cap = {8, 255}};
    play_fails(&f, &far, 5, "captured hole 255");

    /* the same hole twice: nothing may be taken twice */
    stub twice = {.mode = STUB_FIXED, .ncap = 3, .cap = {9, 8, 9}};
    rules = stub_rules(&twice);
    game_at(&f.s, &g, START, 0);
    assert_int_equal(sow_sow(&f.s, &rules, NULL, &g,
                             sow_move_of(&mv, &rules, &g, 5), &endless, &err),
                     SOW_ERR);
    assert_contains(err.msg, "captured hole 9 twice");
    stub twice2 = {.mode = STUB_FIXED, .ncap = 2, .cap = {9, 9}};
    play_fails(&f, &twice2, 5, "captured hole 9 twice");

    /* the hook's own error comes through as it is */
    stub bad = {.mode = STUB_FAIL};
    play_fails(&f, &bad, 5, "stub says no");

    /* a variant that says hook, run with no hook at all */
    game_at(&f.s, &g, START, 0);
    assert_int_equal(sow_sow(&f.s, NULL, NULL, &g,
                             sow_move_of(&mv, NULL, &g, 5), &endless, &err), SOW_ERR);
    assert_contains(err.msg, "no lap_end hook");
    fix_free(&f);
}

/* ---- endless moves (C0.7, P2, P5, P6) -------------------------------- */

/* 2x2, relay until a lap ends in an empty hole. From [1,2,0,2] South's
 * hole 1 cycles forever; hole 0 ends after two laps with [1,0,1,3]. */
#define ENDLESS                                                               \
    HEAD "board:\n  holes: 2\n  layout: [1, 2, 0, 2]\n"                       \
         "sowing:\n  laps: relay\n  endless_move: $em\n"                      \
         "  lap_end:\n    - when: {count: 1}\n      do: stop\n"               \
         "options:\n  em:\n    type: enum\n    values: [forbid, end_game]\n"  \
         "    default: forbid\n    doc: d\n"

static void test_endless_detected(void **state)
{
    (void)state;
    fix f;
    fix_load(&f, ENDLESS, NULL);
    sow_game g;
    const int b[4] = {1, 2, 0, 2};
    game_at(&f.s, &g, b, 0);
    rec r = {0};
    sow_observer obs = {&r, on_event, false};
    assert_true(sow_ok(&f.s, NULL, &obs, &g, 1));
    assert_true(r.n > 0);
    assert_int_equal(r.ev[r.n - 1].kind, SOW_EV_ENDLESS);
    assert_true(r.ev[r.n - 1].extra > 1); /* laps seen */
    game_at(&f.s, &g, b, 0);
    assert_true(sow_ok(&f.s, NULL, NULL, &g, 1));
    game_at(&f.s, &g, b, 0);
    assert_false(sow_ok(&f.s, NULL, NULL, &g, 0));
    int want[4] = {1, 0, 1, 3};
    assert_board(&f.s, &g, want);
    fix_free(&f);
}

static void test_endless_forbid(void **state)
{
    (void)state;
    fix f;
    fix_load(&f, ENDLESS, NULL);
    assert_int_equal(f.s.endless_move, SOW_ENDLESS_FORBID);
    sow_error err;
    sow_game g;
    uint16_t m[SOW_MAX_LEGAL];
    const int b[4] = {1, 2, 0, 2};
    game_at(&f.s, &g, b, 0);
    assert_int_equal(sow_candidates(&f.s, &g, 0, m), 2);
    assert_int_equal(sow_legal_moves(&f.s, NULL, &g, 0, m, NULL, &err), 1);
    assert_int_equal(m[0], 0);
    /* the engine never offers it, and refuses it */
    sow_engine e;
    assert_int_equal(sow_engine_init(&e, &f.s, NULL, &err), SOW_OK);
    assert_int_equal(sow_engine_start(&e, &g, &err), SOW_OK);
    assert_int_equal(g.to_move, 0);
    assert_int_equal(g.nlegal, 1);
    assert_int_equal(g.legal[0], 0);
    sow_game before = g;
    assert_int_equal(sow_engine_play(&e, &g, 1, &err), SOW_ERR);
    assert_contains(err.msg, "move 1 is not legal");
    assert_contains(err.msg, "the legal moves are: 0");
    assert_same_game(&g, &before);
    assert_int_equal(sow_engine_play(&e, &g, 0, &err), SOW_OK);
    assert_false(g.last_endless);
    sow_engine_free(&e);
    fix_free(&f);
}

static void test_endless_end_game(void **state)
{
    (void)state;
    fix f;
    const char *opts[] = {"em=end_game", NULL};
    fix_load(&f, ENDLESS, opts);
    assert_int_equal(f.s.endless_move, SOW_ENDLESS_END_GAME);
    sow_error err;
    sow_engine e;
    sow_game g;
    assert_int_equal(sow_engine_init(&e, &f.s, NULL, &err), SOW_OK);
    assert_int_equal(sow_engine_start(&e, &g, &err), SOW_OK);
    /* both candidates are legal */
    assert_int_equal(g.nlegal, 2);
    assert_true(sow_game_is_legal(&g, 1));
    rec r = {0};
    e.obs.ctx = &r;
    e.obs.on_event = on_event;
    assert_int_equal(sow_engine_play(&e, &g, 1, &err), SOW_OK);
    /* P5: a ply whose board is the board before it; the game is over,
     * scored (default: captures plus own holes), not unfinished */
    int want[4] = {1, 2, 0, 2};
    assert_board(&f.s, &g, want);
    assert_int_equal(g.captured[0] + g.captured[1], 0);
    assert_int_equal(g.ply, 1);
    assert_true(g.last_endless);
    assert_true(g.over);
    assert_int_equal(g.nlegal, 0);
    assert_int_equal(g.result.reason, SOW_END_ENDLESS);
    assert_false(g.result.unfinished);
    assert_true(g.result.has_score);
    assert_int_equal(g.result.score[0], 3);
    assert_int_equal(g.result.score[1], 2);
    assert_int_equal(g.result.winner, 0);
    assert_int_equal(r.ev[r.n - 1].kind, SOW_EV_END);
    assert_int_equal(r.ev[r.n - 1].extra, SOW_END_ENDLESS);
    char buf[64];
    assert_string_equal(sow_end_reason_text(&f.s, g.result.reason, buf,
                                            sizeof buf),
                        "endless move");
    /* nothing follows a finished game */
    assert_int_equal(sow_engine_play(&e, &g, 0, &err), SOW_ERR);
    assert_contains(err.msg, "already over");
    sow_engine_free(&e);
    fix_free(&f);
}

/* 2x1 with relay laps and no stop rule: every lap relays, so every move
 * is endless. Under forbid nobody can move (P6), so the game is over
 * before it starts; under end_game South's first move ends it. */
static void test_endless_every_move(void **state)
{
    (void)state;
    const char *yaml =
        HEAD "board:\n  holes: 1\n  layout: [3, 1]\n"
             "sowing:\n  laps: relay\n  endless_move: $em\n"
             /* a stop that four seeds never reach (relay laps need one) */
             "  lap_end:\n    - when: {count: 62}\n      do: stop\n"
             "options:\n  em:\n    type: enum\n    values: [forbid, end_game]\n"
             "    default: forbid\n    doc: d\n";
    fix f;
    fix_load(&f, yaml, NULL);
    sow_error err;
    sow_engine e;
    sow_game g;
    assert_int_equal(sow_engine_init(&e, &f.s, NULL, &err), SOW_OK);
    assert_int_equal(sow_engine_start(&e, &g, &err), SOW_OK);
    assert_true(g.over);
    assert_int_equal(g.nlegal, 0);
    assert_int_equal(g.result.reason, SOW_END_NO_MOVES);
    assert_int_equal(g.result.score[0], 3);
    assert_int_equal(g.result.score[1], 1);
    assert_int_equal(g.result.winner, 0);
    sow_engine_free(&e);
    fix_free(&f);

    const char *opts[] = {"em=end_game", NULL};
    fix_load(&f, yaml, opts);
    assert_int_equal(sow_engine_init(&e, &f.s, NULL, &err), SOW_OK);
    assert_int_equal(sow_engine_start(&e, &g, &err), SOW_OK);
    assert_false(g.over);
    assert_int_equal(g.to_move, 0);
    assert_int_equal(g.nlegal, 1);
    assert_int_equal(sow_engine_play(&e, &g, 0, &err), SOW_OK);
    assert_true(g.over);
    assert_int_equal(g.result.reason, SOW_END_ENDLESS);
    assert_int_equal(g.board[0], 3);
    assert_int_equal(g.board[1], 1);
    sow_engine_free(&e);
    fix_free(&f);
}

/* A score hook, when given, decides the totals. */
static void test_score_hook_used(void **state)
{
    (void)state;
    fix f;
    const char *opts[] = {"em=end_game", NULL};
    fix_load(&f, ENDLESS, opts);
    stub st = {.mode = STUB_FIXED};
    sow_rules rules = {.ctx = &st, .score = stub_score};
    sow_error err;
    sow_engine e;
    sow_game g;
    assert_int_equal(sow_engine_init(&e, &f.s, &rules, &err), SOW_OK);
    assert_int_equal(sow_engine_start(&e, &g, &err), SOW_OK);
    assert_int_equal(sow_engine_play(&e, &g, 1, &err), SOW_OK);
    assert_true(g.over);
    assert_int_equal(st.scores, 1);
    assert_int_equal(g.result.score[0], 1000);
    assert_int_equal(g.result.score[1], 0);
    sow_engine_free(&e);
    fix_free(&f);
}

/* ---- C0.6: ownership, not rows ------------------------------------------ */

static void test_candidates_ownership(void **state)
{
    (void)state;
    fix f;
    fix_load(&f, HEAD "board:\n  holes: 6\n  seeds: 4\n"
                      "sowing:\n  min_seeds: 2\n  lap_end:\n"
                      "    - when: {owner: opponent, count: [2, 3]}\n"
                      "      do: capture\n",
             NULL);
    sow_game g;
    uint16_t m[SOW_MAX_LEGAL];
    int b[12] = {4, 4, 4, 4, 1, 0, 4, 4, 4, 4, 4, 4};
    game_at(&f.s, &g, b, 0);
    assert_int_equal(sow_candidates(&f.s, &g, 0, m), 4);
    int s0[] = {0, 1, 2, 3};
    for (int i = 0; i < 4; i++)
        assert_int_equal(m[i], s0[i]);
    /* South owns North's hole 7, North owns South's hole 2 */
    sow_game_set_owner(&g, 7, 0);
    sow_game_set_owner(&g, 2, 1);
    int n = sow_candidates(&f.s, &g, 0, m);
    int s1[] = {0, 1, 3, 7};
    assert_int_equal(n, 4);
    for (int i = 0; i < n; i++)
        assert_int_equal(m[i], s1[i]);
    n = sow_candidates(&f.s, &g, 1, m);
    int n1[] = {2, 6, 8, 9, 10, 11};
    assert_int_equal(n, 6);
    for (int i = 0; i < n; i++)
        assert_int_equal(m[i], n1[i]);
    /* single laps: the legal moves are the candidates */
    sow_error err;
    assert_int_equal(sow_legal_moves(&f.s, NULL, &g, 1, m, NULL, &err), 6);
    /* a capture rule asks whose hole it is, not which row: South's last
     * seed in South-row hole 4, now North's, takes it */
    int bc[12] = {0, 0, 2, 0, 1, 0, 4, 4, 4, 4, 4, 4};
    game_at(&f.s, &g, bc, 0);
    sow_game_set_owner(&g, 4, 1);
    sow_ok(&f.s, NULL, NULL, &g, 2);
    assert_int_equal(g.captured[0], 2);
    assert_int_equal(g.board[4], 0);
    /* and a North-row hole South owns is safe from South */
    int bs[12] = {0, 0, 0, 0, 0, 2, 0, 1, 0, 0, 0, 0};
    game_at(&f.s, &g, bs, 0);
    sow_game_set_owner(&g, 7, 0);
    sow_ok(&f.s, NULL, NULL, &g, 5);
    assert_int_equal(g.captured[0], 0);
    assert_int_equal(g.board[6], 1);
    assert_int_equal(g.board[7], 2);
    fix_free(&f);
}

/* ---- chain captures (B.4, P7, and the generic chain of lap_end) ------- */

/* Sow `hole` of board b (6 holes a row, South to move, single lap) with a
 * variant whose only lap-end rule is `chain` (its YAML flow map), then
 * check the board and South's captures. */
static void chain_case(const char *chain, const char *const *opts,
                       const int *b, int hole, const int *want, int took)
{
    char yaml[1024];
    snprintf(yaml, sizeof yaml,
             HEAD "board:\n  holes: 6\n  seeds: 0\n  stores: true\n"
                  "sowing:\n  lap_end:\n    - do: chain\n"
                  "      chain: %s\n"
                  "options:\n  skip:\n    type: bool\n"
                  "    default: false\n    doc: d\n",
             chain);
    fix f;
    fix_load(&f, yaml, opts);
    sow_game g;
    game_at(&f.s, &g, b, 0);
    sow_ok(&f.s, NULL, NULL, &g, hole);
    assert_board(&f.s, &g, want);
    assert_int_equal(g.captured[0], took);
    assert_int_equal(g.captured[1], 0);
    fix_free(&f);
}

static void test_chain_forward(void **state)
{
    (void)state;
    /* B.4: the last seed falls in hole 3; holes 4, 5 (South) and 6
     * (North) hold 1, 3 and 5: all three go, the 2 in hole 7 stops it */
    int b[12] = {0, 0, 1, 0, 1, 3, 5, 2, 0, 0, 0, 0};
    int want[12] = {0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 0};
    chain_case("{counts: [1, 3, 5]}", NULL, b, 2, want, 1 + 3 + 5);
    /* a 7 stops it too (the 3 in hole 4 is taken, not the 7 after) */
    int b7[12] = {0, 0, 1, 0, 3, 7, 0, 0, 0, 0, 0, 0};
    int w7[12] = {0, 0, 0, 1, 0, 7, 0, 0, 0, 0, 0, 0};
    chain_case("{counts: [1, 3, 5]}", NULL, b7, 2, w7, 3);
}

static void test_chain_empty(void **state)
{
    (void)state;
    /* B.4, P7: an empty hole after a 3 ends the chain (break) ... */
    int b[12] = {0, 0, 1, 0, 3, 0, 1, 0, 0, 0, 0, 0};
    int brk[12] = {0, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0};
    const char *on[] = {"skip=true", NULL};
    chain_case("{counts: [1, 3, 5], skip_empty: $skip}", NULL, b, 2, brk,
               3);
    /* ... or is passed over (skip): the 1 beyond it goes too */
    int skp[12] = {0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0};
    chain_case("{counts: [1, 3, 5], skip_empty: $skip}", on, b, 2, skp,
               3 + 1);
    /* skipping round the board never takes the last hole itself: every
     * other hole empty or 1, the last hole (3, holding 1) stays */
    int r[12] = {1, 1, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1};
    int rw[12] = {0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0};
    chain_case("{counts: [1], skip_empty: $skip}", on, r, 2, rw, 10);
}

static void test_chain_backward_from_last(void **state)
{
    (void)state;
    /* the Oware shape: from the last hole itself, backward, opponent's
     * holes only, counts 2 and 3. South sows 3 from hole 5 into 6, 7, 8:
     * 8 (now 3), 7 (now 2) and 6 (now 3) go; the chain stops at hole 5,
     * South's own */
    const char *ch = "{counts: [2, 3], start: last, direction: backward, "
                     "owner: opponent}";
    int b[12] = {0, 0, 0, 0, 1, 3, 2, 1, 2, 4, 0, 0};
    int want[12] = {0, 0, 0, 0, 1, 0, 0, 0, 0, 4, 0, 0};
    chain_case(ch, NULL, b, 5, want, 3 + 2 + 3);
    /* a 4 at the last hole: nothing is taken */
    int b4[12] = {0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0};
    int w4[12] = {0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0};
    chain_case(ch, NULL, b4, 5, w4, 0);
}

static void test_chain_errors(void **state)
{
    (void)state;
    const char *bad[][2] = {
        {"    - do: chain\n", "do: chain needs a chain: map beside it"},
        {"    - do: stop\n      chain: {counts: [1]}\n",
         "chain: belongs to a rule that says do: chain"},
        {"    - do: chain\n      chain: {start: next}\n",
         "a chain needs counts:"},
        {"    - do: chain\n      chain: {counts: [1], direction: up}\n",
         "direction"},
        {"    - do: chain\n      chain: {counts: [1], colour: red}\n",
         "colour"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        char yaml[512], path[512];
        snprintf(yaml, sizeof yaml,
                 HEAD "board:\n  holes: 6\n  seeds: 4\n"
                      "sowing:\n  lap_end:\n%s",
                 bad[i][0]);
        unit_write(path, sizeof path, tdir, "v.yaml", yaml);
        sow_variant *v = NULL;
        sow_error err;
        sow_error_clear(&err);
        assert_int_equal(sow_variant_load(path, &v, &err), SOW_ERR);
        assert_contains(err.msg, bad[i][1]);
        assert_true(err.line > 0);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_single_lap),
        cmocka_unit_test(test_single_lap_cw),
        cmocka_unit_test(test_single_lap_no_relay),
        cmocka_unit_test(test_skip_origin),
        cmocka_unit_test(test_skip_origin_relay_lap),
        cmocka_unit_test(test_fast_rounds_match),
        cmocka_unit_test(test_leave_one),
        cmocka_unit_test(test_relay),
        cmocka_unit_test(test_capture_rule),
        cmocka_unit_test(test_hook_captures),
        cmocka_unit_test(test_hook_relays),
        cmocka_unit_test(test_hook_bad_decisions),
        cmocka_unit_test(test_hook_next_lap_bad),
        cmocka_unit_test(test_endless_detected),
        cmocka_unit_test(test_endless_forbid),
        cmocka_unit_test(test_endless_end_game),
        cmocka_unit_test(test_endless_every_move),
        cmocka_unit_test(test_score_hook_used),
        cmocka_unit_test(test_candidates_ownership),
        cmocka_unit_test(test_chain_forward),
        cmocka_unit_test(test_chain_empty),
        cmocka_unit_test(test_chain_backward_from_last),
        cmocka_unit_test(test_chain_errors),
    };
    return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
