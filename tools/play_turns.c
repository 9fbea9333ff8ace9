/* play_turns.c - a person's turn of several decisions in sow play (C2.3,
 * BK.5-BK.7): the first decision typed, then each choice the turn comes
 * to asked in words (which kichwa the captured seeds are sown from; at
 * the working nyumba, go on or stop), the forced parts told. */
#include <stdlib.h>
#include <string.h>

#include "play.h"
#include "sow_draw.h"

typedef struct turns {
    char tok[SOW_MAX_LEGAL][96];
    int n;
} turns;

/* The part of token t after the prefix of length k: up to the next comma
 * (its length in *len), or NULL when t does not go on after it. */
static const char *next_part(const char *t, size_t k, size_t *len)
{
    if (t[k] != ',')
        return NULL;
    const char *p = t + k + 1, *e = strchr(p, ',');
    *len = e ? (size_t)(e - p) : strlen(p);
    return p;
}

/* A part in words: "the kichwa a2" for k8, "go on" and "stop" for the
 * nyumba's choice (BK.6, BK.7(c)), in the game's words
 * (capture_from_ends.words). */
static void part_words(const sow_setup *s, const char *p, size_t len,
                       char *buf, size_t size)
{
    const char(*w)[SOW_ENDS_WORD_MAX] = s->v->ends_words;
    if (p[0] == 'k') {
        char label[16];
        sow_hole_label(s, atoi(p + 1), label, sizeof label);
        snprintf(buf, size, "the %s %s (%.*s)", w[0], label, (int)len, p);
    } else if (len == 2 && strncmp(p, "go", 2) == 0) {
        snprintf(buf, size, "go (take up the %s and sow on)", w[1]);
    } else {
        snprintf(buf, size, "stop (end the turn at the %s)", w[1]);
    }
}

/* Whether the person's answer w names part p: the part itself, the
 * kichwa's hole label or number, or go/stop. */
static bool names_part(const sow_setup *s, const char *w, const char *p,
                       size_t len)
{
    if (strlen(w) == len && strncmp(w, p, len) == 0)
        return true;
    return p[0] == 'k' && sow_hole_from_label(s, w) == atoi(p + 1);
}

/* The choices after the first decision, asked one by one until the
 * prefix is one whole legal token; 0, or -1 at the end of input. */
static int ask_parts(const sow_setup *s, const turns *t, char *prefix,
                     size_t size)
{
    for (;;) {
        const size_t k = strlen(prefix);
        const char *opt[4];
        size_t olen[4];
        int no = 0;
        for (int i = 0; i < t->n; i++) {
            size_t l;
            const char *p = strncmp(t->tok[i], prefix, k) == 0
                                ? next_part(t->tok[i], k, &l)
                                : NULL;
            bool seen = false;
            for (int j = 0; p && j < no && !seen; j++)
                seen = olen[j] == l && strncmp(opt[j], p, l) == 0;
            if (p && !seen && no < 4) {
                opt[no] = p;
                olen[no++] = l;
            }
        }
        if (no == 0)
            return 0; /* the whole turn */
        char words[2][96];
        int pick = 0;
        if (no == 1) { /* forced by the rules: told, not asked */
            part_words(s, opt[0], olen[0], words[0], sizeof words[0]);
            printf("the rules choose %s\n", words[0]);
        }
        while (no > 1) {
            part_words(s, opt[0], olen[0], words[0], sizeof words[0]);
            part_words(s, opt[1], olen[1], words[1], sizeof words[1]);
            printf("%s%s: %s or %s> ",
                   opt[0][0] == 'k' ? "sow the captured seeds from"
                                    : "at your ",
                   opt[0][0] == 'k' ? "" : s->v->ends_words[1], words[0],
                   words[1]);
            fflush(stdout);
            char line[64];
            if (!fgets(line, sizeof line, stdin)) {
                printf("\n");
                return -1;
            }
            line[strcspn(line, "\r\n \t")] = 0;
            for (pick = 0; pick < no; pick++)
                if (names_part(s, line, opt[pick], olen[pick]))
                    break;
            if (pick < no)
                break;
            printf("'%s' is not one of them\n", line);
        }
        snprintf(prefix + k, size - k, ",%.*s", (int)olen[pick], opt[pick]);
    }
}

/* play_ask_turn with room for the legal turns' tokens in *t. */
static int ask_turn(const sow_setup *s, const sow_game *g, const char *w,
                    sow_move *out, turns *t)
{
    t->n = g->nlegal;
    for (int i = 0; i < t->n; i++)
        sow_turn_format(t->tok[i], sizeof t->tok[i], s, g, g->legal[i]);
    char prefix[96];
    snprintf(prefix, sizeof prefix, "%s", w);
    bool starts = false; /* some legal turn starts with that decision */
    for (int i = 0; i < t->n && !starts; i++) {
        size_t k = strlen(prefix);
        starts = strncmp(t->tok[i], prefix, k) == 0 &&
                 (t->tok[i][k] == ',' || t->tok[i][k] == 0);
    }
    if (!starts)
        return 1;
    if (ask_parts(s, t, prefix, sizeof prefix))
        return -1;
    for (int i = 0; i < t->n; i++)
        if (strcmp(t->tok[i], prefix) == 0) {
            *out = g->legal[i];
            return 0;
        }
    return 1;
}

int play_ask_turn(const sow_setup *s, const sow_game *g, const char *w,
                  sow_move *out)
{
    turns *t = malloc(sizeof *t);
    if (!t)
        return 1;
    int r = ask_turn(s, g, w, out, t);
    free(t);
    return r;
}
