/* sow_find.c - finding variants by id or path (sow_find.h). */
#include "sow_find.h"

#include <dirent.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The installed data folder, set by the Makefile from PREFIX. */
#ifndef SOW_DATADIR
#define SOW_DATADIR "/usr/local/share/sow"
#endif

int sow_variant_dirs(char dirs[][SOW_FIND_DIR_MAX], int max, bool beside_exe)
{
    int n = 0;
    const char *env = getenv("SOW_VARIANTS");
    if (env && *env) {
        char *copy = strdup(env), *save = NULL;
        for (char *d = copy ? strtok_r(copy, ":", &save) : NULL; d && n < max;
             d = strtok_r(NULL, ":", &save))
            snprintf(dirs[n++], SOW_FIND_DIR_MAX, "%s", d);
        free(copy);
    }
    char exe[1024];
    ssize_t len = beside_exe ? readlink("/proc/self/exe", exe, sizeof exe - 1)
                             : -1;
    if (len > 0) {
        exe[len] = 0;
        char *dir = dirname(exe);
        if (n < max)
            snprintf(dirs[n++], SOW_FIND_DIR_MAX, "%.900s/../variants", dir);
        if (n < max)
            snprintf(dirs[n++], SOW_FIND_DIR_MAX, "%.900s/../share/sow/variants", dir);
    }
    if (n < max)
        snprintf(dirs[n++], SOW_FIND_DIR_MAX, "%s/variants", SOW_DATADIR);
    return n;
}

static bool looks_like_path(const char *arg)
{
    size_t l = strlen(arg);
    return strchr(arg, '/') ||
           (l > 5 && (strcmp(arg + l - 5, ".yaml") == 0)) ||
           (l > 4 && strcmp(arg + l - 4, ".yml") == 0);
}

/* Read just the id: of a YAML file, cheaply and without failing. */
static bool file_has_id(const char *path, const char *id)
{
    sow_variant *v = NULL;
    sow_error e;
    if (sow_variant_load(path, &v, &e))
        return false;
    bool same = strcmp(v->id, id) == 0;
    sow_variant_free(v);
    return same;
}

typedef struct find_ctx {
    const char *id;
    char *path;
    size_t size;
    bool found;
} find_ctx;

static int match_id(void *ctx, const char *path, const sow_variant *v)
{
    find_ctx *fc = ctx;
    if (strcmp(v->id, fc->id) != 0)
        return 0;
    snprintf(fc->path, fc->size, "%s", path);
    fc->found = true;
    return 1;
}

int sow_scan_variants(bool beside_exe,
                      int (*fn)(void *ctx, const char *path,
                                const sow_variant *v),
                      void *ctx)
{
    char dirs[SOW_FIND_MAX_DIRS][SOW_FIND_DIR_MAX];
    int nd = sow_variant_dirs(dirs, SOW_FIND_MAX_DIRS, beside_exe);
    for (int d = 0; d < nd; d++) {
        struct dirent **names;
        /* sorted, so that the same files always give the same answer */
        int nn = scandir(dirs[d], &names, NULL, alphasort);
        if (nn < 0)
            continue;
        int stop = 0;
        for (int k = 0; k < nn; k++) {
            const char *name = names[k]->d_name;
            size_t l = strlen(name);
            if (!stop && l >= 6 && strcmp(name + l - 5, ".yaml") == 0) {
                char p[1400];
                snprintf(p, sizeof p, "%.1000s/%.255s", dirs[d], name);
                sow_variant *v;
                sow_error e;
                if (sow_variant_load(p, &v, &e) == SOW_OK) {
                    stop = fn(ctx, p, v);
                    sow_variant_free(v);
                }
            }
            free(names[k]);
        }
        free(names);
        if (stop)
            return 1;
    }
    return 0;
}

int sow_find_variant(const char *arg, bool beside_exe, char *path,
                     size_t size, sow_error *err)
{
    if (looks_like_path(arg)) {
        snprintf(path, size, "%s", arg);
        return SOW_OK;
    }
    char dirs[SOW_FIND_MAX_DIRS][SOW_FIND_DIR_MAX];
    int nd = sow_variant_dirs(dirs, SOW_FIND_MAX_DIRS, beside_exe);
    /* the usual file name first (id with _ for -), then every file */
    for (int d = 0; d < nd; d++) {
        char guess[1200];
        snprintf(guess, sizeof guess, "%.1000s/%.100s.yaml", dirs[d], arg);
        for (char *p = strrchr(guess, '/') + 1; *p; p++)
            if (*p == '-')
                *p = '_';
        /* no access() first: loading reads regular files only, without
         * waiting on a FIFO (sow_file.h), and fails on a missing one */
        if (file_has_id(guess, arg)) {
            snprintf(path, size, "%s", guess);
            return SOW_OK;
        }
    }
    find_ctx fc = {arg, path, size, false};
    sow_scan_variants(beside_exe, match_id, &fc);
    if (fc.found)
        return SOW_OK;
    return sow_error_set(err, NULL, 0, 0,
                         "no variant '%s'; 'sow list' shows the variants "
                         "found, or give the path of a .yaml file",
                         arg);
}

