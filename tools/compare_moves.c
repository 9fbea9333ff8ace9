/* compare_moves.c - `sow compare --moves`: one move list replayed under
 * both readings in step; the first ply where they part is shown (a token
 * legal under one reading only, or a different board, captures, player
 * to move, legal moves or result), both sides at that point, the options
 * that differ with their documentation and the rule texts it cites, and,
 * when several options differ, which of them alone makes the difference. */
#include <stdlib.h>
#include <string.h>

#include "compare_int.h"
#include "sow_draw.h"

/* ---- moves: one game under both readings ------------------------------------ */

/* Where the readings part. */
typedef enum {
    PART_START,   /* before any move */
    PART_TOKEN,   /* the token is refused by one reading only */
    PART_MOVE,    /* after the move */
    PART_NEXT     /* after the next game of a match was set up */
} part_stage;

static void side_close(side *x)
{
    if (x->open)
        cli_close(&x->cg);
    x->open = false;
}

/* A game that is over: the next of a match, until one is being played or
 * the match is over. */
static int side_next(side *x, sow_error *err)
{
    while (x->g.over && !x->done) {
        if (!x->cg.setup.match) {
            x->done = true;
            break;
        }
        if (sow_match_next(&x->cg.eng, &x->m, &x->g, err))
            return SOW_ERR;
        if (x->m.over)
            x->done = true;
        else
            x->last = -1;
    }
    return SOW_OK;
}

static int side_start(side *x, const char *variant, const reading *r)
{
    memset(x, 0, sizeof *x);
    x->name = r->name;
    x->last = -1;
    if (compare_open_reading(variant, r, &x->cg))
        return 1;
    x->open = true;
    sow_error err;
    if (sow_match_start(&x->cg.eng, &x->m, &x->g, &err)) {
        cli_error(C, &err);
        return 1;
    }
    return 0;
}

/* Play a token. Returns 0 when played, 1 when refused, -1 on an error of
 * the rules (a script failing); x->why says why. */
static int side_play(side *x, const char *tok)
{
    const sow_setup *s = &x->cg.setup;
    sow_error err;
    sow_move mv;
    x->why[0] = 0;
    if (x->done) {
        snprintf(x->why, sizeof x->why, "the %s is already over",
                 s->match ? "match" : "game");
        return 1;
    }
    if (sow_move_read(s, tok, &mv, &err)) {
        snprintf(x->why, sizeof x->why, "%s", err.msg);
        return 1;
    }
    if (!sow_game_is_legal(&x->g, mv)) {
        char legal[512];
        cli_format_moves(s, x->g.legal, x->g.nlegal, false, legal,
                         sizeof legal);
        snprintf(x->why, sizeof x->why,
                 "move %s is not legal for %s; the legal moves are: %s", tok,
                 x->g.to_move ? "North" : "South", legal);
        return 1;
    }
    if (sow_engine_play(&x->cg.eng, &x->g, mv, &err)) {
        sow_error_format(&err, x->why, sizeof x->why);
        return -1;
    }
    x->last = sow_move_is_decision(mv) ? -1 : sow_move_hole(mv);
    return 0;
}

/* The differences between two sides, as a comma-separated list of what
 * differs; returns how many. */
