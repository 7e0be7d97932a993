/* line: the line of play of a decided position, read from the solve's table: a depth-bounded
 * search (how many plies does the winner need?) over the moves the table proves winning, the
 * winner taking the shortest win and the loser the defence that lasts longest.
 *
 * Why this way: the table holds every position the solve decided, with its value but no
 * length; the length search needs the values only to know which of the winner's moves win (a
 * losing one never ends the game within any bound), and takes them from the table, from the
 * root's result, or, for a position the search never reached, from a short solve on the same
 * table (mostly hits). It is iterative deepening on "the side to move wins within d plies"
 * (within()), with a memo of the proven bounds per position (lo <= plies <= hi), so that the
 * exact length of each position on the line costs one search and the walk down the line reads
 * the memo. Its nodes are counted against a budget: the choices made so are the same on any
 * machine and for any table contents (values are exact whoever found them). */
#include "ddz_line.h"
#include "ddz_movegen.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#define NO_HI 255
#define STACK_MOVES ((size_t)1 << 20)

typedef struct {
    ddz_position pos;
    signed char value; /* the side to move: 1 wins, 0 loses, -1 not known yet */
    unsigned char lo;  /* won positions: the plies to the end are at least lo ... */
    unsigned char hi;  /* ... and at most hi (NO_HI: none proven) */
    unsigned char used;
} entry;

enum { GO = 0, OUT_BUDGET = 1, OUT_TIME = 2, OUT_ERROR = 3, OUT_STOP = 4 };

typedef struct {
    const ddz_line_options *o;
    const ddz_solver *solver;
    entry *e;
    size_t n, nslots;
    ddz_move *stack; /* move lists, one region per level */
    size_t top;
    ddz_result *res; /* the short solves' */
    double deadline;  /* CLOCK_MONOTONIC seconds; 0 none */
    unsigned long long nodes, budget, solves, small;
    int out; /* GO, or why the search stopped */
    int late; /* the time ran out during the length search: the rest from what is known, no search */
    ddz_move chosen; /* winner_move's pick */
} lctx;

static const ddz_move pass_move = {0, DDZ_PASS, 0, 0};

static double mono_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static ddz_position after(const ddz_position *p, const ddz_move *m)
{
    ddz_position q = {p->enemy, p->me - m->cards, *m};
    if (m->type == DDZ_PASS)
        q.last = pass_move;
    return q;
}

static int hand_cards(ddz_hand h)
{
    int n = 0;
    for (; h; h >>= 4)
        n += (int)(h & 15);
    return n;
}

static size_t hash_position(const ddz_position *p)
{
    uint64_t h = p->me * 0x9e3779b97f4a7c15ULL ^ (p->enemy + 0x632be59bd9b4e019ULL) * 0xbf58476d1ce4e5b9ULL;
    h ^= (p->last.cards + ((uint64_t)p->last.type << 56 | (uint64_t)p->last.main << 48 | p->last.len)) *
         0x94d049bb133111ebULL;
    h ^= h >> 29;
    h *= 0xd6e8feb86659fd93ULL;
    return (size_t)(h ^ h >> 32);
}

static int same(const ddz_position *a, const ddz_position *b)
{
    return a->me == b->me && a->enemy == b->enemy && a->last.cards == b->last.cards &&
           a->last.type == b->last.type && a->last.main == b->last.main && a->last.len == b->last.len;
}

/* The memo entry of p, added (unknown) when new; NULL when out of memory. Pointers stay valid
 * until the next call. */
static entry *memo(lctx *c, const ddz_position *p)
{
    if (2 * (c->n + 1) > c->nslots) {
        size_t ns = c->nslots ? 2 * c->nslots : 4096;
        entry *e = calloc(ns, sizeof *e);
        if (!e) {
            c->out = OUT_ERROR;
            return NULL;
        }
        for (size_t i = 0; i < c->nslots; i++)
            if (c->e[i].used) {
                size_t k = hash_position(&c->e[i].pos) & (ns - 1);
                while (e[k].used)
                    k = (k + 1) & (ns - 1);
                e[k] = c->e[i];
            }
        free(c->e);
        c->e = e;
        c->nslots = ns;
    }
    size_t k = hash_position(p) & (c->nslots - 1);
    for (; c->e[k].used; k = (k + 1) & (c->nslots - 1))
        if (same(&c->e[k].pos, p))
            return &c->e[k];
    c->n++;
    c->e[k] = (entry){*p, -1, 1, NO_HI, 1};
    return &c->e[k];
}

