/* The flagged ports of seed 001's published code: pinned counterexamples, faithfulness to
 * the Python, survival on every small hand, and how often each is wrong on random deals. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

static const char *const ports[] = {"seed001-dp", "seed001-bitwise", "seed001-table"};
enum { NPORTS = sizeof ports / sizeof ports[0] };

static void setup(void) { ck_assert_int_eq(mj_algos_init(), 0); }

static const mj_algo *port(int i)
{
    const mj_algo *a = mj_algo_find(ports[i]);
    ck_assert_msg(a != NULL, "%s is not registered", ports[i]);
    return a;
}

static const mj_algo *baseline(void) { return mj_algo_find("backtrack"); }

/* The standard form over all 34 kinds, no size window beyond 1..18: what the
 * published Python, which knows no rules, is asked. */
static mj_rules std34(void)
{
    mj_rules r;
    mj_error err;
    ck_assert_msg(mj_rules_parse("std", 34, &r, &err) == MJ_OK, "rules std/34 refused: %s", err.message);
    return r;
}

/* Each port is registered, flagged with a reason, claims the standard form over 34
 * kinds, and sits after every unflagged algorithm. */
START_TEST(ports_are_registered_and_flagged)
{
    const mj_algo *a = port(_i);
    ck_assert(a->flawed);
    ck_assert(a->flaw && *a->flaw);
    ck_assert_uint_eq(a->forms, MJ_FORM_STD);
    ck_assert_int_eq(a->max_kinds, MJ_KINDS);
    ck_assert_msg(strncmp(a->source, "seed 001 §", strlen("seed 001 §")) == 0, "%s: source %s", a->name, a->source);
    bool seen_self = false;
    for (size_t i = 0; i < mj_algo_count; i++) {
        if (mj_algos[i] == a) seen_self = true;
        ck_assert_msg(!(seen_self && !mj_algos[i]->flawed), "%s is listed before unflagged %s", a->name,
                      mj_algos[i]->name);
    }
}
END_TEST

/* Pinned counterexamples: the right answer from backtrack, the port's wrong one, and
 * the published bug each pins. */
START_TEST(pinned_counterexamples)
{
    static const struct {
        const char *port, *hand;
        bool right; /* backtrack's answer under basic; the port says the opposite */
        const char *bug;
    } cases[] = {
        {"seed001-dp", "3m", false,
         "dp[3] is set from dp[0] whenever value 3 is held: copies and the pair are never counted"},
        {"seed001-dp", "12333366669999m", false,
         "dp[9] <- dp[6] <- dp[3] <- dp[0]: holding 3, 6 and 9 is enough, whatever else is held"},
        {"seed001-dp", "11m", true, "no pair is ever recognised: dp[1] needs values 2 and 3 held"},
        {"seed001-dp", "123456789m11199p", true,
         "dp[max_tile] only steps back by 3 through held values: 9p (18) needs 6p (15), not held"},
        {"seed001-bitwise", "11223345678999m", true,
         "the seed's own example: bit 0 is never set, so can_hu returns False on its first pass"},
        {"seed001-bitwise", "11m", true, "a pair collapses to one bit (|= 1 << tile) and the loop never shifts"},
        {"seed001-table", "11223345678999m", true,
         "the seed's own example: the generator raises IndexError on its first walk, the table holds nothing"},
        {"seed001-table", "22m", true, "the table never holds a pair (nor anything else): every lookup misses"},
    };
    mj_rules r = tu_rules("basic");
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const mj_algo *a = mj_algo_find(cases[i].port);
        ck_assert_ptr_nonnull(a);
        mj_hand h = tu_hand(cases[i].hand, r.kinds);
        ck_assert_msg(mj_algo_is_win(baseline(), &h, &r) == cases[i].right, "backtrack on %s should say %s",
                      cases[i].hand, cases[i].right ? "win" : "no");
        ck_assert_msg(mj_algo_is_win(a, &h, &r) == !cases[i].right, "%s on %s should say %s (%s)", a->name,
                      cases[i].hand, cases[i].right ? "no" : "win", cases[i].bug);
    }
}
END_TEST

/* The ports answer as the published Python does: each answer below came from running
 * seed 001's code (Python 3) on the mapped list (kind + 1, ascending). */
