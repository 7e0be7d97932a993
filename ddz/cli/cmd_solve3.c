/* ddz solve3: decides a three-player open-card position (the landlord against two farmers):
 * the winning side, every winning move of the seat to move, a line of play with the losing
 * side's resistance, and the winning side's whole strategy for the certificate checker. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ddz_cli.h"
#include "ddz_solve_cli.h"
#include "ddz_movegen.h"
#include "ddz_solver3.h"
#include "output.h"

#define USAGE_SOLVE3                                                                                             \
    "usage: ddz solve3 L F1 F2 [--turn L|F1|F2] [--last MOVE [--by L|F1|F2]] [--rules R] [--solver fast3|naive3]\n" \
    "                  [--threads N] [--memory SIZE] [--time-limit S] [--json] [--strategy FILE]\n"              \
    "  L, F1, F2: the landlord's and the farmers' hands (turn order L, F1, F2); --turn: the seat to move\n"       \
    "  (default L); --last: the move it must beat (default: it leads), made by --by (default the seat before)\n"

typedef struct {
    ddz_position3 pos;
    ddz_rules rules;
    const ddz_solver3 *solver;
    ddz_solve_options opt;
    int json;
    const char *strategy;
} args3;

static int parse_args(int argc, char **argv, args3 *a)
{
    const char *hands[3] = {NULL, NULL, NULL}, *turn = NULL, *last = NULL, *by = NULL, *rules = NULL,
               *solver = NULL, *threads = NULL, *memory = NULL, *tlimit = NULL;
    int nh = 0;
    ddz_error e;
    memset(a, 0, sizeof *a);
    const ddz_flag flags[] = {
        {"--json", NULL, &a->json, 1},    {"--turn", &turn, NULL, 0},         {"--last", &last, NULL, 0},
        {"--by", &by, NULL, 0},           {"--rules", &rules, NULL, 0},       {"--solver", &solver, NULL, 0},
        {"--threads", &threads, NULL, 0}, {"--memory", &memory, NULL, 0},     {"--time-limit", &tlimit, NULL, 0},
        {"--strategy", &a->strategy, NULL, 0},
    };
    const ddz_cmdline line = {"solve3", USAGE_SOLVE3, flags, sizeof flags / sizeof flags[0], hands, 3,
                              "three hands only (L F1 F2); a fourth:", 1};
    int rc = ddz_cmdline_read(&line, argc, argv, &nh);
    if (rc)
        return rc;
    if (nh < 3)
        return ddz_usage_error("solve3", USAGE_SOLVE3,
                               nh == 0   ? "the hands L F1 F2 are missing"
                               : nh == 1 ? "F1's and F2's hands are missing"
                                         : "F2's hand is missing",
                               NULL);
    if (ddz_read_rules("solve3", rules, &a->rules))
        return 2;
    a->solver = ddz_solver3_find(solver ? solver : "fast3");
    if (!a->solver)
        return ddz_usage_error("solve3", USAGE_SOLVE3, "--solver: no such three-player solver (fast3, naive3):", solver);
    a->opt.all_first_moves = 1;
    if (ddz_read_limits(&line, threads, memory, tlimit, &a->opt))
        return 2;
    if (ddz3_read_position(hands, turn, last, by, &a->rules, &a->pos, &e) != DDZ_OK) {
        fputs("ddz solve3: ", stderr);
        ddz_put_shown(stderr, e.message);
        fputc('\n', stderr);
        return 1;
    }
    return 0;
}

/* A move of the seat to move that empties its hand, if it has one. */
static int play_out(const ddz_position3 *p, const ddz_rules *rules, ddz_move *out)
{
    static ddz_move mv[DDZ_MAX_MOVES];
    size_t n = ddz_generate(p->hand[p->turn], &p->last, rules, mv, DDZ_MAX_MOVES);
    for (size_t i = 0; i < n && i < DDZ_MAX_MOVES; i++)
        if (mv[i].type != DDZ_PASS && mv[i].cards == p->hand[p->turn]) {
            *out = mv[i];
            return 1;
        }
    return 0;
}

