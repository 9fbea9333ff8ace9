/* random_game.c - embedding libsow: open a variant, play one game (or
 * match) with uniformly random moves, print its record.
 *
 *   cc random_game.c $(pkg-config --cflags --libs sow) -o random_game
 *   ./random_game [VARIANT [SEED [NAME=VALUE...]]]
 *
 * VARIANT is an id (found in $SOW_VARIANTS or the installed variants) or
 * the path of a .yaml file; default adji-kui-1. The record (JSON Lines,
 * as `sow replay --json` writes it) goes to standard output, the move list
 * and the result to standard error. docs/embedding.md explains each call. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <sow/sow.h>

/* A tiny generator of our own (xorshift64*): the moves depend on SEED. */
static uint64_t next_random(uint64_t *x)
{
    *x ^= *x >> 12;
    *x ^= *x << 25;
    *x ^= *x >> 27;
    return *x * 0x2545F4914F6CDD1DULL;
}

static int fail(const char *what, const sow_error *err)
{
    char line[SOW_PATH_MAX + SOW_MSG_MAX + 32];
    sow_error_format(err, line, sizeof line);
    fprintf(stderr, "random_game: %s: %s\n", what, line);
    return 1;
}

int main(int argc, char **argv)
{
    const char *variant = argc > 1 ? argv[1] : "adji-kui-1";
    uint64_t x = argc > 2 ? strtoull(argv[2], NULL, 10) : 1;
    if (x == 0)
        x = 1; /* xorshift needs a state that is not zero */
    /* options: the arguments after the seed, NULL-terminated as argv is */
    const char *const *options = argc > 3 ? (const char *const *)argv + 3 : NULL;

    sow_session *s;
    sow_error err;
    if (sow_open(variant, options, &s, &err) != SOW_OK)
        return fail("cannot open the variant", &err);

    int legal[256];
    int n;
    while ((n = sow_session_legal(s, legal, 256)) > 0) {
        int move = legal[next_random(&x) % (uint64_t)(n < 256 ? n : 256)];
        if (sow_session_play_move(s, move, &err) != SOW_OK) {
            sow_session_close(s);
            return fail("a move failed", &err);
        }
    }

    char *record = sow_session_record(s, &err);
    if (!record) {
        sow_session_close(s);
        return fail("no record", &err);
    }
    fputs(record, stdout);
    free(record);

    /* the move list, as tokens, for `sow replay VARIANT --moves "..."` */
    int count = sow_session_moves(s, NULL, 0);
    int *moves = malloc(sizeof *moves * (size_t)(count ? count : 1));
    if (moves) {
        sow_session_moves(s, moves, count);
        fprintf(stderr, "moves:");
        for (int i = 0; i < count; i++) {
            char token[64];
            sow_session_move_text(s, moves[i], 0, token, sizeof token);
            fprintf(stderr, " %s", token);
        }
        fprintf(stderr, "\n");
        free(moves);
    }
    sow_state st;
    sow_session_state(s, &st);
    fprintf(stderr, "%s (libsow %s): %s\n", sow_session_name(s),
            sow_version(), st.result);
    sow_session_close(s);
    return 0;
}
