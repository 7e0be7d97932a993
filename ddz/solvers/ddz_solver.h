/* The Dou Dizhu solver interface: one struct per solver, one registry table (like algorithms/). */
#ifndef DDZ_SOLVER_H
#define DDZ_SOLVER_H

#include <stdio.h>
#include "ddz_moves.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A two-player open-card position: `me` is to move; `last` is the move to beat (type DDZ_PASS
 * when me leads, i.e. the opponent passed or the game starts). Whoever empties their hand
 * first wins. Precondition: the hands are disjoint within one deck; `last` is no longer
 * in either hand. */
typedef struct {
    ddz_hand me, enemy;
    ddz_move last;
} ddz_position;

typedef struct {
    int threads;            /* 0 = all cores */
    size_t memory_bytes;    /* bound on the transposition tables together ("fast" with threads and
                               no kept table: half shared, half split between the threads' own
                               tables); 0 = the solver's default */
    int all_first_moves;    /* nonzero: decide every first move, not just find one win */
    double time_limit_s;    /* 0 = none; past it the solve stops with DDZ_SOLVE_TIMEOUT */
    struct ddz_table *table; /* optional, solver "fast" only: a table kept across solves (its
                                answers are exact for any root, so later solves of positions
                                met before are quick); NULL = a fresh table per solve. One solve
                                at a time may use a table. Others solvers ignore it. */
} ddz_solve_options;

/* A transposition table that outlives one solve (see ddz_solve_options.table): about `bytes`
 * of memory (0 = the fast solver's default); NULL when out of memory. */
typedef struct ddz_table ddz_table;
ddz_table *ddz_table_new(size_t bytes);
void ddz_table_free(ddz_table *t);

typedef enum { DDZ_SOLVE_LOSS = 0, DDZ_SOLVE_WIN = 1, DDZ_SOLVE_TIMEOUT = -1, DDZ_SOLVE_ERROR = -2 } ddz_outcome;

#define DDZ_MAX_FIRST_MOVES 4096

typedef struct {
    ddz_outcome outcome;        /* for the player to move */
    size_t n_first;             /* legal first moves (pass included where legal) */
    ddz_move first[DDZ_MAX_FIRST_MOVES];
    signed char first_wins[DDZ_MAX_FIRST_MOVES]; /* per first move: 1 win, 0 loss, -1 undecided */
    unsigned long long nodes, tt_hits, tt_stores, tt_evictions;
    size_t tt_bytes;
    double seconds;
} ddz_result;

typedef struct ddz_solver {
    const char *name;     /* "fast", "naive", "seed004" */
    const char *summary;  /* one line */
    const char *source;   /* the document it follows */
    int flawed;           /* nonzero: a faithful port of published wrong code */
    /* Decides the position. Returns the outcome (also stored in res->outcome). */
    ddz_outcome (*solve)(const ddz_position *pos, const ddz_rules *rules,
                         const ddz_solve_options *opt, ddz_result *res);
} ddz_solver;

/* The outcome a solver reports once its first moves are searched: an error first, then a found
 * win (valid even if the search was stopped later), then a stop (undecided), else a loss. */
static inline ddz_outcome ddz_outcome_of(int error, int win, int stopped)
{
    return error ? DDZ_SOLVE_ERROR : win ? DDZ_SOLVE_WIN : stopped ? DDZ_SOLVE_TIMEOUT : DDZ_SOLVE_LOSS;
}

/* The registry: every solver, NULL-terminated, flagged ones last. */
extern const ddz_solver *const ddz_solvers[];
const ddz_solver *ddz_solver_find(const char *name);

#ifdef __cplusplus
}
#endif
#endif
