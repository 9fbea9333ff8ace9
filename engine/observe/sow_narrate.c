/* sow_narrate.c - events told in plain English (see sow_narrate.h). The
 * words name mechanics only; every rule cited is looked up in the
 * variant. */
#include "sow_narrate.h"
#include "sow_text.h"

#include <stdio.h>
#include <string.h>

#include "sow_ask.h"
#include "sow_draw.h"
#include "sow_move.h"

static const char *who(int p) { return p ? "North" : "South"; }

static const char *seeds(int n) { return n == 1 ? "seed" : "seeds"; }

/* Cite rule id `id` ("" or NULL: none) of the variant. */
static void cite(const sow_setup *s, const char *id, sow_story *out)
{
    out->rule = NULL;
    out->rule_text = NULL;
    if (!id || !id[0])
        return;
    /* a rule the variant does not list (C1.13 named by the mechanism
     * itself) is not cited: a reader could not look it up (D15) */
    out->rule_text = sow_variant_rule_text(s->v, id);
    out->rule = out->rule_text ? id : NULL;
}

static void cite_mech(const sow_setup *s, sow_cite c, sow_story *out)
{
    cite(s, s->v->cite[c], out);
}

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

/* What a lap-end action does, after "the last seed falls in h, which now
 * holds c: "; a capture of a rule (index `rule`, -1 for none) that says
 * then: relay (TG.2, a capture across a gap) does not end the move. */
static const char *action_text(const sow_setup *s, int rule, int a)
{
    const bool relay = rule >= 0 && s->v->lap_rules[rule].then_relay;
    const bool extra = rule >= 0 && s->v->lap_rules[rule].then_extra;
    if (relay && a == SOW_LAP_CAPTURE_OPPOSITE)
        return "the seeds of the hole facing it are captured, then its "
               "seeds are lifted and sown on";
    if (relay && a == SOW_LAP_CAPTURE_TWO_OUT)
        return "the seeds of the hole after the next one are captured, "
               "then its seeds are lifted and sown on";
    switch (a) {
    case SOW_LAP_RELAY:
        return "its seeds are lifted and sown on";
    case SOW_LAP_HOOK: /* a lap_end hook's next lap (SOW_EV_NEXT_LAP) */
        return "the move goes on with another lap";
    case SOW_LAP_CAPTURE:
        return "they are captured and the move ends";
    case SOW_LAP_CHAIN: /* chain_text() tells it as its rule reads */
        return "holes are taken while their counts are those the rule "
               "names, and the move ends";
    case SOW_LAP_CAPTURE_OPPOSITE:
        return "the seeds of the hole facing it are captured, and the move "
               "ends";
    case SOW_LAP_CAPTURE_PAIR:
        return "the seeds of the hole facing it and the last seed are "
               "captured, and the move ends";
    case SOW_LAP_EXTRA_TURN:
        return "the move ends and the same player moves again";
    case SOW_LAP_CAPTURE_TWO_OUT:
        return "the seeds of the hole after the next one are captured, and "
               "the move ends";
    case SOW_LAP_CLAIM:
        return "the mover claims it, and the move ends";
    case SOW_LAP_CLOSE:
        return "it is closed, and its seeds are lifted and sown on";
    case SOW_LAP_TAKE: /* GB.4, GA.6; GA.5 take3 on a hole not claimed */
        if (rule >= 0 && !s->v->lap_rules[rule].on_claimed)
            return "seeds are taken from it into the mover's store, and "
                   "the move ends";
        return extra ? "it is the opponent's claimed hole: the "
                       "mover takes seeds from it and moves again"
                     : "it is the opponent's claimed hole: the "
                       "mover takes seeds from it";
    case SOW_LAP_CAPTURE_ACROSS:
        return "the opponent's seeds facing it and behind it are "
               "captured, and the move ends";
    case SOW_LAP_CAPTURE_ALL:
        return "every hole holding one of the counts the rule names is "
               "captured, and the move ends";
    default:
        return "the move ends";
    }
}

/* The counts of mask (bit c: count c; high: 63 and more) in words, "2
 * or 3", "1, 3 or 5", "1 or more", into buf. */
