/* sow_narrate.c - events told in plain English (see sow_narrate.h). The
 * words name mechanics only; every rule cited is looked up in the
 * variant. A lap's end and a capture are told in sow_narrate_lap.c. */
#include "sow_narrate_int.h"
#include "sow_text.h"

#include <stdio.h>
#include <string.h>

#include "sow_ask.h"
#include "sow_draw.h"
#include "sow_move.h"

/* MW.2: a seed from the hand, or a layout's seeds for one hole
 * (board.placing: layout; the event's rule: the seeds placed). */
static void narrate_place(const sow_setup *s, const sow_event *ev,
                          const char *h, sow_story *out)
{
    if (ev->rule > 0)
        sow_text_fmt(out->text, sizeof out->text,
                     "%s sets %d %s from their hand into %s, now %d; %d "
                     "left in hand",
                     who(ev->player), ev->rule, seeds(ev->rule), h,
                     ev->count, ev->extra);
    else
        sow_text_fmt(out->text, sizeof out->text,
                     "%s puts one seed from their hand into %s, now %d; "
                     "%d left in hand",
                     who(ev->player), h, ev->count, ev->extra);
    cite_mech(s, SOW_CITE_PLACE, out);
}

void sow_narrator_start(sow_narrator *n, const sow_setup *s)
{
    n->s = s;
    n->lifted = false;
    n->lap_rule = -1;
    n->origin = -1;
    n->across = -1;
    n->placed = false;
}

/* The events of the two-row family's mechanics (CATALOGUE C1.x); h is
 * the event hole's label. */
