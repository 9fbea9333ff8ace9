/* sow_changes.c - what a script's hook changes in a game (sow_changes:
 * seeds, claims C1.4, closed holes C1.5, seeds out of play C1.13, the
 * script's state), checked against the game and applied, each change
 * told to the observer. The engine's moves call it (sow_engine.c); the
 * sowing's lap decisions come here too (sow_lap_changes). */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "sow_engine_int.h"

int sow_claims_problem(const sow_game *g, uint64_t claim_set,
                       uint64_t release, uint64_t taken, char *why,
                       size_t size)
{
    const uint64_t claimed = g->claims[0] | g->claims[1];
    const uint64_t after = claimed & ~release;
    const char *fmt = NULL;
    uint64_t bad = 0;
    if ((bad = release & ~claimed))
        fmt = "a release of hole %d, which is not claimed";
    else if ((bad = taken & after))
        fmt = "a capture of hole %d, which is claimed (C1.4): release it in "
              "the same answer to take its seeds";
    else if ((bad = claim_set & after))
        fmt = "a claim of hole %d, which is claimed already (C1.4): release "
              "it in the same answer to claim it again";
    else if ((bad = claim_set & g->blocked))
        fmt = "a claim of hole %d, which is closed (C1.5)";
    if (!fmt)
        return 0;
    snprintf(why, size, fmt, __builtin_ctzll(bad));
    return -1;
}

/* C1.13: seeds out of play come from holes that hold them (a scripted
 * move's board, or the board now), never from a hole also captured, nor a
 * claimed or closed one (`kept`) that the same answer does not release or
 * open. */
static bool out_problem(const sow_changes *c, const sow_game *g,
                        uint64_t kept, char *why, size_t size)
{
    const uint16_t *b = c->has_board ? c->board : g->board;
    uint64_t m;
    if ((m = c->out_set & c->capture_set))
        snprintf(why, size, "hole %d both captured and taken out of play",
                 __builtin_ctzll(m));
    else if ((m = c->out_set & kept))
        snprintf(why, size, "seeds out of play from hole %d, which is "
                 "claimed or closed (C1.4, C1.5): release or open it in the "
                 "same answer to take its seeds",
                 __builtin_ctzll(m));
    else
        for (m = c->out_set; m; m &= m - 1) {
            const int h = __builtin_ctzll(m);
            if (c->out[h] > b[h]) {
                snprintf(why, size, "%d seeds out of play from hole %d, "
                         "which holds %d: a change may not make seeds "
                         "(C1.13)",
                         c->out[h], h, b[h]);
                return true;
            }
        }
    return m != 0;
}

int sow_holes_problem(const sow_setup *s, const sow_game *g,
                      const sow_changes *c, char *why, size_t size)
{
    const uint64_t all = s->holes < 64 ? ((uint64_t)1 << s->holes) - 1
                                       : ~(uint64_t)0;
    const uint64_t any = c->capture_set | c->close_set | c->open_set |
                         c->out_set;
    const uint64_t claimed =
        (g->claims[0] | g->claims[1]) & ~c->release_set;
    const uint64_t closed = g->blocked & ~c->open_set;
    uint64_t m;
    if (any & ~all)
        snprintf(why, size, "hole %d, past %d, the last hole",
                 __builtin_ctzll(any & ~all), s->holes - 1);
    else if (c->out_set && out_problem(c, g, claimed | closed, why, size))
        ; /* C1.13 */
    else if ((c->close_set | c->open_set) && !s->closes)
        snprintf(why, size, "a closing or opening of hole %d, but the "
                 "variant has no closed holes (C1.5): add closes: true "
                 "under board:",
                 __builtin_ctzll(c->close_set | c->open_set));
    else if ((m = c->capture_set & claimed))
        snprintf(why, size, "a capture of hole %d, which is claimed (C1.4): "
                 "release it in the same answer to take its seeds",
                 __builtin_ctzll(m));
    else if ((m = c->capture_set & closed))
        snprintf(why, size, "a capture of hole %d, which is closed (C1.5): "
                 "open it in the same answer to take its seeds",
                 __builtin_ctzll(m));
    else if ((m = c->open_set & ~g->blocked))
        snprintf(why, size, "an opening of hole %d, which is not closed "
                 "(C1.5)", __builtin_ctzll(m));
    else if ((m = c->close_set & closed))
        snprintf(why, size, "a closing of hole %d, which is closed already "
                 "(C1.5)", __builtin_ctzll(m));
    else if ((m = c->close_set & c->open_set))
        snprintf(why, size, "hole %d both opened and closed",
                 __builtin_ctzll(m));
    else
        return 0;
    return 1;
}

/* An event for obs, if any. */
static void tell(const sow_observer *obs, sow_event_kind k, int p, int h,
                 int count, int extra)
{
    if (obs && obs->on_event) {
        sow_event ev = {k, p, h, count, extra, 0};
        obs->on_event(obs->ctx, &ev);
    }
}

void sow_lap_changes(const sow_lap_decision *d, sow_changes *ch)
{
    memset(ch, 0, sizeof *ch);
    ch->to_move = ch->phase = -1;
    ch->open_set = d->open_set;
    ch->close_set = d->close_set;
    ch->capture_set = d->take_set;
    for (uint64_t m = d->take_set; m; m &= m - 1)
        ch->capture_to[__builtin_ctzll(m)] =
            (uint8_t)((d->take_north >> __builtin_ctzll(m)) & 1);
    ch->out_set = d->out_set;
    for (uint64_t m = d->out_set; m; m &= m - 1)
        ch->out[__builtin_ctzll(m)] = d->out[__builtin_ctzll(m)];
}

