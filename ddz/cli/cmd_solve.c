/* ddz solve: decides a two-player open-card endgame, lists every winning first move, shows a
 * line of play, and writes the whole winning strategy tree for the certificate checker. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ddz_cli.h"
#include "ddz_oracle.h"
#include "ddz_movegen.h"
#include "ddz_solve_cli.h"
#include "output.h"

#define USAGE_SOLVE                                                                                       \
    "usage: ddz solve ME ENEMY [--last MOVE] [--rules R] [--solver fast|naive|seed004] [--threads N]\n" \
    "                 [--memory SIZE] [--time-limit S] [--json] [--strategy FILE]\n"
#define USAGE_PLAY                                                                                       \
    "usage: ddz play ME ENEMY [--last MOVE] [--rules R] [--solver fast|naive|seed004] [--threads N]\n" \
    "                [--memory SIZE] [--time-limit S]   (the solver holds ME; you hold ENEMY)\n"

static const ddz_move pass_move = {0, DDZ_PASS, 0, 0};

static double wall_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void put_shown(const char *s)
{
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c >= 0x20 && c < 0x7f)
            fputc(c, stderr);
        else
            fprintf(stderr, "\\x%02x", c);
    }
}

static int usage_error(const char *cmd, const char *what, const char *arg)
{
    fprintf(stderr, "ddz %s: %s", cmd, what);
    if (arg) {
        fputs(" '", stderr);
        put_shown(arg);
        fputc('\'', stderr);
    }
    fputc('\n', stderr);
    fputs(strcmp(cmd, "play") == 0 ? USAGE_PLAY : USAGE_SOLVE, stderr);
    return 2;
}

/* SIZE: bytes, or a number with K, M or G (binary units). */
static int parse_size(const char *s, size_t *out)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (end == s || errno || s[0] == '-')
        return -1;
    unsigned shift = 0;
    if (*end == 'K' || *end == 'k')
        shift = 10, end++;
    else if (*end == 'M' || *end == 'm')
        shift = 20, end++;
    else if (*end == 'G' || *end == 'g')
        shift = 30, end++;
    if (*end == 'B' || *end == 'b')
        end++;
    if (*end || v == 0 || v > (1ULL << 40) >> shift)
        return -1;
    *out = (size_t)(v << shift);
    return 0;
}

int ddz_solve_parse(int argc, char **argv, ddz_solve_args *a, int allow_strategy)
{
    const char *cmd = a->cmd, *hands[2] = {NULL, NULL}, *last = NULL, *rules = NULL, *solver = NULL,
               *threads = NULL, *memory = NULL, *tlimit = NULL;
    int nh = 0, only_args = 0;
    ddz_error e;
    a->strategy = NULL;
    a->json = 0;
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i], **slot = NULL;
        if (only_args || arg[0] != '-' || arg[1] == '\0') {
            if (nh == 2)
                return usage_error(cmd, "two hands only (ME ENEMY); a third:", arg);
            hands[nh++] = arg;
            continue;
        }
        if (strcmp(arg, "--") == 0) {
            only_args = 1;
            continue;
        }
        if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
            fputs(strcmp(cmd, "play") == 0 ? USAGE_PLAY : USAGE_SOLVE, stdout);
            return -1;
        }
        size_t nl = strcspn(arg, "=");
#define FLAG(name) (nl == strlen(name) && strncmp(arg, name, nl) == 0)
        if (FLAG("--json") && allow_strategy) {
            if (arg[nl])
                return usage_error(cmd, "this flag takes no value:", arg);
            a->json = 1;
            continue;
        }
        if (FLAG("--last"))
            slot = &last;
        else if (FLAG("--rules"))
            slot = &rules;
        else if (FLAG("--solver"))
            slot = &solver;
        else if (FLAG("--threads"))
            slot = &threads;
        else if (FLAG("--memory"))
            slot = &memory;
        else if (FLAG("--time-limit"))
            slot = &tlimit;
        else if (FLAG("--strategy") && allow_strategy)
            slot = &a->strategy;
        else
            return usage_error(cmd, "unknown flag", arg);
