/* test_plain.c - the plain rules' move of the solvers (sow_plain.h)
 * against the engine's: on random games of every board of Kalah from
 * 3x2 to 6x4, both readings of KA.4 and both of KA.5 (a), and of every
 * shipped variant the class accepts, each child of every position met is
 * made by both and compared field by field (the position, who moves, the
 * legal moves, the flags of an extra turn), and by the keyed move, whose
 * Zobrist words kept by XORs must be the child's made anew; where the plain move leaves a
 * child to the engine, the engine's child must have ended the game or
 * reached C1.7's threshold. The class refuses what it does not make
 * (scripts, relay laps, chains, claims, a row-empty end). */
#include "unit.h"
#include "fixture.h"

#include <dirent.h>
#include <limits.h>
#include "sow_plain.h"
#include "sow_rng.h"

#define KALAH "tests/variants/kalah_small.yaml"

typedef struct tally {
    long children, extra, captures, handed; /* compared; to the engine */
} tally;

/* Zobrist's words of g by table zt, from every hole (as the solver's
 * zobrist_key makes them). */
static void zob_words(const sow_plain_zob *zt, const sow_game *g, int holes,
                      uint64_t w[2])
{
    w[0] = g->to_move ? zt->mover[0] : 0;
    w[1] = g->to_move ? zt->mover[1] : 0;
    for (int h = 0; h < holes; h++)
        for (int k = 0; k < 2; k++)
            w[k] ^= zt->z[(size_t)h * zt->stride + 2 * g->board[h] + k];
}

/* Every child of g made by both moves and compared; the keyed move's
 * child too, and its words kept by XORs against those made anew. */
static void compare_children(unit_game *a, const sow_plain *p,
                             const sow_plain_zob *zt, const sow_game *g,
                             tally *t)
{
    const int holes = a->k.setup.holes;
    for (int i = 0; i < g->nlegal; i++) {
        sow_game e, f, k;
        sow_game_branch(&e, g);
        sow_game_branch(&f, g);
        sow_game_branch(&k, g);
        sow_error err;
        if (sow_engine_play_at(&a->k.eng, &e, i, &err))
            fail_msg("%s ply %d: %s", a->k.v->id, g->ply, err.msg);
        uint64_t kept[2], anew[2];
        zob_words(zt, g, holes, kept);
        const int handed = sow_plain_play_keyed(p, &k, i, zt, kept);
        if (handed != sow_plain_play_at(p, &f, i) ||
            (!handed &&
             (memcmp(&k, &f, offsetof(sow_game, nlegal)) != 0 ||
              k.nlegal != f.nlegal ||
              memcmp(k.legal, f.legal, (size_t)k.nlegal * sizeof *k.legal))))
            fail_msg("%s ply %d move %d: the keyed move differs", a->k.v->id,
                     g->ply, g->legal[i]);
        if (!handed) {
            zob_words(zt, &k, holes, anew);
            if (kept[0] != anew[0] || kept[1] != anew[1])
                fail_msg("%s ply %d move %d: the key kept by XORs is not "
                         "the child's", a->k.v->id, g->ply, g->legal[i]);
        }
        if (handed) {
            /* left to the engine: an end (KA.5) or the threshold's */
            if (!e.over && e.captured[0] < p->threshold &&
                e.captured[1] < p->threshold && e.ply < p->late_ply)
                fail_msg("%s ply %d move %d: left to the engine for no "
                         "end", a->k.v->id, g->ply, g->legal[i]);
            t->handed++;
            continue;
        }
        if (e.over)
            fail_msg("%s ply %d move %d: the engine ended the game, the "
                     "plain move did not", a->k.v->id, g->ply, g->legal[i]);
        if (memcmp(&e, &f, offsetof(sow_game, nlegal)) != 0 ||
            e.nlegal != f.nlegal ||
            memcmp(e.legal, f.legal, (size_t)e.nlegal * sizeof *e.legal))
            fail_msg("%s ply %d move %d: the plain move's child differs "
                     "from the engine's", a->k.v->id, g->ply, g->legal[i]);
        t->children++;
        t->extra += (e.move_flags & SOW_MOVED_EXTRA_TURN) != 0;
        t->captures += e.since_capture == 0;
    }
}

