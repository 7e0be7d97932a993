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

/* Thirteen orphans at 14 tiles over 34 kinds. */
bool mj_forms_orphans14(const uint8_t count[MJ_KINDS]);

/* Kong hands (15-18 tiles): some n - 14 kinds held four times set aside, std on the rest. */
bool mj_forms_kongs(const mj_hand *h, const mj_rules *r, mj_std_fn std);

/* The non-standard forms alone, at 14 tiles: seven pairs (7p or 7p4) and thirteen orphans.
 * Inline, like mj_forms_is_win: they run on every hand an algorithm is given. */
static inline bool mj_forms_special14(const uint8_t count[MJ_KINDS], const mj_rules *r)
{
    if (r->forms & (MJ_FORM_7P | MJ_FORM_7P4)) {
        uint64_t all = mj_counts_or(count); /* bit 0 of a byte: an odd count; bit 2: a four */
        bool even = (all & 0x0101010101010101ull) == 0;
        bool four = (all & 0x0404040404040404ull) != 0;
        if (even && (!four || (r->forms & MJ_FORM_7P4))) return true;
    }
    return (r->forms & MJ_FORM_13O) && r->kinds == MJ_KINDS && mj_forms_orphans14(count);
}

/* Whether h wins under r->forms, each form at its own sizes, with std deciding the
 * standard form and the standard rest after kongs are set aside. Allocates nothing.
 * Inline, so that each algorithm's call of its own std is direct (and may be inlined). */
static inline bool mj_forms_is_win(const mj_hand *h, const mj_rules *r, mj_std_fn std)
{
    int n = h->tiles;
    if ((r->forms & MJ_FORM_STD) && n <= 14 && n % 3 == 2 && std(h->count, n, r->kinds)) return true;
    if (n == 14 && (r->forms & (MJ_FORM_7P | MJ_FORM_7P4 | MJ_FORM_13O)) && mj_forms_special14(h->count, r))
        return true;
    return (r->forms & MJ_FORM_KONGS) && n >= 15 && n <= 18 && mj_forms_kongs(h, r, std);
}

#endif
