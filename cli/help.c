/* The one source of every command's help: printed by --help, -h and `mjverify help CMD`, and
 * turned into the man page by `mjverify help --man`, so the three cannot drift apart. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "mjverify_version.h"

extern const cli_command cli_commands[];
extern const size_t cli_command_count;

#define RULES_TEXT "rules preset (basic, sichuan, mediatek, riichi, sanma) or a form list such as std,7p,kongs (default basic)"
#define TILES_TEXT "tile set: 27 (no honors) or 34; default: the one the rules use"
#define NOTATION_TEXT                                                                                            \
    "input notation: auto, mpsz, letters, hex or unicode (default auto: a byte >= 0x80 is unicode, 0x is hex, " \
    "any of m p s z is mpsz, else letters; a hand of digits only or an empty [] is ambiguous and gets a warning)"
#define JSON_LINES_TEXT "one JSON object per hand instead of TSV; every input byte is escaped (see OUTPUT)"
#define THREADS_TEXT "worker threads, 0 = all cores, at most 1024 (default 0)"

/* Shared by check, waits and convert. */
#define HAND_OUTPUT                                                                                              \
    "One output line per non-blank input line (or argument). TSV: the hand as given, then the fields below; " \
    "in the echoed hand and in error messages a TAB, newline, carriage return, backslash, other control byte " \
    "or DEL is written as \\xHH, so a line never holds more fields than documented. A bad hand prints "          \
    "HAND<TAB>error<TAB>message, the batch goes on and the exit status is 1. With --json, bytes that are not "  \
    "valid UTF-8 are written as \\u00HH escapes. A write error on standard output (a full disk) is exit 1."

