/* The tile-count argument that starts several standard-form deciders: melds hold 3 tiles
 * and the pair 2, so tile counts alone say which group (suit or honors) must hold the
 * pair; and waits built on it, so only the kinds that can complete a hand are tried. */
#ifndef MJ_SUITS_H
#define MJ_SUITS_H

#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "mj_forms.h"

/* The tiles held in one suit (nine counts): the byte sum of eight by one multiply, plus the ninth. */
static inline int mj_suit_tiles(const uint8_t *c)
{
    return (int)((mj_load8(c) * 0x0101010101010101ull) >> 56) + c[8];
}

/* Where a standard hand's pair must lie: the suit 0..2 whose tile count is 2 mod 3, or
 * MJ_SUIT_Z for an honor held twice; -1 when no pair placement can work (a suit at
 * 1 mod 3, an honor held once or four times, or other than exactly one such group).
 * Decided with one branch, as random hands mostly fail here. count has MJ_KINDS entries;
 * the honors are read only when kinds is 34 (over 27 kinds they are all 0). */
static inline int mj_pair_group(const uint8_t count[MJ_KINDS], int kinds)
{
    const uint64_t low = 0x0101010101010101ull;
    uint64_t odd_or_four = 0;
    int honor_pairs = 0;
    if (kinds == MJ_KINDS) {
        /* the seven honor counts (0..4: bits 0..2 of each byte) as bytes 1..7 of one word read
         * straight from count; the ninth rank of the third suit in byte 0 is shifted out */
        uint64_t z = mj_load8(count + MJ_KINDS - 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
        z <<= 8;
#else
        z >>= 8;
#endif
        uint64_t b0 = z & low, b1 = z >> 1 & low, b2 = z >> 2 & low;
        odd_or_four = (b0 & ~b1) | b2; /* held 1 or 4 times: neither triplet nor pair */
        honor_pairs = (int)(((b1 & ~b0) * low) >> 56);
    }
    static const uint8_t mod3[4 * MJ_SUIT_SIZE + 1] = {0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0,
                                                        1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0};
    int m0 = mod3[mj_suit_tiles(count)], m1 = mod3[mj_suit_tiles(count + 9)], m2 = mod3[mj_suit_tiles(count + 18)];
    int pairs = (m0 == 2) + (m1 == 2) + (m2 == 2) + honor_pairs;
    if ((odd_or_four != 0) | (m0 == 1) | (m1 == 1) | (m2 == 1) | (pairs != 1)) return -1;
    /* exactly one group is at 2: its index without a branch (on complete hands which suit
     * holds the pair is a coin toss, and callers index by it) */
    return (m1 == 2) * MJ_SUIT_P + (m2 == 2) * MJ_SUIT_S + honor_pairs * MJ_SUIT_Z;
}

/* Whether some suited kind held once or four times has no kind held within two ranks of
 * it in its suit: such a hand is no pair plus melds (a lone copy, or the fourth beside a
 * triplet or the pair, can only be covered by a run), so a decider may stop there. Most
 * hands that pass mj_pair_group fail here (85% of the 27-kind hands of 8 or 11 tiles that
 * pass it), for the price of two 16-byte compares. count has MJ_KINDS entries. */
static inline bool mj_lone_tile(const uint8_t count[MJ_KINDS])
{
    uint32_t held, need; /* bit k: kind k held at all; held once or four times */
#if defined(__SSE2__)
    __m128i lo = _mm_loadu_si128((const __m128i *)(const void *)count);
    __m128i hi = _mm_loadu_si128((const __m128i *)(const void *)(count + 16));
    __m128i zero = _mm_setzero_si128(), one = _mm_set1_epi8(1), four = _mm_set1_epi8(4);
    held = ~((uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(lo, zero)) |
             (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(hi, zero)) << 16);
    need = (uint32_t)_mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(lo, one), _mm_cmpeq_epi8(lo, four))) |
           (uint32_t)_mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(hi, one), _mm_cmpeq_epi8(hi, four))) << 16;
#else
    held = need = 0;
    for (int k = 0; k < MJ_SUITED_KINDS; k++) {
        held |= (uint32_t)(count[k] != 0) << k;
        need |= (uint32_t)(count[k] == 1 || count[k] == MJ_MAX_COPIES) << k;
    }
