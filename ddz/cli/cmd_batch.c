/* ddz batch: solves many positions (a set file, or standard input), one output line per
 * position in input order, several positions at once (one thread each, as DDS solves boards),
 * bad lines reported in place while the batch goes on, a summary on stderr. */
#define _POSIX_C_SOURCE 200809L /* getline, sigaction */
#include <errno.h>
#include <math.h>
#include <omp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ddz_cli.h"
#include "ddz_line.h"
#include "ddz_set.h"
#include "ddz_solve_cli.h"

#define USAGE_BATCH "usage: ddz batch " DDZ_USAGE_BATCH "\n"

typedef struct {
    int lineno;
    int bad;         /* a bad line: why says what */
    char why[256];
    ddz_position pos;
    ddz_rules rules;
    int expect;      /* -1, or the outcome a `# expect:` line names */
    ddz_outcome o;
    char *text;      /* the output line, made by the thread that solved it */
    int done;
} item;

typedef struct {
    const ddz_solver *solver;
    size_t memory;
    double limit;
    int first, json, line;
} batch_opts;

static ddz_solve_live shared_live; /* every solve's: an interrupt sets its stop */
static volatile sig_atomic_t interrupted;

static void on_interrupt(int sig)
{
    interrupted = 1;
    __atomic_store_n(&shared_live.stop, 1, __ATOMIC_RELAXED);
    signal(sig, SIG_DFL);
}

/* A growing string for one output line. */
typedef struct {
    char *s;
    size_t n, cap;
} str;