static void narrate_family(sow_narrator *n, const sow_event *ev,
                           const char *h, sow_story *out)
{
    const sow_setup *s = n->s;
    switch (ev->kind) {
    case SOW_EV_STORE:
        sow_text_fmt(out->text, sizeof out->text,
                     "one seed into %s's store, now %d", who(ev->player),
                     ev->count);
        cite_mech(s, SOW_CITE_SOW, out);
        break;
    case SOW_EV_GRAND_SLAM:
        sow_text_fmt(out->text, sizeof out->text,
                     "grand slam: %s's captures of %d %s empty the whole "
                     "opposing row: %s",
                     who(ev->player), ev->count, seeds(ev->count),
                     ev->extra == SOW_SLAM_NO_CAPTURE
                         ? "those captures are not made after all (the "
                           "seeds go back to their holes), the sowing stands"
                     : ev->extra == SOW_SLAM_EXTRA_TURN
                         ? "the captures stand and the mover moves again"
                     : ev->extra == SOW_SLAM_LEAVE_RIGHT
                         ? "the captures stand but for the hole taken "
                           "nearest the mover's right-hand end of that "
                           "row, whose seeds go back (a single hole taken "
                           "stands)"
                         : "the captures stand");
        cite_mech(s, SOW_CITE_GRAND_SLAM, out); /* none: no rule is cited */
        break;
    case SOW_EV_CLAIM:
        sow_text_fmt(out->text, sizeof out->text,
                     "%s claims %s, which holds %d: it is %s's for the rest "
                     "of the game",
                     who(ev->player), h, ev->count, who(ev->player));
        if (n->lap_rule >= 0)
            cite(s, s->v->lap_rules[n->lap_rule].cite, out);
        break;
    case SOW_EV_OUT:
        if (ev->extra == SOW_OUT_BY_SCRIPT)
            sow_text_fmt(out->text, sizeof out->text,
                         "by the game's own rule, the seed meant for %s "
                         "leaves play", h);
        else if (ev->extra == SOW_OUT_BY_CHANGE)
            sow_text_fmt(out->text, sizeof out->text,
                         "by the game's own rule, %d %s of %s %s play",
                         ev->count, seeds(ev->count), h,
                         ev->count == 1 ? "leaves" : "leave");
        else
            sow_text_fmt(out->text, sizeof out->text,
                         "%s is closed: the seed sown into it leaves play",
                         h);
        cite(s, "C1.13", out);
        break;
    case SOW_EV_INTO: {
        char w[16] = "", from[16];
        if (ev->extra >= 0 && ev->extra < s->holes)
            sow_hole_label(s, ev->extra, w, sizeof w);
        if (ev->player == SOW_INTO_BY_SCRIPT) { /* a hook's move change */
            /* (issue 24: either end may be a store, -1 - p) */
            snprintf(from, sizeof from, "%s", h);
            if (ev->hole < 0)
                snprintf(from, sizeof from, "%s's store", who(-1 - ev->hole));
            if (ev->extra < 0)
                snprintf(w, sizeof w, "%s's store", who(-1 - ev->extra));
            sow_text_fmt(out->text, sizeof out->text,
                         "by the game's own rule, %d %s of %s %s into %s",
                         ev->count, seeds(ev->count), from,
                         ev->count == 1 ? "goes" : "go", w);
            break;
        }
        sow_text_fmt(out->text, sizeof out->text,
                     "the %d %s of %s go into %s's claimed hole %s",
                     ev->count, seeds(ev->count), h, who(ev->player), w);
        if (n->lap_rule >= 0)
            cite(s, s->v->lap_rules[n->lap_rule].cite, out);
        break;
    }
    case SOW_EV_NEXT_LAP: /* issue 24: a lap_end hook's next */
        sow_text_fmt(out->text, sizeof out->text,
                     "by the game's own rule, the next lap lifts %s, which "
                     "holds %d, and sows %s",
                     h, ev->count,
                     ev->extra == SOW_DIR_CW ? "clockwise"
                                             : "counter-clockwise");
        if (ev->count == 0)
            sow_text_fmt(out->text, sizeof out->text,
                         "by the game's own rule, the next lap lifts %s, "
                         "which is empty: the move ends", h);
        break;
    case SOW_EV_CLOSE:
        if (ev->extra == SOW_CLOSED_BY_SCRIPT || ev->extra == SOW_OPENED_BY_SCRIPT) {
            sow_text_fmt(out->text, sizeof out->text,
                         ev->extra == SOW_CLOSED_BY_SCRIPT
                             ? "by the game's own rule, %s is closed: no seed "
                               "is sown into it and no move starts there"
                             : "by the game's own rule, %s is open again",
                         h);
            break;
        }
        sow_text_fmt(out->text, sizeof out->text,
                     "%s closes %s, which holds %d: the seeds are sown on, "
                     "and the hole is closed for the rest of the game",
                     who(ev->player), h, ev->count);
        if (n->lap_rule >= 0)
            cite(s, s->v->lap_rules[n->lap_rule].cite, out);
        break;
    default:
        break;
    }
}

/* A lift: the move's first (its direction where the move names one, the
 * seeds left behind, B.2), or a relay's. */
static void narrate_lift(sow_narrator *n, const sow_game *g,
                         const sow_event *ev, const char *h, sow_story *out)
{
    const sow_setup *s = n->s;
    if (n->across >= 0) {
        /* C2.5: the seeds across from the hole, sown again */
        char a[16];
        sow_hole_label(s, n->across, a, sizeof a);
        sow_text_fmt(out->text, sizeof out->text,
                     "%s takes up the %d %s of %s, across from %s, to sow "
                     "%s again",
                     who(ev->player), ev->count, seeds(ev->count), h, a,
                     ev->count == 1 ? "it" : "them");
        if (n->lap_rule >= 0)
            cite(s, s->v->lap_rules[n->lap_rule].cite, out);
        return;
    }
    n->origin = ev->hole;
    if (!n->lifted) {
        n->lifted = true;
        if (ev->extra > 0) {
            sow_text_fmt(out->text, sizeof out->text,
                     "%s lifts %d %s from %s and leaves %d there",
                     who(ev->player), ev->count, seeds(ev->count), h,
                     ev->extra);
            cite_mech(s, SOW_CITE_LEAVE, out);
        } else {
            /* MB.2: the direction the move named (the lap's own where
             * the event gives it: a turn's direction may change, BK.6) */
            const int dir = ev->rule > 0 ? ev->rule - 1 : g->move_dir;
            const char *way = s->dir_rule != SOW_DIR_EACH_MOVE ? ""
                              : dir == SOW_DIR_CW
                                  ? " and sows clockwise"
                                  : " and sows counter-clockwise";
            sow_text_fmt(out->text, sizeof out->text,
                     "%s lifts the %d %s of %s%s", who(ev->player),
                     ev->count, seeds(ev->count), h, way);
            /* a placement's hole is sown by the placement's rule */
            cite_mech(s, n->placed ? SOW_CITE_PLACE : SOW_CITE_MOVE, out);
        }
    } else {
        sow_text_fmt(out->text, sizeof out->text,
                 "%s lifts the %d %s of %s and sows on",
                 who(ev->player), ev->count, seeds(ev->count), h);
        cite_mech(s, SOW_CITE_RELAY, out);
    }
    n->lap_rule = -1;
}

