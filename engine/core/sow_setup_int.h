/* sow_setup_int.h - what the board's setup (sow_setup.c) calls of the
 * rules' setup (sow_setup_rules.c), inside engine/core, in the order
 * sow_setup_init calls them; each is described where it is defined. */
#ifndef SOW_SETUP_INT_H
#define SOW_SETUP_INT_H

#include "sow_setup.h"

/* the family's data and its rounds: after the directions */
void sow_setup_family(sow_setup *s, const sow_variant *v,
                      const sow_optset *opts);
/* resow.then, the lap-end rules in force and their fast actions: after
 * the options the machine reads (relay among them) */
void sow_setup_resow(sow_setup *s, const sow_variant *v,
                     const sow_optset *opts);
void sow_setup_rules_on(sow_setup *s, const sow_variant *v,
                        const sow_optset *opts);
void sow_setup_lap_actions(sow_setup *s, const sow_variant *v);
/* the quick paths: last, once every other part is known */
void sow_setup_paths(sow_setup *s, const sow_variant *v);

#endif
