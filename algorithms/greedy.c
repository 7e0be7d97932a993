/* greedy: count-array greedy (seed 003 §4, seed 000's is_main_part done right), the pair
 * tried only where the mod-3 arguments allow it.
 *
 * Speed (issue 16). Where the time went in the previous release (perf, complete hands):
 * each suit was a loop of nine steps forming one dependency chain (two subtractions, a
 * compare, a conditional move: about 4 cycles a rank), the suits one after another behind a
 * branch each; the pair's suit was copied and tried at up to three candidate ranks, each
 * a full pass behind tests that are coin tosses on complete hands (whether the rank holds
 * two, whether the pass worked), and which suit holds the pair was picked by branches too.
 * 45% of the samples fell in the suits' loop, 25% in the pair's, 6% in the rank sum. Now
 * the same greedy runs on six count arrays at once, one lane each of a word (below): no
 * branch after the tile-count tests, one chain of 4 cycles a rank for all six. On the
 * exhaustive small hands of `make verify` that alone was slower than before (a third of
 * them pass the tile counts, and the old loop gave up at the first failing suit), so a
 * hand with a lone tile stops first (mj_lone_tile: 85% of those).
 * Measured (2026-11-23, this machine, loaded; a scratch harness not in the tree linking
 * 82a064a's file and this one into one binary, the same bench hands, seed 20261122, 8192
 * a workload, passes alternating, lowest of 300, one thread, under /work/quiet), ns a hand,
 * previous release -> now:
 *   complete   std 52.6 -> 30.5 (1.72x)  riichi 50.1 -> 30.4 (1.65x)  sichuan 52.1 -> 29.7 (1.75x)
 *   near miss  std 22.8 -> 18.0          riichi 25.6 -> 21.4          sichuan 28.7 -> 23.3
 *   136 wall   std  9.6 ->  8.1          riichi 16.5 -> 15.5
 *   108 wall   std 17.0 -> 13.5          riichi 24.9 -> 22.7          sichuan 16.2 -> 13.5
 *   every 27-kind hand of 8 tiles (sichuan) 12.2-14.6 -> 9.7-12.5 over four runs (before
 *   the lone-tile exit: 13.0 -> 16.1); every 64th of 11 tiles 14.7-17.3 -> 11.2-14.4. */
#include "mj_forms.h"
#include "mj_suits.h"

/* Why the greedy is exact: at the lowest kind still held, three or more copies may as
 * well start a triplet (three runs from one kind are the same tiles as three triplets,
 * and four copies are a triplet plus a run either way), and the one or two left can
 * only start runs. So each kind has exactly one move and nothing needs undoing. */

/* The greedy runs on six count arrays at once, one 10-bit lane each of a word: lanes 0..2
 * hold the three suits, lanes 3..5 the pair's suit again with the pair taken at each of its
 * three candidate ranks. Rank by rank, each lane holds n = 13 + (copies left once the open
 * runs have taken theirs), 13 being a bias that keeps every lane at 5..17, so no lane
 * borrows from the next. Then, per lane: short of copies when below 13 (bit 4 of n + 3
 * clear), a triplet when 16 or more (bit 4 of n), and (n + 3 + triplet) mod 4 is the
 * copies left, 0..2, which start runs. The triplet bit comes from n shifted down 4 with
 * no mask: the next lane's low bits land in bits 6..9 of this one, which the sum cannot
 * carry out of (20 + 1 + 960 < 1024) and the mod 4 drops. A candidate rank holding fewer
 * than 2 copies falls short at that rank; a lane that fell short carries 0..3 into the
 * next ranks, whatever it is, and stays failed. */
#define LANES(x) ((x) * 0x0040100401004010ull >> 4) /* x in each of the six lanes */

/* Per rank, what each lane adds: the bias, less the pair's 2 in lane 3 + k at rank
 * first + 3k (first = 0..2, the pair's class of ranks). */
