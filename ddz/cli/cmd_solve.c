/* ddz solve: decides a two-player open-card endgame, lists every winning first move, shows a
 * line of play (the shortest win against the longest defence), and writes the whole winning
 * strategy tree for the certificate checker; --time-limit bounds all of it together. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime, sigaction, pthread */
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "ddz_cli.h"
#include "ddz_line.h"
#include "ddz_movegen.h"
#include "ddz_oracle.h"
#include "ddz_solve_cli.h"
#include "output.h"

#define USAGE_SOLVE "usage: ddz solve " DDZ_USAGE_SOLVE "\n"
#define USAGE_PLAY "usage: ddz play " DDZ_USAGE_PLAY "   (the solver holds ME; you hold ENEMY)\n"

static const ddz_move pass_move = {0, DDZ_PASS, 0, 0};

int ddz_solve_parse(int argc, char **argv, ddz_solve_args *a, int allow_strategy)
{
    const char *cmd = a->cmd, *hands[2] = {NULL, NULL}, *last = NULL, *rules = NULL, *solver = NULL,
               *threads = NULL, *memory = NULL, *tlimit = NULL;
    const char *usage = strcmp(cmd, "play") == 0 ? USAGE_PLAY : USAGE_SOLVE;
    int nh = 0;
    ddz_error e;
    a->strategy = NULL;
    a->json = a->first = 0;
    a->progress = -1;
    a->deadline = 0;
    const ddz_flag flags[] = {
        {"--last", &last, NULL, 0},        {"--rules", &rules, NULL, 0},   {"--solver", &solver, NULL, 0},
        {"--threads", &threads, NULL, 0},  {"--memory", &memory, NULL, 0}, {"--time-limit", &tlimit, NULL, 0},
        /* ddz solve's own (ddz play takes none of them) */
        {"--strategy", &a->strategy, NULL, 0}, {"--json", NULL, &a->json, 1},  {"--first", NULL, &a->first, 1},
        {"--progress", NULL, &a->progress, 1}, {"--quiet", NULL, &a->progress, 0},
    };
    const ddz_cmdline line = {cmd, usage, flags, allow_strategy ? sizeof flags / sizeof flags[0] : 6, hands, 2,
                              "two hands only (ME ENEMY); a third:", 1};
    int rc = ddz_cmdline_read(&line, argc, argv, &nh);
    if (rc)
        return rc;
    if (nh < 2)
        return ddz_usage_error(cmd, usage, nh ? "ENEMY's hand is missing" : "ME and ENEMY's hands are missing", NULL);
    if (ddz_read_rules(cmd, rules, &a->rules))
        return 2;
    a->solver = ddz_solver_find(solver ? solver : "fast");
    if (!a->solver)
        return ddz_usage_error(cmd, usage, "--solver: no such solver (fast, naive, seed004):", solver);
    memset(&a->opt, 0, sizeof a->opt);
    a->opt.all_first_moves = 1;
    if (ddz_read_limits(&line, threads, memory, tlimit, &a->opt))
        return 2;
    if (tlimit)
        a->deadline = ddz_now() + a->opt.time_limit_s;
    for (int k = 0; k < 2; k++) {
        ddz_hand *h = k ? &a->pos.enemy : &a->pos.me;
        if (ddz_parse_hand(hands[k], 0, h, &e) != DDZ_OK) {
            fprintf(stderr, "ddz %s: %s hand '", cmd, k ? "ENEMY" : "ME");
            ddz_put_shown(stderr, hands[k]);
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
            ddz_put_shown(stderr, last);
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

/* Seconds left before the command's deadline: 0 = no limit, else at least a millisecond (a
 * solve given that little times out at once). */
static double time_left(const ddz_solve_args *a)
{
    if (a->deadline <= 0)
        return 0;
    double t = a->deadline - ddz_now();
    return t > 1e-3 ? t : 1e-3;
}

static int past_deadline(const ddz_solve_args *a) { return a->deadline > 0 && ddz_now() >= a->deadline; }

/* Interrupts (Ctrl-C): the first stops the search, the line and the strategy where they are, and
 * what is known is printed; a second one ends the process as usual. */
static volatile sig_atomic_t interrupted;

static void on_interrupt(int sig)
{
    interrupted = 1;
    signal(sig, SIG_DFL);
}

/* ddz play's table, kept across its turns (every answer in it stays exact), freed at exit. */
static ddz_table *play_table;
static void free_play_table(void) { ddz_table_free(play_table); }

ddz_outcome ddz_line_move(const ddz_solve_args *a, const ddz_position *p, ddz_move *out)
{
    static ddz_line line;
    if (play_out(p, &a->rules, out))
        return DDZ_SOLVE_WIN;
    if (!play_table && strcmp(a->solver->name, "fast") == 0) {
        play_table = ddz_table_new(a->opt.memory_bytes ? a->opt.memory_bytes : ddz_table_default_bytes(p));
        if (play_table)
            atexit(free_play_table);
    }
    ddz_line_options lo = {.rules = &a->rules, .solver = a->solver, .table = play_table,
                           .memory_bytes = a->opt.memory_bytes, .time_limit_s = a->opt.time_limit_s};
    ddz_outcome o = ddz_line_of_play(p, &lo, &line);
    if (o == DDZ_SOLVE_WIN || o == DDZ_SOLVE_LOSS) {
        if (line.n == 0)
            return line.stopped ? DDZ_SOLVE_TIMEOUT : DDZ_SOLVE_ERROR;
        *out = line.ply[0].move;
    }
    return o;
}

/* The strategy certificate (version 2, or 3 past the bound; ddz/README.md, "ddz certify and the
 * strategy file"): breadth-first from the root, one node per distinct position (a hash map from
 * position to node number), each with the winner's move and one `reply MOVE -> NODE` per legal
 * answer, or (version 3) `search` for a small one. Nodes are numbered in the order they are
 * first met, which is the order they are written. */
static int same_position(const void *xp, const void *yp)
{
    const ddz_position *x = xp, *y = yp;
    return x->me == y->me && x->enemy == y->enemy && ddz_move_compare(&x->last, &y->last) == 0;
}

static size_t position_hash(const void *pp)
{
    const ddz_position *p = pp;
    uint64_t h = p->me * 0x9e3779b97f4a7c15ULL ^ (p->enemy + 0x632be59bd9b4e019ULL) * 0xbf58476d1ce4e5b9ULL;
    h ^= (p->last.cards + ((uint64_t)p->last.type << 56 | (uint64_t)p->last.main << 48 | p->last.len)) *
         0x94d049bb133111ebULL;
    h ^= h >> 29;
    h *= 0xd6e8feb86659fd93ULL;
    return (size_t)(h ^ h >> 32);
}

/* The solver's answer at p in the time the command has left (the kept table, a->opt's threads). */
static ddz_outcome solve_for(const ddz_solve_args *a, const ddz_position *p, ddz_result *res)
{
    if (past_deadline(a) || interrupted)
        return DDZ_SOLVE_TIMEOUT;
    ddz_solve_options opt = a->opt;
    opt.time_limit_s = time_left(a);
    return a->solver->solve(p, &a->rules, &opt, res);
}

/* The winner's move at p: one that empties the hand, else
 * - a->fewest_answers 0 (the first and second ways): the solver's first winning move (one
 *   thread, all_first_moves 0, the kept table, the time the command has left);
 * - a->fewest_answers 1 (the third way): the winning move that leaves the enemy the fewest legal
 *   answers (ties: the generator's order), found by solving the enemy's position after each move
 *   in that order until one is a loss for the enemy. Measured (docs/ddz-parallel-search.md,
 *   "Certificates of the biggest wins"): it takes hard-random #1 from over 10,000,000 nodes to
 *   7,636,596, but made 9 of 20v17's 18 strategies bigger and its wins slower to write (82 s ->
 *   143 s), so it is the last way only. */
static ddz_outcome winning_move(const ddz_solve_args *a, const ddz_position *p, ddz_move *out)
{
    static ddz_result res;
    static ddz_move mv[DDZ_MAX_MOVES], r[DDZ_MAX_MOVES];
    static size_t order[DDZ_MAX_MOVES], answers[DDZ_MAX_MOVES];
    if (play_out(p, &a->rules, out))
        return DDZ_SOLVE_WIN;
    if (!a->fewest_answers) {
        ddz_outcome o = solve_for(a, p, &res);
        if (o != DDZ_SOLVE_WIN)
            return o;
        for (size_t i = 0; i < res.n_first; i++)
            if (res.first_wins[i] == 1) {
                *out = res.first[i];
                return o;
            }
        return DDZ_SOLVE_ERROR;
    }
    size_t n = ddz_generate(p->me, &p->last, &a->rules, mv, DDZ_MAX_MOVES);
    if (n > DDZ_MAX_MOVES)
        return DDZ_SOLVE_ERROR;
    for (size_t i = 0; i < n; i++) { /* insertion sort by answers, stable */
        ddz_position q = ddz_after(p, &mv[i]);
        answers[i] = ddz_generate(q.me, &q.last, &a->rules, r, DDZ_MAX_MOVES);
        size_t k = i;
        for (; k > 0 && answers[order[k - 1]] > answers[i]; k--)
            order[k] = order[k - 1];
        order[k] = i;
    }
    for (size_t i = 0; i < n; i++) {
        ddz_position q = ddz_after(p, &mv[order[i]]);
        ddz_outcome o = solve_for(a, &q, &res);
        if (o == DDZ_SOLVE_LOSS) {
            *out = mv[order[i]];
            return DDZ_SOLVE_WIN;
        }
        if (o != DDZ_SOLVE_WIN)
            return o;
    }
    return DDZ_SOLVE_LOSS;
}

/* The strategy writer's next way, when the last passed the checker's bound of nodes
 * (ddz_strategy_write's again): second, the same moves with every position of at most
 * DDZO_CERT_SEARCH_MAX_CARDS cards left to the checker's own search (version 3); third, that and
 * each move the winning one that leaves the fewest answers. */
static const char *next_way(void *ctx)
{
    ddz_solve_args *b = ctx;
    if (!b->search_cards) {
        b->search_cards = DDZO_CERT_SEARCH_MAX_CARDS;
        b->header[strlen("ddz-strategy ")] = '3';
        return "positions of at most " DDZO_STR(DDZO_CERT_SEARCH_MAX_CARDS) " cards left to the checker's search";
    }
    if (b->fewest_answers)
        return NULL;
    b->fewest_answers = 1;
    return "those positions left to the checker, and each move the winning one that leaves the fewest answers";
}

/* Node i + 1 of the strategy: the winner's move, and one reply line per legal answer. */
static int write_node(FILE *f, void *ctx, ddz_dag *d, size_t i, char *why, size_t cap, size_t *replies)
{
    static ddz_move r[DDZ_MAX_MOVES];
    const ddz_solve_args *a = ctx;
    char buf[48], me[32], en[32], last[48];
    ddz_position p = *(const ddz_position *)ddz_dag_at(d, i);
    ddz_move m;
    ddz_format_hand(p.me, me, sizeof me);
    ddz_format_hand(p.enemy, en, sizeof en);
    ddz_format_move(&p.last, last, sizeof last);
    if (a->search_cards && ddz_size(p.me) + ddz_size(p.enemy) <= a->search_cards) {
        /* reached by a winning play and a reply: a win, which the checker decides itself */
        fprintf(f, "node %zu me %s enemy %s last %s\nsearch\n", i + 1, me, en, last);
        return 0;
    }
    ddz_outcome o = winning_move(a, &p, &m);
    if (o != DDZ_SOLVE_WIN) {
        snprintf(why, cap, "node %zu (me %s enemy %s last %s) %s", i + 1, me, en, last,
                 o == DDZ_SOLVE_TIMEOUT ? interrupted ? "was not decided: interrupted" : "was not decided within --time-limit"
                 : o == DDZ_SOLVE_LOSS  ? "is a loss by the solver's own count (a flawed solver?)"
                                        : "made the solver fail");
        return -1;
    }
    ddz_format_move(&m, buf, sizeof buf);
    fprintf(f, "node %zu me %s enemy %s last %s\nplay %s\n", i + 1, me, en, last, buf);
    if (m.type != DDZ_PASS && m.cards == p.me)
        return 0;
    ddz_position q = ddz_after(&p, &m);
    size_t n = ddz_generate(q.me, &q.last, &a->rules, r, DDZ_MAX_MOVES);
    if (n > DDZ_MAX_MOVES) {
        snprintf(why, cap, "node %zu: more answers than the generator's bound", i + 1);
        return -1;
    }
    for (size_t k = 0; k < n; k++) {
        ddz_position s = ddz_after(&q, &r[k]);
        ddz_format_move(&r[k], last, sizeof last);
        if (!s.enemy) {
            snprintf(why, cap, "node %zu: the solver's play %s loses to the reply %s", i + 1, buf, last);
            return -1;
        }
        if (ddz_strategy_link(f, d, "reply", last, &s, why, cap))
            return -1;
    }
    *replies += n;
    return 0;
}

/* The monitor: a thread that watches the root's solve (ddz_solve_live) while it runs, prints the
 * outcome line as soon as a first move wins, a progress line on stderr every PROGRESS_EVERY
 * seconds after the first, and hands an interrupt on to the solve. */
#define PROGRESS_EVERY 2.0
typedef struct {
    pthread_mutex_t mu;
    pthread_cond_t cv;
    int done;
    ddz_solve_live live;
    int verdict;         /* print the outcome line early (text output) */
    int verdict_printed; /* read by the main thread after the join */
    int progress;
    double t0;
    const ddz_table *table;
    size_t table_bytes;
} monitor;

static void *monitor_run(void *arg)
{
    monitor *m = arg;
    double next = m->t0 + 1.0;
    pthread_mutex_lock(&m->mu);
    while (!m->done) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        ts.tv_nsec += 20 * 1000 * 1000;
        if (ts.tv_nsec >= 1000000000L) {
            ts.tv_sec++;
            ts.tv_nsec -= 1000000000L;
        }
        pthread_cond_timedwait(&m->cv, &m->mu, &ts);
        if (m->done)
            break;
        if (interrupted)
            __atomic_store_n(&m->live.stop, 1, __ATOMIC_RELAXED);
        if (m->verdict && !m->verdict_printed && __atomic_load_n(&m->live.won, __ATOMIC_ACQUIRE)) {
            fputs("outcome: win for the player to move\n", stdout);
            fflush(stdout);
            m->verdict_printed = 1;
        }
        double now = ddz_now();
        if (m->progress && now >= next) {
            fprintf(stderr,
                    "ddz solve: %.0f s: first moves %u of %u decided (%u winning), %.1f M nodes, table %zu of %zu MiB "
                    "in use\n",
                    now - m->t0, __atomic_load_n(&m->live.decided, __ATOMIC_ACQUIRE),
                    __atomic_load_n(&m->live.first_moves, __ATOMIC_RELAXED),
                    __atomic_load_n(&m->live.won, __ATOMIC_RELAXED),
                    1e-6 * (double)__atomic_load_n(&m->live.nodes, __ATOMIC_RELAXED),
                    ddz_table_bytes_in_use(m->table) >> 20, m->table_bytes >> 20);
            next = now + PROGRESS_EVERY;
        }
    }
    pthread_mutex_unlock(&m->mu);
    return NULL;
}

/* The line of play after the root's solve: from the root when every first move was decided,
 * else (--first) the first winning move found, then the line from there. */
static void line_after_solve(const ddz_solve_args *a, ddz_table *kept, const ddz_result *res, ddz_line *line,
                             int *from_first)
{
    ddz_line_options lo = {.rules = &a->rules, .solver = a->solver, .table = kept, .root = res,
                           .memory_bytes = a->opt.memory_bytes, .time_limit_s = time_left(a), .stop = &interrupted};
    *from_first = 0;
    if (!a->first || res->outcome != DDZ_SOLVE_WIN) {
        ddz_line_of_play(&a->pos, &lo, line);
        return;
    }
    size_t w = 0;
    while (res->first_wins[w] != 1)
        w++;
    const ddz_move *m = &res->first[w];
    ddz_position q = ddz_after(&a->pos, m);
    *from_first = 1;
    if (q.enemy == 0) { /* it plays out */
        memset(line, 0, offsetof(ddz_line, ply));
        line->outcome = DDZ_SOLVE_WIN;
        line->exact = 1;
    } else {
        lo.root = NULL;
        ddz_line_of_play(&q, &lo, line);
        if (line->n == DDZ_LINE_MAX)
            line->n--;
        memmove(line->ply + 1, line->ply, line->n * sizeof line->ply[0]);
        for (size_t i = 1; i <= line->n; i++) {
            ddz_line_ply *p = &line->ply[i];
            ddz_hand t = p->me;
            p->side ^= 1;
            p->me = p->enemy;
            p->enemy = t;
        }
        line->outcome = DDZ_SOLVE_WIN;
    }
    line->ply[0] = (ddz_line_ply){*m, 0, q.enemy, q.me};
    line->n++;
    if (line->length)
        line->length++;
}

int ddz_cmd_solve(int argc, char **argv)
{
    static ddz_result res;
    static ddz_line line;
    double t0 = ddz_now();
    if (argc > 1 && strcmp(argv[1], "-") == 0)
        return ddz_cmd_batch(argc, argv); /* ddz solve - = ddz batch - */
    ddz_solve_args a = {.cmd = "solve"};
    int rc = ddz_solve_parse(argc, argv, &a, 1);
    char buf[128], me[64], en[64], last[96], rules[128];
    if (rc)
        return rc < 0 ? 0 : rc;
    if (a.strategy && !cli_out_check("solve", "--strategy", a.strategy))
        return 1;
    if (a.first)
        a.opt.all_first_moves = 0;
    /* One table for the root's solve, the line and the strategy: each reads what the others
     * proved. Other solvers than fast keep no table. */
    ddz_table *kept = NULL;
    size_t kept_bytes = 0;
    if (strcmp(a.solver->name, "fast") == 0) {
        kept_bytes = a.opt.memory_bytes ? a.opt.memory_bytes : ddz_table_default_bytes(&a.pos);
        kept = ddz_table_new(kept_bytes);
        if (!kept) {
            fputs("ddz solve: out of memory for the table (try a smaller --memory)\n", stderr);
            return 1;
        }
        a.opt.table = kept;
    }
    ddz_format_hand(a.pos.me, me, sizeof me);
    ddz_format_hand(a.pos.enemy, en, sizeof en);
    ddz_format_move(&a.pos.last, last, sizeof last);
    ddz_format_rules(&a.rules, rules, sizeof rules);
    if (!a.json) {
        printf("position: me %s, enemy %s, to beat %s, rules %s, solver %s%s\n", me, en, last, rules, a.solver->name,
               a.solver->flawed ? " (flawed: the seed's comparison)" : "");
        fflush(stdout);
    }
    struct sigaction sa, old_sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_interrupt;
    sigemptyset(&sa.sa_mask);
    int trap = sigaction(SIGINT, NULL, &old_sa) == 0 && old_sa.sa_handler != SIG_IGN;
    if (trap)
        sigaction(SIGINT, &sa, NULL);

    /* The root's solve, watched by the monitor. */
    static monitor m;
    memset(&m.live, 0, sizeof m.live);
    m.done = m.verdict_printed = 0;
    m.verdict = !a.json;
    m.progress = a.progress < 0 ? isatty(STDERR_FILENO) : a.progress;
    m.t0 = t0;
    m.table = kept;
    m.table_bytes = kept_bytes;
    pthread_mutex_init(&m.mu, NULL);
    pthread_cond_init(&m.cv, NULL);
    pthread_t watcher;
    int watching = pthread_create(&watcher, NULL, monitor_run, &m) == 0;
    a.opt.live = &m.live;
    /* The search may use 90% of the command's time limit: the line (and a strategy) get the rest. */
    a.opt.time_limit_s = a.deadline > 0 ? 0.9 * time_left(&a) : 0;
    ddz_outcome o = a.solver->solve(&a.pos, &a.rules, &a.opt, &res);
    a.opt.live = NULL;
    if (watching) {
        pthread_mutex_lock(&m.mu);
        m.done = 1;
        pthread_cond_signal(&m.cv);
        pthread_mutex_unlock(&m.mu);
        pthread_join(watcher, NULL);
    }
    pthread_mutex_destroy(&m.mu);
    pthread_cond_destroy(&m.cv);
    double t_search = ddz_now() - t0;
    if (o == DDZ_SOLVE_ERROR) {
        ddz_table_free(kept);
        fputs("ddz solve: the solver failed (a move list beyond its bounds, or out of memory)\n", stderr);
        return 1;
    }
    size_t nwin = 0, nopen = 0;
    for (size_t i = 0; i < res.n_first; i++) {
        nwin += res.first_wins[i] == 1;
        nopen += res.first_wins[i] < 0;
    }

    /* The line of play, in the time the command has left. */
    int from_first = 0;
    double tl = ddz_now();
    memset(&line, 0, offsetof(ddz_line, ply));
    if ((o == DDZ_SOLVE_WIN || o == DDZ_SOLVE_LOSS) && !interrupted && !past_deadline(&a))
        line_after_solve(&a, kept, &res, &line, &from_first);
    else
        line.stopped = 1;
    tl = ddz_now() - tl;
    const char *why_short = interrupted ? "an interrupt" : "the time limit";

    if (a.json) {
        printf("{\"me\":\"%s\",\"enemy\":\"%s\",\"last\":\"%s\",\"rules\":\"%s\",\"solver\":\"%s\",\"flawed\":%s,",
               me, en, last, rules, a.solver->name, a.solver->flawed ? "true" : "false");
        printf("\"outcome\":\"%s\",\"first_only\":%s,", ddz_outcome_name(o), a.first ? "true" : "false");
        ddz_json_first_moves(&res);
        printf(",\"line\":[");
        for (size_t i = 0; i < line.n; i++) {
            char hm[64], he[64];
            ddz_format_move(&line.ply[i].move, buf, sizeof buf);
            ddz_format_hand(line.ply[i].me, hm, sizeof hm);
            ddz_format_hand(line.ply[i].enemy, he, sizeof he);
            printf("%s{\"player\":\"%s\",\"move\":\"%s\",\"me\":\"%s\",\"enemy\":\"%s\"}", i ? "," : "",
                   line.ply[i].side ? "enemy" : "me", buf, hm, he);
        }
        printf("],\"line_exact\":%s,\"line_complete\":%s,\"line_plies\":%d,\"interrupted\":%s,", 
               line.exact && !from_first ? "true" : "false",
               line.stopped || line.n == 0 || line.outcome != o ? "false" : "true",
               line.length, interrupted ? "true" : "false");
        printf("\"stats\":{\"nodes\":%llu,\"tt_hits\":%llu,\"tt_stores\":%llu,\"tt_evictions\":%llu,"
               "\"tt_bytes\":%zu,\"seconds\":%.6f,\"line_nodes\":%llu,\"line_solves\":%llu,\"line_seconds\":%.6f}}\n",
               res.nodes, res.tt_hits, res.tt_stores, res.tt_evictions, res.tt_bytes, res.seconds, line.nodes,
               line.solves, tl);
    } else {
        if (!m.verdict_printed)
            printf("outcome: %s for the player to move%s\n",
                   o == DDZ_SOLVE_WIN ? "win" : o == DDZ_SOLVE_LOSS ? "loss" : "timeout (undecided)",
                   o == DDZ_SOLVE_TIMEOUT && interrupted ? ": interrupted" : "");
        if (a.first && o == DDZ_SOLVE_WIN)
            printf("winning first moves (the first found, %zu of %zu; --first left %zu unsearched):", nwin,
                   res.n_first, nopen);
        else if (nopen)
            printf("winning first moves (%zu of %zu; %zu undecided: %s):", nwin, res.n_first, nopen, why_short);
        else
            printf("winning first moves (%zu of %zu):", nwin, res.n_first);
        ddz_print_winning_moves(&res);
        printf("\nline:");
        for (size_t i = 0; i < line.n; i++) {
            ddz_format_move(&line.ply[i].move, buf, sizeof buf);
            printf("%s %s %s", i ? "," : "", line.ply[i].side ? "enemy" : "me", buf);
        }
        if (o != DDZ_SOLVE_WIN && o != DDZ_SOLVE_LOSS)
            printf(" none: the position is undecided\n");
        else if (line.outcome == DDZ_SOLVE_ERROR || (line.outcome != o && !line.stopped))
            printf("%s (no line to the end: the solver's values contradict each other%s)\n", line.n ? "..." : " none",
                   a.solver->flawed ? ", as a flawed solver's may" : "");
        else if (line.stopped)
            printf("%s... (cut short by %s)\n", line.n ? "" : " none", why_short);
        else if (!line.exact)
            printf(" (the length search ran out of %s: from there a winning move against the reply proven to last "
                   "longest so far)\n",
                   a.deadline > 0 && past_deadline(&a) ? "time" : "budget");
        else if (from_first)
            printf(" (%d plies: the first winning move found, then the fastest proven win against the longest "
                   "defence)\n",
                   line.length);
        else
            printf(" (%d plies: the %s)\n", line.length,
                   o == DDZ_SOLVE_WIN ? "fastest proven win against the longest defence"
                                      : "longest defence against the fastest proven win");
        printf("stats: %llu nodes, table %llu hits, %llu stores, %llu evictions, %zu bytes, %.3f s; line %llu nodes, "
               "%llu short solves, %.3f s\n",
               res.nodes, res.tt_hits, res.tt_stores, res.tt_evictions, res.tt_bytes, res.seconds, line.nodes,
               line.solves, tl);
    }
    fflush(stdout);
    (void)t_search;
    if (a.strategy && !interrupted) {
        if (o != DDZ_SOLVE_WIN) {
            fprintf(stderr, "ddz solve: --strategy: no winning strategy to write (the position is %s)\n",
                    o == DDZ_SOLVE_TIMEOUT ? "undecided within --time-limit" : "a loss");
            ddz_table_free(kept);
            return 1;
        }
        char header[512];
        ddz_solve_args b = a;
        snprintf(header, sizeof header, "ddz-strategy 2\nrules %s\nme %s\nenemy %s\nlast %s\n", rules, me, en, last);
        b.header = header;
        /* One thread (the same move at each node, whatever the machine), the table of the root's
         * solve kept, so that a node's re-solve mostly reads what the root proved. */
        b.opt.threads = 1;
        b.opt.all_first_moves = 0;
        const ddz_dag positions = {sizeof(ddz_position), position_hash, same_position, NULL, 0, 0, NULL, 0, 0};
        int wr = ddz_strategy_write("solve", a.strategy, header, &positions, &a.pos, write_node, next_way, &b);
        if (wr) {
            ddz_table_free(kept);
            return wr < 0 && interrupted ? 130 : 1;
        }
    } else if (a.strategy) {
        fprintf(stderr, "ddz solve: --strategy '%s': not written: interrupted\n", a.strategy);
    }
    ddz_table_free(kept);
    if (trap)
        sigaction(SIGINT, &old_sa, NULL);
    if (interrupted) {
        fputs("ddz solve: interrupted\n", stderr);
        return 130;
    }
    return 0;
}
