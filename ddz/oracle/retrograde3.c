/* The three-player retrograde oracle: who wins every position of a small universe (three hands,
 * each seat to lead), computed upward by total cards from the recogniser's moves and the rule
 * of turns written out again here (no search code of the solvers); answering positions are
 * decided from those by a short recursion. */
#include "ddz_oracle3.h"

#include <stdlib.h>
#include <string.h>

struct ddzo3_table {
    ddz_rules rules;
    int max_cards, top;
    size_t nh;
    ddz_hand *hand;      /* sorted by value */
    size_t *first;       /* hand i's leading moves: lead[first[i] .. first[i+1]) */
    ddz_move *lead;
    unsigned char *lv;   /* per (i, j, k): for seat s, bit 2s computed, bit 2s+1 the landlord wins */
};

static int in_deck(const ddzo3_table *t, int r) { return t->top == DDZ_RANKS - 1 || r <= t->top || r >= DDZ_RX; }

static int fits3(ddz_hand a, ddz_hand b, ddz_hand c)
{
    for (int r = 0; r < DDZ_RANKS; r++)
        if (ddz_count(a, r) + ddz_count(b, r) + ddz_count(c, r) > (r >= DDZ_RX ? 1 : 4))
            return 0;
    return 1;
}

static long find_hand(const ddzo3_table *t, ddz_hand h)
{
    size_t lo = 0, hi = t->nh;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (t->hand[mid] < h)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < t->nh && t->hand[lo] == h ? (long)lo : -1;
}

static void collect(ddzo3_table *t, int r, ddz_hand h, int size, size_t *n)
{
    if (r == DDZ_RANKS) {
        if (size) {
            if (t->hand)
                t->hand[*n] = h;
            (*n)++;
        }
        return;
    }
    int most = !in_deck(t, r) ? 0 : r >= DDZ_RX ? 1 : 4;
    for (int c = 0; c <= most && size + c <= t->max_cards; c++)
        collect(t, r + 1, ddz_add(h, r, c), size + c, n);
}

static int cmp_hand(const void *a, const void *b)
{
    ddz_hand x = *(const ddz_hand *)a, y = *(const ddz_hand *)b;
    return x < y ? -1 : x > y;
}

static inline size_t cell(const ddzo3_table *t, const long h[3])
{
    return ((size_t)h[0] * t->nh + (size_t)h[1]) * t->nh + (size_t)h[2];
}

/* The lead value of seat s with hands h (landlord wins 1, farmers 0), which the upward order
 * computed already; -1: a bug in the order. */
static int lead_value(const ddzo3_table *t, const long h[3], int s)
{
    unsigned char v = t->lv[cell(t, h)];
    return v >> 2 * s & 1 ? v >> (2 * s + 1) & 1 : -1;
}

static int next_seat(int s) { return (s + 1) % 3; }

/* Seat s answers m, made by seat `by`, with hands h. Passing: the next seat answers, or leads
 * when it made m (both others passed). Beating with x: x leaves the hand; an empty hand ends the
 * game, won by s's side; else the next seat answers x. The landlord picks the best for him, a
 * farmer the best for the farmers. */
static int answer_value(const ddzo3_table *t, const long h[3], int s, const ddz_move *m, int by)
{
    int lord = s == 0, nx = next_seat(s);
    int v = nx == by ? lead_value(t, h, by) : answer_value(t, h, nx, m, by);
    if (v < 0)
        return -1;
    if (v == lord)
        return v;
    for (size_t k = t->first[h[s]]; k < t->first[h[s] + 1]; k++) {
        const ddz_move *x = &t->lead[k];
        if (!ddzo_beats(x, m))
            continue;
        if (x->cards == t->hand[h[s]])
            return lord;
        long g[3] = {h[0], h[1], h[2]};
        g[s] = find_hand(t, t->hand[h[s]] - x->cards);
        v = answer_value(t, g, nx, x, s);
        if (v < 0)
            return -1;
        if (v == lord)
            return v;
    }
    return !lord;
}

/* Seat s leads with hands h: some move empties the hand, or leaves the next seat answering a
 * position good for s's side. */
static int lead_compute(const ddzo3_table *t, const long h[3], int s)
{
    int lord = s == 0;
    for (size_t k = t->first[h[s]]; k < t->first[h[s] + 1]; k++) {
        const ddz_move *x = &t->lead[k];
        if (x->cards == t->hand[h[s]])
            return lord;
        long g[3] = {h[0], h[1], h[2]};
        g[s] = find_hand(t, t->hand[h[s]] - x->cards);
        int v = answer_value(t, g, next_seat(s), x, s);
        if (v < 0)
            return -1;
        if (v == lord)
            return v;
    }
    return !lord;
}

