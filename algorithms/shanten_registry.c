/* The shanten registry: one row per calculator, the baseline first, flawed ports last, and
 * the calls that wrap them (the effective-tiles fallback by trial). */
#include "shanten_common.h"

#include <string.h>

extern const mj_shanten_algo mj_shanten_backtrack, mj_shanten_table, mj_shanten_dp;
extern const mj_shanten_algo mj_shanten_tenhou, mj_shanten_blocks, mj_shanten_pairs_quad;

/* One line per calculator. Add a file in algorithms/ and its row here. */
const mj_shanten_algo *const mj_shanten_algos[] = {
    &mj_shanten_backtrack, /* baseline: complete search over the blocks of the target hand */
    &mj_shanten_table,     /* suit classes by base-5 key, combined by lookup tables: the fast one */
    &mj_shanten_dp,        /* dynamic program over each group's ranks, groups min-plus combined */
    /* new rows go above this line */
    /* FLAWED group, kept below the marker so it stays after every correct calculator */
    &mj_shanten_tenhou,     /* flagged: the Python mahjong package's block-counting walk */
    &mj_shanten_blocks,     /* flagged: textbook block counting, no corrections */
    &mj_shanten_pairs_quad, /* flagged: a quad as two of seven distinct pairs */
};
const size_t mj_shanten_algo_count = sizeof mj_shanten_algos / sizeof mj_shanten_algos[0];

/* Rows added at run time (plugins): not in the table, so `all` never picks them up silently. */
static const mj_shanten_algo *extra_algos[MJ_SHANTEN_EXTRA];
static size_t extra_count;

const mj_shanten_algo *mj_shanten_find(const char *name)
{
    for (size_t i = 0; i < mj_shanten_algo_count; i++)
        if (strcmp(mj_shanten_algos[i]->name, name) == 0) return mj_shanten_algos[i];
    for (size_t i = 0; i < extra_count; i++)
        if (strcmp(extra_algos[i]->name, name) == 0) return extra_algos[i];
    return NULL;
}

int mj_shanten_register(const mj_shanten_algo *a)
{
    if (extra_count == MJ_SHANTEN_EXTRA || mj_shanten_find(a->name)) return -1;
    extra_algos[extra_count++] = a;
    return 0;
}

int mj_shanten_algos_init(void)
{
    for (size_t i = 0; i < mj_shanten_algo_count; i++)
        if (mj_shanten_algos[i]->init && mj_shanten_algos[i]->init() != 0) return (int)i + 1;
    return 0;
}

bool mj_shanten_supports(const mj_shanten_algo *a, const mj_rules *r)
{
    const unsigned counted = MJ_FORM_STD | MJ_FORM_7P | MJ_FORM_7P4 | MJ_FORM_13O;
    return (r->forms & counted & ~a->forms) == 0 && r->kinds <= a->max_kinds && sh_tileset_known(r);
}

mj_kindset mj_shanten_effective_by_trial(const mj_shanten_algo *a, const mj_hand *h, const mj_rules *r,
                                         int *shanten_out)
{
    int s = a->shanten(h, r);
    if (shanten_out) *shanten_out = s;
    mj_kindset set = 0, tiles = sh_tileset(r);
    mj_hand t = *h;
    if (h->tiles % 3 == 1) {
        t.tiles++;
        for (int k = 0; k < r->kinds; k++) {
            if (h->count[k] >= MJ_MAX_COPIES || !(tiles >> k & 1)) continue;
            t.count[k]++;
            if (a->shanten(&t, r) < s) set |= (mj_kindset)1 << k;
            t.count[k]--;
        }
        return set;
    }
    /* 3k+2: one discard d, then one draw t (t == d never lowers it: the same hand) */
    for (int d = 0; d < r->kinds; d++) {
        if (h->count[d] == 0) continue;
        t.count[d]--;
        for (int k = 0; k < r->kinds; k++) {
            if (k == d || h->count[k] >= MJ_MAX_COPIES || (set >> k & 1) || !(tiles >> k & 1)) continue;
            t.count[k]++;
            if (a->shanten(&t, r) < s) set |= (mj_kindset)1 << k;
            t.count[k]--;
        }
        t.count[d]++;
    }
    return set;
}

mj_kindset mj_shanten_effective(const mj_shanten_algo *a, const mj_hand *h, const mj_rules *r, int *shanten_out)
{
    if (a->effective) return a->effective(h, r, shanten_out);
    return mj_shanten_effective_by_trial(a, h, r, shanten_out);
}

int mj_shanten_remaining(const mj_hand *h, mj_kindset set)
{
    int left = 0;
    for (int k = 0; k < MJ_KINDS; k++)
        if (set >> k & 1) left += MJ_MAX_COPIES - h->count[k];
    return left;
}
