/* The oracle's large published figures: every 34-kind hand of 13 and 14 tiles counted, and every
 * 27-kind hand of 14 tiles really enumerated, agreeing with the counting mode. */
#include <stdio.h>
#include <stdlib.h>

#include "mj_oracle.h"
#include "mj_truth.h"
#include "testutil.h"

static mj_rules rules(const char *spec, int kinds)
{
    mj_rules r;
    mj_error err;
    ck_assert_msg(mj_rules_parse(spec, kinds, &r, &err) == MJ_OK, "%s", err.message);
    return r;
}

/* 34 kinds: 326,520,504,500 hands of 14 tiles, 11,498,658 complete in standard form;
 * 98,521,596,000 hands of 13 tiles (counted per group shape and multiplied). */
START_TEST(published_34_kinds)
{
    mj_rules r = rules("basic", MJ_KINDS);
    uint64_t hands, pos;
    mj_error err;
    ck_assert_msg(mj_oracle_count(34, 14, &r, MJ_MODE_WIN, 0, &hands, &pos, NULL, &err) == MJ_OK, "%s", err.message);
    ck_assert_uint_eq(hands, 326520504500ull);
    ck_assert_uint_eq(pos, 11498658ull);
    ck_assert_uint_eq(mj_oracle_hands(34, 13), 98521596000ull);
    ck_assert_uint_eq(mj_oracle_hands(27, 14), 21310147575ull);
}
END_TEST

/* Every 27-kind hand of 14 tiles enumerated one by one (2 threads) gives the counting mode's
 * figures under the sichuan rules (standard form plus seven pairs with fours). */
START_TEST(enumerated_27_kinds_14)
{
    mj_rules r = rules("sichuan", MJ_SUITED_KINDS);
    uint64_t hands, pos;
    mj_error err;
    ck_assert(mj_oracle_count(27, 14, &r, MJ_MODE_WIN, 0, &hands, &pos, NULL, &err) == MJ_OK);
    mj_verify_config cfg = {.tiles = 27, .size_min = 14, .size_max = 14, .rules = r, .threads = 2};
    mj_verify_result *res = malloc(sizeof *res);
    ck_assert_ptr_nonnull(res);
    ck_assert(mj_verify_prepare(&cfg, res, &err) == MJ_OK);
    ck_assert_msg(mj_verify_run(&cfg, res, &err) == MJ_VERIFY_DONE, "%s", err.message);
    ck_assert_uint_eq(res->truth.hands, 21310147575ull);
    ck_assert_uint_eq(res->truth.hands, hands);
    ck_assert_uint_eq(res->truth.positives, pos);
    fprintf(stderr, "enumerated_27_kinds_14: %llu hands, %llu win, %.1f s, %.3g hands/s\n",
            (unsigned long long)res->truth.hands, (unsigned long long)res->truth.positives, res->truth.seconds,
            (double)res->truth.hands / res->truth.seconds);
    free(res);
}
END_TEST

typedef struct {
    mj_rules r;
    uint64_t hands, wins, waiting, hist[MJ_KINDS + 1];
} walk_ctx;

/* Every hand of `left` more tiles over kinds k.. , walked here by plain recursion, each
 * judged by the per-hand truth API. */
static void walk(walk_ctx *w, mj_hand *h, int k, int left)
{
    if (left == 0) {
        mj_kindset ws = mj_truth_waits(h, &w->r);
        w->hands++;
        w->wins += mj_truth_is_win(h, &w->r);
        w->waiting += ws != 0;
        w->hist[__builtin_popcountll(ws)]++;
        return;
    }
    if (k == w->r.kinds) return;
    for (int c = 0; c <= 4 && c <= left; c++) {
        h->count[k] = (uint8_t)c;
        h->tiles = (uint8_t)(h->tiles + c);
        walk(w, h, k + 1, left - c);
        h->tiles = (uint8_t)(h->tiles - c);
    }
    h->count[k] = 0;
}

/* The enumerator's class-based wins and waits equal the per-hand API's, walked independently,
 * on every 27-kind hand of 7 and 8 tiles (sichuan, basic) and every 34-kind hand of 4 and 5 tiles (riichi). */
START_TEST(enumerator_matches_per_hand_api)
{
    static const struct {
        const char *rules;
        int kinds, size;
    } cases[] = {{"sichuan", 27, 8}, {"sichuan", 27, 7}, {"basic", 27, 8}, {"riichi", 34, 5},
                 {"riichi", 34, 4}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        walk_ctx w = {.r = rules(cases[i].rules, cases[i].kinds)};
        mj_hand h;
        mj_hand_clear(&h);
        walk(&w, &h, 0, cases[i].size);
        uint64_t hands, pos, hist[MJ_KINDS + 1];
        mj_error err;
        ck_assert(mj_oracle_count(cases[i].kinds, cases[i].size, &w.r, MJ_MODE_WIN, 2, &hands, &pos, NULL, &err) == MJ_OK);
        ck_assert_uint_eq(hands, w.hands);
        ck_assert_uint_eq(pos, w.wins);
        ck_assert(mj_oracle_count(cases[i].kinds, cases[i].size, &w.r, MJ_MODE_WAITS, 2, &hands, &pos, hist, &err) == MJ_OK);
        ck_assert_uint_eq(hands, w.hands);
        ck_assert_uint_eq(pos, w.waiting);
        for (int k = 0; k <= MJ_KINDS; k++) ck_assert_uint_eq(hist[k], w.hist[k]);
        fprintf(stderr, "%s %d kinds, %d tiles: %llu hands, %llu win, %llu waiting\n", cases[i].rules, cases[i].kinds,
                cases[i].size, (unsigned long long)w.hands, (unsigned long long)w.wins, (unsigned long long)w.waiting);
    }
}
END_TEST

int main(void)
{
    if (mj_truth_init() != 0) return 1;
    Suite *s = suite_create("oracle_exhaustive");
    TCase *tc = tcase_create("published");
    tcase_set_timeout(tc, 3600);
    tcase_add_test(tc, published_34_kinds);
    tcase_add_test(tc, enumerated_27_kinds_14);
    tcase_add_test(tc, enumerator_matches_per_hand_api);
    suite_add_tcase(s, tc);
    return tu_run(s);
}
