/* mjverify bench: times the selected algorithms on the selected workloads, CSV to stdout or --csv, progress to stderr. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <unistd.h>

#include "cli.h"
#include "mj_bench_shanten.h"
#include "plugin.h"
#include "mj_bench.h"

enum { MAX_ALGOS = 64, MAX_WORKLOADS = 64 };
/* hands held at once for timing in turns: about 90 MB of hands and truths */
enum { GROUP_HANDS = 1 << 21 };

typedef struct {
    const mj_algo *algos[MAX_ALGOS];
    size_t nalgos;
    const char *workloads[MAX_WORKLOADS];
    size_t nworkloads;
    bool verify;          /* the exhaustive verify workload is selected */
    const char *input;    /* --input FILE */
    mj_rules input_rules;
    mj_bench_mode input_mode;
    unsigned long threads, reps, hands, rep_ms;
    unsigned long long seed;
    FILE *csv;
    int errors;           /* rows that printed ERROR */
} bench_job;

/* --algo: all (every registered algorithm, flagged ports included: their rows show
 * ERROR where they are wrong) or a comma list of names. */
static int select_algos(bench_job *job, const char *spec)
{
    if (strcmp(spec, "all") == 0) {
        for (size_t i = 0; i < mj_algo_count && job->nalgos < MAX_ALGOS; i++) job->algos[job->nalgos++] = mj_algos[i];
        return CLI_OK;
    }
    char *list = strdup(spec); /* as long as the flag: a long list is never cut into a wrong name */
    if (!list) return CLI_FAIL;
    int rc = CLI_OK;
    for (char *save = NULL, *tok = strtok_r(list, ",", &save); tok && !rc; tok = strtok_r(NULL, ",", &save)) {
        const mj_algo *a = mj_algo_find(tok);
        if (!a) rc = cli_usage_error("bench", "no algorithm named '%s' (see mjverify algos)", tok);
        else if (job->nalgos < MAX_ALGOS) job->algos[job->nalgos++] = a;
    }
    free(list);
    if (rc) return rc;
    if (job->nalgos == 0) return cli_usage_error("bench", "--algo names no algorithm");
    return CLI_OK;
}

/* --workload: all, a group (hands, sizes), verify, or a comma list of workload names. */
static int select_workloads(bench_job *job, const char *spec)
{
    char *list = strdup(spec); /* the names kept are the registry's, not pieces of this copy */
    if (!list) return CLI_FAIL;
    int rc = CLI_OK;
    for (char *save = NULL, *tok = strtok_r(list, ",", &save); tok && !rc; tok = strtok_r(NULL, ",", &save)) {
        bool found = false;
        if (strcmp(tok, "verify") == 0 || strcmp(tok, "all") == 0) job->verify = found = true;
        for (size_t i = 0; i < mj_bench_workload_count(); i++) {
            const mj_bench_workload_info *w = mj_bench_workload_at(i);
            if (strcmp(tok, "all") == 0 || strcmp(tok, w->name) == 0 || strcmp(tok, w->group) == 0) {
                if (job->nworkloads < MAX_WORKLOADS) job->workloads[job->nworkloads++] = w->name;
                found = true;
            }
        }
        if (!found)
            rc = cli_usage_error("bench", "no workload named '%s' (all, hands, sizes, verify, or a name: "
                                          "deal108, deal136, size14, ...)", tok);
    }
    free(list);
    return rc;
}

/* Flagged ports are expected to be wrong somewhere: their ERROR rows are reported, not failures. */
static void emit(bench_job *job, const mj_algo *a, const mj_bench_result *r)
{
    mj_bench_csv_row(job->csv, r);
    fflush(job->csv);
    if (!r->correct && !a->flawed) job->errors++;
}

