/* sow_spec.c - player spec strings: parse and print (sow_spec.h). */
#include "sow_spec.h"
#include "sow_num.h"
#include "sow_text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PLAYERS_HELP                                                         \
    "random[:by=decision], greedy, "                                          \
    "alphabeta[:depth=D][:ms=T][:tt=B][:db=DIR], "                            \
    "mcts[:iter=N][:ms=T][:c=X][:playout=P][:db=DIR], "                      \
    "perfect[:mib=M][:trust=1][:db=DIR]"

#define DEFAULT_DEPTH 6
#define DEFAULT_TT 16
#define DEFAULT_ITER 1000
#define DEFAULT_C 1.4
#define DEFAULT_PLAYOUT 1000
#define DEFAULT_MIB 64
#define NKINDS 5

/* ---- specs --------------------------------------------------------------- */

static const char *const kind_names[NKINDS] = {"random", "greedy",
                                                "alphabeta", "mcts",
                                                "perfect"};

/* random's one parameter, p ("by=..."; eq its '=' or NULL): by=turn,
 * each legal move alike (the default), or by=decision, a turn of several
 * decisions drawn one decision at a time (C2.3). */
static int random_param(const char *text, const char *p, const char *eq,
                        sow_player_spec *out, sow_error *err)
{
    if (!eq || eq - p != 2 || strncmp(p, "by", 2) ||
        (strcmp(eq + 1, "turn") && strcmp(eq + 1, "decision")))
        return sow_error_set(err, NULL, 0, 0,
                             "player '%s': random takes only by=turn (each "
                             "legal move alike, the default) or by=decision "
                             "(a turn of several decisions drawn one "
                             "decision at a time), not '%s'",
                             text, p);
    out->by_decision = strcmp(eq + 1, "decision") == 0;
    return SOW_OK;
}

/* One KEY=VALUE parameter of a searching player (alphabeta, mcts,
 * perfect) into out. */