static const cli_help helps[] = {
    {"check",
     "Judges each hand: win or no. With several algorithms (--algo a,b or all) a hand they disagree on prints "
     "HAND<TAB>DISAGREE<TAB>name=result ... and the exit status is 1.",
     {{"--rules R", RULES_TEXT},
      {"--tiles 27|34", TILES_TEXT},
      {"--algo NAME,...|all", "algorithms to run (default backtrack); all = every unflagged one supporting the rules"},
      {"--plugin PATH,...", "load checker plugins (shared objects filling <mjverify_plugin.h>); each is the algorithm plugin:NAME, and the default --algo when --algo is not given"},
      {"--exec CMD", "ask the program CMD (started once with sh -c) over the line protocol of the README; it is the algorithm exec"},
      {"--notation N", NOTATION_TEXT},
      {"--explain", "add one decomposition of each winning hand as a third field"},
      {"--json", JSON_LINES_TEXT}},
     HAND_OUTPUT " Fields: win or no (then the decomposition with --explain).",
     {"mjverify check --rules mediatek ABCeee345456DD", "printf '123m456m789m111p22s\\n11111m\\n' | mjverify check --algo all"}},
    {"waits",
     "Prints the kinds that would complete each hand (in mpsz), or - for none.",
     {{"--rules R", RULES_TEXT},
      {"--tiles 27|34", TILES_TEXT},
      {"--algo NAME,...|all", "algorithms to run (default backtrack); all = every unflagged one supporting the rules"},
      {"--plugin PATH,...", "load checker plugins (shared objects filling <mjverify_plugin.h>); each is the algorithm plugin:NAME, and the default --algo when --algo is not given"},
      {"--exec CMD", "ask the program CMD (started once with sh -c) over the line protocol of the README; it is the algorithm exec"},
      {"--notation N", NOTATION_TEXT},
      {"--json", JSON_LINES_TEXT}},
     HAND_OUTPUT " Field: the waits in mpsz, or -.",
     {"mjverify waits 2222333m 1112345678999m"}},
    {"shanten",
     "Prints each hand's shanten number: the fewest tiles to exchange before the hand is ready (0), -1 when it "
     "is complete; for a hand of 3k+1 or 3k+2 tiles (1, 2, 4, 5, 7, 8, 10, 11, 13 or 14), the least number of "
     "tiles a complete hand of the rules' forms (of |h|+1 or |h| tiles, every count at most 4) holds beyond the "
     "hand, less one. Seven pairs and thirteen orphans count for hands of 13 and 14 tiles. With several "
     "calculators (--algo a,b or all) a hand they disagree on prints HAND<TAB>DISAGREE<TAB>name=result ... and "
     "the exit status is 1.",
     {{"--rules R", "rules: riichi (std, seven distinct pairs, thirteen orphans; the default), sichuan (std, seven "
                    "pairs with a quad as two), basic (std), or a form list from std,7p,7p4,13o; kong rules are refused"},
      {"--tiles 27|34", TILES_TEXT},
      {"--algo NAME,...|all", "calculators to run (default sh-table); all = every unflagged one supporting the rules "
                              "(mjverify algos lists them, flagged ports included)"},
      {"--effective", "add two fields: the effective tiles (kinds held fewer than 4 times that lower the shanten: "
                      "drawn, for 3k+1 hands; drawn after the best discard, for 3k+2) in mpsz, or -, and how many "
                      "copies of them are left (4 minus those held)"},
      {"--plugin PATH,...", "load shanten plugins (<mjverify_plugin.h> ABI 2, the shanten entry); each is the "
                            "calculator plugin:NAME, and the default --algo when --algo is not given"},
      {"--exec CMD", "ask the program CMD (started once with sh -c) over the line protocol of the README in mode "
                     "shanten (or effective with --effective); it is the calculator exec"},
      {"--notation N", NOTATION_TEXT},
      {"--json", JSON_LINES_TEXT}},
     HAND_OUTPUT " Fields: the shanten number; with --effective also the effective kinds in mpsz (sorted, - for "
     "none) and their remaining copies. A hand of another size is an error (bad-size).",
     {"mjverify shanten --effective 123456789m1134p", "printf '1111m\\n123456789m1111p\\n' | mjverify shanten --algo all"}},
    {"convert",
     "Rewrites each hand in canonical (sorted) form in another notation.",
     {{"--to N", "output notation: mpsz, letters, hex or unicode (required)"},
      {"--notation N", NOTATION_TEXT},
      {"--tiles 27|34", "tile set the hand must fit (default 34)"},
      {"--json", JSON_LINES_TEXT}},
     HAND_OUTPUT " Field: the hand in the --to notation.",
     {"mjverify convert --to hex ABCeee345456DD", "mjverify convert --to mpsz --notation letters 123"}},
    {"algos",
     "Lists the registered algorithms: name, rules, tile set, source, flagged (a port with a known flaw) or ok.",
     {{"--json", "one JSON object per algorithm"}},
     NULL,
     {"mjverify algos", "mjverify algos --json"}},
    {"bench",
     "Times the selected algorithms on generated workloads (or on hands from a file) and prints CSV.",
     {{"--algo all|NAME,...", "algorithms to time (default all, flagged ports included)"},
      {"--plugin PATH,...", "load checker plugins (shared objects filling <mjverify_plugin.h>); each is timed as plugin:NAME"},
      {"--workload all|hands|sizes|verify|NAME,...", "generated workloads (default all)"},
      {"--threads N", "threads for the verify workload, 1..1024 (default: all cores)"},
      {"--seed S", "seed of the generated hands (default 20261122)"},
      {"--reps R", "timed repetitions per measurement, 1..1000 (default 5); each round times every algorithm on every workload once, so a slow spell of the machine spoils one repetition of each, not all of one"},
      {"--csv FILE", "write the CSV to FILE (default standard output)"},
      {"--input FILE", "time the hands of FILE (one per line) instead of generated workloads"},
      {"--rules R", "rules of the --input hands (default riichi)"},
      {"--mode win|waits", "what to time on the --input hands (default win)"},
      {"--hands N", "hands per generated workload, 1..10000000 (default 8192)"},
      {"--rep-ms MS", "minimum milliseconds of one repetition, 1..60000 (default 50)"}},
     "CSV on standard output or --csv, progress on standard error; exit 1 if an unflagged algorithm gave a wrong "
     "answer or the CSV could not be written.",
     {"mjverify bench --workload hands --reps 3", "mjverify bench --input hands.txt --rules sichuan --csv out.csv"}},
    {"count",
     "Counts the hands of one size and how many of them win (or wait), by exhaustive enumeration.",
     {{"--size N", "hand size 1..18 (required)"},
      {"--tiles 9|27|34", "tile set: 9 = one suit, 27 or 34 (default: the one the rules use)"},
      {"--rules R", RULES_TEXT},
      {"--mode win|waits|shanten|effective", "count winning hands, waiting hands with a histogram of waits, or hands by shanten (default win)"},
      {"--threads N", THREADS_TEXT},
      {"--json", "one JSON object instead of text"}},
     NULL,
     {"mjverify count --size 14 --tiles 9", "mjverify count --size 13 --mode waits --json"}},
    {"verify",
     "Judges algorithms on every hand of the given sizes against the oracle's constructive truth, with progress, "
     "a resumable checkpoint, shards, a JSON summary and a Markdown report. Ctrl-C or SIGTERM stops within about "
     "a second, saving the checkpoint.",
     {{"--sizes A-B", "hand sizes, N or A-B within 1..18 (required; --size is the same)"},
      {"--tiles 9|27|34", "tile set: 9 = one suit, 27 or 34 (default: the one the rules use)"},
      {"--rules R", RULES_TEXT},
      {"--algo all|none|NAME,...", "candidates (default all: every algorithm that supports the rules, the "
                                   "flagged ports included; none: the truth alone)"},
      {"--mode win|waits|shanten|effective", "judge win/no, the exact set of waits, the shanten number (shanten calculators, and win checks as is_win:NAME by is_win == shanten -1), or the effective kinds (default win)"},
      {"--threads N", THREADS_TEXT},
      {"--json FILE", "write the JSON summary to FILE (- = standard output); then no Markdown report is written "
                      "unless --report is given"},
      {"--report FILE", "write the Markdown report to FILE (- = standard output)"},
      {"--report-dir DIR", "with neither --json nor --report, write both to DIR/verify-RULES-TILES-SIZES[-waits]"
                           "[-shardI-of-N].{json,md} (default reports)"},
      {"--checkpoint FILE", "save the state to FILE and resume from it when it exists (removed when the run ends)"},
      {"--checkpoint-every S", "seconds between checkpoints, 1..86400 (default 30)"},
      {"--shard I/N", "run only shard I of N (0 <= I < N); merge the summaries with mjverify merge"},
      {"--keep K", "counterexamples kept per algorithm and kind (default 10)"},
      {"--plugin PATH,...", "load checker plugins (shared objects filling <mjverify_plugin.h>); each is the algorithm plugin:NAME, and the default --algo when --algo is not given"},
      {"--exec CMD", "judge the program CMD over the line protocol instead: every hand of --sizes (exhaustive), then the --sample; runs alone (no --checkpoint, --shard, --json or --plugin)"},
      {"--exec-notation N", "notation of the hands sent to --exec (default mpsz)"},
      {"--exec-timeout S", "seconds without an answer before --exec is stopped (default 10)"},
      {"--batch N", "hands per --exec batch (default 4096)"},
      {"--sample N", "with --exec: N more hands drawn from a seeded stream weighted towards hard hands (labelled SAMPLED)"},
      {"--sample-sizes A-B", "sizes of the sampled hands (default 9-14)"},
      {"--seed S", "seed of the sample (printed in the report)"},
      {"--no-timings", "leave every timing and environment field (seconds, ns/hand, threads) out of the "
                       "summary, report and table (the version stays), so runs with other thread counts are byte-identical"}},
     "The table goes to standard output (to standard error when --json - or --report - takes it). Exit 0 if every unflagged algorithm agreed on every hand, 1 if one "
     "disagreed or a file could not be written, 2 on bad usage, 130 when interrupted.",
     {"mjverify verify --sizes 1-8 --rules sichuan", "mjverify verify --sizes 14 --checkpoint run.ckpt --json run.json"}},
    {"merge",
     "Merges the JSON summaries written by verify --shard into one result.",
     {{"--json FILE", "write the merged JSON summary to FILE (- = standard output)"},
      {"--report FILE", "write the Markdown report to FILE (- = standard output)"},
      {"--report-dir DIR", "with neither --json nor --report, write both under DIR (default reports)"},
      {"--no-timings", "leave timing and environment fields out, as verify does"}},
     NULL,
     {"mjverify merge shard0.json shard1.json --json all.json"}},
    {"help",
     "Prints the help of a command, or the list of commands.",
     {{"--man", "print the manual page (roff) built from this same text"}},
     NULL,
     {"mjverify help verify"}},
};

