/* record_in.h - `--record FILE` of sow replay, trace and animate: a game
 * record (docs/record.md) as the game to replay. Its first line names
 * the variant, the options that differ from the defaults and the digest
 * of the variant's files (sow_record_identify); its ply lines give the
 * moves. A record written before records named their game (an older
 * sow) still reads: the variant is then the one named on the command
 * line. */
#ifndef SOW_RECORD_IN_H
#define SOW_RECORD_IN_H

#include <stdbool.h>

#include "cli.h"
#include "flags.h"
#include "sow_record.h"

typedef struct record_in {
    char variant[128];                   /* "" when the record names none */
    char digest[SOW_RECORD_DIGEST_MAX];  /* "" when it names none */
    sow_buf moves;                       /* the tokens, space-separated */
    sow_buf opts;                        /* "name=value" strings, NUL-ended */
    int nopt;
} record_in;

/* flags_parse_variant for a command that takes --record FILE: the flags
 * parsed into args, then, when *record (the args' --record field) is set,
 * record_in_use, else the variant named. NULL after printing the problem
 * (p->status set). */
const char *record_in_variant(const flag_cmd *c, int argc, char **argv,
                              void *args, flags_parsed *p,
                              const char *example, const char *const *record,
                              cli_opts *o, const char **moves, record_in *r);

/* For a command given --record FILE, its flags parsed into p and *o: read
 * FILE and return the variant to play (the one on the command line, else
 * the record's), with the record's options added to *o when the command
 * line gives none, and *moves the record's moves (--moves as well is a
 * usage error). NULL after printing the problem (p->status set). */
const char *record_in_use(const char *cmd, const char *file, flags_parsed *p,
                          cli_opts *o, const char **moves, record_in *r);

/* After the variant is open: a record that names a digest other than
 * that of the variant's files (an edited copy, another version of them)
 * is refused, unless `ignore` (--ignore-digest). Prints the problem and
 * returns 1; 0 when the record may be replayed. */
int record_in_check(const char *cmd, const char *file, const record_in *r,
                    const sow_setup *s, bool ignore);

void record_in_free(record_in *r);

/* What --help says of the two flags. */
#define RECORD_IN_HELP                                                      \
    "  --record FILE     replay the game of a record (sow replay --json,\n" \
    "                    the page's Save record): its variant (unless one\n" \
    "                    is named), options and moves; a record whose\n"     \
    "                    variant files differ from those found here (its\n"  \
    "                    digest) is refused\n"                               \
    "  --ignore-digest   replay such a record anyway\n"

#endif
