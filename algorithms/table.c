/* table: lookup done right (seed 001 §3, 查表法): one bit per suit shape, keyed by the suit's
 * nine counts in base 5, built once by adding melds and a pair to empty shapes; honors by rule. */
#include "mj_algo.h"
#include "mj_forms.h"

#include <string.h>

/* Seed 001's generator enumerates sorted tile lists and its lookup tests whole hands; the
 * method done right keys each suit separately (a hand wins iff every suit does), so 5^9
 * shapes cover every suit of every hand.
 *
 * One bit per key is enough for both tables the method needs: a suit holding 3m tiles must
 * split into melds only, one holding 3m+2 into a pair plus melds, and 3m+1 never fits. So the
 * bit answers "meld-only" for keys whose tile sum is 0 mod 3 and "pair plus melds" for 2 mod 3;
 * the caller first checks, from the sums alone, that exactly one group holds 3m+2 tiles.
 * 5^9 bits = 244 KB, which stays in L2. */
enum { SUIT_KEYS = 1953125 }; /* 5^9 */
static uint8_t complete_bits[(SUIT_KEYS + 7) / 8];
static const uint32_t pow5[10] = {1, 5, 25, 125, 625, 3125, 15625, 78125, 390625, 1953125};

static inline bool key_complete(uint32_t key) { return (complete_bits[key >> 3] >> (key & 7)) & 1; }

/* The meld the enumeration adds: nine triplets, then seven runs; as key increments. */
static uint32_t meld_key[16];
static uint8_t meld_counts[16][9];

/* Marks every shape of `melds_left` more melds, each meld index >= from, on top of c
 * (whose key is key and sum is sum); with_pair shapes were given their pair first. */
static void enumerate(uint8_t c[9], uint32_t key, int melds_left, int from)
{
    complete_bits[key >> 3] |= (uint8_t)(1u << (key & 7));
    if (melds_left == 0) return;
    for (int m = from; m < 16; m++) {
        bool fits = true;
        for (int i = 0; i < 9; i++) fits &= c[i] + meld_counts[m][i] <= MJ_MAX_COPIES;
        if (!fits) continue;
        for (int i = 0; i < 9; i++) c[i] += meld_counts[m][i];
        enumerate(c, key + meld_key[m], melds_left - 1, m);
        for (int i = 0; i < 9; i++) c[i] -= meld_counts[m][i];
    }
}

/* Builds the table constructively: the empty shape plus up to four melds (12 tiles), and
 * each of the nine pairs plus up to four melds (14 tiles). Nothing here decides a hand. */
static int table_init(void)
{
    memset(complete_bits, 0, sizeof complete_bits);
    memset(meld_counts, 0, sizeof meld_counts);
    for (int r = 0; r < 9; r++) {
        meld_counts[r][r] = 3;
        meld_key[r] = 3 * pow5[r];
    }
    for (int r = 0; r < 7; r++) {
        meld_counts[9 + r][r] = meld_counts[9 + r][r + 1] = meld_counts[9 + r][r + 2] = 1;
        meld_key[9 + r] = pow5[r] + pow5[r + 1] + pow5[r + 2];
    }
    uint8_t c[9] = {0};
    enumerate(c, 0, 4, 0);
    for (int p = 0; p < 9; p++) {
        c[p] = 2;
        enumerate(c, 2 * pow5[p], 4, 0);
        c[p] = 0;
    }
    return 0;
}

/* The SWAR helpers assume the count bytes load little-endian into a word. */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "table.c packs count bytes little-endian"
#endif

static const uint64_t ONES = 0x0101010101010101ull;

static inline uint64_t load8(const uint8_t *p)
{
    uint64_t v;
    memcpy(&v, p, 8);
    return v;
}

/* Base-5 key of nine counts: the first eight packed in v, the ninth c8. Adjacent bytes are
 * merged into 16-bit lanes, lanes into 32-bit halves, halves into one number. */
