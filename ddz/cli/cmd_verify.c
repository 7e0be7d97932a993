/* ddz verify: judges the generator against the oracle's recogniser on every small hand, and
 * every registered solver against the retrograde oracle on every position of a universe. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ddz_cli.h"
#include "ddz_movegen.h"
#include "ddz_oracle.h"
#include "ddz_solver.h"


static void print_move(FILE *f, const ddz_move *m)
{
    char buf[96];
    ddz_format_move(m, buf, sizeof buf);
    fputs(buf, f);
}

/* ---- --moves: generator vs recogniser ---- */

typedef struct {
    const ddz_rules *rules;
    int max_cards;
    ddz_move *gen, *rec, *leads;
    unsigned long long hands, lists, moves;
    int failed;
} moves_ctx;

/* Compares the two sets for one hand and one move to beat; reports the first difference. */
static int same_sets(moves_ctx *c, ddz_hand hand, const ddz_move *last, size_t nl)
{
    size_t ng = ddz_generate(hand, last, c->rules, c->gen, DDZ_MAX_MOVES);
    /* the recogniser's answers: what ddzo_moves does, the pass and then the hand's readings
     * that beat last, filtered from the hand's readings found once */
    size_t nr = 0;
    if (last->type != DDZ_PASS)
        c->rec[nr++] = (ddz_move){0, DDZ_PASS, 0, 0};
    for (size_t k = 0; k < nl; k++)
        if (ddzo_beats(&c->leads[k], last))
            c->rec[nr++] = c->leads[k];
    char hb[64];
    c->lists++;
    c->moves += nr;
    if (ng > DDZ_MAX_MOVES) {
        ddz_format_hand(hand, hb, sizeof hb);
        fprintf(stderr, "ddz verify: hand %s: more than %d moves\n", hb, DDZ_MAX_MOVES);
        return 0;
    }
    qsort(c->gen, ng, sizeof *c->gen, ddz_move_compare);
    qsort(c->rec, nr, sizeof *c->rec, ddz_move_compare);
    size_t i = 0, j = 0;
    for (size_t k = 1; k < ng; k++)
        if (ddz_move_compare(&c->gen[k - 1], &c->gen[k]) == 0) {
            ddz_format_hand(hand, hb, sizeof hb);
            printf("difference: hand %s, beat ", hb);
            print_move(stdout, last);
            printf(": the generator lists ");
            print_move(stdout, &c->gen[k]);
            printf(" twice\n");
            return 0;
        }
    while (i < ng || j < nr) {
        int d = i == ng ? 1 : j == nr ? -1 : ddz_move_compare(&c->gen[i], &c->rec[j]);
        if (d == 0) {
            i++, j++;
            continue;
        }
        ddz_format_hand(hand, hb, sizeof hb);
        printf("difference: hand %s, beat ", hb);
        print_move(stdout, last);
        printf(": ");
        print_move(stdout, d < 0 ? &c->gen[i] : &c->rec[j]);
        printf(" (main %d, len %d) only from the %s\n", d < 0 ? c->gen[i].main : c->rec[j].main,
               d < 0 ? c->gen[i].len : c->rec[j].len, d < 0 ? "generator" : "recogniser");
        return 0;
    }
    return 1;
}

static void one_hand(moves_ctx *c, ddz_hand hand)
{
    ddz_move pass = {0, DDZ_PASS, 0, 0};
    c->hands++;
    size_t nl = ddzo_moves(hand, &pass, c->rules, c->leads, DDZ_MAX_MOVES);
    if (nl > DDZ_MAX_MOVES || !same_sets(c, hand, &pass, nl)) {
        c->failed = 1;
        return;
    }
    for (size_t k = 0; k < nl && !c->failed; k++) {
        ddz_move last = c->leads[k];
        if (!same_sets(c, hand, &last, nl))
            c->failed = 1;
    }
}

