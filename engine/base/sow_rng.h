/* sow_rng.h - a small seeded random generator (splitmix64). No global
 * state: every user holds its own, so a seed makes a run reproducible. */
#ifndef SOW_RNG_H
#define SOW_RNG_H

#include <stdint.h>

#include "sow_num.h"

typedef struct sow_rng {
    uint64_t s;
} sow_rng;

static inline void sow_rng_seed(sow_rng *r, uint64_t seed) { r->s = seed; }

static inline uint64_t sow_rng_next(sow_rng *r)
{
    return sow_mix64(r->s += SOW_GOLDEN64);
}

/* Uniform in 0..n-1 (n > 0); Lemire's multiply-shift, bias below 2^-32 for
 * the small n used here. */
static inline int sow_rng_below(sow_rng *r, int n)
{
    return (int)(((sow_rng_next(r) >> 32) * (uint64_t)n) >> 32);
}

#endif
