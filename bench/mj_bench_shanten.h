/* The shanten benchmark: workloads of hands with their checked answers, timed per call and
 * batched for each calculator (bench/shanten.c). */
#ifndef MJ_BENCH_SHANTEN_H
#define MJ_BENCH_SHANTEN_H

#include <stdint.h>
#include <stdio.h>

#include "mj_shanten.h"

typedef struct {
    char name[32];
    mj_rules rules;
    size_t count;
    mj_hand *hands;
    int8_t *shanten;       /* the oracle's truth */
    mj_kindset *effective; /* the oracle's truth */
} mj_bench_shanten_workload;

/* wall13, wall14, tenpai13, one13. */
size_t mj_bench_shanten_workload_count(void);
const char *mj_bench_shanten_workload_name(size_t i);
/* Deals workload i (count hands from seed) under r and takes its answers from the oracle's
 * truth (built here if need be). 0, or -1 out of memory. The calculators' init must have run. */
int mj_bench_shanten_build(size_t i, uint64_t seed, size_t count, const mj_rules *r, mj_bench_shanten_workload *w);
void mj_bench_shanten_free(mj_bench_shanten_workload *w);
void mj_bench_shanten_csv_header(FILE *out);
/* Times every calculator on every workload, shanten then effective tiles, per call then
 * batched, reps rounds in turns; one CSV row each (ERROR for wrong answers). 1 when an
 * unflagged calculator was wrong, else 0. */
int mj_bench_shanten_time(FILE *out, const mj_shanten_algo *const *algos, size_t nalgos,
                          const mj_bench_shanten_workload *ws, size_t nw, unsigned long reps);

#endif
