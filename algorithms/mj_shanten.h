/* The one interface every shanten (向听数) calculator fills, and the registry that lists them. */
#ifndef MJ_SHANTEN_H
#define MJ_SHANTEN_H

#include <stdbool.h>
#include <stddef.h>

#include "mj_rules.h"
#include "mj_tiles.h"
#include "mj_api.h"

MJ_API_BEGIN

/* Definitions (algorithms/README.md argues them):
 *  A hand h has 3k+1 or 3k+2 tiles, k = 0..4 (1, 2, 4, 5, 7, 8, 10, 11, 13 or 14 tiles).
 *  shanten(h) = min over complete hands W, of |h| + 1 tiles (h of 3k+1) or |h| tiles (3k+2),
 *  under the rule set's forms over its tile set with every count at most 4, of |W - h| - 1,
 *  |W - h| being the tiles of W not in h, with multiplicity. -1 = complete. Seven pairs (7p,
 *  7p4) and thirteen orphans (13o) count only at 14 tiles, i.e. for hands of 13 and 14 tiles;
 *  the standard form at every 3k+2.
 *  effective(h): the kinds t held fewer than 4 times with shanten(h + t) < shanten(h) (3k+1),
 *  or, for 3k+2, with shanten(h - d + t) < shanten(h) for some kind d held. */
typedef struct mj_shanten_algo {
    const char *name;    /* short, unique, used by --algo */
    const char *summary; /* one line: the method */
    const char *source;  /* where the method comes from */
    unsigned forms;      /* mj_form bits it can account for (std, 7p, 7p4, 13o) */
    int max_kinds;       /* 27: three suits only; 34: honors too */
    bool flawed;         /* a faithful port of published code known to be wrong */
    const char *flaw;    /* for flawed ports: one line on what is wrong */
    /* Builds tables; called once, single-threaded, before any other call. 0 on success. May be NULL. */
    int (*init)(void);
    /* shanten(h) under r. Preconditions: mj_hand_valid(h, r->kinds), h->tiles % 3 != 0 and
     * 1 <= h->tiles <= 14 (mj_shanten_size_ok), the algorithm supports r (mj_shanten_supports).
     * Reentrant, allocates nothing. */
    int (*shanten)(const mj_hand *h, const mj_rules *r);
    /* Optional: effective(h) as a set of kinds, with shanten(h) stored in *shanten_out when
     * shanten_out is not NULL. Same preconditions. NULL = the registry's fallback by trial
     * (mj_shanten_effective). */
    mj_kindset (*effective)(const mj_hand *h, const mj_rules *r, int *shanten_out);
} mj_shanten_algo;

/* The registry, in table order; the baseline `sh-backtrack` first, flawed ports last. */
extern const mj_shanten_algo *const mj_shanten_algos[];
extern const size_t mj_shanten_algo_count;

/* NULL when no calculator has that name (built-in, or registered below). */
const mj_shanten_algo *mj_shanten_find(const char *name);
/* Adds a row at run time (a loaded plugin), found by mj_shanten_find but not in
 * mj_shanten_algos[]. a must outlive every later call. 0, or -1 when the name is taken or
 * MJ_SHANTEN_EXTRA rows are already registered. */
enum { MJ_SHANTEN_EXTRA = 8 };
int mj_shanten_register(const mj_shanten_algo *a);
/* Calls every init once; 0 on success, else returns the failing index + 1. */
int mj_shanten_algos_init(void);
/* Whether a accounts for every form of r that counts for shanten (std, 7p, 7p4, 13o) over r's
 * tile set. */
bool mj_shanten_supports(const mj_shanten_algo *a, const mj_rules *r);
/* Whether a hand of n tiles has a shanten number: 1 <= n <= 14 and n % 3 != 0. */
static inline bool mj_shanten_size_ok(int n) { return n >= 1 && n <= 14 && n % 3 != 0; }
/* effective(h) by a: its native entry if it has one, else by trial with a->shanten (each
 * kind added; for 3k+2 hands each held kind discarded first). *shanten_out as above. Same
 * preconditions as mj_shanten_algo.shanten. */
mj_kindset mj_shanten_effective(const mj_shanten_algo *a, const mj_hand *h, const mj_rules *r, int *shanten_out);
/* The fallback itself, whatever a->effective is. */
mj_kindset mj_shanten_effective_by_trial(const mj_shanten_algo *a, const mj_hand *h, const mj_rules *r,
                                         int *shanten_out);
/* The tiles left of the kinds in set: sum of 4 - h->count[k]. */
int mj_shanten_remaining(const mj_hand *h, mj_kindset set);

MJ_API_END

#endif
