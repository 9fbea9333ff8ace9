/* sow_egdb_rules.c - the rules an endgame database answers for
 * (sow_egdb.h; docs/solving.md): what can have one, and the digest of its
 * rules that names its file and that opening it checks. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sow_egdb_int.h"
#include "sow_file.h"
#include "sow_num.h"
#include "sow_solve.h"

/* ---- what can have a database ------------------------------------------ */

int sow_egdb_check(const sow_setup *s, sow_error *err)
{
    const sow_variant *v = s->v;
    const char *why = NULL;
    if (v->script)
        why = "it has a script (a hook may read anything)";
    else if (s->match || s->rounds)
        why = "it is played as a match or in rounds (the stores carry over)";
    else if (s->no_score || s->no_moves_lose ||
             s->cleared_winner != SOW_CLEARED_SCORE)
        why = "its winner is not the one with the higher total (or it "
              "has no scores)";
    else if (s->repetition)
        why = "the repetition rule is on (a value would depend on the "
              "positions before it)";
    else if (s->no_capture_plies > 0)
        why = "a no-capture limit is on (a value would depend on the plies "
              "since a capture)";
    else if (sow_solve_ply_until(s) > 0)
        why = "a rule reads the ply (an opening rule or phase)";
    else if (v->ndecisions > 0 || v->nphases > 0)
        why = "it has decision moves or phases";
    else if (s->dir_rule == SOW_DIR_CHOSEN)
        why = "the direction is chosen once per game";
    else if (s->no_undo || s->rest == SOW_REST_LAST_MOVER || s->row_empty_end)
        why = "a rule reads the last move (its mover or its seeds)";
    if (why)
        return sow_error_set(err, v->path, 0, 0,
                             "variant %s cannot have an endgame database: "
                             "%s; databases index the board, the player to "
                             "move and the stores alone (docs/solving.md)",
                             v->id, why);
    return SOW_OK;
}

/* ---- the rules' digest ------------------------------------------------- */

/* Setup t (made with other option values) is s's but for the start: its
 * seeds (and North's start of a round: SQ.1) and their total. A
 * database's positions and values read neither (the stores are indexed
 * only with a threshold, which the total sets, and then the threshold
 * differs), so a database serves both. The setup is plain data made
 * from zeroed memory (sow_setup_init), so its bytes compare, all but
 * the option values'. (The loader bounds an int option within
 * +-10^9, so the probes' arithmetic cannot overflow.) */
static bool same_but_start(const sow_setup *s, sow_setup *t)
{
    memcpy(t->start, s->start, sizeof t->start);
    memcpy(t->start_north, s->start_north, sizeof t->start_north);
    t->total = s->total;
    /* everything but the option values, whose padding is the caller's
     * (copied in whole: not zeroed, and valgrind says so) */
    const size_t a = offsetof(sow_setup, opts), b = a + sizeof s->opts;
    return memcmp(t, s, a) == 0 &&
           memcmp((const char *)t + b, (const char *)s + b,
                  sizeof *s - b) == 0;
}

/* Whether option k of s changes only the start: every setup made with
 * another value of it (an enum's and a bool's every one; an int's every
 * one where it has at most FEW_INTS, else the next values above and
 * below, its least, its most and its default) differs from s's in the
 * start alone. An int is read as a number wherever it is used, so a
 * rule it changes shows at its neighbours; its ends and default catch a
 * field that saturates (a value clamped). A value no setup can be made
 * with serves no game and is passed over; an enum value with a :K number
 * (any K) makes the option count. Kalah's `seeds` under
 * threshold_end=false changes only the start: Kalah(6,4), (6,5) and
 * (6,6) share one database; with the threshold on, half the seeds is the
 * threshold, and the option counts. */
#define FEW_INTS 64

static bool start_only(const sow_setup *s, int k, sow_setup *t)
{
    const sow_option_def *d = &s->v->options[k];
    const sow_optval now = s->opts.val[k];
    sow_optval probe[FEW_INTS + SOW_MAX_ENUM + 5];
    int n = 0;
    if (d->type == SOW_OPT_ENUM) {
        for (int i = 0; i < d->nvalues && i < SOW_MAX_ENUM; i++) {
            if (d->param[i])
                return false;
            if (i != now.index)
                probe[n++] = (sow_optval){i, 0};
        }
    } else if (d->type == SOW_OPT_BOOL) {
        probe[n++] = (sow_optval){0, !now.num};
    } else {
        const long step = d->step > 0 ? d->step : 1;
        if ((d->max - d->min) / step < FEW_INTS) {
            for (long x = d->min; x <= d->max; x += step)
                probe[n++] = (sow_optval){0, x};
        } else {
            const long at[5] = {now.num - step, now.num + step, d->min,
                                d->max, d->def.num};
            for (int i = 0; i < 5; i++)
                if (at[i] >= d->min && at[i] <= d->max)
                    probe[n++] = (sow_optval){0, at[i]};
        }
    }
    int made = 0;
    for (int i = 0; i < n; i++) {
        if (probe[i].index == now.index && probe[i].num == now.num)
            continue;
        sow_optset o = s->opts;
        o.val[k] = probe[i];
        sow_error e;
        if (sow_setup_init(t, s->v, &o, &e))
            continue; /* (no game is played with these values) */
        if (!same_but_start(s, t))
            return false;
        made++;
    }
    return made > 0;
}

int sow_egdb_digest(const sow_setup *s, uint64_t *out, sow_error *err)
{
    char *text = NULL;
    size_t len = 0;
    if (sow_file_read(s->v->path, 4u << 20, "variant file", &text, &len, err))
        return SOW_ERR;
    uint64_t h = sow_egdb_hash(0x6A09E667F3BCC908ULL, text, len);
    free(text);
    sow_setup *t = malloc(sizeof *t);
    if (!t)
        return sow_error_set(err, NULL, 0, 0, "out of memory");
    for (int k = 0; k < s->opts.n; k++) {
        if (start_only(s, k, t))
            continue;
        char buf[128];
        sow_optval_format(&s->v->options[k], s->opts.val[k], buf, sizeof buf);
        for (const char *c = buf; *c; c++)
            h = sow_hash_step(h, (uint64_t)(unsigned char)*c);
        h = sow_hash_step(h, 0x100 + (uint64_t)k);
    }
    free(t);
    *out = sow_mix64(h);
    return SOW_OK;
}

int sow_egdb_path(const sow_setup *s, const char *dir, char *buf,
                  size_t size, sow_error *err)
{
    uint64_t d;
    if (sow_egdb_digest(s, &d, err))
        return SOW_ERR;
    int n = snprintf(buf, size, "%s/%s-%016llx.egdb", dir, s->v->id,
                     (unsigned long long)d);
    if (n < 0 || (size_t)n >= size)
        return sow_error_set(err, NULL, 0, 0,
                             "the database folder's path is too long (%s)",
                             dir);
    return SOW_OK;
}

