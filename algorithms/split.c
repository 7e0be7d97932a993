/* split: seed 000's splitting method (拆解法) as its author meant it: remove a pair, cut the rest at gaps, every piece a multiple of 3 tiles, each piece reduced greedily. */
#include "mj_forms.h"
#include "mj_suits.h"

/* The sorted hand is read straight off the count array: a piece is a maximal stretch
 * of consecutive held kinds inside one suit (each held honor kind is a piece of its
 * own, as honors never run), its length is the sum of its counts, and its run-length
 * multiplicities are the counts themselves. */

/* seed 000's is_main_part, done right: on multiplicities a[0..n-1] of consecutive
 * kinds, the first still held takes a triplet when it has three or more, otherwise
 * its one or two copies start runs. Exact, because three runs from one kind are the
 * same tiles as three triplets. Runs never reach past the piece (a gap follows it). */
static bool reduce(const uint8_t *c, int n)
{
    int a[MJ_SUIT_SIZE + 2];
    for (int i = 0; i < n; i++) a[i] = c[i];
    a[n] = a[n + 1] = 0;
    int short_of = 0; /* goes negative once a kind comes up short; no branch to guess */
    for (int i = 0; i < n; i++) {
        int m = a[i];
        m -= 3 * (m >= 3);
        a[i + 1] -= m;
        a[i + 2] -= m;
        short_of |= a[i + 1] | a[i + 2];
    }
    return short_of >= 0;
}

/* Cuts c[0..n-1] (one suit's stretch, zeros allowed) at its gaps; every piece must be
 * a multiple of 3 tiles long and reduce. */
static bool pieces_ok(const uint8_t *c, int n)
{
    int i = 0;
    while (i < n) {
        if (c[i] == 0) {
            i++;
            continue;
        }
        int lo = i, len = 0;
        while (i < n && c[i]) len += c[i++];
        if (len % 3 || !reduce(c + lo, i - lo)) return false;
    }
    return true;
}

/* The method tries every pair, but the length rule settles most of them unseen:
 * taking two tiles out of a piece whose length is 0 or 1 mod 3 leaves pieces whose
 * lengths add up to 1 or 2 mod 3, so one of them fails. Hence the pair lies in the
 * one piece of length 2 mod 3, every other piece must pass as it stands (removing the
 * pair elsewhere does not change it), and only that piece is cut again per pair.
 * The same rule read per suit comes first: a suit's pieces add up to its tile count,
 * so a suit at 1 mod 3, or two groups at 2 mod 3, already break it (mj_pair_group;
 * it also settles the honors, each a piece of one kind: 3 reduces, 2 is the pair). */
static bool split_std(uint8_t count[MJ_KINDS], int tiles, int kinds)
{
    (void)tiles, (void)kinds;
    int pair_at = mj_pair_group(count);
    if (pair_at < 0) return false;
    if (pair_at == MJ_SUIT_Z) pair_at = -1; /* the honor pair leaves nothing to cut */
    int pair_lo = -1, pair_n = 0;
    for (int s = 0; s < 3; s++) {
        const uint8_t *c = count + s * MJ_SUIT_SIZE;
        int i = 0;
        while (i < MJ_SUIT_SIZE) {
            if (c[i] == 0) {
                i++;
                continue;
            }
            int lo = i, len = 0;
            while (i < MJ_SUIT_SIZE && c[i]) len += c[i++];
            int m = len % 3;
            if (m == 1) return false;
            if (m == 2) {
                if (pair_lo >= 0) return false;
                pair_lo = s * MJ_SUIT_SIZE + lo;
                pair_n = i - lo;
            } else if (!reduce(c + lo, i - lo)) {
                return false;
            }
        }
    }
    if (pair_lo < 0) return pair_at < 0;
    /* every candidate pair of the piece: remove it, cut what is left, check the pieces */
    uint8_t *c = count + pair_lo;
    for (int i = 0; i < pair_n; i++) {
        if (c[i] < 2) continue;
        c[i] -= 2;
        bool ok = pieces_ok(c, pair_n);
        c[i] += 2;
        if (ok) return true;
    }
    return false;
}

static bool split_is_win(const mj_hand *h, const mj_rules *r) { return mj_forms_is_win(h, r, split_std); }

const mj_algo mj_algo_split = {
    .name = "split",
    .summary = "splitting: each pair out, rest cut at gaps, pieces of 3n tiles reduced greedily",
    .source = "seed 000 §3-5",
    .forms = MJ_FORM_ALL,
    .max_kinds = MJ_KINDS,
    .flawed = false,
    .init = NULL,
    .is_win = split_is_win,
    .waits = NULL,
};
