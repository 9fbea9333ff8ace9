/* sow_narrate_int.h - what the narration's files share inside
 * engine/observe: the words for a player and for seeds, the citing of a
 * rule, and the narration of a lap's end and of a capture
 * (sow_narrate_lap.c), which sow_narrate.c calls for those events. */
#ifndef SOW_NARRATE_INT_H
#define SOW_NARRATE_INT_H

#include "sow_narrate.h"

static inline const char *who(int p) { return p ? "North" : "South"; }

static inline const char *seeds(int n) { return n == 1 ? "seed" : "seeds"; }

/* Cite rule id `id` ("" or NULL: none) of the variant. */
static inline void cite(const sow_setup *s, const char *id, sow_story *out)
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

static inline void cite_mech(const sow_setup *s, sow_cite c, sow_story *out)
{
    cite(s, s->v->cite[c], out);
}

/* (described where they are defined, in sow_narrate_lap.c) */
void sow_narrate_lap_end(sow_narrator *n, const sow_game *g,
                         const sow_event *ev, const char *h, sow_story *out);
void sow_narrate_capture(const sow_narrator *n, const sow_event *ev,
                         const char *h, sow_story *out);

#endif
