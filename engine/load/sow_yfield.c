/* sow_yfield.c - typed values of a YAML tree (see sow_yfield.h). */
#include "sow_yfield.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "sow_num.h"
#include "sow_text.h"

/* The longest value quoted back in a message: a value of a million bytes
 * is named by its start. */
#define SHOWN 200
#define KEY_SHOWN 40 /* bytes of an unknown key quoted */

int sow_yfail(const sow_yreader *r, const sow_ynode *n, const char *fmt, ...)
{
    char msg[SOW_MSG_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return sow_error_set(r->err, r->path, n ? n->line : 0, n ? n->col : 0,
                         "%s", msg);
}

const char *sow_ytype_name(const sow_ynode *n)
{
    return !n                     ? "nothing"
           : n->type == SOW_Y_MAP ? "a mapping"
           : n->type == SOW_Y_SEQ ? "a list"
                                  : "a single value";
}

static bool is_scalar(const sow_ynode *n)
{
    return n && n->type == SOW_Y_SCALAR;
}

/* Whether n is a plain scalar spelling one of words (NULL-terminated). */
static bool plain_one_of(const sow_ynode *n, const char *const *words,
                         bool any_case)
{
    if (!is_scalar(n) || !n->plain)
        return false;
    for (int i = 0; words[i]; i++)
        if ((any_case ? strcasecmp : strcmp)(n->text, words[i]) == 0)
            return true;
    return false;
}

/* A plain scalar YAML reads as null: empty, ~ or null. */
static bool is_null(const sow_ynode *n)
{
    static const char *const nulls[] = {"", "~", "null", "Null", "NULL",
                                        NULL};
    return plain_one_of(n, nulls, false);
}

/* A plain scalar YAML 1.1 reads as a boolean (yes, No, ON, y, ...). */
static bool is_yaml11_bool(const sow_ynode *n)
{
    static const char *const words[] = {"yes", "no", "true", "false", "on",
                                        "off", "y", "n", NULL};
    return plain_one_of(n, words, true);
}

/* words (NULL-terminated) as "a, b, c" in buf. */
static void join(const char *const *words, char *buf, size_t size)
{
    size_t len = 0;
    buf[0] = 0;
    for (int i = 0; words[i] && len + 1 < size; i++) {
        int w = snprintf(buf + len, size - len, "%s%s", i ? ", " : "",
                         words[i]);
        if (w < 0)
            break;
        len += (size_t)w;
    }
}

/* The digits of a whole number's text: after one '-' or '+' (which
 * sow_yint refuses with its own hint). */
static const char *digits_of(const char *t)
{
    return t + (t[0] == '-' || t[0] == '+');
}

static bool all_digits(const char *d)
{
    return d[0] && d[strspn(d, "0123456789")] == 0;
}

/* At most nine digits: every number a variant or scenario file holds,
 * and none that overflows an int on the way. */
#define INT_DIGITS 9
#define INT_LIMIT 999999999L

bool sow_yis_int(const sow_ynode *n, long *out)
{
    if (!is_scalar(n) || !n->plain)
        return false;
    const char *d = digits_of(n->text);
    long v;
    if ((d[0] == '0' && d[1]) ||
        sow_parse_long(n->text, -INT_LIMIT, INT_LIMIT, &v))
        return false;
    if (out)
        *out = v;
    return true;
}

long sow_yint_of(const sow_ynode *n)
{
    long v = 0;
    sow_yis_int(n, &v);
    return v;
}

/* The error of a value YAML reads as null; `want` says what to write. */
static int null_error(const sow_yreader *r, const sow_ynode *n,
                      const char *what, const char *want)
{
    if (!n->text[0])
        return sow_yfail(r, n, "%s has no value; write %s", what, want);
    return sow_yfail(r, n, "%s is '%s', which YAML reads as null (no value); "
                           "write %s",
                     what, n->text, want);
}

int sow_ymap(const sow_yreader *r, const sow_ynode *n, const char *what)
{
    if (n && n->type == SOW_Y_MAP)
        return SOW_OK;
    return sow_yfail(r, n, "%s must be a mapping (key: value lines), not %s",
                     what, sow_ytype_name(n));
}

int sow_ykeys(const sow_yreader *r, const sow_ynode *map, const char *what,
              const char *const *allowed)
{
    if (sow_ymap(r, map, what))
        return SOW_ERR;
    for (int i = 0; i < map->n; i++) {
        const sow_ynode *k = map->items[2 * i];
        bool ok = false;
        for (const char *const *a = allowed; *a && !ok; a++)
            ok = strcmp(*a, k->text) == 0;
        if (ok)
            continue;
        char list[512];
        join(allowed, list, sizeof list);
        /* a key is a short word: a long one is no typo but some other
         * text, of which only a little is quoted back */
        return sow_yfail(r, k, "unknown key '%.*s%s' in %s; the keys are: %s",
                         SOW_CLIP(k->text, KEY_SHOWN),
                         strlen(k->text) > KEY_SHOWN ? "..." : "", what,
                         list);
    }
    return SOW_OK;
}

int sow_yint(const sow_yreader *r, const sow_ynode *n, const char *what,
             long lo, long hi, long *out)
{
    if (!is_scalar(n))
        return sow_yfail(r, n, "%s must be a whole number, not %s", what,
                         sow_ytype_name(n));
    const char *t = n->text;
    if (is_null(n)) {
        char want[80];
        snprintf(want, sizeof want, "a whole number from %ld to %ld", lo, hi);
        return null_error(r, n, what, want);
    }
    const char *d = digits_of(t);
    bool digits = all_digits(d);
    if (!n->plain || !digits || t[0] == '+')
        return sow_yfail(r, n, "%s must be a whole number written in decimal "
                               "digits, not '%.*s'%s",
                         what, SOW_CLIP(t, SHOWN),
                         !digits     ? ""
                         : !n->plain ? " (in quotes: write it without them)"
                                     : " (write it without the '+')");
    if (d[0] == '0' && d[1])
        /* YAML 1.1 reads 010 as octal 8: say which is meant */
        return sow_yfail(r, n, "%s is written '%s' with a leading zero, which "
                               "some YAML readers take as octal; write it "
                               "without the leading zeros",
                         what, t);
    if (strlen(d) > INT_DIGITS)
        return sow_yfail(r, n, "%s is %.*s, too many decimal digits; it must "
                               "be from %ld to %ld",
                         what, SOW_CLIP(t, SHOWN), lo, hi);
    long v = sow_yint_of(n);
    if (v < lo || v > hi)
        return sow_yfail(r, n, "%s is %ld; it must be from %ld to %ld", what,
                         v, lo, hi);
    *out = v;
    return SOW_OK;
}

int sow_ybool(const sow_yreader *r, const sow_ynode *n, const char *what,
              bool *out)
{
    if (is_scalar(n) && n->plain) {
        if (strcmp(n->text, "true") == 0 || strcmp(n->text, "false") == 0) {
            *out = n->text[0] == 't';
            return SOW_OK;
        }
    }
    if (is_null(n))
        return null_error(r, n, what, "true or false");
    return sow_yfail(r, n, "%s must be true or false, not '%.*s'", what,
                     SOW_CLIP(is_scalar(n) ? n->text : sow_ytype_name(n),
                              SHOWN));
}

int sow_ystring(const sow_yreader *r, const sow_ynode *n, const char *what,
                const char **out)
{
    if (!is_scalar(n))
        return sow_yfail(r, n, "%s must be text, not %s", what,
                         sow_ytype_name(n));
    if (is_null(n))
        return null_error(r, n, what, "the text");
    if (is_yaml11_bool(n))
        return sow_yfail(r, n, "%s is '%s', which YAML reads as true or "
                               "false; write it in quotes if you mean the "
                               "text",
                         what, n->text);
    *out = n->text;
    return SOW_OK;
}

int sow_yline(const sow_yreader *r, const sow_ynode *n, const char *what,
              const char **out)
{
    const char *t;
    if (sow_ystring(r, n, what, &t))
        return SOW_ERR;
    if (!t[0])
        return sow_yfail(r, n, "%s must not be empty", what);
    for (const unsigned char *p = (const unsigned char *)t; *p; p++)
        if (*p < 0x20 || *p == 0x7f)
            return sow_yfail(r, n, "%s must be a single line (no line breaks "
                                   "or other control characters)",
                             what);
    *out = t;
    return SOW_OK;
}

int sow_yword(const sow_yreader *r, const sow_ynode *n, const char *what,
              const char *const *words, int *out)
{
    if (is_scalar(n))
        for (int i = 0; words[i]; i++)
            if (strcmp(words[i], n->text) == 0) {
                *out = i;
                return SOW_OK;
            }
    char list[256];
    join(words, list, sizeof list);
    return sow_yfail(r, n, "%s must be one of: %s (not '%.*s')", what, list,
                     SOW_CLIP(is_scalar(n) ? n->text : sow_ytype_name(n),
                              SHOWN));
}