static int search_param(const char *text, int kind, const char *key,
                        const char *val, sow_player_spec *out,
                        sow_error *err)
{
    long n = 0;
    const char *range = NULL;
    if (kind == SOW_PLAYER_PERFECT && strcmp(key, "mib") == 0) {
        if (sow_parse_long(val, 1, 1 << 20, &n))
            range = "a whole number of MiB from 1 to 1048576";
        out->mib = n;
    } else if (kind == SOW_PLAYER_PERFECT && strcmp(key, "trust") == 0) {
        if (sow_parse_long(val, 0, 1, &n))
            range = "0 or 1";
        out->trust = n == 1;
    } else if (strcmp(key, "db") == 0) {
        /* a folder (sow_egdb_path names the file in it); the spec's
         * text has no ':' and no ',' in it, which split specs */
        if (!*val || strlen(val) >= sizeof out->db)
            range = "a folder's path of 1 to 199 characters";
        else
            sow_text_fmt(out->db, sizeof out->db, "%s", val);
    } else if (kind == SOW_PLAYER_PERFECT) {
        return sow_error_set(err, NULL, 0, 0,
                             "player '%s': perfect has no parameter "
                             "'%s'; its parameters: mib, trust, db",
                             text, key);
    } else if (strcmp(key, "ms") == 0) {
        if (sow_parse_long(val, 1, 3600000, &n))
            range = "a whole number of milliseconds from 1 to 3600000";
        out->ms = n;
    } else if (kind == SOW_PLAYER_ALPHABETA && strcmp(key, "depth") == 0) {
        if (sow_parse_long(val, 1, SOW_SEARCH_MAX_DEPTH, &n))
            range = "a whole number from 1 to 64";
        out->depth = (int)n;
    } else if (kind == SOW_PLAYER_ALPHABETA && strcmp(key, "tt") == 0) {
        if (sow_parse_long(val, 10, 26, &n))
            range = "a whole number from 10 to 26 (2^B entries of 16 "
                    "bytes)";
        out->tt = (int)n;
    } else if (kind == SOW_PLAYER_MCTS && strcmp(key, "iter") == 0) {
        if (sow_parse_long(val, 1, 100000000, &n))
            range = "a whole number from 1 to 100000000";
        out->iter = n;
    } else if (kind == SOW_PLAYER_MCTS && strcmp(key, "playout") == 0) {
        if (sow_parse_long(val, 1, 1000000, &n))
            range = "a whole number of plies from 1 to 1000000";
        out->playout = (int)n;
    } else if (kind == SOW_PLAYER_MCTS && strcmp(key, "c") == 0) {
        double c = 0;
        if (sow_parse_double(val, 0, 100, &c))
            range = "a number from 0 to 100";
        out->c = c;
    } else {
        return sow_error_set(err, NULL, 0, 0,
                             "player '%s': %s has no parameter '%s'; "
                             "its parameters: %s",
                             text, kind_names[kind], key,
                             kind == SOW_PLAYER_ALPHABETA
                                 ? "depth, ms, tt, db"
                                 : "iter, ms, c, playout, db");
    }
    if (range)
        return sow_error_set(err, NULL, 0, 0,
                             "player '%s': %s takes %s, not '%s'", text,
                             key, range, val);
    return SOW_OK;
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
    for (int k = 0; k < NKINDS; k++)
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
    out->mib = DEFAULT_MIB;
    char *p = colon ? colon + 1 : NULL;
    while (p) {
        char *next = strchr(p, ':');
        if (next)
            *next++ = 0;
        char *eq = strchr(p, '=');
        if (kind == SOW_PLAYER_GREEDY)
            return sow_error_set(err, NULL, 0, 0,
                                 "player '%s': %s takes no parameters",
                                 text, kind_names[kind]);
        if (kind == SOW_PLAYER_RANDOM) {
            if (random_param(text, p, eq, out, err))
                return SOW_ERR;
            p = next;
            continue;
        }
        if (!eq || eq == p)
            return sow_error_set(err, NULL, 0, 0,
                                 "player '%s': '%s' is not KEY=VALUE; "
                                 "e.g. %s",
                                 text, p,
                                 kind == SOW_PLAYER_ALPHABETA
                                     ? "alphabeta:depth=7"
                                 : kind == SOW_PLAYER_PERFECT
                                     ? "perfect:mib=256"
                                     : "mcts:iter=2000");
        *eq = 0;
        if (search_param(text, kind, p, eq + 1, out, err))
            return SOW_ERR;
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
    if (sp->kind == SOW_PLAYER_RANDOM && sp->by_decision)
        ADD(":by=decision");
    if (sp->kind == SOW_PLAYER_ALPHABETA) {
        if (sp->depth)
            ADD(":depth=%d", sp->depth);
        if (sp->ms)
            ADD(":ms=%ld", sp->ms);
        if (sp->tt != DEFAULT_TT)
            ADD(":tt=%d", sp->tt);
    } else if (sp->kind == SOW_PLAYER_PERFECT) {
        if (sp->mib != DEFAULT_MIB)
            ADD(":mib=%ld", sp->mib);
        if (sp->trust)
            ADD(":trust=1");
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
    if (sp->db[0])
        ADD(":db=%s", sp->db);
#undef ADD
}


void sow_player_spec_complete(sow_player_spec *sp)
{
    if (sp->kind == SOW_PLAYER_ALPHABETA) {
        if (!sp->depth && !sp->ms)
            sp->depth = DEFAULT_DEPTH;
        if (sp->depth > SOW_SEARCH_MAX_DEPTH)
            sp->depth = SOW_SEARCH_MAX_DEPTH;
        if (sp->tt < 10 || sp->tt > 26)
            sp->tt = DEFAULT_TT;
    }
    if (sp->kind == SOW_PLAYER_PERFECT && sp->mib < 1)
        sp->mib = DEFAULT_MIB;
    if (sp->kind == SOW_PLAYER_MCTS) {
        if (!sp->iter && !sp->ms)
            sp->iter = DEFAULT_ITER;
        if (sp->playout <= 0)
            sp->playout = DEFAULT_PLAYOUT;
        if (!(sp->c >= 0))
            sp->c = DEFAULT_C;
    }
}
