/* naive3: the three-player game by plain recursion over the shared generator, no table and no
 * ordering: the baseline the fast solver is checked against on small positions. */
#include "ddz_movegen.h"
#include "ddz_solver3.h"

#include <omp.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const ddz_rules *rules;
    ddz_move *buf;
    size_t cap, top;
    unsigned long long nodes;
    double deadline;
    int abort; /* 1 timeout, 2 move stack too small */
} ctx;

#define MOVE_STACK_START ((size_t)1 << 12) /* moves: 64 KiB */
#define MOVE_STACK_MAX ((size_t)1 << 20)   /* moves: 16 MiB, the two-player solvers' stack */

/* Nonzero when the side of the seat to move wins: some legal move empties the hand, or leads
 * to a position its side wins (the next seat may be the partner: the same side). */
static int wins(ctx *c, const ddz_position3 *p)
{
    if (c->abort)
        return 0;
    c->nodes++;
    if ((c->nodes & 1023) == 0 && c->deadline > 0 && omp_get_wtime() > c->deadline) {
        c->abort = 1;
        return 0;
    }
    size_t base = c->top, n;
    /* The stack grows when a node's moves do not fit (so a small solve allocates little: a 16 MiB
     * stack per solve made the oracle's comparison crawl under AddressSanitizer); frames keep
     * indices into it, never pointers. */
    while ((n = ddz_generate(p->hand[p->turn], &p->last, c->rules, c->buf + base, c->cap - base)) > c->cap - base) {
        size_t want = c->cap * 2 > base + n ? c->cap * 2 : base + n;
        ddz_move *grown = want <= MOVE_STACK_MAX ? realloc(c->buf, want * sizeof *grown) : NULL;
        if (!grown) {
            c->abort = 2;
            return 0;
        }
        c->buf = grown;
        c->cap = want;
    }
    c->top = base + n;
    int win = 0, side = ddz3_side(p->turn);
    for (size_t i = 0; i < n && !win; i++) {
        ddz_position3 q;
        if (ddz3_after(p, &c->buf[base + i], &q))
            win = 1;
        else
            win = (ddz3_side(q.turn) == side) == wins(c, &q);
    }
    c->top = base;
    return c->abort ? 0 : win;
}

static ddz_outcome naive3_solve(const ddz_position3 *pos, const ddz_rules *rules, const ddz_solve_options *opt,
                                ddz_result *res)
{
    double t0 = omp_get_wtime();
    ctx c = {rules, NULL, MOVE_STACK_START, 0, 0, 0, 0};
    int all = opt ? opt->all_first_moves : 1;
    memset(res, 0, offsetof(ddz_result, first));
    res->outcome = DDZ_SOLVE_ERROR;
    if (!pos->hand[0] || !pos->hand[1] || !pos->hand[2])
        return res->outcome;
    size_t n = ddz_generate(pos->hand[pos->turn], &pos->last, rules, res->first, DDZ_MAX_FIRST_MOVES);
    if (n > DDZ_MAX_FIRST_MOVES)
        return res->outcome;
    res->n_first = n;
    c.deadline = opt && opt->time_limit_s > 0 ? t0 + opt->time_limit_s : 0;
    c.buf = malloc(c.cap * sizeof *c.buf);
    if (!c.buf)
        return res->outcome;
    int win = 0, side = ddz3_side(pos->turn);
    for (size_t i = 0; i < n; i++) {
        ddz_position3 q;
        res->first_wins[i] = -1;
        if (c.abort || (win && !all))
            continue;
        int w = ddz3_after(pos, &res->first[i], &q) ? 1 : (ddz3_side(q.turn) == side) == wins(&c, &q);
        if (!c.abort) {
            res->first_wins[i] = (signed char)w;
            win |= w;
        }
    }
    free(c.buf);
    res->nodes = c.nodes;
    res->outcome = ddz_outcome_of(c.abort == 2, win, c.abort);
    res->seconds = omp_get_wtime() - t0;
    return res->outcome;
}

const ddz_solver3 ddz_solver3_naive = {
    .name = "naive3",
    .summary = "plain three-player recursion over the real rules: no table, no ordering (the baseline)",
    .solve = naive3_solve,
};
