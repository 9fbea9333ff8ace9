/* flags.c - the command-line parser of every command (see flags.h). */
#include "flags.h"

#include <stdint.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "nearest.h"
#include "sow_num.h"

/* How a flag was written, for messages: "--games", or "-o" when the
 * short form was typed. */
static void flag_text(const flag_spec *f, bool shrt, char *buf, size_t size)
{
    if (shrt)
        snprintf(buf, size, "-%c", f->short_name);
    else
        snprintf(buf, size, "--%s", f->name);
}

/* "a whole number of milliseconds from 0 to 60000" and the like. */
static int range_error(const char *cmd, const flag_spec *f, const char *fl,
                       const char *v)
{
    if (f->kind == FLAG_SEED)
        return cli_usage(cmd, "%s takes a whole number from 0 to %ju, not "
                              "'%s'",
                         fl, (uintmax_t)UINT64_MAX, v);
    char zero[64] = "";
    if (f->zero)
        snprintf(zero, sizeof zero, " (%s)", f->zero);
    return cli_usage(cmd, "%s takes a %s%s%s %s %.15g%s %s %.15g, not '%s'",
                     fl, f->kind == FLAG_LONG ? "whole number" : "number",
                     f->unit ? " " : "", f->unit ? f->unit : "",
                     f->lo_open ? "above" : "from", f->lo, zero,
                     f->lo_open ? "and at most" : "to", f->hi, v);
}

/* Store value v of flag f into args. Returns 0, or 2 after a usage
 * error. */
static int store(const char *cmd, const flag_spec *f, const char *fl,
                 const char *v, void *args)
{
    void *to = (char *)args + f->at;
    cli_opts *o = to;
    long n;
    double x;
    switch (f->kind) {
    case FLAG_BOOL:
        *(bool *)to = true;
        return 0;
    case FLAG_STRING:
        *(const char **)to = v;
        return 0;
    case FLAG_OPTION:
        if (o->n >= CLI_MAX_OPTION_ARGS)
            return cli_usage(cmd, "too many --option flags (at most %d)",
                             CLI_MAX_OPTION_ARGS);
        o->arg[o->n++] = v;
        return 0;
    case FLAG_SEED:
        return sow_parse_u64(v, (uint64_t *)to) ? range_error(cmd, f, fl, v)
                                                : 0;
    case FLAG_LONG:
        if (sow_parse_long(v, (long)f->lo, (long)f->hi, &n))
            return range_error(cmd, f, fl, v);
        *(long *)to = n;
        return 0;
    case FLAG_EVERY:
        if (!v) {
            *(double *)to = f->dflt;
            return 0;
        }
        /* a value given with '=': as FLAG_DOUBLE */
        __attribute__((fallthrough));
    case FLAG_DOUBLE:
    case FLAG_TIME:
        if (sow_parse_double(v, f->lo, f->hi, &x) ||
            (f->lo_open && x == f->lo))
            return range_error(cmd, f, fl, v);
        if (f->kind == FLAG_TIME) {
            o->time_limit = x;
            o->time_set = true;
        } else {
            *(double *)to = x;
        }
        return 0;
    }
    return 0;
}

/* An argument that starts with '-' and names no flag of c. */
static int unknown(const flag_cmd *c, const char *a)
{
    nearest near;
    char guess[64] = "";
    if (a[1] == '-') {
        char word[64];
        snprintf(word, sizeof word, "%.*s", (int)strcspn(a + 2, "="), a + 2);
        nearest_init(&near, word);
        for (int k = 0; k < c->nflags; k++)
            nearest_offer(&near, c->flags[k].name);
        nearest_offer(&near, "help");
        const char *best = nearest_best(&near);
        if (best)
            snprintf(guess, sizeof guess, "; did you mean --%s?", best);
    }
    return cli_usage(c->name, "unknown flag '%s'%s", a, guess);
}

/* The flag argument a names, or -1; *glued is the value written in the
 * same argument ("--games=10", "-oNAME=V"), or NULL. */
static int find(const flag_cmd *c, const char *a, const char **glued)
{
    *glued = NULL;
    for (int k = 0; k < c->nflags; k++) {
        const flag_spec *f = &c->flags[k];
        if (a[1] == '-') {
            size_t len = strlen(f->name);
            if (strncmp(a + 2, f->name, len) == 0 &&
                (a[2 + len] == 0 || a[2 + len] == '=')) {
                *glued = a[2 + len] ? a + 3 + len : NULL;
                return k;
            }
        } else if (f->short_name && a[1] == f->short_name) {
            /* a flag without a value cannot have letters glued on */
            if (a[2] && f->kind == FLAG_BOOL)
                return -1;
            *glued = a[2] ? a + 2 : NULL;
            return k;
        }
    }
    return -1;
}

bool flags_parse(const flag_cmd *c, int argc, char **argv, void *args,
                 flags_parsed *p)
{
    memset(p, 0, sizeof *p);
    p->cmd = c;
    p->status = 2;
    int w = 1;
    bool ended = false;
    for (int i = 1; i < argc; i++) {
        char *a = argv[i];
        if (ended || a[0] != '-' || a[1] == 0) {
            argv[w++] = a; /* w <= i: nothing not yet read is overwritten */
            continue;
        }
        if (strcmp(a, "--") == 0) {
            ended = true;
            continue;
        }
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            c->help();
            p->status = 0;
            return false;
        }
        const char *v;
        int k = find(c, a, &v);
        if (k < 0) {
            unknown(c, a);
            return false;
        }
        const flag_spec *f = &c->flags[k];
        char fl[48];
        flag_text(f, a[1] != '-', fl, sizeof fl);
        if (f->kind == FLAG_BOOL && v) {
            cli_usage(c->name, "%s takes no value; give %s alone, not '%s'",
                      fl, fl, a);
            return false;
        }
        if (f->kind != FLAG_BOOL && f->kind != FLAG_EVERY && !v) {
            if (i + 1 >= argc) {
                cli_usage(c->name, "%s needs a value (%s %s)", fl, fl,
                          f->value);
                return false;
            }
            v = argv[++i];
        }
        if (p->given[k] && f->kind != FLAG_OPTION) {
            cli_usage(c->name, "%s is given twice; give it once", fl);
            return false;
        }
        p->given[k] = true;
        if (store(c->name, f, fl, v, args))
            return false;
    }
    p->pos = argv + 1;
    p->npos = w - 1;
    p->status = 0;
    return true;
}

bool flags_given(const flags_parsed *p, const char *name)
{
    for (int k = 0; k < p->cmd->nflags; k++)
        if (strcmp(p->cmd->flags[k].name, name) == 0)
            return p->given[k];
    return false;
}

const char *flags_variant(const flags_parsed *p, const char *example)
{
    if (p->npos == 0) {
        cli_usage(p->cmd->name, "which variant? e.g. %s", example);
        return NULL;
    }
    if (p->npos > 1) {
        cli_usage(p->cmd->name, "one variant at a time ('%s' and '%s')",
                  p->pos[0], p->pos[1]);
        return NULL;
    }
    return p->pos[0];
}

const char *flags_parse_variant(const flag_cmd *c, int argc, char **argv,
                                void *args, flags_parsed *p,
                                const char *example)
{
    if (!flags_parse(c, argc, argv, args, p))
        return NULL;
    const char *v = flags_variant(p, example);
    if (!v)
        p->status = 2;
    return v;
}

int flags_threads(long t)
{
    if (t > 0)
        return (int)t;
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 ? (int)n : 1;
}