/* Why the game ended, in a learner's words: the record's reason
 * (sow_result_text) where it is one already, else without the names of
 * options and hooks the record keeps. */
const char *sow_end_words(const sow_setup *s, const sow_game *g, char *buf,
                          int size)
{
    switch (g->result.reason) {
    case SOW_END_MAX_PLIES: /* C0.7 */
        snprintf(buf, (size_t)size, "the longest game allowed, %d moves, "
                 "was played", s->max_plies);
        return buf;
    case SOW_END_NO_CAPTURE:
        snprintf(buf, (size_t)size, "%d moves were played without a "
                 "capture", s->no_capture_plies);
        return buf;
    case SOW_END_HOOK: /* (the rule the hook named is cited) */
        return "the game's own rule ended it";
    case SOW_END_ENDLESS:
        return "a move that would never end was played";
    case SOW_END_UNREACHABLE:
        return "no capture can happen any more, whatever moves are "
               "played: the seeds left can only go round the board";
    case SOW_END_UNDECIDED:
        snprintf(buf, (size_t)size, "the %d seeds left are too many to "
                 "tell whether a capture can still happen", g->on_board);
        return buf;
    default:
        return sow_result_text(s, g, buf, size);
    }
}

/* The rule the end cites: the end rule that ended it where the variant
 * names one (explain: unreachable), else its end and scoring. */
static sow_cite end_cite(const sow_setup *s, const sow_result *r)
{
    if ((r->reason == SOW_END_UNREACHABLE ||
         r->reason == SOW_END_UNDECIDED) &&
        s->v->cite[SOW_CITE_UNREACHABLE][0])
        return SOW_CITE_UNREACHABLE;
    /* C1.9: an endless move ends the game by its own rule, not by the
     * game's usual end */
    if (r->reason == SOW_END_ENDLESS && s->v->cite[SOW_CITE_ENDLESS][0])
        return SOW_CITE_ENDLESS;
    return SOW_CITE_END;
}

/* The steps of turns that sow captures from the ends of the inner row,
 * in the game's words for its holes (capture_from_ends.words). */
static void narrate_ends(const sow_setup *s, const sow_event *ev,
                         const char *h, sow_story *out)
{
    const char *end = s->v->ends_words[0], *house = s->v->ends_words[1];
    if (ev->kind == SOW_EV_END_SOW) /* BK.6 */
        sow_text_fmt(out->text, sizeof out->text,
                     "%s sows the %d %s taken from the %s %s (%s)",
                     who(ev->player), ev->count, seeds(ev->count), end, h,
                     ev->extra ? "their choice" : "by the rules");
    else if (ev->extra) /* BK.7(c) */
        sow_text_fmt(out->text, sizeof out->text,
                     "%s lifts the %s %s (%d seeds) and sows on (go); it is "
                     "a %s no more",
                     who(ev->player), house, h, ev->count, house);
    else
        sow_text_fmt(out->text, sizeof out->text,
                     "%s ends the turn at the %s %s, %d seeds (stop)",
                     who(ev->player), house, h, ev->count);
    cite_mech(s, SOW_CITE_SOW, out);
}

