/* sow_ends_turns.c - the legal turns of several decisions and their
 * tokens (issue 25; CATALOGUE-ROWS C2.3, BK.5, BK.8, BK.L2, BK.L7). The
 * sowing of such a turn is sow_ends.c's. */
#include "sow_game.h"
#include "sow_layout.h"
#include "sow_move.h"
#include "sow_rng.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool house_on(const sow_setup *s, const sow_game *g, int p)
{
    return s->house[p] != SOW_POS_NONE && !((g->house_off >> p) & 1);
}

/* The first decisions of the turn codes (sow_game.h, SOW_MOVE_TURN). */
static int place_first(int h, int kind)
{
    return 64 + 4 * h + kind;
}

/* "+h/ccw" and "+h/cw", each where it may be sown (BA.2, BA.L4: the
 * hole with its new seed) */
static int place_both(const sow_setup *s, const sow_game *g, int p, int h,
                      uint16_t *f, int n)
{
    sow_game copy;
    memcpy(&copy, g, offsetof(sow_game, nlegal));
    copy.board[h]++;
    for (int d = 0; d < 2; d++)
        if (sow_ends_back_ok(s, &copy, p, h, d))
            f[n++] = (uint16_t)place_first(h, 1 + d);
    return n;
}

/* BK.5 (sources) or BK.L2 (Ludii): where the seed from the hand may go
 * (the placing phase). */
static int hand_firsts(const sow_setup *s, const sow_game *g, int p,
                       bool ludii, uint16_t *f)
{
    const uint64_t inner = g->owns[p] & s->inner;
    const bool on = house_on(s, g, p);
    const bool any = ludii && !s->ends_place_occupied; /* BA.L3 */
    int n = 0;
    bool two = false;
    for (uint64_t m = inner; m; m &= m - 1) {
        int h = __builtin_ctzll(m);
        two |= g->board[h] >= 2;
        /* BK.5(a): an occupied hole facing seeds; BK.L2(a): any */
        if (g->board[s->facing[h]] && (any || g->board[h]))
            f[n++] = (uint16_t)place_first(h, SOW_PLACE_ONLY);
    }
    if (n)
        return n;
    for (uint64_t m = inner; m; m &= m - 1) { /* BK.5(b), BK.L2(b) */
        int h = __builtin_ctzll(m);
        if (!g->board[h] || (on && h == s->house[p]))
            continue;
        if (!ludii && (!on || s->ends_single_always) && two &&
            g->board[h] == 1)
            continue; /* BK.5, BA.1: a single only where no hole holds
                         two (BA.1: ever, the working house counted) */
        n = place_both(s, g, p, h, f, n);
    }
    if (n || !on)
        return n;
    if (g->board[s->house[p]]) /* BK.5(c), BK.L2(c) */
        n = place_both(s, g, p, s->house[p], f, n);
    if (any && s->house[1 - p] != SOW_POS_NONE && g->board[s->house[1 - p]])
        f[n++] = (uint16_t)place_first(s->house[1 - p], SOW_PLACE_ONLY);
    return n;
}

/* Whether the first lap of h in direction d captures: BK.L7's landing
 * hole with seeds across it, or BK.4's capture test (sources). */
static bool first_captures(const sow_setup *s, const sow_game *g, int p,
                           int h, int d, bool ludii)
{
    const uint8_t *nx = s->tracks[p][d];
    int c = g->board[h], e = h;
    if (ludii) { /* BK.L7: counted along the circuit, wrapping round */
        const int k = s->track_at[p][d][h], len = s->track_len[p];
        if (k != SOW_POS_NONE) /* (a hole of the track: at once) */
            e = s->track_run[p][d][k + c % len];
        else
            for (int i = 0; i < c; i++)
                e = nx[e];
        int x = p == 0 ? e + s->n : e - s->n; /* eight numbers across */
        return x >= 0 && x < s->holes && g->board[x];
    }
    uint16_t b[SOW_MAX_HOLES];
    memcpy(b, g->board, sizeof b);
    b[h] = 0;
    for (int i = 0; i < c; i++) {
        e = nx[e];
        b[e]++;
    }
    return ((s->inner >> e) & 1) && g->owner[e] == p && b[e] >= 2 &&
           b[s->facing[e]];
}

