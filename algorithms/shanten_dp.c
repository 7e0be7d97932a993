/* sh-dp: shanten by a dynamic program over the ranks of each group, no tables. For each suit
 * (and the honors) one pass over its ranks computes the group's distance vector: the fewest
 * tiles to add so that the group holds m melds and p pairs (m = 0..4, p = 0..1), each count at
 * most 4. The state after a rank is the runs still open (started one or two ranks below and
 * waiting for this rank), the melds placed and whether the pair is placed; at each rank the
 * program chooses the runs that start there, a triplet and the pair, and pays for the copies
 * of the rank the complete hand needs beyond those held. The groups' vectors are then combined
 * by a min-plus sum over every split of the melds and the pair.
 *
 * Why it is right: a complete hand W splits into groups (runs stay in a suit, the pair in one
 * group), its cost sum over kinds max(0, W[k] - h[k]) splits the same way, and within a group
 * W is fixed rank by rank by the blocks that start at each rank: exactly the choices made
 * here, so every W of the group is one path and its cost is the path's. The count limit is
 * checked per rank (blocks through a rank: open runs + new runs + 3 triplet + 2 pair <= 4). */
#include "shanten_common.h"

#include <string.h>

enum { INF = 99, MELDS = 5 };

/* dist[m][p] for one group of `ranks` kinds starting at c, runs when `runs`; only the ranks
 * in `allowed` (bit i for rank i) may be used (sanma's manzu: ranks 1 and 9). */
static void group_vector(const uint8_t *c, int ranks, bool runs, unsigned allowed, int dist[MELDS][2])
{
    /* dp[a][b][m][p]: a = runs waiting for this rank as their last tile, b = runs waiting for
     * this rank and the next (so a + b tiles of this rank are already spoken for) */
    int held_any = 0;
    for (int i = 0; i < ranks; i++) held_any |= c[i];
    if (!held_any && allowed == (1u << ranks) - 1) { /* nothing held: every block added whole */
        for (int m = 0; m < MELDS; m++) dist[m][0] = 3 * m, dist[m][1] = 3 * m + 2;
        return;
    }
    int dp[MJ_MAX_COPIES + 1][MJ_MAX_COPIES + 1][MELDS][2], next[MJ_MAX_COPIES + 1][MJ_MAX_COPIES + 1][MELDS][2];
    for (int a = 0; a <= 4; a++)
        for (int b = 0; b <= 4; b++)
            for (int m = 0; m < MELDS; m++) dp[a][b][m][0] = dp[a][b][m][1] = INF;
    dp[0][0][0][0] = 0;
    for (int i = 0; i < ranks; i++) {
        for (int a = 0; a <= 4; a++)
            for (int b = 0; b <= 4; b++)
                for (int m = 0; m < MELDS; m++) next[a][b][m][0] = next[a][b][m][1] = INF;
        int held = c[i];
        int max_start = runs && i + 2 < ranks && (allowed >> i & 7) == 7 ? 4 : 0; /* runs from ranks 1..7 */
        int cap = (allowed >> i & 1) ? MJ_MAX_COPIES : 0; /* copies the complete hand may hold */
        for (int a = 0; a <= 4; a++)
            for (int b = 0; a + b <= 4; b++)
                for (int m = 0; m < MELDS; m++)
                    for (int p = 0; p <= 1; p++) {
                        int here = dp[a][b][m][p];
                        if (here >= INF) continue;
                        for (int start = 0; start <= max_start; start++)
                            for (int trip = 0; trip <= 1; trip++)
                                for (int pair = 0; pair <= 1 - p; pair++) {
                                    int used = a + b + start + 3 * trip + 2 * pair;
                                    int melds = m + start + trip;
                                    if (used > cap || melds >= MELDS) continue;
                                    int cost = here + (used > held ? used - held : 0);
                                    /* the runs waiting for the next rank: b (their last
                                     * tile) and the new ones (their middle tile) */
                                    int *slot = &next[b][start][melds][p + pair];
                                    if (cost < *slot) *slot = cost;
                                }
                    }
        memcpy(dp, next, sizeof dp);
    }
    for (int m = 0; m < MELDS; m++)
        for (int p = 0; p <= 1; p++) dist[m][p] = dp[0][0][m][p];
}

/* out = the min-plus sum of x and y over every split of melds and pair. */
static void combine(int x[MELDS][2], int y[MELDS][2], int out[MELDS][2])
{
    for (int m = 0; m < MELDS; m++)
        for (int p = 0; p <= 1; p++) {
            int best = INF;
            for (int m1 = 0; m1 <= m; m1++)
                for (int p1 = 0; p1 <= p; p1++) {
                    int c = x[m1][p1] + y[m - m1][p - p1];
                    if (c < best) best = c;
                }
            out[m][p] = best;
        }
}

static int dp_shanten(const mj_hand *h, const mj_rules *r)
{
    int best = sh_special(h, r);
    if (!(r->forms & MJ_FORM_STD)) return best;
    int acc[MELDS][2], g[MELDS][2], tmp[MELDS][2];
    mj_kindset set = sh_tileset(r);
    group_vector(h->count, MJ_SUIT_SIZE, true, (unsigned)(set & 0x1FF), acc);
    for (int s = 1; s < 3; s++) {
        group_vector(h->count + s * MJ_SUIT_SIZE, MJ_SUIT_SIZE, true, (unsigned)(set >> (s * MJ_SUIT_SIZE) & 0x1FF), g);
        combine(acc, g, tmp);
        memcpy(acc, tmp, sizeof acc);
    }
    if (r->kinds == MJ_KINDS) {
        group_vector(h->count + MJ_HONOR_BASE, MJ_HONORS, false, 0x7F, g);
        combine(acc, g, tmp);
        memcpy(acc, tmp, sizeof acc);
    }
    int std = acc[sh_melds(h->tiles)][1] - 1;
    return std < best ? std : best;
}

const mj_shanten_algo mj_shanten_dp = {
    .name = "sh-dp",
    .summary = "dynamic program over each group's ranks (open runs as the state), groups min-plus combined",
    .source = "the definition (algorithms/README.md)",
    .forms = MJ_FORM_STD | MJ_FORM_7P | MJ_FORM_7P4 | MJ_FORM_13O,
    .max_kinds = MJ_KINDS,
    .shanten = dp_shanten,
};
