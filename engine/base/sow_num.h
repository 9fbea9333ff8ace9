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

/* 2^64 divided by the golden ratio, odd: splitmix64's increment, the
 * multiplier of a hash step and of Fibonacci hashing (a key to a slot). */
#define SOW_GOLDEN64 0x9E3779B97F4A7C15ULL

/* The one 64-bit mixer (splitmix64's output function): seeds of games,
 * hash keys. A bijection, so distinct inputs stay distinct. */
static inline uint64_t sow_mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* One step of a running hash (the search's positions, the game history's
 * boards): the word w taken into x with one multiply and a shift. Cheap
 * and not a bijection of (x, w): callers confirm equal hashes, or accept
 * a 2^-64 collision, and finish with sow_mix64 or a last shift. */
static inline uint64_t sow_hash_step(uint64_t x, uint64_t w)
{
    x = (x ^ w) * SOW_GOLDEN64;
    return x ^ (x >> 29);
}

#endif
