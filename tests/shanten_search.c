/* The definition of shanten and effective tiles by search over complete hands (tests only). */
#include "shanten_search.h"

#include <stdbool.h>
#include <string.h>

#include "mj_shanten_truth.h"

/* ---- the definition by search: every complete hand W of the right size, |W - h| - 1 ---- */

typedef struct {
    int kind[3];
} meld;

typedef struct {
    meld melds[64];
    int nmelds;
    mj_kindset set;
    uint8_t w[MJ_KINDS], avail[MJ_KINDS];
    int best;
} search;

/* The melds that share a kind with h, and one "free" meld: a meld of kinds h lacks costs 3
 * whichever it is, and one always exists beside W's few kinds (at least 27 kinds, W uses at most
 * 14), so one stands for all of them; the same for the pair (cost 2). */
static void search_init(search *s, const mj_rules *r, const mj_hand *h)
{
    memset(s, 0, sizeof *s);
    s->set = mj_rules_tileset(r);
    for (int k = 0; k < MJ_KINDS; k++) {
        if (!(s->set >> k & 1)) continue;
        if (h->count[k]) s->melds[s->nmelds++] = (meld){{k, k, k}};
        if (k < MJ_HONOR_BASE && k % 9 <= 6 && (s->set >> (k + 1) & 1) && (s->set >> (k + 2) & 1) &&
            (h->count[k] || h->count[k + 1] || h->count[k + 2]))
            s->melds[s->nmelds++] = (meld){{k, k + 1, k + 2}};
    }
    s->melds[s->nmelds++] = (meld){{-1, -1, -1}};
}

/* W built meld by meld (a multiset: non-decreasing meld index), then its pair; cost = tiles of W
 * that h does not hold, counted against what h has left. */
static void dfs(search *s, int from, int left, int cost)
{
    if (cost >= s->best) return;
    if (left == 0) {
        int c = cost + 2; /* the free pair */
        if (c < s->best) s->best = c;
        for (int k = 0; k < MJ_KINDS; k++) {
            if (!(s->set >> k & 1) || !s->avail[k] || s->w[k] + 2 > MJ_MAX_COPIES) continue;
            c = cost + (s->avail[k] >= 2 ? 0 : 2 - s->avail[k]);
            if (c < s->best) s->best = c;
        }
        return;
    }
    for (int i = from; i < s->nmelds; i++) {
        const meld *m = &s->melds[i];
        if (m->kind[0] < 0) {
            dfs(s, i, left - 1, cost + 3);
            continue;
        }
        bool fits = true;
        for (int j = 0; j < 3; j++) fits &= s->w[m->kind[j]]++ < MJ_MAX_COPIES;
        int add = 0;
        uint8_t took[3] = {0};
        if (fits)
            for (int j = 0; j < 3; j++) {
                if (s->avail[m->kind[j]]) s->avail[m->kind[j]]--, took[j] = 1;
                else add++;
            }
        if (fits) dfs(s, i, left - 1, cost + add);
        for (int j = 2; j >= 0; j--) {
            s->w[m->kind[j]]--;
            if (took[j]) s->avail[m->kind[j]]++;
        }
    }
}

/* bound: the search looks only at W with |W - h| <= bound (pruning); the answer is exact when it
 * is at most bound, else bound + 1 */
int brute_shanten_within(const mj_hand *h, const mj_rules *r, int bound)
{
    int n = h->tiles;
    if (n % 3 == 0 || n > 14) return MJ_TRUTH_NO_SHANTEN;
    int wsize = n % 3 == 1 ? n + 1 : n;
    search s;
    search_init(&s, r, h);
    memcpy(s.avail, h->count, MJ_KINDS);
    s.best = bound + 1;
    if (r->forms & MJ_FORM_STD) dfs(&s, 0, (wsize - 2) / 3, 0);
    int best = s.best;
    if (wsize == 14 && (r->forms & MJ_FORM_7P)) {
        /* seven distinct kinds, each twice: keep the seven kinds held most (up to 2 each) */
        int have[3] = {0};
        for (int k = 0; k < MJ_KINDS; k++)
            if (s.set >> k & 1) have[h->count[k] >= 2 ? 2 : h->count[k]]++;
        int kept = 0, room = 7;
        for (int c = 2; c >= 0 && room; c--) {
            int take = have[c] < room ? have[c] : room;
            kept += take * c;
            room -= take;
        }
        if (14 - kept < best) best = 14 - kept;
    }
    if (wsize == 14 && (r->forms & MJ_FORM_7P4)) {
        /* pairs x_k in 0..2 a kind, seven in all: the least sum of max(0, 2 x_k - h_k) */
        int dp[8];
        for (int q = 0; q <= 7; q++) dp[q] = q ? 99 : 0;
        for (int k = 0; k < MJ_KINDS; k++) {
            if (!(s.set >> k & 1)) continue;
            for (int q = 7; q >= 0; q--)
                for (int x = 1; x <= 2 && x <= q; x++) {
                    int c = dp[q - x] + (2 * x > h->count[k] ? 2 * x - h->count[k] : 0);
                    if (c < dp[q]) dp[q] = c;
                }
        }
        if (dp[7] < best) best = dp[7];
    }
    static const int orphans[13] = {0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33};
    bool all_orphans = true;
    for (int i = 0; i < 13; i++) all_orphans &= (s.set >> orphans[i] & 1) != 0;
    if (wsize == 14 && (r->forms & MJ_FORM_13O) && all_orphans) {
        /* each orphan once, one of them twice */
        int missing = 0;
        bool doubled = false;
        for (int i = 0; i < 13; i++) {
            missing += h->count[orphans[i]] == 0;
            doubled |= h->count[orphans[i]] >= 2;
        }
        int c = missing + !doubled;
        if (c < best) best = c;
    }
    return best > bound ? MJ_TRUTH_NO_SHANTEN : best - 1;
}

int brute_shanten(const mj_hand *h, const mj_rules *r) { return brute_shanten_within(h, r, 98); }

/* The definition of effective tiles over the search above, for h of shanten s (found by the
 * search already): t counts when the next hand lies within distance s (shanten below s). */
mj_kindset brute_effective(const mj_hand *h, const mj_rules *r, int s)
{
    mj_kindset set = 0, kinds = mj_rules_tileset(r);
    if (s < 0 || s == MJ_TRUTH_NO_SHANTEN) return 0;
    for (int t = 0; t < MJ_KINDS; t++) {
        if (!(kinds >> t & 1) || h->count[t] >= MJ_MAX_COPIES) continue;
        if (h->tiles % 3 == 1) {
            mj_hand x = *h;
            mj_hand_add(&x, t);
            if (brute_shanten_within(&x, r, s) < s) set |= (mj_kindset)1 << t;
            continue;
        }
        for (int d = 0; d < MJ_KINDS && !(set >> t & 1); d++) {
            if (!h->count[d] || d == t) continue;
            mj_hand x = *h;
            mj_hand_remove(&x, d);
            mj_hand_add(&x, t);
            if (brute_shanten_within(&x, r, s) < s) set |= (mj_kindset)1 << t;
        }
    }
    return set;
}

