/* table: lookup done right (seed 001 §3, 查表法): a two-bit class per suit shape, keyed by
 * the suit's nine counts in base 5, built once by adding melds and a pair to empty shapes;
 * honors by rule.
 *
 * Where the time goes (issue 16). This VM exposes no hardware counters, so the figures come
 * from `perf record` (cpu-clock samples) and from ablations timed as the minimum of 300
 * passes over 8192 hands on one thread, the scalar clock at 3.49 GHz, all in one run:
 *  - The call itself: is_win through the registry's pointer from the benchmark's loop costs
 *    2.0 ns a hand (7 cycles) with a body that only returns. Every figure includes it.
 *  - The scalar path (the one before issue 16, kept for CPUs without AVX-512): each suit key
 *    is a chain of three dependent multiplies (12 per hand, all on one port), then a read
 *    of the 488 KB table, which lives in L2, not L1. Complete and near-miss hands: 34-40
 *    cycles; random hands with honors stop at the honors rule (about 20 cycles); under riichi
 *    a complete hand that is not standard falls to the special forms on a branch that
 *    mispredicts on the 3 in 19 seven-pairs and orphans hands.
 *  - The samples spread evenly over the instructions: no single stall. The rate is set by the
 *    dependency chain of each hand (load, key, table word, class sum: about 45 cycles) over
 *    the few hands the out-of-order window holds at once, so fewer instructions and a
 *    shorter chain both help, and removing one kind of cost alone helps little: the same
 *    hand 8192 times (table in L1) ran as fast as 8192 different complete hands; the SIMD
 *    path below with its dot products replaced by adds (wrong answers, timing only) was 3
 *    cycles faster; without its three table reads, 7 cycles faster.
 * What was done: on CPUs with AVX-512 (VBMI, VNNI) the three suit keys and the honors' class
 * come out of one register in seven vector instructions (is_win_simd), seven pairs from one
 * mask over the same register, and the honors rule first turns most random hands away before
 * any of it. Measured the same way, ns per hand, previous release -> this one: complete hands
 * under std (34 kinds) 9.39 -> 7.03, near misses 10.48 -> 7.72, under riichi 9.51 -> 8.37 and
 * 10.53 -> 9.22, random 136-wall hands under std 4.54 -> 3.60 (README has every workload).
 * Tried and dropped: the keys on two 256-bit halves (10.0 ns vs 9.2, riichi complete), the
 * table words by a gather (43 cycles vs 24: gathers are slow here), and no honors check
 * before the vector work (complete under riichi 8.0 ns, but random riichi hands 9.0 instead
 * of 5.4). 3.0 ns a hand is not reached per call: the call alone is 2.0.
 *
 * Second round (issue 16): the batch entry, table_is_win_batch (mj_algo.is_win_batch): many
 * hands in one call, measured with a harness that times it alone (min of 60 repetitions),
 * `perf record` and ablations (parts of the loop removed, answers wrong, timing only); the
 * clock here measured 3.46 GHz; the machine was shared (load 7-10 on 2 cores) throughout.
 *  - A plain loop of is_win_simd inlined, no call per hand, ran no faster than the calls
 *    (7.5 ns on complete hands): the rate is set by the instructions a hand needs (about 80
 *    there, GCC putting 64-bit bit operations in mask registers, which compete with the
 *    vector work on ports 0 and 5), not by the call or by the table reads.
 *  - So the batch is two stages, both branch-free but for rare hands: stage one, vector
 *    only, two hands a step (batch_run): the six suit keys, and a per-hand slot that sums the
 *    honors' rule and the size through a byte map; stage two, scalar, compiled without
 *    AVX-512 (no mask registers): three table words and a compare per hand. Stage one runs
 *    16 pairs ahead of stage two in the same loop, through a ring: read back at once, its
 *    64-byte stores do not forward to 8-byte loads (a block of 16 hands ran at 7 ns).
 *  - Ablations, complete hands under std: stage one alone 2.6 ns a hand, stage two alone 2.4,
 *    both 3.4 (they overlap only in part: about 37 instructions a hand at 3 a cycle, a flat
 *    profile). In stage one, the 64-byte loads of 35-byte hands almost always cross a cache
 *    line: the same work on aligned lines took 1.1 ns instead of 2.6; each hand is loaded
 *    once (GCC had folded the load into four instructions) and the second hand's last
 *    bytes come from an 8-byte load, but moving the bytes from aligned lines by permutes was
 *    slower still (4.2 ns: a two-source permute takes two slots of port 5). The same hand
 *    8192 times ran as fast as 8192 hands: the 488 KB table in L2 is not the limit.
 *  - Tried and dropped: thirteen orphans decided inline (class 3 for its suit shapes) instead
 *    of by the one-hand path (riichi random hands 4.0 -> 4.6 ns); the word index by a shift
 *    from a register (no change); blocks of 8 or 16 hands without the ring (4.2, 7 ns); the
 *    word index stored beside each key and the honors' sum pre-masked (3 more loads a hand,
 *    3.27 -> 3.49 ns: the loads, 2 a cycle, are near their limit).
 * Measured with `mjverify bench` (7 repetitions of 20 ms, lowest of 6 alternating runs),
 * ns per hand, previous release (82a064a) / main before this (b06d396) / this one, per call
 * and batched: std 136-wall 4.88 / 3.97 / 4.39 and 3.36 batched, 108-wall 9.95 / 6.98 / 6.99
 * and 3.40, complete 9.71 / 7.04 / 7.09 and 3.42, near misses 10.69 / 7.83 / 8.02 and 3.37;
 * riichi 136-wall 5.91 / 5.53 / 5.68 and 4.14, 108-wall 11.01 / 7.76 / 7.63 and 4.21,
 * complete 9.86 / 8.34 / 8.30 and 4.75, near misses 11.00 / 9.11 / 9.01 and 4.50 (the
 * per-call path is main's, unchanged; its differences are noise and code placement). So
 * 3.0 ns is not reached batched either on this shared machine: std is 12% over, riichi 40-60%
 * (seven pairs' mask and the orphans' one-hand path).
 * Third round: fewer instructions in the batch's loop, read off its machine code (no counters
 * here, so each change was kept only when a one-process comparison, the lowest of 6-8 runs
 * alternating the two binaries, 7 repetitions of 20 ms each, said it was faster). GCC had made
 * two constants again at every step (the honors' lanes as a mask, now a ternary-logic op with a
 * constant vector, and a zero), kept the wins count and the loop bound on the stack for want of
 * registers, tested at every step whether stage one or two was due, and copied each 32-bit key
 * before shifting it (this CPU's microcode does not eliminate register moves). Now: a head, a
 * steady loop and a tail instead of the two tests; the word index by shrx from a register and
 * the honors' sum by bzhi; the wins summed after the loop, 64 answers at a time. std, ns a hand
 * batched, 3.30 -> 3.16 (the constants, shrx) -> 3.04 (the loops) -> 2.93 (the wins). Then seven
 * pairs moved into stage one: the bytes that refuse it are made in two ternary-logic ops, one
 * test gives the lanes holding one, and a 256-byte table turns those into the lanes of the hands
 * with none, whose slots become those of a hand that wins (honors' slot 1, every key 0), so
 * stage two is the same under every rule set (riichi 3.85 -> 3.21 on the 136-tile wall). In
 * all, previous -> this, lowest of 8 alternating runs: std 136-wall 3.31 -> 2.92, 108-wall 3.33
 * -> 2.94, complete 3.35 -> 2.88, near misses 3.39 -> 2.91; riichi 4.09 -> 3.17, 4.13 -> 3.20,
 * 4.62 -> 3.73, 4.38 -> 3.47. What kept riichi over 3.0: the seven-pairs work (about 0.3 ns)
 * and, on complete hands and near misses, the thirteen-orphans candidates' one-hand path (one
 * hand in 19 of the complete ones). Then the ring's slots by one offset, wrapped by a mask, stage
 * two's the same with one bit flipped (the ring aligned to its 2 KB), instead of two indices
 * each reduced and scaled: std 2.87 -> 2.75, riichi 3.20 -> 3.12, 3.75 -> 3.73, 3.49 -> 3.41
 * (lowest of 6 alternating runs). The rare path at 14 tiles, where only thirteen-orphans
 * candidates arrive, now asks thirteen_orphans directly (rewritten to test each suit's 1-9
 * shape at once, no loop over the terminals) instead of the whole one-hand check: riichi
 * complete hands 3.72 -> 3.24, near misses 3.42 -> 3.18 (a copy of the suits' test kept only
 * for the batch was 0.04 ns faster on complete hands; one function serves both paths). Then the steady loop eight
 * pairs a step (unrolled: the loop's own counters, reloads and tests once per eight pairs, and
 * GCC schedules across them): std 2.75 -> 2.44-2.48, riichi 3.12 -> 2.89, 3.13 -> 2.91, 3.23 ->
 * 3.01, 3.18 -> 2.95 (two a step: std 2.60, riichi 3.00-3.11; four: 2.52, 2.93-3.05; sixteen:
 * 2.41, but riichi complete hands 3.08). Tried after that and dropped (lowest of 6 alternating
 * runs against this code): seven pairs tested in stage two (stage one storing each pair's
 * refusing lanes as a byte, stage two or-ing the test into each answer, instead of the byte table
 * and the masked move): riichi 2.89-3.06 -> 3.12-3.29, std the same; the rare path taken out of
 * the loop (stage two writing 2 for a rare mark with no branch, a vector scan fixing those after
 * it): std 2.45 -> 2.61, riichi complete 3.05 -> 3.28; loops aligned to 64 bytes: the same.
 * Memory: the class table 488,288 bytes, the SIMD constants under 1.3 KB, the batch 2.1 KB of
 * stack; init about 1 ms. */
