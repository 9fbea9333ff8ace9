/* sow_scenario_run.c - running a case of a scenario file against a
 * variant (see sow_scenario.h): its options, its start, its moves, and
 * each expectation compared with what came of them. */
#include "sow_layout.h"
#include "sow_scenario.h"
#include "sow_scenario_file.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sow_budget.h"
#include "sow_game.h"
#include "sow_kit.h"
#include "sow_move.h"

typedef sow_scn_ctx ctx;

/* Control characters (a line break in a quoted value, say) as spaces:
 * every difference stays one line. */
static void one_line(char *s)
{
    for (unsigned char *p = (unsigned char *)s; *p; p++)
        if (*p < 0x20 || *p == 0x7f)
            *p = ' ';
}

typedef struct run {
    ctx c;
    const sow_variant *v;
    sow_kit k;                  /* setup, script and engine of the case */
    sow_match m;
    sow_game g;
    bool done;                  /* the game (or the match) is over */
    sow_scenario_outcome *out;
} run;

static void add_diff(run *r, const char *field, const sow_ynode *at,
                     const char *expected, const char *got, const char *note)
{
    sow_scenario_outcome *o = r->out;
    o->passed = false;
    if (o->ndiffs >= SOW_SCN_MAX_DIFFS) {
        o->nmore++;
        return;
    }
    sow_scenario_diff *d = &o->diffs[o->ndiffs++];
    snprintf(d->field, sizeof d->field, "%s", field);
    d->line = at ? at->line : 0;
    snprintf(d->expected, sizeof d->expected, "%s", expected);
    snprintf(d->got, sizeof d->got, "%s", got);
    snprintf(d->note, sizeof d->note, "%s", note ? note : "");
    one_line(d->expected);
    one_line(d->got);
    one_line(d->note);
}

static void fmt_list(char *buf, size_t size, const long *v, int n)
{
    size_t len = (size_t)snprintf(buf, size, "[");
    for (int i = 0; i < n && len < size; i++)
        len += (size_t)snprintf(buf + len, size - len, "%s%ld", i ? ", " : "",
                                v[i]);
    if (len < size)
        snprintf(buf + len, size - len, "]");
}

static const char *player_name(int p)
{
    return p == 0 ? "south" : p == 1 ? "north" : "none";
}

/* Read a checked list of numbers (players as 0/1). */
static int read_list(const sow_ynode *n, long *out)
{
    for (int i = 0; i < n->n; i++) {
        const sow_ynode *x = n->items[i];
        out[i] = sow_yis_int(x, NULL) ? sow_yint_of(x) : sow_scn_player_of(x);
    }
    return n->n;
}

/* Compare a list of numbers; `what` names an element ("hole"). */
static void expect_list(run *r, const char *field, const sow_ynode *n,
                        const long *got, int ngot, const char *what)
{
    long want[SOW_MAX_HOLES];
    int nw = read_list(n, want);
    bool same = nw == ngot;
    for (int i = 0; same && i < nw; i++)
        same = want[i] == got[i];
    if (same)
        return;
    char e[SOW_SCN_TEXT], g[SOW_SCN_TEXT], note[SOW_SCN_TEXT] = "";
    fmt_list(e, sizeof e, want, nw);
    fmt_list(g, sizeof g, got, ngot);
    if (nw != ngot) {
        snprintf(note, sizeof note, "%d values expected, %d there", nw, ngot);
    } else {
        size_t len = 0;
        int k = 0;
        for (int i = 0; i < nw && len + 60 < sizeof note; i++)
            if (want[i] != got[i]) {
                char who[32];
                if (!strcmp(what, "player"))
                    snprintf(who, sizeof who, "%s", i ? "North" : "South");
                else
                    snprintf(who, sizeof who, "%s %d", what, i);
                len += (size_t)snprintf(note + len, sizeof note - len,
                                        "%s%s: expected %ld, got %ld",
                                        k++ ? "; " : "", who, want[i],
                                        got[i]);
            }
    }
    add_diff(r, field, n, e, g, note);
}

static void expect_int(run *r, const char *field, const sow_ynode *n,
                       long got)
{
    long want = sow_yint_of(n);
    if (want == got)
        return;
    char e[32], g[32];
    snprintf(e, sizeof e, "%ld", want);
    snprintf(g, sizeof g, "%ld", got);
    add_diff(r, field, n, e, g, NULL);
}

