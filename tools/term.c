/* term.c - the filter between sow and a terminal (see term.h). */
#include "term.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sow_text.h"

/* A stream's state: where it writes, and a UTF-8 sequence begun but not
 * finished (stdio hands over its buffer in pieces that may cut one). */
typedef struct term_sink {
    FILE *next;               /* the stream below, where the text goes */
    unsigned char held[4];
    size_t nheld, want;
} term_sink;

/* Output being gathered for one write to the stream below. */
typedef struct term_out {
    char buf[4096];
    size_t n;
    FILE *next;
    int bad;
} term_out;

/* Pass p[0..n) on; -1 when the stream below refused it (it keeps the
 * reason: sow.c reports it, outfile.h). */
static int write_all(FILE *next, const char *p, size_t n)
{
    return n && fwrite(p, 1, n, next) != n ? -1 : 0;
}

static void put(term_out *o, const void *p, size_t n)
{
    if (o->n + n > sizeof o->buf) {
        if (!o->bad && write_all(o->next, o->buf, o->n))
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
    term_out o = {.next = k->next};
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
    if (!o.bad && write_all(k->next, o.buf, o.n))
        o.bad = 1;
    /* what the filter lets go goes on at once: a prompt without a line
     * break, or a line of stderr, must not wait in the buffer below */
    if (!o.bad && fflush(k->next))
        o.bad = 1;
    return o.bad ? -1 : (ssize_t)size;
}

static int sink_close(void *cookie)
{
    term_sink *k = cookie;
    term_out o = {.next = k->next};
    if (k->nheld)
        release(k, &o);
    int rc = write_all(k->next, o.buf, o.n) || fflush(k->next) ? -1 : 0;
    free(k);
    return rc;
}

/* A filtering stream in front of `next`. */
static FILE *guarded(FILE *next, int mode)
{
    term_sink *k = calloc(1, sizeof *k);
    if (!k)
        return NULL;
    k->next = next;
    cookie_io_functions_t io = {.write = sink_write, .close = sink_close};
    FILE *f = fopencookie(k, "w", io);
    if (!f) {
        free(k);
        return NULL;
    }
    setvbuf(f, NULL, mode, 0);
    return f;
}

void term_guard(term *t)
{
    /* standard error unbuffered, as it is; standard output line-buffered
     * on a terminal and fully buffered elsewhere, as it is */
    t->err_below = stderr;
    t->out_below = stdout;
#ifdef __EMSCRIPTEN__
    /* musl's standard streams are constants; the web page that runs this
     * engine (web/web.mk) shows its output as text, never as a terminal */
    return;
#else
    FILE *e = guarded(stderr, _IONBF);
    if (e)
        stderr = e; /* glibc: the standard streams may be assigned */
    FILE *o = guarded(stdout, isatty(STDOUT_FILENO) ? _IOLBF : _IOFBF);
    if (o)
        stdout = o;
#endif
}

void term_release(term *t)
{
#ifdef __EMSCRIPTEN__
    return; /* term_guard changed nothing */
#else
    if (stdout != t->out_below) {
        FILE *shown = stdout;
        stdout = t->out_below;
        fclose(shown); /* passes the rest on; an error stays below */
    }
    if (stderr != t->err_below) {
        FILE *shown = stderr;
        stderr = t->err_below;
        fclose(shown);
    }
#endif
}

void term_control(const char *seq)
{
    fflush(NULL); /* the filter and the stream below it */
    ssize_t n = (ssize_t)strlen(seq);
    (void)!write(STDOUT_FILENO, seq, (size_t)n);
}
