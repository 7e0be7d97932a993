/* The output layer of both commands, mjverify and ddz: every file a command writes and its
 * standard output go through here, so that a failed write is never silent and a path given
 * as output is never replaced by something of another kind. */
#ifndef MJ_CLI_OUTPUT_H
#define MJ_CLI_OUTPUT_H

#include <stdbool.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The contract, the same for every command of both programs:
 * - "-" means standard output (never a file named "-").
 * - A regular file (or a path that does not exist yet) is written to a temporary file beside it,
 *   renamed over it only once everything was written and closed: a failed or interrupted run
 *   leaves the old file as it was. With CLI_OUT_IN_PLACE (a stream such as a CSV that grows
 *   row by row and should survive an interrupt) it is written in place instead.
 * - Anything else is written in place, never replaced or deleted: a device (/dev/full,
 *   /dev/null), a FIFO, a terminal; a symbolic link is written through (its target gets the
 *   text, the link stays a link).
 * - A failed write, flush, close or rename prints one line naming the output and the reason,
 *   and the command exits 1.
 * Error lines start with the program's name (cli_out_program) and, where given, the command
 * and the flag: "ddz verify: --json 'x.json': error writing: No space left on device". */

/* Sets the first word of every error line ("mjverify" or "ddz"); call once at the start of main. */
void cli_out_program(const char *name);

/* Checks, before the work starts, that path could be written (creating nothing that stays): "-"
 * always; an existing path that is not a directory and is writable; a new path whose folder
 * exists and takes a new file. false after one line on stderr naming command, flag and why. */
bool cli_out_check(const char *command, const char *flag, const char *path);

enum { CLI_OUT_REPLACE = 0, CLI_OUT_IN_PLACE = 1 };

/* One output being written; fill it with cli_out_open, write to .f, end with cli_out_close. */
typedef struct {
    FILE *f;            /* the stream to write (stdout for "-") */
    const char *path;   /* as given */
    const char *command, *flag; /* for the error lines; either may be NULL */
    char *tmp;          /* the temporary file renamed over path at close, or NULL (in place) */
} cli_out;

/* Opens path for writing as the contract above says; mode is CLI_OUT_REPLACE or
 * CLI_OUT_IN_PLACE (used only for a regular or new file). The strings must outlive o.
 * Returns true, or false after one line on stderr (o->f is then NULL). */
bool cli_out_open(cli_out *o, const char *command, const char *flag, const char *path, int mode);

/* Flushes and closes o (stdout is only flushed) and renames the temporary file over the path.
 * Returns 0, or 1 after one line on stderr; on a failure the temporary file is removed and the
 * path keeps what it held. o is finished either way. */
int cli_out_close(cli_out *o);

/* Gives o up (an interrupted or failed run): closes it and removes the temporary file, so that
 * the path keeps what it held. A stream written in place keeps what was written. */
void cli_out_discard(cli_out *o);

/* Checks standard output at the end of main: 0 when every write to it went through, else 1
 * after "PROGRAM: error writing 'standard output': REASON". Returns the exit status to use:
 * rc, or 1 when rc was 0 and standard output failed. */
int cli_out_exit(int rc);

#ifdef __cplusplus
}
#endif

#endif
