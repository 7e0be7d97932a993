/* The one help text of each ddz command: printed by `ddz help CMD`, `ddz CMD --help` (or -h)
 * and turned into the man page by `ddz help --man` (cli/helptext.c prints all three). */
#include <string.h>

#include "ddz_cli.h"
#include "helptext.h"
#include "mjverify_version.h"

#define RULES_TEXT                                                                                               \
    "the kicker convention, rlcard or douzero, then optional switches no-TYPE that forbid a move type "         \
    "(rlcard,no-four2,no-four22) (default rlcard)"
#define SOLVER_TEXT "the solver: fast (exact, parallel), naive (exact, plain) or seed004 (flagged: a known-wrong port) (default fast)"
#define THREADS_TEXT "threads of the fast solver, 0 = all cores, at most 256 (default 0)"
#define MEMORY_TEXT                                                                                              \
    "bound on the transposition tables, bytes or with K, M, G (default: the fast solver's, 8M up to 20 cards " \
    "in all, 32M to 26, 64M to 30, else 256M)"
#define TIME_TEXT "seconds after which the solve stops undecided (outcome: timeout); default none"
#define LAST_TEXT "the move ME answers (pass, the cards such as 34567, or TYPE:CARDS); default: ME leads"

static const cli_help helps[] = {
    {"moves",
     "Lists every legal move of HAND, one TYPE:CARDS a line (leading: every distinct move; answering --beat: "
     "pass first, then every move that beats it). --all counts the distinct moves of at most 20 cards the "
     "whole 54-card deck holds, by type (rlcard's published 27,472 actions are its 27,471 plus pass); --bench "
     "times the generator.",
     {{"--beat MOVE", "list the answers to MOVE instead of the leads (default: leading)"},
      {"--rules R", RULES_TEXT "; with --all, all gives a column per convention"},
      {"--json", "one JSON object: hand, rules, beat, count and the moves (with --all: the counts by type)"},
      {"--all", "count every move of the deck by type instead of a hand's moves"},
      {"--list", "with --all: print every move of the deck, one a line (one convention), so that two diff"},
      {"--bench", "time one generator call on 1,000 random 17-card hands, leading and answering a pair"}},
     "One move a line on standard output; a bad hand or move: one line naming it and the byte, exit 1; a bad "
     "flag: exit 2.",
     {"ddz moves 3456789XD --beat 34567", "ddz moves --all --rules all", "ddz moves 333444555666 --rules douzero --json"}},
    {"solve",
     "Decides the position for ME, the player to move (leading, or answering --last): win or loss with best "
     "play by both, which first moves win, and a line of play: the winner's fastest win the search proved "
     "against the loser's longest defence (the reply that makes the win take longest), read from the solve's "
     "own table, never solved again from scratch. The outcome line is printed as soon as it is known (a first "
     "move found winning), the rest once every first move is decided. Ctrl-C stops the search and prints what "
     "is known (exit 130). Both hands are open; whoever empties their hand first wins.",
     {{"--last MOVE", LAST_TEXT},
      {"--rules R", RULES_TEXT},
      {"--solver NAME", SOLVER_TEXT},
      {"--threads N", THREADS_TEXT " (the answer is the same for any N; the line may differ between thread "
                      "counts, any line shown being a correct one)"},
      {"--memory SIZE", MEMORY_TEXT},
      {"--time-limit S", "seconds for the whole command: search, line and strategy together (the search gets "
                         "90% of it); past it the answer is what was decided (a win found, else timeout), the "
                         "first moves not decided are named so; default none"},
      {"--first", "stop at the first winning first move found and print it (on more than one thread which one "
                  "is found first may differ from run to run; the others stay unsearched; a loss still refutes "
                  "every first move); default: decide every first move"},
      {"--progress", "a progress line on standard error every 2 s after the first second (first moves decided of "
                     "all, nodes, table in use); default: only when standard error is a terminal"},
      {"--quiet", "no progress lines"},
      {"--json", "one JSON object instead of text: the position, outcome, every first move with its value, the "
                 "winning moves, the line (each ply's player, move and both hands after it), the statistics"},
      {"--strategy FILE", "for a win, write a certificate (every reply answered) that ddz certify checks; past "
                          "10,000,000 nodes, written again with small positions left to the checker's search"}},
     "Text: the position, the outcome, the winning first moves, the line with its length in plies, the "
     "statistics (search and line). Exit 0 answered (a timeout included), 1 a bad position or a failed write "
     "(or --strategy without a win), 2 a bad flag, 130 interrupted.",
     {"ddz solve 32JJ 7TTD", "ddz solve $(ddz deal 3 20 17) --first",
      "ddz solve 3334578TJJQKAAA22 445666778889JQK2X --time-limit 5 --json",
      "ddz solve 6666A KK --last 2 --strategy win.txt"}},
    {"solve3",
     "Decides a three-player position (ddz/THREE_PLAYER.md): the landlord L against the farmers F1 and F2, who "
     "win together, in turn order L, F1, F2, every hand open. Prints the winning side, every winning move of the "
     "seat to move (--turn, leading or answering --last made by --by), and a line of play: the winning side's "
     "first winning move at each turn against the losing side's stubbornest move (the one after which the "
     "winners' proof takes the most nodes, in positions of at most 20 cards).",
     {{"--turn L|F1|F2", "the seat to move (default L)"},
      {"--last MOVE", "the move the seat to move answers (pass, the cards, or TYPE:CARDS); default: it leads"},
      {"--by L|F1|F2", "the seat that made --last (default: the seat before the one to move)"},
      {"--rules R", RULES_TEXT},
      {"--solver fast3|naive3", "the solver: fast3 (exact, table, parallel) or naive3 (exact, plain) (default fast3)"},
      {"--threads N", "threads of fast3 over the first moves, 0 = all cores, at most 256 (default 0)"},
      {"--memory SIZE", "bound on fast3's table, bytes or with K, M, G (default: by the position, 8K doubled for "
                        "every two cards, at most 256M)"},
      {"--time-limit S", "seconds for each solve (the root's, each of the line's and each of the certificate's); "
                         "default none"},
      {"--json", "one JSON object: the position, winner (landlord or farmers), outcome, first moves with their "
                 "values, winning_moves, the line (seat and move each), stats"},
      {"--strategy FILE", "write the winning side's strategy (ddz-strategy3) that ddz certify checks"}},
     "Text: the position, the winner, the winning moves, the line, the statistics. Exit 0 answered (a timeout "
     "included), 1 a bad position or a failed write, 2 a bad flag.",
     {"ddz solve3 9 48 7 --turn F1 --last 5 --by L", "ddz solve3 $(ddz deal 1 10 8 8) --json",
      "ddz solve3 34566667 TK2 589 --strategy win3.txt"}},
    {"play",
     "Play ENEMY's hand against the solver, which holds ME and moves first. Type a move a line (pass, the cards, "
     "or TYPE:CARDS); ? lists your legal moves, h gives a hint (a winning move when there is one), q or end of "
     "input stops. After each of its moves the solver says why.",
     {{"--last MOVE", LAST_TEXT},
      {"--rules R", RULES_TEXT},
      {"--solver NAME", SOLVER_TEXT},
      {"--threads N", THREADS_TEXT},
      {"--memory SIZE", MEMORY_TEXT},
      {"--time-limit S", TIME_TEXT}},
     "Both hands and the move to beat before each of your moves; an illegal move is refused with the reason and "
     "asked again; what you typed is echoed with other bytes than printable ASCII as \\xHH.",
     {"ddz play 3455KK 345522", "printf '?\\nh\\n' | ddz play 6666A KK --last 2"}},
    {"verify",
     "Judges the move generator against the oracle's independent recogniser on every hand of 1..N cards and "
     "every move to beat (--moves), or every solver against the retrograde oracle on every position of a "
     "universe of small hands (--positions). Ctrl-C or SIGTERM stops with exit 130 and writes no report.",
     {{"--moves", "the generator against the recogniser"},
      {"--positions", "the solvers against the retrograde oracle"},
      {"--max-cards N", "--moves: hands of 1..N cards, 1..20 (default 8); --positions: 1..N cards a side, 1..8 "
                        "(default 3)"},
      {"--rules R", RULES_TEXT "; default: each convention in turn"},
      {"--max-total T", "--positions: at most T cards in the two hands, 2..16 (default 2N)"},
      {"--deck full|small", "--positions: the 54 cards, or ranks 3..8 and both jokers (26 cards) (default full)"},
      {"--solver all|none|NAME,...", "--positions: the solvers judged (default all; none: the oracle alone)"},
      {"--threads N", "--positions: threads, 0 = all cores, at most 1024 (default 0)"},
      {"--memory SIZE", "--positions: the fast solver's table, 64K..64G (default 16M)"},
      {"--json FILE", "--positions: write the JSON summary to FILE (- = standard output)"},
      {"--report FILE", "--positions: write the Markdown report to FILE (- = standard output)"},
      {"--quiet", "--positions: no progress lines on standard error"},
      {"--positions3", "the three-player solvers against the three-player retrograde oracle (ddz/THREE_PLAYER.md): "
                       "every position of three hands of 1..N cards (N 1..4, default 3; --deck default small), "
                       "each seat to lead or answer; takes --max-cards, --deck, --rules, --solver (fast3, naive3), "
                       "--threads, --report, --quiet"}},
     "The counts and every disagreement on standard output (on standard error when --json - or --report - takes "
     "it); exit 0 when every unflagged solver (and the generator) agrees, 1 when one disagrees or a file could "
     "not be written, 2 on a bad flag.",
     {"ddz verify --moves --max-cards 6", "ddz verify --positions --max-cards 3 --json v.json --report v.md"}},
    {"certify",
     "Checks a strategy certificate (written by ddz solve --strategy, or by ddz solve3 --strategy: a "
     "ddz-strategy3 file, known by its first line) with the oracle's recogniser, never the solvers' generator: "
     "every reply of the loser is answered and every line ends in the winner's empty hand, or (version 3) in a "
     "position of at most 14 cards that the checker's own exhaustive search finds won. FILE - reads "
     "standard input.",
     {{"--rules R", "the rules the certificate must name (default: the certificate's own)"},
      {"--me HAND", "the winner's hand the certificate must start from (two-player certificates)"},
      {"--enemy HAND", "the loser's hand the certificate must start from (two-player certificates)"},
      {"--last MOVE", "the move the certificate's first position answers (two-player certificates)"}},
     "certified: NODES nodes, REPLIES replies, depth D (version 3 adds: S nodes searched by the checker (P "
     "positions); a three-player one: certified: the landlord wins, or "
     "the farmers win, then the position, a colon and the same) (exit 0), or rejected: FILE:LINE: reason (exit "
     "1); an unreadable file or bad flag exits 2.",
     {"ddz certify win.txt", "ddz certify - --me 32JJ --enemy 7TTD < win.txt", "ddz certify win3.txt"}},
    {"deal",
     "Prints a seeded deal: the 54 cards shuffled by Fisher-Yates with core's splitmix64 stream mj_rng{SEED}, ME "
     "the first N1 cards, ENEMY the next N2 (1..20 each), as ME ENEMY; with N3, three hands L F1 F2 for ddz "
     "solve3. The benchmark sets are made this way.",
     {{NULL, NULL}},
     "One line, the same on every machine.",
     {"ddz deal 1 13 13", "ddz solve $(ddz deal 7 17 17)"}},
    {"batch",
     "Solves every position of FILE (- reads standard input; ddz solve - is the same): one position a line, "
     "ME ENEMY [LAST], the format of the benchmark sets (# comments, blank lines skipped, # rules: R for the "
     "lines below, # expect: win|loss checked against the answer). Several positions are solved at once, one "
     "thread each (as DDS solves boards), and each gets one output line, in input order. A bad line gets an "
     "error line in its place and the batch goes on. Ctrl-C stops: the lines finished in order are printed "
     "(exit 130).",
     {{"--rules R", RULES_TEXT "; the rules until a # rules: line"},
      {"--solver NAME", SOLVER_TEXT},
      {"--threads N", "positions solved at once, 0 = all cores (default 0); the answers are the same for any N"},
      {"--memory SIZE", "each position's table (default: by the position, as ddz solve)"},
      {"--time-limit S", "seconds for each position; past it the position's outcome is timeout unless a win was "
                         "found (default none)"},
      {"--first", "stop each position at its first winning first move found (on more than one thread, which "
                  "one may differ from run to run; default: decide every first move)"},
      {"--line", "add each position's line of play (as ddz solve shows it)"},
      {"--json", "JSON lines instead of TSV"}},
     "TSV on standard output, one line per position: input line number, ME, ENEMY, LAST, rules, outcome (win, "
     "loss, timeout), the winning first moves (space-separated, - for none), the first moves, nodes, seconds "
     "(and with --line the line of play); a bad line: NUMBER, error, the reason. --json: one object a line "
     "with the same fields ({\"line\":N,\"error\":...} for a bad line). A summary on standard error. Exit 0, "
     "or 1 when a line was bad, a solve failed or an answer differed from # expect:, 2 on a bad flag or an "
     "unreadable FILE.",
     {"ddz batch ddz/bench/deal-13v13.txt --threads 2", "ddz deal 5 10 10 | ddz solve - --json",
      "ddz batch ddz/bench/published.txt --line --time-limit 10"}},
    {"bench",
     "Times the solvers on sets of positions (ddz/bench/*.txt: ME ENEMY [LAST] a line, # rules: and # expect: "
     "directives), every set read and checked first; each solve capped by --time-limit and all by --budget. A "
     "decided answer that differs from the expected one or from another unflagged solver's is an ERROR. A set "
     "that says # players: 3 (ddz/bench/three/) holds three-player positions, L F1 F2 [SEAT [LAST BY]] a line, "
     "# expect: landlord|farmers; such sets run alone, on fast3 or naive3 (--solver fast3|naive3|all), one "
     "--threads count (default 2), --time-limit per solve (default 60).",
     {{"--solver NAME[,NAME...]|all", "the solvers to time (default fast)"},
      {"--threads LIST", "thread counts for fast, such as 1,2 (default 1); the others run on one"},
      {"--time-limit S[,NAME=S...]", "seconds a solve may take, with a cap per solver (default 10)"},
      {"--budget S", "seconds for the whole run; past it the remaining solves are skipped (default none)"},
      {"--memory SIZE", "the fast solver's table (default: the solver's, by position size)"},
      {"--all-first-moves", "decide every first move, as ddz solve does (default: stop at the first win)"},
      {"--csv FILE", "one CSV row per position, solver and thread count, written set by set (default standard output)"},
      {"--summary FILE", "one CSV row per set, solver and thread count (- = standard output)"}},
     "CSV on standard output or --csv; progress and the summary table on standard error; exit 1 when an "
     "unflagged solver answered wrong or a file could not be written, 2 on a bad set or flag.",
     {"ddz bench ddz/bench/published.txt", "ddz bench ddz/bench/deal-13v13.txt --solver all --threads 1,2 --csv out.csv"}},
    {"help",
     "Prints the help of a command, or the list of commands.",
     {{"--man", "print the manual page (roff) built from this same text"}},
     NULL,
     {"ddz help solve", "ddz help --man > ddz.1"}},
};

