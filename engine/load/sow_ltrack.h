/* sow_ltrack.h - the loader of the sowing track (sowing.track: of a
 * variant file, issue 24): ring, own, or a list of positions for each
 * player. Part of the variant loader (sow_loader.c). */
#ifndef SOW_LTRACK_H
#define SOW_LTRACK_H

#include "sow_variant.h"
#include "sow_yfield.h"

/* Read the node of `track:` into v (circuit, circuit_len, circuit_list,
 * circuit_line/col). A list's holes are checked against the board when
 * the options are chosen (sow_setup_init: holes may be an option). */
int sow_load_track(const sow_yreader *r, const sow_ynode *n, sow_variant *v);

#endif