const cli_help *cli_help_find(const char *name)
{
    for (size_t i = 0; i < sizeof helps / sizeof helps[0]; i++)
        if (strcmp(helps[i].name, name) == 0) return &helps[i];
    return NULL;
}

static const char *usage_of(const char *name)
{
    for (size_t i = 0; i < cli_command_count; i++)
        if (strcmp(cli_commands[i].name, name) == 0) return cli_commands[i].usage;
    return "[COMMAND]";
}

void cli_help_print_command(FILE *out, const cli_help *h) { cli_help_print(out, "mjverify", usage_of(h->name), h); }

void cli_help_man_page(FILE *out)
{
    const cli_manual m = {
        .program = "mjverify",
        .version = MJVERIFY_VERSION_STRING,
        .title = "verify mahjong win-check algorithms exhaustively",
        .description = "Hands come from the arguments, else one per line from standard input. Exit status: 0 fine, 1 "
                       "a hand was bad or algorithms disagreed or output failed, 2 bad usage. A file flag given - "
                       "writes standard output; a file path is checked before the work starts; a device, FIFO or "
                       "symbolic link given as a file is written, never replaced.",
        .helps = helps,
        .nhelps = sizeof helps / sizeof helps[0],
        .usage = usage_of,
    };
    cli_help_man(out, &m);
}
