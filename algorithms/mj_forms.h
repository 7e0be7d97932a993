/* The special forms (seven pairs, thirteen orphans, kongs) for algorithms that only
 * implement the standard form themselves. The oracle never uses this file. */
#ifndef MJ_FORMS_H
#define MJ_FORMS_H

#include "mj_algo.h"

/* A standard-form decider: whether count (MJ_KINDS entries, `tiles` in total, kinds
 * at or past `kinds` are zero) is a pair plus melds. Called only with tiles % 3 == 2
 * and tiles <= 14. It reads the caller's counts in place (no copy on the way in: most
 * hands are settled by a few loads) and keeps any scratch to itself. */
typedef bool (*mj_std_fn)(const uint8_t count[MJ_KINDS], int tiles, int kinds);

/* Whether h wins under r->forms, each form at its own sizes, with std deciding the
 * standard form and the standard rest after kongs are set aside. Allocates nothing. */
bool mj_forms_is_win(const mj_hand *h, const mj_rules *r, mj_std_fn std);

/* The non-standard forms alone, at 14 tiles: seven pairs (7p or 7p4) and thirteen orphans. */
bool mj_forms_special14(const uint8_t count[MJ_KINDS], const mj_rules *r);

#endif
