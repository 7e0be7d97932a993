/* Notations: every error class with its offset, detection, and parse(format(h)) == h everywhere. */
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

/* Parses text and returns the status, with *err filled. */
static mj_status try_parse(const char *text, mj_notation nt, int kinds, mj_hand *h, mj_error *err)
{
    return mj_parse(text, strlen(text), nt, kinds, h, err);
}

typedef struct {
    const char *text;
    mj_notation nt;
    int kinds;
    mj_status code;
    size_t offset;
} error_case;

/* One row per error class and notation: the code and the byte offset it must name. */
static const error_case error_cases[] = {
    {"", MJ_NOTATION_MPSZ, 34, MJ_ERR_EMPTY, 0},
    {"   ", MJ_NOTATION_MPSZ, 34, MJ_ERR_EMPTY, 0},
    {"123m4x6p", MJ_NOTATION_MPSZ, 34, MJ_ERR_UNKNOWN_CHAR, 5},
    {"123M", MJ_NOTATION_MPSZ, 34, MJ_ERR_UNKNOWN_CHAR, 3},
    {"123m45", MJ_NOTATION_MPSZ, 34, MJ_ERR_DIGIT_NO_SUIT, 4},
    {"123mp", MJ_NOTATION_MPSZ, 34, MJ_ERR_SUIT_NO_DIGIT, 4},
    {"1238z", MJ_NOTATION_MPSZ, 34, MJ_ERR_HONOR_RANGE, 3},
    {"0z", MJ_NOTATION_MPSZ, 34, MJ_ERR_HONOR_RANGE, 0},
    {"9z", MJ_NOTATION_MPSZ, 27, MJ_ERR_HONOR_RANGE, 0},
    {"11111m", MJ_NOTATION_MPSZ, 34, MJ_ERR_FIFTH_COPY, 4},
    {"5555m0m", MJ_NOTATION_MPSZ, 34, MJ_ERR_FIFTH_COPY, 5}, /* a red five is a five */
    {"123456789m123456789p1s", MJ_NOTATION_MPSZ, 34, MJ_ERR_TOO_MANY, 20},
    {"123m1z", MJ_NOTATION_MPSZ, 27, MJ_ERR_OUTSIDE_SET, 4},
    {"", MJ_NOTATION_LETTERS, 27, MJ_ERR_EMPTY, 0},
    {"ABCj", MJ_NOTATION_LETTERS, 27, MJ_ERR_UNKNOWN_CHAR, 3},
    {"AB0", MJ_NOTATION_LETTERS, 27, MJ_ERR_UNKNOWN_CHAR, 2},
    {"AAAAA", MJ_NOTATION_LETTERS, 27, MJ_ERR_FIFTH_COPY, 4},
    {"ABCDEFGHIabcdefghi1", MJ_NOTATION_LETTERS, 27, MJ_ERR_TOO_MANY, 18},
    {"[]", MJ_NOTATION_HEX, 27, MJ_ERR_EMPTY, 0},
    {"0x01]", MJ_NOTATION_HEX, 27, MJ_ERR_UNKNOWN_CHAR, 4},
    {"[ ]", MJ_NOTATION_HEX, 27, MJ_ERR_EMPTY, 0},
    {"0x01,0x0a", MJ_NOTATION_HEX, 27, MJ_ERR_BAD_CODE, 5},
    {"0x01,0x10", MJ_NOTATION_HEX, 27, MJ_ERR_BAD_CODE, 5},
    {"0x01,0x38", MJ_NOTATION_HEX, 34, MJ_ERR_HONOR_RANGE, 5},
    {"0x01,0x31", MJ_NOTATION_HEX, 27, MJ_ERR_OUTSIDE_SET, 5},
    {"0x01,17", MJ_NOTATION_HEX, 27, MJ_ERR_UNKNOWN_CHAR, 5},
    {"0x01;0x02", MJ_NOTATION_HEX, 27, MJ_ERR_UNKNOWN_CHAR, 4},
    {"[0x01,0x02", MJ_NOTATION_HEX, 27, MJ_ERR_UNKNOWN_CHAR, 9},
    {"0x", MJ_NOTATION_HEX, 27, MJ_ERR_BAD_CODE, 0},
    {"0x01 0x01 0x01 0x01 0x01", MJ_NOTATION_HEX, 27, MJ_ERR_FIFTH_COPY, 20},
    {"0x01,0x02,0x03,0x04,0x05,0x06,0x07,0x08,0x09,0x11,0x12,0x13,0x14,0x15,0x16,0x17,0x18,0x19,0x21",
     MJ_NOTATION_HEX, 27, MJ_ERR_TOO_MANY, 90},
    {"", MJ_NOTATION_UNICODE, 34, MJ_ERR_EMPTY, 0},
    {"\xf0\x9f\x80\x87x", MJ_NOTATION_UNICODE, 34, MJ_ERR_UNKNOWN_CHAR, 4},
    {"\xf0\x9f\x80\xa2", MJ_NOTATION_UNICODE, 34, MJ_ERR_UNKNOWN_CHAR, 0}, /* U+1F022, a flower */
    {"\xf0\x9f\x80", MJ_NOTATION_UNICODE, 34, MJ_ERR_BAD_UTF8, 0},           /* truncated */
    {"\xc0\xaf", MJ_NOTATION_UNICODE, 34, MJ_ERR_BAD_UTF8, 0},               /* overlong */
    {"\xf0\x9f\x80\x80", MJ_NOTATION_UNICODE, 27, MJ_ERR_OUTSIDE_SET, 0},    /* East under 27 kinds */
    {"\xf0\x9f\x80\x87\xf0\x9f\x80\x87\xf0\x9f\x80\x87\xf0\x9f\x80\x87\xf0\x9f\x80\x87", MJ_NOTATION_UNICODE, 34,
     MJ_ERR_FIFTH_COPY, 16},
};

