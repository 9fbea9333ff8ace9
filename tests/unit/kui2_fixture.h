/* kui2_fixture.h - the fixture of the Adji Kui II tests (test_kui2.c: one
 * game's rules, K2.1-K2.6; test_kui2_match.c: the match, K2.7-K2.9): the
 * variant and its script through the engine, positions set by hand, and
 * the assertions both use. Included by those two files only. */
#ifndef KUI2_FIXTURE_H
#define KUI2_FIXTURE_H

#include "unit.h"

#include "fixture.h"

#include "sow_game.h"
#include "sow_lua.h"
#include "sow_record.h"
#include "sow_variant.h"

#define YAML "variants/adji_kui_2.yaml"

/* ---- fixture: the variant, its script, an engine, a match and a game ---- */

typedef unit_game k2;

/* Load the variant with the options (NULL-terminated "NAME=VALUE"), check
 * that they fit together, and start the first game (of the match, when
 * match=true). */
static inline void k2_open(k2 *a, const char *const *opts)
{
    unit_game_open(a, YAML, opts);
    assert_non_null(a->k.eng.rules.new_game);
    assert_non_null(a->k.eng.rules.decisions);
    assert_non_null(a->k.eng.rules.decide);
    sow_error err;
    sow_error_clear(&err);
    if (sow_match_start(&a->k.eng, &a->m, &a->g, &err))
        fail_msg("%s", err.msg);
}

static inline void k2_close(k2 *a) { unit_game_close(a); }

/* Put the game in a position: board, captures, player to move, owners
 * (NULL: by rows, C0.6); the legal moves and the endless mask are
 * recomputed. Seeds and captures must add up to 48. */
static inline void k2_position_owned(k2 *a, const int b[12],
                                     const int *own, int c0, int c1,
                                     int to_move)
{
    sow_game *g = &a->g;
    int sum = 0;
    for (int h = 0; h < 12; h++) {
        g->board[h] = (uint16_t)b[h];
        sow_game_set_owner(g, h, own ? own[h] : h < 6 ? 0 : 1);
        sum += b[h];
    }
    assert_int_equal(sum + c0 + c1, 48);
    g->on_board = sum;
    g->captured[0] = c0;
    g->captured[1] = c1;
    g->to_move = (uint8_t)to_move;
    g->phase = 0;
    unit_relegal(&a->k.setup, &a->k.eng.rules, g, to_move);
}

static inline void k2_position(k2 *a, const int b[12], int c0, int c1,
                               int to_move)
{
    k2_position_owned(a, b, NULL, c0, c1, to_move);
}

static inline void k2_play(k2 *a, sow_move move)
{
    sow_error err;
    sow_error_clear(&err);
    if (sow_engine_play(&a->k.eng, &a->g, move, &err))
        fail_msg("ply %d, move %d: %s", a->g.ply, (int)move, err.msg);
}

static inline sow_move k2_token(const k2 *a, const char *tok)
{
    sow_move m;
    sow_error err;
    if (sow_move_parse(&a->k.setup, tok, &m, &err))
        fail_msg("token %s: %s", tok, err.msg);
    return m;
}

/* The move is refused with an error that contains `needle`, and the game
 * is left exactly as it was. */
static inline void k2_refused(k2 *a, sow_move move, const char *needle)
{
    sow_game before = a->g;
    sow_error err;
    sow_error_clear(&err);
    assert_int_not_equal(sow_engine_play(&a->k.eng, &a->g, move, &err), SOW_OK);
    assert_contains(err.msg, needle);
    assert_same_game(&before, &a->g);
}

/* The legal moves, formatted as tokens separated by spaces. */
static inline const char *legal_text(const k2 *a, char *buf, size_t size)
{
    buf[0] = 0;
    for (int i = 0; i < a->g.nlegal; i++) {
        char tok[32];
        sow_move_format(tok, sizeof tok, &a->k.setup, a->g.legal[i]);
        snprintf(buf + strlen(buf), size - strlen(buf), "%s%s", i ? " " : "",
                 tok);
    }
    return buf;
}

static inline int state_index(const k2 *a, const char *name)
{
    for (int i = 0; i < a->k.v->nstate; i++)
        if (strcmp(a->k.v->state[i], name) == 0)
            return i;
    fail_msg("the variant declares no state '%s'", name);
    return -1;
}

static inline int holes_of(const sow_game *g, int p)
{
    int n = 0;
    for (int h = 0; h < 12; h++)
        n += g->owner[h] == p;
    return n;
}

#endif