static int side_diff(const side *a, const side *b, char *buf, size_t size)
{
    const sow_game *ga = &a->g, *gb = &b->g;
    const sow_setup *sa = &a->cg.setup, *sb = &b->cg.setup;
    const char *what[16];
    int n = 0;
    bool board = sa->holes != sb->holes, owners = board;
    for (int h = 0; !board && h < sa->holes; h++) {
        board |= ga->board[h] != gb->board[h];
        owners |= ga->owner[h] != gb->owner[h];
    }
    if (ga->over != gb->over || a->done != b->done)
        what[n++] = "whether the game is over";
    if (sa->match && (a->m.game != b->m.game || a->m.over != b->m.over))
        what[n++] = "the game of the match";
    if (sa->match && !a->done && !b->done && a->m.starter != b->m.starter)
        what[n++] = "the starter of the game";
    char state[160] = "the script's state (";
    bool st = false;
    for (int i = 0; i < sa->v->nstate && !ga->over && !gb->over; i++)
        if (ga->state[i] != gb->state[i]) {
            size_t len = strlen(state);
            snprintf(state + len, sizeof state - len, "%s%s", st ? " " : "",
                     sa->v->state[i]);
            st = true;
        }
    if (st) {
        size_t len = strlen(state);
        snprintf(state + len, sizeof state - len, ")");
        what[n++] = state;
    }
    char holes[160] = "board";
    if (board && sa->holes == sb->holes) {
        size_t len = strlen(holes);
        int k = 0;
        for (int h = 0; h < sa->holes && len + 8 < sizeof holes; h++)
            if (ga->board[h] != gb->board[h])
                len += (size_t)snprintf(holes + len, sizeof holes - len,
                                        "%s%d", k++ ? " " : " (holes ", h);
        snprintf(holes + len, sizeof holes - len, ")");
    }
    if (board)
        what[n++] = holes;
    if (owners)
        what[n++] = "owners";
    if (ga->captured[0] != gb->captured[0] ||
        ga->captured[1] != gb->captured[1])
        what[n++] = "captured";
    if (!ga->over && !gb->over) {
        if (ga->to_move != gb->to_move)
            what[n++] = "player to move";
        bool legal = ga->nlegal != gb->nlegal;
        for (int i = 0; !legal && i < ga->nlegal; i++)
            legal = ga->legal[i] != gb->legal[i];
        if (legal)
            what[n++] = "legal moves";
        if (ga->phase != gb->phase)
            what[n++] = "phase";
    }
    if (ga->over && gb->over) {
        const sow_result *x = &ga->result, *y = &gb->result;
        if (x->reason != y->reason || x->stuck_seeds != y->stuck_seeds)
            what[n++] = "how the game ended";
        if (x->winner != y->winner || x->unfinished != y->unfinished)
            what[n++] = "winner";
        if (x->has_score != y->has_score ||
            (x->has_score &&
             (x->score[0] != y->score[0] || x->score[1] != y->score[1])))
            what[n++] = "score";
    }
    if (a->done && b->done && sa->match &&
        (a->m.winner != b->m.winner || strcmp(a->m.reason, b->m.reason)))
        what[n++] = "the match result";
    size_t len = 0;
    buf[0] = 0;
    for (int i = 0; i < n && len < size; i++)
        len += (size_t)snprintf(buf + len, size - len, "%s%s", i ? ", " : "",
                                what[i]);
    return n;
}

/* Replay tokens 0..upto-1 under a reading, then token upto as far as
 * `stage`; the side is left where the comparison was made. Returns 0, or
 * 1 when the reading cannot be opened or replayed (nothing printed). */
static int probe(side *x, const char *variant, const reading *r, char **tok,
                 int upto, part_stage stage)
{
    memset(x, 0, sizeof *x);
    x->name = r->name;
    x->last = -1;
    sow_error err;
    if (cli_open(&x->cg, variant, &r->o, &err))
        return 1;
    x->open = true;
    if (sow_match_start(&x->cg.eng, &x->m, &x->g, &err))
        return 1;
    if (stage == PART_START)
        return 0;
    if (side_next(x, &err))
        return 1;
    for (int i = 0; i <= upto; i++) {
        int rc = side_play(x, tok[i]);
        if (rc < 0 || (rc && i < upto))
            return 1;
        if (i == upto && stage != PART_NEXT)
            break;
        if (rc == 0 && side_next(x, &err))
            return 1;
    }
    return 0;
}

/* With several options differing: which one alone (A with B's value of
 * it) gives B's side at the parting point. */
static void show_blame(const char *variant, const side *a, const side *b,
                       const reading r[2], char **tok, int upto,
                       part_stage stage)
{
    const sow_variant *v = a->cg.v;
    printf("each option alone (A with B's value of it):\n");
    for (int i = 0; i < v->noptions; i++) {
        const sow_option_def *d = &v->options[i];
        char va[128], vb[128], arg[200], what[256];
        sow_optval_format(d, a->cg.opts.val[i], va, sizeof va);
        sow_optval_format(d, b->cg.opts.val[i], vb, sizeof vb);
        if (strcmp(va, vb) == 0)
            continue;
        reading t = r[0];
        snprintf(arg, sizeof arg, "%s=%s", d->name, vb);
        if (t.o.n < CLI_MAX_OPTION_ARGS)
            t.o.arg[t.o.n++] = arg;
        side x;
        const char *verdict;
        if (probe(&x, variant, &t, tok, upto, stage)) {
            verdict = "cannot be tried alone (it needs another option, or "
                      "the moves do not replay)";
        } else {
            bool refused = x.why[0] != 0;
            bool like_b = refused == (b->why[0] != 0) &&
                          side_diff(&x, b, what, sizeof what) == 0;
            bool like_a = refused == (a->why[0] != 0) &&
                          side_diff(&x, a, what, sizeof what) == 0;
            verdict = like_b   ? "gives B's result here: this option makes "
                                 "the difference"
                      : like_a ? "gives A's result here: it changes nothing "
                                 "at this ply"
                               : "gives neither A's nor B's result here";
        }
        side_close(&x);
        printf("  %s=%s %s\n", d->name, vb, verdict);
    }
}

