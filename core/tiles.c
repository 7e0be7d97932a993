/* Hand bookkeeping shared by parsers, algorithms and the oracle. */
#include "mj_tiles.h"

#include <string.h>

void mj_hand_clear(mj_hand *h) { memset(h, 0, sizeof *h); }

bool mj_hand_add(mj_hand *h, int kind)
{
    if (kind < 0 || kind >= MJ_KINDS || h->count[kind] >= MJ_MAX_COPIES || h->tiles >= MJ_MAX_TILES)
        return false;
    h->count[kind]++;
    h->tiles++;
    return true;
}

bool mj_hand_remove(mj_hand *h, int kind)
{
    if (kind < 0 || kind >= MJ_KINDS || h->count[kind] == 0) return false;
    h->count[kind]--;
    h->tiles--;
    return true;
}

bool mj_hand_valid(const mj_hand *h, int kinds)
{
    int sum = 0;
    for (int k = 0; k < MJ_KINDS; k++) {
        if (h->count[k] > MJ_MAX_COPIES) return false;
        if (k >= kinds && h->count[k] != 0) return false;
        sum += h->count[k];
    }
    return sum == h->tiles && sum <= MJ_MAX_TILES;
}

bool mj_hand_equal(const mj_hand *a, const mj_hand *b)
{
    return a->tiles == b->tiles && memcmp(a->count, b->count, sizeof a->count) == 0;
}
