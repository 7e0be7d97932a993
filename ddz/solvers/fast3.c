/* fast3: exact AND/OR search of a three-player open-card position (the landlord's turns OR for
 * the landlord, the farmers' turns AND), with an exact-key shared transposition table, cheap
 * exact tests (a hand that plays out, unanswerable moves, a farmer who lets his partner out),
 * win-first move ordering with killer answers, and OpenMP over the first moves.
 *
 * It is the two-player solver's search (fast.c) extended to a third seat, on the same generator
 * (movegen.c: ddz_generate, ddz_beats), result and options (ddz_solver.h), and the same
 * machinery (ddz_search_table.h, search_table.c): the table (exact, bounded by --memory,
 * growing, spare tables reused; a position of three hands is packed into its key of two words
 * and 12 bits, key_of), the move to beat's key, the unanswerable-move test, the move order and
 * killers. As in fast.c, the children's keys are worked out and their buckets fetched together
 * before any is searched (transposition cutoff), and a move nobody may answer skips the passes
 * that follow it. Measured (one thread, nodes of the whole 10/8/8 set; 8/6/6 in brackets):
 * 7,586,232 (157,863) with a key of its own (the move to beat by its main, ranks coded one at a
 * time, children looked up one by one and their keys worked out again below); 3,556,209 (94,216)
 * with the move to beat's key by the answers it leaves, the forced passes skipped and the keys
 * handed down; CPU 8.2 s -> 2.7 s. */
#include "ddz_fast3.h"
#include "ddz_movegen.h"
#include "ddz_search_table.h"
#include "ddz_solver3.h"

#include <omp.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int ddz_fast3_disable;

static inline int hand_size(ddz_hand h) { return tt_cards(h); }

/* ---- The key ----------------------------------------------------------------------------- */

/* The move to beat as what decides the answers to it (tt_answer_key, the two-player search's
 * key): the seats that may still answer it are the seat to move and, when the seat after it did
 * not make it, that seat too (a pass hands it on); their answers in kind are the moves of its
 * shape whose core starts above its main, so the key keeps the lowest start above the main that
 * any of them holds (the ranks, rockets and bombs of their hands together: a start above the
 * main of one of them is at least that start, and every rank at least that start is above the
 * main), and with none: whether bombs or the rocket answer it, or nothing (TT_KEY_PASSONLY).
 * Its cards never matter (they are out of every hand). */
static inline void answerers(const facts f[3], int turn, int by, facts *u)
{
    *u = f[turn];
    int next = ddz3_next_seat(turn);
    if (next == by)
        return;
    for (int w = 1; w <= 4; w++)
        u->ge[w] |= f[next].ge[w];
    u->rocket |= f[next].rocket;
    if (f[next].topbomb > u->topbomb)
        u->topbomb = f[next].topbomb;
}

static inline uint32_t last_key(const ddz_position3 *p, const facts f[3], const ddz_rules *r)
{
    if (p->last.type == DDZ_PASS)
        return 0;
    facts u;
    answerers(f, p->turn, p->by, &u);
    return tt_answer_key(&u, &p->last, r);
}

/* Rank collapse (tt_collapse and tt_collapse_high, as fast.c's), the three hands at once. */
static inline void collapse(ddz_hand h[3], uint32_t *lk)
{
    ddz_hand all = h[0] | h[1] | h[2];
    tt_collapse(gather((all | all >> 1 | all >> 2) & NIBBLE_LOW) & 0xfffu, h, 3, lk);
    tt_collapse_high(h, 3, lk);
}

/* A position as the table's key, exact: per rank the three counts (a, b, c) as a*25 + b*5 + c
 * (at most 124: the hands are disjoint, so no count passes 4), one byte a rank, worked out for
 * all ranks at once (no byte carries into the next): the even ranks in k0, the odd ones in the
 * low 7 bytes of k1, the seat to move and the seat that made the move to beat (the seat to move
 * when leading) above them; the move to beat's key (last_key) in lk. */