#define PAIR_AT(f, i) ((i) % 3 == (f) ? 2ull << (10 * (3 + (i) / 3)) : 0)
#define BIAS(f, i) (LANES(13) - PAIR_AT(f, i))
#define BIAS_ROW(f) {BIAS(f, 0), BIAS(f, 1), BIAS(f, 2), BIAS(f, 3), BIAS(f, 4), BIAS(f, 5), BIAS(f, 6), BIAS(f, 7), BIAS(f, 8)}
static const uint64_t bias[3][MJ_SUIT_SIZE] = {BIAS_ROW(0), BIAS_ROW(1), BIAS_ROW(2)};

/* The standard form: each honor kind is held 0, 2 (the pair) or 3 times and each suit's
 * tile count is 0 mod 3, except the one group with the pair, 2 mod 3 (mj_pair_group);
 * a lone copy ends it too (mj_lone_tile). Then the greedy on all six lanes, with no
 * branch: the suits without the pair must complete, and the pair's suit at one of its
 * candidates. The pair's rank class: melds leave the rank sum (sum of rank * copies)
 * unchanged mod 3, since a triplet adds 3r and a run 3r+3, so the pair's rank r satisfies
 * 2r = sum (mod 3), i.e. r = 2 * sum (mod 3): only the ranks r, r+3, r+6 can hold it. */
static bool greedy_std(const uint8_t count[MJ_KINDS], int tiles, int kinds)
{
    (void)tiles;
    int pair_at = mj_pair_group(count, kinds);
    if ((pair_at < 0) | mj_lone_tile(count)) return false;
    int ps = 0x24 >> 2 * pair_at & 3; /* the pair's suit; 0 (any) when an honor holds it */
    const uint8_t *cp = count + ps * MJ_SUIT_SIZE;
    /* 2 * sum + 2 (mod 3): ranks 1-4-7 weigh 2, ranks 2-5-8 weigh 4 = 1 and 3-6-9 nothing */
    int weighed = 2 * (cp[0] + cp[3] + cp[6]) + cp[1] + cp[4] + cp[7];
    const uint64_t *add = bias[(weighed + 2) % 3];
    uint64_t one = 0, two = 0, ok = ~0ull; /* runs begun one and two ranks below; bit 4: not short */
#pragma GCC unroll 9
    for (int i = 0; i < MJ_SUIT_SIZE; i++) {
        uint64_t x = (uint64_t)count[i] | (uint64_t)count[MJ_SUIT_SIZE + i] << 10 |
                     (uint64_t)count[2 * MJ_SUIT_SIZE + i] << 20 | (uint64_t)cp[i] * 0x0004010040000000ull;
        uint64_t y = x + add[i] - two;
        uint64_t n = y - one, m = y + LANES(3) - one;
        ok &= m;
        two = one;
        one = (m + (n >> 4)) & LANES(3);
    }
    /* runs still open after rank 9 would need rank 10 or 11 */
    uint64_t good = ok & ~((one | two) + LANES(15)) & LANES(16);
    uint64_t need = LANES(16) & 0x3fffffff & ~((uint64_t)(pair_at != MJ_SUIT_Z) << (10 * ps + 4));
    return ((good & need) == need) & ((good >> 30 & LANES(16)) != 0 || pair_at == MJ_SUIT_Z);
}

static bool greedy_is_win(const mj_hand *h, const mj_rules *r) { return mj_forms_is_win(h, r, greedy_std); }

extern const mj_algo mj_algo_greedy;

/* Waits: only the kinds the tile-count argument leaves open are tried (mj_waits_by_group). */
static mj_kindset greedy_waits(const mj_hand *h, const mj_rules *r)
{
    return mj_waits_by_group(h, r, greedy_std, &mj_algo_greedy);
}

MJ_ALGO_BATCH_LOOP(greedy_is_win_batch, greedy_is_win)

const mj_algo mj_algo_greedy = {
    .name = "greedy",
    .summary = "count-array greedy: lowest kind takes a triplet if 3+ held, else runs; pair only where mod 3 allows",
    .source = "seed 003 §4, seed 000 §5",
    .forms = MJ_FORM_ALL,
    .max_kinds = MJ_KINDS,
    .flawed = false,
    .init = NULL,
    .is_win = greedy_is_win,
    .is_win_batch = greedy_is_win_batch,
    .waits = greedy_waits,
};