void sow_narrate(sow_narrator *n, const sow_game *g, const sow_event *ev,
                 sow_story *out)
{
    const sow_setup *s = n->s;
    char h[16] = "";
    if (ev->hole >= 0 && ev->hole < s->holes)
        sow_hole_label(s, ev->hole, h, sizeof h);
    out->text[0] = 0;
    cite(s, NULL, out);
    switch (ev->kind) {
    case SOW_EV_LIFT:
        narrate_lift(n, g, ev, h, out);
        break;
    case SOW_EV_DROP:
        n->across = -1; /* the seeds across are being sown */
        sow_text_fmt(out->text, sizeof out->text, "one seed into %s, now %d", h,
                 ev->count);
        cite_mech(s, SOW_CITE_SOW, out);
        break;
    case SOW_EV_SKIP:
        if (ev->extra == 1) { /* LL.4, UR.2: of either row */
            sow_text_fmt(out->text, sizeof out->text,
                         "%s%s holds %d: passed over without a seed", h,
                         g->owner[ev->hole] != ev->player ? ", the opponent's,"
                                                          : "",
                         ev->count);
            cite_mech(s, SOW_CITE_SKIP_COUNT, out);
            break;
        }
        if (ev->extra == 2) { /* IS.3 */
            sow_text_fmt(out->text, sizeof out->text,
                         "%s is passed over without a seed: the mover's "
                         "sowing leaves it out", h);
            cite_mech(s, SOW_CITE_PASS_OVER, out);
            break;
        }
        if (ev->extra == SOW_SKIP_BY_SCRIPT) {
            sow_text_fmt(out->text, sizeof out->text,
                         "%s is passed over without a seed, by the game's "
                         "own rule", h);
            break;
        }
        sow_text_fmt(out->text, sizeof out->text,
                 "%s is passed over: this sowing started there", h);
        cite_mech(s, SOW_CITE_SKIP_ORIGIN, out);
        break;
    case SOW_EV_LAP_END:
        sow_narrate_lap_end(n, g, ev, h, out);
        break;
    case SOW_EV_CAPTURE:
        sow_narrate_capture(n, ev, h, out);
        break;
    case SOW_EV_ENDLESS:
        sow_text_fmt(out->text, sizeof out->text,
                 "this move would never end: after %d sowings, one after "
                 "another, it comes back to the same board, the same hole "
                 "and the same seeds in hand",
                 ev->extra);
        cite_mech(s, SOW_CITE_ENDLESS, out);
        break;
    case SOW_EV_STORE:
    case SOW_EV_GRAND_SLAM:
    case SOW_EV_CLAIM:
    case SOW_EV_CLOSE:
    case SOW_EV_OUT:
    case SOW_EV_INTO:
    case SOW_EV_NEXT_LAP:
        narrate_family(n, ev, h, out);
        break;
    case SOW_EV_PLACE: /* MW.2 */
        n->placed = true;
        narrate_place(s, ev, h, out);
        break;
    case SOW_EV_END_SOW:
    case SOW_EV_HOUSE:
        narrate_ends(s, ev, h, out);
        break;
    case SOW_EV_PASS:
        sow_text_fmt(out->text, sizeof out->text,
                 "%s cannot move and is passed over; %s moves again",
                 who(ev->player), who(1 - ev->player));
        cite_mech(s, SOW_CITE_PASS, out);
        break;
    case SOW_EV_END: {
        char why[128];
        const sow_result *r = &g->result;
        char score[48] = "";
        if (r->has_score)
            sow_text_fmt(score, sizeof score, " (South %d, North %d)",
                     r->score[0], r->score[1]);
        sow_text_fmt(out->text, sizeof out->text, "the %s ends: %s%s; %s",
                 s->rounds ? "round" : "game",
                 sow_end_words(s, g, why, sizeof why), score,
                 r->unfinished    ? "unfinished"
                 : r->winner < 0  ? "a draw"
                 : r->winner == 0 ? "South wins"
                                  : "North wins");
        if (r->reason == SOW_END_HOOK && r->hook_rule > 0)
            cite(s, s->v->rules[r->hook_rule - 1].id, out);
        else
            cite_mech(s, end_cite(s, r), out);
        break;
    }
    }
}

