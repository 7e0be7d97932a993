/* The shanten truth: the same numbers as a plain search over complete hands (the definition
 * itself) on every small hand of several tile sets and on sampled 13- and 14-tile hands, the
 * published examples, and shanten -1 exactly where the win truth says complete. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mj_shanten_truth.h"
#include "mj_truth.h"
#include "shanten_search.h"
#include "testutil.h"

#ifndef SAMPLES
#define SAMPLES 60
#endif

/* ---- every hand of up to max tiles over a list of kinds ---- */

typedef struct {
    const mj_rules *r;
    const int *kinds;
    int nkinds, max, effective_max;
    uint64_t hands, by_shanten[12];
} walk;

static void check_hand(walk *w, const mj_hand *h)
{
    int n = h->tiles;
    if (n == 0 || n % 3 == 0) return;
    int t = mj_truth_shanten(h, w->r), b = brute_shanten(h, w->r);
    char text[MJ_FORMAT_CAP];
    if (t != b) {
        mj_format(h, MJ_NOTATION_MPSZ, text, sizeof text);
        ck_abort_msg("%s under %s: truth %d, search %d", text, w->r->name, t, b);
    }
    w->hands++;
    w->by_shanten[t + 1]++;
    if (n <= w->effective_max) {
        int s2;
        mj_kindset te = mj_truth_effective(h, w->r, &s2), be = brute_effective(h, w->r, b);
        ck_assert_int_eq(s2, t);
        if (te != be) {
            char a[160], c[160];
            mj_format(h, MJ_NOTATION_MPSZ, text, sizeof text);
            mj_format_kindset(te, a, sizeof a);
            mj_format_kindset(be, c, sizeof c);
            ck_abort_msg("%s under %s: effective truth %s, search %s", text, w->r->name, a, c);
        }
    }
}

static void walk_hands(walk *w, mj_hand *h, int i)
{
    check_hand(w, h);
    if (h->tiles == w->max) return;
    for (int j = i; j < w->nkinds; j++)
        if (h->count[w->kinds[j]] < MJ_MAX_COPIES) {
            mj_hand_add(h, w->kinds[j]);
            walk_hands(w, h, j);
            mj_hand_remove(h, w->kinds[j]);
        }
}

/* Every hand of a few tile sets, up to 5-8 tiles, against the search; effective tiles too on the
 * smaller ones. */
START_TEST(truth_matches_the_definition_on_small_hands)
{
    ck_assert_int_eq(mj_truth_shanten_init(), 0);
    static const int manzu[] = {0, 1, 2, 3, 4, 5, 6, 7, 8};
    static const int pinzu_honors[] = {9, 10, 11, 12, 13, 14, 15, 16, 17, 27, 28, 29};
    static const int m_and_p[] = {0, 1, 2, 3, 4, 5, 9, 10, 11};
    static const int sanma[] = {0, 8, 9, 10, 11, 12, 13, 17, 27, 28};
    static const struct {
        const char *rules;
        const int *kinds;
        int nkinds, max, effective_max;
    } cases[] = {
        {"basic", manzu, 9, 8, 5},
        {"riichi", manzu, 9, 8, 4},
        {"sichuan", m_and_p, 9, 7, 4},
        {"riichi", pinzu_honors, 12, 5, 4},
        {"sanma", sanma, 10, 6, 4},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        mj_rules r = tu_rules(cases[i].rules);
        walk w = {.r = &r, .kinds = cases[i].kinds, .nkinds = cases[i].nkinds, .max = cases[i].max,
                  .effective_max = cases[i].effective_max};
        mj_hand h;
        mj_hand_clear(&h);
        walk_hands(&w, &h, 0);
        fprintf(stderr, "shanten truth = search on %llu hands (%s, %d kinds, up to %d tiles):", (unsigned long long)w.hands,
                cases[i].rules, cases[i].nkinds, cases[i].max);
        for (int s = 0; s < 12; s++)
            if (w.by_shanten[s]) fprintf(stderr, " %d:%llu", s - 1, (unsigned long long)w.by_shanten[s]);
        fputc('\n', stderr);
        ck_assert_uint_gt(w.by_shanten[0], 0); /* complete hands were among them */
    }
}
END_TEST

/* Sampled 13- and 14-tile hands near complete ones (a complete hand with a few tiles swapped)
 * and straight from the wall, against the search, under each rule set. */
