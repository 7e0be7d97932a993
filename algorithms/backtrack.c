/* backtrack: recursion on the count array (seed 001 §2, seed 003), the baseline for every rule set. */
#include "mj_algo.h"

#include <stdio.h>
#include <string.h>

/* A decomposition as it is found: kind and shape of each group. */
typedef enum { GROUP_PAIR, GROUP_TRIPLET, GROUP_RUN, GROUP_KONG, GROUP_SINGLE } group_shape;
typedef struct {
    int kind;
    group_shape shape;
} group;
typedef struct {
    group g[MJ_MAX_TILES];
    int n;
} group_log;

static void log_push(group_log *log, int kind, group_shape shape)
{
    if (log) log->g[log->n++] = (group){kind, shape};
}

/* Whether c (tiles in total) splits into melds only; the lowest held kind must start
 * a triplet or a run, so trying both there covers every decomposition. *reach is raised
 * to the highest kind the search has read (a run at k reads k + 1 and k + 2). */
static bool melds_only(uint8_t c[MJ_KINDS], int tiles, int from, group_log *log, int *reach)
{
    if (tiles == 0) return true;
    int k = from;
    while (c[k] == 0) k++;
    if (k + 2 > *reach) *reach = k + 2;
    int mark = log ? log->n : 0;
    if (c[k] >= 3) {
        c[k] -= 3;
        log_push(log, k, GROUP_TRIPLET);
        bool ok = melds_only(c, tiles - 3, k, log, reach);
        c[k] += 3;
        if (ok) return true;
        if (log) log->n = mark;
    }
    if (!mj_kind_is_honor(k) && mj_kind_rank(k) <= 7 && c[k + 1] && c[k + 2]) {
        c[k]--, c[k + 1]--, c[k + 2]--;
        log_push(log, k, GROUP_RUN);
        bool ok = melds_only(c, tiles - 3, k, log, reach);
        c[k]++, c[k + 1]++, c[k + 2]++;
        if (ok) return true;
        if (log) log->n = mark;
    }
    return false;
}

/* One bit per byte of w whose count is 2..4, gathered into 8 bits (little-endian order). */
static inline uint64_t two_up_bits(uint64_t w)
{
    uint64_t two_up = ((w >> 1) | (w >> 2)) & 0x0101010101010101ull;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    uint64_t bits = 0;
    for (int b = 0; b < 8; b++) bits |= (two_up >> (56 - 8 * b) & 1) << b;
    return bits;
#else
    return (two_up * 0x0102040810204080ull) >> 56;
#endif
}

/* The kinds held twice or more, as bits: the pair candidates. Counts are 0..4, so bit 1
 * or bit 2 of a count's byte is set exactly when it is 2..4; each word of eight counts is
 * reduced to eight bits by one multiply. Read straight from the caller's counts, before
 * any copy, so that hands without a pair cost no copy; scalars throughout, since a local
 * array of words would be stored and read back. */
static uint64_t pair_kinds(const uint8_t count[MJ_KINDS])
{
    return two_up_bits(mj_load8(count)) | two_up_bits(mj_load8(count + 8)) << 8 | two_up_bits(mj_load8(count + 16)) << 16 |
           two_up_bits(mj_load8(count + 24)) << 24 | two_up_bits(mj_load8(count + MJ_KINDS - 8)) << (MJ_KINDS - 8);
}

/* The kinds that may hold the pair by tile count alone: melds hold 3 tiles, so in a pair plus
 * melds the pair lies in the one group (a suit, or an honor kind) whose tiles are 2 mod 3.
 * Candidates elsewhere cannot succeed, and when a suit is at 1 mod 3, an honor held once or
 * four times, or more than one group at 2 mod 3, none can: skipping them prunes the search
 * and changes nothing else. Measured (issue 16, one run): near misses under riichi 113 -> 52
 * ns a hand, random 136-wall hands 47 -> 34; complete hands unchanged (about 135 ns: there the
 * right pair comes early and the time is the meld search itself). */
