/* The independent Dou Dizhu oracle: a move recogniser written from the README's definitions
 * and a retrograde win/lose table, sharing only the card model (model/) with the solvers. */
#ifndef DDZ_ORACLE_H
#define DDZ_ORACLE_H

#include <stddef.h>
#include <stdio.h>
#include "ddz_moves.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Every reading (type, main, len) the card multiset `cards` has under `rules`, each written
 * with cards = `cards`; forbidden types are left out; where one type reads the cards with
 * two mains only the higher counts (README, "Move notation"). Returns the number of readings
 * (at most DDZ_TYPES, never more than cap are written). */
size_t ddzo_readings(ddz_hand cards, const ddz_rules *rules, ddz_move *out, size_t cap);

/* The oracle's own comparison: m may be played on last (a pass as last: any move but a pass). */
int ddzo_beats(const ddz_move *m, const ddz_move *last);

/* Every move of `hand` against `last` (type DDZ_PASS: leading): every non-empty sub-multiset
 * of at most DDZ_MAX_HAND cards, each of its readings; answering, the pass first and then
 * those that beat last. Returns the count (the count it needed when cap is short).
 * Sub-multisets are enumerated one by one: meant for small hands (the oracle's universes). */
size_t ddzo_moves(ddz_hand hand, const ddz_move *last, const ddz_rules *rules, ddz_move *out, size_t cap);

/* The same list as ddzo_moves (same order), faster when answering: only sub-multisets of the
 * sizes that can beat `last` (its own card count, 4 for a bomb, 2 for the rocket) are read.
 * Precondition: last is a pass or a reading of its cards (as ddzo_readings writes them). */
size_t ddzo_answers(ddz_hand hand, const ddz_move *last, const ddz_rules *rules, ddz_move *out, size_t cap);

/* A retrograde universe: every pair of disjoint non-empty hands of at most max_cards cards
 * each, over the full deck or the reduced one (ranks 3..8 and both jokers). */
typedef enum { DDZO_DECK_FULL = 0, DDZO_DECK_SMALL } ddzo_deck;

typedef struct ddzo_table ddzo_table;

/* Builds the table bottom-up (by total cards), the positions of one total shared by the OpenMP
 * threads (omp_set_num_threads); NULL when out of memory or max_cards is out of 1..8. */
ddzo_table *ddzo_build(ddzo_deck deck, int max_cards, const ddz_rules *rules);
void ddzo_free(ddzo_table *t);
/* The hands of the universe (every hand of 1..max_cards cards of the deck). */
size_t ddzo_nhands(const ddzo_table *t);
ddz_hand ddzo_hand(const ddzo_table *t, size_t i);
/* Win (1) or loss (0) for `me` to move against `enemy` with `last` to beat (a pass: me leads);
 * -1 when the position is outside the universe. */
int ddzo_value(ddzo_table *t, ddz_hand me, ddz_hand enemy, const ddz_move *last);

/* The oracle's exhaustive search of one position (decide.c), for the small positions a
 * certificate leaves to the checker: the recogniser's moves, a depth-first search of every line,
 * and a memory of positions already decided (at most max_positions, at least 4; when a place is
 * wanted, the position with the fewest cards is forgotten).
 * Not for big hands: its time grows with every move of both hands. */
typedef struct ddzo_decider ddzo_decider;
typedef struct {
    unsigned long long calls;     /* ddzo_decide calls */
    unsigned long long positions; /* positions searched (not found in the memory) */
    unsigned long long forgotten; /* positions forgotten to make room */
    unsigned long long lead_hands; /* hands whose leading moves are kept now */
} ddzo_decide_stats;
ddzo_decider *ddzo_decider_new(const ddz_rules *rules, size_t max_positions);
void ddzo_decider_free(ddzo_decider *d);
/* 1: me, to move, wins against enemy with last to beat (a pass: me leads); 0: loses; -1: out of
 * memory. last is a pass or a reading of its cards. */
int ddzo_decide(ddzo_decider *d, ddz_hand me, ddz_hand enemy, const ddz_move *last);
ddzo_decide_stats ddzo_decider_stats(const ddzo_decider *d);

/* Strategy certificates (certify.c; format in ddz/README.md, "Strategy file format"): reads a
 * `ddz-strategy 1` tree or a `ddz-strategy 2` DAG (3: some positions marked `search`, decided by
 * ddzo_decide) and checks it with the recogniser's moves
 * only: every play legal, every legal answer of the opponent listed (and nothing else), every
 * reply leading to the position it makes, every final play emptying the winner's hand, no cycle.
 * An accepted certificate proves that `me` wins the header's position. */
typedef enum {
    DDZO_CERT_OK = 0,         /* certified */
    DDZO_CERT_REJECTED = 1,   /* readable, but the proof fails (line and message say where and why) */
    DDZO_CERT_UNREADABLE = 2  /* not a certificate: syntax, a truncated file, a bound passed, I/O, memory */
} ddzo_cert_status;

typedef struct {
    int version;             /* 1, 2 or 3 (0 before the first line was read) */
    ddz_rules rules;         /* the header's */
    ddz_hand me, enemy;      /* the header's position: me (the winner) to move, last to beat */
    ddz_move last;
    size_t nodes, replies;   /* checked (reachable) nodes and their reply lines */
    size_t searched;         /* of those nodes, version 3's left to the checker's search */
    unsigned long long search_positions; /* positions that search went through */
    int depth;               /* the most winner's plays on one line of play */
    unsigned long line;      /* the line of the problem (0: none, or the file as a whole) */
    char message[320];       /* one line: the reason, without the file name and line */
} ddzo_cert_result;

/* Bounds that keep garbage from hanging or exhausting the checker. */
#define DDZO_CERT_MAX_LINE 4096           /* bytes in one line, newline included */
#define DDZO_CERT_MAX_NODES 10000000u     /* nodes in one certificate */
#define DDZO_CERT_MAX_REPLIES 100000000u  /* reply lines in one certificate */
#define DDZO_CERT_SEARCH_MAX_CARDS 14     /* cards in the two hands of a version 3 `search` node */
#define DDZO_STR_(x) #x
#define DDZO_STR(x) DDZO_STR_(x)          /* a bound as text, for messages */
#define DDZO_CERT_SEARCH_MEMORY 16000000u /* positions the checker's search remembers */

/* Reads the certificate from f (to its end) and checks it. rules, when not NULL, must equal the
 * header's rules (else DDZO_CERT_REJECTED). res is always filled. */
ddzo_cert_status ddzo_certify(FILE *f, const ddz_rules *rules, ddzo_cert_result *res);

/* The same by hand index (ddzo_hand's numbering; hands sorted by their ddz_hand value), for
 * enumerating judges; safe to call from several threads at once (reads only). */
int ddzo_value_at(const ddzo_table *t, size_t me, size_t enemy, const ddz_move *last);
/* The index of hand h in the universe, -1 when it is not one of its hands. */
long ddzo_find(const ddzo_table *t, ddz_hand h);
/* Hand i's leading moves as the table holds them (ddzo_moves' set and order), *n their count. */
const ddz_move *ddzo_lead_moves(const ddzo_table *t, size_t i, size_t *n);

#ifdef __cplusplus
}
#endif
#endif
