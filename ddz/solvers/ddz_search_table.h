/* The machinery the exact searches share, two players (fast.c) and three (fast3.c): the exact,
 * bounded, growing transposition table with its sequence locks and spare tables, and the move
 * ordering (the leading and answering orders, killer answers, the answer history).
 * Internal to ddz/solvers: not installed, nothing exported (static inline here, hidden ddz_tt_
 * functions in search_table.c).
 *
 * An entry's key is two 64-bit words and a 12-bit field, compared whole on every lookup, so
 * the table never answers for another position. Two players: both hands (60 bits each) and the
 * move to beat's key (tt_answer_key). Three players: the three hands' counts a byte a rank
 * (a*25 + b*5 + c), the even ranks in the first word, the odd ones in the low 7 bytes of the
 * second with the seat to move and the seat that made the move to beat above them, and the move
 * to beat's key in the 12-bit field (fast3.c, key_of). Also here: what a hand can answer with
 * (facts), the exact unanswerable-move test (unbeatable) and the move to beat's key, which
 * both searches read. */
#ifndef DDZ_SEARCH_TABLE_H
#define DDZ_SEARCH_TABLE_H

#include "ddz_movegen.h"
#include "ddz_moves.h"

#include <sched.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#if defined(__GNUC__)
#define DDZ_TT_HIDDEN __attribute__((visibility("hidden")))
#else
#define DDZ_TT_HIDDEN
#endif

/* Cards in a hand: the 15 counts summed with shifts (each count <= 4). */
static inline int tt_cards(ddz_hand h)
{
    uint64_t x = (h & 0x0f0f0f0f0f0f0f0full) + ((h >> 4) & 0x0f0f0f0f0f0f0f0full);
    return (int)((x * 0x0101010101010101ull) >> 56);
}

/* ---- What a hand can answer ------------------------------------------------------------------ */

#define NIBBLE_LOW 0x111111111111111ull /* bit 0 of each of the 15 counts */

static inline int allowed(const ddz_rules *r, int type) { return !(r->forbidden & (1u << type)); }

/* Gathers bit 0 of each count (bits 0, 4, 8, ...) into bits 0..14. */
static inline unsigned gather(uint64_t x)
{
    x = (x | x >> 3) & 0x0303030303030303ull;
    x = (x | x >> 6) & 0x000f000f000f000full;
    x = (x | x >> 12) & 0x000000ff000000ffull;
    return (unsigned)((x | x >> 24) & 0xffffu);
}

/* What a hand can answer with (two players: the opponent, the side not to move): per width w the
 * ranks held w or more times, whether it holds a playable rocket, and its highest playable bomb. */
typedef struct {
    ddz_hand hand;
    unsigned ge[5];
    int rocket, topbomb;
} facts;

static inline void read_facts(ddz_hand h, const ddz_rules *r, facts *f)
{
    uint64_t x = h;
    f->hand = h;
    f->ge[0] = 0;
    f->ge[1] = gather((x | x >> 1 | x >> 2) & NIBBLE_LOW);
    f->ge[2] = gather((x >> 1 | x >> 2) & NIBBLE_LOW);
    f->ge[3] = gather((x >> 2 | (x & x >> 1)) & NIBBLE_LOW);
    f->ge[4] = gather((x >> 2) & NIBBLE_LOW);
    f->rocket = allowed(r, DDZ_ROCKET) && ddz_count(h, DDZ_RX) && ddz_count(h, DDZ_RD);
    f->topbomb = f->ge[4] && allowed(r, DDZ_BOMB) ? 31 - __builtin_clz(f->ge[4]) : -1;
}

/* The ranks of mask above `above`. */
static inline unsigned above(unsigned mask, int a) { return a >= DDZ_RANKS ? 0 : mask & ~((2u << a) - 1u); }

/* Nonzero when the opponent has no legal answer but the pass to m (a move of the side to
 * move). Exact: a rocket beats all but the rocket, a bomb all non-bombs and lower bombs; else
 * only the same type and length with a higher main. Where the kind needs kickers and a higher
 * core exists, the generator says whether some kicker set is legal (no bomb or rocket is held
 * then, so any answer it lists beyond the pass is one in kind). */
