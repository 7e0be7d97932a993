/* The Dou Dizhu oracle, quick tier: the recogniser on hand-argued card sets, the generator
 * against it on every hand of up to 4 cards, fast and naive against the retrograde table on a
 * small universe, the flagged seed port caught by it (check_ddz_oracle_exhaustive.c runs the
 * same checks on larger universes), and the certificate checker's answers and library entry. */
#define _POSIX_C_SOURCE 200809L /* fmemopen */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ddz_movegen.h"
#include "ddz_oracle.h"
#include "ddz_solver.h"
#include "testutil.h"
#include "ddz_oracle_tests.h"

/* The readings as "type:main:len ..." in the recogniser's order. */
static void readings_text(const char *cards, int conv, char *buf, size_t cap)
{
    ddz_rules r = {(ddz_convention)conv, 0};
    ddz_move m[DDZ_TYPES];
    size_t n = ddzo_readings(H(cards), &r, m, DDZ_TYPES), used = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < n; i++)
        used += (size_t)snprintf(buf + used, cap - used, "%s%s:%d:%d", i ? " " : "", ddz_type_name(m[i].type),
                                 m[i].main, m[i].len);
}

static const struct {
    const char *cards, *rlcard, *douzero; /* expected readings under each convention */
} argued[] = {
    {"3", "single:0:1", "single:0:1"},
    {"D", "single:14:1", "single:14:1"},
    {"33", "pair:0:1", "pair:0:1"},
    {"XD", "rocket:13:1", "rocket:13:1"},
    {"3X", "", ""},
    {"3334", "triple1:0:1", "triple1:0:1"},
    {"222D", "triple1:12:1", "triple1:12:1"},
    {"3333", "bomb:0:1", "bomb:0:1"}, /* not 333 + a 3: a kicker never shares the triple's rank */
    {"33344", "triple2:0:1", "triple2:0:1"},
    {"34567", "straight:0:5", "straight:0:5"},
    {"3456789TJQKA", "straight:0:12", "straight:0:12"},
    {"TJQKA2", "", ""}, /* the 2 never joins a chain */
    {"334455", "pairs:0:3", "pairs:0:3"},
    {"3344", "", ""},
    {"KKKAAA", "plane:10:2", "plane:10:2"},
    {"AAA222", "", ""},
    {"33344456", "plane1:0:2", "plane1:0:2"},
    {"33344455", "plane1:0:2", "plane1:0:2"}, /* single wings may repeat a rank */
    {"333444XD", "", "plane1:0:2"},
    {"33334444", "", ""}, /* wings never from the chain's ranks; a four's pairs never one rank twice */
    {"333444555666", "plane:0:4", "plane:0:4 plane1:1:3"}, /* douzero: the higher of two readings */
    {"JJJQQQKKKAAA", "plane:8:4", "plane:8:4 plane1:9:3"},
    {"333444555999", "plane1:0:3", "plane1:0:3"},
    {"3334445556667777", "", "plane1:0:4"},
    {"3334445566", "plane2:0:2", "plane2:0:2"},
    {"3334445555", "", ""}, /* pair wings of distinct ranks */
    {"333355", "four2:0:1", "four2:0:1"},
    {"333345", "four2:0:1", "four2:0:1"},
    {"3333XD", "", "four2:0:1"},
    {"33335566", "four22:0:1", "four22:0:1"},
};

START_TEST(test_argued)
{
    char got[256];
    readings_text(argued[_i].cards, DDZ_CONV_RLCARD, got, sizeof got);
    ck_assert_msg(strcmp(got, argued[_i].rlcard) == 0, "%s under rlcard: '%s', want '%s'", argued[_i].cards, got,
                  argued[_i].rlcard);
    readings_text(argued[_i].cards, DDZ_CONV_DOUZERO, got, sizeof got);
    ck_assert_msg(strcmp(got, argued[_i].douzero) == 0, "%s under douzero: '%s', want '%s'", argued[_i].cards,
                  got, argued[_i].douzero);
}
END_TEST

START_TEST(test_beats_and_forbidden)
{
    ddz_move s5 = {0, DDZ_STRAIGHT, 0, 5}, s6 = {0, DDZ_STRAIGHT, 1, 6}, b3 = {0, DDZ_BOMB, 0, 1},
             b4 = {0, DDZ_BOMB, 1, 1}, rk = {0, DDZ_ROCKET, DDZ_RX, 1}, pass = {0, DDZ_PASS, 0, 0};
    ck_assert(!ddzo_beats(&s6, &s5)); /* a longer straight is another shape */
    ck_assert(ddzo_beats(&b3, &s6) && ddzo_beats(&b4, &b3) && !ddzo_beats(&b3, &b4));
    ck_assert(ddzo_beats(&rk, &b4) && !ddzo_beats(&b4, &rk) && !ddzo_beats(&pass, &s5));
    ddz_rules r = {DDZ_CONV_RLCARD, 1u << DDZ_TRIPLE_SINGLE};
    ddz_move m[DDZ_TYPES];
    ck_assert_uint_eq(ddzo_readings(H("3334"), &r, m, DDZ_TYPES), 0);
}
END_TEST