static uint64_t pair_groups(const uint8_t count[MJ_KINDS], int kinds)
{
    uint64_t groups = 0;
    int pair_groups = 0;
    for (int s = 0; s < 3; s++) {
        const uint8_t *c = count + s * MJ_SUIT_SIZE;
        int tiles = (int)((mj_load8(c) * 0x0101010101010101ull) >> 56) + c[8];
        if (tiles % 3 == 1) return 0; /* no split of such a suit into melds, with or without the pair */
        if (tiles % 3 == 2) groups |= 0x1FFull << (s * MJ_SUIT_SIZE), pair_groups++;
    }
    for (int k = MJ_HONOR_BASE; k < kinds; k++) {
        if (count[k] == 1 || count[k] == 4) return 0; /* an honor fits no meld once or four times */
        if (count[k] == 2) groups |= 1ull << k, pair_groups++;
    }
    return pair_groups == 1 ? groups : 0; /* exactly one group can hold the one pair */
}

/* A pair plus melds over every tile held: each candidate pair in turn, lowest kind first
 * (pairs: the kinds held twice or more), the rest by melds_only. A failed search that
 * never read the pair's kind or anything above it saw only counts that every later pair
 * leaves as they are, so each of those would retrace it and fail the same way: the
 * remaining pairs are cut (backjumping; it changes nothing but the work). */
static bool standard(uint8_t c[MJ_KINDS], int tiles, uint64_t pairs, group_log *log)
{
    if (tiles % 3 != 2) return false;
    for (; pairs; pairs &= pairs - 1) {
        int k = __builtin_ctzll(pairs);
        int mark = log ? log->n : 0, reach = -1;
        c[k] -= 2;
        log_push(log, k, GROUP_PAIR);
        bool ok = melds_only(c, tiles - 2, 0, log, &reach);
        c[k] += 2;
        if (ok) return true;
        if (log) log->n = mark;
        if (reach < k) return false;
    }
    return false;
}

/* Every count even (and no four unless it counts as two pairs), read off all counts at once
 * (mj_counts_or; kinds past `kinds` are 0). */
static bool seven_pairs(const uint8_t c[MJ_KINDS], int kinds, bool fours_count_twice, group_log *log)
{
    uint64_t all = mj_counts_or(c);
    if (all & 0x0101010101010101ull) return false;
    if (!fours_count_twice && (all & 0x0404040404040404ull)) return false;
    for (int k = 0; k < kinds; k++)
        for (int p = 0; p < c[k] / 2; p++) log_push(log, k, GROUP_PAIR);
    return true;
}

static bool thirteen_orphans(const uint8_t c[MJ_KINDS], group_log *log)
{
    static const int orphans[13] = {0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33};
    int doubled = -1;
    for (int i = 0; i < 13; i++) {
        int n = c[orphans[i]];
        if (n == 0 || n > 2) return false;
        if (n == 2) doubled = orphans[i];
    }
    /* the caller has checked 14 tiles, so 13 orphans plus one more means nothing else */
    if (doubled < 0) return false;
    if (log)
        for (int i = 0; i < 13; i++) log_push(log, orphans[i], orphans[i] == doubled ? GROUP_PAIR : GROUP_SINGLE);
    return true;
}

/* Sets aside `left` more kongs, at kinds from `from` on, then asks for a standard rest. */
static bool with_kongs(uint8_t c[MJ_KINDS], int tiles, int kinds, int from, int left, group_log *log)
{
    if (left == 0) return standard(c, tiles, pair_kinds(c) & pair_groups(c, kinds), log);
    for (int k = from; k < kinds; k++) {
        if (c[k] != 4) continue;
        int mark = log ? log->n : 0;
        c[k] = 0;
        log_push(log, k, GROUP_KONG);
        bool ok = with_kongs(c, tiles - 4, kinds, k + 1, left - 1, log);
        c[k] = 4;
        if (ok) return true;
        if (log) log->n = mark;
    }
    return false;
}

