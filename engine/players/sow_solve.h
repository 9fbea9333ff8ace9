/* sow_solve.h - exact play: the value of a position with perfect play
 * (issue 26), for any variant the machine plays whose value cannot depend
 * on the game's history. docs/solving.md says what is solved and how.
 *
 * The solver plays copies of the game with the engine's own
 * sow_engine_play, so every rule the machine knows is applied exactly as
 * in a game. It searches alpha-beta (MTD(f)) on South's view of the
 * result, with a transposition table that belongs to the solver object
 * (no global state: two solvers may run in two threads).
 *
 * A value is South's margin, South's total less North's, where the game
 * scores; the winner is decided first (a rule that names the winner
 * against the totals, such as "the player who cannot move loses", is
 * obeyed), then the margin. A game without scores has the values 1 (South
 * wins), 0 (a draw) and -1 (North wins). */
#ifndef SOW_SOLVE_H
#define SOW_SOLVE_H

#include <stdbool.h>

#include "sow_game.h"

/* What the solver will and will not solve (sow_solve_check). */
typedef struct sow_solve_policy {
    bool trust_script; /* the user vouches that the script's hooks are
                          functions of their view (no hidden state) */
    const char *trust_how; /* how the user says so, for the error
                              ("--trust-script"; NULL: that) */
} sow_solve_policy;

/* Whether positions of setup s can be solved exactly: an error naming the
 * rule that makes a value depend on history (the repetition rule), or a
 * script whose hooks might keep hidden state, and the option or flag that
 * lifts it. */
int sow_solve_check(const sow_setup *s, const sow_solve_policy *p,
                    sow_error *err);

/* Whether the future of a position of s cannot depend on its stores (no
 * script, no threshold, no match, the winner always by the totals): the
 * solver then keeps stores out of its table, and endgame databases may
 * hold the margin still to be made (sow_egdb.h). */
bool sow_solve_stores_apart(const sow_setup *s);

/* The ply below which a rule of s reads the ply (0: none does). */
int sow_solve_ply_until(const sow_setup *s);

typedef struct sow_solver sow_solver;

/* A solver for setup s (borrowed) with a table of at most mib MiB (at
 * least 1 MiB; 64-byte buckets of two entries). */
sow_solver *sow_solver_new(const sow_setup *s, long mib, sow_error *err);
void sow_solver_free(sow_solver *sv);

/* Answer positions from endgame database db (borrowed; built for the
 * solver's setup: sow_egdb_open with it) where it holds them; NULL: none.
 * An error where the setup keeps the stores in its values and the
 * database does not index them (format version 3 indexes them wherever a
 * threshold end reads them). */
struct sow_egdb;
int sow_solver_set_egdb(sow_solver *sv, const struct sow_egdb *db,
                        sow_error *err);
/* Solve the root's moves with `threads` threads (sow_solve; default 1),
 * which share the table. The values do not depend on it; the positions
 * played and the time do. */
int sow_solver_set_threads(sow_solver *sv, int threads, sow_error *err);

/* sow_solve gives the value of the position and a principal variation
 * only, not the value of every legal move (on: far fewer positions, since
 * a move that is not the best needs only a bound; the published solvers
 * of Kalah computed this). */
void sow_solver_set_value_only(sow_solver *sv, bool on);

/* Before each exact search, guesses that look 1, 2, ... `plies` ahead
 * (iterative deepening: they order the moves and give MTD(f) its first
 * guess; default SOW_SOLVE_GUESS_DEPTH, 0 none). The values do not
 * depend on it; the positions do (docs/solving.md). */
#define SOW_SOLVE_GUESS_DEPTH 12
#define SOW_SOLVE_GUESS_MAX 60
void sow_solver_set_guess_depth(sow_solver *sv, int plies);

/* The positions the database answered so far. */
long long sow_solver_db_hits(const sow_solver *sv);

/* The table's size in bytes, and its entries filled. */
size_t sow_solver_table_bytes(const sow_solver *sv);
long long sow_solver_table_used(const sow_solver *sv);


#define SOW_SOLVE_PV_MAX 256

/* The exact value of one position, in South's view. */
typedef struct sow_solve_value {
    int winner;  /* 0 South, 1 North, -1 a draw */
    int margin;  /* South's total less North's (0 without scores) */
} sow_solve_value;

/* Progress of a long solve, handed to a callback every `every` seconds. */
typedef struct sow_solve_progress {
    double seconds;
    long long positions;
    int lower, upper;  /* what is known of the root's value so far
                          (internal values, in sow_solve_rank's order) */
    /* the same as values, where known (has_low, has_high): with every
     * move's value the best of the moves solved so far (a bound for the
     * player to move); with the value only, the bounds the root's proofs
     * have closed in to (MTD(f)'s) */
    bool has_low, has_high;
    sow_solve_value low, high; /* in South's view: the value is at least
                                  low and at most high */
    int moves_done, moves; /* root moves solved so far, of all */
} sow_solve_progress;

typedef void (*sow_solve_progress_fn)(void *ctx,
                                      const sow_solve_progress *pr);

void sow_solver_set_progress(sow_solver *sv, sow_solve_progress_fn fn,
                             void *ctx, double every);

typedef struct sow_solve_result {
    sow_solve_value value;
    bool value_only;                  /* no values of the moves (nmoves
                                         0): sow_solver_set_value_only */
    int nmoves;                       /* g's legal moves */
    uint16_t moves[SOW_MAX_LEGAL];
    sow_solve_value move_value[SOW_MAX_LEGAL]; /* after each move */
    int npv;                          /* the principal variation */
    uint16_t pv[SOW_SOLVE_PV_MAX];
    long long positions;              /* moves the solver played */
    double seconds;
} sow_solve_result;

/* Solve g (not over; e plays its moves, with g's rules) exactly: the
 * value, the value of every legal move, a principal variation. Errors:
 * the engine's (a hook, the run's time limit), out of memory, and the
 * limits of docs/solving.md (a position that recurs along a line, a line
 * that reaches max_plies, a line too long to search). */
int sow_solve(sow_solver *sv, sow_engine *e, const sow_game *g,
              sow_solve_result *out, sow_error *err);

/* The exact value of g only, no move values nor variation (the perfect
 * player's and the tests' question). g may be over. */
int sow_solve_value_of(sow_solver *sv, sow_engine *e, const sow_game *g,
                       sow_solve_value *out, sow_error *err);

/* A number that orders values as the solver does, in South's view: the
 * winner first, then the margin. */
long sow_solve_rank(sow_solve_value v);

/* The positions the last solve (or value) played. */
long long sow_solver_positions(const sow_solver *sv);

/* The value a game of this setup reports for v: the margin where the game
 * scores, else 1, 0 or -1 by the winner. */
int sow_solve_report(const sow_setup *s, sow_solve_value v);

#endif
