/* Helpers every Check suite uses: parsing a hand that must parse, seeded random hands. */
#ifndef MJ_TESTUTIL_H
#define MJ_TESTUTIL_H

#include <check.h>
#include <stdint.h>

#include "mj_algo.h"
#include "mj_notation.h"
#include "mj_rules.h"

/* Parses text in any notation (auto-detected) over kinds; fails the test if it does not parse. */
mj_hand tu_hand(const char *text, int kinds);
/* Fills r from a rule spec; fails the test when it is refused. */
mj_rules tu_rules(const char *spec);

/* A small deterministic PRNG (splitmix64), so random tests print and take a seed. */
typedef struct { uint64_t s; } tu_rng;
uint64_t tu_next(tu_rng *r);
/* Uniform in 0..n-1. */
uint32_t tu_below(tu_rng *r, uint32_t n);
/* The seed: MJ_TEST_SEED from the environment if set, else fallback; printed to stderr. */
uint64_t tu_seed(const char *what, uint64_t fallback);
/* Deals `tiles` tiles from a shuffled wall of 4 copies of each of `kinds` kinds. */
mj_hand tu_deal(tu_rng *r, int kinds, int tiles);

/* Runs a suite and returns the process exit code (0 when nothing failed). */
int tu_run(Suite *s);

#endif