/* The moves of p, on the stack (the caller pops them: c->top = the returned base). NULL (with
 * c->out set) when the stack is full or the list too long. */
static ddz_move *moves(lctx *c, const ddz_position *p, size_t *n, size_t *base)
{
    *base = c->top;
    size_t room = STACK_MOVES - c->top;
    size_t k = ddz_generate(p->me, &p->last, c->o->rules, c->stack + c->top, room);
    if (k > room) {
        c->out = OUT_ERROR;
        return NULL;
    }
    *n = k;
    c->top += k;
    return c->stack + *base;
}

/* The winner's order: more cards first (the pass, 0 cards, last), the generator's order within
 * a count: a stable sort. */
static void winner_order(ddz_move *mv, size_t n)
{
    for (size_t i = 1; i < n; i++) {
        ddz_move t = mv[i];
        int ct = hand_cards(t.cards);
        size_t j = i;
        for (; j > 0 && hand_cards(mv[j - 1].cards) < ct; j--)
            mv[j] = mv[j - 1];
        mv[j] = t;
    }
}

/* The loser's order: the generator's (lowest answers first, by type), the pass moved last. */
static void loser_order(ddz_move *mv, size_t n)
{
    if (n && mv[0].type == DDZ_PASS) {
        memmove(mv, mv + 1, (n - 1) * sizeof *mv);
        mv[n - 1] = pass_move;
    }
}

static int empties(const ddz_position *p, const ddz_move *m) { return m->type != DDZ_PASS && m->cards == p->me; }

static int within(lctx *c, const ddz_position *x, int d);

static int stopped(lctx *c)
{
    if (c->out)
        return 1;
    if (c->o->stop && *c->o->stop)
        c->out = OUT_STOP;
    else if (c->deadline > 0 && mono_now() > c->deadline)
        c->out = OUT_TIME;
    return c->out != GO;
}

/* The memo entry of p when it has one, else NULL (nothing added). */
static entry *memo_find(lctx *c, const ddz_position *p)
{
    if (!c->nslots)
        return NULL;
    for (size_t k = hash_position(p) & (c->nslots - 1); c->e[k].used; k = (k + 1) & (c->nslots - 1))
        if (same(&c->e[k].pos, p))
            return &c->e[k];
    return NULL;
}

static int remember(lctx *c, const ddz_position *p, int v)
{
    entry *e = memo(c, p);
    if (!e)
        return -2;
    e->value = (signed char)v;
    return v;
}

/* A short solve of p (one thread, first win only, the kept table, the time left): its value,
 * and the values of the first moves it decided remembered; *win (optional) its first winning
 * move. -2 when stopped. */
static int short_solve(lctx *c, const ddz_position *p, ddz_move *win)
{
    if (c->late)
        return -1; /* no time left for a search: not known */
    if (stopped(c))
        return -2;
    ddz_solve_options so = {0};
    so.threads = 1;
    so.memory_bytes = c->o->memory_bytes;
    so.table = c->o->table;
    if (c->deadline > 0)
        so.time_limit_s = c->deadline - mono_now() > 1e-3 ? c->deadline - mono_now() : 1e-3;
    c->solves++;
    ddz_outcome r = c->solver->solve(p, c->o->rules, &so, c->res);
    if (r == DDZ_SOLVE_TIMEOUT || r == DDZ_SOLVE_ERROR) {
        c->out = r == DDZ_SOLVE_TIMEOUT ? OUT_TIME : OUT_ERROR;
        return -2;
    }
    for (size_t i = 0; i < c->res->n_first; i++)
        if (c->res->first_wins[i] >= 0) {
            ddz_position q = after(p, &c->res->first[i]);
            if (q.enemy && remember(c, &q, !c->res->first_wins[i]) < 0)
                return -2;
            if (win && c->res->first_wins[i] == 1) {
                *win = c->res->first[i];
                win = NULL;
            }
        }
    return remember(c, p, r == DDZ_SOLVE_WIN);
}

#define LINE_SOLVE_CARDS 10

