/* Dou Dizhu solvers: hand-argued positions, fast against naive on thousands of random small
 * positions (both conventions), a table forced to collide, thread-count determinism, and the
 * flagged seed port caught on the seed's own comparison flaw. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ddz_fast.h"
#include "ddz_movegen.h"
#include "ddz_solver.h"
#include "mj_random.h"
#include "testutil.h"

static ddz_result res_a, res_b, res_c;

static ddz_position P(const char *me, const char *enemy, const char *last, int conv)
{
    ddz_position p;
    ddz_error e;
    ddz_rules r = {(ddz_convention)conv, 0};
    ck_assert_msg(ddz_parse_hand(me, 0, &p.me, &e) == DDZ_OK, "%s", e.message);
    ck_assert_msg(ddz_parse_hand(enemy, 0, &p.enemy, &e) == DDZ_OK, "%s", e.message);
    p.last = (ddz_move){0, DDZ_PASS, 0, 0};
    if (last)
        ck_assert_msg(ddz_move_from_text(last, &r, &p.last, &e) == DDZ_OK, "%s", e.message);
    return p;
}

/* Solves with one solver; returns the outcome and writes the winning first moves, as text. */
static ddz_outcome run(const char *solver, const ddz_position *p, int conv, char *wins, size_t cap)
{
    ddz_rules r = {(ddz_convention)conv, 0};
    ddz_solve_options o = {1, 0, 1, 0, NULL, NULL};
    const ddz_solver *s = ddz_solver_find(solver);
    ck_assert_ptr_nonnull(s);
    ddz_outcome out = s->solve(p, &r, &o, &res_a);
    size_t k = 0;
    wins[0] = '\0';
    for (size_t i = 0; i < res_a.n_first; i++)
        if (res_a.first_wins[i] == 1) {
            char buf[96];
            ddz_format_move(&res_a.first[i], buf, sizeof buf);
            k += (size_t)snprintf(wins + k, cap - k, "%s%s", k ? " " : "", buf);
        }
    return out;
}

struct argued {
    const char *me, *enemy, *last;
    ddz_outcome want;
    const char *wins; /* every winning first move, generator order */
};

/* Each answer argued:
 * - 32JJ vs 7TTD, leading (the seed's spirit): a 3 is topped by the 7; then a 2 is met by the
 *   D and the TT plays out, a J by the D and again TT; JJ first leaves 3 and 2 as two singles
 *   the D and the 7 take one after the other. The 2 first: on a pass JJ then 3 play out; on the
 *   D the enemy leads 7 (J tops it, J again, then 3... the enemy's TT cannot stop singles) or TT
 *   (JJ tops it, 3 plays out). So the 2 is the one win.
 * - 6666A vs KK, answering a 2: the A does not beat the 2, a pass lets KK play out; the bomb
 *   takes the lead and the A plays out (KK holds no single above A). The bomb saves.
 * - 34 vs 5, leading: a leader cannot pass, and either single is topped by the 5, which empties
 *   the enemy's hand. A loss.
 * - 34 vs 5, answering a 2: nothing beats the 2, so the pass is forced; the 5 plays out. Loss.
 * - 6789TJ vs 89TJQ answering 34567: either five-card straight is topped by 89TJQ (main 8)
 *   which plays out, a pass lets it lead the same; the six-card straight is no answer to a
 *   five-card one. A loss (the seed's comparison calls 6789TJ an answer and a win).
 * - 3 vs 4 answering a pass (leading): the 3 empties the hand at once. A win. */
static const struct argued argued[] = {
    {"32JJ", "7TTD", NULL, DDZ_SOLVE_WIN, "single:2"},
    {"6666A", "KK", "2", DDZ_SOLVE_WIN, "bomb:6666"},
    {"34", "5", NULL, DDZ_SOLVE_LOSS, ""},
    {"34", "5", "2", DDZ_SOLVE_LOSS, ""},
    {"6789TJ", "89TJQ", "34567", DDZ_SOLVE_LOSS, ""},
    {"3", "4", NULL, DDZ_SOLVE_WIN, "single:3"},
};

START_TEST(test_argued)
{
    static const char *const solvers[] = {"fast", "naive"};
    const struct argued *a = &argued[_i];
    for (int s = 0; s < 2; s++) {
        char wins[512];
        ddz_position p = P(a->me, a->enemy, a->last, DDZ_CONV_RLCARD);
        ddz_outcome o = run(solvers[s], &p, DDZ_CONV_RLCARD, wins, sizeof wins);
        ck_assert_msg(o == a->want, "%s: %s vs %s: outcome %d, want %d", solvers[s], a->me, a->enemy, o, a->want);
        ck_assert_msg(strcmp(wins, a->wins) == 0, "%s: %s vs %s: wins '%s', want '%s'", solvers[s], a->me, a->enemy,
                      wins, a->wins);
    }
}
END_TEST

/* The seed's comparison lets a six-card straight answer a five-card one: the port says win. */
START_TEST(test_seed_port_flaw)
{
    char wins[512];
    ddz_position p = P("6789TJ", "89TJQ", "34567", DDZ_CONV_RLCARD);
    ck_assert(ddz_solver_find("seed004")->flawed);
    ck_assert_int_eq(run("seed004", &p, DDZ_CONV_RLCARD, wins, sizeof wins), DDZ_SOLVE_WIN);
    ck_assert_str_eq(wins, "straight:6789TJ");
    ck_assert_int_eq(run("fast", &p, DDZ_CONV_RLCARD, wins, sizeof wins), DDZ_SOLVE_LOSS);
    /* Where lengths never differ, the port agrees: the bomb example. */
    p = P("6666A", "KK", "2", DDZ_CONV_RLCARD);
    ck_assert_int_eq(run("seed004", &p, DDZ_CONV_RLCARD, wins, sizeof wins), DDZ_SOLVE_WIN);
}
END_TEST

/* A random position: n1 and n2 cards dealt from one deck; last a pass, or a random move of a
 * third small hand of the remaining cards. */
