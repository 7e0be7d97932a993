/* The one interface every win-check algorithm fills, and the registry that lists them. */
#ifndef MJ_ALGO_H
#define MJ_ALGO_H

#include <string.h>

#include "mj_rules.h"
#include "mj_tiles.h"
#include "mj_api.h"

MJ_API_BEGIN

typedef struct mj_algo {
    const char *name;    /* short, unique, used by --algo */
    const char *summary; /* one line: the method */
    const char *source;  /* source document and section, e.g. "seed 001 §2" */
    unsigned forms;      /* mj_form bits it can decide */
    int max_kinds;       /* 27: three suits only; 34: honors too */
    int min_win;         /* 0, or the smallest winning size it can decide: 14 = only rule sets
                            whose window starts at 14 (seed 003's port) */
    bool flawed;         /* a faithful port of published code known to be wrong */
    const char *flaw;    /* for flawed ports: one line on what is wrong */
    /* Builds tables; called once, single-threaded, before any is_win. 0 on success. May be NULL. */
    int (*init)(void);
    /* Whether h wins under some form in r->forms (each form at its own sizes).
     * Preconditions: mj_hand_valid(h, r->kinds), the algorithm supports r.
     * Reentrant, allocates nothing. The registry applies r->min_win..max_win. */
    bool (*is_win)(const mj_hand *h, const mj_rules *r);
    /* Optional: the kinds t, held fewer than 4 times, with h + t winning. NULL = the
     * registry's fallback (add each kind, call is_win). Same preconditions. */
    mj_kindset (*waits)(const mj_hand *h, const mj_rules *r);
    /* Optional (issue 16): is_win on n hands at once, out[i] = 0 or 1, returning how many
     * are 1, so that independent hands overlap with no call per hand. Unlike is_win it
     * applies r->min_win..max_win itself (out[i] = 0 outside). Same preconditions per hand;
     * reentrant, allocates nothing. NULL = the registry's fallback (mj_algo_is_win_batch).
     * Kept last, so rows filled by name (plugins, tests) get NULL. */
    size_t (*is_win_batch)(const mj_hand *hands, size_t n, const mj_rules *r, uint8_t *out);
} mj_algo;

/* Eight counts from p as one word, count p[i] in byte i on little-endian machines. Algorithms
 * read the caller's counts this way, in place: a copy written and then read back a word at a
 * time would wait on its own stores. */
static inline uint64_t mj_load8(const uint8_t *p)
{
    uint64_t w;
    memcpy(&w, p, sizeof w);
    return w;
}

/* All 34 counts OR-ed eight at a time (kinds 26..31 twice): counts are 0..4, so bit 0 of a
 * byte is set when some count is odd and bit 2 when some count is 4. */
static inline uint64_t mj_counts_or(const uint8_t count[MJ_KINDS])
{
    return mj_load8(count) | mj_load8(count + 8) | mj_load8(count + 16) | mj_load8(count + 24) |
           mj_load8(count + MJ_KINDS - 8);
}

/* A native batch entry (mj_algo.is_win_batch) made of an algorithm's own is_win in a loop:
 * each call is direct, so the compiler may inline it and overlap one hand's work with the
 * next, and no call goes through the table. For algorithms whose method has no batched form. */
#define MJ_ALGO_BATCH_LOOP(batch_fn, is_win_fn)                                                     \
    static size_t batch_fn(const mj_hand *hands, size_t n, const mj_rules *r, uint8_t *out)         \
    {                                                                                               \
        size_t wins = 0;                                                                            \
        for (size_t i = 0; i < n; i++) {                                                            \
            bool win = hands[i].tiles >= r->min_win && hands[i].tiles <= r->max_win &&              \
                       is_win_fn(&hands[i], r);                                                     \
            out[i] = win;                                                                           \
            wins += win;                                                                            \
        }                                                                                           \
        return wins;                                                                                \
    }

/* The registry, in table order; the baseline `backtrack` first. */
extern const mj_algo *const mj_algos[];
extern const size_t mj_algo_count;

/* NULL when no algorithm has that name (built-in, or registered below). */
const mj_algo *mj_algo_find(const char *name);
/* Adds a row at run time (a loaded plugin), found by mj_algo_find but not in mj_algos[].
 * a must outlive every later call. 0, or -1 when the name is taken or MJ_ALGO_EXTRA rows
 * are already registered. */
enum { MJ_ALGO_EXTRA = 8 };
int mj_algo_register(const mj_algo *a);
/* Calls every init once; 0 on success, else prints nothing and returns the failing index + 1. */
int mj_algos_init(void);
/* Whether a can decide every form of r over r's tile set. */
bool mj_algo_supports(const mj_algo *a, const mj_rules *r);
/* is_win with the rule set's size window applied (inline: the oracle calls it for every hand). */
static inline bool mj_algo_is_win(const mj_algo *a, const mj_hand *h, const mj_rules *r)
{
    if (h->tiles < r->min_win || h->tiles > r->max_win) return false;
    return a->is_win(h, r);
}
/* is_win on hands[0..n): the native batch if a has one, else mj_algo_is_win_by_call; out[i]
 * = 0 or 1 with the size window applied; returns the number of 1s. */
size_t mj_algo_is_win_batch(const mj_algo *a, const mj_hand *hands, size_t n, const mj_rules *r, uint8_t *out);
/* The fallback itself: mj_algo_is_win on each hand in turn. */
size_t mj_algo_is_win_by_call(const mj_algo *a, const mj_hand *hands, size_t n, const mj_rules *r, uint8_t *out);
/* Native waits if any, else the fallback; applies the size window too. */
mj_kindset mj_algo_waits(const mj_algo *a, const mj_hand *h, const mj_rules *r);
/* The fallback itself: each kind below r->kinds held < 4 times, added and checked. */
mj_kindset mj_algo_waits_by_trial(const mj_algo *a, const mj_hand *h, const mj_rules *r);

/* One decomposition of a winning hand, e.g. "123m 456m 789m 111p 22s" or
 * "7 pairs: 11m 22m ..."; false when h does not win under r. (backtrack.c) */
bool mj_explain(const mj_hand *h, const mj_rules *r, char *buf, size_t cap);

MJ_API_END

#endif