/* Whether player p may start a turn from the board at h in direction d
 * (its count c): BK.8, BA.3: from start_seeds' counts; BA.2: under the
 * sources a start is a lap like the others (BA.L4: under Ludii's it is
 * not); BA.L2: Ludii's empty holes. */
static bool may_start(const sow_setup *s, const sow_game *g, int p, int h,
                      int d, bool ludii)
{
    const int c = g->board[h];
    if (ludii)
        return c || s->ends_from_empty;
    return c >= s->ends_start_min && c <= s->ends_start_max &&
           sow_ends_back_ok(s, g, p, h, d);
}

/* The first decisions from the board of player p: the capturing ones
 * into f (returned, their count), the others into all (*k). */
static int board_firsts(const sow_setup *s, const sow_game *g, int p,
                        bool ludii, uint16_t *f, uint16_t *all, int *k)
{
    int n = 0;
    const bool on = house_on(s, g, p);
    for (uint64_t m = g->owns[p]; m; m &= m - 1) {
        int h = __builtin_ctzll(m);
        /* BA.L2: an empty hole is one turn, its bare token */
        for (int d = 0; h < 32 && d < (g->board[h] ? 2 : 1); d++) {
            if (!may_start(s, g, p, h, d, ludii))
                continue;
            if (first_captures(s, g, p, h, d, ludii))
                f[n++] = (uint16_t)(2 * h + d);
            /* without a capture the house starts no turn while it is
             * functional (BK.8; once it is not, an ordinary hole, BK.9),
             * under Ludii's reading once it is not (BK.L7) */
            else if (h != s->house[p] || (ludii ? on : !on))
                all[(*k)++] = (uint16_t)(2 * h + d);
        }
    }
    return n;
}

/* BA.5, P65: the inner holes of p that the opponent x, to move on g,
 * would take with the first capture of a capturing turn. */
static uint64_t threatened(const sow_setup *s, const sow_game *g, int p)
{
    uint16_t f[4 * SOW_MAX_HOLES], all[2 * SOW_MAX_HOLES];
    int k = 0, x = 1 - p;
    int n = board_firsts(s, g, x, false, f, all, &k);
    uint64_t t = 0;
    for (int i = 0; i < n; i++) {
        const uint8_t *nx = s->tracks[x][f[i] & 1];
        int e = f[i] >> 1;
        for (int c = g->board[e]; c > 0; c--)
            e = nx[e];
        t |= (uint64_t)1 << s->facing[e];
    }
    return t;
}

/* The holes of a quiet turn, one without a capture (BA.3, BA.5): none
 * from a hole the opponent's quiet turn left threatened, unless it is
 * the house, the only
 * occupied inner hole or the only inner hole of more than one seed; then
 * from the inner row where it may start. Returns the count kept. */
static int quiet_firsts(const sow_setup *s, const sow_game *g, int p,
                        uint16_t *all, int k)
{
    uint64_t t = 0;
    if (s->ends_keep_threatened && g->quiet_by == 2 - p) {
        uint64_t occupied = 0, many = 0;
        for (uint64_t m = g->owns[p] & s->inner; m; m &= m - 1) {
            int h = __builtin_ctzll(m);
            occupied |= g->board[h] > 0 ? m & -m : 0;
            many |= g->board[h] > 1 ? m & -m : 0;
        }
        t = threatened(s, g, p);
        if (s->house[p] != SOW_POS_NONE)
            t &= ~((uint64_t)1 << s->house[p]);
        if (!(occupied & (occupied - 1))) /* the only occupied hole */
            t &= ~occupied;
        if (!(many & (many - 1))) /* the only one of more than one */
            t &= ~many;
    }
    int n = 0;
    bool inner = false;
    for (int i = 0; i < k; i++) {
        int h = all[i] >> 1;
        if (!((t >> h) & 1)) {
            all[n++] = all[i];
            inner |= (s->inner >> h) & 1;
        }
    }
    if (!s->ends_quiet_inner || !inner)
        return n;
    int m = 0;
    for (int i = 0; i < n; i++)
        if ((s->inner >> (all[i] >> 1)) & 1)
            all[m++] = all[i];
    return m;
}

