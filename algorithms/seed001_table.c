/* seed001-table: a faithful port of seed 001 §3's published generate_hu_table and is_hu_lookup, kept (flagged) so the oracle shows where it fails. */
#include "mj_algo.h"

#include <string.h>

/* How our hand becomes the Python's `hand` list, the way a naive user of the
 * published code would write it: each kind k is the int k + 1 (m1..m9 = 1..9 as in
 * the seed's example, then p = 10..18, s = 19..27, honors = 28..34, suits
 * consecutive), repeated count[k] times; the lookup sorts it anyway.
 *
 * The published code, for reference:
 *     def generate_hu_table():
 *         hu_table = set()
 *         def dfs(tiles, counter):
 *             if len(tiles) == 0:
 *                 hu_table.add(tuple(sorted(counter.elements())))
 *                 return
 *             if tiles[0] >= 3:
 *                 dfs(tiles[1:], counter - Counter([tiles[0]] * 3))
 *             if all(tiles[i] > 0 for i in range(3)):
 *                 dfs(tiles[3:], counter - Counter(tiles[:3]))
 *         for tiles in range(1, 10):
 *             dfs([tiles] * 14, Counter())
 *         return hu_table
 *     hu_table = generate_hu_table()
 *     def is_hu_lookup(hand):
 *         return tuple(sorted(hand)) in hu_table
 *
 * What it does, run (Python 3, checked): the lists walked are tile values, not
 * counts, and the Counter starts empty; Counter - Counter keeps only positive
 * counts, so it stays empty and the only tuple it could ever add is (). Worse, for
 * the first value 1 the run branch descends 14 -> 11 -> 8 -> 5 -> 2, where
 * `tiles[2]` raises IndexError before anything is added: the module stops there
 * and hu_table is never bound. This port runs the same walk in init, stops at that
 * first IndexError as Python does, and keeps the table as it stood then (empty);
 * every lookup misses. Guarding the index (`len(tiles) >= 3 and ...`) would give
 * the table {()} instead, which misses every hand of 1..18 tiles just the same. */

enum {
    VALUES = 10,      /* generated tile ints are 1..9 */
    START_LEN = 14,   /* [tiles] * 14 */
    ENTRY_MAX = 18,   /* longest tuple we can store (a hand holds at most 18 tiles) */
    TABLE_MAX = 64    /* far more than the walk can add */
};

/* A collections.Counter over the generated ints 1..9; zero means absent. */
typedef struct {
    int n[VALUES];
} counter;

/* Counter - Counter: subtract, keep only positive counts. */
static counter counter_sub(counter a, const counter *b)
{
    for (int v = 0; v < VALUES; v++) a.n[v] = a.n[v] > b->n[v] ? a.n[v] - b->n[v] : 0;
    return a;
}

/* tuple(sorted(...)) of tile ints. */
typedef struct {
    int len;
    uint8_t v[ENTRY_MAX];
} entry;

/* hu_table: a set of tuples, written only by init (single-threaded, before any is_win). */
static entry table[TABLE_MAX];
static int table_len;

typedef enum { WALK_OK, WALK_INDEX_ERROR, WALK_TABLE_FULL } walk_status;

static walk_status table_add(const counter *c)
{
    entry e = {.len = 0};
    for (int v = 0; v < VALUES; v++) /* elements() in value order is already sorted */
        for (int i = 0; i < c->n[v]; i++) {
            if (e.len == ENTRY_MAX) return WALK_TABLE_FULL;
            e.v[e.len++] = (uint8_t)v;
        }
    for (int i = 0; i < table_len; i++)
        if (table[i].len == e.len && memcmp(table[i].v, e.v, (size_t)e.len) == 0) return WALK_OK;
    if (table_len == TABLE_MAX) return WALK_TABLE_FULL;
    table[table_len++] = e;
    return WALK_OK;
}

/* dfs(tiles, counter) with tiles = the list tiles[0..len); a slice is a shorter view. */
static walk_status dfs(const int *tiles, int len, counter c)
{
    if (len == 0) return table_add(&c);
    if (tiles[0] >= 3) {
        counter three = {{0}};
        three.n[tiles[0]] += 3; /* Counter([tiles[0]] * 3) */
        walk_status s = dfs(tiles + 1, len - 1, counter_sub(c, &three));
        if (s != WALK_OK) return s;
    }
    /* all(tiles[i] > 0 for i in range(3)): lazy, stops at the first false, raises on a short list */
    bool all = true;
    for (int i = 0; i < 3 && all; i++) {
        if (i >= len) return WALK_INDEX_ERROR;
        all = tiles[i] > 0;
    }
    if (all) {
        counter head = {{0}};
        for (int i = 0; i < 3; i++) head.n[tiles[i]]++; /* Counter(tiles[:3]) */
        return dfs(tiles + 3, len - 3, counter_sub(c, &head));
    }
    return WALK_OK;
}

static int seed001_table_init(void)
{
    table_len = 0;
    for (int t = 1; t < VALUES; t++) {
        int tiles[START_LEN];
        for (int i = 0; i < START_LEN; i++) tiles[i] = t;
        walk_status s = dfs(tiles, START_LEN, (counter){{0}});
        if (s == WALK_TABLE_FULL) return -1; /* cannot happen: the Counter never grows */
        if (s == WALK_INDEX_ERROR) break;    /* the exception ends generate_hu_table (at t = 1) */
    }
    return 0;
}

static bool seed001_table_is_win(const mj_hand *h, const mj_rules *r)
{
    (void)r; /* the published code knows no rules */
    entry key = {.len = 0};
    for (int k = 0; k < MJ_KINDS; k++) /* tuple(sorted(hand)) */
        for (int i = 0; i < h->count[k]; i++) {
            if (key.len == ENTRY_MAX) return false; /* longer than any valid hand */
            key.v[key.len++] = (uint8_t)(k + 1);
        }
    for (int i = 0; i < table_len; i++) /* `in hu_table` */
        if (table[i].len == key.len && memcmp(table[i].v, key.v, (size_t)key.len) == 0) return true;
    return false;
}

MJ_ALGO_BATCH_LOOP(seed001_table_is_win_batch, seed001_table_is_win)

const mj_algo mj_algo_seed001_table = {
    .name = "seed001-table",
    .summary = "published generate_hu_table (dfs over [t]*14 with Counter subtraction) and is_hu_lookup",
    .source = "seed 001 §3",
    .forms = MJ_FORM_STD,
    .max_kinds = MJ_KINDS,
    .flawed = true,
    .flaw = "the generator walks tile values from an empty Counter and raises IndexError at once: empty table, rejects every hand",
    .init = seed001_table_init,
    .is_win = seed001_table_is_win,
    .is_win_batch = seed001_table_is_win_batch,
    .waits = NULL,
};
