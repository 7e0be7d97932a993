/* naive: the seed's handOut over the real rules and the shared generator, with no table and
 * no ordering; the baseline the fast solver is checked against on small positions. */
#include "ddz_movegen.h"
#include "ddz_plain.h"
#include "ddz_solver.h"

static const ddz_move pass_move = {0, DDZ_PASS, 0, 0};

static int hand_out(ddz_plain *c, ddz_hand me, ddz_hand en, const ddz_move *last);

/* The player to move plays m: it wins when m empties the hand or leaves the opponent (now to
 * move) losing. */
static int plays(ddz_plain *c, ddz_hand me, ddz_hand en, const ddz_move *m)
{
    if (m->type == DDZ_PASS)
        return !hand_out(c, en, me, &pass_move);
    return m->cards == me || !hand_out(c, en, me - m->cards, m);
}

/* handOut(me, enemy, last): the player to move wins when some legal move empties the hand or
 * leaves the opponent (now to move) losing. */
static int hand_out(ddz_plain *c, ddz_hand me, ddz_hand en, const ddz_move *last)
{
    size_t base, n = ddz_plain_push(c, me, last, &base);
    int win = 0;
    for (size_t i = 0; i < n && !win; i++) {
        ddz_move m = c->buf[base + i]; /* a copy: the stack may move under the child */
        win = plays(c, me, en, &m);
    }
    c->top = base;
    return c->abort ? 0 : win;
}

static int first_move(ddz_plain *c, const void *pos, const ddz_move *m)
{
    const ddz_position *p = pos;
    return plays(c, p->me, p->enemy, m);
}

static ddz_outcome naive_solve(const ddz_position *pos, const ddz_rules *rules, const ddz_solve_options *opt,
                               ddz_result *res)
{
    return ddz_plain_solve(pos->me && pos->enemy ? pos->me : 0, &pos->last, rules, opt, res, first_move, pos);
}

const ddz_solver ddz_solver_naive = {
    .name = "naive",
    .summary = "plain handOut over the real rules: no table, no ordering (the baseline)",
    .source = "seed 004 handOut, real comparison",
    .flawed = 0,
    .solve = naive_solve,
};
