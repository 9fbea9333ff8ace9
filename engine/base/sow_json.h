/* sow_json.h - the one JSON reader of the project: a pull parser over a
 * text in memory (issue 13 #1; sow stats reads selfplay shards with it).
 *
 * It builds no tree: the caller walks the text, asking for the value it
 * expects next (an object it steps into, a string into its own buffer, a
 * whole number in the range it gives), and skips what it does not want.
 * So the memory it takes does not grow with the input (a long list of
 * zeros costs nothing but the time to read it), and a number is turned
 * into an integer only against a range: 1e3, 2.0, -1 or a number of 400
 * digits is an error, never rounded or wrapped.
 *
 * Strict JSON (RFC 8259) with these limits: nesting at most
 * SOW_JSON_MAX_DEPTH levels; strings are UTF-8 (a byte that is not, or a
 * lone surrogate escape, is an error) and hold no NUL character (\u0000),
 * so that a string read is a C string; a byte-order mark is not taken.
 *
 * Errors are values: the first error is kept in the caller's sow_error
 * (path:line:col: what is wrong; HINT) and every later call fails at once,
 * so a caller may check only where it branches. line and col are 1-based,
 * col counting bytes. */
#ifndef SOW_JSON_H
#define SOW_JSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sow_error.h"

#define SOW_JSON_MAX_DEPTH 32

typedef enum sow_json_kind {
    SOW_JSON_NONE,   /* no value starts here (the text ends, or a stray byte) */
    SOW_JSON_OBJECT,
    SOW_JSON_ARRAY,
    SOW_JSON_STRING,
    SOW_JSON_NUMBER,
    SOW_JSON_TRUE,
    SOW_JSON_FALSE,
    SOW_JSON_NULL,
} sow_json_kind;

/* A place in the text. */
typedef struct sow_json_pos {
    int line, col;
} sow_json_pos;

typedef struct sow_json {
    const char *p, *end, *line_start;
    int line;
    int depth;                       /* containers open */
    unsigned char open[SOW_JSON_MAX_DEPTH]; /* '{' or '[', | 1 once it has
                                               a member */
    sow_json_pos at;                 /* where the last value or key peeked
                                        at begins */
    const char *path, *hint;
    sow_error *err;
    bool failed;
} sow_json;

/* Read text[0..len) (it need not be NUL-terminated; a NUL byte in it is
 * an error like any stray byte). `path` names it in errors; `hint` (may be
 * NULL) ends the reader's own messages, e.g. "is this the --json output
 * of sow selfplay?". */
void sow_json_init(sow_json *j, const char *text, size_t len,
                   const char *path, const char *hint, sow_error *err);

/* The kind of the next value, after white space; j->at is set to where it
 * begins. Consumes nothing. */
sow_json_kind sow_json_peek(sow_json *j);

/* A noun for a kind, for messages: "an object", "a list", "a string"... */
const char *sow_json_noun(sow_json_kind k);

/* Step into the object or array that comes next (the caller has peeked
 * it). */
int sow_json_enter(sow_json *j);

/* In the innermost open object or array: 1 when another member follows
 * (of an object: its key is read into key[size] -- a longer key is an
 * error -- and j->at is where the key begins; key may be NULL to skip
 * it), then the caller reads or skips exactly one value; 0 when the
 * container ends (it is closed); SOW_ERR on an error. */
int sow_json_next(sow_json *j, char *key, size_t size);

/* The next value, a string, into out[size]. `what` names it in errors
 * ("field \"variant\""): not a string, or not shorter than size bytes. */
int sow_json_string(sow_json *j, const char *what, char *out, size_t size);

/* The next value, a whole number from min to max written in plain
 * digits. A fraction or an exponent (2.0, 1e3), a minus sign or a number
 * out of the range is an error naming `what`. */
int sow_json_uint(sow_json *j, const char *what, uint64_t min, uint64_t max,
                  uint64_t *out);

/* Skip the next value, whatever it is (its syntax is checked). */
int sow_json_skip(sow_json *j);

/* After the last value: nothing but white space may follow. */
int sow_json_end(sow_json *j);

/* Whether text[0..len) is one JSON value (sow_json_skip, sow_json_end):
 * the syntax alone, so that a caller can report a syntax error before
 * what the text means. */
int sow_json_check(const char *text, size_t len, const char *path,
                   const char *hint, sow_error *err);

/* Fail at `at` with the caller's message (the hint is not added); every
 * later call fails. Returns SOW_ERR. */
int sow_json_fail(sow_json *j, sow_json_pos at, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

#endif
