/* The three-player game, quick tier: the rule of turns, both solvers against the retrograde
 * oracle on a small universe (every position of 1..2 cards a hand, a seeded sample of 3), a
 * flawed rule caught by the oracle, and the fast solver against the naive one (its shortcuts
 * on and off, one and two threads) on seeded random positions. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ddz_fast3.h"
#include "ddz_movegen.h"
#include "ddz_oracle3.h"
#include "ddz_solver3.h"
#include "testutil.h"

static ddz_hand H(const char *text)
{
    ddz_hand h;
    ddz_error e;
    ck_assert_msg(ddz_parse_hand(text, 0, &h, &e) == DDZ_OK, "%s", e.message);
    return h;
}

static const ddz_move pass = {0, DDZ_PASS, 0, 0};

static ddz_move single(int rank) { return (ddz_move){ddz_add(0, rank, 1), DDZ_SINGLE, (uint8_t)rank, 1}; }

/* The rule of turns: a move passes the turn on, a pass too unless the next seat made the move
 * (both others passed: it leads), and a move that empties the hand ends the game. */
START_TEST(rule_of_turns)
{
    ddz_position3 p = {{H("34"), H("56"), H("78")}, DDZ3_L, DDZ3_L, pass}, q, r, s;
    ddz_move m = single(DDZ_R3);
    ck_assert_int_eq(ddz3_after(&p, &m, &q), 0);
    ck_assert_int_eq(q.turn, DDZ3_F1);
    ck_assert_int_eq(q.by, DDZ3_L);
    ck_assert(q.hand[0] == H("4"));
    ck_assert_int_eq(ddz3_after(&q, &pass, &r), 0); /* F1 passes: F2 answers L's 3 */
    ck_assert_int_eq(r.turn, DDZ3_F2);
    ck_assert_int_eq(r.last.type, DDZ_SINGLE);
    ck_assert_int_eq(ddz3_after(&r, &pass, &s), 0); /* F2 passes too: L leads */
    ck_assert_int_eq(s.turn, DDZ3_L);
    ck_assert_int_eq(s.last.type, DDZ_PASS);
    ck_assert_int_eq(s.by, DDZ3_L);
    ddz_move four = single(DDZ_R4);
    ck_assert_int_eq(ddz3_after(&s, &four, &q), 1); /* L's last card */
    ck_assert(q.hand[0] == 0);
    /* F2 passes on F1's move: L answers it; L passes: F1 leads */
    ddz_position3 f = {{H("34"), H("56"), H("78")}, DDZ3_F2, DDZ3_F1, single(DDZ_R9)};
    ddz3_after(&f, &pass, &q);
    ck_assert_int_eq(q.turn, DDZ3_L);
    ck_assert_int_eq(q.last.type, DDZ_SINGLE);
    ddz3_after(&q, &pass, &r);
    ck_assert_int_eq(r.turn, DDZ3_F1);
    ck_assert_int_eq(r.last.type, DDZ_PASS);
}
END_TEST

/* Hand-argued positions each solver must get right (the landlord wins: 1). */
static const struct {
    const char *l, *f1, *f2;
    int turn, by;
    const char *last; /* NULL: leading */
    int landlord_wins;
} argued[] = {
    {"33", "44", "55", DDZ3_L, DDZ3_L, NULL, 1},      /* the landlord plays out */
    {"3", "4", "5", DDZ3_F1, DDZ3_F1, NULL, 0},       /* a farmer plays out */
    {"3", "4", "5", DDZ3_L, DDZ3_L, NULL, 1},
    {"34", "5", "6", DDZ3_L, DDZ3_L, NULL, 0},        /* whatever L leads, a farmer tops it and leads his last card */
    {"6", "44", "7", DDZ3_F1, DDZ3_L, "5", 0},        /* F1 passes to let F2 out on the 5 */
    {"6", "44", "7", DDZ3_L, DDZ3_F2, "55", 0},       /* L cannot beat, F1 passes, F2 leads out */
    {"2", "33", "4", DDZ3_F1, DDZ3_F1, NULL, 0},      /* F1 leads his pair and is out */
    {"KK", "A", "3", DDZ3_F2, DDZ3_F1, "Q", 0},       /* F2 passes on his partner's Q: whatever L does, F1's A ends it */
};

static int solve_lw(const ddz_solver3 *s, const ddz_position3 *p, int threads)
{
    static ddz_result res;
    ddz_rules r = {DDZ_CONV_RLCARD, 0};
    ddz_solve_options opt = {.threads = threads, .all_first_moves = 1};
    return ddz3_landlord_wins(p, s->solve(p, &r, &opt, &res));
}

static ddz_position3 argued_position(int i)
{
    ddz_position3 p = {{H(argued[i].l), H(argued[i].f1), H(argued[i].f2)}, (uint8_t)argued[i].turn,
                       (uint8_t)argued[i].by, pass};
    if (argued[i].last) {
        ddz_error e;
        ddz_rules r = {DDZ_CONV_RLCARD, 0};
        ck_assert(ddz_move_from_text(argued[i].last, &r, &p.last, &e) == DDZ_OK);
    }
    return p;
}

