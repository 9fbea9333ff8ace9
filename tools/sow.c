/* sow.c - the `sow` command: dispatch to subcommands. */
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "outfile.h"
#include "term.h"

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
    {"selfplay", cmd_selfplay, "play many games between computer players: "
                               "win rates, lengths"},
    {"stats", cmd_stats, "merge the --json summaries of selfplay shards"},
    {"compare", cmd_compare, "two readings side by side: statistics, or "
                             "where a move list parts"},
    {"test", cmd_test, "run scenario tests: positions, moves and what "
                       "they must give"},
    {"draw", cmd_draw, "draw the board after a ply as an SVG picture"},
    {"animate", cmd_animate, "a web page replaying a game seed by seed"},
};

static void usage(FILE *f)
{
    fprintf(f, "usage: sow COMMAND [ARGS]\n\n"
               "sow is a mancala rules engine: each game is a YAML file and a "
               "Lua script.\n\ncommands:\n");
    for (size_t i = 0; i < sizeof commands / sizeof *commands; i++)
        fprintf(f, "  %-9s %s\n", commands[i].name, commands[i].what);
    fprintf(f, "\n'sow COMMAND --help' explains a command. Variants are "
               "found by id (sow list)\nor by the path of a .yaml file; "
               "SOW_VARIANTS=DIR[:DIR] adds directories.\n");
}

/* The command called name, or NULL. */
static const char *command_name(int argc, char **argv, size_t *at)
{
    for (size_t i = 0; argc >= 2 && i < sizeof commands / sizeof *commands;
         i++)
        if (strcmp(argv[1], commands[i].name) == 0) {
            *at = i;
            return commands[i].name;
        }
    return NULL;
}

/* Run the command of argv[1] (or show the usage). Returns the exit
 * status. */
static int run(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return 2;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 ||
        strcmp(argv[1], "help") == 0) {
        usage(stdout);
        return 0;
    }
    size_t i;
    if (command_name(argc, argv, &i))
        return commands[i].run(argc - 1, argv + 1);
    fprintf(stderr, "sow: unknown command '%s'; the commands are:", argv[1]);
    for (i = 0; i < sizeof commands / sizeof *commands; i++)
        fprintf(stderr, " %s", commands[i].name);
    fprintf(stderr, " (see 'sow --help')\n");
    return 2;
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
    size_t i;
    return outfile_stdout_close(&out, command_name(argc, argv, &i), rc);
}
