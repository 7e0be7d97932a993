/* ddz deal and ddz bench: seeded deals from one documented shuffle, and every solver timed on
 * sets of positions (the ddz/bench/ set files) under a per-position time cap and a total budget, as CSV. */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "ddz_cli.h"
#include "ddz_set.h"
#include "ddz_solve_cli.h"
#include "output.h"
#include "ddz_movegen.h"
#include "ddz_solver.h"
#include "mj_random.h"

#define USAGE_DEAL "usage: ddz deal " DDZ_USAGE_DEAL "\n"
#define USAGE_BENCH "usage: ddz bench " DDZ_USAGE_BENCH "\n"

/* The CPU time of the process (every thread): around a solve, the CPU it took, which on a
 * machine shared with other work is a steadier figure than its wall time. */
static double cpu_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* ---- ddz deal ---- */

/* The deal: the 54 cards in rank order (3333 4444 ... 2222 X D), shuffled by Fisher-Yates
 * from the first place up, place i swapped with i + mj_rng_below(54 - i) of the splitmix64
 * stream mj_rng {SEED} (core/random.c); the first hand takes places 0..N1-1, the next the next
 * N2 (ME and ENEMY), and with three hands (L, F1, F2) the third the next N3. */
static void deal(uint64_t seed, const long *n, int hands, ddz_hand *h)
{
    int deck[DDZ_DECK_SIZE], k = 0;
    for (int r = 0; r < DDZ_RANKS; r++)
        for (int c = 0; c < (r >= DDZ_RX ? 1 : 4); c++)
            deck[k++] = r;
    mj_rng g = {seed};
    for (int i = 0; i < DDZ_DECK_SIZE; i++) {
        int j = i + (int)mj_rng_below(&g, (uint32_t)(DDZ_DECK_SIZE - i));
        int t = deck[i];
        deck[i] = deck[j];
        deck[j] = t;
    }
    int at = 0;
    for (int s = 0; s < hands; s++) {
        h[s] = 0;
        for (long c = 0; c < n[s]; c++)
            h[s] = ddz_add(h[s], deck[at++], 1);
    }
}

/* ddz deal SEED N1 N2 [N3]: two hands, or three for ddz solve3. */
int ddz_cmd_deal(int argc, char **argv)
{
    int hands = argc - 2;
    const char *usage = hands == 3 ? "" : USAGE_DEAL; /* a three-hand deal's errors come alone, as ever */
    if (argc != 4 && argc != 5) {
        fprintf(stderr, "ddz deal: three arguments expected (SEED N1 N2), got %d\n" USAGE_DEAL, argc - 1);
        return 2;
    }
    char *end;
    errno = 0;
    unsigned long long seed = strtoull(argv[1], &end, 10);
    if (end == argv[1] || *end || errno || argv[1][0] == '-') {
        fprintf(stderr, "ddz deal: SEED '%s': a number 0 to 2^64-1 expected\n%s", argv[1], usage);
        return 2;
    }
    long n[3];
    if (hands == 2 &&
        (ddz_parse_count(argv[2], 1, DDZ_MAX_HAND, &n[0]) || ddz_parse_count(argv[3], 1, DDZ_MAX_HAND, &n[1]))) {
        fprintf(stderr, "ddz deal: N1 '%s', N2 '%s': hand sizes 1 to %d expected\n" USAGE_DEAL, argv[2], argv[3],
                DDZ_MAX_HAND);
        return 2;
    }
    for (int s = 0; hands == 3 && s < 3; s++)
        if (ddz_parse_count(argv[2 + s], 1, DDZ_MAX_HAND, &n[s])) {
            fprintf(stderr, "ddz deal: N%d '%s': a hand size 1 to %d expected\n", s + 1, argv[2 + s], DDZ_MAX_HAND);
            return 2;
        }
    ddz_hand h[3];
    char t[3][64];
    deal((uint64_t)seed, n, hands, h);
    for (int s = 0; s < hands; s++) {
        ddz_format_hand(h[s], t[s], sizeof t[s]);
        printf("%s%s", s ? " " : "", t[s]);
    }
    putchar('\n');
    return 0;
}

