/* The flat entry points of mj_flat.h: parse-and-check in one call, and rows of counts checked,
 * packed into mj_hand blocks and decided by the algorithm's batch entry on several threads. */
#include "mj_flat.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

#include <omp.h>

#include "mj_notation.h"
#include "mj_random.h"
#include "mjverify_version.h"

const char *mj_version_string(void) { return MJVERIFY_VERSION_STRING; }
const char *mj_version_commit(void) { return MJVERIFY_GIT_COMMIT; }

static int parse(const mj_rules *r, const char *text, size_t len, int nt, mj_hand *h, mj_error *err)
{
    if (nt < 0 || nt >= MJ_NOTATION_COUNT) {
        if (err) {
            err->code = MJ_ERR_UNKNOWN_CHAR;
            err->offset = 0;
            snprintf(err->message, sizeof err->message, "notation %d: no such notation", nt);
        }
        return -1;
    }
    return mj_parse_set(text, len, (mj_notation)nt, mj_rules_tileset(r), h, err) == MJ_OK ? 0 : -1;
}

int mj_text_is_win(const mj_algo *a, const mj_rules *r, const char *text, size_t len, int nt, mj_error *err)
{
    mj_hand h;
    if (parse(r, text, len, nt, &h, err)) return -1;
    return mj_algo_is_win(a, &h, r);
}

int mj_text_waits(const mj_algo *a, const mj_rules *r, const char *text, size_t len, int nt, mj_kindset *out,
                  mj_error *err)
{
    mj_hand h;
    if (parse(r, text, len, nt, &h, err)) return -1;
    *out = mj_algo_waits(a, &h, r);
    return 0;
}

/* Why row `row` (or the single hand, row < 0) is no hand over the kinds of `set`: err filled,
 * -1 returned. `base` is the row's byte offset in the caller's buffer. */
static int row_error(const uint8_t *c, mj_kindset set, long long row, size_t base, mj_error *err)
{
    if (!err) return -1;
    char where[40] = "counts";
    if (row >= 0) snprintf(where, sizeof where, "counts row %lld", row);
    char kind[8];
    int total = 0;
    for (int k = 0; k < MJ_KINDS; k++) {
        mj_format_kindset((mj_kindset)1 << k, kind, sizeof kind);
        if (c[k] > MJ_MAX_COPIES) {
            err->code = MJ_ERR_FIFTH_COPY;
            err->offset = base + (size_t)k;
            snprintf(err->message, sizeof err->message, "%s: kind %d (%s): %d copies (at most 4)", where, k, kind,
                     c[k]);
            return -1;
        }
        if (c[k] && !(set >> k & 1)) {
            err->code = MJ_ERR_OUTSIDE_SET;
            err->offset = base + (size_t)k;
            snprintf(err->message, sizeof err->message, "%s: kind %d (%s): outside the rules' %d-kind tile set",
                     where, k, kind, __builtin_popcountll(set));
            return -1;
        }
        total += c[k];
    }
    err->code = MJ_ERR_TOO_MANY;
    err->offset = base;
    snprintf(err->message, sizeof err->message, "%s: %d tiles (at most %d)", where, total, MJ_MAX_TILES);
    return -1;
}

/* Bytes set where a kind lies outside a tile set, for the five words load_row reads: kinds 0-7,
 * 8-15, 16-23, 24-31, and 32-33 as bytes 6 and 7 of the word at kind 26. */
typedef struct {
    uint64_t w[5];
} outside_mask;

static outside_mask mask_of(mj_kindset set)
{
    outside_mask m = {{0}};
    for (int k = 0; k < MJ_KINDS; k++)
        if (!(set >> k & 1)) {
            if (k < 32) m.w[k / 8] |= (uint64_t)0xff << 8 * (k % 8);
            else m.w[4] |= (uint64_t)0xff << 8 * (k - (MJ_KINDS - 8));
        }
    return m;
}

/* Copies one row into h; false when it is no hand over the kinds in play (a count over 4, a
 * kind outside the set, more than 18 tiles). Eight counts a word: a byte over 4 has its top bit
 * set in itself or in itself + 0x7b (a carry out of a byte only leaves one whose own top bit is
 * set); the bytes summed lane by lane cannot carry when all are 0..4, and one multiply adds the
 * lanes. */