#endif
    const uint32_t first = 1u | 1u << 9 | 1u << 18, last = first << 8; /* ranks 1 and 9 */
    uint32_t near = (held << 1 & ~first) | (held << 2 & ~(first | first << 1)) | (held >> 1 & ~last) |
                    (held >> 2 & ~(last | last >> 1));
    return (need & ~near & ((1u << MJ_SUITED_KINDS) - 1)) != 0;
}

/* The kinds t held fewer than 4 times with count + t winning as seven pairs (7p, 7p4)
 * or thirteen orphans, for a 13-tile count under r: seven pairs can only be completed
 * on the one kind held an odd number of times, thirteen orphans only on an orphan and
 * only when nothing else is held. Each candidate is decided by mj_forms_special14. */
static inline mj_kindset mj_special_waits(uint8_t count[MJ_KINDS], const mj_rules *r)
{
    mj_kindset set = 0;
    if (r->forms & (MJ_FORM_7P | MJ_FORM_7P4)) {
        int odd = -1, odds = 0;
        for (int k = 0; k < r->kinds; k++)
            if (count[k] & 1) odd = k, odds++;
        if (odds == 1 && count[odd] < MJ_MAX_COPIES) {
            count[odd]++;
            if (mj_forms_special14(count, r)) set |= (mj_kindset)1 << odd;
            count[odd]--;
        }
    }
    if ((r->forms & MJ_FORM_13O) && r->kinds == MJ_KINDS) {
        static const int orphans[13] = {0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33};
        int orphan_tiles = 0, tiles = 0;
        for (int i = 0; i < 13; i++) orphan_tiles += count[orphans[i]];
        for (int k = 0; k < MJ_KINDS; k++) tiles += count[k];
        for (int i = 0; i < 13 && orphan_tiles == tiles; i++) {
            int k = orphans[i];
            if (count[k] >= MJ_MAX_COPIES) continue;
            count[k]++;
            if (mj_forms_special14(count, r)) set |= (mj_kindset)1 << k;
            count[k]--;
        }
    }
    return set;
}

/* Waits for an algorithm whose standard form is decided by std: each honor kind is
 * tried, and in the suits only those where one more tile leaves a workable pair group
 * (mj_pair_group), each rank held fewer than 4 times; the special forms as above.
 * Hands that would need kongs set aside (15 tiles or more) go to self's trial of every
 * kind. Same contract as mj_algo.waits. */
static inline mj_kindset mj_waits_by_group(const mj_hand *h, const mj_rules *r, mj_std_fn std, const mj_algo *self)
{
    int n = h->tiles + 1;
    if (n > 14) return (r->forms & MJ_FORM_KONGS) ? mj_algo_waits_by_trial(self, h, r) : 0;
    uint8_t c[MJ_KINDS];
    memcpy(c, h->count, sizeof c);
    mj_kindset set = 0;
    if ((r->forms & MJ_FORM_STD) && n % 3 == 2) {
        for (int k = MJ_HONOR_BASE; k < r->kinds; k++) {
            if (c[k] >= MJ_MAX_COPIES) continue;
            c[k]++;
            if (std(c, n, r->kinds)) set |= (mj_kindset)1 << k;
            c[k]--;
        }
        for (int g = 0; g < 3; g++) {
            uint8_t *suit = c + g * MJ_SUIT_SIZE;
            suit[MJ_SUIT_SIZE - 1]++; /* stand-in tile: the pair group does not depend on its rank */
            bool workable = mj_pair_group(c, r->kinds) >= 0;
            suit[MJ_SUIT_SIZE - 1]--;
            for (int i = 0; workable && i < MJ_SUIT_SIZE; i++) {
                if (suit[i] >= MJ_MAX_COPIES) continue;
                suit[i]++;
                if (std(c, n, r->kinds)) set |= (mj_kindset)1 << (g * MJ_SUIT_SIZE + i);
                suit[i]--;
            }
        }
    }
    if (n == 14) set |= mj_special_waits(c, r);
    return set;
}

#endif
