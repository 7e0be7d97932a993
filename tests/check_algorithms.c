/* Every registered algorithm against the baseline: single-suit hands, seeded random,
 * complete and near-complete hands, waits, and the seeds' examples, per preset it supports. */
#include <stdio.h>
#include <string.h>

#include "testutil.h"

static const char *const presets[] = {"basic", "sichuan", "mediatek", "riichi"};
enum { NPRESETS = sizeof presets / sizeof presets[0] };

static const mj_algo *baseline(void) { return mj_algo_find("backtrack"); }

static void setup(void) { ck_assert_int_eq(mj_algos_init(), 0); }

/* Fails with the hand in mpsz when a and the baseline disagree on h. */
static void expect_same_win(const mj_algo *a, const mj_hand *h, const mj_rules *r)
{
    bool want = mj_algo_is_win(baseline(), h, r), got = mj_algo_is_win(a, h, r);
    if (want != got) {
        char buf[MJ_FORMAT_CAP];
        mj_format(h, MJ_NOTATION_MPSZ, buf, sizeof buf);
        ck_abort_msg("%s under %s: %s is %s, %s says %s", a->name, r->name, buf, want ? "win" : "no", a->name,
                     got ? "win" : "no");
    }
}

static void expect_same_waits(const mj_algo *a, const mj_hand *h, const mj_rules *r)
{
    mj_kindset want = mj_algo_waits(baseline(), h, r), got = mj_algo_waits(a, h, r);
    if (want != got) {
        char buf[MJ_FORMAT_CAP], w[64], g[64];
        mj_format(h, MJ_NOTATION_MPSZ, buf, sizeof buf);
        mj_format_kindset(want, w, sizeof w);
        mj_format_kindset(got, g, sizeof g);
        ck_abort_msg("%s under %s: %s waits on %s, %s says %s", a->name, r->name, buf, w, a->name, g);
    }
}

/* Calls fn on every hand of n tiles within one suit (kinds base..base+8). */
static long each_suit_hand(int base, int n, void (*fn)(const mj_algo *, const mj_hand *, const mj_rules *),
                           const mj_algo *a, const mj_rules *r)
{
    int c[MJ_SUIT_SIZE] = {0};
    long seen = 0;
    for (;;) {
        int sum = 0;
        for (int i = 0; i < MJ_SUIT_SIZE; i++) sum += c[i];
        if (sum == n) {
            mj_hand h;
            mj_hand_clear(&h);
            for (int i = 0; i < MJ_SUIT_SIZE; i++) h.count[base + i] = (uint8_t)c[i];
            h.tiles = (uint8_t)n;
            fn(a, &h, r);
            seen++;
        }
        int i = 0; /* odometer in base 5 */
        while (i < MJ_SUIT_SIZE && c[i] == MJ_MAX_COPIES) c[i++] = 0;
        if (i == MJ_SUIT_SIZE) return seen;
        c[i]++;
    }
}

/* A random complete standard hand: a pair plus `melds` melds, dealt within copy limits. */
static bool random_complete(mj_rng *rng, int kinds, int melds, mj_hand *h)
{
    mj_hand_clear(h);
    int pair = (int)mj_rng_below(rng, (uint32_t)kinds);
    mj_hand_add(h, pair);
    mj_hand_add(h, pair);
    for (int m = 0; m < melds; m++) {
        bool run = mj_rng_below(rng, 2) == 0;
        int k = (int)mj_rng_below(rng, (uint32_t)kinds);
        if (run && !mj_kind_is_honor(k) && mj_kind_rank(k) <= 7) {
            if (h->count[k] == 4 || h->count[k + 1] == 4 || h->count[k + 2] == 4) return false;
            mj_hand_add(h, k), mj_hand_add(h, k + 1), mj_hand_add(h, k + 2);
        } else {
            if (h->count[k] > 1) return false;
            mj_hand_add(h, k), mj_hand_add(h, k), mj_hand_add(h, k);
        }
    }
    return true;
}

/* Every single-suit hand of 2, 5, 8 and 11 tiles, in each suit, under each supported preset. */
START_TEST(agrees_on_single_suit_hands)
{
    const mj_algo *a = mj_algos[_i];
    if (a->flawed) {
        ck_assert_ptr_nonnull(a->flaw); /* flagged ports are judged in check_flawed */
        return;
    }
    long total = 0;
    for (int p = 0; p < NPRESETS; p++) {
        mj_rules r = tu_rules(presets[p]);
        if (!mj_algo_supports(a, &r)) continue;
        for (int n = 2; n <= 11; n += 3)
            for (int suit = 0; suit < 3; suit++) total += each_suit_hand(suit * MJ_SUIT_SIZE, n, expect_same_win, a, &r);
    }
    ck_assert_msg(total > 0, "%s supports no preset", a->name);
}
END_TEST

/* 100,000 seeded random 14-tile hands dealt from a shuffled wall, per supported preset,
 * plus complete hands and their one-tile mutations (random deals rarely win). */