static ddz_position random_position(mj_rng *g, int n1, int n2, int conv)
{
    static ddz_move mv[DDZ_MAX_MOVES];
    ddz_hand deck = ddz_deck(), h[3] = {0, 0, 0};
    int want[3] = {n1, n2, 1 + (int)mj_rng_below(g, 5)};
    for (int k = 0; k < 3; k++)
        for (int n = 0; n < want[k];) {
            int r = (int)mj_rng_below(g, DDZ_RANKS);
            if (ddz_count(deck, r)) {
                deck = ddz_sub(deck, r, 1);
                h[k] = ddz_add(h[k], r, 1);
                n++;
            }
        }
    ddz_position p = {h[0], h[1], {0, DDZ_PASS, 0, 0}};
    if (mj_rng_below(g, 2)) {
        ddz_rules r = {(ddz_convention)conv, 0};
        size_t n = ddz_generate(h[2], &p.last, &r, mv, DDZ_MAX_MOVES);
        if (n)
            p.last = mv[mj_rng_below(g, (uint32_t)n)];
    }
    return p;
}

static int same_result(const ddz_result *a, const ddz_result *b)
{
    if (a->outcome != b->outcome || a->n_first != b->n_first)
        return 0;
    for (size_t i = 0; i < a->n_first; i++)
        if (a->first_wins[i] != b->first_wins[i] || a->first[i].cards != b->first[i].cards ||
            a->first[i].type != b->first[i].type)
            return 0;
    return 1;
}

/* fast against naive: every first move decided the same, on 3,000 random positions of 1 to 6
 * cards a side, half under each convention. */
START_TEST(test_fast_vs_naive)
{
    mj_rng g = {tu_seed("fast vs naive", 20261123)};
    const ddz_solver *fast = ddz_solver_find("fast"), *naive = ddz_solver_find("naive");
    ddz_solve_options o = {1, (size_t)1 << 20, 1, 0, NULL, NULL};
    int wins = 0;
    for (int i = 0; i < 3000; i++) {
        int conv = i & 1;
        ddz_rules r = {(ddz_convention)conv, 0};
        ddz_position p = random_position(&g, 1 + (int)mj_rng_below(&g, 6), 1 + (int)mj_rng_below(&g, 6), conv);
        const int saved_control = ddz_fast_control_cards;
        if (i % 4 >= 2)
            ddz_fast_control_cards = 2; /* control answers last at every answering node (fast.c) */
        fast->solve(&p, &r, &o, &res_a);
        ddz_fast_control_cards = saved_control;
        naive->solve(&p, &r, &o, &res_b);
        char me[64], en[64], last[96];
        ddz_format_hand(p.me, me, sizeof me);
        ddz_format_hand(p.enemy, en, sizeof en);
        ddz_format_move(&p.last, last, sizeof last);
        ck_assert_msg(res_b.outcome == DDZ_SOLVE_WIN || res_b.outcome == DDZ_SOLVE_LOSS, "naive failed");
        ck_assert_msg(same_result(&res_a, &res_b), "position %d: %s vs %s last %s conv %d: fast %d, naive %d", i, me,
                      en, last, conv, res_a.outcome, res_b.outcome);
        wins += res_a.outcome == DDZ_SOLVE_WIN;
    }
    /* Both answers occur, so the comparison is not of two constant functions. */
    ck_assert_int_gt(wins, 300);
    ck_assert_int_lt(wins, 2700);
}
END_TEST

/* The probes (fast.c, "Probes") with every node probing on budgets of 1 to 8 nodes, so that
 * probes run out all the time: every first move's value must stay the naive solver's on small
 * positions and fast's without probes on 6 to 8 cards a side, and the node counts must differ
 * from those without probes (the probes ran). */
START_TEST(test_probes)
{
    mj_rng g = {tu_seed("probes", 2211)};
    const ddz_solver *fast = ddz_solver_find("fast"), *naive = ddz_solver_find("naive");
    ddz_solve_options o = {1, (size_t)1 << 20, 1, 0, NULL, NULL};
    const int saved_cards = ddz_fast_probe_cards;
    const unsigned saved_nodes = ddz_fast_probe_nodes;
    int differ = 0;
    for (int i = 0; i < 1200; i++) {
        int conv = i & 1, big = i >= 900;
        ddz_rules r = {(ddz_convention)conv, 0};
        ddz_position p = big ? random_position(&g, 6 + (int)mj_rng_below(&g, 3), 6 + (int)mj_rng_below(&g, 3), conv)
                             : random_position(&g, 1 + (int)mj_rng_below(&g, 6), 1 + (int)mj_rng_below(&g, 6), conv);
        ddz_fast_probe_cards = 2;
        ddz_fast_probe_nodes = 1 + (unsigned)(i % 8);
        fast->solve(&p, &r, &o, &res_a);
        ddz_fast_probe_cards = saved_cards;
        ddz_fast_probe_nodes = saved_nodes;
        if (big) {
            ddz_fast_disable = 256;
            fast->solve(&p, &r, &o, &res_b);
            ddz_fast_disable = 0;
            differ += res_a.nodes != res_b.nodes;
        } else
            naive->solve(&p, &r, &o, &res_b);
        ck_assert_msg(same_result(&res_a, &res_b), "position %d differs with probes everywhere", i);
    }
    ck_assert_int_gt(differ, 50);
}
END_TEST

/* A table of one bucket (4 entries) forces every position into the same slots: answers must
 * not change, and evictions must actually happen. */