#include "mj_algo.h"
#include "mj_forms.h"

#include <stdlib.h>
#include <string.h>

/* x86-64 with GCC or Clang: an AVX-512 path, taken when the CPU has it (see is_win_simd) */
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define TABLE_SIMD 1
#include <immintrin.h>
#define SIMD_TARGET __attribute__((target("avx512f,avx512bw,avx512vl,avx512vbmi,avx512vnni,bmi2")))
static void simd_init(void);
static void batch_init(void);
#endif

/* Seed 001's generator enumerates sorted tile lists and its lookup tests whole hands; the
 * method done right keys each suit separately (a hand wins iff every suit does), so 5^9
 * shapes cover every suit of every hand.
 *
 * Both tables the method needs (meld-only, and pair plus melds) share one array of two-bit
 * entries: a suit's shape is class 0 when it splits into melds only, 1 when it splits into
 * a pair plus melds (the tile sums, 0 and 2 mod 3, keep the two apart), 2 otherwise. A hand
 * is standard iff the classes of its three suits and its honors add up to exactly 1.
 * 5^9 entries x 2 bits = 488 KB, which stays in L2. */
enum { SUIT_KEYS = 1953125, CLASS_MELDS = 0, CLASS_PAIR = 1, CLASS_NONE = 2 };
/* Entry `key` is bits 2 key mod 64 of word key / 32: one load and one shift by 2 key (a 64-bit
 * shift counts mod 64) read it, whether the key comes from the scalar packing or from SIMD. */
static uint64_t class_words[(SUIT_KEYS + 31) / 32];

/* The key is plain base 5, rank 1 most significant: sum of c[i] 5^(8-i). Any weights would do
 * if used throughout; these are the ones both key computations below produce. */
static const uint32_t rank_weight[9] = {390625, 78125, 15625, 3125, 625, 125, 25, 5, 1};

static inline unsigned key_class(uint32_t key) { return (unsigned)(class_words[key >> 5] >> (2 * key & 63)) & 3; }

static void set_class(uint32_t key, unsigned cls)
{
    unsigned shift = 2 * key & 63;
    class_words[key >> 5] = (class_words[key >> 5] & ~((uint64_t)3 << shift)) | ((uint64_t)cls << shift);
}

/* The melds the enumeration adds: nine triplets, then seven runs. */
static uint8_t meld_counts[16][9];
static uint32_t meld_key[16];

/* Marks c (key `key`) and every shape of up to `melds_left` more melds on top of it, each
 * meld index >= from, with class cls. */
