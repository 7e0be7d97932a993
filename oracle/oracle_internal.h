/* What the enumerator needs from the truth tables: per-shape features and how they combine.
 * Private to oracle/. */
#ifndef MJ_ORACLE_INTERNAL_H
#define MJ_ORACLE_INTERNAL_H

#include <stdint.h>
#include <string.h>

#include "mj_rules.h"
#include "mj_shanten_truth.h"

/* Feature bits of one group's shape (a suit's 9 counts or the honors' 7). Bit j of
 * KM is "meld-only complete once j of its four-of-a-kinds are set aside", KP the same
 * with exactly one pair; KM0 and KP0 are the plain meld-only and with-pair sets. */
enum {
    TF_KM0 = 1u << 0,  /* bits 0..4: KM0..KM4 */
    TF_KP0 = 1u << 5,  /* bits 5..9: KP0..KP4 */
    TF_Q2 = 1u << 10,  /* every count 0 or 2 (pairs of distinct kinds) */
    TF_Q4 = 1u << 11,  /* every count 0, 2 or 4 */
    TF_O1 = 1u << 12,  /* thirteen-orphans part, each orphan once */
    TF_O2 = 1u << 13,  /* thirteen-orphans part, one orphan twice */
    TF_BITS = 14
};
#define TF_KM(j) (TF_KM0 << (j))
#define TF_KP(j) (TF_KP0 << (j))

enum { ORC_SUIT_KEYS = 1953125, ORC_HONOR_KEYS = 78125, ORC_GROUPS = 4 };

/* Group g: 0..2 the suits m, p, s (9 kinds), 3 the honors (7 kinds). */
static inline int orc_group_width(int g) { return g < 3 ? 9 : 7; }

/* The shapes of one group with at most 18 tiles, sorted by tile count then key. */
typedef struct {
    int width;
    uint32_t n;
    uint32_t start[MJ_MAX_TILES + 2]; /* shapes with t tiles: start[t] .. start[t+1]-1 */
    uint8_t (*count)[9];
    uint32_t *key;                    /* base-5 key: sum count[i] * 5^i */
} orc_shapes;

/* Valid after mj_truth_init(). */
extern const uint16_t *orc_suit_feat;  /* ORC_SUIT_KEYS entries */
extern const uint16_t *orc_honor_feat; /* ORC_HONOR_KEYS entries */
extern const orc_shapes *orc_suit_shapes, *orc_honor_shapes;
extern const uint32_t orc_pow5[10];

/* The features that matter to the forms of r. */
uint16_t orc_relevant(const mj_rules *r);
/* Whether a hand of n tiles whose four groups have features f wins under r. */
bool orc_combine(int n, const mj_rules *r, const uint16_t f[ORC_GROUPS]);

/* ---- shanten (shanten.c) ----
 * A group's distance vector: for each tag (a kind of complete group shape), the fewest tiles
 * the group's held shape lacks of the nearest complete shape with that tag, ORC_SH_INF when the
 * group has no such shape. Tags: std with m melds and p pairs (m*2+p, m 0..4, p 0..1), q
 * distinct pairs (7p), q pairs with a four counting twice (7p4), the group's orphans once each
 * plus e of them doubled (13o). */
enum {
    ORC_SH_STD = 0,  /* 10 tags */
    ORC_SH_P7 = 10,  /* 8 tags, q = 0..7 */
    ORC_SH_P74 = 18, /* 8 tags */
    ORC_SH_O13 = 26, /* 2 tags, e = 0..1 */
    ORC_SH_TAGS = 28,
    ORC_SH_INF = 64
};
/* Group types: a suit (9 kinds, runs), the honors (7), sanma's manzu (1m and 9m only), none. */
enum { ORC_GT_SUIT = 0, ORC_GT_HONOR = 1, ORC_GT_TERM = 2, ORC_GT_TYPES = 3, ORC_GT_NONE = 3 };

typedef struct {
    uint8_t v[ORC_SH_TAGS];
} orc_shv;

/* What a rule set asks of the combination. */
typedef struct {
    int type[ORC_GROUPS]; /* ORC_GT_* per group */
    unsigned forms;       /* r->forms within std, 7p, 7p4, 13o */
    bool orphans;         /* 13o is possible: every orphan is in the tile set */
} orc_sh_rules;

/* Valid after mj_truth_shanten_init(): per type, the vector of every held shape, indexed by its
 * base-5 key over the type's positions (a suit's 9, the honors' 7, sanma manzu's 1m and 9m). */
extern const orc_shv *orc_sh_table[ORC_GT_TYPES];
/* For the honors, the class of each key's vector (keys of equal vectors share a class, numbered
 * from 0: shapes with the same numbers of kinds held once, twice, ... have one vector, so at most
 * 330); NULL for the other types, or if the honors had more than ORC_SH_CLASSES. Valid after
 * mj_truth_shanten_init(). */
enum { ORC_SH_CLASSES = 512 };
extern const uint16_t *orc_sh_class[ORC_GT_TYPES];
/* Std with nothing, no pairs, no doubled orphan: distance 0; every other tag ORC_SH_INF. The
 * vector of an absent group. */
extern const orc_shv orc_sh_unit;

