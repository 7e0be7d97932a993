/* bitwise: seed 001 §5's bit-parallel idea done right: each suit's counts packed four bits
 * a rank in one 64-bit word, melds taken off with shifts and masks.
 *
 * Speed (issue 16). Where the time went in the previous release (perf, complete hands):
 * one rank a step, each step a dependency chain of about 6 cycles (mask, shift a constant
 * by a variable count, extract a byte, subtract: 16% of the samples on the byte extract
 * alone), nine steps a suit; the suits one after another behind branches, and the pair's
 * candidates tried in a loop whose exits are coin tosses on complete hands. Now three
 * ranks a step (runs3, 1.9 KB: three steps a suit), every candidate tried with no test
 * (a candidate short of two copies loses its guard), the five words (three suits, two more
 * candidates) run side by side with no branch, and a hand with a lone tile stops first
 * (mj_lone_tile). Two ranks a step (a 120-byte table, five steps a suit) gave 1.5x only.
 * Measured (2026-11-23, this machine, loaded; a scratch harness not in the tree linking
 * 82a064a's file and this one into one binary, the same bench hands, seed 20261122, 8192
 * a workload, passes alternating, lowest of 300, one thread, under /work/quiet), ns a hand,
 * previous release -> now:
 *   complete   std 58.1 -> 33.2 (1.75x)  riichi 54.3 -> 32.9 (1.65x)  sichuan 55.4 -> 31.8 (1.74x)
 *   near miss  std 24.6 -> 19.0          riichi 27.2 -> 22.9          sichuan 31.4 -> 24.1
 *   136 wall   std  9.5 ->  8.4          riichi 16.7 -> 15.8
 *   108 wall   std 18.0 -> 14.4          riichi 25.6 -> 23.2          sichuan 17.3 -> 13.9
 *   every 27-kind hand of 8 tiles (sichuan) 14.0-16.5 -> 10.0-13.6 over four runs (before
 *   the lone-tile exit: 14.8 -> 19.0); every 64th of 11 tiles 14.4 -> 11.9. */
#include "mj_forms.h"
#include "mj_suits.h"

/* Rank i (0..8) of a suit sits in bits 4i..4i+2 (counts are 0..4); bit 4i+3 is a guard.
 * To take c copies off some fields the word is OR-ed with every guard and c times a
 * field pattern subtracted: a field holding at least c keeps its guard, one holding
 * less clears it without borrowing from its neighbour (8 + v - c stays in 6..12).
 * Fields past rank 9 are always empty, so a run begun at rank 8 or 9 clears a guard. */
#define GUARDS 0x88888888888ull /* fields 0..10 */

/* Three ranks a step: for the copies c0, c1, c2 in the three lowest fields (index c0 |
 * c1 << 4 | c2 << 8, each field's low three bits), what comes off the two fields above
 * them once the word has shifted down three fields. c0 makes a triplet when it can and
 * r0 = c0 mod 3 runs, which take a copy of c1 and one of c2; of c1's rest, r1 = (c1 - r0)
 * mod 3 runs start, taking a copy of c2 and one of the field above; of c2's rest, r2 =
 * (c2 - r0 - r1) mod 3, taking a copy of each of the two fields above. So the lowest field
 * after the shift loses r1 + r2 copies and the next r2. Where c1 or c2 is short of the
 * runs it must serve, the entry takes 6 off the second field instead, which clears its
 * guard without a borrow whatever it held (6..12: a pair may have taken 2 before). No
 * field is taken from twice after the pair (at most 2), each step at most 4 or 6, so no
 * field borrows from the next and a cleared guard stays cleared. Built in init. */
enum { FIELD3 = 0x777, SHORT = 6 << 4 };
static uint8_t runs3[FIELD3 + 1];

static int bitwise_init(void)
{
    for (int i = 0; i <= FIELD3; i++) {
        int c0 = i & 7, c1 = i >> 4 & 7, c2 = i >> 8 & 7;
        int r0 = c0 % 3, r1 = (c1 - r0) % 3, r2 = (c2 - r0 - r1) % 3;
        runs3[i] = (uint8_t)(c1 < r0 || c2 < r0 + r1 ? SHORT : (r1 + r2) | r2 << 4);
    }
    return 0;
}

/* Whether the packed suit x, guards set, is melds only: three steps of three ranks. A
 * field's guard is final when it becomes one of the three lowest, and `kept` collects
 * them; after rank 9 the two fields past it must keep theirs (a run begun at rank 8 or 9,
 * or a failure in the last step, clears one). No branches, since on random hands they
 * would be guesses. */
static inline unsigned melds(uint64_t x)
{
    uint64_t kept = 0x888;
#pragma GCC unroll 3
    for (int i = 0; i < 3; i++) {
        kept &= x;
        x = (x >> 12) - runs3[x & FIELD3];
    }
    return (kept & (x | 0x800) & 0x888) == 0x888;
}

