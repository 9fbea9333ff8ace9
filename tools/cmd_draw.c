/* cmd_draw.c - `sow draw VARIANT [--moves "TOKENS"] [--ply N] --svg FILE`:
 * an SVG picture of the board after a ply (engine/observe/sow_svg.c). */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "flags.h"
#include "learn.h"
#include "outfile.h"
#include "sow_ask.h"
#include "sow_svg.h"
#include "sow_text.h"

#define C "draw"

static void help(void)
{
    printf("usage: sow draw VARIANT [--moves \"TOKENS\"] [--ply N] [--option "
           "NAME=VALUE]...\n                --svg FILE\n\n"
           "Draw the board as an SVG picture: the holes with their labels "
           "and seeds\n(dots when few, a number always), the stores or the "
           "seeds each player has\ntaken, holes owned by the other row's "
           "player tinted in their colour and\nmarked '*', the last move "
           "ringed, whose turn it is, or the result.\n\n"
           "  --moves \"TOKENS\"  the moves to play first, as sow replay "
           "takes them\n"
           "                    (hole indices or labels, and decisions "
           "such as first:0)\n"
           "  --ply N           the board after the first N moves (0: the "
           "start);\n"
           "                    default: after the last move\n"
           "  --svg FILE        where to write the picture ('-': standard "
           "output); it is\n"
           "                    written to a new file beside FILE and renamed "
           "over it\n"
           "                    when complete (a FIFO or a device is "
           "written to as it is)\n"
           "  --option N=V      an option of the variant (sow show VARIANT "
           "lists them)\n\n"
           "Example: sow draw adji-kui-1 --moves \"2 8 1\" --svg "
           "board.svg\n");
    printf("\n" CLI_TIME_LIMIT_HELP);
}

typedef struct draw_args {
    cli_opts o;
    const char *moves, *svg;
    long ply;
} draw_args;

static const flag_spec flags[] = {
    FL_STRING("moves", draw_args, moves, "\"TOKENS\""),
    FL_LONG("ply", draw_args, ply, "N", 0, 1000000, "of moves to play"),
    FL_STRING("svg", draw_args, svg, "FILE"),
    FLAGS_VARIANT(draw_args, o),
};
static const flag_cmd cmd = FLAGS_CMD(C, help, flags);

int cmd_draw(int argc, char **argv)
{
    draw_args a = {.moves = "", .ply = -1};
    flags_parsed fp;
    const char *variant = flags_parse_variant(
        &cmd, argc, argv, &a, &fp,
        "sow draw adji-kui-1 --moves \"2 8\" --svg board.svg");
    if (!variant)
        return fp.status;
    const char *moves = a.moves, *svg = a.svg;
    long ply = a.ply;
    if (!svg)
        return cli_usage(C, "--svg FILE is required (where to write the "
                            "picture; '-' for standard output)");
    if (!svg[0])
        return cli_usage(C, "--svg needs a file name");
    cli_game cg;
    sow_error err;
    if (cli_open(&cg, variant, &a.o, &err)) {
        cli_error(C, &err);
        return 1;
    }
    sow_error_clear(&err);
    learn_moves lm;
    if (learn_split(C, moves, &lm)) {
        cli_close(&cg);
        return 1;
    }
    const sow_setup *s = &cg.setup;
    int rc = 0;
    if (ply > lm.n) {
        fprintf(stderr,
                "sow %s: --ply %ld, but the move list has %d move%s; give "
                "--ply 0 to %d, or more moves\n",
                C, ply, lm.n, lm.n == 1 ? "" : "s", lm.n);
        rc = 1;
    }
    if (ply < 0)
        ply = lm.n;
    learn_play p;
    sow_game pic, before, pic_before;
    sow_move mv = 0, pic_mv = 0;
    int game = 1;
    char match_end[200] = "";
    if (!rc && learn_start(&p, &cg, &err))
        rc = 1;
    if (!rc)
        pic = p.g;
    for (int i = 0; !rc && i < lm.n; i++) {
        if (learn_step(&p, i, lm.tok[i], &before, &mv, &err)) {
            rc = 1;
            break;
        }
        bool this_one = i + 1 == ply;
        if (this_one) {
            pic = p.g;
            pic_mv = mv;
            game = p.m.game;
            pic_before = before;
        }
        int r;
        while ((r = learn_next_game(&p, &err)) == 1)
            ;
        if (r < 0)
            rc = 1;
        else if (this_one && p.m.over && s->match)
            sow_text_fmt(match_end, sizeof match_end,
                     "; match over after %d games: %.*s", p.m.game,
                     SOW_CLIP(p.m.reason, 120));
    }
    if (rc) {
        if (err.msg[0])
            cli_error(C, &err);
        learn_moves_free(&lm);
        cli_close(&cg);
        return 1;
    }
    char name[400], title[600], status[800], where[32] = "";
    learn_name(&cg, name, sizeof name);
    if (s->match)
        sow_text_fmt(where, sizeof where, ", %s %d", sow_game_word(s), game);
    if (ply == 0) {
        sow_text_fmt(title, sizeof title, "%s%s: the start", name, where);
    } else {
        /* D15: the last move as the headers of trace tell it */
        char m[400];
        sow_move_head(s, &pic_before, pic_mv, m, sizeof m);
        sow_text_fmt(title, sizeof title, "%s%s: after %d move%s; %s %s", name,
                 where, pic.ply, pic.ply == 1 ? "" : "s",
                 pic_before.to_move ? "North" : "South", m);
    }
    learn_status(s, &pic, status, sizeof status - 200);
    strcat(status, match_end);
    sow_svg_opts so = {ply > 0 ? pic.last_move_hole : -1, title, status,
                       pic.over ? -1 : pic.to_move, false};
    size_t len = 0;
    char *text = sow_svg_board(s, &pic, &so, &len);
    outfile out;
    if (!text) {
        fprintf(stderr, "sow %s: out of memory\n", C);
        rc = 1;
    } else if (outfile_open(&out, C, svg)) {
        rc = 1;
    } else {
        fwrite(text, 1, len, out.f); /* a failure is found on closing */
        rc = outfile_close(&out, true);
    }
    free(text);
    learn_moves_free(&lm);
    cli_close(&cg);
    return rc;
}