typedef struct {
    uint64_t k0, k1;
    uint32_t lk;
} key3;

static inline key3 key_of(const ddz_position3 *p, uint32_t lk)
{
    ddz_hand h[3] = {p->hand[0], p->hand[1], p->hand[2]};
    if (!(ddz_fast3_disable & DDZ_FAST3_NO_COLLAPSE))
        collapse(h, &lk);
    const uint64_t lanes = 0x0f0f0f0f0f0f0f0full;
    key3 k;
    k.k0 = (h[0] & lanes) * 25 + (h[1] & lanes) * 5 + (h[2] & lanes);
    k.k1 = ((h[0] >> 4 & lanes) * 25 + (h[1] >> 4 & lanes) * 5 + (h[2] >> 4 & lanes)) | (uint64_t)p->turn << 56 |
           (uint64_t)p->by << 58;
    k.lk = lk;
    return k;
}

/* ---- Search state ------------------------------------------------------------------------ */

#define KILLER_PLIES 256
typedef struct {
    tt_table *tt;
    const ddz_rules *rules;
    ddz_move *buf; /* a stack of move lists */
    size_t cap, top;
    unsigned long long nodes, hits, stores;
    double deadline;
    atomic_int *abort; /* shared: 1 timeout, 2 move list too long, 3 the solve is decided */
    int ply;
    killer *killer; /* KILLER_PLIES of them (ddz_search_table.h): the last winning answers per ply and type */
} ctx;

#define MOVE_STACK ((size_t)1 << 20)
/* A thread's move stack (16 MiB) and killers, allocated by its first solve and kept: the
 * oracle's judges run millions of small solves. */
static _Thread_local struct {
    ddz_move *buf;
    killer *killer;
    int used; /* plies whose killers the last solve set: cleared before the next one */
} kept_stack;

static inline int stopped(const ctx *c) { return atomic_load_explicit(c->abort, memory_order_relaxed) != 0; }

static void set_abort(ctx *c, int why)
{
    int zero = 0;
    atomic_compare_exchange_strong(c->abort, &zero, why);
}

/* Nonzero when the cards of h are exactly one legal lead. Remembered per thread in a small
 * direct-mapped memo (hands recur: the split and partner tests ask about the same rests), which
 * a solve under other rules clears (take_memo). */
#define ONE_MEMO 4096
typedef struct {
    ddz_hand h; /* 0: empty */
    ddz_move m; /* type DDZ_PASS: not one move */
} one_memo;
static _Thread_local one_memo *memo_of_thread;
static _Thread_local ddz_rules memo_rules;

static int one_move_gen(ctx *c, ddz_hand h, ddz_move *out);

static int one_move(ctx *c, ddz_hand h, ddz_move *out)
{
    one_memo *e = memo_of_thread ? &memo_of_thread[(h * 0x9e3779b97f4a7c15ULL) >> 52] : NULL;
    if (e && e->h == h) {
        if (e->m.type == DDZ_PASS)
            return 0;
        if (out)
            *out = e->m;
        return 1;
    }
    ddz_move m = {0, DDZ_PASS, 0, 0};
    int r = one_move_gen(c, h, &m);
    if (e && !stopped(c)) {
        e->h = h;
        e->m = m;
    }
    if (r && out)
        *out = m;
    return r;
}

/* The leads of h into the free part of the move stack (not claimed: the caller moves c->top);
 * 0 with the solve aborted when they do not fit. */
static size_t gen_leads(ctx *c, ddz_hand h, ddz_move **mv)
{
    size_t room = c->cap - c->top;
    static const ddz_move lead = {0, DDZ_PASS, 0, 0};
    *mv = c->buf + c->top;
    size_t n = ddz_generate(h, &lead, c->rules, *mv, room);
    if (n > room) {
        set_abort(c, 2);
        return 0;
    }
    return n;
}