static inline int unbeatable(const ddz_move *m, const facts *f, const ddz_rules *r)
{
    if (m->type == DDZ_ROCKET)
        return 1;
    if (f->rocket)
        return 0;
    if (m->type == DDZ_BOMB)
        return f->topbomb < m->main;
    if (f->topbomb >= 0)
        return 0;
    if (!allowed(r, m->type))
        return 1;
    unsigned core;
    switch (m->type) {
    case DDZ_SINGLE: return !above(f->ge[1], m->main);
    case DDZ_PAIR: return !above(f->ge[2], m->main);
    case DDZ_TRIPLE: return !above(f->ge[3], m->main);
    case DDZ_TRIPLE_SINGLE:
    case DDZ_TRIPLE_PAIR: core = above(f->ge[3], m->main); break;
    case DDZ_FOUR_TWO_SINGLES:
    case DDZ_FOUR_TWO_PAIRS: core = above(f->ge[4], m->main); break;
    default: {
        int w = m->type == DDZ_STRAIGHT ? 1 : m->type == DDZ_PAIR_STRAIGHT ? 2 : 3;
        unsigned held = f->ge[w] & 0xfffu, starts = held;
        for (int l = 2; l <= m->len; l++)
            starts &= held >> (l - 1);
        core = above(starts, m->main);
        if (m->type == DDZ_STRAIGHT || m->type == DDZ_PAIR_STRAIGHT || m->type == DDZ_AIRPLANE)
            return !core;
    }
    }
    if (!core)
        return 1;
    return ddz_generate(f->hand, m, r, NULL, 0) == 1;
}

/* The key of "the move to beat", 12 bits (a lead is 0): only what decides the answers of the
 * side to move (facts f of its hand; three players: of the hands that may answer it, their
 * ranks, rockets and bombs together, see fast3.c) matters. Its cards never do (they are out of both hands,
 * and ddz_beats reads only type, main and len). Nor does its exact main: the answers in kind
 * are the moves of that shape whose core (the single, pair, triple or four, or the chain's
 * lowest rank; kickers are chosen per core from the hand alone) starts above the main, so two
 * mains with the same lowest core start above them have the same answers; the key keeps
 * that lowest start (a rank the side to move holds, so rank collapse maps it to a rank, never
 * below 0: an earlier "start - 1" went to -1 there and spilled into the other fields, so those
 * positions were stored but never found again). With no core above: a non-bomb is answered by bombs and the rocket
 * only, whatever its shape (TT_KEY_NOKIND); a bomb by the rocket only (main 15); and where even
 * those are missing only the pass is left, the same as against the rocket (TT_KEY_PASSONLY). */
#define TT_KEY_NOKIND 15u
#define TT_KEY_PASSONLY ((uint32_t)DDZ_ROCKET | (uint32_t)DDZ_RX << 4 | 1u << 8)

static inline uint32_t tt_answer_key(const facts *f, const ddz_move *last, const ddz_rules *r)
{
    if (last->type == DDZ_PASS)
        return 0;
    if (last->type == DDZ_ROCKET || last->type >= DDZ_TYPES)
        return TT_KEY_PASSONLY;
    unsigned bombs = allowed(r, DDZ_BOMB) ? f->ge[4] : 0;
    if (last->type == DDZ_BOMB) {
        unsigned hi = above(bombs, last->main);
        if (hi)
            return (uint32_t)DDZ_BOMB | (uint32_t)__builtin_ctz(hi) << 4 | 1u << 8;
        return f->rocket ? (uint32_t)DDZ_BOMB | 15u << 4 | 1u << 8 : TT_KEY_PASSONLY;
    }
    unsigned starts = 0;
    if (allowed(r, last->type)) {
        switch (last->type) {
        case DDZ_SINGLE: starts = f->ge[1]; break;
        case DDZ_PAIR: starts = f->ge[2]; break;
        case DDZ_TRIPLE:
        case DDZ_TRIPLE_SINGLE:
        case DDZ_TRIPLE_PAIR: starts = f->ge[3]; break;
        case DDZ_FOUR_TWO_SINGLES:
        case DDZ_FOUR_TWO_PAIRS: starts = f->ge[4]; break;
        default: {
            int w = last->type == DDZ_STRAIGHT ? 1 : last->type == DDZ_PAIR_STRAIGHT ? 2 : 3;
            unsigned held = f->ge[w] & 0xfffu;
            starts = held;
            for (int l = 2; l <= last->len; l++)
                starts &= held >> (l - 1);
        }
        }
        starts = above(starts, last->main);
    }
    if (starts)
        return (uint32_t)last->type | (uint32_t)__builtin_ctz(starts) << 4 | (uint32_t)last->len << 8;
    return bombs || f->rocket ? TT_KEY_NOKIND : TT_KEY_PASSONLY;
}