#undef FLAG
        if (*slot)
            return usage_error(cmd, "flag given twice:", arg);
        if (arg[nl] == '=')
            *slot = arg + nl + 1;
        else if (i + 1 < argc)
            *slot = argv[++i];
        else
            return usage_error(cmd, "flag needs a value:", arg);
    }
    if (nh < 2)
        return usage_error(cmd, nh ? "ENEMY's hand is missing" : "ME and ENEMY's hands are missing", NULL);
    if (ddz_parse_rules(rules ? rules : "", &a->rules, &e) != DDZ_OK) {
        fprintf(stderr, "ddz %s: --rules: %s\n", cmd, e.message);
        return 2;
    }
    a->solver = ddz_solver_find(solver ? solver : "fast");
    if (!a->solver)
        return usage_error(cmd, "--solver: no such solver (fast, naive, seed004):", solver);
    memset(&a->opt, 0, sizeof a->opt);
    a->opt.all_first_moves = 1;
    if (threads) {
        char *end;
        long t = strtol(threads, &end, 10);
        if (*end || end == threads || t < 0 || t > 256)
            return usage_error(cmd, "--threads: a number 0 (all cores) to 256 expected, not", threads);
        a->opt.threads = (int)t;
    }
    if (memory && parse_size(memory, &a->opt.memory_bytes))
        return usage_error(cmd, "--memory: a size such as 512M or 2G (at most 1T) expected, not", memory);
    if (tlimit) {
        char *end;
        double t = strtod(tlimit, &end);
        if (*end || end == tlimit || !(t > 0) || !isfinite(t))
            return usage_error(cmd, "--time-limit: a positive number of seconds expected, not", tlimit);
        a->opt.time_limit_s = t;
    }
    for (int k = 0; k < 2; k++) {
        ddz_hand *h = k ? &a->pos.enemy : &a->pos.me;
        if (ddz_parse_hand(hands[k], 0, h, &e) != DDZ_OK) {
            fprintf(stderr, "ddz %s: %s hand '", cmd, k ? "ENEMY" : "ME");
            put_shown(hands[k]);
            fprintf(stderr, "': %s\n", e.message);
            return 1;
        }
    }
    if (ddz_check_disjoint(a->pos.me, a->pos.enemy, &e) != DDZ_OK) {
        fprintf(stderr, "ddz %s: ME and ENEMY do not fit one deck: %s\n", cmd, e.message);
        return 1;
    }
    a->pos.last = pass_move;
    if (last) {
        if (ddz_move_from_text(last, &a->rules, &a->pos.last, &e) != DDZ_OK) {
            fprintf(stderr, "ddz %s: --last '", cmd);
            put_shown(last);
            fprintf(stderr, "': %s\n", e.message);
            return 1;
        }
        if (ddz_check_disjoint(a->pos.me + a->pos.enemy, a->pos.last.cards, &e) != DDZ_OK) {
            fprintf(stderr, "ddz %s: the hands and --last do not fit one deck: %s\n", cmd, e.message);
            return 1;
        }
    }
    return 0;
}

ddz_position ddz_after(const ddz_position *p, const ddz_move *m)
{
    ddz_position q = {p->enemy, p->me - m->cards, *m};
    if (m->type == DDZ_PASS)
        q.last = pass_move;
    return q;
}

/* A move that empties the hand at once, if the side to move has one. */
static int play_out(const ddz_position *p, const ddz_rules *rules, ddz_move *out)
{
    static ddz_move mv[DDZ_MAX_MOVES];
    size_t n = ddz_generate(p->me, &p->last, rules, mv, DDZ_MAX_MOVES);
    for (size_t i = 0; i < n && i < DDZ_MAX_MOVES; i++)
        if (mv[i].type != DDZ_PASS && mv[i].cards == p->me) {
            *out = mv[i];
            return 1;
        }
    return 0;
}

/* The winner plays its first winning move in the generator's order (the same for every thread
 * count: the solver decides every first move). The loser resists: its first move after which
 * the winner cannot empty the hand at once, else its first move. */
static ddz_outcome pick(const ddz_solve_args *a, const ddz_position *p, const ddz_result *res, ddz_outcome o,
                       ddz_move *out)
{
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
    for (size_t i = 0; i < res->n_first; i++) {
        ddz_position q = ddz_after(p, &res->first[i]);
        ddz_move dummy;
        if (!play_out(&q, &a->rules, &dummy)) {
            *out = res->first[i];
            break;
        }
    }
    return o;
}

ddz_outcome ddz_line_move(const ddz_solve_args *a, const ddz_position *p, ddz_move *out)
{
    static ddz_result res;
    if (play_out(p, &a->rules, out))
        return DDZ_SOLVE_WIN;
    return pick(a, p, &res, a->solver->solve(p, &a->rules, &a->opt, &res), out);
}