static inline bool load_row(const uint8_t *c, const outside_mask *m, mj_hand *h)
{
    const uint64_t ones = 0x0101010101010101ULL, tops = 0x8080808080808080ULL;
    uint64_t w0 = mj_load8(c), w1 = mj_load8(c + 8), w2 = mj_load8(c + 16), w3 = mj_load8(c + 24),
             w4 = mj_load8(c + MJ_KINDS - 8) & 0xffff000000000000ULL; /* bytes 26..33, kept: 32, 33 */
    uint64_t over = (w0 | (w0 + 0x7b * ones) | w1 | (w1 + 0x7b * ones) | w2 | (w2 + 0x7b * ones) | w3 |
                     (w3 + 0x7b * ones) | w4 | (w4 + 0x7b * ones)) & tops;
    uint64_t outside = (w0 & m->w[0]) | (w1 & m->w[1]) | (w2 & m->w[2]) | (w3 & m->w[3]) | (w4 & m->w[4]);
    unsigned total = (unsigned)(((w0 + w1 + w2 + w3 + w4) * ones) >> 56);
    memcpy(h->count, c, MJ_KINDS);
    h->tiles = (uint8_t)total;
    return !over && !outside && total <= MJ_MAX_TILES;
}

int mj_counts_to_hand(const uint8_t counts[MJ_KINDS], mj_kindset set, mj_hand *out, mj_error *err)
{
    outside_mask m = mask_of(set);
    if (load_row(counts, &m, out)) return 0;
    mj_hand_clear(out);
    return row_error(counts, set, -1, 0, err);
}

int mj_counts_is_win(const mj_algo *a, const mj_rules *r, const uint8_t counts[MJ_KINDS], mj_error *err)
{
    mj_hand h;
    if (mj_counts_to_hand(counts, mj_rules_tileset(r), &h, err)) return -1;
    return mj_algo_is_win(a, &h, r);
}

int mj_counts_waits(const mj_algo *a, const mj_rules *r, const uint8_t counts[MJ_KINDS], mj_kindset *out,
                    mj_error *err)
{
    mj_hand h;
    if (mj_counts_to_hand(counts, mj_rules_tileset(r), &h, err)) return -1;
    *out = mj_algo_waits(a, &h, r);
    return 0;
}

int mj_prepared_is_win(const mj_prepared *p, const char *text)
{
    return mj_text_is_win(p->algo, &p->rules, text, strlen(text), p->notation, NULL);
}

int mj_prepared_is_win_counts(const mj_prepared *p, const uint8_t counts[MJ_KINDS])
{
    return mj_counts_is_win(p->algo, &p->rules, counts, NULL);
}

uint64_t mj_prepared_waits(const mj_prepared *p, const char *text)
{
    mj_kindset w;
    return mj_text_waits(p->algo, &p->rules, text, strlen(text), p->notation, &w, NULL) ? MJ_PREPARED_REFUSED : w;
}

uint64_t mj_prepared_waits_counts(const mj_prepared *p, const uint8_t counts[MJ_KINDS])
{
    mj_kindset w;
    return mj_counts_waits(p->algo, &p->rules, counts, &w, NULL) ? MJ_PREPARED_REFUSED : w;
}

enum { BLOCK = 512 }; /* rows packed and decided at a time: 18 KB of mj_hand on the stack */

/* Rows [from, to): wins counted, or the first bad row in *bad (left alone when none). */
static long long run_rows(const mj_algo *a, const mj_rules *r, const uint8_t *counts, size_t stride, size_t from,
                          size_t to, uint8_t *out, size_t *bad)
{
    mj_hand hands[BLOCK];
    long long wins = 0;
    const outside_mask mask = mask_of(mj_rules_tileset(r));
    for (size_t i = from; i < to; i += BLOCK) {
        size_t m = to - i < BLOCK ? to - i : BLOCK;
        bool ok = true;
        for (size_t j = 0; j < m; j++) ok &= load_row(counts + (i + j) * stride, &mask, &hands[j]);
        if (!ok) {
            for (size_t j = 0; j < m; j++)
                if (!load_row(counts + (i + j) * stride, &mask, &hands[j])) {
                    *bad = i + j;
                    return wins;
                }
        }
        wins += (long long)mj_algo_is_win_batch(a, hands, m, r, out + i);
    }
    return wins;
}

