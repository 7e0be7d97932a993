/* dp: a dynamic program over the ranks of each suit, its state the runs still open from the
 * two ranks before and whether the pair is placed (seed 001 §4's idea, designed properly).
 *
 * Speed (issue 16). Where the time went in the previous release (perf, complete hands):
 * each suit was a chain of nine dependent table lookups (load, then the next index), the
 * suits run by calls one after another and the pair's suit picked by branches; 35% of the
 * samples in the melds-only loop, 17% in the pair's, 27% in the tile-count test and the
 * dispatch around them. Stepping two ranks at a time (keep2/cross2, 51 KB, more than L1)
 * took it from 33.5 to 27.3 ns. Now three ranks a step on the reachable states numbered
 * (below): three dependent lookups a suit, in 20 KB, every suit run both ways at once with
 * no branch on where the pair is, and a hand with a lone tile stops first (mj_lone_tile).
 * Measured (2026-11-23, this machine, loaded; a scratch harness not in the tree linking
 * 82a064a's file and this one into one binary, the same bench hands, seed 20261122, 8192
 * a workload, passes alternating, lowest of 300, one thread, under /work/quiet), ns a hand,
 * previous release -> now:
 *   complete   std 35.4 -> 18.3 (1.94x)  riichi 33.9 -> 19.5 (1.74x)  sichuan 33.2 -> 18.2 (1.83x)
 *   near miss  std 21.8 -> 15.7          riichi 25.2 -> 18.9          sichuan 28.0 -> 18.6
 *   136 wall   std 12.6 ->  8.4          riichi 20.9 -> 15.7
 *   108 wall   std 15.3 -> 13.4          riichi 24.2 -> 21.4          sichuan 15.0 -> 11.9
 *   every 27-kind hand of 8 tiles (sichuan) 11.0-13.3 -> 9.5-12.6 over four runs; every
 *   64th of 11 tiles 13.9 -> 13.2. */
#include "mj_forms.h"
#include "mj_suits.h"

#include <string.h>

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
/* The same steps read backwards, for waits: the states before a rank from which some
 * step reaches the given set after it. */
static uint16_t keep_back[MJ_MAX_COPIES + 1][SETS];
static uint16_t place_back[MJ_MAX_COPIES + 1][SETS];
/* Three ranks in one step, on the reachable states numbered. Without the pair the program
 * is deterministic (each state has one successor), so the sets it reaches hold one state
 * at most; with the pair's flag the pairs (set before the pair, set after it) reachable
 * every three ranks from the start are few as well: 68 (init counts them, and fails past
 * MAX_STATES). Each is numbered, and step3 takes a number and three counts (indexed 25 n0
 * + 5 n1 + n2) to the number three ranks on; last3 does the last three ranks and says
 * whether the suit completes: bit 0 with no pair placed (melds only), bit 1 with the pair
 * placed. Both are composed from the one-rank steps above, so this is the same program
 * with a third of the lookups in each suit's chain, and one byte of state, small enough
 * for every suit to be run both ways. */
enum { TRIPLES = (MJ_MAX_COPIES + 1) * (MJ_MAX_COPIES + 1) * (MJ_MAX_COPIES + 1), ROW = 128, MAX_STATES = 80 };
static uint8_t step3[MAX_STATES][ROW]; /* [state][triple]: a row per state, so a step reads one row */
static uint8_t last3[MAX_STATES][ROW];

