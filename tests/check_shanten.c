/* The shanten calculators (algorithms/shanten_*.c): every unflagged one against a brute force
 * on every hand up to 8 tiles of one suit, against the complete-search baseline on a seeded
 * sample of 13- and 14-tile hands (shanten and effective tiles), the identity is_win(h) ==
 * (shanten(h) == -1) against the win-check registry, and each flagged port's counterexample. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mj_shanten.h"
#include "mj_shanten_truth.h"
#include "testutil.h"

/* The oracle's truth (oracle/mj_shanten_truth.h) judges the samples. */
static int reference_shanten(const mj_hand *h, const mj_rules *r) { return mj_truth_shanten(h, r); }

static mj_kindset reference_effective(const mj_hand *h, const mj_rules *r, int *s)
{
    return mj_truth_effective(h, r, s);
}

/* Fixtures run once per test case, before the forks: the truth's tables (56 MB) are built once. */
static void setup(void)
{
    ck_assert_int_eq(mj_shanten_algos_init(), 0);
    ck_assert_int_eq(mj_algos_init(), 0);
    ck_assert_int_eq(mj_truth_shanten_init(), 0);
}

/* The unflagged calculators, in table order; _i of a loop test indexes them. */
static const mj_shanten_algo *unflagged(int i)
{
    for (size_t k = 0; k < mj_shanten_algo_count; k++)
        if (!mj_shanten_algos[k]->flawed && i-- == 0) return mj_shanten_algos[k];
    return NULL;
}

static int unflagged_count(void)
{
    int n = 0;
    while (unflagged(n)) n++;
    return n;
}

static const char *show(const mj_hand *h)
{
    static char buf[MJ_FORMAT_CAP];
    mj_format(h, MJ_NOTATION_MPSZ, buf, sizeof buf);
    return buf;
}

/* ---- the brute force: complete shapes of one suit listed, the rest of a hand added whole ---- */

/* Whether c (nine counts) splits into `melds` melds and `pairs` pairs, nothing left over. */
static bool splits(uint8_t c[9], int melds, int pairs)
{
    int k = 0;
    while (k < 9 && c[k] == 0) k++;
    if (k == 9) return melds == 0 && pairs == 0;
    bool ok = false;
    if (pairs && c[k] >= 2) {
        c[k] -= 2;
        ok = splits(c, melds, pairs - 1);
        c[k] += 2;
    }
    if (!ok && melds && c[k] >= 3) {
        c[k] -= 3;
        ok = splits(c, melds - 1, pairs);
        c[k] += 3;
    }
    if (!ok && melds && k <= 6 && c[k + 1] && c[k + 2]) {
        c[k]--, c[k + 1]--, c[k + 2]--;
        ok = splits(c, melds - 1, pairs);
        c[k]++, c[k + 1]++, c[k + 2]++;
    }
    return ok;
}

/* Every multiset of one suit (counts <= 4, at most 8 tiles) that splits into m melds and p
 * pairs, m <= 2, for the brute force: shapes[m][p] lists them. */
typedef struct {
    uint8_t c[9];
} shape;
static shape *shapes[3][2];
static int nshapes[3][2];

static void list_shapes(uint8_t c[9], int k, int left, int m, int p)
{
    if (k == 9) {
        if (left == 0 && splits(c, m, p)) memcpy(shapes[m][p][nshapes[m][p]++].c, c, 9);
        return;
    }
    for (int n = 0; n <= 4 && n <= left; n++) {
        c[k] = (uint8_t)n;
        list_shapes(c, k + 1, left - n, m, p);
    }
    c[k] = 0;
}

static void brute_setup(void)
{
    ck_assert_int_eq(mj_shanten_algos_init(), 0);
    for (int m = 0; m <= 2; m++)
        for (int p = 0; p <= 1; p++) {
            shapes[m][p] = malloc(20000 * sizeof(shape));
            ck_assert_ptr_nonnull(shapes[m][p]);
            nshapes[m][p] = 0;
            uint8_t c[9] = {0};
            list_shapes(c, 0, 3 * m + 2 * p, m, p);
        }
}

static void brute_teardown(void)
{
    for (int m = 0; m <= 2; m++)
        for (int p = 0; p <= 1; p++) free(shapes[m][p]);
}

