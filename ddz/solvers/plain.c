/* plain: the frame of a plain recursion over the generator (no table, no ordering), shared by
 * the two- and three-player naive solvers: the move stack, the node count, the deadline, and
 * the root's loop over the first moves. */
#include "ddz_movegen.h"
#include "ddz_plain.h"

#include <omp.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#define MOVE_STACK_START ((size_t)1 << 12) /* moves: 64 KiB */
#define MOVE_STACK_MAX ((size_t)1 << 20)   /* moves: 16 MiB */

size_t ddz_plain_push(ddz_plain *c, ddz_hand hand, const ddz_move *last, size_t *base)
{
    if (c->abort)
        return 0;
    c->nodes++;
    if ((c->nodes & 1023) == 0 && c->deadline > 0 && omp_get_wtime() > c->deadline) {
        c->abort = 1;
        return 0;
    }
    size_t at = c->top, n;
    /* The stack grows when a node's moves do not fit (so a small solve allocates little: a 16 MiB
     * stack per solve made the oracle's comparisons crawl under AddressSanitizer), up to its
     * bound; frames keep indices into it, never pointers. */
    while ((n = ddz_generate(hand, last, c->rules, c->buf + at, c->cap - at)) > c->cap - at) {
        size_t want = c->cap * 2 > at + n ? c->cap * 2 : at + n;
        if (want > MOVE_STACK_MAX)
            want = MOVE_STACK_MAX;
        ddz_move *grown = at + n <= MOVE_STACK_MAX ? realloc(c->buf, want * sizeof *grown) : NULL;
        if (!grown) {
            c->abort = 2;
            return 0;
        }
        c->buf = grown;
        c->cap = want;
    }
    c->top = at + n;
    *base = at;
    return n;
}

ddz_outcome ddz_plain_solve(ddz_hand hand, const ddz_move *last, const ddz_rules *rules, const ddz_solve_options *opt,
                            ddz_result *res, ddz_plain_first value, const void *pos)
{
    double t0 = omp_get_wtime();
    ddz_plain c = {rules, NULL, MOVE_STACK_START, 0, 0, 0, 0};
    int all = opt ? opt->all_first_moves : 1;
    memset(res, 0, offsetof(ddz_result, first));
    res->outcome = DDZ_SOLVE_ERROR;
    if (!hand)
        return res->outcome;
    size_t n = ddz_generate(hand, last, rules, res->first, DDZ_MAX_FIRST_MOVES);
    if (n > DDZ_MAX_FIRST_MOVES)
        return res->outcome;
    res->n_first = n;
    c.deadline = opt && opt->time_limit_s > 0 ? t0 + opt->time_limit_s : 0;
    c.buf = malloc(c.cap * sizeof *c.buf);
    if (!c.buf)
        return res->outcome;
    int win = 0;
    for (size_t i = 0; i < n; i++) {
        res->first_wins[i] = -1;
        if (c.abort || (win && !all))
            continue;
        int w = value(&c, pos, &res->first[i]);
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
