/* The retrograde oracle: win/lose for the player to move in every position of a small universe,
 * computed upward by total cards from the definitions alone (the recogniser's moves, no search). */
#include "ddz_oracle.h"

#include <stdlib.h>
#include <string.h>

struct ddzo_table {
    ddz_rules rules;
    int max_cards;
    int top;             /* highest rank of the deck (the reduced deck: 3..8 and the jokers) */
    size_t nh;           /* hands of 1..max_cards cards, sorted by value */
    ddz_hand *hand;
    size_t *first;       /* hand i's leading moves are lead[first[i] .. first[i+1]) */
    ddz_move *lead;
    unsigned char *lv;   /* lead value of (i, j): bit 0 win, bit 1 computed */
};

static int in_deck(const ddzo_table *t, int r)
{
    return t->top == DDZ_RANKS - 1 || r <= t->top || r >= DDZ_RX;
}

static int fits(ddz_hand a, ddz_hand b)
{
    for (int r = 0; r < DDZ_RANKS; r++)
        if (ddz_count(a, r) + ddz_count(b, r) > (r >= DDZ_RX ? 1 : 4))
            return 0;
    return 1;
}

static long find_hand(const ddzo_table *t, ddz_hand h)
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

static void collect(ddzo_table *t, int r, ddz_hand h, int size, size_t *n)
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

/* The lead value, which the upward order must have computed already (-1: a bug in the order). */
static int lead_value(const ddzo_table *t, long i, long j)
{
    unsigned char v = t->lv[(size_t)i * t->nh + (size_t)j];
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
    for (size_t k = t->first[me]; k < t->first[me + 1]; k++) {
        const ddz_move *m = &t->lead[k];
        if (!ddzo_beats(m, last))
            continue;
        if (m->cards == t->hand[me])
            return 1;
        int v = answer_value(t, en, find_hand(t, t->hand[me] - m->cards), m);
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
    for (size_t k = t->first[me]; k < t->first[me + 1]; k++) {
        const ddz_move *m = &t->lead[k];
        if (m->cards == t->hand[me])
            return 1;
        int v = answer_value(t, en, find_hand(t, t->hand[me] - m->cards), m);
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
    size_t n = 0;
    if (max_cards < 1 || max_cards > 8)
        return NULL;
    t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    t->rules = *rules;
    t->max_cards = max_cards;
    t->top = deck == DDZO_DECK_SMALL ? DDZ_R8 : DDZ_RANKS - 1;
    collect(t, 0, 0, 0, &n);
    t->nh = n;
    t->hand = malloc(n * sizeof *t->hand);
    t->first = malloc((n + 1) * sizeof *t->first);
    t->lv = calloc(n * n, 1);
    if (!t->hand || !t->first || !t->lv)
        goto fail;
    n = 0;
    collect(t, 0, 0, 0, &n);
    qsort(t->hand, n, sizeof *t->hand, cmp_hand);

    /* every hand's leading moves, once */
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

    /* upward by total cards: every lead position of total T needs answers of fewer cards only,
     * and those need lead positions of their own (smaller) totals, all done before T */
    /* hands grouped by size: by[s] .. by[s+1] in `order` */
    size_t *order = malloc(n * sizeof *order), by[DDZ_MAX_HAND + 2] = {0};
    if (!order)
        goto fail;
    for (size_t i = 0; i < n; i++)
        by[ddz_size(t->hand[i]) + 1]++;
    for (int s = 1; s <= max_cards + 1; s++)
        by[s] += by[s - 1];
    {
        size_t fill[DDZ_MAX_HAND + 2];
        memcpy(fill, by, sizeof by);
        for (size_t i = 0; i < n; i++)
            order[fill[ddz_size(t->hand[i])]++] = i;
    }
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
                    if (!fits(t->hand[i], t->hand[j]))
                        continue;
                    int v = lead_compute(t, (long)i, (long)j);
                    if (v < 0) {
#pragma omp atomic write
                        order_bug = 1;
                        continue;
                    }
                    t->lv[i * n + j] = (unsigned char)(2 | v);
                }
            if (order_bug) {
                free(order);
                goto fail;
            }
        }
    free(order);
    return t;
fail:
    ddzo_free(t);
    return NULL;
}

void ddzo_free(ddzo_table *t)
{
    if (!t)
        return;
    free(t->hand);
    free(t->first);
    free(t->lead);
    free(t->lv);
    free(t);
}

size_t ddzo_nhands(const ddzo_table *t) { return t->nh; }
long ddzo_find(const ddzo_table *t, ddz_hand h) { return find_hand(t, h); }

const ddz_move *ddzo_lead_moves(const ddzo_table *t, size_t i, size_t *n)
{
    *n = t->first[i + 1] - t->first[i];
    return t->lead + t->first[i];
}

int ddzo_value_at(const ddzo_table *t, size_t i, size_t j, const ddz_move *last)
{
    if (i >= t->nh || j >= t->nh || !fits(t->hand[i], t->hand[j]))
        return -1;
    if (last->type == DDZ_PASS)
        return lead_value(t, (long)i, (long)j);
    return answer_value(t, (long)i, (long)j, last);
}
ddz_hand ddzo_hand(const ddzo_table *t, size_t i) { return t->hand[i]; }

int ddzo_value(ddzo_table *t, ddz_hand me, ddz_hand enemy, const ddz_move *last)
{
    long i = find_hand(t, me), j = find_hand(t, enemy);
    if (i < 0 || j < 0 || !fits(me, enemy))
        return -1;
    if (last->type == DDZ_PASS)
        return lead_value(t, i, j);
    return answer_value(t, i, j, last);
}