/* ---- The table ------------------------------------------------------------------------------ */

/* Buckets of one 64-byte cache line, three entries each, every entry the full key (k0, k1 and
 * the 12-bit key in meta). meta: bits 0-11 that key, bit 12 the value (1: the side to move
 * wins), bits 16-21 the cards left in the hands, the replacement priority (bigger positions
 * cost more to redo; at most 54 < 64), bits 22-31 the table's generation when stored (0: never
 * used). An entry of another generation reads as empty, so a table is reused by a new solve
 * without clearing it (see ddz_tt_take). `lock` is a sequence lock, used only when threads share
 * the table (tt_lock). */
#define TT_WAYS 3
#define TT_META_KEY 0xfffu
#define TT_META_VALUE 0x1000u
#define TT_GEN_SHIFT 22
#define TT_GEN_MASK (0x3ffu << TT_GEN_SHIFT)
#define TT_GEN_LAST 1023u

typedef struct {
    uint64_t k0[TT_WAYS], k1[TT_WAYS];
    uint32_t meta[TT_WAYS];
    atomic_uint lock;
} tt_bucket;

typedef struct ddz_table {
    tt_bucket *b;
    size_t nbuckets;                   /* power of two: the buckets allocated */
    _Atomic size_t mask;               /* the buckets in use - 1: the table grows (see ddz_tt_grow) */
    _Atomic unsigned long long filled; /* stores since the last start, counted in steps of ddz_fast_grow_step */
    size_t bytes;                      /* allocated, for free */
    int mapped;                        /* allocated by mmap */
    int locking;                       /* threads share it: the sequence locks are taken */
    uint32_t gen;                      /* 1..TT_GEN_LAST, in meta's generation field of every live entry */
} tt_table;

/* The stores a thread counts before it checks whether the table should grow, and the buckets a
 * solve's table starts with (0: an eighth, at least 2 MiB); test hooks, declared in ddz_fast.h. */
extern unsigned ddz_fast_grow_step;
extern size_t ddz_fast_grow_from;

static inline uint64_t tt_mix(uint64_t x)
{
    x ^= x >> 31;
    x *= 0x7fb5d329728ea185ULL;
    x ^= x >> 27;
    x *= 0x81dadef4bc2dd44dULL;
    x ^= x >> 33;
    return x;
}

static inline tt_bucket *tt_bucket_of(tt_table *t, uint64_t k0, uint64_t k1, uint32_t lk)
{
    uint64_t x = tt_mix(k0 ^ (uint64_t)lk << 60) + k1 * 0x9e3779b97f4a7c15ULL + lk * 0xc2b2ae3d27d4eb4fULL;
    return &t->b[tt_mix(x) & atomic_load_explicit(&t->mask, memory_order_relaxed)];
}

/* Threads share buckets through a sequence lock: `lock` is even while the bucket is at rest and
 * odd while a writer holds it; each write moves it on by two. A writer takes it (a compare-and-
 * swap from even to odd), writes, and releases it (the next even value). A reader takes nothing:
 * it reads the sequence, the entries and the sequence again, and trusts what it read only when
 * the two agree and are even; otherwise (a writer was in the bucket) it answers "not in the
 * table", which only costs a search, never a wrong answer. So the lookups, about 30 for each
 * store (a node's own and its children's), write nothing, and two threads share the hot buckets
 * in their caches instead of taking each line from the other's for every lock. The entries are
 * read and written with relaxed atomics (plain moves on x86), so no access is a data race.
 * With one thread (`locking` 0) nothing of this runs. */
static inline uint64_t tt_ld64(const uint64_t *p) { return __atomic_load_n(p, __ATOMIC_RELAXED); }
static inline uint32_t tt_ld32(const uint32_t *p) { return __atomic_load_n(p, __ATOMIC_RELAXED); }
static inline void tt_st64(uint64_t *p, uint64_t v) { __atomic_store_n(p, v, __ATOMIC_RELAXED); }
static inline void tt_st32(uint32_t *p, uint32_t v) { __atomic_store_n(p, v, __ATOMIC_RELAXED); }

