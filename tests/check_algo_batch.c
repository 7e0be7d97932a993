/* The batch entry (mj_algo.is_win_batch, issue 16) against is_win hand by hand: table's native
 * batch and the registry's fallback, every hand of small sizes and the benchmark's workloads,
 * under each rule set, in runs of many lengths (the native path works in blocks and pairs). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mj_bench.h"
#include "testutil.h"

static const char *const presets[] = {"basic", "sichuan", "mediatek", "riichi"};
enum { NPRESETS = sizeof presets / sizeof presets[0] };

static void setup(void) { ck_assert_int_eq(mj_algos_init(), 0); }

/* A growable list of hands. */
typedef struct {
    mj_hand *h;
    size_t n, cap;
} hand_list;

static void push(hand_list *l, const mj_hand *h)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 1024;
        l->h = realloc(l->h, l->cap * sizeof *l->h);
        ck_assert_ptr_nonnull(l->h);
    }
    l->h[l->n++] = *h;
}

/* Every hand of exactly `left` more tiles over kinds k.. (counts 0..4) added to h. */
static void every_hand(hand_list *l, mj_hand *h, int k, int kinds, int left)
{
    if (left == 0) {
        push(l, h);
        return;
    }
    if (k == kinds) return;
    for (int c = 0; c <= MJ_MAX_COPIES && c <= left; c++) {
        h->count[k] = (uint8_t)c;
        h->tiles = (uint8_t)(h->tiles + c);
        every_hand(l, h, k + 1, kinds, left - c);
        h->tiles = (uint8_t)(h->tiles - c);
    }
    h->count[k] = 0;
}

/* Index of the first hand where `batch` (a batch entry) and is_win disagree, or where the
 * returned count is not the number of 1s; -1 when they all agree. The hands go in runs of
 * lengths 1, 2, 3, ... (then the rest), so every block and pair boundary and every odd tail
 * is crossed. */
typedef size_t (*batch_fn)(const mj_algo *a, const mj_hand *hands, size_t n, const mj_rules *r, uint8_t *out);

static long first_disagreement(const mj_algo *a, batch_fn batch, const mj_hand *hands, size_t n, const mj_rules *r)
{
    uint8_t *out = malloc(n ? n : 1);
    ck_assert_ptr_nonnull(out);
    memset(out, 0xEE, n); /* anything but 0 and 1: every answer must be written */
    size_t at = 0, run = 1;
    long bad = -1;
    while (at < n && bad < 0) {
        size_t len = run < n - at ? run : n - at;
        if (run > 300) len = n - at;
        size_t wins = batch(a, hands + at, len, r, out + at), ones = 0;
        for (size_t i = at; i < at + len; i++) {
            ones += out[i] == 1;
            if (out[i] != (uint8_t)mj_algo_is_win(a, &hands[i], r)) {
                bad = (long)i;
                break;
            }
        }
        if (bad < 0 && ones != wins) bad = (long)at;
        at += len;
        run = run < 70 ? run + 1 : run * 2;
    }
    free(out);
    return bad;
}

static void expect_agree(const mj_algo *a, batch_fn batch, const char *which, const hand_list *l, const mj_rules *r)
{
    long bad = first_disagreement(a, batch, l->h, l->n, r);
    if (bad >= 0) {
        char buf[MJ_FORMAT_CAP];
        mj_format(&l->h[bad], MJ_NOTATION_MPSZ, buf, sizeof buf);
        ck_abort_msg("%s %s under %s: hand %ld (%s): batch and is_win disagree (or the count is off)", a->name, which,
                     r->name, bad, buf);
    }
}

/* Every hand of 0..5 tiles over 34 kinds and 0..6 over 27 (sizes outside each rule set's
 * window included: mediatek's starts at 14, so the batch must apply it): table's batch and
 * the registry's loop must answer as is_win does. */
START_TEST(every_small_hand)
{
    const mj_algo *table = mj_algo_find("table");
    ck_assert_ptr_nonnull(table);
    ck_assert_ptr_nonnull(table->is_win_batch); /* the native entry this suite exists for */
    for (int kinds = MJ_SUITED_KINDS; kinds <= MJ_KINDS; kinds += MJ_KINDS - MJ_SUITED_KINDS) {
        hand_list l = {0};
        for (int t = 0; t <= (kinds == MJ_KINDS ? 5 : 6); t++) {
            mj_hand h;
            mj_hand_clear(&h);
            every_hand(&l, &h, 0, kinds, t);
        }
        for (int p = 0; p < NPRESETS; p++) {
            mj_rules r;
            mj_error err;
            if (mj_rules_parse(presets[p], kinds, &r, &err) != MJ_OK) continue; /* riichi over 27 kinds */
            expect_agree(table, mj_algo_is_win_batch, "native batch", &l, &r);
            expect_agree(table, mj_algo_is_win_by_call, "fallback", &l, &r);
        }
        fprintf(stderr, "batch: %zu hands over %d kinds, each preset\n", l.n, kinds);
        free(l.h);
    }
}
END_TEST