/* The move the seat to move plays in the line: on the winning side its first winning move in
 * the generator's order (every first move is decided, so this is the same for any thread
 * count); on the losing side the stubbornest resistance: when the position has at most
 * STUBBORN_CARDS cards in all and at most 64 moves, the move after which the winners' solve (one thread, first
 * win) takes the most nodes (the first of equals), else its first move after which the next
 * seat cannot empty its hand at once, else its first move. Returns the outcome for the side to
 * move. */
/* Where the line looks for the stubbornest defence: a bound on the position, never on time or on a
 * thread-dependent count, so the line is the same on any machine and any --threads (each of up
 * to 64 one-thread first-win solves of a position of 20 cards takes milliseconds: 8/6/6 deals'
 * whole solves are under 0.06 s). */
#define STUBBORN_CARDS 20

static ddz_outcome line_move(const args3 *a, const ddz_position3 *p, ddz_result *res, int solved, ddz_move *out)
{
    ddz_outcome o;
    if (play_out(p, &a->rules, out))
        return DDZ_SOLVE_WIN;
    o = solved ? res->outcome : a->solver->solve(p, &a->rules, &a->opt, res);
    if (o == DDZ_SOLVE_WIN) {
        for (size_t i = 0; i < res->n_first; i++)
            if (res->first_wins[i] == 1) {
                *out = res->first[i];
                return o;
            }
    }
    if (o != DDZ_SOLVE_LOSS || res->n_first == 0)
        return o;
    *out = res->first[0];
    if (res->n_first <= 64 && ddz_size(p->hand[0]) + ddz_size(p->hand[1]) + ddz_size(p->hand[2]) <= STUBBORN_CARDS) {
        /* the stubbornest: the move after which the winners' proof takes the most nodes to find */
        static ddz_result child;
        ddz_solve_options one = a->opt;
        one.threads = 1;
        one.all_first_moves = 0;
        unsigned long long most = 0;
        size_t n = res->n_first;
        ddz_move first[64];
        memcpy(first, res->first, n * sizeof *first);
        for (size_t i = 0; i < n; i++) {
            ddz_position3 q;
            ddz3_after(p, &first[i], &q);
            ddz_outcome co = a->solver->solve(&q, &a->rules, &one, &child);
            if (co != DDZ_SOLVE_WIN && co != DDZ_SOLVE_LOSS)
                break; /* undecided in time: the simple rule below */
            if (i == 0 || child.nodes > most) {
                most = child.nodes;
                *out = first[i];
            }
            if (i + 1 == n)
                return o;
        }
        *out = first[0];
    }
    for (size_t i = 0; i < res->n_first; i++) {
        ddz_position3 q;
        ddz_move dummy;
        ddz3_after(p, &res->first[i], &q);
        if (!play_out(&q, &a->rules, &dummy)) {
            *out = res->first[i];
            break;
        }
    }
    return o;
}

/* ---- The certificate writer (format: ddz/THREE_PLAYER.md, "Strategy certificates") ---- */

static int same_position(const void *xp, const void *yp)
{
    const ddz_position3 *x = xp, *y = yp;
    return x->hand[0] == y->hand[0] && x->hand[1] == y->hand[1] && x->hand[2] == y->hand[2] && x->turn == y->turn &&
           x->by == y->by && ddz_move_compare(&x->last, &y->last) == 0;
}

static size_t position_hash(const void *pp)
{
    const ddz_position3 *p = pp;
    uint64_t h = p->hand[0] * 0x9e3779b97f4a7c15ULL ^ (p->hand[1] + 0x632be59bd9b4e019ULL) * 0xbf58476d1ce4e5b9ULL;
    h ^= (p->hand[2] + 0x1234567ULL) * 0xd6e8feb86659fd93ULL;
    h ^= (p->last.cards + ((uint64_t)p->last.type << 56 | (uint64_t)p->last.main << 48 | (uint64_t)p->last.len << 40 |
                           (uint64_t)p->turn << 36 | (uint64_t)p->by << 32)) *
         0x94d049bb133111ebULL;
    h ^= h >> 29;
    h *= 0xd6e8feb86659fd93ULL;
    return (size_t)(h ^ h >> 32);
}