/* ---- ddz bench: the sets ---- */

typedef struct {
    ddz_position pos;
    ddz_rules rules;
    int expect; /* -1 none, else DDZ_SOLVE_LOSS / DDZ_SOLVE_WIN from a "# expect:" line */
    int line;
    int set;
} bench_pos;

typedef struct {
    char name[64];
    const char *path;
} bench_set;

typedef struct {
    bench_pos *p;
    size_t n, cap;
    bench_set *sets;
    size_t nsets;
} bench_list;

/* Line number lineno of a set (ddz_set_line) into p. */
static ddz_set_kind read_line(char *line, int lineno, ddz_set_state *st, void *item, char *why, size_t cap)
{
    bench_pos *p = item;
    p->line = lineno;
    return ddz_set_line(line, st, &p->pos, &p->rules, &p->expect, why, cap);
}

/* ---- ddz bench: the runs ---- */

typedef struct {
    int set, solver, threads;
    int outcome; /* ddz_outcome, or SKIPPED */
    double seconds, cpu, limit;
    unsigned long long nodes, hits, stores, evictions, max_thread_nodes;
    size_t bytes;
    int wrong; /* 1: decided against the reference */
    const char *agree; /* the CSV's agree column */
} bench_row;

#define SKIPPED 9

static const char *outcome_name(int o)
{
    return o == DDZ_SOLVE_WIN       ? "win"
           : o == DDZ_SOLVE_LOSS    ? "loss"
           : o == DDZ_SOLVE_TIMEOUT ? "timeout"
           : o == SKIPPED           ? "skipped"
                                    : "error";
}

/* Only fast runs a parallel region (naive.c and seed004.c search on the calling thread), so
 * the others are run once, as one thread, whatever --threads lists. */
static int takes_threads(const ddz_solver *s) { return strcmp(s->name, "fast") == 0; }

int ddz_cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

int ddz_cmp_ull(const void *a, const void *b)
{
    unsigned long long x = *(const unsigned long long *)a, y = *(const unsigned long long *)b;
    return x < y ? -1 : x > y;
}

static int bench_error(const char *what, const char *arg)
{
    fprintf(stderr, "ddz bench: %s '%s'\n" USAGE_BENCH, what, arg);
    return 2;
}