static const char *outcome_name(ddz_outcome o)
{
    return o == DDZ_SOLVE_WIN ? "win" : o == DDZ_SOLVE_LOSS ? "loss" : o == DDZ_SOLVE_TIMEOUT ? "timeout" : "error";
}

/* The strategy certificate (ddz/README.md, "Strategy file format", version 2): breadth-first
 * from the root, one node per distinct position (a hash map from position to node number),
 * each with the winner's move and one `reply MOVE -> NODE` per legal answer. Nodes are numbered
 * in the order they are first met, which is the order they are written. */
typedef struct {
    ddz_position *pos; /* node i + 1 is pos[i] */
    size_t n, cap;
    uint32_t *slot;    /* open addressing: node index + 1, 0 empty */
    size_t nslots;     /* power of two, at most half full */
} dag;

static int same_position(const ddz_position *x, const ddz_position *y)
{
    return x->me == y->me && x->enemy == y->enemy && ddz_move_compare(&x->last, &y->last) == 0;
}

static size_t position_hash(const ddz_position *p)
{
    uint64_t h = p->me * 0x9e3779b97f4a7c15ULL ^ (p->enemy + 0x632be59bd9b4e019ULL) * 0xbf58476d1ce4e5b9ULL;
    h ^= (p->last.cards + ((uint64_t)p->last.type << 56 | (uint64_t)p->last.main << 48 | p->last.len)) *
         0x94d049bb133111ebULL;
    h ^= h >> 29;
    h *= 0xd6e8feb86659fd93ULL;
    return (size_t)(h ^ h >> 32);
}

/* The node number of p (1-based), adding it when new; 0 when out of memory or past max nodes. */
static uint32_t dag_node(dag *d, const ddz_position *p, size_t max)
{
    if (2 * (d->n + 1) > d->nslots) {
        size_t ns = d->nslots ? 2 * d->nslots : 1024;
        uint32_t *sl = calloc(ns, sizeof *sl);
        if (!sl)
            return 0;
        for (size_t i = 0; i < d->n; i++) {
            size_t k = position_hash(&d->pos[i]) & (ns - 1);
            while (sl[k])
                k = (k + 1) & (ns - 1);
            sl[k] = (uint32_t)(i + 1);
        }
        free(d->slot);
        d->slot = sl;
        d->nslots = ns;
    }
    size_t k = position_hash(p) & (d->nslots - 1);
    for (; d->slot[k]; k = (k + 1) & (d->nslots - 1))
        if (same_position(&d->pos[d->slot[k] - 1], p))
            return d->slot[k];
    if (d->n >= max)
        return 0;
    if (d->n == d->cap) {
        size_t c = d->cap ? 2 * d->cap : 1024;
        ddz_position *q = realloc(d->pos, c * sizeof *q);
        if (!q)
            return 0;
        d->pos = q;
        d->cap = c;
    }
    d->pos[d->n++] = *p;
    d->slot[k] = (uint32_t)d->n;
    return d->slot[k];
}

/* The winner's move at p: one that empties the hand, else the solver's first winning move
 * (one thread, all_first_moves 0, the kept table). */
static ddz_outcome winning_move(const ddz_solve_args *a, const ddz_position *p, ddz_move *out)
{
    static ddz_result res;
    if (play_out(p, &a->rules, out))
        return DDZ_SOLVE_WIN;
    ddz_outcome o = a->solver->solve(p, &a->rules, &a->opt, &res);
    if (o != DDZ_SOLVE_WIN)
        return o;
    for (size_t i = 0; i < res.n_first; i++)
        if (res.first_wins[i] == 1) {
            *out = res.first[i];
            return o;
        }
    return DDZ_SOLVE_ERROR;
}

