/* pattern: waits analysed group by group from the number of tiles each holds, a complete
 * part plus one basic waiting part, honors by rule (seed 002); is_win asks whether the hand
 * minus one tile waits on that tile. */
#include "mj_algo.h"

#include <string.h>

/* Seed 002's frame, made exact:
 *  - A group (one suit, or the honors) holding 3m tiles must already be complete; one holding
 *    3m+1 or 3m+2 holds the waiting part. A 13-tile hand therefore has either one group at
 *    3m+1 (it waits for a pair plus melds) or two at 3m+2 (each waits for melds only while
 *    the other is complete with the pair).
 *  - A waiting group = complete part (melds, plus the pair when the group needs one and the
 *    wait does not supply it) + one basic waiting part: [1] a single A (waits A, the pair),
 *    or [2] AA (waits A), AB (waits the neighbours), AC (waits B). Every decomposition is
 *    enumerated from the lowest tile, so the special shapes (ABBC = BB + AC, AABBBCC ...)
 *    come out of the same enumeration instead of a list.
 *  - A kind already held four times is never a wait (the seed's fifth-copy bug: 2222333
 *    waits on 1 and 4, not on 2 or 3).
 *  - Honors by rule: counts 0 or 3 are complete; a 1 is a single, a 2 the pair or an AA.
 * The special forms (seven pairs, thirteen orphans, kongs) have waits by rule as well.
 *
 * Where the time went (issue 16). This VM has no hardware counters: `perf record` with
 * cpu-clock samples, ablations (parts of the work skipped, answers wrong, timing only) and
 * the previous release (82a064a) timed against this file in one process, the lowest of 300
 * passes over each workload's 8192 hands. In the previous release the time of a complete hand
 * was spread thin: is_win's own code 20% (riichi; a scan for the tile to take out, a copy of
 * the hand), the enumeration 14%, melds_only 13%, std_waits 11% (sorting the groups by tiles
 * mod 3), split_groups 8% (all four groups packed); on dealt and near-miss hands is_win's own
 * code was a third. The ablations put a complete hand's 90 ns (midway) at about 35 up to the
 * split into groups, 20 to find the other groups complete and 30 for the waiting group's
 * enumeration. Little of it was arithmetic: most was branches on the hand's shape (which
 * groups are held, where the pair lies, how far a loop walks) mispredicting. What was done,
 * the method unchanged:
 *  - is_win finds the tile to take out from one word of the pair group's counts, takes it off
 *    the packed group, not off a copy of the hand, and packs only the waiting group: the tile
 *    counts have already said which group waits, so the groups are not sorted again.
 *  - The other suits are found melds only by melds_only's own walk (n / 3 triplets and n % 3
 *    runs at each rank) for the three suits at once, in 4-bit lanes of one word and without a
 *    branch on which suits are held, stopping after the fourth rank if a suit has failed;
 *    melds_only is the same walk on one suit, nine fixed steps.
 *  - A waiting part is checked inline where the enumeration takes it, not in another call,
 *    and the enumeration stops where the waiting part would have to start above the kind
 *    asked about; a complete part's pair candidates come from one mask.
 * Measured that way (two runs, the lower of each), ns a hand, previous release -> this file:
 * complete hands 117.1 -> 66.5 (1.76x) under std over 34 kinds, 114.0 -> 66.0 (1.73x) under
 * riichi, 111.6 -> 73.3 (1.52x) under sichuan; near misses 45.8 -> 29.9 (std); dealt from
 * the 108-tile wall 28.9 -> 20.8 (std); waits of 13-tile hands (`mjverify bench`, lowest of
 * 20) 99.6 -> 85.4 (sichuan). Tried and dropped: the other groups checked with no branch at
 * all (slower: the walks of random hands ran to the end).
 * Later, on make verify's 14-tile hands under sichuan: a hand whose standard form failed went
 * on to the waits of the hand less a tile whenever the rules held a special form, though its
 * counts had already ruled seven pairs (an odd count) and thirteen orphans out; now only when
 * they had not. One thread, lowest of 5 alternating runs, `mjverify verify --tiles 27 --sizes
 * 14 --rules sichuan --algo pattern --threads 1`: shard 240/400 1.58 -> 1.38 s, shard 0/400
 * 2.01 -> 1.92 s. */

