/* backtrack: a backtracking search on the tile counts (seed 001 §2, seed 003), the baseline
 * for every rule set: each candidate pair, then at the lowest rank held a triplet or a run,
 * undone when the rest cannot be finished.
 *
 * Where the time went (issue 16). This VM has no hardware counters: `perf record` with
 * cpu-clock samples, call counts from an instrumented copy, and the previous release (82a064a)
 * timed against this file in one process, the lowest of 300 passes over each workload's 8192
 * hands. In the previous release melds_only, the recursion over the whole count array, took
 * 68% of the time on complete hands (riichi), 59% on near misses and a third on dealt hands:
 * about 2 pair candidates and 7 calls a complete hand, each a stack frame, a scan for the
 * lowest held kind over up to 34 counts (a loop whose length changes from hand to hand, so
 * that its exit mispredicts), and the counts changed in memory and restored around each call.
 * What was done, the search the same in kind (the same moves, in the same order within a suit):
 *  - Melds never leave a suit, so each suit is searched on its own (a dead end in one suit no
 *    longer retries the pair candidates of another), on its counts packed into one word, a
 *    nibble a rank: the lowest rank held is a count of trailing zeros, a move a subtraction.
 *  - The recursion is a loop over an explicit stack of saved moves (the run kept for when the
 *    triplet's branch dies, the pair candidates not yet tried), in registers and two small
 *    arrays; the caller's counts are read in place and never written.
 *  - The pair's group comes from the tile counts (mj_pair_group: the rule the previous
 *    pair_groups applied), and in its suit the ranks held exactly twice are tried first.
 *    A complete hand now takes 3.1 states off the stack and 3.4 moves (std, 34 kinds).
 * Measured that way (two runs, the lower of each), ns a hand, previous release -> this file:
 * complete hands 139.4 -> 66.6 (2.09x) under std over 34 kinds, 136.3 -> 68.8 (1.98x) under
 * riichi, 134.8 -> 77.6 (1.74x) under sichuan; near misses 99.8 -> 27.1 (std), 97.9 -> 31.0
 * (riichi); dealt from the 136-tile wall 36.1 -> 14.5 (std), 41.5 -> 22.5 (riichi); every
 * 27-kind hand of 8 tiles under sichuan (the oracle's small sizes) 1.4x. */
#include "mj_algo.h"
#include "mj_suits.h"

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

/* One suit's counts, rank r in bits 4r..4r+3 (a nibble each); ranks 9 and 10 read 0, so a
 * run from rank 7 or 8 finds nothing above it. */
typedef uint64_t packed;

static inline packed pack_suit(const uint8_t *c)
{
    uint64_t v = mj_load8(c); /* counts 0..4, one a byte: pairs, quads, octets of nibbles */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    v = __builtin_bswap64(v);
#endif
    v = (v | v >> 4) & 0x00FF00FF00FF00FFull;
    v = (v | v >> 8) & 0x0000FFFF0000FFFFull;
    v = (v | v >> 16) & 0xFFFFFFFFull;
    return v | (uint64_t)c[8] << 32;
}

enum { STACK = 16 }; /* up to 9 pair candidates, plus one saved move per meld of a path (<= 4) */

/* The search. Each state on st[0..sp-1] must split into melds only; the last is tried
 * first. The lowest rank held must start a triplet or a run: the triplet is taken first
 * when the rank has three, and the run from it is saved on the stack to try should the
 * triplet's branch die; with fewer than three only the run can go. A state with neither
 * is a dead end: back to the last saved move (backtracking). tr[] holds each state's trail:
 * a leading 1 (with the pair's rank in the four bits after it, for the pair's suit), then
 * one bit per move taken (1 a triplet, 0 a run), so that mj_explain can replay the path.
 * The trail of the state that split is returned, 0 when none did. Branch-free apart from
 * the loops: a saved move is written whether or not it is kept, and the next state is
 * chosen by a conditional move, not a branch on the count. */
static uint64_t search(packed st[STACK], uint64_t tr[STACK], int sp)
{
    while (sp > 0) {
        sp--;
        packed x = st[sp];
        uint64_t t = tr[sp];
        for (;;) {
            if (x == 0) return t;
            int at = __builtin_ctzll(x) & ~3;
            unsigned n = (unsigned)(x >> at) & 0xF;
            packed run = x - (0x111ull << at);
            bool triplet = n >= 3, can_run = ((x >> (at + 4)) & 0xF) && ((x >> (at + 8)) & 0xF);
            if (!triplet && !can_run) break; /* dead end */
            st[sp] = run;
            tr[sp] = t << 1;
            sp += triplet & can_run;
            x = triplet ? x - (3ull << at) : run;
            t = t << 1 | triplet;
        }
    }
    return 0;
}