/* Writes the nodes after the header; returns 0, or -1 with why filled. */
static int write_dag(FILE *f, const ddz_solve_args *a, char *why, size_t cap, size_t *nodes, size_t *replies)
{
    static ddz_move r[DDZ_MAX_MOVES];
    dag d = {0};
    int rc = -1;
    char buf[48], me[32], en[32], last[48];
    const size_t max = DDZO_CERT_MAX_NODES;
    *replies = 0;
    if (!dag_node(&d, &a->pos, max)) {
        snprintf(why, cap, "out of memory");
        goto done;
    }
    for (size_t i = 0; i < d.n; i++) {
        ddz_position p = d.pos[i];
        ddz_move m;
        ddz_format_hand(p.me, me, sizeof me);
        ddz_format_hand(p.enemy, en, sizeof en);
        ddz_format_move(&p.last, last, sizeof last);
        ddz_outcome o = winning_move(a, &p, &m);
        if (o != DDZ_SOLVE_WIN) {
            snprintf(why, cap, "node %zu (me %s enemy %s last %s) %s", i + 1, me, en, last,
                     o == DDZ_SOLVE_TIMEOUT ? "was not decided within --time-limit"
                     : o == DDZ_SOLVE_LOSS  ? "is a loss by the solver's own count (a flawed solver?)"
                                            : "made the solver fail");
            goto done;
        }
        ddz_format_move(&m, buf, sizeof buf);
        fprintf(f, "node %zu me %s enemy %s last %s\nplay %s\n", i + 1, me, en, last, buf);
        if (m.type != DDZ_PASS && m.cards == p.me)
            continue;
        ddz_position q = ddz_after(&p, &m);
        size_t n = ddz_generate(q.me, &q.last, &a->rules, r, DDZ_MAX_MOVES);
        if (n > DDZ_MAX_MOVES) {
            snprintf(why, cap, "node %zu: more answers than the generator's bound", i + 1);
            goto done;
        }
        for (size_t k = 0; k < n; k++) {
            ddz_position s = ddz_after(&q, &r[k]);
            ddz_format_move(&r[k], last, sizeof last);
            if (!s.enemy) {
                snprintf(why, cap, "node %zu: the solver's play %s loses to the reply %s", i + 1, buf, last);
                goto done;
            }
            uint32_t id = dag_node(&d, &s, max);
            if (!id) {
                snprintf(why, cap, d.n >= max ? "more than %zu nodes (the checker's bound)" : "out of memory at %zu nodes",
                         d.n >= max ? max : d.n);
                goto done;
            }
            fprintf(f, "reply %s -> %lu\n", last, (unsigned long)id);
        }
        *replies += n;
        if (ferror(f)) {
            snprintf(why, cap, "write failed");
            goto done;
        }
    }
    fprintf(f, "end %zu\n", d.n);
    rc = 0;
done:
    *nodes = d.n;
    free(d.pos);
    free(d.slot);
    return rc;
}

static void json_str(const char *s) { printf("\"%s\"", s); } /* the notation needs no escapes */

