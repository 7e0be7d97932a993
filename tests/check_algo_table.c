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

int main(void)
{
    Suite *s = suite_create("algo_table");
    TCase *tc = tcase_create("table");
    tcase_add_test(tc, every_suit_shape);
    suite_add_tcase(s, tc);
    return tu_run(s);
}
