/* seed001-dp: a faithful port of seed 001 §4's published is_hu_dp, kept (flagged) so the oracle shows where it fails. */
#include "mj_algo.h"

/* How our hand becomes the Python's `tiles` list, the way a naive user of the
 * published code would write it: each kind k is the int k + 1 (m1..m9 = 1..9 as in
 * the seed's example, then p = 10..18, s = 19..27, honors = 28..34, suits
 * consecutive), repeated count[k] times, in ascending order (the seed's example is
 * sorted). Consecutive suits mean 9m 1p 2p read as a run; the published code has
 * no notion of suits, and this mapping does not add one.
 *
 * The published code, for reference:
 *     def is_hu_dp(tiles):
 *         max_tile = max(tiles)
 *         dp = [False] * (max_tile + 1)
 *         dp[0] = True
 *         for tile in tiles:
 *             if tile >= 3 and dp[tile - 3]:
 *                 dp[tile] = True
 *             if tile >= 1 and tile + 1 in tiles and tile + 2 in tiles:
 *                 dp[tile] = True
 *         return dp[max_tile]
 *
 * What is wrong: dp is indexed by tile value, not by a state of the hand, so copies
 * are never counted and no pair is ever required. dp[max] holds when max..3 steps
 * down to 0 are all held, or a chain of held values stepping by 3 reaches one that
 * starts a run of held values. A lone 3m "wins"; a lone pair 11m does not. */

enum { MAX_VALUE = MJ_KINDS }; /* the largest tile int the mapping produces */

/* `v in tiles` for the list the mapping builds: value v is kind v - 1. */
static bool holds(const mj_hand *h, int v) { return v >= 1 && v <= MAX_VALUE && h->count[v - 1] > 0; }

static bool seed001_dp_is_win(const mj_hand *h, const mj_rules *r)
{
    (void)r; /* the published code knows no rules */
    int max_tile = 0;
    for (int k = 0; k < MJ_KINDS; k++)
        if (h->count[k]) max_tile = k + 1;
    if (max_tile == 0) return false; /* max([]) raises in Python; a valid hand is never empty */
    bool dp[MAX_VALUE + 1] = {false};
    dp[0] = true;
    /* `for tile in tiles`, every copy visited, in the list's ascending order */
    for (int k = 0; k < MJ_KINDS; k++)
        for (int copy = 0; copy < h->count[k]; copy++) {
            int tile = k + 1;
            if (tile >= 3 && dp[tile - 3]) dp[tile] = true;
            if (tile >= 1 && holds(h, tile + 1) && holds(h, tile + 2)) dp[tile] = true;
        }
    return dp[max_tile];
}

MJ_ALGO_BATCH_LOOP(seed001_dp_is_win_batch, seed001_dp_is_win)

const mj_algo mj_algo_seed001_dp = {
    .name = "seed001-dp",
    .summary = "published is_hu_dp: dp over tile values, `tile in tiles` membership, dp[max_tile]",
    .source = "seed 001 §4",
    .forms = MJ_FORM_STD,
    .max_kinds = MJ_KINDS,
    .flawed = true,
    .flaw = "dp over tile values ignores copies and the pair: a lone 3m wins, 11m does not",
    .init = NULL,
    .is_win = seed001_dp_is_win,
    .is_win_batch = seed001_dp_is_win_batch,
    .waits = NULL,
};
