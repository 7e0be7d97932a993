/* Timing an algorithm on a workload: check every answer first, calibrate the loop, take the repetitions (in turns with other units, or back to back), report median, min and max. */
#include "mj_bench.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

double mj_bench_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

double mj_bench_thread_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

void mj_bench_stats(double *v, size_t n, double *median, double *min, double *max)
{
    qsort(v, n, sizeof *v, cmp_double);
    *min = v[0];
    *max = v[n - 1];
    *median = n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* One pass over the workload, answers summed. The algorithm is reached through a
 * pointer the compiler cannot see through, and the sum is checked after every
 * repetition, so no call can be dropped or hoisted out of the loop. The size window
 * is applied here as mj_algo_is_win does, without its extra call. */
static uint64_t pass_win(const mj_algo *a, const mj_bench_workload *w)
{
    bool (*is_win)(const mj_hand *, const mj_rules *) = a->is_win;
    const mj_rules *r = &w->rules;
    uint64_t sum = 0;
    for (size_t i = 0; i < w->count; i++) {
        const mj_hand *h = &w->hands[i];
        if (h->tiles >= r->min_win && h->tiles <= r->max_win) sum += is_win(h, r);
    }
    return sum;
}

static uint64_t pass_waits(const mj_algo *a, const mj_bench_workload *w)
{
    uint64_t sum = 0;
    for (size_t i = 0; i < w->count; i++) sum += (uint64_t)__builtin_popcountll(mj_algo_waits(a, &w->hands[i], &w->rules));
    return sum;
}

static uint64_t pass(const mj_algo *a, const mj_bench_workload *w)
{
    return w->mode == MJ_BENCH_WAITS ? pass_waits(a, w) : pass_win(a, w);
}

/* CPU seconds of this thread for `iters` passes; false when a pass summed to anything
 * but the truth. The thread's own CPU time, not the wall clock, so that other work on
 * a shared machine does not count as the algorithm's. */
static bool timed(const mj_algo *a, const mj_bench_workload *w, uint64_t iters, double *seconds)
{
    uint64_t sum = 0;
    double t0 = mj_bench_thread_seconds();
    for (uint64_t i = 0; i < iters; i++) sum += pass(a, w);
    *seconds = mj_bench_thread_seconds() - t0;
    return sum == iters * w->checksum;
}

/* timed, through the batch entry (issue 16): each pass is one call for all hands, answers
 * into out. A function of its own, so that the per-call loop above compiles as it did
 * before the batch existed (merged, its counters were spilled around every call). */
__attribute__((noinline)) static bool timed_batch(const mj_algo *a, const mj_bench_workload *w, uint8_t *out,
                                                  uint64_t iters, double *seconds)
{
    uint64_t sum = 0;
    double t0 = mj_bench_thread_seconds();
    for (uint64_t i = 0; i < iters; i++) sum += mj_algo_is_win_batch(a, w->hands, w->count, &w->rules, out);
    *seconds = mj_bench_thread_seconds() - t0;
    return sum == iters * w->checksum;
}

enum { MAX_REPS = 1000 };

/* The repetitions asked for, within 1..MAX_REPS. */
static int reps_of(const mj_bench_options *o) { return o->reps < 1 ? 1 : o->reps > MAX_REPS ? MAX_REPS : o->reps; }

/* The pass count at which one repetition lasts min_rep_seconds; 0 when a pass summed to
 * anything but the truth. batch_out: the batch entry, answers written there. */
static uint64_t calibrate(const mj_algo *a, const mj_bench_workload *w, const mj_bench_options *o, uint8_t *batch_out)
{
    uint64_t iters = 1;
    double t = 0;
    for (;;) {
        if (!(batch_out ? timed_batch(a, w, batch_out, iters, &t) : timed(a, w, iters, &t))) return 0;
        if (t >= o->min_rep_seconds) return iters;
        double grow = t > 0 ? o->min_rep_seconds * 1.1 / t : 100;
        if (grow > 100) grow = 100;
        if (grow < 2) grow = 2;
        iters = (uint64_t)ceil((double)iters * grow);
    }
}

void mj_bench_unit_start(mj_bench_unit *u, const mj_algo *a, const mj_bench_workload *w, const mj_bench_options *o)
{
    memset(u, 0, sizeof *u);
    u->a = a;
    u->w = w;
    mj_bench_result *out = &u->r;
    snprintf(out->algorithm, sizeof out->algorithm, "%s", a->name);
    snprintf(out->workload, sizeof out->workload, "%s", w->name);
    snprintf(out->rules, sizeof out->rules, "%s", w->rules.name);
    out->kinds = w->rules.kinds;
    out->size = w->size;
    out->threads = 1;
    out->hands = w->count;
    out->correct = true;

    /* every answer against the truth first: a wrong algorithm gets no speed */
    for (size_t i = 0; i < w->count; i++) {
        uint64_t got = w->mode == MJ_BENCH_WAITS ? mj_algo_waits(a, &w->hands[i], &w->rules)
                                                 : (uint64_t)mj_algo_is_win(a, &w->hands[i], &w->rules);
        out->checksum += (uint64_t)__builtin_popcountll(got);
        if (got != w->truth[i] && out->correct) {
            out->correct = false;
            out->first_wrong = i;
        }
    }
    if (!out->correct || w->count == 0) return;
    u->cap = reps_of(o);
    u->ns = malloc((size_t)u->cap * sizeof *u->ns);
    u->batch_ns = malloc((size_t)u->cap * sizeof *u->batch_ns);
    if (!u->ns || !u->batch_ns || !(u->iters = calibrate(a, w, o, NULL))) {
        out->correct = false; /* no memory, or the same hands summed differently: not deterministic */
        return;
    }

    /* issue 16: the same hands through the algorithm's native batch entry, its answers checked
     * against the truth first as well (without one, the registry's fallback is the loop of
     * is_win just timed: not timed again) */
    if (w->mode != MJ_BENCH_WIN || !a->is_win_batch || !(u->answers = malloc(w->count))) return;
    mj_algo_is_win_batch(a, w->hands, w->count, &w->rules, u->answers);
    for (size_t i = 0; i < w->count; i++) {
        if (u->answers[i] != w->truth[i]) {
            out->correct = false;
            out->first_wrong = i;
            return;
        }
    }
    if (!(u->batch_iters = calibrate(a, w, o, u->answers))) out->correct = false;
}

void mj_bench_unit_rep(mj_bench_unit *u)
{
    if (!u->r.correct || !u->iters || u->reps >= u->cap) return; /* past the repetitions asked for: none */
    double count = (double)u->w->count, t = 0;
    if (!timed(u->a, u->w, u->iters, &t)) {
        u->r.correct = false;
        return;
    }
    u->ns[u->reps] = t * 1e9 / ((double)u->iters * count);
    if (u->answers) {
        if (!timed_batch(u->a, u->w, u->answers, u->batch_iters, &t)) {
            u->r.correct = false;
            return;
        }
        u->batch_ns[u->reps] = t * 1e9 / ((double)u->batch_iters * count);
    }
    u->reps++;
}

void mj_bench_unit_finish(mj_bench_unit *u)
{
    mj_bench_result *out = &u->r;
    if (out->correct && u->reps > 0) {
        mj_bench_stats(u->ns, (size_t)u->reps, &out->ns_median, &out->ns_min, &out->ns_max);
        out->hands_per_second = out->ns_median > 0 ? 1e9 / out->ns_median : 0;
        if (u->answers) {
            mj_bench_stats(u->batch_ns, (size_t)u->reps, &out->batch_ns_median, &out->batch_ns_min, &out->batch_ns_max);
            out->batch_timed = true;
        }
    }
    free(u->ns);
    free(u->batch_ns);
    free(u->answers);
    u->ns = u->batch_ns = NULL;
    u->answers = NULL;
}

void mj_bench_run(const mj_algo *a, const mj_bench_workload *w, const mj_bench_options *o, mj_bench_result *out)
{
    mj_bench_unit u;
    mj_bench_unit_start(&u, a, w, o);
    for (int r = 0; r < reps_of(o); r++) mj_bench_unit_rep(&u);
    mj_bench_unit_finish(&u);
    *out = u.r;
}

void mj_bench_csv_header(FILE *out)
{
    fputs("algorithm,workload,rules,tiles,size,threads,hands,ns_per_hand_median,ns_per_hand_min,ns_per_hand_max,"
          "hands_per_second,checksum,correct,batch_ns_per_hand_median,batch_ns_per_hand_min\n", out);
}

void mj_bench_csv_row(FILE *out, const mj_bench_result *r)
{
    /* form lists hold commas ("std,kongs"): written with '+' so every field stays plain */
    char rules[sizeof r->rules];
    snprintf(rules, sizeof rules, "%s", r->rules);
    for (char *p = rules; *p; p++)
        if (*p == ',') *p = '+';
    fprintf(out, "%s,%s,%s,%d,%d,%d,%llu,", r->algorithm, r->workload, rules, r->kinds, r->size, r->threads,
            (unsigned long long)r->hands);
    if (r->correct)
        fprintf(out, "%.3f,%.3f,%.3f,%.0f,", r->ns_median, r->ns_min, r->ns_max, r->hands_per_second);
    else
        fputs("ERROR,ERROR,ERROR,ERROR,", out);
    fprintf(out, "%llu,%s,", (unsigned long long)r->checksum, r->correct ? "yes" : "no");
    /* issue 16's batch figure, appended so the columns before it keep their places; empty
     * when not timed (waits workloads, verify), ERROR when the answers were wrong */
    if (!r->correct)
        fputs("ERROR,ERROR\n", out);
    else if (r->batch_timed)
        fprintf(out, "%.3f,%.3f\n", r->batch_ns_median, r->batch_ns_min);
    else
        fputs(",\n", out);
}
