/* Helpers every Check suite uses: parsing a hand that must parse, seeded random hands. */
#ifndef MJ_TESTUTIL_H
#define MJ_TESTUTIL_H

#include <check.h>
#include <stdint.h>

#include "mj_algo.h"
#include "mj_notation.h"
#include "mj_random.h"
#include "mj_rules.h"

/* Parses text in any notation (auto-detected) over kinds; fails the test if it does not parse. */
mj_hand tu_hand(const char *text, int kinds);
/* Fills r from a rule spec; fails the test when it is refused. */
mj_rules tu_rules(const char *spec);

/* Random tests use mj_rng and mj_deal (mj_random.h).
 * The seed: MJ_TEST_SEED from the environment if set, else fallback; printed to stderr. */
uint64_t tu_seed(const char *what, uint64_t fallback);

/* Runs a suite and returns the process exit code (0 when nothing failed). */
int tu_run(Suite *s);

#endif