static const cli_help *ddz_help_find(const char *name)
{
    for (size_t i = 0; i < sizeof helps / sizeof helps[0]; i++)
        if (strcmp(helps[i].name, name) == 0)
            return &helps[i];
    return NULL;
}

void ddz_help_print(FILE *out, const char *name)
{
    const cli_help *h = ddz_help_find(name);
    if (h)
        cli_help_print(out, "ddz", ddz_usage(name), h);
}

void ddz_help_man(FILE *out)
{
    const cli_manual m = {
        .program = "ddz",
        .version = MJVERIFY_VERSION_STRING,
        .title = "decide Dou Dizhu open-card endgames exactly, two or three players",
        .description =
            "Both hands are known, the player to move (ME) leads or answers the last move, and whoever empties "
            "their hand first wins; ddz solve3 does the same for three players, the landlord against two farmers "
            "who win together (ddz/THREE_PLAYER.md). ddz lists moves, decides positions exactly with a certificate that an "
            "independent checker verifies, plays them against a person, judges the solvers against a "
            "retrograde oracle and times them. Results go to standard output, one-line errors to standard "
            "error. Exit status: 0 fine, 1 a bad hand or position, a failed check or a failed write, 2 bad "
            "usage. A file flag given - writes standard output; a device, FIFO or symbolic link given as a "
            "file is written, never replaced.",
        .helps = helps,
        .nhelps = sizeof helps / sizeof helps[0],
        .usage = ddz_usage,
        .sections = {{"CARDS",
                      "Ranks in playing order: 3 4 5 6 7 8 9 T J Q K A 2 X D (X the small joker, D the big one). "
                      "Ten is also 10 or 0, the jokers also Y and Z, any case; spaces and commas are ignored; a "
                      "hand holds 1 to 20 cards."},
                     {"MOVES",
                      "pass, the cards (345678), or TYPE:CARDS (plane1:33344456) where the cards read more than "
                      "one way. Types: single pair triple triple1 triple2 straight pairs plane plane1 plane2 four2 "
                      "four22 bomb rocket."},
                     {"SEE ALSO", "mjverify(1); ddz/README.md in the source tree."}},
    };
    cli_help_man(out, &m);
}
