/* ddz solve: decides a two-player open-card endgame, lists every winning first move, shows a
 * line of play, and writes the whole winning strategy tree for the certificate checker. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ddz_cli.h"
#include "ddz_movegen.h"
#include "ddz_solve_cli.h"

#define USAGE_SOLVE                                                                                       \
    "usage: ddz solve ME ENEMY [--last MOVE] [--rules R] [--solver fast|naive|seed004] [--threads N]\n" \
    "                 [--memory SIZE] [--time-limit S] [--json] [--strategy FILE]\n"
#define USAGE_PLAY                                                                                       \
    "usage: ddz play ME ENEMY [--last MOVE] [--rules R] [--solver fast|naive|seed004] [--threads N]\n" \
    "                [--memory SIZE] [--time-limit S]   (the solver holds ME; you hold ENEMY)\n"

static const ddz_move pass_move = {0, DDZ_PASS, 0, 0};

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

/* The strategy tree (ddz/README.md's format): at a winner's node one `play`, under it one
 * `reply` per legal answer, each answered one level deeper. Returns 0, or -1 when a solve
 * failed (timeout) or the file could not be written. */
static int write_tree(FILE *f, const ddz_solve_args *a, const ddz_position *p, int depth)
{
    ddz_move m;
    char buf[96];
    if (ddz_line_move(a, p, &m) != DDZ_SOLVE_WIN)
        return -1;
    ddz_format_move(&m, buf, sizeof buf);
    fprintf(f, "%*splay %s\n", depth, "", buf);
    if (m.type != DDZ_PASS && m.cards == p->me)
        return 0;
    ddz_position q = ddz_after(p, &m);
    size_t n = ddz_generate(q.me, &q.last, &a->rules, NULL, 0);
    ddz_move *r = malloc((n ? n : 1) * sizeof *r);
    if (!r)
        return -1;
    n = ddz_generate(q.me, &q.last, &a->rules, r, n);
    int rc = 0;
    for (size_t i = 0; i < n && rc == 0; i++) {
        ddz_format_move(&r[i], buf, sizeof buf);
        fprintf(f, "%*sreply %s\n", depth + 1, "", buf);
        ddz_position s = ddz_after(&q, &r[i]);
        rc = write_tree(f, a, &s, depth + 2);
    }
    free(r);
    return ferror(f) ? -1 : rc;
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
    ddz_outcome o = a.solver->solve(&a.pos, &a.rules, &a.opt, &res);
    if (o == DDZ_SOLVE_ERROR) {
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
            return 1;
        }
        FILE *f = fopen(a.strategy, "w");
        if (!f) {
            fprintf(stderr, "ddz solve: --strategy '%s': cannot write: %s\n", a.strategy, strerror(errno));
            return 1;
        }
        fprintf(f, "ddz-strategy 1\nrules %s\nme %s\nenemy %s\nlast %s\n", rules, me, en, last);
        ddz_solve_args b = a;
        /* The tree's positions are many and mostly small: one thread and a small table each
         * cost far less to set up than the root's. */
        if (!b.opt.memory_bytes || b.opt.memory_bytes > ((size_t)8 << 20))
            b.opt.memory_bytes = (size_t)8 << 20;
        b.opt.threads = 1;
        int wr = write_tree(f, &b, &a.pos, 0);
        if (fclose(f) != 0 || wr) {
            fprintf(stderr, "ddz solve: --strategy '%s': %s\n", a.strategy,
                    wr ? "a sub-position was not decided (time limit?)" : "write failed");
            return 1;
        }
    }
    return 0;
}