START_TEST(truth_matches_the_definition_on_sampled_full_hands)
{
    ck_assert_int_eq(mj_truth_shanten_init(), 0);
    uint64_t seed = tu_seed("shanten truth sample", 30);
    mj_rng g = {seed};
    static const char *rules[] = {"riichi", "sichuan", "sanma", "basic"};
    for (size_t ri = 0; ri < 4; ri++) {
        mj_rules r = tu_rules(rules[ri]);
        mj_kindset set = mj_rules_tileset(&r);
        int nk = 0, kinds[MJ_KINDS];
        for (int k = 0; k < MJ_KINDS; k++)
            if (set >> k & 1) kinds[nk++] = k;
        for (int i = 0; i < SAMPLES; i++) {
            mj_hand h;
            mj_hand_clear(&h);
            int n = 13 + (i & 1);
            if (i % 3 == 0) {
                while (h.tiles < n) mj_hand_add(&h, kinds[mj_rng_below(&g, (uint32_t)nk)]);
            } else {
                /* pairs and triplets and runs drawn at random, then up to 3 tiles swapped */
                while (h.tiles < 14) {
                    int k = kinds[mj_rng_below(&g, (uint32_t)nk)], what = (int)mj_rng_below(&g, 3);
                    int len = h.tiles == 13 ? 1 : h.tiles == 12 || what == 0 ? 2 : 3;
                    if (h.tiles + len > 14) continue;
                    bool run = what == 2 && k < MJ_HONOR_BASE && k % 9 <= 6 && (set >> (k + 1) & 1) && (set >> (k + 2) & 1);
                    mj_hand x = h;
                    bool ok = true;
                    for (int j = 0; j < len; j++) ok &= mj_hand_add(&x, run ? k + j : k);
                    if (ok) h = x;
                }
                for (int swaps = (int)mj_rng_below(&g, 4); swaps > 0; swaps--) {
                    int out = kinds[mj_rng_below(&g, (uint32_t)nk)];
                    if (mj_hand_remove(&h, out)) mj_hand_add(&h, kinds[mj_rng_below(&g, (uint32_t)nk)]);
                }
                while (h.tiles > n) {
                    int out = kinds[mj_rng_below(&g, (uint32_t)nk)];
                    mj_hand_remove(&h, out);
                }
            }
            /* the search bounded by the truth's own distance: it finds a W that near if one exists
             * and proves none nearer, or returns NO_SHANTEN when the truth's number is too low */
            int t = mj_truth_shanten(&h, &r), b = brute_shanten_within(&h, &r, t + 1);
            char text[MJ_FORMAT_CAP];
            mj_format(&h, MJ_NOTATION_MPSZ, text, sizeof text);
            ck_assert_msg(t == b, "%s under %s: truth %d, search %d (seed %llu)", text, r.name, t, b,
                          (unsigned long long)seed);
            if (n == 13 && i % 4 == 1) {
                mj_kindset te = mj_truth_effective(&h, &r, NULL), be = brute_effective(&h, &r, b);
                ck_assert_msg(te == be, "%s under %s: effective tiles differ (seed %llu)", text, r.name,
                              (unsigned long long)seed);
            }
        }
    }
}
END_TEST

static int shanten_of(const char *hand, const char *rules)
{
    mj_rules r = tu_rules(rules);
    mj_hand h = tu_hand(hand, MJ_KINDS);
    return mj_truth_shanten(&h, &r);
}

static void effective_of(const char *hand, const char *rules, int want_shanten, const char *want_kinds, int want_count)
{
    mj_rules r = tu_rules(rules);
    mj_hand h = tu_hand(hand, MJ_KINDS);
    int s;
    mj_kindset set = mj_truth_effective(&h, &r, &s);
    char buf[160];
    mj_format_kindset(set, buf, sizeof buf);
    ck_assert_msg(s == want_shanten && strcmp(buf, want_kinds) == 0 && mj_truth_effective_count(&h, set) == want_count,
                  "%s under %s: shanten %d, effective %s count %d; want %d, %s, %d", hand, rules, s, buf,
                  mj_truth_effective_count(&h, set), want_shanten, want_kinds, want_count);
}

