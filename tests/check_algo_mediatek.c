/* The seed 003 port: the seed's seven example hands, its kong and seven-pairs branches, and
 * that it is offered for its own rule set only. */
#include "testutil.h"

static const mj_algo *port(void) { return mj_algo_find("mediatek"); }

static void expect(const char *letters, bool want)
{
    mj_rules r = tu_rules("mediatek");
    mj_hand h = tu_hand(letters, r.kinds);
    ck_assert_msg(mj_algo_is_win(port(), &h, &r) == want, "%s: expected %s", letters, want ? "good" : "bad");
    ck_assert_msg(mj_algo_is_win(mj_algo_find("backtrack"), &h, &r) == want, "%s: backtrack disagrees", letters);
}

/* Seed 003's "Sample Example" list, with the results it states. */
START_TEST(seed_examples)
{
    ck_assert_int_eq(mj_algos_init(), 0);
    expect("ABCeee345456DD", true);
    expect("ABeeee345456DD", false);
    expect("AAAABC123456333", false); /* 15 tiles without a four-of-a-kind set aside as a bar */
    expect("AADDFF1133aagg", true);
    expect("AAAABBBBCCCCDDDD88", true);
    expect("AAA123789", false);
    expect("AAA111345666DEF88", false);
}
END_TEST

/* isDDH reads a four as two pairs (7p4); each bar count 15..18 takes exactly that many bars. */
START_TEST(pairs_and_bars)
{
    ck_assert_int_eq(mj_algos_init(), 0);
    expect("AAAABBCCDDEEFF", true);     /* seven pairs with a four */
    expect("AAAA123456789BB", true);    /* 15: one bar set aside, then 123 456 789 BB */
    expect("AAAA123456789BBB", false);  /* 16 needs two bars */
    expect("AAAABBBB1234CC", false);    /* 14 tiles: bars are not set aside */
    expect("AAAABBBBCCCC1DD", false);   /* 15: AAAA set aside leaves no 3n+2 */
    expect("AAAABBBBCCCC11", true);     /* 14: AAA BBB CCC ABC 11 */
    expect("AAAABBBBCCCC11DDD", true);  /* 17: three bars, DDD + 11 */
    expect("AAAABBBBCCCCDDDD8", false); /* 17 with four bars: the rest is one tile */
}
END_TEST

/* min_win 14 and 27 kinds keep the port away from every rule set but its own. */
START_TEST(offered_for_mediatek_only)
{
    static const char *const others[] = {"basic", "sichuan", "riichi", "std", "std,7p4,kongs"};
    mj_rules r = tu_rules("mediatek");
    ck_assert(mj_algo_supports(port(), &r));
    for (size_t i = 0; i < sizeof others / sizeof others[0]; i++) {
        r = tu_rules(others[i]);
        ck_assert_msg(!mj_algo_supports(port(), &r), "offered for %s", others[i]);
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("algo_mediatek");
    TCase *tc = tcase_create("seed003");
    tcase_add_test(tc, seed_examples);
    tcase_add_test(tc, pairs_and_bars);
    tcase_add_test(tc, offered_for_mediatek_only);
    suite_add_tcase(s, tc);
    return tu_run(s);
}