START_TEST(agrees_on_random_hands)
{
    const mj_algo *a = mj_algos[_i];
    if (a->flawed) return;
    mj_rng rng = {tu_seed(a->name, 0x5eed0000u + (uint64_t)_i)};
    for (int p = 0; p < NPRESETS; p++) {
        mj_rules r = tu_rules(presets[p]);
        if (!mj_algo_supports(a, &r)) continue;
        for (int i = 0; i < 100000; i++) {
            mj_hand h = mj_deal(&rng, r.kinds, 14);
            expect_same_win(a, &h, &r);
        }
        for (int i = 0; i < 20000; i++) {
            mj_hand h;
            if (!random_complete(&rng, r.kinds, 4, &h)) continue;
            expect_same_win(a, &h, &r);
            int out = (int)mj_rng_below(&rng, (uint32_t)r.kinds), in = (int)mj_rng_below(&rng, (uint32_t)r.kinds);
            if (mj_hand_remove(&h, out) && mj_hand_add(&h, in)) expect_same_win(a, &h, &r);
        }
        if (r.forms & MJ_FORM_KONGS)
            for (int i = 0; i < 20000; i++) {
                mj_hand h = mj_deal(&rng, r.kinds, 15 + (int)mj_rng_below(&rng, 4));
                expect_same_win(a, &h, &r);
            }
    }
}
END_TEST

/* Waits on seeded random 13-tile hands and on complete hands less one tile. */
START_TEST(agrees_on_waits)
{
    const mj_algo *a = mj_algos[_i];
    if (a->flawed) return;
    mj_rng rng = {tu_seed(a->name, 0xa17u + (uint64_t)_i)};
    for (int p = 0; p < NPRESETS; p++) {
        mj_rules r = tu_rules(presets[p]);
        if (!mj_algo_supports(a, &r)) continue;
        for (int i = 0; i < 10000; i++) {
            mj_hand h = mj_deal(&rng, r.kinds, 13);
            expect_same_waits(a, &h, &r);
            if (random_complete(&rng, r.kinds, 4, &h) && mj_hand_remove(&h, (int)mj_rng_below(&rng, (uint32_t)r.kinds)))
                expect_same_waits(a, &h, &r);
        }
        for (int n = 1; n <= 13; n += 3) /* every single-suit waiting size */
            each_suit_hand(0, n, expect_same_waits, a, &r);
    }
}
END_TEST

/* Seed 003's and seed 000's example hands with their stated results. */
START_TEST(passes_seed_examples)
{
    const mj_algo *a = mj_algos[_i];
    if (a->flawed) return; /* flagged ports may fail here; check_flawed pins how */
    static const struct { const char *hand, *rules; bool win; } cases[] = {
        {"ABCeee345456DD", "mediatek", true},
        {"ABeeee345456DD", "mediatek", false},
        {"AAAABC123456333", "mediatek", false},
        {"AADDFF1133aagg", "mediatek", true},
        {"AAAABBBBCCCCDDDD88", "mediatek", true},
        {"AAA123789", "mediatek", false},
        {"AAA111345666DEF88", "mediatek", false},
        {"[0x17,0x18,0x19,0x06,0x06,0x06,0x07,0x07,0x08,0x08,0x09,0x09,0x03,0x03]", "basic", true},
        {"[0x06,0x06,0x06,0x06,0x07,0x08,0x11,0x12,0x013,0x21,0x21,0x21,0x03,0x03]", "basic", true},
        {"[0x11,0x19,0x19,0x04,0x09,0x06,0x25,0x07,0x27,0x08,0x09,0x09,0x03,0x03]", "basic", false},
    };
    int checked = 0;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        mj_rules r = tu_rules(cases[i].rules);
        if (!mj_algo_supports(a, &r)) continue;
        mj_hand h = tu_hand(cases[i].hand, r.kinds);
        bool got = mj_algo_is_win(a, &h, &r);
        ck_assert_msg(got == cases[i].win, "%s: %s under %s", a->name, cases[i].hand, cases[i].rules);
        checked++;
    }
    ck_assert_msg(checked > 0, "%s supports neither basic nor mediatek", a->name);
}
END_TEST

/* The registry itself: unique names, a summary and source for every row, baseline first. */
START_TEST(registry_is_well_formed)
{
    ck_assert_str_eq(mj_algos[0]->name, "backtrack");
    for (size_t i = 0; i < mj_algo_count; i++) {
        const mj_algo *a = mj_algos[i];
        ck_assert_ptr_nonnull(a->is_win);
        ck_assert(a->summary && *a->summary && a->source && *a->source);
        ck_assert(a->max_kinds == 27 || a->max_kinds == 34);
        ck_assert_ptr_eq(mj_algo_find(a->name), a);
        for (size_t j = 0; j < i; j++) ck_assert_str_ne(mj_algos[j]->name, a->name);
    }
    ck_assert_ptr_null(mj_algo_find("no-such-algorithm"));
}
END_TEST

int main(void)
{
    Suite *s = suite_create("algorithms");
    TCase *tc = tcase_create("registry");
    tcase_add_test(tc, registry_is_well_formed);
    suite_add_tcase(s, tc);
    tc = tcase_create("agreement");
    tcase_add_unchecked_fixture(tc, setup, NULL);
    int n = (int)mj_algo_count;
    tcase_add_loop_test(tc, passes_seed_examples, 0, n);
    tcase_add_loop_test(tc, agrees_on_single_suit_hands, 0, n);
    tcase_add_loop_test(tc, agrees_on_random_hands, 0, n);
    tcase_add_loop_test(tc, agrees_on_waits, 0, n);
    suite_add_tcase(s, tc);
    return tu_run(s);
}
