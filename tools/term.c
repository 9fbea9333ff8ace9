/* term.c - the filter between sow and a terminal (see term.h). */
#include "term.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sow_text.h"

/* A stream's state: where it writes, and a UTF-8 sequence begun but not
 * finished (stdio hands over its buffer in pieces that may cut one). */
typedef struct term_sink {
    int fd;
    unsigned char held[4];
    size_t nheld, want;
} term_sink;

/* Output being gathered for one write(2). */
typedef struct term_out {
    char buf[4096];
    size_t n;
    int fd, bad;
} term_out;

static int write_all(int fd, const char *p, size_t n)
{
    while (n > 0) {
        ssize_t k = write(fd, p, n);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            return -1;
        p += k;
        n -= (size_t)k;
    }
    return 0;
}

static void put(term_out *o, const void *p, size_t n)
{
    if (o->n + n > sizeof o->buf) {
        if (!o->bad && write_all(o->fd, o->buf, o->n))
            o->bad = 1;
        o->n = 0;
    }
    memcpy(o->buf + o->n, p, n);
    o->n += n;
}

/* The held sequence, finished or broken off: shown if it is a printable
 * character, else a space (a C1 control) or a '?' a byte (not UTF-8). */
static void release(term_sink *k, term_out *o)
{
    uint32_t c;
    int len = sow_utf8_decode((const char *)k->held, k->nheld, &c);
    if (len > 0 && (size_t)len == k->nheld)
        put(o, sow_is_control(c) ? " " : (const char *)k->held,
            sow_is_control(c) ? 1 : k->nheld);
    else
        for (size_t i = 0; i < k->nheld; i++)
            put(o, "?", 1);
    k->nheld = 0;
}

static ssize_t sink_write(void *cookie, const char *buf, size_t size)
{
    term_sink *k = cookie;
    term_out o = {.fd = k->fd};
    for (size_t i = 0; i < size; i++) {
        unsigned char b = (unsigned char)buf[i];
        if (k->nheld && (b & 0xc0) == 0x80) {
            k->held[k->nheld++] = b;
            if (k->nheld == k->want)
                release(k, &o);
            continue;
        }
        if (k->nheld) /* broken off by a byte that does not continue it */
            release(k, &o);
        if (b < 0x80) {
            char c = (b < 0x20 && b != '\n' && b != '\t' && b != '\r') ||
                             b == 0x7f ? ' ' : (char)b;
            put(&o, &c, 1);
        } else if (b >= 0xc2 && b <= 0xf4) {
            k->held[0] = b;
            k->nheld = 1;
            k->want = b <= 0xdf ? 2 : b <= 0xef ? 3 : 4;
        } else {
            put(&o, "?", 1);
        }
    }
    if (!o.bad && write_all(k->fd, o.buf, o.n))
        o.bad = 1;
    return o.bad ? -1 : (ssize_t)size;
}

static int sink_close(void *cookie)
{
    term_sink *k = cookie;
    term_out o = {.fd = k->fd};
    if (k->nheld)
        release(k, &o);
    int rc = write_all(k->fd, o.buf, o.n);
    free(k);
    return rc;
}

static FILE *guarded(int fd, int mode)
{
    term_sink *k = calloc(1, sizeof *k);
    if (!k)
        return NULL;
    k->fd = fd;
    cookie_io_functions_t io = {.write = sink_write, .close = sink_close};
    FILE *f = fopencookie(k, "w", io);
    if (!f) {
        free(k);
        return NULL;
    }
    setvbuf(f, NULL, mode, 0);
    return f;
}

void term_guard(void)
{
    /* standard error unbuffered, as it is; standard output line-buffered
     * on a terminal and fully buffered elsewhere, as it is */
    FILE *e = guarded(STDERR_FILENO, _IONBF);
    if (e)
        stderr = e; /* glibc: the standard streams may be assigned */
    FILE *o = guarded(STDOUT_FILENO,
                      isatty(STDOUT_FILENO) ? _IOLBF : _IOFBF);
    if (o) {
        fflush(stdout);
        stdout = o;
    }
}

void term_control(const char *seq)
{
    fflush(stdout);
    (void)write_all(STDOUT_FILENO, seq, strlen(seq));
}
