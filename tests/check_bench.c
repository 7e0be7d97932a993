/* The benchmark's logic that does not depend on time: workloads, near-misses, input files, ERROR for wrong answers. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "mj_bench.h"
#include "testutil.h"

static uint64_t seed;

static void setup(void)
{
    ck_assert_int_eq(mj_algos_init(), 0);
    ck_assert_int_eq(mj_bench_truth_init(), 0);
}

static const mj_algo *baseline(void)
{
    const mj_algo *a = mj_algo_find("backtrack");
    ck_assert_ptr_nonnull(a);
    return a;
}

/* Every built-in workload deals valid hands of its own size over its own tile set,
 * and its truth column agrees with the backtrack baseline. */
START_TEST(workloads_deal_valid_hands)
{
    const mj_bench_workload_info *info = mj_bench_workload_at((size_t)_i);
    mj_bench_workload w;
    char err[256];
    ck_assert_msg(mj_bench_workload_make(&w, info->name, 600, seed, err, sizeof err) == 0, "%s: %s", info->name, err);
    ck_assert_uint_eq(w.count, 600);
    int lo = w.size, hi = w.size;
    if (w.size == 0) lo = 14, hi = 18; /* only `kongs` mixes sizes */
    if (strncmp(info->name, "size", 4) == 0) ck_assert_int_eq(w.size, atoi(info->name + 4));
    uint64_t sum = 0;
    for (size_t i = 0; i < w.count; i++) {
        const mj_hand *h = &w.hands[i];
        ck_assert_msg(mj_hand_valid(h, w.rules.kinds), "%s: hand %zu invalid", info->name, i);
        ck_assert_msg(h->tiles >= lo && h->tiles <= hi, "%s: hand %zu has %d tiles", info->name, i, h->tiles);
        uint64_t want = w.mode == MJ_BENCH_WAITS ? mj_algo_waits(baseline(), h, &w.rules)
                                                 : (uint64_t)mj_algo_is_win(baseline(), h, &w.rules);
        ck_assert_msg(w.truth[i] == want, "%s: hand %zu: truth and backtrack differ", info->name, i);
        sum += (uint64_t)__builtin_popcountll(w.truth[i]);
    }
    ck_assert_uint_eq(sum, w.checksum);
    mj_bench_workload_free(&w);
}
END_TEST

/* The same seed deals the same hands; another seed deals others. */
START_TEST(workloads_repeat_from_seed)
{
    mj_bench_workload a, b, c;
    char err[256];
    ck_assert_int_eq(mj_bench_workload_make(&a, "deal136", 200, seed, err, sizeof err), 0);
    ck_assert_int_eq(mj_bench_workload_make(&b, "deal136", 200, seed, err, sizeof err), 0);
    ck_assert_int_eq(mj_bench_workload_make(&c, "deal136", 200, seed + 1, err, sizeof err), 0);
    ck_assert_mem_eq(a.hands, b.hands, 200 * sizeof *a.hands);
    ck_assert_int_ne(memcmp(a.hands, c.hands, 200 * sizeof *a.hands), 0);
    mj_bench_workload_free(&a), mj_bench_workload_free(&b), mj_bench_workload_free(&c);
}
END_TEST

/* Dealt hands come from a wall of four copies of each kind: every kind of the tile set
 * shows up, honors only over 34 kinds. */
START_TEST(deals_cover_the_wall)
{
    mj_rng g0 = {seed};
    mj_rng g = {mj_rng_next(&g0)};
    int seen[MJ_KINDS] = {0};
    for (int i = 0; i < 2000; i++) {
        mj_hand h = mj_deal(&g, 27, 14);
        ck_assert(mj_hand_valid(&h, 27));
        ck_assert_int_eq(h.tiles, 14);
        for (int k = 0; k < MJ_KINDS; k++) seen[k] += h.count[k];
    }
    for (int k = 0; k < 27; k++) ck_assert_int_gt(seen[k], 0);
    for (int k = 27; k < MJ_KINDS; k++) ck_assert_int_eq(seen[k], 0);
}
END_TEST

