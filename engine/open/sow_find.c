/* sow_find.c - finding variants by id or path (sow_find.h). */
#include "sow_find.h"
#include "sow_buf.h"
#include "sow_text.h"

#include <dirent.h>
#include <stdarg.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The installed data folder, set by the Makefile from PREFIX. */
#ifndef SOW_DATADIR
#define SOW_DATADIR "/usr/local/share/sow"
#endif

/* Append a copy of the text of fmt to d; false when memory runs out. */
static bool add_dir(sow_dirs *d, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static bool add_dir(sow_dirs *d, const char *fmt, ...)
{
    sow_buf b = {0};
    va_list ap;
    va_start(ap, fmt);
    sow_buf_vadd(&b, fmt, ap);
    va_end(ap);
    char **grown = b.oom ? NULL
                         : realloc(d->dir, sizeof *grown * (size_t)(d->n + 1));
    if (!grown) {
        sow_buf_free(&b);
        return false;
    }
    d->dir = grown;
    d->dir[d->n++] = b.s;
    return true;
}

/* The folder of the running program (malloc'd), or NULL: readlink with a
 * buffer that grows until the whole path fits, since a cut one would name
 * another folder. */
static char *program_dir(void)
{
    for (size_t size = 256; size <= (1u << 20); size *= 2) {
        char *exe = malloc(size);
        if (!exe)
            return NULL;
        ssize_t len = readlink("/proc/self/exe", exe, size);
        if (len <= 0) {
            free(exe);
            return NULL;
        }
        if ((size_t)len < size) {
            exe[len] = 0;
            char *dir = strdup(dirname(exe));
            free(exe);
            return dir;
        }
        free(exe);
    }
    return NULL;
}

void sow_dirs_free(sow_dirs *d)
{
    for (int i = 0; i < d->n; i++)
        free(d->dir[i]);
    free(d->dir);
    d->dir = NULL;
    d->n = 0;
}

int sow_variant_dirs(sow_dirs *out, bool beside_exe, sow_error *err)
{
    sow_dirs d = {NULL, 0};
    bool ok = true;
    const char *env = getenv("SOW_VARIANTS");
    for (const char *p = env; ok && p && *p;) {
        size_t len = strcspn(p, ":");
        if (len > 0) /* an empty entry (a::b) names no folder */
            ok = add_dir(&d, "%.*s", (int)len, p);
        p += len + (p[len] == ':');
    }
    char *dir = ok && beside_exe ? program_dir() : NULL;
    if (dir) {
        ok = add_dir(&d, "%s/../variants", dir) &&
             add_dir(&d, "%s/../share/sow/variants", dir);
        free(dir);
    }
    ok = ok && add_dir(&d, "%s/variants", SOW_DATADIR);
    if (!ok) {
        sow_dirs_free(&d);
        return sow_error_set(err, NULL, 0, 0,
                             "out of memory while listing variant folders");
    }
    *out = d;
    return SOW_OK;
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
    char *path; /* malloc'd: the file found */
    bool found;
} find_ctx;

static int match_id(void *ctx, const char *path, const sow_variant *v)
{
    find_ctx *fc = ctx;
    if (strcmp(v->id, fc->id) != 0)
        return 0;
    fc->path = strdup(path);
    fc->found = fc->path != NULL;
    return 1;
}

int sow_scan_variants(bool beside_exe,
                      int (*fn)(void *ctx, const char *path,
                                const sow_variant *v),
                      void *ctx)
{
    sow_dirs dirs;
    sow_error e;
    if (sow_variant_dirs(&dirs, beside_exe, &e))
        return 0;
    int stop = 0;
    for (int d = 0; d < dirs.n && !stop; d++) {
        struct dirent **names;
        /* sorted, so that the same files always give the same answer */
        int nn = scandir(dirs.dir[d], &names, NULL, alphasort);
        if (nn < 0)
            continue;
        for (int k = 0; k < nn; k++) {
            const char *name = names[k]->d_name;
            size_t l = strlen(name);
            if (!stop && l >= 6 && strcmp(name + l - 5, ".yaml") == 0) {
                sow_buf p = {0};
                sow_buf_add(&p, "%s/%s", dirs.dir[d], name);
                sow_variant *v;
                if (!p.oom && sow_variant_load(p.s, &v, &e) == SOW_OK) {
                    stop = fn(ctx, p.s, v);
                    sow_variant_free(v);
                }
                sow_buf_free(&p);
            }
            free(names[k]);
        }
        free(names);
    }
    sow_dirs_free(&dirs);
    return stop;
}

/* path[size] = text, or an error when it does not fit whole. */
static int put_path(char *path, size_t size, const char *text,
                    sow_error *err)
{
    size_t len = strlen(text);
    if (len < size) {
        memcpy(path, text, len + 1);
        return SOW_OK;
    }
    return sow_error_set(err, NULL, 0, 0,
                         "the path '%.*s...' is too long (%zu bytes; at "
                         "most %zu): name a file with a shorter path",
                         SOW_CLIP(text, 60), len, size ? size - 1 : 0);
}

int sow_find_variant(const char *arg, bool beside_exe, char *path,
                     size_t size, sow_error *err)
{
    if (looks_like_path(arg))
        return put_path(path, size, arg, err);
    sow_dirs dirs;
    if (sow_variant_dirs(&dirs, beside_exe, err))
        return SOW_ERR;
    /* the usual file name first (id with _ for -), then every file */
    for (int d = 0; d < dirs.n; d++) {
        sow_buf guess = {0};
        sow_buf_add(&guess, "%s/", dirs.dir[d]);
        size_t at = guess.len;
        sow_buf_add(&guess, "%s.yaml", arg);
        if (guess.oom) {
            sow_buf_free(&guess);
            continue;
        }
        for (char *p = guess.s + at; *p; p++)
            if (*p == '-')
                *p = '_';
        /* no access() first: loading reads regular files only, without
         * waiting on a FIFO (sow_file.h), and fails on a missing one */
        bool found = file_has_id(guess.s, arg);
        int rc = found ? put_path(path, size, guess.s, err) : SOW_OK;
        sow_buf_free(&guess);
        if (found) {
            sow_dirs_free(&dirs);
            return rc;
        }
    }
    sow_dirs_free(&dirs);
    find_ctx fc = {arg, NULL, false};
    sow_scan_variants(beside_exe, match_id, &fc);
    if (fc.found) {
        int rc = put_path(path, size, fc.path, err);
        free(fc.path);
        return rc;
    }
    return sow_error_set(err, NULL, 0, 0,
                         "no variant '%.*s'; 'sow list' shows the variants "
                         "found, or give the path of a .yaml file",
                         SOW_CLIP(arg, 200));
}
