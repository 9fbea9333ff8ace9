/* fuzz_moves.c - libFuzzer harness: move tokens replayed.
 *
 * The input is a --moves string. It is split as `sow replay` splits it
 * (spaces, tabs, line breaks, commas; sow_move_tokens) and replayed token by token with
 * sow_move_parse and sow_engine_play, as `sow replay` does, against Adji
 * Kui I, Adji Kui II as a match (buy:N decisions), Andada (first:N
 * decisions, the scripted opening), each with its own script, and games
 * in rounds (C1.6): Dakon (refills, blocked holes), Olinda (dir:ccw and
 * dir:cw decisions each round), Gabata (the scripted opening that claims a
 * hole, territory), Sadeqa (fresh rounds to 5 wins) and Mbangbi (moves
 * that name their direction, 3/cw, MB.2), and on more rows Nsolo (turns
 * that name a hole chosen, 6,x32, NS.6), Abalala'e (rounds on three
 * rows, AB.7), Omweso (seeds placed from the hand, +21, MW.2, then
 * clockwise moves only to capture, MW.5), and Bao la Kiswahili and Bao,
 * each under both readings (turns of several decisions, +11,k15,k8, C2.3:
 * a token is the legal turn whose whole token it is); every ply's
 * JSON record line is written. A token that parses is formatted and parsed
 * again and must give the same move. Findings: crashes, sanitizer reports,
 * leaks, error messages that are empty or not one line, a failed move
 * that changed the game, seeds not conserved, a token that does not
 * survive formatting. */
#include "fuzz.h"
#include "sow_move.h"
#include "sow_record.h"

#define MAX_TOKENS 400

enum { KUI1, KUI2, ANDADA, DAKON, OLINDA, GABATA, SADEQA, MBANGBI, NSOLO,
       ABALALAE, MWESO, BK, BK_LUDII, BAO, BAO_LUDII, NVAR };
static fuzz_variant var[NVAR];

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    static const char *const match[] = {"match=true", NULL};
    fuzz_open(&var[KUI1], "adji_kui_1.yaml", NULL, 1);
    fuzz_open(&var[KUI2], "adji_kui_2.yaml", match, 1);
    fuzz_open(&var[ANDADA], "andada.yaml", NULL, 1);
    fuzz_open(&var[DAKON], "dakon.yaml", NULL, 1);
    fuzz_open(&var[OLINDA], "olinda.yaml", NULL, 1);
    fuzz_open(&var[GABATA], "gabata.yaml", NULL, 1);
    fuzz_open(&var[SADEQA], "sadeqa.yaml", NULL, 1);
    fuzz_open(&var[MBANGBI], "mbangbi.yaml", NULL, 1);
    /* boards of more rows: turns that name a hole chosen (6,x32, NS.6),
     * a match of rounds on three rows (AB.7) */
    fuzz_open(&var[NSOLO], "nsolo.yaml", NULL, 1);
    fuzz_open(&var[ABALALAE], "abalalae.yaml", NULL, 1);
    /* seeds in hand (+h, MW.2) and limited clockwise moves (MW.5) */
    fuzz_open(&var[MWESO], "mweso.yaml", NULL, 1);
    /* turns of several decisions (C2.3: +11,k15,k8,k8, 12/cw,k8,go) */
    static const char *const ludii[] = {"reading=ludii", NULL};
    fuzz_open(&var[BK], "bao_kiswahili.yaml", NULL, 1);
    fuzz_open(&var[BK_LUDII], "bao_kiswahili.yaml", ludii, 1);
    fuzz_open(&var[BAO], "bao.yaml", NULL, 1); /* BA.1-BA.6 */
    fuzz_open(&var[BAO_LUDII], "bao.yaml", ludii, 1);
    return 0;
}

static void replay(fuzz_variant *f, char **tok, int nt)
{
    sow_error err;
    sow_match m;
    sow_game g;
    if (sow_match_start(&f->k.eng, &m, &g, &err)) {
        fuzz_check_error(&err);
        return;
    }
    long seeds = fuzz_seeds(&f->k.setup, &g);
    for (int i = 0; i < nt; i++) {
        if (g.over) {
            if (!f->k.setup.match)
                return;
            if (sow_match_next(&f->k.eng, &m, &g, &err)) {
                fuzz_check_error(&err);
                return;
            }
            if (m.over)
                return;
            seeds = fuzz_seeds(&f->k.setup, &g);
        }
        sow_move mv, again;
        char text[128];
        if (f->k.setup.ends_turns) {
            /* a turn is the legal turn whose whole token it is (C2.3),
             * written again the same */
            if ((mv = sow_turn_parse(&f->k.setup, &g, tok[i])) < 0)
                return;
            sow_turn_format(text, sizeof text, &f->k.setup, &g, mv);
            again = sow_turn_parse(&f->k.setup, &g, text);
        } else if (sow_move_parse(&f->k.setup, tok[i], &mv, &err)) {
            fuzz_check_error_as(&err, 1); /* it quotes the token */
            return;
        } else {
            sow_move_format(text, sizeof text, &f->k.setup, mv);
            if (sow_move_parse(&f->k.setup, text, &again, &err))
                again = -1;
        }
        if (again != mv) {
            fprintf(stderr, "finding: token '%s' parses to %d, formatted "
                            "'%s', which parses otherwise\n",
                    tok[i], (int)mv, text);
            abort();
        }
        sow_game before = g;
        if (sow_engine_play(&f->k.eng, &g, mv, &err)) {
            fuzz_check_error(&err);
            if (!sow_game_same(&before, &g)) { /* (its state) */
                fprintf(stderr, "finding: a failed move changed the game\n");
                abort();
            }
            return;
        }
        sow_buf line = {0};
        sow_record_ply(&line, &f->k.setup, &before, mv, &g);
        sow_buf_free(&line);
        if (fuzz_seeds(&f->k.setup, &g) != seeds) {
            fprintf(stderr, "finding: seeds not conserved by move '%s'\n",
                    tok[i]);
            abort();
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 4096)
        return 0;
    char *buf = malloc(size + 1);
    if (!buf)
        return 0;
    memcpy(buf, data, size);
    buf[size] = 0;
    char *tok[MAX_TOKENS];
    int nt = 0;
    char *save = NULL;
    for (char *t = sow_move_tokens(buf, &save); t && nt < MAX_TOKENS;
         t = sow_move_tokens(NULL, &save))
        tok[nt++] = t;
    for (int k = 0; k < NVAR; k++) {
        replay(&var[k], tok, nt);
        /* free the hooks' garbage now: a run that ends with more mallocs
         * than frees makes libFuzzer scan for leaks, which took 60% of
         * the time */
        sow_lua_collect(var[k].k.lua);
    }
    free(buf);
    return 0;
}