typedef uint16_t rankset; /* bit r = rank r (0..8) of one group */

/* A suit's counts packed three bits per rank (rank r at bits 3r..3r+2); ranks 9 and 10
 * read as zero, so a run starting at rank 7 or 8 simply finds nothing above. */
typedef uint64_t packed;

static inline unsigned count_at(packed x, int r) { return (unsigned)(x >> (3 * r)) & 7; }
static inline int lowest_rank(packed x) { return __builtin_ctzll(x) / 3; }
static inline packed at(unsigned n, int r) { return (packed)n << (3 * r); }

/* The word helpers load count bytes little-endian. */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "pattern.c packs count bytes little-endian"
#endif

static const uint64_t ONES = 0x0101010101010101ull;

/* Ranks 1-8 from one byte each to three bits each, in three shift-or steps (pairs, quads,
 * octets), then rank 9 on top. */
static packed pack_suit(const uint8_t *c)
{
    uint64_t v = mj_load8(c);
    v = (v | (v >> 5)) & 0x003F003F003F003Full;
    v = (v | (v >> 10)) & 0x00000FFF00000FFFull;
    v = (v | (v >> 20)) & 0xFFFFFFull;
    return v | at(c[8], 8);
}

/* Tiles in the nine counts from c. */
static inline int suit_tiles(const uint8_t *c) { return (int)((mj_load8(c) * ONES) >> 56) + c[8]; }

/* Whether x is melds only. At the lowest rank held, n tiles are n / 3 triplets and n % 3
 * runs: three runs from one rank are three triplets, so no other split needs trying. Done
 * rank by rank up the suit, the runs begun at the two ranks below are all there is to carry
 * (`one`, `two`, taken from the next ranks' tiles); the walk is the same nine steps for
 * every x, so no branch depends on the hand. */
static bool melds_only(packed x)
{
    int one = 0, two = 0, short_of = 0;
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC unroll 9
#endif
    for (int i = 0; i < 9; i++) {
        int n = (int)count_at(x, i) - one - two; /* negative once a rank comes up short */
        short_of |= n;
        two = one;
        one = n - 3 * (n >= 3); /* n is at most 4: n % 3 runs begin here */
    }
    return (short_of | -(one | two)) >= 0;
}

/* melds_only's walk for the three suits of count at once, one suit to a 4-bit lane of one
 * word (suit s in bits 4s..4s+3): a lane holds 8 + its count, so a rank left short clears
 * bit 3 without borrowing from the next lane, and a failed lane's carries stay at 4 or less.
 * Whether every suit but `skip` (0..2, or 3 for none) is melds only. No branch on which
 * suits are held (it changes from hand to hand, and such a branch mispredicts), but one
 * after the fourth rank: most random hands have failed by then, and they stop there. */
static bool suits_melds_only(const uint8_t *count, int skip)
{
    const uint64_t lanes = 0x111, guard = 0x888;
    uint64_t one = 0, two = 0, ok = guard, need = guard & ~(8ull << (4 * skip));
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC unroll 9
#endif
    for (int i = 0; i < 9; i++) {
        uint64_t in = (uint64_t)count[i] | (uint64_t)count[9 + i] << 4 | (uint64_t)count[18 + i] << 8;
        uint64_t m = in + guard - two - one;
        ok &= m;
        m &= 7 * lanes;
        m -= 3 * (((m + 5 * lanes) >> 3) & lanes); /* 3 or more: a triplet */
        two = one;
        one = m;
        if (i == 3 && (ok & need) != need) return false;
    }
    ok &= ~((one | two) + 7 * lanes); /* no run open past rank 9 */
    return (ok & need) == need;
}

/* Whether x is complete: melds only, or some pair plus melds. */
static bool suit_complete(packed x, bool with_pair)
{
    if (!with_pair) return melds_only(x);
    /* each rank held twice or more (bit 1 or 2 of its field set), from one mask */
    for (packed two_up = (x >> 1 | x >> 2) & 0x9249249ull; two_up; two_up &= two_up - 1) {
        int i = __builtin_ctzll(two_up) / 3;
        if (melds_only(x - at(2, i))) return true;
    }
    return false;
}

