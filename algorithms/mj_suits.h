/* The tile-count argument that starts several standard-form deciders: melds hold 3 tiles
 * and the pair 2, so tile counts alone say which group (suit or honors) must hold the pair. */
#ifndef MJ_SUITS_H
#define MJ_SUITS_H

#include <string.h>

#include "mj_tiles.h"

/* The tiles held in one suit (nine counts): the byte sum of eight by one multiply, plus the ninth. */
static inline int mj_suit_tiles(const uint8_t *c)
{
    uint64_t w;
    memcpy(&w, c, sizeof w);
    return (int)((w * 0x0101010101010101ull) >> 56) + c[8];
}

/* Where a standard hand's pair must lie: the suit 0..2 whose tile count is 2 mod 3, or
 * MJ_SUIT_Z for an honor held twice; -1 when no pair placement can work (a suit at
 * 1 mod 3, an honor held once or four times, or other than exactly one such group).
 * Decided with one branch, as random hands mostly fail here. count has MJ_KINDS entries. */
static inline int mj_pair_group(const uint8_t count[MJ_KINDS])
{
    const uint64_t low = 0x0101010101010101ull;
    uint64_t z = 0;
    memcpy(&z, count + MJ_HONOR_BASE, MJ_HONORS); /* counts 0..4: bits 0..2 of each byte */
    uint64_t b0 = z & low, b1 = z >> 1 & low, b2 = z >> 2 & low;
    uint64_t odd_or_four = (b0 & ~b1) | b2;       /* held 1 or 4 times: neither triplet nor pair */
    int honor_pairs = (int)(((b1 & ~b0) * low) >> 56);
    int m0 = mj_suit_tiles(count) % 3, m1 = mj_suit_tiles(count + 9) % 3, m2 = mj_suit_tiles(count + 18) % 3;
    int pairs = (m0 == 2) + (m1 == 2) + (m2 == 2) + honor_pairs;
    if ((odd_or_four != 0) | (m0 == 1) | (m1 == 1) | (m2 == 1) | (pairs != 1)) return -1;
    return m0 == 2 ? MJ_SUIT_M : m1 == 2 ? MJ_SUIT_P : m2 == 2 ? MJ_SUIT_S : MJ_SUIT_Z;
}

#endif
