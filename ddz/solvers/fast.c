/* fast: exact AND/OR search of a two-player open-card endgame with an exact-key, bounded,
 * shared transposition table, cheap exact tests, win-first move ordering that learns as it
 * searches (killer answers, an answer history, probes), and OpenMP over the first moves.
 *
 * Parts, and what each did to the node counts of the 13-vs-13 deals seeds 2/4/8/12 (one
 * thread; docs/ddz-search-notes.md has the rest): plain search with the table
 * 693,605/1,701,248/3,330,758/4,290,002; + split test (unanswerable moves, then one lead)
 * 515,779/1,225,047/2,526,486/2,931,038; + the move to beat keyed by the answers it leaves
 * 441,172/1,060,562/2,151,903/2,465,967; + transposition cutoff (children looked up first)
 * 269,446/533,735/1,052,502/1,121,767; + runs of absent ranks collapsed in the key
 * 206,896/400,108/747,051/811,381. Memory: one cache line per bucket, prefetched child
 * buckets, a mapped table sized by the position. CPU seconds of the solve, one thread, the 20
 * deals: 12.5 in all before, 4.4 now; the worst deal 1.73 before, 0.64 now.
 * Later, on the six slowest positions of the quick sets (13v13 seeds 4/11/13/16/19 and the
 * published puzzle of level 50; one thread): nodes 2,672,445 -> 2,184,323 in all, from the fixed
 * move-to-beat key (1%) and the skipped forced nodes (a move the opponent can only pass to: the
 * position after the pass is searched directly, 18%); instructions (callgrind, seeds 16 and 19:
 * 925 M before) 754 M with the rank collapse walked run by run and the children's keys handed
 * down, 711 M with the forced nodes skipped, 613 M with one_move's two-word filter, 546 M with
 * the split memo. Where the rest goes (callgrind): the split test about a third (split_win's
 * subsets, one_move on each rest, the rests' moves), move generation a quarter, the node itself
 * (ordering, keys of the children, table probes) the rest; in time, table probes wait on
 * memory. Then the order learned as the search goes: killer answers, an answer history, and
 * budgeted probe searches of a big node's first children (each described where it is coded):
 * 13v13 and published 1,506,971 -> 817,085 nodes on one thread, the hard set 17.4 M -> 0.26 M.
 * Then instructions again (callgrind, one thread, 13v13 #13 and #11 and published row 8 in one
 * run, 479,203 nodes, about 3,600 instructions a node): 1,741 M; 1,503 M with the generator
 * skipping the types whose core the hand lacks (movegen.c, shapes_present: most types of the
 * small rests the split test generates; 4.9 M calls of gen_type before); 1,438 M with
 * order_moves placing answers in one pass and sorting leads on card counts read once (1,446 M
 * after one slot choice, slot_for, was shared by the store and the table's growth). The
 * same nodes and order (822,502 on 13v13 and published). The split test is still 27% of it
 * (lead_split on the rests of answers the opponent cannot beat: 404 k calls, 32% found in the
 * memo, 23% of the rest a split), move generation 19%, table probes and stores 12%. Tried and
 * dropped there: the rank collapse from a per-node plan reused by children of the same ranks
 * (1,505 M), or by removing absent ranks one at a time (1,444 M); a split memo four times
 * bigger (1% fewer instructions, more cache misses); the split test only for hands of at most
 * 6, 8 or 10 cards (1,610 M and 1,692 M instructions, but the hard set's nodes 259 k -> 930 k,
 * 409 k and 840 k). Wall time in one run alternating with the build before, three runs each,
 * one thread, the 13v13 set in all: 0.452-0.670 s -> 0.463-0.494 s.
 * Tried and dropped: a history heuristic (seed 2 past 1.7 M nodes), no table for positions of
 * at most 4-8 cards (more nodes, no less time), the split test's mirror as a loss test (fired
 * too rarely to change a count), fewer children looked up (no difference), moves the opponent
 * cannot answer ordered first (seeds 4 and 16 4-6x fewer nodes, seed 13 3x more: 4.2 M in all
 * against 2.7 M), a shallower split test (depth 2-4: more nodes and more instructions), a
 * table four times bigger (1% fewer nodes). With the killer answers (below): the lowest answer in
 * kind first again (13v13 and published 1,050,923 -> 1,914,530 nodes, the hard set past a 30 s
 * cap), and young-brothers-wait splitting (a node near the root whose first child failed shares
 * its other children with idle threads through OpenMP tasks, taken in order from a shared
 * counter): on 2 threads, best of 3 runs each, the worst 13v13 deal 0.125 -> 0.112 s but #13
 * 0.065 -> 0.068 and published row 8 0.043 -> 0.049 s, whatever the depth and size limits tried
 * (plies 4-8, 16-22 cards, after 1-2 children): the children it searches at once are often
 * wasted at a node a later child wins, and 2 cores leave little to gain.
 * Where the rest of the nodes go (measured, one thread, with the killer answers): most are in
 * children tried before the one that wins. Solving a position twice, the second time trying
 * first at each won node the move that won it in the first solve (a fresh table): 13v13 #11
 * 363,882 -> 63,683 nodes, #13 198,516 -> 48,106, published row 8 97,855 -> 15,063. The proof
 * itself (the winning child at each won node, every child at each lost one, a table hit
 * counted once) is 38,635 nodes for #11. So a better guess of the winning move, or a search
 * that picks the child with the smallest proof first (proof-number search), is where the
 * 50 ms goal lies; the tries that did not guess better: the lowest in-kind answer moved to
 * second or third place (13v13 and published 1.28-1.29 M nodes), a killer of "the lowest or
 * the highest answer in kind" instead of the exact move (1.06-1.40 M, the hard set 3.3-12.3 M),
 * and a history of winning leads by type, main and length (1.02-3.64 M, 12v12 and 15v15 worse).
 * A depth-first proof-number search in place of the plain one (df-pn with the 1+epsilon
 * threshold, epsilon 0.25, the same cheap tests, order and exact table, proof and disproof
 * numbers in a second table) did worse on its own: #11 513,772 nodes, #13 5,522,741,
 * published row 8 302,932; with the opponent's reply count as the initial disproof number,
 * worse again (1.25 M, 7.58 M, 306,932). ABDADA (Weill 1996: with 2 threads, a node defers a
 * child another thread is expanding, by a shared table of busy positions, and searches it last):
 * the whole 13v13 and published sets on 2 threads, three runs each alternating, 0.379-0.424 s
 * in all against 0.394-0.478 s without, the worst position 0.100-0.116 against 0.105-0.126 s:
 * within the noise, so not kept. Leads ordered by the moves the rest would still need (counted
 * from its singles, pairs, triples taking a kicker each, and fours; chains ignored), from 10, 16
 * or 22 cards up: 13v13 and published 804,625-902,969 nodes against 817,085, 12v12 801,475-
 * 851,519 against 722,871, the hard set 367,441-437,246 against 258,541. */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS, MADV_HUGEPAGE: the table is mapped, not cleared */
#include "ddz_fast.h"
#include "ddz_movegen.h"
#include "ddz_solver.h"

#include <omp.h>
#include <sched.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#ifdef __linux__
#include <sys/mman.h>
#endif

#define NIBBLE_LOW 0x111111111111111ull  /* bit 0 of each of the 15 counts */
#define NIBBLE_HIGH 0x888888888888888ull /* bit 3 of each count: never set in a real count */

/* Cards in a hand: the 15 counts summed with shifts (each count <= 4). */
static inline int hand_size(ddz_hand h)
{
    uint64_t x = (h & 0x0f0f0f0f0f0f0f0full) + ((h >> 4) & 0x0f0f0f0f0f0f0f0full);
    return (int)((x * 0x0101010101010101ull) >> 56);
}

/* Bits set in a rank mask (without -mpopcnt, __builtin_popcount is a library call). */
static inline int bits15(unsigned m)
{
    m = m - ((m >> 1) & 0x5555u);
    m = (m & 0x3333u) + ((m >> 2) & 0x3333u);
    m = (m + (m >> 4)) & 0x0f0fu;
    return (int)((m + (m >> 8)) & 0x1fu);
}

/* Nonzero when every count of part is at most the count in whole (no nibble borrows). */
static inline int hand_has(ddz_hand whole, ddz_hand part)
{
    return (((whole | NIBBLE_HIGH) - part) & NIBBLE_HIGH) == NIBBLE_HIGH;
}

/* The table: buckets of one 64-byte cache line, three entries each, every entry the full
 * position (both 60-bit hands and the last key), so that a lookup never answers for another
 * position. meta: bits 0-11 the last key, bit 12 the value (1: the side to move wins), bits
 * 16-21 the cards left in both hands, the replacement priority (bigger positions cost more to
 * redo), bits 22-31 the table's generation when stored (0: never used). An entry of another
 * generation reads as empty, so a table is reused by a new solve without clearing it (see
 * table_take). `lock` is a sequence lock, used only when threads share the table (bucket_lock). */
#define TT_WAYS 3
#define META_KEY 0xfffu
#define META_VALUE 0x1000u
#define GEN_SHIFT 22
#define GEN_MASK (0x3ffu << GEN_SHIFT)
#define GEN_LAST 1023u