static void add(str *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void add(str *b, const char *fmt, ...)
{
    va_list ap;
    for (;;) {
        va_start(ap, fmt);
        int k = vsnprintf(b->s ? b->s + b->n : NULL, b->s ? b->cap - b->n : 0, fmt, ap);
        va_end(ap);
        if (k < 0)
            return;
        if (b->s && b->n + (size_t)k < b->cap) {
            b->n += (size_t)k;
            return;
        }
        size_t nc = (b->cap + (size_t)k + 1) * 2;
        char *ns = realloc(b->s, nc);
        if (!ns)
            return; /* the line comes out short; the batch goes on */
        b->s = ns;
        b->cap = nc;
    }
}

/* A JSON string of text that may hold anything (the reasons quote the input): quotes and
 * backslashes escaped; the reasons already show other bytes than printable ASCII as \xHH. */
static void add_json(str *b, const char *s)
{
    add(b, "\"");
    for (; *s; s++)
        if (*s == '"' || *s == '\\')
            add(b, "\\%c", *s);
        else if ((unsigned char)*s < 0x20)
            add(b, "\\u%04x", (unsigned char)*s);
        else
            add(b, "%c", *s);
    add(b, "\"");
}

/* The undecided count in JSON: first moves neither won nor lost. */
static size_t undecided(const ddz_result *r)
{
    size_t u = 0;
    for (size_t i = 0; i < r->n_first; i++)
        u += r->first_wins[i] < 0;
    return u;
}

/* Solves one position and writes its output line (without the newline) to it->text. */
static void solve_one(item *it, const batch_opts *bo, ddz_result *res, ddz_line *line)
{
    str b = {0};
    char me[64], en[64], last[96], rules[128], buf[128];
    ddz_format_hand(it->pos.me, me, sizeof me);
    ddz_format_hand(it->pos.enemy, en, sizeof en);
    ddz_format_move(&it->pos.last, last, sizeof last);
    ddz_format_rules(&it->rules, rules, sizeof rules);
    ddz_table *kept = NULL;
    int fast = strcmp(bo->solver->name, "fast") == 0;
    if (bo->line && fast)
        kept = ddz_table_new(bo->memory ? bo->memory : ddz_table_default_bytes(&it->pos));
    ddz_solve_options opt = {1, bo->memory, !bo->first, bo->limit, kept, &shared_live};
    double t0 = ddz_now();
    it->o = bo->solver->solve(&it->pos, &it->rules, &opt, res);
    double secs = ddz_now() - t0;
    size_t nwin = 0;
    for (size_t i = 0; i < res->n_first; i++)
        nwin += res->first_wins[i] == 1;
    if (line)
        line->n = 0;
    int have_line = 0;
    if (bo->line && (it->o == DDZ_SOLVE_WIN || it->o == DDZ_SOLVE_LOSS) && (!bo->first || it->o == DDZ_SOLVE_LOSS)) {
        ddz_line_options lo = {.rules = &it->rules, .solver = bo->solver, .table = kept, .root = res,
                               .memory_bytes = bo->memory, .time_limit_s = bo->limit, .stop = &interrupted};
        have_line = ddz_line_of_play(&it->pos, &lo, line) == it->o && !line->stopped;
    }
    ddz_table_free(kept);
    if (bo->json) {
        add(&b, "{\"line\":%d,\"me\":\"%s\",\"enemy\":\"%s\",\"last\":\"%s\",\"rules\":\"%s\",\"outcome\":\"%s\",", it->lineno,
            me, en, last, rules, ddz_outcome_name(it->o));
        add(&b, "\"winning_moves\":[");
        for (size_t i = 0, k = 0; i < res->n_first; i++)
            if (res->first_wins[i] == 1) {
                ddz_format_move(&res->first[i], buf, sizeof buf);
                add(&b, "%s\"%s\"", k++ ? "," : "", buf);
            }
        add(&b, "],\"first_moves\":%zu,\"undecided\":%zu,\"nodes\":%llu,\"seconds\":%.6f", res->n_first,
            undecided(res), res->nodes, secs);
        if (bo->line) {
            add(&b, ",\"line_of_play\":[");
            for (size_t i = 0; have_line && i < line->n; i++) {
                ddz_format_move(&line->ply[i].move, buf, sizeof buf);
                add(&b, "%s{\"player\":\"%s\",\"move\":\"%s\"}", i ? "," : "", line->ply[i].side ? "enemy" : "me", buf);
            }
            add(&b, "],\"line_plies\":%d", have_line ? line->length : 0);
        }
        add(&b, "}");
    } else {
        add(&b, "%d\t%s\t%s\t%s\t%s\t%s\t", it->lineno, me, en, last, rules, ddz_outcome_name(it->o));
        for (size_t i = 0, k = 0; i < res->n_first; i++)
            if (res->first_wins[i] == 1) {
                ddz_format_move(&res->first[i], buf, sizeof buf);
                add(&b, "%s%s", k++ ? " " : "", buf);
            }
        add(&b, "%s\t%zu\t%llu\t%.6f", nwin ? "" : "-", res->n_first, res->nodes, secs);
        if (bo->line) {
            add(&b, "\t");
            for (size_t i = 0; have_line && i < line->n; i++) {
                ddz_format_move(&line->ply[i].move, buf, sizeof buf);
                add(&b, "%s%s %s", i ? ", " : "", line->ply[i].side ? "enemy" : "me", buf);
            }
            if (!have_line)
                add(&b, "-");
        }
    }
    it->text = b.s;
}

static void bad_text(item *it, int json)
{
    str b = {0};
    if (json) {
        add(&b, "{\"line\":%d,\"error\":", it->lineno);
        add_json(&b, it->why);
        add(&b, "}");
    } else {
        add(&b, "%d\terror\t%s", it->lineno, it->why);
    }
    it->text = b.s;
}

static int batch_error(const char *what, const char *arg)
{
    fprintf(stderr, "ddz batch: %s%s%s%s\n" USAGE_BATCH, what, arg ? " '" : "", arg ? arg : "", arg ? "'" : "");
    return 2;
}

int ddz_cmd_batch(int argc, char **argv)
{
    const char *file = NULL, *rules_arg = NULL, *solver_arg = "fast", *threads_arg = NULL, *memory_arg = NULL,
               *limit_arg = NULL;
    batch_opts bo = {0};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], **slot = NULL;
        if (a[0] != '-' || a[1] == '\0') {
            if (file)
                return batch_error("one FILE only; a second:", a);
            file = a;
            continue;
        }
        if (strcmp(a, "--json") == 0) {
            bo.json = 1;
            continue;
        }
        if (strcmp(a, "--first") == 0) {
            bo.first = 1;
            continue;
        }
        if (strcmp(a, "--line") == 0) {
            bo.line = 1;
            continue;
        }
        if (strcmp(a, "--rules") == 0)
            slot = &rules_arg;
        else if (strcmp(a, "--solver") == 0)
            slot = &solver_arg;
        else if (strcmp(a, "--threads") == 0)
            slot = &threads_arg;
        else if (strcmp(a, "--memory") == 0)
            slot = &memory_arg;
        else if (strcmp(a, "--time-limit") == 0)
            slot = &limit_arg;
        else
            return batch_error("unknown flag", a);
        if (i + 1 >= argc)
            return batch_error("flag needs a value:", a);
        *slot = argv[++i];
    }
    if (!file)
        return batch_error("FILE (or - for standard input) expected", NULL);
    bo.solver = ddz_solver_find(solver_arg);
    if (!bo.solver)
        return batch_error("--solver: no such solver (fast, naive, seed004):", solver_arg);
    int threads = omp_get_num_procs();
    if (threads_arg) {
        char *end;
        long t = strtol(threads_arg, &end, 10);
        if (*end || end == threads_arg || t < 0 || t > 256)
            return batch_error("--threads: a number 0 (all cores) to 256 expected, not", threads_arg);
        if (t)
            threads = (int)t;
    }
    if (memory_arg && ddz_parse_size(memory_arg, &bo.memory))
        return batch_error("--memory: a size such as 512M or 2G (at most 1T) expected, not", memory_arg);
    if (limit_arg) {
        char *end;
        bo.limit = strtod(limit_arg, &end);
        if (*end || end == limit_arg || !(bo.limit > 0) || !isfinite(bo.limit))
            return batch_error("--time-limit: a positive number of seconds expected, not", limit_arg);
    }
    ddz_set_state st;
    ddz_set_start(&st);
    if (rules_arg) {
        ddz_error e;
        if (ddz_parse_rules(rules_arg, &st.rules, &e) != DDZ_OK) {
            fprintf(stderr, "ddz batch: --rules: %s\n", e.message);
            return 2;
        }
    }

    /* Every line read first: the positions and the bad lines, in input order. */
    FILE *in = strcmp(file, "-") == 0 ? stdin : fopen(file, "r");
    if (!in) {
        fprintf(stderr, "ddz batch: %s: cannot read: %s\n", file, strerror(errno));
        return 2;
    }
    item *it = NULL;
    size_t n = 0, cap = 0;
    char *buf = NULL;
    size_t bufcap = 0;
    int lineno = 0;
    while (getline(&buf, &bufcap, in) >= 0) {
        lineno++;
        if (n == cap) {
            cap = cap ? 2 * cap : 256;
            item *ni = realloc(it, cap * sizeof *ni);
            if (!ni) {
                fputs("ddz batch: out of memory\n", stderr);
                return 1;
            }
            it = ni;
        }
        item *x = &it[n];
        memset(x, 0, sizeof *x);
        x->lineno = lineno;
        ddz_set_kind k = ddz_set_line(buf, &st, &x->pos, &x->rules, &x->expect, x->why, sizeof x->why);
        if (k == DDZ_SET_SKIP)
            continue;
        x->bad = k == DDZ_SET_BAD;
        n++;
    }
    int read_failed = ferror(in);
    free(buf);
    if (in != stdin)
        fclose(in);
    if (read_failed) {
        fprintf(stderr, "ddz batch: %s: read error\n", file);
        free(it);
        return 2;
    }

    struct sigaction sa, old_sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_interrupt;
    sigemptyset(&sa.sa_mask);
    int trap = sigaction(SIGINT, NULL, &old_sa) == 0 && old_sa.sa_handler != SIG_IGN;
    if (trap)
        sigaction(SIGINT, &sa, NULL);

    /* The positions, threads at a time, each on one thread; each line printed once every line
     * before it is (a cursor under a lock), so the order is the input's whatever finishes first. */
    size_t next = 0, bad = 0, wins = 0, losses = 0, timeouts = 0, errors = 0, mismatches = 0;
    unsigned long long nodes = 0;
    double t0 = ddz_now();
    for (size_t i = 0; i < n; i++)
        if (it[i].bad) {
            bad_text(&it[i], bo.json);
            it[i].done = 1;
            bad++;
        }
    int out_failed = 0;