/* Each error class is reported with its code, the offset it names, and a message
 * that carries the notation and the offset. */
START_TEST(errors_name_code_and_offset)
{
    const error_case *c = &error_cases[_i];
    mj_hand h;
    mj_error err;
    mj_status s = try_parse(c->text, c->nt, c->kinds, &h, &err);
    ck_assert_msg(s == c->code, "'%s' (%s): got %s, want %s (%s)", c->text, mj_notation_name(c->nt),
                  mj_status_name(s), mj_status_name(c->code), err.message);
    ck_assert_int_eq(err.code, c->code);
    ck_assert_msg(err.offset == c->offset, "'%s': offset %zu, want %zu (%s)", c->text, err.offset, c->offset,
                  err.message);
    ck_assert_ptr_nonnull(strstr(err.message, mj_notation_name(c->nt)));
    ck_assert_ptr_nonnull(strstr(err.message, "byte"));
    ck_assert_int_eq(h.tiles, 0); /* a failed parse leaves nothing behind */
}
END_TEST

/* The same hand written four ways parses to the same counts. */
START_TEST(notations_agree_on_one_hand)
{
    const char *forms[] = {
        "123m456p789s11z",
        "ABC456ghi",
        "[0x01,0x02,0x03,0x24,0x25,0x26,0x17,0x18,0x19]",
        "\xf0\x9f\x80\x87\xf0\x9f\x80\x88\xf0\x9f\x80\x89\xf0\x9f\x80\x9c\xf0\x9f\x80\x9d\xf0\x9f\x80\x9e"
        "\xf0\x9f\x80\x96\xf0\x9f\x80\x97\xf0\x9f\x80\x98",
    };
    mj_hand want = tu_hand("123m456p789s", 34);
    for (size_t i = 1; i < 4; i++) {
        mj_hand h = tu_hand(forms[i], 34);
        ck_assert_msg(mj_hand_equal(&h, &want), "form %zu differs", i);
    }
    mj_hand with_honors = tu_hand(forms[0], 34);
    ck_assert_int_eq(with_honors.count[27], 2);
    ck_assert_int_eq(with_honors.tiles, 11);
}
END_TEST

