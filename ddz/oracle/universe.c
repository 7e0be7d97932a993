/* universe: the hands a retrograde table is built over (every hand of 1..N cards of a deck, with
 * its leading moves by the recogniser), for the two- and the three-player tables alike. */
#include "ddzo_shared.h"

#include <stdlib.h>
#include <string.h>

static int in_deck(const ddzo_universe *u, int r) { return u->top == DDZ_RANKS - 1 || r <= u->top || r >= DDZ_RX; }

int ddzo_fit(const ddz_hand *h, int n)
{
    for (int r = 0; r < DDZ_RANKS; r++) {
        int c = 0;
        for (int k = 0; k < n; k++)
            c += ddz_count(h[k], r);
        if (c > (r >= DDZ_RX ? 1 : 4))
            return 0;
    }
    return 1;
}

long ddzo_universe_find(const ddzo_universe *u, ddz_hand h)
{
    size_t lo = 0, hi = u->nh;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (u->hand[mid] < h)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < u->nh && u->hand[lo] == h ? (long)lo : -1;
}

/* Counts (hand NULL) or writes the hands from rank r up, h holding `size` cards so far. */
static void collect(ddzo_universe *u, int r, ddz_hand h, int size, size_t *n)
{
    if (r == DDZ_RANKS) {
        if (size) {
            if (u->hand)
                u->hand[*n] = h;
            (*n)++;
        }
        return;
    }
    int most = !in_deck(u, r) ? 0 : r >= DDZ_RX ? 1 : 4;
    for (int c = 0; c <= most && size + c <= u->max_cards; c++)
        collect(u, r + 1, ddz_add(h, r, c), size + c, n);
}

const ddz_move *ddzo_universe_moves(const ddzo_universe *u, size_t i, size_t *n)
{
    *n = u->first[i + 1] - u->first[i];
    return u->lead + u->first[i];
}

static int cmp_hand(const void *a, const void *b)
{
    ddz_hand x = *(const ddz_hand *)a, y = *(const ddz_hand *)b;
    return x < y ? -1 : x > y;
}

int ddzo_universe_build(ddzo_universe *u, ddzo_deck deck, int max_cards, const ddz_rules *rules, int players)
{
    size_t n = 0, cells = 1;
    memset(u, 0, sizeof *u);
    u->rules = *rules;
    u->max_cards = max_cards;
    u->top = deck == DDZO_DECK_SMALL ? DDZ_R8 : DDZ_RANKS - 1;
    collect(u, 0, 0, 0, &n);
    u->nh = n;
    u->hand = malloc(n * sizeof *u->hand);
    u->first = malloc((n + 1) * sizeof *u->first);
    u->order = malloc(n * sizeof *u->order);
    for (int k = 0; k < players; k++)
        cells *= n;
    u->value = calloc(cells, 1);
    if (!u->hand || !u->first || !u->order || !u->value)
        goto fail;
    n = 0;
    collect(u, 0, 0, 0, &n);
    qsort(u->hand, n, sizeof *u->hand, cmp_hand);

    /* every hand's leading moves, once */
    ddz_move pass = {0, DDZ_PASS, 0, 0};
    size_t total = 0;
    for (size_t i = 0; i < n; i++)
        total += ddzo_moves(u->hand[i], &pass, rules, NULL, 0);
    u->lead = malloc((total ? total : 1) * sizeof *u->lead);
    if (!u->lead)
        goto fail;
    total = 0;
    for (size_t i = 0; i < n; i++) {
        u->first[i] = total;
        total += ddzo_moves(u->hand[i], &pass, rules, u->lead + total, (size_t)-1);
    }
    u->first[n] = total;

    /* the hands grouped by size: by[s] .. by[s+1] in order */
    size_t fill[DDZ_MAX_HAND + 2];
    for (size_t i = 0; i < n; i++)
        u->by[ddz_size(u->hand[i]) + 1]++;
    for (int s = 1; s <= max_cards + 1; s++)
        u->by[s] += u->by[s - 1];
    memcpy(fill, u->by, sizeof fill);
    for (size_t i = 0; i < n; i++)
        u->order[fill[ddz_size(u->hand[i])]++] = i;
    return 0;
fail:
    ddzo_universe_free(u);
    return -1;
}

void ddzo_universe_free(ddzo_universe *u)
{
    free(u->hand);
    free(u->first);
    free(u->lead);
    free(u->order);
    free(u->value);
    memset(u, 0, sizeof *u);
}