/* The one-rank step on a pair of sets (before the pair, after it). */
static void step_pair(int n, unsigned *before, unsigned *after)
{
    unsigned b = *before, a = *after;
    *before = keep_p[n][b];
    *after = keep_p[n][a] | place_p[n][b];
}

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
    for (int n = 0; n <= MJ_MAX_COPIES; n++)
        for (int set = 0; set < SETS; set++) {
            unsigned keep = 0, place = 0;
            for (int s = 0; s < STATES; s++) {
                if (keep_p[n][1u << s] & set) keep |= 1u << s;
                if (place_p[n][1u << s] & set) place |= 1u << s;
            }
            keep_back[n][set] = (uint16_t)keep;
            place_back[n][set] = (uint16_t)place;
        }
    /* number the pairs of sets reachable every three ranks from (no run open, nothing) */
    unsigned before[MAX_STATES], after[MAX_STATES];
    int states = 1;
    before[0] = 1, after[0] = 0;
    for (int id = 0; id < states; id++)
        for (int t = 0; t < TRIPLES; t++) {
            unsigned b = before[id], a = after[id];
            for (int k = 0, d = TRIPLES / (MJ_MAX_COPIES + 1); k < 3; k++, d /= MJ_MAX_COPIES + 1)
                step_pair(t / d % (MJ_MAX_COPIES + 1), &b, &a);
            last3[id][t] = (uint8_t)((b & 1) | (a & 1) << 1);
            int to = 0;
            while (to < states && (before[to] != b || after[to] != a)) to++;
            if (to == states) {
                if (states == MAX_STATES) return -1;
                before[states] = b, after[states] = a, states++;
            }
            step3[id][t] = (uint8_t)to;
        }
    return 0;
}

/* Where three counts index step3 and last3. */
static inline int triple(const uint8_t *c) { return (c[0] * (MJ_MAX_COPIES + 1) + c[1]) * (MJ_MAX_COPIES + 1) + c[2]; }

/* Whether one suit's nine counts complete: bit 0 as melds only, bit 1 as melds plus the pair. */
static inline unsigned suit_completes(const uint8_t *c)
{
    return last3[step3[step3[0][triple(c)]][triple(c + 3)]][triple(c + 6)];
}

/* The standard form. The tile count of each suit says where the pair can be
 * (mj_pair_group): melds leave it 0 mod 3 and the pair adds 2, so the one suit at
 * 2 mod 3 holds it. Every suit is run both ways at once (one chain of three lookups
 * each, independent of the others and of where the pair is), and the pair's suit
 * takes its bit 1, the others their bit 0. Honor kinds are ranks where runs never
 * start: 3 copies are a triplet, 2 the pair. */
static bool dp_std(const uint8_t count[MJ_KINDS], int tiles, int kinds)
{
    (void)tiles;
    int pair_at = mj_pair_group(count, kinds);
    if ((pair_at < 0) | mj_lone_tile(count)) return false;
    unsigned m = suit_completes(count), p = suit_completes(count + MJ_SUIT_SIZE),
             s = suit_completes(count + 2 * MJ_SUIT_SIZE);
    return (m >> (pair_at == MJ_SUIT_M) & p >> (pair_at == MJ_SUIT_P) & s >> (pair_at == MJ_SUIT_S)) & 1;
}

static bool dp_is_win(const mj_hand *h, const mj_rules *r) { return mj_forms_is_win(h, r, dp_std); }

/* The ranks of one suit where one more copy completes it (melds, plus the pair when
 * with_pair), as bits 0..8, by the program run both ways: fwd[i] holds the states
 * reachable before rank i, back[i] those before rank i from which the rest completes;
 * one more copy at rank i works when its step joins the two. Each array is indexed
 * [rank][p]. */
