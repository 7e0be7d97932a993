/* What the shanten calculators share besides the interface: the tile set of a rule set as a
 * kind mask, the hand-size arithmetic, and the closed forms of seven pairs and thirteen
 * orphans. The oracle never includes this file. */
#ifndef MJ_SHANTEN_COMMON_H
#define MJ_SHANTEN_COMMON_H

#include "mj_shanten.h"

/* The kinds a complete hand may use under r: the first r->kinds kinds. */
static inline mj_kindset sh_tileset(const mj_rules *r)
{
    return r->kinds >= 64 ? ~(mj_kindset)0 : (((mj_kindset)1 << r->kinds) - 1);
}

/* The melds of a complete hand for a hand of n tiles (3k+1 or 3k+2): k. */
static inline int sh_melds(int n) { return n / 3; }

/* 7p or 7p4 counts for h (13 or 14 tiles under r). */
static inline bool sh_pairs_count(const mj_hand *h, const mj_rules *r)
{
    return h->tiles >= 13 && (r->forms & (MJ_FORM_7P | MJ_FORM_7P4));
}

/* Seven pairs: the tiles to add to reach seven pairs, distinct kinds (7p) or with a kind held
 * four times counted as two pairs (7p4), minus one (so the shanten of that form). h has 13
 * or 14 tiles. kinds = the number of kinds in the tile set (27 or more, so 7 always fit). */
static inline int sh_seven_pairs(const mj_hand *h, const mj_rules *r)
{
    mj_kindset set = sh_tileset(r);
    int pairs = 0, singles = 0, quads = 0, threes = 0, kinds = 0;
    for (int k = 0; k < MJ_KINDS; k++) {
        if (!(set >> k & 1)) continue;
        kinds++;
        int c = h->count[k];
        pairs += c >= 2;
        singles += c == 1;
        quads += c == 4;
        threes += c == 3;
    }
    int best;
    /* distinct pairs: held pairs free, a single costs 1, a new kind 2 */
    int need = 7 - pairs;
    int cost = need <= singles ? need : singles + 2 * (need - singles);
    best = cost;
    if (r->forms & MJ_FORM_7P4) {
        /* slots: a quad gives two free pairs; a three one free and one for 1; a pair one free
         * and one for 2; a single one for 1 and one for 2; an empty kind two for 2 each */
        int free_pairs = pairs + quads, ones = threes + singles;
        int need4 = 7 - free_pairs;
        if (need4 < 0) need4 = 0;
        int c4 = need4 <= ones ? need4 : ones + 2 * (need4 - ones);
        if (c4 < best) best = c4;
    }
    (void)kinds;
    return best - 1;
}

/* Thirteen orphans (34 kinds, h of 13 or 14 tiles): 13 - orphans held - (one held twice). */
static inline int sh_orphans(const mj_hand *h)
{
    static const int orphans[13] = {0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33};
    int held = 0, pair = 0;
    for (int i = 0; i < 13; i++) {
        held += h->count[orphans[i]] > 0;
        pair |= h->count[orphans[i]] >= 2;
    }
    return 13 - held - pair;
}

/* The special forms' shanten for h under r, or a large number when none counts. */
static inline int sh_special(const mj_hand *h, const mj_rules *r)
{
    int best = 99;
    if (h->tiles < 13) return best;
    if (r->forms & (MJ_FORM_7P | MJ_FORM_7P4)) best = sh_seven_pairs(h, r);
    if ((r->forms & MJ_FORM_13O) && r->kinds == MJ_KINDS) {
        int o = sh_orphans(h);
        if (o < best) best = o;
    }
    return best;
}

#endif
