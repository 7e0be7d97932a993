/* Shanten ground truth built constructively: every complete group shape is generated from melds,
 * pairs and orphans, and a hand's distance to the nearest one is read from their sub-shapes. */
#include "mj_shanten_truth.h"

#include <stdlib.h>
#include <string.h>

#include "oracle_internal.h"


static orc_shv *tables[ORC_GT_TYPES];
const orc_shv *orc_sh_table[ORC_GT_TYPES];
const orc_shv orc_sh_unit = {{0, ORC_SH_INF, ORC_SH_INF, ORC_SH_INF, ORC_SH_INF, ORC_SH_INF, ORC_SH_INF, ORC_SH_INF,
                              ORC_SH_INF, ORC_SH_INF, 0, ORC_SH_INF, ORC_SH_INF, ORC_SH_INF, ORC_SH_INF, ORC_SH_INF,
                              ORC_SH_INF, ORC_SH_INF, 0, ORC_SH_INF, ORC_SH_INF, ORC_SH_INF, ORC_SH_INF, ORC_SH_INF,
                              ORC_SH_INF, ORC_SH_INF, 0, ORC_SH_INF}};

/* The orphans among a type's positions: a suit's 1 and 9, every honor, sanma manzu's both. */
static bool is_orphan(int type, int x) { return type != ORC_GT_SUIT || x == 0 || x == 8; }

/* ---- the complete shapes of one group type, each marked with its tag ---- */

/* Every multiset of at most 4 melds (triplets; runs in a suit), each type added in
 * non-decreasing order so each multiset comes once; with counts at most 4 it is complete with
 * m melds, and with a pair on a kind held at most twice, complete with m melds and a pair. */
static void gen_std(uint32_t *mark, uint8_t *c, int type, int from, int m, uint32_t key)
{
    int w = orc_sh_width(type);
    mark[key] |= 1u << (ORC_SH_STD + 2 * m);
    for (int x = 0; x < w; x++)
        if (c[x] <= 2) mark[key + 2 * orc_pow5[x]] |= 1u << (ORC_SH_STD + 2 * m + 1);
    if (m == 4) return;
    int types = w + (type == ORC_GT_SUIT ? 7 : 0);
    for (int t = from; t < types && t < 16; t++) {
        if (t < w && t < 9) {
            if (c[t] + 3 > MJ_MAX_COPIES) continue;
            c[t] += 3;
            gen_std(mark, c, type, t, m + 1, key + 3 * orc_pow5[t]);
            c[t] -= 3;
        } else if (t - w < 7) {
            int i = t - w; /* run i, i+1, i+2 */
            if (c[i] == MJ_MAX_COPIES || c[i + 1] == MJ_MAX_COPIES || c[i + 2] == MJ_MAX_COPIES) continue;
            c[i]++, c[i + 1]++, c[i + 2]++;
            gen_std(mark, c, type, t, m + 1, key + orc_pow5[i] + orc_pow5[i + 1] + orc_pow5[i + 2]);
            c[i]--, c[i + 1]--, c[i + 2]--;
        }
    }
}

static int decode(uint32_t key, int w, uint8_t *c)
{
    int n = 0;
    for (int x = 0; x < w; x++, key /= 5) n += c[x] = (uint8_t)(key % 5);
    return n;
}

/* Pairs and orphans: every shape whose counts are 0 or 2 (q distinct pairs), 0, 2 or 4 (q
 * pairs, a four counting twice), or 1 on each orphan with at most one orphan at 2. */
static void gen_special(uint32_t *mark, int type)
{
    int w = orc_sh_width(type);
    uint8_t c[9];
    for (uint32_t key = 0; key < orc_pow5[w]; key++) {
        int n = decode(key, w, c);
        bool q2 = true, q4 = true, orph = true;
        int doubled = 0;
        for (int x = 0; x < w; x++) {
            q2 &= c[x] == 0 || c[x] == 2;
            q4 &= c[x] == 0 || c[x] == 2 || c[x] == 4;
            if (is_orphan(type, x)) {
                orph &= c[x] == 1 || c[x] == 2;
                doubled += c[x] == 2;
            } else {
                orph &= c[x] == 0;
            }
        }
        if (q2 && n / 2 <= 7) mark[key] |= 1u << (ORC_SH_P7 + n / 2);
        if (q4 && n / 2 <= 7) mark[key] |= 1u << (ORC_SH_P74 + n / 2);
        if (orph && doubled <= 1) mark[key] |= 1u << (ORC_SH_O13 + doubled);
    }
}

