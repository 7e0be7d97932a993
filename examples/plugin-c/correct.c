/* A correct win check as an mjverify plugin: standard hands by pair-then-lowest-kind melds,
 * seven pairs, thirteen orphans; copy it and put your own is_win in its place. */
#include <mjverify_plugin.h>

/* Whether counts[0..34) (no pair left to place) split into melds: at the lowest kind held,
 * a triplet when three or more are held (three runs from there hold the same tiles),
 * else a run, which only suited kinds ranked 1..7 can start. */
static bool melds_only(unsigned char c[34])
{
    int k = 0;
    while (k < 34 && !c[k]) k++;
    if (k == 34) return true;
    if (c[k] >= 3) {
        c[k] -= 3;
        bool ok = melds_only(c);
        c[k] += 3;
        return ok;
    }
    if (k >= 27 || k % 9 > 6 || !c[k + 1] || !c[k + 2]) return false;
    c[k]--, c[k + 1]--, c[k + 2]--;
    bool ok = melds_only(c);
    c[k]++, c[k + 1]++, c[k + 2]++;
    return ok;
}

/* A pair plus melds. Melds hold 3n tiles, so exactly one suit (the pair's) holds 3n+2 and the
 * others 3n: that test rejects most hands before any search, and fixes where the pair is. */
static bool standard(const mj_hand *h)
{
    if (h->tiles % 3 != 2) return false;
    int pair_group = -1;
    for (int g = 0; g < 4; g++) {
        int n = 0, size = g == 3 ? 7 : 9;
        for (int k = 9 * g; k < 9 * g + size; k++) n += h->count[k];
        if (n % 3 == 1 || (n % 3 == 2 && pair_group >= 0)) return false;
        if (n % 3 == 2) pair_group = g;
    }
    for (int k = 27; k < 34; k++) /* honors only make triplets and the pair */
        if (h->count[k] == 1 || h->count[k] == 4 || (h->count[k] == 2 && pair_group != 3)) return false;
    unsigned char c[34];
    for (int k = 0; k < 34; k++) c[k] = h->count[k];
    int end = pair_group == 3 ? 34 : 9 * pair_group + 9;
    for (int k = 9 * pair_group; k < end; k++) {
        if (c[k] < 2) continue;
        c[k] -= 2;
        bool ok = melds_only(c);
        c[k] += 2;
        if (ok) return true;
    }
    return false;
}

static bool seven_pairs(const mj_hand *h, bool quads_count_twice)
{
    if (h->tiles != 14) return false;
    int pairs = 0;
    for (int k = 0; k < 34; k++) {
        if (h->count[k] == 2) pairs++;
        else if (h->count[k] == 4 && quads_count_twice) pairs += 2;
        else if (h->count[k]) return false;
    }
    return pairs == 7;
}

static bool orphans(const mj_hand *h)
{
    static const int kinds[13] = {0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33};
    if (h->tiles != 14) return false;
    int held = 0;
    for (int i = 0; i < 13; i++) {
        if (!h->count[kinds[i]]) return false;
        held += h->count[kinds[i]];
    }
    return held == 14; /* no tile outside the thirteen */
}

static bool is_win(const mj_hand *h, const mj_rules *r)
{
    return ((r->forms & MJ_FORM_STD) && standard(h)) || ((r->forms & MJ_FORM_7P) && seven_pairs(h, false)) ||
           ((r->forms & MJ_FORM_7P4) && seven_pairs(h, true)) || ((r->forms & MJ_FORM_13O) && orphans(h));
}

MJ_PLUGIN_EXPORT const mj_plugin mj_plugin_entry = {
    .abi = MJ_PLUGIN_ABI,
    .size = sizeof(mj_plugin),
    .name = "correct",
    .summary = "example: pair in the 3n+2 suit, then a triplet or a run at the lowest kind; seven pairs; thirteen orphans",
    .forms = MJ_FORM_STD | MJ_FORM_7P | MJ_FORM_7P4 | MJ_FORM_13O,
    .max_kinds = 34,
    .is_win = is_win,
};
