/* table's lookup array against the baseline on every shape one suit can take: the table is
 * the algorithm, so each of its 5^9 entries is checked, not a sample. */
#include <stdio.h>

#include "testutil.h"

/* Every suit shape of at most 12 tiles with a pair of honors beside it tests the meld-only
 * class, and every shape of at most 14 tiles alone the pair class (over 34 kinds and, on
 * table's honor-free path, 27); all must match backtrack, in each of the three suits. */
START_TEST(every_suit_shape)
{
    ck_assert_int_eq(mj_algos_init(), 0);
    const mj_algo *table = mj_algo_find("table"), *base = mj_algo_find("backtrack");
    mj_rules r, r27;
    mj_error err;
    ck_assert(mj_rules_parse("std", MJ_KINDS, &r, &err) == MJ_OK);
    ck_assert(mj_rules_parse("std", MJ_SUITED_KINDS, &r27, &err) == MJ_OK);
    long checked = 0, wins = 0;
    int c[MJ_SUIT_SIZE] = {0};
    for (;;) {
        int sum = 0;
        for (int i = 0; i < MJ_SUIT_SIZE; i++) sum += c[i];
        for (int suit = 0; suit < 3 && sum <= 14 && sum % 3 != 1; suit++) {
            mj_hand h;
            mj_hand_clear(&h);
            for (int i = 0; i < MJ_SUIT_SIZE; i++) h.count[suit * 9 + i] = (uint8_t)c[i];
            h.tiles = (uint8_t)sum;
            if (sum % 3 == 0) { /* melds only: lend it the pair from the honors */
                h.count[MJ_HONOR_BASE] = 2;
                h.tiles += 2;
            }
            bool want = mj_algo_is_win(base, &h, &r), got = mj_algo_is_win(table, &h, &r);
            bool got27 = sum % 3 == 2 ? mj_algo_is_win(table, &h, &r27) : want; /* no honors held */
            if (want != got || want != got27) {
                char buf[MJ_FORMAT_CAP];
                mj_format(&h, MJ_NOTATION_MPSZ, buf, sizeof buf);
                ck_abort_msg("%s: backtrack says %s, table %s over %d kinds", buf, want ? "win" : "no",
                             want != got ? (got ? "win" : "no") : (got27 ? "win" : "no"), want != got ? 34 : 27);
            }
            checked++, wins += want;
        }
        int i = 0; /* odometer in base 5 */
        while (i < MJ_SUIT_SIZE && c[i] == MJ_MAX_COPIES) c[i++] = 0;
        if (i == MJ_SUIT_SIZE) break;
        c[i]++;
    }
    ck_assert_int_gt(wins, 0);
    fprintf(stderr, "table: %ld suit shapes checked, %ld complete\n", checked, wins);
}
END_TEST

/* Whole hands, each rule set: dealt from both walls, built complete (a pair and melds, seven
 * pairs with and without fours, thirteen orphans) and one tile off, against backtrack. This
 * suite runs twice (tests/CMakeLists.txt): as the CPU allows (AVX-512 where present) and with
 * MJ_TABLE_PORTABLE=1, so both of table's paths are held to the baseline on any machine that
 * has both. */
static bool build_complete(mj_rng *g, int kinds, int form, mj_hand *h)
{
    static const int orphans[13] = {0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33};
    mj_hand_clear(h);
    if (form == 1 || form == 2) { /* seven pairs; form 2 may hold a four */
        for (int i = 0; i < 7; i++) {
            int k = (int)mj_rng_below(g, (uint32_t)kinds);
            if ((form == 1 && h->count[k]) || !mj_hand_add(h, k) || !mj_hand_add(h, k)) return false;
        }
        return true;
    }
    if (form == 3) {
        if (kinds != MJ_KINDS) return false;
        for (int i = 0; i < 13; i++) mj_hand_add(h, orphans[i]);
        return mj_hand_add(h, orphans[mj_rng_below(g, 13)]);
    }
    int k = (int)mj_rng_below(g, (uint32_t)kinds);
    if (!mj_hand_add(h, k) || !mj_hand_add(h, k)) return false;
    for (int m = 0; m < 4; m++) {
        k = (int)mj_rng_below(g, (uint32_t)kinds);
        bool run = !mj_kind_is_honor(k) && mj_kind_rank(k) <= 7 && mj_rng_below(g, 2);
        for (int t = 0; t < 3; t++)
            if (!mj_hand_add(h, run ? k + t : k)) return false;
    }
    return true;
}

START_TEST(whole_hands)
{
    ck_assert_int_eq(mj_algos_init(), 0);
    const mj_algo *table = mj_algo_find("table"), *base = mj_algo_find("backtrack");
    static const char *const specs[] = {"basic", "sichuan", "riichi", "std", "std,7p", "std,7p4,13o"};
    mj_rng g = {tu_seed("table whole hands", 16)};
    long wins = 0;
    for (size_t si = 0; si < sizeof specs / sizeof specs[0]; si++) {
        for (int kinds = MJ_SUITED_KINDS; kinds <= MJ_KINDS; kinds += MJ_KINDS - MJ_SUITED_KINDS) {
            mj_rules r;
            mj_error err;
            if (mj_rules_parse(specs[si], kinds, &r, &err) != MJ_OK) continue; /* 13o needs 34 kinds */
            for (int i = 0; i < 20000; i++) {
                mj_hand h;
                int form = (int)mj_rng_below(&g, 8);
                if (form >= 4 || !build_complete(&g, kinds, form, &h)) /* dealt, from either wall */
                    h = mj_deal(&g, mj_rng_below(&g, 2) ? kinds : MJ_SUITED_KINDS, 14);
                if (i % 2) { /* one tile swapped */
                    int from = (int)mj_rng_below(&g, (uint32_t)kinds), to = (int)mj_rng_below(&g, (uint32_t)kinds);
                    if (mj_hand_remove(&h, from) && !mj_hand_add(&h, to)) mj_hand_add(&h, from);
                }
                bool want = mj_algo_is_win(base, &h, &r), got = mj_algo_is_win(table, &h, &r);
                if (want != got) {
                    char buf[MJ_FORMAT_CAP];
                    mj_format(&h, MJ_NOTATION_MPSZ, buf, sizeof buf);
                    ck_abort_msg("%s under %s over %d kinds: backtrack says %s, table %s", buf, specs[si], kinds,
                                 want ? "win" : "no", got ? "win" : "no");
                }
                wins += want;
            }
        }
    }
    ck_assert_int_gt(wins, 1000);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("algo_table");
    TCase *tc = tcase_create("table");
    tcase_add_test(tc, every_suit_shape);
    tcase_add_test(tc, whole_hands);
    suite_add_tcase(s, tc);
    return tu_run(s);
}
