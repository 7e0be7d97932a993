/* Dou Dizhu model: hand arithmetic, every notation alias and error (with its byte offset), the
 * rules option and the move notation, and parse(format(x)) == x. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ddz_cards.h"
#include "ddz_moves.h"
#include "testutil.h"

/* Parses a hand that must parse. */
static ddz_hand H(const char *text)
{
    ddz_hand h = 0;
    ddz_error e;
    ddz_status s = ddz_parse_hand(text, 1, &h, &e);
    ck_assert_msg(s == DDZ_OK, "'%s': %s", text, e.message);
    return h;
}

/* The counts, sizes and the deck agree with a by-hand reading. */
START_TEST(hand_arithmetic)
{
    ddz_hand h = H("33TTJJ2XD");
    ck_assert_int_eq(ddz_size(h), 9);
    ck_assert_int_eq(ddz_count(h, DDZ_R3), 2);
    ck_assert_int_eq(ddz_count(h, DDZ_RT), 2);
    ck_assert_int_eq(ddz_count(h, DDZ_R2), 1);
    ck_assert_int_eq(ddz_count(h, DDZ_RX), 1);
    ck_assert_int_eq(ddz_count(h, DDZ_RD), 1);
    ck_assert_int_eq(ddz_count(h, DDZ_R4), 0);
    ck_assert_int_eq(ddz_size(ddz_deck()), DDZ_DECK_SIZE);
    ck_assert(ddz_contains(ddz_deck(), h));
    ck_assert(ddz_contains(h, H("3TJ")));
    ck_assert(!ddz_contains(h, H("333")));
    ck_assert(!ddz_contains(h, H("4")));
    ck_assert(ddz_minus(h, H("33X")) == H("TTJJ2D"));
    ck_assert(ddz_add(ddz_sub(h, DDZ_RJ, 2), DDZ_RK, 1) == H("33TTK2XD"));
    ck_assert_int_eq(ddz_size(0), 0);
}
END_TEST

/* Every alias reads as the canonical card. */
START_TEST(aliases)
{
    ck_assert(H("T") == H("10"));
    ck_assert(H("T") == H("0"));
    ck_assert(H("T") == H("t"));
    ck_assert(H("X") == H("Y"));
    ck_assert(H("X") == H("x"));
    ck_assert(H("X") == H("y"));
    ck_assert(H("D") == H("Z"));
    ck_assert(H("D") == H("d"));
    ck_assert(H("D") == H("z"));
    ck_assert(H("jqka") == H("JQKA"));
    ck_assert(H("3 4, 5\t6") == H("3456"));
    ck_assert(H("1010100") == H("TTTT"));
    ck_assert(H("") == 0);
    ck_assert(H(" , ") == 0);
}
END_TEST

typedef struct {
    const char *text;
    ddz_status code;
    size_t offset;
} error_case;

/* One row per error class: the code and the byte offset it must name. */
static const error_case error_cases[] = {
    {"", DDZ_ERR_EMPTY, 0},
    {"  ,", DDZ_ERR_EMPTY, 0},
    {"34B5", DDZ_ERR_UNKNOWN_CARD, 2},
    {"1", DDZ_ERR_UNKNOWN_CARD, 0},
    {"341", DDZ_ERR_UNKNOWN_CARD, 2},
    {"31 0", DDZ_ERR_UNKNOWN_CARD, 1}, /* `10` must be written together */
    {"3+", DDZ_ERR_UNKNOWN_CARD, 1},
    {"3\xc3\xa9", DDZ_ERR_UNKNOWN_CARD, 1},
    {"55555", DDZ_ERR_FIFTH_COPY, 4},
    {"T10 0tT", DDZ_ERR_FIFTH_COPY, 6},
    {"TTTT10", DDZ_ERR_FIFTH_COPY, 4},
    {"XY", DDZ_ERR_SECOND_JOKER, 1},
    {"3DZ", DDZ_ERR_SECOND_JOKER, 2},
    {"33334444555566667777", DDZ_OK, 0},
    {"333344445555666677778", DDZ_ERR_TOO_MANY, 20},
    {"3333 4444 5555 6666 7777 8", DDZ_ERR_TOO_MANY, 25},
    {"3333444455556666777788888", DDZ_ERR_TOO_MANY, 20}, /* the 21st card comes before the fifth 8 */
};

