/* The Dou Dizhu oracle, exhaustive tier (ctest label `exhaustive`): the generator against the
 * recogniser on every hand of up to 5 cards, fast and naive against the retrograde table on every
 * position of the reduced deck's 3-card universe, the certificate checker's own search against the
 * table on every position of two more, and the flagged seed port caught on every
 * 5-against-1 position with a straight to beat. The quick tier is check_ddz_oracle.c. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ddz_movegen.h"
#include "ddz_oracle.h"
#include "ddz_solver.h"
#include "testutil.h"
#include "ddz_oracle_tests.h"

START_TEST(test_generator_equals_recogniser)
{
    for (int conv = 0; conv < DDZ_CONVENTIONS; conv++) {
        ddz_rules r = {(ddz_convention)conv, 0};
        compared = 0;
        every_hand(0, 0, 0, 5, &r);
        ck_assert_uint_gt(compared, 10000);
    }
    ddz_rules r = {DDZ_CONV_RLCARD, 1u << DDZ_PAIR | 1u << DDZ_BOMB};
    every_hand(0, 0, 0, 4, &r);
}
END_TEST

static ddz_result res;

/* Judges `solver` on every position of the universe (every leading position and every
 * answering position a lead makes); returns the mismatches and the smallest one. */
static unsigned long long judge(ddzo_table *t, const ddz_rules *r, const char *solver,
                                unsigned long long *positions, ddz_position *smallest)
{
    const ddz_solver *s = ddz_solver_find(solver);
    ddz_solve_options opt = {1, (size_t)1 << 16, 0, 0, NULL, NULL};
    ddz_move pass = {0, DDZ_PASS, 0, 0};
    unsigned long long bad = 0;
    int best = 99;
    ck_assert_ptr_nonnull(s);
    *positions = 0;
    for (size_t i = 0; i < ddzo_nhands(t); i++)
        for (size_t j = 0; j < ddzo_nhands(t); j++) {
            ddz_position p = {ddzo_hand(t, i), ddzo_hand(t, j), pass};
            int lead = ddzo_value(t, p.me, p.enemy, &pass), v = lead;
            if (lead < 0)
                continue; /* the hands overlap */
            ddz_move m[256];
            size_t nm = ddzo_moves(p.me, &pass, r, m, 256);
            ck_assert_uint_le(nm, 256);
            for (size_t k = 0; k <= nm; k++) {
                ddz_position q = p;
                v = lead;
                if (k < nm) {
                    if (m[k].cards == p.me)
                        continue;
                    q.me = p.enemy, q.enemy = p.me - m[k].cards, q.last = m[k];
                    v = ddzo_value(t, q.me, q.enemy, &q.last);
                    ck_assert_int_ge(v, 0);
                }
                (*positions)++;
                if ((int)s->solve(&q, r, &opt, &res) != v) {
                    int cards = ddz_size(q.me) + ddz_size(q.enemy);
                    bad++;
                    if (cards < best)
                        best = cards, *smallest = q;
                }
                if (k == nm)
                    break;
            }
        }
    return bad;
}

START_TEST(test_solvers_equal_retrograde)
{
    for (int conv = 0; conv < DDZ_CONVENTIONS; conv++) {
        ddz_rules r = {(ddz_convention)conv, 0};
        ddzo_table *t = ddzo_build(DDZO_DECK_SMALL, 3, &r);
        ck_assert_ptr_nonnull(t);
        const char *names[] = {"fast", "naive"};
        for (int s = 0; s < 2; s++) {
            unsigned long long n;
            ddz_position small;
            ck_assert_uint_eq(judge(t, &r, names[s], &n, &small), 0);
            ck_assert_uint_gt(n, 1000);
        }
        ddzo_free(t);
    }
}
END_TEST

/* The checker's own search (decide.c, for version 3 certificates) against the retrograde table
 * on every position of the full deck's 3-card universe and the reduced deck's 4-card one, each
 * with a memory of 4,096 positions, so that it forgets again and again. */
