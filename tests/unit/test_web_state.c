/* test_web_state.c - the page's own request, `sow state` (web/web_main.c),
 * built natively and called in-process, as the page's worker calls it:
 * a move list longer than any fixed array (issue 23: 100,000 moves were
 * kept in a static array and read past its end), and its output as JSON
 * with every move. The command's own main (sow_cli_main) is not needed
 * here: a stub stands in for it. Run from the project's root. */
/* first: cmocka's fail() macro would rename web_main.c's fail() */
#define main web_main
#include "../../web/web_main.c"
#undef main

#include "unit.h"

#include <fcntl.h>

int sow_cli_main(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    return 99;
}

#define ENDLESS "tests/variants/endless.yaml"

/* Runs `sow state ENDLESS --moves MOVES` with its output in a file;
 * returns the output (malloc'd) and its exit status in *rc. */
static char *run_state(const char *moves, int *rc)
{
    char path[] = "/tmp/sow-web-state-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    fflush(stdout);
    int saved = dup(STDOUT_FILENO);
    dup2(fd, STDOUT_FILENO);
    char *argv[] = {"sow", "state", ENDLESS, "--moves", (char *)moves, NULL};
    *rc = web_main(5, argv);
    fflush(stdout);
    dup2(saved, STDOUT_FILENO);
    close(saved);
    off_t size = lseek(fd, 0, SEEK_END);
    char *out = malloc((size_t)size + 1);
    assert_non_null(out);
    assert_int_equal(pread(fd, out, (size_t)size, 0), size);
    out[size] = 0;
    close(fd);
    unlink(path);
    return out;
}

/* n moves of the endless game: 0 1 0 1 ... */
static char *endless_moves(int n)
{
    char *m = malloc((size_t)n * 2 + 1);
    assert_non_null(m);
    for (int i = 0; i < n; i++) {
        m[2 * i] = (char)('0' + i % 2);
        m[2 * i + 1] = ' ';
    }
    m[n ? 2 * n - 1 : 0] = 0;
    return m;
}

/* The entries of the JSON array after "name":[, each a one-character
 * token; with want, each is checked against want(i). */
static int array_len(const char *out, const char *name, char (*want)(int))
{
    char key[32];
    snprintf(key, sizeof key, "\"%s\":[", name);
    const char *p = strstr(out, key);
    assert_non_null(p);
    p += strlen(key);
    int n = 0;
    while (*p == '"') {
        assert_int_equal(p[2], '"'); /* one character */
        if (want && p[1] != want(n))
            fail_msg("%s[%d] is '%c', not '%c'", name, n, p[1], want(n));
        n++;
        p += 3;
        if (*p == ',')
            p++;
    }
    assert_int_equal(*p, ']');
    return n;
}

/* The endless game's i-th move, and the move legal after an odd number */
static char endless_move(int i)
{
    return (char)('0' + i % 2);
}

static char north_hole(int i)
{
    (void)i;
    return '1';
}

static void test_long_move_list(void **state)
{
    (void)state;
    const int n = 200001; /* twice the old array, and odd: North to move */
    char *moves = endless_moves(n);
    int rc;
    char *out = run_state(moves, &rc);
    assert_int_equal(rc, 0);
    /* every move as it was played, none read from past an array */
    assert_int_equal(array_len(out, "moves", endless_move), n);
    assert_non_null(strstr(out, "{\"ply\":200001,\"game\":1,\"to_move\":1"));
    assert_int_equal(array_len(out, "legal", north_hole), 1);
    assert_non_null(strstr(out, "\"board\":[0,2]"));
    free(out);
    free(moves);
}

static void test_no_moves(void **state)
{
    (void)state;
    int rc;
    char *out = run_state("", &rc);
    assert_int_equal(rc, 0);
    assert_int_equal(array_len(out, "moves", NULL), 0);
    assert_non_null(strstr(out, "{\"ply\":0,\"game\":1,\"to_move\":0"));
    free(out);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_no_moves),
        cmocka_unit_test(test_long_move_list),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
