/* The oracle's move recogniser: which readings a card multiset has, tested type by type on the
 * rank counts against the README's definitions (never by generating moves). */
#include "ddz_oracle.h"

#define CHAIN_TOP DDZ_RA /* chains use ranks 3..A only */

typedef struct {
    int c[DDZ_RANKS];
    int size;
} counts;

static counts count_of(ddz_hand h)
{
    counts k;
    k.size = 0;
    for (int r = 0; r < DDZ_RANKS; r++) {
        k.c[r] = ddz_count(h, r);
        k.size += k.c[r];
    }
    return k;
}

/* The one rank with exactly n copies when it is unique, else -1. */
static int only_rank_with(const counts *k, int n)
{
    int found = -1;
    for (int r = 0; r < DDZ_RANKS; r++)
        if (k->c[r] == n) {
            if (found >= 0)
                return -1;
            found = r;
        }
    return found;
}

/* Ranks with a nonzero count. */
static int distinct(const counts *k)
{
    int n = 0;
    for (int r = 0; r < DDZ_RANKS; r++)
        n += k->c[r] != 0;
    return n;
}

/* Nonzero when every count is exactly `each` on ranks [lo, lo+len) and 0 elsewhere. */
static int is_chain_of(const counts *k, int each, int *lo, int *len)
{
    int first = -1, last = -1;
    for (int r = 0; r < DDZ_RANKS; r++)
        if (k->c[r]) {
            if (k->c[r] != each)
                return 0;
            if (first < 0)
                first = r;
            last = r;
        }
    if (first < 0 || last > CHAIN_TOP)
        return 0;
    for (int r = first; r <= last; r++)
        if (k->c[r] != each)
            return 0;
    *lo = first;
    *len = last - first + 1;
    return 1;
}

static void put(ddz_move *out, size_t cap, size_t *n, ddz_hand cards, int type, int main, int len)
{
    if (*n < cap) {
        out[*n].cards = cards;
        out[*n].type = (uint8_t)type;
        out[*n].main = (uint8_t)main;
        out[*n].len = (uint8_t)len;
    }
    (*n)++;
}

/* An airplane with wings, read with its chain at [lo, lo+len): the chain ranks hold exactly
 * three (a wing never comes from the chain's ranks), the rest are the wings. */
static int plane_wings_ok(const counts *k, int lo, int len, int pair_wings, ddz_convention conv)
{
    if (lo + len - 1 > CHAIN_TOP)
        return 0;
    for (int r = lo; r < lo + len; r++)
        if (k->c[r] != 3)
            return 0;
    if (pair_wings) {
        /* len pairs of distinct ranks: every other rank holds 0 or exactly 2 (jokers never pair) */
        int pairs = 0;
        for (int r = 0; r < DDZ_RANKS; r++) {
            if (r >= lo && r < lo + len)
                continue;
            if (k->c[r] != 0 && k->c[r] != 2)
                return 0;
            pairs += k->c[r] == 2;
        }
        return pairs == len;
    }
    if (conv == DDZ_CONV_RLCARD) {
        /* rlcard: no joker pair, no four of a rank, no triple of a rank next to the chain */
        if (k->c[DDZ_RX] && k->c[DDZ_RD])
            return 0;
        for (int r = 0; r < DDZ_RANKS; r++) {
            if (r >= lo && r < lo + len)
                continue;
            if (k->c[r] == 4)
                return 0;
            if (k->c[r] == 3 && r <= CHAIN_TOP && (r == lo - 1 || r == lo + len))
                return 0;
        }
    }
    return 1; /* the card count (4 * len) was checked by the caller */
}

