/* The oracle's own helpers, shared by its two- and three-player halves (never by the solvers):
 * the universe of hands a retrograde table is built over (universe.c), and the certificate
 * checkers' text helpers (cert_text.c). Internal to ddz/oracle. */
#ifndef DDZO_SHARED_H
#define DDZO_SHARED_H

#include <stddef.h>

#include "ddz_oracle.h"

/* A retrograde table's universe: every hand of 1..max_cards cards of the deck (the full one, or
 * ranks 3..8 and both jokers), sorted by value, each with its leading moves (ddzo_moves), the
 * hands grouped by size, and the table's values: one byte per tuple of `players` hands. */
typedef struct {
    ddz_rules rules;
    int max_cards;
    int top;             /* the deck's highest rank below the jokers */
    size_t nh;
    ddz_hand *hand;
    size_t *first;       /* hand i's leading moves are lead[first[i] .. first[i+1]) */
    ddz_move *lead;
    size_t *order;       /* the hands of s cards: hand[order[by[s]]] .. hand[order[by[s+1] - 1]] */
    size_t by[DDZ_MAX_HAND + 2];
    unsigned char *value; /* nh^players bytes, zeroed: the table's to fill */
} ddzo_universe;

/* Fills u (0), or -1 when out of memory (u is then freed). */
int ddzo_universe_build(ddzo_universe *u, ddzo_deck deck, int max_cards, const ddz_rules *rules, int players);
void ddzo_universe_free(ddzo_universe *u);
/* The index of hand h in the universe, or -1. */
long ddzo_universe_find(const ddzo_universe *u, ddz_hand h);
/* Hand i's leading moves, *n of them. */
const ddz_move *ddzo_universe_moves(const ddzo_universe *u, size_t i, size_t *n);
/* Nonzero when the n hands fit one deck together. */
int ddzo_fit(const ddz_hand *h, int n);

/* cert_text.c: the certificate checkers' messages and lines. */
/* Writes the message (printf format) into msg and the line into *line_out; returns st. */
ddzo_cert_status ddzo_cert_fail(char *msg, size_t cap, unsigned long *line_out, ddzo_cert_status st,
                                unsigned long line, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 6, 7)))
#endif
    ;
/* Splits s at blanks (spaces, tabs) into at most max tokens; returns the count, or max + 1 when
 * there are more. */
int ddzo_split(char *s, char **tok, int max);

#endif
