/* The line of play of a decided position (line.c): the winner's shortest win against the
 * loser's most stubborn defence, read from the table the solve filled. Public: `ddz solve`,
 * `ddz play`, `ddz batch` and the Python package call it. */
#ifndef DDZ_LINE_H
#define DDZ_LINE_H

#include <signal.h>
#include "ddz_solver.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Plies a line holds at most: a game of two hands of at most 20 cards ends within 80 plies
 * (every move but a pass spends a card, and a pass is followed by a lead). */
#define DDZ_LINE_MAX 96

typedef struct {
    ddz_move move;
    int side;           /* 0: the player to move at the root ("me"), 1: the other ("enemy") */
    ddz_hand me, enemy; /* both hands after the move (me = the root's player to move) */
} ddz_line_ply;

typedef struct {
    const ddz_rules *rules;     /* required */
    const ddz_solver *solver;   /* decides the positions the table does not hold; NULL: "fast" */
    ddz_table *table;           /* the kept table of the solve that decided the root (read, and
                                   filled further by the short solves), or NULL */
    const ddz_result *root;     /* that solve's result for the root, or NULL: its outcome and
                                   the values of its decided first moves are used as they are */
    size_t memory_bytes;        /* for the short solves when table is NULL; 0 = default */
    double time_limit_s;        /* 0 = none; past it the line stops where it is (stopped = 1) */
    unsigned long long budget;  /* nodes of the length search; 0 = DDZ_LINE_BUDGET. Past it the
                                   rest of the line is chosen without lengths (exact = 0) */
    const volatile sig_atomic_t *stop; /* optional: nonzero (e.g. set on an interrupt) stops as the time
                                   limit does; read between steps */
} ddz_line_options;

#define DDZ_LINE_BUDGET 250000ull

typedef struct {
    ddz_outcome outcome; /* of the root for the player to move: WIN or LOSS; TIMEOUT when not even
                            that was decided in time; ERROR on out of memory or a solver error */
    int exact;           /* 1: every ply chosen with proven lengths: the winner's moves win as fast
                            as any can, each of the loser's makes the win take as long as any can;
                            0: past the budget (or, with no search left, the time limit), the rest
                            is a winning move and the loser's reply proven to last longest so far */
    int stopped;         /* 1: the time limit (or stop) came first: ply[] is only the start */
    int length;          /* exact and not stopped: the game's length in plies under best play
                            (= n); else 0 */
    size_t n;
    ddz_line_ply ply[DDZ_LINE_MAX];
    unsigned long long nodes;  /* of the length search */
    unsigned long long solves; /* short solves of positions the table did not hold */
} ddz_line;

/* Plays the position out: the winner (the side whose position is a win) chooses among its
 * winning moves one that ends the game soonest against any defence; the loser chooses the move
 * after which the winner needs the most plies. Ties go to the first in the move generator's
 * order (leads: more cards first). Deterministic: the same line for any table contents, thread
 * count or machine, unless the time limit cuts it. Errors: outcome DDZ_SOLVE_ERROR (out of
 * memory, or the solver failed). Not thread-safe on one table (one line or solve per table at
 * a time). */
ddz_outcome ddz_line_of_play(const ddz_position *root, const ddz_line_options *opt, ddz_line *out);

#ifdef __cplusplus
}
#endif
#endif