/* Special readings: red five, seed 000's 0x013 = 0x13, honors in unicode order, brackets and spaces. */
START_TEST(special_readings)
{
    mj_hand h = tu_hand("0m0p0s", 27);
    ck_assert_int_eq(h.count[4], 1);
    ck_assert_int_eq(h.count[13], 1);
    ck_assert_int_eq(h.count[22], 1);
    h = tu_hand("[0x013]", 27);
    ck_assert_int_eq(h.count[mj_kind_make(MJ_SUIT_S, 3)], 1);
    h = tu_hand(" 0x01  0x11,0x21 ,0x31 ", 34);
    ck_assert_int_eq(h.count[0] + h.count[18] + h.count[9] + h.count[27], 4);
    /* U+1F004 is the red dragon (z7), U+1F006 the white (z5) */
    h = tu_hand("\xf0\x9f\x80\x84\xf0\x9f\x80\x86", 34);
    ck_assert_int_eq(h.count[33], 1);
    ck_assert_int_eq(h.count[31], 1);
    /* an emoji presentation selector after a tile is not a tile */
    h = tu_hand("\xf0\x9f\x80\x84\xef\xb8\x8f", 34);
    ck_assert_int_eq(h.tiles, 1);
    h = tu_hand("123m 456p", 27);
    ck_assert_int_eq(h.tiles, 6);
}
END_TEST

/* Auto-detection picks the notation from the characters used. */
START_TEST(detection)
{
    ck_assert_int_eq(mj_notation_detect("123m", 4), MJ_NOTATION_MPSZ);
    ck_assert_int_eq(mj_notation_detect("ABCeee", 6), MJ_NOTATION_LETTERS);
    ck_assert_int_eq(mj_notation_detect("123456", 6), MJ_NOTATION_LETTERS);
    ck_assert_int_eq(mj_notation_detect("[0x01]", 6), MJ_NOTATION_HEX);
    ck_assert_int_eq(mj_notation_detect("\xf0\x9f\x80\x87", 4), MJ_NOTATION_UNICODE);
    ck_assert_int_eq(mj_notation_from_name("hex"), MJ_NOTATION_HEX);
    ck_assert_int_eq(mj_notation_from_name("nope"), MJ_NOTATION_COUNT);
}
END_TEST

/* Formatting is canonical: sorted by kind whatever the input order. */
START_TEST(format_is_canonical)
{
    char buf[MJ_FORMAT_CAP];
    mj_hand h = tu_hand("1z9s1p5m1m", 34);
    ck_assert_int_eq(mj_format(&h, MJ_NOTATION_MPSZ, buf, sizeof buf), MJ_OK);
    ck_assert_str_eq(buf, "15m1p9s1z");
    ck_assert_int_eq(mj_format(&h, MJ_NOTATION_HEX, buf, sizeof buf), MJ_OK);
    ck_assert_str_eq(buf, "[0x01,0x05,0x21,0x19,0x31]");
    ck_assert_int_eq(mj_format(&h, MJ_NOTATION_LETTERS, buf, sizeof buf), MJ_ERR_UNREPRESENTABLE);
    h = tu_hand("ABCeee345456DD", 27);
    ck_assert_int_eq(mj_format(&h, MJ_NOTATION_LETTERS, buf, sizeof buf), MJ_OK);
    ck_assert_str_eq(buf, "ABCDD344556eee");
    ck_assert_int_eq(mj_format(&h, MJ_NOTATION_MPSZ, buf, sizeof buf), MJ_OK);
    ck_assert_str_eq(buf, "12344m344556p555s");
    char small[4];
    ck_assert_int_eq(mj_format(&h, MJ_NOTATION_MPSZ, small, sizeof small), MJ_ERR_TOO_MANY);
    mj_format_kindset(0, buf, sizeof buf);
    ck_assert_str_eq(buf, "-");
    mj_format_kindset((1u << 0) | (1u << 3), buf, sizeof buf);
    ck_assert_str_eq(buf, "14m");
}
END_TEST