/* BK.8 (sources) or BK.L7 (Ludii): the holes and directions of a turn
 * that lifts a hole (the turns from the board). */
static int lift_firsts(const sow_setup *s, const sow_game *g, int p,
                       bool ludii, uint16_t *f)
{
    uint16_t all[2 * SOW_MAX_HOLES];
    int k = 0;
    int n = board_firsts(s, g, p, ludii, f, all, &k);
    if (n)
        return n;
    if (!ludii)
        k = quiet_firsts(s, g, p, all, k);
    memcpy(f, all, (size_t)k * sizeof *f);
    return k;
}

static int too_many(const sow_setup *s, const sow_game *g, sow_error *err)
{
    return sow_error_set(err, s->v->path, 0, 0,
                         "ply %d: more than %d legal turns with their "
                         "choices; this machine lists at most %d",
                         g->ply, SOW_MAX_LEGAL, SOW_MAX_LEGAL);
}

/* Every leaf of the tree of choices of the turn that starts with
 * `first`, appended to out from n (C2.3: each a whole turn). */
static inline __attribute__((always_inline)) int
leaves(const sow_setup *s, const sow_game *g, int p, int first,
       uint16_t *out, int n, sow_error *err)
{
    sow_game copy;
    memcpy(&copy, g, offsetof(sow_game, nlegal));
    copy.to_move = (uint8_t)p;
    int hole = sow_move_aim(&copy, sow_turn_start(sow_turn(first, 0)));
    copy.turn_bits = 0;
    copy.turn_len = 0;
    sow_turn_leaves lv = {out, n, first, false};
    sow_ends_leaves(s, &copy, hole, &lv);
    return lv.full ? too_many(s, g, err) : lv.n;
}

/* A legal leaf of the turn that starts with `first` into *out, for a
 * search's horizon, which reads only whether there is one: the leaf
 * whose every choice is answered 0, sown once with no copy of the turn,
 * where it is legal (sow_ends_leaf_ok); else the first of the whole
 * tree's leaves. Returns 1, 0 where the tree has none, or -1. */
static int first_leaf(const sow_setup *s, const sow_game *g, int p,
                      int first, uint16_t *out, sow_error *err)
{
    sow_game copy;
    memcpy(&copy, g, offsetof(sow_game, nlegal));
    copy.to_move = (uint8_t)p;
    const sow_move m = sow_turn(first, 0);
    int hole = sow_move_aim(&copy, m);
    bool endless = false;
    sow_error ignored; /* (a relay past the lap cap is a leaf as listed) */
    sow_ends_sow(s, NULL, &copy, hole, &endless, &ignored);
    if (sow_ends_leaf_ok(s, &copy, endless)) {
        *out = (uint16_t)m;
        return 1;
    }
    uint16_t all[SOW_MAX_LEGAL]; /* (rare: the whole tree) */
    int n = leaves(s, g, p, first, all, 0, err);
    if (n > 0)
        *out = all[0];
    return n < 0 ? -1 : n > 0;
}

int sow_ends_legal(const sow_setup *s, const sow_game *g, int player,
                   bool one, uint16_t *out, sow_error *err)
{
    const bool ludii = s->ends_turns == SOW_ENDS_LUDII;
    uint16_t f[4 * SOW_MAX_HOLES];
    int nf = g->hand[player] > 0 ? hand_firsts(s, g, player, ludii, f)
                                 : lift_firsts(s, g, player, ludii, f);
    int n = 0;
    if (one) {
        for (int i = 0; i < nf; i++) {
            int k = f[i] < 64 && !g->board[f[i] >> 1]
                        ? (out[0] = (uint16_t)(f[i] >> 1), 1) /* BA.L2 */
                        : first_leaf(s, g, player, f[i], out, err);
            if (k)
                return k;
        }
        return 0;
    }
    for (int i = 0; i < nf; i++) {
        if (f[i] < 64 && !g->board[f[i] >> 1]) { /* BA.L2: "h", sows nothing */
            if (n == SOW_MAX_LEGAL)
                return too_many(s, g, err);
            out[n++] = (uint16_t)(f[i] >> 1);
        } else if ((n = leaves(s, g, player, f[i], out, n, err)) < 0)
            return -1;
    }
    for (int i = 1; i < n; i++) { /* ascending (few, mostly in order) */
        uint16_t m = out[i];
        int j = i;
        for (; j > 0 && out[j - 1] > m; j--)
            out[j] = out[j - 1];
        out[j] = m;
    }
    return n;
}

