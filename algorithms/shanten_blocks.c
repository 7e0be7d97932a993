/* sh-blocks (flagged): the textbook block-counting formula as most tutorials state it: split
 * the hand into melds M, partial blocks T (two tiles of a run, or a pair beyond the first) and
 * at most one pair P, and score 2k - 2M - T - P (k = the melds the hand needs, 4 for 13 tiles)
 * with M + T capped at k, best over every split. No correction for a block whose missing tile
 * is all held already, or for a hand left without a tile to make its pair from (the
 * isolated-tile shortage, 孤立牌不足): a kind held four times scores as a triplet and the single
 * that waits for a fifth copy. Ported for the oracle to catch; the smallest counterexample is
 * in tests/check_shanten.c. */
#include "shanten_common.h"

#include <string.h>

typedef struct {
    uint8_t c[MJ_KINDS];
    int need, best;
} split;

static void walk(split *s, int k, int melds, int partials, int pair)
{
    while (k < MJ_KINDS && s->c[k] == 0) k++;
    if (k == MJ_KINDS) {
        int t = partials;
        if (melds + t > s->need) t = s->need - melds;
        if (t < 0) t = 0;
        int m = melds > s->need ? s->need : melds;
        int v = 2 * s->need - 2 * m - t - pair;
        if (v < s->best) s->best = v;
        return;
    }
    uint8_t *c = s->c;
    bool suited = k < MJ_SUITED_KINDS;
    int rank = k % MJ_SUIT_SIZE;
    if (c[k] >= 3) {
        c[k] -= 3;
        walk(s, k, melds + 1, partials, pair);
        c[k] += 3;
    }
    if (suited && rank <= 6 && c[k + 1] && c[k + 2]) {
        c[k]--, c[k + 1]--, c[k + 2]--;
        walk(s, k, melds + 1, partials, pair);
        c[k]++, c[k + 1]++, c[k + 2]++;
    }
    if (c[k] >= 2) {
        c[k] -= 2;
        if (!pair) walk(s, k, melds, partials, 1);
        walk(s, k, melds, partials + 1, pair);
        c[k] += 2;
    }
    if (suited && rank <= 7 && c[k + 1]) {
        c[k]--, c[k + 1]--;
        walk(s, k, melds, partials + 1, pair);
        c[k]++, c[k + 1]++;
    }
    if (suited && rank <= 6 && c[k + 2]) {
        c[k]--, c[k + 2]--;
        walk(s, k, melds, partials + 1, pair);
        c[k]++, c[k + 2]++;
    }
    c[k]--; /* an isolated tile */
    walk(s, k, melds, partials, pair);
    c[k]++;
}

static int blocks_shanten(const mj_hand *h, const mj_rules *r)
{
    int best = sh_special(h, r);
    if (!(r->forms & MJ_FORM_STD)) return best;
    split s;
    memcpy(s.c, h->count, sizeof s.c);
    s.need = sh_melds(h->tiles);
    s.best = 99;
    walk(&s, 0, 0, 0, 0);
    /* 2k - 2M - T - P is the tiles to add less one, for 3k+1 and 3k+2 hands alike */
    return s.best < best ? s.best : best;
}

const mj_shanten_algo mj_shanten_blocks = {
    .name = "sh-blocks",
    .summary = "textbook block counting, 2k - 2 melds - partials - pair, blocks capped at k, no corrections",
    .source = "the formula as shanten tutorials state it (e.g. the one the Python mahjong package corrects)",
    .forms = MJ_FORM_STD | MJ_FORM_7P | MJ_FORM_7P4 | MJ_FORM_13O,
    .max_kinds = MJ_KINDS,
    .flawed = true,
    .flaw = "no isolated-tile or four-copies correction: a quad scores as a triplet and a single waiting for a fifth copy",
    .shanten = blocks_shanten,
};
