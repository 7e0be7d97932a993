/* seed004: a faithful port of seed 004's handOut and its comparison canComb2BeatComb1, which
 * compares type and main rank only (a six-card straight "beats" a five-card one, a plane of 3
 * "beats" a plane of 2), with the seed's memo on both hands and the last hand. Flagged. */
#include "ddz_movegen.h"
#include "ddz_solver.h"

#include <omp.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* canComb2BeatComb1(comb1 = last, comb2 = m), as published: a pass never beats; anything
 * beats a pass; the same type compares main only (length ignored: the flaw); otherwise
 * only a bomb wins. The seed shows no rocket type; its rank values put the jokers above
 * every rank, and its "bomb beats other types" reads the rocket (王炸) as the top bomb, so
 * the port maps the rocket to a bomb of main rank 15, above the 2's bomb. */
static int seed_beats(const ddz_move *last, const ddz_move *m)
{
    int t1 = last->type == DDZ_ROCKET ? DDZ_BOMB : last->type, m1 = last->type == DDZ_ROCKET ? 15 : last->main;
    int t2 = m->type == DDZ_ROCKET ? DDZ_BOMB : m->type, m2 = m->type == DDZ_ROCKET ? 15 : m->main;
    if (m->type == DDZ_PASS)
        return 0;
    if (last->type == DDZ_PASS)
        return 1;
    if (t1 == t2)
        return m2 > m1;
    return t2 == DDZ_BOMB;
}

/* The memo: key = my hand, the enemy's hand, the last hand (its cards and reading), as the
 * seed's string key; open addressing, grown by doubling up to the memory bound. */
typedef struct {
    ddz_hand me, enemy, last_cards;
    uint32_t last; /* 0 empty; else 1 + type | main << 5 | len << 10 */
    uint32_t value;
} memo_entry;

typedef struct {
    const ddz_rules *rules;
    ddz_move *buf;
    size_t cap, top;
    memo_entry *memo;
    size_t msize, mused, mmax;
    unsigned long long nodes, hits, stores;
    double deadline;
    int abort;
} ctx;

static uint32_t lkey(const ddz_move *m) { return 1u + ((uint32_t)m->type | (uint32_t)m->main << 5 | (uint32_t)m->len << 10); }

static size_t slot(const ctx *c, ddz_hand me, ddz_hand en, ddz_hand lc, uint32_t lk)
{
    uint64_t h = me * 0x9e3779b97f4a7c15ULL ^ (en + lk) * 0xc2b2ae3d27d4eb4fULL ^ lc * 0x165667b19e3779f9ULL;
    h ^= h >> 29;
    h *= 0xbf58476d1ce4e5b9ULL;
    h ^= h >> 32;
    size_t i = (size_t)h & (c->msize - 1);
    while (c->memo[i].last && !(c->memo[i].me == me && c->memo[i].enemy == en && c->memo[i].last == lk &&
                                c->memo[i].last_cards == lc))
        i = (i + 1) & (c->msize - 1);
    return i;
}

static void memo_grow(ctx *c)
{
    size_t nsize = c->msize * 2;
    if (nsize * sizeof(memo_entry) > c->mmax)
        return;
    memo_entry *old = c->memo, *n = calloc(nsize, sizeof *n);
    if (!n)
        return;
    size_t osize = c->msize;
    c->memo = n;
    c->msize = nsize;
    for (size_t i = 0; i < osize; i++)
        if (old[i].last)
            c->memo[slot(c, old[i].me, old[i].enemy, old[i].last_cards, old[i].last)] = old[i];
    free(old);
}

static const ddz_move pass_move = {0, DDZ_PASS, 0, 0};

