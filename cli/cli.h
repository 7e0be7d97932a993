/* Shared pieces of the mjverify command: the command table, option parsing, hand input. */
#ifndef MJ_CLI_H
#define MJ_CLI_H

#include <stdbool.h>
#include <stdio.h>

#include "mj_algo.h"
#include "mj_notation.h"
#include "mj_rules.h"

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

/* Iterates over argv as "--flag value", "--flag=value" or a positional argument.
 * cli_next returns false at the end. For a flag, *flag is its name (without --) and
 * *value the value if cli_value is called. */
typedef struct {
    int argc, i;
    char **argv;
    const char *command;
    char *inline_value; /* from --flag=value */
    bool only_positional; /* after "--" */
} cli_args;

void cli_args_init(cli_args *a, const char *command, int argc, char **argv);
/* Returns 1 for a flag (*name set), 0 for a positional (*name NULL, *value set), -1 at end. */
int cli_next(cli_args *a, const char **name, const char **value);
/* The value of the flag just returned; NULL (and a usage error printed) when missing. */
const char *cli_value(cli_args *a, const char *name);
/* Parses a whole non-negative integer; false on junk or overflow past max. */
bool cli_parse_uint(const char *text, unsigned long max, unsigned long *out);

/* Calls fn on each hand: the positionals if any, else each non-empty line of stdin.
 * Returns fn's results OR-ed: nonzero if any call returned nonzero. */
typedef int (*cli_hand_fn)(const char *text, size_t len, void *ctx);
int cli_for_each_hand(int npositional, char **positionals, cli_hand_fn fn, void *ctx);

/* Writes s as a JSON string literal (with quotes) to out. */
void cli_json_string(FILE *out, const char *s, size_t len);

#endif
