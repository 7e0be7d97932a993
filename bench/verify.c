/* Exhaustive verify throughput through the oracle's run API, for 1..N threads. */
#include "mj_bench.h"

#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#ifdef MJ_BENCH_HAVE_ORACLE_RUN
#include "mj_oracle.h"

bool mj_bench_verify_available(void) { return true; }

/* The oracle never links the algorithms: it gets each one as a candidate, with the
 * registry's size window applied as everywhere else. */
static bool cand_is_win(const void *ctx, const mj_hand *h, const mj_rules *r) { return mj_algo_is_win(ctx, h, r); }
static size_t cand_is_win_batch(const void *ctx, const mj_hand *hands, size_t n, const mj_rules *r, uint8_t *out)
{
    return mj_algo_is_win_batch(ctx, hands, n, r, out);
}
static mj_kindset cand_waits(const void *ctx, const mj_hand *h, const mj_rules *r) { return mj_algo_waits(ctx, h, r); }

/* The rule set `make verify` uses, over 27 kinds. */
static const char *const verify_rules = "sichuan";

/* CPU seconds of the whole process, every thread. */
static double process_seconds(void)
{
    struct rusage u;
    getrusage(RUSAGE_SELF, &u);
    return (double)u.ru_utime.tv_sec + (double)u.ru_utime.tv_usec * 1e-6 + (double)u.ru_stime.tv_sec +
           (double)u.ru_stime.tv_usec * 1e-6;
}

/* One full run at `size` tiles on `threads` threads: wall seconds, CPU seconds (to tell a
 * shared machine from a run that does not scale), and the candidate's tally. */
static int run_once(const mj_algo *a, int size, int threads, mj_verify_result *res, double *seconds, double *cpu,
                    char *err, size_t errcap)
{
    mj_candidate cand = {.name = a->name, .flawed = a->flawed, .ctx = a, .is_win = cand_is_win, .waits = cand_waits,
                         .is_win_batch = cand_is_win_batch};
    mj_verify_config cfg = {.tiles = MJ_SUITED_KINDS, .size_min = size, .size_max = size, .mode = MJ_MODE_WIN,
                            .cands = &cand, .ncands = 1, .threads = threads, .cex_keep = 1};
    mj_error e;
    if (mj_rules_parse(verify_rules, MJ_SUITED_KINDS, &cfg.rules, &e) != MJ_OK || mj_verify_prepare(&cfg, res, &e) != MJ_OK) {
        if (errcap) snprintf(err, errcap, "oracle: %s", e.message);
        return -1;
    }
    double t0 = mj_bench_now(), c0 = process_seconds();
    mj_verify_outcome out = mj_verify_run(&cfg, res, &e);
    *seconds = mj_bench_now() - t0;
    *cpu = process_seconds() - c0;
    if (out != MJ_VERIFY_DONE) {
        if (errcap) snprintf(err, errcap, "oracle: %s", out == MJ_VERIFY_FAILED ? e.message : "run stopped");
        return -1;
    }
    return 0;
}

/* The size is chosen once per process, on one thread, so that every thread count
 * enumerates the same hands: the smallest of 5, 8, 11, 14 tiles (sizes at which a hand
 * can win, so the algorithm has real work) whose single-threaded run lasts at least 20
 * repetition times (1 s by default). */
static int chosen_size;

int mj_bench_verify(const mj_algo *a, int threads, const mj_bench_options *o, mj_bench_result *out, char *err,
                    size_t errcap)
{
    memset(out, 0, sizeof *out);
    mj_rules rules;
    if (mj_rules_parse(verify_rules, MJ_SUITED_KINDS, &rules, NULL) != MJ_OK || !mj_algo_supports(a, &rules)) {
        if (errcap) snprintf(err, errcap, "skipped: does not support rules %s", verify_rules);
        return 1;
    }
    mj_verify_result *res = malloc(sizeof *res);
    if (!res) {
        if (errcap) snprintf(err, errcap, "out of memory");
        return -1;
    }
    double t = 0, cpu = 0, busy[100];
    if (chosen_size == 0) {
        for (int size = 5; size <= 14; size += 3) { /* 3m+2 tiles: sizes at which hands can win */
            if (run_once(a, size, 1, res, &t, &cpu, err, errcap) != 0) goto fail;
            chosen_size = size;
            if (t >= 20 * o->min_rep_seconds) break;
        }
    }
    int reps = o->reps < 1 ? 1 : o->reps > 100 ? 100 : o->reps;
    double ns[100];
    bool correct = true;
    uint64_t hands = 0, said_win = 0;
    for (int r = 0; r < reps; r++) {
        if (run_once(a, chosen_size, threads, res, &t, &cpu, err, errcap) != 0) goto fail;
        busy[r] = t > 0 ? cpu / t : 0;
        const mj_tally *c = &res->cands[0].total;
        hands = c->hands;
        said_win = c->positives + c->false_wins - c->false_nonwins;
        correct &= c->mismatches == 0 && hands > 0;
        ns[r] = hands ? t * 1e9 / (double)hands : 0;
    }
    snprintf(out->algorithm, sizeof out->algorithm, "%s", a->name);
    snprintf(out->workload, sizeof out->workload, "verify");
    snprintf(out->rules, sizeof out->rules, "%s", verify_rules);
    out->kinds = MJ_SUITED_KINDS;
    out->size = chosen_size;
    out->threads = threads;
    out->hands = hands;
    out->checksum = said_win;
    out->correct = correct;
    mj_bench_stats(ns, (size_t)reps, &out->ns_median, &out->ns_min, &out->ns_max);
    out->hands_per_second = out->ns_median > 0 ? 1e9 / out->ns_median : 0;
    double lo, hi;
    mj_bench_stats(busy, (size_t)reps, &out->cores_busy, &lo, &hi);
    free(res);
    return 0;
fail:
    free(res);
    return -1;
}

#else

bool mj_bench_verify_available(void) { return false; }

int mj_bench_verify(const mj_algo *a, int threads, const mj_bench_options *o, mj_bench_result *out, char *err,
                    size_t errcap)
{
    (void)a, (void)threads, (void)o;
    memset(out, 0, sizeof *out);
    if (errcap) snprintf(err, errcap, "verify throughput needs the oracle's run API (oracle/mj_oracle.h), not in this build");
    return -1;
}

#endif