static void enumerate(uint8_t c[9], uint32_t key, int melds_left, int from, unsigned cls)
{
    set_class(key, cls);
    if (melds_left == 0) return;
    for (int m = from; m < 16; m++) {
        bool fits = true;
        for (int i = 0; i < 9; i++) fits &= c[i] + meld_counts[m][i] <= MJ_MAX_COPIES;
        if (!fits) continue;
        for (int i = 0; i < 9; i++) c[i] += meld_counts[m][i];
        enumerate(c, key + meld_key[m], melds_left - 1, m, cls);
        for (int i = 0; i < 9; i++) c[i] -= meld_counts[m][i];
    }
}

/* Builds the table constructively: the empty shape plus up to four melds (12 tiles), and
 * each of the nine pairs plus up to four melds (14 tiles). Nothing here decides a hand. */
static int table_init(void)
{
    memset(class_words, CLASS_NONE * 0x55, sizeof class_words); /* 0xAA..: every entry class 2 */
    memset(meld_counts, 0, sizeof meld_counts);
    for (int r = 0; r < 9; r++) {
        meld_counts[r][r] = 3;
        meld_key[r] = 3 * rank_weight[r];
    }
    for (int r = 0; r < 7; r++) {
        meld_counts[9 + r][r] = meld_counts[9 + r][r + 1] = meld_counts[9 + r][r + 2] = 1;
        meld_key[9 + r] = rank_weight[r] + rank_weight[r + 1] + rank_weight[r + 2];
    }
    uint8_t c[9] = {0};
    enumerate(c, 0, 4, 0, CLASS_MELDS);
    for (int p = 0; p < 9; p++) {
        c[p] = 2;
        enumerate(c, 2 * rank_weight[p], 4, 0, CLASS_PAIR);
        c[p] = 0;
    }
#ifdef TABLE_SIMD
    simd_init();
    batch_init();
#endif
    return 0;
}

/* The packing helpers load count bytes little-endian into a word. */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "table.c packs count bytes little-endian"
#endif

static const uint64_t ONES = 0x0101010101010101ull;
static const uint64_t LOW7 = 0x00FFFFFFFFFFFFFFull;

/* The key of a suit: ranks 1-8 packed in v (one byte each, 0..4), rank 9 in c8. Three
 * multiplies merge neighbours without carries: bytes into c1 + 5 c0 (<= 24), 16-bit lanes
 * into a1 + 25 a0 (<= 624), and the two halves into L3 + 625 L1 (< 5^8); rank 9 last. */
static inline uint32_t suit_key(uint64_t v, unsigned c8)
{
    uint64_t a = ((v * 0x0501ull) >> 8) & 0x00FF00FF00FF00FFull;
    uint64_t y = ((a * (1ull + (25ull << 16))) >> 16) & 0x0000FFFF0000FFFFull;
    return (uint32_t)((y * (1ull + (625ull << 32))) >> 32) * 5 + c8;
}

static inline unsigned suit_class(const uint8_t *c) { return key_class(suit_key(mj_load8(c), c[8])); }

/* Honors by rule, seven counts packed in h (top byte zero): each must be 0, 2 or 3 (1 and 4
 * fit no meld and not the pair); the result is the number of pairs, 8 or more when some
 * count is 1 or 4, so like the suits' classes 0 = melds only, 1 = the pair, more = never. */
static inline unsigned honor_class(uint64_t h)
{
    uint64_t lo = h & ONES, hi = (h >> 1) & ONES, top = (h >> 2) & ONES;
    uint64_t bad = (lo & ~hi) | top; /* 1 = 001, 4 = 100 */
    uint64_t twos = hi & ~lo;
    return (unsigned)((twos * ONES) >> 56) + (bad ? 8u : 0u);
}

static inline uint64_t honors_word(const uint8_t *c)
{
    uint64_t h = 0;
    memcpy(&h, c + MJ_HONOR_BASE, MJ_HONORS);
    return h;
}

/* The standard form over 34 counts at c with the honors packed in hon. The honors go first:
 * with honors in play they refuse most hands before any key is made. */
static inline bool std_counts(const uint8_t *c, uint64_t hon)
{
    unsigned hc = honor_class(hon);
    if (hc > 1) return false;
    return hc + suit_class(c) + suit_class(c + 9) + suit_class(c + 18) == 1;
}

/* mj_forms callback (kongs): c is a plain 34-byte array, so the honors are copied, not over-read. */
static bool table_std(const uint8_t count[MJ_KINDS], int tiles, int kinds)
{
    (void)kinds;
    return tiles % 3 == 2 && std_counts(count, honors_word(count));
}

/* Thirteen orphans for a hand of 14 tiles: every honor and every suit's 1 and 9 held once or
 * twice, and nothing else (13 kinds at 1..2 in 14 tiles: exactly one pair). Honors first (byte
 * - 1 must be 0 or 1), then each suit: its 1 and 9 the same way, ranks 2-8 none. Every caller
 * has 14 tiles (special14, and the batch's rare path). */
static inline bool thirteen_orphans(const uint8_t *c, uint64_t hon)
{
    if ((hon - 0x0001010101010101ull) & 0x00FEFEFEFEFEFEFEull) return false;
    for (int s = 0; s < 3; s++) {
        const uint8_t *x = c + MJ_SUIT_SIZE * s;
        if (x[0] - 1u > 1u || x[8] - 1u > 1u || (mj_load8(x + 1) & LOW7)) return false; /* ranks 2-8: bytes 0-6 */
    }
    return true;
}

/* Seven pairs and thirteen orphans at 14 tiles, by rule over packed counts. */
static bool special14(const uint8_t *c, uint64_t hon, const mj_rules *r)
{
    if (r->forms & (MJ_FORM_7P | MJ_FORM_7P4)) {
        uint64_t any = mj_counts_or(c);
        if (!(any & ONES) && (!(any & (ONES << 2)) || (r->forms & MJ_FORM_7P4))) return true;
    }
    return (r->forms & MJ_FORM_13O) && r->kinds == MJ_KINDS && thirteen_orphans(c, hon);
}