int ddz_cmd_bench(int argc, char **argv)
{
    /* three-player sets ('# players: 3') go to their own bench (cmd_bench3.c) */
    for (int i = 1; i < argc; i++)
        if (argv[i][0] != '-' && ddz_bench3_is_set(argv[i]))
            return ddz_bench3(argc, argv);
    const char *solvers_arg = "fast", *threads_arg = "1", *limit_arg = "10", *budget_arg = NULL,
               *memory_arg = NULL, *csv_path = NULL, *summary_path = NULL;
    const char *files[256];
    int nfiles = 0, all_first = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], **slot = NULL;
        if (a[0] != '-' || a[1] == '\0') {
            if (nfiles == (int)(sizeof files / sizeof files[0]))
                return bench_error("too many set files, from", a);
            files[nfiles++] = a;
            continue;
        }
        if (strcmp(a, "--all-first-moves") == 0) {
            all_first = 1;
            continue;
        }
        if (strcmp(a, "--solver") == 0)
            slot = &solvers_arg;
        else if (strcmp(a, "--threads") == 0)
            slot = &threads_arg;
        else if (strcmp(a, "--time-limit") == 0)
            slot = &limit_arg;
        else if (strcmp(a, "--budget") == 0)
            slot = &budget_arg;
        else if (strcmp(a, "--memory") == 0)
            slot = &memory_arg;
        else if (strcmp(a, "--csv") == 0)
            slot = &csv_path;
        else if (strcmp(a, "--summary") == 0)
            slot = &summary_path;
        else
            return bench_error("unknown flag", a);
        if (i + 1 >= argc)
            return bench_error("flag needs a value:", a);
        *slot = argv[++i];
    }
    if (nfiles == 0) {
        fputs("ddz bench: no SET_FILE given\n" USAGE_BENCH, stderr);
        return 2;
    }

    /* Solvers: a comma list in registry order as given, or all. */
    const ddz_solver *solvers[16];
    int nsolvers = 0;
    if (strcmp(solvers_arg, "all") == 0) {
        for (size_t i = 0; ddz_solvers[i] && nsolvers < 16; i++)
            solvers[nsolvers++] = ddz_solvers[i];
    } else {
        char buf[256];
        if (strlen(solvers_arg) >= sizeof buf)
            return bench_error("--solver: too long", solvers_arg);
        strcpy(buf, solvers_arg);
        for (char *t = strtok(buf, ","); t; t = strtok(NULL, ",")) {
            const ddz_solver *s = ddz_solver_find(t);
            if (!s)
                return bench_error("--solver: no such solver (fast, naive, seed004, all):", t);
            if (nsolvers == 16)
                return bench_error("--solver: too many", solvers_arg);
            solvers[nsolvers++] = s;
        }
        if (nsolvers == 0)
            return bench_error("--solver: a name expected, not", solvers_arg);
    }
    /* Thread counts. */
    int threads[16], nthreads = 0;
    {
        char buf[128];
        if (strlen(threads_arg) >= sizeof buf)
            return bench_error("--threads: too long", threads_arg);
        strcpy(buf, threads_arg);
        for (char *t = strtok(buf, ","); t; t = strtok(NULL, ",")) {
            long v;
            if (ddz_parse_count(t, 1, 256, &v) || nthreads == 16)
                return bench_error("--threads: a list of 1 to 16 thread counts (1..256) expected, not", threads_arg);
            threads[nthreads++] = (int)v;
        }
        if (nthreads == 0)
            return bench_error("--threads: a list such as 1,2 expected, not", threads_arg);
    }
    /* Time limits: S for every solver, then NAME=S for some. */
    double limit[16];
    {
        char buf[256];
        double all = 0;
        int have_all = 0;
        if (strlen(limit_arg) >= sizeof buf)
            return bench_error("--time-limit: too long", limit_arg);
        strcpy(buf, limit_arg);
        for (int k = 0; k < nsolvers; k++)
            limit[k] = 0;
        for (char *t = strtok(buf, ","); t; t = strtok(NULL, ",")) {
            char *eq = strchr(t, '=');
            double v;
            if (!eq) {
                if (have_all || ddz_parse_seconds(t, &all))
                    return bench_error("--time-limit: S or S,NAME=S,... (seconds > 0) expected, not", limit_arg);
                have_all = 1;
                continue;
            }
            *eq = '\0';
            if (!ddz_solver_find(t) || ddz_parse_seconds(eq + 1, &v))
                return bench_error("--time-limit: NAME=S with a solver's name and seconds > 0 expected, not",
                                   limit_arg);
            for (int k = 0; k < nsolvers; k++)
                if (strcmp(solvers[k]->name, t) == 0)
                    limit[k] = v;
        }
        if (!have_all)
            all = 10;
        for (int k = 0; k < nsolvers; k++)
            if (limit[k] == 0)
                limit[k] = all;
    }
    double budget = 0;
    if (budget_arg && ddz_parse_seconds(budget_arg, &budget))
        return bench_error("--budget: seconds > 0 expected, not", budget_arg);
    size_t memory = 0;
    if (memory_arg && ddz_parse_size(memory_arg, &memory))
        return bench_error("--memory: a size such as 64M or 1G expected, not", memory_arg);

    /* Every set is read (and every line checked) before anything is timed. */
    bench_list L = {0};
    L.sets = calloc((size_t)nfiles, sizeof *L.sets);
    if (!L.sets)
        return 2;
    L.nsets = (size_t)nfiles;
    ddz_set_list read = {NULL, 0, 0, sizeof(bench_pos)};
    for (int i = 0; i < nfiles; i++) {
        L.sets[i].path = files[i];
        ddz_set_name(files[i], L.sets[i].name, sizeof L.sets[i].name);
        size_t from = read.n;
        int rc = ddz_set_read_file(files[i], read_line, &read);
        L.p = read.items;
        L.n = read.n;
        if (rc) {
            free(L.p);
            free(L.sets);
            return rc;
        }
        for (size_t k = from; k < L.n; k++)
            L.p[k].set = i;
    }

    /* the CSV grows a set at a time, in place, so that an interrupted run keeps its rows; the
     * summary is written at the end (output.h); both are checked before anything is timed */
    cli_out csv_out, sum_out;
    if ((summary_path && !cli_out_check("bench", "--summary", summary_path)) ||
        !cli_out_open(&csv_out, "bench", "--csv", csv_path ? csv_path : "-", CLI_OUT_IN_PLACE)) {
        free(L.p);
        free(L.sets);
        return 1;
    }
    FILE *csv = csv_out.f;
    fprintf(csv, "set,position,line,me,enemy,last,rules,solver,flawed,threads,time_limit_s,outcome,seconds,nodes,"
                 "tt_hits,tt_stores,tt_evictions,tt_bytes,expected,agree,cpu_seconds,max_thread_nodes\n");

    size_t maxrows = L.n * (size_t)nsolvers * (size_t)nthreads;
    bench_row *rows = calloc(maxrows ? maxrows : 1, sizeof *rows);
    ddz_result *res = malloc(sizeof *res);
    if (!rows || !res) {
        fputs("ddz bench: out of memory\n", stderr);
        return 2;
    }
    size_t nrows = 0;
    int wrong_unflagged = 0, errors = 0;
    double t_start = ddz_now();
    /* Set by set, each solver takes every position of the set in turn (what a solver is timed on
     * does not depend on which other solvers run: interleaved per position, a 1 s run of another
     * solver before each solve of `fast` made it 1.3-1.6x slower on 13v13 #11 and #13, with the
     * same nodes), each position on every thread count one after another: a ratio of thread
     * counts (the speedup of 2 threads) then compares solves minutes apart at most, where set by
     * set on a shared VM whose speed drifts it compared runs up to a quarter of an hour apart (the
     * hard set's one-thread run took 65.7 s in one hour, 96.7 s in another). The CSV keeps one
     * position's rows together, written once its set is done. The reference of a position is its
     * expectation, else the first decided answer of an unflagged solver in the order solvers and
     * thread counts are given. */
    int *ref = malloc((L.n ? L.n : 1) * sizeof *ref);
    size_t *row_at = malloc((maxrows ? maxrows : 1) * sizeof *row_at); /* (position, solver, threads) -> row */
    if (!ref || !row_at) {
        fputs("ddz bench: out of memory\n", stderr);
        return 2;
    }
    for (size_t pi = 0; pi < L.n; pi++)
        ref[pi] = L.p[pi].expect;
    for (size_t k = 0; k < maxrows; k++)
        row_at[k] = SIZE_MAX;
    for (size_t first = 0; first < L.n;) {
        size_t end = first;
        while (end < L.n && L.p[end].set == L.p[first].set)
            end++;
        const bench_set *S = &L.sets[L.p[first].set];
        for (int si = 0; si < nsolvers; si++) {
            const ddz_solver *sv = solvers[si];
            for (size_t pi = first; pi < end; pi++) {
                for (int ti = 0; ti < nthreads; ti++) {
                    int nt = threads[ti];
                    if (!takes_threads(sv)) {
                        if (ti > 0)
                            break;
                        nt = 1;
                    }
                    const bench_pos *p = &L.p[pi];
                    row_at[(pi * (size_t)nsolvers + (size_t)si) * (size_t)nthreads + (size_t)ti] = nrows;
                    bench_row *r = &rows[nrows++];
                    memset(r, 0, sizeof *r);
                    r->set = p->set;
                    r->solver = si;
                    r->threads = nt;
                    r->limit = limit[si];
                    double left = budget > 0 ? budget - (ddz_now() - t_start) : 0;
                    if (budget > 0 && left < 0.001) {
                        r->outcome = SKIPPED;
                        r->limit = 0;
                    } else {
                        if (budget > 0 && left < r->limit)
                            r->limit = left;
                        ddz_solve_options opt = {0};
                        opt.threads = nt;
                        opt.memory_bytes = memory;
                        opt.all_first_moves = all_first;
                        opt.time_limit_s = r->limit;
                        memset(res, 0, sizeof *res); /* a solver may leave a field it does not use unset */
                        double cpu0 = cpu_s();
                        ddz_outcome o = sv->solve(&p->pos, &p->rules, &opt, res);
                        r->cpu = cpu_s() - cpu0;
                        r->max_thread_nodes = res->max_thread_nodes ? res->max_thread_nodes : res->nodes;
                        r->outcome = o;
                        r->seconds = res->seconds;
                        r->nodes = res->nodes;
                        r->hits = res->tt_hits;
                        r->stores = res->tt_stores;
                        r->evictions = res->tt_evictions;
                        r->bytes = res->tt_bytes;
                        if (o == DDZ_SOLVE_ERROR)
                            errors++;
                        if (o == DDZ_SOLVE_WIN || o == DDZ_SOLVE_LOSS) {
                            if (ref[pi] < 0 && !sv->flawed)
                                ref[pi] = o;
                            else if (ref[pi] >= 0 && (int)o != ref[pi]) {
                                r->wrong = 1;
                                if (!sv->flawed)
                                    wrong_unflagged++;
                            }
                        }
                    }
                    r->agree = r->outcome != DDZ_SOLVE_WIN && r->outcome != DDZ_SOLVE_LOSS ? "-"
                               : r->wrong                                                  ? "no"
                               : ref[pi] >= 0                                              ? "yes"
                                                                                           : "-";
                    fprintf(stderr, "bench: %s #%zu (line %d) %s, %d thread%s: %s%s", S->name, pi - first + 1, p->line,
                            sv->name, r->threads, r->threads == 1 ? "" : "s", outcome_name(r->outcome),
                            r->wrong ? (sv->flawed ? " (WRONG, flagged solver)" : " (ERROR: WRONG)") : "");
                    if (r->outcome != SKIPPED)
                        fprintf(stderr, " %.3f s, %llu nodes", r->seconds, r->nodes);
                    fputc('\n', stderr);
                }
            }
        }
        for (size_t pi = first; pi < end; pi++) {
            const bench_pos *p = &L.p[pi];
            char me[64], en[64], last[96], rules[128];
            ddz_format_hand(p->pos.me, me, sizeof me);
            ddz_format_hand(p->pos.enemy, en, sizeof en);
            ddz_format_move(&p->pos.last, last, sizeof last);
            ddz_format_rules(&p->rules, rules, sizeof rules);
            for (char *c = rules; *c; c++)
                if (*c == ',')
                    *c = '+';
            for (size_t k = pi * (size_t)nsolvers * (size_t)nthreads; k < (pi + 1) * (size_t)nsolvers * (size_t)nthreads; k++) {
                if (row_at[k] == SIZE_MAX)
                    continue;
                const bench_row *r = &rows[row_at[k]];
                const ddz_solver *sv = solvers[r->solver];
                fprintf(csv, "%s,%zu,%d,%s,%s,%s,%s,%s,%s,%d,%.3f,%s,%.6f,%llu,%llu,%llu,%llu,%zu,%s,%s,%.6f,%llu\n", S->name,
                        pi - first + 1, p->line, me, en, last, rules, sv->name, sv->flawed ? "yes" : "no", r->threads,
                        r->limit, outcome_name(r->outcome), r->seconds, r->nodes, r->hits, r->stores, r->evictions,
                        r->bytes, p->expect == DDZ_SOLVE_WIN ? "win" : p->expect == DDZ_SOLVE_LOSS ? "loss" : "-",
                        r->agree, r->cpu, r->max_thread_nodes);
            }
        }
        fflush(csv);
        first = end;
    }
    free(ref);
    if (cli_out_close(&csv_out))
        errors++;

    /* The summary per set, solver and thread count. */
    FILE *sum = NULL;
    if (summary_path) {
        if (cli_out_open(&sum_out, "bench", "--summary", summary_path, CLI_OUT_REPLACE))
            sum = sum_out.f;
        else
            errors++;
    }
    if (sum)
        fprintf(sum, "set,solver,flawed,threads,time_limit_s,positions,run,solved,solved_share,timeouts,skipped,"
                     "errors,wrong,median_s,worst_s,worst_is_timeout,total_s,median_nodes,max_nodes,max_tt_bytes,"
                     "total_nodes,inflation,inflation_positions,busiest_share\n");
    double *secs = malloc((L.n ? L.n : 1) * sizeof *secs);
    unsigned long long *nodes = malloc((L.n ? L.n : 1) * sizeof *nodes);
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    fprintf(stderr, "bench: %-10s %-8s %3s %6s %9s %9s %9s %9s %12s %14s %9s %8s\n", "set", "solver", "thr", "solved",
            "share", "median_s", "worst_s", "total_s", "median_nodes", "total_nodes", "inflation", "busiest");
    int one_thread = -1; /* the index of 1 in --threads: the base of the work inflation */
    for (int ti = 0; ti < nthreads && one_thread < 0; ti++)
        if (threads[ti] == 1)
            one_thread = ti;
    for (size_t s = 0; s < L.nsets && secs && nodes; s++)
        for (int si = 0; si < nsolvers; si++)
            for (int ti = 0; ti < nthreads; ti++) {
                int nt = takes_threads(solvers[si]) ? threads[ti] : 1;
                if (!takes_threads(solvers[si]) && ti > 0)
                    break;
                size_t npos = 0, run = 0, solved = 0, tmo = 0, skip = 0, err = 0, wrong = 0, maxbytes = 0;
                double worst = 0, total = 0, lim = 0;
                int worst_tmo = 0;
                unsigned long long maxn = 0, busiest = 0, all_nodes = 0;
                for (size_t k = 0; k < nrows; k++) {
                    const bench_row *r = &rows[k];
                    if (r->set != (int)s || r->solver != si || r->threads != nt)
                        continue;
                    npos++;
                    if (r->outcome == SKIPPED) {
                        skip++;
                        continue;
                    }
                    secs[run] = r->seconds;
                    nodes[run++] = r->nodes;
                    busiest += r->max_thread_nodes;
                    all_nodes += r->nodes;
                    total += r->seconds;
                    if (r->limit > lim)
                        lim = r->limit;
                    solved += r->outcome == DDZ_SOLVE_WIN || r->outcome == DDZ_SOLVE_LOSS;
                    tmo += r->outcome == DDZ_SOLVE_TIMEOUT;
                    err += r->outcome == DDZ_SOLVE_ERROR;
                    wrong += r->wrong;
                    if (r->seconds >= worst) {
                        worst = r->seconds;
                        worst_tmo = r->outcome == DDZ_SOLVE_TIMEOUT;
                    }
                    if (r->nodes > maxn)
                        maxn = r->nodes;
                    if (r->bytes > maxbytes)
                        maxbytes = r->bytes;
                }
                if (npos == 0)
                    continue;
                /* Work inflation: the nodes of all threads together over the positions decided both
                 * here and on 1 thread, divided by their nodes on 1 thread (1.00: no work added by
                 * the threads). A ratio of node counts, so it can be judged on a machine with fewer
                 * cores than threads, where wall times mean nothing. */
                unsigned long long total_nodes = 0, paired_nodes = 0, paired_one = 0;
                size_t paired = 0;
                for (size_t pi = 0; pi < L.n; pi++) {
                    if (L.p[pi].set != (int)s)
                        continue;
                    size_t at = (pi * (size_t)nsolvers + (size_t)si) * (size_t)nthreads;
                    size_t k = row_at[at + (size_t)ti];
                    if (k == SIZE_MAX || rows[k].outcome == SKIPPED)
                        continue;
                    total_nodes += rows[k].nodes;
                    size_t k1 = one_thread >= 0 ? row_at[at + (size_t)one_thread] : SIZE_MAX;
                    if (!takes_threads(solvers[si]) || k1 == SIZE_MAX)
                        continue;
                    int o = rows[k].outcome, o1 = rows[k1].outcome;
                    if ((o == DDZ_SOLVE_WIN || o == DDZ_SOLVE_LOSS) && (o1 == DDZ_SOLVE_WIN || o1 == DDZ_SOLVE_LOSS)) {
                        paired++;
                        paired_nodes += rows[k].nodes;
                        paired_one += rows[k1].nodes;
                    }
                }
                char infl[32] = "-";
                if (paired && paired_one)
                    snprintf(infl, sizeof infl, "%.3f", (double)paired_nodes / (double)paired_one);
                /* The busiest thread's share of the nodes (1.000 on one thread; 1/threads when the
                 * threads shared the work evenly): low inflation means little when this is near 1
                 * (the other threads mostly idle). */
                char busy[32] = "-";
                if (all_nodes)
                    snprintf(busy, sizeof busy, "%.3f", (double)busiest / (double)all_nodes);
                qsort(secs, run, sizeof *secs, ddz_cmp_double);
                qsort(nodes, run, sizeof *nodes, ddz_cmp_ull);
                double med = run ? (run % 2 ? secs[run / 2] : (secs[run / 2 - 1] + secs[run / 2]) / 2) : 0;
                unsigned long long medn = run ? nodes[run / 2] : 0;
                double share = npos ? (double)solved / (double)npos : 0;
                fprintf(stderr, "bench: %-10s %-8s %3d %3zu/%-3zu %8.1f%% %9.3f %8.3f%s %9.2f %12llu %14llu %9s %8s%s%s\n",
                        L.sets[s].name, solvers[si]->name, nt, solved, npos, 100 * share, med, worst,
                        worst_tmo ? "+" : " ", total, medn, total_nodes, infl, busy,
                        skip ? " (some skipped: budget)" : "", wrong ? " WRONG ANSWERS" : "");
                if (sum)
                    fprintf(sum,
                            "%s,%s,%s,%d,%.3f,%zu,%zu,%zu,%.4f,%zu,%zu,%zu,%zu,%.6f,%.6f,%s,%.3f,%llu,%llu,%zu,%llu,%s,%zu,%s\n",
                            L.sets[s].name, solvers[si]->name, solvers[si]->flawed ? "yes" : "no", nt, lim, npos,
                            run, solved, share, tmo, skip, err, wrong, med, worst, worst_tmo ? "yes" : "no", total,
                            medn, maxn, maxbytes, total_nodes, infl, paired, busy);
            }
    fprintf(stderr, "bench: %zu positions in %zu set%s, %.1f s in all; peak memory %ld MiB (resident)%s\n", L.n,
            L.nsets, L.nsets == 1 ? "" : "s", ddz_now() - t_start, ru.ru_maxrss / 1024,
            "; a worst time marked + is a timeout (the cap)");
    if (sum && cli_out_close(&sum_out))
        errors++;
    free(secs);
    free(nodes);
    free(row_at);
    free(rows);
    free(res);
    free(L.p);
    free(L.sets);
    if (wrong_unflagged)
        fprintf(stderr, "ddz bench: ERROR: %d answer%s of an unflagged solver disagree with the reference\n",
                wrong_unflagged, wrong_unflagged == 1 ? "" : "s");
    return wrong_unflagged || errors ? 1 : 0;
}
