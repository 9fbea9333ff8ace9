/* cmd_replay.c - `sow replay VARIANT --moves "TOKENS" [--json]`: the game
 * record of docs/record.md, or the boards drawn ply by ply. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "flags.h"
#include "learn.h"
#include "record_in.h"
#include "replay_out.h"
#include "sow_text.h"

static void help(void)
{
    printf("usage: sow replay VARIANT --moves \"TOKENS\" [--option "
           "NAME=VALUE]... [--json]\n"
           "       sow replay [VARIANT] --record FILE [--ignore-digest] "
           "[--json]\n\n"
           "Replay a move list. Tokens are canonical hole indices "
           "(docs/rules.md\nC0.2), hole labels as sow play shows them (a b "
           "c... on South's row,\nA B C... on North's), decisions such as "
           "first:0 or whole turns such as\n+13/ccw,k8 (docs/rules-rows.md "
           "C2.3), separated by spaces or commas.\nWith --json, print the "
           "game record as JSON Lines (docs/record.md): one\nline per move, "
           "the first naming the variant, its options and a digest\nof its "
           "files, and a result line when the game ended. Without it, draw "
           "the\nboard after every move. An illegal token, or a token after "
           "the end, is an\nerror (exit 1) after the lines before it.\n\n"
           RECORD_IN_HELP);
    printf("\n" CLI_TIME_LIMIT_HELP);
}

typedef struct replay_args {
    cli_opts o;
    const char *moves, *record;
    bool json, ignore_digest;
} replay_args;

static const flag_spec flags[] = {
    FL_STRING("moves", replay_args, moves, "\"TOKENS\""),
    FL_STRING("record", replay_args, record, "FILE"),
    FL_BOOL("ignore-digest", 0, replay_args, ignore_digest),
    FL_BOOL("json", 0, replay_args, json),
    FLAGS_VARIANT(replay_args, o),
};
static const flag_cmd cmd = FLAGS_CMD("replay", help, flags);

static int replay(int argc, char **argv, record_in *rec)
{
    replay_args a = {0};
    flags_parsed p;
    const char *variant = record_in_variant(
        &cmd, argc, argv, &a, &p, "sow replay adji-kui-1 --moves \"2 8\"",
        &a.record, &a.o, &a.moves, rec);
    if (!variant)
        return p.status;
    if (!a.moves)
        return cli_usage("replay", "--moves \"TOKENS\" is required");
    cli_game cg;
    sow_error err;
    if (cli_open(&cg, variant, &a.o, &err)) {
        cli_error("replay", &err);
        return 1;
    }
    if (a.record &&
        record_in_check("replay", a.record, rec, &cg.setup, a.ignore_digest)) {
        cli_close(&cg);
        return 1;
    }
    learn_moves lm;
    if (learn_split("replay", a.moves, &lm)) {
        cli_close(&cg);
        return 1;
    }
    const sow_setup *s = &cg.setup;
    replay_out r;
    int rc = replay_out_start(&r, &cg, stdout, a.json, &err) ? 1 : 0;
    /* a write error on standard output (a full disk) stops the replay:
     * sow.c reports it (issue 13 #7) */
    for (int i = 0; !rc && i < lm.n && !ferror(stdout); i++) {
        sow_move mv;
        if (cli_token_move(s, &r.g, lm.tok[i], i, &mv, &err) ||
            replay_out_move(&r, mv, &err))
            rc = 1;
    }
    fflush(stdout);
    if (rc && s->match && !err.path[0]) {
        /* plies count from 0 in every game: say which game */
        sow_error_reword(&err, "%s %d, %.*s", sow_game_word(s), r.m.game,
                         SOW_CLIP(err.msg, 1000));
    }
    if (rc)
        cli_error("replay", &err);
    replay_out_free(&r);
    learn_moves_free(&lm);
    cli_close(&cg);
    return rc;
}

int cmd_replay(int argc, char **argv)
{
    record_in rec = {0};
    int rc = replay(argc, argv, &rec);
    record_in_free(&rec);
    return rc;
}