/* shanten of a hand held in manzu alone, by the definition: the complete hand W is m melds and
 * p pairs in manzu (a listed shape S, costing its tiles not held) and the rest of its blocks
 * outside manzu, where the hand holds nothing (costing their whole size: some kind of the
 * other suits always has room). Hands of 1..8 tiles: k = n / 3 <= 2 melds. */
static int brute_shanten(const mj_hand *h)
{
    int k = h->tiles / 3, best = 99;
    for (int m = 0; m <= k; m++)
        for (int p = 0; p <= 1; p++)
            for (int i = 0; i < nshapes[m][p]; i++) {
                int cost = 3 * (k - m) + 2 * (1 - p);
                for (int j = 0; j < 9; j++) {
                    int need = shapes[m][p][i].c[j] - h->count[j];
                    if (need > 0) cost += need;
                }
                if (cost < best) best = cost;
            }
    return best - 1;
}

/* Every hand of 1, 2, 4, 5, 7 and 8 tiles over manzu (9 kinds), each calculator against the
 * brute force under riichi (at these sizes only the standard form counts). */
static int every_manzu_hand(const mj_shanten_algo *a, const mj_rules *r, mj_hand *h, int k, int left)
{
    if (left == 0) {
        int want = brute_shanten(h), got = a->shanten(h, r);
        ck_assert_msg(got == want, "%s: %s (%d tiles): shanten %d, brute force %d", a->name, show(h), h->tiles, got, want);
        return 1;
    }
    if (k == 9) return 0;
    int n = 0;
    for (int c = left < 4 ? left : 4; c >= 0; c--) {
        h->count[k] = (uint8_t)c;
        n += every_manzu_hand(a, r, h, k + 1, left - c);
    }
    h->count[k] = 0;
    return n;
}

START_TEST(every_small_hand_matches_the_brute_force)
{
    const mj_shanten_algo *a = unflagged(_i);
    mj_rules r = tu_rules("riichi");
    static const int sizes[] = {1, 2, 4, 5, 7, 8};
    int hands = 0;
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        mj_hand h = {0};
        h.tiles = (uint8_t)sizes[s];
        hands += every_manzu_hand(a, &r, &h, 0, sizes[s]);
    }
    ck_assert_int_gt(hands, 10000); /* the walk reached every size */
}
END_TEST

/* ---- seeded samples of 13 and 14 tiles against the complete-search baseline ---- */

/* A hand of n tiles dealt from r's wall (its tile set, four of each). */
static void deal(mj_rng *g, const mj_rules *r, int n, mj_hand *h)
{
    int wall[MJ_KINDS * 4], w = 0;
    mj_kindset set = mj_rules_tileset(r);
    for (int k = 0; k < MJ_KINDS; k++)
        if (set >> k & 1)
            for (int c = 0; c < 4; c++) wall[w++] = k;
    memset(h, 0, sizeof *h);
    for (int i = 0; i < n; i++) {
        int j = i + (int)(mj_rng_next(g) % (uint64_t)(w - i));
        int t = wall[i];
        wall[i] = wall[j], wall[j] = t;
        h->count[wall[i]]++;
    }
    h->tiles = (uint8_t)n;
}

/* Near-ready hands: a complete 14-tile hand of r's std form with tiles swapped, so the sample
 * holds tenpai and 1-shanten hands, not only the far ones a random deal gives. */
static void near_hand(mj_rng *g, const mj_rules *r, int n, mj_hand *h)
{
    mj_hand full = {0};
    const mj_algo *win = mj_algo_find("backtrack");
    mj_rules std = *r;
    std.forms = MJ_FORM_STD;
    /* build melds greedily from random kinds until a complete hand comes out */
    for (int tries = 0; tries < 1000; tries++) {
        memset(&full, 0, sizeof full);
        mj_kindset set = mj_rules_tileset(r);
        int placed = 0;
        while (placed < 12) {
            int k = (int)(mj_rng_next(g) % MJ_KINDS);
            if (!(set >> k & 1)) continue;
            bool run = mj_rng_next(g) & 1 && k < MJ_SUITED_KINDS && k % 9 <= 6 && (set >> (k + 1) & 1) && (set >> (k + 2) & 1);
            if (run && full.count[k] < 4 && full.count[k + 1] < 4 && full.count[k + 2] < 4)
                full.count[k]++, full.count[k + 1]++, full.count[k + 2]++, placed += 3;
            else if (!run && full.count[k] <= 1)
                full.count[k] += 3, placed += 3;
        }
        int k;
        do k = (int)(mj_rng_next(g) % MJ_KINDS);
        while (!(set >> k & 1) || full.count[k] > 2);
        full.count[k] += 2;
        full.tiles = 14;
        if (mj_algo_is_win(win, &full, &std)) break;
    }
    /* swap one or two tiles, then drop to n tiles */
    int swaps = (int)(mj_rng_next(g) % 3); /* none (complete), one or two tiles swapped */
    mj_kindset set = mj_rules_tileset(r);
    for (int s = 0; s < swaps; s++) {
        int out, in;
        do out = (int)(mj_rng_next(g) % MJ_KINDS);
        while (full.count[out] == 0);
        do in = (int)(mj_rng_next(g) % MJ_KINDS);
        while (!(set >> in & 1) || full.count[in] >= 4);
        full.count[out]--, full.count[in]++;
    }
    while (full.tiles > n) {
        int out = (int)(mj_rng_next(g) % MJ_KINDS);
        if (full.count[out]) full.count[out]--, full.tiles--;
    }
    *h = full;
}