START_TEST(test_collisions)
{
    mj_rng g = {tu_seed("collisions", 77)};
    const ddz_solver *fast = ddz_solver_find("fast");
    ddz_solve_options big = {1, (size_t)16 << 20, 1, 0, NULL, NULL}, tiny = {1, 1, 1, 0, NULL, NULL};
    unsigned long long evictions = 0;
    for (int i = 0; i < 200; i++) {
        ddz_rules r = {(ddz_convention)(i & 1), 0};
        ddz_position p = random_position(&g, 3 + (int)mj_rng_below(&g, 5), 3 + (int)mj_rng_below(&g, 5), i & 1);
        fast->solve(&p, &r, &big, &res_a);
        fast->solve(&p, &r, &tiny, &res_b);
        ck_assert_msg(same_result(&res_a, &res_b), "position %d differs with a colliding table", i);
        ck_assert_uint_le(res_b.tt_bytes, 4 * 32);
        evictions += res_b.tt_evictions;
    }
    ck_assert_uint_gt(evictions, 1000);
}
END_TEST

/* Threads on a table of one bucket: every lookup meets the other threads' stores in the same
 * cache line (fast.c, bucket_lock: a lookup trusts what it read only when no writer was in the
 * bucket), and the answers stay those of one thread on a big table; every position in the
 * shared table, then positions of under 14 cards in each thread's own table of one bucket (fast.c,
 * "Own tables"). */
START_TEST(test_collisions_threads)
{
    mj_rng g = {tu_seed("collisions_threads", 78)};
    const ddz_solver *fast = ddz_solver_find("fast");
    ddz_solve_options big = {1, (size_t)16 << 20, 1, 0, NULL, NULL}, two = {2, 1, 1, 0, NULL, NULL}, four = {4, 1, 1, 0, NULL, NULL};
    unsigned long long evictions = 0, hits = 0;
    const unsigned long long saved_after = ddz_fast_team_after;
    ddz_fast_team_after = 0; /* the team at once: these small positions would end on one thread first */
    for (int i = 0; i < 80; i++) {
        ddz_rules r = {(ddz_convention)(i & 1), 0};
        ddz_position p = random_position(&g, 6 + (int)mj_rng_below(&g, 3), 6 + (int)mj_rng_below(&g, 3), i & 1);
        fast->solve(&p, &r, &big, &res_a);
        int threads = i % 3 ? 2 : 4, shared_only = i < 40;
        ddz_fast_share_cards = shared_only ? 0 : 14;
        fast->solve(&p, &r, threads == 2 ? &two : &four, &res_b);
        ddz_fast_share_cards = 0;
        ck_assert_msg(same_result(&res_a, &res_b), "position %d differs on colliding tables shared by %d threads%s", i,
                      threads, shared_only ? "" : " with their own tables");
        ck_assert_uint_le(res_b.tt_bytes, (size_t)64 * (shared_only ? 1 : 1 + (size_t)threads));
        evictions += res_b.tt_evictions;
        hits += res_b.tt_hits;
    }
    ddz_fast_team_after = saved_after;
    ck_assert_uint_gt(evictions, 1000);
    ck_assert_uint_gt(hits, 0);
}
END_TEST

/* A table that grows (fast.c, "The table grows") gives the answers of one that does not: from
 * one bucket, small solves double it many times (moving entries each time), on one thread and
 * on two (where a thread may read the old size while another moves entries). */
START_TEST(test_growth)
{
    mj_rng g = {tu_seed("growth", 29)};
    const ddz_solver *fast = ddz_solver_find("fast");
    ddz_solve_options one = {1, (size_t)1 << 20, 1, 0, NULL, NULL}, two = {2, (size_t)1 << 20, 1, 0, NULL, NULL};
    int grew = 0;
    const unsigned long long saved_after = ddz_fast_team_after;
    ddz_fast_team_after = 0; /* two threads from the start, as the test says */
    for (int i = 0; i < 400; i++) {
        ddz_rules r = {(ddz_convention)(i & 1), 0};
        int big = i >= 340;
        ddz_position p = random_position(&g, (big ? 7 : 3) + (int)mj_rng_below(&g, 3), (big ? 7 : 3) + (int)mj_rng_below(&g, 5), i & 1);
        ddz_fast_grow_from = SIZE_MAX;
        fast->solve(&p, &r, &one, &res_a);
        ck_assert_uint_eq(res_a.tt_bytes, (size_t)1 << 20);
        ddz_fast_grow_from = 1;
        ddz_fast_grow_step = 4;
        fast->solve(&p, &r, big ? &two : &one, &res_b);
        ddz_fast_grow_from = 0;
        ddz_fast_grow_step = 1024;
        ck_assert_msg(same_result(&res_a, &res_b), "position %d differs with a growing table", i);
        grew += res_b.tt_bytes >= 64 * 64;
    }
    ddz_fast_team_after = saved_after;
    ck_assert_int_gt(grew, 100);
}
END_TEST

/* A table kept across solves (ddz_solve_options.table) gives the answers of fresh tables, and
 * the later solves find what the earlier ones stored. */
START_TEST(test_kept_table)
{
    mj_rng g = {tu_seed("kept-table", 11)};
    const ddz_solver *fast = ddz_solver_find("fast");
    ddz_table *t = ddz_table_new((size_t)4 << 20);
    ck_assert_ptr_nonnull(t);
    ddz_solve_options fresh = {1, (size_t)4 << 20, 1, 0, NULL, NULL}, kept = {1, 0, 1, 0, t, NULL};
    unsigned long long hits = 0;
    for (int i = 0; i < 200; i++) {
        ddz_rules r = {(ddz_convention)(i & 1), 0};
        ddz_position p = random_position(&g, 3 + (int)mj_rng_below(&g, 6), 3 + (int)mj_rng_below(&g, 6), i & 1);
        fast->solve(&p, &r, &fresh, &res_a);
        fast->solve(&p, &r, &kept, &res_b);
        ck_assert_msg(same_result(&res_a, &res_b), "position %d differs with a kept table", i);
        fast->solve(&p, &r, &kept, &res_b); /* the second time: answered from the table */
        ck_assert_msg(same_result(&res_a, &res_b), "position %d differs on the second solve", i);
        hits += res_b.tt_hits;
    }
    ck_assert_uint_gt(hits, 0);
    ddz_table_free(t);
}
END_TEST