static bool decide(const mj_hand *h, const mj_rules *r, group_log *log)
{
    int n = h->tiles;
    unsigned f = r->forms;
    if (n <= 14 && n % 3 != 2) return false; /* no form has this many tiles */
    uint8_t c[MJ_KINDS + 2]; /* two spare zeros so run checks may look past z7 */
    if ((f & MJ_FORM_STD) && n <= 14) {
        uint64_t pairs = pair_kinds(h->count) & pair_groups(h->count, r->kinds);
        if (pairs) {
            memcpy(c, h->count, MJ_KINDS);
            c[MJ_KINDS] = c[MJ_KINDS + 1] = 0;
            if (standard(c, n, pairs, log)) return true;
        }
    }
    if (n == 14) {
        if ((f & MJ_FORM_7P) && seven_pairs(h->count, r->kinds, false, log)) return true;
        if ((f & MJ_FORM_7P4) && seven_pairs(h->count, r->kinds, true, log)) return true;
        if ((f & MJ_FORM_13O) && r->kinds == MJ_KINDS && thirteen_orphans(h->count, log)) return true;
    }
    if ((f & MJ_FORM_KONGS) && n >= 15 && n <= 18) {
        memcpy(c, h->count, MJ_KINDS);
        c[MJ_KINDS] = c[MJ_KINDS + 1] = 0;
        return with_kongs(c, n, r->kinds, 0, n - 14, log);
    }
    return false;
}

static bool backtrack_is_win(const mj_hand *h, const mj_rules *r) { return decide(h, r, NULL); }

bool mj_explain(const mj_hand *h, const mj_rules *r, char *buf, size_t cap)
{
    group_log log = {.n = 0};
    if (cap == 0) return false;
    buf[0] = 0;
    if (h->tiles < r->min_win || h->tiles > r->max_win || !decide(h, r, &log)) return false;
    /* melds first in kind order, then kongs, then the pair, as people write them */
    static const char suits[] = "mpsz";
    size_t used = 0;
    static const group_shape order[] = {GROUP_RUN, GROUP_TRIPLET, GROUP_KONG, GROUP_SINGLE, GROUP_PAIR};
    for (size_t o = 0; o < sizeof order / sizeof order[0]; o++)
        for (int pass_kind = 0; pass_kind < MJ_KINDS; pass_kind++)
            for (int i = 0; i < log.n; i++) {
                const group *g = &log.g[i];
                if (g->shape != order[o] || g->kind != pass_kind) continue;
                int rank = mj_kind_rank(g->kind);
                char text[48]; /* ranks are 1..9; room enough that no compiler sees truncation */
                switch (g->shape) {
                case GROUP_RUN: snprintf(text, sizeof text, "%d%d%d", rank, rank + 1, rank + 2); break;
                case GROUP_TRIPLET: snprintf(text, sizeof text, "%d%d%d", rank, rank, rank); break;
                case GROUP_KONG: snprintf(text, sizeof text, "%d%d%d%d", rank, rank, rank, rank); break;
                case GROUP_SINGLE: snprintf(text, sizeof text, "%d", rank); break; /* orphan single */
                default: snprintf(text, sizeof text, "%d%d", rank, rank); break;
                }
                int n = snprintf(buf + used, cap - used, "%s%s%c", used ? " " : "", text, suits[mj_kind_suit(g->kind)]);
                if (n < 0 || (size_t)n >= cap - used) return true;
                used += (size_t)n;
            }
    return true;
}

const mj_algo mj_algo_backtrack = {
    .name = "backtrack",
    .summary = "recursion on the count array: each pair, then triplet or run at the lowest kind",
    .source = "seed 001 §2, seed 003",
    .forms = MJ_FORM_ALL,
    .max_kinds = MJ_KINDS,
    .flawed = false,
    .init = NULL,
    .is_win = backtrack_is_win,
    .waits = NULL,
};