/* The pair's first candidate rank in suit x if it holds the pair, as the shift of its
 * field. Melds keep the rank sum (sum of rank * copies) at 0 mod 3, so the pair's rank r
 * has 2r = sum (mod 3), i.e. its index is 2 * sum + 2 (mod 3); the candidates are that
 * index, +3 and +6. Since 16 = 1 (mod 3), a packed word is congruent to the sum of its
 * fields, so the weights (rank mod 3, doubled: 2 for ranks 1-4-7, 4 = 1 for 2-5-8, 0 for
 * 3-6-9) are two masks, a shift and an add. */
static int pair_shift(uint64_t x)
{
    uint64_t y = (x & 0x001001001ull * 15) * 2 + (x & 0x010010010ull * 15);
    return (int)((y + 2) % 3) * 4;
}

/* Nine counts packed four bits each. On little-endian machines the first eight bytes
 * are loaded as one word and folded into nibbles by three shift-and-mask steps. */
static uint64_t pack(const uint8_t *c)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint64_t w;
    memcpy(&w, c, sizeof w);                           /* count i in byte i */
    w = (w | w >> 4) & 0x00ff00ff00ff00ffull;          /* pairs of counts in bytes 0, 2, 4, 6 */
    w = (w | w >> 8) & 0x0000ffff0000ffffull;          /* fours in 16-bit halves */
    w = (w | w >> 16) & 0xffffffffull;                 /* all eight */
    return w | (uint64_t)c[8] << 32;
#else
    uint64_t x = 0;
    for (int i = MJ_SUIT_SIZE - 1; i >= 0; i--) x = x << 4 | c[i];
    return x;
#endif
}

/* The standard form: honors are held 0, 2 (the pair) or 3 times; each suit's tile count
 * is 0 mod 3, but for the one suit with the pair at 2 mod 3 (mj_pair_group, which adds
 * the counts up eight at a time by one multiply). The pair's three candidate ranks are
 * all tried, with no test of whether they hold two copies: a field holding fewer loses
 * its guard to the pair. The first candidate is taken off the pair's suit itself, the
 * other two off copies, and the five words run side by side with no branch between. */
static bool bitwise_std(const uint8_t count[MJ_KINDS], int tiles, int kinds)
{
    (void)tiles;
    int pair_at = mj_pair_group(count, kinds);
    if ((pair_at < 0) | mj_lone_tile(count)) return false;
    uint64_t x0 = pack(count), x1 = pack(count + MJ_SUIT_SIZE), x2 = pack(count + 2 * MJ_SUIT_SIZE);
    /* all-ones for the suit holding the pair (none when an honor does), so that nothing
     * below branches on where the pair is: on complete hands that is a coin toss */
    uint64_t in_m = -(uint64_t)(pair_at == MJ_SUIT_M), in_p = -(uint64_t)(pair_at == MJ_SUIT_P),
             in_s = -(uint64_t)(pair_at == MJ_SUIT_S);
    uint64_t xp = (x0 & in_m) | (x1 & in_p) | (x2 & in_s);
    uint64_t pair = ((2ull << pair_shift(x0)) & in_m) | ((2ull << pair_shift(x1)) & in_p) |
                    ((2ull << pair_shift(x2)) & in_s);
    xp |= GUARDS;
    unsigned other = melds(xp - (pair << 12)) | melds(xp - (pair << 24));
    unsigned m = melds((x0 | GUARDS) - (pair & in_m)) | (other & (unsigned)in_m);
    unsigned p = melds((x1 | GUARDS) - (pair & in_p)) | (other & (unsigned)in_p);
    unsigned s = melds((x2 | GUARDS) - (pair & in_s)) | (other & (unsigned)in_s);
    return m & p & s;
}

static bool bitwise_is_win(const mj_hand *h, const mj_rules *r) { return mj_forms_is_win(h, r, bitwise_std); }

extern const mj_algo mj_algo_bitwise;

/* Waits: only the kinds the tile-count argument leaves open are tried (mj_waits_by_group). */
static mj_kindset bitwise_waits(const mj_hand *h, const mj_rules *r)
{
    return mj_waits_by_group(h, r, bitwise_std, &mj_algo_bitwise);
}

MJ_ALGO_BATCH_LOOP(bitwise_is_win_batch, bitwise_is_win)

const mj_algo mj_algo_bitwise = {
    .name = "bitwise",
    .summary = "bit-parallel: each suit packed 4 bits a rank in a word, melds removed by shifts and masks",
    .source = "seed 001 §5 (done right)",
    .forms = MJ_FORM_ALL,
    .max_kinds = MJ_KINDS,
    .flawed = false,
    .init = bitwise_init,
    .is_win = bitwise_is_win,
    .is_win_batch = bitwise_is_win_batch,
    .waits = bitwise_waits,
};