void sow_narrate_move(const sow_setup *s, const sow_game *before,
                      sow_move m, const sow_game *after, sow_story *out)
{
    char words[96]; /* the move as the player is asked it, no token */
    sow_move_words(s, before, m, words, sizeof words);
    const sow_phase *ph = before->phase && before->phase <= s->v->nphases
                              ? &s->v->phases[before->phase - 1]
                              : NULL;
    if (sow_move_is_decision(m) && s->dir_rule == SOW_DIR_CHOSEN) {
        /* OL.2, C1.12 */
        bool cw = sow_decision_value(m) == SOW_DIR_CW;
        sow_text_fmt(out->text, sizeof out->text,
                     "%s chooses to sow %s this round, and %s %s; %s is to "
                     "move", who(before->to_move),
                     cw ? "clockwise" : "counter-clockwise",
                     who(1 - before->to_move),
                     cw ? "counter-clockwise" : "clockwise",
                     who(after->to_move));
        cite_mech(s, SOW_CITE_DIRECTION, out);
        return;
    }
    char head[400];
    sow_move_head(s, before, m, head, sizeof head);
    if (sow_move_is_decision(m))
        sow_text_fmt(out->text, sizeof out->text, "%s %s; %s is to move",
                     who(before->to_move), head, who(after->to_move));
    else
        sow_text_fmt(out->text, sizeof out->text,
                 "%s plays %s, a move of the %s that is sown through to "
                 "its end at once, as its rule says; %s is to move",
                 who(before->to_move), words, ph ? ph->name : "game",
                 who(after->to_move));
    cite(s, ph ? ph->cite : NULL, out);
}

bool sow_narrate_en_passant(const sow_setup *s, const sow_game *g,
                            const sow_event *ev, sow_story *out)
{
    if (ev->kind != SOW_EV_DROP || ev->hole < 0 || ev->hole >= s->holes)
        return false;
    const sow_variant *v = s->v;
    int c = ev->count;
    bool opp = g->owner[ev->hole] != ev->player;
    for (int i = 0; i < v->nlap_rules; i++) {
        const sow_lap_rule *r = &v->lap_rules[i];
        if (!((s->lap_rules_on >> i) & 1) || r->in_store || r->on_claimed)
            continue;
        if (r->counts == ~(uint64_t)0 && r->counts_high)
            continue; /* no count of its own: nothing to tell */
        if (!(c < 63 ? (r->counts >> c) & 1 : r->counts_high))
            continue;
        if ((r->owner == SOW_OWNER_OWN && opp) ||
            (r->owner == SOW_OWNER_OPPONENT && !opp))
            continue;
        if (r->row && ((s->inner >> ev->hole) & 1) != (r->row == SOW_ROW_INNER))
            continue; /* C2.5: a rule of the other rows */
        if (r->across || r->opposite)
            continue; /* (it looks across too, at the board as the lap
                         ends, which this seed's moment does not tell:
                         saying it for every count it matches misleads) */
        /* the first rule matching count and owner is the one the lap end
         * would ask (next_count and min_ply aside) */
        if (r->action == SOW_LAP_STOP || r->action == SOW_LAP_RELAY)
            return false;
        char h[16];
        sow_hole_label(s, ev->hole, h, sizeof h);
        sow_text_fmt(out->text, sizeof out->text,
                 "%s now holds %d, but the sowing goes on: only the hole "
                 "where the last seed falls counts, so %s",
                 h, c, c == 1 ? "it stays" : "they stay");
        cite(s, r->cite, out);
        return true;
    }
    return false;
}