static inline void tt_lock(const tt_table *t, tt_bucket *b)
{
    if (!t->locking)
        return;
    int spins = 0;
    for (;;) {
        unsigned v = atomic_load_explicit(&b->lock, memory_order_relaxed);
        if (!(v & 1u) &&
            atomic_compare_exchange_weak_explicit(&b->lock, &v, v + 1u, memory_order_acquire, memory_order_relaxed))
            break;
        if (++spins % 64 == 0)
            sched_yield(); /* the holder may have lost its core on a loaded machine */
    }
    /* the odd sequence is seen before any entry written after it (the reader's acquire fence) */
    atomic_thread_fence(memory_order_release);
}

static inline void tt_unlock(const tt_table *t, tt_bucket *b)
{
    if (t->locking)
        atomic_store_explicit(&b->lock, atomic_load_explicit(&b->lock, memory_order_relaxed) + 1u,
                              memory_order_release);
}

/* The slot of bucket b (locked) that an entry (k0, k1, key `want` of generation `gen`) goes to:
 * a slot of another generation is free; this generation's entries fill each bucket from slot 0
 * (the first free slot is taken, the same position is replaced in place), as in a fresh table,
 * so which slot is evicted, and so the node counts, depend on this solve alone; with none free,
 * the entry of the lowest priority (*evicted = 1): tt_put's `priority`, the bit length of the
 * nodes searched under the position in fast.c, the cards left in fast3.c. */
static inline int tt_slot_for(const tt_bucket *b, uint32_t gen, uint32_t want, uint64_t k0, uint64_t k1, int *evicted)
{
    int victim = 0;
    uint32_t victim_priority = 64; /* above any entry's: the first full slot becomes the victim */
    *evicted = 0;
    for (int i = 0; i < TT_WAYS; i++) {
        uint32_t meta = tt_ld32(&b->meta[i]);
        if ((meta & TT_GEN_MASK) != gen ||
            ((meta & (TT_GEN_MASK | TT_META_KEY)) == want && tt_ld64(&b->k0[i]) == k0 && tt_ld64(&b->k1[i]) == k1))
            return i;
        if ((meta >> 16 & 63) < victim_priority) {
            victim = i;
            victim_priority = meta >> 16 & 63;
        }
    }
    *evicted = 1;
    return victim;
}

/* 1 win, 0 loss, -1 not in the table (or, with threads, a writer in its bucket: see tt_lock). */
static inline int tt_bucket_find(const tt_bucket *b, uint32_t want, uint64_t k0, uint64_t k1)
{
    for (int i = 0; i < TT_WAYS; i++) {
        uint32_t meta = tt_ld32(&b->meta[i]);
        if ((meta & (TT_GEN_MASK | TT_META_KEY)) == want && tt_ld64(&b->k0[i]) == k0 && tt_ld64(&b->k1[i]) == k1)
            return (meta & TT_META_VALUE) != 0;
    }
    return -1;
}

/* The value of key (k0, k1, lk) in bucket b (tt_bucket_of) of t: 1, 0, or -1 not known. */
static inline int tt_probe(tt_table *t, tt_bucket *b, uint64_t k0, uint64_t k1, uint32_t lk)
{
    uint32_t want = t->gen << TT_GEN_SHIFT | lk;
    if (!t->locking)
        return tt_bucket_find(b, want, k0, k1);
    unsigned s1 = atomic_load_explicit(&b->lock, memory_order_acquire);
    if (s1 & 1u)
        return -1;
    int v = tt_bucket_find(b, want, k0, k1);
    atomic_thread_fence(memory_order_acquire);
    return atomic_load_explicit(&b->lock, memory_order_relaxed) == s1 ? v : -1;
}

/* Stores the value of key (k0, k1, lk) in bucket b of t, with the priority (0-63) that keeps it
 * when its bucket is full (tt_slot_for); 1 when it evicted another entry. The caller counts its
 * stores and calls tt_stored. */
static inline int tt_put(tt_table *t, tt_bucket *b, uint64_t k0, uint64_t k1, uint32_t lk, int value, int priority)
{
    uint32_t gen = t->gen << TT_GEN_SHIFT, want = gen | lk;
    int evicted;
    tt_lock(t, b);
    int slot = tt_slot_for(b, gen, want, k0, k1, &evicted);
    tt_st64(&b->k0[slot], k0);
    tt_st64(&b->k1[slot], k1);
    tt_st32(&b->meta[slot], want | (value ? TT_META_VALUE : 0) | (uint32_t)priority << 16);
    tt_unlock(t, b);
    return evicted;
}