/* Enumerates the suit's decompositions into complete part + one basic waiting part. At the
 * lowest rank held, its tiles are split once among the pieces that start there: a triplet
 * (0 or 1), runs (0..2: three would be three triplets), the pair if still owed, and the
 * waiting part if not yet taken; then the next rank. Once the waiting part is taken
 * (`pending` = its waits), the rest only has to be complete. Branches whose waits are all
 * known are cut; with `stop` nonzero (is_win asks about one kind) so are branches whose
 * waits miss it (or can only miss it, the waiting part being left to ranks above it), and
 * everything once it is found. */
/* The waiting part taken, with waits w: the rest x must be complete, with the pair if still
 * owed. Cut when w adds nothing, or (stop) misses what is asked. Inline in the enumeration,
 * so a branch cut here costs no call. */
static inline void take_part(packed x, bool pair_left, rankset w, rankset *out, rankset stop)
{
    if ((w & ~*out) == 0 || (stop && !(w & stop))) return;
    if (suit_complete(x, pair_left)) *out |= w;
}

static void suit_waits_from(packed x, bool pair_left, rankset *out, rankset stop)
{
    if (x == 0) return; /* no waiting part left to take */
    int i = lowest_rank(x);
    /* a waiting part from rank i on waits on i - 1 at the lowest (AB): with stop wholly
     * below that, no branch from here can wait on it */
    if (stop && (stop >> (i > 0 ? i - 1 : 0)) == 0) return;
    unsigned n = count_at(x, i), up1 = count_at(x, i + 1), up2 = count_at(x, i + 2);
    for (unsigned t = 0; t <= 1 && 3 * t <= n; t++)
        for (unsigned runs = 0; runs <= 2 && 3 * t + runs <= n && runs <= up1 && runs <= up2; runs++)
            for (unsigned p = 0; p <= (pair_left ? 1u : 0u) && 3 * t + runs + 2 * p <= n; p++) {
                if (*out & stop) return; /* the kind asked about is found */
                unsigned left = n - 3 * t - runs - 2 * p; /* tiles of rank i for the waiting part */
                packed y = x - at(n, i) - at(runs, i + 1) - at(runs, i + 2); /* rank i used up */
                bool owed = pair_left && !p;
                if (left == 0) { /* the waiting part starts higher up */
                    suit_waits_from(y, owed, out, stop);
                } else if (left == 1) {
                    if (owed) /* [1] A: the single waits for its pair */
                        take_part(y, false, (rankset)(1u << i), out, stop);
                    if (up1 > runs) { /* [2] AB waits the rank below A and the one above B */
                        rankset w = (rankset)((i > 0 ? 1u << (i - 1) : 0) | (i + 2 < 9 ? 1u << (i + 2) : 0));
                        take_part(y - at(1, i + 1), owed, w, out, stop);
                    }
                    if (up2 > runs) /* [2] AC waits B */
                        take_part(y - at(1, i + 2), owed, (rankset)(1u << (i + 1)), out, stop);
                } else if (left == 2) { /* [2] AA waits A */
                    take_part(y, owed, (rankset)(1u << i), out, stop);
                }
            }
}

/* The waits of one suit group: with_pair when it holds 3m+1 tiles (it must end as a pair
 * plus melds), else 3m+2 (melds only). Kinds held four times are dropped. */
static rankset suit_waits(packed x, bool with_pair, rankset stop)
{
    rankset out = 0;
    suit_waits_from(x, with_pair, &out, stop);
    for (int i = 0; i < 9; i++)
        if (count_at(x, i) >= MJ_MAX_COPIES) out &= (rankset) ~(1u << i);
    return out;
}

/* Honors by rule: how many counts are 1, 2, and anything but 0, 2 or 3. */
typedef struct {
    int ones, twos, bad;
    rankset one_at, two_at;
} honor_shape;

/* The seven honor counts as bytes 0..6 of one word (0..4 each, so three bits), read all at
 * once: a count is 1 when bit 0 is set without bit 1, 2 when bit 1 is set without bit 0, 4
 * when bit 2 is set (neither meld nor pair, and every wait on it a fifth copy). */
static honor_shape honor_look(uint64_t h)
{
    const uint64_t gather = 0x0102040810204080ull; /* byte i's bit 0 to bit 56 + i */
    uint64_t b0 = h & ONES, b1 = (h >> 1) & ONES, one = b0 & ~b1, two = b1 & ~b0;
    honor_shape s;
    s.ones = (int)((one * ONES) >> 56), s.twos = (int)((two * ONES) >> 56), s.bad = ((h >> 2) & ONES) != 0;
    s.one_at = (rankset)((one * gather) >> 56), s.two_at = (rankset)((two * gather) >> 56);
    return s;
}

