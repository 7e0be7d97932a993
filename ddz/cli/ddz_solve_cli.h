/* What `ddz solve` and `ddz play` share (cmd_solve.c): parsing a position and its flags, and
 * choosing the winner's move and the loser's resistance along a line of play; and what ddz solve
 * and ddz solve3 share (solve_out.c): their first moves' output and the strategy file's frame. */
#ifndef DDZ_SOLVE_CLI_H
#define DDZ_SOLVE_CLI_H

#include <stdint.h>
#include <stdio.h>

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
    int fewest_answers;   /* the strategy's second way (cmd_solve.c, winning_move) */
    int search_cards;     /* > 0: positions of at most this many cards are left to the checker */
    char *header;         /* the strategy file's header (its version is 3 once search_cards is set) */
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

/* solve_out.c: what ddz solve and ddz solve3 write alike. */
/* "win", "loss", "timeout" or "error". */
const char *ddz_outcome_name(ddz_outcome o);
/* " MOVE MOVE ...": the winning first moves, for a text line. */
void ddz_print_winning_moves(const ddz_result *res);
/* "first_moves":[{"move":M,"wins":true|false|null},...],"winning_moves":[M,...] on stdout. */
void ddz_json_first_moves(const ddz_result *res);

/* The strategy certificate's positions, numbered 1, 2, ... in the order first met (the order the
 * nodes are written): a hash map over a game's positions (`size` bytes each, compared and hashed
 * by the game). Start from {size, hash, same} with the rest zero. */
typedef struct {
    size_t size;
    size_t (*hash)(const void *pos);
    int (*same)(const void *x, const void *y);
    unsigned char *pos; /* node i + 1 is the position at pos + i * size */
    size_t n, cap;
    uint32_t *slot;     /* open addressing: node number, 0 empty */
    size_t nslots;      /* a power of two, at most half full */
    int full;           /* ddz_strategy_link met the bound of nodes */
} ddz_dag;
/* The node number of p (1-based), added when new; 0 when out of memory or past max nodes. */
uint32_t ddz_dag_node(ddz_dag *d, const void *p, size_t max);
void *ddz_dag_at(const ddz_dag *d, size_t i); /* node i + 1's position */
void ddz_dag_free(ddz_dag *d);

/* Writes node i + 1 of the strategy (its position is ddz_dag_at(d, i)) with its lines, adding
 * the positions they lead to (ddz_strategy_link); 0, or -1 with why filled. */
typedef int (*ddz_strategy_node)(FILE *f, void *ctx, ddz_dag *d, size_t i, char *why, size_t cap, size_t *replies);
/* "KIND MOVE -> NODE" for the line to pos (numbered when new): 0, or -1 with why filled (past the
 * checker's bound of nodes, or out of memory). */
int ddz_strategy_link(FILE *f, ddz_dag *d, const char *kind, const char *move, const void *pos, char *why,
                      size_t cap);
/* Writes --strategy PATH (the output layer: checked writes, - for stdout): the header, the nodes
 * from root breadth first (positions: an empty map of the game's positions), `end N`, and "ddz
 * CMD: --strategy 'PATH': N nodes, R replies, T s" on stderr. When the nodes pass the checker's
 * bound and again is not NULL, again(ctx) may switch the game to another way of choosing the
 * winner's moves (it returns a phrase naming it, or NULL for none; it may rewrite the text at
 * header, which the caller owns, as ddz solve changes the version there): the file is then written
 * anew from the root, after a line on stderr saying so (not for standard output, already
 * written). Returns 0 written, -1 when a node failed ("... not written: why" said, nothing left
 * at PATH), 1 when the file could not be opened or written (said). */
int ddz_strategy_write(const char *cmd, const char *path, const char *header, const ddz_dag *positions,
                       const void *root, ddz_strategy_node node, const char *(*again)(void *ctx), void *ctx);

#endif