static inline uint32_t suit_key(uint64_t v, unsigned c8)
{
    uint64_t a = (v & 0x00FF00FF00FF00FFull) + ((v >> 8) & 0x00FF00FF00FF00FFull) * 5;
    uint64_t b = (a & 0x0000FFFF0000FFFFull) + ((a >> 16) & 0x0000FFFF0000FFFFull) * 25;
    return (uint32_t)(b & 0xFFFFFFFFu) + (uint32_t)(b >> 32) * 625u + c8 * 390625u;
}

/* How a group's tile count mod 3 counts toward "exactly one group holds the pair":
 * 0 -> 0 (melds only), 2 -> 1 (the pair's group), 1 -> 8 (never complete). */
static const uint8_t group_class[40] = {0, 8, 1, 0, 8, 1, 0, 8, 1, 0, 8, 1, 0, 8, 1, 0, 8, 1, 0, 8,
                                        1, 0, 8, 1, 0, 8, 1, 0, 8, 1, 0, 8, 1, 0, 8, 1, 0, 8, 1, 0};

/* Honors by rule, seven counts packed in h (top byte zero): each must be 0, 2 or 3
 * (1 and 4 never fit a meld or the pair); the result is the number of pairs, or 8 or more
 * when some count is 1 or 4. */
static inline unsigned honor_class(uint64_t h)
{
    uint64_t lo = h & ONES, hi = (h >> 1) & ONES, top = (h >> 2) & ONES;
    uint64_t bad = (lo & ~hi) | top; /* 1 = 001, 4 = 100 */
    uint64_t twos = hi & ~lo;
    return (unsigned)((twos * ONES) >> 56) + (bad ? 8u : 0u);
}

/* The standard form over the counts at c (34 bytes; the honors come in packed as hon). */
static inline bool std_counts(const uint8_t *c, uint64_t hon)
{
    uint64_t v0 = load8(c), v1 = load8(c + 9), v2 = load8(c + 18);
    unsigned s0 = (unsigned)((v0 * ONES) >> 56) + c[8];
    unsigned s1 = (unsigned)((v1 * ONES) >> 56) + c[17];
    unsigned s2 = (unsigned)((v2 * ONES) >> 56) + c[26];
    if (group_class[s0] + group_class[s1] + group_class[s2] + honor_class(hon) != 1) return false;
    return key_complete(suit_key(v0, c[8])) & key_complete(suit_key(v1, c[17])) & key_complete(suit_key(v2, c[26]));
}

static inline uint64_t honors_word(const uint8_t *c)
{
    uint64_t h = 0;
    memcpy(&h, c + MJ_HONOR_BASE, MJ_HONORS);
    return h;
}

/* mj_forms callback (kongs): c is a plain 34-byte array, so the honors are copied, not over-read. */
static bool table_std(uint8_t count[MJ_KINDS], int tiles, int kinds)
{
    (void)kinds;
    return tiles % 3 == 2 && std_counts(count, honors_word(count));
}

/* Seven pairs and thirteen orphans at 14 tiles, by rule over packed counts. */
static bool special14(const mj_hand *h, const mj_rules *r)
{
    const uint8_t *c = h->count;
    if (r->forms & (MJ_FORM_7P | MJ_FORM_7P4)) {
        uint64_t any = load8(c) | load8(c + 8) | load8(c + 16) | load8(c + 24) | c[32] | c[33];
        if (!(any & ONES) && (!(any & (ONES << 2)) || (r->forms & MJ_FORM_7P4))) return true;
    }
    if ((r->forms & MJ_FORM_13O) && r->kinds == MJ_KINDS && c[0] && c[8]) return mj_forms_special14(c, r);
    return false;
}

static bool table_is_win(const mj_hand *h, const mj_rules *r)
{
    int n = h->tiles;
    if (n <= 14) {
        /* the hand is 35 bytes, so reading 8 from the honors takes `tiles` as the top byte */
        if ((r->forms & MJ_FORM_STD) && std_counts(h->count, load8(h->count + MJ_HONOR_BASE) & 0x00FFFFFFFFFFFFFFull))
            return true;
        return n == 14 && (r->forms & (MJ_FORM_7P | MJ_FORM_7P4 | MJ_FORM_13O)) && special14(h, r);
    }
    return (r->forms & MJ_FORM_KONGS) && mj_forms_is_win(h, r, table_std);
}

