/* sh-table: shanten by table lookups. Each suit's nine counts, read as a base-5 number, name
 * one of 126 classes (the suit's distance vector: for m = 0..4 melds with or without the pair,
 * the fewest tiles to add to the suit to hold them); the honors' seven counts name one of 55.
 * Classes of two suits, of three, and of three suits with the honors at a meld count are
 * combined by three small tables, so a hand costs four class reads and three chained table
 * reads, the keys computed in registers (no per-rank table reads). Effective tiles of a
 * 13-tile hand: each candidate tile changes one group's key by one digit, so it costs one
 * class read and two combination reads, the other groups' combination kept.
 *
 * Why the tables are right (algorithms/README.md has the long form): shanten + 1 is the least
 * number of tiles to add, min over complete hands W of sum over kinds max(0, W[k] - h[k]).
 * W splits by group (melds never cross a suit, the pair lies in one group), and the 4-copy
 * limit is per kind, so the least cost is a min-plus sum over groups of each group's least
 * cost for m melds and p pairs, which is what the class vectors hold and the combination
 * tables add up exactly (min over every split of the melds and the pair). A group's least
 * cost for (m, p) is 3m + 2p minus the most tiles of the group that fit in one complete shape
 * of (m, p) (W[k] <= 4 throughout): built by marking every complete shape, closing the marks
 * downwards (every sub-shape of a complete shape), then taking for every key the largest
 * marked sub-shape below it. Seven pairs and thirteen orphans are closed forms.
 *
 * The design differs from nyanten's (Cryolite/nyanten: a minimal perfect hash summed from a
 * per-rank table, then the same kind of class combination, which it introduced): the suit key
 * here is the base-5 number itself, computed by three multiply-adds on the counts read eight
 * at a time (the class table is then 1.9 MB, of which the shapes of random hands touch little),
 * and the table set is built at init in about 0.1 s rather than shipped. */
#include "shanten_common.h"

#include <stdlib.h>
#include <string.h>

#include "mj_algo.h" /* mj_load8 */

enum {
    SUIT_KEYS  = 1953125, /* 5^9 */
    HONOR_KEYS = 78125,   /* 5^7 */
    MAX_CLASS  = 256,
    VEC        = 10 /* (m, p): index 2m + p */
};

/* Padded by one top digit: a candidate tile's key is read before its count is checked. */
static uint8_t suit_class[SUIT_KEYS + SUIT_KEYS / 5];
static uint8_t honor_class[HONOR_KEYS + HONOR_KEYS / 5];
static uint8_t t1[MAX_CLASS][MAX_CLASS];     /* suit class x suit class -> two-suit class */
static uint8_t t2[MAX_CLASS][MAX_CLASS];     /* two-suit class x suit class -> three-suit class */
static uint8_t t2z[MAX_CLASS][MAX_CLASS];    /* two-suit class x runless class -> three-group class (sanma) */
static uint8_t fin[5][MAX_CLASS][MAX_CLASS]; /* melds x honor class x three-suit class -> cost */
static const int pow5[10] = {1, 5, 25, 125, 625, 3125, 15625, 78125, 390625, 1953125};

/* A distance vector: cost for (m, p) in bits 4(2m+p)..+3, so classes compare as integers. */
typedef uint64_t vec;
static inline int vec_at(vec v, int m, int p) { return (int)(v >> (4 * (2 * m + p)) & 15); }

typedef struct {
    vec v[MAX_CLASS];
    int n;
} classes;

/* The class of v, added when new; -1 when there would be more than MAX_CLASS. */
static int intern(classes *c, vec v)
{
    for (int i = 0; i < c->n; i++)
        if (c->v[i] == v) return i;
    if (c->n == MAX_CLASS) return -1;
    c->v[c->n] = v;
    return c->n++;
}