static bool honors_complete(uint64_t h, bool with_pair)
{
    honor_shape s = honor_look(h);
    return s.bad == 0 && s.ones == 0 && s.twos == (with_pair ? 1 : 0);
}

/* Honor waits: 3m+1 tiles wait on a lone single, or on both of two pairs (one becomes the
 * triplet); 3m+2 tiles wait on their one pair becoming a triplet. */
static rankset honor_waits(uint64_t h, bool with_pair)
{
    honor_shape s = honor_look(h);
    if (s.bad) return 0;
    if (with_pair) {
        if (s.ones == 1 && s.twos == 0) return s.one_at;
        if (s.ones == 0 && s.twos == 2) return s.two_at;
        return 0;
    }
    return s.ones == 0 && s.twos == 1 ? s.two_at : 0;
}

/* A hand split into its four groups: the suits packed, the honors' counts in one word. */
typedef struct {
    packed suit[3];
    uint64_t honor; /* count of honor r in byte r */
    int tiles[4];
    int groups; /* 3 without honors, 4 with */
} groups_t;

/* The groups of count, less one tile of kind `less` when less >= 0 (is_win's hand minus the
 * tile it asks about: taken off the packed words, not off a copy of the hand). */
static void split_groups(const uint8_t *count, int kinds, int less, groups_t *g)
{
    g->groups = kinds == MJ_KINDS ? 4 : 3;
    for (int i = 0; i < 3; i++) {
        g->tiles[i] = suit_tiles(count + 9 * i);
        g->suit[i] = pack_suit(count + 9 * i);
    }
    /* the honors are bytes 27..33: the word at 26 read whole, its first byte (kind 26) shifted out */
    g->honor = kinds == MJ_KINDS ? mj_load8(count + MJ_KINDS - 8) >> 8 : 0;
    if (less >= MJ_HONOR_BASE) {
        g->honor -= 1ull << (8 * (less - MJ_HONOR_BASE));
    } else if (less >= 0) {
        g->suit[less / 9] -= at(1, less % 9);
        g->tiles[less / 9]--;
    }
    g->tiles[3] = (int)((g->honor * ONES) >> 56);
}

static bool group_complete(const groups_t *g, int i, bool with_pair)
{
    return i < 3 ? suit_complete(g->suit[i], with_pair) : honors_complete(g->honor, with_pair);
}

static mj_kindset group_waits(const groups_t *g, int i, bool with_pair, mj_kindset stop)
{
    if (stop && !(stop >> (9 * i) & 0x1FF)) return 0; /* asked about another group only */
    rankset w = i < 3 ? suit_waits(g->suit[i], with_pair, (rankset)(stop >> (9 * i) & 0x1FF))
                      : honor_waits(g->honor, with_pair);
    return (mj_kindset)w << (9 * i);
}

/* Standard-form waits of a hand of 3m+1 tiles, by the groups' tile counts mod 3; the
 * a nonzero `stop` names the kinds asked about: the search may leave out the others and
 * end once one of them is found. */
/* The waits when group at1 alone holds 3m+1 tiles and the others 3m: it waits for a pair
 * plus melds, and every other group must be complete as it stands. */
static mj_kindset one_group_waits(const uint8_t *count, const groups_t *g, int at1, mj_kindset stop)
{
    if (!((at1 == 3 || honors_complete(g->honor, false)) && suits_melds_only(count, at1))) return 0;
    return group_waits(g, at1, true, stop);
}

static mj_kindset std_waits(const uint8_t *count, int kinds, int less, mj_kindset stop)
{
    groups_t g;
    split_groups(count, kinds, less, &g);
    int at1 = -1, ones = 0, twos = 0, two_at[2] = {-1, -1};
    for (int i = 0; i < g.groups; i++) {
        int m = g.tiles[i] % 3;
        if (m == 1) at1 = i, ones++;
        if (m == 2) {
            if (twos < 2) two_at[twos] = i;
            twos++;
        }
    }
    if (ones == 1 && twos == 0) return one_group_waits(count, &g, at1, stop);
    if (ones == 0 && twos == 2) { /* one group waits for melds, the other holds the pair */
        for (int i = 0; i < g.groups; i++)
            if (i != two_at[0] && i != two_at[1] && g.tiles[i] && !group_complete(&g, i, false)) return 0;
        mj_kindset set = 0;
        for (int j = 0; j < 2 && !(set & stop); j++)
            if (group_complete(&g, two_at[1 - j], true)) set |= group_waits(&g, two_at[j], false, stop);
        return set;
    }
    return 0;
}