int ddz_cmd_solve(int argc, char **argv)
{
    static ddz_result res;
    ddz_solve_args a = {.cmd = "solve"};
    int rc = ddz_solve_parse(argc, argv, &a, 1);
    char buf[128], me[64], en[64], last[96], rules[128];
    if (rc)
        return rc < 0 ? 0 : rc;
    if (a.strategy && !cli_out_check("solve", "--strategy", a.strategy))
        return 1;
    /* With --strategy, one table for the root's solve and every node's re-solve after it. */
    ddz_table *kept = NULL;
    if (a.strategy) {
        kept = ddz_table_new(a.opt.memory_bytes);
        if (!kept) {
            fputs("ddz solve: --strategy: out of memory for the table (try a smaller --memory)\n", stderr);
            return 1;
        }
        a.opt.table = kept;
    }
    ddz_outcome o = a.solver->solve(&a.pos, &a.rules, &a.opt, &res);
    if (o == DDZ_SOLVE_ERROR) {
        ddz_table_free(kept);
        fputs("ddz solve: the solver failed (a move list beyond its bounds, or out of memory)\n", stderr);
        return 1;
    }
    ddz_format_hand(a.pos.me, me, sizeof me);
    ddz_format_hand(a.pos.enemy, en, sizeof en);
    ddz_format_move(&a.pos.last, last, sizeof last);
    ddz_format_rules(&a.rules, rules, sizeof rules);
    size_t nwin = 0;
    for (size_t i = 0; i < res.n_first; i++)
        nwin += res.first_wins[i] == 1;

    /* The line: the winner's move, the loser's resistance, ... to the end (48 plies at most). */
    ddz_move line[64];
    int who[64], nline = 0;
    if (o != DDZ_SOLVE_TIMEOUT) {
        ddz_position p = a.pos;
        int side = 0;
        ddz_solve_args b = a;
        while (nline < 64 && p.me && p.enemy) {
            ddz_move m;
            if (nline == 0) {
                if (pick(&a, &p, &res, o, &m) == DDZ_SOLVE_TIMEOUT || res.n_first == 0)
                    break;
            } else if (ddz_line_move(&b, &p, &m) == DDZ_SOLVE_TIMEOUT) {
                break;
            }
            line[nline] = m;
            who[nline++] = side;
            p = ddz_after(&p, &m);
            side ^= 1;
        }
    }
    if (a.json) {
        printf("{\"me\":\"%s\",\"enemy\":\"%s\",\"last\":\"%s\",\"rules\":\"%s\",\"solver\":\"%s\",\"flawed\":%s,",
               me, en, last, rules, a.solver->name, a.solver->flawed ? "true" : "false");
        printf("\"outcome\":\"%s\",\"first_moves\":[", outcome_name(o));
        for (size_t i = 0; i < res.n_first; i++) {
            ddz_format_move(&res.first[i], buf, sizeof buf);
            printf("%s{\"move\":", i ? "," : "");
            json_str(buf);
            printf(",\"wins\":%s}", res.first_wins[i] == 1 ? "true" : res.first_wins[i] == 0 ? "false" : "null");
        }
        printf("],\"winning_moves\":[");
        for (size_t i = 0, k = 0; i < res.n_first; i++)
            if (res.first_wins[i] == 1) {
                ddz_format_move(&res.first[i], buf, sizeof buf);
                printf("%s", k++ ? "," : "");
                json_str(buf);
            }
        printf("],\"line\":[");
        for (int i = 0; i < nline; i++) {
            ddz_format_move(&line[i], buf, sizeof buf);
            printf("%s{\"player\":\"%s\",\"move\":\"%s\"}", i ? "," : "", who[i] ? "enemy" : "me", buf);
        }
        printf("],\"stats\":{\"nodes\":%llu,\"tt_hits\":%llu,\"tt_stores\":%llu,\"tt_evictions\":%llu,"
               "\"tt_bytes\":%zu,\"seconds\":%.6f}}\n",
               res.nodes, res.tt_hits, res.tt_stores, res.tt_evictions, res.tt_bytes, res.seconds);
    } else {
        printf("position: me %s, enemy %s, to beat %s, rules %s, solver %s%s\n", me, en, last, rules, a.solver->name,
               a.solver->flawed ? " (flawed: the seed's comparison)" : "");
        printf("outcome: %s for the player to move\n",
               o == DDZ_SOLVE_WIN ? "win" : o == DDZ_SOLVE_LOSS ? "loss" : "timeout (undecided)");
        printf("winning first moves (%zu of %zu):", nwin, res.n_first);
        for (size_t i = 0; i < res.n_first; i++)
            if (res.first_wins[i] == 1) {
                ddz_format_move(&res.first[i], buf, sizeof buf);
                printf(" %s", buf);
            }
        printf("\nline:");
        for (int i = 0; i < nline; i++) {
            ddz_format_move(&line[i], buf, sizeof buf);
            printf("%s %s %s", i ? "," : "", who[i] ? "enemy" : "me", buf);
        }
        printf("\nstats: %llu nodes, table %llu hits, %llu stores, %llu evictions, %zu bytes, %.3f s\n", res.nodes,
               res.tt_hits, res.tt_stores, res.tt_evictions, res.tt_bytes, res.seconds);
    }
    if (a.strategy) {
        if (o != DDZ_SOLVE_WIN) {
            fprintf(stderr, "ddz solve: --strategy: no winning strategy to write (the position is a %s)\n",
                    outcome_name(o));
            ddz_table_free(kept);
            return 1;
        }
        cli_out out;
        if (!cli_out_open(&out, "solve", "--strategy", a.strategy, CLI_OUT_REPLACE)) {
            ddz_table_free(kept);
            return 1;
        }
        FILE *f = out.f;
        fprintf(f, "ddz-strategy 2\nrules %s\nme %s\nenemy %s\nlast %s\n", rules, me, en, last);
        /* One thread (the same move at each node, whatever the machine), the table of the root's
         * solve kept, so that a node's re-solve mostly reads what the root proved. */
        ddz_solve_args b = a;
        b.opt.threads = 1;
        b.opt.all_first_moves = 0;
        char why[512];
        size_t nodes = 0, replies = 0;
        double t0 = wall_seconds();
        int wr = write_dag(f, &b, why, sizeof why, &nodes, &replies);
        ddz_table_free(kept);
        if (wr) {
            fprintf(stderr, "ddz solve: --strategy '%s': not written: %s\n", a.strategy, why);
            cli_out_discard(&out);
            return 1;
        }
        if (cli_out_close(&out))
            return 1;
        fprintf(stderr, "ddz solve: --strategy '%s': %zu nodes, %zu replies, %.3f s\n", a.strategy, nodes, replies,
                wall_seconds() - t0);
    }
    return 0;
}
