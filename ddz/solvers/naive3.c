/* naive3: the three-player game by plain recursion over the shared generator, no table and no
 * ordering: the baseline the fast solver is checked against on small positions. */
#include "ddz_movegen.h"
#include "ddz_plain.h"
#include "ddz_solver3.h"

static int wins(ddz_plain *c, const ddz_position3 *p);

/* The seat to move at p plays m: its side wins when m empties the hand, or leads to a position
 * its side wins (the next seat may be the partner: the same side). */
static int plays(ddz_plain *c, const ddz_position3 *p, const ddz_move *m)
{
    ddz_position3 q;
    if (ddz3_after(p, m, &q))
        return 1;
    return (ddz3_side(q.turn) == ddz3_side(p->turn)) == wins(c, &q);
}

/* Nonzero when the side of the seat to move wins: some legal move wins for it. */
static int wins(ddz_plain *c, const ddz_position3 *p)
{
    size_t base, n = ddz_plain_push(c, p->hand[p->turn], &p->last, &base);
    int win = 0;
    for (size_t i = 0; i < n && !win; i++) {
        ddz_move m = c->buf[base + i]; /* a copy: the stack may move under the child */
        win = plays(c, p, &m);
    }
    c->top = base;
    return c->abort ? 0 : win;
}

static int first_move(ddz_plain *c, const void *pos, const ddz_move *m) { return plays(c, pos, m); }

static ddz_outcome naive3_solve(const ddz_position3 *pos, const ddz_rules *rules, const ddz_solve_options *opt,
                                ddz_result *res)
{
    int playable = pos->hand[0] && pos->hand[1] && pos->hand[2];
    return ddz_plain_solve(playable ? pos->hand[pos->turn] : 0, &pos->last, rules, opt, res, first_move, pos);
}

const ddz_solver3 ddz_solver3_naive = {
    .name = "naive3",
    .summary = "plain three-player recursion over the real rules: no table, no ordering (the baseline)",
    .solve = naive3_solve,
};