/* The tiles of every complete shape with tag t. */
static int tag_size(int type, int t)
{
    if (t < ORC_SH_P7) return 3 * (t / 2) + 2 * (t % 2);
    if (t < ORC_SH_P74) return 2 * (t - ORC_SH_P7);
    if (t < ORC_SH_O13) return 2 * (t - ORC_SH_P74);
    int orphans = 0;
    for (int x = 0; x < orc_sh_width(type); x++) orphans += is_orphan(type, x);
    return orphans + (t - ORC_SH_O13);
}

/* The distance table of a type. For a held shape H and a complete shape S, |S - H| = |S| -
 * |min(S, H)|, and min(S, H) is a sub-shape of S below H; so the distance to the nearest S with
 * tag t is |S| less the most tiles of a sub-shape of some such S that H holds. The sub-shapes are
 * the complete shapes' downward closure (one tile taken at a time, largest keys first, as a
 * tile taken lowers the key), and the most tiles H holds of one is |H| if H is one, else the
 * best over H less one tile (smallest keys first). */
static orc_shv *build(int type)
{
    const int w = orc_sh_width(type);
    const uint32_t keys = orc_pow5[w];
    uint32_t *mark = calloc(keys, sizeof *mark);
    orc_shv *tab = malloc((size_t)keys * sizeof *tab);
    if (!mark || !tab) {
        free(mark);
        free(tab);
        return NULL;
    }
    uint8_t c[9] = {0};
    gen_std(mark, c, type, 0, 0, 0);
    gen_special(mark, type);
    for (uint32_t key = keys - 1; key > 0; key--) {
        if (!mark[key]) continue;
        decode(key, w, c);
        for (int x = 0; x < w; x++)
            if (c[x]) mark[key - orc_pow5[x]] |= mark[key];
    }
    for (uint32_t key = 0; key < keys; key++) {
        int n = decode(key, w, c);
        uint8_t *kept = tab[key].v;
        memset(kept, 0, ORC_SH_TAGS);
        for (int x = 0; x < w; x++) {
            if (!c[x]) continue;
            const uint8_t *less = tab[key - orc_pow5[x]].v;
            for (int t = 0; t < ORC_SH_TAGS; t++) kept[t] = kept[t] > less[t] ? kept[t] : less[t];
        }
        for (int t = 0; t < ORC_SH_TAGS; t++)
            if (mark[key] >> t & 1) kept[t] = (uint8_t)n;
    }
    uint32_t exists = mark[0]; /* the empty shape lies below every complete one */
    for (uint32_t key = 0; key < keys; key++)
        for (int t = 0; t < ORC_SH_TAGS; t++)
            tab[key].v[t] = exists >> t & 1 ? (uint8_t)(tag_size(type, t) - tab[key].v[t]) : (uint8_t)ORC_SH_INF;
    free(mark);
    return tab;
}

/* The class of each key of a table: keys with byte-equal vectors share one, numbered in order of
 * first key. NULL with *fail false when there are more than ORC_SH_CLASSES (the caller goes
 * without), NULL with *fail true when memory runs out. */
static uint16_t *classify(const orc_shv *tab, uint32_t keys, bool *fail)
{
    enum { SLOTS = 4 * ORC_SH_CLASSES }; /* open addressing, at most a quarter full */
    uint16_t *cls = malloc((size_t)keys * sizeof *cls);
    uint32_t *slot = malloc(SLOTS * sizeof *slot); /* a representative key + 1, 0 when free */
    *fail = !cls || !slot;
    if (*fail) goto out;
    memset(slot, 0, SLOTS * sizeof *slot);
    uint16_t seen[SLOTS];
    uint32_t nclass = 0;
    for (uint32_t key = 0; key < keys; key++) {
        uint64_t hash = 14695981039346656037ull; /* FNV-1a over the vector's bytes */
        for (int t = 0; t < ORC_SH_TAGS; t++) hash = (hash ^ tab[key].v[t]) * 1099511628211ull;
        uint32_t i = (uint32_t)(hash >> 32) % SLOTS;
        while (slot[i] && memcmp(tab[slot[i] - 1].v, tab[key].v, ORC_SH_TAGS) != 0) i = (i + 1) % SLOTS;
        if (!slot[i]) {
            if (nclass == ORC_SH_CLASSES) {
                free(cls);
                cls = NULL;
                goto out;
            }
            slot[i] = key + 1;
            seen[i] = (uint16_t)nclass++;
        }
        cls[key] = seen[i];
    }
out:
    free(slot);
    if (*fail) {
        free(cls);
        cls = NULL;
    }
    return cls;
}

