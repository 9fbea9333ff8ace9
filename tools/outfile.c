/* outfile.c - an output file of a command (see outfile.h for the rules). */
#include "outfile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* "sow CMD: cannot write PATH: WHY" (one line); returns 1. */
static int fail(const outfile *o, const char *why)
{
    fprintf(stderr, "sow %s: cannot write %s: %s\n", o->cmd, o->path, why);
    return 1;
}

/* Under the FILE of a file or device: write(2) on a descriptor, keeping
 * the errno of the first failure. stdio only says that some write failed
 * (ferror); the message should say why (a full disk, an I/O error). */
struct outfile_sink {
    int fd;
    int err;
};

static ssize_t sink_write(void *cookie, const char *buf, size_t n)
{
    outfile_sink *k = cookie;
    size_t done = 0;
    while (done < n) {
        ssize_t w = write(k->fd, buf + done, n - done);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            if (!k->err)
                k->err = w < 0 ? errno : EIO;
            break; /* short: stdio marks the FILE in error */
        }
        done += (size_t)w;
    }
    return (ssize_t)done;
}

static int sink_close(void *cookie)
{
    outfile_sink *k = cookie;
    if (k->fd >= 0 && close(k->fd) != 0 && !k->err)
        k->err = errno;
    return k->err ? -1 : 0;
}

/* o->f over descriptor fd (closed with o->f; left open on a failure).
 * Returns 0, or the errno. */
static int open_sink(outfile *o, int fd)
{
    cookie_io_functions_t io = {NULL, sink_write, NULL, sink_close};
    if ((o->sink = malloc(sizeof *o->sink))) {
        o->sink->fd = fd;
        o->sink->err = 0;
        if ((o->f = fopencookie(o->sink, "w", io)))
            return 0;
    }
    int e = errno;
    free(o->sink);
    o->sink = NULL;
    return e;
}

/* Standard output, through an anonymous temporary file (tmpfile makes it
 * with O_EXCL and unlinks it at once); its descriptor is kept to read the
 * text back. */
static int open_std(outfile *o)
{
    o->std = true;
    FILE *t = tmpfile();
    int fd = t ? dup(fileno(t)) : -1;
    int e = fd < 0 ? errno : 0;
    if (t)
        fclose(t);
    if (!e && (e = open_sink(o, fd)))
        close(fd);
    if (e) {
        fprintf(stderr, "sow %s: cannot make a temporary file for standard "
                        "output: %s\n",
                o->cmd, strerror(e));
        return 1;
    }
    return 0;
}

/* An existing FIFO (fifo) or character device, written where it is.
 * O_NONBLOCK so that opening a FIFO nobody reads fails (ENXIO) instead of
 * waiting for a reader; cleared afterwards so that writes wait as usual.
 * No O_CREAT: if the path went away meanwhile nothing is made. */
