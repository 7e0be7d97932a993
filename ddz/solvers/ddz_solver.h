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

/* What a solve shows of itself while it runs (ddz_solve_options.live), for a progress display
 * and an answer given as soon as it is known: the solver writes it with relaxed atomic adds and
 * stores (the GCC/Clang __atomic builtins), and another thread may read it at any time with
 * __atomic_load_n. The caller zeroes it before the solve. */
typedef struct ddz_solve_live {
    unsigned long long nodes; /* searched so far, counted in steps of 1024 per thread */
    unsigned first_moves;     /* the root's legal first moves, set as the solve starts */
    unsigned decided;         /* first moves decided so far */
    unsigned won;             /* of those, the winning ones: nonzero = the position is a win */
    int stop;                 /* set by the caller (e.g. on an interrupt): the solve stops as
                                 on a timeout, with what it decided so far */
} ddz_solve_live;

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
    ddz_solve_live *live;   /* optional, solver "fast" only: progress and early answers; NULL none */
} ddz_solve_options;

/* A transposition table that outlives one solve (see ddz_solve_options.table): about `bytes`
 * of memory (0 = the fast solver's default); NULL when out of memory. */
typedef struct ddz_table ddz_table;
ddz_table *ddz_table_new(size_t bytes);
void ddz_table_free(ddz_table *t);
/* What a kept table knows of p under `rules` (the rules of the solves that filled it): 1 the
 * side to move wins, 0 it loses, -1 not in the table (evicted, never stored, or a position the
 * search skipped). An answer is exact: every entry was searched to its end. Not while a solve
 * writes to t from another thread (a miss is then possible, never a wrong answer). */
int ddz_table_probe(ddz_table *t, const ddz_position *p, const ddz_rules *rules);
/* The size a solve of pos gives its own table when no memory size is asked for (fast.c:
 * default_memory): a table kept for pos is best made this size. */
size_t ddz_table_default_bytes(const ddz_position *pos);
/* The bytes of the table's buckets in use now (it grows as it fills, up to its size). */
size_t ddz_table_bytes_in_use(const ddz_table *t);

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
    unsigned long long max_thread_nodes; /* the nodes of the busiest thread (nodes on one thread): over
                                            nodes, how unevenly the threads shared the work */
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
