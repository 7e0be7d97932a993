/* greedy: count-array greedy (seed 003 §4, seed 000's is_main_part done right), the pair
 * tried only where the mod-3 arguments allow it. */
#include "mj_forms.h"
#include "mj_suits.h"

/* Why the greedy is exact: at the lowest kind still held, three or more copies may as
 * well start a triplet (three runs from one kind are the same tiles as three triplets,
 * and four copies are a triplet plus a run either way), and the one or two left can
 * only start runs. So each kind has exactly one move and nothing needs undoing. */

/* Whether the nine counts of one suit are melds only. The runs begun at the two ranks
 * below are carried along rather than written back into the array: at rank i, `one`
 * runs begun at i-1 and `two` begun at i-2 each take a copy, then the rest goes as
 * above. Runs still open after rank 9 would need rank 10 or 11. The moves are made
 * without branches (a short rank only turns `short_of` negative), because on random
 * hands the branches would be guesses. */
static bool suit_melds(const uint8_t *c)
{
    int one = 0, two = 0, short_of = 0;
    for (int i = 0; i < MJ_SUIT_SIZE; i++) {
        int n = c[i] - one - two; /* the open runs take theirs first */
        short_of |= n;
        n -= 3 * (n >= 3);        /* a triplet, then the one or two left start runs */
        two = one;
        one = n;
    }
    return (short_of | -(one | two)) >= 0;
}

/* The suit whose tile count is 2 mod 3 holds the pair. Melds leave the rank sum
 * (sum of rank * copies) unchanged mod 3, since a triplet adds 3r and a run 3r+3,
 * so the pair's rank r satisfies 2r = sum (mod 3), i.e. r = 2 * sum (mod 3): only
 * the ranks r, r+3, r+6 can hold it. */
static bool suit_with_pair(const uint8_t *c)
{
    int sum = 0;
    for (int i = 0; i < MJ_SUIT_SIZE; i++) sum += (i + 1) * c[i];
    int first = (2 * sum) % 3; /* rank mod 3; rank = index + 1 */
    first = (first + 2) % 3;   /* as an index 0..2 */
    uint8_t a[MJ_SUIT_SIZE];
    for (int i = 0; i < MJ_SUIT_SIZE; i++) a[i] = c[i];
    for (int i = first; i < MJ_SUIT_SIZE; i += 3) {
        if (a[i] < 2) continue;
        a[i] -= 2;
        bool ok = suit_melds(a);
        a[i] += 2;
        if (ok) return true;
    }
    return false;
}

/* The standard form: each honor kind is held 0, 2 (the pair) or 3 times; each suit's
 * tile count is 0 mod 3, except the one suit with the pair, which is 2 mod 3. */
static bool greedy_std(const uint8_t count[MJ_KINDS], int tiles, int kinds)
{
    (void)tiles;
    int pair_at = mj_pair_group(count, kinds);
    if (pair_at < 0) return false;
    for (int s = 0; s < 3; s++)
        if (s != pair_at && !suit_melds(count + s * MJ_SUIT_SIZE)) return false;
    return pair_at == MJ_SUIT_Z || suit_with_pair(count + pair_at * MJ_SUIT_SIZE);
}

static bool greedy_is_win(const mj_hand *h, const mj_rules *r) { return mj_forms_is_win(h, r, greedy_std); }

extern const mj_algo mj_algo_greedy;

/* Waits: only the kinds the tile-count argument leaves open are tried (mj_waits_by_group). */
static mj_kindset greedy_waits(const mj_hand *h, const mj_rules *r)
{
    return mj_waits_by_group(h, r, greedy_std, &mj_algo_greedy);
}

const mj_algo mj_algo_greedy = {
    .name = "greedy",
    .summary = "count-array greedy: lowest kind takes a triplet if 3+ held, else runs; pair only where mod 3 allows",
    .source = "seed 003 §4, seed 000 §5",
    .forms = MJ_FORM_ALL,
    .max_kinds = MJ_KINDS,
    .flawed = false,
    .init = NULL,
    .is_win = greedy_is_win,
    .waits = greedy_waits,
};