static const char *const sample_rules[] = {"riichi", "sichuan", "sanma", "basic"};

/* Hands per rule set in the samples: `fallback`, or MJ_SHANTEN_SAMPLE for a longer run (the
 * count judged is printed, so a long run states what it covered). */
static int sample_size(int fallback)
{
    const char *e = getenv("MJ_SHANTEN_SAMPLE");
    int n = e ? atoi(e) : 0;
    return n > 0 ? n : fallback;
}

START_TEST(samples_of_13_and_14_tiles_match_the_baseline)
{
    const mj_shanten_algo *a = unflagged(_i);
    uint64_t seed = tu_seed("check_shanten sample", 20261126);
    for (size_t ri = 0; ri < sizeof sample_rules / sizeof sample_rules[0]; ri++) {
        mj_rules r = tu_rules(sample_rules[ri]);
        if (!mj_shanten_supports(a, &r)) continue;
        mj_rng g = {seed + ri};
        int count = sample_size(120);
        for (int i = 0; i < count; i++) {
            mj_hand h;
            int n = 13 + i % 2;
            if (i % 3 == 0) near_hand(&g, &r, n, &h);
            else deal(&g, &r, n, &h);
            int want = reference_shanten(&h, &r), got = a->shanten(&h, &r);
            ck_assert_msg(got == want, "%s under %s: %s: shanten %d, reference %d (seed %llu)", a->name, r.name,
                          show(&h), got, want, (unsigned long long)seed);
        }
        fprintf(stderr, "check_shanten: %s: %d hands of 13 and 14 tiles under %s agree with the truth\n", a->name, count,
                r.name);
    }
}
END_TEST

/* Effective tiles: the calculator's own (or the registry's trial with it) against the trial
 * with the baseline, on 13-tile hands and a few 14-tile ones (each of those costs the baseline
 * hundreds of searches). */
START_TEST(effective_tiles_match_the_baseline)
{
    const mj_shanten_algo *a = unflagged(_i);
    uint64_t seed = tu_seed("check_shanten effective", 20261127);
    for (size_t ri = 0; ri < sizeof sample_rules / sizeof sample_rules[0]; ri++) {
        mj_rules r = tu_rules(sample_rules[ri]);
        if (!mj_shanten_supports(a, &r)) continue;
        mj_rng g = {seed + ri};
        /* the trial with a slow calculator costs hundreds of its calls a hand: at most 200 */
        int count = getenv("MJ_SHANTEN_SAMPLE") ? sample_size(0) / 5 : 24;
        if (a->effective == NULL && count > 200) count = 200;
        for (int i = 0; i < count; i++) {
            mj_hand h;
            int n = i % 6 < 5 ? (i % 2 ? 13 : 10) : (i % 4 == 1 ? 14 : 8);
            if (i % 2) near_hand(&g, &r, n, &h);
            else deal(&g, &r, n, &h);
            int sw, sg;
            mj_kindset want = reference_effective(&h, &r, &sw);
            mj_kindset got = mj_shanten_effective(a, &h, &r, &sg);
            char ws[160], gs[160];
            mj_format_kindset(want, ws, sizeof ws);
            mj_format_kindset(got, gs, sizeof gs);
            ck_assert_msg(got == want && sg == sw, "%s under %s: %s: effective %s (shanten %d), reference %s (%d)",
                          a->name, r.name, show(&h), gs, sg, ws, sw);
        }
        fprintf(stderr, "check_shanten: %s: effective tiles of %d hands under %s agree with the truth\n", a->name, count,
                r.name);
    }
}
END_TEST