static vec convolve(vec a, vec b)
{
    vec out = 0;
    for (int m = 0; m <= 4; m++)
        for (int p = 0; p <= 1; p++) {
            int best = 15;
            for (int m1 = 0; m1 <= m; m1++)
                for (int p1 = 0; p1 <= p; p1++) {
                    int c = vec_at(a, m1, p1) + vec_at(b, m - m1, p - p1);
                    if (c < best) best = c;
                }
            out |= (vec)best << (4 * (2 * m + p));
        }
    return out;
}

/* Marks on key i (bit 2m + p) every complete shape of the group with m melds and p pairs:
 * runs only when the group has nine ranks. */
static void mark_shapes(uint16_t *marks, int ranks, int key, int digits[9], int from, int melds, int m)
{
    if (melds == 0) {
        marks[key] |= (uint16_t)(1u << (2 * m));
        for (int r = 0; r < ranks; r++)
            if (digits[r] + 2 <= MJ_MAX_COPIES) marks[key + 2 * pow5[r]] |= (uint16_t)(1u << (2 * m + 1));
        return;
    }
    int shapes = ranks == 9 ? ranks + 7 : ranks; /* triplets, then runs from ranks 1..7 */
    for (int b = from; b < shapes; b++) {
        int next = key;
        bool fits = true;
        if (b < ranks) {
            digits[b] += 3;
            fits = digits[b] <= MJ_MAX_COPIES;
            next += 3 * pow5[b];
        } else
            for (int i = b - ranks; i < b - ranks + 3; i++) {
                digits[i]++;
                fits = fits && digits[i] <= MJ_MAX_COPIES;
                next += pow5[i];
            }
        if (fits) mark_shapes(marks, ranks, next, digits, b, melds - 1, m);
        if (b < ranks)
            digits[b] -= 3;
        else
            for (int i = b - ranks; i < b - ranks + 3; i++) digits[i]--;
    }
}

/* Fills cls[key] with the class of every key of a group of `ranks` kinds (9 with runs, 7
 * without) holding at most 14 tiles. 0, or -1 on allocation failure or too many classes. */
static int build_group(int ranks, uint8_t *cls, classes *out)
{
    int keys = pow5[ranks];
    uint16_t *marks = calloc((size_t)keys, sizeof *marks);
    uint8_t *sum = malloc((size_t)keys);
    uint8_t *most = malloc((size_t)keys * VEC); /* most tiles of the key in one marked shape */
    int status = -1;
    if (!marks || !sum || !most) goto done;
    sum[0] = 0;
    for (int i = 1; i < keys; i++) {
        /* the digit sum from the key with its lowest nonzero digit one less */
        int low = 0;
        while ((i / pow5[low]) % 5 == 0) low++;
        sum[i] = (uint8_t)(sum[i - pow5[low]] + 1);
    }
    for (int m = 0; m <= 4; m++) {
        int digits[9] = {0};
        mark_shapes(marks, ranks, 0, digits, 0, m, m);
    }
    /* downward closure: a key under a marked key of one more tile is marked (keys above
     * come later in this order, so each is final when read) */
    for (int i = keys - 1; i >= 0; i--) {
        if (sum[i] >= 14) continue;
        for (int r = 0; r < ranks; r++)
            if ((i / pow5[r]) % 5 < MJ_MAX_COPIES) marks[i] |= marks[i + pow5[r]];
    }
    for (int i = 0; i < keys; i++) {
        uint8_t *a = most + (size_t)i * VEC;
        if (sum[i] > 14) continue;
        for (int b = 0; b < VEC; b++) a[b] = (marks[i] >> b & 1) ? sum[i] : 0;
        for (int r = 0; r < ranks; r++) {
            if ((i / pow5[r]) % 5 == 0) continue;
            const uint8_t *q = most + (size_t)(i - pow5[r]) * VEC;
            for (int b = 0; b < VEC; b++)
                if (q[b] > a[b]) a[b] = q[b];
        }
        vec v = 0;
        for (int b = 0; b < VEC; b++) v |= (vec)(3 * (b / 2) + 2 * (b % 2) - a[b]) << (4 * b);
        int c = intern(out, v);
        if (c < 0) goto done;
        cls[i] = (uint8_t)c;
    }
    status = 0;
done:
    free(marks);
    free(sum);
    free(most);
    return status;
}