static int one_move_gen(ctx *c, ddz_hand h, ddz_move *out)
{
    ddz_move *mv;
    size_t n = gen_leads(c, h, &mv);
    for (size_t i = 0; i < n; i++)
        if (mv[i].cards == h) {
            if (out)
                *out = mv[i];
            return 1;
        }
    return 0;
}

/* ---- Cheap exact tests ------------------------------------------------------------------- */

/* Nonzero when the other side cannot answer m, a move of `seat` (f: the facts of the three
 * hands): for the landlord neither farmer, for a farmer the landlord (his partner may pass: the
 * farmers' choice). unbeatable is the two-player solver's exact test (rank masks first, the
 * generator only where they cannot tell). */
static inline int unanswered(const ctx *c, const facts f[3], int seat, const ddz_move *m)
{
    if (seat == DDZ3_L)
        return unbeatable(m, &f[1], c->rules) && unbeatable(m, &f[2], c->rules);
    return unbeatable(m, &f[0], c->rules);
}

/* Cheap test 1 (split): `seat` leads with h and wins when h splits into moves u1..uk, each of
 * u1..u(k-1) unanswered by the other side (so the lead comes back: the other side can only pass
 * and the partner passes too), the last one any lead (it empties the hand). Depth-bounded. */
#define SPLIT_DEPTH 3
static int split_win(ctx *c, const facts f[3], int seat, ddz_hand h, int depth)
{
    if (one_move(c, h, NULL))
        return 1;
    if (depth == 0 || stopped(c))
        return 0;
    size_t base = c->top;
    ddz_move *mv;
    size_t n = gen_leads(c, h, &mv); /* 0 when they do not fit: the loop below finds no win */
    c->top = base + n;
    int win = 0;
    for (size_t i = 0; i < n && !win; i++)
        if (unanswered(c, f, seat, &mv[i]))
            win = split_win(c, f, seat, h - mv[i].cards, depth - 1);
    c->top = base;
    return win;
}

/* Cheap test 2 (partner out), for a farmer to move: his partner's whole hand is one move that
 * beats a move the landlord cannot beat, so the farmer plays that move (the landlord passes and
 * the partner plays out on it); or the farmer passes and the partner plays out: as F1 answering
 * the landlord, when the partner's hand beats the landlord's move, and as F1 answering F2 (the
 * landlord passed), always (F2 leads). mv: the farmer's legal moves. */
static int partner_out(ctx *c, const ddz_position3 *p, const facts f[3], const ddz_move *mv, size_t n)
{
    int me = p->turn, partner = me == DDZ3_F1 ? DDZ3_F2 : DDZ3_F1;
    ddz_hand ph = p->hand[partner];
    ddz_move whole;
    if (hand_size(ph) > 8 || !one_move(c, ph, &whole))
        return 0;
    for (size_t i = 0; i < n; i++) {
        const ddz_move *m = &mv[i];
        if (m->type == DDZ_PASS) {
            if (me == DDZ3_F1 && (p->by == DDZ3_F2 || ddz_beats(&whole, &p->last)))
                return 1;
            continue;
        }
        /* the partner's hand may read several ways: any reading beating m will do */
        if (!ddz_beats(&whole, m)) {
            size_t base = c->top, room = c->cap - base;
            ddz_move *ans = c->buf + base;
            size_t na = ddz_generate(ph, m, c->rules, ans, room);
            int out = 0;
            for (size_t k = 0; k < na && k < room && !out; k++)
                out = ans[k].type != DDZ_PASS && ans[k].cards == ph;
            if (!out)
                continue;
        }
        if (unbeatable(m, &f[DDZ3_L], c->rules))
            return 1;
    }
    return 0;
}

/* ---- Ordering ---------------------------------------------------------------------------- */

