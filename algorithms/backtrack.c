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
 * a triplet or a run, so trying both there covers every decomposition. */
static bool melds_only(uint8_t c[MJ_KINDS], int tiles, int from, group_log *log)
{
    if (tiles == 0) return true;
    int k = from;
    while (c[k] == 0) k++;
    int mark = log ? log->n : 0;
    if (c[k] >= 3) {
        c[k] -= 3;
        log_push(log, k, GROUP_TRIPLET);
        bool ok = melds_only(c, tiles - 3, k, log);
        c[k] += 3;
        if (ok) return true;
        if (log) log->n = mark;
    }
    if (!mj_kind_is_honor(k) && mj_kind_rank(k) <= 7 && c[k + 1] && c[k + 2]) {
        c[k]--, c[k + 1]--, c[k + 2]--;
        log_push(log, k, GROUP_RUN);
        bool ok = melds_only(c, tiles - 3, k, log);
        c[k]++, c[k + 1]++, c[k + 2]++;
        if (ok) return true;
        if (log) log->n = mark;
    }
    return false;
}

/* A pair plus melds over every tile held. */
static bool standard(uint8_t c[MJ_KINDS], int tiles, int kinds, group_log *log)
{
    if (tiles % 3 != 2) return false;
    for (int k = 0; k < kinds; k++) {
        if (c[k] < 2) continue;
        int mark = log ? log->n : 0;
        c[k] -= 2;
        log_push(log, k, GROUP_PAIR);
        bool ok = melds_only(c, tiles - 2, 0, log);
        c[k] += 2;
        if (ok) return true;
        if (log) log->n = mark;
    }
    return false;
}

static bool seven_pairs(const uint8_t c[MJ_KINDS], int kinds, bool fours_count_twice, group_log *log)
{
    for (int k = 0; k < kinds; k++)
        if (c[k] & 1 || (c[k] == 4 && !fours_count_twice)) return false;
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
    uint8_t c[MJ_KINDS + 2]; /* two spare zeros so run checks may look past z7 */
    memcpy(c, h->count, MJ_KINDS);
    c[MJ_KINDS] = c[MJ_KINDS + 1] = 0;
    int n = h->tiles;
    unsigned f = r->forms;
    if ((f & MJ_FORM_STD) && n <= 14 && standard(c, n, r->kinds, log)) return true;
    if (n == 14) {
        if ((f & MJ_FORM_7P) && seven_pairs(c, r->kinds, false, log)) return true;
        if ((f & MJ_FORM_7P4) && seven_pairs(c, r->kinds, true, log)) return true;
        if ((f & MJ_FORM_13O) && r->kinds == MJ_KINDS && thirteen_orphans(c, log)) return true;
    }
    if ((f & MJ_FORM_KONGS) && n >= 15 && n <= 18) return with_kongs(c, n, r->kinds, 0, n - 14, log);
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