START_TEST(test_generator_equals_recogniser)
{
    for (int conv = 0; conv < DDZ_CONVENTIONS; conv++) {
        ddz_rules r = {(ddz_convention)conv, 0};
        compared = 0;
        every_hand(0, 0, 0, 4, &r);
        ck_assert_uint_gt(compared, 10000);
    }
    ddz_rules r = {DDZ_CONV_RLCARD, 1u << DDZ_PAIR | 1u << DDZ_BOMB};
    every_hand(0, 0, 0, 3, &r);
}
END_TEST

/* ddzo_answers skips the sub-multisets whose size cannot beat `last`; it must give ddzo_moves'
 * list exactly (same moves, same order), on random hands against every move of another hand. */
START_TEST(test_answers_equal_moves)
{
    static ddz_move a[8192], b[8192], lasts[8192];
    mj_rng g = {tu_seed("ddz answers", 14)};
    for (int round = 0; round < 120; round++) {
        ddz_rules r = {(ddz_convention)(round % 2), round % 5 == 4 ? 1u << DDZ_BOMB : 0u};
        ddz_hand deck = ddz_deck(), h[2] = {0, 0};
        int want[2] = {1 + (int)mj_rng_below(&g, 10), 1 + (int)mj_rng_below(&g, 8)};
        for (int k = 0; k < 2; k++)
            for (int n = 0; n < want[k];) {
                int rank = (int)mj_rng_below(&g, DDZ_RANKS);
                if (ddz_count(deck, rank)) {
                    deck = ddz_sub(deck, rank, 1);
                    h[k] = ddz_add(h[k], rank, 1);
                    n++;
                }
            }
        ddz_move pass = {0, DDZ_PASS, 0, 0};
        size_t nl = ddzo_moves(h[1], &pass, &r, lasts, 8192);
        ck_assert_uint_le(nl, 8192);
        for (size_t k = 0; k <= nl; k++) {
            const ddz_move *last = k < nl ? &lasts[k] : &pass;
            size_t na = ddzo_answers(h[0], last, &r, a, 8192), nb = ddzo_moves(h[0], last, &r, b, 8192);
            ck_assert_uint_eq(na, nb);
            ck_assert_uint_le(na, 8192);
            for (size_t i = 0; i < na; i++)
                ck_assert_int_eq(ddz_move_compare(&a[i], &b[i]), 0);
        }
    }
}
END_TEST

/* The library entry on certificates held in memory: a proof accepted with its figures, the same
 * proof with a reply missing rejected at the play's line, a wrong version unreadable. */
static ddzo_cert_status certify_text(const char *text, ddzo_cert_result *res)
{
    FILE *f = fmemopen((void *)text, strlen(text), "r");
    ck_assert_ptr_nonnull(f);
    ddzo_cert_status st = ddzo_certify(f, NULL, res);
    fclose(f);
    return st;
}

START_TEST(test_certify_api)
{
    ddzo_cert_result res;
    const char *good = "ddz-strategy 2\nrules rlcard\nme 6666A\nenemy KK\nlast pass\n"
                       "node 1 me 6666A enemy KK last pass\nplay single:A\nreply pass -> 2\n"
                       "node 2 me 6666 enemy KK last pass\nplay bomb:6666\nend 2\n";
    ck_assert_int_eq(certify_text(good, &res), DDZO_CERT_OK);
    ck_assert_uint_eq(res.nodes, 2);
    ck_assert_uint_eq(res.replies, 1);
    ck_assert_int_eq(res.depth, 2);
    /* a single 6 is answered by a K, which the certificate leaves out */
    const char *bad = "ddz-strategy 2\nrules rlcard\nme 6666A\nenemy KK\nlast pass\n"
                      "node 1 me 6666A enemy KK last pass\nplay single:6\nreply pass -> 2\n"
                      "node 2 me 666A enemy KK last pass\nplay single:A\nend 2\n";
    ck_assert_int_eq(certify_text(bad, &res), DDZO_CERT_REJECTED);
    ck_assert_uint_eq(res.line, 7);
    ck_assert_msg(strstr(res.message, "misses the reply single:K") != NULL, "%s", res.message);
    ck_assert_int_eq(certify_text("ddz-strategy 9\n", &res), DDZO_CERT_UNREADABLE);
    ck_assert_uint_eq(res.line, 1);
}
END_TEST