static bool is_win_scalar(const mj_hand *h, const mj_rules *r)
{
    int n = h->tiles;
    if (n > 14) return (r->forms & MJ_FORM_KONGS) && mj_forms_is_win(h, r, table_std);
    if (n % 3 != 2) return false; /* no form has this many tiles: no lookup needed */
    /* mj_hand is 35 bytes, so 8 bytes from the honors end at `tiles`, masked off */
    uint64_t hon = mj_load8(h->count + MJ_HONOR_BASE) & LOW7;
    if (r->forms & MJ_FORM_STD) {
        /* without honors (27 kinds) the rule has nothing to check: three lookups decide */
        if (r->kinds == MJ_SUITED_KINDS) {
            if (suit_class(h->count) + suit_class(h->count + 9) + suit_class(h->count + 18) == 1) return true;
        } else if (std_counts(h->count, hon)) {
            return true;
        }
    }
    return n == 14 && (r->forms & (MJ_FORM_7P | MJ_FORM_7P4 | MJ_FORM_13O)) && special14(h->count, hon, r);
}

#ifdef TABLE_SIMD

/* The hand sizes a form can win at without kongs: 2, 5, 8, 11, 14. */
static const unsigned STD_SIZES = 1u << 2 | 1u << 5 | 1u << 8 | 1u << 11 | 1u << 14;

/* The SIMD path's constants, one 16-byte lane per group (m, p, s, honors), filled by init:
 * the byte permutation that lays the 34 counts out that way, a per-lane byte map (the suits'
 * counts as they are; the honors' count c as 1 when it is 2, 8 when it is 1 or 4, else 0),
 * byte weights that fold each lane's first eight bytes into two base-5 numbers and rank 9
 * into a third, and word weights that join them into 2 x the suit key (the honors: a sum). */
static uint8_t simd_perm[64] __attribute__((aligned(64)));
static uint8_t simd_map[64] __attribute__((aligned(64)));
static int8_t simd_w1[64] __attribute__((aligned(64)));
static int16_t simd_w3[32] __attribute__((aligned(64)));
static int32_t simd_lane0[16] __attribute__((aligned(64)));
static bool use_simd;
/* seven pairs fails on a count with these bits: 1 (odd) under 7p4, 1 or 4 (odd or a four) under 7p */
static uint8_t simd_odd[64] __attribute__((aligned(64))), simd_odd_or_four[64] __attribute__((aligned(64)));

static void simd_init(void)
{
    for (int lane = 0; lane < 4; lane++) {
        for (int j = 0; j < 16; j++) {
            int at = 16 * lane + j;
            /* sources: bytes 0..31 of the counts (then zeros), and bytes 2..33 (index 64 + i) */
            simd_perm[at] = 63; /* a zero byte */
            if (lane < 3 && j < 9) simd_perm[at] = (uint8_t)(9 * lane + j);
            if (lane == 3 && j < 5) simd_perm[at] = (uint8_t)(MJ_HONOR_BASE + j);
            if (lane == 3 && (j == 5 || j == 6)) simd_perm[at] = (uint8_t)(64 + MJ_HONOR_BASE + j - 2);
            static const uint8_t honor_map[16] = {0, 8, 1, 0, 8};
            simd_map[at] = lane < 3 ? (uint8_t)j : honor_map[j];
            static const int8_t suit_w1[16] = {125, 25, 5, 1, 125, 25, 5, 1, 2};
            simd_w1[at] = lane < 3 ? suit_w1[j] : (int8_t)(j < 7);
        }
        for (int j = 0; j < 4; j++) simd_lane0[4 * lane + j] = 4 * j; /* dword 0 of each lane, first */
        for (int j = 0; j < 8; j++) simd_w3[8 * lane + j] = (int16_t)(j >= 2 ? 0 : lane < 3 ? (j == 0 ? 6250 : 10) : 1);
    }
    memset(simd_odd, 1, sizeof simd_odd);
    memset(simd_odd_or_four, 5, sizeof simd_odd_or_four);
    __builtin_cpu_init();
    const char *off = getenv("MJ_TABLE_PORTABLE");
    use_simd = !(off && *off && strcmp(off, "0") != 0) && __builtin_cpu_supports("avx512f") &&
               __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vl") &&
               __builtin_cpu_supports("avx512vbmi") && __builtin_cpu_supports("avx512vnni") &&
               __builtin_cpu_supports("bmi2");
}

/* table_is_win with the three suit keys and the honors' class made at once in one register:
 * a permute, a byte map, a 4-byte dot product (two base-5 halves and rank 9), a pack and a
 * 2-word dot product (2 x key), then three table words and a shift each. Seven pairs and
 * thirteen orphans come from masks over the same register, with no branch on the hand. */
SIMD_TARGET static bool is_win_simd(const mj_hand *h, const mj_rules *r)
{
    unsigned n = h->tiles;
    if (n > 14) return (r->forms & MJ_FORM_KONGS) && mj_forms_is_win(h, r, table_std);
    if (!(STD_SIZES >> n & 1)) return false;
    /* an honor held once or four times refuses the standard form: most random hands with
     * honors stop here, on the special forms' scalar rules */
    uint64_t hon = mj_load8(h->count + MJ_HONOR_BASE); /* byte 7 is `tiles`, masked off */
    if (((hon & ~(hon >> 1)) | (hon >> 2)) & ONES & LOW7)
        return n == 14 && (r->forms & (MJ_FORM_7P | MJ_FORM_7P4 | MJ_FORM_13O)) && special14(h->count, hon & LOW7, r);
    /* counts 0..31 and 2..33: 32 bytes each, inside the 35-byte hand */
    __m512i lo = _mm512_zextsi256_si512(_mm256_loadu_si256((const __m256i *)(const void *)h->count));
    __m512i hi = _mm512_zextsi256_si512(_mm256_loadu_si256((const __m256i *)(const void *)(h->count + 2)));
    __m512i raw = _mm512_permutex2var_epi8(lo, _mm512_load_si512(simd_perm), hi);
    __m512i x = _mm512_shuffle_epi8(_mm512_load_si512(simd_map), raw);
    __m512i d = _mm512_dpbusd_epi32(_mm512_setzero_si512(), x, _mm512_load_si512(simd_w1));
    __m512i k = _mm512_dpwssd_epi32(_mm512_bsrli_epi128(d, 8), _mm512_packus_epi32(d, d), _mm512_load_si512(simd_w3));
    __m128i q = _mm512_castsi512_si128(_mm512_permutexvar_epi32(_mm512_load_si512(simd_lane0), k));
    uint64_t mp = (uint64_t)_mm_cvtsi128_si64(q), sz = (uint64_t)_mm_extract_epi64(q, 1);
    uint32_t km = (uint32_t)mp, kp = (uint32_t)(mp >> 32), ks = (uint32_t)sz;
    uint64_t sum = (class_words[km >> 6] >> (km & 63) & 3) + (class_words[kp >> 6] >> (kp & 63) & 3) +
                   (class_words[ks >> 6] >> (ks & 63) & 3) + (sz >> 32);
    unsigned f = r->forms;
    bool win = (f & MJ_FORM_STD) != 0 && sum == 1;
    /* thirteen orphans holds honors once: it never gets here. Seven pairs: no count odd (nor
     * a four under 7p), one mask over the same register, no branch on the hand. */
    if (f & (MJ_FORM_7P | MJ_FORM_7P4)) {
        const uint8_t *unpaired = (f & MJ_FORM_7P4) ? simd_odd : simd_odd_or_four;
        win |= (n == 14) & (_mm512_test_epi8_mask(raw, _mm512_load_si512(unpaired)) == 0);
    }
    return win;
}
#endif

