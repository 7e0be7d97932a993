/* Pinned hands for split, greedy, dp and bitwise: each list aims at the pitfalls of one
 * method, and every list runs through all four (and backtrack) with answers worked out by hand. */
#include <stdio.h>
#include <string.h>

#include "testutil.h"

/* A hand, the rules it is judged under, the right answer, and why it is here. */
typedef struct {
    const char *hand, *rules;
    bool win;
    const char *why;
} pinned;

/* A 13-tile (or shorter) hand and the kinds it waits on, in mpsz. */
typedef struct {
    const char *hand, *rules, *waits;
} pinned_waits;

static const char *const methods[] = {"split", "greedy", "dp", "bitwise", "backtrack"};
enum { NMETHODS = sizeof methods / sizeof methods[0] };

static void check_list(const pinned *p, size_t n)
{
    ck_assert_int_eq(mj_algos_init(), 0);
    for (int m = 0; m < NMETHODS; m++) {
        const mj_algo *a = mj_algo_find(methods[m]);
        ck_assert_msg(a != NULL, "%s is not registered", methods[m]);
        for (size_t i = 0; i < n; i++) {
            mj_rules r = tu_rules(p[i].rules);
            mj_hand h = tu_hand(p[i].hand, r.kinds);
            bool got = mj_algo_is_win(a, &h, &r);
            ck_assert_msg(got == p[i].win, "%s under %s: %s says %s, right is %s (%s)", p[i].hand, p[i].rules,
                          a->name, got ? "win" : "no", p[i].win ? "win" : "no", p[i].why);
        }
    }
}

/* seed 000's method cuts the sorted hand into pieces; kinds that neighbour by number but
 * not on the table (m9 and p1, s9 and z1, honors among themselves) must never join. */
static const pinned split_hands[] = {
    {"[0x17,0x18,0x19,0x06,0x06,0x06,0x07,0x07,0x08,0x08,0x09,0x09,0x03,0x03]", "basic", true,
     "seed 000 example 1: 666m 789m 789m 789s 33m"},
    {"[0x06,0x06,0x06,0x06,0x07,0x08,0x11,0x12,0x13,0x21,0x21,0x21,0x03,0x03]", "basic", true,
     "seed 000 example 2: 666m 678m 123s 111p 33m"},
    {"[0x11,0x19,0x19,0x04,0x09,0x06,0x25,0x07,0x27,0x08,0x09,0x09,0x03,0x03]", "basic", false,
     "seed 000 example 3: 1s and 5p, 7p stand alone"},
    {"89m1p55s", "basic", false, "m9 and p1 are neighbouring kind numbers, not a run"},
    {"89s1z55m", "riichi", false, "s9 and z1 neighbour in kind numbers too"},
    {"123z55z", "riichi", false, "honors never run: each honor kind is a piece of its own"},
    {"567z11z", "riichi", false, "the dragons do not run either"},
    {"11122333m", "basic", true, "taking 22 out cuts the piece into 111 and 333"},
    {"122333m55z", "riichi", false, "a piece of 6 tiles that does not reduce: 123 leaves 233"},
    {"1222m55z", "riichi", false, "a piece of 4 tiles with the pair elsewhere"},
    {"11m123p", "basic", true, "the pair a piece of its own"},
};

/* The greedy has one move per kind, so a pair tried in the wrong place or a triplet not
 * taken first would show; the mod-3 arguments must keep every pair that can work. */
static const pinned greedy_hands[] = {
    {"11122233m", "basic", true, "only 33 can be the pair: the rank sum names class 3-6-9"},
    {"11234m", "basic", true, "the pair in rank class 1-4-7"},
    {"22234m", "basic", true, "the pair in class 2-5-8, where a triplet was possible"},
    {"33234m", "basic", true, "the pair in class 3-6-9"},
    {"222234m55z", "riichi", true, "four copies at the lowest kind: triplet, then a run"},
    {"11112233m", "basic", true, "four copies at the lowest kind holding the pair: 11 123 123"},
    {"123m456p11s789s", "basic", true, "the pair in the third suit"},
    {"123m456p11s78s", "basic", false, "two suits at 2 mod 3"},
    {"11123455678999m", "basic", true, "nine gates completed by 5m: 111 234 55 678 999"},
    {"111m11z", "riichi", true, "the pair among the honors, the suit melds only"},
    {"11m11z", "riichi", false, "two pairs"},
    {"1111z123m", "riichi", false, "four of an honor are no meld"},
};

/* The program carries runs open over two ranks and must close them by rank 9, never
 * carrying one from a suit into the next. */