static int hand_out(ctx *c, ddz_hand me, ddz_hand en, const ddz_move *last)
{
    /* if (mePokers.length == 0) return true; if (enemyPokers.length == 0) return false; */
    if (me == 0)
        return 1;
    if (en == 0)
        return 0;
    if (c->abort)
        return 0;
    c->nodes++;
    if ((c->nodes & 1023) == 0 && c->deadline > 0 && omp_get_wtime() > c->deadline) {
        c->abort = 1;
        return 0;
    }
    uint32_t lk = lkey(last);
    size_t s = slot(c, me, en, last->cards, lk);
    if (c->memo[s].last) {
        c->hits++;
        return (int)c->memo[s].value;
    }
    /* var allHands = getAllHands(mePokers): every combination, the pass included */
    size_t base = c->top, room = c->cap - base;
    ddz_move *mv = c->buf + base;
    if (room < 1) {
        c->abort = 2;
        return 0;
    }
    mv[0] = pass_move;
    size_t n = 1 + ddz_generate(me, &pass_move, c->rules, mv + 1, room - 1);
    if (n > room) {
        c->abort = 2;
        return 0;
    }
    c->top = base + n;
    int win = 0;
    for (size_t i = 0; i < n && !win; i++) {
        const ddz_move *h = &mv[i];
        if ((last->type != DDZ_PASS && seed_beats(last, h)) || (last->type == DDZ_PASS && h->type != DDZ_PASS) ||
            (last->type != DDZ_PASS && h->type == DDZ_PASS))
            if (!hand_out(c, en, me - h->cards, h))
                win = 1;
    }
    c->top = base;
    if (c->abort)
        return 0;
    if (c->mused * 2 >= c->msize)
        memo_grow(c);
    if (c->mused * 4 < c->msize * 3) { /* a full memo stops storing, as a bounded cache */
        s = slot(c, me, en, last->cards, lk);
        c->memo[s] = (memo_entry){me, en, last->cards, lk, (uint32_t)win};
        c->mused++;
        c->stores++;
    }
    return win;
}

static ddz_outcome seed_solve(const ddz_position *pos, const ddz_rules *rules, const ddz_solve_options *opt,
                              ddz_result *res)
{
    double t0 = omp_get_wtime();
    ctx c = {0};
    int all = opt ? opt->all_first_moves : 1;
    memset(res, 0, offsetof(ddz_result, first));
    res->outcome = DDZ_SOLVE_ERROR;
    if (pos->me == 0 || pos->enemy == 0)
        return res->outcome;
    /* The first moves, by the seed's own filter. */
    ddz_move allm[DDZ_MAX_FIRST_MOVES];
    size_t n = ddz_generate(pos->me, &pass_move, rules, allm + 1, DDZ_MAX_FIRST_MOVES - 1);
    if (n + 1 > DDZ_MAX_FIRST_MOVES)
        return res->outcome;
    allm[0] = pass_move;
    n++;
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        const ddz_move *h = &allm[i];
        const ddz_move *last = &pos->last;
        if ((last->type != DDZ_PASS && seed_beats(last, h)) || (last->type == DDZ_PASS && h->type != DDZ_PASS) ||
            (last->type != DDZ_PASS && h->type == DDZ_PASS))
            res->first[k++] = *h;
    }
    res->n_first = k;
    c.rules = rules;
    c.cap = (size_t)1 << 20;
    c.buf = malloc(c.cap * sizeof *c.buf);
    c.mmax = opt && opt->memory_bytes ? opt->memory_bytes : (size_t)256 << 20;
    c.msize = 1024;
    c.memo = calloc(c.msize, sizeof *c.memo);
    c.deadline = opt && opt->time_limit_s > 0 ? t0 + opt->time_limit_s : 0;
    if (!c.buf || !c.memo) {
        free(c.buf);
        free(c.memo);
        return res->outcome;
    }
    int win = 0;
    for (size_t i = 0; i < k; i++) {
        const ddz_move *m = &res->first[i];
        res->first_wins[i] = -1;
        if (c.abort || (win && !all))
            continue;
        int w = !hand_out(&c, pos->enemy, pos->me - m->cards, m);
        if (!c.abort) {
            res->first_wins[i] = (signed char)w;
            win |= w;
        }
    }
    res->nodes = c.nodes;
    res->tt_hits = c.hits;
    res->tt_stores = c.stores;
    res->tt_bytes = c.msize * sizeof *c.memo;
    free(c.buf);
    free(c.memo);
    res->outcome = ddz_outcome_of(c.abort == 2, win, c.abort);
    res->seconds = omp_get_wtime() - t0;
    return res->outcome;
}

const ddz_solver ddz_solver_seed004 = {
    .name = "seed004",
    .summary = "port of seed 004: handOut with its memo and its type+main-only comparison (flawed)",
    .source = "seed 004 (canComb2BeatComb1, handOut, memo)",
    .flawed = 1,
    .solve = seed_solve,
};
