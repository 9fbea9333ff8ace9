/* sow_event.h - the events the sowing machine reports as it plays
 * (sow_event) and the observer that receives them: records, narration,
 * drawing and the page listen here; the machine knows none of them. Part
 * of sow_game.h, which includes it. */
#ifndef SOW_EVENT_H
#define SOW_EVENT_H

/* ---- events, for observers (records, narration, drawing) --------------- */

typedef enum {
    SOW_EV_LIFT,      /* hole, count = seeds lifted, extra = seeds left */
    SOW_EV_DROP,      /* hole, count = its seeds after the drop */
    SOW_EV_SKIP,      /* hole skipped: extra 0 the origin (C0.4), 1 an
                         opponent's hole for its count (LL.4), 2 a hole
                         the mover's sowing passes over (IS.3), 3 the
                         drop hook's (SOW_SKIP_BY_SCRIPT) */
    SOW_EV_LAP_END,   /* hole, count, extra = sow_lap_action decided;
                         a lap ending in player p's store: hole -1 - p */
    SOW_EV_CAPTURE,   /* hole, count = seeds taken, player = taker;
                         extra: 0 a lap-end capture, 1 bear-off (hole
                         -1), SOW_TAKEN_WHILE_SOWING, SOW_TAKEN_LAST_SEEDS */
    SOW_EV_ENDLESS,   /* the move never ends (P2); extra = laps seen */
    SOW_EV_PASS,      /* player cannot move and is skipped (C0.5) */
    SOW_EV_END,       /* the game ended; see the game's result */
    SOW_EV_STORE,     /* a seed sown into player's store on the track
                         (C1.2); count = the store's seeds after it */
    SOW_EV_GRAND_SLAM,/* the move captured the whole opposing row; extra
                         = the sow_slam reading applied (OW.4) */
    SOW_EV_CLAIM,     /* player claims hole (C1.4); count = its seeds */
    SOW_EV_CLOSE,     /* player closes hole (C1.5, NB.3); count = its
                         seeds, lifted next */
    SOW_EV_OUT,       /* a seed sown into the closed hole leaves play
                         (NB.2, C1.13); player = the mover; extra 1: the
                         drop hook took it out (SOW_OUT_BY_SCRIPT), or
                         count seeds a hook's `out` change took */
    SOW_EV_INTO,      /* the count seeds of hole go into player's claimed
                         hole extra (QL.4); player SOW_INTO_BY_SCRIPT: a
                         hook's move, whose ends may be stores, -1 - p
                         as a lap end in a store is */
    SOW_EV_PLACE      /* player places a seed from the hand into hole
                         (MW.2); count = its seeds after, extra = the
                         seeds left in hand */,
    SOW_EV_END_SOW,    /* the count seeds player captured are sown from
                         the end hole `hole` (BK.6); extra 1 where the
                         player chose it, 0 where the rules did */
    SOW_EV_HOUSE,     /* a lap ends at player's functional house `hole`
                         in a capturing turn (BK.7(c)): extra 1 the
                         player sows on (go), 0 ends the turn (stop) */
    SOW_EV_NEXT_LAP   /* a lap_end hook's next (issue 24): the next lap
                         of player's move lifts `hole`, holding count,
                         and sows in sow_dir extra */
} sow_event_kind;

typedef struct sow_event {
    sow_event_kind kind;
    int player;
    int hole;
    int count;
    int extra;
    int rule; /* LAP_END: 1 + the index of the lap_end rule that decided;
                 0: none matched (the default relay or stop) */
} sow_event;

typedef struct sow_observer {
    void *ctx;
    void (*on_event)(void *ctx, const sow_event *ev);
    bool captures_only;     /* only SOW_EV_CAPTURE is wanted (the sowing
                               tells nothing else, nor works out which
                               rule ended a lap: OW.4's watch) */
} sow_observer;

#endif