/* Each bad hand is refused with its class and offset, and the message names the offset. */
START_TEST(parse_errors)
{
    const error_case *c = &error_cases[_i];
    ddz_hand h = 0;
    ddz_error e;
    ddz_status s = ddz_parse_hand(c->text, 0, &h, &e);
    char want[32];
    ck_assert_msg(s == c->code, "'%s': got %s, want %s (%s)", c->text, ddz_status_name(s),
                  ddz_status_name(c->code), e.message);
    if (s != DDZ_OK) {
        ck_assert_int_eq(e.code, c->code);
        ck_assert_uint_eq(e.offset, c->offset);
        snprintf(want, sizeof want, "byte %zu: ", c->offset);
        ck_assert_msg(strncmp(e.message, want, strlen(want)) == 0, "'%s': message '%s'", c->text, e.message);
        ck_assert(strchr(e.message, '\n') == NULL);
    }
}
END_TEST

/* A NULL err is allowed, and allow_empty only changes the empty case. */
START_TEST(parse_without_err)
{
    ddz_hand h = 1;
    ck_assert_int_eq(ddz_parse_hand("B", 0, &h, NULL), DDZ_ERR_UNKNOWN_CARD);
    ck_assert_int_eq(ddz_parse_hand("", 0, &h, NULL), DDZ_ERR_EMPTY);
    ck_assert_int_eq(ddz_parse_hand("", 1, &h, NULL), DDZ_OK);
    ck_assert(h == 0);
}
END_TEST

/* format writes the canonical form, parse reads it back, and a short buffer truncates safely. */
START_TEST(format_round_trip)
{
    char buf[64];
    ck_assert_uint_eq(ddz_format_hand(H("D2a10 3x"), buf, sizeof buf), 6);
    ck_assert_str_eq(buf, "3TA2XD");
    ck_assert_uint_eq(ddz_format_hand(0, buf, sizeof buf), 1);
    ck_assert_str_eq(buf, "-");
    ck_assert_uint_eq(ddz_format_hand(H("3456"), buf, 3), 4);
    ck_assert_str_eq(buf, "34");
    ck_assert_uint_eq(ddz_format_hand(ddz_deck(), NULL, 0), 54);
    /* Random sub-hands of the deck: parse(format(h)) == h. */
    uint64_t seed = tu_seed("ddz_model round trip", 13);
    uint64_t x = seed | 1;
    for (int k = 0; k < 2000; k++) {
        ddz_hand h = 0;
        for (int r = 0; r < DDZ_RANKS; r++) {
            x ^= x << 13, x ^= x >> 7, x ^= x << 17;
            int max = r >= DDZ_RX ? 1 : 4;
            h = ddz_add(h, r, (int)(x % (uint64_t)(max + 1)));
        }
        if (ddz_size(h) > DDZ_MAX_HAND)
            continue;
        ddz_format_hand(h, buf, sizeof buf);
        ck_assert_msg(H(strcmp(buf, "-") ? buf : "") == h, "seed %llu: %s", (unsigned long long)seed, buf);
    }
}
END_TEST

/* Two hands fit one deck unless together they exceed a rank's copies; the error names the card. */
START_TEST(disjoint)
{
    ddz_error e;
    ck_assert_int_eq(ddz_check_disjoint(H("3333X"), H("4444D"), &e), DDZ_OK);
    ck_assert_int_eq(ddz_check_disjoint(H("333"), H("3"), &e), DDZ_OK);
    ck_assert_int_eq(ddz_check_disjoint(H("333"), H("33"), &e), DDZ_ERR_OVERLAP);
    ck_assert_ptr_nonnull(strstr(e.message, "3"));
    ck_assert_int_eq(ddz_check_disjoint(H("X4"), H("X"), &e), DDZ_ERR_OVERLAP);
    ck_assert_ptr_nonnull(strstr(e.message, "X"));
    ck_assert_int_eq(ddz_check_disjoint(H("D"), H("D"), NULL), DDZ_ERR_OVERLAP);
}
END_TEST