int compare_run_moves(const char *variant, reading r[2], const char *moves)
{
    size_t len = strlen(moves);
    char *buf = malloc(len + 1);
    char **tok = malloc(sizeof *tok * (len / 2 + 2));
    side a, b;
    memset(&a, 0, sizeof a);
    memset(&b, 0, sizeof b);
    int rc = 1;
    if (!buf || !tok) {
        fprintf(stderr, "sow %s: out of memory\n", C);
        goto out;
    }
    memcpy(buf, moves, len + 1);
    int nt = cli_split_moves(buf, tok, (int)(len / 2 + 2));
    if (side_start(&a, variant, &r[0]) || side_start(&b, variant, &r[1]))
        goto out;
    char opts_a[512], opts_b[512], what[256];
    int ndiff = compare_differing(&a.cg, &b.cg, 0, opts_a, sizeof opts_a);
    compare_differing(&a.cg, &b.cg, 1, opts_b, sizeof opts_b);
    if (ndiff == 0) {
        rc = cli_usage(C, "--a and --b give the same reading; give options "
                          "that differ");
        goto out;
    }
    printf("compare %s: A %s; B %s; %d token%s\n", a.cg.v->id, opts_a, opts_b,
           nt, nt == 1 ? "" : "s");
    part_stage stage = PART_START;
    int at = -1;
    sow_error err;
    bool parted = side_diff(&a, &b, what, sizeof what) > 0;
    if (!parted) {
        if (side_next(&a, &err) || side_next(&b, &err)) {
            cli_error(C, &err);
            goto out;
        }
        parted = side_diff(&a, &b, what, sizeof what) > 0;
    }
    for (int i = 0; !parted && i < nt; i++) {
        int ply = a.g.ply;
        int ra = side_play(&a, tok[i]), rb = side_play(&b, tok[i]);
        if (ra < 0 || rb < 0) {
            const side *x = ra < 0 ? &a : &b;
            fprintf(stderr, "sow %s: reading %s: token %d ('%.40s'): %s\n",
                    C, x->name, i + 1, tok[i], x->why);
            goto out;
        }
        at = i;
        if (ra && rb) {
            fprintf(stderr, "sow %s: token %d ('%.40s'): ply %d%s: %s (under "
                            "both readings)\n",
                    C, i + 1, tok[i], ply,
                    a.cg.setup.match ? " of this game of the match" : "",
                    a.why);
            goto out;
        }
        if (ra != rb) {
            stage = PART_TOKEN;
            parted = true;
            snprintf(what, sizeof what, "token %d ('%.40s') is legal under "
                                        "%s only",
                     i + 1, tok[i], ra ? "B" : "A");
            break;
        }
        if (side_diff(&a, &b, what, sizeof what)) {
            stage = PART_MOVE;
            parted = true;
            break;
        }
        if (side_next(&a, &err) || side_next(&b, &err)) {
            cli_error(C, &err);
            goto out;
        }
        if (side_diff(&a, &b, what, sizeof what)) {
            stage = PART_NEXT;
            parted = true;
        }
    }
    rc = 0;
    if (!parted) {
        char status[800];
        compare_side_status(&a, status, sizeof status);
        printf("the readings agree on all %d plies: the same boards, "
               "captures, players to move, legal moves and results\n%s\n",
               nt, status);
        goto out;
    }
    static const char *const when[] = {"at the start, before any move",
                                       "at token %d ('%s')",
                                       "after token %d ('%s')",
                                       ("when the next game starts, after "
                                        "token %d ('%s')")};
    char where[200];
    snprintf(where, sizeof where, when[stage], at + 1,
             at >= 0 ? tok[at] : "");
    printf("the readings part %s; they differ in: %s\n", where, what);
    bool match_ends = stage == PART_NEXT && a.done != b.done;
    if (match_ends || a.g.over != b.g.over) {
        bool first = match_ends ? a.done : a.g.over;
        const side *o = first ? &a : &b, *x = first ? &b : &a;
        char why[160];
        printf("the %s ends under %s (%s) and goes on under %s\n",
               match_ends ? "match" : "game", o->name,
               match_ends ? o->m.reason
                          : sow_result_text(&o->cg.setup, &o->g, why,
                                            sizeof why),
               x->name);
    } else if (stage == PART_TOKEN) {
        const side *x = a.why[0] ? &a : &b;
        printf("under %s: %s\n", x->name, x->why);
    }
    compare_show_side(&a, opts_a);
    compare_show_side(&b, opts_b);
    compare_show_rules(&a, &b);
    if (ndiff > 1)
        show_blame(variant, &a, &b, r, tok, at, stage);
out:
    side_close(&a);
    side_close(&b);
    free(buf);
    free(tok);
    return rc;
}