START_TEST(argued_positions)
{
    ddz_rules r = {DDZ_CONV_RLCARD, 0};
    ddzo3_table *t = ddzo3_build(DDZO_DECK_FULL, 2, &r);
    ck_assert_ptr_nonnull(t);
    for (size_t i = 0; i < sizeof argued / sizeof argued[0]; i++) {
        ddz_position3 p = argued_position((int)i);
        char pb[128];
        ddz3_format_position(&p, pb, sizeof pb);
        ck_assert_msg(ddzo3_value(t, &p) == argued[i].landlord_wins, "oracle on %s", pb);
        for (size_t s = 0; ddz_solvers3[s]; s++)
            ck_assert_msg(solve_lw(ddz_solvers3[s], &p, 1) == argued[i].landlord_wins, "%s on %s", ddz_solvers3[s]->name, pb);
    }
    ddzo3_free(t);
}
END_TEST

/* A solver with a flawed rule of turns (after one pass the maker leads again, as with two
 * players), to prove that the oracle comparison can fail. */
static int flawed_wins(const ddz_rules *r, const ddz_position3 *p, ddz_move *buf)
{
    size_t n = ddz_generate(p->hand[p->turn], &p->last, r, buf, 4096);
    int side = ddz3_side(p->turn);
    for (size_t i = 0; i < n; i++) {
        ddz_position3 q;
        if (ddz3_after(p, &buf[i], &q))
            return 1;
        if (buf[i].type == DDZ_PASS && p->last.type != DDZ_PASS) { /* the flaw */
            q.turn = q.by = p->by;
            q.last = pass;
        }
        int v = flawed_wins(r, &q, buf + n);
        if ((ddz3_side(q.turn) == side) == v)
            return 1;
    }
    return 0;
}

/* Judges every position of a universe (or one in `every` of them, from a seeded offset), each
 * seat to lead and every answer position a lead makes; counts mismatches per solver and of the
 * flawed rule. */
static void judge_universe(int max_cards, int conv, unsigned every, unsigned offset, unsigned long long *positions,
                           unsigned long long mism[3])
{
    ddz_rules r = {(ddz_convention)conv, 0};
    ddzo3_table *t = ddzo3_build(DDZO_DECK_SMALL, max_cards, &r);
    ck_assert_ptr_nonnull(t);
    static ddz_move buf[1 << 16];
    size_t nh = ddzo3_nhands(t);
    unsigned long long seen = 0;
    for (size_t a = 0; a < nh; a++)
        for (size_t b = 0; b < nh; b++)
            for (size_t c = 0; c < nh; c++) {
                if (!ddzo3_fits(t, a, b, c))
                    continue;
                size_t idx[3] = {a, b, c};
                ddz_position3 base = {{ddzo3_hand(t, a), ddzo3_hand(t, b), ddzo3_hand(t, c)}, 0, 0, pass};
                for (int s = 0; s < 3; s++) {
                    size_t nm;
                    const ddz_move *lm = ddzo3_lead_moves(t, idx[s], &nm);
                    for (size_t m = 0; m <= nm; m++)
                        for (int d = 0; d < (m == 0 ? 1 : 2); d++) {
                            ddz_position3 p = base;
                            p.turn = p.by = (uint8_t)s;
                            if (m > 0) {
                                if (lm[m - 1].cards == base.hand[s])
                                    continue;
                                p.hand[s] -= lm[m - 1].cards;
                                p.last = lm[m - 1];
                                p.turn = (uint8_t)((s + 1 + d) % 3);
                            }
                            if (seen++ % every != offset)
                                continue;
                            (*positions)++;
                            int o = ddzo3_value(t, &p);
                            ck_assert_int_ge(o, 0);
                            for (int k = 0; k < 2; k++) {
                                static ddz_result res;
                                ddz_solve_options opt = {.threads = 1, .all_first_moves = 0};
                                int lw = ddz3_landlord_wins(&p, ddz_solvers3[k]->solve(&p, &r, &opt, &res));
                                if (lw != o) {
                                    char pb[128];
                                    ddz3_format_position(&p, pb, sizeof pb);
                                    if (!mism[k])
                                        fprintf(stderr, "%s: first mismatch %s (oracle %d)\n", ddz_solvers3[k]->name, pb, o);
                                    mism[k]++;
                                }
                            }
                            if (*positions % 5 == 0) { /* the flawed rule: one position in 5 */
                                int fl = flawed_wins(&r, &p, buf);
                                mism[2] += (int)((ddz3_side(p.turn) == 0) == fl) != o;
                            }
                        }
                }
            }
    ddzo3_free(t);
}

START_TEST(oracle_universe_2)
{
    /* every position of the reduced deck with 1..2 cards a hand (the conventions differ only
     * in kickers, from 6 cards: one is enough here) */
    unsigned long long n = 0, mism[3] = {0, 0, 0};
    judge_universe(2, DDZ_CONV_RLCARD, 1, 0, &n, mism);
    ck_assert_uint_eq(n, 701460);
    ck_assert_uint_eq(mism[0], 0);
    ck_assert_uint_eq(mism[1], 0);
    ck_assert_msg(mism[2] > 0, "the flawed rule of turns went uncaught");
}
END_TEST