ddzo3_table *ddzo3_build(ddzo_deck deck, int max_cards, const ddz_rules *rules)
{
    if (max_cards < 1 || max_cards > 4)
        return NULL;
    ddzo3_table *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    size_t n = 0;
    t->rules = *rules;
    t->max_cards = max_cards;
    t->top = deck == DDZO_DECK_SMALL ? DDZ_R8 : DDZ_RANKS - 1;
    collect(t, 0, 0, 0, &n);
    t->nh = n;
    t->hand = malloc(n * sizeof *t->hand);
    t->first = malloc((n + 1) * sizeof *t->first);
    t->lv = calloc(n * n * n, 1);
    size_t *order = malloc(n * sizeof *order);
    if (!t->hand || !t->first || !t->lv || !order)
        goto fail;
    n = 0;
    collect(t, 0, 0, 0, &n);
    qsort(t->hand, n, sizeof *t->hand, cmp_hand);
    ddz_move pass = {0, DDZ_PASS, 0, 0};
    size_t total = 0;
    for (size_t i = 0; i < n; i++)
        total += ddzo_moves(t->hand[i], &pass, rules, NULL, 0);
    t->lead = malloc((total ? total : 1) * sizeof *t->lead);
    if (!t->lead)
        goto fail;
    total = 0;
    for (size_t i = 0; i < n; i++) {
        t->first[i] = total;
        total += ddzo_moves(t->hand[i], &pass, rules, t->lead + total, (size_t)-1);
    }
    t->first[n] = total;
    /* hands grouped by size: by[s] .. by[s+1] in order */
    size_t by[DDZ_MAX_HAND + 2] = {0}, fill[DDZ_MAX_HAND + 2];
    for (size_t i = 0; i < n; i++)
        by[ddz_size(t->hand[i]) + 1]++;
    for (int s = 1; s <= max_cards + 1; s++)
        by[s] += by[s - 1];
    memcpy(fill, by, sizeof by);
    for (size_t i = 0; i < n; i++)
        order[fill[ddz_size(t->hand[i])]++] = i;
    /* upward by total cards: a lead of total T reads answers of fewer cards, and those read
     * leads of fewer cards (every move spends a card), all computed before T */
    int order_bug = 0;
    for (int T = 3; T <= 3 * max_cards && !order_bug; T++)
        for (int sa = 1; sa <= max_cards; sa++)
            for (int sb = 1; sb <= max_cards; sb++) {
                int sc = T - sa - sb;
                if (sc < 1 || sc > max_cards)
                    continue;
                long lo = (long)by[sa], hi = (long)by[sa + 1];
#pragma omp parallel for schedule(dynamic, 4)
                for (long x = lo; x < hi; x++)
                    for (size_t y = by[sb]; y < by[sb + 1]; y++)
                        for (size_t z = by[sc]; z < by[sc + 1]; z++) {
                            long h[3] = {(long)order[x], (long)order[y], (long)order[z]};
                            if (!fits3(t->hand[h[0]], t->hand[h[1]], t->hand[h[2]]))
                                continue;
                            unsigned char v = 0;
                            for (int s = 0; s < 3; s++) {
                                int w = lead_compute(t, h, s);
                                if (w < 0) {
#pragma omp atomic write
                                    order_bug = 1;
                                    w = 0;
                                }
                                v |= (unsigned char)((1 | w << 1) << 2 * s);
                            }
                            t->lv[cell(t, h)] = v;
                        }
            }
    free(order);
    if (order_bug)
        goto fail_done;
    return t;
fail:
    free(order);
fail_done:
    ddzo3_free(t);
    return NULL;
}

void ddzo3_free(ddzo3_table *t)
{
    if (!t)
        return;
    free(t->hand);
    free(t->first);
    free(t->lead);
    free(t->lv);
    free(t);
}

size_t ddzo3_nhands(const ddzo3_table *t) { return t->nh; }
ddz_hand ddzo3_hand(const ddzo3_table *t, size_t i) { return t->hand[i]; }
long ddzo3_find(const ddzo3_table *t, ddz_hand h) { return find_hand(t, h); }

const ddz_move *ddzo3_lead_moves(const ddzo3_table *t, size_t i, size_t *n)
{
    *n = t->first[i + 1] - t->first[i];
    return t->lead + t->first[i];
}

int ddzo3_fits(const ddzo3_table *t, size_t i, size_t j, size_t k)
{
    return fits3(t->hand[i], t->hand[j], t->hand[k]);
}

int ddzo3_value(const ddzo3_table *t, const ddz_position3 *p)
{
    long h[3];
    for (int s = 0; s < 3; s++)
        if ((h[s] = find_hand(t, p->hand[s])) < 0)
            return -1;
    if (p->turn > 2 || !fits3(p->hand[0], p->hand[1], p->hand[2]))
        return -1;
    if (p->last.type == DDZ_PASS)
        return lead_value(t, h, p->turn);
    if (p->by > 2 || p->by == p->turn)
        return -1;
    return answer_value(t, h, p->turn, &p->last, p->by);
}
