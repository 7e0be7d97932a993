/* Seeded, reproducible randomness for tests and benchmarks: a splitmix64 stream and wall deals. */
#ifndef MJ_RANDOM_H
#define MJ_RANDOM_H

#include <stdint.h>

#include "mj_tiles.h"
#include "mj_api.h"

MJ_API_BEGIN

/* The whole state is the seed's running sum: {seed} starts a stream. */
typedef struct {
    uint64_t s;
} mj_rng;

uint64_t mj_rng_next(mj_rng *g);
/* Uniform in 0..n-1; n >= 1. */
uint32_t mj_rng_below(mj_rng *g, uint32_t n);
/* The first `tiles` tiles (0..18) of a shuffled wall of 4 copies of each of `kinds` kinds. */
mj_hand mj_deal(mj_rng *g, int kinds, int tiles);

MJ_API_END

#endif