static uint16_t *classes[ORC_GT_TYPES];
const uint16_t *orc_sh_class[ORC_GT_TYPES];

int mj_truth_shanten_init(void)
{
    if (orc_sh_table[ORC_GT_SUIT]) return 0;
    for (int t = 0; t < ORC_GT_TYPES; t++) {
        if (tables[t]) continue;
        if (!(tables[t] = build(t))) return -1;
        if (t == ORC_GT_HONOR) { /* the enumerator classes only the honors (no runs: few vectors) */
            bool fail;
            classes[t] = classify(tables[t], orc_pow5[orc_sh_width(t)], &fail);
            if (fail) return -1;
        }
    }
    for (int t = 0; t < ORC_GT_TYPES; t++) orc_sh_class[t] = classes[t];
    for (int t = ORC_GT_TYPES - 1; t >= 0; t--) orc_sh_table[t] = tables[t];
    return 0;
}

/* ---- combining groups ---- */

bool orc_sh_rules_of(const mj_rules *r, orc_sh_rules *out)
{
    const unsigned known = MJ_FORM_STD | MJ_FORM_7P | MJ_FORM_7P4 | MJ_FORM_13O;
    if (r->forms == 0 || (r->forms & ~known)) return false;
    mj_kindset set = mj_rules_tileset(r);
    out->forms = r->forms;
    out->orphans = true;
    for (int g = 0; g < ORC_GROUPS; g++) {
        uint32_t bits = (uint32_t)(set >> (g * 9)) & (g < 3 ? 0x1ffu : 0x7fu);
        int t = bits == 0 ? ORC_GT_NONE : g < 3 && bits == 0x1ff ? ORC_GT_SUIT : g == 3 && bits == 0x7f ? ORC_GT_HONOR
              : g == 0 && bits == 0x101 ? ORC_GT_TERM : -1;
        if (t < 0) return false;
        out->type[g] = t;
        if (t == ORC_GT_NONE) out->orphans = false;
    }
    return true;
}

bool mj_truth_shanten_supports(const mj_rules *r)
{
    orc_sh_rules sr;
    return orc_sh_rules_of(r, &sr);
}

uint32_t orc_sh_key(const mj_hand *h, int g, int type)
{
    if (type == ORC_GT_TERM) return h->count[0] + 5u * h->count[8];
    uint32_t key = 0;
    for (int x = orc_sh_width(type) - 1; x >= 0; x--) key = key * 5 + h->count[g * 9 + x];
    return key;
}

static inline uint8_t sat(int v) { return (uint8_t)(v < ORC_SH_INF ? v : ORC_SH_INF); }

void orc_sh_fold(const orc_shv *a, const orc_shv *b, orc_shv *out, unsigned forms)
{
    orc_shv o;
    if (forms & MJ_FORM_STD)
        for (int m = 0; m <= 4; m++)
            for (int p = 0; p <= 1; p++) {
                int best = ORC_SH_INF;
                for (int m1 = 0; m1 <= m; m1++)
                    for (int p1 = 0; p1 <= p; p1++) {
                        int v = a->v[ORC_SH_STD + 2 * m1 + p1] + b->v[ORC_SH_STD + 2 * (m - m1) + (p - p1)];
                        if (v < best) best = v;
                    }
                o.v[ORC_SH_STD + 2 * m + p] = sat(best);
            }
    else
        memset(o.v + ORC_SH_STD, ORC_SH_INF, 10);
    for (int f = 0; f < 2; f++) {
        int base = f ? ORC_SH_P74 : ORC_SH_P7;
        if (!(forms & (f ? MJ_FORM_7P4 : MJ_FORM_7P))) {
            memset(o.v + base, ORC_SH_INF, 8);
            continue;
        }
        for (int q = 0; q <= 7; q++) {
            int best = ORC_SH_INF;
            for (int q1 = 0; q1 <= q; q1++) {
                int v = a->v[base + q1] + b->v[base + q - q1];
                if (v < best) best = v;
            }
            o.v[base + q] = sat(best);
        }
    }
    o.v[ORC_SH_O13] = sat(a->v[ORC_SH_O13] + b->v[ORC_SH_O13]);
    int e1 = a->v[ORC_SH_O13] + b->v[ORC_SH_O13 + 1], e2 = a->v[ORC_SH_O13 + 1] + b->v[ORC_SH_O13];
    o.v[ORC_SH_O13 + 1] = sat(e1 < e2 ? e1 : e2);
    *out = o;
}

