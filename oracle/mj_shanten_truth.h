/* Ground truth for shanten and effective tiles: the distance from a hand to the nearest complete
 * hand, taken from tables of complete group shapes, never from counting blocks. */
#ifndef MJ_SHANTEN_TRUTH_H
#define MJ_SHANTEN_TRUTH_H

#include <stdbool.h>

#include "mj_rules.h"
#include "mj_tiles.h"
#include "mj_api.h"

MJ_API_BEGIN

/* What mj_truth_shanten returns where the definition gives no number: a hand size other than
 * 3k+1 or 3k+2 up to 14, or rules none of whose forms has a complete hand of the size needed. */
enum { MJ_TRUTH_NO_SHANTEN = 127 };

/* Builds the distance tables (about 56 MB) once; later calls do nothing. Call it before any
 * parallel region. 0 on success, -1 when memory ran out. */
int mj_truth_shanten_init(void);

/* Whether the shanten truth covers r: forms within std, 7p, 7p4, 13o, and a tile set of a
 * preset (27 or 34 kinds, or sanma's). Size windows (min_win, max_win) are not part of it. */
bool mj_truth_shanten_supports(const mj_rules *r);

/* shanten(h) = min over complete hands W of |W - h| - 1, where W has h->tiles + 1 tiles
 * (h of 3k+1 tiles) or h->tiles (3k+2), every count of W at most 4, W within r's tile set and
 * of a form in r->forms (std at any 3k+2 size; 7p, 7p4 and 13o at 14 tiles only), and
 * |W - h| counts the tiles of W not in h with multiplicity. -1: h is complete.
 * MJ_TRUTH_NO_SHANTEN where no such W exists (see above). Preconditions:
 * mj_truth_shanten_init() returned 0, mj_truth_shanten_supports(r), h valid within r's tile
 * set. Reentrant, allocates nothing. */
int mj_truth_shanten(const mj_hand *h, const mj_rules *r);

/* The effective kinds of h (bit t for kind t), by the definition: for h of 3k+1 tiles, the
 * kinds t of the tile set held fewer than 4 times with shanten(h + t) < shanten(h); for 3k+2
 * tiles, those t (held fewer than 4 times) for which some held d gives shanten(h - d + t) <
 * shanten(h). *shanten_out (if not NULL) receives shanten(h). 0 when shanten(h) is -1 or
 * MJ_TRUTH_NO_SHANTEN. Same preconditions. */
mj_kindset mj_truth_effective(const mj_hand *h, const mj_rules *r, int *shanten_out);

/* The number of tiles left of the kinds in set: the sum of 4 - h's count over them. */
int mj_truth_effective_count(const mj_hand *h, mj_kindset set);

MJ_API_END

#endif
