/* sow_scenario_file.h - a loaded scenario file as its two halves share it
 * (internal to engine/lab): sow_scenario.c reads the file and checks its
 * shape, sow_scenario_run.c runs its cases. Only the runner includes this;
 * everyone else sees the file through sow_scenario.h. */
#ifndef SOW_SCENARIO_FILE_H
#define SOW_SCENARIO_FILE_H

#include <stdbool.h>
#include <stddef.h>

#include "sow_yaml.h"
#include "sow_yfield.h"

struct sow_scenario_file {
    char *path;
    char *dir;
    sow_ynode *root;
    const sow_ynode *variant;   /* scalar */
    const sow_ynode *options;   /* mapping, or NULL */
    int ncases;
    const sow_ynode **cases;    /* mappings */
};

/* Errors of a scenario file (sow_yfield.h: the same readers and words as
 * the variant loader's). */
typedef sow_yreader sow_scn_ctx;

/* The value of key in a mapping, or NULL (also for no mapping). */
static inline const sow_ynode *scn_get(const sow_ynode *map, const char *key)
{
    return map ? sow_ynode_get(map, key) : NULL;
}

static inline bool scn_is_scalar(const sow_ynode *n)
{
    return n && n->type == SOW_Y_SCALAR;
}

/* The player a checked node names (south, north, 0, 1: 0 or 1; none: -1). */
int sow_scn_player_of(const sow_ynode *n);

#endif