/* Whether the whole hand is a pair plus melds (the kongs' standard rest). */
static bool std_complete(const uint8_t *count, int kinds)
{
    groups_t g;
    split_groups(count, kinds, -1, &g);
    int pair_group = -1;
    for (int i = 0; i < g.groups; i++) {
        int m = g.tiles[i] % 3;
        if (m == 1 || (m == 2 && pair_group >= 0)) return false;
        if (m == 2) pair_group = i;
    }
    if (pair_group < 0) return false;
    for (int i = 0; i < g.groups; i++)
        if (g.tiles[i] && !group_complete(&g, i, i == pair_group)) return false;
    return true;
}

/* Seven pairs at 13 tiles: six pairs and a single (7p), or any counts with one odd kind
 * (7p4, a four being two pairs); the odd kind is the wait. The count words are scalars:
 * a local array of them would be stored and read straight back. */
static mj_kindset seven_pairs_waits(const mj_hand *h, const mj_rules *r)
{
    const uint8_t *c = h->count; /* 35 bytes: the word at 32 would run past it */
    uint64_t w0 = mj_load8(c), w1 = mj_load8(c + 8), w2 = mj_load8(c + 16), w3 = mj_load8(c + 24);
    uint64_t w4 = (uint64_t)c[32] | (uint64_t)c[33] << 8;
    uint64_t o0 = w0 & ONES, o1 = w1 & ONES, o2 = w2 & ONES, o3 = w3 & ONES, o4 = w4 & ONES;
    int odds = (int)(((o0 * ONES) >> 56) + ((o1 * ONES) >> 56) + ((o2 * ONES) >> 56) + ((o3 * ONES) >> 56) +
                     ((o4 * ONES) >> 56));
    if (odds != 1) return 0;
#define HIGH(w) (((w) & ((w) >> 1) & ONES) | (((w) >> 2) & ONES)) /* a 3 or a 4 */
    uint64_t high = HIGH(w0) | HIGH(w1) | HIGH(w2) | HIGH(w3) | HIGH(w4);
#undef HIGH
    if (!(r->forms & MJ_FORM_7P4) && high) return 0; /* 7p: six distinct pairs and a single */
    int at = o0 ? __builtin_ctzll(o0) / 8 : o1 ? 8 + __builtin_ctzll(o1) / 8 : o2 ? 16 + __builtin_ctzll(o2) / 8
           : o3 ? 24 + __builtin_ctzll(o3) / 8 : 32 + __builtin_ctzll(o4) / 8;
    return (mj_kindset)1 << at; /* held 1 or 3 times */
}

/* Thirteen orphans at 13 tiles: all thirteen once (waits on any), or twelve with one
 * doubled (waits on the missing one). */
static mj_kindset orphans_waits(const uint8_t *count)
{
    if (!count[0] + !count[8] + !count[9] + !count[17] + !count[18] + !count[26] > 1) return 0; /* most hands */
    static const uint8_t orphans[13] = {0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33};
    mj_kindset all = 0, missing = 0;
    int held = 0, missings = 0, doubled = 0, over = 0;
    for (int i = 0; i < 13; i++) {
        int n = count[orphans[i]];
        all |= (mj_kindset)1 << orphans[i];
        missing |= (mj_kindset)(n == 0) << orphans[i];
        held += n, missings += n == 0, doubled += n == 2, over += n > 2;
    }
    if (held != 13 || over) return 0; /* anything else held, or an orphan three times */
    if (missings == 0) return all;
    return missings == 1 && doubled == 1 ? missing : 0;
}

/* The kinds whose counts in h pass a byte test, as a kind set: `test` gives, per word
 * of counts, one bit per byte (at the byte's lowest bit) that passes. */
