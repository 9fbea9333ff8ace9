/* fuzz.h - what the libFuzzer harnesses of tests/fuzz share: the
 * repository root (to find variants/), opening a shipped variant with its
 * script, a small deterministic generator, and the checks every error
 * message must pass (one non-empty line, no control characters). */
#ifndef SOW_FUZZ_H
#define SOW_FUZZ_H

#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sow_kit.h"

/* The repository root: $SOW_ROOT, or the nearest folder above the
 * harness binary (build/fuzz/fuzz_x) that holds variants/. */
static inline const char *fuzz_root(void)
{
    static char root[PATH_MAX];
    if (root[0])
        return root;
    const char *env = getenv("SOW_ROOT");
    if (env && *env) {
        snprintf(root, sizeof root, "%s", env);
        return root;
    }
    char dir[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", dir, sizeof dir - 1);
    if (n <= 0) {
        snprintf(root, sizeof root, ".");
        return root;
    }
    dir[n] = 0;
    char *slash;
    while ((slash = strrchr(dir, '/')) != NULL) {
        *slash = 0;
        char probe[PATH_MAX + 32];
        snprintf(probe, sizeof probe, "%s/variants/adji_kui_1.yaml", dir);
        if (access(probe, R_OK) == 0) {
            snprintf(root, sizeof root, "%s", dir[0] ? dir : "/");
            return root;
        }
    }
    snprintf(root, sizeof root, ".");
    return root;
}

/* Abort (a finding) unless the error reads as one line with something in
 * it (a tab is let through): every error the library makes is printed that
 * way by `sow`. With
 * `echo` the message may quote what the user typed (a move token), so
 * only a line break is a finding. */
static inline void fuzz_check_error_as(const sow_error *e, int echo)
{
    if (!e->msg[0]) {
        fprintf(stderr, "finding: an error with an empty message\n");
        abort();
    }
    for (const unsigned char *p = (const unsigned char *)e->msg; *p; p++)
        if (echo ? *p == '\n'
                 : (*p < 0x20 && *p != '\t') || *p == 0x7f) {
            fprintf(stderr, "finding: a control character 0x%02x in the "
                            "error message: %s\n",
                    *p, e->msg);
            abort();
        }
}

static inline void fuzz_check_error(const sow_error *e)
{
    fuzz_check_error_as(e, 0);
}

/* A shipped variant, opened once (sow_kit.h; with script false, only the
 * variant, its options and its setup: the harness opens its own script). */
typedef struct fuzz_variant {
    sow_kit k;
} fuzz_variant;

static inline void fuzz_die(const sow_error *err)
{
    fprintf(stderr, "fuzz: %s:%d:%d: %s (set SOW_ROOT?)\n", err->path,
            err->line, err->col, err->msg);
    exit(2);
}

/* Open variants/<file> with the options (NULL-terminated NAME=VALUE).
 * Exits on failure: the harness cannot run without it. */
static inline void fuzz_open(fuzz_variant *f, const char *file,
                             const char *const *opts, int script)
{
    char path[PATH_MAX];
    sow_error err;
    memset(f, 0, sizeof *f);
    snprintf(path, sizeof path, "%s/variants/%s", fuzz_root(), file);
    int n = 0;
    while (opts && opts[n])
        n++;
    if (script) {
        if (sow_kit_open(&f->k, path, opts, n, 0, &err))
            fuzz_die(&err);
        return;
    }
    sow_kit *k = &f->k;
    if (sow_variant_load(path, &k->v, &err))
        fuzz_die(&err);
    k->owns_variant = true;
    sow_optset_defaults(k->v, &k->opts);
    for (int i = 0; i < n; i++)
        if (sow_optset_apply(k->v, &k->opts, opts[i], &err))
            fuzz_die(&err);
    if (sow_optset_check(k->v, &k->opts, &err) ||
        sow_setup_init(&k->setup, k->v, &k->opts, &err))
        fuzz_die(&err);
}

/* splitmix64: the moves a harness picks follow from the input alone. */
static inline uint64_t fuzz_rand(uint64_t *st)
{
    uint64_t z = (*st += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static inline uint64_t fuzz_hash(const uint8_t *data, size_t size)
{
    uint64_t h = 1469598103934665603ULL;
    for (size_t i = 0; i < size; i++)
        h = (h ^ data[i]) * 1099511628211ULL;
    return h;
}

/* Play up to `plies` random legal moves of a started game (a match goes
 * on to its next game). Errors end the game; each is checked. */
static inline long fuzz_seeds(const sow_setup *s, const sow_game *g)
{
    long n = 0;
    for (int h = 0; h < s->holes; h++)
        n += g->board[h];
    if (n != g->on_board) {
        fprintf(stderr, "finding: on_board %ld, but the holes hold %ld\n",
                (long)g->on_board, n);
        abort();
    }
    return n + g->captured[0] + g->captured[1] + g->hand[0] + g->hand[1];
}

static inline void fuzz_play(sow_engine *e, const sow_setup *s, sow_match *m,
                             sow_game *g, uint64_t seed, int plies)
{
    sow_error err;
    long seeds = fuzz_seeds(s, g);
    for (int i = 0; i < plies; i++) {
        if (g->over) {
            if (!s->match)
                return;
            if (sow_match_next(e, m, g, &err)) {
                fuzz_check_error(&err);
                return;
            }
            if (m->over)
                return;
            seeds = fuzz_seeds(s, g);
            continue;
        }
        if (g->nlegal <= 0)
            return;
        sow_move mv = g->legal[fuzz_rand(&seed) % (uint64_t)g->nlegal];
        sow_game before = *g;
        if (sow_engine_play(e, g, mv, &err)) {
            fuzz_check_error(&err);
            /* a failing move leaves the game as it was (its state: the
             * legal list past nlegal is not, sow_game_same) */
            if (!sow_game_same(&before, g)) {
                fprintf(stderr, "finding: a failed move changed the game\n");
                abort();
            }
            return;
        }
        /* seeds are conserved (C0.3): on the board or captured */
        if (fuzz_seeds(s, g) != seeds) {
            fprintf(stderr, "finding: %ld seeds before a move, %ld after\n",
                    seeds, fuzz_seeds(s, g));
            abort();
        }
    }
}

#endif
