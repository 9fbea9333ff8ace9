/* stop.h - Ctrl-C (SIGINT) and SIGTERM in the long runs (sow selfplay,
 * compare, bench): the run stops cleanly instead of dying, so that what
 * was played is summarised and every output file is finished and put in
 * place (issue 14, section 4).
 *
 * The handler only records the signal in a volatile sig_atomic_t (the one
 * global a signal handler must set); the run's loops and worker threads
 * read it (stop_signal) between moves, and the engine and the Lua bridge
 * read it through the run's budget (sow_budget.stop), so that a long
 * search or a slow script stops within a few plies too. A second signal
 * while the first is being handled ends the process at once, as the
 * default action would (someone pressing Ctrl-C twice means it). */
#ifndef SOW_STOP_H
#define SOW_STOP_H

#include <signal.h>

/* Catch SIGINT and SIGTERM from now on. */
void stop_catch(void);

/* Give SIGINT and SIGTERM their default action back (the run is over:
 * a signal while the summary is written ends the process as usual). */
void stop_release(void);

/* The signal caught since stop_catch, or 0. */
int stop_signal(void);

/* The flag itself, for sow_budget.stop: non-zero once a signal came. */
const volatile sig_atomic_t *stop_flag(void);

/* The exit status of a run stopped by signal sig: 128 + sig, as a shell
 * reports a process killed by it (130 for SIGINT, 143 for SIGTERM). */
int stop_status(int sig);

/* The signal's name for messages: "SIGINT", "SIGTERM". */
const char *stop_name(int sig);

#endif
