/* stop.c - SIGINT and SIGTERM in the long runs (see stop.h). */
#include "stop.h"

#include <string.h>

/* Set by the handler only; 0 until a signal comes. */
static volatile sig_atomic_t caught;

static void on_signal(int sig)
{
    if (caught) {
        /* the second one: do what it would have done without us */
        signal(sig, SIG_DFL);
        raise(sig);
        return;
    }
    caught = sig;
}

static void set_action(void (*fn)(int))
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = fn;
    sigemptyset(&sa.sa_mask);
    /* SA_RESTART: a write or a wait in progress goes on; the loops look
     * at the flag themselves */
    sa.sa_flags = SA_RESTART;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
}

void stop_catch(void)
{
    caught = 0;
    set_action(on_signal);
}

void stop_release(void)
{
    set_action(SIG_DFL);
}

int stop_signal(void)
{
    return caught;
}

const volatile sig_atomic_t *stop_flag(void)
{
    return &caught;
}

int stop_status(int sig)
{
    return 128 + sig;
}

const char *stop_name(int sig)
{
    return sig == SIGINT ? "SIGINT" : sig == SIGTERM ? "SIGTERM" : "a signal";
}
