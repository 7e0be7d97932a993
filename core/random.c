/* One generator for every random workload, so a printed seed replays the same hands anywhere. */
#include "mj_random.h"

uint64_t mj_rng_next(mj_rng *g)
{
    uint64_t z = (g->s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

uint32_t mj_rng_below(mj_rng *g, uint32_t n) { return (uint32_t)(((mj_rng_next(g) >> 32) * (uint64_t)n) >> 32); }

mj_hand mj_deal(mj_rng *g, int kinds, int tiles)
{
    uint8_t wall[MJ_KINDS * MJ_MAX_COPIES];
    int n = kinds * MJ_MAX_COPIES;
    for (int i = 0; i < n; i++) wall[i] = (uint8_t)(i / MJ_MAX_COPIES);
    mj_hand h;
    mj_hand_clear(&h);
    for (int i = 0; i < tiles; i++) { /* the first `tiles` places of a Fisher-Yates shuffle */
        int j = i + (int)mj_rng_below(g, (uint32_t)(n - i));
        uint8_t t = wall[i];
        wall[i] = wall[j];
        wall[j] = t;
        mj_hand_add(&h, wall[i]);
    }
    return h;
}
