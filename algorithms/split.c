/* split: seed 000's splitting method (拆解法) as its author meant it: remove a pair, cut
 * the rest at gaps, every piece a multiple of 3 tiles, each piece reduced greedily. */
#include "mj_forms.h"
#include "mj_suits.h"

/* The sorted hand is read straight off the count array: a piece is a maximal stretch
 * of consecutive held kinds inside one suit (each held honor kind is a piece of its
 * own, as honors never run), its length is the sum of its counts, and its run-length
 * multiplicities are the counts themselves.
 *
 * seed 000's is_main_part, done right, reduces a piece from its lowest kind: the first
 * kind still held takes a triplet when it has three or more, otherwise its one or two
 * copies start runs (exact, because three runs from one kind are the same tiles as three
 * triplets). Walked up a whole suit, the runs begun at the two kinds below are all the
 * state there is (`one`, `two`), and a gap is a cut: a run still open at a kind held 0
 * times leaves that kind short, so the walk fails exactly when some piece fails to
 * reduce. A piece that reduces is melds, so its length is a multiple of 3: the length
 * rule needs no test of its own there, and it is read per suit first (below).
 *
 * Where the time went (issue 16). This VM has no hardware counters: `perf record` with
 * cpu-clock samples, and the previous release (82a064a) timed against this file in one
 * process, the lowest of 300 passes over each workload's 8192 hands. The previous version cut
 * the pieces one by one: a mask of held kinds, a loop per piece, a loop over each piece's
 * kinds, a loop over the pair piece's candidates, each cut again. split_std took 77% of the
 * time on complete hands (riichi; the rest the benchmark loop and the special forms), half on
 * near misses and dealt hands, spread over those loops, whose trip counts change from hand to
 * hand: the time was their branches mispredicting, not the arithmetic. Now every walk is
 * the same nine steps, and every walk the hand needs is done at once, in 5-bit lanes of one
 * 64-bit word (SWAR): lanes 0..8 walk the pair group's suit with the pair taken at rank 0..8,
 * lanes 9..11 walk the three suits as they are. A lane holds 16 + its count, so a kind left
 * short clears bit 4 (a guard) without borrowing from the next lane, and a failed lane stays
 * failed. Two branches remain: mj_pair_group, which settles the honors and most random
 * hands, and one after the walk's fourth rank, where most other random hands have failed.
 * Measured that way (two runs, the lower of each), ns a hand, previous release -> this file:
 * complete hands 86.9 -> 31.7 (2.74x) under std over 34 kinds, 81.7 -> 31.5 (2.60x) under
 * riichi, 92.2 -> 29.3 (3.15x) under sichuan; near misses 28.8 -> 19.7 (std), 31.8 -> 23.3
 * (riichi); hands dealt from the 108-tile wall 19.2 -> 15.6 (std); from the 136-tile wall
 * 12.6 -> 12.9 (std; the tile counts turn them away before any walk, by the same
 * instructions as before). Tried and dropped: a cut for pieces of one
 * kind held once or four times before the walk (complete hands 44 -> 53 ns; with the stop
 * after the fourth rank it no longer helped random hands either). */

enum { LANE_BITS = 5 };
#define LANES(v) ((v) * 0x0084210842108421ull) /* v in each of the 12 lanes */
static const uint64_t LOW9 = 0x0000010842108421ull;   /* bit 0 of lanes 0..8 */
static const uint64_t LANE1 = 0x0084210842108421ull;  /* bit 0 of lanes 0..11 */
static const uint64_t GUARD = 0x0084210842108421ull << 4;

/* The walks of one hand: lane j reduces (see above), for j < 9, the pair suit p (0..2) less
 * a pair at rank j, for j = 9 + s suit s whole. Whether every lane whose guard bit is in
 * `all` reduced and, if `any` is not 0, one of those in `any`. One branch, after the fourth
 * rank: most random hands have failed by then and stop there. */
static bool walk(const uint8_t count[MJ_KINDS], int p, uint64_t all, uint64_t any)
{
    const uint8_t *c = count + p * MJ_SUIT_SIZE;
    uint64_t one = 0, two = 0, ok = GUARD;
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC unroll 9
#endif
    for (int i = 0; i < MJ_SUIT_SIZE; i++) {
        uint64_t in = (uint64_t)c[i] * LOW9 + ((uint64_t)count[i] << 45 | (uint64_t)count[9 + i] << 50 |
                                                 (uint64_t)count[18 + i] << 55);
        /* 16 + count, less the pair in lane i, less the runs still open: bit 4 clear when short */
        uint64_t m = in + (GUARD - (2ull << (LANE_BITS * i))) - two - one;
        ok &= m;
        /* the count left, 0..4 in a lane still going; in a failed lane any of 0..7, which
         * keeps `one` and `two` at 4 or less there, so no lane ever borrows from the next */
        m &= LANES(7);
        m -= 3 * (((m + LANES(13)) >> 4) & LANE1); /* 3 or more: a triplet */
        two = one;
        one = m; /* runs begun here */
        if (i == 3 && ((ok & all) != all || (any && !(ok & any)))) return false;
    }
    ok &= ~((one | two) + LANES(15)); /* no run open past rank 9 */
    return (ok & all) == all && (!any || (ok & any));
}

/* The method tries every pair, but the length rule settles most of them unseen:
 * taking two tiles out of a piece whose length is 0 or 1 mod 3 leaves pieces whose
 * lengths add up to 1 or 2 mod 3, so one of them fails; read per suit, a suit at 1 mod 3,
 * or two groups at 2 mod 3, already break the hand (mj_pair_group; it also settles the
 * honors, each a piece of one kind: 3 reduces, 2 is the pair). The pair lies in the one
 * group at 2 mod 3; the other suits must reduce as they stand, and that group's suit
 * must with some pair out. */
static bool split_std(const uint8_t count[MJ_KINDS], int tiles, int kinds)
{
    (void)tiles;
    int pair_at = mj_pair_group(count, kinds);
    if (pair_at < 0) return false;
    uint64_t all = GUARD & ~LOW9 << 4; /* every suit whole ... */
    if (pair_at == MJ_SUIT_Z) return walk(count, 0, all, 0);
    /* ... but the pair's, which must reduce with some pair out */
    return walk(count, pair_at, all & ~(1ull << (4 + LANE_BITS * (9 + pair_at))), LOW9 << 4);
}

static bool split_is_win(const mj_hand *h, const mj_rules *r) { return mj_forms_is_win(h, r, split_std); }

extern const mj_algo mj_algo_split;

/* Waits: only the kinds the tile-count argument leaves open are tried (mj_waits_by_group). */
static mj_kindset split_waits(const mj_hand *h, const mj_rules *r)
{
    return mj_waits_by_group(h, r, split_std, &mj_algo_split);
}

MJ_ALGO_BATCH_LOOP(split_is_win_batch, split_is_win)

const mj_algo mj_algo_split = {
    .name = "split",
    .summary = "splitting: each pair out, rest cut at gaps, pieces of 3n tiles reduced greedily",
    .source = "seed 000 §3-5",
    .forms = MJ_FORM_ALL,
    .max_kinds = MJ_KINDS,
    .flawed = false,
    .init = NULL,
    .is_win = split_is_win,
    .is_win_batch = split_is_win_batch,
    .waits = split_waits,
};
