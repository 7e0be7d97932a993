/* dp: a dynamic program over the ranks of each suit, its state the runs still open from the two ranks before and whether the pair is placed (seed 001 §4's idea, designed properly). */
#include "mj_forms.h"
#include "mj_suits.h"

/* State at rank i, before its copies are used: a = runs begun at rank i-2 (they need
 * one copy of i, then they are done), b = runs begun at rank i-1 (they need one copy
 * of i and one of i+1), p = whether the pair is already placed. At rank i the a + b
 * open runs each take a copy; of what is left, two may become the pair (if p is not
 * set yet), three a triplet, and the rest start new runs. At most two runs need
 * start at one rank, because three runs from one rank are the same tiles as three
 * triplets, so a and b are 0..2 and the remainder r decides the new runs: r mod 3,
 * with a triplet when r is 3 or 4. A suit is complete when no run is open after
 * rank 9 (a run begun at 8 or 9 would need rank 10 or 11).
 *
 * The reachable states form a set: nine bits (bit 3a + b) for each value of p. The
 * step from one rank to the next is a table lookup on the whole set, one table for
 * the moves that keep p and one for placing the pair, both built in init for every
 * count 0..4 and every set of states. */
enum { STATES = 9, SETS = 1 << STATES };

static uint16_t keep_p[MJ_MAX_COPIES + 1][SETS];  /* sets after a rank, p unchanged */
static uint16_t place_p[MJ_MAX_COPIES + 1][SETS]; /* sets after a rank whose copies give the pair */

static int dp_init(void)
{
    for (int n = 0; n <= MJ_MAX_COPIES; n++)
        for (int set = 0; set < SETS; set++) {
            unsigned keep = 0, place = 0;
            for (int s = 0; s < STATES; s++) {
                if (!(set >> s & 1)) continue;
                int a = s / 3, b = s % 3, r = n - a - b;
                if (r < 0) continue;
                keep |= 1u << (3 * b + (r >= 3 ? r - 3 : r));
                if (r >= 2) place |= 1u << (3 * b + (r - 2 >= 3 ? r - 5 : r - 2));
            }
            keep_p[n][set] = (uint16_t)keep;
            place_p[n][set] = (uint16_t)place;
        }
    return 0;
}

/* Whether one suit's nine counts are melds only. */
static bool suit_melds(const uint8_t *c)
{
    unsigned set = 1; /* a = b = 0 */
    for (int i = 0; i < MJ_SUIT_SIZE; i++) set = keep_p[c[i]][set];
    return set & 1;
}

/* Whether one suit's nine counts are melds plus the pair. */
static bool suit_melds_and_pair(const uint8_t *c)
{
    unsigned before = 1, after = 0; /* before and after the pair is placed */
    for (int i = 0; i < MJ_SUIT_SIZE; i++) {
        after = keep_p[c[i]][after] | place_p[c[i]][before];
        before = keep_p[c[i]][before];
    }
    return after & 1;
}

/* The standard form. The tile count of each suit says where the pair can be
 * (mj_pair_group): melds leave it 0 mod 3 and the pair adds 2, so the one suit at
 * 2 mod 3 holds it and the program runs each suit with the pair's place fixed. Honor
 * kinds are ranks where runs never start: 3 copies are a triplet, 2 the pair. */
static bool dp_std(uint8_t count[MJ_KINDS], int tiles, int kinds)
{
    (void)tiles, (void)kinds;
    int pair_at = mj_pair_group(count);
    if (pair_at < 0) return false;
    for (int s = 0; s < 3; s++)
        if (s != pair_at && !suit_melds(count + s * MJ_SUIT_SIZE)) return false;
    return pair_at == MJ_SUIT_Z || suit_melds_and_pair(count + pair_at * MJ_SUIT_SIZE);
}

static bool dp_is_win(const mj_hand *h, const mj_rules *r) { return mj_forms_is_win(h, r, dp_std); }

const mj_algo mj_algo_dp = {
    .name = "dp",
    .summary = "dynamic program per suit over ranks: state = runs open from the two ranks before, pair placed",
    .source = "seed 001 §4 (designed anew)",
    .forms = MJ_FORM_ALL,
    .max_kinds = MJ_KINDS,
    .flawed = false,
    .init = dp_init,
    .is_win = dp_is_win,
    .waits = NULL,
};