/* Native standard-form waits: after one more tile exactly one group may change, so each
 * group whose count is 1 or 2 mod 3 is tried with the others as they stand; a suit's waits
 * are nine lookups at key + 5^rank, the honors' are the rule again. */
static mj_kindset std_waits(const mj_hand *h)
{
    const uint8_t *c = h->count;
    uint64_t v[3];
    uint32_t key[3];
    unsigned sum[3], cls[4];
    bool done[4];
    for (int s = 0; s < 3; s++) {
        v[s] = load8(c + 9 * s);
        sum[s] = (unsigned)((v[s] * ONES) >> 56) + c[9 * s + 8];
        key[s] = suit_key(v[s], c[9 * s + 8]);
        cls[s] = group_class[sum[s]];
        done[s] = key_complete(key[s]);
    }
    uint64_t hon = honors_word(c);
    cls[3] = honor_class(hon);
    done[3] = true; /* honor_class already refuses incomplete honors */
    mj_kindset set = 0;
    for (int g = 0; g < 4; g++) {
        unsigned r = g < 3 ? sum[g] % 3 : 0;
        if (g == 3) {
            unsigned hs = 0;
            for (int i = 0; i < MJ_HONORS; i++) hs += c[MJ_HONOR_BASE + i];
            r = hs % 3;
        }
        if (r == 0) continue;
        unsigned want = r == 1 ? 1 : 0; /* class this group must reach */
        unsigned others = 0;
        bool ok = true;
        for (int o = 0; o < 4; o++)
            if (o != g) others += cls[o], ok &= done[o];
        if (!ok || others + want != 1) continue;
        if (g < 3) {
            for (int i = 0; i < 9; i++)
                if (c[9 * g + i] < MJ_MAX_COPIES && key_complete(key[g] + pow5[i]))
                    set |= (mj_kindset)1 << (9 * g + i);
        } else {
            for (int i = 0; i < MJ_HONORS; i++)
                if (c[MJ_HONOR_BASE + i] < MJ_MAX_COPIES && honor_class(hon + ((uint64_t)1 << (8 * i))) == want)
                    set |= (mj_kindset)1 << (MJ_HONOR_BASE + i);
        }
    }
    return set;
}

static mj_kindset table_waits(const mj_hand *h, const mj_rules *r)
{
    int n = h->tiles + 1;
    mj_kindset set = 0;
    if ((r->forms & MJ_FORM_STD) && n <= 14 && n % 3 == 2) set = std_waits(h);
    /* the other forms are rare: try each kind with the standard form left out */
    unsigned other = r->forms & ~(unsigned)MJ_FORM_STD;
    if ((n == 14 && (other & (MJ_FORM_7P | MJ_FORM_7P4 | MJ_FORM_13O))) || (n > 14 && (other & MJ_FORM_KONGS))) {
        mj_rules rest = *r;
        mj_hand t = *h;
        t.tiles = (uint8_t)n;
        for (int k = 0; k < r->kinds; k++) {
            if (h->count[k] >= MJ_MAX_COPIES || (set >> k & 1)) continue;
            t.count[k]++;
            rest.forms = n > 14 ? r->forms : other; /* kongs need the standard rest */
            if (table_is_win(&t, &rest)) set |= (mj_kindset)1 << k;
            t.count[k]--;
        }
    }
    return set;
}

const mj_algo mj_algo_table = {
    .name = "table",
    .summary = "per-suit lookup: one bit per base-5 suit key (melds, or pair + melds), honors by rule",
    .source = "seed 001 §3 (查表法)",
    .forms = MJ_FORM_ALL,
    .max_kinds = MJ_KINDS,
    .min_win = 0,
    .flawed = false,
    .flaw = NULL,
    .init = table_init,
    .is_win = table_is_win,
    .waits = table_waits,
};
