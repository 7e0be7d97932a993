/* What `ddz solve` and `ddz play` share (cmd_solve.c): parsing a position and its flags, and
 * choosing the winner's move and the loser's resistance along a line of play. */
#ifndef DDZ_SOLVE_CLI_H
#define DDZ_SOLVE_CLI_H

#include "ddz_cli.h"
#include "ddz_solver.h"

typedef struct {
    const char *cmd; /* "solve" or "play", for the error lines */
    ddz_position pos;
    ddz_rules rules;
    const ddz_solver *solver;
    ddz_solve_options opt;
    int json;
    const char *strategy; /* --strategy FILE or NULL */
    int first;            /* --first: stop at the first winning first move */
    int progress;         /* --progress 1, --quiet 0, else -1: on when stderr is a terminal */
    double deadline;      /* CLOCK_MONOTONIC seconds at which --time-limit ends the command; 0 none */
} ddz_solve_args;

/* --threads N, --memory SIZE and --time-limit S of a solving command (NULL: not given) into
 * opt: 0, or 2 after the usage error (args.c). */
int ddz_read_limits(const ddz_cmdline *c, const char *threads, const char *memory, const char *tlimit,
                    ddz_solve_options *opt);
/* Parses ME ENEMY and the flags; returns 0, or the exit status after a one-line error. */
int ddz_solve_parse(int argc, char **argv, ddz_solve_args *a, int allow_strategy);
/* The move the side to move plays in a line of play (ddz_line.h): the shortest win when the
 * position is a win, else the longest defence, read from a table kept across calls. Returns
 * the outcome for the side to move; *out is unset on a timeout or error. */
ddz_outcome ddz_line_move(const ddz_solve_args *a, const ddz_position *p, ddz_move *out);
/* The position after the side to move plays m (me and enemy swap). */
ddz_position ddz_after(const ddz_position *p, const ddz_move *m);

#endif