/* Every type and convention has its documented name; names are distinct. */
START_TEST(names)
{
    static const char *const want[DDZ_TYPES] = {"pass", "single", "pair", "triple", "triple1", "triple2",
                                                "straight", "pairs", "plane", "plane1", "plane2", "four2",
                                                "four22", "bomb", "rocket"};
    for (int t = 0; t < DDZ_TYPES; t++)
        ck_assert_str_eq(ddz_type_name((ddz_type)t), want[t]);
    ck_assert_str_eq(ddz_convention_name(DDZ_CONV_RLCARD), "rlcard");
    ck_assert_str_eq(ddz_convention_name(DDZ_CONV_DOUZERO), "douzero");
    for (int s = DDZ_OK; s <= DDZ_ERR_ILLEGAL; s++)
        for (int u = s + 1; u <= DDZ_ERR_ILLEGAL; u++)
            ck_assert_str_ne(ddz_status_name((ddz_status)s), ddz_status_name((ddz_status)u));
}
END_TEST

/* The rules option: conventions, no-TYPE switches, defaults, errors with offsets, round trip. */
START_TEST(rules)
{
    ddz_rules r;
    ddz_error e;
    char buf[256];
    ck_assert_int_eq(ddz_parse_rules("", &r, &e), DDZ_OK);
    ck_assert_int_eq(r.convention, DDZ_CONV_RLCARD);
    ck_assert_uint_eq(r.forbidden, 0);
    ck_assert_int_eq(ddz_parse_rules("douzero", &r, &e), DDZ_OK);
    ck_assert_int_eq(r.convention, DDZ_CONV_DOUZERO);
    ck_assert_int_eq(ddz_parse_rules("douzero,no-four2,no-four22", &r, &e), DDZ_OK);
    ck_assert_uint_eq(r.forbidden, (1u << DDZ_FOUR_TWO_SINGLES) | (1u << DDZ_FOUR_TWO_PAIRS));
    ck_assert_int_eq(ddz_parse_rules("no-triple2", &r, &e), DDZ_OK);
    ck_assert_int_eq(r.convention, DDZ_CONV_RLCARD);
    ck_assert_uint_eq(r.forbidden, 1u << DDZ_TRIPLE_PAIR);
    ck_assert_int_eq(ddz_parse_rules("rlcard,no-plane1,no-plane2,no-triple1", &r, &e), DDZ_OK);
    ddz_format_rules(&r, buf, sizeof buf);
    ck_assert_str_eq(buf, "rlcard,no-triple1,no-plane1,no-plane2");
    {
        ddz_rules back;
        ck_assert_int_eq(ddz_parse_rules(buf, &back, &e), DDZ_OK);
        ck_assert(back.convention == r.convention && back.forbidden == r.forbidden);
    }
    /* Every single switch round-trips. */
    for (int t = 1; t < DDZ_TYPES; t++) {
        ddz_rules one = {DDZ_CONV_DOUZERO, 1u << t}, back;
        ddz_format_rules(&one, buf, sizeof buf);
        ck_assert_int_eq(ddz_parse_rules(buf, &back, &e), DDZ_OK);
        ck_assert(back.convention == one.convention && back.forbidden == one.forbidden);
    }
    ck_assert_int_eq(ddz_parse_rules("zhejiang", &r, &e), DDZ_ERR_BAD_RULES);
    ck_assert_uint_eq(e.offset, 0);
    ck_assert_int_eq(ddz_parse_rules("rlcard,no-four3", &r, &e), DDZ_ERR_BAD_RULES);
    ck_assert_uint_eq(e.offset, 10);
    ck_assert_int_eq(ddz_parse_rules("rlcard,douzero", &r, &e), DDZ_ERR_BAD_RULES);
    ck_assert_uint_eq(e.offset, 7);
    ck_assert_int_eq(ddz_parse_rules("rlcard,,no-bomb", &r, &e), DDZ_ERR_BAD_RULES);
    ck_assert_uint_eq(e.offset, 7);
    ck_assert_int_eq(ddz_parse_rules("rlcard,", &r, &e), DDZ_ERR_BAD_RULES);
    ck_assert_uint_eq(e.offset, 7);
    ck_assert_int_eq(ddz_parse_rules("no-pass", &r, &e), DDZ_ERR_BAD_RULES);
    ck_assert_uint_eq(ddz_format_rules(&(ddz_rules){DDZ_CONV_RLCARD, 0}, buf, 4), 6);
    ck_assert_str_eq(buf, "rlc");
}
END_TEST

