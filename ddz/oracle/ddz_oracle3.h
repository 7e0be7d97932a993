/* The independent three-player oracle: a retrograde win/lose table over every position of a
 * small universe, built from the recogniser's moves (ddz_oracle.h) and its own rule of turns;
 * it shares only the card model (model/) with the solvers, and checks their certificates. */
#ifndef DDZ_ORACLE3_H
#define DDZ_ORACLE3_H

#include <stdio.h>
#include "ddz_oracle.h"
#include "ddz_three.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ddzo3_table ddzo3_table;

/* Builds the table for every three disjoint non-empty hands of at most max_cards cards each of
 * the deck (full, or the reduced 3..8 and both jokers), each seat to lead, upward by total cards
 * (OpenMP threads share the positions of one total). NULL when out of memory or max_cards is
 * out of 1..4. */
ddzo3_table *ddzo3_build(ddzo_deck deck, int max_cards, const ddz_rules *rules);
void ddzo3_free(ddzo3_table *t);
/* The hands of the universe, sorted by value, and each one's leading moves (ddzo_moves). */
size_t ddzo3_nhands(const ddzo3_table *t);
ddz_hand ddzo3_hand(const ddzo3_table *t, size_t i);
long ddzo3_find(const ddzo3_table *t, ddz_hand h);
const ddz_move *ddzo3_lead_moves(const ddzo3_table *t, size_t i, size_t *n);
/* Nonzero when hands i, j, k fit one deck together. */
int ddzo3_fits(const ddzo3_table *t, size_t i, size_t j, size_t k);
/* 1 when the landlord wins the position, 0 when the farmers do, -1 when it is outside the
 * universe (a hand not among its hands, or the hands not fitting). Reads only: safe from
 * several threads at once. The move to beat must be a reading of its cards (recogniser). */
int ddzo3_value(const ddzo3_table *t, const ddz_position3 *p);

/* Three-player strategy certificates (certify3.c; format in ddz/THREE_PLAYER.md): reads a
 * `ddz-strategy3 1` DAG and checks it with the recogniser's moves and the oracle's own rule of
 * turns: at each node of the winning side one legal play, at each node of the other side every
 * legal move listed, each leading to the position it makes, every game end a win of the winning
 * side, no cycle. An accepted certificate proves that the header's side wins its position. */
typedef struct {
    ddz_rules rules;
    ddz_position3 pos; /* the header's position */
    int winner;        /* the side it claims: 0 landlord, 1 farmers */
    size_t nodes, replies;
    int depth;
    unsigned long line;
    char message[320];
} ddzo3_cert_result;

/* Reads the certificate from f (to its end) and checks it; rules, when not NULL, must equal the
 * header's. res is always filled. */
ddzo_cert_status ddzo3_certify(FILE *f, const ddz_rules *rules, ddzo3_cert_result *res);

#ifdef __cplusplus
}
#endif
#endif
