/* seed001-bitwise: a faithful port of seed 001 §5's published is_hu_bitwise, kept (flagged) so the oracle shows where it fails. */
#include "mj_algo.h"

/* How our hand becomes the Python's `tiles` list, the way a naive user of the
 * published code would write it: each kind k is the int k + 1 (m1..m9 = 1..9 as in
 * the seed's example, then p = 10..18, s = 19..27, honors = 28..34, suits
 * consecutive), repeated count[k] times. Only which values are held matters here.
 *
 * The published code, for reference:
 *     def is_hu_bitwise(tiles):
 *         def tiles_to_bitmask(tiles):
 *             bitmask = 0
 *             for tile in tiles:
 *                 bitmask |= 1 << tile
 *             return bitmask
 *         def can_hu(bitmask):
 *             while bitmask:
 *                 if bitmask & 7 == 7:     # Python: (bitmask & 7) == 7
 *                     bitmask ^= 7
 *                 elif bitmask & 3 == 3:
 *                     bitmask ^= 3
 *                 elif bitmask & 1 == 1:
 *                     bitmask ^= 1
 *                 else:
 *                     return False
 *             return True
 *         bitmask = tiles_to_bitmask(tiles)
 *         return can_hu(bitmask)
 *
 * What is wrong: `|=` keeps one bit per value, so copies (pairs, triplets) vanish;
 * and the loop only ever tests bits 0..2 and never shifts, so any held value above
 * 2 ends it with False. Under the 1-based mapping bit 0 is never set, so every
 * non-empty hand is rejected, the seed's own example included. (Under a 0-based
 * mapping it would accept exactly the hands whose kinds are {0}, {0,1} or {0,1,2}.)
 *
 * The C keeps Python's meaning without undefined behaviour: values are 1..34, so
 * every shift stays below 64 in a uint64_t; each pass of the loop clears at least
 * one set bit or returns, so it ends within 35 passes. */

static uint64_t tiles_to_bitmask(const mj_hand *h)
{
    uint64_t bitmask = 0;
    for (int k = 0; k < MJ_KINDS; k++)
        for (int copy = 0; copy < h->count[k]; copy++) bitmask |= (uint64_t)1 << (k + 1);
    return bitmask;
}

static bool can_hu(uint64_t bitmask)
{
    while (bitmask) {
        if ((bitmask & 7) == 7)
            bitmask ^= 7;
        else if ((bitmask & 3) == 3)
            bitmask ^= 3;
        else if ((bitmask & 1) == 1)
            bitmask ^= 1;
        else
            return false;
    }
    return true;
}

static bool seed001_bitwise_is_win(const mj_hand *h, const mj_rules *r)
{
    (void)r; /* the published code knows no rules */
    return can_hu(tiles_to_bitmask(h));
}

MJ_ALGO_BATCH_LOOP(seed001_bitwise_is_win_batch, seed001_bitwise_is_win)

const mj_algo mj_algo_seed001_bitwise = {
    .name = "seed001-bitwise",
    .summary = "published is_hu_bitwise: one bit per value (|= 1 << tile), 7/3/1 cleared at the low end",
    .source = "seed 001 §5",
    .forms = MJ_FORM_STD,
    .max_kinds = MJ_KINDS,
    .flawed = true,
    .flaw = "copies collapse to one bit and the loop never shifts: rejects every hand, even the seed's example",
    .init = NULL,
    .is_win = seed001_bitwise_is_win,
    .is_win_batch = seed001_bitwise_is_win_batch,
    .waits = NULL,
};