/* A solve without a kept table reuses the table an earlier solve left, one generation later:
 * nothing of the earlier solves may show, so every count (nodes, hits, stores, evictions) is
 * that of a table made fresh for it, through the generations' wrap (every 1,023 solves the
 * table is cleared) too. Positions of up to 20 cards share one table size, so they share the
 * spare table; 64 KiB tables, small enough to evict. */
START_TEST(test_reused_table)
{
    mj_rng g = {tu_seed("reused-table", 13)};
    const ddz_solver *fast = ddz_solver_find("fast");
    ddz_solve_options reused = {1, (size_t)64 << 10, 1, 0, NULL, NULL};
    unsigned long long hits = 0, evictions = 0;
    for (int i = 0; i < 1100; i++) {
        ddz_rules r = {(ddz_convention)(i & 1), 0};
        ddz_position p = random_position(&g, 3 + (int)mj_rng_below(&g, 8), 3 + (int)mj_rng_below(&g, 8), i & 1);
        fast->solve(&p, &r, &reused, &res_b);
        if (i % 10 != 0 && i < 1015)
            continue; /* the fresh comparison every tenth solve and across the wrap */
        ddz_table *t = ddz_table_new((size_t)64 << 10);
        ck_assert_ptr_nonnull(t);
        ddz_solve_options fresh = {1, 0, 1, 0, t, NULL};
        fast->solve(&p, &r, &fresh, &res_a);
        ddz_table_free(t);
        ck_assert_msg(same_result(&res_a, &res_b), "solve %d: answers differ on a reused table", i);
        ck_assert_msg(res_a.nodes == res_b.nodes && res_a.tt_hits == res_b.tt_hits &&
                          res_a.tt_stores == res_b.tt_stores && res_a.tt_evictions == res_b.tt_evictions,
                      "solve %d: counts differ on a reused table: nodes %llu/%llu hits %llu/%llu stores %llu/%llu "
                      "evictions %llu/%llu",
                      i, res_a.nodes, res_b.nodes, res_a.tt_hits, res_b.tt_hits, res_a.tt_stores, res_b.tt_stores,
                      res_a.tt_evictions, res_b.tt_evictions);
        hits += res_b.tt_hits;
        evictions += res_b.tt_evictions;
    }
    ck_assert_uint_gt(hits, 0);
    ck_assert_uint_gt(evictions, 0);
}
END_TEST

/* One, two, four and sixteen threads decide every first move the same (on positions big enough
 * to split, both conventions; more threads than cores interleave more), with nodes split among
 * the threads from 2, 10 and 14 cards up after one or two failed children (fast.c, "Young brothers
 * wait": children taken in turn, a child that wins stopping its siblings), as many threads on a
 * split as it has failed children, twice as many, or any ("A split's room grows"), splits after one
 * failed child from 2 or 8 cards while a thread sleeps, or not ("Eager splits while a thread
 * sleeps"), idle threads sleeping after one try, the default tries or never ("Idle threads sleep": a lost wake-up would hang a solve), the root's first moves
 * taken by other threads with budgets of 1 or 64 nodes or none ("Budgets at the root"); and where the search
 * stops at the first winning move, the outcome is the same and every first move it decided has
 * its value. */
