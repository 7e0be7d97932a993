/* sh-tenhou (flagged): a faithful port of the block-counting shanten of the Python `mahjong`
 * package (MahjongRepository/mahjong, mahjong/shanten.py, class Shanten, the method Tenhou's
 * calculator popularised): a depth-first walk over the suited tiles taking triplets, runs,
 * pairs, two-tile partial runs and isolated tiles, scored 8 - 2 melds - partials - pair with
 * the blocks over four cut off, honors settled beforehand by their counts, the melds a hand of
 * fewer than 13 tiles lacks counted as already made; seven pairs and thirteen orphans by their
 * counting formulas, at every hand size. Its four-copies flags fix the quad case of its issue #43
 * (123456789m1111p, now scored 1-shanten, rightly), but thirteen orphans is still scored on
 * hands below 13 tiles, which cannot hold it (its issue #267): 1129m19p19s12z (10 tiles) is
 * scored 4-shanten, the truth is 5. Ported for the oracle to catch; the counterexamples are in
 * tests/check_shanten.c. */
#include "shanten_common.h"

#include <string.h>

typedef struct {
    int tiles[MJ_KINDS];
    int melds, partials, pairs, honor_quads;
    uint64_t four_copies, isolated;
    int best;
} walk;

static void score(walk *w)
{
    int s = 8 - 2 * w->melds - w->partials - w->pairs;
    int blocks = w->melds + w->partials;
    if (w->pairs)
        blocks += w->pairs - 1;
    else if (w->four_copies && w->isolated && (w->four_copies | w->isolated) == w->four_copies)
        s += 1; /* the only isolated tiles are held four times: no pair can come from them */
    if (blocks > 4) s += blocks - 4;
    if (s != -1 && s < w->honor_quads) s = w->honor_quads;
    if (s < w->best) w->best = s;
}

static void run(walk *w, int depth);

/* The moves, each made, explored from `next`, and undone. */
static void take(walk *w, int next, int k, int a, int b, int c, int melds, int partials, int pairs)
{
    w->tiles[k] -= a;
    if (b) w->tiles[k + 1] -= b;
    if (c) w->tiles[k + 2] -= c;
    w->melds += melds;
    w->partials += partials;
    w->pairs += pairs;
    run(w, next);
    w->tiles[k] += a;
    if (b) w->tiles[k + 1] += b;
    if (c) w->tiles[k + 2] += c;
    w->melds -= melds;
    w->partials -= partials;
    w->pairs -= pairs;
}

static void isolated(walk *w, int k)
{
    uint64_t before = w->isolated;
    w->tiles[k]--;
    w->isolated |= (uint64_t)1 << k;
    run(w, k + 1);
    w->tiles[k]++;
    w->isolated = before;
}

static void run(walk *w, int depth)
{
    if (w->best == -1) return;
    while (depth < MJ_SUITED_KINDS && w->tiles[depth] == 0) depth++;
    if (depth >= MJ_SUITED_KINDS) {
        score(w);
        return;
    }
    int k = depth, i = k % MJ_SUIT_SIZE, *t = w->tiles;
    if (t[k] == 4) {
        t[k] -= 3, w->melds++; /* a triplet, then the fourth copy */
        if (i < 7 && t[k + 2]) {
            if (t[k + 1]) take(w, k + 1, k, 1, 1, 1, 1, 0, 0);
            take(w, k + 1, k, 1, 0, 1, 0, 1, 0);
        }
        if (i < 8 && t[k + 1]) take(w, k + 1, k, 1, 1, 0, 0, 1, 0);
        isolated(w, k);
        t[k] += 3, w->melds--;
        t[k] -= 2, w->pairs++; /* a pair, then the other two */
        if (i < 7 && t[k + 2]) {
            if (t[k + 1]) take(w, k, k, 1, 1, 1, 1, 0, 0);
            take(w, k + 1, k, 1, 0, 1, 0, 1, 0);
        }
        if (i < 8 && t[k + 1]) take(w, k + 1, k, 1, 1, 0, 0, 1, 0);
        t[k] += 2, w->pairs--;
    }
    if (t[k] == 3) {
        take(w, k + 1, k, 3, 0, 0, 1, 0, 0);
        t[k] -= 2, w->pairs++;
        if (i < 7 && t[k + 1] && t[k + 2])
            take(w, k + 1, k, 1, 1, 1, 1, 0, 0);
        else {
            if (i < 7 && t[k + 2]) take(w, k + 1, k, 1, 0, 1, 0, 1, 0);
            if (i < 8 && t[k + 1]) take(w, k + 1, k, 1, 1, 0, 0, 1, 0);
        }
        t[k] += 2, w->pairs--;
        if (i < 7 && t[k + 2] >= 2 && t[k + 1] >= 2) take(w, k, k, 2, 2, 2, 2, 0, 0);
    }
    if (t[k] == 2) {
        take(w, k + 1, k, 2, 0, 0, 0, 0, 1);
        if (i < 7 && t[k + 2] && t[k + 1]) take(w, k, k, 1, 1, 1, 1, 0, 0);
    }
    if (t[k] == 1) {
        if (i < 6 && t[k + 1] == 1 && t[k + 2] && t[k + 3] != 4)
            take(w, k + 2, k, 1, 1, 1, 1, 0, 0);
        else {
            isolated(w, k);
            if (i < 7 && t[k + 2]) {
                if (t[k + 1]) take(w, k + 1, k, 1, 1, 1, 1, 0, 0);
                take(w, k + 1, k, 1, 0, 1, 0, 1, 0);
            }
            if (i < 8 && t[k + 1]) take(w, k + 1, k, 1, 1, 0, 0, 1, 0);
        }
    }
}