static mj_kindset kinds_where(const mj_hand *h, uint64_t (*test)(uint64_t))
{
    const uint8_t *c = h->count; /* the word at 32 would run past the hand: bytes 32, 33 alone */
    uint64_t w[5] = {mj_load8(c), mj_load8(c + 8), mj_load8(c + 16), mj_load8(c + 24), (uint64_t)c[32] | (uint64_t)c[33] << 8};
    mj_kindset set = 0;
    for (int i = 0; i < 5; i++)
        for (uint64_t b = test(w[i]); b; b &= b - 1) set |= (mj_kindset)1 << (8 * i + __builtin_ctzll(b) / 8);
    return set;
}
static uint64_t is_four(uint64_t w) { return (w >> 2) & ONES; }
static uint64_t is_three(uint64_t w) { return w & (w >> 1) & ONES; }

/* Kong hands (15..18 tiles after the wait, k = tiles - 14 kongs): the new tile either joins
 * the standard rest once k kongs held 4 times are set aside, or completes a kong from a
 * kind held 3 times, the other k - 1 kongs held 4 times and the rest already complete.
 * At most four kinds are held 4 times, so the kongs are chosen by bit mask. */
static mj_kindset kong_waits(const mj_hand *h, int kinds, int kongs, mj_kindset stop)
{
    static const uint8_t bits4[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};
    uint8_t c[MJ_KINDS], fours[4];
    int n4 = 0;
    memcpy(c, h->count, MJ_KINDS);
    mj_kindset held4 = kinds_where(h, is_four), threes = kinds_where(h, is_three), set = 0;
    if (stop) threes &= stop;
    for (mj_kindset f = held4; f && n4 < 4; f &= f - 1) fours[n4++] = (uint8_t)__builtin_ctzll(f);
    if (n4 < kongs - 1) return 0;
    for (unsigned mask = 0; mask < (1u << n4) && !(set & stop); mask++) {
        int chosen = bits4[mask];
        if (chosen != kongs && (chosen != kongs - 1 || !(threes & ~set))) continue;
        for (int b = 0; b < n4; b++)
            if (mask >> b & 1) c[fours[b]] = 0;
        if (chosen == kongs) {
            set |= std_waits(c, kinds, -1, stop) & ~held4; /* a fifth copy never waits */
        } else {
            for (mj_kindset t = threes & ~set; t; t &= t - 1) {
                int k = __builtin_ctzll(t);
                c[k] = 0;
                if (std_complete(c, kinds)) set |= (mj_kindset)1 << k;
                c[k] = 3;
            }
        }
        for (int b = 0; b < n4; b++)
            if (mask >> b & 1) c[fours[b]] = 4;
    }
    return set;
}

/* Every form's waits (the standard form's only `with_std`); a nonzero stop names the only
 * kinds asked about (see std_waits). */
static mj_kindset waits_until(const mj_hand *h, const mj_rules *r, mj_kindset stop, bool with_std)
{
    int n = h->tiles + 1;
    mj_kindset set = 0;
    if (with_std && (r->forms & MJ_FORM_STD) && n <= 14 && n % 3 == 2) set |= std_waits(h->count, r->kinds, -1, stop);
    if (set & stop) return set;
    if (n == 14 && (r->forms & (MJ_FORM_7P | MJ_FORM_7P4))) set |= seven_pairs_waits(h, r);
    if (n == 14 && (r->forms & MJ_FORM_13O) && r->kinds == MJ_KINDS) set |= orphans_waits(h->count);
    if (n >= 15 && n <= 18 && (r->forms & MJ_FORM_KONGS)) set |= kong_waits(h, r->kinds, n - 14, stop);
    return set;
}

static mj_kindset pattern_waits(const mj_hand *h, const mj_rules *r) { return waits_until(h, r, 0, true); }

/* Whether the counts leave seven pairs or thirteen orphans possible for a hand of n tiles
 * (every count even; the four suited terminals held): only then is a 14-tile hand's own
 * waits analysis needed. */
static inline bool special_maybe(const uint8_t *c, int n, const mj_rules *r)
{
    return n == 14 && (((r->forms & (MJ_FORM_7P | MJ_FORM_7P4)) && !(mj_counts_or(c) & ONES)) ||
                       ((r->forms & MJ_FORM_13O) && r->kinds == MJ_KINDS && c[0] && c[8] && c[9] && c[17]));
}

