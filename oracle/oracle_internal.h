/* What the enumerator needs from the truth tables: per-shape features and how they combine.
 * Private to oracle/. */
#ifndef MJ_ORACLE_INTERNAL_H
#define MJ_ORACLE_INTERNAL_H

#include <stdint.h>

#include "mj_rules.h"

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

/* FNV-1a 64 over the settings that decide a run's results (checkpoint.c): start with
 * orc_hash_identity, then fold in each candidate with orc_hash_candidate. */
uint64_t orc_hash_identity(int tiles, int size_min, int size_max, int mode, int cex_keep, const mj_rules *r,
                           uint32_t ncands);
uint64_t orc_hash_candidate(uint64_t h, const char *name, bool flawed);

#endif