static ddz_result res;

/* A small deterministic generator for the sample (splitmix64). */
static uint64_t next(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* fast and naive agree with the retrograde table on a random sample of the reduced deck's
 * 4-card universe (leading and answering positions alike); the whole universe is judged by the
 * exhaustive tier and `ddz verify --positions` (each solve costs milliseconds under ASan). */
START_TEST(test_solvers_equal_retrograde)
{
    uint64_t seed = tu_seed("ddz_oracle sample", 14), st = seed;
    const ddz_solver *fast = ddz_solver_find("fast"), *naive = ddz_solver_find("naive");
    ddz_solve_options opt = {1, (size_t)1 << 16, 0, 0, NULL, NULL};
    ddz_move pass = {0, DDZ_PASS, 0, 0};
    ck_assert_ptr_nonnull(fast);
    ck_assert_ptr_nonnull(naive);
    for (int conv = 0; conv < DDZ_CONVENTIONS; conv++) {
        ddz_rules r = {(ddz_convention)conv, 0};
        ddzo_table *t = ddzo_build(DDZO_DECK_SMALL, 4, &r);
        ck_assert_ptr_nonnull(t);
        size_t nh = ddzo_nhands(t);
        int judged = 0, answering = 0;
        while (judged < 150) {
            size_t a = (size_t)(next(&st) % nh), b = (size_t)(next(&st) % nh), nm;
            ddz_position q = {ddzo_hand(t, a), ddzo_hand(t, b), pass};
            if (ddzo_value_at(t, a, b, &pass) < 0)
                continue; /* the hands overlap */
            const ddz_move *m = ddzo_lead_moves(t, a, &nm);
            size_t k = (size_t)(next(&st) % (nm + 1));
            if (k < nm) {
                if (m[k].cards == q.me)
                    continue; /* the lead ends the game: no answering position */
                q.me = ddzo_hand(t, b), q.enemy = ddzo_hand(t, a) - m[k].cards, q.last = m[k];
                answering++;
            }
            int v = ddzo_value(t, q.me, q.enemy, &q.last);
            char a1[64], b1[64], l1[96];
            ddz_format_hand(q.me, a1, sizeof a1);
            ddz_format_hand(q.enemy, b1, sizeof b1);
            ddz_format_move(&q.last, l1, sizeof l1);
            ck_assert_int_ge(v, 0);
            ck_assert_msg((int)fast->solve(&q, &r, &opt, &res) == v, "fast: me %s enemy %s last %s: oracle %d",
                          a1, b1, l1, v);
            ck_assert_msg((int)naive->solve(&q, &r, &opt, &res) == v, "naive: me %s enemy %s last %s: oracle %d",
                          a1, b1, l1, v);
            judged++;
        }
        ck_assert_int_gt(answering, 50); /* the sample holds both kinds of position */
        ddzo_free(t);
    }
}
END_TEST

/* The checker's own search (decide.c) against the retrograde table: a sample of the reduced
 * deck's 4-card universe, leading and answering alike, once with room for every position and once
 * with a memory so small that it forgets again and again (only time may change). */
START_TEST(test_decide_equals_retrograde)
{
    uint64_t seed = tu_seed("ddz_oracle decide", 27), st = seed;
    ddz_move pass = {0, DDZ_PASS, 0, 0};
    for (int conv = 0; conv < DDZ_CONVENTIONS; conv++) {
        ddz_rules r = {(ddz_convention)conv, 0};
        ddzo_table *t = ddzo_build(DDZO_DECK_SMALL, 4, &r);
        ddzo_decider *big = ddzo_decider_new(&r, (size_t)1 << 20), *tiny = ddzo_decider_new(&r, 16);
        ck_assert_ptr_nonnull(t);
        ck_assert_ptr_nonnull(big);
        ck_assert_ptr_nonnull(tiny);
        size_t nh = ddzo_nhands(t);
        int judged = 0, answering = 0, wins = 0;
        while (judged < 3000) {
            size_t a = (size_t)(next(&st) % nh), b = (size_t)(next(&st) % nh), nm;
            ddz_hand me = ddzo_hand(t, a), en = ddzo_hand(t, b);
            ddz_move last = pass;
            if (ddzo_value_at(t, a, b, &pass) < 0)
                continue; /* the hands overlap */
            const ddz_move *m = ddzo_lead_moves(t, a, &nm);
            size_t k = (size_t)(next(&st) % (nm + 1));
            if (k < nm) {
                if (m[k].cards == me)
                    continue; /* the lead ends the game: no answering position */
                last = m[k];
                ddz_hand h = me;
                me = en;
                en = h - m[k].cards;
                answering++;
            }
            int v = ddzo_value(t, me, en, &last);
            ck_assert_int_ge(v, 0);
            ck_assert_int_eq(ddzo_decide(big, me, en, &last), v);
            if (judged < 300)
                ck_assert_int_eq(ddzo_decide(tiny, me, en, &last), v);
            wins += v;
            judged++;
        }
        ck_assert_int_gt(answering, 1000); /* both kinds of position, */
        ck_assert_int_gt(wins, 300);       /* and both values */
        ck_assert_int_lt(wins, 2700);
        ck_assert_uint_eq(ddzo_decider_stats(big).forgotten, 0);
        ck_assert_uint_gt(ddzo_decider_stats(tiny).forgotten, 0);
        ck_assert_uint_eq(ddzo_decider_stats(big).calls, 3000);
        ddzo_decider_free(big);
        ddzo_decider_free(tiny);
        ddzo_free(t);
    }
}
END_TEST

/* seed 004 compares type and main only, so a shorter straight with a higher main "beats" a
 * longer one. Quick form: the reduced deck's two five-card straights in hand, every single
 * card as the other hand, every straight as the move to beat; fast must agree with the oracle
 * everywhere and the seed port must be caught, smallest on 45678 against 345678. (The
 * exhaustive tier judges every 5-against-1 position with a straight to beat.) */
START_TEST(test_seed_port_caught)
{
    ddz_rules r = {DDZ_CONV_RLCARD, 0};
    ddzo_table *t = ddzo_build(DDZO_DECK_SMALL, 5, &r);
    const ddz_solver *seed = ddz_solver_find("seed004"), *fast = ddz_solver_find("fast");
    ddz_solve_options opt = {1, (size_t)1 << 16, 0, 0, NULL, NULL};
    ddz_move m[3 * DDZ_TYPES];
    const char *chains[] = {"34567", "45678", "345678"}, *singles = "345678XD";
    unsigned long long judged = 0, caught = 0;
    ddz_position first = {0, 0, {0, DDZ_PASS, 0, 0}};
    ck_assert_ptr_nonnull(t);
    size_t nm = 0;
    for (int c = 0; c < 3; c++)
        nm += ddzo_readings(H(chains[c]), &r, m + nm, DDZ_TYPES);
    ck_assert_uint_eq(nm, 3);
    for (size_t k = 0; k < nm; k++)
        for (int c = 0; c < 2; c++)
            for (const char *e = singles; *e; e++) {
                char one[2] = {*e, 0};
                ddz_position q = {H(chains[c]), H(one), m[k]};
                if (ddz_check_disjoint(q.me + q.enemy, m[k].cards, NULL) != DDZ_OK)
                    continue; /* more of a card than the deck holds */
                int v = ddzo_value(t, q.me, q.enemy, &q.last);
                ck_assert_int_ge(v, 0);
                judged++;
                ck_assert_int_eq((int)fast->solve(&q, &r, &opt, &res), v);
                if ((int)seed->solve(&q, &r, &opt, &res) != v && caught++ == 0)
                    first = q;
            }
    ddzo_free(t);
    char a[64], b[64], l[96];
    ddz_format_hand(first.me, a, sizeof a);
    ddz_format_hand(first.enemy, b, sizeof b);
    ddz_format_move(&first.last, l, sizeof l);
    printf("seed004 against the oracle: wrong on %llu of %llu positions; first: me %s enemy %s last %s\n", caught,
           judged, a, b, l);
    ck_assert_uint_gt(judged, 20);
    ck_assert_uint_gt(caught, 0);
    ck_assert_str_eq(a, "45678");
    ck_assert_str_eq(l, "straight:345678");
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("ddz_oracle");
    TCase *t = tcase_create("oracle");
    tcase_add_loop_test(t, test_argued, 0, (int)(sizeof argued / sizeof argued[0]));
    tcase_add_test(t, test_beats_and_forbidden);
    suite_add_tcase(s, t);
    t = tcase_create("generator");
    tcase_add_test(t, test_generator_equals_recogniser);
    suite_add_tcase(s, t);
    t = tcase_create("solvers");
    tcase_add_test(t, test_solvers_equal_retrograde);
    tcase_add_test(t, test_decide_equals_retrograde);
    suite_add_tcase(s, t);
    t = tcase_create("seed");
    tcase_add_test(t, test_seed_port_caught);
    tcase_add_test(t, test_answers_equal_moves);
    tcase_add_test(t, test_certify_api);
    suite_add_tcase(s, t);
    return s;
}

int main(void) { return tu_run(suite()); }