static bool table_is_win(const mj_hand *h, const mj_rules *r)
{
#ifdef TABLE_SIMD
    if (use_simd) return is_win_simd(h, r);
#endif
    return is_win_scalar(h, r);
}

#ifdef TABLE_SIMD
/* The batch path's constants (init). Each step takes two consecutive hands j, j+1 from a
 * 64-byte load at hand j (its 35 bytes, then hand j+1's first 29: all its suits) and an
 * 8-byte one of the pair's bytes 62..69 (hand j+1's honors 5-7 and size). Output lanes (8 bytes each): 0 hand j's honors'
 * slot, 1-3 its m, p, s keys, 4-7 the same for hand j+1. batch_perm (two sources: index 64 +
 * i is byte i of the second load) lays out the six suits' ranks 1-8 in lanes 1-3 and 5-7 and
 * each hand's seven honor counts and size in lanes 0 and 4; batch_w1 weighs the suits' bytes
 * 125, 25, 5, 1 (the honors' lanes 0); batch_perm9 puts each rank 9 at its lane's start
 * (batch_mask9 zeroes the rest); batch_unpaired holds, at each count's place in those two
 * layouts, the bits a seven-pairs count must not have (1 odd, 4 a four: 7p; 1 only: 7p4). */
static uint8_t batch_perm[64] __attribute__((aligned(64)));
static int8_t batch_w1[64] __attribute__((aligned(64)));
static uint8_t batch_perm9[64] __attribute__((aligned(64)));
static uint8_t batch_unpaired[2][2][64] __attribute__((aligned(64))); /* [7p4][ranks 1-8 and honors / rank 9] */
static uint64_t batch_mask9;
/* for each set of lanes holding a count that refuses seven pairs (bit i: lane i), the lanes of
 * the hands that hold none (lanes 0-3 hand j, 4-7 hand j+1) */
static uint8_t pairs_lanes[256];

/* The honors' slot: a byte map (a 64-entry table, built per call from the rules) over each
 * hand's seven honor counts and its size, summed (s). Bits 0-4 of s: 1 for an honor pair, 2
 * for an honor held once or four times, 2 for a size with no standard win (not 2 mod 3, over
 * 14, outside the window, or no standard form), so classes + (s & 31) is 1 only for a
 * standard hand; 32 more for each honor held once or twice and for 14 tiles under thirteen
 * orphans (eight of them, 256 or more: a candidate); 255 for a kong size (over 14 tiles).
 * Without those two marks s is at most 7 x 32 + 16 = 240, so s > 240 sends the hand to the
 * one-hand path. The size's byte is looked up at 32 + size. */
enum { SLOT_SUM = 31, SLOT_RARE = 241, SIZE_AT = 32 };
_Static_assert(SLOT_SUM == (1 << 5) - 1, "decide1 keeps the honors' sum with bzhi(hs, 5)");

static void batch_map(const mj_rules *r, uint8_t map[64])
{
    memset(map, 0, 64);
    static const uint8_t honor[5] = {0, 32 + 2, 32 + 1, 0, 2};
    memcpy(map, honor, sizeof honor);
    for (unsigned n = 0; n <= MJ_MAX_TILES; n++) {
        bool in = n >= (unsigned)r->min_win && n <= (unsigned)r->max_win;
        unsigned v = ((r->forms & MJ_FORM_STD) && in && (STD_SIZES >> n & 1)) ? 0 : 2;
        if (n == 14 && in && (r->forms & MJ_FORM_13O) && r->kinds == MJ_KINDS) v += 32;
        if (n > 14) v = 255;
        map[SIZE_AT + n] = (uint8_t)v;
    }
}

static void batch_init(void)
{
    batch_mask9 = 0;
    memset(batch_perm, 0, sizeof batch_perm);
    memset(batch_perm9, 0, sizeof batch_perm9);
    memset(batch_w1, 0, sizeof batch_w1);
    memset(batch_unpaired, 0, sizeof batch_unpaired);
    for (int hand = 0; hand < 2; hand++)
        for (int suit = 0; suit < 3; suit++) {
            int lane = 4 * hand + 1 + suit;
            for (int j = 0; j < 8; j++) {
                batch_perm[8 * lane + j] = (uint8_t)(35 * hand + 9 * suit + j);
                batch_w1[8 * lane + j] = (int8_t)(j % 4 == 0 ? 125 : j % 4 == 1 ? 25 : j % 4 == 2 ? 5 : 1);
            }
            batch_perm9[8 * lane] = (uint8_t)(35 * hand + 9 * suit + 8);
            batch_mask9 |= 1ull << (8 * lane);
        }
    for (int i = 0; i <= MJ_HONORS; i++) {                              /* the seven honors, then the size */
        batch_perm[i] = (uint8_t)(MJ_HONOR_BASE + i);                  /* from the first load */
        batch_perm[32 + i] = (uint8_t)(64 + i);                        /* the 8 bytes from 62 on */
    }
    for (int bad = 0; bad < 256; bad++)
        pairs_lanes[bad] = (uint8_t)((bad & 0x0f ? 0 : 0x0f) | (bad & 0xf0 ? 0 : 0xf0));
    for (int four = 0; four < 2; four++)
        for (int lane = 0; lane < 8; lane++) {
            uint8_t bits = four ? 1 : 5;
            for (int j = 0; j < (lane % 4 ? 8 : MJ_HONORS); j++) batch_unpaired[four][0][8 * lane + j] = bits;
            if (lane % 4) batch_unpaired[four][1][8 * lane] = bits;
        }
}

