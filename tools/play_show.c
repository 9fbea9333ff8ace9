/* play_show.c - what sow play shows of the game (see play.h). */
#include "play.h"
#include "sow_ask.h"
#include "sow_draw.h"
#include "sow_narrate.h"
#include "sow_text.h"

void play_show_start(const sow_setup *s, const sow_match *m,
                     const sow_game *g)
{
    char pic[4096];
    if (s->rounds) { /* C1.6: the round's set-up, told */
        sow_story st;
        sow_narrate_game(s, m, g, &st);
        printf("\n== %s%s%s%s\n", st.text, st.rule ? " (" : "",
               st.rule ? st.rule : "", st.rule ? ")" : "");
    } else if (s->match) {
        int own[2] = {0, 0};
        for (int h = 0; h < s->holes; h++)
            own[g->owner[h]]++;
        printf("\n== game %d: %s starts; holes: South %d, North %d%s\n",
               m->game, m->starter ? "North" : "South", own[0], own[1],
               sow_decision_phase(s, g) ? " (before the decisions)" : "");
    }
    sow_draw_board(pic, sizeof pic, s, g, -1);
    printf("\n%s", pic);
}

void play_show_result(const sow_setup *s, const sow_game *g)
{
    char why[128];
    const sow_result *r = &g->result;
    char score[64] = "";
    if (r->has_score)
        sow_text_fmt(score, sizeof score, " South %d, North %d:", r->score[0],
                     r->score[1]);
    printf("\n%s over after %d %s: %s.%s %s.\n",
           s->rounds ? "round" : "game", g->ply,
           g->ply == 1 ? "move" : "moves",
           sow_end_words(s, g, why, sizeof why), score,
           r->unfinished    ? "unfinished"
           : r->winner < 0  ? "a draw"
           : r->winner == 0 ? "South wins"
                            : "North wins");
}

void play_show_ply(const sow_setup *s, const sow_game *before,
                   const sow_game *g, sow_move mv)
{
    char pic[4096], l[600];
    int mover = before->to_move;
    bool sowing = !sow_move_is_decision(mv);
    sow_draw_board(pic, sizeof pic, s, g, sowing ? sow_move_hole(mv) : -1);
    sow_ply_head(s, before, mv, l, sizeof l);
    printf("\n%s", l);
    if (g->captured[mover] > before->captured[mover])
        printf(" and takes %d",
               (int)(g->captured[mover] - before->captured[mover]));
    if (g->last_endless)
        printf(", an endless move (C0.7, P5)");
    printf("\n%s", pic);
    if (!g->over && sowing && !sow_decision_phase(s, g) &&
        g->to_move == mover)
        printf("%s cannot move and passes (C0.5).\n",
               mover ? "South" : "North");
    char due[256];
    cli_phase_due(s, g, due, sizeof due);
    if (due[0])
        printf("%s\n", due);
    if (!g->over && g->endless_mask) {
        cli_endless_list(s, g, pic, sizeof pic);
        printf("not legal for %s, their sowing would never end (C0.7): %s\n",
               g->to_move ? "North" : "South", pic);
    }
}