static classes suits, honors, pairs2, triples;

static bool built;

static int table_init(void)
{
    if (built) return 0;
    suits.n = honors.n = pairs2.n = triples.n = 0;
    if (build_group(9, suit_class, &suits) || build_group(7, honor_class, &honors)) return -1;
    for (int a = 0; a < suits.n; a++)
        for (int b = 0; b < suits.n; b++) {
            int c = intern(&pairs2, convolve(suits.v[a], suits.v[b]));
            if (c < 0) return -1;
            t1[a][b] = (uint8_t)c;
        }
    for (int a = 0; a < pairs2.n; a++)
        for (int b = 0; b < suits.n; b++) {
            int c = intern(&triples, convolve(pairs2.v[a], suits.v[b]));
            if (c < 0) return -1;
            t2[a][b] = (uint8_t)c;
        }
    /* sanma's manzu (1m and 9m, no run) is a runless group like the honors: its class comes
     * from the honors' table, read with the two digits 1m and 9m */
    for (int a = 0; a < pairs2.n; a++)
        for (int b = 0; b < honors.n; b++) {
            int c = intern(&triples, convolve(pairs2.v[a], honors.v[b]));
            if (c < 0) return -1;
            t2z[a][b] = (uint8_t)c;
        }
    for (int m = 0; m <= 4; m++)
        for (int a = 0; a < triples.n; a++)
            for (int z = 0; z < honors.n; z++) {
                int best = 15;
                for (int mz = 0; mz <= m; mz++)
                    for (int pz = 0; pz <= 1; pz++) {
                        int c = vec_at(triples.v[a], m - mz, 1 - pz) + vec_at(honors.v[z], mz, pz);
                        if (c < best) best = c;
                    }
                fin[m][z][a] = (uint8_t)best;
            }
    built = true;
    return 0;
}

/* The base-5 key of the nine counts at c: pairs, quads, then octets of digits by
 * multiply-adds on one word, the ninth digit last. */
static inline uint32_t suit_key(const uint8_t *c)
{
    uint64_t x = mj_load8(c);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    x = __builtin_bswap64(x);
#endif
    x = (x & 0x00FF00FF00FF00FFull) + (x >> 8 & 0x00FF00FF00FF00FFull) * 5;
    x = (x & 0x0000FFFF0000FFFFull) + (x >> 16 & 0x0000FFFF0000FFFFull) * 25;
    x = (x & 0xFFFFFFFFull) + (x >> 32) * 625;
    return (uint32_t)x + (uint32_t)c[8] * 390625u;
}