size_t ddzo_readings(ddz_hand cards, const ddz_rules *rules, ddz_move *out, size_t cap)
{
    counts k = count_of(cards);
    ddz_convention conv = rules->convention;
    size_t n = 0;
    int r, lo, len, d = distinct(&k);

    if (k.size == 0)
        return 0;
    if (k.size == 1)
        put(out, cap, &n, cards, DDZ_SINGLE, only_rank_with(&k, 1), 1);
    if (k.size == 2 && (r = only_rank_with(&k, 2)) >= 0)
        put(out, cap, &n, cards, DDZ_PAIR, r, 1);
    if (k.size == 2 && k.c[DDZ_RX] == 1 && k.c[DDZ_RD] == 1)
        put(out, cap, &n, cards, DDZ_ROCKET, DDZ_RX, 1); /* main: its lower card, as the model writes it */
    if (k.size == 3 && (r = only_rank_with(&k, 3)) >= 0)
        put(out, cap, &n, cards, DDZ_TRIPLE, r, 1);
    if (k.size == 4 && d == 2 && (r = only_rank_with(&k, 3)) >= 0)
        put(out, cap, &n, cards, DDZ_TRIPLE_SINGLE, r, 1);
    if (k.size == 5 && d == 2 && (r = only_rank_with(&k, 3)) >= 0 && only_rank_with(&k, 2) >= 0)
        put(out, cap, &n, cards, DDZ_TRIPLE_PAIR, r, 1);
    if (k.size == 4 && (r = only_rank_with(&k, 4)) >= 0)
        put(out, cap, &n, cards, DDZ_BOMB, r, 1);
    if (k.size == 6 && (r = only_rank_with(&k, 4)) >= 0) {
        /* two single kickers of other ranks: a pair allowed; the joker pair only under douzero */
        int jokers = k.c[DDZ_RX] && k.c[DDZ_RD];
        if (conv == DDZ_CONV_DOUZERO || !jokers)
            put(out, cap, &n, cards, DDZ_FOUR_TWO_SINGLES, r, 1);
    }
    if (k.size == 8 && d == 3 && (r = only_rank_with(&k, 4)) >= 0) {
        int pairs = 0;
        for (int q = 0; q < DDZ_RANKS; q++)
            pairs += k.c[q] == 2;
        if (pairs == 2)
            put(out, cap, &n, cards, DDZ_FOUR_TWO_PAIRS, r, 1);
    }
    if (is_chain_of(&k, 1, &lo, &len) && len >= 5 && len <= 12)
        put(out, cap, &n, cards, DDZ_STRAIGHT, lo, len);
    if (is_chain_of(&k, 2, &lo, &len) && len >= 3 && len <= 10)
        put(out, cap, &n, cards, DDZ_PAIR_STRAIGHT, lo, len);
    if (is_chain_of(&k, 3, &lo, &len) && len >= 2 && len <= 6)
        put(out, cap, &n, cards, DDZ_AIRPLANE, lo, len);
    if (k.size % 4 == 0 && k.size / 4 >= 2 && k.size / 4 <= 5) {
        /* every chain position; the highest valid one is the move (README: the lower reading
         * of one type never matters, so it is not a move) */
        len = k.size / 4;
        for (lo = CHAIN_TOP - len + 1; lo >= 0; lo--)
            if (plane_wings_ok(&k, lo, len, 0, conv)) {
                put(out, cap, &n, cards, DDZ_AIRPLANE_SINGLES, lo, len);
                break;
            }
    }
    if (k.size % 5 == 0 && k.size / 5 >= 2 && k.size / 5 <= 4) {
        len = k.size / 5;
        for (lo = CHAIN_TOP - len + 1; lo >= 0; lo--)
            if (plane_wings_ok(&k, lo, len, 1, conv)) {
                put(out, cap, &n, cards, DDZ_AIRPLANE_PAIRS, lo, len);
                break;
            }
    }
    /* forbidden types are neither played nor answered with: drop them */
    size_t kept = 0, written = n < cap ? n : cap;
    for (size_t i = 0; i < written; i++)
        if (!(rules->forbidden & (1u << out[i].type)))
            out[kept++] = out[i];
    return kept;
}

int ddzo_beats(const ddz_move *m, const ddz_move *last)
{
    if (m->type == DDZ_PASS)
        return 0;
    if (last->type == DDZ_PASS)
        return 1;
    if (m->type == DDZ_ROCKET)
        return last->type != DDZ_ROCKET;
    if (last->type == DDZ_ROCKET)
        return 0;
    if (m->type == DDZ_BOMB)
        return last->type != DDZ_BOMB || m->main > last->main;
    return m->type == last->type && m->len == last->len && m->main > last->main;
}

/* Visits every sub-multiset of `hand` (ranks from `r` on) of at most `most` cards, adding each
 * reading of the sizes in `sizes` (bit s: s cards). */
static void subsets(ddz_hand hand, int r, ddz_hand part, int size, int most, uint32_t sizes, const ddz_move *last,
                    const ddz_rules *rules, ddz_move *out, size_t cap, size_t *n)
{
    if (r == DDZ_RANKS) {
        ddz_move rd[DDZ_TYPES];
        size_t k = size && (sizes >> size & 1u) ? ddzo_readings(part, rules, rd, DDZ_TYPES) : 0;
        for (size_t i = 0; i < k; i++)
            if (ddzo_beats(&rd[i], last)) {
                if (*n < cap)
                    out[*n] = rd[i];
                (*n)++;
            }
        return;
    }
    for (int c = 0; c <= ddz_count(hand, r) && size + c <= most; c++)
        subsets(hand, r + 1, ddz_add(part, r, c), size + c, most, sizes, last, rules, out, cap, n);
}

size_t ddzo_moves(ddz_hand hand, const ddz_move *last, const ddz_rules *rules, ddz_move *out, size_t cap)
{
    size_t n = 0;
    if (last->type != DDZ_PASS)
        put(out, cap, &n, 0, DDZ_PASS, 0, 0);
    subsets(hand, 0, 0, 0, DDZ_MAX_HAND, ~0u, last, rules, out, cap, &n);
    return n;
}

size_t ddzo_answers(ddz_hand hand, const ddz_move *last, const ddz_rules *rules, ddz_move *out, size_t cap)
{
    size_t n = 0;
    uint32_t sizes = ~0u;
    int most = DDZ_MAX_HAND, s = ddz_size(last->cards);
    if (last->type != DDZ_PASS) {
        /* what beats last has its type and length, so its card count, or is a bomb (4 cards) or
         * the rocket (2): every other size is skipped, and sizes above the largest never built */
        put(out, cap, &n, 0, DDZ_PASS, 0, 0);
        sizes = 1u << 2 | 1u << 4 | (s <= DDZ_MAX_HAND ? 1u << s : 0u);
        most = s > 4 ? s : 4;
    }
    subsets(hand, 0, 0, 0, most, sizes, last, rules, out, cap, &n);
    return n;
}
