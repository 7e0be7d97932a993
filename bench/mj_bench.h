/* Benchmarks: workloads dealt before timing, every result checked against ground truth, then timed. */
#ifndef MJ_BENCH_H
#define MJ_BENCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "mj_algo.h"
#include "mj_random.h"
#include "mj_rules.h"
#include "mj_tiles.h"

/* What a workload times: is_win on each hand, or the wait set of each hand. */
typedef enum { MJ_BENCH_WIN = 0, MJ_BENCH_WAITS = 1 } mj_bench_mode;

/* A set of hands with their true answers, built before any timing. */
typedef struct {
    char name[32];     /* "deal136", "size11", "input", ... */
    mj_rules rules;
    mj_bench_mode mode;
    int size;          /* tiles in every hand, 0 when sizes are mixed */
    size_t count;
    mj_hand *hands;    /* count hands, owned */
    uint64_t *truth;   /* count answers from ground truth: 0/1 for WIN, a kind set for WAITS */
    uint64_t checksum; /* sum of the true answers (popcounts for WAITS): what a correct pass returns */
} mj_bench_workload;

/* Ground truth: the oracle's mj_truth_* when the tree has it, else the `backtrack` baseline.
 * mj_bench_truth_init builds its tables once; 0 on success. */
int mj_bench_truth_init(void);
const char *mj_bench_truth_name(void);
bool mj_bench_truth_is_win(const mj_hand *h, const mj_rules *r);
mj_kindset mj_bench_truth_waits(const mj_hand *h, const mj_rules *r);

/* The hand generators, on core's seeded mj_rng (the same seed deals the same workloads
 * everywhere); every hand they return satisfies mj_hand_valid(h, kinds). Dealt hands
 * come from mj_deal (mj_random.h). */
/* A complete hand of `tiles` tiles under r, built from its definition (a pair and melds;
 * seven pairs, thirteen orphans or kongs when r has them at that size). False when r
 * has no winning form at that size. */
bool mj_bench_complete(mj_rng *g, const mj_rules *r, int tiles, mj_hand *out);
/* A complete hand with one tile swapped for another kind so that it no longer wins:
 * one tile from complete. False when r has no winning form at that size. */
bool mj_bench_near_miss(mj_rng *g, const mj_rules *r, int tiles, mj_hand *out);
/* Whether h does not win but some single swap (one tile out, another kind in) makes it win. */
bool mj_bench_is_near_miss(const mj_hand *h, const mj_rules *r);

/* The built-in workloads, by name. `group` is "hands" (the 13/14-tile workloads) or
 * "sizes" (size2..size18). */
typedef struct {
    const char *name;
    const char *group;
    const char *summary;
} mj_bench_workload_info;
size_t mj_bench_workload_count(void);
/* NULL past the end. */
const mj_bench_workload_info *mj_bench_workload_at(size_t i);

/* Builds the named workload with `count` hands from seed; 0 on success, else -1 with a
 * one-line reason in err. Free with mj_bench_workload_free. */
int mj_bench_workload_make(mj_bench_workload *w, const char *name, size_t count, uint64_t seed,
                           char *err, size_t errcap);
/* Reads hands, one per line in any notation (blank lines and lines starting with '#'
 * skipped), valid under r, as the workload "input" in the given mode. On a bad line
 * returns -1 with "FILE:LINE: why" in err and nothing allocated. */
int mj_bench_workload_read(mj_bench_workload *w, const char *path, const mj_rules *r, mj_bench_mode mode,
                           char *err, size_t errcap);
/* Fills truth and checksum from ground truth (the generators and the reader call it). */
void mj_bench_workload_judge(mj_bench_workload *w);
void mj_bench_workload_free(mj_bench_workload *w);

/* One measured figure. When correct is false the timing fields are meaningless and the
 * CSV prints ERROR for them. */
typedef struct {
    char algorithm[32];
    char workload[32];
    char rules[48];
    int kinds;
    int size;
    int threads;
    uint64_t hands;         /* distinct hands in the workload (or hands enumerated, for verify) */
    double ns_median, ns_min, ns_max;
    double hands_per_second;
    uint64_t checksum;      /* the algorithm's answers summed over one pass */
    bool correct;
    size_t first_wrong;     /* index of the first wrong hand when !correct */
    double cores_busy;      /* verify only: process CPU time over wall time (median); well under
                               `threads` means the machine was shared, not that the run is serial */
    bool batch_timed;       /* win workloads, algorithms with a native is_win_batch: also timed
                               through it, all hands in one call (issue 16) */
    double batch_ns_median, batch_ns_min, batch_ns_max;
} mj_bench_result;

typedef struct {
    int reps;               /* repetitions; the figure is their median, with min and max */
    double min_rep_seconds; /* each repetition loops over the workload at least this long (thread CPU time) */
} mj_bench_options;

/* Checks a on every hand of w against truth, then, only if all are right, times it: one
 * is_win call a hand (ns_*), and on win workloads, when a has a native is_win_batch, all
 * hands through it as well (batch_*), whose answers are checked first too.
 * Precondition: mj_algo_supports(a, &w->rules) and a's init has run. */
void mj_bench_run(const mj_algo *a, const mj_bench_workload *w, const mj_bench_options *o, mj_bench_result *out);

/* The same, taken apart so that many (algorithm, workload) units can be timed in turns: start
 * each (check, calibrate), then one repetition of each in turn, o->reps rounds, then finish
 * each. On a shared machine a slow phase then lands on one repetition of every unit instead of
 * on all the repetitions of one (mjverify bench does this over all its workloads that fit in
 * memory together). The result is in r after finish; a unit that is not correct after start
 * is not timed. */
typedef struct {
    const mj_algo *a;
    const mj_bench_workload *w;
    mj_bench_result r;
    uint64_t iters, batch_iters; /* passes a repetition, per call and batched */
    uint8_t *answers;            /* the batch's answers: batched figures when not NULL */
    double *ns, *batch_ns;       /* one figure a repetition taken so far, room for cap */
    int reps, cap;               /* taken; asked for (o->reps within 1..1000): more are not taken */
} mj_bench_unit;
void mj_bench_unit_start(mj_bench_unit *u, const mj_algo *a, const mj_bench_workload *w, const mj_bench_options *o);
void mj_bench_unit_rep(mj_bench_unit *u);
void mj_bench_unit_finish(mj_bench_unit *u);

/* Exhaustive verify throughput: the oracle enumerates every hand of a fixed size and
 * judges a against its truth on `threads` threads (OpenMP); out gets ns per hand and hands
 * per second over the whole enumeration, and correct = no mismatch. Returns 0; 1 with a
 * reason in err when a does not support the verify rules (sichuan, 27 kinds); -1 with a
 * reason when the tree has no oracle run API or the oracle fails. */
int mj_bench_verify(const mj_algo *a, int threads, const mj_bench_options *o, mj_bench_result *out, char *err,
                    size_t errcap);
/* Whether mj_bench_verify can run at all in this build. */
bool mj_bench_verify_available(void);

/* Median, min and max of n values (n >= 1); sorts v in place. */
void mj_bench_stats(double *v, size_t n, double *median, double *min, double *max);

/* Wall-clock seconds from a monotonic clock (the verify workload, across threads). */
double mj_bench_now(void);
/* CPU seconds of the calling thread (single-threaded workloads: other load on the
 * machine does not count). */
double mj_bench_thread_seconds(void);

void mj_bench_csv_header(FILE *out);
void mj_bench_csv_row(FILE *out, const mj_bench_result *r);

#endif
