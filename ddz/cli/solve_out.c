/* solve_out: what ddz solve and ddz solve3 write alike: the first moves and their values (text
 * and JSON), and the strategy certificate's frame (the file, its nodes numbered by a map from
 * position to node), each game filling in its own positions and lines. */
#include <stdlib.h>
#include <string.h>

#include "ddz_oracle.h"
#include "ddz_solve_cli.h"
#include "output.h"

const char *ddz_outcome_name(ddz_outcome o)
{
    return o == DDZ_SOLVE_WIN ? "win" : o == DDZ_SOLVE_LOSS ? "loss" : o == DDZ_SOLVE_TIMEOUT ? "timeout" : "error";
}

void ddz_print_winning_moves(const ddz_result *res)
{
    char buf[128];
    for (size_t i = 0; i < res->n_first; i++)
        if (res->first_wins[i] == 1) {
            ddz_format_move(&res->first[i], buf, sizeof buf);
            printf(" %s", buf);
        }
}

/* The notation needs no JSON escapes. */
void ddz_json_first_moves(const ddz_result *res)
{
    char buf[128];
    printf("\"first_moves\":[");
    for (size_t i = 0; i < res->n_first; i++) {
        ddz_format_move(&res->first[i], buf, sizeof buf);
        printf("%s{\"move\":\"%s\",\"wins\":%s}", i ? "," : "", buf,
               res->first_wins[i] == 1 ? "true" : res->first_wins[i] == 0 ? "false" : "null");
    }
    printf("],\"winning_moves\":[");
    for (size_t i = 0, k = 0; i < res->n_first; i++)
        if (res->first_wins[i] == 1) {
            ddz_format_move(&res->first[i], buf, sizeof buf);
            printf("%s\"%s\"", k++ ? "," : "", buf);
        }
    printf("]");
}

uint32_t ddz_dag_node(ddz_dag *d, const void *p, size_t max)
{
    if (2 * (d->n + 1) > d->nslots) {
        size_t ns = d->nslots ? 2 * d->nslots : 1024;
        uint32_t *sl = calloc(ns, sizeof *sl);
        if (!sl)
            return 0;
        for (size_t i = 0; i < d->n; i++) {
            size_t k = d->hash(ddz_dag_at(d, i)) & (ns - 1);
            while (sl[k])
                k = (k + 1) & (ns - 1);
            sl[k] = (uint32_t)(i + 1);
        }
        free(d->slot);
        d->slot = sl;
        d->nslots = ns;
    }
    size_t k = d->hash(p) & (d->nslots - 1);
    for (; d->slot[k]; k = (k + 1) & (d->nslots - 1))
        if (d->same(ddz_dag_at(d, d->slot[k] - 1), p))
            return d->slot[k];
    if (d->n >= max)
        return 0;
    if (d->n == d->cap) {
        size_t c = d->cap ? 2 * d->cap : 1024;
        unsigned char *q = realloc(d->pos, c * d->size);
        if (!q)
            return 0;
        d->pos = q;
        d->cap = c;
    }
    memcpy(d->pos + d->n++ * d->size, p, d->size);
    d->slot[k] = (uint32_t)d->n;
    return d->slot[k];
}

void *ddz_dag_at(const ddz_dag *d, size_t i) { return d->pos + i * d->size; }

void ddz_dag_free(ddz_dag *d)
{
    free(d->pos);
    free(d->slot);
    d->pos = NULL;
    d->slot = NULL;
    d->n = d->cap = d->nslots = 0;
}

/* The most nodes a strategy may have: the checker's bound, or less where the environment's
 * DDZ_STRATEGY_MAX_NODES says so (for the tests of what happens at the bound; a value that is
 * not a number from 1 to the checker's bound is ignored). */
static size_t strategy_max_nodes(void)
{
    static size_t max; /* read once */
    if (!max) {
        const char *e = getenv("DDZ_STRATEGY_MAX_NODES");
        char *end;
        unsigned long long v = e ? strtoull(e, &end, 10) : 0;
        max = e && *e && !*end && v >= 1 && v < DDZO_CERT_MAX_NODES ? (size_t)v : DDZO_CERT_MAX_NODES;
    }
    return max;
}

int ddz_strategy_link(FILE *f, ddz_dag *d, const char *kind, const char *move, const void *pos, char *why,
                      size_t cap)
{
    const size_t max = strategy_max_nodes();
    uint32_t id = ddz_dag_node(d, pos, max);
    if (!id) {
        d->full = d->n >= max;
        if (d->full)
            snprintf(why, cap, "more than %zu nodes (the checker's bound%s)", max,
                     max < DDZO_CERT_MAX_NODES ? ", lowered by DDZ_STRATEGY_MAX_NODES" : "");
        else
            snprintf(why, cap, "out of memory at %zu nodes", d->n);
        return -1;
    }
    fprintf(f, "%s %s -> %lu\n", kind, move, (unsigned long)id);
    return 0;
}

/* The nodes, breadth first from the root: each written by the game, which numbers the positions
 * its lines lead to; then `end N`. 0, or -1 with why filled. */
static int write_nodes(FILE *f, ddz_dag *d, const void *root, ddz_strategy_node node, void *ctx, char *why,
                       size_t cap, size_t *replies)
{
    if (!ddz_dag_node(d, root, strategy_max_nodes())) {
        snprintf(why, cap, "out of memory");
        return -1;
    }
    for (size_t i = 0; i < d->n; i++) {
        if (node(f, ctx, d, i, why, cap, replies))
            return -1;
        if (ferror(f)) {
            snprintf(why, cap, "write failed");
            return -1;
        }
    }
    fprintf(f, "end %zu\n", d->n);
    return 0;
}

int ddz_strategy_write(const char *cmd, const char *path, const char *header, const ddz_dag *positions,
                       const void *root, ddz_strategy_node node, const char *(*again)(void *ctx), void *ctx)
{
    cli_out out;
    char why[512];
    double t0 = ddz_now();
    for (;;) {
        size_t replies = 0;
        ddz_dag d = *positions;
        if (!cli_out_open(&out, cmd, "--strategy", path, CLI_OUT_REPLACE))
            return 1;
        fputs(header, out.f);
        int rc = write_nodes(out.f, &d, root, node, ctx, why, sizeof why, &replies);
        size_t nodes = d.n;
        int full = d.full;
        ddz_dag_free(&d);
        if (rc) {
            const char *way = full && again && out.tmp ? again(ctx) : NULL;
            cli_out_discard(&out);
            if (way) {
                fprintf(stderr, "ddz %s: --strategy '%s': %s after %.3f s; written again, %s\n", cmd, path, why,
                        ddz_now() - t0, way);
                continue;
            }
            fprintf(stderr, "ddz %s: --strategy '%s': not written: %s\n", cmd, path, why);
            return -1;
        }
        if (cli_out_close(&out))
            return 1;
        fprintf(stderr, "ddz %s: --strategy '%s': %zu nodes, %zu replies, %.3f s\n", cmd, path, nodes, replies,
                ddz_now() - t0);
        return 0;
    }
}