typedef struct {
    args3 a;    /* one thread, the first win at each node */
    int winner; /* the side whose strategy it is: 0 landlord, 1 farmers */
} strategy3;

/* Node i + 1 of the strategy: the winning side's move, or one reply line per legal move of the
 * other side. */
static int write_node(FILE *f, void *ctx, ddz_dag *d, size_t i, char *why, size_t cap, size_t *replies)
{
    static ddz_move r[DDZ_MAX_MOVES];
    static ddz_result res;
    const strategy3 *sc = ctx;
    const args3 *a = &sc->a;
    char pb[256], mb[48];
    ddz_position3 p = *(const ddz_position3 *)ddz_dag_at(d, i), q;
    ddz3_format_position(&p, pb, sizeof pb);
    fprintf(f, "node %zu %s\n", i + 1, pb);
    if (ddz3_side(p.turn) == sc->winner) {
        ddz_move m;
        if (!play_out(&p, &a->rules, &m)) {
            ddz_outcome o = a->solver->solve(&p, &a->rules, &a->opt, &res);
            size_t k = 0;
            while (k < res.n_first && res.first_wins[k] != 1)
                k++;
            if (o != DDZ_SOLVE_WIN || k == res.n_first) {
                snprintf(why, cap, "node %zu (%s) %s", i + 1, pb,
                         o == DDZ_SOLVE_TIMEOUT ? "was not decided within --time-limit"
                         : o == DDZ_SOLVE_LOSS  ? "is a loss for the winning side by the solver's own count"
                                                : "made the solver fail");
                return -1;
            }
            m = res.first[k];
        }
        ddz_format_move(&m, mb, sizeof mb);
        if (ddz3_after(&p, &m, &q)) {
            fprintf(f, "play %s\n", mb);
            return 0;
        }
        return ddz_strategy_link(f, d, "play", mb, &q, why, cap);
    }
    size_t n = ddz_generate(p.hand[p.turn], &p.last, &a->rules, r, DDZ_MAX_MOVES);
    if (n > DDZ_MAX_MOVES) {
        snprintf(why, cap, "node %zu: more moves than the generator's bound", i + 1);
        return -1;
    }
    for (size_t k = 0; k < n; k++) {
        ddz_format_move(&r[k], mb, sizeof mb);
        if (ddz3_after(&p, &r[k], &q)) {
            snprintf(why, cap, "node %zu (%s): the reply %s ends the game for the other side", i + 1, pb, mb);
            return -1;
        }
        if (ddz_strategy_link(f, d, "reply", mb, &q, why, cap))
            return -1;
    }
    *replies += n;
    return 0;
}

static const char *side_name(int side) { return side ? "farmers" : "landlord"; }

