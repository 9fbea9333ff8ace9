/* commands.h - the subcommands of `sow`; each gets argv with argv[0] its
 * own name and returns the exit status. */
#ifndef SOW_COMMANDS_H
#define SOW_COMMANDS_H

int cmd_list(int argc, char **argv);
int cmd_show(int argc, char **argv);
int cmd_validate(int argc, char **argv);
int cmd_play(int argc, char **argv);
int cmd_replay(int argc, char **argv);
int cmd_trace(int argc, char **argv);
int cmd_bench(int argc, char **argv);
int cmd_search(int argc, char **argv);
int cmd_solve(int argc, char **argv);
int cmd_egdb(int argc, char **argv);
int cmd_selfplay(int argc, char **argv);
int cmd_stats(int argc, char **argv);
int cmd_compare(int argc, char **argv);
int cmd_test(int argc, char **argv);
int cmd_draw(int argc, char **argv);
int cmd_animate(int argc, char **argv);

#endif
