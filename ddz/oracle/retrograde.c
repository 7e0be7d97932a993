/* The retrograde oracle: win/lose for the player to move in every position of a small universe,
 * computed upward by total cards from the definitions alone (the recogniser's moves, no search). */
#include "ddz_oracle.h"
#include "ddzo_shared.h"

#include <stdlib.h>

/* The hands, their leading moves, and u.value: the lead value of (i, j), bit 0 win, bit 1
 * computed. */
struct ddzo_table {
    ddzo_universe u;
};

static int fits(ddz_hand a, ddz_hand b) { return ddzo_fit((const ddz_hand[]){a, b}, 2); }

/* The lead value, which the upward order must have computed already (-1: a bug in the order). */
static int lead_value(const ddzo_table *t, long i, long j)
{
    unsigned char v = t->u.value[(size_t)i * t->u.nh + (size_t)j];
    return v & 2 ? v & 1 : -1;
}

/* me answers `last` against en: pass (then en leads, same cards: computed before any answer
 * of this total) or beat it and leave en to answer (fewer cards). No table: the chain of
 * ever higher answers is short in these universes. Returns 1 win, 0 loss, -1 order bug. */
static int answer_value(const ddzo_table *t, long me, long en, const ddz_move *last)
{
    int after_pass = lead_value(t, en, me);
    if (after_pass < 0)
        return -1;
    if (!after_pass)
        return 1;
    for (size_t k = t->u.first[me]; k < t->u.first[me + 1]; k++) {
        const ddz_move *m = &t->u.lead[k];
        if (!ddzo_beats(m, last))
            continue;
        if (m->cards == t->u.hand[me])
            return 1;
        int v = answer_value(t, en, ddzo_universe_find(&t->u, t->u.hand[me] - m->cards), m);
        if (v < 0)
            return -1;
        if (!v)
            return 1;
    }
    return 0;
}

/* me leads against en: some move empties the hand or leaves en an answering loss. */
static int lead_compute(const ddzo_table *t, long me, long en)
{
    for (size_t k = t->u.first[me]; k < t->u.first[me + 1]; k++) {
        const ddz_move *m = &t->u.lead[k];
        if (m->cards == t->u.hand[me])
            return 1;
        int v = answer_value(t, en, ddzo_universe_find(&t->u, t->u.hand[me] - m->cards), m);
        if (v < 0)
            return -1;
        if (!v)
            return 1;
    }
    return 0;
}

ddzo_table *ddzo_build(ddzo_deck deck, int max_cards, const ddz_rules *rules)
{
    ddzo_table *t;
    if (max_cards < 1 || max_cards > 8)
        return NULL;
    t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    if (ddzo_universe_build(&t->u, deck, max_cards, rules, 2))
        goto fail;
    size_t n = t->u.nh;

    /* upward by total cards: every lead position of total T needs answers of fewer cards only,
     * and those need lead positions of their own (smaller) totals, all done before T */
    const size_t *by = t->u.by, *order = t->u.order;
    int order_bug = 0;
    for (int T = 2; T <= 2 * max_cards; T++)
        for (int sa = 1; sa < T; sa++) {
            int sb = T - sa;
            if (sa > max_cards || sb > max_cards)
                continue;
            /* the positions of one total read only smaller totals: independent, so threads
             * may share them; each writes its own entries */
            long lo = (long)by[sa], hi = (long)by[sa + 1];
#pragma omp parallel for schedule(dynamic, 8)
            for (long x = lo; x < hi; x++)
                for (size_t y = by[sb]; y < by[sb + 1]; y++) {
                    size_t i = order[x], j = order[y];
                    if (!fits(t->u.hand[i], t->u.hand[j]))
                        continue;
                    int v = lead_compute(t, (long)i, (long)j);
                    if (v < 0) {
#pragma omp atomic write
                        order_bug = 1;
                        continue;
                    }
                    t->u.value[i * n + j] = (unsigned char)(2 | v);
                }
            if (order_bug)
                goto fail;
        }
    return t;
fail:
    ddzo_free(t);
    return NULL;
}

void ddzo_free(ddzo_table *t)
{
    if (!t)
        return;
    ddzo_universe_free(&t->u);
    free(t);
}

size_t ddzo_nhands(const ddzo_table *t) { return t->u.nh; }
long ddzo_find(const ddzo_table *t, ddz_hand h) { return ddzo_universe_find(&t->u, h); }

const ddz_move *ddzo_lead_moves(const ddzo_table *t, size_t i, size_t *n) { return ddzo_universe_moves(&t->u, i, n); }

int ddzo_value_at(const ddzo_table *t, size_t i, size_t j, const ddz_move *last)
{
    if (i >= t->u.nh || j >= t->u.nh || !fits(t->u.hand[i], t->u.hand[j]))
        return -1;
    if (last->type == DDZ_PASS)
        return lead_value(t, (long)i, (long)j);
    return answer_value(t, (long)i, (long)j, last);
}
ddz_hand ddzo_hand(const ddzo_table *t, size_t i) { return t->u.hand[i]; }

int ddzo_value(ddzo_table *t, ddz_hand me, ddz_hand enemy, const ddz_move *last)
{
    long i = ddzo_universe_find(&t->u, me), j = ddzo_universe_find(&t->u, enemy);
    if (i < 0 || j < 0 || !fits(me, enemy))
        return -1;
    if (last->type == DDZ_PASS)
        return lead_value(t, i, j);
    return answer_value(t, i, j, last);
}