/* One hand of stage two: from its four slots (honors' slot, then 2 x its three suit keys; a
 * seven-pairs hand's were made those of a hand that wins in stage one) and, on the rare marks
 * only, the hand itself. */
#define DECIDE_TARGET __attribute__((target("bmi2")))
/* The class of the suit whose slot is k2, 2 x its key (the bit offset of its entry); six is 6,
 * passed in a register so that the word index is one shrx of the slot, with no copy first. */
DECIDE_TARGET static inline __attribute__((always_inline)) uint64_t class_at(uint64_t k2, uint64_t six)
{
    return class_words[k2 >> six] >> (k2 & 63) & 3;
}

DECIDE_TARGET static inline __attribute__((always_inline)) bool decide1(const mj_hand *h, const uint64_t *slot,
                                                                        uint64_t six, uint64_t five, const mj_rules *r)
{
    uint64_t hs = slot[0];
    /* a suit's slot is 2 x its key, below 2^32 (the lane's upper dword is 0); the honors' sum is
     * hs & SLOT_SUM, by bzhi from a register (five) rather than a mov and an and */
    uint64_t sum = class_at(slot[1], six) + class_at(slot[2], six) + class_at(slot[3], six) + _bzhi_u64(hs, five);
    bool win = sum == 1;
    if (__builtin_expect(hs >= SLOT_RARE, 0)) { /* the one-hand path */
        unsigned n = h->tiles;
        /* at 14 tiles or fewer only the eight marks get here: every honor held once or twice, 14
         * tiles, thirteen orphans in the rules, no seven pairs (stage one gave those the slots
         * of a win) and no standard form (seven honor groups); so it wins iff it is thirteen
         * orphans, asked directly rather than through the whole one-hand check */
        if (n <= 14) win = thirteen_orphans(h->count, mj_load8(h->count + MJ_HONOR_BASE) & LOW7);
        else win = n >= (unsigned)r->min_win && n <= (unsigned)r->max_win && table_is_win(h, r); /* kong sizes */
    }
    return win;
}

/* The batch on the AVX-512 path, count even: stage one (the slots of a pair of hands, all
 * vector work, on two ports) runs AHEAD pairs ahead of stage two (the table reads and scalar
 * tests, on the others), through a ring, so the two overlap and each slot is read long after
 * it was stored (read back while the 64-byte store is still in flight, it would not forward to
 * the 8-byte loads: a stall). A head runs stage one alone, the steady loop both, a tail stage
 * two alone, so the steady loop tests nothing but its end; the wins are counted after it.
 * Stage one, per pair: the ranks 1-8 permuted into lanes, a 4-byte dot product (base 5 over
 * ranks 1-4 and 5-8: dwords A and B of each lane), B shifted beside A as words, and a 2-word
 * dot product started from twice rank 9 (itself two dot products over the plain loads):
 * 6250 A + 10 B + 2 rank 9 = 2 x the key, the bit offset of its class. The honors' slot: a
 * two-source permute, the size's offset, the byte map, a sum of bytes. */
enum { AHEAD = 16, RING = 32 };