START_TEST(test_threads)
{
    mj_rng g = {tu_seed("threads", 5)};
    const ddz_solver *fast = ddz_solver_find("fast");
    ddz_solve_options one = {1, (size_t)32 << 20, 1, 0, NULL, NULL}, two = {2, (size_t)32 << 20, 1, 0, NULL, NULL},
                      four = {4, (size_t)32 << 20, 1, 0, NULL, NULL}, sixteen = {16, (size_t)32 << 20, 1, 0, NULL, NULL},
                      first_win = {4, (size_t)32 << 20, 0, 0, NULL, NULL};
    const int saved_split = ddz_fast_split_cards, saved_after_children = ddz_fast_split_after,
              saved_after_many = ddz_fast_split_after_many, saved_window = ddz_fast_split_window,
              saved_grow = ddz_fast_split_grow, saved_eager = ddz_fast_eager_cards,
              saved_root = ddz_fast_root_after;
    const unsigned long long saved_after = ddz_fast_team_after, saved_root_nodes = ddz_fast_root_nodes,
                             saved_root_many = ddz_fast_root_nodes_many, saved_budget = ddz_fast_root_budget;
    const unsigned saved_spins = ddz_fast_idle_spins;
    unsigned long long splits_before = ddz_fast_splits, sleeps_before = ddz_fast_idle_sleeps,
                       root_before = ddz_fast_root_helps, put_back_before = ddz_fast_root_put_back;
    for (int i = 0; i < 60; i++) {
        int conv = i & 1;
        ddz_rules r = {(ddz_convention)conv, 0};
        ddz_position p = random_position(&g, 7 + (int)mj_rng_below(&g, 3), 7 + (int)mj_rng_below(&g, 3), conv);
        ddz_fast_split_cards = i % 3 == 0 ? 2 : i % 3 == 1 ? 10 : 14;
        ddz_fast_split_after = 1 + i / 2 % 2; /* a split after one failed child, or after two */
        ddz_fast_split_after_many = 1 + i / 6 % 2; /* the same with more than two threads */
        ddz_fast_split_window = i % 7 < 2 ? 2 : i % 7 < 4 ? 3 : 0; /* two, three or any threads on a split */
        ddz_fast_split_grow = i % 11 < 4 ? 0 : i % 11 < 8 ? 2 : 1; /* the window alone, or growing with failed children */
        ddz_fast_eager_cards = i % 13 < 4 ? 0 : i % 13 < 9 ? 2 : 8; /* no eager splits, or from 2 or 8 cards */
        ddz_fast_root_after = i % 17 < 5 ? 0 : i % 17 < 12 ? 1 : 3; /* the root on thread 0 alone, or open after 1 or 3 */
        ddz_fast_root_nodes = i % 3 == 2 ? 500 : 0;                  /* ... and at once, or after 500 nodes */
        ddz_fast_root_nodes_many = i % 23 < 8 ? 0 : 500;             /* the same with more than two threads */
        /* with more than two threads: no budgets at the root, or budgets of 1 node (4, 16, ... when
         * taken again: most first moves put back several times) or 64 */
        ddz_fast_root_budget = i % 19 < 5 ? 0 : i % 19 < 12 ? 1 : 64;
        /* the team at once, or after a first round on one thread ran out of 1, 50 or 400 nodes */
        ddz_fast_team_after = i % 4 == 0 ? 0 : i % 4 == 1 ? 1 : i % 4 == 2 ? 50 : 400;
        /* idle threads that sleep after one try, after the default tries, or never */
        ddz_fast_idle_spins = i % 5 < 2 ? 1 : i % 5 < 4 ? saved_spins : 0;
        fast->solve(&p, &r, &one, &res_a);
        fast->solve(&p, &r, &two, &res_b);
        ck_assert_msg(same_result(&res_a, &res_b), "position %d differs between 1 and 2 threads", i);
        fast->solve(&p, &r, &four, &res_c);
        ck_assert_msg(same_result(&res_a, &res_c), "position %d differs between 1 and 4 threads", i);
        fast->solve(&p, &r, &sixteen, &res_c);
        ck_assert_msg(same_result(&res_a, &res_c), "position %d differs between 1 and 16 threads", i);
        fast->solve(&p, &r, &first_win, &res_c);
        ck_assert_msg(res_c.outcome == res_a.outcome, "position %d: another outcome on 4 threads stopping at a win", i);
        for (size_t k = 0; k < res_c.n_first; k++)
            ck_assert_msg(res_c.first_wins[k] < 0 || res_c.first_wins[k] == res_a.first_wins[k],
                          "position %d: first move %zu decided otherwise on 4 threads stopping at a win", i, k);
    }
    ddz_fast_split_cards = saved_split;
    ddz_fast_split_after = saved_after_children;
    ddz_fast_split_after_many = saved_after_many;
    ddz_fast_split_window = saved_window;
    ddz_fast_split_grow = saved_grow;
    ddz_fast_eager_cards = saved_eager;
    ddz_fast_root_after = saved_root;
    ddz_fast_root_nodes = saved_root_nodes;
    ddz_fast_root_nodes_many = saved_root_many;
    ddz_fast_root_budget = saved_budget;
    ddz_fast_team_after = saved_after;
    ddz_fast_idle_spins = saved_spins;
    ck_assert_uint_gt(ddz_fast_splits - splits_before, 1000); /* the splits ran */
    ck_assert_uint_gt(ddz_fast_idle_sleeps - sleeps_before, 0); /* and idle threads slept and woke */
    ck_assert_uint_gt(ddz_fast_root_helps - root_before, 0);    /* and other threads took first moves */
    ck_assert_uint_gt(ddz_fast_root_put_back - put_back_before, 0); /* and put some back when their budget ran out */
}
END_TEST

/* A time limit (or the caller's stop) ends the search with a timeout, never a wrong answer.
 * Regression (issue 27): this test accepted WIN on a position that is a loss. The position's
 * answer is pinned first by a search without a limit; then each limited search must give that
 * answer or TIMEOUT, nothing else. */
START_TEST(test_timeout)
{
    ddz_position p = P("33445566778899TJQK", "TJQKA22XD", NULL, DDZ_CONV_RLCARD);
    ddz_rules r = {DDZ_CONV_RLCARD, 0};
    ddz_solve_options full = {1, (size_t)16 << 20, 1, 0, NULL, NULL};
    ck_assert_int_eq(ddz_solver_find("fast")->solve(&p, &r, &full, &res_a), DDZ_SOLVE_LOSS);
    ddz_solve_options o = {1, (size_t)16 << 20, 1, 1e-6, NULL, NULL};
    for (int k = 0; ddz_solvers[k]; k++) {
        if (ddz_solvers[k]->flawed)
            continue;
        ddz_outcome out = ddz_solvers[k]->solve(&p, &r, &o, &res_b);
        ck_assert_msg(out == DDZ_SOLVE_TIMEOUT || out == DDZ_SOLVE_LOSS, "%s: outcome %d", ddz_solvers[k]->name, out);
    }
    ddz_solve_live live = {0};
    live.stop = 1;
    ddz_solve_options stopped = {1, (size_t)16 << 20, 1, 0, NULL, &live};
    ddz_outcome out = ddz_solver_find("fast")->solve(&p, &r, &stopped, &res_b);
    ck_assert(out == DDZ_SOLVE_TIMEOUT || out == DDZ_SOLVE_LOSS);
    ck_assert_uint_eq(live.first_moves, res_b.n_first);
}
END_TEST

/* ddz_solve_live as a solve fills it: every first move decided and counted, the wins among
 * them, nodes counted in steps of 1024 (at most the solve's own count). */
START_TEST(test_live)
{
    ddz_position p = P("48999TTQKKA2X", "344556688JJA2", NULL, DDZ_CONV_RLCARD); /* ddz deal 1 13 13 */
    ddz_rules r = {DDZ_CONV_RLCARD, 0};
    ddz_solve_live live = {0};
    ddz_solve_options o = {1, 0, 1, 0, NULL, &live};
    ck_assert_int_eq(ddz_solver_find("fast")->solve(&p, &r, &o, &res_a), DDZ_SOLVE_WIN);
    unsigned won = 0;
    for (size_t i = 0; i < res_a.n_first; i++)
        won += res_a.first_wins[i] == 1;
    ck_assert_uint_eq(live.first_moves, res_a.n_first);
    ck_assert_uint_eq(live.decided, res_a.n_first);
    ck_assert_uint_eq(live.won, won);
    ck_assert_uint_le(live.nodes, res_a.nodes);
    ck_assert_uint_gt(live.nodes, 0);
}
END_TEST

