/* The Dou Dizhu solver registry: one row per solver, flagged ports last. */
#include "ddz_solver.h"

#include <string.h>

extern const ddz_solver ddz_solver_fast, ddz_solver_naive, ddz_solver_seed004;

const ddz_solver *const ddz_solvers[] = {
    &ddz_solver_fast,
    &ddz_solver_naive,
    &ddz_solver_seed004, /* flawed: compares type and main rank only */
    NULL,
};

const ddz_solver *ddz_solver_find(const char *name)
{
    for (size_t i = 0; ddz_solvers[i]; i++)
        if (strcmp(ddz_solvers[i]->name, name) == 0)
            return ddz_solvers[i];
    return NULL;
}

/* The three-player registry (ddz_solver3.h): the fast solver first. */
#include "ddz_solver3.h"

extern const ddz_solver3 ddz_solver3_fast, ddz_solver3_naive;

const ddz_solver3 *const ddz_solvers3[] = {
    &ddz_solver3_fast,
    &ddz_solver3_naive,
    NULL,
};

const ddz_solver3 *ddz_solver3_find(const char *name)
{
    for (size_t i = 0; ddz_solvers3[i]; i++)
        if (strcmp(ddz_solvers3[i]->name, name) == 0)
            return ddz_solvers3[i];
    return NULL;
}
