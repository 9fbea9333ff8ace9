/* sow_yaml.h - a small YAML document tree with source positions.
 *
 * This is the one module that includes yaml.h. It reads a file with libyaml
 * and builds a tree of scalars, sequences and mappings, each node carrying
 * its 1-based line and column, so the loader can point at any value.
 * Anything this project does not want in a variant file is refused here with
 * file:line:col: anchors, aliases, tags, several documents, nesting deeper
 * than SOW_YAML_MAX_DEPTH, files over SOW_YAML_MAX_BYTES, duplicate keys,
 * keys that are not plain scalars. */
#ifndef SOW_YAML_H
#define SOW_YAML_H

#include <stdbool.h>

#include "sow_error.h"

#define SOW_YAML_MAX_BYTES (256 * 1024)
#define SOW_YAML_MAX_DEPTH 16
#define SOW_YAML_MAX_NODES 20000

typedef enum { SOW_Y_SCALAR, SOW_Y_SEQ, SOW_Y_MAP } sow_ytype;

typedef struct sow_ynode sow_ynode;
struct sow_ynode {
    sow_ytype type;
    int line, col;        /* 1-based position of the node */
    char *text;           /* scalar: its text (owned) */
    bool plain;           /* scalar: written without quotes */
    int n;                /* seq: items; map: pairs */
    sow_ynode **items;    /* seq: n items; map: 2n, key then value */
};

/* Parse the file at path. On success *root is a tree the caller frees with
 * sow_ynode_free (an empty document gives a NULL root and SOW_OK). */
int sow_yaml_parse_file(const char *path, sow_ynode **root, sow_error *err);

/* The same, `what` naming the file in the messages of the bounded reader
 * (sow_file.h: "a scenario file"; sow_yaml_parse_file says "a variant
 * file"). */
int sow_yaml_read_file(const char *path, const char *what, sow_ynode **root,
                       sow_error *err);

/* The same for text in memory; path is used in error messages only. */
int sow_yaml_parse_text(const char *path, const char *text, size_t len,
                        sow_ynode **root, sow_error *err);

void sow_ynode_free(sow_ynode *n);

/* The value under `key` of a mapping, or NULL. */
sow_ynode *sow_ynode_get(const sow_ynode *map, const char *key);

#endif
