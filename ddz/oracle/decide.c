/* The checker's own exhaustive search: win or loss of one small two-player position, from the
 * recogniser's moves and the game's definition alone, for the nodes a certificate leaves to it. */
#include "ddz_oracle.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* One remembered position: me to move against en, last to beat (a pass: me leads). me is never
 * empty in a position, so me == 0 marks a free slot. */
typedef struct {
    ddz_hand me, en, last_cards;
    uint32_t last_kind; /* type, main and len, a byte each */
    uint8_t value;      /* 1 win, 0 loss */
    uint8_t cards;      /* me's and en's cards: what it would cost to search again */
} slot;

#define WAYS 4 /* slots a position may take: its bucket's */

struct ddzo_decider {
    ddz_rules rules;
    slot *memo;
    size_t nbuckets;         /* a power of two, WAYS slots each */
    ddz_move *moves;         /* the move lists of the positions on the search path, one after another */
    size_t nmoves, capmoves;
    /* each hand's leading moves (ddzo_moves), met again and again: a map from hand to its list
     * in `lead`; both emptied when either is full */
    struct {
        ddz_hand hand;       /* 0: free */
        uint32_t first, n;
    } *lead_of;
    ddz_move *lead;
    size_t nlead;
    ddzo_decide_stats stats;
};

#define LEAD_HANDS ((size_t)1 << 18) /* slots of the map (a power of two, at most half used) */
#define LEAD_MOVES ((size_t)1 << 23) /* moves of the lists together */

static uint32_t kind_of(const ddz_move *m) { return (uint32_t)m->type | (uint32_t)m->main << 8 | (uint32_t)m->len << 16; }

static slot *bucket_of(const ddzo_decider *d, ddz_hand me, ddz_hand en, const ddz_move *last)
{
    uint64_t h = me * 0x9e3779b97f4a7c15ull;
    h = (h ^ (h >> 29) ^ en) * 0xbf58476d1ce4e5b9ull;
    h = (h ^ (h >> 31) ^ last->cards) * 0x94d049bb133111ebull;
    h = (h ^ (h >> 30) ^ kind_of(last)) * 0x9e3779b97f4a7c15ull;
    return &d->memo[((size_t)(h ^ (h >> 32)) & (d->nbuckets - 1)) * WAYS];
}

/* The remembered value of a position, or -1. */
static int recall(const ddzo_decider *d, ddz_hand me, ddz_hand en, const ddz_move *last)
{
    const slot *b = bucket_of(d, me, en, last);
    uint32_t lk = kind_of(last);
    for (int k = 0; k < WAYS; k++)
        if (b[k].me == me && b[k].en == en && b[k].last_cards == last->cards && b[k].last_kind == lk)
            return b[k].value;
    return -1;
}

/* Remembers a value in a free slot of the bucket, else in place of the position with the fewest
 * cards (the cheapest to search again): a forgotten position costs time, never an answer. */
static void remember(ddzo_decider *d, ddz_hand me, ddz_hand en, const ddz_move *last, int v)
{
    slot *b = bucket_of(d, me, en, last), *s = &b[0];
    for (int k = 0; k < WAYS; k++) {
        if (!b[k].me) {
            s = &b[k];
            break;
        }
        if (b[k].cards < s->cards)
            s = &b[k];
    }
    if (s->me)
        d->stats.forgotten++;
    s->me = me;
    s->en = en;
    s->last_cards = last->cards;
    s->last_kind = kind_of(last);
    s->value = (uint8_t)v;
    s->cards = (uint8_t)(ddz_size(me) + ddz_size(en));
}

/* Hand h's leading moves (ddzo_moves against a pass), from the map or read and added; NULL when
 * out of memory. */
static const ddz_move *lead_moves(ddzo_decider *d, ddz_hand h, size_t *n)
{
    static const ddz_move pass = {0, DDZ_PASS, 0, 0};
    size_t k = (size_t)((h * 0x9e3779b97f4a7c15ull) >> 40) & (LEAD_HANDS - 1);
    for (; d->lead_of[k].hand; k = (k + 1) & (LEAD_HANDS - 1))
        if (d->lead_of[k].hand == h) {
            *n = d->lead_of[k].n;
            return d->lead + d->lead_of[k].first;
        }
    size_t want = ddzo_moves(h, &pass, &d->rules, d->lead + d->nlead, LEAD_MOVES - d->nlead);
    if (d->nlead + want > LEAD_MOVES || d->stats.lead_hands >= LEAD_HANDS / 2) { /* full: start again */
        memset(d->lead_of, 0, LEAD_HANDS * sizeof *d->lead_of);
        d->nlead = 0;
        d->stats.lead_hands = 0;
        if (want > LEAD_MOVES)
            return NULL;
        k = (size_t)((h * 0x9e3779b97f4a7c15ull) >> 40) & (LEAD_HANDS - 1);
        ddzo_moves(h, &pass, &d->rules, d->lead, LEAD_MOVES);
    }
    d->lead_of[k].hand = h;
    d->lead_of[k].first = (uint32_t)d->nlead;
    d->lead_of[k].n = (uint32_t)want;
    d->nlead += want;
    d->stats.lead_hands++;
    *n = want;
    return d->lead + d->lead_of[k].first;
}