static void counts_text(uint64_t mask, bool high, char *buf, size_t size)
{
    int c[64], n = 0;
    for (int k = 1; k < 63; k++)
        if ((mask >> k) & 1)
            c[n++] = k;
    int from = 63; /* with high, the run of counts up to 62 joins it */
    while (high && n > 0 && c[n - 1] == from - 1)
        from = c[--n];
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; i < n && len + 12 < size; i++)
        len += (size_t)sow_text_fmt(buf + len, size - len, "%s%d",
                                    i == 0                  ? ""
                                    : i == n - 1 && !high ? " or "
                                                            : ", ",
                                    c[i]);
    if (high && len + 16 < size)
        sow_text_fmt(buf + len, size - len, "%s%d or more", n ? " or " : "",
                     from);
}

/* A chain capture as its rule reads (sow_chain): where it starts, which
 * way it goes, the counts it takes and whose holes it may take. */
static void chain_text(const sow_chain *c, bool skip_empty, char *buf,
                       size_t size)
{
    char most[32] = ""; /* max: the most holes it takes */
    if (c->max)
        snprintf(most, sizeof most, " (at most %d %s)", c->max,
                 c->max == 1 ? "hole" : "holes");
    const char *way = c->fixed_dir ? (c->fixed_dir - 1 == SOW_DIR_CW
                                          ? "clockwise from it"
                                          : "counter-clockwise from it")
                      : c->backward ? "before it"
                                    : "after it";
    const char *holds = c->owner == SOW_OWNER_OPPONENT
                            ? "is the opponent's and holds"
                        : c->owner == SOW_OWNER_OWN ? "is the mover's and holds"
                                                    : "holds";
    char counts[96];
    counts_text(c->counts, c->counts_high, counts, sizeof counts);
    if (c->from_last)
        sow_text_fmt(buf, size,
                     "it is taken if it %s %s, then the holes %s, one "
                     "after another, while each %s %s%s%s; then the move "
                     "ends",
                     holds, counts, way, holds, counts,
                     skip_empty ? " (an empty hole is passed over)" : "",
                     most);
    else
        sow_text_fmt(buf, size,
                     "the holes %s are taken, one after another, while "
                     "each %s %s%s%s; %sthen the move ends",
                     way, holds, counts,
                     skip_empty ? " (an empty hole is passed over)" : "",
                     most,
                     c->and_last ? "if any was taken, the last hole "
                                   "itself too; "
                                 : "");
}

/* The action of lap-end rule i where its modifiers change what
 * action_text() says (a chain as it reads, a series of captures, the
 * extra holes picked); "" where they do not. */
static void rule_action_text(const sow_setup *s, int i, int a, char *buf,
                             size_t size)
{
    const sow_lap_rule *r = &s->v->lap_rules[i];
    buf[0] = '\0';
    if (a == SOW_LAP_CHAIN)
        chain_text(&r->chain, s->chain_skip_empty[i], buf, size);
    else if (a == SOW_LAP_CAPTURE_TWO_OUT && r->series)
        sow_text_fmt(buf, size,
                     "the seeds of the hole after the next one are "
                     "captured, then onward in the same way while the next hole "
                     "is empty and the one after it holds seeds, and the "
                     "move ends");
    else if (a == SOW_LAP_CAPTURE_PAIR && r->series) /* EN.5 */
        sow_text_fmt(buf, size,
                     "the seeds of the hole facing it and the last seed are "
                     "captured, then, along the sowing, the seeds facing "
                     "each next hole while it is the mover's and empty and "
                     "the hole facing it holds seeds; then the move ends");
    else if (a == SOW_LAP_CAPTURE_OPPOSITE && r->pick_extra > 0)
        sow_text_fmt(buf, size,
                     "the seeds of the hole facing it are captured, and "
                     "those of every other opponent's hole holding %d, "
                     "and the move ends",
                     r->pick_extra);
}

/* The lap-end rule that decided, if it takes the seeds across (C2.5);
 * the event's own action does not say so. */
static const sow_lap_rule *across_rule(const sow_narrator *n)
{
    if (n->lap_rule < 0 || n->lap_rule >= n->s->v->nlap_rules)
        return NULL;
    const sow_lap_rule *r = &n->s->v->lap_rules[n->lap_rule];
    return r->action == SOW_LAP_CAPTURE_ACROSS ? r : NULL;
}

/* What an across capture does (C2.5), as its rule reads: to the store,
 * then the move ends or the hole is sown on; or sown again from the lap's
 * origin, the hole after it or the hole after h, then the move ends, h
 * is sown on, or the last seed sown ends a lap like any other. */
