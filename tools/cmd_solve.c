/* cmd_solve.c - `sow solve VARIANT [--moves "TOKENS"]`: the exact value
 * of a position with perfect play, the value of every legal move, a
 * principal variation (the solver: engine/players/sow_solve.h;
 * docs/solving.md). */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "commands.h"
#include "flags.h"
#include "learn.h"
#include "sow/version.h"
#include "sow_egdb.h"
#include "sow_record.h"
#include "solve_out.h"
#include "sow_solve.h"

#define SOLVE_MEMORY_DEFAULT 256 /* MiB of table */

static void help(void)
{
    printf(
        "usage: sow solve VARIANT [--moves \"TOKENS\"] [--json] "
        "[--memory MIB]\n"
        "                 [--threads T] [--value-only] [--guess-depth D] "
        "[--db DIR]\n"
        "                 [--progress[=S]] [--trust-script] "
        "[--option NAME=VALUE]...\n\n"
        "The exact value of the position after the move list (as sow "
        "replay takes it;\nnone: the start) with perfect play by both "
        "sides: the winner or a draw and,\nwhere the game scores, the "
        "final margin South - North; the value of every\nlegal move; a "
        "principal variation; the positions the solver played and the\n"
        "time. It searches the whole game (alpha-beta, MTD(f), a "
        "transposition table),\nso only small boards finish: Kalah with "
        "4 holes and 3 seeds in a moment, 6\nholes and 3 seeds in 3 s; "
        "6 holes and 4 seeds (Kalah(6,4)) with --value-only\nin about "
        "30 s on two threads and 4 GiB, every move's value in about 50 s "
        "with\n--guess-depth 20, an endgame database of 18 seeds (17 s to "
        "build) and 12 GiB;\nKalah(6,5)'s value in about 20 minutes with "
        "a database of 20 seeds (1 minute)\n(docs/solving.md).\n\n"
        "--json          one object (schemas/solve.schema.json): value "
        "(the margin; 1,\n"
        "                0 or -1 for a game without scores), result "
        "(\"south\", \"north\",\n"
        "                \"draw\"), moves [{move, value}], pv, positions, "
        "seconds\n"
        "--memory MIB    the transposition table's size (default %d)\n"
        "--threads T     solve the legal moves with T threads sharing the "
        "table\n"
        "                (default 1; 0: every core); the values are the "
        "same; a\n"
        "                variant with a script is solved on one thread\n"
        "--value-only    the value and a principal variation only, not the "
        "value of\n"
        "                every legal move: a move that is not the best then "
        "needs only\n"
        "                a bound (Kalah 5x4: 13.8 million positions against "
        "72)\n"
        "--guess-depth D before each exact search, guesses that look 1, "
        "2, ... D plies\n"
        "                ahead order its moves (default %d, 0: none); a "
        "large game wants\n"
        "                more (Kalah(6,4): 16 to 20), a small one fewer; "
        "the values are\n"
        "                the same\n"
        "--progress[=S]  a status line on stderr every S seconds (default "
        "10): the\n"
        "                positions, the root moves solved and what is known "
        "of the value\n"
        "                so far (\"value from A to B\"); on a terminal a "
        "line is redrawn\n"
        "                every second without it\n"
        "--trust-script  solve a variant with a Lua script: you vouch that "
        "its hooks\n"
        "                are functions of their view (no hidden state)\n"
        "--db DIR        answer the positions an endgame database of these "
        "rules in DIR\n"
        "                holes (sow egdb build); a note when DIR has none\n\n"
        "The repetition rule (K1.7, C1.10) is solved exactly: a position's "
        "value then\ndepends on the earlier positions that could recur, "
        "which the solver keys\nwith it (a board whose seeds wander long "
        "before one recurs is costly).\nRefused, with the option that lifts "
        "it: the repetition rule in a game with\ndecisions or phases (its "
        "history starts again after them), a script\nwithout "
        "--trust-script. A position that recurs along a line (no repetition\n"
        "rule), or a proof whose lines go past max_plies, stops the solve "
        "with an\nerror: the value would depend on max_plies.\n\n"
        "Example (Kalah on 2x4 with 3 seeds, a test variant of the source "
        "tree):\n"
        "  sow solve tests/variants/kalah_small.yaml --option holes=4 "
        "--option seeds=3 \\\n"
        "      --option threshold_end=false --moves \"1 2\"\n",
        SOLVE_MEMORY_DEFAULT, SOW_SOLVE_GUESS_DEPTH);
    printf("\n" CLI_TIME_LIMIT_HELP);
}