typedef struct {
    uint64_t me[TT_WAYS], en[TT_WAYS];
    uint32_t meta[TT_WAYS];
    atomic_uint lock;
} tt_bucket;

typedef struct ddz_table {
    tt_bucket *b;
    size_t nbuckets; /* power of two: the buckets allocated */
    _Atomic size_t mask;                /* the buckets in use - 1: the table grows (see table_grow) */
    _Atomic unsigned long long filled;  /* stores since the last start, counted in steps of ddz_fast_grow_step */
    size_t bytes;    /* allocated, for free */
    int mapped;      /* table_alloc mapped it */
    int locking;
    uint32_t gen;    /* 1..GEN_LAST, in meta's generation field of every live entry */
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

static inline tt_bucket *bucket_of(tt_table *t, ddz_hand me, ddz_hand en, uint32_t lk)
{
    uint64_t x = mix(me ^ (uint64_t)lk << 60) + en * 0x9e3779b97f4a7c15ULL + lk * 0xc2b2ae3d27d4eb4fULL;
    return &t->b[mix(x) & atomic_load_explicit(&t->mask, memory_order_relaxed)];
}

/* The table as a solve starts on it: start buckets in use (a power of two), none filled. */
#define GROW_FROM ((size_t)(2 << 20) / sizeof(tt_bucket)) /* at least one 2 MiB page */
size_t ddz_fast_grow_from;

static void table_restart(tt_table *t)
{
    size_t start = t->nbuckets / 8 > GROW_FROM ? t->nbuckets / 8 : GROW_FROM;
    if (ddz_fast_grow_from)
        for (start = 1; start < t->nbuckets && start < ddz_fast_grow_from; start *= 2)
            ;
    atomic_store(&t->mask, (start < t->nbuckets ? start : t->nbuckets) - 1);
    atomic_store(&t->filled, 0ull);
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
static inline uint64_t ld64(const uint64_t *p) { return __atomic_load_n(p, __ATOMIC_RELAXED); }
static inline uint32_t ld32(const uint32_t *p) { return __atomic_load_n(p, __ATOMIC_RELAXED); }
static inline void st64(uint64_t *p, uint64_t v) { __atomic_store_n(p, v, __ATOMIC_RELAXED); }
static inline void st32(uint32_t *p, uint32_t v) { __atomic_store_n(p, v, __ATOMIC_RELAXED); }

static inline void bucket_lock(const tt_table *t, tt_bucket *b)
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

static inline void bucket_unlock(const tt_table *t, tt_bucket *b)
{
    if (t->locking)
        atomic_store_explicit(&b->lock, atomic_load_explicit(&b->lock, memory_order_relaxed) + 1u,
                              memory_order_release);
}

/* The slot of bucket b (locked) that an entry (me, en, key `want` of generation `gen`) goes to:
 * a slot of another generation is free; this generation's entries fill each bucket from slot 0
 * (the first free slot is taken, the same position is replaced in place), as in a fresh table,
 * so which slot is evicted, and so the node counts, depend on this solve alone; with none free,
 * the entry with the fewest cards left (*evicted = 1). */
static inline int slot_for(const tt_bucket *b, uint32_t gen, uint32_t want, ddz_hand me, ddz_hand en, int *evicted)
{
    int victim = 0;
    uint32_t victim_priority = 64; /* above any entry's: the first full slot becomes the victim */
    *evicted = 0;
    for (int i = 0; i < TT_WAYS; i++) {
        uint32_t meta = ld32(&b->meta[i]);
        if ((meta & GEN_MASK) != gen || ((meta & (GEN_MASK | META_KEY)) == want && ld64(&b->me[i]) == me && ld64(&b->en[i]) == en))
            return i;
        if ((meta >> 16 & 63) < victim_priority) {
            victim = i;
            victim_priority = meta >> 16 & 63;
        }
    }
    *evicted = 1;
    return victim;
}

/* The table grows as it fills: a solve starts on the first buckets (an eighth of the table, at
 * least one 2 MiB page's worth; table_restart) and doubles the buckets in use whenever the
 * stores since its start pass a quarter of their entries, up to the whole table; the thread
 * that doubles it moves every entry whose hash has the new bit set to its new bucket. Memory is
 * touched only as far as it is used: on this VM a first touch costs about 2 ms per 2 MiB page
 * (zeroing, and the host's own fault), 30-60 ms for a 32 MiB table, more than most solves of
 * that size take. Exact, like an eviction: a lookup compares the full key, so an entry in a
 * bucket it no longer hashes to is only missed, never read for another position; a thread that
 * read the old size stores or looks up in the lower part, which stays valid; bucket locks are
 * taken lower bucket first, so a move never deadlocks. Counted per thread in steps of
 * ddz_fast_grow_step stores, so with one thread the points where it grows, and so the node
 * counts, depend on the position alone. Measured (one thread unless said): 13v13 and published
 * 817,085 -> 822,502 nodes; the first position of a bench run (13v13 #1, 490 nodes) 0.005-0.066 s
 * -> 0.001 s (the first touch was all of its time); 10v10 deals each solved by a fresh `ddz
 * solve`, median 6.1-7.2 ms -> 3.6-4.9 ms; 13v13 #11, #13 and published row 8 on 2 threads, six
 * alternating runs, within the noise; 17v17 and 20v17 on 2 threads, one run each: nodes 32.1 M ->
 * 34.3 M and 8.29 M -> 8.78 M (entries a thread misses while another moves them), time 19.6 ->
 * 21.5 s and 5.3 -> 4.5 s in all. Tried: growing at half the entries (850,693 nodes) and
 * without moving entries (906,901: half of them lost at each doubling). */
unsigned ddz_fast_grow_step = 1024;
static void table_grow(tt_table *t)
{
    unsigned long long filled = atomic_fetch_add_explicit(&t->filled, ddz_fast_grow_step, memory_order_relaxed) + ddz_fast_grow_step;
    size_t m = atomic_load_explicit(&t->mask, memory_order_relaxed);
    if (m + 1 >= t->nbuckets || filled <= (unsigned long long)(m + 1) * TT_WAYS / 4 ||
        !atomic_compare_exchange_strong(&t->mask, &m, 2 * m + 1))
        return;
    /* This thread grew it: the entries whose hash has the new bit set move up. */
    uint32_t gen = t->gen << GEN_SHIFT;
    for (size_t i = 0; i <= m; i++) {
        tt_bucket *lo = &t->b[i];
        bucket_lock(t, lo);
        for (int w = 0; w < TT_WAYS; w++) {
            if ((lo->meta[w] & GEN_MASK) != gen)
                continue;
            tt_bucket *hi = bucket_of(t, lo->me[w], lo->en[w], lo->meta[w] & META_KEY);
            if (hi == lo)
                continue;
            bucket_lock(t, hi);
            int evicted, v = slot_for(hi, gen, lo->meta[w] & (GEN_MASK | META_KEY), lo->me[w], lo->en[w], &evicted);
            st64(&hi->me[v], lo->me[w]);
            st64(&hi->en[v], lo->en[w]);
            st32(&hi->meta[v], lo->meta[w]);
            bucket_unlock(t, hi);
            st32(&lo->meta[w], 0);
        }
        bucket_unlock(t, lo);
    }
}

/* The answer history (see "Answer history" below): per side (ply parity), type of the move to
 * beat, its main and the answer's main, the weight of the wins that answer gave. */
typedef _Atomic uint64_t answer_history[2][DDZ_TYPES][16][16];

/* Per-thread search state. */
typedef struct ctx {
    tt_table *tt;
    const ddz_rules *rules;
    ddz_move *buf; /* a stack of move lists, one region per ply */
    size_t cap, top;
    unsigned long long nodes, hits, stores, evictions;
    double deadline;
    volatile int *abort; /* shared: a timeout or a move list too long */
    int *overflow;
    struct split_memo *memo; /* SPLIT_MEMO slots, or NULL */
    int ply;                 /* of the node searched: 0 for the root's children */
    struct killer *killers;  /* KILLER_PLIES of them, or NULL: no killers, the same answers */
    answer_history *history; /* shared by the solve's threads, or NULL: no history, the same answers */
    unsigned long long probe_end; /* while probing: the node count at which the probe stops */
    int probing, probe_out;       /* a probe is running; it ran out (its search means nothing) */
    const struct split_node *split; /* the innermost split this search runs under (see "Young brothers wait") */
    struct ctx *team;             /* every thread's ctx, by omp_get_thread_num(); NULL: one thread, no splits */
    tt_table *own;                /* this thread's table of the positions under share_cards, or NULL */
    unsigned long long own_stores;
    int share_cards;
    ddz_solve_live *live;         /* the caller's progress record, or NULL */
} ctx;

/* A node whose children after the first are searched by the team at once (see "Young brothers
 * wait"): `won` is set when one of them wins, which stops the others (and everything below them);
 * `won_by` is that child. */
typedef struct split_node {
    atomic_int won;
    size_t won_by;
    const struct split_node *parent;
} split_node;

/* Own tables: with more than one thread, a position of fewer than ddz_fast_share_cards cards in
 * the two hands is stored in a table of the thread's own, without locks, and only the bigger
 * ones in the shared table. Both are exact, and a position always goes to the same one (its
 * size decides), so the answers are the same; what a thread no longer sees of the other's work
 * is the small positions, cheap to search again. Why: on a 2-core AMD EPYC VM a node cost about
 * 350 ns of each thread on 2 threads against 195 ns on one (13v13 #11), a third of it in
 * tt_store and tt_probe (`perf record`): each store took the bucket's line from the other core
 * (the lock and the entry), and each lookup of a line the other had just written waited for
 * it. Most stores and lookups are of small positions deep in the search; kept apart they stay in
 * their own core's cache. Measured there, 13v13 #11 on 2 threads, 7 solves in one process, mean
 * (table sharing from N cards up): all shared 52.7 ms (350 ns a node), from 12 39.3, from 16
 * 35.2 (220 ns), from 20 37.9; the 13v13 set's worst (three runs each, alternating) 51-75 ms
 * shared, 35-38 from 16 cards. Off now (0: every position shared), since the threads split
 * nodes among themselves ("Young brothers wait"): a subtree's small positions are then searched
 * by whichever thread takes them, and a table of its own hides them from the others. 13v13 and
 * published, nodes of all threads over those of one thread (one run each, the same build): own
 * tables from 16 cards 1.67 / 1.28 on 2 threads and 2.36 / 2.41 on 16; every position shared
 * 1.25 / 1.13 and 1.21 / 1.22. The tests still run it (test_collisions_threads). */
int ddz_fast_share_cards = 0;

static inline tt_table *table_for(const ctx *c, int size) { return c->own && size < c->share_cards ? c->own : c->tt; }

/* Killer answers: per ply and type of the move to beat, the last two answers other than the
 * pass that won there (slot 0 the latest). An answering node tries them first when they are
 * legal: a reply that refuted one move of a kind refutes its siblings often (a top single
 * against any low single). Plies are at most 2 per card (a pass is followed by a lead), so 128
 * hold any deal. Measured (one thread, nodes, all positions of each set): 13v13 and published
 * 1,506,971 without, 1,050,923 with (the worst position 459,937 -> 363,882); 10v10 153,189 ->
 * 122,069; 12v12 1,721,312 -> 1,071,700; 15v15 3,832,772 -> 2,089,722; the hand-made hard set
 * 17,433,750 -> 2,605,542. Tried: the pass kept as a killer too (2,924,085 on 13v13 and
 * published: a pass that won once is a poor first try), one killer per ply whatever the move to
 * beat (1,124,030), one per move to beat whatever the ply (1,429,170), and killers at leading
 * nodes too (1,442,140; at leads alone 1,961,454: a lead depends on the whole hand). */
#define KILLER_PLIES 128
typedef struct killer {
    ddz_move move[DDZ_TYPES][2]; /* type DDZ_TYPES: empty */
} killer;

/* Answer history: a node answering in kind orders its answers in kind by the wins the same
 * answer (by main) gave against the same move to beat (type and main) for the same side, each
 * win weighted 2^(cards in the two hands / 3) (a win high in the tree saved more), the highest
 * answer first among equals; the killers then go in front. Measured (one thread, nodes, all
 * positions of each set, killers on in both): 13v13 and published 1,050,923 -> 919,982 (the
 * worst 363,882 -> 290,250); 10v10 122,069 -> 89,714; 12v12 1,071,700 -> 652,819; 15v15
 * 2,089,722 -> 2,153,472; the hard set 2,605,542 -> 1,420,884; 17v17 40,766,223 -> 35,959,396
 * (the worst 11,662,837 -> 9,418,203). Tried: weighted by size^2 (13v13 900,053, 15v15
 * 2,282,241), by 1 (1,086,927), one history for both sides (947,525; 15v15 2,145,206), and the
 * history without the killers (15v15 1,571,110 but 13v13 1,239,582 and the hard set past 30 s).
 * One history for all the threads of a solve (relaxed atomic adds; each node sorts from a
 * snapshot), so that a thread learns from the first moves the others search: on 2 threads, the
 * 13v13 and published sets, three runs each alternating with a history per thread, nodes
 * 1,008,737 / 1,092,141 / 1,161,484 -> 935,646 / 1,072,718 / 980,357, time 0.453 / 0.411 /
 * 0.498 -> 0.379 / 0.461 / 0.412 s in all. */
static void order_by_history(ddz_move *mv, size_t n, const ddz_move *last, _Atomic uint64_t hist[16][16])
{
    size_t k = 0; /* the answers in kind: the first class of order_moves */
    while (k < n && mv[k].type == last->type)
        k++;
    if (k < 2)
        return;
    uint64_t h[16]; /* a snapshot: other threads may be adding to it */
    for (int m = 0; m < 16; m++)
        h[m] = atomic_load_explicit(&hist[last->main & 15][m], memory_order_relaxed);
    for (size_t i = 1; i < k; i++) { /* insertion sort, stable: equals stay highest first */
        ddz_move t = mv[i];
        uint64_t ht = h[t.main & 15];
        size_t j = i;
        for (; j > 0 && h[mv[j - 1].main & 15] < ht; j--)
            mv[j] = mv[j - 1];
        mv[j] = t;
    }
}

static killer *killers_new(void)
{
    killer *k = malloc(KILLER_PLIES * sizeof *k);
    if (k)
        for (int p = 0; p < KILLER_PLIES; p++)
            for (int t = 0; t < DDZ_TYPES; t++)
                k[p].move[t][0].type = k[p].move[t][1].type = DDZ_TYPES;
    return k;
}

/* One remembered split test: h (to lead) against en; h == 0: empty. */
#define SPLIT_MEMO 16384
#define SPLIT_MEMO_AFTER 4096 /* nodes: a small solve would spend more clearing the memo */
typedef struct split_memo {
    ddz_hand h, en;
    int result;
} split_memo;

/* 1 win, 0 loss, -1 not in the table (or, with threads, a writer in its bucket: see bucket_lock). */
static inline int bucket_find(const tt_bucket *b, uint32_t want, ddz_hand me, ddz_hand en)
{
    for (int i = 0; i < TT_WAYS; i++) {
        uint32_t meta = ld32(&b->meta[i]);
        if ((meta & (GEN_MASK | META_KEY)) == want && ld64(&b->me[i]) == me && ld64(&b->en[i]) == en)
            return (meta & META_VALUE) != 0;
    }
    return -1;
}

static int tt_probe(tt_table *t, tt_bucket *b, ddz_hand me, ddz_hand en, uint32_t lk)
{
    uint32_t want = t->gen << GEN_SHIFT | lk;
    if (!t->locking)
        return bucket_find(b, want, me, en);
    unsigned s1 = atomic_load_explicit(&b->lock, memory_order_acquire);
    if (s1 & 1u)
        return -1;
    int v = bucket_find(b, want, me, en);
    atomic_thread_fence(memory_order_acquire);
    return atomic_load_explicit(&b->lock, memory_order_relaxed) == s1 ? v : -1;
}

static void tt_store(ctx *c, tt_table *t, tt_bucket *b, ddz_hand me, ddz_hand en, uint32_t lk, int value, int size)
{
    uint32_t gen = t->gen << GEN_SHIFT, want = gen | lk;
    int evicted;
    bucket_lock(t, b);
    int victim = slot_for(b, gen, want, me, en, &evicted);
    c->evictions += (unsigned)evicted;
    st64(&b->me[victim], me);
    st64(&b->en[victim], en);
    st32(&b->meta[victim], want | (value ? META_VALUE : 0) | (uint32_t)size << 16);
    c->stores++;
    bucket_unlock(t, b);
    /* each table grows on its own stores (a power of two: no division per store) */
    unsigned long long stored = t == c->own ? ++c->own_stores : c->stores - c->own_stores;
    if ((stored & (ddz_fast_grow_step - 1)) == 0)
        table_grow(t);
}

static const ddz_move pass_move = {0, DDZ_PASS, 0, 0};

/* Orders a move list in place for "a win early". A move that empties the hand is tested before
 * this is called. Leading: the moves spending more cards first (big groups shed the hand and
 * leave fewer singles for the opponent to top), in the generator's order within a card count.
 * Answering: the answers in kind from the highest down (the generator lists them from the
 * lowest: they are reversed), then bombs and the rocket, the pass last (passing hands the lead
 * over). Measured on the 13v13 and published sets (one thread, nodes): answering in the
 * leading order, 2,468,828 in all and 888,452 at worst; highest answer first, 1,506,971 and
 * 459,937 (bombs before the answers in kind: no better; the lowest answer first with bombs
 * after: 1,899,696 and 621,766); leading with fewer cards first, or the reverse order within a
 * card count, up to 8x more. A counting sort on the card count when leading: stable, so this
 * order depends on the move list alone (the killers and the history, applied after it, depend
 * on what the thread searched before). */
static inline int answering_order(const ddz_move *last)
{
    return last->type != DDZ_PASS && !(ddz_fast_disable & 32);
}

/* The class a move is tried in, smaller first: leading, DDZ_MAX_HAND - its cards (the pass,
 * never legal then, last); answering, 0 in kind, 1 a bomb or the rocket, 2 the pass. */
static inline int order_class(const ddz_move *m, const ddz_move *last)
{
    if (answering_order(last))
        return m->type == last->type ? 0 : m->type == DDZ_PASS ? 2 : 1;
    return DDZ_MAX_HAND - (m->type == DDZ_PASS ? 0 : hand_size(m->cards));
}

enum { ORDER_CLASSES = DDZ_MAX_HAND + 1 };

/* Where each class starts in the ordered list: a counting sort, stable (the order depends on
 * the move list alone). */
static void order_starts(const ddz_move *mv, size_t n, const ddz_move *last, size_t start[ORDER_CLASSES + 1])
{
    memset(start, 0, (ORDER_CLASSES + 1) * sizeof *start);
    for (size_t i = 0; i < n; i++)
        start[order_class(&mv[i], last) + 1]++;
    for (int b = 1; b <= ORDER_CLASSES; b++)
        start[b] += start[b - 1];
}

/* Answering, the three classes placed in one pass (the answers in kind written from the back,
 * so reversed); leading, a counting sort on the card counts, read once for up to ORDER_FAST
 * moves (about 3% of the instructions of a solve against reading them twice) and through
 * order_starts beyond. */
#define ORDER_FAST 512
static void order_moves(ddz_move *mv, size_t n, const ddz_move *last, ddz_move *scratch)
{
    if (answering_order(last)) {
        size_t kind = 0, pass = 0;
        for (size_t i = 0; i < n; i++) {
            kind += mv[i].type == last->type;
            pass += mv[i].type == DDZ_PASS;
        }
        size_t k = kind, o = kind, p = n - pass;
        for (size_t i = 0; i < n; i++) {
            if (mv[i].type == last->type)
                scratch[--k] = mv[i];
            else if (mv[i].type == DDZ_PASS)
                scratch[p++] = mv[i];
            else
                scratch[o++] = mv[i];
        }
        memcpy(mv, scratch, n * sizeof *mv);
        return;
    }
    if (n <= ORDER_FAST) {
        unsigned char cards[ORDER_FAST];
        size_t at[DDZ_MAX_HAND + 2] = {0}; /* by cards, most first: at[DDZ_MAX_HAND - cards + 1] */
        for (size_t i = 0; i < n; i++) {
            cards[i] = (unsigned char)hand_size(mv[i].cards); /* a pass: 0 cards, last (order_class) */
            at[DDZ_MAX_HAND - cards[i] + 1]++;
        }
        for (int b = 1; b <= DDZ_MAX_HAND + 1; b++)
            at[b] += at[b - 1];
        for (size_t i = 0; i < n; i++)
            scratch[at[DDZ_MAX_HAND - cards[i]]++] = mv[i];
    } else {
        size_t start[ORDER_CLASSES + 1];
        order_starts(mv, n, last, start);
        for (size_t i = 0; i < n; i++)
            scratch[start[order_class(&mv[i], last)]++] = mv[i];
    }
    memcpy(mv, scratch, n * sizeof *mv);
}

static inline int same_move(const ddz_move *a, const ddz_move *b)
{
    return a->cards == b->cards && a->type == b->type && a->main == b->main && a->len == b->len;
}

/* Moves k (when in the list and not first) to the front, the others keeping their order. */
static void promote(ddz_move *mv, size_t n, const ddz_move *k)
{
    if (k->type >= DDZ_TYPES)
        return; /* an empty slot */
    for (size_t i = 1; i < n; i++)
        if (same_move(&mv[i], k)) {
            ddz_move t = mv[i];
            memmove(mv + 1, mv, i * sizeof *mv);
            mv[0] = t;
            return;
        }
}

/* ---- Cheap exact tests ------------------------------------------------------------------- */

static inline int allowed(const ddz_rules *r, int type) { return !(r->forbidden & (1u << type)); }

/* Gathers bit 0 of each count (bits 0, 4, 8, ...) into bits 0..14. */
static inline unsigned gather(uint64_t x)
{
    x = (x | x >> 3) & 0x0303030303030303ull;
    x = (x | x >> 6) & 0x000f000f000f000full;
    x = (x | x >> 12) & 0x000000ff000000ffull;
    return (unsigned)((x | x >> 24) & 0xffffu);
}

/* What the opponent (the side not to move) can answer with: per width w the ranks held w or
 * more times, whether it holds a playable rocket, and its highest playable bomb. */
typedef struct {
    ddz_hand hand;
    unsigned ge[5];
    int rocket, topbomb;
} facts;

static void read_facts(ddz_hand h, const ddz_rules *r, facts *f)
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
static int unbeatable(const ddz_move *m, const facts *f, const ddz_rules *r)
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
 * side to move (facts f of its hand) matters. Its cards never do (they are out of both hands,
 * and ddz_beats reads only type, main and len). Nor does its exact main: the answers in kind
 * are the moves of that shape whose core (the single, pair, triple or four, or the chain's
 * lowest rank; kickers are chosen per core from the hand alone) starts above the main, so two
 * mains with the same lowest core start above them have the same answers; the key keeps
 * that lowest start (a rank the side to move holds, so rank collapse maps it to a rank, never
 * below 0: an earlier "start - 1" went to -1 there and spilled into the other fields, so those
 * positions were stored but never found again). With no core above: a non-bomb is answered by bombs and the rocket
 * only, whatever its shape (KEY_NOKIND); a bomb by the rocket only (main 15); and where even
 * those are missing only the pass is left, the same as against the rocket (KEY_PASSONLY). */
#define KEY_NOKIND 15u
#define KEY_PASSONLY ((uint32_t)DDZ_ROCKET | (uint32_t)DDZ_RX << 4 | 1u << 8)

int ddz_fast_disable;

static uint32_t canon_key(const facts *f, const ddz_move *last, const ddz_rules *r)
{
    if (last->type == DDZ_PASS)
        return 0;
    if (ddz_fast_disable & 4)
        return (uint32_t)last->type | (uint32_t)last->main << 4 | (uint32_t)last->len << 8;
    if (last->type == DDZ_ROCKET || last->type >= DDZ_TYPES)
        return KEY_PASSONLY;
    unsigned bombs = allowed(r, DDZ_BOMB) ? f->ge[4] : 0;
    if (last->type == DDZ_BOMB) {
        unsigned hi = above(bombs, last->main);
        if (hi)
            return (uint32_t)DDZ_BOMB | (uint32_t)__builtin_ctz(hi) << 4 | 1u << 8;
        return f->rocket ? (uint32_t)DDZ_BOMB | 15u << 4 | 1u << 8 : KEY_PASSONLY;
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
    return bombs || f->rocket ? KEY_NOKIND : KEY_PASSONLY;
}

/* Rank collapse: ranks 3..A held by neither side only break chains, so each run of them counts
 * as one absent rank (none below the lowest or above the highest held chain rank); 2, X and D
 * never chain and keep their places. Order, adjacency and "within 3..A" are what the rules read
 * of ranks, and the collapse keeps all three, so positions with the same collapsed hands (and
 * the move to beat's key mapped the same way) have the same value. */
static inline unsigned chain_present(ddz_hand both)
{
    return gather((both | both >> 1 | both >> 2) & NIBBLE_LOW) & 0xfffu;
}

/* The collapsed key of a position whose chain ranks (3..A) held by either side are `present`:
 * walked run by run (at most six), each run of held ranks moved down over the absent ranks
 * below it but one (all of them below the first run), both hands at once, and the move to beat's
 * lowest answer start (a held rank) with its run. */
static inline void collapse(unsigned present, ddz_hand *a, ddz_hand *b, uint32_t *lk)
{
    /* One run from 3 (or none): nothing moves. Off with the reduced key too: the main mapping
     * reads canon_key's form. */
    if ((present & (present + 1)) == 0 || (ddz_fast_disable & 12))
        return;
    const ddz_hand chain = 0xffffffffffffull;
    ddz_hand x = *a, y = *b, ox = x & ~chain, oy = y & ~chain;
    uint32_t t = *lk & 15u, m = *lk >> 4 & 15u, newm = m;
    int start = __builtin_ctz(present), removed = start;
    for (;;) {
        int len = __builtin_ctz(~(present >> start)); /* present < 2^12: a zero comes */
        ddz_hand run = ((1ull << (4 * len)) - 1) << (4 * start);
        ox |= (x & run) >> (4 * removed);
        oy |= (y & run) >> (4 * removed);
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
    *a = ox;
    *b = oy;
    if (t != 0 && t != KEY_NOKIND && t != DDZ_ROCKET && m != 15u)
        *lk = (*lk & ~0xf0u) | newm << 4;
}

/* Nonzero when the cards of h are exactly one legal lead. A count filter first (only a chain
 * of equal counts or a shape with a triple can hold more than three cards), then the
 * generator on h itself. */
static int one_move(ctx *c, ddz_hand h, ddz_move *scratch, size_t cap)
{
    const ddz_rules *r = c->rules;
    int n = hand_size(h);
    if (n == 0)
        return 0;
    if (n == 1)
        return allowed(r, DDZ_SINGLE);
    /* Without reading every fact first: the distinct ranks d, and whether some count is 3 or 4. */
    uint64_t held = (h | h >> 1 | h >> 2) & NIBBLE_LOW, big = (h >> 2 | (h & h >> 1)) & NIBBLE_LOW;
    int d = (int)((held * 0x1111111111111111ull) >> 60); /* at most 15 ranks: no carry out */
    if (n == 2)
        return d == 1 ? allowed(r, DDZ_PAIR)
                      : h == ((ddz_hand)1 << (4 * DDZ_RX) | (ddz_hand)1 << (4 * DDZ_RD)) && allowed(r, DDZ_ROCKET);
    if (n == 3)
        return d == 1 && allowed(r, DDZ_TRIPLE); /* the one move of three cards */
    if (!big) {
        /* Singles and pairs only (most hands asked): one move only as a chain of equal counts,
         * at least five singles or three pairs long. */
        if (n % d != 0 || h != held * (uint64_t)(n / d) || (n == d && d < 5) || (n == 2 * d && d < 3))
            return 0;
    }
    facts f;
    read_facts(h, r, &f);
    int c3 = bits15(f.ge[3]);
    int chain = (f.ge[1] == f.ge[2] || !f.ge[2]) && (f.ge[2] == f.ge[3] || !f.ge[3]) && !f.ge[4] &&
                !(f.ge[1] & ~0xfffu) && (f.ge[1] >> __builtin_ctz(f.ge[1])) + 1 == (2u << (d - 1));
    if (!chain && !c3)
        return 0;
    if (!chain && !(n <= 5 || (n == 6 && f.ge[4]) || (n == 8 && f.ge[4]) || (n % 4 == 0 && n / 4 <= c3) ||
                    (n % 5 == 0 && n / 5 <= c3)))
        return 0;
    size_t k = ddz_generate(h, &pass_move, r, scratch, cap);
    if (k > cap)
        return 0; /* cannot tell: "not one move" only weakens the test */
    for (size_t i = 0; i < k; i++)
        if (scratch[i].cards == h)
            return 1;
    return 0;
}

/* Cheap test 2: the hand h (to lead) wins when it splits into moves u1..uk, all but the last
 * unanswerable by the opponent's whole hand, the last any legal lead: each u is answered by a
 * pass (the opponent's hand stays the same, so each stays unanswerable whatever the order), and
 * the last empties the hand. u[from..nu) are the candidate unanswerable moves (moves of a
 * bigger hand are moves of any part that holds their cards); sets, not sequences: an index never
 * goes down. */
static int split_win(ctx *c, ddz_hand h, const ddz_move *u, size_t from, size_t nu, ddz_move *scratch, size_t cap,
                     int depth)
{
    for (size_t i = from; i < nu; i++) {
        if (!hand_has(h, u[i].cards))
            continue;
        ddz_hand rest = h - u[i].cards;
        if (rest == 0 || one_move(c, rest, scratch, cap))
            return 1;
        if (depth > 1 && split_win(c, rest, u, i, nu, scratch, cap, depth - 1))
            return 1;
    }
    return 0;
}

#define SPLIT_DEPTH 8
#define ETC_MOVES 64

/* Cheap test 2 at a node: leading, the hand splits as split_win says; answering, an answer the
 * opponent cannot answer (it must pass, and the lead comes back) leaves a rest that splits so.
 * mv[0..n) are the node's moves; scratch holds cap moves. */
/* The split test of a hand h to lead against the opponent's facts f: h's lead moves (mv[0..n),
 * or generated when mv is NULL) the opponent cannot answer, then split_win. Answering nodes ask
 * it of the same rests again and again, so each thread keeps the last answer per slot of a
 * small direct-mapped memo (exact: the full hands are compared), made once a solve has passed
 * SPLIT_MEMO_AFTER nodes. */
static int lead_split(ctx *c, ddz_hand h, const facts *f, const ddz_move *mv, size_t n, ddz_move *scratch, size_t cap)
{
    split_memo *m = NULL;
    if (!c->memo && c->nodes >= SPLIT_MEMO_AFTER)
        c->memo = calloc(SPLIT_MEMO, sizeof *c->memo); /* NULL: no memo, the same answers */
    if (c->memo) {
        m = &c->memo[mix(h * 0x9e3779b97f4a7c15ull ^ f->hand) & (SPLIT_MEMO - 1)];
        if (m->h == h && m->en == f->hand)
            return m->result;
    }
    size_t ucap = cap / 2, nu = 0;
    ddz_move *u = scratch;
    if (!mv) {
        ddz_move *g = scratch + cap / 4;
        ucap = cap / 4;
        n = ddz_generate(h, &pass_move, c->rules, g, cap / 4);
        if (n > cap / 4)
            return 0; /* cannot tell; not remembered */
        mv = g;
    }
    for (size_t i = 0; i < n && nu < ucap; i++)
        if (unbeatable(&mv[i], f, c->rules))
            u[nu++] = mv[i];
    int result = nu && split_win(c, h, u, 0, nu, scratch + cap / 2, cap / 2, SPLIT_DEPTH);
    if (m) {
        m->h = h;
        m->en = f->hand;
        m->result = result;
    }
    return result;
}

static int split_test(ctx *c, ddz_hand me, const facts *fe, const ddz_move *last, const ddz_move *mv, size_t n,
                      ddz_move *scratch, size_t cap)
{
    if (fe->rocket)
        return 0; /* only the rocket goes unanswered, and the opponent holds it */
    if (last->type == DDZ_PASS)
        return lead_split(c, me, fe, mv, n, scratch, cap);
    for (size_t i = 0; i < n; i++) {
        if (mv[i].type == DDZ_PASS || !unbeatable(&mv[i], fe, c->rules))
            continue;
        ddz_hand rest = me - mv[i].cards;
        if (one_move(c, rest, scratch, cap) || lead_split(c, rest, fe, NULL, 0, scratch, cap))
            return 1;
    }
    return 0;
}

int ddz_fast_split_test(ddz_hand me, ddz_hand en, const ddz_move *last, const ddz_rules *rules)
{
    ctx c = {0};
    size_t cap = (size_t)1 << 16;
    ddz_move *mv = malloc(2 * cap * sizeof *mv);
    if (!mv)
        return -1;
    c.rules = rules;
    facts fe;
    read_facts(en, rules, &fe);
    size_t n = ddz_generate(me, last, rules, mv, cap);
    int r = n <= cap && split_test(&c, me, &fe, last, mv, n, mv + cap, cap);
    free(mv);
    return r;
}

void ddz_fast_key(ddz_hand me, ddz_hand en, const ddz_move *last, const ddz_rules *rules, ddz_hand *key_me,
                  ddz_hand *key_en, uint32_t *key_last)
{
    facts fm;
    read_facts(me, rules, &fm);
    *key_last = canon_key(&fm, last, rules);
    *key_me = me;
    *key_en = en;
    collapse(chain_present(me | en), key_me, key_en, key_last);
}

/* A position's table key and bucket, worked out by its parent's transposition cutoff. */
typedef struct {
    ddz_hand me, en;
    uint32_t lk;
    tt_bucket *b;
    tt_table *t; /* the table b is in (table_for) */
} tt_key;

/* Young brothers wait (YBW; Feldmann et al. 1994, the parallel alpha-beta of Zugzwang): with
 * more than one thread, a node of at least ddz_fast_split_cards cards in the two hands searches
 * its first child alone, and only when that child did not win (the node is then most likely one
 * whose every child must be refuted, where the win-first order leaves little to speculate on)
 * are its other children shared: this thread and SPLIT_WINDOW - 1 others (OpenMP tasks) take
 * them in order from a counter, and the node waits for its helpers. A child that wins sets the
 * split's `won`, which stops its siblings and everything below them (cut); what a stopped search
 * leaves is never stored, so every value stored is exact, and the answers are those of one
 * thread. The root's first moves go one after another (root_take), the team helping inside
 * them. Why: the design before (a first move per thread, idle threads helping the lowest first
 * move still searched, small positions in each thread's own table) searched first moves one
 * thread would never have reached, and its helpers walked the same subtree in the same order:
 * 13v13 and published on 2 threads 1.45x the nodes of one thread, 2.7-3.0x on 4; now 1.00-1.11x
 * on 2 and on 16 threads on each set of 12v12 to 15v15, hard and published (docs/ddz-parallel-
 * search.md has the big sets and what else was tried). With
 * one thread nothing of this runs, and the node counts are those of before. */
int ddz_fast_split_cards = 20;
unsigned long long ddz_fast_splits; /* counted with relaxed atomic adds (a test hook) */

/* Probes: a node with at least ddz_fast_probe_cards cards in the two hands first searches each
 * of its first PROBE_CHILDREN children (in order) with a budget of ddz_fast_probe_nodes nodes;
 * a child proved a win within it decides the node. Only then are the children searched in full,
 * in order, as before (what a probe finished is in the table). Most nodes tried before their
 * winning child fail in subtrees thousands of nodes big, while the winner's is often tens of
 * nodes (13v13 #11: a single answered with the 2, 51,308 nodes to refute, before a 6 that wins
 * in 81). A probe that runs out stores nothing and updates no killer or history (as a timeout);
 * no probe runs inside a probe. Measured (one thread, nodes, killers and history on): 13v13 and
 * published 919,982 -> 817,085 (worst 290,250 -> 204,482), 12v12 652,819 -> 722,871 (11%
 * more), 15v15 2,153,472 -> 2,176,941, hard 1,420,884 -> 258,541, 17v17 35,959,396 ->
 * 32,345,271, 20v17 9,271,658 -> 6,993,190. Other settings tried (budget, cards, children):
 * 256/16/64 and 1,024/16/64 (more nodes everywhere but the hard set), 128/16/8 (12v12 1.12 M),
 * 1,024/22/4 (13v13 802,432 but 15v15 2.41 M), 4,096/24/4 and 8,192/22/3 (13v13 964k and
 * 934k), 2,048/22 with 2 or 8 children (851k, 936k). The two hooks are for the tests, which
 * make every node probe with tiny budgets so that probes run out everywhere. */
#define PROBE_CHILDREN 4
int ddz_fast_probe_cards = 22;
unsigned ddz_fast_probe_nodes = 2048;

static int search(ctx *c, ddz_hand me, ddz_hand en, const ddz_move *last, const tt_key *k);

static inline int cut(const ctx *c)
{
    if (*c->abort || c->probe_out)
        return 1;
    for (const split_node *s = c->split; s; s = s->parent)
        if (atomic_load_explicit(&s->won, memory_order_relaxed))
            return 1;
    return 0;
}


/* Nonzero when m wins for the side to move (holding me, against en), one ply down. k: the
 * child's key from the transposition cutoff, or NULL. forced: the opponent can only pass to m,
 * so the position after the pass (this side to lead with the rest, k its key) is searched. */
static inline int play(ctx *c, ddz_hand me, ddz_hand en, const ddz_move *m, int forced, const tt_key *k)
{
    int win;
    c->ply++;
    if (forced)
        win = search(c, me - m->cards, en, &pass_move, k);
    else if (m->type == DDZ_PASS)
        win = !search(c, en, me, &pass_move, k);
    else
        win = !search(c, en, me - m->cards, m, k);
    c->ply--;
    return win;
}

/* The children of a split (a node's moves mv[0..n), the transposition cutoff's known values,
 * forced flags and keys for the first ne) taken in order from `next` by every thread working on
 * it: the order stays the one thread's order (OpenMP would hand a waiting thread its children
 * last first). The node's frame holds them until every worker has left. */
typedef struct {
    split_node node;
    atomic_size_t next;
    ddz_hand me, en;
    const ddz_move *mv;
    size_t n, ne;
    const signed char *known;
    const unsigned char *forced;
    const tt_key *ck;
    int ply;
    const killer *killers; /* the owner's killers of plies ply.. as the split began, or NULL */
    int killer_plies;
} split_work;

/* Takes children of w until none is left or the split is stopped, searching each on thread state
 * c (a thread that runs this while it waits at a split of its own keeps its stack below: the
 * children's moves go above it, and its split and ply come back after). */
static void split_take(ctx *c, split_work *w, int helper)
{
    const split_node *saved_split = c->split;
    int saved_ply = c->ply;
    c->split = &w->node;
    for (int first = 1;; first = 0) {
        size_t i = atomic_fetch_add(&w->next, 1);
        if (i >= w->n || cut(c))
            break;
        if (i < w->ne && w->known[i] == 1)
            continue;
        c->ply = w->ply;
        if (first && helper && w->killers && c->killers) /* start from what the owner had learned */
            memcpy(c->killers + w->ply, w->killers, (size_t)w->killer_plies * sizeof *c->killers);
        int won = play(c, w->me, w->en, &w->mv[i], i < w->ne && w->forced[i], i < w->ne ? &w->ck[i] : NULL);
        int none = 0;
        if (won && !cut(c) && atomic_compare_exchange_strong(&w->node.won, &none, 1))
            w->node.won_by = i;
    }
    c->split = saved_split;
    c->ply = saved_ply;
}

static void split_task(ctx *team, split_work *w) { split_take(&team[omp_get_thread_num()], w, 1); }

/* The children from..n-1 of a node searched by this thread and SPLIT_WINDOW - 1 others (tasks),
 * each taking the next child in order; 1 when one wins (*won_by: which). At most SPLIT_WINDOW
 * children of a node are searched at once: a node whose first child failed may still be won by a
 * later one, and every child started after that one is work one thread would not have done; the
 * other threads find work in the splits below (each child splits in turn), where it is as
 * likely to be needed. Measured (10 positions of the 17v17 and 20v17 sets, 4.8 M nodes on one
 * thread; nodes of all threads over those, 16 threads on 2 cores): a window of all the threads
 * 2.2-2.3 (the wins 2-4x, the losses 0.5-1.4x), 4 1.92, 3 1.70, 2 1.35-1.37; the root's first moves
 * taken by 1, 2, 4 or all 16 threads: 2.08-2.29 whatever the count. */
#define SPLIT_WINDOW 2
static int split_rest(ctx *c, ddz_hand me, ddz_hand en, const ddz_move *mv, size_t n, size_t from, size_t ne,
                      const signed char *known, const unsigned char *forced, const tt_key *ck, size_t *won_by)
{
    split_work w = {.node = {.won_by = 0, .parent = c->split}, .me = me, .en = en, .mv = mv, .n = n, .ne = ne,
                    .known = known, .forced = forced, .ck = ck, .ply = c->ply};
    atomic_init(&w.node.won, 0);
    atomic_init(&w.next, from);
    __atomic_fetch_add(&ddz_fast_splits, 1, __ATOMIC_RELAXED);
    /* the children's plies: at most two a card (a pass, then a lead) */
    int plies = KILLER_PLIES - c->ply, need = 2 * (hand_size(me) + hand_size(en)) + 2;
    w.killer_plies = plies < need ? plies : need;
    killer *snap = c->killers && w.killer_plies > 0 ? malloc((size_t)w.killer_plies * sizeof *snap) : NULL;
    if (snap)
        memcpy(snap, c->killers + c->ply, (size_t)w.killer_plies * sizeof *snap);
    w.killers = snap;
    ctx *team = c->team;
    size_t helpers = n - from - 1, most = (size_t)omp_get_num_threads() - 1;
    if (most > SPLIT_WINDOW - 1)
        most = SPLIT_WINDOW - 1;
    if (helpers > most)
        helpers = most;
    for (size_t h = 0; h < helpers; h++) {
#pragma omp task default(none) firstprivate(team) shared(w)
        split_task(team, &w);
    }
    split_take(c, &w, 0);
#pragma omp taskwait
    free(snap);
    *won_by = w.node.won_by;
    return atomic_load(&w.node.won);
}

/* Nonzero when the player to move (holding me, facing last) wins against en. k: the position's
 * key when the caller has it, else NULL. */
static int search(ctx *c, ddz_hand me, ddz_hand en, const ddz_move *last, const tt_key *k)
{
    if (cut(c))
        return 0;
    c->nodes++;
    if (c->probing && c->nodes >= c->probe_end) {
        c->probe_out = 1;
        return 0;
    }
    if ((c->nodes & 1023) == 0) {
        if (c->live) { /* progress, and the caller's stop (ddz_solve_live) */
            __atomic_add_fetch(&c->live->nodes, 1024ull, __ATOMIC_RELAXED);
            if (__atomic_load_n(&c->live->stop, __ATOMIC_RELAXED)) {
                *c->abort = 1;
                return 0;
            }
        }
        if (c->deadline > 0 && omp_get_wtime() > c->deadline) {
            *c->abort = 1;
            return 0;
        }
    }
    ddz_hand kme, ken;
    uint32_t lk;
    tt_bucket *tb;
    tt_table *tt;
    int size = hand_size(me) + hand_size(en);
    if (k) {
        kme = k->me;
        ken = k->en;
        lk = k->lk;
        tb = k->b;
        tt = k->t;
    } else {
        facts fm;
        read_facts(me, c->rules, &fm);
        lk = canon_key(&fm, last, c->rules);
        kme = me;
        ken = en;
        collapse(chain_present(me | en), &kme, &ken, &lk);
        tt = table_for(c, size);
        tb = bucket_of(tt, kme, ken, lk);
    }
    {
        int value = tt_probe(tt, tb, kme, ken, lk);
        if (value >= 0) {
            c->hits++;
            return value;
        }
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
            tt_store(c, tt, tb, kme, ken, lk, 1, size);
            return 1;
        }
    facts fe;
    read_facts(en, c->rules, &fe);
    if (!(ddz_fast_disable & 1) && split_test(c, me, &fe, last, mv, n, mv + n, room)) {
        tt_store(c, tt, tb, kme, ken, lk, 1, size);
        return 1;
    }
    order_moves(mv, n, last, mv + n);
    killer *kl = c->killers && last->type != DDZ_PASS && last->type < DDZ_TYPES && c->ply < KILLER_PLIES &&
                         !(ddz_fast_disable & 64)
                     ? &c->killers[c->ply]
                     : NULL;
    if (c->history && answering_order(last) && last->type < DDZ_TYPES && !(ddz_fast_disable & 128))
        order_by_history(mv, n, last, (*c->history)[c->ply & 1][last->type]);
    if (kl) {
        promote(mv, n, &kl->move[last->type][1]);
        promote(mv, n, &kl->move[last->type][0]);
    }
    c->top = base + n;
    int win = 0;
    /* Enhanced transposition cutoff: every child already in the table is read first (the
     * buckets fetched together); one the opponent loses wins here without a search, and the
     * ones it wins are not searched again. */
    size_t won_by = 0; /* the move that won, when one did */
    signed char known[ETC_MOVES];
    size_t ne = ddz_fast_disable & 2 ? 0 : n < ETC_MOVES ? n : ETC_MOVES;
    tt_key ck[ETC_MOVES];
    unsigned char forced[ETC_MOVES];
    for (size_t i = 0; i < ne; i++) {
        ck[i].lk = mv[i].type == DDZ_PASS ? 0 : canon_key(&fe, &mv[i], c->rules);
        /* A move the opponent can only pass to: its node is skipped, and the position after
         * the pass (this side to lead with the rest, the same value for this side) is looked
         * up and searched instead. */
        forced[i] = ck[i].lk == KEY_PASSONLY && !(ddz_fast_disable & 16);
        if (forced[i]) {
            ck[i].lk = 0;
            ck[i].me = me - mv[i].cards;
            ck[i].en = en;
        } else {
            ck[i].me = en;
            ck[i].en = me - mv[i].cards;
        }
        collapse(chain_present(ck[i].me | ck[i].en), &ck[i].me, &ck[i].en, &ck[i].lk);
        ck[i].t = table_for(c, size - hand_size(mv[i].cards));
        ck[i].b = bucket_of(ck[i].t, ck[i].me, ck[i].en, ck[i].lk);
        __builtin_prefetch(ck[i].b);
    }
    for (size_t i = 0; i < ne; i++) {
        known[i] = (signed char)tt_probe(ck[i].t, ck[i].b, ck[i].me, ck[i].en, ck[i].lk);
        if (forced[i] && known[i] >= 0)
            known[i] = (signed char)!known[i]; /* as the opponent's value, like the others */
        if (known[i] == 0) {
            c->hits++;
            won_by = i;
            win = 1;
            break;
        }
    }
    if (!win && !c->probing && size >= ddz_fast_probe_cards && n >= 2 && !(ddz_fast_disable & 256))
        for (size_t i = 0; i < n && i < PROBE_CHILDREN && !win; i++) {
            if (i < ne && known[i] == 1)
                continue;
            c->probing = 1;
            c->probe_end = c->nodes + ddz_fast_probe_nodes;
            int w = play(c, me, en, &mv[i], i < ne && forced[i], i < ne ? &ck[i] : NULL);
            if (w && !cut(c)) {
                win = 1;
                won_by = i;
            }
            c->probing = c->probe_out = 0;
        }
    int searched = 0;
    for (size_t i = 0; i < n && !win; i++) {
        if (i < ne && known[i] == 1)
            continue;
        if (searched && c->team && !c->probing && size >= ddz_fast_split_cards && i + 1 < n) {
            win = split_rest(c, me, en, mv, n, i, ne, known, forced, ck, &won_by); /* see "Young brothers wait" */
            break;
        }
        win = play(c, me, en, &mv[i], i < ne && forced[i], i < ne ? &ck[i] : NULL);
        won_by = i;
        searched = 1;
    }
    c->top = base;
    if (cut(c))
        return 0;
    if (win && c->history && answering_order(last) && last->type < DDZ_TYPES && mv[won_by].type == last->type)
        atomic_fetch_add_explicit(&(*c->history)[c->ply & 1][last->type][last->main & 15][mv[won_by].main & 15],
                                  (uint64_t)1 << (size / 3), memory_order_relaxed);
    if (win && kl && mv[won_by].type != DDZ_PASS && !same_move(&kl->move[last->type][0], &mv[won_by])) {
        kl->move[last->type][1] = kl->move[last->type][0];
        kl->move[last->type][0] = mv[won_by];
    }
    tt_store(c, tt, tb, kme, ken, lk, win, size);
    return win;
}

#define DEFAULT_MEMORY ((size_t)256 << 20)
#define HUGE_PAGE ((size_t)2 << 20)

/* Zeroed, cache-line aligned memory for the buckets. Big tables are mapped (zero pages arrive
 * on first touch, so a short solve does not pay for clearing all of it) on 2 MiB boundaries
 * with a huge-page hint where the system offers one (the table is read at random: fewer TLB
 * misses and page faults). *mapped says how to release it. */
static void *table_alloc(size_t bytes, int *mapped)
{
    *mapped = 0;
#if defined(__linux__) && defined(MAP_ANONYMOUS)
    if (bytes >= 2 * HUGE_PAGE && bytes % HUGE_PAGE == 0) {
        size_t span = bytes + HUGE_PAGE;
        char *p = mmap(NULL, span, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (p != MAP_FAILED) {
            char *a = (char *)(((uintptr_t)p + HUGE_PAGE - 1) & ~(uintptr_t)(HUGE_PAGE - 1));
            if (a > p)
                munmap(p, (size_t)(a - p));
            if (a + bytes < p + span)
                munmap(a + bytes, (size_t)(p + span - (a + bytes)));
#if defined(MADV_HUGEPAGE)
            madvise(a, bytes, MADV_HUGEPAGE);
#endif
            *mapped = 1;
            return a;
        }
    }
#endif
    void *p = aligned_alloc(64, bytes);
    if (p)
        memset(p, 0, bytes);
    return p;
}

static void table_release(void *p, size_t bytes, int mapped)
{
#if defined(__linux__) && defined(MAP_ANONYMOUS)
    if (mapped) {
        munmap(p, bytes);
        return;
    }
#endif
    (void)bytes;
    (void)mapped;
    free(p);
}

/* The buckets of a table of at most mem bytes: a power of two, at least one. */
static size_t buckets_for(size_t mem)
{
    size_t nb = 1;
    while (nb * 2 * sizeof(tt_bucket) <= mem)
        nb *= 2;
    return nb;
}

ddz_table *ddz_table_new(size_t bytes)
{
    size_t mem = bytes ? bytes : DEFAULT_MEMORY;
    tt_table *tt = calloc(1, sizeof *tt);
    if (!tt)
        return NULL;
    size_t nb = buckets_for(mem);
    tt->nbuckets = nb;
    table_restart(tt);
    tt->bytes = nb * sizeof(tt_bucket);
    tt->b = table_alloc(tt->bytes, &tt->mapped);
    if (!tt->b) {
        free(tt);
        return NULL;
    }
    tt->gen = 1;
    return tt;
}

/* The table's answer for p, read as a search reads it (the key of canon_key and collapse). */
int ddz_table_probe(ddz_table *tt, const ddz_position *p, const ddz_rules *rules)
{
    ddz_hand kme, ken;
    uint32_t lk;
    if (!tt)
        return -1;
    ddz_fast_key(p->me, p->enemy, &p->last, rules, &kme, &ken, &lk);
    return tt_probe(tt, bucket_of(tt, kme, ken, lk), kme, ken, lk);
}

size_t ddz_table_bytes_in_use(const ddz_table *tt)
{
    return tt ? (atomic_load(&((ddz_table *)tt)->mask) + 1) * sizeof(tt_bucket) : 0;
}

void ddz_table_free(ddz_table *tt)
{
    if (!tt)
        return;
    table_release(tt->b, tt->bytes, tt->mapped);
    free(tt);
}
/* A solve without a kept table takes a spare table a finished solve left, when one has the
 * size wanted, and moves it to its next generation: every entry of earlier solves then reads as
 * empty, so the answer and the node counts are those of a fresh table, but memory touched once
 * (page faults, zeroing: about 4 ms for 32 MiB, more than a small solve costs) is not touched
 * again. Every GEN_LAST solves the generations wrap and the table is cleared. Up to SPARES
 * tables (the shared one and the threads' own, "Own tables"), SPARE_MAX bytes in all, are kept
 * between solves (so one process holds at most that much when idle); solves running at the same
 * time each get their own tables. */
#define SPARES 4
#define SPARE_MAX ((size_t)64 << 20)
static _Atomic(tt_table *) spare_tables[SPARES];
static _Atomic size_t spare_bytes;

static tt_table *table_take(size_t mem)
{
    size_t nb = buckets_for(mem);
    for (int i = 0; i < SPARES; i++) {
        tt_table *tt = atomic_exchange(&spare_tables[i], NULL);
        if (!tt)
            continue;
        if (tt->nbuckets == nb) {
            atomic_fetch_sub(&spare_bytes, tt->bytes);
            if (tt->gen == GEN_LAST) {
                memset(tt->b, 0, tt->bytes);
                tt->gen = 0;
            }
            tt->gen++;
            table_restart(tt);
            return tt;
        }
        tt_table *none = NULL; /* another size: back in its slot, unless a spare took it meanwhile */
        if (!atomic_compare_exchange_strong(&spare_tables[i], &none, tt)) {
            atomic_fetch_sub(&spare_bytes, tt->bytes);
            ddz_table_free(tt);
        }
    }
    return ddz_table_new(mem);
}

static void table_give_back(tt_table *tt)
{
    if (atomic_fetch_add(&spare_bytes, tt->bytes) + tt->bytes <= SPARE_MAX)
        for (int i = 0; i < SPARES; i++) {
            tt_table *none = NULL;
            if (atomic_compare_exchange_strong(&spare_tables[i], &none, tt))
                return;
        }
    atomic_fetch_sub(&spare_bytes, tt->bytes);
    ddz_table_free(tt);
}

/* Without --memory, a fresh table is sized by the position: a small endgame never fills 256
 * MiB, and clearing (first touching) all of it would cost more than the whole solve (13 vs
 * 13 cards: 32 MiB, ~10^6 positions stored at most in the measured deals). */
static size_t default_memory(const ddz_position *pos)
{
    int cards = hand_size(pos->me) + hand_size(pos->enemy);
    return cards <= 20 ? (size_t)8 << 20 : cards <= 26 ? (size_t)32 << 20 : cards <= 30 ? (size_t)64 << 20 : DEFAULT_MEMORY;
}

/* A first move i of the root decided on thread state c: its value in res->first_wins[i] unless
 * the search was stopped (a timeout, or another first move won and !all). */
static void root_move(ctx *c, split_node *root, const ddz_position *pos, const ddz_result *res, signed char *value,
                      size_t i, int all)
{
    const ddz_move *m = &res->first[i];
    const split_node *saved_split = c->split;
    int saved_ply = c->ply;
    c->split = root;
    c->ply = 0;
    int w;
    if (m->type == DDZ_PASS)
        w = !search(c, pos->enemy, pos->me, &pass_move, NULL);
    else if (m->cards == pos->me)
        w = 1;
    else
        w = !search(c, pos->enemy, pos->me - m->cards, m, NULL);
    if (!cut(c)) {
        value[i] = (signed char)w;
        if (c->live) {
            if (w)
                __atomic_add_fetch(&c->live->won, 1u, __ATOMIC_RELAXED);
            __atomic_add_fetch(&c->live->decided, 1u, __ATOMIC_RELEASE);
        }
        if (w && !all)
            atomic_store(&root->won, 1); /* one win decides the position: the others stop */
    }
    c->split = saved_split;
    c->ply = saved_ply;
}

/* The root's first moves (in search order, order[0..n)), one after another on one thread: the
 * team helps inside them through the splits (see "Young brothers wait"). Taking the first moves
 * on several threads at once, as the splits take a node's children, was measured worse: the
 * root of a loss is a node whose every child must be refuted, and each first move refuted first
 * leaves in the table (and in the killers) much of what the next one needs; two 17v17 losses
 * (#1 and #4, 7.0 M and 8.9 M nodes on one thread) took 11.9-13.3 M and 8.7-9.8 M on 2 threads
 * with the first moves taken by both, 8.5 M and 7.9 M with them taken by one. */
typedef struct {
    split_node node; /* won: a first move won and !all: the others stop */
    const size_t *order;
    size_t n;
    const ddz_position *pos;
    ddz_result *res;
    int all;
} root_work;

static void root_take(ctx *c, root_work *w)
{
    for (size_t j = 0; j < w->n && !*c->abort && !(!w->all && atomic_load(&w->node.won)); j++)
        root_move(c, &w->node, w->pos, w->res, w->res->first_wins, w->order[j], w->all);
}

/* As a task: every search of the team runs in a task, so that a split's taskwait waits for its
 * own helpers only (in the implicit task it would wait for every task that task made). */
static void root_task(ctx *team, root_work *w) { root_take(&team[omp_get_thread_num()], w); }

size_t ddz_table_default_bytes(const ddz_position *pos) { return default_memory(pos); }

#define MOVE_STACK ((size_t)1 << 20) /* moves per thread: 16 MiB */

static ddz_outcome fast_solve(const ddz_position *pos, const ddz_rules *rules, const ddz_solve_options *opt,
                              ddz_result *res)
{
    double t0 = omp_get_wtime();
    size_t mem = opt && opt->memory_bytes ? opt->memory_bytes : default_memory(pos);
    int threads = opt && opt->threads > 0 ? opt->threads : omp_get_num_procs();
    int all = opt ? opt->all_first_moves : 1;
    double deadline = opt && opt->time_limit_s > 0 ? t0 + opt->time_limit_s : 0;
    volatile int abort_flag = 0;
    int overflow = 0;
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
    ddz_solve_live *live = opt ? opt->live : NULL;
    if (live)
        __atomic_store_n(&live->first_moves, (unsigned)n, __ATOMIC_RELAXED);

    /* With threads and no kept table, each thread has a table of its own for the small positions
     * ("Own tables"): half of the memory is shared, the other half split between the threads
     * (at least a byte each: 0 would mean the default size). */
    int own_tables = threads > 1 && !(opt && opt->table) && ddz_fast_share_cards > 0;
    size_t own_mem = own_tables ? mem / 2 / (size_t)threads : 0;
    if (own_tables) {
        mem /= 2;
        own_mem += !own_mem;
        mem += !mem;
    }
    tt = opt && opt->table ? opt->table : table_take(mem);
    if (!tt)
        return res->outcome;
    tt->locking = threads > 1;

    /* The first moves in search order (as in order_moves), their results at their own index. */
    size_t order[DDZ_MAX_FIRST_MOVES];
    {
        /* the moves that empty the hand, then every other in order_moves' order */
        size_t k = 0, start[ORDER_CLASSES + 1];
        for (size_t i = 0; i < n; i++)
            if (res->first[i].cards == pos->me && res->first[i].type != DDZ_PASS)
                order[k++] = i;
        order_starts(res->first, n, &pos->last, start);
        size_t pos_of[DDZ_MAX_FIRST_MOVES];
        for (size_t i = 0; i < n; i++)
            pos_of[i] = start[order_class(&res->first[i], &pos->last)]++;
        size_t in_kind = answering_order(&pos->last) ? start[0] : 0; /* class 0, reversed there */
        size_t sorted[DDZ_MAX_FIRST_MOVES];
        for (size_t i = 0; i < n; i++)
            sorted[pos_of[i] < in_kind ? in_kind - 1 - pos_of[i] : pos_of[i]] = i;
        for (size_t j = 0; j < n; j++) {
            const ddz_move *m = &res->first[sorted[j]];
            if (!(m->cards == pos->me && m->type != DDZ_PASS))
                order[k++] = sorted[j];
        }
    }
    for (size_t i = 0; i < n; i++)
        res->first_wins[i] = -1;

    unsigned long long nodes = 0, hits = 0, stores = 0, evictions = 0;
    size_t own_bytes = 0; /* the threads' own tables in use at the end */
    answer_history *history = calloc(1, sizeof *history); /* NULL: no history, the same answers */
    ctx *team = threads > 1 ? calloc((size_t)threads, sizeof *team) : NULL; /* NULL: no splits, the same answers */
    root_work root = {.node = {.won_by = 0, .parent = NULL}, .order = order, .n = n, .pos = pos, .res = res, .all = all};
    atomic_init(&root.node.won, 0);
#pragma omp parallel num_threads(threads) reduction(+ : nodes, hits, stores, evictions, own_bytes)
    {
        ctx alone = {0};
        ctx *c = team ? &team[omp_get_thread_num()] : &alone;
        c->tt = tt;
        c->rules = rules;
        c->cap = MOVE_STACK;
        c->buf = malloc(c->cap * sizeof *c->buf);
        c->deadline = deadline;
        c->abort = &abort_flag;
        c->overflow = &overflow;
        c->killers = killers_new(); /* NULL: no killers, the same answers */
        c->history = history;
        c->share_cards = ddz_fast_share_cards;
        c->team = team;
        c->live = live;
        c->own = own_tables ? table_take(own_mem) : NULL; /* NULL: all in the shared table, the same answers */
        if (c->own)
            c->own->locking = 0;
        if (!c->buf) {
#pragma omp atomic write
            overflow = 1;
            abort_flag = 1;
        }
#pragma omp barrier
        /* The first moves in order (root_take), the team helping inside them. */
#pragma omp single
        {
            if (team) {
#pragma omp task default(none) shared(team, root)
                root_task(team, &root);
#pragma omp taskwait
            } else
                root_take(c, &root);
        }
        nodes += c->nodes;
        hits += c->hits;
        stores += c->stores;
        evictions += c->evictions;
        free(c->buf);
        free(c->memo);
        free(c->killers);
        if (c->own) {
            own_bytes += (atomic_load(&c->own->mask) + 1) * sizeof(tt_bucket);
            table_give_back(c->own);
        }
    }
    free(team);
    free(history);
    res->nodes = nodes;
    res->tt_hits = hits;
    res->tt_stores = stores;
    res->tt_evictions = evictions;
    res->tt_bytes = (atomic_load(&tt->mask) + 1) * sizeof(tt_bucket) + own_bytes; /* in use at the end */
    if (!(opt && opt->table))
        table_give_back(tt);

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
    .summary = "exact AND/OR search, exact-key bounded shared table, win-first ordering, young brothers wait on threads",
    .source = "seed 004 (handOut) done right",
    .flawed = 0,
    .solve = fast_solve,
};

/* For the three-player solver (fast3.c): the opponents' facts and the unanswerable-move test
 * above, for a hand that is not the side to move's one opponent but one of two. */
int ddz_fast_cannot_beat(ddz_hand hand, const ddz_move *m, const ddz_rules *rules)
{
    facts f;
    read_facts(hand, rules, &f);
    return unbeatable(m, &f, rules);
}
