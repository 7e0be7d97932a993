/* Shared pieces of the mjverify command: the command table, option parsing, hand input. */
#ifndef MJ_CLI_H
#define MJ_CLI_H

#include <stdbool.h>
#include <stdio.h>

#include "mj_algo.h"
#include "mj_notation.h"
#include "mj_rules.h"
#include "helptext.h"
#include "output.h"

/* Exit codes: 0 fine, 1 a hand was bad or algorithms disagreed, 2 bad usage. */
enum { CLI_OK = 0, CLI_FAIL = 1, CLI_USAGE = 2 };

typedef struct {
    const char *name;
    const char *usage;   /* one line of flags */
    const char *summary; /* one line */
    int (*run)(int argc, char **argv);
} cli_command;

/* Prints "mjverify: <message>" and the command's usage to stderr; returns CLI_USAGE. */
int cli_usage_error(const char *command, const char *fmt, ...);

/* One flag a command takes: --name VALUE stores VALUE in *value; a flag without a value
 * (value NULL) sets *set instead, and with stop (e.g. --help) ends the parse there. */
typedef struct {
    const char *name;
    const char **value;
    bool *set;
    bool stop;
} cli_flag;
#define CLI_FLAG(n, v) {.name = (n), .value = (v)}   /* --n VALUE */
#define CLI_SWITCH(n, s) {.name = (n), .set = (s)}   /* --n alone */

/* Parses argv ("--flag value", "--flag=value", positionals; everything after "--" is
 * positional) against flags. Positionals go to pos (at most maxpos; "too_many" is the
 * error beyond that); with maxpos 0 any positional is an error. An unknown flag, a
 * missing value or a stray positional prints a usage error. CLI_OK or CLI_USAGE. */
int cli_parse_flags(const char *command, int argc, char **argv, const cli_flag *flags, size_t nflags,
                    const char **pos, size_t maxpos, size_t *npos, const char *too_many);

/* Parses a whole non-negative integer; false on junk or overflow past max. */
bool cli_parse_uint(const char *text, unsigned long max, unsigned long *out);

/* Calls fn on each hand: the positionals if any, else each non-empty line of stdin.
 * Returns fn's results OR-ed: nonzero if any call returned nonzero. */
typedef int (*cli_hand_fn)(const char *text, size_t len, void *ctx);
int cli_for_each_hand(int npositional, char **positionals, cli_hand_fn fn, void *ctx);

/* Writes s as a JSON string literal (with quotes) to out: quote, backslash, control bytes and
 * DEL escaped; a byte that is not part of valid UTF-8 becomes \u00HH, so any input is valid JSON. */
void cli_json_string(FILE *out, const char *s, size_t len);

/* Writes s for a TSV field: TAB, CR, LF, backslash, other control bytes and DEL as \xHH. */
void cli_tsv_field(FILE *out, const char *s, size_t len);

/* The per-hand output of the hand commands (check, waits, convert, shanten). Auto-detection
 * reads a hand of digits only as letters and an empty "[]" as hex: a warning on stderr says so
 * (nothing when notation is not AUTO). */
void cli_warn_ambiguous(const char *command, mj_notation notation, const char *text, size_t len);
/* The hand as given: TSV field and TAB, or {"hand":"..." (json). */
void cli_print_hand_prefix(bool json, const char *text, size_t len);
/* HAND<TAB>error<TAB>message, or the JSON error object (error code, offset, message); returns 1. */
int cli_report_hand_error(bool json, const char *text, size_t len, const char *code, size_t offset, const char *message);


/* ---- help: one text per command, used by --help, help CMD and the man page (help.c) ---- */
const cli_help *cli_help_find(const char *name);
void cli_help_print_command(FILE *out, const cli_help *h);
void cli_help_man_page(FILE *out);

#endif
