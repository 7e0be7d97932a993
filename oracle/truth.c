/* Ground truth built constructively: complete shapes of a suit or of the honors are generated
 * from melds and pairs, special forms from their definitions; a hand is never searched. */
#include "mj_truth.h"

#include <stdlib.h>
#include <string.h>

#include "oracle_internal.h"

const uint32_t orc_pow5[10] = {1, 5, 25, 125, 625, 3125, 15625, 78125, 390625, 1953125};

static uint16_t *suit_feat, *honor_feat;
static orc_shapes suit_shapes, honor_shapes;
const uint16_t *orc_suit_feat, *orc_honor_feat;
const orc_shapes *orc_suit_shapes, *orc_honor_shapes;

/* Every multiset of melds, added one type at a time in non-decreasing type order so each
 * multiset is produced once; types are the triplets of each kind and, in a suit, the runs.
 * Whatever counts they sum to is a meld-only complete shape. */
static void gen_melds(uint16_t *feat, uint8_t *c, int width, int from, uint32_t key)
{
    feat[key] |= TF_KM0;
    int types = width + (width == 9 ? 7 : 0);
    for (int t = from; t < types; t++) {
        if (t < width) {
            if (c[t] + 3 > MJ_MAX_COPIES) continue;
            c[t] += 3;
            gen_melds(feat, c, width, t, key + 3 * orc_pow5[t]);
            c[t] -= 3;
        } else {
            int i = t - width; /* run i, i+1, i+2 */
            if (c[i] == MJ_MAX_COPIES || c[i + 1] == MJ_MAX_COPIES || c[i + 2] == MJ_MAX_COPIES) continue;
            c[i]++, c[i + 1]++, c[i + 2]++;
            gen_melds(feat, c, width, t, key + orc_pow5[i] + orc_pow5[i + 1] + orc_pow5[i + 2]);
            c[i]--, c[i + 1]--, c[i + 2]--;
        }
    }
}

static void decode(uint32_t key, int width, uint8_t *c)
{
    for (int i = 0; i < width; i++, key /= 5) c[i] = (uint8_t)(key % 5);
}

/* Fills the feature table of a group of `width` kinds (9: a suit with runs, 7: honors). */
static void build_features(uint16_t *feat, int width)
{
    uint32_t keys = orc_pow5[width];
    uint8_t c[9] = {0};
    gen_melds(feat, c, width, 0, 0);
    /* with one pair: a meld-only shape plus two copies of a kind held at most twice */
    for (uint32_t k = 0; k < keys; k++) {
        if (!(feat[k] & TF_KM0)) continue;
        decode(k, width, c);
        for (int i = 0; i < width; i++)
            if (c[i] <= 2) feat[k + 2 * orc_pow5[i]] |= TF_KP0;
    }
    /* kongs: j four-of-a-kinds of kinds absent from a complete shape, set beside it */
    for (uint32_t k = 0; k < keys; k++) {
        uint16_t base = feat[k] & (TF_KM0 | TF_KP0);
        if (!base) continue;
        decode(k, width, c);
        unsigned zero = 0;
        for (int i = 0; i < width; i++)
            if (c[i] == 0) zero |= 1u << i;
        for (unsigned s = zero; s; s = (s - 1) & zero) {
            int j = __builtin_popcount(s);
            if (j > 4) continue;
            uint32_t add = 0;
            for (int i = 0; i < width; i++)
                if (s & (1u << i)) add += 4 * orc_pow5[i];
            if (base & TF_KM0) feat[k + add] |= (uint16_t)TF_KM(j);
            if (base & TF_KP0) feat[k + add] |= (uint16_t)TF_KP(j);
        }
    }
    /* seven pairs: every count 0 or 2; with fours allowed, 0, 2 or 4 */
    for (unsigned s = 0; s < (1u << width); s++) {
        uint32_t k = 0;
        for (int i = 0; i < width; i++)
            if (s & (1u << i)) k += 2 * orc_pow5[i];
        feat[k] |= TF_Q2;
    }
    uint32_t k3 = 1;
    for (int i = 0; i < width; i++) k3 *= 3;
    for (uint32_t v = 0; v < k3; v++) {
        uint32_t k = 0, x = v;
        for (int i = 0; i < width; i++, x /= 3) k += 2 * (x % 3) * orc_pow5[i];
        feat[k] |= TF_Q4;
    }
    /* thirteen orphans: a suit holds its 1 and 9 (one of them possibly twice), the honors
     * all seven (one possibly twice), and nothing else */
    if (width == 9) {
        feat[orc_pow5[0] + orc_pow5[8]] |= TF_O1;
        feat[2 * orc_pow5[0] + orc_pow5[8]] |= TF_O2;
        feat[orc_pow5[0] + 2 * orc_pow5[8]] |= TF_O2;
    } else {
        uint32_t ones = 0;
        for (int i = 0; i < width; i++) ones += orc_pow5[i];
        feat[ones] |= TF_O1;
        for (int i = 0; i < width; i++) feat[ones + orc_pow5[i]] |= TF_O2;
    }
}

