/* A shanten calculator as a plugin (plugin ABI 2): the shanten entry alone, no win check.
 * The complete hand W is built block by block (pair, triplets, runs), each block taking the
 * held tiles it can and adding the rest; the fewest tiles added over every W, less one, is the
 * shanten number. Built twice: shanten_correct.so, and with -DBUGGY shanten_buggy.so, which
 * forgets that a kind has only four copies, so that 1111m looks ready when it is 1-shanten
 * (its pair would need a fifth 1m): `mjverify shanten --plugin shanten_buggy.so --algo
 * sh-table,plugin:shanten-buggy 1111m` shows the disagreement. */
#include <mjverify_plugin.h>

typedef struct {
    unsigned char held[34], in_w[34];
    unsigned long long set; /* the kinds W may use */
    int best;
} search;

static int fits(const search *s, int k, int n)
{
#ifdef BUGGY
    (void)s, (void)k, (void)n;
    return 1; /* the bug: no limit of four copies */
#else
    return s->in_w[k] + n <= 4;
#endif
}

/* Places n copies of kind k in W, using held ones first; returns the tiles added. */
static int place(search *s, int k, int n, unsigned char used[34])
{
    int from_hand = s->held[k] < n ? s->held[k] : n;
    s->held[k] -= from_hand;
    used[k] += from_hand;
    s->in_w[k] += n;
    return n - from_hand;
}

static void unplace(search *s, int k, int n, unsigned char used[34])
{
    s->held[k] += used[k];
    used[k] = 0;
    s->in_w[k] -= n;
}

static void blocks(search *s, int melds, int pair, int added, int held_left)
{
    /* a block with no held tile costs its size: count those, then stop */
    int floor = 3 * melds + 2 * pair - held_left;
    if (added + (floor > 0 ? floor : 0) >= s->best) return;
    int k = 0;
    while (k < 34 && !s->held[k]) k++;
    if (k == 34 || (!melds && !pair)) {
        s->best = added + 3 * melds + 2 * pair;
        return;
    }
    unsigned char used[34] = {0};
    int n = s->held[k];
    if (pair && fits(s, k, 2)) {
        int a = place(s, k, 2, used);
        blocks(s, melds, 0, added + a, held_left - (2 - a));
        unplace(s, k, 2, used);
    }
    if (melds && fits(s, k, 3)) {
        int a = place(s, k, 3, used);
        blocks(s, melds - 1, pair, added + a, held_left - (3 - a));
        unplace(s, k, 3, used);
    }
    for (int start = k - 2; melds && k < 27 && start <= k; start++) {
        if (start < k - k % 9 || start % 9 > 6) continue; /* the run stays in k's suit */
        if (((s->set >> start) & 7) != 7) continue;
        if (!fits(s, start, 1) || !fits(s, start + 1, 1) || !fits(s, start + 2, 1)) continue;
        int a = place(s, start, 1, used) + place(s, start + 1, 1, used) + place(s, start + 2, 1, used);
        blocks(s, melds - 1, pair, added + a, held_left - (3 - a));
        for (int j = start; j < start + 3; j++) unplace(s, j, 1, used);
    }
    /* the copies of k left stay out of W */
    s->held[k] = 0;
    blocks(s, melds, pair, added, held_left - n);
    s->held[k] = (unsigned char)n;
}

static int shanten(const mj_hand *h, const mj_rules *r)
{
    search s = {{0}, {0}, r->tileset ? r->tileset : (1ull << r->kinds) - 1, 99};
    for (int k = 0; k < 34; k++) s.held[k] = h->count[k];
    int best = 99;
    if (r->forms & MJ_FORM_STD) {
        blocks(&s, h->tiles / 3, 1, 0, h->tiles);
        best = s.best - 1;
    }
    if (h->tiles >= 13 && (r->forms & MJ_FORM_7P)) { /* seven distinct pairs */
        int pairs = 0, kinds = 0;
        for (int k = 0; k < 34; k++) pairs += h->count[k] >= 2, kinds += h->count[k] >= 1;
        int s7 = 6 - pairs + (kinds < 7 ? 7 - kinds : 0);
        if (s7 < best) best = s7;
    }
    if (h->tiles >= 13 && (r->forms & MJ_FORM_13O)) {
        static const int orphans[13] = {0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33};
        int held = 0, twice = 0;
        for (int i = 0; i < 13; i++) held += h->count[orphans[i]] > 0, twice |= h->count[orphans[i]] >= 2;
        if (13 - held - twice < best) best = 13 - held - twice;
    }
    return best;
}

MJ_PLUGIN_EXPORT const mj_plugin mj_plugin_entry = {
    .abi = MJ_PLUGIN_ABI,
    .size = sizeof(mj_plugin),
#ifdef BUGGY
    .name = "shanten-buggy",
    .summary = "block search without the four-copies limit (deliberately wrong)",
#else
    .name = "shanten-correct",
    .summary = "block search over the complete hand, added tiles counted",
#endif
    .forms = MJ_FORM_STD | MJ_FORM_7P | MJ_FORM_13O,
    .max_kinds = 34,
    .shanten = shanten,
};
