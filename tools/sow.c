/* sow.c - the `sow` command: dispatch to subcommands. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "flags.h"
#include "nearest.h"
#include "outfile.h"
#include "sow/version.h"
#include "term.h"

static int cmd_help(int argc, char **argv);
static int cmd_version(int argc, char **argv);

static const struct {
    const char *name;
    int (*run)(int, char **);
    const char *what;
} commands[] = {
    {"list", cmd_list, "list the variants found"},
    {"show", cmd_show, "show a variant's board, sowing rules and options"},
    {"validate", cmd_validate, "check variant files and report every problem"},
    {"play", cmd_play, "play in the terminal: people and computer players"},
    {"replay", cmd_replay, "replay a move list; --json gives the game record"},
    {"trace", cmd_trace, "tell a game step by step, citing the rules"},
    {"bench", cmd_bench, "measure random playouts: games/s and plies/s"},
    {"search", cmd_search, "let a computer player choose a move: score, "
                           "depth, nodes/s"},
    {"solve", cmd_solve, "the exact value of a position with perfect "
                         "play, of every move"},
    {"egdb", cmd_egdb, "endgame databases: build, verify, info"},
    {"selfplay", cmd_selfplay, "play many games between computer players: "
                               "win rates, lengths"},
    {"stats", cmd_stats, "merge the --json summaries of selfplay shards"},
    {"compare", cmd_compare, "two readings side by side: statistics, or "
                             "where a move list parts"},
    {"test", cmd_test, "run scenario tests: positions, moves and what "
                       "they must give"},
    {"draw", cmd_draw, "draw the board after a ply as an SVG picture"},
    {"animate", cmd_animate, "a web page replaying a game seed by seed"},
    {"help", cmd_help, "the help of a command: sow help COMMAND"},
    {"version", cmd_version, "print the version of sow"},
};

#define NCOMMANDS (sizeof commands / sizeof *commands)

static void usage(FILE *f)
{
    fprintf(f, "usage: sow COMMAND [ARGS]\n\n"
               "sow is a mancala rules engine: each game is a YAML file and a "
               "Lua script.\n\ncommands:\n");
    for (size_t i = 0; i < NCOMMANDS; i++)
        fprintf(f, "  %-9s %s\n", commands[i].name, commands[i].what);
    fprintf(f, "\n'sow COMMAND --help' (or 'sow help COMMAND') explains a "
               "command; 'sow --version'\nprints the version. Variants are "
               "found by id (sow list) or by the path of\na .yaml file; "
               "SOW_VARIANTS=DIR[:DIR] adds directories.\n");
}

/* The command called name, or -1. */
static int find_command(const char *name)
{
    for (size_t i = 0; i < NCOMMANDS; i++)
        if (strcmp(name, commands[i].name) == 0)
            return (int)i;
    return -1;
}

/* "sow: unknown command 'x'", with the nearest command when one is near,
 * else all of them. Returns 2. */
static int unknown_command(const char *name)
{
    nearest near;
    nearest_init(&near, name);
    for (size_t i = 0; i < NCOMMANDS; i++)
        nearest_offer(&near, commands[i].name);
    nearest_offer(&near, "--help");
    nearest_offer(&near, "--version");
    const char *best = nearest_best(&near);
    fprintf(stderr, "sow: unknown command '%s'; ", name);
    if (best) {
        fprintf(stderr, "did you mean `%s`?", best);
    } else {
        fprintf(stderr, "the commands are:");
        for (size_t i = 0; i < NCOMMANDS; i++)
            fprintf(stderr, " %s", commands[i].name);
    }
    fprintf(stderr, " (see 'sow --help')\n");
    return 2;
}

static void help_help(void)
{
    printf("usage: sow help [COMMAND]\n\nWithout COMMAND, the commands of "
           "sow; with it, that command's help (the\nsame text as 'sow "
           "COMMAND --help').\n");
}

static int cmd_help(int argc, char **argv)
{
    static const flag_cmd cmd = {"help", help_help, NULL, 0};
    flags_parsed p;
    if (!flags_parse(&cmd, argc, argv, NULL, &p))
        return p.status;
    if (p.npos == 0) {
        usage(stdout);
        return 0;
    }
    if (p.npos > 1)
        return cli_usage("help", "one command at a time ('%s' and '%s')",
                         p.pos[0], p.pos[1]);
    int k = find_command(p.pos[0]);
    if (k < 0)
        return unknown_command(p.pos[0]);
    char *args[] = {p.pos[0], "--help", NULL};
    return commands[k].run(2, args);
}

static void help_version(void)
{
    printf("usage: sow version\n\nPrint the version of sow: 'sow X.Y.Z' "
           "('sow --version' does the same).\n");
}

static int cmd_version(int argc, char **argv)
{
    static const flag_cmd cmd = {"version", help_version, NULL, 0};
    flags_parsed p;
    if (!flags_parse(&cmd, argc, argv, NULL, &p))
        return p.status;
    if (p.npos)
        return cli_usage("version", "unexpected argument '%s'", p.pos[0]);
    printf("sow %s\n", SOW_VERSION_STRING);
    return 0;
}

/* Run the command of argv[1] (or show the usage). Returns the exit
 * status. */
static int run(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return 2;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        usage(stdout);
        return 0;
    }
    if (strcmp(argv[1], "--version") == 0)
        return cmd_version(1, argv + 1);
    int k = find_command(argv[1]);
    if (k < 0)
        return unknown_command(argv[1]);
    return commands[k].run(argc - 1, argv + 1);
}

int main(int argc, char **argv)
{
    /* every write to standard output is checked: a full disk is an error
     * of the command (issue 13 #7) */
    outfile out;
    outfile_stdout_open(&out);
    /* no control character reaches a terminal (term.h, issue 13 #5): the
     * filters stand in front of the checked stdout and of stderr */
    term shown;
    term_guard(&shown);
    int rc = run(argc, argv);
    term_release(&shown);
    int k = argc >= 2 ? find_command(argv[1]) : -1;
    return outfile_stdout_close(&out, k >= 0 ? commands[k].name : NULL, rc);
}