/* Grows t (ddz_tt_grow) when a thread's count of its stores into t passes a step. */
DDZ_TT_HIDDEN void ddz_tt_grow(tt_table *t);
static inline void tt_stored(tt_table *t, unsigned long long stored)
{
    if ((stored & (ddz_fast_grow_step - 1)) == 0)
        ddz_tt_grow(t); /* each table on its own stores (a power of two: no division per store) */
}

/* A table of at most mem bytes for a solve: a spare one of that size a finished solve gave back
 * (moved to its next generation: empty) or a new one; NULL when out of memory. Give it back
 * with ddz_tt_give_back. Bytes in use now: tt_bytes_in_use. */
DDZ_TT_HIDDEN tt_table *ddz_tt_take(size_t mem);
DDZ_TT_HIDDEN void ddz_tt_give_back(tt_table *t);
static inline size_t tt_bytes_in_use(tt_table *t) { return (atomic_load(&t->mask) + 1) * sizeof(tt_bucket); }

/* ---- Move ordering --------------------------------------------------------------------------- */

static inline int tt_same_move(const ddz_move *a, const ddz_move *b)
{
    return a->cards == b->cards && a->type == b->type && a->main == b->main && a->len == b->len;
}

/* Orders a move list in place for "a win early" (fast.c and fast3.c say what each order did to
 * their node counts). last NULL or a pass: leading, the moves spending more cards first (big
 * groups shed the hand), in the generator's order within a card count (a stable counting sort:
 * the order depends on the move list alone). Otherwise answering: the answers in kind (the
 * generator lists them from the lowest: highest_first reverses them), then bombs and the rocket,
 * the pass last. scratch holds n moves. */
DDZ_TT_HIDDEN void ddz_tt_order(ddz_move *mv, size_t n, const ddz_move *last, ddz_move *scratch, int highest_first);

/* Moves k (when in the list and not first) to the front, the others keeping their order. */
static inline void tt_promote(ddz_move *mv, size_t n, const ddz_move *k)
{
    if (k->type >= DDZ_TYPES)
        return; /* an empty slot */
    for (size_t i = 1; i < n; i++)
        if (tt_same_move(&mv[i], k)) {
            ddz_move t = mv[i];
            memmove(mv + 1, mv, i * sizeof *mv);
            mv[0] = t;
            return;
        }
}

/* Killer answers: per ply and type of the move to beat, the last two answers other than the pass
 * that won there (slot 0 the latest); an answering node tries them first (tt_killers_front). */
typedef struct killer {
    ddz_move move[DDZ_TYPES][2]; /* type DDZ_TYPES: empty */
} killer;

static inline void tt_killers_clear(killer *k, int plies)
{
    for (int p = 0; p < plies; p++)
        for (int t = 0; t < DDZ_TYPES; t++)
            k[p].move[t][0].type = k[p].move[t][1].type = DDZ_TYPES;
}

/* The killers of one ply, answering `type`, promoted to the front of mv (the latest first). */
static inline void tt_killers_front(const killer *k, int type, ddz_move *mv, size_t n)
{
    tt_promote(mv, n, &k->move[type][1]);
    tt_promote(mv, n, &k->move[type][0]);
}

/* m (not a pass) won at this ply against a move of `type`: the latest killer. */
static inline void tt_killer_note(killer *k, int type, const ddz_move *m)
{
    if (!tt_same_move(&k->move[type][0], m)) {
        k->move[type][1] = k->move[type][0];
        k->move[type][0] = *m;
    }
}

/* Answer history: per side, type of the move to beat, its main and the answer's main, the
 * weight of the wins that answer gave (fast.c, "Answer history"). Shared by a solve's threads
 * (relaxed atomic adds; each node sorts from a snapshot). */
typedef _Atomic uint64_t answer_history[2][DDZ_TYPES][16][16];

/* The answers in kind at the front of mv (an answering order) sorted by hist[last main][answer
 * main], most first, stably. */
