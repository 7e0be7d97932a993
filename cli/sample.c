/* Hands for judging outside checkers where exhaustion is too slow: winning hands built from
 * their parts, and a seeded sample weighted towards the hands checkers get wrong. */
#include "plugin.h"

const char *const cli_sample_kind_names[SAMPLE_KINDS] = {"uniform", "complete", "near-miss", "four-of-a-kind",
                                                         "honors", "seven-pairs"};

/* Adds n copies of kind, or nothing (false) when that would pass 4 copies. */
static bool add_n(mj_hand *h, int kind, int n)
{
    if (h->count[kind] + n > MJ_MAX_COPIES) return false;
    h->count[kind] = (uint8_t)(h->count[kind] + n);
    h->tiles = (uint8_t)(h->tiles + n);
    return true;
}

static bool add_meld(mj_rng *g, mj_hand *h, int kinds)
{
    for (int tries = 0; tries < 50; tries++) {
        if (mj_rng_below(g, 3) == 0) {
            if (add_n(h, (int)mj_rng_below(g, (uint32_t)kinds), 3)) return true;
            continue;
        }
        int k = mj_kind_make((mj_suit)mj_rng_below(g, 3), 1 + (int)mj_rng_below(g, 7));
        if (h->count[k] < 4 && h->count[k + 1] < 4 && h->count[k + 2] < 4) {
            add_n(h, k, 1), add_n(h, k + 1, 1), add_n(h, k + 2, 1);
            return true;
        }
    }
    return false;
}

/* A pair plus melds totalling n tiles on top of what h holds. */
static bool add_standard(mj_rng *g, mj_hand *h, int kinds, int n)
{
    if (n % 3 != 2) return false;
    for (int tries = 0; tries < 50; tries++)
        if (add_n(h, (int)mj_rng_below(g, (uint32_t)kinds), 2)) break;
    for (int m = 0; m < n / 3; m++)
        if (!add_meld(g, h, kinds)) return false;
    return true;
}

static bool add_pairs(mj_rng *g, mj_hand *h, int kinds, int quads)
{
    int pairs = 7 - 2 * quads;
    while (quads || pairs) {
        int k = (int)mj_rng_below(g, (uint32_t)kinds);
        if (h->count[k]) continue;
        if (quads) add_n(h, k, 4), quads--;
        else add_n(h, k, 2), pairs--;
    }
    return true;
}

bool cli_sample_complete(mj_rng *g, unsigned form, int kinds, int size, mj_hand *h)
{
    static const int orphans[13] = {0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33};
    for (int tries = 0; tries < 100; tries++) {
        mj_hand_clear(h);
        bool ok = false;
        switch (form) {
        case MJ_FORM_STD: ok = size % 3 == 2 && size <= 14 && add_standard(g, h, kinds, size); break;
        case MJ_FORM_7P: ok = size == 14 && add_pairs(g, h, kinds, 0); break;
        case MJ_FORM_7P4: ok = size == 14 && add_pairs(g, h, kinds, (int)mj_rng_below(g, 3)); break;
        case MJ_FORM_13O:
            if (size != 14 || kinds < MJ_KINDS) return false;
            for (int i = 0; i < 13; i++) add_n(h, orphans[i], 1);
            ok = add_n(h, orphans[mj_rng_below(g, 13)], 1);
            break;
        case MJ_FORM_KONGS: {
            int k = size - 14;
            if (k < 1 || k > 4) return false;
            ok = true;
            for (int i = 0; i < k && ok; i++) {
                int kind = (int)mj_rng_below(g, (uint32_t)kinds);
                ok = h->count[kind] == 0 && add_n(h, kind, 4);
            }
            ok = ok && add_standard(g, h, kinds, 14 - 3 * k);
            break;
        }
        default: return false;
        }
        if (ok && h->tiles == size) return true;
        if (form == MJ_FORM_STD && size % 3 != 2) return false;
    }
    return false;
}