/* The base-5 key of the seven honor counts (kinds 27..33), read as one word from kind 26. */
static inline uint32_t honor_key(const uint8_t count[MJ_KINDS])
{
    uint64_t x = mj_load8(count + MJ_KINDS - 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    x = __builtin_bswap64(x);
#endif
    x >>= 8;
    x = (x & 0x00FF00FF00FF00FFull) + (x >> 8 & 0x00FF00FF00FF00FFull) * 5;
    x = (x & 0x0000FFFF0000FFFFull) + (x >> 16 & 0x0000FFFF0000FFFFull) * 25;
    return (uint32_t)((x & 0xFFFFFFFFull) + (x >> 32) * 625);
}

/* The honors-table key of sanma's manzu: 1m and 9m as the first two digits. */
static inline uint32_t sanma_man_key(const uint8_t *c) { return (uint32_t)c[0] + 5u * c[8]; }

/* The three-group class of sanma's groups: manzu runless, then pinzu and souzu. */
static inline int sanma_all(const uint8_t *c)
{
    return t2z[t1[suit_class[suit_key(c + 9)]][suit_class[suit_key(c + 18)]]][honor_class[sanma_man_key(c)]];
}

/* The standard form's cost (tiles to add) for a hand of n tiles. */
static inline int std_cost(const mj_hand *h)
{
    const uint8_t *c = h->count;
    int a = suit_class[suit_key(c)], b = suit_class[suit_key(c + 9)], s = suit_class[suit_key(c + 18)];
    return fin[h->tiles / 3][honor_class[honor_key(c)]][t2[t1[a][b]][s]];
}

static int table_shanten(const mj_hand *h, const mj_rules *r)
{
    int cost = sh_runless_man(r) ? fin[h->tiles / 3][honor_class[honor_key(h->count)]][sanma_all(h->count)]
                                 : std_cost(h);
    int best = (r->forms & MJ_FORM_STD) ? cost - 1 : 99;
    if (h->tiles >= 13 && (r->forms & (MJ_FORM_7P | MJ_FORM_7P4 | MJ_FORM_13O))) {
        int special = sh_special(h, r);
        if (special < best) best = special;
    }
    return best;
}

/* Effective tiles of a hand (3k+1, or 3k+2 as table_effective argues), all forms of r; *s = its
 * shanten. The standard form: each
 * candidate tile raises one digit of its group's key, the other groups' combination kept,
 * every candidate computed (no branch on the counts) and those held four times masked off. */
/* effective_1's standard part under sanma: manzu's two kinds through the runless table. */
static mj_kindset sanma_std_effective(const mj_hand *h, int m, int cost)
{
    const uint8_t *c = h->count;
    uint32_t kp = suit_key(c + 9), ks = suit_key(c + 18), km = sanma_man_key(c), hk = honor_key(c);
    int cp = suit_class[kp], cs = suit_class[ks], cm = honor_class[km], z = honor_class[hk];
    const uint8_t *row = fin[m][z];
    mj_kindset set = 0;
    int two = t1[cp][cs];
    for (int i = 0; i < 2; i++) /* 1m, 9m */
        set |= (mj_kindset)(row[t2z[two][honor_class[km + (uint32_t)pow5[i]]]] < cost) << (i ? 8 : 0);
    for (int i = 0; i < MJ_SUIT_SIZE; i++) {
        set |= (mj_kindset)(row[t2z[t1[suit_class[kp + (uint32_t)pow5[i]]][cs]][cm]] < cost) << (9 + i);
        set |= (mj_kindset)(row[t2z[t1[cp][suit_class[ks + (uint32_t)pow5[i]]]][cm]] < cost) << (18 + i);
    }
    int all = t2z[two][cm];
    for (int i = 0; i < MJ_HONORS; i++)
        set |= (mj_kindset)(fin[m][honor_class[hk + (uint32_t)pow5[i]]][all] < cost) << (MJ_HONOR_BASE + i);
    return set;
}

static mj_kindset effective_1(const mj_hand *h, const mj_rules *r, int *s)
{
    const uint8_t *c = h->count;
    if (sh_runless_man(r)) {
        int m = h->tiles / 3;
        int cost = fin[m][honor_class[honor_key(c)]][sanma_all(c)];
        int std = (r->forms & MJ_FORM_STD) ? cost - 1 : 99;
        sh_masks masks = sh_kind_masks(h);
        int special = h->tiles >= 13 ? sh_special_from(&masks, r) : 99;
        int best = std < special ? std : special;
        *s = best;
        mj_kindset set = 0;
        if (std == best) set = sanma_std_effective(h, m, cost) & ~masks.held[MJ_MAX_COPIES] & sh_tileset(r);
        if (special == best) set |= sh_special_effective_from(&masks, r, best);
        return set;
    }
    int m = h->tiles / 3;
    uint32_t key[3] = {suit_key(c), suit_key(c + 9), suit_key(c + 18)};
    uint32_t hk = honor_key(c);
    int cls[3] = {suit_class[key[0]], suit_class[key[1]], suit_class[key[2]]};
    int z = honor_class[hk];
    int all = t2[t1[cls[0]][cls[1]]][cls[2]];
    const uint8_t *row = fin[m][z]; /* three-suit class -> cost, honors as held */
    int cost = row[all];
    int std = (r->forms & MJ_FORM_STD) ? cost - 1 : 99;
    sh_masks masks = sh_kind_masks(h);
    int special = h->tiles >= 13 ? sh_special_from(&masks, r) : 99;
    int best = std < special ? std : special;
    *s = best;
    mj_kindset set = 0;
    if (std == best) {
        int rest[3] = {t1[cls[1]][cls[2]], t1[cls[0]][cls[2]], t1[cls[0]][cls[1]]};
        for (int g = 0; g < 3; g++) {
            const uint8_t *t2r = t2[rest[g]];
            const uint8_t *sc = suit_class + key[g];
            uint32_t bits = 0;
            for (int i = 0; i < MJ_SUIT_SIZE; i++) bits |= (uint32_t)(row[t2r[sc[pow5[i]]]] < cost) << i;
            set |= (mj_kindset)bits << (g * MJ_SUIT_SIZE);
        }
        if (r->kinds == MJ_KINDS) {
            const uint8_t *hc = honor_class + hk;
            uint32_t bits = 0;
            for (int i = 0; i < MJ_HONORS; i++) bits |= (uint32_t)(fin[m][hc[pow5[i]]][all] < cost) << i;
            set |= (mj_kindset)bits << MJ_HONOR_BASE;
        }
        set &= ~masks.held[MJ_MAX_COPIES] & sh_tileset(r);
    }
    if (special == best) set |= sh_special_effective_from(&masks, r, best);
    return set;
}

/* The most tiles one group (a suit, or the honors) holds. */
static int fullest_group(const mj_hand *h)
{
    int most = 0;
    for (int g = 0; g < 4; g++) {
        int n = 0;
        for (int i = 0; i < (g < 3 ? MJ_SUIT_SIZE : MJ_HONORS); i++) n += h->count[g * MJ_SUIT_SIZE + i];
        if (n > most) most = n;
    }
    return most;
}

/* Effective tiles. A 3k+1 hand: each kind drawn. A 3k+2 hand h of cost c = shanten + 1: the
 * kinds t with shanten(h - d + t) < shanten(h) for some discard d. For any complete W of |h|
 * tiles, h + t holds one tile more than W, so some tile of h + t lies outside W and
 * discarding it costs nothing: min over d of |W - (h + t - d)| = |W - (h + t)|. So t is
 * effective exactly when h + t (|h| + 1 tiles, the same k melds and pair) costs less than h:
 * the 3k+1 pass as it is, with k = |h| / 3. Its tables stop at 14 tiles a group, so a hand
 * with all 14 tiles in one group takes the union over discards instead. */
static mj_kindset table_effective(const mj_hand *h, const mj_rules *r, int *shanten_out)
{
    int s;
    if (h->tiles % 3 == 1 || fullest_group(h) < 14) {
        mj_kindset set = effective_1(h, r, &s);
        if (shanten_out) *shanten_out = s;
        return set;
    }
    s = table_shanten(h, r);
    if (shanten_out) *shanten_out = s;
    mj_hand t = *h;
    t.tiles--;
    mj_kindset set = 0;
    for (int d = 0; d < MJ_KINDS; d++) {
        if (h->count[d] == 0) continue;
        t.count[d]--;
        int sd;
        mj_kindset e = effective_1(&t, r, &sd);
        if (sd == s) set |= e;
        t.count[d]++;
    }
    for (int k = 0; k < MJ_KINDS; k++)
        if (h->count[k] >= MJ_MAX_COPIES) set &= ~((mj_kindset)1 << k);
    return set;
}

const mj_shanten_algo mj_shanten_table = {
    .name = "sh-table",
    .summary = "suit classes by base-5 key, combined by three lookup tables; effective tiles by key digits",
    .source = "designed here; the class-combination idea from Cryolite/nyanten, the per-suit distance from tomohxx",
    .forms = MJ_FORM_STD | MJ_FORM_7P | MJ_FORM_7P4 | MJ_FORM_13O,
    .max_kinds = MJ_KINDS,
    .init = table_init,
    .shanten = table_shanten,
    .effective = table_effective,
};
