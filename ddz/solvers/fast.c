/* fast: exact AND/OR search of a two-player open-card endgame with an exact-key, bounded,
 * shared transposition table, win-first move ordering, and OpenMP over the first moves. */
#include "ddz_movegen.h"
#include "ddz_solver.h"

#include <omp.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* The key of "the move to beat": only type, main and len matter, never its cards (they are
 * out of both hands already, and ddz_beats reads nothing else). 0 is kept for an empty slot. */
static inline uint32_t last_key(const ddz_move *last)
{
    if (last->type == DDZ_PASS)
        return 1;
    return 2u + ((uint32_t)last->type | (uint32_t)last->main << 5 | (uint32_t)last->len << 10);
}

/* A table entry: the full position (both 60-bit hands and the last key), so that a lookup
 * never answers for another position; `size` (cards left in both hands) is the replacement
 * priority: bigger positions cost more to redo. */
typedef struct {
    ddz_hand me, enemy;
    uint32_t last;  /* last_key, 0 = empty */
    uint16_t size;
    uint8_t value;
    uint8_t pad;
} tt_entry;

#define TT_WAYS 4
#define TT_LOCKS 1024

typedef struct ddz_table {
    tt_entry *e;
    size_t nbuckets; /* power of two */
    int locking;
    omp_lock_t lock[TT_LOCKS];
} tt_table;

static inline uint64_t mix(uint64_t x)
{
    x ^= x >> 31;
    x *= 0x7fb5d329728ea185ULL;
    x ^= x >> 27;
    x *= 0x81dadef4bc2dd44dULL;
    x ^= x >> 33;
    return x;
}

static inline size_t bucket_of(const tt_table *t, ddz_hand me, ddz_hand en, uint32_t lk)
{
    return (size_t)(mix(me * 0x9e3779b97f4a7c15ULL ^ mix(en + lk)) & (t->nbuckets - 1));
}

/* Per-thread search state. */
typedef struct {
    tt_table *tt;
    const ddz_rules *rules;
    ddz_move *buf; /* a stack of move lists, one region per ply */
    size_t cap, top;
    unsigned long long nodes, hits, stores, evictions;
    double deadline;
    volatile int *abort; /* shared: a timeout or a move list too long */
    int *overflow;
} ctx;

static int tt_probe(ctx *c, ddz_hand me, ddz_hand en, uint32_t lk, int *value)
{
    tt_table *t = c->tt;
    size_t b = bucket_of(t, me, en, lk);
    tt_entry *e = &t->e[b * TT_WAYS];
    int found = 0;
    if (t->locking)
        omp_set_lock(&t->lock[b % TT_LOCKS]);
    for (int i = 0; i < TT_WAYS; i++)
        if (e[i].last == lk && e[i].me == me && e[i].enemy == en) {
            *value = e[i].value;
            found = 1;
            break;
        }
    if (t->locking)
        omp_unset_lock(&t->lock[b % TT_LOCKS]);
    return found;
}

static void tt_store(ctx *c, ddz_hand me, ddz_hand en, uint32_t lk, int value, int size)
{
    tt_table *t = c->tt;
    size_t b = bucket_of(t, me, en, lk);
    tt_entry *e = &t->e[b * TT_WAYS];
    int victim = 0;
    if (t->locking)
        omp_set_lock(&t->lock[b % TT_LOCKS]);
    for (int i = 0; i < TT_WAYS; i++) {
        if (e[i].last == 0 || (e[i].last == lk && e[i].me == me && e[i].enemy == en)) {
            victim = i;
            goto put;
        }
        if (e[i].size < e[victim].size)
            victim = i;
    }
    c->evictions++;
put:
    e[victim].me = me;
    e[victim].enemy = en;
    e[victim].last = lk;
    e[victim].size = (uint16_t)size;
    e[victim].value = (uint8_t)value;
    c->stores++;
    if (t->locking)
        omp_unset_lock(&t->lock[b % TT_LOCKS]);
}

/* Orders a move list in place for "a win early": a move that empties the hand is tested
 * before this is called; then the moves spending more cards (big groups shed the hand and
 * leave fewer singles for the opponent to top), the pass last (passing hands the lead over).
 * A counting sort on the card count: stable, so the order stays the generator's within a
 * count, and the search is the same whatever the thread count. */
