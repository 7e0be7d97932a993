/* Rule sets and the seeds' example hands, decided by the baseline through the registry. */
#include <string.h>

#include "testutil.h"

static bool wins(const char *hand, const char *rules)
{
    mj_rules r = tu_rules(rules);
    mj_hand h = tu_hand(hand, r.kinds);
    return mj_algo_is_win(mj_algo_find("backtrack"), &h, &r);
}

static const char *waits_of(const char *hand, const char *rules, char *buf, size_t cap)
{
    mj_rules r = tu_rules(rules);
    mj_hand h = tu_hand(hand, r.kinds);
    mj_format_kindset(mj_algo_waits(mj_algo_find("backtrack"), &h, &r), buf, cap);
    return buf;
}

/* Seed 003's seven example hands with the results it states, under its own rules. */
START_TEST(seed003_examples)
{
    static const struct { const char *hand; bool win; } cases[] = {
        {"ABCeee345456DD", true},     {"ABeeee345456DD", false},      {"AAAABC123456333", false},
        {"AADDFF1133aagg", true},     {"AAAABBBBCCCCDDDD88", true},   {"AAA123789", false},
        {"AAA111345666DEF88", false},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        ck_assert_msg(wins(cases[i].hand, "mediatek") == cases[i].win, "%s", cases[i].hand);
}
END_TEST

/* Seed 000's three hands (13 listed tiles plus the drawn 0x03) under the basic rules. */
START_TEST(seed000_examples)
{
    ck_assert(wins("[0x17,0x18,0x19,0x06,0x06,0x06,0x07,0x07,0x08,0x08,0x09,0x09,0x03,0x03]", "basic"));
    ck_assert(wins("[0x06,0x06,0x06,0x06,0x07,0x08,0x11,0x12,0x013,0x21,0x21,0x21,0x03,0x03]", "basic"));
    ck_assert(!wins("[0x11,0x19,0x19,0x04,0x09,0x06,0x25,0x07,0x27,0x08,0x09,0x09,0x03,0x03]", "basic"));
}
END_TEST

/* std: a pair plus melds at 2, 5, 8, 11 and 14 tiles, never at 17; runs never cross suits or use honors. */
START_TEST(standard_form)
{
    ck_assert(wins("11m", "basic"));
    ck_assert(wins("11123m", "basic"));
    ck_assert(wins("11m123p789s", "basic"));
    ck_assert(wins("11122233344m", "basic"));
    ck_assert(wins("11123456789999m", "basic"));
    ck_assert(wins("1112345678999m5m", "basic"));
    ck_assert(!wins("11122233344455566m", "basic")); /* 5 melds and a pair: 17 is no std size */
    ck_assert(!wins("89m1p11s", "basic"));           /* 8m9m1p is no run */
    ck_assert(!wins("11m123z", "std,13o"));          /* honors never make runs */
    ck_assert(wins("11m111z", "std,13o"));
    ck_assert(!wins("1m", "basic"));
    ck_assert(!wins("12m", "basic"));
}
END_TEST

/* 7p needs distinct kinds; 7p4 lets a four-of-a-kind count as two pairs (seed 003). */
START_TEST(seven_pairs_forms)
{
    ck_assert(wins("1199m1199p115599s", "7p"));
    ck_assert(!wins("1111m99m1199p1199s", "7p"));
    ck_assert(wins("1111m99m1199p1199s", "7p4"));
    ck_assert(wins("1111m99m1199p1199s", "sichuan"));
    ck_assert(!wins("1111m99m1199p1199s", "basic"));
    ck_assert(!wins("1199m1199p115599s", "basic"));
    ck_assert(!wins("1199m1199p119s", "7p"));
}
END_TEST

/* kongs: 14+k tiles with k four-of-a-kinds set aside and a standard rest. */
START_TEST(kongs_form)
{
    ck_assert(wins("1111m234p567p789s11s", "mediatek"));
    ck_assert(wins("1111m2222m3333m456p77s", "mediatek"));
    ck_assert(!wins("1111m2222m3333m456p77s", "basic"));
    ck_assert(!wins("1111m234p567p789s12s", "mediatek"));
    ck_assert(!wins("111m234p567p789s111s", "kongs")); /* 15 tiles with no kong */
    ck_assert(wins("1111m2222m3333m4444m55m", "kongs"));
    ck_assert(!wins("1111m2222m3333m4444m56m", "kongs"));
}
END_TEST

/* 13o: one of each terminal and honor, one of them twice, only with 34 kinds. */
START_TEST(thirteen_orphans_form)
{
    ck_assert(wins("119m19p19s1234567z", "riichi"));
    ck_assert(wins("19m19p19s12345677z", "riichi"));
    ck_assert(!wins("129m19p19s1234567z", "riichi"));
    mj_rules r;
    mj_error err;
    ck_assert_int_eq(mj_rules_parse("std,7p", 34, &r, &err), MJ_OK);
    mj_hand h = tu_hand("119m19p19s1234567z", 34);
    ck_assert(!mj_algo_is_win(mj_algo_find("backtrack"), &h, &r));
    ck_assert_int_eq(mj_rules_parse("13o", 27, &r, &err), MJ_ERR_BAD_RULES);
    ck_assert_ptr_nonnull(strstr(err.message, "34"));
}
END_TEST

/* The mediatek preset wins only with 14 to 18 tiles (seed 003's rules). */
START_TEST(mediatek_size_window)
{
    ck_assert(wins("11m", "basic"));
    ck_assert(!wins("11m", "mediatek"));
    ck_assert(!wins("11123m", "mediatek"));
    mj_rules r = tu_rules("mediatek");
    ck_assert(!mj_rules_size_can_win(&r, 11));
    ck_assert(mj_rules_size_can_win(&r, 14));
    ck_assert(mj_rules_size_can_win(&r, 18));
}
END_TEST

/* Waits never include a fifth copy (seed 002: 2222333m waits on 1m and 4m only). */
START_TEST(waits_rules)
{
    char buf[64];
    ck_assert_str_eq(waits_of("2222333m", "basic", buf, sizeof buf), "14m");
    ck_assert_str_eq(waits_of("2223333m", "basic", buf, sizeof buf), "14m");
    ck_assert_str_eq(waits_of("1112345678999m", "basic", buf, sizeof buf), "123456789m");
    ck_assert_str_eq(waits_of("1199m1199p1199s5z", "riichi", buf, sizeof buf), "5z");
    ck_assert_str_eq(waits_of("19m19p19s1234567z", "riichi", buf, sizeof buf), "19m19p19s1234567z");
    ck_assert_str_eq(waits_of("1m", "basic", buf, sizeof buf), "1m");
    ck_assert_str_eq(waits_of("1111m", "basic", buf, sizeof buf), "-");
    ck_assert_str_eq(waits_of("11m", "basic", buf, sizeof buf), "-");
}
END_TEST

/* Presets and form lists parse; unknown names are refused with a message. */
START_TEST(rule_parsing)
{
    mj_rules r = tu_rules("riichi");
    ck_assert_int_eq(r.kinds, 34);
    ck_assert_uint_eq(r.forms, MJ_FORM_STD | MJ_FORM_7P | MJ_FORM_13O);
    r = tu_rules("std,7p4");
    ck_assert_int_eq(r.kinds, 27);
    char buf[64];
    mj_forms_format(r.forms, buf, sizeof buf);
    ck_assert_str_eq(buf, "std,7p4");
    mj_error err;
    ck_assert_int_eq(mj_rules_parse("std,bogus", 0, &r, &err), MJ_ERR_BAD_RULES);
    ck_assert_ptr_nonnull(strstr(err.message, "bogus"));
    ck_assert_int_eq(mj_rules_parse("", 0, &r, &err), MJ_ERR_BAD_RULES);
    ck_assert_int_eq(mj_rules_parse("basic", 33, &r, &err), MJ_ERR_BAD_RULES);
    ck_assert_int_eq(mj_rules_parse("basic", 34, &r, &err), MJ_OK);
    ck_assert_int_eq(r.kinds, 34);
}
END_TEST

/* sanma: riichi's forms over 27 kinds (1m 9m, pinzu, souzu, honors); 2m-8m are outside its
 * tile set, so the parser refuses them and no other tile set can be forced on it. */
START_TEST(sanma_preset)
{
    mj_rules r = tu_rules("sanma");
    ck_assert_int_eq(r.kinds, 34);
    ck_assert_uint_eq(r.forms, MJ_FORM_STD | MJ_FORM_7P | MJ_FORM_13O);
    ck_assert_int_eq(mj_rules_kind_count(&r), 27);
    mj_kindset set = mj_rules_tileset(&r);
    for (int k = 0; k < MJ_KINDS; k++) ck_assert_int_eq((int)(set >> k & 1), k == 0 || k >= 8);
    mj_error err;
    ck_assert_int_eq(mj_rules_parse("sanma", 27, &r, &err), MJ_ERR_BAD_RULES);
    ck_assert_ptr_nonnull(strstr(err.message, "fixed"));
    ck_assert_int_eq(mj_rules_parse("sanma", 34, &r, &err), MJ_OK);
    ck_assert_int_eq(mj_rules_kind_count(&r), 27);
    /* the other presets keep every kind below their bound */
    r = tu_rules("riichi");
    ck_assert_int_eq(mj_rules_kind_count(&r), 34);
    r = tu_rules("sichuan");
    ck_assert_int_eq(mj_rules_kind_count(&r), 27);
    mj_hand h;
    set = MJ_SANMA_TILESET;
    ck_assert_int_eq(mj_parse_set("19m19p19s1234567z9m", 19, MJ_NOTATION_MPSZ, set, &h, &err), MJ_OK);
    ck_assert_int_eq(h.tiles, 14);
    ck_assert_int_eq(mj_parse_set("11p5m", 5, MJ_NOTATION_MPSZ, set, &h, &err), MJ_ERR_OUTSIDE_SET);
    ck_assert_uint_eq(err.offset, 3);
    ck_assert_ptr_nonnull(strstr(err.message, "5m is outside"));
    ck_assert_int_eq(h.tiles, 0);
    /* every notation goes through the same check: letters B is 2m, hex 0x08 is 8m */
    ck_assert_int_eq(mj_parse_set("AIB", 3, MJ_NOTATION_LETTERS, set, &h, &err), MJ_ERR_OUTSIDE_SET);
    ck_assert_uint_eq(err.offset, 2);
    ck_assert_int_eq(mj_parse_set("[0x01,0x08]", 11, MJ_NOTATION_HEX, set, &h, &err), MJ_ERR_OUTSIDE_SET);
    ck_assert_int_eq(mj_parse_set("[0x01,0x09]", 11, MJ_NOTATION_HEX, set, &h, &err), MJ_OK);
    /* mj_parse keeps its meaning: every kind below its bound */
    ck_assert_int_eq(mj_parse("5m1z", 4, MJ_NOTATION_MPSZ, 34, &h, &err), MJ_OK);
    ck_assert_int_eq(mj_parse("5m1z", 4, MJ_NOTATION_MPSZ, 27, &h, &err), MJ_ERR_OUTSIDE_SET);
}
END_TEST

/* --explain gives a decomposition that names every group. */
START_TEST(explain_decomposition)
{
    mj_rules r = tu_rules("basic");
    mj_hand h = tu_hand("123m456m789m111p22s", 27);
    char buf[128];
    ck_assert(mj_explain(&h, &r, buf, sizeof buf));
    ck_assert_str_eq(buf, "123m 456m 789m 111p 22s");
    h = tu_hand("12m456m789m111p22s", 27);
    ck_assert(!mj_explain(&h, &r, buf, sizeof buf));
    r = tu_rules("mediatek");
    h = tu_hand("AAAABBBBCCCCDDDD88", 27);
    ck_assert(mj_explain(&h, &r, buf, sizeof buf));
    ck_assert_str_eq(buf, "1111m 2222m 3333m 4444m 88p");
}
END_TEST

int main(void)
{
    Suite *s = suite_create("rules");
    TCase *tc = tcase_create("seeds");
    tcase_add_test(tc, seed003_examples);
    tcase_add_test(tc, seed000_examples);
    suite_add_tcase(s, tc);
    tc = tcase_create("forms");
    tcase_add_test(tc, standard_form);
    tcase_add_test(tc, seven_pairs_forms);
    tcase_add_test(tc, kongs_form);
    tcase_add_test(tc, thirteen_orphans_form);
    tcase_add_test(tc, mediatek_size_window);
    tcase_add_test(tc, waits_rules);
    tcase_add_test(tc, rule_parsing);
    tcase_add_test(tc, sanma_preset);
    tcase_add_test(tc, explain_decomposition);
    suite_add_tcase(s, tc);
    return tu_run(s);
}