/* Leading: more cards first (as fast.c: big groups shed the hand). Answering, whoever made the
 * move: the answers in kind from the lowest up, then bombs and the rocket, the pass last; the
 * killer answer (the last answer that won at this ply against this type) in front. Stable
 * counting sorts. Measured (one thread, nodes, 10/8/8 deals seeds 4 5 7 9 10 16 18 together):
 * fast.c's order (the highest answer first) with a farmer passing first on his partner's move
 * 9,187,649; the pass last there too 7,882,445; the lowest answer first as well 5,883,771 (seeds
 * 1 2 3 6 8 11 12, easy ones: 425,471 -> 493,784). Farmers leading in the generator's order
 * instead: 9,385,116 against 7,882,445; without the killers: 17,589,701 against 9,187,649.
 * The sort and the killers are the two-player search's (ddz_search_table.h: ddz_tt_order, the
 * killer slots); fast.c's two killers tried first instead of the latest only: the whole 10/8/8
 * set 7,586,232 -> 8,841,960 nodes, 8/6/6 157,863 -> 163,295. */
static void order_moves(ctx *c, ddz_move *mv, size_t n, const ddz_position3 *p, ddz_move *scratch)
{
    ddz_tt_order(mv, n, &p->last, scratch, 0);
    if (c->killer && c->ply < KILLER_PLIES && p->last.type != DDZ_PASS && p->last.type < DDZ_TYPES)
        tt_promote(mv, n, &c->killer[c->ply].move[p->last.type][0]); /* the latest only (see above) */
}

/* ---- Search ------------------------------------------------------------------------------ */

static int search(ctx *c, const ddz_position3 *p, const key3 *k);

/* The children looked up before any is searched (fast.c's transposition cutoff), at most this many. */
#define ETC_MOVES 64

/* The position after the seat to move at p plays m, into q, and its move to beat's key (*lk);
 * 1 when m empties the hand (the game is over). f: the facts of p's hands (those that may answer
 * m are the same in q). A move that nobody may answer (every seat that may answer it can only
 * pass) is followed by those passes: q is the mover leading again, its passing nodes skipped. */
static int step(const ctx *c, const ddz_position3 *p, const facts f[3], const ddz_move *m, ddz_position3 *q,
                uint32_t *lk)
{
    *lk = 0;
    if (ddz3_after(p, m, q))
        return 1;
    *lk = last_key(q, f, c->rules);
    if (*lk == TT_KEY_PASSONLY && !(ddz_fast3_disable & DDZ_FAST3_NO_FORCED)) {
        q->turn = q->by;
        q->last = (ddz_move){0, DDZ_PASS, 0, 0};
        *lk = 0;
    }
    return 0;
}

/* Nonzero when m wins for the side of the seat to move at p (facts f). k: the key of the
 * position after m (step), or NULL. */
static int play(ctx *c, const ddz_position3 *p, const facts f[3], const ddz_move *m, const key3 *k)
{
    ddz_position3 q;
    uint32_t lk;
    if (step(c, p, f, m, &q, &lk))
        return 1;
    key3 own;
    if (!k) {
        own = key_of(&q, lk);
        k = &own;
    }
    c->ply++;
    int v = search(c, &q, k);
    c->ply--;
    return ddz3_side(q.turn) == ddz3_side(p->turn) ? v : !v;
}

static inline void read_facts3(const ddz_position3 *p, const ddz_rules *r, facts f[3])
{
    for (int s = 0; s < DDZ3_SEATS; s++)
        read_facts(p->hand[s], r, &f[s]);
}