static void order_moves(ddz_move *mv, size_t n, ddz_move *scratch)
{
    size_t start[DDZ_MAX_HAND + 2] = {0}; /* bucket DDZ_MAX_HAND - cards: bigger first, pass last */
    for (size_t i = 0; i < n; i++) {
        int k = mv[i].type == DDZ_PASS ? 0 : ddz_size(mv[i].cards);
        start[DDZ_MAX_HAND - k + 1]++;
    }
    for (int b = 1; b < DDZ_MAX_HAND + 2; b++)
        start[b] += start[b - 1];
    for (size_t i = 0; i < n; i++) {
        int k = mv[i].type == DDZ_PASS ? 0 : ddz_size(mv[i].cards);
        scratch[start[DDZ_MAX_HAND - k]++] = mv[i];
    }
    memcpy(mv, scratch, n * sizeof *mv);
}

static const ddz_move pass_move = {0, DDZ_PASS, 0, 0};

/* Nonzero when the player to move (holding me, facing last) wins against en. */
static int search(ctx *c, ddz_hand me, ddz_hand en, const ddz_move *last)
{
    int value;
    uint32_t lk = last_key(last);
    if (*c->abort)
        return 0;
    c->nodes++;
    if ((c->nodes & 1023) == 0 && c->deadline > 0 && omp_get_wtime() > c->deadline) {
        *c->abort = 1;
        return 0;
    }
    if (tt_probe(c, me, en, lk, &value)) {
        c->hits++;
        return value;
    }
    size_t base = c->top, room = c->cap - base;
    if (room < 2 * (DDZ_MAX_HAND + 1)) {
        *c->overflow = 1;
        *c->abort = 1;
        return 0;
    }
    room /= 2; /* the other half is the scratch of order_moves */
    ddz_move *mv = c->buf + base;
    size_t n = ddz_generate(me, last, c->rules, mv, room);
    if (n > room) {
        *c->overflow = 1;
        *c->abort = 1;
        return 0;
    }
    /* Cheap test 1: a move that empties the hand wins at once (the game ends on it). */
    for (size_t i = 0; i < n; i++)
        if (mv[i].cards == me && mv[i].type != DDZ_PASS) {
            tt_store(c, me, en, lk, 1, ddz_size(me) + ddz_size(en));
            return 1;
        }
    order_moves(mv, n, mv + n);
    c->top = base + n;
    int win = 0;
    for (size_t i = 0; i < n && !win; i++) {
        if (mv[i].type == DDZ_PASS)
            win = !search(c, en, me, &pass_move);
        else
            win = !search(c, en, me - mv[i].cards, &mv[i]);
    }
    c->top = base;
    if (*c->abort)
        return 0;
    tt_store(c, me, en, lk, win, ddz_size(me) + ddz_size(en));
    return win;
}

#define DEFAULT_MEMORY ((size_t)256 << 20)

ddz_table *ddz_table_new(size_t bytes)
{
    size_t mem = bytes ? bytes : DEFAULT_MEMORY;
    tt_table *tt = calloc(1, sizeof *tt);
    if (!tt)
        return NULL;
    size_t nb = 1;
    while (nb * 2 * TT_WAYS * sizeof(tt_entry) <= mem)
        nb *= 2;
    tt->nbuckets = nb;
    tt->e = calloc(nb * TT_WAYS, sizeof(tt_entry));
    if (!tt->e) {
        free(tt);
        return NULL;
    }
    for (int i = 0; i < TT_LOCKS; i++)
        omp_init_lock(&tt->lock[i]);
    return tt;
}

void ddz_table_free(ddz_table *tt)
{
    if (!tt)
        return;
    for (int i = 0; i < TT_LOCKS; i++)
        omp_destroy_lock(&tt->lock[i]);
    free(tt->e);
    free(tt);
}
#define MOVE_STACK ((size_t)1 << 20) /* moves per thread: 16 MiB */

