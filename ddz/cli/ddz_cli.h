/* The `ddz` command's subcommands: each lives in its own cmd_*.c and returns the exit status;
 * each one's flags (DDZ_USAGE_*, also in the usage errors) and its help text (help.c) are
 * written once, here and there. */
#ifndef DDZ_CLI_H
#define DDZ_CLI_H

#include <stddef.h>
#include <stdio.h>

#include "ddz_moves.h"

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
int ddz_cmd_deal(int argc, char **argv);    /* cmd_bench.c: ddz deal SEED N1 N2 [N3] */
int ddz_cmd_bench(int argc, char **argv);   /* cmd_bench.c: ddz bench SET_FILE... */
int ddz_cmd_batch(int argc, char **argv);   /* cmd_batch.c: ddz batch FILE|- (also ddz solve -) */
int ddz_bench3_is_set(const char *path);    /* cmd_bench3.c: the file says '# players: 3' */
int ddz_bench3(int argc, char **argv);      /* cmd_bench3.c: ddz bench on three-player sets */

/* Each command's arguments, one line (the synopsis of its help and of its usage errors). */
#define DDZ_USAGE_MOVES "HAND [--beat MOVE] [--rules R] [--json] | --all [--rules R|all] [--list] [--json] | --bench [--rules R]"
#define DDZ_USAGE_SOLVE                                                                                      \
    "ME ENEMY [--last MOVE] [--rules R] [--solver NAME] [--threads N] [--memory SIZE] [--time-limit S] " \
    "[--first] [--progress|--quiet] [--json] [--strategy FILE]"
#define DDZ_USAGE_BATCH                                                                                     \
    "FILE|- [--rules R] [--solver NAME] [--threads N] [--memory SIZE] [--time-limit S] [--first] [--line] " \
    "[--json]"
#define DDZ_USAGE_PLAY "ME ENEMY [--last MOVE] [--rules R] [--solver NAME] [--threads N] [--memory SIZE] [--time-limit S]"
#define DDZ_USAGE_VERIFY                                                                                          \
    "--moves [--max-cards N] [--rules R] | --positions [--max-cards N] [--max-total T] [--deck full|small] " \
    "[--rules R] [--solver all|none|NAME,...] [--threads N] [--memory SIZE] [--json FILE] [--report FILE] [--quiet] " \
    "| --positions3 [--max-cards N] [--deck small|full] [--rules R] [--solver all|none|NAME,...] [--threads N] "     \
    "[--report FILE] [--quiet]"
#define DDZ_USAGE_SOLVE3                                                                                          \
    "L F1 F2 [--turn L|F1|F2] [--last MOVE [--by L|F1|F2]] [--rules R] [--solver fast3|naive3] [--threads N] " \
    "[--memory SIZE] [--time-limit S] [--json] [--strategy FILE]"
#define DDZ_USAGE_CERTIFY "FILE [--rules R] [--me HAND] [--enemy HAND] [--last MOVE]"
#define DDZ_USAGE_DEAL "SEED N1 N2 [N3]"
#define DDZ_USAGE_BENCH                                                                                      \
    "SET_FILE... [--solver NAME[,NAME...]|all] [--threads LIST] [--time-limit S[,NAME=S...]] [--budget S] " \
    "[--memory SIZE] [--all-first-moves] [--csv FILE] [--summary FILE]"

/* args.c: reading a command line, the same way in every command. */
/* One flag: with a value (value set: *value = V from --name V or --name=V; given twice is an
 * error), or a switch (value NULL: *on = set, a value refused). */
typedef struct {
    const char *name; /* "--rules" */
    const char **value;
    int *on, set;
} ddz_flag;
/* A command's line: its name and usage (printed after each error line), its flags, where the
 * other words go (every word after "--" too). */
typedef struct {
    const char *cmd;      /* "solve": errors read "ddz solve: ..." */
    const char *usage;    /* the usage lines, newline-terminated */
    const ddz_flag *flags;
    size_t nflags;
    const char **args;    /* the words that are not flags, in order */
    int max_args;
    const char *too_many; /* the error for a word past max_args ("one FILE only; a second:") */
    int help;             /* nonzero: -h and --help print usage on standard output */
} ddz_cmdline;
/* Reads argv[1..]: 0 with *nargs words in c->args; -1 after the usage asked for (c->help); else
 * 2 after one error line ("ddz CMD: unknown flag '--x'") and the usage on standard error. */
int ddz_cmdline_read(const ddz_cmdline *c, int argc, char **argv, int *nargs);
/* "ddz CMD: WHAT 'ARG'" (ARG shown as ddz_put_shown does; left out when NULL) and the usage,
 * on standard error; returns 2, the exit status of bad usage. */
int ddz_usage_error(const char *cmd, const char *usage, const char *what, const char *arg);
/* SIZE: bytes, or a number with K, M or G (binary units), at most 1T; 0 or -1 when not one. */
int ddz_parse_size(const char *s, size_t *out);
/* A whole number lo..hi (0), or -1 when s is not one. */
int ddz_parse_count(const char *s, long lo, long hi, long *out);
/* Seconds: a finite number above 0 (0), or -1. */
int ddz_parse_seconds(const char *s, double *out);
/* --rules R (NULL: the default rules): 0, or 2 after "ddz CMD: --rules: reason". */
int ddz_read_rules(const char *cmd, const char *text, ddz_rules *out);
/* Seconds on the monotonic clock, for timing and deadlines. */
double ddz_now(void);

/* main.c: a command's DDZ_USAGE_* line ("[COMMAND]" for help, "" for an unknown name). */
const char *ddz_usage(const char *command);
/* main.c: writes the user's text into an error line, bytes other than printable ASCII as \xNN, so
 * that the error stays one line. */
void ddz_put_shown(FILE *out, const char *s);
/* help.c: prints the command's help (nothing for an unknown name); the manual page. */
void ddz_help_print(FILE *out, const char *command);
void ddz_help_man(FILE *out);

#endif