/* me's moves against last (the pass first when answering: ddzo_moves' set, the leading moves
 * that beat last), appended to d->moves; *at their offset there. Returns the count, or
 * (size_t)-1 when out of memory. */
static size_t list_moves(ddzo_decider *d, ddz_hand me, const ddz_move *last, size_t *at)
{
    size_t nl;
    const ddz_move *l = lead_moves(d, me, &nl);
    if (!l)
        return (size_t)-1;
    if (d->capmoves - d->nmoves < nl + 1) {
        size_t cap = d->capmoves * 2 > d->nmoves + nl + 1 ? d->capmoves * 2 : d->nmoves + nl + 1;
        ddz_move *p = realloc(d->moves, cap * sizeof *p);
        if (!p)
            return (size_t)-1;
        d->moves = p;
        d->capmoves = cap;
    }
    ddz_move *out = d->moves + d->nmoves;
    size_t n = 0;
    if (last->type == DDZ_PASS) {
        memcpy(out, l, nl * sizeof *l);
        n = nl;
    } else {
        out[n++] = (ddz_move){0, DDZ_PASS, 0, 0};
        for (size_t k = 0; k < nl; k++)
            if (ddzo_beats(&l[k], last))
                out[n++] = l[k];
    }
    *at = d->nmoves;
    d->nmoves += n;
    return n;
}

/* 1: me, to move, wins against en with last to beat; 0: loses; -1: out of memory. The game's
 * definition: me wins when some legal move empties me's hand, or leaves en (to answer it, or to
 * lead after a pass) a loss. Every pair of turns takes at least one card (a pass is answered by
 * a lead), so the recursion ends. */
static int value(ddzo_decider *d, ddz_hand me, ddz_hand en, const ddz_move *last)
{
    int v = recall(d, me, en, last);
    if (v >= 0)
        return v;
    d->stats.positions++;
    size_t at, n = list_moves(d, me, last, &at);
    if (n == (size_t)-1)
        return -1;
    v = 0;
    for (size_t k = 0; k < n; k++)
        if (d->moves[at + k].type != DDZ_PASS && d->moves[at + k].cards == me) {
            d->nmoves = at;
            remember(d, me, en, last, 1);
            return 1;
        }
    /* the order only changes the time: more cards first (a hand emptied sooner), the pass last */
    ddz_move *mv = d->moves + at;
    for (size_t i = 1; i < n; i++) { /* insertion sort, stable */
        ddz_move x = mv[i];
        int kx = x.type == DDZ_PASS ? -1 : ddz_size(x.cards);
        size_t j = i;
        for (; j > 0 && (mv[j - 1].type == DDZ_PASS ? -1 : ddz_size(mv[j - 1].cards)) < kx; j--)
            mv[j] = mv[j - 1];
        mv[j] = x;
    }
    for (size_t k = 0; k < n && !v; k++) {
        ddz_move m = d->moves[at + k]; /* a copy: the list may move when it grows */
        if (m.type == DDZ_PASS) {
            v = value(d, en, me, &m);
        } else if (m.cards == me) {
            v = 1;
            break;
        } else {
            v = value(d, en, me - m.cards, &m);
        }
        if (v < 0)
            break;
        v = !v;
    }
    d->nmoves = at;
    if (v >= 0)
        remember(d, me, en, last, v);
    return v;
}

ddzo_decider *ddzo_decider_new(const ddz_rules *rules, size_t max_positions)
{
    ddzo_decider *d = calloc(1, sizeof *d);
    if (!d)
        return NULL;
    d->rules = *rules;
    d->nbuckets = 1;
    while (d->nbuckets * 2 * WAYS <= max_positions && d->nbuckets < ((size_t)1 << 36))
        d->nbuckets *= 2;
    d->memo = calloc(d->nbuckets * WAYS, sizeof *d->memo);
    d->capmoves = 4096;
    d->moves = malloc(d->capmoves * sizeof *d->moves);
    d->lead_of = calloc(LEAD_HANDS, sizeof *d->lead_of);
    d->lead = malloc(LEAD_MOVES * sizeof *d->lead);
    if (!d->memo || !d->moves || !d->lead_of || !d->lead) {
        ddzo_decider_free(d);
        return NULL;
    }
    return d;
}

void ddzo_decider_free(ddzo_decider *d)
{
    if (!d)
        return;
    free(d->memo);
    free(d->moves);
    free(d->lead_of);
    free(d->lead);
    free(d);
}

int ddzo_decide(ddzo_decider *d, ddz_hand me, ddz_hand enemy, const ddz_move *last)
{
    d->nmoves = 0;
    d->stats.calls++;
    return value(d, me, enemy, last);
}

ddzo_decide_stats ddzo_decider_stats(const ddzo_decider *d) { return d->stats; }
