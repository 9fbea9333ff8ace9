/* sow_budget.c - the time bound of a whole run (see sow_budget.h). */
#include "sow_budget.h"

#include <time.h>

int64_t sow_budget_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000000000 + t.tv_nsec;
}

void sow_budget_start(sow_budget *b, double seconds)
{
    b->seconds = seconds > 0 ? seconds : 0;
    b->deadline_ns = seconds > 0
                         ? sow_budget_now() + (int64_t)(seconds * 1e9)
                         : 0;
    b->stop = NULL;
}

bool sow_budget_stopped(const sow_budget *b)
{
    return b && b->stop && *b->stop;
}

bool sow_budget_over(const sow_budget *b)
{
    return sow_budget_stopped(b) ||
           (b && b->deadline_ns && sow_budget_now() > b->deadline_ns);
}

int sow_budget_error(const sow_budget *b, sow_error *err)
{
    if (sow_budget_stopped(b))
        return sow_error_set(err, NULL, 0, 0,
                             "the run was stopped (a signal) before it "
                             "ended");
    return sow_error_set(err, NULL, 0, 0,
                         "the run went past its time limit of %g s; give "
                         "it more time (--time-limit SECONDS or "
                         "SOW_TIME_LIMIT; 0: no limit) or less work",
                         b ? b->seconds : 0.0);
}