/* The split test (fast.c's cheap test 2) against a search without it: whenever it claims a win,
 * the plain search (every shortcut off) must find one; and it must fire often enough to be
 * tested (a wrong "unanswerable" would claim wins the search refutes). */
START_TEST(test_split_sound)
{
    mj_rng g = {tu_seed("split", 31)};
    const ddz_solver *fast = ddz_solver_find("fast");
    ddz_solve_options o = {1, (size_t)1 << 20, 0, 0, NULL, NULL};
    int fired = 0;
    for (int i = 0; i < 1000; i++) {
        int conv = i & 1;
        ddz_rules r = {(ddz_convention)conv, 0};
        ddz_position p = random_position(&g, 2 + (int)mj_rng_below(&g, 7), 1 + (int)mj_rng_below(&g, 7), conv);
        int claim = ddz_fast_split_test(p.me, p.enemy, &p.last, &r);
        ck_assert_int_ge(claim, 0);
        if (!claim)
            continue;
        fired++;
        ddz_fast_disable = 255;
        ddz_outcome out = fast->solve(&p, &r, &o, &res_a);
        ddz_fast_disable = 0;
        char me[64], en[64], last[96];
        ddz_format_hand(p.me, me, sizeof me);
        ddz_format_hand(p.enemy, en, sizeof en);
        ddz_format_move(&p.last, last, sizeof last);
        ck_assert_msg(out == DDZ_SOLVE_WIN, "split test claims %s vs %s last %s conv %d a win; search: %d", me, en,
                      last, conv, out);
    }
    ck_assert_int_gt(fired, 150);
}
END_TEST

/* The table key merges positions (runs of absent ranks collapsed, the move to beat reduced to
 * the answers it leaves): among 4,000 random positions of 1 to 4 cards a side, any two different ones with the
 * same key must have the same value (naive decides both), and such merges must occur. */
#define KEYMAP 65536
static struct keyslot {
    int used, value;
    ddz_hand km, ke, me, en;
    uint32_t kl;
    ddz_move last;
} keymap[KEYMAP];

/* Argued pairs: 3 vs 5 and 4 vs 7 (leading) differ only in where the absent ranks lie and
 * share a key (both lost: the single is topped and the enemy is out). 34678 vs 2 and 34567 vs 2
 * must not: the absent 5 breaks the straight (a loss: every single is topped by the 2) where
 * 34567 plays out (a win). */
static const struct {
    const char *me1, *en1, *me2, *en2;
    int same;
    const char *last1, *last2; /* the moves to beat, or NULL: leading */
} key_pairs[] = {
    {"3", "5", "4", "7", 1, NULL, NULL},
    {"34678", "2", "34567", "2", 0, NULL, NULL},
    /* The ranks above A (tt_collapse_high): a lone joker with no 2 held plays as a lone 2, with
     * a 2 as X (all won: the top single, then the rest); facing a single, the answer's start
     * moves with the joker (D beats X, X beats 2: won). The jokers in two hands and no 2: X
     * as 2, D as X, so X3 against D and D3 against X stay apart (a loss and a win); both in one
     * hand they stay the rocket (XD against 3333 won at once, 2X against it lost to the bomb). */
    {"D", "3", "X", "3", 1, NULL, NULL},
    {"X4", "5", "24", "5", 1, NULL, NULL},
    {"D4", "2", "X4", "2", 1, NULL, NULL},
    {"D", "3", "X", "3", 1, "single:X", "single:2"},
    {"X3", "D", "D3", "X", 0, NULL, NULL},
    {"XD", "3333", "2X", "3333", 0, NULL, NULL},
};

START_TEST(test_key_merges)
{
    mj_rng g = {tu_seed("key", 41)};
    const ddz_solver *naive = ddz_solver_find("naive");
    ddz_solve_options o = {1, 0, 0, 0, NULL, NULL};
    int merges = 0;
    for (size_t i = 0; i < sizeof key_pairs / sizeof key_pairs[0]; i++) {
        ddz_rules r = {DDZ_CONV_RLCARD, 0};
        ddz_position a = P(key_pairs[i].me1, key_pairs[i].en1, key_pairs[i].last1, 0),
                     b = P(key_pairs[i].me2, key_pairs[i].en2, key_pairs[i].last2, 0);
        ddz_hand am, ae, bm, be;
        uint32_t al, bl;
        ddz_fast_key(a.me, a.enemy, &a.last, &r, &am, &ae, &al);
        ddz_fast_key(b.me, b.enemy, &b.last, &r, &bm, &be, &bl);
        ck_assert_int_eq(am == bm && ae == be && al == bl, key_pairs[i].same);
        ck_assert_int_eq(naive->solve(&a, &r, &o, &res_a) == naive->solve(&b, &r, &o, &res_b), key_pairs[i].same);
    }
    for (int conv = 0; conv < 2; conv++) {
        ddz_rules r = {(ddz_convention)conv, 0};
        memset(keymap, 0, sizeof keymap);
        for (int i = 0; i < 2000; i++) {
            ddz_position p = random_position(&g, 1 + (int)mj_rng_below(&g, 4), 1 + (int)mj_rng_below(&g, 4), conv);
            ddz_hand km, ke;
            uint32_t kl;
            ddz_fast_key(p.me, p.enemy, &p.last, &r, &km, &ke, &kl);
            int v = naive->solve(&p, &r, &o, &res_a) == DDZ_SOLVE_WIN;
            size_t h = (size_t)((km * 0x9e3779b97f4a7c15ull ^ ke * 0xc2b2ae3d27d4eb4full ^ kl) >> 40) % KEYMAP;
            while (keymap[h].used && !(keymap[h].km == km && keymap[h].ke == ke && keymap[h].kl == kl))
                h = (h + 1) % KEYMAP;
            struct keyslot *k = &keymap[h];
            if (!k->used) {
                *k = (struct keyslot){1, v, km, ke, p.me, p.enemy, kl, p.last};
                continue;
            }
            if (k->me == p.me && k->en == p.enemy && k->last.type == p.last.type && k->last.main == p.last.main &&
                k->last.len == p.last.len)
                continue;
            merges++;
            char a[64], b[64], c[64], d[64], la[96], lb[96];
            ddz_format_hand(k->me, a, sizeof a);
            ddz_format_hand(k->en, b, sizeof b);
            ddz_format_hand(p.me, c, sizeof c);
            ddz_format_hand(p.enemy, d, sizeof d);
            ddz_format_move(&k->last, la, sizeof la);
            ddz_format_move(&p.last, lb, sizeof lb);
            ck_assert_msg(k->value == v, "same key, different values: %s vs %s last %s (%d) and %s vs %s last %s (%d)",
                          a, b, la, k->value, c, d, lb, v);
        }
    }
    ck_assert_int_gt(merges, 300);
}
END_TEST

