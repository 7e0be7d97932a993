/* dp: a dynamic program over the ranks of each suit, its state the runs still open from the two ranks before and whether the pair is placed (seed 001 §4's idea, designed properly). */
#include "mj_forms.h"

/* State at rank i, before its copies are used: a = runs begun at rank i-2 (they need
 * one copy of i, then they are done), b = runs begun at rank i-1 (they need one copy
 * of i and one of i+1), p = whether the pair is already placed. At rank i the a + b
 * open runs each take a copy; of what is left, two may become the pair (if p is not
 * set yet), three a triplet, and the rest start new runs. At most two runs need
 * start at one rank, because three runs from one rank are the same tiles as three
 * triplets, so a and b are 0..2 and the remainder r decides the new runs: r mod 3,
 * with a triplet when r is 3 or 4. A suit ends with no run open: ranks 10 and 11
 * count as empty. The reachable states form a set, kept as a bit mask (18 states). */

#define STATE(p, a, b) (1u << ((p) * 9 + (a) * 3 + (b)))

/* The states reachable after a rank holding n copies, from the set `from`. */
static uint32_t step(uint32_t from, int n)
{
    uint32_t to = 0;
    while (from) {
        int s = __builtin_ctz(from);
        from &= from - 1;
        int p = s / 9, a = s % 9 / 3, b = s % 3;
        int r = n - a - b;
        if (r < 0) continue;
        to |= STATE(p, b, r >= 3 ? r - 3 : r);
        if (!p && r >= 2) {
            r -= 2;
            to |= STATE(1, b, r >= 3 ? r - 3 : r);
        }
    }
    return to;
}

/* Whether one suit's nine counts are melds, plus the pair when with_pair is set. */
static bool suit_dp(const uint8_t *c, bool with_pair)
{
    uint32_t set = STATE(0, 0, 0);
    for (int i = 0; i < MJ_SUIT_SIZE && set; i++) set = step(set, c[i]);
    set = step(step(set, 0), 0); /* the open runs must have closed by rank 9 */
    return (set & STATE(with_pair, 0, 0)) != 0;
}

/* The standard form. The tile count of each suit says where the pair can be: melds
 * leave it 0 mod 3 and the pair adds 2, so the one suit at 2 mod 3 holds it and the
 * program runs each suit with the pair flag fixed at its end. Honor kinds are ranks
 * where runs never start: 3 copies are a triplet, 2 the pair. */
static bool dp_std(uint8_t count[MJ_KINDS], int tiles, int kinds)
{
    (void)tiles;
    int pair_at = -1;
    for (int k = MJ_HONOR_BASE; k < kinds; k++) {
        int n = count[k];
        if (n == 1 || n == 4) return false;
        if (n == 2) {
            if (pair_at >= 0) return false;
            pair_at = MJ_SUIT_Z;
        }
    }
    int total[3];
    for (int s = 0; s < 3; s++) {
        const uint8_t *c = count + s * MJ_SUIT_SIZE;
        total[s] = c[0] + c[1] + c[2] + c[3] + c[4] + c[5] + c[6] + c[7] + c[8];
        int m = total[s] % 3;
        if (m == 1) return false;
        if (m == 2) {
            if (pair_at >= 0) return false;
            pair_at = s;
        }
    }
    if (pair_at < 0) return false;
    for (int s = 0; s < 3; s++)
        if (total[s] && !suit_dp(count + s * MJ_SUIT_SIZE, s == pair_at)) return false;
    return true;
}

static bool dp_is_win(const mj_hand *h, const mj_rules *r) { return mj_forms_is_win(h, r, dp_std); }

const mj_algo mj_algo_dp = {
    .name = "dp",
    .summary = "dynamic program per suit over ranks: state = runs open from the two ranks before, pair placed",
    .source = "seed 001 §4 (designed anew)",
    .forms = MJ_FORM_ALL,
    .max_kinds = MJ_KINDS,
    .flawed = false,
    .init = NULL,
    .is_win = dp_is_win,
    .waits = NULL,
};
