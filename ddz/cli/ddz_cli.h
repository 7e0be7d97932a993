/* The `ddz` command's subcommands: each lives in its own cmd_*.c and returns the exit status. */
#ifndef DDZ_CLI_H
#define DDZ_CLI_H

/* argv[0] is the subcommand name; the same conventions as mjverify: results on stdout,
 * one-line errors on stderr, exit 0 ok, 1 a bad hand/position or a failed check, 2 a bad flag. */
int ddz_cmd_moves(int argc, char **argv);   /* cmd_moves.c: ddz moves HAND [--beat MOVE] | --all */
int ddz_cmd_solve(int argc, char **argv);   /* cmd_solve.c: ddz solve ME ENEMY [--last MOVE] ... */
int ddz_cmd_play(int argc, char **argv);    /* cmd_play.c: ddz play ME ENEMY */
int ddz_cmd_verify(int argc, char **argv);  /* cmd_verify.c: ddz verify (oracle vs solvers) */
int ddz_verify_positions(int argc, char **argv); /* verify_positions.c: ddz verify --positions */
int ddz_verify_positions3(int argc, char **argv); /* verify_positions3.c: ddz verify --positions3 */
int ddz_cmd_solve3(int argc, char **argv);  /* cmd_solve3.c: ddz solve3 L F1 F2 [--turn S] ... */
int ddz_cmd_certify(int argc, char **argv); /* cmd_certify.c: ddz certify STRATEGY-FILE */
int ddz_cmd_deal(int argc, char **argv);    /* cmd_bench.c: ddz deal SEED N1 N2 */
int ddz_cmd_bench(int argc, char **argv);   /* cmd_bench.c: ddz bench SET_FILE... */
int ddz_cmd_deal3(int argc, char **argv);   /* cmd_bench3.c: ddz deal SEED N1 N2 N3 */
int ddz_bench3_is_set(const char *path);    /* cmd_bench3.c: the file says '# players: 3' */
int ddz_bench3(int argc, char **argv);      /* cmd_bench3.c: ddz bench on three-player sets */

#endif
