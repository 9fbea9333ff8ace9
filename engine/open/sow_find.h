/* sow_find.h - where variants are found: a variant is named by its id
 * (as `sow list` shows it) or by the path of its .yaml file. Ids are looked up in
 * the folders of SOW_VARIANTS (a list separated by ':'), then, for the
 * command only, beside the program (../variants, ../share/sow/variants),
 * then in the installed data folder (SOW_DATADIR/variants). No limit
 * drops a folder: every SOW_VARIANTS folder is searched, and the shipped
 * folders always come after them (issue 23). */
#ifndef SOW_FIND_H
#define SOW_FIND_H

#include <stdbool.h>
#include <stddef.h>

#include "sow_error.h"
#include "sow_variant.h"

/* A list of folders (malloc'd strings). */
typedef struct sow_dirs {
    char **dir;
    int n;
} sow_dirs;

/* The folders searched, in order, into *out (free with sow_dirs_free);
 * `beside_exe`: include the two folders beside the running program (the
 * sow command; an embedding program leaves them out). SOW_ERR (err set)
 * only when memory runs out. */
int sow_variant_dirs(sow_dirs *out, bool beside_exe, sow_error *err);
void sow_dirs_free(sow_dirs *d);

/* Call fn for every variant file that loads, folder by folder in search
 * order (files sorted by name), until fn returns non-zero. Returns 1 if
 * stopped early. */
int sow_scan_variants(bool beside_exe,
                      int (*fn)(void *ctx, const char *path,
                                const sow_variant *v),
                      void *ctx);

/* The path of a variant given by id or path (a name holding '/' or
 * ending in .yaml or .yml is a path, taken as it is) into path[size]; a
 * path that does not fit whole is an error, never cut (issue 23: a cut
 * path named another file). */
int sow_find_variant(const char *arg, bool beside_exe, char *path,
                     size_t size, sow_error *err);

#endif
