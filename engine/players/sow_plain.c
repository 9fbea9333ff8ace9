/* sow_plain.c - a move of the plain data rules for the solvers (see
 * sow_plain.h). The engine's move (sow_engine_play_at) is general: its
 * sowing machine tests, seed by seed and lap by lap, for the rules any
 * variant may have, and was half the instructions of a solved position
 * (docs/solving.md, "The cost of a position"). This copy makes the moves
 * of one class of data rules only, proved of the setup once, and leaves
 * everything else, and every end of a game, to the engine. */
#include "sow_plain.h"

#include <limits.h>
#include <string.h>

/* Whether hole rule r (in force, index i) is one the class reads: a count,
 * an owner and the facing hole's seeds as its conditions, a capture of
 * the hole, the facing hole or both (KA.4) as its action. */
static bool rule_in_class(const sow_setup *s, const sow_lap_rule *r, int i)
{
    if (r->has_next || r->min_ply || r->on_claimed || r->then_extra ||
        r->series || r->then_relay || r->take || r->pick_extra > 0 ||
        r->row || r->across || r->resow || r->take_last || r->then_next ||
        r->extra_choice || r->even || r->position || r->in_store ||
        r->opposite == 4) /* (opposite: same, issue 24: the engine's) */
        return false;
    if (s->rule_action[i] != r->action)
        return false; /* a combined action (sow_setup_rules.c) */
    return r->action == SOW_LAP_STOP || r->action == SOW_LAP_CAPTURE ||
           r->action == SOW_LAP_CAPTURE_OPPOSITE ||
           r->action == SOW_LAP_CAPTURE_PAIR;
}

/* Whether each player's track (issue 24) leads from every hole and from
 * that player's store to a hole or that store: the plain move follows it
 * with no other test. */
static bool tracks_closed(const sow_setup *s)
{
    for (int p = 0; p < 2; p++) {
        const uint8_t *tr = s->tracks[p][s->dir];
        for (int x = 0; x <= s->holes; x++) {
            const int from = x < s->holes ? x : SOW_POS_STORE + p;
            const int to = tr[from];
            if (to >= s->holes && to != SOW_POS_STORE + p)
                return false;
        }
    }
    return true;
}

/* The first rule of the setup outside the class, as a phrase; NULL when
 * all are within it. Each test names a field of sow_setup that changes
 * the sowing, the legal moves or the turn beyond what sow_plain_play_at
 * does. */
static const char *outside(const sow_setup *s)
{
    const sow_variant *v = s->v;
    if (v->script || v->nstate || v->nphases || v->ndecisions)
        return "a script, phases or decisions";
    if (s->rows != 2 || !s->stores || s->track != SOW_TRACK_OWN ||
        !tracks_closed(s))
        return "not two rows with the mover's store on the track (C1.2)";
    if (s->plain_turns || s->relay || s->leave || s->min_seeds < 1 ||
        s->skip_origin || s->origin_first || s->first_to_store ||
        s->first_plain || s->relay_next)
        return "laps other than single laps of the whole hole";
    if (s->passing || s->no_moves_either || s->repetition ||
        s->no_capture_plies || s->seeds_at_most >= 0 || s->unreachable ||
        s->row_empty_end || s->cleared_each_lap)
        return "end or turn rules left to the engine";
    if (s->dir_rule != SOW_DIR_FIXED || s->odd_turns || s->hand ||
        s->cw_limited || v->bearoff || s->ends_turns)
        return "directions, seeds in hand, bear-off or turns of choices";
    if (s->claims || s->claim_rules || s->claim_to_store || s->closes ||
        s->look_blocked || !s->plain_holes || s->no_sides || s->choices ||
        s->claimed_only || s->mark_moved || s->after_laps)
        return "claimed, closed or shared holes";
    if (s->filters || s->filter_hook || s->move_hooks || s->drop_hook ||
        s->match || s->rounds || s->force_general)
        return "filters, hooks or a match";
    if (s->fam_route != SOW_ROUTE_LAPS || s->pass_on || s->sow_capture ||
        s->last_seeds || s->count_last || s->skip_count || s->first_keep ||
        s->pick_extra || s->reach_max)
        return "captures or passes while sowing";
    for (uint32_t on = s->hole_rules_on; on; on &= on - 1) {
        int i = __builtin_ctz(on);
        if (!rule_in_class(s, &v->lap_rules[i], i))
            return "a lap-end rule beyond count, owner and opposite";
    }
    return NULL;
}