long long mj_counts_is_win_batch(const mj_algo *a, const mj_rules *r, const uint8_t *counts, size_t n,
                                 size_t stride, uint8_t *out, int threads, mj_error *err)
{
    if (stride < MJ_KINDS) {
        if (err) {
            err->code = MJ_ERR_TOO_MANY;
            err->offset = 0;
            snprintf(err->message, sizeof err->message, "counts: rows of %zu bytes, 34 expected", stride);
        }
        return -1;
    }
    /* Chunks of rows handed out as threads come free, so that a thread the system holds back (a
     * shared machine) delays the call by one chunk, not by its whole share; fewer rows than two
     * chunks stay on the calling thread. */
    const size_t chunk = 16 * BLOCK;
    size_t nchunks = (n + chunk - 1) / chunk;
    if (threads <= 0) threads = omp_get_num_procs();
    if ((size_t)threads > nchunks) threads = nchunks ? (int)nchunks : 1;
    size_t bad = SIZE_MAX;
    long long wins = 0;
    if (threads == 1) {
        wins = run_rows(a, r, counts, stride, 0, n, out, &bad);
    } else {
        /* the first bad row overall: the smallest of the chunks' first bad rows */
#pragma omp parallel for num_threads(threads) schedule(dynamic, 1) reduction(+ : wins)
        for (long long c = 0; c < (long long)nchunks; c++) {
            size_t from = (size_t)c * chunk, to = from + chunk < n ? from + chunk : n, my_bad = SIZE_MAX;
            wins += run_rows(a, r, counts, stride, from, to, out, &my_bad);
            if (my_bad != SIZE_MAX) {
#pragma omp critical
                if (my_bad < bad) bad = my_bad;
            }
        }
    }
    if (bad != SIZE_MAX) return row_error(counts + bad * stride, mj_rules_tileset(r), (long long)bad, bad * stride, err);
    return wins;
}

static int shanten_of(const mj_shanten_algo *a, const mj_rules *r, const mj_hand *h, mj_kindset *effective,
                      mj_error *err)
{
    if (!mj_shanten_size_ok(h->tiles)) {
        if (err) {
            err->code = h->tiles ? MJ_ERR_TOO_MANY : MJ_ERR_EMPTY;
            err->offset = 0;
            snprintf(err->message, sizeof err->message,
                     "a hand of %d tiles has no shanten number (1 to 14 tiles, not a multiple of 3)", h->tiles);
        }
        return MJ_SHANTEN_BAD_SIZE;
    }
    if (!effective) return a->shanten(h, r);
    int s;
    *effective = mj_shanten_effective(a, h, r, &s) & mj_rules_tileset(r);
    return s;
}

int mj_text_shanten(const mj_shanten_algo *a, const mj_rules *r, const char *text, size_t len, int nt,
                    mj_kindset *effective, mj_error *err)
{
    mj_hand h;
    if (parse(r, text, len, nt, &h, err)) return MJ_SHANTEN_REFUSED;
    return shanten_of(a, r, &h, effective, err);
}

int mj_counts_shanten(const mj_shanten_algo *a, const mj_rules *r, const uint8_t counts[MJ_KINDS],
                      mj_kindset *effective, mj_error *err)
{
    mj_hand h;
    if (mj_counts_to_hand(counts, mj_rules_tileset(r), &h, err)) return MJ_SHANTEN_REFUSED;
    return shanten_of(a, r, &h, effective, err);
}

size_t mj_flat_sizeof(const char *type)
{
    static const struct {
        const char *name;
        size_t size;
    } sizes[] = {{"mj_hand", sizeof(mj_hand)},         {"mj_error", sizeof(mj_error)},
                 {"mj_rules", sizeof(mj_rules)},       {"mj_algo", sizeof(mj_algo)},
                 {"mj_prepared", sizeof(mj_prepared)}, {"mj_shanten_algo", sizeof(mj_shanten_algo)}};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
        if (strcmp(sizes[i].name, type) == 0) return sizes[i].size;
    return 0;
}

void mj_deal_counts(uint64_t seed, int kinds, int tiles, size_t n, uint8_t *out)
{
    mj_rng g = {seed};
    for (size_t i = 0; i < n; i++) {
        mj_hand h = mj_deal(&g, kinds, tiles);
        memcpy(out + i * MJ_KINDS, h.count, MJ_KINDS);
    }
}