/* Nonzero when the side of the seat to move wins. k: p's key (key_of). */
static int search(ctx *c, const ddz_position3 *p, const key3 *k)
{
    if (stopped(c))
        return 0;
    c->nodes++;
    if ((c->nodes & 1023) == 0 && c->deadline > 0 && omp_get_wtime() > c->deadline) {
        set_abort(c, 1);
        return 0;
    }
    int me = p->turn, size = hand_size(p->hand[0]) + hand_size(p->hand[1]) + hand_size(p->hand[2]);
    ddz_hand h = p->hand[me];
    int use_table = !(ddz_fast3_disable & DDZ_FAST3_NO_TABLE);
    tt_bucket *b = NULL;
    if (use_table) {
        b = tt_bucket_of(c->tt, k->k0, k->k1, k->lk);
        int v = tt_probe(c->tt, b, k->k0, k->k1, k->lk);
        if (v >= 0) {
            c->hits++;
            return v;
        }
    }
    size_t base = c->top, room = c->cap - base;
    ddz_move *mv = c->buf + base;
    size_t n = ddz_generate(h, &p->last, c->rules, mv, room);
    if (n > room || 2 * n > room) { /* the list and order_moves' scratch */
        set_abort(c, 2);
        return 0;
    }
    int win = 0;
    for (size_t i = 0; i < n && !win; i++)
        win = mv[i].type != DDZ_PASS && mv[i].cards == h;
    c->top = base + n;
    facts f[3];
    read_facts3(p, c->rules, f);
    if (!win && !(ddz_fast3_disable & DDZ_FAST3_NO_SPLIT)) {
        /* split: the first move any legal one (beating the move to beat, or a lead) */
        for (size_t i = 0; i < n && !win && !stopped(c); i++)
            if (mv[i].type != DDZ_PASS && unanswered(c, f, me, &mv[i]))
                win = split_win(c, f, me, h - mv[i].cards, SPLIT_DEPTH - 1);
    }
    if (!win && me != DDZ3_L && !(ddz_fast3_disable & DDZ_FAST3_NO_PARTNER))
        win = partner_out(c, p, f, mv, n);
    if (!win) {
        order_moves(c, mv, n, p, mv + n);
        /* Transposition cutoff: every child's key and bucket first (the buckets fetched
         * together), then the table's values: a child known as a win for this side wins here,
         * one known as a loss is not searched; the keys go down to the children searched. */
        size_t ne = use_table && !(ddz_fast3_disable & DDZ_FAST3_NO_ETC) ? (n < ETC_MOVES ? n : ETC_MOVES) : 0;
        key3 ck[ETC_MOVES];
        signed char known[ETC_MOVES];
        for (size_t i = 0; i < ne; i++) {
            ddz_position3 q;
            uint32_t lk;
            step(c, p, f, &mv[i], &q, &lk); /* no move empties the hand here */
            ck[i] = key_of(&q, lk);
            __builtin_prefetch(tt_bucket_of(c->tt, ck[i].k0, ck[i].k1, ck[i].lk));
            known[i] = (signed char)(ddz3_side(q.turn) != ddz3_side(me)); /* 1: the value flips */
        }
        for (size_t i = 0; i < ne && !win; i++) {
            int v = tt_probe(c->tt, tt_bucket_of(c->tt, ck[i].k0, ck[i].k1, ck[i].lk), ck[i].k0, ck[i].k1, ck[i].lk);
            known[i] = v < 0 ? -1 : (signed char)(known[i] ? !v : v);
            if (known[i] == 1) {
                c->hits++;
                win = 1;
            }
        }
        size_t won = n;
        for (size_t i = 0; i < n && !win; i++) {
            if (i < ne && known[i] == 0)
                continue;
            win = play(c, p, f, &mv[i], i < ne ? &ck[i] : NULL);
            if (stopped(c))
                break;
            if (win)
                won = i;
        }
        if (won < n && c->killer && c->ply < KILLER_PLIES && p->last.type != DDZ_PASS && mv[won].type != DDZ_PASS) {
            tt_killer_note(&c->killer[c->ply], p->last.type, &mv[won]);
            if (kept_stack.used <= c->ply)
                kept_stack.used = c->ply + 1;
        }
    }
    c->top = base;
    if (stopped(c))
        return 0;
    if (use_table) {
        tt_put(c->tt, b, k->k0, k->k1, k->lk, win, size);
        tt_stored(c->tt, ++c->stores); /* the table grows on each thread's count of its stores */
    }
    return win;
}

/* ---- The solve --------------------------------------------------------------------------- */

/* Without --memory the table is sized by the position (a small one never fills much): 8 KiB
 * doubled for every two cards in the three hands, at most 256 MiB (30 cards and more). */
