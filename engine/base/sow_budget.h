/* sow_budget.h - the time bound of a whole run (issue 13 #11).
 *
 * Each call into a script has its own limits (sow_lua.h: 0.5 s) and each
 * move its lap cap, but work adds up: a scenario file of 1,000 cases each
 * running a slow script, twenty games of a slow hook that is never cached,
 * a benchmark whose games take a second each. A budget is one deadline
 * for a whole run, checked where work accumulates: by the engine every
 * few plies (sow_engine_set_budget), by the Lua bridge beside its own
 * limits (sow_lua_set_budget), and by the loops of the commands (a game,
 * a scenario). Once past, every check fails, so the run stops within a
 * ply or a script call of its deadline. */
#ifndef SOW_BUDGET_H
#define SOW_BUDGET_H

#include <signal.h>
#include <stdbool.h>
#include <stdint.h>

#include "sow_error.h"

/* The default of the commands (overridden by --time-limit or
 * SOW_TIME_LIMIT): ten minutes, far more than any run of the shipped
 * variants but a long self-play (which says so when it stops). */
#define SOW_TIME_LIMIT_DEFAULT 600.0
/* The largest limit one may set: a week. */
#define SOW_TIME_LIMIT_MAX 604800.0

typedef struct sow_budget {
    int64_t deadline_ns; /* monotonic clock; 0: no limit */
    double seconds;      /* the limit as given, for messages */
    /* A stop request (borrowed, may be NULL): once *stop is non-zero the
     * budget is over as if its deadline had passed. The caller's signal
     * handler sets it (sow selfplay on Ctrl-C), so that a long search or
     * script stops within the few plies the checks are apart. */
    const volatile sig_atomic_t *stop;
} sow_budget;

/* Start a budget of `seconds` from now (0: no limit), with no stop
 * request (set b->stop afterwards to have one). */
void sow_budget_start(sow_budget *b, double seconds);

/* True once the deadline has passed or a stop was requested (false for
 * NULL or no limit). */
bool sow_budget_over(const sow_budget *b);

/* True once a stop was requested (false for NULL). */
bool sow_budget_stopped(const sow_budget *b);

/* The monotonic clock in nanoseconds, as budgets read it. */
int64_t sow_budget_now(void);

/* Fill err with "the run went past its time limit of N s ..." (or, after
 * a stop request, "the run was stopped") and return SOW_ERR. */
int sow_budget_error(const sow_budget *b, sow_error *err);

#endif
