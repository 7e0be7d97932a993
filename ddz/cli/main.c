/* ddz: the Dou Dizhu command's table of subcommands and the dispatch to one function each. */
#include <stdio.h>
#include <string.h>

#include "ddz_cli.h"
#include "mjverify_version.h"
#include "output.h"

typedef struct {
    const char *name;
    const char *usage;   /* the flags, one line */
    const char *summary; /* one line */
    int (*run)(int argc, char **argv);
} ddz_command;

/* One row per subcommand; each one's full text is in help.c. */
static const ddz_command commands[] = {
    {"moves", DDZ_USAGE_MOVES,
     "every legal move of a hand (or every answer to MOVE); --all counts every move of the deck by type",
     ddz_cmd_moves},
    {"solve", DDZ_USAGE_SOLVE,
     "decides the position for ME (to move): win or loss, every winning first move, a line of play", ddz_cmd_solve},
    {"solve3", DDZ_USAGE_SOLVE3,
     "three players (landlord L against farmers F1, F2): the winning side, every winning move of the seat to move, a line of play",
     ddz_cmd_solve3},
    {"play", DDZ_USAGE_PLAY, "play ENEMY's hand against the solver (one move a line on stdin)", ddz_cmd_play},
    {"verify", DDZ_USAGE_VERIFY,
     "the generator against the oracle's recogniser on every small hand; every solver against the retrograde oracle",
     ddz_cmd_verify},
    {"certify", DDZ_USAGE_CERTIFY,
     "checks a strategy certificate (ddz solve --strategy) with the oracle's recogniser: exit 0 certified, 1 rejected",
     ddz_cmd_certify},
    {"deal", DDZ_USAGE_DEAL, "a seeded deal: ME the first N1 cards of a shuffled deck, ENEMY the next N2 (with N3: L, F1, F2 for three players)",
     ddz_cmd_deal},
    {"batch", DDZ_USAGE_BATCH,
     "solves the positions of a set file or standard input, several at once, one TSV or JSON line each",
     ddz_cmd_batch},
    {"bench", DDZ_USAGE_BENCH,
     "times the solvers on sets of positions (ddz/bench/) under a time cap and a total budget, as CSV", ddz_cmd_bench},
};
static const size_t ncommands = sizeof commands / sizeof commands[0];

static void print_usage(FILE *out)
{
    fputs("usage: ddz COMMAND [FLAGS] ...   (ddz help COMMAND or ddz COMMAND --help for every flag; ddz --version)\n"
          "Dou Dizhu open-card endgames, two players (solve) or three (solve3): every hand known, the first\n"
          "to empty a hand wins\n\n",
          out);
    for (size_t i = 0; i < ncommands; i++)
        fprintf(out, "  %-8s %s\n           ddz %s %s\n", commands[i].name, commands[i].summary, commands[i].name,
                commands[i].usage);
    fputs("\ncards: 3456789TJQKA2XD (ten also 10 or 0; small joker X or Y; big joker D or Z; any case;\n"
          "       spaces and commas ignored); at most 20 cards a hand\n"
          "moves: pass, the cards (345678), or TYPE:CARDS (plane1:33344456)\n"
          "rules: rlcard (default) or douzero, then switches no-TYPE (rlcard,no-four2,no-four22)\n",
          out);
}

static const ddz_command *find(const char *name)
{
    for (size_t i = 0; i < ncommands; i++)
        if (strcmp(name, commands[i].name) == 0)
            return &commands[i];
    return NULL;
}

const char *ddz_usage(const char *command)
{
    const ddz_command *c = find(command);
    return c ? c->usage : strcmp(command, "help") == 0 ? "[COMMAND | --man]" : "";
}

/* `help`, `help CMD`, `help --man`. */
static int run_help(int argc, char **argv)
{
    if (argc == 0) {
        print_usage(stdout);
        return 0;
    }
    if (strcmp(argv[0], "--man") == 0) {
        ddz_help_man(stdout);
        return 0;
    }
    if (!find(argv[0]) && strcmp(argv[0], "help") != 0) {
        fprintf(stderr, "ddz: help: no command named '%s'\n", argv[0]);
        print_usage(stderr);
        return 2;
    }
    ddz_help_print(stdout, argv[0]);
    return 0;
}

/* -h or --help anywhere before "--" asks for the command's help. */
static int wants_help(int argc, char **argv)
{
    for (int i = 0; i < argc && strcmp(argv[i], "--") != 0; i++)
        if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0)
            return 1;
    return 0;
}

static int dispatch(int argc, char **argv)
{
    if (argc < 2) {
        print_usage(stderr);
        return 2;
    }
    if (strcmp(argv[1], "--version") == 0 || strcmp(argv[1], "version") == 0) {
        printf("ddz (mjverify) %s (%s)\n", MJVERIFY_VERSION_STRING, MJVERIFY_GIT_COMMIT);
        return 0;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)
        return run_help(0, NULL);
    if (strcmp(argv[1], "help") == 0)
        return run_help(argc - 2, argv + 2);
    const ddz_command *c = find(argv[1]);
    if (c) {
        if (wants_help(argc - 2, argv + 2)) {
            ddz_help_print(stdout, c->name);
            return 0;
        }
        return c->run(argc - 1, argv + 1);
    }
    fprintf(stderr, "ddz: unknown command '%s'\n", argv[1]);
    print_usage(stderr);
    return 2;
}

int main(int argc, char **argv)
{
    cli_out_program("ddz");
    /* every command's standard output is checked once here: a full disk or a closed pipe is an
     * error (one line, exit 1), never a silent exit 0 */
    return cli_out_exit(dispatch(argc, argv));
}

void ddz_put_shown(FILE *out, const char *s)
{
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c >= 0x20 && c < 0x7f)
            fputc(c, out);
        else
            fprintf(out, "\\x%02x", c);
    }
}
