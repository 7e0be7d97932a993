/* args: how every ddz command reads its command line, written once: the flag scanner (--name V,
 * --name=V, switches, "--"), the usage error line, and the values several commands take (sizes,
 * rules, a solve's threads, memory and time limit), so that two commands never word one mistake
 * two ways. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ddz_cli.h"
#include "ddz_solve_cli.h"

double ddz_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

int ddz_usage_error(const char *cmd, const char *usage, const char *what, const char *arg)
{
    fprintf(stderr, "ddz %s: %s", cmd, what);
    if (arg) {
        fputs(" '", stderr);
        ddz_put_shown(stderr, arg);
        fputc('\'', stderr);
    }
    fputc('\n', stderr);
    fputs(usage, stderr);
    return 2;
}

int ddz_cmdline_read(const ddz_cmdline *c, int argc, char **argv, int *nargs)
{
    int only_args = 0;
    *nargs = 0;
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        if (only_args || arg[0] != '-' || arg[1] == '\0') {
            if (*nargs == c->max_args)
                return ddz_usage_error(c->cmd, c->usage, c->too_many, arg);
            c->args[(*nargs)++] = arg;
            continue;
        }
        if (strcmp(arg, "--") == 0) {
            only_args = 1;
            continue;
        }
        if (c->help && (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0)) {
            fputs(c->usage, stdout);
            return -1;
        }
        size_t nl = strcspn(arg, "=");
        const ddz_flag *f = NULL;
        for (size_t k = 0; k < c->nflags && !f; k++)
            if (strlen(c->flags[k].name) == nl && strncmp(arg, c->flags[k].name, nl) == 0)
                f = &c->flags[k];
        if (!f)
            return ddz_usage_error(c->cmd, c->usage, "unknown flag", arg);
        if (!f->value) {
            if (arg[nl])
                return ddz_usage_error(c->cmd, c->usage, "this flag takes no value:", arg);
            *f->on = f->set;
            continue;
        }
        if (*f->value)
            return ddz_usage_error(c->cmd, c->usage, "flag given twice:", arg);
        if (arg[nl] == '=')
            *f->value = arg + nl + 1;
        else if (i + 1 < argc)
            *f->value = argv[++i];
        else
            return ddz_usage_error(c->cmd, c->usage, "flag needs a value:", arg);
    }
    return 0;
}

/* SIZE: bytes, or a number with K, M or G (binary units). */
int ddz_parse_size(const char *s, size_t *out)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (end == s || errno || s[0] == '-')
        return -1;
    unsigned shift = 0;
    if (*end == 'K' || *end == 'k')
        shift = 10, end++;
    else if (*end == 'M' || *end == 'm')
        shift = 20, end++;
    else if (*end == 'G' || *end == 'g')
        shift = 30, end++;
    if (*end == 'B' || *end == 'b')
        end++;
    if (*end || v == 0 || v > (1ULL << 40) >> shift)
        return -1;
    *out = (size_t)(v << shift);
    return 0;
}

int ddz_parse_count(const char *s, long lo, long hi, long *out)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (end == s || *end || errno || v < lo || v > hi)
        return -1;
    *out = v;
    return 0;
}

int ddz_parse_seconds(const char *s, double *out)
{
    char *end;
    double t = strtod(s, &end);
    if (end == s || *end || !(t > 0) || !isfinite(t))
        return -1;
    *out = t;
    return 0;
}

int ddz_read_rules(const char *cmd, const char *text, ddz_rules *out)
{
    ddz_error e;
    if (ddz_parse_rules(text ? text : "", out, &e) == DDZ_OK)
        return 0;
    fprintf(stderr, "ddz %s: --rules: %s\n", cmd, e.message);
    return 2;
}

int ddz_read_limits(const ddz_cmdline *c, const char *threads, const char *memory, const char *tlimit,
                    ddz_solve_options *opt)
{
    long t;
    if (threads) {
        if (ddz_parse_count(threads, 0, 256, &t))
            return ddz_usage_error(c->cmd, c->usage, "--threads: a number 0 (all cores) to 256 expected, not", threads);
        opt->threads = (int)t;
    }
    if (memory && ddz_parse_size(memory, &opt->memory_bytes))
        return ddz_usage_error(c->cmd, c->usage, "--memory: a size such as 512M or 2G (at most 1T) expected, not",
                               memory);
    if (tlimit && ddz_parse_seconds(tlimit, &opt->time_limit_s))
        return ddz_usage_error(c->cmd, c->usage, "--time-limit: a positive number of seconds expected, not", tlimit);
    return 0;
}
