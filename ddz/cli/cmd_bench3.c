/* ddz deal SEED N1 N2 N3 and ddz bench on three-player sets: seeded three-hand deals, and the
 * three-player solvers timed on sets of positions (ddz/bench/README.md, "Three-player sets"),
 * each result checked against the set's expectation, as CSV. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "ddz_cli.h"
#include "ddz_set.h"
#include "ddz_solver3.h"
#include "mj_random.h"
#include "output.h"

#define USAGE_BENCH3                                                                                            \
    "usage: ddz bench SET_FILE... [--solver fast3|naive3|all] [--threads N] [--time-limit S] [--memory SIZE]\n" \
    "                 [--csv FILE] [--summary FILE]   (three-player sets: '# players: 3')\n"

/* Nonzero when the set file declares itself three-player ("# players: 3" before its first
 * position); anything but a regular file is not read (ddz_cmd_bench asks about every word that
 * is not a flag, flag values included). */
int ddz_bench3_is_set(const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))
        return 0; /* only a regular file is read here: a FIFO named by a flag's value would block */
    FILE *f = fopen(path, "r");
    char line[1024];
    int yes = 0;
    if (!f)
        return 0;
    while (fgets(line, sizeof line, f)) {
        const char *s = line;
        while (*s == ' ' || *s == '\t')
            s++;
        if (*s == '\n' || *s == '\0')
            continue;
        if (*s != '#')
            break;
        s++;
        while (*s == ' ')
            s++;
        if (strncmp(s, "players: 3", 10) == 0) {
            yes = 1;
            break;
        }
    }
    fclose(f);
    return yes;
}

typedef struct {
    ddz_position3 pos;
    ddz_rules rules;
    int expect; /* -1 none, 0 farmers, 1 landlord ("# expect: landlord|farmers") */
    int line, set;
} pos3;

/* Line number lineno of a three-player set (ddz_set_line3) into p. */
static ddz_set_kind read_line3(char *line, int lineno, ddz_set_state *st, void *item, char *why, size_t cap)
{
    pos3 *p = item;
    p->line = lineno;
    return ddz_set_line3(line, st, &p->pos, &p->rules, &p->expect, why, cap);
}