START_TEST(test_decide_equals_retrograde)
{
    ddz_move pass = {0, DDZ_PASS, 0, 0};
    for (int conv = 0; conv < DDZ_CONVENTIONS; conv++)
        for (int deck = 0; deck < 2; deck++) {
            ddz_rules r = {(ddz_convention)conv, 0};
            ddzo_table *t = ddzo_build(deck ? DDZO_DECK_SMALL : DDZO_DECK_FULL, deck ? 4 : 3, &r);
            ddzo_decider *d = ddzo_decider_new(&r, 4096);
            unsigned long long positions = 0, wins = 0;
            ck_assert_ptr_nonnull(t);
            ck_assert_ptr_nonnull(d);
            for (size_t i = 0; i < ddzo_nhands(t); i++)
                for (size_t j = 0; j < ddzo_nhands(t); j++) {
                    ddz_hand a = ddzo_hand(t, i), b = ddzo_hand(t, j);
                    int lead = ddzo_value(t, a, b, &pass);
                    if (lead < 0)
                        continue; /* the hands overlap */
                    ck_assert_int_eq(ddzo_decide(d, a, b, &pass), lead);
                    positions++;
                    wins += (unsigned)lead;
                    size_t nm;
                    const ddz_move *m = ddzo_lead_moves(t, i, &nm);
                    for (size_t k = 0; k < nm; k++) {
                        if (m[k].cards == a)
                            continue;
                        int v = ddzo_value(t, b, a - m[k].cards, &m[k]);
                        ck_assert_int_ge(v, 0);
                        ck_assert_int_eq(ddzo_decide(d, b, a - m[k].cards, &m[k]), v);
                        positions++;
                        wins += (unsigned)v;
                    }
                }
            printf("decide == retrograde: %s deck, %d cards a side, %s: %llu positions (%llu wins), %llu forgotten\n",
                   deck ? "reduced" : "full", deck ? 4 : 3, conv ? "douzero" : "rlcard", positions, wins,
                   ddzo_decider_stats(d).forgotten);
            ck_assert_uint_gt(positions, 100000);
            ck_assert_uint_gt(wins, positions / 10);
            ck_assert_uint_lt(wins, positions - positions / 10);
            ck_assert_uint_gt(ddzo_decider_stats(d).forgotten, 0);
            ddzo_decider_free(d);
            ddzo_free(t);
        }
}
END_TEST

/* seed 004 compares type and main only, so a shorter straight with a higher main "beats" a
 * longer one: 45678 on 345678. Every position of the reduced deck's 5-card universe with a
 * straight to beat (any straight of the deck that fits beside both hands) and at most 6 cards
 * in the two hands (so that it stays quick) is judged; the
 * oracle's answer needs only lead values of the same hands and answers with fewer cards. */
START_TEST(test_seed_port_caught)
{
    ddz_rules r = {DDZ_CONV_RLCARD, 0};
    ddzo_table *t = ddzo_build(DDZO_DECK_SMALL, 5, &r);
    const ddz_solver *seed = ddz_solver_find("seed004"), *fast = ddz_solver_find("fast");
    ddz_solve_options opt = {1, (size_t)1 << 16, 0, 0, NULL, NULL};
    ddz_move pass = {0, DDZ_PASS, 0, 0}, m[4096];
    unsigned long long judged = 0, caught = 0;
    int best = 99;
    ddz_position smallest = {0, 0, pass};
    ck_assert_ptr_nonnull(t);
    /* the reduced deck's straights, read by the recogniser */
    const char *chains[] = {"34567", "45678", "345678"};
    size_t nm = 0, straights = 0;
    for (int c = 0; c < 3; c++)
        nm += ddzo_readings(H(chains[c]), &r, m + nm, DDZ_TYPES);
    for (size_t k = 0; k < nm; k++) {
        if (m[k].type != DDZ_STRAIGHT)
            continue;
        straights++;
        for (size_t i = 0; i < ddzo_nhands(t); i++)
            for (size_t j = 0; j < ddzo_nhands(t); j++) {
                ddz_position q = {ddzo_hand(t, i), ddzo_hand(t, j), m[k]};
                if (ddz_size(q.me) != 5 || ddz_size(q.enemy) != 1 ||
                    ddz_check_disjoint(q.me + q.enemy, m[k].cards, NULL) != DDZ_OK)
                    continue; /* the quick tier: 5 cards against 1, where the smallest flaw lies */
                int v = ddzo_value(t, q.me, q.enemy, &q.last);
                if (v < 0)
                    continue;
                judged++;
                ck_assert_int_eq((int)fast->solve(&q, &r, &opt, &res), v);
                if ((int)seed->solve(&q, &r, &opt, &res) != v) {
                    caught++;
                    if (ddz_size(q.me) + ddz_size(q.enemy) < best)
                        best = ddz_size(q.me) + ddz_size(q.enemy), smallest = q;
                }
            }
    }
    ddzo_free(t);
    ck_assert_uint_eq(straights, 3);
    char a[64], b[64], l[96];
    ddz_format_hand(smallest.me, a, sizeof a);
    ddz_format_hand(smallest.enemy, b, sizeof b);
    ddz_format_move(&smallest.last, l, sizeof l);
    printf("seed004 against the oracle: wrong on %llu of %llu positions with a straight to beat; smallest: "
           "me %s enemy %s last %s\n", caught, judged, a, b, l);
    ck_assert_uint_gt(caught, 0);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("ddz_oracle_exhaustive");
    TCase *t = tcase_create("oracle");
    tcase_set_timeout(t, 3600);
    tcase_add_test(t, test_generator_equals_recogniser);
    tcase_add_test(t, test_solvers_equal_retrograde);
    tcase_add_test(t, test_decide_equals_retrograde);
    tcase_add_test(t, test_seed_port_caught);
    suite_add_tcase(s, t);
    return s;
}

int main(void) { return tu_run(suite()); }