/* The benchmark's 14-tile workloads (issue 16's eight, and the basic and sichuan ones): every
 * unflagged algorithm through mj_algo_is_win_batch (native or fallback), against is_win and
 * against the workload's truth. */
START_TEST(every_algorithm_on_workloads)
{
    static const char *const names[] = {"deal136std", "deal108std", "complete136std", "nearmiss136std", "deal136",
                                        "deal108riichi", "complete136",    "nearmiss136",    "complete108", "deal108"};
    uint64_t seed = tu_seed("batch workloads", 16);
    ck_assert_int_eq(mj_bench_truth_init(), 0);
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++) {
        mj_bench_workload w;
        char err[256];
        ck_assert_msg(mj_bench_workload_make(&w, names[k], 1500, seed, err, sizeof err) == 0, "%s", err);
        hand_list l = {w.hands, w.count, w.count};
        uint8_t *out = malloc(w.count);
        ck_assert_ptr_nonnull(out);
        for (size_t i = 0; i < mj_algo_count; i++) {
            const mj_algo *a = mj_algos[i];
            if (a->flawed || !mj_algo_supports(a, &w.rules)) continue;
            expect_agree(a, mj_algo_is_win_batch, "batch", &l, &w.rules);
            size_t wins = mj_algo_is_win_batch(a, w.hands, w.count, &w.rules, out);
            ck_assert_uint_eq(wins, w.checksum);
            for (size_t j = 0; j < w.count; j++)
                ck_assert_msg(out[j] == w.truth[j], "%s on %s hand %zu: batch %d, truth %d", a->name, names[k], j,
                              out[j], (int)w.truth[j]);
        }
        free(out);
        mj_bench_workload_free(&w);
    }
}
END_TEST

/* A rule set's window applies to kong sizes too: mediatek's hands of 14-18 tiles (half built
 * complete) with the window narrowed to 16-18, so that the complete 15-tile hands must come
 * out 0, through the batch's rare path as through is_win. */
START_TEST(window_applies_to_kong_sizes)
{
    const mj_algo *table = mj_algo_find("table");
    ck_assert_int_eq(mj_bench_truth_init(), 0);
    mj_bench_workload w;
    char err[256];
    ck_assert_msg(mj_bench_workload_make(&w, "kongs", 2000, tu_seed("kong window", 16), err, sizeof err) == 0, "%s", err);
    mj_rules r = w.rules;
    r.min_win = 16;
    size_t fifteen_wins = 0;
    for (size_t i = 0; i < w.count; i++) fifteen_wins += w.hands[i].tiles == 15 && w.truth[i];
    ck_assert_uint_gt(fifteen_wins, 0); /* the narrowed window turns these away */
    hand_list l = {w.hands, w.count, w.count};
    expect_agree(table, mj_algo_is_win_batch, "native batch, window 16-18", &l, &r);
    mj_bench_workload_free(&w);
}
END_TEST

/* The comparison above can fail: a batch that flips one answer deep in the hands, or one
 * that miscounts its wins, is caught, at that hand. */
static const mj_hand *flip_hand;   /* the hand whose answer the wrong batch flips */
static const mj_hand *miscount_at; /* the run whose count the wrong batch gets off by one */
static size_t wrong_batch(const mj_algo *a, const mj_hand *hands, size_t n, const mj_rules *r, uint8_t *out)
{
    size_t wins = mj_algo_is_win_batch(a, hands, n, r, out);
    for (size_t i = 0; i < n; i++)
        if (&hands[i] == flip_hand) out[i] ^= 1, wins += out[i] ? 1 : (size_t)-1; /* count kept consistent */
    return hands == miscount_at ? wins + 1 : wins;
}

START_TEST(a_wrong_batch_is_caught)
{
    const mj_algo *table = mj_algo_find("table");
    mj_rules r = tu_rules("riichi");
    ck_assert_int_eq(mj_bench_truth_init(), 0);
    mj_bench_workload w;
    char err[256];
    ck_assert_msg(mj_bench_workload_make(&w, "complete136", 500, 16, err, sizeof err) == 0, "%s", err);
    flip_hand = miscount_at = NULL;
    ck_assert_int_eq(first_disagreement(table, wrong_batch, w.hands, w.count, &r), -1);
    flip_hand = &w.hands[377];
    ck_assert_int_eq(first_disagreement(table, wrong_batch, w.hands, w.count, &r), 377);
    flip_hand = NULL;
    miscount_at = &w.hands[3]; /* runs start at 0, 1, 3, 6, ...: the third run */
    ck_assert_int_eq(first_disagreement(table, wrong_batch, w.hands, w.count, &r), 3);
    mj_bench_workload_free(&w);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("algo_batch");
    TCase *tc = tcase_create("batch_matches_is_win");
    tcase_add_checked_fixture(tc, setup, NULL);
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, every_small_hand);
    tcase_add_test(tc, every_algorithm_on_workloads);
    tcase_add_test(tc, window_applies_to_kong_sizes);
    tcase_add_test(tc, a_wrong_batch_is_caught);
    suite_add_tcase(s, tc);
    return tu_run(s);
}
