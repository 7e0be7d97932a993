/* naive: the seed's handOut over the real rules and the shared generator, with no table and
 * no ordering; the baseline the fast solver is checked against on small positions. */
#include "ddz_movegen.h"
#include "ddz_solver.h"

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

static const ddz_move pass_move = {0, DDZ_PASS, 0, 0};

/* handOut(me, enemy, last): the player to move wins when some legal move empties the hand or
 * leaves the opponent (now to move) losing. */
static int hand_out(ctx *c, ddz_hand me, ddz_hand en, const ddz_move *last)
{
    if (c->abort)
        return 0;
    c->nodes++;
    if ((c->nodes & 1023) == 0 && c->deadline > 0 && omp_get_wtime() > c->deadline) {
        c->abort = 1;
        return 0;
    }
    size_t base = c->top, room = c->cap - base;
    ddz_move *mv = c->buf + base;
    size_t n = ddz_generate(me, last, c->rules, mv, room);
    if (n > room) {
        c->abort = 2;
        return 0;
    }
    c->top = base + n;
    int win = 0;
    for (size_t i = 0; i < n && !win; i++) {
        if (mv[i].type == DDZ_PASS)
            win = !hand_out(c, en, me, &pass_move);
        else if (mv[i].cards == me)
            win = 1;
        else
            win = !hand_out(c, en, me - mv[i].cards, &mv[i]);
    }
    c->top = base;
    return c->abort ? 0 : win;
}

static ddz_outcome naive_solve(const ddz_position *pos, const ddz_rules *rules, const ddz_solve_options *opt,
                               ddz_result *res)
{
    double t0 = omp_get_wtime();
    ctx c = {rules, NULL, (size_t)1 << 20, 0, 0, 0, 0};
    int all = opt ? opt->all_first_moves : 1;
    memset(res, 0, offsetof(ddz_result, first));
    res->outcome = DDZ_SOLVE_ERROR;
    if (pos->me == 0 || pos->enemy == 0)
        return res->outcome;
    size_t n = ddz_generate(pos->me, &pos->last, rules, res->first, DDZ_MAX_FIRST_MOVES);
    if (n > DDZ_MAX_FIRST_MOVES)
        return res->outcome;
    res->n_first = n;
    c.deadline = opt && opt->time_limit_s > 0 ? t0 + opt->time_limit_s : 0;
    c.buf = malloc(c.cap * sizeof *c.buf);
    if (!c.buf)
        return res->outcome;
    int win = 0;
    for (size_t i = 0; i < n; i++) {
        const ddz_move *m = &res->first[i];
        res->first_wins[i] = -1;
        if (c.abort || (win && !all))
            continue;
        int w = m->type == DDZ_PASS ? !hand_out(&c, pos->enemy, pos->me, &pass_move)
                : m->cards == pos->me ? 1
                                      : !hand_out(&c, pos->enemy, pos->me - m->cards, m);
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

const ddz_solver ddz_solver_naive = {
    .name = "naive",
    .summary = "plain handOut over the real rules: no table, no ordering (the baseline)",
    .source = "seed 004 handOut, real comparison",
    .flawed = 0,
    .solve = naive_solve,
};
