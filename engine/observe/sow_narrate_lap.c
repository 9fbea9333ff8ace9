/* sow_narrate_lap.c - a lap's end and a capture told in plain English:
 * where the last seed fell, which lap-end rule decided and what it does
 * (its counts, chains and captures across written out), and the seeds
 * taken (sow_narrate.c tells the other events and calls these). */
#include "sow_narrate_int.h"
#include "sow_text.h"

#include <stdio.h>
#include <string.h>

#include "sow_draw.h"

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

/* A capture: at a lap's end (citing the rule that decided), by bear-off,
 * while sowing (PL.4) or of the last seeds (PL.6). */
void sow_narrate_capture(const sow_narrator *n, const sow_event *ev,
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
void sow_narrate_lap_end(sow_narrator *n, const sow_game *g,
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
