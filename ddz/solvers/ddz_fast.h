/* Test hooks of the fast solver (fast.c): its cheap exact test and its table key, callable
 * alone, so that tests can hold each against a plain search. Not for other callers. */
#ifndef DDZ_FAST_H
#define DDZ_FAST_H

#include <stddef.h>
#include <stdint.h>
#include "ddz_moves.h"

#ifdef __cplusplus
extern "C" {
#endif

/* 1 when the split test (fast.c, "cheap test 2") proves the player to move (holding me, facing
 * last) wins against en; 0 when it proves nothing. -1 when out of memory. */
int ddz_fast_split_test(ddz_hand me, ddz_hand en, const ddz_move *last, const ddz_rules *rules);

/* The moves of mv[0..n) (the moves of me facing last) left after the dominated ones are left
 * out (fast.c, "Dominated moves"), in their order, in mv; returns how many. */
size_t ddz_fast_leave_dominated(ddz_move *mv, size_t n, ddz_hand me, ddz_hand en, const ddz_move *last,
                                const ddz_rules *rules);

/* The table key of a position: both hands with runs of absent ranks collapsed, and the move to
 * beat reduced to what decides the answers (fast.c: canon_key, collapse). Positions with the
 * same key must have the same value. */
void ddz_fast_key(ddz_hand me, ddz_hand en, const ddz_move *last, const ddz_rules *rules, ddz_hand *key_me,
                  ddz_hand *key_en, uint32_t *key_last);

/* Switches the shortcuts off for a comparison (bits: 1 split test, 2 transposition cutoff,
 * 4 reduced move-to-beat key (turns the rank collapse off too), 8 rank collapse, 16 the
 * skipped nodes of moves that can only be passed to, 32 the answering order: answers in the
 * leading order instead, 64 the killer answers, 128 the answer history, 256 the probes, 512 the
 * dominated moves left out, 1024 the refutation table); 0 (the default) = all on. Single-threaded tests only: set it between solves. */
extern int ddz_fast_disable;

/* The probes (fast.c, "Probes"): nodes with at least this many cards in the two hands probe
 * their first children with a budget of this many nodes. Defaults 22 and 2048; tests lower
 * both so that probes run, and run out, on small positions. Single-threaded tests only. */
extern int ddz_fast_probe_cards;
extern unsigned ddz_fast_probe_nodes;

/* Answering nodes with at least this many cards in the two hands try the answers in kind the
 * opponent can beat before those it cannot (fast.c, "Control answers last"); 31 by default, the
 * tests lower it so that it runs on small positions. Single-threaded tests only. */
extern int ddz_fast_control_cards;

/* The buckets a solve's table starts with before it grows (search_table.c, "The table grows");
 * 0 (the default): an eighth of the table, at least 2 MiB of it. Tests set 1 (with a small
 * ddz_fast_grow_step), so that small solves grow their table many times, or SIZE_MAX, so that it never grows. Single-threaded
 * tests only: set it between solves. */
extern size_t ddz_fast_grow_from;
/* The stores a thread counts before it checks whether a table should grow (both solvers), a power of two:
 * 1024 by default; tests lower it so that small solves grow (and move entries) often. */
extern unsigned ddz_fast_grow_step;
/* With more than one thread, positions of fewer cards than this (both hands) go to each
 * thread's own table, the rest to the shared one (fast.c, "Own tables"); 16 by default, 0:
 * every position shared. Set it between solves. */
extern int ddz_fast_share_cards;
/* With more than one thread, nodes of at least this many cards (both hands) share their children
 * after the first with the other threads (fast.c, "Young brothers wait"); the tests lower it. */
extern int ddz_fast_split_cards;
/* ... and only after this many of its children searched in full failed (fast.c, "Young brothers
 * wait for two"); 2 by default, at least 1. Set it between solves. */
extern int ddz_fast_split_after;
/* ... or, with more than two threads, after this many (fast.c, "Many threads"); 1 by default. */
extern int ddz_fast_split_after_many;
/* ... and at most this many threads work on one such node, its owner included (fast.c, "Young
 * brothers wait"); 0 by default: any number; else at least 2. Set it between solves. */
extern int ddz_fast_split_window;
/* ... and, with more than two threads, at most this many per child of the node searched in full
 * that failed (fast.c, "A split's room grows"); 2 by default, 0: the window alone. Set it between
 * solves. */
extern int ddz_fast_split_grow;
/* ... and while some thread of the team sleeps, a node of at least this many cards splits after
 * one failed child (fast.c, "Eager splits while a thread sleeps"); 8 by default, 0: off. Set it
 * between solves. */
extern int ddz_fast_eager_cards;
/* With more than one thread, the root's first moves are open to the whole team once this many were
 * refuted (fast.c, "The root splits"); 1 by default, 0: thread 0 takes them all. Set it between
 * solves. */
extern int ddz_fast_root_after;
/* ... and once the solve has searched this many nodes (two threads; more: ddz_fast_root_nodes_many); 2097152 by default, 0: at once. */
extern unsigned long long ddz_fast_root_nodes;
/* With more than two threads, the root opens once the solve has searched this many nodes instead
 * (fast.c, "Budgets at the root"); 0 by default: at once. */
extern unsigned long long ddz_fast_root_nodes_many;
/* ... and a thread other than thread 0 searches a first move with at most this many nodes, four
 * times more each time it ran out before; one that runs out is put back and taken again later.
 * 16384 by default; 0: no budgets. */
extern unsigned long long ddz_fast_root_budget;
/* First moves put back so far (every solve): the tests' proof that budgets ran out. */
extern unsigned long long ddz_fast_root_put_back;
/* First moves taken so far by threads other than thread 0 (every solve): the tests' proof. */
extern unsigned long long ddz_fast_root_helps;
/* With more than one thread, a solve runs on one thread alone for at most this many nodes first
 * and starts the team only when the position is not decided within them (fast.c, "One thread
 * first"); 262144 by default, 0: the team at once (the tests set it so that small positions split). */
extern unsigned long long ddz_fast_team_after;
/* Splits made so far in this process (every solve, every thread): the tests' proof that they ran. */
extern unsigned long long ddz_fast_splits;
/* With more than one thread, an idle thread that has found no split to join in this many tries
 * sleeps until one opens (fast.c, "Idle threads sleep"); 256 by default, 0: it never sleeps (spins
 * on). Set it between solves. ddz_fast_idle_sleeps counts the sleeps so far in this process (the
 * tests' proof that they ran). */
extern unsigned ddz_fast_idle_spins;
extern unsigned long long ddz_fast_idle_sleeps;
/* Moves left out of the lists as dominated (fast.c, "Dominated moves") so far in this process:
 * the tests' proof that the rule ran. */
extern unsigned long long ddz_fast_dominated;

#ifdef __cplusplus
}
#endif
#endif
