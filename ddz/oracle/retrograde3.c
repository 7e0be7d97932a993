/* The three-player retrograde oracle: who wins every position of a small universe (three hands,
 * each seat to lead), computed upward by total cards from the recogniser's moves and the rule
 * of turns written out again here (no search code of the solvers); answering positions are
 * decided from those by a short recursion. */
#include "ddz_oracle3.h"
#include "ddzo_shared.h"

#include <stdlib.h>

/* The hands, their leading moves, and u.value: per (i, j, k), for seat s, bit 2s computed and
 * bit 2s+1 the landlord wins. */
struct ddzo3_table {
    ddzo_universe u;
};

static int fits3(ddz_hand a, ddz_hand b, ddz_hand c) { return ddzo_fit((const ddz_hand[]){a, b, c}, 3); }

static inline size_t cell(const ddzo3_table *t, const long h[3])
{
    return ((size_t)h[0] * t->u.nh + (size_t)h[1]) * t->u.nh + (size_t)h[2];
}

/* The lead value of seat s with hands h (landlord wins 1, farmers 0), which the upward order
 * computed already; -1: a bug in the order. */
static int lead_value(const ddzo3_table *t, const long h[3], int s)
{
    unsigned char v = t->u.value[cell(t, h)];
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
    for (size_t k = t->u.first[h[s]]; k < t->u.first[h[s] + 1]; k++) {
        const ddz_move *x = &t->u.lead[k];
        if (!ddzo_beats(x, m))
            continue;
        if (x->cards == t->u.hand[h[s]])
            return lord;
        long g[3] = {h[0], h[1], h[2]};
        g[s] = ddzo_universe_find(&t->u, t->u.hand[h[s]] - x->cards);
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
    for (size_t k = t->u.first[h[s]]; k < t->u.first[h[s] + 1]; k++) {
        const ddz_move *x = &t->u.lead[k];
        if (x->cards == t->u.hand[h[s]])
            return lord;
        long g[3] = {h[0], h[1], h[2]};
        g[s] = ddzo_universe_find(&t->u, t->u.hand[h[s]] - x->cards);
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
    if (ddzo_universe_build(&t->u, deck, max_cards, rules, 3))
        goto fail;
    /* upward by total cards: a lead of total T reads answers of fewer cards, and those read
     * leads of fewer cards (every move spends a card), all computed before T */
    const size_t *by = t->u.by, *order = t->u.order;
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
                            if (!fits3(t->u.hand[h[0]], t->u.hand[h[1]], t->u.hand[h[2]]))
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
                            t->u.value[cell(t, h)] = v;
                        }
            }
    if (order_bug)
        goto fail;
    return t;
fail:
    ddzo3_free(t);
    return NULL;
}

void ddzo3_free(ddzo3_table *t)
{
    if (!t)
        return;
    ddzo_universe_free(&t->u);
    free(t);
}

size_t ddzo3_nhands(const ddzo3_table *t) { return t->u.nh; }
ddz_hand ddzo3_hand(const ddzo3_table *t, size_t i) { return t->u.hand[i]; }
long ddzo3_find(const ddzo3_table *t, ddz_hand h) { return ddzo_universe_find(&t->u, h); }

const ddz_move *ddzo3_lead_moves(const ddzo3_table *t, size_t i, size_t *n) { return ddzo_universe_moves(&t->u, i, n); }

int ddzo3_fits(const ddzo3_table *t, size_t i, size_t j, size_t k)
{
    return fits3(t->u.hand[i], t->u.hand[j], t->u.hand[k]);
}

int ddzo3_value(const ddzo3_table *t, const ddz_position3 *p)
{
    long h[3];
    for (int s = 0; s < 3; s++)
        if ((h[s] = ddzo_universe_find(&t->u, p->hand[s])) < 0)
            return -1;
    if (p->turn > 2 || !fits3(p->hand[0], p->hand[1], p->hand[2]))
        return -1;
    if (p->last.type == DDZ_PASS)
        return lead_value(t, h, p->turn);
    if (p->by > 2 || p->by == p->turn)
        return -1;
    return answer_value(t, h, p->turn, &p->last, p->by);
}