typedef struct solve_args {
    cli_opts o;
    const char *moves, *db;
    bool json, trust, value_only;
    long memory, threads, guess_depth;
    double progress;
} solve_args;

static const flag_spec flags[] = {
    FL_STRING("moves", solve_args, moves, "\"TOKENS\""),
    FL_STRING("db", solve_args, db, "DIR"),
    FL_BOOL("json", 0, solve_args, json),
    FL_LONG("memory", solve_args, memory, "MIB", 1, 1 << 20,
            "of MiB"),
    FL_EVERY("progress", solve_args, progress, "S", 0.1, 86400, 10),
    {.name = "threads", .kind = FLAG_LONG,
     .at = offsetof(solve_args, threads), .value = "T", .lo = 0, .hi = 256,
     .zero = "every core"},
    FL_BOOL("trust-script", 0, solve_args, trust),
    FL_BOOL("value-only", 0, solve_args, value_only),
    FL_LONG("guess-depth", solve_args, guess_depth, "D", 0,
            SOW_SOLVE_GUESS_MAX, "of plies"),
    FLAGS_VARIANT(solve_args, o),
};
static const flag_cmd cmd = FLAGS_CMD("solve", help, flags);

/* What the progress callback prints to. */
typedef struct progress_out {
    bool redraw; /* a terminal: one line redrawn; else whole lines */
    bool drawn;  /* a redrawn line is on the screen */
    const sow_setup *s;
} progress_out;

static void on_progress(void *ctx, const sow_solve_progress *pr)
{
    progress_out *po = ctx;
    /* what is known of the value: "from A", "to B", "from A to B" (in
     * South's order: a value at least A and at most B) */
    char lo[64] = "", hi[64] = "", known[160] = "";
    if (pr->has_low)
        solve_value_text(po->s, &pr->low, lo, sizeof lo);
    if (pr->has_high)
        solve_value_text(po->s, &pr->high, hi, sizeof hi);
    if (pr->has_low || pr->has_high)
        snprintf(known, sizeof known, ", value %s%s%s%s",
                 pr->has_low ? "from " : "", lo,
                 pr->has_low && pr->has_high ? " " : "",
                 pr->has_high ? "to " : "");
    if (pr->has_high)
        snprintf(known + strlen(known), sizeof known - strlen(known), "%s",
                 hi);
    fprintf(stderr, "%ssow solve: %.1f s, %lld positions, %.0f/s, root "
                    "moves %d/%d solved%s%s",
            po->redraw ? "\r" : "", pr->seconds, pr->positions,
            pr->seconds > 0 ? (double)pr->positions / pr->seconds : 0.0,
            pr->moves_done, pr->moves, known, po->redraw ? "   " : "\n");
    po->drawn = po->redraw;
    fflush(stderr);
}

static void print_json(const cli_game *cg, const sow_game *g,
                       const sow_solve_result *r, const sow_solver *sv)
{
    const sow_setup *s = &cg->setup;
    printf("{\"format\":\"sow-solve\",\"version\":1,\"sow_version\":");
    cli_json_string(stdout, SOW_VERSION_STRING);
    printf(",\"variant\":");
    cli_json_string(stdout, cg->v->id);
    printf(",\"ply\":%d,\"to_move\":%d,\"scored\":%s,\"value\":%d,"
           "\"result\":\"%s\",\"moves\":",
           g->ply, g->to_move, s->no_score ? "false" : "true",
           sow_solve_report(s, r->value), solve_result_word(&r->value));
    solve_put_move_values(stdout, s, g, r);
    if (r->value_only)
        printf(",\"value_only\":true");
    printf(",\"pv\":[");
    solve_put_tokens(stdout, (sow_engine *)&cg->eng, s, g, r->pv, r->npv);
    printf("],\"positions\":%lld,\"seconds\":%.3f,\"positions_per_s\":%.0f,"
           "\"table_bytes\":%zu,\"table_used\":%lld,\"db_hits\":%lld}\n",
           r->positions, r->seconds,
           r->seconds > 0 ? (double)r->positions / r->seconds : 0.0,
           sow_solver_table_bytes(sv), sow_solver_table_used(sv),
           sow_solver_db_hits(sv));
}