/* Move text: pass, bare cards, TYPE:CARDS; errors carry offsets into the whole text. */
START_TEST(move_text)
{
    ddz_type t;
    ddz_hand c;
    ddz_error e;
    char buf[80];
    ck_assert_int_eq(ddz_parse_move_text("pass", &t, &c, &e), DDZ_OK);
    ck_assert_int_eq(t, DDZ_PASS);
    ck_assert(c == 0);
    ck_assert_int_eq(ddz_parse_move_text(" PASS ", &t, &c, &e), DDZ_OK);
    ck_assert_int_eq(t, DDZ_PASS);
    ck_assert_int_eq(ddz_parse_move_text("345678", &t, &c, &e), DDZ_OK);
    ck_assert_int_eq(t, DDZ_TYPES);
    ck_assert(c == H("345678"));
    ck_assert_int_eq(ddz_parse_move_text("plane1:33344456", &t, &c, &e), DDZ_OK);
    ck_assert_int_eq(t, DDZ_AIRPLANE_SINGLES);
    ck_assert(c == H("33344456"));
    ck_assert_int_eq(ddz_parse_move_text("Four22:5555 66 77", &t, &c, &e), DDZ_OK);
    ck_assert_int_eq(t, DDZ_FOUR_TWO_PAIRS);
    ck_assert_int_eq(ddz_parse_move_text("pair:3B", &t, &c, &e), DDZ_ERR_UNKNOWN_CARD);
    ck_assert_uint_eq(e.offset, 6);
    ck_assert_ptr_nonnull(strstr(e.message, "byte 6: "));
    ck_assert_int_eq(ddz_parse_move_text("bomb:33333", &t, &c, &e), DDZ_ERR_FIFTH_COPY);
    ck_assert_uint_eq(e.offset, 9);
    ck_assert_int_eq(ddz_parse_move_text("quad:3333", &t, &c, &e), DDZ_ERR_BAD_MOVE);
    ck_assert_uint_eq(e.offset, 0);
    ck_assert_int_eq(ddz_parse_move_text("pass:33", &t, &c, &e), DDZ_ERR_BAD_MOVE);
    ck_assert_int_eq(ddz_parse_move_text("pair:", &t, &c, &e), DDZ_ERR_EMPTY);
    ck_assert_int_eq(ddz_parse_move_text("  ", &t, &c, &e), DDZ_ERR_EMPTY);
    ck_assert_int_eq(ddz_parse_move_text("", &t, &c, &e), DDZ_ERR_EMPTY);
    /* Format writes TYPE:CARDS, which parses back to the same type and cards. */
    {
        ddz_move m = {H("33344456"), DDZ_AIRPLANE_SINGLES, DDZ_R3, 2};
        ddz_move p = {0, DDZ_PASS, 0, 0};
        ck_assert_uint_eq(ddz_format_move(&m, buf, sizeof buf), strlen("plane1:33344456"));
        ck_assert_str_eq(buf, "plane1:33344456");
        ck_assert_int_eq(ddz_parse_move_text(buf, &t, &c, &e), DDZ_OK);
        ck_assert(t == DDZ_AIRPLANE_SINGLES && c == m.cards);
        ddz_format_move(&p, buf, sizeof buf);
        ck_assert_str_eq(buf, "pass");
        ck_assert_uint_eq(ddz_format_move(&m, buf, 5), 15);
        ck_assert_str_eq(buf, "plan");
    }
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("ddz_model");
    TCase *tc = tcase_create("cards");
    tcase_add_test(tc, hand_arithmetic);
    tcase_add_test(tc, aliases);
    tcase_add_loop_test(tc, parse_errors, 0, (int)(sizeof error_cases / sizeof error_cases[0]));
    tcase_add_test(tc, parse_without_err);
    tcase_add_test(tc, format_round_trip);
    tcase_add_test(tc, disjoint);
    suite_add_tcase(s, tc);
    tc = tcase_create("moves");
    tcase_add_test(tc, names);
    tcase_add_test(tc, rules);
    tcase_add_test(tc, move_text);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return tu_run(suite()); }