/* `games` random games of the open variant, every position compared. */
static void random_games(unit_game *a, int games, uint64_t seed, tally *t)
{
    const char *why = NULL;
    sow_plain p;
    sow_plain_init(&p, &a->k.setup, &why);
    if (!p.ok)
        fail_msg("%s: refused: %s", a->k.v->id, why);
    sow_rng rng;
    sow_rng_seed(&rng, seed);
    /* a table of Zobrist's words for the keyed move, step[] from z[] as
     * sow_plain.h says */
    const size_t stride = 2 * (size_t)(a->k.setup.total + 1);
    const size_t nz = (size_t)a->k.setup.holes * stride;
    uint64_t *z = malloc(2 * nz * sizeof *z);
    assert_non_null(z);
    for (size_t j = 0; j < nz; j++)
        z[j] = sow_rng_next(&rng);
    for (size_t j = 0; j < nz; j++)
        z[nz + j] = j % stride + 2 < stride ? z[j] ^ z[j + 2] : 0;
    sow_plain_zob zt = {z, z + nz, stride,
                        {sow_rng_next(&rng), sow_rng_next(&rng)}};
    for (int n = 0; n < games; n++) {
        sow_game g;
        sow_error err;
        if (sow_match_start(&a->k.eng, &a->m, &g, &err))
            fail_msg("%s", err.msg);
        while (!g.over) {
            compare_children(a, &p, &zt, &g, t);
            int i = sow_rng_below(&rng, g.nlegal);
            if (sow_engine_play_at(&a->k.eng, &g, i, &err))
                fail_msg("%s", err.msg);
        }
    }
    free(z);
}

/* KA.1-KA.5: every board from 3x2 to 6x4, KA.4 on_capture and always,
 * KA.5 (a) on and off. */
static void kalah_boards(void **state)
{
    (void)state;
    tally t = {0};
    for (int holes = 3; holes <= 6; holes++)
        for (int seeds = 2; seeds <= 4; seeds++)
            for (int k = 0; k < 4; k++) {
                char h[32], s[32];
                snprintf(h, sizeof h, "holes=%d", holes);
                snprintf(s, sizeof s, "seeds=%d", seeds);
                const char *opts[] = {
                    h, s, k & 1 ? "pick_own=always" : "pick_own=on_capture",
                    k & 2 ? "threshold_end=true" : "threshold_end=false",
                    NULL};
                unit_game a;
                unit_game_open(&a, KALAH, opts);
                random_games(&a, 20, (uint64_t)(holes * 100 + seeds * 10 + k),
                             &t);
                unit_game_close(&a);
            }
    /* thousands of children, with extra turns (C1.3), captures (KA.4)
     * and ends left to the engine among them */
    assert_true(t.children > 50000);
    assert_true(t.extra > 1000);
    assert_true(t.captures > 1000);
    assert_true(t.handed > 100);
}

/* Every shipped variant the class accepts, with its default options,
 * compared the same way; kalah among them. */
static void shipped_in_class(void **state)
{
    (void)state;
    DIR *d = opendir("variants");
    assert_non_null(d);
    struct dirent *de;
    int accepted = 0;
    bool kalah = false;
    while ((de = readdir(d))) {
        size_t len = strlen(de->d_name);
        if (len < 6 || strcmp(de->d_name + len - 5, ".yaml"))
            continue;
        char path[300];
        snprintf(path, sizeof path, "variants/%s", de->d_name);
        unit_game a;
        unit_game_open(&a, path, NULL);
        sow_plain p;
        sow_plain_init(&p, &a.k.setup, NULL);
        if (p.ok) {
            tally t = {0};
            random_games(&a, 10, (uint64_t)len, &t);
            assert_true(t.children > 100);
            accepted++;
            kalah = kalah || strcmp(a.k.v->id, "kalah") == 0;
        }
        unit_game_close(&a);
    }
    closedir(d);
    assert_true(kalah);
    assert_true(accepted >= 1);
}

/* What the class does not make is refused, with the reason. */
static void refused(void **state)
{
    (void)state;
    static const struct {
        const char *yaml, *opt, *why;
    } cases[] = {
        {"variants/oware.yaml", NULL, NULL}, /* chains, no stores on the track */
        {"variants/adji_kui_1.yaml", NULL, "script"},           /* hooks */
        {"variants/andada.yaml", NULL, NULL},                   /* relay */
        {"variants/enkeshui.yaml", NULL, NULL},                 /* claims */
        {"variants/kalah.yaml", "cleared=either", "end or turn"},    /* a row-empty end */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *opts[] = {cases[i].opt, NULL};
        unit_game a;
        unit_game_open(&a, cases[i].yaml, opts);
        sow_plain p;
        const char *why = NULL;
        sow_plain_init(&p, &a.k.setup, &why);
        assert_false(p.ok);
        assert_non_null(why);
        if (cases[i].why && !strstr(why, cases[i].why))
            fail_msg("%s: %s", cases[i].yaml, why);
        unit_game_close(&a);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(kalah_boards),
        cmocka_unit_test(shipped_in_class),
        cmocka_unit_test(refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
