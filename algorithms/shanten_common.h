/* What the shanten calculators share besides the interface: the tile set of a rule set as a
 * kind mask, the hand-size arithmetic, and the closed forms of seven pairs and thirteen
 * orphans. The oracle never includes this file. */
#ifndef MJ_SHANTEN_COMMON_H
#define MJ_SHANTEN_COMMON_H

#include "mj_shanten.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* The kinds a complete hand may use under r. */
static inline mj_kindset sh_tileset(const mj_rules *r) { return mj_rules_tileset(r); }

/* Whether r's manzu is sanma's: 1m and 9m only, so no run in it. */
static inline bool sh_runless_man(const mj_rules *r) { return (sh_tileset(r) & 0x1FF) == 0x101; }

/* The tile sets the calculators here know: every kind below 27 or 34, or sanma's. */
static inline bool sh_tileset_known(const mj_rules *r)
{
    mj_kindset set = sh_tileset(r), all = ((mj_kindset)1 << r->kinds) - 1;
    return set == all || (set == (all & ~(mj_kindset)0xFE) && r->kinds == MJ_KINDS);
}

/* The melds of a complete hand for a hand of n tiles (3k+1 or 3k+2): k. */
static inline int sh_melds(int n) { return n / 3; }

/* The kinds held exactly c times, c = 0..4, as kind sets (bits at or past 34 clear). */
typedef struct {
    mj_kindset held[MJ_MAX_COPIES + 1];
} sh_masks;

static inline sh_masks sh_kind_masks(const mj_hand *h)
{
    sh_masks m;
#if defined(__SSE2__)
    __m128i lo = _mm_loadu_si128((const __m128i *)(const void *)h->count);
    __m128i hi = _mm_loadu_si128((const __m128i *)(const void *)(h->count + 16));
    __m128i tail = _mm_loadl_epi64((const __m128i *)(const void *)(h->count + MJ_KINDS - 8));
    for (int c = 0; c <= MJ_MAX_COPIES; c++) {
        __m128i v = _mm_set1_epi8((char)c);
        m.held[c] = (mj_kindset)(uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(lo, v)) |
                    (mj_kindset)(uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(hi, v)) << 16 |
                    (mj_kindset)((uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(tail, v)) & 0xFFu) << (MJ_KINDS - 8);
    }
#else
    for (int c = 0; c <= MJ_MAX_COPIES; c++) m.held[c] = 0;
    for (int k = 0; k < MJ_KINDS; k++) m.held[h->count[k]] |= (mj_kindset)1 << k;
#endif
    return m;
}

/* How many kinds of the tile set are held 0..4 times. */
typedef struct {
    int held[MJ_MAX_COPIES + 1];
} sh_census;

static inline sh_census sh_count_kinds(const sh_masks *m, mj_kindset set)
{
    sh_census c;
    for (int i = 0; i <= MJ_MAX_COPIES; i++) c.held[i] = __builtin_popcountll(m->held[i] & set);
    return c;
}

/* Seven pairs' shanten from the census: the cheapest seven pair slots, less one. A kind held
 * twice or more gives a free pair (distinct pairs, 7p); under 7p4 a kind held four times gives
 * two, one held three a second for one tile. Otherwise a kind held once gives a pair for one
 * tile, and any other kind of the set one for two (there are always enough: 27 kinds or more). */
static inline int sh_seven_from(const sh_census *c, unsigned forms)
{
    int pairs = c->held[2] + c->held[3] + c->held[4];
    int free_pairs = pairs, ones = c->held[1];
    if (forms & MJ_FORM_7P4) {
        free_pairs += c->held[4];
        ones += c->held[3];
    }
    int need = 7 - free_pairs;
    if (need < 0) need = 0;
    int cost = need <= ones ? need : ones + 2 * (need - ones);
    return cost - 1;
}

/* Thirteen orphans' shanten: 13 - orphan kinds held - (one held twice or more). */
#define SH_ORPHANS ((mj_kindset)0x3FC060301ull) /* 1m 9m 1p 9p 1s 9s, the seven honors */
static inline int sh_orphans_from(const sh_masks *m)
{
    mj_kindset twice = (m->held[2] | m->held[3] | m->held[4]) & SH_ORPHANS;
    return 13 - __builtin_popcountll(~m->held[0] & SH_ORPHANS) - (twice != 0);
}

static inline bool sh_has_7p(const mj_rules *r) { return (r->forms & (MJ_FORM_7P | MJ_FORM_7P4)) != 0; }
static inline bool sh_has_13o(const mj_rules *r) { return (r->forms & MJ_FORM_13O) && r->kinds == MJ_KINDS; }

/* The special forms' shanten for a hand of 13 or 14 tiles (its kind masks m) under r, or 99
 * when none counts. */
static inline int sh_special_from(const sh_masks *mp, const mj_rules *r)
{
    int best = 99;
    const sh_masks m = *mp;
    if (sh_has_7p(r)) {
        sh_census c = sh_count_kinds(&m, sh_tileset(r));
        best = sh_seven_from(&c, r->forms);
    }
    if (sh_has_13o(r)) {
        int o = sh_orphans_from(&m);
        if (o < best) best = o;
    }
    return best;
}

static inline int sh_special(const mj_hand *h, const mj_rules *r)
{
    if (h->tiles < 13) return 99;
    sh_masks m = sh_kind_masks(h);
    return sh_special_from(&m, r);
}

/* The kinds t (held fewer than 4 times) that lower a special form whose shanten is s, over
 * every special form of r at s, for a hand of 13 tiles (its kind masks m). Seven pairs: adding a kind held c times moves
 * it from census row c to c + 1, the same for every such kind. Thirteen orphans: an orphan not
 * held, or any orphan held once while none is held twice. */
static inline mj_kindset sh_special_effective_from(const sh_masks *mp, const mj_rules *r, int s)
{
    mj_kindset set = 0, tiles = sh_tileset(r);
    const sh_masks m = *mp;
    if (sh_has_7p(r)) {
        sh_census c = sh_count_kinds(&m, tiles);
        if (sh_seven_from(&c, r->forms) == s)
            for (int held = 0; held < MJ_MAX_COPIES; held++) {
                sh_census after = c;
                after.held[held]--;
                after.held[held + 1]++;
                if (c.held[held] > 0 && sh_seven_from(&after, r->forms) < s) set |= m.held[held] & tiles;
            }
    }
    if (sh_has_13o(r) && sh_orphans_from(&m) == s) {
        bool twice = ((m.held[2] | m.held[3] | m.held[4]) & SH_ORPHANS) != 0;
        set |= (m.held[0] | (twice ? 0 : m.held[1])) & SH_ORPHANS;
    }
    return set;
}

#endif
