/* sow_player.c - player specs, the player object, the random and greedy
 * players, and what the searching players share (sow_search.h). */
#include "sow_player.h"
#include "sow_text.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sow_search.h"

#define PLAYERS_HELP                                                         \
    "random, greedy, alphabeta[:depth=D][:ms=T][:tt=B], "                    \
    "mcts[:iter=N][:ms=T][:c=X][:playout=P]"

#define DEFAULT_DEPTH 6
#define DEFAULT_TT 16
#define DEFAULT_ITER 1000
#define DEFAULT_C 1.4
#define DEFAULT_PLAYOUT 1000

/* ---- specs --------------------------------------------------------------- */

static const char *const kind_names[] = {"random", "greedy", "alphabeta",
                                         "mcts"};

/* A whole number from lo to hi, or -1 (the callers' ranges are >= 0). */
static long parse_long(const char *v, long lo, long hi)
{
    if (!*v || *v == '-' || *v == '+' || *v == ' ')
        return -1;
    char *end;
    errno = 0;
    long n = strtol(v, &end, 10);
    if (*end || errno || n < lo || n > hi)
        return -1;
    return n;
}

int sow_player_spec_parse(const char *text, sow_player_spec *out,
                          sow_error *err)
{
    memset(out, 0, sizeof *out);
    char buf[256];
    if (strlen(text) >= sizeof buf)
        return sow_error_set(err, NULL, 0, 0,
                             "player '%.*s...': too long; players are "
                             "%s",
                             SOW_CLIP(text, 40), PLAYERS_HELP);
    sow_text_fmt(buf, sizeof buf, "%s", text);
    char *colon = strchr(buf, ':');
    if (colon)
        *colon = 0;
    int kind = -1;
    for (int k = 0; k < 4; k++)
        if (strcmp(buf, kind_names[k]) == 0)
            kind = k;
    if (kind < 0)
        return sow_error_set(err, NULL, 0, 0,
                             "player '%s': no such player; players are %s",
                             text, PLAYERS_HELP);
    out->kind = (sow_player_kind)kind;
    out->tt = DEFAULT_TT;
    out->c = DEFAULT_C;
    out->playout = DEFAULT_PLAYOUT;
    char *p = colon ? colon + 1 : NULL;
    while (p) {
        char *next = strchr(p, ':');
        if (next)
            *next++ = 0;
        char *eq = strchr(p, '=');
        if (kind <= SOW_PLAYER_GREEDY)
            return sow_error_set(err, NULL, 0, 0,
                                 "player '%s': %s takes no parameters",
                                 text, kind_names[kind]);
        if (!eq || eq == p)
            return sow_error_set(err, NULL, 0, 0,
                                 "player '%s': '%s' is not KEY=VALUE; "
                                 "e.g. %s",
                                 text, p,
                                 kind == SOW_PLAYER_ALPHABETA
                                     ? "alphabeta:depth=7"
                                     : "mcts:iter=2000");
        *eq = 0;
        const char *key = p, *val = eq + 1;
        long n = 0;
        const char *range = NULL;
        if (strcmp(key, "ms") == 0) {
            if ((n = parse_long(val, 1, 3600000)) < 0)
                range = "a whole number of milliseconds from 1 to 3600000";
            out->ms = n;
        } else if (kind == SOW_PLAYER_ALPHABETA && strcmp(key, "depth") == 0) {
            if ((n = parse_long(val, 1, SOW_SEARCH_MAX_DEPTH)) < 0)
                range = "a whole number from 1 to 64";
            out->depth = (int)n;
        } else if (kind == SOW_PLAYER_ALPHABETA && strcmp(key, "tt") == 0) {
            if ((n = parse_long(val, 10, 26)) < 0)
                range = "a whole number from 10 to 26 (2^B entries of 16 "
                        "bytes)";
            out->tt = (int)n;
        } else if (kind == SOW_PLAYER_MCTS && strcmp(key, "iter") == 0) {
            if ((n = parse_long(val, 1, 100000000)) < 0)
                range = "a whole number from 1 to 100000000";
            out->iter = n;
        } else if (kind == SOW_PLAYER_MCTS && strcmp(key, "playout") == 0) {
            if ((n = parse_long(val, 1, 1000000)) < 0)
                range = "a whole number of plies from 1 to 1000000";
            out->playout = (int)n;
        } else if (kind == SOW_PLAYER_MCTS && strcmp(key, "c") == 0) {
            char *end;
            errno = 0;
            double c = strtod(val, &end);
            if (!*val || *end || errno || !(c >= 0 && c <= 100))
                range = "a number from 0 to 100";
            out->c = c;
        } else {
            return sow_error_set(err, NULL, 0, 0,
                                 "player '%s': %s has no parameter '%s'; "
                                 "its parameters: %s",
                                 text, kind_names[kind], key,
                                 kind == SOW_PLAYER_ALPHABETA
                                     ? "depth, ms, tt"
                                     : "iter, ms, c, playout");
        }
        if (range)
            return sow_error_set(err, NULL, 0, 0,
                                 "player '%s': %s takes %s, not '%s'", text,
                                 key, range, val);
        p = next;
    }
    if (kind == SOW_PLAYER_ALPHABETA && !out->depth && !out->ms)
        out->depth = DEFAULT_DEPTH;
    if (kind == SOW_PLAYER_MCTS && !out->iter && !out->ms)
        out->iter = DEFAULT_ITER;
    return SOW_OK;
}