static unsigned suit_waits(const uint8_t *c, bool with_pair)
{
    unsigned fwd[MJ_SUIT_SIZE + 1][2], back[MJ_SUIT_SIZE + 1][2];
    fwd[0][0] = 1, fwd[0][1] = 0;
    for (int i = 0; i < MJ_SUIT_SIZE; i++) {
        fwd[i + 1][0] = keep_p[c[i]][fwd[i][0]];
        fwd[i + 1][1] = with_pair ? keep_p[c[i]][fwd[i][1]] | place_p[c[i]][fwd[i][0]] : 0;
    }
    back[MJ_SUIT_SIZE][0] = !with_pair, back[MJ_SUIT_SIZE][1] = with_pair;
    for (int i = MJ_SUIT_SIZE - 1; i >= 0; i--) {
        back[i][1] = keep_back[c[i]][back[i + 1][1]];
        back[i][0] = keep_back[c[i]][back[i + 1][0]] | place_back[c[i]][back[i + 1][1]];
    }
    unsigned ranks = 0;
    for (int i = 0; i < MJ_SUIT_SIZE; i++) {
        if (c[i] >= MJ_MAX_COPIES) continue;
        int n = c[i] + 1;
        unsigned joined = (keep_p[n][fwd[i][0]] & back[i + 1][0]) | (keep_p[n][fwd[i][1]] & back[i + 1][1]) |
                          (place_p[n][fwd[i][0]] & back[i + 1][1]);
        ranks |= (unsigned)(joined != 0) << i;
    }
    return ranks;
}

/* The standard-form waits of count (tiles held, 2 mod 3 once one is added). A tile
 * added to suit g raises its count by one mod 3, which must leave exactly one group at
 * 2 mod 3 and none at 1; the other suits must complete as they are, and g's own ranks
 * come from suit_waits. Honor kinds are few: each is tried. */
static mj_kindset std_waits(uint8_t c[MJ_KINDS], int kinds)
{
    mj_kindset set = 0;
    for (int k = MJ_HONOR_BASE; k < kinds; k++) {
        if (c[k] >= MJ_MAX_COPIES) continue;
        c[k]++;
        if (dp_std(c, 0, MJ_KINDS)) set |= (mj_kindset)1 << k;
        c[k]--;
    }
    for (int g = 0; g < 3; g++) {
        uint8_t *suit = c + g * MJ_SUIT_SIZE;
        suit[MJ_SUIT_SIZE - 1]++; /* stand-in tile: the pair group does not depend on its rank */
        int pair_at = mj_pair_group(c, kinds);
        suit[MJ_SUIT_SIZE - 1]--;
        if (pair_at < 0) continue;
        bool others = true;
        for (int s = 0; s < 3 && others; s++)
            if (s != g) {
                const uint8_t *other = c + s * MJ_SUIT_SIZE;
                others = suit_completes(other) >> (s == pair_at) & 1;
            }
        if (others) set |= (mj_kindset)suit_waits(suit, pair_at == g) << (g * MJ_SUIT_SIZE);
    }
    return set;
}

extern const mj_algo mj_algo_dp; /* for trying every kind on hands with kongs */

/* Native waits: the standard form by the program above, the special forms on their
 * few possible kinds (mj_special_waits). Hands that would need kongs set aside are left
 * to trying every kind. */
static mj_kindset dp_waits(const mj_hand *h, const mj_rules *r)
{
    int n = h->tiles + 1;
    if (n > 14) return (r->forms & MJ_FORM_KONGS) ? mj_algo_waits_by_trial(&mj_algo_dp, h, r) : 0;
    uint8_t c[MJ_KINDS];
    memcpy(c, h->count, sizeof c);
    mj_kindset set = 0;
    if ((r->forms & MJ_FORM_STD) && n % 3 == 2) set |= std_waits(c, r->kinds);
    if (n == 14) set |= mj_special_waits(c, r);
    return set;
}

MJ_ALGO_BATCH_LOOP(dp_is_win_batch, dp_is_win)

const mj_algo mj_algo_dp = {
    .name = "dp",
    .summary = "dynamic program per suit over ranks: state = runs open from the two ranks before, pair placed",
    .source = "seed 001 §4 (designed anew)",
    .forms = MJ_FORM_ALL,
    .max_kinds = MJ_KINDS,
    .flawed = false,
    .init = dp_init,
    .is_win = dp_is_win,
    .is_win_batch = dp_is_win_batch,
    .waits = dp_waits,
};
