/* Ground truth: whether a hand wins and what it waits on, decided from tables of complete
 * suit shapes that are generated from melds and pairs, never by recognising a hand. */
#ifndef MJ_TRUTH_H
#define MJ_TRUTH_H

#include <stdbool.h>

#include "mj_rules.h"
#include "mj_tiles.h"
#include "mj_api.h"

MJ_API_BEGIN

/* Builds the shape tables (about 6 MB) once; later calls do nothing. Call it before
 * any parallel region. Returns 0 on success, -1 when memory ran out. */
int mj_truth_init(void);

/* Whether h wins under r: some form in r->forms at its own sizes, and h->tiles inside
 * r->min_win..r->max_win. Preconditions: mj_truth_init() returned 0,
 * mj_hand_valid(h, r->kinds). Reentrant, allocates nothing. */
bool mj_truth_is_win(const mj_hand *h, const mj_rules *r);

/* The kinds below r->kinds held fewer than 4 times whose addition makes h win under r
 * (0 when h->tiles + 1 is outside the window or past 18). Same preconditions. */
mj_kindset mj_truth_waits(const mj_hand *h, const mj_rules *r);

MJ_API_END

#endif
