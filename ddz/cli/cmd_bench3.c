/* ddz deal SEED N1 N2 N3 and ddz bench on three-player sets: seeded three-hand deals, and the
 * three-player solvers timed on sets of positions (ddz/bench/README.md, "Three-player sets"),
 * each result checked against the set's expectation, as CSV. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "ddz_cli.h"
#include "ddz_solver3.h"
#include "mj_random.h"
#include "output.h"

#define USAGE_BENCH3                                                                                            \
    "usage: ddz bench SET_FILE... [--solver fast3|naive3|all] [--threads N] [--time-limit S] [--memory SIZE]\n" \
    "                 [--csv FILE] [--summary FILE]   (three-player sets: '# players: 3')\n"

/* The three-hand deal: the same shuffle as the two-player `ddz deal` (the 54 cards in rank
 * order, Fisher-Yates from the first place, place i swapped with i + mj_rng_below(54 - i) of
 * mj_rng {SEED}); L takes the first N1 cards, F1 the next N2, F2 the next N3. */
static void deal3(uint64_t seed, const int n[3], ddz_hand h[3])
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
    for (int s = 0; s < 3; s++) {
        h[s] = 0;
        for (int c = 0; c < n[s]; c++)
            h[s] = ddz_add(h[s], deck[at++], 1);
    }
}

int ddz_cmd_deal3(int argc, char **argv)
{
    if (argc != 5)
        return 2;
    char *end;
    errno = 0;
    unsigned long long seed = strtoull(argv[1], &end, 10);
    if (end == argv[1] || *end || errno || argv[1][0] == '-') {
        fprintf(stderr, "ddz deal: SEED '%s': a number 0 to 2^64-1 expected\n", argv[1]);
        return 2;
    }
    int n[3];
    for (int s = 0; s < 3; s++) {
        long v = strtol(argv[2 + s], &end, 10);
        if (end == argv[2 + s] || *end || v < 1 || v > DDZ_MAX_HAND) {
            fprintf(stderr, "ddz deal: N%d '%s': a hand size 1 to %d expected\n", s + 1, argv[2 + s], DDZ_MAX_HAND);
            return 2;
        }
        n[s] = (int)v;
    }
    ddz_hand h[3];
    char t[3][64];
    deal3((uint64_t)seed, n, h);
    for (int s = 0; s < 3; s++)
        ddz_format_hand(h[s], t[s], sizeof t[s]);
    printf("%s %s %s\n", t[0], t[1], t[2]);
    return 0;
}

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

static int read_set3(const char *path, int si, pos3 **out, size_t *n, size_t *cap)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "ddz bench: %s: cannot read: %s\n", path, strerror(errno));
        return 2;
    }
    char line[1024];
    int lineno = 0, expect = -1, count = 0;
    ddz_rules rules = {DDZ_CONV_RLCARD, 0};
    ddz_error e;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        if (!strchr(line, '\n') && !feof(f)) {
            fprintf(stderr, "%s:%d: line longer than %zu bytes\n", path, lineno, sizeof line - 2);
            fclose(f);
            return 2;
        }
        char *s = line;
        s[strcspn(s, "\r\n")] = '\0';
        while (*s == ' ' || *s == '\t')
            s++;
        if (*s == '\0')
            continue;
        if (*s == '#') {
            char *v = s + 1;
            while (*v == ' ')
                v++;
            if (strncmp(v, "rules:", 6) == 0) {
                v += 6;
                while (*v == ' ')
                    v++;
                if (ddz_parse_rules(v, &rules, &e) != DDZ_OK) {
                    fprintf(stderr, "%s:%d: rules '%s': %s\n", path, lineno, v, e.message);
                    fclose(f);
                    return 2;
                }
            } else if (strncmp(v, "expect:", 7) == 0) {
                v += 7;
                while (*v == ' ')
                    v++;
                if (strcmp(v, "landlord") == 0)
                    expect = 1;
                else if (strcmp(v, "farmers") == 0)
                    expect = 0;
                else {
                    fprintf(stderr, "%s:%d: expect '%s': landlord or farmers expected\n", path, lineno, v);
                    fclose(f);
                    return 2;
                }
            }
            continue;
        }
        char *tok[7];
        int nt = 0;
        for (char *t = strtok(s, " \t"); t && nt < 7; t = strtok(NULL, " \t"))
            tok[nt++] = t;
        if (nt != 3 && nt != 4 && nt != 6) {
            fprintf(stderr, "%s:%d: L F1 F2 [SEAT [LAST BY]] expected (%d fields)\n", path, lineno, nt);
            fclose(f);
            return 2;
        }
        pos3 p = {.rules = rules, .expect = expect, .line = lineno, .set = si};
        const char *hands[3] = {tok[0], tok[1], tok[2]};
        if (ddz3_read_position(hands, nt > 3 ? tok[3] : NULL, nt > 4 ? tok[4] : NULL, nt > 5 ? tok[5] : NULL, &rules,
                               &p.pos, &e) != DDZ_OK) {
            fprintf(stderr, "%s:%d: %s\n", path, lineno, e.message);
            fclose(f);
            return 2;
        }
        if (*n == *cap) {
            size_t c = *cap ? 2 * *cap : 64;
            pos3 *g = realloc(*out, c * sizeof *g);
            if (!g) {
                fclose(f);
                fprintf(stderr, "ddz bench: out of memory\n");
                return 2;
            }
            *out = g;
            *cap = c;
        }
        (*out)[(*n)++] = p;
        expect = -1;
        count++;
    }
    fclose(f);
    if (!count) {
        fprintf(stderr, "%s:%d: no positions in the set\n", path, lineno);
        return 2;
    }
    return 0;
}

