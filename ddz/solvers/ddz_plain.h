/* What the plain recursions (naive.c, naive3.c) share, written once (plain.c): their move stack,
 * node count and deadline, and the root's loop over the first moves. Internal to ddz/solvers. */
#ifndef DDZ_PLAIN_H
#define DDZ_PLAIN_H

#include "ddz_solver.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ddz_plain {
    const ddz_rules *rules;
    ddz_move *buf;  /* the move stack: the moves of each node on the path, one above the other */
    size_t cap, top;
    unsigned long long nodes;
    double deadline; /* omp_get_wtime() past which the search stops; 0 none */
    int abort;       /* 1 timeout, 2 the move stack's bound (2^20 moves) passed */
} ddz_plain;

/* Enters a node: counts it and pushes the moves of `hand` against `last` on the stack (growing
 * it when they do not fit; `last` must not point into it). Returns their number, their first at
 * c->buf[*base] (read by index: a deeper push may move the stack); pop with c->top = *base.
 * Returns 0 with c->abort set when the search stops. */
size_t ddz_plain_push(ddz_plain *c, ddz_hand hand, const ddz_move *last, size_t *base);

/* The value of first move m at the root for the side to move: 1 win, 0 loss (any when c->abort). */
typedef int (*ddz_plain_first)(ddz_plain *c, const void *pos, const ddz_move *m);

/* The root of a plain solve: res's first moves are those of `hand` (the side to move's; 0 when
 * the position is none: DDZ_SOLVE_ERROR) against `last`, each decided by value(c, pos, m) until
 * one wins (or all, with opt->all_first_moves); outcome, nodes and seconds filled. */
ddz_outcome ddz_plain_solve(ddz_hand hand, const ddz_move *last, const ddz_rules *rules, const ddz_solve_options *opt,
                            ddz_result *res, ddz_plain_first value, const void *pos);

#ifdef __cplusplus
}
#endif
#endif