int orc_sh_final(const orc_sh_rules *sr, const orc_shv *acc, const orc_shv *last, int n)
{
    if (n < 1 || n > 14 || n % 3 == 0) return MJ_TRUTH_NO_SHANTEN;
    const int wsize = n % 3 == 1 ? n + 1 : n, M = (wsize - 2) / 3;
    const uint8_t *a = acc->v, *b = last->v;
    int best = ORC_SH_INF;
    if (sr->forms & MJ_FORM_STD)
        for (int m1 = 0; m1 <= M; m1++)
            for (int p1 = 0; p1 <= 1; p1++) {
                int v = a[ORC_SH_STD + 2 * (M - m1) + (1 - p1)] + b[ORC_SH_STD + 2 * m1 + p1];
                if (v < best) best = v;
            }
    if (wsize == 14) {
        for (int f = 0; f < 2; f++) {
            if (!(sr->forms & (f ? MJ_FORM_7P4 : MJ_FORM_7P))) continue;
            int base = f ? ORC_SH_P74 : ORC_SH_P7;
            for (int q = 0; q <= 7; q++) {
                int v = a[base + 7 - q] + b[base + q];
                if (v < best) best = v;
            }
        }
        if ((sr->forms & MJ_FORM_13O) && sr->orphans) {
            int v1 = a[ORC_SH_O13] + b[ORC_SH_O13 + 1], v2 = a[ORC_SH_O13 + 1] + b[ORC_SH_O13];
            if (v1 < best) best = v1;
            if (v2 < best) best = v2;
        }
    }
    return best >= ORC_SH_INF ? MJ_TRUTH_NO_SHANTEN : best - 1;
}

void orc_sh_perm(const orc_sh_rules *sr, const orc_shv *a, int n, orc_shperm *out)
{
    uint8_t pa[32];
    memset(pa, 63, sizeof pa);
    if (n >= 1 && n <= 14 && n % 3 != 0) {
        const int wsize = n % 3 == 1 ? n + 1 : n, M = (wsize - 2) / 3;
        if (sr->forms & MJ_FORM_STD)
            for (int m1 = 0; m1 <= M; m1++)
                for (int p1 = 0; p1 <= 1; p1++) pa[ORC_SH_STD + 2 * m1 + p1] = a->v[ORC_SH_STD + 2 * (M - m1) + (1 - p1)];
        if (wsize == 14) {
            for (int f = 0; f < 2; f++) {
                if (!(sr->forms & (f ? MJ_FORM_7P4 : MJ_FORM_7P))) continue;
                int base = f ? ORC_SH_P74 : ORC_SH_P7;
                for (int q = 0; q <= 7; q++) pa[base + q] = a->v[base + 7 - q];
            }
            if ((sr->forms & MJ_FORM_13O) && sr->orphans) {
                pa[ORC_SH_O13 + 1] = a->v[ORC_SH_O13];
                pa[ORC_SH_O13] = a->v[ORC_SH_O13 + 1];
            }
        }
    }
    for (int i = 0; i < 32; i++)
        if (pa[i] > 63) pa[i] = 63;
    memcpy(out->w, pa, sizeof out->w);
}

/* ---- whole hands ---- */

static const orc_shv *group_vec(const orc_sh_rules *sr, const uint32_t key[ORC_GROUPS], int g)
{
    return sr->type[g] == ORC_GT_NONE ? &orc_sh_unit : &orc_sh_table[sr->type[g]][key[g]];
}

/* The shanten of the hand whose groups have these keys. */
static int shanten_of_keys(const orc_sh_rules *sr, const uint32_t key[ORC_GROUPS], int n)
{
    orc_shv acc = *group_vec(sr, key, 0);
    for (int g = 1; g < ORC_GROUPS - 1; g++) orc_sh_fold(&acc, group_vec(sr, key, g), &acc, sr->forms);
    return orc_sh_final(sr, &acc, group_vec(sr, key, ORC_GROUPS - 1), n);
}