static void expect_bool(run *r, const char *field, const sow_ynode *n,
                        bool got)
{
    bool want = n->text[0] == 't';
    if (want != got)
        add_diff(r, field, n, want ? "true" : "false", got ? "true" : "false",
                 NULL);
}

static void expect_player(run *r, const char *field, const sow_ynode *n,
                          int got)
{
    int want = sow_scn_player_of(n);
    if (want != got)
        add_diff(r, field, n, player_name(want), player_name(got), NULL);
}

static void expect_text(run *r, const char *field, const sow_ynode *n,
                        const char *got)
{
    if (strstr(got, n->text))
        return;
    char e[SOW_SCN_TEXT];
    snprintf(e, sizeof e, "a text containing \"%.1000s\"", n->text);
    add_diff(r, field, n, e, got, NULL);
}

/* The phase a node names: a number, `play` (0), or a phase's name. */
static int phase_of(run *r, const sow_ynode *n, int *out)
{
    long v;
    if (sow_yis_int(n, &v)) {
        *out = (int)v;
        return SOW_OK;
    }
    if (!strcmp(n->text, "play")) {
        *out = 0;
        return SOW_OK;
    }
    for (int i = 0; i < r->v->nphases; i++)
        if (!strcmp(n->text, r->v->phases[i].name)) {
            *out = i + 1;
            return SOW_OK;
        }
    char list[300] = "play";
    size_t len = strlen(list);
    for (int i = 0; i < r->v->nphases && len < sizeof list; i++)
        len += (size_t)snprintf(list + len, sizeof list - len, ", %s",
                                r->v->phases[i].name);
    return sow_yfail(&r->c, n,
                     "phase '%.40s': variant %s has the phases %s (or "
                     "give a number)",
                     n->text, r->v->id, list);
}

static void phase_name(const run *r, int p, char *buf, size_t size)
{
    if (p == 0)
        snprintf(buf, size, "play");
    else if (p <= r->v->nphases)
        snprintf(buf, size, "%s", r->v->phases[p - 1].name);
    else
        snprintf(buf, size, "%d", p);
}

static int state_index(run *r, const sow_ynode *key)
{
    for (int i = 0; i < r->v->nstate; i++)
        if (!strcmp(key->text, r->v->state[i]))
            return i;
    char list[300] = "";
    size_t len = 0;
    for (int i = 0; i < r->v->nstate && len < sizeof list; i++)
        len += (size_t)snprintf(list + len, sizeof list - len, "%s%s",
                                i ? ", " : "", r->v->state[i]);
    sow_yfail(&r->c, key, "state '%.40s': variant %s keeps %s", key->text,
              r->v->id, r->v->nstate ? list : "no state");
    return -1;
}

/* The tokens of a moves or legal node; returns their count (pointers into
 * buf or the node), or -1 when out of memory. */
static int tokens_of(const sow_ynode *n, char **buf, char ***tok)
{
    *buf = NULL;
    *tok = NULL;
    if (n->type == SOW_Y_SEQ) {
        *tok = malloc(sizeof **tok * (size_t)(n->n + 1));
        if (!*tok)
            return -1;
        for (int i = 0; i < n->n; i++)
            (*tok)[i] = n->items[i]->text;
        return n->n;
    }
    size_t len = strlen(n->text);
    *buf = malloc(len + 1);
    *tok = malloc(sizeof **tok * (len / 2 + 2));
    if (!*buf || !*tok)
        return -1;
    memcpy(*buf, n->text, len + 1);
    int k = 0;
    char *save = NULL;
    for (char *t = sow_move_tokens(*buf, &save); t;
         t = sow_move_tokens(NULL, &save))
        (*tok)[k++] = t;
    if (k == 1 && !strcmp((*tok)[0], "none"))
        k = 0;
    return k;
}

static int apply_options(run *r, const sow_ynode *map, sow_optset *opts)
{
    for (int i = 0; map && i < map->n; i++) {
        const sow_ynode *k = map->items[2 * i], *val = map->items[2 * i + 1];
        char arg[300];
        snprintf(arg, sizeof arg, "%.100s=%.190s", k->text, val->text);
        sow_error e;
        if (sow_optset_apply(r->v, opts, arg, &e))
            return sow_yfail(&r->c,
                             sow_variant_option(r->v, k->text) < 0 ? k : val,
                             "%s", e.msg);
    }
    return SOW_OK;
}