#pragma omp parallel num_threads(threads) reduction(+ : nodes)
    {
        ddz_result *res = malloc(sizeof *res);
        ddz_line *line = bo.line ? malloc(sizeof *line) : NULL;
#pragma omp for schedule(dynamic, 1)
        for (size_t i = 0; i < n; i++) {
            if (it[i].bad || interrupted || !res || (bo.line && !line))
                continue;
            solve_one(&it[i], &bo, res, line);
            nodes += res->nodes;
#pragma omp critical(batch_out)
            {
                it[i].done = 1;
                while (next < n && it[next].done) {
                    item *x = &it[next++];
                    if (x->text)
                        out_failed |= printf("%s\n", x->text) < 0;
                    else if (!x->bad) {
                        out_failed |= printf("%d\terror\tout of memory\n", x->lineno) < 0;
                        errors++;
                    }
                    if (!x->bad) {
                        wins += x->o == DDZ_SOLVE_WIN;
                        losses += x->o == DDZ_SOLVE_LOSS;
                        timeouts += x->o == DDZ_SOLVE_TIMEOUT;
                        errors += x->o == DDZ_SOLVE_ERROR;
                        if (x->expect >= 0 && (x->o == DDZ_SOLVE_WIN || x->o == DDZ_SOLVE_LOSS) &&
                            (int)x->o != x->expect) {
                            fprintf(stderr, "ddz batch: line %d: the solver says %s, the set expects %s\n", x->lineno,
                                    ddz_outcome_name(x->o), ddz_outcome_name((ddz_outcome)x->expect));
                            mismatches++;
                        }
                    }
                    free(x->text);
                    x->text = NULL;
                }
                fflush(stdout);
            }
        }
        free(res);
        free(line);
    }
    /* Bad lines after the last position (or a batch of bad lines only). */
    for (; next < n && it[next].done; next++) {
        out_failed |= printf("%s\n", it[next].text) < 0;
        free(it[next].text);
    }
    fflush(stdout);
    if (trap)
        sigaction(SIGINT, &old_sa, NULL);
    size_t positions = n - bad;
    fprintf(stderr,
            "ddz batch: %zu positions (%zu wins, %zu losses, %zu timeouts%s), %zu bad lines, %d threads, %.3f s, "
            "%.1f M nodes%s%s\n",
            positions, wins, losses, timeouts, errors ? ", errors" : "", bad, threads, ddz_now() - t0, 1e-6 * (double)nodes,
            mismatches ? "; answers that differ from # expect: on stderr above" : "",
            interrupted ? "; interrupted: the rest not solved" : "");
    for (size_t i = 0; i < n; i++)
        free(it[i].text);
    free(it);
    if (interrupted)
        return 130;
    (void)out_failed; /* a failed write of standard output is reported at exit (cli_out_exit) */
    return bad || errors || mismatches ? 1 : 0;
}