void sow_plain_init(sow_plain *p, const sow_setup *s, const char **why)
{
    memset(p, 0, sizeof *p);
    p->s = s;
    const char *no = outside(s);
    if (why)
        *why = no;
    if (no)
        return;
    const sow_variant *v = s->v;
    /* C1.3: the first rule in force for the mover's store
     * (sow_setup_rules.c) */
    p->store_extra = s->store_rule[0] >= 0 &&
                     v->lap_rules[s->store_rule[0]].action ==
                         SOW_LAP_EXTRA_TURN;
    /* C1.7: from a store of the threshold on, the engine decides (the
     * threshold ends the game above it, or at it in both stores) */
    p->threshold = s->threshold >= 0 ? s->threshold : INT_MAX;
    p->late_ply = s->late_ply;
    for (uint32_t on = s->hole_rules_on; on; on &= on - 1) {
        const sow_lap_rule *r = &v->lap_rules[__builtin_ctz(on)];
        sow_plain_rule *q = &p->rules[p->nrules++];
        q->counts = r->counts;
        q->counts_high = r->counts_high;
        q->owner = (uint8_t)r->owner;
        q->opposite = r->opposite;
        q->opposite_count = r->opposite_count;
        q->action = (uint8_t)r->action;
    }
    p->ok = true;
}

/* The action of the first rule that holds for a lap ending in hole h with
 * c seeds (sow_laps_int.h, rule_that_holds: the rules in order), or
 * SOW_LAP_STOP. */
static inline __attribute__((always_inline)) int
lap_end_action(const sow_plain *p, const sow_game *g, int h, int c)
{
    const sow_setup *s = p->s;
    const int mine = g->owner[h] == g->to_move;
    for (int k = 0; k < p->nrules; k++) {
        const sow_plain_rule *r = &p->rules[k];
        if (!(c < 63 ? (r->counts >> c) & 1 : r->counts_high))
            continue;
        if ((r->owner == SOW_OWNER_OWN && !mine) ||
            (r->owner == SOW_OWNER_OPPONENT && mine))
            continue;
        const int o = g->board[s->facing[h]];
        if (r->opposite == 3 ? o != r->opposite_count
            : r->opposite   ? (o != 0) != (r->opposite == 1)
                            : false)
            continue;
        return r->action;
    }
    return SOW_LAP_STOP;
}

/* The Zobrist words of hole h holding n seeds (sow_plain_zob). */
#define ZW(zt, h, n) ((zt)->z + (size_t)(h) * (zt)->stride + 2 * (size_t)(n))

/* The seeds of h to the mover's store (nothing from an empty hole); with
 * a table, zk[] updated from h's count to 0. */
static inline __attribute__((always_inline)) void
take(sow_game *g, int h, const sow_plain_zob *zt, uint64_t *zk)
{
    int c = g->board[h];
    if (zt) {
        zk[0] ^= ZW(zt, h, c)[0] ^ ZW(zt, h, 0)[0];
        zk[1] ^= ZW(zt, h, c)[1] ^ ZW(zt, h, 0)[1];
    }
    g->board[h] = 0;
    g->captured[g->to_move] += c;
    g->on_board -= c;
}

/* The move of sow_plain_play_at, and with a table (zt not NULL) the
 * Zobrist words zk[] kept by XORs as it goes; inlined into both entries,
 * so the move without a table carries none of it. */