static const pinned dp_hands[] = {
    {"112233m55z", "riichi", true, "two runs open together through ranks 2 and 3"},
    {"111222333m55z", "riichi", true, "three runs from one rank are three triplets"},
    {"89m55z", "riichi", false, "a run begun at rank 8 needs rank 10"},
    {"78899m", "basic", false, "the runs never close"},
    {"11112233m", "basic", true, "the pair and two open runs at rank 1"},
    {"1223m", "basic", false, "the pair in the middle of a run that never completes"},
    {"12233m", "basic", false, "whichever pair is taken, the run lacks a tile"},
    {"44445555666677m", "basic", true, "four runs open over three ranks"},
};

/* Guard bits must catch a short field without borrowing from the next, the top fields
 * (rank 9, and the empty 10 and 11) included, with four copies in a field. */
static const pinned bitwise_hands[] = {
    {"135m11z", "riichi", false, "a run with its middle missing clears a guard"},
    {"89m11z", "riichi", false, "a run from rank 8 reaches the empty field past rank 9"},
    {"77778899m", "basic", true, "77, then 789 789"},
    {"111122223333m44z", "riichi", true, "fours in three neighbouring fields: four runs"},
    {"777788889999m11z", "riichi", true, "fours at ranks 7 to 9, the top field included"},
    {"444455556666m11z", "riichi", true, "fours in the middle fields"},
    {"9999m", "basic", false, "four copies at rank 9 are no pair plus meld"},
    {"99m", "basic", true, "the pair in the top field"},
    {"999m11p", "basic", true, "a triplet in the top field"},
    {"1199m", "basic", false, "two pair candidates, neither works"},
    {"111444777m11s", "basic", true, "class 1-4-7 full of triplets, the pair in another suit"},
};

/* Waits through each method (dp's own, the others by trial): nine gates waits on every
 * rank, 2222333m not on a fifth 2m (seed 002's bug) nor on 3m, the special forms, kongs
 * and honors. */
static const pinned_waits waits_hands[] = {
    {"1112345678999m", "basic", "123456789m"},
    {"2222333m", "basic", "14m"},
    {"1122335566778m", "basic", "58m"},
    {"1122335566778m", "sichuan", "58m"},
    {"1111224466889m", "sichuan", "9m"},   /* seven pairs with a four counted as two */
    {"1111224466889m", "riichi", "-"},     /* the four is not two pairs there */
    {"19m19p19s1234567z", "riichi", "19m19p19s1234567z"}, /* thirteen orphans, thirteen-way */
    {"1111m234p567s8889s", "mediatek", "479s"}, /* 15 tiles: 1111m set aside as a kong */
    {"123m456p789s111z2z", "riichi", "2z"},      /* the pair among the honors */
    {"1112223334445z", "riichi", "5z"},          /* honors never run */
    {"5m", "basic", "5m"},                       /* a lone tile waits on its pair */
};

START_TEST(split_pitfalls) { check_list(split_hands, sizeof split_hands / sizeof split_hands[0]); }
END_TEST

START_TEST(greedy_pitfalls) { check_list(greedy_hands, sizeof greedy_hands / sizeof greedy_hands[0]); }
END_TEST

START_TEST(dp_pitfalls) { check_list(dp_hands, sizeof dp_hands / sizeof dp_hands[0]); }
END_TEST

START_TEST(bitwise_pitfalls) { check_list(bitwise_hands, sizeof bitwise_hands / sizeof bitwise_hands[0]); }
END_TEST

/* The pinned waits, through every method. */
START_TEST(pinned_waits_all)
{
    ck_assert_int_eq(mj_algos_init(), 0);
    for (int m = 0; m < NMETHODS; m++) {
        const mj_algo *a = mj_algo_find(methods[m]);
        ck_assert_msg(a != NULL, "%s is not registered", methods[m]);
        for (size_t i = 0; i < sizeof waits_hands / sizeof waits_hands[0]; i++) {
            const pinned_waits *w = &waits_hands[i];
            mj_rules r = tu_rules(w->rules);
            mj_hand h = tu_hand(w->hand, r.kinds);
            char got[64];
            mj_format_kindset(mj_algo_waits(a, &h, &r), got, sizeof got);
            ck_assert_msg(strcmp(got, w->waits) == 0, "%s under %s: %s says it waits on %s, right is %s", w->hand,
                          w->rules, a->name, got, w->waits);
        }
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("algo_pinned");
    TCase *tc = tcase_create("pitfalls");
    tcase_add_test(tc, split_pitfalls);
    tcase_add_test(tc, greedy_pitfalls);
    tcase_add_test(tc, dp_pitfalls);
    tcase_add_test(tc, bitwise_pitfalls);
    tcase_add_test(tc, pinned_waits_all);
    suite_add_tcase(s, tc);
    return tu_run(s);
}