/* The exact value of a small position (at most LINE_SOLVE_CARDS cards) by a plain search with
 * the memo (the table read first): for the many small positions near the end of a line a short
 * solve's setup costs more than the search. 1, 0, or -2 stopped. */
static int small_value(lctx *c, const ddz_position *p)
{
    entry *e = memo_find(c, p);
    if (e && e->value >= 0)
        return e->value;
    int v = c->o->table ? ddz_table_probe(c->o->table, p, c->o->rules) : -1;
    if (v >= 0)
        return v;
    if ((++c->small & 255) == 0 && stopped(c))
        return -2;
    size_t n, base;
    ddz_move *mv = moves(c, p, &n, &base);
    if (!mv)
        return -2;
    for (size_t i = 0; i < n && v < 0; i++)
        if (empties(p, &mv[i]))
            v = 1;
    for (size_t i = 0; i < n && v < 0; i++) {
        ddz_position q = after(p, &mv[i]);
        int w = small_value(c, &q);
        if (w < 0)
            v = -2;
        else if (w == 0)
            v = 1;
    }
    c->top = base;
    if (v == -2)
        return -2;
    return remember(c, p, v < 0 ? 0 : v);
}

/* What is known of p's value for its side to move without a search of a big position: 1 wins,
 * 0 loses, -1 not known, -2 stopped. Known: the memo, the table, a move that empties the hand,
 * the value after a forced pass, and a short solve when p has at most LINE_SOLVE_CARDS cards. */
static int known(lctx *c, const ddz_position *p)
{
    entry *e = memo_find(c, p);
    if (e && e->value >= 0)
        return e->value;
    int v = c->o->table ? ddz_table_probe(c->o->table, p, c->o->rules) : -1;
    if (v >= 0)
        return v;
    size_t n, base;
    ddz_move *mv = moves(c, p, &n, &base);
    if (!mv)
        return -2;
    for (size_t i = 0; i < n && v < 0; i++)
        if (empties(p, &mv[i]))
            v = 1;
    if (v < 0 && n == 1 && mv[0].type == DDZ_PASS) { /* only the pass: the value after it */
        ddz_position q = after(p, &mv[0]);
        int w = known(c, &q);
        v = w < 0 ? w : !w;
    }
    c->top = base;
    if (v == -1 && !c->late && hand_cards(p->me) + hand_cards(p->enemy) <= LINE_SOLVE_CARDS)
        v = small_value(c, p);
    return v;
}

/* The value of p, by a short solve when nothing cheaper knows it: 1, 0, or -2 stopped. */
static int value(lctx *c, const ddz_position *p)
{
    int v = known(c, p);
    return v == -1 ? short_solve(c, p, NULL) : v;
}

/* Whether the winner's move m at x wins within d plies against every reply: 1, 0, -1 stopped. */
static int move_within(lctx *c, const ddz_position *x, const ddz_move *m, int d)
{
    ddz_position q = after(x, m);
    size_t nr, rbase;
    ddz_move *r = moves(c, &q, &nr, &rbase);
    if (!r)
        return -1;
    int all = 1;
    for (size_t k = 0; k < nr && all == 1; k++) {
        ddz_position y = after(&q, &r[k]);
        all = empties(&q, &r[k]) ? 0 : within(c, &y, d - 2); /* empties: a solver's mistake */
    }
    c->top = rbase;
    return all;
}

/* The winner's moves at x worth trying, in winner_order: those known to win (a loss for the
 * opponent after them: the table, the memo, a short solve of a small position); when none is,
 * the first winning move of a short solve of x. Calls attempt(m) on each until it returns nonzero;
 * returns that, 0 when none did, -1 when stopped. */
static int winning_moves(lctx *c, const ddz_position *x, int (*attempt)(lctx *, const ddz_position *, const ddz_move *, int),
                         int d)
{
    size_t n, base;
    ddz_move *mv = moves(c, x, &n, &base);
    if (!mv)
        return -1;
    winner_order(mv, n);
    int result = 0, any = 0;
    for (size_t i = 0; i < n && !result; i++) {
        ddz_position q = after(x, &mv[i]);
        int v = known(c, &q);
        if (v == -2)
            result = -1;
        else if (v == 0) {
            any = 1;
            result = attempt(c, x, &mv[i], d);
        }
    }
    c->top = base;
    if (!result && !any) {
        ddz_move w;
        int v = short_solve(c, x, &w);
        if (v == -1 && c->out == GO)
            c->out = OUT_TIME; /* late, and nothing known: the line stops here */
        if (v < 0)
            return -1;
        if (v == 0) {
            c->out = OUT_ERROR; /* x was to be won: the values were not a solver's exact ones */
            return -1;
        }
        result = attempt(c, x, &w, d);
    }
    return result;
}