/* A per-hole list of start (owners, claimed) read into v; an error at
 * n when it does not have one value a hole. */
static int hole_values(run *r, const sow_ynode *n, const char *what, long *v)
{
    const sow_setup *s = &r->k.setup;
    if (n->n != s->holes)
        return sow_yfail(&r->c, n, "%s: %d values, but the board has %d holes",
                         what, n->n, s->holes);
    read_list(n, v);
    return SOW_OK;
}

static int set_start(run *r, const sow_ynode *st)
{
    const sow_setup *s = &r->k.setup;
    sow_game *g = &r->g;
    const sow_ynode *n;
    long v[SOW_MAX_HOLES];
    if ((n = scn_get(st, "board"))) {
        if (n->n != s->holes)
            return sow_yfail(&r->c, n,
                             "board: %d counts, but the board has %d "
                             "holes (2 rows of %d)",
                             n->n, s->holes, s->n);
        read_list(n, v);
        g->on_board = 0;
        for (int h = 0; h < s->holes; h++) {
            g->board[h] = (uint16_t)v[h];
            g->on_board += (int32_t)v[h];
        }
    }
    if ((n = scn_get(st, "owners"))) {
        if (hole_values(r, n, "owners", v))
            return SOW_ERR;
        for (int h = 0; h < s->holes; h++)
            sow_game_set_owner(g, h, (int)v[h]);
    }
    if ((n = scn_get(st, "claimed"))) { /* C1.4: -1, or the claimant */
        if (hole_values(r, n, "claimed", v))
            return SOW_ERR;
        g->claims[0] = g->claims[1] = 0;
        for (int h = 0; h < s->holes; h++) {
            if (v[h] >= 0 && !s->claims)
                return sow_yfail(&r->c, n->items[h],
                                 "claimed: hole %d is claimed, but the "
                                 "variant has no claimed holes (C1.4): leave "
                                 "claimed: out",
                                 h);
            if (v[h] >= 0)
                g->claims[v[h]] |= (uint64_t)1 << h;
        }
    }
    if ((n = scn_get(st, "captured"))) {
        read_list(n, v);
        g->captured[0] = (int32_t)v[0];
        g->captured[1] = (int32_t)v[1];
    }
    if ((n = scn_get(st, "hand"))) { /* C2.6: the seeds still in hand */
        read_list(n, v);
        if (s->hand <= 0 && (v[0] || v[1]))
            return sow_yfail(&r->c, n, "hand: variant %s holds no seeds in "
                                       "hand (board.hand): leave hand: out",
                             s->v->id);
        g->hand[0] = (int16_t)(v[0] < 32767 ? v[0] : 32767);
        g->hand[1] = (int16_t)(v[1] < 32767 ? v[1] : 32767);
    }
    if ((n = scn_get(st, "to_move")))
        g->to_move = (uint8_t)sow_scn_player_of(n);
    if ((n = scn_get(st, "ply")))
        g->ply = (int32_t)sow_yint_of(n);
    if ((n = scn_get(st, "since_capture")))
        g->since_capture = (int32_t)sow_yint_of(n);
    if ((n = scn_get(st, "bearoff")))
        g->bearoff_on = n->text[0] == 't';
    if ((n = scn_get(st, "phase"))) {
        int p;
        if (phase_of(r, n, &p))
            return SOW_ERR;
        g->phase = (uint8_t)p;
        g->played[0] = g->played[1] = 0;
    }
    if ((n = scn_get(st, "played"))) {
        int k = read_list(n, v);
        for (int i = 0; i < k; i++) {
            if (v[i] >= s->holes)
                return sow_yfail(&r->c, n->items[i],
                                 "played: there is no hole "
                                 "%ld (holes are 0 to %d)",
                                 v[i], s->holes - 1);
            g->played[g->owner[v[i]]] |= (uint64_t)1 << v[i];
        }
    }
    if ((n = scn_get(st, "state")))
        for (int i = 0; i < n->n; i++) {
            int k = state_index(r, n->items[2 * i]);
            if (k < 0)
                return SOW_ERR;
            g->state[k] = (int32_t)sow_yint_of(n->items[2 * i + 1]);
        }
    if ((n = scn_get(st, "game")) || (n = scn_get(st, "starter"))) {
        if (!s->match)
            return sow_yfail(&r->c, n,
                             "%s is for a game of a match; this case "
                             "plays a single game (add the option "
                             "match: true)",
                             scn_get(st, "game") ? "game" : "starter");
        if ((n = scn_get(st, "game")))
            r->m.game = (int)sow_yint_of(n);
        if ((n = scn_get(st, "starter")))
            r->m.starter = sow_scn_player_of(n);
    }
    /* the seeds of the position fit (issue 13 #8), said at the line that
     * gives them; the engine checks again, without the line */
    sow_error e;
    if (sow_seeds_check(s, g, &e)) {
        const sow_ynode *at = scn_get(st, "board") ? scn_get(st, "board")
                              : scn_get(st, "captured") ? scn_get(st, "captured")
                                                    : st;
        return sow_yfail(&r->c, at, "start: %s", e.msg);
    }
    g->over = false;
    g->last_endless = false;
    g->last_move_hole = -1;
    g->endless_mask = 0;
    memset(&g->result, 0, sizeof g->result);
    g->result.winner = -1;
    return sow_engine_begin(&r->k.eng, g, r->c.err);
}

