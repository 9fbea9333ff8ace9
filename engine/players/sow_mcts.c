/* sow_mcts.c - the mcts player: Monte Carlo tree search with UCT.
 *
 * Each iteration goes down the tree from the game's position, choosing at
 * each node a child not yet tried (children are made in a random order
 * when a node is first expanded) or the one with the best UCB1 value
 * wins/visits + c * sqrt(ln(parent visits) / visits); it expands the node
 * it reaches, plays one new move, then uniformly random moves until the
 * game ends or `playout` plies were played, and adds the result to every
 * node on the way: 1 for the winner, 0 for the loser, 1/2 each for a draw
 * or unfinished game, or, when the playout was cut short, by the sign of
 * the evaluation. Each node keeps the result for the player who made its
 * move, so passes and repeated turns need nothing special. The move
 * chosen is the root's most visited child (ties: the better mean).
 *
 * Moves are played with sow_engine_play on a copy of the game; the
 * positions each iteration adds to the engine's history are popped at its
 * end, and from the first decision or scripted move on (after which the
 * engine would reset the history) the iteration plays against a scratch
 * history instead. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sow_egdb.h"
#include "sow_search.h"

#define MAX_NODES (1 << 23) /* beyond, iterations stop expanding */

typedef struct mnode {
    int32_t first;   /* first child, -1 before expansion */
    uint16_t nchild;
    uint16_t move;   /* the move that led here */
    uint8_t mover;   /* the player who made it */
    uint32_t visits;
    double wins;     /* results for `mover` */
} mnode;

struct sow_mcts {
    sow_player_spec sp;
    const sow_setup *s;
    mnode *node;
    int32_t n, cap;
    sow_scratch scratch;
    const sow_egdb *db;  /* an endgame database, or NULL */
};

void sow_mcts_set_egdb(sow_mcts *m, const sow_egdb *db) { m->db = db; }

sow_mcts *sow_mcts_new(const sow_player_spec *sp, const sow_setup *s,
                       sow_error *err)
{
    sow_mcts *m = calloc(1, sizeof *m);
    if (!m) {
        sow_error_set(err, NULL, 0, 0, "out of memory");
        return NULL;
    }
    m->sp = *sp;
    m->s = s;
    m->scratch.s = s;
    return m;
}

void sow_mcts_free(sow_mcts *m)
{
    if (!m)
        return;
    sow_scratch_free(&m->scratch);
    free(m->node);
    free(m);
}

/* Room for k more nodes; false when out of memory or at the cap. */
static bool reserve(sow_mcts *m, int k)
{
    if (m->n + k <= m->cap)
        return true;
    if (m->n + k > MAX_NODES)
        return false;
    int32_t nc = m->cap ? m->cap : 4096;
    while (nc < m->n + k)
        nc *= 2;
    mnode *p = realloc(m->node, (size_t)nc * sizeof *p);
    if (!p)
        return false;
    m->node = p;
    m->cap = nc;
    return true;
}

/* One line of play: the engine it uses, switched to a scratch history at
 * the first move that may reset the history. */
typedef struct line {
    sow_mcts *m;
    sow_engine e;
    bool scratch;
    long long nodes;
} line;

/* Play move mv, or (mv < 0) the legal move number i: a playout's moves
 * are taken from the legal list, which the engine then need not search. */
static int line_play(line *ln, sow_game *g, int mv, int i, sow_error *err)
{
    if (ln->e.hist && !ln->scratch &&
        sow_search_resets_history(ln->m->s, g)) {
        ln->e.hist = sow_scratch_get(&ln->m->scratch, 0);
        ln->scratch = true;
        if (!ln->e.hist)
            return sow_error_set(err, NULL, 0, 0, "out of memory");
    }
    ln->nodes++;
    return mv < 0 ? sow_engine_play_at(&ln->e, g, i, err)
                  : sow_engine_play(&ln->e, g, (sow_move)mv, err);
}

/* Make the children of node i for the moves of g, in a random order. */
static bool expand(sow_mcts *m, int32_t i, const sow_game *g, sow_rng *rng)
{
    int n = g->nlegal;
    if (!reserve(m, n))
        return false;
    uint16_t mv[SOW_MAX_LEGAL];
    memcpy(mv, g->legal, (size_t)n * sizeof *mv);
    for (int k = n - 1; k > 0; k--) {
        int j = sow_rng_below(rng, k + 1);
        uint16_t t = mv[k];
        mv[k] = mv[j];
        mv[j] = t;
    }
    m->node[i].first = m->n;
    m->node[i].nchild = (uint16_t)n;
    for (int k = 0; k < n; k++) {
        mnode *c = &m->node[m->n++];
        c->first = -1;
        c->nchild = 0;
        c->move = mv[k];
        c->mover = g->to_move;
        c->visits = 0;
        c->wins = 0;
    }
    return true;
}