/* One unit's line on stderr: its figures, or what it got wrong. */
static void report_unit(const mj_bench_unit *u)
{
    const mj_algo *a = u->a;
    const mj_bench_workload *w = u->w;
    const mj_bench_result *r = &u->r;
    if (r->correct) {
        fprintf(stderr, "bench: %-12s %-16s %10.2f ns/hand (min %.2f, max %.2f)", w->name, a->name, r->ns_median,
                r->ns_min, r->ns_max);
        if (r->batch_timed) fprintf(stderr, "; batched %.2f (min %.2f)", r->batch_ns_median, r->batch_ns_min);
        fputc('\n', stderr);
        return;
    }
    char hand[MJ_FORMAT_CAP] = "?", want[160], got[160];
    if (r->first_wrong < w->count) {
        const mj_hand *h = &w->hands[r->first_wrong];
        mj_format(h, MJ_NOTATION_MPSZ, hand, sizeof hand);
        if (w->mode == MJ_BENCH_WAITS) {
            mj_format_kindset(w->truth[r->first_wrong], want, sizeof want);
            mj_format_kindset(mj_algo_waits(a, h, &w->rules), got, sizeof got);
        } else {
            snprintf(want, sizeof want, "%s", w->truth[r->first_wrong] ? "win" : "no");
            snprintf(got, sizeof got, "%s", mj_algo_is_win(a, h, &w->rules) ? "win" : "no");
        }
    } else {
        snprintf(want, sizeof want, "the same sum every pass");
        snprintf(got, sizeof got, "different sums");
    }
    fprintf(stderr, "bench: %-12s %-16s ERROR: %s: truth %s, %s says %s\n", w->name, a->name, hand, want, a->name, got);
}

/* Times every selected algorithm that supports each workload's rules, all of them in turns: one
 * repetition of each (algorithm, workload) per round (mj_bench_unit_*), so that a slow phase of
 * a shared machine costs one repetition of each rather than all of one; then reports in
 * workload, then algorithm order. 0, or -1 when out of memory (said on stderr). */
static int run_group(bench_job *job, const mj_bench_workload *ws, size_t nw)
{
    mj_bench_options o = {.reps = (int)job->reps, .min_rep_seconds = (double)job->rep_ms / 1000.0};
    mj_bench_unit *units = calloc(nw * job->nalgos + 1, sizeof *units);
    if (!units) {
        fprintf(stderr, "mjverify: bench: out of memory for %zu timings\n", nw * job->nalgos);
        return -1;
    }
    size_t nu = 0;
    for (size_t k = 0; k < nw; k++)
        for (size_t i = 0; i < job->nalgos; i++) {
            const mj_algo *a = job->algos[i];
            if (!mj_algo_supports(a, &ws[k].rules)) {
                fprintf(stderr, "bench: %-12s %-16s skipped: does not support rules %s\n", ws[k].name, a->name,
                        ws[k].rules.name);
                continue;
            }
            mj_bench_unit_start(&units[nu++], a, &ws[k], &o);
        }
    for (unsigned long r = 0; r < job->reps; r++) {
        if (nu > 1) fprintf(stderr, "bench: repetition %lu of %lu, %zu timings in turn\n", r + 1, job->reps, nu);
        for (size_t u = 0; u < nu; u++) mj_bench_unit_rep(&units[u]);
    }
    for (size_t u = 0; u < nu; u++) {
        mj_bench_unit_finish(&units[u]);
        emit(job, units[u].a, &units[u].r);
        report_unit(&units[u]);
    }
    free(units);
    return 0;
}

/* Exhaustive verify on 1..N threads for each selected algorithm the oracle can judge. */
static int run_verify(bench_job *job)
{
    if (!mj_bench_verify_available()) {
        fprintf(stderr, "bench: verify    skipped: the oracle's run API (oracle/mj_oracle.h) is not in this build\n");
        return 0;
    }
    mj_bench_options o = {.reps = (int)job->reps, .min_rep_seconds = (double)job->rep_ms / 1000.0};
    int failed = 0;
    for (size_t i = 0; i < job->nalgos; i++) {
        for (unsigned long t = 1; t <= job->threads; t++) {
            mj_bench_result r;
            char err[256];
            int rc = mj_bench_verify(job->algos[i], (int)t, &o, &r, err, sizeof err);
            if (rc != 0) {
                fprintf(stderr, "bench: verify       %-16s %s\n", job->algos[i]->name, err);
                if (rc < 0) failed = 1;
                break;
            }
            emit(job, job->algos[i], &r);
            if (r.correct)
                fprintf(stderr, "bench: %-12s %-16s %lu thread%s %10.3f ns/hand, %.3g hands/s, %d tiles, %.2f cores busy\n",
                        r.workload, r.algorithm, t, t > 1 ? "s" : " ", r.ns_median, r.hands_per_second, r.size, r.cores_busy);
            else
                fprintf(stderr, "bench: %-12s %-16s %lu threads ERROR: mismatches against the oracle\n", r.workload,
                        r.algorithm, t);
        }
    }
    return failed;
}