static inline int orc_sh_width(int type) { return type == ORC_GT_SUIT ? 9 : type == ORC_GT_HONOR ? 7 : type == ORC_GT_TERM ? 2 : 0; }
/* The kind at position x of group g of the given type. */
static inline int orc_sh_kind(int g, int type, int x) { return type == ORC_GT_TERM ? (x ? 8 : 0) : g * 9 + x; }

/* false when r is outside what the shanten truth covers (mj_truth_shanten_supports). */
bool orc_sh_rules_of(const mj_rules *r, orc_sh_rules *out);
/* The key of group g's held shape in h. */
uint32_t orc_sh_key(const mj_hand *h, int g, int type);
/* out = a (+) b: per tag kind, the min-plus combination over the ways to split it; only the tags
 * of the forms in `forms` (MJ_FORM_* bits: std, 7p, 7p4; 13o always), the others ORC_SH_INF,
 * which orc_sh_final never reads under the same forms. */
void orc_sh_fold(const orc_shv *a, const orc_shv *b, orc_shv *out, unsigned forms);
/* The shanten of a hand of n tiles whose groups fold to acc (+) last; MJ_TRUTH_NO_SHANTEN when
 * n is not 3k+1 or 3k+2 up to 14 or no form reaches it. */
int orc_sh_final(const orc_sh_rules *sr, const orc_shv *acc, const orc_shv *last, int n);
/* acc's tags placed against last's (orc_sh_final's pairing for n tiles; 63 where a tag takes no
 * part, and 63 for ORC_SH_INF), so that orc_sh_final(sr, acc, last, n) is min over i of
 * pa[i] + last[i], less one, when that is below 63, and MJ_TRUTH_NO_SHANTEN otherwise: a form's
 * finite distance is at most the 14 tiles of a hand, so a sum of 63 or more is one with an
 * infinite part either way. Four words, for the byte-parallel orc_sh_below and orc_sh_min. */
typedef struct {
    uint64_t w[4];
} orc_shperm;
void orc_sh_perm(const orc_sh_rules *sr, const orc_shv *acc, int n, orc_shperm *out);

/* pa + last byte by byte (each byte at most 63 + ORC_SH_INF = 127: no carries), the four bytes
 * past the 28 tags 127. */
static inline void orc_sh_sums(const orc_shperm *pa, const orc_shv *last, uint64_t x[4])
{
    uint64_t b[3];
    uint32_t b3;
    memcpy(b, last->v, 24);
    memcpy(&b3, last->v + 24, 4);
    x[0] = pa->w[0] + b[0];
    x[1] = pa->w[1] + b[1];
    x[2] = pa->w[2] + b[2];
    x[3] = ((pa->w[3] + b3) & 0xffffffffull) | 0x7f7f7f7f00000000ull;
}

/* orc_sh_final(sr, acc, last, n) < s for pa = orc_sh_perm(sr, acc, n) and 0 <= s <= 14: some
 * byte of the sums is at most s (the exact "some byte below s + 1" of bytes under 128). */
static inline bool orc_sh_below(const orc_shperm *pa, const orc_shv *last, int s)
{
    const uint64_t ones = 0x0101010101010101ull, highs = 0x8080808080808080ull, lim = ones * (uint64_t)(s + 1);
    uint64_t x[4];
    orc_sh_sums(pa, last, x);
    return (((x[0] - lim) & ~x[0]) | ((x[1] - lim) & ~x[1]) | ((x[2] - lim) & ~x[2]) | ((x[3] - lim) & ~x[3])) & highs;
}

/* Byte by byte min of two words of bytes under 128: (x | 128) - y keeps each byte's high bit
 * where x >= y, and no byte borrows from the next. */
static inline uint64_t orc_min8(uint64_t x, uint64_t y)
{
    const uint64_t highs = 0x8080808080808080ull;
    uint64_t ge = (((x | highs) - y) & highs) >> 7;
    uint64_t pick_y = ge * 0xff;
    return (y & pick_y) | (x & ~pick_y);
}

/* orc_sh_final(sr, acc, last, n) for pa = orc_sh_perm(sr, acc, n). */
static inline int orc_sh_min(const orc_shperm *pa, const orc_shv *last)
{
    uint64_t x[4];
    orc_sh_sums(pa, last, x);
    uint64_t m = orc_min8(orc_min8(x[0], x[1]), orc_min8(x[2], x[3]));
    m = orc_min8(m, m >> 32);
    m = orc_min8(m, m >> 16);
    m = orc_min8(m, m >> 8);
    int best = (int)(m & 0xff);
    return best >= 63 ? MJ_TRUTH_NO_SHANTEN : best - 1;
}

/* The effective kinds of a hand h of 3k+1 tiles and shanten s whose groups have these keys,
 * rest[g] being the fold of every group but g (mj_truth_effective's inner loop). */
mj_kindset orc_sh_effective_add(const orc_sh_rules *sr, const mj_hand *h, const uint32_t key[ORC_GROUPS],
                                const orc_shv *const rest[ORC_GROUPS], int s);

/* FNV-1a 64 over the settings that decide a run's results (checkpoint.c): start with
 * orc_hash_identity, then fold in each candidate with orc_hash_candidate. */
uint64_t orc_hash_identity(int tiles, int size_min, int size_max, int mode, int cex_keep, const mj_rules *r,
                           uint32_t ncands);
uint64_t orc_hash_candidate(uint64_t h, const char *name, bool flawed);

#endif
