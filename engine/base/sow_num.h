/* sow_num.h - the one way text becomes a number: whole numbers and
 * decimal numbers, checked against a range. Every reader of numbers (the
 * loader, options, scenario files, player specs, command-line flags)
 * goes through these, so "12abc", " 12", "+12", an empty string or a
 * value past the range are refused alike, and each caller words its own
 * error (it knows the field and the range to name). */
#ifndef SOW_NUM_H
#define SOW_NUM_H

#include <stdbool.h>
#include <stdint.h>

/* A whole number in decimal: an optional '-' then digits only (no
 * spaces, no '+'), from lo to hi. Returns 0 and sets *out, or -1 (out untouched). */
int sow_parse_long(const char *s, long lo, long hi, long *out);

/* The same for an unsigned 64-bit number (seeds): digits only. */
int sow_parse_u64(const char *s, uint64_t *out);

/* A decimal number (strtod's syntax, no spaces, no "inf"/"nan") from lo
 * to hi. Returns 0 and sets *out, or -1. */
int sow_parse_double(const char *s, double lo, double hi, double *out);

/* The one 64-bit mixer (splitmix64's output function): seeds of games,
 * hash keys. A bijection, so distinct inputs stay distinct. */
static inline uint64_t sow_mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

#endif