/* The example and the counts of remaining copies. */
START_TEST(effective_example)
{
    mj_rules r = tu_rules("riichi");
    mj_hand h = tu_hand("123456789m1134p", 34);
    int s;
    mj_kindset set = mj_shanten_effective(unflagged(_i), &h, &r, &s);
    ck_assert_int_eq(s, 0);
    ck_assert_uint_eq(set, (mj_kindset)1 << 10 | (mj_kindset)1 << 13); /* 2p 5p */
    ck_assert_int_eq(mj_shanten_remaining(&h, set), 8);
}
END_TEST

/* is_win(h) == (shanten(h) == -1): the win-check registry's baseline against each calculator
 * on every 2-, 5- and 8-tile manzu hand and on sampled 14-tile hands, complete ones included. */
static int identity_walk(const mj_shanten_algo *a, const mj_algo *win, const mj_rules *r, mj_hand *h, int k, int left)
{
    if (left == 0) {
        bool w = mj_algo_is_win(win, h, r);
        ck_assert_msg(w == (a->shanten(h, r) == -1), "%s: %s: is_win %d, shanten %d", a->name, show(h), w, a->shanten(h, r));
        return w;
    }
    if (k == 9) return 0;
    int wins = 0;
    for (int c = left < 4 ? left : 4; c >= 0; c--) {
        h->count[k] = (uint8_t)c;
        wins += identity_walk(a, win, r, h, k + 1, left - c);
    }
    h->count[k] = 0;
    return wins;
}

START_TEST(is_win_iff_shanten_is_minus_one)
{
    const mj_shanten_algo *a = unflagged(_i);
    const mj_algo *win = mj_algo_find("backtrack");
    for (size_t ri = 0; ri < sizeof sample_rules / sizeof sample_rules[0]; ri++) {
        mj_rules r = tu_rules(sample_rules[ri]);
        if (!mj_shanten_supports(a, &r)) continue;
        int wins = 0;
        for (int n = 2; n <= 8 && (mj_rules_tileset(&r) & 0x1FF) == 0x1FF; n += 3) {
            mj_hand h = {0};
            h.tiles = (uint8_t)n;
            wins += identity_walk(a, win, &r, &h, 0, n);
        }
        mj_rng g = {tu_seed("check_shanten identity", 7) + ri};
        for (int i = 0; i < 300; i++) {
            mj_hand h;
            near_hand(&g, &r, 14, &h);
            bool w = mj_algo_is_win(win, &h, &r);
            wins += w;
            ck_assert_msg(w == (a->shanten(&h, &r) == -1), "%s under %s: %s: is_win %d, shanten %d", a->name, r.name,
                          show(&h), w, a->shanten(&h, &r));
        }
        ck_assert_msg(wins > 0, "no complete hand met under %s", r.name);
    }
    /* complete hands of every special form are -1 */
    mj_rules riichi = tu_rules("riichi"), sichuan = tu_rules("sichuan");
    mj_hand seven = tu_hand("11223344556677z", 34), orphans = tu_hand("19m19p19s12345677z", 34);
    mj_hand quads = tu_hand("11112222334455m", 27);
    ck_assert_int_eq(a->shanten(&seven, &riichi), -1);
    ck_assert_int_eq(a->shanten(&orphans, &riichi), -1);
    ck_assert_int_eq(a->shanten(&quads, &sichuan), -1);
    ck_assert_int_eq(mj_algo_is_win(win, &quads, &sichuan), true);
}
END_TEST

/* ---- the flagged ports: each caught by its counterexample, the truth from the baseline ---- */

