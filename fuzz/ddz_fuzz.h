/* Helpers the Dou Dizhu fuzz harnesses share: bytes to cards drawn from one deck, the move to
 * beat read from cards by the oracle's recogniser, a position's text for messages, and the
 * retrograde tables (two or three players) the solvers are compared with. */
#ifndef DDZ_FUZZ_H
#define DDZ_FUZZ_H

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "ddz_oracle.h"
#include "ddz_oracle3.h"

/* The card a byte stands for: a card of the notation (3..9, T/t/0/1, J, Q, K, A, 2, X/x/Y/y,
 * D/d/Z/z) is that card, so seeds and dictionary tokens read as hands; any other byte is
 * rank byte % 15, so every byte is some card. */
static inline int fzd_rank(uint8_t b)
{
    static const char cards[] = "3456789TJQKA2XD";
    const char *p;
    switch (b) {
    case '0': case '1': case 't': return DDZ_RT;
    case 'j': return DDZ_RJ;
    case 'q': return DDZ_RQ;
    case 'k': return DDZ_RK;
    case 'a': return DDZ_RA;
    case 'x': case 'Y': case 'y': return DDZ_RX;
    case 'd': case 'Z': case 'z': return DDZ_RD;
    default: break;
    }
    if (b != 0 && (p = strchr(cards, b)) != NULL)
        return (int)(p - cards);
    return b % DDZ_RANKS;
}

/* The reduced deck's ranks (3..8 and both jokers, as ddzo_build's DDZO_DECK_SMALL). */
static inline int fzd_small_rank(int r)
{
    static const int small[8] = {DDZ_R3, DDZ_R4, DDZ_R5, DDZ_R6, DDZ_R7, DDZ_R8, DDZ_RX, DDZ_RD};
    return r <= DDZ_R8 || r >= DDZ_RX ? r : small[r % 8];
}

/* Reads cards from data[*at] up to the next '/' (which is consumed) or the end, drawing each
 * from *deck: a card the deck no longer holds (a fifth copy, a second joker, a card another
 * hand took), one past `max` cards, or one that would give the hand more than `max_parts`
 * sub-multisets (the product of count + 1 over the ranks; 0: no bound) is skipped. Bounding
 * the sub-multisets bounds the recogniser's work without barring big hands of few ranks.
 * `small` folds ranks onto the reduced deck. */
static inline ddz_hand fzd_cards(const uint8_t *data, size_t size, size_t *at, ddz_hand *deck, int max,
                                 unsigned long max_parts, int small)
{
    ddz_hand h = 0;
    int n = 0;
    unsigned long parts = 1;
    for (; *at < size; (*at)++) {
        if (data[*at] == '/') {
            (*at)++;
            break;
        }
        int r = fzd_rank(data[*at]);
        if (small)
            r = fzd_small_rank(r);
        int c = ddz_count(h, r);
        unsigned long more = parts / (unsigned long)(c + 1) * (unsigned long)(c + 2);
        if (n < max && ddz_count(*deck, r) > 0 && (max_parts == 0 || more <= max_parts)) {
            *deck = ddz_sub(*deck, r, 1);
            h = ddz_add(h, r, 1);
            parts = more;
            n++;
        }
    }
    return h;
}

/* The move to beat made of `cards` (judged by the oracle, under `rules`): the pick-th reading
 * (mod their number) of all the cards when they form a move, else the pick-th of every move
 * the cards hold; a pass when they are empty or hold no move. `buf` has room for `cap` moves. */
static inline ddz_move fzd_last(ddz_hand cards, const ddz_rules *rules, unsigned pick, ddz_move *buf, size_t cap)
{
    ddz_move pass = {0, DDZ_PASS, 0, 0};
    size_t n;
    if (cards == 0)
        return pass;
    n = ddzo_readings(cards, rules, buf, cap);
    if (n == 0)
        n = ddzo_moves(cards, &pass, rules, buf, cap);
    if (n > cap)
        n = cap;
    return n ? buf[pick % n] : pass;
}

/* "rlcard,no-four2 hand 3334 beat triple1:3334" style text of what an input decoded to. */
static inline void fzd_describe(char *buf, size_t cap, const ddz_rules *rules, const char *what1, ddz_hand h1,
                                const char *what2, ddz_hand h2, const ddz_move *last)
{
    char r[160], a[DDZ_DECK_SIZE + 2], b[DDZ_DECK_SIZE + 2], m[96];
    ddz_format_rules(rules, r, sizeof r);
    ddz_format_hand(h1, a, sizeof a);
    ddz_format_hand(h2, b, sizeof b);
    ddz_format_move(last, m, sizeof m);
    if (what2)
        snprintf(buf, cap, "rules %s, %s %s, %s %s, beat %s", r, what1, a, what2, b, m);
    else
        snprintf(buf, cap, "rules %s, %s %s, beat %s", r, what1, a, m);
}

/* The retrograde table of a convention (reduced deck, no forbidden type, hands of at most
 * max_cards) for two players (a ddzo_table) or three (a ddzo3_table), built on first use, kept;
 * NULL when it could not be built. One max_cards per player count in a harness. */
static inline void *fzd_retro(ddz_convention c, int players, int max_cards)
{
    static void *table[2][DDZ_CONVENTIONS];
    static int tried[2][DDZ_CONVENTIONS];
    int k = players == 3;
    if (!tried[k][c]) {
        ddz_rules r = {c, 0};
        tried[k][c] = 1;
        table[k][c] = k ? (void *)ddzo3_build(DDZO_DECK_SMALL, max_cards, &r)
                        : (void *)ddzo_build(DDZO_DECK_SMALL, max_cards, &r);
    }
    return table[k][c];
}

/* Nonzero when h is a hand of the retrograde universe: at most max_cards cards of the reduced
 * deck (3..8 and both jokers). */
static inline int fzd_in_universe(ddz_hand h, int max_cards)
{
    for (int r = DDZ_R9; r < DDZ_RX; r++)
        if (ddz_count(h, r))
            return 0;
    return ddz_size(h) <= max_cards;
}

#endif
