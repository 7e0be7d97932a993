/* ddz verify: judges the generator against the oracle's recogniser on every small hand, and
 * every registered solver against the retrograde oracle on every position of a universe. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ddz_cli.h"
#include "ddz_movegen.h"
#include "ddz_oracle.h"
#include "ddz_solver.h"

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}


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
        double t0 = now_s();
        c.rules = &rules[i];
        c.hands = c.lists = c.moves = 0;
        every_hand(&c, 0, 0, 0);
        ddz_format_rules(&rules[i], rb, sizeof rb);
        printf("moves %s: %llu hands of 1..%d cards, %llu move lists (leading and against each of the hand's "
               "moves), %llu moves, %s, %.1f s\n",
               rb, c.hands, max_cards, c.lists, c.moves, c.failed ? "a difference (above)" : "0 differences",
               now_s() - t0);
        bad = c.failed;
    }
    free(c.gen), free(c.rec), free(c.leads);
    return bad ? 1 : 0;
}

/* ---- --positions: every solver against the retrograde oracle ---- */

typedef struct {
    unsigned long long checked, mismatches;
    int have_first, have_small;
    ddz_position first, small;
    int first_oracle, small_oracle;
} judge;

static void print_position(const char *what, const ddz_position *p, int oracle)
{
    char a[64], b[64], m[96];
    ddz_format_hand(p->me, a, sizeof a);
    ddz_format_hand(p->enemy, b, sizeof b);
    ddz_format_move(&p->last, m, sizeof m);
    printf("    %s: me %s enemy %s last %s: oracle %s (ddz solve %s %s --last %s)\n", what, a, b, m,
           oracle ? "win" : "loss", a, b, m);
}

static int fits(ddz_hand a, ddz_hand b)
{
    for (int r = 0; r < DDZ_RANKS; r++)
        if (ddz_count(a, r) + ddz_count(b, r) > (r >= DDZ_RX ? 1 : 4))
            return 0;
    return 1;
}

/* Counts per (my cards, enemy cards): positions and wins for the player to move. */
static unsigned long long cnt_lead[9][9][2], cnt_ans[9][9][2];

/* The solver to judge alone (its index), -1 for every one, -2 for none. */
static int judge_only = -1;

static void judge_one(const ddz_position *p, int oracle, const ddz_rules *rules, judge *j, ddz_result *res,
                      int nsolvers)
{
    if (judge_only == -2)
        return;
    ddz_solve_options opt;
    memset(&opt, 0, sizeof opt);
    opt.threads = 1;
    opt.memory_bytes = (size_t)1 << 16;
    for (int s = 0; s < nsolvers; s++) {
        if (judge_only >= 0 && s != judge_only)
            continue;
        ddz_outcome o = ddz_solvers[s]->solve(p, rules, &opt, res);
        j[s].checked++;
        if ((int)o == oracle)
            continue;
        j[s].mismatches++;
        int cards = ddz_size(p->me) + ddz_size(p->enemy);
        if (!j[s].have_first) {
            j[s].have_first = 1, j[s].first = *p, j[s].first_oracle = oracle;
        }
        if (!j[s].have_small || cards < ddz_size(j[s].small.me) + ddz_size(j[s].small.enemy)) {
            j[s].have_small = 1, j[s].small = *p, j[s].small_oracle = oracle;
        }
    }
}