int sow_apply_changes(const sow_setup *s, sow_game *g, const sow_changes *c,
                      sow_error *err)
{
    return sow_apply_changes_seen(s, g, c, NULL, err);
}

int sow_apply_changes_seen(const sow_setup *s, sow_game *g,
                           const sow_changes *c, const sow_observer *obs,
                           sow_error *err)
{
    const char *path = s->v->path;
    for (int h = 0; h < SOW_MAX_HOLES; h++)
        if ((c->owner_set >> h) & 1) {
            if (h >= s->holes)
                return sow_error_set(err, path, 0, 0,
                                     "the script gave an owner to hole %d, "
                                     "which does not exist",
                                     h);
            if (c->owner[h] > 1)
                return sow_error_set(err, path, 0, 0,
                                     "the script gave hole %d the owner %d; "
                                     "owners are 0 and 1",
                                     h, c->owner[h]);
        }
    if (c->to_move < -1 || c->to_move > 1)
        return sow_error_set(err, path, 0, 0,
                             "the script set to_move %d; players are 0 and 1",
                             c->to_move);
    if (c->phase < -1 || c->phase > 255)
        return sow_error_set(err, path, 0, 0,
                             "the script set phase %d; phases are 0 to 255",
                             c->phase);
    if (c->has_board) {
        long sum = sow_board_seeds(s, c->board);
        if (sum != g->on_board)
            return sow_error_set(err, path, 0, 0,
                                 "the script's board holds %ld seeds, but "
                                 "%d are on the board: a move may not make "
                                 "or lose seeds",
                                 sum, g->on_board);
    }
    /* C1.4: without claimed holes in the setup a claim would be kept in
     * g->claims but ignored by the quick paths (board.claims) */
    if (c->claim_set && !s->claims)
        return sow_error_set(err, path, 0, 0,
                             "the script claimed hole %d, but the variant "
                             "has no claimed holes (C1.4): add claims: true "
                             "under board:",
                             __builtin_ctzll(c->claim_set));
    for (int h = 0; h < SOW_MAX_HOLES; h++)
        if ((c->claim_set >> h) & 1 && (h >= s->holes || c->claim[h] > 1))
            return sow_error_set(err, path, 0, 0,
                                 "the script claimed hole %d for player %d; "
                                 "holes are 0 to %d, players 0 and 1",
                                 h, c->claim[h], s->holes - 1);
    char why[160];
    if (s->holes < 64 && (c->release_set >> s->holes))
        return sow_error_set(err, path, 0, 0,
                             "the script released a hole past %d, the last "
                             "hole",
                             s->holes - 1);
    if (c->release_set && !s->claims)
        return sow_error_set(err, path, 0, 0,
                             "the script released hole %d, but the variant "
                             "has no claimed holes (C1.4)",
                             __builtin_ctzll(c->release_set));
    if (sow_claims_problem(g, c->claim_set, c->release_set, 0, why,
                           sizeof why))
        return sow_error_set(err, path, 0, 0, "the script returned %s", why);
    if (c->state_set >> s->v->nstate)
        return sow_error_set(err, path, 0, 0,
                             "the script set a state value the variant does "
                             "not declare under state:");
    if (sow_holes_problem(s, g, c, why, sizeof why))
        return sow_error_set(err, path, 0, 0, "the script returned %s", why);
    if (c->has_board)
        memcpy(g->board, c->board, (size_t)s->holes * sizeof *g->board);
    for (int h = 0; h < s->holes; h++)
        if ((c->owner_set >> h) & 1)
            sow_game_set_owner(g, h, c->owner[h]);
    g->claims[0] &= ~c->release_set; /* C1.4: released, then claimed */
    g->claims[1] &= ~c->release_set;
    g->blocked &= ~c->open_set; /* C1.5: opened, captured, closed */
    for (uint64_t m = c->open_set; m; m &= m - 1)
        tell(obs, SOW_EV_CLOSE, g->to_move, __builtin_ctzll(m),
             g->board[__builtin_ctzll(m)], SOW_OPENED_BY_SCRIPT);
    for (uint64_t m = c->capture_set; m; m &= m - 1) {
        const int h = __builtin_ctzll(m);
        tell(obs, SOW_EV_CAPTURE, c->capture_to[h], h, g->board[h],
             SOW_TAKEN_BY_SCRIPT);
        g->captured[c->capture_to[h]] += g->board[h];
        g->on_board -= g->board[h];
        g->board[h] = 0;
    }
    for (uint64_t m = c->out_set; m; m &= m - 1) {
        /* C1.13: to the captured of the player whose move removed them */
        const int h = __builtin_ctzll(m);
        tell(obs, SOW_EV_OUT, g->to_move, h, c->out[h], SOW_OUT_BY_CHANGE);
        g->board[h] = (uint16_t)(g->board[h] - c->out[h]);
        g->captured[g->to_move] += c->out[h];
        g->on_board -= c->out[h];
    }
    g->blocked |= c->close_set;
    for (uint64_t m = c->close_set; m; m &= m - 1)
        tell(obs, SOW_EV_CLOSE, g->to_move, __builtin_ctzll(m),
             g->board[__builtin_ctzll(m)], SOW_CLOSED_BY_SCRIPT);
    for (int h = 0; h < s->holes; h++)
        if ((c->claim_set >> h) & 1) /* C1.4: a claim a script makes */
            g->claims[c->claim[h]] |= (uint64_t)1 << h;
    if (c->to_move >= 0)
        g->to_move = (uint8_t)c->to_move;
    if (c->phase >= 0)
        g->phase = (uint8_t)c->phase;
    for (int i = 0; i < s->v->nstate; i++)
        if ((c->state_set >> i) & 1)
            g->state[i] = c->state[i];
    return SOW_OK;
}
