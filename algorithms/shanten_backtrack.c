/* sh-backtrack: the correctness anchor. A complete depth-first search over the blocks of the
 * complete hand W: at the lowest kind still held, either a block of W (pair, triplet, or one
 * of the three runs through it) takes that tile, its other tiles taken from the hand where
 * held and added where not, or every copy left of that kind stays out of W. Blocks of W with
 * no tile of the hand cost their full size at the end. The cost of a path is the tiles added;
 * shanten is the least cost less one. Not fast: it is what the fast ones are checked against.
 *
 * Why it is complete: take a best W and a way to cover W's blocks by held tiles that uses
 * min(h[j], W[j]) of each kind j. The lowest kind held starts the search; each block of W that
 * holds one of its copies can be chosen there (the search tries every block shape through
 * it), and taking the held tiles of the block's other kinds first never costs more (a tile
 * of the same kind another block would have used is then added there instead: same W, same
 * count). Copies no block takes are left out. Blocks left without a held tile are added whole;
 * some kind always has room for them (W has at most 14 tiles over 27 or more kinds). The
 * count limit (4 of a kind in W) is checked as blocks are placed, which is where the popular
 * block-counting formulas go wrong (a quad counted as a pair and a meld). */
#include "shanten_common.h"

#include <string.h>

typedef struct {
    uint8_t rem[MJ_KINDS];  /* held tiles not yet placed or left out */
    uint8_t used[MJ_KINDS]; /* tiles of W placed so far, held or added */
    mj_kindset set;         /* the kinds W may use */
    int best;               /* least cost found */
} search;

static void dfs(search *s, int from, int rem_tiles, int melds, int pair, int cost)
{
    /* every block left needs its tiles, and only rem_tiles of them can be held ones */
    int need = 3 * melds + 2 * pair - rem_tiles;
    if (cost + (need > 0 ? need : 0) >= s->best) return;
    int k = from;
    while (k < MJ_KINDS && s->rem[k] == 0) k++;
    if (k == MJ_KINDS || (melds == 0 && pair == 0)) {
        s->best = cost + 3 * melds + 2 * pair; /* blocks with no held tile, added whole */
        return;
    }
    if (pair && s->used[k] + 2 <= MJ_MAX_COPIES) {
        int take = s->rem[k] >= 2 ? 2 : 1;
        s->rem[k] -= (uint8_t)take;
        s->used[k] += 2;
        dfs(s, k, rem_tiles - take, melds, 0, cost + 2 - take);
        s->used[k] -= 2;
        s->rem[k] += (uint8_t)take;
    }
    if (melds && s->used[k] + 3 <= MJ_MAX_COPIES) {
        int take = s->rem[k] >= 3 ? 3 : s->rem[k];
        s->rem[k] -= (uint8_t)take;
        s->used[k] += 3;
        dfs(s, k, rem_tiles - take, melds - 1, pair, cost + 3 - take);
        s->used[k] -= 3;
        s->rem[k] += (uint8_t)take;
    }
    if (melds && !mj_kind_is_honor(k)) {
        int rank = mj_kind_rank(k);
        for (int start = rank - 2; start <= rank; start++) {
            if (start < 1 || start + 2 > MJ_SUIT_SIZE) continue;
            int base = k - (rank - start);
            bool fits = true;
            for (int j = base; j < base + 3; j++)
                fits = fits && (s->set >> j & 1) && s->used[j] < MJ_MAX_COPIES;
            if (!fits) continue;
            int took[3], take = 0;
            for (int i = 0; i < 3; i++) {
                took[i] = s->rem[base + i] > 0;
                s->rem[base + i] -= (uint8_t)took[i];
                s->used[base + i]++;
                take += took[i];
            }
            dfs(s, k, rem_tiles - take, melds - 1, pair, cost + 3 - take);
            for (int i = 0; i < 3; i++) {
                s->rem[base + i] += (uint8_t)took[i];
                s->used[base + i]--;
            }
        }
    }
    /* the copies of k left stay out of W */
    int left = s->rem[k];
    s->rem[k] = 0;
    dfs(s, k + 1, rem_tiles - left, melds, pair, cost);
    s->rem[k] = (uint8_t)left;
}

static int backtrack_std(const mj_hand *h, const mj_rules *r, int bound)
{
    search s;
    memcpy(s.rem, h->count, sizeof s.rem);
    memset(s.used, 0, sizeof s.used);
    s.set = sh_tileset(r);
    s.best = bound;
    dfs(&s, 0, h->tiles, sh_melds(h->tiles), 1, 0);
    return s.best - 1;
}

static int backtrack_shanten(const mj_hand *h, const mj_rules *r)
{
    int special = sh_special(h, r);
    if (!(r->forms & MJ_FORM_STD)) return special;
    /* the search only looks for a cost below its bound: the special forms', plus one */
    int bound = special + 1 < 99 ? special + 1 : 99;
    int std = backtrack_std(h, r, bound);
    return std < special ? std : special;
}

const mj_shanten_algo mj_shanten_backtrack = {
    .name = "sh-backtrack",
    .summary = "complete depth-first search over the blocks of the nearest complete hand",
    .source = "the definition (algorithms/README.md); the correctness anchor",
    .forms = MJ_FORM_STD | MJ_FORM_7P | MJ_FORM_7P4 | MJ_FORM_13O,
    .max_kinds = MJ_KINDS,
    .shanten = backtrack_shanten,
};