void sow_player_spec_format(const sow_player_spec *sp, char *buf,
                            size_t size)
{
    size_t len = (size_t)sow_text_fmt(buf, size, "%s", kind_names[sp->kind]);
#define ADD(...)                                                             \
    do {                                                                     \
        if (len < size)                                                      \
            len += (size_t)sow_text_fmt(buf + len, size - len, __VA_ARGS__);     \
    } while (0)
    if (sp->kind == SOW_PLAYER_ALPHABETA) {
        if (sp->depth)
            ADD(":depth=%d", sp->depth);
        if (sp->ms)
            ADD(":ms=%ld", sp->ms);
        if (sp->tt != DEFAULT_TT)
            ADD(":tt=%d", sp->tt);
    } else if (sp->kind == SOW_PLAYER_MCTS) {
        if (sp->iter)
            ADD(":iter=%ld", sp->iter);
        if (sp->ms)
            ADD(":ms=%ld", sp->ms);
        if (sp->c != DEFAULT_C)
            ADD(":c=%g", sp->c);
        if (sp->playout != DEFAULT_PLAYOUT)
            ADD(":playout=%d", sp->playout);
    }
#undef ADD
}

/* ---- shared by the searches ---------------------------------------------- */

sow_history *sow_scratch_get(sow_scratch *sc, int level)
{
    if (!sc->h[level])
        sc->h[level] = sow_history_new(sc->s->holes, sc->s->total);
    return sc->h[level];
}

void sow_scratch_free(sow_scratch *sc)
{
    for (int i = 0; i < SOW_SEARCH_MAX_DEPTH + 2; i++) {
        sow_history_free(sc->h[i]);
        sc->h[i] = NULL;
    }
}

int sow_search_eval(const sow_setup *s, const sow_game *g, int me)
{
    /* own seeds minus the opponent's: 2 x own - all on the board */
    int own = 0;
    for (uint64_t m = g->owns[me]; m; m &= m - 1)
        own += g->board[__builtin_ctzll(m)];
    return 16 * (g->captured[me] - g->captured[1 - me]) + 2 * own -
           g->on_board;
}

double sow_search_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* ---- random and greedy --------------------------------------------------- */

int sow_player_parse(const char *name)
{
    if (strcmp(name, "random") == 0)
        return SOW_PLAYER_RANDOM;
    if (strcmp(name, "greedy") == 0)
        return SOW_PLAYER_GREEDY;
    return -1;
}

/* The seeds the mover takes with move m: the sowing alone in a sowing
 * phase; in a scripted phase the engine's move, on a copy of the engine
 * without history or observer (so the game's history is not touched). */
static int gain_of(sow_engine *e, const sow_game *g, sow_move m, int *gain,
                   sow_error *err)
{
    sow_game copy = *g;
    const int me = g->to_move;
    if (sow_search_resets_history(e->setup, g)) {
        sow_engine se = *e;
        se.hist = NULL;
        se.obs.on_event = NULL;
        if (sow_engine_play(&se, &copy, m, err))
            return SOW_ERR;
        *gain = copy.captured[me] - g->captured[me];
        return SOW_OK;
    }
    bool endless;
    if (sow_sow(e->setup, &e->rules, NULL, &copy, m, &endless, err))
        return SOW_ERR;
    *gain = endless ? 0 : copy.captured[me] - g->captured[me];
    return SOW_OK;
}

