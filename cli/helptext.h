/* The help both commands (mjverify, ddz) print: one text per command, shown by --help, -h and
 * `PROGRAM help CMD`, and turned into the man page, so that the three cannot drift apart. */
#ifndef MJ_CLI_HELPTEXT_H
#define MJ_CLI_HELPTEXT_H

#include <stddef.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

enum { CLI_HELP_MAX_FLAGS = 24, CLI_HELP_MAX_EXAMPLES = 4 };

/* One command's help; every text is plain (wrapped and escaped by the printers). */
typedef struct {
    const char *name;
    const char *what; /* a paragraph */
    struct {
        const char *flag, *text; /* "--rules R", and what it does with its default */
    } flags[CLI_HELP_MAX_FLAGS];
    const char *output; /* a paragraph on the output contract, or NULL */
    const char *examples[CLI_HELP_MAX_EXAMPLES];
} cli_help;

/* Prints "usage: PROGRAM NAME USAGE", the paragraph, the flags (then -h, --help), the output
 * paragraph and the examples, wrapped at 78 columns. */
void cli_help_print(FILE *out, const char *program, const char *usage, const cli_help *h);

/* A whole program's manual page. */
typedef struct {
    const char *program, *version;
    const char *title;       /* the NAME line after "PROGRAM \-" */
    const char *description; /* the DESCRIPTION paragraph */
    const cli_help *helps;   /* one per command, in the order of the SYNOPSIS */
    size_t nhelps;
    const char *(*usage)(const char *command); /* a command's one line of flags */
    struct {
        const char *title, *text; /* further sections (e.g. CARDS), NULL-terminated */
    } sections[8];
} cli_manual;

/* Writes the manual page (roff, section 1) built from the same texts as cli_help_print. */
void cli_help_man(FILE *out, const cli_manual *m);

#ifdef __cplusplus
}
#endif

#endif