static void every_hand(moves_ctx *c, int r, ddz_hand hand, int size)
{
    if (c->failed)
        return;
    if (r == DDZ_RANKS) {
        if (size)
            one_hand(c, hand);
        return;
    }
    int most = r >= DDZ_RX ? 1 : 4;
    for (int n = 0; n <= most && size + n <= c->max_cards && !c->failed; n++)
        every_hand(c, r + 1, ddz_add(hand, r, n), size + n);
}

static int verify_moves(const ddz_rules *rules, int nrules, int max_cards)
{
    moves_ctx c;
    memset(&c, 0, sizeof c);
    c.max_cards = max_cards;
    c.gen = malloc(DDZ_MAX_MOVES * sizeof *c.gen);
    c.rec = malloc(DDZ_MAX_MOVES * sizeof *c.rec);
    c.leads = malloc(DDZ_MAX_MOVES * sizeof *c.leads);
    if (!c.gen || !c.rec || !c.leads) {
        fprintf(stderr, "ddz verify: out of memory\n");
        free(c.gen), free(c.rec), free(c.leads);
        return 1;
    }
    int bad = 0;
    for (int i = 0; i < nrules && !bad; i++) {
        char rb[128];
        double t0 = ddz_now();
        c.rules = &rules[i];
        c.hands = c.lists = c.moves = 0;
        every_hand(&c, 0, 0, 0);
        ddz_format_rules(&rules[i], rb, sizeof rb);
        printf("moves %s: %llu hands of 1..%d cards, %llu move lists (leading and against each of the hand's "
               "moves), %llu moves, %s, %.1f s\n",
               rb, c.hands, max_cards, c.lists, c.moves, c.failed ? "a difference (above)" : "0 differences",
               ddz_now() - t0);
        bad = c.failed;
    }
    free(c.gen), free(c.rec), free(c.leads);
    return bad ? 1 : 0;
}

#define VERIFY_USAGE "usage: ddz verify " DDZ_USAGE_VERIFY "\n"

static int usage(const char *msg, const char *arg)
{
    fprintf(stderr, "ddz verify: %s '%s'\n" VERIFY_USAGE, msg, arg);
    return 2;
}

int ddz_cmd_verify(int argc, char **argv)
{
    int moves = 0, max_cards = -1, nrules = 0;
    /* --positions3 (the three-player game) has its own flags (verify_positions3.c) */
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--positions3") == 0)
            return ddz_verify_positions3(argc, argv);
    /* --positions has its own flags (verify_positions.c) */
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--positions") == 0) {
            for (int k = 1; k < argc; k++)
                if (strcmp(argv[k], "--moves") == 0)
                    return usage("give one of --moves and --positions, not", "both");
            return ddz_verify_positions(argc, argv);
        }
    ddz_rules rules[DDZ_CONVENTIONS];
    ddz_error e;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--moves") == 0)
            moves = 1;
        else if (strcmp(argv[i], "--max-cards") == 0 && i + 1 < argc) {
            char *end;
            long v = strtol(argv[++i], &end, 10);
            if (*end || end == argv[i] || v < 1 || v > 20)
                return usage("--max-cards wants 1..20, not", argv[i]);
            max_cards = (int)v;
        } else if (strcmp(argv[i], "--rules") == 0 && i + 1 < argc) {
            if (ddz_parse_rules(argv[++i], &rules[0], &e) != DDZ_OK) {
                fprintf(stderr, "ddz verify: --rules '%s': %s\n", argv[i], e.message);
                return 2;
            }
            nrules = 1;
        } else
            return usage("unknown or incomplete flag", argv[i]);
    }
    if (!moves)
        return usage("give one of --moves and --positions, not", "neither");
    if (nrules == 0)
        for (int c = 0; c < DDZ_CONVENTIONS; c++) {
            rules[c].convention = (ddz_convention)c;
            rules[c].forbidden = 0;
            nrules++;
        }
    return verify_moves(rules, nrules, max_cards < 0 ? 8 : max_cards);
}
