/* sow_lhowto.c - the how_to_play: section of a variant file
 * (sow_loader_int.h): the game in plain words for a learner, in the four
 * parts docs/how-to-play.md gives every shipped game, so that a new game
 * written in the page's workbench carries its own (issue 27). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sow_loader_int.h"

/* in the order of sow_howto_part */
static const char *const parts[] = {"board", "move", "capturing", "end",
                                    NULL};

/* Text as one paragraph into a new string (*out): the line breaks and
 * tabs of a YAML block become spaces, runs of spaces one, none at either
 * end; other control characters are refused. */
static int fold(ctx *c, const sow_ynode *n, const char *what, char **out)
{
    const char *t;
    if (sow_ystring(&c->y, n, what, &t))
        return SOW_ERR;
    size_t len = strlen(t);
    if (len > 4 * SOW_HOWTO_MAX)
        return sow_yfail(&c->y, n, "%s is %zu bytes; a part holds at most "
                                   "%d: say it more briefly (the precise "
                                   "rules are under rules:)",
                         what, len, SOW_HOWTO_MAX);
    char *s = malloc(len + 1);
    if (!s)
        return sow_yfail(&c->y, n, "out of memory");
    size_t k = 0;
    for (size_t i = 0; i < len; i++) {
        unsigned char ch = (unsigned char)t[i];
        if (ch == '\n' || ch == '\r' || ch == '\t')
            ch = ' ';
        else if (ch < 0x20 || ch == 0x7f) {
            free(s);
            return sow_yfail(&c->y, n, "%s must be plain text (no control "
                                       "characters but line breaks)",
                             what);
        }
        if (ch == ' ' && (k == 0 || s[k - 1] == ' '))
            continue;
        s[k++] = (char)ch;
    }
    while (k && s[k - 1] == ' ')
        k--;
    s[k] = '\0';
    *out = s;
    if (!k)
        return sow_yfail(&c->y, n, "%s must not be empty: write a few "
                                   "sentences of plain words", what);
    if (k > SOW_HOWTO_MAX)
        return sow_yfail(&c->y, n, "%s is %zu bytes; a part holds at most "
                                   "%d: say it more briefly (the precise "
                                   "rules are under rules:)",
                         what, k, SOW_HOWTO_MAX);
    return SOW_OK;
}

/* The rule ids the text cites in brackets, "(OW.3)" or "(AB.2, AB.3)",
 * are listed under rules: (the page makes each a link to its text). A
 * bracket holding anything but rule ids is plain words, not a citation. */
static int check_cites(ctx *c, const sow_ynode *n, const char *what,
                       const char *text)
{
    for (const char *p = strchr(text, '('); p; p = strchr(p + 1, '(')) {
        const char *end = strchr(p, ')');
        if (!end)
            break;
        char ids[128];
        size_t len = (size_t)(end - p - 1);
        if (len == 0 || len >= sizeof ids)
            continue;
        memcpy(ids, p + 1, len);
        ids[len] = '\0';
        char *id[16];
        int nid = 0;
        bool all = true;
        /* split at commas and spaces in place (no strtok: loads may run
         * on several threads) */
        for (char *w = ids; all && *w;) {
            w += strspn(w, ", ");
            if (!*w)
                break;
            size_t m = strcspn(w, ", ");
            char *next = w + m + (w[m] != '\0');
            w[m] = '\0';
            all = nid < 16 && sow_lrule_id(w);
            if (all)
                id[nid++] = w;
            w = next;
        }
        if (!all)
            continue;
        for (int i = 0; i < nid; i++)
            if (!sow_variant_rule_text(c->v, id[i]))
                return sow_yfail(&c->y, n,
                                 "%s cites rule %s, which rules: does not "
                                 "list; add it there with its one-line "
                                 "text, or correct the id",
                                 what, id[i]);
    }
    return SOW_OK;
}

int sow_lhowto(ctx *c, const sow_ynode *n)
{
    if (sow_ymap(&c->y, n, "how_to_play") ||
        sow_ykeys(&c->y, n, "how_to_play", parts))
        return SOW_ERR;
    for (int i = 0; i < SOW_HOWTO_PARTS; i++) {
        const sow_ynode *x = sow_ynode_get(n, parts[i]);
        char what[32];
        snprintf(what, sizeof what, "how_to_play.%s", parts[i]);
        if (!x)
            return sow_yfail(&c->y, n,
                             "how_to_play needs all four parts, board, "
                             "move, capturing and end; '%s' is missing "
                             "(a paragraph of plain words each)",
                             parts[i]);
        if (fold(c, x, what, &c->v->how_to_play[i]) ||
            check_cites(c, x, what, c->v->how_to_play[i]))
            return SOW_ERR;
    }
    return SOW_OK;
}