/* Every shortcut on against every shortcut off, on positions bigger than test_fast_vs_naive's: 6
 * to 8 cards a side, both conventions. */
START_TEST(test_shortcuts_off)
{
    mj_rng g = {tu_seed("shortcuts", 53)};
    const ddz_solver *fast = ddz_solver_find("fast");
    ddz_solve_options o = {1, (size_t)4 << 20, 1, 0, NULL, NULL};
    unsigned long long with = 0, without = 0, control = 0;
    int refute_differ = 0;
    for (int i = 0; i < 120; i++) {
        int conv = i & 1;
        ddz_rules r = {(ddz_convention)conv, 0};
        ddz_position p = random_position(&g, 6 + (int)mj_rng_below(&g, 3), 6 + (int)mj_rng_below(&g, 3), conv);
        fast->solve(&p, &r, &o, &res_a);
        ddz_fast_disable = 255;
        fast->solve(&p, &r, &o, &res_b);
        ddz_fast_disable = 0;
        ck_assert_msg(same_result(&res_a, &res_b), "position %d differs with the shortcuts off", i);
        ddz_fast_disable = 16; /* the skipped forced nodes alone: the same answers, more nodes */
        fast->solve(&p, &r, &o, &res_b);
        ddz_fast_disable = 0;
        ck_assert_msg(same_result(&res_a, &res_b), "position %d differs with forced nodes searched", i);
        ddz_fast_disable = 64 | 128 | 1024; /* no killer answers, answer history, refutation table: the same answers */
        fast->solve(&p, &r, &o, &res_c);
        ddz_fast_disable = 0;
        ck_assert_msg(same_result(&res_a, &res_c), "position %d differs without killer answers and history", i);
        ddz_fast_disable = 1024; /* the refutation table alone off: the same answers */
        fast->solve(&p, &r, &o, &res_c);
        ddz_fast_disable = 0;
        ck_assert_msg(same_result(&res_a, &res_c), "position %d differs without the refutation table", i);
        refute_differ += res_a.nodes != res_c.nodes;
        int saved_control = ddz_fast_control_cards; /* control answers last at every node: the same answers */
        ddz_fast_control_cards = 2;
        fast->solve(&p, &r, &o, &res_c);
        ddz_fast_control_cards = saved_control;
        ck_assert_msg(same_result(&res_a, &res_c), "position %d differs with control answers last everywhere", i);
        control += res_c.nodes;
        with += res_a.nodes;
        without += res_b.nodes;
    }
    ck_assert_uint_lt(with, without);
    ck_assert_uint_ne(with, control); /* the reordering ran */
    ck_assert_int_gt(refute_differ, 10); /* the refutation table reordered */
}
END_TEST

/* A position where triples matter: the side to move holds two or three triples of random ranks
 * and random cards to n1 in all, the opponent half the time a triple, and random cards to n2; to
 * lead. */
static ddz_position triples_position(mj_rng *g, int n1, int n2)
{
    ddz_hand deck = ddz_deck(), h[2] = {0, 0};
    int want[2] = {n1, n2}, triples[2] = {2 + (int)mj_rng_below(g, 2), (int)mj_rng_below(g, 2)};
    for (int k = 0; k < 2; k++)
        for (int t = 0; t < triples[k];) {
            int r = (int)mj_rng_below(g, 13);
            if (ddz_count(deck, r) == 4) {
                deck = ddz_sub(deck, r, 3);
                h[k] = ddz_add(h[k], r, 3);
                t++;
            }
        }
    for (int k = 0; k < 2; k++)
        while (ddz_size(h[k]) < want[k]) {
            int r = (int)mj_rng_below(g, DDZ_RANKS);
            if (ddz_count(deck, r)) {
                deck = ddz_sub(deck, r, 1);
                h[k] = ddz_add(h[k], r, 1);
            }
        }
    ddz_position p = {h[0], h[1], {0, DDZ_PASS, 0, 0}};
    return p;
}

/* Dominated moves left out (fast.c, "Dominated moves"): every first move's value the same with
 * the rule off, on 600 positions of 7 to 11 cards to move against 4 to 9 (where kickers and
 * equal singles are common), both conventions; the rule must have fired, and saved nodes in all.
 * fast_vs_naive holds it against the naive solver on the small positions. The rule with one
 * condition dropped (a in no chain of the rest, the opponent's ranks between a and b, a's exact
 * count, a below b) made this test fail; the limits on b's count guard the rule of three of a
 * rank as wings, which random positions of this size seldom reach. */