SIMD_TARGET static inline __attribute__((always_inline)) size_t
batch_run(const mj_hand *hands, size_t count, const uint8_t map_bytes[64], bool pairs, bool four_ok,
          const mj_rules *r, uint8_t *out)
{
    const __m512i perm = _mm512_load_si512(batch_perm);
    const __m512i perm9 = _mm512_load_si512(batch_perm9);
    const __m512i map = _mm512_loadu_si512((const void *)map_bytes);
    /* lanes 0 and 4 (each hand's honors' lane): all of x kept, and the size's offset in byte 7 */
    const __m512i size_at = _mm512_maskz_mov_epi64(0x11, _mm512_set1_epi64((long long)((uint64_t)SIZE_AT << 56)));
    const __m512i keep0 = _mm512_maskz_mov_epi64(0x11, _mm512_set1_epi64(-1));
    /* seven pairs: bytes that refuse it, (x ^ fourteen) & ux | r9 & u9 (ux also takes all of each
     * hand's size byte, which must be 14), then the lanes holding one (test), then, by a byte
     * table, the lanes of the hands with none, whose slots are made those of a hand that wins */
    const __mmask64 size_bytes = 1ull << 7 | 1ull << 39;
    const __m512i fourteen = _mm512_maskz_set1_epi8(size_bytes, 14);
    const __m512i ux = _mm512_mask_set1_epi8(_mm512_load_si512(batch_unpaired[four_ok][0]), size_bytes, (char)0xff);
    const __m512i u9 = _mm512_load_si512(batch_unpaired[four_ok][1]);
    const __m512i wins_slot = _mm512_maskz_set1_epi64(0x11, 1); /* honors' slot 1, every suit key 0 (class 0) */
    const __m512i w1 = _mm512_load_si512(batch_w1); /* bytes 125, 25, 5, 1; 0 on the honors' lanes */
    const __m512i w3 = _mm512_set1_epi64(6250 | 10 << 16);
    const __mmask64 m9 = batch_mask9;
    const __m512i zero = _mm512_setzero_si512();
    /* aligned to its size: no store split over two lines, and a slot's address is the ring's plus
     * an offset wrapped by a mask, stage two's that offset with one bit flipped (AHEAD = RING / 2) */
    uint64_t key[8 * RING] __attribute__((aligned(8 * RING * sizeof(uint64_t))));
#define RING_AT(offset) ((char *)key + (offset)) /* the stack address itself: no register held for it */
    size_t npairs = count / 2, wins = 0;
    uint64_t six = 6, five = 5;
    __asm__("" : "+r"(six), "+r"(five)); /* register operands for shrx and bzhi, made once */
#define STAGE_ONE(p, slot) \
    do { \
        const uint8_t *at = (const uint8_t *)&hands[2 * (p)]; \
        /* the pair's bytes 0..63, and 62..69 (hand j+1's last honors and size) by an 8-byte \
         * load: a 64-byte load from a 35-byte hand nearly always crosses a cache line, which \
         * costs more than the rest of the step; loaded once, kept in a register, not folded \
         * again into every instruction that reads it */ \
        __m512i z = _mm512_loadu_si512((const void *)at); \
        /* only bytes 0..7 of t are read (indices 64..71): its upper bits need not be zero */ \
        __m512i t = _mm512_castsi128_si512(_mm_loadl_epi64((const __m128i *)(const void *)(at + 62))); \
        __asm__("" : "+v"(z)); \
        __m512i x = _mm512_permutex2var_epi8(z, perm, t); /* suits, and honors in lanes 0, 4 */ \
        __m512i r9 = _mm512_maskz_permutexvar_epi8(m9, perm9, z); \
        __m512i d = _mm512_dpbusd_epi32(zero, x, w1); \
        __m512i e = _mm512_or_si512(d, _mm512_srli_epi64(d, 16)); \
        __m512i k = _mm512_dpwssd_epi32(_mm512_add_epi32(r9, r9), e, w3); \
        __m512i y = _mm512_ternarylogic_epi64(x, keep0, size_at, 0xea); /* (x & keep0) | size_at */ \
        k = _mm512_add_epi64(k, _mm512_sad_epu8(_mm512_permutexvar_epi8(y, map), zero)); \
        if (pairs) { \
            __m512i no = _mm512_ternarylogic_epi64(r9, u9, _mm512_ternarylogic_epi64(x, fourteen, ux, 0x28), 0xea); \
            k = _mm512_mask_mov_epi64(k, pairs_lanes[(unsigned)_mm512_test_epi64_mask(no, no)], wins_slot); \
        } \
        _mm512_store_si512((void *)(slot), k); \
    } while (0)
#define STAGE_TWO(s, slot) \
    do { \
        size_t i = 2 * (s); \
        const uint64_t *sl = (const uint64_t *)(const void *)(slot); \
        bool a = decide1(&hands[i], sl, six, five, r); \
        bool b = decide1(&hands[i + 1], sl + 4, six, five, r); \
        out[i] = a; \
        out[i + 1] = b; \
    } while (0)
    enum { SLOT = 64, RING_BYTES = RING * SLOT, BEHIND = AHEAD * SLOT };
    _Static_assert(2 * AHEAD == RING && (RING & (RING - 1)) == 0, "stage two's slot is stage one's with bit BEHIND flipped");
    size_t head = npairs < AHEAD ? npairs : AHEAD;
    for (size_t p = 0; p < head; p++)
        STAGE_ONE(p, RING_AT(p * SLOT));
    size_t off = (size_t)BEHIND; /* stage one's slot for pair AHEAD; stage two's, pair 0, is at off ^ BEHIND */
    /* UNROLL pairs a step (off stays a multiple of UNROLL slots, so off + (UNROLL - 1) SLOT needs
     * no wrap), then the last ones */
    enum { UNROLL = 8 };
    _Static_assert(AHEAD % UNROLL == 0 && RING % UNROLL == 0, "a step's slots never wrap");
    size_t p = AHEAD;
    for (; p + UNROLL - 1 < npairs; p += UNROLL) {
        size_t back = off ^ (size_t)BEHIND;
#pragma GCC unroll 8
        for (size_t u = 0; u < UNROLL; u++) {
            STAGE_ONE(p + u, RING_AT(off + u * SLOT));
            STAGE_TWO(p + u - AHEAD, RING_AT(back + u * SLOT));
        }
        off = (off + UNROLL * SLOT) & (RING_BYTES - 1);
    }
    for (; p < npairs; p++) {
        STAGE_ONE(p, RING_AT(off));
        STAGE_TWO(p - AHEAD, RING_AT(off ^ (size_t)BEHIND));
        off = (off + SLOT) & (RING_BYTES - 1);
    }
    for (size_t s = npairs - head; s < npairs; s++)
        STAGE_TWO(s, RING_AT(s % RING * SLOT));
#undef STAGE_ONE
#undef STAGE_TWO
#undef RING_AT
    /* the wins, counted after the loop (in it, the count took a register the loop lacks, and
     * was kept on the stack): a sum of bytes over 64 answers at a time */
    __m512i sum = zero;
    size_t done = 2 * npairs, i = 0;
    for (; i + 64 <= done; i += 64) sum = _mm512_add_epi64(sum, _mm512_sad_epu8(_mm512_loadu_si512((const void *)(out + i)), zero));
    wins = (size_t)_mm512_reduce_add_epi64(sum);
    for (; i < done; i++) wins += out[i];
    return wins;
}

SIMD_TARGET static size_t batch_simd(const mj_hand *hands, size_t count, const uint8_t map[64], bool pairs,
                                     bool four_ok, const mj_rules *r, uint8_t *out)
{
    return pairs ? batch_run(hands, count, map, true, four_ok, r, out) : batch_run(hands, count, map, false, four_ok, r, out);
}
#endif

/* Issue 16's batch entry: is_win on each hand with the rule set's size window, no call per
 * hand. On the AVX-512 path, blocks of BATCH hands: their slots first (stage one), then the
 * decisions (stage two), so that the slots are read well after they were stored, and every
 * hand's three table reads are independent of the others'. */
enum { BATCH = 64 };
/* The sizes some form may win at: 2, 5, 8, 11, 14 without kongs, 15-18 with them. */
#define WINNABLE_SIZES (1u << 2 | 1u << 5 | 1u << 8 | 1u << 11 | 1u << 14 | 0xfu << 15)