int sow_player_choose(sow_player_kind kind, sow_engine *e, const sow_game *g,
                      sow_rng *rng, sow_move *out, sow_error *err)
{
    if (g->over || g->nlegal <= 0)
        return sow_error_set(err, NULL, 0, 0, "no legal move to choose");
    if (kind != SOW_PLAYER_GREEDY || sow_decision_phase(e->setup, g)) {
        /* decision moves: the greedy player has no measure of them */
        *out = g->legal[sow_rng_below(rng, g->nlegal)];
        return SOW_OK;
    }
    int best = -1, nbest = 0;
    sow_move pick[SOW_MAX_LEGAL];
    for (int i = 0; i < g->nlegal; i++) {
        int gain;
        if (gain_of(e, g, g->legal[i], &gain, err))
            return SOW_ERR;
        if (gain > best) {
            best = gain;
            nbest = 0;
        }
        if (gain == best)
            pick[nbest++] = g->legal[i];
    }
    *out = pick[sow_rng_below(rng, nbest)];
    return SOW_OK;
}

/* ---- the player object -------------------------------------------------- */

struct sow_player {
    sow_player_spec spec;
    const sow_setup *s;
    sow_rng rng;
    sow_ab *ab;       /* alphabeta */
    sow_mcts *mcts;   /* mcts */
};

sow_player *sow_player_new(const sow_player_spec *sp, const sow_setup *s,
                           uint64_t seed, sow_error *err)
{
    sow_player *p = calloc(1, sizeof *p);
    if (!p) {
        sow_error_set(err, NULL, 0, 0, "out of memory");
        return NULL;
    }
    p->spec = *sp;
    /* a spec made by hand: the defaults of an empty one */
    if (p->spec.kind == SOW_PLAYER_ALPHABETA) {
        if (!p->spec.depth && !p->spec.ms)
            p->spec.depth = DEFAULT_DEPTH;
        if (p->spec.depth > SOW_SEARCH_MAX_DEPTH)
            p->spec.depth = SOW_SEARCH_MAX_DEPTH;
        if (p->spec.tt < 10 || p->spec.tt > 26)
            p->spec.tt = DEFAULT_TT;
    }
    if (p->spec.kind == SOW_PLAYER_MCTS) {
        if (!p->spec.iter && !p->spec.ms)
            p->spec.iter = DEFAULT_ITER;
        if (p->spec.playout <= 0)
            p->spec.playout = DEFAULT_PLAYOUT;
        if (!(p->spec.c >= 0))
            p->spec.c = DEFAULT_C;
    }
    sp = &p->spec;
    p->s = s;
    sow_rng_seed(&p->rng, seed);
    if (sp->kind == SOW_PLAYER_ALPHABETA && !(p->ab = sow_ab_new(sp, s, err)))
        goto fail;
    if (sp->kind == SOW_PLAYER_MCTS && !(p->mcts = sow_mcts_new(sp, s, err)))
        goto fail;
    return p;
fail:
    sow_player_free(p);
    return NULL;
}

void sow_player_free(sow_player *p)
{
    if (!p)
        return;
    sow_ab_free(p->ab);
    sow_mcts_free(p->mcts);
    free(p);
}

void sow_player_seed(sow_player *p, uint64_t seed)
{
    sow_rng_seed(&p->rng, seed);
}

void sow_player_set_shortcuts(sow_player *p, bool on)
{
    if (p->ab)
        sow_ab_set_exact(p->ab, !on);
}

const sow_player_spec *sow_player_get_spec(const sow_player *p)
{
    return &p->spec;
}

int sow_player_move(sow_player *p, sow_engine *e, const sow_game *g,
                    sow_move *out, sow_search_info *info, sow_error *err)
{
    sow_search_info local;
    if (!info)
        info = &local;
    memset(info, 0, sizeof *info);
    if (g->over || g->nlegal <= 0)
        return sow_error_set(err, NULL, 0, 0,
                             "ply %d: the game is over; there is no move to "
                             "choose",
                             g->ply);
    int rc;
    if (p->spec.kind <= SOW_PLAYER_GREEDY) {
        /* no clock: these take nanoseconds */
        rc = sow_player_choose(p->spec.kind, e, g, &p->rng, &info->move,
                               err);
        info->nodes = p->spec.kind == SOW_PLAYER_GREEDY ? g->nlegal : 0;
    } else {
        double t0 = sow_search_now();
        if (p->spec.kind == SOW_PLAYER_ALPHABETA)
            rc = sow_ab_search(p->ab, e, g, &p->rng, info, err);
        else
            rc = sow_mcts_search(p->mcts, e, g, &p->rng, info, err);
        info->seconds = sow_search_now() - t0;
    }
    if (rc == SOW_OK)
        *out = info->move;
    return rc;
}