/* Complete hands win under their rules, by the baseline too, at every size that can win. */
START_TEST(complete_hands_win)
{
    mj_rng g = {seed};
    static const char *rules[] = {"sichuan", "riichi", "mediatek", "std,kongs"};
    for (size_t ri = 0; ri < sizeof rules / sizeof rules[0]; ri++) {
        mj_rules r = tu_rules(rules[ri]);
        for (int n = 2; n <= MJ_MAX_TILES; n++) {
            mj_hand h;
            bool can = mj_bench_complete(&g, &r, n, &h);
            ck_assert_msg(can == (n >= r.min_win && ((n % 3 == 2 && n <= 14) || (n > 14 && (r.forms & MJ_FORM_KONGS)))),
                          "%s: size %d: complete hand %s", rules[ri], n, can ? "built" : "missing");
            for (int i = 0; can && i < 200; i++) {
                ck_assert(mj_bench_complete(&g, &r, n, &h));
                ck_assert_int_eq(h.tiles, n);
                ck_assert(mj_hand_valid(&h, r.kinds));
                ck_assert_msg(mj_algo_is_win(baseline(), &h, &r), "%s: size %d: built hand does not win", rules[ri], n);
            }
        }
    }
}
END_TEST

/* A near-miss does not win, and one tile out, another in, makes it win (checked here
 * by brute force with the baseline, independently of mj_bench_is_near_miss). */
START_TEST(near_misses_are_one_tile_off)
{
    mj_bench_workload w;
    char err[256];
    static const char *names[] = {"nearmiss108", "nearmiss136"};
    for (size_t n = 0; n < 2; n++) {
        ck_assert_int_eq(mj_bench_workload_make(&w, names[n], 300, seed, err, sizeof err), 0);
        for (size_t i = 0; i < w.count; i++) {
            mj_hand h = w.hands[i];
            ck_assert_int_eq(h.tiles, 14);
            ck_assert(!mj_algo_is_win(baseline(), &h, &w.rules));
            ck_assert(mj_bench_is_near_miss(&h, &w.rules));
            bool fixable = false;
            for (int out = 0; out < w.rules.kinds && !fixable; out++) {
                if (!mj_hand_remove(&h, out)) continue;
                mj_kindset in = mj_algo_waits(baseline(), &h, &w.rules);
                fixable = (in & ~((mj_kindset)1 << out)) != 0;
                mj_hand_add(&h, out);
            }
            ck_assert_msg(fixable, "%s: hand %zu is not one tile from complete", names[n], i);
        }
        mj_bench_workload_free(&w);
    }
    /* and the checker itself refuses hands that are complete or two tiles off */
    mj_rules r = tu_rules("sichuan");
    mj_hand win = tu_hand("123456789m11p123s", 27), far = tu_hand("13579m13579p1357s", 27);
    ck_assert(!mj_bench_is_near_miss(&win, &r));
    ck_assert(!mj_bench_is_near_miss(&far, &r));
}
END_TEST

/* Writes text to a fresh temporary file whose path goes in path. */
static void temp_file(char *path, size_t cap, const char *text)
{
    snprintf(path, cap, "/tmp/check_bench_XXXXXX");
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    FILE *f = fdopen(fd, "w");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    fclose(f);
}

/* --input reads one hand per line in any notation, skips blanks and comments, and
 * judges each hand; sizes may mix. */
START_TEST(input_reads_any_notation)
{
    char path[64], err[256];
    temp_file(path, sizeof path,
              "# from a game log\n123456789m11p123s\n\n  [0x01,0x02,0x03,0x11,0x11]\r\nABCDEFGHI11abc\n");
    mj_rules r = tu_rules("sichuan");
    mj_bench_workload w;
    ck_assert_msg(mj_bench_workload_read(&w, path, &r, MJ_BENCH_WIN, err, sizeof err) == 0, "%s", err);
    ck_assert_uint_eq(w.count, 3);
    ck_assert_int_eq(w.size, 0); /* 14, 5, 14 tiles */
    ck_assert_uint_eq(w.truth[0], 1);
    ck_assert_uint_eq(w.truth[1], 1);
    ck_assert_uint_eq(w.truth[2], 1);
    mj_bench_workload_free(&w);
    unlink(path);
}
END_TEST

/* A bad line is an error naming the file and the line, and nothing is kept. */
START_TEST(input_errors_name_file_and_line)
{
    char path[64], err[256], want[96];
    mj_rules r = tu_rules("sichuan");
    mj_bench_workload w;
    static const char *bad[] = {
        "123m\n456m\n111112m\n",       /* a fifth copy on line 3 */
        "123m\n\n# c\n12345z\n",        /* honors under 27 kinds on line 4 */
        "11m\n123x\n",                  /* an unknown letter on line 2 */
    };
    static const int line[] = {3, 4, 2};
    for (int i = 0; i < 3; i++) {
        temp_file(path, sizeof path, bad[i]);
        ck_assert_int_eq(mj_bench_workload_read(&w, path, &r, MJ_BENCH_WIN, err, sizeof err), -1);
        snprintf(want, sizeof want, "%s:%d: ", path, line[i]);
        ck_assert_msg(strncmp(err, want, strlen(want)) == 0, "got '%s', want it to start '%s'", err, want);
        ck_assert_ptr_null(w.hands);
        unlink(path);
    }
    temp_file(path, sizeof path, "\n# nothing but a comment\n");
    ck_assert_int_eq(mj_bench_workload_read(&w, path, &r, MJ_BENCH_WIN, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "no hands"));
    unlink(path);
    ck_assert_int_eq(mj_bench_workload_read(&w, "/nonexistent/hands.txt", &r, MJ_BENCH_WIN, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "/nonexistent/hands.txt"));
}
END_TEST

