/* mjverify: the command table and dispatch to one function per subcommand. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
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

#define HAND_FLAGS "[--rules R] [--tiles 27|34] [--algo NAME,...|all] [--notation N] [--json]"

/* One row per subcommand. */
const cli_command cli_commands[] = {
    {"check",   HAND_FLAGS " [--explain] [HAND...]", "win or no for each hand", cli_cmd_check},
    {"waits",   HAND_FLAGS " [HAND...]", "the kinds that would complete each hand", cli_cmd_waits},
    {"convert", "--to mpsz|letters|hex|unicode [--notation N] [--tiles 27|34] [--json] [HAND...]", "rewrite hands in another notation", cli_cmd_convert},
    {"algos",   "[--json]", "list the registered algorithms", cli_cmd_algos},
    {"bench",   "[--algo all|NAME,...] [--workload all|hands|sizes|verify|NAME,...] [--threads N] [--seed S] [--reps R] [--csv FILE] [--input FILE [--rules R] [--mode win|waits]] [--hands N] [--rep-ms MS]", "time the algorithms on generated or given hands, CSV out", cli_cmd_bench},
    {"count",   "--size N [--tiles 9|27|34] [--rules R] [--mode win|waits] [--threads N] [--json]", "how many hands of a size there are and how many win (or wait)", cli_cmd_count},
    {"verify",  "--sizes A-B [--tiles 9|27|34] [--rules R] [--algo all|none|NAME,...] [--mode win|waits] [--threads N] [--json FILE] [--checkpoint FILE] [--shard I/N] [--report-dir DIR] [--keep K]", "judge algorithms on every hand against the oracle", cli_cmd_verify},
    {"merge",   "[--json FILE] [--report-dir DIR] SUMMARY.json...", "merge the JSON summaries of a verify run's shards", cli_cmd_merge},
};
const size_t cli_command_count = sizeof cli_commands / sizeof cli_commands[0];

static void print_usage(FILE *out)
{
    fputs("usage: mjverify COMMAND [FLAGS] [HAND...]\n"
          "hands come from the arguments, else one per line from standard input\n\n", out);
    for (size_t i = 0; i < cli_command_count; i++)
        fprintf(out, "  %-8s %s\n           %s\n", cli_commands[i].name, cli_commands[i].summary, cli_commands[i].usage);
    fputs("\nrules: basic, sichuan, mediatek, riichi, or forms std,7p,7p4,kongs,13o\n"
          "notations: mpsz (123m456p), letters (ABCabc123), hex ([0x01,0x11]), unicode (\xf0\x9f\x80\x87)\n", out);
}

static int run(int argc, char **argv)
{
    if (argc < 2) {
        print_usage(stderr);
        return CLI_USAGE;
    }
    if (strcmp(argv[1], "help") == 0 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        print_usage(stdout);
        return CLI_OK;
    }
    for (size_t i = 0; i < cli_command_count; i++)
        if (strcmp(argv[1], cli_commands[i].name) == 0) return cli_commands[i].run(argc - 2, argv + 2);
    fprintf(stderr, "mjverify: unknown command '%s'\n", argv[1]);
    print_usage(stderr);
    return CLI_USAGE;
}

int main(int argc, char **argv)
{
#ifdef MJ_MPI
    cli_mpi_begin(&argc, &argv);
    return cli_mpi_end(run(argc, argv));
#else
    return run(argc, argv);
#endif
}