/* The examples the definitions are argued with (oracle/README.md). */
START_TEST(known_values)
{
    ck_assert_int_eq(mj_truth_shanten_init(), 0);
    effective_of("123456789m1134p", "riichi", 0, "25p", 8);
    /* thirteen orphans: 13-sided when all are held once, complete with one doubled */
    effective_of("19m19p19s1234567z", "riichi", 0, "19m19p19s1234567z", 39);
    ck_assert_int_eq(shanten_of("19m19p19s1234567z1m", "riichi"), -1);
    ck_assert_int_eq(shanten_of("19m19p19s1234567z1m", "sanma"), -1);
    /* a four is one pair of seven distinct pairs (riichi) but two under 7p4 (sichuan) */
    ck_assert_int_eq(shanten_of("1111m3355m77p99p11s", "sichuan"), -1);
    ck_assert_int_eq(shanten_of("1111m3355m77p99p11s", "riichi"), 1);
    ck_assert_int_eq(shanten_of("1111m3355m77p99p11s", "std"), 2);
    /* four copies held: the fifth is no effective tile, every other kind is (a pair beside 111m) */
    effective_of("1111m", "basic", 1, "23456789m123456789p123456789s", 104);
    /* 3k+2: after the best discard (5z), 1p and 4p complete it */
    effective_of("11m23p5z", "basic", 0, "14p", 8);
    /* sanma has no 2m-8m: 11m + 1m9m cannot become a run, only pairs and triplets */
    effective_of("1119m", "sanma", 0, "9m", 3);
    effective_of("1119m", "riichi", 0, "9m", 3);
    effective_of("1113m", "riichi", 0, "23m", 7);
    /* the sizes the definition leaves out */
    ck_assert_int_eq(shanten_of("123m", "riichi"), MJ_TRUTH_NO_SHANTEN);
    ck_assert_int_eq(shanten_of("111222333m", "riichi"), MJ_TRUTH_NO_SHANTEN);
    ck_assert_int_eq(shanten_of("1m", "basic"), 0);
    ck_assert_int_eq(shanten_of("11m", "basic"), -1);
    ck_assert_int_eq(shanten_of("19m", "basic"), 0);
}
END_TEST

/* shanten -1 exactly where the win truth (built separately, truth.c) says complete: every
 * one-suit hand of 1-14 tiles under four rule sets, and sampled hands over all kinds. */
static void identity_walk(const mj_rules *r, mj_hand *h, int from, int max, uint64_t *wins)
{
    if (h->tiles && h->tiles % 3) {
        int s = mj_truth_shanten(h, r);
        bool win = mj_truth_is_win(h, r);
        if ((s == -1) != win) {
            char text[MJ_FORMAT_CAP];
            mj_format(h, MJ_NOTATION_MPSZ, text, sizeof text);
            ck_abort_msg("%s under %s: shanten %d but is_win %d", text, r->name, s, win);
        }
        *wins += win;
    }
    if (h->tiles == max) return;
    for (int k = from; k < 9; k++)
        if (h->count[k] < MJ_MAX_COPIES) {
            mj_hand_add(h, k);
            identity_walk(r, h, k, max, wins);
            mj_hand_remove(h, k);
        }
}

START_TEST(shanten_minus_one_is_win)
{
    ck_assert_int_eq(mj_truth_init(), 0);
    ck_assert_int_eq(mj_truth_shanten_init(), 0);
    static const char *rules[] = {"basic", "sichuan", "riichi", "std,7p"};
    for (int i = 0; i < 4; i++) {
        mj_rules r = tu_rules(rules[i]);
        mj_hand h;
        mj_hand_clear(&h);
        uint64_t wins = 0;
        identity_walk(&r, &h, 0, 14, &wins);
        ck_assert_uint_gt(wins, 0);
    }
}
END_TEST

/* Rules outside the definition are refused, not guessed at. */
START_TEST(unsupported_rules)
{
    mj_rules r = tu_rules("mediatek");
    ck_assert(!mj_truth_shanten_supports(&r));
    r = tu_rules("riichi");
    ck_assert(mj_truth_shanten_supports(&r));
    r = tu_rules("sanma");
    ck_assert(mj_truth_shanten_supports(&r));
}
END_TEST

int main(void)
{
    Suite *s = suite_create("shanten_truth");
    TCase *tc = tcase_create("small");
    tcase_add_test(tc, truth_matches_the_definition_on_small_hands);
    suite_add_tcase(s, tc);
    tc = tcase_create("sampled");
    tcase_add_test(tc, truth_matches_the_definition_on_sampled_full_hands);
    suite_add_tcase(s, tc);
    tc = tcase_create("values");
    tcase_add_test(tc, known_values);
    tcase_add_test(tc, shanten_minus_one_is_win);
    tcase_add_test(tc, unsupported_rules);
    suite_add_tcase(s, tc);
    return tu_run(s);
}
