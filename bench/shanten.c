/* The shanten benchmark (issue 30): shanten and effective tiles per hand on hands dealt from
 * the wall (13 and 14 tiles), ready (tenpai) and 1-shanten hands, every answer checked before
 * any timing, each calculator timed per call and batched, CSV out. */
#include "mj_bench_shanten.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "mj_random.h"
#include "mj_shanten_truth.h"

static double cpu_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

/* The workloads: name, hand size, and the shanten a hand must have (-2: any). */
static const struct {
    const char *name;
    int tiles, shanten;
    const char *summary;
} workloads[] = {
    {"wall13", 13, -2, "13 tiles dealt from the 136-tile wall"},
    {"wall14", 14, -2, "14 tiles dealt from the 136-tile wall"},
    {"tenpai13", 13, 0, "13-tile hands dealt until ready (shanten 0)"},
    {"one13", 13, 1, "13-tile hands dealt until 1-shanten"},
};

size_t mj_bench_shanten_workload_count(void) { return sizeof workloads / sizeof workloads[0]; }
const char *mj_bench_shanten_workload_name(size_t i) { return i < mj_bench_shanten_workload_count() ? workloads[i].name : NULL; }

/* A ready or 1-shanten hand: a random complete 14-tile hand's melds, one tile away, dealt until
 * the reference says the wanted shanten (most such hands are within a few tries). */
static void deal_at(mj_rng *g, const mj_rules *r, const mj_shanten_algo *ref, int tiles, int want, mj_hand *h)
{
    for (;;) {
        mj_hand full = {0};
        int placed = 0;
        while (placed < 12) {
            int k = (int)mj_rng_below(g, MJ_KINDS);
            bool run = (mj_rng_next(g) & 1) && k < MJ_SUITED_KINDS && k % 9 <= 6;
            if (run && full.count[k] < 4 && full.count[k + 1] < 4 && full.count[k + 2] < 4)
                full.count[k]++, full.count[k + 1]++, full.count[k + 2]++, placed += 3;
            else if (!run && full.count[k] <= 1)
                full.count[k] += 3, placed += 3;
        }
        int k = (int)mj_rng_below(g, MJ_KINDS);
        if (full.count[k] > 2) continue;
        full.count[k] += 2;
        full.tiles = 14;
        /* swap want + 1 tiles, then drop to `tiles` */
        for (int s = 0; s <= want; s++) {
            int out, in;
            do out = (int)mj_rng_below(g, MJ_KINDS);
            while (!full.count[out]);
            do in = (int)mj_rng_below(g, MJ_KINDS);
            while (full.count[in] >= 4);
            full.count[out]--, full.count[in]++;
        }
        while (full.tiles > tiles) {
            int out = (int)mj_rng_below(g, MJ_KINDS);
            if (full.count[out]) full.count[out]--, full.tiles--;
        }
        if (ref->shanten(&full, r) == want) {
            *h = full;
            return;
        }
    }
}

int mj_bench_shanten_build(size_t i, uint64_t seed, size_t count, const mj_rules *r, mj_bench_shanten_workload *w)
{
    const mj_shanten_algo *ref = mj_shanten_find("sh-table");
    memset(w, 0, sizeof *w);
    if (mj_truth_shanten_init() != 0) return -1;
    w->hands = malloc(count * sizeof *w->hands);
    w->shanten = malloc(count * sizeof *w->shanten);
    w->effective = malloc(count * sizeof *w->effective);
    if (!w->hands || !w->shanten || !w->effective || !ref) return -1;
    snprintf(w->name, sizeof w->name, "%s", workloads[i].name);
    w->rules = *r;
    w->count = count;
    mj_rng g = {seed ^ (0x9e3779b97f4a7c15ull * (i + 1))};
    for (size_t j = 0; j < count; j++) {
        /* ready and 1-shanten hands are drawn until the truth says so */
        do {
            if (workloads[i].shanten == -2) w->hands[j] = mj_deal(&g, MJ_KINDS, workloads[i].tiles);
            else deal_at(&g, r, ref, workloads[i].tiles, workloads[i].shanten, &w->hands[j]);
        } while (workloads[i].shanten != -2 && mj_truth_shanten(&w->hands[j], r) != workloads[i].shanten);
        /* the answers: the oracle's truth (oracle/mj_shanten_truth.h) */
        int s;
        w->effective[j] = mj_truth_effective(&w->hands[j], r, &s);
        w->shanten[j] = (int8_t)s;
    }
    return 0;
}