/* Replays the trail t of suit s (state x before its moves, `moves` of them) into log. */
static void log_suit(group_log *log, int s, packed x, uint64_t t, int moves)
{
    for (int j = moves - 1; j >= 0; j--) {
        int at = __builtin_ctzll(x) & ~3;
        bool triplet = (t >> j) & 1;
        log_push(log, s * MJ_SUIT_SIZE + at / 4, triplet ? GROUP_TRIPLET : GROUP_RUN);
        x -= (triplet ? 3ull : 0x111ull) << at;
    }
}

/* A pair plus melds over every tile held. Melds never leave a suit, and an honor fits only
 * a triplet (or the pair), so each suit is searched on its own; the tile counts first say
 * which group can hold the pair (mj_pair_group: the one at 2 mod 3, none at 1 mod 3, no
 * honor held once or four times), and candidates elsewhere are not tried. In the pair's
 * suit every rank held twice or more is a candidate: each is a starting state on the stack,
 * those held exactly twice tried first (in a complete hand the pair is mostly such a rank;
 * a rank held three or four times is more often a triplet), lowest rank first within each.
 * The counts are read in place, never copied. */
static bool standard(const uint8_t c[MJ_KINDS], int tiles, int kinds, group_log *log)
{
    if (tiles % 3 != 2) return false;
    int pair_at = mj_pair_group(c, kinds);
    if (pair_at < 0) return false;
    int mark = log ? log->n : 0;
    for (int s = 0; s < 3; s++) {
        packed x = pack_suit(c + s * MJ_SUIT_SIZE), st[STACK];
        uint64_t tr[STACK];
        int sp = 0;
        if (s == pair_at) {
            const uint64_t low = 0x111111111ull; /* bit 0 of each rank's nibble */
            uint64_t two_up = (x >> 1 | x >> 2) & low, two = (x >> 1) & ~x & ~(x >> 2) & low;
            for (uint64_t b = two_up & ~two; b; b &= b - 1) { /* 3 or 4 times, tried last */
                int at = __builtin_ctzll(b);
                st[sp] = x - (2ull << at), tr[sp++] = 16u + (unsigned)at / 4;
            }
            while (two) { /* twice: pushed highest first, so the lowest is tried first */
                int at = 63 - __builtin_clzll(two);
                st[sp] = x - (2ull << at), tr[sp++] = 16u + (unsigned)at / 4;
                two &= ~(1ull << at);
            }
        } else {
            st[sp] = x, tr[sp++] = 1;
        }
        uint64_t t = search(st, tr, sp);
        if (!t) {
            if (log) log->n = mark; /* the suits logged so far are no decomposition */
            return false;
        }
        if (log) {
            int held = mj_suit_tiles(c + s * MJ_SUIT_SIZE);
            if (s == pair_at) {
                int moves = (held - 2) / 3, rank = (int)(t >> moves) & 0xF;
                log_push(log, s * MJ_SUIT_SIZE + rank, GROUP_PAIR);
                log_suit(log, s, x - (2ull << (4 * rank)), t, moves);
            } else {
                log_suit(log, s, x, t, held / 3);
            }
        }
    }
    if (log)
        for (int k = MJ_HONOR_BASE; k < kinds; k++)
            if (c[k]) log_push(log, k, c[k] == 2 ? GROUP_PAIR : GROUP_TRIPLET);
    return true;
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
    if (left == 0) return standard(c, tiles, kinds, log);
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
    if ((f & MJ_FORM_STD) && n <= 14 && standard(h->count, n, r->kinds, log)) return true;
    if (n == 14) {
        if ((f & MJ_FORM_7P) && seven_pairs(h->count, r->kinds, false, log)) return true;
        if ((f & MJ_FORM_7P4) && seven_pairs(h->count, r->kinds, true, log)) return true;
        if ((f & MJ_FORM_13O) && r->kinds == MJ_KINDS && thirteen_orphans(h->count, log)) return true;
    }
    if ((f & MJ_FORM_KONGS) && n >= 15 && n <= 18) {
        uint8_t c[MJ_KINDS];
        memcpy(c, h->count, MJ_KINDS);
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

MJ_ALGO_BATCH_LOOP(backtrack_is_win_batch, backtrack_is_win)

const mj_algo mj_algo_backtrack = {
    .name = "backtrack",
    .summary = "backtracking search per suit: each pair, then triplet or run at the lowest rank",
    .source = "seed 001 §2, seed 003",
    .forms = MJ_FORM_ALL,
    .max_kinds = MJ_KINDS,
    .flawed = false,
    .init = NULL,
    .is_win = backtrack_is_win,
    .is_win_batch = backtrack_is_win_batch,
    .waits = NULL,
};