#define DEFAULT_MEMORY3 ((size_t)256 << 20)
static size_t default_memory(const ddz_position3 *p)
{
    int cards = hand_size(p->hand[0]) + hand_size(p->hand[1]) + hand_size(p->hand[2]);
    return cards >= 30 ? DEFAULT_MEMORY3 : (size_t)8192 << (cards / 2);
}

/* What the threads of one solve share. */
typedef struct {
    tt_table *tt;
    const ddz_rules *rules;
    const ddz_position3 *pos;
    ddz_result *res;
    size_t n;
    const size_t *order; /* the first moves in search order (as order_moves), by index */
    int all;
    double deadline;
    atomic_int *abort, *win_found;
} solve_shared;

/* First move i searched by one thread, its verdict recorded unless the search was stopped. */
static void first_move(ctx *c, const solve_shared *sh, size_t i)
{
    if (stopped(c) || c->buf == NULL)
        return;
    facts f[3];
    read_facts3(sh->pos, c->rules, f);
    int w = play(c, sh->pos, f, &sh->res->first[i], NULL);
    if (!stopped(c)) {
        sh->res->first_wins[i] = (signed char)w;
        if (w) {
            atomic_store(sh->win_found, 1);
            if (!sh->all)
                set_abort(c, 3);
        }
    }
}

/* One thread's part of a solve: its state, then its first moves: those the worksharing loop
 * hands it inside the solve's parallel region (team), or all of them on one thread, without a
 * team (a small solve spends nothing starting one, and a solve called from another parallel
 * region, as the oracle's judges do, shares no loop with it). counts: nodes, hits, stores. */
static void first_moves(const solve_shared *sh, int team, unsigned long long counts[3])
{
    ctx c = {sh->tt, sh->rules, NULL, MOVE_STACK, 0, 0, 0, 0, sh->deadline, sh->abort, 0, NULL};
    if (!kept_stack.buf) { /* each thread's move stack and killers, kept for its next solve */
        kept_stack.buf = malloc(MOVE_STACK * sizeof *kept_stack.buf);
        kept_stack.killer = malloc(KILLER_PLIES * sizeof *kept_stack.killer);
        if (!kept_stack.buf || !kept_stack.killer) {
            free(kept_stack.buf);
            free(kept_stack.killer);
            kept_stack.buf = NULL;
            kept_stack.killer = NULL;
        }
        kept_stack.used = KILLER_PLIES; /* all to clear */
    }
    if (!memo_of_thread || memo_rules.convention != sh->rules->convention || memo_rules.forbidden != sh->rules->forbidden) {
        if (!memo_of_thread)
            memo_of_thread = malloc(ONE_MEMO * sizeof *memo_of_thread);
        if (memo_of_thread)
            memset(memo_of_thread, 0, ONE_MEMO * sizeof *memo_of_thread);
        memo_rules = *sh->rules;
    }
    c.buf = kept_stack.buf;
    c.killer = kept_stack.killer;
    if (!c.buf || !c.killer) {
        set_abort(&c, 2);
    } else {
        tt_killers_clear(c.killer, kept_stack.used);
        kept_stack.used = 0;
    }
    if (team) {
#pragma omp for schedule(dynamic, 1)
        for (size_t i = 0; i < sh->n; i++)
            first_move(&c, sh, sh->order[i]);
    } else {
        for (size_t i = 0; i < sh->n; i++)
            first_move(&c, sh, sh->order[i]);
    }
    counts[0] += c.nodes;
    counts[1] += c.hits;
    counts[2] += c.stores;
}

/* The first moves mv[0..n) in search order, by index, into order: those that empty the hand,
 * then the others in order_moves' order (as in a node, without killers). 0 when out of memory. */
