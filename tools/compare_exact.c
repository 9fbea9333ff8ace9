/* compare_exact.c - `sow compare --exact`: one position solved under
 * both readings (sow_solve.h), the exact value and the value of each move
 * under each, as text or JSON. */
#include <stdlib.h>
#include <string.h>

#include "compare_int.h"
#include "learn.h"
#include "solve_out.h"

/* ---- exact values (--exact) ---------------------------------------------- */

/* One reading solved: its game, the position and the result. */
typedef struct exact_side {
    cli_game cg;
    bool open;
    learn_play lp;
    sow_solve_result r;
} exact_side;

static int exact_solve(const char *variant, const reading *rd,
                       const char *moves, long memory, bool trust,
                       exact_side *x)
{
    if (compare_open_reading(variant, rd, &x->cg))
        return 1;
    x->open = true;
    sow_error err;
    const sow_solve_policy pol = {trust, "--trust-script"};
    sow_solver *sv = NULL;
    int rc = sow_solve_check(&x->cg.setup, &pol, &err) ||
             learn_play_list(&x->cg, C, moves ? moves : "", &x->lp, &err);
    if (!rc && !(sv = sow_solver_new(&x->cg.setup, memory, &err)))
        rc = SOW_ERR;
    if (!rc)
        rc = sow_solve(sv, &x->cg.eng, &x->lp.g, &x->r, &err);
    sow_solver_free(sv);
    if (rc) {
        sow_error_reword(&err, "reading %s (%s): %s", rd->name,
                         strcmp(rd->name, "A") ? "--b" : "--a", err.msg);
        cli_error(C, &err);
        return 1;
    }
    return 0;
}

static void exact_json(const exact_side x[2], const char *label[2])
{
    printf("{\"format\":\"sow-compare-exact\",\"version\":1,\"variant\":");
    cli_json_string(stdout, x[0].cg.v->id);
    printf(",\"ply\":%d,\"readings\":[", x[0].lp.g.ply);
    for (int k = 0; k < 2; k++) {
        const sow_setup *s = &x[k].cg.setup;
        const sow_solve_result *r = &x[k].r;
        printf("%s{\"name\":\"%s\",\"options\":", k ? "," : "",
               k ? "B" : "A");
        cli_json_string(stdout, label[k]);
        printf(",\"value\":%d,\"result\":\"%s\",\"moves\":",
               sow_solve_report(s, r->value), solve_result_word(&r->value));
        solve_put_move_values(stdout, s, &x[k].lp.g, r);
        printf(",\"positions\":%lld}", r->positions);
    }
    printf("]}\n");
}

static void exact_text(const exact_side x[2], const char *label[2])
{
    printf("%s, ply %d, %s to move: the exact values\n", x[0].cg.v->name,
           x[0].lp.g.ply, x[0].lp.g.to_move ? "North" : "South");
    for (int k = 0; k < 2; k++) {
        const sow_setup *s = &x[k].cg.setup;
        const sow_solve_result *r = &x[k].r;
        char text[64], tok[64];
        solve_value_text(s, &r->value, text, sizeof text);
        printf("%s (%s): %s (%d)\n  moves", k ? "B" : "A", label[k], text,
               sow_solve_report(s, r->value));
        for (int i = 0; i < r->nmoves; i++) {
            sow_turn_format(tok, sizeof tok, s, &x[k].lp.g, r->moves[i]);
            printf(" %s:%d", tok, sow_solve_report(s, r->move_value[i]));
        }
        printf("\n");
    }
    long a = sow_solve_rank(x[0].r.value), b = sow_solve_rank(x[1].r.value);
    printf("%s\n", a == b ? "the same value under both readings"
                   : a > b ? "South does better under A"
                           : "South does better under B");
}

int compare_run_exact(const char *variant, reading r[2], const char *moves,
                      long memory, bool trust, bool json,
                      const char *label[2])
{
    exact_side *x = calloc(2, sizeof *x);
    if (!x) {
        fprintf(stderr, "sow %s: out of memory\n", C);
        return 1;
    }
    int rc = exact_solve(variant, &r[0], moves, memory, trust, &x[0]) ||
             exact_solve(variant, &r[1], moves, memory, trust, &x[1]);
    if (!rc) {
        if (json)
            exact_json(x, label);
        else
            exact_text(x, label);
    }
    for (int k = 0; k < 2; k++)
        if (x[k].open)
            cli_close(&x[k].cg);
    free(x);
    return rc;
}