/* The holes of mask as labels, into buf. */
static void hole_list(const sow_setup *s, uint64_t mask, char *buf,
                      size_t size)
{
    size_t len = 0;
    buf[0] = 0;
    for (int h = 0; h < s->holes && len + 8 < size; h++)
        if ((mask >> h) & 1) {
            char l[16];
            sow_hole_label(s, h, l, sizeof l);
            len += (size_t)sow_text_fmt(buf + len, size - len, "%s%s",
                                        len ? " " : "", l);
        }
}

/* A match's reason in a learner's words: the record keeps two that name
 * options (docs/record.md), told here as the page labels those options;
 * the others are words already. */
const char *sow_match_words(const char *reason)
{
    static const char *const plain[][2] = {
        {"match_games reached", "the most games a match may have were played"},
        {"a round reached max_plies unfinished",
         "a round reached the longest game allowed, unfinished"},
        {"a round stopped at a move too long to follow",
         "a round stopped at a move too long to follow to its end, "
         "unfinished"}};
    for (size_t i = 0; i < sizeof plain / sizeof *plain; i++)
        if (strcmp(reason, plain[i][0]) == 0)
            return plain[i][1];
    return reason;
}

void sow_narrate_game(const sow_setup *s, const sow_match *m,
                      const sow_game *g, sow_story *out)
{
    const char *unit = s->rounds ? "round" : "game";
    cite_mech(s, SOW_CITE_ROUNDS, out);
    if (m->over) {
        sow_text_fmt(out->text, sizeof out->text,
                     "the match ends after %d %ss: %s; %s", m->game, unit,
                     sow_match_words(m->reason),
                     m->unfinished    ? "unfinished"
                     : m->winner < 0  ? "a draw"
                     : m->winner == 0 ? "South wins the match"
                                      : "North wins the match");
        return;
    }
    int play[2] = {0, 0};
    for (int h = 0; h < s->holes; h++)
        play[g->owner[h]] += !((g->blocked >> h) & 1);
    char blocked[200] = "";
    if (g->blocked) {
        char list[180];
        hole_list(s, g->blocked, list, sizeof list);
        sow_text_fmt(blocked, sizeof blocked, "; blocked: %s", list);
    }
    sow_text_fmt(out->text, sizeof out->text,
                 "%s %d: %s starts; South has %d %s in play and %d in "
                 "store, North %d and %d%s",
                 unit, m->game, who(m->starter), play[0],
                 play[0] == 1 ? "hole" : "holes", g->captured[0], play[1],
                 g->captured[1], blocked);
}

void sow_narrate_endless(const sow_setup *s, int player, uint64_t mask,
                         sow_story *out)
{
    char list[200] = "";
    size_t len = 0;
    for (int h = 0; h < s->holes && len + 8 < sizeof list; h++)
        if ((mask >> h) & 1) {
            char l[16];
            sow_hole_label(s, h, l, sizeof l);
            len += (size_t)sow_text_fmt(list + len, sizeof list - len, "%s%s",
                                    len ? " " : "", l);
        }
    sow_text_fmt(out->text, sizeof out->text,
             "left out of %s's legal moves because they would never end: %s",
             who(player), list);
    cite_mech(s, SOW_CITE_ENDLESS, out);
}

const char *sow_event_name(sow_event_kind k)
{
    /* in the order of sow_event_kind (sow_game.h) */
    static const char *const names[] = {
        "lift",  "drop",       "skip",  "lap_end", "capture", "endless",
        "pass",  "end",        "store", "grand_slam", "claim", "close",
        "out",   "into",       "place", "end_sow", "house", "next_lap"};
    _Static_assert(sizeof names / sizeof *names == SOW_EV_NEXT_LAP + 1,
                   "a name for every event kind");
    return (unsigned)k < sizeof names / sizeof *names ? names[k] : "?";
}
