/* play_ask.c - a person's turn in sow play (see play.h). */
#include <string.h>

#include "play.h"
#include "sow_draw.h"

void play_print_legal(const sow_setup *s, const sow_game *g)
{
    sow_buf b = {0};
    cli_put_moves(&b, s, g->legal, g->nlegal, true);
    printf("legal moves: %s\n", b.oom ? "(out of memory)" : b.s);
    sow_buf_free(&b);
}

static void print_rules(const sow_variant *v)
{
    printf("%s: %s\n", v->name, v->summary);
    for (int i = 0; i < v->nrules; i++)
        printf("  %-6s %s\n", v->rules[i].id, v->rules[i].text);
}

/* A line read from the person without its end of line and the blanks
 * around it; false at the end of input. */
static bool read_line(char *line, size_t size, char **word)
{
    if (!fgets(line, (int)size, stdin))
        return false;
    line[strcspn(line, "\r\n")] = 0;
    char *w = line;
    while (*w == ' ' || *w == '\t')
        w++;
    char *end = w + strlen(w);
    while (end > w && (end[-1] == ' ' || end[-1] == '\t'))
        *--end = 0;
    *word = w;
    return true;
}

int play_ask(play_game *pg, sow_move *out)
{
    const sow_setup *s = &pg->cg.setup;
    const sow_game *g = &pg->g;
    char line[256], *w;
    for (;;) {
        printf("%s to move> ", g->to_move ? "North" : "South");
        fflush(stdout);
        if (!read_line(line, sizeof line, &w)) {
            printf("\n");
            return ASK_QUIT;
        }
        if (!*w)
            continue;
        if (strcmp(w, "quit") == 0 || strcmp(w, "q") == 0)
            return ASK_QUIT;
        if (strcmp(w, "undo") == 0)
            return ASK_UNDO;
        if (strcmp(w, "help") == 0 || strcmp(w, "?") == 0) {
            print_rules(pg->cg.v);
            printf("commands: a hole label or number plays it; hint (what "
                   "each move would do),\nundo (take back your last move), "
                   "watch (seed by seed: now %s), help, quit\n",
                   pg->watch ? "on" : "off");
            play_print_legal(s, g);
            continue;
        }
        if (strcmp(w, "hint") == 0) {
            teach_hints(&pg->cg, g);
            continue;
        }
        if (strcmp(w, "watch") == 0) {
            pg->watch = !pg->watch;
            printf("watch mode %s\n", pg->watch ? "on" : "off");
            continue;
        }
        sow_error perr;
        bool read = sow_move_read(s, w, out, &perr) == SOW_OK;
        if (read && sow_game_is_legal(g, *out))
            return ASK_MOVE;
        /* a hole the rules of data allow but the script's filter hook
         * refuses: say so, with its reason */
        char why[128];
        int refused = read ? sow_hook_refusal(s, &pg->cg.eng.rules, g, *out,
                                              why, (int)sizeof why, &perr)
                           : 0;
        if (refused > 0)
            printf("hole %s is refused: %s. ", w,
                   why[0] ? why : "the variant's filter hook refuses it");
        else
            printf("'%s' is not a legal move. ", w);
        play_print_legal(s, g);
    }
}