static int root_order(const ddz_position3 *pos, const ddz_move *mv, size_t n, size_t *order)
{
    ddz_move *sorted = malloc(2 * (n ? n : 1) * sizeof *sorted);
    unsigned char *placed = calloc(n ? n : 1, 1);
    if (!sorted || !placed) {
        free(sorted);
        free(placed);
        return 0;
    }
    memcpy(sorted, mv, n * sizeof *mv);
    ddz_tt_order(sorted, n, &pos->last, sorted + n, 0);
    size_t k = 0;
    ddz_hand h = pos->hand[pos->turn];
    for (size_t i = 0; i < n; i++)
        if (mv[i].type != DDZ_PASS && mv[i].cards == h) {
            order[k++] = i;
            placed[i] = 1;
        }
    for (size_t j = 0; j < n; j++)
        for (size_t i = 0; i < n; i++)
            if (!placed[i] && tt_same_move(&mv[i], &sorted[j])) {
                order[k++] = i;
                placed[i] = 1;
                break;
            }
    for (size_t i = 0; i < n; i++) /* none is left: every sorted move is one of mv */
        if (!placed[i])
            order[k++] = i;
    free(sorted);
    free(placed);
    return 1;
}

static ddz_outcome fast3_solve(const ddz_position3 *pos, const ddz_rules *rules, const ddz_solve_options *opt,
                               ddz_result *res)
{
    double t0 = omp_get_wtime();
    int all = opt ? opt->all_first_moves : 1;
    memset(res, 0, offsetof(ddz_result, first));
    res->outcome = DDZ_SOLVE_ERROR;
    if (!pos->hand[0] || !pos->hand[1] || !pos->hand[2])
        return res->outcome;
    size_t n = ddz_generate(pos->hand[pos->turn], &pos->last, rules, res->first, DDZ_MAX_FIRST_MOVES);
    if (n > DDZ_MAX_FIRST_MOVES)
        return res->outcome;
    res->n_first = n;
    for (size_t i = 0; i < n; i++)
        res->first_wins[i] = -1;

    size_t mem = opt && opt->memory_bytes ? opt->memory_bytes : default_memory(pos);
    tt_table *tt = ddz_tt_take(mem); /* at most mem bytes: the --memory bound */
    if (!tt)
        return res->outcome;
    int threads = opt && opt->threads > 0 ? opt->threads : omp_get_num_procs();
    if (threads > (int)n)
        threads = n ? (int)n : 1;
    tt->locking = threads > 1;
    atomic_int abort_flag = 0;
    double deadline = opt && opt->time_limit_s > 0 ? t0 + opt->time_limit_s : 0;
    atomic_int win_found = 0;
    unsigned long long nodes = 0, hits = 0, stores = 0;
    int overflow = 0;

    size_t order[DDZ_MAX_FIRST_MOVES];
    if (!root_order(pos, res->first, n, order)) {
        ddz_tt_give_back(tt);
        return res->outcome;
    }
    solve_shared sh = {tt, rules, pos, res, n, order, all, deadline, &abort_flag, &win_found};
    if (threads == 1) {
        unsigned long long counts[3] = {0, 0, 0};
        first_moves(&sh, 0, counts);
        nodes = counts[0], hits = counts[1], stores = counts[2];
    } else {
#pragma omp parallel num_threads(threads) reduction(+ : nodes, hits, stores)
        {
            unsigned long long counts[3] = {0, 0, 0};
            first_moves(&sh, 1, counts);
            nodes += counts[0], hits += counts[1], stores += counts[2];
        }
    }
    res->tt_bytes = tt_bytes_in_use(tt); /* in use at the end: the table grows as it fills */
    ddz_tt_give_back(tt);
    int why = atomic_load(&abort_flag);
    overflow = why == 2;
    int win = atomic_load(&win_found);
    res->nodes = nodes;
    res->tt_hits = hits;
    res->tt_stores = stores;
    res->outcome = ddz_outcome_of(overflow, win, why == 1 || why == 2);
    res->seconds = omp_get_wtime() - t0;
    return res->outcome;
}

const ddz_solver3 ddz_solver3_fast = {
    .name = "fast3",
    .summary = "exact three-player AND/OR search: exact table, cheap exact tests, ordering, threads over first moves",
    .solve = fast3_solve,
};