/* A hand wins iff, with any one of its tiles taken out, it waits on that tile. The groups'
 * tile counts come first: unless exactly one group holds 3m+2 and none 3m+1 (standard),
 * every count is even (seven pairs), the terminals are all held (thirteen orphans) or
 * kongs are in play, no tile taken out can leave a wait on it. The tile taken is the
 * lowest of the pair's group when there is one (the waiting group is then that one). */
static bool pattern_is_win(const mj_hand *h, const mj_rules *r)
{
    const uint8_t *c = h->count;
    int n = h->tiles;
    if (n <= 14 && n % 3 != 2) return false; /* no form has this many tiles */
    /* each group's tiles mod 3, in scalars (an array here would go through memory) */
    int t0 = suit_tiles(c), t1 = suit_tiles(c + 9), t2 = suit_tiles(c + 18), t3 = n - t0 - t1 - t2;
    int m0 = t0 % 3, m1 = t1 % 3, m2 = t2 % 3, m3 = t3 % 3;
    int classes = (m0 == 2) + (m1 == 2) + (m2 == 2) + (m3 == 2) + 8 * ((m0 == 1) + (m1 == 1) + (m2 == 1) + (m3 == 1));
    int pair_group = m0 == 2 ? 0 : m1 == 2 ? 1 : m2 == 2 ? 2 : 3;
    bool std_maybe = (r->forms & MJ_FORM_STD) && n <= 14 && classes == 1;
    if (!std_maybe && !special_maybe(c, n, r) && !(n > 14 && (r->forms & MJ_FORM_KONGS))) return false;
    int pick = 0;
    if (classes == 1) {
        /* the lowest kind held in the pair's group (which holds 2 mod 3 tiles, so one),
         * found from a word of its counts: a scan would mispredict its exit on every hand */
        int base = 9 * pair_group;
        uint64_t w = pair_group < 3 ? mj_load8(c + base) : mj_load8(c + MJ_KINDS - 8) >> 8;
        uint64_t held = (w | w >> 1 | w >> 2) & ONES;
        pick = held ? base + __builtin_ctzll(held) / 8 : base + 8; /* a suit's ninth rank is past the word */
    } else {
        while (pick < r->kinds && c[pick] == 0) pick++;
        if (pick == r->kinds)
            for (pick = 0; c[pick] == 0; pick++) continue;
    }
    mj_kindset stop = (mj_kindset)1 << pick;
    /* the standard form first, on the groups less that tile (waits_until's first step; the
     * tile counts above have already placed the hand: the pair's group now holds 3m+1) */
    if (std_maybe) {
        /* only the waiting group is packed (less the tile) and the honors' word read: the
         * other suits are checked from the counts (one_group_waits) */
        groups_t g;
        g.honor = r->kinds == MJ_KINDS ? mj_load8(c + MJ_KINDS - 8) >> 8 : 0;
        if (pair_group < 3)
            g.suit[pair_group] = pack_suit(c + 9 * pair_group) - at(1, pick - 9 * pair_group);
        else
            g.honor -= 1ull << (8 * (pick - MJ_HONOR_BASE));
        if (one_group_waits(c, &g, pair_group, stop) & stop) return true;
    }
    /* past a failed standard form (or none): a 14-tile hand's own waits only when the counts
     * leave a special form possible (a hand that got here without the standard form passed
     * special_maybe above, so it is asked again only after the standard form failed) */
    if (n < 14 || (n == 14 && std_maybe && !special_maybe(c, n, r))) return false;
    mj_hand less = *h;
    less.count[pick]--;
    less.tiles--;
    return (waits_until(&less, r, stop, false) & stop) != 0;
}

MJ_ALGO_BATCH_LOOP(pattern_is_win_batch, pattern_is_win)

const mj_algo mj_algo_pattern = {
    .name = "pattern",
    .summary = "waits per group by tiles held: complete part + one basic waiting part, honors by rule",
    .source = "seed 002",
    .forms = MJ_FORM_ALL,
    .max_kinds = MJ_KINDS,
    .min_win = 0,
    .flawed = false,
    .flaw = NULL,
    .init = NULL,
    .is_win = pattern_is_win,
    .is_win_batch = pattern_is_win_batch,
    .waits = pattern_waits,
};
