/* The line of play (ddz_line.h): every ply legal and the hands kept right, the winner the one
 * the solver named, and on small positions (where every winning move is in play) the length
 * equal to an independent minimax of "plies to the end" (the winner shortest, the loser
 * longest); a 17-vs-17 deal whose line used to take seconds; budget and time limit honoured. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ddz_line.h"
#include "ddz_movegen.h"
#include "ddz_solver.h"
#include "mj_random.h"
#include "testutil.h"

static ddz_result res;
static ddz_line line;
static const ddz_move pass = {0, DDZ_PASS, 0, 0};

static ddz_position after(const ddz_position *p, const ddz_move *m)
{
    ddz_position q = {p->enemy, p->me - m->cards, m->type == DDZ_PASS ? pass : *m};
    return q;
}

static ddz_position P(const char *me, const char *enemy, const char *last)
{
    ddz_position p;
    ddz_error e;
    ddz_rules r = {DDZ_CONV_RLCARD, 0};
    ck_assert_msg(ddz_parse_hand(me, 0, &p.me, &e) == DDZ_OK, "%s", e.message);
    ck_assert_msg(ddz_parse_hand(enemy, 0, &p.enemy, &e) == DDZ_OK, "%s", e.message);
    p.last = pass;
    if (last)
        ck_assert_msg(ddz_move_from_text(last, &r, &p.last, &e) == DDZ_OK, "%s", e.message);
    return p;
}

/* Checks the line against the rules from the root: each move in the generator's list for the
 * side to move, the hands after it as recorded, the game over exactly at the end, and the
 * side that empties its hand the winner the outcome names. */
static void check_legal(const ddz_position *root, const ddz_rules *r, const ddz_line *l)
{
    static ddz_move mv[DDZ_MAX_MOVES];
    ddz_position p = *root;
    ddz_hand hands[2] = {root->me, root->enemy};
    ck_assert(l->outcome == DDZ_SOLVE_WIN || l->outcome == DDZ_SOLVE_LOSS);
    ck_assert(!l->stopped);
    ck_assert_uint_gt(l->n, 0);
    for (size_t i = 0; i < l->n; i++) {
        const ddz_line_ply *y = &l->ply[i];
        ck_assert_int_eq(y->side, (int)(i & 1));
        size_t n = ddz_generate(p.me, &p.last, r, mv, DDZ_MAX_MOVES), k = 0;
        while (k < n && ddz_move_compare(&mv[k], &y->move) != 0)
            k++;
        ck_assert_msg(k < n, "ply %zu is not a legal move", i);
        hands[y->side] -= y->move.cards;
        ck_assert(y->me == hands[0] && y->enemy == hands[1]);
        p = after(&p, &y->move);
        ck_assert_msg((p.enemy == 0) == (i + 1 == l->n), "the game ends at ply %zu, not at the line's end", i);
    }
    int winner = (int)((l->n - 1) & 1); /* the side of the last ply emptied its hand */
    ck_assert_int_eq(winner, l->outcome == DDZ_SOLVE_WIN ? 0 : 1);
}

/* The independent measure: plies to the end with the winner taking the fewest and the loser
 * the most, by plain minimax over every move (no table, no bounds): positive for a win of the
 * side to move, negative for a loss. Small positions only. */
static int plies(const ddz_position *p, const ddz_rules *r, int depth)
{
    ddz_move mv[512];
    size_t n = ddz_generate(p->me, &p->last, r, mv, 512);
    ck_assert_uint_le(n, 512);
    int best_win = 0, worst_loss = 0;
    for (size_t i = 0; i < n; i++) {
        if (mv[i].type != DDZ_PASS && mv[i].cards == p->me)
            return 1;
    }
    for (size_t i = 0; i < n; i++) {
        ddz_position q = after(p, &mv[i]);
        int v = plies(&q, r, depth + 1);
        if (v < 0 && (!best_win || 1 - v < best_win))
            best_win = 1 - v; /* the child loses in -v plies */
        if (v > 0 && 1 + v > worst_loss)
            worst_loss = 1 + v;
    }
    return best_win ? best_win : -worst_loss;
}

static ddz_position random_position(mj_rng *g, int n1, int n2)
{
    int deck[54];
    for (int i = 0; i < 54; i++)
        deck[i] = i < 52 ? i / 4 : (i == 52 ? DDZ_RX : DDZ_RD);
    for (int i = 0; i < 54; i++) {
        int j = i + (int)mj_rng_below(g, (uint64_t)(54 - i));
        int t = deck[i];
        deck[i] = deck[j];
        deck[j] = t;
    }
    ddz_position p = {0, 0, pass};
    for (int i = 0; i < n1 + n2; i++)
        *(i < n1 ? &p.me : &p.enemy) += (ddz_hand)1 << (4 * deck[i]);
    return p;
}

/* Small random positions (both answers, both sides to move): the line is legal and its length
 * is the minimax's, so the winner's moves are the fastest and the loser's the most stubborn. */
