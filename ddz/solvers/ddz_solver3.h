/* The three-player solver interface: the landlord against two farmers, every hand open. One
 * struct per solver and one registry table, as for two players (ddz_solver.h), whose options
 * and result it reuses. */
#ifndef DDZ_SOLVER3_H
#define DDZ_SOLVER3_H

#include "ddz_solver.h"
#include "ddz_three.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A solve decides the position for the side of the seat to move: res->outcome DDZ_SOLVE_WIN
 * when that side (the landlord alone, or the two farmers together) wins, and per first move
 * (res->first, the generator's moves for the seat to move, the pass first when answering)
 * whether it wins for that side. Options as ddz_solve_options (table: ignored). */
typedef struct ddz_solver3 {
    const char *name;    /* "fast3", "naive3" */
    const char *summary; /* one line */
    ddz_outcome (*solve)(const ddz_position3 *pos, const ddz_rules *rules, const ddz_solve_options *opt,
                         ddz_result *res);
} ddz_solver3;

/* The registry (registry.c): every three-player solver, NULL-terminated, the fast one first. */
extern const ddz_solver3 *const ddz_solvers3[];
const ddz_solver3 *ddz_solver3_find(const char *name);

/* Which side wins, from a solve's outcome for the side of the seat to move: 1 the landlord,
 * 0 the farmers, -1 undecided or an error. */
static inline int ddz3_landlord_wins(const ddz_position3 *p, ddz_outcome o)
{
    if (o != DDZ_SOLVE_WIN && o != DDZ_SOLVE_LOSS)
        return -1;
    return (o == DDZ_SOLVE_WIN) == (ddz3_side(p->turn) == 0);
}

/* Reads a position: the three hands (L, F1, F2), the seat to move (NULL: L), the move to beat
 * (NULL or "pass": the seat to move leads) and the seat that made it (NULL: the seat before
 * the one to move). DDZ_OK, or the status with err naming the field ("F1's hand: byte 2: ...").
 * The position is checked (ddz3_check) and normalised. (position3.c) */
ddz_status ddz3_read_position(const char *hands[3], const char *turn, const char *last, const char *by,
                              const ddz_rules *rules, ddz_position3 *out, ddz_error *err);

#ifdef __cplusplus
}
#endif
#endif