DDZ_TT_HIDDEN void ddz_tt_order_by_history(ddz_move *mv, size_t n, const ddz_move *last, _Atomic uint64_t hist[16][16]);

/* Rank collapse, for both solvers' keys: the ranks 3..A that no hand holds only break chains,
 * so each run of them counts as one rank nobody holds (none below the lowest held one); the 2
 * and the jokers never chain and keep their places. Order, adjacency and "within 3..A" are what
 * the rules read of ranks, and the collapse keeps all three, with the move to beat's key's start
 * (a held rank) moved with its run, so positions with the same collapsed hands have the same
 * value. The n (2 or 3) hands h, whose chain ranks held by any are `present`, walked run by run
 * (at most six), every hand at once. */
static inline void tt_collapse(unsigned present, ddz_hand *h, int n, uint32_t *lk)
{
    if ((present & (present + 1)) == 0)
        return; /* one run from 3, or none: nothing moves */
    const ddz_hand chain = 0xffffffffffffull;
    ddz_hand o[3] = {0, 0, 0};
    for (int i = 0; i < n; i++)
        o[i] = h[i] & ~chain;
    uint32_t t = *lk & 15u, m = *lk >> 4 & 15u, newm = m;
    int start = __builtin_ctz(present), removed = start;
    for (;;) {
        int len = __builtin_ctz(~(present >> start)); /* present < 2^12: a zero comes */
        ddz_hand run = ((1ull << (4 * len)) - 1) << (4 * start);
        for (int i = 0; i < n; i++)
            o[i] |= (h[i] & run) >> (4 * removed);
        if (m >= (unsigned)start && m < (unsigned)(start + len))
            newm = m - (unsigned)removed;
        start += len;
        unsigned rest = present >> start;
        if (!rest)
            break;
        int gap = __builtin_ctz(rest);
        removed += gap - 1;
        start += gap;
    }
    for (int i = 0; i < n; i++)
        h[i] = o[i];
    if (t != 0 && t != TT_KEY_NOKIND && t != DDZ_ROCKET && m != 15u)
        *lk = (*lk & ~0xf0u) | newm << 4;
}

/* High-rank collapse, after tt_collapse: the ranks above A (2, X, D) never chain, and the rules
 * read of them only their order (a single or a kicker is compared by rank; a pair, triple or
 * bomb needs several cards of one rank, which a joker never has) and whether one hand holds both
 * jokers (the rocket, and rlcard's kicker bans of the two jokers together). So unless a hand
 * holds both jokers, the present ones among 2, X and D are moved down onto the lowest places from
 * the 2's, in order (a lone joker with no 2 plays as a lone 2; with a 2, as X; jokers in two
 * hands, no 2, as 2 and X): every move, every comparison between held cards, and so every value
 * is kept, and the positions that differ only in which joker is left share an entry (e.g. an
 * answer of X or of D from a hand holding both, against a hand holding none). The move to beat's
 * key (tt_answer_key) holds a rank above A only as a single's lowest answer start, a held
 * joker: it moves with that joker. The n (2 or 3) hands h. */
static inline void tt_collapse_high(ddz_hand *h, int n, uint32_t *lk)
{
    const ddz_hand X = (ddz_hand)1 << (4 * DDZ_RX), D = (ddz_hand)1 << (4 * DDZ_RD);
    ddz_hand all = 0;
    for (int i = 0; i < n; i++) {
        if ((h[i] & (X | D)) == (X | D))
            return; /* the rocket: the jokers stay what they are */
        all |= h[i];
    }
    if (!(all & (X | D)))
        return;
    int tx = DDZ_R2 + ((all & (ddz_hand)7 << (4 * DDZ_R2)) != 0), td = tx + ((all & X) != 0);
    if (tx == DDZ_RX && td == DDZ_RD)
        return; /* a 2 and X held, or only X beside a 2: nothing moves */
    for (int i = 0; i < n; i++) {
        ddz_hand j = h[i] & (X | D); /* at most one joker a hand here */
        if (j)
            h[i] += ((ddz_hand)1 << (4 * (j == X ? tx : td))) - j;
    }
    unsigned m = *lk >> 4 & 15u;
    if ((*lk & 15u) == DDZ_SINGLE && (m == DDZ_RX || m == DDZ_RD))
        *lk = (*lk & ~0xf0u) | (uint32_t)(m == DDZ_RX ? tx : td) << 4;
}

#endif
