/* sow_layout.c - a whole setup in one ply (board.placing: layout; MW.2,
 * C2.3): the move that carries its counts, its token, its check and its
 * random draw. Stars and bars: a hand of H seeds over k holes is a row of
 * H + k - 1 bits with k - 1 ones (the bars between holes); a last 1 above
 * them closes the row, so the move knows its own length. */
#include "sow_layout.h"
#include "sow_text.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool sow_layout_too_long(const sow_setup *s)
{
    for (int p = 0; p < 2; p++) {
        int k = 0;
        for (int h = 0; h < s->holes; h++)
            k += s->home[h] == p;
        if (k > 0 && s->hand + k - 1 > SOW_LAYOUT_BITS)
            return true;
    }
    return false;
}

uint64_t sow_layout_holes(const sow_game *g, int p)
{
    return g->owns[p] & ~g->blocked & ~(g->claims[0] | g->claims[1]);
}

sow_move sow_layout_move(const int *counts, int n)
{
    uint64_t bits = 0;
    int at = 0;
    for (int i = 0; i < n; i++) {
        if (counts[i] < 0 || at + counts[i] + (i > 0) > SOW_LAYOUT_BITS)
            return -1;
        if (i > 0)
            bits |= (uint64_t)1 << at++; /* the bar before hole i */
        at += counts[i];
    }
    return SOW_MOVE_LAID | (sow_move)(bits | (uint64_t)1 << at);
}

int sow_layout_counts(sow_move m, int *counts, int max)
{
    if (!sow_move_is_laid(m))
        return -1;
    uint64_t bits = (uint64_t)(m & ~SOW_MOVE_LAID);
    if (!bits)
        return -1;
    int len = 63 - __builtin_clzll(bits), n = 0;
    if (max < 1)
        return -1;
    counts[0] = 0;
    for (int at = 0; at < len; at++) {
        if (!((bits >> at) & 1)) {
            counts[n]++;
        } else if (++n >= max) {
            return -1;
        } else {
            counts[n] = 0;
        }
    }
    return n + 1;
}

int sow_layout_problem(const sow_setup *s, const sow_game *g, sow_move m,
                       char *why, size_t size)
{
    const int p = g->to_move;
    const char *who = p ? "North" : "South";
    int c[SOW_LAYOUT_MAX];
    int n = sow_layout_counts(m, c, SOW_LAYOUT_MAX);
    uint64_t holes = sow_layout_holes(g, p);
    int k = __builtin_popcountll(holes), sum = 0;
    if (!s->lay_out || g->nlegal != 1 || g->legal[0] != SOW_MOVE_LAYOUT) {
        snprintf(why, size, "%s has no layout to make now: the layout is "
                 "the first ply of a player with seeds in hand "
                 "(board.placing: layout)", who);
        return 1;
    }
    if (n > k) {
        /* counts past the player's own: seeds in holes not theirs */
        snprintf(why, size, "it names %d counts, but %s owns %d holes "
                 "(holes %d to %d): a layout gives one count per hole of "
                 "the player's own, in increasing hole number, and none "
                 "for the opponent's", n, who, k, __builtin_ctzll(holes),
                 63 - __builtin_clzll(holes));
        return 1;
    }
    if (n < k) {
        snprintf(why, size, "it names %d count%s; %s owns %d holes and a "
                 "layout gives one count for each (0 for an empty hole), "
                 "in increasing hole number", n, n == 1 ? "" : "s", who, k);
        return 1;
    }
    for (int i = 0; i < n; i++)
        sum += c[i];
    if (sum != g->hand[p]) {
        snprintf(why, size, "its counts sum to %d; %s has %d seeds in hand "
                 "and a layout places them all", sum, who, g->hand[p]);
        return 1;
    }
    return 0;
}

sow_move sow_layout_draw(const sow_game *g, sow_rng *rng)
{
    /* selection sampling: each of the C(H+k-1, k-1) rows of bits with
     * k - 1 bars is equally likely, so is each arrangement */
    const int p = g->to_move;
    int k = __builtin_popcountll(sow_layout_holes(g, p));
    int len = g->hand[p] + k - 1, bars = k - 1;
    uint64_t bits = 0;
    for (int at = 0; at < len && bars > 0; at++)
        if (sow_rng_below(rng, len - at) < bars) {
            bits |= (uint64_t)1 << at;
            bars--;
        }
    return SOW_MOVE_LAID | (sow_move)(bits | (uint64_t)1 << (len < 0 ? 0
                                                                     : len));
}

int sow_layout_format(char *buf, size_t size, sow_move m)
{
    int c[SOW_LAYOUT_MAX];
    int n = sow_layout_counts(m, c, SOW_LAYOUT_MAX);
    if (n < 0)
        return snprintf(buf, size, "layout:?");
    size_t len = (size_t)snprintf(buf, size, "layout:");
    for (int i = 0; i < n && len < size; i++)
        len += (size_t)snprintf(buf + len, size - len, "%s%d", i ? "," : "",
                                c[i]);
    return (int)len;
}