/* The child of node i to go down to. */
static int32_t select_child(const sow_mcts *m, int32_t i)
{
    const mnode *p = &m->node[i];
    double logn = log((double)(p->visits > 0 ? p->visits : 1));
    int32_t best = p->first;
    double bv = -1;
    for (int32_t k = p->first; k < p->first + p->nchild; k++) {
        const mnode *c = &m->node[k];
        if (c->visits == 0)
            return k;
        double v = c->wins / c->visits +
                   m->sp.c * sqrt(logn / (double)c->visits);
        if (v > bv) {
            bv = v;
            best = k;
        }
    }
    return best;
}

int sow_mcts_search(sow_mcts *m, sow_engine *e, const sow_game *g,
                    sow_rng *rng, sow_search_info *info, sow_error *err)
{
    const sow_setup *s = m->s;
    if (g->nlegal == 1) {
        info->move = g->legal[0];
        return SOW_OK;
    }
    m->n = 0;
    if (!reserve(m, 1))
        return sow_error_set(err, NULL, 0, 0, "out of memory");
    mnode *root = &m->node[m->n++];
    memset(root, 0, sizeof *root);
    root->first = -1;
    root->mover = (uint8_t)(1 - g->to_move);
    if (!expand(m, 0, g, rng))
        return sow_error_set(err, NULL, 0, 0, "out of memory");

    sow_history *real = e->hist;
    const int len0 = real ? sow_history_len(real) : 0;
    const double t0 = sow_search_now();
    const double deadline = t0 + (double)m->sp.ms / 1000.0;
    long it = 0;
    long long nodes = 0;
    int32_t path[4096];
    int rc = SOW_OK;
    for (;; it++) {
        if (m->sp.iter && it >= m->sp.iter)
            break;
        if (m->sp.ms && it > 0 && sow_search_now() > deadline)
            break;
        line ln = {m, *e, false, 0};
        ln.e.obs.on_event = NULL;
        if (e->setup->lay_out) /* MW.2: each playout its own layouts */
            ln.e.lay_rng.s = sow_rng_next(rng);
        sow_game c;
        sow_game_dup(&c, g);
        int np = 0;
        path[np++] = 0;
        int32_t i = 0;
        /* down the tree */
        while (!c.over && m->node[i].first >= 0 && np < 4096) {
            i = select_child(m, i);
            path[np++] = i;
            if ((rc = line_play(&ln, &c, m->node[i].move, 0, err)))
                break;
            if (m->node[i].visits == 0)
                break; /* a new node: its playout starts here */
        }
        /* expand the node reached if it was visited before */
        if (!rc && !c.over && m->node[i].first < 0 &&
            m->node[i].visits > 0 && np < 4096 && expand(m, i, &c, rng)) {
            i = m->node[i].first;
            path[np++] = i;
            rc = line_play(&ln, &c, m->node[i].move, 0, err);
        }
        /* the playout, up to a position the database holds */
        int margin = 0;
        bool known = false;
        for (int k = 0; !rc && !c.over; k++) {
            if (m->db && (known = sow_egdb_probe(m->db, &c, &margin)))
                break;
            if (k == m->sp.playout)
                break;
            rc = line_play(&ln, &c, -1, sow_rng_below(rng, c.nlegal), err);
        }
        if (real) {
            int added = sow_history_len(real) - len0;
            if (added > 0)
                sow_history_pop(real, added);
        }
        nodes += ln.nodes;
        if (rc)
            break;
        double r0; /* South's result */
        if (known) {
            int total = c.captured[0] - c.captured[1] + margin;
            r0 = total > 0 ? 1 : total < 0 ? 0 : 0.5;
        } else if (c.over) {
            r0 = c.result.winner < 0 ? 0.5 : c.result.winner == 0 ? 1 : 0;
        } else {
            int v = sow_search_eval(s, &c, 0);
            r0 = v > 0 ? 1 : v < 0 ? 0 : 0.5;
        }
        for (int k = 0; k < np; k++) {
            mnode *nd = &m->node[path[k]];
            nd->visits++;
            nd->wins += nd->mover == 0 ? r0 : 1 - r0;
        }
    }
    info->iterations = it;
    info->nodes = nodes;
    if (rc)
        return SOW_ERR;
    const mnode *r = &m->node[0];
    int32_t best = r->first;
    for (int32_t k = r->first; k < r->first + r->nchild; k++) {
        const mnode *c = &m->node[k], *b = &m->node[best];
        if (c->visits > b->visits ||
            (c->visits == b->visits && c->visits > 0 &&
             c->wins / c->visits > b->wins / b->visits))
            best = k;
    }
    info->move = m->node[best].move;
    info->win_rate = m->node[best].visits
                         ? m->node[best].wins / m->node[best].visits
                         : 0.5;
    return SOW_OK;
}