START_TEST(ports_match_the_published_python)
{
    static const struct {
        const char *hand;
        bool dp; /* is_hu_dp; is_hu_bitwise and is_hu_lookup said False on every one */
    } cases[] = {
        {"11223345678999m", true}, /* the seed's example; it prints True */
        {"3m", true},
        {"11m", false},
        {"12333366669999m", true},
        {"123456789m11199p", false},
        {"9m12p", false},
        {"369m", true},
        {"1m", false},
        {"147m", false},
        {"2m", false},
        {"258m", false},
        {"123m", true},
        {"12344m", true},
        {"789m123p", true}, /* suits are consecutive values, so 9m 1p 2p reads as a run */
        {"1234567z", true},
        {"7z", false},
        {"33z", false},
        {"11122233344z", true},
        {"147s", false},
        {"11122233344455m", true},
        {"12444456778889m", true},
        {"12333344667788m", false},
    };
    mj_rules r = std34();
    const mj_algo *dp = port(0), *bitwise = port(1), *table = port(2);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        mj_hand h = tu_hand(cases[i].hand, MJ_KINDS);
        ck_assert_msg(dp->is_win(&h, &r) == cases[i].dp, "seed001-dp on %s: Python says %s", cases[i].hand,
                      cases[i].dp ? "True" : "False");
        ck_assert_msg(!bitwise->is_win(&h, &r), "seed001-bitwise on %s: Python says False", cases[i].hand);
        ck_assert_msg(!table->is_win(&h, &r), "seed001-table on %s: Python's lookup misses", cases[i].hand);
    }
    /* Pins that the generator stops at its IndexError like the Python: a generator
     * guarded against it would have stored () and matched the empty hand. */
    mj_hand empty;
    mj_hand_clear(&empty);
    ck_assert(!table->is_win(&empty, &r));
}
END_TEST

/* Counts over a run; the algorithms are looked up once, since Check's assertions
 * cost a message to the parent process each and would dominate the loop. */
typedef struct {
    const mj_algo *right, *port[NPORTS];
    long hands, false_win[NPORTS], false_no[NPORTS], said_win[NPORTS];
} tally;

static tally tally_start(void)
{
    tally t = {.right = baseline()};
    ck_assert_ptr_nonnull(t.right);
    for (int i = 0; i < NPORTS; i++) t.port[i] = port(i);
    return t;
}

/* Asks every port about h under r's size window and counts where each differs from backtrack. */
static void tally_hand(tally *t, const mj_hand *h, const mj_rules *r)
{
    bool right = mj_algo_is_win(t->right, h, r);
    t->hands++;
    for (int i = 0; i < NPORTS; i++) {
        bool got = mj_algo_is_win(t->port[i], h, r);
        t->said_win[i] += got;
        if (got && !right) t->false_win[i]++;
        if (!got && right) t->false_no[i]++;
    }
}

/* What every survival run must show: each port wrong somewhere, and the two that
 * reject everything never saying win. */
static void check_tally(const tally *t, const char *what)
{
    for (int i = 0; i < NPORTS; i++) {
        fprintf(stderr, "%s: %s on %ld hands: %ld false wins, %ld false non-wins\n", what, ports[i], t->hands,
                t->false_win[i], t->false_no[i]);
        ck_assert_msg(t->false_win[i] + t->false_no[i] > 0, "%s: %s never wrong", what, ports[i]);
    }
    ck_assert_msg(t->said_win[1] == 0 && t->said_win[2] == 0, "%s: bitwise or table port said win", what);
}

/* Hands of 1..14 tiles within one suit: the coefficients of (1 + x + .. + x^4)^kinds. */
static long suit_hands(int kinds)
{
    long poly[MJ_SUIT_SIZE * MJ_MAX_COPIES + 1] = {1};
    for (int k = 0; k < kinds; k++)
        for (int n = k * MJ_MAX_COPIES + MJ_MAX_COPIES; n >= 0; n--) {
            long sum = 0;
            for (int c = 0; c <= MJ_MAX_COPIES && c <= n; c++) sum += poly[n - c];
            poly[n] = sum;
        }
    long total = 0;
    for (int n = 1; n <= 14; n++) total += poly[n];
    return total;
}

/* Every single-suit hand of 1..14 tiles, in each of m, p, s and honors: no crash, no
 * hang, no sanitizer report, and the expected number of hands visited. */