/* A deliberately wrong algorithm: the baseline, except that any hand holding m1, m2
 * and m3 never wins, so it is wrong exactly on the winning hands that hold them. */
static bool wrong_is_win(const mj_hand *h, const mj_rules *r)
{
    if (h->count[0] && h->count[1] && h->count[2]) return false;
    return mj_algo_find("backtrack")->is_win(h, r);
}
static const mj_algo wrong_algo = {
    .name = "wrong-for-test",
    .summary = "backtrack, except hands holding 123m never win",
    .source = "tests/check_bench.c",
    .forms = MJ_FORM_ALL,
    .max_kinds = MJ_KINDS,
    .is_win = wrong_is_win,
};

/* A wrong answer prints ERROR in every speed field, never a number; a right one a speed. */
START_TEST(wrong_algorithm_gets_error_not_speed)
{
    mj_bench_workload w;
    char err[256];
    ck_assert_int_eq(mj_bench_workload_make(&w, "complete108", 2000, seed, err, sizeof err), 0);
    mj_bench_options o = {.reps = 3, .min_rep_seconds = 0.001};
    mj_bench_result r;
    mj_bench_run(&wrong_algo, &w, &o, &r);
    ck_assert(!r.correct);
    ck_assert_uint_lt(r.first_wrong, w.count);
    const mj_hand *h = &w.hands[r.first_wrong];
    ck_assert(h->count[0] && h->count[1] && h->count[2]);

    char *buf = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&buf, &len);
    mj_bench_csv_row(out, &r);
    fclose(out);
    ck_assert_msg(strstr(buf, "wrong-for-test,complete108,sichuan,27,14,1,2000,ERROR,ERROR,ERROR,ERROR,") == buf, "%s", buf);
    ck_assert_ptr_nonnull(strstr(buf, ",no,ERROR,ERROR\n")); /* the batch columns too (issue 16) */
    free(buf);

    mj_bench_run(baseline(), &w, &o, &r);
    ck_assert(r.correct);
    ck_assert(r.ns_min > 0 && r.ns_min <= r.ns_median && r.ns_median <= r.ns_max);
    ck_assert_uint_eq(r.checksum, w.checksum);
    ck_assert_uint_eq(r.checksum, w.count); /* every hand in it is complete */
    mj_bench_workload_free(&w);
}
END_TEST

/* The waits workloads time wait sets, and a wrong wait set is an ERROR too. */
static mj_kindset wrong_waits(const mj_hand *h, const mj_rules *r)
{
    return mj_algo_waits_by_trial(mj_algo_find("backtrack"), h, r) ^ 1; /* m1 flipped */
}
static const mj_algo wrong_waits_algo = {
    .name = "wrong-waits",
    .summary = "backtrack's waits with m1 flipped",
    .source = "tests/check_bench.c",
    .forms = MJ_FORM_ALL,
    .max_kinds = MJ_KINDS,
    .is_win = wrong_is_win,
    .waits = wrong_waits,
};

START_TEST(wrong_waits_get_error)
{
    mj_bench_workload w;
    char err[256];
    ck_assert_int_eq(mj_bench_workload_make(&w, "waits108", 200, seed, err, sizeof err), 0);
    ck_assert_int_eq(w.mode, MJ_BENCH_WAITS);
    ck_assert_uint_gt(w.checksum, 0); /* half are a complete hand less one tile */
    mj_bench_options o = {.reps = 1, .min_rep_seconds = 0.001};
    mj_bench_result r;
    mj_bench_run(&wrong_waits_algo, &w, &o, &r);
    ck_assert(!r.correct);
    ck_assert_uint_eq(r.first_wrong, 0);
    mj_bench_workload_free(&w);
}
END_TEST

/* Units timed in turns (as mjverify bench does): each takes exactly the repetitions asked for,
 * a wrong one among them is an ERROR without a speed and does not stop the others, and the
 * right ones give the same checksum, with batched figures, as mj_bench_run. */