static void print_text(const cli_game *cg, const sow_game *g,
                       const sow_solve_result *r, const sow_solver *sv)
{
    const sow_setup *s = &cg->setup;
    char name[256], text[64], tok[64];
    learn_name(cg, name, sizeof name);
    solve_value_text(s, &r->value, text, sizeof text);
    printf("%s, ply %d, %s to move\n", name, g->ply,
           g->to_move ? "North" : "South");
    printf("value      %s (%d)\n", text, sow_solve_report(s, r->value));
    printf("moves     %s", r->value_only ? " (not solved: --value-only)" : "");
    for (int i = 0; i < r->nmoves; i++) {
        sow_turn_format(tok, sizeof tok, s, g, r->moves[i]); /* C2.3 */
        printf(" %s:%d", tok, sow_solve_report(s, r->move_value[i]));
    }
    printf("\npv        ");
    solve_put_line(stdout, (sow_engine *)&cg->eng, s, g, r->pv, r->npv);
    printf("\npositions  %lld (%.0f/s)\nseconds    %.3f\ntable      %.0f "
           "MiB, %lld entries used\n",
           r->positions,
           r->seconds > 0 ? (double)r->positions / r->seconds : 0.0,
           r->seconds, (double)sow_solver_table_bytes(sv) / (1 << 20),
           sow_solver_table_used(sv));
    if (sow_solver_db_hits(sv))
        printf("database   %lld positions answered\n",
               sow_solver_db_hits(sv));
}

/* The endgame database of cg's rules in folder dir, or NULL (a note on
 * stderr when the folder has none; an error, in err, when the file is
 * there but unusable). */
static int open_db(const cli_game *cg, const char *dir, sow_egdb **db,
                   sow_error *err)
{
    char path[4096];
    *db = NULL;
    if (sow_egdb_path(&cg->setup, dir, path, sizeof path, err))
        return SOW_ERR;
    if (access(path, F_OK)) {
        fprintf(stderr, "sow solve: note: no endgame database of these "
                        "rules in %s (sow egdb build makes %s); solving "
                        "without one\n", dir, path);
        return SOW_OK;
    }
    *db = sow_egdb_open(path, &cg->setup, err);
    return *db ? SOW_OK : SOW_ERR;
}

/* Solve the position lp->g; prints the result. */
static int run(const solve_args *a, cli_game *cg, const sow_game *g,
               sow_error *err)
{
    sow_egdb *db = NULL;
    if (a->db && open_db(cg, a->db, &db, err))
        return SOW_ERR;
    sow_solver *sv = sow_solver_new(&cg->setup, a->memory, err);
    if (!sv || sow_solver_set_egdb(sv, db, err) ||
        sow_solver_set_threads(sv, flags_threads(a->threads), err)) {
        sow_solver_free(sv);
        sow_egdb_close(db);
        return SOW_ERR;
    }
    sow_solver_set_value_only(sv, a->value_only);
    sow_solver_set_guess_depth(sv, (int)a->guess_depth);
    progress_out po = {isatty(STDERR_FILENO) && a->progress <= 0, false,
                       &cg->setup};
    if (po.redraw || a->progress > 0)
        sow_solver_set_progress(sv, on_progress, &po,
                                po.redraw ? 1.0 : a->progress);
    sow_solve_result *r = malloc(sizeof *r);
    int rc = r ? sow_solve(sv, &cg->eng, g, r, err)
               : sow_error_set(err, NULL, 0, 0, "out of memory");
    if (po.drawn)
        fprintf(stderr, "\n");
    if (!rc) {
        if (a->json)
            print_json(cg, g, r, sv);
        else
            print_text(cg, g, r, sv);
    }
    free(r);
    sow_solver_free(sv);
    sow_egdb_close(db);
    return rc;
}

int cmd_solve(int argc, char **argv)
{
    solve_args a = {.moves = "", .memory = SOLVE_MEMORY_DEFAULT,
                    .guess_depth = SOW_SOLVE_GUESS_DEPTH,
                    .threads = 1};
    flags_parsed p;
    const char *variant = flags_parse_variant(
        &cmd, argc, argv, &a, &p,
        "sow solve tests/variants/kalah_small.yaml --option holes=4");
    if (!variant)
        return p.status;
    sow_error err;
    cli_game cg;
    if (cli_open(&cg, variant, &a.o, &err)) {
        cli_error("solve", &err);
        return 1;
    }
    const sow_solve_policy pol = {a.trust, "--trust-script"};
    learn_play lp;
    int rc = sow_solve_check(&cg.setup, &pol, &err) ||
             learn_play_list(&cg, "solve", a.moves, &lp, &err) ||
             run(&a, &cg, &lp.g, &err);
    if (rc)
        cli_error("solve", &err);
    cli_close(&cg);
    return rc ? 1 : 0;
}