static void across_text(const sow_narrator *n, const sow_lap_rule *r,
                        const char *h, char *buf, size_t size)
{
    const char *what = r->take_last ? "its seeds and the opponent's "
                                      "facing it and behind it"
                                    : "the opponent's seeds facing it and "
                                      "behind it";
    if (!r->resow) {
        sow_text_fmt(buf, size, "%s go to the mover's store, %s", what,
                     r->then_relay  ? "then its own seeds are lifted and "
                                      "sown on"
                     : r->then_next ? "then the hole after it is sown on "
                                      "if it holds enough for a move"
                                    : "and the move ends");
        return;
    }
    char o[16] = "?";
    if (n->origin >= 0 && n->origin < n->s->holes)
        sow_hole_label(n->s, n->origin, o, sizeof o);
    char from[64], then[64];
    if (r->resow == SOW_RESOW_ORIGIN)
        sow_text_fmt(from, sizeof from, "from %s, the hole this sowing "
                                        "started from", o);
    else if (r->resow == SOW_RESOW_AFTER_ORIGIN)
        sow_text_fmt(from, sizeof from, "from the hole after %s, the hole "
                                        "this sowing started from", o);
    else
        sow_text_fmt(from, sizeof from, "from the hole after %s", h);
    const int rt = n->s->resow_then[r - n->s->v->lap_rules];
    if (rt == SOW_RESOW_THEN_STOP)
        sow_text_fmt(then, sizeof then, "then the move ends");
    else if (rt == SOW_RESOW_THEN_RELAY)
        sow_text_fmt(then, sizeof then, "then %s's seeds are lifted and "
                                        "sown on", h);
    else
        sow_text_fmt(then, sizeof then, "where their last seed falls is "
                                        "looked at as after any sowing");
    const char *way = r->resow_dir == 0 ? ""
                      : r->resow_dir - 1 == SOW_DIR_CW ? " clockwise"
                                                       : " counter-clockwise";
    sow_text_fmt(buf, size, "%s are taken up and sown again%s %s; %s", what,
                 way, from, then);
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

/* A capture: at a lap's end (citing the rule that decided), by bear-off,
 * while sowing (PL.4) or of the last seeds (PL.6). */
static void narrate_capture(const sow_narrator *n, const sow_event *ev,
                            const char *h, sow_story *out)
{
    const sow_setup *s = n->s;
    if (ev->hole < 0) {
        sow_text_fmt(out->text, sizeof out->text,
                 "bear-off: the %d %s in hand cross out of %s's row "
                 "and leave the board; the move ends",
                 ev->count, seeds(ev->count), who(ev->player));
        cite_mech(s, SOW_CITE_BEAROFF, out);
    } else if (ev->extra == SOW_TAKEN_WHILE_SOWING) {
        sow_text_fmt(out->text, sizeof out->text,
                     "%s now holds %d as it is sown: %s, whose row it "
                     "is, takes them at once",
                     h, ev->count, who(ev->player));
        cite_mech(s, SOW_CITE_SOW_CAPTURE, out);
    } else if (ev->extra == SOW_TAKEN_BY_SCRIPT) {
        sow_text_fmt(out->text, sizeof out->text,
                     "by the game's own rule, %s takes the %d %s of %s",
                     who(ev->player), ev->count, seeds(ev->count), h);
    } else if (ev->extra == SOW_TAKEN_SWEPT) { /* GA.7 */
        sow_text_fmt(out->text, sizeof out->text,
                     "no seed is left outside the claimed holes: the %d %s "
                     "of %s go to %s's store, who claimed it, and it is "
                     "claimed no longer",
                     ev->count, seeds(ev->count), h, who(ev->player));
        cite_mech(s, SOW_CITE_END, out);
    } else if (ev->extra == SOW_TAKEN_BEFORE) {
        sow_text_fmt(out->text, sizeof out->text,
                     "before the seeds are lifted, %s takes the %d %s of "
                     "%s, facing %s",
                     who(ev->player), ev->count, seeds(ev->count), h,
                     s->capture_before == SOW_BEFORE_LIFTED
                         ? "the hole lifted"
                         : "an own hole of the rule's count");
        cite_mech(s, SOW_CITE_CAPTURE_BEFORE, out);
    } else if (ev->extra == SOW_TAKEN_LAST_SEEDS) {
        sow_text_fmt(out->text, sizeof out->text,
                     "only a few seeds are left: %s takes the %d %s of "
                     "%s", who(ev->player), ev->count, seeds(ev->count),
                     h);
        cite_mech(s, SOW_CITE_LAST_SEEDS, out);
    } else {
        sow_text_fmt(out->text, sizeof out->text, "%s takes the %d %s of %s",
                 who(ev->player), ev->count, seeds(ev->count), h);
        if (n->lap_rule >= 0)
            cite(s, s->v->lap_rules[n->lap_rule].cite, out);
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

/* The rule of a lap that ended in a claimed hole (GB.3, GB.4): the event
 * names none, since rules for claimed holes are looked up apart (C1.4);
 * the first one for the claimant's side whose action the event has, or
 * -1. */
static int claimed_rule(const sow_setup *s, const sow_game *g,
                        const sow_event *ev)
{
    int who = sow_claimant(g, ev->hole);
    if (who < 0)
        return -1;
    const int side = who == ev->player ? 1 : 2;
    for (int i = 0; i < s->v->nlap_rules; i++) {
        const sow_lap_rule *r = &s->v->lap_rules[i];
        if ((r->on_claimed & side) && (int)r->action == ev->extra)
            return i;
    }
    return -1;
}

/* A lap's end: where the last seed fell and what the rule that decided
 * does there (the rule's own words for a chain, a series, extra holes),
 * citing that rule, or the mechanism's. */
static void narrate_lap_end(sow_narrator *n, const sow_game *g,
                            const sow_event *ev, const char *h,
                            sow_story *out)
{
    const sow_setup *s = n->s;
    n->lap_rule = ev->rule - 1;
    if (ev->rule < 0) { /* P86: a rule of moved holes, not met */
        const int fresh = -ev->rule - 1;
        n->lap_rule = -1;
        sow_text_fmt(out->text, sizeof out->text,
                     "the last seed falls in %s, which now holds %d; it "
                     "had not been touched since the round began, so its "
                     "seeds are lifted and sown on",
                     h, ev->count);
        cite(s, s->v->lap_rules[fresh].cite, out);
        return;
    }
    if (n->lap_rule < 0 && ev->hole >= 0)
        n->lap_rule = claimed_rule(s, g, ev);
    if (ev->hole < 0) { /* C1.3: the lap ended in a store (hole -1 - p:
                           player p's) */
        sow_text_fmt(out->text, sizeof out->text,
                     "the last seed falls in %s's store, which now "
                     "holds %d: %s",
                     who(-1 - ev->hole), ev->count,
                     action_text(s, n->lap_rule, ev->extra));
    } else {
        /* the rule's own words first: a chain, a series, extra holes, the
         * seeds across (C2.5) */
        char rule[240] = "";
        const sow_lap_rule *ar = across_rule(n);
        if (ar)
            across_text(n, ar, h, rule, sizeof rule);
        else if (n->lap_rule >= 0)
            rule_action_text(s, n->lap_rule, ev->extra, rule,
                             sizeof rule);
        if (ar && ar->resow)
            n->across = ev->hole;
        sow_text_fmt(out->text, sizeof out->text,
                     "the last seed falls in %s, which now holds %d: %s",
                     h, ev->count,
                     rule[0] ? rule
                     : ev->extra == SOW_LAP_RELAY && s->relay_next
                         ? "the seeds of the hole after it, if any, "
                           "are lifted and sown on"
                     : ev->extra == SOW_LAP_CLAIM && ev->rule > 0 &&
                             (s->v->lap_rules[ev->rule - 1].claim.holes &
                              ~SOW_CLAIM_LAST)
                         ? "the mover claims the holes its rule names "
                           "together, and the move ends" /* C1.4 */
                         : action_text(s, n->lap_rule, ev->extra));
    }
    const char *id = n->lap_rule >= 0
                         ? s->v->lap_rules[n->lap_rule].cite
                         : NULL;
    if (id && id[0])
        cite(s, id, out);
    else
        cite_mech(s,
                  ev->extra == SOW_LAP_RELAY ? SOW_CITE_RELAY
                                             : SOW_CITE_STOP,
                  out);
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
        narrate_lap_end(n, g, ev, h, out);
        break;
    case SOW_EV_CAPTURE:
        narrate_capture(n, ev, h, out);
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
         "a round reached the longest game allowed, unfinished"}};
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