/* A game that ended: the next one of a match, until one is being played
 * or the match is over. */
static int next_game(run *r)
{
    while (r->g.over && !r->done) {
        if (!r->k.setup.match) {
            r->done = true;
            break;
        }
        if (sow_match_next(&r->k.eng, &r->m, &r->g, r->c.err))
            return SOW_ERR;
        r->done = r->m.over;
    }
    return SOW_OK;
}

/* A token of the moves played: a turn of several decisions is the legal
 * turn of that whole token (C2.3), other moves as sow_move_parse reads. */
static int scn_move(run *r, const char *tok, sow_move *mv, sow_error *e)
{
    if (!r->k.setup.ends_turns)
        return sow_move_parse(&r->k.setup, tok, mv, e);
    if ((*mv = sow_turn_parse(&r->k.setup, &r->g, tok)) >= 0)
        return SOW_OK;
    return sow_error_set(e, NULL, 0, 0, "move %.60s is not legal for %s",
                         tok, r->g.to_move ? "North" : "South");
}

/* Play the moves. A move that fails stops them: with an expected error
 * on the last token it is compared, else it is a difference. */
static int play_moves(run *r, const sow_ynode *moves, const sow_ynode *error)
{
    char *buf = NULL, **tok = NULL;
    int nt = moves ? tokens_of(moves, &buf, &tok) : 0;
    if (nt < 0) {
        free(buf);
        free(tok);
        return sow_error_set(r->c.err, NULL, 0, 0, "out of memory");
    }
    int rc = SOW_OK;
    bool failed = false;
    for (int i = 0; i < nt && !failed; i++) {
        sow_error e;
        sow_move mv;
        char msg[SOW_MSG_MAX + 64] = "";
        if (r->done)
            snprintf(msg, sizeof msg, "ply %d: the %s is already over; no "
                                      "move can follow",
                     r->g.ply, r->k.setup.match ? "match" : "game");
        else if (scn_move(r, tok[i], &mv, &e))
            snprintf(msg, sizeof msg, "ply %d: %s", r->g.ply, e.msg);
        else if (sow_engine_play(&r->k.eng, &r->g, mv, &e))
            snprintf(msg, sizeof msg, "%s", e.msg);
        if (msg[0]) {
            failed = true;
            const sow_ynode *at = moves->type == SOW_Y_SEQ ? moves->items[i]
                                                           : moves;
            if (error && i == nt - 1) {
                expect_text(r, "error", error, msg);
            } else {
                char what[200];
                snprintf(what, sizeof what, "token %d ('%.40s') played", i + 1,
                         tok[i]);
                add_diff(r, "moves", at, what, msg,
                         error ? "the error is expected of the last token "
                                 "only"
                               : NULL);
            }
            break;
        }
        r->out->plies++;
        if ((rc = next_game(r)))
            break;
    }
    if (!rc && !failed && error)
        add_diff(r, "error", error, error->text,
                 "no error: every move was played", NULL);
    free(buf);
    free(tok);
    return rc;
}

