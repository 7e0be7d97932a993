/* bitwise: seed 001 §5's bit-parallel idea done right: each suit's counts packed four bits
 * a rank in one 64-bit word, melds taken off with shifts and masks. */
#include "mj_forms.h"
#include "mj_suits.h"

/* Rank i (0..8) of a suit sits in bits 4i..4i+2 (counts are 0..4); bit 4i+3 is a guard.
 * To take c copies off some fields the word is OR-ed with every guard and c times a
 * field pattern subtracted: a field holding at least c keeps its guard, one holding
 * less clears it without borrowing from its neighbour (8 + v - c stays in 6..12).
 * Fields past rank 9 are always empty, so a run begun at rank 8 or 9 clears a guard. */
#define GUARDS 0x88888888888ull /* fields 0..10 */
#define LOW_BITS 0x111111111ull /* the low bit of each of the nine fields */
#define FIELDS(x) ((x) * LOW_BITS) /* x in every field */

/* For the c copies (0..7) left in the lowest field: a triplet when three or more, and
 * the rest, c mod 3, start runs: byte c of this word is (c mod 3) * 0x11, the two upper
 * tiles of those runs as a subtrahend for the two fields above. */
#define RUNS_FOR 0x1100221100221100ull

/* Whether the packed suit x is melds only. Rank by rank from the bottom: the lowest
 * field's copies make a triplet and runs as RUNS_FOR says, the word shifts down a
 * field, and the runs come off the two fields now lowest in one subtraction. The
 * guards are set once: each field is subtracted from twice at most (as the first and
 * the second field above the lowest), at most 2 each time, so a field never drops
 * below 0 and a cleared guard stays cleared. A field's guard is final when it becomes
 * the lowest; `kept` collects them. No branches, since on random hands they would be guesses. */
static bool melds(uint64_t x)
{
    x |= GUARDS;
    uint64_t kept = 0x88;
    for (int i = 0; i < MJ_SUIT_SIZE; i++) {
        kept &= x;
        x = (x >> 4) - (RUNS_FOR >> ((x & 7) << 3) & 0xff);
    }
    return (kept & x & 0x88) == 0x88; /* and nothing runs into ranks 10 and 11 */
}

/* The ranks whose index is 0, 1 or 2 mod 3 (ranks 1-4-7, 2-5-8, 3-6-9). */
static const uint64_t rank_class[3] = {0x001001001ull * 15, 0x010010010ull * 15, 0x100100100ull * 15};

/* The sum of the fields of x under mask m: three fields of at most 4 each add up to at
 * most 12, so the multiply gathers them in field 8 without a carry. */
static int class_sum(uint64_t x, uint64_t m) { return (int)(((x & m) * LOW_BITS) >> 32 & 15); }

/* Melds plus a pair. Fields holding two or more copies are found all at once (adding 6
 * sets the guard bit exactly where the count is 2..4). Melds keep the rank sum
 * (sum of rank * copies) at 0 mod 3, so the pair's rank r has 2r = sum (mod 3): only one
 * class of ranks can hold it, i.e. index = 2 * sum + 2 (mod 3). */
static bool melds_and_pair(uint64_t x)
{
    int s1 = class_sum(x, rank_class[0]), s2 = class_sum(x, rank_class[1]); /* ranks 1-4-7, 2-5-8 */
    int sum = s1 + 2 * s2;                                                  /* ranks 3-6-9 add 0 mod 3 */
    uint64_t pairs = ((x + FIELDS(6)) & FIELDS(8)) & rank_class[(2 * sum + 2) % 3];
    while (pairs) {
        int sh = __builtin_ctzll(pairs) - 3;
        if (melds(x - (2ull << sh))) return true;
        pairs &= pairs - 1;
    }
    return false;
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
 * the counts up eight at a time by one multiply). */
static bool bitwise_std(const uint8_t count[MJ_KINDS], int tiles, int kinds)
{
    (void)tiles;
    int pair_at = mj_pair_group(count, kinds);
    if (pair_at < 0) return false;
    for (int s = 0; s < 3; s++)
        if (s != pair_at && !melds(pack(count + s * MJ_SUIT_SIZE))) return false;
    return pair_at == MJ_SUIT_Z || melds_and_pair(pack(count + pair_at * MJ_SUIT_SIZE));
}

static bool bitwise_is_win(const mj_hand *h, const mj_rules *r) { return mj_forms_is_win(h, r, bitwise_std); }

extern const mj_algo mj_algo_bitwise;

/* Waits: only the kinds the tile-count argument leaves open are tried (mj_waits_by_group). */
static mj_kindset bitwise_waits(const mj_hand *h, const mj_rules *r)
{
    return mj_waits_by_group(h, r, bitwise_std, &mj_algo_bitwise);
}

const mj_algo mj_algo_bitwise = {
    .name = "bitwise",
    .summary = "bit-parallel: each suit packed 4 bits a rank in a word, melds removed by shifts and masks",
    .source = "seed 001 §5 (done right)",
    .forms = MJ_FORM_ALL,
    .max_kinds = MJ_KINDS,
    .flawed = false,
    .init = NULL,
    .is_win = bitwise_is_win,
    .waits = bitwise_waits,
};
