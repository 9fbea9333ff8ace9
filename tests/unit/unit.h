/* unit.h - helpers shared by the cmocka unit tests (tests/unit/test_*.c).
 *
 * Not a test itself: the Makefile builds only tests/unit/test_*.c. Every
 * helper is static inline so a test file that does not use one gets no
 * warning. Tests run from the repository root; temporary files go into a
 * mkdtemp directory that the test group removes at the end. */
#ifndef SOW_UNIT_H
#define SOW_UNIT_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <dirent.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "sow_error.h"

/* A new empty directory under $TMPDIR (or /tmp); the caller frees the
 * string and removes the directory with unit_rmdir. */
static inline char *unit_mkdtemp(void)
{
    const char *base = getenv("TMPDIR");
    if (!base || !base[0])
        base = "/tmp";
    size_t len = strlen(base) + 32;
    char *p = malloc(len);
    if (!p)
        return NULL;
    snprintf(p, len, "%s/sow-unit-XXXXXX", base);
    if (!mkdtemp(p)) {
        free(p);
        return NULL;
    }
    return p;
}

/* Remove the files of a flat directory, then the directory; frees dir. */
static inline void unit_rmdir(char *dir)
{
    if (!dir)
        return;
    DIR *d = opendir(dir);
    if (d) {
        struct dirent *e;
        while ((e = readdir(d))) {
            if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
                continue;
            char p[1024];
            snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
            unlink(p);
        }
        closedir(d);
    }
    rmdir(dir);
    free(dir);
}

/* A test group's temporary folder (group setup and teardown): made into
 * *dir (0, or -1 when it cannot be), then removed and *dir set to NULL. */
static inline int unit_group_dir(char **dir)
{
    *dir = unit_mkdtemp();
    return *dir ? 0 : -1;
}

static inline int unit_group_dir_done(char **dir)
{
    unit_rmdir(*dir);
    *dir = NULL;
    return 0;
}

/* dir/name into buf. */
static inline const char *unit_path(char *buf, size_t size, const char *dir,
                                    const char *name)
{
    snprintf(buf, size, "%s/%s", dir, name);
    return buf;
}

/* Write len bytes to dir/name (replacing it); the full path goes to buf. */
static inline const char *unit_write_n(char *buf, size_t size,
                                       const char *dir, const char *name,
                                       const char *data, size_t len)
{
    unit_path(buf, size, dir, name);
    FILE *f = fopen(buf, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(data, 1, len, f), len);
    assert_int_equal(fclose(f), 0);
    return buf;
}

static inline const char *unit_write(char *buf, size_t size, const char *dir,
                                     const char *name, const char *text)
{
    return unit_write_n(buf, size, dir, name, text, strlen(text));
}

/* Fail with both strings shown when needle is not in hay. */
#define assert_contains(hay, needle)                                         \
    do {                                                                     \
        const char *h_ = (hay), *n_ = (needle);                              \
        if (!h_ || !strstr(h_, n_))                                          \
            fail_msg("\"%s\" does not contain \"%s\"", h_ ? h_ : "(null)", \
                     n_);                                                    \
    } while (0)

#define assert_not_contains(hay, needle)                                     \
    do {                                                                     \
        const char *h_ = (hay), *n_ = (needle);                              \
        if (h_ && strstr(h_, n_))                                            \
            fail_msg("\"%s\" contains \"%s\"", h_, n_);                      \
    } while (0)

/* An error at path:line:col (path compared by its ending, so a test can
 * give a file name without the temporary directory). */
#define assert_error_at(err, path_end, l, c)                                 \
    do {                                                                     \
        const sow_error *e_ = (err);                                         \
        const char *pe_ = (path_end);                                        \
        size_t pl_ = strlen(e_->path), el_ = strlen(pe_);                    \
        if (pl_ < el_ || strcmp(e_->path + pl_ - el_, pe_) != 0)             \
            fail_msg("error path \"%s\" does not end in \"%s\" (%s)",       \
                     e_->path, pe_, e_->msg);                                \
        if (e_->line != (l) || e_->col != (c))                               \
            fail_msg("error at %d:%d, expected %d:%d (%s)", e_->line,       \
                     e_->col, (int)(l), (int)(c), e_->msg);                  \
    } while (0)

static inline double unit_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Processor time of the calling thread in seconds: the clock of the Lua
 * bridge's per-call time limit, so that tests of it hold on a loaded
 * machine. */
static inline double unit_cpu_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Whether the test runs under valgrind (detected by its preloaded
 * library): a sweep whose every case exercises the same code may then
 * keep a few representative cases, the plain and sanitizer runs keeping
 * all (SOW_TEST_ALL=1 keeps all under valgrind too). */
static inline bool unit_under_valgrind(void)
{
    const char *pre = getenv("LD_PRELOAD");
    return pre && strstr(pre, "vgpreload");
}

static inline bool unit_sweep_all(void)
{
    return !unit_under_valgrind() || getenv("SOW_TEST_ALL");
}

/* How much slower than a plain build this run is allowed to be: valgrind
 * or SOW_TEST_SLOW=<factor>. */
static inline double unit_slow_factor(void)
{
    const char *f = getenv("SOW_TEST_SLOW");
    if (f && atof(f) > 0)
        return atof(f);
    if (unit_under_valgrind())
        return 60.0;
#if defined(__SANITIZE_ADDRESS__)
    return 4.0;
#else
    return 1.0;
#endif
}

#endif