static int verify_positions(const ddz_rules *rules, int nrules, int max_cards, ddzo_deck deck, const char *only)
{
    int nsolvers = 0, bad = 0, pick = -1;
    while (ddz_solvers[nsolvers])
        nsolvers++;
    if (only) {
        for (int s = 0; s < nsolvers; s++)
            if (strcmp(ddz_solvers[s]->name, only) == 0)
                pick = s;
        if (pick < 0 && strcmp(only, "none") != 0) {
            fprintf(stderr, "ddz verify: --solver '%s': no such solver (fast, naive, seed004 or none)\n", only);
            return 2;
        }
    }
    ddz_result *res = malloc(sizeof *res);
    judge *j = calloc((size_t)nsolvers, sizeof *j);
    ddz_move *moves = malloc(DDZ_MAX_MOVES * sizeof *moves);
    if (!res || !j || !moves) {
        fprintf(stderr, "ddz verify: out of memory\n");
        free(res), free(j), free(moves);
        return 1;
    }
    judge_only = !only ? -1 : pick >= 0 ? pick : -2;
    for (int ri = 0; ri < nrules; ri++) {
        char rb[128];
        ddz_format_rules(&rules[ri], rb, sizeof rb);
        double t0 = now_s();
        ddzo_table *t = ddzo_build(deck, max_cards, &rules[ri]);
        if (!t) {
            fprintf(stderr, "ddz verify: the oracle's table for %d cards a side could not be built (memory)\n",
                    max_cards);
            bad = 1;
            break;
        }
        double t1 = now_s();
        memset(j, 0, (size_t)nsolvers * sizeof *j);
        memset(cnt_lead, 0, sizeof cnt_lead);
        memset(cnt_ans, 0, sizeof cnt_ans);
        size_t nh = ddzo_nhands(t);
        ddz_move pass = {0, DDZ_PASS, 0, 0};
        int order_bug = 0;
        for (size_t a = 0; a < nh && !order_bug; a++)
            for (size_t b = 0; b < nh && !order_bug; b++) {
                ddz_position p;
                p.me = ddzo_hand(t, a), p.enemy = ddzo_hand(t, b), p.last = pass;
                if (!fits(p.me, p.enemy))
                    continue;
                int v = ddzo_value(t, p.me, p.enemy, &pass);
                int sa = ddz_size(p.me), sb = ddz_size(p.enemy);
                if (v < 0) {
                    order_bug = 1;
                    break;
                }
                cnt_lead[sa][sb][0]++, cnt_lead[sa][sb][1] += (unsigned)v;
                judge_one(&p, v, &rules[ri], j, res, nsolvers);
                /* every answering position a's leads make: b to answer m, a left with a - m */
                size_t nm = ddzo_moves(p.me, &pass, &rules[ri], moves, DDZ_MAX_MOVES);
                for (size_t k = 0; k < nm && k < DDZ_MAX_MOVES; k++) {
                    if (moves[k].cards == p.me)
                        continue;
                    ddz_position q;
                    q.me = p.enemy, q.enemy = p.me - moves[k].cards, q.last = moves[k];
                    int w = ddzo_value(t, q.me, q.enemy, &q.last);
                    if (w < 0) {
                        order_bug = 1;
                        break;
                    }
                    cnt_ans[ddz_size(q.me)][ddz_size(q.enemy)][0]++;
                    cnt_ans[ddz_size(q.me)][ddz_size(q.enemy)][1] += (unsigned)w;
                    judge_one(&q, w, &rules[ri], j, res, nsolvers);
                }
            }
        ddzo_free(t);
        if (order_bug) {
            fprintf(stderr, "ddz verify: the oracle read a position it had not computed yet\n");
            bad = 1;
            break;
        }
        unsigned long long L = 0, Lw = 0, A = 0, Aw = 0;
        for (int x = 0; x <= 8; x++)
            for (int y = 0; y <= 8; y++)
                L += cnt_lead[x][y][0], Lw += cnt_lead[x][y][1], A += cnt_ans[x][y][0], Aw += cnt_ans[x][y][1];
        printf("positions %s, %s deck, 1..%d cards a side: %zu hands; %llu leading positions (%llu wins for the "
               "player to move), %llu answering positions (%llu wins); oracle %.1f s, judging %.1f s\n",
               rb, deck == DDZO_DECK_SMALL ? "small (3..8, X, D)" : "full", max_cards, nh, L, Lw, A, Aw, t1 - t0,
               now_s() - t1);
        printf("  by hand sizes (me x enemy): leading positions/wins, answering positions/wins\n");
        for (int x = 1; x <= max_cards; x++)
            for (int y = 1; y <= max_cards; y++)
                if (cnt_lead[x][y][0] || cnt_ans[x][y][0])
                    printf("    %d x %d: %llu/%llu, %llu/%llu\n", x, y, cnt_lead[x][y][0], cnt_lead[x][y][1],
                           cnt_ans[x][y][0], cnt_ans[x][y][1]);
        for (int s = 0; s < nsolvers; s++) {
            if (judge_only != -1 && s != judge_only)
                continue;
            const ddz_solver *sv = ddz_solvers[s];
            printf("  solver %s%s: %llu positions, %llu mismatches%s\n", sv->name, sv->flawed ? " (flagged)" : "",
                   j[s].checked, j[s].mismatches,
                   j[s].mismatches == 0 ? "" : sv->flawed ? " (expected: a flagged port)" : " (FAILED)");
            if (j[s].have_first) {
                print_position("first", &j[s].first, j[s].first_oracle);
                print_position("smallest", &j[s].small, j[s].small_oracle);
            }
            if (j[s].mismatches && !sv->flawed)
                bad = 1;
        }
    }
    free(res), free(j), free(moves);
    return bad;
}

static int usage(const char *msg, const char *arg)
{
    fprintf(stderr, "ddz verify: %s '%s'\nusage: ddz verify --moves [--max-cards N] [--rules R] | --positions "
                    "[--max-cards N] [--deck full|small] [--rules R] [--solver NAME|none]\n",
            msg, arg);
    return 2;
}

int ddz_cmd_verify(int argc, char **argv)
{
    int moves = 0, positions = 0, max_cards = -1, nrules = 0;
    const char *deck = "full", *only = NULL;
    ddz_rules rules[DDZ_CONVENTIONS];
    ddz_error e;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--moves") == 0)
            moves = 1;
        else if (strcmp(argv[i], "--positions") == 0)
            positions = 1;
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
        } else if (strcmp(argv[i], "--solver") == 0 && i + 1 < argc)
            only = argv[++i];
        else if (strcmp(argv[i], "--deck") == 0 && i + 1 < argc) {
            deck = argv[++i];
            if (strcmp(deck, "full") != 0 && strcmp(deck, "small") != 0)
                return usage("--deck wants full or small, not", deck);
        } else
            return usage("unknown or incomplete flag", argv[i]);
    }
    if (moves == positions)
        return usage("give one of --moves and --positions, not", moves ? "both" : "neither");
    if (nrules == 0)
        for (int c = 0; c < DDZ_CONVENTIONS; c++) {
            rules[c].convention = (ddz_convention)c;
            rules[c].forbidden = 0;
            nrules++;
        }
    if (positions && max_cards > 8)
        return usage("--positions takes --max-cards 1..8, not", "more");
    if (moves)
        return verify_moves(rules, nrules, max_cards < 0 ? 8 : max_cards);
    return verify_positions(rules, nrules, max_cards < 0 ? 3 : max_cards,
                            strcmp(deck, "small") == 0 ? DDZO_DECK_SMALL : DDZO_DECK_FULL, only);
}