static void expect_result(run *r, const sow_ynode *ex)
{
    const sow_game *g = &r->g;
    char why[160];
    if (!g->over) {
        add_diff(r, "result", ex, "the game is over", "the game goes on",
                 NULL);
        return;
    }
    const sow_ynode *n;
    if ((n = scn_get(ex, "winner")))
        expect_player(r, "result.winner", n, g->result.winner);
    if ((n = scn_get(ex, "reason")))
        expect_text(r, "result.reason", n,
                    sow_result_text(&r->k.setup, g, why, sizeof why));
    if ((n = scn_get(ex, "unfinished")))
        expect_bool(r, "result.unfinished", n, g->result.unfinished);
    if ((n = scn_get(ex, "score"))) {
        bool want_none = scn_is_scalar(n);
        if (want_none != !g->result.has_score || !want_none) {
            long got[2] = {g->result.score[0], g->result.score[1]};
            if (!g->result.has_score)
                add_diff(r, "result.score", n, "a score", "null (no score)",
                         NULL);
            else if (want_none)
                add_diff(r, "result.score", n, "null (no score)", "a score",
                         NULL);
            else
                expect_list(r, "result.score", n, got, 2, "player");
        }
    }
}

static void expect_match(run *r, const sow_ynode *ex)
{
    if (!r->k.setup.match) {
        add_diff(r, "match", ex, "a match", "a single game (the option "
                                            "match is false)",
                 NULL);
        return;
    }
    if (!r->done) {
        add_diff(r, "match", ex, "the match is over", "the match goes on",
                 NULL);
        return;
    }
    const sow_match *m = &r->m;
    const sow_ynode *n;
    if ((n = scn_get(ex, "winner")))
        expect_player(r, "match.winner", n, m->winner);
    if ((n = scn_get(ex, "reason")))
        expect_text(r, "match.reason", n, m->reason);
    if ((n = scn_get(ex, "unfinished")))
        expect_bool(r, "match.unfinished", n, m->unfinished);
    if ((n = scn_get(ex, "games")))
        expect_int(r, "match.games", n, m->game);
    if ((n = scn_get(ex, "holes"))) {
        long got[2] = {m->holes[0], m->holes[1]};
        expect_list(r, "match.holes", n, got, 2, "player");
    }
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* expect.legal of turns of several decisions (C2.3): the tokens, whole,
 * compared as sets. */
static int expect_turns(run *r, const sow_ynode *n, char **tok, int nt)
{
    char(*toks)[96] = malloc(SOW_MAX_LEGAL * sizeof *toks);
    if (!toks)
        return sow_error_set(r->c.err, NULL, 0, 0, "out of memory");
    char *got[SOW_MAX_LEGAL];
    const sow_game *g = &r->g;
    const int ng = g->over ? 0 : g->nlegal;
    for (int i = 0; i < ng; i++) {
        sow_turn_format(toks[i], sizeof toks[i], &r->k.setup, g, g->legal[i]);
        got[i] = toks[i];
    }
    qsort(got, (size_t)ng, sizeof *got, cmp_str);
    qsort(tok, (size_t)nt, sizeof *tok, cmp_str);
    bool same = ng == nt;
    for (int i = 0; same && i < nt; i++)
        same = strcmp(tok[i], got[i]) == 0;
    if (same) {
        free(toks);
        return SOW_OK;
    }
    char e[SOW_SCN_TEXT] = "", gt[SOW_SCN_TEXT] = "";
    size_t le = 0, lg = 0;
    for (int i = 0; i < nt && le < sizeof e; i++)
        le += (size_t)snprintf(e + le, sizeof e - le, "%s%s", i ? " " : "",
                               tok[i]);
    for (int i = 0; i < ng && lg < sizeof gt; i++)
        lg += (size_t)snprintf(gt + lg, sizeof gt - lg, "%s%s", i ? " " : "",
                               got[i]);
    add_diff(r, "legal", n, nt ? e : "(none)", ng ? gt : "(none)", "");
    free(toks);
    return SOW_OK;
}

static int expect_legal(run *r, const sow_ynode *n)
{
    char *buf, **tok;
    int nt = tokens_of(n, &buf, &tok);
    int rc = SOW_OK;
    if (nt < 0) {
        rc = sow_error_set(r->c.err, NULL, 0, 0, "out of memory");
        goto out;
    }
    if (r->k.setup.ends_turns) {
        rc = expect_turns(r, n, tok, nt);
        goto out;
    }
    uint16_t want[SOW_MAX_LEGAL];
    int nw = 0;
    for (int i = 0; i < nt; i++) {
        sow_move mv;
        sow_error e;
        const sow_ynode *at = n->type == SOW_Y_SEQ ? n->items[i] : n;
        if (sow_layout_is_pattern(&r->k.setup, &r->g, tok[i])) {
            mv = SOW_MOVE_LAYOUT; /* MW.2: the pattern the list holds */
        } else if (sow_move_parse(&r->k.setup, tok[i], &mv, &e)) {
            rc = sow_yfail(&r->c, at, "legal: %s", e.msg);
            goto out;
        }
        if (nw >= SOW_MAX_LEGAL) {
            rc = sow_yfail(&r->c, at, "legal: more than %d moves",
                           SOW_MAX_LEGAL);
            goto out;
        }
        /* ascending, as the engine lists them */
        int j = nw++;
        while (j > 0 && want[j - 1] > mv) {
            want[j] = want[j - 1];
            j--;
        }
        want[j] = (uint16_t)mv;
    }
    const sow_game *g = &r->g;
    int ngot = g->over ? 0 : g->nlegal;
    bool same = nw == ngot;
    for (int i = 0; same && i < nw; i++)
        same = want[i] == g->legal[i];
    if (!same) {
        char e[SOW_SCN_TEXT], got[SOW_SCN_TEXT], note[SOW_SCN_TEXT] = "";
        size_t le = 0, lg = 0, ln = 0;
        e[0] = got[0] = 0;
        for (int i = 0; i < nw; i++) {
            char t[64];
            sow_turn_format(t, sizeof t, &r->k.setup, g, want[i]);
            le += (size_t)snprintf(e + le, sizeof e - le, "%s%s",
                                   i ? " " : "", t);
            if (le >= sizeof e)
                break;
            if (!sow_game_is_legal(g, want[i]) || g->over)
                ln += (size_t)snprintf(note + ln, sizeof note - ln,
                                       "%s%s", ln ? " " : "not legal: ", t);
            if (ln >= sizeof note)
                break;
        }
        bool extra = false;
        for (int i = 0; i < ngot; i++) {
            char t[64];
            sow_turn_format(t, sizeof t, &r->k.setup, g, g->legal[i]);
            lg += (size_t)snprintf(got + lg, sizeof got - lg, "%s%s",
                                   i ? " " : "", t);
            if (lg >= sizeof got)
                break;
            bool wanted = false;
            for (int j = 0; j < nw && !wanted; j++)
                wanted = want[j] == g->legal[i];
            if (!wanted && ln < sizeof note) {
                ln += (size_t)snprintf(note + ln, sizeof note - ln, "%s%s",
                                       extra ? " "
                                       : ln  ? "; also legal: "
                                             : "also legal: ",
                                       t);
                extra = true;
            }
        }
        add_diff(r, "legal", n, nw ? e : "(none)", ngot ? got : "(none)",
                 note);
    }
out:
    free(buf);
    free(tok);
    return rc;
}

static int check_expect_run(run *r, const sow_ynode *ex)
{
    const sow_setup *s = &r->k.setup;
    const sow_game *g = &r->g;
    const sow_ynode *n;
    long v[SOW_MAX_HOLES];
    if ((n = scn_get(ex, "board"))) {
        for (int h = 0; h < s->holes; h++)
            v[h] = g->board[h];
        expect_list(r, "board", n, v, s->holes, "hole");
    }
    if ((n = scn_get(ex, "owners"))) {
        for (int h = 0; h < s->holes; h++)
            v[h] = g->owner[h];
        expect_list(r, "owners", n, v, s->holes, "hole");
    }
    if ((n = scn_get(ex, "claimed"))) {
        for (int h = 0; h < s->holes; h++)
            v[h] = sow_claimant(g, h);
        expect_list(r, "claimed", n, v, s->holes, "hole");
    }
    if ((n = scn_get(ex, "captured"))) {
        v[0] = g->captured[0];
        v[1] = g->captured[1];
        expect_list(r, "captured", n, v, 2, "player");
    }
    if ((n = scn_get(ex, "hand"))) {
        v[0] = g->hand[0];
        v[1] = g->hand[1];
        expect_list(r, "hand", n, v, 2, "player");
    }
    if ((n = scn_get(ex, "endless"))) {
        int k = 0;
        for (int h = 0; h < s->holes && !g->over; h++)
            if ((g->endless_mask >> h) & 1)
                v[k++] = h;
        expect_list(r, "endless", n, v, k, "entry");
    }
    if ((n = scn_get(ex, "to_move")))
        expect_player(r, "to_move", n, g->to_move);
    if ((n = scn_get(ex, "legal")) && expect_legal(r, n))
        return SOW_ERR;
    if ((n = scn_get(ex, "over")))
        expect_bool(r, "over", n, r->done);
    if ((n = scn_get(ex, "ply")))
        expect_int(r, "ply", n, g->ply);
    if ((n = scn_get(ex, "game")))
        expect_int(r, "game", n, r->m.game);
    if ((n = scn_get(ex, "phase"))) {
        int p;
        if (phase_of(r, n, &p))
            return SOW_ERR;
        if (p != g->phase) {
            char e[64], got[64];
            phase_name(r, p, e, sizeof e);
            phase_name(r, g->phase, got, sizeof got);
            add_diff(r, "phase", n, e, got, NULL);
        }
    }
    if ((n = scn_get(ex, "state")))
        for (int i = 0; i < n->n; i++) {
            int k = state_index(r, n->items[2 * i]);
            if (k < 0)
                return SOW_ERR;
            char field[48];
            snprintf(field, sizeof field, "state.%s", r->v->state[k]);
            expect_int(r, field, n->items[2 * i + 1], g->state[k]);
        }
    if ((n = scn_get(ex, "result")))
        expect_result(r, n);
    if ((n = scn_get(ex, "match")))
        expect_match(r, n);
    return SOW_OK;
}

int sow_scenario_run(const sow_scenario_file *f, int k, const sow_variant *v,
                     const sow_budget *budget, sow_scenario_outcome *out,
                     sow_error *err)
{
    return sow_scenario_run_cached(f, k, v, budget, NULL, out, err);
}

int sow_scenario_run_cached(const sow_scenario_file *f, int k,
                            const sow_variant *v, const sow_budget *budget,
                            sow_kit_scripts *scripts,
                            sow_scenario_outcome *out, sow_error *err)
{
    memset(out, 0, sizeof *out);
    out->passed = true;
    run *r = calloc(1, sizeof *r);
    if (!r)
        return sow_error_set(err, NULL, 0, 0, "out of memory");
    r->c.path = f->path;
    r->c.err = err;
    r->v = v;
    r->out = out;
    const sow_ynode *cs = f->cases[k], *n;
    int rc = SOW_ERR;
    sow_optset_defaults(v, &out->opts);
    if (apply_options(r, f->options, &out->opts) ||
        apply_options(r, scn_get(cs, "options"), &out->opts))
        goto out;
    sow_error e;
    if (sow_kit_start_cached(&r->k, v, &out->opts, budget, scripts, &e)) {
        if (r->k.failed_at == SOW_KIT_OPTIONS ||
            r->k.failed_at == SOW_KIT_SETUP) {
            /* options that do not fit: the case's options are at fault */
            n = scn_get(cs, "options") ? scn_get(cs, "options") : cs;
            sow_yfail(&r->c, n, "%s", e.msg);
        } else {
            *err = e;
        }
        goto out;
    }
    if (sow_match_start(&r->k.eng, &r->m, &r->g, err))
        goto out;
    if ((n = scn_get(cs, "start")) && set_start(r, n))
        goto out;
    if (next_game(r))
        goto out;
    const sow_ynode *ex = scn_get(cs, "expect");
    if (play_moves(r, scn_get(cs, "moves"), scn_get(ex, "error")))
        goto out;
    /* after an unexpected failure the rest says nothing more */
    if (out->passed || scn_get(ex, "error"))
        if (check_expect_run(r, ex))
            goto out;
    rc = SOW_OK;
out:
    if (rc)
        one_line(err->msg);
    sow_kit_close(&r->k);
    free(r);
    return rc;
}