static int cmp_d(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static int cmp_u(const void *a, const void *b)
{
    unsigned long long x = *(const unsigned long long *)a, y = *(const unsigned long long *)b;
    return x < y ? -1 : x > y;
}

static void set_name3(const char *path, char *out, size_t cap)
{
    const char *b = strrchr(path, '/');
    b = b ? b + 1 : path;
    size_t n = strlen(b);
    if (n > 4 && strcmp(b + n - 4, ".txt") == 0)
        n -= 4;
    if (n >= cap)
        n = cap - 1;
    memcpy(out, b, n);
    out[n] = '\0';
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
        if (i + 1 >= argc) {
            fprintf(stderr, "ddz bench: flag needs a value: '%s'\n" USAGE_BENCH3, a);
            return 2;
        }
        const char *v = argv[++i];
        char *end;
        if (strcmp(a, "--solver") == 0)
            solver = v;
        else if (strcmp(a, "--threads") == 0) {
            long t = strtol(v, &end, 10);
            if (*end || end == v || t < 0 || t > 256) {
                fprintf(stderr, "ddz bench: --threads: 0 to 256 expected (one count for three-player sets), not '%s'\n" USAGE_BENCH3, v);
                return 2;
            }
            threads = (int)t;
        } else if (strcmp(a, "--time-limit") == 0) {
            limit = strtod(v, &end);
            if (*end || end == v || !(limit > 0) || !isfinite(limit)) {
                fprintf(stderr, "ddz bench: --time-limit: a positive number of seconds expected, not '%s'\n" USAGE_BENCH3, v);
                return 2;
            }
        } else if (strcmp(a, "--memory") == 0) {
            unsigned long long m = strtoull(v, &end, 10);
            unsigned shift = *end == 'K' ? 10 : *end == 'M' ? 20 : *end == 'G' ? 30 : 0;
            if (shift)
                end++;
            if (*end || end == v || m == 0 || m > (1ull << 40) >> shift) {
                fprintf(stderr, "ddz bench: --memory: a size such as 512M expected, not '%s'\n" USAGE_BENCH3, v);
                return 2;
            }
            memory = (size_t)(m << shift);
        } else if (strcmp(a, "--csv") == 0)
            csv = v;
        else if (strcmp(a, "--summary") == 0)
            summary = v;
        else {
            fprintf(stderr, "ddz bench: unknown flag for three-player sets: '%s'\n" USAGE_BENCH3, a);
            return 2;
        }
    }
    const ddz_solver3 *solvers[4];
    int ns = 0;
    if (strcmp(solver, "all") == 0) {
        for (size_t k = 0; ddz_solvers3[k] && ns < 4; k++)
            solvers[ns++] = ddz_solvers3[k];
    } else if (!(solvers[ns++] = ddz_solver3_find(solver))) {
        fprintf(stderr, "ddz bench: --solver: no such three-player solver (fast3, naive3, all): '%s'\n" USAGE_BENCH3, solver);
        return 2;
    }
    pos3 *p = NULL;
    size_t n = 0, cap = 0;
    for (int k = 0; k < nfiles; k++) {
        if (!ddz_bench3_is_set(files[k])) {
            fprintf(stderr, "%s: not a three-player set ('# players: 3'): sets of two kinds in one run\n", files[k]);
            free(p);
            return 2;
        }
        if (read_set3(files[k], k, &p, &n, &cap)) {
            free(p);
            return 2;
        }
    }
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
            set_name3(files[k], name, sizeof name);
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
            qsort(secs, m, sizeof *secs, cmp_d);
            qsort(nodes, m, sizeof *nodes, cmp_u);
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