static ddz_outcome fast_solve(const ddz_position *pos, const ddz_rules *rules, const ddz_solve_options *opt,
                              ddz_result *res)
{
    double t0 = omp_get_wtime();
    size_t mem = opt && opt->memory_bytes ? opt->memory_bytes : DEFAULT_MEMORY;
    int threads = opt && opt->threads > 0 ? opt->threads : omp_get_num_procs();
    int all = opt ? opt->all_first_moves : 1;
    double deadline = opt && opt->time_limit_s > 0 ? t0 + opt->time_limit_s : 0;
    volatile int abort_flag = 0;
    int overflow = 0, found = 0;
    tt_table *tt;

    memset(res, 0, offsetof(ddz_result, first));
    res->nodes = res->tt_hits = res->tt_stores = res->tt_evictions = 0;
    res->outcome = DDZ_SOLVE_ERROR;
    if (pos->me == 0 || pos->enemy == 0)
        return res->outcome;
    size_t n = ddz_generate(pos->me, &pos->last, rules, res->first, DDZ_MAX_FIRST_MOVES);
    if (n > DDZ_MAX_FIRST_MOVES)
        return res->outcome;
    res->n_first = n;

    tt = opt && opt->table ? opt->table : ddz_table_new(mem);
    if (!tt)
        return res->outcome;
    tt->locking = threads > 1;

    /* The first moves in search order (as in order_moves), their results at their own index. */
    size_t order[DDZ_MAX_FIRST_MOVES];
    {
        size_t k = 0;
        for (size_t i = 0; i < n; i++)
            if (res->first[i].cards == pos->me && res->first[i].type != DDZ_PASS)
                order[k++] = i;
        for (int cards = DDZ_MAX_HAND; cards >= 0; cards--)
            for (size_t i = 0; i < n; i++) {
                const ddz_move *m = &res->first[i];
                int kk = m->type == DDZ_PASS ? 0 : ddz_size(m->cards);
                if (kk == cards && !(m->cards == pos->me && m->type != DDZ_PASS))
                    order[k++] = i;
            }
    }
    for (size_t i = 0; i < n; i++)
        res->first_wins[i] = -1;

    unsigned long long nodes = 0, hits = 0, stores = 0, evictions = 0;
#pragma omp parallel num_threads(threads) reduction(+ : nodes, hits, stores, evictions)
    {
        ctx c = {0};
        c.tt = tt;
        c.rules = rules;
        c.cap = MOVE_STACK;
        c.buf = malloc(c.cap * sizeof *c.buf);
        c.deadline = deadline;
        c.abort = &abort_flag;
        c.overflow = &overflow;
        if (!c.buf) {
#pragma omp atomic write
            overflow = 1;
            abort_flag = 1;
        }
#pragma omp for schedule(dynamic, 1)
        for (size_t j = 0; j < n; j++) {
            size_t i = order[j];
            const ddz_move *m = &res->first[i];
            int f;
            if (abort_flag)
                continue;
#pragma omp atomic read
            f = found;
            if (f && !all)
                continue;
            int w;
            if (m->type == DDZ_PASS)
                w = !search(&c, pos->enemy, pos->me, &pass_move);
            else if (m->cards == pos->me)
                w = 1;
            else
                w = !search(&c, pos->enemy, pos->me - m->cards, m);
            if (!abort_flag) {
                res->first_wins[i] = (signed char)w;
                if (w) {
#pragma omp atomic write
                    found = 1;
                }
            }
        }
        nodes += c.nodes;
        hits += c.hits;
        stores += c.stores;
        evictions += c.evictions;
        free(c.buf);
    }
    res->nodes = nodes;
    res->tt_hits = hits;
    res->tt_stores = stores;
    res->tt_evictions = evictions;
    res->tt_bytes = tt->nbuckets * TT_WAYS * sizeof(tt_entry);
    if (!(opt && opt->table))
        ddz_table_free(tt);

    int win = 0;
    for (size_t i = 0; i < n; i++)
        if (res->first_wins[i] == 1)
            win = 1;
    res->outcome = ddz_outcome_of(overflow, win, abort_flag);
    res->seconds = omp_get_wtime() - t0;
    return res->outcome;
}

const ddz_solver ddz_solver_fast = {
    .name = "fast",
    .summary = "exact AND/OR search, exact-key bounded shared table, win-first ordering, OpenMP first moves",
    .source = "seed 004 (handOut) done right",
    .flawed = 0,
    .solve = fast_solve,
};