static int open_direct(outfile *o, bool fifo)
{
    int fd = open(o->path, O_WRONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        return fail(o, fifo && errno == ENXIO
                           ? "no process is reading this FIFO (start the "
                             "reader first)"
                           : strerror(errno));
    struct stat st;
    int fl = fcntl(fd, F_GETFL);
    const char *why = NULL;
    if (fstat(fd, &st) != 0 || fl < 0 ||
        fcntl(fd, F_SETFL, fl & ~O_NONBLOCK) != 0)
        why = strerror(errno);
    else if (!S_ISFIFO(st.st_mode) && !S_ISCHR(st.st_mode))
        /* swapped for something else since it was looked at */
        why = "it changed while it was being opened";
    if (why) {
        close(fd);
        return fail(o, why);
    }
    int e = open_sink(o, fd);
    if (e) {
        close(fd);
        return fail(o, strerror(e));
    }
    return 0;
}

/* The permissions a newly created file gets: 0666 less the umask (mkstemp
 * makes 0600). umask can only be read by setting it; this runs before any
 * thread starts, so the brief change is seen by nobody. */
static mode_t new_file_mode(void)
{
    mode_t mask = umask(022);
    umask(mask);
    return 0666 & ~mask;
}

/* A new temporary file in PATH's directory, renamed over PATH at the
 * end. */
static int open_temp(outfile *o)
{
    const char *slash = strrchr(o->path, '/');
    const char *base = slash ? slash + 1 : o->path;
    if (!*base)
        return fail(o, "it names a directory; give a file name");
    int dirlen = slash ? (int)(slash - o->path) + 1 : 0;
    /* ".NAME.XXXXXX": hidden, and recognisable if a crash leaves it; a
     * long NAME is cut so that the name stays within NAME_MAX */
    size_t size = (size_t)dirlen + strlen(base) + 16;
    if (!(o->tmp = malloc(size)))
        return fail(o, "out of memory");
    snprintf(o->tmp, size, "%.*s.%.200s.XXXXXX", dirlen, o->path, base);
    int fd = mkostemp(o->tmp, O_CLOEXEC);
    if (fd < 0) {
        int e = errno;
        free(o->tmp);
        o->tmp = NULL;
        fprintf(stderr, "sow %s: cannot write %s: %s; check that the "
                        "directory exists and is writable\n",
                o->cmd, o->path, strerror(e));
        return 1;
    }
    int e = fchmod(fd, new_file_mode()) != 0 ? errno : open_sink(o, fd);
    if (e) {
        close(fd);
        unlink(o->tmp);
        free(o->tmp);
        o->tmp = NULL;
        return fail(o, strerror(e));
    }
    return 0;
}

/* A path that names one of sow's own open descriptors, as the shell
 * reads it: /dev/fd/N, /proc/self/fd/N, or a symbolic link to
 * /proc/self/fd/N (which /dev/stdout and /dev/stderr are). Such a path
 * leads through /proc to whatever the descriptor has open: making a file
 * beside it and renaming it over the path would replace the link
 * (/dev/stdout itself, as root). Returns N, or -1. */
static int own_descriptor(const char *path)
{
    static const char *const dirs[] = {"/dev/fd/", "/proc/self/fd/"};
    const char *num = NULL;
    char link[64];
    for (size_t i = 0; i < 2 && !num; i++)
        if (strncmp(path, dirs[i], strlen(dirs[i])) == 0)
            num = path + strlen(dirs[i]);
    if (!num) {
        ssize_t n = readlink(path, link, sizeof link - 1);
        if (n <= 0)
            return -1;
        link[n] = 0;
        if (strncmp(link, dirs[1], strlen(dirs[1])) != 0)
            return -1;
        num = link + strlen(dirs[1]);
    }
    int fd = 0;
    for (int i = 0; num[i]; i++) {
        if (num[i] < '0' || num[i] > '9' || i >= 6)
            return -1;
        fd = fd * 10 + (num[i] - '0');
    }
    return *num ? fd : -1;
}

/* Descriptor n of sow itself (the shell opened it: 3>out.svg), written
 * where it stands. */
static int open_dup(outfile *o, int n)
{
    int fd = fcntl(n, F_DUPFD_CLOEXEC, 3);
    int e = fd < 0 ? errno : open_sink(o, fd);
    if (e && fd >= 0)
        close(fd);
    return e ? fail(o, strerror(e)) : 0;
}

int outfile_open(outfile *o, const char *cmd, const char *path)
{
    memset(o, 0, sizeof *o);
    o->cmd = cmd;
    o->path = path;
    int fd = strcmp(path, "-") == 0 ? STDOUT_FILENO : own_descriptor(path);
    if (fd == STDOUT_FILENO)
        return open_std(o);
    if (fd >= 0)
        return open_dup(o, fd);
    if (!*path)
        return fail(o, "an empty file name");
    struct stat st;
    if (stat(path, &st) == 0) {
        if (S_ISFIFO(st.st_mode) || S_ISCHR(st.st_mode))
            return open_direct(o, S_ISFIFO(st.st_mode));
        if (S_ISDIR(st.st_mode))
            return fail(o, "it is a directory; give a file name");
        if (S_ISSOCK(st.st_mode))
            return fail(o, "it is a socket; give a regular file, a FIFO or "
                           "'-' for standard output");
        if (S_ISBLK(st.st_mode))
            return fail(o, "it is a block device; give a regular file, a "
                           "FIFO or '-' for standard output");
    }
    return open_temp(o);
}

/* Flush o->f: 0, or the errno of the first failed write, one long
 * before included (the sink keeps it). */
static int flushed(outfile *o)
{
    bool bad = fflush(o->f) != 0 || ferror(o->f);
    return o->sink->err ? o->sink->err : bad ? EIO : 0;
}

/* "cannot write PATH: WHY", or for standard output its temporary file. */
static int fail_write(const outfile *o, int e)
{
    if (!o->std)
        return fail(o, strerror(e));
    fprintf(stderr, "sow %s: cannot write a temporary file for standard "
                    "output: %s\n",
            o->cmd, strerror(e));
    return 1;
}

/* Copy the gathered text to standard output. A failed write there is
 * said by the check of standard output in sow.c (with its reason); the
 * copy stops at it. */
static int copy_to_stdout(outfile *o)
{
    char buf[65536];
    int fd = o->sink->fd;
    ssize_t k = lseek(fd, 0, SEEK_SET) == 0 ? 0 : -1;
    while (k >= 0 && (k = read(fd, buf, sizeof buf)) != 0) {
        if (k < 0 && errno == EINTR)
            k = 0;
        else if (k > 0 && fwrite(buf, 1, (size_t)k, stdout) != (size_t)k)
            break;
    }
    return k < 0 ? fail_write(o, errno) : 0;
}

int outfile_close(outfile *o, bool ok)
{
    if (!o->f)
        return 1;
    int rc = ok ? 0 : 1;
    int e = ok ? flushed(o) : 0;
    if (ok && !e && o->std)
        rc = copy_to_stdout(o);
    /* fclose closes the descriptor: a failure there (NFS, a quota) is a
     * failed write too */
    if (fclose(o->f) != 0 && !e)
        e = o->sink->err ? o->sink->err : EIO;
    if (!rc && e)
        rc = fail_write(o, e);
    else if (!rc && o->tmp && rename(o->tmp, o->path) != 0)
        rc = fail(o, strerror(errno));
    if (rc && o->tmp)
        unlink(o->tmp);
    free(o->tmp);
    free(o->sink);
    memset(o, 0, sizeof *o);
    return rc;
}

void outfile_stdout_open(outfile *o)
{
    memset(o, 0, sizeof *o);
    o->path = "standard output";
#ifdef __EMSCRIPTEN__
    /* musl's stdout is a constant (the web page's engine, web/web.mk):
     * the command writes to it directly; the page reads what it prints */
    return;
#endif
    /* descriptor 1 itself (a copy would take a number the command line
     * may name, /dev/fd/3); closed (>&-): a sink over no descriptor, whose
     * writes fail as writes to descriptor 1 would (EBADF), and say so */
    int fd = fcntl(STDOUT_FILENO, F_GETFL) < 0 ? -1 : STDOUT_FILENO;
    if (open_sink(o, fd))
        return;
    setvbuf(o->f, NULL, isatty(STDOUT_FILENO) ? _IOLBF : _IOFBF, BUFSIZ);
    o->stdio = stdout;
#ifndef __EMSCRIPTEN__
    stdout = o->f; /* glibc: stdout is a variable a program may set */
#endif
}

int outfile_stdout_close(outfile *o, const char *cmd, int rc)
{
    int e = 0;
    if (o->f) {
        e = flushed(o);
#ifndef __EMSCRIPTEN__
        stdout = o->stdio;
#endif
        if (fclose(o->f) != 0 && !e)
            e = o->sink->err ? o->sink->err : EIO;
        free(o->sink);
    }
    /* the first stdout: unused when the stream above was made */
    if (fflush(stdout) != 0 && !e)
        e = errno;
    else if (ferror(stdout) && !e)
        e = EIO;
    memset(o, 0, sizeof *o);
    if (rc || !e)
        return rc;
    fprintf(stderr, "sow%s%s: cannot write to standard output: %s\n",
            cmd ? " " : "", cmd ? cmd : "", strerror(e));
    return 1;
}