int sow_turn_random(const sow_setup *s, const sow_game *g, sow_rng *rng,
                    sow_move *m, sow_error *err)
{
    const int p = g->to_move;
    const bool ludii = s->ends_turns == SOW_ENDS_LUDII;
    uint16_t f[4 * SOW_MAX_HOLES];
    const int nf = g->hand[p] > 0 ? hand_firsts(s, g, p, ludii, f)
                                  : lift_firsts(s, g, p, ludii, f);
    /* (a first decision all of whose leaves are illegal is rare: a few
     * draws find a legal leaf, or the whole list is made) */
    for (int tries = 0; nf > 0 && tries < 16; tries++) {
        const int i = sow_rng_below(rng, nf);
        if (f[i] < 64 && !g->board[f[i] >> 1]) { /* BA.L2: "h" */
            *m = f[i] >> 1;
            return 1;
        }
        const unsigned bits = (unsigned)(sow_rng_next(rng) & 255);
        sow_game copy;
        memcpy(&copy, g, offsetof(sow_game, nlegal));
        int hole = sow_move_aim(&copy, sow_turn(f[i], (int)bits));
        bool endless = false;
        sow_error ignored; /* (a relay past the lap cap: as listed) */
        sow_ends_sow(s, NULL, &copy, hole, &endless, &ignored);
        if (sow_ends_leaf_ok(s, &copy, endless)) {
            /* the answers of the choices the turn met, as its token */
            *m = sow_turn(f[i], (int)(bits & ((1u << copy.turn_parts) - 1)));
            return 1;
        }
    }
    uint16_t all[SOW_MAX_LEGAL];
    int n = sow_ends_legal(s, g, p, false, all, err);
    if (n > 0)
        *m = all[sow_rng_below(rng, n)];
    return n < 0 ? -1 : n > 0;
}

/* The parts of a turn, as its sowing tells them (C2.3). */
typedef struct parts {
    char *buf;
    size_t size, len;
} parts;

static void on_part(void *ctx, const sow_event *ev)
{
    parts *pt = ctx;
    if (pt->len >= pt->size)
        return;
    int w = 0;
    if (ev->kind == SOW_EV_END_SOW)
        w = snprintf(pt->buf + pt->len, pt->size - pt->len, ",k%d", ev->hole);
    else if (ev->kind == SOW_EV_HOUSE)
        w = snprintf(pt->buf + pt->len, pt->size - pt->len, ",%s",
                     ev->extra ? "go" : "stop");
    if (w > 0)
        pt->len += (size_t)w;
}

int sow_turn_format(char *buf, size_t size, const sow_setup *s,
                    const sow_game *g, sow_move m)
{
    if (m == SOW_MOVE_LAYOUT && g) /* MW.2: the mover's holes and hand */
        return sow_layout_pattern(buf, size, s, g);
    if (!sow_move_is_turn(m) || !s->ends_turns || !g)
        return sow_move_format(buf, size, s, m); /* (no game: its bits) */
    int w = sow_move_format(buf, size, s, sow_turn_start(m));
    if (w < 0 || (size_t)w >= size)
        return w;
    sow_game copy;
    memcpy(&copy, g, offsetof(sow_game, nlegal));
    int hole = sow_move_aim(&copy, m);
    parts pt = {buf, size, (size_t)w};
    sow_observer obs = {&pt, on_part, false};
    bool endless = false;
    sow_ends_sow(s, &obs, &copy, hole, &endless, NULL);
    return (int)pt.len;
}

sow_move sow_turn_parse(const sow_setup *s, const sow_game *g,
                        const char *token)
{
    char t[128];
    for (int i = 0; i < g->nlegal; i++) {
        sow_turn_format(t, sizeof t, s, g, g->legal[i]);
        if (strcmp(t, token) == 0)
            return g->legal[i];
    }
    return -1;
}
