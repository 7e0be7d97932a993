/* pattern's native waits on the shapes seed 002 names: the fifth-copy bug it reports
 * (2222333), its special shapes, honors by rule, and the special forms' waits. */
#include "testutil.h"

/* Fails unless pattern's waits for hand under rules are exactly `want` (mpsz). */
static void expect_waits(const char *rules, const char *hand, const char *want)
{
    ck_assert_int_eq(mj_algos_init(), 0);
    mj_rules r = tu_rules(rules);
    mj_hand h = tu_hand(hand, r.kinds);
    mj_kindset got = mj_algo_waits(mj_algo_find("pattern"), &h, &r);
    mj_kindset oracle = mj_algo_waits(mj_algo_find("backtrack"), &h, &r);
    char g[64], o[64];
    mj_format_kindset(got, g, sizeof g);
    mj_format_kindset(oracle, o, sizeof o);
    mj_kindset expected = 0;
    if (*want) {
        mj_hand w = tu_hand(want, MJ_KINDS);
        for (int k = 0; k < MJ_KINDS; k++)
            if (w.count[k]) expected |= (mj_kindset)1 << k;
    }
    ck_assert_msg(got == expected, "%s under %s: pattern waits on %s, expected %s", hand, rules, g, want);
    ck_assert_msg(oracle == expected, "%s under %s: backtrack waits on %s, expected %s", hand, rules, o, want);
}

/* Seed 002 §5: its first system also heard the fifth copy in 2222333 and 2223333. */
START_TEST(never_waits_on_a_fifth_copy)
{
    expect_waits("basic", "2222333m", "14m");
    expect_waits("basic", "2223333m", "14m");
    expect_waits("basic", "1111m", "");          /* a single held four times: no wait at all */
    expect_waits("riichi", "1111z", "");
    expect_waits("riichi", "1111z22z", "");      /* honors never run: only a fifth 1z would do */
}
END_TEST

/* The special shapes of seed 002 §1 come out of the decomposition, not a list. */
START_TEST(special_shapes)
{
    expect_waits("basic", "2334m", "3m");        /* ABBC: BB + AC, or 234 + a single 3 */
    expect_waits("basic", "23334m11p", "3m1p");  /* ABBBC: 333 + AC, or 234 + 33 beside 11p */
    expect_waits("basic", "22334m11p", "14m");   /* AABBC: 234 + AB */
    expect_waits("basic", "1133m", "13m");       /* two pairs, either becomes the triplet */
    expect_waits("basic", "1122333m", "123m");   /* AABBBCC (12 33 + ...) */
    expect_waits("basic", "1112345678999m", "123456789m"); /* nine gates */
    expect_waits("basic", "5m", "5m");           /* [1] */
    expect_waits("basic", "13m", "");            /* 2 tiles cannot wait: 3 is no winning size */
}
END_TEST

/* Honors by rule: a lone single, or two pairs; never a run. */
START_TEST(honors_by_rule)
{
    expect_waits("riichi", "123m456p789s111z2z", "2z");
    expect_waits("riichi", "123m456p789s11z22z", "12z");
    expect_waits("riichi", "123m456p789s11z23z", "");
    expect_waits("riichi", "123m456p11s789s22z", "1s2z");
}
END_TEST

/* Seven pairs wait on the single; thirteen orphans on the missing one or all thirteen. */
START_TEST(special_forms)
{
    expect_waits("sichuan", "1122334455667m", "147m");
    expect_waits("riichi", "112233445566m7z", "7z");
    expect_waits("riichi", "19m19p19s1234567z", "19m19p19s1234567z");
    expect_waits("riichi", "19m19p19s1234566z", "7z");
    expect_waits("mediatek", "1111222233334m", "45m");         /* 7p4 counts the fours twice */
    expect_waits("mediatek", "1111m2222p33334s", "4s");        /* 14 after the wait: the fours as melds */
    expect_waits("mediatek", "1111m2222p3333s44s5s", "245s");  /* 16: two kongs set aside, or 3333s completed */
    expect_waits("mediatek", "1111m2222p3333s456s7s", "47s");
}
END_TEST

int main(void)
{
    Suite *s = suite_create("algo_pattern");
    TCase *tc = tcase_create("waits");
    tcase_add_test(tc, never_waits_on_a_fifth_copy);
    tcase_add_test(tc, special_shapes);
    tcase_add_test(tc, honors_by_rule);
    tcase_add_test(tc, special_forms);
    suite_add_tcase(s, tc);
    return tu_run(s);
}