static int build_shapes(orc_shapes *s, const uint16_t *feat, int width)
{
    (void)feat;
    uint32_t keys = orc_pow5[width], per[MJ_MAX_TILES + 1] = {0};
    uint8_t c[9];
    for (uint32_t k = 0; k < keys; k++) {
        decode(k, width, c);
        int t = 0;
        for (int i = 0; i < width; i++) t += c[i];
        if (t <= MJ_MAX_TILES) per[t]++;
    }
    s->width = width;
    s->start[0] = 0;
    for (int t = 0; t <= MJ_MAX_TILES; t++) s->start[t + 1] = s->start[t] + per[t];
    s->n = s->start[MJ_MAX_TILES + 1];
    s->count = calloc(s->n, sizeof *s->count);
    s->key = calloc(s->n, sizeof *s->key);
    if (!s->count || !s->key) return -1;
    uint32_t fill[MJ_MAX_TILES + 1];
    memcpy(fill, s->start, sizeof fill);
    for (uint32_t k = 0; k < keys; k++) {
        decode(k, width, c);
        int t = 0;
        for (int i = 0; i < width; i++) t += c[i];
        if (t > MJ_MAX_TILES) continue;
        uint32_t at = fill[t]++;
        memcpy(s->count[at], c, (size_t)width);
        s->key[at] = k;
    }
    return 0;
}

int mj_truth_init(void)
{
    if (orc_suit_feat) return 0;
    suit_feat = calloc(ORC_SUIT_KEYS, sizeof *suit_feat);
    honor_feat = calloc(ORC_HONOR_KEYS, sizeof *honor_feat);
    if (!suit_feat || !honor_feat) return -1;
    build_features(suit_feat, 9);
    build_features(honor_feat, 7);
    if (build_shapes(&suit_shapes, suit_feat, 9) || build_shapes(&honor_shapes, honor_feat, 7)) return -1;
    orc_suit_shapes = &suit_shapes;
    orc_honor_shapes = &honor_shapes;
    orc_honor_feat = honor_feat;
    orc_suit_feat = suit_feat; /* last: it is the "ready" flag */
    return 0;
}

uint16_t orc_relevant(const mj_rules *r)
{
    uint16_t m = 0;
    if (r->forms & MJ_FORM_STD) m |= TF_KM0 | TF_KP0;
    if (r->forms & MJ_FORM_7P) m |= TF_Q2;
    if (r->forms & MJ_FORM_7P4) m |= TF_Q4;
    if (r->forms & MJ_FORM_13O) m |= TF_O1 | TF_O2;
    if (r->forms & MJ_FORM_KONGS) m |= 0x3ff; /* KM0..4, KP0..4 */
    return m;
}

/* Melds never cross groups (runs stay inside a suit, honors only make triplets), so a
 * standard hand is a meld-only shape in every group but one, which holds the pair. */