int ddz_bench3(int argc, char **argv)
{
    const char *files[64], *solver = "fast3", *csv = NULL, *summary = NULL;
    int nfiles = 0, threads = 2;
    double limit = 60;
    size_t memory = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (a[0] != '-') {
            if (nfiles == 64) {
                fprintf(stderr, "ddz bench: at most 64 sets\n");
                return 2;
            }
            files[nfiles++] = a;
            continue;
        }
        if (i + 1 >= argc)
            return ddz_usage_error("bench", USAGE_BENCH3, "flag needs a value:", a);
        const char *v = argv[++i];
        long t;
        if (strcmp(a, "--solver") == 0)
            solver = v;
        else if (strcmp(a, "--threads") == 0) {
            if (ddz_parse_count(v, 0, 256, &t))
                return ddz_usage_error("bench", USAGE_BENCH3,
                                       "--threads: 0 to 256 expected (one count for three-player sets), not", v);
            threads = (int)t;
        } else if (strcmp(a, "--time-limit") == 0) {
            if (ddz_parse_seconds(v, &limit))
                return ddz_usage_error("bench", USAGE_BENCH3, "--time-limit: a positive number of seconds expected, not", v);
        } else if (strcmp(a, "--memory") == 0) {
            if (ddz_parse_size(v, &memory))
                return ddz_usage_error("bench", USAGE_BENCH3, "--memory: a size such as 512M expected, not", v);
        } else if (strcmp(a, "--csv") == 0)
            csv = v;
        else if (strcmp(a, "--summary") == 0)
            summary = v;
        else
            return ddz_usage_error("bench", USAGE_BENCH3, "unknown flag for three-player sets:", a);
    }
    const ddz_solver3 *solvers[4];
    int ns = 0;
    if (strcmp(solver, "all") == 0) {
        for (size_t k = 0; ddz_solvers3[k] && ns < 4; k++)
            solvers[ns++] = ddz_solvers3[k];
    } else if (!(solvers[ns++] = ddz_solver3_find(solver))) {
        return ddz_usage_error("bench", USAGE_BENCH3, "--solver: no such three-player solver (fast3, naive3, all):", solver);
    }
    ddz_set_list read = {NULL, 0, 0, sizeof(pos3)};
    for (int k = 0; k < nfiles; k++) {
        size_t from = read.n;
        if (!ddz_bench3_is_set(files[k])) {
            fprintf(stderr, "%s: not a three-player set ('# players: 3'): sets of two kinds in one run\n", files[k]);
            free(read.items);
            return 2;
        }
        if (ddz_set_read_file(files[k], read_line3, &read)) {
            free(read.items);
            return 2;
        }
        for (size_t i = from; i < read.n; i++)
            ((pos3 *)read.items)[i].set = k;
    }
    pos3 *p = read.items;
    size_t n = read.n;
    cli_out co, so;
    if (!cli_out_open(&co, "bench", "--csv", csv ? csv : "-", CLI_OUT_IN_PLACE)) {
        free(p);
        return 1;
    }
    if (summary && !cli_out_open(&so, "bench", "--summary", summary, CLI_OUT_REPLACE)) {
        cli_out_discard(&co);
        free(p);
        return 1;
    }
    FILE *out = co.f;
    fprintf(out, "set,line,position,solver,threads,winner,seconds,nodes,tt_hits,tt_stores,expected\n");
    static ddz_result res;
    int wrong = 0;
    double *secs = malloc((n + 1) * sizeof *secs);
    unsigned long long *nodes = malloc((n + 1) * sizeof *nodes);
    FILE *sum = summary ? so.f : NULL;
    if (!secs || !nodes) {
        fprintf(stderr, "ddz bench: out of memory\n");
        free(secs), free(nodes), free(p);
        cli_out_discard(&co);
        if (summary)
            cli_out_discard(&so);
        return 1;
    }
    if (sum)
        fprintf(sum, "set,solver,threads,positions,decided,landlord_wins,max_s,median_s,max_nodes,median_nodes\n");
    for (int s = 0; s < ns; s++)
        for (int k = 0; k < nfiles; k++) {
            char name[64];
            ddz_set_name(files[k], name, sizeof name);
            size_t m = 0, decided = 0, lwins = 0;
            for (size_t i = 0; i < n; i++) {
                if (p[i].set != k)
                    continue;
                ddz_solve_options opt = {.threads = threads, .memory_bytes = memory, .all_first_moves = 0,
                                         .time_limit_s = limit};
                double t0 = ddz_now();
                ddz_outcome o = solvers[s]->solve(&p[i].pos, &p[i].rules, &opt, &res);
                double dt = ddz_now() - t0;
                int lw = ddz3_landlord_wins(&p[i].pos, o);
                char pb[256];
                ddz3_format_position(&p[i].pos, pb, sizeof pb);
                int bad = lw >= 0 && p[i].expect >= 0 && lw != p[i].expect;
                wrong |= bad;
                fprintf(out, "%s,%d,%s,%s,%d,%s,", name, p[i].line, pb, solvers[s]->name, threads,
                        bad ? "ERROR" : lw == 1 ? "landlord" : lw == 0 ? "farmers" : o == DDZ_SOLVE_TIMEOUT ? "timeout" : "error");
                if (lw >= 0 && !bad)
                    fprintf(out, "%.6f", dt);
                else
                    fputs(bad ? "ERROR" : "", out);
                fprintf(out, ",%llu,%llu,%llu,%s\n", res.nodes, res.tt_hits, res.tt_stores,
                        p[i].expect < 0 ? "" : p[i].expect ? "landlord" : "farmers");
                fflush(out);
                fprintf(stderr, "bench: %s #%zu %s: %s %.3f s %llu nodes\n", name, m + 1, solvers[s]->name,
                        lw == 1 ? "landlord" : lw == 0 ? "farmers" : "undecided", dt, res.nodes);
                secs[m] = lw >= 0 ? dt : INFINITY;
                nodes[m] = res.nodes;
                m++;
                decided += lw >= 0;
                lwins += lw == 1;
            }
            qsort(secs, m, sizeof *secs, ddz_cmp_double);
            qsort(nodes, m, sizeof *nodes, ddz_cmp_ull);
            fprintf(stderr, "bench: %s %s (%d threads): %zu positions, %zu decided, landlord wins %zu, max %.3f s, median %.3f s, max %llu nodes, median %llu\n",
                    name, solvers[s]->name, threads, m, decided, lwins, secs[m - 1], secs[m / 2], nodes[m - 1], nodes[m / 2]);
            if (sum)
                fprintf(sum, "%s,%s,%d,%zu,%zu,%zu,%.6f,%.6f,%llu,%llu\n", name, solvers[s]->name, threads, m, decided, lwins,
                        secs[m - 1], secs[m / 2], nodes[m - 1], nodes[m / 2]);
        }
    free(secs), free(nodes), free(p);
    int bad_io = cli_out_close(&co);
    if (summary)
        bad_io |= cli_out_close(&so);
    if (bad_io)
        return 1;
    if (wrong)
        fprintf(stderr, "bench: a solver decided a position against its '# expect:' line (ERROR in the CSV)\n");
    return wrong ? 1 : 0;
}
