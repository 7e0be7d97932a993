/* mjverify: the command table and dispatch to one function per subcommand. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "mjverify_version.h"
#ifdef MJ_MPI
#include "mpi_verify.h"
#endif

int cli_cmd_check(int argc, char **argv);
int cli_cmd_waits(int argc, char **argv);
int cli_cmd_convert(int argc, char **argv);
int cli_cmd_algos(int argc, char **argv);
int cli_cmd_bench(int argc, char **argv);
int cli_cmd_count(int argc, char **argv);
int cli_cmd_verify(int argc, char **argv);
int cli_cmd_merge(int argc, char **argv);
int cli_cmd_shanten(int argc, char **argv);

#define HAND_FLAGS "[--rules R] [--tiles 27|34] [--algo NAME,...|all] [--notation N] [--json]"

/* One row per subcommand. */
const cli_command cli_commands[] = {
    {"check",   HAND_FLAGS " [--plugin PATH,...] [--exec CMD] [--explain] [HAND...]", "win or no for each hand", cli_cmd_check},
    {"waits",   HAND_FLAGS " [--plugin PATH,...] [--exec CMD] [HAND...]", "the kinds that would complete each hand", cli_cmd_waits},
    {"shanten", "[--rules R] [--tiles 27|34] [--algo NAME,...|all] [--effective] [--plugin PATH,...] [--exec CMD] [--notation N] [--json] [HAND...]", "shanten number (and effective tiles) of each hand", cli_cmd_shanten},
    {"convert", "--to mpsz|letters|hex|unicode [--notation N] [--tiles 27|34] [--json] [HAND...]", "rewrite hands in another notation", cli_cmd_convert},
    {"algos",   "[--json]", "list the registered algorithms", cli_cmd_algos},
    {"bench",   "[--algo all|NAME,...] [--workload all|hands|sizes|verify|NAME,...] [--threads N] [--seed S] [--reps R] [--csv FILE] [--input FILE [--rules R] [--mode win|waits]] [--hands N] [--rep-ms MS] [--plugin PATH,...]", "time the algorithms on generated or given hands, CSV out", cli_cmd_bench},
    {"count",   "--size N [--tiles 9|27|34] [--rules R] [--mode win|waits|shanten|effective] [--threads N] [--json]", "how many hands of a size there are and how many win (or wait)", cli_cmd_count},
    {"verify",  "--sizes A-B [--tiles 9|27|34] [--rules R] [--algo all|none|NAME,...] [--mode win|waits|shanten|effective] [--threads N] [--json FILE] [--report FILE] [--report-dir DIR] [--checkpoint FILE] [--checkpoint-every S] [--shard I/N] [--keep K] [--no-timings] [--plugin PATH,...] [--exec CMD [--exec-notation N] [--exec-timeout S] [--batch N] [--sample N [--sample-sizes A-B] [--seed S]]]", "judge algorithms on every hand against the oracle", cli_cmd_verify},
    {"merge",   "[--json FILE] [--report FILE] [--report-dir DIR] [--no-timings] SUMMARY.json...", "merge the JSON summaries of a verify run's shards", cli_cmd_merge},
};
const size_t cli_command_count = sizeof cli_commands / sizeof cli_commands[0];

static void print_usage(FILE *out)
{
    fputs("usage: mjverify COMMAND [FLAGS] [HAND...]\n"
          "hands come from the arguments, else one per line from standard input\n\n", out);
    for (size_t i = 0; i < cli_command_count; i++)
        fprintf(out, "  %-8s %s\n           %s\n", cli_commands[i].name, cli_commands[i].summary, cli_commands[i].usage);
    fputs("\nrules: basic, sichuan, mediatek, riichi, sanma, or forms std,7p,7p4,kongs,13o\n"
          "notations: mpsz (123m456p), letters (ABCabc123), hex ([0x01,0x11]), unicode (\xf0\x9f\x80\x87)\n"
          "mjverify help COMMAND (or COMMAND --help) for every flag and its default; mjverify --version\n", out);
}

static void print_version(void)
{
    printf("mjverify %s (commit %s)\n", MJVERIFY_VERSION_STRING, MJVERIFY_GIT_COMMIT);
}

/* `help`, `help CMD`, `help --man`. */
static int run_help(int argc, char **argv)
{
    if (argc == 0) {
        print_usage(stdout);
        return CLI_OK;
    }
    if (strcmp(argv[0], "--man") == 0) {
        cli_help_man_page(stdout);
        return CLI_OK;
    }
    const cli_help *h = cli_help_find(argv[0]);
    if (!h) {
        fprintf(stderr, "mjverify: help: no command named '%s'\n", argv[0]);
        print_usage(stderr);
        return CLI_USAGE;
    }
    cli_help_print_command(stdout, h);
    return CLI_OK;
}

/* -h or --help anywhere before "--" asks for the command's help, never for a hand. */
static bool wants_help(int argc, char **argv)
{
    for (int i = 0; i < argc && strcmp(argv[i], "--") != 0; i++)
        if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) return true;
    return false;
}

static int dispatch(int argc, char **argv)
{
    if (argc < 2) {
        print_usage(stderr);
        return CLI_USAGE;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) return run_help(0, NULL);
    if (strcmp(argv[1], "help") == 0) return run_help(argc - 2, argv + 2);
    if (strcmp(argv[1], "--version") == 0 || strcmp(argv[1], "version") == 0) {
        print_version();
        return CLI_OK;
    }
    for (size_t i = 0; i < cli_command_count; i++)
        if (strcmp(argv[1], cli_commands[i].name) == 0) {
            if (wants_help(argc - 2, argv + 2)) {
                cli_help_print_command(stdout, cli_help_find(cli_commands[i].name));
                return CLI_OK;
            }
            return cli_commands[i].run(argc - 2, argv + 2);
        }
    fprintf(stderr, "mjverify: unknown command '%s'\n", argv[1]);
    print_usage(stderr);
    return CLI_USAGE;
}

int main(int argc, char **argv)
{
#ifdef MJ_MPI
    cli_mpi_begin(&argc, &argv);
#endif
    cli_out_program("mjverify");
    int rc = dispatch(argc, argv);
    /* every command's standard output is checked once here: a full disk or a closed pipe is an
     * error, not a silent exit 0 */
    rc = cli_out_exit(rc);
#ifdef MJ_MPI
    rc = cli_mpi_end(rc);
#endif
    return rc;
}