bool orc_combine(int n, const mj_rules *r, const uint16_t f[ORC_GROUPS])
{
    if (n < r->min_win || n > r->max_win || n < 1 || n > MJ_MAX_TILES) return false;
    unsigned forms = r->forms;
    if ((forms & MJ_FORM_STD) && n % 3 == 2 && n <= 14) {
        for (int p = 0; p < ORC_GROUPS; p++) {
            if (!(f[p] & TF_KP0)) continue;
            bool rest = true;
            for (int g = 0; g < ORC_GROUPS; g++)
                if (g != p && !(f[g] & TF_KM0)) rest = false;
            if (rest) return true;
        }
    }
    if (n == 14) {
        bool q2 = true, q4 = true;
        int o1 = 0, o2 = 0;
        for (int g = 0; g < ORC_GROUPS; g++) {
            q2 &= (f[g] & TF_Q2) != 0;
            q4 &= (f[g] & TF_Q4) != 0;
            o1 += (f[g] & TF_O1) != 0;
            o2 += (f[g] & TF_O2) != 0;
        }
        if ((forms & MJ_FORM_7P) && q2) return true;
        if ((forms & MJ_FORM_7P4) && q4) return true;
        if ((forms & MJ_FORM_13O) && r->kinds == MJ_KINDS && o2 == 1 && o1 == 3) return true;
    }
    if ((forms & MJ_FORM_KONGS) && n >= 15 && n <= 18) {
        int k = n - 14;
        /* reach bit (j * 2 + pair): j kongs set aside and the pair placed or not, so far */
        uint32_t reach = 1;
        for (int g = 0; g < ORC_GROUPS; g++) {
            uint32_t next = 0;
            for (int j = 0; j <= k; j++)
                for (int p = 0; p < 2; p++) {
                    if (!(reach & (1u << (j * 2 + p)))) continue;
                    for (int jj = 0; j + jj <= k; jj++) {
                        if (f[g] & TF_KM(jj)) next |= 1u << ((j + jj) * 2 + p);
                        if (!p && (f[g] & TF_KP(jj))) next |= 1u << ((j + jj) * 2 + 1);
                    }
                }
            reach = next;
        }
        if (reach & (1u << (k * 2 + 1))) return true;
    }
    return false;
}

static void hand_features(const uint8_t *count, uint16_t f[ORC_GROUPS])
{
    for (int g = 0; g < ORC_GROUPS; g++) {
        int w = orc_group_width(g);
        uint32_t key = 0;
        for (int i = 0; i < w; i++) key += count[g * 9 + i] * orc_pow5[i];
        f[g] = g < 3 ? orc_suit_feat[key] : orc_honor_feat[key];
    }
}

bool mj_truth_is_win(const mj_hand *h, const mj_rules *r)
{
    uint16_t f[ORC_GROUPS];
    hand_features(h->count, f);
    return orc_combine(h->tiles, r, f);
}

mj_kindset mj_truth_waits(const mj_hand *h, const mj_rules *r)
{
    int n = h->tiles + 1;
    if (n > MJ_MAX_TILES || n < r->min_win || n > r->max_win) return 0;
    uint16_t f[ORC_GROUPS];
    hand_features(h->count, f);
    mj_kindset set = 0;
    for (int k = 0; k < r->kinds; k++) {
        if (h->count[k] >= MJ_MAX_COPIES) continue;
        int g = k / 9, i = k % 9;
        uint32_t key = 0;
        for (int x = 0; x < orc_group_width(g); x++) key += h->count[g * 9 + x] * orc_pow5[x];
        key += orc_pow5[i];
        uint16_t keep = f[g];
        f[g] = g < 3 ? orc_suit_feat[key] : orc_honor_feat[key];
        if (orc_combine(n, r, f)) set |= (mj_kindset)1 << k;
        f[g] = keep;
    }
    return set;
}
