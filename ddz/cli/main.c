/* ddz: the Dou Dizhu command's table of subcommands and the dispatch to one function each. */
#include <stdio.h>
#include <string.h>

#include "ddz_cli.h"
#include "mjverify_version.h"

typedef struct {
    const char *name;
    const char *usage;   /* the flags, one line */
    const char *summary; /* one line */
    int (*run)(int argc, char **argv);
} ddz_command;

/* One row per subcommand. */
static const ddz_command commands[] = {
    {"moves", "HAND [--beat MOVE] [--rules R] [--json] | --all [--rules R|all] [--list] [--json] | --bench [--rules R]",
     "every legal move of a hand (or every answer to MOVE); --all counts every move of the deck by type",
     ddz_cmd_moves},
    {"solve", "ME ENEMY [--last MOVE] [--rules R] [--solver NAME] [--threads N] [--memory SIZE] [--time-limit S] [--json] [--strategy FILE]",
     "decides the position for ME (to move): win or loss, every winning first move, a line of play", ddz_cmd_solve},
    {"solve3", "L F1 F2 [--turn L|F1|F2] [--last MOVE [--by L|F1|F2]] [--rules R] [--solver fast3|naive3] [--threads N] [--memory SIZE] [--time-limit S] [--json] [--strategy FILE]",
     "three players (landlord L against farmers F1, F2): the winning side, every winning move of the seat to move, a line of play",
     ddz_cmd_solve3},
    {"play", "ME ENEMY [--last MOVE] [--rules R] [--solver NAME] [--threads N] [--memory SIZE] [--time-limit S]",
     "play ENEMY's hand against the solver's line (one move a line on stdin)", ddz_cmd_play},
    {"verify", "--moves [--max-cards N] [--rules R] | --positions [--max-cards N] [--max-total T] [--deck full|small] [--rules R] [--solver all|none|NAME,...] [--threads N] [--memory SIZE] [--json FILE] [--report FILE] [--quiet]",
     "the generator against the oracle's recogniser on every small hand; every solver against the retrograde oracle",
     ddz_cmd_verify},
    {"certify", "FILE [--rules R] [--me HAND] [--enemy HAND] [--last MOVE]",
     "checks a strategy certificate (ddz solve --strategy) with the oracle's recogniser: exit 0 certified, 1 rejected",
     ddz_cmd_certify},
    {"deal", "SEED N1 N2 [N3]", "a seeded deal: ME the first N1 cards of a shuffled deck, ENEMY the next N2 (with N3: L, F1, F2 for three players)",
     ddz_cmd_deal},
    {"bench", "SET_FILE... [--solver NAME[,NAME...]|all] [--threads LIST] [--time-limit S[,NAME=S...]] [--budget S] [--memory SIZE] [--all-first-moves] [--csv FILE] [--summary FILE]",
     "times the solvers on sets of positions (ddz/bench/) under a time cap and a total budget, as CSV", ddz_cmd_bench},
};
static const size_t ncommands = sizeof commands / sizeof commands[0];

static void print_usage(FILE *out)
{
    fputs("usage: ddz COMMAND [FLAGS] ...   (ddz help COMMAND, ddz --version)\n"
          "Dou Dizhu two-player open-card endgames: both hands known, the first to empty their hand wins\n\n",
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

int main(int argc, char **argv)
{
    const ddz_command *c;
    if (argc < 2) {
        print_usage(stderr);
        return 2;
    }
    if (strcmp(argv[1], "--version") == 0 || strcmp(argv[1], "version") == 0) {
        printf("ddz (mjverify) %s (%s)\n", MJVERIFY_VERSION_STRING, MJVERIFY_GIT_COMMIT);
        return 0;
    }
    if (strcmp(argv[1], "help") == 0 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        if (argc > 2) {
            c = find(argv[2]);
            if (!c) {
                fprintf(stderr, "ddz: unknown command '%s'\n", argv[2]);
                print_usage(stderr);
                return 2;
            }
            printf("usage: ddz %s %s\n%s\n", c->name, c->usage, c->summary);
            return 0;
        }
        print_usage(stdout);
        return 0;
    }
    c = find(argv[1]);
    if (c)
        return c->run(argc - 1, argv + 1);
    fprintf(stderr, "ddz: unknown command '%s'\n", argv[1]);
    print_usage(stderr);
    return 2;
}