static size_t table_is_win_batch(const mj_hand *hands, size_t count, const mj_rules *r, uint8_t *out)
{
    size_t wins = 0, i = 0;
    /* hands of sizes no form wins at (n % 3 != 2, at most 14) are all 0: the oracle's runs of
     * hands share one size, most of them such a size below 14. The scan stops at the first
     * size that may win, so a batch of 14-tile hands pays one test */
    size_t k = 0;
    while (k < count && !(WINNABLE_SIZES >> (hands[k].tiles & 31) & 1)) k++;
    if (k == count) {
        memset(out, 0, count);
        return 0;
    }
#ifdef TABLE_SIMD
    if (use_simd) {
        uint8_t map[64] __attribute__((aligned(64)));
        batch_map(r, map);
        /* seven pairs is decided at 14 tiles only: off when the window leaves 14 out */
        bool pairs = (r->forms & (MJ_FORM_7P | MJ_FORM_7P4)) && r->min_win <= 14 && 14 <= r->max_win;
        bool four_ok = (r->forms & MJ_FORM_7P4) != 0;
        i = count & ~(size_t)1;
        wins = batch_simd(hands, i, map, pairs, four_ok, r, out);
    }
#endif
    for (; i < count; i++) { /* the portable path, and an odd last hand */
        unsigned n = hands[i].tiles;
        bool win = n >= (unsigned)r->min_win && n <= (unsigned)r->max_win && table_is_win(&hands[i], r);
        out[i] = win;
        wins += win;
    }
    return wins;
}


/* Native standard-form waits. One more tile changes one group only; a group can take it
 * when the others' classes add up to at most 1, and then each kind it may still take
 * (fewer than 4 held) is one lookup at key + weight (the honors: the rule again). */
static mj_kindset std_waits(const uint8_t *c)
{
    uint32_t key[3];
    unsigned cls[4];
    for (int s = 0; s < 3; s++) {
        key[s] = suit_key(mj_load8(c + 9 * s), c[9 * s + 8]);
        cls[s] = key_class(key[s]);
    }
    uint64_t hon = honors_word(c);
    cls[3] = honor_class(hon);
    unsigned all = cls[0] + cls[1] + cls[2] + cls[3];
    mj_kindset set = 0;
    for (int g = 0; g < 4; g++) {
        unsigned others = all - cls[g];
        if (others > 1) continue;
        if (g < 3) {
            for (int i = 0; i < 9; i++)
                if (c[9 * g + i] < MJ_MAX_COPIES && key_class(key[g] + rank_weight[i]) + others == 1)
                    set |= (mj_kindset)1 << (9 * g + i);
        } else {
            for (int i = 0; i < MJ_HONORS; i++)
                if (c[MJ_HONOR_BASE + i] < MJ_MAX_COPIES && honor_class(hon + ((uint64_t)1 << (8 * i))) + others == 1)
                    set |= (mj_kindset)1 << (MJ_HONOR_BASE + i);
        }
    }
    return set;
}

/* Seven pairs at 13 tiles waits on its one odd kind (under 7p it must be held once and no
 * kind four times); thirteen orphans on the missing orphan, or on all 13. Counted over
 * packed words, since a branch per kind mispredicts on random hands. */
static mj_kindset special_waits(const uint8_t *c, const mj_rules *r)
{
    mj_kindset set = 0;
    if (r->forms & (MJ_FORM_7P | MJ_FORM_7P4)) {
        uint64_t w[5] = {mj_load8(c), mj_load8(c + 8), mj_load8(c + 16), mj_load8(c + 24), (uint64_t)c[32] | (uint64_t)c[33] << 8};
        unsigned odds = 0;
        uint64_t high = 0; /* any 3 or 4 held */
        for (int i = 0; i < 5; i++) {
            odds += (unsigned)(((w[i] & ONES) * ONES) >> 56);
            high |= (w[i] & (w[i] >> 1) & ONES) | ((w[i] >> 2) & ONES);
        }
        if (odds == 1 && ((r->forms & MJ_FORM_7P4) || high == 0)) {
            int base = 0, i = 0;
            while (!(w[i] & ONES)) i++, base += 8;
            int odd = base + __builtin_ctzll(w[i] & ONES) / 8;
            if (c[odd] < MJ_MAX_COPIES) set |= (mj_kindset)1 << odd;
        }
    }
    if ((r->forms & MJ_FORM_13O) && r->kinds == MJ_KINDS) {
        uint64_t hon = honors_word(c);
        uint64_t zero = ~(hon | (hon >> 1) | (hon >> 2)) & ONES & LOW7;
        if (((zero * ONES) >> 56) > 1) return set; /* two honors missing: no orphan wait */
        static const uint8_t orphans[13] = {0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33};
        mj_kindset all = 0;
        int held = 0, missing = -1, doubled = 0;
        for (int i = 0; i < 13; i++) {
            int n = c[orphans[i]];
            all |= (mj_kindset)1 << orphans[i];
            held += n;
            if (n == 0) missing = missing < 0 ? orphans[i] : 99;
            if (n == 2) doubled++;
            if (n > 2) held = 99;
        }
        if (held == 13 && missing < 0) set |= all; /* 13 singles */
        if (held == 13 && missing >= 0 && missing < 99 && doubled == 1) set |= (mj_kindset)1 << missing;
    }
    return set;
}

static mj_kindset table_waits(const mj_hand *h, const mj_rules *r)
{
    int n = h->tiles + 1;
    mj_kindset set = 0;
    if ((r->forms & MJ_FORM_STD) && n <= 14 && n % 3 == 2) set = std_waits(h->count);
    if (n == 14 && (r->forms & (MJ_FORM_7P | MJ_FORM_7P4 | MJ_FORM_13O))) set |= special_waits(h->count, r);
    if (n > 14 && (r->forms & MJ_FORM_KONGS)) {
        /* kong hands are rare: try each kind */
        mj_hand t = *h;
        t.tiles = (uint8_t)n;
        for (int k = 0; k < r->kinds; k++) {
            if (h->count[k] >= MJ_MAX_COPIES) continue;
            t.count[k]++;
            if (mj_forms_is_win(&t, r, table_std)) set |= (mj_kindset)1 << k;
            t.count[k]--;
        }
    }
    return set;
}

const mj_algo mj_algo_table = {
    .name = "table",
    .summary = "per-suit lookup: 2-bit class per base-5 suit key (melds / pair+melds / none), honors by rule",
    .source = "seed 001 §3 (查表法)",
    .forms = MJ_FORM_ALL,
    .max_kinds = MJ_KINDS,
    .min_win = 0,
    .flawed = false,
    .flaw = NULL,
    .init = table_init,
    .is_win = table_is_win,
    .waits = table_waits,
    .is_win_batch = table_is_win_batch,
};
