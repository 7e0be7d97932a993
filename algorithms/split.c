/* split: seed 000's splitting method (拆解法) as its author meant it: remove a pair, cut
 * the rest at gaps, every piece a multiple of 3 tiles, each piece reduced greedily. */
#include "mj_forms.h"
#include "mj_suits.h"

/* The sorted hand is read straight off the count array: a piece is a maximal stretch
 * of consecutive held kinds inside one suit (each held honor kind is a piece of its
 * own, as honors never run), its length is the sum of its counts, and its run-length
 * multiplicities are the counts themselves. */

/* seed 000's is_main_part, done right: on multiplicities c[0..n-1] of consecutive
 * kinds, the first still held takes a triplet when it has three or more, otherwise
 * its one or two copies start runs. Exact, because three runs from one kind are the
 * same tiles as three triplets. The runs begun at the two kinds below are carried in
 * `one` and `two` instead of being written back, and none may be open at the end:
 * a gap follows the piece. Also gives the piece's length (tiles) in *len. */
static bool reduce(const uint8_t *c, int n, int *len)
{
    int one = 0, two = 0, short_of = 0, tiles = 0;
    for (int i = 0; i < n; i++) {
        tiles += c[i];
        int m = c[i] - one - two; /* negative once a kind comes up short; no branch to guess */
        short_of |= m;
        m -= 3 * (m >= 3);
        two = one;
        one = m;
    }
    *len = tiles;
    return (short_of | -(one | two)) >= 0;
}

/* The held kinds among c[0..n-1] as bits: the pieces are its runs of ones. A piece never
 * leaves its suit, so n is at most nine (the bound is said to the compiler too). */
static unsigned held(const uint8_t *c, int n)
{
    unsigned mask = 0;
    for (int i = 0; i < n && i < MJ_SUIT_SIZE; i++) mask |= (unsigned)(c[i] != 0) << i;
    return mask;
}

/* The next piece of mask: its first kind in *lo, its number of kinds returned; the
 * piece is taken out of mask. mask must not be 0. */
static int next_piece(unsigned *mask, int *lo)
{
    *lo = __builtin_ctz(*mask);
    int n = __builtin_ctz(~(*mask >> *lo));
    *mask &= ~(((1u << n) - 1) << *lo);
    return n;
}

/* Cuts c[0..n-1] (one piece less the pair, zeros allowed) at its gaps; every piece
 * must be a multiple of 3 tiles long and reduce. */
static bool pieces_ok(const uint8_t *c, int n)
{
    unsigned mask = held(c, n);
    while (mask) {
        int lo, len, kinds = next_piece(&mask, &lo);
        if (!reduce(c + lo, kinds, &len) || len % 3) return false;
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
static bool split_std(const uint8_t count[MJ_KINDS], int tiles, int kinds)
{
    (void)tiles;
    int pair_at = mj_pair_group(count, kinds);
    if (pair_at < 0) return false;
    int pair_lo = -1, pair_n = 0;
    for (int s = 0; s < 3; s++) {
        const uint8_t *c = count + s * MJ_SUIT_SIZE;
        unsigned mask = held(c, MJ_SUIT_SIZE);
        while (mask) {
            int lo, len, n = next_piece(&mask, &lo);
            bool reduces = reduce(c + lo, n, &len);
            int m = len % 3;
            if (m == 0 && reduces) continue;
            if (m != 2 || pair_lo >= 0) return false; /* 1 mod 3, unreduced, or a second pair piece */
            pair_lo = s * MJ_SUIT_SIZE + lo;
            pair_n = n;
        }
    }
    if (pair_lo < 0) return pair_at == MJ_SUIT_Z; /* the honor pair leaves nothing to cut */
    /* every candidate pair of the piece: remove it, cut what is left, check the pieces
     * (on a copy of the piece, at most nine kinds) */
    uint8_t c[MJ_SUIT_SIZE];
    memcpy(c, count + pair_lo, (size_t)pair_n);
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

extern const mj_algo mj_algo_split;

/* Waits: only the kinds the tile-count argument leaves open are tried (mj_waits_by_group). */
static mj_kindset split_waits(const mj_hand *h, const mj_rules *r)
{
    return mj_waits_by_group(h, r, split_std, &mj_algo_split);
}

const mj_algo mj_algo_split = {
    .name = "split",
    .summary = "splitting: each pair out, rest cut at gaps, pieces of 3n tiles reduced greedily",
    .source = "seed 000 §3-5",
    .forms = MJ_FORM_ALL,
    .max_kinds = MJ_KINDS,
    .flawed = false,
    .init = NULL,
    .is_win = split_is_win,
    .waits = split_waits,
};
