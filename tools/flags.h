/* flags.h - the one command-line parser of `sow`: each command declares
 * its flags in a static table, and flags_parse reads argv by it with
 * getopt_long's conventions, so every command behaves alike:
 *
 *   --games 10 and --games=10    a value after the flag or glued by '='
 *   -o NAME=V and -oNAME=V       a short flag's value after it or glued
 *   --                           ends the flags: what follows is positional
 *   -                            a positional argument (standard input)
 *   --help, -h                   the command's help, on standard output
 *
 * and every mistake is a usage error (exit 2) naming the flag: an unknown
 * flag (with the nearest known one, "did you mean --games?"), a missing
 * value, a value on a flag that takes none, a value out of range (the
 * range is named), a flag given twice that is not repeatable. Numbers go
 * through sow_num.h, as everywhere.
 *
 * A table entry says where the value goes as an offset into the
 * command's own struct of arguments (offsetof), so the tables are static
 * and const and no state outlives a call. */
#ifndef SOW_FLAGS_H
#define SOW_FLAGS_H

#include <stdbool.h>
#include <stddef.h>

#include "sow_budget.h"

typedef enum flag_kind {
    FLAG_BOOL,   /* bool: true when given; takes no value */
    FLAG_LONG,   /* long: a whole number from lo to hi */
    FLAG_DOUBLE, /* double: a decimal number from lo (above lo with
                    lo_open) to hi */
    FLAG_SEED,   /* uint64_t: a whole number from 0 to 2^64 - 1 */
    FLAG_STRING, /* const char *: any text (pointing into argv) */
    FLAG_OPTION, /* cli_opts: a NAME=VALUE of the variant, repeatable */
    FLAG_TIME,   /* cli_opts: the run's time limit in seconds */
    FLAG_EVERY,  /* double: a decimal number given as --name=V only, or
                    dflt when the flag stands alone (--progress[=S]) */
} flag_kind;

typedef struct flag_spec {
    const char *name;  /* the long name without "--": "games" */
    char short_name;   /* 'o' for -o, or 0 */
    flag_kind kind;
    size_t at;         /* offsetof the value in the command's struct */
    const char *value; /* the value's name in messages and help: "N" */
    double lo, hi;     /* the range of a number */
    bool lo_open;      /* FLAG_DOUBLE: lo itself is refused */
    const char *unit;  /* "of milliseconds": said after "a whole number" */
    const char *zero;  /* what 0 stands for ("no limit"), or NULL */
    double dflt;       /* FLAG_EVERY: the value of the flag alone */
} flag_spec;

/* A command: its name in messages, its help, its flags. */
typedef struct flag_cmd {
    const char *name;   /* "play" */
    void (*help)(void); /* prints the --help text */
    const flag_spec *flags;
    int nflags;
} flag_cmd;

#define FLAGS_MAX 32 /* flags of one command */

/* What flags_parse leaves: the positional arguments (argv is reordered
 * so they are argv[1..npos], in their order), which flags were given,
 * and the exit status when the command is to stop. */
typedef struct flags_parsed {
    char **pos;
    int npos;
    bool given[FLAGS_MAX];
    const flag_cmd *cmd;
    int status; /* flags_parse returned false: 0 after --help, 2 after a
                   usage error */
} flags_parsed;

/* Table entries by kind (designated, so a kind names only what it uses):
 * the long name, the short one or 0, the struct of arguments and its
 * field, then the value's name, range and unit. */
#define FL_BOOL(n, sh, type, field)                                        \
    {.name = n, .short_name = sh, .kind = FLAG_BOOL,                       \
     .at = offsetof(type, field)}
#define FL_STRING(n, type, field, val)                                     \
    {.name = n, .kind = FLAG_STRING, .at = offsetof(type, field),          \
     .value = val}
#define FL_LONG(n, type, field, val, l, h, u)                              \
    {.name = n, .kind = FLAG_LONG, .at = offsetof(type, field),            \
     .value = val, .lo = l, .hi = h, .unit = u}
#define FL_DOUBLE(n, type, field, val, l, open, h, u)                      \
    {.name = n, .kind = FLAG_DOUBLE, .at = offsetof(type, field),          \
     .value = val, .lo = l, .lo_open = open, .hi = h, .unit = u}
#define FL_EVERY(n, type, field, val, l, h, d)                             \
    {.name = n, .kind = FLAG_EVERY, .at = offsetof(type, field),           \
     .value = val, .lo = l, .hi = h, .dflt = d,                            \
     .unit = "of seconds"}
#define FL_SEED(n, type, field)                                            \
    {.name = n, .kind = FLAG_SEED, .at = offsetof(type, field),            \
     .value = "N"}

/* The two flags of every command that opens a variant: --option/-o
 * NAME=VALUE (repeatable) and --time-limit SECONDS, into the cli_opts
 * `field` of struct `type`. */
#define FLAGS_VARIANT(type, field)                                         \
    {.name = "option", .short_name = 'o', .kind = FLAG_OPTION,             \
     .at = offsetof(type, field), .value = "NAME=VALUE"},                  \
    {.name = "time-limit", .kind = FLAG_TIME, .at = offsetof(type, field), \
     .value = "SECONDS", .lo = 0, .hi = SOW_TIME_LIMIT_MAX,                \
     .unit = "of seconds", .zero = "no limit"}

/* A flag_cmd of a table: its size counted, and checked at compile time
 * against FLAGS_MAX. */
#define FLAGS_CMD(name, help, table)                                       \
    {name, help, table,                                                    \
     (int)(sizeof table / sizeof *table) +                                 \
         0 * (int)sizeof(char[sizeof table / sizeof *table <= FLAGS_MAX    \
                                  ? 1 : -1])}

/* Read argv (argv[0] the command's name) into args by c's table. Returns
 * true when the command is to go on; false when it is to stop with
 * p->status (the help printed, or a usage error printed). */
bool flags_parse(const flag_cmd *c, int argc, char **argv, void *args,
                 flags_parsed *p);

/* Whether the flag called name (long name, without "--") was given. */
bool flags_given(const flags_parsed *p, const char *name);

/* The one variant argument of a command: NULL after a usage error (no
 * variant: "which variant? e.g. EXAMPLE"; two: both named). */
const char *flags_variant(const flags_parsed *p, const char *example);

/* flags_parse, then flags_variant: the variant, or NULL when the command
 * is to stop with p->status (help shown, or a usage error). */
const char *flags_parse_variant(const flag_cmd *c, int argc, char **argv,
                                void *args, flags_parsed *p,
                                const char *example);

/* --threads T: T threads; 0 (or less), every core. */
int flags_threads(long t);

#endif
