/* Dou Dizhu moves as data: the types, a move's reading (type, main rank, shape) and the rule
 * options (kicker convention, forbidden types). Data and notation only: generating, comparing
 * and recognising moves live with their users (solvers/ generates, oracle/ recognises on its
 * own), so that the oracle shares nothing but this model with what it judges. */
#ifndef DDZ_MOVES_H
#define DDZ_MOVES_H

#include "ddz_cards.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    DDZ_PASS = 0,
    DDZ_SINGLE,            /* one card */
    DDZ_PAIR,              /* two of a rank */
    DDZ_TRIPLE,            /* three of a rank */
    DDZ_TRIPLE_SINGLE,     /* three of a rank + one kicker */
    DDZ_TRIPLE_PAIR,       /* three of a rank + a pair */
    DDZ_STRAIGHT,          /* len >= 5 consecutive singles within 3..A */
    DDZ_PAIR_STRAIGHT,     /* len >= 3 consecutive pairs within 3..A */
    DDZ_AIRPLANE,          /* len >= 2 consecutive triples within 3..A, no wings */
    DDZ_AIRPLANE_SINGLES,  /* len triples + len single wings */
    DDZ_AIRPLANE_PAIRS,    /* len triples + len pair wings */
    DDZ_FOUR_TWO_SINGLES,  /* four of a rank + two single kickers */
    DDZ_FOUR_TWO_PAIRS,    /* four of a rank + two pair kickers */
    DDZ_BOMB,              /* four of a rank */
    DDZ_ROCKET,            /* both jokers */
    DDZ_TYPES
} ddz_type;

/* One move: the cards it spends and how it reads. `main` is the rank that orders moves of the
 * same type and shape: the rank of the triple/four/pair/single, or the lowest rank of a chain.
 * `len` is the chain length in groups (1 for every non-chain type); type + len is the shape.
 * A pass has cards 0, main 0, len 0. */
typedef struct {
    ddz_hand cards;
    uint8_t type; /* ddz_type */
    uint8_t main;
    uint8_t len;
} ddz_move;

/* Kicker conventions (what kickers may be); the README's "Conventions" section defines each. */
typedef enum {
    DDZ_CONV_RLCARD = 0,  /* default: the rlcard toolkit's action space */
    DDZ_CONV_DOUZERO,     /* DouZero's move generator */
    DDZ_CONVENTIONS
} ddz_convention;

typedef struct {
    ddz_convention convention;
    unsigned forbidden; /* bit (1u << type) set: that type may not be played */
} ddz_rules;

/* A total order on moves (cards, then type, main, len), for qsort: equal only for the same move.
 * Lets a judge sort two move lists and compare them as sets. */
int ddz_move_compare(const void *a, const void *b);

/* Stable lower-case names: "single", "pair", "triple", "triple1", "triple2", "straight",
 * "pairs" (pair straight), "plane", "plane1", "plane2", "four2", "four22", "bomb", "rocket",
 * "pass". */
const char *ddz_type_name(ddz_type t);
/* Convention names: "rlcard", "douzero". */
const char *ddz_convention_name(ddz_convention c);
/* Parses "rlcard", "douzero", optionally followed by comma-separated switches
 * "no-triple1", "no-triple2", "no-plane1", "no-plane2", "no-four2", "no-four22" (any type
 * name after "no-"); "" means the default (rlcard, nothing forbidden). */
ddz_status ddz_parse_rules(const char *text, ddz_rules *out, ddz_error *err);
/* Writes the rules back in the form ddz_parse_rules reads. */
size_t ddz_format_rules(const ddz_rules *r, char *buf, size_t cap);

/* Move notation, used by the CLI, --last, the strategy files and the certificate checker:
 * "pass", or the cards ("33", "345678"), or TYPE:CARDS ("plane1:33344456") where the cards
 * alone could be read more than one way. ddz_format_move always writes TYPE:CARDS
 * (and "pass"); parsing TYPE:CARDS only splits the text: whether the cards really form that
 * type is for the move generator (or the recogniser) to say.
 * One reading per type: TYPE:CARDS always names one move, since a type's length follows from
 * the card count, and where one type could read the same cards with two mains (under douzero,
 * an airplane with single wings whose wings hold three of the rank just above the chain:
 * 333444555+666X is also 444555666+333X) the move is the higher main. The lower reading never
 * matters (every answer to the higher one answers the lower one too), so it is not a move. */
size_t ddz_format_move(const ddz_move *m, char *buf, size_t cap);
/* Splits a move text into its type (DDZ_TYPES when none was named) and cards. */
ddz_status ddz_parse_move_text(const char *text, ddz_type *type, ddz_hand *cards, ddz_error *err);

#ifdef __cplusplus
}
#endif
#endif