/* Nonzero when the side to move at x (a won position) wins within d plies (d odd) against any
 * defence, playing moves winning_moves offers; -1 when stopped (budget, time, error). */
static int within(lctx *c, const ddz_position *x, int d)
{
    entry *e = memo_find(c, x);
    if (e && d >= e->hi)
        return 1;
    if (e && d < e->lo)
        return 0;
    if (c->out || ++c->nodes > c->budget) {
        if (!c->out)
            c->out = OUT_BUDGET;
        return -1;
    }
    if ((c->nodes & 255) == 0 && stopped(c))
        return -1;
    size_t n, base;
    ddz_move *mv = moves(c, x, &n, &base);
    if (!mv)
        return -1;
    int result = 0;
    for (size_t i = 0; i < n && !result; i++)
        if (empties(x, &mv[i]))
            result = 1, d = 1;
    c->top = base;
    if (!result && d >= 3)
        result = winning_moves(c, x, move_within, d);
    if (result < 0)
        return -1;
    e = memo(c, x);
    if (!e)
        return -1;
    if (result && d < e->hi)
        e->hi = (unsigned char)d;
    if (!result && d + 2 > e->lo)
        e->lo = (unsigned char)(d + 2);
    return result;
}

/* The plies the side to move at x (won) needs against the best defence; -1 when stopped. */
static int to_win(lctx *c, const ddz_position *x)
{
    entry *e = memo_find(c, x);
    int d = (e ? e->lo : 1) | 1, dmax = 2 * (hand_cards(x->me) + hand_cards(x->enemy)) + 1;
    for (; d <= dmax; d += 2) {
        int w = within(c, x, d);
        if (w)
            return w < 0 ? -1 : d;
    }
    c->out = OUT_ERROR; /* no win within any length: the values were not a solver's exact ones */
    return -1;
}

/* The length search ran out (budget, or time: then no more searches either): the rest of the
 * line goes on without lengths. Nonzero when it may. */
static int give_up_lengths(lctx *c, int *exact)
{
    if (c->out != OUT_BUDGET && c->out != OUT_TIME)
        return 0;
    c->late |= c->out == OUT_TIME;
    c->out = GO;
    *exact = 0;
    return 1;
}

/* winning_moves' attempt for the line: m is taken when it wins within d (exact), or at once. */
static int take_within(lctx *c, const ddz_position *x, const ddz_move *m, int d)
{
    int w = d ? move_within(c, x, m, d) : 1;
    if (w == 1)
        c->chosen = *m;
    return w;
}

/* The winner's move at x: the first (winner_order) that wins within D plies, D = to_win(x).
 * Without lengths (past the budget), the first winning move. Returns 0, or -1 when stopped. */
static int winner_move(lctx *c, const ddz_position *x, ddz_move *out, int *exact)
{
    size_t n, base;
    ddz_move *mv = moves(c, x, &n, &base);
    if (!mv)
        return -1;
    for (size_t i = 0; i < n; i++)
        if (empties(x, &mv[i])) {
            *out = mv[i];
            c->top = base;
            return 0;
        }
    c->top = base;
    int D = *exact ? to_win(c, x) : 0;
    if (D < 0 && give_up_lengths(c, exact))
        D = 0;
    if (D < 0)
        return -1;
    int r = winning_moves(c, x, take_within, D);
    if (r < 0 && D && give_up_lengths(c, exact))
        r = winning_moves(c, x, take_within, 0);
    if (r < 0)
        return -1;
    if (r == 0) {
        c->out = OUT_ERROR;
        return -1;
    }
    *out = c->chosen;
    return 0;
}

/* The loser's move at p (lost): the first (loser_order) after which the winner needs the most
 * plies. Past the budget, the one whose lower bound on those plies is the highest proven. */