START_TEST(units_in_turns)
{
    mj_bench_workload w[2];
    char err[256];
    ck_assert_int_eq(mj_bench_workload_make(&w[0], "complete108", 500, seed, err, sizeof err), 0);
    ck_assert_int_eq(mj_bench_workload_make(&w[1], "deal136", 500, seed, err, sizeof err), 0);
    mj_bench_options o = {.reps = 3, .min_rep_seconds = 0.0005};
    const mj_algo *table = mj_algo_find("table");
    ck_assert_ptr_nonnull(table);
    ck_assert_ptr_nonnull(table->is_win_batch);
    mj_bench_unit u[3];
    mj_bench_unit_start(&u[0], &wrong_algo, &w[0], &o);
    mj_bench_unit_start(&u[1], table, &w[0], &o);
    mj_bench_unit_start(&u[2], table, &w[1], &o);
    for (int r = 0; r < o.reps + 1; r++) /* one round more than asked: not taken (no room for it) */
        for (int k = 0; k < 3; k++) mj_bench_unit_rep(&u[k]);
    for (int k = 0; k < 3; k++) mj_bench_unit_finish(&u[k]);
    ck_assert(!u[0].r.correct);
    ck_assert_int_eq(u[0].reps, 0);
    for (int k = 1; k < 3; k++) {
        const mj_bench_result *r = &u[k].r;
        ck_assert(r->correct);
        ck_assert_int_eq(u[k].reps, o.reps);
        ck_assert_uint_eq(r->checksum, w[k - 1].checksum);
        ck_assert(r->ns_min > 0 && r->ns_min <= r->ns_median && r->ns_median <= r->ns_max);
        ck_assert(r->batch_timed);
        ck_assert(r->batch_ns_min > 0 && r->batch_ns_min <= r->batch_ns_median && r->batch_ns_median <= r->batch_ns_max);
        mj_bench_result one;
        mj_bench_run(table, &w[k - 1], &o, &one);
        ck_assert(one.correct && one.batch_timed);
        ck_assert_uint_eq(one.checksum, r->checksum);
    }
    mj_bench_workload_free(&w[0]);
    mj_bench_workload_free(&w[1]);
}
END_TEST

/* Median of an even count is the mean of the middle two; min and max are the ends. */
START_TEST(stats_median_min_max)
{
    double v[] = {5, 1, 4, 2};
    double med, lo, hi;
    mj_bench_stats(v, 4, &med, &lo, &hi);
    ck_assert_double_eq(med, 3);
    ck_assert_double_eq(lo, 1);
    ck_assert_double_eq(hi, 5);
    double one[] = {7};
    mj_bench_stats(one, 1, &med, &lo, &hi);
    ck_assert_double_eq(med, 7);
}
END_TEST

/* Unknown workload names are refused with the name. */
START_TEST(unknown_workload_refused)
{
    mj_bench_workload w;
    char err[256];
    ck_assert_int_eq(mj_bench_workload_make(&w, "deal999", 10, seed, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "deal999"));
}
END_TEST

int main(void)
{
    seed = tu_seed("check_bench", 20261122);
    Suite *s = suite_create("bench");
    TCase *gen = tcase_create("workloads");
    tcase_add_unchecked_fixture(gen, setup, NULL);
    tcase_set_timeout(gen, 120);
    tcase_add_loop_test(gen, workloads_deal_valid_hands, 0, (int)mj_bench_workload_count());
    tcase_add_test(gen, workloads_repeat_from_seed);
    tcase_add_test(gen, deals_cover_the_wall);
    tcase_add_test(gen, complete_hands_win);
    tcase_add_test(gen, near_misses_are_one_tile_off);
    tcase_add_test(gen, unknown_workload_refused);
    suite_add_tcase(s, gen);
    TCase *input = tcase_create("input");
    tcase_add_unchecked_fixture(input, setup, NULL);
    tcase_add_test(input, input_reads_any_notation);
    tcase_add_test(input, input_errors_name_file_and_line);
    suite_add_tcase(s, input);
    TCase *verdict = tcase_create("verdict");
    tcase_add_unchecked_fixture(verdict, setup, NULL);
    tcase_add_test(verdict, wrong_algorithm_gets_error_not_speed);
    tcase_add_test(verdict, wrong_waits_get_error);
    tcase_add_test(verdict, stats_median_min_max);
    tcase_add_test(verdict, units_in_turns);
    suite_add_tcase(s, verdict);
    return tu_run(s);
}