void mj_bench_shanten_free(mj_bench_shanten_workload *w)
{
    free(w->hands);
    free(w->shanten);
    free(w->effective);
    memset(w, 0, sizeof *w);
}

/* One timed pass; ns per hand, or -1 when an answer is wrong. per_call: each hand's index
 * depends on the previous answer, so the calls run one after another (latency); batched: the
 * same hands as independent calls in one loop (throughput). */
static double pass(const mj_shanten_algo *a, const mj_bench_shanten_workload *w, bool effective, bool per_call)
{
    size_t n = w->count;
    double t0 = cpu_ns();
    size_t wrong = 0;
    if (!per_call) {
        for (size_t j = 0; j < n; j++) {
            int s;
            if (effective) {
                mj_kindset e = mj_shanten_effective(a, &w->hands[j], &w->rules, &s);
                wrong += e != w->effective[j] || s != w->shanten[j];
            } else {
                wrong += a->shanten(&w->hands[j], &w->rules) != w->shanten[j];
            }
        }
    } else {
        size_t j = 0;
        for (size_t done = 0; done < n; done++) {
            int s;
            uint64_t v;
            if (effective) {
                mj_kindset e = mj_shanten_effective(a, &w->hands[j], &w->rules, &s);
                wrong += e != w->effective[j] || s != w->shanten[j];
                v = e + (uint64_t)(s + 1);
            } else {
                s = a->shanten(&w->hands[j], &w->rules);
                wrong += s != w->shanten[j];
                v = (uint64_t)(s + 1);
            }
            /* the next index needs this answer: a stride through the hands, never repeating */
            j = (j + 1 + (size_t)(v >> 63)) % n; /* v >> 63 is 0, but only known at run time */
        }
    }
    double ns = (cpu_ns() - t0) / (double)n;
    return wrong ? -1 : ns;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

void mj_bench_shanten_csv_header(FILE *out)
{
    fputs("algorithm,workload,rules,question,timing,hands,reps,ns_best,ns_median,ns_max,ok\n", out);
}

int mj_bench_shanten_time(FILE *out, const mj_shanten_algo *const *algos, size_t nalgos,
                          const mj_bench_shanten_workload *ws, size_t nw, unsigned long reps)
{
    enum { MAXR = 1000 };
    int status = 0;
    for (size_t wi = 0; wi < nw; wi++)
        for (int q = 0; q < 2; q++)
            for (int per_call = 1; per_call >= 0; per_call--) {
                /* the calculators take turns within each repetition, so a slow spell of the
                 * shared machine spoils one repetition of each, not all of one */
                static double t[64][MAXR];
                bool bad[64] = {0};
                size_t timed[64] = {0};
                for (unsigned long rep = 0; rep < reps && rep < MAXR; rep++)
                    for (size_t ai = 0; ai < nalgos && ai < 64; ai++) {
                        /* sh-backtrack and the ports' walks are slow: a slice of the hands */
                        mj_bench_shanten_workload part = ws[wi];
                        bool slow = strcmp(algos[ai]->name, "sh-table") != 0;
                        if (slow && part.count > 256) part.count = 256;
                        if (q == 1 && slow && part.count > 16) part.count = 16;
                        timed[ai] = part.count;
                        double ns = pass(algos[ai], &part, q == 1, per_call);
                        if (ns < 0) bad[ai] = true;
                        t[ai][rep] = ns;
                    }
                for (size_t ai = 0; ai < nalgos && ai < 64; ai++) {
                    unsigned long n = reps < MAXR ? reps : MAXR;
                    qsort(t[ai], n, sizeof t[ai][0], cmp_double);
                    const char *question = q ? "effective" : "shanten";
                    const char *timing = per_call ? "per_call" : "batched";
                    if (bad[ai]) {
                        fprintf(out, "%s,%s,%s,%s,%s,%zu,%lu,ERROR,ERROR,ERROR,no\n", algos[ai]->name, ws[wi].name,
                                ws[wi].rules.name, question, timing, timed[ai], n);
                        if (!algos[ai]->flawed) status = 1;
                        continue;
                    }
                    fprintf(out, "%s,%s,%s,%s,%s,%zu,%lu,%.2f,%.2f,%.2f,yes\n", algos[ai]->name, ws[wi].name,
                            ws[wi].rules.name, question, timing, timed[ai], n, t[ai][0], t[ai][n / 2], t[ai][n - 1]);
                }
            }
    return status;
}
