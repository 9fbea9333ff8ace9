/* sow_file.c - the bounded reader of input files (see sow_file.h). */
#include "sow_file.h"

#include <errno.h>
#include <stdbool.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The kind of a file that is not regular, as a noun ("a FIFO"). */
static const char *sow_file_kind(unsigned mode)
{
    if (S_ISDIR(mode))
        return "a directory";
    if (S_ISFIFO(mode))
        return "a FIFO";
    if (S_ISCHR(mode) || S_ISBLK(mode))
        return "a device";
    if (S_ISSOCK(mode))
        return "a socket";
    if (S_ISREG(mode))
        return "a regular file";
    return "not a regular file";
}

/* Open path for reading, without waiting, as a regular file: the
 * descriptor, or -1 with *code and err set. The type is checked on the
 * open descriptor, so that nothing can be swapped in between a check and
 * the open. */
static int open_regular(const char *path, const char *shown, int flags,
                        const char *what, struct stat *st, int *code,
                        sow_error *err)
{
    /* O_NONBLOCK: opening a FIFO with no writer, or a tty, returns at
     * once; O_NOCTTY: a terminal never becomes ours */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC | flags);
    if (fd < 0 && (flags & O_NOFOLLOW) && errno == ELOOP) {
        *code = SOW_FILE_LINK; /* the caller words it */
        return -1;
    }
    if (fd < 0) {
        sow_error_set(err, shown, 0, 0, "cannot open: %s", strerror(errno));
        *code = SOW_FILE_OPEN;
        return -1;
    }
    if (fstat(fd, st) != 0) {
        sow_error_set(err, shown, 0, 0, "cannot read: %s", strerror(errno));
        close(fd);
        *code = SOW_FILE_READ;
        return -1;
    }
    if (S_ISDIR(st->st_mode)) {
        close(fd);
        sow_error_set(err, shown, 0, 0, "is a directory; give the path of %s", what);
        *code = SOW_FILE_DIR;
        return -1;
    }
    if (!S_ISREG(st->st_mode)) {
        close(fd);
        sow_error_set(err, shown, 0, 0,
                      "is %s; give the path of %s (only regular files are "
                      "read)",
                      sow_file_kind(st->st_mode), what);
        *code = SOW_FILE_SPECIAL;
        return -1;
    }
    /* a regular file: blocking reads from here (O_NONBLOCK means nothing
     * to a regular file, but clear it for clarity) */
    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    *code = SOW_FILE_OK;
    return fd;
}

int sow_file_probe(const char *path, const char *what, sow_error *err)
{
    struct stat st;
    int code;
    int fd = open_regular(path, path, 0, what, &st, &code, err);
    if (fd >= 0)
        close(fd);
    return code;
}

/* Read the file at path (opened with `flags` besides the usual ones);
 * messages name it `shown`. */
static int read_file(const char *path, const char *shown, int flags,
                     size_t limit, const char *what, char **out,
                     size_t *len, sow_error *err)
{
    *out = NULL;
    *len = 0;
    struct stat st;
    int code;
    int fd = open_regular(path, shown, flags, what, &st, &code, err);
    if (fd < 0)
        return code;
    if (st.st_size > 0 && (unsigned long long)st.st_size > limit) {
        close(fd);
        sow_error_set(err, shown, 0, 0,
                      "is larger than %s may be: at most %zu bytes", what,
                      limit);
        return SOW_FILE_BIG;
    }
    /* st_size may be stale (a file that grows while read): read at most
     * limit + 1 bytes whatever it says */
    size_t cap = st.st_size > 0 ? (size_t)st.st_size + 1 : 4096;
    if (cap > limit + 1)
        cap = limit + 1;
    char *buf = malloc(cap + 1);
    size_t n = 0;
    int rc = SOW_FILE_OK;
    while (buf) {
        if (n == cap) {
            if (cap > limit)
                break;
            size_t ncap = cap * 2 > limit + 1 ? limit + 1 : cap * 2;
            char *t = realloc(buf, ncap + 1);
            if (!t) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = t;
            cap = ncap;
        }
        ssize_t k = read(fd, buf + n, cap - n);
        if (k < 0 && errno == EINTR)
            continue;
        if (k < 0) {
            sow_error_set(err, shown, 0, 0, "cannot read: %s", strerror(errno));
            rc = SOW_FILE_READ;
            break;
        }
        if (k == 0)
            break;
        n += (size_t)k;
    }
    close(fd);
    if (!buf) {
        sow_error_set(err, shown, 0, 0, "out of memory");
        return SOW_FILE_READ;
    }
    if (rc == SOW_FILE_OK && n > limit) {
        sow_error_set(err, shown, 0, 0,
                      "is larger than %s may be: at most %zu bytes", what,
                      limit);
        rc = SOW_FILE_BIG;
    }
    if (rc != SOW_FILE_OK) {
        free(buf);
        return rc;
    }
    buf[n] = 0;
    *out = buf;
    *len = n;
    return SOW_FILE_OK;
}

int sow_file_read(const char *path, size_t limit, const char *what,
                  char **out, size_t *len, sow_error *err)
{
    return read_file(path, path, 0, limit, what, out, len, err);
}

int sow_file_read_own(const char *path, size_t limit, const char *what,
                      char **out, size_t *len, sow_error *err)
{
    /* O_NOFOLLOW: a file that is no link is read as it is, and a link
     * swapped in after any check cannot be followed */
    int rc = read_file(path, path, O_NOFOLLOW, limit, what, out, len, err);
    if (rc != SOW_FILE_LINK)
        return rc;
    char *copy = strdup(path);
    if (!copy) {
        sow_error_set(err, path, 0, 0, "out of memory");
        return SOW_FILE_READ;
    }
    char *resolved;
    int where = sow_file_resolve_in(dirname(copy), path, &resolved);
    free(copy);
    if (where == SOW_FILE_MISSING) {
        sow_error_set(err, path, 0, 0,
                      "cannot open: a symbolic link to a file that is not "
                      "there; give the path of %s", what);
        return SOW_FILE_OPEN;
    }
    if (where == SOW_FILE_OUTSIDE) {
        /* where it leads is not said: that too could be a secret */
        sow_error_set(err, path, 0, 0,
                      "is a symbolic link that leads out of its folder; %s "
                      "is read only if it lies in that folder or below it "
                      "(copy the file there, or name the file itself)", what);
        return SOW_FILE_LINK;
    }
    /* resolved holds no link: what was checked is what is read (and
     * messages name the file as it was given) */
    rc = read_file(resolved, path, O_NOFOLLOW, limit, what, out, len, err);
    free(resolved);
    return rc;
}

/* Whether resolved path p is dir or below it (both resolved). */
static bool below(const char *dir, const char *p)
{
    size_t l = strlen(dir);
    if (l == 1 && dir[0] == '/') /* everything is below the root */
        return true;
    return strncmp(p, dir, l) == 0 && (p[l] == '/' || p[l] == 0);
}

int sow_file_resolve_in(const char *dir, const char *path, char **resolved)
{
    *resolved = NULL;
    char *rd = realpath(dir, NULL);
    char *rp = realpath(path, NULL);
    int where = !rd || !rp         ? SOW_FILE_MISSING
                : below(rd, rp)    ? SOW_FILE_INSIDE
                                   : SOW_FILE_OUTSIDE;
    free(rd);
    if (where == SOW_FILE_INSIDE)
        *resolved = rp;
    else
        free(rp);
    return where;
}