static void keys_of(const orc_sh_rules *sr, const mj_hand *h, uint32_t key[ORC_GROUPS])
{
    for (int g = 0; g < ORC_GROUPS; g++) key[g] = sr->type[g] == ORC_GT_NONE ? 0 : orc_sh_key(h, g, sr->type[g]);
}

int mj_truth_shanten(const mj_hand *h, const mj_rules *r)
{
    orc_sh_rules sr;
    if (!orc_sh_rules_of(r, &sr)) return MJ_TRUTH_NO_SHANTEN;
    uint32_t key[ORC_GROUPS];
    keys_of(&sr, h, key);
    return shanten_of_keys(&sr, key, h->tiles);
}

/* 3k+1: each kind t added in turn, its group's key moved by one tile; rest[g] is the fold of
 * every group but g, the same for every t of g. */
mj_kindset orc_sh_effective_add(const orc_sh_rules *sr, const mj_hand *h, const uint32_t key[ORC_GROUPS],
                                const orc_shv *const rest[ORC_GROUPS], int s)
{
    mj_kindset set = 0;
    for (int g = 0; g < ORC_GROUPS; g++) {
        int type = sr->type[g];
        if (type == ORC_GT_NONE) continue;
        for (int x = 0; x < orc_sh_width(type); x++) {
            int kind = orc_sh_kind(g, type, x);
            if (h->count[kind] >= MJ_MAX_COPIES) continue;
            if (orc_sh_final(sr, rest[g], &orc_sh_table[type][key[g] + orc_pow5[x]], h->tiles + 1) < s)
                set |= (mj_kindset)1 << kind;
        }
    }
    return set;
}

static mj_kindset effective_add(const orc_sh_rules *sr, const mj_hand *h, const uint32_t key[ORC_GROUPS], int s)
{
    orc_shv rest[ORC_GROUPS];
    const orc_shv *rp[ORC_GROUPS];
    for (int g = 0; g < ORC_GROUPS; g++) {
        rest[g] = orc_sh_unit;
        for (int o = 0; o < ORC_GROUPS; o++)
            if (o != g && sr->type[g] != ORC_GT_NONE) orc_sh_fold(&rest[g], group_vec(sr, key, o), &rest[g], sr->forms);
        rp[g] = &rest[g];
    }
    return orc_sh_effective_add(sr, h, key, rp, s);
}

mj_kindset mj_truth_effective(const mj_hand *h, const mj_rules *r, int *shanten_out)
{
    orc_sh_rules sr;
    int s = MJ_TRUTH_NO_SHANTEN;
    mj_kindset set = 0;
    if (orc_sh_rules_of(r, &sr)) {
        uint32_t key[ORC_GROUPS];
        keys_of(&sr, h, key);
        s = shanten_of_keys(&sr, key, h->tiles);
        if (s != MJ_TRUTH_NO_SHANTEN && s >= 0) {
            if (h->tiles % 3 == 1) {
                set = effective_add(&sr, h, key, s);
            } else {
                /* 3k+2: every held d taken out and every t put in, as the definition says */
                mj_kindset kinds = mj_rules_tileset(r);
                for (int d = 0; d < MJ_KINDS; d++) {
                    if (!h->count[d]) continue;
                    mj_hand less = *h;
                    mj_hand_remove(&less, d);
                    for (int t = 0; t < MJ_KINDS; t++) {
                        if (!(kinds >> t & 1) || t == d || h->count[t] >= MJ_MAX_COPIES || (set >> t & 1)) continue;
                        mj_hand next = less;
                        mj_hand_add(&next, t);
                        uint32_t k2[ORC_GROUPS];
                        keys_of(&sr, &next, k2);
                        if (shanten_of_keys(&sr, k2, next.tiles) < s) set |= (mj_kindset)1 << t;
                    }
                }
            }
        }
    }
    if (shanten_out) *shanten_out = s;
    return set;
}

int mj_truth_effective_count(const mj_hand *h, mj_kindset set)
{
    int n = 0;
    for (int k = 0; k < MJ_KINDS; k++)
        if (set >> k & 1) n += MJ_MAX_COPIES - h->count[k];
    return n;
}