/* The holes player p owns at the start (C0.6, C2.1). */
static int own_holes(const sow_setup *s, int p)
{
    int k = 0;
    for (int h = 0; h < s->holes; h++)
        k += s->home[h] == p;
    return k;
}

int sow_layout_pattern(char *buf, size_t size, const sow_setup *s,
                       const sow_game *g)
{
    if (g) /* the player to move's holes and hand: rounds of territory
              give the players holes of different numbers (C1.6) */
        return snprintf(buf, size, "layout:%d*N=%d",
                        __builtin_popcountll(sow_layout_holes(g, g->to_move)),
                        g->hand[g->to_move]);
    return snprintf(buf, size, "layout:%d*N=%d", own_holes(s, 0), s->hand);
}

bool sow_layout_is_pattern(const sow_setup *s, const sow_game *g,
                           const char *token)
{
    char p[64];
    sow_layout_pattern(p, sizeof p, s, g);
    return s->lay_out && strcmp(p, token) == 0;
}

/* The rule id of the variant's placing (explain.place), or "". */
static const char *place_cite(const sow_setup *s)
{
    const char *c = s->v->cite[SOW_CITE_PLACE];
    return c ? c : "";
}

int sow_layout_parse(const sow_setup *s, const char *token, sow_move *out,
                     sow_error *err)
{
    const char *t = token + strlen("layout:");
    int c[SOW_LAYOUT_MAX], n = 0;
    if (strchr(t, '*'))
        return sow_error_set(err, NULL, 0, 0,
                             "move '%.*s' is the legal list's pattern of a "
                             "layout; play one by its counts, as "
                             "layout:2,2,...,2 (%s%sC2.3)",
                             SOW_CLIP(token, 40), place_cite(s),
                             *place_cite(s) ? ", " : "");
    for (;;) {
        if (n >= SOW_LAYOUT_MAX)
            return sow_error_set(err, NULL, 0, 0,
                                 "move 'layout:...': more than %d counts; "
                                 "a layout gives one count per hole of the "
                                 "player's own (C2.3)",
                                 SOW_LAYOUT_MAX);
        /* (where rounds of territory give the players other holes, the
         * move's own check counts the player's holes of that round) */
        if (n == own_holes(s, 0) && n == own_holes(s, 1) &&
            !s->round_territory)
            return sow_error_set(err, NULL, 0, 0,
                                 "move '%.*s': more than %d counts, but a "
                                 "player owns %d holes: a layout gives one "
                                 "count per hole of the player's own, in "
                                 "increasing hole number, and none for "
                                 "the opponent's (%s%sC2.3)",
                                 SOW_CLIP(token, 40), n, n, place_cite(s),
                                 *place_cite(s) ? ", " : "");
        if (*t < '0' || *t > '9' || (t[0] == '0' && t[1] >= '0' &&
                                     t[1] <= '9'))
            return sow_error_set(err, NULL, 0, 0,
                                 "move '%.*s': count %d is not a number "
                                 "of seeds (0 or more); write layout: then one count "
                                 ">= 0 per own hole, separated by commas, "
                                 "as layout:2,2,0,4 (C2.3)",
                                 SOW_CLIP(token, 60), n + 1);
        errno = 0;
        char *end;
        long v = strtol(t, &end, 10);
        if (errno || v > 32767)
            return sow_error_set(err, NULL, 0, 0,
                                 "move '%.*s': count %d is too large",
                                 SOW_CLIP(token, 60), n + 1);
        c[n++] = (int)v;
        t = end;
        if (!*t)
            break;
        if (*t++ != ',')
            return sow_error_set(err, NULL, 0, 0,
                                 "move '%.*s': counts are separated by "
                                 "commas, without spaces (C2.3)",
                                 SOW_CLIP(token, 60));
    }
    sow_move m = sow_layout_move(c, n);
    if (m < 0)
        return sow_error_set(err, NULL, 0, 0,
                             "move '%.*s': %d counts holding that many "
                             "seeds are more than any layout can be",
                             SOW_CLIP(token, 60), n);
    *out = m;
    return SOW_OK;
}

void sow_layout_apply(sow_game *g, sow_move m, const sow_observer *obs)
{
    const int p = g->to_move;
    int c[SOW_LAYOUT_MAX];
    int n = sow_layout_counts(m, c, SOW_LAYOUT_MAX), i = 0;
    for (uint64_t h = sow_layout_holes(g, p); h && i < n; h &= h - 1, i++) {
        const int hole = __builtin_ctzll(h);
        if (!c[i])
            continue;
        g->board[hole] = (uint16_t)(g->board[hole] + c[i]);
        g->hand[p] = (int16_t)(g->hand[p] - c[i]);
        g->on_board += c[i];
        if (obs && obs->on_event) {
            sow_event ev = {SOW_EV_PLACE, p, hole, g->board[hole],
                            g->hand[p], c[i]};
            obs->on_event(obs->ctx, &ev);
        }
    }
}