START_TEST(flagged_ports_are_caught)
{
    static const struct {
        const char *algo, *rules, *hand;
        int said, truth;
        const char *why;
    } cases[] = {
        /* the smallest: no hand of fewer tiles fails (every hand of 1-8 tiles over 34 kinds
         * was searched when it was pinned; the flaw needs thirteen orphans below 13 tiles) */
        {"sh-tenhou", "riichi", "1129m19p19s12z", 4, 5, "thirteen orphans scored on a 10-tile hand"},
        /* the smallest: a quad and nothing else, waiting on a fifth copy */
        {"sh-blocks", "riichi", "1111m", 0, 1, "quad as a triplet plus a single waiting for its fifth copy"},
        {"sh-blocks", "riichi", "123456789m1111p", 0, 1, "the Python mahjong package's issue #43 hand"},
        /* 13 tiles: the smallest size at which seven pairs counts */
        {"sh-7p-quad", "riichi", "1111222233447m", 0, 1, "two quads as four of seven distinct pairs"},
    };
    const mj_shanten_algo *base = mj_shanten_find("sh-backtrack");
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const mj_shanten_algo *a = mj_shanten_find(cases[i].algo);
        ck_assert_msg(a && a->flawed && a->flaw && *a->flaw, "%s missing or not flagged", cases[i].algo);
        mj_rules r = tu_rules(cases[i].rules);
        mj_hand h = tu_hand(cases[i].hand, 34);
        ck_assert_int_eq(base->shanten(&h, &r), cases[i].truth);
        ck_assert_msg(a->shanten(&h, &r) == cases[i].said, "%s on %s (%s): %d", a->name, cases[i].hand, cases[i].why,
                      a->shanten(&h, &r));
    }
    /* sh-blocks is right on every hand of 1 and 2 tiles, so 1111m (4 tiles) is its smallest */
    const mj_shanten_algo *blocks = mj_shanten_find("sh-blocks");
    mj_rules r = tu_rules("riichi");
    for (int a = 0; a < MJ_KINDS; a++)
        for (int b = a; b < MJ_KINDS; b++) {
            mj_hand one = {0}, two = {0};
            one.count[a] = 1, one.tiles = 1;
            two.count[a]++, two.count[b]++, two.tiles = 2;
            ck_assert_int_eq(blocks->shanten(&one, &r), base->shanten(&one, &r));
            ck_assert_int_eq(blocks->shanten(&two, &r), base->shanten(&two, &r));
        }
}
END_TEST

/* The table order: the baseline first, the flagged ports after every unflagged calculator;
 * names unique and found; the sizes that have a shanten number. */
START_TEST(registry_order_and_sizes)
{
    ck_assert_str_eq(mj_shanten_algos[0]->name, "sh-backtrack");
    bool flagged_seen = false;
    for (size_t i = 0; i < mj_shanten_algo_count; i++) {
        const mj_shanten_algo *a = mj_shanten_algos[i];
        ck_assert_msg(!(flagged_seen && !a->flawed), "%s listed after a flagged port", a->name);
        flagged_seen = flagged_seen || a->flawed;
        ck_assert_ptr_eq(mj_shanten_find(a->name), a);
        ck_assert(a->summary && *a->summary && a->source && *a->source && a->shanten);
    }
    ck_assert_ptr_null(mj_shanten_find("no-such"));
    for (int n = 0; n <= 18; n++) ck_assert_int_eq(mj_shanten_size_ok(n), n >= 1 && n <= 14 && n % 3 != 0);
    mj_rules mediatek = tu_rules("mediatek"), sanma = tu_rules("sanma");
    ck_assert(mj_shanten_supports(mj_shanten_find("sh-table"), &sanma));
    ck_assert(mj_shanten_supports(mj_shanten_find("sh-table"), &mediatek)); /* kongs are not counted */
}
END_TEST

int main(void)
{
    Suite *s = suite_create("shanten");
    int n = unflagged_count();
    TCase *tc = tcase_create("brute_force");
    tcase_add_unchecked_fixture(tc, brute_setup, brute_teardown);
    tcase_add_loop_test(tc, every_small_hand_matches_the_brute_force, 0, n);
    suite_add_tcase(s, tc);
    tc = tcase_create("samples");
    tcase_add_unchecked_fixture(tc, setup, NULL);
    tcase_add_loop_test(tc, samples_of_13_and_14_tiles_match_the_baseline, 0, n);
    tcase_add_loop_test(tc, effective_tiles_match_the_baseline, 0, n);
    tcase_add_loop_test(tc, effective_example, 0, n);
    tcase_add_loop_test(tc, is_win_iff_shanten_is_minus_one, 0, n);
    suite_add_tcase(s, tc);
    tc = tcase_create("flagged");
    tcase_add_unchecked_fixture(tc, setup, NULL);
    tcase_add_test(tc, flagged_ports_are_caught);
    tcase_add_test(tc, registry_order_and_sizes);
    suite_add_tcase(s, tc);
    return tu_run(s);
}