START_TEST(oracle_universe_3_sample)
{
    /* one position in 397 of the 3-card universe, from a seeded offset */
    uint64_t seed = tu_seed("check_ddz_three oracle sample", 29);
    unsigned long long n = 0, mism[3] = {0, 0, 0};
    judge_universe(3, DDZ_CONV_RLCARD, 397, (unsigned)(seed % 397), &n, mism);
    ck_assert_uint_gt(n, 5000);
    ck_assert_uint_eq(mism[0], 0);
    ck_assert_uint_eq(mism[1], 0);
    ck_assert_uint_gt(mism[2], 0);
}
END_TEST

static uint64_t next_rand(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* A random position: hands of 1..5 cards of a shuffled deck, a random seat to move and, half
 * the time, a move to beat: a random lead of 1..4 more cards of the deck, made by a random other seat. */
static ddz_position3 random_position(uint64_t *st, const ddz_rules *r)
{
    int deck[54], n = 0;
    for (int rk = 0; rk < DDZ_RANKS; rk++)
        for (int k = 0; k < (rk >= DDZ_RX ? 1 : 4); k++)
            deck[n++] = rk;
    for (int i = n - 1; i > 0; i--) {
        int j = (int)(next_rand(st) % (uint64_t)(i + 1)), t = deck[i];
        deck[i] = deck[j];
        deck[j] = t;
    }
    ddz_position3 p = {{0, 0, 0}, 0, 0, pass};
    int at = 0;
    for (int s = 0; s < 3; s++) {
        int size = 1 + (int)(next_rand(st) % 5);
        for (int k = 0; k < size; k++)
            p.hand[s] = ddz_add(p.hand[s], deck[at++], 1);
    }
    p.turn = p.by = (uint8_t)(next_rand(st) % 3);
    if (next_rand(st) % 2) {
        /* the maker's move from extra cards of the deck: a lead of 1..4 more cards */
        int by = (p.turn + 1 + (int)(next_rand(st) % 2)) % 3;
        ddz_hand extra = 0;
        int ex = 1 + (int)(next_rand(st) % 4);
        for (int k = 0; k < ex; k++)
            extra = ddz_add(extra, deck[at++], 1);
        static ddz_move mv[4096];
        size_t nm = ddz_generate(extra, &pass, r, mv, 4096);
        if (nm) {
            p.last = mv[next_rand(st) % nm];
            p.by = (uint8_t)by;
        }
    }
    return p;
}

START_TEST(fast_against_naive)
{
    uint64_t seed = tu_seed("check_ddz_three fast vs naive", 2929), st = seed;
    ddz_rules r = {(ddz_convention)(seed % 2), 0};
    static ddz_result a, b;
    const ddz_solver3 *fast = ddz_solver3_find("fast3"), *naive = ddz_solver3_find("naive3");
    int configs[] = {0, DDZ_FAST3_NO_SPLIT, DDZ_FAST3_NO_PARTNER, DDZ_FAST3_NO_TABLE,
                     DDZ_FAST3_NO_COLLAPSE | DDZ_FAST3_NO_ETC | DDZ_FAST3_NO_FORCED, 63};
    for (int i = 0; i < 150; i++) {
        ddz_position3 p = random_position(&st, &r);
        ddz_solve_options opt = {.threads = 1, .all_first_moves = 1};
        char pb[160];
        ddz3_format_position(&p, pb, sizeof pb);
        ddz_outcome on = naive->solve(&p, &r, &opt, &b);
        ck_assert_msg(on == DDZ_SOLVE_WIN || on == DDZ_SOLVE_LOSS, "naive3 failed on %s", pb);
        for (int c = 0; c < 7; c++) {
            ddz_fast3_disable = c < 6 ? configs[c] : 0;
            opt.threads = c == 6 ? 2 : 1;
            ddz_outcome of = fast->solve(&p, &r, &opt, &a);
            ck_assert_msg(of == on, "fast3 (config %d) on %s: %d, naive3 %d (seed %llu)", c, pb, of, on,
                          (unsigned long long)seed);
            ck_assert_uint_eq(a.n_first, b.n_first);
            for (size_t k = 0; k < a.n_first; k++)
                ck_assert_msg(a.first_wins[k] == b.first_wins[k], "first move %zu of %s (config %d)", k, pb, c);
        }
        ddz_fast3_disable = 0;
    }
}
END_TEST

static Suite *three_suite(void)
{
    Suite *s = suite_create("ddz_three");
    TCase *tc = tcase_create("model");
    tcase_add_test(tc, rule_of_turns);
    suite_add_tcase(s, tc);
    tc = tcase_create("oracle");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, argued_positions);
    tcase_add_test(tc, oracle_universe_2);
    tcase_add_test(tc, oracle_universe_3_sample);
    suite_add_tcase(s, tc);
    tc = tcase_create("fast_vs_naive");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, fast_against_naive);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return tu_run(three_suite()); }