static int random_kind(mj_rng *g, int kinds) { return (int)mj_rng_below(g, (uint32_t)kinds); }

/* Takes one tile out at random; h must hold one. */
static void remove_random(mj_rng *g, mj_hand *h, int kinds)
{
    for (;;) {
        int k = random_kind(g, kinds);
        if (h->count[k]) {
            mj_hand_remove(h, k);
            return;
        }
    }
}

/* Fills h up to n tiles with random kinds (towards honors when asked). */
static void fill_to(mj_rng *g, mj_hand *h, int kinds, int n, bool honors)
{
    while (h->tiles < n) {
        int k = honors && kinds > MJ_HONOR_BASE && mj_rng_below(g, 2) ? MJ_HONOR_BASE + (int)mj_rng_below(g, MJ_HONORS)
                                                                    : random_kind(g, kinds);
        mj_hand_add(h, k);
    }
}

cli_sample_kind cli_sample_hard(mj_rng *g, const mj_rules *r, int lo, int hi, mj_hand *h)
{
    int kinds = r->kinds, n = lo + (int)mj_rng_below(g, (uint32_t)(hi - lo + 1));
    uint32_t roll = mj_rng_below(g, 100);
    cli_sample_kind kind = roll < 20 ? SAMPLE_UNIFORM : roll < 45 ? SAMPLE_COMPLETE : roll < 70 ? SAMPLE_NEAR_MISS
                         : roll < 80 ? SAMPLE_QUADS : roll < 90 ? SAMPLE_HONORS : SAMPLE_PAIRS;
    if (kind == SAMPLE_HONORS && kinds <= MJ_HONOR_BASE) kind = SAMPLE_QUADS;
    if (kind == SAMPLE_COMPLETE || kind == SAMPLE_NEAR_MISS) {
        /* a winning size within lo..hi+1 (a near miss may be one tile short of it) */
        unsigned forms[5];
        int nf = 0;
        for (unsigned f = 1; f & MJ_FORM_ALL; f <<= 1)
            if (r->forms & f) forms[nf++] = f;
        int top = kind == SAMPLE_NEAR_MISS ? hi + 1 : hi;
        for (int tries = 0; tries < 20; tries++) {
            unsigned f = forms[mj_rng_below(g, (uint32_t)nf)];
            int size = f == MJ_FORM_STD ? 2 + 3 * (int)mj_rng_below(g, 5) : f == MJ_FORM_KONGS ? 15 + (int)mj_rng_below(g, 4) : 14;
            if (size < lo || size > top || size > MJ_MAX_TILES) continue;
            if (!cli_sample_complete(g, f, kinds, size, h)) continue;
            if (kind == SAMPLE_COMPLETE) return kind;
            /* near miss: one tile out, and sometimes another in, staying inside lo..hi */
            remove_random(g, h, kinds);
            if ((h->tiles < lo || mj_rng_below(g, 2)) && h->tiles < hi) fill_to(g, h, kinds, h->tiles + 1, false);
            if (h->tiles >= lo && h->tiles <= hi) return kind;
        }
        kind = SAMPLE_UNIFORM; /* no form has a winning size here */
    }
    mj_hand_clear(h);
    if (kind == SAMPLE_QUADS) {
        for (int q = 1 + (int)mj_rng_below(g, 2); q > 0 && h->tiles + 4 <= n; q--) {
            int k = random_kind(g, kinds);
            if (!h->count[k]) add_n(h, k, 4);
        }
    } else if (kind == SAMPLE_PAIRS) {
        while (h->tiles + 2 <= n) {
            int k = random_kind(g, kinds);
            if (!h->count[k]) add_n(h, k, 2);
        }
        if (h->tiles > 1 && mj_rng_below(g, 2)) remove_random(g, h, kinds);
    } else if (kind == SAMPLE_UNIFORM) {
        *h = mj_deal(g, kinds, n);
        return kind;
    }
    fill_to(g, h, kinds, n, kind == SAMPLE_HONORS);
    return kind;
}
