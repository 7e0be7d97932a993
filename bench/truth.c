/* Ground truth for the benchmarks: the oracle's constructive truth when built, else the backtrack baseline. */
#include "mj_bench.h"

#ifdef MJ_BENCH_HAVE_TRUTH
#include "mj_truth.h"
#endif

/* The rule set's size window holds for ground truth as for every algorithm (mj_rules.h). */
static bool in_window(int tiles, const mj_rules *r) { return tiles >= r->min_win && tiles <= r->max_win; }

#ifdef MJ_BENCH_HAVE_TRUTH

int mj_bench_truth_init(void) { return mj_truth_init(); }
const char *mj_bench_truth_name(void) { return "oracle"; }

bool mj_bench_truth_is_win(const mj_hand *h, const mj_rules *r)
{
    return in_window(h->tiles, r) && mj_truth_is_win(h, r);
}

mj_kindset mj_bench_truth_waits(const mj_hand *h, const mj_rules *r)
{
    if (h->tiles >= MJ_MAX_TILES || !in_window(h->tiles + 1, r)) return 0;
    return mj_truth_waits(h, r);
}

#else

/* Until the oracle exists, the baseline stands in; it then judges itself, so its own
 * rows cannot fail, which is why the oracle replaces it as soon as it is built. */
static const mj_algo *baseline;

int mj_bench_truth_init(void)
{
    baseline = mj_algo_find("backtrack");
    if (!baseline) return -1;
    return baseline->init ? baseline->init() : 0;
}

const char *mj_bench_truth_name(void) { return "backtrack"; }

bool mj_bench_truth_is_win(const mj_hand *h, const mj_rules *r)
{
    return in_window(h->tiles, r) && baseline->is_win(h, r);
}

mj_kindset mj_bench_truth_waits(const mj_hand *h, const mj_rules *r)
{
    if (h->tiles >= MJ_MAX_TILES || !in_window(h->tiles + 1, r)) return 0;
    return mj_algo_waits_by_trial(baseline, h, r);
}

#endif
