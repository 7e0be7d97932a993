/* The registry: one row per algorithm, the baseline first, and the calls that wrap them. */
#include "mj_algo.h"

#include <string.h>

extern const mj_algo mj_algo_backtrack;
extern const mj_algo mj_algo_table, mj_algo_pattern, mj_algo_mediatek;
extern const mj_algo mj_algo_seed001_dp, mj_algo_seed001_bitwise, mj_algo_seed001_table;
extern const mj_algo mj_algo_split, mj_algo_greedy, mj_algo_dp, mj_algo_bitwise;

/* One line per algorithm. Add a file in algorithms/ and its row here. */
const mj_algo *const mj_algos[] = {
    &mj_algo_backtrack, /* baseline: a backtracking search on the counts */
    &mj_algo_table,    /* per-suit base-5 lookup, the fast one */
    &mj_algo_pattern,  /* native waits by group tile counts */
    &mj_algo_mediatek, /* seed 003's C++, mediatek rules only */
    &mj_algo_split,    /* seed 000's splitting: pair out, cut at gaps, pieces reduced */
    &mj_algo_greedy,   /* count-array greedy, pair only where mod 3 allows */
    &mj_algo_dp,       /* DP over ranks: open runs and pair as the state */
    &mj_algo_bitwise,  /* 4-bit fields per rank, melds off by shifts and masks */
    /* new rows go above this line */
    /* FLAWED group, kept below the marker so it stays after every correct algorithm */
    &mj_algo_seed001_dp,      /* flagged: seed 001 §4 is_hu_dp as published */
    &mj_algo_seed001_bitwise, /* flagged: seed 001 §5 is_hu_bitwise as published */
    &mj_algo_seed001_table,   /* flagged: seed 001 §3 generate_hu_table + is_hu_lookup as published */
};
const size_t mj_algo_count = sizeof mj_algos / sizeof mj_algos[0];

/* Rows added at run time (plugins): not in the table, so `all` never picks them up silently. */
static const mj_algo *extra_algos[MJ_ALGO_EXTRA];
static size_t extra_count;

const mj_algo *mj_algo_find(const char *name)
{
    for (size_t i = 0; i < mj_algo_count; i++)
        if (strcmp(mj_algos[i]->name, name) == 0) return mj_algos[i];
    for (size_t i = 0; i < extra_count; i++)
        if (strcmp(extra_algos[i]->name, name) == 0) return extra_algos[i];
    return NULL;
}

int mj_algo_register(const mj_algo *a)
{
    if (extra_count == MJ_ALGO_EXTRA || mj_algo_find(a->name)) return -1;
    extra_algos[extra_count++] = a;
    return 0;
}

int mj_algos_init(void)
{
    for (size_t i = 0; i < mj_algo_count; i++)
        if (mj_algos[i]->init && mj_algos[i]->init() != 0) return (int)i + 1;
    return 0;
}

bool mj_algo_supports(const mj_algo *a, const mj_rules *r)
{
    return (r->forms & ~a->forms) == 0 && r->kinds <= a->max_kinds && r->min_win >= a->min_win;
}

mj_kindset mj_algo_waits_by_trial(const mj_algo *a, const mj_hand *h, const mj_rules *r)
{
    mj_kindset set = 0;
    int n = h->tiles + 1;
    if (n < r->min_win || n > r->max_win) return 0;
    mj_hand t = *h;
    t.tiles = (uint8_t)n;
    for (int k = 0; k < r->kinds; k++) {
        if (h->count[k] >= MJ_MAX_COPIES) continue;
        t.count[k]++;
        if (a->is_win(&t, r)) set |= (mj_kindset)1 << k;
        t.count[k]--;
    }
    return set;
}

mj_kindset mj_algo_waits(const mj_algo *a, const mj_hand *h, const mj_rules *r)
{
    if (h->tiles >= MJ_MAX_TILES) return 0;
    if (!a->waits) return mj_algo_waits_by_trial(a, h, r);
    int n = h->tiles + 1;
    if (n < r->min_win || n > r->max_win) return 0;
    return a->waits(h, r);
}

size_t mj_algo_is_win_by_call(const mj_algo *a, const mj_hand *hands, size_t n, const mj_rules *r, uint8_t *out)
{
    size_t wins = 0;
    for (size_t i = 0; i < n; i++) wins += out[i] = mj_algo_is_win(a, &hands[i], r);
    return wins;
}

size_t mj_algo_is_win_batch(const mj_algo *a, const mj_hand *hands, size_t n, const mj_rules *r, uint8_t *out)
{
    return a->is_win_batch ? a->is_win_batch(hands, n, r, out) : mj_algo_is_win_by_call(a, hands, n, r, out);
}