START_TEST(survives_every_single_suit_hand)
{
    mj_rules r = std34();
    static const struct { int base, kinds; } suits[] = {{0, 9}, {9, 9}, {18, 9}, {27, 7}};
    for (size_t s = 0; s < sizeof suits / sizeof suits[0]; s++) {
        int base = suits[s].base, kinds = suits[s].kinds;
        tally t = tally_start();
        int c[MJ_SUIT_SIZE] = {0};
        for (;;) {
            int sum = 0;
            for (int i = 0; i < kinds; i++) sum += c[i];
            if (sum >= 1 && sum <= 14) {
                mj_hand h;
                mj_hand_clear(&h);
                for (int i = 0; i < kinds; i++) h.count[base + i] = (uint8_t)c[i];
                h.tiles = (uint8_t)sum;
                tally_hand(&t, &h, &r);
            }
            int i = 0; /* odometer in base 5 */
            while (i < kinds && c[i] == MJ_MAX_COPIES) c[i++] = 0;
            if (i == kinds) break;
            c[i]++;
        }
        char what[32];
        snprintf(what, sizeof what, "single suit %c", "mpsz"[s]);
        ck_assert_int_eq(t.hands, suit_hands(kinds));
        check_tally(&t, what);
    }
}
END_TEST

/* 100,000 seeded random hands of 1..18 tiles over all 34 kinds. */
START_TEST(survives_random_hands)
{
    mj_rules r = std34();
    mj_rng rng = {tu_seed("flawed survival", 0x5eed001u)};
    tally t = tally_start();
    for (int i = 0; i < 100000; i++) {
        mj_hand h = mj_deal(&rng, MJ_KINDS, 1 + (int)mj_rng_below(&rng, MJ_MAX_TILES));
        tally_hand(&t, &h, &r);
    }
    ck_assert_int_eq(t.hands, 100000);
    check_tally(&t, "random 1..18 tiles");
}
END_TEST

/* How often each port is wrong on 14-tile hands dealt from the 108-tile wall under
 * basic; MJ_FLAWED_HANDS sets the sample size (default 200,000). */
START_TEST(measures_error_rates)
{
    mj_rules r = tu_rules("basic");
    const char *env = getenv("MJ_FLAWED_HANDS");
    long n = env ? strtol(env, NULL, 10) : 200000;
    ck_assert_msg(n > 0, "MJ_FLAWED_HANDS must be a positive count, not '%s'", env ? env : "");
    uint64_t seed = tu_seed("flawed rates", 0x001d48e9u);
    mj_rng rng = {seed};
    tally t = tally_start();
    long wins = 0;
    for (long i = 0; i < n; i++) {
        mj_hand h = mj_deal(&rng, MJ_SUITED_KINDS, 14);
        wins += mj_algo_is_win(t.right, &h, &r);
        tally_hand(&t, &h, &r);
    }
    fprintf(stderr, "rates: basic, 14 tiles from the 108-tile wall, seed %llu, %ld hands, %ld wins (backtrack)\n",
            (unsigned long long)seed, n, wins);
    for (int i = 0; i < NPORTS; i++)
        fprintf(stderr, "rates: %-16s false wins %ld (%.4f%%), false non-wins %ld (%.4f%%), wrong %.4f%%\n",
                ports[i], t.false_win[i], 100.0 * (double)t.false_win[i] / (double)n, t.false_no[i],
                100.0 * (double)t.false_no[i] / (double)n,
                100.0 * (double)(t.false_win[i] + t.false_no[i]) / (double)n);
    /* the ports that reject everything miss exactly the winning hands */
    ck_assert_int_eq(t.false_no[1], wins);
    ck_assert_int_eq(t.false_no[2], wins);
    ck_assert_int_eq(t.false_win[1] + t.false_win[2], 0);
    ck_assert_msg(t.false_win[0] + t.false_no[0] > 0, "seed001-dp never wrong on %ld hands", n);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("flawed");
    TCase *tc = tcase_create("pinned");
    tcase_add_unchecked_fixture(tc, setup, NULL);
    tcase_add_loop_test(tc, ports_are_registered_and_flagged, 0, NPORTS);
    tcase_add_test(tc, pinned_counterexamples);
    tcase_add_test(tc, ports_match_the_published_python);
    suite_add_tcase(s, tc);
    tc = tcase_create("survival");
    tcase_add_unchecked_fixture(tc, setup, NULL);
    tcase_add_test(tc, survives_every_single_suit_hand);
    tcase_add_test(tc, survives_random_hands);
    tcase_add_test(tc, measures_error_rates);
    suite_add_tcase(s, tc);
    return tu_run(s);
}
