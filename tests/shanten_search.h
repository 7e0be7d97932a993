/* A plain search over complete hands W for shanten and effective tiles: the definition itself,
 * for tests to hold the oracle's truth and the verify modes to (slow; small hands, samples). */
#ifndef MJ_SHANTEN_SEARCH_H
#define MJ_SHANTEN_SEARCH_H

#include "mj_rules.h"
#include "mj_tiles.h"

/* The shanten of h when some complete W lies within |W - h| <= bound, else MJ_TRUTH_NO_SHANTEN
 * (also for sizes without a shanten). */
int brute_shanten_within(const mj_hand *h, const mj_rules *r, int bound);
int brute_shanten(const mj_hand *h, const mj_rules *r);
/* The effective kinds of h, given its shanten s (from the search). */
mj_kindset brute_effective(const mj_hand *h, const mj_rules *r, int s);

#endif