int ddz_cmd_solve3(int argc, char **argv)
{
    static ddz_result res, step;
    args3 a;
    int rc = parse_args(argc, argv, &a);
    char buf[128], pb[256], rules[128];
    if (rc)
        return rc < 0 ? 0 : rc;
    if (a.strategy && !cli_out_check("solve3", "--strategy", a.strategy))
        return 1;
    ddz_outcome o = a.solver->solve(&a.pos, &a.rules, &a.opt, &res);
    if (o == DDZ_SOLVE_ERROR) {
        fputs("ddz solve3: the solver failed (a move list beyond its bounds, or out of memory)\n", stderr);
        return 1;
    }
    int lw = ddz3_landlord_wins(&a.pos, o);
    ddz_format_rules(&a.rules, rules, sizeof rules);
    size_t nwin = 0;
    for (size_t i = 0; i < res.n_first; i++)
        nwin += res.first_wins[i] == 1;

    /* The line: each seat in turn, the winning side's first winning move, the losing side's
     * resistance, to the end of the game (160 plies at most). */
    ddz_move line[160];
    int who[160], nline = 0, ended = 0;
    if (o != DDZ_SOLVE_TIMEOUT) {
        ddz_position3 p = a.pos, q;
        while (nline < 160) {
            ddz_move m;
            ddz_outcome lo = nline == 0 ? line_move(&a, &p, &res, 1, &m) : line_move(&a, &p, &step, 0, &m);
            if (lo != DDZ_SOLVE_WIN && lo != DDZ_SOLVE_LOSS)
                break;
            line[nline] = m;
            who[nline++] = p.turn;
            if (ddz3_after(&p, &m, &q)) {
                ended = 1;
                break;
            }
            p = q;
        }
    }
    ddz3_format_position(&a.pos, pb, sizeof pb);
    if (a.json) {
        char h[3][32], last[48];
        for (int s = 0; s < 3; s++)
            ddz_format_hand(a.pos.hand[s], h[s], sizeof h[s]);
        ddz_format_move(&a.pos.last, last, sizeof last);
        printf("{\"L\":\"%s\",\"F1\":\"%s\",\"F2\":\"%s\",\"turn\":\"%s\",\"last\":\"%s\",\"by\":", h[0], h[1], h[2],
               ddz3_seat_name(a.pos.turn), last);
        if (a.pos.last.type == DDZ_PASS)
            printf("null");
        else
            printf("\"%s\"", ddz3_seat_name(a.pos.by));
        printf(",\"rules\":\"%s\",\"solver\":\"%s\",\"winner\":", rules, a.solver->name);
        if (lw < 0)
            printf("null");
        else
            printf("\"%s\"", side_name(!lw));
        printf(",\"outcome\":\"%s\",", ddz_outcome_name(o)); /* never "error": refused above */
        ddz_json_first_moves(&res);
        printf(",\"line\":[");
        for (int i = 0; i < nline; i++) {
            ddz_format_move(&line[i], buf, sizeof buf);
            printf("%s{\"seat\":\"%s\",\"move\":\"%s\"}", i ? "," : "", ddz3_seat_name(who[i]), buf);
        }
        printf("],\"line_complete\":%s,\"stats\":{\"nodes\":%llu,\"tt_hits\":%llu,\"tt_stores\":%llu,"
               "\"tt_bytes\":%zu,\"seconds\":%.6f}}\n",
               ended ? "true" : "false", res.nodes, res.tt_hits, res.tt_stores, res.tt_bytes, res.seconds);
    } else {
        printf("position: %s (L F1 F2, seat to move%s), rules %s, solver %s\n", pb,
               a.pos.last.type == DDZ_PASS ? "" : ", move to beat, its maker", rules, a.solver->name);
        if (lw < 0)
            printf("winner: undecided (timeout)\n");
        else
            printf("winner: %s (%s side to move)\n", side_name(!lw), (lw == 1) == (ddz3_side(a.pos.turn) == 0) ? "the" : "not the");
        printf("winning moves of %s (%zu of %zu):", ddz3_seat_name(a.pos.turn), nwin, res.n_first);
        ddz_print_winning_moves(&res);
        printf("\nline:");
        for (int i = 0; i < nline; i++) {
            ddz_format_move(&line[i], buf, sizeof buf);
            printf("%s %s %s", i ? "," : "", ddz3_seat_name(who[i]), buf);
        }
        printf("%s\nstats: %llu nodes, table %llu hits, %llu stores, %zu bytes, %.3f s\n", ended ? " (out)" : "",
               res.nodes, res.tt_hits, res.tt_stores, res.tt_bytes, res.seconds);
    }
    if (a.strategy) {
        if (lw < 0) {
            fputs("ddz solve3: --strategy: the position was not decided: no strategy to write\n", stderr);
            return 1;
        }
        char header[512];
        snprintf(header, sizeof header, "ddz-strategy3 1\nrules %s\nposition %s\nwinner %s\n", rules, pb, side_name(!lw));
        strategy3 sc = {a, !lw};
        sc.a.opt.threads = 1;
        sc.a.opt.all_first_moves = 0;
        const ddz_dag positions = {sizeof(ddz_position3), position_hash, same_position, NULL, 0, 0, NULL, 0, 0};
        if (ddz_strategy_write("solve3", a.strategy, header, &positions, &a.pos, write_node, NULL, &sc))
            return 1;
    }
    return 0;
}