/* --workload shanten: the shanten calculators (default: the unflagged ones) on the shanten
 * workloads (bench/shanten.c), riichi rules, CSV out. */
static int bench_shanten(const char *algo, unsigned long long seed, unsigned long reps, unsigned long hands,
                         const char *csv)
{
    if (mj_shanten_algos_init() != 0) return CLI_FAIL;
    mj_rules r;
    mj_rules_parse("riichi", 0, &r, NULL);
    const mj_shanten_algo *algos[64];
    size_t n = 0;
    if (!algo) {
        for (size_t i = 0; i < mj_shanten_algo_count && n < 64; i++)
            if (!mj_shanten_algos[i]->flawed) algos[n++] = mj_shanten_algos[i];
    } else {
        char list[1024];
        snprintf(list, sizeof list, "%s", algo);
        for (char *save = NULL, *tok = strtok_r(list, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
            const mj_shanten_algo *a = strcmp(tok, "all") == 0 ? NULL : mj_shanten_find(tok);
            if (strcmp(tok, "all") == 0) {
                for (size_t i = 0; i < mj_shanten_algo_count && n < 64; i++) algos[n++] = mj_shanten_algos[i];
                continue;
            }
            if (!a) return cli_usage_error("bench", "no shanten calculator named '%s' (see mjverify algos)", tok);
            if (n < 64) algos[n++] = a;
        }
    }
    size_t nw = mj_bench_shanten_workload_count();
    mj_bench_shanten_workload ws[8];
    fprintf(stderr, "bench: shanten workloads, seed %llu, %lu hands each, %lu reps (CPU time)\n", seed, hands, reps);
    for (size_t i = 0; i < nw; i++) {
        int rc = mj_bench_shanten_build(i, seed, hands, &r, &ws[i]);
        if (rc != 0) {
            fprintf(stderr, "mjverify: bench: out of memory building the shanten workloads or the truth\n");
            return CLI_FAIL;
        }
    }
    cli_out out;
    if (!cli_out_open(&out, "bench", "--csv", csv ? csv : "-", CLI_OUT_IN_PLACE)) return CLI_FAIL;
    mj_bench_shanten_csv_header(out.f);
    int status = mj_bench_shanten_time(out.f, algos, n, ws, nw, reps);
    for (size_t i = 0; i < nw; i++) mj_bench_shanten_free(&ws[i]);
    if (cli_out_close(&out) != CLI_OK) return CLI_FAIL;
    return status ? CLI_FAIL : CLI_OK;
}

int cli_cmd_bench(int argc, char **argv)
{
    static bench_job job; /* large: keep it off the stack */
    static const char default_algo[] = "all";
    const char *algo = default_algo, *plugin = NULL, *workload = NULL, *threads = NULL, *seed = NULL, *reps = "5", *csv = NULL,
               *hands = "8192", *rep_ms = "50", *rules = "riichi", *mode = "win";
    const cli_flag flags[] = {CLI_FLAG("algo", &algo), CLI_FLAG("workload", &workload),
                              CLI_FLAG("threads", &threads), CLI_FLAG("seed", &seed), CLI_FLAG("reps", &reps),
                              CLI_FLAG("csv", &csv), CLI_FLAG("input", &job.input), CLI_FLAG("rules", &rules),
                              CLI_FLAG("mode", &mode), CLI_FLAG("hands", &hands), CLI_FLAG("rep-ms", &rep_ms),
                              CLI_FLAG("plugin", &plugin)};
    if (cli_parse_flags("bench", argc, argv, flags, sizeof flags / sizeof flags[0], NULL, 0, NULL, NULL))
        return CLI_USAGE;
    if (!cli_parse_uint(reps, 1000, &job.reps) || job.reps == 0)
        return cli_usage_error("bench", "--reps takes 1 to 1000, not '%s'", reps);
    if (!cli_parse_uint(hands, 10000000, &job.hands) || job.hands == 0)
        return cli_usage_error("bench", "--hands takes 1 to 10000000, not '%s'", hands);
    if (!cli_parse_uint(rep_ms, 60000, &job.rep_ms) || job.rep_ms == 0)
        return cli_usage_error("bench", "--rep-ms takes 1 to 60000, not '%s'", rep_ms);
    long online = sysconf(_SC_NPROCESSORS_ONLN);
    job.threads = online > 0 ? (unsigned long)online : 1;
    if (threads && (!cli_parse_uint(threads, 1024, &job.threads) || job.threads == 0)) {
        unsigned long big;
        if (cli_parse_uint(threads, (unsigned long)-1, &big) && big > 1024)
            return cli_usage_error("bench", "--threads is at most 1024, not '%s'", threads);
        return cli_usage_error("bench", "--threads takes 1 to 1024, not '%s'", threads);
    }
    unsigned long s = 0;
    if (seed && !cli_parse_uint(seed, (unsigned long)-1, &s)) return cli_usage_error("bench", "--seed takes a whole number, not '%s'", seed);
    job.seed = seed ? s : 20261122;
    if (strcmp(mode, "win") != 0 && strcmp(mode, "waits") != 0)
        return cli_usage_error("bench", "--mode takes win or waits, not '%s'", mode);
    job.input_mode = strcmp(mode, "waits") == 0 ? MJ_BENCH_WAITS : MJ_BENCH_WIN;
    mj_error err;
    if (mj_rules_parse(rules, 0, &job.input_rules, &err) != MJ_OK) return cli_usage_error("bench", "%s", err.message);
    if (job.input && workload) return cli_usage_error("bench", "--input is the workload: leave out --workload");
    if (workload && strcmp(workload, "shanten") == 0)
        return bench_shanten(algo == default_algo ? NULL : algo, job.seed, job.reps, job.hands, csv);
    if (cli_plugin_setup("bench", plugin, &algo, default_algo) != CLI_OK) return CLI_FAIL;
    int rc = select_algos(&job, algo);
    if (rc == CLI_OK && !job.input) rc = select_workloads(&job, workload ? workload : "all");
    if (rc != CLI_OK) return rc;

    if (mj_algos_init() != 0 || mj_bench_truth_init() != 0) {
        fprintf(stderr, "mjverify: an algorithm or the ground truth failed to build its tables\n");
        return CLI_FAIL;
    }
    /* a bad input file is refused before anything is written */
    mj_bench_workload input;
    char why[512];
    if (job.input && mj_bench_workload_read(&input, job.input, &job.input_rules, job.input_mode, why, sizeof why) != 0) {
        fprintf(stderr, "mjverify: %s\n", why);
        return CLI_FAIL;
    }
    cli_out csv_out;
    if (!cli_out_open(&csv_out, "bench", "--csv", csv ? csv : "-", CLI_OUT_IN_PLACE)) return CLI_FAIL;
    job.csv = csv_out.f;
    fprintf(stderr, "bench: seed %llu, %lu reps of at least %lu ms, ground truth: %s\n", job.seed, job.reps, job.rep_ms,
            mj_bench_truth_name());
    mj_bench_csv_header(job.csv);
    int failed = 0;
    if (job.input) {
        fprintf(stderr, "bench: %zu hands from %s under %s\n", input.count, job.input, input.rules.name);
        if (run_group(&job, &input, 1) != 0) failed = 1;
        mj_bench_workload_free(&input);
    }
    /* the workloads are timed together in groups of at most GROUP_HANDS hands (all of them at
     * the default 8,192 hands each; one at a time when --hands is large) */
    static mj_bench_workload ws[MAX_WORKLOADS];
    for (size_t i = 0; i < job.nworkloads && !failed;) {
        size_t nw = 0, held = 0;
        while (i < job.nworkloads && (nw == 0 || held + job.hands <= GROUP_HANDS)) {
            if (mj_bench_workload_make(&ws[nw], job.workloads[i], job.hands, job.seed, why, sizeof why) != 0) {
                fprintf(stderr, "mjverify: %s\n", why);
                failed = 1;
                break;
            }
            held += ws[nw++].count;
            i++;
        }
        if (!failed && run_group(&job, ws, nw) != 0) failed = 1;
        for (size_t k = 0; k < nw; k++) mj_bench_workload_free(&ws[k]);
    }
    if (job.verify && !failed) failed = run_verify(&job);
    /* an earlier row may have failed (a full disk): the error flag, not only fclose, says so */
    if (cli_out_close(&csv_out)) failed = 1;
    if (job.errors) fprintf(stderr, "bench: %d result%s of unflagged algorithms ERROR (wrong answers, no speed given)\n", job.errors, job.errors > 1 ? "s" : "");
    return failed || job.errors ? CLI_FAIL : CLI_OK;
}