START_TEST(test_small_exact)
{
    mj_rng g = {tu_seed("line", 27)};
    ddz_rules r = {DDZ_CONV_RLCARD, 0};
    const ddz_solver *fast = ddz_solver_find("fast");
    int wins = 0, losses = 0, long_lines = 0;
    for (int i = 0; i < 200; i++) {
        ddz_position p = random_position(&g, 1 + (int)mj_rng_below(&g, 5), 1 + (int)mj_rng_below(&g, 5));
        ddz_table *t = ddz_table_new((size_t)1 << 20);
        ck_assert_ptr_nonnull(t);
        ddz_solve_options o = {1, 0, 1, 0, t, NULL};
        ddz_outcome out = fast->solve(&p, &r, &o, &res);
        ddz_line_options lo = {.rules = &r, .table = t, .root = &res};
        ck_assert_int_eq(ddz_line_of_play(&p, &lo, &line), out);
        check_legal(&p, &r, &line);
        ck_assert(line.exact);
        int want = plies(&p, &r, 0);
        ck_assert_int_eq((int)line.n, want > 0 ? want : -want);
        ck_assert_int_eq(line.length, (int)line.n);
        ck_assert_int_eq(out == DDZ_SOLVE_WIN, want > 0);
        wins += out == DDZ_SOLVE_WIN;
        losses += out == DDZ_SOLVE_LOSS;
        long_lines += line.n >= 7;
        /* the same line without the table (short solves and the memo only) */
        ddz_line_options bare = {.rules = &r};
        static ddz_line again;
        ck_assert_int_eq(ddz_line_of_play(&p, &bare, &again), out);
        ck_assert_uint_eq(again.n, line.n);
        for (size_t k = 0; k < line.n; k++)
            ck_assert_int_eq(ddz_move_compare(&again.ply[k].move, &line.ply[k].move), 0);
        ddz_table_free(t);
    }
    ck_assert_int_gt(wins, 30);
    ck_assert_int_gt(losses, 30);
    ck_assert_int_gt(long_lines, 10);
}
END_TEST

/* Hand-argued lines. 334 against a lone 2, leading: a single is taken by the 2, which then
 * plays out; the pair 33 cannot be answered, so 33, pass, 4 is the only win (3 plies).
 * 34 against A2, leading, is lost: whichever single leads, the enemy tops it and plays the
 * other top card out (4 plies; passing instead would let the 4 play out). Ties go to the
 * generator's order: the 3 leads, the A tops it. */
static void expect_line(const char *me, const char *enemy, ddz_outcome want, const char *moves)
{
    ddz_rules r = {DDZ_CONV_RLCARD, 0};
    ddz_position p = P(me, enemy, NULL);
    ddz_line_options lo = {.rules = &r};
    ck_assert_int_eq(ddz_line_of_play(&p, &lo, &line), want);
    check_legal(&p, &r, &line);
    char got[256] = "", buf[32];
    for (size_t i = 0; i < line.n; i++) {
        ddz_format_move(&line.ply[i].move, buf, sizeof buf);
        strcat(got, i ? " " : "");
        strcat(got, buf);
    }
    ck_assert_str_eq(got, moves);
}

START_TEST(test_argued)
{
    expect_line("334", "2", DDZ_SOLVE_WIN, "pair:33 pass single:4");
    expect_line("34", "A2", DDZ_SOLVE_LOSS, "single:3 single:A pass single:2");
}
END_TEST

/* The 17-vs-17 deal of issue 27 (a loss whose search takes milliseconds; the old line re-solved
 * every ply in seconds): the answer, a legal line that plays to the end, few short solves. */
START_TEST(test_deal_17v17)
{
    ddz_rules r = {DDZ_CONV_RLCARD, 0};
    ddz_position p = P("34456677889TQQKKK", "334456789JJJAA22X", NULL);
    ddz_table *t = ddz_table_new(ddz_table_default_bytes(&p));
    ck_assert_ptr_nonnull(t);
    ddz_solve_options o = {1, 0, 1, 0, t, NULL};
    ck_assert_int_eq(ddz_solver_find("fast")->solve(&p, &r, &o, &res), DDZ_SOLVE_LOSS);
    ddz_line_options lo = {.rules = &r, .table = t, .root = &res};
    ck_assert_int_eq(ddz_line_of_play(&p, &lo, &line), DDZ_SOLVE_LOSS);
    check_legal(&p, &r, &line);
    ck_assert(line.exact);
    printf("17v17 line: %zu plies, %llu nodes, %llu short solves\n", line.n, line.nodes, line.solves);
    ddz_table_free(t);
}
END_TEST

/* A budget of one node: the line still plays to the end (winning moves, the longest defence
 * proven so far), marked not exact; a time limit that has passed stops it, marked stopped. */
START_TEST(test_budget_and_time)
{
    ddz_rules r = {DDZ_CONV_RLCARD, 0};
    ddz_position p = P("34456677889TQQKKK", "334456789JJJAA22X", NULL);
    ddz_table *t = ddz_table_new(ddz_table_default_bytes(&p));
    ddz_solve_options o = {1, 0, 1, 0, t, NULL};
    ck_assert_int_eq(ddz_solver_find("fast")->solve(&p, &r, &o, &res), DDZ_SOLVE_LOSS);
    ddz_line_options lo = {.rules = &r, .table = t, .root = &res, .budget = 1};
    ck_assert_int_eq(ddz_line_of_play(&p, &lo, &line), DDZ_SOLVE_LOSS);
    check_legal(&p, &r, &line);
    ck_assert(!line.exact);
    ck_assert_int_eq(line.length, 0);
    volatile sig_atomic_t stop = 1;
    ddz_line_options stopped = {.rules = &r, .table = t, .stop = &stop};
    ddz_position q = P("3456789TJQKA2", "3456789TJQKA2", NULL); /* not in the table: needs a solve */
    ddz_outcome out = ddz_line_of_play(&q, &stopped, &line);
    ck_assert(out == DDZ_SOLVE_TIMEOUT || (line.stopped && line.n < DDZ_LINE_MAX));
    ddz_table_free(t);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("ddz_line");
    TCase *t = tcase_create("line");
    tcase_set_timeout(t, 120);
    tcase_add_test(t, test_small_exact);
    tcase_add_test(t, test_argued);
    tcase_add_test(t, test_deal_17v17);
    tcase_add_test(t, test_budget_and_time);
    suite_add_tcase(s, t);
    return s;
}

int main(void) { return tu_run(suite()); }