static int loser_move(lctx *c, const ddz_position *p, ddz_move *out, int *exact)
{
    size_t n, base;
    ddz_move *mv = moves(c, p, &n, &base);
    if (!mv)
        return -1;
    if (n == 0) {
        c->top = base;
        c->out = OUT_ERROR;
        return -1;
    }
    loser_order(mv, n);
    int best = -1;
    for (size_t i = 0; i < n; i++) {
        ddz_position y = after(p, &mv[i]);
        int plies;
        if (*exact) {
            int w = best < 0 ? 0 : within(c, &y, best);
            if (w == 1)
                continue; /* no longer than the best so far */
            plies = w < 0 ? -1 : to_win(c, &y);
            if (plies < 0 && give_up_lengths(c, exact)) {
                i = (size_t)-1; /* again, from the bounds proven so far */
                best = -1;
                continue;
            }
            if (plies < 0) {
                c->top = base;
                return -1;
            }
        } else {
            entry *e = memo_find(c, &y);
            plies = !e ? 1 : e->hi < NO_HI && e->hi == e->lo ? e->hi : e->lo;
            if (plies <= best)
                continue;
        }
        best = plies;
        *out = mv[i];
    }
    c->top = base;
    return 0;
}

ddz_outcome ddz_line_of_play(const ddz_position *root, const ddz_line_options *o, ddz_line *out)
{
    lctx c = {0};
    memset(out, 0, offsetof(ddz_line, ply));
    out->outcome = DDZ_SOLVE_ERROR;
    c.o = o;
    c.solver = o->solver ? o->solver : ddz_solver_find("fast");
    c.budget = o->budget ? o->budget : DDZ_LINE_BUDGET;
    c.deadline = o->time_limit_s > 0 ? mono_now() + o->time_limit_s : 0;
    c.stack = malloc(STACK_MOVES * sizeof *c.stack);
    c.res = malloc(sizeof *c.res);
    int v = -1;
    if (!c.stack || !c.res || !c.solver)
        goto done;
    if (root->me == 0 || root->enemy == 0)
        goto done;
    /* What the root's solve decided, as it decided it. */
    if (o->root && (o->root->outcome == DDZ_SOLVE_WIN || o->root->outcome == DDZ_SOLVE_LOSS)) {
        entry *e = memo(&c, root);
        if (!e)
            goto done;
        e->value = o->root->outcome == DDZ_SOLVE_WIN;
    }
    if (o->root)
        for (size_t i = 0; i < o->root->n_first; i++)
            if (o->root->first_wins[i] >= 0) {
                ddz_position q = after(root, &o->root->first[i]);
                entry *e = memo(&c, &q);
                if (!e)
                    goto done;
                e->value = (signed char)!o->root->first_wins[i];
            }
    v = value(&c, root);
    if (v < 0) {
        v = -1;
        goto done;
    }
    out->outcome = v ? DDZ_SOLVE_WIN : DDZ_SOLVE_LOSS;
    int exact = 1, side = 0;
    ddz_position p = *root;
    while (p.me && p.enemy && out->n < DDZ_LINE_MAX) {
        ddz_move m;
        int r = v ? winner_move(&c, &p, &m, &exact) : loser_move(&c, &p, &m, &exact);
        if (r < 0)
            break;
        ddz_position q = after(&p, &m);
        ddz_line_ply *ply = &out->ply[out->n++];
        ply->move = m;
        ply->side = side;
        ply->me = side ? q.me : q.enemy;
        ply->enemy = side ? q.enemy : q.me;
        p = q;
        side ^= 1;
        v = !v;
    }
    out->exact = exact;
    if (p.me && p.enemy) {
        if (c.out == OUT_ERROR) {
            out->outcome = DDZ_SOLVE_ERROR;
        } else {
            out->stopped = 1;
        }
    } else if (exact) {
        out->length = (int)out->n;
    }
done:
    if (v < 0 && (c.out == OUT_TIME || c.out == OUT_STOP))
        out->outcome = DDZ_SOLVE_TIMEOUT;
    out->nodes = c.nodes + c.small;
    out->solves = c.solves;
    free(c.e);
    free(c.stack);
    free(c.res);
    return out->outcome;
}