static inline __attribute__((always_inline)) int
play(const sow_plain *p, sow_game *c, int i, const sow_plain_zob *zt,
     uint64_t *zk)
{
    const sow_setup *s = p->s;
    const int hole = c->legal[i], mover = c->to_move;
    const int32_t took = c->captured[0] + c->captured[1];
    uint64_t ka = 0, kb = 0; /* the change of zk[] */
    /* sow_family: the move's flags and lift (QL.6), then one lap along
     * the mover's track (C1.2, KA.2) */
    c->move_flags = 0;
    c->last_lifted = (int16_t)c->board[hole];
    c->move_dir = (uint8_t)s->dir;
    const uint8_t *track = s->tracks[mover][s->dir];
    int seeds = c->board[hole], h = hole, in_store = 0;
    if (zt) {
        ka = ZW(zt, hole, seeds)[0] ^ ZW(zt, hole, 0)[0];
        kb = ZW(zt, hole, seeds)[1] ^ ZW(zt, hole, 0)[1];
    }
    c->board[hole] = 0;
    while (seeds > 0) {
        h = track[h];
        seeds--;
        if (h >= SOW_POS_STORE) { /* the mover's: the only one on it */
            c->captured[mover]++;
            c->on_board--;
            in_store = seeds == 0;
        } else {
            const int n = c->board[h];
            if (zt) {
                const uint64_t *st = zt->step + (size_t)h * zt->stride;
                ka ^= st[2 * n];
                kb ^= st[2 * n + 1];
            }
            c->board[h] = (uint16_t)(n + 1);
        }
    }
    uint64_t kt[2] = {ka, kb};
    if (in_store) {
        if (p->store_extra) /* C1.3 */
            c->move_flags |= SOW_MOVED_EXTRA_TURN;
    } else {
        switch (lap_end_action(p, c, h, c->board[h])) {
        case SOW_LAP_CAPTURE:
            take(c, h, zt, kt);
            break;
        case SOW_LAP_CAPTURE_OPPOSITE:
            take(c, s->facing[h], zt, kt);
            break;
        case SOW_LAP_CAPTURE_PAIR: /* KA.4: the facing hole, then h */
            take(c, s->facing[h], zt, kt);
            take(c, h, zt, kt);
            break;
        default:
            break;
        }
    }
    /* play_sowing's bookkeeping */
    c->last_endless = false;
    c->ply++;
    c->last_move_hole = (int8_t)hole;
    c->last_mover = (int8_t)mover;
    c->since_capture =
        c->captured[0] + c->captured[1] != took ? 0 : c->since_capture + 1;
    if (c->captured[0] >= p->threshold || c->captured[1] >= p->threshold ||
        c->ply >= p->late_ply)
        return 1; /* C1.7, P3: the engine's end rules */
    /* settle: the next player's holes holding min_seeds (sow_legal.c) */
    const int next =
        c->move_flags & SOW_MOVED_EXTRA_TURN ? mover : 1 - mover;
    int n = 0;
    for (uint64_t m = c->owns[next]; m; m &= m - 1) {
        int x = __builtin_ctzll(m);
        if (c->board[x] >= s->min_seeds)
            c->legal[n++] = (uint16_t)x;
    }
    if (n == 0)
        return 1; /* P4 (a), KA.5: the game ends, by the engine */
    if (zt) {
        if (next != mover) {
            kt[0] ^= zt->mover[0];
            kt[1] ^= zt->mover[1];
        }
        zk[0] ^= kt[0];
        zk[1] ^= kt[1];
    }
    c->to_move = (uint8_t)next;
    c->nlegal = n;
    c->endless_mask = 0;
    return 0;
}

int sow_plain_play_at(const sow_plain *p, sow_game *c, int i)
{
    return play(p, c, i, NULL, NULL);
}

int sow_plain_play_keyed(const sow_plain *p, sow_game *c, int i,
                         const sow_plain_zob *zt, uint64_t zk[2])
{
    return play(p, c, i, zt, zk);
}