static int regular(const mj_hand *h)
{
    walk w;
    memset(&w, 0, sizeof w);
    for (int k = 0; k < MJ_KINDS; k++) w.tiles[k] = h->count[k];
    w.best = 8;
    int n = h->tiles;
    /* honors first: a quad a meld (and a floor on the result), a triplet a meld, a pair a pair */
    uint64_t four = 0, lone = 0;
    for (int i = 0; i < MJ_HONORS; i++) {
        int c = w.tiles[MJ_HONOR_BASE + i];
        if (c == 4) w.melds++, w.honor_quads++, four |= 1u << i, lone |= 1u << i;
        if (c == 3) w.melds++;
        if (c == 2) w.pairs++;
        if (c == 1) lone |= 1u << i;
        w.tiles[MJ_HONOR_BASE + i] = 0;
    }
    if (w.honor_quads && n % 3 == 2) w.honor_quads--;
    if (lone) {
        w.isolated |= (uint64_t)1 << 27;
        if ((four | lone) == four) w.four_copies |= (uint64_t)1 << 27;
    }
    for (int k = 0; k < MJ_SUITED_KINDS; k++) w.four_copies |= (uint64_t)(w.tiles[k] == 4) << k;
    w.melds += (14 - n) / 3;
    run(&w, 0);
    return w.best;
}

static int tenhou_shanten(const mj_hand *h, const mj_rules *r)
{
    int best = (r->forms & MJ_FORM_STD) ? regular(h) : 99;
    if (r->forms & (MJ_FORM_7P | MJ_FORM_7P4)) { /* at every size, as published */
        int pairs = 0, kinds = 0;
        for (int k = 0; k < MJ_KINDS; k++) pairs += h->count[k] >= 2, kinds += h->count[k] >= 1;
        int s = pairs == 7 ? -1 : 6 - pairs + (kinds < 7 ? 7 - kinds : 0);
        if (s < best) best = s;
    }
    if (r->forms & MJ_FORM_13O) {
        int held = 0, twice = 0;
        static const int orphans[13] = {0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33};
        for (int i = 0; i < 13; i++) held += h->count[orphans[i]] != 0, twice |= h->count[orphans[i]] >= 2;
        int s = 13 - held - twice;
        if (s < best) best = s;
    }
    return best;
}

const mj_shanten_algo mj_shanten_tenhou = {
    .name = "sh-tenhou",
    .summary = "block counting by depth-first walk, 8 - 2 melds - partials - pair (Python mahjong's Shanten)",
    .source = "MahjongRepository/mahjong mahjong/shanten.py (Tenhou's method), ported",
    .forms = MJ_FORM_STD | MJ_FORM_7P | MJ_FORM_13O,
    .max_kinds = MJ_KINDS,
    .flawed = true,
    .flaw = "thirteen orphans scored on hands below 13 tiles (1129m19p19s12z: 4, truth 5)",
    .shanten = tenhou_shanten,
};