START_TEST(test_dominated)
{
    mj_rng g = {tu_seed("dominated", 97)};
    const ddz_solver *fast = ddz_solver_find("fast");
    ddz_solve_options o = {1, (size_t)4 << 20, 1, 0, NULL, NULL};
    unsigned long long before = ddz_fast_dominated, with = 0, without = 0;
    for (int i = 0; i < 600; i++) {
        int conv = i & 1;
        ddz_rules r = {(ddz_convention)conv, 0};
        ddz_position p = i % 3 == 2 ? triples_position(&g, 9 + (int)mj_rng_below(&g, 4), 4 + (int)mj_rng_below(&g, 6))
                                    : random_position(&g, 7 + (int)mj_rng_below(&g, 5), 4 + (int)mj_rng_below(&g, 6), conv);
        fast->solve(&p, &r, &o, &res_a);
        ddz_fast_disable = 512;
        fast->solve(&p, &r, &o, &res_b);
        ddz_fast_disable = 0;
        char me[64], en[64], last[96];
        ddz_format_hand(p.me, me, sizeof me);
        ddz_format_hand(p.enemy, en, sizeof en);
        ddz_format_move(&p.last, last, sizeof last);
        ck_assert_msg(same_result(&res_a, &res_b), "position %d: %s vs %s last %s conv %d differs with dominated moves", i,
                      me, en, last, conv);
        with += res_a.nodes;
        without += res_b.nodes;
    }
    ck_assert_uint_gt(ddz_fast_dominated - before, 10000); /* the rule ran */
    ck_assert_uint_lt(with, without);
}
END_TEST

/* The dominated-move rule at one node (fast.c, "Dominated moves"): 1 when it leaves a move out of
 * p's list, and then *ok says whether the side to move wins by some move left in exactly when it
 * wins by some move of the whole list (every child solved without the rule); *lost counts the
 * winning moves left out. */
static int dominated_node(const ddz_position *p, const ddz_rules *r, int *ok, int *lost)
{
    static ddz_move all[DDZ_MAX_MOVES], left[DDZ_MAX_MOVES];
    const ddz_solver *fast = ddz_solver_find("fast");
    ddz_solve_options o = {1, (size_t)4 << 20, 0, 0, NULL, NULL};
    size_t n = ddz_generate(p->me, &p->last, r, all, DDZ_MAX_MOVES);
    memcpy(left, all, n * sizeof *all);
    size_t k = ddz_fast_leave_dominated(left, n, p->me, p->enemy, &p->last, r);
    if (k == n)
        return 0;
    int win_all = 0, win_left = 0;
    ddz_fast_disable = 512;
    for (size_t j = 0; j < n; j++) {
        int kept = 0, w;
        for (size_t q = 0; q < k; q++)
            kept |= left[q].cards == all[j].cards && left[q].type == all[j].type && left[q].main == all[j].main;
        if (all[j].type != DDZ_PASS && all[j].cards == p->me)
            w = 1;
        else {
            ddz_position c = {p->enemy, p->me - all[j].cards, all[j]};
            if (all[j].type == DDZ_PASS)
                c.last = (ddz_move){0, DDZ_PASS, 0, 0};
            w = fast->solve(&c, r, &o, &res_c) == DDZ_SOLVE_LOSS;
        }
        win_all |= w;
        win_left |= w && kept;
        *lost += w && !kept;
    }
    ddz_fast_disable = 0;
    *ok = win_all == win_left;
    return 1;
}

/* The rule at the node that applies it (dominated_node): a position the rule once got wrong when
 * it left out a triple for a lower one though the opponent held a triple between them (every
 * win plays the T's as a triple, left out for the 4's against the 6's), then random positions and positions
 * with triples (two or three to move, one half the time for the opponent), to lead and to answer,
 * both conventions. */
START_TEST(test_dominated_nodes)
{
    mj_rng g = {tu_seed("dominated nodes", 101)};
    ddz_rules rl = {DDZ_CONV_RLCARD, 0};
    ddz_position fixed = P("444689TTT222", "46669XD", NULL, DDZ_CONV_RLCARD);
    int ok = 0, lost = 0, pruned = 0;
    ck_assert_int_eq(dominated_node(&fixed, &rl, &ok, &lost), 1);
    ck_assert_msg(ok, "444689TTT222 vs 46669XD: a win only among the moves left out");
    for (int i = 0; i < 1500; i++) {
        int conv = i & 1;
        ddz_rules r = {(ddz_convention)conv, 0};
        ddz_position p = i % 2 ? triples_position(&g, 8 + (int)mj_rng_below(&g, 5), 3 + (int)mj_rng_below(&g, 6))
                               : random_position(&g, 6 + (int)mj_rng_below(&g, 7), 3 + (int)mj_rng_below(&g, 6), conv);
        if (!dominated_node(&p, &r, &ok, &lost))
            continue;
        pruned++;
        char me[64], en[64], last[96];
        ddz_format_hand(p.me, me, sizeof me);
        ddz_format_hand(p.enemy, en, sizeof en);
        ddz_format_move(&p.last, last, sizeof last);
        ck_assert_msg(ok, "position %d: %s vs %s last %s conv %d: a win only among the moves left out", i, me, en, last,
                      conv);
    }
    ck_assert_int_gt(pruned, 800);
    ck_assert_int_gt(lost, 1000); /* winning moves were left out: the check had something to judge */
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("ddz_solver");
    TCase *t = tcase_create("solver");
    tcase_set_timeout(t, 600);
    tcase_add_loop_test(t, test_argued, 0, (int)(sizeof argued / sizeof argued[0]));
    tcase_add_test(t, test_seed_port_flaw);
    tcase_add_test(t, test_fast_vs_naive);
    tcase_add_test(t, test_probes);
    tcase_add_test(t, test_collisions);
    tcase_add_test(t, test_collisions_threads);
    tcase_add_test(t, test_growth);
    tcase_add_test(t, test_kept_table);
    tcase_add_test(t, test_reused_table);
    tcase_add_test(t, test_threads);
    tcase_add_test(t, test_timeout);
    tcase_add_test(t, test_live);
    tcase_add_test(t, test_split_sound);
    tcase_add_test(t, test_key_merges);
    tcase_add_test(t, test_shortcuts_off);
    tcase_add_test(t, test_dominated);
    tcase_add_test(t, test_dominated_nodes);
    suite_add_tcase(s, t);
    return s;
}

int main(void) { return tu_run(suite()); }
