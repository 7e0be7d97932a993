/* search_table: the exact, bounded, growing transposition table and the move ordering that the
 * two-player (fast.c) and three-player (fast3.c) searches share; the fast parts are inline in
 * ddz_search_table.h, the rest (growth, memory, spare tables, the sorts) here. */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS, MADV_HUGEPAGE: the table is mapped, not cleared */
#include "ddz_search_table.h"
#include "ddz_solver.h"

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#ifdef __linux__
#include <sys/mman.h>
#endif

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
 * counts, depend on the position alone. Measured with the two-player search (one thread unless
 * said): 13v13 and published 817,085 -> 822,502 nodes; the first position of a bench run (13v13
 * #1, 490 nodes) 0.005-0.066 s -> 0.001 s (the first touch was all of its time); 10v10 deals each
 * solved by a fresh `ddz solve`, median 6.1-7.2 ms -> 3.6-4.9 ms; 13v13 #11, #13 and published
 * row 8 on 2 threads, six alternating runs, within the noise; 17v17 and 20v17 on 2 threads, one
 * run each: nodes 32.1 M -> 34.3 M and 8.29 M -> 8.78 M (entries a thread misses while another
 * moves them), time 19.6 -> 21.5 s and 5.3 -> 4.5 s in all. Tried: growing at half the entries
 * (850,693 nodes) and without moving entries (906,901: half of them lost at each doubling). */
unsigned ddz_fast_grow_step = 1024;

void ddz_tt_grow(tt_table *t)
{
    unsigned long long filled = atomic_fetch_add_explicit(&t->filled, ddz_fast_grow_step, memory_order_relaxed) + ddz_fast_grow_step;
    size_t m = atomic_load_explicit(&t->mask, memory_order_relaxed);
    if (m + 1 >= t->nbuckets || filled <= (unsigned long long)(m + 1) * TT_WAYS / 4 ||
        !atomic_compare_exchange_strong(&t->mask, &m, 2 * m + 1))
        return;
    /* This thread grew it: the entries whose hash has the new bit set move up. */
    uint32_t gen = t->gen << TT_GEN_SHIFT;
    for (size_t i = 0; i <= m; i++) {
        tt_bucket *lo = &t->b[i];
        tt_lock(t, lo);
        for (int w = 0; w < TT_WAYS; w++) {
            if ((lo->meta[w] & TT_GEN_MASK) != gen)
                continue;
            tt_bucket *hi = tt_bucket_of(t, lo->k0[w], lo->k1[w], lo->meta[w] & TT_META_KEY);
            if (hi == lo)
                continue;
            tt_lock(t, hi);
            int evicted, v = tt_slot_for(hi, gen, lo->meta[w] & (TT_GEN_MASK | TT_META_KEY), lo->k0[w], lo->k1[w], &evicted);
            tt_st64(&hi->k0[v], lo->k0[w]);
            tt_st64(&hi->k1[v], lo->k1[w]);
            tt_st32(&hi->meta[v], lo->meta[w]);
            tt_unlock(t, hi);
            tt_st32(&lo->meta[w], 0);
        }
        tt_unlock(t, lo);
    }
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

/* The buckets of a table of at most mem bytes: a power of two, at least one. So a --memory
 * bound holds: the table never has more bytes than it says. */
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

size_t ddz_table_bytes_in_use(const ddz_table *tt) { return tt ? tt_bytes_in_use((ddz_table *)tt) : 0; }

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
 * again. Every TT_GEN_LAST solves the generations wrap and the table is cleared. Up to SPARES
 * tables (a solve's shared one and the threads' own, fast.c "Own tables"; the tables of solves
 * run side by side, as the oracle's judges run them), SPARE_MAX bytes in all, are kept between
 * solves (so one process holds at most that much when idle); solves running at the same time
 * each get their own tables. */
#define SPARES 4
#define SPARE_MAX ((size_t)64 << 20)
static _Atomic(tt_table *) spare_tables[SPARES];
static _Atomic size_t spare_bytes;

tt_table *ddz_tt_take(size_t mem)
{
    size_t nb = buckets_for(mem);
    for (int i = 0; i < SPARES; i++) {
        tt_table *tt = atomic_exchange(&spare_tables[i], NULL);
        if (!tt)
            continue;
        if (tt->nbuckets == nb) {
            atomic_fetch_sub(&spare_bytes, tt->bytes);
            if (tt->gen == TT_GEN_LAST) {
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

void ddz_tt_give_back(tt_table *tt)
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

/* ---- Move ordering --------------------------------------------------------------------------- */

/* Answering, the three classes placed in one pass (the answers in kind written from the back
 * when highest_first, so reversed); leading, a counting sort on the card counts, read once for
 * up to ORDER_FAST moves (about 3% of the instructions of a two-player solve against reading
 * them twice) and twice beyond. */
#define ORDER_FAST 512
void ddz_tt_order(ddz_move *mv, size_t n, const ddz_move *last, ddz_move *scratch, int highest_first)
{
    if (last && last->type != DDZ_PASS) {
        size_t kind = 0, pass = 0;
        for (size_t i = 0; i < n; i++) {
            kind += mv[i].type == last->type;
            pass += mv[i].type == DDZ_PASS;
        }
        size_t k = highest_first ? kind : 0, o = kind, p = n - pass;
        for (size_t i = 0; i < n; i++) {
            if (mv[i].type == last->type) {
                if (highest_first)
                    scratch[--k] = mv[i];
                else
                    scratch[k++] = mv[i];
            } else if (mv[i].type == DDZ_PASS)
                scratch[p++] = mv[i];
            else
                scratch[o++] = mv[i];
        }
        memcpy(mv, scratch, n * sizeof *mv);
        return;
    }
    size_t at[DDZ_MAX_HAND + 2] = {0}; /* by cards, most first: at[DDZ_MAX_HAND - cards + 1] */
    if (n <= ORDER_FAST) {
        unsigned char cards[ORDER_FAST];
        for (size_t i = 0; i < n; i++) {
            cards[i] = (unsigned char)tt_cards(mv[i].cards); /* a pass: 0 cards, last */
            at[DDZ_MAX_HAND - cards[i] + 1]++;
        }
        for (int b = 1; b <= DDZ_MAX_HAND + 1; b++)
            at[b] += at[b - 1];
        for (size_t i = 0; i < n; i++)
            scratch[at[DDZ_MAX_HAND - cards[i]]++] = mv[i];
    } else {
        for (size_t i = 0; i < n; i++)
            at[DDZ_MAX_HAND - tt_cards(mv[i].cards) + 1]++;
        for (int b = 1; b <= DDZ_MAX_HAND + 1; b++)
            at[b] += at[b - 1];
        for (size_t i = 0; i < n; i++)
            scratch[at[DDZ_MAX_HAND - tt_cards(mv[i].cards)]++] = mv[i];
    }
    memcpy(mv, scratch, n * sizeof *mv);
}

void ddz_tt_order_by_history(ddz_move *mv, size_t n, const ddz_move *last, _Atomic uint64_t hist[16][16])
{
    size_t k = 0; /* the answers in kind: the first class of ddz_tt_order */
    while (k < n && mv[k].type == last->type)
        k++;
    if (k < 2)
        return;
    /* A snapshot (other threads may be adding to it): each answer's weight read once, where
     * there are few answers (most nodes: 26 M -> 19 M instructions of a two-player solve's
     * 1,210 M, 13v13 #11, #13 and published row 8, callgrind), else the whole row. */
    _Atomic uint64_t *row = hist[last->main & 15];
    if (k <= 8) {
        uint64_t w[8];
        for (size_t i = 0; i < k; i++)
            w[i] = atomic_load_explicit(&row[mv[i].main & 15], memory_order_relaxed);
        for (size_t i = 1; i < k; i++) { /* insertion sort, stable: equals stay highest first */
            ddz_move t = mv[i];
            uint64_t wt = w[i];
            size_t j = i;
            for (; j > 0 && w[j - 1] < wt; j--) {
                mv[j] = mv[j - 1];
                w[j] = w[j - 1];
            }
            mv[j] = t;
            w[j] = wt;
        }
        return;
    }
    uint64_t h[16];
    for (int m = 0; m < 16; m++)
        h[m] = atomic_load_explicit(&row[m], memory_order_relaxed);
    for (size_t i = 1; i < k; i++) { /* insertion sort, stable: equals stay highest first */
        ddz_move t = mv[i];
        uint64_t ht = h[t.main & 15];
        size_t j = i;
        for (; j > 0 && h[mv[j - 1].main & 15] < ht; j--)
            mv[j] = mv[j - 1];
        mv[j] = t;
    }
}