/* parse(format(h)) == h for every notation, on seeded random hands of every size. */
START_TEST(round_trip_every_notation)
{
    mj_rng rng = {tu_seed("round_trip_every_notation", 20261122)};
    char buf[MJ_FORMAT_CAP];
    for (int iter = 0; iter < 20000; iter++) {
        int kinds = iter & 1 ? MJ_KINDS : MJ_SUITED_KINDS;
        mj_hand h = mj_deal(&rng, kinds, 1 + (int)mj_rng_below(&rng, MJ_MAX_TILES));
        for (int nt = MJ_NOTATION_MPSZ; nt < MJ_NOTATION_COUNT; nt++) {
            mj_status s = mj_format(&h, (mj_notation)nt, buf, sizeof buf);
            if (nt == MJ_NOTATION_LETTERS && kinds == MJ_KINDS) {
                bool honors = false;
                for (int k = MJ_HONOR_BASE; k < MJ_KINDS; k++) honors |= h.count[k] > 0;
                ck_assert_int_eq(s, honors ? MJ_ERR_UNREPRESENTABLE : MJ_OK);
                if (honors) continue;
            }
            ck_assert_int_eq(s, MJ_OK);
            mj_hand back;
            mj_error err;
            ck_assert_msg(mj_parse(buf, strlen(buf), (mj_notation)nt, kinds, &back, &err) == MJ_OK, "%s: %s", buf,
                          err.message);
            ck_assert_msg(mj_hand_equal(&back, &h), "round trip changed %s", buf);
            /* auto-detection reads every canonical form back too */
            ck_assert_int_eq(mj_parse(buf, strlen(buf), MJ_NOTATION_AUTO, kinds, &back, NULL), MJ_OK);
            ck_assert(mj_hand_equal(&back, &h));
        }
    }
}
END_TEST

/* Hand bookkeeping refuses a fifth copy and a 19th tile, and validity checks the tile set. */
START_TEST(hand_limits)
{
    mj_hand h;
    mj_hand_clear(&h);
    for (int i = 0; i < 4; i++) ck_assert(mj_hand_add(&h, 0));
    ck_assert(!mj_hand_add(&h, 0));
    for (int k = 1; k <= 14; k++) ck_assert(mj_hand_add(&h, k));
    ck_assert_int_eq(h.tiles, 18);
    ck_assert(!mj_hand_add(&h, 20));
    ck_assert(mj_hand_valid(&h, 27));
    ck_assert(mj_hand_remove(&h, 14));
    ck_assert(!mj_hand_remove(&h, 30));
    ck_assert(mj_hand_add(&h, 30));
    ck_assert(!mj_hand_valid(&h, 27));
    ck_assert(mj_hand_valid(&h, 34));
    h.tiles = 3;
    ck_assert(!mj_hand_valid(&h, 34));
}
END_TEST

int main(void)
{
    Suite *s = suite_create("notation");
    TCase *tc = tcase_create("errors");
    tcase_add_loop_test(tc, errors_name_code_and_offset, 0, (int)(sizeof error_cases / sizeof error_cases[0]));
    suite_add_tcase(s, tc);
    tc = tcase_create("readings");
    tcase_add_test(tc, notations_agree_on_one_hand);
    tcase_add_test(tc, special_readings);
    tcase_add_test(tc, detection);
    tcase_add_test(tc, hand_limits);
    suite_add_tcase(s, tc);
    tc = tcase_create("format");
    tcase_add_test(tc, format_is_canonical);
    tcase_add_test(tc, round_trip_every_notation);
    suite_add_tcase(s, tc);
    return tu_run(s);
}
