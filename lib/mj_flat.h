/* Flat entry points for callers through a foreign-function interface (Python's ctypes, ...):
 * a whole check in one call, no inline functions, no structs by value, and hands as rows of 34
 * counts in the caller's own buffer, checked before any algorithm sees them. */
#ifndef MJ_FLAT_H
#define MJ_FLAT_H

#include <stddef.h>
#include <stdint.h>

#include "mj_algo.h"
#include "mj_shanten.h"
#include "mj_error.h"
#include "mj_rules.h"
#include "mj_tiles.h"
#include "mj_api.h"

MJ_API_BEGIN

/* The library's version ("0.4.0") and the commit it was built from ("unknown" outside a checkout):
 * the header's macros as the running library has them. */
const char *mj_version_string(void);
const char *mj_version_commit(void);

/* Parses text[0..len) in notation nt (an mj_notation; MJ_NOTATION_AUTO detects) over r's tile
 * set (mj_rules_tileset) and decides it with a: 1 win, 0 not, -1 with err filled (err may be NULL) on a parse
 * error. Preconditions: mj_algos_init() done, mj_algo_supports(a, r). */
int mj_text_is_win(const mj_algo *a, const mj_rules *r, const char *text, size_t len, int nt, mj_error *err);
/* The same parse, then mj_algo_waits into *out: 0, or -1 with err filled. */
int mj_text_waits(const mj_algo *a, const mj_rules *r, const char *text, size_t len, int nt, mj_kindset *out,
                  mj_error *err);

/* A check prepared once and then called with the hand alone: two arguments a call, which is
 * what a foreign call costs least with (Python's ctypes converts each argument on each call).
 * Fill algo (mj_algo_find), rules (mj_rules_parse) and notation (an mj_notation); the same
 * preconditions as mj_text_is_win. A refused hand gives -1 (is_win) or MJ_PREPARED_REFUSED
 * (waits), with no message: call mj_text_is_win (or mj_counts_to_hand) with an mj_error for it. */
typedef struct {
    const mj_algo *algo;
    mj_rules rules;
    int notation;
} mj_prepared;
#define MJ_PREPARED_REFUSED ((uint64_t)1 << 63)
/* text NUL-terminated: 1 win, 0 not, -1 refused. */
int mj_prepared_is_win(const mj_prepared *p, const char *text);
/* 34 counts: 1 win, 0 not, -1 refused. */
int mj_prepared_is_win_counts(const mj_prepared *p, const uint8_t counts[MJ_KINDS]);
/* The waits (an mj_kindset), or MJ_PREPARED_REFUSED. */
uint64_t mj_prepared_waits(const mj_prepared *p, const char *text);
uint64_t mj_prepared_waits_counts(const mj_prepared *p, const uint8_t counts[MJ_KINDS]);

/* Reads 34 counts into *out: 0, or -1 with err filled (MJ_ERR_FIFTH_COPY for a count over 4,
 * MJ_ERR_TOO_MANY past 18 tiles, MJ_ERR_OUTSIDE_SET for a kind held outside `set`, the kinds in
 * play, mj_rules_tileset(r) for a rule set; the offset is the kind's index). */
int mj_counts_to_hand(const uint8_t counts[MJ_KINDS], mj_kindset set, mj_hand *out, mj_error *err);
/* mj_counts_to_hand, then the decision: 1 win, 0 not, -1 with err filled. */
int mj_counts_is_win(const mj_algo *a, const mj_rules *r, const uint8_t counts[MJ_KINDS], mj_error *err);
/* mj_counts_to_hand, then mj_algo_waits into *out: 0, or -1 with err filled. */
int mj_counts_waits(const mj_algo *a, const mj_rules *r, const uint8_t counts[MJ_KINDS], mj_kindset *out,
                    mj_error *err);

/* is_win on n rows of 34 counts, row i at counts + i * stride (stride >= 34): out[i] = 0 or 1
 * through mj_algo_is_win_batch, on `threads` threads (0 = every core; rows split in blocks, the
 * same answer for any count). Returns the number of wins, or -1 when some row is no hand under
 * r: then err names the first such row and kind (offset = its byte in counts) and out's
 * content is unspecified. */
long long mj_counts_is_win_batch(const mj_algo *a, const mj_rules *r, const uint8_t *counts, size_t n,
                                 size_t stride, uint8_t *out, int threads, mj_error *err);

/* The shanten number of a hand by calculator a (-1 = complete), and with `effective` not NULL
 * the effective kinds (mj_shanten.h's definition, within r's tile set). Text is parsed as
 * mj_text_is_win does. MJ_SHANTEN_REFUSED with err filled when the hand is refused (a parse or
 * counts error); MJ_SHANTEN_BAD_SIZE (err filled too) when it has no shanten number (tiles
 * outside 1..14 or a multiple of 3). Preconditions: mj_shanten_algos_init() done,
 * mj_shanten_supports(a, r). */
enum { MJ_SHANTEN_REFUSED = -100, MJ_SHANTEN_BAD_SIZE = -101 };
int mj_text_shanten(const mj_shanten_algo *a, const mj_rules *r, const char *text, size_t len, int nt,
                    mj_kindset *effective, mj_error *err);
int mj_counts_shanten(const mj_shanten_algo *a, const mj_rules *r, const uint8_t counts[MJ_KINDS],
                      mj_kindset *effective, mj_error *err);

/* sizeof the structs a foreign caller mirrors: "mj_hand", "mj_error", "mj_rules", "mj_algo",
 * "mj_prepared", "mj_shanten_algo"; 0 for any other name. A binding compares them with its own
 * copies at load time and refuses a library whose layouts moved, instead of corrupting memory. */
size_t mj_flat_sizeof(const char *type);

/* n seeded random hands as rows of 34 counts (out holds n * 34 bytes): each the first `tiles`
 * tiles (0..18) of a wall of 4 copies of each of `kinds` (27 or 34) kinds, shuffled by one
 * mj_rng stream started at seed (mj_deal). */
void mj_deal_counts(uint64_t seed, int kinds, int tiles, size_t n, uint8_t *out);

MJ_API_END

#endif
